//! The values of a kernel's parameters when the kernel starts: scalars
//! (uniform unknowns of their C type), pointers and arrays (arrays of their
//! own, or into an earlier parameter's array when a launch passes them
//! overlapping), and structs.

use super::*;

/// The kernel's parameters and what the launches and the options say of
/// them: set up before the body runs (`Infer::kernel` and the builder
/// methods), read when a parameter is used, and turned into assumptions
/// when the kernel is done.
#[derive(Default)]
pub(super) struct ParamState {
    /// `blockIdx` differs between the two threads (`--grid-level`).
    pub(super) grid_level: bool,
    /// `--large-params`: no bound on the magnitude of integer parameters.
    pub(super) large_params: bool,
    /// Parameters whose value `--param` fixes.
    pub(super) fixed: BTreeMap<String, u64>,
    /// Template and scalar parameters (keys) with a known constant value
    /// (the kernel's launches agree on it).
    pub(super) constants: BTreeMap<String, i128>,
    /// Pointer parameters (by key) launched pointing into an earlier
    /// parameter's array (`launches::aliases`).
    pub(super) aliases: BTreeMap<String, crate::cuda::launches::Alias>,
    /// Pointer parameters (by key) every launch passes null (`true`) or
    /// not null, with the note that says where (`launches::null_pointers`).
    pub(super) nullness: BTreeMap<String, (bool, String)>,
    /// What the host code states at each launch (`host_facts.rs`).
    pub(super) host: Vec<crate::cuda::host_facts::LaunchFacts>,
    /// Signed parameters (keys) an assumption keeps non-negative.
    pub(super) nonnegative: BTreeSet<String>,
    /// Names of the record (struct) kernel parameters: their fields are
    /// thread-global.  Fields of other records are thread-local unknowns.
    pub(super) records: BTreeSet<String>,
    /// Copies of kernel-parameter structs (`Infer::copy_record`): the
    /// copy's prefix and the parameter path it copies.
    pub(super) copies: BTreeMap<String, String>,
    /// The launch value of each field of a kernel-parameter struct read so
    /// far (by path), shared by the parameter and its copies.
    pub(super) fields: BTreeMap<String, Val>,
    /// The launch value of each integer scalar kernel parameter (by key),
    /// and the protocol variables of those values (`values.rs`).
    pub(super) initial: BTreeMap<String, Val>,
    pub(super) vars: BTreeSet<String>,
    /// The parameters assumed smaller than 2^31 in magnitude (C name and
    /// the protocol variables of their parts).
    pub(super) small: Vec<(String, Vec<String>)>,
    /// The protocol variables of the integer parameters (`n` and `n_neg`
    /// of a signed one), bounded by their C type.
    pub(super) typed: Vec<String>,
    /// The two parts of each signed integer parameter, `(n, n_neg)`.
    pub(super) signed: Vec<(String, String)>,
}

impl Infer<'_> {
    /// The value of pointer parameter `p` that a launch passes into the
    /// array of an earlier one: a pointer into that array at the agreed
    /// offset (else a uniform unknown one); with elements of another
    /// size, a pointer nothing locates.
    pub(super) fn aliased_param(
        &mut self,
        p: &VarDecl,
        earlier: Option<&VarDecl>,
        alias: &crate::cuda::launches::Alias,
    ) -> Val {
        let same_size =
            earlier.is_some_and(|e| e.elem_bytes.is_some() && e.elem_bytes == p.elem_bytes);
        match (self.values.env.get(&alias.of).cloned(), same_size) {
            (Some(Val::Ptr { arr, fixed, off }), true) if fixed.is_empty() => {
                let by = match alias.offset {
                    Some(o) => Lin::int(o),
                    // Reports name it by what it is, as any value
                    // mapcheck does not compute (`Encoding::uniform_unknowns`).
                    None => {
                        let of = earlier.map_or("another parameter", |e| e.name.as_str());
                        let why = format!("the offset of `{}` into `{of}`, which a launch passes it overlapping", p.name);
                        match self.uniform_unknown(Some(IntTy::INT), UnknownCause::Other(why), p.span) {
                            Val::Int(l) => l,
                            _ => return Val::Bad(format!("the offset of `{}`", p.name)),
                        }
                    }
                };
                Val::Ptr {
                    arr,
                    fixed,
                    off: off.add(&by),
                }
            }
            _ => Val::Bad(format!(
                "`{}`, which a launch passes overlapping another parameter with elements of another size",
                p.name
            )),
        }
    }

    /// A pointer or array parameter's value `v` is a pointer the host
    /// gives, which may be null (`nullness.rs`); one a launch passes into
    /// an earlier parameter's array shares that array's nullness tests.
    pub(super) fn note_param_pointer(&mut self, p: &VarDecl, v: &Val) {
        if matches!(p.shape, Shape::Pointer | Shape::Array(_)) {
            self.host_given_pointer(v);
            if self.params.aliases.contains_key(&p.key) {
                self.shared_pointer(v);
            }
            if let Some((null, note)) = self.params.nullness.get(&p.key).cloned() {
                self.launched_null(v, null, note);
            }
        }
    }

    /// `--large-params`: integer parameters may be 2^31 or more.
    pub(super) fn param_value(&mut self, p: &VarDecl) -> Val {
        match &p.shape {
            Shape::Pointer => ptr(&p.name, 1, true),
            Shape::Array(r) => {
                self.memory.sizes.insert(p.name.clone(), p.sizes.clone());
                ptr(&p.name, *r, true)
            }
            // A signed parameter may be negative: `n − n_neg`.
            Shape::Scalar => {
                self.values.var_types.insert(p.key.clone(), p.ty);
                let ty = match p.ty {
                    // `__requires(n >= 0)`: as if unsigned, below the same maximum.
                    Some(t) if self.params.nonnegative.contains(&p.key) => Some(IntTy {
                        bits: t.bits - u32::from(t.signed),
                        signed: false,
                    }),
                    t => t,
                };
                let v = self.uniform_value(&p.name, ty);
                self.bound_param(&p.name, &v, ty);
                Val::Int(v)
            }
            Shape::Record => {
                self.params.records.insert(p.name.clone());
                Val::Rec {
                    prefix: p.name.clone(),
                    memory: Memory::Local,
                }
            }
            Shape::Reference => Val::Bad(format!("reference parameter `{}` of a kernel", p.name)),
            Shape::Unsupported(why) => Val::Bad(why.clone()),
        }
    }
}

//! The values of a kernel's parameters when the kernel starts: scalars
//! (uniform unknowns of their C type), pointers and arrays (arrays of their
//! own, or into an earlier parameter's array when a launch passes them
//! overlapping), and structs.

use super::*;

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
        match (self.env.get(&alias.of).cloned(), same_size) {
            (Some(Val::Ptr { arr, fixed, off }), true) if fixed.is_empty() => {
                let by = match alias.offset {
                    Some(o) => Lin::int(o),
                    None => self.uniform_value(&format!("{}_offset", p.name), Some(IntTy::INT)),
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

    /// `--large-params`: integer parameters may be 2^31 or more.
    pub(super) fn param_value(&mut self, p: &VarDecl) -> Val {
        match &p.shape {
            Shape::Pointer => ptr(&p.name, 1, true),
            Shape::Array(r) => {
                self.sizes.insert(p.name.clone(), p.sizes.clone());
                ptr(&p.name, *r, true)
            }
            // A signed parameter may be negative: `n − n_neg`.
            Shape::Scalar => {
                self.var_types.insert(p.key.clone(), p.ty);
                let ty = match p.ty {
                    // `__requires(n >= 0)`: as if unsigned, below the same maximum.
                    Some(t) if self.nonnegative.contains(&p.key) => Some(IntTy {
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
                self.param_records.insert(p.name.clone());
                Val::Rec {
                    prefix: p.name.clone(),
                    memory: Memory::Local,
                }
            }
            Shape::Reference => Val::Bad(format!("reference parameter `{}` of a kernel", p.name)),
            Shape::Unsupported(why) => Val::Bad(why.clone()),
        }
    }

    /// States that the arrays of `host_pointers` the kernel accesses are
    /// distinct from each other and from the `pointer_params` pointer
    /// parameters (the pointer parameters' own assumption is printed by
    /// `launches`).
    pub(super) fn assume_distinct_host_pointers(&mut self, pointer_params: usize) {
        let used: Vec<String> = self
            .host_pointers
            .iter()
            .filter(|a| super::uniform_reads::accesses_in(&self.out.body, a, &[Mode::Rd, Mode::Wr]))
            .map(|a| format!("`{a}`"))
            .collect();
        if !used.is_empty() && used.len() + pointer_params >= 2 {
            self.out.notes.push(format!(
                "the pointers the host passes in struct parameters or sets in file-scope pointer variables ({}) point to distinct arrays that do not overlap each other or the pointer parameters",
                used.join(", ")
            ));
        }
    }
}

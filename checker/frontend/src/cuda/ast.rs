//! The front end's own small C syntax tree, converted from libclang cursors
//! (see `convert/`).  Owning it keeps the inference free of FFI and lets
//! tests build kernels by hand.

use semantics::surface::Span;

#[derive(Clone, Debug)]
pub struct E {
    pub kind: EK,
    pub span: Span,
    /// Its C type, when that is an integer type (not `bool`): what wraps
    /// and how a conversion changes the value (see `infer::integers`).
    pub ty: Option<IntTy>,
}

/// A C integer type: its width in bits and whether it is signed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntTy {
    pub bits: u32,
    pub signed: bool,
}

impl IntTy {
    pub const INT: IntTy = IntTy {
        bits: 32,
        signed: true,
    };
    pub const UINT: IntTy = IntTy {
        bits: 32,
        signed: false,
    };
    /// The smallest and largest value of the type.
    pub fn range(self) -> (i128, i128) {
        let bits = self.bits.min(127);
        if self.signed {
            (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
        } else {
            (0, (1i128 << bits) - 1)
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    LAnd,
    LOr,
    Comma,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Plus,
    BitNot,
    LNot,
    Deref,
    AddrOf,
}

/// What a name refers to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefKind {
    /// A local variable or a parameter (of the kernel or an inlined function).
    Local,
    /// A file-scope variable.
    Global,
    /// A non-type template parameter: a symbolic constant.
    TemplateParam,
    Function,
    Other,
}

#[derive(Clone, Debug)]
pub enum EK {
    Int(i128),
    /// A floating-point (or otherwise non-integer) literal, with its value
    /// (as a `double`) when it is a floating-point one.
    Float(Option<f64>),
    /// A named entity: its name, its declaration key (unique), what it is.
    Var(String, String, RefKind),
    /// `threadIdx.x`, `blockDim.y`, …
    Builtin(String),
    /// `base.field`, with the field's shape.
    Member(Box<E>, String, Shape),
    Bin(BinOp, Box<E>, Box<E>),
    /// `a = b` (`None`) or `a op= b`.
    Assign(Option<BinOp>, Box<E>, Box<E>),
    Un(UnOp, Box<E>),
    IncDec {
        pre: bool,
        inc: bool,
        e: Box<E>,
    },
    Index(Box<E>, Box<E>),
    /// A call and its arguments (without the object of a method call).
    Call(Callee, Vec<E>),
    Cond(Box<E>, Box<E>, Box<E>),
    /// A conversion between integer types (explicit or implicit) to the
    /// type of the node (`E::ty`).
    Cast(Box<E>),
    /// A pointer reinterpreted as a pointer to elements of another size
    /// (`(char *)v`, `(int *)shorts`): the operand, the size in bytes of
    /// the elements it points to, and the size and alignment of the new
    /// ones (`infer/views.rs`).
    Reinterpret(Box<E>, u64, u64, u64),
    /// An expression the front end does not model, with its sub-expressions.
    Unknown(String, Vec<E>),
    /// An expression that holds statements or declarations the front end
    /// does not see (a GNU statement expression `({ … })`, an object whose
    /// destructor is the user's), with why: unsupported, and it may read
    /// and write every array.
    Opaque(String),
}

/// The function a call invokes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Callee {
    pub name: String,
    /// The key of its definition, when it has a body.
    pub key: Option<String>,
    /// Declared by a system header or mapcheck's CUDA headers (the CUDA API,
    /// the C library), not by the user: it touches memory only through its
    /// pointer arguments.  A call of anything else without a body (extern
    /// functions, function pointers, functors, methods) may write any memory.
    pub library: bool,
    /// A free function or a constructor (not a method, a function pointer,
    /// a functor or a lambda): without a body, it reaches only file-scope
    /// memory and what its pointer arguments point to.
    pub free: bool,
    /// A constructor (`free` too): without a body it still initializes
    /// its object, so it is not a call that touches only file-scope memory.
    pub constructor: bool,
    /// An argument is a struct holding a pointer (or a reference): a
    /// function without a body may reach what it points to.
    pub struct_pointers: bool,
    /// For a function template specialization, the value of each integral
    /// template parameter (by its declaration key).
    pub template_args: Vec<(String, i128)>,
    /// For a function template specialization, every template argument as
    /// C++ text (`instantiate.rs` maps it to the instance's copy).
    pub arguments: Vec<Option<String>>,
    /// For a surface read or write of the CUDA headers (`surf2Dwrite` …),
    /// the size in bytes of the element it moves (`None`: not a surface
    /// function, or the size is unknown).
    pub surface_bytes: Option<u64>,
    /// A defaulted copy or move constructor whose members copy without
    /// user code (passing a struct by value): the copy is its argument.
    pub copies_members: bool,
    /// A call through a function pointer: the declaration key of the
    /// variable or parameter holding it.
    pub pointer: Option<String>,
    /// A call through a function pointer (or another callable value that
    /// is not a function, method or functor): the canonical type of the
    /// function it calls.
    pub signature: Option<String>,
    /// For `memcpy`, `memmove` and `memset`: the size in bytes of what
    /// each argument points to, as its type says before the conversion
    /// to `void *` (`None`: not a pointer, or of unknown size).
    pub pointee_bytes: Vec<Option<u64>>,
    /// A kernel launched from device code (dynamic parallelism): the call
    /// is the launch, not a call of the kernel's body.  Boxed: rare, and
    /// every expression holds a `Callee`'s room.
    pub launch: Option<Box<DeviceLaunch>>,
}

/// A launch `child<<<grid, block, shared, stream>>>(args)` in device code
/// (`clang/device_launch.rs`), as a [`Callee`]: the call's arguments are
/// the `config` values of the configuration, then the kernel's arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceLaunch {
    /// The launched kernel as written (`ns::child<float>`).
    pub written: String,
    /// Its name as a [`Func`]'s starts (`child`).
    pub kernel: String,
    /// How many leading arguments are the configuration's.
    pub config: usize,
}

impl Callee {
    /// A call of `name` and nothing more: no template arguments, not a
    /// surface function, a copy constructor or a call through a pointer.
    pub fn named(name: &str, key: Option<String>, library: bool, free: bool) -> Callee {
        Callee {
            name: name.into(),
            key,
            library,
            free,
            constructor: false,
            struct_pointers: false,
            template_args: vec![],
            arguments: vec![],
            surface_bytes: None,
            copies_members: false,
            pointer: None,
            signature: None,
            pointee_bytes: vec![],
            launch: None,
        }
    }
}

#[derive(Clone, Debug)]
pub struct S {
    pub kind: SK,
    pub span: Span,
}

// Statements hold their expressions inline (a `for` header has two): the
// tree is built once per file, so the size of a node does not matter.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub enum SK {
    Decl(Vec<VarDecl>),
    Expr(E),
    Block(Vec<S>),
    If(E, Box<S>, Option<Box<S>>),
    For {
        init: Option<Box<S>>,
        cond: Option<E>,
        inc: Option<E>,
        body: Box<S>,
    },
    While(E, Box<S>),
    Do(Box<S>, E),
    Switch(E, Box<S>),
    /// `case v:` (`Some`) or `default:` (`None`), with the statement it labels.
    Case(Option<E>, Box<S>),
    Break,
    Continue,
    Return(Option<E>),
    Null,
    /// `goto L` (only until `convert::gotos` rewrites it).
    Goto(String),
    /// `L: s` (only until `convert::gotos` drops it).
    Label(String, Box<S>),
    Unknown(UnmodelledStmt),
}

/// A statement the converter does not model: what it is, for the report,
/// and what it may do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnmodelledStmt {
    pub what: String,
    pub reach: Reach,
}

/// What an unmodelled statement may do.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Change control flow only (`goto`, a `for` header the converter
    /// cannot place).
    ControlFlow,
    /// Read and write any array (inline assembly, a declaration or a
    /// condition's declaration whose code is not modelled).
    AnyMemory,
}

impl UnmodelledStmt {
    /// A statement that changes control flow only.
    pub fn control(what: impl Into<String>) -> SK {
        SK::Unknown(UnmodelledStmt {
            what: what.into(),
            reach: Reach::ControlFlow,
        })
    }

    /// A statement that may read and write any array.
    pub fn memory(what: impl Into<String>) -> SK {
        SK::Unknown(UnmodelledStmt {
            what: what.into(),
            reach: Reach::AnyMemory,
        })
    }
}

/// The shape of a declared variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    Scalar,
    /// A pointer to scalars (a pointer to pointers is `Unsupported`).
    Pointer,
    /// An array with this many dimensions.
    Array(usize),
    Record,
    Reference,
    Unsupported(String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Memory {
    /// A kernel-local variable (registers / thread-private).
    Local,
    Shared,
    /// `__device__` global memory.
    Device,
    Constant,
}

#[derive(Clone, Debug)]
pub struct VarDecl {
    pub name: String,
    pub key: String,
    pub shape: Shape,
    pub memory: Memory,
    /// Its C type, when an integer type.
    pub ty: Option<IntTy>,
    /// For an array, the length of each dimension when constant (a
    /// parameter `float (*m)[16]` has `[None, Some(16)]`).
    pub sizes: Vec<Option<u64>>,
    /// For an array, the size in bytes of its elements, when known.
    pub elem_bytes: Option<u64>,
    pub init: Option<E>,
    pub span: Span,
    /// A reference to `const` (`const float4 &v`): nothing is written
    /// through it, so bound to a temporary it is that temporary's value.
    pub read_only: bool,
    /// A reference to a value that is no record nor array (`const int &n`,
    /// `bool &b`): nothing but the variable itself can be changed through
    /// it (no field, no element).
    pub to_scalar: bool,
    /// The file it is declared in (`None`: the main file, or not known).
    pub file: Option<std::path::PathBuf>,
}

#[derive(Clone, Debug)]
pub struct Func {
    pub name: String,
    pub key: String,
    pub params: Vec<VarDecl>,
    pub body: S,
    pub is_kernel: bool,
    pub span: Span,
    /// Declared in the file being checked (not in an included header).
    pub in_main_file: bool,
    /// Declared by a system header or mapcheck's CUDA headers.
    pub library: bool,
    /// The file it is written in.
    pub file: Option<std::path::PathBuf>,
    /// Where its definition starts in that file (bytes).
    pub offset: u32,
    /// For a function a plain function pointer may point to (a free
    /// function or a static method, not a kernel, nor declared
    /// `__host__` only): its canonical type, e.g. `int (int, float)`.
    pub signature: Option<String>,
}

/// Where a field lies in its record, in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldLayout {
    pub record: u64,
    pub offset: u64,
    pub size: u64,
}

/// A translation unit: function definitions and file-scope variables.
#[derive(Clone, Debug, Default)]
pub struct Unit {
    pub funcs: Vec<Func>,
    pub globals: Vec<VarDecl>,
    /// The kernel launches `k<<<grid, block, shmem>>>(…)` of the host code.
    pub launches: Vec<Launch>,
    /// The functions named other than as the kernel of a launch
    /// (`launches::Escapes`): kernels launched in ways not seen.
    pub escaped: std::collections::BTreeSet<String>,
    /// Kernels mentioned in code clang could not compile (`mentions.rs`):
    /// like the `escaped` ones, their launches fix nothing.
    pub lost_mentions: Vec<super::mentions::LostMention>,
    /// The layout of the field each member expression names, by the
    /// expression's location: the record's size, the field's offset and
    /// its size, in bytes (`None`: unknown, or two member expressions at
    /// one location disagree).
    pub field_layouts: std::collections::BTreeMap<[u32; 4], Option<FieldLayout>>,
    /// The explicit instantiations `template __global__ void k<32>(…);` of
    /// template kernels (launches without dimensions or arguments).
    pub instantiations: Vec<Launch>,
    /// The copies of template instances (`instantiate.rs`): the
    /// template's key, its arguments, and the copy's key.
    pub instances: Vec<(String, Vec<String>, String)>,
    /// The element sizes of the `extern __shared__` arrays (all of them
    /// are the same memory): more than one means indices of one view are
    /// not indices of another.
    pub dynamic_shared_sizes: std::collections::BTreeSet<Option<u64>>,
    /// The dimensions after the first of the `extern __shared__` arrays
    /// (empty for `a[]`, `[32]` for `b[][32]`): more than one shape means
    /// that an index of one is not an index of another.
    pub dynamic_shared_shapes: std::collections::BTreeSet<Vec<Option<u64>>>,
    /// The name the user wrote for each `extern __shared__` declaration
    /// (by its key): the protocol calls them all `DYNAMIC_SHARED`, a
    /// report by these names (`Encoding::array_names`).
    pub dynamic_shared_names: std::collections::BTreeMap<String, String>,
    /// Why a function pointer may reach a function that is not among
    /// `funcs` with its signature (a function template's instance, a
    /// lambda): `None` when every function it may call is there.
    pub hidden_targets: Option<String>,
    /// The C type of each function parameter as clang spells it (`const
    /// float *`), by the parameter's key.
    pub param_types: std::collections::BTreeMap<String, String>,
}

/// A kernel launch in the host code and what it fixes (each value `None`
/// when it is not a compile-time constant).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Launch {
    /// The key of the launched kernel's definition (its template's, for a
    /// template kernel).
    pub kernel: String,
    pub grid: [Option<u64>; 3],
    pub block: [Option<u64>; 3],
    /// Bytes of dynamic shared memory.
    pub shared_bytes: Option<u64>,
    /// The template arguments, by the template parameter's key.
    pub template: Vec<(String, i128)>,
    /// Every template argument as C++ text (a type, a value), in order;
    /// `None` where it has none (see `instantiate.rs`).
    pub arguments: Vec<Option<String>>,
    /// Each argument's value when it is an integer constant.
    pub args: Vec<Option<i128>>,
    /// Each argument's host storage when it is a pointer that host code
    /// shows, in each calling context of the launch
    /// (`host_contexts::pointer_contexts`: through host wrappers).
    pub pointers: Vec<super::host_contexts::Context>,
    /// What the host code says of the dimensions and integer arguments,
    /// and the checks that hold at the launch (`host_facts.rs`).
    pub facts: Vec<super::host_facts::HostFact>,
    /// The host function the launch is written in (its file and extent),
    /// whose compile errors withhold `facts` ([`super::partial::withhold_facts`]).
    pub host_fn: Option<(Option<std::path::PathBuf>, Span)>,
    /// Why `facts` were withheld (an error in the host function), if they were.
    pub facts_withheld: Option<String>,
    /// Where the launch is (file, line, column).
    pub file: Option<std::path::PathBuf>,
    pub span: Span,
}

impl Unit {
    pub fn func(&self, key: &str) -> Option<&Func> {
        self.funcs.iter().find(|f| f.key == key)
    }
    /// The functions a call through a pointer to functions of type `sig`
    /// (`Func::signature`) may reach: every function when the type is not
    /// known.
    pub fn functions_of_type<'u>(&'u self, sig: Option<&'u str>) -> impl Iterator<Item = &'u Func> {
        self.funcs
            .iter()
            .filter(move |f| sig.is_none_or(|s| f.signature.as_deref() == Some(s)))
    }
    /// The function a call runs: the copy of the template instance it
    /// names when there is one, else its definition.
    pub fn callee(&self, key: &str, arguments: &[Option<String>]) -> Option<&Func> {
        let copy = self.instances.iter().find(|(t, args, _)| {
            t == key
                && args.len() == arguments.len()
                && args
                    .iter()
                    .zip(arguments)
                    .all(|(a, b)| Some(a) == b.as_ref())
        });
        match copy {
            Some((_, _, k)) => self.func(k),
            None => self.func(key),
        }
    }
}

impl E {
    pub fn new(kind: EK, span: Span) -> E {
        E {
            kind,
            span,
            ty: None,
        }
    }
    pub fn typed(kind: EK, span: Span, ty: Option<IntTy>) -> E {
        E { kind, span, ty }
    }
}

//! Declarations: the unit's function definitions (free functions,
//! methods with their object as `this`, templates) and file-scope
//! variables, as the front end's [`Func`] and [`VarDecl`].

use super::*;

impl Converter<'_> {
    /// Every function definition and file-scope variable of the unit.
    pub fn unit(&self) -> Unit {
        let mut unit = Unit::default();
        self.scope(self.tu.root(), &mut unit);
        launches_in(self.tu.root(), &mut unit, 0);
        unit.instantiations =
            crate::cuda::launches::explicit_instantiations(self.tu, &self.templates.borrow());
        unit.dynamic_shared_sizes = self.dynamic_shared_sizes.take();
        unit.dynamic_shared_shapes = self.dynamic_shared_shapes.take();
        unit.dynamic_shared_names = self.dynamic_shared_names.take();
        unit.field_layouts = self.field_layouts.take();
        // A lambda converted to a function pointer where clang shows the
        // conversion as a call (`g = [](int) { return 0; };`, `return
        // [](int) {…};`) is not converted as an expression: look for one
        // anywhere in the user's code.
        if self
            .tu
            .root()
            .children()
            .iter()
            .any(|d| !d.in_library() && holds_lambda(*d))
        {
            self.hide_targets("a lambda expression");
        }
        unit.hidden_targets = self.hidden_targets.take();
        unit.param_types = self.param_types.take();
        launched_in_device_code(self.tu, &mut unit);
        unit
    }

    fn scope(&self, c: Cursor, unit: &mut Unit) {
        for d in c.children() {
            match d.kind() {
                CXCursor_Namespace | CXCursor_LinkageSpec => self.scope(d, unit),
                CXCursor_StructDecl
                | CXCursor_ClassDecl
                | CXCursor_ClassTemplate
                | CXCursor_ClassTemplatePartialSpecialization
                    if !d.in_library() || is_cooperative_group(d) || written_for_front_end(d) =>
                {
                    self.methods(d, unit, 0)
                }
                // A constructor defined outside its class (`S::S(…) : … {}`).
                CXCursor_Constructor if d.is_definition() && !d.in_library() => {
                    if let Some(f) = self.func(d) {
                        unit.funcs.push(f);
                    }
                }
                CXCursor_FunctionDecl | CXCursor_FunctionTemplate if d.is_definition() => {
                    if !d.in_library() && d.kind() == CXCursor_FunctionTemplate {
                        self.templates.borrow_mut().push(d);
                        if !d.has_attr(CXCursor_CUDAGlobalAttr) {
                            self.hide_targets("a function template");
                        }
                    }
                    if let Some(f) = self.func(d) {
                        unit.funcs.push(f);
                    }
                }
                // The CUDA built-ins and library globals are not the user's
                // memory (`threadIdx`, `warpSize`, …).
                CXCursor_VarDecl if d.in_library() => {}
                // Its uses are its value (`decl_ref`).
                CXCursor_VarDecl if integral_constant(d).is_some() => {}
                CXCursor_VarDecl => unit.globals.push(self.var_decl(d)),
                // A variable template in CUDA memory (`template <class T>
                // __constant__ T mask[16];`): its specializations are one
                // variable here (one key), as if they were one array.
                CXCursor_UnexposedDecl
                    if cuda_variable_template(d)
                        && !d.in_library()
                        && !unit.globals.iter().any(|g| g.key == d.decl_key()) =>
                {
                    unit.globals.push(self.var_decl(d))
                }
                _ => {}
            }
        }
    }

    /// The methods defined in a class (and its nested classes): inlined
    /// like free functions, an instance method with its object as the
    /// parameter `this` (`this_parameter`); a constructor with the object
    /// it builds as `this`, its body preceded by the initialisation of the
    /// fields (`constructors.rs`).
    fn methods(&self, class: Cursor, unit: &mut Unit, depth: usize) {
        if depth > 8 {
            return;
        }
        for m in class.children() {
            match m.kind() {
                CXCursor_CXXMethod
                | CXCursor_ConversionFunction
                | CXCursor_FunctionTemplate
                | CXCursor_Constructor
                    if m.is_definition() =>
                {
                    // (The templates of mapcheck's cooperative groups are
                    // constructors and collectives no pointer reaches.)
                    if m.kind() == CXCursor_FunctionTemplate && !is_cooperative_group(class) {
                        self.hide_targets("a function template");
                    }
                    if let Some(f) = self.func(m) {
                        unit.funcs.push(f);
                    }
                }
                CXCursor_StructDecl | CXCursor_ClassDecl | CXCursor_ClassTemplate => {
                    self.methods(m, unit, depth + 1)
                }
                // A friend function defined in the class (`friend int f(S
                // s) { … }`) is a free function with its body here.
                CXCursor_FriendDecl => {
                    for f in m.children() {
                        if matches!(f.kind(), CXCursor_FunctionDecl | CXCursor_FunctionTemplate)
                            && f.is_definition()
                        {
                            if f.kind() == CXCursor_FunctionTemplate {
                                self.hide_targets("a function template");
                            }
                            if let Some(f) = self.func(f) {
                                unit.funcs.push(f);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// Notes that a function pointer may reach a function without a
    /// signature in the unit (`what`).
    pub(super) fn hide_targets(&self, what: &str) {
        self.hidden_targets
            .borrow_mut()
            .get_or_insert_with(|| what.to_string());
    }

    fn func(&self, c: Cursor) -> Option<Func> {
        let children = c.children();
        let body = children
            .iter()
            .find(|k| k.kind() == CXCursor_CompoundStmt)?;
        let params = children
            .iter()
            .filter(|k| k.kind() == CXCursor_ParmDecl)
            .map(|p| {
                let mut d = self.var_decl(*p);
                self.param_types
                    .borrow_mut()
                    .insert(d.key.clone(), p.ty().spelling());
                // `float (*m)[16]`: a parameter pointing to rows is an
                // array with one more dimension (a local one is an alias
                // and keeps the value of its initialiser instead).
                let t = p.ty();
                if t.is_pointer() && t.pointee().is_array() {
                    let mut e = t.pointee();
                    while e.is_array() {
                        e = e.element();
                    }
                    if !e.is_pointer() {
                        d.shape = Shape::Array(1 + t.pointee().array_rank());
                        d.sizes = std::iter::once(None)
                            .chain(t.pointee().array_sizes())
                            .collect();
                    }
                }
                d
            })
            .collect();
        let mut params: Vec<VarDecl> = params;
        let constructor = c.kind() == CXCursor_Constructor;
        if c.is_instance_method() || constructor {
            params.insert(0, this_parameter(c));
        }
        let mut body = self.stmt(*body);
        if constructor {
            let mut stmts = self.member_initialisers(c);
            if !stmts.is_empty() {
                let span = body.span;
                stmts.push(body);
                body = S {
                    kind: SK::Block(stmts),
                    span,
                };
            }
        }
        Some(Func {
            name: c.spelling(),
            key: c.decl_key(),
            params,
            body: super::gotos::eliminate(body),
            is_kernel: c.has_attr(CXCursor_CUDAGlobalAttr),
            span: c.span(),
            in_main_file: c.in_main_file(),
            library: c.in_library(),
            file: c.file(),
            offset: c.start_offset(),
            signature: pointer_target_signature(c),
        })
    }

    pub fn var_decl(&self, c: Cursor) -> VarDecl {
        let memory = if c.has_attr(CXCursor_CUDASharedAttr) {
            Memory::Shared
        } else if c.has_attr(CXCursor_CUDAConstantAttr) {
            Memory::Constant
        } else if c.has_attr(CXCursor_CUDADeviceAttr) {
            Memory::Device
        } else if c.is_static() && c.semantic_parent().kind() != CXCursor_TranslationUnit {
            // A `static` local is one variable for every thread.
            Memory::Device
        } else {
            Memory::Local
        };
        // Every `extern __shared__` array is the same dynamic shared
        // memory: they alias, so they are one array (by name; each
        // declaration keeps its key, the view of its element type).
        let dynamic = memory == Memory::Shared && c.is_extern();
        if dynamic {
            self.dynamic_shared_sizes
                .borrow_mut()
                .insert(elem_bytes(c.ty()));
            let sizes = c.ty().array_sizes();
            self.dynamic_shared_shapes
                .borrow_mut()
                .insert(sizes.get(1..).unwrap_or_default().to_vec());
            self.dynamic_shared_names
                .borrow_mut()
                .insert(c.decl_key(), c.spelling());
        }
        let (name, key) = if dynamic {
            (DYNAMIC_SHARED.to_string(), c.decl_key())
        } else {
            (c.spelling(), c.decl_key())
        };
        VarDecl {
            name,
            key,
            shape: shape(c),
            memory,
            ty: c.ty().int_type(),
            sizes: c.ty().array_sizes(),
            elem_bytes: elem_bytes(c.ty()),
            init: c.var_init().map(|i| self.expr(i)),
            span: c.span(),
            read_only: c.ty().is_reference() && c.ty().pointee().is_const(),
            to_scalar: c.ty().is_reference() && {
                // Known to be a scalar: a dependent type may be a record.
                let t = c.ty().pointee().canonical();
                t.int_type().is_some() || t.is_bool() || t.is_floating() || t.is_pointer()
            },
            file: c.file(),
        }
    }
}

/// The canonical type of a function a plain function pointer may point
/// to: a free function or a static method that is not a kernel and not
/// declared `__host__` only.
fn pointer_target_signature(c: Cursor) -> Option<String> {
    let free = match c.kind() {
        CXCursor_FunctionDecl => true,
        CXCursor_CXXMethod => unsafe { clang_CXXMethod_isStatic(c.0) != 0 },
        _ => false,
    };
    let host_only = c.has_attr(CXCursor_CUDAHostAttr) && !c.has_attr(CXCursor_CUDADeviceAttr);
    if !free || host_only || c.has_attr(CXCursor_CUDAGlobalAttr) {
        return None;
    }
    c.ty().function_signature()
}

/// The object of instance method `m` as its first parameter: a
/// reference (to `const` in a `const` method).
fn this_parameter(m: Cursor) -> VarDecl {
    VarDecl {
        name: THIS.into(),
        key: THIS.into(),
        shape: Shape::Reference,
        memory: Memory::Local,
        ty: None,
        sizes: vec![],
        elem_bytes: None,
        init: None,
        span: m.span(),
        read_only: unsafe { clang_CXXMethod_isConst(m.0) != 0 },
        to_scalar: false,
        file: None,
    }
}

/// A class of cooperative groups as mapcheck's own CUDA headers define it
/// (`thread_block`, `thread_block_tile<N>`): its methods have exact bodies
/// written for the front end (`b.thread_rank()`, `tile.meta_group_rank()`),
/// so they are inlined like the user's.
fn is_cooperative_group(class: Cursor) -> bool {
    let parent = class.semantic_parent();
    parent.kind() == CXCursor_Namespace
        && parent.spelling() == "cooperative_groups"
        && class.in_prelude()
}

/// A class of libcu++ as mapcheck's own headers define it (namespace
/// `cuda`, `cuda/atomic`, `cuda/barrier`): its members are bodies written
/// for the front end, run like the user's code with their object.
pub(super) fn written_for_front_end(class: Cursor) -> bool {
    if !matches!(
        class.kind(),
        CXCursor_StructDecl | CXCursor_ClassDecl | CXCursor_ClassTemplate
    ) || !class.in_prelude()
    {
        return false;
    }
    let mut scope = class.semantic_parent();
    for _ in 0..4 {
        if scope.kind() != CXCursor_Namespace {
            return false;
        }
        if scope.spelling() == "cuda" {
            return true;
        }
        scope = scope.semantic_parent();
    }
    false
}

/// Is `d` a variable template of file or namespace scope in CUDA memory,
/// or one of its specializations?  libclang shows both as unexposed
/// declarations; the memory attribute tells a variable.
pub(super) fn cuda_variable_template(d: Cursor) -> bool {
    d.kind() == CXCursor_UnexposedDecl
        && matches!(
            d.semantic_parent().kind(),
            CXCursor_TranslationUnit | CXCursor_Namespace
        )
        && (d.has_attr(CXCursor_CUDAConstantAttr)
            || d.has_attr(CXCursor_CUDADeviceAttr)
            || d.has_attr(CXCursor_CUDASharedAttr))
}

/// Does the tree under `c` hold a lambda expression?
fn holds_lambda(c: Cursor) -> bool {
    let mut todo = vec![c];
    while let Some(c) = todo.pop() {
        if c.kind() == CXCursor_LambdaExpr {
            return true;
        }
        todo.extend(c.children());
    }
    false
}

/// Appends to `unit` the launches of kernels, and the kernels named other
/// than in a launch, everywhere in the user's code under `c`: function
/// bodies, methods (inside their class or defined outside it),
/// constructors, destructors, lambdas, and the initialisers of file-scope
/// variables and static members.  A launch missed here would let the
/// launches that are seen fix dimensions and arguments the kernel is also
/// launched without (`launches::configure`), so nothing the user wrote is
/// skipped (a namespace or class nested deeper than the walk's bound is
/// scanned whole, as one declaration).
fn launches_in(c: Cursor, unit: &mut Unit, depth: usize) {
    for d in c.children() {
        if d.in_library() {
            continue;
        }
        match d.kind() {
            CXCursor_Namespace
            | CXCursor_LinkageSpec
            | CXCursor_StructDecl
            | CXCursor_ClassDecl
            | CXCursor_UnionDecl
            | CXCursor_ClassTemplate
            | CXCursor_ClassTemplatePartialSpecialization
                if depth < MAX_SCOPE_DEPTH =>
            {
                launches_in(d, unit, depth + 1)
            }
            _ => crate::cuda::launches::find(d, &mut unit.launches, &mut unit.escaped),
        }
    }
}

/// Namespaces and classes nested deeper than this are scanned as one
/// declaration (their launches found with the outer declaration as the
/// function they are in).
const MAX_SCOPE_DEPTH: usize = 32;

/// A kernel launched in device code (`clang/device_launch.rs`) is launched
/// where the host's launches do not show, with whatever its parent
/// computes: it escapes, so its host launches fix nothing
/// (`launches::configure`).  Known by name only, every kernel of that
/// name escapes.
fn launched_in_device_code(tu: &Tu, unit: &mut Unit) {
    for site in &tu.device_launches {
        let named = |f: &&Func| {
            f.is_kernel && f.name.split('<').next().unwrap_or(&f.name) == site.base_name()
        };
        let keys: Vec<String> = unit
            .funcs
            .iter()
            .filter(named)
            .map(|f| f.key.clone())
            .collect();
        unit.escaped.extend(keys);
    }
}

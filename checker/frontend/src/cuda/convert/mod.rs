#![allow(non_upper_case_globals)]
//! libclang cursors → the front end's syntax tree ([`super::ast`]).
//! Whatever is not recognised becomes `EK::Unknown` / `SK::Unknown` with
//! its sub-expressions kept, so the inference can stay sound.

use super::ast::*;
use super::clang::{Cursor, Tu};
use super::library::{
    collect_library_functions, is_surface_function, members_copy_trivially, signature,
    surface_element_bytes, Signature,
};
use clang_sys::*;
use std::cell::{OnceCell, RefCell};
use std::collections::{BTreeMap, BTreeSet, HashSet};

mod asm;
mod calls;
mod constructors;
mod declarations;
mod device_launches;
mod gotos;
mod members;
use calls::{constructs, destructor, destructs};
pub use calls::{is_memory_function, CONSTRUCTED};
use members::{constant_member, field_name, member};
pub use members::{MIXED_UNION_MEMBERS, UNION_MEMBERS};
mod casts;
mod whitelist;
pub use whitelist::{expr_rule, stmt_rule, ExprRule, StmtRule};

pub const BUILTIN_VARS: [&str; 4] = ["threadIdx", "blockIdx", "blockDim", "gridDim"];

/// What an output operand of register-only inline assembly holds.
pub const INLINE_ASSEMBLY: &str = "value computed by inline assembly";

pub struct Converter<'a> {
    pub tu: &'a Tu,
    /// The name and parameter types of every function the CUDA and C
    /// headers declare, computed on first use.
    library_functions: OnceCell<HashSet<Signature>>,
    /// The template function definitions of the user's code.
    templates: RefCell<Vec<Cursor>>,
    /// `Unit::field_layouts`, as the member expressions are converted.
    field_layouts: RefCell<BTreeMap<[u32; 4], Option<FieldLayout>>>,
    /// Element sizes of the `extern __shared__` arrays seen so far.
    dynamic_shared_sizes: RefCell<BTreeSet<Option<u64>>>,
    /// `Unit::dynamic_shared_shapes` seen so far.
    dynamic_shared_shapes: RefCell<BTreeSet<Vec<Option<u64>>>>,
    /// `Unit::dynamic_shared_names` seen so far.
    dynamic_shared_names: RefCell<BTreeMap<String, String>>,
    /// `Unit::hidden_targets`.
    hidden_targets: RefCell<Option<String>>,
    /// `Unit::param_types`, as the functions are converted.
    param_types: RefCell<BTreeMap<String, String>>,
    /// The signatures of functions declared without a body, computed on
    /// first use (`calls.rs`).
    bodyless_signatures: OnceCell<HashSet<String>>,
    /// The function templates (by the key of their first declaration)
    /// that the user's code specializes explicitly, computed on first use
    /// (`calls.rs`).
    specialized_templates: OnceCell<HashSet<String>>,
}

impl<'a> Converter<'a> {
    pub fn new(tu: &'a Tu) -> Self {
        Converter {
            tu,
            library_functions: OnceCell::new(),
            dynamic_shared_sizes: RefCell::new(BTreeSet::new()),
            dynamic_shared_shapes: RefCell::new(BTreeSet::new()),
            dynamic_shared_names: RefCell::new(BTreeMap::new()),
            templates: RefCell::new(Vec::new()),
            field_layouts: RefCell::new(BTreeMap::new()),
            hidden_targets: RefCell::new(None),
            param_types: RefCell::new(BTreeMap::new()),
            bodyless_signatures: OnceCell::new(),
            specialized_templates: OnceCell::new(),
        }
    }
}

impl Converter<'_> {
    pub fn stmt(&self, c: Cursor) -> S {
        let span = c.span();
        let ch = c.children();
        let sub = |i: usize| Box::new(self.stmt(ch[i]));
        use StmtRule::*;
        let kind = match (stmt_rule(c.kind()), ch.len()) {
            (Compound, _) => SK::Block(ch.iter().map(|s| self.stmt(*s)).collect()),
            (Declaration, _) => self.declarations(&ch),
            // `if (init; c) …`: the init-statement, then the `if`.
            (If, 3 | 4) if self.header_init(c, &ch) == Some(true) => {
                let other = ch.get(3).map(|e| Box::new(self.stmt(*e)));
                let rest = S {
                    kind: SK::If(self.expr(ch[1]), sub(2), other),
                    span,
                };
                SK::Block(vec![self.stmt(ch[0]), rest])
            }
            // `switch (init; c)` (clang does not show the init) and a
            // condition declaring a variable (`if (int i = f())`, its
            // children not told apart from the branches): unsupported, and
            // it may access any array.
            (If | Switch, _) if self.header_init(c, &ch).is_none_or(|init| init) => {
                UnmodelledStmt::memory(format!("{} {UNMODELLED_HEADER}", c.kind_name()))
            }
            (If, 2) => SK::If(self.expr(ch[0]), sub(1), None),
            (If, 3) => SK::If(self.expr(ch[0]), sub(1), Some(sub(2))),
            (For, _) => self.for_stmt(c, &ch),
            (While, 2) => SK::While(self.expr(ch[0]), sub(1)),
            (Do, 2) => SK::Do(sub(0), self.expr(ch[1])),
            (Switch, 2) => SK::Switch(self.expr(ch[0]), sub(1)),
            (Case, 2) => SK::Case(Some(self.expr(ch[0])), sub(1)),
            // A GNU case range `case lo ... hi:`: a label of unknown value
            // (any thread may take it), its bounds still evaluated.
            (Case, 3) => {
                let bounds = vec![self.expr(ch[0]), self.expr(ch[1])];
                let label = E::new(EK::Unknown("case range".into(), bounds), span);
                SK::Case(Some(label), sub(2))
            }
            (Default, 1) => SK::Case(None, sub(0)),
            (Break, _) => SK::Break,
            (Continue, _) => SK::Continue,
            (Return, 0) => SK::Return(None),
            (Return, 1) => SK::Return(Some(self.expr(ch[0]))),
            (Null, _) => SK::Null,
            (Label, 1) => SK::Label(c.spelling(), sub(0)),
            (Goto, 1) => SK::Goto(ch[0].spelling()),
            (Unmodelled, 1) if self.is_attributed(c) => return self.stmt(ch[0]),
            _ if c.is_expression() => SK::Expr(self.expr(c)),
            _ if c.kind() == CXCursor_AsmStmt => self.inline_asm(c, &ch),
            // Microsoft-style inline assembly may touch any memory.
            _ if c.kind() == CXCursor_MSAsmStmt => UnmodelledStmt::memory(c.kind_name()),
            _ => UnmodelledStmt::control(c.kind_name()),
        };
        S { kind, span }
    }

    /// Does the `if` or `switch` `c` have an init-statement (a `;` in its
    /// parenthesised header)?  `None` when its condition declares a
    /// variable.
    fn header_init(&self, c: Cursor, ch: &[Cursor]) -> Option<bool> {
        if ch.iter().any(|k| k.kind() == CXCursor_VarDecl) {
            return None;
        }
        let mut depth = 0;
        for (t, _) in self.tu.tokens(c) {
            match t.as_str() {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(false);
                    }
                }
                ";" if depth == 1 => return Some(true),
                _ => {}
            }
        }
        Some(false)
    }

    /// Inline assembly of register-only instructions ([`asm`]): its input
    /// operands are evaluated (their reads are accesses), then each output
    /// operand is assigned an unknown value.  Anything else is unmodelled.
    fn inline_asm(&self, c: Cursor, ch: &[Cursor]) -> SK {
        let tokens: Vec<String> = self.tu.tokens(c).into_iter().map(|(t, _)| t).collect();
        let Some((outputs, inputs)) = asm::register_only(&tokens) else {
            return UnmodelledStmt::memory(c.kind_name());
        };
        if ch.len() != outputs + inputs {
            return UnmodelledStmt::memory(c.kind_name());
        }
        let span = c.span();
        let stmt = |kind| S { kind, span };
        let inputs = ch[outputs..].iter().map(|i| stmt(SK::Expr(self.expr(*i))));
        let outputs = ch[..outputs].iter().map(|o| {
            let target = self.expr(*o);
            let value = E {
                kind: EK::Unknown(INLINE_ASSEMBLY.into(), vec![]),
                span,
                ty: target.ty,
            };
            let assign = EK::Assign(None, Box::new(target.clone()), Box::new(value));
            stmt(SK::Expr(E {
                kind: assign,
                span,
                ty: target.ty,
            }))
        });
        SK::Block(inputs.chain(outputs).collect())
    }

    /// libclang exposes an attributed statement (`#pragma unroll`,
    /// `_Pragma("unroll")`, `[[likely]]`, `__attribute__((…))`) only as an
    /// unexposed statement around the one it qualifies.  Loop hints and
    /// these attributes change how code is compiled, never what it accesses,
    /// so the statement stands for its child.  Recognised by its first
    /// tokens; any other unexposed statement stays unsupported.
    fn is_attributed(&self, c: Cursor) -> bool {
        if c.kind() != CXCursor_UnexposedStmt {
            return false;
        }
        let toks = self.tu.tokens(c);
        let first: Vec<&str> = toks.iter().take(2).map(|t| t.0.as_str()).collect();
        matches!(
            first.as_slice(),
            ["#", "pragma"] | ["_Pragma", _] | ["[", "["] | ["__attribute__", _]
        )
    }

    /// Whether the headers declare a function of the same name and
    /// parameter types as `f`: GPUVerify's pre-processed kernels redeclare
    /// CUDA's functions (`__device__ float4 fminf(float4, float4);`), which
    /// the headers provide as templates or overloads of their own.
    fn library_declares(&self, f: Cursor) -> bool {
        let set = self.library_functions.get_or_init(|| {
            let mut set = HashSet::new();
            collect_library_functions(self.tu.root(), 0, &mut set);
            set
        });
        set.contains(&signature(f))
    }

    /// A declaration statement: its variables (declarations of types,
    /// aliases, functions or static assertions run no code).  Any other
    /// declaration (a structured binding `auto &[x, y] = a[i];`, which
    /// libclang does not expose) is unsupported and may access any array.
    fn declarations(&self, ch: &[Cursor]) -> SK {
        if let Some(d) = ch.iter().find(|d| !declares_no_code(d.kind())) {
            return UnmodelledStmt::memory(format!("{} {UNMODELLED_DECLARATION}", d.kind_name()));
        }
        let vars: Vec<&Cursor> = ch.iter().filter(|d| d.kind() == CXCursor_VarDecl).collect();
        // `extern int m[64];` in a block declares the file-scope `m`, not a
        // variable of its own: its uses are that variable (`decl_ref`).
        // One whose file-scope declaration is not in the file is not
        // modelled (it may be any global memory).
        if let Some(d) = vars
            .iter()
            .find(|d| block_scope_extern(***d) && file_scope_declaration(***d).is_none())
        {
            return UnmodelledStmt::control(format!(
                "block-scope `extern` declaration of `{}`, declared nowhere at file scope",
                d.spelling()
            ));
        }
        SK::Decl(
            vars.into_iter()
                .filter(|d| !block_scope_extern(**d))
                .map(|d| self.var_decl(*d))
                .collect(),
        )
    }

    /// libclang omits the missing parts of `for (init; cond; inc)`: place
    /// each child by its position relative to the two `;` of the header.
    fn for_stmt(&self, c: Cursor, ch: &[Cursor]) -> SK {
        let Some((body, header)) = ch.split_last() else {
            return UnmodelledStmt::control("empty for statement");
        };
        let semis = header_semicolons(&self.tu.tokens(c));
        let (mut init, mut cond, mut inc) = (None, None, None);
        for (i, h) in header.iter().enumerate() {
            let slot = match semis {
                Some((s1, s2)) => {
                    let off = h.start_offset();
                    if off < s1 {
                        0
                    } else if off < s2 {
                        1
                    } else {
                        2
                    }
                }
                None if header.len() == 3 => i,
                None => return UnmodelledStmt::control("for loop header inside a macro"),
            };
            match slot {
                0 => init = Some(Box::new(self.stmt(*h))),
                1 => cond = Some(self.expr(*h)),
                _ => inc = Some(self.expr(*h)),
            }
        }
        SK::For {
            init,
            cond,
            inc,
            body: Box::new(self.stmt(*body)),
        }
    }

    pub fn expr(&self, c: Cursor) -> E {
        let span = c.span();
        E::typed(self.expr_kind(c), span, c.ty().int_type())
    }

    /// Records where the field the member expression `c` names lies in
    /// its record (`Unit::field_layouts`).
    fn note_field_layout(&self, c: Cursor) {
        let decl = c.referenced();
        let layout = (!decl.is_null() && decl.kind() == CXCursor_FieldDecl && !decl.is_bit_field())
            .then(|| {
                let record = decl.semantic_parent().ty().size_of()?;
                let offset = decl.field_offset_bits()?;
                let size = decl.ty().size_of()?;
                (offset % 8 == 0).then_some(FieldLayout {
                    record,
                    offset: offset / 8,
                    size,
                })
            })
            .flatten();
        let sp = c.span();
        let key = [sp.line, sp.col, sp.end_line, sp.end_col];
        let mut layouts = self.field_layouts.borrow_mut();
        let entry = layouts.entry(key).or_insert(layout);
        if *entry != layout {
            *entry = None;
        }
    }

    fn exprs(&self, cs: &[Cursor]) -> Vec<E> {
        cs.iter()
            .filter(|k| k.is_expression())
            .map(|k| self.expr(*k))
            .collect()
    }

    fn expr_kind(&self, c: Cursor) -> EK {
        use ExprRule::*;
        let ch = c.children();
        let b = |i: usize| Box::new(self.expr(ch[i]));
        if let Some(v) = constant_member(c) {
            return EK::Int(v);
        }
        match (expr_rule(c.kind()), ch.len()) {
            (IntLiteral, _) => c.evaluate_int().map(EK::Int).unwrap_or(EK::Float(None)),
            (OtherLiteral, _) => EK::Float(c.evaluate_float()),
            (NullPointer, _) => EK::Int(0),
            (SizeOf, _) => match c.evaluate_int() {
                Some(v) => EK::Int(v),
                None => self.unmodelled(c, &ch),
            },
            (Name, _) => decl_ref(c),
            // `this->f` and `f` in a method: a field of the object the
            // method is called on (bound to `this` when it is inlined).
            (Member, 1) if is_this(ch[0]) => {
                self.note_field_layout(c);
                member(c, this_object(c.span()), false)
            }
            (Member, 1) => {
                self.note_field_layout(c);
                member(c, self.expr(ch[0]), ch[0].ty().is_pointer())
            }
            (Member, 0) => {
                self.note_field_layout(c);
                member(c, this_object(c.span()), false)
            }
            (Subscript, 2) => EK::Index(b(0), b(1)),
            // The protocol's numbers are integers: a comparison of
            // floating-point values is unknown (its operands' accesses
            // count), never decided as if they were integers.
            (Binary, 2)
                if is_comparison(c) && (ch[0].ty().is_floating() || ch[1].ty().is_floating()) =>
            {
                EK::Unknown(FLOAT_COMPARISON.into(), self.exprs(&ch))
            }
            (Binary, 2) => self.binary(c, b(0), b(1)),
            (Unary, 1) => unary(c, b(0)),
            (Conditional, 3) => EK::Cond(b(0), b(1), b(2)),
            (Conversion, 1) => self.conversion(c, ch[0]),
            (Cast, _) => self.cast(c, &ch),
            (Call, _) => self.call(c, &ch),
            // Its body is not inlined: it may access any captured array.
            (Lambda, _) => {
                self.hide_targets("a lambda expression");
                EK::Unknown(LAMBDA.into(), vec![])
            }
            _ => self.unmodelled(c, &ch),
        }
    }

    /// An expression the front end does not model: an unknown value that
    /// keeps its sub-expressions (their accesses count), or — when it holds
    /// statements or declarations (a GNU statement expression) — an opaque
    /// construct, unsupported and touching every array.
    fn unmodelled(&self, c: Cursor, ch: &[Cursor]) -> EK {
        let hidden = ch.iter().any(|k| !k.is_expression() && !k.is_reference());
        // `S r = {1};` also runs the default member initializers of the
        // fields it does not list, and the constructors of their classes:
        // a call whose body is not seen.
        if c.kind() == CXCursor_InitListExpr && c.ty().runs_user_code(&destructs, 0) {
            EK::Opaque(destructor(c))
        } else if c.kind() == CXCursor_InitListExpr && c.ty().runs_user_code(&constructs, 0) {
            let what = format!("initialization of `{}`", c.ty().spelling());
            EK::Call(Callee::named(&what, None, false, true), self.exprs(ch))
        } else if hidden {
            EK::Opaque(format!("expression `{}` holding statements", c.kind_name()))
        } else {
            EK::Unknown(c.kind_name(), self.exprs(ch))
        }
    }

    fn binary(&self, c: Cursor, l: Box<E>, r: Box<E>) -> EK {
        use BinOp::*;
        let k = c.binop();
        let op = match k {
            CXBinaryOperator_Mul | CXBinaryOperator_MulAssign => Mul,
            CXBinaryOperator_Div | CXBinaryOperator_DivAssign => Div,
            CXBinaryOperator_Rem | CXBinaryOperator_RemAssign => Rem,
            CXBinaryOperator_Add | CXBinaryOperator_AddAssign => Add,
            CXBinaryOperator_Sub | CXBinaryOperator_SubAssign => Sub,
            CXBinaryOperator_Shl | CXBinaryOperator_ShlAssign => Shl,
            CXBinaryOperator_Shr | CXBinaryOperator_ShrAssign => Shr,
            CXBinaryOperator_LT => Lt,
            CXBinaryOperator_GT => Gt,
            CXBinaryOperator_LE => Le,
            CXBinaryOperator_GE => Ge,
            CXBinaryOperator_EQ => Eq,
            CXBinaryOperator_NE => Ne,
            CXBinaryOperator_And | CXBinaryOperator_AndAssign => BitAnd,
            CXBinaryOperator_Xor | CXBinaryOperator_XorAssign => BitXor,
            CXBinaryOperator_Or | CXBinaryOperator_OrAssign => BitOr,
            CXBinaryOperator_LAnd => LAnd,
            CXBinaryOperator_LOr => LOr,
            CXBinaryOperator_Comma => Comma,
            CXBinaryOperator_Assign => return EK::Assign(None, l, r),
            _ => return EK::Unknown(format!("binary operator {k}"), vec![*l, *r]),
        };
        if (CXBinaryOperator_MulAssign..=CXBinaryOperator_OrAssign).contains(&k) {
            EK::Assign(Some(op), l, r)
        } else {
            EK::Bin(op, l, r)
        }
    }
}

fn unary(c: Cursor, e: Box<E>) -> EK {
    let k = c.unop();
    let op = match k {
        CXUnaryOperator_PostInc => {
            return EK::IncDec {
                pre: false,
                inc: true,
                e,
            }
        }
        CXUnaryOperator_PostDec => {
            return EK::IncDec {
                pre: false,
                inc: false,
                e,
            }
        }
        CXUnaryOperator_PreInc => {
            return EK::IncDec {
                pre: true,
                inc: true,
                e,
            }
        }
        CXUnaryOperator_PreDec => {
            return EK::IncDec {
                pre: true,
                inc: false,
                e,
            }
        }
        CXUnaryOperator_AddrOf => UnOp::AddrOf,
        CXUnaryOperator_Deref => UnOp::Deref,
        CXUnaryOperator_Plus | CXUnaryOperator_Extension => UnOp::Plus,
        CXUnaryOperator_Minus => UnOp::Neg,
        CXUnaryOperator_Not => UnOp::BitNot,
        CXUnaryOperator_LNot => UnOp::LNot,
        _ => return EK::Unknown(format!("unary operator {k}"), vec![*e]),
    };
    EK::Un(op, e)
}

/// The value of a `const` integral variable with a constant initialiser
/// (`const int N = 32;`, and the template arguments of `instantiate.rs`):
/// at file scope a constant, not memory (writing it is undefined
/// behaviour).
fn integral_constant(var: Cursor) -> Option<i128> {
    let ty = var.ty().canonical();
    let integral = ty.int_type().is_some() || ty.kind() == CXType_Bool;
    (ty.is_const() && integral)
        .then(|| var.evaluate_int())
        .flatten()
}

fn decl_ref(c: Cursor) -> EK {
    let mut r = c.referenced();
    let name = c.spelling();
    if r.is_null() {
        return EK::Unknown(format!("unresolved name `{name}`"), vec![]);
    }
    if block_scope_extern(r) {
        match file_scope_declaration(r) {
            Some(d) => r = d,
            None => {
                return EK::Unknown(
                    format!("`{name}`, declared `extern` in a block only"),
                    vec![],
                )
            }
        }
    }
    match r.kind() {
        CXCursor_EnumConstantDecl => EK::Int(r.enum_value()),
        CXCursor_NonTypeTemplateParameter => EK::Var(name, r.decl_key(), RefKind::TemplateParam),
        CXCursor_ParmDecl => EK::Var(name, r.decl_key(), RefKind::Local),
        // CUDA's `warpSize` (as mapcheck's headers declare it) is 32; a
        // variable of the user's with that name is just a variable.
        CXCursor_VarDecl if name == "warpSize" && r.in_library() => EK::Int(32),
        CXCursor_VarDecl => {
            let parent = r.semantic_parent().kind();
            // A variable of no function: of a namespace, or a static data
            // member of a class (`G::c`, `G<int>::c`).
            let global = !matches!(
                parent,
                CXCursor_FunctionDecl
                    | CXCursor_FunctionTemplate
                    | CXCursor_CXXMethod
                    | CXCursor_Constructor
                    | CXCursor_Destructor
                    | CXCursor_ConversionFunction
                    | CXCursor_LambdaExpr
            );
            if let Some(v) = integral_constant(r).filter(|_| global) {
                return EK::Int(v);
            }
            let kind = if global {
                RefKind::Global
            } else {
                RefKind::Local
            };
            EK::Var(name, r.decl_key(), kind)
        }
        CXCursor_UnexposedDecl if declarations::cuda_variable_template(r) => {
            EK::Var(name, r.decl_key(), RefKind::Global)
        }
        CXCursor_FunctionDecl | CXCursor_FunctionTemplate => {
            // Its definition's key: a pointer to it calls that body.
            let key = definition_key(r).unwrap_or_else(|| r.decl_key());
            EK::Var(name, key, RefKind::Function)
        }
        _ => EK::Var(name, r.decl_key(), RefKind::Other),
    }
}

/// What an unsupported `if`/`switch` header is (`infer` makes such a
/// statement access every array).
pub const UNMODELLED_HEADER: &str = "with an init-statement or a declaration in its condition";
/// A declaration of a kind the front end does not model (in the text of
/// its `SK::Unknown`, which may then access any array).
pub const UNMODELLED_DECLARATION: &str = "declaration, not modelled";

/// The declarations a declaration statement may hold besides variables:
/// they run no code at the statement (a whitelist; anything else is
/// unsupported).
/// Is `d` a variable declared `extern` in a block (`extern __device__ int
/// m[64];` inside a function), other than dynamic shared memory (`extern
/// __shared__`, one array however declared)?
fn block_scope_extern(d: Cursor) -> bool {
    d.kind() == CXCursor_VarDecl
        && d.is_extern()
        && !d.has_attr(CXCursor_CUDASharedAttr)
        && !at_file_scope(d)
}

/// Is `d` written at file scope (in no function)?
fn at_file_scope(d: Cursor) -> bool {
    matches!(
        d.lexical_parent().kind(),
        CXCursor_TranslationUnit | CXCursor_Namespace | CXCursor_LinkageSpec
    )
}

/// A file-scope declaration of the variable a block-scope `extern`
/// declaration `d` names: its definition, or its first declaration.
fn file_scope_declaration(d: Cursor) -> Option<Cursor> {
    [d.definition(), d.canonical_decl()]
        .into_iter()
        .find(|k| !k.is_null() && k.kind() == CXCursor_VarDecl && at_file_scope(*k))
}

fn declares_no_code(kind: CXCursorKind) -> bool {
    matches!(
        kind,
        CXCursor_VarDecl
            | CXCursor_TypedefDecl
            | CXCursor_TypeAliasDecl
            | CXCursor_TypeAliasTemplateDecl
            | CXCursor_StructDecl
            | CXCursor_UnionDecl
            | CXCursor_ClassDecl
            | CXCursor_EnumDecl
            | CXCursor_StaticAssert
            | CXCursor_UsingDeclaration
            | CXCursor_UsingDirective
            | CXCursor_NamespaceAlias
            | CXCursor_FunctionDecl
    )
}

/// The one array of all `extern __shared__` declarations.
pub const DYNAMIC_SHARED: &str = "extern_shared";

/// A comparison of floating-point values (its value is unknown).
pub const FLOAT_COMPARISON: &str = "floating-point comparison";
/// A conversion from a floating-point value (rounded: unknown).
pub const FLOAT_CONVERSION: &str = "conversion from a floating-point value";

/// The `EK::Unknown` name of a pointer converted to an integer: an
/// unknown integer (the address is not modelled).
pub const PTR_TO_INT: &str = "pointer converted to an integer";

/// The `EK::Unknown` name of an integer converted to a pointer: a pointer
/// to an unknown place (its accesses reach every array).
pub const INT_TO_PTR: &str = "integer converted to a pointer";

/// The parameter an inlined method's object is bound to (a reference).
pub const THIS: &str = "this";

/// The object a method runs on, as an expression: `*this`.
pub(super) fn this_object(span: semantics::surface::Span) -> E {
    E::new(EK::Var(THIS.into(), THIS.into(), RefKind::Local), span)
}

/// `this`, under the implicit conversions around it.
pub(super) fn is_this(c: Cursor) -> bool {
    c.implicit_chain()
        .last()
        .is_some_and(|k| k.kind() == CXCursor_CXXThisExpr)
}

/// The `EK::Unknown` name of a lambda expression (always unsupported).
pub const LAMBDA: &str = "lambda expression";

/// `operator=` is a plain assignment, `operator+=` … a compound one
/// (`Some(None)` and `Some(Some(op))`).
fn assignment_operator(name: &str) -> Option<Option<BinOp>> {
    use BinOp::*;
    Some(match name.strip_prefix("operator")?.trim() {
        "=" => None,
        "+=" => Some(Add),
        "-=" => Some(Sub),
        "*=" => Some(Mul),
        "/=" => Some(Div),
        "%=" => Some(Rem),
        "&=" => Some(BitAnd),
        "|=" => Some(BitOr),
        "^=" => Some(BitXor),
        "<<=" => Some(Shl),
        ">>=" => Some(Shr),
        _ => return None,
    })
}

/// The name of a call of `thread_group::sync` or `cg::sync(thread_group)`
/// (`infer::calls`: unsupported).
pub const GROUP_SYNC: &str = "thread_group::sync";

/// The size of the innermost elements of an array type.
fn elem_bytes(t: super::clang::Type) -> Option<u64> {
    t.innermost_element().size_of()
}

/// The variable of a callee expression `f`, `(*f)`, `(f)` (through
/// parentheses, dereferences and implicit conversions).
fn pointer_variable(e: Cursor) -> Option<Cursor> {
    let mut k = e;
    for _ in 0..8 {
        if k.kind() == CXCursor_DeclRefExpr {
            let r = k.referenced();
            return matches!(r.kind(), CXCursor_VarDecl | CXCursor_ParmDecl).then_some(r);
        }
        match k.children().as_slice() {
            [only] => k = *only,
            _ => return None,
        }
    }
    None
}

/// The key of the function definition a declaration refers to.
pub(super) fn definition_key(r: Cursor) -> Option<String> {
    let d = r.definition();
    if !d.is_null() {
        let t = d.template_of();
        // An implicit instantiation sits where its template does; an
        // explicit specialization (`template <> int f<4>(…) {…}`) has a
        // body of its own, elsewhere: it is the callee, not the template.
        return Some(if t.is_null() || explicit_specialization(d, t) {
            d.decl_key()
        } else {
            t.decl_key()
        });
    }
    let t = r.template_of();
    if !t.is_null() {
        let td = t.definition();
        return Some(if td.is_null() {
            t.decl_key()
        } else {
            td.decl_key()
        });
    }
    None
}

/// Is definition `d`, a specialization of template `t`, written by the
/// user (`template <> …`) rather than instantiated from `t`'s body?
fn explicit_specialization(d: Cursor, t: Cursor) -> bool {
    let pattern = t.definition();
    let t = if pattern.is_null() { t } else { pattern };
    !d.same_location(t)
}

fn shape(c: Cursor) -> Shape {
    type_shape(c.ty())
}

fn type_shape(t: super::clang::Type) -> Shape {
    if t.is_pointer() {
        let p = t.pointee();
        if p.is_pointer() || p.is_array() {
            Shape::Unsupported(format!("pointer to pointer or array `{}`", t.spelling()))
        } else {
            Shape::Pointer
        }
    } else if t.is_array() {
        Shape::Array(t.array_rank())
    } else if t.is_reference() {
        Shape::Reference
    } else if t.is_record() {
        Shape::Record
    } else {
        Shape::Scalar
    }
}

/// Offsets of the two top-level `;` of a `for` header.
fn header_semicolons(tokens: &[(String, u32)]) -> Option<(u32, u32)> {
    let mut depth = 0;
    let mut semis = Vec::new();
    for (t, off) in tokens {
        match t.as_str() {
            "(" => depth += 1,
            ")" => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            ";" if depth == 1 => semis.push(*off),
            _ => {}
        }
    }
    (semis.len() == 2).then(|| (semis[0], semis[1]))
}

/// `<`, `>`, `<=`, `>=`, `==`, `!=`.
fn is_comparison(c: Cursor) -> bool {
    matches!(
        c.binop(),
        CXBinaryOperator_LT
            | CXBinaryOperator_GT
            | CXBinaryOperator_LE
            | CXBinaryOperator_GE
            | CXBinaryOperator_EQ
            | CXBinaryOperator_NE
    )
}

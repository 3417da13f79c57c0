//! Resolves the names of an expression to slots, globals, games and built-ins,
//! checks arities, and catches operands of kinds that can never combine.

use super::check_error::CheckError;
use super::checker::{const_expr, Checker};
use super::program::*;
use crate::diagnostics::{close_enough, edit_distance};
use crate::lang::builtin::{Builtin, BUILTINS};
use crate::lang::value::{Component, GameSum, Value};
use crate::syntax::ast::{self, BinOp, UnOp};
use std::rc::Rc;

/// What the checker can tell about an expression's kind without running it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Int,
    Game,
    Unknown,
}

impl<'g> Checker<'g> {
    /// Resolves one expression.
    pub(super) fn check_expr(&mut self, e: &ast::Expr) -> Expr {
        let span = e.span;
        let kind = match &e.kind {
            ast::ExprKind::Int(n) => ExprKind::Const(Value::Int(*n)),
            ast::ExprKind::Bool(b) => ExprKind::Const(Value::Bool(*b)),
            ast::ExprKind::Str(s) => ExprKind::Const(Value::Str(s.as_str().into())),
            ast::ExprKind::Square(c, r) => {
                ExprKind::Const(Value::Tuple(Rc::from(vec![Value::Int(*c), Value::Int(*r)])))
            }
            ast::ExprKind::Name(name) => return self.check_name(name, span),
            ast::ExprKind::Unary(op, inner) => {
                let inner = self.check_expr(inner);
                // Constant folding uses the operator's one definition.
                if let (UnOp::Neg, ExprKind::Const(Value::Int(n))) = (op, &inner.kind) {
                    if let Ok(neg) = crate::eval::ops::int_neg(*n) {
                        return const_expr(Value::Int(neg), span);
                    }
                }
                ExprKind::Unary(*op, Box::new(inner))
            }
            ast::ExprKind::Binary(op, a, b) => {
                let (ka, kb) = (self.kind_of(a), self.kind_of(b));
                let mixes = matches!((ka, kb), (Kind::Int, Kind::Game) | (Kind::Game, Kind::Int));
                // `G + 1/2`: beside a game, `+` and `-` take numbers as games.
                if mixes && matches!(op, BinOp::Mul | BinOp::Xor) {
                    let name = |k: Kind| if k == Kind::Int { "integer" } else { "game" };
                    self.errors.push(CheckError::TypeMismatch {
                        op: op.symbol().to_string(),
                        left: name(ka).into(),
                        right: name(kb).into(),
                        left_span: a.span,
                        right_span: b.span,
                    });
                }
                let (a, b) = match op {
                    BinOp::Eq | BinOp::Ne => self.compared(a, b),
                    _ => (self.check_expr(a), self.check_expr(b)),
                };
                ExprKind::Binary(*op, Box::new(a), Box::new(b))
            }
            ast::ExprKind::If(c, t, f) => ExprKind::If(
                Box::new(self.check_expr(c)),
                Box::new(self.check_expr(t)),
                Box::new(self.check_expr(f)),
            ),
            ast::ExprKind::Tuple(items) => ExprKind::Tuple(self.check_all(items)),
            ast::ExprKind::List(items) => ExprKind::List(self.check_all(items)),
            ast::ExprKind::Set(items) => ExprKind::Set(self.check_all(items)),
            ast::ExprKind::Infinite(items) => ExprKind::Infinite(self.check_all(items)),
            ast::ExprKind::Arrows { ups, star } => ExprKind::Const(arrows_value(*ups, *star)),
            ast::ExprKind::Loopy(lit) => ExprKind::Loopy(Box::new(lit.map(|e| self.check_expr(e)))),
            ast::ExprKind::Braces(left, right) => {
                ExprKind::Braces(self.check_all(left), self.check_all(right))
            }
            ast::ExprKind::ListComp(c) => ExprKind::ListComp(Box::new(self.check_comprehension(c))),
            ast::ExprKind::Call(callee, args) => return self.check_call(callee, args, span),
            ast::ExprKind::Index(base, args) => return self.check_index(base, args, span),
            ast::ExprKind::With(base, items) => {
                let base = self.check_expr(base);
                let items = items
                    .iter()
                    .map(|(k, v)| (self.check_expr(k), self.check_expr(v)))
                    .collect();
                ExprKind::With(Box::new(base), items)
            }
            ast::ExprKind::Query(q) => return self.check_query_expr(q),
        };
        Expr { kind, span }
    }

    /// A query inside an expression: its answer is a value. Not inside a
    /// game's rules (an analysis would ask itself), and only the queries
    /// whose answers are values.
    fn check_query_expr(&mut self, q: &ast::Query) -> Expr {
        let span = q.span;
        let query = q.kind.keyword();
        if self.in_game {
            self.errors.push(CheckError::QueryInRule { query, span });
        } else if !q.kind.has_value() {
            self.errors.push(CheckError::QueryNotValue { query, span });
        }
        let kind = ExprKind::Query(Box::new(self.query_operands(q)));
        Expr { kind, span }
    }

    /// The operands of `==` or `!=`: beside an `outcome` query, a letter
    /// `P`, `N`, `L`, `R` or `D` is the outcome (`outcome g(n) == P`).
    fn compared(&mut self, a: &ast::Expr, b: &ast::Expr) -> (Expr, Expr) {
        let outcome_of = |e: &ast::Expr| match &e.kind {
            ast::ExprKind::Query(q) => q.kind,
            _ => ast::QueryKind::Grundy,
        };
        let letter_a = self.outcome_letter(outcome_of(b), a);
        let letter_b = self.outcome_letter(outcome_of(a), b);
        let a = letter_a.unwrap_or_else(|| self.check_expr(a));
        let b = letter_b.unwrap_or_else(|| self.check_expr(b));
        (a, b)
    }

    pub(super) fn check_all(&mut self, items: &[ast::Expr]) -> Vec<Expr> {
        items.iter().map(|i| self.check_expr(i)).collect()
    }

    /// A comprehension gets its own scope for its binders.
    fn check_comprehension(&mut self, c: &ast::Comprehension) -> Comprehension {
        let scope_len = self.scope.len();
        let slot = self.next_slot;
        let binders = self.check_binders(&c.binders);
        let condition = c.condition.as_ref().map(|w| self.check_expr(w));
        let body = self.check_expr(&c.body);
        self.scope.truncate(scope_len);
        self.next_slot = slot;
        Comprehension {
            body,
            binders,
            condition,
        }
    }

    /// True when `name` is a parameter or binder in scope.
    pub(super) fn is_local(&self, name: &str) -> bool {
        self.lookup_local(name).is_some()
    }

    fn lookup_local(&self, name: &str) -> Option<usize> {
        self.scope
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, s)| *s)
    }

    fn check_name(&mut self, name: &str, span: crate::diagnostics::Span) -> Expr {
        if let Some(slot) = self.lookup_local(name) {
            return Expr {
                kind: ExprKind::Local(slot),
                span,
            };
        }
        match self.globals.names.get(name).copied() {
            Some(Global::Const(id)) => {
                if let Some(def) = self.pending_lets.get(name) {
                    if !self.in_game {
                        self.errors.push(CheckError::LetBeforeDefinition {
                            name: name.to_string(),
                            span,
                            definition: *def,
                        });
                    }
                }
                Expr {
                    kind: ExprKind::Global(id),
                    span,
                }
            }
            Some(Global::Game(id)) => {
                self.check_family_count(id, 0, name, span);
                Expr {
                    kind: ExprKind::GameRef {
                        game: id,
                        family: vec![],
                    },
                    span,
                }
            }
            Some(Global::Func(_)) => {
                self.errors.push(CheckError::NotCallable {
                    name: name.to_string(),
                    what: "a function used without arguments".into(),
                    span,
                });
                const_expr(Value::Int(0), span)
            }
            Some(Global::Board(_)) => {
                self.errors.push(CheckError::NotAGame {
                    name: name.to_string(),
                    what: "a board".into(),
                    span,
                });
                const_expr(Value::Int(0), span)
            }
            None => match crate::syntax::lower::arrows(name)
                .filter(|_| crate::syntax::lower::is_downs(name))
            {
                // `v`, `vv`, `v3`: downs, unless the program binds the name.
                Some((ups, _)) => const_expr(arrows_value(ups, false), span),
                None => {
                    self.unknown(name, span);
                    const_expr(Value::Int(0), span)
                }
            },
        }
    }

    fn unknown(&mut self, name: &str, span: crate::diagnostics::Span) {
        // At the same distance the nearest name wins: the binders and
        // parameters in scope (innermost first: `g(n - m) for k in …` meant
        // `k`), then the program's definitions, then the built-ins (`nin` is
        // more likely `nim` than `min`).
        let locals = self.scope.len();
        let candidates = self
            .scope
            .iter()
            .enumerate()
            .map(|(i, (n, _))| (locals - i, n.clone()))
            .chain(self.globals.names.keys().map(|n| (locals + 1, n.clone())))
            .chain(BUILTINS.iter().map(|(n, _)| (locals + 2, n.to_string())));
        let suggestion = candidates
            .map(|(rank, c)| (edit_distance(&c, name), rank, c))
            .filter(|(d, _, c)| close_enough(*d, c))
            .min()
            .map(|(_, _, c)| c);
        self.errors.push(CheckError::UnknownName {
            name: name.to_string(),
            span,
            suggestion,
        });
    }

    fn check_family_count(
        &mut self,
        game: GameId,
        found: usize,
        name: &str,
        span: crate::diagnostics::Span,
    ) {
        let expected = self.globals.games.get(game).map_or(0, |g| g.family.len());
        if expected != found {
            self.errors.push(CheckError::FamilyArgs {
                name: name.to_string(),
                expected,
                found,
                span,
            });
        }
    }

    fn check_index(
        &mut self,
        base: &ast::Expr,
        args: &[ast::Expr],
        span: crate::diagnostics::Span,
    ) -> Expr {
        if let ast::ExprKind::Name(name) = &base.kind {
            if self.lookup_local(name).is_none() {
                if let Some(Global::Game(id)) = self.globals.names.get(name).copied() {
                    self.check_family_count(id, args.len(), name, span);
                    let family = self.check_all(args);
                    return Expr {
                        kind: ExprKind::GameRef { game: id, family },
                        span,
                    };
                }
            }
        }
        let base = self.check_expr(base);
        let mut args = self.check_all(args);
        if args.len() != 1 {
            self.errors.push(CheckError::Arity {
                name: "indexing".into(),
                expected: "one index".into(),
                found: args.len(),
                span,
            });
        }
        let index = args
            .pop()
            .unwrap_or_else(|| const_expr(Value::Int(0), span));
        Expr {
            kind: ExprKind::Index(Box::new(base), Box::new(index)),
            span,
        }
    }

    fn check_call(
        &mut self,
        callee: &ast::Expr,
        args: &ast::CallArgs,
        span: crate::diagnostics::Span,
    ) -> Expr {
        // A family game: `sub[S](n)`.
        let (name, family_args) = match &callee.kind {
            ast::ExprKind::Name(n) => (n.clone(), None),
            ast::ExprKind::Index(base, fam) => match &base.kind {
                ast::ExprKind::Name(n) => (n.clone(), Some(fam)),
                _ => (String::new(), None),
            },
            _ => (String::new(), None),
        };
        if name.is_empty() {
            let name = self.text(callee.span);
            return self.not_callable(name, "an expression", callee.span, span);
        }
        if self.lookup_local(&name).is_some() {
            return self.not_callable(name, "a local value", callee.span, span);
        }
        let global = self.globals.names.get(&name).copied();
        if family_args.is_some() && !matches!(global, Some(Global::Game(_))) {
            // `xs[i](…)`: indexing then calling is never meaningful.
            return self.not_callable(name, "not a game", callee.span, span);
        }
        match global {
            Some(Global::Game(id)) => {
                let fam = family_args.map_or(&[][..], |f| f.as_slice());
                self.check_family_count(id, fam.len(), &name, callee.span);
                let family = self.check_all(fam);
                let args = self.plain_args(args, &name, span);
                let expected = self.globals.games.get(id).map_or(0, |g| g.params.len());
                self.check_arity(name, expected, "parameter", args.len(), span);
                let kind = ExprKind::GameCall {
                    game: id,
                    family,
                    args,
                };
                Expr { kind, span }
            }
            Some(Global::Func(id)) => {
                let args = self.plain_args(args, &name, span);
                let arity = self.globals.functions.get(id).map_or(0, |f| f.arity);
                self.check_arity(name, arity, "argument", args.len(), span);
                Expr {
                    kind: ExprKind::CallFunc(id, args),
                    span,
                }
            }
            Some(Global::Const(_)) | Some(Global::Board(_)) => {
                let what = if matches!(global, Some(Global::Const(_))) {
                    "a constant"
                } else {
                    "a board"
                };
                self.not_callable(name, what, callee.span, span)
            }
            None => match (Builtin::from_name(&name), query_call(&name, args)) {
                (Some(b), _) => self.check_builtin(b, args, span),
                (None, Some((kind, subject))) if family_args.is_none() => {
                    let q = ast::Query {
                        kind,
                        misere: false,
                        subject: subject.clone(),
                        range: None,
                        bound: None,
                        line: None,
                        into: None,
                        span,
                    };
                    self.check_query_expr(&q)
                }
                (None, _) => {
                    self.unknown(&name, callee.span);
                    const_expr(Value::Int(0), span)
                }
            },
        }
    }

    /// Reports a call of something that is not callable (`what` says what it
    /// is), and stands in for the call.
    fn not_callable(
        &mut self,
        name: String,
        what: &str,
        callee: crate::diagnostics::Span,
        span: crate::diagnostics::Span,
    ) -> Expr {
        self.errors.push(CheckError::NotCallable {
            name,
            what: what.into(),
            span: callee,
        });
        const_expr(Value::Int(0), span)
    }

    /// Reports a call with `found` arguments of something that takes
    /// `expected` (counted in `unit`s: parameters, arguments).
    fn check_arity(
        &mut self,
        name: String,
        expected: usize,
        unit: &str,
        found: usize,
        span: crate::diagnostics::Span,
    ) {
        if found != expected {
            self.errors.push(CheckError::Arity {
                name,
                expected: format!("{expected} {unit}{}", if expected == 1 { "" } else { "s" }),
                found,
                span,
            });
        }
    }

    fn plain_args(
        &mut self,
        args: &ast::CallArgs,
        name: &str,
        span: crate::diagnostics::Span,
    ) -> Vec<Expr> {
        match args {
            ast::CallArgs::List(items) => self.check_all(items),
            ast::CallArgs::Comprehension(_) => {
                self.errors.push(CheckError::NotCallable {
                    name: name.to_string(),
                    what: "not a built-in that takes a comprehension".into(),
                    span,
                });
                vec![]
            }
        }
    }

    fn check_builtin(
        &mut self,
        b: Builtin,
        args: &ast::CallArgs,
        span: crate::diagnostics::Span,
    ) -> Expr {
        // `sum(G for …)` of games: an empty comprehension is the terminal game.
        let b = match args {
            ast::CallArgs::Comprehension(c)
                if b == Builtin::Sum && self.kind_of(&c.body) == Kind::Game =>
            {
                Builtin::SumGames
            }
            _ => b,
        };
        let args = match args {
            ast::CallArgs::Comprehension(c) => {
                if !b.takes_iterable() {
                    self.errors.push(CheckError::NotCallable {
                        name: b.name().into(),
                        what: "a built-in that does not take a comprehension".into(),
                        span,
                    });
                }
                let comp = self.check_comprehension(c);
                vec![Expr {
                    kind: ExprKind::ListComp(Box::new(comp)),
                    span,
                }]
            }
            ast::CallArgs::List(items) => self.check_all(items),
        };
        let (lo, hi) = b.arity();
        if args.len() < lo || args.len() > hi {
            self.errors.push(CheckError::Arity {
                name: b.name().into(),
                expected: b.arity_text(),
                found: args.len(),
                span,
            });
        }
        if matches!(b, Builtin::Ray | Builtin::Step)
            && (!self.in_game || (self.board.is_none() && !self.board_unknown))
        {
            self.errors.push(CheckError::NoBoard { span });
        }
        Expr {
            kind: ExprKind::CallBuiltin(b, args),
            span,
        }
    }

    /// The kind an expression certainly has, if the checker can tell. Results of
    /// operators are remembered by span, so a long chain `a + b + c + …` costs
    /// linear time even though every level asks about its operands.
    fn kind_of(&mut self, e: &ast::Expr) -> Kind {
        if let ast::ExprKind::Binary(..) = e.kind {
            if let Some(k) = self.kinds.get(&e.span) {
                return *k;
            }
            let k = self.kind_uncached(e);
            self.kinds.insert(e.span, k);
            return k;
        }
        self.kind_uncached(e)
    }

    fn kind_uncached(&mut self, e: &ast::Expr) -> Kind {
        match &e.kind {
            ast::ExprKind::Int(_) => Kind::Int,
            ast::ExprKind::Unary(UnOp::Nimber, _)
            | ast::ExprKind::Arrows { .. }
            | ast::ExprKind::Braces(..)
            | ast::ExprKind::Loopy(_) => Kind::Game,
            ast::ExprKind::Unary(UnOp::Neg, inner) => self.kind_of(inner),
            ast::ExprKind::Call(callee, _) => {
                let name = match &callee.kind {
                    ast::ExprKind::Name(n) => n,
                    ast::ExprKind::Index(base, _) => match &base.kind {
                        ast::ExprKind::Name(n) => n,
                        _ => return Kind::Unknown,
                    },
                    _ => return Kind::Unknown,
                };
                if self.lookup_local(name).is_some() {
                    return Kind::Unknown;
                }
                match self.globals.names.get(name) {
                    Some(Global::Game(_)) => Kind::Game,
                    None if matches!(
                        name.as_str(),
                        "len" | "popcount" | "gcd" | "nimmul" | "abs"
                    ) =>
                    {
                        Kind::Int
                    }
                    _ => Kind::Unknown,
                }
            }
            ast::ExprKind::Binary(op, a, b) => match op {
                BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Rem | BinOp::Xor => {
                    match (self.kind_of(a), self.kind_of(b)) {
                        (Kind::Game, Kind::Game | Kind::Int) | (Kind::Int, Kind::Game)
                            if matches!(op, BinOp::Add | BinOp::Sub) =>
                        {
                            Kind::Game
                        }
                        (Kind::Int, Kind::Int) => Kind::Int,
                        _ => Kind::Unknown,
                    }
                }
                _ => Kind::Unknown,
            },
            _ => Kind::Unknown,
        }
    }
}

/// The game `ups` ups (downs when negative), plus `*` when `star`.
fn arrows_value(ups: i64, star: bool) -> Value {
    let mut parts = Vec::with_capacity(2);
    if let Ok(k) = i32::try_from(ups) {
        if k != 0 {
            parts.push(Component::Up(k));
        }
    }
    if star {
        parts.push(Component::Nimber(1));
    }
    if parts.is_empty() {
        parts.push(Component::Nimber(0));
    }
    Value::Game(Rc::new(GameSum { parts }))
}

/// `grundy(G)` where no definition is named `grundy`: the query, as at the
/// start of a statement (`grundy(G)` there is `grundy` of `(G)`).
fn query_call<'e>(name: &str, args: &'e ast::CallArgs) -> Option<(ast::QueryKind, &'e ast::Expr)> {
    let kind = ast::QueryKind::from_keyword(name).filter(|k| k.takes_one_game())?;
    match args {
        ast::CallArgs::List(items) => match items.as_slice() {
            [subject] => Some((kind, subject)),
            _ => None,
        },
        ast::CallArgs::Comprehension(_) => None,
    }
}

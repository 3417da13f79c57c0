//! Turns pest pairs into the spanned AST, one `lower_<rule>` per grammar rule,
//! collecting every error instead of stopping at the first.

use super::ast::*;
use super::parser::Rule;
use super::syntax_error::SyntaxError;
use crate::diagnostics::Span;
use pest::iterators::{Pair, Pairs};
use pest::pratt_parser::{Assoc, Op, PrattParser};
use std::sync::LazyLock;

type P<'a> = Pair<'a, Rule>;

static PRATT: LazyLock<PrattParser<Rule>> = LazyLock::new(|| {
    PrattParser::new()
        .op(Op::infix(Rule::or_op, Assoc::Left))
        .op(Op::infix(Rule::and_op, Assoc::Left))
        .op(Op::prefix(Rule::not_op))
        .op(Op::infix(Rule::eq, Assoc::Left)
            | Op::infix(Rule::ne, Assoc::Left)
            | Op::infix(Rule::lt, Assoc::Left)
            | Op::infix(Rule::le, Assoc::Left)
            | Op::infix(Rule::gt, Assoc::Left)
            | Op::infix(Rule::ge, Assoc::Left)
            | Op::infix(Rule::in_op, Assoc::Left)
            | Op::infix(Rule::not_in_op, Assoc::Left))
        .op(Op::infix(Rule::sided_op, Assoc::Left))
        .op(Op::infix(Rule::range_excl, Assoc::Left) | Op::infix(Rule::range_incl, Assoc::Left))
        .op(Op::infix(Rule::xor, Assoc::Left))
        .op(Op::infix(Rule::add, Assoc::Left)
            | Op::infix(Rule::sub, Assoc::Left)
            | Op::infix(Rule::concat, Assoc::Left))
        .op(Op::infix(Rule::mul, Assoc::Left)
            | Op::infix(Rule::div, Assoc::Left)
            | Op::infix(Rule::rem, Assoc::Left))
        .op(Op::prefix(Rule::neg) | Op::prefix(Rule::star))
});

/// The lowering state: the errors found so far.
struct Lowerer {
    errors: Vec<SyntaxError>,
    /// The deepest expression lowered so far inside the primary being lowered
    /// (operators and brackets, counted as the tree will nest).
    inner: usize,
    /// Whether an expression too deep was reported (once is enough).
    too_deep: bool,
    /// How deep an expression may nest here ([`depth_limit`]).
    limit: usize,
}

/// Deepest an expression tree may nest. Each later pass (checking, evaluation,
/// dropping the tree) recurses on it, so a chain of 220,000 operators used to
/// overflow the stack; this bound keeps every pass well inside the 256 MiB
/// stack grundy runs on, and the diagnostic says how to split the expression.
pub const MAX_DEPTH: usize = 100_000;

/// Stack one level of an expression may take in the passes after parsing
/// (measured under 1.2 kB in an optimised build; unoptimised frames are
/// several times larger).
const STACK_PER_LEVEL: usize = if cfg!(debug_assertions) {
    16 << 10
} else {
    2 << 10
};

/// The depth this thread's stack allows: [`MAX_DEPTH`] on grundy's own
/// 256 MiB stack, less on a small one (a library caller's 2 MiB thread), so
/// that no program accepted here can overflow the stack later.
fn depth_limit() -> usize {
    crate::budget::remaining_stack().map_or(MAX_DEPTH, |left| {
        (left / STACK_PER_LEVEL).clamp(64, MAX_DEPTH)
    })
}

/// The span of a pair without the blanks and line breaks pest's implicit
/// whitespace leaves at its end (a rule ending in an optional part keeps the
/// whitespace skipped before trying it), so a label ends where the text does.
fn span_of(pair: &P<'_>) -> Span {
    let s = pair.as_span();
    let text = s.as_str();
    let kept = match text.trim_end_matches([' ', '\t', '\r', '\n']).len() {
        // A pair of blanks alone (a line break token) keeps its first character.
        0 => text.len().min(1),
        n => n,
    };
    Span::new(s.start(), s.start() + kept)
}

/// True for tokens that carry no meaning in the tree (punctuation, most keywords).
fn is_token(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::lparen
            | Rule::rparen
            | Rule::lbracket
            | Rule::rbracket
            | Rule::lbrace
            | Rule::rbrace
            | Rule::comma
            | Rule::colon
            | Rule::semicolon
            | Rule::assign
            | Rule::nl
            | Rule::EOI
            | Rule::game_kw
            | Rule::board_kw
            | Rule::let_kw
            | Rule::move_kw
            | Rule::left_kw
            | Rule::right_kw
            | Rule::stop_kw
            | Rule::when_kw
            | Rule::for_kw
            | Rule::in_kw
            | Rule::where_kw
            | Rule::on_kw
            | Rule::without_kw
            | Rule::if_kw
            | Rule::then_kw
            | Rule::else_kw
            | Rule::with_kw
            | Rule::assert_kw
            | Rule::print_kw
            | Rule::x_kw
            | Rule::grundy_kw
            | Rule::outcome_kw
            | Rule::moves_kw
            | Rule::winning_kw
            | Rule::sequence_kw
            | Rule::table_kw
            | Rule::canonical_kw
            | Rule::genus_kw
            | Rule::explain_kw
            | Rule::graph_kw
            | Rule::depth_kw
            | Rule::by_kw
            | Rule::from_kw
            | Rule::to_kw
            | Rule::atomicweight_kw
            | Rule::reduced_kw
            | Rule::cool_kw
            | Rule::heat_kw
            | Rule::overheat_kw
            | Rule::norton_kw
            | Rule::ordinalsum_kw
            | Rule::play_kw
            | Rule::compare_kw
            | Rule::temperature_kw
            | Rule::mean_kw
            | Rule::leftstop_kw
            | Rule::rightstop_kw
            | Rule::thermograph_kw
            | Rule::quotient_kw
            | Rule::symmetry_kw
            | Rule::up_to
            | Rule::inf_kw
    )
}

/// The meaningful children of a pair.
fn children<'a>(pair: P<'a>) -> Vec<P<'a>> {
    pair.into_inner()
        .filter(|p| !is_token(p.as_rule()))
        .collect()
}

/// Lowers a whole program.
pub fn lower_program(mut pairs: Pairs<'_, Rule>) -> Result<Program, Vec<SyntaxError>> {
    let mut lowerer = Lowerer {
        errors: Vec::new(),
        inner: 0,
        too_deep: false,
        limit: depth_limit(),
    };
    let mut statements = Vec::new();
    if let Some(program) = pairs.next() {
        for pair in children(program) {
            if let Some(stmt) = lowerer.lower_statement(pair) {
                statements.push(stmt);
            }
        }
    }
    if lowerer.errors.is_empty() {
        Ok(Program { statements })
    } else {
        Err(lowerer.errors)
    }
}

impl Lowerer {
    fn presume(&mut self, span: Span, what: &str) {
        self.errors.push(SyntaxError::Internal {
            span,
            what: what.to_string(),
        });
    }

    fn dummy(span: Span) -> Expr {
        Expr {
            kind: ExprKind::Int(0),
            span,
        }
    }

    /// `print EXPR`, or a bare expression: the expression to show.
    fn lower_print(&mut self, pair: P<'_>, span: Span) -> Print {
        let value = children(pair)
            .into_iter()
            .next()
            .map(|p| self.lower_expr(p));
        Print {
            value: value.unwrap_or_else(|| Self::dummy(span)),
            span,
        }
    }

    fn lower_statement(&mut self, pair: P<'_>) -> Option<Statement> {
        let span = span_of(&pair);
        match pair.as_rule() {
            Rule::game_def => Some(Statement::Game(self.lower_game_def(pair))),
            Rule::board_def => Some(Statement::Board(self.lower_board_def(pair))),
            Rule::let_def => Some(Statement::Let(self.lower_let_def(pair))),
            Rule::print_stmt => Some(Statement::Print(self.lower_print(pair, span))),
            Rule::show_stmt => Some(Statement::Show(self.lower_print(pair, span))),
            Rule::assert_stmt => Some(Statement::Assert(self.lower_assert(pair))),
            Rule::grundy_q
            | Rule::outcome_q
            | Rule::moves_q
            | Rule::winning_q
            | Rule::sequence_q
            | Rule::table_q
            | Rule::canonical_q
            | Rule::genus_q
            | Rule::explain_q
            | Rule::graph_q
            | Rule::play_q
            | Rule::compare_q
            | Rule::temperature_q
            | Rule::mean_q
            | Rule::leftstop_q
            | Rule::rightstop_q
            | Rule::thermograph_q
            | Rule::atomicweight_q
            | Rule::reduced_q
            | Rule::cool_q
            | Rule::heat_q
            | Rule::overheat_q
            | Rule::norton_q
            | Rule::ordinalsum_q
            | Rule::quotient_q => Some(Statement::Query(self.lower_query(pair))),
            _ => {
                self.presume(span, "a statement");
                None
            }
        }
    }

    fn lower_ident(&mut self, pair: P<'_>) -> Ident {
        Ident {
            name: pair.as_str().to_string(),
            span: span_of(&pair),
        }
    }

    fn lower_game_def(&mut self, pair: P<'_>) -> GameDef {
        let span = span_of(&pair);
        let mut partizan = false;
        let mut name = None;
        let mut family = Vec::new();
        let mut body = None;
        for child in children(pair) {
            match child.as_rule() {
                Rule::partizan_kw => partizan = true,
                Rule::ident => name = Some(self.lower_ident(child)),
                Rule::family_params => family = self.lower_params(child),
                Rule::game_alias => body = self.lower_game_alias(child),
                Rule::game_body => body = Some(self.lower_game_body(child)),
                _ => self.presume(span_of(&child), "a part of a game definition"),
            }
        }
        let name = name.unwrap_or_else(|| Ident {
            name: String::new(),
            span,
        });
        let body = body.unwrap_or(GameBody::Rules {
            params: vec![],
            board: None,
            rules: vec![],
        });
        GameDef {
            name,
            partizan,
            family,
            body,
            span,
        }
    }

    fn lower_game_alias(&mut self, pair: P<'_>) -> Option<GameBody> {
        let ctor = children(pair).into_iter().next()?;
        let span = span_of(&ctor);
        let mut parts = children(ctor).into_iter();
        let name = self.lower_ident(parts.next()?);
        let arg = parts.next()?;
        let args = match arg.as_rule() {
            Rule::call_args => match self.lower_call_args(arg) {
                CallArgs::List(args) => args,
                CallArgs::Comprehension(c) => vec![Expr {
                    span: c.body.span,
                    kind: ExprKind::ListComp(c),
                }],
            },
            _ => vec![self.lower_primary(arg)],
        };
        Some(GameBody::Alias(Constructor { name, args, span }))
    }

    fn lower_game_body(&mut self, pair: P<'_>) -> GameBody {
        let mut params = Vec::new();
        let mut board = None;
        let mut rules = Vec::new();
        for child in children(pair) {
            match child.as_rule() {
                Rule::params => params = self.lower_params(child),
                Rule::on_clause => {
                    board = children(child)
                        .into_iter()
                        .next()
                        .map(|p| self.lower_ident(p))
                }
                Rule::move_rule => rules.push(self.lower_rule(child, RuleKind::Move)),
                Rule::left_rule => rules.push(self.lower_rule(child, RuleKind::Left)),
                Rule::right_rule => rules.push(self.lower_rule(child, RuleKind::Right)),
                Rule::stop_rule => rules.push(self.lower_rule(child, RuleKind::Stop)),
                Rule::symmetry_rule => rules.push(self.lower_rule(child, RuleKind::Symmetry)),
                _ => self.presume(span_of(&child), "a part of a game body"),
            }
        }
        GameBody::Rules {
            params,
            board,
            rules,
        }
    }

    fn lower_params(&mut self, pair: P<'_>) -> Vec<Param> {
        children(pair)
            .into_iter()
            .map(|p| self.lower_param(p))
            .collect()
    }

    fn lower_param(&mut self, pair: P<'_>) -> Param {
        let span = span_of(&pair);
        let mut pattern = None;
        let mut ty = None;
        for child in children(pair) {
            match child.as_rule() {
                Rule::pattern => pattern = Some(self.lower_pattern(child)),
                Rule::type_name => {
                    ty = children(child)
                        .into_iter()
                        .next()
                        .map(|p| self.lower_ident(p))
                }
                _ => self.presume(span_of(&child), "a parameter"),
            }
        }
        let pattern = pattern.unwrap_or(Pattern::Name(Ident {
            name: String::new(),
            span,
        }));
        Param { pattern, ty, span }
    }

    fn lower_pattern(&mut self, pair: P<'_>) -> Pattern {
        let span = span_of(&pair);
        let Some(inner) = children(pair).into_iter().next() else {
            self.presume(span, "a pattern");
            return Pattern::Tuple(vec![], span);
        };
        match inner.as_rule() {
            Rule::ident => Pattern::Name(self.lower_ident(inner)),
            Rule::tuple_pattern => {
                let span = span_of(&inner);
                Pattern::Tuple(
                    children(inner)
                        .into_iter()
                        .map(|p| self.lower_pattern(p))
                        .collect(),
                    span,
                )
            }
            _ => {
                self.presume(span, "a pattern");
                Pattern::Tuple(vec![], span)
            }
        }
    }

    fn lower_rule(&mut self, pair: P<'_>, kind: RuleKind) -> Rule_ {
        let span = span_of(&pair);
        let mut option = None;
        let mut binders = Vec::new();
        let mut condition = None;
        for child in children(pair) {
            match child.as_rule() {
                Rule::expr => option = Some(self.lower_expr(child)),
                Rule::for_clause => binders = self.lower_for_clause(child),
                Rule::where_clause => condition = self.lower_where(child),
                _ => self.presume(span_of(&child), "a part of a rule"),
            }
        }
        Rule_ {
            kind,
            option: option.unwrap_or_else(|| Self::dummy(span)),
            binders,
            condition,
            span,
        }
    }

    fn lower_for_clause(&mut self, pair: P<'_>) -> Vec<Binder> {
        children(pair)
            .into_iter()
            .filter_map(|b| self.lower_binder(b))
            .collect()
    }

    fn lower_where(&mut self, pair: P<'_>) -> Option<Expr> {
        children(pair)
            .into_iter()
            .next()
            .map(|e| self.lower_expr(e))
    }

    fn lower_binder(&mut self, pair: P<'_>) -> Option<Binder> {
        let inner = children(pair).into_iter().next()?;
        let rule = inner.as_rule();
        let mut parts = children(inner).into_iter();
        let first = parts.next()?;
        let value = parts.next()?;
        match rule {
            Rule::in_binder => {
                let pattern = self.lower_pattern(first);
                Some(Binder::In(pattern, self.lower_expr(value)))
            }
            Rule::let_binder => {
                let name = self.lower_ident(first);
                Some(Binder::Let(name, self.lower_expr(value)))
            }
            _ => None,
        }
    }

    fn lower_board_def(&mut self, pair: P<'_>) -> BoardDef {
        let span = span_of(&pair);
        let mut parts = children(pair).into_iter();
        let name = parts.next().map(|p| self.lower_ident(p));
        let width = parts.next().map(|p| self.lower_board_size(p));
        let height = parts.next().map(|p| self.lower_board_size(p));
        let without = parts.next().map(|p| self.lower_expr(p));
        BoardDef {
            name: name.unwrap_or(Ident {
                name: String::new(),
                span,
            }),
            width: width.unwrap_or_else(|| Self::dummy(span)),
            height: height.unwrap_or_else(|| Self::dummy(span)),
            without,
            span,
        }
    }

    fn lower_board_size(&mut self, pair: P<'_>) -> Expr {
        let span = span_of(&pair);
        match children(pair).into_iter().next() {
            Some(inner) if inner.as_rule() == Rule::paren_expr => {
                match children(inner).into_iter().next() {
                    Some(e) => self.lower_expr(e),
                    None => Self::dummy(span),
                }
            }
            Some(inner) => self.lower_primary(inner),
            None => Self::dummy(span),
        }
    }

    fn lower_let_def(&mut self, pair: P<'_>) -> LetDef {
        let span = span_of(&pair);
        let mut name = None;
        let mut params = None;
        let mut value = None;
        for child in children(pair) {
            match child.as_rule() {
                Rule::ident => name = Some(self.lower_ident(child)),
                Rule::fn_params => {
                    params = Some(
                        children(child)
                            .into_iter()
                            .map(|p| self.lower_ident(p))
                            .collect(),
                    )
                }
                Rule::expr => value = Some(self.lower_expr(child)),
                _ => self.presume(span_of(&child), "a part of `let`"),
            }
        }
        LetDef {
            name: name.unwrap_or(Ident {
                name: String::new(),
                span,
            }),
            params,
            value: value.unwrap_or_else(|| Self::dummy(span)),
            span,
        }
    }

    fn lower_assert(&mut self, pair: P<'_>) -> Assert {
        let span = span_of(&pair);
        let Some(inner) = children(pair).into_iter().next() else {
            self.presume(span, "an assertion");
            return Assert {
                check: AssertCheck::Expr(Self::dummy(span)),
                span,
            };
        };
        let check = if inner.as_rule() == Rule::assert_query {
            let mut parts = children(inner)
                .into_iter()
                .filter(|p| p.as_rule() != Rule::eq);
            match (parts.next(), parts.next()) {
                (Some(q), Some(v)) if v.as_rule() == Rule::relation => {
                    // `== <`: the relation is written as a string for the comparison.
                    let value = Expr {
                        kind: ExprKind::Str(v.as_str().to_string()),
                        span: span_of(&v),
                    };
                    AssertCheck::Query(Box::new(self.lower_query(q)), value)
                }
                (Some(q), Some(v)) => {
                    let query = self.lower_query(q);
                    AssertCheck::Query(Box::new(query), self.lower_expr(v))
                }
                _ => {
                    self.presume(span, "an asserted query");
                    AssertCheck::Expr(Self::dummy(span))
                }
            }
        } else {
            AssertCheck::Expr(self.lower_expr(inner))
        };
        Assert { check, span }
    }

    fn lower_query(&mut self, pair: P<'_>) -> Query {
        let span = span_of(&pair);
        let kind = match pair.as_rule() {
            Rule::grundy_q => QueryKind::Grundy,
            Rule::outcome_q => QueryKind::Outcome,
            Rule::moves_q => QueryKind::Moves,
            Rule::winning_q => QueryKind::Winning,
            Rule::sequence_q => QueryKind::Sequence,
            Rule::table_q => QueryKind::Table,
            Rule::canonical_q => QueryKind::Canonical,
            Rule::genus_q => QueryKind::Genus,
            Rule::explain_q => QueryKind::Explain,
            Rule::graph_q => QueryKind::Graph,
            Rule::compare_q => QueryKind::Compare,
            Rule::temperature_q => QueryKind::Temperature,
            Rule::mean_q => QueryKind::Mean,
            Rule::leftstop_q => QueryKind::LeftStop,
            Rule::rightstop_q => QueryKind::RightStop,
            Rule::thermograph_q => QueryKind::Thermograph,
            Rule::atomicweight_q => QueryKind::AtomicWeight,
            Rule::reduced_q => QueryKind::Reduced,
            Rule::cool_q => QueryKind::Cool,
            Rule::heat_q => QueryKind::Heat,
            Rule::overheat_q => QueryKind::Overheat,
            Rule::norton_q => QueryKind::Norton,
            Rule::ordinalsum_q => QueryKind::OrdinalSum,
            Rule::quotient_q => QueryKind::Quotient,
            _ => QueryKind::Play,
        };
        let mut misere = false;
        let mut exprs = Vec::new();
        let mut line = None;
        let mut into = None;
        let mut into_next = false;
        for child in children(pair) {
            if into_next {
                into = Some(Box::new(self.lower_expr(child)));
                continue;
            }
            match child.as_rule() {
                Rule::misere_kw => misere = true,
                Rule::into_kw => into_next = true,
                Rule::comma => {}
                Rule::game_ref => exprs.push(self.lower_game_ref(child)),
                Rule::line_args => {
                    let whole = exprs.last().map_or(span, |g| g.span).join(span_of(&child));
                    line = Some(self.lower_line(child, whole));
                }
                _ => exprs.push(self.lower_expr(child)),
            }
        }
        let mut exprs = exprs.into_iter();
        let subject = exprs.next().unwrap_or_else(|| Self::dummy(span));
        let range = exprs.next();
        let bound = exprs.next().map(Box::new);
        Query {
            kind,
            misere,
            subject,
            range,
            bound,
            line,
            into,
            span,
        }
    }

    fn lower_game_ref(&mut self, pair: P<'_>) -> Expr {
        let span = span_of(&pair);
        let mut parts = children(pair).into_iter();
        let Some(name) = parts.next() else {
            return Self::dummy(span);
        };
        let name_span = span_of(&name);
        let base = Expr {
            kind: ExprKind::Name(name.as_str().to_string()),
            span: name_span,
        };
        let args: Vec<Expr> = parts.map(|p| self.lower_expr(p)).collect();
        if args.is_empty() {
            base
        } else {
            Expr {
                kind: ExprKind::Index(Box::new(base), args),
                span,
            }
        }
    }

    /// `(3, _)`: the fixed parameters and where the hole stands.
    fn lower_line(&mut self, pair: P<'_>, span: Span) -> Line {
        let mut fixed = Vec::new();
        let mut hole = 0;
        for p in children(pair) {
            if p.as_rule() == Rule::hole {
                hole = fixed.len();
            } else {
                fixed.push(self.lower_expr(p));
            }
        }
        Line { fixed, hole, span }
    }

    /// Lowers `expr` or `qexpr` with the Pratt parser.
    fn lower_expr(&mut self, pair: P<'_>) -> Expr {
        let pairs = pair.into_inner();
        let this = std::cell::RefCell::new(self);
        let result = PRATT
            .map_primary(|p| {
                let saved = std::mem::replace(&mut this.borrow_mut().inner, 0);
                let e = this.borrow_mut().lower_postfix(p);
                let mut me = this.borrow_mut();
                let depth = me.inner + 1;
                me.inner = saved;
                (e, false, depth)
            })
            .map_prefix(|op, (rhs, _, depth)| {
                let span = span_of(&op).join(rhs.span);
                let un = match op.as_rule() {
                    Rule::neg => UnOp::Neg,
                    Rule::star => UnOp::Nimber,
                    _ => UnOp::Not,
                };
                this.borrow_mut().deepen(
                    Expr {
                        kind: ExprKind::Unary(un, Box::new(rhs)),
                        span,
                    },
                    false,
                    depth + 1,
                )
            })
            .map_infix(|(lhs, lhs_cmp, l), op, (rhs, _, r)| {
                let bin = binop(op.as_rule());
                let span = lhs.span.join(rhs.span);
                if bin.is_comparison() && lhs_cmp {
                    this.borrow_mut()
                        .errors
                        .push(SyntaxError::ChainedComparison {
                            span,
                            op: bin.symbol().to_string(),
                        });
                }
                this.borrow_mut().deepen(
                    Expr {
                        kind: ExprKind::Binary(bin, Box::new(lhs), Box::new(rhs)),
                        span,
                    },
                    bin.is_comparison(),
                    l.max(r) + 1,
                )
            })
            .parse(pairs);
        let mut me = this.borrow_mut();
        me.inner = me.inner.max(result.2);
        result.0
    }

    /// An operator's expression at `depth`: past the limit it is reported
    /// (once) and replaced by a placeholder, so no tree deeper than that is
    /// ever built.
    fn deepen(&mut self, e: Expr, comparison: bool, depth: usize) -> (Expr, bool, usize) {
        if depth <= self.limit {
            return (e, comparison, depth);
        }
        if !self.too_deep {
            self.too_deep = true;
            self.errors.push(SyntaxError::TooLong {
                span: Span::new(e.span.start, e.span.start),
                limit: self.limit,
            });
        }
        (Self::dummy(e.span), comparison, 1)
    }

    fn lower_postfix(&mut self, pair: P<'_>) -> Expr {
        let mut parts = children(pair).into_iter();
        let Some(first) = parts.next() else {
            return Self::dummy(Span::default());
        };
        let mut expr = self.lower_primary(first);
        for post in parts {
            let span = expr.span.join(span_of(&post));
            let kind = match post.as_rule() {
                Rule::call_args => ExprKind::Call(Box::new(expr), self.lower_call_args(post)),
                Rule::index => {
                    let args = children(post)
                        .into_iter()
                        .map(|p| self.lower_expr(p))
                        .collect();
                    ExprKind::Index(Box::new(expr), args)
                }
                Rule::with_clause => {
                    let mut items = Vec::new();
                    for item in children(post) {
                        let mut kv = children(item).into_iter();
                        if let (Some(k), Some(v)) = (kv.next(), kv.next()) {
                            let k = self.lower_expr(k);
                            let v = self.lower_expr(v);
                            items.push((k, v));
                        }
                    }
                    ExprKind::With(Box::new(expr), items)
                }
                _ => {
                    self.presume(span, "a call, index or `with`");
                    return expr;
                }
            };
            expr = Expr { kind, span };
        }
        expr
    }

    fn lower_call_args(&mut self, pair: P<'_>) -> CallArgs {
        match self.lower_items(pair) {
            Items::Comprehension(c) => CallArgs::Comprehension(Box::new(c)),
            Items::List(items) => CallArgs::List(items),
        }
    }

    /// The contents of `( … )` or `[ … ]`: expressions, or one comprehension.
    fn lower_items(&mut self, pair: P<'_>) -> Items {
        let parts = children(pair);
        let tail = parts
            .iter()
            .position(|p| p.as_rule() == Rule::comprehension_tail);
        let mut exprs = Vec::new();
        let mut binders = Vec::new();
        let mut condition = None;
        for part in parts {
            if part.as_rule() == Rule::comprehension_tail {
                for t in children(part) {
                    match t.as_rule() {
                        Rule::for_clause => binders = self.lower_for_clause(t),
                        Rule::where_clause => condition = self.lower_where(t),
                        _ => self.presume(span_of(&t), "a comprehension"),
                    }
                }
            } else {
                exprs.push(self.lower_expr(part));
            }
        }
        match (tail, exprs.pop()) {
            (Some(_), Some(body)) => Items::Comprehension(Comprehension {
                body,
                binders,
                condition,
            }),
            (_, last) => {
                exprs.extend(last);
                Items::List(exprs)
            }
        }
    }

    /// `if c then t else e`.
    fn lower_if(&mut self, pair: P<'_>, span: Span) -> Expr {
        let mut parts = children(pair)
            .into_iter()
            .map(|p| self.lower_expr(p))
            .collect::<Vec<_>>();
        if parts.len() != 3 {
            self.presume(span, "if/then/else");
            return Self::dummy(span);
        }
        let e = parts.pop().unwrap_or_else(|| Self::dummy(span));
        let t = parts.pop().unwrap_or_else(|| Self::dummy(span));
        let c = parts.pop().unwrap_or_else(|| Self::dummy(span));
        let kind = ExprKind::If(Box::new(c), Box::new(t), Box::new(e));
        Expr { kind, span }
    }

    /// `(a, b)` is a tuple, `(a,)` too; `(a)` is `a`, spanning the parentheses.
    fn lower_tuple(&mut self, pair: P<'_>, span: Span) -> Expr {
        let trailing_comma = pair
            .clone()
            .into_inner()
            .filter(|p| p.as_rule() == Rule::comma)
            .count();
        let items: Vec<Expr> = children(pair)
            .into_iter()
            .map(|p| self.lower_expr(p))
            .collect();
        if items.len() == 1 && trailing_comma == 0 {
            let mut inner = items
                .into_iter()
                .next()
                .unwrap_or_else(|| Self::dummy(span));
            inner.span = span;
            return inner;
        }
        Expr {
            kind: ExprKind::Tuple(items),
            span,
        }
    }

    /// `{L | R}` is a game; `{a, b}` without a bar is a set.
    fn lower_braces(&mut self, pair: P<'_>) -> ExprKind {
        let mut sides = Vec::with_capacity(2);
        let mut bar = false;
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::bar => bar = true,
                Rule::brace_side => sides.push(
                    children(part)
                        .into_iter()
                        .map(|p| self.lower_expr(p))
                        .collect::<Vec<_>>(),
                ),
                _ => {}
            }
        }
        let right = if bar { sides.pop() } else { None };
        let left = sides.pop().unwrap_or_default();
        match right {
            Some(right) => ExprKind::Braces(left, right),
            None => ExprKind::Set(left),
        }
    }

    /// A loopy literal: `{0 | pass}`, `a{0 | {0 | a}}`.
    fn lower_loopy(&mut self, pair: P<'_>) -> ExprKind {
        let mut lit = LoopyLit { nodes: Vec::new() };
        let mut scope = Vec::new();
        self.loopy_node(pair, &mut lit, &mut scope);
        ExprKind::Loopy(Box::new(lit))
    }

    /// One pair of braces of a loopy literal (labelled or not) as a node,
    /// with `scope` the labels of the braces around it and their nodes.
    fn loopy_node(
        &mut self,
        pair: P<'_>,
        lit: &mut LoopyLit<Expr>,
        scope: &mut Vec<(Option<String>, u32)>,
    ) -> u32 {
        let span = span_of(&pair);
        let (label, braces) = match pair.as_rule() {
            Rule::labeled_braces => {
                let mut inner = children(pair);
                let braces = inner.pop();
                let label = inner.pop().map(|p| p.as_str().to_string());
                (label, braces)
            }
            _ => (None, Some(pair)),
        };
        let id = lit.nodes.len() as u32;
        lit.nodes.push((Vec::new(), Vec::new()));
        scope.push((label, id));
        let mut sides: Vec<Vec<LoopyOption<Expr>>> = Vec::with_capacity(2);
        let mut bar = false;
        for part in braces
            .map(|b| b.into_inner().collect::<Vec<_>>())
            .unwrap_or_default()
        {
            match part.as_rule() {
                Rule::bar => bar = true,
                Rule::brace_side => {
                    let options = children(part)
                        .into_iter()
                        .map(|p| self.loopy_option(p, lit, scope))
                        .collect();
                    sides.push(options);
                }
                _ => {}
            }
        }
        scope.pop();
        if !bar {
            // `a{1, 2}`: a label before a set.
            self.errors.push(SyntaxError::LoopRef { span });
        }
        let right = if bar { sides.pop() } else { None };
        let left = sides.pop().unwrap_or_default();
        if let Some(node) = lit.nodes.get_mut(id as usize) {
            *node = (left, right.unwrap_or_default());
        }
        id
    }

    /// One option of a loopy literal's braces.
    fn loopy_option(
        &mut self,
        pair: P<'_>,
        lit: &mut LoopyLit<Expr>,
        scope: &mut Vec<(Option<String>, u32)>,
    ) -> LoopyOption<Expr> {
        let sole = sole_primary(pair.clone());
        if let Some(p) = &sole {
            match p.as_rule() {
                Rule::ident if p.as_str() == "pass" => {
                    if let Some(&(_, id)) = scope.last() {
                        return LoopyOption::Node(id);
                    }
                }
                Rule::ident => {
                    let named = scope
                        .iter()
                        .rev()
                        .find(|(l, _)| l.as_deref() == Some(p.as_str()));
                    if let Some(&(_, id)) = named {
                        return LoopyOption::Node(id);
                    }
                }
                Rule::labeled_braces => {
                    return LoopyOption::Node(self.loopy_node(p.clone(), lit, scope));
                }
                // Game braces inside a loopy literal are nodes of its graph
                // (the same game as a separate literal, found without
                // scanning them for references again).
                Rule::brace_literal if p.clone().into_inner().any(|q| q.as_rule() == Rule::bar) => {
                    return LoopyOption::Node(self.loopy_node(p.clone(), lit, scope));
                }
                _ => {}
            }
        }
        let labels: Vec<String> = scope.iter().filter_map(|(l, _)| l.clone()).collect();
        if escapes(&pair, &labels, true) {
            self.errors.push(SyntaxError::LoopRef {
                span: span_of(&pair),
            });
        }
        LoopyOption::Game(self.lower_expr(pair))
    }

    fn lower_primary(&mut self, pair: P<'_>) -> Expr {
        let span = span_of(&pair);
        let kind = match pair.as_rule() {
            Rule::integer => match pair.as_str().parse::<i64>() {
                Ok(n) => ExprKind::Int(n),
                Err(_) => {
                    self.errors.push(SyntaxError::IntegerTooLarge { span });
                    ExprKind::Int(0)
                }
            },
            Rule::true_lit => ExprKind::Bool(true),
            Rule::false_lit => ExprKind::Bool(false),
            Rule::string => ExprKind::Str(unescape(pair.as_str())),
            Rule::square => match parse_square(pair.as_str()) {
                Some((c, r)) => ExprKind::Square(c, r),
                None => {
                    self.errors.push(SyntaxError::BadSquare { span });
                    ExprKind::Square(1, 1)
                }
            },
            Rule::ident => ExprKind::Name(pair.as_str().to_string()),
            Rule::query_expr => match children(pair).into_iter().next() {
                Some(query) => ExprKind::Query(Box::new(self.lower_query(query))),
                None => return Self::dummy(span),
            },
            Rule::if_expr => return self.lower_if(pair, span),
            Rule::tuple_or_paren => return self.lower_tuple(pair, span),
            Rule::paren_expr => {
                return children(pair)
                    .into_iter()
                    .next()
                    .map(|p| self.lower_expr(p))
                    .unwrap_or_else(|| Self::dummy(span));
            }
            Rule::list_literal => match self.lower_items(pair) {
                Items::Comprehension(c) => ExprKind::ListComp(Box::new(c)),
                Items::List(items) => ExprKind::List(items),
            },
            Rule::inf_literal => ExprKind::Infinite(
                children(pair)
                    .into_iter()
                    .filter(|p| p.as_rule() != Rule::inf_kw)
                    .map(|p| self.lower_expr(p))
                    .collect(),
            ),
            Rule::set_literal => ExprKind::Set(
                children(pair)
                    .into_iter()
                    .map(|p| self.lower_expr(p))
                    .collect(),
            ),
            Rule::brace_literal if is_loopy(&pair, &[]) => self.lower_loopy(pair),
            Rule::brace_literal => self.lower_braces(pair),
            Rule::labeled_braces => self.lower_loopy(pair),
            Rule::lone_star => ExprKind::Arrows { ups: 0, star: true },
            Rule::up_literal | Rule::down_star => match arrows(pair.as_str()) {
                Some((ups, star)) => ExprKind::Arrows { ups, star },
                None => {
                    self.errors.push(SyntaxError::TooManyArrows { span });
                    ExprKind::Int(0)
                }
            },
            Rule::expr | Rule::qexpr => return self.lower_expr(pair),
            _ => {
                self.presume(span, "an expression");
                ExprKind::Int(0)
            }
        };
        Expr { kind, span }
    }
}

/// True when game braces (`{… | …}`) return to themselves or to braces
/// labelled `labels` around them: `pass`, one of the labels, or a label of
/// their own inside.
fn is_loopy(pair: &P<'_>, labels: &[String]) -> bool {
    let has_bar = pair.clone().into_inner().any(|p| p.as_rule() == Rule::bar);
    has_bar && mentions_loop(pair, labels)
}

/// True when `pass`, one of `labels` or a labelled literal occurs in `pair`.
fn mentions_loop(pair: &P<'_>, labels: &[String]) -> bool {
    pair.clone()
        .into_inner()
        .flatten()
        .any(|p| match p.as_rule() {
            Rule::ident => p.as_str() == "pass" || labels.iter().any(|l| l == p.as_str()),
            Rule::labeled_braces => true,
            _ => false,
        })
}

/// True when `pair` names braces outside it: one of `labels`, or `pass`
/// when `pass_free` (outside any game braces of its own, where `pass` would
/// name those).
fn escapes(pair: &P<'_>, labels: &[String], pass_free: bool) -> bool {
    pair.clone().into_inner().any(|p| match p.as_rule() {
        Rule::ident => {
            (pass_free && p.as_str() == "pass") || labels.iter().any(|l| l == p.as_str())
        }
        Rule::brace_literal | Rule::labeled_braces => {
            let game = p
                .clone()
                .into_inner()
                .flatten()
                .any(|q| q.as_rule() == Rule::bar);
            escapes(&p, labels, pass_free && !game)
        }
        _ => escapes(&p, labels, pass_free),
    })
}

/// The one primary an expression is, with no operator, call or index
/// (`pass`, `a`, `{0 | pass}`), if it is one.
fn sole_primary(pair: P<'_>) -> Option<P<'_>> {
    let mut p = pair;
    loop {
        match p.as_rule() {
            Rule::expr | Rule::qexpr | Rule::postfix_expr => {
                let mut inner = p.into_inner();
                let only = inner.next()?;
                if inner.next().is_some() {
                    return None;
                }
                p = only;
            }
            _ => return Some(p),
        }
    }
}

/// What a bracket holds.
enum Items {
    /// Plain expressions.
    List(Vec<Expr>),
    /// `EXPR for … where …`.
    Comprehension(Comprehension),
}

/// Keeps the name `Rule` for the grammar's rule enum.
type Rule_ = super::ast::Rule;

fn binop(rule: Rule) -> BinOp {
    match rule {
        Rule::or_op => BinOp::Or,
        Rule::and_op => BinOp::And,
        Rule::eq => BinOp::Eq,
        Rule::ne => BinOp::Ne,
        Rule::lt => BinOp::Lt,
        Rule::le => BinOp::Le,
        Rule::gt => BinOp::Gt,
        Rule::ge => BinOp::Ge,
        Rule::in_op => BinOp::In,
        Rule::not_in_op => BinOp::NotIn,
        Rule::sided_op => BinOp::Sided,
        Rule::range_excl => BinOp::RangeExcl,
        Rule::range_incl => BinOp::RangeIncl,
        Rule::xor => BinOp::Xor,
        Rule::add => BinOp::Add,
        Rule::sub => BinOp::Sub,
        Rule::concat => BinOp::Concat,
        Rule::mul => BinOp::Mul,
        Rule::div => BinOp::Div,
        _ => BinOp::Rem,
    }
}

/// Resolves the escapes of a string literal (quotes included in `raw`).
fn unescape(raw: &str) -> String {
    let inner = raw.get(1..raw.len().saturating_sub(1)).unwrap_or("");
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some(other) => out.push(other),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// `@f8` → (6, 8); columns after z continue aa, ab, … (bijective base 26).
pub fn parse_square(text: &str) -> Option<(i64, i64)> {
    let body = text.strip_prefix('@')?;
    let letters: String = body
        .chars()
        .take_while(|c| c.is_ascii_lowercase())
        .collect();
    let digits = body.get(letters.len()..)?;
    let mut col: i64 = 0;
    for c in letters.chars() {
        col = col
            .checked_mul(26)?
            .checked_add(i64::from(c as u8 - b'a' + 1))?;
    }
    let row: i64 = digits.parse().ok()?;
    if col < 1 || row < 1 || col > 1_000_000 || row > 1_000_000 {
        return None;
    }
    Some((col, row))
}

/// The inverse of [`parse_square`]: (6, 8) → `@f8`.
pub fn square_name(col: i64, row: i64) -> String {
    let mut letters = Vec::new();
    let mut c = col;
    while c > 0 {
        let rem = (c - 1) % 26;
        letters.push((b'a' + rem as u8) as char);
        c = (c - 1) / 26;
    }
    letters.reverse();
    format!("@{}{}", letters.into_iter().collect::<String>(), row)
}

/// Reads `^`, `^^`, `^3`, `^*`, `v*`, `vv*`, `v3*`: (ups minus downs, star).
/// `None` when the count does not fit the canonical-form store (`i32`).
pub fn arrows(text: &str) -> Option<(i64, bool)> {
    let (body, star) = match text.strip_suffix('*') {
        Some(b) => (b, true),
        None => (text, false),
    };
    let arrow = body.chars().next()?;
    let sign = if arrow == 'v' { -1 } else { 1 };
    let rest = body.trim_start_matches(arrow);
    let count = if rest.is_empty() {
        i64::try_from(body.len()).ok()?
    } else {
        rest.parse::<i64>()
            .ok()
            .filter(|&k| k <= i64::from(i32::MAX))?
    };
    Some((sign * count, star))
}

/// True for `v`, `vv`, `vvv`, … and `v2`, `v3`, …: the spellings of downs.
pub fn is_downs(name: &str) -> bool {
    let rest = name.trim_start_matches('v');
    name.starts_with('v')
        && (rest.is_empty()
            || (name.len() - rest.len() == 1 && rest.bytes().all(|b| b.is_ascii_digit())))
}

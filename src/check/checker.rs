//! Checks a parsed program against the globals defined so far: registers every
//! definition first (games may be used before they are defined), then resolves
//! each statement, collecting all errors.

use super::check_error::CheckError;
use super::program::*;
use crate::diagnostics::Span;
use crate::lang::value::Value;
use crate::syntax::ast;
use std::collections::HashMap;

/// The checker's state for one program (file or REPL entry).
pub struct Checker<'g> {
    pub(super) globals: &'g mut Globals,
    pub(super) source: &'g str,
    pub(super) errors: Vec<CheckError>,
    /// Visible locals, innermost last: (name, slot).
    pub(super) scope: Vec<(String, usize)>,
    pub(super) next_slot: usize,
    pub(super) max_slot: usize,
    /// The board of the game being checked.
    pub(super) board: Option<BoardId>,
    /// The game being checked names a board that does not exist (already
    /// reported): `ray` and `step` are not blamed for it again.
    pub(super) board_unknown: bool,
    /// True while checking a game body (where `ray`/`step` are allowed).
    pub(super) in_game: bool,
    /// Lets of this program not yet reached: name → definition span.
    pub(super) pending_lets: HashMap<String, Span>,
    /// Kinds of operator expressions already worked out, by span.
    pub(super) kinds: HashMap<Span, super::check_expr::Kind>,
}

/// Checks `program` (whose text is `source`) and extends `globals` with its
/// definitions. With `replace`, a definition may replace an earlier one (REPL).
pub fn check_program(
    program: &ast::Program,
    source: &str,
    globals: &mut Globals,
    replace: bool,
) -> Result<Vec<Stmt>, Vec<CheckError>> {
    let mut checker = Checker {
        globals,
        source,
        errors: Vec::new(),
        scope: Vec::new(),
        next_slot: 0,
        max_slot: 0,
        board: None,
        board_unknown: false,
        in_game: false,
        pending_lets: HashMap::new(),
        kinds: HashMap::new(),
    };
    checker.register(program, replace);
    let mut stmts = Vec::new();
    for statement in &program.statements {
        if let Some(stmt) = checker.check_statement(statement) {
            stmts.push(stmt);
        }
    }
    checker.check_tartan_factors(&stmts);
    if checker.errors.is_empty() {
        Ok(stmts)
    } else {
        Err(checker.errors)
    }
}

impl<'g> Checker<'g> {
    /// Pass 1: give every definition its id so that later uses resolve.
    fn register(&mut self, program: &ast::Program, replace: bool) {
        let mut seen: HashMap<String, Span> = HashMap::new();
        for statement in &program.statements {
            let name = match statement {
                ast::Statement::Game(g) => &g.name,
                ast::Statement::Board(b) => &b.name,
                ast::Statement::Let(l) => &l.name,
                _ => continue,
            };
            if let Some(previous) = seen.get(&name.name) {
                self.errors.push(CheckError::Redefined {
                    name: name.name.clone(),
                    span: name.span,
                    previous: *previous,
                });
                continue;
            }
            seen.insert(name.name.clone(), name.span);
            let existing = self.globals.names.get(&name.name).copied();
            if let (Some(existing), false) = (existing, replace) {
                let previous = self.global_span(existing);
                self.errors.push(CheckError::Redefined {
                    name: name.name.clone(),
                    span: name.span,
                    previous,
                });
                continue;
            }
            if let Some(global) = self.new_global(statement, existing) {
                self.globals.names.insert(name.name.clone(), global);
            }
        }
        self.placeholder_params(program);
    }

    /// The global a definition registers, with a placeholder body (checked in
    /// pass 2): a game redefined in the REPL keeps its id.
    fn new_global(
        &mut self,
        statement: &ast::Statement,
        existing: Option<Global>,
    ) -> Option<Global> {
        let g = &mut *self.globals;
        Some(match statement {
            ast::Statement::Game(d) => match existing {
                Some(Global::Game(id)) => Global::Game(id),
                _ => {
                    g.games.push(placeholder_game(&d.name.name, d.span));
                    Global::Game(g.games.len() - 1)
                }
            },
            ast::Statement::Board(b) => {
                g.boards.push(Board {
                    name: b.name.name.clone(),
                    width: const_expr(Value::Int(0), b.span),
                    height: const_expr(Value::Int(0), b.span),
                    without: None,
                    frame_size: 0,
                    span: b.span,
                });
                Global::Board(g.boards.len() - 1)
            }
            ast::Statement::Let(l) => match &l.params {
                None => {
                    g.constants.push(Constant {
                        name: l.name.name.clone(),
                        span: l.span,
                    });
                    self.pending_lets.insert(l.name.name.clone(), l.name.span);
                    Global::Const(g.constants.len() - 1)
                }
                Some(params) => {
                    g.functions.push(Function {
                        name: l.name.name.clone(),
                        arity: params.len(),
                        body: const_expr(Value::Int(0), l.span),
                        frame_size: 0,
                        span: l.span,
                    });
                    Global::Func(g.functions.len() - 1)
                }
            },
            _ => return None,
        })
    }

    /// Arity and family counts must be known before any call is checked:
    /// each game gets placeholder parameters of the right number.
    fn placeholder_params(&mut self, program: &ast::Program) {
        for statement in &program.statements {
            if let ast::Statement::Game(g) = statement {
                if let Some(Global::Game(id)) = self.globals.names.get(&g.name.name).copied() {
                    let params = match &g.body {
                        ast::GameBody::Rules { params, .. } => params.len(),
                        ast::GameBody::Alias(c) if c.name.name == "tartan" => 2,
                        ast::GameBody::Alias(_) => 1,
                    };
                    if let Some(game) = self.globals.games.get_mut(id) {
                        game.family = (0..g.family.len()).map(|_| dummy_param(g.span)).collect();
                        game.params = (0..params).map(|_| dummy_param(g.span)).collect();
                    }
                }
            }
        }
    }

    fn global_span(&self, global: Global) -> Span {
        match global {
            Global::Game(id) => self.globals.games.get(id).map(|g| g.span),
            Global::Board(id) => self.globals.boards.get(id).map(|b| b.span),
            Global::Const(id) => self.globals.constants.get(id).map(|c| c.span),
            Global::Func(id) => self.globals.functions.get(id).map(|f| f.span),
        }
        .unwrap_or_default()
    }

    /// Starts a fresh frame (a game, function or top-level expression).
    pub(super) fn reset_frame(&mut self) {
        self.scope.clear();
        self.next_slot = 0;
        self.max_slot = 0;
    }

    /// Binds `name` to a new slot in the current scope.
    pub(super) fn bind(&mut self, name: &ast::Ident) -> usize {
        let slot = self.next_slot;
        self.next_slot += 1;
        self.max_slot = self.max_slot.max(self.next_slot);
        self.scope.push((name.name.clone(), slot));
        slot
    }

    /// Binds every name of a pattern.
    pub(super) fn bind_pattern(
        &mut self,
        pattern: &ast::Pattern,
        seen: &mut Vec<String>,
    ) -> SlotPattern {
        match pattern {
            ast::Pattern::Name(id) => {
                if seen.contains(&id.name) {
                    self.errors.push(CheckError::DuplicateName {
                        name: id.name.clone(),
                        span: id.span,
                    });
                }
                seen.push(id.name.clone());
                SlotPattern::Slot(self.bind(id))
            }
            ast::Pattern::Tuple(items, span) => SlotPattern::Tuple(
                items.iter().map(|p| self.bind_pattern(p, seen)).collect(),
                *span,
            ),
        }
    }

    fn check_statement(&mut self, statement: &ast::Statement) -> Option<Stmt> {
        match statement {
            ast::Statement::Game(g) => self.check_game(g).map(Stmt::Game),
            ast::Statement::Board(b) => self.check_board(b).map(Stmt::Board),
            ast::Statement::Let(l) => self.check_let(l),
            ast::Statement::Print(p) => {
                let text = self.text(p.value.span);
                Some(Stmt::Print(self.top_expr(&p.value), text, p.span))
            }
            ast::Statement::Show(p) => {
                let text = self.text(p.value.span);
                Some(Stmt::Show(self.top_expr(&p.value), text, p.span))
            }
            ast::Statement::Assert(a) => match &a.check {
                ast::AssertCheck::Expr(e) => Some(Stmt::AssertExpr(self.top_expr(e), a.span)),
                ast::AssertCheck::Query(q, value) => {
                    let query = self.check_query(q);
                    let value = self.assert_value(q.kind, value);
                    Some(Stmt::AssertQuery(query, value, a.span))
                }
            },
            ast::Statement::Query(q) => Some(Stmt::Query(self.check_query(q))),
        }
    }

    /// The source text of a span, trimmed.
    pub(super) fn text(&self, span: Span) -> String {
        self.source
            .get(span.start..span.end)
            .unwrap_or("")
            .trim()
            .to_string()
    }

    /// Checks an expression that runs at the top level in a frame of its own.
    pub(super) fn top_expr(&mut self, e: &ast::Expr) -> TopExpr {
        self.reset_frame();
        self.in_game = false;
        let expr = self.check_expr(e);
        TopExpr {
            expr,
            frame_size: self.max_slot,
        }
    }

    fn assert_value(&mut self, kind: ast::QueryKind, value: &ast::Expr) -> TopExpr {
        match self.outcome_letter(kind, value) {
            Some(letter) => TopExpr {
                expr: letter,
                frame_size: 0,
            },
            None => self.top_expr(value),
        }
    }

    /// `P`, `N`, `L`, `R` or `D` compared with an outcome (LANGUAGE-NOTES
    /// entry 10): the letter as an outcome value, unless the program defines
    /// that name.
    pub(super) fn outcome_letter(&self, kind: ast::QueryKind, value: &ast::Expr) -> Option<Expr> {
        let ast::ExprKind::Name(n) = &value.kind else {
            return None;
        };
        let is_outcome = matches!(
            n.as_str(),
            "P" | "N" | "L" | "R" | "D" | "NHat" | "PHat" | "NCheck" | "PCheck"
        );
        let bound = self.globals.names.contains_key(n) || self.is_local(n);
        (is_outcome && kind == ast::QueryKind::Outcome && !bound)
            .then(|| const_expr(Value::Str(n.as_str().into()), value.span))
    }

    /// A query written as a statement: its operands run in a frame of their own.
    fn check_query(&mut self, q: &ast::Query) -> Query {
        self.reset_frame();
        self.in_game = false;
        let mut query = self.query_operands(q);
        query.frame_size = self.max_slot;
        query
    }

    /// Resolves a query's operands in the current frame; `sequence` and
    /// `quotient` must name a game.
    pub(super) fn query_operands(&mut self, q: &ast::Query) -> Query {
        let subject = self.check_expr(&q.subject);
        let range = q.range.as_ref().map(|r| self.check_expr(r));
        let bound = q.bound.as_deref().map(|r| self.check_expr(r));
        let line = q.line.as_ref().map(|l| (self.check_all(&l.fixed), l.hole));
        let into = q.into.as_deref().map(|e| self.check_expr(e));
        let names_a_game = match q.kind {
            ast::QueryKind::Sequence => true,
            // `quotient G` of a position has no bound.
            ast::QueryKind::Quotient => q.range.is_some(),
            _ => false,
        };
        if names_a_game {
            let is_game = matches!(subject.kind, ExprKind::GameRef { .. });
            if !is_game && !matches!(subject.kind, ExprKind::Const(_)) {
                let what = match subject.kind {
                    ExprKind::Global(_) => "a constant",
                    ExprKind::Local(_) => "a variable",
                    ExprKind::GameCall { .. } => "a position",
                    _ => "an expression",
                };
                self.errors.push(CheckError::NotAGame {
                    name: self.text(q.subject.span),
                    what: what.into(),
                    span: q.subject.span,
                });
            }
        }
        Query {
            kind: q.kind,
            misere: q.misere,
            subject,
            range,
            bound,
            line,
            into,
            // `compare G H`: both games, as written; `mr(3, _)` with its line.
            text: match (&q.kind, &q.range, &q.line) {
                (ast::QueryKind::Compare, Some(h), _) => self.text(q.subject.span.join(h.span)),
                // `cool G by 1`, `overheat G from s to t`: everything after the word.
                (k, Some(h), _) if k.operands_are_games() => {
                    let last = q.bound.as_deref().map_or(h.span, |b| b.span);
                    self.text(q.subject.span.join(last))
                }
                (ast::QueryKind::Table, Some(_), _) => match q.bound.as_deref() {
                    Some(cols) => self.text(q.subject.span.join(cols.span)),
                    None => self.text(q.subject.span),
                },
                (_, _, Some(l)) => self.text(l.span),
                _ => self.text(q.subject.span),
            },
            span: q.span,
            frame_size: 0,
        }
    }

    fn check_let(&mut self, l: &ast::LetDef) -> Option<Stmt> {
        let global = self.globals.names.get(&l.name.name).copied();
        match (global, &l.params) {
            (Some(Global::Func(id)), Some(params)) => {
                self.reset_frame();
                self.in_game = false;
                let mut seen = Vec::new();
                for p in params {
                    if seen.contains(&p.name) {
                        self.errors.push(CheckError::DuplicateName {
                            name: p.name.clone(),
                            span: p.span,
                        });
                    }
                    seen.push(p.name.clone());
                    self.bind(p);
                }
                let body = self.check_expr(&l.value);
                let frame_size = self.max_slot;
                if let Some(f) = self.globals.functions.get_mut(id) {
                    f.body = body;
                    f.frame_size = frame_size;
                    f.arity = params.len();
                }
                Some(Stmt::Function(id))
            }
            (Some(Global::Const(id)), None) => {
                let value = self.top_expr(&l.value);
                // From here on the constant may be used.
                self.pending_lets.remove(&l.name.name);
                Some(Stmt::Let(id, value))
            }
            _ => None, // a redefinition error was already reported
        }
    }

    fn check_board(&mut self, b: &ast::BoardDef) -> Option<BoardId> {
        let Some(Global::Board(id)) = self.globals.names.get(&b.name.name).copied() else {
            return None;
        };
        self.reset_frame();
        self.in_game = false;
        let width = self.check_expr(&b.width);
        let height = self.check_expr(&b.height);
        let without = b.without.as_ref().map(|w| self.check_expr(w));
        let frame_size = self.max_slot;
        if let Some(board) = self.globals.boards.get_mut(id) {
            *board = Board {
                name: b.name.name.clone(),
                width,
                height,
                without,
                frame_size,
                span: b.span,
            };
        }
        Some(id)
    }

    fn check_game(&mut self, g: &ast::GameDef) -> Option<GameId> {
        let Some(Global::Game(id)) = self.globals.names.get(&g.name.name).copied() else {
            return None;
        };
        self.reset_frame();
        self.in_game = true;
        let mut seen = Vec::new();
        let family: Vec<Param> = g
            .family
            .iter()
            .map(|p| self.check_param(p, &mut seen))
            .collect();
        let (params, board, body) = match &g.body {
            ast::GameBody::Rules {
                params,
                board,
                rules,
            } => {
                let params: Vec<Param> = params
                    .iter()
                    .map(|p| self.check_param(p, &mut seen))
                    .collect();
                let board = board
                    .as_ref()
                    .and_then(|b| match self.globals.names.get(&b.name) {
                        Some(Global::Board(id)) => Some(*id),
                        _ => {
                            self.errors.push(CheckError::UnknownBoard {
                                name: b.name.clone(),
                                span: b.span,
                            });
                            self.board_unknown = true;
                            None
                        }
                    });
                self.board = board;
                let base = self.next_slot;
                let base_scope = self.scope.len();
                let mut checked = Vec::new();
                for rule in rules {
                    self.next_slot = base;
                    self.scope.truncate(base_scope);
                    checked.push(self.check_rule(rule, g.partizan));
                }
                self.scope.truncate(base_scope);
                (params, board, GameBody::Rules(checked))
            }
            ast::GameBody::Alias(c) => {
                if g.partizan {
                    self.errors
                        .push(CheckError::PartizanConstructor { span: g.span });
                }
                let (params, ctor) = self.check_constructor(c);
                (params, None, GameBody::Constructed(ctor))
            }
        };
        self.board = None;
        self.board_unknown = false;
        self.in_game = false;
        let game = Game {
            name: g.name.name.clone(),
            partizan: g.partizan,
            family,
            params,
            board,
            body,
            frame_size: self.max_slot,
            span: g.span,
            source: self
                .source
                .get(g.span.start..g.span.end)
                .unwrap_or("")
                .to_string(),
        };
        if let Some(slot) = self.globals.games.get_mut(id) {
            *slot = game;
        }
        Some(id)
    }

    fn check_param(&mut self, p: &ast::Param, seen: &mut Vec<String>) -> Param {
        let ty = p.ty.as_ref().and_then(|t| {
            let ty = match t.name.as_str() {
                "nat" => Some(ParamType::Nat),
                "int" => Some(ParamType::Int),
                "list" => Some(ParamType::List),
                "string" => Some(ParamType::Str),
                "square" => Some(ParamType::Square),
                "bool" => Some(ParamType::Bool),
                "set" => Some(ParamType::Set),
                "tuple" => Some(ParamType::Tuple),
                _ => None,
            };
            if ty.is_none() {
                self.errors.push(CheckError::UnknownType {
                    name: t.name.clone(),
                    span: t.span,
                });
            }
            ty
        });
        let pattern = self.bind_pattern(&p.pattern, seen);
        let name = self.text(p.pattern.span());
        Param {
            name,
            pattern,
            ty,
            span: p.span,
        }
    }

    fn check_rule(&mut self, rule: &ast::Rule, partizan: bool) -> Rule {
        if !partizan && matches!(rule.kind, ast::RuleKind::Left | ast::RuleKind::Right) {
            self.errors.push(CheckError::RuleKind {
                message: "`left` and `right` rules belong to a `partizan game`".into(),
                span: rule.span,
            });
        }
        if partizan && rule.kind == ast::RuleKind::Move {
            // `move` in a partizan game gives the option to both players: allowed.
        }
        let binders = self.check_binders(&rule.binders);
        let condition = rule.condition.as_ref().map(|c| self.check_expr(c));
        let option = self.check_expr(&rule.option);
        Rule {
            kind: rule.kind,
            binders,
            condition,
            option,
            span: rule.span,
        }
    }

    /// Checks binders left to right: each sees the ones before it.
    pub(super) fn check_binders(&mut self, binders: &[ast::Binder]) -> Vec<Binder> {
        let mut out = Vec::new();
        for b in binders {
            match b {
                ast::Binder::In(pattern, iter) => {
                    let iter = self.check_expr(iter);
                    let mut seen = Vec::new();
                    let pattern = self.bind_pattern(pattern, &mut seen);
                    out.push(Binder::In(pattern, iter));
                }
                ast::Binder::Let(name, value) => {
                    let value = self.check_expr(value);
                    let slot = self.bind(name);
                    out.push(Binder::Let(slot, value));
                }
            }
        }
        out
    }

    fn check_constructor(&mut self, c: &ast::Constructor) -> (Vec<Param>, Constructor) {
        let heap = |name: &str, slot: usize| Param {
            name: name.to_string(),
            pattern: SlotPattern::Slot(slot),
            ty: Some(ParamType::Nat),
            span: c.span,
        };
        let bad = |message: String| CheckError::BadConstructor {
            message,
            span: c.span,
        };
        match c.name.name.as_str() {
            "octal" => (vec![heap("n", 0)], self.check_octal(c)),
            "subtraction" | "allbut" => {
                let set = self.check_removal_set(c);
                let ctor = if c.name.name == "subtraction" {
                    Constructor::Subtraction(set)
                } else {
                    Constructor::AllBut(set)
                };
                (vec![heap("n", 0)], ctor)
            }
            "tartan" => {
                if c.args.len() != 2 {
                    self.errors.push(bad(
                        "`tartan` takes two one-heap coin games: `tartan(G, H)`".into(),
                    ));
                }
                let a = c.args.first().map(|a| self.check_expr(a));
                let b = c.args.get(1).map(|a| self.check_expr(a));
                let dummy = const_expr(Value::Int(0), c.span);
                (
                    vec![heap("x", 0), heap("y", 1)],
                    Constructor::Tartan(
                        Box::new(a.unwrap_or(dummy.clone())),
                        Box::new(b.unwrap_or(dummy)),
                    ),
                )
            }
            other => {
                self.errors
                    .push(bad(format!("unknown constructor `{other}`")));
                (vec![heap("n", 0)], Constructor::Subtraction(vec![]))
            }
        }
    }
}

impl Checker<'_> {
    /// `octal "0.77"`: the code and its digits, each error reported.
    fn check_octal(&mut self, c: &ast::Constructor) -> Constructor {
        let bad = |message: String| CheckError::BadConstructor {
            message,
            span: c.span,
        };
        let code = match c.args.first().map(|a| &a.kind) {
            Some(ast::ExprKind::Str(s)) => s.clone(),
            _ => {
                self.errors
                    .push(bad("`octal` takes a string like \"0.77\"".into()));
                String::new()
            }
        };
        let digits = parse_octal(&code).unwrap_or_else(|| {
            self.errors.push(bad(format!(
                "\"{code}\" is not an octal code like \"0.77\" or \"4.07\""
            )));
            vec![0]
        });
        // d0 is about removing no counters: bit 4 (split in two) makes
        // sense; bit 2 (leave one heap: the same heap) would be a pass
        // move, and bit 1 (leave none of a heap of n > 0) is impossible.
        if let Some(&d0) = digits.first() {
            if d0 & 3 != 0 {
                self.errors.push(bad(format!(
                    "in \"{code}\" the digit before the point is {d0}: removing no counters cannot leave the heap as it was (a pass move) or leave nothing; it may only be 0 or 4 (split the heap in two)"
                )));
            }
        }
        Constructor::Octal { digits, code }
    }

    /// The set of `subtraction {…}` or `allbut {…}`: positive integers,
    /// sorted, each once.
    fn check_removal_set(&mut self, c: &ast::Constructor) -> Vec<i64> {
        let set = match c.args.first().map(|a| &a.kind) {
            Some(ast::ExprKind::Set(items)) => items
                .iter()
                .map(|i| match i.kind {
                    ast::ExprKind::Int(n) if n >= 1 => Some(n),
                    _ => None,
                })
                .collect::<Option<Vec<i64>>>(),
            _ => None,
        };
        let mut set = set.unwrap_or_else(|| {
            self.errors.push(CheckError::BadConstructor {
                message: format!(
                    "`{}` takes a set of positive integers like {{1, 2}}",
                    c.name.name
                ),
                span: c.span,
            });
            vec![]
        });
        set.sort_unstable();
        set.dedup();
        set
    }
}

impl<'g> Checker<'g> {
    /// Each factor of `tartan(G, H)` must be a one-head coin game: one natural
    /// parameter, and options that are sums of its own positions (the coins a
    /// move turns). Checked once every game of the program is known, so a wrong
    /// factor is an error before anything runs, never a wrong value later.
    fn check_tartan_factors(&mut self, stmts: &[Stmt]) {
        for stmt in stmts {
            let Stmt::Game(id) = stmt else { continue };
            let Some(game) = self.globals.games.get(*id) else {
                continue;
            };
            let GameBody::Constructed(Constructor::Tartan(a, b)) = &game.body else {
                continue;
            };
            let same = matches!((&a.kind, &b.kind),
                (ExprKind::GameRef { game: x, .. }, ExprKind::GameRef { game: y, .. }) if x == y);
            let factors: &[&Expr] = if same { &[a] } else { &[a, b] };
            for factor in factors {
                if let Some(problem) = self.coin_game_problem(factor) {
                    self.errors.push(CheckError::BadConstructor {
                        message: problem,
                        span: factor.span,
                    });
                }
            }
        }
    }

    /// Why `e` is not a one-head coin game, if it is not.
    fn coin_game_problem(&self, e: &Expr) -> Option<String> {
        let ExprKind::GameRef { game, .. } = &e.kind else {
            return Some("a factor of `tartan` is a game name, such as `ruler`".into());
        };
        let g = self.globals.games.get(*game)?;
        let not = |why: &str| Some(format!("`{}` is not a one-head coin game: {why}", g.name));
        if g.partizan {
            return not("it is partizan, and a tartan product multiplies impartial games");
        }
        if g.board.is_some() || g.params.len() != 1 {
            return not("it needs exactly one parameter, the position of the head coin");
        }
        match &g.body {
            GameBody::Rules(rules) => rules
                .iter()
                .filter(|r| r.kind == crate::syntax::ast::RuleKind::Move)
                .find_map(|r| {
                    foreign_game(&r.option, *game).then_some(
                        "its options must be sums of its own positions (the coins a move turns)",
                    )
                })
                .and_then(not),
            GameBody::Constructed(Constructor::Tartan(..)) => {
                not("it is itself a two-dimensional product")
            }
            GameBody::Constructed(_) => None,
        }
    }
}

/// True when `e` mentions another game or a nimber: an option that is not a sum
/// of positions of `own`.
fn foreign_game(e: &Expr, own: GameId) -> bool {
    let any = |items: &[Expr]| items.iter().any(|i| foreign_game(i, own));
    match &e.kind {
        ExprKind::GameCall { game, family, args } => *game != own || any(family) || any(args),
        ExprKind::GameRef { .. } => true,
        ExprKind::Unary(crate::syntax::ast::UnOp::Nimber, _) => true,
        ExprKind::Const(_) | ExprKind::Local(_) | ExprKind::Global(_) => false,
        ExprKind::Unary(_, a) => foreign_game(a, own),
        ExprKind::Binary(_, a, b) => foreign_game(a, own) || foreign_game(b, own),
        ExprKind::If(c, a, b) => {
            foreign_game(c, own) || foreign_game(a, own) || foreign_game(b, own)
        }
        ExprKind::Tuple(items)
        | ExprKind::List(items)
        | ExprKind::Set(items)
        | ExprKind::Infinite(items)
        | ExprKind::CallFunc(_, items)
        | ExprKind::CallBuiltin(_, items) => any(items),
        ExprKind::ListComp(c) => foreign_game(&c.body, own),
        ExprKind::Braces(..) | ExprKind::Loopy(_) | ExprKind::Query(_) => true,
        ExprKind::Index(a, b) => foreign_game(a, own) || foreign_game(b, own),
        ExprKind::With(a, items) => {
            foreign_game(a, own)
                || items
                    .iter()
                    .any(|(k, v)| foreign_game(k, own) || foreign_game(v, own))
        }
    }
}

/// Digits of an octal code: "0.77" → [0, 7, 7]; "4.07" → [4, 0, 7]; ".6" → [0, 6].
pub fn parse_octal(code: &str) -> Option<Vec<u8>> {
    let (before, after) = code.split_once('.')?;
    let d0 = if before.is_empty() {
        0
    } else {
        before.parse::<u8>().ok()?
    };
    if d0 > 7 {
        return None;
    }
    let mut digits = vec![d0];
    for c in after.chars() {
        let d = c.to_digit(8)?;
        digits.push(d as u8);
    }
    if digits.len() < 2 {
        return None;
    }
    Some(digits)
}

/// A constant expression.
pub fn const_expr(value: Value, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Const(value),
        span,
    }
}

fn dummy_param(span: Span) -> Param {
    Param {
        name: String::new(),
        pattern: SlotPattern::Slot(0),
        ty: None,
        span,
    }
}

fn placeholder_game(name: &str, span: Span) -> Game {
    Game {
        name: name.to_string(),
        partizan: false,
        family: vec![],
        params: vec![],
        board: None,
        body: GameBody::Rules(vec![]),
        frame_size: 0,
        span,
        source: String::new(),
    }
}

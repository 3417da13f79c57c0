//! Evaluates checked expressions in a frame of slots, and nothing else: games'
//! options are generated in `game/`, analyses live in `solve/`.

use super::builtins::apply_pure;
use super::eval_error::EvalError;
use super::iterate::to_items;
use super::ops::{binary_values, index_value, unary, with_value};
use super::runtime::Runtime;
use crate::budget::Budget;
use crate::check::program::*;
use crate::diagnostics::Span;
use crate::lang::builtin::Builtin;
use crate::lang::dyadic::Dyadic;
use crate::lang::value::{negate_sum, Braces, Component, GameFn, GameSum, InstId, Value};
use crate::syntax::ast::{BinOp, QueryKind, UnOp};
use std::rc::Rc;

/// An evaluator: the program's definitions, what evaluation keeps, the budget.
pub struct Interp<'a> {
    /// The checked definitions.
    pub globals: &'a Globals,
    /// Constants, boards, instances.
    pub rt: &'a mut Runtime,
    /// The one budget: every loop ticks it.
    pub budget: &'a Budget,
    /// The board of the game whose rules are running (for `ray`/`step`).
    pub board: Option<BoardId>,
    /// Who answers the queries written inside expressions: the statement
    /// being run. `None` while a game's rules run (an analysis is under way).
    pub oracle: Option<&'a mut dyn Oracle>,
}

/// Answers a query met inside an expression, from its evaluated operands;
/// the analyses that answer live above the evaluator, so they are reached
/// through this one call.
pub trait Oracle {
    /// The answer of `q`, as a value.
    fn ask(
        &mut self,
        globals: &Globals,
        rt: &mut Runtime,
        budget: &Budget,
        q: &Query,
        operands: Operands,
    ) -> Result<Value, EvalError>;
}

/// A query's operands, evaluated: the subject (a game, or for `sequence`,
/// `table` and `quotient` a game name), the second operand (`compare`'s
/// second game, `sequence`'s range, `quotient`'s bound, `graph`'s depth)
/// and `sequence`'s `up to` bound.
#[derive(Debug, Clone)]
pub struct Operands {
    /// The game asked about.
    pub subject: Value,
    /// The second operand, if written.
    pub second: Option<Value>,
    /// `up to N`, if written.
    pub bound: Option<Value>,
    /// The fixed parameters of `sequence mr(3, _) a..b`.
    pub line: Option<Vec<Value>>,
    /// The directory of `sequence G a..b into "DIR"`.
    pub into: Option<Value>,
}

/// A frame of local slots.
pub type Frame = Vec<Value>;

/// A fresh frame of `size` slots.
pub fn new_frame(size: usize) -> Frame {
    vec![Value::Int(0); size]
}

impl<'a> Interp<'a> {
    /// An evaluator over `globals` and `rt`.
    pub fn new(globals: &'a Globals, rt: &'a mut Runtime, budget: &'a Budget) -> Interp<'a> {
        Interp {
            globals,
            rt,
            budget,
            board: None,
            oracle: None,
        }
    }

    /// The same evaluator, answering the queries inside expressions through `oracle`.
    pub fn asking(mut self, oracle: &'a mut dyn Oracle) -> Interp<'a> {
        self.oracle = Some(oracle);
        self
    }

    /// Evaluates a query's operands in `frame`: games in a game context
    /// (`grundy 1/2 + *`), the game name of `sequence`, `table` and
    /// `quotient` and every range, bound and depth as plain values.
    pub fn operands(&mut self, q: &Query, frame: &mut Frame) -> Result<Operands, EvalError> {
        let names_a_game = match q.kind {
            QueryKind::Sequence | QueryKind::Table => true,
            // `quotient G up to N` names a game; `quotient G` is of a position.
            QueryKind::Quotient => q.range.is_some(),
            _ => false,
        };
        let subject = if names_a_game {
            self.eval(&q.subject, frame)?
        } else {
            self.eval_game(&q.subject, frame)?
        };
        let second = match &q.range {
            Some(e) if q.kind.operands_are_games() => Some(self.eval_game(e, frame)?),
            Some(e) => Some(self.eval(e, frame)?),
            None => None,
        };
        let bound = match &q.bound {
            Some(e) if q.kind.operands_are_games() => Some(self.eval_game(e, frame)?),
            Some(e) => Some(self.eval(e, frame)?),
            None => None,
        };
        let line = match &q.line {
            Some((fixed, _)) => Some(self.eval_all(fixed, frame)?),
            None => None,
        };
        let into = match &q.into {
            Some(e) => Some(self.eval(e, frame)?),
            None => None,
        };
        Ok(Operands {
            subject,
            second,
            bound,
            line,
            into,
        })
    }

    /// A query inside an expression: its operands here, its answer from the oracle.
    fn query(&mut self, q: &Query, frame: &mut Frame) -> Result<Value, EvalError> {
        let operands = self.operands(q, frame)?;
        match self.oracle.as_deref_mut() {
            Some(oracle) => oracle.ask(self.globals, self.rt, self.budget, q, operands),
            None => Err(EvalError::QueryInRule {
                query: q.kind.keyword(),
                span: q.span,
            }),
        }
    }

    /// One unit of work against the budget.
    #[inline]
    pub fn tick(&self, span: Span) -> Result<(), EvalError> {
        self.budget.tick().map_err(|e| EvalError::limit(e, span))
    }

    /// Evaluates `e` in `frame`.
    pub fn eval(&mut self, e: &Expr, frame: &mut Frame) -> Result<Value, EvalError> {
        let span = e.span;
        if crate::budget::stack_is_low() {
            return Err(EvalError::StackDepth { span });
        }
        match &e.kind {
            ExprKind::Const(v) => Ok(v.clone()),
            ExprKind::Local(slot) => Ok(frame.get(*slot).cloned().unwrap_or(Value::Int(0))),
            ExprKind::Global(id) => self.global(*id, span),
            ExprKind::Unary(op, inner) => {
                let v = self.eval(inner, frame)?;
                self.unary(*op, v, inner.span, span)
            }
            ExprKind::Braces(left, right) => {
                let left = self.options_of(left, frame)?;
                let right = self.options_of(right, frame)?;
                Ok(Value::Game(Rc::new(GameSum::single(Component::Braces(
                    Rc::new(Braces { left, right }),
                )))))
            }
            ExprKind::Loopy(lit) => self.loopy(lit, frame),
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, frame, span),
            ExprKind::If(c, t, f) => {
                if self.eval_bool(c, frame)? {
                    self.eval(t, frame)
                } else {
                    self.eval(f, frame)
                }
            }
            ExprKind::Tuple(items) => Ok(Value::Tuple(self.eval_all(items, frame)?.into())),
            ExprKind::List(items) => Ok(Value::List(self.eval_all(items, frame)?.into())),
            ExprKind::Set(items) => Ok(Value::set_from(self.eval_all(items, frame)?)),
            ExprKind::Infinite(items) => self.infinite(items, frame),
            ExprKind::ListComp(c) => {
                let mut out = Vec::new();
                self.for_each(&c.binders, c.condition.as_ref(), frame, &mut |me, frame| {
                    out.push(me.eval(&c.body, frame)?);
                    me.tick(span)
                })?;
                Ok(Value::List(out.into()))
            }
            ExprKind::Index(base, index) => {
                let b = self.eval(base, frame)?;
                let i = self.eval(index, frame)?;
                index_value(&b, &i, span)
            }
            ExprKind::With(base, items) => {
                let mut b = self.eval(base, frame)?;
                for (k, v) in items {
                    let k = self.eval(k, frame)?;
                    let v = self.eval(v, frame)?;
                    self.tick(span)?;
                    b = with_value(&b, &k, v, span)?;
                }
                Ok(b)
            }
            ExprKind::CallFunc(id, args) => self.call_function(*id, args, frame, span),
            ExprKind::CallBuiltin(b, arg_exprs) => {
                let args = self.eval_all(arg_exprs, frame)?;
                let at = |i: usize| arg_exprs.get(i).map_or(span, |e| e.span);
                self.call_builtin(*b, &args, &at, span)
            }
            ExprKind::GameCall { game, family, args } => {
                self.game_call(*game, family, args, frame, span)
            }
            ExprKind::Query(q) => self.query(q, frame),
            ExprKind::GameRef { game, family } => {
                let family = self.eval_all(family, frame)?;
                Ok(Value::GameFn(GameFn {
                    inst: self.rt.instance(*game, family.into()),
                }))
            }
        }
    }

    /// A global constant's value, once its `let` has run.
    fn global(&self, id: usize, span: Span) -> Result<Value, EvalError> {
        match self.rt.consts.get(id).and_then(Clone::clone) {
            Some(v) => Ok(v),
            None => Err(EvalError::NoValueYet {
                name: self
                    .globals
                    .constants
                    .get(id)
                    .map_or("?", |c| c.name.as_str())
                    .to_string(),
                span,
            }),
        }
    }

    /// `inf{a, b, …}`: the generalised value with those finite options,
    /// sorted and each once.
    fn infinite(&mut self, items: &[Expr], frame: &mut Frame) -> Result<Value, EvalError> {
        let mut values = Vec::with_capacity(items.len());
        for item in items {
            match self.eval(item, frame)? {
                Value::Int(n) if n >= 0 => values.push(n as u64),
                other => {
                    return Err(EvalError::expected(
                        "a natural number in `inf{…}`",
                        other.kind_name(),
                        item.span,
                    ))
                }
            }
        }
        values.sort_unstable();
        values.dedup();
        Ok(Value::Infinite(values.into()))
    }

    /// `g(args)` of a game of the family `family`: a position, checked
    /// against the parameters' declared types.
    fn game_call(
        &mut self,
        game: GameId,
        family: &[Expr],
        args: &[Expr],
        frame: &mut Frame,
        span: Span,
    ) -> Result<Value, EvalError> {
        let family = self.eval_all(family, frame)?;
        let args = self.eval_all(args, frame)?;
        let inst = self.rt.instance(game, family.into());
        self.check_position(inst, &args).map_err(|e| e.at(span))?;
        Ok(Value::Game(Rc::new(GameSum::single(Component::Pos(
            inst,
            args.into(),
        )))))
    }

    /// Evaluates a condition.
    pub fn eval_bool(&mut self, e: &Expr, frame: &mut Frame) -> Result<bool, EvalError> {
        match self.eval(e, frame)? {
            Value::Bool(b) => Ok(b),
            other => Err(EvalError::expected("a boolean", other.kind_name(), e.span)),
        }
    }

    fn eval_all(&mut self, items: &[Expr], frame: &mut Frame) -> Result<Vec<Value>, EvalError> {
        items.iter().map(|i| self.eval(i, frame)).collect()
    }

    fn binary(
        &mut self,
        op: BinOp,
        a: &Expr,
        b: &Expr,
        frame: &mut Frame,
        span: Span,
    ) -> Result<Value, EvalError> {
        match op {
            BinOp::And => {
                return Ok(Value::Bool(
                    self.eval_bool(a, frame)? && self.eval_bool(b, frame)?,
                ))
            }
            BinOp::Or => {
                return Ok(Value::Bool(
                    self.eval_bool(a, frame)? || self.eval_bool(b, frame)?,
                ))
            }
            _ => {}
        }
        if op == BinOp::Sided {
            // `A & B` is made of games: `1 & 0` means the numbers.
            let x = self.eval_game(a, frame)?;
            let y = self.eval_game(b, frame)?;
            return binary_values(op, x, y, a.span, b.span, span);
        }
        if matches!(op, BinOp::Add | BinOp::Sub) {
            // Beside a game, the other operand is read as a game (`G + 1/2`):
            // the side evaluated first as an integer is evaluated again.
            let x = self.eval(a, frame)?;
            if matches!(x, Value::Game(_)) {
                let y = self.eval_game(b, frame)?;
                return self.add_games(op, x, y, a.span, b.span, span);
            }
            let y = self.eval(b, frame)?;
            if matches!(y, Value::Game(_)) {
                let x = self.eval_game(a, frame)?;
                return self.add_games(op, x, y, a.span, b.span, span);
            }
            return binary_values(op, x, y, a.span, b.span, span);
        }
        if op.is_comparison() && (answers_a_game(a) || answers_a_game(b)) {
            return self.compare_numbers(op, a, b, frame, span);
        }
        let x = self.eval(a, frame)?;
        let y = self.eval(b, frame)?;
        if matches!(op, BinOp::Concat) {
            // Strings and lists built by `++` grow with the work: count them.
            self.tick(span)?;
        }
        binary_values(op, x, y, a.span, b.span, span)
    }

    /// A comparison beside a query whose answer is a number or a game
    /// (`temperature G == 3/2`): both sides are read in a game context, and
    /// two numbers compare as numbers, whichever way each is written.
    fn compare_numbers(
        &mut self,
        op: BinOp,
        a: &Expr,
        b: &Expr,
        frame: &mut Frame,
        span: Span,
    ) -> Result<Value, EvalError> {
        let x = self.eval_game(a, frame)?;
        let y = self.eval_game(b, frame)?;
        match (number_in(&x), number_in(&y), super::ops::Cmp::of(op)) {
            (Some(m), Some(n), Some(cmp)) => Ok(Value::Bool(cmp.holds(m.cmp(&n)))),
            _ => binary_values(op, x, y, a.span, b.span, span),
        }
    }

    fn call_function(
        &mut self,
        id: FuncId,
        args: &[Expr],
        frame: &mut Frame,
        span: Span,
    ) -> Result<Value, EvalError> {
        let globals = self.globals;
        let Some(f) = globals.functions.get(id) else {
            return Err(EvalError::internal(
                "a function id without a definition",
                span,
            ));
        };
        let mut callee = new_frame(f.frame_size.max(args.len()));
        for (slot, arg) in args.iter().enumerate() {
            let v = self.eval(arg, frame)?;
            if let Some(s) = callee.get_mut(slot) {
                *s = v;
            }
        }
        if self.rt.call_depth >= self.budget.limits().max_call_depth {
            return Err(EvalError::CallDepth { span });
        }
        self.rt.call_depth += 1;
        let saved_board = self.board.take();
        let result = self.eval(&f.body, &mut callee);
        self.board = saved_board;
        self.rt.call_depth -= 1;
        result
    }

    fn call_builtin(
        &mut self,
        b: Builtin,
        args: &[Value],
        at: &dyn Fn(usize) -> Span,
        span: Span,
    ) -> Result<Value, EvalError> {
        match b {
            Builtin::Ray | Builtin::Step => self.ray_or_step(b == Builtin::Ray, args, span),
            Builtin::Coins => self.coins(args, span),
            _ => apply_pure(b, args, at, self.budget, span),
        }
    }

    /// Runs `body` once per binding of `binders` that satisfies `condition`.
    pub fn for_each(
        &mut self,
        binders: &[Binder],
        condition: Option<&Expr>,
        frame: &mut Frame,
        body: &mut dyn FnMut(&mut Self, &mut Frame) -> Result<(), EvalError>,
    ) -> Result<(), EvalError> {
        let Some((first, rest)) = binders.split_first() else {
            if let Some(c) = condition {
                if !self.eval_bool(c, frame)? {
                    return Ok(());
                }
            }
            return body(self, frame);
        };
        match first {
            Binder::Let(slot, value) => {
                let v = self.eval(value, frame)?;
                set_slot(frame, *slot, v);
                self.for_each(rest, condition, frame, body)
            }
            Binder::In(pattern, iterable) => {
                let it = self.eval(iterable, frame)?;
                match (&it, pattern) {
                    (Value::Range(a, b), SlotPattern::Slot(slot)) => {
                        for i in *a..*b {
                            // A rule may loop for long within one position.
                            self.tick(iterable.span)?;
                            set_slot(frame, *slot, Value::Int(i));
                            self.for_each(rest, condition, frame, body)?;
                        }
                        Ok(())
                    }
                    (Value::List(xs) | Value::Set(xs) | Value::Tuple(xs), _) => {
                        let xs = xs.clone();
                        for x in xs.iter() {
                            self.tick(iterable.span)?;
                            bind_pattern(pattern, x.clone(), frame, iterable.span)?;
                            self.for_each(rest, condition, frame, body)?;
                        }
                        Ok(())
                    }
                    _ => {
                        for x in to_items(&it, self.budget, iterable.span)? {
                            self.tick(iterable.span)?;
                            bind_pattern(pattern, x, frame, iterable.span)?;
                            self.for_each(rest, condition, frame, body)?;
                        }
                        Ok(())
                    }
                }
            }
        }
    }

    /// The definition behind an instance.
    pub fn inst_game(&self, inst: InstId) -> Option<&'a Game> {
        inst_game(self.globals, self.rt, inst)
    }

    /// Evaluates `e` in a game context (LANGUAGE.md §8): integers are numbers,
    /// a quotient by a power of two is a dyadic number, `+` and `-` add and
    /// subtract games.
    pub fn eval_game(&mut self, e: &Expr, frame: &mut Frame) -> Result<Value, EvalError> {
        let span = e.span;
        match &e.kind {
            ExprKind::Binary(BinOp::Div, a, b) => {
                // A numerator that is itself a quotient is a number of the
                // game context too: `1/2/2` is 1/4, `(3/4)/1` is 3/4.
                let x = match &a.kind {
                    ExprKind::Binary(BinOp::Div, ..) => self.eval_game(a, frame)?,
                    _ => self.eval(a, frame)?,
                };
                let y = match &b.kind {
                    // A divisor that is a quotient must come out a whole
                    // number (`1/(4/2)`); a fraction is not divided by.
                    ExprKind::Binary(BinOp::Div, ..) => {
                        let v = self.eval_game(b, frame)?;
                        match number_in(&v).map(Dyadic::as_integer) {
                            Some(Some(d)) => Value::Int(d),
                            Some(None) => {
                                return Err(EvalError::expected(
                                    "a power of two such as `2` or `4` as the divisor",
                                    "fraction",
                                    b.span,
                                ))
                            }
                            None => v,
                        }
                    }
                    _ => self.eval(b, frame)?,
                };
                match (number_in(&x), &y) {
                    (Some(n), Value::Int(d)) => {
                        let number = divided(n, *d, b.span, span)?;
                        Ok(game_of_number(number))
                    }
                    _ => binary_values(BinOp::Div, x, y, a.span, b.span, span),
                }
            }
            ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
                let x = self.eval_game(a, frame)?;
                let y = self.eval_game(b, frame)?;
                self.add_games(*op, x, y, a.span, b.span, span)
            }
            ExprKind::Unary(UnOp::Neg, inner) => {
                let v = self.eval_game(inner, frame)?;
                self.unary(UnOp::Neg, v, inner.span, span)
            }
            _ => Ok(match self.eval(e, frame)? {
                Value::Int(n) => game_of_number(Dyadic::integer(n)),
                other => other,
            }),
        }
    }

    /// `x + y` or `x - y` where a game is involved (`-` adds the negative).
    fn add_games(
        &mut self,
        op: BinOp,
        x: Value,
        y: Value,
        ls: Span,
        rs: Span,
        span: Span,
    ) -> Result<Value, EvalError> {
        let y = if op == BinOp::Sub {
            self.unary(UnOp::Neg, y, rs, span)?
        } else {
            y
        };
        let op = if matches!(y, Value::Game(_)) {
            BinOp::Add
        } else {
            op
        };
        binary_values(op, x, y, ls, rs, span)
    }

    /// A prefix operator; `-G` of a game swaps Left and Right.
    fn unary(&self, op: UnOp, v: Value, inner: Span, span: Span) -> Result<Value, EvalError> {
        match (op, &v) {
            (UnOp::Neg, Value::Game(g)) => {
                let (globals, rt) = (self.globals, &*self.rt);
                let partizan = |i: InstId| inst_game(globals, rt, i).is_some_and(|g| g.partizan);
                negate_sum(g, partizan)
                    .map(|n| Value::Game(Rc::new(n)))
                    .ok_or(EvalError::Overflow { span })
            }
            (UnOp::Nimber, Value::Set(items)) => self.star_literal(items, inner),
            _ => unary(op, v, inner, span),
        }
    }

    /// `*{A, B}`: the impartial game whose options are A and B (`0` is the
    /// empty game). Every option must be impartial: a sum of nimbers, `*{…}`
    /// games and positions of impartial games.
    fn star_literal(&self, items: &[Value], inner: Span) -> Result<Value, EvalError> {
        let (globals, rt) = (self.globals, &*self.rt);
        let impartial = |c: &Component| match c {
            Component::Nimber(_) | Component::Star(_) => true,
            Component::Pos(i, _) => !inst_game(globals, rt, *i).is_some_and(|g| g.partizan),
            _ => false,
        };
        let mut options = Vec::with_capacity(items.len());
        for item in items {
            let option = match item {
                Value::Int(0) => GameSum::default(),
                Value::Game(g) if g.parts.iter().all(impartial) => {
                    let mut g = (**g).clone();
                    g.parts.retain(|c| *c != Component::Nimber(0));
                    g
                }
                other => {
                    let found = match other {
                        Value::Game(_) | Value::Int(_) => "partizan game",
                        _ => other.kind_name(),
                    };
                    return Err(EvalError::expected(
                        "impartial games as the options of `*{…}`",
                        found,
                        inner,
                    ));
                }
            };
            options.push(option);
        }
        options.sort();
        options.dedup();
        Ok(Value::Game(Rc::new(GameSum::single(Component::Star(
            options.into(),
        )))))
    }

    /// A loopy literal's graph, its game options evaluated.
    fn loopy(
        &mut self,
        lit: &crate::syntax::ast::LoopyLit<Expr>,
        frame: &mut Frame,
    ) -> Result<Value, EvalError> {
        use crate::lang::loopy::{LoopEdge, LoopGraph, LoopNode};
        use crate::syntax::ast::LoopyOption;
        let mut nodes = Vec::with_capacity(lit.nodes.len());
        for (left, right) in &lit.nodes {
            let mut node = LoopNode::default();
            for (options, out) in [(left, &mut node.left), (right, &mut node.right)] {
                for o in options {
                    out.push(match o {
                        LoopyOption::Node(w) => LoopEdge::Node(*w),
                        LoopyOption::Game(e) => {
                            let mut sums = self.options_of(std::slice::from_ref(e), frame)?;
                            LoopEdge::Game(sums.pop().unwrap_or_default())
                        }
                    });
                }
            }
            nodes.push(node);
        }
        let graph = Rc::new(LoopGraph::new(nodes));
        Ok(Value::Game(Rc::new(GameSum::single(Component::Loopy(
            graph, 0,
        )))))
    }

    /// The options of one side of a `{ | }` literal, each a game.
    fn options_of(&mut self, items: &[Expr], frame: &mut Frame) -> Result<Vec<GameSum>, EvalError> {
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            self.tick(item.span)?;
            match self.eval_game(item, frame)? {
                Value::Game(g) => {
                    let mut g = (*g).clone();
                    g.parts.retain(|c| *c != Component::Nimber(0));
                    out.push(g);
                }
                other => {
                    return Err(EvalError::expected(
                        "a game as an option of `{ | }`",
                        other.kind_name(),
                        item.span,
                    ))
                }
            }
        }
        Ok(out)
    }

    /// Evaluates a top-level expression in a game context (a query's subject).
    pub fn top_game(&mut self, e: &TopExpr) -> Result<Value, EvalError> {
        let mut frame = new_frame(e.frame_size);
        self.eval_game(&e.expr, &mut frame)
    }

    /// Evaluates a top-level expression in a fresh frame.
    pub fn top(&mut self, e: &TopExpr) -> Result<Value, EvalError> {
        let mut frame = new_frame(e.frame_size);
        self.eval(&e.expr, &mut frame)
    }
}

/// `n / d` in a game context: the dyadic number when `d` is a power of two.
fn divided(n: Dyadic, d: i64, divisor: Span, span: Span) -> Result<Dyadic, EvalError> {
    if d == 0 {
        return Err(EvalError::DivisionByZero { span: divisor });
    }
    if d < 0 || d.count_ones() != 1 {
        return Err(EvalError::NotDyadic {
            divisor: d,
            span: divisor,
        });
    }
    n.exponent()
        .checked_add(d.trailing_zeros())
        .and_then(|e| Dyadic::new(n.numerator(), e))
        .ok_or(EvalError::Overflow { span })
}

/// The number a value is in a game context: an integer, or a game that is
/// one number (zero included).
fn number_in(v: &Value) -> Option<Dyadic> {
    match v {
        Value::Int(n) => Some(Dyadic::integer(*n)),
        Value::Game(g) => match g.parts.as_slice() {
            [] | [Component::Nimber(0)] => Some(Dyadic::ZERO),
            [Component::Number(d)] => Some(*d),
            _ => None,
        },
        _ => None,
    }
}

/// True for a query whose answer is a number or a game (`temperature G`).
fn answers_a_game(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Query(q) if q.kind.answers_a_game())
}

/// A number as a game value.
fn game_of_number(d: Dyadic) -> Value {
    Value::Game(Rc::new(GameSum::single(Component::number(d))))
}

/// The definition behind an instance.
pub fn inst_game<'g>(globals: &'g Globals, rt: &Runtime, inst: InstId) -> Option<&'g Game> {
    rt.inst(inst).and_then(|(game, _)| globals.games.get(*game))
}

fn set_slot(frame: &mut Frame, slot: usize, v: Value) {
    if let Some(s) = frame.get_mut(slot) {
        *s = v;
    }
}

/// Binds a value to a pattern's slots.
pub fn bind_pattern(
    pattern: &SlotPattern,
    v: Value,
    frame: &mut Frame,
    span: Span,
) -> Result<(), EvalError> {
    match pattern {
        SlotPattern::Slot(slot) => {
            set_slot(frame, *slot, v);
            Ok(())
        }
        SlotPattern::Tuple(items, _) => match &v {
            Value::Tuple(xs) | Value::List(xs) if xs.len() == items.len() => {
                for (p, x) in items.iter().zip(xs.iter()) {
                    bind_pattern(p, x.clone(), frame, span)?;
                }
                Ok(())
            }
            other => Err(EvalError::expected(
                format!("a tuple of {} values", items.len()),
                other.kind_name(),
                span,
            )),
        },
    }
}

//! Evaluates checked expressions in a frame of slots.

use super::builtins::{apply_pure, Builtin};
use super::eval_error::EvalError;
use super::iterate::{contains, to_items};
use super::runtime::Runtime;
use super::value::{Component, GameFn, GameSum, InstId, Value};
use crate::check::program::*;
use crate::diagnostics::Span;
use crate::syntax::ast::{BinOp, UnOp};
use std::rc::Rc;

/// An evaluator: the program's definitions and the run's mutable state.
pub struct Interp<'a> {
    /// The checked definitions.
    pub globals: &'a Globals,
    /// Instances, memos, constants, limits.
    pub rt: &'a mut Runtime,
    /// The board of the game whose rules are running (for `ray`/`step`).
    pub board: Option<BoardId>,
}

/// A frame of local slots.
pub type Frame = Vec<Value>;

/// A fresh frame of `size` slots.
pub fn new_frame(size: usize) -> Frame {
    vec![Value::Int(0); size]
}

impl<'a> Interp<'a> {
    /// An evaluator over `globals` and `rt`.
    pub fn new(globals: &'a Globals, rt: &'a mut Runtime) -> Interp<'a> {
        Interp {
            globals,
            rt,
            board: None,
        }
    }

    /// Evaluates `e` in `frame`.
    pub fn eval(&mut self, e: &Expr, frame: &mut Frame) -> Result<Value, EvalError> {
        let span = e.span;
        match &e.kind {
            ExprKind::Const(v) => Ok(v.clone()),
            ExprKind::Local(slot) => Ok(frame.get(*slot).cloned().unwrap_or(Value::Int(0))),
            ExprKind::Global(id) => match self.rt.consts.get(*id).and_then(Clone::clone) {
                Some(v) => Ok(v),
                None => Err(EvalError::other(
                    format!(
                        "`{}` has no value yet",
                        self.globals
                            .constants
                            .get(*id)
                            .map_or("?", |c| c.name.as_str())
                    ),
                    "move its `let` above the first statement that needs it",
                    span,
                )),
            },
            ExprKind::Unary(op, inner) => {
                let v = self.eval(inner, frame)?;
                unary(*op, v, inner.span, span)
            }
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
            ExprKind::ListComp(c) => {
                let mut out = Vec::new();
                self.for_each(&c.binders, c.condition.as_ref(), frame, &mut |me, frame| {
                    out.push(me.eval(&c.body, frame)?);
                    Ok(())
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
                    b = with_value(&b, &k, v, span)?;
                }
                Ok(b)
            }
            ExprKind::CallFunc(id, args) => self.call_function(*id, args, frame, span),
            ExprKind::CallBuiltin(b, args) => {
                let args = self.eval_all(args, frame)?;
                self.call_builtin(*b, &args, span)
            }
            ExprKind::GameCall { game, family, args } => {
                let family = self.eval_all(family, frame)?;
                let args = self.eval_all(args, frame)?;
                let inst = self.rt.instance(*game, family.into());
                self.check_position(inst, &args)
                    .map_err(|message| EvalError::BadPosition { message, span })?;
                Ok(Value::Game(Rc::new(GameSum::single(Component::Pos(
                    inst,
                    args.into(),
                )))))
            }
            ExprKind::GameRef { game, family } => {
                let family = self.eval_all(family, frame)?;
                Ok(Value::GameFn(GameFn {
                    inst: self.rt.instance(*game, family.into()),
                }))
            }
        }
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
        let x = self.eval(a, frame)?;
        let y = self.eval(b, frame)?;
        binary_values(op, x, y, a.span, b.span, span)
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
            return Err(EvalError::other(
                "unknown function",
                "please report this as a bug",
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
        if self.rt.call_depth >= self.rt.limits.max_call_depth {
            return Err(EvalError::CallDepth { span });
        }
        self.rt.call_depth += 1;
        let saved_board = self.board.take();
        let result = self.eval(&f.body, &mut callee);
        self.board = saved_board;
        self.rt.call_depth -= 1;
        result
    }

    fn call_builtin(&mut self, b: Builtin, args: &[Value], span: Span) -> Result<Value, EvalError> {
        match b {
            Builtin::Ray | Builtin::Step => self.ray_or_step(b == Builtin::Ray, args, span),
            Builtin::Coins => self.coins(args, span),
            _ => apply_pure(b, args, span),
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
                            set_slot(frame, *slot, Value::Int(i));
                            self.for_each(rest, condition, frame, body)?;
                        }
                        Ok(())
                    }
                    (Value::List(xs) | Value::Set(xs) | Value::Tuple(xs), _) => {
                        let xs = xs.clone();
                        for x in xs.iter() {
                            bind_pattern(pattern, x.clone(), frame, iterable.span)?;
                            self.for_each(rest, condition, frame, body)?;
                        }
                        Ok(())
                    }
                    _ => {
                        for x in to_items(&it, iterable.span)? {
                            bind_pattern(pattern, x, frame, iterable.span)?;
                            self.for_each(rest, condition, frame, body)?;
                        }
                        Ok(())
                    }
                }
            }
        }
    }

    /// The board data of the running game.
    pub fn board_data(&self, span: Span) -> Result<Rc<super::runtime::BoardData>, EvalError> {
        let id = self.board.ok_or_else(|| {
            EvalError::other("no board here", "define the game `on` a board", span)
        })?;
        self.rt
            .boards
            .get(id)
            .and_then(Clone::clone)
            .ok_or_else(|| {
                EvalError::other(
                    format!(
                        "board `{}` is used before its definition runs",
                        self.globals.boards.get(id).map_or("?", |b| b.name.as_str())
                    ),
                    "move the `board` statement above the first query that uses it",
                    span,
                )
            })
    }

    fn ray_or_step(&mut self, ray: bool, args: &[Value], span: Span) -> Result<Value, EvalError> {
        let board = self.board_data(span)?;
        let pair = |v: Option<&Value>| -> Result<(i64, i64), EvalError> {
            match v {
                Some(Value::Tuple(t)) => match t.as_ref() {
                    [Value::Int(a), Value::Int(b)] => Ok((*a, *b)),
                    _ => Err(EvalError::expected("a pair of integers", "tuple", span)),
                },
                Some(other) => Err(EvalError::expected(
                    "a square or direction (a pair)",
                    other.kind_name(),
                    span,
                )),
                None => Err(EvalError::expected("two arguments", "nothing", span)),
            }
        };
        let (mut c, mut r) = pair(args.first())?;
        let (dc, dr) = pair(args.get(1))?;
        if (dc, dr) == (0, 0) {
            return Err(EvalError::other(
                "the direction (0, 0) does not move",
                "use a non-zero direction",
                span,
            ));
        }
        let mut out = Vec::new();
        loop {
            c = c.checked_add(dc).ok_or(EvalError::Overflow { span })?;
            r = r.checked_add(dr).ok_or(EvalError::Overflow { span })?;
            if !board.open(c, r) {
                break;
            }
            out.push(Value::Tuple(Rc::from(vec![Value::Int(c), Value::Int(r)])));
            if !ray {
                break;
            }
        }
        Ok(Value::List(out.into()))
    }

    fn coins(&mut self, args: &[Value], span: Span) -> Result<Value, EvalError> {
        let Some(Value::GameFn(f)) = args.first() else {
            return Err(EvalError::expected(
                "a game name as the first argument: `coins(G, \"THH\")`",
                args.first().map_or("nothing", Value::kind_name),
                span,
            ));
        };
        let Some(Value::Str(row)) = args.get(1) else {
            return Err(EvalError::expected(
                "a string of `H` and `T`",
                args.get(1).map_or("nothing", Value::kind_name),
                span,
            ));
        };
        let base = match args.get(2) {
            None => 0,
            Some(Value::Int(b)) => *b,
            Some(other) => {
                return Err(EvalError::expected(
                    "the base 0 or 1",
                    other.kind_name(),
                    span,
                ))
            }
        };
        let arity = self.inst_game(f.inst).map_or(0, |g| g.params.len());
        let rows: Vec<&str> = row.split('/').collect();
        if arity == 1 && rows.len() > 1 {
            return Err(EvalError::other(
                "a one-parameter coin game takes a single row",
                "remove the `/`, or use a two-parameter game for a grid",
                span,
            ));
        }
        if arity != 1 && arity != 2 {
            return Err(EvalError::other(
                format!("`coins` needs a game with one or two parameters; this one has {arity}"),
                "define the one-head game with parameters `(x: nat)` or `(x: nat, y: nat)`",
                span,
            ));
        }
        let width = rows.first().map_or(0, |r| r.chars().count());
        let mut parts = Vec::new();
        for (r, line) in rows.iter().enumerate() {
            if line.chars().count() != width {
                return Err(EvalError::other(
                    format!(
                        "row {} has {} coins but the first row has {width}",
                        r + 1,
                        line.chars().count()
                    ),
                    "write every row of the grid with the same number of coins",
                    span,
                ));
            }
            for (c, ch) in line.chars().enumerate() {
                match ch {
                    'H' => {
                        let pos: Vec<Value> = if arity == 1 {
                            vec![Value::Int(c as i64 + base)]
                        } else {
                            vec![Value::Int(r as i64 + base), Value::Int(c as i64 + base)]
                        };
                        self.check_position(f.inst, &pos)
                            .map_err(|message| EvalError::BadPosition { message, span })?;
                        parts.push(Component::Pos(f.inst, pos.into()));
                    }
                    'T' => {}
                    other => {
                        return Err(EvalError::other(
                            format!("`{other}` is not a coin"),
                            "write heads as `H`, tails as `T`, and separate grid rows with `/`",
                            span,
                        ))
                    }
                }
            }
        }
        Ok(Value::Game(Rc::new(GameSum { parts })))
    }

    /// The definition behind an instance.
    pub fn inst_game(&self, inst: InstId) -> Option<&'a Game> {
        let globals = self.globals;
        self.rt.inst(inst).and_then(|i| globals.games.get(i.game))
    }

    /// Checks a position against the game's declared parameter types and board.
    pub fn check_position(&mut self, inst: InstId, args: &[Value]) -> Result<(), String> {
        let Some(game) = self.inst_game(inst) else {
            return Err("unknown game".into());
        };
        if args.len() != game.params.len() {
            return Err(format!(
                "`{}` takes {} parameters, got {}",
                game.name,
                game.params.len(),
                args.len()
            ));
        }
        for (i, (p, v)) in game.params.iter().zip(args).enumerate() {
            let ok = match p.ty {
                None => true,
                Some(ParamType::Nat) => matches!(v, Value::Int(n) if *n >= 0),
                Some(ParamType::Int) => matches!(v, Value::Int(_)),
                Some(ParamType::List) => matches!(v, Value::List(_)),
                Some(ParamType::Str) => matches!(v, Value::Str(_)),
                Some(ParamType::Bool) => matches!(v, Value::Bool(_)),
                Some(ParamType::Set) => matches!(v, Value::Set(_)),
                Some(ParamType::Tuple) | Some(ParamType::Square) => matches!(v, Value::Tuple(_)),
            };
            if !ok {
                let shown = super::print::show_value(v, self.globals, self.rt);
                return Err(format!(
                    "{}: parameter `{}` is declared `{}`, but got {shown}",
                    super::print::show_position(inst, args, self.globals, self.rt),
                    p.name,
                    p.ty.map_or("", ParamType::name),
                ));
            }
            if let SlotPattern::Tuple(items, _) = &p.pattern {
                if !matches!(v, Value::Tuple(t) if t.len() == items.len()) {
                    return Err(format!(
                        "{}: parameter `{}` needs a tuple of {} values",
                        super::print::show_position(inst, args, self.globals, self.rt),
                        p.name,
                        items.len()
                    ));
                }
            }
            if i == 0 {
                if let Some(board_id) = game.board {
                    let board = self.rt.boards.get(board_id).and_then(Clone::clone);
                    let Some(board) = board else {
                        return Err("the board is used before its definition runs".into());
                    };
                    let square = match v {
                        Value::Tuple(t) => match t.as_ref() {
                            [Value::Int(c), Value::Int(r)] => Some((*c, *r)),
                            _ => None,
                        },
                        _ => None,
                    };
                    match square {
                        Some((c, r)) if board.open(c, r) => {}
                        Some((c, r)) if board.on_board(c, r) => {
                            return Err(format!(
                                "{} is a blocked square",
                                crate::syntax::lower::square_name(c, r)
                            ))
                        }
                        Some((c, r)) => {
                            let shown = if c >= 1 && r >= 1 {
                                crate::syntax::lower::square_name(c, r)
                            } else {
                                super::print::show_value(v, self.globals, self.rt)
                            };
                            return Err(format!(
                                "{shown} is off the {}×{} board",
                                board.width, board.height
                            ));
                        }
                        None => {
                            return Err(
                                "the first parameter of a game on a board is a square like `@c3`"
                                    .into(),
                            )
                        }
                    }
                }
            }
        }
        Ok(())
    }
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

fn unary(op: UnOp, v: Value, inner: Span, span: Span) -> Result<Value, EvalError> {
    match (op, v) {
        (UnOp::Neg, Value::Int(n)) => n
            .checked_neg()
            .map(Value::Int)
            .ok_or(EvalError::Overflow { span }),
        (UnOp::Not, Value::Bool(b)) => Ok(Value::Bool(!b)),
        (UnOp::Nimber, Value::Int(n)) if n >= 0 => Ok(Value::Game(Rc::new(GameSum::single(
            Component::Nimber(n as u64),
        )))),
        (UnOp::Nimber, Value::Int(n)) => Err(EvalError::other(
            format!("*{n}: a nimber is never negative"),
            "write `*k` with k ≥ 0",
            span,
        )),
        (UnOp::Neg, other) | (UnOp::Nimber, other) => {
            Err(EvalError::expected("an integer", other.kind_name(), inner))
        }
        (UnOp::Not, other) => Err(EvalError::expected("a boolean", other.kind_name(), inner)),
    }
}

fn floor_div(a: i64, b: i64, span: Span) -> Result<(i64, i64), EvalError> {
    if b == 0 {
        return Err(EvalError::DivisionByZero { span });
    }
    let q = a.checked_div(b).ok_or(EvalError::Overflow { span })?;
    let r = a.checked_rem(b).ok_or(EvalError::Overflow { span })?;
    if r != 0 && ((r < 0) != (b < 0)) {
        Ok((q - 1, r + b))
    } else {
        Ok((q, r))
    }
}

/// Applies a (non-short-circuit) binary operator to two values.
pub fn binary_values(
    op: BinOp,
    x: Value,
    y: Value,
    ls: Span,
    rs: Span,
    span: Span,
) -> Result<Value, EvalError> {
    use Value::*;
    let mismatch = |x: &Value, y: &Value| EvalError::Mismatch {
        op: op.symbol().to_string(),
        left: x.kind_name().to_string(),
        right: y.kind_name().to_string(),
        left_span: ls,
        right_span: rs,
    };
    let overflow = EvalError::Overflow { span };
    Ok(match (op, &x, &y) {
        (BinOp::Eq, _, _) => Bool(values_equal(&x, &y)),
        (BinOp::Ne, _, _) => Bool(!values_equal(&x, &y)),
        (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge, _, _) => {
            if std::mem::discriminant(&x) != std::mem::discriminant(&y) {
                return Err(mismatch(&x, &y));
            }
            let ord = x.cmp(&y);
            Bool(match op {
                BinOp::Lt => ord.is_lt(),
                BinOp::Le => ord.is_le(),
                BinOp::Gt => ord.is_gt(),
                _ => ord.is_ge(),
            })
        }
        (BinOp::In, _, _) => Bool(contains(&y, &x, rs)?),
        (BinOp::NotIn, _, _) => Bool(!contains(&y, &x, rs)?),
        (BinOp::RangeExcl, Int(a), Int(b)) => Range(*a, *b),
        (BinOp::RangeIncl, Int(a), Int(b)) => Range(*a, b.checked_add(1).ok_or(overflow)?),
        (BinOp::Xor, Int(a), Int(b)) => Int(a ^ b),
        (BinOp::Add, Int(a), Int(b)) => Int(a.checked_add(*b).ok_or(overflow)?),
        (BinOp::Add, Game(g), Game(h)) => {
            let mut parts = Vec::with_capacity(g.parts.len() + h.parts.len());
            parts.extend(g.parts.iter().cloned());
            parts.extend(h.parts.iter().cloned());
            Game(Rc::new(GameSum { parts }))
        }
        (BinOp::Sub, Int(a), Int(b)) => Int(a.checked_sub(*b).ok_or(overflow)?),
        (BinOp::Mul, Int(a), Int(b)) => Int(a.checked_mul(*b).ok_or(overflow)?),
        (BinOp::Div, Int(a), Int(b)) => Int(floor_div(*a, *b, span)?.0),
        (BinOp::Rem, Int(a), Int(b)) => Int(floor_div(*a, *b, span)?.1),
        (BinOp::Concat, List(a), List(b)) => {
            List(a.iter().chain(b.iter()).cloned().collect::<Vec<_>>().into())
        }
        (BinOp::Concat, Str(a), Str(b)) => Str(format!("{a}{b}").into()),
        _ => return Err(mismatch(&x, &y)),
    })
}

/// Equality as users expect: games compare as multisets of components.
pub fn values_equal(x: &Value, y: &Value) -> bool {
    match (x, y) {
        (Value::Game(a), Value::Game(b)) => a.normalized() == b.normalized(),
        _ => x == y,
    }
}

fn seq_len(v: &Value) -> Option<usize> {
    match v {
        Value::List(xs) | Value::Tuple(xs) => Some(xs.len()),
        Value::Str(s) => Some(s.chars().count()),
        _ => None,
    }
}

/// `xs[i]` and `xs[a..b]`.
pub fn index_value(b: &Value, i: &Value, span: Span) -> Result<Value, EvalError> {
    let Some(len) = seq_len(b) else {
        return Err(EvalError::expected(
            "a list, tuple or string to index",
            b.kind_name(),
            span,
        ));
    };
    match i {
        Value::Int(n) => {
            let idx = usize::try_from(*n)
                .ok()
                .filter(|&k| k < len)
                .ok_or(EvalError::Index {
                    index: *n,
                    len,
                    span,
                })?;
            Ok(match b {
                Value::List(xs) | Value::Tuple(xs) => xs.get(idx).cloned().unwrap_or(Value::Int(0)),
                Value::Str(s) => Value::Str(
                    s.chars()
                        .nth(idx)
                        .map(|c| c.to_string())
                        .unwrap_or_default()
                        .into(),
                ),
                _ => Value::Int(0),
            })
        }
        Value::Range(a, e) => {
            if *a < 0 || *e > len as i64 && e > a {
                let bad = if *a < 0 { *a } else { *e };
                return Err(EvalError::Index {
                    index: bad,
                    len,
                    span,
                });
            }
            let (a, e) = (*a as usize, (*e).max(*a) as usize);
            Ok(match b {
                Value::List(xs) => Value::List(xs.get(a..e).unwrap_or(&[]).to_vec().into()),
                Value::Tuple(xs) => Value::Tuple(xs.get(a..e).unwrap_or(&[]).to_vec().into()),
                Value::Str(s) => {
                    Value::Str(s.chars().skip(a).take(e - a).collect::<String>().into())
                }
                _ => Value::Int(0),
            })
        }
        other => Err(EvalError::expected(
            "an integer index or a range",
            other.kind_name(),
            span,
        )),
    }
}

/// `xs with [i] = v`.
pub fn with_value(b: &Value, i: &Value, v: Value, span: Span) -> Result<Value, EvalError> {
    let len =
        seq_len(b).ok_or_else(|| EvalError::expected("a list or string", b.kind_name(), span))?;
    let n = i
        .as_int()
        .ok_or_else(|| EvalError::expected("an integer index", i.kind_name(), span))?;
    let idx = usize::try_from(n)
        .ok()
        .filter(|&k| k < len)
        .ok_or(EvalError::Index {
            index: n,
            len,
            span,
        })?;
    match b {
        Value::List(xs) | Value::Tuple(xs) => {
            let mut items = xs.to_vec();
            if let Some(slot) = items.get_mut(idx) {
                *slot = v;
            }
            Ok(if matches!(b, Value::List(_)) {
                Value::List(items.into())
            } else {
                Value::Tuple(items.into())
            })
        }
        Value::Str(s) => {
            let Value::Str(piece) = v else {
                return Err(EvalError::expected(
                    "a string to put into a string",
                    v.kind_name(),
                    span,
                ));
            };
            let out: String = s
                .chars()
                .enumerate()
                .map(|(k, c)| {
                    if k == idx {
                        piece.to_string()
                    } else {
                        c.to_string()
                    }
                })
                .collect();
            Ok(Value::Str(out.into()))
        }
        _ => Err(EvalError::expected("a list or string", b.kind_name(), span)),
    }
}

//! Built-ins that need the running game: `ray` and `step` on its board, `coins`
//! rows, and the check that a position fits the game's parameters and board.

use super::eval_error::EvalError;
use super::interp::Interp;
use super::value::{Component, GameSum, InstId, Value};
use crate::check::program::{ParamType, SlotPattern};
use crate::diagnostics::Span;
use std::rc::Rc;

impl<'a> Interp<'a> {
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

    /// `ray(sq, d)` (every open square in direction d until the edge or a blocked
    /// square) or `step(sq, d)` (the one square sq + d if open).
    pub(super) fn ray_or_step(
        &mut self,
        ray: bool,
        args: &[Value],
        span: Span,
    ) -> Result<Value, EvalError> {
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

    /// `coins(G, "THH…"[, base])`: the sum of G at every head (rows split by `/`).
    pub(super) fn coins(&mut self, args: &[Value], span: Span) -> Result<Value, EvalError> {
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

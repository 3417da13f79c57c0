//! Built-ins that need the running game: `ray` and `step` on its board, `coins`
//! rows, and the check that a position fits the game's parameters and board.

use super::eval_error::{CoinsProblem, EvalError};
use super::interp::Interp;
use crate::check::program::{ParamType, SlotPattern};
use crate::diagnostics::Span;
use crate::lang::board::BoardData;
use crate::lang::value::{Component, GameSum, InstId, Value};
use std::rc::Rc;

/// Why a position does not fit its game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// A parameter of the wrong type or arity.
    Params(String),
    /// A square off the board or blocked.
    Square(String),
}

impl PositionError {
    /// As an evaluation error at `span`.
    pub fn at(self, span: Span) -> EvalError {
        match self {
            PositionError::Params(message) => EvalError::BadPosition { message, span },
            PositionError::Square(message) => EvalError::BadSquare { message, span },
        }
    }
}

/// The evaluated board `id`, or the error of a board used before its
/// definition ran.
pub fn board_of(
    globals: &crate::check::program::Globals,
    rt: &super::runtime::Runtime,
    id: crate::check::program::BoardId,
    span: Span,
) -> Result<Rc<BoardData>, EvalError> {
    rt.boards
        .get(id)
        .and_then(Clone::clone)
        .ok_or_else(|| EvalError::BoardNotYetDefined {
            name: globals
                .boards
                .get(id)
                .map_or("?", |b| b.name.as_str())
                .to_string(),
            span,
        })
}

impl<'a> Interp<'a> {
    /// The board data of the running game.
    pub fn board_data(&self, span: Span) -> Result<Rc<BoardData>, EvalError> {
        let id = self.board.ok_or(EvalError::NoBoard { span })?;
        board_of(self.globals, self.rt, id, span)
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
            return Err(EvalError::ZeroDirection { span });
        }
        let mut out = Vec::new();
        loop {
            self.tick(span)?;
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
        let coins = |problem| EvalError::Coins { problem, span };
        if arity == 1 && rows.len() > 1 {
            return Err(coins(CoinsProblem::OneRowOnly));
        }
        if arity != 1 && arity != 2 {
            return Err(coins(CoinsProblem::Arity(arity)));
        }
        let width = rows.first().map_or(0, |r| r.chars().count());
        let mut parts = Vec::new();
        for (r, line) in rows.iter().enumerate() {
            if line.chars().count() != width {
                return Err(coins(CoinsProblem::Ragged {
                    row: r + 1,
                    len: line.chars().count(),
                    width,
                }));
            }
            for (c, ch) in line.chars().enumerate() {
                self.tick(span)?;
                match ch {
                    'H' => {
                        let pos: Vec<Value> = if arity == 1 {
                            vec![Value::Int(c as i64 + base)]
                        } else {
                            vec![Value::Int(r as i64 + base), Value::Int(c as i64 + base)]
                        };
                        self.check_position(f.inst, &pos).map_err(|e| e.at(span))?;
                        parts.push(Component::Pos(f.inst, pos.into()));
                    }
                    'T' => {}
                    other => return Err(coins(CoinsProblem::NotACoin(other))),
                }
            }
        }
        Ok(Value::Game(Rc::new(GameSum { parts })))
    }

    /// Checks a position against the game's declared parameter types and board.
    pub fn check_position(&self, inst: InstId, args: &[Value]) -> Result<(), PositionError> {
        let Some(game) = self.inst_game(inst) else {
            return Err(PositionError::Params("unknown game".into()));
        };
        if args.len() != game.params.len() {
            return Err(PositionError::Params(format!(
                "`{}` takes {} parameters, got {}",
                game.name,
                game.params.len(),
                args.len()
            )));
        }
        for (i, (p, v)) in game.params.iter().zip(args).enumerate() {
            if !p.ty.is_none_or(|ty| has_type(v, ty)) {
                let shown = super::print::show_value(v, self.globals, self.rt);
                return Err(PositionError::Params(format!(
                    "{}: parameter `{}` is declared `{}`, but got {shown}",
                    super::print::show_position(inst, args, self.globals, self.rt),
                    p.name,
                    p.ty.map_or("", ParamType::name),
                )));
            }
            if let SlotPattern::Tuple(items, _) = &p.pattern {
                if !matches!(v, Value::Tuple(t) if t.len() == items.len()) {
                    return Err(PositionError::Params(format!(
                        "{}: parameter `{}` needs a tuple of {} values",
                        super::print::show_position(inst, args, self.globals, self.rt),
                        p.name,
                        items.len()
                    )));
                }
            }
            if i == 0 {
                if let Some(board_id) = game.board {
                    self.check_square(board_id, v)?;
                }
            }
        }
        Ok(())
    }

    /// Checks that the first parameter of a game on board `board_id` is an
    /// open square of it.
    fn check_square(&self, board_id: usize, v: &Value) -> Result<(), PositionError> {
        let board = self.rt.boards.get(board_id).and_then(Clone::clone);
        let Some(board) = board else {
            return Err(PositionError::Square(
                "the board is used before its definition runs".into(),
            ));
        };
        let square = match v {
            Value::Tuple(t) => match t.as_ref() {
                [Value::Int(c), Value::Int(r)] => Some((*c, *r)),
                _ => None,
            },
            _ => None,
        };
        match square {
            Some((c, r)) if board.open(c, r) => Ok(()),
            Some((c, r)) if board.on_board(c, r) => Err(PositionError::Square(format!(
                "{} is a blocked square",
                crate::syntax::lower::square_name(c, r)
            ))),
            Some((c, r)) => {
                let shown = if c >= 1 && r >= 1 {
                    crate::syntax::lower::square_name(c, r)
                } else {
                    super::print::show_value(v, self.globals, self.rt)
                };
                Err(PositionError::Square(format!(
                    "{shown} is off the {}×{} board",
                    board.width, board.height
                )))
            }
            None => Err(PositionError::Square(
                "the first parameter of a game on a board is a square like `@c3`".into(),
            )),
        }
    }
}

/// Whether `v` is a value of the declared parameter type `ty`.
fn has_type(v: &Value, ty: ParamType) -> bool {
    match ty {
        ParamType::Nat => matches!(v, Value::Int(n) if *n >= 0),
        ParamType::Int => matches!(v, Value::Int(_)),
        ParamType::List => matches!(v, Value::List(_)),
        ParamType::Str => matches!(v, Value::Str(_)),
        ParamType::Bool => matches!(v, Value::Bool(_)),
        ParamType::Set => matches!(v, Value::Set(_)),
        ParamType::Tuple | ParamType::Square => matches!(v, Value::Tuple(_)),
    }
}

//! A query's answer as a value of the language, for queries written inside
//! expressions (`[grundy k(n) for n in 0..9]`, `assert grundy A == grundy B`).

use super::answer::Answer;
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::lang::dyadic::Dyadic;
use crate::lang::value::{Component, GameSum, Sided, Value};
use crate::solve::loopy::generalized::Gsg;
use crate::solve::misere::Forms;
use crate::solve::partizan::analysis::PartizanCache;
use std::rc::Rc;

/// The value of an answer: a Grundy value is an integer (a loopy one an
/// integer or `inf{…}`), an outcome its letter as a string, `moves` and
/// `winning` lists of positions, `sequence` the list of values, `canonical`
/// the form as a game (`misere canonical` too), a temperature, mean or stop an integer or a number,
/// `genus` and `compare` their strings as printed.
pub fn answer_value(
    answer: Answer,
    partizan: &PartizanCache,
    misere: &Forms,
    span: Span,
) -> Result<Value, EvalError> {
    Ok(match answer {
        Answer::Grundy { value, .. } => integer(value, span)?,
        Answer::Generalized { value, .. } => generalized(&value, span)?,
        Answer::Outcome { value, .. } => Value::Str(value.letter().into()),
        Answer::Moves { moves, .. } => positions(moves.into_iter().map(|(m, _)| m)),
        Answer::LoopyMoves { moves, .. } => positions(moves.into_iter().map(|(m, _)| m)),
        Answer::Winning {
            moves,
            right: Some(right),
            ..
        } => Value::List(vec![positions(moves), positions(right)].into()),
        Answer::Winning { moves, .. } => positions(moves),
        Answer::Sequence { values, .. } => Value::List(
            values
                .iter()
                .map(|v| Value::Int(i64::from(v)))
                .collect::<Vec<_>>()
                .into(),
        ),
        Answer::LoopySequence { values, .. } => Value::List(
            values
                .iter()
                .map(|v| generalized(v, span))
                .collect::<Result<Vec<_>, _>>()?
                .into(),
        ),
        Answer::Canonical { form, .. } => Value::Game(Rc::new(partizan.store.game(form))),
        Answer::MisereCanonical { form, .. } => Value::Game(Rc::new(misere.game(form))),
        Answer::LoopyCanonical { game, .. } => Value::Game(Rc::new(game)),
        Answer::SidedCanonical {
            onside, offside, ..
        } => Value::Game(Rc::new(sided(onside, offside))),
        Answer::Number { value, .. } => number(value),
        Answer::Genus { value, .. } => Value::Str(value.to_string().into()),
        Answer::Compare { value, .. } => Value::Str(value.symbol().into()),
        _ => {
            return Err(EvalError::internal(
                "a query without a value in an expression",
                span,
            ))
        }
    })
}

/// A number: an integer when it is one, else the number as a game (`3/2`).
pub fn number(d: Dyadic) -> Value {
    match d.as_integer() {
        Some(n) => Value::Int(n),
        None => Value::Game(Rc::new(GameSum::single(Component::number(d)))),
    }
}

fn integer(v: u64, span: Span) -> Result<Value, EvalError> {
    i64::try_from(v)
        .map(Value::Int)
        .map_err(|_| EvalError::Overflow { span })
}

fn generalized(value: &Gsg, span: Span) -> Result<Value, EvalError> {
    match value {
        Gsg::Finite(n) => integer(u64::from(*n), span),
        Gsg::Infinite(k) => Ok(Value::Infinite(k.iter().map(|&x| u64::from(x)).collect())),
    }
}

fn positions(moves: impl IntoIterator<Item = GameSum>) -> Value {
    Value::List(
        moves
            .into_iter()
            .map(|m| Value::Game(Rc::new(m)))
            .collect::<Vec<_>>()
            .into(),
    )
}

/// The game `onside & offside`.
pub(crate) fn sided(onside: GameSum, offside: GameSum) -> GameSum {
    GameSum::single(Component::Sided(Rc::new(Sided {
        on: onside,
        off: offside,
    })))
}

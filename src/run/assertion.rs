//! `assert QUERY == VALUE`: compares a typed answer with the value as written
//! (integers, outcome letters, sets of positions, lists of values, genus strings).

use super::answer::{Answer, Outcome};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::lang::dyadic::Dyadic;
use crate::lang::value::{Component, GameSum, Value};
use crate::solve::loopy::generalized::Gsg;
use crate::solve::misere::Genus;
use crate::syntax::ast::QueryKind;

/// Whether `answer` equals the written value `want`.
pub fn matches(
    answer: &Answer,
    want: &Value,
    kind: QueryKind,
    span: Span,
) -> Result<bool, EvalError> {
    match answer {
        Answer::Grundy { .. } if matches!(want, Value::Infinite(_)) => Ok(false),
        Answer::Grundy { value, .. } => match want {
            Value::Int(n) => Ok(u64::try_from(*n).ok() == Some(*value)),
            other => Err(EvalError::expected(
                "an integer to compare with a Grundy value",
                other.kind_name(),
                span,
            )),
        },
        Answer::Generalized { value, .. } => generalized(value, want, span),
        Answer::LoopyMoves { moves, .. } => {
            let results: Vec<GameSum> = moves.iter().map(|(m, _)| m.clone()).collect();
            positions(want, span).map(|w| same_positions(&results, &w))
        }
        Answer::Compare { value, .. } => match want {
            Value::Str(s) => Ok(s.as_ref() == value.symbol()),
            other => Err(EvalError::expected(
                "a relation `<`, `>`, `=` or `||`",
                other.kind_name(),
                span,
            )),
        },
        Answer::MisereCanonical { .. } => Err(EvalError::expected(
            "an impartial game such as `*{*2, 0}`",
            want.kind_name(),
            span,
        )),
        Answer::Canonical { .. }
        | Answer::LoopyCanonical { .. }
        | Answer::SidedCanonical { .. } => Err(EvalError::expected(
            "a game such as `3/4`, `^` or `{1 | -1}`",
            want.kind_name(),
            span,
        )),
        Answer::Number { value, .. } => number(*value, want, span),
        Answer::Genus { value, .. } => match want {
            Value::Str(s) => Ok(s.parse::<Genus>().ok().as_ref() == Some(value)),
            other => Err(EvalError::expected(
                "a genus string such as \"0^120\"",
                other.kind_name(),
                span,
            )),
        },
        Answer::Outcome { value, .. } => match want {
            Value::Str(s) => Ok(Outcome::from_letter(s) == Some(*value)),
            other => Err(EvalError::expected(
                "an outcome `P`, `N`, `L`, `R` or `D`",
                other.kind_name(),
                span,
            )),
        },
        Answer::Winning {
            moves,
            right: Some(right),
            ..
        } => match want {
            // A partizan game's: `[{Left's}, {Right's}]`.
            Value::List(sides) if sides.len() == 2 => {
                let mut same = true;
                for (got, want) in [moves, right].into_iter().zip(sides.iter()) {
                    same &= same_positions(got, &positions(&as_games(want), span)?);
                }
                Ok(same)
            }
            other => Err(EvalError::expected(
                "Left's and Right's winning moves, `[{…}, {…}]`",
                other.kind_name(),
                span,
            )),
        },
        Answer::Winning { moves, .. } => positions(want, span).map(|w| same_positions(moves, &w)),
        Answer::Moves { moves, .. } => {
            let results: Vec<GameSum> = moves.iter().map(|(m, _)| m.clone()).collect();
            positions(want, span).map(|w| same_positions(&results, &w))
        }
        Answer::LoopySequence { values, .. } => match want {
            Value::List(xs) if xs.len() == values.len() => {
                for (x, v) in xs.iter().zip(values) {
                    if !generalized(v, x, span)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            Value::List(_) => Ok(false),
            other => Err(EvalError::expected(
                "a list of values such as `[0, inf{0}]`",
                other.kind_name(),
                span,
            )),
        },
        Answer::Sequence { values, .. } => match want {
            Value::List(xs) => Ok(xs.len() == values.len()
                && xs
                    .iter()
                    .zip(values.iter())
                    .all(|(x, v)| x.as_int() == Some(i64::from(v)))),
            other => Err(EvalError::expected(
                "a list of integers",
                other.kind_name(),
                span,
            )),
        },
        _ => Err(EvalError::NotComparable {
            query: kind.keyword(),
            span,
        }),
    }
}

/// A generalised value against a number or `inf{…}`.
fn generalized(value: &Gsg, want: &Value, span: Span) -> Result<bool, EvalError> {
    match want {
        Value::Int(n) => Ok(u32::try_from(*n).ok().map(Gsg::Finite).as_ref() == Some(value)),
        Value::Infinite(k) => {
            Ok(*value == Gsg::Infinite(k.iter().filter_map(|&x| u32::try_from(x).ok()).collect()))
        }
        other => Err(EvalError::expected(
            "a number or `inf{…}` to compare with a generalised value",
            other.kind_name(),
            span,
        )),
    }
}

/// A number (a temperature, a mean, a stop) against an integer, a number
/// game or a number written as a string.
fn number(value: Dyadic, want: &Value, span: Span) -> Result<bool, EvalError> {
    match want {
        Value::Int(n) => Ok(value.as_integer() == Some(*n)),
        Value::Game(g) => match number_of(g) {
            Some(d) => Ok(d == value),
            None => Err(EvalError::expected(
                "a number such as `3/4`",
                "game that is not a number",
                span,
            )),
        },
        Value::Str(s) => Ok(s.trim() == value.to_string()),
        other => Err(EvalError::expected(
            "an integer, or a number written as a string such as \"3/2\"",
            other.kind_name(),
            span,
        )),
    }
}

/// The number a sum of numbers is (`0` for the empty sum); `None` when a
/// component is not a number or the sum does not fit.
fn number_of(g: &GameSum) -> Option<Dyadic> {
    g.parts.iter().try_fold(Dyadic::ZERO, |acc, c| match c {
        Component::Number(d) => acc.checked_add(*d),
        Component::Nimber(0) => Some(acc),
        _ => None,
    })
}

/// The written set (or single game) of positions.
/// A partizan game's positions as written: integers there are numbers
/// (`[{1}, {-1}]`), as in any game context.
fn as_games(want: &Value) -> Value {
    let game = |x: &Value| match x {
        Value::Int(n) => Value::Game(std::rc::Rc::new(GameSum::single(
            crate::lang::value::Component::number(crate::lang::dyadic::Dyadic::integer(*n)),
        ))),
        other => other.clone(),
    };
    match want {
        Value::Set(xs) => Value::Set(xs.iter().map(game).collect::<Vec<_>>().into()),
        Value::List(xs) => Value::List(xs.iter().map(game).collect::<Vec<_>>().into()),
        other => game(other),
    }
}

fn positions(want: &Value, span: Span) -> Result<Vec<GameSum>, EvalError> {
    let games = match want {
        Value::Set(xs) | Value::List(xs) => xs
            .iter()
            .map(|x| x.as_game().map(GameSum::normalized))
            .collect(),
        Value::Game(g) => Some(vec![g.normalized()]),
        _ => None,
    };
    games.ok_or_else(|| {
        EvalError::expected(
            "a set of positions such as `{nim(1) + nim(2)}`",
            want.kind_name(),
            span,
        )
    })
}

/// True when two lists of positions are the same set, whatever the order of
/// options and of each sum's components.
fn same_positions(actual: &[GameSum], wanted: &[GameSum]) -> bool {
    let mut a: Vec<GameSum> = actual.iter().map(GameSum::normalized).collect();
    let mut w: Vec<GameSum> = wanted.to_vec();
    a.sort();
    a.dedup();
    w.sort();
    w.dedup();
    a == w
}

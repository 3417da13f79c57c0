//! `assert QUERY == VALUE`: compares a query's answer with the value as written
//! (integers, outcome letters, sets of positions, lists of values, genus strings).

use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::eval::interp::Interp;
use crate::eval::value::{GameSum, Value};
use crate::query::Answer;

impl<'a> Interp<'a> {
    /// Compares an answer with an asserted value; returns (equal, the answer as written).
    pub(crate) fn compare(
        &mut self,
        answer: &Answer,
        want: &Value,
        span: Span,
    ) -> Result<(bool, String), EvalError> {
        let games_of = |v: &Value| -> Option<Vec<GameSum>> {
            match v {
                Value::Set(xs) | Value::List(xs) => xs
                    .iter()
                    .map(|x| x.as_game().map(GameSum::normalized))
                    .collect(),
                Value::Game(g) => Some(vec![g.normalized()]),
                _ => None,
            }
        };
        match answer {
            Answer::Grundy { value, .. } => match want {
                Value::Int(n) => Ok((u64::try_from(*n).ok() == Some(*value), value.to_string())),
                other => Err(EvalError::expected(
                    "an integer to compare with a Grundy value",
                    other.kind_name(),
                    span,
                )),
            },
            Answer::Genus { value, .. } => match want {
                Value::Str(s) => Ok((s.as_ref() == value, format!("\"{value}\""))),
                other => Err(EvalError::expected(
                    "a genus string such as \"0^120\"",
                    other.kind_name(),
                    span,
                )),
            },
            Answer::Outcome { value, .. } => match want {
                Value::Str(s) => Ok((s.as_ref() == value, value.clone())),
                other => Err(EvalError::expected(
                    "an outcome `P`, `N`, `L`, `R` or `D`",
                    other.kind_name(),
                    span,
                )),
            },
            Answer::Winning { moves, results, .. } if games_of(want).is_some() => Ok((
                same_positions(results, &games_of(want).unwrap_or_default()),
                format!("{{{}}}", moves.join(", ")),
            )),
            Answer::Moves { moves, results, .. } if games_of(want).is_some() => {
                let shown: Vec<String> = moves.iter().map(|(m, _)| m.clone()).collect();
                Ok((
                    same_positions(results, &games_of(want).unwrap_or_default()),
                    format!("{{{}}}", shown.join(", ")),
                ))
            }
            Answer::Sequence { values, .. } => {
                let shown = format!(
                    "[{}]",
                    values
                        .iter()
                        .map(u32::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                );
                match want {
                    Value::List(xs) => {
                        let equal = xs.len() == values.len()
                            && xs
                                .iter()
                                .zip(values)
                                .all(|(x, v)| x.as_int() == Some(i64::from(*v)));
                        Ok((equal, shown))
                    }
                    other => Err(EvalError::expected(
                        "a list of integers",
                        other.kind_name(),
                        span,
                    )),
                }
            }
            Answer::Winning { .. } | Answer::Moves { .. } => Err(EvalError::expected(
                "a set of positions such as `{nim(1) + nim(2)}`",
                want.kind_name(),
                span,
            )),
            _ => Err(EvalError::other(
                "this query's answer cannot be compared",
                "assert `grundy`, `outcome`, `winning`, `moves` or `sequence` answers",
                span,
            )),
        }
    }
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

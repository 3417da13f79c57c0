//! What can be iterated and how: ranges, sets, lists, tuples and strings.

use super::eval_error::EvalError;
use super::value::Value;
use crate::diagnostics::Span;

/// The elements of an iterable value, in iteration order (sets ascending,
/// strings by character).
pub fn to_items(v: &Value, span: Span) -> Result<Vec<Value>, EvalError> {
    match v {
        Value::Range(a, b) => {
            let len = b.saturating_sub(*a).max(0);
            if len > 100_000_000 {
                return Err(EvalError::other(
                    format!("the range {a}..{b} is too long to list"),
                    "iterate a shorter range",
                    span,
                ));
            }
            Ok((*a..*b).map(Value::Int).collect())
        }
        Value::List(xs) | Value::Set(xs) | Value::Tuple(xs) => Ok(xs.to_vec()),
        Value::Str(s) => Ok(s
            .chars()
            .map(|c| Value::Str(c.to_string().into()))
            .collect()),
        other => Err(EvalError::expected(
            "a range, set, list, tuple or string",
            other.kind_name(),
            span,
        )),
    }
}

/// Membership: `x in xs`.
pub fn contains(collection: &Value, x: &Value, span: Span) -> Result<bool, EvalError> {
    match collection {
        Value::Range(a, b) => Ok(matches!(x, Value::Int(n) if a <= n && n < b)),
        Value::Set(xs) => Ok(xs.binary_search(x).is_ok()),
        Value::List(xs) | Value::Tuple(xs) => Ok(xs.contains(x)),
        Value::Str(s) => match x {
            Value::Str(needle) => Ok(s.contains(needle.as_ref())),
            other => Err(EvalError::expected(
                "a string to look for in a string",
                other.kind_name(),
                span,
            )),
        },
        other => Err(EvalError::expected(
            "a range, set, list, tuple or string after `in`",
            other.kind_name(),
            span,
        )),
    }
}

//! What can be iterated and how: ranges, sets, lists, tuples and strings.

use super::eval_error::EvalError;
use crate::budget::Budget;
use crate::diagnostics::Span;
use crate::lang::value::Value;

/// The elements of an iterable value, in iteration order (sets ascending,
/// strings by character).
pub fn to_items(v: &Value, budget: &Budget, span: Span) -> Result<Vec<Value>, EvalError> {
    let limit = |e| EvalError::limit(e, span);
    match v {
        Value::Range(a, b) => {
            let len = usize::try_from(b.saturating_sub(*a)).unwrap_or(0);
            budget
                .reserve(len.saturating_mul(std::mem::size_of::<Value>()))
                .map_err(limit)?;
            let mut out = Vec::with_capacity(len);
            for i in *a..*b {
                budget.tick().map_err(limit)?;
                out.push(Value::Int(i));
            }
            Ok(out)
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
        Value::Range(a, b) => Ok(matches!(x, Value::Int(n) if super::ops::in_range(*n, *a, *b))),
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

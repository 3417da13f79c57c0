//! The operators of LANGUAGE.md §3 on values: arithmetic (checked, floor
//! division), comparisons, membership, ranges, game sums, indexing, slicing, `with`.

use super::eval_error::EvalError;
use super::iterate::contains;
use super::value::{Component, GameSum, Value};
use crate::diagnostics::Span;
use crate::syntax::ast::{BinOp, UnOp};
use std::rc::Rc;

/// Applies a prefix operator.
pub fn unary(op: UnOp, v: Value, inner: Span, span: Span) -> Result<Value, EvalError> {
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

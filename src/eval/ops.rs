//! Every operator of LANGUAGE.md §3, defined once: arithmetic (checked, floor
//! division), comparisons, membership, ranges, game sums, indexing, slicing,
//! `with`. The interpreter, the checker's constant folding and every compiled
//! form of a rule call these functions; a compiled form may bail out, never
//! re-implement one.

use super::eval_error::EvalError;
use super::iterate::contains;
use crate::diagnostics::Span;
use crate::lang::value::{Component, GameSum, Sided, Value};
use crate::syntax::ast::{BinOp, UnOp};
use std::cmp::Ordering;
use std::rc::Rc;

/// The integer operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IntOp {
    /// `a + b`
    Add,
    /// `a - b`
    Sub,
    /// `a * b`
    Mul,
    /// `a / b`, floor division
    Div,
    /// `a % b`, its remainder (the sign of `b`)
    Rem,
    /// `a ^ b`, bitwise xor (nim-sum)
    Xor,
}

impl IntOp {
    /// The integer operator a binary operator denotes, if any.
    pub fn of(op: BinOp) -> Option<IntOp> {
        Some(match op {
            BinOp::Add => IntOp::Add,
            BinOp::Sub => IntOp::Sub,
            BinOp::Mul => IntOp::Mul,
            BinOp::Div => IntOp::Div,
            BinOp::Rem => IntOp::Rem,
            BinOp::Xor => IntOp::Xor,
            _ => return None,
        })
    }
}

/// Why integer arithmetic failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArithError {
    /// The result does not fit 64 bits.
    Overflow,
    /// Division or remainder by zero.
    DivisionByZero,
}

impl ArithError {
    /// As an evaluation error at `span`.
    pub fn at(self, span: Span) -> EvalError {
        match self {
            ArithError::Overflow => EvalError::Overflow { span },
            ArithError::DivisionByZero => EvalError::DivisionByZero { span },
        }
    }
}

/// Floor division and its remainder (the remainder has the divisor's sign).
pub fn floor_div(a: i64, b: i64) -> Result<(i64, i64), ArithError> {
    if b == 0 {
        return Err(ArithError::DivisionByZero);
    }
    let q = a.checked_div(b).ok_or(ArithError::Overflow)?;
    let r = a.checked_rem(b).ok_or(ArithError::Overflow)?;
    if r != 0 && ((r < 0) != (b < 0)) {
        Ok((q - 1, r + b))
    } else {
        Ok((q, r))
    }
}

/// An integer operator: checked, never wrapping.
#[inline]
pub fn int_op(op: IntOp, a: i64, b: i64) -> Result<i64, ArithError> {
    match op {
        IntOp::Add => a.checked_add(b).ok_or(ArithError::Overflow),
        IntOp::Sub => a.checked_sub(b).ok_or(ArithError::Overflow),
        IntOp::Mul => a.checked_mul(b).ok_or(ArithError::Overflow),
        IntOp::Div => Ok(floor_div(a, b)?.0),
        IntOp::Rem => Ok(floor_div(a, b)?.1),
        IntOp::Xor => Ok(a ^ b),
    }
}

/// `-a`, checked.
#[inline]
pub fn int_neg(a: i64) -> Result<i64, ArithError> {
    a.checked_neg().ok_or(ArithError::Overflow)
}

/// `abs(a)`, checked.
#[inline]
pub fn int_abs(a: i64) -> Result<i64, ArithError> {
    a.checked_abs().ok_or(ArithError::Overflow)
}

/// The comparison operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cmp {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl Cmp {
    /// The comparison a binary operator denotes, if any.
    pub fn of(op: BinOp) -> Option<Cmp> {
        Some(match op {
            BinOp::Eq => Cmp::Eq,
            BinOp::Ne => Cmp::Ne,
            BinOp::Lt => Cmp::Lt,
            BinOp::Le => Cmp::Le,
            BinOp::Gt => Cmp::Gt,
            BinOp::Ge => Cmp::Ge,
            _ => return None,
        })
    }

    /// Whether the comparison holds for two operands ordered as `ord`.
    #[inline]
    pub fn holds(self, ord: Ordering) -> bool {
        match self {
            Cmp::Eq => ord.is_eq(),
            Cmp::Ne => ord.is_ne(),
            Cmp::Lt => ord.is_lt(),
            Cmp::Le => ord.is_le(),
            Cmp::Gt => ord.is_gt(),
            Cmp::Ge => ord.is_ge(),
        }
    }
}

/// `v in lo..hi` for integers (hi excluded).
#[inline]
pub fn in_range(v: i64, lo: i64, hi: i64) -> bool {
    lo <= v && v < hi
}

/// `v in S` for a set of integers kept sorted.
#[inline]
pub fn in_sorted(set: &[i64], v: i64) -> bool {
    set.binary_search(&v).is_ok()
}

/// The exclusive end of `a..=b`.
#[inline]
pub fn inclusive_end(b: i64) -> Result<i64, ArithError> {
    b.checked_add(1).ok_or(ArithError::Overflow)
}

/// Applies a prefix operator.
pub fn unary(op: UnOp, v: Value, inner: Span, span: Span) -> Result<Value, EvalError> {
    match (op, v) {
        (UnOp::Neg, Value::Int(n)) => int_neg(n).map(Value::Int).map_err(|e| e.at(span)),
        (UnOp::Not, Value::Bool(b)) => Ok(Value::Bool(!b)),
        (UnOp::Nimber, Value::Int(n)) if n >= 0 => Ok(Value::Game(Rc::new(GameSum::single(
            Component::Nimber(n as u64),
        )))),
        (UnOp::Nimber, Value::Int(n)) => Err(EvalError::NegativeNimber { n, span }),
        (UnOp::Neg, other) | (UnOp::Nimber, other) => {
            Err(EvalError::expected("an integer", other.kind_name(), inner))
        }
        (UnOp::Not, other) => Err(EvalError::expected("a boolean", other.kind_name(), inner)),
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
    if let (Some(iop), Int(a), Int(b)) = (IntOp::of(op), &x, &y) {
        return int_op(iop, *a, *b).map(Int).map_err(|e| e.at(span));
    }
    Ok(match (op, &x, &y) {
        (BinOp::Eq, _, _) => Bool(values_equal(&x, &y)),
        (BinOp::Ne, _, _) => Bool(!values_equal(&x, &y)),
        (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge, _, _) => {
            if std::mem::discriminant(&x) != std::mem::discriminant(&y) {
                return Err(mismatch(&x, &y));
            }
            Bool(Cmp::of(op).is_some_and(|c| c.holds(x.cmp(&y))))
        }
        (BinOp::In, _, _) => Bool(contains(&y, &x, rs)?),
        (BinOp::NotIn, _, _) => Bool(!contains(&y, &x, rs)?),
        (BinOp::RangeExcl, Int(a), Int(b)) => Range(*a, *b),
        (BinOp::RangeIncl, Int(a), Int(b)) => Range(*a, inclusive_end(*b).map_err(|e| e.at(span))?),
        (BinOp::Add, Game(g), Game(h)) => {
            let mut parts = Vec::with_capacity(g.parts.len() + h.parts.len());
            parts.extend(g.parts.iter().cloned());
            parts.extend(h.parts.iter().cloned());
            Game(Rc::new(GameSum { parts }))
        }
        // `A & A` is A; `A & B` a value given by its sides.
        (BinOp::Sided, Game(g), Game(h)) if g.normalized() == h.normalized() => Game(g.clone()),
        (BinOp::Sided, Game(g), Game(h)) => {
            Game(Rc::new(GameSum::single(Component::Sided(Rc::new(Sided {
                on: (**g).clone(),
                off: (**h).clone(),
            })))))
        }
        (BinOp::Concat, List(a), List(b)) => {
            List(a.iter().chain(b.iter()).cloned().collect::<Vec<_>>().into())
        }
        (BinOp::Concat, Str(a), Str(b)) => Str(concat_str(a, b)),
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
        Value::Str(s) => Some(char_len(s)),
        _ => None,
    }
}

/// The length of a string in characters (bytes when it is ASCII, the common case).
fn char_len(s: &str) -> usize {
    if s.is_ascii() {
        s.len()
    } else {
        s.chars().count()
    }
}

/// `a ++ b` for strings, in one allocation.
fn concat_str(a: &str, b: &str) -> Rc<str> {
    SCRATCH.with_borrow_mut(|t| {
        t.clear();
        t.push_str(a);
        t.push_str(b);
        Rc::from(t.as_str())
    })
}

thread_local! {
    /// A buffer in which strings are built before their one allocation.
    static SCRATCH: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    /// The one-character ASCII strings, shared: indexing a board's row
    /// (`b[r][c] == "."`) allocates nothing.
    static ASCII: Vec<Rc<str>> = (0u8..128).map(|b| Rc::from(char::from(b).to_string().as_str())).collect();
}

/// Character `idx` of `s` as a string (`idx` below its length).
fn char_at(s: &str, idx: usize) -> Rc<str> {
    let c = if s.is_ascii() {
        s.as_bytes().get(idx).map(|&b| char::from(b))
    } else {
        s.chars().nth(idx)
    };
    match c {
        Some(c) if c.is_ascii() => {
            ASCII.with(|t| t.get(c as usize).cloned().unwrap_or_else(|| Rc::from("")))
        }
        Some(c) => Rc::from(c.to_string().as_str()),
        None => Rc::from(""),
    }
}

/// Characters `a..e` of `s` (within its length).
fn char_slice(s: &str, a: usize, e: usize) -> Rc<str> {
    if s.is_ascii() {
        return Rc::from(s.get(a..e).unwrap_or(""));
    }
    SCRATCH.with_borrow_mut(|t| {
        t.clear();
        t.extend(s.chars().skip(a).take(e - a));
        Rc::from(t.as_str())
    })
}

/// `s` with character `idx` replaced by `piece`, in one allocation.
fn replace_char(s: &str, idx: usize, piece: &str) -> Rc<str> {
    SCRATCH.with_borrow_mut(|t| {
        t.clear();
        if s.is_ascii() {
            t.push_str(s.get(..idx).unwrap_or(""));
            t.push_str(piece);
            t.push_str(s.get(idx + 1..).unwrap_or(""));
        } else {
            for (k, c) in s.chars().enumerate() {
                if k == idx {
                    t.push_str(piece);
                } else {
                    t.push(c);
                }
            }
        }
        Rc::from(t.as_str())
    })
}

/// The element `n` of a sequence of `len` elements names: indices run from 0 and
/// never wrap around.
#[inline]
pub fn seq_index(n: i64, len: usize) -> Option<usize> {
    usize::try_from(n).ok().filter(|&k| k < len)
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
            let idx = seq_index(*n, len).ok_or(EvalError::Index {
                index: *n,
                len,
                span,
            })?;
            Ok(match b {
                Value::List(xs) | Value::Tuple(xs) => xs.get(idx).cloned().unwrap_or(Value::Int(0)),
                Value::Str(s) => Value::Str(char_at(s, idx)),
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
                Value::Str(s) => Value::Str(char_slice(s, a, e)),
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
    let idx = seq_index(n, len).ok_or(EvalError::Index {
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
            Ok(Value::Str(replace_char(s, idx, &piece)))
        }
        _ => Err(EvalError::expected("a list or string", b.kind_name(), span)),
    }
}

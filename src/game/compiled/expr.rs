//! Integer and boolean expressions over i64 slots. Each operator is the one
//! defined in `eval::ops`; any overflow or division by zero returns `None`, and
//! the caller falls back to the general evaluator, which reports the error.

pub use crate::eval::ops::Cmp;
use crate::eval::ops::{in_range, in_sorted, int_abs, int_neg, int_op, seq_index, IntOp};
use std::rc::Rc;

/// An integer expression.
#[derive(Debug, Clone, PartialEq)]
pub enum IExpr {
    /// A constant.
    Const(i64),
    /// A slot.
    Slot(usize),
    /// `a + b`
    Add(Box<IExpr>, Box<IExpr>),
    /// `a - b`
    Sub(Box<IExpr>, Box<IExpr>),
    /// `a * b`
    Mul(Box<IExpr>, Box<IExpr>),
    /// floor division
    Div(Box<IExpr>, Box<IExpr>),
    /// its remainder
    Rem(Box<IExpr>, Box<IExpr>),
    /// `a ^ b`
    Xor(Box<IExpr>, Box<IExpr>),
    /// `-a`
    Neg(Box<IExpr>),
    /// `min(…)`
    Min(Vec<IExpr>),
    /// `max(…)`
    Max(Vec<IExpr>),
    /// `abs(a)`
    Abs(Box<IExpr>),
    /// `if c then a else b`
    If(Box<BExpr>, Box<IExpr>, Box<IExpr>),
    /// `xs[i]`, the slot holding a [`list_ref`] to a list of integers stored
    /// further on in the same slots.
    Elem(usize, Box<IExpr>),
    /// `len(xs)`, the slot holding a [`list_ref`].
    Len(usize),
}

/// A list of integers kept in the slots themselves: `len` values from slot
/// `start`, named by one slot holding this reference.
#[inline]
pub fn list_ref(start: usize, len: usize) -> i64 {
    ((len as i64) << 32) | start as i64
}

/// The start and length of a list named by a [`list_ref`].
#[inline]
pub fn list_span(r: i64) -> (usize, usize) {
    ((r & 0xffff_ffff) as usize, (r >> 32) as usize)
}

/// A boolean expression.
#[derive(Debug, Clone, PartialEq)]
pub enum BExpr {
    /// A constant.
    Const(bool),
    /// `a OP b`
    Cmp(Cmp, IExpr, IExpr),
    /// `a and b`
    And(Box<BExpr>, Box<BExpr>),
    /// `a or b`
    Or(Box<BExpr>, Box<BExpr>),
    /// `not a`
    Not(Box<BExpr>),
    /// `a in {…}` over constant integers (sorted); `negated` for `not in`.
    InSet(IExpr, Rc<[i64]>, bool),
    /// `a in lo..hi` (hi exclusive); `negated` for `not in`.
    InRange(IExpr, IExpr, IExpr, bool),
}

/// Evaluates `e`, reading a constant, a slot or a list element in place rather
/// than by a call: most operands are one of them.
#[inline(always)]
pub fn operand(e: &IExpr, s: &[i64]) -> Option<i64> {
    match e {
        IExpr::Const(c) => Some(*c),
        IExpr::Slot(i) => s.get(*i).copied(),
        IExpr::Elem(list, i) => match i.as_ref() {
            IExpr::Slot(k) => elem(s, *list, *s.get(*k)?),
            IExpr::Const(k) => elem(s, *list, *k),
            _ => e.eval(s),
        },
        _ => e.eval(s),
    }
}

/// Element `i` of the list named by `list`.
#[inline(always)]
fn elem(s: &[i64], list: usize, i: i64) -> Option<i64> {
    let (start, len) = list_span(*s.get(list)?);
    s.get(start + seq_index(i, len)?).copied()
}

/// Evaluates a condition, a comparison in place rather than by a call.
#[inline(always)]
pub fn test(c: &BExpr, s: &[i64]) -> Option<bool> {
    match c {
        BExpr::Cmp(op, a, b) => Some(op.holds(operand(a, s)?.cmp(&operand(b, s)?))),
        _ => c.eval(s),
    }
}

impl IExpr {
    /// Evaluates with the given slots.
    #[inline]
    pub fn eval(&self, s: &[i64]) -> Option<i64> {
        Some(match self {
            IExpr::Const(c) => *c,
            IExpr::Slot(i) => *s.get(*i)?,
            IExpr::Add(a, b) => int_op(IntOp::Add, operand(a, s)?, operand(b, s)?).ok()?,
            IExpr::Sub(a, b) => int_op(IntOp::Sub, operand(a, s)?, operand(b, s)?).ok()?,
            IExpr::Mul(a, b) => int_op(IntOp::Mul, operand(a, s)?, operand(b, s)?).ok()?,
            IExpr::Div(a, b) => int_op(IntOp::Div, operand(a, s)?, operand(b, s)?).ok()?,
            IExpr::Rem(a, b) => int_op(IntOp::Rem, operand(a, s)?, operand(b, s)?).ok()?,
            IExpr::Xor(a, b) => int_op(IntOp::Xor, operand(a, s)?, operand(b, s)?).ok()?,
            IExpr::Neg(a) => int_neg(operand(a, s)?).ok()?,
            // Folded without collecting: kernels evaluate bounds per position.
            IExpr::Min(xs) => fold_some(xs, s, i64::min)?,
            IExpr::Max(xs) => fold_some(xs, s, i64::max)?,
            IExpr::Abs(a) => int_abs(operand(a, s)?).ok()?,
            IExpr::If(c, a, b) => {
                if test(c, s)? {
                    operand(a, s)?
                } else {
                    operand(b, s)?
                }
            }
            IExpr::Elem(list, i) => elem(s, *list, operand(i, s)?)?,
            IExpr::Len(list) => list_span(*s.get(*list)?).1 as i64,
        })
    }

    /// True when the expression reads `slot`.
    pub fn mentions(&self, slot: usize) -> bool {
        match self {
            IExpr::Const(_) => false,
            IExpr::Slot(i) => *i == slot,
            IExpr::Add(a, b)
            | IExpr::Sub(a, b)
            | IExpr::Mul(a, b)
            | IExpr::Div(a, b)
            | IExpr::Rem(a, b)
            | IExpr::Xor(a, b) => a.mentions(slot) || b.mentions(slot),
            IExpr::Neg(a) | IExpr::Abs(a) => a.mentions(slot),
            IExpr::Min(xs) | IExpr::Max(xs) => xs.iter().any(|x| x.mentions(slot)),
            IExpr::If(c, a, b) => c.mentions(slot) || a.mentions(slot) || b.mentions(slot),
            IExpr::Elem(list, i) => *list == slot || i.mentions(slot),
            IExpr::Len(list) => *list == slot,
        }
    }

    /// Splits into `coef·x + rest` when the expression is affine in slot `x`.
    pub fn affine(&self, x: usize) -> Option<(i64, IExpr)> {
        if !self.mentions(x) {
            return Some((0, self.clone()));
        }
        match self {
            IExpr::Slot(i) if *i == x => Some((1, IExpr::Const(0))),
            IExpr::Add(a, b) => {
                let (ca, ra) = a.affine(x)?;
                let (cb, rb) = b.affine(x)?;
                Some((ca.checked_add(cb)?, IExpr::Add(Box::new(ra), Box::new(rb))))
            }
            IExpr::Sub(a, b) => {
                let (ca, ra) = a.affine(x)?;
                let (cb, rb) = b.affine(x)?;
                Some((ca.checked_sub(cb)?, IExpr::Sub(Box::new(ra), Box::new(rb))))
            }
            IExpr::Neg(a) => {
                let (c, r) = a.affine(x)?;
                Some((c.checked_neg()?, IExpr::Neg(Box::new(r))))
            }
            IExpr::Mul(a, b) => match (a.as_ref(), b.as_ref()) {
                (IExpr::Const(k), other) | (other, IExpr::Const(k)) => {
                    let (c, r) = other.affine(x)?;
                    Some((
                        c.checked_mul(*k)?,
                        IExpr::Mul(Box::new(r), Box::new(IExpr::Const(*k))),
                    ))
                }
                _ => None,
            },
            _ => None,
        }
    }
}

impl BExpr {
    /// Evaluates with the given slots.
    #[inline]
    pub fn eval(&self, s: &[i64]) -> Option<bool> {
        Some(match self {
            BExpr::Const(b) => *b,
            BExpr::Cmp(op, a, b) => op.holds(operand(a, s)?.cmp(&operand(b, s)?)),
            BExpr::And(a, b) => test(a, s)? && test(b, s)?,
            BExpr::Or(a, b) => test(a, s)? || test(b, s)?,
            BExpr::Not(a) => !test(a, s)?,
            BExpr::InSet(a, set, neg) => in_sorted(set, operand(a, s)?) != *neg,
            BExpr::InRange(a, lo, hi, neg) => {
                in_range(operand(a, s)?, operand(lo, s)?, operand(hi, s)?) != *neg
            }
        })
    }

    /// True when the condition reads `slot`.
    pub fn mentions(&self, slot: usize) -> bool {
        match self {
            BExpr::Const(_) => false,
            BExpr::Cmp(_, a, b) => a.mentions(slot) || b.mentions(slot),
            BExpr::And(a, b) | BExpr::Or(a, b) => a.mentions(slot) || b.mentions(slot),
            BExpr::Not(a) => a.mentions(slot),
            BExpr::InSet(a, _, _) => a.mentions(slot),
            BExpr::InRange(a, lo, hi, _) => {
                a.mentions(slot) || lo.mentions(slot) || hi.mentions(slot)
            }
        }
    }

    /// Turns `a OP b`, affine in `x` with a non-zero coefficient, into constraints
    /// `coef·x ≤ rest`. `None` when it is not such a comparison.
    pub fn as_bounds(&self, x: usize) -> Option<Vec<(i64, IExpr)>> {
        let BExpr::Cmp(op, a, b) = self else {
            return None;
        };
        let (ca, ra) = a.affine(x)?;
        let (cb, rb) = b.affine(x)?;
        // a OP b  ⇔  (ca − cb)·x OP (rb − ra)
        let c = ca.checked_sub(cb)?;
        if c == 0 {
            return None;
        }
        let d = IExpr::Sub(Box::new(rb), Box::new(ra));
        let minus_one = |e: IExpr| IExpr::Sub(Box::new(e), Box::new(IExpr::Const(1)));
        let neg = |e: IExpr| IExpr::Neg(Box::new(e));
        let nc = c.checked_neg()?;
        Some(match op {
            Cmp::Le => vec![(c, d)],
            Cmp::Lt => vec![(c, minus_one(d))],
            // c·x ≥ d ⇔ −c·x ≤ −d
            Cmp::Ge => vec![(nc, neg(d))],
            Cmp::Gt => vec![(nc, minus_one(neg(d)))],
            Cmp::Eq => vec![(c, d.clone()), (nc, neg(d))],
            Cmp::Ne => return None,
        })
    }
}

/// `f` folded over the values of `xs` (`None` when one fails, or none).
fn fold_some(xs: &[IExpr], s: &[i64], f: fn(i64, i64) -> i64) -> Option<i64> {
    let mut acc: Option<i64> = None;
    for x in xs {
        let v = operand(x, s)?;
        acc = Some(acc.map_or(v, |a| f(a, v)));
    }
    acc
}

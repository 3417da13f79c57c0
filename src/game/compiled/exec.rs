//! What every runner of compiled rules shares: bailing out to the general
//! evaluator, ticking the budget, an option argument's value, and the range of
//! an innermost binder after its bounds.

use super::ir::{Arg, Inner, InnerIter, Kernel};
use crate::budget::{Budget, Exceeded};
use crate::eval::ops::floor_div;

/// Why a run of compiled rules stopped early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bail {
    /// It cannot handle this position: the general evaluator takes over.
    Fallback,
    /// A limit of the budget was reached.
    Limit(Exceeded),
}

/// The result of a step that can bail out.
pub type Res = Result<(), Bail>;

/// `None` (overflow, division by zero) bails out to the general evaluator.
#[inline]
pub fn opt<T>(v: Option<T>) -> Result<T, Bail> {
    v.ok_or(Bail::Fallback)
}

/// Work done against the budget.
#[inline]
pub fn work(budget: &Budget, n: usize) -> Res {
    budget
        .ticks(u32::try_from(n).unwrap_or(u32::MAX))
        .map_err(Bail::Limit)
}

/// Writes `v` into `slot`.
#[inline]
pub fn set(slots: &mut [i64], slot: usize, v: i64) -> Res {
    *slots.get_mut(slot).ok_or(Bail::Fallback)? = v;
    Ok(())
}

/// `ceil(a / b)`.
pub fn ceil_div(a: i64, b: i64) -> Option<i64> {
    floor_div(a.checked_neg()?, b)
        .ok()
        .and_then(|(q, _)| q.checked_neg())
}

/// The value of an option argument with the innermost binder at `x`.
#[inline]
pub fn arg_value(a: &Arg, x: i64, slots: &[i64]) -> Result<i64, Bail> {
    match a {
        Arg::Affine(c, rest) => opt(opt(c.checked_mul(x))?.checked_add(opt(rest.eval(slots))?)),
        Arg::General(e) => opt(e.eval(slots)),
    }
}

/// The range of the innermost binder of rule `index` at position `pos`, after
/// its `where` bounds: `Some((lo, hi))` inclusive (empty when lo > hi).
pub fn rule_range(
    kernel: &Kernel,
    index: usize,
    pos: [i64; 2],
    slots: &mut Vec<i64>,
) -> Option<(i64, i64)> {
    let rule = kernel.rules.get(index)?;
    let inner = rule.inner.as_ref()?;
    slots.clear();
    slots.resize(kernel.slots.max(2), 0);
    for (s, v) in kernel.param_slots.iter().zip(pos) {
        *slots.get_mut(*s)? = v;
    }
    range_within(inner, slots)
}

/// The inclusive range of an innermost `x in lo..hi` binder after its `where`
/// bounds, with the other slots set; `None` for a binder over values or when
/// arithmetic fails.
pub fn range_within(inner: &Inner, slots: &[i64]) -> Option<(i64, i64)> {
    let InnerIter::Range(lo, hi) = &inner.iter else {
        return None;
    };
    let mut lo = lo.eval(slots)?;
    let mut hi = hi.eval(slots)?.checked_sub(1)?;
    for (c, d) in &inner.bounds {
        let d = d.eval(slots)?;
        if *c > 0 {
            hi = hi.min(floor_div(d, *c).ok()?.0);
        } else {
            lo = lo.max(ceil_div(d, *c)?);
        }
    }
    Some((lo, hi))
}

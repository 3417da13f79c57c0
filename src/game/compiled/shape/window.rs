//! Recognises window rules: one rule whose options are the heaps `±x + R(n)`
//! for `x` over a range whose ends are computed from `n` (Nim, halving Nim,
//! proportional Nim), perhaps minus a few constant values of `x` (all-but
//! games). Its options are then one contiguous range of heaps plus a few
//! others, which the window mex values in logarithmic time per heap.

use super::super::exec::{arg_value, opt, range_within, Bail};
use super::super::expr::{BExpr, Cmp, IExpr};
use super::super::ir::{Arg, InnerIter, KOption, Kernel};
use std::rc::Rc;

/// Most options outside the contiguous range a window rule may have.
pub const MOST_EXTRAS: usize = 64;

/// A window rule.
#[derive(Debug, Clone, PartialEq)]
pub struct Window {
    /// `+1` or `−1`: the heap is `coef·x + R(n)`.
    coef: i64,
    /// Values of `x` that are no option (`where x not in E`, `x != c`), sorted.
    holes: Rc<[i64]>,
}

/// The options of one heap under a window rule: every heap of
/// `range.0..=range.1` and the heaps of `extras`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reach {
    /// The contiguous range (empty when `0 > 1`).
    pub range: (i64, i64),
    /// The other options.
    pub extras: Vec<i64>,
}

impl Window {
    /// The window form of `kernel`'s rules, or `None`.
    pub fn of(kernel: &Kernel) -> Option<Window> {
        let [rule] = kernel.rules.as_slice() else {
            return None;
        };
        let inner = rule.inner.as_ref()?;
        let n = *kernel.param_slots.first()?;
        if kernel.params != 1 || !rule.outer.is_empty() {
            return None;
        }
        if !matches!(inner.iter, InnerIter::Range(..)) {
            return None;
        }
        let x = inner.slot;
        let reads_only_n = |e: &IExpr| (0..kernel.slots).all(|s| s == n || !e.mentions(s));
        if !inner.bounds.iter().all(|(_, d)| reads_only_n(d))
            || !rule.outer_filters.iter().all(|f| !f.mentions(x))
        {
            return None;
        }
        if let InnerIter::Range(lo, hi) = &inner.iter {
            if !reads_only_n(lo) || !reads_only_n(hi) {
                return None;
            }
        }
        let mut holes = Vec::new();
        for f in &inner.filters {
            match f {
                BExpr::InSet(IExpr::Slot(s), set, true) if *s == x => {
                    holes.extend(set.iter().copied())
                }
                BExpr::Cmp(Cmp::Ne, IExpr::Slot(s), IExpr::Const(c))
                | BExpr::Cmp(Cmp::Ne, IExpr::Const(c), IExpr::Slot(s))
                    if *s == x =>
                {
                    holes.push(*c)
                }
                _ => return None,
            }
        }
        if holes.len() > MOST_EXTRAS {
            return None;
        }
        holes.sort_unstable();
        holes.dedup();
        let KOption::Same(args) = &rule.option else {
            return None;
        };
        let [Arg::Affine(coef @ (1 | -1), rest)] = args.as_slice() else {
            return None;
        };
        if !reads_only_n(rest) {
            return None;
        }
        Some(Window {
            coef: *coef,
            holes: holes.into(),
        })
    }

    /// The options of heap `n` (its slots in `slots`), or `Err(Fallback)` when
    /// arithmetic fails or the extras are too many.
    pub fn span(&self, kernel: &Kernel, n: i64, slots: &mut Vec<i64>) -> Result<Reach, Bail> {
        slots.clear();
        slots.resize(kernel.slots.max(2), 0);
        let p = *opt(kernel.param_slots.first())?;
        *opt(slots.get_mut(p))? = n;
        for stop in &kernel.stops {
            if opt(stop.eval(slots))? {
                return Ok(Reach {
                    range: (0, -1),
                    extras: vec![],
                });
            }
        }
        let rule = opt(kernel.rules.first())?;
        for f in &rule.outer_filters {
            if !opt(f.eval(slots))? {
                return Ok(Reach {
                    range: (0, -1),
                    extras: vec![],
                });
            }
        }
        let inner = opt(rule.inner.as_ref())?;
        let (lo, hi) = opt(range_within(inner, slots))?;
        let KOption::Same(args) = &rule.option else {
            return Err(Bail::Fallback);
        };
        let arg = opt(args.first())?;
        let heap = |x: i64| arg_value(arg, x, slots);
        if lo > hi {
            return Ok(Reach {
                range: (0, -1),
                extras: vec![],
            });
        }
        // The hole-free side of x whose heaps are the smaller ones: there the
        // range reaches down, and its top grows with n.
        let (first_hole, last_hole) = match (self.holes.first(), self.holes.last()) {
            (Some(&a), Some(&b)) => (a, b),
            _ => (hi + 1, hi),
        };
        let (free, others) = if self.holes.is_empty() {
            ((lo, hi), (1, 0))
        } else if self.coef < 0 {
            ((lo.max(last_hole + 1), hi), (lo, hi.min(last_hole)))
        } else {
            ((lo, hi.min(first_hole - 1)), (lo.max(first_hole), hi))
        };
        let mut extras = Vec::new();
        if others.0 <= others.1 {
            if others.1 - others.0 >= MOST_EXTRAS as i64 * 2 {
                return Err(Bail::Fallback);
            }
            for x in others.0..=others.1 {
                if self.holes.binary_search(&x).is_err() {
                    extras.push(heap(x)?);
                }
            }
        }
        let range = if free.0 <= free.1 {
            let (a, b) = (heap(free.0)?, heap(free.1)?);
            (a.min(b), a.max(b))
        } else {
            (0, -1)
        };
        Ok(Reach { range, extras })
    }
}

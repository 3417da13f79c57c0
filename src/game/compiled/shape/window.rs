//! Recognises window rules: one rule whose options are the heaps `±x + R(n)`
//! for `x` over a range whose ends are computed from `n` (Nim, halving Nim,
//! proportional Nim), perhaps minus a few constant values of `x` (all-but
//! games). Its options are then one contiguous range of heaps plus a few
//! others, which the window mex values in logarithmic time per heap.

use super::super::expr::{BExpr, Cmp, IExpr};
use super::super::ir::{Arg, InnerIter, KOption, Kernel};
use super::linear::{floor_forms, Lin, HEAP};
use std::rc::Rc;

/// Most options outside the contiguous range a window rule may have.
pub const MOST_EXTRAS: usize = 64;

/// `floor((a·n + b) / d)`, `d ≥ 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Form {
    a: i64,
    b: i64,
    d: i64,
}

impl Form {
    /// `floor(num / den)` of a form over the heap alone.
    fn of(num: &Lin, den: i64) -> Option<Form> {
        (den >= 1 && num.only(&[HEAP])).then_some(Form {
            a: num.coef(HEAP),
            b: num.c,
            d: den,
        })
    }

    /// `floor(self / k)` for k ≥ 1.
    fn over(self, k: i64) -> Option<Form> {
        Some(Form {
            d: self.d.checked_mul(k)?,
            ..self
        })
    }

    /// `ceil(−self)`... as a floor: −floor(p/q) = floor((−p + q − 1)/q).
    fn negated(self) -> Option<Form> {
        Some(Form {
            a: self.a.checked_neg()?,
            b: self.b.checked_neg()?.checked_add(self.d - 1)?,
            d: self.d,
        })
    }

    fn shifted(self, by: i64) -> Option<Form> {
        Some(Form {
            b: self.b.checked_add(by.checked_mul(self.d)?)?,
            ..self
        })
    }

    #[inline]
    fn at(self, n: i64) -> Option<i64> {
        Some(
            self.a
                .checked_mul(n)?
                .checked_add(self.b)?
                .div_euclid(self.d),
        )
    }
}

/// A window rule.
#[derive(Debug, Clone, PartialEq)]
pub struct Window {
    /// `+1` or `−1`: the heap is `coef·x + a·n + b`.
    coef: i64,
    /// `(a, b)` of the heap.
    heap: (i64, i64),
    /// x is at least each of these…
    lows: Vec<Form>,
    /// …and at most each of these.
    highs: Vec<Form>,
    /// Values of `x` that are no option (`where x not in E`, `x != c`), sorted.
    holes: Rc<[i64]>,
}

impl Window {
    /// The window form of `kernel`'s rules, or `None`.
    pub fn of(kernel: &Kernel) -> Option<Window> {
        let [rule] = kernel.rules.as_slice() else {
            return None;
        };
        let inner = rule.inner.as_ref()?;
        let n = *kernel.param_slots.first()?;
        if kernel.params != 1
            || !rule.outer.is_empty()
            || !rule.outer_filters.is_empty()
            || !kernel.stops.is_empty()
        {
            return None;
        }
        let InnerIter::Range(lo, hi) = &inner.iter else {
            return None;
        };
        let forms = |e: &IExpr, upper: bool| -> Option<Vec<Form>> {
            floor_forms(e, n, upper)?
                .iter()
                .map(|(num, den)| Form::of(num, *den))
                .collect()
        };
        let mut lows = forms(lo, false)?;
        // x < hi ⇔ x ≤ hi − 1
        let mut highs = forms(hi, true)?
            .into_iter()
            .map(|f| f.shifted(-1))
            .collect::<Option<Vec<_>>>()?;
        for (coef, rest) in &inner.bounds {
            for f in forms(rest, true)? {
                // coef·x ≤ f: x ≤ floor(f / coef), or x ≥ −floor(f / |coef|).
                match coef.signum() {
                    1 => highs.push(f.over(*coef)?),
                    -1 => lows.push(f.over(coef.checked_abs()?)?.negated()?),
                    _ => return None,
                }
            }
        }
        let x = inner.slot;
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
        let rest = forms(rest, true)?;
        let [form] = rest.as_slice() else {
            return None;
        };
        if form.d != 1 {
            return None;
        }
        Some(Window {
            coef: *coef,
            heap: (form.a, form.b),
            lows,
            highs,
            holes: holes.into(),
        })
    }

    /// True when heap `n` has more than `most` options (the range's width, less
    /// its holes), counted without making them.
    pub fn more_options_than(&self, n: i64, most: u64) -> bool {
        let bound = |forms: &[Form], pick: fn(i64, i64) -> i64, start: i64| {
            forms
                .iter()
                .try_fold(start, |acc, f| Some(pick(acc, f.at(n)?)))
        };
        let (Some(lo), Some(hi)) = (
            bound(&self.lows, i64::max, i64::MIN),
            bound(&self.highs, i64::min, i64::MAX),
        ) else {
            return false;
        };
        let width = i128::from(hi) - i128::from(lo) + 1;
        width - self.holes.len() as i128 > i128::from(most)
    }

    /// The contiguous range of options of heap `n` (empty when `0 > 1`), the
    /// other options written into `extras`.
    #[inline]
    pub fn reach_into(&self, n: i64, extras: &mut Vec<i64>) -> Option<(i64, i64)> {
        extras.clear();
        let mut lo = i64::MIN;
        for f in &self.lows {
            lo = lo.max(f.at(n)?);
        }
        let mut hi = i64::MAX;
        for f in &self.highs {
            hi = hi.min(f.at(n)?);
        }
        if lo > hi {
            return Some((0, -1));
        }
        let base = self.heap.0.checked_mul(n)?.checked_add(self.heap.1)?;
        let heap = |x: i64| self.coef.checked_mul(x)?.checked_add(base);
        // The hole-free side of x whose heaps are the smaller ones: there the
        // range reaches down, and its top grows with n.
        let (free, others) = match (self.holes.first(), self.holes.last()) {
            (Some(_), Some(&last)) if self.coef < 0 => ((lo.max(last + 1), hi), (lo, hi.min(last))),
            (Some(&first), Some(_)) => ((lo, hi.min(first - 1)), (lo.max(first), hi)),
            _ => ((lo, hi), (1, 0)),
        };
        if others.0 <= others.1 {
            if others.1 - others.0 >= MOST_EXTRAS as i64 * 2 {
                return None;
            }
            for x in others.0..=others.1 {
                if self.holes.binary_search(&x).is_err() {
                    extras.push(heap(x)?);
                }
            }
        }
        Some(if free.0 <= free.1 {
            let (a, b) = (heap(free.0)?, heap(free.1)?);
            (a.min(b), a.max(b))
        } else {
            (0, -1)
        })
    }
}

//! The window mex (THEORY.md §5.4): heaps whose options are one contiguous
//! range of heaps `lo(n)..=hi(n)`, `hi` never decreasing, plus a few others
//! (Nim, halving and proportional Nim, all-but games), valued in O(log n) a
//! heap instead of O(n). With `lo` never decreasing either, each heap enters
//! the window once (when `hi` reaches it) and leaves once (when `lo` passes
//! it): `last[v]`, the largest heap entered so far with value v, says whether
//! v is still in the window, and the set of absent values is a bitset with
//! two summary levels. The value of n is its first absent value that no
//! other option has.

use super::{Solver, UNKNOWN};
use crate::eval::eval_error::EvalError;
use crate::game::compiled::shape::window::Window;
use crate::lang::value::InstId;

/// The values absent from the window: a bit per value with two levels of
/// summary above it, so the first absent value is three word scans away.
struct Absent {
    /// Bit v: value v is absent.
    bits: Vec<u64>,
    /// Bit i: word i of `bits` has a bit set.
    mid: Vec<u64>,
    /// Bit i: word i of `mid` has a bit set.
    top: Vec<u64>,
}

impl Absent {
    /// Every value below `values` absent.
    fn all(values: usize) -> Absent {
        let words = values.div_ceil(64).max(1);
        let mids = words.div_ceil(64);
        let tops = mids.div_ceil(64);
        let mut a = Absent {
            bits: vec![u64::MAX; words],
            mid: vec![0; mids],
            top: vec![0; tops],
        };
        for w in 0..words {
            a.summarise(w);
        }
        a
    }

    /// Recomputes the summaries above word `w`.
    fn summarise(&mut self, w: usize) {
        let full = self.bits.get(w).is_some_and(|&b| b != 0);
        let (m, mb) = (w / 64, w % 64);
        if let Some(word) = self.mid.get_mut(m) {
            *word = (*word & !(1 << mb)) | (u64::from(full) << mb);
            let any = *word != 0;
            if let Some(t) = self.top.get_mut(m / 64) {
                *t = (*t & !(1 << (m % 64))) | (u64::from(any) << (m % 64));
            }
        }
    }

    fn set(&mut self, v: usize, absent: bool) {
        let w = v / 64;
        if let Some(word) = self.bits.get_mut(w) {
            let before = *word != 0;
            if absent {
                *word |= 1 << (v % 64);
            } else {
                *word &= !(1 << (v % 64));
            }
            if before != (*word != 0) {
                self.summarise(w);
            }
        }
    }

    /// The first absent value ≥ `from`.
    fn first_from(&self, from: usize) -> Option<usize> {
        let w = from / 64;
        // Within the first word.
        let first = self.bits.get(w)? & (u64::MAX << (from % 64));
        if first != 0 {
            return Some(w * 64 + first.trailing_zeros() as usize);
        }
        // A later word of the same mid word, then later mid words.
        let m = w / 64;
        let rest = self.mid.get(m)? & (u64::MAX.checked_shl(w as u32 % 64 + 1).unwrap_or(0));
        let word_at = |m: usize, bits: u64| m * 64 + bits.trailing_zeros() as usize;
        let w = if rest != 0 {
            word_at(m, rest)
        } else {
            let t = m / 64;
            let later = self.top.get(t)? & u64::MAX.checked_shl(m as u32 % 64 + 1).unwrap_or(0);
            let m = if later != 0 {
                word_at(t, later)
            } else {
                let t =
                    (t + 1..self.top.len()).find(|&t| self.top.get(t).is_some_and(|&x| x != 0))?;
                word_at(t, *self.top.get(t)?)
            };
            word_at(m, *self.mid.get(m)?)
        };
        Some(w * 64 + self.bits.get(w)?.trailing_zeros() as usize)
    }
}

/// Heaps valued between two looks at the budget.
const CHUNK: usize = 4096;

/// The window as it slides up the heaps: which values heaps `left..entered`
/// hold, and for each value the last heap that held it.
struct Sliding {
    absent: Absent,
    last: Vec<u32>,
    /// Heaps below `entered` are in the table of `last`.
    entered: usize,
    /// Heaps below `left` are out of the window again.
    left: usize,
}

impl Sliding {
    fn new(values: usize) -> Self {
        Sliding {
            absent: Absent::all(values),
            last: vec![u32::MAX; values],
            entered: 0,
            left: 0,
        }
    }

    /// Moves the window to heaps `lo..=hi` of the values `g`. `None` when it
    /// would move down (it only moves up: a top or bottom that went down would
    /// need heaps back) or a value does not fit the table.
    fn slide(&mut self, g: &[u32], lo: usize, hi: usize) -> Option<()> {
        if hi + 1 < self.entered || lo < self.left {
            return None;
        }
        while self.entered <= hi {
            let v = g.get(self.entered).copied().unwrap_or(UNKNOWN);
            *self.last.get_mut(v as usize)? = self.entered as u32;
            self.absent.set(v as usize, false);
            self.entered += 1;
        }
        while self.left < lo {
            let v = g.get(self.left).copied().unwrap_or(UNKNOWN) as usize;
            if self.last.get(v) == Some(&(self.left as u32)) {
                self.absent.set(v, true);
            }
            self.left += 1;
        }
        Some(())
    }

    /// The least value neither in the window (unless it is `empty`) nor among
    /// the `extras`.
    fn mex(&self, empty: bool, extras: &[usize]) -> Option<usize> {
        if empty {
            return (0..).find(|v| !extras.contains(v));
        }
        let mut v = self.absent.first_from(0);
        while let Some(x) = v.filter(|x| extras.contains(x)) {
            v = self.absent.first_from(x + 1);
        }
        v
    }
}

impl Solver<'_, '_> {
    /// Values heaps `from..=to` (those not yet known) by the window mex.
    /// Returns the first heap it could not value: `to + 1` when all were, less
    /// when the rules leave the window's conditions (a range that shrinks at
    /// the top, a heap out of range), where the kernel fill goes on.
    pub(super) fn fill_window(
        &mut self,
        inst: InstId,
        window: &Window,
        to: usize,
    ) -> Result<usize, EvalError> {
        let budget = self.games.budget;
        let span = self.span;
        let limit = |e| EvalError::limit(e, span);
        let values = to.saturating_add(2 + 2 * crate::game::compiled::shape::window::MOST_EXTRAS);
        budget.reserve(values.saturating_mul(5)).map_err(limit)?;
        let t = self.tables.inst_mut(inst);
        t.memo.reserve_heaps(to + 1, budget).map_err(limit)?;
        let mut sliding = Sliding::new(values);
        let mut extras: Vec<usize> = Vec::new();
        let mut other: Vec<i64> = Vec::new();
        let (mut added, mut max) = (0, t.max);
        let mut stopped = to + 1;
        let g = t.memo.dense_mut();
        for n in 0..=to {
            if n % CHUNK == 0 {
                if let Err(e) = budget.ticks(CHUNK as u32) {
                    t.max = max;
                    t.memo.add_len(added, budget).map_err(limit)?;
                    return Err(limit(e));
                }
            }
            let Some(value) = window_value(window, n, g, &mut sliding, &mut other, &mut extras)
            else {
                stopped = n;
                break;
            };
            match g.get_mut(n) {
                Some(slot) if *slot == UNKNOWN => {
                    *slot = value;
                    added += 1;
                }
                Some(slot) if *slot != value => {
                    return Err(EvalError::internal(
                        "the window mex disagrees with a stored value",
                        span,
                    ))
                }
                _ => {}
            }
            max = max.max(value);
        }
        t.max = max;
        t.memo.add_len(added, budget).map_err(limit)?;
        Ok(stopped)
    }
}

/// Heap `n`'s value by the window mex over the values `g` of the heaps below
/// it, or `None` where the rules leave the window's conditions (a heap out of
/// range, a window that moves down, an unknown extra).
fn window_value(
    window: &Window,
    n: usize,
    g: &[u32],
    sliding: &mut Sliding,
    other: &mut Vec<i64>,
    extras: &mut Vec<usize>,
) -> Option<u32> {
    let (lo, hi) = window.reach_into(n as i64, other)?;
    let empty = lo > hi;
    let within = |h: i64| (0..n as i64).contains(&h);
    let range_ok = empty || (within(lo) && within(hi));
    if !range_ok || !other.iter().all(|&h| within(h)) {
        return None;
    }
    if !empty {
        sliding.slide(g, lo as usize, hi as usize)?;
    }
    extras.clear();
    extras.extend(
        other
            .iter()
            .map(|&h| g.get(h as usize).copied().unwrap_or(UNKNOWN) as usize),
    );
    if extras.contains(&(UNKNOWN as usize)) {
        return None;
    }
    u32::try_from(sliding.mex(empty, extras)?).ok()
}

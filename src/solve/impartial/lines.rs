//! Games whose moves slide along rows, columns and diagonals towards the origin
//! (Wythoff, the queen): each position's options are every earlier position on
//! its lines, so a running mex set per line gives the value in a few word
//! operations instead of a walk along every ray.

use super::Solver;
use crate::eval::eval_error::EvalError;
use crate::game::compiled::exec::rule_range;
use crate::game::compiled::expr::IExpr;
use crate::game::compiled::ir::{InnerIter, Kernel};
use crate::lang::value::InstId;

/// The values seen so far on every line of one direction: a bitset per line,
/// all in one block of `words` words each, with each line's first word that
/// is not yet full (every word before it holds all its values).
struct Lines {
    bits: Vec<u64>,
    low: Vec<usize>,
    words: usize,
}

impl Lines {
    fn new(lines: usize, words: usize) -> Lines {
        Lines {
            bits: vec![0; lines * words],
            low: vec![0; lines],
            words,
        }
    }

    /// Line `i`'s words and its first open word.
    fn line(&self, i: usize) -> (&[u64], usize) {
        let at = i * self.words;
        (
            self.bits.get(at..at + self.words).unwrap_or(&[]),
            self.low.get(i).copied().unwrap_or(0),
        )
    }

    fn insert(&mut self, i: usize, v: u32) {
        let at = i * self.words;
        let (Some(line), Some(low)) = (self.bits.get_mut(at..at + self.words), self.low.get_mut(i))
        else {
            return;
        };
        if let Some(word) = line.get_mut((v / 64) as usize) {
            *word |= 1 << (v % 64);
        }
        while line.get(*low) == Some(&u64::MAX) {
            *low += 1;
        }
    }
}

/// The mex of the union of three lines (of equal length; a line may be given
/// twice): no value below the fullest line's first open word is missing, so
/// the search starts there.
fn mex_of([(a, la), (b, lb), (c, lc)]: [(&[u64], usize); 3]) -> u32 {
    let start = la.max(lb).max(lc);
    let words = a.len().min(b.len()).min(c.len());
    let (a, b, c) = (
        a.get(..words).unwrap_or(&[]),
        b.get(..words).unwrap_or(&[]),
        c.get(..words).unwrap_or(&[]),
    );
    for w in start..words {
        let (Some(x), Some(y), Some(z)) = (a.get(w), b.get(w), c.get(w)) else {
            break;
        };
        let union = x | y | z;
        if union != u64::MAX {
            return (w * 64) as u32 + (!union).trailing_zeros();
        }
    }
    (words * 64) as u32
}

/// True when rule `index` ranges over the whole ray in direction `d` at every
/// position, by the shape of its compiled range alone: `k in 1..=x`,
/// `k in 1..=y` or `k in 1..=min(x, y)` with no other condition. Other rules
/// are checked position by position.
fn always_whole_ray(kernel: &Kernel, index: usize, d: (i64, i64)) -> bool {
    let (Some(rule), Some(&px), Some(&py)) = (
        kernel.rules.get(index),
        kernel.param_slots.first(),
        kernel.param_slots.get(1),
    ) else {
        return false;
    };
    let Some(inner) = rule.inner.as_ref() else {
        return false;
    };
    if !rule.outer.is_empty()
        || !rule.outer_filters.is_empty()
        || !inner.filters.is_empty()
        || !inner.bounds.is_empty()
    {
        return false;
    }
    let InnerIter::Range(lo, IExpr::Add(last, one)) = &inner.iter else {
        return false;
    };
    // A constant evaluates without any slot.
    if lo.eval(&[]) != Some(1) || one.eval(&[]) != Some(1) {
        return false;
    }
    let slot = |e: &IExpr, s: usize| matches!(e, IExpr::Slot(i) if *i == s);
    match (d, last.as_ref()) {
        ((-1, 0), e) => slot(e, px),
        ((0, -1), e) => slot(e, py),
        ((-1, -1), IExpr::Min(xs)) => match xs.as_slice() {
            [a, b] => (slot(a, px) && slot(b, py)) || (slot(a, py) && slot(b, px)),
            _ => false,
        },
        _ => false,
    }
}

/// Whether at `p` every rule not known to be whole everywhere (`always`)
/// ranges over exactly the whole ray to the edge.
fn every_ray_whole(
    kernel: &Kernel,
    dirs: &[(i64, i64)],
    always: &[bool],
    p: [i64; 2],
    slots: &mut Vec<i64>,
) -> bool {
    dirs.iter().enumerate().all(|(i, d)| {
        if always.get(i) == Some(&true) {
            return true;
        }
        let full = match d {
            (-1, 0) => p[0],
            (0, -1) => p[1],
            _ => p[0].min(p[1]),
        };
        match rule_range(kernel, i, p, slots) {
            Some((lo, hi)) => (lo == 1 && hi == full) || (full == 0 && lo > hi),
            None => false,
        }
    })
}

/// The values seen so far along every row, column and diagonal of the box.
struct Board {
    rows: Lines,
    cols: Lines,
    diags: Lines,
}

impl Board {
    /// The value at (a, b): the mex of the lines the directions reach, in a
    /// box of height `y`.
    fn value(&self, dirs: &[(i64, i64)], a: usize, b: usize, y: usize) -> u32 {
        let (row, col, dia) = (
            self.rows.line(b),
            self.cols.line(a),
            self.diags.line(a + y - b),
        );
        let line = |d: Option<&(i64, i64)>| match d {
            Some((-1, 0)) => row,
            Some((0, -1)) => col,
            Some(_) => dia,
            None => (&[][..], 0),
        };
        // Fewer than three directions: the first one's line again,
        // which adds nothing to the union.
        let first = line(dirs.first());
        match dirs {
            [_, b, c] => mex_of([first, line(Some(b)), line(Some(c))]),
            [_, b] => mex_of([first, line(Some(b)), first]),
            _ => mex_of([first, first, first]),
        }
    }

    /// Records value `v` at (a, b) on its three lines.
    fn insert(&mut self, a: usize, b: usize, y: usize, v: u32) {
        self.rows.insert(b, v);
        self.cols.insert(a, v);
        self.diags.insert(a + y - b, v);
    }
}

impl<'s, 'a> Solver<'s, 'a> {
    /// Fills the box [0..=x]×[0..=y] of a fresh instance with per-line mex sets.
    /// Each position is used only if every rule's range there is exactly the
    /// whole ray to the edge; otherwise the sweep stops (keeping what it found)
    /// and returns false, and the ordinary kernel sweep carries on.
    pub(super) fn fill_lines(
        &mut self,
        kernel: &Kernel,
        dirs: &[(i64, i64)],
        inst: InstId,
        x: usize,
        y: usize,
    ) -> Result<bool, EvalError> {
        let budget = self.games.budget;
        if dirs.len() > 3 {
            return Ok(false);
        }
        // A value is at most the number of options: x + y + min(x, y).
        let words = (x + y + x.min(y)) / 64 + 1;
        let line_words = (2 * (x + y) + 3).saturating_mul(words);
        budget
            .reserve(line_words.saturating_mul(std::mem::size_of::<u64>()))
            .map_err(|e| self.limit(e))?;
        let mut lines = Board {
            rows: Lines::new(y + 1, words),
            cols: Lines::new(x + 1, words),
            diags: Lines::new(x + y + 1, words),
        };
        let mut slots = Vec::new();
        let always: Vec<bool> = dirs
            .iter()
            .enumerate()
            .map(|(i, d)| always_whole_ray(kernel, i, *d))
            .collect();
        let all_whole = always.iter().all(|&w| w);
        self.tables
            .inst_mut(inst)
            .memo
            .reserve_grid(x + 1, y + 1, budget)
            .map_err(|e| self.limit(e))?;
        let span = self.span;
        // The instance's tables, looked up once for the whole sweep.
        let t = self.tables.inst_mut(inst);
        let (_, grid_rows, grid_cols) = t.memo.grid_view();
        if grid_rows <= x || grid_cols <= y {
            return Ok(false); // the grid could not hold the box: leave it to the kernel
        }
        let mut values = Vec::with_capacity(y + 1);
        for a in 0..=x {
            budget.tick().map_err(|e| EvalError::limit(e, span))?;
            values.clear();
            for b in 0..=y {
                if !all_whole {
                    budget.tick().map_err(|e| EvalError::limit(e, span))?;
                    let p = [a as i64, b as i64];
                    if !every_ray_whole(kernel, dirs, &always, p, &mut slots) {
                        // Keep the rows done: the kernel sweep goes on from there.
                        t.memo
                            .set_grid_row(a, &values, budget)
                            .map_err(|e| EvalError::limit(e, span))?;
                        return Ok(false);
                    }
                }
                let v = lines.value(dirs, a, b, y);
                values.push(v);
                lines.insert(a, b, y, v);
            }
            t.max = values.iter().copied().fold(t.max, u32::max);
            t.memo
                .set_grid_row(a, &values, budget)
                .map_err(|e| EvalError::limit(e, span))?;
        }
        Ok(true)
    }
}

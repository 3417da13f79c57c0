//! Games whose moves slide along rows, columns and diagonals towards the origin
//! (Wythoff, the queen): each position's options are every earlier position on
//! its lines, so a running mex set per line gives the value in a few word
//! operations instead of a walk along every ray.

use super::kernel::iexpr::IExpr;
use super::kernel::run::rule_range;
use super::kernel::{InnerIter, Kernel};
use super::Solver;
use crate::eval::eval_error::EvalError;
use crate::lang::value::InstId;

/// The values seen so far on one line, as a bitset, with the first word that
/// is not yet full (every word before it holds all its values).
#[derive(Default, Clone)]
struct LineSet(Vec<u64>, usize);

impl LineSet {
    fn insert(&mut self, v: u32) {
        let w = (v / 64) as usize;
        if w >= self.0.len() {
            self.0.resize(w + 1, 0);
        }
        if let Some(word) = self.0.get_mut(w) {
            *word |= 1 << (v % 64);
        }
        while self.0.get(self.1) == Some(&u64::MAX) {
            self.1 += 1;
        }
    }
}

/// The mex of the union of some line sets: no value below the fullest line's
/// first open word is missing, so the search starts there.
fn mex_of(lines: &[&LineSet]) -> u32 {
    let words = lines.iter().map(|l| l.0.len()).max().unwrap_or(0);
    let start = lines.iter().map(|l| l.1).max().unwrap_or(0);
    for w in start..words {
        let union = lines
            .iter()
            .fold(0u64, |acc, l| acc | l.0.get(w).copied().unwrap_or(0));
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
        let mut rows = vec![LineSet::default(); y + 1];
        let mut cols = vec![LineSet::default(); x + 1];
        let mut diags = vec![LineSet::default(); x + y + 1];
        let mut slots = Vec::new();
        let always: Vec<bool> = dirs
            .iter()
            .enumerate()
            .map(|(i, d)| always_whole_ray(kernel, i, *d))
            .collect();
        self.tables
            .inst_mut(inst)
            .memo
            .reserve_grid(x + 1, y + 1, budget)
            .map_err(|e| self.limit(e))?;
        let span = self.span;
        // The instance's tables, looked up once for the whole sweep.
        let t = self.tables.inst_mut(inst);
        for a in 0..=x {
            for b in 0..=y {
                budget.tick().map_err(|e| EvalError::limit(e, span))?;
                let p = [a as i64, b as i64];
                if dirs.len() > 3 {
                    return Ok(false);
                }
                for (i, d) in dirs.iter().enumerate() {
                    if always.get(i) == Some(&true) {
                        continue;
                    }
                    let full = match d {
                        (-1, 0) => p[0],
                        (0, -1) => p[1],
                        _ => p[0].min(p[1]),
                    };
                    let whole_ray = match rule_range(kernel, i, p, &mut slots) {
                        Some((lo, hi)) => (lo == 1 && hi == full) || (full == 0 && lo > hi),
                        None => false,
                    };
                    if !whole_ray {
                        return Ok(false);
                    }
                }
                let diag = a + y - b;
                let (Some(row), Some(col), Some(dia)) = (rows.get(b), cols.get(a), diags.get(diag))
                else {
                    return Ok(false);
                };
                let mut lines: [&LineSet; 3] = [row, row, row];
                for (slot, d) in lines.iter_mut().zip(dirs) {
                    *slot = match d {
                        (-1, 0) => row,
                        (0, -1) => col,
                        _ => dia,
                    };
                }
                let v = mex_of(lines.get(..dirs.len().min(3)).unwrap_or(&[]));
                if t.memo.grid_view().1 <= a {
                    return Ok(false); // the grid could not hold the box: leave it to the kernel
                }
                t.max = t.max.max(v);
                t.memo
                    .set_small([a as i64, b as i64], 2, v, budget)
                    .map_err(|e| EvalError::limit(e, span))?;
                for set in [rows.get_mut(b), cols.get_mut(a), diags.get_mut(diag)]
                    .into_iter()
                    .flatten()
                {
                    set.insert(v);
                }
            }
        }
        Ok(true)
    }
}

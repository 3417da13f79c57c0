//! Games whose moves slide along rows, columns and diagonals towards the origin
//! (Wythoff, the queen): each position's options are every earlier position on
//! its lines, so a running mex set per line gives the value in a few word
//! operations instead of a walk along every ray.

use super::kernel::run::rule_range;
use super::kernel::Kernel;
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
        self.tables
            .inst_mut(inst)
            .memo
            .reserve_grid(x + 1, y + 1, budget)
            .map_err(|e| self.limit(e))?;
        for a in 0..=x {
            for b in 0..=y {
                budget.tick().map_err(|e| self.limit(e))?;
                let p = [a as i64, b as i64];
                if dirs.len() > 3 {
                    return Ok(false);
                }
                for (i, d) in dirs.iter().enumerate() {
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
                let t = self.tables.inst_mut(inst);
                if t.memo.grid_view().1 <= a {
                    return Ok(false); // the grid could not hold the box: leave it to the kernel
                }
                t.max = t.max.max(v);
                t.memo
                    .set_small([a as i64, b as i64], 2, v, budget)
                    .map_err(|e| EvalError::limit(e, self.span))?;
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

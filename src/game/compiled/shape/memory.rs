//! Recognises finite-memory rules: every option is one heap `n − k` of the
//! same game (or the empty sum) for `k` in a fixed finite set, under
//! conditions that, from some heap on, depend only on `n mod q`. Then the
//! value of heap `n` depends only on `n mod q` and the values of the `m`
//! heaps below it, `m` the largest removal (THEORY.md §5.3 C).

use super::linear::{Con, RuleForms, HEAP};
use super::pset::{lcm, PSet};
use super::takebreak::{at_removal, rewrite, MOST_REMOVALS};

/// Finite-memory rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Memory {
    /// Each removal `k` with the sizes `n − k` of what is left at which the
    /// move exists (never negative).
    pub moves: Vec<(usize, PSet)>,
    /// The heap sizes at which the empty sum is an option.
    pub take_all: Vec<PSet>,
}

impl Memory {
    /// The largest removal `m`.
    pub fn most_removed(&self) -> usize {
        self.moves.iter().map(|(k, _)| *k).max().unwrap_or(0)
    }

    /// The `q` such that, from [`Memory::uniform_from`] on, the options of
    /// `n` depend only on `n mod q`.
    pub fn modulus(&self) -> Option<usize> {
        let mut q = 1i64;
        for set in self.moves.iter().map(|(_, s)| s).chain(&self.take_all) {
            q = lcm(q, set.period.len().max(1) as i64)?;
        }
        usize::try_from(q).ok()
    }

    /// The heap from which the options are a function of `n mod q`.
    pub fn uniform_from(&self) -> usize {
        let start = |s: &PSet| usize::try_from(s.start().max(0)).unwrap_or(0);
        let moves = self.moves.iter().map(|(k, s)| k + start(s));
        moves
            .chain(self.take_all.iter().map(start))
            .max()
            .unwrap_or(0)
    }

    /// Calls `each` with every option of heap `n`: `Some(left)` for one heap,
    /// `None` for the empty sum.
    pub fn options(&self, n: usize, mut each: impl FnMut(Option<usize>)) {
        if self.take_all.iter().any(|s| s.contains(n as i64)) {
            each(None);
        }
        for (k, set) in &self.moves {
            if let Some(left) = n.checked_sub(*k) {
                if set.contains(left as i64) {
                    each(Some(left));
                }
            }
        }
    }
}

/// The finite-memory form of `rules`, or `None`.
pub fn memory_of(rules: &[RuleForms], stops: &[Vec<Con>]) -> Option<Memory> {
    if !stops.is_empty() {
        return None;
    }
    let mut memory = Memory {
        moves: Vec::new(),
        take_all: Vec::new(),
    };
    for f in rules {
        if f.parts.is_empty() {
            if !f.vars.is_empty() {
                return None;
            }
            let cons: Vec<&Con> = f.cons.iter().collect();
            let set = PSet::of(&cons, HEAP, 0)?;
            if set.contains(0) {
                return None;
            }
            memory.take_all.push(set);
            continue;
        }
        let rw = rewrite(f)?;
        if rw.heaps != 1 {
            return None;
        }
        for k in rw.removals.members().filter(|m| m.len() <= MOST_REMOVALS)? {
            let cons = at_removal(&rw.others, k)?;
            let refs: Vec<&Con> = cons.iter().collect();
            // Look below 0 too: a move that would leave a negative heap is
            // an error the evaluator reports, not a shape.
            let reach = cons
                .iter()
                .map(|c| match c {
                    Con::Mod(_, q, _) => c.magnitude().saturating_add(*q),
                    _ => c.magnitude(),
                })
                .max()
                .unwrap_or(0)
                .saturating_add(2);
            let set = PSet::of(&refs, HEAP, -reach)?;
            if set.min().is_some_and(|v| v < 0) {
                return None;
            }
            if set.min().is_none() {
                continue;
            }
            if k == 0 {
                // A move to the same heap.
                return None;
            }
            memory.moves.push((usize::try_from(k).ok()?, set));
        }
    }
    memory.modulus()?;
    Some(memory)
}

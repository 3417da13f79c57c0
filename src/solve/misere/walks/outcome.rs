//! Misère outcomes by the outcome walk of [`crate::solve::outcome`] (Grundy
//! values do not decide misère sums), over any key: a sum a kept quotient
//! covers is read off it, anything else is found in the memo or searched.

use crate::budget::Budget;
use crate::graph::search::Memo;
use crate::solve::misere::cache::HeapSums;
use crate::solve::misere::quotient::rules::HeapRules;
use crate::solve::misere::quotient::Quotient;
use crate::solve::misere::sums::heap_options::{HeapWalkError, Heaps};
use crate::solve::misere::sums::heaps::HeapKey;
use crate::solve::misere::sums::key::SumKey;
use crate::solve::outcome::{self, Listed, Outcome, Play, Positions};
use std::borrow::Borrow;

/// The outcome of `root` under misère play, keyed by `key`, with the steps
/// checked on `budget`; what is found stays in `memo`. `None` only if the
/// search ended without the root's outcome (a bug the caller reports).
pub(crate) fn outcome<K: SumKey>(
    key: &mut K,
    memo: &mut Memo<K::Key, Outcome>,
    root: K::Key,
    budget: &Budget,
) -> Result<Option<Outcome>, K::Error> {
    outcome::outcome(&mut Misere(key), memo, root, budget)
}

/// Sums of any key, as positions of the outcome walk under misère play.
struct Misere<'k, K>(&'k mut K);

impl<K: SumKey> Positions for Misere<'_, K> {
    type Node = K::Key;
    type Error = K::Error;

    fn play(&self) -> Play {
        Play::Misere
    }

    fn known(&self, memo: &Memo<K::Key, Outcome>, node: &K::Key) -> Option<Outcome> {
        self.0
            .read_outcome(node.borrow())
            .or_else(|| memo.get::<K::Key>(node).copied())
    }

    fn options(
        &mut self,
        node: &K::Key,
        memo: &Memo<K::Key, Outcome>,
        out: &mut Vec<K::Key>,
    ) -> Result<Listed, K::Error> {
        self.0.outcome_options(node, memo, out)
    }

    fn entered(&mut self, _node: &K::Key) -> Result<(), K::Error> {
        self.0.count()
    }

    fn decided(&mut self, node: &K::Key, outcome: Outcome) {
        self.0.decided(node, outcome);
    }

    fn cycle(&mut self, _path: Vec<K::Key>) -> K::Error {
        self.0.cycle()
    }
}

/// Whether the player to move wins the sum of these heaps under `rules` (the
/// same rules every time: `sums` belongs to one game, or to one list of games
/// interleaved), reading the positions a quotient covers off it: `each` holds
/// the quotient kept for each of the k games (`[quotient]` for one game), and
/// `quotient` (one game only) also orders the search. `steps` is checked as
/// the search goes; the positions it keeps are counted on `positions`.
pub(crate) fn heap_next_wins<R: HeapRules>(
    sums: &mut HeapSums,
    rules: &mut R,
    heaps: &[u16],
    quotient: Option<&Quotient>,
    each: &[Option<&Quotient>],
    steps: &Budget,
    positions: &Budget,
) -> Result<bool, HeapWalkError<R::Error>> {
    // Every heap the search can reach is below the largest: their options
    // are listed now, so the search only reads them. Their normal values
    // too: the search tries the options that are normal-play P-positions
    // first.
    let largest = heaps.iter().copied().max().unwrap_or(0);
    sums.options.normal(rules, largest, steps, positions)?;
    let mut root: Vec<u16> = heaps.to_vec();
    root.sort_unstable();
    sums.options.reduce(&mut root);
    let root: Heaps = root.into();
    sums.hints.under(quotient);
    let HeapSums {
        options,
        outcomes,
        hints,
        ..
    } = sums;
    let mut key = HeapKey {
        options,
        hints,
        rules,
        quotient,
        each,
        oracle: None,
        steps,
        positions,
        buf: Vec::new(),
    };
    match outcome(&mut key, outcomes, root, steps)? {
        Some(o) => Ok(o.is_n()),
        None => Err(HeapWalkError::Unfinished),
    }
}

#[cfg(test)]
mod tests;

//! The genus of a sum by Conway's recursion over the sum's own positions
//! (Hoey's form, [`Genus::from_options_in`]): every position reached from the
//! sum gets its genus from its options', bottom-up, by the one search driver,
//! with the memo kept across statements. Exact: each genus is a finite normal
//! form whose tail the recursion proves (see [`crate::solve::misere::genus`]),
//! never read off a few terms of G + *2 + … + *2.
//!
//! One walk over any key: sums of heaps (keyed by their sorted sizes, about
//! ten times faster, which is about ten more Kayles heaps) and any other sum
//! (keyed by its components). A value quotient may know the genus of the
//! options it covers; they are taken from it and not walked.

use super::values::{values, Valuation};
use crate::budget::Budget;
use crate::graph::search::Memo;
use crate::solve::misere::cache::{HeapSums, Hints};
use crate::solve::misere::genus::{Genus, GenusScratch};
use crate::solve::misere::quotient::rules::HeapRules;
use crate::solve::misere::sums::heap_options::{HeapWalkError, Heaps};
use crate::solve::misere::sums::heaps::{HeapKey, Oracle};
use crate::solve::misere::sums::key::SumKey;

/// The genus of `root`, keyed by `key`, with the steps checked on `budget`;
/// what is found stays in `memo`. `None` only if the walk ended without the
/// root's genus (a bug the caller reports).
pub(crate) fn genus<K: SumKey>(
    key: &mut K,
    memo: &mut Memo<K::Key, Genus>,
    root: K::Key,
    budget: &Budget,
) -> Result<Option<Genus>, K::Error> {
    let mut by_genus = ByGenus {
        scratch: GenusScratch::default(),
    };
    values(key, &mut by_genus, memo, root, budget)
}

/// Conway's recursion: a sum's genus from its options'; a value quotient
/// of the key may know some without a walk.
struct ByGenus {
    scratch: GenusScratch,
}

impl<K: SumKey> Valuation<K> for ByGenus {
    type Value = Genus;

    fn reads(&self, key: &K) -> bool {
        key.reads_genera()
    }

    fn read(&self, key: &K, form: &K::Form) -> Option<Genus> {
        key.read_genus(form)
    }

    fn combine(&mut self, options: &[&Genus]) -> Result<Genus, K::Error> {
        Ok(Genus::from_options_in(options, &mut self.scratch))
    }
}

/// The genus of the sum of these heaps under `rules` (the same rules every
/// time: `sums` belongs to one game, or one list of games interleaved).
/// `steps` is checked as the walk goes; the positions it keeps are counted
/// on `positions`. Sums whose genus the `oracle` knows are taken from it.
pub(crate) fn heap_genus<R: HeapRules>(
    sums: &mut HeapSums,
    rules: &mut R,
    heaps: &[u16],
    oracle: Option<&Oracle<'_>>,
    steps: &Budget,
    positions: &Budget,
) -> Result<Genus, HeapWalkError<R::Error>> {
    // Every heap the walk reaches is valued now, so that its sums are kept
    // reduced ([`HeapOptions::reduce`]).
    let largest = heaps.iter().copied().max().unwrap_or(0);
    sums.options.normal(rules, largest, steps, positions)?;
    let mut root: Vec<u16> = heaps.to_vec();
    root.sort_unstable();
    sums.options.reduce(&mut root);
    let root: Heaps = root.into();
    let HeapSums {
        options, genera, ..
    } = sums;
    let mut hints = Hints::default();
    let mut key = HeapKey {
        options,
        hints: &mut hints,
        rules,
        quotient: None,
        each: &[],
        oracle,
        steps,
        positions,
        buf: Vec::new(),
    };
    genus(&mut key, genera, root, steps)?.ok_or(HeapWalkError::Unfinished)
}

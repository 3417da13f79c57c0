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

use crate::budget::Budget;
use crate::graph::search::{search, CyclePolicy, Memo, MemoWalk, Status, Step};
use crate::solve::misere::cache::{HeapSums, Hints};
use crate::solve::misere::genus::{Genus, GenusScratch};
use crate::solve::misere::quotient::rules::HeapRules;
use crate::solve::misere::sums::heap_options::{HeapWalkError, Heaps};
use crate::solve::misere::sums::heaps::{HeapKey, Oracle};
use crate::solve::misere::sums::key::SumKey;
use std::borrow::Borrow;

/// The genus of `root`, keyed by `key`, with the steps checked on `budget`;
/// what is found stays in `memo`. `None` only if the walk ended without the
/// root's genus (a bug the caller reports).
pub(crate) fn genus<K: SumKey>(
    key: &mut K,
    memo: &mut Memo<K::Key, Genus>,
    root: K::Key,
    budget: &Budget,
) -> Result<Option<Genus>, K::Error> {
    let mut walk = GenusWalk {
        key,
        memo,
        scratch: GenusScratch::default(),
    };
    search(&mut walk, root.clone(), budget, CyclePolicy::Error)?;
    Ok(walk.memo.get::<K::Key>(&root).cloned())
}

struct GenusWalk<'w, K: SumKey> {
    key: &'w mut K,
    memo: &'w mut Memo<K::Key, Genus>,
    scratch: GenusScratch,
}

impl<K: SumKey> MemoWalk for GenusWalk<'_, K> {
    type Node = K::Key;
    type Memo = Memo<K::Key, Genus>;
    /// Whether the options not known yet have been asked of the key.
    type Frame = bool;
    type Error = K::Error;

    fn memo(&self) -> &Memo<K::Key, Genus> {
        self.memo
    }

    fn memo_mut(&mut self) -> &mut Memo<K::Key, Genus> {
        self.memo
    }

    fn entered(&mut self, _node: &K::Key) -> Result<(), K::Error> {
        self.key.count()
    }

    fn visit(
        &mut self,
        s: &K::Key,
        asked: &mut bool,
        children: &mut Vec<K::Key>,
    ) -> Result<Step<Genus>, K::Error> {
        // First visit: the options not known yet are asked of the key (a
        // value quotient), and the rest become children. Later visits find
        // them all known.
        if !*asked && self.key.reads_genera() {
            *asked = true;
            let mut told = Vec::new();
            let (key, memo) = (&mut *self.key, &*self.memo);
            key.each_option(s, &mut |form| {
                if memo.status(form) == Status::Unknown {
                    told.push(K::key(form));
                }
                Ok(())
            })?;
            for form in told {
                if self.memo.status::<K::Key>(&form) != Status::Unknown {
                    continue;
                }
                match self.key.read_genus(form.borrow()) {
                    Some(g) => {
                        self.key.count()?;
                        self.memo.insert(form, g);
                    }
                    None => children.push(form),
                }
            }
            if !children.is_empty() {
                return Ok(Step::Need);
            }
        }
        let (key, memo) = (&mut *self.key, &*self.memo);
        let mut genera: Vec<&Genus> = Vec::new();
        key.each_option(s, &mut |form| {
            match memo.get(form) {
                Some(g) => genera.push(g),
                None => children.push(K::key(form)),
            }
            Ok(())
        })?;
        if !children.is_empty() {
            return Ok(Step::Need);
        }
        Ok(Step::Done(Genus::from_options_in(
            &genera,
            &mut self.scratch,
        )))
    }

    fn cycle(&mut self, _path: Vec<K::Key>) -> K::Error {
        self.key.cycle()
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

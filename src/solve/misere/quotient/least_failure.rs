//! The least sum a candidate misjudges, in MisereSolver's order: sums of
//! heaps compared by their number of copies of the largest heap, then of the
//! next largest, and so on. Recalibrating on the least failure each time is
//! what MisereSolver's argument that its successive candidates converge
//! rests on (their least failures strictly increase); a breadth-first search
//! returns some shortest failure instead. (Where the quotient being built may
//! be infinite, as at Dawson's Kayles' heap 34, least failures increase
//! without end: BENCHMARKS.md.)
//!
//! Two kinds of failure, as in the certificate ([`super::certify`]):
//! a sum whose image's label an option shares (with cap 1: a P-position with
//! a move to P), found from each element's least sum; and a sum with a move
//! missing a label below its own among its options (with cap 1: an
//! N-position with no move to P), found by enumerating sums in the order
//! above with MisereSolver's pruning: a sum whose (image, option images)
//! contains an earlier sum's with the same image leads to no failure the
//! earlier one's do not.

use super::{Elem, Quotient};
use crate::budget::{Budget, Exceeded};
use std::cmp::Ordering;

/// Compares two sums (heaps in any order) in the order above.
pub(super) fn sum_cmp(a: &[usize], b: &[usize]) -> Ordering {
    let mut a = a.to_vec();
    let mut b = b.to_vec();
    a.sort_unstable_by(|x, y| y.cmp(x));
    b.sort_unstable_by(|x, y| y.cmp(x));
    a.cmp(&b)
}

/// Compares the sum of `counts[h]` copies of each heap h (negative counts
/// are 0) with a sum given as its copies per heap, in the order above,
/// without spelling either out.
fn counts_cmp(counts: &[i64], bound: &[i64]) -> Ordering {
    let len = counts.len().max(bound.len());
    (0..len)
        .rev()
        .map(|h| {
            let a = counts.get(h).copied().unwrap_or(0).max(0);
            let b = bound.get(h).copied().unwrap_or(0).max(0);
            a.cmp(&b)
        })
        .find(|o| o.is_ne())
        .unwrap_or(Ordering::Equal)
}

/// The sum of `counts[h]` copies of each heap h.
fn spelled(counts: &[i64]) -> Vec<usize> {
    let mut word = Vec::new();
    for (h, &c) in counts.iter().enumerate() {
        for _ in 0..c.max(0) {
            word.push(h);
        }
    }
    word
}

/// The least failure of `q` against heap images `images` and transition
/// sets `trans`, as a message and the misjudged sum; `None` when neither
/// kind of failure exists.
pub(super) fn least_failure(
    q: &Quotient,
    images: &[Elem],
    trans: &[Vec<Elem>],
    budget: &Budget,
) -> Result<Option<(String, Vec<usize>)>, Exceeded> {
    let label_failure = least_label_failure(q, images, trans, budget)?;
    let bound = label_failure.as_ref().map(|(_, w)| w.as_slice());
    // The search's states count against the position limit while it runs
    // (a candidate's search is bounded), and are given back after it: the
    // construction runs one search per candidate.
    let before = budget.positions();
    let missing = least_missing_label(q, images, trans, bound, budget)?;
    budget.release_positions(budget.positions().saturating_sub(before));
    Ok(missing.or(label_failure))
}

/// Each element's least sum, by the enumeration of [`least_missing_label`]
/// without transitions: the first sum reaching an element is its least.
fn least_sums(q: &Quotient, images: &[Elem], budget: &Budget) -> Result<Vec<Vec<usize>>, Exceeded> {
    let n = images.len();
    let m = q.order();
    let mut least: Vec<Option<Vec<usize>>> = vec![None; m];
    let mut counts = vec![0i64; n];
    let mut elem = vec![q.identity(); n];
    // depth == n means done; a depth below 0 evaluates the sum.
    let mut depth: i64 = -1;
    while (depth as usize) < n || depth < 0 {
        budget.tick()?;
        if depth < 0 {
            let x = elem.first().copied().unwrap_or(0);
            if let Some(slot @ None) = least.get_mut(x as usize) {
                *slot = Some(spelled(&counts));
            }
            depth = 0;
            continue;
        }
        let d = depth as usize;
        let Some(c) = counts.get_mut(d) else { break };
        *c += 1;
        if *c > 0 {
            let img = images.get(d).copied().unwrap_or(0);
            let next = q.mul(elem.get(d).copied().unwrap_or(0), img);
            // Heap 0 and heaps whose image is the identity add nothing new.
            if d == 0 || least.get(next as usize).is_some_and(Option::is_some) {
                *c = -1;
                depth += 1;
                continue;
            }
            if let Some(e) = elem.get_mut(d) {
                *e = next;
            }
        }
        depth -= 1;
        if depth >= 0 {
            let above = elem.get(d).copied().unwrap_or(0);
            if let Some(e) = elem.get_mut(d - 1) {
                *e = above;
            }
        }
    }
    Ok(least.into_iter().map(Option::unwrap_or_default).collect())
}

/// The least sum one of whose options shares its label (below the cap).
fn least_label_failure(
    q: &Quotient,
    images: &[Elem],
    trans: &[Vec<Elem>],
    budget: &Budget,
) -> Result<Option<(String, Vec<usize>)>, Exceeded> {
    let least = least_sums(q, images, budget)?;
    let mut best: Option<(String, Vec<usize>)> = None;
    for (x, word) in least.iter().enumerate() {
        let x = x as Elem;
        for (h, &img) in images.iter().enumerate().skip(1) {
            budget.tick()?;
            let own = q.label(q.mul(x, img));
            if own >= q.cap() {
                continue;
            }
            let shared = trans
                .get(h)
                .is_some_and(|t| t.iter().any(|&t| q.label(q.mul(x, t)) == own));
            if shared {
                let mut w = word.clone();
                w.push(h);
                w.sort_unstable();
                if best
                    .as_ref()
                    .is_none_or(|(_, b)| sum_cmp(&w, b) == Ordering::Less)
                {
                    let message = format!(
                        "the sum {w:?} (image {}) has an option with its own label {own}",
                        q.name(q.mul(x, img))
                    );
                    best = Some((message, w));
                }
            }
        }
    }
    Ok(best)
}

/// Whether sorted set `a` is contained in sorted set `b`.
fn subset(a: &[Elem], b: &[Elem]) -> bool {
    if a.len() > b.len() {
        return false;
    }
    let mut rest = b.iter();
    a.iter().all(|x| rest.any(|y| y == x))
}

/// A sorted set's summary: bit y mod 64 for each element y. A set whose
/// summary has a bit another's lacks is not contained in it.
fn summary(set: &[Elem]) -> u64 {
    set.iter().fold(0, |acc, &y| acc | 1 << (y % 64))
}

/// The ⊆-minimal option-image sets kept for one image (MisereSolver's
/// pruning of subsumed transition sets), each with its [`summary`]. An
/// empty set (no move) neither contains nor is contained in a non-empty one.
#[derive(Debug, Clone, Default)]
pub(super) struct Minimal {
    sets: Vec<(u64, Vec<Elem>)>,
}

impl Minimal {
    fn covers(small: (u64, &[Elem]), big: (u64, &[Elem])) -> bool {
        small.1.is_empty() == big.1.is_empty() && small.0 & !big.0 == 0 && subset(small.1, big.1)
    }

    /// Keeps `set` unless a kept set is contained in it (then `false`), and
    /// drops the kept sets that contain it. Asks the budget for its room.
    pub(super) fn insert(&mut self, set: &[Elem], budget: &Budget) -> Result<bool, Exceeded> {
        let sum = summary(set);
        if self
            .sets
            .iter()
            .any(|(s, k)| Self::covers((*s, k), (sum, set)))
        {
            return Ok(false);
        }
        self.sets
            .retain(|(s, k)| !Self::covers((sum, set), (*s, k)));
        budget.reserve(std::mem::size_of_val(set) + 32)?;
        self.sets.push((sum, set.to_vec()));
        Ok(true)
    }

    /// Whether `set` itself is kept.
    pub(super) fn holds(&self, set: &[Elem]) -> bool {
        let sum = summary(set);
        self.sets.iter().any(|(s, k)| *s == sum && k == set)
    }

    /// How many sets are kept.
    pub(super) fn len(&self) -> usize {
        self.sets.len()
    }
}

/// The least sum with a move that misses a label below its own among its
/// options, among sums less than `bound` (all sums without one). Option
/// images are kept as sorted lists: they are a few hundred elements of
/// candidates of tens of thousands.
fn least_missing_label(
    q: &Quotient,
    images: &[Elem],
    trans: &[Vec<Elem>],
    bound: Option<&[usize]>,
    budget: &Budget,
) -> Result<Option<(String, Vec<usize>)>, Exceeded> {
    let n = images.len();
    let m = q.order();
    // The bound as copies per heap, compared with the counts as they stand.
    let bound: Option<Vec<i64>> = bound.map(|b| {
        let mut copies = vec![0i64; b.iter().max().map_or(0, |&h| h + 1)];
        for &h in b {
            if let Some(c) = copies.get_mut(h) {
                *c += 1;
            }
        }
        copies
    });
    // The labels below 64 present among a set's elements, as bits.
    let labels_in = |set: &[Elem]| {
        set.iter().fold(0u64, |acc, &y| {
            acc | 1u64.checked_shl(q.label(y)).unwrap_or(0)
        })
    };
    // Per element, the ⊆-minimal option-image sets seen so far.
    let mut kept: Vec<Minimal> = vec![Minimal::default(); m];
    let mut counts = vec![0i64; n];
    let mut elem = vec![q.identity(); n];
    let mut moves: Vec<Vec<Elem>> = vec![Vec::new(); n];
    let mut next: Vec<Elem> = Vec::new();
    let mut depth: i64 = -1;
    while depth < 0 || (depth as usize) < n {
        if depth < 0 {
            let x = elem.first().copied().unwrap_or(0);
            if let Some(mv) = moves.first().filter(|mv| !mv.is_empty()) {
                let own = q.label(x);
                let present = labels_in(mv);
                if let Some(l) = (0..own).find(|&l| present & (1 << l) == 0) {
                    let word = spelled(&counts);
                    let message = format!(
                        "the sum {word:?} has image {} labelled {own} but no option labelled {l}",
                        q.name(x)
                    );
                    return Ok(Some((message, word)));
                }
            }
            depth = 0;
            continue;
        }
        let d = depth as usize;
        let Some(c) = counts.get_mut(d) else { break };
        *c += 1;
        if *c > 0 {
            if trans.get(d).is_none_or(Vec::is_empty) {
                *c = -1;
                depth += 1;
                continue;
            }
            if let Some(b) = &bound {
                if counts_cmp(&counts, b) != Ordering::Less {
                    break;
                }
            }
            let img = images.get(d).copied().unwrap_or(0);
            let x = elem.get(d).copied().unwrap_or(0);
            next.clear();
            if let Some(mv) = moves.get(d) {
                next.extend(mv.iter().map(|&y| q.mul(y, img)));
            }
            for &t in trans.get(d).map(Vec::as_slice).unwrap_or(&[]) {
                next.push(q.mul(x, t));
            }
            next.sort_unstable();
            next.dedup();
            budget.ticks(next.len() as u32)?;
            let nx = q.mul(x, img);
            if let Some(e) = elem.get_mut(d) {
                *e = nx;
            }
            if let Some(mv) = moves.get_mut(d) {
                mv.clone_from(&next);
            }
            let Some(list) = kept.get_mut(nx as usize) else {
                break;
            };
            // Pruned when an earlier set with this image is contained in it.
            if !list.insert(&next, budget)? {
                if let Some(c) = counts.get_mut(d) {
                    *c = -1;
                }
                depth += 1;
                continue;
            }
            // Each kept state is a position of the search, as in the certificate.
            budget.add_positions(1)?;
        }
        depth -= 1;
        if depth >= 0 {
            let below = d.saturating_sub(1);
            let x = elem.get(d).copied().unwrap_or(0);
            if let Some(e) = elem.get_mut(below) {
                *e = x;
            }
            // Into the level below's buffer, which keeps its room: no
            // allocation per step once the buffers have grown.
            let (lower, upper) = moves.split_at_mut(d);
            if let (Some(to), Some(from)) = (lower.get_mut(below), upper.first()) {
                to.clone_from(from);
            }
        }
    }
    Ok(None)
}

#[cfg(test)]
#[allow(clippy::indexing_slicing)]
mod tests {
    use super::*;

    /// Comparing copies per heap is the order of sorted sums, on every pair
    /// of sums of up to three heaps from 0..5 (counts padded and with the
    /// enumeration's -1 marks, which count as 0).
    #[test]
    fn copies_compare_as_sorted_sums() {
        let mut sums: Vec<Vec<usize>> = vec![Vec::new()];
        for _ in 0..3 {
            let more: Vec<Vec<usize>> = sums
                .iter()
                .flat_map(|s| (0..5).map(move |h| [s.as_slice(), &[h]].concat()))
                .collect();
            sums.extend(more);
        }
        let copies = |s: &[usize], len: usize| {
            let mut c = vec![-1i64; len];
            for &h in s {
                c[h] = c[h].max(0) + 1;
            }
            c
        };
        for a in &sums {
            for b in &sums {
                let want = sum_cmp(a, b);
                let bound: Vec<i64> = copies(b, 5).iter().map(|&c| c.max(0)).collect();
                assert_eq!(counts_cmp(&copies(a, 7), &bound), want, "{a:?} {b:?}");
            }
        }
    }
}

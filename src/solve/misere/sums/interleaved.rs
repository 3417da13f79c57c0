//! Sums of heaps of several heap games (`k(30) + d(30)`, Kayles and Dawson's
//! Kayles) as sums of one heap game whose heaps are all of theirs,
//! interleaved: heap n of the g-th of k games is heap `n·k + g`. An option of
//! a heap is a sum of smaller heaps of the same game, so of smaller
//! interleaved heaps, and the walks over heap sums ([`super::heaps`])
//! apply unchanged: sorted `u16` keys, each heap's options listed once, and
//! the nim heaps of every game shared (Kayles' k(1) and Dawson's d(2) are
//! both *1 and cancel).

use super::heap::{heap_of, GameHeaps};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::Games;
use crate::lang::value::{Component, InstId};
use crate::solve::misere::quotient::rules::HeapRules;

/// The games of a sum of heaps of two or more games, in a fixed order (the
/// key of the walks' memo), and the sum's heaps interleaved.
pub(crate) fn interleaved_heaps(parts: &[Component]) -> Option<(Box<[InstId]>, Vec<u16>)> {
    let mut insts: Vec<InstId> = Vec::new();
    let mut heaps = Vec::with_capacity(parts.len());
    for c in parts {
        if let Component::Nimber(0) = c {
            continue;
        }
        let (i, n) = heap_of(c)?;
        if !insts.contains(&i) {
            insts.push(i);
        }
        heaps.push((i, n));
    }
    if insts.len() < 2 {
        return None;
    }
    insts.sort_unstable();
    let k = insts.len();
    let ids = heaps
        .into_iter()
        .map(|(i, n)| {
            let g = insts.iter().position(|&j| j == i)?;
            u16::try_from(n.checked_mul(k)?.checked_add(g)?).ok()
        })
        .collect::<Option<Vec<u16>>>()?;
    Some((insts.into(), ids))
}

/// The heap rules of several games interleaved (see the module).
pub(crate) struct Interleaved<'g, 'a> {
    games: &'g mut Games<'a>,
    insts: Box<[InstId]>,
    span: Span,
    /// One game's options of one heap, before they are interleaved.
    own: Vec<Vec<usize>>,
}

impl<'g, 'a> Interleaved<'g, 'a> {
    /// The interleaved heaps of `insts` (as [`interleaved_heaps`] orders them).
    pub(crate) fn new(games: &'g mut Games<'a>, insts: Box<[InstId]>, span: Span) -> Self {
        Interleaved {
            games,
            insts,
            span,
            own: Vec::new(),
        }
    }
}

impl HeapRules for Interleaved<'_, '_> {
    type Error = EvalError;

    /// Heap `id`'s options: those of heap `id / k` of game `id mod k`, each
    /// part interleaved the same way. A game that is not a heap game (an
    /// option holding anything but its own heaps) is refused as
    /// [`GameHeaps`] refuses it.
    fn options(&mut self, id: usize, out: &mut Vec<Vec<usize>>) -> Result<(), EvalError> {
        let k = self.insts.len().max(1);
        let (n, g) = (id / k, id % k);
        let Some(&inst) = self.insts.get(g) else {
            return Ok(());
        };
        self.own.clear();
        GameHeaps::new(self.games, inst, self.span)?.options(n, &mut self.own)?;
        for o in self.own.drain(..) {
            out.push(
                o.into_iter()
                    .filter(|&m| m > 0)
                    .map(|m| m.saturating_mul(k).saturating_add(g))
                    .collect(),
            );
        }
        Ok(())
    }
}

//! Misère outcomes and winning moves by a memoised search of the sum's game tree
//! (Grundy values do not decide misère sums), run by the one search driver.
//! A position whose heaps a kept misère quotient covers is read off it, so a
//! sum with a few heaps past the quotient's bound searches only until they
//! are broken up.

use super::{repeats, MisereCache, State};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::Games;
use crate::graph::search::{search, CyclePolicy, Status, Visit, Walk};
use crate::lang::value::GameSum;

/// Memo marks of the outcome searches.
pub(super) const ON_PATH: u8 = 1;
/// See [`ON_PATH`].
pub(super) const P: u8 = 2;
/// See [`ON_PATH`].
pub(super) const N: u8 = 3;

/// True when the player to move wins `sum` under misère play.
pub fn next_wins(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    sum: &GameSum,
    span: Span,
) -> Result<bool, EvalError> {
    if let Some(wins) = super::heap_outcome::next_wins(games, cache, sum, span)? {
        return Ok(wins);
    }
    let root = cache.normalize(games, &sum.parts, span)?;
    if cache.outcomes.get(&root) == Some(&N) {
        return Ok(true);
    }
    let budget = games.budget;
    let mut walk = OutcomeWalk { games, cache, span };
    search(&mut walk, root.clone(), budget, CyclePolicy::Error)?;
    Ok(walk.cache.outcomes.get(&root) == Some(&N))
}

/// The options of `sum` after which the player to move loses under misère play.
pub fn winning(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    sum: &GameSum,
    span: Span,
) -> Result<Vec<GameSum>, EvalError> {
    let mut out: Vec<GameSum> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (i, c) in sum.parts.iter().enumerate() {
        for opt in cache.component_options(games, c, span)?.iter() {
            let result = sum.replaced(i, opt);
            if !next_wins(games, cache, &result, span)? && seen.insert(result.normalized()) {
                out.push(result);
            }
        }
    }
    Ok(out)
}

struct OutcomeWalk<'w, 'a> {
    games: &'w mut Games<'a>,
    cache: &'w mut MisereCache,
    span: Span,
}

/// A position's options while its search is under way (whatever the key
/// type), and the first one not yet known to be N.
pub(super) struct Options<K> {
    /// Listed on the position's first visit.
    pub(super) options: Option<Vec<K>>,
    next: usize,
    scanned: bool,
}

impl<K> Options<K> {
    /// A frame for options already checked: none is known to be P, and an
    /// empty list means every option is known to be N (not that there is no
    /// move).
    pub(super) fn scanned(options: Vec<K>) -> Self {
        Options {
            options: Some(options),
            next: 0,
            scanned: true,
        }
    }
}

impl<K> Default for Options<K> {
    fn default() -> Self {
        Options {
            options: None,
            next: 0,
            scanned: false,
        }
    }
}

/// The search's step at a position whose options `frame` lists, `known`
/// giving an option's outcome (P or N) when it is known: N when there is no
/// move or an option is P, P when every option is N, else `None` with the
/// next unknown option pushed to `children`. Options are tried one at a
/// time, in order, so the first P ends the search of the rest.
pub(super) fn decide<K: Clone>(
    frame: &mut Options<K>,
    known: impl Fn(&K) -> Option<u8>,
    children: &mut Vec<K>,
) -> Option<u8> {
    let options = frame.options.as_deref().unwrap_or(&[]);
    if !frame.scanned {
        frame.scanned = true;
        // No move: the previous player moved last and loses. An option
        // already known to be P decides at once too.
        if options.is_empty() || options.iter().any(|o| known(o) == Some(P)) {
            return Some(N);
        }
    }
    // The option last asked for is finished by now.
    while let Some(o) = options.get(frame.next) {
        match known(o) {
            Some(P) => return Some(N),
            Some(_) => frame.next += 1,
            None => {
                children.push(o.clone());
                return None;
            }
        }
    }
    Some(P)
}

impl OutcomeWalk<'_, '_> {
    /// The outcome of `s` (P or N) when the memo has it, or a kept quotient
    /// covers all its heaps (such sums are not memoised: a lookup is k
    /// products).
    fn known(&self, s: &State) -> Option<u8> {
        match self.cache.outcomes.get(s) {
            Some(&ON_PATH) => None,
            Some(&o) => Some(o),
            None => {
                let (q, _, heaps) = super::heaps::sum_in_quotient(self.cache, s)?;
                Some(if q.is_p(&heaps)? { P } else { N })
            }
        }
    }
}

impl Walk for OutcomeWalk<'_, '_> {
    type Node = State;
    type Frame = Options<State>;
    type Error = EvalError;

    fn status(&self, s: &State) -> Status {
        match self.cache.outcomes.get(s) {
            None => Status::Unknown,
            Some(&ON_PATH) => Status::OnPath,
            Some(_) => Status::Done,
        }
    }

    fn enter(&mut self, s: &State) -> Result<(), EvalError> {
        self.cache.outcomes.insert(s.clone(), ON_PATH);
        self.games
            .budget
            .add_positions(1)
            .map_err(|e| EvalError::limit(e, self.span))
    }

    fn abandon(&mut self, s: &State) {
        self.cache.outcomes.remove(s);
    }

    fn visit(
        &mut self,
        s: &State,
        frame: &mut Options<State>,
        children: &mut Vec<State>,
    ) -> Result<Visit, EvalError> {
        if frame.options.is_none() {
            // Moves in the largest components first: they reach sums a
            // quotient answers soonest.
            let mut options = self.cache.state_options(self.games, s, self.span)?;
            options.reverse();
            frame.options = Some(options);
        }
        match decide(frame, |o| self.known(o), children) {
            Some(o) => {
                self.cache.outcomes.insert(s.clone(), o);
                Ok(Visit::Done)
            }
            None => Ok(Visit::Need),
        }
    }

    fn cycle(&mut self, _path: Vec<State>) -> EvalError {
        repeats(self.span)
    }
}

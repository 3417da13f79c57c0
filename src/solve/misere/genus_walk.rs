//! The genus of any sum by Conway's recursion over the sum's own positions
//! (Hoey's form, [`Genus::from_options`]): every position reached from the sum
//! gets its genus from its options', bottom-up, by the one search driver, with
//! the memo kept across statements. Exact: each genus is a finite normal form
//! whose tail is proven 2-periodic by the recursion (once every option's γ
//! repeats with period 2, γk = mex(Sk ∪ {γk−1, γk−1 ⊕ 1}) with Sk depending
//! only on k's parity settles within two steps), never read off a few terms of
//! G + *2 + … + *2.
//!
//! This is the engine's last resort for `genus`: the theory of tame parts and
//! the quotients come first (see [`super::genus`]).

use super::genus::{Genus, GenusScratch};
use super::{repeats, MisereCache, State};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::Games;
use crate::graph::budget::{Budget, Exceeded};
use crate::graph::search::{search, CyclePolicy, Status, Visit, Walk};
use crate::lang::value::GameSum;
use std::time::Duration;

/// The genus of a sum.
pub fn genus(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    sum: &GameSum,
    span: Span,
) -> Result<Genus, EvalError> {
    let budget = games.budget;
    walk(games, cache, sum, span, budget)
}

/// The genus of a sum if the walk finishes within `most`; `None` if it does
/// not (what it finished stays in the memo for the next walk).
pub fn genus_within(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    sum: &GameSum,
    span: Span,
    most: Duration,
) -> Result<Option<Genus>, EvalError> {
    let trial = games.budget.trial(most);
    match walk(games, cache, sum, span, &trial) {
        Ok(g) => Ok(Some(g)),
        Err(e)
            if matches!(e.exceeded(), Some(Exceeded::Timeout(_)))
                && games.budget.check().is_ok() =>
        {
            Ok(None)
        }
        Err(e) => Err(e.at_least(span)),
    }
}

/// The walk itself, its steps counted on `budget` (its positions on the
/// engine's).
fn walk(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    sum: &GameSum,
    span: Span,
    budget: &Budget,
) -> Result<Genus, EvalError> {
    let root = cache.normalize(games, &sum.parts, span)?;
    let mut walk = GenusWalk {
        games,
        cache,
        span,
        scratch: GenusScratch::default(),
    };
    search(&mut walk, root.clone(), budget, CyclePolicy::Error).map_err(|e| e.at_least(span))?;
    walk.cache
        .genera
        .get(&root)
        .cloned()
        .flatten()
        .ok_or_else(|| EvalError::internal("a finished genus walk left no genus", span))
}

struct GenusWalk<'w, 'a> {
    games: &'w mut Games<'a>,
    cache: &'w mut MisereCache,
    span: Span,
    scratch: GenusScratch,
}

impl Walk for GenusWalk<'_, '_> {
    type Node = State;
    type Frame = ();
    type Error = EvalError;

    fn status(&self, s: &State) -> Status {
        match self.cache.genera.get(s) {
            None => Status::Unknown,
            Some(None) => Status::OnPath,
            Some(Some(_)) => Status::Done,
        }
    }

    fn enter(&mut self, s: &State) -> Result<(), EvalError> {
        self.cache.genera.insert(s.clone(), None);
        self.games
            .budget
            .add_positions(1)
            .map_err(|e| EvalError::limit(e, self.span))
    }

    fn abandon(&mut self, s: &State) {
        self.cache.genera.remove(s);
    }

    fn visit(
        &mut self,
        s: &State,
        _: &mut (),
        children: &mut Vec<State>,
    ) -> Result<Visit, EvalError> {
        let options = self.cache.state_options(self.games, s, self.span)?;
        let mut genera: Vec<&Genus> = Vec::with_capacity(options.len());
        for o in &options {
            match self.cache.genera.get(o) {
                Some(Some(g)) => genera.push(g),
                _ => children.push(o.clone()),
            }
        }
        if !children.is_empty() {
            return Ok(Visit::Need);
        }
        let g = Genus::from_options_in(&genera, &mut self.scratch);
        self.cache.genera.insert(s.clone(), Some(g));
        Ok(Visit::Done)
    }

    fn cycle(&mut self, _path: Vec<State>) -> EvalError {
        repeats(self.span)
    }
}

//! Misère Grundy values of sums (G⁻ = 1 when G has no move, else the mex of its
//! options' values) and Conway's genus of any sum from them (G + k·*2 searched),
//! by the one search driver.

use super::genus::Genus;
use super::{repeats, MisereCache, State};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::Games;
use crate::graph::search::{search, CyclePolicy, Status, Visit, Walk};
use crate::lang::value::{Component, GameSum};
use crate::solve::impartial::grundy::mex;

/// Marks a state on the search path.
const ON_PATH: u32 = u32::MAX;

/// Genus exponents are computed up to this many added `*2` components.
const GENUS_TERMS: usize = 14;

/// The misère Grundy value of a sum.
pub fn misere_value(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    sum: &GameSum,
    span: Span,
) -> Result<u32, EvalError> {
    let root = cache.normalize(games, &sum.parts, span)?;
    let budget = games.budget;
    let mut walk = ValueWalk {
        games,
        cache,
        span,
        bits: Vec::new(),
    };
    search(&mut walk, root.clone(), budget, CyclePolicy::Error)?;
    Ok(walk.cache.values.get(&root).copied().unwrap_or(0))
}

/// The genus of a sum whose normal value is `normal`.
pub fn genus(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    sum: &GameSum,
    normal: u64,
    span: Span,
) -> Result<Genus, EvalError> {
    let mut gammas = Vec::with_capacity(GENUS_TERMS);
    let mut with_twos = sum.clone();
    for _ in 0..GENUS_TERMS {
        gammas.push(misere_value(games, cache, &with_twos, span)?);
        with_twos.parts.push(Component::Nimber(2));
    }
    let g = u32::try_from(normal).map_err(|_| EvalError::TooLarge {
        what: format!("a normal value of {normal} is too large for a genus"),
        instead: "ask `grundy` of it instead",
        span,
    })?;
    // Genus::new keeps the shortest prefix after which γi = γi−2.
    Ok(Genus::new(g, gammas))
}

struct ValueWalk<'w, 'a> {
    games: &'w mut Games<'a>,
    cache: &'w mut MisereCache,
    span: Span,
    bits: Vec<u64>,
}

impl Walk for ValueWalk<'_, '_> {
    type Node = State;
    type Frame = ();
    type Error = EvalError;

    fn status(&self, s: &State) -> Status {
        match self.cache.values.get(s) {
            None => Status::Unknown,
            Some(&ON_PATH) => Status::OnPath,
            Some(_) => Status::Done,
        }
    }

    fn enter(&mut self, s: &State) -> Result<(), EvalError> {
        self.cache.values.insert(s.clone(), ON_PATH);
        self.games
            .budget
            .add_positions(1)
            .map_err(|e| EvalError::limit(e, self.span))
    }

    fn abandon(&mut self, s: &State) {
        self.cache.values.remove(s);
    }

    fn visit(
        &mut self,
        s: &State,
        _: &mut (),
        children: &mut Vec<State>,
    ) -> Result<Visit, EvalError> {
        let options = self.cache.state_options(self.games, s, self.span)?;
        let mut vals = Vec::with_capacity(options.len());
        for o in options {
            match self.cache.values.get(&o) {
                Some(&v) if v != ON_PATH => vals.push(u64::from(v)),
                _ => children.push(o),
            }
        }
        if !children.is_empty() {
            return Ok(Visit::Need);
        }
        let value = if vals.is_empty() {
            1
        } else {
            mex(&vals, &mut self.bits)
        };
        self.cache.values.insert(s.clone(), value);
        Ok(Visit::Done)
    }

    fn cycle(&mut self, _path: Vec<State>) -> EvalError {
        repeats(self.span)
    }
}

//! The genus of a sum by Conway's recursion over the sum's own positions
//! (Hoey's form, [`Genus::from_options`]): every position reached from the sum
//! gets its genus from its options', bottom-up, by the one search driver, with
//! the memo kept across statements. Exact: each genus is a finite normal form
//! whose tail the recursion proves (see [`super::genus`]), never read off a
//! few terms of G + *2 + … + *2.
//!
//! Two walks, one recursion: sums of heaps of one heap game are keyed by their
//! sorted heap sizes (`u16`s) with each heap's options listed once
//! ([`HeapGenera`]); any other sum by its sorted components. The first is
//! about ten times faster, which is about ten more Kayles heaps.
//!
//! This is the engine's last resort for `genus`: the theory of tame parts and
//! the quotients come first ([`super::layers::genus`]).

use super::genus::{Genus, GenusScratch};
use super::heap_sums::{option_of, settle, small_heaps, HeapOptions, HeapWalkError, Heaps};
use super::heaps::GameHeaps;
use super::mixed_heaps::{mixed_heaps, MixedHeaps};
use super::quotient::rules::HeapRules;
use super::quotient::values::{from_labels, Values};
use super::quotient::Quotient;
use super::{repeats, MisereCache, State};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::Games;
use crate::graph::budget::{Budget, Exceeded};
use crate::graph::search::{search, CyclePolicy, Status, Visit, Walk};
use crate::lang::value::GameSum;
use rustc_hash::FxHashMap;
use std::rc::Rc;
use std::time::Duration;

/// The genus of a sum; with `most`, `None` if the walk does not finish within
/// it (what it finished stays in the memo for the next walk).
pub fn genus(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    sum: &GameSum,
    span: Span,
    most: Option<Duration>,
) -> Result<Option<Genus>, EvalError> {
    let trial = most.map(|t| games.budget.trial(t));
    let steps: &Budget = trial.as_ref().unwrap_or(games.budget);
    let small = small_heaps(&sum.parts);
    let walked = match small {
        Some((inst, heaps)) => match heap_walk(games, cache, inst, &heaps, span, steps) {
            Ok(Some(g)) => Ok(g),
            Ok(None) => any_walk(games, cache, sum, span, steps),
            Err(e) => Err(e),
        },
        None => match mixed_walk(games, cache, sum, span, steps) {
            Ok(Some(g)) => Ok(g),
            Ok(None) => any_walk(games, cache, sum, span, steps),
            Err(e) => Err(e),
        },
    };
    match walked {
        Ok(g) => Ok(Some(g)),
        Err(e)
            if trial.is_some()
                && matches!(e.exceeded(), Some(Exceeded::Timeout(_)))
                && games.budget.check().is_ok() =>
        {
            Ok(None)
        }
        Err(e) => Err(e.at_least(span)),
    }
}

/// The heap walk for heaps of `inst`; `None` when `inst` is not a heap game
/// after all (the other walk then answers).
fn heap_walk(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    inst: crate::lang::value::InstId,
    heaps: &[u16],
    span: Span,
    steps: &Budget,
) -> Result<Option<Genus>, EvalError> {
    let positions = games.budget;
    let Ok(mut rules) = GameHeaps::new(games, inst, span) else {
        return Ok(None);
    };
    let largest = heaps.iter().copied().max().map_or(0, usize::from);
    let quotient = cache
        .value_quotients
        .get(&inst)
        .filter(|q| q.max_heap() >= largest)
        .cloned();
    let values = quotient.as_deref().map(from_labels);
    let oracle = quotient
        .as_deref()
        .zip(values.as_ref())
        .map(|(quotient, values)| Oracle { quotient, values });
    let genera = cache.heap_walks.entry(inst).or_default();
    let walked = genera.genus(&mut rules, heaps, oracle.as_ref(), steps, positions);
    settle(walked, span, "genus walk")
}

/// The heap walk for a sum of heaps of several heap games, interleaved as
/// one game ([`super::mixed_heaps`]); `None` for any other sum, or when one
/// of the games is not a heap game after all.
fn mixed_walk(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    sum: &GameSum,
    span: Span,
    steps: &Budget,
) -> Result<Option<Genus>, EvalError> {
    let Some((insts, heaps)) = mixed_heaps(&sum.parts) else {
        return Ok(None);
    };
    let positions = games.budget;
    let genera = cache.mixed_walks.entry(insts.clone()).or_default();
    let mut rules = MixedHeaps::new(games, insts, span);
    let walked = genera.genus(&mut rules, &heaps, None, steps, positions);
    settle(walked, span, "genus walk")
}

/// A value quotient of the game, with its values: the sums whose genus it
/// knows (every γ below its cap) are not walked further.
pub struct Oracle<'q> {
    /// The quotient, computed up to at least the walk's largest heap.
    pub quotient: &'q Quotient,
    /// Its values ([`super::quotient::values::from_labels`]).
    pub values: &'q Values,
}

impl Oracle<'_> {
    /// The γs of a sum of heaps, if the quotient knows them all.
    fn gammas(&self, heaps: &[u16]) -> Option<Vec<u32>> {
        let q = self.quotient;
        let mut x = q.identity();
        for &h in heaps {
            x = q.mul(x, q.phi(usize::from(h))?);
        }
        self.values.gammas(q, x)
    }
}

/// The genera of the sums of heaps of one game walked so far, and each heap's
/// options (as sorted heap lists), kept across statements.
#[derive(Debug, Default, Clone)]
pub struct HeapGenera {
    /// Each heap's options, and normal values (for the g of a genus an oracle
    /// gives).
    options: HeapOptions,
    memo: FxHashMap<Heaps, Option<Genus>>,
}

impl HeapGenera {
    /// The genus of the sum of these heaps under `rules` (the same rules every
    /// time: the memo belongs to one game). `steps` is checked as the walk
    /// goes; the positions it keeps are counted on `positions`. Sums whose
    /// genus the `oracle` knows are taken from it.
    pub fn genus<R: HeapRules>(
        &mut self,
        rules: &mut R,
        heaps: &[u16],
        oracle: Option<&Oracle<'_>>,
        steps: &Budget,
        positions: &Budget,
    ) -> Result<Genus, HeapWalkError<R::Error>> {
        // Every heap the walk reaches is valued now, so that its sums are
        // kept reduced ([`HeapOptions::reduce`]).
        let largest = heaps.iter().copied().max().unwrap_or(0);
        self.options.normal(rules, largest, steps, positions)?;
        let mut root: Vec<u16> = heaps.to_vec();
        root.sort_unstable();
        self.options.reduce(&mut root);
        let root: Heaps = root.into();
        let mut walk = HeapWalk {
            genera: self,
            rules,
            oracle,
            positions,
            scratch: GenusScratch::default(),
            buf: Vec::new(),
        };
        search(&mut walk, root.clone(), steps, CyclePolicy::Error)?;
        match self.memo.get(&root) {
            Some(Some(g)) => Ok(g.clone()),
            _ => Err(HeapWalkError::Unfinished),
        }
    }
}

struct HeapWalk<'w, R: HeapRules> {
    genera: &'w mut HeapGenera,
    rules: &'w mut R,
    oracle: Option<&'w Oracle<'w>>,
    positions: &'w Budget,
    scratch: GenusScratch,
    /// The option being formed.
    buf: Vec<u16>,
}

impl<R: HeapRules> Walk for HeapWalk<'_, R> {
    type Node = Heaps;
    /// Whether the oracle has been asked about the node's options.
    type Frame = bool;
    type Error = HeapWalkError<R::Error>;

    fn status(&self, s: &Heaps) -> Status {
        match self.genera.memo.get(s) {
            None => Status::Unknown,
            Some(None) => Status::OnPath,
            Some(Some(_)) => Status::Done,
        }
    }

    fn enter(&mut self, s: &Heaps) -> Result<(), Self::Error> {
        self.genera.memo.insert(s.clone(), None);
        self.positions.add_positions(1)?;
        Ok(())
    }

    fn abandon(&mut self, s: &Heaps) {
        self.genera.memo.remove(s);
    }

    fn visit(
        &mut self,
        s: &Heaps,
        asked: &mut bool,
        children: &mut Vec<Heaps>,
    ) -> Result<Visit, Self::Error> {
        let mut by_heap: Vec<(usize, Rc<[Heaps]>)> = Vec::new();
        for (i, &h) in s.iter().enumerate() {
            if i == 0 || s.get(i - 1) != Some(&h) {
                by_heap.push((i, self.genera.options.of(self.rules, h, self.positions)?));
            }
        }
        // First visit: the options not known yet are asked of the oracle, and
        // the rest become children. Later visits find them all known.
        if !*asked {
            *asked = true;
            for (i, options) in &by_heap {
                for o in options.iter() {
                    option_of(&mut self.buf, s, *i, o);
                    self.genera.options.reduce(&mut self.buf);
                    if self.genera.memo.contains_key(self.buf.as_slice()) {
                        continue;
                    }
                    let told = match self.oracle {
                        Some(oracle) => oracle.gammas(&self.buf),
                        None => None,
                    };
                    let key: Heaps = self.buf.as_slice().into();
                    match told {
                        Some(gammas) => {
                            // Every heap was valued when the walk began.
                            let heaps = &self.genera.options;
                            let g = key.iter().fold(0, |g, &h| g ^ heaps.known_normal(h));
                            self.positions.add_positions(1)?;
                            self.genera.memo.insert(key, Some(Genus::new(g, gammas)));
                        }
                        None => children.push(key),
                    }
                }
            }
            if !children.is_empty() {
                return Ok(Visit::Need);
            }
        }
        let (memo, buf, heap_options) = (&self.genera.memo, &mut self.buf, &self.genera.options);
        let mut genera: Vec<&Genus> = Vec::new();
        for (i, options) in &by_heap {
            for o in options.iter() {
                option_of(buf, s, *i, o);
                heap_options.reduce(buf);
                match memo.get(buf.as_slice()) {
                    Some(Some(g)) => genera.push(g),
                    _ => children.push(buf.as_slice().into()),
                }
            }
        }
        if !children.is_empty() {
            return Ok(Visit::Need);
        }
        let g = Genus::from_options_in(&genera, &mut self.scratch);
        self.genera.memo.insert(s.clone(), Some(g));
        Ok(Visit::Done)
    }

    fn cycle(&mut self, _path: Vec<Heaps>) -> Self::Error {
        // Cannot happen: every part is smaller than its heap (checked), and
        // replacing a heap by smaller ones is well founded on multisets.
        HeapWalkError::IllFounded
    }
}

/// The walk over any sum, its steps counted on `steps` (its positions on the
/// engine's budget).
fn any_walk(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    sum: &GameSum,
    span: Span,
    steps: &Budget,
) -> Result<Genus, EvalError> {
    let root = cache.normalize(games, &sum.parts, span)?;
    let mut walk = AnyWalk {
        games,
        cache,
        span,
        scratch: GenusScratch::default(),
    };
    search(&mut walk, root.clone(), steps, CyclePolicy::Error).map_err(|e| e.at_least(span))?;
    walk.cache
        .genera
        .get(&root)
        .cloned()
        .flatten()
        .ok_or_else(|| EvalError::internal("a finished genus walk left no genus", span))
}

struct AnyWalk<'w, 'a> {
    games: &'w mut Games<'a>,
    cache: &'w mut MisereCache,
    span: Span,
    scratch: GenusScratch,
}

impl Walk for AnyWalk<'_, '_> {
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

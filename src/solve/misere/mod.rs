//! Misère play (the last player to move loses): outcomes and winning moves,
//! Conway's genus, and misère quotients of heap games, behind one front type,
//! [`Misere`], the only door `run/` uses.
//!
//! Inside, bottom-up: the values ([`genus`], [`theory`], [`quotient`]);
//! how a walk keys a sum (`sums/`: by its components, by the heaps of one
//! heap game, by the heaps of several interleaved); what is kept across
//! statements (`cache.rs`, in typed parts); the walks written once over any
//! key (`walks/`: outcome, genus, theory); the layers, one file per strategy
//! (`layers/`: kept quotient, tame, with nimbers, build a quotient, search);
//! and the ladder that orders them for each question, with the time slices
//! of the attempts that may give up (`ladder.rs`).

mod cache;
pub(crate) mod forms;
pub(crate) mod genus;
mod ladder;
mod layers;
pub(crate) mod linear;
pub(crate) mod quotient;
mod solver;
mod sums;
pub(crate) mod theory;
mod walks;

pub use forms::{Forms, MisereForm};
pub use genus::Genus;
pub use quotient::periodic::Periodicity;
pub use quotient::Quotient;
pub use theory::Phylum;

use crate::budget::Exceeded;
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::Games;
use crate::lang::value::{GameSum, InstId};
use crate::solve::impartial::{Impartial, Solver as Impartials};
use crate::solve::normal::reached;
use crate::solve::outcome::Outcome;
use quotient::{periodic, QuotientError};
use solver::Solver;
use std::rc::Rc;
use sums::heap::GameHeaps;

/// Misère play's analyses and what they keep across statements (until a
/// game is redefined).
#[derive(Debug, Default, Clone)]
pub struct Misere {
    cache: cache::Cache,
}

/// The quotient `quotient G up to N` found, kept for the statements after.
#[derive(Debug, Clone)]
pub struct Found {
    /// The quotient, certified.
    pub quotient: Rc<Quotient>,
    /// Its period: proven by the construction, or else observed.
    pub period: Option<Periodicity>,
}

impl Misere {
    /// Forgets everything.
    pub fn clear(&mut self) {
        self.cache = cache::Cache::default();
    }

    /// True when nothing is kept.
    pub fn is_empty(&self) -> bool {
        self.cache.is_empty()
    }

    fn solver<'s, 'a>(&'s mut self, games: &'s mut Games<'a>, span: Span) -> Solver<'s, 'a> {
        Solver {
            games,
            cache: &mut self.cache,
            span,
            slices: ladder::SLICES,
        }
    }

    /// `outcome misere G`.
    pub fn outcome(
        &mut self,
        games: &mut Games<'_>,
        sum: &GameSum,
        span: Span,
    ) -> Result<Outcome, EvalError> {
        let wins = ladder::next_wins(&mut self.solver(games, span), sum)?;
        Ok(Outcome::next_wins(wins))
    }

    /// `winning misere G`: the options after which the player to move loses.
    pub fn winning(
        &mut self,
        games: &mut Games<'_>,
        sum: &GameSum,
        span: Span,
    ) -> Result<Vec<GameSum>, EvalError> {
        ladder::winning(&mut self.solver(games, span), sum)
    }

    /// `genus G`, and the phylum the genus (and the theory) establish.
    pub fn genus(
        &mut self,
        games: &mut Games<'_>,
        impartial: &mut Impartial,
        sum: &GameSum,
        span: Span,
    ) -> Result<(Genus, Phylum), EvalError> {
        if let Some((value, tame)) = layers::tame::genus(&mut self.solver(games, span), sum)? {
            return Ok((value.clone(), Phylum::of(&value, tame)));
        }
        let normal = Impartials::new(games, impartial, span).grundy_sum(&sum.parts);
        // Misère play of a loopy game is not analysed.
        let normal = reached(normal)?.map_err(|_cycle| EvalError::MisereLoopy { span })?;
        let value = ladder::genus(&mut self.solver(games, span), sum, normal)?;
        // Found from a quotient or by search: hereditary tameness is not
        // established.
        let phylum = Phylum::of(&value, false);
        Ok((value, phylum))
    }

    /// `misere canonical G`: the misère canonical form of an impartial sum,
    /// by the value walk over its positions (keyed by components), with the
    /// store its forms live in.
    pub fn canonical(
        &mut self,
        games: &mut Games<'_>,
        sum: &GameSum,
        span: Span,
    ) -> Result<MisereForm, EvalError> {
        let cache = &mut self.cache;
        let root = cache
            .components
            .options
            .normalize(games, &sum.parts, span)?;
        let budget = games.budget;
        let mut key = sums::components::Components {
            games,
            options: &mut cache.components.options,
            heap_games: &cache.heap_games,
            span,
        };
        let memo = &mut cache.components.forms;
        walks::forms::form(&mut key, &mut cache.forms, memo, root, budget)
            .map_err(|e| e.at_least(span))?
            .ok_or_else(|| EvalError::internal("a finished form walk left no form", span))
    }

    /// The store of misère canonical forms ([`Misere::canonical`]'s).
    pub fn forms(&self) -> &Forms {
        &self.cache.forms
    }

    /// `quotient G up to N` of the heap game `inst` (named `game` in errors),
    /// kept for the statements after; `quotient G up to N into "DIR"` when
    /// `dir` is given (saved after every heap, carried on from what it holds).
    pub fn quotient(
        &mut self,
        games: &mut Games<'_>,
        inst: InstId,
        up_to: usize,
        dir: Option<&std::path::Path>,
        game: &str,
        span: Span,
    ) -> Result<Found, EvalError> {
        let budget = games.budget;
        let mut trace = quotient::Trace::default();
        // A saved construction is carried on from its directory; otherwise
        // a quotient already proven for this game is reused.
        let found = match dir {
            Some(dir) => quotient::quotient_saved(
                &mut GameHeaps::new(games, inst, span)?,
                up_to,
                budget,
                (dir, game),
                &mut trace,
            ),
            None => match layers::build_quotient::proven_below(games, inst, up_to, span) {
                Ok(Some(q)) => Ok(q),
                Ok(None) => quotient::quotient_traced(
                    &mut GameHeaps::new(games, inst, span)?,
                    up_to,
                    budget,
                    &mut trace,
                ),
                Err(e) => Err(e),
            },
        };
        let stopped = Stopped {
            game,
            saved: dir.is_some(),
            trace,
        };
        let found = found.map_err(|e| quotient_error(e, &stopped, span))?;
        // The construction certified the quotient and applied the
        // periodicity theorem; otherwise a repeating Φ is shown as observed
        // only.
        let period = found
            .proven_period()
            .copied()
            .or_else(|| periodic::periodicity(&found, None, false));
        let found = Rc::new(found);
        self.cache.heap_game(inst).quotient = Some(found.clone());
        Ok(Found {
            quotient: found,
            period,
        })
    }

    /// The quotient of every position reachable from `sum`'s components, by
    /// linearisation (`quotient G` of a position), with the heap of each
    /// component of `sum` and how many positions there are.
    pub fn position_quotient(
        &mut self,
        games: &mut Games<'_>,
        sum: &GameSum,
        expr: &str,
        span: Span,
    ) -> Result<(Rc<Quotient>, linear::Linearized), EvalError> {
        let budget = games.budget;
        let mut lin = linear::linearize(games, sum, budget, span)?;
        let max_heap = lin.heaps().saturating_sub(1);
        let found = quotient::quotient(&mut lin, max_heap, games.budget).map_err(|e| {
            let stopped = Stopped {
                game: expr,
                saved: false,
                trace: quotient::Trace::default(),
            };
            quotient_error(e, &stopped, span)
        })?;
        Ok((Rc::new(found), lin))
    }

    /// The misère outcome by the search alone, in the rules' order (the
    /// REPL's `play`).
    pub fn searched_outcome(
        &mut self,
        games: &mut Games<'_>,
        sum: &GameSum,
        span: Span,
    ) -> Result<Outcome, EvalError> {
        let wins = layers::search::next_wins(&mut self.solver(games, span), sum)?;
        Ok(Outcome::next_wins(wins))
    }

    /// The misère winning moves by the search alone, in the rules' order
    /// (the REPL's `play`).
    pub fn searched_winning(
        &mut self,
        games: &mut Games<'_>,
        sum: &GameSum,
        span: Span,
    ) -> Result<Vec<GameSum>, EvalError> {
        layers::search::winning(&mut self.solver(games, span), sum)
    }
}

/// Why `quotient G up to N` found no quotient, as the statement's error.
/// What a stopped quotient statement reports besides the limit: the game as
/// written, whether its heaps are saved in a directory, and where the
/// construction was.
struct Stopped<'a> {
    game: &'a str,
    saved: bool,
    trace: quotient::Trace,
}

fn quotient_error(e: QuotientError<EvalError>, at: &Stopped<'_>, span: Span) -> EvalError {
    let stopped = |exceeded, heap| EvalError::QuotientLimit {
        exceeded,
        heap,
        game: at.game.to_string(),
        saved: at.saved,
        tried: (at.trace.candidates > 0).then(|| (at.trace.candidates, at.trace.failure.clone())),
        span,
    };
    match e {
        QuotientError::Rules(e) => e,
        QuotientError::Budget(x) => EvalError::limit(x, span),
        QuotientError::OutOfTime { heap, limit } => stopped(Exceeded::Timeout(limit), heap),
        QuotientError::OutOfMemory { heap, limit } => stopped(Exceeded::Memory(limit), heap),
        QuotientError::OutOfPositions { heap, limit } => stopped(Exceeded::Positions(limit), heap),
        QuotientError::Interrupted { heap } => stopped(Exceeded::Interrupted, heap),
        QuotientError::IllFounded { heap, option } => EvalError::NotHeapGame {
            why: format!("heap {heap} has the option {option:?}, which is not smaller"),
            span,
        },
        QuotientError::TooLarge(heap) => EvalError::Quotient {
            why: format!("the candidate monoid grew too large at heap {heap}"),
            span,
        },
        QuotientError::Uncertified(why) => EvalError::Quotient { why, span },
        QuotientError::Saved(why) => EvalError::QuotientSaved { why, span },
        QuotientError::Internal(what) => EvalError::Internal { what, span },
    }
}

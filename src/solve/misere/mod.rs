//! Misère play (the last player to move loses): outcomes and winning moves by a
//! memoised search of sums, Conway's genus (by theory from the options' genera,
//! of components and of whole sums), and misère quotients of heap games.
//! The memo is kept across statements (until a game is redefined).

pub mod genus;
pub mod genus_walk;
pub mod heap_outcome;
pub mod heap_sums;
pub mod heaps;
pub mod layers;
pub mod mixed_heaps;
pub mod outcome;
pub mod quotient;
pub mod tame;
pub mod with_nimbers;

use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::{Games, OptionList, Side};
use crate::lang::value::Component;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// A sum normalised for misère search: components sorted, terminal ones dropped.
pub type State = Vec<Component>;

/// Largest nimber a misère search expands.
const MAX_NIMBER: u64 = 100_000;

/// What misère searches remember.
#[derive(Debug, Default, Clone)]
pub struct MisereCache {
    /// Outcome states: on the path, P or N.
    pub(crate) outcomes: FxHashMap<State, u8>,
    /// The genus of each sum reached by the genus walk (`None` while on
    /// its path).
    pub(crate) genera: FxHashMap<State, Option<genus::Genus>>,
    /// The same for sums of heaps of one heap game, by game.
    pub(crate) heap_walks: FxHashMap<crate::lang::value::InstId, genus_walk::HeapGenera>,
    /// Outcomes of sums of heaps of one heap game, by game.
    pub(crate) heap_outcomes: FxHashMap<crate::lang::value::InstId, heap_outcome::HeapOutcomes>,
    /// The genus walk's sums of heaps of several heap games, by the games.
    pub(crate) mixed_walks: FxHashMap<Box<[crate::lang::value::InstId]>, genus_walk::HeapGenera>,
    /// Outcomes of sums of heaps of several heap games, by the games.
    pub(crate) mixed_outcomes:
        FxHashMap<Box<[crate::lang::value::InstId]>, heap_outcome::HeapOutcomes>,
    /// The options of each component seen.
    options: FxHashMap<Component, Rc<[Vec<Component>]>>,
    /// The misère quotients computed, by game instance: sums of their heaps
    /// up to the quotient's bound are answered from it.
    pub(crate) quotients: FxHashMap<crate::lang::value::InstId, Rc<quotient::Quotient>>,
    /// The certified misère values of a game's quotient (for the genus), with
    /// the quotient they belong to; `None` when they are not a function of
    /// the image there.
    pub(crate) quotient_values: FxHashMap<
        crate::lang::value::InstId,
        (Rc<quotient::Quotient>, Option<Rc<quotient::values::Values>>),
    >,
    /// The smallest heap bound at which an automatic quotient failed, by game.
    pub(crate) quotient_failed: FxHashMap<crate::lang::value::InstId, usize>,
    /// Value quotients (misère values as labels), by game, for the genus of
    /// sums whose values the misère quotient does not determine.
    pub(crate) value_quotients: FxHashMap<crate::lang::value::InstId, Rc<quotient::Quotient>>,
    /// The heap bound and cap at which a value quotient last failed, by game
    /// (larger bounds and caps are not tried).
    pub(crate) value_quotient_failed: FxHashMap<crate::lang::value::InstId, (usize, u32)>,
    /// Genus by theory of each component (`None` while on the walk's path).
    pub(crate) theory: FxHashMap<Component, Option<tame::Theory>>,
    /// The genera (and tameness) of heaps 0, 1, … of one-heap games valued
    /// bottom-up from compiled rules, so a larger heap goes on from them.
    pub(crate) heap_genera:
        FxHashMap<crate::lang::value::InstId, Vec<(genus::Genus, tame::Heredity)>>,
}

impl MisereCache {
    /// Forgets everything.
    pub fn clear(&mut self) {
        *self = MisereCache::default();
    }

    /// True when nothing is remembered.
    pub fn is_empty(&self) -> bool {
        self.outcomes.is_empty()
            && self.genera.is_empty()
            && self.heap_walks.is_empty()
            && self.heap_outcomes.is_empty()
            && self.mixed_outcomes.is_empty()
            && self.mixed_walks.is_empty()
            && self.options.is_empty()
            && self.theory.is_empty()
            && self.quotients.is_empty()
            && self.quotient_failed.is_empty()
            && self.quotient_values.is_empty()
            && self.value_quotients.is_empty()
            && self.value_quotient_failed.is_empty()
            && self.heap_genera.is_empty()
    }

    /// The options of one component, generated once.
    pub(crate) fn component_options(
        &mut self,
        games: &mut Games<'_>,
        c: &Component,
        span: Span,
    ) -> Result<Rc<[Vec<Component>]>, EvalError> {
        if let Some(opts) = self.options.get(c) {
            return Ok(opts.clone());
        }
        if let Component::Nimber(k) = c {
            if *k > MAX_NIMBER {
                return Err(EvalError::TooLarge {
                    what: format!("*{k} is too large for a misère search"),
                    instead: "use smaller nimbers in misère sums",
                    span,
                });
            }
        }
        let mut list = OptionList::default();
        games.component_options(c, Side::Impartial, &mut list)?;
        // Every option kept counts as a position kept.
        games
            .budget
            .add_positions(1 + list.len())
            .map_err(|e| EvalError::limit(e, span))?;
        let opts: Rc<[Vec<Component>]> = list.iter().map(<[Component]>::to_vec).collect();
        self.options.insert(c.clone(), opts.clone());
        Ok(opts)
    }

    /// A sum as a search state: terminal components dropped, the rest sorted.
    pub(crate) fn normalize(
        &mut self,
        games: &mut Games<'_>,
        parts: &[Component],
        span: Span,
    ) -> Result<State, EvalError> {
        let mut state = Vec::with_capacity(parts.len());
        for c in parts {
            if !self.component_options(games, c, span)?.is_empty() {
                state.push(c.clone());
            }
        }
        state.sort();
        Ok(state)
    }

    /// The options of a state, each normalised.
    pub(crate) fn state_options(
        &mut self,
        games: &mut Games<'_>,
        state: &State,
        span: Span,
    ) -> Result<Vec<State>, EvalError> {
        let mut out = Vec::new();
        for (i, c) in state.iter().enumerate() {
            if i > 0 && state.get(i - 1) == Some(c) {
                continue;
            }
            for opt in self.component_options(games, c, span)?.iter() {
                games.budget.tick().map_err(|e| EvalError::limit(e, span))?;
                let mut parts: Vec<Component> = state.iter().take(i).cloned().collect();
                parts.extend(opt.iter().cloned());
                parts.extend(state.iter().skip(i + 1).cloned());
                out.push(self.normalize(games, &parts, span)?);
            }
        }
        Ok(out)
    }
}

/// A misère search error for a repeated position.
pub(crate) fn repeats(span: Span) -> EvalError {
    EvalError::Loopy {
        cycle: vec!["(a misère position repeats)".into()],
        span,
    }
}

//! What misère play keeps across statements (until a game is redefined), in
//! typed parts: per heap game (its quotients, their values, the genera of its
//! heaps, the walks over sums of its heaps), per list of heap games whose
//! heaps are interleaved, the sums keyed by their components, and each
//! component's genus by theory.

use super::forms::{Forms, MisereForm};
use super::genus::Genus;
use super::quotient::values::Values;
use super::quotient::Quotient;
use super::sums::heap::heaps_of;
use super::sums::heap_options::{HeapOptions, Heaps};
use super::theory::{Heredity, Theory};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::{Games, OptionList, Side};
use crate::graph::search::Memo;
use crate::lang::value::{Component, InstId};
use crate::solve::outcome::Outcome;
use rustc_hash::{FxHashMap, FxHashSet};
use std::rc::Rc;

/// Everything misère play keeps.
#[derive(Debug, Default, Clone)]
pub(crate) struct Cache {
    /// Per heap game.
    pub(crate) heap_games: FxHashMap<InstId, HeapGame>,
    /// The walks over sums of heaps of several heap games, interleaved, by
    /// the games (in the order [`super::sums::interleaved`] gives them).
    pub(crate) interleaved: FxHashMap<Box<[InstId]>, HeapSums>,
    /// The walks over sums keyed by their components.
    pub(crate) components: ComponentSums,
    /// Genus by theory of each component.
    pub(crate) theory: Memo<Component, Theory>,
    /// The misère canonical forms made so far.
    pub(crate) forms: Forms,
}

impl Cache {
    /// True when nothing is kept.
    pub(crate) fn is_empty(&self) -> bool {
        self.heap_games.values().all(HeapGame::is_empty)
            && self.interleaved.values().all(HeapSums::is_empty)
            && self.components.is_empty()
            && self.theory.is_empty()
            && self.forms.is_empty()
    }

    /// The misère quotient kept for a game.
    pub(crate) fn quotient(&self, inst: InstId) -> Option<&Rc<Quotient>> {
        self.heap_games.get(&inst)?.quotient.as_ref()
    }

    /// When every component of a sum is a heap of one game whose kept
    /// quotient covers the largest (computed up to it, or proven periodic):
    /// the quotient, the game, and the heaps (0 for a terminal `*0`).
    pub(crate) fn covering(
        &self,
        parts: &[Component],
    ) -> Option<(Rc<Quotient>, InstId, Vec<usize>)> {
        let (inst, heaps) = heaps_of(parts)?;
        let q = self.quotient(inst)?;
        let largest = heaps.iter().copied().max().unwrap_or(0);
        q.covers(largest).then(|| (q.clone(), inst, heaps))
    }

    /// What is kept for a game, made on first use.
    pub(crate) fn heap_game(&mut self, inst: InstId) -> &mut HeapGame {
        self.heap_games.entry(inst).or_default()
    }
}

/// What is kept for one heap game.
#[derive(Debug, Default, Clone)]
pub(crate) struct HeapGame {
    /// Its misère quotient (computed by `quotient G up to N`, or built
    /// automatically): sums of its heaps up to the quotient's bound are
    /// answered from it.
    pub(crate) quotient: Option<Rc<Quotient>>,
    /// The smallest heap bound at which an automatic quotient failed.
    pub(crate) quotient_failed: Option<usize>,
    /// The certified misère values of the quotient (for the genus), with the
    /// quotient they belong to; `None` when they are not a function of the
    /// image there.
    pub(crate) values: Option<(Rc<Quotient>, Option<Rc<Values>>)>,
    /// Its value quotient (misère values as labels), for the genus of sums
    /// whose values the misère quotient does not determine.
    pub(crate) value_quotient: Option<Rc<Quotient>>,
    /// The heap bound and cap at which a value quotient last failed (larger
    /// bounds and caps are not tried).
    pub(crate) value_quotient_failed: Option<(usize, u32)>,
    /// The genera (and tameness) of heaps 0, 1, … valued bottom-up from
    /// compiled rules, so a larger heap goes on from them.
    pub(crate) genera: Vec<(Genus, Heredity)>,
    /// The walks over sums of its heaps.
    pub(crate) sums: HeapSums,
}

impl HeapGame {
    fn is_empty(&self) -> bool {
        self.quotient.is_none()
            && self.quotient_failed.is_none()
            && self.values.is_none()
            && self.value_quotient.is_none()
            && self.value_quotient_failed.is_none()
            && self.genera.is_empty()
            && self.sums.is_empty()
    }
}

/// What the walks over sums of heaps of one game (or of several games,
/// interleaved) keep.
#[derive(Debug, Default, Clone)]
pub(crate) struct HeapSums {
    /// Each heap's options, normal values and nim-heap classes.
    pub(crate) options: HeapOptions,
    /// Misère outcomes of the sums searched (heaps without a move are left
    /// out of the keys).
    pub(crate) outcomes: Memo<Heaps, Outcome>,
    /// Move-ordering hints of the outcome search.
    pub(crate) hints: Hints,
    /// Genera of the sums walked.
    pub(crate) genera: Memo<Heaps, Genus>,
}

impl HeapSums {
    /// True when nothing is kept.
    pub(crate) fn is_empty(&self) -> bool {
        self.options.is_empty() && self.outcomes.is_empty() && self.genera.is_empty()
    }
}

/// The shapes of the positions the outcome search found to be P (at most
/// one per memoised position, so the position budget bounds them too): their
/// options of the same shape are tried first.
#[derive(Debug, Default, Clone)]
pub(crate) struct Hints {
    /// The shapes, hashed.
    pub(crate) shapes: FxHashSet<u64>,
    /// The quotient the shapes were taken under (its bound and order):
    /// another quotient starts them afresh.
    by: Option<(usize, usize)>,
}

impl Hints {
    /// Starts afresh when the quotient ordering the search changed.
    pub(crate) fn under(&mut self, quotient: Option<&Quotient>) {
        let by = quotient.map(|q| (q.max_heap(), q.order()));
        if self.by != by {
            self.shapes.clear();
            self.by = by;
        }
    }
}

/// What the walks over sums keyed by their components keep.
#[derive(Debug, Default, Clone)]
pub(crate) struct ComponentSums {
    /// The options of each component seen.
    pub(crate) options: ComponentOptions,
    /// Misère outcomes of the sums searched.
    pub(crate) outcomes: Memo<Vec<Component>, Outcome>,
    /// Genera of the sums walked.
    pub(crate) genera: Memo<Vec<Component>, Genus>,
    /// Misère canonical forms of the sums walked.
    pub(crate) forms: Memo<Vec<Component>, MisereForm>,
}

impl ComponentSums {
    fn is_empty(&self) -> bool {
        self.options.0.is_empty()
            && self.outcomes.is_empty()
            && self.genera.is_empty()
            && self.forms.is_empty()
    }
}

/// Largest nimber a misère walk expands.
const MAX_NIMBER: u64 = 100_000;

/// The options of each component, listed once.
#[derive(Debug, Default, Clone)]
pub(crate) struct ComponentOptions(FxHashMap<Component, Rc<[Vec<Component>]>>);

impl ComponentOptions {
    /// The options of one component, listed once: each option kept counts as
    /// a position kept.
    pub(crate) fn of(
        &mut self,
        games: &mut Games<'_>,
        c: &Component,
        span: Span,
    ) -> Result<Rc<[Vec<Component>]>, EvalError> {
        if let Some(opts) = self.0.get(c) {
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
        games
            .budget
            .add_positions(1 + list.len())
            .map_err(|e| EvalError::limit(e, span))?;
        games
            .budget
            .before_growth(
                self.0.len(),
                self.0.capacity(),
                std::mem::size_of::<(Component, Rc<[Vec<Component>]>)>(),
            )
            .map_err(|e| EvalError::limit(e, span))?;
        let opts: Rc<[Vec<Component>]> = list.iter().map(<[Component]>::to_vec).collect();
        self.0.insert(c.clone(), opts.clone());
        Ok(opts)
    }

    /// A sum as a key: terminal components dropped, the rest sorted.
    pub(crate) fn normalize(
        &mut self,
        games: &mut Games<'_>,
        parts: &[Component],
        span: Span,
    ) -> Result<Vec<Component>, EvalError> {
        let mut state = Vec::with_capacity(parts.len());
        for c in parts {
            if !self.of(games, c, span)?.is_empty() {
                state.push(c.clone());
            }
        }
        state.sort();
        Ok(state)
    }

    /// The options of a key, each normalised.
    pub(crate) fn of_sum(
        &mut self,
        games: &mut Games<'_>,
        state: &[Component],
        span: Span,
    ) -> Result<Vec<Vec<Component>>, EvalError> {
        let mut out = Vec::new();
        for (i, c) in state.iter().enumerate() {
            if i > 0 && state.get(i - 1) == Some(c) {
                continue;
            }
            for opt in self.of(games, c, span)?.iter() {
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

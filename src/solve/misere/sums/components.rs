//! Sums keyed by their components: the key of any sum (heaps of heap games
//! have faster keys, [`super::heaps`]). A sum is kept sorted, its terminal
//! components dropped; each component's options are listed once and kept.
//! A sum whose heaps a kept misère quotient covers is read off it, so a sum
//! with a few heaps past the quotient's bound is searched only until they
//! are broken up.

use super::key::{EachOption, SumKey};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::Games;
use crate::graph::search::Memo;
use crate::lang::value::{Component, InstId, Value};
use crate::solve::misere::cache::{ComponentOptions, HeapGame};
use crate::solve::outcome::{Listed, Outcome};
use rustc_hash::FxHashMap;

/// A sum as its components key it: sorted, terminal components dropped.
pub(crate) type State = Vec<Component>;

/// Sums keyed by their components, for one statement.
pub(crate) struct Components<'k, 'a> {
    pub(crate) games: &'k mut Games<'a>,
    pub(crate) options: &'k mut ComponentOptions,
    /// The heap games, for their kept quotients.
    pub(crate) heap_games: &'k FxHashMap<InstId, HeapGame>,
    pub(crate) span: Span,
}

impl Components<'_, '_> {
    /// The image of a sum in the kept quotient of its one game, when every
    /// component is a heap (or `*0`) of one game whose quotient covers them.
    fn quotient_p(&self, parts: &[Component]) -> Option<bool> {
        let mut game: Option<(InstId, &HeapGame)> = None;
        let mut heaps = Vec::with_capacity(parts.len());
        for c in parts {
            let n = match c {
                Component::Nimber(0) => 0,
                Component::Pos(inst, pos) => {
                    let [Value::Int(n)] = pos.as_ref() else {
                        return None;
                    };
                    match game {
                        Some((i, _)) if i != *inst => return None,
                        Some(_) => {}
                        None => game = Some((*inst, self.heap_games.get(inst)?)),
                    }
                    usize::try_from(*n).ok()?
                }
                _ => return None,
            };
            heaps.push(n);
        }
        let q = game?.1.quotient.as_ref()?;
        let largest = heaps.iter().copied().max().unwrap_or(0);
        if !q.covers(largest) {
            return None;
        }
        q.is_p(&heaps)
    }
}

impl SumKey for Components<'_, '_> {
    type Key = State;
    type Form = [Component];
    type Error = EvalError;

    fn key(form: &[Component]) -> State {
        form.to_vec()
    }

    fn each_option(
        &mut self,
        key: &State,
        each: &mut EachOption<'_, [Component], EvalError>,
    ) -> Result<(), EvalError> {
        for o in self.options.of_sum(self.games, key, self.span)? {
            each(&o)?;
        }
        Ok(())
    }

    fn read_outcome(&self, form: &[Component]) -> Option<Outcome> {
        let p = self.quotient_p(form)?;
        Some(Outcome::next_wins(!p))
    }

    /// Moves in the largest components first: they reach sums a quotient
    /// answers soonest.
    fn outcome_options(
        &mut self,
        key: &State,
        _memo: &Memo<State, Outcome>,
        out: &mut Vec<State>,
    ) -> Result<Listed, EvalError> {
        let mut options = self.options.of_sum(self.games, key, self.span)?;
        options.reverse();
        *out = options;
        Ok(Listed::Options)
    }

    fn count(&mut self) -> Result<(), EvalError> {
        self.games
            .budget
            .add_positions(1)
            .map_err(|e| EvalError::limit(e, self.span))
    }

    fn cycle(&mut self) -> EvalError {
        EvalError::MisereLoopy { span: self.span }
    }
}

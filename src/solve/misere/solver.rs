//! One statement's misère questions: the games, what misère play keeps, the
//! span errors point at, and how long each timed attempt may run. Every layer
//! and walk takes this one context instead of its parts.

use super::cache::Cache;
use crate::budget::Exceeded;
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::Games;
use crate::lang::value::Component;
use std::rc::Rc;
use std::time::Duration;

/// How long each timed attempt may run. The values, and why each slice
/// exists, are in [`super::ladder::SLICES`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct Slices {
    /// The search of a sum of heaps, before a quotient is built for it.
    pub(crate) quick_search: Duration,
    /// The genus walk, before the quotients the genus is read off.
    pub(crate) quick_walk: Duration,
    /// The genus walk, before the costly value quotients.
    pub(crate) short_walk: Duration,
    /// One automatic quotient attempt.
    pub(crate) quotient: Duration,
    /// The probe that lists the heaps a huge heap reaches.
    pub(crate) few_heaps: Duration,
}

/// The misère context of one statement.
pub(crate) struct Solver<'s, 'a> {
    /// The games of the program.
    pub(crate) games: &'s mut Games<'a>,
    /// What misère play keeps across statements.
    pub(crate) cache: &'s mut Cache,
    /// The statement being answered.
    pub(crate) span: Span,
    /// How long each timed attempt may run.
    pub(crate) slices: Slices,
}

impl Solver<'_, '_> {
    /// A budget limit as an error of this statement.
    pub(crate) fn limit(&self, e: Exceeded) -> EvalError {
        EvalError::limit(e, self.span)
    }

    /// One unit of work on the statement's budget.
    pub(crate) fn tick(&self) -> Result<(), EvalError> {
        self.games.budget.tick().map_err(|e| self.limit(e))
    }

    /// The options of one component, listed once and kept.
    pub(crate) fn component_options(
        &mut self,
        c: &Component,
    ) -> Result<Rc<[Vec<Component>]>, EvalError> {
        self.cache.components.options.of(self.games, c, self.span)
    }
}

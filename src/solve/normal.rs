//! Normal play of impartial games, the front `run/` calls: Grundy values,
//! outcomes, the moves of a sum and its winning moves. A position whose
//! positions repeat has no Grundy value; the Grundy search then meets a
//! [`Cycle`], and the loopy analysis (generalised values, P/N/D) answers
//! instead. The route is chosen from that typed result, or at once when the
//! loopy analysis already holds the position's graph.

use super::impartial::outcome::{single, Outcomes};
use super::impartial::sums::SumMove;
use super::impartial::{Impartial, Solver};
use super::loopy::analysis::{self as loopy, LoopyCache};
use super::loopy::generalized::Gsg;
use super::loopy::retrograde::Outcome;
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::Games;
use crate::lang::value::GameSum;

/// The cycle a Grundy search met: the positions on it, shown (its first
/// repeated at the end). The position is loopy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cycle(pub Vec<String>);

/// An impartial computation's result, or the cycle that stopped it.
pub type Reached<T> = Result<T, Cycle>;

/// The one place a Grundy search's cycle becomes a typed [`Cycle`]: the
/// Grundy walk (`impartial/grundy.rs`) reports it as an error with the path.
pub fn reached<T>(result: Result<T, EvalError>) -> Result<Reached<T>, EvalError> {
    match result {
        Ok(x) => Ok(Ok(x)),
        Err(EvalError::Loopy { cycle, .. }) => Ok(Err(Cycle(cycle))),
        Err(e) => Err(e),
    }
}

/// A position's value: its Grundy value, or its generalised value when it
/// is loopy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// The Grundy value.
    Grundy(u64),
    /// The generalised (Smith) value.
    Loopy(Gsg),
}

/// The moves of a sum, each with its value.
#[derive(Debug, Clone)]
pub enum Moves<T> {
    /// Valued by Grundy values (or whatever the caller computed from them).
    Valued(T),
    /// The position is loopy: its generalised value, and each option's.
    Loopy {
        /// The position's own value.
        value: Gsg,
        /// Each option with its value.
        moves: Vec<(GameSum, Gsg)>,
    },
}

/// Normal play's analyses for one statement: the Grundy tables, the outcome
/// searches and the loopy analysis.
pub struct Normal<'x> {
    /// Grundy tables.
    pub impartial: &'x mut Impartial,
    /// Outcomes found without Grundy values.
    pub outcomes: &'x mut Outcomes,
    /// Loopy components' graphs and values.
    pub loopy: &'x mut LoopyCache,
}

impl Normal<'_> {
    /// `f` on a Grundy solver, or the cycle it met; at once the cycle when
    /// the loopy analysis already holds the position's graph.
    fn grundy<T>(
        &mut self,
        games: &mut Games<'_>,
        g: &GameSum,
        span: Span,
        f: impl FnOnce(&mut Solver<'_, '_>) -> Result<T, EvalError>,
    ) -> Result<Reached<T>, EvalError> {
        if self.loopy.knows(g) {
            return Ok(Err(Cycle(Vec::new())));
        }
        reached(f(&mut Solver::new(games, self.impartial, span)))
    }

    /// `grundy G`.
    pub fn value(
        &mut self,
        games: &mut Games<'_>,
        g: &GameSum,
        span: Span,
    ) -> Result<Value, EvalError> {
        Ok(
            match self.grundy(games, g, span, |s| s.grundy_sum(&g.parts))? {
                Ok(v) => Value::Grundy(v),
                Err(_) => Value::Loopy(loopy::sum_value(games, self.loopy, g, span)?),
            },
        )
    }

    /// `outcome G`: P or N, or D for a loopy game. One component of two or
    /// more parameters is searched for its outcome alone, without Grundy
    /// values.
    pub fn outcome(
        &mut self,
        games: &mut Games<'_>,
        g: &GameSum,
        span: Span,
    ) -> Result<Outcome, EvalError> {
        if let Some((_, c)) = single(g).filter(|_| !self.loopy.knows(g)) {
            if let Some(wins) = self.outcomes.next_wins(games, self.impartial, c, span)? {
                return Ok(if wins { Outcome::N } else { Outcome::P });
            }
        }
        Ok(
            match self.grundy(games, g, span, |s| s.grundy_sum(&g.parts))? {
                Ok(0) => Outcome::P,
                Ok(_) => Outcome::N,
                Err(_) => loopy::sum_outcome(games, self.loopy, g, span)?,
            },
        )
    }

    /// `winning G`: the moves to P-positions.
    pub fn winning(
        &mut self,
        games: &mut Games<'_>,
        g: &GameSum,
        span: Span,
    ) -> Result<Vec<GameSum>, EvalError> {
        if !self.loopy.knows(g) {
            if let Some(moves) = self.outcomes.winning(games, self.impartial, g, span)? {
                return Ok(moves);
            }
        }
        Ok(
            match self.grundy(games, g, span, |s| s.sum_moves(g, Some(0)))? {
                Ok(moves) => moves.into_iter().map(|m| m.result).collect(),
                Err(_) => loopy::sum_winning(games, self.loopy, g, span)?,
            },
        )
    }

    /// `moves G`: every option with its value.
    pub fn moves(
        &mut self,
        games: &mut Games<'_>,
        g: &GameSum,
        span: Span,
    ) -> Result<Moves<Vec<SumMove>>, EvalError> {
        self.valued(games, g, span, |s| s.sum_moves(g, None))
    }

    /// `f` on a Grundy solver (`explain G`, `moves G`), or, when the position
    /// is loopy, its generalised value and its options'.
    pub fn valued<T>(
        &mut self,
        games: &mut Games<'_>,
        g: &GameSum,
        span: Span,
        f: impl FnOnce(&mut Solver<'_, '_>) -> Result<T, EvalError>,
    ) -> Result<Moves<T>, EvalError> {
        // A known loopy position is not sent to the loopy analysis at once
        // here: `moves` and `explain` ask the Grundy search first, as they
        // always did.
        Ok(
            match reached(f(&mut Solver::new(games, self.impartial, span)))? {
                Ok(x) => Moves::Valued(x),
                Err(_) => Moves::Loopy {
                    value: loopy::sum_value(games, self.loopy, g, span)?,
                    moves: loopy::sum_moves(games, self.loopy, g, span)?,
                },
            },
        )
    }
}

//! The layers of misère play, one file per strategy, each exact: read off a
//! kept quotient; the tame rule; games plus nim heaps from the games' misère
//! values; build a quotient on the spot; search. Their order, and the time
//! each may take, is [`super::ladder`]'s.

pub(crate) mod build_quotient;
pub(crate) mod kept_quotient;
pub(crate) mod linear_quotient;
pub(crate) mod search;
pub(crate) mod tame;
pub(crate) mod with_nimbers;

use super::solver::Solver;
use crate::eval::eval_error::EvalError;
use crate::lang::value::GameSum;

/// What a layer may ask the whole ladder about a smaller sum: games plus nim
/// heaps are decided from the outcome or a misère value of the games alone,
/// found by every layer in turn.
pub(crate) struct Rest {
    /// Whether the player to move wins the sum.
    pub(crate) next_wins: fn(&mut Solver<'_, '_>, &GameSum) -> Result<bool, EvalError>,
    /// γk of the sum: its misère value plus k copies of *2.
    pub(crate) gamma: fn(&mut Solver<'_, '_>, &GameSum, usize) -> Result<u32, EvalError>,
}

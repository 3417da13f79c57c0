//! Misère outcomes and winning moves, layer by layer, each exact: a quotient
//! already computed for the components' game; the tame rule (misère Nim from
//! the genera); a quotient built on the spot for a sum of one heap game (two
//! seconds at most); and the memoised search of the sum for everything else.

use super::{heaps, outcome, tame, MisereCache};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::Games;
use crate::lang::value::GameSum;

/// True when the player to move wins `sum` in misère play.
pub fn next_wins(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    sum: &GameSum,
    span: Span,
) -> Result<bool, EvalError> {
    if let Some(wins) = heaps::quotient_next_wins(cache, sum) {
        return Ok(wins);
    }
    if let Some(wins) = tame::tame_next_wins(games, cache, sum, span)? {
        return Ok(wins);
    }
    if heaps::try_quotient(games, cache, sum, span)? {
        if let Some(wins) = heaps::quotient_next_wins(cache, sum) {
            return Ok(wins);
        }
    }
    outcome::next_wins(games, cache, sum, span)
}

/// The options of `sum` after which the player to move loses in misère play.
pub fn winning(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    sum: &GameSum,
    span: Span,
) -> Result<Vec<GameSum>, EvalError> {
    if let Some(moves) = heaps::quotient_winning(games, cache, sum, span)? {
        return Ok(moves);
    }
    if let Some(moves) = tame::tame_winning(games, cache, sum, span)? {
        return Ok(moves);
    }
    if heaps::try_quotient(games, cache, sum, span)? {
        if let Some(moves) = heaps::quotient_winning(games, cache, sum, span)? {
            return Ok(moves);
        }
    }
    outcome::winning(games, cache, sum, span)
}

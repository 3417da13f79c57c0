//! Misère outcomes, winning moves and genera, layer by layer, each exact: a
//! quotient already computed for the components' game; the tame rule (misère
//! Nim from the genera); a quotient built on the spot for a sum of one heap
//! game (two seconds at most); and the memoised search of the sum for
//! everything else.

use super::genus::Genus;
use super::{genus_walk, heaps, outcome, tame, MisereCache};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::Games;
use crate::graph::budget::Exceeded;
use crate::lang::value::GameSum;
use std::time::Duration;

/// How long the genus walk may run before the costly value quotients are
/// tried: sums of up to a few thousand positions (Kayles rows to about 45)
/// finish well within it, and a value quotient that does not converge takes
/// two seconds to give up.
const SHORT_WALK: Duration = Duration::from_millis(500);

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
    match tame::tame_next_wins(games, cache, sum, span) {
        Ok(Some(wins)) => return Ok(wins),
        Ok(None) => {}
        Err(e) => {
            if too_large(&e) && heaps::try_proven_quotient(games, cache, sum, span)? {
                if let Some(wins) = heaps::quotient_next_wins(cache, sum) {
                    return Ok(wins);
                }
            }
            return Err(e);
        }
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
    // A heap too large for the tame layer stops here: listing its options
    // for the quotient would only fill memory.
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

/// Whether the tame layer refused a heap larger than the position budget
/// holds (it says so at once rather than fill memory with the heap's
/// options): a quotient proven periodic may still answer.
fn too_large(e: &EvalError) -> bool {
    matches!(
        e,
        EvalError::Limit {
            exceeded: Exceeded::Positions(_),
            ..
        }
    )
}

/// The genus of `sum`, whose normal value is `normal`, when the theory of tame
/// parts did not give it: read off the misère quotient or a cheap value
/// quotient; else a short genus walk; else a costly value quotient; else the
/// walk to the end. The walk keeps what it finished, so a walk cut short is
/// not wasted.
pub fn genus(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    sum: &GameSum,
    normal: u64,
    span: Span,
) -> Result<Genus, EvalError> {
    let normal = u32::try_from(normal).ok();
    if let Some(n) = normal {
        if let Some(g) = heaps::quotient_genus(games, cache, sum, n, heaps::CHEAP_CAPS, span)? {
            return Ok(g);
        }
    }
    if let Some(g) = genus_walk::genus(games, cache, sum, span, Some(SHORT_WALK))? {
        return Ok(g);
    }
    if let Some(n) = normal {
        if let Some(g) = heaps::quotient_genus(games, cache, sum, n, heaps::COSTLY_CAPS, span)? {
            return Ok(g);
        }
    }
    genus_walk::genus(games, cache, sum, span, None)?.ok_or_else(|| {
        EvalError::internal("a genus walk with no time limit of its own stopped", span)
    })
}

//! Misère outcomes, winning moves and genera, layer by layer, each exact: a
//! quotient already computed for the components' game; the tame rule (misère
//! Nim from the genera); a game plus nim heaps, from the game's misère values
//! ([`with_nimbers`]); for a sum of one heap game, a search of a few
//! milliseconds, then a quotient built on the spot (two seconds at most);
//! and the memoised search of the sum for everything else.

use super::genus::{Gammas, Genus};
use super::{genus_walk, heap_outcome, heaps, outcome, tame, with_nimbers, MisereCache};
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

/// How long a search may run before a quotient is built for a sum of heaps
/// of one game. The sums of games whose quotients are large or infinite are
/// often searched in milliseconds (0.16 rows 50 + 45: 0.08 s; Daisies 4.7,
/// 30 + 20: 0.15 s) while the attempt at their quotient takes seconds to give
/// up; where the quotient is the way (eight Kayles rows), this is spent once.
const QUICK_SEARCH: Duration = Duration::from_millis(200);

/// The same for the genus walk, before the quotients the genus is read off:
/// shorter, since the ladder has a walk of its own after the cheap quotient
/// (Grundy's game, heap 30: the walk takes milliseconds, the failed quotient
/// 1.9 s).
const QUICK_WALK: Duration = Duration::from_millis(50);

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
    if let Some(wins) = with_nimbers::next_wins(games, cache, sum, span)? {
        return Ok(wins);
    }
    if heaps::would_build(cache, sum) {
        if let Some(wins) = heap_outcome::next_wins_within(games, cache, sum, span, QUICK_SEARCH)? {
            return Ok(wins);
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
    if let Some(moves) = with_nimbers::winning(games, cache, sum, span)? {
        return Ok(moves);
    }
    // The sum searched quickly: so will its options be.
    let quick = heaps::would_build(cache, sum)
        && heap_outcome::next_wins_within(games, cache, sum, span, QUICK_SEARCH)?.is_some();
    if !quick && heaps::try_quotient(games, cache, sum, span)? {
        if let Some(moves) = heaps::quotient_winning(games, cache, sum, span)? {
            return Ok(moves);
        }
    }
    outcome::winning(games, cache, sum, span)
}

/// Whether the tame layer refused a heap larger than the position budget
/// holds (it says so at once rather than fill memory with the heap's
/// options): a quotient proven periodic may still answer.
pub(super) fn too_large(e: &EvalError) -> bool {
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
    // A normal value past u32 cannot be written in a genus read off a
    // quotient: the walk finds it instead.
    let normal = u32::try_from(normal).ok();
    Ok(
        match misere_values(games, cache, sum, normal.is_some(), span)? {
            Found::Walked(g) => g,
            Found::Read(gammas) => Genus::with_gammas(normal.unwrap_or_default(), gammas),
        },
    )
}

/// γk of `sum`: the misère value of `sum` plus k copies of *2, found as for
/// [`genus`].
pub fn gamma(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    sum: &GameSum,
    k: usize,
    span: Span,
) -> Result<u32, EvalError> {
    Ok(match misere_values(games, cache, sum, true, span)? {
        Found::Walked(g) => g.gamma(k),
        Found::Read(gammas) => gammas.get(k),
    })
}

/// Where the misère values of a sum came from.
enum Found {
    /// Off a quotient: the values only.
    Read(Gammas),
    /// By the genus walk: the whole genus.
    Walked(Genus),
}

/// The ladder of [`genus`]; quotients are read only when `read`.
fn misere_values(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    sum: &GameSum,
    read: bool,
    span: Span,
) -> Result<Found, EvalError> {
    let from_quotient = |games: &mut Games<'_>, cache: &mut MisereCache, caps| {
        if !read {
            return Ok(None);
        }
        let gammas = heaps::quotient_gammas(games, cache, sum, caps, span)?;
        Ok::<_, EvalError>(gammas.and_then(Gammas::new).map(Found::Read))
    };
    if read && heaps::would_build(cache, sum) {
        if let Some(g) = genus_walk::genus(games, cache, sum, span, Some(QUICK_WALK))? {
            return Ok(Found::Walked(g));
        }
    }
    if let Some(found) = from_quotient(games, cache, heaps::CHEAP_CAPS)? {
        return Ok(found);
    }
    if let Some(g) = genus_walk::genus(games, cache, sum, span, Some(SHORT_WALK))? {
        return Ok(Found::Walked(g));
    }
    if let Some(found) = from_quotient(games, cache, heaps::COSTLY_CAPS)? {
        return Ok(found);
    }
    genus_walk::genus(games, cache, sum, span, None)?
        .map(Found::Walked)
        .ok_or_else(|| {
            EvalError::internal("a genus walk with no time limit of its own stopped", span)
        })
}

//! The linearised quotient as a layer: a sum of several positions of games
//! that are not heap games (boards, strings, rows of coins) is read off the
//! misère quotient of everything reachable from its components, built on the
//! spot within a time slice. Sums of four Notakto boards, whose search does
//! not end in minutes, take a fifth of a second this way.

use crate::eval::eval_error::EvalError;
use crate::lang::value::GameSum;
use crate::solve::misere::layers::build_quotient;
use crate::solve::misere::linear::{linearize, Linearized};
use crate::solve::misere::quotient::{self, Quotient};
use crate::solve::misere::solver::Solver;

/// The quotient of `sum`'s components, when the layer applies (two or more
/// components, not all heaps of heap games, which have quotients of their
/// own) and the construction ends within the quotient slice; `None` else,
/// the search taking over.
fn built(
    s: &mut Solver<'_, '_>,
    sum: &GameSum,
) -> Result<Option<(Quotient, Linearized)>, EvalError> {
    if sum.parts.len() < 2 || build_quotient::would_build(s.cache, sum) {
        return Ok(None);
    }
    let trial = s.games.budget.trial(s.slices.quotient);
    let found = linearize(s.games, sum, &trial, s.span).and_then(|mut lin| {
        let max_heap = lin.heaps().saturating_sub(1);
        quotient::quotient(&mut lin, max_heap, &trial)
            .map(|q| (q, lin))
            .map_err(|_| EvalError::internal("no quotient within the slice", s.span))
    });
    match found {
        Ok(found) => Ok(Some(found)),
        // The slice ran out, or the game has no quotient (a cycle is the
        // search's to report): the search takes over, unless the statement's
        // own budget is spent.
        Err(_) => {
            s.games
                .budget
                .check()
                .map_err(|e| EvalError::limit(e, s.span))?;
            Ok(None)
        }
    }
}

/// Whether the player to move wins `sum`, read off its linearised quotient.
pub(crate) fn next_wins(s: &mut Solver<'_, '_>, sum: &GameSum) -> Result<Option<bool>, EvalError> {
    let Some((q, lin)) = built(s, sum)? else {
        return Ok(None);
    };
    Ok(lin
        .heaps_of(&sum.parts)
        .and_then(|heaps| q.is_p(&heaps))
        .map(|p| !p))
}

/// The options of `sum` into misère P-positions, read off its linearised
/// quotient.
pub(crate) fn winning(
    s: &mut Solver<'_, '_>,
    sum: &GameSum,
) -> Result<Option<Vec<GameSum>>, EvalError> {
    let Some((q, lin)) = built(s, sum)? else {
        return Ok(None);
    };
    let mut out: Vec<GameSum> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (i, c) in sum.parts.iter().enumerate() {
        for opt in s.component_options(c)?.iter() {
            let result = sum.replaced(i, opt);
            let Some(p) = lin.heaps_of(&result.parts).and_then(|h| q.is_p(&h)) else {
                return Ok(None);
            };
            if p && seen.insert(result.normalized()) {
                out.push(result);
            }
        }
    }
    Ok(Some(out))
}

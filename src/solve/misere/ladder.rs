//! The order in which misère play tries its layers, for each question, and
//! the time slices of the attempts that may give up: one list each, read top
//! to bottom. Every layer is exact; they differ in cost and reach, so the
//! cheap ones go first and a costly one is tried only once a short attempt
//! at a cheaper one has failed.

use super::genus::{Gammas, Genus};
use super::layers::kept_quotient::{self, CHEAP_CAPS, COSTLY_CAPS};
use super::layers::{build_quotient, linear_quotient, search, tame, with_nimbers, Rest};
use super::solver::{Slices, Solver};
use crate::eval::eval_error::EvalError;
use crate::lang::value::{Component, GameSum, Value};
use std::time::Duration;

/// The time slices, and why each exists.
pub(crate) const SLICES: Slices = Slices {
    // The sums of games whose quotients are large or infinite are often
    // searched in milliseconds (0.16 rows 50 + 45: 0.08 s; Daisies 4.7,
    // 30 + 20: 0.15 s) while the attempt at their quotient takes seconds to
    // give up; where the quotient is the way (eight Kayles rows), this is
    // spent once.
    quick_search: Duration::from_millis(200),
    // Shorter, since the genus ladder has a walk of its own after the cheap
    // quotient (Grundy's game, heap 30: the walk takes milliseconds, the
    // failed quotient 1.9 s).
    quick_walk: Duration::from_millis(50),
    // Sums of up to a few thousand positions (Kayles rows to about 45)
    // finish well within it, and a value quotient that does not converge
    // takes two seconds to give up.
    short_walk: Duration::from_millis(500),
    // How long an automatic quotient attempt may run before the search
    // takes over.
    quotient: Duration::from_secs(2),
    // A heap past the position budget that reaches only a few heaps
    // (halving) is walked; listing them may take this long before the heap
    // is refused.
    few_heaps: Duration::from_millis(50),
};

/// What the layers that decide a sum from smaller sums ask the ladder.
const REST: Rest = Rest { next_wins, gamma };

/// A step of the outcome and winning ladders.
#[derive(Debug, Clone, Copy)]
enum Step {
    /// Read off a quotient kept for the game.
    KeptQuotient,
    /// The tame rule (misère Nim from the genera); a heap too large for it
    /// is left to a quotient proven periodic.
    Tame,
    /// Games plus nim heaps, from the games' misère values.
    WithNimbers,
    /// A search of a sum of heaps, for [`Slices::quick_search`], before a
    /// quotient is built for it (only where one would be).
    QuickSearch,
    /// A quotient built on the spot, within [`Slices::quotient`].
    BuildQuotient,
    /// The quotient of everything reachable from a sum of positions of
    /// other games, within [`Slices::quotient`].
    LinearQuotient,
    /// The search, to the end.
    Search,
}

/// `outcome misere G`, and the outcome of every option `winning` asks about.
const OUTCOME: [Step; 7] = [
    Step::KeptQuotient,
    Step::Tame,
    Step::WithNimbers,
    Step::QuickSearch,
    Step::BuildQuotient,
    Step::LinearQuotient,
    Step::Search,
];

/// `winning misere G`: the same layers, each listing the winning moves; a
/// sum searched quickly has options searched quickly too, so no quotient is
/// built for it.
const WINNING: [Step; 7] = OUTCOME;

/// A step of the genus ladder.
#[derive(Debug, Clone, Copy)]
enum GenusStep {
    /// The genus walk, for this long (`None`: to the end), where a quotient
    /// would be built next (`QuickWalk`) or anywhere (`Walk`).
    QuickWalk(Duration),
    Walk(Option<Duration>),
    /// The misère values read off the misère quotient (built if need be) or
    /// value quotients of these caps.
    Quotient(&'static [u32]),
}

/// `genus G` when the theory of tame parts did not give it: read off the
/// misère quotient or a cheap value quotient; else a short genus walk; else a
/// costly value quotient; else the walk to the end. The walk keeps what it
/// finished, so a walk cut short is not wasted.
const GENUS: [GenusStep; 5] = [
    GenusStep::QuickWalk(SLICES.quick_walk),
    GenusStep::Quotient(CHEAP_CAPS),
    GenusStep::Walk(Some(SLICES.short_walk)),
    GenusStep::Quotient(COSTLY_CAPS),
    GenusStep::Walk(None),
];

/// True when the player to move wins `sum` in misère play.
pub(crate) fn next_wins(s: &mut Solver<'_, '_>, sum: &GameSum) -> Result<bool, EvalError> {
    for step in OUTCOME {
        if let Some(wins) = next_wins_by(s, sum, step)? {
            return Ok(wins);
        }
    }
    Err(unanswered(s))
}

/// The error for a ladder whose last step (the search, which always
/// answers) did not answer: a bug.
fn unanswered(s: &Solver<'_, '_>) -> EvalError {
    EvalError::internal("the misère layers ended without an answer", s.span)
}

/// One step of [`OUTCOME`].
fn next_wins_by(
    s: &mut Solver<'_, '_>,
    sum: &GameSum,
    step: Step,
) -> Result<Option<bool>, EvalError> {
    Ok(match step {
        Step::KeptQuotient => kept_quotient::next_wins(s, sum),
        Step::Tame => match tame::next_wins(s, sum) {
            Err(e) if tame::refused(&e) => {
                if build_quotient::try_proven_quotient(s, sum)? {
                    if let Some(wins) = kept_quotient::next_wins(s, sum) {
                        return Ok(Some(wins));
                    }
                }
                return Err(e);
            }
            other => other?,
        },
        Step::WithNimbers => with_nimbers::next_wins(s, &REST, sum)?,
        Step::QuickSearch if build_quotient::would_build(s.cache, sum) => {
            let most = s.slices.quick_search;
            search::heaps_next_wins_within(s, sum, most)?
        }
        Step::QuickSearch => None,
        Step::BuildQuotient => {
            if build_quotient::try_quotient(s, sum)? {
                kept_quotient::next_wins(s, sum)
            } else {
                None
            }
        }
        Step::LinearQuotient => linear_quotient::next_wins(s, sum)?,
        Step::Search => Some(search::next_wins(s, sum)?),
    })
}

/// The options of `sum` after which the player to move loses in misère play.
pub(crate) fn winning(s: &mut Solver<'_, '_>, sum: &GameSum) -> Result<Vec<GameSum>, EvalError> {
    // Every layer ends by listing the options of some component: a heap with
    // too many to list is said at once, whatever the theory knows of it. (A
    // heap of Nim's rules is a nimber, whose winning reply is computed.)
    for c in &sum.parts {
        if s.games.nim_heap(c).is_some() {
            continue;
        }
        if let Component::Pos(inst, pos) = c {
            if let [Value::Int(n)] = pos.as_ref() {
                s.games
                    .refuse_huge_listing(*inst, *n)
                    .map_err(|e| e.at_least(s.span))?;
            }
        }
    }
    let mut quick = false;
    for step in WINNING {
        let moves = match step {
            Step::KeptQuotient => kept_quotient::winning(s, sum)?,
            // A heap too large for the tame layer stops here: listing its
            // options for the quotient would only fill memory.
            Step::Tame => tame::winning(s, sum)?,
            Step::WithNimbers => with_nimbers::winning(s, &REST, sum)?,
            Step::QuickSearch => {
                let most = s.slices.quick_search;
                quick = build_quotient::would_build(s.cache, sum)
                    && search::heaps_next_wins_within(s, sum, most)?.is_some();
                None
            }
            Step::BuildQuotient if !quick && build_quotient::try_quotient(s, sum)? => {
                kept_quotient::winning(s, sum)?
            }
            Step::BuildQuotient => None,
            Step::LinearQuotient => linear_quotient::winning(s, sum)?,
            Step::Search => Some(search::winning(s, sum)?),
        };
        if let Some(moves) = moves {
            return Ok(moves);
        }
    }
    Err(unanswered(s))
}

/// The genus of `sum`, whose normal value is `normal`, when the theory of
/// tame parts did not give it (see [`GENUS`]).
pub(crate) fn genus(
    s: &mut Solver<'_, '_>,
    sum: &GameSum,
    normal: u64,
) -> Result<Genus, EvalError> {
    // A normal value past u32 cannot be written in a genus read off a
    // quotient: the walk finds it instead.
    let normal = u32::try_from(normal).ok();
    Ok(match misere_values(s, sum, normal.is_some())? {
        Found::Walked(g) => g,
        Found::Read(gammas) => Genus::with_gammas(normal.unwrap_or_default(), gammas),
    })
}

/// γk of `sum`: the misère value of `sum` plus k copies of *2, found as for
/// [`genus`].
pub(crate) fn gamma(s: &mut Solver<'_, '_>, sum: &GameSum, k: usize) -> Result<u32, EvalError> {
    Ok(match misere_values(s, sum, true)? {
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

/// The ladder [`GENUS`]; quotients are read only when `read`.
fn misere_values(s: &mut Solver<'_, '_>, sum: &GameSum, read: bool) -> Result<Found, EvalError> {
    for step in GENUS {
        let found = match step {
            GenusStep::QuickWalk(most) if read && build_quotient::would_build(s.cache, sum) => {
                search::genus_within(s, sum, Some(most))?.map(Found::Walked)
            }
            GenusStep::QuickWalk(_) => None,
            GenusStep::Quotient(caps) if read => kept_quotient::gammas(s, sum, caps)?
                .and_then(Gammas::new)
                .map(Found::Read),
            GenusStep::Quotient(_) => None,
            GenusStep::Walk(most) => search::genus_within(s, sum, most)?.map(Found::Walked),
        };
        if let Some(found) = found {
            return Ok(found);
        }
    }
    Err(unanswered(s))
}

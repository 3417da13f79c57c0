//! The layer that builds a quotient on the spot: for a misère sum of heaps of
//! one heap game that no kept quotient covers, the misère quotient up to the
//! largest heap (within one time slice, [`Slices::quotient`]), kept for the
//! statements after; for the genus, value quotients (misère values as labels)
//! of a few caps. A failure is remembered, so a larger bound is not tried
//! again, and the quotient of the heaps below the failure is kept instead:
//! the search then reads every position whose heaps are all below it off it.
//!
//! [`Slices::quotient`]: crate::solve::misere::solver::Slices

use crate::budget::Exceeded;
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::Games;
use crate::lang::value::{GameSum, InstId};
use crate::solve::misere::cache::Cache;
use crate::solve::misere::quotient::{labelled, quotient, Quotient, QuotientError};
use crate::solve::misere::solver::Solver;
use crate::solve::misere::sums::heap::{heaps_of, is_octal, GameHeaps};
use std::rc::Rc;

/// For a misère sum of heaps of one heap game with no quotient yet: computes
/// the quotient up to the largest heap within one attempt's time, and keeps
/// it. Returns whether the sum can now be read from a quotient. A game that
/// is not a heap game, a quotient that cannot be built, or one that takes
/// too long leaves the sum to the search; a Ctrl-C or the memory limit stops
/// here.
pub(crate) fn try_quotient(s: &mut Solver<'_, '_>, sum: &GameSum) -> Result<bool, EvalError> {
    let Some((inst, heaps)) = heaps_of(&sum.parts) else {
        return Ok(false);
    };
    let largest = heaps.iter().copied().max().unwrap_or(0);
    if failed_at(s.cache, inst, largest) {
        return Ok(false);
    }
    let mut before = s.cache.quotient(inst).map_or(0, |q| q.max_heap());
    // A quotient proven periodic answers heaps of any size: for an octal game
    // asked about heaps past PROBE_FROM, bounds from there (doubling) are
    // tried first. Kayles' is proven at heap 169, so `k(10^12)` is answered
    // from the quotient of 256 heaps.
    if largest > PROBE_FROM && is_octal(s.games, inst) {
        let mut bound = PROBE_FROM.max(before.saturating_mul(2));
        while bound < largest {
            match auto_quotient(s, inst, before, bound, 1)? {
                Attempt::Built(q) => {
                    let proven = q.covers(largest);
                    before = q.max_heap();
                    s.cache.heap_game(inst).quotient = Some(Rc::<Quotient>::from(q));
                    if proven {
                        return Ok(true);
                    }
                }
                other => return keep_attempt(s, inst, before, other),
            }
            bound = bound.saturating_mul(2);
        }
    }
    let attempt = auto_quotient(s, inst, before, largest, 1)?;
    keep_attempt(s, inst, before, attempt)
}

/// Whether an automatic quotient attempt for heaps up to `largest` of `inst`
/// already failed (at that heap or a smaller one).
fn failed_at(cache: &Cache, inst: InstId, largest: usize) -> bool {
    cache
        .heap_games
        .get(&inst)
        .and_then(|g| g.quotient_failed)
        .is_some_and(|n| largest >= n)
}

/// Whether [`try_quotient`] would build a quotient for `sum`: a sum of heaps
/// of one game that no kept quotient covers, past no failed attempt. That
/// may take seconds, so a short search goes first.
pub(crate) fn would_build(cache: &Cache, sum: &GameSum) -> bool {
    heaps_of(&sum.parts).is_some_and(|(inst, heaps)| {
        let largest = heaps.iter().copied().max().unwrap_or(0);
        !failed_at(cache, inst, largest) && cache.covering(&sum.parts).is_none()
    })
}

/// For a sum of heaps of an octal game: [`try_quotient`], which for heaps
/// past [`PROBE_FROM`] looks for a quotient proven periodic first. The tame
/// layer, which values heaps bottom-up, refuses heaps larger than the budget
/// holds; this is what may still answer them (Kayles heaps of 10^12). Any
/// other game is left alone: its quotient could only be built heap by heap.
pub(crate) fn try_proven_quotient(
    s: &mut Solver<'_, '_>,
    sum: &GameSum,
) -> Result<bool, EvalError> {
    match heaps_of(&sum.parts) {
        Some((inst, _)) if is_octal(s.games, inst) => try_quotient(s, sum),
        _ => Ok(false),
    }
}

/// Heaps past this are first tried against smaller quotients, in case one is
/// proven periodic ([`try_quotient`]).
const PROBE_FROM: usize = 128;

/// `quotient G up to N` of an octal game (finite subtraction games included)
/// with N past [`PROBE_FROM`]: the quotients of 256, 512, … heaps below N
/// are built first, and the first the periodicity theorem proves is the
/// quotient of every heap, returned with Φ up to N read from its period.
/// Built heap by heap to N, each heap's candidate is checked against every
/// heap below, so the time grows as N²: `quotient s up to 10000` of
/// subtraction {1, 2} took 26 s, proven periodic from heap 0 all along.
/// `None` when no probe is proven (or one cannot be built: the construction
/// to N then reports why); a Ctrl-C, the time limit or the memory limit stops
/// here, with the heap it was adding.
pub(crate) fn proven_below(
    games: &mut Games<'_>,
    inst: InstId,
    up_to: usize,
    span: Span,
) -> Result<Option<Quotient>, QuotientError<EvalError>> {
    if up_to <= 2 * PROBE_FROM || !is_octal(games, inst) {
        return Ok(None);
    }
    let budget = games.budget;
    let mut bound = 2 * PROBE_FROM;
    while bound < up_to {
        let mut heaps = GameHeaps::new(games, inst, span).map_err(QuotientError::Rules)?;
        let q = match quotient(&mut heaps, bound, budget) {
            Ok(q) => q,
            Err(
                e @ (QuotientError::Budget(Exceeded::Interrupted)
                | QuotientError::OutOfTime { .. }
                | QuotientError::OutOfMemory { .. }),
            ) => return Err(e),
            Err(_) => return Ok(None),
        };
        if q.proven_period().is_some() {
            return q.extended_to(up_to, budget).map_err(QuotientError::Budget);
        }
        bound = bound.saturating_mul(2);
    }
    Ok(None)
}

/// The value quotient of `inst` with labels capped at `cap`, up to heap
/// `largest` at least: kept, or built within one attempt's time (and kept);
/// `None` when it cannot be built (the failure is remembered).
pub(crate) fn value_quotient(
    s: &mut Solver<'_, '_>,
    inst: InstId,
    largest: usize,
    cap: u32,
) -> Result<Option<Rc<Quotient>>, EvalError> {
    let game = s.cache.heap_game(inst);
    let kept = game.value_quotient.as_ref();
    if let Some(q) = kept.filter(|q| q.max_heap() >= largest && q.cap() >= cap) {
        return Ok(Some(q.clone()));
    }
    if game
        .value_quotient_failed
        .is_some_and(|(n, c)| largest >= n && cap >= c)
    {
        return Ok(None);
    }
    let before = kept.filter(|q| q.cap() >= cap).map_or(0, |q| q.max_heap());
    Ok(match auto_quotient(s, inst, before, largest, cap)? {
        Attempt::Built(q) => {
            let q = Rc::<Quotient>::from(q);
            s.cache.heap_game(inst).value_quotient = Some(q.clone());
            Some(q)
        }
        Attempt::Failed { from } => {
            s.cache.heap_game(inst).value_quotient_failed = Some((from, cap));
            None
        }
        Attempt::CutShort => None,
    })
}

/// How an automatic quotient attempt ended, short of an error.
enum Attempt {
    /// Built and certified.
    Built(Box<Quotient>),
    /// Not a heap game, too large, or out of the attempt's time: bounds from
    /// `from` on will not do better, so the failure is remembered.
    Failed {
        /// The least bound that fails.
        from: usize,
    },
    /// Out of time under a statement's own `--timeout`, shorter than the
    /// attempt's: not remembered, a later statement may succeed.
    CutShort,
}

/// Builds an automatic quotient of `inst` (labels capped at `cap`; 1 for the
/// misère quotient) up to `largest` heaps, within one attempt's time; an
/// error only when interrupted or out of memory. Heaps asked for one by one,
/// in growing order, would build one each: past a kept quotient of `before`
/// heaps it goes twice as far, and only as far as asked if that runs out of
/// time.
fn auto_quotient(
    s: &mut Solver<'_, '_>,
    inst: InstId,
    before: usize,
    largest: usize,
    cap: u32,
) -> Result<Attempt, EvalError> {
    let (span, most) = (s.span, s.slices.quotient);
    let first = s.games.budget.trial(most);
    let mut rules = match GameHeaps::new(s.games, inst, span) {
        Ok(rules) => rules,
        Err(e) => return rules_failed(e, 0),
    };
    let far = largest.max(before.saturating_mul(2));
    let built = match labelled(&mut rules, far, cap, &first) {
        Err(QuotientError::OutOfTime { heap, .. }) if heap > largest => {
            let second = rules.games.budget.trial(most);
            labelled(&mut rules, largest, cap, &second)
        }
        other => other,
    };
    match built {
        Ok(q) => Ok(Attempt::Built(Box::new(q))),
        Err(QuotientError::Budget(e @ Exceeded::Interrupted)) => Err(EvalError::limit(e, span)),
        Err(QuotientError::OutOfMemory { limit, .. }) => {
            Err(EvalError::limit(Exceeded::Memory(limit), span))
        }
        Err(QuotientError::OutOfTime { .. }) if rules.games.budget.timeout_below(most) => {
            Ok(Attempt::CutShort)
        }
        // The construction goes heap by heap: a bound at or past the heap it
        // was adding when time ran out fails too.
        Err(QuotientError::OutOfTime { heap, .. } | QuotientError::TooLarge(heap)) => {
            Ok(Attempt::Failed {
                from: heap.min(largest),
            })
        }
        Err(QuotientError::Rules(e)) => rules_failed(e, largest),
        Err(_) => Ok(Attempt::Failed { from: largest }),
    }
}

/// An attempt whose rules failed. They evaluate on the statement's own
/// budget, so a limit there is the statement's, not the attempt's.
fn rules_failed(e: EvalError, from: usize) -> Result<Attempt, EvalError> {
    match e.exceeded() {
        Some(Exceeded::Timeout(_)) => Ok(Attempt::CutShort),
        Some(_) => Err(e),
        None => Ok(Attempt::Failed { from }),
    }
}

/// Keeps what an automatic quotient attempt past `before` heaps gave: the
/// quotient when built (true: the sum can be read from it), else, on a
/// failure from heap n, the quotient of the heaps below n and the failure.
fn keep_attempt(
    s: &mut Solver<'_, '_>,
    inst: InstId,
    before: usize,
    attempt: Attempt,
) -> Result<bool, EvalError> {
    match attempt {
        Attempt::Built(q) => {
            s.cache.heap_game(inst).quotient = Some(Rc::<Quotient>::from(q));
            Ok(true)
        }
        Attempt::Failed { from } => {
            // Recorded after: if the smaller one is interrupted, the next
            // statement tries both again.
            keep_smaller(s, inst, before, from)?;
            s.cache.heap_game(inst).quotient_failed = Some(from);
            Ok(false)
        }
        Attempt::CutShort => Ok(false),
    }
}

/// After an automatic quotient failed at heap `from`: builds and keeps the
/// quotient of the heaps below it (when that is more than the kept one
/// covers), so the search of a sum with larger heaps reads every position
/// whose heaps are all below `from` off it. Dawson's Kayles: the quotient to
/// 31 or 32 in under a second, and `d(40) + d(37) + d(20)` in 3 s, not 200.
fn keep_smaller(
    s: &mut Solver<'_, '_>,
    inst: InstId,
    before: usize,
    from: usize,
) -> Result<(), EvalError> {
    let below = from.saturating_sub(1);
    if below <= before {
        return Ok(());
    }
    if let Attempt::Built(q) = auto_quotient(s, inst, before, below, 1)? {
        s.cache.heap_game(inst).quotient = Some(Rc::<Quotient>::from(q));
    }
    Ok(())
}

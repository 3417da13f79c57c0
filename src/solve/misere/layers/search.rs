//! The search layer: the misère outcome walk and the genus walk
//! ([`crate::solve::misere::walks`]) run on the fastest key a sum has: the
//! heaps of one heap game, the heaps of several heap games interleaved, or
//! else its components. A search may be given a time slice; cut short, it
//! answers `None` and keeps what it finished for the next one.

use crate::budget::{Budget, Exceeded};
use crate::eval::eval_error::EvalError;
use crate::lang::value::GameSum;
use crate::solve::misere::genus::Genus;
use crate::solve::misere::quotient::values::from_labels;
use crate::solve::misere::quotient::Quotient;
use crate::solve::misere::solver::Solver;
use crate::solve::misere::sums::components::Components;
use crate::solve::misere::sums::heap::{small_heaps, GameHeaps};
use crate::solve::misere::sums::heap_options::HeapWalkError;
use crate::solve::misere::sums::heaps::Oracle;
use crate::solve::misere::sums::interleaved::{interleaved_heaps, Interleaved};
use crate::solve::misere::walks::genus::{genus, heap_genus};
use crate::solve::misere::walks::outcome::{heap_next_wins, outcome};
use std::rc::Rc;
use std::time::Duration;

/// True when the player to move wins `sum` in misère play, searched to the
/// end.
pub(crate) fn next_wins(s: &mut Solver<'_, '_>, sum: &GameSum) -> Result<bool, EvalError> {
    let budget = s.games.budget;
    if let Some(walked) = heaps_next_wins(s, sum, budget, budget) {
        if let Some(wins) = settle(walked, s, "misère search")? {
            return Ok(wins);
        }
    }
    components_next_wins(s, sum, budget)
}

/// [`next_wins`] of a sum of heaps given at most `most`: `None` also when
/// the search does not finish in that time or within the positions the
/// statement may keep (what it finished stays in the memo for the next
/// search; it is counted apart, so a quotient tried next is not refused for
/// it), or when `sum` is not a sum of heaps of heap games.
pub(crate) fn heaps_next_wins_within(
    s: &mut Solver<'_, '_>,
    sum: &GameSum,
    most: Duration,
) -> Result<Option<bool>, EvalError> {
    let trial = s.games.budget.trial(most);
    let Some(walked) = heaps_next_wins(s, sum, &trial, &trial) else {
        return Ok(None);
    };
    match settle(walked, s, "misère search") {
        Err(e)
            if matches!(
                e.exceeded(),
                Some(Exceeded::Timeout(_) | Exceeded::Positions(_))
            ) && s.games.budget.check().is_ok() =>
        {
            Ok(None)
        }
        other => other,
    }
}

/// The options of `sum` after which the player to move loses in misère
/// play, each searched.
pub(crate) fn winning(s: &mut Solver<'_, '_>, sum: &GameSum) -> Result<Vec<GameSum>, EvalError> {
    let mut out: Vec<GameSum> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (i, c) in sum.parts.iter().enumerate() {
        for opt in s.component_options(c)?.iter() {
            let result = sum.replaced(i, opt);
            if !next_wins(s, &result)? && seen.insert(result.normalized()) {
                out.push(result);
            }
        }
    }
    Ok(out)
}

/// The search of a sum of heaps of heap games (one game, or several
/// interleaved), its steps counted on `steps` and the positions it keeps on
/// `positions`; `None` when `sum` is not such a sum.
fn heaps_next_wins(
    s: &mut Solver<'_, '_>,
    sum: &GameSum,
    steps: &Budget,
    positions: &Budget,
) -> Option<Result<bool, HeapWalkError<EvalError>>> {
    let span = s.span;
    let Some((inst, heaps)) = small_heaps(&sum.parts) else {
        let (insts, heaps) = interleaved_heaps(&sum.parts)?;
        let each: Vec<Option<Rc<Quotient>>> = insts
            .iter()
            .map(|&i| s.cache.quotient(i).cloned())
            .collect();
        let each: Vec<Option<&Quotient>> = each.iter().map(Option::as_deref).collect();
        let sums = s.cache.interleaved.entry(insts.clone()).or_default();
        let mut rules = Interleaved::new(s.games, insts, span);
        return Some(heap_next_wins(
            sums, &mut rules, &heaps, None, &each, steps, positions,
        ));
    };
    let mut rules = GameHeaps::new(s.games, inst, span).ok()?;
    let quotient = s.cache.quotient(inst).cloned();
    let sums = &mut s.cache.heap_game(inst).sums;
    let q = quotient.as_deref();
    Some(heap_next_wins(
        sums,
        &mut rules,
        &heaps,
        q,
        &[q],
        steps,
        positions,
    ))
}

/// The search of any sum, keyed by its components.
fn components_next_wins(
    s: &mut Solver<'_, '_>,
    sum: &GameSum,
    budget: &Budget,
) -> Result<bool, EvalError> {
    let span = s.span;
    let cache = &mut *s.cache;
    let root = cache
        .components
        .options
        .normalize(s.games, &sum.parts, span)?;
    let mut key = Components {
        games: s.games,
        options: &mut cache.components.options,
        heap_games: &cache.heap_games,
        span,
    };
    outcome(&mut key, &mut cache.components.outcomes, root, budget)?
        .map(|o| o.is_n())
        .ok_or_else(|| EvalError::internal("a finished misère search left no outcome", span))
}

/// The genus of a sum by the genus walk; with `most`, `None` if the walk
/// does not finish within it (what it finished stays in the memo for the
/// next walk).
pub(crate) fn genus_within(
    s: &mut Solver<'_, '_>,
    sum: &GameSum,
    most: Option<Duration>,
) -> Result<Option<Genus>, EvalError> {
    let trial = most.map(|t| s.games.budget.trial(t));
    let budget = s.games.budget;
    let steps: &Budget = trial.as_ref().unwrap_or(budget);
    let walked = match heaps_genus(s, sum, steps) {
        Ok(Some(g)) => Ok(g),
        Ok(None) => components_genus(s, sum, steps),
        Err(e) => Err(e),
    };
    match walked {
        Ok(g) => Ok(Some(g)),
        Err(e)
            if trial.is_some()
                && matches!(e.exceeded(), Some(Exceeded::Timeout(_)))
                && s.games.budget.check().is_ok() =>
        {
            Ok(None)
        }
        Err(e) => Err(e.at_least(s.span)),
    }
}

/// The genus walk over a sum of heaps of heap games (one game, with the
/// value quotient kept for it as an oracle, or several interleaved); `None`
/// for any other sum, or when a game is not a heap game after all (the walk
/// over components then answers).
fn heaps_genus(
    s: &mut Solver<'_, '_>,
    sum: &GameSum,
    steps: &Budget,
) -> Result<Option<Genus>, EvalError> {
    let (span, positions) = (s.span, s.games.budget);
    let walked = match small_heaps(&sum.parts) {
        Some((inst, heaps)) => {
            let Ok(mut rules) = GameHeaps::new(s.games, inst, span) else {
                return Ok(None);
            };
            let largest = heaps.iter().copied().max().map_or(0, usize::from);
            let game = s.cache.heap_game(inst);
            let quotient = game
                .value_quotient
                .clone()
                .filter(|q| q.max_heap() >= largest);
            let values = quotient.as_deref().map(from_labels);
            let oracle = quotient
                .as_deref()
                .zip(values.as_ref())
                .map(|(quotient, values)| Oracle { quotient, values });
            heap_genus(
                &mut game.sums,
                &mut rules,
                &heaps,
                oracle.as_ref(),
                steps,
                positions,
            )
        }
        None => {
            let Some((insts, heaps)) = interleaved_heaps(&sum.parts) else {
                return Ok(None);
            };
            let sums = s.cache.interleaved.entry(insts.clone()).or_default();
            let mut rules = Interleaved::new(s.games, insts, span);
            heap_genus(sums, &mut rules, &heaps, None, steps, positions)
        }
    };
    settle(walked, s, "genus walk")
}

/// The genus walk over any sum, its steps counted on `steps` (its positions
/// on the statement's budget).
fn components_genus(
    s: &mut Solver<'_, '_>,
    sum: &GameSum,
    steps: &Budget,
) -> Result<Genus, EvalError> {
    let span = s.span;
    let cache = &mut *s.cache;
    let root = cache
        .components
        .options
        .normalize(s.games, &sum.parts, span)?;
    let mut key = Components {
        games: s.games,
        options: &mut cache.components.options,
        heap_games: &cache.heap_games,
        span,
    };
    genus(&mut key, &mut cache.components.genera, root, steps)
        .map_err(|e| e.at_least(span))?
        .ok_or_else(|| EvalError::internal("a finished genus walk left no genus", span))
}

/// A walk over heap sums as the statement takes it: `None` when the game
/// turned out not to be a heap game, or to have an option as large as its
/// heap (the walk over components then answers, or reports the loop); budget
/// limits as spanned errors; `what` names the walk in the error for a walk
/// that ended without its answer.
fn settle<T>(
    walked: Result<T, HeapWalkError<EvalError>>,
    s: &Solver<'_, '_>,
    what: &str,
) -> Result<Option<T>, EvalError> {
    match walked {
        Ok(x) => Ok(Some(x)),
        Err(HeapWalkError::Rules(EvalError::NotHeapGame { .. }) | HeapWalkError::IllFounded) => {
            Ok(None)
        }
        Err(HeapWalkError::Rules(e)) => Err(e),
        Err(HeapWalkError::Budget(e)) => Err(s.limit(e)),
        Err(HeapWalkError::Unfinished) => Err(EvalError::internal(
            format!("a finished {what} left no answer"),
            s.span,
        )),
    }
}

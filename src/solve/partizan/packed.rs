//! What the packed-board solvers ([`super::boards`] for placement games,
//! [`super::capture`] for capture games) share: a solver per game instance,
//! trusted only once checked against the general evaluator on every small
//! board, and the search of a sum with one large board.

use super::analysis::{sum_form, PartizanCache};
use super::Form;
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::compiled::Compiled;
use crate::game::Games;
use crate::lang::value::{Component, GameSum, InstId};
use rustc_hash::FxHashMap;

/// Whether a fast path serves an instance.
#[derive(Debug)]
pub(super) enum State<S> {
    /// Being checked against the general evaluator (which then runs alone).
    Checking,
    /// Not a game of its kind, or the check found a difference.
    Refused,
    /// Checked, in use.
    Ready(Box<S>),
}

/// The solvers of the instances met so far.
#[derive(Debug)]
pub struct Checked<S> {
    insts: FxHashMap<InstId, State<S>>,
}

impl<S> Default for Checked<S> {
    fn default() -> Self {
        Checked {
            insts: FxHashMap::default(),
        }
    }
}

impl<S> Checked<S> {
    /// The solver of an instance, once checked.
    pub(super) fn ready(&mut self, inst: InstId) -> Option<&mut S> {
        match self.insts.get_mut(&inst) {
            Some(State::Ready(s)) => Some(s),
            _ => None,
        }
    }
}

/// The checked solver of `inst`, checking it on first use: `rules` reads
/// the game's rules of this kind from its compiled form (`None`: not such a
/// game), and `check` values the small boards both ways. `None` when
/// compiled rules are off, or the instance is refused or being checked.
pub(super) fn solver<'c, S, R>(
    games: &mut Games<'_>,
    cache: &'c mut PartizanCache,
    inst: InstId,
    span: Span,
    field: fn(&mut PartizanCache) -> &mut Checked<S>,
    rules: impl FnOnce(&Compiled) -> Option<R>,
    check: impl FnOnce(
        &mut Games<'_>,
        &mut PartizanCache,
        InstId,
        R,
        Span,
    ) -> Result<State<S>, EvalError>,
) -> Result<Option<&'c mut S>, EvalError> {
    if !games.budget.limits().kernels {
        return Ok(None);
    }
    if !field(cache).insts.contains_key(&inst) {
        let state = match rules(&games.compiled(inst)) {
            None => State::Refused,
            Some(rules) => {
                field(cache).insts.insert(inst, State::Checking);
                match check(games, cache, inst, rules, span) {
                    Ok(state) => state,
                    Err(e) => {
                        field(cache).insts.remove(&inst);
                        return Err(e);
                    }
                }
            }
        };
        field(cache).insts.insert(inst, state);
    }
    Ok(field(cache).ready(inst))
}

/// Reads a component as a board of a packed-board game, when it is one.
pub(super) type ReadBoard<B> =
    fn(&mut Games<'_>, &mut PartizanCache, &Component, Span) -> Result<Option<B>, EvalError>;

/// The one component of `sum` that is a board `board_of` reads and `large`
/// accepts (its index, instance and board), and the form of the others;
/// `None` when there is no such component or more than one.
pub(super) fn one_large<B>(
    games: &mut Games<'_>,
    cache: &mut PartizanCache,
    sum: &GameSum,
    span: Span,
    board_of: ReadBoard<B>,
    large: fn(&B) -> bool,
) -> Result<Option<(InstId, B, Form)>, EvalError> {
    let mut found = None;
    for (i, c) in sum.parts.iter().enumerate() {
        let Some(board) = board_of(games, cache, c, span)? else {
            continue;
        };
        let Component::Pos(inst, _) = c else {
            continue;
        };
        if !large(&board) {
            continue;
        }
        if found.is_some() {
            // Two large boards: their forms (or the general search).
            return Ok(None);
        }
        super::symmetry::check_declared(games, cache, *inst, c, span)?;
        found = Some((i, *inst, board));
    }
    let Some((i, inst, board)) = found else {
        return Ok(None);
    };
    let others = GameSum {
        parts: sum
            .parts
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, c)| c.clone())
            .collect(),
    };
    let rest = sum_form(games, cache, &others, span)?;
    Ok(Some((inst, board, rest)))
}

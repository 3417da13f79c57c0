//! Who wins a placement game on a board whose canonical form is out of reach
//! (Domineering 7×7, 8×8): a boolean negamax over the board and a known
//! remainder. At every node the board splits into parts; parts of at most
//! [`SMALL`] cells are valued exactly by the packed-board solver and their
//! forms added into the remainder `S` (a canonical form, whose own options
//! are moves too), so the search only branches in the large parts, and
//! stops as soon as they are gone: then the outcome of `S` answers. A
//! transposition table keyed by (large cells, S, player to move) holds every
//! node decided, the large cells as their least image under the game's
//! symmetries that keep values and the board's size.
//!
//! The recursion is as deep as the longest play (at most one level per
//! piece placed plus one per move in `S`), not as long as the search.

use super::analysis::{store_error, sum_form, PartizanCache};
use super::boards::{board_of, Board, Fit, Geometry, Permutation, Solver};
use super::{CanonStore, Error, Form, Outcome};
use crate::budget::Budget;
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::Games;
use crate::lang::value::{Component, GameSum};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// Parts of at most this many cells are valued by their canonical forms.
pub const SMALL: u32 = 12;

/// Boards with more free cells than this are searched for their outcome;
/// smaller ones are valued (their canonical form is quick).
pub const SEARCH_FROM: u32 = 24;

/// The outcome of `sum` by search, when exactly one of its components is a
/// placement board larger than [`SEARCH_FROM`] cells (the others are valued
/// and join the remainder); `None` otherwise.
pub fn board_outcome(
    games: &mut Games<'_>,
    cache: &mut PartizanCache,
    sum: &GameSum,
    span: Span,
) -> Result<Option<Outcome>, EvalError> {
    let mut found = None;
    for (i, c) in sum.parts.iter().enumerate() {
        let Some(board) = board_of(games, cache, c, span)? else {
            continue;
        };
        if board.bits.count_ones() <= SEARCH_FROM {
            continue;
        }
        let Component::Pos(inst, _) = c else {
            continue;
        };
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
    let PartizanCache { boards, store, .. } = cache;
    let Some(solver) = boards.solver(inst) else {
        return Ok(None);
    };
    #[cfg(not(target_family = "wasm"))]
    if rest == Form::ZERO {
        let rules = solver.rules().clone();
        return on_two_cores(rules, games.budget, board)
            .map(Some)
            .map_err(|e| store_error(e, span));
    }
    Search::new(solver, store, games.budget, board)
        .outcome(board.bits, rest)
        .map(Some)
        .map_err(|e| store_error(e, span))
}

/// The outcome of a board alone, Left moving first on one thread and Right
/// moving first on another, each with its own solver, store and half of the
/// positions left; the Ctrl-C flag, the deadline and the memory limit are
/// the statement's. Both searches run to their end (or the first limit).
#[cfg(not(target_family = "wasm"))]
fn on_two_cores(
    rules: crate::game::compiled::placement::Placement,
    budget: &Budget,
    board: Board,
) -> Result<Outcome, Error> {
    use crate::budget::Exceeded;
    let sides = [(true, budget.share(2)), (false, budget.share(2))];
    let results: Vec<std::thread::Result<(Result<bool, Error>, usize)>> =
        std::thread::scope(|scope| {
            let handles: Vec<_> =
                sides
                    .into_iter()
                    .map(|(left, share)| {
                        let rules = rules.clone();
                        std::thread::Builder::new()
                            // The store's operations recurse as deep as forms
                            // nest: a stack as large as the main thread's.
                            .stack_size(256 << 20)
                            .spawn_scoped(scope, move || {
                                let budget = Budget::worker(share);
                                let mut solver = Solver::new(Rc::new(rules));
                                let mut store = CanonStore::new();
                                let won = Search::new(&mut solver, &mut store, &budget, board)
                                    .wins(board.bits, Form::ZERO, left);
                                (won, budget.positions())
                            })
                    })
                    .collect();
            handles
                .into_iter()
                .map(|h| match h {
                    Ok(h) => h.join(),
                    // A thread that cannot start: the address space is full.
                    Err(_) => Ok((
                        Err(Error::Exceeded(Exceeded::Memory(
                            budget.limits().max_memory,
                        ))),
                        0,
                    )),
                })
                .collect()
        });
    let mut won = [false; 2];
    for (slot, result) in won.iter_mut().zip(results) {
        let (result, positions) = result.map_err(|_| Error::Exceeded(Exceeded::Interrupted))?;
        budget.add_positions(positions)?;
        *slot = result.map_err(|e| match e {
            // A worker's share ran out: the statement's limit was reached.
            Error::Exceeded(Exceeded::Positions(_)) => {
                Error::Exceeded(Exceeded::Positions(budget.limits().max_positions))
            }
            e => e,
        })?;
    }
    Ok(match won {
        [true, true] => Outcome::N,
        [true, false] => Outcome::L,
        [false, true] => Outcome::R,
        [false, false] => Outcome::P,
    })
}

/// One outcome search: a board's size and pieces, the solver for its small
/// parts, the store, and the decided nodes.
pub struct Search<'a> {
    solver: &'a mut Solver,
    store: &'a mut CanonStore,
    budget: &'a Budget,
    geo: Rc<Geometry>,
    w: u8,
    table: FxHashMap<(u64, Form, bool), bool>,
    /// Move lists, one per level of the search, reused.
    moves: Vec<Vec<(i32, u64)>>,
    /// The symmetries that keep values and the board's size: a node is
    /// stored under the least image of its large cells.
    images: Vec<Rc<Permutation>>,
}

impl<'a> Search<'a> {
    /// A search on boards the size of `board`.
    pub fn new(
        solver: &'a mut Solver,
        store: &'a mut CanonStore,
        budget: &'a Budget,
        board: Board,
    ) -> Search<'a> {
        let geo = solver.geometry(board.h, board.w);
        let images = solver.keeping_images(board.h, board.w);
        Search {
            solver,
            store,
            budget,
            geo,
            w: board.w,
            table: FxHashMap::default(),
            moves: Vec::new(),
            images,
        }
    }

    /// The outcome of the board's free cells `free` plus `rest`.
    pub fn outcome(&mut self, free: u64, rest: Form) -> Result<Outcome, Error> {
        let left = self.wins(free, rest, true)?;
        let right = self.wins(free, rest, false)?;
        Ok(match (left, right) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        })
    }

    /// Moves the small parts of `free` into `rest`: the large cells left, and
    /// the new remainder.
    fn settle(&mut self, free: u64, rest: Form) -> Result<(u64, Form), Error> {
        let geo = self.geo.clone();
        let mut remaining = self.solver.live(&geo, free);
        let mut large = 0u64;
        let mut small = Vec::new();
        while remaining != 0 {
            let part = self.solver.part_of(&geo, remaining);
            remaining &= !part;
            if part.count_ones() <= SMALL {
                small.push(part);
            } else {
                large |= part;
            }
        }
        let mut total = rest;
        for part in small {
            let (board, negated) = self.solver.least(part, self.w);
            let f = self.solver.part(self.store, self.budget, board)?;
            let f = if negated {
                self.store.neg(f, self.budget)?
            } else {
                f
            };
            total = self.store.sum(total, f, self.budget)?;
        }
        Ok((large, total))
    }

    /// The winner by counting moves, when counting settles it and the
    /// remainder is a number x: a player whose moves nobody can take away
    /// (safe moves, plus x's whole moves) outnumber every move the other
    /// can still make wins (Lachmann, Moore and Rapaport's and Bullock's
    /// argument for Domineering, for any pieces). Left to move wins when
    /// Left's safe moves exceed Right's possible ones; Right wins, with Left
    /// to move, when Right's safe moves are at least Left's possible ones.
    /// x ≥ ⌊x⌋ and x ≤ ⌈x⌉ keep the bounds sound for fractions.
    fn counted(&mut self, large: u64, rest: Form, left: bool) -> Option<bool> {
        let x = self.store.as_number(rest)?;
        let (floor, ceil) = (x.floor(), x.ceil()?);
        let geo = self.geo.clone();
        let (safe_l, most_l) = moves_bounds(&geo.left, &geo.right, large);
        let (safe_r, most_r) = moves_bounds(&geo.right, &geo.left, large);
        // Whole moves of the number: Left's when positive, Right's when negative.
        let sure_l = safe_l.checked_add(floor.max(0))?;
        let most_r = most_r.checked_add(floor.checked_neg()?.max(0))?;
        let sure_r = safe_r.checked_add(ceil.checked_neg()?.max(0))?;
        let most_l = most_l.checked_add(ceil.max(0))?;
        let (sure_me, most_them, sure_them, most_me) = if left {
            (sure_l, most_r, sure_r, most_l)
        } else {
            (sure_r, most_l, sure_l, most_r)
        };
        if sure_me > most_them {
            Some(true)
        } else if sure_them >= most_me {
            Some(false)
        } else {
            None
        }
    }

    /// True when the player to move (Left when `left`) wins.
    fn wins(&mut self, free: u64, rest: Form, left: bool) -> Result<bool, Error> {
        self.budget.tick()?;
        let (large, rest) = self.settle(free, rest)?;
        if large == 0 {
            let o = self.store.outcome(rest, self.budget)?;
            return Ok(match o {
                Outcome::N => true,
                Outcome::P => false,
                Outcome::L => left,
                Outcome::R => !left,
            });
        }
        let key = self
            .images
            .iter()
            .fold(large, |k, to| k.min(to.apply(large)));
        if let Some(&w) = self.table.get(&(key, rest, left)) {
            return Ok(w);
        }
        if let Some(w) = self.counted(large, rest, left) {
            return Ok(w);
        }
        // Moves ordered by how many placements they leave the mover against
        // the opponent (the usual Domineering evaluation), best first.
        let geo = self.geo.clone();
        let (mine, theirs) = if left {
            (&geo.left, &geo.right)
        } else {
            (&geo.right, &geo.left)
        };
        let count = |fits: &[Fit], free: u64| -> i32 {
            fits.iter()
                .map(|f| f.available(free).count_ones() as i32)
                .sum()
        };
        let mut moves = self.moves.pop().unwrap_or_default();
        moves.clear();
        for fit in mine {
            let mut a = fit.available(large);
            while a != 0 {
                let at = a.trailing_zeros();
                a &= a - 1;
                let next = large & !(fit.mask << at);
                moves.push((count(mine, next) - count(theirs, next), next));
            }
        }
        moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        let mut win = false;
        let mut result = Ok(());
        for &(_, next) in &moves {
            match self.wins(next, rest, !left) {
                Ok(false) => {
                    win = true;
                    break;
                }
                Ok(true) => {}
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.moves.push(moves);
        result?;
        if !win {
            let options = if left {
                self.store.left_options(rest)?
            } else {
                self.store.right_options(rest)?
            };
            for o in options {
                if !self.wins(large, o, !left)? {
                    win = true;
                    break;
                }
            }
        }
        self.budget.add_positions(1)?;
        self.budget.before_growth(
            self.table.len(),
            self.table.capacity(),
            std::mem::size_of::<((u64, Form, bool), bool)>(),
        )?;
        self.table.insert((key, rest, left), win);
        Ok(win)
    }
}

/// For the player placing `mine` against `theirs` on the free cells `free`:
/// how many moves are safe (disjoint placements on cells no placement of
/// theirs can cover, now or later: cells only fill up), and at most how many
/// moves the player can still make (disjoint placements cover distinct
/// cells: the coverable cells over the smallest piece).
fn moves_bounds(mine: &[Fit], theirs: &[Fit], free: u64) -> (i64, i64) {
    let their_reach = theirs
        .iter()
        .fold(0u64, |m, f| m | f.spread(f.available(free)));
    let mut protected = free & !their_reach;
    let mut safe = 0i64;
    for fit in mine {
        let mut a = fit.available(protected);
        while a != 0 {
            let at = a.trailing_zeros();
            safe += 1;
            protected &= !(fit.mask << at);
            a = fit.available(protected);
        }
    }
    let most = match mine {
        // One straight piece: disjoint placements taken first-come in
        // reading order are as many as fit (intervals of one length).
        [bar] if bar.is_straight() => {
            let mut left = free;
            let mut n = 0i64;
            let mut a = bar.available(left);
            while a != 0 {
                let at = a.trailing_zeros();
                n += 1;
                left &= !(bar.mask << at);
                let above = if at >= 63 { 0 } else { u64::MAX << (at + 1) };
                a = bar.available(left) & above;
            }
            n
        }
        _ => {
            let reach = mine
                .iter()
                .fold(0u64, |m, f| m | f.spread(f.available(free)));
            let smallest = mine
                .iter()
                .map(|f| f.mask.count_ones())
                .min()
                .unwrap_or(1)
                .max(1);
            i64::from(reach.count_ones() / smallest)
        }
    };
    (safe, most)
}

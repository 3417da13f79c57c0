//! Who wins a placement game on a board whose canonical form is out of reach
//! (Domineering 7×7, 8×8): a boolean negamax over the board and a known
//! remainder. At every node the board splits into parts; parts of at most
//! [`SMALL`] cells are valued exactly by the packed-board solver and their
//! forms added into the remainder `S` (a canonical form, whose own options
//! are moves too), so the search only branches in the large parts, and
//! stops as soon as they are gone: then the outcome of `S` answers. A
//! transposition table keyed by (large cells, S, player to move) holds the
//! nodes decided, the large cells as their least image under the game's
//! symmetries that keep values and the board's size; once it fills the
//! room the budget gives it, it keeps the costlier searches
//! ([`super::search_table`]).
//!
//! Before a node is searched, counting may decide it ([`Search::counted`]):
//! moves a player is sure of against moves the other can make at most, with
//! the race for Domineering's protective squares and for slots the other
//! can spoil (after Bullock's evaluation in his Domineering solver, argued
//! here from scratch and checked against a brute force).
//!
//! The recursion is as deep as the longest play (at most one level per
//! piece placed plus one per move in `S`), not as long as the search.

use super::analysis::{store_error, PartizanCache};
use super::boards::{board_of, Board, Fit, Geometry, Permutation, Solver};
use super::search_table::Table;
use super::{CanonStore, Error, Form, Outcome};
use crate::budget::Budget;
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::Games;
use crate::lang::dyadic::Dyadic;
use crate::lang::value::GameSum;
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
    let Some((inst, board, rest)) =
        super::packed::one_large(games, cache, sum, span, board_of, |b| {
            b.bits.count_ones() > SEARCH_FROM
        })?
    else {
        return Ok(None);
    };
    let PartizanCache { boards, store, .. } = cache;
    let Some(solver) = boards.ready(inst).map(|s| &mut s.narrow) else {
        return Ok(None);
    };
    #[cfg(not(target_family = "wasm"))]
    if rest == Form::ZERO && games.budget.limits().threads >= 2 {
        let rules = solver.rules().clone();
        return super::board_split::on_two_cores(rules, games.budget, board)
            .map(Some)
            .map_err(|e| store_error(e, span));
    }
    Search::new(solver, store, games.budget, board)
        .outcome(board.bits, rest)
        .map(Some)
        .map_err(|e| store_error(e, span))
}

/// One outcome search: a board's size and pieces, the solver for its small
/// parts, the store, and the decided nodes.
pub struct Search<'a> {
    solver: &'a mut Solver,
    store: &'a mut CanonStore,
    budget: &'a Budget,
    geo: Rc<Geometry>,
    w: u8,
    /// Domineering's protective squares, when the pieces are its dominoes.
    squares: Option<Squares>,
    /// The race for squares and slots, Left's and Right's.
    race: (Race, Race),
    table: Table,
    /// Nodes searched so far: a node's work is the count its search added.
    nodes: u64,
    /// The small parts of a node, reused.
    small: Vec<u64>,
    /// Parts of at most this many cells are valued ([`SMALL`]; less in
    /// tests, so that the search and its counting do more).
    small_limit: u32,
    /// Move lists, one per level of the search, reused.
    moves: Vec<Vec<(i32, u64)>>,
    /// The symmetries that keep values and the board's size: a node is
    /// stored under the least image of its large cells.
    images: Vec<Rc<Permutation>>,
    /// The remainder at the root when it is a number: then a node whose
    /// remainder is that number plus the forms of parts of the board (no
    /// move made in them yet) is counted over all those cells.
    base: Option<Dyadic>,
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
        let squares = Squares::new(&geo, board.h.into(), board.w.into());
        let spoils = |fits: &[Fit]| {
            fits.iter()
                .map(|f| f.mask.count_ones() as usize)
                .max()
                .unwrap_or(1)
        };
        let race = (Race::new(spoils(&geo.right)), Race::new(spoils(&geo.left)));
        Search {
            solver,
            store,
            budget,
            geo,
            w: board.w,
            squares,
            race,
            table: Table::within(budget),
            nodes: 0,
            moves: Vec::new(),
            small: Vec::new(),
            small_limit: SMALL,
            images,
            base: None,
        }
    }

    /// The outcome of the board's free cells `free` plus `rest`.
    pub fn outcome(&mut self, free: u64, rest: Form) -> Result<Outcome, Error> {
        let left = self.first(free, rest, true)?;
        let right = self.first(free, rest, false)?;
        Ok(match (left, right) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        })
    }

    /// True when the player to move (Left when `left`) wins the board's
    /// free cells `free` plus `rest`.
    pub fn first(&mut self, free: u64, rest: Form, left: bool) -> Result<bool, Error> {
        self.base = self.store.as_number(rest);
        let cells = self.base.map(|_| 0);
        self.wins(free, rest, cells, left)
    }

    /// Moves the small parts of `free` into `rest`: the large cells left, the
    /// new remainder, and the small parts' cells.
    fn settle(&mut self, free: u64, rest: Form) -> Result<(u64, Form, u64), Error> {
        let geo = self.geo.clone();
        let mut remaining = self.solver.live(&geo, free);
        let mut large = 0u64;
        // The parts are all found first: valuing one reuses the solver's
        // scratch that finding them reads.
        let mut small = std::mem::take(&mut self.small);
        small.clear();
        while remaining != 0 {
            let part = self.solver.part_of(&geo, remaining);
            remaining &= !part;
            if part.count_ones() <= self.small_limit {
                small.push(part);
            } else {
                large |= part;
            }
        }
        let mut total = rest;
        let mut cells = 0u64;
        let mut result = Ok(());
        for &part in &small {
            cells |= part;
            let (board, negated) = self.solver.least(part, self.w);
            let f = match self.small_form(board, negated) {
                Ok(f) => f,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            };
            match self.store.sum(total, f, self.budget) {
                Ok(t) => total = t,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.small = small;
        result?;
        Ok((large, total, cells))
    }

    /// The form of a small part, given as its least image.
    fn small_form(&mut self, board: Board, negated: bool) -> Result<Form, Error> {
        let f = self.solver.part(self.store, self.budget, board)?;
        if negated {
            self.store.neg(f, self.budget)
        } else {
            Ok(f)
        }
    }

    /// One player's counts on the cells `free`: the bonus the race for its
    /// protective squares and slots is sure to give it (`first`: moving
    /// first), its safe moves, and the most moves it can make.
    ///
    /// Beside its safe moves (which nobody can take away), the player has
    /// protective squares (Domineering only, [`Squares`]) and *slots*:
    /// disjoint placements of its pieces on the free cells left, which the
    /// opponent can spoil, at most as many with one move as its largest
    /// piece has cells (each cell is in one slot at most); a square's walls
    /// keep the opponent's pieces either wholly in it or out of it, so no
    /// move both enters a square and spoils a slot. Each turn the player
    /// takes a square or fills a slot, and the opponent takes a square or
    /// spoils slots; [`Race`] is that race's worst case for the player.
    fn side(
        &self,
        mine: &[Fit],
        theirs: &[Fit],
        free: u64,
        left: bool,
        first: bool,
    ) -> (i64, i64, i64) {
        let (safe, used, most) = moves_bounds(mine, theirs, free);
        let (squares, walled) = self
            .squares
            .as_ref()
            .map_or((0, 0), |sq| sq.find(free, left));
        // Slots, and which of them are lonely: no placement of the
        // opponent's touches one of them and another slot.
        let mut slots = [0u64; RACE_SLOTS];
        let mut n = 0;
        let mut open = free & !used & !walled;
        'pack: for fit in mine {
            let mut a = fit.available(open);
            while a != 0 {
                let Some(slot) = slots.get_mut(n) else {
                    break 'pack;
                };
                *slot = fit.mask << a.trailing_zeros();
                open &= !*slot;
                n += 1;
                a = fit.available(open);
            }
        }
        let slots = slots.get(..n).unwrap_or_default();
        let all = slots.iter().fold(0, |m, s| m | s);
        let lonely = slots
            .iter()
            .filter(|&&slot| {
                let hits = theirs.iter().fold(0u64, |m, f| {
                    m | f.spread(f.touching(slot) & f.available(free))
                });
                hits & all & !slot == 0
            })
            .count();
        let race = if left { &self.race.0 } else { &self.race.1 };
        (race.bonus(squares, lonely, n - lonely, first), safe, most)
    }

    /// The winner by counting moves, when counting settles it and the
    /// remainder is a number x: a player whose moves nobody can take away
    /// (safe moves, x's whole moves, and what the race for squares and slots
    /// is sure to give, [`Search::side`]) outnumber every move the other can
    /// still make wins (Lachmann, Moore and Rapaport's and Bullock's argument
    /// for Domineering, for any pieces). Left to move wins when Left's sure
    /// moves exceed Right's possible ones; Right wins, with Left to move,
    /// when Right's sure moves are at least Left's possible ones. x ≥ ⌊x⌋
    /// and x ≤ ⌈x⌉ keep the bounds sound for fractions.
    ///
    /// When the remainder is the root's number plus the forms of parts of
    /// the board whose cells are `cells` (no move made in them), those cells
    /// are counted with the large ones and the number is the root's.
    fn counted(&mut self, large: u64, rest: Form, cells: Option<u64>, left: bool) -> Option<bool> {
        let (large, x) = match (cells, self.base) {
            (Some(cells), Some(x)) if cells != 0 => (large | cells, x),
            _ => (large, self.store.as_number(rest)?),
        };
        let (floor, ceil) = (x.floor(), x.ceil()?);
        let geo = self.geo.clone();
        let (bonus_l, safe_l, most_l) = self.side(&geo.left, &geo.right, large, true, left);
        let (bonus_r, safe_r, most_r) = self.side(&geo.right, &geo.left, large, false, !left);
        // Whole moves of the number: Left's when positive, Right's when
        // negative. A player's bonus (squares and slots, below) counts both
        // the moves it adds to that player and those it takes from the other.
        let sure_l = safe_l.checked_add(floor.max(0))?.checked_add(bonus_l)?;
        let most_r = most_r.checked_add(floor.checked_neg()?.max(0))?;
        let sure_r = safe_r
            .checked_add(ceil.checked_neg()?.max(0))?
            .checked_add(bonus_r)?;
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

    /// True when the player to move (Left when `left`) wins. `cells`: the
    /// cells of the parts whose forms `rest` holds beside the root's number,
    /// while no move has been made in them.
    fn wins(
        &mut self,
        free: u64,
        rest: Form,
        cells: Option<u64>,
        left: bool,
    ) -> Result<bool, Error> {
        self.budget.tick()?;
        let start = self.nodes;
        self.nodes += 1;
        let (large, rest, small) = self.settle(free, rest)?;
        let cells = cells.map(|c| c | small);
        if large == 0 {
            let o = self.store.outcome(rest, self.budget)?;
            return Ok(match o {
                Outcome::N => true,
                Outcome::P => false,
                Outcome::L => left,
                Outcome::R => !left,
            });
        }
        // Counting first: it reads no memory, where the table's probe
        // mostly misses the cache.
        if let Some(w) = self.counted(large, rest, cells, left) {
            return Ok(w);
        }
        let key = self
            .images
            .iter()
            .fold(large, |k, to| k.min(to.apply(large)));
        if let Some(w) = self.table.get(key, rest.index(), left) {
            return Ok(w);
        }
        let mut moves = self.moves.pop().unwrap_or_default();
        ordered_moves(&self.geo, left, large, &mut moves);
        let mut win = false;
        let mut result = Ok(());
        for &(_, next) in &moves {
            match self.wins(next, rest, cells, !left) {
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
                if !self.wins(large, o, None, !left)? {
                    win = true;
                    break;
                }
            }
        }
        self.table.put(
            key,
            rest.index(),
            left,
            win,
            self.nodes - start,
            self.budget,
        )?;
        Ok(win)
    }
}

/// Domineering's protective squares (Bullock's protective areas): for the
/// player placing vertical dominoes, a 2 × 2 square of free cells whose
/// neighbours left and right, in both rows, are covered or off the board
/// (for the horizontal player, above and below, in both columns). The other
/// player can place only inside it, one domino a row; whoever enters it
/// first makes two moves there (the entering one, then the other column,
/// which nobody else can take) and the other none. So of k disjoint
/// squares a player is sure of ⌈k/2⌉ moving first and ⌊k/2⌋ moving second
/// (taking one whenever one is left), each worth two moves to that player
/// and two fewer to the other, whose most counts one domino in each of the
/// square's two walled rows. Only for Domineering's two dominoes.
#[derive(Debug, Clone)]
struct Squares {
    w: u32,
    /// Which side places the vertical domino: Left when true.
    left_vertical: bool,
    /// Top-left corners of 2 × 2 squares inside the board.
    corners: u64,
    /// Cells not in the first column.
    not_first: u64,
    /// Cells two or more columns from the last.
    room_right: u64,
}

impl Squares {
    fn new(geo: &Geometry, h: u32, w: u32) -> Option<Squares> {
        let ([l], [r]) = (geo.left.as_slice(), geo.right.as_slice()) else {
            return None;
        };
        if h < 2 || w < 2 {
            return None;
        }
        let vertical = |f: &Fit| f.mask == 1 | 1 << w;
        let horizontal = |f: &Fit| f.mask == 0b11;
        let left_vertical = if vertical(l) && horizontal(r) {
            true
        } else if horizontal(l) && vertical(r) {
            false
        } else {
            return None;
        };
        let (mut corners, mut not_first, mut room_right) = (0u64, 0u64, 0u64);
        for row in 0..h {
            for c in 0..w {
                let bit = 1u64 << (row * w + c);
                if row + 1 < h && c + 1 < w {
                    corners |= bit;
                }
                if c > 0 {
                    not_first |= bit;
                }
                if c + 2 < w {
                    room_right |= bit;
                }
            }
        }
        Some(Squares {
            w,
            left_vertical,
            corners,
            not_first,
            room_right,
        })
    }

    /// How many disjoint protective squares the player (Left when `left`)
    /// has on `free` (taken first come in reading order), and their cells.
    fn find(&self, free: u64, left: bool) -> (i64, u64) {
        let w = self.w;
        let down = |x: u64, n: u32| x.checked_shr(n).unwrap_or(0);
        let up = |x: u64, n: u32| x.checked_shl(n).unwrap_or(0);
        let square = free & down(free, 1) & down(free, w) & down(free, w + 1) & self.corners;
        let open = if left == self.left_vertical {
            // A free cell just left (row r or r + 1) or two right of the corner.
            let side = (up(free, 1) & self.not_first) | (down(free, 2) & self.room_right);
            side | down(side, w)
        } else {
            // A free cell just above (column c or c + 1) or two below.
            let side = up(free, w) | down(free, 2 * w);
            side | down(side, 1)
        };
        let mut candidates = square & !open;
        let (mut used, mut n) = (0u64, 0i64);
        while candidates != 0 {
            let at = candidates.trailing_zeros();
            candidates &= candidates - 1;
            let cells = up(0b11 | 0b11 << w, at);
            if cells & used == 0 {
                used |= cells;
                n += 1;
            }
        }
        (n, used)
    }
}

/// The moves of the player (Left when `left`) on the free cells `free`, as
/// the cells each leaves, ordered by how many placements they leave the
/// mover against the opponent (the usual Domineering evaluation), best
/// first, with that score.
pub(super) fn ordered_moves(geo: &Geometry, left: bool, free: u64, moves: &mut Vec<(i32, u64)>) {
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
    moves.clear();
    for fit in mine {
        let mut a = fit.available(free);
        while a != 0 {
            let at = a.trailing_zeros();
            a &= a - 1;
            let next = free & !(fit.mask << at);
            moves.push((count(mine, next) - count(theirs, next), next));
        }
    }
    moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
}

/// Disjoint placements of `pieces` on `cells`, taken first come in reading
/// order: how many, and the cells they leave.
fn packing(pieces: &[Fit], cells: u64) -> (i64, u64) {
    let mut left = cells;
    let mut n = 0i64;
    for fit in pieces {
        let mut a = fit.available(left);
        while a != 0 {
            let at = a.trailing_zeros();
            n += 1;
            left &= !(fit.mask << at);
            a = fit.available(left);
        }
    }
    (n, left)
}

/// For the player placing `mine` against `theirs` on the free cells `free`:
/// how many moves are safe (disjoint placements on cells no placement of
/// theirs can cover, now or later: cells only fill up), the cells those
/// placements cover, and at most how many moves the player can still make (disjoint placements cover distinct
/// cells: the coverable cells over the smallest piece).
fn moves_bounds(mine: &[Fit], theirs: &[Fit], free: u64) -> (i64, u64, i64) {
    let their_reach = theirs
        .iter()
        .fold(0u64, |m, f| m | f.spread(f.available(free)));
    let protected = free & !their_reach;
    let safe = packing(mine, protected);
    let used = protected & !safe.1;
    let safe = safe.0;
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
    (safe, used, most)
}

/// The race for protective squares and slots ([`Search::side`]), solved
/// once for every count: the least the player is sure of, counting 4 for a
/// square it takes (two moves it makes, two the opponent's most loses) and
/// 1 for a slot it fills, whatever the opponent does. Each turn the player
/// takes a square or fills a slot; the opponent takes a square, spoils one
/// lonely slot (a placement that touches it touches no other slot), or
/// spoils up to `spoils` other slots. Spoiling more is never worse for the
/// opponent, nor is taking something rather than passing, so neither side
/// passes while something is left.
#[derive(Debug, Clone)]
struct Race {
    /// `[squares][lonely slots][other slots]`: (the player moving first,
    /// the opponent first).
    table: Vec<(i64, i64)>,
}

/// The most squares and slots the race table holds; more count as this
/// many (which only lowers the bonus).
const RACE_SQUARES: usize = 16;
const RACE_SLOTS: usize = 32;

impl Race {
    fn at(&self, q: usize, k1: usize, k2: usize) -> (i64, i64) {
        let i = (q * (RACE_SLOTS + 1) + k1) * (RACE_SLOTS + 1) + k2;
        self.table.get(i).copied().unwrap_or((0, 0))
    }

    fn new(spoils: usize) -> Race {
        let spoils = spoils.max(1);
        let n = RACE_SLOTS + 1;
        let mut race = Race {
            table: vec![(0, 0); (RACE_SQUARES + 1) * n * n],
        };
        for q in 0..=RACE_SQUARES {
            for k1 in 0..=RACE_SLOTS {
                for k2 in 0..=RACE_SLOTS {
                    let (q1, l1, o1) = (
                        q.saturating_sub(1),
                        k1.saturating_sub(1),
                        k2.saturating_sub(1),
                    );
                    // The player to move: the best of a square and a slot.
                    let mine = [
                        (q > 0).then(|| 4 + race.at(q1, k1, k2).1),
                        (k1 > 0).then(|| 1 + race.at(q, l1, k2).1),
                        (k2 > 0).then(|| 1 + race.at(q, k1, o1).1),
                    ]
                    .into_iter()
                    .flatten()
                    .max()
                    .unwrap_or(0);
                    // The opponent to move: the worst for the player.
                    let theirs = [
                        (q > 0).then(|| race.at(q1, k1, k2).0),
                        (k1 > 0).then(|| race.at(q, l1, k2).0),
                        (k2 > 0).then(|| race.at(q, k1, k2.saturating_sub(spoils)).0),
                    ]
                    .into_iter()
                    .flatten()
                    .min()
                    .unwrap_or(0);
                    let i = (q * n + k1) * n + k2;
                    if let Some(cell) = race.table.get_mut(i) {
                        *cell = (mine, theirs);
                    }
                }
            }
        }
        race
    }

    /// What the player is sure of with `squares` squares, `lonely` lonely
    /// slots and `other` other slots.
    fn bonus(&self, squares: i64, lonely: usize, other: usize, first: bool) -> i64 {
        let q = usize::try_from(squares).unwrap_or(0).min(RACE_SQUARES);
        let (mine, theirs) = self.at(q, lonely.min(RACE_SLOTS), other.min(RACE_SLOTS));
        if first {
            mine
        } else {
            theirs
        }
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::budget::Limits;
    use crate::game::compiled::placement::Placement;
    use std::collections::HashMap;

    fn domineering() -> Placement {
        Placement::domineering()
    }

    /// Domineering by brute force, written here: whether the player to move
    /// (Left, vertical, when `left`) wins the free cells of an h × w board
    /// plus the integer `n` (Left's |n| moves when positive, Right's when
    /// negative).
    fn brute(
        h: u64,
        w: u64,
        free: u64,
        n: i64,
        left: bool,
        memo: &mut HashMap<(u64, i64, bool), bool>,
    ) -> bool {
        if let Some(&x) = memo.get(&(free, n, left)) {
            return x;
        }
        let mut win = false;
        if left && n > 0 || !left && n < 0 {
            let n = if left { n - 1 } else { n + 1 };
            win = !brute(h, w, free, n, !left, memo);
        }
        for r in 0..h {
            for c in 0..w {
                if win {
                    break;
                }
                let (dr, dc) = if left { (1, 0) } else { (0, 1) };
                if r + dr >= h || c + dc >= w {
                    continue;
                }
                let cells = 1u64 << (r * w + c) | 1u64 << ((r + dr) * w + c + dc);
                if free & cells == cells {
                    win = !brute(h, w, free & !cells, n, !left, memo);
                }
            }
        }
        memo.insert((free, n, left), win);
        win
    }

    /// The search (its counting bounds, squares and slots included)
    /// against the brute force, on three thousand random boards with covered
    /// squares, alone and beside integers, both players moving first.
    #[test]
    fn the_search_agrees_with_brute_force() {
        let rules = domineering();
        let budget = Budget::new(Limits::default());
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut squares_seen = 0;
        for round in 0..3000 {
            let (h, w): (u64, u64) = [(4, 5), (5, 4), (4, 6), (6, 4), (3, 7), (5, 5)][round % 6];
            let all = (1u64 << (h * w)) - 1;
            let free = if round % 2 == 0 {
                // About one square in four covered.
                all & (next() | next())
            } else {
                // Blocks of 2 × 2 and a few single squares on a covered
                // board: protective squares, and squares that leak.
                let mut free = 0u64;
                for _ in 0..2 + next() % 4 {
                    let (r, c) = (next() % (h - 1), next() % (w - 1));
                    free |= (0b11 | 0b11 << w) << (r * w + c);
                }
                for _ in 0..next() % 6 {
                    free |= 1 << (next() % (h * w));
                }
                free & all
            };
            let n = [0, 0, 1, -1, 2, -2][(next() % 6) as usize];
            let mut solver = Solver::new(Rc::new(rules.clone()));
            let mut store = CanonStore::new();
            let board = Board::new(h as usize, w as usize, free).unwrap();
            let mut search = Search::new(&mut solver, &mut store, &budget, board);
            // Valuing only the smallest parts, the search decides the rest.
            search.small_limit = [2, 4, SMALL][round % 3];
            if let Some(sq) = &search.squares {
                squares_seen += sq.find(free, true).0 + sq.find(free, false).0;
            }
            let mut memo = HashMap::new();
            for left in [true, false] {
                let rest = search.store.integer(n);
                let got = search.first(free, rest, left).unwrap();
                let want = brute(h, w, free, n, left, &mut memo);
                assert_eq!(got, want, "{h}×{w} {free:#x} + {n}, Left first: {left}");
            }
        }
        // The boards are random; make sure the squares were exercised.
        assert!(squares_seen > 50, "{squares_seen}");
    }

    /// Protective squares read off pictures by their definition: a 2 × 2
    /// of free cells walled across the other player's dominoes, in both
    /// rows (vertical player) or both columns (horizontal player).
    #[test]
    fn protective_squares_by_their_definition() {
        let rules = domineering();
        let mut solver = Solver::new(Rc::new(rules));
        let picture = |rows: &[&str]| {
            let w = rows[0].len();
            let bits = rows
                .iter()
                .flat_map(|r| r.chars())
                .enumerate()
                .filter(|(_, ch)| *ch == '.')
                .fold(0u64, |b, (i, _)| b | 1 << i);
            Board::new(rows.len(), w, bits).unwrap()
        };
        // (board, Left's squares (vertical), Right's squares (horizontal)).
        let cases: [(&[&str], i64, i64); 8] = [
            // Walled left and right: Left's; open below: not Right's.
            (&["#..#", "#..#", "....", "...."], 1, 0),
            // Open on the right in the top row: not Left's (but Right's:
            // the edge above, covered below).
            (&["#...", "#..#", "####"], 0, 1),
            // Open on the left in the second row: likewise.
            (&["#..#", "...#", "####"], 0, 1),
            // The board's edges are walls: the whole 2 × 2 board is both.
            (&["..", ".."], 1, 1),
            // Walled above and below: Right's; open left and right.
            (&[".##.", "....", "....", ".##."], 0, 1),
            // Open below in the second column: nobody's.
            (&[".##.", "....", "....", ".#.."], 0, 0),
            // Open above in the first column: nobody's.
            (&["..#.", "....", "....", ".##."], 0, 0),
            // Two disjoint squares side by side, sharing no wall: 2 × 4 of
            // free cells holds two of Right's (walls above and below)
            // and none of Left's (no walls between them).
            (&["....", "...."], 0, 2),
        ];
        for (rows, l, r) in cases {
            let board = picture(rows);
            let geo = solver.geometry(board.h, board.w);
            let sq = Squares::new(&geo, board.h.into(), board.w.into()).unwrap();
            assert_eq!(
                (sq.find(board.bits, true).0, sq.find(board.bits, false).0),
                (l, r),
                "{rows:?}"
            );
        }
    }
}

//! Who wins a capture game (Clobber) on a board whose canonical form is out
//! of reach (the 2 × n checkerboards past a dozen columns): a boolean
//! negamax over the board and a known remainder, as for placement boards
//! ([`super::board_search`]). At every node the board splits into its groups
//! of stones; groups of at most [`SMALL`] stones are valued exactly by the
//! capture solver and their forms join the remainder `S`, so the search
//! branches only in the large groups and stops when they are gone: then the
//! outcome of `S` answers.
//!
//! `S` is kept as a multiset of canonical forms ([`Remainders`]), not as
//! their canonical sum: a Clobber group's form is a large infinitesimal, and
//! summing forms canonically took most of the search's time. A form and its
//! negative cancel, and numbers and nimbers join into one. Moves in `S` are
//! moves in one of its forms; with no large group left, a remainder of one
//! form answers by that form's outcome, and one of several is searched move
//! by move like the board (cheaper, again, than their canonical sum).
//!
//! A transposition table keyed by (large groups' stones, S's id, player to
//! move) holds the nodes decided, the stones as their least image under the
//! symmetries that keep values and the board's size
//! ([`super::search_table`]). Each move's node is settled and looked up
//! before any is searched (an enhanced transposition cutoff), and moves are
//! tried fewest replies first (the opponent's captures after the move), ties
//! broken by the history heuristic (the moves that won most, weighted by the
//! stones left where they won).
//! A board that a colour-swapping symmetry maps onto itself (every
//! checkerboard with an even side) is its own negative, so only the first
//! player's side is searched.
//!
//! The recursion is as deep as the longest play (one level per stone
//! captured, plus one per move in `S`), not as long as the search.

use super::analysis::{store_error, PartizanCache};
use super::boards::Permutation;
use super::capture::{stones_of, Geometry, Solver, Stones};
use super::search_table::Table;
use super::{CanonStore, Error, Form, Outcome};
use crate::budget::Budget;
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::Games;
use crate::lang::value::GameSum;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// Groups of at most this many stones are valued exactly, never searched.
pub const SMALL: u32 = 10;

/// Boards of more stones than this are searched for `outcome`; smaller ones
/// are valued by their forms.
pub const SEARCH_FROM: u32 = 16;

/// The outcome of `sum` by search, when exactly one of its components is a
/// capture board of more than [`SEARCH_FROM`] stones (the others are valued
/// and join the remainder); `None` otherwise.
pub fn capture_outcome(
    games: &mut Games<'_>,
    cache: &mut PartizanCache,
    sum: &GameSum,
    span: Span,
) -> Result<Option<Outcome>, EvalError> {
    let Some((inst, board, rest)) =
        super::packed::one_large(games, cache, sum, span, stones_of, |b| {
            (b.x | b.o).count_ones() > SEARCH_FROM
        })?
    else {
        return Ok(None);
    };
    let PartizanCache {
        captures, store, ..
    } = cache;
    let Some(solver) = captures.ready(inst) else {
        return Ok(None);
    };
    Search::new(solver, store, games.budget, board)
        .outcome(board, rest)
        .map(Some)
        .map_err(|e| store_error(e, span))
}

/// The remainders met in one search: multisets of canonical forms, each
/// interned once (sorted, with no 0, no form beside its negative, and at
/// most one number or nimber-plus-number), with its sum and outcome once
/// asked.
#[derive(Default)]
pub(super) struct Remainders {
    ids: FxHashMap<Box<[Form]>, u32>,
    sets: Vec<Box<[Form]>>,
    outcomes: Vec<Option<Outcome>>,
    /// Scratch for the multiset being built.
    scratch: Vec<Form>,
}

impl Remainders {
    /// The id of the multiset in `self.scratch` (sorted).
    fn intern(&mut self, budget: &Budget) -> Result<u32, Error> {
        if let Some(&id) = self.ids.get(self.scratch.as_slice()) {
            return Ok(id);
        }
        let id = u32::try_from(self.sets.len()).map_err(|_| Error::Overflow)?;
        budget.before_growth(
            self.ids.len(),
            self.ids.capacity(),
            std::mem::size_of::<(Box<[Form]>, u32)>()
                + 2 * std::mem::size_of::<Form>() * self.scratch.len(),
        )?;
        let set: Box<[Form]> = self.scratch.as_slice().into();
        self.ids.insert(set.clone(), id);
        self.sets.push(set);
        self.outcomes.push(None);
        Ok(id)
    }

    /// Adds `f` to the multiset in `self.scratch`: a negative there cancels
    /// it, and numbers and nimbers join the one such form there.
    fn add(&mut self, store: &mut CanonStore, budget: &Budget, f: Form) -> Result<(), Error> {
        if f == Form::ZERO {
            return Ok(());
        }
        if store.as_nus(f).is_some() {
            if let Some(i) = self.scratch.iter().position(|&g| store.as_nus(g).is_some()) {
                let g = self.scratch.remove(i);
                let s = store.sum(f, g, budget)?;
                if s != Form::ZERO {
                    let at = self.scratch.partition_point(|&h| h < s);
                    self.scratch.insert(at, s);
                }
                return Ok(());
            }
        }
        let neg = store.neg(f, budget)?;
        if let Ok(i) = self.scratch.binary_search(&neg) {
            self.scratch.remove(i);
            return Ok(());
        }
        let at = self.scratch.partition_point(|&h| h < f);
        self.scratch.insert(at, f);
        Ok(())
    }

    /// Starts building from multiset `id`.
    fn start(&mut self, id: u32) {
        self.scratch.clear();
        if let Some(set) = self.sets.get(id as usize) {
            self.scratch.extend_from_slice(set);
        }
    }

    /// The forms of multiset `id`.
    fn forms(&self, id: u32) -> &[Form] {
        self.sets.get(id as usize).map_or(&[], |s| s)
    }

    /// The outcome of multiset `id`'s sum (the search asks it only of
    /// multisets of at most one form).
    fn outcome(
        &mut self,
        store: &mut CanonStore,
        budget: &Budget,
        id: u32,
    ) -> Result<Outcome, Error> {
        if let Some(Some(o)) = self.outcomes.get(id as usize) {
            return Ok(*o);
        }
        let mut total = Form::ZERO;
        for &f in self.forms(id) {
            total = store.sum(total, f, budget)?;
        }
        let o = store.outcome(total, budget)?;
        if let Some(slot) = self.outcomes.get_mut(id as usize) {
            *slot = Some(o);
        }
        Ok(o)
    }
}

/// The symmetries of `geo`'s boards (h × w) that keep its size and swap
/// the colours (negate) or not.
fn same_size(geo: &Geometry, h: u8, w: u8, swaps: bool) -> Vec<Rc<Permutation>> {
    geo.images
        .iter()
        .filter(|(ih, iw, _, s)| (*ih, *iw) == (h, w) && *s == swaps)
        .map(|(_, _, to, _)| to.clone())
        .collect()
}

/// The least image of the stones `x`, `o` under `images`, as one key.
fn least(images: &[Rc<Permutation>], x: u64, o: u64) -> u128 {
    let pack = |x: u64, o: u64| u128::from(o) << 64 | u128::from(x);
    images
        .iter()
        .fold(pack(x, o), |k, to| k.min(pack(to.apply(x), to.apply(o))))
}

/// The index of a capture: its side, its stone's cell and its direction.
const MOVES: usize = 2 * 64 * 4;

/// Calls `f` with the board (Left's stones, Right's) each capture of the
/// mover (Left when `left`, in directions `dirs`) leaves, and the
/// capture's index (below [`MOVES`]), until `f` says to stop (then true).
fn each_capture(
    geo: &Geometry,
    dirs: u8,
    x: u64,
    o: u64,
    left: bool,
    mut f: impl FnMut(u64, u64, usize) -> Result<bool, Error>,
) -> Result<bool, Error> {
    let (mine, theirs) = if left { (x, o) } else { (o, x) };
    for dir in (0..4).filter(|d| dirs >> d & 1 == 1) {
        let mut from = geo.sources(dir, mine, theirs);
        while from != 0 {
            let s = from & from.wrapping_neg();
            from &= from - 1;
            let t = geo.step(dir, s);
            let (m, th) = (mine & !s | t, theirs & !t);
            let (nx, no) = if left { (m, th) } else { (th, m) };
            let side = if left { 256 } else { 0 };
            if f(nx, no, side + s.trailing_zeros() as usize * 4 + dir)? {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// The captures of a side (Left when `left`, in directions `dirs`) on `x`
/// and `o`: how many replies a move leaves the other.
fn replies(geo: &Geometry, dirs: u8, x: u64, o: u64, left: bool) -> i32 {
    let (m, t) = if left { (x, o) } else { (o, x) };
    (0..4)
        .filter(|d| dirs >> d & 1 == 1)
        .map(|d| geo.sources(d, m, t).count_ones() as i32)
        .sum()
}

/// One outcome search on boards of one size.
pub struct Search<'a> {
    solver: &'a mut Solver,
    store: &'a mut CanonStore,
    budget: &'a Budget,
    geo: Rc<Geometry>,
    w: u8,
    table: Table<u128>,
    rests: Remainders,
    /// The forms of the small groups met, where they stand on the board.
    groups: FxHashMap<(u64, u64), Form>,
    /// Nodes searched so far: a node's work is the count its search added.
    nodes: u64,
    /// Groups of at most this many stones are valued ([`SMALL`]; less in
    /// tests, so that the search does more).
    small_limit: u32,
    /// Move lists, one per level of the search, reused.
    moves: Vec<Vec<Child>>,
    /// The symmetries that keep values and the board's size.
    images: Vec<Rc<Permutation>>,
    /// The symmetries that negate values and keep the board's size.
    negating: Vec<Rc<Permutation>>,
    /// The history heuristic: by move ([`each_capture`]'s index), the
    /// squared stones left at each node it won, to order moves with equal
    /// replies.
    history: Vec<u64>,
}

impl<'a> Search<'a> {
    /// A search on boards the size of `board`.
    pub fn new(
        solver: &'a mut Solver,
        store: &'a mut CanonStore,
        budget: &'a Budget,
        board: Stones,
    ) -> Search<'a> {
        let geo = solver.geometry(board.h, board.w);
        let images = same_size(&geo, board.h, board.w, false);
        let negating = same_size(&geo, board.h, board.w, true);
        Search {
            solver,
            store,
            budget,
            geo,
            w: board.w,
            table: Table::within(budget),
            rests: Remainders::default(),
            groups: FxHashMap::default(),
            nodes: 0,
            small_limit: SMALL,
            moves: Vec::new(),
            images,
            negating,
            history: vec![0; MOVES],
        }
    }

    /// The outcome of the board plus `rest`.
    pub fn outcome(&mut self, board: Stones, rest: Form) -> Result<Outcome, Error> {
        let left = self.first(board, rest, true)?;
        // A board its own negative (with nothing beside it): Right moving
        // first fares as Left does.
        let mirrored = rest == Form::ZERO
            && self
                .negating
                .iter()
                .any(|to| (to.apply(board.o), to.apply(board.x)) == (board.x, board.o));
        let right = if mirrored {
            left
        } else {
            self.first(board, rest, false)?
        };
        Ok(match (left, right) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        })
    }

    /// True when the player to move (Left when `left`) wins the board plus
    /// `rest`.
    pub fn first(&mut self, board: Stones, rest: Form, left: bool) -> Result<bool, Error> {
        self.rests.scratch.clear();
        self.rests.add(self.store, self.budget, rest)?;
        let rest = self.rests.intern(self.budget)?;
        self.wins(board.x, board.o, rest, left)
    }

    /// Moves the small groups of the board into remainder `rest`: the large
    /// groups' stones left (Left's, Right's) and the new remainder.
    fn settle(&mut self, x: u64, o: u64, rest: u32) -> Result<(u64, u64, u32), Error> {
        let geo = self.geo.clone();
        let stones = x | o;
        let mut remaining = stones;
        let (mut lx, mut lo) = (0u64, 0u64);
        let mut started = false;
        while remaining != 0 {
            let part = geo.group(remaining & remaining.wrapping_neg(), stones);
            remaining &= !part;
            let (px, po) = (x & part, o & part);
            if !self.solver.live(&geo, px, po) {
                continue;
            }
            if part.count_ones() <= self.small_limit {
                let f = self.small_form(px, po)?;
                if !started {
                    self.rests.start(rest);
                    started = true;
                }
                self.rests.add(self.store, self.budget, f)?;
            } else {
                lx |= px;
                lo |= po;
            }
        }
        let rest = if started {
            self.rests.intern(self.budget)?
        } else {
            rest
        };
        Ok((lx, lo, rest))
    }

    /// The form of a small group where it stands on the board.
    fn small_form(&mut self, x: u64, o: u64) -> Result<Form, Error> {
        if let Some(&f) = self.groups.get(&(x, o)) {
            return Ok(f);
        }
        let (board, negated) = self.solver.least(x, o, self.w);
        let f = self.solver.part(self.store, self.budget, board)?;
        let f = if negated {
            self.store.neg(f, self.budget)?
        } else {
            f
        };
        self.budget.before_growth(
            self.groups.len(),
            self.groups.capacity(),
            std::mem::size_of::<((u64, u64), Form)>(),
        )?;
        self.groups.insert((x, o), f);
        Ok(f)
    }

    /// True when the player to move (Left when `left`) wins the board's
    /// stones `x`, `o` plus remainder `rest`.
    fn wins(&mut self, x: u64, o: u64, rest: u32, left: bool) -> Result<bool, Error> {
        let (x, o, rest) = self.settle(x, o, rest)?;
        match self.known(x, o, rest, left)? {
            Known::Decided(w) => Ok(w),
            Known::Key(key) => self.decide(x, o, rest, key, left),
        }
    }

    /// A settled node decided without search (no large group left, or held
    /// by the table), or its key.
    fn known(&mut self, x: u64, o: u64, rest: u32, left: bool) -> Result<Known, Error> {
        // With no large group left, a remainder of one form is decided by
        // its outcome; a sum of several is searched like the board (their
        // canonical sum costs more than the search).
        if x | o == 0 && self.rests.forms(rest).len() <= 1 {
            let outcome = self.rests.outcome(self.store, self.budget, rest)?;
            return Ok(Known::Decided(match outcome {
                Outcome::N => true,
                Outcome::P => false,
                Outcome::L => left,
                Outcome::R => !left,
            }));
        }
        let key = least(&self.images, x, o);
        Ok(match self.table.get(key, rest, left) {
            Some(w) => Known::Decided(w),
            None => Known::Key(key),
        })
    }

    /// True when the player to move wins the settled node (large groups'
    /// stones `x`, `o`, remainder `rest`) stored under `key`. Each move's
    /// node is settled and looked up first: a move to a node the table
    /// holds as lost for the opponent wins at once, one held as won for it
    /// is dropped, and the rest are searched, fewest replies first; then
    /// the moves in the remainder.
    fn decide(&mut self, x: u64, o: u64, rest: u32, key: u128, left: bool) -> Result<bool, Error> {
        self.budget.tick()?;
        let start = self.nodes;
        self.nodes += 1;
        let mut moves = self.moves.pop().unwrap_or_default();
        moves.clear();
        let result = match self.children(x, o, rest, left, &mut moves) {
            Ok(true) => Ok(true),
            Ok(false) => self.search_children(&moves, left),
            Err(e) => Err(e),
        };
        self.moves.push(moves);
        let mut win = result?;
        if !win {
            win = self.wins_in_rest(x, o, rest, left)?;
        }
        self.table
            .put(key, rest, left, win, self.nodes - start, self.budget)?;
        Ok(win)
    }

    /// True when a move in one form of the remainder wins.
    fn wins_in_rest(&mut self, x: u64, o: u64, rest: u32, left: bool) -> Result<bool, Error> {
        let n = self.rests.forms(rest).len();
        for i in 0..n {
            let forms = self.rests.forms(rest);
            let Some(&f) = forms.get(i) else {
                break;
            };
            if i > 0 && forms.get(i - 1) == Some(&f) {
                continue;
            }
            let options = if left {
                self.store.left_options(f)?
            } else {
                self.store.right_options(f)?
            };
            for g in options {
                self.budget.tick()?;
                self.rests.start(rest);
                self.rests.scratch.remove(i);
                self.rests.add(self.store, self.budget, g)?;
                let next = self.rests.intern(self.budget)?;
                if !self.wins(x, o, next, !left)? {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Lists the mover's moves in the large groups as settled nodes still
    /// to search, fewest replies first; true when one is already known to
    /// win.
    fn children(
        &mut self,
        x: u64,
        o: u64,
        rest: u32,
        left: bool,
        moves: &mut Vec<Child>,
    ) -> Result<bool, Error> {
        let geo = self.geo.clone();
        let (dirs, their_dirs) = (self.solver.moves(left), self.solver.moves(!left));
        let won = each_capture(&geo, dirs, x, o, left, |nx, no, mv| {
            // Settling a child is a node's worth of work: each one ticks.
            self.budget.tick()?;
            let replies = replies(&geo, their_dirs, nx, no, !left);
            let (cx, co, crest) = self.settle(nx, no, rest)?;
            Ok(match self.known(cx, co, crest, !left)? {
                Known::Decided(false) => true,
                Known::Decided(true) => false,
                Known::Key(key) => {
                    let h = self.history.get(mv).copied().unwrap_or(0);
                    moves.push(Child {
                        mv,
                        history: h,
                        replies,
                        x: cx,
                        o: co,
                        rest: crest,
                        key,
                    });
                    false
                }
            })
        })?;
        if won {
            return Ok(true);
        }
        moves.sort_unstable_by_key(|m| (m.replies, std::cmp::Reverse(m.history)));
        Ok(false)
    }

    /// True when one of `moves` wins for the mover.
    fn search_children(&mut self, moves: &[Child], left: bool) -> Result<bool, Error> {
        for c in moves {
            if !self.decide(c.x, c.o, c.rest, c.key, !left)? {
                let d = u64::from((c.x | c.o).count_ones());
                if let Some(h) = self.history.get_mut(c.mv) {
                    *h += d * d;
                }
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// A node settled: decided, or to search under its key.
enum Known {
    Decided(bool),
    Key(u128),
}

/// A move to search: its index, its history score, the opponent's replies
/// to it, and its settled node.
#[derive(Debug, Clone, Copy)]
struct Child {
    mv: usize,
    history: u64,
    replies: i32,
    x: u64,
    o: u64,
    rest: u32,
    key: u128,
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::budget::Limits;
    use crate::game::compiled::capture::Capture;
    use std::collections::HashMap;

    /// Clobber by brute force, written here from the rules: whether the
    /// player to move (Left when `left`) wins the h × w board of Left's
    /// stones `x` and Right's `o`, plus `*` when `star`.
    fn brute(
        h: i64,
        w: i64,
        x: u64,
        o: u64,
        star: bool,
        left: bool,
        memo: &mut HashMap<(u64, u64, bool, bool), bool>,
    ) -> bool {
        if let Some(&v) = memo.get(&(x, o, star, left)) {
            return v;
        }
        let (mine, theirs) = if left { (x, o) } else { (o, x) };
        let mut win = star && !brute(h, w, x, o, false, !left, memo);
        'all: for r in 0..h {
            for c in 0..w {
                let from = 1u64 << (r * w + c);
                if mine & from == 0 {
                    continue;
                }
                for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                    let (tr, tc) = (r + dr, c + dc);
                    if win {
                        break 'all;
                    }
                    if tr < 0 || tr >= h || tc < 0 || tc >= w {
                        continue;
                    }
                    let to = 1u64 << (tr * w + tc);
                    if theirs & to == 0 {
                        continue;
                    }
                    let (m, t) = (mine & !from | to, theirs & !to);
                    let (nx, no) = if left { (m, t) } else { (t, m) };
                    win = !brute(h, w, nx, no, star, !left, memo);
                }
            }
        }
        memo.insert((x, o, star, left), win);
        win
    }

    /// The search against the brute force on random boards (some of them
    /// checkerboards), alone and beside `*`, both players moving first,
    /// valuing only the smallest groups so that the search decides most.
    #[test]
    fn the_search_agrees_with_brute_force() {
        let rules = Rc::new(Capture::clobber());
        let budget = Budget::new(Limits::default());
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..600 {
            let (mut h, mut w): (u64, u64) =
                [(2, 6), (3, 4), (4, 4), (1, 12), (3, 5), (4, 3)][round % 6];
            let all = (1u64 << (h * w)) - 1;
            let (x, o) = if round % 5 == 1 {
                // One row of short groups, often equal or each other's
                // negatives, beside a longer one.
                let pieces = ["xxo", "oox", "xoxxo", "oxoox", "xxoxoo", "xxox", "xoxoxo"];
                let mut row = String::new();
                while row.len() < 16 {
                    row.push_str(pieces[(next() % 7) as usize]);
                    row.push('.');
                }
                (h, w) = (1, row.len() as u64);
                let bits = |ch: char| {
                    row.chars()
                        .enumerate()
                        .filter(|&(_, c)| c == ch)
                        .fold(0u64, |b, (i, _)| b | 1 << i)
                };
                (bits('x'), bits('o'))
            } else if round % 5 == 0 {
                // A checkerboard with a few stones taken off.
                let mut x = 0u64;
                for r in 0..h {
                    for c in 0..w {
                        if (r + c) % 2 == 0 {
                            x |= 1 << (r * w + c);
                        }
                    }
                }
                let gone = next() & next() & next();
                (x & !gone & all, !x & !gone & all)
            } else {
                let stones = all & (next() | next());
                let colour = next();
                (stones & colour, stones & !colour)
            };
            let mut solver = Solver::new(rules.clone());
            let mut store = CanonStore::new();
            let board = Stones {
                h: h as u8,
                w: w as u8,
                x,
                o,
            };
            let mut search = Search::new(&mut solver, &mut store, &budget, board);
            search.small_limit = [2, 4, SMALL][round % 3];
            let mut memo = HashMap::new();
            for star in [false, true] {
                let rest = search.store.nimber(u32::from(star));
                for left in [true, false] {
                    let got = search.first(board, rest, left).unwrap();
                    let want = brute(h as i64, w as i64, x, o, star, left, &mut memo);
                    assert_eq!(
                        got, want,
                        "{h}×{w} x {x:#x} o {o:#x} star {star}, Left first: {left}"
                    );
                }
            }
        }
    }
}

//! Canonical forms of capture games ([`crate::game::compiled::capture`]:
//! Clobber, read from the rules) on packed boards: a board of at most 64
//! cells is two `u64`s, Left's stones and Right's, row by row; a side's
//! captures in one direction are a shift and two ands. Empty cells never
//! fill again, so a board splits into its groups of orthogonally connected
//! stones, which never meet; a group where nobody can capture is 0 forever
//! and is dropped. Each group is cropped and stored once under the least of
//! its images by the game's symmetries: the flips and turns that keep each
//! side's directions, and — combined with swapping the colours — those that
//! swap them, which negate the value (for Clobber, every image both ways).
//!
//! The forms go into the one [`CanonStore`] through [`super::parts`]; before
//! the solver is trusted for a game it is checked against the general
//! evaluator on every small board, as placement games are. `--no-kernels`
//! turns it off.

use super::analysis::{form_of, store_error, PartizanCache};
use super::boards::{image_of, Permutation};
use super::packed::{Checked, State};
use super::parts::{PartForms, PartGame};
use super::{CanonStore, Error, Form};
use crate::budget::Budget;
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::compiled::capture::{Capture, DIRECTIONS};
use crate::game::compiled::placement::Image;
use crate::game::Games;
use crate::lang::value::{Component, InstId, Value};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// A board: its height, width, Left's stones `x` and Right's `o` (bit
/// `r·w + c`), at most 64 cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Stones {
    pub h: u8,
    pub w: u8,
    pub x: u64,
    pub o: u64,
}

impl Stones {
    /// Reads a position: a rectangular grid of row strings, or one string
    /// when the game's positions are (`rules.row`), of at most 64 cells;
    /// `None` for anything else (the general evaluator takes it).
    pub fn read(pos: &[Value], rules: &Capture) -> Option<Stones> {
        let one;
        let rows: &[Value] = match pos {
            [row @ Value::Str(_)] if rules.row => {
                one = [row.clone()];
                &one
            }
            [Value::List(rows)] if !rules.row => rows,
            _ => return None,
        };
        let h = rows.len();
        let mut w = None;
        let (mut x, mut o) = (0u64, 0u64);
        let mut i = 0u32;
        for row in rows.iter() {
            let Value::Str(s) = row else {
                return None;
            };
            let mut n = 0;
            for ch in s.chars() {
                if i >= 64 {
                    return None;
                }
                if ch == rules.left {
                    x |= 1 << i;
                } else if ch == rules.right {
                    o |= 1 << i;
                }
                i += 1;
                n += 1;
            }
            if *w.get_or_insert(n) != n {
                return None;
            }
        }
        let w = w?;
        if h == 0 || w == 0 {
            return None;
        }
        Some(Stones {
            h: u8::try_from(h).ok()?,
            w: u8::try_from(w).ok()?,
            x,
            o,
        })
    }
}

/// Boards of one size: the masks that keep captures on the board, and the
/// game's symmetries as (height, width, where each cell goes, swaps the
/// colours — so negates).
#[derive(Debug)]
pub(super) struct Geometry {
    w: u32,
    not_first: u64,
    not_last: u64,
    pub(super) images: Vec<(u8, u8, Rc<Permutation>, bool)>,
}

impl Geometry {
    /// The stones of `mover` that capture a stone of `other` in direction
    /// `dir` (an index of [`DIRECTIONS`]).
    #[inline]
    pub(super) fn sources(&self, dir: usize, mover: u64, other: u64) -> u64 {
        match dir {
            0 => mover & (other >> 1) & self.not_last,
            1 => mover & (other << 1) & self.not_first,
            2 => mover & other.checked_shr(self.w).unwrap_or(0),
            _ => mover & other.checked_shl(self.w).unwrap_or(0),
        }
    }

    /// Where the stones `from` land moving in direction `dir`.
    #[inline]
    pub(super) fn step(&self, dir: usize, from: u64) -> u64 {
        match dir {
            0 => from << 1,
            1 => from >> 1,
            2 => from.checked_shl(self.w).unwrap_or(0),
            _ => from.checked_shr(self.w).unwrap_or(0),
        }
    }

    /// The stones of `stones` orthogonally linked to `seed` through stones.
    pub(super) fn group(&self, seed: u64, stones: u64) -> u64 {
        let mut part = seed;
        loop {
            let grown = (part
                | (part << 1) & self.not_first
                | (part >> 1) & self.not_last
                | part.checked_shl(self.w).unwrap_or(0)
                | part.checked_shr(self.w).unwrap_or(0))
                & stones;
            if grown == part {
                return part;
            }
            part = grown;
        }
    }
}

/// The solver of one capture game.
#[derive(Debug)]
pub struct Solver {
    rules: Rc<Capture>,
    /// The game's symmetries other than the identity: (image, swaps the
    /// colours).
    group: Vec<(Image, bool)>,
    /// Groups already valued, by their least image.
    forms: PartForms<Stones>,
    geometry: FxHashMap<(u8, u8), Rc<Geometry>>,
}

/// The directions `dirs` (bits of [`DIRECTIONS`]) under image `image`.
fn dirs_image(image: Image, dirs: u8) -> u8 {
    let mut out = 0;
    for (k, &(dr, dc)) in DIRECTIONS.iter().enumerate() {
        if dirs >> k & 1 == 0 {
            continue;
        }
        let (dr, dc) = if image & 4 == 0 { (dr, dc) } else { (dc, dr) };
        let dr = if image & 2 == 0 { dr } else { -dr };
        let dc = if image & 1 == 0 { dc } else { -dc };
        if let Some(j) = DIRECTIONS.iter().position(|&d| d == (dr, dc)) {
            out |= 1 << j;
        }
    }
    out
}

impl Solver {
    /// The game it values.
    pub fn rules(&self) -> &Capture {
        &self.rules
    }

    /// A solver for `rules`.
    pub fn new(rules: Rc<Capture>) -> Solver {
        let (l, r) = (rules.left_dirs, rules.right_dirs);
        let mut group = Vec::new();
        for image in 0..8 {
            let (li, ri) = (dirs_image(image, l), dirs_image(image, r));
            if image != 0 && (li, ri) == (l, r) {
                group.push((image, false));
            }
            if (li, ri) == (r, l) {
                group.push((image, true));
            }
        }
        Solver {
            rules,
            group,
            forms: PartForms::default(),
            geometry: FxHashMap::default(),
        }
    }

    pub(super) fn geometry(&mut self, h: u8, w: u8) -> Rc<Geometry> {
        if let Some(g) = self.geometry.get(&(h, w)) {
            return g.clone();
        }
        let (hu, wu) = (h as usize, w as usize);
        let mut first = 0u64;
        for r in 0..hu {
            first |= 1 << (r * wu);
        }
        let images = self
            .group
            .iter()
            .map(|&(image, swaps)| {
                let (ih, iw, to) = image_of(image, h, w);
                (ih, iw, to, swaps)
            })
            .collect();
        let g = Rc::new(Geometry {
            w: w.into(),
            not_first: !first,
            not_last: !(first << (wu - 1)),
            images,
        });
        self.geometry.insert((h, w), g.clone());
        g
    }

    /// True when either side can capture among `x` and `o`.
    pub(super) fn live(&self, geo: &Geometry, x: u64, o: u64) -> bool {
        (0..4).any(|d| {
            (self.rules.left_dirs >> d & 1 == 1 && geo.sources(d, x, o) != 0)
                || (self.rules.right_dirs >> d & 1 == 1 && geo.sources(d, o, x) != 0)
        })
    }

    /// The directions a side (Left when `left`) captures in.
    pub(super) fn moves(&self, left: bool) -> u8 {
        if left {
            self.rules.left_dirs
        } else {
            self.rules.right_dirs
        }
    }

    /// Appends the live groups of a board of `geo`'s size and width `w` to
    /// `out`, each as its least image and whether that image negates.
    pub(super) fn split(
        &mut self,
        geo: &Geometry,
        w: u8,
        x: u64,
        o: u64,
        out: &mut Vec<(Stones, bool)>,
    ) {
        let stones = x | o;
        let mut rest = stones;
        while rest != 0 {
            let part = geo.group(rest & rest.wrapping_neg(), stones);
            rest &= !part;
            if self.live(geo, x & part, o & part) {
                out.push(self.least(x & part, o & part, w));
            }
        }
    }

    /// A group of a board of width `w`, cropped, as its least image.
    pub(super) fn least(&mut self, x: u64, o: u64, w: u8) -> (Stones, bool) {
        let w = u32::from(w);
        let part = x | o;
        let row_mask = if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
        let first_row = part.trailing_zeros() / w;
        let last_row = (63 - part.leading_zeros()) / w;
        let mut columns = 0u64;
        for r in first_row..=last_row {
            columns |= (part >> (r * w)) & row_mask;
        }
        let c0 = columns.trailing_zeros();
        let c1 = 63 - columns.leading_zeros();
        let (ch, cw) = (last_row - first_row + 1, c1 - c0 + 1);
        let crop_mask = if cw >= 64 { u64::MAX } else { (1u64 << cw) - 1 };
        let crop = |bits: u64| {
            let mut out = 0u64;
            for r in first_row..=last_row {
                out |= ((bits >> (r * w + c0)) & crop_mask) << ((r - first_row) * cw);
            }
            out
        };
        let board = Stones {
            h: ch as u8,
            w: cw as u8,
            x: crop(x),
            o: crop(o),
        };
        if self.group.is_empty() {
            return (board, false);
        }
        let geo = self.geometry(board.h, board.w);
        let mut best = (board, false);
        for (ih, iw, to, swaps) in &geo.images {
            let (ix, io) = (to.apply(board.x), to.apply(board.o));
            let (ix, io) = if *swaps { (io, ix) } else { (ix, io) };
            let candidate = Stones {
                h: *ih,
                w: *iw,
                x: ix,
                o: io,
            };
            if candidate < best.0 || (candidate == best.0 && best.1 && !swaps) {
                best = (candidate, *swaps);
            }
        }
        best
    }

    /// The form of a whole board (a sum of its groups).
    pub fn form(
        &mut self,
        store: &mut CanonStore,
        budget: &Budget,
        board: Stones,
    ) -> Result<Form, Error> {
        let geo = self.geometry(board.h, board.w);
        let mut parts = Vec::new();
        self.split(&geo, board.w, board.x, board.o, &mut parts);
        let mut total = Form::ZERO;
        for (part, negated) in parts {
            let f = self.part(store, budget, part)?;
            let f = if negated { store.neg(f, budget)? } else { f };
            total = store.sum(total, f, budget)?;
        }
        Ok(total)
    }

    /// The form of one group (its least image), by a search on its own
    /// stack.
    pub(super) fn part(
        &mut self,
        store: &mut CanonStore,
        budget: &Budget,
        root: Stones,
    ) -> Result<Form, Error> {
        if let Some(f) = self.forms.get(&root) {
            return Ok(f);
        }
        let mut forms = std::mem::take(&mut self.forms);
        let result = forms.value(self, store, budget, root, TWO_CORES_FROM);
        self.forms = forms;
        result
    }
}

/// Groups of at least this many stones are valued on two cores
/// ([`super::shared_parts`]); smaller ones take too little time to share.
const TWO_CORES_FROM: u32 = 16;

impl PartGame for Solver {
    type Part = Stones;
    type Rules = Capture;

    fn rules_copy(&self) -> Capture {
        (*self.rules).clone()
    }

    fn from_rules(rules: Capture) -> Self {
        Solver::new(Rc::new(rules))
    }

    fn size(part: &Stones) -> u32 {
        (part.x | part.o).count_ones()
    }

    fn options(
        &mut self,
        budget: &Budget,
        board: Stones,
        parts: &mut Vec<(Stones, bool)>,
        left_ends: &mut Vec<usize>,
        right_ends: &mut Vec<usize>,
    ) -> Result<(), Error> {
        let geo = self.geometry(board.h, board.w);
        for (left, ends) in [(true, left_ends), (false, right_ends)] {
            let (mine, theirs) = if left {
                (board.x, board.o)
            } else {
                (board.o, board.x)
            };
            for dir in 0..4 {
                if self.moves(left) >> dir & 1 == 0 {
                    continue;
                }
                let mut from = geo.sources(dir, mine, theirs);
                while from != 0 {
                    budget.tick()?;
                    let s = from & from.wrapping_neg();
                    from &= from - 1;
                    let t = geo.step(dir, s);
                    let (m, th) = (mine & !s | t, theirs & !t);
                    let (x, o) = if left { (m, th) } else { (th, m) };
                    self.split(&geo, board.w, x, o, parts);
                    ends.push(parts.len());
                }
            }
        }
        Ok(())
    }
}

/// The capture solvers of the instances met so far.
pub type Captures = Checked<Solver>;

/// The board sizes (rows, columns) on which every position is valued both
/// ways before the solver is trusted.
const CHECKED_SIZES: [(usize, usize); 10] = [
    (1, 1),
    (1, 2),
    (2, 1),
    (1, 3),
    (3, 1),
    (2, 2),
    (1, 4),
    (4, 1),
    (2, 3),
    (3, 2),
];

/// The same for games on one string.
const CHECKED_ROWS: [(usize, usize); 6] = [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6)];

/// The canonical form of `c` by the capture solver, when `c` is a position
/// of a capture game on a board it takes; `None` otherwise.
pub fn capture_form(
    games: &mut Games<'_>,
    cache: &mut PartizanCache,
    c: &Component,
    span: Span,
) -> Result<Option<Form>, EvalError> {
    let Some(board) = stones_of(games, cache, c, span)? else {
        return Ok(None);
    };
    let Component::Pos(inst, _) = c else {
        return Ok(None);
    };
    let PartizanCache {
        captures, store, ..
    } = cache;
    let Some(solver) = captures.ready(*inst) else {
        return Ok(None);
    };
    solver
        .form(store, games.budget, board)
        .map(Some)
        .map_err(|e| store_error(e, span))
}

/// The board of `c` when it is a position of a capture game the solver
/// serves (checking the solver on first use of the game).
pub(super) fn stones_of(
    games: &mut Games<'_>,
    cache: &mut PartizanCache,
    c: &Component,
    span: Span,
) -> Result<Option<Stones>, EvalError> {
    let Component::Pos(inst, pos) = c else {
        return Ok(None);
    };
    let solver = super::packed::solver(
        games,
        cache,
        *inst,
        span,
        |cache| &mut cache.captures,
        |compiled| compiled.capture.clone(),
        check,
    )?;
    Ok(solver.and_then(|s| Stones::read(pos, s.rules())))
}

/// Values every position of the small boards by the rules and by the
/// solver; it is used only when they agree.
fn check(
    games: &mut Games<'_>,
    cache: &mut PartizanCache,
    inst: InstId,
    rules: Rc<Capture>,
    span: Span,
) -> Result<State<Solver>, EvalError> {
    let mut solver = Box::new(Solver::new(rules.clone()));
    let chars = [rules.empty, rules.left, rules.right];
    let sizes: &[(usize, usize)] = if rules.row {
        &CHECKED_ROWS
    } else {
        &CHECKED_SIZES
    };
    for &(h, w) in sizes {
        let cells = h * w;
        for code in 0..3usize.pow(cells as u32) {
            let mut digits = code;
            let rows: Vec<Value> = (0..h)
                .map(|_| {
                    let s: String = (0..w)
                        .map(|_| {
                            let ch = chars.get(digits % 3).copied().unwrap_or(rules.empty);
                            digits /= 3;
                            ch
                        })
                        .collect();
                    Value::Str(s.into())
                })
                .collect();
            let pos = match rows.as_slice() {
                [row] if rules.row => vec![row.clone()],
                _ => vec![Value::List(rows.into())],
            };
            let c = Component::Pos(inst, pos.clone().into());
            let by_rules = match form_of(games, cache, &c, span) {
                Ok(f) => f,
                Err(e @ EvalError::Limit { .. }) => return Err(e),
                Err(_) => return Ok(State::Refused),
            };
            let Some(board) = Stones::read(&pos, &rules) else {
                return Ok(State::Refused);
            };
            let fast = solver
                .form(&mut cache.store, games.budget, board)
                .map_err(|e| store_error(e, span))?;
            if fast != by_rules {
                return Ok(State::Refused);
            }
        }
    }
    Ok(State::Ready(solver))
}

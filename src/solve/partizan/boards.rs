//! Canonical forms of placement games ([`crate::game::compiled::placement`]:
//! Domineering and its kin, read from the rules) on packed boards: a board of
//! at most 64 cells is a `u64` of its free cells, row by row, and one of 65 to
//! 128 cells a `u128` (the solver is written once over [`Cells`] and compiled
//! for each; a game's two solvers share the store of forms); where a piece
//! fits is a few shifts and ands; the board splits into independent parts
//! (cells linked by a placement either side could make; cells no piece can
//! use are dropped), and each part is cropped and stored once under the least
//! of its images by the game's own symmetries — the flips and turns that
//! keep each side's pieces, and those that swap them (Domineering's
//! transpose), which negate the value.
//!
//! The forms go into the one [`CanonStore`], so they are the forms the
//! general evaluator would find, only sooner; before it is trusted for a game
//! the solver is checked against the general evaluator on every small board
//! (a second guard behind the symbolic reading of the rules). `--no-kernels`
//! turns it off.
//!
//! The search keeps its own stack (no recursion per position) and reuses its
//! buffers; every position counts against the budget.

use super::analysis::{form_of, store_error, PartizanCache};
pub use super::cells::Cells;
use super::packed::{Checked, State};
use super::parts::{PartForms, PartGame};
use super::{CanonStore, Error, Form};
use crate::budget::Budget;
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::compiled::placement::{image_cell, piece_size, Image, Placement};
use crate::game::Games;
use crate::lang::value::{Component, InstId, Value};
use std::rc::Rc;

/// A board: its height, width, and free cells (bit `r·w + c`), at most
/// `C::BITS` cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Board<C: Cells = u64> {
    pub(super) h: u8,
    pub(super) w: u8,
    pub(super) bits: C,
}

impl<C: Cells> Board<C> {
    /// A board of `h` rows and `w` columns whose free cells are the bits
    /// `r·w + c` of `bits`; `None` beyond `C::BITS` cells.
    pub fn new(h: usize, w: usize, bits: C) -> Option<Board<C>> {
        if h == 0 || w == 0 || h * w > C::BITS as usize {
            return None;
        }
        Some(Board {
            h: u8::try_from(h).ok()?,
            w: u8::try_from(w).ok()?,
            bits,
        })
    }

    /// Its height, width and free cells.
    pub fn parts(self) -> (usize, usize, C) {
        (self.h as usize, self.w as usize, self.bits)
    }

    /// Reads a position that is a rectangular grid of row strings of at most
    /// `C::BITS` cells; `None` for anything else (the general evaluator takes
    /// it).
    pub fn read(pos: &[Value], free: char) -> Option<Board<C>> {
        let [Value::List(rows)] = pos else {
            return None;
        };
        let h = rows.len();
        let mut w = None;
        let mut bits = C::ZERO;
        let mut i = 0u32;
        for row in rows.iter() {
            let Value::Str(s) = row else {
                return None;
            };
            let mut n = 0;
            for ch in s.chars() {
                if i >= C::BITS {
                    return None;
                }
                if ch == free {
                    bits |= C::bit(i);
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
        Some(Board {
            h: u8::try_from(h).ok()?,
            w: u8::try_from(w).ok()?,
            bits,
        })
    }
}

/// One piece on boards of one size: the anchors (top-left cells) where it
/// lies inside the board, its cells' offsets from the anchor, and its cells.
#[derive(Debug, Clone)]
pub(super) struct Fit<C: Cells = u64> {
    anchors: C,
    offsets: Vec<u32>,
    pub(super) mask: C,
    /// All its cells in one row, or all in one column, without gaps.
    straight: bool,
}

impl<C: Cells> Fit<C> {
    /// The anchors where the piece covers only free cells.
    #[inline]
    pub(super) fn available(&self, free: C) -> C {
        self.offsets
            .iter()
            .fold(self.anchors, |a, &o| a & (free >> o))
    }

    /// True when the piece is a straight bar (one row, or one column).
    pub(super) fn is_straight(&self) -> bool {
        self.straight
    }

    /// The cells covered by the piece at any of `anchors`.
    #[inline]
    pub(super) fn spread(&self, anchors: C) -> C {
        self.offsets
            .iter()
            .fold(C::ZERO, |m, &o| m | (anchors << o))
    }

    /// The anchors at which the piece covers a cell of `cells`.
    #[inline]
    pub(super) fn touching(&self, cells: C) -> C {
        self.offsets.iter().fold(C::ZERO, |m, &o| m | (cells >> o))
    }
}

/// What the solver knows of one board size.
#[derive(Debug)]
pub(super) struct Geometry<C: Cells = u64> {
    pub(super) left: Vec<Fit<C>>,
    pub(super) right: Vec<Fit<C>>,
    /// Every piece of either side, once.
    both: Vec<Fit<C>>,
    /// For each symmetry of the game: the image's size, where the cells go,
    /// and whether it negates values.
    images: Vec<(u8, u8, Rc<Permutation<C>>, bool)>,
}

fn fits<C: Cells>(pieces: &[Vec<(u8, u8)>], h: usize, w: usize) -> Vec<Fit<C>> {
    let mut out = Vec::new();
    for piece in pieces {
        let (ph, pw) = piece_size(piece);
        if ph > h || pw > w {
            continue;
        }
        let mut anchors = C::ZERO;
        for r in 0..=h - ph {
            for c in 0..=w - pw {
                anchors |= C::bit((r * w + c) as u32);
            }
        }
        let offsets: Vec<u32> = piece
            .iter()
            .map(|&(r, c)| (r as usize * w + c as usize) as u32)
            .collect();
        let mask = offsets.iter().fold(C::ZERO, |m, &o| m | C::bit(o));
        let straight = (ph == 1 || pw == 1) && piece.len() == ph.max(pw);
        out.push(Fit {
            anchors,
            offsets,
            mask,
            straight,
        });
    }
    out
}

/// The canonical-form solver of one placement game, on boards of up to
/// `C::BITS` cells.
#[derive(Debug)]
pub struct Solver<C: Cells = u64> {
    rules: Rc<Placement>,
    /// The game's symmetries other than the identity, each with whether it
    /// negates values.
    group: Vec<(Image, bool)>,
    /// Parts already valued, by their least image.
    forms: PartForms<Board<C>>,
    /// Geometry by size (index `h · (C::BITS + 1) + w`).
    geometry: Vec<Option<Rc<Geometry<C>>>>,
    /// Scratch: the available anchors of each piece.
    avail: Vec<C>,
}

/// The side of the geometry table: sizes `0..=C::BITS` each way.
fn sizes<C: Cells>() -> usize {
    C::BITS as usize + 1
}

impl<C: Cells> Solver<C> {
    /// The game it values.
    pub fn rules(&self) -> &Placement {
        &self.rules
    }

    /// A solver for `rules`.
    pub fn new(rules: Rc<Placement>) -> Solver<C> {
        let group = (1..8)
            .filter_map(|i| rules.acts(i).map(|n| (i, n)))
            .collect();
        Solver {
            rules,
            group,
            forms: PartForms::default(),
            geometry: vec![None; sizes::<C>() * sizes::<C>()],
            avail: Vec::new(),
        }
    }

    /// Where each cell of an h × w board goes under each symmetry of the
    /// game that keeps values and the board's size (the keys of the outcome
    /// search).
    pub(super) fn keeping_images(&mut self, h: u8, w: u8) -> Vec<Rc<Permutation<C>>> {
        self.same_size_images(h, w, false)
    }

    /// Where each cell of an h × w board goes under each symmetry of the
    /// game that negates values and keeps the board's size (Domineering's
    /// transposes of a square board).
    #[cfg(not(target_family = "wasm"))]
    pub(super) fn negating_images(&mut self, h: u8, w: u8) -> Vec<Rc<Permutation<C>>> {
        self.same_size_images(h, w, true)
    }

    fn same_size_images(&mut self, h: u8, w: u8, negating: bool) -> Vec<Rc<Permutation<C>>> {
        self.geometry(h, w)
            .images
            .iter()
            .filter(|(ih, iw, _, negates)| (*ih, *iw) == (h, w) && *negates == negating)
            .map(|(_, _, to, _)| to.clone())
            .collect()
    }

    pub(super) fn geometry(&mut self, h: u8, w: u8) -> Rc<Geometry<C>> {
        let at = h as usize * sizes::<C>() + w as usize;
        if let Some(Some(g)) = self.geometry.get(at) {
            return g.clone();
        }
        let (hu, wu) = (h as usize, w as usize);
        let left = fits(&self.rules.left, hu, wu);
        let right = fits(&self.rules.right, hu, wu);
        let mut all = self.rules.left.clone();
        all.extend(self.rules.right.iter().cloned());
        all.sort_unstable();
        all.dedup();
        let both = fits(&all, hu, wu);
        let images = self
            .group
            .iter()
            .map(|&(image, negates)| {
                let (ih, iw, to) = image_of(image, h, w);
                (ih, iw, to, negates)
            })
            .collect();
        let g = Rc::new(Geometry {
            left,
            right,
            both,
            images,
        });
        if let Some(slot) = self.geometry.get_mut(at) {
            *slot = Some(g.clone());
        }
        g
    }

    /// Appends the parts of `free` on a board of `geo`'s size to `out`, each
    /// as its least image and whether that image negates.
    fn split(&mut self, geo: &Geometry<C>, w: u8, free: C, out: &mut Vec<(Board<C>, bool)>) {
        let mut rest = self.live(geo, free);
        while !rest.is_empty() {
            let part = self.part_of(geo, rest);
            rest &= !part;
            out.push(self.least(part, w));
        }
    }

    /// The cells of `free` some piece of either side could cover (the
    /// available anchors of each piece are left in `self.avail`).
    pub(super) fn live(&mut self, geo: &Geometry<C>, free: C) -> C {
        self.avail.clear();
        let mut live = C::ZERO;
        for fit in &geo.both {
            let a = fit.available(free);
            self.avail.push(a);
            live |= fit.spread(a);
        }
        live
    }

    /// The part of the live cells `rest` that holds its lowest cell: every
    /// cell linked to it by available placements (after [`Solver::live`]).
    pub(super) fn part_of(&self, geo: &Geometry<C>, rest: C) -> C {
        let mut part = rest.lowest();
        loop {
            let mut grown = part;
            for (fit, &a) in geo.both.iter().zip(&self.avail) {
                grown |= fit.spread(fit.touching(part) & a);
            }
            if grown == part {
                return part;
            }
            part = grown;
        }
    }

    /// A part of a board of width `w`, cropped, as its least image.
    pub(super) fn least(&mut self, part: C, w: u8) -> (Board<C>, bool) {
        let w = w as u32;
        let row_mask = C::low(w);
        let first_row = part.trailing_zeros() / w;
        let last_row = (C::BITS - 1 - part.leading_zeros()) / w;
        let mut columns = C::ZERO;
        for r in first_row..=last_row {
            columns |= (part >> (r * w)) & row_mask;
        }
        let c0 = columns.trailing_zeros();
        let c1 = C::BITS - 1 - columns.leading_zeros();
        let (ch, cw) = (last_row - first_row + 1, c1 - c0 + 1);
        let crop_mask = C::low(cw);
        let mut bits = C::ZERO;
        for r in first_row..=last_row {
            bits |= ((part >> (r * w + c0)) & crop_mask) << ((r - first_row) * cw);
        }
        let board = Board {
            h: ch as u8,
            w: cw as u8,
            bits,
        };
        if self.group.is_empty() {
            return (board, false);
        }
        let geo = self.geometry(board.h, board.w);
        let mut best = (board, false);
        for (ih, iw, to, negates) in &geo.images {
            let image = to.apply(bits);
            let candidate = Board {
                h: *ih,
                w: *iw,
                bits: image,
            };
            if candidate < best.0 || (candidate == best.0 && best.1 && !negates) {
                best = (candidate, *negates);
            }
        }
        best
    }

    /// The least image of a board's free cells under the game's symmetries
    /// (cropped to their bounding box), and whether that image negates the
    /// value: equal keys are one position.
    pub fn key(&mut self, board: Board<C>) -> (Board<C>, bool) {
        if board.bits.is_empty() {
            return (board, false);
        }
        self.least(board.bits, board.w)
    }

    /// The form of a whole board (a sum of its parts).
    pub fn form(
        &mut self,
        store: &mut CanonStore,
        budget: &Budget,
        board: Board<C>,
    ) -> Result<Form, Error> {
        let geo = self.geometry(board.h, board.w);
        let mut parts = Vec::new();
        self.split(&geo, board.w, board.bits, &mut parts);
        let mut total = Form::ZERO;
        for (part, negated) in parts {
            let f = self.part(store, budget, part)?;
            let f = if negated { store.neg(f, budget)? } else { f };
            total = store.sum(total, f, budget)?;
        }
        Ok(total)
    }

    /// The form of one part (its least image), by a search on its own stack.
    pub(super) fn part(
        &mut self,
        store: &mut CanonStore,
        budget: &Budget,
        root: Board<C>,
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

/// Parts of at least this many cells are valued on two cores
/// ([`super::shared_parts`]); smaller ones take too little time to share.
const TWO_CORES_FROM: u32 = 24;

impl<C: Cells> PartGame for Solver<C> {
    type Part = Board<C>;
    type Rules = Placement;

    fn rules_copy(&self) -> Placement {
        (*self.rules).clone()
    }

    fn from_rules(rules: Placement) -> Self {
        Solver::new(Rc::new(rules))
    }

    fn size(part: &Board<C>) -> u32 {
        part.bits.count_ones()
    }

    fn options(
        &mut self,
        budget: &Budget,
        board: Board<C>,
        parts: &mut Vec<(Board<C>, bool)>,
        left_ends: &mut Vec<usize>,
        right_ends: &mut Vec<usize>,
    ) -> Result<(), Error> {
        let geo = self.geometry(board.h, board.w);
        for (fits, ends) in [(&geo.left, left_ends), (&geo.right, right_ends)] {
            for fit in fits {
                let mut a = fit.available(board.bits);
                while !a.is_empty() {
                    budget.tick()?;
                    let at = a.trailing_zeros();
                    a = a.without_lowest();
                    let after = board.bits & !(fit.mask << at);
                    self.split(&geo, board.w, after, parts);
                    ends.push(parts.len());
                }
            }
        }
        Ok(())
    }
}

/// Where the cells of an h × w board go under `image`: the image's height,
/// width and permutation.
pub(super) fn image_of<C: Cells>(image: Image, h: u8, w: u8) -> (u8, u8, Rc<Permutation<C>>) {
    let (hu, wu) = (h as usize, w as usize);
    let (ih, iw) = if image & 4 == 0 { (h, w) } else { (w, h) };
    let mut to = vec![0u8; hu * wu];
    for r in 0..hu {
        for c in 0..wu {
            let (ir, ic) = image_cell(image, hu, wu, r, c);
            if let Some(t) = to.get_mut(r * wu + c) {
                *t = (ir * iw as usize + ic) as u8;
            }
        }
    }
    (ih, iw, Rc::new(Permutation::new(&to)))
}

/// Where the cells of a board go under one symmetry, as one table per byte
/// of the board: an image is a few lookups, not a loop over its cells.
#[derive(Debug)]
pub(super) struct Permutation<C: Cells = u64> {
    bytes: Vec<[C; 256]>,
}

impl<C: Cells> Permutation<C> {
    /// The permutation taking cell i to cell `to[i]`.
    pub(super) fn new(to: &[u8]) -> Permutation<C> {
        let bytes = to
            .chunks(8)
            .map(|chunk| {
                let mut table = [C::ZERO; 256];
                for (byte, image) in table.iter_mut().enumerate() {
                    for (bit, &t) in chunk.iter().enumerate() {
                        if byte >> bit & 1 == 1 {
                            *image |= C::bit(u32::from(t));
                        }
                    }
                }
                table
            })
            .collect();
        Permutation { bytes }
    }

    /// The image of the cells `bits`.
    #[inline]
    pub(super) fn apply(&self, bits: C) -> C {
        self.bytes
            .iter()
            .enumerate()
            .fold(C::ZERO, |image, (k, table)| {
                let byte = (bits >> (8 * k as u32)).low_byte();
                image | table.get(byte as usize).copied().unwrap_or(C::ZERO)
            })
    }
}

/// A board of either width: at most 64 cells on the `u64` solver, 65 to 128
/// on the `u128` one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Packed {
    /// At most 64 cells.
    Narrow(Board<u64>),
    /// 65 to 128 cells.
    Wide(Board<u128>),
}

impl Packed {
    /// A board of `h` rows and `w` columns whose free cells are the bits
    /// `r·w + c` of `bits` (others ignored), narrow when it has at most 64
    /// cells; `None` beyond 128 cells.
    pub fn new(h: usize, w: usize, bits: u128) -> Option<Packed> {
        let cells = u32::try_from(h.checked_mul(w)?).ok()?;
        Board::new(h, w, bits & u128::low(cells)).map(Board::narrowed)
    }

    /// Reads a position that is a rectangular grid of row strings of at most
    /// 128 cells; `None` for anything else (the general evaluator takes it).
    pub fn read(pos: &[Value], free: char) -> Option<Packed> {
        Board::<u128>::read(pos, free).map(Board::narrowed)
    }

    /// Its height, width and free cells.
    pub fn parts(self) -> (usize, usize, u128) {
        match self {
            Packed::Narrow(b) => (b.h as usize, b.w as usize, u128::from(b.bits)),
            Packed::Wide(b) => b.parts(),
        }
    }
}

impl Board<u128> {
    /// The same board on the narrow solver when it has at most 64 cells.
    fn narrowed(self) -> Packed {
        if u32::from(self.h) * u32::from(self.w) <= u64::BITS {
            if let Some(bits) = u64::from_u128(self.bits) {
                return Packed::Narrow(Board {
                    h: self.h,
                    w: self.w,
                    bits,
                });
            }
        }
        Packed::Wide(self)
    }
}

/// The solvers of one placement game: boards of at most 64 cells on `u64`
/// cell sets, larger ones (to 128 cells) on `u128`. They keep their own memos
/// but share the store, so a form is one id whichever found it.
#[derive(Debug)]
pub struct Solvers {
    /// Boards of at most 64 cells.
    pub narrow: Solver<u64>,
    /// Boards of 65 to 128 cells (and the parts they split into).
    pub wide: Solver<u128>,
}

impl Solvers {
    /// The solvers of `rules`.
    pub fn new(rules: Rc<Placement>) -> Solvers {
        Solvers {
            narrow: Solver::new(rules.clone()),
            wide: Solver::new(rules),
        }
    }

    /// The game they value.
    pub fn rules(&self) -> &Placement {
        self.narrow.rules()
    }

    /// The least image of a board under the game's symmetries, as
    /// [`Solver::key`] (a wide board's image is wide: cropping keeps its size).
    pub fn key(&mut self, board: Packed) -> (Packed, bool) {
        match board {
            Packed::Narrow(b) => {
                let (k, negated) = self.narrow.key(b);
                (Packed::Narrow(k), negated)
            }
            Packed::Wide(b) => {
                let (k, negated) = self.wide.key(b);
                (Packed::Wide(k), negated)
            }
        }
    }

    /// The form of a whole board, by the solver of its width.
    pub fn form(
        &mut self,
        store: &mut CanonStore,
        budget: &Budget,
        board: Packed,
    ) -> Result<Form, Error> {
        match board {
            Packed::Narrow(b) => self.narrow.form(store, budget, b),
            Packed::Wide(b) => self.wide.form(store, budget, b),
        }
    }
}

/// The placement solvers of the instances met so far.
pub type Boards = Checked<Solvers>;

/// The board sizes (rows, columns) on which every position is valued both
/// ways before the fast path is trusted.
const CHECKED_SIZES: [(usize, usize); 11] = [
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
    (3, 3),
];

/// The canonical form of `c` by the placement solver, when `c` is a position
/// of a placement game on a board it takes; `None` otherwise.
pub fn board_form(
    games: &mut Games<'_>,
    cache: &mut PartizanCache,
    c: &Component,
    span: Span,
) -> Result<Option<Form>, EvalError> {
    let Some(board) = packed_of(games, cache, c, span)? else {
        return Ok(None);
    };
    let Component::Pos(inst, _) = c else {
        return Ok(None);
    };
    let PartizanCache { boards, store, .. } = cache;
    let Some(solvers) = boards.ready(*inst) else {
        return Ok(None);
    };
    solvers
        .form(store, games.budget, board)
        .map(Some)
        .map_err(|e| store_error(e, span))
}

/// The board of `c` when it is a position of a placement game the solver
/// serves on a board of at most 64 cells (the outcome search's boards:
/// larger ones are valued by their forms).
pub(super) fn board_of(
    games: &mut Games<'_>,
    cache: &mut PartizanCache,
    c: &Component,
    span: Span,
) -> Result<Option<Board>, EvalError> {
    Ok(match packed_of(games, cache, c, span)? {
        Some(Packed::Narrow(b)) => Some(b),
        _ => None,
    })
}

/// The board of `c` when it is a position of a placement game the solver
/// serves (checking the solver on first use of the game), of either width.
fn packed_of(
    games: &mut Games<'_>,
    cache: &mut PartizanCache,
    c: &Component,
    span: Span,
) -> Result<Option<Packed>, EvalError> {
    let Component::Pos(inst, pos) = c else {
        return Ok(None);
    };
    let solvers = super::packed::solver(
        games,
        cache,
        *inst,
        span,
        |cache| &mut cache.boards,
        |compiled| compiled.placement.clone(),
        check,
    )?;
    Ok(solvers.and_then(|s| Packed::read(pos, s.rules().free)))
}

/// Values every position of the small boards by the rules and by both
/// solvers (the `u64` and the `u128` one); they are used only when they all
/// agree.
fn check(
    games: &mut Games<'_>,
    cache: &mut PartizanCache,
    inst: InstId,
    rules: Rc<Placement>,
    span: Span,
) -> Result<State<Solvers>, EvalError> {
    let mut solvers = Box::new(Solvers::new(rules));
    let free = solvers.rules().free;
    let covered = if free == '#' { '.' } else { '#' };
    for (h, w) in CHECKED_SIZES {
        for bits in 0u64..1 << (h * w) {
            let rows: Vec<Value> = (0..h)
                .map(|r| {
                    let s: String = (0..w)
                        .map(|c| {
                            if bits >> (r * w + c) & 1 == 1 {
                                free
                            } else {
                                covered
                            }
                        })
                        .collect();
                    Value::Str(s.into())
                })
                .collect();
            let pos = vec![Value::List(rows.into())];
            let c = Component::Pos(inst, pos.clone().into());
            let by_rules = match form_of(games, cache, &c, span) {
                Ok(f) => f,
                Err(e @ EvalError::Limit { .. }) => return Err(e),
                Err(_) => return Ok(State::Refused),
            };
            let (Some(narrow), Some(wide)) = (Board::read(&pos, free), Board::read(&pos, free))
            else {
                return Ok(State::Refused);
            };
            let fast = solvers
                .narrow
                .form(&mut cache.store, games.budget, narrow)
                .map_err(|e| store_error(e, span))?;
            let wide = solvers
                .wide
                .form(&mut cache.store, games.budget, wide)
                .map_err(|e| store_error(e, span))?;
            if fast != by_rules || wide != by_rules {
                return Ok(State::Refused);
            }
        }
    }
    Ok(State::Ready(solvers))
}

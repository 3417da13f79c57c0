//! Placement games read from their rules: a partizan game over a grid of row
//! strings whose every rule covers a fixed set of free cells (a piece) wherever
//! the piece fits, Left with some pieces and Right with others — Domineering,
//! and any game of placing fixed polyominoes. The rules are read symbolically
//! (never run): cell indices as linear forms in the two binders and the grid's
//! height and width, strings as pieces of rows with cells overwritten. When
//! every rule has this shape the game's value is the placement game's, whether
//! the rules leave the grid whole or split it with `regions`, and
//! [`crate::solve::partizan::boards`] computes it on packed boards.
//!
//! Anything else — a range that leaves out a row, a rule that writes a free
//! cell, a third binder, `stop` — is not a placement game, and keeps the
//! general evaluator.

use crate::check::program::{
    Binder, Expr, ExprKind, Game, GameBody, GameId, ParamType, SlotPattern,
};
use crate::eval::grid::Symmetry;
use crate::lang::builtin::Builtin;
use crate::lang::value::Value;
use crate::syntax::ast::{BinOp, RuleKind};

/// A piece: the cells it covers, relative to its bounding box's top-left
/// corner, sorted.
pub type Piece = Vec<(u8, u8)>;

/// A placement game: which cells are free, and the pieces each side places.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    /// The character of a free cell; every other character is covered.
    pub free: char,
    /// Left's pieces, sorted, each once.
    pub left: Vec<Piece>,
    /// Right's pieces, sorted, each once.
    pub right: Vec<Piece>,
}

/// One symmetry of the square: bit 2 transposes (first), bit 1 mirrors top
/// to bottom, bit 0 left to right. Images 0..4 are the flips.
pub type Image = u8;

/// The cell (r, c) of an h × w grid in image `image`, with the image's
/// height and width.
pub fn image_cell(image: Image, h: usize, w: usize, r: usize, c: usize) -> (usize, usize) {
    let (h, w, r, c) = if image & 4 == 0 {
        (h, w, r, c)
    } else {
        (w, h, c, r)
    };
    let r = if image & 2 == 0 { r } else { h - 1 - r };
    let c = if image & 1 == 0 { c } else { w - 1 - c };
    (r, c)
}

/// The rows and columns of a piece's bounding box.
pub fn piece_size(piece: &[(u8, u8)]) -> (usize, usize) {
    piece.iter().fold((0, 0), |(h, w), &(r, c)| {
        (h.max(r as usize + 1), w.max(c as usize + 1))
    })
}

/// A piece's image, normalised again to its top-left corner.
fn piece_image(piece: &Piece, image: Image) -> Piece {
    let (h, w) = piece_size(piece);
    let mut out: Piece = piece
        .iter()
        .map(|&(r, c)| {
            let (r, c) = image_cell(image, h, w, r as usize, c as usize);
            (r as u8, c as u8)
        })
        .collect();
    out.sort_unstable();
    out
}

/// The images of a set of pieces, sorted.
fn pieces_image(pieces: &[Piece], image: Image) -> Vec<Piece> {
    let mut out: Vec<Piece> = pieces.iter().map(|p| piece_image(p, image)).collect();
    out.sort_unstable();
    out.dedup();
    out
}

impl Placement {
    /// Domineering: Left places vertical dominoes, Right horizontal ones
    /// (the tests' game).
    #[cfg(test)]
    pub(crate) fn domineering() -> Placement {
        Placement {
            free: '.',
            left: vec![vec![(0, 0), (1, 0)]],
            right: vec![vec![(0, 0), (0, 1)]],
        }
    }

    /// How image `image` acts on values: `Some(false)` when it keeps every
    /// position's value (it maps each side's pieces to that side's),
    /// `Some(true)` when it negates it (it swaps the sides' pieces), `None`
    /// when it is not a symmetry of the game.
    pub fn acts(&self, image: Image) -> Option<bool> {
        let left = pieces_image(&self.left, image);
        let right = pieces_image(&self.right, image);
        if left == self.left && right == self.right {
            Some(false)
        } else if left == self.right && right == self.left {
            Some(true)
        } else {
            None
        }
    }

    /// True when every image of `symmetry` keeps values (so a `regions` that
    /// takes least images does not change the game).
    fn keeps(&self, symmetry: Symmetry) -> bool {
        let images: u8 = match symmetry {
            Symmetry::None => 1,
            Symmetry::Flips => 4,
            Symmetry::Dihedral => 8,
        };
        (0..images).all(|i| self.acts(i) == Some(false))
    }
}

/// The placement game `game` (instance of game `this`) plays, when its rules
/// have that shape.
pub fn recognise(game: &Game, this: GameId) -> Option<Placement> {
    let mut free: Option<char> = None;
    let mut left = Vec::new();
    let mut right = Vec::new();
    let mut modes = Vec::new();
    let (rules, row) = read_rules(game, this)?;
    if row {
        // Placement on one string is not served (its positions are strings).
        return None;
    }
    for rule in rules {
        // Every tested cell is free and every one is covered, with one
        // character.
        let e = rule.tested.first()?.1;
        if *free.get_or_insert(e) != e || rule.tested.iter().any(|&(_, ch)| ch != e) {
            return None;
        }
        let fill = rule.written.first()?.1;
        if fill == e || rule.written.iter().any(|&(_, ch)| ch != fill) {
            return None;
        }
        let cells = |list: &[((u8, u8), char)]| list.iter().map(|&(at, _)| at).collect::<Piece>();
        let piece = cells(&rule.tested);
        if cells(&rule.written) != piece {
            return None;
        }
        if let Some((regions_free, m)) = rule.mode {
            if regions_free != e {
                return None;
            }
            modes.push(m);
        }
        if rule.sides.0 {
            left.push(piece.clone());
        }
        if rule.sides.1 {
            right.push(piece);
        }
    }
    for side in [&mut left, &mut right] {
        side.sort_unstable();
        side.dedup();
    }
    let placement = Placement {
        free: free?,
        left,
        right,
    };
    modes
        .into_iter()
        .all(|m| placement.keeps(m))
        .then_some(placement)
}

/// One rule of a board game read symbolically: the cells it tests and the
/// cells it writes, each with its character, as (row, column) offsets from
/// the top-left corner of the tested cells' bounding box (sorted, each cell
/// once), over every anchor where that box lies inside the grid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct ReadRule {
    /// Whether the rule is Left's, Right's (both for `move`).
    pub sides: (bool, bool),
    pub tested: Vec<((u8, u8), char)>,
    /// Only cells it tests: so every cell written lies inside the grid.
    pub written: Vec<((u8, u8), char)>,
    /// The free character and symmetry of `regions` when the option is the
    /// sum of the game over the regions of the grid written.
    pub mode: Option<(char, Symmetry)>,
}

/// The rules of a partizan game over one grid parameter, each read
/// symbolically, when every one has the shape of [`ReadRule`] (no `stop`),
/// and whether the parameter is one string (`s: string`: a grid of one row,
/// every rule with one binder, over its columns) rather than a list of rows.
pub(super) fn read_rules(game: &Game, this: GameId) -> Option<(Vec<ReadRule>, bool)> {
    let GameBody::Rules(rules) = &game.body else {
        return None;
    };
    if !game.partizan || !game.family.is_empty() {
        return None;
    }
    let [param] = game.params.as_slice() else {
        return None;
    };
    let SlotPattern::Slot(board) = param.pattern else {
        return None;
    };
    let row = match param.ty {
        None | Some(ParamType::List) => false,
        Some(ParamType::Str) => true,
        _ => return None,
    };
    let mut out = Vec::new();
    for rule in rules {
        let sides = match rule.kind {
            RuleKind::Symmetry => continue,
            RuleKind::Stop => return None,
            RuleKind::Left => (true, false),
            RuleKind::Right => (false, true),
            RuleKind::Move => (true, true),
        };
        let read = Reader {
            board,
            this,
            row,
            rows: Default::default(),
        };
        let mut r = read.rule(&rule.binders, rule.condition.as_ref(), &rule.option)?;
        r.sides = sides;
        out.push(r);
    }
    Some((out, row))
}

/// A linear form `k + h·H + w·W + v0·x0 + v1·x1` in the grid's height H, its
/// width W and the rule's two binders.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Lin {
    k: i64,
    h: i64,
    w: i64,
    v: [i64; 2],
}

impl Lin {
    fn constant(k: i64) -> Lin {
        Lin {
            k,
            ..Lin::default()
        }
    }

    fn var(i: usize) -> Lin {
        let mut v = [0; 2];
        if let Some(x) = v.get_mut(i) {
            *x = 1;
        }
        Lin {
            v,
            ..Lin::default()
        }
    }

    fn plus(self, o: Lin, sign: i64) -> Option<Lin> {
        let f = |a: i64, b: i64| b.checked_mul(sign).and_then(|b| a.checked_add(b));
        Some(Lin {
            k: f(self.k, o.k)?,
            h: f(self.h, o.h)?,
            w: f(self.w, o.w)?,
            v: [f(self.v[0], o.v[0])?, f(self.v[1], o.v[1])?],
        })
    }

    /// `x_i + k` (one binder, coefficient 1, no H or W): the binder and k.
    fn offset(self) -> Option<(usize, i64)> {
        if self.h != 0 || self.w != 0 {
            return None;
        }
        match self.v {
            [1, 0] => Some((0, self.k)),
            [0, 1] => Some((1, self.k)),
            _ => None,
        }
    }
}

/// A piece of a string: a literal, a slice of one row, or a whole row with
/// some cells overwritten.
#[derive(Debug, Clone, PartialEq)]
enum Seg {
    Lit(Vec<char>),
    Slice { row: Lin, from: Lin, to: Lin },
    Edited { row: Lin, cells: Vec<(Lin, char)> },
}

/// A grid with some rows replaced by edited copies of themselves.
type Grid = Vec<(Lin, Vec<(Lin, char)>)>;

/// What an expression of a rule is, read symbolically.
#[derive(Debug, Clone)]
enum Av {
    /// The position itself.
    Board,
    Int(Lin),
    Range(Lin, Lin),
    Str(Vec<Seg>),
    /// A conjunction of cells equal to characters.
    Cond(Vec<(Lin, Lin, char)>),
    Grid(Grid),
    Regions(Grid, char, Symmetry),
    /// The game itself at a grid.
    Game(Grid),
    /// The sum of the game at each region.
    Sum(Grid, char, Symmetry),
}

struct Reader {
    board: usize,
    this: GameId,
    /// The board is one string: row 0 of a grid of one row.
    row: bool,
    /// Every row index read (`b[i]`): each must lie inside the grid.
    rows: std::cell::RefCell<Vec<Lin>>,
}

/// The binders' slots, in order (at most two).
type Vars = Vec<usize>;

impl Reader {
    /// A rule's tested and written cells (its sides are set by the caller).
    fn rule(
        &self,
        binders: &[Binder],
        condition: Option<&Expr>,
        option: &Expr,
    ) -> Option<ReadRule> {
        let mut vars: Vars = Vec::new();
        let mut ranges = Vec::new();
        for b in binders {
            let Binder::In(SlotPattern::Slot(s), e) = b else {
                return None;
            };
            let Av::Range(lo, hi) = self.expr(e, &vars)? else {
                return None;
            };
            ranges.push((lo, hi));
            vars.push(*s);
        }
        if vars.len() != if self.row { 1 } else { 2 } {
            return None;
        }
        let Av::Cond(tests) = self.expr(condition?, &vars)? else {
            return None;
        };
        let (grid, mode) = match self.expr(option, &vars)? {
            Av::Grid(g) | Av::Game(g) => (g, None),
            Av::Str(segs) if self.row => (self.row_grid(&segs)?, None),
            Av::Sum(g, free, mode) => (g, Some((free, mode))),
            _ => return None,
        };
        // The cells tested and the cells written, as (row, column) offsets
        // from the binders.
        let mut tested = Vec::new();
        for (r, c, ch) in tests {
            tested.push((self.cell(r, c)?, ch));
        }
        let mut written = Vec::new();
        for (r, cells) in grid {
            for (c, ch) in cells {
                written.push((self.cell(r, c)?, ch));
            }
        }
        for list in [&mut tested, &mut written] {
            list.sort_unstable();
            let before = list.len();
            list.dedup_by_key(|(at, _)| *at);
            if list.len() != before {
                return None;
            }
        }
        if tested.is_empty()
            || written.is_empty()
            || !written
                .iter()
                .all(|(at, _)| tested.iter().any(|(t, _)| t == at))
        {
            return None;
        }
        // One binder runs over rows and the other over columns, each exactly
        // over the anchors where the tested cells lie inside the grid.
        let row_var = tested.first()?.0 .0 .0;
        let col_var = 1 - row_var;
        if tested
            .iter()
            .any(|&(((rv, _), (cv, _)), _)| rv != row_var || cv != col_var)
        {
            return None;
        }
        let rows = tested.iter().map(|&(((_, i), _), _)| i);
        let cols = tested.iter().map(|&((_, (_, j)), _)| j);
        let (r0, r1) = (rows.clone().min()?, rows.max()?);
        let (c0, c1) = (cols.clone().min()?, cols.max()?);
        let exact = |(lo, hi): (Lin, Lin), first: i64, last: i64, height: bool| {
            let mut end = Lin::constant(-last);
            if height {
                end.h = 1;
            } else {
                end.w = 1;
            }
            lo == Lin::constant(-first) && hi == end
        };
        // (One string has one row, and no binder runs over it.)
        let rows_exact = self.row || exact(*ranges.get(row_var)?, r0, r1, true);
        if !rows_exact || !exact(*ranges.get(col_var)?, c0, c1, false) {
            return None;
        }
        // Every row read lies inside the grid: row 0 (the grid has one), or a
        // row of the tested cells.
        let inside = |r: &Lin| {
            *r == Lin::constant(0)
                || r.offset()
                    .is_some_and(|(v, i)| v == row_var && (r0..=r1).contains(&i))
        };
        if !self.rows.borrow().iter().all(inside) || tested.len() > 64 {
            return None;
        }
        let relative = |list: Vec<(Cell, char)>| -> Option<Vec<((u8, u8), char)>> {
            let mut out = list
                .into_iter()
                .map(|(((_, i), (_, j)), ch)| {
                    Some(((u8::try_from(i - r0).ok()?, u8::try_from(j - c0).ok()?), ch))
                })
                .collect::<Option<Vec<_>>>()?;
            out.sort_unstable();
            Some(out)
        };
        Some(ReadRule {
            sides: (false, false),
            tested: relative(tested)?,
            written: relative(written)?,
            mode,
        })
    }

    fn expr(&self, e: &Expr, vars: &Vars) -> Option<Av> {
        Some(match &e.kind {
            ExprKind::Const(Value::Int(k)) => Av::Int(Lin::constant(*k)),
            ExprKind::Const(Value::Str(s)) => Av::Str(vec![Seg::Lit(s.chars().collect())]),
            ExprKind::Local(s) if *s == self.board && self.row => Av::Str(vec![Seg::Slice {
                row: Lin::constant(0),
                from: Lin::constant(0),
                to: Lin {
                    w: 1,
                    ..Lin::default()
                },
            }]),
            ExprKind::Local(s) if *s == self.board => Av::Board,
            ExprKind::Local(s) => Av::Int(Lin::var(vars.iter().position(|v| v == s)?)),
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, vars)?,
            ExprKind::CallBuiltin(Builtin::Len, args) => match args.as_slice() {
                [a] => match self.expr(a, vars)? {
                    Av::Board => Av::Int(Lin {
                        h: 1,
                        ..Lin::default()
                    }),
                    Av::Str(segs) if whole_row(&segs).is_some() => Av::Int(Lin {
                        w: 1,
                        ..Lin::default()
                    }),
                    _ => return None,
                },
                _ => return None,
            },
            ExprKind::Index(xs, i) => {
                let i = self.expr(i, vars)?;
                match (self.expr(xs, vars)?, i) {
                    (Av::Board, Av::Int(r)) => {
                        self.rows.borrow_mut().push(r);
                        Av::Str(vec![Seg::Slice {
                            row: r,
                            from: Lin::constant(0),
                            to: Lin {
                                w: 1,
                                ..Lin::default()
                            },
                        }])
                    }
                    (Av::Str(segs), Av::Int(c)) => {
                        let row = unedited_row(&segs)?;
                        Av::Str(vec![Seg::Slice {
                            row,
                            from: c,
                            to: c.plus(Lin::constant(1), 1)?,
                        }])
                    }
                    (Av::Str(segs), Av::Range(from, to)) => {
                        let row = unedited_row(&segs)?;
                        Av::Str(vec![Seg::Slice { row, from, to }])
                    }
                    _ => return None,
                }
            }
            ExprKind::With(base, writes) => match self.expr(base, vars)? {
                Av::Board => self.grid_with(Vec::new(), writes, vars)?,
                Av::Grid(g) => self.grid_with(g, writes, vars)?,
                Av::Str(segs) => {
                    let (row, mut cells) = whole_row(&segs)?;
                    for (at, v) in writes {
                        let Av::Int(c) = self.expr(at, vars)? else {
                            return None;
                        };
                        let Av::Str(v) = self.expr(v, vars)? else {
                            return None;
                        };
                        let [Seg::Lit(ch)] = v.as_slice() else {
                            return None;
                        };
                        let [ch] = ch.as_slice() else {
                            return None;
                        };
                        cells.push((c, *ch));
                    }
                    Av::Str(vec![Seg::Edited { row, cells }])
                }
                _ => return None,
            },
            ExprKind::GameCall { game, family, args }
                if *game == self.this && family.is_empty() =>
            {
                match args.as_slice() {
                    [a] => match self.expr(a, vars)? {
                        Av::Board => Av::Game(Vec::new()),
                        Av::Grid(g) => Av::Game(g),
                        Av::Str(segs) if self.row => Av::Game(self.row_grid(&segs)?),
                        _ => return None,
                    },
                    _ => return None,
                }
            }
            ExprKind::CallBuiltin(Builtin::Regions, args) => {
                let (grid, free, mode) = match args.as_slice() {
                    [g, f] => (g, f, None),
                    [g, f, m] => (g, f, Some(m)),
                    _ => return None,
                };
                let grid = match self.expr(grid, vars)? {
                    Av::Board => Vec::new(),
                    Av::Grid(g) => g,
                    _ => return None,
                };
                let free = one_char(&self.expr(free, vars)?)?;
                let mode = match mode {
                    None => Symmetry::None,
                    Some(m) => {
                        let ExprKind::Const(Value::Str(name)) = &m.kind else {
                            return None;
                        };
                        Symmetry::from_name(name)?
                    }
                };
                Av::Regions(grid, free, mode)
            }
            ExprKind::CallBuiltin(Builtin::SumGames, args) => {
                let [arg] = args.as_slice() else {
                    return None;
                };
                let ExprKind::ListComp(comp) = &arg.kind else {
                    return None;
                };
                let ([Binder::In(SlotPattern::Slot(g), regions)], None) =
                    (comp.binders.as_slice(), &comp.condition)
                else {
                    return None;
                };
                let Av::Regions(grid, free, mode) = self.expr(regions, vars)? else {
                    return None;
                };
                let ExprKind::GameCall { game, family, args } = &comp.body.kind else {
                    return None;
                };
                let [ExprKind::Local(x)] = args.iter().map(|a| &a.kind).collect::<Vec<_>>()[..]
                else {
                    return None;
                };
                if *game != self.this || !family.is_empty() || x != g {
                    return None;
                }
                Av::Sum(grid, free, mode)
            }
            _ => return None,
        })
    }

    fn binary(&self, op: BinOp, a: &Expr, b: &Expr, vars: &Vars) -> Option<Av> {
        let (x, y) = (self.expr(a, vars)?, self.expr(b, vars)?);
        Some(match (op, x, y) {
            (BinOp::Add, Av::Int(x), Av::Int(y)) => Av::Int(x.plus(y, 1)?),
            (BinOp::Sub, Av::Int(x), Av::Int(y)) => Av::Int(x.plus(y, -1)?),
            (BinOp::RangeExcl, Av::Int(x), Av::Int(y)) => Av::Range(x, y),
            (BinOp::RangeIncl, Av::Int(x), Av::Int(y)) => {
                Av::Range(x, y.plus(Lin::constant(1), 1)?)
            }
            (BinOp::Concat, Av::Str(mut x), Av::Str(y)) => {
                x.extend(y);
                Av::Str(x)
            }
            (BinOp::And, Av::Cond(mut x), Av::Cond(y)) => {
                x.extend(y);
                Av::Cond(x)
            }
            (BinOp::Eq, Av::Str(x), Av::Str(y)) => Av::Cond(cells_equal(&x, &y)?),
            _ => return None,
        })
    }

    /// A cell `(r, c)`; on one string, row 0 is read as a binder of its
    /// own (index 1, which no rule has), at offset 0.
    fn cell(&self, r: Lin, c: Lin) -> Option<Cell> {
        if self.row && r == Lin::constant(0) {
            return Some(((1, 0), c.offset()?));
        }
        cell(r, c)
    }

    /// One string written: the grid of its one row, edited.
    fn row_grid(&self, segs: &[Seg]) -> Option<Grid> {
        let (row, cells) = whole_row(segs)?;
        (row == Lin::constant(0)).then(|| vec![(row, cells)])
    }

    /// `grid with [r] = ROW, …`: each ROW an edited copy of row r itself.
    fn grid_with(&self, mut grid: Grid, writes: &[(Expr, Expr)], vars: &Vars) -> Option<Av> {
        for (at, v) in writes {
            let Av::Int(r) = self.expr(at, vars)? else {
                return None;
            };
            let Av::Str(segs) = self.expr(v, vars)? else {
                return None;
            };
            let (row, cells) = whole_row(&segs)?;
            if row != r || grid.iter().any(|(q, _)| *q == r) {
                return None;
            }
            grid.push((r, cells));
        }
        Some(Av::Grid(grid))
    }
}

/// A cell `(x_i + a, x_j + b)` as ((i, a), (j, b)).
type Cell = ((usize, i64), (usize, i64));

fn cell(r: Lin, c: Lin) -> Option<Cell> {
    Some((r.offset()?, c.offset()?))
}

fn one_char(v: &Av) -> Option<char> {
    match v {
        Av::Str(segs) => match segs.as_slice() {
            [Seg::Lit(s)] => match s.as_slice() {
                [c] => Some(*c),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

/// `s == "…"` for a slice `s` of one row of constant length: the cells of
/// the slice, each equal to its character.
fn cells_equal(x: &[Seg], y: &[Seg]) -> Option<Vec<(Lin, Lin, char)>> {
    let (slice, lit) = match (x, y) {
        ([s @ Seg::Slice { .. }], [Seg::Lit(l)]) | ([Seg::Lit(l)], [s @ Seg::Slice { .. }]) => {
            (s, l)
        }
        _ => return None,
    };
    let Seg::Slice { row, from, to } = slice else {
        return None;
    };
    let len = to.plus(*from, -1)?;
    if len != Lin::constant(i64::try_from(lit.len()).ok()?) {
        return None;
    }
    lit.iter()
        .enumerate()
        .map(|(i, &ch)| Some((*row, from.plus(Lin::constant(i as i64), 1)?, ch)))
        .collect()
}

/// The row a string is when it is one whole row unedited.
fn unedited_row(segs: &[Seg]) -> Option<Lin> {
    match whole_row(segs)? {
        (row, cells) if cells.is_empty() => Some(row),
        _ => None,
    }
}

/// The row a string is, with its overwritten cells, when it is a whole row:
/// slices of that one row in order, from column 0 to the width, with
/// literals and edits between them.
fn whole_row(segs: &[Seg]) -> Option<(Lin, Vec<(Lin, char)>)> {
    let mut row: Option<Lin> = None;
    let mut at = Lin::constant(0);
    let mut cells = Vec::new();
    let width = Lin {
        w: 1,
        ..Lin::default()
    };
    let mut same_row = |r: Lin| *row.get_or_insert(r) == r;
    let mut bounds = Vec::new();
    for seg in segs {
        match seg {
            Seg::Lit(chars) => {
                for &ch in chars {
                    cells.push((at, ch));
                    at = at.plus(Lin::constant(1), 1)?;
                }
            }
            Seg::Slice { row: r, from, to } => {
                if !same_row(*r) || *from != at {
                    return None;
                }
                bounds.push((*from, *to));
                at = *to;
            }
            Seg::Edited { row: r, cells: c } => {
                if !same_row(*r) || at != Lin::constant(0) {
                    return None;
                }
                cells.extend(c.iter().copied());
                at = width;
            }
        }
    }
    // Every slice lies inside the row: each end is 0, the width, or next to
    // a written cell (which the rule's ranges keep inside the grid), and its
    // start is not after its end.
    let zero = Lin::constant(0);
    let one = Lin::constant(1);
    let known = |x: Lin| {
        x == zero
            || x == width
            || cells
                .iter()
                .any(|&(c, _)| x == c || c.plus(one, 1) == Some(x))
    };
    let ordered = |from: Lin, to: Lin| {
        from == zero
            || to == width
            || to
                .plus(from, -1)
                .is_some_and(|d| d.h == 0 && d.w == 0 && d.v == [0, 0] && d.k >= 0)
    };
    let inside = bounds
        .iter()
        .all(|&(from, to)| known(from) && known(to) && ordered(from, to));
    (at == width && inside).then_some((row?, cells))
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    /// What game `g` of `program` is read as.
    fn read(program: &str) -> Option<Placement> {
        super::super::compiled_of(program, "g")
            .placement
            .as_deref()
            .cloned()
    }

    const VERTICAL: &str =
        "b with [r] = (b[r] with [c] = \"#\"), [r + 1] = (b[r + 1] with [c] = \"#\")";
    const HORIZONTAL: &str = "b with [r] = (b[r] with [c] = \"#\", [c + 1] = \"#\")";
    const V_RANGE: &str =
        "for r in 0..len(b) - 1, c in 0..len(b[r]) where b[r][c] == \".\" and b[r + 1][c] == \".\"";
    const H_RANGE: &str =
        "for r in 0..len(b), c in 0..len(b[r]) - 1 where b[r][c] == \".\" and b[r][c + 1] == \".\"";

    fn game(left: &str, right: &str) -> String {
        format!("partizan game g(b: list) {{\n left {left}\n right {right}\n}}")
    }

    #[test]
    fn domineering_written_every_way() {
        let regions =
            |board: &str, mode: &str| format!("sum(g(x) for x in regions({board}, \".\"{mode}))");
        let slices = "b with [r] = b[r][0..c] ++ \"#\" ++ b[r][(c + 1)..len(b[r])], [r + 1] = b[r + 1][0..c] ++ \"#\" ++ b[r + 1][(c + 1)..len(b[r + 1])]";
        let two = "b with [r] = b[r][0..c] ++ \"##\" ++ b[r][(c + 2)..len(b[r])]";
        for (left, right) in [
            (format!("{VERTICAL} {V_RANGE}"), format!("{HORIZONTAL} {H_RANGE}")),
            (format!("g({VERTICAL}) {V_RANGE}"), format!("g({HORIZONTAL}) {H_RANGE}")),
            (format!("{slices} {V_RANGE}"), format!("{two} {H_RANGE}")),
            (
                format!("{} {V_RANGE}", regions(VERTICAL, "")),
                format!("{} {H_RANGE}", regions(HORIZONTAL, ", \"flips\"")),
            ),
            // columns first, inclusive ranges, the test written as a slice
            (
                format!("{VERTICAL} for c in 0..=len(b[0]) - 1, r in 0..=len(b) - 2 where b[r][c] == \".\" and b[r + 1][c] == \".\""),
                format!("{HORIZONTAL} for r in 0..len(b), c in 0..len(b[r]) - 1 where b[r][c..c + 2] == \"..\""),
            ),
        ] {
            assert_eq!(read(&game(&left, &right)), Some(Placement::domineering()), "{left}\n{right}");
        }
    }

    #[test]
    fn near_misses_are_not_placement_games() {
        for (left, right) in [
            // the last row left out: not every place the domino fits
            (format!("{VERTICAL} for r in 0..len(b) - 2, c in 0..len(b[r]) where b[r][c] == \".\" and b[r + 1][c] == \".\""), format!("{HORIZONTAL} {H_RANGE}")),
            // a covered cell not tested
            (format!("{VERTICAL} for r in 0..len(b) - 1, c in 0..len(b[r]) where b[r][c] == \".\""), format!("{HORIZONTAL} {H_RANGE}")),
            // a tested cell not covered
            (format!("b with [r] = (b[r] with [c] = \"#\") {V_RANGE}"), format!("{HORIZONTAL} {H_RANGE}")),
            // a cell written free
            (format!("b with [r] = (b[r] with [c] = \".\"), [r + 1] = (b[r + 1] with [c] = \"#\") {V_RANGE}"), format!("{HORIZONTAL} {H_RANGE}")),
            // all eight symmetries, though a transpose swaps the sides
            (format!("sum(g(x) for x in regions({VERTICAL}, \".\", \"dihedral\")) {V_RANGE}"), format!("{HORIZONTAL} {H_RANGE}")),
            // the rows moved
            (format!("b with [r] = b[r + 1], [r + 1] = b[r] {V_RANGE}"), format!("{HORIZONTAL} {H_RANGE}")),
        ] {
            assert_eq!(read(&game(&left, &right)), None, "{left}\n{right}");
        }
        let stop = format!("partizan game g(b: list) {{\n stop when len(b) > 3\n left {VERTICAL} {V_RANGE}\n right {HORIZONTAL} {H_RANGE}\n}}");
        assert_eq!(read(&stop), None);
    }

    #[test]
    fn move_rules_are_both_sides_pieces() {
        // Cram written partizan: both players place either domino.
        let p = format!("partizan game g(b: list) {{\n move {VERTICAL} {V_RANGE}\n move {HORIZONTAL} {H_RANGE}\n}}");
        let both = vec![vec![(0, 0), (0, 1)], vec![(0, 0), (1, 0)]];
        assert_eq!(
            read(&p),
            Some(Placement {
                free: '.',
                left: both.clone(),
                right: both,
            })
        );
    }

    #[test]
    fn images_of_a_domino() {
        let vertical: Piece = vec![(0, 0), (1, 0)];
        let horizontal: Piece = vec![(0, 0), (0, 1)];
        assert_eq!(piece_image(&vertical, 4), horizontal);
        assert_eq!(piece_image(&vertical, 1), vertical);
        assert_eq!(piece_image(&vertical, 3), vertical);
        let dom = Placement {
            free: '.',
            left: vec![vertical.clone()],
            right: vec![horizontal.clone()],
        };
        assert_eq!(dom.acts(0), Some(false));
        assert_eq!(dom.acts(3), Some(false));
        assert_eq!(dom.acts(4), Some(true));
        assert_eq!(dom.acts(7), Some(true));
        let ell: Piece = vec![(0, 0), (1, 0), (1, 1)];
        let odd = Placement {
            free: '.',
            left: vec![ell],
            right: vec![horizontal],
        };
        assert_eq!(odd.acts(1), None);
    }
}

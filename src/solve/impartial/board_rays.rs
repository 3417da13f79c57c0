//! Sliding pieces on boards (the queen, the bishop, riders): a game whose only
//! rules are `move s for d in {constant directions}, s in ray(sq, d)` is valued
//! over its whole board at once, without building a single option.
//!
//! A ray from q in direction d reaches q + d, q + 2d, … up to the first blocked
//! square or the edge, so its values are the values already seen on q's line in
//! direction d since the last blocked square, when every square is valued after
//! the squares it moves to. One growing bitset per line and direction, cleared at
//! each blocked square, gives each square's mex as a few word operations.
//!
//! Anything else (another rule, a condition, directions that make the game
//! loopy, a board too large for the dense memo grid, a position budget too small)
//! leaves the game to the general evaluator, which also reports every error.

use super::{Solver, UNKNOWN};
use crate::check::program::{Binder, Expr, ExprKind, Game, GameBody, Globals, SlotPattern};
use crate::eval::eval_error::EvalError;
use crate::eval::runtime::Runtime;
use crate::lang::board::BoardData;
use crate::lang::builtin::Builtin;
use crate::lang::value::{InstId, Pos, Value};
use crate::solve::tables::{key_of, Key};
use crate::syntax::ast::RuleKind;
use std::rc::Rc;

/// Largest direction component taken: beyond it `ray` itself may overflow, which
/// the general evaluator reports.
const MAX_STEP: u64 = 1 << 32;

/// A game recognised as moving only along rays, with its board.
#[derive(Debug)]
pub struct RayGame {
    /// The board.
    pub board: Rc<BoardData>,
    /// The directions, deduplicated, without those whose rays are always empty.
    pub dirs: Vec<(i64, i64)>,
}

/// The board and directions of `inst` when its rules are exactly
/// `move s for d in D, s in ray(sq, d)` or `move s for s in ray(sq, d)` with
/// constant directions; `None` otherwise.
pub fn ray_game(globals: &Globals, rt: &Runtime, inst: InstId) -> Option<RayGame> {
    let (game_id, family) = rt.inst(inst)?;
    let game = globals.games.get(*game_id)?;
    let board = rt.boards.get(game.board?)?.clone()?;
    let ([param], GameBody::Rules(rules), false) =
        (game.params.as_slice(), &game.body, game.partizan)
    else {
        return None;
    };
    let SlotPattern::Slot(sq) = param.pattern else {
        return None;
    };
    let consts = Consts { game, family, rt };
    let mut dirs = Vec::new();
    for rule in rules {
        let ExprKind::Local(s) = rule.option.kind else {
            return None;
        };
        if rule.kind != RuleKind::Move || rule.condition.is_some() || s == sq {
            return None;
        }
        let found = match rule.binders.as_slice() {
            [Binder::In(SlotPattern::Slot(d), set), Binder::In(SlotPattern::Slot(t), ray)]
                if *t == s && *d != s && *d != sq =>
            {
                if !is_ray(ray, sq, |e| matches!(e.kind, ExprKind::Local(x) if x == *d)) {
                    return None;
                }
                match consts.value(set)? {
                    Value::Set(xs) | Value::List(xs) | Value::Tuple(xs) => {
                        xs.iter().map(pair).collect::<Option<Vec<_>>>()?
                    }
                    _ => return None,
                }
            }
            [Binder::In(SlotPattern::Slot(t), ray)] if *t == s => {
                let mut found = None;
                if !is_ray(ray, sq, |e| {
                    found = consts.value(e).as_ref().and_then(pair);
                    found.is_some()
                }) {
                    return None;
                }
                vec![found?]
            }
            _ => return None,
        };
        dirs.extend(found);
    }
    for &(dx, dy) in &dirs {
        // A zero direction or a huge step is an error of `ray`.
        if (dx, dy) == (0, 0) || dx.unsigned_abs() > MAX_STEP || dy.unsigned_abs() > MAX_STEP {
            return None;
        }
    }
    // A step as long as the board in either coordinate never lands on it.
    dirs.retain(|&(dx, dy)| dx.abs() < board.width && dy.abs() < board.height);
    dirs.sort_unstable();
    dirs.dedup();
    Some(RayGame { board, dirs })
}

/// True when `e` is `ray(sq, d)` with `d` accepted by `dir`.
fn is_ray(e: &Expr, sq: usize, dir: impl FnOnce(&Expr) -> bool) -> bool {
    match &e.kind {
        ExprKind::CallBuiltin(Builtin::Ray, args) => match args.as_slice() {
            [from, d] => matches!(from.kind, ExprKind::Local(x) if x == sq) && dir(d),
            _ => false,
        },
        _ => false,
    }
}

/// A pair of integers.
fn pair(v: &Value) -> Option<(i64, i64)> {
    match v {
        Value::Tuple(t) => match t.as_ref() {
            [Value::Int(a), Value::Int(b)] => Some((*a, *b)),
            _ => None,
        },
        _ => None,
    }
}

/// Values known before any position: literals, `let` constants, family arguments.
struct Consts<'a> {
    game: &'a Game,
    family: &'a [Value],
    rt: &'a Runtime,
}

impl Consts<'_> {
    fn value(&self, e: &Expr) -> Option<Value> {
        match &e.kind {
            ExprKind::Const(v) => Some(v.clone()),
            ExprKind::Global(id) => self.rt.consts.get(*id)?.clone(),
            ExprKind::Local(s) => self.game.family.iter().zip(self.family).find_map(|(p, v)| {
                matches!(p.pattern, SlotPattern::Slot(x) if x == *s).then(|| v.clone())
            }),
            ExprKind::Tuple(items) => Some(Value::Tuple(self.values(items)?.into())),
            ExprKind::List(items) => Some(Value::List(self.values(items)?.into())),
            ExprKind::Set(items) => Some(Value::set_from(self.values(items)?)),
            _ => None,
        }
    }

    fn values(&self, items: &[Expr]) -> Option<Vec<Value>> {
        items.iter().map(|i| self.value(i)).collect()
    }
}

/// An order of the squares in which every option comes before its square: the
/// outer coordinate (rows, or columns) one way, the inner one another way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Order {
    cols_outer: bool,
    outer_up: bool,
    inner_up: bool,
}

/// The sign every nonzero item shares (0 when there is none), or `None`.
fn common_sign(items: impl Iterator<Item = i64>) -> Option<i64> {
    items.map(i64::signum).try_fold(0, |acc, s| match (acc, s) {
        (_, 0) => Some(acc),
        (0, s) => Some(s),
        (a, s) if a == s => Some(a),
        _ => None,
    })
}

/// The order that values every square after its options, if a sweep over rows
/// (or columns) has one: each direction must go to an earlier outer line, or
/// stay on it and go to an earlier square. Otherwise the game may be loopy.
fn order(dirs: &[(i64, i64)]) -> Option<Order> {
    [false, true].into_iter().find_map(|cols_outer| {
        let split = |&(dx, dy): &(i64, i64)| if cols_outer { (dx, dy) } else { (dy, dx) };
        let outer = common_sign(dirs.iter().map(split).map(|(a, _)| a))?;
        let inner = common_sign(
            dirs.iter()
                .map(split)
                .filter(|(a, _)| *a == 0)
                .map(|(_, b)| b),
        )?;
        Some(Order {
            cols_outer,
            outer_up: outer <= 0,
            inner_up: inner <= 0,
        })
    })
}

/// The lines of one direction on a `w` × `h` board. A line is the chain
/// q, q + d, q + 2d, … inside the board, named by where it enters: its square
/// furthest back (−d) lies within |dx| columns of one side or within |dy| rows
/// of one end.
#[derive(Debug, Clone, Copy)]
struct Lines {
    dx: i64,
    dy: i64,
    /// The first word of this direction's bitsets.
    base: usize,
}

impl Lines {
    /// How many lines: |dx|·h entering through a side, |dy|·w through an end.
    fn count(dx: i64, dy: i64, w: i64, h: i64) -> usize {
        (dx.abs() * h + dy.abs() * w) as usize
    }

    /// The longest ray in this direction.
    fn longest(dx: i64, dy: i64, w: i64, h: i64) -> i64 {
        let along = |d: i64, len: i64| {
            if d == 0 {
                i64::MAX
            } else {
                (len - 1) / d.abs()
            }
        };
        along(dx, w).min(along(dy, h))
    }

    /// The line of square (c, r).
    fn line(&self, c: i64, r: i64, w: i64, h: i64) -> usize {
        let (dx, dy) = (self.dx, self.dy);
        // Steps back (−d) that stay on the board in one coordinate; the
        // coordinate that runs out first is where the line enters.
        let back = |p: i64, d: i64, len: i64| match d {
            1 => p - 1,
            -1 => len - p,
            0 => i64::MAX,
            d if d > 0 => (p - 1) / d,
            d => (len - p) / -d,
        };
        let (tx, ty) = (back(c, dx, w), back(r, dy, h));
        let t = tx.min(ty);
        let (ex, ey) = (c - t * dx, r - t * dy);
        let off = |e: i64, d: i64, len: i64| if d < 0 { len - e } else { e - 1 };
        let id = if tx <= ty {
            off(ex, dx, w) * h + (ey - 1)
        } else {
            dx.abs() * h + off(ey, dy, h) * w + (ex - 1)
        };
        id as usize
    }
}

impl<'s, 'a> Solver<'s, 'a> {
    /// Values every open square of a ray game's board with per-line mex sets, the
    /// first time one of its squares is asked for. Does nothing for other games.
    pub(super) fn fill_board_rays(&mut self, inst: InstId, pos: &Pos) -> Result<(), EvalError> {
        if !self.games.budget.limits().kernels
            || self.tables.inst(inst).is_some_and(|t| t.rays_tried)
        {
            return Ok(());
        }
        let Some(game) = ray_game(self.games.globals, self.games.rt, inst) else {
            self.tables.inst_mut(inst).rays_tried = true;
            return Ok(());
        };
        // A position that is not an open square is the general evaluator's error.
        match (pos.len(), key_of(pos)) {
            (1, Key::Two(c, r)) if game.board.open(c as i64, r as i64) => {}
            _ => return Ok(()),
        }
        self.fill_rays(inst, &game)?;
        self.tables.inst_mut(inst).rays_tried = true;
        Ok(())
    }

    /// The sweep itself; declines (leaving the board to the search) when the
    /// board or its lines do not fit.
    fn fill_rays(&mut self, inst: InstId, game: &RayGame) -> Result<(), EvalError> {
        let budget = self.games.budget;
        let span = self.span;
        let limit = |e| EvalError::limit(e, span);
        let board = &game.board;
        let (w, h) = (board.width, board.height);
        let Some(order) = order(&game.dirs) else {
            return Ok(());
        };
        let open = board.blocked.iter().filter(|b| !**b).count();
        let cells = (w as usize).saturating_mul(h as usize);
        if open > budget.positions_left() {
            return Ok(());
        }
        let Some((lines, total, words)) = line_layout(game, cells) else {
            return Ok(());
        };
        let t = self.tables.inst_mut(inst);
        t.memo
            .reserve_grid(w as usize + 1, h as usize + 1, budget)
            .map_err(limit)?;
        let (_, rows, cols) = t.memo.grid_view();
        if rows <= w as usize || cols <= h as usize {
            return Ok(()); // the dense grid cannot hold the board
        }
        budget
            .reserve(total.saturating_mul(std::mem::size_of::<u64>()))
            .map_err(limit)?;
        let mut bits = vec![0u64; total];
        let mut at: Vec<usize> = Vec::with_capacity(lines.len());
        let mut max = t.max;
        let (outer, inner) = if order.cols_outer { (w, h) } else { (h, w) };
        for i in 0..outer {
            let a = if order.outer_up { 1 + i } else { outer - i };
            for j in 0..inner {
                budget.tick().map_err(limit)?;
                let b = if order.inner_up { 1 + j } else { inner - j };
                let (c, r) = if order.cols_outer { (a, b) } else { (b, a) };
                at.clear();
                at.extend(lines.iter().map(|l| l.base + l.line(c, r, w, h) * words));
                let Some(v) = visit(&mut bits, &at, words, board.open(c, r)) else {
                    continue;
                };
                if t.memo.get_small([c, r], 2) == UNKNOWN {
                    max = max.max(v);
                    t.memo.set_small([c, r], 2, v, budget).map_err(limit)?;
                }
            }
        }
        t.max = max;
        Ok(())
    }
}

/// The lines of every direction over the board, with where each
/// direction's bitsets start: the lines, their total words and the words per
/// line. `None` when very long steps make many short lines, more than the
/// grid is worth (`cells` squares).
fn line_layout(game: &RayGame, cells: usize) -> Option<(Vec<Lines>, usize, usize)> {
    let (w, h) = (game.board.width, game.board.height);
    // A square's value is at most its number of options.
    let most: i64 = game
        .dirs
        .iter()
        .map(|&(dx, dy)| Lines::longest(dx, dy, w, h))
        .sum();
    let words = (most / 64 + 1) as usize;
    let mut lines = Vec::with_capacity(game.dirs.len());
    let mut total = 0usize;
    for &(dx, dy) in &game.dirs {
        lines.push(Lines {
            dx,
            dy,
            base: total,
        });
        total = total.saturating_add(Lines::count(dx, dy, w, h).saturating_mul(words));
    }
    (total <= cells.saturating_mul(2).saturating_add(1 << 16)).then_some((lines, total, words))
}

/// One square of the sweep, its lines' bitsets starting at `at`: an open
/// square's value is the mex of their union, then joins each; a blocked square
/// ends every line through it (`None`).
fn visit(bits: &mut [u64], at: &[usize], words: usize, open: bool) -> Option<u32> {
    if !open {
        for &o in at {
            if let Some(set) = bits.get_mut(o..o + words) {
                set.fill(0);
            }
        }
        return None;
    }
    let v = mex_at(bits, at, words);
    for &o in at {
        if let Some(word) = bits.get_mut(o + (v / 64) as usize) {
            *word |= 1 << (v % 64);
        }
    }
    Some(v)
}

/// The mex of the union of the bitsets starting at `at`, each `words` long.
fn mex_at(bits: &[u64], at: &[usize], words: usize) -> u32 {
    for k in 0..words {
        let union = at
            .iter()
            .fold(0u64, |acc, &o| acc | bits.get(o + k).copied().unwrap_or(0));
        if union != u64::MAX {
            return (k * 64) as u32 + (!union).trailing_zeros();
        }
    }
    (words * 64) as u32
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn orders_put_options_first() {
        let queen = [(-1, 0), (0, -1), (-1, -1)];
        let o = order(&queen).unwrap();
        assert!(o.outer_up && o.inner_up);
        // Bishops going up: rows from the top down.
        let o = order(&[(-1, 1), (1, 1)]).unwrap();
        assert_eq!((o.cols_outer, o.outer_up), (false, false));
        // A rook in four directions is loopy; so is a piece going both ways on a row.
        assert_eq!(order(&[(-1, 0), (1, 0), (0, -1), (0, 1)]), None);
        assert_eq!(order(&[(-1, 0), (1, 0)]), None);
        assert_eq!(order(&[(-1, 0), (1, 0), (1, 1), (0, 1)]), None);
        // Right along a row, down a column: rows up, each row from the right.
        let o = order(&[(1, 0), (0, -1)]).unwrap();
        assert_eq!((o.cols_outer, o.outer_up, o.inner_up), (false, true, false));
        // Only a sweep by columns fits (2, 1) with (0, -1).
        let o = order(&[(2, 1), (0, -1)]).unwrap();
        assert_eq!((o.cols_outer, o.outer_up, o.inner_up), (true, false, true));
    }

    #[test]
    fn lines_partition_each_direction() {
        // Squares share a line exactly when they differ by a multiple of d, and
        // every id is below the count.
        let (w, h) = (7, 5);
        for (dx, dy) in [
            (-1, 0),
            (0, -1),
            (-1, -1),
            (1, -1),
            (-2, 1),
            (3, -2),
            (0, 4),
        ] {
            let l = Lines { dx, dy, base: 0 };
            let n = Lines::count(dx, dy, w, h);
            let squares: Vec<(i64, i64)> =
                (1..=w).flat_map(|c| (1..=h).map(move |r| (c, r))).collect();
            for &(c, r) in &squares {
                let id = l.line(c, r, w, h);
                assert!(id < n, "{dx},{dy} at {c},{r}: {id} of {n}");
                for &(c2, r2) in &squares {
                    let (ex, ey) = (c2 - c, r2 - r);
                    let k = if dx != 0 { ex / dx } else { ey / dy };
                    let same = ex == k * dx && ey == k * dy;
                    assert_eq!(
                        l.line(c2, r2, w, h) == id,
                        same,
                        "{dx},{dy}: {c},{r} {c2},{r2}"
                    );
                }
            }
        }
    }
}

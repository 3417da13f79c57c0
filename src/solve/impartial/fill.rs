//! Connects compiled kernels to the solver: compiles an instance on first use,
//! fills memo tables bottom-up below a queried position (where the rules allow
//! it, every option of a position is then already known), and values a single
//! position with its kernel.

use super::kernel::run::{run, KOut, Scratch};
use super::{Solver, IN_PROGRESS, UNKNOWN};
use crate::check::program::{Constructor, GameBody};
use crate::eval::eval_error::EvalError;
use crate::game::compiled::ir::Kernel;
use crate::lang::value::{InstId, Pos, Value};
use crate::solve::tables::{key_of, Key, GRID_CAP};
use std::rc::Rc;

/// Largest heap the bottom-up fill will reach for one query.
const FILL_HEAP: usize = 1 << 26;
/// Largest box of two-parameter positions the fill will sweep.
const FILL_BOX: usize = 1 << 22;

/// The outcome of valuing one position with a kernel.
pub enum KernelStep {
    /// The kernel does not apply; use the general evaluator.
    NoKernel,
    /// The position's value, stored in the memo.
    Done,
    /// These positions must be solved first.
    Needs(Vec<(InstId, Pos)>),
}

/// A kernel position from a memo key.
fn kernel_pos(kernel: &Kernel, key: Key) -> Option<[i64; 2]> {
    match (kernel.params, key) {
        (1, Key::One(n)) => Some([n as i64, 0]),
        (2, Key::Two(x, y)) => Some([x as i64, y as i64]),
        _ => None,
    }
}

impl<'s, 'a> Solver<'s, 'a> {
    /// The compiled kernel of an instance, when compiled rules are in use.
    pub fn kernel_for(&mut self, inst: InstId) -> Option<Rc<Kernel>> {
        if !self.games.budget.limits().kernels {
            return None;
        }
        self.games.compiled(inst).kernel.clone()
    }

    /// Values one position with its instance's kernel.
    pub fn kernel_step(
        &mut self,
        inst: InstId,
        pos: &Pos,
        scratch: &mut Scratch,
    ) -> Result<KernelStep, EvalError> {
        let Some(kernel) = self.kernel_for(inst) else {
            return Ok(KernelStep::NoKernel);
        };
        if pos.len() != kernel.params {
            return Ok(KernelStep::NoKernel);
        }
        let Some(p) = kernel_pos(&kernel, key_of(pos)) else {
            return Ok(KernelStep::NoKernel);
        };
        let budget = self.games.budget;
        Ok(
            match run(&kernel, inst, p, self.tables, budget, None, scratch) {
                KOut::Value(v) => {
                    self.store(inst, pos, v)?;
                    KernelStep::Done
                }
                KOut::Pending => KernelStep::Needs(
                    scratch
                        .pending
                        .iter()
                        .map(|(i, p, arity)| {
                            let pos: Vec<Value> =
                                p.iter().take(*arity).map(|&v| Value::Int(v)).collect();
                            (*i, Pos::from(pos))
                        })
                        .collect(),
                ),
                KOut::Fallback => KernelStep::NoKernel,
                KOut::Limit(e) => return Err(self.limit(e)),
            },
        )
    }

    /// Offers every position below `pos` (heaps 0..=n, or the box [0..=x]×[0..=y])
    /// to the kernel in increasing order, so a later search finds its options known.
    /// Positions the kernel cannot value are left to the search.
    ///
    /// The fill is skipped when the box would not fit the position budget: a
    /// search then needs only the positions it reaches. A piece sliding along
    /// rays on a board has its whole board swept first ([`super::board_rays`]).
    pub fn fill_below(&mut self, inst: InstId, pos: &Pos) -> Result<(), EvalError> {
        self.fill_board_rays(inst, pos)?;
        let filled = self.tables.inst(inst).map_or((0, 0), |t| t.filled);
        let room = self.games.budget.positions_left();
        if let (Key::One(n), Some(set)) = (key_of(pos), self.subtraction_set(inst)) {
            if n < FILL_HEAP && n >= filled.0 && n < room {
                self.fill_subtraction(inst, &set, filled.0, n)?;
                self.set_filled(inst, (n + 1, 0));
            }
            return Ok(());
        }
        let Some(kernel) = self.kernel_for(inst) else {
            return Ok(());
        };
        let budget = self.games.budget;
        let mut scratch = Scratch::default();
        // Moves along whole rays from a fresh table are valued by per-line mex
        // sets, a few word operations a position: such a fill may cover the
        // largest grid the tables keep.
        let rays = (filled == (0, 0))
            .then(|| kernel.ray_directions())
            .flatten();
        let fill_box = if rays.is_some() { GRID_CAP } else { FILL_BOX };
        match (kernel.params, key_of(pos)) {
            (1, Key::One(n)) if n < FILL_HEAP && n >= filled.0 && n < room => {
                self.tables
                    .inst_mut(inst)
                    .memo
                    .reserve_heaps(n + 1, budget)
                    .map_err(|e| self.limit(e))?;
                let mut start = filled.0;
                if let Some(window) = &self.games.compiled(inst).shape.window {
                    start = start.max(self.fill_window(inst, window, n)?);
                    if start > n {
                        self.set_filled(inst, (n + 1, 0));
                        return Ok(());
                    }
                }
                if filled.0 == 0 && kernel.splits(inst) {
                    let mode = budget.limits().sparse;
                    self.tables.inst_mut(inst).sparse.start(mode);
                }
                for m in start..=n {
                    self.fill_one(&kernel, inst, [m as i64, 0], 1, &mut scratch)?;
                }
                self.set_filled(inst, (n + 1, 0));
            }
            (2, Key::Two(x, y))
                if (x + 1).saturating_mul(y + 1) <= fill_box.min(room)
                    && (x >= filled.0 || y >= filled.1) =>
            {
                let (fx, fy) = (
                    x.max(filled.0.saturating_sub(1)),
                    y.max(filled.1.saturating_sub(1)),
                );
                self.tables
                    .inst_mut(inst)
                    .memo
                    .reserve_grid(fx + 1, fy + 1, budget)
                    .map_err(|e| self.limit(e))?;
                if let Some(dirs) = rays {
                    if self.fill_lines(&kernel, &dirs, inst, fx, fy)? {
                        self.set_filled(inst, (fx + 1, fy + 1));
                        return Ok(());
                    }
                }
                for a in 0..=fx {
                    for b in 0..=fy {
                        if a < filled.0 && b < filled.1 {
                            continue;
                        }
                        self.fill_one(&kernel, inst, [a as i64, b as i64], 2, &mut scratch)?;
                    }
                }
                self.set_filled(inst, (fx + 1, fy + 1));
            }
            _ => {}
        }
        Ok(())
    }

    /// Values one position of the fill if all its options are known (otherwise
    /// the search will find it).
    fn fill_one(
        &mut self,
        kernel: &Kernel,
        inst: InstId,
        p: [i64; 2],
        arity: usize,
        scratch: &mut Scratch,
    ) -> Result<(), EvalError> {
        let budget = self.games.budget;
        budget.tick().map_err(|e| self.limit(e))?;
        // Heaps and grid cells are read and written in the dense tables directly:
        // no position value is built per cell.
        let known = self
            .tables
            .inst(inst)
            .map_or(UNKNOWN, |t| t.memo.get_small(p, arity));
        let heap = (arity == 1).then_some(p[0] as usize);
        if known != UNKNOWN {
            if let (Some(n), true) = (heap, known < IN_PROGRESS) {
                let t = self.tables.inst_mut(inst);
                t.sparse.record(n, known);
            }
            return Ok(());
        }
        let sparse = heap.and_then(|n| self.tables.inst(inst).and_then(|t| t.sparse.view(n)));
        match run(kernel, inst, p, self.tables, budget, sparse, scratch) {
            KOut::Value(v) => {
                let t = self.tables.inst_mut(inst);
                t.max = t.max.max(v);
                t.memo
                    .set_small(p, arity, v, budget)
                    .map_err(|e| EvalError::limit(e, self.span))?;
                if let Some(n) = heap {
                    t.sparse.record(n, v);
                }
            }
            KOut::Limit(e) => return Err(self.limit(e)),
            KOut::Pending | KOut::Fallback => {}
        }
        Ok(())
    }

    /// The subtraction set of a `subtraction {…}` game or of rules of that shape.
    fn subtraction_set(&mut self, inst: InstId) -> Option<Vec<i64>> {
        if !self.games.budget.limits().kernels {
            return None;
        }
        let game = self.games.game(inst)?;
        if let GameBody::Constructed(Constructor::Subtraction(set)) = &game.body {
            return Some(set.clone());
        }
        self.kernel_for(inst)?.subtraction_set()
    }

    /// Subtraction games bottom-up: g(m) = mex{g(m − s) : s ∈ S, s ≤ m}. The mex of
    /// |S| values is at most |S|, so for |S| < 64 one machine word is the mex set.
    fn fill_subtraction(
        &mut self,
        inst: InstId,
        set: &[i64],
        from: usize,
        to: usize,
    ) -> Result<(), EvalError> {
        if set.len() >= 64 || to < from {
            return Ok(());
        }
        let budget = self.games.budget;
        let span = self.span;
        let set: Vec<usize> = set.iter().map(|&s| s as usize).collect();
        let t = self.tables.inst_mut(inst);
        t.memo
            .reserve_heaps(to + 1, budget)
            .map_err(|e| EvalError::limit(e, span))?;
        let mut added = 0;
        let mut max = t.max;
        let g = t.memo.dense_mut();
        for m in from..=to {
            if m & 0xFFF == 0 {
                if let Err(e) = budget.ticks(0x1000) {
                    t.max = max;
                    t.memo
                        .add_len(added, budget)
                        .map_err(|e| EvalError::limit(e, span))?;
                    return Err(EvalError::limit(e, span));
                }
            }
            if g.get(m).copied().unwrap_or(UNKNOWN) != UNKNOWN {
                continue;
            }
            let mut seen = 0u64;
            for &s in &set {
                if s > m {
                    break;
                }
                let v = g.get(m - s).copied().unwrap_or(UNKNOWN);
                if v >= 64 {
                    // Not filled bottom-up after all: leave the rest to the search.
                    t.max = max;
                    return t
                        .memo
                        .add_len(added, budget)
                        .map_err(|e| EvalError::limit(e, span));
                }
                seen |= 1 << v;
            }
            let v = (!seen).trailing_zeros();
            if let Some(slot) = g.get_mut(m) {
                *slot = v;
            }
            max = max.max(v);
            added += 1;
        }
        t.max = max;
        t.memo
            .add_len(added, budget)
            .map_err(|e| EvalError::limit(e, span))
    }

    fn set_filled(&mut self, inst: InstId, filled: (usize, usize)) {
        self.tables.inst_mut(inst).filled = filled;
    }
}

//! Connects compiled kernels to the solver: compiles an instance on first use,
//! fills memo tables bottom-up below a queried position (where the rules allow
//! it, every option of a position is then already known), and values a single
//! position with its kernel.

use super::kernel::compile::compile;
use super::kernel::run::{run, KOut, Scratch};
use super::kernel::Kernel;
use super::memo::{key_of, Key, UNKNOWN};
use crate::eval::interp::Interp;
use crate::eval::value::{InstId, Pos, Value};
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

impl<'a> Interp<'a> {
    /// The compiled kernel of an instance, compiling it on first use.
    pub fn kernel_for(&mut self, inst: InstId) -> Option<Rc<Kernel>> {
        if !self.rt.limits.kernels {
            return None;
        }
        let known = self.rt.inst(inst).and_then(|i| i.kernel.clone());
        if let Some(k) = known {
            return k;
        }
        let compiled = compile(self.globals, self.rt, inst).map(Rc::new);
        if let Some((_, i)) = self.rt.instances.get_index_mut(inst.0 as usize) {
            i.kernel = Some(compiled.clone());
        }
        compiled
    }

    /// Values one position with its instance's kernel.
    pub fn kernel_step(&mut self, inst: InstId, pos: &Pos, scratch: &mut Scratch) -> KernelStep {
        let Some(kernel) = self.kernel_for(inst) else {
            return KernelStep::NoKernel;
        };
        if pos.len() != kernel.params {
            return KernelStep::NoKernel;
        }
        let Some(p) = kernel_pos(&kernel, key_of(pos)) else {
            return KernelStep::NoKernel;
        };
        match run(
            &kernel,
            inst,
            p,
            &self.rt.instances,
            &self.rt.cancel,
            scratch,
        ) {
            KOut::Value(v) => {
                self.store(inst, pos, v);
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
        }
    }

    fn store(&mut self, inst: InstId, pos: &Pos, v: u32) {
        if let Some((_, i)) = self.rt.instances.get_index_mut(inst.0 as usize) {
            if i.memo.set(key_of(pos), pos, v) {
                self.rt.positions += 1;
            }
        }
    }

    /// Offers every position below `pos` (heaps 0..=n, or the box [0..=x]×[0..=y])
    /// to the kernel in increasing order, so a later search finds its options known.
    /// Positions the kernel cannot value are left to the search.
    pub fn fill_below(&mut self, inst: InstId, pos: &Pos) {
        let filled = self.rt.inst(inst).map_or((0, 0), |i| i.filled);
        if let (Key::One(n), Some(set)) = (key_of(pos), self.subtraction_set(inst)) {
            if n < FILL_HEAP && n >= filled.0 {
                self.fill_subtraction(inst, &set, filled.0, n);
                self.set_filled(inst, (n + 1, 0));
            }
            return;
        }
        let Some(kernel) = self.kernel_for(inst) else {
            return;
        };
        let mut scratch = Scratch::default();
        match (kernel.params, key_of(pos)) {
            (1, Key::One(n)) if n < FILL_HEAP && n >= filled.0 => {
                if let Some((_, i)) = self.rt.instances.get_index_mut(inst.0 as usize) {
                    i.memo.reserve_heaps(n + 1);
                }
                for m in filled.0..=n {
                    if !self.fill_one(&kernel, inst, [m as i64, 0], 1, &mut scratch) {
                        break;
                    }
                }
                self.set_filled(inst, (n + 1, 0));
            }
            (2, Key::Two(x, y))
                if (x + 1).saturating_mul(y + 1) <= FILL_BOX
                    && (x >= filled.0 || y >= filled.1) =>
            {
                let (fx, fy) = (
                    x.max(filled.0.saturating_sub(1)),
                    y.max(filled.1.saturating_sub(1)),
                );
                if let Some((_, i)) = self.rt.instances.get_index_mut(inst.0 as usize) {
                    i.memo.reserve_grid(fx + 1, fy + 1);
                }
                // Moves along whole rays from a fresh table: per-line mex sets.
                if filled == (0, 0) {
                    if let Some(dirs) = kernel.ray_directions() {
                        if self.fill_lines(&kernel, &dirs, inst, fx, fy) {
                            self.set_filled(inst, (fx + 1, fy + 1));
                            return;
                        }
                    }
                }
                'sweep: for a in 0..=fx {
                    for b in 0..=fy {
                        if a < filled.0 && b < filled.1 {
                            continue;
                        }
                        if !self.fill_one(&kernel, inst, [a as i64, b as i64], 2, &mut scratch) {
                            break 'sweep;
                        }
                    }
                }
                self.set_filled(inst, (fx + 1, fy + 1));
            }
            _ => {}
        }
    }

    /// Values one position of the fill if all its options are known; false
    /// when the fill must stop (position limit or Ctrl-C).
    fn fill_one(
        &mut self,
        kernel: &Kernel,
        inst: InstId,
        p: [i64; 2],
        arity: usize,
        scratch: &mut Scratch,
    ) -> bool {
        if self.rt.positions >= self.rt.limits.max_positions || self.rt.cancelled() {
            return false;
        }
        // Heaps and grid cells are read and written in the dense tables directly:
        // no position value is built per cell.
        let known = self
            .rt
            .inst(inst)
            .map_or(UNKNOWN, |i| i.memo.get_small(p, arity));
        if known != UNKNOWN {
            return true;
        }
        if let KOut::Value(v) = run(
            kernel,
            inst,
            p,
            &self.rt.instances,
            &self.rt.cancel,
            scratch,
        ) {
            if let Some((_, i)) = self.rt.instances.get_index_mut(inst.0 as usize) {
                if i.memo.set_small(p, arity, v) {
                    self.rt.positions += 1;
                }
            }
        }
        true
    }

    /// The subtraction set of a `subtraction {…}` game or of rules of that shape.
    fn subtraction_set(&mut self, inst: InstId) -> Option<Vec<i64>> {
        if !self.rt.limits.kernels {
            return None;
        }
        let game = self.inst_game(inst)?;
        if let crate::check::program::GameBody::Constructed(
            crate::check::program::Constructor::Subtraction(set),
        ) = &game.body
        {
            return Some(set.clone());
        }
        self.kernel_for(inst)?.subtraction_set()
    }

    /// Subtraction games bottom-up: g(m) = mex{g(m − s) : s ∈ S, s ≤ m}. The mex of
    /// |S| values is at most |S|, so for |S| < 64 one machine word is the mex set.
    fn fill_subtraction(&mut self, inst: InstId, set: &[i64], from: usize, to: usize) {
        let room = self
            .rt
            .limits
            .max_positions
            .saturating_sub(self.rt.positions);
        let to = to.min(from.saturating_add(room).saturating_sub(1));
        if set.len() >= 64 || to < from {
            return;
        }
        let set: Vec<usize> = set.iter().map(|&s| s as usize).collect();
        let Some((_, instance)) = self.rt.instances.get_index_mut(inst.0 as usize) else {
            return;
        };
        let memo = &mut instance.memo;
        memo.reserve_heaps(to + 1);
        let mut added = 0;
        let mut max = memo.max;
        let g = &mut memo.dense;
        for m in from..=to {
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
                    memo.max = max;
                    self.rt.positions += added;
                    return;
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
        memo.max = max;
        self.rt.positions += added;
    }

    fn set_filled(&mut self, inst: InstId, filled: (usize, usize)) {
        if let Some((_, i)) = self.rt.instances.get_index_mut(inst.0 as usize) {
            i.filled = filled;
        }
    }
}

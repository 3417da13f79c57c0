//! Sprague-Grundy values by an iterative depth-first search with an explicit
//! stack (never recursion per position), memoised per instance, with cycle
//! detection, a position budget and cancellation.

use super::fill::KernelStep;
use super::kernel::run::Scratch;
use super::memo::{key_of, IN_PROGRESS, UNKNOWN};
use crate::check::program::{Constructor, GameBody};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::eval::interp::Interp;
use crate::eval::nimber::nim_mul;
use crate::eval::options::{OptionList, Side};
use crate::eval::print::show_position;
use crate::eval::value::{Component, InstId, Pos};

/// Heaps of constructed games from this size on are answered from the proven period.
const HUGE_HEAP: i64 = 10_000;

/// One position on the search stack.
struct Frame {
    inst: InstId,
    pos: Pos,
    /// Its unknown options were pushed; the next visit computes its value.
    expanded: bool,
}

/// The mex of `values`, using `bits` as scratch space.
pub fn mex(values: &[u64], bits: &mut Vec<u64>) -> u32 {
    let n = values.len() + 1;
    bits.clear();
    bits.resize(n.div_ceil(64), 0);
    for &v in values {
        if (v as usize) < n {
            if let Some(word) = bits.get_mut((v / 64) as usize) {
                *word |= 1 << (v % 64);
            }
        }
    }
    for (i, word) in bits.iter().enumerate() {
        if *word != u64::MAX {
            return (i * 64 + (!word).trailing_zeros() as usize) as u32;
        }
    }
    (bits.len() * 64) as u32
}

impl<'a> Interp<'a> {
    /// The stored state of a position.
    pub fn memo_get(&self, inst: InstId, pos: &Pos) -> u32 {
        self.rt
            .inst(inst)
            .map_or(UNKNOWN, |i| i.memo.get(key_of(pos), pos))
    }

    fn memo_set(&mut self, inst: InstId, pos: &Pos, value: u32) -> bool {
        match self.rt.instances.get_index_mut(inst.0 as usize) {
            Some((_, i)) => i.memo.set(key_of(pos), pos, value),
            None => false,
        }
    }

    /// The Grundy value of one component.
    pub fn grundy_component(&mut self, c: &Component, span: Span) -> Result<u64, EvalError> {
        match c {
            Component::Nimber(k) => Ok(*k),
            Component::Pos(inst, pos) => self.grundy_pos(*inst, pos, span),
        }
    }

    /// The Grundy value of a sum: the nim-sum of its components' values.
    pub fn grundy_sum(&mut self, parts: &[Component], span: Span) -> Result<u64, EvalError> {
        let mut x = 0;
        for c in parts {
            x ^= self.grundy_component(c, span)?;
        }
        Ok(x)
    }

    /// A value known without search: the tartan product of two coin games, or a
    /// huge heap of a constructed game answered from its proven period.
    fn direct_value(
        &mut self,
        inst: InstId,
        pos: &Pos,
        span: Span,
    ) -> Option<Result<u64, EvalError>> {
        let game = self.inst_game(inst)?;
        match &game.body {
            GameBody::Constructed(Constructor::Tartan(a, b)) => {
                Some(self.tartan_value(a, b, pos, span))
            }
            GameBody::Constructed(_) => {
                let n = match pos.first() {
                    Some(crate::eval::value::Value::Int(n)) if *n >= HUGE_HEAP => *n as u64,
                    _ => return None,
                };
                match self.value_by_period(inst, n, span) {
                    Ok(Some(v)) => Some(Ok(v)),
                    Ok(None) => None,
                    Err(e) => Some(Err(e)),
                }
            }
            GameBody::Rules(_) => None,
        }
    }

    fn tartan_value(
        &mut self,
        a: &crate::check::program::Expr,
        b: &crate::check::program::Expr,
        pos: &Pos,
        span: Span,
    ) -> Result<u64, EvalError> {
        let mut frame = Vec::new();
        let factor = |me: &mut Self, e: &crate::check::program::Expr, frame: &mut Vec<_>| match me
            .eval(
            e, frame,
        )? {
            crate::eval::value::Value::GameFn(f) => Ok(f.inst),
            other => Err(EvalError::expected(
                "a game name in `tartan(G, H)`",
                other.kind_name(),
                e.span,
            )),
        };
        let ga = factor(self, a, &mut frame)?;
        let gb = factor(self, b, &mut frame)?;
        let (Some(x), Some(y)) = (pos.first(), pos.get(1)) else {
            return Err(EvalError::other(
                "a tartan position has two coordinates",
                "write `g(x, y)`",
                span,
            ));
        };
        let vx = self.grundy_pos(ga, &Pos::from(vec![x.clone()]), span)?;
        let vy = self.grundy_pos(gb, &Pos::from(vec![y.clone()]), span)?;
        Ok(nim_mul(vx, vy))
    }

    /// The Grundy value of one position, solving everything it needs.
    pub fn grundy_pos(&mut self, inst: InstId, pos: &Pos, span: Span) -> Result<u64, EvalError> {
        let known = self.memo_get(inst, pos);
        if known < IN_PROGRESS {
            return Ok(u64::from(known));
        }
        if let Some(v) = self.direct_value(inst, pos, span) {
            return v;
        }
        self.fill_below(inst, pos);
        let known = self.memo_get(inst, pos);
        if known < IN_PROGRESS {
            return Ok(u64::from(known));
        }
        let mut stack = vec![Frame {
            inst,
            pos: pos.clone(),
            expanded: false,
        }];
        let result = self.search(&mut stack, span);
        if result.is_err() {
            // Leave no position marked as on the path.
            for f in &stack {
                if self.memo_get(f.inst, &f.pos) == IN_PROGRESS {
                    self.memo_set(f.inst, &f.pos, UNKNOWN);
                }
            }
        }
        result?;
        Ok(u64::from(self.memo_get(inst, pos)))
    }

    fn search(&mut self, stack: &mut Vec<Frame>, span: Span) -> Result<(), EvalError> {
        let mut options = OptionList::default();
        let mut values: Vec<u64> = Vec::new();
        let mut pending: Vec<(InstId, Pos)> = Vec::new();
        let mut bits = Vec::new();
        let mut scratch = Scratch::default();
        let mut steps: u32 = 0;
        while let Some(top) = stack.last() {
            let (inst, pos) = (top.inst, top.pos.clone());
            let state = self.memo_get(inst, &pos);
            if state < IN_PROGRESS {
                stack.pop();
                continue;
            }
            if state == UNKNOWN && self.memo_set(inst, &pos, IN_PROGRESS) {
                self.rt.positions += 1;
                if self.rt.positions > self.rt.limits.max_positions {
                    return Err(EvalError::PositionLimit {
                        limit: self.rt.limits.max_positions,
                        span,
                    });
                }
            }
            steps = steps.wrapping_add(1);
            if steps.is_multiple_of(1024) && self.rt.cancelled() {
                return Err(EvalError::Interrupted { span });
            }
            let expanded = stack.last().is_some_and(|f| f.expanded);
            match self.kernel_step(inst, &pos, &mut scratch) {
                KernelStep::Done => {
                    stack.pop();
                    continue;
                }
                // On the second visit the options should all be known; if the kernel
                // still lacks some, the general evaluator takes over.
                KernelStep::Needs(children) if !expanded => {
                    if let Some(top) = stack.last_mut() {
                        top.expanded = true;
                    }
                    for (ci, cp) in children {
                        if self.memo_get(ci, &cp) == IN_PROGRESS {
                            return Err(self.cycle_error(stack, ci, &cp, span));
                        }
                        stack.push(Frame {
                            inst: ci,
                            pos: cp,
                            expanded: false,
                        });
                    }
                    continue;
                }
                _ => {}
            }
            options.clear();
            self.gen_options(inst, &pos, Side::Impartial, &mut options)?;
            values.clear();
            pending.clear();
            for opt in options.iter() {
                let mut x = 0u64;
                let mut complete = true;
                for c in opt {
                    match c {
                        Component::Nimber(k) => x ^= k,
                        Component::Pos(ci, cp) => {
                            let s = self.memo_get(*ci, cp);
                            if s < IN_PROGRESS {
                                x ^= u64::from(s);
                            } else if s == IN_PROGRESS {
                                return Err(self.cycle_error(stack, *ci, cp, span));
                            } else if let Some(v) = self.direct_value(*ci, cp, span) {
                                x ^= v?;
                            } else {
                                pending.push((*ci, cp.clone()));
                                complete = false;
                            }
                        }
                    }
                }
                if complete {
                    values.push(x);
                }
            }
            if pending.is_empty() {
                let v = mex(&values, &mut bits);
                self.memo_set(inst, &pos, v);
                stack.pop();
            } else {
                if let Some(top) = stack.last_mut() {
                    top.expanded = true;
                }
                for (ci, cp) in pending.drain(..) {
                    stack.push(Frame {
                        inst: ci,
                        pos: cp,
                        expanded: false,
                    });
                }
            }
        }
        Ok(())
    }

    fn cycle_error(&self, stack: &[Frame], inst: InstId, pos: &Pos, span: Span) -> EvalError {
        let top = stack.len().saturating_sub(1);
        let path: Vec<&Frame> = stack
            .iter()
            .enumerate()
            .filter(|(i, f)| f.expanded || *i == top)
            .map(|(_, f)| f)
            .collect();
        let start = path
            .iter()
            .position(|f| f.inst == inst && f.pos == *pos)
            .unwrap_or(0);
        let mut cycle: Vec<String> = path
            .iter()
            .skip(start)
            .map(|f| show_position(f.inst, &f.pos, self.globals, self.rt))
            .collect();
        cycle.push(show_position(inst, pos, self.globals, self.rt));
        if cycle.len() > 12 {
            let tail = cycle.split_off(cycle.len() - 5);
            cycle.truncate(5);
            cycle.push("…".into());
            cycle.extend(tail);
        }
        EvalError::Loopy { cycle, span }
    }
}

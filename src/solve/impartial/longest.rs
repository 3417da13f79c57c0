//! The longest play from a position (the machine's choice when it cannot win:
//! keep the game going as long as possible), by the one search driver.

use super::Solver;
use crate::eval::eval_error::EvalError;
use crate::game::{OptionList, Side};
use crate::graph::search::{search, CyclePolicy, Memo, MemoWalk, Step};
use crate::lang::value::{Component, GameSum};

/// Longest plays found so far, by component.
pub type Lengths = Memo<Component, u64>;

impl<'s, 'a> Solver<'s, 'a> {
    /// The longest play from a sum: the sum of its components' longest plays.
    pub fn longest(&mut self, g: &GameSum, memo: &mut Lengths) -> Result<u64, EvalError> {
        let mut total = 0u64;
        for c in &g.parts {
            if memo.get(c).is_none() {
                let budget = self.games.budget;
                let mut walk = LongestWalk {
                    solver: self,
                    memo,
                    options: OptionList::default(),
                };
                search(&mut walk, c.clone(), budget, CyclePolicy::Error)?;
            }
            let len = memo.get(c).copied().unwrap_or(0);
            total = total.saturating_add(len);
        }
        Ok(total)
    }
}

struct LongestWalk<'w, 's, 'a> {
    solver: &'w mut Solver<'s, 'a>,
    memo: &'w mut Lengths,
    options: OptionList,
}

impl MemoWalk for LongestWalk<'_, '_, '_> {
    type Node = Component;
    type Memo = Lengths;
    type Frame = ();
    type Error = EvalError;

    fn memo(&self) -> &Lengths {
        self.memo
    }

    fn memo_mut(&mut self) -> &mut Lengths {
        self.memo
    }

    fn visit(
        &mut self,
        c: &Component,
        _: &mut (),
        children: &mut Vec<Component>,
    ) -> Result<Step<u64>, EvalError> {
        // A nimber alone is not walked: its part of a sum counts 0 here, as
        // it always has (the option loop below counts a nimber inside an
        // option as its size).
        let Component::Pos(inst, pos) = c else {
            return Ok(Step::Done(0));
        };
        self.options.clear();
        self.solver
            .games
            .options(*inst, pos, Side::Impartial, &mut self.options)?;
        let mut best: Option<u64> = None;
        for opt in self.options.iter() {
            let mut len = 0u64;
            for x in opt {
                match (x, self.memo.get(x)) {
                    (Component::Nimber(k), _) => len = len.saturating_add(*k),
                    (_, Some(l)) => len = len.saturating_add(*l),
                    _ => children.push(x.clone()),
                }
            }
            best = Some(best.map_or(len, |b| b.max(len)));
        }
        if !children.is_empty() {
            return Ok(Step::Need);
        }
        Ok(Step::Done(best.map_or(0, |b| b.saturating_add(1))))
    }

    fn cycle(&mut self, _path: Vec<Component>) -> EvalError {
        EvalError::Loopy {
            cycle: vec!["(a position repeats)".into()],
            span: self.solver.span,
        }
    }
}

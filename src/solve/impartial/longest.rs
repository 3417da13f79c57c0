//! The longest play from a position (the machine's choice when it cannot win:
//! keep the game going as long as possible), by the one search driver.

use super::Solver;
use crate::eval::eval_error::EvalError;
use crate::game::{OptionList, Side};
use crate::graph::search::{search, CyclePolicy, Status, Visit, Walk};
use crate::lang::value::{Component, GameSum};
use rustc_hash::FxHashMap;

/// Longest plays found so far, by component (`None` while on the search path).
pub type Lengths = FxHashMap<Component, Option<u64>>;

impl<'s, 'a> Solver<'s, 'a> {
    /// The longest play from a sum: the sum of its components' longest plays.
    pub fn longest(&mut self, g: &GameSum, memo: &mut Lengths) -> Result<u64, EvalError> {
        let mut total = 0u64;
        for c in &g.parts {
            if !matches!(memo.get(c), Some(Some(_))) {
                let budget = self.games.budget;
                let mut walk = LongestWalk {
                    solver: self,
                    memo,
                    options: OptionList::default(),
                };
                search(&mut walk, c.clone(), budget, CyclePolicy::Error)?;
            }
            let len = memo.get(c).copied().flatten().unwrap_or(0);
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

impl Walk for LongestWalk<'_, '_, '_> {
    type Node = Component;
    type Frame = ();
    type Error = EvalError;

    fn status(&self, c: &Component) -> Status {
        match (c, self.memo.get(c)) {
            (Component::Nimber(_), _) | (_, Some(Some(_))) => Status::Done,
            (_, Some(None)) => Status::OnPath,
            (_, None) => Status::Unknown,
        }
    }

    fn enter(&mut self, c: &Component) -> Result<(), EvalError> {
        self.memo.insert(c.clone(), None);
        Ok(())
    }

    fn abandon(&mut self, c: &Component) {
        self.memo.remove(c);
    }

    fn visit(
        &mut self,
        c: &Component,
        _: &mut (),
        children: &mut Vec<Component>,
    ) -> Result<Visit, EvalError> {
        let Component::Pos(inst, pos) = c else {
            return Ok(Visit::Done);
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
                    (_, Some(Some(l))) => len = len.saturating_add(*l),
                    _ => children.push(x.clone()),
                }
            }
            best = Some(best.map_or(len, |b| b.max(len)));
        }
        if !children.is_empty() {
            return Ok(Visit::Need);
        }
        self.memo
            .insert(c.clone(), Some(best.map_or(0, |b| b.saturating_add(1))));
        Ok(Visit::Done)
    }

    fn cycle(&mut self, _path: Vec<Component>) -> EvalError {
        EvalError::Loopy {
            cycle: vec!["(a position repeats)".into()],
            span: self.solver.span,
        }
    }
}

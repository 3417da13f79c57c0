//! Moves of a sum of games: every option of every component, valued by the
//! nim-sum rule (never by expanding the product graph), and the winning ones.

use super::Solver;
use crate::eval::eval_error::EvalError;
use crate::game::{OptionList, Side};
use crate::lang::value::{Component, GameSum};

/// An option of a sum with its Grundy value.
#[derive(Debug, Clone)]
pub struct SumMove {
    /// The position after the move (the moved component replaced in place).
    pub result: GameSum,
    /// Its Grundy value.
    pub grundy: u64,
}

/// The most options a nimber component may list in `moves`.
const MAX_LISTED: u64 = 1_000_000;

impl<'s, 'a> Solver<'s, 'a> {
    /// True when component `c` has no move (`*0`, `nim(0)`): a sum keeps its
    /// moves, and its whole game graph, without it.
    pub fn is_terminal(&mut self, c: &Component) -> Result<bool, EvalError> {
        match c {
            Component::Nimber(k) => Ok(*k == 0),
            Component::Pos(inst, pos) => {
                let mut options = OptionList::default();
                self.games
                    .options(*inst, pos, Side::Impartial, &mut options)?;
                Ok(options.is_empty())
            }
            _ => Err(EvalError::Partizan { span: self.span }),
        }
    }

    /// The options of component `i` of `sum` as whole sums, each once, in rule order.
    /// With `only`, keeps just the options whose resulting value is `only`.
    pub fn sum_moves(
        &mut self,
        sum: &GameSum,
        only: Option<u64>,
    ) -> Result<Vec<SumMove>, EvalError> {
        let values: Vec<u64> = sum
            .parts
            .iter()
            .map(|c| self.grundy_component(c))
            .collect::<Result<_, _>>()?;
        let total = values.iter().fold(0, |a, b| a ^ b);
        let mut out: Vec<SumMove> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut options = OptionList::default();
        for (i, (c, &gi)) in sum.parts.iter().zip(&values).enumerate() {
            let rest = total ^ gi;
            let mut emit = |replacement: &[Component], g_opt: u64, out: &mut Vec<SumMove>| {
                let grundy = rest ^ g_opt;
                if only.is_some_and(|want| want != grundy) {
                    return;
                }
                let result = sum.replaced(i, replacement);
                if seen.insert(result.normalized()) {
                    out.push(SumMove { result, grundy });
                }
            };
            // A heap of Nim's rules moves like its nimber; the reply is the
            // heap of the computed size.
            let nim = match c {
                Component::Nimber(k) => Some((*k, None)),
                Component::Pos(inst, _) => self.games.nim_heap(c).map(|k| (k, Some(*inst))),
                _ => None,
            };
            let heap = |inst: Option<crate::lang::value::InstId>, j: u64| match inst {
                Some(inst) => Component::Pos(
                    inst,
                    std::rc::Rc::from(vec![crate::lang::value::Value::Int(j as i64)]),
                ),
                None => Component::Nimber(j),
            };
            match (c, nim) {
                (_, Some((k, inst))) if only.is_some() || k > MAX_LISTED => {
                    let Some(want) = only else {
                        let (what, instead) = match inst {
                            Some(_) => (
                                format!("a heap of {k}"),
                                "ask `winning` (computed directly) or use a smaller heap",
                            ),
                            None => (
                                format!("*{k}"),
                                "ask `winning` (computed directly) or use a smaller nimber",
                            ),
                        };
                        return Err(EvalError::TooLarge {
                            what: format!("{what} has too many options to list"),
                            instead,
                            span: self.span,
                        });
                    };
                    // The winning reply inside a nim heap is computed, never searched.
                    let target = want ^ rest;
                    if target < k {
                        emit(&[heap(inst, target)], target, &mut out);
                    }
                }
                (Component::Nimber(k), _) => {
                    if let Some(want) = only {
                        // The winning reply inside a nimber is computed, never searched.
                        let target = want ^ rest;
                        if target < *k {
                            emit(&[Component::Nimber(target)], target, &mut out);
                        }
                    } else {
                        for j in 0..*k {
                            emit(&[Component::Nimber(j)], j, &mut out);
                        }
                    }
                }
                (Component::Pos(inst, pos), _) => {
                    options.clear();
                    self.games
                        .options(*inst, pos, Side::Impartial, &mut options)?;
                    for opt in options.iter() {
                        let g = self.grundy_sum(opt)?;
                        emit(opt, g, &mut out);
                    }
                }
                (_, _) => return Err(EvalError::Partizan { span: self.span }),
            }
        }
        Ok(out)
    }

    /// The options of `sum` as whole sums, each once, in rule order, without
    /// their values; `None` as soon as there are more than `most` (a nimber or
    /// a heap of Nim with more options is not listed at all). `graph` collects
    /// positions this way, so a graph too big to draw is declined before any
    /// of it is solved.
    pub fn sum_options(
        &mut self,
        sum: &GameSum,
        most: usize,
    ) -> Result<Option<Vec<GameSum>>, EvalError> {
        let mut out: Vec<GameSum> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut options = OptionList::default();
        for (i, c) in sum.parts.iter().enumerate() {
            let mut emit = |replacement: &[Component], out: &mut Vec<GameSum>| {
                let result = sum.replaced(i, replacement);
                if seen.insert(result.normalized()) {
                    out.push(result);
                }
                out.len() <= most
            };
            match c {
                Component::Nimber(k) if *k > most as u64 => return Ok(None),
                Component::Nimber(k) => {
                    for j in 0..*k {
                        if !emit(&[Component::Nimber(j)], &mut out) {
                            return Ok(None);
                        }
                    }
                }
                // A heap of Nim's rules too big to list is declined before
                // its options are made.
                Component::Pos(..) if self.games.nim_heap(c).is_some_and(|k| k > most as u64) => {
                    return Ok(None)
                }
                Component::Pos(inst, pos) => {
                    options.clear();
                    self.games
                        .options(*inst, pos, Side::Impartial, &mut options)?;
                    for opt in options.iter() {
                        if !emit(opt, &mut out) {
                            return Ok(None);
                        }
                    }
                }
                _ => return Err(EvalError::Partizan { span: self.span }),
            }
        }
        Ok(Some(out))
    }
}

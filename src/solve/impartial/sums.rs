//! Moves of a sum of games: every option of every component, valued by the
//! nim-sum rule (never by expanding the product graph), and the winning ones.

use super::Solver;
use crate::eval::eval_error::EvalError;
use crate::game::{OptionList, Side};
use crate::lang::value::{Component, GameSum, InstId, Value};

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
        if c.is_literal_partizan() {
            return Err(EvalError::Partizan { span: self.span });
        }
        self.games.is_terminal(c, false)
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
        let mut option_values = Vec::new();
        for (i, (c, &gi)) in sum.parts.iter().zip(&values).enumerate() {
            let rest = total ^ gi;
            options.clear();
            option_values.clear();
            self.component_moves(
                c,
                only.map(|want| want ^ rest),
                &mut options,
                &mut option_values,
            )?;
            for (replacement, g_opt) in options.iter().zip(&option_values) {
                let grundy = rest ^ g_opt;
                if only.is_some_and(|want| want != grundy) {
                    continue;
                }
                let result = sum.replaced(i, replacement);
                if seen.insert(result.normalized()) {
                    out.push(SumMove { result, grundy });
                }
            }
        }
        Ok(out)
    }

    /// The options of one component, each with its value, into `options` and
    /// `values`. With `target`, a nimber or a heap of Nim's rules lists only
    /// its option of that value, computed, never searched (the winning reply);
    /// other components list every option.
    fn component_moves(
        &mut self,
        c: &Component,
        target: Option<u64>,
        options: &mut OptionList,
        values: &mut Vec<u64>,
    ) -> Result<(), EvalError> {
        // A heap of Nim's rules moves like its nimber; the reply is the
        // heap of the computed size.
        let nim = match c {
            Component::Nimber(k) => Some((*k, None)),
            Component::Pos(inst, _) => self.games.nim_heap(c).map(|k| (k, Some(*inst))),
            _ => None,
        };
        let heap = |inst: Option<InstId>, j: u64| match inst {
            Some(inst) => Component::Pos(inst, std::rc::Rc::from(vec![Value::Int(j as i64)])),
            None => Component::Nimber(j),
        };
        match (c, nim) {
            (_, Some((k, inst))) if target.is_some() || k > MAX_LISTED => {
                let Some(target) = target else {
                    return Err(self.too_many_to_list(k, inst.is_some()));
                };
                if target < k {
                    options.push([heap(inst, target)]);
                    values.push(target);
                }
            }
            (Component::Nimber(k), _) => {
                for j in 0..*k {
                    options.push([Component::Nimber(j)]);
                    values.push(j);
                }
            }
            (Component::Star(literal), _) => {
                for o in literal.iter() {
                    options.push(o.parts.iter().cloned());
                    values.push(self.grundy_sum(&o.parts)?);
                }
            }
            (Component::Pos(inst, pos), _) => {
                self.games.options(*inst, pos, Side::Impartial, options)?;
                for opt in options.iter() {
                    values.push(self.grundy_sum(opt)?);
                }
            }
            (_, _) => return Err(EvalError::Partizan { span: self.span }),
        }
        Ok(())
    }

    /// The refusal to list the `k` options of a nimber or of a heap of Nim.
    fn too_many_to_list(&self, k: u64, heap: bool) -> EvalError {
        let (what, instead) = if heap {
            (
                format!("a heap of {k}"),
                "ask `winning` (computed directly) or use a smaller heap",
            )
        } else {
            (
                format!("*{k}"),
                "ask `winning` (computed directly) or use a smaller nimber",
            )
        };
        EvalError::TooLarge {
            what: format!("{what} has too many options to list"),
            instead,
            span: self.span,
        }
    }
}

//! `explain G` (why G has its value) and `graph G` (the reachable move graph),
//! as typed data for the report.

use super::answer::{Explanation, MoveGraph, Part, Rule};
use crate::eval::eval_error::EvalError;
use crate::lang::value::{Component, GameSum};
use crate::solve::impartial::Solver;
use std::collections::VecDeque;

/// Most positions `graph` draws before it declines.
pub const GRAPH_LIMIT: usize = 400;

/// Each option with its value and the mex, or each component and the nim-sum.
pub fn explain(solver: &mut Solver<'_, '_>, g: &GameSum) -> Result<Explanation, EvalError> {
    let value = solver.grundy_sum(&g.parts)?;
    if g.parts.len() > 1 {
        let mut parts = Vec::new();
        for c in &g.parts {
            let v = solver.grundy_component(c)?;
            parts.push((Part::Position(GameSum::single(c.clone())), v));
        }
        return Ok(Explanation {
            value,
            rule: Rule::NimSum,
            parts,
        });
    }
    if let Some(Component::Nimber(k)) = g.parts.first() {
        if *k > 64 {
            return Ok(Explanation {
                value,
                rule: Rule::Mex,
                parts: vec![(Part::NimberRange(*k), 0)],
            });
        }
    }
    let parts = solver
        .sum_moves(g, None)?
        .into_iter()
        .map(|m| (Part::Position(m.result), m.grundy))
        .collect();
    Ok(Explanation {
        value,
        rule: Rule::Mex,
        parts,
    })
}

/// The move graph reachable from `g`, equal positions merged, each with its value.
pub fn move_graph(solver: &mut Solver<'_, '_>, g: &GameSum) -> Result<MoveGraph, EvalError> {
    let root = g.normalized();
    let mut ids: indexmap::IndexMap<GameSum, u64> = indexmap::IndexMap::new();
    let mut edges = Vec::new();
    let mut queue = VecDeque::from([root.clone()]);
    ids.insert(root.clone(), solver.grundy_sum(&root.parts)?);
    while let Some(node) = queue.pop_front() {
        let from = ids.get_index_of(&node).unwrap_or(0);
        for m in solver.sum_moves(&node, None)? {
            let next = m.result.normalized();
            let to = match ids.get_index_of(&next) {
                Some(i) => i,
                None => {
                    if ids.len() >= GRAPH_LIMIT {
                        return Err(EvalError::GraphTooLarge {
                            limit: GRAPH_LIMIT,
                            span: solver.span,
                        });
                    }
                    ids.insert(next.clone(), m.grundy);
                    queue.push_back(next);
                    ids.len() - 1
                }
            };
            edges.push((from, to));
        }
    }
    Ok(MoveGraph {
        nodes: ids.into_iter().collect(),
        edges,
    })
}

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

/// The move graph reachable from `g`, each position with its value: equal
/// positions (the same components in any order, terminal ones left out) are
/// one node, and so are all positions made of terminal components only. With
/// `depth`, only positions at most that many moves from `g` are drawn, and
/// those at the limit that still have moves are listed as cut.
pub fn move_graph(
    solver: &mut Solver<'_, '_>,
    g: &GameSum,
    depth: Option<usize>,
) -> Result<MoveGraph, EvalError> {
    // Each node: its key (without terminal components) → its label, value
    // and distance from the root.
    let mut nodes: indexmap::IndexMap<GameSum, (GameSum, u64, usize)> = indexmap::IndexMap::new();
    let mut edges = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut cut = Vec::new();
    let (key, label) = node_key(solver, g)?;
    nodes.insert(key.clone(), (label, solver.grundy_sum(&g.parts)?, 0));
    let mut queue = VecDeque::from([key]);
    while let Some(node) = queue.pop_front() {
        let Some((from, _, &(_, _, level))) = nodes.get_full(&node) else {
            continue;
        };
        let moves = solver.sum_moves(&node, None)?;
        if depth.is_some_and(|d| level >= d) {
            if !moves.is_empty() {
                cut.push(from);
            }
            continue;
        }
        for m in moves {
            let (key, label) = node_key(solver, &m.result)?;
            let to = match nodes.get_index_of(&key) {
                Some(i) => i,
                None => {
                    if nodes.len() >= GRAPH_LIMIT {
                        return Err(EvalError::GraphTooLarge {
                            limit: GRAPH_LIMIT,
                            span: solver.span,
                        });
                    }
                    nodes.insert(key.clone(), (label, m.grundy, level + 1));
                    queue.push_back(key);
                    nodes.len() - 1
                }
            };
            if seen.insert((from, to)) {
                edges.push((from, to));
            }
        }
    }
    Ok(MoveGraph {
        nodes: nodes
            .into_values()
            .map(|(label, value, _)| (label, value))
            .collect(),
        edges,
        depth,
        cut,
    })
}

/// The node of position `g` and its label: `g` in order without its terminal
/// components (the empty sum when it has nothing else), labelled by itself, or
/// when empty by the least of its terminal components, so that it still names
/// a game of the program (`nim(0)` rather than the bare `*0`).
fn node_key(solver: &mut Solver<'_, '_>, g: &GameSum) -> Result<(GameSum, GameSum), EvalError> {
    let sorted = g.normalized();
    let mut parts = Vec::with_capacity(sorted.parts.len());
    for c in &sorted.parts {
        if !solver.is_terminal(c)? {
            parts.push(c.clone());
        }
    }
    let key = GameSum { parts };
    let label = if key.parts.is_empty() {
        GameSum {
            parts: sorted.parts.into_iter().take(1).collect(),
        }
    } else {
        key.clone()
    };
    Ok((key, label))
}

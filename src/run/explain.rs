//! `explain G` (why G has its value) and `graph G` (the reachable move graph),
//! as typed data for the report.

use super::answer::{Explanation, MoveGraph, Part, Rule};
use crate::eval::eval_error::EvalError;
use crate::graph::explicit::ExplicitGraph;
use crate::lang::value::{Component, GameSum};
use crate::solve::impartial::Solver;
use crate::solve::loopy::generalized::Gsg;
use indexmap::IndexMap;

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
/// those at the limit that still have moves are listed as cut. Explored
/// breadth-first by the graph floor's explorer (so nodes are numbered in the
/// order they are reached), each node's moves kept in the order of the rules.
/// True beside the graph when some positions of a loopy game still need
/// their generalised values (they stand as 0 until given them).
pub fn move_graph(
    solver: &mut Solver<'_, '_>,
    g: &GameSum,
    depth: Option<usize>,
) -> Result<(MoveGraph, bool), EvalError> {
    // Each node: its key (without terminal components) → its label, value,
    // distance from the root and the keys its moves reach, in order. The
    // positions are collected first and valued after, so a graph too big to
    // draw is declined before any of it is solved.
    let mut nodes: IndexMap<GameSum, Node> = IndexMap::new();
    let mut cut = Vec::new();
    let (key, label) = node_key(solver, g)?;
    nodes.insert(key.clone(), Node::new(label, 0));
    let budget = solver.games.budget;
    let span = solver.span;
    let too_large = EvalError::GraphTooLarge {
        limit: GRAPH_LIMIT,
        span,
    };
    ExplicitGraph::explore(key, budget, |node: &GameSum, out: &mut Vec<GameSum>| {
        let Some((from, _, &Node { level, .. })) = nodes.get_full(node) else {
            return Ok(());
        };
        let Some(moves) = solver.sum_options(node, GRAPH_LIMIT)? else {
            return Err(too_large.clone());
        };
        if depth.is_some_and(|d| level >= d) {
            if !moves.is_empty() {
                cut.push(from);
            }
            return Ok(());
        }
        let mut reached = Vec::with_capacity(moves.len());
        for m in moves {
            let (key, label) = node_key(solver, &m)?;
            if !nodes.contains_key(&key) {
                if nodes.len() >= GRAPH_LIMIT {
                    return Err(too_large.clone());
                }
                nodes.insert(key.clone(), Node::new(label, level + 1));
            }
            reached.push(key.clone());
            out.push(key);
        }
        if let Some(n) = nodes.get_mut(node) {
            n.moves = reached;
        }
        Ok(())
    })?;
    // A position of a loopy game that reaches a cycle has no ordinary
    // value: it is left for the loopy analysis (`loopy` below).
    for (key, node) in &mut nodes {
        node.value = match solver.grundy_sum(&key.parts) {
            Ok(v) => Some(Gsg::Finite(u32::try_from(v).unwrap_or(u32::MAX))),
            Err(EvalError::Loopy { .. }) => None,
            Err(e) => return Err(e),
        };
    }
    let mut edges = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (from, n) in nodes.values().enumerate() {
        for to in n.moves.iter().filter_map(|k| nodes.get_index_of(k)) {
            if seen.insert((from, to)) {
                edges.push((from, to));
            }
        }
    }
    let unvalued = nodes.values().any(|n| n.value.is_none());
    let graph = MoveGraph {
        nodes: nodes
            .into_values()
            .map(|n| (n.label, n.value.unwrap_or(Gsg::Finite(0))))
            .collect(),
        edges,
        depth,
        cut,
    };
    Ok((graph, unvalued))
}

/// A node of the move graph while it is explored.
struct Node {
    label: GameSum,
    value: Option<Gsg>,
    /// Moves from the root.
    level: usize,
    /// The keys its moves reach, in the rules' order (empty until expanded).
    moves: Vec<GameSum>,
}

impl Node {
    /// A node not valued yet.
    fn new(label: GameSum, level: usize) -> Node {
        Node {
            label,
            value: None,
            level,
            moves: Vec::new(),
        }
    }
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

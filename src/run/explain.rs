//! `explain G` (why G has its value) and `graph G` (the reachable move graph),
//! as typed data for the report.

use super::answer::{Explanation, FormExplanation, MoveGraph, Mover, NodeValue, Part, Rule};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::{Games, Side};
use crate::graph::explicit::ExplicitGraph;
use crate::lang::value::{Component, GameSum};
use crate::solve::impartial::Solver;
use crate::solve::loopy::generalized::Gsg;
use crate::solve::loopy::partizan as loopy_partizan;
use crate::solve::partizan::analysis::{store_error, sum_form, PartizanCache};
use crate::solve::partizan::Form;
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

/// Why partizan position `g` has its canonical form: each option's form, and
/// the reduction of `{left options | right options}` step by step.
pub fn explain_form(
    games: &mut Games<'_>,
    cache: &mut PartizanCache,
    g: &GameSum,
    span: Span,
) -> Result<FormExplanation, EvalError> {
    let mut sides = [Vec::new(), Vec::new()];
    for (side, out) in [Side::Left, Side::Right].into_iter().zip(&mut sides) {
        let Some(options) = games
            .sum_options(g, side, EXPLAINED_OPTIONS)
            .map_err(|e| e.at_least(span))?
        else {
            return Err(EvalError::TooLarge {
                what: format!("more than {EXPLAINED_OPTIONS} options to explain"),
                instead: "ask `canonical` for the form, or `explain` a smaller position",
                span,
            });
        };
        for o in options {
            let form = sum_form(games, cache, &o, span)?;
            out.push((o, form));
        }
    }
    let [left, right] = sides;
    let forms = |v: &[(GameSum, Form)]| v.iter().map(|o| o.1).collect::<Vec<_>>();
    let (form, steps) = cache
        .store
        .explained(&forms(&left), &forms(&right), games.budget)
        .map_err(|e| store_error(e, span))?;
    Ok(FormExplanation {
        left,
        right,
        steps,
        form,
    })
}

/// Most options `explain` lists for each player.
const EXPLAINED_OPTIONS: usize = 10_000;

/// The move graph reachable from `g`, each position with its value: equal
/// positions (the same components in any order, terminal ones left out) are
/// one node, and so are all positions made of terminal components only. With
/// `depth`, only positions at most that many moves from `g` are drawn, and
/// those at the limit that still have moves are listed as cut. True beside
/// the graph when some positions of a loopy game still need their generalised
/// values (they stand as 0 until given them).
pub fn move_graph(
    solver: &mut Solver<'_, '_>,
    g: &GameSum,
    depth: Option<usize>,
) -> Result<(MoveGraph, bool), EvalError> {
    let span = solver.span;
    let explored = explore(solver.games, g, depth, false, span)?;
    // A position of a loopy game that reaches a cycle has no ordinary
    // value: it is left for the loopy analysis.
    let mut unvalued = false;
    let mut nodes = Vec::with_capacity(explored.labels.len());
    for label in explored.labels {
        let value = match solver.grundy_sum(&label.parts) {
            Ok(v) => Gsg::Finite(u32::try_from(v).unwrap_or(u32::MAX)),
            Err(EvalError::Loopy { .. }) => {
                unvalued = true;
                Gsg::Finite(0)
            }
            Err(e) => return Err(e),
        };
        nodes.push((label, NodeValue::Grundy(value)));
    }
    let graph = MoveGraph {
        nodes,
        edges: explored.edges,
        depth,
        cut: explored.cut,
    };
    Ok((graph, unvalued))
}

/// The move graph of a partizan position: Left's and Right's moves apart,
/// each node with its canonical form and outcome.
pub fn partizan_graph(
    games: &mut Games<'_>,
    cache: &mut PartizanCache,
    g: &GameSum,
    depth: Option<usize>,
    span: Span,
) -> Result<MoveGraph, EvalError> {
    let explored = explore(games, g, depth, true, span)?;
    let mut nodes = Vec::with_capacity(explored.labels.len());
    // Positions that repeat have no canonical form: their classes, from one
    // retrograde labelling of everything the root reaches.
    let mut loopy: Option<loopy_partizan::Solved> = None;
    for label in explored.labels {
        let value = match sum_form(games, cache, &label, span) {
            Ok(form) => {
                let outcome = cache
                    .store
                    .outcome(form, games.budget)
                    .map_err(|e| store_error(e, span))?;
                NodeValue::Canonical {
                    form,
                    outcome: outcome.into(),
                }
            }
            Err(EvalError::Loopy { .. }) => {
                let solved = match loopy.take() {
                    Some(s) => s,
                    None => loopy_partizan::solve_followers(games, g, span)?,
                };
                let class = solved.class_of(&label);
                loopy = Some(solved);
                NodeValue::Class(class.into())
            }
            Err(e) => return Err(e),
        };
        nodes.push((label, value));
    }
    Ok(MoveGraph {
        nodes,
        edges: explored.edges,
        depth,
        cut: explored.cut,
    })
}

/// The positions of a move graph, before they are valued.
struct Explored {
    /// Each node's label, the root first, in the order reached.
    labels: Vec<GameSum>,
    /// The moves, each once per mover.
    edges: Vec<(usize, usize, Mover)>,
    /// The nodes at the depth limit that have moves.
    cut: Vec<usize>,
}

/// Collects the positions reachable from `g` breadth-first, by the graph
/// floor's explorer (so nodes are numbered in the order they are reached),
/// each node's moves kept in the order of the rules (Left's before Right's).
/// The positions are collected before any is valued, so a graph too big to
/// draw is declined before any of it is solved.
fn explore(
    games: &mut Games<'_>,
    g: &GameSum,
    depth: Option<usize>,
    partizan: bool,
    span: Span,
) -> Result<Explored, EvalError> {
    let sides: &[(Side, Mover)] = if partizan {
        &[(Side::Left, Mover::Left), (Side::Right, Mover::Right)]
    } else {
        &[(Side::Impartial, Mover::Either)]
    };
    let mut nodes: IndexMap<GameSum, Node> = IndexMap::new();
    let mut cut = Vec::new();
    let (key, label) = node_key(games, g, partizan, span)?;
    nodes.insert(key.clone(), Node::new(label, 0));
    let budget = games.budget;
    let too_large = EvalError::GraphTooLarge {
        limit: GRAPH_LIMIT,
        span,
    };
    ExplicitGraph::explore(key, budget, |node: &GameSum, out: &mut Vec<GameSum>| {
        let Some((from, _, &Node { level, .. })) = nodes.get_full(node) else {
            return Ok(());
        };
        let mut reached = Vec::new();
        let mut has_moves = false;
        for &(side, mover) in sides {
            let Some(moves) = games
                .sum_options(node, side, GRAPH_LIMIT)
                .map_err(|e| e.at_least(span))?
            else {
                return Err(too_large.clone());
            };
            has_moves |= !moves.is_empty();
            if depth.is_some_and(|d| level >= d) {
                continue;
            }
            for m in moves {
                let (key, label) = node_key(games, &m, partizan, span)?;
                if !nodes.contains_key(&key) {
                    if nodes.len() >= GRAPH_LIMIT {
                        return Err(too_large.clone());
                    }
                    nodes.insert(key.clone(), Node::new(label, level + 1));
                }
                reached.push((key.clone(), mover));
                out.push(key);
            }
        }
        if has_moves && depth.is_some_and(|d| level >= d) {
            cut.push(from);
        }
        if let Some(n) = nodes.get_mut(node) {
            n.moves = reached;
        }
        Ok(())
    })?;
    let mut edges = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (from, n) in nodes.values().enumerate() {
        for (key, mover) in &n.moves {
            if let Some(to) = nodes.get_index_of(key) {
                if seen.insert((from, to, *mover)) {
                    edges.push((from, to, *mover));
                }
            }
        }
    }
    Ok(Explored {
        labels: nodes.into_values().map(|n| n.label).collect(),
        edges,
        cut,
    })
}

/// A node of the move graph while it is explored.
struct Node {
    label: GameSum,
    /// Moves from the root.
    level: usize,
    /// The keys its moves reach and who moves there, in the rules' order
    /// (empty until expanded).
    moves: Vec<(GameSum, Mover)>,
}

impl Node {
    /// A node not expanded yet.
    fn new(label: GameSum, level: usize) -> Node {
        Node {
            label,
            level,
            moves: Vec::new(),
        }
    }
}

/// The node of position `g` and its label: `g` in order without its terminal
/// components (the empty sum when it has nothing else), labelled by itself, or
/// when empty by the least of its terminal components, so that it still names
/// a game of the program (`nim(0)` rather than the bare `*0`).
fn node_key(
    games: &mut Games<'_>,
    g: &GameSum,
    partizan: bool,
    span: Span,
) -> Result<(GameSum, GameSum), EvalError> {
    let sorted = g.normalized();
    let mut parts = Vec::with_capacity(sorted.parts.len());
    for c in &sorted.parts {
        if !partizan && c.is_literal_partizan() {
            return Err(EvalError::Partizan { span });
        }
        if !games
            .is_terminal(c, partizan)
            .map_err(|e| e.at_least(span))?
        {
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

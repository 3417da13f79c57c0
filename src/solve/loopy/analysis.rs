//! Loopy positions in the language: when the Grundy search meets a cycle, each
//! component's reachable graph is made explicit and valued by Smith's
//! generalised Sprague-Grundy function; sums are answered from the components'
//! values (never through the product graph).

use super::generalized::{self, Generalized, Gsg, SumMove};
use super::retrograde::Outcome;
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::{Games, OptionList, Side};
use crate::graph::explicit::ExplicitGraph;
use crate::lang::value::{Component, GameSum};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// One component's reachable graph with its generalised values.
#[derive(Debug)]
pub struct LoopyGraph {
    /// The positions reachable from the component, the component itself node 0.
    pub graph: ExplicitGraph<Component>,
    /// γ of every node.
    pub values: Generalized,
}

impl LoopyGraph {
    /// The value of the root.
    pub fn root_value(&self) -> Gsg {
        self.values
            .value(self.graph.graph(), 0)
            .unwrap_or(Gsg::Infinite(Vec::new()))
    }
}

/// Graphs already made explicit, by root component.
#[derive(Debug, Default, Clone)]
pub struct LoopyCache {
    graphs: FxHashMap<Component, Rc<LoopyGraph>>,
}

impl LoopyCache {
    /// Forgets everything.
    pub fn clear(&mut self) {
        self.graphs.clear();
    }

    /// True when nothing is remembered.
    pub fn is_empty(&self) -> bool {
        self.graphs.is_empty()
    }

    /// True when some component of `sum` is already known to be loopy, so the
    /// Grundy search (which would only meet the cycle again) can be skipped.
    pub fn knows(&self, sum: &GameSum) -> bool {
        sum.parts.iter().any(|c| self.graphs.contains_key(c))
    }
}

/// The explicit graph and values of one component.
pub fn component_graph(
    games: &mut Games<'_>,
    cache: &mut LoopyCache,
    c: &Component,
    span: Span,
) -> Result<Rc<LoopyGraph>, EvalError> {
    if let Some(g) = cache.graphs.get(c) {
        return Ok(g.clone());
    }
    let budget = games.budget;
    let mut options = OptionList::default();
    let graph = ExplicitGraph::explore(
        c.clone(),
        budget,
        |k: &Component, out: &mut Vec<Component>| {
            options.clear();
            games.component_options(k, Side::Impartial, &mut options)?;
            for opt in options.iter() {
                match opt {
                    [] => out.push(Component::Nimber(0)),
                    [one] => out.push(one.clone()),
                    _ => {
                        return Err(EvalError::LoopySplit {
                            position: crate::eval::print::show_component(
                                k,
                                games.globals,
                                games.rt,
                            ),
                            span,
                        })
                    }
                }
            }
            Ok(())
        },
    )
    .map_err(|e: EvalError| e.at_least(span))?;
    let values =
        Generalized::solve(graph.graph(), budget).map_err(|e| EvalError::limit(e, span))?;
    let g = Rc::new(LoopyGraph { graph, values });
    cache.graphs.insert(c.clone(), g.clone());
    Ok(g)
}

/// The graphs of every component of a sum.
fn graphs_of(
    games: &mut Games<'_>,
    cache: &mut LoopyCache,
    sum: &GameSum,
    span: Span,
) -> Result<Vec<Rc<LoopyGraph>>, EvalError> {
    sum.parts
        .iter()
        .map(|c| component_graph(games, cache, c, span))
        .collect()
}

fn parts(graphs: &[Rc<LoopyGraph>]) -> Vec<generalized::Component<'_>> {
    graphs
        .iter()
        .map(|g| generalized::Component {
            graph: g.graph.graph(),
            values: &g.values,
            node: 0,
        })
        .collect()
}

/// The generalised value of a sum (Smith's sum rule over its components).
pub fn sum_value(
    games: &mut Games<'_>,
    cache: &mut LoopyCache,
    sum: &GameSum,
    span: Span,
) -> Result<Gsg, EvalError> {
    let graphs = graphs_of(games, cache, sum, span)?;
    Ok(generalized::sum_of(&parts(&graphs)))
}

/// P, N or D for a sum.
pub fn sum_outcome(
    games: &mut Games<'_>,
    cache: &mut LoopyCache,
    sum: &GameSum,
    span: Span,
) -> Result<Outcome, EvalError> {
    let graphs = graphs_of(games, cache, sum, span)?;
    Ok(generalized::sum_outcome(&parts(&graphs)))
}

/// The sum after a move of one component to a node of its graph.
fn after(sum: &GameSum, graphs: &[Rc<LoopyGraph>], m: &SumMove) -> Option<GameSum> {
    let to = graphs.get(m.component)?.graph.key(m.to)?;
    let replacement: Vec<Component> = match to {
        Component::Nimber(0) => Vec::new(),
        other => vec![other.clone()],
    };
    Some(sum.replaced(m.component, &replacement))
}

/// The moves of a sum to P-positions (value 0).
pub fn sum_winning(
    games: &mut Games<'_>,
    cache: &mut LoopyCache,
    sum: &GameSum,
    span: Span,
) -> Result<Vec<GameSum>, EvalError> {
    let graphs = graphs_of(games, cache, sum, span)?;
    let mut seen = std::collections::HashSet::new();
    Ok(generalized::sum_winning_moves(&parts(&graphs))
        .iter()
        .filter_map(|m| after(sum, &graphs, m))
        .filter(|r| seen.insert(r.normalized()))
        .collect())
}

/// Every option of a sum with its generalised value.
pub fn sum_moves(
    games: &mut Games<'_>,
    cache: &mut LoopyCache,
    sum: &GameSum,
    span: Span,
) -> Result<Vec<(GameSum, Gsg)>, EvalError> {
    let graphs = graphs_of(games, cache, sum, span)?;
    let values: Vec<Gsg> = graphs.iter().map(|g| g.root_value()).collect();
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (i, g) in graphs.iter().enumerate() {
        let csr = g.graph.graph();
        for &to in csr.successors(0) {
            let Some(result) = after(sum, &graphs, &SumMove { component: i, to }) else {
                continue;
            };
            if !seen.insert(result.normalized()) {
                continue;
            }
            let mut vs = values.clone();
            if let (Some(slot), Some(v)) = (vs.get_mut(i), g.values.value(csr, to)) {
                *slot = v;
            }
            out.push((result, generalized::sum_value(&vs)));
        }
    }
    Ok(out)
}

/// The machine's move in a loopy sum: a winning move that makes progress (so
/// play never cycles while winning), else a move that keeps a draw, else any
/// move. `last` is the user's previous move: the component index and the
/// position that component left.
#[cfg_attr(not(feature = "cli"), allow(dead_code))] // the REPL's `play`
pub fn machine_move(
    games: &mut Games<'_>,
    cache: &mut LoopyCache,
    sum: &GameSum,
    last: Option<(usize, Component)>,
    span: Span,
) -> Result<Option<(GameSum, Outcome)>, EvalError> {
    let graphs = graphs_of(games, cache, sum, span)?;
    let comps = parts(&graphs);
    let last = last.and_then(|(i, before)| {
        let g = graphs.get(i)?;
        // The component's old position, as a node of its present graph.
        Some((i, g.graph.id(&before)?))
    });
    if let Some(m) = generalized::sum_progress_move(&comps, last) {
        return Ok(after(sum, &graphs, &m).map(|r| (r, Outcome::N)));
    }
    // No win: keep a draw if there is one, else move anywhere.
    let mut fallback = None;
    for (i, g) in graphs.iter().enumerate() {
        let csr = g.graph.graph();
        for &to in csr.successors(0) {
            let mut vs: Vec<Gsg> = graphs.iter().map(|h| h.root_value()).collect();
            if let (Some(slot), Some(v)) = (vs.get_mut(i), g.values.value(csr, to)) {
                *slot = v;
            }
            let m = SumMove { component: i, to };
            if generalized::sum_value(&vs).outcome() == Outcome::D {
                return Ok(after(sum, &graphs, &m).map(|r| (r, Outcome::D)));
            }
            if fallback.is_none() {
                fallback = after(sum, &graphs, &m).map(|r| (r, Outcome::P));
            }
        }
    }
    Ok(fallback)
}

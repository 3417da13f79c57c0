//! Canonical forms of stoppers (Siegel, *Combinatorial Game Theory* ch. VI;
//! the algorithm of CGSuite's `LoopyGame.canonicalizeStopperGraph`, THEORY.md
//! §6.3 c). A stopper's followers form a graph; the order `G ≤ H` between
//! every two of them is found at once, by one retrograde analysis of the
//! survival game `H − G` over all pairs; then, vertex by vertex, reversible
//! options are bypassed and dominated ones deleted (neither changes any
//! vertex's value, so the order found first stays right), and equal vertices
//! are fused. What remains is the simplest form: its vertices from which no
//! cycle is reachable are ordinary canonical forms (`7/2`, `4*`), the others
//! the nodes of a loopy literal (`{0 | pass}`).

use super::partizan::Listed;
use super::sides::{sidle, Side, SideOrder};
use crate::budget::Budget;
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::Games;
use crate::graph::explicit::{Csr, ExplicitGraph};
use crate::lang::loopy::{LoopEdge, LoopGraph, LoopNode};
use crate::lang::value::{Component, GameSum};
use crate::solve::partizan::analysis::store_error;
use crate::solve::partizan::{CanonStore, Error as PartizanError, Form};
use std::rc::Rc;

/// The simplest form of a stopper.
#[derive(Debug, Clone)]
pub enum StopperForm {
    /// No cycle is left: an ordinary canonical form.
    Short(Form),
    /// A loopy literal (one component), its loop-free parts canonical forms.
    Loopy(GameSum),
}

/// A graph of positions: vertex 0 the root, each vertex's Left and Right
/// options (each once).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Bigraph {
    pub(super) left: Vec<Vec<u32>>,
    pub(super) right: Vec<Vec<u32>>,
}

impl Bigraph {
    pub(super) fn len(&self) -> usize {
        self.left.len()
    }

    pub(super) fn edges(&self, v: u32, left: bool) -> &[u32] {
        let sides = if left { &self.left } else { &self.right };
        sides.get(v as usize).map_or(&[], Vec::as_slice)
    }

    pub(super) fn edges_mut(&mut self, v: u32, left: bool) -> Option<&mut Vec<u32>> {
        let sides = if left {
            &mut self.left
        } else {
            &mut self.right
        };
        sides.get_mut(v as usize)
    }

    /// True when alternating play never repeats a position from any
    /// vertex: the graph of (vertex, player to move) has no cycle. (The
    /// vertices are every follower, so this is the stopper test of
    /// [`super::partizan::is_stopper`], on the graph already built.)
    pub(super) fn is_stopper(&self, budget: &Budget) -> Result<bool, crate::budget::Exceeded> {
        // State 2v is v with Left to move, 2v + 1 with Right to move.
        let lists: Vec<Vec<u32>> = (0..2 * self.len() as u32)
            .map(|s| {
                let (v, left) = (s / 2, s % 2 == 0);
                let next = u32::from(left);
                self.edges(v, left).iter().map(|&w| 2 * w + next).collect()
            })
            .collect();
        Ok(!Csr::from_successors(&lists, budget)?.has_cycle())
    }

    /// This graph and `other` as one graph, this one's vertices first; the
    /// second value is where `other`'s root went.
    pub(super) fn beside(&self, other: &Bigraph) -> (Bigraph, u32) {
        let shift = self.len() as u32;
        let moved = |lists: &[Vec<u32>]| -> Vec<Vec<u32>> {
            lists
                .iter()
                .map(|e| e.iter().map(|w| w + shift).collect())
                .collect()
        };
        let mut both = self.clone();
        both.left.extend(moved(&other.left));
        both.right.extend(moved(&other.right));
        (both, shift)
    }

    /// Exchanges vertex 0 (the root) and vertex `x`.
    pub(super) fn swap_root(&mut self, x: u32) {
        let relabel = |w: u32| match w {
            0 => x,
            w if w == x => 0,
            w => w,
        };
        for edges in self.left.iter_mut().chain(self.right.iter_mut()) {
            for w in edges.iter_mut() {
                *w = relabel(*w);
            }
        }
        if (x as usize) < self.len() {
            self.left.swap(0, x as usize);
            self.right.swap(0, x as usize);
        }
    }

    /// Who reaches each vertex by a Left move, and by a Right move.
    pub(super) fn predecessors(&self) -> (Vec<Vec<u32>>, Vec<Vec<u32>>) {
        let n = self.len();
        let mut from_left: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut from_right: Vec<Vec<u32>> = vec![Vec::new(); n];
        for v in 0..n as u32 {
            for (into, left) in [(&mut from_left, true), (&mut from_right, false)] {
                for &w in self.edges(v, left) {
                    if let Some(list) = into.get_mut(w as usize) {
                        list.push(v);
                    }
                }
            }
        }
        (from_left, from_right)
    }

    /// The vertices reachable from the root.
    fn reachable(&self) -> Vec<bool> {
        let mut seen = vec![false; self.len()];
        let mut stack = vec![0u32];
        if let Some(s) = seen.get_mut(0) {
            *s = true;
        }
        while let Some(v) = stack.pop() {
            for &w in self.edges(v, true).iter().chain(self.edges(v, false)) {
                if let Some(s) = seen.get_mut(w as usize) {
                    if !*s {
                        *s = true;
                        stack.push(w);
                    }
                }
            }
        }
        seen
    }
}

/// The simplest form of a loopy game: one stopper, or two sides.
#[derive(Debug, Clone)]
pub enum LoopyForm {
    /// A stopper: its onside and offside are itself.
    Stopper(StopperForm),
    /// A game that is not a stopper, `onside & offside`, each side a
    /// stopper proven equal to the game on that side.
    Sided(StopperForm, StopperForm),
}

/// `g`'s simplest form, its short parts made in `store`: a stopper's, or
/// the simplest forms of its two sides; a diagnostic when sidling finds no
/// stopper for a side.
pub fn canonical(
    games: &mut Games<'_>,
    store: &mut CanonStore,
    g: &GameSum,
    span: Span,
) -> Result<LoopyForm, EvalError> {
    let budget = games.budget;
    let [on_graph, off_graph] = side_graphs(games, g, span)?;
    let limit = |e| EvalError::limit(e, span);
    if on_graph == off_graph && on_graph.is_stopper(budget).map_err(limit)? {
        let form = simplest(on_graph, budget).map_err(limit)?;
        return literal(&form, store, budget)
            .map(LoopyForm::Stopper)
            .map_err(|e| store_error(e, span));
    }
    let mut found = Vec::with_capacity(2);
    for (side, graph) in [(Side::On, &on_graph), (Side::Off, &off_graph)] {
        let Some(form) = sidle(graph, side, budget).map_err(limit)? else {
            return Err(EvalError::NoSides {
                game: crate::eval::print::show_sum(g, games.globals, games.rt),
                side: if side == Side::On {
                    "onside"
                } else {
                    "offside"
                },
                span,
            });
        };
        found.push(form);
    }
    let (Some(off), Some(on)) = (found.pop(), found.pop()) else {
        return Err(EvalError::internal("a side missing", span));
    };
    // Equal sides are one stopper (`btf("t..f")` of the loopy example is
    // not a stopper, but both its sides are `*`).
    let (both, other) = on.beside(&off);
    let order = Order::of(&both, budget).map_err(limit)?;
    let same = order.leq(0, other) && order.leq(other, 0);
    let mut form =
        |graph: &Bigraph| literal(graph, store, budget).map_err(|e| store_error(e, span));
    if same {
        return Ok(LoopyForm::Stopper(form(&on)?));
    }
    Ok(LoopyForm::Sided(form(&on)?, form(&off)?))
}

/// `(g ≤ h, h ≤ g)` for any two loopy games: on both sides, each in its
/// side's order (for stoppers the sides are the games themselves).
pub fn compare_sides(
    games: &mut Games<'_>,
    g: &GameSum,
    h: &GameSum,
    span: Span,
) -> Result<(bool, bool), EvalError> {
    let budget = games.budget;
    let limit = |e| EvalError::limit(e, span);
    let (mut le, mut ge) = (true, true);
    let [g_on, g_off] = side_graphs(games, g, span)?;
    let [h_on, h_off] = side_graphs(games, h, span)?;
    for (side, g, h) in [(Side::On, g_on, h_on), (Side::Off, g_off, h_off)] {
        let (both, other) = g.beside(&h);
        let order = SideOrder::of(&both, side, budget).map_err(limit)?;
        le &= order.leq(0, other);
        ge &= order.leq(other, 0);
    }
    Ok((le, ge))
}

/// The graphs of `g`'s onside and offside: the same graph unless an `A & B`
/// is in `g`, when each side has its own.
fn side_graphs(games: &mut Games<'_>, g: &GameSum, span: Span) -> Result<[Bigraph; 2], EvalError> {
    if g.has_sided() {
        let on = followers(games, &g.side(true), span)?;
        Ok([on, followers(games, &g.side(false), span)?])
    } else {
        let graph = followers(games, g, span)?;
        Ok([graph.clone(), graph])
    }
}

/// The simplest graph of a stopper's graph: reversible options bypassed,
/// dominated ones deleted, equal vertices fused.
pub(super) fn simplest(
    mut graph: Bigraph,
    budget: &Budget,
) -> Result<Bigraph, crate::budget::Exceeded> {
    let order = Order::of(&graph, budget)?;
    simplify(&mut graph, &order, true, budget)?;
    Ok(fuse(&graph, &order))
}

/// Every follower of `g` and its options, `g` first.
fn followers(games: &mut Games<'_>, g: &GameSum, span: Span) -> Result<Bigraph, EvalError> {
    let root = g.normalized();
    let budget = games.budget;
    let mut listed = Listed::default();
    let explored = ExplicitGraph::explore(root, budget, |p: &GameSum, out| {
        out.extend(listed.options(games, p, true)?.iter().cloned());
        out.extend(listed.options(games, p, false)?.iter().cloned());
        Ok::<(), EvalError>(())
    })
    .map_err(|e| e.at_least(span))?;
    let n = explored.node_count();
    let mut graph = Bigraph {
        left: Vec::with_capacity(n),
        right: Vec::with_capacity(n),
    };
    for u in 0..n as u32 {
        let Some(p) = explored.key(u) else {
            return Err(EvalError::internal("a follower without its position", span));
        };
        let p = p.clone();
        for left in [true, false] {
            let mut ids: Vec<u32> = listed
                .options(games, &p, left)?
                .iter()
                .filter_map(|o| explored.id(o))
                .collect();
            ids.sort_unstable();
            ids.dedup();
            if left {
                graph.left.push(ids);
            } else {
                graph.right.push(ids);
            }
        }
    }
    Ok(graph)
}

/// An order between a graph's vertices, known for every two of them.
pub(super) trait Leq {
    /// `g ≤ h`.
    fn leq(&self, g: u32, h: u32) -> bool;
}

/// `u ≤ w` for every two vertices of a stopper's graph.
pub(super) struct Order {
    n: usize,
    /// Right wins `H − G` moving first, by index `h · n + g`.
    right_wins: Vec<bool>,
}

impl Order {
    /// One retrograde analysis of the survival game `H − G` over all pairs:
    /// Right wins a state when he can leave Left without a move; infinite
    /// play is Left's. Left moves in H as Left and in G as Right; Right the
    /// other way round.
    pub(super) fn of(graph: &Bigraph, budget: &Budget) -> Result<Order, crate::budget::Exceeded> {
        let n = graph.len();
        let pairs = n.saturating_mul(n);
        budget.reserve(pairs.saturating_mul(2 + std::mem::size_of::<u32>()))?;
        let (from_left, from_right) = graph.predecessors();
        let (from_left, from_right) = (&from_left, &from_right);
        let at = |h: u32, g: u32| h as usize * n + g as usize;
        // States: index · 2, plus 1 with Right to move.
        let mut won = vec![false; 2 * pairs];
        let mut left_moves = vec![0u32; pairs];
        let mut queue: Vec<usize> = Vec::new();
        for h in 0..n as u32 {
            for g in 0..n as u32 {
                let count = graph.edges(h, true).len() + graph.edges(g, false).len();
                let i = at(h, g);
                if let Some(c) = left_moves.get_mut(i) {
                    *c = count as u32;
                }
                if count == 0 {
                    if let Some(w) = won.get_mut(2 * i) {
                        *w = true;
                    }
                    queue.push(2 * i);
                }
            }
        }
        let mut preds: Vec<usize> = Vec::new();
        while let Some(state) = queue.pop() {
            budget.tick()?;
            let right_to_move = state % 2 == 1;
            let (h, g) = ((state / 2 / n) as u32, (state / 2 % n) as u32);
            preds.clear();
            if right_to_move {
                // Left moved here: in H as Left (h0 → h), in G as Right.
                preds.extend(row(from_left, h).iter().map(|&h0| 2 * at(h0, g)));
                preds.extend(row(from_right, g).iter().map(|&g0| 2 * at(h, g0)));
                for &p in &preds {
                    if won.get(p) == Some(&true) {
                        continue;
                    }
                    let Some(c) = left_moves.get_mut(p / 2) else {
                        continue;
                    };
                    *c = c.saturating_sub(1);
                    if *c == 0 {
                        if let Some(w) = won.get_mut(p) {
                            *w = true;
                        }
                        queue.push(p);
                    }
                }
            } else {
                // Right moved here: in H as Right (h0 → h), in G as Left.
                preds.extend(row(from_right, h).iter().map(|&h0| 2 * at(h0, g) + 1));
                preds.extend(row(from_left, g).iter().map(|&g0| 2 * at(h, g0) + 1));
                for &p in &preds {
                    if let Some(w) = won.get_mut(p) {
                        if !*w {
                            *w = true;
                            queue.push(p);
                        }
                    }
                }
            }
        }
        let right_wins = (0..pairs)
            .map(|i| won.get(2 * i + 1).copied().unwrap_or(false))
            .collect();
        Ok(Order { n, right_wins })
    }
}

impl Leq for Order {
    /// `g ≤ h`: Left survives `h − g` with Right moving first.
    fn leq(&self, g: u32, h: u32) -> bool {
        let i = h as usize * self.n + g as usize;
        !self.right_wins.get(i).copied().unwrap_or(true)
    }
}

/// The vertices listed for `v` (none past the end).
pub(super) fn row(lists: &[Vec<u32>], v: u32) -> &[u32] {
    lists.get(v as usize).map_or(&[], Vec::as_slice)
}

/// Bypasses reversible options (when `bypassing`) and deletes dominated
/// ones at every vertex the root still reaches, in order (CGSuite's order).
pub(super) fn simplify(
    graph: &mut Bigraph,
    order: &impl Leq,
    bypassing: bool,
    budget: &Budget,
) -> Result<(), crate::budget::Exceeded> {
    let mut reach = graph.reachable();
    for v in 0..graph.len() as u32 {
        if !reach.get(v as usize).copied().unwrap_or(false) {
            continue;
        }
        for left in [true, false].into_iter().filter(|_| bypassing) {
            bypass(graph, order, v, left, budget)?;
        }
        for left in [true, false] {
            undominated(graph, order, v, left);
        }
        reach = graph.reachable();
    }
    Ok(())
}

/// Bypasses `v`'s reversible options for one side: a Left option `a` with a
/// Right option `r ≤ v` is replaced by `r`'s Left options (the mirror for
/// Right), each new option tried again in turn.
fn bypass(
    graph: &mut Bigraph,
    order: &impl Leq,
    v: u32,
    left: bool,
    budget: &Budget,
) -> Result<(), crate::budget::Exceeded> {
    // An option once bypassed is never brought back: for a stopper that
    // changes nothing, and on a side's graph, where the order has more
    // equalities, it keeps bypassing from going round in circles.
    let mut gone: Vec<u32> = Vec::new();
    let mut i = 0;
    while let Some(&a) = graph.edges(v, left).get(i) {
        budget.tick()?;
        let reverser = graph.edges(a, !left).iter().copied().find(|&r| {
            if left {
                order.leq(r, v)
            } else {
                order.leq(v, r)
            }
        });
        let Some(r) = reverser else {
            i += 1;
            continue;
        };
        gone.push(a);
        let old = graph.edges(v, left).to_vec();
        let extra: Vec<u32> = graph
            .edges(r, left)
            .iter()
            .copied()
            .filter(|w| !old.contains(w) && !gone.contains(w))
            .collect();
        if let Some(edges) = graph.edges_mut(v, left) {
            edges.remove(i);
            edges.extend(extra);
        }
    }
    Ok(())
}

/// Deletes `v`'s dominated options for one side (Left keeps the larger of
/// two comparable options, Right the smaller; of two equal ones the first).
fn undominated(graph: &mut Bigraph, order: &impl Leq, v: u32, left: bool) {
    let options = graph.edges(v, left).to_vec();
    let better = |x: u32, y: u32| {
        if left {
            order.leq(y, x)
        } else {
            order.leq(x, y)
        }
    };
    let mut kept: Vec<u32> = Vec::with_capacity(options.len());
    for &x in &options {
        if kept.iter().any(|&k| better(k, x)) {
            continue;
        }
        kept.retain(|&k| !better(x, k));
        kept.push(x);
    }
    if let Some(edges) = graph.edges_mut(v, left) {
        *edges = kept;
    }
}

/// Fuses every vertex the root reaches with the first equal one, and keeps
/// what the root then reaches, renumbered in order (the root 0).
pub(super) fn fuse(graph: &Bigraph, order: &impl Leq) -> Bigraph {
    let reach = graph.reachable();
    let live: Vec<u32> = (0..graph.len() as u32)
        .filter(|&v| reach.get(v as usize).copied().unwrap_or(false))
        .collect();
    let mut to: Vec<u32> = (0..graph.len() as u32).collect();
    for (k, &i) in live.iter().enumerate() {
        let first = live
            .iter()
            .take(k)
            .copied()
            .find(|&j| order.leq(i, j) && order.leq(j, i));
        if let (Some(j), Some(slot)) = (first, to.get_mut(i as usize)) {
            *slot = j;
        }
    }
    let target = |w: &u32| to.get(*w as usize).copied().unwrap_or(*w);
    let mut fused = Bigraph {
        left: vec![Vec::new(); graph.len()],
        right: vec![Vec::new(); graph.len()],
    };
    for &v in &live {
        for left in [true, false] {
            let mut edges: Vec<u32> = graph.edges(v, left).iter().map(target).collect();
            edges.sort_unstable();
            edges.dedup();
            if let Some(e) = fused.edges_mut(v, left) {
                *e = edges;
            }
        }
    }
    // Renumber what the root reaches.
    let reach = fused.reachable();
    let mut new_id = vec![u32::MAX; graph.len()];
    let mut next = 0u32;
    for (v, slot) in new_id.iter_mut().enumerate() {
        if reach.get(v).copied().unwrap_or(false) {
            *slot = next;
            next += 1;
        }
    }
    let mut out = Bigraph {
        left: Vec::with_capacity(next as usize),
        right: Vec::with_capacity(next as usize),
    };
    for v in 0..graph.len() as u32 {
        if !reach.get(v as usize).copied().unwrap_or(false) {
            continue;
        }
        for left in [true, false] {
            let mut edges: Vec<u32> = fused
                .edges(v, left)
                .iter()
                .filter_map(|w| new_id.get(*w as usize).copied())
                .collect();
            edges.sort_unstable();
            if left {
                out.left.push(edges);
            } else {
                out.right.push(edges);
            }
        }
    }
    out
}

/// The simplest graph as a form: vertices that reach no cycle become
/// canonical forms (bottom-up), the rest the nodes of a loopy literal.
pub(super) fn literal(
    graph: &Bigraph,
    store: &mut CanonStore,
    budget: &Budget,
) -> Result<StopperForm, PartizanError> {
    let n = graph.len();
    // Kahn's order on the reversed graph: a vertex is loop-free once all
    // its options are.
    let mut waiting: Vec<usize> = (0..n as u32)
        .map(|v| graph.edges(v, true).len() + graph.edges(v, false).len())
        .collect();
    let mut into: Vec<Vec<u32>> = vec![Vec::new(); n];
    for v in 0..n as u32 {
        for &w in graph.edges(v, true).iter().chain(graph.edges(v, false)) {
            if let Some(list) = into.get_mut(w as usize) {
                list.push(v);
            }
        }
    }
    let mut form: Vec<Option<Form>> = vec![None; n];
    let mut ready: Vec<u32> = (0..n as u32)
        .filter(|&v| waiting.get(v as usize) == Some(&0))
        .collect();
    while let Some(v) = ready.pop() {
        let side = |left: bool| -> Vec<Form> {
            graph
                .edges(v, left)
                .iter()
                .filter_map(|w| form.get(*w as usize).copied().flatten())
                .collect()
        };
        let (l, r) = (side(true), side(false));
        let f = store.from_options(&l, &r, budget)?;
        if let Some(slot) = form.get_mut(v as usize) {
            *slot = Some(f);
        }
        for &u in into.get(v as usize).map_or(&[][..], Vec::as_slice) {
            if let Some(c) = waiting.get_mut(u as usize) {
                *c -= 1;
                if *c == 0 {
                    ready.push(u);
                }
            }
        }
    }
    if let Some(Some(f)) = form.first() {
        return Ok(StopperForm::Short(*f));
    }
    // The loopy vertices, the root first, as nodes.
    let loopy: Vec<u32> = (0..n as u32)
        .filter(|&v| form.get(v as usize) == Some(&None))
        .collect();
    let node_of = |w: u32| loopy.iter().position(|&v| v == w).map(|i| i as u32);
    let mut nodes = Vec::with_capacity(loopy.len());
    for &v in &loopy {
        let mut node = LoopNode::default();
        for (left, out) in [(true, &mut node.left), (false, &mut node.right)] {
            for &w in graph.edges(v, left) {
                let edge = match (form.get(w as usize).copied().flatten(), node_of(w)) {
                    (Some(f), _) => LoopEdge::Game(store.game(f)),
                    (None, Some(k)) => LoopEdge::Node(k),
                    (None, None) => continue,
                };
                out.push(edge);
            }
            out.sort();
        }
        nodes.push(node);
    }
    let graph = Rc::new(LoopGraph::new(nodes));
    Ok(StopperForm::Loopy(GameSum::single(Component::Loopy(
        graph, 0,
    ))))
}

//! Onsides and offsides of loopy games that are not stoppers (Siegel,
//! *Combinatorial Game Theory* ch. VI; Winning Ways ch. 11).
//!
//! **The order of sides.** `G ≤ H` on the onside (infinite play is Left's)
//! when Left, with Right moving first in `H − G`, never runs out of moves and
//! either play ends or it moves in `H` infinitely often. The second condition
//! is what makes the comparison sound: Left turns a strategy in `G + X` into
//! one in `H + X` by answering in `H − G`, and a play that from some point on
//! stays in `G` would be a ping-pong between her two imaginary games in which
//! she never makes a real move. On the offside the same holds with `G` and
//! `H` exchanged (play must move in `G` infinitely often). This is the
//! condition CGSuite's `LoopyGame.leq` computes with its "good states"
//! fixpoint (THEORY.md §6.3 b); here it is solved as what it is, a Büchi
//! game, over every pair of a graph's vertices at once. For stoppers it is
//! the survival order of [`super::stopper`].
//!
//! **Sidling.** A side is found by reducing the graph in that side's order
//! — a move that the opponent can reverse straight back to the same
//! position is dropped on the side where infinite play is the opponent's,
//! reversible options are bypassed, dominated ones deleted — until no
//! alternating cycle is left; the stopper that remains is then made simplest
//! and **checked**: it must equal the game in the side's order both ways.
//! Bypassing is only proven for stoppers, so when its result fails the check
//! the reduction runs again without it; where a reduction stops short of a
//! stopper, Winning Ways' sidling (the game played k moves deep, then `on`
//! or `off`) gives candidates. Only a side that passes the check is
//! reported, so a side is either proven or not claimed (CGSuite's
//! unravelling, which can go further, is a heuristic whose results it
//! checks the same way).

use super::stopper::{fuse, row, simplest, simplify, Bigraph, Leq};
use crate::budget::{Budget, Exceeded};

/// Which side of a game: where infinite play counts for Left or for Right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// Infinite play is a win for Left.
    On,
    /// Infinite play is a win for Right.
    Off,
}

/// `G ≤ H` in one side's order, for every two vertices of a graph.
pub(super) struct SideOrder {
    n: usize,
    /// Left wins `H − G` with Right moving first, by index `h · n + g`.
    left_wins: Vec<bool>,
}

impl Leq for SideOrder {
    fn leq(&self, g: u32, h: u32) -> bool {
        let i = h as usize * self.n + g as usize;
        self.left_wins.get(i).copied().unwrap_or(false)
    }
}

/// The states of `H − G` over all pairs: state `2 (h · n + g) + r`, with
/// `r = 1` when Right is to move. Left moves in H as Left and in G as
/// Right; Right the other way round. A move is *progress* when it is in H on
/// the onside, in G on the offside.
struct Pairs<'a> {
    graph: &'a Bigraph,
    n: usize,
    from_left: Vec<Vec<u32>>,
    from_right: Vec<Vec<u32>>,
    on: bool,
}

impl Pairs<'_> {
    fn state(&self, h: u32, g: u32, right: bool) -> usize {
        2 * (h as usize * self.n + g as usize) + usize::from(right)
    }

    fn split(&self, s: usize) -> (u32, u32, bool) {
        let pair = s / 2;
        ((pair / self.n) as u32, (pair % self.n) as u32, s % 2 == 1)
    }

    /// The moves from `s`: (target, progress).
    fn moves(&self, s: usize, out: &mut Vec<(usize, bool)>) {
        out.clear();
        let (h, g, right) = self.split(s);
        for &h2 in self.graph.edges(h, !right) {
            out.push((self.state(h2, g, !right), self.on));
        }
        for &g2 in self.graph.edges(g, right) {
            out.push((self.state(h, g2, !right), !self.on));
        }
    }

    /// The moves into `s`: (source, progress).
    fn preceding(&self, s: usize, out: &mut Vec<(usize, bool)>) {
        out.clear();
        let (h, g, right) = self.split(s);
        // The mover before was the other player.
        let before = !right;
        // In H the previous mover moved as themself: Left's H-moves are Left
        // edges. In G they moved as the opposite player.
        let h_from = if before {
            &self.from_right
        } else {
            &self.from_left
        };
        let g_from = if before {
            &self.from_left
        } else {
            &self.from_right
        };
        for &h0 in row(h_from, h) {
            out.push((self.state(h0, g, before), self.on));
        }
        for &g0 in row(g_from, g) {
            out.push((self.state(h, g0, before), !self.on));
        }
    }
}

impl SideOrder {
    /// Solves the Büchi game of every pair at once: repeatedly, remove the
    /// states Right wins outright (Left stuck, or forced there), then keep
    /// only those from which Left can force a progress move without leaving
    /// what remains; what is left when nothing more goes is Left's.
    pub(super) fn of(graph: &Bigraph, side: Side, budget: &Budget) -> Result<SideOrder, Exceeded> {
        let n = graph.len();
        let states = 2 * n.saturating_mul(n);
        budget.reserve(states.saturating_mul(3 + 2 * std::mem::size_of::<u32>()))?;
        let (from_left, from_right) = graph.predecessors();
        let pairs = Pairs {
            graph,
            n,
            from_left,
            from_right,
            on: side == Side::On,
        };
        let mut alive = vec![true; states];
        let mut count = vec![0u32; states];
        let mut good = vec![false; states];
        let mut queue: Vec<usize> = Vec::new();
        let (mut out, mut ins) = (Vec::new(), Vec::new());
        loop {
            // 1. Right's attractor: Left states with no move left alive, and
            // Right states with a move out of it, go.
            queue.clear();
            for s in 0..states {
                budget.tick()?;
                if !alive.get(s).copied().unwrap_or(false) {
                    continue;
                }
                pairs.moves(s, &mut out);
                let right = s % 2 == 1;
                let live = out.iter().filter(|(t, _)| alive.get(*t) == Some(&true));
                let dead = if right {
                    live.count() < out.len()
                } else {
                    let c = live.count();
                    if let Some(slot) = count.get_mut(s) {
                        *slot = c as u32;
                    }
                    c == 0
                };
                if dead {
                    queue.push(s);
                }
            }
            for &s in &queue {
                if let Some(a) = alive.get_mut(s) {
                    *a = false;
                }
            }
            while let Some(t) = queue.pop() {
                budget.tick()?;
                pairs.preceding(t, &mut ins);
                for &(p, _) in &ins {
                    if alive.get(p) != Some(&true) {
                        continue;
                    }
                    let gone = if p % 2 == 1 {
                        true
                    } else {
                        let c = count.get_mut(p).map_or(0, |c| {
                            *c = c.saturating_sub(1);
                            *c
                        });
                        c == 0
                    };
                    if gone {
                        if let Some(a) = alive.get_mut(p) {
                            *a = false;
                        }
                        queue.push(p);
                    }
                }
            }
            // 2. Left's attractor to progress, inside what is alive: a Right
            // state is good when all its plain moves are (its progress moves
            // are progress), a Left state when it has a progress move or a
            // plain move to a good state.
            good.iter_mut().for_each(|g| *g = false);
            for s in 0..states {
                budget.tick()?;
                if !alive.get(s).copied().unwrap_or(false) {
                    continue;
                }
                pairs.moves(s, &mut out);
                let is_good = if s % 2 == 1 {
                    let plain = out.iter().filter(|(_, progress)| !progress).count();
                    if let Some(slot) = count.get_mut(s) {
                        *slot = plain as u32;
                    }
                    plain == 0
                } else {
                    out.iter()
                        .any(|&(t, progress)| progress && alive.get(t) == Some(&true))
                };
                if is_good {
                    if let Some(g) = good.get_mut(s) {
                        *g = true;
                    }
                    queue.push(s);
                }
            }
            while let Some(t) = queue.pop() {
                budget.tick()?;
                pairs.preceding(t, &mut ins);
                for &(p, progress) in &ins {
                    if progress || alive.get(p) != Some(&true) || good.get(p) == Some(&true) {
                        continue;
                    }
                    let now = if p % 2 == 1 {
                        let c = count.get_mut(p).map_or(0, |c| {
                            *c = c.saturating_sub(1);
                            *c
                        });
                        c == 0
                    } else {
                        true
                    };
                    if now {
                        if let Some(g) = good.get_mut(p) {
                            *g = true;
                        }
                        queue.push(p);
                    }
                }
            }
            // 3. Done when every live state is good; else the bad ones go.
            let mut changed = false;
            for (a, g) in alive.iter_mut().zip(&good) {
                if *a && !*g {
                    *a = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let left_wins = (0..n * n)
            .map(|i| alive.get(2 * i + 1).copied().unwrap_or(false))
            .collect();
        Ok(SideOrder { n, left_wins })
    }
}

/// How many rounds of simplification sidling tries before it gives up.
const ROUNDS: usize = 64;

/// One side of the game on `graph` (root 0) as the graph of a simplest
/// stopper, proven equal to the game on that side; `None` when sidling
/// finds no such stopper.
///
/// Bypassing reversible options is proven for stoppers, not on a graph with
/// alternating cycles, and there it can go wrong (`btf("ttt...fff")` of the
/// loopy example simplifies to a stopper that fails the check). So the graph
/// is reduced twice if need be: with bypassing, then without it. Each
/// candidate is checked, so either way a side is proven or not claimed.
pub(super) fn sidle(
    graph: &Bigraph,
    side: Side,
    budget: &Budget,
) -> Result<Option<Bigraph>, Exceeded> {
    // The check: a candidate stopper and the game, side by side in one graph.
    let proven = |candidate: &Bigraph| -> Result<bool, Exceeded> {
        let (both, other) = candidate.beside(graph);
        let check = SideOrder::of(&both, side, budget)?;
        Ok(check.leq(0, other) && check.leq(other, 0))
    };
    for bypassing in [true, false] {
        let g = reduce(graph, side, bypassing, budget)?;
        if g.is_stopper(budget)? {
            let candidate = simplest(g, budget)?;
            if proven(&candidate)? {
                return Ok(Some(candidate));
            }
            continue;
        }
        // Winning Ways' sidling where the reduction stops short: the game
        // played k moves deep through its cycles, then replaced by `on`
        // (onside) or `off`, approaches the side from outside; try k = 2,
        // 4, 8, … while the unrolled graph stays small.
        let mut depth = 2;
        while let Some(unrolled) = unroll(&g, side, depth, budget)? {
            let candidate = simplest(unrolled, budget)?;
            if proven(&candidate)? {
                return Ok(Some(candidate));
            }
            depth *= 2;
        }
    }
    Ok(None)
}

/// Reduces the graph in the side's order until it is a stopper or stops
/// changing: moves straight back dropped, reversible options bypassed (when
/// `bypassing`), dominated ones deleted, equal vertices fused.
fn reduce(
    graph: &Bigraph,
    side: Side,
    bypassing: bool,
    budget: &Budget,
) -> Result<Bigraph, Exceeded> {
    let mut g = graph.clone();
    for _ in 0..ROUNDS {
        if g.is_stopper(budget)? {
            break;
        }
        let order = SideOrder::of(&g, side, budget)?;
        let before = g.clone();
        drop_returns(&mut g, side);
        simplify(&mut g, &order, bypassing, budget)?;
        g = fuse(&g, &order);
        if g == before {
            break;
        }
    }
    Ok(g)
}

/// The most vertices an unrolled graph may have: the stopper order is
/// quadratic in them.
const MAX_UNROLLED: usize = 4_000;

/// `graph` played `depth` moves deep through the vertices that reach an
/// alternating cycle, each copy one move deeper than its parent, and the
/// copies at the last depth replaced by `on` (onside) or `off`: a stopper,
/// vertex 0 its root. The vertices that reach no alternating cycle are kept
/// once. `None` when it would have more than [`MAX_UNROLLED`] vertices.
fn unroll(
    graph: &Bigraph,
    side: Side,
    depth: usize,
    budget: &Budget,
) -> Result<Option<Bigraph>, Exceeded> {
    let n = graph.len();
    let core = cyclic_core(graph, budget)?;
    let cores: Vec<u32> = (0..n as u32)
        .filter(|&v| core.get(v as usize) == Some(&true))
        .collect();
    let size = n + cores.len() * depth + 1;
    if size > MAX_UNROLLED {
        return Ok(None);
    }
    // Vertex ids: the copies of core vertex c at depth d come first (the
    // root's copy at depth 0 is vertex 0 when the root is in the core),
    // then the plain vertices, then the last-depth stand-in.
    let slot = |v: u32| cores.binary_search(&v).ok();
    let copy = |c: usize, d: usize| (d * cores.len() + c) as u32;
    let plain = |v: u32| (cores.len() * depth + v as usize) as u32;
    let end = (cores.len() * depth + n) as u32;
    let target = |w: u32, d: usize| match slot(w) {
        None => plain(w),
        Some(c) if d < depth => copy(c, d),
        Some(_) => end,
    };
    let mut out = Bigraph {
        left: Vec::with_capacity(size),
        right: Vec::with_capacity(size),
    };
    for d in 0..depth {
        for &v in &cores {
            budget.tick()?;
            for left in [true, false] {
                let edges = graph
                    .edges(v, left)
                    .iter()
                    .map(|&w| target(w, d + 1))
                    .collect();
                if left {
                    out.left.push(edges);
                } else {
                    out.right.push(edges);
                }
            }
        }
    }
    for v in 0..n as u32 {
        out.left.push(
            graph
                .edges(v, true)
                .iter()
                .map(|&w| target(w, depth))
                .collect(),
        );
        out.right.push(
            graph
                .edges(v, false)
                .iter()
                .map(|&w| target(w, depth))
                .collect(),
        );
    }
    // `on` = {pass | } on the onside, `off` = { | pass} on the offside.
    let pass = vec![end];
    let (l, r) = match side {
        Side::On => (pass, Vec::new()),
        Side::Off => (Vec::new(), pass),
    };
    out.left.push(l);
    out.right.push(r);
    // The root: its copy at depth 0, or itself.
    if slot(0).is_none() {
        out.swap_root(plain(0));
    }
    Ok(Some(out))
}

/// The vertices from which some sequence of moves reaches an alternating
/// cycle.
fn cyclic_core(graph: &Bigraph, budget: &Budget) -> Result<Vec<bool>, Exceeded> {
    let n = graph.len();
    // Peel the states (vertex, mover) with every successor peeled: what is
    // left reaches a cycle of alternating play.
    let (from_left, from_right) = graph.predecessors();
    let mut waiting: Vec<usize> = (0..2 * n as u32)
        .map(|s| graph.edges(s / 2, s % 2 == 0).len())
        .collect();
    let mut ready: Vec<u32> = (0..2 * n as u32)
        .filter(|&s| waiting.get(s as usize) == Some(&0))
        .collect();
    let mut peeled = vec![false; 2 * n];
    while let Some(s) = ready.pop() {
        budget.tick()?;
        if let Some(p) = peeled.get_mut(s as usize) {
            *p = true;
        }
        // State s = 2v + (1 when Right moves) is reached from the other
        // mover's state by their move.
        let (v, right) = (s / 2, s % 2 == 1);
        let (from, mover) = if right {
            (&from_left, 0)
        } else {
            (&from_right, 1)
        };
        for &u in row(from, v) {
            let t = 2 * u + mover;
            if let Some(c) = waiting.get_mut(t as usize) {
                *c -= 1;
                if *c == 0 {
                    ready.push(t);
                }
            }
        }
    }
    // A vertex is in the core when a vertex with an unpeeled state is
    // reachable from it by any moves.
    let mut core: Vec<bool> = (0..n)
        .map(|v| !(peeled.get(2 * v) == Some(&true) && peeled.get(2 * v + 1) == Some(&true)))
        .collect();
    let mut stack: Vec<u32> = (0..n as u32)
        .filter(|&v| core.get(v as usize) == Some(&true))
        .collect();
    while let Some(w) = stack.pop() {
        for &u in row(&from_left, w).iter().chain(row(&from_right, w)) {
            if let Some(c) = core.get_mut(u as usize) {
                if !*c {
                    *c = true;
                    stack.push(u);
                }
            }
        }
    }
    Ok(core)
}

/// Drops the moves the opponent can answer by moving straight back, on the
/// side where the infinite play that follows is the opponent's: Right's on
/// the onside, Left's on the offside (CGSuite's
/// `eliminateObviouslyIrrelevantEdges`).
fn drop_returns(graph: &mut Bigraph, side: Side) {
    let mover_left = side == Side::Off;
    for v in 0..graph.len() as u32 {
        let keep: Vec<u32> = graph
            .edges(v, mover_left)
            .iter()
            .copied()
            .filter(|&w| !graph.edges(w, !mover_left).contains(&v))
            .collect();
        if let Some(edges) = graph.edges_mut(v, mover_left) {
            *edges = keep;
        }
    }
}

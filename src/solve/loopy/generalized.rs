//! Smith's generalised Sprague–Grundy values γ of a loopy graph, computed stage
//! by stage, with the counter function that makes winning play terminate and
//! the sum rule that answers sums without building their product graph.

use std::fmt;
use std::mem::size_of;

use crate::budget::{Budget, Exceeded};
use crate::graph::explicit::Csr;
use crate::solve::loopy::retrograde::Outcome;

/// A generalised Sprague–Grundy value: a nimber, or ∞ with the finite values
/// among the options (sorted, each once).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Gsg {
    /// γ = n.
    Finite(u32),
    /// γ = ∞(K) with K the sorted finite values of the options.
    Infinite(Vec<u32>),
}

impl fmt::Display for Gsg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Gsg::Finite(n) => write!(f, "{n}"),
            Gsg::Infinite(k) => {
                f.write_str("inf{")?;
                for (i, x) in k.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_str("}")
            }
        }
    }
}

impl Gsg {
    /// Who wins: 0 is P, another nimber N, ∞(K) is N when 0 ∈ K (move to a
    /// 0-option), and otherwise a draw.
    pub fn outcome(&self) -> Outcome {
        match self {
            Gsg::Finite(0) => Outcome::P,
            Gsg::Finite(_) => Outcome::N,
            Gsg::Infinite(k) if k.first() == Some(&0) => Outcome::N,
            Gsg::Infinite(_) => Outcome::D,
        }
    }

    /// The finite value, if any.
    pub fn finite(&self) -> Option<u32> {
        match self {
            Gsg::Finite(n) => Some(*n),
            Gsg::Infinite(_) => None,
        }
    }

    /// Smith's sum rule: x ⊕ y when both are finite, ∞(K ⊕ y) when one is
    /// ∞(K) and the other is y, and ∞(∅) (a draw) when both are infinite.
    pub fn add(&self, other: &Gsg) -> Gsg {
        match (self, other) {
            (Gsg::Finite(x), Gsg::Finite(y)) => Gsg::Finite(x ^ y),
            (Gsg::Infinite(k), Gsg::Finite(y)) | (Gsg::Finite(y), Gsg::Infinite(k)) => {
                let mut shifted: Vec<u32> = k.iter().map(|x| x ^ y).collect();
                shifted.sort_unstable();
                Gsg::Infinite(shifted)
            }
            (Gsg::Infinite(_), Gsg::Infinite(_)) => Gsg::Infinite(Vec::new()),
        }
    }
}

/// The value of a sum of components (0 for the empty sum).
pub fn sum_value(values: &[Gsg]) -> Gsg {
    values
        .iter()
        .fold(Gsg::Finite(0), |acc, value| acc.add(value))
}

/// Label of a vertex not yet labelled during the computation.
const UNLABELLED: u32 = u32::MAX - 1;
/// Label of an infinite vertex (its K is read off its options on demand).
const INFINITE: u32 = u32::MAX;

/// γ of every node of one graph, and Smith's counter function for the finite ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generalized {
    /// The finite value, or [`INFINITE`].
    label: Vec<u32>,
    /// For a finite node, when it was labelled (a global sequence number).
    /// If γ(u) = m and an option v of u has γ(v) > m or ∞, then v has an
    /// option w with γ(w) = m labelled before u: that is why u could be
    /// labelled. So counters strictly fall along the winner's reversals.
    counter: Vec<u32>,
}

impl Generalized {
    /// Computes γ stage by stage (THEORY.md §2.2): at stage m, an unlabelled
    /// vertex gets m when none of its options has m and every option not
    /// already finite below m "reverses" to m (has an option labelled m);
    /// then every unlabelled vertex with no option labelled m becomes ∞.
    /// A vertex still unlabelled after stage m has an option of every value
    /// ≤ m, so the mex condition needs no check. A stage costs the vertices
    /// still waiting, the in-edges of its new labels, and the in-edges of the
    /// vertices those reverse: at most O(V + E).
    pub fn solve(graph: &Csr, budget: &Budget) -> Result<Generalized, Exceeded> {
        let n = graph.node_count();
        budget.reserve(n * (size_of::<Vertex>() + 3 * size_of::<u32>()))?;
        let mut state: Vec<Vertex> = (0..n as u32)
            .map(|u| Vertex {
                label: UNLABELLED,
                need: 0,
                open: graph.out_degree(u),
                mark: 0,
                counter: u32::MAX,
            })
            .collect();
        let mut waiting: Vec<u32> = (0..n as u32).collect();
        let mut queue: Vec<u32> = Vec::new();
        let mut sequence = 0u32;
        let mut m = 0u32;
        while !waiting.is_empty() {
            let stamp = m + 1;
            queue.clear();
            budget.ticks(waiting.len() as u32)?;
            for &u in &waiting {
                let Some(x) = state.get_mut(u as usize) else {
                    continue;
                };
                // At a stage's start no label is m yet, so the blocking options
                // are exactly the open ones.
                x.need = x.open;
                if x.need == 0 {
                    x.label = m;
                    x.counter = sequence;
                    sequence += 1;
                    queue.push(u);
                }
            }
            reverse(
                graph,
                &mut state,
                &mut queue,
                (m, stamp),
                &mut sequence,
                budget,
            )?;
            // Those still unlabelled with no option labelled m can never get a
            // finite value: ∞. The others have an option of every value ≤ m.
            waiting.retain(|&u| {
                let Some(x) = state.get_mut(u as usize) else {
                    return false;
                };
                if x.label != UNLABELLED {
                    return false;
                }
                if x.mark == stamp {
                    return true;
                }
                x.label = INFINITE;
                false
            });
            m += 1;
        }
        drop(waiting);
        drop(queue);
        let label = state.iter().map(|x| x.label).collect();
        let counter = state.iter().map(|x| x.counter).collect();
        Ok(Generalized { label, counter })
    }

    /// Number of nodes.
    pub fn node_count(&self) -> usize {
        self.label.len()
    }

    /// The finite value of `u`, or `None` when it is ∞ (or out of range).
    #[inline]
    pub fn finite(&self, u: u32) -> Option<u32> {
        self.label
            .get(u as usize)
            .copied()
            .filter(|&l| l != INFINITE)
    }

    /// Whether `u` has an infinite value.
    #[inline]
    pub fn is_infinite(&self, u: u32) -> bool {
        self.label.get(u as usize) == Some(&INFINITE)
    }

    /// Smith's counter for a finite `u` (`None` when ∞).
    #[inline]
    pub fn counter(&self, u: u32) -> Option<u32> {
        self.finite(u)
            .and_then(|_| self.counter.get(u as usize).copied())
    }

    /// γ(u) in full: for ∞, K is gathered from the options.
    pub fn value(&self, graph: &Csr, u: u32) -> Option<Gsg> {
        match *self.label.get(u as usize)? {
            INFINITE => {
                let mut k: Vec<u32> = graph
                    .successors(u)
                    .iter()
                    .filter_map(|&v| self.finite(v))
                    .collect();
                k.sort_unstable();
                k.dedup();
                Some(Gsg::Infinite(k))
            }
            l => Some(Gsg::Finite(l)),
        }
    }

    /// The outcome of `u` alone.
    pub fn outcome(&self, graph: &Csr, u: u32) -> Option<Outcome> {
        self.value(graph, u).map(|v| v.outcome())
    }

    /// The option of `u` with finite value `target` that has the smallest
    /// counter: moving there keeps the winner's counters falling.
    pub fn move_to_value(&self, graph: &Csr, u: u32, target: u32) -> Option<u32> {
        graph
            .successors(u)
            .iter()
            .copied()
            .filter(|&v| self.finite(v) == Some(target))
            .min_by_key(|&v| self.counter(v))
    }
}

/// The working state of one vertex during [`Generalized::solve`], kept together
/// because the propagation reads and writes several fields of a vertex at a
/// random place in memory: one cache line instead of four.
#[derive(Debug, Clone, Copy)]
struct Vertex {
    /// Finite value, [`UNLABELLED`] or [`INFINITE`].
    label: u32,
    /// Options of an unlabelled vertex that still block it at this stage:
    /// those not finite below m that do not reverse to m yet.
    need: u32,
    /// Options not (yet) finite: unlabelled or ∞. Kept across stages, and
    /// lowered when an option gets a finite label, so a stage starts from it
    /// without rescanning every waiting vertex's options.
    open: u32,
    /// m + 1 when the vertex has an option labelled m (in stage m); stamps
    /// avoid clearing at every stage.
    mark: u32,
    /// When the vertex got its finite label (see [`Generalized`]).
    counter: u32,
}

/// One component of a sum: a node of some graph with its values.
#[derive(Debug, Clone, Copy)]
pub struct Component<'a> {
    /// The component's move graph.
    pub graph: &'a Csr,
    /// γ of that graph.
    pub values: &'a Generalized,
    /// Where the component stands.
    pub node: u32,
}

impl Component<'_> {
    /// γ of the component's position.
    pub fn value(&self) -> Gsg {
        self.values
            .value(self.graph, self.node)
            .unwrap_or(Gsg::Infinite(Vec::new()))
    }
}

/// A move in a sum: component `component` moves to node `to` of its graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SumMove {
    /// Which component moves.
    pub component: usize,
    /// Its new node.
    pub to: u32,
}

/// The value of a sum of components by the sum rule.
pub fn sum_of(components: &[Component<'_>]) -> Gsg {
    components
        .iter()
        .fold(Gsg::Finite(0), |acc, c| acc.add(&c.value()))
}

/// The outcome of a sum of components, without its product graph.
pub fn sum_outcome(components: &[Component<'_>]) -> Outcome {
    sum_of(components).outcome()
}

/// What each component must move to for the sum to reach γ = 0: `None` when
/// no move can (a P or drawn sum), else per component the finite target value
/// (`None` for components that cannot help).
fn targets(components: &[Component<'_>]) -> Option<Vec<Option<u32>>> {
    let finite: Vec<Option<u32>> = components.iter().map(|c| c.values.finite(c.node)).collect();
    let infinite: Vec<usize> = (0..finite.len())
        .filter(|&i| finite.get(i) == Some(&None))
        .collect();
    let nim_sum = finite.iter().flatten().fold(0u32, |a, &x| a ^ x);
    match infinite.as_slice() {
        // All finite: any component j may move to γ_j ⊕ s.
        [] if nim_sum != 0 => Some(finite.iter().map(|g| g.map(|g| g ^ nim_sum)).collect()),
        [] => None,
        // One ∞ component must move to the nim-sum of the others.
        [i] => Some(
            (0..finite.len())
                .map(|j| (j == *i).then_some(nim_sum))
                .collect(),
        ),
        // Two or more ∞: the sum is ∞(∅), no move reaches 0.
        _ => None,
    }
}

/// Every winning move of a sum: each move of one component after which the
/// sum has γ = 0. Empty when the sum is P or a draw.
pub fn sum_winning_moves(components: &[Component<'_>]) -> Vec<SumMove> {
    let Some(targets) = targets(components) else {
        return Vec::new();
    };
    let mut moves = Vec::new();
    for (i, (c, target)) in components.iter().zip(&targets).enumerate() {
        let Some(t) = *target else { continue };
        for &v in c.graph.successors(c.node) {
            if c.values.finite(v) == Some(t) {
                moves.push(SumMove {
                    component: i,
                    to: v,
                });
            }
        }
    }
    moves
}

/// The winning move that makes progress, so that the winner never lets play
/// cycle. `last` is the opponent's previous move: the component it moved and
/// the node that component left. When that move raised the component's value
/// (to a larger number or to ∞), reverse it in the same component to a node of
/// the old value with a smaller counter; otherwise lower some component's
/// value. Values then fall, or stay with a falling counter, so play ends.
/// `None` when the sum is not N.
#[cfg_attr(not(feature = "cli"), allow(dead_code))] // the REPL's `play`
pub fn sum_progress_move(
    components: &[Component<'_>],
    last: Option<(usize, u32)>,
) -> Option<SumMove> {
    let targets = targets(components)?;
    if let Some((i, before)) = last {
        if let (Some(c), Some(&Some(t))) = (components.get(i), targets.get(i)) {
            let old = c.values.finite(before);
            let now = c.values.finite(c.node);
            let raised = match (old, now) {
                (Some(o), Some(n)) => n > o,
                (Some(_), None) => true,
                _ => false,
            };
            if raised && old == Some(t) {
                if let Some(to) = c.values.move_to_value(c.graph, c.node, t) {
                    return Some(SumMove { component: i, to });
                }
            }
        }
    }
    components
        .iter()
        .zip(&targets)
        .enumerate()
        .find_map(|(i, (c, target))| {
            let t = (*target)?;
            let lowers = c.values.finite(c.node).is_none_or(|g| t < g);
            if !lowers {
                return None;
            }
            let to = c.values.move_to_value(c.graph, c.node, t)?;
            Some(SumMove { component: i, to })
        })
}
/// The rest of stage `m` (marks `stamp`): from each vertex labelled m in
/// `queue` (which grows), its predecessors now reverse to m and stop
/// blocking theirs; a vertex no option blocks any longer is labelled m and
/// queued, numbered by `sequence`.
fn reverse(
    graph: &Csr,
    state: &mut [Vertex],
    queue: &mut Vec<u32>,
    (m, stamp): (u32, u32),
    sequence: &mut u32,
    budget: &Budget,
) -> Result<(), Exceeded> {
    let mut head = 0;
    while let Some(&w) = queue.get(head) {
        head += 1;
        let preds = graph.predecessors(w);
        budget.ticks(preds.len() as u32 + 1)?;
        for &v in preds {
            let Some(y) = state.get_mut(v as usize) else {
                continue;
            };
            // w is finite now: one option fewer left open for v.
            y.open = y.open.saturating_sub(1);
            if y.mark == stamp {
                continue;
            }
            y.mark = stamp;
            if y.label != UNLABELLED && y.label != INFINITE {
                continue;
            }
            // v now reverses to m: it no longer blocks its predecessors.
            let vpreds = graph.predecessors(v);
            budget.ticks(vpreds.len() as u32 + 1)?;
            for &u in vpreds {
                let Some(x) = state.get_mut(u as usize) else {
                    continue;
                };
                if x.label != UNLABELLED || x.mark == stamp {
                    continue;
                }
                x.need = x.need.saturating_sub(1);
                if x.need == 0 {
                    x.label = m;
                    x.counter = *sequence;
                    *sequence += 1;
                    queue.push(u);
                }
            }
        }
    }
    Ok(())
}

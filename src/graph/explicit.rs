//! The explicit reachable graph of a game: positions interned to dense `u32`
//! ids, explored breadth-first, and stored as compact successor and predecessor
//! arrays (CSR) for the loopy solvers.
//!
//! Loopy analysis works backwards from the terminal positions, so it needs every
//! reachable position and the predecessor lists at once; a memo keyed by
//! position (as the acyclic solvers use) cannot answer "who moves to here?".

use std::hash::Hash;
use std::mem::size_of;

use std::collections::hash_map::Entry;

use rustc_hash::FxHashMap;

use crate::budget::{Budget, Exceeded};

/// The most nodes or edges one explicit graph holds: ids and offsets are `u32`
/// so that the arrays stay half the size of `usize` ones.
const MAX_ITEMS: usize = u32::MAX as usize - 1;

/// The move graph alone, as compressed sparse rows: for node `u`, its successors
/// are `succ[succ_off[u]..succ_off[u + 1]]`, and likewise its predecessors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Csr {
    succ_off: Vec<u32>,
    succ: Vec<u32>,
    pred_off: Vec<u32>,
    pred: Vec<u32>,
}

impl Default for Csr {
    fn default() -> Self {
        Csr {
            succ_off: vec![0],
            succ: Vec::new(),
            pred_off: vec![0],
            pred: Vec::new(),
        }
    }
}

/// The items of node `u` in a CSR pair; empty for a node out of range.
#[inline]
fn row<'a>(off: &[u32], items: &'a [u32], u: u32) -> &'a [u32] {
    let u = u as usize;
    match (off.get(u), off.get(u + 1)) {
        (Some(&a), Some(&b)) => items.get(a as usize..b as usize).unwrap_or(&[]),
        _ => &[],
    }
}

impl Csr {
    /// Builds the graph from one successor list per node. Targets out of range
    /// are dropped (this is for tests and small hand-made graphs), repeated
    /// targets are kept once.
    pub fn from_successors(lists: &[Vec<u32>], budget: &Budget) -> Result<Csr, Exceeded> {
        let n = lists.len();
        if n > MAX_ITEMS {
            return Err(Exceeded::Positions(MAX_ITEMS));
        }
        let mut succ_off = Vec::with_capacity(n + 1);
        let mut succ = Vec::new();
        succ_off.push(0);
        let mut row_ids = Vec::new();
        for list in lists {
            budget.tick()?;
            row_ids.clear();
            row_ids.extend(list.iter().copied().filter(|&v| (v as usize) < n));
            row_ids.sort_unstable();
            row_ids.dedup();
            succ.extend_from_slice(&row_ids);
            if succ.len() > MAX_ITEMS {
                return Err(Exceeded::Positions(MAX_ITEMS));
            }
            succ_off.push(succ.len() as u32);
        }
        Csr::with_predecessors(succ_off, succ, budget)
    }

    /// Completes successor arrays with the predecessor arrays, built once by
    /// counting in-degrees: no per-node vectors, two passes over the edges.
    fn with_predecessors(
        succ_off: Vec<u32>,
        succ: Vec<u32>,
        budget: &Budget,
    ) -> Result<Csr, Exceeded> {
        let n = succ_off.len().saturating_sub(1);
        budget.reserve((n + 1 + succ.len()) * size_of::<u32>())?;
        // pred_off[v + 1] counts v's in-edges, then becomes a running start.
        let mut pred_off = vec![0u32; n + 1];
        for &v in &succ {
            budget.tick()?;
            if let Some(c) = pred_off.get_mut(v as usize + 1) {
                *c += 1;
            }
        }
        let mut total = 0u32;
        for c in pred_off.iter_mut() {
            total += *c;
            *c = total;
        }
        // Fill with pred_off[v] as v's cursor; afterwards pred_off[v] holds the
        // end of v's row, which is the start of v + 1's, so shift right once.
        let mut pred = vec![0u32; succ.len()];
        for u in 0..n {
            budget.tick()?;
            for &v in row(&succ_off, &succ, u as u32) {
                if let Some(cursor) = pred_off.get_mut(v as usize) {
                    if let Some(slot) = pred.get_mut(*cursor as usize) {
                        *slot = u as u32;
                    }
                    *cursor += 1;
                }
            }
        }
        pred_off.rotate_right(1);
        if let Some(first) = pred_off.first_mut() {
            *first = 0;
        }
        Ok(Csr {
            succ_off,
            succ,
            pred_off,
            pred,
        })
    }

    /// Number of nodes; ids run over `0..node_count()`.
    pub fn node_count(&self) -> usize {
        self.succ_off.len().saturating_sub(1)
    }

    /// Number of moves (edges), each counted once.
    pub fn edge_count(&self) -> usize {
        self.succ.len()
    }

    /// The options of `u` in increasing id order.
    #[inline]
    pub fn successors(&self, u: u32) -> &[u32] {
        row(&self.succ_off, &self.succ, u)
    }

    /// The positions that move to `u`, in increasing id order.
    #[inline]
    pub fn predecessors(&self, u: u32) -> &[u32] {
        row(&self.pred_off, &self.pred, u)
    }

    /// How many options `u` has.
    #[inline]
    pub fn out_degree(&self, u: u32) -> u32 {
        self.successors(u).len() as u32
    }

    /// True when the graph has a cycle: peeling off, again and again, the
    /// nodes whose options are all peeled leaves some node behind.
    pub fn has_cycle(&self) -> bool {
        let n = self.node_count() as u32;
        let mut left: Vec<u32> = (0..n).map(|u| self.out_degree(u)).collect();
        let mut ready: Vec<u32> = (0..n).filter(|&u| self.out_degree(u) == 0).collect();
        let mut peeled = 0u32;
        while let Some(v) = ready.pop() {
            peeled += 1;
            for &u in self.predecessors(v) {
                if let Some(l) = left.get_mut(u as usize) {
                    *l -= 1;
                    if *l == 0 {
                        ready.push(u);
                    }
                }
            }
        }
        peeled < n
    }
}

/// The reachable positions of a game, each with its dense id, and their move graph.
#[derive(Debug, Clone)]
pub struct ExplicitGraph<K> {
    ids: FxHashMap<K, u32>,
    keys: Vec<K>,
    graph: Csr,
}

impl<K: Eq + Hash + Clone> ExplicitGraph<K> {
    /// Explores everything reachable from `root` breadth-first; the root gets id 0.
    /// `successors(p, out)` pushes the options of `p` onto `out` (which arrives empty).
    pub fn explore<E, F>(root: K, budget: &Budget, successors: F) -> Result<Self, E>
    where
        E: From<Exceeded>,
        F: FnMut(&K, &mut Vec<K>) -> Result<(), E>,
    {
        let mut explorer = Explorer::new(budget);
        explorer.add_root(root)?;
        explorer.explore(successors)
    }

    /// The move graph.
    pub fn graph(&self) -> &Csr {
        &self.graph
    }

    /// Number of positions.
    pub fn node_count(&self) -> usize {
        self.keys.len()
    }

    /// The position with id `u`.
    pub fn key(&self, u: u32) -> Option<&K> {
        self.keys.get(u as usize)
    }

    /// The id of a position, if it was reached.
    pub fn id(&self, key: &K) -> Option<u32> {
        self.ids.get(key).copied()
    }

    /// Every position in id order.
    pub fn keys(&self) -> impl Iterator<Item = &K> + '_ {
        self.keys.iter()
    }
}

/// Builds an [`ExplicitGraph`] from one or more roots (a sum's components, or
/// several queried positions sharing one graph).
#[derive(Debug)]
pub struct Explorer<'b, K> {
    budget: &'b Budget,
    ids: FxHashMap<K, u32>,
    keys: Vec<K>,
    succ_off: Vec<u32>,
    succ: Vec<u32>,
}

impl<'b, K: Eq + Hash + Clone> Explorer<'b, K> {
    /// An empty explorer charging `budget`.
    pub fn new(budget: &'b Budget) -> Self {
        Explorer {
            budget,
            ids: FxHashMap::default(),
            keys: Vec::new(),
            succ_off: vec![0],
            succ: Vec::new(),
        }
    }

    /// Interns a position, returning its id (the existing one if already seen).
    /// Roots added before [`Explorer::explore`] are explored in the order given.
    pub fn add_root(&mut self, key: K) -> Result<u32, Exceeded> {
        self.intern(key)
    }

    /// Interns `key`; a new position is charged to the budget, and the table's
    /// growth is asked for before it doubles. The map holds the key inline next
    /// to its id, so a lookup touches one bucket; the id-ordered copy of the
    /// keys serves expansion and printing.
    #[inline]
    fn intern(&mut self, key: K) -> Result<u32, Exceeded> {
        let len = self.keys.len();
        if len == self.ids.capacity() || len == self.keys.capacity() {
            if len >= MAX_ITEMS {
                return Err(Exceeded::Positions(MAX_ITEMS));
            }
            // A map slot holds the key, its id and a control byte; the list a key.
            let per = 2 * size_of::<K>() + size_of::<u32>() + 1;
            self.budget.reserve(len.max(16).saturating_mul(per))?;
        }
        match self.ids.entry(key) {
            Entry::Occupied(e) => Ok(*e.get()),
            Entry::Vacant(e) => {
                self.budget.add_positions(1)?;
                self.keys.push(e.key().clone());
                e.insert(len as u32);
                Ok(len as u32)
            }
        }
    }

    /// Explores breadth-first from the roots until no new position appears.
    /// Ids are handed out in discovery order, so the nodes still to expand are
    /// exactly the ids past the last expanded one: the id range is the queue.
    pub fn explore<E, F>(mut self, mut successors: F) -> Result<ExplicitGraph<K>, E>
    where
        E: From<Exceeded>,
        F: FnMut(&K, &mut Vec<K>) -> Result<(), E>,
    {
        let mut options: Vec<K> = Vec::new();
        let mut ids: Vec<u32> = Vec::new();
        let mut next = 0usize;
        while next < self.keys.len() {
            self.budget.tick()?;
            options.clear();
            if let Some(key) = self.keys.get(next) {
                successors(key, &mut options)?;
            }
            ids.clear();
            for option in options.drain(..) {
                ids.push(self.intern(option)?);
            }
            // Repeated options are one move: keep each target once.
            ids.sort_unstable();
            ids.dedup();
            if self.succ.len() + ids.len() > MAX_ITEMS {
                return Err(Exceeded::Positions(MAX_ITEMS).into());
            }
            grow(&mut self.succ, ids.len(), self.budget)?;
            self.succ.extend_from_slice(&ids);
            grow(&mut self.succ_off, 1, self.budget)?;
            self.succ_off.push(self.succ.len() as u32);
            next += 1;
        }
        let graph = Csr::with_predecessors(self.succ_off, self.succ, self.budget)?;
        Ok(ExplicitGraph {
            ids: self.ids,
            keys: self.keys,
            graph,
        })
    }
}

/// Makes room for `more` items, asking the budget before the vector doubles.
#[inline]
fn grow(v: &mut Vec<u32>, more: usize, budget: &Budget) -> Result<(), Exceeded> {
    if v.len() + more > v.capacity() {
        let target = (v.len() + more).max(v.capacity() * 2).max(64);
        budget.reserve((target - v.len()) * size_of::<u32>())?;
        v.reserve(target - v.len());
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    #[test]
    fn predecessors_mirror_successors() {
        let budget = Budget::default();
        let g =
            Csr::from_successors(&[vec![1, 2, 2], vec![0], vec![], vec![9, 3]], &budget).unwrap();
        assert_eq!(g.node_count(), 4);
        assert_eq!(g.edge_count(), 4);
        assert_eq!(g.successors(0), &[1, 2]);
        assert_eq!(g.successors(3), &[3]);
        assert_eq!(g.predecessors(0), &[1]);
        assert_eq!(g.predecessors(2), &[0]);
        assert_eq!(g.predecessors(3), &[3]);
        assert_eq!(g.successors(7), &[] as &[u32]);
    }

    #[test]
    fn explores_a_cycle_breadth_first() {
        let budget = Budget::default();
        // Positions 0..10 on a cycle; a move adds 1 or 3 modulo 10.
        let g = ExplicitGraph::explore(0u8, &budget, |&p, out: &mut Vec<u8>| {
            out.push((p + 1) % 10);
            out.push((p + 3) % 10);
            Ok::<(), Exceeded>(())
        })
        .unwrap();
        assert_eq!(g.node_count(), 10);
        assert_eq!(g.key(0), Some(&0));
        assert_eq!(g.key(1), Some(&1));
        assert_eq!(g.key(2), Some(&3));
        for u in 0..10u32 {
            let p = *g.key(u).unwrap();
            let mut want: Vec<u32> = [(p + 1) % 10, (p + 3) % 10]
                .iter()
                .map(|k| g.id(k).unwrap())
                .collect();
            want.sort_unstable();
            assert_eq!(g.graph().successors(u), &want[..]);
            for &v in g.graph().successors(u) {
                assert!(g.graph().predecessors(v).contains(&u));
            }
        }
    }

    #[test]
    fn several_roots_share_one_graph() {
        let budget = Budget::default();
        let mut explorer = Explorer::new(&budget);
        // Two separate countdowns 5 → 0 and 12 → 10 (then 10 is terminal).
        assert_eq!(explorer.add_root(5u32).unwrap(), 0);
        assert_eq!(explorer.add_root(12u32).unwrap(), 1);
        assert_eq!(explorer.add_root(5u32).unwrap(), 0);
        let g = explorer
            .explore(|&p, out: &mut Vec<u32>| {
                if p != 0 && p != 10 {
                    out.push(p - 1);
                }
                Ok::<(), Exceeded>(())
            })
            .unwrap();
        assert_eq!(g.node_count(), 6 + 3);
        assert_eq!(g.id(&12), Some(1));
        assert_eq!(g.id(&7), None);
        let ten = g.id(&10).unwrap();
        assert_eq!(g.graph().successors(ten), &[] as &[u32]);
        assert_eq!(g.graph().predecessors(ten), &[g.id(&11).unwrap()]);
        assert_eq!(g.keys().count(), 9);
    }

    #[test]
    fn the_position_limit_stops_exploration() {
        let budget = Budget::new(crate::budget::Limits {
            max_positions: 100,
            ..Default::default()
        });
        let r = ExplicitGraph::explore(0u32, &budget, |&p, out: &mut Vec<u32>| {
            out.push(p + 1);
            Ok::<(), Exceeded>(())
        });
        assert_eq!(r.err(), Some(Exceeded::Positions(100)));
    }
}

//! The one explicit-stack search driver: a post-order walk of the move graph
//! from a root, never recursing on the Rust stack per position. An analysis
//! says how to finish a node; the driver owns the stack, ticks the budget,
//! detects cycles (a child still on the current path) and, when anything
//! fails, takes every unfinished node off the path so that no table is left
//! poisoned.
//!
//! The on-path marks live here too: a walk that keeps its nodes in a [`Memo`]
//! (or, for interned ids, an [`IdMemo`]) implements [`MemoWalk`] (how to finish a node, nothing else), and the
//! driver marks a node when it enters it, stores its value when it is
//! finished, and unmarks it when a search fails. [`Walk`] is the driver's own
//! interface, for a walk whose table is not a `Memo`.

use crate::budget::{Budget, Exceeded};
use rustc_hash::FxHashMap;
use std::borrow::Borrow;
use std::hash::Hash;

/// Where a node stands in an analysis' tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Not seen yet.
    Unknown,
    /// Entered and not finished: it is on the current path.
    OnPath,
    /// Finished: its value is stored.
    Done,
}

/// What visiting a node found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visit {
    /// The node's value is stored.
    Done,
    /// The children pushed into the list must be finished first; the node is
    /// visited again afterwards (with the same frame).
    Need,
}

/// What to do when a child is found on the current path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CyclePolicy {
    /// Stop with [`Walk::cycle`]'s error, given the cycle's nodes.
    Error,
    /// Tell the analysis ([`Walk::back_edge`]) and carry on without the child
    /// (no analysis needs it yet; the driver's tests keep it working).
    #[cfg(test)]
    RecordEdge,
}

/// An analysis the driver can run.
pub trait Walk {
    /// A position as the analysis keys it.
    type Node: Clone + PartialEq;
    /// Scratch kept for a node while its children are being finished.
    type Frame: Default;
    /// The analysis' error; limits convert into it.
    type Error: From<Exceeded>;

    /// The node's state.
    fn status(&self, node: &Self::Node) -> Status;
    /// Marks the node as on the path (its first visit).
    fn enter(&mut self, node: &Self::Node) -> Result<(), Self::Error>;
    /// Takes an unfinished node off the path after a failure.
    fn abandon(&mut self, node: &Self::Node);
    /// Finishes the node, or lists the children it needs first.
    fn visit(
        &mut self,
        node: &Self::Node,
        frame: &mut Self::Frame,
        children: &mut Vec<Self::Node>,
    ) -> Result<Visit, Self::Error>;
    /// The error for a cycle through `path` (its first node repeated at the end).
    fn cycle(&mut self, path: Vec<Self::Node>) -> Self::Error;
    /// The bytes entering one more node allocates at once (a hash table
    /// about to double), asked of the budget before the node is entered.
    fn growth(&self) -> usize {
        0
    }
    /// Under [`CyclePolicy::RecordEdge`]: the edge `from → to` closes a cycle.
    #[cfg(test)]
    fn back_edge(&mut self, _from: &Self::Node, _to: &Self::Node) {}
    /// True when a node's visit lists its unfinished children afresh each
    /// time (it keeps nothing of them in its frame): then, once the stack is
    /// long, the driver keeps only the first and last few children of a
    /// visit and the node asks again for the rest. Without it a game whose
    /// every position moves to every smaller one holds n²/2 entries (a
    /// 10,000-position game filled a gigabyte).
    fn asks_afresh(&self) -> bool {
        false
    }
}

/// What a walk keeps of each node: its value once finished, or a mark while
/// the node is on the current path. Only the driver marks and unmarks.
#[derive(Debug, Clone)]
pub struct Memo<K, V> {
    /// `None` while on the path.
    map: FxHashMap<K, Option<V>>,
}

impl<K, V> Default for Memo<K, V> {
    fn default() -> Self {
        Memo {
            map: FxHashMap::default(),
        }
    }
}

impl<K: Hash + Eq, V> Memo<K, V> {
    /// The value of a finished node.
    #[inline]
    pub fn get<Q>(&self, node: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.map.get(node).and_then(Option::as_ref)
    }

    /// Where a node stands.
    #[inline]
    pub fn status<Q>(&self, node: &Q) -> Status
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        match self.map.get(node) {
            None => Status::Unknown,
            Some(None) => Status::OnPath,
            Some(Some(_)) => Status::Done,
        }
    }

    /// Stores the value of a node found without a walk (read off a table,
    /// or valued in bulk); a node already there keeps its value.
    pub fn insert(&mut self, node: K, value: V) {
        self.map.entry(node).or_insert(Some(value));
    }

    /// Nodes finished or on the path.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// True when nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Forgets every node.
    pub fn clear(&mut self) {
        self.map.clear();
    }
}

/// A table the driver keeps a walk's marks in: where each node stands, the
/// mark of a node on the path, its value once finished. Only the driver
/// calls `enter`, `finish` and `abandon`.
pub trait Marks<N> {
    /// What a finished node holds.
    type Value;
    /// Where a node stands.
    fn status(&self, node: &N) -> Status;
    /// Marks a node as on the path (a table that grows may be refused by
    /// the budget).
    fn enter(&mut self, node: &N) -> Result<(), Exceeded>;
    /// Stores a finished node's value.
    fn finish(&mut self, node: &N, value: Self::Value);
    /// Takes an unfinished node off the path after a failure.
    fn abandon(&mut self, node: &N);
    /// The bytes marking one more node allocates at once (see [`Walk::growth`]).
    fn growth(&self) -> usize {
        0
    }
}

impl<K: Hash + Eq + Clone, V> Marks<K> for Memo<K, V> {
    type Value = V;

    fn status(&self, node: &K) -> Status {
        Memo::status(self, node)
    }

    fn enter(&mut self, node: &K) -> Result<(), Exceeded> {
        self.map.insert(node.clone(), None);
        Ok(())
    }

    /// A full table doubles: about twice its buckets of entries and control
    /// bytes, allocated while the old table is still held.
    fn growth(&self) -> usize {
        if self.map.len() < self.map.capacity() {
            return 0;
        }
        let entry = std::mem::size_of::<(K, Option<V>)>() + 1;
        self.map
            .capacity()
            .max(16)
            .saturating_mul(2)
            .saturating_mul(entry)
    }

    fn finish(&mut self, node: &K, value: V) {
        match self.map.get_mut(node) {
            Some(slot) => *slot = Some(value),
            None => {
                self.map.insert(node.clone(), Some(value));
            }
        }
    }

    fn abandon(&mut self, node: &K) {
        if let Some(None) = self.map.get(node) {
            self.map.remove(node);
        }
    }
}

/// A [`Memo`] for nodes that are dense ids (interned positions): a vector
/// indexed by the id, no hashing.
#[derive(Debug, Clone)]
pub struct IdMemo<V> {
    slots: Vec<Slot<V>>,
}

#[derive(Debug, Clone)]
enum Slot<V> {
    Unknown,
    OnPath,
    Done(V),
}

impl<V> Default for IdMemo<V> {
    fn default() -> Self {
        IdMemo { slots: Vec::new() }
    }
}

impl<V> IdMemo<V> {
    /// The value of a finished node.
    #[inline]
    pub fn get(&self, id: u32) -> Option<&V> {
        match self.slots.get(id as usize) {
            Some(Slot::Done(v)) => Some(v),
            _ => None,
        }
    }

    fn set(&mut self, id: u32, slot: Slot<V>) {
        let i = id as usize;
        if self.slots.len() <= i {
            self.slots.resize_with(i + 1, || Slot::Unknown);
        }
        if let Some(s) = self.slots.get_mut(i) {
            *s = slot;
        }
    }
}

impl<V> Marks<u32> for IdMemo<V> {
    type Value = V;

    fn status(&self, id: &u32) -> Status {
        match self.slots.get(*id as usize) {
            None | Some(Slot::Unknown) => Status::Unknown,
            Some(Slot::OnPath) => Status::OnPath,
            Some(Slot::Done(_)) => Status::Done,
        }
    }

    fn enter(&mut self, id: &u32) -> Result<(), Exceeded> {
        self.set(*id, Slot::OnPath);
        Ok(())
    }

    fn finish(&mut self, id: &u32, value: V) {
        self.set(*id, Slot::Done(value));
    }

    fn abandon(&mut self, id: &u32) {
        if let Some(s @ Slot::OnPath) = self.slots.get_mut(*id as usize) {
            *s = Slot::Unknown;
        }
    }
}

/// What visiting a node of a [`MemoWalk`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step<V> {
    /// The node's value: the driver stores it.
    Done(V),
    /// The children pushed into the list must be finished first; the node is
    /// visited again afterwards (with the same frame).
    Need,
}

/// The value a [`MemoWalk`]'s nodes hold.
pub type ValueOf<W> = <<W as MemoWalk>::Memo as Marks<<W as MemoWalk>::Node>>::Value;

/// A walk whose nodes are kept in a [`Memo`] (or an [`IdMemo`]): it says how
/// to finish a node, and the driver keeps the marks (so no walk writes its
/// own on-path state).
pub trait MemoWalk {
    /// A position as the analysis keys it.
    type Node: Clone + PartialEq;
    /// The table the nodes are kept in.
    type Memo: Marks<Self::Node>;
    /// Scratch kept for a node while its children are being finished.
    type Frame: Default;
    /// The analysis' error; limits convert into it.
    type Error: From<Exceeded>;

    /// The memo the nodes are kept in.
    fn memo(&self) -> &Self::Memo;
    /// The same, to mark and store in.
    fn memo_mut(&mut self) -> &mut Self::Memo;
    /// A node was entered (and marked): count it as a position kept.
    fn entered(&mut self, _node: &Self::Node) -> Result<(), Self::Error> {
        Ok(())
    }
    /// Finishes the node, or lists the children it needs first.
    fn visit(
        &mut self,
        node: &Self::Node,
        frame: &mut Self::Frame,
        children: &mut Vec<Self::Node>,
    ) -> Result<Step<ValueOf<Self>>, Self::Error>;
    /// The error for a cycle through `path` (its first node repeated at the end).
    fn cycle(&mut self, path: Vec<Self::Node>) -> Self::Error;
}

impl<W: MemoWalk> Walk for W {
    type Node = W::Node;
    type Frame = W::Frame;
    type Error = W::Error;

    fn status(&self, node: &W::Node) -> Status {
        self.memo().status(node)
    }

    fn enter(&mut self, node: &W::Node) -> Result<(), W::Error> {
        self.memo_mut().enter(node)?;
        self.entered(node)
    }

    fn growth(&self) -> usize {
        self.memo().growth()
    }

    fn abandon(&mut self, node: &W::Node) {
        self.memo_mut().abandon(node);
    }

    fn visit(
        &mut self,
        node: &W::Node,
        frame: &mut W::Frame,
        children: &mut Vec<W::Node>,
    ) -> Result<Visit, W::Error> {
        Ok(match MemoWalk::visit(self, node, frame, children)? {
            Step::Done(value) => {
                self.memo_mut().finish(node, value);
                Visit::Done
            }
            Step::Need => Visit::Need,
        })
    }

    fn cycle(&mut self, path: Vec<W::Node>) -> W::Error {
        MemoWalk::cycle(self, path)
    }
}

struct Entry<N, F> {
    node: N,
    frame: F,
    entered: bool,
}

/// Entries on the stack past which a walk that asks afresh
/// ([`Walk::asks_afresh`]) gets only some of its children pushed at a time.
const LONG_STACK: usize = 1 << 20;

/// How many of the first and of the last children such a visit keeps: both
/// ends, so that a chain of ever smaller positions is followed whether the
/// rules list options smallest first or largest first.
const KEPT_CHILDREN: usize = 32;

/// Runs `walk` from `root` until the root is finished.
pub fn search<W: Walk>(
    walk: &mut W,
    root: W::Node,
    budget: &Budget,
    policy: CyclePolicy,
) -> Result<(), W::Error> {
    let mut stack = vec![Entry {
        node: root,
        frame: W::Frame::default(),
        entered: false,
    }];
    let result = drive(walk, &mut stack, budget, policy);
    if result.is_err() {
        for e in stack.iter().filter(|e| e.entered) {
            if walk.status(&e.node) == Status::OnPath {
                walk.abandon(&e.node);
            }
        }
    }
    result
}

fn drive<W: Walk>(
    walk: &mut W,
    stack: &mut Vec<Entry<W::Node, W::Frame>>,
    budget: &Budget,
    policy: CyclePolicy,
) -> Result<(), W::Error> {
    let mut children = Vec::new();
    loop {
        budget.tick()?;
        let depth = stack.len();
        let Some(top) = stack.last_mut() else {
            return Ok(());
        };
        if !top.entered {
            if walk.status(&top.node) == Status::Done {
                stack.pop();
                continue;
            }
            // A table about to double asks first: the new table is allocated
            // while the old one is held, half again the memory in use.
            let growth = walk.growth();
            if growth > 0 {
                budget.reserve(growth)?;
            }
            // Marked first: an `enter` that fails after marking the node on
            // the path (a position limit) leaves it to the clean-up too.
            top.entered = true;
            walk.enter(&top.node)?;
        }
        children.clear();
        match walk.visit(&top.node, &mut top.frame, &mut children)? {
            Visit::Done => {
                stack.pop();
            }
            Visit::Need => {
                #[cfg(test)]
                let parent = top.node.clone();
                #[cfg(not(test))]
                let parent = std::marker::PhantomData;
                push_children(walk, stack, &mut children, policy, parent)?;
                if walk.asks_afresh()
                    && stack.len() > LONG_STACK
                    && stack.len() - depth > 2 * KEPT_CHILDREN
                {
                    // Not entered yet, so nothing else refers to them.
                    stack.drain(depth + KEPT_CHILDREN..stack.len() - KEPT_CHILDREN);
                }
                if stack.len() == depth {
                    // Nothing was pushed, yet the node is unfinished: its children
                    // are all done now, so the next visit finishes it. Guard
                    // against an analysis that would ask forever.
                    if let Some(top) = stack.last_mut() {
                        children.clear();
                        if walk.visit(&top.node, &mut top.frame, &mut children)? == Visit::Need {
                            return Err(walk.cycle(vec![top.node.clone()]));
                        }
                        stack.pop();
                    }
                }
            }
        }
    }
}

/// The parent a back edge is recorded from (tests only: no clone otherwise).
#[cfg(test)]
type Parent<N> = N;
#[cfg(not(test))]
type Parent<N> = std::marker::PhantomData<N>;

/// Pushes the children a visit needs: those done are skipped, those unknown
/// pushed, and one on the path is a cycle, handled by `policy`.
fn push_children<W: Walk>(
    walk: &mut W,
    stack: &mut Vec<Entry<W::Node, W::Frame>>,
    children: &mut Vec<W::Node>,
    policy: CyclePolicy,
    #[cfg_attr(not(test), allow(unused_variables))] parent: Parent<W::Node>,
) -> Result<(), W::Error> {
    for child in children.drain(..) {
        match walk.status(&child) {
            Status::Done => {}
            Status::OnPath => match policy {
                #[cfg(test)]
                CyclePolicy::RecordEdge => walk.back_edge(&parent, &child),
                CyclePolicy::Error => return Err(walk.cycle(cycle_path(stack, child))),
            },
            Status::Unknown => stack.push(Entry {
                node: child,
                frame: W::Frame::default(),
                entered: false,
            }),
        }
    }
    Ok(())
}

/// The cycle closed by `child`: the entered nodes from its place on the
/// path down to the top, then `child` again.
fn cycle_path<N: Clone + PartialEq, F>(stack: &[Entry<N, F>], child: N) -> Vec<N> {
    let mut path: Vec<N> = stack
        .iter()
        .filter(|e| e.entered)
        .map(|e| e.node.clone())
        .collect();
    let start = path.iter().position(|n| *n == child).unwrap_or(0);
    path.drain(..start);
    path.push(child);
    path
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::unwrap_used)]
mod tests {
    use super::*;

    /// Longest path lengths in a small explicit graph.
    struct Depth<'g> {
        succ: &'g [Vec<usize>],
        state: Vec<Option<Option<u32>>>,
        back: Vec<(usize, usize)>,
        /// A node whose `enter` marks it on the path and then fails.
        fail_enter: Option<usize>,
    }

    impl Walk for Depth<'_> {
        type Node = usize;
        type Frame = ();
        type Error = Result<Vec<usize>, Exceeded>;

        fn status(&self, n: &usize) -> Status {
            match self.state[*n] {
                None => Status::Unknown,
                Some(None) => Status::OnPath,
                Some(Some(_)) => Status::Done,
            }
        }
        fn enter(&mut self, n: &usize) -> Result<(), Self::Error> {
            self.state[*n] = Some(None);
            if self.fail_enter == Some(*n) {
                return Err(Err(Exceeded::Positions(1)));
            }
            Ok(())
        }
        fn abandon(&mut self, n: &usize) {
            self.state[*n] = None;
        }
        fn visit(
            &mut self,
            n: &usize,
            _: &mut (),
            children: &mut Vec<usize>,
        ) -> Result<Visit, Self::Error> {
            let mut best = 0;
            for &c in &self.succ[*n] {
                match self.state[c] {
                    Some(Some(d)) => best = best.max(d + 1),
                    Some(None) if self.back.contains(&(*n, c)) => {}
                    _ => children.push(c),
                }
            }
            if children.is_empty() {
                self.state[*n] = Some(Some(best));
                Ok(Visit::Done)
            } else {
                Ok(Visit::Need)
            }
        }
        fn cycle(&mut self, path: Vec<usize>) -> Self::Error {
            Ok(path)
        }
        fn back_edge(&mut self, from: &usize, to: &usize) {
            self.back.push((*from, *to));
        }
    }

    impl From<Exceeded> for Result<Vec<usize>, Exceeded> {
        fn from(e: Exceeded) -> Self {
            Err(e)
        }
    }

    #[test]
    fn finishes_children_first() {
        let succ = vec![vec![1, 2], vec![2], vec![]];
        let mut w = Depth {
            succ: &succ,
            state: vec![None; 3],
            back: vec![],
            fail_enter: None,
        };
        assert!(search(&mut w, 0, &Budget::default(), CyclePolicy::Error).is_ok());
        assert_eq!(w.state[0], Some(Some(2)));
    }

    #[test]
    fn reports_the_cycle_and_unwinds() {
        let succ = vec![vec![1], vec![2], vec![0]];
        let mut w = Depth {
            succ: &succ,
            state: vec![None; 3],
            back: vec![],
            fail_enter: None,
        };
        let err = search(&mut w, 0, &Budget::default(), CyclePolicy::Error).unwrap_err();
        assert_eq!(err, Ok(vec![0, 1, 2, 0]));
        assert!(
            w.state.iter().all(Option::is_none),
            "no node left on the path"
        );
    }

    #[test]
    fn records_back_edges() {
        let succ = vec![vec![1], vec![0, 2], vec![]];
        let mut w = Depth {
            succ: &succ,
            state: vec![None; 3],
            back: vec![],
            fail_enter: None,
        };
        assert!(search(&mut w, 0, &Budget::default(), CyclePolicy::RecordEdge).is_ok());
        assert_eq!(w.back, vec![(1, 0)]);
    }

    /// A walk whose `enter` fails after marking the node (a position limit):
    /// that node is unwound with the rest, so a second search can run.
    #[test]
    fn an_enter_that_fails_is_unwound_too() {
        let succ = vec![vec![1], vec![2], vec![]];
        let mut w = Depth {
            succ: &succ,
            state: vec![None; 3],
            back: vec![],
            fail_enter: Some(2),
        };
        let err = search(&mut w, 0, &Budget::default(), CyclePolicy::Error).unwrap_err();
        assert_eq!(err, Err(Exceeded::Positions(1)));
        assert!(
            w.state.iter().all(Option::is_none),
            "no node left on the path: {:?}",
            w.state
        );
        w.fail_enter = None;
        assert!(search(&mut w, 0, &Budget::default(), CyclePolicy::Error).is_ok());
        assert_eq!(w.state[0], Some(Some(2)));
    }

    /// The same depths by a walk over a [`Memo`]: the driver stores the
    /// values and, after a cycle, leaves nothing marked.
    struct MemoDepth<'g> {
        succ: &'g [Vec<usize>],
        memo: Memo<usize, u32>,
    }

    impl MemoWalk for MemoDepth<'_> {
        type Node = usize;
        type Memo = Memo<usize, u32>;
        type Frame = ();
        type Error = Result<Vec<usize>, Exceeded>;

        fn memo(&self) -> &Memo<usize, u32> {
            &self.memo
        }
        fn memo_mut(&mut self) -> &mut Memo<usize, u32> {
            &mut self.memo
        }
        fn visit(
            &mut self,
            n: &usize,
            _: &mut (),
            children: &mut Vec<usize>,
        ) -> Result<Step<u32>, Self::Error> {
            let mut best = 0;
            for &c in &self.succ[*n] {
                match self.memo.get(&c) {
                    Some(d) => best = best.max(d + 1),
                    None => children.push(c),
                }
            }
            Ok(if children.is_empty() {
                Step::Done(best)
            } else {
                Step::Need
            })
        }
        fn cycle(&mut self, path: Vec<usize>) -> Self::Error {
            Ok(path)
        }
    }

    #[test]
    fn a_memo_walk_is_marked_by_the_driver() {
        let succ = vec![vec![1, 2], vec![2], vec![]];
        let mut w = MemoDepth {
            succ: &succ,
            memo: Memo::default(),
        };
        assert!(search(&mut w, 0, &Budget::default(), CyclePolicy::Error).is_ok());
        assert_eq!(w.memo.get(&0), Some(&2));
        let succ = vec![vec![1], vec![2], vec![0]];
        let mut w = MemoDepth {
            succ: &succ,
            memo: Memo::default(),
        };
        let err = search(&mut w, 0, &Budget::default(), CyclePolicy::Error).unwrap_err();
        assert_eq!(err, Ok(vec![0, 1, 2, 0]));
        assert!(w.memo.is_empty(), "no node left on the path");
    }
}

//! The one explicit-stack search driver: a post-order walk of the move graph
//! from a root, never recursing on the Rust stack per position. An analysis
//! says what a node's state is and how to finish it; the driver owns the stack,
//! ticks the budget, detects cycles (a child still on the current path) and,
//! when anything fails, takes every unfinished node off the path so that no
//! table is left poisoned.

use super::budget::{Budget, Exceeded};

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
    /// Tell the analysis ([`Walk::back_edge`]) and carry on without the child.
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
    /// Under [`CyclePolicy::RecordEdge`]: the edge `from → to` closes a cycle.
    fn back_edge(&mut self, _from: &Self::Node, _to: &Self::Node) {}
}

struct Entry<N, F> {
    node: N,
    frame: F,
    entered: bool,
}

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
                let parent = top.node.clone();
                for child in children.drain(..) {
                    match walk.status(&child) {
                        Status::Done => {}
                        Status::OnPath => match policy {
                            CyclePolicy::RecordEdge => walk.back_edge(&parent, &child),
                            CyclePolicy::Error => {
                                let mut path: Vec<W::Node> = stack
                                    .iter()
                                    .filter(|e| e.entered)
                                    .map(|e| e.node.clone())
                                    .collect();
                                let start = path.iter().position(|n| *n == child).unwrap_or(0);
                                path.drain(..start);
                                path.push(child);
                                return Err(walk.cycle(path));
                            }
                        },
                        Status::Unknown => stack.push(Entry {
                            node: child,
                            frame: W::Frame::default(),
                            entered: false,
                        }),
                    }
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
}

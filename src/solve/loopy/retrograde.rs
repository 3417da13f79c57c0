//! P/N/D outcomes of every position of a loopy graph by retrograde analysis,
//! with remoteness, so that a won position can be played out without cycling.

use std::fmt;
use std::mem::size_of;

use crate::budget::{Budget, Exceeded};
use crate::graph::explicit::Csr;

/// Who wins a loopy impartial position under normal play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The previous player (the one who just moved) wins.
    P,
    /// The next player (the one to move) wins.
    N,
    /// Neither can force a win: best play goes on for ever.
    D,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
        })
    }
}

/// Remoteness of a drawn (never labelled) position.
const DRAW: u32 = u32::MAX;

/// The result of retrograde analysis: one remoteness per node.
///
/// Only the remoteness is stored: terminals are P at 0, and each label is one
/// more than the label that caused it, alternating N and P, so P positions have
/// even remoteness and N positions odd. A draw has none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Retrograde {
    remoteness: Vec<u32>,
}

impl Retrograde {
    /// Labels every node of `graph` in O(V + E).
    ///
    /// A FIFO queue processes labels in nondecreasing remoteness, so an N node
    /// is labelled from its nearest P option (the winner hurries) and a P node
    /// when its last, hence farthest, N option is labelled (the loser delays).
    pub fn solve(graph: &Csr, budget: &Budget) -> Result<Retrograde, Exceeded> {
        let n = graph.node_count();
        budget.reserve(4 * n * size_of::<u32>())?;
        // Per node: its remoteness (DRAW until labelled) and its options not
        // yet known to be N (it becomes P when that reaches 0). Paired, since
        // the loop below touches both at a random node: one cache miss.
        let mut state: Vec<[u32; 2]> = Vec::with_capacity(n);
        // Labelled nodes in labelling order; `head` is the queue's front.
        let mut queue: Vec<u32> = Vec::with_capacity(n);
        for u in 0..n as u32 {
            budget.tick()?;
            let d = graph.out_degree(u);
            if d == 0 {
                state.push([0, 0]);
                queue.push(u);
            } else {
                state.push([DRAW, d]);
            }
        }
        let mut head = 0;
        while let Some(&v) = queue.get(head) {
            head += 1;
            let r = state.get(v as usize).map_or(DRAW, |x| x[0]);
            let v_is_p = r % 2 == 0;
            let preds = graph.predecessors(v);
            budget.ticks(preds.len() as u32 + 1)?;
            for &u in preds {
                let Some([ru, unresolved]) = state.get_mut(u as usize) else {
                    continue;
                };
                if *ru != DRAW {
                    continue;
                }
                if v_is_p {
                    *ru = r + 1;
                    queue.push(u);
                } else {
                    *unresolved = unresolved.saturating_sub(1);
                    if *unresolved == 0 {
                        *ru = r + 1;
                        queue.push(u);
                    }
                }
            }
        }
        drop(queue);
        let remoteness = state.iter().map(|x| x[0]).collect();
        Ok(Retrograde { remoteness })
    }

    /// Number of nodes analysed.
    pub fn node_count(&self) -> usize {
        self.remoteness.len()
    }

    /// The outcome of node `u` (`None` out of range).
    #[inline]
    pub fn outcome(&self, u: u32) -> Option<Outcome> {
        self.remoteness.get(u as usize).map(|&r| match r {
            DRAW => Outcome::D,
            r if r % 2 == 0 => Outcome::P,
            _ => Outcome::N,
        })
    }

    /// Moves to the end under optimal play (the winner hurries, the loser
    /// delays); `None` for a draw or out of range.
    #[inline]
    pub fn remoteness(&self, u: u32) -> Option<u32> {
        self.remoteness
            .get(u as usize)
            .copied()
            .filter(|&r| r != DRAW)
    }

    /// How many nodes are P, N and D.
    pub fn counts(&self) -> (usize, usize, usize) {
        let mut counts = (0, 0, 0);
        for &r in &self.remoteness {
            match r {
                DRAW => counts.2 += 1,
                r if r % 2 == 0 => counts.0 += 1,
                _ => counts.1 += 1,
            }
        }
        counts
    }

    /// Every winning move from `u`: the options that are P. Empty unless `u` is N.
    pub fn winning_moves(&self, graph: &Csr, u: u32) -> Vec<u32> {
        graph
            .successors(u)
            .iter()
            .copied()
            .filter(|&v| self.outcome(v) == Some(Outcome::P))
            .collect()
    }

    /// The move that makes progress from `u`: for N, a P option of remoteness
    /// one less (so a win is never given up to a cycle); for P, the option that
    /// delays longest; for D, an option that is D (so the draw is kept).
    /// `None` at a terminal position.
    pub fn best_move(&self, graph: &Csr, u: u32) -> Option<u32> {
        let options = graph.successors(u);
        match self.outcome(u)? {
            Outcome::N => options
                .iter()
                .copied()
                .filter(|&v| self.outcome(v) == Some(Outcome::P))
                .min_by_key(|&v| self.remoteness(v)),
            Outcome::P => options.iter().copied().max_by_key(|&v| self.remoteness(v)),
            Outcome::D => options
                .iter()
                .copied()
                .find(|&v| self.outcome(v) == Some(Outcome::D)),
        }
    }
}

//! The outcome walk: a position is N when some option is P, and P when every
//! option is N. What a position without a move is depends on the play: under
//! normal play its player to move has lost (P), under misère play won (N).
//!
//! Every outcome search of `solve/` is this walk over its own [`Positions`]:
//! normal play of one component (options that are single components) and of
//! two-integer positions of compiled rules; misère play of sums keyed by their
//! components, and of sums of heaps keyed by their sizes. The positions say
//! how a node's options are listed (and in which order, which is where the
//! searches differ most) and what is known of a node without searching it (a
//! quotient, a table of Grundy values); the walk tries options one at a time,
//! so the first P ends the search of the rest, and runs on the one search
//! driver, which keeps the marks, the budget and cycle detection.

use crate::budget::{Budget, Exceeded};
use crate::graph::search::{search, CyclePolicy, Memo, MemoWalk, Step};
use std::hash::Hash;

/// The outcome of an impartial position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The previous player (the second to move) wins.
    P,
    /// The next player (the one to move) wins.
    N,
}

impl Outcome {
    /// N when the player to move wins.
    pub fn next_wins(wins: bool) -> Outcome {
        if wins {
            Outcome::N
        } else {
            Outcome::P
        }
    }

    /// Whether the player to move wins.
    pub fn is_n(self) -> bool {
        self == Outcome::N
    }
}

/// Which player a position without a move leaves the loser.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Play {
    /// The player who cannot move loses.
    Normal,
    /// The player who moves last loses.
    Misere,
}

impl Play {
    /// The outcome of a position without a move.
    pub fn terminal(self) -> Outcome {
        match self {
            Play::Normal => Outcome::P,
            Play::Misere => Outcome::N,
        }
    }
}

/// What listing a node's options found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listed {
    /// The options to search are in the list, in the order to try them (an
    /// empty list: the node has no move).
    Options,
    /// The list holds the options not known yet, in the order to try them;
    /// the listing found none known to be P (an empty list: every option is
    /// known to be N).
    Unknown,
    /// The listing decided the node at once (an option known to be P, or
    /// every option known to be N).
    Decided(Outcome),
}

/// Positions as one outcome search keys them.
pub trait Positions {
    /// A position.
    type Node: Clone + Eq + Hash;
    /// Why a search stops; limits convert into it.
    type Error: From<Exceeded>;

    /// The play the positions are searched under.
    fn play(&self) -> Play;
    /// The outcome of `node` when it is known without searching it: by
    /// default its value in the memo; a quotient or a table of Grundy values
    /// may know more.
    fn known(&self, memo: &Memo<Self::Node, Outcome>, node: &Self::Node) -> Option<Outcome> {
        memo.get(node).copied()
    }
    /// Lists the options of `node` into `out` in the order to try them, or
    /// decides it at once.
    fn options(
        &mut self,
        node: &Self::Node,
        memo: &Memo<Self::Node, Outcome>,
        out: &mut Vec<Self::Node>,
    ) -> Result<Listed, Self::Error>;
    /// A node was entered: count it as a position kept.
    fn entered(&mut self, _node: &Self::Node) -> Result<(), Self::Error> {
        Ok(())
    }
    /// A node was decided (a hook for move-ordering hints).
    fn decided(&mut self, _node: &Self::Node, _outcome: Outcome) {}
    /// The error for a cycle through `path`.
    fn cycle(&mut self, path: Vec<Self::Node>) -> Self::Error;
}

/// The outcome of `root`, searching every position it needs with the steps
/// checked on `budget`; what is found stays in `memo` for later searches.
/// `None` only if the search ended without the root's outcome (a bug the
/// caller reports).
pub fn outcome<P: Positions>(
    positions: &mut P,
    memo: &mut Memo<P::Node, Outcome>,
    root: P::Node,
    budget: &Budget,
) -> Result<Option<Outcome>, P::Error> {
    if let Some(o) = positions.known(memo, &root) {
        return Ok(Some(o));
    }
    let mut walk = OutcomeWalk { positions, memo };
    search(&mut walk, root.clone(), budget, CyclePolicy::Error)?;
    Ok(walk.memo.get(&root).copied())
}

struct OutcomeWalk<'w, P: Positions> {
    positions: &'w mut P,
    memo: &'w mut Memo<P::Node, Outcome>,
}

/// A node's options while its search is under way, and the first one not
/// yet known to be N.
pub struct Frame<N> {
    listed: bool,
    options: Vec<N>,
    next: usize,
}

impl<N> Default for Frame<N> {
    fn default() -> Self {
        Frame {
            listed: false,
            options: Vec::new(),
            next: 0,
        }
    }
}

impl<P: Positions> OutcomeWalk<'_, P> {
    fn decided(&mut self, node: &P::Node, o: Outcome) -> Step<Outcome> {
        self.positions.decided(node, o);
        Step::Done(o)
    }
}

impl<P: Positions> MemoWalk for OutcomeWalk<'_, P> {
    type Node = P::Node;
    type Memo = Memo<P::Node, Outcome>;
    type Frame = Frame<P::Node>;
    type Error = P::Error;

    fn memo(&self) -> &Memo<P::Node, Outcome> {
        self.memo
    }

    fn memo_mut(&mut self) -> &mut Memo<P::Node, Outcome> {
        self.memo
    }

    fn entered(&mut self, node: &P::Node) -> Result<(), P::Error> {
        self.positions.entered(node)
    }

    fn visit(
        &mut self,
        node: &P::Node,
        frame: &mut Frame<P::Node>,
        children: &mut Vec<P::Node>,
    ) -> Result<Step<Outcome>, P::Error> {
        if !frame.listed {
            frame.listed = true;
            match self
                .positions
                .options(node, self.memo, &mut frame.options)?
            {
                Listed::Decided(o) => return Ok(self.decided(node, o)),
                Listed::Unknown => {}
                Listed::Options => {
                    if frame.options.is_empty() {
                        let o = self.positions.play().terminal();
                        return Ok(self.decided(node, o));
                    }
                    // An option already known to be P decides at once.
                    let (positions, memo) = (&*self.positions, &*self.memo);
                    if frame
                        .options
                        .iter()
                        .any(|o| positions.known(memo, o) == Some(Outcome::P))
                    {
                        return Ok(self.decided(node, Outcome::N));
                    }
                }
            }
        }
        // The option last asked for is finished by now.
        while let Some(o) = frame.options.get(frame.next) {
            match self.positions.known(self.memo, o) {
                Some(Outcome::P) => return Ok(self.decided(node, Outcome::N)),
                Some(Outcome::N) => frame.next += 1,
                None => {
                    children.push(o.clone());
                    return Ok(Step::Need);
                }
            }
        }
        Ok(self.decided(node, Outcome::P))
    }

    fn cycle(&mut self, path: Vec<P::Node>) -> P::Error {
        self.positions.cycle(path)
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::unwrap_used)]
mod tests {
    use super::*;

    /// Subtraction {1, 2} from a heap, under either play.
    struct Heap(Play);

    impl Positions for Heap {
        type Node = u32;
        type Error = Exceeded;

        fn play(&self) -> Play {
            self.0
        }
        fn options(
            &mut self,
            n: &u32,
            _: &Memo<u32, Outcome>,
            out: &mut Vec<u32>,
        ) -> Result<Listed, Exceeded> {
            out.extend([1, 2].iter().filter(|&&k| k <= *n).map(|k| n - k));
            Ok(Listed::Options)
        }
        fn cycle(&mut self, _: Vec<u32>) -> Exceeded {
            Exceeded::Interrupted
        }
    }

    /// Normal play: P exactly at multiples of 3; misère play: at n ≡ 1 mod 3.
    #[test]
    fn subtraction_one_two_under_both_plays() {
        let budget = Budget::default();
        for (play, p_at) in [(Play::Normal, 0), (Play::Misere, 1)] {
            let mut memo = Memo::default();
            for n in 0..40u32 {
                let o = outcome(&mut Heap(play), &mut memo, n, &budget).unwrap();
                assert_eq!(o == Some(Outcome::P), n % 3 == p_at, "{play:?} {n}");
            }
        }
    }
}

//! Loopy partizan games: who wins from a position with each player moving
//! first, by retrograde analysis of the graph of (position, player to move)
//! (THEORY.md §6.3 a). Infinite play is a draw, so each start has three
//! results and a position one of the nine classes of Siegel's *Combinatorial
//! Game Theory* ch. VI — named as CGSuite names them.

use super::retrograde::{Outcome as Mover, Retrograde};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::{Games, Side};
use crate::graph::explicit::ExplicitGraph;
use crate::lang::value::GameSum;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// Who wins with one player moving first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Winner {
    Left,
    Right,
    /// Neither can force a win: best play goes on for ever.
    Draw,
}

/// The nine outcome classes of a loopy partizan game, by who wins with Left
/// moving first and with Right moving first (CGSuite's `SidedValue`
/// classes; THEORY.md §6.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// Left wins whoever starts.
    L,
    /// Right wins whoever starts.
    R,
    /// The player to move wins.
    N,
    /// The player to move loses.
    P,
    /// A draw whoever starts.
    D,
    /// Left wins moving first; a draw when Right starts (N̂).
    NHat,
    /// A draw when Left starts; Left wins when Right starts (P̂).
    PHat,
    /// A draw when Left starts; Right wins moving first (Ň).
    NCheck,
    /// Right wins when Left starts; a draw when Right starts (P̌).
    PCheck,
}

impl Class {
    /// The class of (result with Left first, result with Right first).
    pub fn of(left_first: Winner, right_first: Winner) -> Class {
        use Winner::{Draw, Left, Right};
        match (left_first, right_first) {
            (Left, Left) => Class::L,
            (Right, Right) => Class::R,
            (Left, Right) => Class::N,
            (Right, Left) => Class::P,
            (Draw, Draw) => Class::D,
            (Left, Draw) => Class::NHat,
            (Draw, Left) => Class::PHat,
            (Draw, Right) => Class::NCheck,
            (Right, Draw) => Class::PCheck,
        }
    }
}

/// A node of the state graph.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum State {
    /// Above both starts, so that one exploration reaches both.
    Start,
    /// A position (normalised) with Left to move (`true`) or Right.
    At(GameSum, bool),
    /// Where a misère player without a move goes: the opponent is stuck
    /// there and loses, so having no move wins.
    Escape,
}

/// Every state reachable from a position, labelled.
pub struct Solved {
    graph: ExplicitGraph<State>,
    labels: Retrograde,
    root: GameSum,
}

/// Each position's options for each side (normalised), listed once: a
/// position is met with either player to move, and, in a comparison, with
/// every position of the other game.
#[derive(Default)]
pub(super) struct Listed {
    options: FxHashMap<(GameSum, bool), Rc<[GameSum]>>,
}

impl Listed {
    /// The options of `p` for Left (`left`) or Right.
    pub(super) fn options(
        &mut self,
        games: &mut Games<'_>,
        p: &GameSum,
        left: bool,
    ) -> Result<Rc<[GameSum]>, EvalError> {
        if let Some(o) = self.options.get(&(p.clone(), left)) {
            return Ok(o.clone());
        }
        let side = if left { Side::Left } else { Side::Right };
        let o: Rc<[GameSum]> = games
            .sum_options(p, side, usize::MAX)?
            .unwrap_or_default()
            .iter()
            .map(GameSum::normalized)
            .collect();
        games
            .budget
            .reserve(o.len() * std::mem::size_of::<GameSum>())?;
        self.options.insert((p.clone(), left), o.clone());
        Ok(o)
    }
}

/// Explores and labels the states of `g` with either player to move first:
/// what alternating play from `g` reaches.
pub fn solve(
    games: &mut Games<'_>,
    g: &GameSum,
    misere: bool,
    span: Span,
) -> Result<Solved, EvalError> {
    label(games, g, misere, false, span)
}

/// The class of a game with `A & B` among its parts (THEORY.md §6.2): who
/// wins its onside — `A` in place of each `A & B`, infinite play Left's —
/// and its offside, each player moving first. Where the two sides agree,
/// that player wins; where they differ, the sides' wins by infinite play
/// cancel into a draw.
pub fn sided_class(games: &mut Games<'_>, g: &GameSum, span: Span) -> Result<Class, EvalError> {
    let (on_l, on_r) = solve(games, &g.side(true), false, span)?.winners();
    let (off_l, off_r) = solve(games, &g.side(false), false, span)?.winners();
    let onside = |w: Winner| if w == Winner::Draw { Winner::Left } else { w };
    let offside = |w: Winner| if w == Winner::Draw { Winner::Right } else { w };
    let meet = |a: Winner, b: Winner| if a == b { a } else { Winner::Draw };
    Ok(Class::of(
        meet(onside(on_l), offside(off_l)),
        meet(onside(on_r), offside(off_r)),
    ))
}

/// Explores and labels every follower of `g` — every position some sequence
/// of moves reaches, a player moving twice running included — with either
/// player to move (for `graph`, whose nodes are such followers, and the
/// stopper test, which is about every follower).
pub fn solve_followers(
    games: &mut Games<'_>,
    g: &GameSum,
    span: Span,
) -> Result<Solved, EvalError> {
    label(games, g, false, true, span)
}

fn label(
    games: &mut Games<'_>,
    g: &GameSum,
    misere: bool,
    followers: bool,
    span: Span,
) -> Result<Solved, EvalError> {
    let root = g.normalized();
    let budget = games.budget;
    let mut listed = Listed::default();
    let mut options = |p: &GameSum, left: bool| listed.options(games, p, left);
    let starts: Vec<GameSum> = if followers {
        let reached = ExplicitGraph::explore(root.clone(), budget, |p: &GameSum, out| {
            out.extend(options(p, true)?.iter().cloned());
            out.extend(options(p, false)?.iter().cloned());
            Ok::<(), EvalError>(())
        })
        .map_err(|e| e.at_least(span))?;
        reached.keys().cloned().collect()
    } else {
        vec![root.clone()]
    };
    let graph = ExplicitGraph::explore(State::Start, budget, |s: &State, out| {
        match s {
            State::Start => {
                for p in &starts {
                    out.push(State::At(p.clone(), true));
                    out.push(State::At(p.clone(), false));
                }
            }
            State::At(sum, left) => {
                let o = options(sum, *left)?;
                if o.is_empty() && misere {
                    out.push(State::Escape);
                }
                out.extend(o.iter().map(|o| State::At(o.clone(), !left)));
            }
            State::Escape => {}
        }
        Ok::<(), EvalError>(())
    })
    .map_err(|e| e.at_least(span))?;
    let labels = Retrograde::solve(graph.graph(), budget).map_err(|e| EvalError::limit(e, span))?;
    Ok(Solved {
        graph,
        labels,
        root,
    })
}

impl Solved {
    /// Who wins `sum` (a reached position) with Left (`left`) or Right to move.
    fn winner(&self, sum: &GameSum, left: bool) -> Winner {
        let state = State::At(sum.normalized(), left);
        let mover = self.graph.id(&state).and_then(|u| self.labels.outcome(u));
        match (mover, left) {
            (Some(Mover::N), true) | (Some(Mover::P), false) => Winner::Left,
            (Some(Mover::N), false) | (Some(Mover::P), true) => Winner::Right,
            _ => Winner::Draw,
        }
    }

    /// The class of the position solved.
    pub fn class(&self) -> Class {
        self.class_of(&self.root)
    }

    /// Who wins the position solved with Left and with Right moving first.
    pub fn winners(&self) -> (Winner, Winner) {
        (
            self.winner(&self.root, true),
            self.winner(&self.root, false),
        )
    }

    /// The class of a position the one solved reaches.
    pub fn class_of(&self, sum: &GameSum) -> Class {
        Class::of(self.winner(sum, true), self.winner(sum, false))
    }

    /// The machine's move for `side` among `options` (its moves from the
    /// position solved): a winning move to the position nearest its win, so
    /// that winning play never cycles; else a move that keeps a draw; else
    /// the move that puts the loss off longest. `true` with a winning move.
    #[cfg_attr(not(feature = "cli"), allow(dead_code))] // the REPL's `play`
    pub fn reply(&self, side: Side, options: &[GameSum]) -> Option<(GameSum, bool)> {
        let left = side == Side::Left;
        let me = if left { Winner::Left } else { Winner::Right };
        // The opponent moves next: the state of each option.
        let state = |o: &GameSum| {
            let id = self.graph.id(&State::At(o.normalized(), !left));
            (
                self.winner(o, !left),
                id.and_then(|u| self.labels.remoteness(u)),
            )
        };
        let nearest_win = options
            .iter()
            .filter(|o| state(o).0 == me)
            .min_by_key(|o| state(o).1);
        if let Some(o) = nearest_win {
            return Some((o.clone(), true));
        }
        let draw = options.iter().find(|o| state(o).0 == Winner::Draw);
        let longest = || options.iter().max_by_key(|o| state(o).1);
        draw.or_else(longest).map(|o| (o.clone(), false))
    }

    /// Of `options` (moves of `side` from the position solved), those after
    /// which the mover wins.
    pub fn winning(&self, side: Side, options: Vec<GameSum>) -> Vec<GameSum> {
        let left = side == Side::Left;
        let want = if left { Winner::Left } else { Winner::Right };
        options
            .into_iter()
            .filter(|o| self.winner(o, !left) == want)
            .collect()
    }
}

/// A state of the survival game `H − G` behind `G ≤ H`: the positions of `H`
/// and of `G`, and whether Right is to move. Left moves in `H` as Left and in
/// `G` as Right (`−G`'s Left moves are `G`'s Right moves), and Right the
/// other way round.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Duel {
    h: GameSum,
    g: GameSum,
    right: bool,
}

/// Whether `g` is a stopper: no play alternating between the players ever
/// repeats a position, from any follower. The (position, player to move)
/// graph is exactly the graph of alternating play, so `g` is a stopper when
/// that graph, from either player first, has no cycle.
pub fn is_stopper(games: &mut Games<'_>, g: &GameSum, span: Span) -> Result<bool, EvalError> {
    let solved = solve_followers(games, g, span)?;
    Ok(!solved.graph.graph().has_cycle())
}

/// `G ≤ H` for stoppers (CGSuite's `LoopyGame.leq`; THEORY.md §6.3 b): in
/// `H − G` with Right moving first, Left loses only when she has no move —
/// infinite play is hers — and `G ≤ H` exactly when Right cannot force that.
/// A forced win for Right is the same with draws as without, so the
/// retrograde labels answer it.
pub fn leq(games: &mut Games<'_>, g: &GameSum, h: &GameSum, span: Span) -> Result<bool, EvalError> {
    let start = Duel {
        h: h.normalized(),
        g: g.normalized(),
        right: true,
    };
    let budget = games.budget;
    // Each position of G and of H meets every position of the other.
    let mut listed = Listed::default();
    let mut options = |p: &GameSum, left: bool| listed.options(games, p, left);
    let graph = ExplicitGraph::explore(start.clone(), budget, |s: &Duel, out| {
        // Left moves in H as Left and in G as Right; Right the other way.
        for o in options(&s.h, !s.right)?.iter() {
            out.push(Duel {
                h: o.clone(),
                g: s.g.clone(),
                right: !s.right,
            });
        }
        for o in options(&s.g, s.right)?.iter() {
            out.push(Duel {
                h: s.h.clone(),
                g: o.clone(),
                right: !s.right,
            });
        }
        Ok::<(), EvalError>(())
    })
    .map_err(|e| e.at_least(span))?;
    let labels = Retrograde::solve(graph.graph(), budget).map_err(|e| EvalError::limit(e, span))?;
    let root = graph.id(&start).and_then(|u| labels.outcome(u));
    Ok(root != Some(Mover::N))
}

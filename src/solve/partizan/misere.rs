//! Misère play of partizan games: whoever cannot move on their turn wins. No
//! canonical form helps here (misère values do not add), so the outcome of a
//! whole position is searched directly, each (position, player to move)
//! once, by the one search driver.

use super::store::Outcome;
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::{Games, Side};
use crate::graph::search::{search, CyclePolicy, Memo, MemoWalk, Step};
use crate::lang::value::GameSum;

/// A position with the player to move (true: Left).
type Node = (GameSum, bool);

/// What the misère search has found, kept between statements.
#[derive(Debug, Default)]
pub struct MisereCache {
    /// Whether the player to move wins.
    wins: Memo<Node, bool>,
}

impl MisereCache {
    /// L, R, N or P of `g` under misère play.
    pub fn outcome(
        &mut self,
        games: &mut Games<'_>,
        g: &GameSum,
        span: Span,
    ) -> Result<Outcome, EvalError> {
        let g = g.normalized();
        let left_first = self.mover_wins(games, &g, true, span)?;
        let right_first = self.mover_wins(games, &g, false, span)?;
        Ok(match (left_first, right_first) {
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (true, true) => Outcome::N,
            (false, false) => Outcome::P,
        })
    }

    /// The moves of `side` after which the mover wins under misère play
    /// (the opponent, to move, loses).
    pub fn winning(
        &mut self,
        games: &mut Games<'_>,
        g: &GameSum,
        side: Side,
        span: Span,
    ) -> Result<Vec<GameSum>, EvalError> {
        let options = games
            .sum_options(g, side, usize::MAX)
            .map_err(|e| e.at_least(span))?
            .unwrap_or_default();
        let mut out = Vec::new();
        for o in options {
            if !self.mover_wins(games, &o.normalized(), side != Side::Left, span)? {
                out.push(o);
            }
        }
        Ok(out)
    }

    /// True when the player to move (Left when `left`) wins `g` (normalized).
    fn mover_wins(
        &mut self,
        games: &mut Games<'_>,
        g: &GameSum,
        left: bool,
        span: Span,
    ) -> Result<bool, EvalError> {
        let root = (g.clone(), left);
        if let Some(&w) = self.wins.get(&root) {
            return Ok(w);
        }
        let budget = games.budget;
        let mut walk = MisereWalk {
            games,
            cache: self,
            span,
        };
        search(&mut walk, root.clone(), budget, CyclePolicy::Error)?;
        self.wins
            .get(&root)
            .copied()
            .ok_or_else(|| EvalError::internal("a finished misère search left no outcome", span))
    }
}

struct MisereWalk<'w, 'a> {
    games: &'w mut Games<'a>,
    cache: &'w mut MisereCache,
    span: Span,
}

impl MemoWalk for MisereWalk<'_, '_> {
    type Node = Node;
    type Memo = Memo<Node, bool>;
    /// The children, listed once on the first visit.
    type Frame = Option<Vec<Node>>;
    type Error = EvalError;

    fn memo(&self) -> &Memo<Node, bool> {
        &self.cache.wins
    }

    fn memo_mut(&mut self) -> &mut Memo<Node, bool> {
        &mut self.cache.wins
    }

    fn entered(&mut self, _node: &Node) -> Result<(), EvalError> {
        self.games
            .budget
            .add_positions(1)
            .map_err(|e| EvalError::limit(e, self.span))
    }

    fn visit(
        &mut self,
        (g, left): &Node,
        frame: &mut Option<Vec<Node>>,
        children: &mut Vec<Node>,
    ) -> Result<Step<bool>, EvalError> {
        if frame.is_none() {
            let side = if *left { Side::Left } else { Side::Right };
            let options = self
                .games
                .sum_options(g, side, usize::MAX)
                .map_err(|e| e.at_least(self.span))?
                .unwrap_or_default();
            *frame = Some(options.iter().map(|o| (o.normalized(), !*left)).collect());
        }
        let next = frame.as_deref().unwrap_or_default();
        // No move: under misère play the player to move has won.
        if next.is_empty() {
            return Ok(Step::Done(true));
        }
        let mut unknown = false;
        for child in next {
            match self.cache.wins.get(child) {
                Some(false) => return Ok(Step::Done(true)),
                Some(true) => {}
                None => {
                    unknown = true;
                    children.push(child.clone());
                }
            }
        }
        Ok(if unknown {
            Step::Need
        } else {
            Step::Done(false)
        })
    }

    fn cycle(&mut self, path: Vec<Node>) -> EvalError {
        let games = &self.games;
        let show = |(g, _): &Node| crate::eval::print::show_sum(g, games.globals, games.rt);
        EvalError::loopy_cycle(&path, show, self.span)
    }
}

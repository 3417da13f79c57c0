//! `play G`: a game against the machine, one move at a time, with no terminal I/O.
//! The machine answers with a winning move when it has one, otherwise with the
//! move that keeps the game longest.

use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::eval::interp::Interp;
use crate::eval::options::{OptionList, Side};
use crate::eval::print::show_sum;
use crate::eval::value::{Component, GameSum};
use crate::solve::misere::MisereSearch;
use rustc_hash::FxHashMap;

/// A game in progress.
#[derive(Debug, Clone)]
pub struct Play {
    /// The current position (the user is to move).
    pub position: GameSum,
    /// Misère play: whoever moves last loses.
    pub misere: bool,
}

/// What a step of play produced.
pub struct Step {
    /// What to show.
    pub text: String,
    /// The game goes on.
    pub going_on: bool,
}

impl<'a> Interp<'a> {
    /// The options of a position, each once, in rule order.
    pub fn play_options(&mut self, g: &GameSum) -> Result<Vec<GameSum>, EvalError> {
        Ok(self
            .sum_moves(g, None, Span::default())?
            .into_iter()
            .map(|m| m.result)
            .collect())
    }

    /// The position and its numbered options, for the user to choose from.
    pub fn play_prompt(&mut self, play: &Play) -> Result<String, EvalError> {
        let options = self.play_options(&play.position)?;
        let mut text = format!(
            "position: {}\n",
            show_sum(&play.position, self.globals, self.rt)
        );
        for (i, o) in options.iter().enumerate() {
            text.push_str(&format!(
                "  {}. {}\n",
                i + 1,
                show_sum(o, self.globals, self.rt)
            ));
        }
        text.push_str("your move: a number or a position (`:stop` ends the game)");
        Ok(text)
    }

    /// The longest play from a sum: the sum of its components' longest plays.
    fn longest(
        &mut self,
        g: &GameSum,
        memo: &mut FxHashMap<Component, u64>,
    ) -> Result<u64, EvalError> {
        let mut total = 0u64;
        for c in &g.parts {
            total = total.saturating_add(self.longest_component(c, memo)?);
        }
        Ok(total)
    }

    /// The longest play from one component, by an explicit-stack search.
    fn longest_component(
        &mut self,
        root: &Component,
        memo: &mut FxHashMap<Component, u64>,
    ) -> Result<u64, EvalError> {
        let mut stack = vec![root.clone()];
        let mut list = OptionList::default();
        while let Some(c) = stack.last().cloned() {
            if memo.contains_key(&c) {
                stack.pop();
                continue;
            }
            let options: Vec<Vec<Component>> = match &c {
                Component::Nimber(k) => {
                    memo.insert(c.clone(), *k);
                    stack.pop();
                    continue;
                }
                Component::Pos(inst, pos) => {
                    list.clear();
                    self.gen_options(*inst, pos, Side::Impartial, &mut list)?;
                    list.iter().map(<[Component]>::to_vec).collect()
                }
            };
            let missing: Vec<Component> = options
                .iter()
                .flatten()
                .filter(|x| !memo.contains_key(*x))
                .cloned()
                .collect();
            if missing.is_empty() {
                let best = options
                    .iter()
                    .map(|o| {
                        o.iter()
                            .map(|x| memo.get(x).copied().unwrap_or(0))
                            .fold(0u64, u64::saturating_add)
                    })
                    .max()
                    .map_or(0, |m| m.saturating_add(1));
                memo.insert(c, best);
                stack.pop();
            } else {
                if stack.len() > 1_000_000 {
                    return Err(EvalError::other(
                        "the game is too deep to play",
                        "play a smaller position",
                        Span::default(),
                    ));
                }
                stack.extend(missing);
            }
        }
        Ok(memo.get(root).copied().unwrap_or(0))
    }

    /// The machine's reply: a winning move if there is one (true), else the
    /// option keeping the game longest.
    pub fn machine_move(&mut self, play: &Play) -> Result<Option<(GameSum, bool)>, EvalError> {
        let span = Span::default();
        let winning: Vec<GameSum> = if play.misere {
            self.misere_winning(&play.position, span)?
        } else {
            self.sum_moves(&play.position, Some(0), span)?
                .into_iter()
                .map(|m| m.result)
                .collect()
        };
        if let Some(w) = winning.into_iter().next() {
            return Ok(Some((w, true)));
        }
        let options = self.play_options(&play.position)?;
        let mut memo = FxHashMap::default();
        let mut best: Option<(u64, GameSum)> = None;
        for o in options {
            let len = self.longest(&o, &mut memo)?;
            if best.as_ref().is_none_or(|(b, _)| len > *b) {
                best = Some((len, o));
            }
        }
        Ok(best.map(|(_, o)| (o, false)))
    }

    /// Plays the user's chosen option and the machine's answer.
    pub fn play_step(&mut self, play: &mut Play, chosen: GameSum) -> Result<Step, EvalError> {
        let mut text = String::new();
        play.position = chosen;
        if self.play_options(&play.position)?.is_empty() {
            text.push_str(&format!(
                "you move to {}\n",
                show_sum(&play.position, self.globals, self.rt)
            ));
            text.push_str(if play.misere {
                "You made the last move, so under misère play you lose."
            } else {
                "You made the last move: you win!"
            });
            return Ok(Step {
                text,
                going_on: false,
            });
        }
        let Some((reply, winning)) = self.machine_move(play)? else {
            return Ok(Step {
                text: "no move for the machine".into(),
                going_on: false,
            });
        };
        play.position = reply;
        text.push_str(&format!(
            "I move to {}{}\n",
            show_sum(&play.position, self.globals, self.rt),
            if winning { "  (a winning move)" } else { "" }
        ));
        if self.play_options(&play.position)?.is_empty() {
            text.push_str(if play.misere {
                "I made the last move, so under misère play you win!"
            } else {
                "I made the last move: I win."
            });
            return Ok(Step {
                text,
                going_on: false,
            });
        }
        text.push_str(&self.play_prompt(play)?);
        Ok(Step {
            text,
            going_on: true,
        })
    }

    /// Whether the user's side has a winning move now (shown when the game starts).
    pub fn user_can_win(&mut self, play: &Play) -> Result<bool, EvalError> {
        let span = Span::default();
        Ok(if play.misere {
            self.misere_next_wins(&mut MisereSearch::default(), &play.position, span)?
        } else {
            self.grundy_sum(&play.position.parts, span)? != 0
        })
    }
}

//! `play G`: a game against the machine, one move at a time, with no terminal I/O.
//! The machine answers with a winning move when it has one, otherwise with the
//! move that keeps the game longest. In a loopy game it wins without letting
//! play cycle (each winning move makes progress), keeps a draw when it cannot
//! win, and a position seen for the third time ends the game as a draw.

use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::Games;
use crate::lang::value::GameSum;
use crate::solve::impartial::longest::Lengths;
use crate::solve::impartial::Solver;
use crate::solve::loopy::analysis as loopy;
use crate::solve::loopy::retrograde::Outcome as LoopyOutcome;
use crate::solve::normal::reached;
use crate::Engine;
use std::collections::HashMap;

/// How many times a position may appear before the game is declared a draw.
pub const REPEATS_FOR_DRAW: usize = 3;

/// A game in progress.
#[derive(Debug, Clone)]
pub struct Play {
    /// The current position (the user is to move).
    pub position: GameSum,
    /// Misère play: whoever moves last loses.
    pub misere: bool,
    /// How often each position was reached (loopy games repeat).
    pub seen: HashMap<GameSum, usize>,
}

impl Play {
    /// A game starting at `position`.
    pub fn new(position: GameSum, misere: bool) -> Play {
        let mut seen = HashMap::new();
        seen.insert(position.normalized(), 1);
        Play {
            position,
            misere,
            seen,
        }
    }

    /// Moves to `next`; true when that position has now been seen often enough
    /// to call the game a draw.
    fn reach(&mut self, next: GameSum) -> bool {
        let count = self.seen.entry(next.normalized()).or_insert(0);
        *count += 1;
        let draw = *count >= REPEATS_FOR_DRAW;
        self.position = next;
        draw
    }
}

/// Where the user's move happened: the component that moved and what it was
/// (a loopy winner reverses a move that raised a component).
fn moved_component(
    before: &GameSum,
    after: &GameSum,
) -> Option<(usize, crate::lang::value::Component)> {
    let i = before
        .parts
        .iter()
        .zip(after.parts.iter())
        .position(|(a, b)| a != b)?;
    Some((i, before.parts.get(i)?.clone()))
}

/// What a step of play produced.
pub struct Step {
    /// What to show.
    pub text: String,
    /// The game goes on.
    pub going_on: bool,
}

/// Runs `f` with an impartial solver over the engine's games and tables.
fn with_solver<T>(
    engine: &mut Engine,
    f: impl FnOnce(&mut Solver<'_, '_>) -> Result<T, EvalError>,
) -> Result<T, EvalError> {
    engine.budget.start();
    let mut games = Games::new(
        &engine.globals,
        &mut engine.rt,
        &mut engine.compiled,
        &engine.budget,
    );
    let mut solver = Solver::new(&mut games, &mut engine.analyses.impartial, Span::default());
    f(&mut solver)
}

/// The options of a position, each once, in rule order (no values needed).
pub fn play_options(engine: &mut Engine, g: &GameSum) -> Result<Vec<GameSum>, EvalError> {
    engine.budget.start();
    let mut games = Games::new(
        &engine.globals,
        &mut engine.rt,
        &mut engine.compiled,
        &engine.budget,
    );
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut list = crate::game::OptionList::default();
    for (i, c) in g.parts.iter().enumerate() {
        list.clear();
        games.component_options(c, crate::game::Side::Impartial, &mut list)?;
        for opt in list.iter() {
            let result = g.replaced(i, opt);
            if seen.insert(result.normalized()) {
                out.push(result);
            }
        }
    }
    Ok(out)
}

/// The position and its numbered options, for the user to choose from.
pub fn play_prompt(engine: &mut Engine, play: &Play) -> Result<String, EvalError> {
    let options = play_options(engine, &play.position)?;
    let namer = engine.namer();
    let mut text = format!("position: {}\n", namer.sum(&play.position));
    for (i, o) in options.iter().enumerate() {
        text.push_str(&format!("  {}. {}\n", i + 1, namer.sum(o)));
    }
    text.push_str("your move: a number or a position (`:stop` or Ctrl-C ends the game)");
    Ok(text)
}

/// The machine's reply: a winning move if there is one (true), else the
/// option keeping the game longest (or, in a loopy game, keeping a draw).
/// `last` is the user's move: the component it changed and what that was.
pub fn machine_move(
    engine: &mut Engine,
    play: &Play,
    last: Option<(usize, crate::lang::value::Component)>,
) -> Result<Option<(GameSum, bool)>, EvalError> {
    let winning: Vec<GameSum> = if play.misere {
        engine.budget.start();
        let mut games = Games::new(
            &engine.globals,
            &mut engine.rt,
            &mut engine.compiled,
            &engine.budget,
        );
        engine
            .analyses
            .misere
            .searched_winning(&mut games, &play.position, Span::default())?
    } else {
        match reached(with_solver(engine, |s| {
            s.sum_moves(&play.position, Some(0))
        }))? {
            Ok(moves) => moves.into_iter().map(|m| m.result).collect(),
            Err(_cycle) => {
                let mut games = Games::new(
                    &engine.globals,
                    &mut engine.rt,
                    &mut engine.compiled,
                    &engine.budget,
                );
                let reply = loopy::machine_move(
                    &mut games,
                    &mut engine.analyses.loopy,
                    &play.position,
                    last,
                    Span::default(),
                )?;
                return Ok(reply.map(|(g, o)| (g, o == LoopyOutcome::N)));
            }
        }
    };
    if let Some(w) = winning.into_iter().next() {
        return Ok(Some((w, true)));
    }
    let options = play_options(engine, &play.position)?;
    with_solver(engine, |s| {
        let mut memo = Lengths::default();
        let mut best: Option<(u64, GameSum)> = None;
        for o in options {
            let len = s.longest(&o, &mut memo)?;
            if best.as_ref().is_none_or(|(b, _)| len > *b) {
                best = Some((len, o));
            }
        }
        Ok(best.map(|(_, o)| (o, false)))
    })
}

/// Plays the user's chosen option and the machine's answer.
pub fn play_step(engine: &mut Engine, play: &mut Play, chosen: GameSum) -> Result<Step, EvalError> {
    let mut text = String::new();
    let last = moved_component(&play.position, &chosen);
    if play.reach(chosen) {
        return Ok(draw(engine, play, "you move to"));
    }
    if play_options(engine, &play.position)?.is_empty() {
        text.push_str(&format!(
            "you move to {}\n",
            engine.namer().sum(&play.position)
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
    let Some((reply, winning)) = machine_move(engine, play, last)? else {
        return Ok(Step {
            text: "no move for the machine".into(),
            going_on: false,
        });
    };
    if play.reach(reply) {
        return Ok(draw(engine, play, "I move to"));
    }
    text.push_str(&format!(
        "I move to {}{}\n",
        engine.namer().sum(&play.position),
        if winning { "  (a winning move)" } else { "" }
    ));
    if play_options(engine, &play.position)?.is_empty() {
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
    text.push_str(&play_prompt(engine, play)?);
    Ok(Step {
        text,
        going_on: true,
    })
}

/// The game ends in a draw: a position came back too often.
fn draw(engine: &mut Engine, play: &Play, who: &str) -> Step {
    Step {
        text: format!(
            "{who} {}\nThat position has now come up {REPEATS_FOR_DRAW} times: the game is a draw.",
            engine.namer().sum(&play.position)
        ),
        going_on: false,
    }
}

/// Who wins the game from its start with best play, the user moving first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The user has a winning move.
    User,
    /// Every move of the user loses.
    Machine,
    /// Neither side can force a win (a loopy position whose outcome is D).
    Draw,
}

/// Who wins from the position now (shown when the game starts).
pub fn verdict(engine: &mut Engine, play: &Play) -> Result<Verdict, EvalError> {
    let wins = |user: bool| {
        if user {
            Verdict::User
        } else {
            Verdict::Machine
        }
    };
    if play.misere {
        engine.budget.start();
        let mut games = Games::new(
            &engine.globals,
            &mut engine.rt,
            &mut engine.compiled,
            &engine.budget,
        );
        engine
            .analyses
            .misere
            .searched_outcome(&mut games, &play.position, Span::default())
            .map(|o| wins(o.is_n()))
    } else {
        match reached(with_solver(engine, |s| s.grundy_sum(&play.position.parts)))? {
            Ok(v) => Ok(wins(v != 0)),
            Err(_cycle) => {
                let mut games = Games::new(
                    &engine.globals,
                    &mut engine.rt,
                    &mut engine.compiled,
                    &engine.budget,
                );
                let outcome = loopy::sum_outcome(
                    &mut games,
                    &mut engine.analyses.loopy,
                    &play.position,
                    Span::default(),
                )?;
                Ok(match outcome {
                    LoopyOutcome::N => Verdict::User,
                    LoopyOutcome::P => Verdict::Machine,
                    LoopyOutcome::D => Verdict::Draw,
                })
            }
        }
    }
}

//! `play G`: a game against the machine, one move at a time, with no terminal I/O.
//! The machine answers with a winning move when it has one, otherwise with the
//! move that keeps the game longest.

use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::Games;
use crate::lang::value::GameSum;
use crate::solve::impartial::longest::Lengths;
use crate::solve::impartial::Solver;
use crate::solve::misere::outcome as misere;
use crate::Engine;

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

/// Runs `f` with an impartial solver over the engine's games and tables.
fn with_solver<T>(
    engine: &mut Engine,
    f: impl FnOnce(&mut Solver<'_, '_>) -> Result<T, EvalError>,
) -> Result<T, EvalError> {
    engine.budget.start();
    let mut games = Games::new(&engine.globals, &mut engine.rt, &engine.budget);
    let mut solver = Solver::new(&mut games, &mut engine.analyses.impartial, Span::default());
    f(&mut solver)
}

/// The options of a position, each once, in rule order.
pub fn play_options(engine: &mut Engine, g: &GameSum) -> Result<Vec<GameSum>, EvalError> {
    with_solver(engine, |s| {
        Ok(s.sum_moves(g, None)?
            .into_iter()
            .map(|m| m.result)
            .collect())
    })
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
/// option keeping the game longest.
pub fn machine_move(
    engine: &mut Engine,
    play: &Play,
) -> Result<Option<(GameSum, bool)>, EvalError> {
    let winning: Vec<GameSum> = if play.misere {
        engine.budget.start();
        let mut games = Games::new(&engine.globals, &mut engine.rt, &engine.budget);
        misere::winning(
            &mut games,
            &mut engine.analyses.misere,
            &play.position,
            Span::default(),
        )?
    } else {
        with_solver(engine, |s| {
            Ok(s.sum_moves(&play.position, Some(0))?
                .into_iter()
                .map(|m| m.result)
                .collect())
        })?
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
    play.position = chosen;
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
    let Some((reply, winning)) = machine_move(engine, play)? else {
        return Ok(Step {
            text: "no move for the machine".into(),
            going_on: false,
        });
    };
    play.position = reply;
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

/// Whether the user's side has a winning move now (shown when the game starts).
pub fn user_can_win(engine: &mut Engine, play: &Play) -> Result<bool, EvalError> {
    if play.misere {
        engine.budget.start();
        let mut games = Games::new(&engine.globals, &mut engine.rt, &engine.budget);
        misere::next_wins(
            &mut games,
            &mut engine.analyses.misere,
            &play.position,
            Span::default(),
        )
    } else {
        with_solver(engine, |s| Ok(s.grundy_sum(&play.position.parts)? != 0))
    }
}

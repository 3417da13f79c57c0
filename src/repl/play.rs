//! `play G`: a game against the machine, one move at a time, with no terminal I/O.
//! The machine answers with a winning move when it has one, otherwise with the
//! move that keeps the game longest. In a loopy game it wins without letting
//! play cycle (each winning move makes progress), keeps a draw when it cannot
//! win, and a position seen for the third time ends the game as a draw. In a
//! partizan game the user's first move chooses their side (Left or Right) and
//! the machine plays the other: a winning move when it has one (to a position
//! that is at least 0 for Left, at most 0 for Right; under misère play, one
//! the misère search finds), else the move whose stop is best for it.

use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::{Games, Side};
use crate::lang::value::GameSum;
use crate::solve::impartial::longest::Lengths;
use crate::solve::impartial::Solver;
use crate::solve::loopy::analysis as loopy;
use crate::solve::loopy::partizan::{self as loopy_partizan, Class};
use crate::solve::loopy::retrograde::Outcome as LoopyOutcome;
use crate::solve::normal::reached;
use crate::solve::partizan::analysis::sum_form;
use crate::solve::partizan::{Dyadic, Outcome as PartizanOutcome};
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
    /// A partizan game: Left and Right have their own moves.
    pub partizan: bool,
    /// The user's side in a partizan game, once their first move chose it.
    pub user: Option<Side>,
}

impl Play {
    /// A game starting at `position`.
    pub fn new(position: GameSum, misere: bool, partizan: bool) -> Play {
        let mut seen = HashMap::new();
        seen.insert(position.normalized(), 1);
        Play {
            position,
            misere,
            seen,
            partizan,
            user: None,
        }
    }

    /// The side whose moves the user picks from now (both, before a
    /// partizan game's first move).
    fn user_sides(&self) -> &'static [Side] {
        match (self.partizan, self.user) {
            (false, _) => &[Side::Impartial],
            (true, None) => &[Side::Left, Side::Right],
            (true, Some(Side::Right)) => &[Side::Right],
            (true, Some(_)) => &[Side::Left],
        }
    }

    /// The machine's side.
    fn machine_side(&self) -> Side {
        match (self.partizan, self.user) {
            (false, _) => Side::Impartial,
            (true, Some(Side::Left)) => Side::Right,
            (true, _) => Side::Left,
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

/// The options of a position for `side`, each once, in rule order (no
/// values needed).
pub fn side_options(
    engine: &mut Engine,
    g: &GameSum,
    side: Side,
) -> Result<Vec<GameSum>, EvalError> {
    engine.budget.start();
    let mut games = Games::new(
        &engine.globals,
        &mut engine.rt,
        &mut engine.compiled,
        &engine.budget,
    );
    Ok(games.sum_options(g, side, usize::MAX)?.unwrap_or_default())
}

/// The moves the user may choose from now, each with the side it is a move
/// of (numbered in this order).
pub fn play_options(engine: &mut Engine, play: &Play) -> Result<Vec<(GameSum, Side)>, EvalError> {
    let mut out = Vec::new();
    for &side in play.user_sides() {
        for o in side_options(engine, &play.position, side)? {
            out.push((o, side));
        }
    }
    Ok(out)
}

/// A position as the user reads and types it: a partizan one as a game
/// (`1/2`, not `1/2 + *0`).
fn shown(engine: &Engine, play: &Play, g: &GameSum) -> String {
    let namer = engine.namer();
    if play.partizan {
        namer.sum_in_game_context(g)
    } else {
        namer.sum(g)
    }
}

/// The position and its numbered options, for the user to choose from.
pub fn play_prompt(engine: &mut Engine, play: &Play) -> Result<String, EvalError> {
    let options = play_options(engine, play)?;
    let show = |g: &GameSum| shown(engine, play, g);
    let mut text = format!("position: {}\n", show(&play.position));
    let mut side = None;
    for (i, (o, s)) in options.iter().enumerate() {
        if play.partizan && side != Some(*s) {
            side = Some(*s);
            let whose = match (play.user, s) {
                (Some(_), Side::Right) => "your moves (you are Right):",
                (Some(_), _) => "your moves (you are Left):",
                (None, Side::Right) => "Right's moves:",
                (None, _) => "Left's moves:",
            };
            text.push_str(whose);
            text.push('\n');
        }
        text.push_str(&format!("  {}. {}\n", i + 1, show(o)));
    }
    text.push_str(if play.partizan && play.user.is_none() {
        "your move: a number or a position; it chooses your side, and I play the other (`:stop` or Ctrl-C ends the game)"
    } else {
        "your move: a number or a position (`:stop` or Ctrl-C ends the game)"
    });
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
    if play.partizan {
        return partizan_reply(engine, play);
    }
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
    let options = side_options(engine, &play.position, Side::Impartial)?;
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

/// The machine's move in a partizan game: a winning one if it has one (to a
/// position at least 0 when it is Left, at most 0 when Right: it then wins
/// with the user to move), else the one whose stop after the user's reply is
/// best for it.
fn partizan_reply(engine: &mut Engine, play: &Play) -> Result<Option<(GameSum, bool)>, EvalError> {
    let side = play.machine_side();
    let options = side_options(engine, &play.position, side)?;
    engine.budget.start();
    let mut games = Games::new(
        &engine.globals,
        &mut engine.rt,
        &mut engine.compiled,
        &engine.budget,
    );
    let cache = &mut engine.analyses.partizan;
    let span = Span::default();
    let found = if play.misere {
        cache.misere.winning(&mut games, &play.position, side, span)
    } else {
        cache
            .winning(&mut games, &play.position, span)
            .map(|(left, right)| if side == Side::Right { right } else { left })
    };
    let winning = match found {
        // Positions repeat: the retrograde labels choose, and keep a draw.
        Err(EvalError::Loopy { .. }) => {
            let solved = loopy_partizan::solve(&mut games, &play.position, play.misere, span)?;
            return Ok(solved.reply(side, &options));
        }
        found => found?,
    };
    if let Some(w) = winning.into_iter().next() {
        return Ok(Some((w, true)));
    }
    // Left's score is Right's stop of the option (Right replies next), then
    // Left's; Right's is the other way round, and smaller is better.
    let mut best: Option<((Dyadic, Dyadic), GameSum)> = None;
    for o in options {
        let f = sum_form(&mut games, cache, &o, span)?;
        let (l, r) = (cache.store.left_stop(f), cache.store.right_stop(f));
        let right = side == Side::Right;
        let score = if right { (l, r) } else { (r, l) };
        let better = |b: &(Dyadic, Dyadic)| if right { score < *b } else { score > *b };
        if best.as_ref().is_none_or(|(b, _)| better(b)) {
            best = Some((score, o));
        }
    }
    Ok(best.map(|(_, o)| (o, false)))
}

/// Plays the user's chosen option (a move of `side`) and the machine's answer.
pub fn play_step(
    engine: &mut Engine,
    play: &mut Play,
    chosen: GameSum,
    side: Side,
) -> Result<Step, EvalError> {
    let mut text = String::new();
    if play.partizan && play.user.is_none() {
        play.user = Some(side);
        text.push_str(match side {
            Side::Right => "you play Right, I play Left\n",
            _ => "you play Left, I play Right\n",
        });
    }
    let last = moved_component(&play.position, &chosen);
    if play.reach(chosen) {
        text.push_str(&draw(engine, play, "you move to"));
        return Ok(Step {
            text,
            going_on: false,
        });
    }
    if side_options(engine, &play.position, play.machine_side())?.is_empty() {
        text.push_str(&format!(
            "you move to {}\n",
            shown(engine, play, &play.position)
        ));
        text.push_str(match (play.partizan, play.misere) {
            (true, true) => "I have no move left, so under misère play I win.",
            (true, false) => "I have no move left: you win!",
            (false, true) => "You made the last move, so under misère play you lose.",
            (false, false) => "You made the last move: you win!",
        });
        return Ok(Step {
            text,
            going_on: false,
        });
    }
    let Some((reply, winning)) = machine_move(engine, play, last)? else {
        text.push_str("no move for the machine");
        return Ok(Step {
            text,
            going_on: false,
        });
    };
    if play.reach(reply) {
        text.push_str(&draw(engine, play, "I move to"));
        return Ok(Step {
            text,
            going_on: false,
        });
    }
    text.push_str(&format!(
        "I move to {}{}\n",
        shown(engine, play, &play.position),
        if winning { "  (a winning move)" } else { "" }
    ));
    if play_options(engine, play)?.is_empty() {
        text.push_str(match (play.partizan, play.misere) {
            (true, true) => "You have no move left, so under misère play you win!",
            (true, false) => "You have no move left: I win.",
            (false, true) => "I made the last move, so under misère play you win!",
            (false, false) => "I made the last move: I win.",
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
fn draw(engine: &mut Engine, play: &Play, who: &str) -> String {
    format!(
        "{who} {}\nThat position has now come up {REPEATS_FOR_DRAW} times: the game is a draw.",
        shown(engine, play, &play.position)
    )
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

/// Who wins a partizan game from its start, as told when it starts: its
/// outcome (under misère play when the game is misère) says who wins with
/// each side moving first.
pub fn partizan_verdict(engine: &mut Engine, play: &Play) -> Result<&'static str, EvalError> {
    engine.budget.start();
    let mut games = Games::new(
        &engine.globals,
        &mut engine.rt,
        &mut engine.compiled,
        &engine.budget,
    );
    let partizan = &mut engine.analyses.partizan;
    let span = Span::default();
    let found = if play.misere {
        partizan.misere.outcome(&mut games, &play.position, span)
    } else {
        partizan.outcome(&mut games, &play.position, span)
    };
    let class = match found {
        Err(EvalError::Loopy { .. }) => {
            loopy_partizan::solve(&mut games, &play.position, play.misere, span)?.class()
        }
        found => match found? {
            PartizanOutcome::L => Class::L,
            PartizanOutcome::R => Class::R,
            PartizanOutcome::N => Class::N,
            PartizanOutcome::P => Class::P,
        },
    };
    // The user moves first, with the side their move chooses.
    Ok(match class {
        Class::L => "Left wins whoever moves first: play Left to win",
        Class::R => "Right wins whoever moves first: play Right to win",
        Class::N => "whoever moves first wins: you can win with either side",
        Class::P => "whoever moves second wins: I can win whichever side you choose",
        Class::D => "neither side can force a win: with best play the game goes on for ever",
        Class::NHat => "play Left to win; playing Right you can only hold a draw",
        Class::PHat => "playing Left you can hold a draw; playing Right I can win",
        Class::NCheck => "play Right to win; playing Left you can only hold a draw",
        Class::PCheck => "playing Right you can hold a draw; playing Left I can win",
    })
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

//! A REPL session with no terminal I/O: `eval(&str)` takes what the user typed and
//! returns what to show. Definitions accumulate; redefining a game replaces it;
//! an error never ends the session.

use super::help::help;
use super::play::{partizan_verdict, play_options, play_prompt, play_step, verdict, Play, Verdict};
use crate::budget::Limits;
use crate::check::program::{Global, Stmt};
use crate::diagnostics::{Problem, Report};
use crate::lang::value::Value;
use crate::run::query::{game_of, operands_of};
use crate::syntax::ast::QueryKind;
use crate::syntax::layout::layout;
use crate::{report, Engine, Mode};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// What the session answers to one entry.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Response {
    /// Text to show (answers, diagnostics, messages).
    pub text: String,
    /// The entry went wrong (a diagnostic was shown).
    pub error: bool,
    /// The user asked to leave.
    pub quit: bool,
    /// Program text whose definitions this entry made: replayed, in order with
    /// the others, to restore the session in a fresh engine.
    pub record: Option<String>,
    /// Every definition was forgotten (`:clear`).
    pub cleared: bool,
}

impl Response {
    /// An answer to show.
    pub fn text(text: impl Into<String>) -> Response {
        Response {
            text: text.into(),
            ..Response::default()
        }
    }

    /// A diagnostic or message about something that went wrong.
    pub fn error(text: impl Into<String>) -> Response {
        Response {
            text: text.into(),
            error: true,
            ..Response::default()
        }
    }
}

/// An interactive session.
pub struct Session {
    engine: Engine,
    limits: Limits,
    cancel: Arc<AtomicBool>,
    play: Option<Play>,
    colour: bool,
    width: usize,
    /// Answers and diagnostics wrap to the terminal's width, read at each
    /// entry (the interactive REPL); otherwise to 80 and 100 columns.
    follow_terminal: bool,
    /// The progress line of a statement that runs longer than a second (on
    /// a terminal, in the interactive REPL).
    progress: Option<report::Progress>,
    entries: usize,
    /// Each defined name with the text of its latest definition, in the order
    /// the names were first defined (`:save`).
    definitions: indexmap::IndexMap<String, String>,
    /// `:time`: show how long each entry took.
    timing: bool,
}

impl Default for Session {
    fn default() -> Self {
        Session::new(Limits::default())
    }
}

impl Session {
    /// A session with the given limits.
    pub fn new(limits: Limits) -> Session {
        Session::with_cancel_flag(limits, Arc::new(AtomicBool::new(false)))
    }

    /// A session whose computations stop when `cancel` is set (by Ctrl-C).
    pub fn with_cancel_flag(limits: Limits, cancel: Arc<AtomicBool>) -> Session {
        let mut engine = Engine::with_limits(limits);
        engine.budget.set_cancel_flag(cancel.clone());
        Session {
            engine,
            limits,
            cancel,
            play: None,
            colour: false,
            width: 100,
            follow_terminal: false,
            progress: None,
            entries: 0,
            definitions: indexmap::IndexMap::new(),
            timing: false,
        }
    }

    /// Wraps answers and diagnostics to the terminal's width, as `grundy run`
    /// does, reading it at each entry so a resized window is followed.
    pub fn follow_terminal_width(&mut self) {
        use std::io::IsTerminal;
        self.follow_terminal = true;
        if std::io::stderr().is_terminal() && self.progress.is_none() {
            let halt = self.cancel.clone();
            self.progress = Some(report::Progress::start().halted_by(halt));
        }
    }

    /// The terminal's width when following it and it is known.
    fn terminal_width(&self) -> Option<usize> {
        use std::io::IsTerminal;
        let on_terminal = self.follow_terminal && std::io::stdout().is_terminal();
        on_terminal
            .then(terminal_size::terminal_size)
            .flatten()
            .map(|(w, _)| usize::from(w.0))
    }

    /// Renders diagnostics in colour (for a terminal that supports it).
    pub fn set_colour(&mut self, colour: bool) {
        self.colour = colour;
    }

    /// The flag Ctrl-C sets to interrupt a computation.
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        self.cancel.clone()
    }

    /// True while a game of `play` is going on.
    pub fn is_playing(&self) -> bool {
        self.play.is_some()
    }

    /// The prompt to show.
    pub fn prompt(&self) -> &'static str {
        if self.play.is_some() {
            "play> "
        } else {
            "grundy> "
        }
    }

    /// True when `input` is unfinished (an open bracket, a trailing operator):
    /// the editor asks for another line.
    pub fn is_incomplete(&self, input: &str) -> bool {
        is_incomplete(input, self.play.is_some())
    }

    /// Names to complete: defined games, boards, constants and functions.
    pub fn names(&self) -> Vec<String> {
        self.engine.globals.names.keys().cloned().collect()
    }

    /// Handles one entry (possibly several lines).
    pub fn eval(&mut self, input: &str) -> Response {
        self.cancel.store(false, Ordering::Relaxed);
        let trimmed = input.trim();
        if trimmed.is_empty() {
            return Response::default();
        }
        if self.play.is_some() {
            return self.play_input(trimmed);
        }
        if let Some(command) = trimmed.strip_prefix(':') {
            return self.command(command);
        }
        self.entries += 1;
        let name = format!("<repl:{}>", self.entries);
        let started = std::time::Instant::now();
        let mut response = self.run_text(&name, input, false);
        if self.timing {
            let took = format!("time: {}", show_duration(started.elapsed()));
            response.text = join(std::slice::from_ref(&response.text), &took);
        }
        response
    }

    /// Remembers the text of each definition `stmts` made (from `source`),
    /// for `:save`. A redefinition replaces the text where the name was first
    /// defined, so a constant stays after the constants it was written with.
    fn remember(&mut self, source: &str, stmts: &[Stmt]) {
        let source = crate::syntax::layout::normalize(source);
        let g = &self.engine.globals;
        for stmt in stmts {
            let (name, text) = match stmt {
                Stmt::Game(id) => match g.games.get(*id) {
                    Some(game) => (&game.name, game.source.clone()),
                    None => continue,
                },
                Stmt::Board(id) => match g.boards.get(*id) {
                    Some(b) => (&b.name, b.span.text(&source).to_string()),
                    None => continue,
                },
                Stmt::Let(id, _) => match g.constants.get(*id) {
                    Some(c) => (&c.name, c.span.text(&source).to_string()),
                    None => continue,
                },
                Stmt::Function(id) => match g.functions.get(*id) {
                    Some(f) => (&f.name, f.span.text(&source).to_string()),
                    None => continue,
                },
                _ => continue,
            };
            self.definitions.insert(name.clone(), text);
        }
    }

    /// `:save FILE`: writes the session's definitions as a `.game` file.
    fn save(&self, path: &str) -> Response {
        if path.is_empty() {
            return Response::error("say where: `:save FILE`, e.g. `:save session.game`");
        }
        if self.definitions.is_empty() {
            return Response::error(
                "nothing to save: no game, board, constant or function is defined yet",
            );
        }
        let mut text = String::from("# Definitions saved from a grundy session (`:save`).\n");
        for definition in self.definitions.values() {
            text.push_str(definition.trim_end());
            text.push('\n');
        }
        match std::fs::write(path, text) {
            Ok(()) => Response::text(format!(
                "saved {} definition{} to {path}",
                self.definitions.len(),
                if self.definitions.len() == 1 { "" } else { "s" }
            )),
            Err(e) => Response::error(format!(
                "cannot write {path}: {e}\n  help: name a file in a directory that exists and that you may write to"
            )),
        }
    }

    fn render(&self, name: &str, source: &str, problems: Vec<Problem>) -> Response {
        let text: Arc<str> = Arc::from(source);
        let rendered: Vec<String> = problems
            .into_iter()
            .map(|p| {
                Report::new(name, text.clone(), p)
                    .render(self.colour, self.terminal_width().unwrap_or(self.width))
                    .trim_end()
                    .to_string()
            })
            .collect();
        Response::error(rendered.join("\n"))
    }

    /// Restores the definitions of a session from the texts its entries
    /// recorded ([`Response::record`]), in order: games, boards, functions and
    /// constants are defined again; queries, prints and asserts are not run.
    /// Says what could not be restored, if anything.
    pub fn restore(&mut self, journal: &[String]) -> Response {
        self.cancel.store(false, Ordering::Relaxed);
        let mut failed: Vec<String> = Vec::new();
        for (i, text) in journal.iter().enumerate() {
            let name = format!("<restore:{}>", i + 1);
            let stmts = match self.engine.load_entry(text, true) {
                Ok(s) => s,
                Err(problems) => {
                    failed.push(self.render(&name, text, problems).text);
                    continue;
                }
            };
            self.remember(text, &stmts);
            for stmt in stmts.iter().filter(|s| defines(s)) {
                if let Err(p) = self.engine.run(stmt, Mode::Run) {
                    failed.push(self.render(&name, text, vec![p]).text);
                }
            }
        }
        match failed.len() {
            0 => Response::default(),
            n => Response::error(format!(
                "{n} definition{} could not be restored:\n{}",
                if n == 1 { "" } else { "s" },
                failed.join("\n")
            )),
        }
    }

    /// Loads and runs program text, collecting every answer.
    /// With `load` (`:load FILE`), assertions that hold are counted into one
    /// closing summary line instead of a line each.
    fn run_text(&mut self, name: &str, source: &str, load: bool) -> Response {
        // A file loaded with `:load` is a file: bare expressions are for the prompt.
        let stmts = if load {
            self.engine.load(source, true)
        } else {
            self.engine.load_entry(source, true)
        };
        let stmts = match stmts {
            Ok(s) => s,
            Err(problems) => return self.render(name, source, problems),
        };
        // The definitions are made once the text is loaded, whatever happens
        // to the statements run after.
        let record = stmts.iter().any(defines).then(|| source.to_string());
        self.remember(source, &stmts);
        Response {
            record,
            ..self.run_stmts(name, source, &stmts, load)
        }
    }

    fn run_stmts(&mut self, name: &str, source: &str, stmts: &[Stmt], load: bool) -> Response {
        let width = self.terminal_width().unwrap_or(report::DEFAULT_WIDTH);
        let mut out: Vec<String> = Vec::new();
        let mut held = 0;
        for stmt in stmts {
            if let Stmt::Query(q) = stmt {
                if q.kind == QueryKind::Play {
                    let started = self.start_play(q);
                    match started {
                        Ok(text) => out.push(text),
                        Err(p) => {
                            let mut r = self.render(name, source, vec![p]);
                            r.text = join(&out, &r.text);
                            return r;
                        }
                    }
                    continue;
                }
            }
            if let Some(p) = &self.progress {
                self.engine.begin_progress(p, stmt);
            }
            let result = self.engine.run(stmt, Mode::Run);
            if let Some(p) = &self.progress {
                p.end();
            }
            match result {
                Ok(None) => {}
                Ok(Some(answer)) => {
                    let namer = self.engine.namer();
                    if let crate::Answer::Assert {
                        passed: false,
                        failure,
                        line,
                        ..
                    } = &answer
                    {
                        let (want, got) = failure
                            .as_deref()
                            .map(|(w, g)| {
                                (
                                    report::text::expected_text(w, g, &namer),
                                    report::text::value_text(g, &namer),
                                )
                            })
                            .unwrap_or_default();
                        out.push(format!(
                            "assertion failed (line {line}): expected {want}, got {got}"
                        ));
                    } else if let crate::Answer::Assert { passed: true, .. } = &answer {
                        if load {
                            held += 1;
                        } else {
                            out.push("assertion holds".into());
                        }
                    } else if let Some(t) = report::text_at_width(&answer, &namer, width) {
                        out.push(t);
                    }
                }
                Err(p) => {
                    let mut r = self.render(name, source, vec![p]);
                    r.text = join(&out, &r.text);
                    return r;
                }
            }
        }
        if load {
            out.push(format!(
                "loaded {name}: {} statement{}, {held} assert{} passed",
                stmts.len(),
                if stmts.len() == 1 { "" } else { "s" },
                if held == 1 { "" } else { "s" }
            ));
        }
        Response::text(out.join("\n"))
    }

    fn command(&mut self, command: &str) -> Response {
        let (word, rest) = command
            .split_once(char::is_whitespace)
            .unwrap_or((command, ""));
        let rest = rest.trim();
        match word {
            "help" | "h" | "?" => Response::text(help(rest)),
            "quit" | "q" | "exit" => Response {
                quit: true,
                ..Response::default()
            },
            "clear" => {
                let mut engine = Engine::with_limits(self.limits);
                engine.budget.set_cancel_flag(self.cancel.clone());
                self.engine = engine;
                self.definitions.clear();
                Response {
                    cleared: true,
                    ..Response::text("cleared: every definition is gone")
                }
            }
            "load" => match std::fs::read_to_string(rest) {
                Ok(text) => self.run_text(rest, &text, true),
                Err(e) => Response::error(format!(
                    "error: cannot read {rest}: {e}\n  help: check the file name (and the directory grundy was started in); `:load` takes a readable `.game` file"
                )),
            },
            "save" => self.save(rest),
            "time" => {
                self.timing = match rest {
                    "on" => true,
                    "off" => false,
                    "" => !self.timing,
                    other => {
                        return Response::error(format!(
                            "`:time` takes `on`, `off` or nothing (to toggle), not `{other}`"
                        ))
                    }
                };
                Response::text(if self.timing {
                    "timing on: each entry ends with the time it took"
                } else {
                    "timing off"
                })
            }
            "games" => Response::text(self.games()),
            "stop" => Response::text("no game is being played"),
            "show" => self.show(rest),
            other => Response::error(format!(
                "unknown command `:{other}`; `:help` lists the commands"
            )),
        }
    }

    fn games(&self) -> String {
        let g = &self.engine.globals;
        let mut lines = Vec::new();
        for (name, global) in &g.names {
            if let Global::Game(id) = global {
                if let Some(game) = g.games.get(*id) {
                    let params = |ps: &[crate::check::program::Param]| {
                        ps.iter()
                            .map(|p| match p.ty {
                                Some(t) => format!("{}: {}", p.name, t.name()),
                                None => p.name.clone(),
                            })
                            .collect::<Vec<_>>()
                            .join(", ")
                    };
                    let family = if game.family.is_empty() {
                        String::new()
                    } else {
                        format!("[{}]", params(&game.family))
                    };
                    let kind = if game.partizan {
                        "partizan game "
                    } else {
                        "game "
                    };
                    lines.push(format!("{kind}{name}{family}({})", params(&game.params)));
                }
            }
        }
        if lines.is_empty() {
            "no games defined yet: try `game nim(n: nat) { move n - k for k in 1..=n }`".into()
        } else {
            lines.join("\n")
        }
    }

    fn show(&self, name: &str) -> Response {
        let g = &self.engine.globals;
        match g.names.get(name) {
            Some(Global::Game(id)) => Response::text(
                g.games
                    .get(*id)
                    .map(|x| x.source.clone())
                    .unwrap_or_default(),
            ),
            Some(Global::Board(_)) => Response::text(format!("`{name}` is a board")),
            Some(Global::Const(id)) => {
                match self.engine.rt.consts.get(*id).and_then(Option::as_ref) {
                    Some(v) => {
                        Response::text(format!("let {name} = {}", self.engine.namer().value(v)))
                    }
                    None => Response::text(format!("`{name}` is a constant with no value yet")),
                }
            }
            Some(Global::Func(_)) => Response::text(format!("`{name}` is a function")),
            None => Response::error(format!("nothing is called `{name}`")),
        }
    }

    fn start_play(&mut self, q: &crate::check::program::Query) -> Result<String, Problem> {
        let engine = &mut self.engine;
        let run =
            |engine: &mut Engine| -> Result<(Play, String), crate::eval::eval_error::EvalError> {
                engine.budget.start();
                let position = {
                    let mut games = crate::game::Games::new(
                        &engine.globals,
                        &mut engine.rt,
                        &mut engine.compiled,
                        &engine.budget,
                    );
                    let operands = operands_of(&mut games, &mut engine.analyses, q)?;
                    let g = game_of(operands.subject, q.subject.span)?;
                    let partizan = crate::run::query::has_partizan(&games, &g);

                    ((*g).clone(), partizan)
                };
                let play = Play::new(position.0, q.misere, position.1);
                let rules = if play.misere {
                    "misère play: whoever makes the last move loses"
                } else {
                    "normal play: whoever cannot move loses"
                };
                if play_options(engine, &play)?.is_empty() {
                    return Ok((
                        play,
                        format!("{} has no move: there is nothing to play", q.text),
                    ));
                }
                let verdict = if play.partizan {
                    format!(
                        "you move first, as Left or Right; {}",
                        partizan_verdict(engine, &play)?
                    )
                } else {
                    let who = match verdict(engine, &play)? {
                        Verdict::User => "you can win",
                        Verdict::Machine => "I can win",
                        Verdict::Draw => {
                            "neither of us can force a win: with best play it is a draw"
                        }
                    };
                    format!("you move first, and {who}")
                };
                let text = format!(
                    "playing {} ({rules}); {verdict}\n{}",
                    q.text,
                    play_prompt(engine, &play)?
                );
                Ok((play, text))
            };
        let (play, text) = run(engine).map_err(|e| Problem::from_error(&e.at_least(q.span)))?;
        if !text.contains("nothing to play") {
            self.play = Some(play);
        }
        Ok(text)
    }

    fn play_input(&mut self, input: &str) -> Response {
        if matches!(input, ":stop" | ":quit" | ":q") {
            self.play = None;
            return Response::text("game stopped");
        }
        if let Some(topic) = input.strip_prefix(":help") {
            return Response::text(help(topic.trim()));
        }
        let Some(mut play) = self.play.take() else {
            return Response::default();
        };
        let options = play_options(&mut self.engine, &play);
        let options = match options {
            Ok(o) => o,
            Err(e) => return self.render("<play>", input, vec![Problem::from_error(&e)]),
        };
        let chosen = if let Ok(k) = input.parse::<usize>() {
            match k.checked_sub(1).and_then(|i| options.get(i)) {
                Some(o) => o.clone(),
                None => {
                    self.play = Some(play);
                    return Response::error(format!(
                        "choose a move between 1 and {}",
                        options.len()
                    ));
                }
            }
        } else {
            match self.engine.eval_expr(input) {
                Ok(Value::Game(g)) => {
                    let want = g.normalized();
                    match options.iter().find(|o| o.0.normalized() == want) {
                        Some(o) => o.clone(),
                        None => {
                            let shown = self.engine.namer().sum(&g);
                            self.play = Some(play);
                            return Response::error(format!(
                                "{shown} is not a move from here; pick a number from the list"
                            ));
                        }
                    }
                }
                Ok(_) | Err(_) => {
                    self.play = Some(play);
                    return Response::error(
                        "type the number of a move, or the position it leads to",
                    );
                }
            }
        };
        let (chosen, side) = chosen;
        match play_step(&mut self.engine, &mut play, chosen, side) {
            Ok(step) => {
                if step.going_on {
                    self.play = Some(play);
                }
                Response::text(step.text)
            }
            Err(e) => self.render("<play>", input, vec![Problem::from_error(&e)]),
        }
    }
}

/// True when `input` is unfinished (an open bracket, a trailing operator) and
/// the editor should ask for another line; never inside `play` or for a command.
pub fn is_incomplete(input: &str, playing: bool) -> bool {
    let trimmed = input.trim_start();
    !playing && !trimmed.starts_with(':') && layout(input).incomplete
}

/// Statements that define something (and are replayed to restore a session).
fn defines(stmt: &Stmt) -> bool {
    matches!(
        stmt,
        Stmt::Game(_) | Stmt::Board(_) | Stmt::Let(..) | Stmt::Function(_)
    )
}

/// A duration as people read it: `12 ms`, `1.25 s`, `3 min 4 s`.
fn show_duration(d: std::time::Duration) -> String {
    let s = d.as_secs_f64();
    if s < 1.0 {
        format!("{:.0} ms", s * 1000.0)
    } else if s < 60.0 {
        format!("{s:.2} s")
    } else {
        format!("{} min {} s", d.as_secs() / 60, d.as_secs() % 60)
    }
}

fn join(before: &[String], after: &str) -> String {
    let mut parts: Vec<&str> = before
        .iter()
        .map(String::as_str)
        .filter(|s| !s.is_empty())
        .collect();
    parts.push(after);
    parts.join("\n")
}

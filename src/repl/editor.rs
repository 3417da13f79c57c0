//! The terminal around a session: a rustyline editor (completion,
//! highlighting, history hints, history file, multi-line input with a
//! continuation prompt, Ctrl-C handling); the session itself runs on a
//! [`Supervisor`]'s worker thread.

use super::help;
use super::session::Response;
use super::worker::{Interrupts, Supervisor};

use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::hint::{Hinter, HistoryHinter};
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{Context, Editor, Helper};
use std::borrow::Cow;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

/// Words the editor completes and highlights.
const KEYWORDS: [&str; 44] = [
    "game",
    "partizan",
    "board",
    "let",
    "move",
    "left",
    "right",
    "stop",
    "when",
    "for",
    "in",
    "where",
    "on",
    "without",
    "if",
    "then",
    "else",
    "and",
    "or",
    "not",
    "with",
    "true",
    "false",
    "misere",
    "assert",
    "print",
    "grundy",
    "outcome",
    "moves",
    "winning",
    "sequence",
    "table",
    "genus",
    "quotient",
    "explain",
    "graph",
    "play",
    "canonical",
    "compare",
    "temperature",
    "mean",
    "leftstop",
    "rightstop",
    "thermograph",
];

/// Completion, hints and highlighting for the editor.
struct ReplHelper {
    names: Rc<RefCell<Vec<String>>>,
    hinter: HistoryHinter,
    files: FilenameCompleter,
    colour: bool,
}

impl Completer for ReplHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let before = line.get(..pos).unwrap_or("");
        if takes_a_file(before) {
            return self.files.complete_path(line, pos);
        }
        let start = before
            .char_indices()
            .rev()
            .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '_' || *c == ':'))
            .map_or(0, |(i, c)| i + c.len_utf8());
        let word = before.get(start..).unwrap_or("");
        if word.is_empty() {
            return Ok((pos, vec![]));
        }
        let names = self.names.borrow();
        let builtins = crate::lang::builtin::BUILTINS.iter().map(|(n, _)| *n);
        let mut candidates: Vec<String> = KEYWORDS
            .iter()
            .copied()
            .chain(help::COMMANDS.iter().copied())
            .chain(builtins)
            .map(str::to_string)
            .chain(names.iter().cloned())
            .filter(|c| c.starts_with(word) && c != word)
            .collect();
        candidates.sort();
        candidates.dedup();
        Ok((
            start,
            candidates
                .into_iter()
                .map(|c| Pair {
                    display: c.clone(),
                    replacement: c,
                })
                .collect(),
        ))
    }
}

/// True when the text before the cursor is a file name's place: after
/// `:load ` or `:save `.
fn takes_a_file(before: &str) -> bool {
    let trimmed = before.trim_start();
    [":load ", ":save "]
        .iter()
        .any(|command| trimmed.starts_with(command))
}

impl Hinter for ReplHelper {
    type Hint = String;

    fn hint(&self, line: &str, pos: usize, ctx: &Context<'_>) -> Option<String> {
        self.hinter.hint(line, pos, ctx)
    }
}

impl Highlighter for ReplHelper {
    fn highlight<'l>(&self, line: &'l str, _pos: usize) -> Cow<'l, str> {
        if !self.colour {
            return Cow::Borrowed(line);
        }
        Cow::Owned(highlight_keywords(line))
    }

    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        if self.colour {
            Cow::Owned(format!("\x1b[2m{hint}\x1b[0m"))
        } else {
            Cow::Borrowed(hint)
        }
    }

    fn highlight_char(&self, _line: &str, _pos: usize, kind: CmdKind) -> bool {
        self.colour && kind != CmdKind::MoveCursor
    }
}

impl Validator for ReplHelper {}

impl Helper for ReplHelper {}

/// Keywords in bold blue, comments dimmed; strings left alone.
pub fn highlight_keywords(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + 16);
    let mut word = String::new();
    let mut in_string = false;
    let flush = |word: &mut String, out: &mut String| {
        if KEYWORDS.contains(&word.as_str()) {
            out.push_str(&format!("\x1b[1;34m{word}\x1b[0m"));
        } else {
            out.push_str(word);
        }
        word.clear();
    };
    for (i, c) in line.char_indices() {
        if !in_string && c == '#' {
            flush(&mut word, &mut out);
            out.push_str(&format!("\x1b[2m{}\x1b[0m", line.get(i..).unwrap_or("")));
            return out;
        }
        if c == '"' {
            in_string = !in_string;
        }
        if !in_string && (c.is_ascii_alphanumeric() || c == '_') {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// Where the history is kept: `$XDG_DATA_HOME/grundy/history` or
/// `~/.local/share/grundy/history`.
fn history_path() -> Option<std::path::PathBuf> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME").map(|h| std::path::PathBuf::from(h).join(".local/share"))
        })?;
    let dir = base.join("grundy");
    std::fs::create_dir_all(&dir).ok()?;
    Some(dir.join("history"))
}

/// Runs the interactive loop until `:quit` or Ctrl-D. Returns the exit status.
pub fn run(files: &[String], limits: crate::budget::Limits, colour: bool) -> i32 {
    let interrupts = Arc::new(Interrupts::default());
    let presses = interrupts.clone();
    // Ctrl-C while computing interrupts the computation, not the session (at the
    // prompt the terminal is in raw mode and rustyline reports it instead).
    let _ = ctrlc::set_handler(move || presses.press());
    let mut session = match Supervisor::for_sessions(limits, colour, interrupts) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: cannot start the session: {e}");
            return 2;
        }
    };
    // A file named on the command line that does not load is an error of the
    // input: the session still starts, and ends with status 2.
    let failed = load_files(&mut session, files);
    let mut terminal = match Terminal::new(session.status().names.clone(), colour) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot start the line editor: {e}");
            return 2;
        }
    };
    println!(
        "grundy {} — `:help` for help, Ctrl-D to leave",
        env!("CARGO_PKG_VERSION")
    );
    read_eval_loop(&mut session, &mut terminal);
    terminal.save_history();
    i32::from(failed) * 2
}

/// Shows a note the session sends while it works, on standard error.
fn notify(note: &str) {
    eprintln!("{note}");
}

/// Loads each file named on the command line into the session, showing what
/// each load says. True when some file did not load.
fn load_files(session: &mut Supervisor, files: &[String]) -> bool {
    let mut failed = false;
    for f in files {
        let r = session.eval(&format!(":load {f}"), &mut notify);
        failed |= r.error;
        print_response(&r);
    }
    failed
}

/// The line editor with its helper, the history file (when there is a place
/// for it) and the names the helper completes.
struct Terminal {
    editor: Editor<ReplHelper, DefaultHistory>,
    history: Option<std::path::PathBuf>,
    names: Rc<RefCell<Vec<String>>>,
}

impl Terminal {
    /// An editor completing `names`, with the history loaded.
    fn new(names: Vec<String>, colour: bool) -> rustyline::Result<Terminal> {
        let names = Rc::new(RefCell::new(names));
        let helper = ReplHelper {
            names: names.clone(),
            hinter: HistoryHinter::new(),
            files: FilenameCompleter::new(),
            colour,
        };
        let mut editor: Editor<ReplHelper, DefaultHistory> = Editor::new()?;
        editor.set_helper(Some(helper));
        let history = history_path();
        if let Some(h) = &history {
            let _ = editor.load_history(h);
        }
        Ok(Terminal {
            editor,
            history,
            names,
        })
    }

    /// Adds an entry to the history, and saves the history: a session killed
    /// later loses nothing.
    fn remember(&mut self, entry: &str) {
        let _ = self.editor.add_history_entry(entry);
        self.save_history();
    }

    /// Writes the history file, if there is one.
    fn save_history(&mut self) {
        if let Some(h) = &self.history {
            let _ = self.editor.save_history(h);
        }
    }
}

/// Reads entries (over several lines while unfinished) and runs them, until
/// `:quit`, Ctrl-D or a failure of the terminal.
fn read_eval_loop(session: &mut Supervisor, terminal: &mut Terminal) {
    let mut buffer = String::new();
    loop {
        let prompt = if buffer.is_empty() {
            session.status().prompt
        } else {
            "   ...> "
        };
        match terminal.editor.readline(prompt) {
            Ok(line) => {
                if !buffer.is_empty() {
                    buffer.push('\n');
                }
                buffer.push_str(&line);
                if session.is_incomplete(&buffer) {
                    continue;
                }
                let entry = std::mem::take(&mut buffer);
                if run_entry(session, terminal, &entry) {
                    break;
                }
            }
            // Inside `play`, Ctrl-C and Ctrl-D end the game, not the session.
            Err(ReadlineError::Interrupted | ReadlineError::Eof) if session.status().playing => {
                buffer.clear();
                print_response(&session.eval(":stop", &mut notify));
            }
            Err(ReadlineError::Interrupted) => {
                // Ctrl-C at the prompt clears the line (and any unfinished entry).
                buffer.clear();
            }
            Err(ReadlineError::Eof) => break,
            Err(e) => {
                eprintln!("error: {e}");
                break;
            }
        }
    }
}

/// Runs one complete entry: remembers it (unless blank), shows the response
/// and refreshes the names completed. True when the entry ends the session.
fn run_entry(session: &mut Supervisor, terminal: &mut Terminal, entry: &str) -> bool {
    if !entry.trim().is_empty() {
        terminal.remember(entry);
    }
    let r = {
        let _keep = KeepTypeahead::new();
        session.eval(entry, &mut notify)
    };
    print_response(&r);
    terminal
        .names
        .borrow_mut()
        .clone_from(&session.status().names);
    r.quit
}

/// While an entry runs, the terminal is in its ordinary mode, where Ctrl-C would
/// also throw away what was typed meanwhile: `NOFLSH` keeps those lines, which
/// then run in order. The terminal's mode is restored when the entry ends.
#[cfg(unix)]
struct KeepTypeahead(Option<nix::sys::termios::Termios>);

#[cfg(unix)]
impl KeepTypeahead {
    fn new() -> KeepTypeahead {
        use nix::sys::termios::{tcgetattr, tcsetattr, LocalFlags, SetArg};
        let stdin = std::io::stdin();
        let Ok(saved) = tcgetattr(&stdin) else {
            return KeepTypeahead(None);
        };
        if saved.local_flags.contains(LocalFlags::NOFLSH) {
            return KeepTypeahead(None);
        }
        let mut keep = saved.clone();
        keep.local_flags.insert(LocalFlags::NOFLSH);
        match tcsetattr(&stdin, SetArg::TCSANOW, &keep) {
            Ok(()) => KeepTypeahead(Some(saved)),
            Err(_) => KeepTypeahead(None),
        }
    }
}

#[cfg(unix)]
impl Drop for KeepTypeahead {
    fn drop(&mut self) {
        if let Some(saved) = self.0.take() {
            let _ = nix::sys::termios::tcsetattr(
                std::io::stdin(),
                nix::sys::termios::SetArg::TCSANOW,
                &saved,
            );
        }
    }
}

#[cfg(not(unix))]
struct KeepTypeahead;

#[cfg(not(unix))]
impl KeepTypeahead {
    fn new() -> KeepTypeahead {
        KeepTypeahead
    }
}

fn print_response(r: &Response) {
    if r.text.is_empty() {
        return;
    }
    if r.error {
        eprintln!("{}", r.text);
    } else {
        println!("{}", r.text);
    }
}

#[cfg(test)]
mod tests {
    #![allow(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )]

    use super::*;
    use rustyline::history::DefaultHistory;

    /// The completions of `line` with the cursor at its end.
    fn completions(line: &str) -> Vec<String> {
        let helper = ReplHelper {
            names: Rc::new(RefCell::new(vec!["kayles".into()])),
            hinter: HistoryHinter::new(),
            files: FilenameCompleter::new(),
            colour: false,
        };
        let history = DefaultHistory::new();
        let ctx = Context::new(&history);
        let (_, pairs) = helper.complete(line, line.len(), &ctx).unwrap();
        pairs.into_iter().map(|p| p.replacement).collect()
    }

    /// After `:load ` and `:save ` Tab completes file names (issue 39 item
    /// 5); elsewhere it completes words of the language and the session.
    #[test]
    fn file_names_complete_after_load_and_save() {
        let dir = std::env::temp_dir().join(format!("grundy-complete-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("kayles_table.game"), "").unwrap();
        std::fs::write(dir.join("other.game"), "").unwrap();
        let prefix = dir.join("kay").display().to_string();
        for command in [":load", ":save", "  :load"] {
            let got = completions(&format!("{command} {prefix}"));
            assert_eq!(got.len(), 1, "{command}: {got:?}");
            assert!(got[0].ends_with("kayles_table.game"), "{got:?}");
        }
        // A word of the session, not a file, elsewhere on a line.
        assert_eq!(completions("grundy kay"), ["kayles"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

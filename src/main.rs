//! The `grundy` command line: run, check, eval and repl (LANGUAGE.md §11).
//! Exit status: 0 success, 1 an assert failed, 2 an error in the input.

use clap::{Parser, Subcommand};
use grundy::limits::{parse_size, show_size};
use grundy::report::Exports;
use grundy::{report, Answer, Engine, Limits, Mode, Namer, Problem, Report, Span, Stmt};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Parser)]
#[command(
    name = "grundy",
    version,
    about = "Describe combinatorial games as move rules; ask who wins.",
    after_help = "Files can also be run directly: `grundy FILE…` (`-` reads the program from standard input)."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Most positions kept in memo tables before a computation stops with an error.
    #[arg(long, global = true, value_name = "N", value_parser = count, allow_hyphen_values = true, default_value_t = Limits::default().max_positions)]
    max_positions: usize,
    /// Most memory the process may use, e.g. `512M`, `8G` (default: half the
    /// physical memory, and at most a third of any `ulimit -v`).
    #[arg(long, global = true, value_name = "SIZE", value_parser = memory_size, allow_hyphen_values = true)]
    max_memory: Option<usize>,
    /// Most heaps `sequence` computes beyond the range asked for, to find or
    /// prove a period.
    #[arg(long, global = true, value_name = "N", value_parser = count, allow_hyphen_values = true, default_value_t = Limits::default().sequence_search)]
    sequence_search: usize,
    /// How long `sequence` looks for a proof of a period, in seconds, before
    /// it answers with what it found.
    #[arg(long, global = true, value_name = "SECONDS", value_parser = seconds, allow_hyphen_values = true, default_value = "2")]
    sequence_time: std::time::Duration,
    /// Longest one statement may run, in seconds; 0 for no limit [default:
    /// 600 for run, check and eval; none in the REPL, where Ctrl-C stops]
    #[arg(long, global = true, value_name = "SECONDS", value_parser = timeout_seconds, allow_hyphen_values = true)]
    timeout: Option<std::time::Duration>,
    /// Most threads one statement runs on (the searches that split their
    /// work use at most two); 1 for one core.
    #[arg(long, global = true, value_name = "N", value_parser = count, allow_hyphen_values = true, default_value_t = Limits::default().threads)]
    threads: usize,
    /// Use only the general evaluator (no compiled kernels): for measuring and cross-checking.
    #[arg(long, global = true)]
    no_kernels: bool,
    /// Print only errors and failed assertions (on standard error); the exit
    /// status says the rest.
    #[arg(long, short, global = true)]
    quiet: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Run every statement of each file.
    Run {
        /// Print one JSON object per answer.
        #[arg(long)]
        json: bool,
        /// Also draw each `table` as an SVG chessboard, each `sequence` as an
        /// SVG plot, each `thermograph`, and each `graph` (with Graphviz's `dot`,
        /// when installed) in DIR (created if missing): `queen.svg`, then
        /// `queen-2.svg`, … for repeated names.
        #[arg(long, value_name = "DIR")]
        svg: Option<PathBuf>,
        /// Write the Graphviz DOT of each `graph` answer to DIR, one file each
        /// (`nim_2.dot`), instead of printing it.
        #[arg(long, value_name = "DIR")]
        dot: Option<PathBuf>,
        /// Also write each `table` as CSV in DIR (`queen.csv`).
        #[arg(long, value_name = "DIR")]
        csv: Option<PathBuf>,
        /// Also write each `table` as a standalone LaTeX/TikZ picture in DIR (`queen.tex`).
        #[arg(long, value_name = "DIR")]
        tex: Option<PathBuf>,
        /// The `.game` files.
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Run only the assertions; end with "N passed, M failed".
    Check {
        /// Print one JSON object per assertion, then a summary object (errors stay
        /// diagnostics on standard error).
        #[arg(long)]
        json: bool,
        /// The `.game` files.
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Run statements given on the command line.
    Eval {
        /// Print one JSON object per answer.
        #[arg(long)]
        json: bool,
        /// The statements, e.g. 'grundy *3 + *5'.
        statements: String,
    },
    /// Start an interactive session, optionally loading files first.
    Repl {
        /// Files to load.
        files: Vec<String>,
    },
    /// `grundy FILE…`: runs the files, as `grundy run FILE…` does.
    #[command(external_subcommand)]
    Files(Vec<String>),
}

/// Most diagnostics shown for one file: the rest are counted.
const MAX_SHOWN: usize = 20;

/// What happened while running, for the exit status.
#[derive(Default)]
struct Tally {
    passed: usize,
    failed: usize,
    input_error: bool,
    /// Files that were read and checked without a problem (their asserts ran).
    loaded: usize,
    /// Errors found (diagnostics, unreadable files, files not written).
    errors: usize,
}

impl Tally {
    /// One more error in the input: the exit status will be 2.
    fn error(&mut self) {
        self.input_error = true;
        self.errors += 1;
    }
}

/// Where and how a run shows what it finds.
#[derive(Default)]
struct Outputs {
    /// The files `run --svg/--dot/--csv/--tex` writes.
    exports: Exports,
    /// Answers (and, for `check`, assertions and errors) as JSON lines.
    json: bool,
    /// `--quiet`: only errors and failed assertions, on standard error.
    quiet: bool,
    /// The progress line, when standard error is a terminal.
    progress: Option<report::Progress>,
}

impl Outputs {
    fn new(json: bool, quiet: bool) -> Outputs {
        let progress =
            (!json && !quiet && std::io::stderr().is_terminal()).then(report::Progress::start);
        Outputs {
            json,
            quiet,
            progress,
            ..Outputs::default()
        }
    }
}

fn memory_size(text: &str) -> Result<usize, String> {
    match parse_size(text) {
        Some(n) if n >= 1 << 20 => Ok(n),
        Some(_) => Err("give at least 1M".into()),
        None if text.trim_start().starts_with('-') => {
            Err("a memory size is 1M or more; write e.g. `512M` or `8G`".into())
        }
        None if text.trim_start().starts_with(|c: char| c.is_ascii_digit())
            && parse_size(&format!(
                "1{}",
                text.trim_start_matches(|c: char| c.is_ascii_digit()
                    || c == '.'
                    || c.is_whitespace())
            ))
            .is_some() =>
        {
            Err(format!(
                "`{text}` is more memory than any machine has; write e.g. `8G`"
            ))
        }
        None => Err(format!(
            "`{text}` is not a size; write e.g. `512M` or `8G` (default {})",
            show_size(Limits::default().max_memory)
        )),
    }
}

/// A count of positions or heaps: a whole number, 1 or more.
fn count(text: &str) -> Result<usize, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("give at least 1".into()),
        Ok(n) => Ok(usize::try_from(n).unwrap_or(usize::MAX)),
        Err(_) if text.trim_start().starts_with('-') => Err(format!(
            "`{text}` is negative; give a whole number, 1 or more"
        )),
        Err(_) if !text.trim().is_empty() && text.trim().chars().all(|c| c.is_ascii_digit()) => {
            Err(format!("`{text}` is too large; give at most {}", u64::MAX))
        }
        Err(_) => Err(format!(
            "`{text}` is not a whole number; write e.g. `1000000`"
        )),
    }
}

fn seconds(text: &str) -> Result<std::time::Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s < 1e9 => Ok(std::time::Duration::from_secs_f64(s)),
        Ok(s) if s.is_finite() && s >= 1e9 => Err(format!(
            "`{text}` seconds is more than 30 years; give fewer"
        )),
        Ok(_) => Err(format!(
            "`{text}` is not a positive number of seconds; write e.g. `30` or `0.5`"
        )),
        Err(_) => Err(format!(
            "`{text}` is not a number of seconds; write e.g. `30` or `0.5`"
        )),
    }
}

/// `--timeout`: seconds, where 0 means no limit (kept as a zero duration).
fn timeout_seconds(text: &str) -> Result<std::time::Duration, String> {
    if text.parse::<f64>() == Ok(0.0) {
        return Ok(std::time::Duration::ZERO);
    }
    seconds(text).map_err(|e| format!("{e}, or `0` for no limit"))
}

/// How long one statement of `run`, `check` or `eval` may run when no
/// `--timeout` is given: generous, so only a runaway computation meets it.
const DEFAULT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(600);

fn colour() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// The width text answers wrap to: the terminal's, or 80 when standard output
/// is not a terminal (or its size is unknown).
fn text_width() -> usize {
    if !std::io::stdout().is_terminal() {
        return report::DEFAULT_WIDTH;
    }
    terminal_size::terminal_size().map_or(report::DEFAULT_WIDTH, |(w, _)| usize::from(w.0))
}

fn colour_out() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// The first failure to write an answer or a diagnostic (a full disk, a
/// closed pipe): the run stops at the next statement and exits with status 2,
/// never with 0 as if everything had been shown.
static WRITE_FAILED: std::sync::Mutex<Option<(&'static str, std::io::Error)>> =
    std::sync::Mutex::new(None);

/// Records a failed write to `stream` (the first one is kept).
fn write_failed(stream: &'static str, e: std::io::Error) {
    if let Ok(mut failed) = WRITE_FAILED.lock() {
        failed.get_or_insert((stream, e));
    }
}

/// Whether some write has failed.
fn writes_failed() -> bool {
    WRITE_FAILED.lock().map_or(true, |f| f.is_some())
}

/// Writes to standard output; a failure is recorded, not a panic.
fn out(text: std::fmt::Arguments<'_>) {
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout
        .write_fmt(text)
        .and_then(|()| stdout.write_all(b"\n"))
    {
        write_failed("standard output", e);
    }
}

/// Writes to standard error; a failure is recorded, not a panic.
fn err(text: std::fmt::Arguments<'_>) {
    if let Err(e) = std::io::stderr().lock().write_fmt(text) {
        write_failed("standard error", e);
    }
}

/// Shows a problem on standard error (also with `--json`: errors are never
/// JSON, LANGUAGE.md §11).
fn print_problem(name: &str, source: &Arc<str>, problem: Problem) {
    let rendered = Report::new(name, source.clone(), problem).render(colour(), 100);
    err(format_args!("{rendered}"));
}

/// Loads and runs one program, printing answers as they come. An `entry`
/// (`grundy eval`) may also hold bare expressions, shown with their values.
fn run_source(
    name: &str,
    source: &str,
    mode: Mode,
    entry: bool,
    limits: Limits,
    tally: &mut Tally,
    outputs: &mut Outputs,
) {
    let program = Program {
        name,
        source: Arc::from(source),
        mode,
    };
    let mut engine = Engine::with_limits(limits);
    engine.set_cancel_flag(interrupts::flag());
    let Some(stmts) = program.load(&mut engine, entry, tally) else {
        return;
    };
    tally.loaded += 1;
    for stmt in &stmts {
        if writes_failed() || interrupts::pressed() {
            return;
        }
        if let Some(p) = &outputs.progress {
            engine.begin_progress(p, stmt);
        }
        let result = engine.run(stmt, mode);
        if let Some(p) = &outputs.progress {
            p.end();
        }
        match result {
            Ok(None) => {}
            Ok(Some(answer)) => {
                let namer = engine.namer();
                if !program.assertion(&answer, &namer, outputs.json, tally) {
                    show_answer(&answer, &namer, outputs, tally);
                }
            }
            Err(problem) => {
                print_problem(name, &program.source, problem);
                tally.error();
                return;
            }
        }
    }
}

/// The program [`run_source`] runs: its name and text, for diagnostics, and
/// how its statements run.
struct Program<'a> {
    name: &'a str,
    source: Arc<str>,
    mode: Mode,
}

impl Program<'_> {
    /// Loads the program into `engine` (as an `entry`, bare expressions too).
    /// If it does not load, shows its problems (at most [`MAX_SHOWN`], the rest
    /// counted), each one an error of the tally.
    fn load(&self, engine: &mut Engine, entry: bool, tally: &mut Tally) -> Option<Vec<Stmt>> {
        let name = self.name;
        let loaded = if entry {
            engine.load_entry(&self.source, false)
        } else {
            engine.load(&self.source, false)
        };
        let problems = match loaded {
            Ok(stmts) => return Some(stmts),
            Err(problems) => problems,
        };
        let total = problems.len();
        for p in problems.into_iter().take(MAX_SHOWN) {
            print_problem(name, &self.source, p);
        }
        if total > MAX_SHOWN {
            err(format_args!(
                "… and {} more errors in {name}\n",
                total - MAX_SHOWN
            ));
        }
        for _ in 0..total {
            tally.error();
        }
        None
    }

    /// When `answer` is an assertion: counts it, shows a failure on standard
    /// error, and with `json` prints it, and returns true. Any other answer is
    /// left to [`show_answer`] (false).
    fn assertion(&self, answer: &Answer, namer: &Namer<'_>, json: bool, tally: &mut Tally) -> bool {
        let Answer::Assert {
            passed,
            failure,
            span,
            ..
        } = answer
        else {
            return false;
        };
        let mut values = None;
        if *passed {
            tally.passed += 1;
        } else {
            tally.failed += 1;
            if let Some(f) = failure.as_deref() {
                let want = report::expected_text(&f.0, &f.1, namer);
                let got = report::value_text(&f.1, namer);
                let problem = Problem::failed_assertion(*span, &want, &got);
                let rendered =
                    Report::new(self.name, self.source.clone(), problem).render(colour(), 100);
                err(format_args!("{rendered}"));
                values = Some((want, got));
            }
        }
        // `run --json` prints an assertion as LANGUAGE.md §11 shows it;
        // `check --json` adds its file and, when it failed, both values. As
        // text only a failure shows.
        if json && self.mode == Mode::AssertsOnly {
            let values = values.as_ref().map(|(w, g)| (w.as_str(), g.as_str()));
            out(format_args!(
                "{}",
                report::assert_json(answer, namer, self.name, values)
            ));
        } else if json {
            out(format_args!("{}", report::json(answer, namer)));
        }
        true
    }
}

/// Shows an answer other than an assertion: writes the files it is exported
/// to (reporting those that fail), then prints it as text or JSON unless
/// `--quiet` (or, for a `graph` written to a DOT file, says where it went).
fn show_answer(answer: &Answer, namer: &Namer<'_>, outputs: &mut Outputs, tally: &mut Tally) {
    let json = outputs.json;
    let exported = outputs.exports.export(answer, namer);
    for e in &exported.errors {
        err(format_args!("error: {e}\n  help: {}\n", e.help()));
        tally.error();
    }
    if let Some(notice) = &exported.notice {
        err(format_args!("note: {notice}\n"));
    }
    if let (Some(path), Answer::Graph { expr, .. }) = (&exported.dot_file, answer) {
        if !json && !outputs.quiet {
            out(format_args!("graph {expr} written to {}", path.display()));
        }
        return;
    }
    if outputs.quiet {
        return;
    }
    // Buffered: a long sequence is written line by line.
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let written = if json {
        report::write_json(&mut out, answer, namer)
    } else {
        report::write_text_at_width(&mut out, answer, namer, text_width())
    };
    if let Err(e) = written.and_then(|()| out.flush()) {
        write_failed("standard output", e);
    }
}

/// When standard output is a pipe, asks for a 1 MiB pipe buffer (Linux), so
/// a long answer (ten million sequence values are 60 MB of text) goes to the
/// reader in large pieces rather than 64 KiB ones, with fewer switches between
/// writer and reader. Anything else, or a refusal, leaves output as it was.
fn widen_output_pipe() {
    #[cfg(target_os = "linux")]
    {
        use nix::fcntl::{fcntl, FcntlArg};
        let _ = fcntl(std::io::stdout(), FcntlArg::F_SETPIPE_SZ(1 << 20));
    }
}

/// Reads and runs each file in turn (each with its own definitions).
fn run_files(
    files: &[String],
    mode: Mode,
    limits: Limits,
    tally: &mut Tally,
    outputs: &mut Outputs,
) {
    for f in files {
        if writes_failed() || interrupts::pressed() {
            return;
        }
        if let Some(src) = read(f, tally) {
            run_source(f, &src, mode, false, limits, tally, outputs);
        }
    }
}

/// Reads a program: a byte-order mark and old Mac line endings are accepted;
/// a file that is not UTF-8 gets a diagnostic at its first bad byte.
fn read(path: &str, tally: &mut Tally) -> Option<String> {
    let bytes = if path == "-" {
        let mut buf = Vec::new();
        match std::io::Read::read_to_end(&mut std::io::stdin(), &mut buf) {
            Ok(_) => Ok(buf),
            Err(e) => Err(e),
        }
    } else {
        std::fs::read(path)
    };
    let bytes = match bytes {
        Ok(b) => b,
        Err(e) => {
            let hint = match e.kind() {
                // `grundy frobnicate`: read as a file, but likely meant as a command.
                std::io::ErrorKind::NotFound
                    if !path.contains(['.', '/']) && path.chars().all(|c| c.is_ascii_alphabetic()) =>
                {
                    "no such file, and not a command either: the commands are `run`, `check`, `eval` and `repl` (`grundy --help`)"
                }
                std::io::ErrorKind::NotFound => {
                    "check the file name (and the directory you run grundy in)"
                }
                std::io::ErrorKind::PermissionDenied => {
                    "the file exists but you may not read it: check its permissions"
                }
                _ if std::path::Path::new(path).is_dir() => {
                    "that is a directory: name a `.game` file inside it"
                }
                _ => "check that the path names a readable `.game` file",
            };
            err(format_args!(
                "error: cannot read {path}: {e}\n  help: {hint}\n"
            ));
            tally.error();
            return None;
        }
    };
    match String::from_utf8(bytes) {
        Ok(s) => Some(grundy::normalize(&s).into_owned()),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let text: Arc<str> = Arc::from(String::from_utf8_lossy(e.as_bytes()).as_ref());
            let problem = Problem {
                code: "grundy::encoding",
                message: format!("{path} is not UTF-8 text: byte {at} cannot be read"),
                help: "save the file as UTF-8 (most editors offer it under \"Save with encoding\")"
                    .into(),
                labels: vec![(Span::new(at, at + 1), "this byte".into())],
            };
            print_problem(path, &text, problem);
            tally.error();
            None
        }
    }
}

fn real_main() -> ExitCode {
    let cli = Cli::parse();
    let limits = limits(&cli);
    let mut tally = Tally::default();
    if let Some(code) = dispatch(cli.command, cli.quiet, limits, &mut tally) {
        return code;
    }
    exit_status(&tally)
}

/// The limits the options set. A `--max-memory` above what `ulimit -v` lets
/// the process allocate is lowered to that, with a note.
fn limits(cli: &Cli) -> Limits {
    let defaults = Limits::default();
    let mut max_memory = cli.max_memory.unwrap_or(defaults.max_memory);
    if let Some(ceiling) = grundy::limits::max_memory_ceiling() {
        if max_memory > ceiling {
            err(format_args!(
                "note: --max-memory {} is more than this process may allocate (`ulimit -v` allows {}); using {}\n",
                show_size(max_memory),
                show_size(ceiling * 2),
                show_size(ceiling)
            ));
            max_memory = ceiling;
        }
    }
    Limits {
        max_positions: cli.max_positions,
        max_memory,
        timeout: match cli.timeout {
            Some(t) if t.is_zero() => None,
            Some(t) => Some(t),
            // The REPL has Ctrl-C; files and `eval` run unattended.
            None if matches!(cli.command, Some(Command::Repl { .. }) | None) => None,
            None => Some(DEFAULT_TIMEOUT),
        },
        kernels: !cli.no_kernels,
        threads: cli.threads,
        sequence_search: cli.sequence_search,
        sequence_time: cli.sequence_time,
        ..defaults
    }
}

/// Runs the command (the REPL when none is given). Returns the exit status
/// when the command decides it alone (the REPL, an empty `eval`); otherwise
/// the tally does.
fn dispatch(
    command: Option<Command>,
    quiet: bool,
    limits: Limits,
    tally: &mut Tally,
) -> Option<ExitCode> {
    if !matches!(command, Some(Command::Repl { .. }) | None) {
        interrupts::install();
    }
    match command {
        Some(Command::Run {
            json,
            svg,
            dot,
            csv,
            tex,
            files,
        }) => {
            let mut outputs = Outputs::new(json, quiet);
            outputs.exports = Exports::new(svg, dot, csv, tex);
            run_files(&files, Mode::Run, limits, tally, &mut outputs);
        }
        Some(Command::Check { json, files }) => check(&files, json, quiet, limits, tally),
        Some(Command::Eval { json, statements }) => {
            if statements.trim().is_empty() {
                // `grundy eval "$PROGRAM"` with the variable unset: say so.
                err(format_args!(
                    "error: `eval` was given no statements\n  help: write them in quotes, e.g. grundy eval 'grundy *3 + *5'\n"
                ));
                return Some(ExitCode::from(2));
            }
            let mut outputs = Outputs::new(json, quiet);
            run_source(
                "<eval>",
                &statements,
                Mode::Run,
                true,
                limits,
                tally,
                &mut outputs,
            );
        }
        Some(Command::Repl { files }) => {
            return Some(ExitCode::from(
                grundy::repl::run(&files, limits, colour_out()) as u8,
            ));
        }
        Some(Command::Files(files)) => {
            let mut outputs = Outputs::new(false, quiet);
            run_files(&files, Mode::Run, limits, tally, &mut outputs);
        }
        None => {
            return Some(ExitCode::from(
                grundy::repl::run(&[], limits, colour_out()) as u8
            ));
        }
    }
    None
}

/// `grundy check`: runs the files' assertions, then sums them up, as a JSON
/// object or as "N passed, M failed" (unless `--quiet`).
fn check(files: &[String], json: bool, quiet: bool, limits: Limits, tally: &mut Tally) {
    let mut outputs = Outputs::new(json, quiet);
    run_files(files, Mode::AssertsOnly, limits, tally, &mut outputs);
    // A tally of nothing above a file's syntax error only confuses.
    if json {
        let summary = serde_json::json!({
            "passed": tally.passed,
            "failed": tally.failed,
            "errors": tally.errors,
        });
        out(format_args!("{summary}"));
    } else if tally.loaded > 0 && !quiet {
        out(format_args!(
            "{} passed, {} failed",
            tally.passed, tally.failed
        ));
    }
}

/// The exit status once everything ran: 2 when a write failed (said on
/// standard error, if it can be) or the input had an error, 1 when an
/// assertion failed, else 0.
fn exit_status(tally: &Tally) -> ExitCode {
    if let Err(e) = std::io::stdout().flush() {
        write_failed("standard output", e);
    }
    let failed = WRITE_FAILED.lock().ok().and_then(|mut f| f.take());
    if let Some((stream, e)) = failed {
        // Standard error may be the stream that failed: then only the status tells.
        let _ = writeln!(
            std::io::stderr(),
            "error: cannot write to {stream}: {e}\n  help: answers after this were not shown; check the disk or the pipe grundy writes to"
        );
        ExitCode::from(2)
    } else if tally.input_error {
        ExitCode::from(2)
    } else if tally.failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The stack grundy runs on: deep but finite recursion (user functions, nested
/// expressions) needs room; the solver itself never recurses per position.
const STACK: usize = 256 << 20;

/// Ctrl-C outside the REPL: the first press stops the running statement (a
/// streamed sequence saves its checkpoint) and nothing after it runs; a
/// second press ends grundy at once.
mod interrupts {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, OnceLock};

    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    static PRESSED: AtomicBool = AtomicBool::new(false);

    /// The flag every engine of this run stops on.
    pub fn flag() -> Arc<AtomicBool> {
        FLAG.get_or_init(|| Arc::new(AtomicBool::new(false)))
            .clone()
    }

    /// True once Ctrl-C was pressed.
    pub fn pressed() -> bool {
        PRESSED.load(Ordering::Relaxed)
    }

    /// Installs the handler (not in the REPL, which has its own).
    pub fn install() {
        let flag = flag();
        let _ = ctrlc::set_handler(move || {
            if PRESSED.swap(true, Ordering::Relaxed) {
                std::process::exit(130);
            }
            flag.store(true, Ordering::Relaxed);
        });
    }
}

fn main() -> ExitCode {
    widen_output_pipe();
    let worker = std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(real_main);
    let worker = match worker {
        Ok(worker) => worker,
        Err(e) => {
            // Not a bug: the environment (`ulimit -v`) leaves too little room.
            let _ = writeln!(
                std::io::stderr(),
                "error: grundy cannot start: it could not reserve the {} stack it runs on: {e}\n  help: allow the process more address space (`ulimit -v`, at least 1G)",
                show_size(STACK)
            );
            return ExitCode::from(2);
        }
    };
    match worker.join() {
        Ok(code) => code,
        Err(_) => {
            let _ = writeln!(
                std::io::stderr(),
                "error: internal failure: grundy stopped unexpectedly\n  help: this is a bug in grundy, please report it with the input that caused it"
            );
            ExitCode::from(3)
        }
    }
}

//! The command line and the REPL as CGSuite and Python users expect them:
//! bare expressions shown with their values, `--quiet`, `check --json`, a
//! progress line only on a terminal, colour only on a terminal and never with
//! `NO_COLOR`, and the REPL's `:save`, `:time` and per-query `:help`.
//!
//! The values asserted come from theorems, not from grundy: the nim-sum of 3
//! and 5 is 3 XOR 5 = 6 (Bouton); 8 ⊗ 8 = 13 in Conway's nim multiplication
//! (On Numbers and Games, ch. 6: 8 ⊗ 8 = 8 ⊕ 4 ⊕ 1); ↑ + * is the game ↑*.

use assert_cmd::Command;
use grundy::repl::Session;
use predicates::prelude::*;
use std::time::Duration;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary")
}

/// A file in the temporary directory, removed when dropped.
struct Temp(std::path::PathBuf);

impl Temp {
    fn new(tag: &str, contents: &str) -> Temp {
        let path =
            std::env::temp_dir().join(format!("grundy-habits-{tag}-{}.game", std::process::id()));
        std::fs::write(&path, contents).unwrap();
        Temp(path)
    }
    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

const NIM: &str = "game nim(n: nat) { move n - k for k in 1..=n }\n";
/// Kayles without compiled rules is slow enough for a progress line.
/// Kayles with unequal parts only: no theorem gives its period, so the heap
/// is computed (slowly, by the general evaluator).
const SLOW: &str =
    "game k(n: nat) { move k(a) + k(n - a - j) for j in 1..=2, a in 0..=n-j where a != n - a - j }\ngrundy k(100000)\n";

#[test]
fn eval_shows_a_bare_expression_with_its_value() {
    let out = |text: &str| {
        let o = grundy().args(["eval", text]).output().unwrap();
        assert!(o.status.success(), "{text}: {o:?}");
        String::from_utf8(o.stdout).unwrap()
    };
    assert_eq!(out("*3 + *5"), "*6\n");
    assert_eq!(out("1 + 2"), "3\n");
    assert_eq!(out("nimmul(8, 8)"), "13\n");
    assert_eq!(out("^ + *"), "^*\n");
    assert_eq!(
        out(&format!("{NIM}nim(3) + nim(5)\nnim(1) + nim(1)")),
        "nim(3) + nim(5) = *6\nnim(1) + nim(1) = 0\n"
    );
    // A misspelled statement word is still called a misspelled statement.
    grundy()
        .args(["eval", "grundyy nim(3)"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "expected a statement, found `grundyy`",
        ));
}

#[test]
fn a_bare_expression_in_json_carries_its_analysis() {
    let o = grundy()
        .args(["eval", "--json", &format!("{NIM}nim(3) + nim(5)")])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["query"], "show");
    assert_eq!(v["value"], "nim(3) + nim(5)");
    assert_eq!(v["analysis"]["query"], "grundy");
    assert_eq!(v["analysis"]["value"], 6);
}

#[test]
fn a_file_keeps_requiring_print() {
    let f = Temp::new("bare", "*3 + *5\n");
    grundy()
        .args(["run", f.path()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "a bare expression is not a statement of a file",
        ))
        .stderr(predicate::str::contains("write `print *3 + *5`"));
}

#[test]
fn quiet_prints_only_failures() {
    let good = Temp::new(
        "quiet-good",
        &format!("{NIM}grundy nim(3)\nassert grundy nim(2) == 2\n"),
    );
    grundy()
        .args(["run", "--quiet", good.path()])
        .assert()
        .success()
        .stdout("")
        .stderr("");
    grundy()
        .args(["check", "-q", good.path()])
        .assert()
        .success()
        .stdout("");
    let bad = Temp::new(
        "quiet-bad",
        &format!("{NIM}grundy nim(3)\nassert grundy nim(2) == 3\n"),
    );
    grundy()
        .args(["--quiet", "run", bad.path()])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("expected 3, got 2"));
}

#[test]
fn check_json_reports_each_assertion_and_a_summary() {
    let a = Temp::new(
        "json-a",
        &format!("{NIM}assert grundy nim(3) + nim(5) == 6\nassert grundy nim(1) + nim(1) == 1\n"),
    );
    let b = Temp::new("json-b", "assert grundy nim(3) ==\n");
    let o = grundy()
        .args(["check", "--json", a.path(), b.path(), "/no/such/file.game"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let lines: Vec<serde_json::Value> = String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(
        lines[0],
        serde_json::json!({"query": "assert", "file": a.path(), "line": 2, "passed": true})
    );
    // 1 ⊕ 1 = 0 (Bouton), not the 1 written.
    assert_eq!(lines[1]["passed"], false);
    assert_eq!(lines[1]["expected"], "1");
    assert_eq!(lines[1]["got"], "0");
    // Errors are diagnostics on standard error, never JSON (LANGUAGE.md §11).
    assert_eq!(
        lines[2],
        serde_json::json!({"passed": 1, "failed": 1, "errors": 2})
    );
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(
        err.contains("grundy::syntax") && err.contains("cannot read /no/such/file.game"),
        "{err}"
    );
}

/// `run --json` keeps the shapes LANGUAGE.md §11 gives: an assertion is
/// `{"query","line","passed"}`, and an error goes to standard error only.
#[test]
fn run_json_keeps_the_specified_shapes() {
    let f = Temp::new(
        "run-json",
        &format!("{NIM}assert grundy nim(2) == 2\ngrundy nim(\n"),
    );
    let o = grundy().args(["run", "--json", f.path()]).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(String::from_utf8(o.stdout).unwrap(), "");
    let g = Temp::new("run-json-2", &format!("{NIM}assert grundy nim(2) == 2\n"));
    let o = grundy().args(["run", "--json", g.path()]).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        v,
        serde_json::json!({"query": "assert", "line": 2, "passed": true})
    );
}

#[test]
fn no_progress_line_when_standard_error_is_not_a_terminal() {
    let f = Temp::new("progress-pipe", SLOW);
    let o = grundy()
        .args(["run", "--no-kernels", "--timeout", "2", f.path()])
        .output()
        .unwrap();
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("time limit"), "{err}");
    assert!(!err.contains("positions ("), "{err}");
    assert!(!err.contains('\r'), "{err}");
}

/// The binary in a pseudo-terminal, with or without `NO_COLOR`.
fn pty(args: &[&str], no_colour: bool) -> rexpect::session::PtySession {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.args(args);
    if no_colour {
        cmd.env("NO_COLOR", "1");
    } else {
        cmd.env_remove("NO_COLOR");
    }
    rexpect::session::spawn_command(cmd, Some(30_000)).expect("spawn grundy in a pty")
}

#[test]
fn a_terminal_shows_progress_after_a_second() {
    let f = Temp::new("progress-pty", SLOW);
    let mut p = pty(&["run", "--no-kernels", "--timeout", "3", f.path()], true);
    let (_, shown) = p
        .exp_regex(r"grundy k\(100000\): [0-9.]+ s, [0-9,]+ positions \([0-9,]+/s\)")
        .unwrap();
    assert!(shown.contains("positions"), "{shown}");
    p.exp_string("time limit").unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn colour_on_a_terminal_unless_no_color() {
    let f = Temp::new("colour", "grundy nim(3)\n");
    let mut p = pty(&["run", f.path()], false);
    let all = p.exp_eof().unwrap();
    assert!(
        all.contains("\u{1b}["),
        "colour expected on a terminal: {all:?}"
    );
    let mut p = pty(&["run", f.path()], true);
    let all = p.exp_eof().unwrap();
    assert!(all.contains("unknown name"), "{all:?}");
    assert!(
        !all.contains("\u{1b}["),
        "NO_COLOR must turn colour off: {all:?}"
    );
    // Not a terminal: no colour either.
    let o = grundy()
        .args(["run", f.path()])
        .env_remove("NO_COLOR")
        .output()
        .unwrap();
    assert!(!String::from_utf8(o.stderr).unwrap().contains('\u{1b}'));
}

fn ok(s: &mut Session, input: &str) -> String {
    let r = s.eval(input);
    assert!(!r.error, "{input}: {}", r.text);
    r.text
}

#[test]
fn the_prompt_shows_bare_expressions() {
    let mut s = Session::default();
    assert_eq!(ok(&mut s, "*3 + *5"), "*6");
    assert_eq!(ok(&mut s, "nimmul(8, 8)"), "13");
    ok(&mut s, NIM);
    assert_eq!(ok(&mut s, "nim(3) + nim(5)"), "nim(3) + nim(5) = *6");
    // A file loaded with `:load` is a file: a bare expression there is an error.
    let f = Temp::new("load-bare", "*3 + *5\n");
    assert!(s.eval(&format!(":load {}", f.path())).error);
}

#[test]
fn save_writes_definitions_that_load_back_to_the_same_answers() {
    let mut s = Session::default();
    ok(&mut s, NIM);
    ok(&mut s, "let S = {1, 2}");
    ok(
        &mut s,
        "game sub(n: nat) { move n - k for k in S where k <= n }",
    );
    ok(&mut s, "grundy sub(7)");
    ok(&mut s, "let S = {1, 3}");
    // Redefined: the saved file holds only the latest definition.
    ok(
        &mut s,
        "game nim(n: nat) { move n - k for k in 1..=min(n, 2) }",
    );
    let path = std::env::temp_dir().join(format!("grundy-habits-save-{}.game", std::process::id()));
    let said = ok(&mut s, &format!(":save {}", path.display()));
    assert!(said.contains("saved 3 definitions"), "{said}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.matches("game nim").count(), 1, "{text}");
    assert!(text.contains("min(n, 2)"), "{text}");
    // The file checks as a file, and a fresh session that loads it agrees:
    // subtraction {1, 3} has period 2 (values 0, 1, 0, 1, …), and Nim with
    // moves of 1 or 2 has value n mod 3.
    grundy()
        .args(["check", path.to_str().unwrap()])
        .assert()
        .success();
    let mut fresh = Session::default();
    ok(&mut fresh, &format!(":load {}", path.display()));
    assert_eq!(ok(&mut fresh, "grundy sub(7)"), "grundy sub(7) = 1");
    assert_eq!(ok(&mut fresh, "grundy nim(5)"), "grundy nim(5) = 2");
    let _ = std::fs::remove_file(&path);
    // Nothing defined: nothing written, and a clear word why.
    let mut empty = Session::default();
    let r = empty.eval(":save /tmp/never-written.game");
    assert!(r.error && r.text.contains("nothing to save"), "{}", r.text);
}

#[test]
fn time_toggles_timings() {
    let mut s = Session::default();
    assert!(ok(&mut s, ":time").contains("timing on"));
    let timed = ok(&mut s, "*1 + *2");
    assert!(timed.starts_with("*3\ntime: "), "{timed}");
    assert!(timed.ends_with(" ms") || timed.ends_with(" s"), "{timed}");
    assert!(ok(&mut s, ":time").contains("timing off"));
    assert_eq!(ok(&mut s, "*1 + *2"), "*3");
    let r = s.eval(":time sometimes");
    assert!(r.error && r.text.contains("`on`, `off`"), "{}", r.text);
    assert!(ok(&mut s, ":time on").contains("timing on"));
}

/// Every query word of the grammar has a `:help` topic, and every topic points
/// to a section that docs/reference.md has.
#[test]
fn every_query_has_help_pointing_to_a_real_section() {
    let grammar = include_str!("../../grammar/game.pest");
    let rule = grammar
        .split("query_word = _{")
        .nth(1)
        .and_then(|r| r.split('}').next())
        .expect("the grammar's query_word rule");
    let words: Vec<&str> = rule
        .split('|')
        .map(|w| w.trim().trim_end_matches("_kw"))
        .filter(|w| !w.is_empty())
        .collect();
    assert!(words.len() >= 18, "{words:?}");
    let reference = include_str!("../../docs/reference.md");
    let mut s = Session::default();
    for word in words {
        let text = ok(&mut s, &format!(":help {word}"));
        let section = text
            .rsplit("section ")
            .next()
            .map(|t| t.trim_end_matches('.'))
            .unwrap_or_default();
        assert!(
            text.contains(word) && !text.starts_with("no help"),
            "{word}: {text}"
        );
        assert!(
            reference.contains(&format!("\n### {section} ")),
            "{word}: section {section} is not in docs/reference.md"
        );
    }
    assert!(ok(&mut s, ":help nosuch").starts_with("no help on `nosuch`"));
    let _ = Duration::ZERO;
}

/// Diagnostics point to the reference by section: every code's section exists.
#[test]
fn diagnostic_help_points_to_real_sections() {
    let reference = include_str!("../../docs/reference.md");
    let codes = [
        "grundy::syntax",
        "grundy::name",
        "grundy::order",
        "grundy::assert",
        "grundy::type",
        "grundy::syntax::integer",
        "grundy::syntax::square",
        "grundy::division_by_zero",
        "grundy::index",
        "grundy::position",
        "grundy::rule",
        "grundy::option",
        "grundy::constructor",
        "grundy::tartan",
        "grundy::board",
        "grundy::coins",
        "grundy::query",
        "grundy::grid",
        "grundy::symmetry",
        "grundy::thermal",
        "grundy::loopy",
        "grundy::limit",
        "grundy::interactive",
    ];
    for code in codes {
        let section = grundy::reference_section(code).expect(code);
        let heading = if section.contains('.') {
            format!("\n### {section} ")
        } else {
            format!("\n## {section}. ")
        };
        assert!(reference.contains(&heading), "{code}: no section {section}");
    }
    let o = grundy().args(["eval", "grundy nim(3)"]).output().unwrap();
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("(docs/reference.md §2.2)"), "{err}");
}

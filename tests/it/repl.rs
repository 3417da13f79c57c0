//! The REPL: the session driven directly (no terminal), and once through a real
//! pseudo-terminal with the real binary.

use grundy::repl::Session;
use std::sync::atomic::Ordering;
use std::time::Duration;

const NIM: &str = "game nim(n: nat) { move n - k for k in 1..=n }";

fn ok(session: &mut Session, input: &str) -> String {
    let r = session.eval(input);
    assert!(!r.error, "{input}: {}", r.text);
    r.text
}

#[test]
fn definitions_accumulate_and_redefinition_replaces() {
    let mut s = Session::default();
    ok(&mut s, NIM);
    assert_eq!(ok(&mut s, "grundy nim(7)"), "grundy nim(7) = 7");
    ok(&mut s, "let S = {1, 2}");
    ok(
        &mut s,
        "game sub(n: nat) { move n - k for k in S where k <= n }",
    );
    assert_eq!(
        ok(&mut s, "grundy sub(5) + nim(1)"),
        "grundy sub(5) + nim(1) = 3"
    );
    // Redefining nim replaces it, and its old values are forgotten.
    ok(&mut s, "game nim(n: nat) { move n - 1 where n > 0 }");
    assert_eq!(ok(&mut s, "grundy nim(7)"), "grundy nim(7) = 1");
    assert!(ok(&mut s, ":games").contains("game nim(n: nat)"));
    assert!(ok(&mut s, ":show nim").contains("move n - 1 where n > 0"));
}

#[test]
fn multi_line_input_is_assembled() {
    let s = Session::default();
    assert!(s.is_incomplete("game kayles(n: nat) {"));
    assert!(s.is_incomplete(
        "game kayles(n: nat) {\n    move kayles(a) + kayles(n - k - a) for k in 1..=2,"
    ));
    let full = "game kayles(n: nat) {\n    move kayles(a) + kayles(n - k - a)\n        for k in 1..=2, a in 0..=n-k where a <= n - k - a\n}";
    assert!(!s.is_incomplete(full));
    assert!(s.is_incomplete("grundy nim(1) +"));
    assert!(!s.is_incomplete(":help"));
    let mut s = s;
    ok(&mut s, full);
    assert_eq!(ok(&mut s, "grundy kayles(12)"), "grundy kayles(12) = 4");
}

#[test]
fn errors_never_end_the_session() {
    let mut s = Session::default();
    ok(&mut s, NIM);
    let r = s.eval("grundy nimm(3)");
    assert!(r.error && !r.quit);
    assert!(
        r.text.contains("unknown name `nimm`") && r.text.contains("help:"),
        "{}",
        r.text
    );
    let r = s.eval("game broken(n: nat) { move n - 2 }\ngrundy broken(3)");
    assert!(r.error && r.text.contains("declared `nat`"), "{}", r.text);
    let r = s.eval(":nonsense");
    assert!(r.error && !r.quit);
    assert_eq!(ok(&mut s, "grundy nim(2) + *2"), "grundy nim(2) + *2 = 0");
    assert!(s.eval(":quit").quit);
}

#[test]
fn play_to_the_end_when_the_user_wins() {
    let mut s = Session::default();
    ok(&mut s, NIM);
    let start = ok(&mut s, "play nim(3)");
    assert!(
        start.contains("you can win") && start.contains("1. nim(2)"),
        "{start}"
    );
    assert_eq!(s.prompt(), "play> ");
    // Take all three: the user makes the last move.
    let end = ok(&mut s, "nim(0)");
    assert!(end.contains("you win"), "{end}");
    assert_eq!(s.prompt(), "grundy> ");
}

#[test]
fn play_to_the_end_when_the_machine_wins() {
    let mut s = Session::default();
    ok(&mut s, NIM);
    let start = ok(&mut s, "play nim(2) + nim(2)");
    assert!(start.contains("I can win"), "{start}");
    let mut text = ok(&mut s, "1");
    let mut moves = 1;
    while s.prompt() == "play> " {
        assert!(
            text.contains("(a winning move)"),
            "the machine keeps winning: {text}"
        );
        text = ok(&mut s, "1");
        moves += 1;
        assert!(moves < 10);
    }
    assert!(text.contains("I win"), "{text}");
    assert_eq!(
        ok(&mut s, "print 7"),
        "7",
        "after the game, input is a statement again"
    );
}

/// A position of a loopy game whose outcome is D (here: the only move leads
/// round a three-cycle, so neither player ever runs out of moves) is a draw
/// by the definition of outcomes of loopy games: `play` says so at the start
/// instead of announcing a win for either side (issue 39).
#[test]
fn play_of_a_drawn_position_says_draw() {
    let mut s = Session::default();
    ok(&mut s, "game cyc(n: nat) { move (n + 1) % 3 }");
    assert_eq!(ok(&mut s, "outcome cyc(0)"), "outcome cyc(0) = D");
    let start = ok(&mut s, "play cyc(0)");
    assert!(
        start.contains("draw") && !start.contains("can win"),
        "{start}"
    );
    let mut text = ok(&mut s, "1");
    let mut moves = 1;
    while s.prompt() == "play> " {
        text = ok(&mut s, "1");
        moves += 1;
        assert!(moves < 20, "the game ends by repetition: {text}");
    }
    assert!(text.contains("the game is a draw"), "{text}");
}

#[test]
fn play_misere_and_bad_moves() {
    let mut s = Session::default();
    ok(&mut s, NIM);
    ok(&mut s, "play misere nim(1) + nim(1)");
    let r = s.eval("9");
    assert!(r.error && r.text.contains("between 1 and"), "{}", r.text);
    let r = s.eval("nim(5)");
    assert!(r.error && r.text.contains("not a move"), "{}", r.text);
    // Taking one heap leaves nim(1): the machine must take the last one and loses.
    let end = ok(&mut s, "nim(0) + nim(1)");
    assert!(end.contains("you win"), "{end}");
}

#[test]
fn explain_and_graph() {
    let mut s = Session::default();
    ok(&mut s, "game kayles(n: nat) {\n    move kayles(a) + kayles(n - k - a) for k in 1..=2, a in 0..=n-k where a <= n - k - a\n}");
    let e = ok(&mut s, "explain kayles(4)");
    assert!(e.contains("grundy = mex{3, 3, 2, 0} = 1"), "{e}");
    let e = ok(&mut s, "explain kayles(4) + *3");
    assert!(e.contains("1 ⊕ 3 = 2"), "{e}");
    let g = ok(&mut s, "graph kayles(2)");
    assert!(g.starts_with("digraph"), "{g}");
    // kayles(2) → kayles(1), the end; kayles(1) → the end (kayles(0) + kayles(0)
    // and kayles(0) are one position).
    assert_eq!(g.matches("->").count(), 3, "{g}");
    assert_eq!(
        g.matches("peripheries=2").count(),
        1,
        "one P-position, the end: {g}"
    );
    let r = s.eval("graph kayles(60)");
    assert!(r.error && r.text.contains("more than"), "{}", r.text);
}

#[test]
fn commands_help_load_clear() {
    let mut s = Session::default();
    assert!(ok(&mut s, ":help").contains(":help games"));
    assert!(ok(&mut s, ":help queries").contains("winning"));
    let path = std::env::temp_dir().join(format!("grundy-repl-{}.game", std::process::id()));
    std::fs::write(&path, format!("{NIM}\nlet big = 40\n")).unwrap();
    assert!(ok(&mut s, &format!(":load {}", path.display())).contains("loaded"));
    assert_eq!(ok(&mut s, "grundy nim(big)"), "grundy nim(big) = 40");
    ok(&mut s, ":clear");
    assert!(s.eval("grundy nim(1)").error);
    let _ = std::fs::remove_file(path);
}

/// `:help` covers the three kinds of play beside normal impartial play, and
/// each topic's examples run, in order, in a fresh session (issue 39). The
/// answers checked are facts: two misère Kayles heaps of 1 are N (the mover
/// takes one and leaves the last move to the opponent); {1 | -1} is hot, so
/// whoever moves first wins (N); a position whose only move goes round a
/// cycle is a draw, its generalised value ∞ with no finite options.
#[test]
fn help_covers_misere_partizan_and_loopy_play_with_examples_that_run() {
    let facts = [
        ("misere", "outcome misere kayles(1) + kayles(1) = N"),
        ("partizan", "outcome {1 | -1} = N"),
        ("loopy", "outcome cyc(0) = D"),
        // Bouton: the value of nim(x) + nim(y) is x XOR y.
        (
            "expressions",
            "[[0, 1, 2, 3], [1, 0, 3, 2], [2, 3, 0, 1], [3, 2, 1, 0]]",
        ),
    ];
    for (topic, fact) in facts {
        let mut s = Session::default();
        let text = ok(&mut s, &format!(":help {topic}"));
        let examples: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("  "))
            .filter(|l| !l.starts_with(' '))
            .collect();
        assert!(examples.len() >= 3, "{topic}: {text}");
        let answers: Vec<String> = examples.iter().map(|e| ok(&mut s, e)).collect();
        assert!(answers.iter().any(|a| a == fact), "{topic}: {answers:?}");
    }
}

/// `:show` of a constant prints its definition with its value, in the
/// language's syntax, so it can be pasted back (issue 39).
#[test]
fn show_prints_a_constants_value() {
    let mut s = Session::default();
    ok(&mut s, "let S = set([4, 2, 1, 2])");
    ok(&mut s, "let n = 3 * 7");
    assert_eq!(ok(&mut s, ":show n"), "let n = 21");
    let shown = ok(&mut s, ":show S");
    assert_eq!(shown, "let S = {1, 2, 4}");
    // Evaluates back to the same value.
    ok(&mut s, "let T = {1, 2, 4}");
    assert_eq!(ok(&mut s, "print S == T"), "true");
}

#[test]
fn a_long_computation_can_be_interrupted() {
    let mut s = Session::default();
    ok(
        &mut s,
        "game m(h: list) { move h with [i] = a for i in 0..len(h), a in 0..h[i] }",
    );
    let flag = s.cancel_flag();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        flag.store(true, Ordering::Relaxed);
    });
    let start = std::time::Instant::now();
    let r = s.eval("grundy m([40, 40, 40, 40])");
    stopper.join().unwrap();
    assert!(r.error && r.text.contains("interrupted"), "{}", r.text);
    assert!(start.elapsed() < Duration::from_secs(20));
    // The session goes on, and the game still answers.
    assert_eq!(ok(&mut s, "grundy m([1, 2])"), "grundy m([1, 2]) = 3");
}

#[test]
fn a_real_terminal_session() {
    use rexpect::session::spawn_command;
    let home = std::env::temp_dir().join(format!("grundy-pty-{}", std::process::id()));
    std::fs::create_dir_all(&home).unwrap();
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.env("HOME", &home)
        .env("NO_COLOR", "1")
        .env_remove("XDG_DATA_HOME");
    let mut p = spawn_command(cmd, Some(20_000)).expect("spawn grundy in a pty");
    // Pause at each prompt like a person would: this test is about the prompts
    // (typing ahead is tested below).
    fn say(
        p: &mut rexpect::session::PtySession,
        line: &str,
    ) -> Result<usize, rexpect::error::Error> {
        std::thread::sleep(Duration::from_millis(150));
        p.send_line(line)
    }
    p.exp_string("grundy> ").unwrap();
    // A definition over several lines, with the continuation prompt.
    say(&mut p, "game nim(n: nat) {").unwrap();
    p.exp_string("...> ").unwrap();
    say(&mut p, "  move n - k for k in 1..=n").unwrap();
    p.exp_string("...> ").unwrap();
    say(&mut p, "}").unwrap();
    p.exp_string("grundy> ").unwrap();
    say(&mut p, "grundy nim(3) + nim(5) + nim(7)").unwrap();
    p.exp_string("= 1").unwrap();
    // History is saved after every entry, not only on a clean exit.
    p.exp_string("grundy> ").unwrap();
    let saved =
        std::fs::read_to_string(home.join(".local/share/grundy/history")).unwrap_or_default();
    assert!(
        saved.contains("grundy nim(3) + nim(5) + nim(7)"),
        "history: {saved}"
    );
    // A typo: a diagnostic, and the session goes on.
    say(&mut p, "grundy nimm(2)").unwrap();
    p.exp_string("did you mean `nim`?").unwrap();
    p.exp_string("grundy> ").unwrap();
    // Ctrl-C interrupts a long computation.
    say(
        &mut p,
        "game m(h: list) { move h with [i] = a for i in 0..len(h), a in 0..h[i] }",
    )
    .unwrap();
    p.exp_string("grundy> ").unwrap();
    say(&mut p, "grundy m([40, 40, 40, 40])").unwrap();
    // Let the computation start (the line editor has left raw mode) before Ctrl-C.
    std::thread::sleep(Duration::from_millis(1500));
    p.send_control('c').unwrap();
    p.exp_string("interrupted").unwrap();
    p.exp_string("grundy> ").unwrap();
    say(&mut p, "grundy nim(4)").unwrap();
    p.exp_string("= 4").unwrap();
    // Inside `play`, Ctrl-C and Ctrl-D end the game and the session goes on.
    for key in ['c', 'd'] {
        p.exp_string("grundy> ").unwrap();
        say(&mut p, "play nim(3) + nim(5)").unwrap();
        p.exp_string("play> ").unwrap();
        std::thread::sleep(Duration::from_millis(200));
        p.send_control(key).unwrap();
        p.exp_string("game stopped").unwrap();
    }
    p.exp_string("grundy> ").unwrap();
    say(&mut p, "grundy nim(2)").unwrap();
    p.exp_string("= 2").unwrap();
    // Ctrl-D at an empty prompt leaves.
    p.exp_string("grundy> ").unwrap();
    std::thread::sleep(Duration::from_millis(200));
    p.send_control('d').unwrap();
    p.exp_eof().unwrap();
    assert!(
        home.join(".local/share/grundy/history").exists(),
        "history is saved"
    );
    let _ = std::fs::remove_dir_all(home);
}

#[test]
fn a_long_loop_inside_one_rule_can_be_interrupted() {
    let mut s = Session::default();
    // `k * k == 0` is checked per iteration by a compiled kernel; `[k] == [0]` only
    // the general evaluator can run. Both loop 10^12 times unless interrupted.
    for condition in ["k * k == 0", "[k] == [0]"] {
        ok(&mut s, &format!("game g(n: nat) {{ move n - 1 for k in 0..1000000000000 where {condition} and n > 0 }}"));
        let flag = s.cancel_flag();
        let stopper = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            flag.store(true, Ordering::Relaxed);
        });
        let r = s.eval("grundy g(1)");
        stopper.join().unwrap();
        assert!(
            r.error && r.text.contains("interrupted"),
            "{condition}: {}",
            r.text
        );
        assert_eq!(ok(&mut s, "print 1 + 1"), "2");
    }
}

#[test]
fn load_prints_one_summary_line() {
    let path = std::env::temp_dir().join(format!("grundy-load-{}.game", std::process::id()));
    std::fs::write(
        &path,
        format!("{NIM}\nassert grundy nim(3) == 3\nassert grundy nim(4) == 4\ngrundy nim(5)\n"),
    )
    .unwrap();
    let mut s = Session::default();
    let text = ok(&mut s, &format!(":load {}", path.display()));
    assert!(!text.contains("assertion holds"), "{text}");
    assert!(text.contains("grundy nim(5) = 5"), "{text}");
    assert!(text.ends_with("4 statements, 2 asserts passed"), "{text}");
    let _ = std::fs::remove_file(path);
}

/// The real binary in a pseudo-terminal, with a fresh home (no history) and no colour.
fn pty(tag: &str, args: &[&str]) -> (rexpect::session::PtySession, std::path::PathBuf) {
    let home = std::env::temp_dir().join(format!("grundy-pty-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.args(args)
        .env("HOME", &home)
        .env("NO_COLOR", "1")
        .env_remove("XDG_DATA_HOME");
    let p = rexpect::session::spawn_command(cmd, Some(30_000)).expect("spawn grundy in a pty");
    (p, home)
}

#[test]
fn lines_typed_during_a_computation_and_pastes_all_run_in_order() {
    let (mut p, home) = pty("typeahead", &[]);
    p.exp_string("grundy> ").unwrap();
    std::thread::sleep(Duration::from_millis(150));
    p.send_line("game m(h: list) { move h with [i] = a for i in 0..len(h), a in 0..h[i] }")
        .unwrap();
    p.exp_string("grundy> ").unwrap();
    std::thread::sleep(Duration::from_millis(150));
    // A computation of a second or two; meanwhile three entries are typed (the
    // terminal holds them), one of them over two lines.
    // The first follows the query at once, before the editor has left raw mode.
    p.send("grundy m([30, 30, 30])\rprint 100 + 1\r").unwrap();
    p.flush().unwrap();
    std::thread::sleep(Duration::from_millis(300));
    p.send_line("let w = 200 +").unwrap();
    p.send_line("  2").unwrap();
    p.send_line("print w").unwrap();
    p.exp_string("grundy m([30, 30, 30]) = 30").unwrap();
    p.exp_string("101").unwrap();
    p.exp_string("202").unwrap();
    p.exp_string("grundy> ").unwrap();
    // A paste in one write, lines separated by carriage returns as a terminal
    // without bracketed paste sends them: every line runs, in order, and an
    // unfinished definition continues on the pasted lines that follow.
    std::thread::sleep(Duration::from_millis(150));
    p.send("print 300 + 3\rgame q(n: nat) {\r  move n - 1 where n > 0\r}\rgrundy q(5) + *4\rprint 400 + 4\r")
        .unwrap();
    p.flush().unwrap();
    p.exp_string("303").unwrap();
    p.exp_string("grundy q(5) + *4 = 5").unwrap();
    p.exp_string("404").unwrap();
    p.exp_string("grundy> ").unwrap();
    // Ctrl-C interrupts the computation running, and what was typed meanwhile
    // still runs (the terminal would discard it by itself).
    std::thread::sleep(Duration::from_millis(150));
    p.send_line("grundy m([40, 40, 40, 40])").unwrap();
    std::thread::sleep(Duration::from_millis(500));
    p.send_line("print 500 + 5").unwrap();
    std::thread::sleep(Duration::from_millis(200));
    p.send_control('c').unwrap();
    p.exp_string("interrupted").unwrap();
    p.exp_string("505").unwrap();
    p.exp_string("grundy> ").unwrap();
    std::thread::sleep(Duration::from_millis(150));
    p.send_control('d').unwrap();
    p.exp_eof().unwrap();
    let _ = std::fs::remove_dir_all(home);
}

/// A stand-in session for the supervisor: `def X` defines X, `list` shows the
/// definitions, `spin` computes until Ctrl-C, `stall` ignores Ctrl-C (as code
/// that never checks its budget would), `two statements` swallows a Ctrl-C
/// between them, `panic` is a bug.
mod stand_in {
    use grundy::repl::Response;
    use grundy::repl::{Evaluator, Factory, Status};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    pub struct Fake {
        pub cancel: Arc<AtomicBool>,
        pub defs: Vec<String>,
        pub release: Arc<AtomicBool>,
    }

    impl Evaluator for Fake {
        fn eval(&mut self, entry: &str) -> Response {
            self.cancel.store(false, Ordering::Relaxed);
            if let Some(name) = entry.strip_prefix("def ") {
                self.defs.push(name.to_string());
                return Response {
                    record: Some(entry.to_string()),
                    ..Response::text(format!("defined {name}"))
                };
            }
            match entry {
                "list" => Response::text(self.defs.join(",")),
                "clear" => {
                    self.defs.clear();
                    Response {
                        cleared: true,
                        ..Response::text("cleared")
                    }
                }
                "spin" => loop {
                    if self.cancel.load(Ordering::Relaxed) {
                        return Response::error("interrupted");
                    }
                    std::thread::sleep(Duration::from_millis(1));
                },
                "two statements" => {
                    // A first statement deaf for 300 ms; the second one starts
                    // by clearing the flag, as every statement does, and heeds it.
                    std::thread::sleep(Duration::from_millis(300));
                    self.cancel.store(false, Ordering::Relaxed);
                    loop {
                        if self.cancel.load(Ordering::Relaxed) {
                            return Response::error("interrupted");
                        }
                        std::thread::sleep(Duration::from_millis(1));
                    }
                }
                "stall" => {
                    let start = Instant::now();
                    while start.elapsed() < Duration::from_secs(30)
                        && !self.release.load(Ordering::Relaxed)
                    {
                        std::thread::sleep(Duration::from_millis(5));
                    }
                    Response::text("stalled to the end")
                }
                "panic" => panic!("a bug in the stand-in"),
                _ => Response::error(format!("unknown entry {entry}")),
            }
        }

        fn restore(&mut self, journal: &[String]) -> Response {
            for entry in journal {
                self.eval(entry);
            }
            Response::default()
        }

        fn status(&self) -> Status {
            Status {
                names: self.defs.clone(),
                ..Status::default()
            }
        }
    }

    /// A factory of stand-ins, and the flag that lets stalled ones finish.
    pub fn factory() -> (Arc<Factory>, Arc<AtomicBool>) {
        let release = Arc::new(AtomicBool::new(false));
        let r = release.clone();
        let factory: Arc<Factory> = Arc::new(move |cancel| {
            Box::new(Fake {
                cancel,
                defs: Vec::new(),
                release: r.clone(),
            }) as Box<dyn Evaluator>
        });
        (factory, release)
    }
}

/// Presses Ctrl-C after each delay (measured from the start).
fn press_at(
    interrupts: &std::sync::Arc<grundy::repl::Interrupts>,
    at_ms: &[u64],
) -> std::thread::JoinHandle<()> {
    let interrupts = interrupts.clone();
    let at: Vec<u64> = at_ms.to_vec();
    std::thread::spawn(move || {
        let start = std::time::Instant::now();
        for ms in at {
            let due = Duration::from_millis(ms);
            if let Some(wait) = due.checked_sub(start.elapsed()) {
                std::thread::sleep(wait);
            }
            interrupts.press();
        }
    })
}

#[test]
fn a_computation_that_heeds_ctrl_c_stops_at_the_first_press() {
    use grundy::repl::{Interrupts, Supervisor};
    let (factory, _release) = stand_in::factory();
    let interrupts = std::sync::Arc::new(Interrupts::default());
    let mut s = Supervisor::new(factory, interrupts.clone()).unwrap();
    let mut notes: Vec<String> = Vec::new();
    let mut note = |n: &str| notes.push(n.to_string());
    assert_eq!(s.eval("def a", &mut note).text, "defined a");
    let presser = press_at(&interrupts, &[100]);
    let start = std::time::Instant::now();
    let r = s.eval("spin", &mut note);
    presser.join().unwrap();
    assert!(r.error && r.text == "interrupted", "{}", r.text);
    assert!(start.elapsed() < Duration::from_millis(900));
    assert_eq!(s.eval("list", &mut note).text, "a");
    assert!(notes.is_empty(), "{notes:?}");
}

#[test]
fn a_second_ctrl_c_abandons_a_computation_that_does_not_stop() {
    use grundy::repl::{Interrupts, Supervisor, GRACE};
    let (factory, release) = stand_in::factory();
    let interrupts = std::sync::Arc::new(Interrupts::default());
    let mut s = Supervisor::new(factory, interrupts.clone()).unwrap();
    let mut notes: Vec<String> = Vec::new();
    let mut note = |n: &str| notes.push(n.to_string());
    s.eval("def gone", &mut note);
    s.eval("clear", &mut note);
    s.eval("def a", &mut note);
    s.eval("def b", &mut note);
    assert_eq!(s.journal_len(), 2, "`clear` empties the journal");
    // The second press comes too soon to count (a double tap); the third, more
    // than a second after the first, abandons the stalled computation.
    let presser = press_at(&interrupts, &[100, 300, 1700]);
    let start = std::time::Instant::now();
    let r = s.eval("stall", &mut note);
    let took = start.elapsed();
    presser.join().unwrap();
    assert!(
        r.error && r.text.contains("grundy::abandoned"),
        "{}",
        r.text
    );
    assert!(r.text.contains("help: this entry is undone"), "{}", r.text);
    assert!(
        took >= Duration::from_millis(1600) && took < Duration::from_secs(10),
        "{took:?}"
    );
    assert!(took >= GRACE);
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(notes[0].contains("press Ctrl-C again"), "{notes:?}");
    // The definitions made before are there, in order; the session goes on.
    assert_eq!(s.status().names, ["a", "b"]);
    assert_eq!(s.eval("list", &mut |_| {}).text, "a,b");
    s.eval("def c", &mut |_| {});
    assert_eq!(s.eval("list", &mut |_| {}).text, "a,b,c");
    // Ctrl-C still reaches the fresh worker.
    let presser = press_at(&interrupts, &[100]);
    assert_eq!(s.eval("spin", &mut |_| {}).text, "interrupted");
    presser.join().unwrap();
    release.store(true, std::sync::atomic::Ordering::Relaxed);
}

#[test]
fn a_ctrl_c_swallowed_between_statements_does_not_make_the_next_one_abandon() {
    use grundy::repl::{Interrupts, Supervisor};
    let (factory, _release) = stand_in::factory();
    let interrupts = std::sync::Arc::new(Interrupts::default());
    let mut s = Supervisor::new(factory, interrupts.clone()).unwrap();
    let mut notes: Vec<String> = Vec::new();
    // The first press is cleared when the second statement starts; the next,
    // more than a second later, is a first request again and interrupts.
    let presser = press_at(&interrupts, &[100, 1500]);
    let r = s.eval("two statements", &mut |n| notes.push(n.to_string()));
    presser.join().unwrap();
    assert_eq!(r.text, "interrupted");
    assert!(notes.is_empty(), "{notes:?}");
}

#[test]
fn a_bug_in_the_session_is_reported_and_the_definitions_survive() {
    use grundy::repl::{Interrupts, Supervisor};
    let (factory, _release) = stand_in::factory();
    let interrupts = std::sync::Arc::new(Interrupts::default());
    let mut s = Supervisor::new(factory, interrupts).unwrap();
    s.eval("def a", &mut |_| {});
    let r = s.eval("panic", &mut |_| {});
    assert!(
        r.error && r.text.contains("internal failure") && r.text.contains("this is a bug"),
        "{}",
        r.text
    );
    assert_eq!(s.eval("list", &mut |_| {}).text, "a");
}

#[test]
fn a_session_restores_its_definitions_from_what_its_entries_recorded() {
    let mut s = Session::default();
    let path = std::env::temp_dir().join(format!("grundy-restore-{}.game", std::process::id()));
    std::fs::write(&path, "game twice(n: nat) { move n - 2 where n >= 2 }\n").unwrap();
    let entries = [
        NIM.to_string(),
        "let k = 3\ngrundy nim(k)".to_string(),
        "grundy nim(5)".to_string(),
        "board b = 3 x 3".to_string(),
        format!(":load {}", path.display()),
        "game nim(n: nat) { move n - 1 where n > 0 }".to_string(),
    ];
    let mut journal = Vec::new();
    for e in &entries {
        let r = s.eval(e);
        assert!(!r.error, "{e}: {}", r.text);
        journal.extend(r.record);
    }
    assert_eq!(
        journal.len(),
        5,
        "the query alone records nothing: {journal:?}"
    );
    let mut fresh = Session::default();
    let r = fresh.restore(&journal);
    assert!(!r.error && r.text.is_empty(), "{}", r.text);
    // The last definition of nim wins; the constant and the loaded game are back.
    assert_eq!(ok(&mut fresh, "grundy nim(k)"), "grundy nim(k) = 1");
    assert_eq!(ok(&mut fresh, "grundy twice(5)"), "grundy twice(5) = 0");
    assert!(ok(&mut fresh, ":games").contains("game twice(n: nat)"));
    let _ = std::fs::remove_file(path);
}

#[test]
fn a_real_computation_deaf_to_ctrl_c_is_abandoned_by_a_second_one() {
    use rexpect::ReadUntil;
    let (mut p, home) = pty("abandon", &[]);
    p.exp_string("grundy> ").unwrap();
    std::thread::sleep(Duration::from_millis(150));
    p.send_line(NIM).unwrap();
    p.exp_string("grundy> ").unwrap();
    std::thread::sleep(Duration::from_millis(150));
    p.send_line("let L = [x for x in 0..100000]").unwrap();
    p.exp_string("grundy> ").unwrap();
    std::thread::sleep(Duration::from_millis(150));
    // `set` over 20000 copies of a long list is one built-in call that checks no
    // budget while it hashes: many seconds deaf to Ctrl-C (as measured when
    // this test was written; if built-ins learn to stop, the first Ctrl-C wins).
    p.send_line("print len(set([L for i in 0..20000]))")
        .unwrap();
    std::thread::sleep(Duration::from_millis(700));
    p.send_line("print 600 + 6").unwrap();
    std::thread::sleep(Duration::from_millis(100));
    p.send_control('c').unwrap();
    let (_, which) = p
        .exp_any(vec![
            ReadUntil::String("press Ctrl-C again".into()),
            ReadUntil::String("interrupted".into()),
        ])
        .unwrap();
    eprintln!("after the first Ctrl-C: {which:?}");
    if which.contains("press Ctrl-C again") {
        p.send_control('c').unwrap();
        p.exp_string("grundy::abandoned").unwrap();
        p.exp_string("this entry is undone").unwrap();
    }
    // What was typed meanwhile runs, and the definitions are all there.
    p.exp_string("606").unwrap();
    p.exp_string("grundy> ").unwrap();
    std::thread::sleep(Duration::from_millis(150));
    p.send_line("grundy nim(len(L) % 7)").unwrap();
    p.exp_string("= 5").unwrap();
    p.exp_string("grundy> ").unwrap();
    std::thread::sleep(Duration::from_millis(150));
    p.send_control('d').unwrap();
    p.exp_eof().unwrap();
    let _ = std::fs::remove_dir_all(home);
}

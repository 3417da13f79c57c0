//! The REPL in a real pseudo-terminal, for every kind of long computation:
//! the Grundy search, a partizan canonical form, a loopy game's retrograde
//! analysis, a misère outcome and a genus, a misère quotient, and a plain
//! evaluator loop. Each is stopped by Ctrl-C while it runs, the prompt comes
//! back, and the session keeps its definitions and answers; then `:save`
//! writes them and a fresh session `:load`s them back to the same answers.
//!
//! The values asserted are theorems: a heap of Nim has its size as value and
//! a sum the XOR of the sizes (Bouton); subtraction {1, 2} has value n mod 3.

use crate::pty::expect;
use rexpect::session::{Options, PtySession};
use std::time::{Duration, Instant};

/// A session in a pseudo-terminal, at its first prompt.
fn session(home: &std::path::Path) -> PtySession {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.env("HOME", home)
        .env("NO_COLOR", "1")
        .env_remove("XDG_DATA_HOME");
    let options = Options::new()
        .timeout_ms(Some(2_000))
        .strip_ansi_escape_codes(true);
    let mut p = rexpect::spawn_with_options(cmd, options).expect("spawn grundy in a pty");
    expect(&mut p, "grundy> ", Duration::from_secs(30)).unwrap();
    std::thread::sleep(Duration::from_millis(150));
    p
}

/// Types one line and waits for `answer`, then for the next prompt.
fn ask(p: &mut PtySession, line: &str, answer: &str) {
    p.send(&format!("{line}\r")).unwrap();
    p.flush().unwrap();
    expect(p, answer, Duration::from_secs(60)).unwrap_or_else(|e| panic!("{line}: {e}"));
    expect(p, "grundy> ", Duration::from_secs(60)).unwrap_or_else(|e| panic!("{line}: {e}"));
    std::thread::sleep(Duration::from_millis(100));
}

const DEFINITIONS: &[&str] = &[
    "game nim(n: nat) { move n - k for k in 1..=n }",
    "game s2(n: nat) { move n - k for k in {1, 2} where k <= n }",
    "game spin(n: nat) { move n - 1 for k in 0..1000000000000 where k * k == 0 and n > 0 }",
    "game sp(n: nat) { move sp(a) + sp(n - a) for a in 1..n where a < n - a }",
    "game big(n: nat) { move n - k for k in 1..=2000 where k <= n }",
    "partizan game ph(n: nat) { left ph(a) + ph(n - a) for a in 1..n; right ph(n - 1) where n > 0 }",
    "game bus(h: list) { move h with [i] = h[i] - j for i in 0..len(h), j in 1..=h[i]; move h with [i] = h[i] - j, [k] = h[k] + j for i in 0..len(h), k in 0..len(h), j in 1..=h[i] where k != i }",
];

/// Computations that each run for many seconds on this kind of machine (a
/// `--timeout 4` ends every one of them), one per engine.
const LONG: &[&str] = &[
    "grundy spin(1)",
    "canonical ph(4000)",
    "outcome bus([3, 3, 3, 3, 3, 3])",
    "outcome misere sp(300) + sp(301)",
    "genus sp(3000)",
    "quotient big up to 3000",
    "print len([0 for k in 0..4000000000 where k < 0])",
];

#[test]
fn ctrl_c_stops_every_kind_of_long_computation_and_save_load_round_trips() {
    let home = std::env::temp_dir().join(format!("grundy-interrupts-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    let mut p = session(&home);
    for d in DEFINITIONS {
        p.send(&format!("{d}\r")).unwrap();
        p.flush().unwrap();
        expect(&mut p, "grundy> ", Duration::from_secs(30)).unwrap();
        std::thread::sleep(Duration::from_millis(100));
    }
    for (i, long) in LONG.iter().enumerate() {
        p.send(&format!("{long}\r")).unwrap();
        p.flush().unwrap();
        std::thread::sleep(Duration::from_millis(1500));
        let sent = Instant::now();
        p.send_control('c').unwrap();
        // On a loaded machine the computation may not have started: the
        // Ctrl-C then only clears the line, so press again.
        if expect(&mut p, "interrupted", Duration::from_secs(5)).is_err() {
            p.send_control('c').unwrap();
            expect(&mut p, "interrupted", Duration::from_secs(30))
                .unwrap_or_else(|e| panic!("{long}: {e}"));
        }
        assert!(
            sent.elapsed() < Duration::from_secs(30),
            "{long}: stopped {:?} after Ctrl-C",
            sent.elapsed()
        );
        expect(&mut p, "grundy> ", Duration::from_secs(30))
            .unwrap_or_else(|e| panic!("{long}: {e}"));
        std::thread::sleep(Duration::from_millis(150));
        // The session goes on, its definitions intact (Bouton: 5 XOR i).
        ask(
            &mut p,
            &format!("grundy nim(5) + nim({i})"),
            &format!("= {}", 5 ^ i),
        );
    }
    let saved = home.join("session.game");
    ask(
        &mut p,
        &format!(":save {}", saved.display()),
        "saved 7 definitions",
    );
    p.send(":quit\r").unwrap();
    p.flush().unwrap();
    p.exp_eof().unwrap();

    let mut fresh = session(&home);
    ask(
        &mut fresh,
        &format!(":load {}", saved.display()),
        "grundy> ",
    );
    ask(&mut fresh, "grundy s2(10) + nim(6)", "= 7"); // 10 mod 3 = 1, 1 XOR 6 = 7
    ask(&mut fresh, "grundy nim(12) + nim(9)", "= 5");
    ask(&mut fresh, "outcome bus([2, 2])", "= P"); // two equal heaps (examples/autobus.game)
    fresh.send(":quit\r").unwrap();
    fresh.flush().unwrap();
    fresh.exp_eof().unwrap();
    let _ = std::fs::remove_dir_all(home);
}

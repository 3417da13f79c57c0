//! A soak test of the REPL through a real pseudo-terminal: a few hundred
//! entries (answers, errors of every stage, position limits under a small
//! `--max-positions`, definitions over several lines), sent as pastes of twenty
//! lines in one write, with Ctrl-C during long computations while more entries
//! are typed. Every entry must get its answer or its diagnostic, in order, and
//! the session must last to the end.

use crate::pty::expect;
use rexpect::session::{Options, PtySession};
use std::time::Duration;

/// One entry: its lines, and what its output must show, in order. Each entry
/// shows something no other entry shows (its number is in it), so an answer
/// missing or out of order cannot be matched by another one.
struct Entry {
    lines: Vec<String>,
    expect: Vec<String>,
}

/// A small reproducible generator.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

/// Builds entries; `counted` is the session's count of program entries (the
/// `N` of `<repl:N>` in diagnostics), `id` makes every entry unique.
struct Script {
    rng: Rng,
    id: u64,
    counted: u64,
    /// Games defined so far with the modulus of their values: g(x) = x mod m.
    games: Vec<(String, u64)>,
    /// Constants defined so far with their values.
    consts: Vec<(String, u64)>,
}

impl Script {
    fn entry(&mut self, lines: Vec<String>, expect: Vec<String>, program: bool) -> Entry {
        if program {
            self.counted += 1;
        }
        Entry { lines, expect }
    }

    /// A diagnostic of the next program entry: its message, then its source
    /// name `<repl:N>`.
    fn diagnostic(&self, first: &str) -> Vec<String> {
        vec![first.to_string(), format!("[<repl:{}>:", self.counted + 1)]
    }

    fn next(&mut self) -> Entry {
        self.id += 1;
        let i = self.id;
        match self.rng.below(20) {
            0..=3 => {
                let a = self.rng.below(30);
                self.entry(
                    vec![format!("grundy nim({a}) + *{i}")],
                    vec![format!("grundy nim({a}) + *{i} = {}", a ^ i)],
                    true,
                )
            }
            4 => self.entry(
                vec![format!("print \"<\" ++ \"{i}\" ++ \">\"")],
                vec![format!("\"<{i}>\"")],
                true,
            ),
            5 => {
                let s = 1 + self.rng.below(3);
                self.games.push((format!("g{i}"), s + 1));
                self.entry(
                    vec![format!(
                        "game g{i}(n: nat) {{ move n - k for k in 1..=min(n, {s}) }}"
                    )],
                    vec![],
                    true,
                )
            }
            6 => {
                // A definition over three lines: the editor asks for the rest.
                self.games.push((format!("h{i}"), 2));
                self.entry(
                    vec![
                        format!("game h{i}(n: nat) {{"),
                        "  move n - 1 where n > 0".to_string(),
                        "}".to_string(),
                    ],
                    vec![],
                    true,
                )
            }
            7 => {
                self.consts.push((format!("c{i}"), 3 * i));
                self.entry(vec![format!("let c{i} = {i} * 3")], vec![], true)
            }
            8..=9 if !self.games.is_empty() => {
                let (name, m) =
                    self.games[self.rng.below(self.games.len() as u64) as usize].clone();
                let x = self.rng.below(40);
                self.entry(
                    vec![format!("grundy {name}({x}) + *{i}")],
                    vec![format!("grundy {name}({x}) + *{i} = {}", (x % m) ^ i)],
                    true,
                )
            }
            10 if !self.consts.is_empty() => {
                let (name, v) =
                    self.consts[self.rng.below(self.consts.len() as u64) as usize].clone();
                self.entry(
                    vec![format!("grundy nim({name}) + *{i}")],
                    vec![format!("grundy nim({name}) + *{i} = {}", v ^ i)],
                    true,
                )
            }
            11 => {
                let expect = self.diagnostic("unknown name `nimm`");
                self.entry(vec![format!("grundy nimm({i})")], expect, true)
            }
            12 => {
                let expect = self.diagnostic("grundy::syntax");
                self.entry(vec![format!("grundy nim({i}))")], expect, true)
            }
            13 => {
                let expect = self.diagnostic(&format!("declared `nat`, but got -{i}"));
                self.entry(vec![format!("grundy nim(-{i})")], expect, true)
            }
            14 => self.entry(
                vec![format!(":nope{i}")],
                vec![format!("unknown command `:nope{i}`")],
                false,
            ),
            15 => self.entry(
                vec![format!("assert grundy nim(3) == {}", 1000 + i)],
                vec![format!("expected {}, got 3", 1000 + i)],
                true,
            ),
            16..=17 => {
                // More positions than --max-positions allows.
                let expect = self.diagnostic("the position limit (--max-positions) was reached");
                self.entry(vec![format!("grundy m([9, 9, 9, 9]) + *{i}")], expect, true)
            }
            _ => {
                let a = self.rng.below(50);
                self.entry(
                    vec![format!("assert grundy nim({a}) + *{i} == {}", a ^ i)],
                    vec!["assertion holds".to_string()],
                    true,
                )
            }
        }
    }

    /// A computation that runs until Ctrl-C (it ticks its budget).
    fn long(&mut self) -> Entry {
        self.id += 1;
        let expect = self.diagnostic("interrupted");
        self.entry(vec![format!("grundy spin(1) + *{}", self.id)], expect, true)
    }
}

fn expect_all(p: &mut PtySession, entries: &[Entry], from: usize) {
    for (k, e) in entries.iter().enumerate() {
        for needle in &e.expect {
            if let Err(why) = expect(p, needle, Duration::from_secs(60)) {
                panic!("entry {} ({:?}): {why}", from + k, e.lines);
            }
        }
    }
}

/// Sends entries as one paste: every line, carriage returns between, one write.
fn paste(p: &mut PtySession, entries: &[Entry]) {
    let mut text = String::new();
    for e in entries {
        for line in &e.lines {
            text.push_str(line);
            text.push('\r');
        }
    }
    p.send(&text).unwrap();
    p.flush().unwrap();
}

#[test]
fn a_few_hundred_entries_all_answered_in_order() {
    let home = std::env::temp_dir().join(format!("grundy-soak-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.args(["--max-positions", "3000"])
        .env("HOME", &home)
        .env("NO_COLOR", "1")
        .env_remove("XDG_DATA_HOME");
    let options = Options::new()
        .timeout_ms(Some(2_000))
        .strip_ansi_escape_codes(true);
    let mut p = rexpect::spawn_with_options(cmd, options).expect("spawn grundy in a pty");
    expect(&mut p, "grundy> ", Duration::from_secs(30)).unwrap();
    std::thread::sleep(Duration::from_millis(150));

    let mut script = Script {
        rng: Rng(0x9e37_79b9_7f4a_7c15),
        id: 0,
        counted: 0,
        games: Vec::new(),
        consts: Vec::new(),
    };
    let setup = [
        "game nim(n: nat) { move n - k for k in 1..=n }",
        "game m(h: list) { move h with [i] = a for i in 0..len(h), a in 0..h[i] }",
        "game spin(n: nat) { move n - 1 for k in 0..1000000000000 where k * k == 0 and n > 0 }",
    ];
    let setup: Vec<Entry> = setup
        .iter()
        .map(|l| script.entry(vec![l.to_string()], vec![], true))
        .collect();
    paste(&mut p, &setup);

    let mut total = setup.len();
    let mut interrupted = 0;
    for round in 0..15 {
        // Twenty entries pasted in one write.
        let batch: Vec<Entry> = (0..20).map(|_| script.next()).collect();
        paste(&mut p, &batch);
        expect_all(&mut p, &batch, total);
        total += batch.len();
        if round % 5 == 4 {
            // A long computation; entries typed while it runs; then Ctrl-C.
            expect(&mut p, "grundy> ", Duration::from_secs(30)).unwrap();
            std::thread::sleep(Duration::from_millis(300));
            let long = script.long();
            paste(&mut p, std::slice::from_ref(&long));
            std::thread::sleep(Duration::from_millis(1000));
            let typed: Vec<Entry> = (0..8).map(|_| script.next()).collect();
            for e in &typed {
                paste(&mut p, std::slice::from_ref(e));
                std::thread::sleep(Duration::from_millis(20));
            }
            std::thread::sleep(Duration::from_millis(200));
            p.send_control('c').unwrap();
            // Should the computation not have started yet (a loaded machine),
            // the Ctrl-C was read as a key at a prompt, which only clears a
            // line: press again.
            if expect(&mut p, &long.expect[0], Duration::from_secs(5)).is_err() {
                p.send_control('c').unwrap();
                expect(&mut p, &long.expect[0], Duration::from_secs(30)).unwrap();
            }
            expect(&mut p, &long.expect[1], Duration::from_secs(30)).unwrap();
            expect_all(&mut p, &typed, total + 1);
            total += 1 + typed.len();
            interrupted += 1;
        }
    }
    assert!(total >= 300, "{total} entries");
    assert_eq!(interrupted, 3);

    // A game of `play` to the end, and the session is still a session.
    std::thread::sleep(Duration::from_millis(150));
    p.send("play nim(3)\r").unwrap();
    p.flush().unwrap();
    expect(&mut p, "you can win", Duration::from_secs(30)).unwrap();
    expect(&mut p, "play> ", Duration::from_secs(30)).unwrap();
    std::thread::sleep(Duration::from_millis(150));
    p.send("nim(0)\r").unwrap();
    p.flush().unwrap();
    expect(&mut p, "you win", Duration::from_secs(30)).unwrap();
    expect(&mut p, "grundy> ", Duration::from_secs(30)).unwrap();
    std::thread::sleep(Duration::from_millis(150));
    p.send("print \"<\" ++ \"the end\" ++ \">\"\r").unwrap();
    p.flush().unwrap();
    expect(&mut p, "\"<the end>\"", Duration::from_secs(30)).unwrap();
    expect(&mut p, "grundy> ", Duration::from_secs(30)).unwrap();
    std::thread::sleep(Duration::from_millis(150));
    p.send(":quit\r").unwrap();
    p.flush().unwrap();
    p.exp_eof().unwrap();

    // Every entry is in the history, the last one included.
    let history =
        std::fs::read_to_string(home.join(".local/share/grundy/history")).unwrap_or_default();
    assert!(
        history.contains("print \"<\" ++ \"the end\" ++ \">\""),
        "{history}"
    );
    assert!(history.contains("grundy spin(1)"), "{history}");
    let _ = std::fs::remove_dir_all(home);
}

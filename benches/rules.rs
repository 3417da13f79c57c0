//! Rules against constructors (the rules issue): the same game written as
//! rules and as a constructor, timed side by side in one run, with a loop
//! written here by hand for the window games.
//!
//! `cargo bench --bench rules` prints three tables (medians of 3 runs, each on
//! a fresh engine, parsing included):
//! - every row of the issue's table, rules beside the constructor;
//! - Nim, halving Nim and all-but {2, 3} to 10^7 as rules, beside a
//!   hand-written window-mex loop computing every value (checksums compared);
//! - `sequence` of the solved octal codes whose Guy–Smith window is below 10^5
//!   heaps (tczajka/octal-games SolvedGames.md), constructor and rules.
//!
//! Set `BENCH_QUICK=1` for one run per row.

#![allow(
    clippy::indexing_slicing,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic
)]

use grundy::{Answer, Engine, Mode};
use std::time::Instant;

fn runs() -> usize {
    if std::env::var_os("BENCH_QUICK").is_some() {
        1
    } else {
        3
    }
}

/// Median seconds of running `program` on a fresh engine, parsing included;
/// median seconds of running its statements once parsed and checked (the
/// rules still compiled, recognised and checked at the first query); and its
/// last answer.
fn time(program: &str) -> (f64, f64, Answer) {
    let mut totals = Vec::new();
    let mut runs_only = Vec::new();
    let mut last = None;
    for _ in 0..runs() {
        let mut e = Engine::default();
        let t = Instant::now();
        let answers = e
            .run_program(program)
            .unwrap_or_else(|p| panic!("{program}\n{}", p.message));
        totals.push(t.elapsed().as_secs_f64());
        last = answers.into_iter().last();
        let mut e = Engine::default();
        let stmts = e
            .load(program, false)
            .unwrap_or_else(|_| panic!("{program}"));
        let t = Instant::now();
        for stmt in &stmts {
            e.run(stmt, Mode::Run)
                .unwrap_or_else(|p| panic!("{program}\n{}", p.message));
        }
        runs_only.push(t.elapsed().as_secs_f64());
    }
    (median(totals), median(runs_only), last.unwrap())
}

fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// The answer as the JSON value that matters (the value, or values and
/// regularity of a sequence), for comparing the two forms.
fn essence(a: &Answer) -> String {
    let e = Engine::default();
    let mut j = grundy::report::json(a, &e.namer());
    if let Some(o) = j.as_object_mut() {
        o.remove("expr");
        o.remove("game");
    }
    j.to_string()
}

const NIM: &str = "game nim(n: nat) { move n - k for k in 1..=n }\n";
const KAYLES: &str = "game kayles(n: nat) { move kayles(a) + kayles(n - k - a) for k in 1..=2, a in 0..=n-k where a <= n - k - a }\n";
const DAWSON: &str =
    "game dawson(n: nat) { move dawson(a) + dawson(n - 2 - a) for a in 0..=n - 2 where a <= n - 2 - a }\n";

/// Rules making the moves of an octal code `0.d1d2…`, a rule per bit.
fn octal_rules(digits: &[u8]) -> String {
    let mut rules = Vec::new();
    for (i, &d) in digits.iter().enumerate() {
        let k = i + 1;
        match d & 3 {
            1 => rules.push(format!("move *0 where n == {k}")),
            2 => rules.push(format!("move n - {k} where n > {k}")),
            3 => rules.push(format!("move n - {k} where n >= {k}")),
            _ => {}
        }
        if d & 4 != 0 {
            rules.push(format!(
                "move o(a) + o(n - {k} - a) for a in 1..n - {k} where a <= n - {k} - a"
            ));
        }
    }
    format!("game o(n: nat) {{\n {}\n}}\n", rules.join("\n "))
}

fn row(name: &str, ctor: Option<&str>, rules: &str) {
    let (tr, rr, ar) = time(rules);
    match ctor {
        Some(c) => {
            let (tc, rc, ac) = time(c);
            let same = essence(&ar) == essence(&ac);
            println!(
                "| {name} | {:.3} | {:.3} | {:.2} | {:.3} | {:.3} | {:.2} | {} |",
                tc * 1e3,
                tr * 1e3,
                tr / tc.max(1e-9),
                rc * 1e3,
                rr * 1e3,
                rr / rc.max(1e-9),
                if same { "yes" } else { "NO" }
            );
            assert!(same, "{name}: {}\n{}", essence(&ar), essence(&ac));
        }
        None => println!(
            "| {name} | — | {:.3} | — | — | {:.3} | — | — |",
            tr * 1e3,
            rr * 1e3
        ),
    }
}

fn table_of_the_issue() {
    println!("Whole program (parse, check, run), then its statements once parsed and checked:\n");
    println!("| the same game | constructor ms | rules ms | rules / constructor | constructor, parsed ms | rules, parsed ms | rules / constructor, parsed | same answer |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    row(
        "Nim, `grundy nim(1000000)`",
        Some("game nim = allbut {}\ngrundy nim(1000000)"),
        &format!("{NIM}grundy nim(1000000)"),
    );
    row(
        "Nim, heap 10^12, normal",
        Some("game nim = allbut {}\ngrundy nim(1000000000000)"),
        &format!("{NIM}grundy nim(1000000000000)"),
    );
    let misere = "outcome misere nim(1000000000000) + nim(2000000000000) + nim(3000000000000)";
    row(
        "Nim, heaps near 10^12, misère",
        Some(&format!("game nim = allbut {{}}\n{misere}")),
        &format!("{NIM}{misere}"),
    );
    row(
        "`subtraction {1, 2, 3}`, heap 10^12",
        Some("game s = subtraction {1, 2, 3}\ngrundy s(1000000000000)"),
        "game s(n: nat) { move n - k for k in {1, 2, 3} where k <= n }\ngrundy s(1000000000000)",
    );
    row(
        "Kayles, heap 10^12",
        Some("game kayles = octal \"0.77\"\ngrundy kayles(1000000000000)"),
        &format!("{KAYLES}grundy kayles(1000000000000)"),
    );
    row(
        "Kayles, heap 10^12 after `sequence`",
        Some("game kayles = octal \"0.77\"\nsequence kayles 0..=100\ngrundy kayles(1000000000000)"),
        &format!("{KAYLES}sequence kayles 0..=100\ngrundy kayles(1000000000000)"),
    );
    row(
        "Dawson's Kayles, `sequence 0..=100` (proven)",
        Some("game dawson = octal \"0.07\"\nsequence dawson 0..=100"),
        &format!("{DAWSON}sequence dawson 0..=100"),
    );
    let ab = "game ab(n: nat) { move n - k for k in 1..=n where k not in {2, 3} }\n";
    row(
        "all-but {2, 3}, `sequence 0..=100` (proven)",
        Some("game ab = allbut {2, 3}\nsequence ab 0..=100"),
        &format!("{ab}sequence ab 0..=100"),
    );
    row(
        "all-but {2, 3}, `grundy ab(100000)`",
        Some("game ab = allbut {2, 3}\ngrundy ab(100000)"),
        &format!("{ab}grundy ab(100000)"),
    );
    row(
        "halving Nim, heap 10^6",
        None,
        "game h(n: nat) { move n - k for k in 1..=n / 2 }\ngrundy h(1000000)",
    );
    row(
        "`octal \"0.156\"`, `sequence` and heap 10^9",
        Some("game o = octal \"0.156\"\nsequence o 0..=10\ngrundy o(1000000000)"),
        &format!(
            "{}sequence o 0..=10\ngrundy o(1000000000)",
            octal_rules(&[1, 5, 6])
        ),
    );
}

// ----------------------------------------------------------------- by hand

/// Window mex by hand: heap n's options are heaps lo(n)..=hi(n) (both never
/// decreasing) plus `extra(n)`; a bitset of absent values with three summary
/// levels (a word, 64 words, 4096 words), and `last[v]`, the last heap entered
/// with value v. Nothing is allocated per heap.
fn hand_window(
    len: usize,
    lo: impl Fn(usize) -> usize,
    hi: impl Fn(usize) -> Option<usize>,
    extras: impl Fn(usize, &mut Vec<usize>),
) -> Vec<u32> {
    let mut absent = Absent::new(len + 64);
    let mut last = vec![u32::MAX; len + 64];
    let mut g = vec![0u32; len];
    let (mut entered, mut left) = (0usize, 0usize);
    let (mut ex, mut vals) = (Vec::new(), Vec::new());
    for n in 0..len {
        if let Some(h) = hi(n) {
            while entered <= h {
                let v = g[entered] as usize;
                last[v] = entered as u32;
                absent.clear(v);
                entered += 1;
            }
            while left < lo(n) {
                let v = g[left] as usize;
                if last[v] == left as u32 {
                    absent.set(v);
                }
                left += 1;
            }
        }
        ex.clear();
        extras(n, &mut ex);
        vals.clear();
        vals.extend(ex.iter().map(|&h| g[h]));
        // The first absent value not among the extras.
        let mut from = 0usize;
        let v = loop {
            let v = absent.first_from(from);
            if !vals.contains(&(v as u32)) {
                break v;
            }
            from = v + 1;
        };
        g[n] = v as u32;
    }
    g
}

/// A bitset with a summary bit per non-empty word at each level above.
struct Absent {
    levels: Vec<Vec<u64>>,
}

impl Absent {
    /// Every value below `len` absent.
    fn new(len: usize) -> Absent {
        let mut levels = Vec::new();
        let mut n = len;
        loop {
            let words = n.div_ceil(64).max(1);
            let mut level = vec![u64::MAX; words];
            if n % 64 != 0 {
                level[words - 1] = (1u64 << (n % 64)) - 1;
            }
            levels.push(level);
            if words == 1 {
                break;
            }
            n = words;
        }
        Absent { levels }
    }

    fn clear(&mut self, mut v: usize) {
        for level in &mut self.levels {
            level[v / 64] &= !(1 << (v % 64));
            if level[v / 64] != 0 {
                return;
            }
            v /= 64;
        }
    }

    fn set(&mut self, mut v: usize) {
        for level in &mut self.levels {
            let was = level[v / 64];
            level[v / 64] |= 1 << (v % 64);
            if was != 0 {
                return;
            }
            v /= 64;
        }
    }

    /// The first absent value at or after `from` (there always is one).
    fn first_from(&self, from: usize) -> usize {
        // Climb until a word holds a set bit at or after the position.
        let mut at = from;
        let mut depth = 0;
        loop {
            let level = &self.levels[depth];
            let w = at / 64;
            let word = level.get(w).map_or(0, |&x| x & (u64::MAX << (at % 64)));
            if word != 0 {
                at = w * 64 + word.trailing_zeros() as usize;
                break;
            }
            depth += 1;
            at = w + 1;
        }
        // Descend to the first set bit below.
        while depth > 0 {
            depth -= 1;
            let word = self.levels[depth][at];
            at = at * 64 + word.trailing_zeros() as usize;
        }
        at
    }
}

fn checksum(values: impl Iterator<Item = u64>) -> u64 {
    values.enumerate().fold(0u64, |h, (i, v)| {
        h.wrapping_mul(1_000_003).wrapping_add(v ^ (i as u64))
    })
}

/// grundy's values of heaps 0..len by `sequence`, and the seconds it took.
fn grundy_values(program: &str, game: &str, len: usize) -> (f64, u64) {
    let (t, _, a) = time(&format!("{program}sequence {game} 0..{len}"));
    let Answer::Sequence { values, .. } = a else {
        panic!("a sequence")
    };
    (t, checksum(values.iter().map(u64::from)))
}

fn windows_by_hand() {
    let n = if runs() == 1 { 1_000_000 } else { 10_000_000 };
    println!("\nheaps 0..{n}: grundy (the query a user asks, then `sequence` of every value) beside a window-mex loop by hand");
    println!();
    println!("| game | grundy `grundy g({n})` s | grundy `sequence` s | by hand s | sequence / hand | checksums agree |");
    println!("| --- | --- | --- | --- | --- | --- |");
    let cases: Vec<(&str, String, Vec<u32>, f64)> = vec![
        {
            let t = Instant::now();
            let g = hand_window(n, |_| 0, |n| n.checked_sub(1), |_, _| {});
            ("Nim", NIM.to_string(), g, t.elapsed().as_secs_f64())
        },
        {
            let t = Instant::now();
            let g = hand_window(n, |n| n - n / 2, |n| n.checked_sub(1), |_, _| {});
            (
                "halving Nim",
                "game nim(n: nat) { move n - k for k in 1..=n / 2 }\n".to_string(),
                g,
                t.elapsed().as_secs_f64(),
            )
        },
        {
            let t = Instant::now();
            // all-but {2, 3}: heaps 0..=n − 4, and n − 1.
            let g = hand_window(
                n,
                |_| 0,
                |n| n.checked_sub(4),
                |n, ex| {
                    if n >= 1 {
                        ex.push(n - 1);
                    }
                },
            );
            (
                "all-but {2, 3}",
                "game nim(n: nat) { move n - k for k in 1..=n where k not in {2, 3} }\n"
                    .to_string(),
                g,
                t.elapsed().as_secs_f64(),
            )
        },
    ];
    for (name, program, hand, t_hand) in cases {
        let (t_query, _, _) = time(&format!("{program}grundy nim({})", n - 1));
        let (t_seq, sum) = grundy_values(&program, "nim", n);
        let same = sum == checksum(hand.iter().map(|&v| u64::from(v)));
        println!(
            "| {name} | {t_query:.4} | {t_seq:.3} | {t_hand:.3} | {:.2} | {} |",
            t_seq / t_hand,
            if same { "yes" } else { "NO" }
        );
        assert!(same, "{name}");
    }
}

fn solved_octal_codes() {
    println!("\n`sequence o 0..=10` of solved octal codes (default search), constructor and rules");
    println!();
    println!(
        "| code | preperiod, period (tczajka) | constructor s | rules s | regularity (both) |"
    );
    println!("| --- | --- | --- | --- | --- |");
    for (code, digits, l, p) in [
        ("0.45", vec![4, 5], 498, 20),
        ("0.156", vec![1, 5, 6], 3479, 349),
        ("0.356", vec![3, 5, 6], 7315, 142),
        ("0.644", vec![6, 4, 4], 3256, 442),
        ("0.165", vec![1, 6, 5], 5181, 1550),
        ("0.127", vec![1, 2, 7], 46578, 4),
    ] {
        let (tc, _, ac) = time(&format!("game o = octal \"{code}\"\nsequence o 0..=10"));
        let (tr, _, ar) = time(&format!("{}sequence o 0..=10", octal_rules(&digits)));
        let regularity = |a: &Answer| {
            let Answer::Sequence { regularity, .. } = a else {
                panic!("a sequence")
            };
            regularity.map(|r| (r.preperiod, r.period, r.proven))
        };
        let (rc, rr) = (regularity(&ac), regularity(&ar));
        println!("| {code} | {l}, {p} | {tc:.3} | {tr:.3} | {rc:?} / {rr:?} |");
        assert_eq!(rc, Some((l, p, true)), "{code}");
        assert_eq!(rc, rr, "{code}");
    }
}

fn main() {
    println!(
        "cores: {}",
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    table_of_the_issue();
    windows_by_hand();
    solved_octal_codes();
}

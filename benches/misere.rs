//! Misère play at scale (the misère issue): each line times one program run
//! through the engine, in a fresh engine, and checks its answer against an
//! independent fact.
//!
//! `cargo bench --bench misere` prints the time of: the quotient of Kayles up to
//! heap 30; the misère outcome of eight Kayles rows ≤ 30 (quotient computed
//! automatically, then read); the quotient of Dawson's Kayles (0.07) up to 30
//! (order 360, as published) and 33; six Dawson's Kayles rows ≤ 30, and
//! twenty sums of six rows ≤ 40 after the quotient to 33; misère Nim with
//! three heaps near 10^12 (tame layer);
//! the genus of twelve 0.75 heaps read off its quotient; misère Nim on heaps
//! 1000, 2000, 3000 written as a rule game two ways, `move n - k` and a call of
//! the game `move nim(k)` (genus of each heap from its options, compiled rules).

#![allow(
    clippy::indexing_slicing,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic
)]

use grundy::{Answer, Engine, Outcome};
use std::time::Instant;

fn run(label: &str, program: &str) -> (Vec<Answer>, f64) {
    let start = Instant::now();
    let mut engine = Engine::default();
    let result = engine.run_program(program);
    let secs = start.elapsed().as_secs_f64();
    match result {
        Ok(answers) => {
            println!("  {label:<58} {secs:>8.3} s");
            (answers, secs)
        }
        Err(p) => {
            println!("  {label:<58} {secs:>8.3} s  (no answer: {})", p.message);
            (Vec::new(), secs)
        }
    }
}

fn outcome(a: &Answer) -> Outcome {
    match a {
        Answer::Outcome { value, .. } => *value,
        other => panic!("{other:?}"),
    }
}

/// Normal-play Grundy values of 0.75 heaps 0..=n by a plain mex loop: take 1
/// leaving 0, 1 or 2 heaps, or take 2 leaving 0 or 2 heaps.
fn plain_075_grundy(n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    for h in 1..=n {
        let mut seen = [false; 64];
        let mut mark = |v: u32| seen[v as usize] = true;
        for take in [1, 2] {
            if take > h {
                continue;
            }
            let rest = h - take;
            if rest == 0 {
                mark(0);
            }
            if take == 1 && rest > 0 {
                mark(g[rest]);
            }
            for a in 1..=rest / 2 {
                mark(g[a] ^ g[rest - a]);
            }
        }
        g[h] = seen.iter().position(|&s| !s).unwrap() as u32;
    }
    g
}

/// Bouton's rule for misère Nim.
fn misere_nim_p(heaps: &[u64]) -> bool {
    if heaps.iter().all(|&h| h <= 1) {
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
    } else {
        heaps.iter().fold(0, |a, b| a ^ b) == 0
    }
}

fn main() {
    println!("misère play (one core; each line a fresh engine)");
    let kayles = "game k = octal \"0.77\"\n";
    run(
        "quotient k up to 30 (Kayles)",
        &format!("{kayles}quotient k up to 30"),
    );
    // Far past the heap where the periodicity theorem proves it (256): Φ up
    // to 1000 read from the period (the tests compare such quotients with
    // ones built heap by heap on random sums).
    run(
        "quotient k up to 1000 (Kayles, proven at 256 on the way)",
        &format!("{kayles}quotient k up to 1000"),
    );
    let rows = "k(30) + k(29) + k(27) + k(25) + k(22) + k(17) + k(13) + k(8)";
    let (answers, _) = run(
        "outcome misere of 8 Kayles rows <= 30 (quotient built)",
        &format!("{kayles}outcome misere {rows}"),
    );
    let first = answers.first().map(outcome);
    let (answers, _) = run(
        "  the same after `quotient k up to 30`",
        &format!("{kayles}quotient k up to 30\noutcome misere {rows}"),
    );
    assert_eq!(first, answers.get(1).map(outcome));
    let (answers, _) = run(
        "quotient d up to 30 (Dawson's Kayles; published order 360)",
        "game d = octal \"0.07\"\nquotient d up to 30",
    );
    match answers.first() {
        Some(Answer::Quotient { quotient, .. }) => assert_eq!(quotient.order(), 360),
        other => panic!("{other:?}"),
    }
    run(
        "quotient d up to 33 (Dawson's Kayles, past the published heap)",
        "game d = octal \"0.07\"\nquotient d up to 33",
    );
    // Six Dawson's Kayles rows, a P-position: the first five were checked by a
    // direct search of the whole tree outside grundy (examples/misere_quotients.game),
    // and d(1), with no move, is the empty game.
    let dawson = "game d = octal \"0.07\"\n";
    let rows = "d(9) + d(15) + d(20) + d(11) + d(9) + d(1)";
    let (answers, _) = run(
        "outcome misere of 6 Dawson's Kayles rows <= 20 (Q_20 built)",
        &format!("{dawson}outcome misere {rows}"),
    );
    let first = answers.first().map(outcome);
    assert_eq!(first, Some(Outcome::P));
    let (answers, _) = run(
        "  the same after `quotient d up to 30`",
        &format!("{dawson}quotient d up to 30\noutcome misere {rows}"),
    );
    assert_eq!(first, answers.get(1).map(outcome));
    let heaps = [999_999_999_989u64, 1_000_000_000_039, 1_000_000_000_061];
    let sum = heaps
        .iter()
        .map(|h| format!("*{h}"))
        .collect::<Vec<_>>()
        .join(" + ");
    let (answers, _) = run(
        "outcome misere of three nim heaps near 10^12 (nimbers)",
        &format!("outcome misere {sum}"),
    );
    let want = if misere_nim_p(&heaps) {
        Outcome::P
    } else {
        Outcome::N
    };
    assert_eq!(answers.first().map(outcome), Some(want));
    // Kayles heaps near 10^12: the quotient is found proven periodic on the
    // way (built to 256 heaps). Checked in the tests against the same sums
    // with each heap replaced by its residue in the first period.
    let huge = "k(999999999989) + k(1000000000039) + k(1000000000061)";
    run(
        "outcome misere of three Kayles heaps near 10^12 (proven period)",
        &format!("{kayles}outcome misere {huge}"),
    );
    run(
        "winning misere k(20000) + k(7) (the same quotient)",
        &format!("{kayles}winning misere k(20000) + k(7)"),
    );
    // A tame subtraction game: its heaps' genera repeat with period 3 (heap n
    // is heap n mod 3, and those are 0, *1 and *2), so the answer is misère Nim's.
    let (answers, _) = run(
        "outcome misere s(10^12) + s(10^12 - 1) + s(7), subtraction {1, 2}",
        "game s = subtraction {1, 2}\noutcome misere s(1000000000000) + s(999999999999) + s(7)",
    );
    let residues = [1_000_000_000_000u64 % 3, 999_999_999_999 % 3, 7 % 3];
    let want = if misere_nim_p(&residues) {
        Outcome::P
    } else {
        Outcome::N
    };
    assert_eq!(answers.first().map(outcome), Some(want));
    // The genus of twelve heaps of 0.75 (wild quotient R8) read off the
    // quotient; its normal part checked against a plain mex loop here.
    let heaps75 = [60usize, 59, 55, 48, 47, 41, 33, 30, 22, 17, 9, 5];
    let sum75 = heaps75
        .iter()
        .map(|h| format!("g({h})"))
        .collect::<Vec<_>>()
        .join(" + ");
    let (answers, _) = run(
        "genus of 12 heaps of 0.75 up to 60 (quotient, values certified)",
        &format!("game g = octal \"0.75\"\ngenus {sum75}"),
    );
    let normal = plain_075_grundy(60);
    let want_g = heaps75.iter().fold(0, |a, &h| a ^ normal[h]);
    match answers.first() {
        Some(Answer::Genus { value, .. }) => assert_eq!(value.g_plus(), want_g),
        other => panic!("{other:?}"),
    }
    let want = if misere_nim_p(&[1000, 2000, 3000]) {
        Outcome::P
    } else {
        Outcome::N
    };
    for (form, rule) in [
        ("n - k", "move n - k for k in 1..=n"),
        ("nim(k)", "move nim(k) for k in 0..n"),
    ] {
        let (answers, _) = run(
            &format!("outcome misere nim(1000) + nim(2000) + nim(3000) (rule game, {form})"),
            &format!(
                "game nim(n: nat) {{ {rule} }}\noutcome misere nim(1000) + nim(2000) + nim(3000)"
            ),
        );
        assert_eq!(answers.first().map(outcome), Some(want));
    }
    // Kayles rows plus nimbers: the rows' γ against the nimbers folded. The
    // third is checked by an identity: *1 + *3 is *2, which is Kayles' row
    // of 2, so it must agree with the quotient's answer for k(2) in place.
    run(
        "outcome misere k(40) + k(31) + *6",
        &format!("{kayles}outcome misere k(40) + k(31) + *6"),
    );
    run(
        "winning misere k(30) + k(25) + *9",
        &format!("{kayles}winning misere k(30) + k(25) + *9"),
    );
    let (answers, _) = run(
        "outcome misere k(100) + k(90) + *1 + *3, and with k(2) for *1 + *3",
        &format!(
            "{kayles}outcome misere k(100) + k(90) + *1 + *3\noutcome misere k(100) + k(90) + k(2)"
        ),
    );
    assert_eq!(answers.len(), 2);
    assert_eq!(outcome(&answers[0]), outcome(&answers[1]));
    // Games whose quotients are costly to build or do not converge: the short
    // search before the quotient attempt answers (correctness: the tests'
    // search against a brute force).
    run(
        "outcome misere h(50) + h(45) of 0.16 (short search first)",
        "game h = octal \"0.16\"\noutcome misere h(50) + h(45)",
    );
    run(
        "outcome misere of Daisies (4.7) rows 30 + 20 (the same)",
        "game daisy = octal \"4.7\"\noutcome misere daisy(30) + daisy(20)",
    );
    run(
        "genus of Grundy's game heap 30 (short genus walk first)",
        "game g(n: nat) { move g(a) + g(n - a) for a in 1..n where a < n - a }\ngenus g(30)",
    );
    // Heaps of two games in one sum, searched as heaps of one game with the
    // two interleaved (correctness: tests/it/misere_mixed.rs against a brute
    // force); the winning moves must agree with the outcome.
    let mixed = "game k = octal \"0.77\"\ngame d = octal \"0.07\"\n";
    let (answers, _) = run(
        "outcome and winning misere k(30) + d(30) (Kayles with Dawson's)",
        &format!("{mixed}outcome misere k(30) + d(30)\nwinning misere k(30) + d(30)"),
    );
    match answers.as_slice() {
        [first, Answer::Winning { moves, .. }] => {
            assert_eq!(outcome(first) == Outcome::N, !moves.is_empty())
        }
        other => panic!("{other:?}"),
    }
    run(
        "genus k(20) + d(20) + k(9); outcome misere k(40) + d(40)",
        &format!("{mixed}genus k(20) + d(20) + k(9)\noutcome misere k(40) + d(40)"),
    );
    dawson_rows(40, 20);
    // Last: its engine ends holding millions of small memo entries, and the
    // first large allocation after they are freed consolidates them (3 s
    // charged to whatever line came next).
    kayles_genera(200);
}

/// `count` misère outcomes of six Dawson's Kayles rows of 1..=`most` pins
/// (a fixed xorshift sequence), in one engine after `quotient d up to 33`
/// (no quotient past 33 is known to grundy: the search reads every position
/// whose rows are all ≤ 33 off it); each statement given at most ten
/// seconds. Prints the quotient's time, the one failed attempt to extend it
/// (the first sum with a larger row makes it), and how many sums answer
/// within a second, within ten, and not at all. Their correctness is the
/// tests' (the same search against a brute force on smaller rows).
fn dawson_rows(most: u64, count: usize) {
    let limits = grundy::Limits {
        timeout: Some(std::time::Duration::from_secs(10)),
        ..Default::default()
    };
    let mut engine = Engine::with_limits(limits);
    let mut timed = |label: &str, text: &str| {
        let stmts = engine.load(text, false).unwrap();
        let start = Instant::now();
        let answer = engine.run(stmts.last().unwrap(), grundy::Mode::Run);
        let secs = start.elapsed().as_secs_f64();
        if !label.is_empty() {
            println!("  {label:<58} {secs:>8.3} s");
        }
        (matches!(answer, Ok(Some(Answer::Outcome { .. }))), secs)
    };
    timed("", "game d = octal \"0.07\"");
    timed(
        "quotient d up to 33, for the rows <= 40 below",
        "quotient d up to 33",
    );
    timed(
        "  outcome misere d(34): the failed attempt to extend it",
        "outcome misere d(34)",
    );
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let (mut fast, mut slow, mut none, mut fast_secs) = (0, 0, 0, 0.0f64);
    for _ in 0..count {
        let mut rows = Vec::new();
        for _ in 0..6 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            rows.push(format!("d({})", 1 + x % most));
        }
        match timed("", &format!("outcome misere {}", rows.join(" + "))) {
            (true, secs) if secs < 1.0 => {
                fast += 1;
                fast_secs = fast_secs.max(secs);
            }
            (true, _) => slow += 1,
            (false, _) => none += 1,
        }
    }
    let label = format!(
        "{count} sums of 6 Dawson rows <= {most}: {fast} < 1 s (slowest {fast_secs:.2} s), {slow} < 10 s, {none} not"
    );
    println!("  {label}");
}

/// Normal-play Grundy values of Kayles rows 0..=n by a plain mex loop.
fn plain_kayles_grundy(n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    for m in 1..=n {
        let mut seen = [false; 64];
        for take in 1..=2.min(m) {
            let rest = m - take;
            for a in 0..=rest / 2 {
                seen[(g[a] ^ g[rest - a]) as usize] = true;
            }
        }
        g[m] = seen.iter().position(|&s| !s).unwrap() as u32;
    }
    g
}

/// `genus kayles(h)` for every h in n, n − 1, …, 0, one engine, each statement
/// given at most a second: how many answer (from the value quotient of cap 4, or
/// the tame rule) and in what total time; each answer's normal value is
/// checked against the plain loop.
fn kayles_genera(n: usize) {
    let limits = grundy::Limits {
        timeout: Some(std::time::Duration::from_secs(1)),
        ..Default::default()
    };
    let mut engine = Engine::with_limits(limits);
    let program = "game kayles(n: nat) {\n    move kayles(a) + kayles(n - k - a) \
        for k in 1..=2, a in 0..=n-k where a <= n - k - a\n}\n";
    engine.load(program, false).unwrap();
    let normal = plain_kayles_grundy(n);
    let (mut answered, mut spent) = (0, 0.0);
    // Largest first: the quotients are built once, to heap n.
    for h in (0..=n).rev() {
        let stmts = engine.load(&format!("genus kayles({h})"), false).unwrap();
        let start = Instant::now();
        let answer = engine.run(stmts.last().unwrap(), grundy::Mode::Run);
        let secs = start.elapsed().as_secs_f64();
        if let Ok(Some(Answer::Genus { value, .. })) = answer {
            assert_eq!(value.g_plus(), normal[h], "kayles({h})");
            answered += 1;
            spent += secs;
        }
    }
    let label = format!("genus kayles(h), h in 0..={n}: {answered} answered within 1 s each");
    println!("  {label:<58} {spent:>8.3} s");
}

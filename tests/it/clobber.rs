//! Clobber written as rules, on a grid: the capture-game solver the rules are
//! recognised as must give exactly what the general evaluator gives
//! (`--no-kernels`), and its outcome search must reproduce the published
//! results for checkerboards and for linear Clobber.

use crate::common;
use proptest::prelude::*;

/// Clobber on a grid of row strings: "x" Left's stones, "o" Right's, "."
/// empty; a stone moves onto an orthogonally adjacent opponent's stone,
/// which is removed.
pub const CLOBBER: &str = r###"
partizan game clobber(b: list) {
    left  b with [r] = (b[r] with [c] = ".", [c + 1] = "x") for r in 0..len(b), c in 0..len(b[r]) - 1 where b[r][c] == "x" and b[r][c + 1] == "o"
    left  b with [r] = (b[r] with [c] = "x", [c + 1] = ".") for r in 0..len(b), c in 0..len(b[r]) - 1 where b[r][c] == "o" and b[r][c + 1] == "x"
    left  b with [r] = (b[r] with [c] = "."), [r + 1] = (b[r + 1] with [c] = "x") for r in 0..len(b) - 1, c in 0..len(b[r]) where b[r][c] == "x" and b[r + 1][c] == "o"
    left  b with [r] = (b[r] with [c] = "x"), [r + 1] = (b[r + 1] with [c] = ".") for r in 0..len(b) - 1, c in 0..len(b[r]) where b[r][c] == "o" and b[r + 1][c] == "x"
    right b with [r] = (b[r] with [c] = ".", [c + 1] = "o") for r in 0..len(b), c in 0..len(b[r]) - 1 where b[r][c] == "o" and b[r][c + 1] == "x"
    right b with [r] = (b[r] with [c] = "o", [c + 1] = ".") for r in 0..len(b), c in 0..len(b[r]) - 1 where b[r][c] == "x" and b[r][c + 1] == "o"
    right b with [r] = (b[r] with [c] = "."), [r + 1] = (b[r + 1] with [c] = "o") for r in 0..len(b) - 1, c in 0..len(b[r]) where b[r][c] == "o" and b[r + 1][c] == "x"
    right b with [r] = (b[r] with [c] = "o"), [r + 1] = (b[r + 1] with [c] = ".") for r in 0..len(b) - 1, c in 0..len(b[r]) where b[r][c] == "x" and b[r + 1][c] == "o"
}
"###;

/// Linear Clobber as GAMES.md writes it, on one string.
pub const LINEAR: &str = r###"
partizan game clob(s: string) {
    left  s[0..i] ++ ".x" ++ s[(i + 2)..len(s)] for i in 0..len(s) - 1 where s[i] == "x" and s[i + 1] == "o"
    left  s[0..i] ++ "x." ++ s[(i + 2)..len(s)] for i in 0..len(s) - 1 where s[i] == "o" and s[i + 1] == "x"
    right s[0..i] ++ ".o" ++ s[(i + 2)..len(s)] for i in 0..len(s) - 1 where s[i] == "o" and s[i + 1] == "x"
    right s[0..i] ++ "o." ++ s[(i + 2)..len(s)] for i in 0..len(s) - 1 where s[i] == "x" and s[i + 1] == "o"
}
"###;

fn run(queries: &str, kernels: bool) -> Vec<String> {
    common::texts_with(
        common::engine(kernels),
        &format!("{CLOBBER}\n{LINEAR}\n{queries}"),
    )
}

/// The h × w checkerboard with "x" in the top-left corner, as `.game` rows.
fn checkerboard(h: usize, w: usize) -> String {
    let rows: Vec<String> = (0..h)
        .map(|r| {
            let row: String = (0..w)
                .map(|c| if (r + c) % 2 == 0 { 'x' } else { 'o' })
                .collect();
            format!("\"{row}\"")
        })
        .collect();
    format!("[{}]", rows.join(", "))
}

/// Checkerboard outcomes as published in MCGS's results page
/// (ualberta-mueller-group/MCGS, docs/MCGS-results.html: Grossman 2004 for
/// boards up to 5 × 6, MCGS 2026 beyond): 2 × n is P exactly when 3
/// divides n (verified to n = 17), 3 × n is P exactly when n is even (to n
/// = 10), and 4 × 4 N, 4 × 5 N, 4 × 6 P, 5 × 5 P. Most of these boards
/// have more than 16 stones, so the outcome search decides them.
#[test]
fn checkerboards_agree_with_the_published_table() {
    let mut boards: Vec<(usize, usize, &str)> = Vec::new();
    for n in 2..=14 {
        boards.push((2, n, if n % 3 == 0 { "P" } else { "N" }));
    }
    for n in 3..=8 {
        boards.push((3, n, if n % 2 == 0 { "P" } else { "N" }));
    }
    boards.extend([(4, 4, "N"), (4, 5, "N"), (4, 6, "P"), (5, 5, "P")]);
    let queries: Vec<String> = boards
        .iter()
        .map(|&(h, w, _)| format!("outcome clobber({})", checkerboard(h, w)))
        .collect();
    let got = run(&queries.join("\n"), true);
    for ((h, w, want), line) in boards.iter().zip(&got) {
        assert!(line.ends_with(&format!("= {want}")), "{h}×{w}: {line}");
    }
    // The transposed boards, and the board with its colours swapped (its
    // negative), have the same outcomes here (N and P are their own
    // negatives).
    let got = run(
        &format!(
            "outcome clobber({})\noutcome clobber({})",
            checkerboard(6, 2),
            checkerboard(2, 9)
                .replace('x', "t")
                .replace('o', "x")
                .replace('t', "o")
        ),
        true,
    );
    assert!(
        got[0].ends_with("= P") && got[1].ends_with("= P"),
        "{got:?}"
    );
}

/// Linear Clobber, on a one-row grid and on a string: (xo)^n is a first-player win for
/// every n but 3, where it is 0 (Albert, Grossman, Nowakowski and Wolfe's
/// conjecture, 2005, proved by Chen et al., arXiv 2509.08985); and
/// (xxo)^n = ⌊(n + 1)/2⌋·↑ (their second conjecture, verified to n = 28 by
/// Folkersen et al., 2025).
#[test]
fn linear_clobber_agrees_with_the_published_results() {
    // On a one-row grid, and on a string as GAMES.md writes it.
    for (game, open, close) in [("clobber", "[\"", "\"]"), ("clob", "\"", "\"")] {
        let board = |s: String| format!("{game}({open}{s}{close})");
        let mut queries = Vec::new();
        for n in 1..=15 {
            queries.push(format!("outcome {}", board("xo".repeat(n))));
        }
        for n in 1..=8 {
            queries.push(format!("canonical {}", board("xxo".repeat(n))));
        }
        let got = run(&queries.join("\n"), true);
        for n in 1..=15 {
            let want = if n == 3 { "P" } else { "N" };
            let line = &got[n - 1];
            assert!(line.ends_with(&format!("= {want}")), "(xo)^{n}: {line}");
        }
        for n in 1..=8 {
            let ups = ["^", "^", "^^", "^^", "^3", "^3", "^4", "^4"][n - 1];
            let line = &got[15 + n - 1];
            assert!(line.ends_with(&format!("= {ups}")), "(xxo)^{n}: {line}");
        }
    }
}

/// A random board as `.game` rows: two bits a cell, empty one time in four.
fn random_board(h: usize, w: usize, bits: u64) -> String {
    let rows: Vec<String> = (0..h)
        .map(|r| {
            let row: String = (0..w)
                .map(|c| match bits >> (2 * (r * w + c)) & 3 {
                    0 => '.',
                    1 => 'o',
                    _ => 'x',
                })
                .collect();
            format!("\"{row}\"")
        })
        .collect();
    format!("[{}]", rows.join(", "))
}

/// Groups of 16 stones or more are valued on two cores
/// (`src/solve/partizan/shared_parts.rs`): their forms are the general
/// evaluator's.
#[test]
fn groups_valued_on_two_cores_agree_with_the_general_evaluator() {
    let q = "canonical clobber([\"xxxx\", \"xxxx\", \"oooo\", \"oooo\"])\n\
             canonical clobber([\"xxoxxoxxoxxoxxox\"])";
    assert_eq!(run(q, true), run(q, false));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// The packed solver's canonical forms and outcomes are the general
    /// evaluator's, on random boards up to 3 × 4 alone and beside other
    /// games (the outcome search, for boards of more stones, is checked
    /// against a brute force in its unit test).
    #[test]
    fn the_fast_paths_agree_with_the_general_evaluator(
        (h, w) in prop::sample::select(vec![(1usize, 7usize), (2, 4), (3, 3), (2, 5), (3, 4), (4, 3)]),
        bits in any::<u64>(),
        other in prop::sample::select(vec!["0", "*", "^", "{1 | -1}", "clobber([\"xxo\"])"]),
    ) {
        let b = random_board(h, w, bits);
        let queries = format!("canonical clobber({b})\noutcome clobber({b}) + {other}\ncanonical clobber({b}) + {other}");
        prop_assert_eq!(run(&queries, true), run(&queries, false));
        // The first row as one string, in GAMES.md's spelling.
        let first = b.trim_start_matches('[').split(',').next().unwrap_or("").trim_end_matches(']');
        let queries = format!("canonical clob({first})\noutcome clob({first}) + {other}");
        prop_assert_eq!(run(&queries, true), run(&queries, false));
    }
}

//! Placement games written as rules (Domineering and its kin): the packed-board
//! solver the rules are recognised as must give exactly what the general
//! evaluator gives (`--no-kernels`), and its outcomes must agree with a
//! brute-force minimax written here, on random boards with covered squares.

#![allow(
    clippy::indexing_slicing,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic
)]

use crate::common;
use proptest::prelude::*;
use std::collections::HashMap;

/// Domineering three ways (Left vertical, Right horizontal): the whole board
/// with slices, the sum of its regions in their least flips, and declared
/// symmetries; and a tromino game (Left places L-trominoes in all four
/// turns, Right straight trominoes either way) as the sum of its regions.
const GAMES: &str = r###"
partizan game dom(b: list) {
    left  b with [r] = b[r][0..c] ++ "#" ++ b[r][(c + 1)..len(b[r])], [r + 1] = b[r + 1][0..c] ++ "#" ++ b[r + 1][(c + 1)..len(b[r + 1])]
          for r in 0..len(b) - 1, c in 0..len(b[r]) where b[r][c] == "." and b[r + 1][c] == "."
    right b with [r] = b[r][0..c] ++ "##" ++ b[r][(c + 2)..len(b[r])]
          for r in 0..len(b), c in 0..len(b[r]) - 1 where b[r][c] == "." and b[r][c + 1] == "."
}
partizan game dom2(b: list) {
    left  sum(dom2(g) for g in regions(b with [r] = (b[r] with [c] = "#"), [r + 1] = (b[r + 1] with [c] = "#"), ".", "flips"))
          for r in 0..len(b) - 1, c in 0..len(b[r]) where b[r][c] == "." and b[r + 1][c] == "."
    right sum(dom2(g) for g in regions(b with [r] = (b[r] with [c] = "#", [c + 1] = "#"), ".", "flips"))
          for r in 0..len(b), c in 0..len(b[r]) - 1 where b[r][c] == "." and b[r][c + 1] == "."
}
let upside_down(b) = [b[len(b) - 1 - r] for r in 0..len(b)]
partizan game dom3(b: list) {
    symmetry -dom3(transpose(b))
    symmetry dom3(upside_down(b))
    left  sum(dom3(g) for g in regions(b with [r] = (b[r] with [c] = "#"), [r + 1] = (b[r + 1] with [c] = "#"), "."))
          for r in 0..len(b) - 1, c in 0..len(b[r]) where b[r][c] == "." and b[r + 1][c] == "."
    right sum(dom3(g) for g in regions(b with [r] = (b[r] with [c] = "#", [c + 1] = "#"), "."))
          for r in 0..len(b), c in 0..len(b[r]) - 1 where b[r][c] == "." and b[r][c + 1] == "."
}
partizan game tri(b: list) {
    left sum(tri(g) for g in regions(b with [r] = (b[r] with [c] = "x"), [r + 1] = (b[r + 1] with [c] = "x", [c + 1] = "x"), "."))
         for r in 0..len(b) - 1, c in 0..len(b[r]) - 1 where b[r][c] == "." and b[r + 1][c] == "." and b[r + 1][c + 1] == "."
    left sum(tri(g) for g in regions(b with [r] = (b[r] with [c + 1] = "x"), [r + 1] = (b[r + 1] with [c] = "x", [c + 1] = "x"), "."))
         for r in 0..len(b) - 1, c in 0..len(b[r]) - 1 where b[r][c + 1] == "." and b[r + 1][c] == "." and b[r + 1][c + 1] == "."
    left sum(tri(g) for g in regions(b with [r] = (b[r] with [c] = "x", [c + 1] = "x"), [r + 1] = (b[r + 1] with [c] = "x"), "."))
         for r in 0..len(b) - 1, c in 0..len(b[r]) - 1 where b[r][c] == "." and b[r][c + 1] == "." and b[r + 1][c] == "."
    left sum(tri(g) for g in regions(b with [r] = (b[r] with [c] = "x", [c + 1] = "x"), [r + 1] = (b[r + 1] with [c + 1] = "x"), "."))
         for r in 0..len(b) - 1, c in 0..len(b[r]) - 1 where b[r][c] == "." and b[r][c + 1] == "." and b[r + 1][c + 1] == "."
    right sum(tri(g) for g in regions(b with [r] = (b[r] with [c] = "x", [c + 1] = "x", [c + 2] = "x"), "."))
         for r in 0..len(b), c in 0..len(b[r]) - 2 where b[r][c..c + 3] == "..."
    right sum(tri(g) for g in regions(b with [r] = (b[r] with [c] = "x"), [r + 1] = (b[r + 1] with [c] = "x"), [r + 2] = (b[r + 2] with [c] = "x"), "."))
         for r in 0..len(b) - 2, c in 0..len(b[r]) where b[r][c] == "." and b[r + 1][c] == "." and b[r + 2][c] == "."
}
"###;

/// The answers of `queries` after [`GAMES`], with compiled rules on or off.
fn run(queries: &str, kernels: bool) -> Vec<String> {
    common::texts_with(common::engine(kernels), &format!("{GAMES}\n{queries}"))
}

/// A board as `.game` rows: `free` bit r·w + c says square (r, c) is empty.
fn rows(h: usize, w: usize, free: u32) -> String {
    let rows: Vec<String> = (0..h)
        .map(|r| {
            let row: String = (0..w)
                .map(|c| {
                    if free >> (r * w + c) & 1 == 1 {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect();
            format!("\"{row}\"")
        })
        .collect();
    format!("[{}]", rows.join(", "))
}

/// A piece as the cells it covers from its anchor.
type Piece = &'static [(usize, usize)];

const VERTICAL: &[Piece] = &[&[(0, 0), (1, 0)]];
const HORIZONTAL: &[Piece] = &[&[(0, 0), (0, 1)]];
const ELLS: &[Piece] = &[
    &[(0, 0), (1, 0), (1, 1)],
    &[(0, 1), (1, 0), (1, 1)],
    &[(0, 0), (0, 1), (1, 0)],
    &[(0, 0), (0, 1), (1, 1)],
];
const STRAIGHTS: &[Piece] = &[&[(0, 0), (0, 1), (0, 2)], &[(0, 0), (1, 0), (2, 0)]];

/// Who wins by plain minimax: (Left wins moving first, Right wins moving first).
struct Brute {
    h: usize,
    w: usize,
    left: &'static [Piece],
    right: &'static [Piece],
    memo: HashMap<(u32, bool), bool>,
}

impl Brute {
    fn moves(&self, free: u32, pieces: &[Piece]) -> Vec<u32> {
        let mut out = Vec::new();
        for p in pieces {
            for r in 0..self.h {
                for c in 0..self.w {
                    let cells: Option<Vec<usize>> = p
                        .iter()
                        .map(|&(dr, dc)| {
                            let (rr, cc) = (r + dr, c + dc);
                            (rr < self.h && cc < self.w).then_some(rr * self.w + cc)
                        })
                        .collect();
                    if let Some(cells) = cells {
                        if cells.iter().all(|&i| free >> i & 1 == 1) {
                            out.push(cells.iter().fold(free, |f, &i| f & !(1 << i)));
                        }
                    }
                }
            }
        }
        out
    }

    /// True when the player to move (Left when `left`) wins.
    fn wins(&mut self, free: u32, left: bool) -> bool {
        if let Some(&w) = self.memo.get(&(free, left)) {
            return w;
        }
        let pieces = if left { self.left } else { self.right };
        let win = self
            .moves(free, pieces)
            .into_iter()
            .any(|next| !self.wins(next, !left));
        self.memo.insert((free, left), win);
        win
    }

    fn outcome(&mut self, free: u32) -> &'static str {
        match (self.wins(free, true), self.wins(free, false)) {
            (true, true) => "N",
            (true, false) => "L",
            (false, true) => "R",
            (false, false) => "P",
        }
    }
}

fn value(line: &str) -> &str {
    line.split_once(" = ").map_or(line, |(_, v)| v)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Domineering on boards of up to 4 × 4 with covered squares: the three
    /// writings agree with and without compiled rules, and their outcome
    /// agrees with minimax.
    #[test]
    fn domineering_agrees_with_the_general_evaluator_and_minimax(
        h in 1usize..=4, w in 1usize..=4, free in any::<u32>()
    ) {
        let free = free & ((1u32 << (h * w)) - 1);
        let b = rows(h, w, free);
        let queries = format!(
            "canonical dom({b})\ncanonical dom2({b})\ncanonical dom3({b})\noutcome dom2({b})\n\
             canonical dom2({b}) + dom({b})"
        );
        let fast = run(&queries, true);
        let general = run(&queries, false);
        prop_assert_eq!(&fast, &general);
        prop_assert_eq!(value(&fast[0]), value(&fast[1]));
        prop_assert_eq!(value(&fast[0]), value(&fast[2]));
        let mut brute = Brute { h, w, left: VERTICAL, right: HORIZONTAL, memo: HashMap::new() };
        prop_assert_eq!(value(&fast[3]), brute.outcome(free));
    }

    /// The tromino game on boards of up to 4 × 4.
    #[test]
    fn trominoes_agree_with_the_general_evaluator_and_minimax(
        h in 1usize..=4, w in 1usize..=4, free in any::<u32>()
    ) {
        let free = free & ((1u32 << (h * w)) - 1);
        let b = rows(h, w, free);
        let queries = format!("canonical tri({b})\noutcome tri({b})");
        let fast = run(&queries, true);
        prop_assert_eq!(&fast, &run(&queries, false));
        let mut brute = Brute { h, w, left: ELLS, right: STRAIGHTS, memo: HashMap::new() };
        prop_assert_eq!(value(&fast[1]), brute.outcome(free));
    }
}

/// The empty 4 × 5 board: its outcome by minimax, and −G is G transposed
/// (Domineering's transpose swaps the players), so 4 × 5 and 5 × 4 cancel.
#[test]
fn larger_boards_agree_with_minimax_and_transposition() {
    let (h, w) = (4, 5);
    let mut brute = Brute {
        h,
        w,
        left: VERTICAL,
        right: HORIZONTAL,
        memo: HashMap::new(),
    };
    let full = (1u32 << (h * w)) - 1;
    let out = run(
        &format!(
            "outcome dom2({})\ncanonical dom2({}) + dom2({})",
            rows(h, w, full),
            rows(h, w, full),
            rows(w, h, (1 << (h * w)) - 1)
        ),
        true,
    );
    assert_eq!(value(&out[0]), brute.outcome(full));
    assert_eq!(value(&out[1]), "0");
}

/// A board the solver does not take (rows of unequal length) is left to the
/// general evaluator, which reports what it reports without the solver.
#[test]
fn ragged_boards_keep_the_general_evaluator() {
    let q = "canonical dom2([\"...\", \"..\"])";
    let fast = common::problem_with(common::engine(true), &format!("{GAMES}\n{q}"));
    let general = common::problem_with(common::engine(false), &format!("{GAMES}\n{q}"));
    assert_eq!(fast.message, general.message);
}

/// The packed-board searches check the one budget: an 8 × 8 canonical form
/// and outcome (out of reach) stop at a one-second limit with the limit's
/// diagnostic, and a position limit stops the form too.
#[test]
fn the_board_search_stops_at_the_limits() {
    let eight = format!("[{}]", ["\"........\""; 8].join(", "));
    let started = std::time::Instant::now();
    let p = common::problem_with(
        common::timed_engine(1),
        &format!("{GAMES}\ncanonical dom2({eight})"),
    );
    assert!(p.message.contains("time limit"), "{}", p.message);
    // The outcome of 8 × 8 goes to the outcome-only search, which stops too.
    let p = common::problem_with(
        common::timed_engine(1),
        &format!("{GAMES}\noutcome dom2({eight})"),
    );
    assert!(p.message.contains("time limit"), "{}", p.message);
    // Generous: the limit is checked at every option and every node.
    assert!(started.elapsed().as_secs() < 30);
    let p = common::problem_with(
        grundy::Engine::with_limits(grundy::Limits {
            max_positions: 1000,
            ..grundy::Limits::default()
        }),
        &format!("{GAMES}\ncanonical dom2({eight})"),
    );
    assert!(p.message.contains("position limit"), "{}", p.message);
    // The outcome search's table stays within the positions left (each of
    // its two threads taking half) and then replaces what it holds, so a
    // small position limit does not stop it: the time limit does, and is
    // the one reported.
    let started = std::time::Instant::now();
    let p = common::problem_with(
        grundy::Engine::with_limits(grundy::Limits {
            max_positions: 100_000,
            timeout: Some(std::time::Duration::from_secs(2)),
            ..grundy::Limits::default()
        }),
        &format!("{GAMES}\noutcome dom2({eight})"),
    );
    assert!(p.message.contains("time limit"), "{}", p.message);
    assert!(started.elapsed().as_secs() < 30);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    /// Boards large enough for the outcome-only search (more than 24 free
    /// squares), alone and beside a literal game: the search's outcome is
    /// the one `compare` reads off the canonical forms.
    #[test]
    fn the_outcome_search_agrees_with_canonical_forms(
        blocked in proptest::collection::vec(0usize..30, 0..5),
        extra in 0usize..8,
    ) {
        let mut free = (1u32 << 30) - 1;
        for b in blocked {
            free &= !(1 << b);
        }
        let b = rows(5, 6, free);
        let x = ["0", "1", "-1", "1/2", "*", "{1 | -1}", "^", "-3/2"][extra];
        let out = run(&format!("outcome dom2({b}) + {x}\ncompare dom2({b}) + {x}, 0"), true);
        let by_forms = match value(&out[1]) {
            ">" => "L",
            "<" => "R",
            "=" => "P",
            _ => "N",
        };
        prop_assert_eq!(value(&out[0]), by_forms, "{}", b);
    }
}

/// The 6 × 6 form kept in `docs/domineering-6x6.game` reads back as itself,
/// equals its own negative (a square board is its own transpose, which
/// negates Domineering), and is a first-player win (Breuker, Uiterwijk and
/// van den Herik 2000; Bullock's table).
#[test]
fn the_six_by_six_form_reads_back_and_is_its_own_negative() {
    let src = std::fs::read_to_string("docs/domineering-6x6.game").unwrap();
    let literal = src
        .lines()
        .find_map(|l| l.strip_prefix("let d6 = "))
        .expect("the form");
    assert!(literal.len() > 60_000);
    let shown = common::texts(&src);
    let printed = shown
        .iter()
        .find_map(|l| l.strip_prefix("canonical d6 = "))
        .expect("its canonical form");
    assert_eq!(printed, literal);
    let facts = common::texts(&format!("let d6 = {literal}\ncompare d6, -d6\noutcome d6"));
    assert_eq!(value(&facts[0]), "=");
    assert_eq!(value(&facts[1]), "N");
}

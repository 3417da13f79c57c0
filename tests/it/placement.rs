//! Placement games written as rules (Domineering and its kin): the packed-board
//! solver the rules are recognised as must give exactly what the general
//! evaluator gives (`--no-kernels`), and its outcomes must agree with a
//! brute-force minimax written here, on random boards with covered squares.

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
fn rows(h: usize, w: usize, free: impl Into<u128>) -> String {
    let free: u128 = free.into();
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
    memo: HashMap<(u128, bool), bool>,
}

impl Brute {
    fn moves(&self, free: u128, pieces: &[Piece]) -> Vec<u128> {
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
    fn wins(&mut self, free: u128, left: bool) -> bool {
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

    fn outcome(&mut self, free: impl Into<u128>) -> &'static str {
        let free: u128 = free.into();
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
            rows(w, h, (1u32 << (h * w)) - 1)
        ),
        true,
    );
    assert_eq!(value(&out[0]), brute.outcome(full));
    assert_eq!(value(&out[1]), "0");
}

/// Parts of 24 squares and more are valued on two cores
/// (`src/solve/partizan/shared_parts.rs`): the empty 5 × 5 board is 0 (the
/// cgt crate's canonical form, and the second-player win of the C table in
/// `domineering_outcomes.rs`), and it and the empty 4 × 6 board are the
/// forms the general evaluator finds.
#[test]
fn parts_valued_on_two_cores_agree_with_the_general_evaluator() {
    let q = format!(
        "canonical dom2({})\ncanonical dom2({})",
        rows(5, 5, (1u32 << 25) - 1),
        rows(4, 6, (1u32 << 24) - 1)
    );
    let fast = run(&q, true);
    assert_eq!(fast, run(&q, false));
    assert_eq!(value(&fast[0]), "0");
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
    stopped_by(
        common::timed_engine(1),
        &format!("canonical dom2({eight})"),
        "time limit",
    );
    // The outcome of 8 × 8 goes to the outcome-only search, which stops too.
    stopped_by(
        common::timed_engine(1),
        &format!("outcome dom2({eight})"),
        "time limit",
    );
    // Generous: the limit is checked at every option and every node.
    assert!(started.elapsed().as_secs() < 30);
    stopped_by(
        positions_engine(1000),
        &format!("canonical dom2({eight})"),
        "position limit",
    );
    // The outcome search's table stays within the positions left (each of
    // its two threads taking half) and then replaces what it holds, so a
    // small position limit does not stop it: the time limit does, and is
    // the one reported.
    let started = std::time::Instant::now();
    stopped_by(
        grundy::Engine::with_limits(grundy::Limits {
            max_positions: 100_000,
            timeout: Some(std::time::Duration::from_secs(2)),
            ..grundy::Limits::default()
        }),
        &format!("outcome dom2({eight})"),
        "time limit",
    );
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

/// Strips of 65 to 128 cells go to the solver's 128-cell boards: a column is
/// worth ⌊k/2⌋ to Left per run of k free cells, a row as much to Right (only
/// one player can move there). The general evaluator agrees; 129 cells is
/// past the solver and keeps the general evaluator.
#[test]
fn wide_strips_are_worth_their_dominoes() {
    for n in [65usize, 100, 128, 129] {
        let column = format!("[{}]", vec!["\".\""; n].join(", "));
        let row = format!("[\"{}\"]", ".".repeat(n));
        let mut holed = vec!["\".\""; n];
        holed[7] = "\"#\"";
        holed[n - 2] = "\"#\"";
        let holed = format!("[{}]", holed.join(", "));
        let queries =
            format!("canonical dom2({column})\ncanonical dom2({row})\ncanonical dom2({holed})");
        let k = (n / 2) as i64;
        // Runs of 7, n − 10 and 1 cells.
        let h = 3 + (n as i64 - 10) / 2;
        let expected = [k.to_string(), (-k).to_string(), h.to_string()];
        for kernels in [true, false] {
            let got = run(&queries, kernels);
            let got: Vec<&str> = got.iter().map(|l| value(l)).collect();
            assert_eq!(got, expected, "n = {n}, kernels {kernels}");
        }
    }
}

/// The boards of 65 to 128 cells the proptest below draws.
const WIDE_SIZES: [(usize, usize); 6] = [(9, 8), (8, 9), (7, 10), (11, 6), (2, 40), (13, 5)];

/// The cells of a `wh` × `ww` window (bits row by row) at row `r`, column
/// `c` of an h × w board, clipped to the board.
fn window(h: usize, w: usize, bits: u32, wh: usize, ww: usize, r: usize, c: usize) -> u128 {
    let mut free = 0u128;
    for i in 0..wh {
        for j in 0..ww {
            let (rr, cc) = (r + i, c + j);
            if bits >> (i * ww + j) & 1 == 1 && rr < h && cc < w {
                free |= 1 << (rr * w + cc);
            }
        }
    }
    free
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Boards of 65 to 128 cells with two small random regions, one near the
    /// top and one near the bottom (past bit 64): the three writings agree
    /// with the general evaluator, and the outcome with minimax.
    #[test]
    fn wide_boards_agree_with_the_general_evaluator_and_minimax(
        size in 0..WIDE_SIZES.len(),
        a in 0u32..1 << 12, ac in 0usize..40,
        b in 0u32..1 << 12, bc in 0usize..40,
    ) {
        let (h, w) = WIDE_SIZES[size];
        let free = window(h, w, a, 3, 4, 0, ac % w)
            | window(h, w, b, 3, 4, h.saturating_sub(3), (w - 1).saturating_sub(bc % w));
        let board = rows(h, w, free);
        let queries = format!(
            "canonical dom({board})\ncanonical dom2({board})\ncanonical dom3({board})\noutcome dom2({board})"
        );
        let fast = run(&queries, true);
        prop_assert_eq!(&fast, &run(&queries, false));
        prop_assert_eq!(value(&fast[0]), value(&fast[1]));
        prop_assert_eq!(value(&fast[0]), value(&fast[2]));
        let mut brute = Brute { h, w, left: VERTICAL, right: HORIZONTAL, memo: HashMap::new() };
        prop_assert_eq!(value(&fast[3]), brute.outcome(free));
    }
}

/// A 9 × 8 board with most squares covered, one region in its top rows and
/// one in its bottom rows (squares 48 to 71): the same value as the two
/// regions cropped to boards of their own, summed, with and without the
/// solver.
#[test]
fn a_mostly_covered_nine_by_eight_is_its_cropped_regions() {
    let grid = |rows: &[&str]| {
        let rows: Vec<String> = rows.iter().map(|r| format!("{r:?}")).collect();
        format!("[{}]", rows.join(", "))
    };
    let board = grid(&[
        "..#.####", "...#####", ".#######", "########", "########", "########", "####.#..",
        "###.....", "####..#.",
    ]);
    let top = grid(&["..#.", "...#", ".###"]);
    let bottom = grid(&["#.#..", ".....", "#..#."]);
    let q = format!(
        "canonical dom2({board})\ncanonical dom({board})\ncanonical dom2({top}) + dom2({bottom})\n\
         compare dom({board}), dom2({top}) + dom2({bottom})"
    );
    for kernels in [true, false] {
        let got = run(&q, kernels);
        assert_eq!(value(&got[0]), value(&got[2]), "kernels {kernels}");
        assert_eq!(value(&got[1]), value(&got[2]), "kernels {kernels}");
        assert_eq!(value(&got[3]), "=", "kernels {kernels}");
    }
}

/// The outcome of a board of more than 64 squares with more than 24 free
/// (the outcome search takes boards of up to 64 squares) is read off its
/// canonical form on the 128-square boards: a 5 × 5 block in the corner of
/// a 9 × 8 board has the 5 × 5 board's outcome and form.
#[test]
fn a_wide_board_past_the_outcome_search_is_valued() {
    let block: Vec<String> = (0..9)
        .map(|r| format!("{:?}", if r < 4 { "########" } else { "###....." }))
        .collect();
    let board = format!("[{}]", block.join(", "));
    let five = format!("[{}]", ["\".....\""; 5].join(", "));
    let got = run(
        &format!(
            "outcome dom2({board})\noutcome dom2({five})\ncompare dom2({board}), dom2({five})"
        ),
        true,
    );
    assert_eq!(value(&got[0]), value(&got[1]));
    assert_eq!(value(&got[2]), "=");
}

/// An empty board of more than 64 squares is past the outcome-only search:
/// its `outcome` goes to the canonical form on the 128-square boards, out of
/// reach, which stops at the limits with their diagnostics (not a panic or
/// a guess).
#[test]
fn a_large_wide_board_stops_at_the_limits() {
    let nine = format!("[{}]", ["\"........\""; 9].join(", "));
    let started = std::time::Instant::now();
    stopped_by(
        common::timed_engine(1),
        &format!("outcome dom2({nine})"),
        "time limit",
    );
    assert!(started.elapsed().as_secs() < 30);
    stopped_by(
        positions_engine(1000),
        &format!("canonical dom({nine})"),
        "position limit",
    );
}

/// An engine that keeps at most `n` positions.
fn positions_engine(n: usize) -> grundy::Engine {
    grundy::Engine::with_limits(grundy::Limits {
        max_positions: n,
        ..grundy::Limits::default()
    })
}

/// `query` after [`GAMES`], run by `engine`, stops with a diagnostic that
/// names `limit`.
fn stopped_by(engine: grundy::Engine, query: &str, limit: &str) {
    let p = common::problem_with(engine, &format!("{GAMES}\n{query}"));
    assert!(p.message.contains(limit), "{}", p.message);
}

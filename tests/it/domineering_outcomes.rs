//! Domineering outcomes of m × n boards against tables computed outside
//! grundy. Vertical is Left; m is the number of rows.
//!
//! - `TABLE`: a plain αβ search with a transposition table written in C,
//!   independent of grundy's canonical forms (its 5 × 5 = P agrees with the
//!   cgt crate's canonical form 0, and its 4 × 4 = N with CGSuite's
//!   `GameGridTest`). Every board of up to 24 squares, and 5 × 5, valued by
//!   canonical forms.
//! - `BULLOCK`: the expected results of Nathan Bullock's Domineering solver
//!   Obsequi (its regression script `Check`, from his M.Sc. thesis code:
//!   `flip r c X` solves r rows × c columns, and X is V, H, 1 for the first
//!   player, 2 for the second), which agree with every cell of `TABLE` and
//!   with Breuker, Uiterwijk and van den Herik's 8 × 8 = first player. The
//!   boards of 25 to 49 squares here go through grundy's outcome-only search
//!   (`src/solve/partizan/board_search.rs`).

use crate::common::texts;

/// Row m of the table, columns n = 1, 2, …: V (Vertical wins whoever
/// starts), H (Horizontal does), N (the first player wins), P (the second).
const TABLE: [&str; 8] = [
    "PHHHHHHHHH",
    "VNNHVNNHVN",
    "VNNHHHHHHH",
    "VVVNVNVHV",
    "VHVHPHH",
    "VNVNVN",
    "VNVHV",
    "VVVV",
];

/// Asks `outcome` of every empty m × n board of `table` that `keep` takes
/// (Domineering as `dom2` of the example) and compares each answer with the
/// table's letter; returns how many boards were asked.
fn check_table(table: &[&str], keep: impl Fn(usize, usize) -> bool) -> usize {
    let example = std::fs::read_to_string("examples/partizan_domineering.game").unwrap();
    let start = example.find("partizan game dom2").unwrap();
    let end = start + example[start..].find("}\n").unwrap() + 2;
    let mut src = example[start..end].to_string();
    let mut want = Vec::new();
    for (m, row) in (1..).zip(table) {
        for (n, cell) in (1..).zip(row.chars()) {
            if !keep(m, n) {
                continue;
            }
            let rows = vec![format!("\"{}\"", ".".repeat(n)); m];
            src.push_str(&format!("outcome dom2([{}])\n", rows.join(", ")));
            let letter = match cell {
                'V' => "L".to_string(),
                'H' => "R".to_string(),
                other => other.to_string(),
            };
            want.push(((m, n), letter));
        }
    }
    let got = texts(&src);
    assert_eq!(got.len(), want.len());
    for (line, ((m, n), letter)) in got.iter().zip(&want) {
        let outcome = line.rsplit(" = ").next().unwrap();
        assert_eq!(outcome, letter, "{m} × {n}");
    }
    want.len()
}

#[test]
fn outcomes_of_small_boards() {
    check_table(&TABLE, |m, n| m * n <= 24 || (m, n) == (5, 5));
}

/// Bullock's table for m, n ≤ 8 (rows m, columns n; Obsequi's `Check`,
/// transposes with V and H swapped for m > n).
const BULLOCK: [&str; 8] = [
    "PHHHHHHH", "VNNHVNNH", "VNNHHHHH", "VVVNVNVH", "VHVHPHHH", "VNVNVNVH", "VNVHVHNH", "VVVVVVVN",
];

#[test]
fn outcomes_by_search_agree_with_bullocks_table() {
    // The squares the outcome search takes; 6 × 8 and larger take seconds
    // to minutes (BENCHMARKS.md).
    let asked = check_table(&BULLOCK, |m, n| {
        m * n > 24 && (m * n <= 42 || (m, n) == (7, 7))
    });
    assert!(asked >= 15);
}

#[test]
fn bullocks_table_agrees_with_the_c_table_where_both_have_a_cell() {
    for (m, (a, b)) in TABLE.iter().zip(BULLOCK).enumerate() {
        for (n, (x, y)) in a.chars().zip(b.chars()).enumerate() {
            assert_eq!(x, y, "{} × {}", m + 1, n + 1);
        }
    }
}

//! Domineering outcomes of m × n boards against a table computed outside
//! grundy: THEORY.md §9.3, a plain αβ search with a transposition table
//! written in C, independent of grundy's canonical forms (its 5 × 5 = P
//! agrees with the cgt crate's canonical form 0, and its 4 × 4 = N with
//! CGSuite's `GameGridTest`). Vertical is Left. Every board of up to 24
//! squares, and 5 × 5. A start on issue 41's outcome table (Breuker,
//! Uiterwijk and van den Herik's, not checked against here); the larger
//! boards need the outcome-only search.

#![allow(
    clippy::indexing_slicing,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic
)]

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

#[test]
fn outcomes_of_small_boards() {
    let example = std::fs::read_to_string("examples/partizan_domineering.game").unwrap();
    let start = example.find("partizan game dom2").unwrap();
    let end = start + example[start..].find("}\n").unwrap() + 2;
    let mut src = example[start..end].to_string();
    let mut want = Vec::new();
    for (m, row) in (1..).zip(TABLE) {
        for (n, cell) in (1..).zip(row.chars()) {
            if m * n > 24 && (m, n) != (5, 5) {
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
}

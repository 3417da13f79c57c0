//! The last layer of misère `outcome` and `winning`, the memoised search of
//! the sum, against a brute force written here from the rules.
//!
//! The game is Dawson's Kayles (octal 0.07: take two adjacent pins from a
//! row, leaving up to two rows) written with a dead second parameter: it is
//! not a one-parameter heap game (no quotient) and it is wild (the tame rule
//! does not apply), so only the search can answer.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use proptest::prelude::*;
use std::collections::HashMap;

const GAME: &str = "game d(n: nat, c: nat) {\n    \
    move d(a, c) + d(n - 2 - a, c) for a in 0..=n-2 where a <= n - 2 - a\n}\n";

/// Misère outcomes of sums of rows, rows of 0 and 1 pins dropped (they have
/// no move and change nothing).
#[derive(Default)]
struct Direct {
    wins: HashMap<Vec<usize>, bool>,
}

fn key(rows: impl IntoIterator<Item = usize>) -> Vec<usize> {
    let mut k: Vec<usize> = rows.into_iter().filter(|&r| r >= 2).collect();
    k.sort_unstable();
    k
}

/// The sums one move leads to, one per (row, split).
fn moves(rows: &[usize]) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for (i, &r) in rows.iter().enumerate() {
        for a in 0..=(r - 2) / 2 {
            let mut next: Vec<usize> = rows.to_vec();
            next.remove(i);
            next.extend([a, r - 2 - a]);
            out.push(key(next));
        }
    }
    out
}

impl Direct {
    /// Whether the player to move wins: with no move, yes (the last mover
    /// lost); otherwise when some move leaves a loss for the opponent.
    fn wins(&mut self, rows: &[usize]) -> bool {
        let k = key(rows.iter().copied());
        if let Some(&w) = self.wins.get(&k) {
            return w;
        }
        let next = moves(&k);
        let w = next.is_empty() || next.iter().any(|m| !self.wins(m));
        self.wins.insert(k, w);
        w
    }
}

fn sum_text(rows: &[usize]) -> String {
    let parts: Vec<String> = rows.iter().map(|r| format!("d({r}, 0)")).collect();
    parts.join(" + ")
}

/// Single rows up to 24 and a few sums, outcome by outcome; the P-positions
/// among them make sure both verdicts are exercised.
#[test]
fn outcomes_match_the_brute_force() {
    let mut direct = Direct::default();
    let mut sums: Vec<Vec<usize>> = (0..=24).map(|r| vec![r]).collect();
    sums.extend([
        vec![5, 5],
        vec![9, 12],
        vec![4, 7, 10],
        vec![2, 2, 2],
        vec![6, 8, 11, 3],
    ]);
    let mut program = String::from(GAME);
    for s in &sums {
        program.push_str(&format!("outcome misere {}\n", sum_text(s)));
    }
    let out = common::texts(&program);
    let mut p_count = 0;
    for (s, line) in sums.iter().zip(&out) {
        let want = if direct.wins(s) { "N" } else { "P" };
        p_count += usize::from(want == "P");
        assert_eq!(common::answer_value(line), want, "{s:?}: {line}");
    }
    assert!(p_count >= 3 && p_count < sums.len() - 3, "{p_count}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Random sums: the outcome, and the winning moves (the same positions as
    /// the brute force's, up to rows without a move).
    #[test]
    fn random_sums(rows in prop::collection::vec(0usize..16, 1..5)) {
        thread_local! {
            static DIRECT: std::cell::RefCell<Direct> = std::cell::RefCell::default();
        }
        let text = sum_text(&rows);
        let out = common::texts(&format!("{GAME}outcome misere {text}\nwinning misere {text}\n"));
        DIRECT.with(|d| {
            let mut d = d.borrow_mut();
            let want = if d.wins(&rows) { "N" } else { "P" };
            prop_assert_eq!(common::answer_value(&out[0]), want);
            let mut winning: Vec<Vec<usize>> =
                moves(&key(rows.iter().copied())).into_iter().filter(|m| !d.wins(m)).collect();
            winning.sort();
            winning.dedup();
            // `{d(9, 0) + d(1, 0), …}`: each listed sum as its rows, rows
            // without a move dropped as in the brute force.
            let shown = common::answer_value(&out[1]).replace(", 0)", ")");
            let inner = shown.trim_start_matches('{').trim_end_matches('}');
            let mut listed: Vec<Vec<usize>> = inner
                .split(", ")
                .filter(|g| !g.trim().is_empty())
                .map(|g| {
                    key(g.split(" + ").map(|part| {
                        part.trim().trim_start_matches("d(").trim_end_matches(')').parse().unwrap()
                    }))
                })
                .collect();
            listed.sort();
            listed.dedup();
            prop_assert_eq!(listed, winning);
            Ok(())
        })?;
    }
}

//! The last layer of misère `outcome` and `winning`, the memoised search of
//! the sum, against a brute force written here from the rules.
//!
//! Mostly Dawson's Kayles (octal 0.07: take two adjacent pins from a row,
//! leaving up to two rows) written with a dead second parameter: it is not a
//! one-parameter heap game (no quotient) and it is wild (the tame rule does
//! not apply), so only the search can answer. Then octal 0.06, whose quotient
//! covers only the smaller rows, for the search that reads those off it.

use crate::common;

use proptest::prelude::*;
use std::collections::HashMap;

const GAME: &str = "game d(n: nat, c: nat) {\n    \
    move d(a, c) + d(n - 2 - a, c) for a in 0..=n-2 where a <= n - 2 - a\n}\n";

/// A heap game's moves from one row, each as the rows it leaves.
type RowMoves = fn(usize) -> Vec<Vec<usize>>;

/// Dawson's Kayles, 0.07: two adjacent pins from a row of `r`, leaving up to
/// two rows.
fn dawson(r: usize) -> Vec<Vec<usize>> {
    if r < 2 {
        return Vec::new();
    }
    (0..=(r - 2) / 2).map(|a| vec![a, r - 2 - a]).collect()
}

/// Octal 0.06: two adjacent pins from a row, leaving one or two rows (never
/// none, so a row of 2 has no move).
fn octal_06(r: usize) -> Vec<Vec<usize>> {
    if r < 3 {
        return Vec::new();
    }
    let mut out = vec![vec![r - 2]];
    out.extend(
        (1..=(r - 2) / 2)
            .filter(|&a| r - 2 - a >= 1)
            .map(|a| vec![a, r - 2 - a]),
    );
    out
}

/// Misère outcomes of sums of rows, rows without a move dropped (they change
/// nothing).
struct Direct {
    rows: RowMoves,
    wins: HashMap<Vec<usize>, bool>,
}

impl Direct {
    fn new(rows: RowMoves) -> Direct {
        Direct {
            rows,
            wins: HashMap::new(),
        }
    }

    fn key(&self, rows: impl IntoIterator<Item = usize>) -> Vec<usize> {
        let mut k: Vec<usize> = rows
            .into_iter()
            .filter(|&r| !(self.rows)(r).is_empty())
            .collect();
        k.sort_unstable();
        k
    }

    /// The sums one move leads to, one per (row, move).
    fn moves(&self, rows: &[usize]) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for (i, &r) in rows.iter().enumerate() {
            for left in (self.rows)(r) {
                let mut next: Vec<usize> = rows.to_vec();
                next.remove(i);
                next.extend(left);
                out.push(self.key(next));
            }
        }
        out
    }

    /// Whether the player to move wins: with no move, yes (the last mover
    /// lost); otherwise when some move leaves a loss for the opponent.
    fn wins(&mut self, rows: &[usize]) -> bool {
        let k = self.key(rows.iter().copied());
        if let Some(&w) = self.wins.get(&k) {
            return w;
        }
        let next = self.moves(&k);
        let w = next.is_empty() || next.iter().any(|m| !self.wins(m));
        self.wins.insert(k, w);
        w
    }

    /// The sums after a winning move, sorted, without repeats.
    fn winning(&mut self, rows: &[usize]) -> Vec<Vec<usize>> {
        let k = self.key(rows.iter().copied());
        let mut out: Vec<Vec<usize>> = self
            .moves(&k)
            .into_iter()
            .filter(|m| !self.wins(m))
            .collect();
        out.sort();
        out.dedup();
        out
    }
}

/// The sums of an answer `{g(9) + g(1), …}` as rows, rows without a move
/// dropped as in the brute force (`extra` is stripped from each part first).
fn listed(direct: &Direct, answer: &str, name: &str, extra: &str) -> Vec<Vec<usize>> {
    let shown = common::answer_value(answer).replace(extra, ")");
    let inner = shown.trim_start_matches('{').trim_end_matches('}');
    let mut out: Vec<Vec<usize>> = inner
        .split(", ")
        .filter(|g| !g.trim().is_empty())
        .map(|g| {
            direct.key(g.split(" + ").map(|part| {
                part.trim()
                    .trim_start_matches(name)
                    .trim_start_matches('(')
                    .trim_end_matches(')')
                    .parse()
                    .unwrap()
            }))
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

fn sum_text(rows: &[usize]) -> String {
    let parts: Vec<String> = rows.iter().map(|r| format!("d({r}, 0)")).collect();
    parts.join(" + ")
}

/// Single rows up to 24 and a few sums, outcome by outcome; the P-positions
/// among them make sure both verdicts are exercised.
#[test]
fn outcomes_match_the_brute_force() {
    let mut direct = Direct::new(dawson);
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

/// Sums of octal 0.06 rows with one row of 17 to 24. Its automatic quotient
/// stops converging at row 17, so grundy keeps the quotient of the rows up to
/// 16 and searches the sum, reading every position whose rows are all ≤ 16
/// off that quotient: outcomes and winning moves must match the brute force.
#[test]
fn search_with_a_quotient_for_the_smaller_rows() {
    let mut direct = Direct::new(octal_06);
    // A fixed xorshift sequence: the same sums on every run.
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let mut sums: Vec<Vec<usize>> = Vec::new();
    for _ in 0..24 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let mut rows = vec![17 + (x % 8) as usize];
        let more = (x >> 3) % 3;
        for i in 0..more {
            rows.push(((x >> (8 * (i + 1))) % 15) as usize);
        }
        sums.push(rows);
    }
    let text = |rows: &Vec<usize>| {
        let parts: Vec<String> = rows.iter().map(|r| format!("g({r})")).collect();
        parts.join(" + ")
    };
    let mut program = String::from("game g = octal \"0.06\"\n");
    for s in &sums {
        program.push_str(&format!(
            "outcome misere {}\nwinning misere {}\n",
            text(s),
            text(s)
        ));
    }
    let out = common::texts(&program);
    let mut p_count = 0;
    for (s, pair) in sums.iter().zip(out.chunks(2)) {
        let want = if direct.wins(s) { "N" } else { "P" };
        p_count += usize::from(want == "P");
        assert_eq!(common::answer_value(&pair[0]), want, "{s:?}: {}", pair[0]);
        assert_eq!(
            listed(&direct, &pair[1], "g", ")"),
            direct.winning(s),
            "{s:?}: {}",
            pair[1]
        );
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
            static DIRECT: std::cell::RefCell<Direct> = std::cell::RefCell::new(Direct::new(dawson));
        }
        let text = sum_text(&rows);
        let out = common::texts(&format!("{GAME}outcome misere {text}\nwinning misere {text}\n"));
        DIRECT.with(|d| {
            let mut d = d.borrow_mut();
            let want = if d.wins(&rows) { "N" } else { "P" };
            prop_assert_eq!(common::answer_value(&out[0]), want);
            let winning = d.winning(&rows);
            let listed = listed(&d, &out[1], "d", ", 0)");
            prop_assert_eq!(listed, winning);
            Ok(())
        })?;
    }
}

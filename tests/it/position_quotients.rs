//! `quotient G` of a position (issue 40 item 4): the misère quotient of every
//! position reachable from it, by linearisation. The truth is Plambeck and
//! Whitehead's quotient of Notakto (X-only tic-tac-toe, *The secrets of
//! Notakto*, arXiv:1301.1672: eighteen elements, four of them P), Nim's
//! (the misère quotient of Nim heaps of size at most 1 is
//! ⟨a | a² = 1⟩, P = {a}), and a misère search over pairs of Notakto boards
//! written here.

use std::collections::HashMap;

/// Notakto: X's on a 3 × 3 board; a board with three in a row is dead, and
/// whoever makes the last move (kills the last live board) loses, so it is
/// misère play of "place an X on a live board".
const NOTAKTO: &str = r#"let lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]
let dead(b) = any(b[l[0]] == "X" and b[l[1]] == "X" and b[l[2]] == "X" for l in lines)
game notakto(b: string) {
    move b[0..i] ++ "X" ++ b[(i + 1)..9] for i in 0..9 where b[i] == "." and not dead(b)
}
"#;

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

fn dead(b: u16) -> bool {
    LINES.iter().any(|l| l.iter().all(|&i| b >> i & 1 == 1))
}

/// The moves of one board (bitmask of X's).
fn moves(b: u16) -> Vec<u16> {
    if dead(b) {
        return Vec::new();
    }
    (0..9)
        .filter(|i| b >> i & 1 == 0)
        .map(|i| b | 1 << i)
        .collect()
}

/// True when the player to move wins the pair of boards under misère play
/// (the player without a move wins).
fn pair_wins(a: u16, b: u16, memo: &mut HashMap<(u16, u16), bool>) -> bool {
    let key = (a.min(b), a.max(b));
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut any = false;
    let mut wins = false;
    for m in moves(a) {
        any = true;
        wins |= !pair_wins(m, b, memo);
    }
    for m in moves(b) {
        any = true;
        wins |= !pair_wins(a, m, memo);
    }
    let w = !any || wins;
    memo.insert(key, w);
    w
}

fn board(b: u16) -> String {
    (0..9)
        .map(|i| if b >> i & 1 == 1 { 'X' } else { '.' })
        .collect()
}

fn quotient_json(program: &str) -> serde_json::Value {
    let mut engine = grundy::Engine::default();
    let answers = engine
        .run_program(program)
        .unwrap_or_else(|p| panic!("{}: {}", p.message, p.help));
    grundy::report::json(answers.last().unwrap(), &engine.namer())
}

#[test]
fn notakto_has_the_published_eighteen_element_quotient() {
    let q = quotient_json(&format!("{NOTAKTO}quotient notakto(\".........\")"));
    assert_eq!(q["order"], 18, "{q}");
    assert_eq!(q["p"].as_array().unwrap().len(), 4, "{q}");
    // One board is a first-player win (take the centre).
    assert_eq!(q["outcome"], "N", "{q}");
}

#[test]
fn sums_of_notakto_boards_agree_with_a_misere_search() {
    let mut memo = HashMap::new();
    // Boards reached by a few X's, live or dead.
    let boards: [u16; 8] = [
        0,
        1 << 4,
        1,
        1 | 1 << 8,
        1 | 1 << 1,
        1 << 1 | 1 << 7,
        0b111,
        1 | 1 << 5 | 1 << 7,
    ];
    for &a in &boards {
        for &b in &boards {
            let want = if pair_wins(a, b, &mut memo) { "N" } else { "P" };
            let program = format!(
                "{NOTAKTO}quotient notakto(\"{}\") + notakto(\"{}\")",
                board(a),
                board(b)
            );
            let q = quotient_json(&program);
            assert_eq!(q["outcome"], want, "{} + {}", board(a), board(b));
            // The direct misère search agrees too.
            let direct = quotient_json(&format!(
                "{NOTAKTO}outcome misere notakto(\"{}\") + notakto(\"{}\")",
                board(a),
                board(b)
            ));
            assert_eq!(direct["value"], want, "{} + {}", board(a), board(b));
        }
    }
}

#[test]
fn nim_heaps_of_one_give_the_two_element_quotient() {
    // Misère Nim with heaps of at most 1: a sum is P exactly when it has an
    // odd number of heaps, so the quotient is ⟨a | a² = 1⟩ with P = {a}.
    let q = quotient_json("game nim(n: nat) { move n - k for k in 1..=n }\nquotient nim(1)");
    assert_eq!(q["order"], 2, "{q}");
    assert_eq!(q["p"], serde_json::json!(["a"]), "{q}");
    assert_eq!(q["outcome"], "P", "{q}");
    let q =
        quotient_json("game nim(n: nat) { move n - k for k in 1..=n }\nquotient nim(1) + nim(1)");
    assert_eq!(q["outcome"], "N", "{q}");
}

#[test]
fn a_loopy_or_partizan_position_has_no_quotient() {
    let p = crate::common::problem("game cyc(n: nat) { move (n + 1) % 3 }\nquotient cyc(0)");
    assert!(
        p.message.contains("loopy") || p.message.contains("cycle"),
        "{}",
        p.message
    );
    let p = crate::common::problem("quotient {1 | -1}");
    assert!(p.message.contains("partizan"), "{}", p.message);
}

/// True when the player to move wins a sum of boards under misère play (the
/// boards sorted and packed 9 bits each as the memo's key).
fn sum_wins(boards: &mut [u16], memo: &mut HashMap<u64, bool>) -> bool {
    boards.sort_unstable();
    let key = boards.iter().fold(0u64, |k, &b| k << 9 | u64::from(b));
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut any = false;
    let mut wins = false;
    for i in 0..boards.len() {
        for m in moves(boards[i]) {
            any = true;
            let mut next = boards.to_vec();
            next[i] = m;
            if !sum_wins(&mut next, memo) {
                wins = true;
            }
        }
    }
    let w = !any || wins;
    memo.insert(key, w);
    w
}

#[test]
fn misere_outcomes_of_several_boards_come_from_the_quotient() {
    // Three and four boards with several X's each: the outcome `outcome
    // misere` gives (read off the linearised quotient: these sums have more
    // than one component of a game that is not a heap game) against a search
    // written here.
    let mut memo = HashMap::new();
    let sums: [&[u16]; 6] = [
        &[1 | 1 << 8 | 1 << 1, 1 << 4 | 1 << 3, 0b11 | 1 << 5],
        &[
            1 << 4 | 1 | 1 << 7,
            1 << 4 | 1 << 2 | 1 << 3,
            1 << 4 | 1 << 6 | 1 << 5,
        ],
        &[0b011_000_011, 0b110_000_011, 0b101_000_101],
        &[0b011_010_001, 0b100_011_001, 0b001_100_011, 0b010_101_000],
        &[0b011_000_110, 0b000_101_011, 0b110_001_001, 0b001_011_100],
        &[0b111, 1 << 4 | 1 | 1 << 5, 1 << 4 | 1 << 1 | 1 << 6],
    ];
    for boards in sums {
        let want = if sum_wins(&mut boards.to_vec(), &mut memo) {
            "N"
        } else {
            "P"
        };
        let sum: Vec<String> = boards
            .iter()
            .map(|&b| format!("notakto(\"{}\")", board(b)))
            .collect();
        let got = quotient_json(&format!("{NOTAKTO}outcome misere {}", sum.join(" + ")));
        assert_eq!(got["value"], want, "{}", sum.join(" + "));
    }
}

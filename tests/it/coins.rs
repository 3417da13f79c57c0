//! Coin-turning games: a row written as users write it (`"THHTH"`, grids with `/`)
//! must have the value of playing the real row with real flips; nim arithmetic
//! is a field; products of coin games are nim products.

use grundy::internals::{nim_inv, nim_mul};
use grundy::{Answer, Engine, Mode};
use proptest::prelude::*;
use std::collections::HashMap;

const GAMES: &str = "
game turtles(x: nat) { move sum(turtles(y) for y in T) for T in subsets(0..x, 0..=1) }
game mock(x: nat) { move sum(mock(y) for y in T) for T in subsets(0..x, 0..=2) }
game ruler(n: nat) { move sum(ruler(y) for y in a..n) for a in 1..=n }
game twins(x: nat) { move sum(twins(y) for y in T) for T in subsets(0..x, 1..=1) }
game corners(x: nat, y: nat) { move corners(a, b) + corners(a, y) + corners(x, b) for a in 0..x, b in 0..y }
game tt = tartan(turtles, turtles)
";

fn grundy_of(query: &str) -> u64 {
    let program = format!("{GAMES}\ngrundy {query}");
    let mut engine = Engine::default();
    let stmts = engine
        .load(&program, false)
        .unwrap_or_else(|p| panic!("{}", p[0].message));
    let mut last = None;
    for s in &stmts {
        last = engine
            .run(s, Mode::Run)
            .unwrap_or_else(|p| panic!("{query}: {}", p.message));
    }
    match last {
        Some(Answer::Grundy { value, .. }) => value,
        other => panic!("{other:?}"),
    }
}

/// The turning sets of a real coin move with rightmost (head) coin `x`, by rule.
fn turning_sets(rule: &str, x: usize) -> Vec<Vec<usize>> {
    match rule {
        // the head, and at most one coin to its left
        "turtles" => std::iter::once(vec![x])
            .chain((0..x).map(|y| vec![y, x]))
            .collect(),
        // the head and up to two coins to its left
        "mock" => {
            let mut sets = vec![vec![x]];
            for a in 0..x {
                sets.push(vec![a, x]);
                for b in a + 1..x {
                    sets.push(vec![a, b, x]);
                }
            }
            sets
        }
        // a run of consecutive coins ending at the head (1-based rows: coin 0 unused)
        _ => (1..=x).map(|a| (a..=x).collect()).collect(),
    }
}

/// The Grundy value of a real row of coins by direct search: flip real coins.
fn real_row(rule: &str, row: Vec<bool>, memo: &mut HashMap<Vec<bool>, u32>) -> u32 {
    if let Some(v) = memo.get(&row) {
        return *v;
    }
    let mut seen = Vec::new();
    for x in 0..row.len() {
        if !row[x] {
            continue;
        }
        for set in turning_sets(rule, x) {
            let mut next = row.clone();
            for c in set {
                next[c] = !next[c];
            }
            seen.push(real_row(rule, next, memo));
        }
    }
    let v = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
    memo.insert(row, v);
    v
}

/// The Grundy value of a real grid for turning corners: flip the four corners.
fn real_grid(grid: Vec<Vec<bool>>, memo: &mut HashMap<Vec<Vec<bool>>, u32>) -> u32 {
    if let Some(v) = memo.get(&grid) {
        return *v;
    }
    let mut seen = Vec::new();
    for x in 0..grid.len() {
        for y in 0..grid[x].len() {
            if !grid[x][y] {
                continue;
            }
            for a in 0..x {
                for b in 0..y {
                    let mut next = grid.clone();
                    for (r, c) in [(x, y), (a, y), (x, b), (a, b)] {
                        next[r][c] = !next[r][c];
                    }
                    seen.push(real_grid(next, memo));
                }
            }
        }
    }
    let v = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
    memo.insert(grid, v);
    v
}

fn text(row: &[bool]) -> String {
    row.iter().map(|&h| if h { 'H' } else { 'T' }).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// `coins(G, "…")` has the value of the real row for turtles, mock turtles and ruler.
    #[test]
    fn rows_agree_with_real_flips(row in prop::collection::vec(any::<bool>(), 1..8)) {
        for rule in ["turtles", "mock"] {
            let real = real_row(rule, row.clone(), &mut HashMap::new());
            prop_assert_eq!(grundy_of(&format!("coins({rule}, \"{}\")", text(&row))), u64::from(real), "{}", rule);
        }
        // ruler is numbered from 1: coin 0 of the real row is unused.
        let mut one_based = vec![false];
        one_based.extend(row.iter().copied());
        let real = real_row("ruler", one_based, &mut HashMap::new());
        prop_assert_eq!(grundy_of(&format!("coins(ruler, \"{}\", 1)", text(&row))), u64::from(real));
    }

    /// Grids with `/` (turning corners) agree with flipping real corners.
    #[test]
    fn grids_agree_with_real_flips(cells in prop::collection::vec(any::<bool>(), 9)) {
        let grid: Vec<Vec<bool>> = cells.chunks(3).map(<[bool]>::to_vec).collect();
        let written = grid.iter().map(|r| text(r)).collect::<Vec<_>>().join("/");
        let real = real_grid(grid, &mut HashMap::new());
        prop_assert_eq!(grundy_of(&format!("coins(corners, \"{written}\")")), u64::from(real));
    }

    /// Nim multiplication makes 0..=255 a field with nim addition (xor).
    #[test]
    fn nim_arithmetic_is_a_field(a in 0u64..256, b in 0u64..256, c in 0u64..256) {
        prop_assert_eq!(nim_mul(a, b), nim_mul(b, a));
        prop_assert_eq!(nim_mul(nim_mul(a, b), c), nim_mul(a, nim_mul(b, c)));
        prop_assert_eq!(nim_mul(a, b ^ c), nim_mul(a, b) ^ nim_mul(a, c));
        prop_assert!(nim_mul(a, b) < 256);
        if a != 0 {
            prop_assert_eq!(nim_mul(a, nim_inv(a).unwrap()), 1);
        }
    }

    /// Exact for any 64-bit operands: the field laws hold there too.
    #[test]
    fn nim_arithmetic_on_64_bits(a in any::<u64>(), b in any::<u64>(), c in any::<u64>()) {
        prop_assert_eq!(nim_mul(a, b ^ c), nim_mul(a, b) ^ nim_mul(a, c));
        prop_assert_eq!(nim_mul(nim_mul(a, b), c), nim_mul(a, nim_mul(b, c)));
        if a != 0 {
            prop_assert_eq!(nim_mul(a, nim_inv(a).unwrap()), 1);
        }
    }
}

#[test]
fn corners_by_rules_is_the_nim_product_table() {
    let mut program = String::from(GAMES);
    for x in 0..32 {
        for y in 0..32 {
            program.push_str(&format!(
                "\nassert grundy corners({x}, {y}) == nimmul({x}, {y})"
            ));
        }
    }
    let mut engine = Engine::default();
    let stmts = engine
        .load(&program, false)
        .unwrap_or_else(|p| panic!("{}", p[0].message));
    let mut passed = 0;
    for s in &stmts {
        if let Some(Answer::Assert {
            passed: ok, line, ..
        }) = engine.run(s, Mode::Run).unwrap()
        {
            assert!(ok, "line {line}");
            passed += 1;
        }
    }
    assert_eq!(passed, 32 * 32);
}

#[test]
fn turtles_times_turtles_is_corners_shifted() {
    // turtles(x) = *(x + 1), so (turtles × turtles)(x, y) = corners(x + 1, y + 1).
    for x in 0..8 {
        for y in 0..8 {
            assert_eq!(
                grundy_of(&format!("tt({x}, {y})")),
                grundy_of(&format!("corners({}, {})", x + 1, y + 1))
            );
        }
    }
}

#[test]
fn tartan_moves_are_real_product_moves() {
    // Every option of a tartan position has the value the product rule gives it.
    let program = format!("{GAMES}\nmoves tt(2, 3)\ngrundy tt(2, 3)");
    let mut engine = Engine::default();
    let stmts = engine.load(&program, false).unwrap();
    let answers: Vec<Answer> = stmts
        .iter()
        .filter_map(|s| engine.run(s, Mode::Run).unwrap())
        .collect();
    let Answer::Moves { moves, .. } = &answers[0] else {
        panic!()
    };
    // turtles has 3 moves from 2 and 4 from 3: 12 product moves.
    assert_eq!(moves.len(), 12);
    let values: Vec<u64> = moves.iter().map(|(_, g)| *g).collect();
    let mex = (0..).find(|v| !values.contains(v)).unwrap();
    assert_eq!(
        answers[1],
        Answer::Grundy {
            expr: "tt(2, 3)".into(),
            value: mex
        }
    );
    assert_eq!(mex, nim_mul(3, 4));
}

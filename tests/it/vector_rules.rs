//! Rules compiled over integer vectors (lists and several integer parameters)
//! against theorems — staircase Nim is Nim on the odd steps, Moore's Nim_k
//! (Moore 1910) has its P-positions where every binary column holds a multiple
//! of k + 1 ones, Chomp's first player wins on every rectangle of at least two
//! squares (strategy stealing, Gale 1974) — and against the general evaluator
//! on random rule games, errors and cycles included.

use crate::common;

use grundy::Limits;
use grundy::{Answer, Engine};
use proptest::prelude::*;

const STAIR: &str = "game stair(s: list) {
    move s with [0] = s[0] - j for j in 1..=s[0]
    move s with [i] = s[i] - j, [i - 1] = s[i - 1] + j for i in 1..len(s), j in 1..=s[i]
}\n";

const MOORE: &str = "game moore2(h: list) {
    move h with [i] = a for i in 0..len(h), a in 0..h[i]
    move h with [i] = a, [j] = b for i in 0..len(h), j in 0..len(h), a in 0..h[i], b in 0..h[j] where i < j
}
game moore3(h: list) {
    move h with [i] = a for i in 0..len(h), a in 0..h[i]
    move h with [i] = a, [j] = b for i in 0..len(h), j in i + 1..len(h), a in 0..h[i], b in 0..h[j]
    move h with [i] = a, [j] = b, [l] = c for i in 0..len(h), j in i + 1..len(h), l in j + 1..len(h),
        a in 0..h[i], b in 0..h[j], c in 0..h[l]
}\n";

const CHOMP: &str = "game chomp(rows: list) {
    move [(if i >= r then min(rows[i], c) else rows[i]) for i in 0..len(rows)]
        for r in 0..len(rows), c in 0..rows[r] where r > 0 or c > 0
}
game chomp3(a: nat, b: nat, c: nat) {
    move (k, min(b, k), min(c, k)) for k in 1..a
    move (a, k, min(c, k)) for k in 0..b
    move (a, b, k) for k in 0..c
}\n";

/// The Grundy values a program's `grundy` queries answer.
fn values(kernels: bool, src: &str) -> Vec<u64> {
    let mut e = common::engine(kernels);
    e.run_program(src)
        .unwrap_or_else(|p| panic!("{}\n{}", p.message, p.help))
        .into_iter()
        .filter_map(|a| match a {
            Answer::Grundy { value, .. } => Some(value),
            _ => None,
        })
        .collect()
}

fn list(xs: &[u64]) -> String {
    let items: Vec<String> = xs.iter().map(u64::to_string).collect();
    format!("[{}]", items.join(", "))
}

/// Moore's criterion: every binary column holds a multiple of k + 1 ones.
fn moore_p(h: &[u64], k: u64) -> bool {
    (0..8).all(|b| (h.iter().filter(|&&x| x >> b & 1 == 1).count() as u64) % (k + 1) == 0)
}

#[test]
fn staircase_nim_is_nim_on_the_odd_steps() {
    let positions = [
        vec![3, 3, 3, 3, 3, 3],
        vec![1, 2, 3],
        vec![3, 0, 3, 5],
        vec![0, 4, 0, 4, 1],
        vec![2, 7],
        // Larger heaps and longer lists.
        vec![250, 8, 1],
        vec![0, 258, 0],
        vec![3, 258, 1],
        vec![1, 0, 1, 0, 1, 0, 1, 1],
        vec![2, 1, 0, 0, 0, 0, 0, 0, 1],
    ];
    let mut src = STAIR.to_string();
    for p in &positions {
        src += &format!("grundy stair({})\n", list(p));
    }
    let got = values(true, &src);
    for (p, v) in positions.iter().zip(&got) {
        let odd = p.iter().step_by(2).fold(0, |x, y| x ^ y);
        assert_eq!(*v, odd, "stair({p:?})");
    }
}

#[test]
fn chomp_by_rows_agrees_with_three_parameters_and_strategy_stealing() {
    let mut src = CHOMP.to_string();
    let mut shapes = Vec::new();
    for a in 1..=12u64 {
        for b in 0..=a {
            for c in (0..=b).step_by(3) {
                shapes.push((a, b, c));
                src += &format!("grundy chomp([{a}, {b}, {c}])\ngrundy chomp3({a}, {b}, {c})\n");
            }
        }
    }
    let got = values(true, &src);
    let general = values(false, &src);
    assert_eq!(got, general);
    for (k, &(a, b, c)) in shapes.iter().enumerate() {
        assert_eq!(got[2 * k], got[2 * k + 1], "chomp({a}, {b}, {c})");
        // Strategy stealing: a full rectangle of two or more squares is N.
        let rectangle = (b == a || b == 0) && (c == b || c == 0) && (a > 1 || b > 0);
        if rectangle {
            assert_ne!(got[2 * k], 0, "rectangle chomp({a}, {b}, {c})");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn moore_positions_follow_the_binary_columns(
        h in prop::collection::vec(0u64..=5, 2..=5),
    ) {
        let src = format!(
            "{MOORE}grundy moore2({l})\ngrundy moore3({l})\n",
            l = list(&h)
        );
        let v = values(true, &src);
        prop_assert_eq!(v[0] == 0, moore_p(&h, 2));
        prop_assert_eq!(v[1] == 0, moore_p(&h, 3));
    }

    #[test]
    fn staircase_values_match_the_theorem(s in prop::collection::vec(0u64..=4, 1..=5)) {
        let v = values(true, &format!("{STAIR}grundy stair({})\n", list(&s)));
        prop_assert_eq!(v[0], s.iter().step_by(2).fold(0, |x, y| x ^ y));
    }
}

/// A random rule game over a list of heaps, built from pieces that exercise
/// every compiled form: ranges, element binders, constant sets, lets, hoisted
/// and late conditions, stop rules, `with`, list literals and comprehensions.
/// With `call`, each option is written as a call of the game itself,
/// `g(h with …)`, which means the same move.
fn random_game(pieces: &[usize], set: &[u64], call: bool) -> String {
    let set: Vec<String> = set.iter().map(u64::to_string).collect();
    let set = format!("{{{}}}", set.join(", "));
    let mut rules = Vec::new();
    for &p in pieces {
        let (option, rest) = match p % 9 {
            0 => (
                "h with [i] = h[i] - k".into(),
                format!("i in 0..len(h), k in {set} where k <= h[i]"),
            ),
            1 => (
                "h with [i] = h[i] - k, [j] = h[j] + k - 1".into(),
                "i in 0..len(h), j in 0..len(h), k in 1..=h[i] where i != j and k >= 2".into(),
            ),
            2 => {
                rules.push("stop when h[0] == 3".to_string());
                continue;
            }
            3 => (
                "[x - 1 for x in h where x > 0]".into(),
                "x0 in h where x0 > 1".into(),
            ),
            4 => (
                "h with [i] = m".into(),
                "i in 0..len(h), m = h[i] / 2 where h[i] > 1".into(),
            ),
            5 => (
                "[min(x, t) for x in h]".into(),
                "t in 0..max(h) where t > 0 and count([x > t for x in h]) > 0".into(),
            ),
            6 => (
                "[h[0] - 1] + [x for x in h][1..]".into(),
                "z in 0..1 where len(h) > 0 and h[0] > 0".into(),
            ),
            7 => (
                "[h[1], h[0]]".into(),
                "z in 0..1 where len(h) == 2 and h[0] > h[1]".into(),
            ),
            _ => (
                "h with [len(h) - 1] = v".to_string(),
                format!("v in {set} where v < h[len(h) - 1]"),
            ),
        };
        let option = if call { format!("g({option})") } else { option };
        rules.push(format!("move {option} for {rest}"));
    }
    format!("game g(h: list) {{\n    {}\n}}\n", rules.join("\n    "))
}

/// A random game of two integers, from rays, subtraction sets, a swap, a
/// halving and a stop rule; with `call`, options are written `g(x - k, y)`
/// rather than `(x - k, y)`.
fn random_pair_game(pieces: &[usize], set: &[u64], call: bool) -> String {
    let set: Vec<String> = set.iter().map(u64::to_string).collect();
    let set = format!("{{{}}}", set.join(", "));
    let mut rules = Vec::new();
    for &p in pieces {
        let (option, rest) = match p % 7 {
            0 => ("x - k, y".to_string(), "k in 1..=x".to_string()),
            1 => ("x, y - k".into(), format!("k in {set} where k <= y")),
            2 => ("x - k, y - k".into(), "k in 1..=min(x, y)".into()),
            3 => ("y, x".into(), "z in 0..1 where x > y".into()),
            4 => ("x - 2, y + 1".into(), "z in 0..1 where x >= 2".into()),
            5 => {
                rules.push("stop when x == 3 and y == 3".to_string());
                continue;
            }
            _ => ("x / 2, y".into(), "z in 0..1 where x > 1".into()),
        };
        let option = if call {
            format!("g({option})")
        } else {
            format!("({option})")
        };
        rules.push(format!("move {option} for {rest}"));
    }
    format!(
        "game g(x: nat, y: nat) {{\n    {}\n}}\n",
        rules.join("\n    ")
    )
}

/// The same queries of a game written with tuples and with calls of itself,
/// compiled, and the tuple form on the general evaluator: all three agree,
/// errors included.
fn agree_three_ways(
    game: impl Fn(bool) -> String,
    queries: &str,
) -> Result<(), proptest::test_runner::TestCaseError> {
    let (plain, called) = (game(false) + queries, game(true) + queries);
    let fast = common::engine(true).run_program(&plain);
    let fast_called = common::engine(true).run_program(&called);
    let general = common::engine(false).run_program(&plain);
    for (name, got) in [("tuples", fast), ("calls", fast_called)] {
        match (got, &general) {
            (Ok(a), Ok(b)) => prop_assert_eq!(&a, b, "{}: {}", name, called),
            (Err(a), Err(b)) => prop_assert_eq!(&a.message, &b.message, "{}: {}", name, called),
            (a, b) => prop_assert!(false, "{name}: {called}\ncompiled: {a:?}\ngeneral: {b:?}"),
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn compiled_rules_agree_with_the_general_evaluator(
        pieces in prop::collection::vec(0usize..9, 1..=4),
        set in prop::collection::btree_set(1u64..=4, 1..=3),
        heaps in prop::collection::vec(prop::collection::vec(0u64..=5, 1..=3), 1..=4),
    ) {
        let set: Vec<u64> = set.into_iter().collect();
        let queries: String = heaps.iter().map(|h| format!("grundy g({})\n", list(h))).collect();
        agree_three_ways(|call| random_game(&pieces, &set, call), &queries)?;
    }

    #[test]
    fn two_integer_rules_agree_written_either_way(
        pieces in prop::collection::vec(0usize..7, 1..=4),
        set in prop::collection::btree_set(1u64..=4, 1..=3),
        at in prop::collection::vec((0u64..=12, 0u64..=12), 1..=4),
    ) {
        let set: Vec<u64> = set.into_iter().collect();
        let queries: String = at.iter().map(|(x, y)| format!("grundy g({x}, {y})\n")).collect();
        agree_three_ways(|call| random_pair_game(&pieces, &set, call), &queries)?;
    }
}

/// What a program answers (or the problem it ends with), with compiled rules
/// on and off.
fn both_results(src: &str) -> (Result<Vec<Answer>, String>, Result<Vec<Answer>, String>) {
    let run = |kernels: bool| {
        common::engine(kernels)
            .run_program(src)
            .map_err(|p| p.message)
    };
    (run(true), run(false))
}

#[test]
fn errors_and_cycles_are_answered_as_the_general_evaluator_answers_them() {
    for (src, fails) in [
        // An index out of range inside a rule.
        ("game g(h: list) { move h with [i + 1] = 0 for i in 0..len(h) where h[i] > 0 }\ngrundy g([1, 2])", true),
        // A negative `nat`.
        ("game g(a: nat, b: nat, c: nat) { move (a - 2, b, c) for k in 0..1 where a > 0 }\ngrundy g(3, 1, 1)", true),
        // A cycle: the loopy analysis takes the position.
        ("game g(h: list) { move h with [0] = 1 - h[0] for k in 0..1 where len(h) > 0 }\ngrundy g([0, 5])", false),
    ] {
        let (fast, general) = both_results(src);
        assert_eq!(fast.is_err(), fails, "{src}: {fast:?}");
        assert_eq!(fast, general, "{src}");
    }
}

#[test]
fn the_position_limit_stops_a_vector_walk() {
    let mut e = Engine::with_limits(Limits {
        max_positions: 1000,
        ..Limits::default()
    });
    let p = e
        .run_program(&format!("{CHOMP}grundy chomp([40, 40, 40])"))
        .expect_err("more than 1000 positions");
    assert!(p.message.contains("positions"), "{}", p.message);
    // The session goes on: a smaller question still answers.
    let small = e
        .run_program("grundy chomp([2, 2])")
        .unwrap_or_else(|p| panic!("{}", p.message));
    assert!(matches!(small.as_slice(), [Answer::Grundy { value, .. }] if *value != 0));
}

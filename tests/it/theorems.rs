//! Property tests: the engine against theorems and against brute force computed
//! here, independently of the engine.

use grundy::{Answer, Engine, Mode};
use proptest::prelude::*;
use std::collections::HashMap;

const NIM: &str = "game nim(n: nat) { move n - k for k in 1..=n }";
const KAYLES: &str = "game kayles(n: nat) {
    move kayles(a) + kayles(n - k - a) for k in 1..=2, a in 0..=n-k where a <= n - k - a
}";
const SUB: &str = "game sub[S](n: nat) { move n - k for k in S where k <= n }";
const WYT: &str = "game wyt(x: nat, y: nat) {
    move (x - k, y) for k in 1..=x
    move (x, y - k) for k in 1..=y
    move (x - k, y - k) for k in 1..=min(x, y)
}";
const MOORE2: &str = "game moore2(h: list) {
    move h with [i] = a for i in 0..len(h), a in 0..h[i]
    move h with [i] = a, [j] = b for i in 0..len(h), j in 0..len(h), a in 0..h[i], b in 0..h[j] where i < j
}";

/// Runs a program and returns its answers; panics on any error.
fn answers_with(program: &str, kernels: bool) -> Vec<Answer> {
    run_with(program, kernels).0
}

/// Runs a program; its answers, and every position they mention as text (in
/// answer order, for `moves` and `winning`).
fn run_with(program: &str, kernels: bool) -> (Vec<Answer>, Vec<Vec<String>>) {
    let mut engine = Engine::with_limits(grundy::Limits {
        kernels,
        ..Default::default()
    });
    let got = engine
        .run_program(program)
        .unwrap_or_else(|p| panic!("{}: {}", program, p.message));
    let namer = engine.namer();
    let shown = got
        .iter()
        .map(|a| match a {
            Answer::Moves { moves, .. } => moves.iter().map(|(m, _)| namer.sum(m)).collect(),
            Answer::Winning { moves, .. } => moves.iter().map(|m| namer.sum(m)).collect(),
            _ => Vec::new(),
        })
        .collect();
    (got, shown)
}

fn answers(program: &str) -> Vec<Answer> {
    answers_with(program, true)
}

fn grundy_of(program: &str) -> u64 {
    match answers(program).last() {
        Some(Answer::Grundy { value, .. }) => *value,
        other => panic!("expected a grundy answer, got {other:?}"),
    }
}

fn outcome_of(program: &str) -> String {
    match answers(program).last() {
        Some(Answer::Outcome { value, .. }) => value.letter().to_string(),
        other => panic!("expected an outcome, got {other:?}"),
    }
}

/// Loads and runs any text with a small position limit; errors are fine, panics are not.
fn load_and_run(text: &str) {
    let mut engine = Engine::with_limits(grundy::Limits {
        max_positions: 10_000,
        ..Default::default()
    });
    if let Ok(stmts) = engine.load(text, false) {
        for s in &stmts {
            if engine.run(s, Mode::Run).is_err() {
                break;
            }
        }
    }
}

// ------------------------------------------------ brute force, independent of grundy

/// A heap of one of three games: 0 = Nim, 1 = Kayles, 2 = subtraction {1, 3, 4}.
type Heap = (u8, u32);

fn heap_moves(h: Heap) -> Vec<Vec<Heap>> {
    let (kind, n) = h;
    let mut out = Vec::new();
    match kind {
        0 => (0..n).for_each(|m| out.push(vec![(0, m)])),
        1 => {
            for k in 1..=2.min(n) {
                let rest = n - k;
                for a in 0..=rest / 2 {
                    out.push(vec![(1, a), (1, rest - a)]);
                }
            }
        }
        _ => [1u32, 3, 4]
            .iter()
            .filter(|&&k| k <= n)
            .for_each(|&k| out.push(vec![(2, n - k)])),
    }
    out
}

/// The Grundy value of a whole sum by mex over the sum's own moves (no nim-sum).
fn brute_sum(heaps: &[Heap], memo: &mut HashMap<Vec<Heap>, u32>) -> u32 {
    let mut key: Vec<Heap> = heaps.iter().copied().filter(|h| h.1 > 0).collect();
    key.sort_unstable();
    if let Some(v) = memo.get(&key) {
        return *v;
    }
    let mut seen = Vec::new();
    for i in 0..key.len() {
        for replacement in heap_moves(key[i]) {
            let mut next: Vec<Heap> = key.clone();
            next.remove(i);
            next.extend(replacement);
            seen.push(brute_sum(&next, memo));
        }
    }
    let v = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
    memo.insert(key, v);
    v
}

fn heap_text(h: Heap) -> String {
    match h.0 {
        0 => format!("nim({})", h.1),
        1 => format!("kayles({})", h.1),
        _ => format!("sub[{{1, 3, 4}}]({})", h.1),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The value of a sum is the nim-sum of its components' values.
    #[test]
    fn sum_rule_matches_direct_search(heaps in prop::collection::vec((0u8..3, 0u32..9), 1..4)) {
        let sum = heaps.iter().map(|h| heap_text(*h)).collect::<Vec<_>>().join(" + ");
        let program = format!("{NIM}\n{KAYLES}\n{SUB}\ngrundy {sum}");
        let expected = brute_sum(&heaps, &mut HashMap::new());
        prop_assert_eq!(grundy_of(&program), u64::from(expected));
    }

    /// Every position's value is the mex of its options' values.
    #[test]
    fn mex_at_every_node(n in 0u32..40, set in prop::collection::btree_set(1i64..7, 1..4)) {
        let set_text = set.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
        for game in [format!("kayles({n})"), format!("sub[{{{set_text}}}]({n})")] {
            let program = format!("{KAYLES}\n{SUB}\nmoves {game}\ngrundy {game}");
            let (got, shown) = run_with(&program, true);
            let (Some(Answer::Moves { moves, .. }), Some(Answer::Grundy { value, .. })) = (got.first(), got.get(1)) else {
                panic!("unexpected answers {got:?}");
            };
            let values: Vec<u64> = moves.iter().map(|(_, g)| *g).collect();
            let mex = (0..).find(|v| !values.contains(v)).unwrap_or(0);
            prop_assert_eq!(*value, mex);
            for (option, (_, g)) in shown[0].iter().zip(moves) {
                prop_assert_eq!(grundy_of(&format!("{KAYLES}\n{SUB}\ngrundy {option}")), *g);
            }
        }
    }

    /// Bouton: a Nim position is P exactly when the nim-sum of its heaps is 0, and
    /// the winning moves are one per heap with a 1 in the nim-sum's top bit
    /// (moves giving the same multiset of heaps are one position).
    #[test]
    fn bouton(heaps in prop::collection::vec(0u32..40, 1..5)) {
        let s = heaps.iter().fold(0, |a, b| a ^ b);
        let sum = heaps.iter().map(|h| format!("nim({h})")).collect::<Vec<_>>().join(" + ");
        let outcome = outcome_of(&format!("{NIM}\noutcome {sum}"));
        prop_assert_eq!(outcome == "P", s == 0);
        let (got, shown) = run_with(&format!("{NIM}\nwinning {sum}"), true);
        let (Some(Answer::Winning { .. }), Some(moves)) = (got.last(), shown.last()) else { panic!("no winning answer") };
        let expected: std::collections::BTreeSet<Vec<u32>> = (0..heaps.len())
            .filter(|&i| s != 0 && heaps[i] ^ s < heaps[i])
            .map(|i| { let mut h = heaps.clone(); h[i] ^= s; h })
            .collect();
        let multiset = |mut h: Vec<u32>| { h.sort_unstable(); h };
        let expected: std::collections::BTreeSet<Vec<u32>> = expected.into_iter().map(multiset).collect();
        let got: Vec<Vec<u32>> = moves
            .iter()
            .map(|m| multiset(m.split(" + ").map(|c| c.trim_start_matches("nim(").trim_end_matches(')').parse().unwrap_or(u32::MAX)).collect()))
            .collect();
        prop_assert_eq!(got.len(), expected.len(), "each position once");
        prop_assert_eq!(got.into_iter().collect::<std::collections::BTreeSet<_>>(), expected);
    }

    /// Misère Nim: with every heap at most 1, P iff the number of 1-heaps is odd;
    /// otherwise P iff the nim-sum is 0.
    #[test]
    fn misere_nim(heaps in prop::collection::vec(0u32..6, 1..5)) {
        let s = heaps.iter().fold(0, |a, b| a ^ b);
        let expected_p = if heaps.iter().all(|&h| h <= 1) { heaps.iter().filter(|&&h| h == 1).count() % 2 == 1 } else { s == 0 };
        let sum = heaps.iter().map(|h| format!("nim({h})")).collect::<Vec<_>>().join(" + ");
        prop_assert_eq!(outcome_of(&format!("{NIM}\noutcome misere {sum}")) == "P", expected_p);
    }

    /// Moore's Nim_2: P iff every binary column holds a multiple of 3 ones.
    #[test]
    fn moore_nim_2(heaps in prop::collection::vec(0u32..6, 2..4)) {
        let columns_ok = (0..3).all(|bit| heaps.iter().filter(|&&h| h >> bit & 1 == 1).count() % 3 == 0);
        let list = heaps.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        prop_assert_eq!(outcome_of(&format!("{MOORE2}\noutcome moore2([{list}])")) == "P", columns_ok);
    }

    /// Compiled kernels give exactly the general evaluator's values.
    #[test]
    fn kernels_agree_with_the_evaluator(set in prop::collection::btree_set(1i64..9, 1..4), n in 0usize..120) {
        let set_text = set.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
        let program = format!(
            "{KAYLES}\n{SUB}\ngame daisy(n: nat) {{ move kayles(n - k) for k in 1..=min(2, n) }}\n\
             game take[m](n: nat) {{ move n - k for k in 1..=min(m, n) }}\n\
             game odd(n: nat) {{ move n - k for k in 1..=n where k % 2 == 1 and k != 3 }}\n\
             sequence kayles 0..={n}\nsequence sub[{{{set_text}}}] 0..={n}\nsequence daisy 0..={n}\n\
             sequence take[3] 0..={n}\nsequence odd 0..={n}\ngrundy {}",
            if n % 2 == 0 { format!("kayles({n}) + *3") } else { format!("sub[{{{set_text}}}]({n}) + daisy({n})") }
        );
        prop_assert_eq!(answers_with(&program, true), answers_with(&program, false));
    }

    /// Two-heap games that slide along rows, columns and diagonals (per-line mex
    /// sets where every move is a whole ray, the kernel otherwise) give the general
    /// evaluator's values.
    #[test]
    fn line_sweeps_agree_with_the_evaluator(m in 1i64..30, x in 0u32..26, y in 0u32..26, diagonal in any::<bool>()) {
        let diag = if diagonal { "move (x - k, y - k) for k in 1..=min(x, y)" } else { "" };
        let program = format!(
            "game wr[m](x: nat, y: nat) {{\n move (x - k, y) for k in 1..=min(x, m)\n move (x, y - k) for k in 1..=y\n {diag}\n}}\n\
             grundy wr[{m}]({x}, {y})\ngrundy wr[{m}]({y}, {x}) + wr[{m}](3, 4)\noutcome wr[{m}]({x}, {y})"
        );
        prop_assert_eq!(answers_with(&program, true), answers_with(&program, false));
    }

    /// No input makes the loader panic: every string gets answers or diagnostics.
    #[test]
    fn any_string_never_panics(text in "[a-z0-9 (){}\\[\\],.=+*<>@\"#:;\n_-]{0,80}") {
        load_and_run(&text);
    }

    /// Programs built from the language's own pieces never panic either.
    #[test]
    fn token_soup_never_panics(tokens in prop::collection::vec(prop::sample::select(vec![
        "game", "g", "(", ")", "n", ":", "nat", "{", "}", "move", "n", "-", "k", "for", "in", "1", "..=", "..",
        "where", "<=", "grundy", "g(3)", "+", "*2", "sequence", "0..5", "\n", ";", "assert", "==", "[", "]",
        "with", "=", "let", "x", ",", "sum", "winning", "outcome", "misere", "@c3", "board", "8", "x", "on",
        "\"s\"", "if", "then", "else", "not", "and", "or", "%", "/", "0",
    ]), 0..30)) {
        let text = tokens.join(" ");
        load_and_run(&text);
    }
}

/// Wythoff: P-positions are exactly the Beatty pairs (⌊kφ⌋, ⌊kφ²⌋) in either order.
/// Wythoff written with calls of the game itself, valued on a box past 2,048
/// squares a side (the per-line fill covers it whole): the P-positions are the
/// Beatty pairs (⌊kφ⌋, ⌊kφ⌋ + k) (Wythoff 1907), and each pair's neighbours
/// along a line are not P.
#[test]
fn wythoff_by_calls_on_a_large_box_has_the_beatty_pairs() {
    let game = "game wyt(x: nat, y: nat) {
    move wyt(x - k, y) for k in 1..=x
    move wyt(x, y - k) for k in 1..=y
    move wyt(x - k, y - k) for k in 1..=min(x, y)
}";
    let n = 2100u64;
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let mut program = format!("{game}\ngrundy wyt({n}, {n})");
    let mut want = Vec::new();
    for k in 1..n {
        let a = (k as f64 * phi).floor() as u64;
        let b = a + k;
        if b > n {
            break;
        }
        for (x, y, p) in [
            (a, b, true),
            (b, a, true),
            (a, b - 1, false),
            (a + 1, b, false),
        ] {
            program.push_str(&format!("\ngrundy wyt({x}, {y})"));
            want.push((x, y, p));
        }
    }
    let got = answers(&program);
    assert!(want.len() > 2000);
    for ((x, y, p), answer) in want.iter().zip(got.iter().skip(1)) {
        let Answer::Grundy { value, .. } = answer else {
            panic!("expected a grundy answer, got {answer:?}")
        };
        assert_eq!(*value == 0, *p, "wyt({x}, {y})");
    }
}

#[test]
fn wythoff_p_positions_are_beatty_pairs() {
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let mut beatty = std::collections::HashSet::new();
    for k in 0..30u32 {
        let a = (f64::from(k) * phi).floor() as u32;
        let b = a + k;
        beatty.insert((a, b));
        beatty.insert((b, a));
    }
    let mut program = String::from(WYT);
    for x in 0..25 {
        for y in 0..25 {
            program.push_str(&format!("\noutcome wyt({x}, {y})"));
        }
    }
    let got = answers(&program);
    let mut i = 0;
    for x in 0..25u32 {
        for y in 0..25u32 {
            let Some(Answer::Outcome { value, .. }) = got.get(i) else {
                panic!("missing answer")
            };
            assert_eq!(
                *value == grundy::Outcome::P,
                beatty.contains(&(x, y)),
                "wyt({x}, {y})"
            );
            i += 1;
        }
    }
}

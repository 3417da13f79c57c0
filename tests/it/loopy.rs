//! Loopy games through the language, against independent brute force: outcomes
//! of random small graphs (P/N/D by a fixpoint computed here), generalised
//! values checked through the sum with a Nim heap on the product graph, and
//! play that never cycles while the machine is winning.

use crate::common;

use grundy::repl::Session;
use grundy::{Answer, Outcome};
use proptest::prelude::*;

/// The program of a graph: node v's options are `edges[v]`.
fn program(edges: &[Vec<usize>]) -> String {
    let lists: Vec<String> = edges
        .iter()
        .map(|e| {
            format!(
                "[{}]",
                e.iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })
        .collect();
    format!(
        "let E = [{}]\ngame g(v: nat) {{ move w for w in E[v] }}\ngame nim(n: nat) {{ move n - k for k in 1..=n }}\n",
        lists.join(", ")
    )
}

/// P/N/D of every node by fixpoint: P when every option is N (terminal
/// included), N when some option is P, the rest D.
fn brute(edges: &[Vec<usize>]) -> Vec<Outcome> {
    let n = edges.len();
    let mut out: Vec<Option<Outcome>> = vec![None; n];
    loop {
        let mut changed = false;
        for v in 0..n {
            if out[v].is_some() {
                continue;
            }
            if edges[v].iter().any(|&w| out[w] == Some(Outcome::P)) {
                out[v] = Some(Outcome::N);
                changed = true;
            } else if edges[v].iter().all(|&w| out[w] == Some(Outcome::N)) {
                out[v] = Some(Outcome::P);
                changed = true;
            }
        }
        if !changed {
            return out.into_iter().map(|o| o.unwrap_or(Outcome::D)).collect();
        }
    }
}

/// The product of the graph with a Nim heap of `h`: node (v, k) = v * (h + 1) + k.
fn with_heap(edges: &[Vec<usize>], h: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for (v, options) in edges.iter().enumerate() {
        for k in 0..=h {
            let mut opts: Vec<usize> = options.iter().map(|&w| w * (h + 1) + k).collect();
            opts.extend((0..k).map(|j| v * (h + 1) + j));
            out.push(opts);
        }
    }
    out
}

fn graph() -> impl Strategy<Value = Vec<Vec<usize>>> {
    (2usize..7).prop_flat_map(|n| prop::collection::vec(prop::collection::vec(0..n, 0..3), n))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// `outcome` of every node agrees with the fixpoint, and the value of g(v)
    /// plus a heap of h agrees with the fixpoint on the product graph.
    #[test]
    fn outcomes_and_sums_match_brute_force(edges in graph(), h in 0usize..3) {
        let mut src = program(&edges);
        for v in 0..edges.len() {
            src.push_str(&format!("outcome g({v})\noutcome g({v}) + nim({h})\n"));
        }
        let got = common::answers(&src);
        let single = brute(&edges);
        let product = brute(&with_heap(&edges, h));
        for (v, expected) in single.iter().enumerate() {
            let (Answer::Outcome { value: a, .. }, Answer::Outcome { value: b, .. }) = (&got[2 * v], &got[2 * v + 1]) else {
                panic!("{got:?}")
            };
            prop_assert_eq!(*a, *expected, "g({}) in {:?}", v, edges);
            prop_assert_eq!(*b, product[v * (h + 1) + h], "g({}) + nim({}) in {:?}", v, h, edges);
        }
    }
}

/// In a loopy game the machine, when winning, never lets a position repeat and
/// wins; when the user keeps a draw, a third repetition ends the game.
#[test]
fn play_wins_without_cycling() {
    // From 0 the user must move into the cycle 1 → 2 → 3 → 1 with exits to the
    // terminal 4 from 3, and to 5 (whose only move is to 4) from 1.
    let edges = vec![vec![1], vec![2, 5], vec![3], vec![1, 4], vec![], vec![4]];
    let mut s = Session::default();
    let r = s.eval(&program(&edges));
    assert!(!r.error, "{}", r.text);
    let single = brute(&edges);
    // Every start where the user, moving first, is lost: the machine must win.
    for start in 0..edges.len() {
        if single[start] != Outcome::P || edges[start].is_empty() {
            continue;
        }
        for choice in 1..=2 {
            let r = s.eval(&format!("play g({start})"));
            assert!(!r.error, "{}", r.text);
            let mut machine_positions = Vec::new();
            let mut finished = false;
            for _ in 0..40 {
                let r = s.eval(&choice.to_string());
                let r = if r.error { s.eval("1") } else { r };
                assert!(!r.error, "{}", r.text);
                assert!(!r.text.contains("draw"), "a won game was drawn: {}", r.text);
                if let Some(line) = r.text.lines().find(|l| l.starts_with("I move to")) {
                    assert!(
                        !machine_positions.contains(&line.to_string()),
                        "the machine repeated {line}"
                    );
                    machine_positions.push(line.to_string());
                }
                if r.text.contains("I win") {
                    finished = true;
                    break;
                }
                assert!(!r.text.contains("you win"), "{}", r.text);
            }
            assert!(finished, "play from g({start}) did not end");
        }
    }
}

#[test]
fn a_drawn_game_ends_after_repetitions() {
    let edges = vec![vec![1], vec![0]];
    let mut s = Session::default();
    assert!(!s.eval(&program(&edges)).error);
    let r = s.eval("play g(0)");
    assert!(r.text.contains("position: g(0)"), "{}", r.text);
    let mut text = String::new();
    for _ in 0..5 {
        let r = s.eval("1");
        text = r.text;
        if text.contains("draw") {
            break;
        }
    }
    assert!(text.contains("the game is a draw"), "{text}");
}

#[test]
fn generalised_values_read_back_and_show_in_json() {
    let src = format!(
        "{}grundy g(0)\ngrundy g(2)\n",
        program(&[vec![0, 1], vec![], vec![2, 3], vec![2]])
    );
    let mut e = grundy::Engine::default();
    let got = e.run_program(&src).unwrap();
    let namer = e.namer();
    let shown: Vec<String> = got
        .iter()
        .filter_map(|a| grundy::report::text(a, &namer))
        .collect();
    // g(0): a self-loop with an exit to the terminal g(1): inf{0}.
    assert_eq!(shown[0], "grundy g(0) = inf{0}");
    // g(2) ⇄ g(3) with a self-loop on g(2), no exit: inf{}.
    assert_eq!(shown[1], "grundy g(2) = inf{}");
    assert_eq!(
        grundy::report::json(&got[0], &namer).to_string(),
        r#"{"query":"grundy","expr":"g(0)","value":{"inf":[0]}}"#
    );
    // The printed form is an expression that compares equal.
    let asserted = format!(
        "{}assert grundy g(0) == inf{{0}}\nassert grundy g(2) == inf{{}}\n",
        program(&[vec![0, 1], vec![], vec![2, 3], vec![2]])
    );
    let got = common::answers(&asserted);
    assert!(
        got.iter()
            .all(|a| matches!(a, Answer::Assert { passed: true, .. })),
        "{got:?}"
    );
}

//! The tame layer of misère play against Bouton's theorem for misère Nim
//! (Winning Ways ch. 13; Conway, ONAG ch. 12): a sum of Nim heaps is a misère
//! P-position iff every heap is at most 1 and the number of 1-heaps is odd, or
//! some heap is at least 2 and the nim-sum is 0. Heaps here are far beyond what
//! a search of the sum could reach, and nimbers beyond what it could expand.

use crate::common;

use proptest::prelude::*;

const NIM: &str = "game nim(n: nat) { move n - k for k in 1..=n }\n";

/// Misère Nim as users write it: a move to a smaller heap, to a call of the
/// game itself, or to a call counted down from the top.
const NIM_FORMS: [&str; 3] = [
    NIM,
    "game nim(n: nat) { move nim(k) for k in 0..n }\n",
    "game nim(n: nat) { move nim(n - k) for k in 1..=n }\n",
];

fn bouton_p(heaps: &[u64]) -> bool {
    let x = heaps.iter().fold(0, |a, b| a ^ b);
    if heaps.iter().all(|&h| h <= 1) {
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
    } else {
        x == 0
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn misere_nim_outcomes_follow_bouton(
        heaps in prop::collection::vec(0u64..400, 1..5),
        form in 0..NIM_FORMS.len(),
    ) {
        let sum = heaps.iter().map(|h| format!("nim({h})")).collect::<Vec<_>>().join(" + ");
        let out = common::texts(&format!("{}outcome misere {sum}", NIM_FORMS[form]));
        let want = if bouton_p(&heaps) { "P" } else { "N" };
        prop_assert_eq!(common::answer_value(&out[0]), want);
    }

    #[test]
    fn misere_nimber_sums_follow_bouton(heaps in prop::collection::vec(0u64..5_000_000, 1..6)) {
        let sum = heaps.iter().map(|h| format!("*{h}")).collect::<Vec<_>>().join(" + ");
        let out = common::texts(&format!("outcome misere {sum}\nwinning misere {sum}"));
        let want = if bouton_p(&heaps) { "P" } else { "N" };
        prop_assert_eq!(common::answer_value(&out[0]), want);
        // Every listed reply leaves a P-position, and there is one iff N.
        let replies = common::answer_value(&out[1]);
        let inner = replies.trim_start_matches('{').trim_end_matches('}');
        let moves: Vec<Vec<u64>> = inner
            .split(", ")
            .filter(|m| !m.is_empty())
            .map(|m| m.split(" + ").map(|p| p.trim_start_matches('*').parse().unwrap()).collect())
            .collect();
        prop_assert_eq!(moves.is_empty(), want == "P");
        for m in &moves {
            prop_assert!(bouton_p(m), "{:?} is not a P-position", m);
        }
    }
}

#[test]
fn misere_nim_with_large_heaps_answers_at_once() {
    // The example: heaps 1000, 2000, 3000 (nim-sum 1000 ^ 2000 ^ 3000).
    for nim in NIM_FORMS {
        let out = common::texts(&format!(
            "{nim}outcome misere nim(1000) + nim(2000) + nim(3000)\n\
             winning misere nim(1000) + nim(2000) + nim(3000)"
        ));
        assert_eq!(common::answer_value(&out[0]), "N", "{nim}");
        let target = 1000 ^ 2000;
        assert_eq!(
            common::answer_value(&out[1]),
            format!("{{nim(1000) + nim(2000) + nim({target})}}"),
            "{nim}"
        );
    }
}

#[test]
fn genus_of_nim_heaps_by_theory() {
    // ONAG ch. 12: *0 has genus 0^120, *1 has 1^031, *n (n ≥ 2) has n^{n, n⊕2}.
    let out = common::texts(&format!(
        "{NIM}genus nim(0)\ngenus nim(1)\ngenus nim(6)\ngenus nim(300)"
    ));
    let values: Vec<String> = out.iter().map(|a| common::answer_value(a)).collect();
    assert_eq!(values, ["0^120", "1^031", "6^64", "300^(300,302)"]);
    // Nim heaps are tame, hereditarily.
    assert!(out.iter().all(|a| a.ends_with("# tame")), "{out:?}");
}

#[test]
fn genus_of_octal_0_312_by_theory() {
    // Plambeck's page on 0.312 (solved 2003): heaps 1..6 have genus 1^{03131},
    // 2^{20}, 0^{02}, 2^{1420}, 0^{02}, 1^{13}, written here in normal form
    // (the γs stop once they alternate: 1^{03131…} is 1^031).
    let out = common::texts(
        "game g = octal \"0.312\"\ngenus g(1)\ngenus g(2)\ngenus g(3)\ngenus g(4)\ngenus g(5)\ngenus g(6)",
    );
    let values: Vec<String> = out.iter().map(|a| common::answer_value(a)).collect();
    assert_eq!(values, ["1^031", "2^20", "0^02", "2^1420", "0^02", "1^13"]);
}

/// The answers of `program` as text, with compiled rules on or off, or its
/// problem.
fn texts_with(program: &str, kernels: bool) -> Result<Vec<String>, String> {
    let mut engine = common::engine(kernels);
    let answers = engine.run_program(program).map_err(|p| p.message)?;
    let namer = engine.namer();
    Ok(answers
        .iter()
        .filter_map(|a| grundy::report::text(a, &namer))
        .collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Genera of heaps valued bottom-up from compiled rules (options listed
    /// as integers) are the genus walk's, and so are the misère outcomes and
    /// winning moves built on them; rules whose options leave the game (a
    /// negative heap) give the walk's error.
    #[test]
    fn compiled_heap_genera_match_the_walk(
        set in prop::collection::btree_set(1i64..6, 1..4),
        half in any::<bool>(),
        invalid in any::<bool>(),
        a in 0u32..30, b in 0u32..30,
    ) {
        let set = set.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
        let bound = if invalid { "k <= n + 1" } else { "k <= n" };
        let extra = if half { "\n  move n - k for k in 1..=n / 2" } else { "" };
        let program = format!(
            "game g(n: nat) {{\n  move n - k for k in {{{set}}} where {bound}{extra}\n}}\n\
             genus g({a})\nwinning misere g({a}) + g({b})\noutcome misere g({a}) + g({b}) + g(3)"
        );
        prop_assert_eq!(texts_with(&program, true), texts_with(&program, false), "{}", program);
    }
}

/// Halving, `move h(n / 2)`: heap n is a chain of as many forced moves as n
/// has binary digits, so a sum of heaps is played out in the sum of those
/// counts whatever anyone does, and in misère play the player to move loses
/// exactly when that total is odd. Heaps near 10^12 reach only about forty
/// others: the tame layer, which values every heap below when it can, leaves
/// them to the walk instead of refusing them as past the position limit.
#[test]
fn halving_heaps_far_past_the_position_limit() {
    let moves = |n: u64| 64 - n.leading_zeros();
    let sums: [&[u64]; 4] = [
        &[1_000_000_000_000, 7, 3],
        &[1_000_000_000_000],
        &[999_999_999_999, 1 << 50, 5],
        &[(1 << 62) - 1, 2, 1],
    ];
    let mut src = String::from("game h(n: nat) { move h(n / 2) where n > 0 }\n");
    for s in sums {
        let sum: Vec<String> = s.iter().map(|h| format!("h({h})")).collect();
        src.push_str(&format!("outcome misere {}\n", sum.join(" + ")));
    }
    let out = common::texts(&src);
    assert_eq!(out.len(), sums.len());
    for (s, line) in sums.iter().zip(&out) {
        let total: u32 = s.iter().map(|&h| moves(h)).sum();
        let want = if total % 2 == 1 { "P" } else { "N" };
        assert_eq!(common::answer_value(line), want, "{s:?}: {line}");
    }
}

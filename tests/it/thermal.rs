//! Cooling, heating, overheating, Norton products, ordinal sums, reduced
//! canonical forms and atomic weights (issue 40 item 2), checked against the
//! answers in the test suites of CGSuite (`GameTest.scala`, `EvalTest.scala`,
//! `CanonicalShortGameTestCase.scala`) and of the `cgt` crate
//! (`canonical_form.rs`), and against Hackenbush values worked out by hand.
//! CGSuite writes `{a || b | c}` for `{a | {b | c}}`, `x*` for `x + *` and
//! `+-x` for `{x | -x}`; the expectations below are those games in grundy's
//! syntax, compared as values by `assert … ==`.

use crate::common;

/// Runs `assert QUERY == WANT` for each pair and reports every failure.
fn check(cases: &[(&str, &str)]) {
    let mut failures = Vec::new();
    for (query, want) in cases {
        let program = format!("assert {query} == {want}\n{query}");
        let mut engine = grundy::Engine::default();
        match engine.run_program(&program) {
            Ok(answers) => {
                let passed = matches!(
                    answers.first(),
                    Some(grundy::Answer::Assert { passed: true, .. })
                );
                if !passed {
                    let got = answers
                        .last()
                        .and_then(|a| grundy::report::text(a, &engine.namer()))
                        .unwrap_or_default();
                    failures.push(format!("{query}: want {want}, got {got}"));
                }
            }
            Err(p) => failures.push(format!("{query}: {}", p.message)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// CGSuite's `{3||2+*|1+*}`.
const G: &str = "{3 | {2 + * | 1 + *}}";

#[test]
fn cooling_matches_cgsuite_and_cgt() {
    let by = |t: &str| format!("cool {G} by {t}");
    check(&[
        // CGSuite GameTest: cooled by 0, 1/4, 1/2, 5/8, 3/4, 70, −1/2.
        (&by("0"), G),
        (&by("1/4"), "{11/4 | {2 | 3/2}}"),
        (&by("1/2"), "{5/2 | 2 + *}"),
        (&by("5/8"), "{19/8 | 17/8}"),
        (&by("3/4"), "9/4 + *"),
        (&by("70"), "9/4"),
        (&by("-1/2"), "{7/2 | {{5/2 | 3/2} | {1/2 | -1/2}}}"),
        // Numbers cool too, below their (negative) temperature.
        ("cool 1/4 by -1/8", "1/4"),
        ("cool 1/4 by -1/4", "1/4 + *"),
        ("cool 1/4 by -3/8", "{3/8 | 1/8}"),
        // The cgt crate's cooling_works.
        ("cool {2 | -1} by 0", "{2 | -1}"),
        ("cool {2 | -1} by 1/2", "{3/2 | -1/2}"),
        ("cool {2 | -1} by 1", "{1 | 0}"),
        ("cool {2 | -1} by 3/2", "1/2 + *"),
        ("cool {2 | -1} by 2", "1/2"),
        ("cool {2 | -1} by 3", "1/2"),
        ("cool {2 | -1} by 42", "1/2"),
    ]);
}

#[test]
fn heating_matches_cgsuite() {
    let by = |t: &str| format!("heat {G} by {t}");
    check(&[
        // CGSuite GameTest: heated by 0, 1/2, 1, −3/4, −1, −2, −3, −4, *.
        (&by("0"), G),
        (&by("1/2"), "{7/2 | {{5/2 | 3/2} | {1/2 | -1/2}}}"),
        (&by("1"), "{4 | {{3 | 1} | {0 | -2}}}"),
        (&by("-3/4"), "9/4 + *"),
        (&by("-1"), "9/4"),
        (&by("-2"), "3/2"),
        (&by("-3"), "1"),
        (&by("-4"), "0"),
        (&by("*"), "{3 + * | {2 | 1}}"),
        // CGSuite EvalTest: *, *2, ^, ^*, ^^ heated by 2; ^^ by *.
        ("heat * by 2", "{2 | -2}"),
        ("heat *2 by 2", "{2, {4 | 0} | -2, {0 | -4}}"),
        ("heat ^ by 2", "{2 | {0 | -4}}"),
        ("heat ^* by 2", "{2, {4 | 0} | -2}"),
        ("heat ^^ by 2", "{2 | {0, {2 | -2} | -4}}"),
        ("heat ^^ by *", "0"),
        // Numbers are not heated.
        ("heat 3/4 by 5", "3/4"),
    ]);
}

#[test]
fn overheating_matches_cgsuite() {
    // CGSuite GameTest: {3||2+*|1+*}.Overheat(*, 1+*) = {1||+-(1*)|-1,{-1|-3}}.
    check(&[(
        &format!("overheat {G} from * to 1 + *"),
        "{1 | {{1 + * | -1 + *} | -1, {-1 | -3}}}",
    )]);
    // An integer becomes that many copies of s (the base case is integers):
    // 3 overheated from ^ is ^3, and a number that is not an integer is heated.
    check(&[
        ("overheat 3 from ^ to 1", "^3"),
        ("overheat -2 from * to 1", "0"),
        ("overheat 1/2 from 1 to 1", "{1 | 0}"),
    ]);
}

#[test]
fn norton_products_match_cgsuite() {
    // CGSuite GameTest: 0.^, 6.^, (−4).^, (1/2).^, ^.^, Tiny(2).^.
    check(&[
        ("norton 0 by ^", "0"),
        ("norton 6 by ^", "^6"),
        ("norton -4 by ^", "v4"),
        ("norton 1/2 by ^", "{^^ + * | v*}"),
        ("norton ^ by ^", "{^^ + * | {0 | v4}}"),
        ("norton {0 | {0 | -2}} by ^", "{^^ + * | {0 | v6}}"),
    ]);
}

#[test]
fn ordinal_sums_are_hackenbush_stalks() {
    // A Hackenbush stalk is the ordinal sum of its edges from the ground up:
    // blue on blue is 2, blue then red is 1/2, blue then green is 1*, two
    // green edges are *2 (Winning Ways ch. 2 and 7).
    check(&[
        ("ordinalsum 1, 1", "2"),
        ("ordinalsum 1, -1", "1/2"),
        ("ordinalsum 1, *", "1 + *"),
        ("ordinalsum *, *", "*2"),
        ("ordinalsum *3, *2", "*5"),
        ("ordinalsum 1/2, 1", "3/4"),
        // Nothing on top changes nothing.
        ("ordinalsum {2 | -1}, 0", "{2 | -1}"),
    ]);
}

#[test]
fn reduced_forms_match_cgsuite_and_cgt() {
    check(&[
        (&format!("reduced {G}"), "{3 | {2 | 1}}"),
        (
            "reduced {{3/2 + * | 1/2} | {0 | -3}, {-1 + *, {-1/2 | -1 + *} | -5/2}}",
            "{{3/2 | 1/2} | {0 | -3}, {{-1/2 | -1} | -5/2}}",
        ),
        ("reduced ^", "0"),
        ("reduced *8", "0"),
        ("reduced 9/8 + *", "9/8"),
    ]);
}

#[test]
fn reduced_forms_forget_infinitesimals() {
    // The defining property: G and G + ε have the same reduced form for every
    // infinitesimal ε (Calistrate).
    let games = [
        "{3 | {2 | 1}}",
        "{2 | -1}",
        "{{1 | 0} | {-1 | -2}}",
        "{5/2 | {1 | 0}}",
        "{1 | 1/2}",
        "3/4",
    ];
    let eps = ["*", "^", "v*", "{0 | {0 | -2}}", "^^ + *3"];
    let mut cases = Vec::new();
    for g in games {
        for e in eps {
            cases.push((format!("reduced {g} + {e}"), format!("reduced {g}")));
        }
    }
    let cases: Vec<(&str, &str)> = cases
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    check(&cases);
}

#[test]
fn atomic_weights_match_cgsuite_and_cgt() {
    check(&[
        // CanonicalShortGameTestCase.scala.
        ("atomicweight 0", "0"),
        ("atomicweight *8", "0"),
        ("atomicweight ^", "1"),
        ("atomicweight v*", "-1"),
        ("atomicweight ^ + *6", "1"),
        ("atomicweight {0 | {0 | v3}}", "0"),
        ("atomicweight {^3 | vv}", "{1 | 0}"),
        // Atomic but not all-small: Tiny(3/2), Tiny({3|1}), Miny({5||3|1}),
        // {1|^^||^}.
        ("atomicweight {0 | {0 | -3/2}}", "0"),
        ("atomicweight {0 | {0 | {-1 | -3}}}", "0"),
        ("atomicweight {{{5 | {3 | 1}} | 0} | 0}", "0"),
        ("atomicweight {{1 | ^^} | ^}", "2"),
        // The cgt crate's atomic weight tests.
        ("atomicweight {^^ | v}", "1/2"),
        ("atomicweight {^^ | vv}", "*"),
        ("atomicweight {^3 | v3}", "{1 | -1}"),
        ("atomicweight {^^ | *}", "1"),
        ("atomicweight {* | vv}", "-1"),
    ]);
}

#[test]
fn games_without_an_atomic_weight_are_refused_with_help() {
    // CanonicalShortGameTestCase.scala: not atomic.
    for g in ["5", "-1/2", "9/8 + *", "{{1 | ^3} | ^}", G] {
        let p = common::problem(&format!("atomicweight {g}"));
        assert!(p.message.contains("no atomic weight"), "{g}: {}", p.message);
        assert!(p.help.contains("all-small"), "{g}: {}", p.help);
    }
    let p = common::problem("cool {2 | -1} by -1");
    assert!(p.message.contains("above −1"), "{}", p.message);
    let p = common::problem("cool {2 | -1} by *");
    assert!(p.message.contains("above −1"), "{}", p.message);
}

#[test]
fn a_transformed_form_is_a_value_and_reads_back() {
    // As values inside expressions, and printed forms that evaluate back.
    let text = common::text("print [cool {2 | -1} by t for t in [0, 1, 2]]");
    // (a number game prints as `1/2 + *0` outside a game context, so that it
    // reads back as the game, not as an integer quotient)
    assert_eq!(text, "[{2 | -1}, {1 | 0}, 1/2 + *0]");
    let shown = common::text("cool {3 | {2 + * | 1 + *}} by 1/4");
    let form = shown.split(" = ").nth(1).unwrap();
    check(&[(&format!("canonical {form}"), "{11/4 | {2 | 3/2}}")]);
    // Cooling by more than the temperature freezes at the mean.
    check(&[(
        "cool {3 | {2 + * | 1 + *}} by temperature {3 | {2 + * | 1 + *}}",
        "9/4 + *",
    )]);
}

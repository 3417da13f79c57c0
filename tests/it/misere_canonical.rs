//! `misere canonical G` (issue 40 item 3): Conway's misère simplest forms of
//! impartial games, and the `*{…}` literal they print as. Checked against
//! CGSuite's test suite (`MisereCanonicalGameTestCase.scala` and
//! `GameGridTest.scala`, read through THEORY.md §8.3) and, on random games,
//! against grundy's misère search, which knows nothing of forms: a form
//! must play like its game beside other games.

use crate::common::{problem, texts};
use proptest::prelude::*;

/// The form and Conway's notation of each game, as printed.
fn forms(games: &[&str]) -> Vec<(String, String)> {
    let src: String = games
        .iter()
        .map(|g| format!("misere canonical {g}\n"))
        .collect();
    texts(&src)
        .into_iter()
        .map(|line| {
            let (_, answer) = line.split_once(" = ").unwrap();
            let (form, conway) = answer.split_once("   # ").unwrap();
            let conway = conway.strip_suffix(" in Conway's notation").unwrap();
            (form.to_string(), conway.to_string())
        })
        .collect()
}

/// CGSuite's rows, written with `*{…}` for CGSuite's `*[…]`: a digit is a
/// nimber, a list inside is the game with those options, and the outer
/// `*[x]` of one element is x itself (so `*[2]` is *2 and `*[[2]]` is {*2},
/// which CGSuite prints `2#`). Each row: the form in Conway's notation, and
/// the misère outcome.
#[test]
fn cgsuite_forms_and_outcomes() {
    let rows = [
        ("*{*2}", "2#", "P"),                           // *[[2]]
        ("*{*{*2}}", "2##", "N"),                       // *[[[2]]]
        ("*{*{*2}, 0}", "2#0", "N"),                    // *[[2],0]
        ("*{*{*2}, *1}", "2#1", "N"),                   // *[[2],1]
        ("*{*{*{*2}, *1}, *{*{*2}}}", "(2#1)2##", "P"), // *[[[2]],[[2],1]]
        ("*2", "2", "N"),                               // *[2]
        ("*1", "1", "P"),                               // *[1]
    ];
    let games: Vec<&str> = rows.iter().map(|r| r.0).collect();
    for ((game, conway, _), (form, got)) in rows.iter().zip(forms(&games)) {
        assert_eq!(&got, conway, "{game}");
        // Each is already simplest: it prints as written.
        assert_eq!(&form, game);
    }
    let src: String = rows
        .iter()
        .map(|(g, _, outcome)| format!("assert outcome misere misere canonical {g} == {outcome}\n"))
        .collect();
    assert!(texts(&src).is_empty());
}

/// CGSuite's misère form of a Cram position (`GameGridTest.scala`): the 2×9
/// board ".........|##.######" has normal value *4 and misère form
/// `2[2]321`, which is *{*2 + *2, *3, *2, *1} (CGSuite's `[2]` adds *2).
/// Cram: put a domino on two empty adjacent squares.
#[test]
fn cgsuite_cram_form() {
    let src = "\
        game cram(b: string) {\n\
            move b[0..i] ++ \"##\" ++ b[(i + 2)..len(b)] for i in 0..(len(b) - 1) where b[i] == \".\" and b[i + 1] == \".\"\n\
            move b[0..i] ++ \"#\" ++ b[(i + 1)..(i + 10)] ++ \"#\" ++ b[(i + 11)..len(b)] for i in 0..(len(b) - 10) where b[i] == \".\" and b[i + 10] == \".\"\n\
        }\n\
        assert grundy cram(\".........|##.######\") == 4\n\
        assert misere canonical cram(\".........|##.######\") == *{*2 + *2, *3, *2, *1}\n\
        assert misere canonical cram(\".........|##.######\") != *{*2 + *2, *3, *2}\n";
    assert!(texts(src).is_empty());
}

/// The misère identities: *1 + *1 = {*1} = 0, *2 + *2 is no nimber, and the
/// query reads in either order.
#[test]
fn misere_identities() {
    let src = "\
        game nim(n: nat) { move n - k for k in 1..=n }\n\
        assert misere canonical nim(1) + nim(1) == 0\n\
        assert canonical misere *{*1} == 0\n\
        assert misere canonical *{0, *1, *{*2, *1}} == *2\n\
        assert misere canonical *2 + *2 != *{0, *1, *2, *3}\n\
        print misere canonical nim(3) + nim(1)\n";
    // *3 + *1 = *2 in misère play too (its options *3, *2 + *1 = *3, *1
    // + *1 = 0, … reduce).
    assert_eq!(texts(src), ["*2"]);
}

/// Errors: a partizan game, a loopy game, a form too long to print.
#[test]
fn refusals() {
    let p = problem("misere canonical {0 | 1}\n");
    assert_eq!(p.code, "grundy::unavailable");
    let p = problem("game loop(n: nat) { move 1 - n }\nmisere canonical loop(0)\n");
    assert_eq!(p.code, "grundy::unavailable");
    let big = ["*{*{*2}, 0}"; 6].join(" + ");
    let p = problem(&format!("misere canonical {big}\n"));
    assert_eq!(p.code, "grundy::limit");
    let p = problem("print *{0, 1}\n");
    assert_eq!(p.code, "grundy::type");
}

/// A random impartial game written as a literal: leaves are nimbers.
fn literal() -> impl Strategy<Value = String> {
    let leaf = (0u8..3).prop_map(|k| format!("*{k}"));
    leaf.prop_recursive(4, 24, 3, |inner| {
        prop::collection::vec(inner, 0..=3).prop_map(|opts| format!("*{{{}}}", opts.join(", ")))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// A form reads back as itself, and plays like its game beside small
    /// games: the misère outcome of G + X equals that of its form + X, by
    /// grundy's misère search (which does not use forms).
    #[test]
    fn forms_read_back_and_play_like_their_games(g in literal(), h in literal()) {
        let printed = texts(&format!("print misere canonical {g}\n"));
        let form = &printed[0];
        let again = texts(&format!("print misere canonical {form}\n"));
        prop_assert_eq!(&again[0], form);
        let others = ["0", "*1", "*2", "*{*2}", "*2 + *2", h.as_str()];
        let src: String = others
            .iter()
            .map(|x| format!("print outcome misere {g} + {x}\nprint outcome misere {form} + {x}\n"))
            .collect();
        let outcomes = texts(&src);
        for (pair, x) in outcomes.chunks(2).zip(others) {
            prop_assert_eq!(&pair[0], &pair[1], "{} + {}", g, x);
        }
    }

    /// Two games have the same form exactly when `assert … ==` says so,
    /// and then no small game tells them apart.
    #[test]
    fn equal_forms_are_indistinguishable(g in literal(), h in literal()) {
        let src = format!("print misere canonical {g}\nprint misere canonical {h}\n");
        let printed = texts(&src);
        let same = printed[0] == printed[1];
        let asserted = texts(&format!("print (misere canonical {g}) == (misere canonical {h})\n"));
        prop_assert_eq!(&asserted[0], if same { "true" } else { "false" });
        if same {
            for x in ["0", "*1", "*2", "*{*2}", "*{*{*2}, 0}"] {
                let src = format!("print outcome misere {g} + {x}\nprint outcome misere {h} + {x}\n");
                let o = texts(&src);
                prop_assert_eq!(&o[0], &o[1]);
            }
        }
    }
}

/// JSON carries the form in the language and in Conway's notation, and a
/// loopy simplest form as its literal.
#[test]
fn json_answers() {
    let mut engine = grundy::Engine::default();
    let answers = engine
        .run_program("misere canonical *{*{*2}, 0}\ncanonical {0 | pass} + 5\n")
        .unwrap();
    let namer = engine.namer();
    let json: Vec<serde_json::Value> = answers
        .iter()
        .map(|a| grundy::report::json(a, &namer))
        .collect();
    assert_eq!(json[0]["query"], "misere canonical");
    assert_eq!(json[0]["value"], "*{*{*2}, 0}");
    assert_eq!(json[0]["conway"], "2#0");
    assert_eq!(json[1]["query"], "canonical");
    assert_eq!(json[1]["value"], "{5 | pass}");
}

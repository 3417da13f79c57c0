//! Queries inside expressions (issue 39 item 1): a query's answer is a value
//! that comprehensions, `let`, `print` and `assert` use. Every expected value
//! comes from a theorem or a published table, named beside it.

use crate::common::{problem, texts};

const NIM: &str = "game nim(n: nat) { move n - k for k in 1..=n }\n";
const KAYLES: &str = "game kayles(n: nat) {\n    move kayles(a) + kayles(n - k - a) for k in 1..=2, a in 0..=n-k where a <= n - k - a\n}\n";

/// Bouton's theorem: a sum of Nim heaps has value a ⊕ b, computed here by the
/// built-in `nimsum`, over a two-dimensional table built in one comprehension
/// (the 96 separate `grundy` lines of the coin game).
#[test]
fn a_table_of_grundy_values_is_one_comprehension() {
    let src = format!(
        "{NIM}game mr(x: nat, y: nat) {{ move mr(x - k, y) for k in 1..=x; move mr(x, y - k) for k in 1..=y }}\n\
         assert [[grundy mr(x, y) for y in 0..8] for x in 0..8] == [[nimsum(x, y) for y in 0..8] for x in 0..8]\n\
         assert [grundy nim(a) + nim(b) for a in 0..9, b in 0..9] == [nimsum(a, b) for a in 0..9, b in 0..9]\n\
         print [[grundy mr(x, y) for y in 0..3] for x in 0..3]"
    );
    assert_eq!(texts(&src), ["[[0, 1, 2], [1, 0, 3], [2, 3, 0]]"]);
}

/// Kayles' values (OEIS A002186: 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1,
/// 2, 7) through `grundy` in a comprehension and through `sequence` as a list.
#[test]
fn grundy_and_sequence_are_integers_and_lists() {
    let src = format!(
        "{KAYLES}let published = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7]\n\
         assert [grundy kayles(n) for n in 0..16] == published\n\
         assert sequence kayles 0..16 == published\n\
         let s = sequence kayles 4..8\n\
         print s\n\
         print (grundy kayles(11)) + 1\n\
         print len(moves kayles(4))"
    );
    // kayles(4) has options 3, 1+2, 2, 1+1 (knocking one or two pins).
    assert_eq!(texts(&src), ["[1, 4, 3, 2]", "7", "4"]);
}

/// `assert grundy A == grundy B`: the Sprague-Grundy theorem says a sum's
/// value is the nim-sum, so kayles(1) + kayles(2) (1 ⊕ 2) equals kayles(3)
/// (3) and the order of a sum does not matter; a false one fails with both
/// values.
#[test]
fn assert_compares_two_answers() {
    let ok = format!(
        "{KAYLES}assert grundy kayles(1) + kayles(2) == grundy kayles(3)\n\
         assert grundy kayles(5) + kayles(7) == grundy kayles(7) + kayles(5)\n\
         assert grundy(kayles(3)) == 3"
    );
    assert!(texts(&ok).is_empty());
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args([
            "eval",
            &format!("{NIM}assert grundy nim(3) == grundy nim(4)"),
        ])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("expected 4, got 3"), "{err}");
}

/// Outcomes are letters: Bouton's theorem (P iff the nim-sum is 0) under
/// normal play, and under misère play Bouton's rule for misère Nim (when every
/// heap is at most 1, P iff their number is odd; otherwise P iff the nim-sum
/// is 0), checked on every triple of heaps up to 3.
#[test]
fn outcomes_are_letters_compared_with_p_and_n() {
    let src = format!(
        "{NIM}let misere_p(a, b, c) = if max(a, max(b, c)) <= 1 then (a + b + c) % 2 == 1 else nimsum(a, nimsum(b, c)) == 0\n\
         assert [outcome nim(a) + nim(b) + nim(c) == P for a in 0..4, b in 0..4, c in 0..4] == [nimsum(a, nimsum(b, c)) == 0 for a in 0..4, b in 0..4, c in 0..4]\n\
         assert [outcome misere nim(a) + nim(b) + nim(c) == P for a in 0..4, b in 0..4, c in 0..4] == [misere_p(a, b, c) for a in 0..4, b in 0..4, c in 0..4]\n\
         assert [outcome nim(n) != N for n in 0..3] == [true, false, false]\n\
         print [outcome nim(n) for n in 0..3]"
    );
    assert_eq!(texts(&src), ["[\"P\", \"N\", \"N\"]"]);
}

/// `winning` is the list of moves to P-positions: from nim(3) + nim(5) the
/// only one is to equalise the heaps (Bouton).
#[test]
fn winning_and_moves_are_lists_of_positions() {
    let src = format!(
        "{NIM}assert winning nim(3) + nim(5) == [nim(3) + nim(3)]\n\
         print [len(winning nim(n) + nim(n)) for n in 0..4]\n\
         print moves nim(2)"
    );
    assert_eq!(texts(&src), ["[0, 0, 0, 0]", "[nim(1), nim(0)]"]);
}

/// Partizan values: the switch {x | -x} has temperature x and mean 0, and
/// {0 | 1} is the number 1/2 (Winning Ways ch. 2, 6); two halves make 1; a
/// comparison beside a number query reads `3/2` as three halves.
#[test]
fn partizan_answers_are_numbers_and_games() {
    let src = "assert [temperature {x | -x} for x in 1..5] == [1, 2, 3, 4]\n\
         assert [mean {x | -x} for x in 1..5] == [0, 0, 0, 0]\n\
         assert temperature {3/2 | -3/2} == 3/2\n\
         assert temperature {3/2 | -3/2} > 1\n\
         assert canonical {0 | 1} == 1/2\n\
         assert canonical {0 | 1} + {0 | 1} == canonical 1\n\
         assert compare {1 | 0} {0 | 1} == \"||\"\n\
         print canonical {0 | 1}\n\
         print [leftstop {3 | 1}, rightstop {3 | 1}]";
    assert_eq!(texts(src), ["1/2 + *0", "[3, 1]"]);
}

/// Conway's genus (On Numbers and Games, ch. 12): 0 is 0^120, *1 is 1^031,
/// *2 is 2^20.
#[test]
fn genus_is_its_string() {
    let src = format!("{NIM}print [genus nim(0), genus nim(1), genus nim(2)]");
    assert_eq!(texts(&src), ["[\"0^120\", \"1^031\", \"2^20\"]"]);
}

/// Names that are query words keep working (LANGUAGE-NOTES entries 1 and 40):
/// a game named `grundy` is called with `(`, a constant named `moves` is used
/// in arithmetic.
#[test]
fn query_words_stay_names_where_they_are_names() {
    let src =
        "game grundy(n: nat) { move grundy(a) + grundy(n - a) for a in 1..n where a < n - a }\n\
         let moves = 3\n\
         print grundy(3)\n\
         print moves - 1\n\
         print moves * 2\n\
         print grundy grundy(3)";
    // Grundy's game: heap 3 splits into 1 + 2 only, value mex{0} = 1.
    assert_eq!(texts(src), ["grundy(3)", "2", "6", "1"]);
}

/// What cannot be a value is a diagnostic with help, never an answer: a
/// picture query inside an expression, a query inside a rule, and one in a
/// function that a rule calls.
#[test]
fn queries_that_cannot_be_values_are_diagnostics() {
    let p = problem(&format!("{NIM}print graph nim(3)"));
    assert_eq!(p.code, "grundy::query::value");
    assert!(p.help.contains("statement"), "{}", p.help);
    let p = problem("game nim(n: nat) { move n - k for k in 1..=n where grundy nim(k) == 0 }");
    assert_eq!(p.code, "grundy::query::value");
    assert!(p.message.contains("inside a game's rules"), "{}", p.message);
    let p = problem(&format!(
        "{NIM}let f(n) = grundy nim(n)\ngame g(n: nat) {{ move g(n - 1) where f(n) > 0 }}\ngrundy g(3)"
    ));
    assert_eq!(p.code, "grundy::query::value");
    assert!(
        p.message.contains("while a game's rules run"),
        "{}",
        p.message
    );
}

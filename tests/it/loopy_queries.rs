//! `sequence` and `graph` of a loopy game (issue 39 item 3): each heap's
//! generalised Sprague-Grundy value, as a statement, as a value and in JSON;
//! the move graph with its cycles drawn and its draws marked.

use crate::common::texts;

/// Every heap but 0 may pass or move to 0. Smith's theory (Winning Ways ch.
/// 12; the reference's `tiny("c")`): a position whose options are itself and
/// a 0-position has no finite value, since value 1 would need the pass to be
/// answered by a move back to a 1-position; its value is ∞ with {0}. Heap 0
/// is terminal, 0. The letters of `outcome` agree: P at 0, N elsewhere.
#[test]
fn a_loopy_games_sequence_holds_generalised_values() {
    let game = "game s(n: nat) { move 0 where n > 0; move n where n > 0 }\n";
    let out = texts(&format!(
        "{game}assert sequence s 0..5 == [0, inf{{0}}, inf{{0}}, inf{{0}}, inf{{0}}]\n\
         print sequence s 2..4\n\
         assert [outcome s(n) for n in 0..5] == [\"P\", \"N\", \"N\", \"N\", \"N\"]\n\
         sequence s 0..3"
    ));
    assert_eq!(out[0], "[inf{0}, inf{0}]");
    assert!(
        out[1].starts_with("sequence s 0..=2: generalised values (a loopy game)"),
        "{}",
        out[1]
    );
    assert!(out[1].contains("0 |      0 inf{0} inf{0}"), "{}", out[1]);
    let json = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["eval", "--json", &format!("{game}sequence s 0..2")])
        .output()
        .unwrap();
    let line = String::from_utf8_lossy(&json.stdout);
    assert!(
        line.contains("\"values\":[0,{\"inf\":[0]}],\"loopy\":true"),
        "{line}"
    );
}

/// The reference's `tiny` game: a ↔ b, b → t, c → c, c → t. Smith's values
/// (worked in the reference §11.2): a is 0 (b can always be answered by
/// b → t), b is 1, t is 0. The graph draws the cycle a → b → a, marks the two
/// P-positions and the winning moves b → a and b → t; a game that only
/// cycles is a draw at every node.
#[test]
fn a_loopy_graph_draws_its_cycles_and_marks_its_draws() {
    let tiny = "game tiny(v: string) {\n    move \"b\" where v == \"a\"\n    move \"a\" where v == \"b\"\n    move \"t\" where v == \"b\"\n    move \"c\" where v == \"c\"\n    move \"t\" where v == \"c\"\n}\n";
    let dot = &texts(&format!("{tiny}graph tiny(\"a\")"))[0];
    for node in [
        "n0 [label=\"tiny(\\\"a\\\")\\ngrundy 0\", peripheries=2",
        "n1 [label=\"tiny(\\\"b\\\")\\ngrundy 1\"]",
        "n2 [label=\"tiny(\\\"t\\\")\\ngrundy 0\", peripheries=2",
        "n0 -> n1;",
        "n1 -> n0 [color=",
        "n1 -> n2 [color=",
    ] {
        assert!(dot.contains(node), "{node} in\n{dot}");
    }
    assert!(!dot.contains("a draw"), "{dot}");
    let dot = &texts(&format!("{tiny}graph tiny(\"c\")"))[0];
    assert!(dot.contains("grundy inf{0}"), "{dot}");
    let dot = &texts("game cyc(n: nat) { move (n + 1) % 3 }\ngraph cyc(0)")[0];
    assert_eq!(
        dot.matches("grundy inf{}\", style=filled, fillcolor=\"#e0e0e0\"")
            .count(),
        3,
        "{dot}"
    );
    assert!(
        dot.contains("grey: a draw") && dot.contains("n2 -> n0;"),
        "{dot}"
    );
}

//! `sequence` of a loopy game (issue 39 item 3): each heap's generalised
//! Sprague-Grundy value, as a statement, as a value and in JSON.

#![allow(
    clippy::indexing_slicing,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic
)]

mod common;
use common::texts;

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

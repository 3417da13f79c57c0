//! Genera of two octal games against an outside source: CGSuite 2.2's
//! `game.heap.TakeAndBreak(code)(n).Genus` and `.MisereNimValue`, with eight
//! terms γ0..γ7 taken from its misère canonical form plus copies of *2, as
//! tabulated in the test suite of the pycgt project. (Kayles, Dawson's Kayles
//! and Grundy's game from the same tables are asserted in
//! `examples/take_break_misere.game`.) CGSuite prints a Nim heap's genus as its
//! value alone and may stop its superscript early, so the eight-term sequences
//! are compared, in the reference's normal form.

use crate::common;

/// (heap, normal value, γ0..γ7) of Treblecross, octal 0.007.
const TREBLECROSS: [(u32, u32, &str); 26] = [
    (0, 0, "12020202"),
    (1, 0, "12020202"),
    (2, 0, "12020202"),
    (3, 1, "03131313"),
    (4, 1, "03131313"),
    (5, 1, "03131313"),
    (6, 2, "20202020"),
    (7, 2, "20202020"),
    (8, 0, "12020202"),
    (9, 3, "31313131"),
    (10, 3, "31313131"),
    (11, 1, "03131313"),
    (12, 1, "03131313"),
    (13, 1, "03131313"),
    (14, 0, "12020202"),
    (15, 4, "14646464"),
    (16, 3, "14313131"),
    (17, 3, "31313131"),
    (18, 3, "31313131"),
    (19, 2, "05202020"),
    (20, 2, "20202020"),
    (21, 2, "20202020"),
    (22, 4, "14646464"),
    (23, 4, "14646464"),
    (24, 0, "12020202"),
    (25, 5, "05757575"),
];

/// (heap, normal value, γ0..γ7) of Officers, octal 0.6.
const OFFICERS: [(u32, u32, &str); 26] = [
    (0, 0, "12020202"),
    (1, 0, "12020202"),
    (2, 1, "03131313"),
    (3, 2, "20202020"),
    (4, 0, "12020202"),
    (5, 1, "03131313"),
    (6, 2, "20202020"),
    (7, 3, "14313131"),
    (8, 1, "03131313"),
    (9, 2, "20202020"),
    (10, 3, "14313131"),
    (11, 4, "05646464"),
    (12, 0, "20202020"),
    (13, 3, "14313131"),
    (14, 4, "05646464"),
    (15, 2, "20202020"),
    (16, 1, "13131313"),
    (17, 3, "05313131"),
    (18, 2, "20202020"),
    (19, 1, "13131313"),
    (20, 0, "02020202"),
    (21, 2, "20202020"),
    (22, 1, "13131313"),
    (23, 4, "05646464"),
    (24, 5, "47575757"),
    (25, 1, "13131313"),
];

/// `genus` of every heap of the table, as the CLI prints it, against the
/// table's sequence in normal form.
fn check(code: &str, table: &[(u32, u32, &str)]) {
    let mut src = format!("game h = octal \"{code}\"\n");
    for (n, _, _) in table {
        src.push_str(&format!("genus h({n})\n"));
    }
    let got = common::texts(&src);
    assert_eq!(got.len(), table.len());
    for ((n, g, seq), line) in table.iter().zip(&got) {
        let gammas = seq.bytes().map(|b| u32::from(b - b'0')).collect();
        let want = common::genus_string(*g, gammas);
        assert_eq!(common::answer_value(line), want, "{code} heap {n}: {line}");
    }
}

#[test]
fn treblecross_genera_match_cgsuite() {
    check("0.007", &TREBLECROSS);
}

#[test]
fn officers_genera_match_cgsuite() {
    check("0.6", &OFFICERS);
}

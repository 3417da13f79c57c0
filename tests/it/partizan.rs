//! Partizan games through the language: canonical forms and L/R/N/P outcomes of
//! rule-defined games and their sums, against the facts of the source material
//! (GAMES.md §10: S = stated in a source, D = derived by hand there).

use crate::clobber::LINEAR;
use crate::common;

const GAMES: &str = r###"
partizan game ps(n: nat) {
    left  n - k for k in {1, 4} where k <= n
    right n - k for k in {2, 3} where k <= n
}
partizan game bw(s: string) {
    left  s[0..i] for i in 0..len(s) where s[i] == "x"
    right s[0..i] for i in 0..len(s) where s[i] == "o"
}
game nim(n: nat) { move n - k for k in 1..=n }
partizan game up1() {
    left nim(k) for k in {0, 1}
    right *1
}
partizan game z312() {
    left nim(k) for k in {0, 3, 4, 8, 2}
    right nim(k) for k in {0, 6, 4}
}
partizan game dom(b: list) {
    left  b with [r] = b[r][0..c] ++ "#" ++ b[r][(c + 1)..len(b[r])], [r + 1] = b[r + 1][0..c] ++ "#" ++ b[r + 1][(c + 1)..len(b[r + 1])]
          for r in 0..len(b) - 1, c in 0..len(b[r]) where b[r][c] == "." and b[r + 1][c] == "."
    right b with [r] = b[r][0..c] ++ "##" ++ b[r][(c + 2)..len(b[r])]
          for r in 0..len(b), c in 0..len(b[r]) - 1 where b[r][c] == "." and b[r][c + 1] == "."
}
partizan game sw[a, b]() {
    left bw(a)
    right bw(b)
}
"###;

fn answer(query: &str) -> String {
    // Linear Clobber (`clob`) as GAMES.md writes it, shared with clobber.rs.
    let text = common::text(&format!("{GAMES}\n{LINEAR}\n{query}"));
    text.split_once(" = ")
        .map(|(_, v)| v.to_string())
        .unwrap_or(text)
}

#[test]
fn black_white_nim_values() {
    // S 002, with the corrections of GAMES.md §10.
    assert_eq!(answer("canonical bw(\"xoxo\")"), "5/8");
    assert_eq!(answer("canonical bw(\"xooox\")"), "3/16");
    assert_eq!(answer("canonical bw(\"xoooo\")"), "1/16");
    assert_eq!(answer("canonical bw(\"xoxoo\")"), "9/16");
    assert_eq!(answer("outcome bw(\"xo\") + bw(\"xo\") + bw(\"o\")"), "P");
    assert_eq!(answer("canonical bw(\"xo\") + bw(\"xo\") + bw(\"x\")"), "2");
    assert_eq!(
        answer("outcome bw(\"xoo\") + bw(\"xoo\") + bw(\"ox\")"),
        "P"
    );
    assert_eq!(
        answer("canonical bw(\"xoxo\") + bw(\"xoxo\") + bw(\"ox\")"),
        "3/4"
    );
    assert_eq!(
        answer("canonical bw(\"xxxx\") + bw(\"ooo\") + bw(\"oxx\") + bw(\"oxo\") + bw(\"ox\")"),
        "-1/2"
    );
}

#[test]
fn partizan_subtraction() {
    // D by hand (GAMES.md §10): ps(0..4) are P, L, N, R, L.
    for (n, o) in [(0, "P"), (1, "L"), (2, "N"), (3, "R"), (4, "L")] {
        assert_eq!(answer(&format!("outcome ps({n})")), o, "ps({n})");
    }
    assert_eq!(answer("canonical ps(2)"), "{1 | 0}");
    assert_eq!(answer("canonical ps(4)"), "1/2");
    assert_eq!(answer("outcome ps(7)"), "P");
}

#[test]
fn explicit_games_simplify() {
    // S 001 Pr. 2.26: {0, * | *} = {0 | *} = ^; Zadatak 3.12: both mexes are 1.
    assert_eq!(answer("canonical up1()"), "^");
    assert_eq!(answer("outcome up1()"), "L");
    assert_eq!(answer("canonical z312()"), "*");
    assert_eq!(answer("canonical *2"), "*2");
    assert_eq!(answer("canonical *3 + *5"), "*6");
    // An impartial game is a partizan game with equal options: nim(3) = *3.
    assert_eq!(answer("canonical nim(3)"), "*3");
}

#[test]
fn domineering_and_clobber() {
    // S 001: an n × 1 board is L, 1 × n is R; D: n × 1 = ⌊n/2⌋; 2 × 2 is N.
    assert_eq!(
        answer("outcome dom([\".\", \".\", \".\", \".\", \".\"])"),
        "L"
    );
    assert_eq!(
        answer("canonical dom([\".\", \".\", \".\", \".\", \".\"])"),
        "2"
    );
    assert_eq!(answer("outcome dom([\".....\"])"), "R");
    assert_eq!(answer("outcome dom([\"..\", \"..\"])"), "N");
    // G + transpose(G) = 0 (001 Zadatak 2.11): a 2 × 3 board and its 3 × 2 transpose.
    assert_eq!(
        answer("outcome dom([\"...\", \"...\"]) + dom([\"..\", \"..\", \"..\"])"),
        "P"
    );
    // D by hand (GAMES.md §10).
    assert_eq!(answer("canonical clob(\"xo\")"), "*");
    assert_eq!(answer("canonical clob(\"xox\")"), "*");
    assert_eq!(answer("canonical clob(\"xxo\")"), "^");
}

#[test]
fn canonical_forms_in_json() {
    let mut e = grundy::Engine::default();
    let got = e
        .run_program(&format!("{GAMES}\ncanonical bw(\"xoxo\")"))
        .unwrap_or_default();
    let json = got
        .last()
        .map(|a| grundy::report::json(a, &e.namer()).to_string())
        .unwrap_or_default();
    assert_eq!(
        json,
        r#"{"query":"canonical","expr":"bw(\"xoxo\")","value":"5/8"}"#
    );
}

#[test]
fn switches_temperatures_and_comparisons() {
    // A switch {a | b} with a > b (numbers) has temperature (a − b)/2, mean
    // (a + b)/2, stops a and b, and is confused with every number between.
    assert_eq!(answer("temperature sw[\"x\", \"o\"]()"), "1");
    assert_eq!(answer("temperature sw[\"xx\", \"o\"]()"), "3/2");
    assert_eq!(answer("mean sw[\"xxx\", \"x\"]()"), "2");
    assert_eq!(answer("leftstop sw[\"xxx\", \"x\"]()"), "3");
    assert_eq!(answer("rightstop sw[\"xxx\", \"x\"]()"), "1");
    assert_eq!(answer("compare sw[\"x\", \"o\"]() bw(\"\")"), "||");
    // Hackenbush: x = 1 > o = −1; xo = 1/2 < x = 1; xoo + xoo = 1/2 = xo.
    assert_eq!(answer("compare bw(\"x\") bw(\"o\")"), ">");
    assert_eq!(answer("compare bw(\"xo\"), bw(\"x\")"), "<");
    assert_eq!(answer("compare bw(\"xoo\") + bw(\"xoo\") bw(\"xo\")"), "=");
    // The relation of an assert ends its line.
    let got = common::answers(&format!(
        "{GAMES}\nassert compare bw(\"x\") bw(\"o\") == >\nassert temperature sw[\"xx\", \"o\"]() == \"3/2\"\nassert mean sw[\"xxx\", \"x\"]() == 2\n"
    ));
    assert!(
        got.iter()
            .all(|a| matches!(a, grundy::Answer::Assert { passed: true, .. })),
        "{got:?}"
    );
    let thermo = common::text(&format!("{GAMES}\nthermograph sw[\"x\", \"o\"]()"));
    assert!(
        thermo.starts_with("thermograph sw[\"x\", \"o\"](): temperature 1, mean 0"),
        "{thermo}"
    );
}

/// Heap queries read Grundy values, which a partizan game does not have:
/// `sequence`, `table` and `quotient` refuse it as `grundy` does (issue 38,
/// item 2: they answered ten zeros, "period 1" and "order 1").
#[test]
fn heap_queries_refuse_a_partizan_game() {
    let boarded = "board b = 3 x 3\npartizan game pb(sq) on b { left s for d in {(-1, 1)}, s in step(sq, d) }\n";
    for (program, query) in [
        (format!("{GAMES}sequence ps 0..10"), "sequence"),
        (format!("{GAMES}quotient ps up to 5"), "quotient"),
        (format!("{boarded}table pb"), "table"),
        (format!("{GAMES}grundy ps(3)"), "grundy"),
    ] {
        let p = common::problem(&program);
        assert_eq!(p.code, "grundy::unavailable", "{query}: {}", p.message);
    }
}

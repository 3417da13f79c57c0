//! `explain`, `graph` and `play` of partizan games (issue 39 item 3).
//!
//! The truth is the theory of canonical forms (Siegel, *Combinatorial Game
//! Theory*, II.2; Conway, *On Numbers and Games*, ch. 10): an option is
//! dominated when the same player has a better one (for Left `GL1 <= GL2`, for
//! Right `GR1 >= GR2`), a Left option `GL` is reversible when it has a Right
//! option `GLR <= G` (then it is replaced by the Left options of `GLR`), and
//! symmetrically for Right; with neither left, the form is canonical. Every
//! value below is worked out by hand in the comment beside it.

use grundy::repl::Session;
use grundy::Engine;

/// The cut game: Left removes one, Right removes two (from `:help partizan`).
/// cut(0) = 0 (no moves), cut(1) = {0 | } = 1, cut(2) = {1 | 0} (a hot
/// switch, since 1 > 0), cut(3) = {{1 | 0} | 1}.
const CUT: &str = "partizan game cut(n: nat) { left n - 1 where n > 0; right n - 2 where n > 1 }";

/// The text answer of the last statement of `program`.
fn answer(program: &str) -> String {
    let mut engine = Engine::default();
    let answers = engine
        .run_program(program)
        .unwrap_or_else(|p| panic!("{}: {}", p.message, p.help));
    grundy::report::text(answers.last().unwrap(), &engine.namer()).unwrap()
}

/// The JSON answer of the last statement of `program`.
fn json(program: &str) -> serde_json::Value {
    let mut engine = Engine::default();
    let answers = engine
        .run_program(program)
        .unwrap_or_else(|p| panic!("{}: {}", p.message, p.help));
    grundy::report::json(answers.last().unwrap(), &engine.namer())
}

#[test]
fn explain_removes_a_dominated_left_option() {
    // {0, 1 | }: Left prefers 1 to 0 (0 <= 1), and {1 | } is the integer 2.
    let e = json("explain {0, 1 | }");
    assert_eq!(e["value"], "2", "{e}");
    let steps = e["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 1, "{e}");
    assert_eq!(steps[0]["step"], "dominated");
    assert_eq!(steps[0]["player"], "left");
    assert_eq!(steps[0]["option"], "0");
    assert_eq!(steps[0]["by"], "1");
}

#[test]
fn explain_removes_a_dominated_right_option() {
    // { | 0, 1}: Right prefers 0 to 1 (1 >= 0), and { | 0} is -1.
    let e = json("explain { | 0, 1}");
    assert_eq!(e["value"], "-1", "{e}");
    let steps = e["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 1, "{e}");
    assert_eq!(steps[0]["player"], "right");
    assert_eq!(
        (&steps[0]["option"], &steps[0]["by"]),
        (&"1".into(), &"0".into())
    );
}

#[test]
fn explain_bypasses_a_reversible_option() {
    // G = {0, * | 2}. G >= 0: Right's only move is to 2. So Left's option
    // * = {0 | 0} reverses through its Right option 0 <= G, and is replaced by
    // the Left options of 0: none. What is left is {0 | 2} = 1.
    let e = json("explain {0, * | 2}");
    assert_eq!(e["value"], "1", "{e}");
    let steps = e["steps"].as_array().unwrap();
    assert!(
        steps.iter().any(|s| s["step"] == "reversed"
            && s["player"] == "left"
            && s["option"] == "*"
            && s["through"] == "0"
            && s["replaced_by"].as_array().is_some_and(|r| r.is_empty())),
        "{e}"
    );
    // Its negative, by symmetry: Right's * reverses through 0 >= G.
    let e = json("explain {-2 | 0, *}");
    assert_eq!(e["value"], "-1", "{e}");
    assert!(
        e["steps"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["step"] == "reversed" && s["player"] == "right" && s["option"] == "*"),
        "{e}"
    );
    let text = answer("explain {0, * | 2}");
    assert!(
        text.contains("Left's option * reverses through Right's answer 0 (0 ≤ G)"),
        "{text}"
    );
    assert!(text.ends_with("canonical form: 1"), "{text}");
}

#[test]
fn explain_of_a_canonical_form_changes_nothing() {
    // ±1 = {1 | -1} is canonical: nothing dominated (one option each) and
    // nothing reversible (1 has no Right option, -1 no Left one).
    let text = answer("explain {1 | -1}");
    assert!(
        text.contains("no option is dominated or reversible"),
        "{text}"
    );
    assert!(text.ends_with("canonical form: {1 | -1}"), "{text}");
}

#[test]
fn explain_of_a_rule_game_lists_each_players_options() {
    // 2 × 2 Domineering: each of Left's two vertical dominoes leaves a 2 × 1
    // column, worth 1 (one more Left move); each of Right's leaves a 1 × 2 row,
    // worth -1. The form is ±1 (examples/partizan_domineering.game).
    let program = format!("{}\nexplain dom([\"..\", \"..\"])", domineering_rules());
    let e = json(&program);
    assert_eq!(e["value"], "{1 | -1}", "{e}");
    let forms = |side: &str| -> Vec<String> {
        e[side]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["form"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(forms("left"), ["1", "1"]);
    assert_eq!(forms("right"), ["-1", "-1"]);
    let text = answer(&program);
    assert!(text.contains("options of equal value count once"), "{text}");
    // Every position shown reads back as a position of the program.
    for side in ["left", "right"] {
        for o in e[side].as_array().unwrap() {
            let p = o["position"].as_str().unwrap();
            let again = json(&format!("{program}\ncanonical {p}"));
            assert_eq!(again["value"], o["form"], "{p}");
        }
    }
}

#[test]
fn explain_agrees_with_canonical_on_the_cut_game() {
    // The explanation's last word is the canonical form itself.
    for n in 0..8 {
        let program = format!("{CUT}\nexplain cut({n})");
        let explained = json(&program)["value"].clone();
        let canonical = json(&format!("{CUT}\ncanonical cut({n})"))["value"].clone();
        assert_eq!(explained, canonical, "cut({n})");
    }
}

/// A DOT edge line: (from, to, colour, dashed, thick).
fn edges(dot: &str) -> Vec<(String, String, String, bool, bool)> {
    dot.lines()
        .map(str::trim)
        .filter(|l| l.contains(" -> "))
        .map(|l| {
            let (a, rest) = l.split_once(" -> ").unwrap();
            let b: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            let colour = rest
                .split_once("color=\"")
                .map(|(_, c)| c.chars().take_while(|&c| c != '"').collect())
                .unwrap_or_default();
            (
                a.to_string(),
                b,
                colour,
                rest.contains("dashed"),
                rest.contains("penwidth=2.5"),
            )
        })
        .collect()
}

/// The label of node `id`.
fn node_label(dot: &str, id: &str) -> String {
    let line = dot
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with(&format!("{id} [label=")))
        .unwrap_or_else(|| panic!("no node {id}: {dot}"));
    line.split_once("label=\"")
        .unwrap()
        .1
        .split_once("\"")
        .unwrap()
        .0
        .replace("\\n", "\n")
}

#[test]
fn graph_draws_left_and_right_moves_apart_with_forms_at_the_nodes() {
    // cut(2) = {1 | 0}: Left moves to cut(1) = 1, Right to cut(0) = 0; from
    // cut(1) Left moves to cut(0). Left moving first from cut(2) wins (to 1,
    // a position Left wins whoever starts), and so does Right (to 0).
    let mut engine = Engine::default();
    let answers = engine.run_program(&format!("{CUT}\ngraph cut(2)")).unwrap();
    let dot = grundy::report::text(answers.last().unwrap(), &engine.namer()).unwrap();
    assert_eq!(node_label(&dot, "n0"), "cut(2)\n{1 | 0}");
    let labels: Vec<String> = (0..3).map(|i| node_label(&dot, &format!("n{i}"))).collect();
    assert!(labels.contains(&"cut(1)\n1".to_string()), "{dot}");
    assert!(labels.contains(&"cut(0)\n0".to_string()), "{dot}");
    let id = |label: &str| {
        format!(
            "n{}",
            labels.iter().position(|l| l.starts_with(label)).unwrap()
        )
    };
    let mut e = edges(&dot);
    e.sort();
    let blue = "#1565c0".to_string();
    let red = "#c62828".to_string();
    let mut want = vec![
        (id("cut(2)"), id("cut(1)"), blue.clone(), false, true),
        (id("cut(2)"), id("cut(0)"), red, true, true),
        (id("cut(1)"), id("cut(0)"), blue, false, true),
    ];
    want.sort();
    assert_eq!(e, want, "{dot}");
    // The P-position 0 has the double ring.
    assert!(
        dot.lines()
            .any(|l| l.trim().starts_with(&format!("{} ", id("cut(0)")))
                && l.contains("peripheries=2")),
        "{dot}"
    );
}

#[test]
fn graph_of_a_sum_of_literals_reads_back() {
    // ±1: Left's move to 1, Right's to -1; then 1 → 0 (Left), -1 → 0 (Right).
    let mut engine = Engine::default();
    let answers = engine.run_program("graph {1 | -1}").unwrap();
    let dot = grundy::report::text(answers.last().unwrap(), &engine.namer()).unwrap();
    let e = edges(&dot);
    assert_eq!(e.len(), 4, "{dot}");
    assert_eq!(e.iter().filter(|x| x.2 == "#1565c0").count(), 2, "{dot}");
    assert_eq!(
        e.iter().filter(|x| x.3).count(),
        2,
        "Right's moves dashed: {dot}"
    );
    // Each label's position evaluates back to a game with the form shown.
    for i in 0..4 {
        let label = node_label(&dot, &format!("n{i}"));
        let (position, form) = label.split_once('\n').unwrap();
        let again = json(&format!("canonical {position}"));
        assert_eq!(again["value"], form, "{label}");
    }
}

fn ok(session: &mut Session, input: &str) -> String {
    let r = session.eval(input);
    assert!(!r.error, "{input}: {}", r.text);
    r.text
}

#[test]
fn play_a_partizan_game_and_lose_as_either_side() {
    // cut(3) = {{1 | 0} | 1} is a P-position: Left moving first goes to
    // {1 | 0} and Right answers 0; Right moving first goes to 1 and Left
    // answers 0. Whichever side the user takes, the machine wins.
    for (first, side, machine) in [("1", "Left", "Right"), ("2", "Right", "Left")] {
        let mut s = Session::default();
        ok(&mut s, CUT);
        let start = ok(&mut s, "play cut(3)");
        assert!(start.contains("whoever moves second wins"), "{start}");
        assert!(start.contains("Left's moves:\n  1. cut(2)"), "{start}");
        assert!(start.contains("Right's moves:\n  2. cut(1)"), "{start}");
        let text = ok(&mut s, first);
        assert!(
            text.contains(&format!("you play {side}, I play {machine}")),
            "{text}"
        );
        assert!(
            text.contains("I move to cut(0)  (a winning move)"),
            "{text}"
        );
        assert!(text.contains("You have no move left: I win."), "{text}");
        assert_eq!(s.prompt(), "grundy> ");
    }
}

#[test]
fn play_a_partizan_game_and_win() {
    // cut(2) = {1 | 0}: whoever moves first wins. As Left the user moves to
    // cut(1) = 1, where Right has no move.
    let mut s = Session::default();
    ok(&mut s, CUT);
    let start = ok(&mut s, "play cut(2)");
    assert!(start.contains("whoever moves first wins"), "{start}");
    let end = ok(&mut s, "cut(1)");
    assert!(end.contains("you play Left"), "{end}");
    assert!(end.contains("I have no move left: you win!"), "{end}");
    // Right only moves: the position of 2 is L, and the user is told so.
    ok(
        &mut s,
        "partizan game lefty(n: nat) { left n - 1 where n > 0 }",
    );
    let start = ok(&mut s, "play lefty(2)");
    assert!(start.contains("Left wins whoever moves first"), "{start}");
    assert!(!start.contains("Right's moves"), "{start}");
}

#[test]
fn play_misere_of_a_partizan_game() {
    // Under misère play (the player without a move wins), worked out by hand
    // for the cut game, W(n) meaning "the player to move wins cut(n)": cut(0)
    // both win (no move); cut(1): Left must move to cut(0) and loses, Right
    // has no move and wins; cut(2): both must move to a position the other
    // wins, so both lose; cut(3): Left to cut(2) and Right to cut(1) win (N);
    // cut(4): Left's only move, to cut(3), loses, Right's, to cut(2), wins (R).
    let mut s = Session::default();
    ok(&mut s, CUT);
    let start = ok(&mut s, "play misere cut(4)");
    assert!(start.contains("Right wins whoever moves first"), "{start}");
    // As Left: to cut(3); Right answers cut(1), the winning move.
    let text = ok(&mut s, "1");
    assert!(
        text.contains("I move to cut(1)  (a winning move)"),
        "{text}"
    );
    // Left's only move is to cut(0), where Right cannot move, and wins.
    let end = ok(&mut s, "1");
    assert!(
        end.contains("I have no move left, so under misère play I win."),
        "{end}"
    );
    assert_eq!(s.prompt(), "grundy> ");
    // cut(3) is N: as Right, to cut(1), the user leaves Left one move, to
    // cut(0), where the user (Right) cannot move and wins.
    let start = ok(&mut s, "play misere cut(3)");
    assert!(start.contains("whoever moves first wins"), "{start}");
    let end = ok(&mut s, "2");
    assert!(
        end.contains("You have no move left, so under misère play you win!"),
        "{end}"
    );
}

/// The definitions of `examples/partizan_domineering.game` (up to its first
/// assertion).
fn domineering_rules() -> String {
    include_str!("../../examples/partizan_domineering.game")
        .lines()
        .take_while(|l| !l.starts_with("assert"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Who wins Domineering under misère play (the player who cannot move
/// wins), by a search written here over bitmasks, independent of grundy:
/// true when the player to move (Left when `left`) wins.
fn misere_domineering(
    rows: usize,
    cols: usize,
    full: u32,
    left: bool,
    memo: &mut std::collections::HashMap<(u32, bool), bool>,
) -> bool {
    if let Some(&w) = memo.get(&(full, left)) {
        return w;
    }
    let at = |r: usize, c: usize| 1u32 << (r * cols + c);
    let mut moved = false;
    let mut wins = false;
    for r in 0..rows {
        for c in 0..cols {
            // Left: vertical (r, c) and (r + 1, c); Right: horizontal.
            let other = if left {
                (r + 1 < rows).then(|| at(r + 1, c))
            } else {
                (c + 1 < cols).then(|| at(r, c + 1))
            };
            let Some(other) = other else { continue };
            let both = at(r, c) | other;
            if full & both == 0 {
                moved = true;
                if !misere_domineering(rows, cols, full | both, !left, memo) {
                    wins = true;
                }
            }
        }
    }
    let result = !moved || wins;
    memo.insert((full, left), result);
    result
}

#[test]
fn misere_outcomes_of_domineering_match_a_brute_force() {
    let dom = domineering_rules();
    let mut checked = 0;
    for (rows, cols) in [
        (1, 3),
        (2, 2),
        (2, 3),
        (3, 2),
        (3, 3),
        (2, 4),
        (4, 2),
        (1, 5),
    ] {
        // The empty board and a few with one square covered.
        for covered in [None, Some(0), Some(1), Some(cols + 1)] {
            let full = covered.map_or(0u32, |i| 1 << i);
            if covered.is_some_and(|i| i >= rows * cols) {
                continue;
            }
            let mut memo = std::collections::HashMap::new();
            let left = misere_domineering(rows, cols, full, true, &mut memo);
            let right = misere_domineering(rows, cols, full, false, &mut memo);
            let want = match (left, right) {
                (true, false) => "L",
                (false, true) => "R",
                (true, true) => "N",
                (false, false) => "P",
            };
            let board: Vec<String> = (0..rows)
                .map(|r| {
                    let row: String = (0..cols)
                        .map(|c| {
                            if full >> (r * cols + c) & 1 == 1 {
                                '#'
                            } else {
                                '.'
                            }
                        })
                        .collect();
                    format!("\"{row}\"")
                })
                .collect();
            let program = format!("{dom}\noutcome misere dom([{}])", board.join(", "));
            let got = json(&program);
            assert_eq!(got["value"], want, "{program}");
            checked += 1;
        }
    }
    assert!(checked >= 25);
}

#[test]
fn two_by_four_domineering_is_a_misere_n_position() {
    // CGSuite's test suite: 2 × 4 Domineering is a misère N-position.
    let dom = domineering_rules();
    let got = json(&format!("{dom}\noutcome misere dom([\"....\", \"....\"])"));
    assert_eq!(got["value"], "N");
    assert_eq!(got["play"], "misere");
}

#[test]
fn misere_outcomes_and_winning_moves_of_small_games() {
    // 0: nobody can move, so whoever is to move has won: N. 1 = {0 | }: Left
    // must move to 0 and leave Right without a move (Right wins); Right to
    // move has no move and wins: R.
    assert_eq!(json("outcome misere 0")["value"], "N");
    assert_eq!(json("outcome misere 1")["value"], "R");
    assert_eq!(json("outcome misere -1")["value"], "L");
    // {1 | -1}: Left's only move is to 1, where Right (to move) has none and
    // wins; Right's only move is to -1, where Left wins. Whoever moves first
    // loses: P. So neither has a winning move.
    assert_eq!(json("outcome misere {1 | -1}")["value"], "P");
    let w = json("winning misere {1 | -1}");
    assert_eq!(
        w["value"],
        serde_json::json!({"left": [], "right": []}),
        "{w}"
    );
    // {0, 1 | 0}: each Left move (to 0 or to 1) leaves Right to move without
    // a move, and Right wins; Right's move to 0 leaves Left without one.
    let w = json("winning misere {0, 1 | 0}");
    assert_eq!(
        w["value"],
        serde_json::json!({"left": [], "right": []}),
        "{w}"
    );
    // {0 | 1}: Left to 0 leaves Right stuck (Right wins); Right to 1 leaves
    // Left to move at {0 | }, Left moves to 0 and Right, stuck, wins: Right's
    // move wins.
    let w = json("winning misere {0 | 1}");
    assert_eq!(
        w["value"],
        serde_json::json!({"left": [], "right": ["1"]}),
        "{w}"
    );
    // Normal play: Left's winning moves go to positions >= 0, Right's to <= 0.
    let w = json("winning {1 | -1}");
    assert_eq!(
        w["value"],
        serde_json::json!({"left": ["1"], "right": ["-1"]}),
        "{w}"
    );
    let text = answer("winning {1, * | -1}");
    assert!(text.contains("(Left's, Right's)"), "{text}");
    // The value inside an expression is Left's and Right's lists.
    let text = crate::common::text("print len((winning {1 | -1})[0])");
    assert_eq!(text, "1");
}

#[test]
fn misere_classes_of_canonical_forms_match_cgsuite() {
    // CGSuite's misère outcome classes of canonical forms
    // (CanonicalShortGameTestCase.scala, misereOutcomeClass). Misère play
    // depends on the form, and grundy plays a literal as written (`v*` is
    // the sum of `v` and `*`), so each form is written out as its canonical
    // tree: ↑ = {0 | *}, ↑↑ = {0 | ↑*}, ↑³ = {0 | ↑↑*}, ↑* = {0, * | 0},
    // ↑↑* = {0 | ↑}, ↓* = {0 | 0, *}, ↓↓ = {↓* | 0}, ↓↓* = {↓ | 0},
    // ↓³ = {↓↓* | 0}, x* = {x | x}; Tiny(x) = {0 | {0 | -x}},
    // Miny(x) = {{x | 0} | 0}.
    let up_star = "{0, * | 0}";
    let up2 = format!("{{0 | {up_star}}}");
    let up3 = "{0 | {0 | ^}}";
    let down2 = "{{0 | 0, *} | 0}";
    let down3 = "{{{* | 0} | 0} | 0}";
    let cases = [
        ("0".to_string(), "N"),
        ("5".to_string(), "R"),
        ("25/16".to_string(), "R"),
        ("^".to_string(), "R"),
        ("{0 | 0, *}".to_string(), "R"),
        ("{9/8 | 9/8}".to_string(), "R"),
        (format!("{{0 | {{0 | {down3}}}}}"), "R"),
        (format!("{{{up3} | {down2}}}"), "R"),
        ("{0 | {0 | -3/2}}".to_string(), "R"),
        ("{0 | {0 | {-1 | -3}}}".to_string(), "R"),
        (format!("{{{{1 | {up2}}} | ^}}"), "R"),
        (format!("{{{{1 | {up3}}} | ^}}"), "R"),
        ("{3 | {{2 | 2} | {1 | 1}}}".to_string(), "R"),
        ("-1/2".to_string(), "L"),
        ("{{{5 | {3 | 1}} | 0} | 0}".to_string(), "L"),
        ("*8".to_string(), "N"),
    ];
    for (game, want) in cases {
        let got = json(&format!("outcome misere {game}"));
        assert_eq!(got["value"], want, "{game}");
    }
    // The same value written as a sum of literals is another game under
    // misère play. By hand, for v + * (v = {* | 0}, * = {0 | 0}; the player
    // without a move wins): Left moves * to 0, leaving v to Right, whose only
    // move (to 0) leaves Left without a move; Right moves v to 0, leaving *
    // to Left, whose only move leaves Right without one. Both starters win: N.
    assert_eq!(json("outcome misere v*")["value"], "N");
}

#[test]
fn misere_domineering_matches_the_published_table() {
    // THEORY.md §8.2's table of misère Domineering (Vertical = Left = L,
    // Horizontal = R), for the boards of at most 12 squares.
    let table = [
        (1, 1, "N"),
        (1, 2, "L"),
        (1, 4, "L"),
        (2, 2, "P"),
        (2, 3, "L"),
        (2, 4, "N"),
        (2, 5, "R"),
        (2, 6, "P"),
        (3, 3, "P"),
        (3, 4, "P"),
        (4, 3, "P"),
        (4, 2, "N"),
    ];
    let dom = domineering_rules();
    for (rows, cols, want) in table {
        let row = format!("\"{}\"", ".".repeat(cols));
        let board = vec![row; rows].join(", ");
        let got = json(&format!("{dom}\noutcome misere dom([{board}])"));
        assert_eq!(got["value"], want, "{rows} × {cols}");
    }
}

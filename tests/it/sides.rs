//! Onsides and offsides of loopy games that are not stoppers, and `A & B`
//! (issue 40 item 1). The values are CGSuite's (`SidedValueTestCase.scala`,
//! `EvalTest.scala`, `GameTest.scala`, `GameStripTest.scala`, as THEORY.md
//! §6.4 lists them); on random graphs the sides found must give the game's
//! outcome class, which the retrograde analysis of the game itself finds
//! without any side.

use crate::common::{problem, texts};
use proptest::prelude::*;

/// Backsliding Toads and Frogs, as `examples/partizan_loopy.game` writes it.
pub(crate) const BTF: &str = r#"partizan game btf(s: string) {
    left s with [i] = ".", [i + 1] = "t" for i in 0..len(s) - 1 where s[i] == "t" and s[i + 1] == "."
    left s with [i] = ".", [i - 1] = "t" for i in 1..len(s) where s[i] == "t" and s[i - 1] == "."
    left s with [i] = ".", [i + 2] = "t" for i in 0..len(s) - 2 where s[i] == "t" and s[i + 1] == "f" and s[i + 2] == "."
    right s with [i] = ".", [i - 1] = "f" for i in 1..len(s) where s[i] == "f" and s[i - 1] == "."
    right s with [i] = ".", [i + 1] = "f" for i in 0..len(s) - 1 where s[i] == "f" and s[i + 1] == "."
    right s with [i] = ".", [i - 2] = "f" for i in 2..len(s) where s[i] == "f" and s[i - 1] == "t" and s[i - 2] == "."
}
"#;

/// CGSuite's sided values, asserted (an assert that fails prints a line,
/// one that passes prints nothing), and their outcome classes.
#[test]
fn cgsuite_sided_values() {
    let src = format!(
        "{BTF}\
        let on_ = {{pass | }}\n\
        let off_ = {{ | pass}}\n\
        let dud = {{pass | pass}}\n\
        let upon = {{pass | *}}\n\
        let uponth = {{0 | {{0 | 0, pass}}}}\n\
        # SidedValueTestCase\n\
        assert canonical dud == on_ & off_\n\
        assert canonical a{{{{ | a}} | }} == 1 & 0\n\
        assert canonical {{0 | {{dud | }}, *}} == ^ & v*\n\
        assert outcome dud == D\n\
        assert outcome a{{{{ | a}} | }} == PHat\n\
        assert outcome {{0 | {{dud | }}, *}} == NHat\n\
        # EvalTest: a{{1 || a | 0}} and {{2&-2 | 1&-2}}\n\
        assert canonical a{{1 | {{a | 0}}}} == 2 & {{1 | -1}}\n\
        assert canonical {{2 & -2 | 1 & -2}} == {{2 | 1}} & -2 + *\n\
        # GameTest: ^.Pow(on) + {{0 | upon}} = {{0||0|^<on>*}} & {{0|^[on]}}, class L\n\
        assert canonical uponth + {{0 | upon}} == {{0 | {{0 | uponth + *}}}} & {{0 | upon}}\n\
        assert outcome uponth + {{0 | upon}} == L\n\
        # GameStripTest: Backsliding Toads and Frogs\n\
        assert canonical btf(\"ttt..fff\") == {{on_ | {{0 | -1/2}}}} & {{{{1/2 | 0}} | off_}}\n\
        assert outcome btf(\"ttt..fff\") == D\n\
        # Winning Ways ch. 11: on + off = dud\n\
        assert canonical on_ + off_ == on_ & off_\n\
        print canonical btf(\"ttt..fff\")\n"
    );
    let got = texts(&src);
    assert_eq!(
        got,
        ["({{pass | } | {0 | -1/2}} & {{1/2 | 0} | { | pass}})"],
        "every assert passes; the form prints as a value that reads back"
    );
}

/// Bach's Carousel is not stopper-sided (SidedValueTestCase): no stopper is
/// claimed for its sides, with a diagnostic; its class is still answered.
#[test]
fn bachs_carousel_has_no_stopper_sides() {
    let carousel = "a{0, {1 | 1, {*, {1+* | 1+*, a} | *}} | 0}";
    let p = problem(&format!("canonical {carousel}\n"));
    assert_eq!(p.code, "grundy::unavailable");
    assert!(p.message.contains("found no stopper"), "{}", p.message);
    assert_eq!(texts(&format!("print outcome {carousel}\n")), ["\"N\""]);
}

/// `A & B` is a value: it negates side for side, adds, compares, and has no
/// moves of its own. The expected values follow from the sides' laws
/// (Siegel, *Combinatorial Game Theory* ch. VI): -(A & B) = -B & -A; the
/// sides of a sum are the sums of the sides (here short games: 2 + 1 = 3,
/// {1 | -1} + 0); G ≤ H exactly when both sides are (2 > 1 and 0 = 0, so
/// 2 & 0 > 1 & 0; 1 > 0 and 0 = 0, so 1 & 0 > 0); sides pass into options,
/// so -{1 & 0 | -5} = {5 | -0 & -1} = {5 | 0} & {5 | -1}.
#[test]
fn sided_values_in_expressions() {
    let src = "\
        assert canonical -(2 & {1 | -1}) == {1 | -1} & -2\n\
        assert canonical (2 & {1 | -1}) + (1 & 0) == 3 & {1 | -1}\n\
        assert compare 1 & 0, 1 & 0 == \"=\"\n\
        assert compare 2 & 0, 1 & 0 == \">\"\n\
        assert compare 1 & 0, 0 == \">\"\n\
        assert canonical 1 & 1 == 1\n\
        assert canonical -{1 & 0 | -5} == {5 | 0} & {5 | -1}\n\
        assert compare -{1 & 0 | -5}, {5 | -(1 & 0)} == \"=\"\n\
        print 1 & 0\n";
    assert_eq!(texts(src), ["(1 & *0)"]);
    for bad in ["grundy 1 & 0", "temperature 1 & 0", "outcome misere 1 & 0"] {
        let p = problem(&format!("{bad}\n"));
        assert!(
            p.code.starts_with("grundy::"),
            "{bad}: {} {}",
            p.code,
            p.message
        );
    }
}

/// The game `r(v)` of a graph of node numbers.
fn program(left: &[Vec<usize>], right: &[Vec<usize>]) -> String {
    let words = |sides: &[Vec<usize>]| -> Vec<Vec<String>> {
        sides
            .iter()
            .map(|opts| opts.iter().map(|o| format!("r({o})")).collect())
            .collect()
    };
    crate::stoppers::program(&words(left), &words(right))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// When `canonical` answers a random loopy game, its form has the
    /// game's outcome class (found by retrograde analysis of the game, with
    /// draws, and of the form's sides, each side's infinite play counted
    /// for its player), equals the game by `compare`, and is its own
    /// simplest form, printed the same.
    #[test]
    fn sides_have_the_games_outcome((left, right) in crate::loopy_partizan::graph_strategy()) {
        let src = program(&left, &right);
        let mut engine = grundy::Engine::default();
        let Ok(answers) = engine.run_program(&format!("{src}canonical r(0)\n")) else {
            // No stopper side found: nothing is claimed.
            return Ok(());
        };
        let text = grundy::report::text(&answers[0], &engine.namer()).unwrap();
        let form = text.split_once(" = ").unwrap().1.to_string();
        let checks = format!(
            "{src}print outcome r(0)\nprint outcome {form}\nprint compare r(0), {form}\ncanonical {form}\n"
        );
        let got = texts(&checks);
        prop_assert_eq!(&got[0], &got[1], "{} has the form {}", src, form);
        prop_assert_eq!(&got[2], "\"=\"");
        prop_assert_eq!(&got[3], &format!("canonical {form} = {form}"));
    }
}

//! Loopy game literals (`{0 | pass}`, `a{0 | {0 | a}}`) and the canonical
//! forms of stoppers (issue 40 item 1). Checked against the values of
//! CGSuite's test suite (`EvalTest.scala`, `CanonicalStopperTestCase.scala`,
//! `GameGridTest.scala`'s Fox and Geese table, as THEORY.md §6.4 lists them),
//! and on random graphs against `compare`, whose survival game is searched
//! pair by pair, apart from the all-pairs order the simplification uses.

use crate::common::{problem, texts};
use proptest::prelude::*;

/// `canonical G` printed, for each G.
fn canonicals(program: &str, games: &[&str]) -> Vec<String> {
    let mut src = program.to_string();
    for g in games {
        src.push_str(&format!("canonical {g}\n"));
    }
    texts(&src)
        .into_iter()
        .map(|line| line.split_once(" = ").unwrap().1.to_string())
        .collect()
}

/// CGSuite's constants and the forms its tests print (CGSuite's notation in
/// the comments: `over` = {0 | pass}, `^[on]` = upon = {pass | *}, `5over`
/// = {5 | pass}, `3/2under` = {pass | 3/2}, `Tiny(on)` = {0 || 0 | off}).
#[test]
fn cgsuite_forms() {
    let rows = [
        ("{pass | }", "{pass | }"),                                   // on
        ("{ | pass}", "{ | pass}"),                                   // off
        ("{0 | pass}", "{0 | pass}"),                                 // over
        ("x{0 | x}", "{0 | pass}"),                                   // over
        ("x{x | 0}", "{pass | 0}"),                                   // under
        ("{pass | *}", "{pass | *}"),                                 // ^[on]
        ("{pass, 0 | 0}", "{pass, 0 | 0}"),                           // ^[on]*
        ("{* | pass}", "{* | pass}"),                                 // v[on]
        ("{0 | 0, pass}", "{0 | pass, 0}"),                           // v[on]*
        ("{0 | pass} + ^", "{0 | pass}"),                             // over + ^ = over
        ("{0 | pass} + 5", "{5 | pass}"),                             // 5over
        ("{0 | pass} + {0 | pass}", "{0 | pass}"),                    // over is idempotent
        ("{pass | 3/2}", "{pass | 3/2}"),                             // 3/2under
        ("{{0 | pass} | -{0 | pass}}", "{{0 | pass} | {pass | 0}}"),  // +-over
        ("{{5 | pass} | -{5 | pass}}", "{{5 | pass} | {pass | -5}}"), // +-(5over)
        // {0 ||| 0 || 0 | off} = {0 | Tiny(on)}, already simplest.
        ("{0 | {0 | {0 | { | pass}}}}", "{0 | {0 | {0 | { | pass}}}}"),
        // uponth = {0 || 0 | 0, pass}; +-(uponth + *) = 0.
        (
            "{{0 | {0 | 0, pass}} + * | -({0 | {0 | 0, pass}} + *)}",
            "0",
        ),
    ];
    let games: Vec<&str> = rows.iter().map(|r| r.0).collect();
    for ((game, want), got) in rows.iter().zip(canonicals("", &games)) {
        assert_eq!(&got, want, "canonical {game}");
    }
    // -1/4v[on]: -1/4 plus {* | pass}.
    assert!(texts("assert canonical {-1/4 + * | pass} == -1/4 + {* | pass}\n").is_empty());
}

/// CGSuite's Fox and Geese values (GameGridTest's `ValuesTable` for geese on
/// row 3, by fox square, and the position with geese on row 4 and the fox
/// at (1, 1)), with the game written as in `examples/fox_and_geese.game`.
#[test]
fn fox_and_geese_table() {
    let example = std::fs::read_to_string("examples/fox_and_geese.game").unwrap();
    let program: String = example
        .lines()
        .filter(|l| {
            !l.starts_with("assert") && !l.starts_with("outcome") && !l.starts_with("winning")
        })
        .map(|l| format!("{l}\n"))
        .collect();
    let squares = [
        "(2, 2)", "(2, 4)", "(2, 6)", "(2, 8)", "(1, 1)", "(1, 3)", "(1, 5)", "(1, 7)",
    ];
    let games: Vec<String> = squares.iter().map(|s| format!("fg(row3, {s})")).collect();
    let mut games: Vec<&str> = games.iter().map(String::as_str).collect();
    games.push("fg(row4, (1, 1))");
    let got = canonicals(&program, &games);
    // 2over, 2, 3*, 4over, {6|2over}, {2over|2}, {4|3||2}, {4over|3*}; {4*|7/2}.
    let want = [
        "{2 | pass}",
        "2",
        "3 + *",
        "{4 | pass}",
        "{6 | {2 | pass}}",
        "{{2 | pass} | 2}",
        "{{4 | 3} | 2}",
        "{{4 | pass} | 3 + *}",
        "{4 + * | 7/2}",
    ];
    assert_eq!(got, want);
}

/// Literals print so that they read back; a label names enclosing braces.
#[test]
fn literals_read_back() {
    let src = "\
        print a{0 | {0 | a}}\n\
        print {pass | }\n\
        print b{a{{a, b | } | b} | }\n\
        assert compare a{0 | {0 | a}}, {0 | pass} == \"=\"\n\
        assert outcome a{{ | a} | } == PHat\n";
    assert_eq!(
        texts(src),
        ["a{0 | {0 | a}}", "{pass | }", "b{a{{a, b | } | b} | }"]
    );
}

/// Refusals: `pass` inside a sum, and a label not on braces.
#[test]
fn refusals() {
    assert_eq!(
        problem("print {0 | pass + 1}\n").code,
        "grundy::syntax::loop"
    );
    assert_eq!(problem("print a{1, 2}\n").code, "grundy::syntax::loop");
}

/// A random stopper: positions 0..n in levels of two (`v / 2`); one side's
/// options stay in the level or go up, so that side may cycle (passes
/// included), the other side's options go up a level or to a short game.
/// Every cycle is then one player's moves only, never alternating play.
/// Each option is drawn as (kind, pick): the position among those allowed,
/// or one of a few short games.
fn graph() -> impl Strategy<Value = (bool, Vec<Vec<String>>, Vec<Vec<String>>)> {
    let option = (0u8..3, 0usize..64);
    (1usize..=5, any::<bool>()).prop_flat_map(move |(n, left_cycles)| {
        let side = prop::collection::vec(prop::collection::vec(option.clone(), 0..=2), n);
        (Just(left_cycles), side.clone(), side).prop_map(move |(left_cycles, l, r)| {
            // As rule options, games written so that none reads as a position.
            let shorts = ["*0", "{0 | }", "{ | 0}", "*1", "{0 | {0 | }}", "^"];
            let name = |v: usize, cycling: bool, (kind, pick): (u8, usize)| {
                let allowed: Vec<usize> = (0..n)
                    .filter(|&w| {
                        if cycling {
                            w / 2 >= v / 2
                        } else {
                            w / 2 > v / 2
                        }
                    })
                    .collect();
                match (kind, allowed.is_empty()) {
                    (0, _) | (_, true) => shorts[pick % shorts.len()].to_string(),
                    _ => format!("r({})", allowed[pick % allowed.len()]),
                }
            };
            let side = |opts: Vec<Vec<(u8, usize)>>, cycling: bool| -> Vec<Vec<String>> {
                opts.into_iter()
                    .enumerate()
                    .map(|(v, o)| o.into_iter().map(|x| name(v, cycling, x)).collect())
                    .collect()
            };
            (left_cycles, side(l, left_cycles), side(r, !left_cycles))
        })
    })
}

/// The partizan game `r(v)` whose node v has these options.
pub(crate) fn program(left: &[Vec<String>], right: &[Vec<String>]) -> String {
    let arm = |word: &str, sides: &[Vec<String>]| {
        sides
            .iter()
            .enumerate()
            .flat_map(|(v, opts)| {
                opts.iter()
                    .map(move |o| format!("    {word} {o} where v == {v}\n"))
            })
            .collect::<String>()
    };
    format!(
        "partizan game r(v: nat) {{\n{}{}}}\n",
        arm("left", left),
        arm("right", right)
    )
}

/// The laws of a simplest form, for the stopper `r(0)` of `src`: it equals
/// the game by `compare`, has its outcome, and is its own simplest form,
/// printed the same.
fn simplest_form_laws(src: &str) -> Result<(), TestCaseError> {
    let mut engine = grundy::Engine::default();
    let answers = engine.run_program(&format!("{src}print canonical r(0)\n"));
    let answers = answers.map_err(|p| TestCaseError::fail(format!("{src}: {}", p.message)))?;
    let form = grundy::report::text(&answers[0], &engine.namer()).unwrap();
    let checks = format!(
        "{src}print compare r(0), {form}\nprint outcome r(0)\nprint outcome {form}\nprint canonical {form}\n"
    );
    let got = texts(&checks);
    prop_assert_eq!(&got[0], "\"=\"", "{} against {}", src, form);
    prop_assert_eq!(&got[1], &got[2]);
    prop_assert_eq!(&got[3], &form);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// The simplest form of a random stopper equals it (by `compare`), has
    /// its outcome, and is its own simplest form, printed the same.
    #[test]
    fn simplest_forms_of_random_stoppers((_left_cycles, left, right) in graph()) {
        simplest_form_laws(&program(&left, &right))?;
    }
}

/// A literal of thousands of nested braces: positions of one graph hash and
/// compare by their node, and a cycle through them is reported in a few
/// lines, so each query ends at once (all three used to take minutes; the
/// timed engine is a hang guard, not a timing assertion).
#[test]
fn long_literals_stay_fast() {
    let n = 3000;
    let game = format!("a{{0 | {}a{}}}", "{0 | ".repeat(n), "}".repeat(n));
    let src = format!("outcome {game}\ncanonical {game}\nprint {game}\n");
    // Parsing 3000 nested braces needs more stack than a test thread has
    // (the command line's main thread has it).
    let run = move || crate::common::texts_with(crate::common::timed_engine(60), &src);
    let got = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(run)
        .unwrap()
        .join()
        .unwrap();
    assert!(got[0].ends_with(" = L"), "over is a win for Left");
    assert!(
        got[1].ends_with(" = {0 | pass}"),
        "a cycle of Right moves is over"
    );
    assert_eq!(got[2], game);
}

/// Any small graph (options to any position or a short game), kept when it
/// is a stopper by a check written here: from no position reached does
/// alternating play — the graph of (position, player to move) — cycle.
/// Its cycles may mix both players' moves (Left, Left, Right, Right, …).
fn any_stopper() -> impl Strategy<Value = (Vec<Vec<String>>, Vec<Vec<String>>)> {
    let shorts = ["*0", "{0 | }", "{ | 0}", "*1", "{0 | {0 | }}", "^"];
    (1usize..=4)
        .prop_flat_map(move |n| {
            let option = (0u8..3, 0usize..64).prop_map(move |(kind, pick)| match kind {
                0 => Err(shorts[pick % shorts.len()]),
                _ => Ok(pick % n),
            });
            let side = prop::collection::vec(prop::collection::vec(option, 0..=2), n);
            (side.clone(), side)
        })
        .prop_filter("a stopper", |(l, r)| alternating_acyclic(l, r))
        .prop_map(|(l, r)| {
            let words = |opts: Vec<Vec<Result<usize, &str>>>| -> Vec<Vec<String>> {
                opts.into_iter()
                    .map(|o| {
                        o.into_iter()
                            .map(|x| match x {
                                Ok(v) => format!("r({v})"),
                                Err(s) => s.to_string(),
                            })
                            .collect()
                    })
                    .collect()
            };
            (words(l), words(r))
        })
}

/// No cycle in the graph of (position, player to move) reachable from
/// anywhere: a depth-first search for a back edge.
fn alternating_acyclic(l: &[Vec<Result<usize, &str>>], r: &[Vec<Result<usize, &str>>]) -> bool {
    let n = l.len();
    // State s = 2·v + (1 if Right is to move).
    let next = |s: usize| -> Vec<usize> {
        let (v, right) = (s / 2, s % 2 == 1);
        let opts = if right { &r[v] } else { &l[v] };
        opts.iter()
            .filter_map(|o| o.ok())
            .map(|w| 2 * w + usize::from(!right))
            .collect()
    };
    // 0 unseen, 1 on the path, 2 done.
    let mut mark = vec![0u8; 2 * n];
    for root in 0..2 * n {
        if mark[root] != 0 {
            continue;
        }
        let mut stack = vec![(root, next(root), 0usize)];
        mark[root] = 1;
        while let Some((s, succ, i)) = stack.last_mut() {
            if let Some(&t) = succ.get(*i) {
                *i += 1;
                match mark[t] {
                    1 => return false,
                    0 => {
                        mark[t] = 1;
                        let succ = next(t);
                        stack.push((t, succ, 0));
                    }
                    _ => {}
                }
            } else {
                mark[*s] = 2;
                stack.pop();
            }
        }
    }
    true
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// The same laws on stoppers whose cycles mix both players' moves.
    #[test]
    fn simplest_forms_of_any_small_stopper((left, right) in any_stopper()) {
        simplest_form_laws(&program(&left, &right))?;
    }
}

//! Recognition on the rules as users write them: each family of the rules
//! issue maps to the code CGSuite names it by (TBCodeTest.scala,
//! TakeAndBreak.cgs; WW ch. 4), and near misses map to nothing or to the
//! code of what they really do.

/// The shape of game `name` (no family) after `program`.
fn shape_of(program: &str, name: &str) -> super::Shape {
    crate::game::compiled::compiled_of(program, name)
        .shape
        .clone()
}

fn code(program: &str) -> Option<String> {
    shape_of(program, "g").code.map(|c| c.to_string())
}

#[test]
fn subtraction_sets_written_any_way() {
    for rules in [
        "move n - k for k in {1, 2, 3} where k <= n",
        "move g(n - k) for k in {1, 2, 3} where k <= n",
        "move n - k for k in 1..=3 where k <= n",
        "move n - k for k in 1..=min(3, n)",
        "move n - k for k in 1..=n where k <= 3",
        "move n - k for k in 1..4 where n - k >= 0",
        "move n - 1 where n >= 1\n move n - 2 where n >= 2\n move n - 3 where n >= 3",
    ] {
        let p = format!("game g(n: nat) {{ {rules} }}");
        assert_eq!(code(&p).as_deref(), Some("0.333"), "{rules}");
    }
}

#[test]
fn nim_and_all_but() {
    for rules in [
        "move n - k for k in 1..=n",
        "move k for k in 0..n",
        "move g(n - k) for k in 1..n + 1",
    ] {
        let p = format!("game g(n: nat) {{ {rules} }}");
        assert_eq!(code(&p).as_deref(), Some("0.[3]"), "{rules}");
    }
    let p = "game g(n: nat) { move n - k for k in 1..=n where k not in {2, 3} }";
    assert_eq!(code(p).as_deref(), Some("0.300[3]"));
}

#[test]
fn take_and_break() {
    let kayles = "game g(n: nat) { move g(a) + g(n - k - a) for k in 1..=2, a in 0..=n-k where a <= n - k - a }";
    assert_eq!(code(kayles).as_deref(), Some("0.77"));
    let dawson =
        "game g(n: nat) { move g(a) + g(n - 2 - a) for a in 0..=n - 2 where a <= n - 2 - a }";
    assert_eq!(code(dawson).as_deref(), Some("0.07"));
    let gg = "game g(n: nat) { move g(a) + g(n - a) for a in 1..n where a < n - a }";
    assert_eq!(code(gg).as_deref(), Some("4!.0"));
    let lasker = "game g(n: nat) {\n move g(n - k) for k in 1..=n\n move g(a) + g(n - a) for a in 1..n where a <= n - a\n}";
    assert_eq!(code(lasker).as_deref(), Some("4.[3]"));
    let dchess = "game g(n: nat) {\n move *0 where n == 1\n move n - 2 where n >= 2\n move g(a) + g(n - 3 - a) for a in 0..=n - 3 where a <= n - 3 - a\n}";
    assert_eq!(code(dchess).as_deref(), Some("0.137"));
}

/// THEORY.md §5.6 pitfall 1: a part that may be empty is a one-heap move,
/// and 0 + 0 is taking the whole heap: `a in 0..=n-k` is digit 7 (or 6), never 4.
#[test]
fn empty_parts_are_not_splits() {
    let seven =
        "game g(n: nat) { move g(a) + g(n - 1 - a) for a in 0..=n - 1 where a <= n - 1 - a }";
    assert_eq!(code(seven).as_deref(), Some("0.7"));
    let six = "game g(n: nat) { move g(a) + g(n - 1 - a) for a in 0..n - 1 where a <= n - 1 - a }";
    assert_eq!(code(six).as_deref(), Some("0.6"));
    let four = "game g(n: nat) { move g(a) + g(n - 1 - a) for a in 1..n - 1 where a <= n - 1 - a }";
    assert_eq!(code(four).as_deref(), Some("0.4"));
}

/// Hexadecimal digits 8–F (three heaps), written with two split binders in
/// the ways people write them: every order, sorted parts, parts that may be
/// empty. CGSuite's `TBCode` digit bits: 8 = three heaps, F = 0, 1, 2 or 3.
#[test]
fn three_heap_splits() {
    for (rules, want) in [
        (
            "move g(a) + g(b) + g(n - 1 - a - b) for a in 1..n, b in 1..n where a + b < n - 1",
            "0.8",
        ),
        (
            "move g(a) + g(b) + g(n - a - b) for a in 1..=n / 3, b in a..=(n - a) / 2",
            "8.0",
        ),
        (
            "move g(n - 2 - a - b) + g(a) + g(b) for a in 1..n, b in a..n where b <= n - 2 - a - b",
            "0.08",
        ),
        (
            "move g(a) + g(b) + g(n - 1 - a - b) for a in 0..=n - 1, b in 0..=n - 1 - a",
            "0.F",
        ),
        (
            "move g(a) + g(b) + g(n - 1 - a - b) for a in 0..=n - 1, b in 0..=n - 1 - a where n > 1",
            "0.E",
        ),
        (
            "move g(a) + g(b) + g(n - k - a - b) for k in {1, 3}, a in 1..n, b in 1..n where a + b < n - k",
            "0.808",
        ),
        (
            "move g(n - 1) where n >= 1\n move g(a) + g(a + d) + g(n - 1 - 2 * a - d) for a in 1..n, d in 0..n where 2 * a + d < n - 1",
            "0.B",
        ),
    ] {
        let p = format!("game g(n: nat) {{\n {rules}\n}}");
        assert_eq!(code(&p).as_deref(), Some(want), "{rules}");
    }
    // Near misses: a part may be empty but not all orders are reached, the
    // third part is bounded, two binders that are not a change of variables.
    for rules in [
        "move g(a) + g(b) + g(n - 1 - a - b) for a in 1..n, b in 1..n where a + b < n - 1 and a < b",
        "move g(a) + g(b) + g(n - 1 - a - b) for a in 1..n, b in 1..n where a + b < n - 1 and a + b > 2",
        "move g(a) + g(b) + g(n - 1 - a - b) for a in 0..n, b in 1..n where a + b < n - 1",
        "move g(2 * a) + g(b) + g(n - 1 - 2 * a - b) for a in 1..n, b in 1..n where 2 * a + b < n - 1",
        "move g(a) + g(b) + g(n - 1 - a - b) for a in 1..n, b in 1..n where a + b < n - 1 and a != 2",
    ] {
        let p = format!("game g(n: nat) {{ {rules} }}");
        assert_eq!(code(&p), None, "{rules}");
    }
}

#[test]
fn near_misses_are_not_recognised_as_what_they_resemble() {
    for (rules, not) in [
        // Leaves at least two counters: no digit does that.
        ("move n - k for k in 1..=n - 2", "0.[3]"),
        // Only from heap 5 on.
        ("move n - k for k in 1..=3 where k <= n and n >= 5", "0.333"),
        // Halving: the removal depends on n.
        ("move n - k for k in 1..=n / 2", "0.[3]"),
        // Removes 2k.
        ("move n - 2 * k for k in 1..=2 where 2 * k <= n", "0.33"),
    ] {
        let p = format!("game g(n: nat) {{ {rules} }}");
        let got = code(&p);
        assert!(got.as_deref() != Some(not), "{rules}: {got:?}");
        assert!(got.is_none(), "{rules}: {got:?}");
    }
}

#[test]
fn finite_memory_with_periodic_conditions() {
    let p = "game g(n: nat) {\n move n - 1 where n % 2 == 0 and n >= 1\n move n - 2 where n % 2 == 1 and n >= 2\n}";
    let s = shape_of(p, "g");
    assert!(s.code.is_none());
    let m = s.memory.unwrap();
    assert_eq!(m.most_removed(), 2);
    assert_eq!(m.modulus(), Some(2));
}

#[test]
fn windows() {
    let halving = "game g(n: nat) { move n - k for k in 1..=n / 2 }";
    assert!(shape_of(halving, "g").window.is_some());
    let ab = "game g(n: nat) { move n - k for k in 1..=n where k not in {2, 3} }";
    assert!(shape_of(ab, "g").window.is_some());
}

/// The rules as written and the options the recognised shapes list, heap by
/// heap, with the general evaluator's as the truth: a shape must list exactly
/// the same options (as multisets of non-empty heaps).
mod exact {
    use super::super::code::Code;
    use super::super::Shape;
    use crate::check::program::GameBody;
    use crate::game::{OptionList, Side};
    use crate::lang::value::{Component, Pos, Value};
    use crate::Engine;
    use proptest::prelude::*;

    /// The shape recognised from the rules alone (no check against the
    /// evaluator), and the evaluator's options of heaps 0..=`heaps`.
    fn recognise(program: &str, heaps: usize) -> (Shape, Vec<Vec<Vec<usize>>>) {
        let mut engine = Engine::default();
        engine.run_program(program).unwrap();
        let game_id = engine
            .globals
            .games
            .iter()
            .position(|g| g.name == "g")
            .unwrap();
        let inst = engine.rt.instance(game_id, std::rc::Rc::from(vec![]));
        let kernel = crate::game::compiled::compile::compile(&engine.globals, &mut engine.rt, inst);
        let shape = kernel.map_or_else(Shape::default, |k| Shape::of(&k, inst, None));
        let game = &engine.globals.games[game_id];
        let GameBody::Rules(rules) = &game.body else {
            panic!("rules")
        };
        let mut interp =
            crate::eval::interp::Interp::new(&engine.globals, &mut engine.rt, &engine.budget);
        let mut list = OptionList::default();
        let mut all = Vec::new();
        for n in 0..=heaps {
            list.clear();
            let pos = Pos::from(vec![Value::Int(n as i64)]);
            let listed = crate::game::rules::rule_options(
                &mut interp,
                game,
                rules,
                inst,
                &pos,
                Side::Impartial,
                &mut list,
            );
            if listed.is_err() {
                // An error (a negative heap): no shape may claim this game.
                all.push(vec![vec![usize::MAX]]);
                continue;
            }
            let mut opts: Vec<Vec<usize>> = list
                .iter()
                .map(|o| {
                    let mut h: Vec<usize> = o
                        .iter()
                        .filter_map(|c| match c {
                            Component::Pos(_, p) => match p.as_ref() {
                                [Value::Int(0)] => None,
                                [Value::Int(v)] => Some(*v as usize),
                                _ => Some(usize::MAX),
                            },
                            Component::Nimber(0) => None,
                            _ => Some(usize::MAX),
                        })
                        .collect();
                    h.sort_unstable();
                    h
                })
                .collect();
            opts.sort();
            opts.dedup();
            all.push(opts);
        }
        (shape, all)
    }

    fn code_options(code: &Code, n: usize) -> Vec<Vec<usize>> {
        let mut v = Vec::new();
        code.options(n, |o| v.push(o.to_vec()));
        v.sort();
        v.dedup();
        v
    }

    /// Whatever is recognised lists the evaluator's options exactly.
    fn assert_exact(program: &str) -> Shape {
        let heaps = 40;
        let (shape, truth) = recognise(program, heaps);
        for (n, want) in truth.iter().enumerate() {
            if let Some(code) = &shape.code {
                assert_eq!(
                    &code_options(code, n),
                    want,
                    "{program}\ncode {code}, heap {n}"
                );
            }
            if let Some(memory) = &shape.memory {
                let mut got: Vec<Vec<usize>> = Vec::new();
                memory.options(n, |o| got.push(o.into_iter().filter(|&h| h > 0).collect()));
                got.sort();
                got.dedup();
                assert_eq!(&got, want, "{program}\nmemory, heap {n}");
            }
        }
        shape
    }

    /// One rule per bit of each digit, in the ways people write them.
    fn digit_rules(k: usize, d: u8, style: u8) -> Vec<String> {
        let mut rules = Vec::new();
        let m = if k == 0 {
            "n".to_string()
        } else {
            format!("n - {k}")
        };
        match (d & 3, style % 2) {
            (1, _) if k > 0 => rules.push(format!("move *0 where n == {k}")),
            (2, _) if k > 0 => rules.push(format!("move n - {k} where n > {k}")),
            (3, 0) if k > 0 => rules.push(format!("move n - {k} where n >= {k}")),
            (3, _) if k > 0 => rules.push(format!("move g(n - {k}) where {k} <= n")),
            _ => {}
        }
        if d & 4 != 0 {
            rules.push(match style % 3 {
                0 => format!("move g(a) + g({m} - a) for a in 1..{m} where a <= {m} - a"),
                1 => format!("move g(a) + g({m} - a) for a in 1..{m} where 2 * a <= {m}"),
                _ => format!("move g({m} - a) + g(a) for a in 1..=({m}) / 2"),
            });
        }
        if d & 8 != 0 {
            rules.push(match style % 3 {
                0 => format!("move g(a) + g(b) + g({m} - a - b) for a in 1..{m}, b in 1..{m} where a + b < {m}"),
                1 => format!("move g(a) + g(b) + g({m} - a - b) for a in 1..=({m}) / 3, b in a..=({m} - a) / 2"),
                _ => format!("move g({m} - a - b) + g(b) + g(a) for a in 1..{m}, b in a..{m} where 2 * b <= {m} - a"),
            });
        }
        rules
    }

    /// The code `d0.ds…` written a rule per bit is recognised as itself, and
    /// lists exactly the evaluator's options.
    fn recognised_as_its_code(d0: u8, ds: &[u8], style: u8) -> Result<(), TestCaseError> {
        let mut rules = digit_rules(0, d0, style);
        for (i, &d) in ds.iter().enumerate() {
            rules.extend(digit_rules(i + 1, d, style));
        }
        prop_assume!(!rules.is_empty());
        let program = format!("game g(n: nat) {{\n {}\n}}", rules.join("\n "));
        let shape = assert_exact(&program);
        let mut digits = vec![d0];
        digits.extend(ds);
        prop_assert_eq!(shape.code, Some(Code::from_digits(&digits)), "{}", program);
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

        /// Finite subtraction sets, written as a set, a range or with `not in`.
        #[test]
        fn subtraction_sets(set in proptest::collection::btree_set(1i64..9, 1..5), style in 0u8..4) {
            let s: Vec<i64> = set.iter().copied().collect();
            let list = s.iter().map(|k| k.to_string()).collect::<Vec<_>>().join(", ");
            let top = *s.last().unwrap();
            let out: Vec<String> = (1..=top).filter(|k| !s.contains(k)).map(|k| k.to_string()).collect();
            let rules = match style {
                0 => format!("move n - k for k in {{{list}}} where k <= n"),
                1 => format!("move g(n - k) for k in {{{list}}} where n - k >= 0"),
                2 => format!("move n - k for k in 1..={top} where k <= n and k not in {{{}}}", out.join(", ")),
                _ => format!("move n - k for k in 1..=min({top}, n) where k not in {{{}}}", out.join(", ")),
            };
            let program = format!("game g(n: nat) {{ {rules} }}");
            let shape = assert_exact(&program);
            prop_assert_eq!(shape.code, Code::subtraction(&s), "{}", program);
        }

        /// All-but sets.
        #[test]
        fn all_but_sets(set in proptest::collection::btree_set(1i64..7, 0..4), style in 0u8..3) {
            let e: Vec<i64> = set.iter().copied().collect();
            let list = e.iter().map(|k| k.to_string()).collect::<Vec<_>>().join(", ");
            let rules = match style {
                0 => format!("move n - k for k in 1..=n where k not in {{{list}}}"),
                1 => format!("move g(n - k) for k in 1..n + 1 where not (k in {{{list}}})"),
                _ => format!("move k for k in 0..n where n - k not in {{{list}}}"),
            };
            let program = format!("game g(n: nat) {{ {rules} }}");
            let shape = assert_exact(&program);
            prop_assert_eq!(shape.code, Code::all_but(&e), "{}", program);
        }

        /// Octal codes of up to three digits (and a splitting d0), written a
        /// rule per bit.
        #[test]
        fn octal_codes(d0 in prop_oneof![Just(0u8), Just(4u8)], ds in proptest::collection::vec(0u8..8, 1..4), style in 0u8..6) {
            recognised_as_its_code(d0, &ds, style)?;
        }

        /// Hexadecimal codes (digits 8 to F leave three heaps) of up to
        /// three digits, written a rule per bit.
        #[test]
        fn hexadecimal_codes(d0 in prop_oneof![Just(0u8), Just(4u8), Just(8u8), Just(12u8)], ds in proptest::collection::vec(0u8..16, 1..4), style in 0u8..6) {
            recognised_as_its_code(d0, &ds, style)?;
        }

        /// Three-heap near misses: whatever is recognised must list exactly
        /// the evaluator's options.
        #[test]
        fn three_heap_near_misses(k in 0i64..3, c in 0i64..4, which in 0u8..8) {
            let m = format!("n - {k}");
            let rules = match which {
                0 => format!("move g(a) + g(b) + g({m} - a - b) for a in {c}..n, b in 1..n where a + b <= {m}"),
                1 => format!("move g(a) + g(b) + g({m} - a - b) for a in 0..n, b in 0..n where a + b <= {m} - {c}"),
                2 => format!("move g(a) + g(b) + g({m} - a - b) for a in 1..n, b in a..n where a + b < {m} and b <= a + {c}"),
                3 => format!("move g(a) + g(b) + g({m} - a - b) for a in 0..=({m}) / 3, b in a..=({m} - a) / 2 where a >= {c}"),
                4 => format!("move g(a) + g(b) + g({m} - a - b) for a in 1..n, b in 1..n where a + b < {m} and n >= {c}"),
                5 => format!("move g(a) + g(a + b) + g({m} - 2 * a - b) for a in {c}..n, b in 0..n where 2 * a + b <= {m}"),
                6 => format!("move g(a) + g(b) + g({m} - a - b) for a in 1..n, b in 1..n where a + b < {m} and a % {} == 0", c + 1),
                _ => format!("move g(a) + g(b) + g({m} - a - b) for a in 1..=n, b in 1..=n where a + b <= {m} + {c}"),
            };
            let program = format!("game g(n: nat) {{ {rules} }}");
            assert_exact(&program);
        }

        /// Near misses: a family's rule with one change. Whatever is then
        /// recognised must still list exactly the evaluator's options.
        #[test]
        fn near_misses(k in 1i64..4, c in 1i64..6, which in 0u8..10) {
            let rules = match which {
                0 => format!("move n - j for j in 1..={k} where j <= n and n >= {c}"),
                1 => format!("move n - j for j in 1..=n - {c}"),
                2 => format!("move n - j for j in {k}..=n"),
                3 => format!("move g(a) + g(n - {k} - a) for a in 0..=n - {k} where a <= n - {k} - a + {c}"),
                4 => format!("move g(a) + g(n - {k} - a) for a in 1..=n - {k}"),
                5 => format!("move g(a) + g(n - {k} - a) for a in {c}..n - {k} where a <= n - {k} - a"),
                6 => format!("move n - j for j in 1..=n where j % {} == 0", c + 1),
                7 => format!("move n - j for j in 1..=3 where j <= n and n % {} != 0", c + 1),
                8 => format!("move n - 2 * j for j in 1..={k} where 2 * j <= n"),
                _ => format!("move n - j for j in 1..=n where j != n - {c}"),
            };
            let program = format!("game g(n: nat) {{ {rules} }}");
            assert_exact(&program);
        }
    }
}

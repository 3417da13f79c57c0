//! Canonical-form laws through the language, on random small games written as
//! literals `{A, B | C}`. The truths are theorems of combinatorial game theory
//! (Winning Ways ch. 1–2; Siegel, *Combinatorial Game Theory*, ch. II):
//! G + (−G) = 0; sums are commutative and associative; equal games have one
//! canonical form; a canonical form is equal to the game it came from; and the
//! outcome class is who wins moving first and second — checked here against a
//! direct search written in this file, independent of grundy. Black-white Nim
//! strings are checked against their closed form (Berlekamp's rule).

use crate::common;

use proptest::prelude::*;

/// A small game as a tree of options, printed as a literal.
#[derive(Debug, Clone)]
struct Tree {
    left: Vec<Tree>,
    right: Vec<Tree>,
}

impl Tree {
    fn literal(&self) -> String {
        let side = |ts: &[Tree]| ts.iter().map(Tree::literal).collect::<Vec<_>>().join(", ");
        format!("{{{} | {}}}", side(&self.left), side(&self.right))
    }

    /// Does Left win moving first (`left_first`) or Right (`!left_first`)?
    /// The player who cannot move loses; direct search of the tree.
    fn wins_moving_first(&self, left_first: bool) -> bool {
        if left_first {
            self.left.iter().any(|o| !o.wins_moving_first(false))
        } else {
            self.right.iter().any(|o| !o.wins_moving_first(true))
        }
    }

    /// The outcome letter from the two searches.
    fn outcome(&self) -> &'static str {
        match (self.wins_moving_first(true), self.wins_moving_first(false)) {
            (true, true) => "N",
            (true, false) => "L",
            (false, true) => "R",
            (false, false) => "P",
        }
    }

    /// The sum of two trees, built by the definition of a sum.
    fn plus(&self, other: &Tree) -> Tree {
        let mut left: Vec<Tree> = self.left.iter().map(|l| l.plus(other)).collect();
        left.extend(other.left.iter().map(|l| self.plus(l)));
        let mut right: Vec<Tree> = self.right.iter().map(|r| r.plus(other)).collect();
        right.extend(other.right.iter().map(|r| self.plus(r)));
        Tree { left, right }
    }
}

fn tree(depth: u32) -> BoxedStrategy<Tree> {
    let leaf = Just(Tree {
        left: vec![],
        right: vec![],
    })
    .boxed();
    leaf.prop_recursive(depth, 24, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(left, right)| Tree { left, right })
    })
    .boxed()
}

/// The answers of a program (no definitions needed for literals).
fn answers(program: &str) -> Vec<String> {
    common::texts(program)
}

/// The value after ` = ` in a query's text answer.
fn value(answer: &str) -> &str {
    answer.split_once(" = ").map_or(answer, |(_, v)| v)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_game_minus_itself_is_zero(g in tree(3)) {
        let lit = g.literal();
        let out = answers(&format!("canonical {lit} - {lit}\noutcome {lit} + -{lit}"));
        prop_assert_eq!(value(&out[0]), "0");
        prop_assert_eq!(value(&out[1]), "P");
    }

    #[test]
    fn sums_commute_and_associate(a in tree(2), b in tree(2), c in tree(2)) {
        let (a, b, c) = (a.literal(), b.literal(), c.literal());
        let program = format!(
            "assert canonical {a} + {b} == {b} + {a}\n\
             assert canonical ({a} + {b}) + {c} == {a} + ({b} + {c})\n\
             assert compare {a} + {b} {b} + {a} == ="
        );
        // Passed asserts print nothing; a failed one prints its line.
        prop_assert!(answers(&program).is_empty(), "{}", program);
    }

    #[test]
    fn outcomes_agree_with_direct_search(g in tree(3)) {
        let out = answers(&format!("outcome {}", g.literal()));
        prop_assert_eq!(value(&out[0]), g.outcome());
    }

    #[test]
    fn outcome_of_a_sum_agrees_with_the_searched_sum(a in tree(2), b in tree(2)) {
        let out = answers(&format!("outcome {} + {}", a.literal(), b.literal()));
        prop_assert_eq!(value(&out[0]), a.plus(&b).outcome());
    }

    #[test]
    fn a_canonical_form_reads_back_as_itself(g in tree(3)) {
        let lit = g.literal();
        let first = answers(&format!("canonical {lit}"));
        let form = value(&first[0]).to_string();
        // The printed form is an expression equal to the game, with the same
        // canonical form (equal games have identical forms).
        let again = answers(&format!("canonical {form}\ncompare {form}, {lit}"));
        prop_assert_eq!(value(&again[0]), form.as_str());
        prop_assert_eq!(value(&again[1]), "=");
    }

    #[test]
    fn equal_games_have_one_form(a in tree(2), b in tree(2)) {
        let (la, lb) = (a.literal(), b.literal());
        let out = answers(&format!("compare {la} {lb}\ncanonical {la}\ncanonical {lb}"));
        let same_form = value(&out[1]) == value(&out[2]);
        prop_assert_eq!(value(&out[0]) == "=", same_form);
    }

    #[test]
    fn black_white_strings_follow_the_closed_form(s in "[xo]{0,10}") {
        let program = format!(
            "partizan game bw(s: string) {{\n\
                 left  s[0..i] for i in 0..len(s) where s[i] == \"x\"\n\
                 right s[0..i] for i in 0..len(s) where s[i] == \"o\"\n\
             }}\n\
             assert canonical bw(\"{s}\") == {}",
            closed_form(&s)
        );
        prop_assert!(answers(&program).is_empty(), "{}", program);
    }
}

/// Berlekamp's rule for a Hackenbush string (bottom first): the first run of one
/// colour counts ±1 per stone; after the first change of colour each further
/// stone counts ±1/2, ±1/4, … (+ for Left's `x`). Printed as `num/den`.
fn closed_form(s: &str) -> String {
    let sign = |c: u8| if c == b'x' { 1i64 } else { -1 };
    let bytes = s.as_bytes();
    let Some(&first) = bytes.first() else {
        return "0".into();
    };
    let run = bytes.iter().take_while(|&&c| c == first).count();
    let rest = &bytes[run..];
    let den = 1i64 << rest.len();
    let mut num = sign(first) * run as i64 * den;
    for (k, &c) in rest.iter().enumerate() {
        num += sign(c) * (den >> (k + 1));
    }
    format!("{num}/{den}")
}

#[test]
fn the_closed_form_matches_the_source_values() {
    // GAMES.md §10 (002, corrected): xoxo = 5/8, xooox = 3/16, xoxoo = 9/16.
    for (s, v) in [
        ("xoxo", 5.0 / 8.0),
        ("xooox", 3.0 / 16.0),
        ("xoxoo", 9.0 / 16.0),
    ] {
        let text = closed_form(s);
        let (n, d) = text.split_once('/').unwrap();
        let x = n.parse::<f64>().unwrap() / d.parse::<f64>().unwrap();
        assert!((x - v).abs() < 1e-12, "{s}: {text}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A quotient of a quotient is the number of the arithmetic (issue 38,
    /// item 1: `1/2/2` was floor-divided to 0): `n/2^a/2^b` is
    /// n/2^(a+b), and `(n/2^a)/1` is n/2^a, compared with `canonical` of the
    /// single quotient and with `compare`.
    #[test]
    fn quotients_of_quotients_are_the_arithmetic(n in -40i64..40, a in 0u32..4, b in 0u32..4) {
        let (da, db, dab) = (1i64 << a, 1i64 << b, 1i64 << (a + b));
        let out = answers(&format!(
            "canonical {n}/{da}/{db}\ncanonical {n}/{dab}\ncanonical ({n}/{da})/1\n\
             canonical {n}/{da}\ncompare {n}/{da}/{db}, {n}/{dab}\noutcome {n}/{da} - ({n}/{da})/1"
        ));
        prop_assert_eq!(value(&out[0]), value(&out[1]));
        prop_assert_eq!(value(&out[2]), value(&out[3]));
        prop_assert_eq!(value(&out[4]), "=");
        prop_assert_eq!(value(&out[5]), "P");
    }
}

#[test]
fn literals_from_the_source_material() {
    // 001 Pr. 2.26: {0, * | *} = {0 | *} = ^; 001 ch. 2: the four simplest games.
    let out = answers(
        "canonical {0, * | *}\ncanonical {0 | *}\ncanonical { | }\ncanonical {0 | }\n\
         canonical { | 0}\ncanonical {0 | 0}\noutcome {0 | 0}\noutcome ^\noutcome ^*",
    );
    let values: Vec<&str> = out.iter().map(|a| value(a)).collect();
    assert_eq!(values, ["^", "^", "0", "1", "-1", "*", "N", "L", "N"]);
    // Numbers: 1/2 + 1/2 = 1 and {0 | 1} = 1/2 (simplest number between).
    let out =
        answers("canonical 1/2 + 1/2\ncanonical {0 | 1}\ncanonical {1/2 | 1}\ncanonical 3/4 + 1/4");
    let values: Vec<&str> = out.iter().map(|a| value(a)).collect();
    assert_eq!(values, ["1", "1/2", "3/4", "1"]);
    // ^ + v = 0; ^ + ^ = ^^; ^* is fuzzy with 0 and ^ > 0.
    let out = answers("canonical ^ + v\ncanonical ^ + ^\ncompare ^* 0\ncompare ^ 0\ncompare v* 0");
    let values: Vec<&str> = out.iter().map(|a| value(a)).collect();
    assert_eq!(values, ["0", "^^", "||", ">", "||"]);
}

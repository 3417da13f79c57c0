//! Tests of the partizan store: theorems on random games, checked against an
//! independent brute-force search, and facts from the literature.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use super::*;
use crate::budget::Budget;
use proptest::prelude::*;

/// A game tree with no sharing and no simplification: the independent model.
#[derive(Debug, Clone)]
struct Tree {
    left: Vec<Tree>,
    right: Vec<Tree>,
}

impl Tree {
    fn new(left: Vec<Tree>, right: Vec<Tree>) -> Tree {
        Tree { left, right }
    }

    fn zero() -> Tree {
        Tree::new(vec![], vec![])
    }

    fn neg(&self) -> Tree {
        Tree::new(
            self.right.iter().map(Tree::neg).collect(),
            self.left.iter().map(Tree::neg).collect(),
        )
    }
}

/// Whether the player to move (Left if `left`) wins the sum of `parts`, by trying
/// every move: no theory at all.
fn wins_first(parts: &[&Tree], left: bool) -> bool {
    for (i, part) in parts.iter().enumerate() {
        let opts = if left { &part.left } else { &part.right };
        for o in opts {
            let mut next: Vec<&Tree> = parts.to_vec();
            next[i] = o;
            if !wins_first(&next, !left) {
                return true;
            }
        }
    }
    false
}

/// Brute-force outcome of the sum of `parts`.
fn brute_outcome(parts: &[&Tree]) -> Outcome {
    match (wins_first(parts, true), wins_first(parts, false)) {
        (true, true) => Outcome::N,
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (false, false) => Outcome::P,
    }
}

/// The store's form of a tree, built bottom-up through `from_options`.
fn form(store: &mut CanonStore, t: &Tree, budget: &Budget) -> Form {
    let left: Vec<Form> = t.left.iter().map(|o| form(store, o, budget)).collect();
    let right: Vec<Form> = t.right.iter().map(|o| form(store, o, budget)).collect();
    store.from_options(&left, &right, budget).unwrap()
}

fn tree_strategy() -> impl Strategy<Value = Tree> {
    Just(Tree::zero()).prop_recursive(4, 40, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| Tree::new(l, r))
    })
}

fn show(store: &mut CanonStore, f: Form) -> String {
    let text = store.show(f);
    assert_eq!(store.display(f).to_string(), text);
    text
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The store's outcome agrees with searching the tree itself.
    #[test]
    fn outcome_matches_brute_force(g in tree_strategy()) {
        let budget = Budget::default();
        let mut s = CanonStore::new();
        let f = form(&mut s, &g, &budget);
        prop_assert_eq!(s.outcome(f, &budget).unwrap(), brute_outcome(&[&g]));
    }

    /// Sums: the outcome of G + H agrees with a search of the two trees side by side.
    #[test]
    fn sum_outcome_matches_brute_force(g in tree_strategy(), h in tree_strategy()) {
        let budget = Budget::default();
        let mut s = CanonStore::new();
        let (fg, fh) = (form(&mut s, &g, &budget), form(&mut s, &h, &budget));
        let sum = s.sum(fg, fh, &budget).unwrap();
        prop_assert_eq!(s.outcome(sum, &budget).unwrap(), brute_outcome(&[&g, &h]));
    }

    /// G + (−G) = 0, with the identical id of 0.
    #[test]
    fn game_minus_itself_is_zero(g in tree_strategy()) {
        let budget = Budget::default();
        let mut s = CanonStore::new();
        let f = form(&mut s, &g, &budget);
        let n = s.neg(f, &budget).unwrap();
        prop_assert_eq!(s.sum(f, n, &budget).unwrap(), Form::ZERO);
        // −G computed by the store equals the form of the negated tree.
        prop_assert_eq!(form(&mut s, &g.neg(), &budget), n);
    }

    /// Sums commute and associate (as identical ids).
    #[test]
    fn sums_commute_and_associate(
        g in tree_strategy(), h in tree_strategy(), k in tree_strategy()
    ) {
        let budget = Budget::default();
        let mut s = CanonStore::new();
        let (a, b, c) = (form(&mut s, &g, &budget), form(&mut s, &h, &budget), form(&mut s, &k, &budget));
        let ab = s.sum(a, b, &budget).unwrap();
        prop_assert_eq!(ab, s.sum(b, a, &budget).unwrap());
        let ab_c = s.sum(ab, c, &budget).unwrap();
        let bc = s.sum(b, c, &budget).unwrap();
        prop_assert_eq!(ab_c, s.sum(a, bc, &budget).unwrap());
    }

    /// A canonical form rebuilt from its own options is itself; its printing is stable.
    #[test]
    fn canonical_options_rebuild_the_form(g in tree_strategy(), h in tree_strategy()) {
        let budget = Budget::default();
        let mut s = CanonStore::new();
        let (fg, fh) = (form(&mut s, &g, &budget), form(&mut s, &h, &budget));
        for f in [fg, fh, s.sum(fg, fh, &budget).unwrap()] {
            let l = s.left_options(f).unwrap();
            let r = s.right_options(f).unwrap();
            prop_assert_eq!(s.from_options(&l, &r, &budget).unwrap(), f);
            // A fresh store that builds the same game prints it the same way.
            let mut fresh = CanonStore::new();
            let f2 = form(&mut fresh, &g, &budget);
            prop_assert_eq!(show(&mut fresh, f2), show(&mut s, fg));
        }
    }

    /// Equal games get identical ids, and `leq` agrees with the outcome of G − H
    /// found by brute force (G <= H iff Left loses G − H moving first).
    #[test]
    fn order_matches_brute_force(g in tree_strategy(), h in tree_strategy()) {
        let budget = Budget::default();
        let mut s = CanonStore::new();
        let (fg, fh) = (form(&mut s, &g, &budget), form(&mut s, &h, &budget));
        let minus_h = h.neg();
        let brute = brute_outcome(&[&g, &minus_h]);
        prop_assert_eq!(s.leq(fg, fh, &budget).unwrap(), matches!(brute, Outcome::R | Outcome::P));
        prop_assert_eq!(fg == fh, brute == Outcome::P);
        let d = s.sub(fg, fh, &budget).unwrap();
        let by_outcome = matches!(s.outcome(d, &budget).unwrap(), Outcome::R | Outcome::P);
        prop_assert_eq!(s.leq(fg, fh, &budget).unwrap(), by_outcome);
    }

    /// Thermographs: the walls at temperature 0 are the stops, the left wall never
    /// falls below the right one, the mean is additive and the temperature of a
    /// sum is at most the larger temperature.
    #[test]
    fn thermographs_are_consistent(g in tree_strategy(), h in tree_strategy()) {
        let budget = Budget::default();
        let mut s = CanonStore::new();
        let (fg, fh) = (form(&mut s, &g, &budget), form(&mut s, &h, &budget));
        let sum = s.sum(fg, fh, &budget).unwrap();
        for f in [fg, fh, sum] {
            let th = s.thermograph(f, &budget).unwrap();
            prop_assert_eq!(th.left.at(Dyadic::ZERO), Some(s.left_stop(f)));
            prop_assert_eq!(th.right.at(Dyadic::ZERO), Some(s.right_stop(f)));
            for p in th.left.pieces.iter().chain(&th.right.pieces) {
                prop_assert!(th.left.at(p.t).unwrap() >= th.right.at(p.t).unwrap());
            }
            prop_assert_eq!(s.mean(f, &budget).unwrap(), th.mast);
            prop_assert_eq!(s.temperature(f, &budget).unwrap(), th.temperature);
        }
        let means = s.mean(fg, &budget).unwrap().checked_add(s.mean(fh, &budget).unwrap());
        prop_assert_eq!(Some(s.mean(sum, &budget).unwrap()), means);
        let hottest = s.temperature(fg, &budget).unwrap().max(s.temperature(fh, &budget).unwrap());
        prop_assert!(s.temperature(sum, &budget).unwrap() <= hottest);
    }

    /// The stored birthday (a closed formula for NUS values) is one more than the
    /// oldest canonical option, recursively.
    #[test]
    fn birthdays_follow_the_options(g in tree_strategy(), h in tree_strategy()) {
        let budget = Budget::default();
        let mut s = CanonStore::new();
        let (fg, fh) = (form(&mut s, &g, &budget), form(&mut s, &h, &budget));
        let sum = s.sum(fg, fh, &budget).unwrap();
        for f in [fg, fh, sum] {
            prop_assert_eq!(s.birthday(f), birthday_by_options(&mut s, f));
        }
    }

    /// Blue-red Hackenbush strings (black-white Nim) against the closed form: the
    /// first run of k equal stones counts ±k, each later stone ±1/2, ±1/4, …
    #[test]
    fn hackenbush_strings_match_closed_form(stones in prop::collection::vec(any::<bool>(), 0..10)) {
        let budget = Budget::default();
        let mut s = CanonStore::new();
        let f = hackenbush(&mut s, &stones, &budget);
        prop_assert_eq!(s.as_number(f), Some(hackenbush_value(&stones)));
    }
}

/// Birthday found by walking the canonical options (building NUS options).
fn birthday_by_options(s: &mut CanonStore, f: Form) -> u64 {
    let opts: Vec<Form> = s
        .left_options(f)
        .unwrap()
        .into_iter()
        .chain(s.right_options(f).unwrap())
        .collect();
    opts.into_iter()
        .map(|o| birthday_by_options(s, o) + 1)
        .max()
        .unwrap_or(0)
}

/// Black-white Nim on one stack, bottom first (`true` = Left's stone "x"): a player
/// removes one of his stones and everything above it.
fn hackenbush(store: &mut CanonStore, stones: &[bool], budget: &Budget) -> Form {
    let mut left = Vec::new();
    let mut right = Vec::new();
    for (i, &x) in stones.iter().enumerate() {
        let rest = hackenbush(store, &stones[..i], budget);
        if x {
            left.push(rest);
        } else {
            right.push(rest);
        }
    }
    store.from_options(&left, &right, budget).unwrap()
}

fn hackenbush_value(stones: &[bool]) -> Dyadic {
    let Some(&first) = stones.first() else {
        return Dyadic::ZERO;
    };
    let run = stones.iter().take_while(|&&x| x == first).count();
    let sign = if first { 1 } else { -1 };
    let mut v = Dyadic::integer(sign * run as i64);
    for (j, &x) in stones[run..].iter().enumerate() {
        let step = Dyadic::unit(j as u32 + 1).unwrap();
        v = if x {
            v.checked_add(step)
        } else {
            v.checked_sub(step)
        }
        .unwrap();
    }
    v
}

fn stones(s: &str) -> Vec<bool> {
    s.chars().map(|c| c == 'x').collect()
}

fn d(n: i64, e: u32) -> Dyadic {
    Dyadic::new(n, e).unwrap()
}

#[test]
fn hackenbush_facts() {
    let budget = Budget::default();
    let mut s = CanonStore::new();
    for (text, value, printed) in [
        ("xoxo", d(5, 3), "5/8"),
        ("xooox", d(3, 4), "3/16"),
        ("xoooo", d(1, 4), "1/16"),
        ("xoxoo", d(9, 4), "9/16"),
        ("ox", d(-1, 1), "-1/2"),
        ("xx", d(2, 0), "2"),
    ] {
        let f = hackenbush(&mut s, &stones(text), &budget);
        assert_eq!(s.as_number(f), Some(value), "{text}");
        assert_eq!(show(&mut s, f), printed);
    }
    // xoo + xoo + ox = 0
    let xoo = hackenbush(&mut s, &stones("xoo"), &budget);
    let ox = hackenbush(&mut s, &stones("ox"), &budget);
    let twice = s.sum(xoo, xoo, &budget).unwrap();
    assert_eq!(s.sum(twice, ox, &budget).unwrap(), Form::ZERO);
}

#[test]
fn explicit_games_from_the_literature() {
    let budget = Budget::default();
    let mut s = CanonStore::new();
    let zero = Form::ZERO;
    let star = s.nimber(1);
    // {0, * | *} = {0 | *} = ^
    let up1 = s.from_options(&[zero, star], &[star], &budget).unwrap();
    let up2 = s.from_options(&[zero], &[star], &budget).unwrap();
    assert_eq!(up1, up2);
    assert_eq!(up1, s.ups(1));
    assert_eq!(show(&mut s, up1), "^");
    assert_eq!(s.outcome(up1, &budget).unwrap(), Outcome::L);
    // {0, *3, *4, *8, *2 | 0, *6, *4} = *
    let l: Vec<Form> = [0, 3, 4, 8, 2].iter().map(|&n| s.nimber(n)).collect();
    let r: Vec<Form> = [0, 6, 4].iter().map(|&n| s.nimber(n)).collect();
    assert_eq!(s.from_options(&l, &r, &budget).unwrap(), star);
    // *2 = {0, * | 0, *}, with those options
    let star2 = s
        .from_options(&[zero, star], &[zero, star], &budget)
        .unwrap();
    assert_eq!(star2, s.nimber(2));
    assert_eq!(show(&mut s, star2), "*2");
    assert_eq!(s.left_options(star2).unwrap(), vec![zero, star]);
    let (s3, s5) = (s.nimber(3), s.nimber(5));
    assert_eq!(s.sum(s3, s5, &budget).unwrap(), s.nimber(6));
    // 1/2 + 1/2 = 1; ^ + v = 0; ^ + ^ + * is positive
    let half = s.number(d(1, 1));
    assert_eq!(s.sum(half, half, &budget).unwrap(), s.integer(1));
    let down = s.ups(-1);
    assert_eq!(s.sum(up1, down, &budget).unwrap(), zero);
    let upup = s.sum(up1, up1, &budget).unwrap();
    let upup_star = s.sum(upup, star, &budget).unwrap();
    assert_ne!(upup_star, zero);
    assert_eq!(s.compare(upup_star, zero, &budget).unwrap(), Cmp::Greater);
    assert_eq!(show(&mut s, upup_star), "^^ + *");
    // ^ + * is fuzzy with 0
    let up_star = s.sum(up1, star, &budget).unwrap();
    assert_eq!(s.outcome(up_star, &budget).unwrap(), Outcome::N);
    assert_eq!(show(&mut s, up_star), "^*");
}

#[test]
fn nus_forms_built_from_options_are_recognised() {
    let budget = Budget::default();
    let mut s = CanonStore::new();
    // Every NUS form, rebuilt through `from_options` from its canonical options,
    // is recognised as that NUS again, and agrees with sums of ^ and *.
    for number in [Dyadic::ZERO, d(1, 1), d(-3, 2), d(2, 0)] {
        for ups in -4..=4 {
            for nim in 0..5 {
                let n = Nus { number, ups, nim };
                let f = s.nus(n);
                let l = s.left_options(f).unwrap();
                let r = s.right_options(f).unwrap();
                assert_eq!(s.from_options(&l, &r, &budget).unwrap(), f, "{n:?}");
                assert_eq!(s.birthday(f), birthday_by_options(&mut s, f), "{n:?}");
            }
        }
    }
    // ^ built as a game, added up, agrees with the arithmetic.
    let zero = Form::ZERO;
    let star = s.nimber(1);
    let up = s.from_options(&[zero], &[star], &budget).unwrap();
    let general_up = {
        // {0 | *} + * + * computed through a non-NUS detour: {1 | -1} − {1 | -1}
        let one = s.integer(1);
        let m1 = s.integer(-1);
        let hot = s.from_options(&[one], &[m1], &budget).unwrap();
        let with_hot = s.sum(up, hot, &budget).unwrap();
        let neg_hot = s.neg(hot, &budget).unwrap();
        s.sum(with_hot, neg_hot, &budget).unwrap()
    };
    assert_eq!(general_up, up);
}

#[test]
fn printing_spellings() {
    let budget = Budget::default();
    let mut s = CanonStore::new();
    let cases: [(Nus, &str); 10] = [
        (Nus::default(), "0"),
        (Nus::nimber(1), "*"),
        (Nus::nimber(2), "*2"),
        (
            Nus {
                number: Dyadic::ZERO,
                ups: -1,
                nim: 0,
            },
            "v",
        ),
        (
            Nus {
                number: Dyadic::ZERO,
                ups: -2,
                nim: 0,
            },
            "vv",
        ),
        (
            Nus {
                number: Dyadic::ZERO,
                ups: 3,
                nim: 0,
            },
            "^3",
        ),
        (
            Nus {
                number: Dyadic::ZERO,
                ups: -1,
                nim: 1,
            },
            "v*",
        ),
        (
            Nus {
                number: d(1, 1),
                ups: 1,
                nim: 0,
            },
            "1/2 + ^",
        ),
        (
            Nus {
                number: d(-1, 0),
                ups: 0,
                nim: 2,
            },
            "-1 + *2",
        ),
        (
            Nus {
                number: d(2, 0),
                ups: -3,
                nim: 5,
            },
            "2 + v3 + *5",
        ),
    ];
    for (n, text) in cases {
        let f = s.nus(n);
        assert_eq!(show(&mut s, f), text);
    }
    let (one, m1, two, zero) = (s.integer(1), s.integer(-1), s.integer(2), Form::ZERO);
    let hot = s.from_options(&[one], &[m1], &budget).unwrap();
    assert_eq!(show(&mut s, hot), "{1 | -1}");
    let ten = s.from_options(&[one], &[zero], &budget).unwrap();
    let nested = s.from_options(&[two], &[ten], &budget).unwrap();
    assert_eq!(show(&mut s, nested), "{2 | {1 | 0}}");
    // {0, *, ±1 | -5}: nothing dominated or reversible; numbers, then nimbers,
    // then the rest.
    let (star, m5) = (s.nimber(1), s.integer(-5));
    let mixed = s.from_options(&[hot, star, zero], &[m5], &budget).unwrap();
    assert_eq!(show(&mut s, mixed), "{0, *, {1 | -1} | -5}");
}

#[test]
fn temperatures_and_means() {
    let budget = Budget::default();
    let mut s = CanonStore::new();
    let g = |s: &mut CanonStore, a: i64, b: i64| {
        let (x, y) = (s.integer(a), s.integer(b));
        s.from_options(&[x], &[y], &budget).unwrap()
    };
    let h = g(&mut s, 1, -1);
    assert_eq!(s.temperature(h, &budget).unwrap(), d(1, 0));
    assert_eq!(s.mean(h, &budget).unwrap(), Dyadic::ZERO);
    let h = g(&mut s, 2, -1);
    assert_eq!(s.temperature(h, &budget).unwrap(), d(3, 1));
    assert_eq!(s.mean(h, &budget).unwrap(), d(1, 1));
    let h = g(&mut s, 3, 1);
    assert_eq!(s.mean(h, &budget).unwrap(), d(2, 0));
    assert_eq!(s.temperature(h, &budget).unwrap(), d(1, 0));
    let th = s.thermograph(h, &budget).unwrap();
    assert_eq!(th.left.at(Dyadic::ZERO), Some(d(3, 0)));
    assert_eq!(th.right.at(Dyadic::ZERO), Some(d(1, 0)));
    assert_eq!(th.left.at(d(5, 0)), Some(d(2, 0)));
    // stops
    assert_eq!(s.left_stop(h), d(3, 0));
    assert_eq!(s.right_stop(h), d(1, 0));
    // numbers and infinitesimals
    let half = s.number(d(1, 1));
    assert_eq!(s.temperature(half, &budget).unwrap(), d(-1, 1));
    let th = s.thermograph(half, &budget).unwrap();
    assert_eq!(th.temperature, d(-1, 1));
    assert_eq!(th.mast, d(1, 1));
    let up = s.ups(1);
    assert_eq!(s.temperature(up, &budget).unwrap(), Dyadic::ZERO);
    assert_eq!(
        s.thermograph(up, &budget).unwrap().temperature,
        Dyadic::ZERO
    );
    // {3 | {1 | -1}}: temperature 2 at mean 1... computed: left wall 3 - t, right
    // wall: {1|-1}'s left wall + t = 1 (t <= 1), then mast 0 + t.
    let inner = g(&mut s, 1, -1);
    let three = s.integer(3);
    let outer = s.from_options(&[three], &[inner], &budget).unwrap();
    let th = s.thermograph(outer, &budget).unwrap();
    assert_eq!(th.temperature, d(3, 1));
    assert_eq!(th.mast, d(3, 1));
    // Drawn as polylines: the right wall bends where {1 | -1}'s mast meets it.
    let two = d(2, 0);
    assert_eq!(
        th.left.points(two),
        vec![(d(-1, 0), d(4, 0)), (d(3, 1), d(3, 1)), (two, d(3, 1))]
    );
    assert_eq!(
        th.right.points(two),
        vec![
            (d(-1, 0), d(1, 0)),
            (d(1, 0), d(1, 0)),
            (d(3, 1), d(3, 1)),
            (two, d(3, 1))
        ]
    );
}

/// Partizan subtraction (GAMES.md §10): Left removes 1 or 4, Right 2 or 3.
#[test]
fn partizan_subtraction() {
    let budget = Budget::default();
    let mut s = CanonStore::new();
    let mut forms: Vec<Form> = Vec::new();
    for n in 0..=10usize {
        let l: Vec<Form> = [1, 4]
            .iter()
            .filter(|&&k| k <= n)
            .map(|&k| forms[n - k])
            .collect();
        let r: Vec<Form> = [2, 3]
            .iter()
            .filter(|&&k| k <= n)
            .map(|&k| forms[n - k])
            .collect();
        forms.push(s.from_options(&l, &r, &budget).unwrap());
    }
    let outcomes: Vec<Outcome> = forms[..5]
        .iter()
        .map(|&f| s.outcome(f, &budget).unwrap())
        .collect();
    assert_eq!(
        outcomes,
        [Outcome::P, Outcome::L, Outcome::N, Outcome::R, Outcome::L]
    );
    assert_eq!(show(&mut s, forms[2]), "{1 | 0}");
    assert_eq!(show(&mut s, forms[4]), "1/2");
    assert_eq!(s.outcome(forms[7], &budget).unwrap(), Outcome::P);
}

#[test]
fn budget_stops_a_long_computation() {
    use crate::budget::{Exceeded, Limits};
    let budget = Budget::new(Limits::default());
    budget.start();
    budget
        .cancel_flag()
        .store(true, std::sync::atomic::Ordering::Relaxed);
    let mut s = CanonStore::new();
    // Big enough to tick more often than the budget's check interval.
    let r = domineering::value(&mut s, 4, 6, &budget);
    assert_eq!(r, Err(Error::Exceeded(Exceeded::Interrupted)));
}

#[test]
fn overflow_is_an_error_not_a_wrong_answer() {
    let budget = Budget::default();
    let mut s = CanonStore::new();
    let big = s.integer(i64::MAX);
    let one = s.integer(1);
    assert_eq!(s.sum(big, one, &budget), Err(Error::Overflow));
    // {MAX | } would be MAX + 1.
    assert_eq!(s.from_options(&[big], &[], &budget), Err(Error::Overflow));
    let tiny = s.number(Dyadic::unit(62).unwrap());
    assert_eq!(
        s.from_options(&[Form::ZERO], &[tiny], &budget),
        Err(Error::Overflow)
    );
}

mod domineering;
mod wide_boards;

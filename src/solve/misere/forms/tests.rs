//! Misère canonical forms against Conway's census and CGSuite's tests.

#![allow(clippy::indexing_slicing, clippy::unwrap_used)]

use super::*;

fn budget() -> Budget {
    Budget::default()
}

/// A form from its options (forms).
fn game(forms: &mut Forms, options: &[MisereForm]) -> MisereForm {
    forms.with_options(options.to_vec(), &budget()).unwrap()
}

fn nim(forms: &mut Forms, k: u64) -> MisereForm {
    forms.nimber(k, &budget()).unwrap()
}

/// Every subset of `of`, as lists.
fn subsets(of: &[MisereForm]) -> impl Iterator<Item = Vec<MisereForm>> + '_ {
    (0u64..1 << of.len()).map(move |mask| {
        (0..of.len())
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| of[i])
            .collect()
    })
}

/// Conway's count of misère-distinct impartial games born by days 0–5:
/// 1, 2, 3, 5, 22 and 4,171,780 (On Numbers and Games, ch. 12; also in
/// Siegel, "On the structure of misère impartial games", 2020, which
/// computes the day-6 count from them). Every game born by day n + 1 has a
/// set of games born by day n as its options, so the forms born by day
/// n + 1 are the distinct forms of all those sets. A wrong reduction rule
/// (one too weak or too strong) changes the day-4 count, and any slip at
/// all the day-5 count.
#[test]
fn conways_census_of_games_born_by_day_five() {
    let mut forms = Forms::default();
    let mut born = vec![MisereForm::ZERO];
    let mut counts = vec![born.len()];
    for _day in 1..=4 {
        let mut next: Vec<MisereForm> = subsets(&born).map(|s| game(&mut forms, &s)).collect();
        next.sort_unstable();
        next.dedup();
        counts.push(next.len());
        born = next;
    }
    assert_eq!(counts, [1, 2, 3, 5, 22]);
    // Day 5: the 22 forms born by day 4 come back as themselves; every
    // other set of them that does not reduce is a new form. Nothing is
    // stored (4 million forms).
    let stored = forms.len();
    let new = subsets(&born)
        .filter(|s| forms.lookup(&mut s.clone()).is_none())
        .count();
    assert_eq!(forms.len(), stored);
    assert_eq!(born.len() + new, 4_171_780);
}

/// Rows of CGSuite's `MisereCanonicalGameTestCase.scala`: the form in
/// Conway's notation and the misère outcome (P when G⁻ = 0).
#[test]
fn cgsuites_misere_canonical_forms() {
    let mut f = Forms::default();
    let (zero, one, two) = (nim(&mut f, 0), nim(&mut f, 1), nim(&mut f, 2));
    // *[0], *[1], *[2]: nimbers, N, P, N.
    assert_eq!(f.conway(zero), "0");
    assert_eq!(f.conway(two), "2");
    assert_eq!((f.minus(zero), f.minus(one) == 0), (1, true));
    // *[[2]] = 2#, P.
    let two_sharp = game(&mut f, &[two]);
    assert_eq!(f.conway(two_sharp), "2#");
    assert_eq!(f.minus(two_sharp), 0);
    // *[[[2]]] = 2##, N.
    let two_sharp_sharp = game(&mut f, &[two_sharp]);
    assert_eq!(f.conway(two_sharp_sharp), "2##");
    assert_ne!(f.minus(two_sharp_sharp), 0);
    // *[[2],0] = 2#0 and *[[2],1] = 2#1, both N.
    let a = game(&mut f, &[two_sharp, zero]);
    let b = game(&mut f, &[two_sharp, one]);
    assert_eq!((f.conway(a).as_str(), f.conway(b).as_str()), ("2#0", "2#1"));
    assert!(f.minus(a) != 0 && f.minus(b) != 0);
    // *[[[2]],[[2],1]] = (2#1)2##, P.
    let c = game(&mut f, &[two_sharp_sharp, b]);
    assert_eq!(f.conway(c), "(2#1)2##");
    assert_eq!(f.minus(c), 0);
    // The same forms in the language's notation.
    assert_eq!(f.show(c), "*{*{*{*2}, *1}, *{*{*2}}}");
}

/// The misère identities every account starts from (Winning Ways ch. 13,
/// ONAG ch. 12): {*1} = *1 + *1 = 0, while {*2} (= 2#) and *2 + *2 are
/// not 0; the options of a nimber are the smaller nimbers.
#[test]
fn misere_identities() {
    let mut f = Forms::default();
    let (zero, one, two, three) = (
        nim(&mut f, 0),
        nim(&mut f, 1),
        nim(&mut f, 2),
        nim(&mut f, 3),
    );
    assert_eq!(game(&mut f, &[one]), zero);
    assert_ne!(game(&mut f, &[two]), zero);
    assert_eq!(f.nimber_value(three), Some(3));
    assert_eq!(f.options(three), [zero, one, two]);
    // {0, *1, X} where X has *2 as an option is *2 (X reverses through *2).
    let x = game(&mut f, &[two, one]);
    assert_eq!(game(&mut f, &[zero, one, x]), two);
    // The same set, written in any order and with repeats, is one form.
    assert_eq!(game(&mut f, &[x, one, zero, one]), two);
}

/// Sums by the definition, G + H = {G' + H, G + H'}, on forms.
fn add(f: &mut Forms, g: MisereForm, h: MisereForm) -> MisereForm {
    let mut options = Vec::new();
    for &g1 in f.options(g).to_vec().iter() {
        options.push(add(f, g1, h));
    }
    for &h1 in f.options(h).to_vec().iter() {
        options.push(add(f, g, h1));
    }
    game(f, &options)
}

/// The misère outcome of a sum of forms by brute force over the sum's
/// positions (no forms involved): true when the player to move wins.
fn next_wins(f: &Forms, parts: &[MisereForm]) -> bool {
    let mut moved = false;
    for (i, &p) in parts.iter().enumerate() {
        for &o in f.options(p) {
            moved = true;
            let mut after = parts.to_vec();
            after[i] = o;
            if !next_wins(f, &after) {
                return true;
            }
        }
    }
    // No move at all: the player to move wins in misère play.
    !moved
}

/// Equal forms play alike beside every small game, and the form of a sum
/// made by the definition plays like the sum itself: brute force over the
/// games born by day 3 and pairs of them.
#[test]
fn forms_play_like_their_games() {
    let mut f = Forms::default();
    let mut born = vec![MisereForm::ZERO];
    for _ in 1..=3 {
        let mut next: Vec<MisereForm> = subsets(&born).map(|s| game(&mut f, &s)).collect();
        next.sort_unstable();
        next.dedup();
        born = next;
    }
    for &g in &born {
        for &h in &born {
            let sum = add(&mut f, g, h);
            for &x in &born {
                assert_eq!(next_wins(&f, &[sum, x]), next_wins(&f, &[g, h, x]));
            }
            // G⁻ = 0 exactly for a misère P-position.
            assert_eq!(f.minus(sum) != 0, next_wins(&f, &[g, h]));
        }
    }
}

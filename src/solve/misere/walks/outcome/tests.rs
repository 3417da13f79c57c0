//! The heap-keyed misère search against a brute force written here from the
//! octal rules, with no quotient and with one covering only the smaller heaps.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use super::*;
use crate::solve::misere::quotient::labelled;
use crate::solve::misere::quotient::rules::Octal;
use std::collections::HashMap;

/// Misère outcomes (true: the player to move wins) of sorted heap lists.
struct Direct {
    rules: Octal,
    wins: HashMap<Vec<usize>, bool>,
}

impl Direct {
    fn wins(&mut self, heaps: &[usize]) -> bool {
        let mut key = heaps.to_vec();
        key.sort_unstable();
        if let Some(&w) = self.wins.get(&key) {
            return w;
        }
        let mut any_move = false;
        let mut w = false;
        for (i, &h) in key.iter().enumerate() {
            let mut opts = Vec::new();
            self.rules.options(h, &mut opts).unwrap();
            for o in opts {
                any_move = true;
                let mut next = key.clone();
                next.remove(i);
                next.extend(o);
                w = w || !self.wins(&next);
            }
        }
        // No move: the last player to move lost, so the player to move wins.
        let w = w || !any_move;
        self.wins.insert(key, w);
        w
    }
}

/// Every sum of up to three heaps of size `lo..=hi`.
fn sums(lo: usize, hi: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for a in lo..=hi {
        out.push(vec![a]);
        for b in a..=hi {
            out.push(vec![a, b]);
            for c in b..=hi.min(b + 3) {
                out.push(vec![a, b, c]);
            }
        }
    }
    out
}

fn check(code: &str, quotient_to: Option<usize>, lo: usize, hi: usize) {
    let budget = Budget::default();
    let mut rules = Octal::parse(code).unwrap();
    let q = quotient_to.map(|n| labelled(&mut rules, n, 1, &budget).unwrap());
    let mut direct = Direct {
        rules: Octal::parse(code).unwrap(),
        wins: HashMap::new(),
    };
    let mut search = HeapSums::default();
    let mut verdicts = [0, 0];
    for s in sums(lo, hi) {
        let heaps: Vec<u16> = s.iter().map(|&h| h as u16).collect();
        let got = heap_next_wins(
            &mut search,
            &mut rules,
            &heaps,
            q.as_ref(),
            &[q.as_ref()],
            &budget,
            &budget,
        )
        .unwrap();
        let want = direct.wins(&s);
        assert_eq!(got, want, "{code} {s:?}");
        verdicts[usize::from(want)] += 1;
    }
    // Both verdicts occur, so neither is answered blindly.
    assert!(verdicts[0] >= 5 && verdicts[1] >= 5, "{verdicts:?}");
}

/// Dawson's Kayles and Kayles with no quotient: the search alone, down to
/// the sums with no move.
#[test]
fn search_alone_matches_the_brute_force() {
    check("0.07", None, 0, 13);
    check("0.77", None, 0, 10);
}

/// With a quotient of the heaps up to 8, sums with larger heaps: positions
/// whose heaps are all ≤ 8 are read off it.
#[test]
fn search_with_a_smaller_quotient_matches_the_brute_force() {
    check("0.07", Some(8), 6, 16);
    check("0.06", Some(8), 6, 15);
}

/// Searches cut short (here by a position limit, as the quick search before
/// a quotient is cut by its time) keep what they finished and nothing half
/// done: each sum is asked first under a tiny budget, then under a full one,
/// and both answers (when the first has one) match the brute force.
#[test]
fn searches_cut_short_resume_correctly() {
    use crate::budget::Limits;
    let tiny = Budget::new(Limits {
        max_positions: 4,
        ..Limits::default()
    });
    let full = Budget::default();
    for code in ["0.07", "0.77"] {
        let mut rules = Octal::parse(code).unwrap();
        let mut direct = Direct {
            rules: Octal::parse(code).unwrap(),
            wins: HashMap::new(),
        };
        let mut search = HeapSums::default();
        let mut cut = 0;
        for s in sums(5, 14) {
            let heaps: Vec<u16> = s.iter().map(|&h| h as u16).collect();
            let first =
                heap_next_wins(&mut search, &mut rules, &heaps, None, &[None], &full, &tiny);
            tiny.reset_positions();
            let want = direct.wins(&s);
            match first {
                Ok(w) => assert_eq!(w, want, "{code} {s:?} (tiny budget)"),
                Err(_) => cut += 1,
            }
            let got = heap_next_wins(&mut search, &mut rules, &heaps, None, &[None], &full, &full)
                .unwrap();
            assert_eq!(got, want, "{code} {s:?}");
        }
        // The tiny budget did cut searches short.
        assert!(cut >= 10, "{code}: {cut}");
    }
}

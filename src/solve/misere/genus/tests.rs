//! Tests of genus normal forms, the options recursion against a direct search of
//! G + k·*2, and the tame-sum rule.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use super::*;
use crate::budget::Budget;
use crate::solve::misere::cache::HeapSums;
use crate::solve::misere::quotient::rules::HeapRules;
use crate::solve::misere::quotient::rules::Octal;
use crate::solve::misere::sums::heap_options::HeapOptions;
use crate::solve::misere::walks::genus::heap_genus;
use std::collections::HashMap;

/// The least natural number not in `set`, written plainly for the brute force.
fn mex(set: &[u32]) -> u32 {
    (0..).find(|v| !set.contains(v)).unwrap_or(0)
}

/// Direct misère Grundy values of (heaps, copies of *2, copies of *1), and normal
/// Grundy values of heaps: no genus theory involved.
struct Direct {
    rules: Octal,
    options: HashMap<usize, Vec<Vec<usize>>>,
    misere: HashMap<(Vec<usize>, usize, usize), u32>,
    normal: HashMap<usize, u32>,
}

impl Direct {
    fn new(code: &str) -> Direct {
        Direct {
            rules: Octal::parse(code).unwrap(),
            options: HashMap::new(),
            misere: HashMap::new(),
            normal: HashMap::new(),
        }
    }

    fn opts(&mut self, h: usize) -> Vec<Vec<usize>> {
        if let Some(o) = self.options.get(&h) {
            return o.clone();
        }
        let mut out = Vec::new();
        self.rules.options(h, &mut out).unwrap();
        self.options.insert(h, out.clone());
        out
    }

    fn g_plus(&mut self, heaps: &[usize]) -> u32 {
        let mut x = 0;
        for &h in heaps {
            x ^= self.heap_normal(h);
        }
        x
    }

    fn heap_normal(&mut self, h: usize) -> u32 {
        if let Some(&v) = self.normal.get(&h) {
            return v;
        }
        let vals: Vec<u32> = self.opts(h).iter().map(|o| self.g_plus(o)).collect();
        let v = mex(&vals);
        self.normal.insert(h, v);
        v
    }

    fn g_minus(&mut self, heaps: &[usize], twos: usize, ones: usize) -> u32 {
        let mut key: Vec<usize> = heaps.to_vec();
        key.sort_unstable();
        if let Some(&v) = self.misere.get(&(key.clone(), twos, ones)) {
            return v;
        }
        let mut vals = Vec::new();
        for (i, &h) in key.iter().enumerate() {
            for o in self.opts(h) {
                let mut s = key.clone();
                s.remove(i);
                s.extend(o);
                vals.push(self.g_minus(&s, twos, ones));
            }
        }
        if twos > 0 {
            vals.push(self.g_minus(&key, twos - 1, ones + 1));
            vals.push(self.g_minus(&key, twos - 1, ones));
        }
        if ones > 0 {
            vals.push(self.g_minus(&key, twos, ones - 1));
        }
        // Misère: no move at all has value 1.
        let v = if vals.is_empty() { 1 } else { mex(&vals) };
        self.misere.insert((key, twos, ones), v);
        v
    }
}

#[test]
fn nimbers_print_in_normal_form() {
    assert_eq!(Genus::from_options::<Genus>(&[]).to_string(), "0^120");
    let star: Vec<Genus> = (0..5).map(Genus::nimber).collect();
    assert_eq!(star[1].to_string(), "1^031");
    assert_eq!(star[2].to_string(), "2^20");
    assert_eq!(star[3].to_string(), "3^31");
    for n in 1..5 {
        assert_eq!(Genus::from_options(&star[..n]), star[n]);
    }
    assert_eq!(Genus::tame(1, false).to_string(), "1^13");
}

#[test]
fn parse_round_trips() {
    for s in [
        "0^120", "1^031", "2^20", "3^31", "4^146", "8^(8,10)", "1^03131",
    ] {
        let g: Genus = s.parse().unwrap();
        let again: Genus = g.to_string().parse().unwrap();
        assert_eq!(g, again);
    }
    assert_eq!("1^03131".parse::<Genus>().unwrap().to_string(), "1^031");
    assert_eq!("8^(8,10)".parse::<Genus>().unwrap().gamma(5), 10);
    assert!("2".parse::<Genus>().is_err());
    assert!("2^(1,x)".parse::<Genus>().is_err());
}

#[test]
fn classes_from_genus() {
    assert_eq!(Genus::zero().class(), GenusClass::Fickle);
    assert_eq!(Genus::nimber(1).class(), GenusClass::Fickle);
    assert_eq!(Genus::nimber(5).class(), GenusClass::Firm);
    assert_eq!(Genus::tame(0, false).class(), GenusClass::Firm);
    assert_eq!(
        "4^146".parse::<Genus>().unwrap().class(),
        GenusClass::RestlessGenus
    );
    assert_eq!("4^20".parse::<Genus>().unwrap().class(), GenusClass::Wild);
    assert_eq!(
        "2^1420".parse::<Genus>().unwrap().class(),
        GenusClass::RestlessGenus
    );
    assert_eq!("0^02".parse::<Genus>().unwrap().class(), GenusClass::Firm);
    assert_eq!(
        "1^1420".parse::<Genus>().unwrap().class(),
        GenusClass::RestiveGenus
    );
}

#[test]
fn tame_sum_is_misere_nim() {
    let one = Genus::nimber(1);
    let two = Genus::nimber(2);
    let three = Genus::nimber(3);
    assert_eq!(
        Genus::tame_sum(&[one.clone(), one.clone()])
            .unwrap()
            .to_string(),
        "0^120"
    );
    assert_eq!(
        Genus::tame_sum(&[two.clone(), two.clone()])
            .unwrap()
            .to_string(),
        "0^02"
    );
    assert_eq!(
        Genus::tame_sum(&[one, two, three]).unwrap().to_string(),
        "0^02"
    );
    assert!(Genus::tame_sum(&["4^146".parse().unwrap()]).is_none());
}

/// The recursion, applied to sums of heaps by the heap walk, against G⁻(G + k·*2) searched
/// directly, for every sum of up to two heaps of Kayles, Dawson's Kayles, 0.75.
#[test]
fn recursion_matches_direct_search() {
    let budget = Budget::default();
    for (code, max) in [("0.77", 8), ("0.07", 10), ("0.75", 8)] {
        let mut rules = Octal::parse(code).unwrap();
        let mut direct = Direct::new(code);
        let mut sums = HeapSums::default();
        for a in 0..=max {
            for b in 0..=a.min(4) {
                let heaps = [a, b];
                let genus = heap_genus(
                    &mut sums,
                    &mut rules,
                    &[a as u16, b as u16],
                    None,
                    &budget,
                    &budget,
                )
                .unwrap();
                assert_eq!(genus.g_plus(), direct.g_plus(&heaps), "{code} {heaps:?}");
                for k in 0..6 {
                    assert_eq!(
                        genus.gamma(k),
                        direct.g_minus(&heaps, k, 0),
                        "{code} {heaps:?} {genus} k={k}"
                    );
                }
            }
        }
    }
}

/// Kayles' first heaps are the nim heaps *0…*3 (WW ch. 13).
#[test]
fn kayles_heap_genera() {
    let budget = Budget::default();
    let mut rules = Octal::parse("0.77").unwrap();
    let mut sums = HeapSums::default();
    let genera: Vec<String> = (0..=6)
        .map(|n| {
            heap_genus(&mut sums, &mut rules, &[n], None, &budget, &budget)
                .unwrap()
                .to_string()
        })
        .collect();
    eprintln!("Kayles: {genera:?}");
    assert_eq!(genera[0], "0^120");
    assert_eq!(genera[1], "1^031");
    assert_eq!(genera[2], "2^20");
    assert_eq!(genera[3], "3^31");
    assert_eq!(genera[5], "4^146");
}

/// The heap walks' normal values (the g the genus walk gives sums a quotient
/// answers) are Kayles' nim-sequence as Winning Ways prints it (ch. 4),
/// heaps 0 to 47.
#[test]
fn heap_walk_normal_values_are_kayles_sequence() {
    let ww = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
        7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7,
    ];
    let mut rules = Octal::parse("0.77").unwrap();
    let mut heaps = HeapOptions::default();
    for (h, &want) in ww.iter().enumerate() {
        assert_eq!(
            heaps
                .normal(&mut rules, h as u16, &Budget::default(), &Budget::default())
                .unwrap(),
            want,
            "heap {h}"
        );
    }
}

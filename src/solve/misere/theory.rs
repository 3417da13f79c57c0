//! Genus by theory, the vocabulary: what the theory knows of a component
//! ([`Theory`]: its genus and how far it is tame), and what a genus says of a
//! game's phylum ([`Phylum`]).
//!
//! Each component's genus comes from its options' genera by Conway's recursion
//! ([`Genus::from_options`]) — never by searching G + *2 + … + *2 — with the
//! component's *hereditary* tameness: a game is tame when it and every follower
//! have a tame genus (0^1/1^0 fickle, 0^0/1^1/g^g firm; ONAG ch. 12, Winning
//! Ways ch. 13). An option that is a sum of several components has a genus by
//! theory only when every part is tame (the tame-sum rule); otherwise the
//! component is left to the search ([`Theory::Unknown`]). Nimbers are tame at
//! any size and cost nothing. The walks that find theories are in
//! [`super::walks::theory`]; the rule that decides sums of tame games is the
//! tame layer ([`super::layers::tame`]).

use super::genus::{Genus, GenusClass};
use super::sums::heap_options::{nim_heap_of, nim_sum_of};
use crate::lang::value::Component;

/// What the theory knows of one component.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Theory {
    /// Its genus, and how far it is tame.
    Known(Genus, Heredity),
    /// Some option is a sum with a part that is not tame: no genus by theory.
    Unknown,
}

/// How far a game is tame, as its theory finds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Heredity {
    /// It or some follower has a genus that is not tame.
    Untamed,
    /// It and every follower have a tame genus (hereditarily tame).
    Tame,
    /// It is the nim heap *g itself in misère play, g its normal value:
    /// every option is a nim heap, or a sum of nim heaps with at most one
    /// above *1 (*1 + *n = *(n ⊕ 1)), and their mex is at least 1, or it is
    /// 0 and *1 is among them, or there is none (Conway's simplification,
    /// ONAG ch. 12, as for heaps in [`super::sums::heap_options`]). So it may
    /// stand for *g in any sum, which [`super::layers::with_nimbers`] uses.
    Nim,
}

impl Heredity {
    /// Hereditarily tame (a nim heap is).
    pub fn tame(self) -> bool {
        self != Heredity::Untamed
    }

    /// Of a game from its genus and its options' heredities and normal
    /// values: a nim heap by Conway's rules ([`nim_heap_of`]), else tame when
    /// every option is and the genus is tame.
    pub(crate) fn of_options(
        g: &Genus,
        options: impl IntoIterator<Item = (Heredity, u32)>,
    ) -> Heredity {
        let options: Vec<(Heredity, u32)> = options.into_iter().collect();
        let nim = nim_heap_of(
            options
                .iter()
                .map(|&(h, v)| (h == Heredity::Nim).then_some(v)),
        );
        if nim.is_some() {
            Heredity::Nim
        } else if options.iter().all(|(h, _)| h.tame()) && is_tame(g) {
            Heredity::Tame
        } else {
            Heredity::Untamed
        }
    }

    /// Of a sum of parts of these heredities and normal values: a nim heap
    /// when they are nim heaps with at most one above *1 ([`nim_sum_of`]),
    /// tame when they are all tame.
    pub(crate) fn of_sum(parts: impl IntoIterator<Item = (Heredity, u32)>) -> Heredity {
        let parts: Vec<(Heredity, u32)> = parts.into_iter().collect();
        if nim_sum_of(
            parts
                .iter()
                .map(|&(h, v)| (h == Heredity::Nim).then_some(v)),
        )
        .is_some()
        {
            Heredity::Nim
        } else if parts.iter().all(|(h, _)| h.tame()) {
            Heredity::Tame
        } else {
            Heredity::Untamed
        }
    }
}

/// A game's misère phylum, as far as grundy establishes it (CGSuite's chain,
/// ONAG ch. 12): hereditary tameness is proven by the genus walk; otherwise the
/// genus alone tells which side of the chain the game is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phylum {
    /// It and every follower have a tame genus: tame sums obey misère Nim.
    HereditarilyTame,
    /// A tame genus, but some follower's is not: tame by reversibility, or
    /// wild of tame genus (not decided here).
    TameGenus,
    /// G⁺ ∈ {0, 1} but not a tame genus: restive or wild of restive genus.
    RestiveGenus,
    /// G⁻ ∈ {0, 1}, G⁺ ≥ 2: restless or wild of restless genus.
    RestlessGenus,
    /// G⁺ ≠ G⁻, both ≥ 2: wild.
    Wild,
}

impl Phylum {
    /// From a genus and whether hereditary tameness was proven.
    pub fn of(g: &Genus, hereditarily_tame: bool) -> Phylum {
        match g.class() {
            GenusClass::Fickle | GenusClass::Firm if hereditarily_tame => Phylum::HereditarilyTame,
            GenusClass::Fickle | GenusClass::Firm => Phylum::TameGenus,
            GenusClass::RestiveGenus => Phylum::RestiveGenus,
            GenusClass::RestlessGenus => Phylum::RestlessGenus,
            GenusClass::Wild => Phylum::Wild,
        }
    }

    /// The name printed in text and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Phylum::HereditarilyTame => "tame",
            Phylum::TameGenus => "tame genus",
            Phylum::RestiveGenus => "restive genus",
            Phylum::RestlessGenus => "restless genus",
            Phylum::Wild => "wild",
        }
    }
}

/// Nimbers are known without a walk (at any size).
pub(crate) fn direct(c: &Component) -> Option<Theory> {
    match c {
        Component::Nimber(k) => Some(match u32::try_from(*k) {
            Ok(k) => Theory::Known(Genus::nimber(k), Heredity::Nim),
            // Beyond u32 a genus cannot be written, but the heap is still a
            // tame nim heap: its genus is used only through the tame-sum rule.
            Err(_) => Theory::Unknown,
        }),
        _ => None,
    }
}

pub(crate) fn is_tame(g: &Genus) -> bool {
    matches!(g.class(), GenusClass::Fickle | GenusClass::Firm)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game's heredity from options given as nim heaps (value, and whether
    /// the option is a nim heap or only tame), against Conway's rules worked
    /// by hand.
    fn of(options: &[(u32, Heredity)]) -> Heredity {
        let genera: Vec<Genus> = options
            .iter()
            .map(|&(v, h)| match h {
                Heredity::Nim => Genus::nimber(v),
                _ => Genus::tame(v, false),
            })
            .collect();
        let g = Genus::from_options(&genera);
        Heredity::of_options(&g, options.iter().map(|&(v, h)| (h, v)))
    }

    #[test]
    fn nim_heaps_by_conways_rules() {
        use Heredity::{Nim, Tame};
        // No option: *0. Options *0, *1: *2. Options *0, *2: *1 (the *2
        // reverses through *1).
        assert_eq!(of(&[]), Nim);
        assert_eq!(of(&[(0, Nim), (1, Nim)]), Nim);
        assert_eq!(of(&[(0, Nim), (2, Nim)]), Nim);
        // {*1} = *1 + *1 = 0, and {*1, *2} = 0 too: every option has 0 as
        // an option, and *1 is a misère P-position as the proviso asks.
        // {*2, *3} is not 0: it is a P-position, 0 an N-position.
        assert_eq!(of(&[(1, Nim)]), Nim);
        assert_eq!(of(&[(1, Nim), (2, Nim)]), Nim);
        assert_ne!(of(&[(2, Nim), (3, Nim)]), Nim);
        // An option that is only tame (such as *2 + *2, genus 0^0) makes no
        // nim heap.
        assert_ne!(of(&[(0, Nim), (0, Tame)]), Nim);
        // Sums: *2 + *1 is *3; *2 + *3 is not a nim heap.
        assert_eq!(Heredity::of_sum([(Nim, 2), (Nim, 1)]), Nim);
        assert_eq!(Heredity::of_sum([(Nim, 2), (Nim, 3)]), Tame);
    }
}

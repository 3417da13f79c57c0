//! Conway's genus g^{γ0γ1…} of impartial games: normal form, printing and
//! parsing, the recursion from the options' genera, the tame/restive/restless/
//! wild reading of a genus, and the tame-sum rule.
//!
//! γk(G) = G⁻(G + *2 + … + *2) with k copies of *2; g = G⁺. The recursion is
//! CGSuite's (`lib/core/src/main/scala/org/cgsuite/core/misere/Genus.java`,
//! constructor `Genus(List<Genus>)`, by Dan Hoey), read there:
//!
//!   g  = mex { g(G′) }
//!   γ0 = mex { γ0(G′) }                                  (G has options)
//!   γk = mex ( { γk(G′) } ∪ { γk−1(G), γk−1(G) ⊕ 1 } )    (k ≥ 1)
//!
//! computed up to 2 past the longest option prefix, then trimmed while
//! γi = γi−2. That is enough, and the tail is proven, not assumed: past the
//! options' prefixes the set Sk = {γk(G′)} depends only on k's parity; with
//! m = mex Sk, γk is m unless γk−1 lies in m's pair {2⌊m/2⌋, 2⌊m/2⌋+1}, and
//! then a value m′ outside that pair; so m, once reached, stays, and each
//! parity's sequence changes at most once. The game 0 (no option) has genus
//! 0^120. Why the extra pair: the options of G + k·*2 are G′ + k·*2 and, from
//! one *2, G + (k−1)·*2 (value γk−1) and G + (k−1)·*2 + *1; the pair
//! {γk−1, γk−1 ⊕ 1} stands for both. The tests check the recursion against a
//! direct search of G + k·*2.
//!
//! Genus of a *sum*: it is not a function of the components' genera unless all
//! are tame (then the tame-sum rule holds). The walks of
//! [`super::walks::genus`] apply the recursion to the sum itself, whose options
//! are again sums, over every position it reaches.
//! A misère quotient comes first when the game's closure contains *2 and the
//! misère values of its sums are a function of their images, certified
//! ([`super::quotient::values`]: 0.75, 0.312, 0.71 among others); Kayles and
//! Dawson's Kayles are not so (two sums of one image differ in value). A value
//! quotient ([`super::quotient::labelled`]) then answers the sums whose genus
//! stays below its cap: Kayles' of cap 4 about half the heaps up to 200.

use crate::solve::mex::first_clear;
use std::fmt;
use std::str::FromStr;

/// A genus g^{γ0γ1…}: the normal value g and the misère values (`Gammas`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Genus {
    g: u32,
    gamma: Gammas,
}

/// The misère values γ0, γ1, … of a game (γk that of the game plus k copies
/// of *2), stored in normal form: γ0…γk with k ≥ 1 the least index such that
/// γi = γi−2 for every i > k.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Gammas(Vec<u32>);

impl Gammas {
    /// From a nonempty prefix after which the last two values repeat for
    /// ever (one value: by itself periodic with the tame step γ1 = γ0 ⊕ 2),
    /// trimmed to normal form. `None` for an empty prefix.
    pub fn new(prefix: Vec<u32>) -> Option<Gammas> {
        let mut gamma = prefix;
        let &first = gamma.first()?;
        while gamma.len() > 2 && gamma.last() == gamma.get(gamma.len() - 3) {
            gamma.pop();
        }
        if gamma.len() == 1 {
            gamma.push(first ^ 2);
        }
        Some(Gammas(gamma))
    }

    /// γk for any k (the normal form repeats its last two values).
    pub fn get(&self, k: usize) -> u32 {
        let len = self.0.len();
        let i = if k < len { k } else { len - 2 + (k - len) % 2 };
        self.0.get(i).copied().unwrap_or(0)
    }

    /// The normal-form prefix γ0…γk.
    pub fn prefix(&self) -> &[u32] {
        &self.0
    }
}

/// What a genus alone says about a game's phylum (CGSuite's `Phylum`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GenusClass {
    /// Tame and fickle: 0^1 or 1^0 (γ0 = g ⊕ 1). The game is tame if it is
    /// hereditarily so; otherwise it is wild of tame genus.
    Fickle,
    /// Tame and firm: 0^0, 1^1, g^g. Same caveat as [`GenusClass::Fickle`].
    Firm,
    /// Not a tame genus, G⁺ ∈ {0, 1}: restive, reversibly restive or wild of
    /// restive genus; which one depends on the options, not the genus.
    RestiveGenus,
    /// Not a tame genus, G⁻ ∈ {0, 1} (and G⁺ ≥ 2): restless or wild of restless
    /// genus, again decided by the options.
    RestlessGenus,
    /// G⁺ ≠ G⁻ and both ≥ 2: wild, decided by the genus alone.
    Wild,
}

/// Reused storage for [`Genus::from_options_in`].
#[derive(Default)]
pub struct GenusScratch {
    seen: Vec<u64>,
}

impl Genus {
    /// Builds a genus from g and a γ prefix after which the last two values
    /// repeat for ever; the prefix is trimmed to normal form.
    pub fn new(g: u32, gamma: Vec<u32>) -> Genus {
        let gamma = Gammas::new(gamma).unwrap_or_else(|| Gammas(vec![g, g ^ 2]));
        Genus { g, gamma }
    }

    /// The genus with normal value `g` and misère values `gamma`.
    pub fn with_gammas(g: u32, gamma: Gammas) -> Genus {
        Genus { g, gamma }
    }

    /// The genus of the game 0 (no option): 0^120.
    pub fn zero() -> Genus {
        Genus::new(0, vec![1, 2, 0])
    }

    /// The genus of the nim heap *n: 0^120, 1^031, n^{n, n⊕2} for n ≥ 2.
    pub fn nimber(n: u32) -> Genus {
        Genus::tame(n, n <= 1)
    }

    /// The tame genus with G⁺ = g, fickle (only for g ≤ 1) or firm.
    pub fn tame(g: u32, fickle: bool) -> Genus {
        let first = if fickle && g <= 1 { g ^ 1 } else { g };
        Genus::new(g, vec![first, g ^ 2, g])
    }

    /// G⁺, the normal-play Grundy value.
    pub fn g_plus(&self) -> u32 {
        self.g
    }

    /// G⁻ = γ0, the misère Grundy value.
    pub fn g_minus(&self) -> u32 {
        self.gamma(0)
    }

    /// γk for any k (the normal form repeats its last two values).
    pub fn gamma(&self, k: usize) -> u32 {
        self.gamma.get(k)
    }

    /// The normal-form prefix γ0…γk.
    pub fn prefix(&self) -> &[u32] {
        self.gamma.prefix()
    }

    /// The genus of a game from its options' genera (CGSuite's recursion, see the
    /// module comment). No option: the game 0.
    pub fn from_options<G: std::borrow::Borrow<Genus>>(options: &[G]) -> Genus {
        Genus::from_options_in(options, &mut GenusScratch::default())
    }

    /// The same, with its sets in reused storage: one pass over the options
    /// marks g and every γ_k in one bitset each, then each mex is a scan.
    pub fn from_options_in<G: std::borrow::Borrow<Genus>>(
        options: &[G],
        scratch: &mut GenusScratch,
    ) -> Genus {
        if options.is_empty() {
            return Genus::zero();
        }
        let top = options
            .iter()
            .map(|o| o.borrow().prefix().len())
            .max()
            .unwrap_or(2)
            + 2;
        // A set of n options and two more values has its mex at most n + 2:
        // larger values cannot matter and are not marked.
        let words = (options.len() + 2) / 64 + 1;
        let seen = &mut scratch.seen;
        seen.clear();
        seen.resize(words * (top + 1), 0);
        let mark = |seen: &mut [u64], row: usize, v: u32| {
            let v = v as usize;
            if v < words * 64 {
                if let Some(w) = seen.get_mut(row * words + v / 64) {
                    *w |= 1 << (v % 64);
                }
            }
        };
        let mex_of = |seen: &[u64], row: usize| -> u32 {
            first_clear(seen.get(row * words..(row + 1) * words).unwrap_or(&[]))
        };
        for o in options {
            let o = o.borrow();
            mark(seen, 0, o.g);
            for k in 0..top {
                mark(seen, k + 1, o.gamma(k));
            }
        }
        let g = mex_of(seen, 0);
        let mut gamma: Vec<u32> = Vec::with_capacity(top);
        for k in 0..top {
            if let Some(&prev) = gamma.last() {
                mark(seen, k + 1, prev);
                mark(seen, k + 1, prev ^ 1);
            }
            gamma.push(mex_of(seen, k + 1));
        }
        Genus::new(g, gamma)
    }

    /// Whether this is a tame genus, and which kind; `None` if not tame.
    fn tame_kind(&self) -> Option<bool> {
        let g = self.g;
        let tail_ok = self.gamma(1) == g ^ 2 && self.gamma(2) == g && self.gamma(3) == g ^ 2;
        if !tail_ok {
            return None;
        }
        match self.gamma(0) {
            x if x == g => Some(false),
            x if g <= 1 && x == g ^ 1 => Some(true),
            _ => None,
        }
    }

    /// What the genus alone says about the phylum.
    pub fn class(&self) -> GenusClass {
        match self.tame_kind() {
            Some(true) => GenusClass::Fickle,
            Some(false) => GenusClass::Firm,
            None if self.g <= 1 => GenusClass::RestiveGenus,
            None if self.g_minus() <= 1 => GenusClass::RestlessGenus,
            None => GenusClass::Wild,
        }
    }

    /// The tame-sum rule (misère Nim, WW ch. 13): for games that are all tame
    /// (hereditarily: the caller's duty), G⁺ is the xor and the sum is fickle
    /// iff every component is. `None` if some genus is not tame.
    pub fn tame_sum(parts: &[Genus]) -> Option<Genus> {
        let mut g = 0;
        let mut fickle = true;
        for p in parts {
            fickle &= p.tame_kind()?;
            g ^= p.g;
        }
        Some(Genus::tame(g, fickle))
    }
}

impl fmt::Display for Genus {
    /// `0^120`, `4^146`; with parentheses and commas once some γ ≥ 10: `8^(8,10)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}^", self.g)?;
        if self.prefix().iter().any(|&x| x >= 10) {
            let parts: Vec<String> = self.prefix().iter().map(u32::to_string).collect();
            write!(f, "({})", parts.join(","))
        } else {
            for x in self.prefix() {
                write!(f, "{x}")?;
            }
            Ok(())
        }
    }
}

/// Why a genus string could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenusParseError(pub String);

impl FromStr for Genus {
    type Err = GenusParseError;

    /// Reads what [`fmt::Display`] prints (and any longer, untrimmed prefix).
    fn from_str(s: &str) -> Result<Genus, GenusParseError> {
        let bad = || GenusParseError(format!("`{s}` is not a genus like 0^120 or 8^(8,10)"));
        let (g, rest) = s.trim().split_once('^').ok_or_else(bad)?;
        let g: u32 = g.parse().map_err(|_| bad())?;
        let gamma: Vec<u32> = if let Some(inner) = rest.strip_prefix('(') {
            let inner = inner.strip_suffix(')').ok_or_else(bad)?;
            inner
                .split(',')
                .map(|x| x.trim().parse::<u32>().map_err(|_| bad()))
                .collect::<Result<_, _>>()?
        } else {
            rest.chars()
                .map(|c| c.to_digit(10).ok_or_else(bad))
                .collect::<Result<_, _>>()?
        };
        if gamma.len() < 2 {
            return Err(bad());
        }
        Ok(Genus::new(g, gamma))
    }
}

#[cfg(test)]
mod tests;

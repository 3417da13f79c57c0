//! Misère Grundy values read off a quotient, and the genus of sums of heaps
//! from them.
//!
//! For any game H and n ≥ 0, H⁻ = n iff H + *n is a misère P-position (by
//! induction on H + *n: a move in *n to *m < n meets an option of H of value m,
//! a move of H to a value m ≠ n is answered in *n or by H's option of value
//! n). So γk(G) = (G + k·*2)⁻ is a matter of outcomes, and when the quotient's
//! closure contains the game *2 itself (a heap whose options are exactly 0 and
//! a heap whose only option is 0, as Kayles' heap 2), the genus of a sum of
//! heaps is read from images: γk = v(Φ(G)·Φ(*2)^k), where v(x) is the misère
//! value of the sums with image x.
//!
//! That v is a function of the image at all is not a theorem; it is computed
//! from one sum per element and then *certified* for every sum of heaps ≤ N,
//! exactly as [`super::certify`] certifies the P-portion:
//! (1) sums with no move have images of value 1;
//! (2) for every element x, heap h and transition t ∈ T(h): v(x·Φ(h)) ≠ v(x·t)
//!     (no option has the sum's value);
//! (3) every reachable (Φ(w), M(w)) with a move has every value below v(Φ(w))
//!     among v(M(w)) (searched with the same pruning of subsumed sets: a value
//!     missing from a larger set is missing from every smaller one).
//! By induction on the game tree, w⁻ = v(Φ(w)) for every sum w of heaps ≤ N.
//! A game whose values are not a function of the image fails (1)–(3); its
//! value quotient ([`super::labelled`], a finer monoid whose labels are the
//! values) is tried next, and the search last.

use super::{Elem, Quotient};
use crate::budget::{Budget, Exceeded};
use crate::solve::mex::first_clear;
use std::collections::VecDeque;

/// The misère value of every element, certified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Values {
    values: Vec<u32>,
    /// The image of the heap that is the game *2, if there is one.
    two: Option<Elem>,
}

/// An element whose value is not known (while computing; a label at the cap).
const UNKNOWN: u32 = u32::MAX;

/// Why values could not be given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ValuesError {
    /// A limit of the budget was reached.
    Budget(Exceeded),
    /// The sums of one image do not share one misère value (or a check failed).
    NotAFunction(String),
}

impl From<Exceeded> for ValuesError {
    fn from(e: Exceeded) -> Self {
        ValuesError::Budget(e)
    }
}

fn bad<T>(why: String) -> Result<T, ValuesError> {
    Err(ValuesError::NotAFunction(why))
}

impl Values {
    /// The misère value of the sums with image `x`, if known.
    pub fn value(&self, x: Elem) -> Option<u32> {
        self.values
            .get(x as usize)
            .copied()
            .filter(|&v| v != UNKNOWN)
    }

    /// The image of the sums with image `x` plus k copies of *2; `None`
    /// when the closure has no *2.
    pub fn with_twos(&self, q: &Quotient, x: Elem, k: usize) -> Option<Elem> {
        let (seen, k0, p) = self.twos_cycle(q, x)?;
        let i = if k < seen.len() { k } else { k0 + (k - k0) % p };
        seen.get(i).copied()
    }

    /// x·b^0, x·b^1, … up to the first repeat, b the image of *2, with the
    /// index k0 where the cycle starts and its length p.
    fn twos_cycle(&self, q: &Quotient, x: Elem) -> Option<(Vec<Elem>, usize, usize)> {
        let two = self.two?;
        let mut seen: Vec<Elem> = Vec::new();
        let mut y = x;
        loop {
            if let Some(i) = seen.iter().position(|&s| s == y) {
                let p = seen.len() - i;
                return Some((seen, i, p));
            }
            seen.push(y);
            y = q.mul(y, two);
        }
    }

    /// γ0, γ1, … of the sums with image `x`, far enough that the last two
    /// repeat for ever (x·Φ(*2)^k cycles in the finite monoid); `None` when
    /// the closure has no *2, one of these values is unknown, or they are not
    /// eventually 2-periodic.
    pub fn gammas(&self, q: &Quotient, x: Elem) -> Option<Vec<u32>> {
        let (seen, k0, p) = self.twos_cycle(q, x)?;
        let value = |k: usize| {
            let i = if k < seen.len() { k } else { k0 + (k - k0) % p };
            seen.get(i).and_then(|&e| self.value(e))
        };
        // Conway: the genus is eventually 2-periodic; checked, not assumed.
        for k in k0..k0 + p {
            if value(k) != value(k + 2) {
                return None;
            }
        }
        (0..k0 + p.max(2) + 2).map(value).collect()
    }
}

/// The heap that is the game *2 exactly: its options are 0 and one heap whose
/// only option is 0.
fn heap_two(q: &Quotient) -> Option<usize> {
    let is_one = |h: usize| {
        q.options(h)
            .is_some_and(|o| o.iter().all(Vec::is_empty) && !o.is_empty())
    };
    (1..=q.max_heap()).find(|&h| {
        let Some(opts) = q.options(h) else {
            return false;
        };
        let empty = opts.iter().any(Vec::is_empty);
        let ones: Vec<usize> = opts
            .iter()
            .filter(|o| !o.is_empty())
            .filter_map(|o| match o.as_slice() {
                [one] if is_one(*one) => Some(*one),
                _ => None,
            })
            .collect();
        empty && !ones.is_empty() && ones.len() == opts.iter().filter(|o| !o.is_empty()).count()
    })
}

fn set(bits: &mut Vec<u64>, v: u32) {
    let i = v as usize / 64;
    if bits.len() <= i {
        bits.resize(i + 1, 0);
    }
    if let Some(w) = bits.get_mut(i) {
        *w |= 1 << (v % 64);
    }
}

/// The heap images and transition sets of heaps 0..=N.
fn transitions(q: &Quotient) -> Result<(Vec<Elem>, Vec<Vec<Elem>>), ValuesError> {
    let mut images = Vec::with_capacity(q.max_heap() + 1);
    let mut trans = Vec::with_capacity(q.max_heap() + 1);
    for h in 0..=q.max_heap() {
        let (Some(img), Some(opts)) = (q.phi(h), q.options(h)) else {
            return bad(format!("heap {h} has no image or options"));
        };
        images.push(img);
        let mut t: Vec<Elem> = Vec::with_capacity(opts.len());
        for o in opts {
            let Some(x) = q.image(o) else {
                return bad(format!("option {o:?} of heap {h} has no image"));
            };
            t.push(x);
        }
        t.sort_unstable();
        t.dedup();
        trans.push(t);
    }
    Ok((images, trans))
}

/// Values from one sum per element (found breadth-first from the empty sum),
/// each the mex of its options' values, an option's value taken from its
/// image once known, else computed from the option itself (a smaller sum: no
/// cycle, and an explicit stack, not the Rust one).
fn compute(q: &Quotient, budget: &Budget) -> Result<Vec<u32>, ValuesError> {
    let m = q.order();
    let mut value = vec![UNKNOWN; m];
    // A sum for each element, as sorted heaps.
    let mut rep: Vec<Option<Vec<usize>>> = vec![None; m];
    let mut queue = VecDeque::from([(q.identity(), Vec::<usize>::new())]);
    if let Some(r) = rep.get_mut(q.identity() as usize) {
        *r = Some(Vec::new());
    }
    while let Some((x, word)) = queue.pop_front() {
        budget.tick()?;
        for h in 1..=q.max_heap() {
            let Some(img) = q.phi(h) else { continue };
            let y = q.mul(x, img);
            if let Some(slot @ None) = rep.get_mut(y as usize) {
                let mut w = word.clone();
                w.push(h);
                w.sort_unstable();
                *slot = Some(w.clone());
                queue.push_back((y, w));
            }
        }
    }
    let options_of = |word: &[usize]| -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for (i, &h) in word.iter().enumerate() {
            if i > 0 && word.get(i - 1) == Some(&h) {
                continue;
            }
            for o in q.options(h).unwrap_or(&[]) {
                let mut w: Vec<usize> = word.iter().take(i).copied().collect();
                w.extend(word.iter().skip(i + 1));
                w.extend(o);
                w.sort_unstable();
                out.push(w);
            }
        }
        out
    };
    for x in 0..m {
        if value.get(x).is_some_and(|&v| v != UNKNOWN) {
            continue;
        }
        let Some(Some(root)) = rep.get(x).cloned() else {
            return bad(format!("{} is the image of no sum", q.name(x as Elem)));
        };
        // Frames: a sum and its options, valued once every option's is known.
        let mut stack: Vec<(Vec<usize>, Vec<Vec<usize>>)> = Vec::new();
        let opts = options_of(&root);
        stack.push((root, opts));
        while let Some((word, opts)) = stack.last() {
            budget.ticks(opts.len() as u32 + 1)?;
            let mut missing = None;
            let mut bits = Vec::new();
            for o in opts {
                let Some(y) = q.image(o) else {
                    return bad(format!("the sum {o:?} has no image"));
                };
                match value.get(y as usize) {
                    Some(&v) if v != UNKNOWN => set(&mut bits, v),
                    _ => {
                        missing = Some(o.clone());
                        break;
                    }
                }
            }
            if let Some(o) = missing {
                let oo = options_of(&o);
                stack.push((o, oo));
                continue;
            }
            let v = if opts.is_empty() {
                1
            } else {
                first_clear(&bits)
            };
            let Some(y) = q.image(word) else {
                return bad(format!("the sum {word:?} has no image"));
            };
            match value.get_mut(y as usize) {
                Some(slot) if *slot == UNKNOWN => *slot = v,
                Some(slot) if *slot == v => {}
                _ => return bad(format!("two sums of image {} differ in value", q.name(y))),
            }
            stack.pop();
        }
    }
    Ok(value)
}

/// The values of a value quotient ([`super::labelled`]): its labels, which
/// its certificate has already established as every sum's misère value. A
/// label at the cap says only "cap or more": that element's value is left
/// unknown, so [`Values::gammas`] answers for the sums it does not meet.
pub fn from_labels(q: &Quotient) -> Values {
    let values = (0..q.order() as Elem)
        .map(|x| q.label(x))
        .map(|v| if v < q.cap() { v } else { UNKNOWN })
        .collect();
    Values {
        values,
        two: heap_two(q).and_then(|h| q.phi(h)),
    }
}

/// Computes and certifies the misère value of every element of `q`.
pub fn values(q: &Quotient, budget: &Budget) -> Result<Values, ValuesError> {
    let values = compute(q, budget)?;
    check(q, &values, budget)?;
    Ok(Values {
        values,
        two: heap_two(q).and_then(|h| q.phi(h)),
    })
}

/// Checks (1)–(3) of the module text for `values`.
pub fn check(q: &Quotient, values: &[u32], budget: &Budget) -> Result<(), ValuesError> {
    let m = q.order();
    let v = |x: Elem| values.get(x as usize).copied().unwrap_or(u32::MAX);
    if values.len() != m {
        return bad("one value per element is needed".into());
    }
    let (images, trans) = transitions(q)?;
    let moveless = |h: usize| trans.get(h).is_none_or(Vec::is_empty);
    // (1) The images of sums with no move: generated by heaps with no move.
    let mut dead = vec![false; m];
    let mut stack = vec![q.identity()];
    while let Some(x) = stack.pop() {
        budget.tick()?;
        if v(x) != 1 {
            return bad(format!("{} is the image of a sum with no move", q.name(x)));
        }
        for (h, &g) in images.iter().enumerate().skip(1) {
            let y = q.mul(x, g);
            if moveless(h) && dead.get(y as usize) == Some(&false) {
                if let Some(d) = dead.get_mut(y as usize) {
                    *d = true;
                }
                stack.push(y);
            }
        }
    }
    // (2) No option has the sum's value.
    for x in 0..m as Elem {
        for (h, t) in trans.iter().enumerate().skip(1) {
            budget.ticks(t.len() as u32 + 1)?;
            let own = v(q.mul(x, images.get(h).copied().unwrap_or(0)));
            if let Some(&bad_t) = t.iter().find(|&&t| v(q.mul(x, t)) == own) {
                return bad(format!(
                    "{}·Φ({h}) and its option {}·{} share the value {own}",
                    q.name(x),
                    q.name(x),
                    q.name(bad_t)
                ));
            }
        }
    }
    // (3) Every value below the sum's is an option's: a search over
    // (image, option images), subsumed sets skipped.
    let words = m.div_ceil(64).max(1);
    let mut kept: Vec<Vec<Vec<u64>>> = vec![Vec::new(); m];
    let mut queue: VecDeque<(Elem, Vec<u64>)> = VecDeque::from([(q.identity(), vec![0; words])]);
    while let Some((x, moves)) = queue.pop_front() {
        if x != q.identity() || moves.iter().any(|&w| w != 0) {
            let live = kept
                .get(x as usize)
                .is_some_and(|list| list.iter().any(|k| k == &moves));
            if !live {
                continue;
            }
        }
        for (h, &img) in images.iter().enumerate().skip(1) {
            budget.ticks(words as u32)?;
            let nx = q.mul(x, img);
            let mut nm = vec![0u64; words];
            let mut put = |e: Elem| {
                if let Some(w) = nm.get_mut(e as usize / 64) {
                    *w |= 1 << (e % 64);
                }
            };
            for (wi, &w) in moves.iter().enumerate() {
                let mut w = w;
                while w != 0 {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    put(q.mul(img, (wi * 64 + b) as Elem));
                }
            }
            for &t in trans.get(h).map(Vec::as_slice).unwrap_or(&[]) {
                put(q.mul(x, t));
            }
            if nm.iter().any(|&w| w != 0) {
                let mut seen = Vec::new();
                for (wi, &w) in nm.iter().enumerate() {
                    let mut w = w;
                    while w != 0 {
                        let b = w.trailing_zeros() as usize;
                        w &= w - 1;
                        set(&mut seen, v((wi * 64 + b) as Elem));
                    }
                }
                if first_clear(&seen) < v(nx) {
                    return bad(format!(
                        "a sum of image {} lacks an option of value {}",
                        q.name(nx),
                        first_clear(&seen)
                    ));
                }
            }
            let Some(list) = kept.get_mut(nx as usize) else {
                continue;
            };
            let nonempty = |k: &Vec<u64>| k.iter().any(|&w| w != 0);
            let covers = |k: &Vec<u64>, by: &Vec<u64>| {
                nonempty(k) == nonempty(by) && by.iter().zip(k).all(|(a, b)| a & !b == 0)
            };
            if list.iter().any(|k| covers(&nm, k)) {
                continue;
            }
            list.retain(|k| !covers(k, &nm));
            list.push(nm.clone());
            budget.add_positions(1)?;
            queue.push_back((nx, nm));
        }
    }
    Ok(())
}

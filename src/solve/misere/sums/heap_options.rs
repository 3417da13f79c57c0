//! Each heap's options, listed once for the walks over sums of heaps: as
//! sorted heap lists, with the heaps' normal values and Conway's nim-heap
//! classes found from them, so that a sum is kept with every heap that is a
//! nim heap in misère play replaced by the smallest such heap (*0 dropped,
//! *1 cancelled in pairs) and equivalent sums share one key.

use crate::budget::{Budget, Exceeded};
use crate::solve::mex::mex;
use crate::solve::misere::quotient::rules::HeapRules;
use std::rc::Rc;

/// A sum of heaps of one game: the heap sizes, sorted.
pub(crate) type Heaps = Box<[u16]>;

/// Why a walk over heap sums stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum HeapWalkError<E> {
    /// The rules failed.
    Rules(E),
    /// A budget limit was reached.
    Budget(Exceeded),
    /// An option of a heap has a part at least as large as the heap.
    IllFounded,
    /// The walk ended without the root's answer (a bug).
    Unfinished,
}

impl<E> From<Exceeded> for HeapWalkError<E> {
    fn from(e: Exceeded) -> Self {
        HeapWalkError::Budget(e)
    }
}

/// Each heap's options, as sorted heap lists, asked of the rules once, and
/// the normal-play values of heaps 0, 1, … found from them.
#[derive(Debug, Default, Clone)]
pub(crate) struct HeapOptions {
    options: Vec<Option<Rc<[Heaps]>>>,
    normals: Vec<u32>,
    /// Each valued heap's [`Class`], found with its normal value.
    classes: Vec<Class>,
    /// For each n, the smallest heap that is *n (n ≥ 1), once one is valued:
    /// a sum keeps that heap for every heap that is *n.
    nim_heaps: Vec<Option<u16>>,
}

/// A heap that is, in misère play and in every sum, the nim heap *n
/// (`Nim(n)`), or one not known to be (`Other`). Conway's simplification
/// (ONAG ch. 12): a game whose options are nim heaps with mex m ≥ 1 is *m
/// (the options *k, k > m, reverse through *m); with mex 0 it is 0 when *1 is
/// among them (every option reverses through 0, and the proviso asks for an
/// option that is a misère P-position: *1 is one, *k for k ≥ 2 are not), so
/// {*1} = *1 + *1 = 0 and {*1, *2} = 0; an option may be replaced by an
/// equivalent game; and *1 + *n = *(n xor 1), so a sum of nim heaps of which
/// at most one exceeds *1 is a nim heap. A heap with no option is *0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    Nim(u32),
    Other,
}

impl HeapOptions {
    /// The options of heap `h` under `rules` (the same rules every time);
    /// a heap listed for the first time counts its options as positions kept
    /// on `positions`.
    pub(crate) fn of<R: HeapRules>(
        &mut self,
        rules: &mut R,
        h: u16,
        positions: &Budget,
    ) -> Result<Rc<[Heaps]>, HeapWalkError<R::Error>> {
        let i = usize::from(h);
        if let Some(Some(o)) = self.options.get(i) {
            return Ok(o.clone());
        }
        let mut out = Vec::new();
        rules.options(i, &mut out).map_err(HeapWalkError::Rules)?;
        if out.iter().flatten().any(|&part| part >= i || part == 0) {
            return Err(HeapWalkError::IllFounded);
        }
        positions.add_positions(1 + out.len())?;
        // Every part is now smaller than h, so a u16.
        let listed: Rc<[Heaps]> = out
            .into_iter()
            .map(|o| {
                let mut o: Vec<u16> = o
                    .into_iter()
                    .filter_map(|x| u16::try_from(x).ok())
                    .collect();
                o.sort_unstable();
                o.into()
            })
            .collect();
        if self.options.len() <= i {
            self.options.resize(i + 1, None);
        }
        if let Some(slot) = self.options.get_mut(i) {
            *slot = Some(listed.clone());
        }
        Ok(listed)
    }
}

/// Conway's simplification (see [`Class`]): the nim heap *m a game is when
/// its options are these, each `Some(n)` for an option that is *n and `None`
/// for one not known to be a nim heap; `None` when the game is not known to
/// be one.
pub(crate) fn nim_heap_of(options: impl IntoIterator<Item = Option<u32>>) -> Option<u32> {
    let mut seen = Vec::new();
    for o in options {
        seen.push(u64::from(o?));
    }
    match mex(&seen, &mut Vec::new()) {
        0 if seen.is_empty() || seen.contains(&1) => Some(0),
        0 => None,
        m => Some(m),
    }
}

/// The nim heap a sum of parts is (each `Some(n)` for a part that is *n):
/// `Some` when every part is a nim heap and at most one exceeds *1, as
/// *1 + *n = *(n xor 1).
pub(crate) fn nim_sum_of(parts: impl IntoIterator<Item = Option<u32>>) -> Option<u32> {
    let (mut big, mut ones) = (None, 0);
    for p in parts {
        match p? {
            0 => {}
            1 => ones ^= 1,
            v if big.is_none() => big = Some(v),
            _ => return None,
        }
    }
    Some(big.unwrap_or(0) ^ ones)
}

impl HeapOptions {
    /// The normal-play Grundy value of heap `h` (the mex of its options'
    /// xors), valuing heaps 0..=h as needed: each option listed is a step on
    /// `steps` (heap 20,000 of an octal game has 10^8 below it), and heaps
    /// listed for the first time count their options on `positions`.
    pub(crate) fn normal<R: HeapRules>(
        &mut self,
        rules: &mut R,
        h: u16,
        steps: &Budget,
        positions: &Budget,
    ) -> Result<u32, HeapWalkError<R::Error>> {
        let h = usize::from(h);
        while self.normals.len() <= h {
            let n = self.normals.len();
            let options = self.of(rules, n as u16, positions)?;
            steps.ticks(u32::try_from(options.len()).unwrap_or(u32::MAX).max(1))?;
            let seen: Vec<u64> = options
                .iter()
                .map(|o| {
                    o.iter()
                        .fold(0, |x, &p| x ^ u64::from(self.known_normal(p)))
                })
                .collect();
            self.normals.push(mex(&seen, &mut Vec::new()));
            let class = self.class_of_options(&options);
            if let Class::Nim(v) = class {
                let v = v as usize;
                if self.nim_heaps.len() <= v {
                    self.nim_heaps.resize(v + 1, None);
                }
                if let Some(slot @ None) = self.nim_heaps.get_mut(v) {
                    *slot = u16::try_from(n).ok();
                }
            }
            self.classes.push(class);
        }
        Ok(self.known_normal(h as u16))
    }

    /// A heap's class from its options' (all valued already).
    fn class_of_options(&self, options: &[Heaps]) -> Class {
        let nim = nim_heap_of(options.iter().map(|o| {
            nim_sum_of(o.iter().map(|&p| match self.classes.get(usize::from(p)) {
                Some(&Class::Nim(v)) => Some(v),
                _ => None,
            }))
        }));
        nim.map_or(Class::Other, Class::Nim)
    }

    /// `s` (sorted) as an equivalent sum in misère play with fewer distinct
    /// forms: heaps that are *0 dropped, every heap that is *n (n ≥ 2)
    /// replaced by the smallest heap that is *n, and the heaps that are *1
    /// cancelled in pairs (one of them, the smallest *1 heap, kept for an odd
    /// count). Heaps not valued yet ([`Self::normal`]) are kept as they are.
    pub(crate) fn reduce(&self, s: &mut Vec<u16>) {
        let mut odd = false;
        let mut changed = false;
        for h in s.iter_mut() {
            match self.classes.get(usize::from(*h)) {
                Some(Class::Nim(0)) => *h = 0,
                Some(Class::Nim(1)) => {
                    odd = !odd;
                    *h = 0;
                }
                Some(&Class::Nim(v)) => {
                    if let Some(Some(c)) = self.nim_heaps.get(v as usize) {
                        changed |= *c != *h;
                        *h = *c;
                    }
                }
                _ => {}
            }
        }
        s.retain(|&h| h != 0);
        if odd {
            if let Some(Some(one)) = self.nim_heaps.get(1) {
                s.push(*one);
                changed = true;
            }
        }
        if changed {
            s.sort_unstable();
        }
    }

    /// True when no heap's options are listed.
    pub(crate) fn is_empty(&self) -> bool {
        self.options.is_empty()
    }

    /// The normal value of heap `h` once [`Self::normal`] has found it (0
    /// before).
    pub(crate) fn known_normal(&self, h: u16) -> u32 {
        self.normals.get(usize::from(h)).copied().unwrap_or(0)
    }
}

/// Into `buf`: the sum `s` with its heap at `i` replaced by the parts `o`,
/// sorted.
pub(crate) fn option_of(buf: &mut Vec<u16>, s: &[u16], i: usize, o: &[u16]) {
    buf.clear();
    buf.extend(
        s.iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &x)| x),
    );
    for &part in o {
        let at = buf.partition_point(|&x| x <= part);
        buf.insert(at, part);
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]

    use super::*;
    use crate::solve::misere::quotient::rules::Octal;
    use std::collections::HashMap;

    fn valued(code: &str, largest: u16) -> HeapOptions {
        let mut rules = Octal::parse(code).unwrap();
        let mut heaps = HeapOptions::default();
        heaps
            .normal(&mut rules, largest, &Budget::default(), &Budget::default())
            .unwrap();
        heaps
    }

    /// The classes worked out by hand with Conway's rules. Dawson's Kayles
    /// (0.07, two adjacent pins; options of n split n − 2): d(2) = d(3) = {0}
    /// = *1; d(4) = {*1, 0} = *2; d(5) = {*1} = 0; d(6) = {*2, *1, 0} = *3;
    /// d(7) = {0, *2} = *1; d(8) = {*3, 0, *1 + *2, 0} = *1; d(9) = {*1, *3,
    /// *1, *1 + *2} has mex 0 with *1 among its options: 0; d(10) = {*1, *1,
    /// *1 + *3, *1, *2 + *2} has the option *2 + *2. Kayles (0.77): k(3) =
    /// {*2, *1, 0} = *3; k(4) = {*3, *2, *1 + *2, 0} = *1; k(5) has the
    /// option *2 + *2.
    #[test]
    fn small_heaps_are_the_nim_heaps_worked_out_by_hand() {
        use Class::{Nim, Other};
        let d = valued("0.07", 10);
        assert_eq!(
            d.classes,
            [
                Nim(0),
                Nim(0),
                Nim(1),
                Nim(1),
                Nim(2),
                Nim(0),
                Nim(3),
                Nim(1),
                Nim(1),
                Nim(0),
                Other
            ]
        );
        let k = valued("0.77", 5);
        assert_eq!(k.classes, [Nim(0), Nim(1), Nim(2), Nim(3), Nim(1), Other]);
    }

    /// Misère values by direct recursion over sorted heap lists.
    fn value(rules: &mut Octal, memo: &mut HashMap<Vec<usize>, u32>, s: &[usize]) -> u32 {
        let mut key: Vec<usize> = s.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let mut seen = Vec::new();
        for i in 0..key.len() {
            let mut opts = Vec::new();
            rules.options(key[i], &mut opts).unwrap();
            for o in opts {
                let mut next = key.clone();
                next.remove(i);
                next.extend(o);
                seen.push(u64::from(value(rules, memo, &next)));
            }
        }
        let v = if seen.is_empty() {
            1
        } else {
            mex(&seen, &mut Vec::new())
        };
        memo.insert(key, v);
        v
    }

    /// A reduced sum is equivalent to the sum: the same misère value, also
    /// with each of a few other heaps added, for every sum of up to three
    /// heaps to 11 (brute force, no reduction in it).
    #[test]
    fn reduced_sums_keep_their_misere_values() {
        for code in ["0.07", "0.77", "0.137", "0.6", "4.7", "0.123"] {
            let heaps = valued(code, 12);
            let mut rules = Octal::parse(code).unwrap();
            let mut memo = HashMap::new();
            let mut reduced_some = 0;
            for a in 0..=11u16 {
                for b in a..=11 {
                    for c in b..=11 {
                        for extra in [0u16, 2, 4, 9] {
                            let s = [a, b, c, extra];
                            let mut r: Vec<u16> = s.to_vec();
                            r.sort_unstable();
                            heaps.reduce(&mut r);
                            let wide =
                                |v: &[u16]| v.iter().map(|&h| usize::from(h)).collect::<Vec<_>>();
                            let mut plain: Vec<u16> =
                                s.iter().copied().filter(|&h| h > 0).collect();
                            plain.sort_unstable();
                            if r != plain {
                                reduced_some += 1;
                            }
                            assert_eq!(
                                value(&mut rules, &mut memo, &wide(&r)),
                                value(&mut rules, &mut memo, &wide(&s)),
                                "{code}: {s:?} reduced to {r:?}"
                            );
                        }
                    }
                }
            }
            assert!(reduced_some > 0, "{code}: nothing reduced");
        }
    }
}

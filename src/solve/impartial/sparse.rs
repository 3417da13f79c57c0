//! Sparse space for heap games that split a heap in two (Winning Ways ch. 4,
//! "Sparse space spells speed"): with a mask m, call a value rare when the
//! number of ones of `v & m` is even and common otherwise. A XOR of two values
//! is common only when exactly one of them is rare, so the common values a
//! split reaches all come from the few rare heaps; only rare values below the
//! least unreached common value need the splits of two common heaps, and a
//! scan of those stops as soon as they are all reached.
//!
//! The mask is chosen from the values themselves (the one that makes the
//! fewest heaps rare, from a Walsh–Hadamard transform of their histogram) at
//! every power of two, and the method is used only while rare heaps stay few.
//! It is exact whatever the mask: only its speed depends on the choice.

use crate::budget::SparseMode;

/// Heaps below this are filled by the plain loop before a mask is chosen.
const FIRST_CHECK: usize = 1 << 10;
/// Sparse space is used while at most this share of heaps (1 / RARE_SHARE)
/// are rare; otherwise the plain loop is faster.
const RARE_SHARE: usize = 4;
/// Heaps after which a game whose values are still not sparse is left to the
/// plain loop for good.
const GIVE_UP: usize = 1 << 16;
/// Widest values the method handles (the stamp table of the kernels).
pub const SPARSE_VALUES: usize = 1 << 16;

/// The rare/common split of one instance's values, kept beside its memo.
#[derive(Debug, Clone, Default)]
pub struct Sparse {
    /// The mask; `None` while the plain loop is better (or not yet decided).
    mask: Option<u32>,
    /// Heaps whose values are rare, increasing.
    rare: Vec<u32>,
    /// Every known heap's value, in half the width of the memo: the sparse
    /// loops read values at random below the heap, and a narrower table keeps
    /// more of them in cache.
    values: Vec<u16>,
    /// How many heaps hold each value.
    histogram: Vec<u64>,
    /// The next heap at which the mask is chosen again.
    next_check: usize,
    /// When to use the split.
    mode: SparseMode,
}

/// What a kernel run reads of the split: the mask, the rare heaps, and how far
/// values are known.
#[derive(Debug, Clone, Copy)]
pub struct SparseView<'a> {
    /// The mask.
    pub mask: u32,
    /// Heaps with rare values, increasing.
    pub rare: &'a [u32],
    /// The values of heaps 0, 1, …: every heap below `values.len()` is known.
    pub values: &'a [u16],
}

impl SparseView<'_> {
    /// True when `v` is rare.
    #[inline]
    pub fn is_rare(&self, v: u64) -> bool {
        is_rare(v, u64::from(self.mask))
    }

    /// The rare heaps in `lo..lo + len`.
    pub fn rare_in(&self, lo: usize, len: usize) -> &[u32] {
        let start = self.rare.partition_point(|&r| (r as usize) < lo);
        let end = self.rare.partition_point(|&r| (r as usize) < lo + len);
        self.rare.get(start..end).unwrap_or(&[])
    }
}

impl Sparse {
    /// A split that records nothing (until `start`).
    pub fn new() -> Self {
        Sparse {
            next_check: usize::MAX,
            ..Sparse::default()
        }
    }

    /// Starts recording values from heap 0 on (for a game that splits heaps);
    /// no mask until enough values are known.
    pub fn start(&mut self, mode: SparseMode) {
        if self.values.is_empty() && self.next_check == usize::MAX {
            self.mode = mode;
            self.next_check = match mode {
                SparseMode::Auto => FIRST_CHECK,
                SparseMode::Always => 4,
                SparseMode::Never => usize::MAX,
            };
        }
    }

    /// The mask in use, if sparse space is in use.
    pub fn mask(&self) -> Option<u32> {
        self.mask
    }

    /// The view a kernel run of heap `n` uses, when sparse space applies to it.
    pub fn view(&self, n: usize) -> Option<SparseView<'_>> {
        let mask = self.mask?;
        (self.values.len() == n).then_some(SparseView {
            mask,
            rare: &self.rare,
            values: &self.values,
        })
    }

    /// Records heap `n`'s value `v` (heaps come in increasing order); `values`
    /// (The split's memory, two bytes a heap, is counted by the allocator, as
    /// all memory is.)
    pub fn record(&mut self, n: usize, v: u32) {
        if n != self.values.len() || self.next_check == usize::MAX {
            // A heap was left unvalued: the split no longer knows every value.
            self.mask = None;
            self.stop();
            return;
        }
        let Some(count) = self.histogram_slot(v) else {
            // Too wide for the method: the plain loop from here on.
            self.stop();
            return;
        };
        *count += 1;
        self.values.push(v as u16);
        if let Some(mask) = self.mask {
            if is_rare(u64::from(v), u64::from(mask)) {
                self.rare.push(n as u32);
            }
        }
        if self.values.len() >= self.next_check {
            self.next_check = self.next_check.saturating_mul(2);
            self.choose_mask();
        }
    }

    /// Gives the method up for this instance and frees what it held.
    fn stop(&mut self) {
        *self = Sparse {
            next_check: usize::MAX,
            ..Sparse::default()
        };
    }

    fn histogram_slot(&mut self, v: u32) -> Option<&mut u64> {
        let v = v as usize;
        if v >= SPARSE_VALUES {
            return None;
        }
        if self.histogram.len() <= v {
            self.histogram.resize((v + 1).next_power_of_two(), 0);
        }
        self.histogram.get_mut(v)
    }

    /// Chooses the mask that makes the fewest heaps rare, and rebuilds the rare
    /// list; no mask when even the best leaves too many rare.
    fn choose_mask(&mut self) {
        let known = &self.values;
        let best = best_mask(&self.histogram);
        let Some((mask, rare)) = best else {
            self.mask = None;
            return;
        };
        if self.mode == SparseMode::Auto && (rare as usize).saturating_mul(RARE_SHARE) > known.len()
        {
            if known.len() >= GIVE_UP {
                // Not sparse by now: stop keeping the narrow copy.
                self.stop();
            } else {
                self.mask = None;
                self.rare = Vec::new();
            }
            return;
        }
        // Bits above the values seen so far count too: a new, wider value is
        // judged by all its bits (for Grundy's game, every bit but the lowest).
        let width = self.histogram.len().trailing_zeros().min(16);
        let mask = mask | !((1u32 << width) - 1) & (SPARSE_VALUES as u32 - 1);
        self.mask = Some(mask);
        self.rare = known
            .iter()
            .enumerate()
            .filter(|(_, &v)| is_rare(u64::from(v), u64::from(mask)))
            .map(|(n, _)| n as u32)
            .collect();
    }
}

/// True when `v` is rare under `mask`: `v & mask` has an even number of ones.
#[inline]
pub fn is_rare(v: u64, mask: u64) -> bool {
    (v & mask).count_ones() % 2 == 0
}

/// The nonzero mask under which the fewest values of the histogram are rare,
/// with that count. The count of rare values under mask m is (N + W(m)) / 2,
/// where W is the Walsh–Hadamard transform of the histogram.
pub fn best_mask(histogram: &[u64]) -> Option<(u32, u64)> {
    let total: u64 = histogram.iter().sum();
    let mut w: Vec<i64> = histogram.iter().map(|&c| c as i64).collect();
    let mut h = 1;
    while h < w.len() {
        for block in w.chunks_mut(2 * h) {
            let (lo, hi) = block.split_at_mut(h);
            for (a, b) in lo.iter_mut().zip(hi.iter_mut()) {
                let (x, y) = (*a, *b);
                *a = x + y;
                *b = x - y;
            }
        }
        h *= 2;
    }
    w.iter()
        .enumerate()
        .skip(1)
        .map(|(m, &wm)| (m as u32, ((total as i64 + wm) / 2) as u64))
        .min_by_key(|&(m, rare)| (rare, m))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing)]
    use super::*;

    /// The transform's count equals counting directly, for every mask.
    #[test]
    fn rare_counts_match_direct_counting() {
        let values: Vec<u32> = (0..500u32).map(|i| (i * 7 + i / 3) % 13).collect();
        let mut histogram = vec![0u64; 16];
        for &v in &values {
            histogram[v as usize] += 1;
        }
        let (mask, rare) = best_mask(&histogram).unwrap_or((0, 0));
        let direct = |m: u32| {
            values
                .iter()
                .filter(|&&v| is_rare(u64::from(v), u64::from(m)))
                .count() as u64
        };
        assert_eq!(rare, direct(mask));
        assert!((1..16).all(|m| direct(m) >= rare));
    }
}

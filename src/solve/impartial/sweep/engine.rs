//! The value of one heap after another of a finite take-and-break code whose
//! moves leave at most two heaps, by sparse space (Winning Ways ch. 4): with
//! a mask m, a value v is *rare* when `v & m` has an even number of ones. A
//! split's value `g(a) ⊕ g(b)` is common only when exactly one part is rare,
//! so XORing the few rare heaps against their partners reaches every common
//! value a split can reach; the least common value c not reached is the
//! value unless a rare value below c is unreached too, and every rare value
//! below c is then excluded by a pair found in a scan of the splits (its
//! *witness*), which stops as soon as none is left. A heap whose scan runs
//! out without excluding them all takes the least unreached rare value and
//! joins the rare heaps. So the method is exact under any mask; the mask only
//! decides its speed.
//!
//! The values live in a prefix (the first heaps, which the scans read) and a
//! ring of the last heaps (which the rare heaps' partners and the scans'
//! other halves lie in); anything else is asked of the values file.

use super::SweepError;
use crate::game::compiled::shape::code::Code;
use crate::solve::impartial::sparse::{best_mask, is_rare};
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::Arc;

/// Widest value stored (two bytes a heap).
pub const MAX_VALUE: u32 = u16::MAX as u32 - 1;

/// The moves of a finite code that leaves at most two heaps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    /// Removals `k ≥ 1` allowed when the heap is exactly `k`.
    ends: Vec<usize>,
    /// Removals `k ≥ 1` leaving one heap.
    takes: Vec<usize>,
    /// Removals `k ≥ 0` that split the rest in two (and whether only into
    /// unequal parts).
    splits: Vec<(usize, bool)>,
    /// The largest removal.
    pub t: usize,
}

impl Rules {
    /// The rules of `code`, or why the sweep cannot take it.
    pub fn of(code: &Code) -> Result<Rules, String> {
        let Some(t) = code.max_removal() else {
            return Err(format!(
                "`{code}` has a repeating tail; the sweep takes finite codes only"
            ));
        };
        let mut rules = Rules {
            ends: vec![],
            takes: vec![],
            splits: vec![],
            t,
        };
        for k in 0..=t {
            let d = code.digit(k);
            if d.mask & 8 != 0 {
                return Err(format!(
                    "`{code}` has moves that leave three heaps; the sweep takes codes whose moves leave at most two"
                ));
            }
            if k == 0 && d.mask & 3 != 0 {
                return Err(format!("`{code}` has a move that removes nothing"));
            }
            if d.mask & 1 != 0 {
                rules.ends.push(k);
            }
            if d.mask & 2 != 0 {
                rules.takes.push(k);
            }
            if d.mask & 4 != 0 {
                rules.splits.push((k, d.unequal));
            }
        }
        Ok(rules)
    }

    /// True when some move splits a heap.
    pub fn splits(&self) -> bool {
        !self.splits.is_empty()
    }
}

/// The set of values reached by a heap's options: a stamp per value, equal
/// to the current tag when reached (so clearing is one increment, and
/// marking is one store with nothing to read first).
#[derive(Debug, Clone)]
pub struct Marks {
    /// A stamp for each of the 2¹⁶ values (a fixed size, so a value
    /// indexes it with no bounds to check).
    stamps: Box<[u32; 1 << 16]>,
    tag: u32,
}

impl Default for Marks {
    fn default() -> Self {
        Marks::new()
    }
}

impl Marks {
    /// An empty set of marks for any value.
    pub fn new() -> Marks {
        let stamps: Box<[u32]> = vec![0u32; 1 << 16].into_boxed_slice();
        Marks {
            stamps: stamps.try_into().unwrap_or_else(|_| Box::new([0; 1 << 16])),
            tag: 1,
        }
    }

    /// Starts a new set.
    pub fn clear(&mut self) {
        self.tag = self.tag.wrapping_add(1);
        if self.tag == 0 {
            self.stamps.fill(0);
            self.tag = 1;
        }
    }

    #[inline]
    pub fn set(&mut self, v: u16) {
        if let Some(s) = self.stamps.get_mut(usize::from(v)) {
            *s = self.tag;
        }
    }

    /// Sets the values whose bits are set in `words`.
    pub fn merge(&mut self, words: &[u64]) {
        for (i, &w) in words.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                self.set((i * 64) as u16 + w.trailing_zeros() as u16);
                w &= w - 1;
            }
        }
    }

    /// The set's values below `64 · words.len()` as bits.
    pub fn bits(&self, words: &mut [u64]) {
        let tag = self.tag;
        for (w, chunk) in words.iter_mut().zip(self.stamps.chunks_exact(64)) {
            *w = chunk
                .iter()
                .enumerate()
                .fold(0, |bits, (b, &s)| bits | u64::from(s == tag) << b);
        }
    }

    /// The least value not set and not among the bits `also`.
    fn least_clear(&self, also: &[u64]) -> u32 {
        let tag = self.tag;
        let skip = |v: usize| also.get(v / 64).is_some_and(|w| w >> (v % 64) & 1 == 1);
        self.stamps
            .iter()
            .enumerate()
            .position(|(v, &s)| s != tag && !skip(v))
            .map_or(1 << 16, |v| v as u32)
    }
}

/// Where values outside the prefix and the ring are read (the values file).
pub trait Far {
    /// The value of heap `i` (below the heaps known).
    fn value(&mut self, i: usize) -> Result<u16, SweepError>;
    /// The values of heaps `from..from + out.len()` (all below the heaps known).
    fn values(&mut self, from: usize, out: &mut [u16]) -> Result<(), SweepError>;
}

/// The values known so far, as the engine reads them.
#[derive(Debug)]
pub struct Known {
    /// Heaps `0..prefix.len()`, up to `keep` of them: the scans read the
    /// small parts of their splits here, and the mask is chosen from them.
    pub prefix: Vec<u16>,
    /// How many heaps the prefix keeps.
    pub keep: usize,
    /// Heap `i` at `i & (ring.len() − 1)`, for the last `ring.len()` heaps
    /// (shared with the far worker, which reads it).
    pub ring: Arc<[AtomicU16]>,
    /// The same as plain numbers, for the near worker's own reads.
    mirror: Vec<u16>,
    /// Heaps below this are known.
    pub front: usize,
    /// Reads that went to the values file.
    pub far_reads: u64,
}

impl Known {
    /// A store keeping `keep` heaps from the start, whose ring holds `ring`
    /// heaps (a power of two).
    pub fn new(keep: usize, ring: usize) -> Known {
        Known {
            prefix: Vec::new(),
            keep,
            ring: (0..ring).map(|_| AtomicU16::new(0)).collect(),
            mirror: vec![0; ring],
            front: 0,
            far_reads: 0,
        }
    }

    /// Heaps `0..front` known, read back from `far` (a resumed sweep), with a
    /// ring of `ring` heaps.
    pub fn reload(
        keep: usize,
        ring: usize,
        front: usize,
        far: &mut dyn Far,
    ) -> Result<Known, SweepError> {
        let mut known = Known::new(keep, ring);
        known.prefix = vec![0; front.min(keep)];
        far.values(0, &mut known.prefix)?;
        let start = front.saturating_sub(ring).max(known.prefix.len());
        let mut tail = vec![0; front - start];
        far.values(start, &mut tail)?;
        let mask = ring - 1;
        for (i, v) in (0..front.min(ring))
            .map(|j| front - 1 - j)
            .zip(known.prefix.iter().chain(&tail).rev())
        {
            if let Some(slot) = known.ring.get(i & mask) {
                slot.store(*v, Ordering::Relaxed);
            }
            if let Some(slot) = known.mirror.get_mut(i & mask) {
                *slot = *v;
            }
        }
        known.front = front;
        Ok(known)
    }

    /// Bytes held.
    pub fn bytes(keep: usize, ring: usize) -> usize {
        2 * (2 * ring + keep)
    }

    /// Appends the next heap's value.
    pub fn push(&mut self, v: u16) {
        if self.front < self.keep {
            self.prefix.push(v);
        }
        let mask = self.ring.len() - 1;
        if let Some(slot) = self.ring.get(self.front & mask) {
            slot.store(v, Ordering::Release);
        }
        if let Some(slot) = self.mirror.get_mut(self.front & mask) {
            *slot = v;
        }
        self.front += 1;
    }

    /// Heap `i`'s value when it is held in memory.
    #[inline]
    pub fn near(&self, i: usize) -> Option<u16> {
        if let Some(&v) = self.prefix.get(i) {
            return Some(v);
        }
        if i < self.front && i + self.mirror.len() >= self.front {
            return self.mirror.get(i & (self.mirror.len() - 1)).copied();
        }
        None
    }

    /// Heaps `to − len + 1 ..= to` from the ring, as one slice, when they are
    /// all held there without wrapping round its end.
    #[inline]
    fn ring_run(&self, to: usize, len: usize) -> Option<&[u16]> {
        let from = (to + 1).checked_sub(len)?;
        if to >= self.front || from + self.mirror.len() < self.front {
            return None;
        }
        let mask = self.mirror.len() - 1;
        let start = from & mask;
        self.mirror.get(start..start + len)
    }

    /// Heap `i`'s value, from memory or the file.
    #[inline]
    fn get(&mut self, i: usize, far: &mut dyn Far) -> Result<u16, SweepError> {
        match self.near(i) {
            Some(v) => Ok(v),
            None => {
                self.far_reads += 1;
                far.value(i)
            }
        }
    }
}

/// The rare/common split in use.
#[derive(Debug, Clone, Default)]
pub struct Rare {
    /// The mask (`None` before one is chosen: the plain loop runs).
    pub mask: Option<u32>,
    /// Heaps with rare values, increasing, with their values.
    pub heaps: Vec<(u32, u16)>,
    /// Bit v set when value v is rare (as wide as the marks).
    pub values: Vec<u64>,
}

impl Rare {
    /// The split under `mask` of the values `known` (heaps 0, 1, …), for
    /// values below `64 · words`.
    pub fn new(mask: u32, known: &[u16], words: usize) -> Rare {
        let mut rare = Rare {
            mask: Some(mask),
            heaps: known
                .iter()
                .enumerate()
                .filter(|(_, &v)| is_rare(u64::from(v), u64::from(mask)))
                .map(|(n, &v)| (n as u32, v))
                .collect(),
            values: Vec::new(),
        };
        rare.widen(words);
        rare
    }

    fn widen(&mut self, words: usize) {
        let Some(mask) = self.mask else { return };
        self.values = (0..words)
            .map(|w| {
                (0..64).fold(0u64, |bits, b| {
                    let v = (w * 64 + b) as u64;
                    bits | u64::from(is_rare(v, u64::from(mask))) << b
                })
            })
            .collect();
    }
}

/// What the far worker hands over for one heap.
#[derive(Debug, Clone, Copy)]
pub struct Given<'a> {
    /// The values it reached, as bits.
    pub bits: &'a [u64],
    /// Its rare heaps are those `≥ skip_from` among the first `handed`.
    pub skip_from: u32,
    /// How many rare heaps were listed when it started.
    pub handed: usize,
    /// It also split the heap at the first `scanned` small parts of the
    /// scans' value order (those it could reach: see [`Engine::far_parts`]).
    pub scanned: usize,
}

/// What the computation of one heap found, beyond its value.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Pairs scanned for witnesses of rare values.
    pub scanned: u64,
    /// Rare values excluded by a witness found in a scan.
    pub witnessed: u64,
    /// The most small parts one scan read.
    pub deepest: u64,
}

/// The sweep's engine: rules, values known, the rare split, and the marks.
#[derive(Debug)]
pub struct Engine {
    /// The moves.
    pub rules: Rules,
    /// The values known.
    pub known: Known,
    /// The rare split.
    pub rare: Rare,
    /// Values so far are below `64 · words`.
    pub words: usize,
    /// How many heaps hold each value (for choosing the mask).
    pub histogram: Vec<u64>,
    /// The next heap count at which the mask is chosen again (while the
    /// prefix lasts).
    next_choice: usize,
    /// Scan statistics.
    pub tally: Tally,
    marks: Option<Marks>,
    /// The splits of the heap being valued (reused).
    tops: Vec<(usize, usize)>,
    /// Rare values still to witness, as bits (reused).
    pending: Vec<u64>,
    /// Values reached, as bits (reused).
    reached: Vec<u64>,
    /// The small parts in the order the scans try them once the prefix is
    /// complete (empty before).
    order: Vec<u32>,
}

/// Heaps valued by the plain loop before a mask is first chosen.
const FIRST_CHOICE: usize = 1 << 10;

impl Engine {
    /// An engine over the values `known`.
    pub fn new(rules: Rules, known: Known) -> Engine {
        Engine {
            rules,
            known,
            rare: Rare::default(),
            words: 1,
            histogram: vec![0; 64],
            next_choice: FIRST_CHOICE,
            tally: Tally::default(),
            marks: Some(Marks::new()),
            tops: Vec::new(),
            pending: Vec::new(),
            reached: Vec::new(),
            order: Vec::new(),
        }
    }

    /// Records heap `front`'s value `v`.
    pub fn record(&mut self, v: u16) {
        let n = self.known.front;
        self.known.push(v);
        let width = u32::from(v) + 1;
        if width > self.words as u32 * 64 {
            self.words = (width as usize).next_power_of_two().div_ceil(64);
            self.histogram.resize(self.words * 64, 0);
            self.rare.widen(self.words);
        }
        if let Some(c) = self.histogram.get_mut(usize::from(v)) {
            *c += 1;
        }
        if let Some(mask) = self.rare.mask {
            if is_rare(u64::from(v), u64::from(mask)) {
                self.rare.heaps.push((n as u32, v));
            }
        }
        if self.known.front == self.next_choice && self.known.front <= self.known.keep {
            self.next_choice *= 2;
            self.choose_mask();
        }
        let front = self.known.front;
        let keep = self.known.keep;
        if front == keep || (front < keep && front >= 1 << 12 && front.is_power_of_two()) {
            self.order = value_order(&self.known.prefix);
        }
    }

    /// After a resumed start: the mask is next chosen at the first power of
    /// two past the heaps known, while the prefix lasts.
    pub fn resume_choices(&mut self) {
        let front = self.known.front;
        if front >= self.known.keep {
            self.order = value_order(&self.known.prefix);
        }
        self.next_choice = if front < FIRST_CHOICE {
            FIRST_CHOICE
        } else if front < self.known.keep {
            (front + 1).next_power_of_two()
        } else {
            usize::MAX
        };
    }

    /// Chooses the mask making the fewest heaps of the prefix rare (bits
    /// above the widest value count, so a wider value is judged by all its
    /// bits), and lists the rare heaps under it.
    pub fn choose_mask(&mut self) {
        let Some((mask, _)) = best_mask(&self.histogram) else {
            return;
        };
        let width = self.histogram.len().trailing_zeros().min(16);
        let mask = mask | !((1u32 << width) - 1) & 0xFFFF;
        self.rare = Rare::new(mask, &self.known.prefix, self.words);
    }

    /// The value of heap `front` (not yet recorded), with the marks `given`
    /// already reached by rare heaps handled elsewhere (the far worker's):
    /// its rare heaps are those `≥ skip_from` among the first `handed`.
    pub fn value(
        &mut self,
        given: Option<Given<'_>>,
        far: &mut dyn Far,
    ) -> Result<u16, SweepError> {
        let n = self.known.front;
        let mut marks = self.marks.take().unwrap_or_default();
        marks.clear();
        if let Some(g) = given {
            marks.merge(g.bits);
        }
        for &k in &self.rules.ends {
            if n == k {
                marks.set(0);
            }
        }
        let mut result = Ok(0);
        for &k in &self.rules.takes {
            if n > k {
                match self.known.get(n - k, far) {
                    Ok(v) => marks.set(v),
                    Err(e) => result = Err(e),
                }
            }
        }
        if result.is_ok() {
            result = match self.rare.mask {
                None => self.plain(&mut marks, far),
                Some(_) => self.sparse(&mut marks, given, far),
            };
        }
        self.marks = Some(marks);
        let v = result?;
        if u32::from(v) > MAX_VALUE {
            return Err(SweepError::TooWide { heap: n as u64 });
        }
        Ok(v)
    }

    /// The small parts, with their values, that a far worker `lead` heaps
    /// ahead can split heaps at, among the first `count` of the scans' value
    /// order (a part below `lead` would need a large part not yet valued),
    /// and how many of the order they stand for.
    pub fn far_parts(&self, lead: usize, count: usize) -> (Vec<(u32, u16)>, usize) {
        let upto = count.min(self.order.len());
        let ring = self.known.ring.len();
        let parts = self
            .order
            .get(..upto)
            .unwrap_or(&[])
            .iter()
            .filter(|&&a| a as usize >= lead && (a as usize) < ring)
            .filter_map(|&a| Some((a, *self.known.prefix.get(a as usize)?)))
            .collect();
        (parts, upto)
    }

    fn plain(&mut self, marks: &mut Marks, far: &mut dyn Far) -> Result<u16, SweepError> {
        let n = self.known.front;
        for &(k, unequal) in &self.rules.splits {
            let Some(m) = n.checked_sub(k).filter(|&m| m >= 2) else {
                continue;
            };
            let top = if unequal { (m - 1) / 2 } else { m / 2 };
            for a in 1..=top {
                let v = self.known.get(a, far)? ^ self.known.get(m - a, far)?;
                marks.set(v);
            }
        }
        Ok(marks.least_clear(&[]) as u16)
    }

    fn sparse(
        &mut self,
        marks: &mut Marks,
        given: Option<Given<'_>>,
        far: &mut dyn Far,
    ) -> Result<u16, SweepError> {
        let n = self.known.front;
        // Rare heaps ≥ skip_from among the first `handed` were XORed by the
        // far worker, and the splits off the small parts it scanned.
        let (skip_from, handed) = given.map_or((u32::MAX, 0), |g| (g.skip_from, g.handed));
        let last = self.rare.heaps.last().map_or(0, |&(r, _)| r as usize);
        // This worker's rare heaps: those from 1 below the far worker's split
        // point, and those found since it started.
        let heaps = &self.rare.heaps;
        let first = heaps.partition_point(|&(r, _)| r < 1);
        let cut = if handed == 0 {
            heaps.len()
        } else {
            heaps.partition_point(|&(r, _)| r < skip_from).min(handed)
        };
        let ours = [
            heaps.get(first..cut.max(first)).unwrap_or(&[]),
            heaps.get(handed.max(cut)..).unwrap_or(&[]),
        ];
        for &(k, unequal) in &self.rules.splits {
            let Some(m) = n.checked_sub(k).filter(|&m| m >= 2) else {
                continue;
            };
            // Every partner m − r (1 ≤ r ≤ last) is among the ring's heaps.
            let in_ring = m > last && m - last + self.known.mirror.len() >= n;
            for part in ours {
                for piece in split_partners(part, m, unequal) {
                    if in_ring {
                        let mirror = &self.known.mirror;
                        let mask = mirror.len() - 1;
                        for &(r, gr) in piece {
                            let partner = mirror.get((m - r as usize) & mask).copied().unwrap_or(0);
                            marks.set(gr ^ partner);
                        }
                    } else {
                        for &(r, gr) in piece {
                            let r = r as usize;
                            let partner = match self.known.near(m - r) {
                                Some(v) => v,
                                None => {
                                    self.known.far_reads += 1;
                                    far.value(m - r)?
                                }
                            };
                            marks.set(gr ^ partner);
                        }
                    }
                }
            }
        }
        // The values reached so far as bits; c, the least common value not
        // reached; the rare values below c not reached, to be witnessed.
        let words = self.words;
        let mut reached = std::mem::take(&mut self.reached);
        reached.clear();
        reached.resize(words, 0);
        marks.bits(&mut reached);
        let rare = &self.rare.values;
        let c = (0..words)
            .find_map(|i| {
                let free =
                    !(reached.get(i).copied().unwrap_or(0) | rare.get(i).copied().unwrap_or(0));
                (free != 0).then(|| i as u32 * 64 + free.trailing_zeros())
            })
            .unwrap_or(words as u32 * 64);
        let mut pending = std::mem::take(&mut self.pending);
        pending.clear();
        pending.extend((0..words).map(|i| {
            let lo = i as u32 * 64;
            let below = if c <= lo {
                0
            } else if c - lo >= 64 {
                u64::MAX
            } else {
                (1u64 << (c - lo)) - 1
            };
            rare.get(i).copied().unwrap_or(0) & !reached.get(i).copied().unwrap_or(0) & below
        }));
        self.reached = reached;
        let left: u32 = pending.iter().map(|w| w.count_ones()).sum();
        if left == 0 {
            self.pending = pending;
            return Ok(c as u16);
        }
        let mut tops = std::mem::take(&mut self.tops);
        tops.clear();
        tops.extend(self.rules.splits.iter().filter_map(|&(k, unequal)| {
            let m = n.checked_sub(k).filter(|&m| m >= 2)?;
            Some((m, if unequal { (m - 1) / 2 } else { m / 2 }))
        }));
        let skip = given.map_or(0, |g| g.scanned);
        let scanned = self.scan(&tops, &mut pending, left, skip, far);
        let result = match scanned {
            Ok(0) => Ok(c as u16),
            // Some rare value below c is reached by no split: the value is
            // the least value not reached, found by marking every split.
            Ok(_) => self
                .mark_splits(&tops, marks, far)
                .map(|()| marks.least_clear(&[]) as u16),
            Err(e) => Err(e),
        };
        self.tops = tops;
        self.pending = pending;
        result
    }

    /// Marks the value of every split `(m, top)`.
    fn mark_splits(
        &mut self,
        tops: &[(usize, usize)],
        marks: &mut Marks,
        far: &mut dyn Far,
    ) -> Result<(), SweepError> {
        for &(m, top) in tops {
            for a in 1..=top {
                let v = self.known.get(a, far)? ^ self.known.get(m - a, far)?;
                marks.set(v);
            }
        }
        Ok(())
    }

    /// Scans the splits `(m, top)` (`a + (m − a)` for `a ≤ top`), small
    /// parts first, in blocks of [`BLOCK`] parts, clearing from `pending`
    /// (bits) each value a split reaches; returns how many of its `left`
    /// values are never reached. The first `skip` parts of the value order
    /// were split by the far worker.
    fn scan(
        &mut self,
        tops: &[(usize, usize)],
        pending: &mut [u64],
        mut left: u32,
        skip: usize,
        far: &mut dyn Far,
    ) -> Result<u32, SweepError> {
        let all = left;
        let longest = tops.iter().map(|&(_, top)| top).max().unwrap_or(0);
        let mut a = 1;
        let witness = |pending: &mut [u64], v: u16, left: &mut u32| {
            let bit = 1u64 << (v & 63);
            if let Some(p) = pending.get_mut(usize::from(v >> 6)) {
                if *p & bit != 0 {
                    *p &= !bit;
                    *left -= 1;
                }
            }
        };
        // First the small parts in value order (every value's first heap,
        // then every value's second, …): splits whose parts differ in value
        // reach the rare values faster than parts taken by size, whose
        // values are small at first. Then the rest by size.
        let mask = self.known.mirror.len() - 1;
        let front = self.known.front;
        let fits = |m: usize| m + self.known.mirror.len() >= front + self.known.keep;
        if !self.order.is_empty() && tops.iter().all(|&(m, _)| fits(m)) {
            let rest = self.order.get(skip..).unwrap_or(&[]);
            for (i, chunk) in rest.chunks(BLOCK).enumerate() {
                for &(m, top) in tops {
                    for &a in chunk {
                        let a = a as usize;
                        if a > top {
                            continue;
                        }
                        let x = self.known.prefix.get(a).copied().unwrap_or(0);
                        let y = self.known.mirror.get((m - a) & mask).copied().unwrap_or(0);
                        witness(pending, x ^ y, &mut left);
                    }
                }
                self.tally.scanned += (chunk.len() * tops.len()) as u64;
                if left == 0 {
                    self.tally.witnessed += u64::from(all);
                    let parts = (skip + (i + 1) * BLOCK) as u64;
                    self.tally.deepest = self.tally.deepest.max(parts);
                    return Ok(0);
                }
            }
            a = self.known.prefix.len();
        }
        while a <= longest {
            let end = (a + BLOCK - 1).min(longest);
            for &(m, top) in tops {
                let hi = end.min(top);
                if a > hi {
                    continue;
                }
                let len = hi - a + 1;
                self.tally.scanned += len as u64;
                let small = self.known.prefix.get(a..=hi);
                let large = self.known.ring_run(m - a, len);
                match (small, large) {
                    (Some(small), Some(large)) => {
                        for (x, y) in small.iter().zip(large.iter().rev()) {
                            witness(pending, x ^ y, &mut left);
                        }
                    }
                    _ => {
                        for b in a..=hi {
                            let v = self.known.get(b, far)? ^ self.known.get(m - b, far)?;
                            witness(pending, v, &mut left);
                        }
                    }
                }
            }
            if left == 0 {
                self.tally.deepest = self.tally.deepest.max(end as u64);
                break;
            }
            a = end + 1;
        }
        self.tally.witnessed += u64::from(all - left);
        Ok(left)
    }
}

/// The rare heaps `r < m` of `heaps` (sorted) that split `m` as `r + (m − r)`,
/// in at most two runs: an unequal split has no two halves.
fn split_partners(heaps: &[(u32, u16)], m: usize, unequal: bool) -> [&[(u32, u16)]; 2] {
    let below = heaps.partition_point(|&(r, _)| (r as usize) < m);
    let part = heaps.get(..below).unwrap_or(&[]);
    let half = if unequal && m % 2 == 0 {
        part.binary_search_by_key(&((m / 2) as u32), |&(r, _)| r)
            .ok()
    } else {
        None
    };
    match half {
        Some(h) => [
            part.get(..h).unwrap_or(&[]),
            part.get(h + 1..).unwrap_or(&[]),
        ],
        None => [part, &[][..]],
    }
}

/// Heaps 1.. of `values` by value round by round: the first heap of each
/// value, then the second of each, and so on.
fn value_order(values: &[u16]) -> Vec<u32> {
    let mut by_value: Vec<Vec<u32>> = Vec::new();
    for (a, &v) in values.iter().enumerate().skip(1) {
        let v = usize::from(v);
        if by_value.len() <= v {
            by_value.resize(v + 1, Vec::new());
        }
        if let Some(list) = by_value.get_mut(v) {
            list.push(a as u32);
        }
    }
    let rounds = by_value.iter().map(Vec::len).max().unwrap_or(0);
    let mut order = Vec::with_capacity(values.len());
    for round in 0..rounds {
        order.extend(by_value.iter().filter_map(|list| list.get(round).copied()));
    }
    order
}

/// Parts scanned between two checks of the values still to witness.
const BLOCK: usize = 64;

/// The far worker's share of heap `n`: XORs of its rare heaps (those listed
/// in `rare`, all ≥ the split point) against their partners, and the splits
/// at the small parts `parts` (all ≥ the split point too, from
/// [`Engine::far_parts`]), whose large parts are all in the ring; `out` gets
/// the values reached as bits.
#[inline]
pub fn far_marks(
    rules: &Rules,
    rare: &[(u32, u16)],
    parts: &[(u32, u16)],
    ring: &[AtomicU16],
    n: usize,
    marks: &mut Marks,
    out: &mut [u64],
) {
    marks.clear();
    let mask = ring.len() - 1;
    let value = |i: usize| ring.get(i & mask).map_or(0, |s| s.load(Ordering::Relaxed));
    for &(k, unequal) in &rules.splits {
        let Some(m) = n.checked_sub(k).filter(|&m| m >= 2) else {
            continue;
        };
        for piece in split_partners(rare, m, unequal) {
            for &(r, gr) in piece {
                marks.set(gr ^ value(m - r as usize));
            }
        }
        let top = if unequal { (m - 1) / 2 } else { m / 2 };
        for &(a, x) in parts {
            if a as usize <= top {
                marks.set(x ^ value(m - a as usize));
            }
        }
    }
    marks.bits(out);
}

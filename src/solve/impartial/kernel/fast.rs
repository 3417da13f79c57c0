//! The kernels' hot loops: the common option shapes walked as slices of the memo
//! tables, marking a pre-sized mex bitset, exactly as one writes them by hand.

use super::run::{Ctx, Scratch, STAMPS};
use crate::game::compiled::exec::{opt, work, Bail, Res};
use crate::game::compiled::ir::{Arg, KOption, Term};
use crate::lang::value::InstId;
use crate::solve::impartial::{IN_PROGRESS, UNKNOWN};

/// The power of two above every value of an instance's memo: XORs of such
/// values stay below it.
fn cap_of(max: u32) -> u64 {
    (u64::from(max) + 1).next_power_of_two()
}

/// `g(rest - k)` for k in a constant set, filtered by bounds: subtraction games.
pub(super) fn fast_values(
    option: &KOption,
    vals: &[i64],
    bounds: &[(i64, i64)],
    params: usize,
    ctx: &Ctx<'_>,
    sc: &mut Scratch,
) -> Result<bool, Bail> {
    let KOption::Same(args) = option else {
        return Ok(false);
    };
    let (Some(Arg::Affine(c, rest)), 1) = (args.first(), params) else {
        return Ok(false);
    };
    let base = opt(rest.eval(&sc.slots))?;
    work(ctx.budget, vals.len())?;
    let table = ctx.dense(ctx.this);
    sc.cover(cap_of(ctx.max(ctx.this)));
    for &v in vals {
        if bounds.iter().any(|&(bc, bd)| bc.saturating_mul(v) > bd) {
            continue;
        }
        let idx = opt(opt(c.checked_mul(v))?.checked_add(base))?;
        if idx < 0 {
            return Err(Bail::Fallback);
        }
        let g = table.get(idx as usize).copied().unwrap_or(UNKNOWN);
        if g >= IN_PROGRESS {
            sc.seen(g, ctx.this, [idx, 0], 1)?;
        } else {
            sc.mark_covered(u64::from(g));
        }
    }
    Ok(true)
}

/// A heap term as a slice walked forwards or backwards as x runs lo..=hi.
enum Walk<'a> {
    Up(&'a [u32]),
    Down(&'a [u32]),
}

/// The slice of `table` read by `c·x + b` for x in lo..=hi, when c is ±1 and
/// every index lies inside the table.
fn walk(table: &[u32], c: i64, b: i64, lo: i64, hi: i64) -> Option<Walk<'_>> {
    let (first, last) = (c * lo + b, c * hi + b);
    let (min, max) = (first.min(last), first.max(last));
    if min < 0 || max as usize >= table.len() {
        return None;
    }
    let slice = table.get(min as usize..=max as usize)?;
    match c {
        1 => Some(Walk::Up(slice)),
        -1 => Some(Walk::Down(slice)),
        _ => None,
    }
}

/// The option values of one walk, folded over (all of them known).
trait Cells {
    /// Folds `f` over the values, each given as the two memo cells whose XOR it
    /// is, in an order that need not be the walk's (a mex does not care).
    fn fold<A>(&self, init: A, f: impl FnMut(A, u32, u32) -> A) -> A;
    /// The same fold one value per step: where the loop body is register-only
    /// arithmetic, unrolling costs registers and gains nothing.
    fn fold_each<A>(&self, init: A, f: impl FnMut(A, u32, u32) -> A) -> A;
    /// How many values there are.
    fn count(&self) -> usize;
    /// The memo cells read.
    fn cells(&self) -> [&[u32]; 2];
    /// True when a cell is unknown (or in progress): a separate pass the
    /// compiler vectorises, so the marking loops carry no such check.
    fn any_unknown(&self) -> bool {
        self.cells()
            .iter()
            .any(|c| c.iter().fold(0, |acc, &v| acc | v) >= IN_PROGRESS)
    }
}

/// A two-heap option: `a[i] ^ b[len - 1 - i]` when the walks run in opposite
/// directions (`crossed`), `a[i] ^ b[i]` otherwise.
struct Pairs<'a> {
    a: &'a [u32],
    b: &'a [u32],
    crossed: bool,
}

impl Cells for Pairs<'_> {
    /// Two pairs per step: the loop carries one end check per two options.
    #[inline(always)]
    fn fold<A>(&self, init: A, mut f: impl FnMut(A, u32, u32) -> A) -> A {
        let mut acc = init;
        if self.crossed {
            let (mut ca, mut cb) = (self.a.chunks_exact(2), self.b.rchunks_exact(2));
            for (x, y) in (&mut ca).zip(&mut cb) {
                if let ([x0, x1], [y1, y0]) = (x, y) {
                    acc = f(acc, *x0, *y0);
                    acc = f(acc, *x1, *y1);
                }
            }
            // With an odd length, a's last cell pairs with b's first.
            if let ([x], [y]) = (ca.remainder(), cb.remainder()) {
                acc = f(acc, *x, *y);
            }
        } else {
            let (mut ca, mut cb) = (self.a.chunks_exact(2), self.b.chunks_exact(2));
            for (x, y) in (&mut ca).zip(&mut cb) {
                if let ([x0, x1], [y0, y1]) = (x, y) {
                    acc = f(acc, *x0, *y0);
                    acc = f(acc, *x1, *y1);
                }
            }
            if let ([x], [y]) = (ca.remainder(), cb.remainder()) {
                acc = f(acc, *x, *y);
            }
        }
        acc
    }

    #[inline(always)]
    fn fold_each<A>(&self, init: A, mut f: impl FnMut(A, u32, u32) -> A) -> A {
        if self.crossed {
            let pairs = self.a.iter().zip(self.b.iter().rev());
            pairs.fold(init, |acc, (x, y)| f(acc, *x, *y))
        } else {
            let pairs = self.a.iter().zip(self.b.iter());
            pairs.fold(init, |acc, (x, y)| f(acc, *x, *y))
        }
    }

    fn count(&self) -> usize {
        self.a.len().min(self.b.len())
    }

    fn cells(&self) -> [&[u32]; 2] {
        [self.a, self.b]
    }
}

/// A one-heap option.
struct Single<'a>(&'a [u32]);

impl Cells for Single<'_> {
    #[inline(always)]
    fn fold<A>(&self, init: A, mut f: impl FnMut(A, u32, u32) -> A) -> A {
        self.0.iter().fold(init, |acc, &v| f(acc, v, 0))
    }

    #[inline(always)]
    fn fold_each<A>(&self, init: A, f: impl FnMut(A, u32, u32) -> A) -> A {
        self.fold(init, f)
    }

    fn count(&self) -> usize {
        self.0.len()
    }

    fn cells(&self) -> [&[u32]; 2] {
        [self.0, &[]]
    }
}

/// Marks `v ^ nim` for every value of `cells`; true (and nothing marked) when
/// one is unknown. The values are gathered in a register while the memo's
/// values stay below 64, and otherwise as independent stores into the stamp
/// table, folded into the bitset afterwards (a read-modify-write of one bitset
/// word per option would chain every option to the one before). With few
/// options against a wide value range, the bitset is marked directly.
#[inline(always)]
fn mark_cells(cells: &impl Cells, nim: u64, cap: u64, sc: &mut Scratch) -> bool {
    if cap <= 64 {
        // Cheap enough to check for unknown cells in the same loop.
        let (mask, unknown) = cells.fold_each((0u64, 0u32), |(m, u), x, y| {
            (m | 1 << ((u64::from(x ^ y) ^ nim) & 63), u | x | y)
        });
        if unknown >= IN_PROGRESS {
            return true;
        }
        if let Some(word) = sc.bits.first_mut() {
            *word |= mask;
        }
        return false;
    }
    if cells.any_unknown() {
        return true;
    }
    if cap > STAMPS as u64 || cap > 4 * cells.count() as u64 {
        let bits = &mut sc.bits;
        cells.fold((), |(), x, y| {
            let v = u64::from(x ^ y) ^ nim;
            if let Some(word) = bits.get_mut((v >> 6) as usize) {
                *word |= 1 << (v & 63);
            }
        });
    } else {
        let tag = sc.next_stamp();
        let stamps: &mut [u32; STAMPS] = &mut sc.stamps;
        // Every value here is below `cap` ≤ STAMPS: the mask changes none.
        cells.fold((), |(), x, y| {
            if let Some(s) = stamps.get_mut(((u64::from(x ^ y) ^ nim) as usize) & (STAMPS - 1)) {
                *s = tag;
            }
        });
        sc.fold_stamps(tag, cap);
    }
    false
}

/// Marks t1[i] ^ t2[j] ^ nim over two walks; true (and nothing marked) when an
/// unknown value was seen.
fn mark_pairs(w1: &Walk<'_>, w2: &Walk<'_>, nim: u64, cap: u64, sc: &mut Scratch) -> bool {
    let (a, b, crossed) = match (w1, w2) {
        (Walk::Up(a), Walk::Down(b)) | (Walk::Down(a), Walk::Up(b)) => (a, b, true),
        (Walk::Up(a), Walk::Up(b)) | (Walk::Down(a), Walk::Down(b)) => (a, b, false),
    };
    mark_cells(&Pairs { a, b, crossed }, nim, cap, sc)
}

/// Marks t[i] ^ nim over one walk; true (and nothing marked) when an unknown
/// value was seen.
fn mark_single(w: &Walk<'_>, nim: u64, cap: u64, sc: &mut Scratch) -> bool {
    let slice = match w {
        Walk::Up(s) | Walk::Down(s) => s,
    };
    mark_cells(&Single(slice), nim, cap, sc)
}

/// A split of the running heap into two heaps `c1·x + b1` and `c2·x + b2` of
/// the same game for x in lo..=hi, valued in sparse space (see
/// `impartial::sparse`): only the pairs with a rare heap are marked now, and
/// the walk is deferred to `finish_sparse`, which scans it only as far as the
/// rare values still unreached require. False when sparse space does not apply
/// (no mask, walks in the same direction, a common nimber added, an index not
/// yet known): the caller then marks every pair.
fn sparse_pairs(
    (c1, b1): (i64, i64),
    (c2, b2): (i64, i64),
    lo: i64,
    hi: i64,
    nim: u64,
    ctx: &Ctx<'_>,
    sc: &mut Scratch,
) -> bool {
    let Some(view) = ctx.sparse else {
        return false;
    };
    // Crossed walks only: x ↦ (b1 + x, b2 − x) and its mirror image, whose
    // indices add up to the same total.
    if c1 != -c2 || c1.abs() != 1 || !view.is_rare(nim) {
        return false;
    }
    let (e1, f1) = (c1 * lo + b1, c1 * hi + b1);
    let (e2, f2) = (c2 * lo + b2, c2 * hi + b2);
    let (s1, s2) = (e1.min(f1), e2.min(f2));
    let len = hi - lo + 1;
    let total = e1 + e2;
    if s1 < 0 || s2 < 0 || (s1.max(s2) + len) as usize > view.values.len() || nim >= 1 << 16 {
        return false;
    }
    let (s1, s2, len, total) = (s1 as usize, s2 as usize, len as usize, total as usize);
    let (first, second) = (view.rare_in(s1, len), view.rare_in(s2, len));
    if work(ctx.budget, first.len() + second.len()).is_err() {
        return false;
    }
    // Independent stores, one stamp per position (see `mark_cells`).
    if sc.deferred.is_empty() {
        sc.sparse_tag = sc.next_stamp();
    }
    let (tag, values, nim16) = (sc.sparse_tag, view.values, nim as u16);
    let stamps: &mut [u32; STAMPS] = &mut sc.stamps;
    let mut mark = |rare: &[u32]| {
        for &r in rare {
            let r = r as usize;
            if let (Some(&a), Some(&b)) = (values.get(r), values.get(total.wrapping_sub(r))) {
                if let Some(s) = stamps.get_mut(usize::from(a ^ b ^ nim16)) {
                    *s = tag;
                }
            }
        }
    };
    mark(first);
    mark(second);
    sc.deferred.push(Deferred {
        first: s1,
        second: s2,
        len,
        nim: nim16,
    });
    true
}

/// A split walk left for `finish_sparse`: `values[first + i] ^
/// values[second + len − 1 − i] ^ nim` for i in 0..len.
#[derive(Debug, Clone, Copy)]
pub(super) struct Deferred {
    first: usize,
    second: usize,
    len: usize,
    nim: u16,
}

/// Pairs of a deferred walk scanned between two looks at the values wanted.
const SCAN_BLOCK: usize = 256;

/// The mex of a position whose splits were deferred: every other option and
/// every pair with a rare heap is marked, so every common value a split
/// reaches is marked. With c the least unmarked common value, the mex is c
/// unless a rare value below c is unmarked; those are looked for among the
/// deferred walks, block by block, until all are found or the walks end.
pub(super) fn finish_sparse(ctx: &Ctx<'_>, sc: &mut Scratch) -> Result<u32, Bail> {
    let Some(view) = ctx.sparse else {
        return Err(Bail::Fallback);
    };
    let tag = sc.sparse_tag;
    sc.fold_stamps(tag, STAMPS as u64);
    // Values past the bitset are unmarked, so this ends within two steps of it.
    let mut c = 0u64;
    while view.is_rare(c) || sc.is_marked(c) {
        c += 1;
        if c >= STAMPS as u64 {
            return Err(Bail::Fallback);
        }
    }
    sc.wanted.clear();
    for v in 0..c {
        if !sc.is_marked(v) {
            sc.wanted.push(v as u32);
        }
    }
    if !sc.wanted.is_empty() {
        let deferred = std::mem::take(&mut sc.deferred);
        let result = scan_deferred(&deferred, tag, ctx, sc);
        sc.deferred = deferred;
        result?;
    }
    Ok(sc.wanted.first().map_or(c as u32, |&v| v))
}

/// Scans the deferred walks until every wanted value is reached (then
/// `sc.wanted` is empty) or the walks end (then it holds those never reached).
fn scan_deferred(deferred: &[Deferred], tag: u32, ctx: &Ctx<'_>, sc: &mut Scratch) -> Res {
    let Some(view) = ctx.sparse else {
        return Err(Bail::Fallback);
    };
    for d in deferred {
        let mut done = 0;
        while done < d.len && !sc.wanted.is_empty() {
            let step = SCAN_BLOCK.min(d.len - done);
            work(ctx.budget, step)?;
            // Pairs done..done + step: the first walk forwards from first + done,
            // the second backwards from its far end.
            let a = view.values.get(d.first + done..d.first + done + step);
            let b_end = d.second + d.len - done;
            let b = view.values.get(b_end - step..b_end);
            let (Some(a), Some(b)) = (a, b) else {
                return Err(Bail::Fallback);
            };
            let stamps: &mut [u32; STAMPS] = &mut sc.stamps;
            for (x, y) in a.iter().zip(b.iter().rev()) {
                if let Some(s) = stamps.get_mut(usize::from(x ^ y ^ d.nim)) {
                    *s = tag;
                }
            }
            done += step;
            let stamps: &[u32; STAMPS] = &sc.stamps;
            sc.wanted
                .retain(|&v| stamps.get(v as usize).is_none_or(|&s| s != tag));
        }
    }
    Ok(())
}

/// Longest range [`fast`] walks with its work counted up front.
const FAST_RANGE: i64 = 1 << 26;

/// The range x runs over in [`fast`], with the checks every shape needs.
#[derive(Clone, Copy)]
struct XRange {
    lo: i64,
    hi: i64,
}

impl XRange {
    /// The line `c·x + b` an argument follows, or `None` if it is not affine.
    fn line(a: &Arg, sc: &Scratch) -> Result<Option<(i64, i64)>, Bail> {
        match a {
            Arg::Affine(c, rest) => Ok(Some((*c, opt(rest.eval(&sc.slots))?))),
            Arg::General(_) => Ok(None),
        }
    }

    /// Whether the line stays inside a table of `len` entries over the whole
    /// range: every index is affine in x, so checking both ends checks it all.
    fn ends_ok(self, (c, b): (i64, i64), len: usize) -> Result<bool, Bail> {
        let at = |x: i64| opt(opt(c.checked_mul(x))?.checked_add(b));
        let (e1, e2) = (at(self.lo)?, at(self.hi)?);
        if e1 < 0 || e2 < 0 {
            return Err(Bail::Fallback); // an invalid option: the general evaluator reports it
        }
        Ok((e1 as usize) < len && (e2 as usize) < len)
    }
}

/// The common shapes as tight loops over x in lo..=hi. Returns false when the
/// shape is not one of them (the caller then loops generally).
pub(super) fn fast(
    option: &KOption,
    lo: i64,
    hi: i64,
    params: usize,
    ctx: &Ctx<'_>,
    sc: &mut Scratch,
) -> Result<bool, Bail> {
    // The walks below are tight loops: their work is counted up front, which
    // one check of the budget covers only for a range of sensible length. A
    // longer one (`a in -9223372036854775807..=n`, found by the fuzzer) is
    // left to the loop that ticks at every step, so the time limit and
    // Ctrl-C still stop it.
    if hi.saturating_sub(lo) > FAST_RANGE {
        return Ok(false);
    }
    work(
        ctx.budget,
        usize::try_from(hi.saturating_sub(lo)).unwrap_or(0) + 1,
    )?;
    let range = XRange { lo, hi };
    match option {
        KOption::Same(args) if params == 1 => same_heap(args, range, ctx, sc),
        KOption::Same(args) if params == 2 => same_pair(args, range, ctx, sc),
        KOption::Sum(terms) => sum_of_heaps(terms, range, ctx, sc),
        KOption::Same(_) => Ok(false),
    }
}

/// An option to the same one-parameter game at `c·x + b`.
fn same_heap(args: &[Arg], range: XRange, ctx: &Ctx<'_>, sc: &mut Scratch) -> Result<bool, Bail> {
    let Some(l) = XRange::line(args.first().ok_or(Bail::Fallback)?, sc)? else {
        return Ok(false);
    };
    let table = ctx.dense(ctx.this);
    if !range.ends_ok(l, table.len())? {
        return Ok(false);
    }
    sc.cover(cap_of(ctx.max(ctx.this)));
    if let Some(w) = walk(table, l.0, l.1, range.lo, range.hi) {
        if !mark_single(&w, 0, cap_of(ctx.max(ctx.this)), sc) {
            return Ok(true);
        }
    }
    for x in range.lo..=range.hi {
        let v = table
            .get((l.0 * x + l.1) as usize)
            .copied()
            .unwrap_or(UNKNOWN);
        if v >= IN_PROGRESS {
            sc.seen(v, ctx.this, [l.0 * x + l.1, 0], 1)?;
        } else {
            sc.mark_covered(u64::from(v));
        }
    }
    Ok(true)
}

/// An option to the same two-parameter game, both parameters affine in x:
/// the grid's flat index is then affine too.
fn same_pair(args: &[Arg], range: XRange, ctx: &Ctx<'_>, sc: &mut Scratch) -> Result<bool, Bail> {
    let (Some(la), Some(lb)) = (
        XRange::line(args.first().ok_or(Bail::Fallback)?, sc)?,
        XRange::line(args.get(1).ok_or(Bail::Fallback)?, sc)?,
    ) else {
        return Ok(false);
    };
    let t = ctx.grid();
    let rows = t.data.len().checked_div(t.cols).unwrap_or(0);
    if !range.ends_ok(la, rows)? || !range.ends_ok(lb, t.cols)? {
        return Ok(false);
    }
    sc.cover(cap_of(ctx.max(ctx.this)));
    let (c, b) = (la.0 * t.cols as i64 + lb.0, la.1 * t.cols as i64 + lb.1);
    if c != 0 && mark_strided(t.data, (c, b), range, sc) {
        return Ok(true);
    }
    for x in range.lo..=range.hi {
        let v = t.data.get((c * x + b) as usize).copied().unwrap_or(UNKNOWN);
        if v >= IN_PROGRESS {
            sc.seen(v, ctx.this, [la.0 * x + la.1, lb.0 * x + lb.1], 2)?;
        } else {
            sc.mark_covered(u64::from(v));
        }
    }
    Ok(true)
}

/// Marks every value at `c·x + b` (c ≠ 0) in one strided pass. True when all
/// were known; false sends the caller to the loop that reports unknown cells.
fn mark_strided(data: &[u32], (c, b): (i64, i64), range: XRange, sc: &mut Scratch) -> bool {
    // Marking ignores order: walk the indices upwards whatever c's sign.
    let (e1, e2) = ((c * range.lo + b) as usize, (c * range.hi + b) as usize);
    let (first, last) = (e1.min(e2), e1.max(e2));
    let c = c.unsigned_abs() as usize;
    let Some(slice) = data.get(first..=last) else {
        return false;
    };
    let bits = &mut sc.bits;
    let mut acc = 0u32;
    for v in slice.iter().step_by(c) {
        acc |= v;
        if let Some(word) = bits.get_mut((v >> 6) as usize) {
            *word |= 1 << (v & 63);
        }
    }
    acc < IN_PROGRESS
}

/// One heap of a one-parameter game in a sum: its table, its line and game.
type HeapLine<'t> = (&'t [u32], i64, i64, InstId);

/// A sum of up to four heaps on lines in x, plus fixed nimbers.
fn sum_of_heaps(
    terms: &[Term],
    range: XRange,
    ctx: &Ctx<'_>,
    sc: &mut Scratch,
) -> Result<bool, Bail> {
    let mut heaps: [HeapLine<'_>; 4] = [(&[], 0, 0, InstId(0)); 4];
    let mut count = 0;
    let mut nim = 0u64;
    let mut cap = 1u64;
    for t in terms {
        match t {
            Term::Heap(inst, a) => {
                let Some(l) = XRange::line(a, sc)? else {
                    return Ok(false);
                };
                let table = ctx.dense(*inst);
                if !range.ends_ok(l, table.len())? {
                    return Ok(false);
                }
                let slot = heaps.get_mut(count).ok_or(Bail::Fallback)?;
                *slot = (table, l.0, l.1, *inst);
                count += 1;
                cap = cap.max(cap_of(ctx.max(*inst)));
            }
            Term::Nimber(Arg::Affine(0, e)) => {
                nim ^= u64::try_from(opt(e.eval(&sc.slots))?).map_err(|_| Bail::Fallback)?;
            }
            Term::Nimber(_) => return Ok(false),
        }
    }
    let cover = cap.max((nim + 1).next_power_of_two());
    sc.cover(cover);
    let heaps = heaps.get(..count).unwrap_or(&[]);
    if walked_sum(heaps, nim, cover, range, ctx, sc) {
        return Ok(true);
    }
    // General (or with unknown values): per x, collecting what is missing.
    for x in range.lo..=range.hi {
        let mut total = nim;
        let mut known = true;
        for (t, c, b, i) in heaps {
            let k = c * x + b;
            let v = t.get(k as usize).copied().unwrap_or(UNKNOWN);
            if v >= IN_PROGRESS {
                sc.seen(v, *i, [k, 0], 1)?;
                known = false;
            } else {
                total ^= u64::from(v);
            }
        }
        if known {
            sc.mark_covered(total);
        }
    }
    Ok(true)
}

/// The fast markings of a sum of one or two heaps: sparse pairs of the game
/// itself, then two walks, then one. True when one of them marked everything.
fn walked_sum(
    heaps: &[HeapLine<'_>],
    nim: u64,
    cover: u64,
    range: XRange,
    ctx: &Ctx<'_>,
    sc: &mut Scratch,
) -> bool {
    let (lo, hi) = (range.lo, range.hi);
    if let [(_, c1, b1, i1), (_, c2, b2, i2)] = heaps {
        if *i1 == ctx.this
            && *i2 == ctx.this
            && sparse_pairs((*c1, *b1), (*c2, *b2), lo, hi, nim, ctx, sc)
        {
            return true;
        }
    }
    if let [(t1, c1, b1, _), (t2, c2, b2, _)] = heaps {
        if let (Some(w1), Some(w2)) = (walk(t1, *c1, *b1, lo, hi), walk(t2, *c2, *b2, lo, hi)) {
            if !mark_pairs(&w1, &w2, nim, cover, sc) {
                return true;
            }
        }
    }
    if let [(t1, c1, b1, _)] = heaps {
        if let Some(w1) = walk(t1, *c1, *b1, lo, hi) {
            if !mark_single(&w1, nim, cover, sc) {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing)]
    use super::*;
    use proptest::prelude::*;

    /// The values marked, read back from the bitset below `cap`.
    fn marked(sc: &Scratch, cap: u64) -> Vec<u64> {
        (0..cap)
            .filter(|v| {
                sc.bits
                    .get((v >> 6) as usize)
                    .is_some_and(|w| w >> (v & 63) & 1 == 1)
            })
            .collect()
    }

    proptest! {
        /// Every way of marking a walk (register mask, stamps, bitset; pairs two
        /// at a time with odd lengths; crossed or parallel walks) marks exactly the
        /// XORs a naive loop computes, and marks nothing when a cell is unknown.
        #[test]
        fn marking_matches_a_naive_loop(
            cells in prop::collection::vec((0u32..300, 0u32..300), 0..200),
            small in any::<bool>(),
            crossed in any::<bool>(),
            nim in 0u64..8,
            unknown_at in prop::option::of(0usize..200),
        ) {
            let limit = if small { 32 } else { 300 };
            let mut a: Vec<u32> = cells.iter().map(|c| c.0 % limit).collect();
            let b: Vec<u32> = cells.iter().map(|c| c.1 % limit).collect();
            if let Some(i) = unknown_at.filter(|&i| i < a.len()) {
                a[i] = if i % 2 == 0 { UNKNOWN } else { IN_PROGRESS };
            }
            let cap = cap_of(limit.max(8)).max((nim + 1).next_power_of_two());
            let mut sc = Scratch::default();
            // A few rounds, so stale stamps of an earlier walk must not count.
            for round in 0..3u32 {
                sc.reset(0);
                sc.cover(cap);
                let naive: std::collections::BTreeSet<u64> = (0..a.len())
                    .map(|i| {
                        let j = if crossed { b.len() - 1 - i } else { i };
                        u64::from(a[i] ^ b[j]) ^ nim
                    })
                    .collect();
                let walks = (Walk::Up(&a[..]), if crossed { Walk::Down(&b[..]) } else { Walk::Up(&b[..]) });
                let unknown = mark_pairs(&walks.0, &walks.1, nim, cap, &mut sc);
                let has_unknown = a.iter().any(|&v| v >= IN_PROGRESS);
                prop_assert_eq!(unknown, has_unknown, "round {}", round);
                if has_unknown {
                    prop_assert!(marked(&sc, cap).is_empty());
                } else {
                    prop_assert_eq!(marked(&sc, cap), naive.into_iter().collect::<Vec<_>>());
                }
                sc.reset(0);
                sc.cover(cap);
                let unknown = mark_single(&Walk::Down(&a[..]), nim, cap, &mut sc);
                prop_assert_eq!(unknown, has_unknown);
                if !has_unknown {
                    let naive: std::collections::BTreeSet<u64> = a.iter().map(|&v| u64::from(v) ^ nim).collect();
                    prop_assert_eq!(marked(&sc, cap), naive.into_iter().collect::<Vec<_>>());
                }
            }
        }
    }
}

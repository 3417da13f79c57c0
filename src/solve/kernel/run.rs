//! Runs a compiled kernel on one position: the mex of its options' values, read
//! straight from the memo tables, or the positions it still needs.

use super::iexpr::floor_div;
use super::{Arg, Inner, InnerIter, KBinder, KOption, KRule, Kernel, Term};
use crate::eval::runtime::Instance;
use crate::eval::value::{InstId, Value};
use crate::solve::memo::{IN_PROGRESS, UNKNOWN};
use indexmap::IndexMap;
use std::rc::Rc;

/// The instances table, read-only while a kernel runs.
pub type Instances = IndexMap<(usize, Rc<[Value]>), Instance>;

/// What a kernel run found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KOut {
    /// Every option was known: the position's Grundy value.
    Value(u32),
    /// Some options are unknown; they are in `Scratch::pending`.
    Pending,
    /// Something only the general evaluator handles (an error to report, a cycle,
    /// arithmetic overflow, a position outside the dense tables).
    Fallback,
}

/// Reusable buffers of kernel runs.
#[derive(Debug, Default)]
pub struct Scratch {
    slots: Vec<i64>,
    bits: Vec<u64>,
    used: usize,
    bounds: Vec<(i64, i64)>,
    /// Unknown options found: (instance, position).
    pub pending: Vec<(InstId, [i64; 2], usize)>,
}

/// Values this large are never a mex; they are not marked.
const MARK_LIMIT: u64 = 1 << 26;

struct Bail;

type Res = Result<(), Bail>;

fn opt<T>(v: Option<T>) -> Result<T, Bail> {
    v.ok_or(Bail)
}

/// A memo table seen by a running kernel.
#[derive(Clone, Copy)]
struct Table<'a> {
    data: &'a [u32],
    cols: usize,
}

struct Ctx<'a> {
    instances: &'a Instances,
    this: InstId,
}

impl<'a> Ctx<'a> {
    fn dense(&self, inst: InstId) -> &'a [u32] {
        self.instances
            .get_index(inst.0 as usize)
            .map_or(&[], |(_, i)| i.memo.dense.as_slice())
    }

    /// The largest value in an instance's memo.
    fn max(&self, inst: InstId) -> u32 {
        self.instances
            .get_index(inst.0 as usize)
            .map_or(0, |(_, i)| i.memo.max)
    }

    fn grid(&self) -> Table<'a> {
        self.instances.get_index(self.this.0 as usize).map_or(
            Table { data: &[], cols: 0 },
            |(_, i)| {
                let (data, _rows, cols) = i.memo.grid_view();
                Table { data, cols }
            },
        )
    }
}

impl Scratch {
    #[inline]
    fn mark(&mut self, v: u64) {
        if v >= MARK_LIMIT {
            return;
        }
        let w = (v >> 6) as usize;
        if w >= self.bits.len() {
            self.bits.resize(w + 1, 0);
        }
        if let Some(word) = self.bits.get_mut(w) {
            *word |= 1 << (v & 63);
        }
        if w >= self.used {
            self.used = w + 1;
        }
    }

    /// Makes the bitset cover every value below `cap` (a power of two), so the
    /// hot loops mark without growing.
    fn cover(&mut self, cap: u64) {
        let words = (cap.min(MARK_LIMIT) as usize).div_ceil(64).max(1);
        if self.bits.len() < words {
            self.bits.resize(words, 0);
        }
        self.used = self.used.max(words);
    }

    /// Marks `v`, ignoring values beyond the bitset (never a mex after `cover`).
    #[inline(always)]
    fn mark_covered(&mut self, v: u64) {
        if let Some(word) = self.bits.get_mut((v >> 6) as usize) {
            *word |= 1 << (v & 63);
        }
    }

    fn mex(&self) -> u32 {
        for (i, word) in self.bits.iter().take(self.used).enumerate() {
            if *word != u64::MAX {
                return (i * 64 + (!word).trailing_zeros() as usize) as u32;
            }
        }
        (self.used * 64) as u32
    }

    fn reset(&mut self, slots: usize) {
        for w in self.bits.iter_mut().take(self.used) {
            *w = 0;
        }
        self.used = 0;
        self.pending.clear();
        if self.slots.len() < slots {
            self.slots.resize(slots, 0);
        }
    }

    /// Handles a memo read: marks a known value, records an unknown one.
    #[inline]
    fn seen(&mut self, v: u32, inst: InstId, pos: [i64; 2], arity: usize) -> Res {
        if v < IN_PROGRESS {
            return Ok(());
        }
        if v == IN_PROGRESS {
            return Err(Bail);
        }
        self.pending.push((inst, pos, arity));
        Ok(())
    }
}

/// Runs `kernel` for position `pos` of instance `this`.
pub fn run(
    kernel: &Kernel,
    this: InstId,
    pos: [i64; 2],
    instances: &Instances,
    sc: &mut Scratch,
) -> KOut {
    sc.reset(kernel.slots.max(2));
    for (s, v) in kernel.param_slots.iter().zip(pos) {
        if let Some(slot) = sc.slots.get_mut(*s) {
            *slot = v;
        }
    }
    let ctx = Ctx { instances, this };
    match run_rules(kernel, pos, &ctx, sc) {
        Err(Bail) => KOut::Fallback,
        Ok(true) => KOut::Value(0),
        Ok(false) if !sc.pending.is_empty() => KOut::Pending,
        Ok(false) => KOut::Value(sc.mex()),
    }
}

/// Binds the parameters; returns Ok(true) when a `stop when` holds.
fn run_rules(
    kernel: &Kernel,
    pos: [i64; 2],
    ctx: &Ctx<'_>,
    sc: &mut Scratch,
) -> Result<bool, Bail> {
    let _ = pos;
    for stop in &kernel.stops {
        if opt(stop.eval(&sc.slots))? {
            return Ok(true);
        }
    }
    for rule in &kernel.rules {
        outer(rule, 0, kernel.params, ctx, sc)?;
    }
    Ok(false)
}

fn outer(rule: &KRule, i: usize, params: usize, ctx: &Ctx<'_>, sc: &mut Scratch) -> Res {
    let Some(b) = rule.outer.get(i) else {
        for f in &rule.outer_filters {
            if !opt(f.eval(&sc.slots))? {
                return Ok(());
            }
        }
        return match &rule.inner {
            Some(inner) => inner_loop(rule, inner, params, ctx, sc),
            None => emit(&rule.option, 0, None, params, ctx, sc),
        };
    };
    match b {
        KBinder::Range(slot, lo, hi) => {
            let (lo, hi) = (opt(lo.eval(&sc.slots))?, opt(hi.eval(&sc.slots))?);
            for v in lo..hi {
                set(sc, *slot, v)?;
                outer(rule, i + 1, params, ctx, sc)?;
            }
            Ok(())
        }
        KBinder::Values(slot, vals) => {
            for &v in vals.iter() {
                set(sc, *slot, v)?;
                outer(rule, i + 1, params, ctx, sc)?;
            }
            Ok(())
        }
        KBinder::Let(slot, e) => {
            let v = opt(e.eval(&sc.slots))?;
            set(sc, *slot, v)?;
            outer(rule, i + 1, params, ctx, sc)
        }
    }
}

#[inline]
fn set(sc: &mut Scratch, slot: usize, v: i64) -> Res {
    *sc.slots.get_mut(slot).ok_or(Bail)? = v;
    Ok(())
}

/// `ceil(a / b)`.
fn ceil_div(a: i64, b: i64) -> Option<i64> {
    floor_div(a.checked_neg()?, b).and_then(|(q, _)| q.checked_neg())
}

fn inner_loop(rule: &KRule, inner: &Inner, params: usize, ctx: &Ctx<'_>, sc: &mut Scratch) -> Res {
    let mut bounds = std::mem::take(&mut sc.bounds);
    bounds.clear();
    for (c, d) in &inner.bounds {
        match d.eval(&sc.slots) {
            Some(d) => bounds.push((*c, d)),
            None => {
                sc.bounds = bounds;
                return Err(Bail);
            }
        }
    }
    let result = inner_with_bounds(rule, inner, &bounds, params, ctx, sc);
    sc.bounds = bounds;
    result
}

fn inner_with_bounds(
    rule: &KRule,
    inner: &Inner,
    bounds: &[(i64, i64)],
    params: usize,
    ctx: &Ctx<'_>,
    sc: &mut Scratch,
) -> Res {
    let x = inner.slot;
    match &inner.iter {
        InnerIter::Range(lo, hi) => {
            let mut lo = opt(lo.eval(&sc.slots))?;
            let mut hi = opt(opt(hi.eval(&sc.slots))?.checked_sub(1))?;
            for &(c, d) in bounds {
                if c > 0 {
                    hi = hi.min(opt(floor_div(d, c))?.0);
                } else {
                    lo = lo.max(opt(ceil_div(d, c))?);
                }
            }
            if lo > hi {
                return Ok(());
            }
            if inner.filters.is_empty() && fast(&rule.option, lo, hi, params, ctx, sc)? {
                return Ok(());
            }
            for v in lo..=hi {
                set(sc, x, v)?;
                if check_filters(inner, sc)? {
                    emit(&rule.option, v, Some(x), params, ctx, sc)?;
                }
            }
            Ok(())
        }
        InnerIter::Values(vals) => {
            if inner.filters.is_empty() && fast_values(&rule.option, vals, bounds, params, ctx, sc)?
            {
                return Ok(());
            }
            for &v in vals.iter() {
                let mut ok = true;
                for &(c, d) in bounds {
                    if opt(c.checked_mul(v))? > d {
                        ok = false;
                        break;
                    }
                }
                if !ok {
                    continue;
                }
                set(sc, x, v)?;
                if check_filters(inner, sc)? {
                    emit(&rule.option, v, Some(x), params, ctx, sc)?;
                }
            }
            Ok(())
        }
    }
}

fn check_filters(inner: &Inner, sc: &Scratch) -> Result<bool, Bail> {
    for f in &inner.filters {
        if !opt(f.eval(&sc.slots))? {
            return Ok(false);
        }
    }
    Ok(true)
}

#[inline]
fn arg_value(a: &Arg, x: i64, sc: &Scratch) -> Result<i64, Bail> {
    match a {
        Arg::Affine(c, rest) => opt(opt(c.checked_mul(x))?.checked_add(opt(rest.eval(&sc.slots))?)),
        Arg::General(e) => opt(e.eval(&sc.slots)),
    }
}

/// One option at the current binding.
fn emit(
    option: &KOption,
    x: i64,
    _slot: Option<usize>,
    params: usize,
    ctx: &Ctx<'_>,
    sc: &mut Scratch,
) -> Res {
    match option {
        KOption::Same(args) => {
            if params == 1 {
                let n = arg_value(args.first().ok_or(Bail)?, x, sc)?;
                let idx = usize::try_from(n).map_err(|_| Bail)?;
                let v = ctx.dense(ctx.this).get(idx).copied().unwrap_or(UNKNOWN);
                sc.seen(v, ctx.this, [n, 0], 1)?;
                if v < IN_PROGRESS {
                    sc.mark(u64::from(v));
                }
            } else {
                let a = arg_value(args.first().ok_or(Bail)?, x, sc)?;
                let b = arg_value(args.get(1).ok_or(Bail)?, x, sc)?;
                let (ai, bi) = (
                    usize::try_from(a).map_err(|_| Bail)?,
                    usize::try_from(b).map_err(|_| Bail)?,
                );
                let t = ctx.grid();
                let v = if bi < t.cols {
                    t.data.get(ai * t.cols + bi).copied().unwrap_or(UNKNOWN)
                } else {
                    UNKNOWN
                };
                sc.seen(v, ctx.this, [a, b], 2)?;
                if v < IN_PROGRESS {
                    sc.mark(u64::from(v));
                }
            }
            Ok(())
        }
        KOption::Sum(terms) => {
            let mut total = 0u64;
            let mut known = true;
            for t in terms {
                match t {
                    Term::Nimber(a) => {
                        total ^= u64::try_from(arg_value(a, x, sc)?).map_err(|_| Bail)?;
                    }
                    Term::Heap(inst, a) => {
                        let n = arg_value(a, x, sc)?;
                        let idx = usize::try_from(n).map_err(|_| Bail)?;
                        let v = ctx.dense(*inst).get(idx).copied().unwrap_or(UNKNOWN);
                        sc.seen(v, *inst, [n, 0], 1)?;
                        if v < IN_PROGRESS {
                            total ^= u64::from(v);
                        } else {
                            known = false;
                        }
                    }
                }
            }
            if known {
                sc.mark(total);
            }
            Ok(())
        }
    }
}

/// The power of two above every value of an instance's memo: XORs of such
/// values stay below it.
fn cap_of(max: u32) -> u64 {
    (u64::from(max) + 1).next_power_of_two()
}

/// `g(rest - k)` for k in a constant set, filtered by bounds: subtraction games.
fn fast_values(
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
    let table = ctx.dense(ctx.this);
    sc.cover(cap_of(ctx.max(ctx.this)));
    for &v in vals {
        if bounds.iter().any(|&(bc, bd)| bc.saturating_mul(v) > bd) {
            continue;
        }
        let idx = opt(opt(c.checked_mul(v))?.checked_add(base))?;
        if idx < 0 {
            return Err(Bail);
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

/// Marks t1[i] ^ t2[j] ^ nim over two walks; true when an unknown value was seen.
fn mark_pairs(w1: &Walk<'_>, w2: &Walk<'_>, nim: u64, sc: &mut Scratch) -> bool {
    let mut unknown = 0u32;
    let bits = &mut sc.bits;
    let mut mark = |a: &u32, b: &u32| {
        unknown |= a | b;
        let v = u64::from(a ^ b) ^ nim;
        if let Some(word) = bits.get_mut((v >> 6) as usize) {
            *word |= 1 << (v & 63);
        }
    };
    match (w1, w2) {
        (Walk::Up(a), Walk::Down(b)) => a.iter().zip(b.iter().rev()).for_each(|(x, y)| mark(x, y)),
        (Walk::Down(a), Walk::Up(b)) => a.iter().rev().zip(b.iter()).for_each(|(x, y)| mark(x, y)),
        (Walk::Up(a), Walk::Up(b)) => a.iter().zip(b.iter()).for_each(|(x, y)| mark(x, y)),
        (Walk::Down(a), Walk::Down(b)) => a
            .iter()
            .rev()
            .zip(b.iter().rev())
            .for_each(|(x, y)| mark(x, y)),
    }
    unknown >= IN_PROGRESS
}

/// Marks t[i] ^ nim over one walk; true when an unknown value was seen.
fn mark_single(w: &Walk<'_>, nim: u64, sc: &mut Scratch) -> bool {
    let mut unknown = 0u32;
    let bits = &mut sc.bits;
    let slice = match w {
        Walk::Up(s) | Walk::Down(s) => s,
    };
    for a in slice.iter() {
        unknown |= a;
        let v = u64::from(*a) ^ nim;
        if let Some(word) = bits.get_mut((v >> 6) as usize) {
            *word |= 1 << (v & 63);
        }
    }
    unknown >= IN_PROGRESS
}

/// The common shapes as tight loops over x in lo..=hi. Returns false when the
/// shape is not one of them (the caller then loops generally).
fn fast(
    option: &KOption,
    lo: i64,
    hi: i64,
    params: usize,
    ctx: &Ctx<'_>,
    sc: &mut Scratch,
) -> Result<bool, Bail> {
    // Every index is affine in x, so checking both ends checks the whole range.
    let line = |a: &Arg, sc: &Scratch| -> Result<Option<(i64, i64)>, Bail> {
        match a {
            Arg::Affine(c, rest) => Ok(Some((*c, opt(rest.eval(&sc.slots))?))),
            Arg::General(_) => Ok(None),
        }
    };
    let ends_ok = |(c, b): (i64, i64), len: usize| -> Result<bool, Bail> {
        let at = |x: i64| opt(opt(c.checked_mul(x))?.checked_add(b));
        let (e1, e2) = (at(lo)?, at(hi)?);
        if e1 < 0 || e2 < 0 {
            return Err(Bail); // an invalid option: the general evaluator reports it
        }
        Ok((e1 as usize) < len && (e2 as usize) < len)
    };
    match option {
        KOption::Same(args) if params == 1 => {
            let Some(l) = line(args.first().ok_or(Bail)?, sc)? else {
                return Ok(false);
            };
            let table = ctx.dense(ctx.this);
            if !ends_ok(l, table.len())? {
                return Ok(false);
            }
            sc.cover(cap_of(ctx.max(ctx.this)));
            if let Some(w) = walk(table, l.0, l.1, lo, hi) {
                if !mark_single(&w, 0, sc) {
                    return Ok(true);
                }
            }
            for x in lo..=hi {
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
        KOption::Same(args) if params == 2 => {
            let (Some(la), Some(lb)) = (
                line(args.first().ok_or(Bail)?, sc)?,
                line(args.get(1).ok_or(Bail)?, sc)?,
            ) else {
                return Ok(false);
            };
            let t = ctx.grid();
            let rows = t.data.len().checked_div(t.cols).unwrap_or(0);
            if !ends_ok(la, rows)? || !ends_ok(lb, t.cols)? {
                return Ok(false);
            }
            sc.cover(cap_of(ctx.max(ctx.this)));
            let (c, b) = (la.0 * t.cols as i64 + lb.0, la.1 * t.cols as i64 + lb.1);
            let mut unknown = false;
            if c != 0 {
                // Marking ignores order: walk the indices upwards whatever c's sign.
                let (e1, e2) = ((c * lo + b) as usize, (c * hi + b) as usize);
                let (first, last) = (e1.min(e2), e1.max(e2));
                let c = c.unsigned_abs() as usize;
                if let Some(slice) = t.data.get(first..=last) {
                    let bits = &mut sc.bits;
                    let mut acc = 0u32;
                    for v in slice.iter().step_by(c) {
                        acc |= v;
                        if let Some(word) = bits.get_mut((v >> 6) as usize) {
                            *word |= 1 << (v & 63);
                        }
                    }
                    unknown = acc >= IN_PROGRESS;
                    if !unknown {
                        return Ok(true);
                    }
                }
            }
            let _ = unknown;
            for x in lo..=hi {
                let v = t.data.get((c * x + b) as usize).copied().unwrap_or(UNKNOWN);
                if v >= IN_PROGRESS {
                    sc.seen(v, ctx.this, [la.0 * x + la.1, lb.0 * x + lb.1], 2)?;
                } else {
                    sc.mark_covered(u64::from(v));
                }
            }
            Ok(true)
        }
        KOption::Sum(terms) => {
            let mut heaps: [(&[u32], i64, i64, InstId); 4] = [(&[], 0, 0, InstId(0)); 4];
            let mut count = 0;
            let mut nim = 0u64;
            let mut cap = 1u64;
            for t in terms {
                match t {
                    Term::Heap(inst, a) => {
                        let Some(l) = line(a, sc)? else {
                            return Ok(false);
                        };
                        let table = ctx.dense(*inst);
                        if !ends_ok(l, table.len())? {
                            return Ok(false);
                        }
                        let slot = heaps.get_mut(count).ok_or(Bail)?;
                        *slot = (table, l.0, l.1, *inst);
                        count += 1;
                        cap = cap.max(cap_of(ctx.max(*inst)));
                    }
                    Term::Nimber(Arg::Affine(0, e)) => {
                        nim ^= u64::try_from(opt(e.eval(&sc.slots))?).map_err(|_| Bail)?;
                    }
                    Term::Nimber(_) => return Ok(false),
                }
            }
            sc.cover(cap.max((nim + 1).next_power_of_two()));
            let heaps = heaps.get(..count).unwrap_or(&[]);
            if let [(t1, c1, b1, _), (t2, c2, b2, _)] = heaps {
                if let (Some(w1), Some(w2)) =
                    (walk(t1, *c1, *b1, lo, hi), walk(t2, *c2, *b2, lo, hi))
                {
                    if !mark_pairs(&w1, &w2, nim, sc) {
                        return Ok(true);
                    }
                }
            }
            if let [(t1, c1, b1, _)] = heaps {
                if let Some(w1) = walk(t1, *c1, *b1, lo, hi) {
                    if !mark_single(&w1, nim, sc) {
                        return Ok(true);
                    }
                }
            }
            // General (or with unknown values): per x, collecting what is missing.
            for x in lo..=hi {
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
        KOption::Same(_) => Ok(false),
    }
}

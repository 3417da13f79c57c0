//! Runs a compiled kernel on one position: the mex of its options' values, read
//! straight from the memo tables, or the positions it still needs.

use super::fast::{fast, fast_values, finish_sparse, Deferred};
use crate::budget::{Budget, Exceeded};
use crate::eval::ops::floor_div;
use crate::game::compiled::exec::{arg_value, ceil_div, opt, set, work, Bail, Res};
use crate::game::compiled::ir::{Inner, InnerIter, KBinder, KOption, KRule, Kernel, Term};
use crate::lang::value::InstId;
use crate::solve::impartial::sparse::SparseView;
use crate::solve::impartial::{Impartial, IN_PROGRESS, UNKNOWN};

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
    /// A limit of the budget was reached.
    Limit(Exceeded),
}

/// Reusable buffers of kernel runs.
#[derive(Debug)]
pub struct Scratch {
    pub(super) slots: Vec<i64>,
    pub(super) bits: Vec<u64>,
    used: usize,
    bounds: Vec<(i64, i64)>,
    /// Unknown options found: (instance, position).
    pub pending: Vec<(InstId, [i64; 2], usize)>,
    /// Most unknown options one position may list: each must become a stored
    /// position, so more than the position budget has room for cannot succeed.
    pending_cap: usize,
    /// The position limit, for the error.
    position_limit: usize,
    /// `stamps[v] == stamp`: v was marked by the current walk (see `fast`).
    pub(super) stamps: Box<[u32; STAMPS]>,
    stamp: u32,
    /// Split walks left for the sparse-space finish.
    pub(super) deferred: Vec<Deferred>,
    /// Rare values the sparse-space finish still looks for.
    pub(super) wanted: Vec<u32>,
    /// The stamp of the position's pairs with a rare heap.
    pub(super) sparse_tag: u32,
}

/// Values the stamp table covers (a power of two).
pub(super) const STAMPS: usize = 1 << 16;

impl Default for Scratch {
    fn default() -> Self {
        // Built on the heap: the table is too large for the stack.
        let stamps = match vec![0u32; STAMPS].into_boxed_slice().try_into() {
            Ok(table) => table,
            Err(_) => Box::new([0; STAMPS]),
        };
        Scratch {
            slots: Vec::new(),
            bits: Vec::new(),
            used: 0,
            bounds: Vec::new(),
            pending: Vec::new(),
            pending_cap: 0,
            position_limit: 0,
            stamps,
            stamp: 0,
            deferred: Vec::new(),
            wanted: Vec::new(),
            sparse_tag: 0,
        }
    }
}

/// Values this large are never a mex; they are not marked.
const MARK_LIMIT: u64 = 1 << 26;

/// A memo table seen by a running kernel.
#[derive(Clone, Copy)]
pub(super) struct Table<'a> {
    /// Cells, row by row.
    pub(super) data: &'a [u32],
    /// Cells per row.
    pub(super) cols: usize,
}

/// What a kernel run reads: the memo tables, and which instance it values.
pub(super) struct Ctx<'a> {
    tables: &'a Impartial,
    /// The one budget: long loops tick it.
    pub(super) budget: &'a Budget,
    /// The instance being valued.
    pub(super) this: InstId,
    /// Its rare/common split, when sparse space applies to this position.
    pub(super) sparse: Option<SparseView<'a>>,
}

impl<'a> Ctx<'a> {
    /// The dense heap table of an instance.
    pub(super) fn dense(&self, inst: InstId) -> &'a [u32] {
        self.tables.dense(inst)
    }

    /// The largest value in an instance's memo.
    pub(super) fn max(&self, inst: InstId) -> u32 {
        self.tables.max(inst)
    }

    /// The running instance's two-parameter grid.
    pub(super) fn grid(&self) -> Table<'a> {
        self.tables
            .inst(self.this)
            .map_or(Table { data: &[], cols: 0 }, |t| {
                let (data, _rows, cols) = t.memo.grid_view();
                Table { data, cols }
            })
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
    pub(super) fn cover(&mut self, cap: u64) {
        let words = (cap.min(MARK_LIMIT) as usize).div_ceil(64).max(1);
        if self.bits.len() < words {
            self.bits.resize(words, 0);
        }
        self.used = self.used.max(words);
    }

    /// Marks `v`, ignoring values beyond the bitset (never a mex after `cover`).
    #[inline(always)]
    pub(super) fn mark_covered(&mut self, v: u64) {
        if let Some(word) = self.bits.get_mut((v >> 6) as usize) {
            *word |= 1 << (v & 63);
        }
    }

    /// A fresh stamp, never in the table yet.
    pub(super) fn next_stamp(&mut self) -> u32 {
        if self.stamp == u32::MAX {
            self.stamps.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.stamp
    }

    /// Marks in the bitset every value below `cap` stamped with `tag`.
    pub(super) fn fold_stamps(&mut self, tag: u32, cap: u64) {
        let cap = (cap as usize).min(STAMPS);
        for (chunk, word) in self
            .stamps
            .chunks(64)
            .take(cap.div_ceil(64))
            .zip(self.bits.iter_mut())
        {
            for (bit, &s) in chunk.iter().enumerate() {
                *word |= u64::from(s == tag) << bit;
            }
        }
    }

    /// True when `v` is marked.
    pub(super) fn is_marked(&self, v: u64) -> bool {
        self.bits
            .get((v >> 6) as usize)
            .is_some_and(|w| w >> (v & 63) & 1 == 1)
    }

    fn mex(&self) -> u32 {
        crate::solve::mex::first_clear(self.bits.get(..self.used).unwrap_or(&self.bits))
    }

    pub(super) fn reset(&mut self, slots: usize) {
        for w in self.bits.iter_mut().take(self.used) {
            *w = 0;
        }
        self.used = 0;
        self.pending.clear();
        self.deferred.clear();
        if self.slots.len() < slots {
            self.slots.resize(slots, 0);
        }
    }

    /// Handles a memo read: marks a known value, records an unknown one.
    #[inline]
    pub(super) fn seen(&mut self, v: u32, inst: InstId, pos: [i64; 2], arity: usize) -> Res {
        if v < IN_PROGRESS {
            return Ok(());
        }
        if v == IN_PROGRESS {
            return Err(Bail::Fallback);
        }
        if self.pending.len() >= self.pending_cap {
            return Err(Bail::Limit(Exceeded::Positions(self.position_limit)));
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
    tables: &Impartial,
    budget: &Budget,
    sparse: Option<SparseView<'_>>,
    sc: &mut Scratch,
) -> KOut {
    sc.reset(kernel.slots.max(2));
    sc.pending_cap = budget
        .positions_left()
        .saturating_mul(4)
        .saturating_add(1024);
    sc.position_limit = budget.limits().max_positions;
    for (s, v) in kernel.param_slots.iter().zip(pos) {
        if let Some(slot) = sc.slots.get_mut(*s) {
            *slot = v;
        }
    }
    let ctx = Ctx {
        tables,
        budget,
        this,
        sparse,
    };
    match run_rules(kernel, &ctx, sc) {
        Err(Bail::Fallback) => KOut::Fallback,
        Err(Bail::Limit(e)) => KOut::Limit(e),
        Ok(true) => KOut::Value(0),
        Ok(false) if !sc.pending.is_empty() => KOut::Pending,
        Ok(false) if !sc.deferred.is_empty() => match finish_sparse(&ctx, sc) {
            Ok(v) => KOut::Value(v),
            Err(Bail::Fallback) => KOut::Fallback,
            Err(Bail::Limit(e)) => KOut::Limit(e),
        },
        Ok(false) => KOut::Value(sc.mex()),
    }
}

/// Runs the stop conditions and the rules (the parameters are already bound);
/// returns Ok(true) when a `stop when` holds.
fn run_rules(kernel: &Kernel, ctx: &Ctx<'_>, sc: &mut Scratch) -> Result<bool, Bail> {
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
            None => emit(&rule.option, 0, params, ctx, sc),
        };
    };
    match b {
        KBinder::Range(slot, lo, hi) => {
            let (lo, hi) = (opt(lo.eval(&sc.slots))?, opt(hi.eval(&sc.slots))?);
            for v in lo..hi {
                work(ctx.budget, 1)?;
                set(&mut sc.slots, *slot, v)?;
                outer(rule, i + 1, params, ctx, sc)?;
            }
            Ok(())
        }
        KBinder::Values(slot, vals) => {
            for &v in vals.iter() {
                set(&mut sc.slots, *slot, v)?;
                outer(rule, i + 1, params, ctx, sc)?;
            }
            Ok(())
        }
        KBinder::Let(slot, e) => {
            let v = opt(e.eval(&sc.slots))?;
            set(&mut sc.slots, *slot, v)?;
            outer(rule, i + 1, params, ctx, sc)
        }
    }
}

fn inner_loop(rule: &KRule, inner: &Inner, params: usize, ctx: &Ctx<'_>, sc: &mut Scratch) -> Res {
    let mut bounds = std::mem::take(&mut sc.bounds);
    bounds.clear();
    for (c, d) in &inner.bounds {
        match d.eval(&sc.slots) {
            Some(d) => bounds.push((*c, d)),
            None => {
                sc.bounds = bounds;
                return Err(Bail::Fallback);
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
                    hi = hi.min(opt(floor_div(d, c).ok())?.0);
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
                work(ctx.budget, 1)?;
                set(&mut sc.slots, x, v)?;
                if check_filters(inner, sc)? {
                    emit(&rule.option, v, params, ctx, sc)?;
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
                set(&mut sc.slots, x, v)?;
                if check_filters(inner, sc)? {
                    emit(&rule.option, v, params, ctx, sc)?;
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

/// One option at the current binding.
fn emit(option: &KOption, x: i64, params: usize, ctx: &Ctx<'_>, sc: &mut Scratch) -> Res {
    match option {
        KOption::Same(args) => {
            if params == 1 {
                let n = arg_value(args.first().ok_or(Bail::Fallback)?, x, &sc.slots)?;
                let idx = usize::try_from(n).map_err(|_| Bail::Fallback)?;
                let v = ctx.dense(ctx.this).get(idx).copied().unwrap_or(UNKNOWN);
                sc.seen(v, ctx.this, [n, 0], 1)?;
                if v < IN_PROGRESS {
                    sc.mark(u64::from(v));
                }
            } else {
                let a = arg_value(args.first().ok_or(Bail::Fallback)?, x, &sc.slots)?;
                let b = arg_value(args.get(1).ok_or(Bail::Fallback)?, x, &sc.slots)?;
                let (ai, bi) = (
                    usize::try_from(a).map_err(|_| Bail::Fallback)?,
                    usize::try_from(b).map_err(|_| Bail::Fallback)?,
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
                        total ^= u64::try_from(arg_value(a, x, &sc.slots)?)
                            .map_err(|_| Bail::Fallback)?;
                    }
                    Term::Heap(inst, a) => {
                        let n = arg_value(a, x, &sc.slots)?;
                        let idx = usize::try_from(n).map_err(|_| Bail::Fallback)?;
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

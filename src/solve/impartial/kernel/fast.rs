//! The kernels' hot loops: the common option shapes walked as slices of the memo
//! tables, marking a pre-sized mex bitset, exactly as one writes them by hand.

use super::run::{opt, work, Bail, Ctx, Scratch};
use super::{Arg, KOption, Term};
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
pub(super) fn fast(
    option: &KOption,
    lo: i64,
    hi: i64,
    params: usize,
    ctx: &Ctx<'_>,
    sc: &mut Scratch,
) -> Result<bool, Bail> {
    // The walks below are tight loops: their work is counted up front.
    work(
        ctx.budget,
        usize::try_from(hi.saturating_sub(lo)).unwrap_or(0) + 1,
    )?;
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
            return Err(Bail::Fallback); // an invalid option: the general evaluator reports it
        }
        Ok((e1 as usize) < len && (e2 as usize) < len)
    };
    match option {
        KOption::Same(args) if params == 1 => {
            let Some(l) = line(args.first().ok_or(Bail::Fallback)?, sc)? else {
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
                line(args.first().ok_or(Bail::Fallback)?, sc)?,
                line(args.get(1).ok_or(Bail::Fallback)?, sc)?,
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
                    if acc < IN_PROGRESS {
                        return Ok(true);
                    }
                }
            }
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
                        let slot = heaps.get_mut(count).ok_or(Bail::Fallback)?;
                        *slot = (table, l.0, l.1, *inst);
                        count += 1;
                        cap = cap.max(cap_of(ctx.max(*inst)));
                    }
                    Term::Nimber(Arg::Affine(0, e)) => {
                        nim ^=
                            u64::try_from(opt(e.eval(&sc.slots))?).map_err(|_| Bail::Fallback)?;
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

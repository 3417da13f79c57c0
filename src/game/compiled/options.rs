//! A compiled kernel's options of one position, as parameter pairs in rule
//! order (a heap `n` of a one-parameter game is `[n, 0]`): for searches that
//! need the options themselves (the outcome-only search, the genus of heaps)
//! rather than their values. Integer arithmetic on
//! frame slots, a few nanoseconds an option against the general evaluator's
//! microsecond.

use super::exec::{arg_value, opt, range_within, set, work, Bail, Res};
use super::expr::BExpr;
use super::ir::{Arg, Inner, InnerIter, KBinder, KOption, KRule, Kernel};
use crate::budget::{Budget, Exceeded};

/// Fills `out` with the options of `pos`. `Ok(false)` when the kernel cannot
/// list them (an option that is a sum, a negative parameter, arithmetic that
/// fails): the general evaluator then does, reporting any error.
pub fn options(
    kernel: &Kernel,
    pos: [i64; 2],
    slots: &mut Vec<i64>,
    budget: &Budget,
    out: &mut Vec<[i64; 2]>,
) -> Result<bool, Exceeded> {
    out.clear();
    if !(1..=2).contains(&kernel.params) {
        return Ok(false);
    }
    slots.clear();
    slots.resize(kernel.slots.max(2), 0);
    for (s, v) in kernel.param_slots.iter().zip(pos) {
        match slots.get_mut(*s) {
            Some(slot) => *slot = v,
            None => return Ok(false),
        }
    }
    match all_rules(kernel, slots, budget, out) {
        Ok(()) => Ok(true),
        Err(Bail::Fallback) => Ok(false),
        Err(Bail::Limit(e)) => Err(e),
    }
}

fn all_rules(kernel: &Kernel, slots: &mut [i64], budget: &Budget, out: &mut Vec<[i64; 2]>) -> Res {
    for stop in &kernel.stops {
        if opt(stop.eval(slots))? {
            return Ok(());
        }
    }
    for rule in &kernel.rules {
        let KOption::Same(args) = &rule.option else {
            return Err(Bail::Fallback);
        };
        binders(rule, args, 0, slots, budget, out)?;
    }
    Ok(())
}

/// The rule's binders from the `i`-th on (their number is fixed by the rule:
/// the recursion is as deep as the rule has binders, never per position).
fn binders(
    rule: &KRule,
    args: &[Arg],
    i: usize,
    slots: &mut [i64],
    budget: &Budget,
    out: &mut Vec<[i64; 2]>,
) -> Res {
    let Some(b) = rule.outer.get(i) else {
        if !holds(&rule.outer_filters, slots)? {
            return Ok(());
        }
        return match &rule.inner {
            Some(inner) => innermost(inner, args, slots, budget, out),
            None => push(args, 0, slots, out),
        };
    };
    match b {
        KBinder::Range(slot, lo, hi) => {
            let (lo, hi) = (opt(lo.eval(slots))?, opt(hi.eval(slots))?);
            for v in lo..hi {
                work(budget, 1)?;
                set(slots, *slot, v)?;
                binders(rule, args, i + 1, slots, budget, out)?;
            }
            Ok(())
        }
        KBinder::Values(slot, vals) => {
            for &v in vals.iter() {
                set(slots, *slot, v)?;
                binders(rule, args, i + 1, slots, budget, out)?;
            }
            Ok(())
        }
        KBinder::Let(slot, e) => {
            let v = opt(e.eval(slots))?;
            set(slots, *slot, v)?;
            binders(rule, args, i + 1, slots, budget, out)
        }
    }
}

fn innermost(
    inner: &Inner,
    args: &[Arg],
    slots: &mut [i64],
    budget: &Budget,
    out: &mut Vec<[i64; 2]>,
) -> Res {
    let each = |v: i64, slots: &mut [i64], out: &mut Vec<[i64; 2]>| -> Res {
        set(slots, inner.slot, v)?;
        if holds(&inner.filters, slots)? {
            push(args, v, slots, out)?;
        }
        Ok(())
    };
    match &inner.iter {
        InnerIter::Range(..) => {
            let (lo, hi) = opt(range_within(inner, slots))?;
            // Asked before the list grows: a range of billions is refused at
            // once by the memory limit instead of filling memory.
            let count = usize::try_from(hi.saturating_sub(lo)).map_or(0, |c| c.saturating_add(1));
            budget
                .reserve(count.saturating_mul(std::mem::size_of::<[i64; 2]>()))
                .map_err(Bail::Limit)?;
            for (i, v) in (lo..=hi).enumerate() {
                if i % CHUNK == 0 {
                    work(budget, CHUNK)?;
                }
                each(v, slots, out)?;
            }
        }
        InnerIter::Values(vals) => {
            for &v in vals.iter() {
                let mut within = true;
                for (c, d) in &inner.bounds {
                    within &= opt(c.checked_mul(v))? <= opt(d.eval(slots))?;
                }
                if within {
                    each(v, slots, out)?;
                }
            }
        }
    }
    Ok(())
}

/// Options listed between two looks at the budget (Ctrl-C, time, memory).
const CHUNK: usize = 4096;

fn holds(conditions: &[BExpr], slots: &[i64]) -> Result<bool, Bail> {
    for c in conditions {
        if !opt(c.eval(slots))? {
            return Ok(false);
        }
    }
    Ok(true)
}

fn push(args: &[Arg], x: i64, slots: &[i64], out: &mut Vec<[i64; 2]>) -> Res {
    let (a, b) = match args {
        [a] => (arg_value(a, x, slots)?, 0),
        [a, b] => (arg_value(a, x, slots)?, arg_value(b, x, slots)?),
        _ => return Err(Bail::Fallback),
    };
    if a < 0 || b < 0 {
        return Err(Bail::Fallback);
    }
    out.push([a, b]);
    Ok(())
}

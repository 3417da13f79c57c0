//! Recognises take-and-break rules: reads, from the linear forms of each rule,
//! the code that makes exactly the same moves — or says the rules are not of
//! that shape.
//!
//! A rule's option is a sum of heaps `P1 + … + Ph` of the same game. Its
//! removal `r = n − ΣPi` must not depend on the heap: it is a constant or
//! one binder (the removal binder); a two-heap option has one more binder,
//! the split. With `m = n − r` (what is left) and `s = P1`, every constraint
//! is rewritten over `(m, r, s)`. The constraints on `r` alone give the set
//! of removals; for each removal (or, for an infinite set, once for all,
//! when nothing else mentions `r`) the moves as a function of `m` are read
//! and checked against the one digit that could make them.
//!
//! The check over `m` is exact. Every constraint, and every bound of a
//! digit's pattern (0, 1, m, ⌊m/2⌋, ⌊(m−1)/2⌋), is `floor((μ·m + c)/λ)` or a
//! residue of `m`; on each residue class of `m` modulo `D` (a multiple of
//! every λ and modulus) each is affine in `t = (m − ρ)/D` with integer
//! coefficients, so any two of them compare the same way for every `t` past
//! `|c₁ − c₂| + 1`. Whether the rule's moves at `m` equal the digit's is a
//! combination of such comparisons, hence constant past the largest crossing:
//! checking every `|m| < M` with `M` beyond every crossing (see
//! [`window_of_checks`]) proves it for all `m`.

use super::code::{Code, Digit, MAX_DIGITS};
use super::linear::{Con, Lin, RuleForms, HEAP};
use super::pset::{lcm, PSet};
use super::triple;

/// The removal, after the change of variables.
const REMOVAL: usize = usize::MAX - 1;
/// The first part of a split, after the change of variables.
pub(super) const SPLIT: usize = usize::MAX - 2;
/// The second part of a three-heap split, after the change of variables.
pub(super) const SPLIT2: usize = usize::MAX - 3;

/// Most removals analysed one by one.
pub(super) const MOST_REMOVALS: usize = 256;
/// Most values of `m` checked (rules with larger constants are not recognised).
const MOST_CHECKS: i64 = 1 << 17;

/// The code making exactly the moves of all `rules` (with `stops`, each a
/// conjunction of constraints on the heap), or `None`.
pub fn code_of(rules: &[RuleForms], stops: &[Vec<Con>]) -> Option<Code> {
    for stop in stops {
        // A stop may only make heap 0 terminal, which it is anyway.
        let cons: Vec<&Con> = stop.iter().collect();
        let set = PSet::of(&cons, HEAP, 0)?;
        if set.min().is_some_and(|v| v > 0) || set.members().is_none_or(|m| m.len() > 1) {
            return None;
        }
    }
    let codes = rules.iter().map(rule_code).collect::<Option<Vec<_>>>()?;
    merge(&codes)
}

/// The moves of several codes together.
fn merge(codes: &[Code]) -> Option<Code> {
    let start = codes.iter().map(|c| c.digits.len()).max().unwrap_or(1);
    let mut q = 1;
    for c in codes.iter().filter(|c| !c.tail.is_empty()) {
        q = lcm(q, c.tail.len() as i64)?;
        if q >= MAX_DIGITS as i64 {
            return None;
        }
    }
    let any_tail = codes.iter().any(|c| !c.tail.is_empty());
    let union = |k: usize| {
        codes
            .iter()
            .fold(Digit::default(), |d, c| d.union(c.digit(k)))
    };
    let mut code = Code {
        digits: (0..start).map(union).collect(),
        tail: if any_tail {
            (start..start + q as usize).map(union).collect()
        } else {
            vec![]
        },
    };
    code.trim();
    Some(code)
}

/// A rule rewritten over what is left `m`, the removal `r` and the first
/// part `s` of a split.
pub(super) struct Rewritten {
    /// How many heaps the option leaves (1, 2 or 3).
    pub heaps: usize,
    /// The removals the rule allows (a constant, or its binder's range).
    pub removals: PSet,
    /// The other constraints, over `m` ([`HEAP`]), [`REMOVAL`], [`SPLIT`] and [`SPLIT2`].
    pub others: Vec<Con>,
}

/// A rule's binders identified: the removal `n − ΣP`, the binder it runs over
/// (with its sign) if any, and each split binder with what it equals in terms
/// of the parts it fixes ([`SPLIT`], [`SPLIT2`]) and the other variables.
struct Binders {
    removal: Lin,
    removal_var: Option<(usize, i64)>,
    splits: Vec<(usize, Lin)>,
}

impl Binders {
    /// The binders of `f`, when every one is the removal or a split: no
    /// binder only repeats options.
    fn of(f: &RuleForms) -> Option<Binders> {
        let total = f
            .parts
            .iter()
            .try_fold(Lin::default(), |acc, p| acc.plus(p))?;
        // r = n − ΣP: a constant, or ±(a binder) plus a constant and maybe n
        // (`move k for k in 0..n` removes n − k).
        let removal = Lin::var(HEAP).minus(&total)?;
        let mut binders = removal.vars.iter().filter(|(v, _)| *v != HEAP);
        let removal_var = match (binders.next(), binders.next()) {
            (Some(&(v, sign)), None) if sign.abs() == 1 => Some((v, sign)),
            (None, None) if removal.coef(HEAP) == 0 => None,
            _ => return None,
        };
        let mut split_vars: Vec<usize> = f
            .parts
            .iter()
            .flat_map(|p| p.vars.iter().map(|&(v, _)| v))
            .filter(|&v| v != HEAP && Some(v) != removal_var.map(|(r, _)| r))
            .collect();
        split_vars.sort_unstable();
        split_vars.dedup();
        let splits = match (f.parts.as_slice(), split_vars.as_slice()) {
            ([_], []) => vec![],
            ([p1, _], &[a]) => {
                // P1 = t·a + rest  ⇒  a = t·(s − rest)
                let t = p1.coef(a);
                if t.abs() != 1 {
                    return None;
                }
                vec![(a, Lin::var(SPLIT).minus(&without(p1, &[a]))?.scale(t)?)]
            }
            ([_, _, _], &[a, b]) => two_splits(&f.parts, a, b)?,
            _ => return None,
        };
        let used = |v: usize| {
            removal_var.is_some_and(|(r, _)| r == v) || splits.iter().any(|(a, _)| *a == v)
        };
        f.vars.iter().all(|&v| used(v)).then_some(Binders {
            removal,
            removal_var,
            splits,
        })
    }

    /// The rule's constraints after the change of variables (the splits → s
    /// and u, the removal binder → r, n → m + r), and the removal when it is
    /// a constant.
    fn change_variables(&self, cons: &[Con]) -> Option<(Vec<Con>, Option<i64>)> {
        let mut cons = cons.to_vec();
        let mut subst = |v: usize, by: &Lin| -> Option<()> {
            cons = cons
                .iter()
                .map(|c| c.substitute(v, by))
                .collect::<Option<Vec<_>>>()?;
            Some(())
        };
        for (a, by) in &self.splits {
            subst(*a, by)?;
        }
        let removal_const = match self.removal_var {
            // r = σ·ρ + rest  ⇒  ρ = σ·(r − rest)
            Some((rho, sigma)) => {
                let rest = without(&self.removal, &[rho]);
                subst(rho, &Lin::var(REMOVAL).minus(&rest)?.scale(sigma)?)?;
                None
            }
            None => Some(self.removal.c),
        };
        let heap = match removal_const {
            Some(c) => Lin::var(HEAP).plus(&Lin::constant(c))?,
            None => Lin::var(HEAP).plus(&Lin::var(REMOVAL))?,
        };
        subst(HEAP, &heap)?;
        Some((cons, removal_const))
    }
}

/// The form with the variables `vs` dropped.
fn without(l: &Lin, vs: &[usize]) -> Lin {
    let mut rest = l.clone();
    rest.vars.retain(|(v, _)| !vs.contains(v));
    rest
}

/// A three-heap option's split binders `a` and `b` in terms of two of its
/// parts, taken as `s` and `u`: two parts whose coefficients in `(a, b)` form
/// a matrix of determinant ±1, so that every integer `(s, u)` comes from
/// exactly one integer `(a, b)`.
fn two_splits(parts: &[Lin], a: usize, b: usize) -> Option<Vec<(usize, Lin)>> {
    for (i, j) in [(0, 1), (0, 2), (1, 2)] {
        let (pi, pj) = (parts.get(i)?, parts.get(j)?);
        let (m00, m01, m10, m11) = (pi.coef(a), pi.coef(b), pj.coef(a), pj.coef(b));
        let det = m00.checked_mul(m11)?.checked_sub(m01.checked_mul(m10)?)?;
        if det.abs() != 1 {
            continue;
        }
        // (a, b) = M⁻¹·(s − rest_i, u − rest_j), and M⁻¹ = det·adj(M).
        let s = Lin::var(SPLIT).minus(&without(pi, &[a, b]))?;
        let u = Lin::var(SPLIT2).minus(&without(pj, &[a, b]))?;
        let a_is = s
            .scale(det.checked_mul(m11)?)?
            .add_scaled(&u, det.checked_mul(-m01)?)?;
        let b_is = s
            .scale(det.checked_mul(-m10)?)?
            .add_scaled(&u, det.checked_mul(m00)?)?;
        return Some(vec![(a, a_is), (b, b_is)]);
    }
    None
}

/// The rule over `(m, r, s)`, when its removal does not depend on the heap
/// and its binders are the removal and the split.
pub(super) fn rewrite(f: &RuleForms) -> Option<Rewritten> {
    if f.parts.is_empty() || f.parts.len() > 3 {
        return None;
    }
    let (cons, removal_const) = Binders::of(f)?.change_variables(&f.cons)?;
    let (on_removal, others): (Vec<Con>, Vec<Con>) = cons
        .into_iter()
        .partition(|c| removal_const.is_none() && c.form().only(&[REMOVAL]));
    let removals = match removal_const {
        Some(c) => PSet {
            lo: c,
            below: vec![true],
            period: vec![],
        },
        None => {
            let refs: Vec<&Con> = on_removal.iter().collect();
            PSet::of(&refs, REMOVAL, lower_bound(&refs)?)?
        }
    };
    if removals.min().is_some_and(|r| r < 0) {
        // Adding counters is not a take-and-break move.
        return None;
    }
    Some(Rewritten {
        heaps: f.parts.len(),
        removals,
        others,
    })
}

/// The code of one rule.
fn rule_code(f: &RuleForms) -> Option<Code> {
    if f.parts.is_empty() {
        return take_all(f);
    }
    let Rewritten {
        heaps,
        removals: set,
        others,
    } = rewrite(f)?;
    let lo = set.lo.max(0);
    let digit_at = |r: i64, d: Digit| -> Option<Digit> {
        // Removing nothing may only split: a heap 0 with a move, or a move
        // to the same heap, is not take-and-break.
        (r > 0 || d.mask & 3 == 0).then_some(d)
    };
    if let Some(members) = set.members().filter(|m| m.len() <= MOST_REMOVALS) {
        let top = members.iter().copied().max().unwrap_or(0).max(0) as usize;
        if top >= MAX_DIGITS {
            return None;
        }
        let mut digits = vec![Digit::default(); top + 1];
        for r in members {
            let at_r = at_removal(&others, r)?;
            let d = digit_at(r, digit(heaps, &at_r)?)?;
            let slot = digits.get_mut(usize::try_from(r).ok()?)?;
            *slot = slot.union(d);
        }
        let mut code = Code {
            digits,
            tail: vec![],
        };
        code.trim();
        return Some(code);
    }
    if others.iter().any(|c| c.form().coef(REMOVAL) != 0) {
        return None;
    }
    let d = digit(heaps, &others)?;
    let start = set.start().max(0);
    // `k in 9007199254740993..=n` (found by the fuzz hour) would spell out
    // that many digits before its tail, with no budget asked.
    if start >= MAX_DIGITS as i64 || set.period.len() >= MAX_DIGITS {
        return None;
    }
    let mut digits = Vec::new();
    for r in 0..start {
        let member = r >= lo && set.contains(r);
        digits.push(if member {
            digit_at(r, d)?
        } else {
            Digit::default()
        });
    }
    let tail = (start..start + set.period.len() as i64)
        .map(|r| {
            if set.contains(r) {
                digit_at(r, d)
            } else {
                Some(Digit::default())
            }
        })
        .collect::<Option<Vec<_>>>()?;
    let mut code = Code { digits, tail };
    if code.digits.is_empty() {
        code.digits.push(Digit::default());
    }
    code.trim();
    Some(code)
}

/// The constraints with the removal fixed at `r`.
pub(super) fn at_removal(cons: &[Con], r: i64) -> Option<Vec<Con>> {
    cons.iter()
        .map(|c| c.substitute(REMOVAL, &Lin::constant(r)))
        .collect()
}

/// A rule whose option is the empty sum: bit 0 (take the whole heap) at
/// each heap size where it applies.
fn take_all(f: &RuleForms) -> Option<Code> {
    if !f.vars.is_empty() {
        return None;
    }
    let cons: Vec<&Con> = f.cons.iter().collect();
    let set = PSet::of(&cons, HEAP, 0)?;
    if set.contains(0) {
        return None;
    }
    let mask = |b: bool| Digit::of(u8::from(b));
    let mut code = Code {
        digits: set.below.iter().map(|&b| mask(b)).collect(),
        tail: set.period.iter().map(|&b| mask(b)).collect(),
    };
    if code.digits.is_empty() {
        code.digits.push(Digit::default());
    }
    code.trim();
    Some(code)
}

/// The least removal the constraints allow (they must bound it below).
fn lower_bound(cons: &[&Con]) -> Option<i64> {
    let mut lo: Option<i64> = None;
    for c in cons {
        let bound = match c {
            // a·r + c >= 0 with a > 0: r >= ceil(−c / a)
            Con::Ge(l) if l.coef(REMOVAL) > 0 => {
                let a = l.coef(REMOVAL);
                Some((-l.c).div_euclid(a) + i64::from((-l.c).rem_euclid(a) != 0))
            }
            Con::In(l, set, true) if l.coef(REMOVAL).abs() == 1 => {
                let a = l.coef(REMOVAL);
                set.iter().map(|&e| (e - l.c) * a).min()
            }
            _ => None,
        };
        if let Some(b) = bound {
            lo = Some(lo.map_or(b, |x| x.max(b)));
        }
    }
    lo
}

/// The digit making exactly the moves the constraints (over `m`, and the
/// split `s` for two heaps) allow for every `m`, or `None`.
fn digit(heaps: usize, cons: &[Con]) -> Option<Digit> {
    if heaps == 3 {
        return triple::digit(cons);
    }
    if cons
        .iter()
        .any(|c| c.form().coef(SPLIT) != 0 && matches!(c, Con::In(..) | Con::Mod(..)))
    {
        return None;
    }
    let checks = window_of_checks(cons)?;
    let moves = |m: i64| smaller_parts(heaps, cons, m);
    let at =
        |m: i64, s: usize| -> Option<bool> { Some(moves(m)?.get(s).copied().unwrap_or(false)) };
    let take_all = at(0, 0)?;
    let leave_one = at(1, 0)?;
    let (pairs, unequal) = if heaps < 2 {
        (false, false)
    } else if at(2, 1)? {
        (true, false)
    } else {
        (at(3, 1)?, true)
    };
    for m in -checks..checks {
        let got = moves(m)?;
        let want = |s: usize| -> bool {
            if m < 0 {
                false
            } else if s == 0 {
                if m == 0 {
                    take_all
                } else {
                    leave_one
                }
            } else {
                pairs && !(unequal && 2 * s as i64 == m)
            }
        };
        let size = usize::try_from(m.max(0) / 2 + 1).ok()?;
        if got.len() != size || (0..size).any(|s| got.get(s).copied() != Some(want(s))) {
            return None;
        }
    }
    let mask = u8::from(take_all) | u8::from(leave_one) << 1 | u8::from(pairs) << 2;
    Some(Digit {
        mask,
        unequal: pairs && unequal,
    })
}

/// How far the check over `m` must go: past every crossing of the
/// constraints' bounds and the digits' pattern on every residue class.
fn window_of_checks(cons: &[Con]) -> Option<i64> {
    let mut d = 2;
    let mut most_coef = 2;
    let mut most_const = 1;
    for c in cons {
        let l = c.form();
        for &(_, a) in &l.vars {
            most_coef = most_coef.max(a.checked_abs()?);
        }
        let s = l.coef(SPLIT).checked_abs()?;
        if s > 1 {
            d = lcm(d, s)?;
        }
        if let Con::Mod(_, q, _) = c {
            d = lcm(d, *q)?;
        }
        most_const = most_const.max(c.magnitude());
    }
    // On a residue class each bound is P·t + Q with |Q| at most this.
    let q = most_coef
        .checked_mul(d)?
        .checked_add(most_const)?
        .checked_add(most_coef)?
        .checked_add(2)?;
    let checks = d.checked_mul(q.checked_mul(2)?.checked_add(4)?)?;
    (checks <= MOST_CHECKS).then_some(checks)
}

/// The moves left with `m` counters, as the set of smaller parts (0 standing
/// for "no split": the whole `m` as one heap, or nothing when `m` is 0); for
/// one heap only index 0 is meaningful. `None` when a move would leave a
/// negative heap, or the split is unbounded (the evaluator reports that).
fn smaller_parts(heaps: usize, cons: &[Con], m: i64) -> Option<Vec<bool>> {
    let size = usize::try_from(m.max(0) / 2 + 1).ok()?;
    let mut out = vec![false; size];
    let value = |s: i64| move |v: usize| if v == HEAP { m } else { s };
    if heaps < 2 {
        let mut all = true;
        for c in cons {
            all &= c.holds(value(0))?;
        }
        if all {
            if m < 0 {
                return None;
            }
            *out.first_mut()? = true;
        }
        return Some(out);
    }
    // The range of s from the constraints that bound it.
    let (mut lo, mut hi) = (None::<i64>, None::<i64>);
    for c in cons {
        let Con::Ge(l) = c else { continue };
        let a = l.coef(SPLIT);
        if a == 0 {
            continue;
        }
        // a·s + rest >= 0
        let rest = l.eval(value(0))?;
        if a > 0 {
            let b = (-rest).div_euclid(a) + i64::from((-rest).rem_euclid(a) != 0);
            lo = Some(lo.map_or(b, |x: i64| x.max(b)));
        } else {
            let b = rest.div_euclid(-a);
            hi = Some(hi.map_or(b, |x: i64| x.min(b)));
        }
    }
    let (lo, hi) = match (lo, hi) {
        (Some(lo), Some(hi)) => (lo, hi),
        _ => {
            // Unbounded: only right if the other constraints rule out m.
            let mut any = true;
            for c in cons.iter().filter(|c| c.form().coef(SPLIT) == 0) {
                any &= c.holds(value(0))?;
            }
            return (!any).then_some(out);
        }
    };
    if hi.saturating_sub(lo) > 4 * MOST_CHECKS {
        return None;
    }
    for s in lo..=hi {
        let mut all = true;
        for c in cons {
            all &= c.holds(value(s))?;
        }
        if !all {
            continue;
        }
        if s < 0 || s > m {
            return None;
        }
        let small = usize::try_from(s.min(m - s)).ok()?;
        *out.get_mut(small)? = true;
    }
    Some(out)
}

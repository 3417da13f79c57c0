//! Regularity of nim-sequences: the smallest (arithmetic) period observed in the
//! computed values, and its proof where a theorem applies to the shape of the
//! game's rules ([`super::certify`]).

use super::certify::{prove, Certificate, Refusal, Theorem};
use super::{Solver, IN_PROGRESS, UNKNOWN};
use crate::eval::eval_error::EvalError;
use crate::game::compiled::Compiled;
use crate::lang::value::{InstId, Pos, Value};
use std::rc::Rc;

/// What `sequence` found about a nim-sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Regularity {
    /// The heap size from which the pattern holds.
    pub preperiod: usize,
    /// The smallest period.
    pub period: usize,
    /// g(n + p) − g(n) from the preperiod on (0 for plain periodicity).
    pub saltus: i64,
    /// True when a theorem guarantees it for the whole infinite sequence.
    pub proven: bool,
}

impl Regularity {
    /// `periodic` or `arithmetic-periodic`.
    pub fn kind(&self) -> &'static str {
        if self.saltus == 0 {
            "periodic"
        } else {
            "arithmetic-periodic"
        }
    }
}

/// The values of heaps `from..from + len`: those computed, and past them the
/// proven regularity, so a long range of a game with a proven period costs
/// memory for its preperiod and one period, not for every value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeapValues {
    /// Heaps 0.. as computed (only the part the range needs is kept).
    computed: Vec<u32>,
    /// The first heap of the range.
    from: usize,
    /// How many heaps the range holds.
    len: usize,
    /// The proven regularity, when the range runs past the computed values.
    rule: Option<Regularity>,
}

impl HeapValues {
    /// Heaps `from..from + len` from the values computed for heaps 0.. and
    /// the regularity a theorem certifies. `None` when the range runs past the
    /// computed values and no certified regularity covers it (or a value would
    /// not fit 32 bits).
    pub fn new(
        mut computed: Vec<u32>,
        from: usize,
        len: usize,
        certified: Option<Regularity>,
    ) -> Option<Self> {
        let end = from.checked_add(len)?;
        if end <= computed.len() {
            computed.truncate(end);
            computed.drain(..from);
            return Some(HeapValues {
                computed,
                from: 0,
                len,
                rule: None,
            });
        }
        let rule = certified.filter(|r| r.proven && r.period > 0)?;
        if computed.len() < rule.preperiod + rule.period {
            return None;
        }
        let values = HeapValues {
            computed,
            from,
            len,
            rule: Some(rule),
        };
        // With a saltus the values change by cycle: every value of the range's
        // last cycle must still fit (the first cycles lie between).
        if len > 0 && end > values.computed.len() {
            let (l, p) = (rule.preperiod, rule.period);
            let last_cycle = l + (end - 1 - l) / p * p;
            if (last_cycle..last_cycle + p).any(|n| values.value(n).is_none()) {
                return None;
            }
        }
        Some(values)
    }

    /// The value of heap `n` (in the computed part, or by the rule past it).
    fn value(&self, n: usize) -> Option<u32> {
        if let Some(&v) = self.computed.get(n) {
            return Some(v);
        }
        let r = self.rule?;
        let (l, p) = (r.preperiod, r.period);
        let (cycles, residue) = ((n - l) / p, (n - l) % p);
        let base = i128::from(*self.computed.get(l + residue)?);
        u32::try_from(base + cycles as i128 * i128::from(r.saltus)).ok()
    }

    /// How many heaps the range holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when the range is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The value of the `i`-th heap of the range (heap `from + i`).
    pub fn get(&self, i: usize) -> Option<u32> {
        if i >= self.len {
            return None;
        }
        self.value(self.from + i)
    }

    /// The values in order: the computed ones, then the period block again
    /// and again (shifted by the saltus each time), without a division per value.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        let end = self.from + self.len;
        let computed = self
            .computed
            .get(self.from.min(self.computed.len())..end.min(self.computed.len()))
            .unwrap_or(&[]);
        let past = self.computed.len().max(self.from)..end;
        let rule = self.rule.filter(|_| !past.is_empty());
        let rest = rule.map(|r| {
            let n = past.start - r.preperiod;
            Cycles {
                block: self
                    .computed
                    .get(r.preperiod..r.preperiod + r.period)
                    .unwrap_or(&[]),
                residue: n % r.period,
                cycles: (n / r.period) as i64,
                saltus: r.saltus,
                left: past.len(),
            }
        });
        computed.iter().copied().chain(rest.into_iter().flatten())
    }

    /// The largest value, without walking a long range: past the computed
    /// values each residue of the period changes linearly with the cycle, so
    /// its extremes lie in the first and the last cycle of the range.
    pub fn max(&self) -> Option<u32> {
        let end = self.from + self.len;
        let computed_end = end.min(self.computed.len());
        let mut best = self
            .computed
            .get(self.from.min(computed_end)..computed_end)?
            .iter()
            .copied()
            .max();
        if let Some(r) = self.rule.filter(|_| end > self.computed.len()) {
            let start = self.computed.len().max(self.from);
            let last_cycle = r.preperiod + (end - 1 - r.preperiod) / r.period * r.period;
            let ends = (start..end.min(start + r.period)).chain(last_cycle.max(start)..end);
            best = best.max(ends.filter_map(|n| self.value(n)).max());
        }
        best
    }

    /// The values in a vector (for pictures and small ranges).
    pub fn to_vec(&self) -> Vec<u32> {
        self.iter().collect()
    }
}

/// The smallest period p (and for it the smallest preperiod l) such that
/// g(n + p) − g(n) is constant for l ≤ n < len − p, observed over enough values
/// to be meaningful: the regular part holds at least two full periods and a
/// third of the values computed.
pub fn detect(values: &[u32]) -> Option<Regularity> {
    let h = values.len();
    for p in 1..=h / 2 {
        let (Some(&last), Some(&back)) = (values.get(h - 1), values.get(h - 1 - p)) else {
            continue;
        };
        let s = last as i64 - back as i64;
        let mut l = 0;
        for n in (0..h - p).rev() {
            let (Some(&a), Some(&b)) = (values.get(n), values.get(n + p)) else {
                break;
            };
            if b as i64 - a as i64 != s {
                l = n + 1;
                break;
            }
        }
        let tail = h - l;
        if tail >= 2 * p && tail >= (h / 3).max(8.min(h)) {
            return Some(Regularity {
                preperiod: l,
                period: p,
                saltus: s,
                proven: false,
            });
        }
    }
    None
}

/// What `sequence` found: the values computed, the regularity to report, and
/// the regularity a theorem certifies (which extends the values past those
/// computed).
pub struct Found {
    /// Heaps 0.. as computed.
    pub values: Vec<u32>,
    /// The regularity as reported.
    pub regularity: Option<Regularity>,
    /// The regularity a theorem guarantees, if one does.
    pub certified: Option<Regularity>,
    /// What the proof rests on.
    pub certificate: Option<Certificate>,
}

impl Found {
    fn observed(values: Vec<u32>, regularity: Option<Regularity>) -> Self {
        Found {
            values,
            regularity,
            certified: None,
            certificate: None,
        }
    }
}

/// How far `sequence` may look for a proof.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Search {
    /// Look as far as this heap, whatever the time it takes (`sequence G
    /// a..b up to N`); otherwise until the budget's share of time is spent.
    pub up_to: Option<usize>,
}

/// Heaps computed first when a proof may settle a long range early.
const FIRST_PROBE: usize = 1024;

impl<'s, 'a> Solver<'s, 'a> {
    /// The theorem a proof of an instance's periodicity can rest on (the same
    /// for a constructor and for rules of its shape), whether or not compiled
    /// rules are in use for values.
    pub fn theorem(&mut self, inst: InstId) -> Option<(Theorem, Rc<Compiled>)> {
        let compiled = self.games.compiled(inst);
        Some((Theorem::of(&compiled.shape)?, compiled))
    }

    /// Grundy values of heaps 0..len of a one-parameter instance.
    pub fn heap_values(&mut self, inst: InstId, len: usize) -> Result<Vec<u32>, EvalError> {
        if len > 0 {
            self.fill_below(inst, &Pos::from(vec![Value::Int(len as i64 - 1)]))?;
        }
        self.games
            .budget
            .reserve(len.saturating_mul(4))
            .map_err(|e| self.limit(e))?;
        // The usual case: the fill valued every heap, so one bulk copy does.
        if let Some(prefix) = self.tables.dense(inst).get(..len) {
            if prefix.iter().all(|&v| v < IN_PROGRESS) {
                return Ok(prefix.to_vec());
            }
        }
        let mut out = Vec::with_capacity(len);
        for n in 0..len {
            let known = self.tables.dense(inst).get(n).copied().unwrap_or(UNKNOWN);
            if known < IN_PROGRESS {
                out.push(known);
                continue;
            }
            let pos: Pos = Pos::from(vec![Value::Int(n as i64)]);
            let v = self.grundy_pos(inst, &pos)?;
            out.push(u32::try_from(v).map_err(|_| EvalError::TooLarge {
                what: format!("the value of heap {n} does not fit a sequence"),
                instead: "ask `grundy` of that heap instead",
                span: self.span,
            })?);
        }
        Ok(out)
    }

    /// The regularity of an instance's nim-sequence, computing values beyond `min_len`
    /// as needed (and, where a theorem applies, until the period is proven).
    pub fn regularity(
        &mut self,
        inst: InstId,
        min_len: usize,
    ) -> Result<(Vec<u32>, Option<Regularity>), EvalError> {
        let found = self.sequence_values(inst, min_len, Search::default())?;
        Ok((found.values, found.regularity))
    }

    /// The values and regularity `sequence` reports for heaps 0..min_len.
    ///
    /// A game whose rules have a shape with a theorem (a constructor, or rules
    /// of its shape) starts with the range (at least 64 heaps, at most 1024)
    /// and doubles its window until a period is proven, jumping to the window
    /// a candidate period's proof needs; it stops when the budget's share of
    /// time for the search is spent (`--sequence-time`), when the heaps reach
    /// `--sequence-search` beyond the range, or at heap `up_to` when the
    /// statement gives one. Any other game can only be `observed`: it looks at
    /// twice the range, at least 16 heaps more. The values computed are
    /// returned (fewer than `min_len` when a proof covers the rest); their
    /// number is how far the search looked.
    pub fn sequence_values(
        &mut self,
        inst: InstId,
        min_len: usize,
        search: Search,
    ) -> Result<Found, EvalError> {
        let limits = self.games.budget.limits();
        let limit = match search.up_to {
            Some(n) => n.saturating_add(1).max(min_len),
            None => min_len.saturating_add(limits.sequence_search),
        };
        let Some((theorem, compiled)) = self.theorem(inst) else {
            let h = min_len.saturating_mul(2).max(min_len + 16).min(limit);
            let values = self.heap_values(inst, h)?;
            let found = detect(&values);
            return Ok(Found::observed(values, found));
        };
        let started = crate::budget::now();
        let mut h = min_len.clamp(64, FIRST_PROBE).min(limit);
        let mut pace = Pace::default();
        loop {
            let step = crate::budget::now();
            let values = self.heap_values(inst, h)?;
            pace.record(h, crate::budget::now().saturating_sub(step));
            let found = detect(&values);
            let mut next = h.saturating_mul(2);
            if let Some(r) = found {
                let need = theorem.needs(&r).unwrap_or(usize::MAX);
                if need <= h {
                    let budget = self.games.budget;
                    match prove(&theorem, &compiled.shape, &r, &values, budget) {
                        Ok(certificate) => {
                            let certified = Regularity { proven: true, ..r };
                            return Ok(Found {
                                values,
                                regularity: Some(certified),
                                certified: Some(certified),
                                certificate: Some(certificate),
                            });
                        }
                        Err(Refusal::Limit(e)) => return Err(self.limit(e)),
                        Err(Refusal::Disagrees(n)) => {
                            return Err(EvalError::internal(
                                format!("the value of heap {n} differs between two computations"),
                                self.span,
                            ))
                        }
                        Err(Refusal::NotShown) => {}
                    }
                } else if need < usize::MAX {
                    // A candidate whose proof needs more values: look that far.
                    next = next.max(need.saturating_add(need / 8));
                }
            }
            let next = next.min(limit.max(min_len));
            // Spent, or the next step would plainly overrun the share (a
            // three-heap split costs 8 times more at each doubling).
            let spent = search.up_to.is_none()
                && (crate::budget::now().saturating_sub(started) >= limits.sequence_time
                    || crate::budget::now().saturating_sub(started) + pace.predict(next)
                        > limits.sequence_time * 3);
            if h >= limit.max(min_len) || spent {
                return Ok(Found::observed(values, found));
            }
            h = next;
        }
    }

    /// The value of a huge heap of a game whose period a theorem proves.
    pub fn value_by_period(&mut self, inst: InstId, n: u64) -> Result<Option<u64>, EvalError> {
        let (values, reg) = self.regularity(inst, 64)?;
        let Some(r) = reg.filter(|r| r.proven) else {
            return Ok(None);
        };
        if (n as usize) < values.len() {
            return Ok(values.get(n as usize).map(|&v| u64::from(v)));
        }
        let (l, p) = (r.preperiod as u64, r.period as u64);
        let cycles = (n - l) / p;
        let base = values
            .get((l + (n - l) % p) as usize)
            .map_or(0, |&v| u64::from(v));
        let shift = (cycles as i128) * i128::from(r.saltus);
        Ok(u64::try_from(i128::from(base) + shift).ok())
    }
}

/// How long the search's steps took, to predict the next one: the cost of
/// heaps `0..h` is taken as `c·h^q`, with `q` read off the last two steps
/// (1 until there are two).
#[derive(Default)]
struct Pace {
    /// `(heaps reached, seconds the step took)` of the last two steps.
    last: Option<(usize, f64)>,
    before: Option<(usize, f64)>,
}

impl Pace {
    fn record(&mut self, h: usize, took: std::time::Duration) {
        self.before = self.last;
        self.last = Some((h, took.as_secs_f64()));
    }

    /// The predicted time of the step from the last heap reached to `next`.
    fn predict(&self, next: usize) -> std::time::Duration {
        let Some((h, took)) = self.last else {
            return std::time::Duration::ZERO;
        };
        let (h, next) = (h as f64, next as f64);
        // Cost of the last step relative to the one before: (h^q − h0^q) /
        // (h0^q − h1^q) with h1 the heap the step before started from; with
        // doubling steps that is 2^q, and q is solved from it in that form.
        let q = match self.before {
            Some((h0, t0)) if t0 > 1e-3 && h0 > 0 && (h0 as f64) < h => {
                ((took / t0).max(1.0).ln() / (h / h0 as f64).ln()).clamp(1.0, 4.0)
            }
            _ => 1.0,
        };
        let grows = (next.powf(q) - h.powf(q)) / h.powf(q).max(1.0);
        std::time::Duration::from_secs_f64((took * grows.max(0.0)).min(1e6))
    }
}

/// The values past the computed ones: the period block again and again,
/// shifted by the saltus each cycle, without a division per value.
struct Cycles<'a> {
    block: &'a [u32],
    residue: usize,
    cycles: i64,
    saltus: i64,
    /// Values still to give.
    left: usize,
}

impl Iterator for Cycles<'_> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        if self.left == 0 {
            return None;
        }
        let base = *self.block.get(self.residue)?;
        self.left -= 1;
        self.residue += 1;
        let cycles = self.cycles;
        if self.residue == self.block.len() {
            (self.residue, self.cycles) = (0, self.cycles + 1);
        }
        if self.saltus == 0 {
            return Some(base);
        }
        // Every value of the range fits 32 bits (checked by `HeapValues::new`),
        // so arithmetic modulo 2^64 truncates to the exact value.
        Some(i64::from(base).wrapping_add(cycles.wrapping_mul(self.saltus)) as u32)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

#[cfg(test)]
#[allow(
    clippy::indexing_slicing,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic
)]
mod tests {
    use super::*;

    #[test]
    fn finds_subtraction_period() {
        // S = {3, 4, 6, 10}: preperiod 14, period 7.
        let g = [
            0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 3, 3, 1, 4, 0, 2, 0, 1, 3, 1, 2,
        ];
        let mut values: Vec<u32> = g.to_vec();
        for n in 21..80 {
            values.push(values[n - 7]);
        }
        let r = detect(&values).unwrap_or(Regularity {
            preperiod: 0,
            period: 0,
            saltus: 0,
            proven: false,
        });
        assert_eq!((r.preperiod, r.period, r.saltus), (14, 7, 0));
    }

    #[test]
    fn finds_arithmetic_period() {
        let values: Vec<u32> = (0..60).map(|n| n / 4).collect();
        let r = detect(&values).unwrap_or(Regularity {
            preperiod: 9,
            period: 9,
            saltus: 9,
            proven: false,
        });
        assert_eq!((r.preperiod, r.period, r.saltus), (0, 4, 1));
    }

    /// Past the computed values the range follows the certified rule, saltus
    /// included: here g(n) = n / 4 (period 4, saltus 1), checked by division.
    #[test]
    fn values_past_the_computed_follow_the_rule() {
        let rule = Regularity {
            preperiod: 0,
            period: 4,
            saltus: 1,
            proven: true,
        };
        for (from, len) in [(0, 40), (10, 1000), (37, 3), (500, 77)] {
            let computed: Vec<u32> = (0..40).map(|n| n / 4).collect();
            let values = HeapValues::new(computed, from, len, Some(rule)).unwrap();
            let want: Vec<u32> = (from..from + len).map(|n| (n / 4) as u32).collect();
            assert_eq!(values.iter().collect::<Vec<_>>(), want, "{from} {len}");
            assert_eq!(values.max(), want.iter().copied().max());
            assert_eq!(values.get(len - 1), want.last().copied());
        }
    }

    #[test]
    fn irregular_has_none() {
        let values: Vec<u32> = (0..64u32).map(|n| (n * n * 7919 + n * 31) % 97).collect();
        assert_eq!(detect(&values), None);
    }
}

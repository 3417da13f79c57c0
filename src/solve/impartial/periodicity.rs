//! Regularity of nim-sequences: the smallest (arithmetic) period observed in the
//! computed values, and proofs of it for constructed games (LANGUAGE.md §7).

use super::{Solver, IN_PROGRESS, UNKNOWN};
use crate::check::program::{Constructor, GameBody};
use crate::eval::eval_error::EvalError;
use crate::lang::value::{InstId, Pos, Value};

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

/// How many values the proof theorem of a constructed game needs to see.
fn proof_window(ctor: &Constructor, r: &Regularity) -> Option<usize> {
    let (l, p) = (r.preperiod, r.period);
    match ctor {
        // Finite subtraction set, a = max S: l ≤ n < l + a.
        Constructor::Subtraction(set) if r.saltus == 0 => Some(l + p + *set.last()? as usize),
        // All-but: l ≤ n ≤ l + 2a.
        Constructor::AllBut(set) => Some(l + 2 * set.last().map_or(0, |&a| a as usize) + p + 1),
        // Guy–Smith: l ≤ n < 2l + p + t, t the most counters one move removes.
        Constructor::Octal { digits, .. } if r.saltus == 0 => {
            let t = digits.len().saturating_sub(1);
            Some(2 * l + p + t + p)
        }
        _ => None,
    }
}

impl<'s, 'a> Solver<'s, 'a> {
    /// The constructor of an instance, if it is a one-heap constructed game.
    pub fn heap_constructor(&self, inst: InstId) -> Option<&'a Constructor> {
        match &self.games.game(inst)?.body {
            GameBody::Constructed(
                c @ (Constructor::Subtraction(_)
                | Constructor::AllBut(_)
                | Constructor::Octal { .. }),
            ) => Some(c),
            _ => None,
        }
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
    /// as needed (and, for constructed games, until the period is proven).
    ///
    /// The search is bounded: at most `sequence_search` heaps (a limit of the
    /// budget, `--sequence-search`) beyond the `min_len` asked for. A rule-defined
    /// game, which can only be `observed`, looks at twice the range (at least 16
    /// heaps more); a constructed game starts with the range and doubles its
    /// window until a period is proven or the bound is reached. The values computed are returned; their
    /// number is how far the search looked.
    pub fn regularity(
        &mut self,
        inst: InstId,
        min_len: usize,
    ) -> Result<(Vec<u32>, Option<Regularity>), EvalError> {
        let limit = min_len.saturating_add(self.games.budget.limits().sequence_search);
        let ctor = self.heap_constructor(inst);
        let start = match ctor {
            None => min_len.saturating_mul(2).max(min_len + 16),
            // A proof may already hold within the range asked for.
            Some(_) => min_len.max(64),
        };
        let mut h = start.min(limit).max(min_len);
        loop {
            let values = self.heap_values(inst, h)?;
            let found = detect(&values);
            let Some(ctor) = ctor else {
                return Ok((values, found));
            };
            if let Some(mut r) = found {
                if let Some(window) = proof_window(ctor, &r) {
                    if window <= h && verify(&values, &r, window) {
                        r.proven = true;
                        return Ok((values, Some(r)));
                    }
                }
            }
            if h >= limit {
                return Ok((values, found));
            }
            h = h.saturating_mul(2).min(limit);
        }
    }

    /// The value of a huge heap of a constructed game, from its proven period.
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

/// Checks g(n + p) − g(n) = s for l ≤ n < window − p.
fn verify(values: &[u32], r: &Regularity, window: usize) -> bool {
    (r.preperiod..window.saturating_sub(r.period)).all(|n| {
        match (values.get(n), values.get(n + r.period)) {
            (Some(&a), Some(&b)) => b as i64 - a as i64 == r.saltus,
            _ => false,
        }
    })
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

    #[test]
    fn irregular_has_none() {
        let values: Vec<u32> = (0..64u32).map(|n| (n * n * 7919 + n * 31) % 97).collect();
        assert_eq!(detect(&values), None);
    }
}

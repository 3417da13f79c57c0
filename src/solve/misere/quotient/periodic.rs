//! The quotient periodicity theorem for octal games: when Φ repeats over a long
//! enough window, Φ is periodic for ever and the partial quotient is the full one.
//!
//! Statement used (Plambeck–Siegel, with the Guy–Smith shape; the indices are the
//! ones MisereSolver applies, read in CGSuite's `TBCode.periodicityChecker` and
//! `PeriodicityChecker.meetsCriteria`: saltus 0, `2·n0 + 2·p + k + 2 ≤ len`, where
//! `len` = number of heaps 0..=N computed and k = number of code digits): if in
//! the partial quotient Q_N, Φ(n + p) = Φ(n) for every n0 ≤ n ≤ N − p, and
//! N ≥ 2·n0 + 2·p + k + 1, then Φ(n + p) = Φ(n) for all n ≥ n0 and Q = Q_N.
//! This window covers the theorem's (n0 ≤ n < 2·n0 + p + k, i.e. heaps up to
//! 2·n0 + 2·p + k − 1) with two heaps to spare, so it errs on the safe side.

use super::{Elem, Quotient};

/// Periodicity of Φ found in a partial quotient.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Periodicity {
    /// First heap of the periodic part, n0.
    pub preperiod: usize,
    /// The period p.
    pub period: usize,
    /// True only when the theorem applies: an octal game, a certified quotient
    /// and a long enough window. Then Φ is periodic for ever and Q_N = Q.
    pub proven: bool,
}

impl Periodicity {
    /// Φ(n) for any n, from the periodic part: exact only when `proven`.
    pub fn phi(&self, q: &Quotient, n: usize) -> Option<Elem> {
        q.phis().get(self.base(q, n)).copied()
    }

    /// The heap ≤ N whose image heap `n` shares: `n` itself up to N, else
    /// the heap of the same residue in the first period.
    pub fn base(&self, q: &Quotient, n: usize) -> usize {
        if n <= q.max_heap() {
            return n;
        }
        self.preperiod + (n - self.preperiod) % self.period.max(1)
    }

    /// The image of a sum of heaps of any size.
    pub fn image(&self, q: &Quotient, heaps: &[usize]) -> Option<Elem> {
        heaps
            .iter()
            .try_fold(q.identity(), |acc, &h| Some(q.mul(acc, self.phi(q, h)?)))
    }
}

/// The least preperiod for period `p` over Φ(0..=N).
fn preperiod(phi: &[Elem], p: usize) -> usize {
    let mut n0 = phi.len().saturating_sub(p);
    while n0 > 0 && phi.get(n0 - 1) == phi.get(n0 - 1 + p) {
        n0 -= 1;
    }
    n0
}

/// Looks for periodicity in Φ. `octal_digits` is k for an octal game (else
/// `None`), `certified` whether [`super::certify::certify`] accepted `q`.
///
/// Returns the proven period with the smallest p when one exists; otherwise the
/// smallest p seen repeating at least twice, as an observation (`proven` false).
pub fn periodicity(
    q: &Quotient,
    octal_digits: Option<usize>,
    certified: bool,
) -> Option<Periodicity> {
    let phi = q.phis();
    let n = q.max_heap();
    let mut observed = None;
    for p in 1..=n / 2 {
        let n0 = preperiod(phi, p);
        if let Some(k) = octal_digits {
            if certified && n > 2 * n0 + 2 * p + k {
                return Some(Periodicity {
                    preperiod: n0,
                    period: p,
                    proven: true,
                });
            }
        }
        if observed.is_none() && n0 + 2 * p <= n + 1 {
            observed = Some(Periodicity {
                preperiod: n0,
                period: p,
                proven: false,
            });
        }
    }
    observed
}

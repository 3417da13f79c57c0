//! Eventually periodic sets of integers: what linear constraints on one
//! variable (bounds, `!=`, membership in constant sets, residues) allow. Past
//! a threshold every such constraint is constant or depends only on the
//! residue of the variable, so the set is a finite list of members below the
//! threshold and a periodic pattern above it.

use super::linear::Con;

/// Most values a set's explicit part and period may hold together.
const MOST: i64 = 1 << 20;

/// A set of integers ≥ `lo`: explicit below `start`, periodic from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PSet {
    /// No member lies below this.
    pub lo: i64,
    /// Membership of `lo..start`.
    pub below: Vec<bool>,
    /// Membership of `v ≥ start` is `period[(v − start) mod q]`.
    pub period: Vec<bool>,
}

impl PSet {
    /// The first value of the periodic part.
    pub fn start(&self) -> i64 {
        self.lo + self.below.len() as i64
    }

    /// True when `v` is a member.
    pub fn contains(&self, v: i64) -> bool {
        if v < self.lo {
            return false;
        }
        let i = v - self.lo;
        if let Some(&b) = self.below.get(i as usize) {
            return b;
        }
        let q = self.period.len() as i64;
        q > 0
            && self
                .period
                .get((v - self.start()).rem_euclid(q) as usize)
                .copied()
                .unwrap_or(false)
    }

    /// True when the set is finite.
    pub fn is_finite(&self) -> bool {
        self.period.iter().all(|b| !b)
    }

    /// The members when the set is finite.
    pub fn members(&self) -> Option<Vec<i64>> {
        self.is_finite().then(|| {
            (self.lo..)
                .zip(&self.below)
                .filter(|(_, b)| **b)
                .map(|(v, _)| v)
                .collect()
        })
    }

    /// The smallest member.
    pub fn min(&self) -> Option<i64> {
        (self.lo..self.start() + self.period.len() as i64).find(|&v| self.contains(v))
    }

    /// The set of values `v ≥ lo` satisfying every constraint of `cons`, each
    /// reading only `var` (its other variables must not occur). `lo` is the
    /// least value considered; `None` when the constraints are not of that
    /// kind or the set would be too large to write down.
    pub fn of(cons: &[&Con], var: usize, lo: i64) -> Option<PSet> {
        let mut threshold = lo;
        let mut q = 1i64;
        for c in cons {
            if !c.form().only(&[var]) {
                return None;
            }
            if let Con::Mod(l, m, _) = c {
                if l.coef(var) != 0 {
                    q = lcm(q, *m)?;
                }
            }
            // Past |constant| + |largest element| + 1 every comparison with
            // a non-zero coefficient keeps its sign.
            threshold = threshold.max(c.magnitude().saturating_add(1));
        }
        if threshold.saturating_sub(lo).saturating_add(q) > MOST {
            return None;
        }
        let member = |v: i64| -> Option<bool> {
            for c in cons {
                if !c.holds(|_| v)? {
                    return Some(false);
                }
            }
            Some(true)
        };
        let below = (lo..threshold).map(member).collect::<Option<Vec<_>>>()?;
        let period = (threshold..threshold + q)
            .map(member)
            .collect::<Option<Vec<_>>>()?;
        Some(PSet { lo, below, period })
    }
}

/// The least common multiple, when it stays small.
pub fn lcm(a: i64, b: i64) -> Option<i64> {
    let g = gcd(a, b);
    let l = (a / g.max(1)).checked_mul(b)?;
    (l <= 1 << 16).then_some(l)
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

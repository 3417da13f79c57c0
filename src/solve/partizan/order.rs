//! Order on canonical forms: cached `<=` with NUS and stop shortcuts, comparison
//! and outcome classes.

use super::store::{pair, CanonStore, Cmp, Form, Outcome};
use super::Error;
use crate::budget::Budget;

/// Bits of the comparison cache's index when a store is new.
pub(super) const LEQ_MIN_BITS: u32 = 12;
/// The cache stops growing at 2^22 entries (32 MiB); beyond that it overwrites.
const LEQ_MAX_BITS: u32 = 22;
/// Ids at or above this do not fit a cache entry and are simply not cached.
const TAGGABLE: u32 = 1 << 31;

/// A cache entry: both ids, the answer and a bit saying the slot is in use.
fn entry(a: Form, b: Form, result: bool) -> u64 {
    (u64::from(a.0) << 33) | (u64::from(b.0) << 2) | (u64::from(result) << 1) | 1
}

/// The slot of a pair in a table of `2^bits` entries (Fibonacci hashing: the
/// multiply spreads both ids into the top bits, which index the table).
fn slot(a: Form, b: Form, bits: u32) -> usize {
    (pair(a, b).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
}

impl CanonStore {
    /// `a <= b`, cached.
    pub fn leq(&mut self, a: Form, b: Form, budget: &Budget) -> Result<bool, Error> {
        if a == b {
            return Ok(true);
        }
        let (Some(na), Some(nb)) = (self.node(a), self.node(b)) else {
            return Ok(false);
        };
        if let (Some(x), Some(y)) = (na.nus, nb.nus) {
            return Ok(x.leq(y));
        }
        // Stops are monotone, and a right stop above the other's left stop
        // decides the order outright: both avoid the recursion.
        if na.left_stop > nb.left_stop || na.right_stop > nb.right_stop {
            return Ok(false);
        }
        if na.left_stop < nb.right_stop {
            return Ok(true);
        }
        let a_number = na.nus.is_some_and(|n| n.is_number());
        let b_number = nb.nus.is_some_and(|n| n.is_number());
        if let Some(r) = self.cached_leq(a, b) {
            return Ok(r);
        }
        budget.tick()?;
        // Number avoidance: against a non-number nobody needs to move in a number,
        // so a number's options are never consulted here.
        let mut result = true;
        if !a_number {
            self.ensure_options(a)?;
            let mut i = 0;
            while let Some(al) = self.left_at(a, i) {
                if self.leq(b, al, budget)? {
                    result = false;
                    break;
                }
                i += 1;
            }
        }
        if result && !b_number {
            self.ensure_options(b)?;
            let mut i = 0;
            while let Some(br) = self.right_at(b, i) {
                if self.leq(br, a, budget)? {
                    result = false;
                    break;
                }
                i += 1;
            }
        }
        self.remember_leq(a, b, result, budget)?;
        Ok(result)
    }

    /// A cached answer to `a <= b`, if its slot still holds it.
    fn cached_leq(&self, a: Form, b: Form) -> Option<bool> {
        let e = *self.leq_table.get(slot(a, b, self.leq_bits))?;
        let wanted = entry(a, b, false) >> 2;
        (e & 1 == 1 && e >> 2 == wanted && a.0 < TAGGABLE && b.0 < TAGGABLE).then_some(e & 2 != 0)
    }

    /// Records `a <= b`. The cache is direct-mapped, as in CGSuite: one memory
    /// access per lookup, and a collision only overwrites an answer that can be
    /// recomputed. It grows with the store so that collisions stay rare.
    fn remember_leq(
        &mut self,
        a: Form,
        b: Form,
        result: bool,
        budget: &Budget,
    ) -> Result<(), Error> {
        if a.0 >= TAGGABLE || b.0 >= TAGGABLE {
            return Ok(());
        }
        if self.leq_table.len() < self.len().saturating_mul(16) && self.leq_bits < LEQ_MAX_BITS {
            self.grow_leq(budget)?;
        }
        let i = slot(a, b, self.leq_bits);
        if let Some(e) = self.leq_table.get_mut(i) {
            *e = entry(a, b, result);
        }
        Ok(())
    }

    /// Doubles the comparison cache, moving every entry to its new slot.
    fn grow_leq(&mut self, budget: &Budget) -> Result<(), Error> {
        let bits = self.leq_bits + 1;
        budget.reserve((8usize) << bits)?;
        let mut table = vec![0u64; 1 << bits];
        for &e in &self.leq_table {
            if e & 1 == 1 {
                let a = Form((e >> 33) as u32);
                let b = Form(((e >> 2) & 0x7FFF_FFFF) as u32);
                if let Some(t) = table.get_mut(slot(a, b, bits)) {
                    *t = e;
                }
            }
        }
        self.leq_table = table;
        self.leq_bits = bits;
        Ok(())
    }

    /// How `a` compares with `b`.
    pub fn compare(&mut self, a: Form, b: Form, budget: &Budget) -> Result<Cmp, Error> {
        let le = self.leq(a, b, budget)?;
        let ge = self.leq(b, a, budget)?;
        Ok(match (le, ge) {
            (true, true) => Cmp::Equal,
            (true, false) => Cmp::Less,
            (false, true) => Cmp::Greater,
            (false, false) => Cmp::Fuzzy,
        })
    }

    /// Who wins `a`.
    pub fn outcome(&mut self, a: Form, budget: &Budget) -> Result<Outcome, Error> {
        Ok(match self.compare(a, Form::ZERO, budget)? {
            Cmp::Greater => Outcome::L,
            Cmp::Less => Outcome::R,
            Cmp::Equal => Outcome::P,
            Cmp::Fuzzy => Outcome::N,
        })
    }
}

//! Order on canonical forms: cached `<=` with NUS and stop shortcuts, comparison
//! and outcome classes.

use super::store::{pair, CanonStore, Cmp, Form, Outcome};
use super::Error;
use crate::graph::budget::Budget;

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
        let key = pair(a, b);
        if let Some(&r) = self.leq_cache.get(&key) {
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
        self.leq_cache.insert(key, result);
        Ok(result)
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

//! Arithmetic on canonical forms: negation, and sums with number translation.

use super::store::{pair, CanonStore, Form, UNSET};
use super::Error;
use crate::budget::Budget;

impl CanonStore {
    /// `-a`: the players swap roles.
    pub fn neg(&mut self, a: Form, budget: &Budget) -> Result<Form, Error> {
        let Some(node) = self.node(a) else {
            return Ok(a);
        };
        if let Some(n) = node.nus {
            let m = n.checked_neg().ok_or(Error::Overflow)?;
            return Ok(self.nus(m));
        }
        if node.neg != UNSET {
            return Ok(Form(node.neg));
        }
        budget.tick()?;
        let left = self.left_options(a)?;
        let right = self.right_options(a)?;
        // The negative of a canonical form is canonical: negate and swap the
        // options, no reduction needed.
        let mut new_left = Vec::with_capacity(right.len());
        for r in right {
            new_left.push(self.neg(r, budget)?);
        }
        let mut new_right = Vec::with_capacity(left.len());
        for l in left {
            new_right.push(self.neg(l, budget)?);
        }
        new_left.sort_unstable();
        new_right.sort_unstable();
        let m = self.intern_general(&new_left, &new_right);
        if let Some(node) = self.nodes.get_mut(a.0 as usize) {
            node.neg = m.0;
        }
        if let Some(node) = self.nodes.get_mut(m.0 as usize) {
            node.neg = a.0;
        }
        Ok(m)
    }

    /// `a + b`, cached.
    pub fn sum(&mut self, a: Form, b: Form, budget: &Budget) -> Result<Form, Error> {
        if a == Form::ZERO {
            return Ok(b);
        }
        if b == Form::ZERO {
            return Ok(a);
        }
        let (x, y) = (self.as_nus(a), self.as_nus(b));
        if let (Some(x), Some(y)) = (x, y) {
            let s = x.checked_add(y).ok_or(Error::Overflow)?;
            return Ok(self.nus(s));
        }
        let key = if a < b { pair(a, b) } else { pair(b, a) };
        if let Some(&f) = self.sum_cache.get(&key) {
            return Ok(f);
        }
        budget.tick()?;
        let a_number = x.is_some_and(|n| n.is_number());
        let b_number = y.is_some_and(|n| n.is_number());
        if a_number || b_number {
            let (number, game) = if a_number { (a, b) } else { (b, a) };
            let f = self.translate(game, number, budget)?;
            self.sum_cache.insert(key, f);
            return Ok(f);
        }
        let mut left = Vec::new();
        let mut right = Vec::new();
        for (g, h) in [(a, b), (b, a)] {
            self.ensure_options(g)?;
            let mut i = 0;
            while let Some(gl) = self.left_at(g, i) {
                left.push(self.sum(gl, h, budget)?);
                i += 1;
            }
            let mut i = 0;
            while let Some(gr) = self.right_at(g, i) {
                right.push(self.sum(gr, h, budget)?);
                i += 1;
            }
        }
        let f = self.from_options(&left, &right, budget)?;
        self.sum_cache.insert(key, f);
        Ok(f)
    }

    /// `G + x` for a non-number `G` and a number `x`. Number translation: the
    /// canonical form is `{G^L + x | G^R + x}` as it stands (translating keeps
    /// options undominated and irreversible), so no reduction is run.
    fn translate(&mut self, g: Form, x: Form, budget: &Budget) -> Result<Form, Error> {
        self.ensure_options(g)?;
        let mut left = Vec::new();
        let mut i = 0;
        while let Some(gl) = self.left_at(g, i) {
            left.push(self.sum(gl, x, budget)?);
            i += 1;
        }
        let mut right = Vec::new();
        let mut i = 0;
        while let Some(gr) = self.right_at(g, i) {
            right.push(self.sum(gr, x, budget)?);
            i += 1;
        }
        left.sort_unstable();
        right.sort_unstable();
        let f = self.intern_general(&left, &right);
        #[cfg(debug_assertions)]
        {
            // The shortcut rests on a theorem; debug builds (and so every test)
            // check it against the full reduction.
            let full = self.from_options(&left, &right, budget)?;
            debug_assert_eq!(full, f, "number translation produced a non-canonical form");
        }
        Ok(f)
    }

    /// `a - b`.
    pub fn sub(&mut self, a: Form, b: Form, budget: &Budget) -> Result<Form, Error> {
        let nb = self.neg(b, budget)?;
        self.sum(a, nb, budget)
    }
}

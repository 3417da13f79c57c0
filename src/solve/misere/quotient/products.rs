//! How the elements of a quotient multiply: each generator's action on every
//! element, and each element's shortest word over the generators. A product
//! x·y applies y's word to x (or x's to y, whichever is shorter), so a
//! monoid of m elements and G generators takes m·G entries instead of a full
//! m² table: a candidate of 36,000 elements is a few megabytes, not 5 GB.
//!
//! Why this is a commutative monoid, checked by [`Products::check`]: write
//! f_g for generator g's action and w(y) for y's word. If every element is
//! f_{w(y)}(1) and the actions commute, then f_u(1) = f_v(1) implies f_u = f_v
//! (f_u(x) = f_u(f_{w(x)}(1)) = f_{w(x)}(f_u(1)) = f_{w(x)}(f_v(1)) = f_v(x)),
//! so x ↦ f_{w(x)} is an isomorphism onto the commutative monoid the actions
//! generate, and x·y = f_{w(y)}(x) is its product.

use super::Elem;
use crate::budget::{Budget, Exceeded};
use std::collections::VecDeque;

/// How an element is reached from the identity: it is `parent` times
/// generator `generator`, `depth` generators away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Step {
    parent: Elem,
    generator: u32,
    depth: u32,
}

/// The products of a finite commutative monoid given by its generators'
/// actions (see the module).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Products {
    /// `action[g][x]` = x·g.
    action: Vec<Vec<Elem>>,
    /// Each element's step towards the identity (depth 0 for the identity).
    tree: Vec<Step>,
}

/// An element the generators do not reach from the identity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Unreached {
    /// A limit of the budget was reached.
    Budget(Exceeded),
    /// This element is not a product of generators.
    Element(Elem),
}

impl From<Exceeded> for Unreached {
    fn from(e: Exceeded) -> Self {
        Unreached::Budget(e)
    }
}

impl Products {
    /// The trivial monoid: one element, no generator.
    pub(super) fn trivial() -> Self {
        Products {
            action: Vec::new(),
            tree: vec![Step {
                parent: 0,
                generator: 0,
                depth: 0,
            }],
        }
    }

    /// The monoid of `m` elements with identity `ident` whose generators act
    /// by `action`; each element's word is found breadth first. The budget is
    /// asked for the tree (the actions are the caller's).
    pub(super) fn new(
        action: Vec<Vec<Elem>>,
        m: usize,
        ident: Elem,
        budget: &Budget,
    ) -> Result<Self, Unreached> {
        budget.reserve(m.saturating_mul(std::mem::size_of::<Step>()))?;
        let unset = Step {
            parent: Elem::MAX,
            generator: u32::MAX,
            depth: u32::MAX,
        };
        let mut tree = vec![unset; m];
        if let Some(s) = tree.get_mut(ident as usize) {
            *s = Step {
                parent: ident,
                generator: 0,
                depth: 0,
            };
        }
        let mut queue = VecDeque::from([ident]);
        while let Some(x) = queue.pop_front() {
            budget.tick()?;
            let depth = tree.get(x as usize).map_or(0, |s| s.depth);
            for (g, row) in action.iter().enumerate() {
                let y = row.get(x as usize).copied().unwrap_or(x);
                if let Some(s) = tree.get_mut(y as usize) {
                    if s.depth == u32::MAX {
                        *s = Step {
                            parent: x,
                            generator: g as u32,
                            depth: depth + 1,
                        };
                        queue.push_back(y);
                    }
                }
            }
        }
        if let Some(x) = tree.iter().position(|s| s.depth == u32::MAX) {
            return Err(Unreached::Element(x as Elem));
        }
        Ok(Products { action, tree })
    }

    /// Each generator's action (`actions()[g][x]` = x·g).
    pub(super) fn actions(&self) -> &[Vec<Elem>] {
        &self.action
    }

    /// Number of elements.
    pub(super) fn order(&self) -> usize {
        self.tree.len()
    }

    /// x·y. Ids are valid by construction; an id out of range is returned
    /// unchanged, and the certificate (which checks every product it uses)
    /// would catch the consequences of such a bug.
    pub(super) fn mul(&self, x: Elem, y: Elem) -> Elem {
        let depth = |z: Elem| self.tree.get(z as usize).map_or(0, |s| s.depth);
        let (mut acc, mut at) = if depth(x) < depth(y) { (y, x) } else { (x, y) };
        while let Some(s) = self.tree.get(at as usize) {
            if s.depth == 0 {
                break;
            }
            acc = self
                .action
                .get(s.generator as usize)
                .and_then(|row| row.get(acc as usize))
                .copied()
                .unwrap_or(acc);
            at = s.parent;
        }
        acc
    }

    /// The same monoid with element x renamed `new_id[x]`.
    pub(super) fn renumbered(&self, new_id: &[Elem], budget: &Budget) -> Result<Self, Unreached> {
        let m = self.order();
        let id = |x: Elem| new_id.get(x as usize).copied().unwrap_or(0);
        budget.reserve(m.saturating_mul(self.action.len()).saturating_mul(4))?;
        let mut action = vec![vec![0 as Elem; m]; self.action.len()];
        for (new_row, row) in action.iter_mut().zip(&self.action) {
            budget.ticks(m as u32)?;
            for (x, &y) in row.iter().enumerate() {
                if let Some(slot) = new_row.get_mut(id(x as Elem) as usize) {
                    *slot = id(y);
                }
            }
        }
        let ident = self
            .tree
            .iter()
            .position(|s| s.depth == 0)
            .map_or(0, |x| id(x as Elem));
        Products::new(action, m, ident, budget)
    }

    /// The monoid laws as the module states them: every generator acts on
    /// every element, one element is the root of the words, every other
    /// element's step is one generator from its parent, one level nearer the
    /// root, and the generators' actions commute. `Ok(None)` when they hold, else a pair
    /// of elements where they fail.
    pub(super) fn check(&self, budget: &Budget) -> Result<Option<String>, Exceeded> {
        let act = |g: usize, x: Elem| {
            self.action
                .get(g)
                .and_then(|row| row.get(x as usize))
                .copied()
        };
        let m = self.order();
        if let Some(g) = self
            .action
            .iter()
            .position(|row| row.len() != m || row.iter().any(|&y| y as usize >= m))
        {
            return Ok(Some(format!("generator {g} does not act on every element")));
        }
        if self.tree.iter().filter(|s| s.depth == 0).count() != 1 {
            return Ok(Some("the words do not start from one identity".into()));
        }
        for (x, s) in self.tree.iter().enumerate() {
            budget.tick()?;
            if s.depth == 0 {
                continue;
            }
            let parent_depth = self.tree.get(s.parent as usize).map(|p| p.depth);
            if act(s.generator as usize, s.parent) != Some(x as Elem)
                || parent_depth != s.depth.checked_sub(1)
            {
                return Ok(Some(format!("element {x} is not its word's product")));
            }
        }
        for g in 0..self.action.len() {
            for h in g + 1..self.action.len() {
                budget.ticks(self.order() as u32)?;
                for x in 0..self.order() as Elem {
                    let gh = act(g, x).and_then(|y| act(h, y));
                    let hg = act(h, x).and_then(|y| act(g, y));
                    if gh.is_none() || gh != hg {
                        return Ok(Some(format!(
                            "generators {g} and {h} do not commute on element {x}"
                        )));
                    }
                }
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    /// The cyclic monoid ⟨x | x^(i+p) = x^i⟩ on exponents 0..i+p.
    fn cyc(i: usize, p: usize, a: usize) -> usize {
        if a < i + p {
            a
        } else {
            i + (a - i) % p
        }
    }

    /// C(i1, p1) × C(i2, p2) given by its two generators' actions, against
    /// the product computed coordinate by coordinate.
    #[test]
    fn products_of_cyclic_monoids_are_coordinatewise() {
        let budget = Budget::default();
        for (i1, p1, i2, p2) in [(1, 1, 1, 1), (2, 3, 1, 2), (3, 2, 4, 4), (0, 5, 2, 1)] {
            let (l1, l2) = (i1 + p1, i2 + p2);
            let m = l1 * l2;
            let id = |a: usize, b: usize| (a * l2 + b) as Elem;
            let mut g1 = vec![0; m];
            let mut g2 = vec![0; m];
            for a in 0..l1 {
                for b in 0..l2 {
                    g1[id(a, b) as usize] = id(cyc(i1, p1, a + 1), b);
                    g2[id(a, b) as usize] = id(a, cyc(i2, p2, b + 1));
                }
            }
            let prod = Products::new(vec![g1, g2], m, 0, &budget).unwrap();
            assert_eq!(prod.check(&budget).unwrap(), None);
            for a in 0..l1 {
                for b in 0..l2 {
                    for c in 0..l1 {
                        for d in 0..l2 {
                            let want = id(cyc(i1, p1, a + c), cyc(i2, p2, b + d));
                            assert_eq!(prod.mul(id(a, b), id(c, d)), want);
                        }
                    }
                }
            }
            // Renaming the elements keeps every product.
            let new_id: Vec<Elem> = (0..m as Elem).rev().collect();
            let renamed = prod.renumbered(&new_id, &budget).unwrap();
            assert_eq!(renamed.check(&budget).unwrap(), None);
            for x in 0..m as Elem {
                for y in 0..m as Elem {
                    assert_eq!(
                        renamed.mul(new_id[x as usize], new_id[y as usize]),
                        new_id[prod.mul(x, y) as usize]
                    );
                }
            }
        }
    }

    /// Actions that do not commute are no commutative monoid: x ↦ x+1 mod 3
    /// and the swap of 1 and 2 reach every element from 0, but the check
    /// must refuse them.
    #[test]
    fn actions_that_do_not_commute_are_refused() {
        let budget = Budget::default();
        let prod = Products::new(vec![vec![1, 2, 0], vec![0, 2, 1]], 3, 0, &budget).unwrap();
        assert!(prod.check(&budget).unwrap().is_some());
    }

    /// An element no generator reaches is an error, not a silent product.
    #[test]
    fn unreached_elements_are_reported() {
        let budget = Budget::default();
        assert_eq!(
            Products::new(vec![vec![1, 1, 2]], 3, 0, &budget),
            Err(Unreached::Element(2))
        );
    }
}

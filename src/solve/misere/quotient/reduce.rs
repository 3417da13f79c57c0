//! The reduction of a candidate modulo indistinguishability: two elements are
//! one when multiplying both by anything gives the same label (P or not, for
//! the misère quotient). Moore refinement over the generators' action finds
//! the classes; the reduced monoid is the classes with their products.

use super::products::Products;
use super::{Elem, Monoid, QuotientError};
use crate::budget::Budget;
use rustc_hash::FxHashMap;
use std::collections::HashSet;

/// Moore refinement: the coarsest partition of `0..size` that separates
/// labels (P from non-P when the cap is 1) and is stable under multiplication
/// by every generator (`action[g][x]` = x·g). Because the generators
/// generate the monoid, this is indistinguishability.
pub(super) fn moore_rows<E>(
    size: usize,
    action: &[Vec<Elem>],
    labels: &[u32],
    budget: &Budget,
) -> Result<Vec<Elem>, QuotientError<E>> {
    let mut class: Vec<Elem> = (0..size)
        .map(|a| labels.get(a).copied().unwrap_or(0))
        .collect();
    let mut count = class.iter().copied().collect::<HashSet<_>>().len();
    // Every element's signature (its class, then its classes times each
    // generator) in one flat buffer: no allocation per element.
    let width = action.len() + 1;
    budget.reserve(size.saturating_mul(width).saturating_mul(4))?;
    let mut sigs: Vec<Elem> = vec![0; size.saturating_mul(width)];
    loop {
        for (a, sig) in sigs.chunks_exact_mut(width).enumerate() {
            budget.tick()?;
            let cls = |b: usize| class.get(b).copied().unwrap_or(0);
            if let Some((own, times)) = sig.split_first_mut() {
                *own = cls(a);
                for (slot, row) in times.iter_mut().zip(action) {
                    *slot = cls(row.get(a).copied().unwrap_or(0) as usize);
                }
            }
        }
        let mut ids: FxHashMap<&[Elem], Elem> = FxHashMap::default();
        let next: Vec<Elem> = sigs
            .chunks_exact(width)
            .map(|sig| {
                let fresh = ids.len() as Elem;
                *ids.entry(sig).or_insert(fresh)
            })
            .collect();
        let new_count = ids.len();
        class = next;
        if new_count == count {
            return Ok(class);
        }
        count = new_count;
    }
}

/// The candidate of `labels.len()` elements (`action[g][x]` = x·g for each
/// generator g, `img_dense` each heap's image, 0 the identity) reduced modulo
/// indistinguishability, with each heap's image in the result. The reduced
/// monoid keeps the generators' actions on the classes, never a full table.
pub(super) fn reduce<E>(
    action: &[Vec<Elem>],
    labels: &[u32],
    img_dense: &[Elem],
    cap: u32,
    budget: &Budget,
) -> Result<(Monoid, Vec<Elem>), QuotientError<E>> {
    let class = moore_rows(labels.len(), action, labels, budget)?;
    let c = class.iter().copied().max().map_or(0, |c| c as usize + 1);
    let mut rep = vec![usize::MAX; c];
    for (a, &cl) in class.iter().enumerate() {
        if let Some(r) = rep.get_mut(cl as usize) {
            if *r == usize::MAX {
                *r = a;
            }
        }
    }
    let cls = |a: Elem| class.get(a as usize).copied().unwrap_or(0);
    budget.reserve(c.saturating_mul(action.len()).saturating_mul(4))?;
    let reduced: Vec<Vec<Elem>> = action
        .iter()
        .map(|row| {
            rep.iter()
                .map(|&r| cls(row.get(r).copied().unwrap_or(0)))
                .collect()
        })
        .collect();
    let new_labels = rep
        .iter()
        .map(|&r| labels.get(r).copied().unwrap_or(cap))
        .collect();
    let new_phi = img_dense.iter().map(|&x| cls(x)).collect();
    let ident = cls(0);
    Ok((
        Monoid {
            products: Products::new(reduced, c, ident, budget)?,
            labels: new_labels,
            cap,
            ident,
        },
        new_phi,
    ))
}

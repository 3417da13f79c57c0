//! The presentation of a finished quotient (Plambeck–Siegel): its generators
//! (heaps whose image the smaller heaps do not generate), each element's
//! normal form, the relations, and the elements renumbered in normal-form
//! order; and how monomials are printed.

use super::{Elem, Monoid, Presentation, Quotient, QuotientError};
use crate::budget::Budget;
use std::collections::HashSet;

/// Names the generators, finds normal forms and relations, and renumbers the
/// elements in normal-form order (identity 0, then by degree).
/// The options are left empty: the caller stores them once, at the end.
pub(super) fn finish<E>(
    mon: &Monoid,
    phi: &[Elem],
    budget: &Budget,
) -> Result<Quotient, QuotientError<E>> {
    // Generators: heaps whose image is outside the submonoid of smaller heaps.
    let mut generated = vec![false; mon.m()];
    if let Some(g) = generated.get_mut(mon.ident as usize) {
        *g = true;
    }
    let mut generator_heaps = Vec::new();
    let mut gen_elems = Vec::new();
    for (h, &img) in phi.iter().enumerate().skip(1) {
        if generated.get(img as usize).copied().unwrap_or(true) {
            continue;
        }
        generator_heaps.push(h);
        gen_elems.push(img);
        // Close the submonoid under the new generator.
        let mut stack: Vec<Elem> = (0..mon.m() as Elem)
            .filter(|&x| generated.get(x as usize).copied().unwrap_or(false))
            .collect();
        while let Some(x) = stack.pop() {
            budget.tick()?;
            let y = mon.mul(x, img);
            if let Some(gy) = generated.get_mut(y as usize) {
                if !*gy {
                    *gy = true;
                    stack.push(y);
                }
            }
        }
    }
    let n_gen = gen_elems.len();
    // Normal forms degree by degree; within a degree, in term order.
    let mut nf: Vec<Option<Vec<u32>>> = vec![None; mon.m()];
    let mut order: Vec<Elem> = vec![mon.ident];
    if let Some(slot) = nf.get_mut(mon.ident as usize) {
        *slot = Some(vec![0; n_gen]);
    }
    let mut standard: HashSet<Vec<u32>> = HashSet::new();
    standard.insert(vec![0; n_gen]);
    let mut layer: Vec<(Vec<u32>, Elem)> = vec![(vec![0; n_gen], mon.ident)];
    let mut relations: Vec<(Vec<u32>, Elem)> = Vec::new();
    while !layer.is_empty() {
        let mut cands: Vec<(Vec<u32>, Elem)> = Vec::new();
        for (e, x) in &layer {
            budget.ticks(n_gen as u32)?;
            let last = e.iter().rposition(|&v| v > 0).unwrap_or(0);
            for (g, &img) in gen_elems.iter().enumerate().skip(last) {
                let mut f = e.clone();
                if let Some(v) = f.get_mut(g) {
                    *v += 1;
                }
                cands.push((f, mon.mul(*x, img)));
            }
        }
        cands.sort_by(|a, b| term_cmp(&a.0, &b.0));
        let mut next = Vec::new();
        for (f, x) in cands {
            match nf.get_mut(x as usize) {
                Some(slot @ None) => {
                    *slot = Some(f.clone());
                    order.push(x);
                    standard.insert(f.clone());
                    next.push((f, x));
                }
                Some(Some(_)) => {
                    let minimal = (0..n_gen).all(|g| {
                        let mut d = f.clone();
                        match d.get_mut(g) {
                            Some(v) if *v > 0 => {
                                *v -= 1;
                                standard.contains(&d)
                            }
                            _ => true,
                        }
                    });
                    if minimal {
                        relations.push((f, x));
                    }
                }
                None => return Err(QuotientError::Internal("element out of range".into())),
            }
        }
        layer = next;
    }
    if order.len() != mon.m() {
        return Err(QuotientError::Internal(format!(
            "{} of {} elements are not generated",
            mon.m() - order.len(),
            mon.m()
        )));
    }
    // Renumber: new id = position in `order`.
    let mut new_id = vec![0 as Elem; mon.m()];
    for (i, &x) in order.iter().enumerate() {
        if let Some(slot) = new_id.get_mut(x as usize) {
            *slot = i as Elem;
        }
    }
    let id = |x: Elem| new_id.get(x as usize).copied().unwrap_or(0);
    let products = mon.products.renumbered(&new_id, budget)?;
    let labels = order.iter().map(|&x| mon.label(x)).collect();
    let normal_forms: Vec<Vec<u32>> = order
        .iter()
        .map(|&x| nf.get(x as usize).cloned().flatten().unwrap_or_default())
        .collect();
    let mut relations: Vec<(Vec<u32>, Vec<u32>)> = relations
        .into_iter()
        .map(|(lhs, x)| {
            let rhs = normal_forms
                .get(id(x) as usize)
                .cloned()
                .unwrap_or_default();
            (lhs, rhs)
        })
        .collect();
    // Printed as Plambeck–Siegel do: ordered by the heaviest letter first.
    relations.sort_by(|a, b| lex_from_top(&a.0, &b.0));
    Ok(Quotient {
        products,
        labels,
        cap: mon.cap,
        phi: phi.iter().map(|&x| id(x)).collect(),
        options: Vec::new(),
        presentation: Presentation {
            generator_heaps,
            normal_forms,
            relations,
        },
        period: None,
    })
}

/// Compares exponent vectors from the last generator down.
fn lex_from_top(a: &[u32], b: &[u32]) -> std::cmp::Ordering {
    a.iter().rev().cmp(b.iter().rev())
}

/// The term order: total degree, then [`lex_from_top`], so normal forms prefer
/// early letters (`bc = ab`, `c² = b²`).
fn term_cmp(a: &[u32], b: &[u32]) -> std::cmp::Ordering {
    let da: u32 = a.iter().sum();
    let db: u32 = b.iter().sum();
    da.cmp(&db).then_with(|| lex_from_top(a, b))
}

/// Superscript digits for exponents.
fn superscript(n: u32) -> String {
    const SUP: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    n.to_string()
        .chars()
        .map(|c| {
            c.to_digit(10)
                .and_then(|d| SUP.get(d as usize).copied())
                .unwrap_or(c)
        })
        .collect()
}

/// The name of generator `i`: a…z, then g26, g27, … (quotients rarely need more).
pub fn generator_name(i: usize) -> String {
    if i < 26 {
        char::from(b'a' + i as u8).to_string()
    } else {
        format!("g{i}")
    }
}

/// Prints an exponent vector as a monomial (`ab²`, or `1` for the identity).
pub fn monomial(exps: &[u32]) -> String {
    let mut s = String::new();
    for (i, &e) in exps.iter().enumerate() {
        if e > 0 {
            s.push_str(&generator_name(i));
            if e > 1 {
                s.push_str(&superscript(e));
            }
        }
    }
    if s.is_empty() {
        s.push('1');
    }
    s
}

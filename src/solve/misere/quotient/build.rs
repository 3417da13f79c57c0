//! The heap-by-heap construction of a quotient (see the module above):
//! for each new heap, the column recursion guesses its cyclic part over the
//! quotient so far; the candidate (that quotient times the cyclic parts of the
//! free heaps) is marked through least-rank representatives, reduced
//! ([`super::reduce`]) and checked from the rules ([`super::certify::check`]);
//! a failed candidate frees the heaps of the misjudged sum (recalibration)
//! and the step is retried.

use super::products::Products;
use super::reduce::reduce;
use super::rules::HeapRules;
use super::{
    certify, periodic, presentation, Elem, Monoid, Quotient, QuotientError, Trace, MAX_CAP,
};
use crate::budget::Budget;
use crate::solve::mex::capped_mex;
use rustc_hash::FxHashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Most elements a candidate monoid may have before reduction. Candidates
/// are kept as generator actions (m·G entries, not m²), so the memory limit
/// usually ends a large one first; this bounds the ids' width. (At 2²⁰, the
/// old bound, Dawson's Kayles stopped at heap 34's 17th candidate; allowed
/// further, its reduced candidates reached 1.3 million elements and came
/// back down to 36,000 three candidates later.)
const MAX_CANDIDATE: usize = 1 << 24;

/// Most columns (copies of the new heap) tried before their sequence must repeat.
const MAX_COLUMNS: usize = 4096;

/// Most failed candidates per heap before the construction gives up.
const MAX_RECALIBRATIONS: usize = 1000;

/// Appends the next heap's rank: 1 + the largest rank-sum of an option. Any move lowers
/// the rank-sum of a word, so ordering words by it is well founded even for
/// rules that split a heap without removing tokens (d0 = 4).
fn push_rank(rank: &mut Vec<u64>, opts: &[Vec<usize>]) {
    let mut best = 0u64;
    for o in opts {
        let s = o
            .iter()
            .map(|&h| rank.get(h).copied().unwrap_or(0))
            .fold(0u64, u64::saturating_add);
        best = best.max(s);
    }
    rank.push(if opts.is_empty() && rank.is_empty() {
        0
    } else {
        best.saturating_add(1)
    });
}

/// Called after each heap with the construction as it stands (the monoid,
/// unnamed, Φ, and every heap's options so far): a checkpoint saves it, and
/// may refuse with a reason.
pub(super) type OnHeap<'a> =
    &'a mut dyn FnMut(&Monoid, &[Elem], &[Vec<Vec<usize>>]) -> Result<(), String>;

/// A heap's options from the rules, refused unless every part is smaller.
fn heap_options<R: HeapRules>(
    rules: &mut R,
    h: usize,
) -> Result<Vec<Vec<usize>>, QuotientError<R::Error>> {
    let mut opts = Vec::new();
    rules.options(h, &mut opts).map_err(QuotientError::Rules)?;
    if let Some(o) = opts
        .iter()
        .find(|o| o.iter().any(|&part| part >= h || part == 0))
    {
        return Err(QuotientError::IllFounded {
            heap: h,
            option: o.clone(),
        });
    }
    Ok(opts)
}

/// [`labelled`], noting in `at` the heap it is adding (`max_heap` during the
/// final certificate) and its failed candidates, carried on from `from` (a
/// monoid and Φ an earlier run left after some heap ≤ `max_heap`) when
/// given, and reporting each heap added to `on_heap`.
pub(super) fn build<R: HeapRules>(
    rules: &mut R,
    max_heap: usize,
    cap: u32,
    budget: &Budget,
    at: &mut Trace,
    from: Option<(Monoid, Vec<Elem>)>,
    on_heap: OnHeap<'_>,
) -> Result<Quotient, QuotientError<R::Error>> {
    let cap = cap.clamp(1, MAX_CAP);
    let (mut mon, mut phi) = from.unwrap_or_else(|| {
        (
            Monoid {
                products: Products::trivial(),
                // The empty sum has no move: misère value 1.
                labels: vec![1],
                cap,
                ident: 0,
            },
            vec![0],
        )
    });
    if mon.cap != cap || phi.len() > max_heap.saturating_add(1) || phi.is_empty() {
        return Err(QuotientError::Internal(
            "a saved construction does not fit the quotient asked for".into(),
        ));
    }
    let mut options: Vec<Vec<Vec<usize>>> = vec![Vec::new()];
    // Ranks, heap by heap (each needs only the smaller heaps'). Grown as
    // heaps are added, never reserved for `max_heap` at once: a bound such as
    // 10^18 is reached by a limit at the heap where it stops, not by an
    // allocation the budget never saw.
    let mut weights: Vec<u64> = Vec::new();
    push_rank(&mut weights, &[]);
    // The heaps a saved construction already holds: their options only.
    for h in 1..phi.len() {
        at.heap = h;
        budget.tick()?;
        let opts = heap_options(rules, h)?;
        push_rank(&mut weights, &opts);
        options.push(opts);
    }
    for h in phi.len()..=max_heap {
        *at = Trace {
            heap: h,
            ..Trace::default()
        };
        let opts = heap_options(rules, h)?;
        push_rank(&mut weights, &opts);
        if opts.is_empty() {
            // A heap with no move is the game 0: its image is the identity. (The
            // column recursion below assumes every new heap has a move.)
            options.push(opts);
            phi.push(mon.ident);
            on_heap(&mon, &phi, &options).map_err(QuotientError::Saved)?;
            continue;
        }
        options.push(opts);
        let (index, period) = columns(&mon, &phi, &options, &weights, h, budget)?;
        // MisereSolver's scheme: each failed candidate, already reduced, is the
        // base of the next one, with only the heaps of the misjudged sum freed;
        // so freed heaps do not multiply up across retries.
        let mut base = mon.clone();
        let mut base_phi = phi.clone();
        let mut free = vec![Free {
            heap: h,
            index,
            period,
        }];
        let mut attempts = 0;
        loop {
            let (next, next_phi) = candidate(&base, &base_phi, &options, &weights, &free, budget)?;
            // Checked as it stands: naming its elements (normal forms, a
            // renumbered copy of the table) waits for the last heap.
            let q = Quotient::unnamed(next, next_phi)?;
            let checked = certify::check(&q, &options, budget);
            let (next, next_phi) = q.into_monoid();
            match checked {
                Ok(()) => {
                    mon = next;
                    phi = next_phi;
                    on_heap(&mon, &phi, &options).map_err(QuotientError::Saved)?;
                    break;
                }
                Err(certify::CertifyError::Rules(e)) => return Err(QuotientError::Rules(e)),
                Err(certify::CertifyError::Budget(e)) => return Err(QuotientError::Budget(e)),
                Err(certify::CertifyError::Failed { message, word }) => {
                    attempts += 1;
                    at.candidates = attempts;
                    at.failure.clone_from(&word);
                    if attempts > MAX_RECALIBRATIONS || word.is_empty() {
                        return Err(QuotientError::Uncertified(message));
                    }
                    free = recalibrate(&next, &next_phi, &options, &weights, &word, budget)?;
                    base = next;
                    base_phi = next_phi;
                }
            }
        }
    }
    // The full certificate (monoid axioms and reducedness too) once, at the end.
    at.heap = max_heap;
    let mut q = presentation::finish(&mon, &phi, budget)?;
    // Stored once, not copied into every candidate.
    q.options = options;
    match certify::certify(&q, rules, budget) {
        Ok(_) => {
            // Certified: the theorem applies when the window is long enough.
            // It is stated for outcomes, so value quotients keep none.
            if cap == 1 {
                q.period =
                    periodic::periodicity(&q, rules.octal_digits(), true).filter(|p| p.proven);
            }
            Ok(q)
        }
        Err(certify::CertifyError::Rules(e)) => Err(QuotientError::Rules(e)),
        Err(certify::CertifyError::Budget(e)) => Err(QuotientError::Budget(e)),
        Err(certify::CertifyError::Failed { message, .. }) => {
            Err(QuotientError::Uncertified(message))
        }
    }
}

/// A heap that the next candidate tracks by its own multiplicity, capped by the
/// cyclic monoid ⟨x | x^(index+period) = x^index⟩, instead of through its image
/// in the previous quotient.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Free {
    heap: usize,
    index: usize,
    period: usize,
}

impl Free {
    fn len(&self) -> usize {
        self.index + self.period
    }

    fn cap(&self, c: usize) -> usize {
        if c < self.len() {
            c
        } else {
            self.index + (c - self.index) % self.period.max(1)
        }
    }
}

/// A label as a bit of a set of labels. A label at the cap means "cap or
/// more": its bit (none at [`MAX_CAP`]) lies at or above the cap, where
/// [`capped_mex`] never looks.
fn label_bit(label: Option<u32>) -> u64 {
    match label {
        Some(l) if l < MAX_CAP => 1 << l,
        _ => 0,
    }
}

/// Index and period of x in a monoid: the least i, p with x^(i+p) = x^i.
fn index_period(mon: &Monoid, x: Elem) -> (usize, usize) {
    let mut powers: Vec<Elem> = vec![mon.ident];
    loop {
        let next = mon.mul(powers.last().copied().unwrap_or(mon.ident), x);
        if let Some(i) = powers.iter().position(|&y| y == next) {
            return (i, powers.len() - i);
        }
        powers.push(next);
    }
}

/// After a failed candidate, MisereSolver's way (`recalibrate`): free the fewest
/// heaps of the misjudged sum that change the verdict on it, each as a cyclic
/// factor with room for its multiplicity there and at least the index and
/// period its image had in the failed candidate, which is the new base.
/// Subsets of one and two heaps are tried, then all.
fn recalibrate<E>(
    failed: &Monoid,
    failed_phi: &[Elem],
    options: &[Vec<Vec<usize>>],
    weights: &[u64],
    word: &[usize],
    budget: &Budget,
) -> Result<Vec<Free>, QuotientError<E>> {
    let verdict = |m: &Monoid, img: &[Elem]| {
        m.label(image_in(
            m,
            |h| img.get(h).copied().unwrap_or(m.ident),
            word,
        ))
    };
    let old = verdict(failed, failed_phi);
    let mut heaps: Vec<usize> = word
        .iter()
        .copied()
        .filter(|&h| options.get(h).is_some_and(|o| !o.is_empty()))
        .collect();
    heaps.dedup();
    let widen = |set: &[usize]| -> Vec<Free> {
        set.iter()
            .map(|&h| {
                let mult = word.iter().filter(|&&x| x == h).count();
                let (i, p) = index_period(failed, failed_phi.get(h).copied().unwrap_or(0));
                Free {
                    heap: h,
                    index: i.max(mult).max(1),
                    period: p.max(2),
                }
            })
            .collect()
    };
    let mut subsets: Vec<Vec<usize>> = heaps.iter().map(|&h| vec![h]).collect();
    for (i, &a) in heaps.iter().enumerate() {
        for &b in heaps.iter().skip(i + 1) {
            subsets.push(vec![a, b]);
        }
    }
    for set in subsets {
        let trial = widen(&set);
        match candidate(failed, failed_phi, options, weights, &trial, budget) {
            Ok((m, img)) => {
                if verdict(&m, &img) != old {
                    return Ok(trial);
                }
            }
            Err(QuotientError::TooLarge(_)) => continue,
            Err(e) => return Err(e),
        }
    }
    Ok(widen(&heaps))
}

/// The image of a sum under a heap-image map, in `mon`.
fn image_in(mon: &Monoid, img: impl Fn(usize) -> Elem, sum: &[usize]) -> Elem {
    sum.iter().fold(mon.ident, |acc, &h| mon.mul(acc, img(h)))
}

/// Least-rank representatives: Dijkstra from the identity over the heap
/// images, returning the settle order, each element's (parent, heap) and its
/// option images M (of the representative word). Every option of a
/// representative has a smaller rank-sum, so its image is settled earlier.
type Reps = (Vec<Elem>, Vec<Vec<Elem>>);

fn representatives<E>(
    m: usize,
    ident: Elem,
    mul: impl Fn(Elem, Elem) -> Elem,
    heap_img: &[Elem],
    trans: &[Vec<Elem>],
    weights: &[u64],
    budget: &Budget,
) -> Result<Reps, QuotientError<E>> {
    // Cheapest heap for each distinct image.
    let mut gens: Vec<(Elem, usize)> = Vec::new();
    for (g, &img) in heap_img.iter().enumerate().skip(1) {
        if trans.get(g).is_none_or(Vec::is_empty) {
            continue;
        }
        let w = weights.get(g).copied().unwrap_or(u64::MAX);
        match gens.iter_mut().find(|(i, _)| *i == img) {
            Some(entry) => {
                if weights.get(entry.1).copied().unwrap_or(u64::MAX) > w {
                    entry.1 = g;
                }
            }
            None => gens.push((img, g)),
        }
    }
    let mut dist = vec![u64::MAX; m];
    let mut parent: Vec<Option<(Elem, usize)>> = vec![None; m];
    let mut order: Vec<Elem> = Vec::new();
    let mut done = vec![false; m];
    let mut heap = BinaryHeap::new();
    if let Some(d) = dist.get_mut(ident as usize) {
        *d = 0;
    }
    heap.push(Reverse((0u64, ident)));
    while let Some(Reverse((d, x))) = heap.pop() {
        budget.tick()?;
        if done.get(x as usize).copied().unwrap_or(true) {
            continue;
        }
        if let Some(f) = done.get_mut(x as usize) {
            *f = true;
        }
        order.push(x);
        for &(img, g) in &gens {
            let y = mul(x, img);
            let nd = d.saturating_add(weights.get(g).copied().unwrap_or(u64::MAX));
            if let Some(dy) = dist.get_mut(y as usize) {
                if nd < *dy {
                    *dy = nd;
                    if let Some(p) = parent.get_mut(y as usize) {
                        *p = Some((x, g));
                    }
                    heap.push(Reverse((nd, y)));
                }
            }
        }
    }
    // M(w + g) = Φ(g)·M(w) ∪ Φ(w)·T(g), along the parent chain.
    let mut moves: Vec<Vec<Elem>> = vec![Vec::new(); m];
    for &x in &order {
        if let Some(Some((px, g))) = parent.get(x as usize).copied() {
            let img = heap_img.get(g).copied().unwrap_or(ident);
            let mut set: Vec<Elem> = moves
                .get(px as usize)
                .map(|v| v.iter().map(|&y| mul(img, y)).collect())
                .unwrap_or_default();
            for &t in trans.get(g).map(Vec::as_slice).unwrap_or(&[]) {
                set.push(mul(px, t));
            }
            set.sort_unstable();
            set.dedup();
            if let Some(slot) = moves.get_mut(x as usize) {
                *slot = set;
            }
        }
    }
    Ok((order, moves))
}

/// Transition sets of heaps 0..options.len() under a heap-image map.
fn transitions(mon: &Monoid, heap_img: &[Elem], options: &[Vec<Vec<usize>>]) -> Vec<Vec<Elem>> {
    let img = |h: usize| heap_img.get(h).copied().unwrap_or(mon.ident);
    options
        .iter()
        .map(|opts| {
            let mut t: Vec<Elem> = opts.iter().map(|o| image_in(mon, img, o)).collect();
            t.sort_unstable();
            t.dedup();
            t
        })
        .collect()
}

/// The fast path's guess for heap h's cyclic part: which (q, j) are P, j copies
/// of h over Q_n, column by column; each column is a function of the previous
/// one, so they repeat, and the first repeat gives (index, period).
fn columns<E>(
    mon: &Monoid,
    phi: &[Elem],
    options: &[Vec<Vec<usize>>],
    weights: &[u64],
    h: usize,
    budget: &Budget,
) -> Result<(usize, usize), QuotientError<E>> {
    let old = options.get(..h).unwrap_or(options);
    let trans = transitions(mon, phi, old);
    let t_new = transitions(mon, phi, options.get(h..=h).unwrap_or(&[]))
        .pop()
        .unwrap_or_default();
    let (order, moves) = representatives(
        mon.m(),
        mon.ident,
        |a, b| mon.mul(a, b),
        phi,
        &trans,
        weights,
        budget,
    )?;
    let m = mon.m();
    let mut cols: Vec<Vec<u32>> = vec![mon.labels.clone()];
    let mut seen: FxHashMap<Vec<u32>, usize> = FxHashMap::default();
    seen.insert(mon.labels.clone(), 0);
    loop {
        let j = cols.len();
        if j > MAX_COLUMNS {
            return Err(QuotientError::TooLarge(h));
        }
        let prev = cols.last().cloned().unwrap_or_default();
        let mut col = vec![mon.cap; m];
        for &q in &order {
            budget.tick()?;
            // The sum has a move (in a copy of h): its label is the capped mex
            // of its options' labels, in h (column j−1) and elsewhere (column j).
            let mut mask = 0u64;
            for &t in &t_new {
                mask |= label_bit(prev.get(mon.mul(q, t) as usize).copied());
            }
            for &y in moves.get(q as usize).map(Vec::as_slice).unwrap_or(&[]) {
                mask |= label_bit(col.get(y as usize).copied());
            }
            if let Some(c) = col.get_mut(q as usize) {
                *c = capped_mex(mask, mon.cap);
            }
        }
        if let Some(&i) = seen.get(&col) {
            return Ok((i, j - i));
        }
        seen.insert(col.clone(), j);
        cols.push(col);
    }
}

/// A candidate for heaps 0..=h: the submonoid of Q_n generated by the heaps that
/// are not free, times one cyclic monoid per free heap. Its P-portion is marked
/// through least-rank representatives (P iff it has a move and none into P),
/// then it is reduced modulo indistinguishability. The caller certifies it.
fn candidate<E>(
    mon: &Monoid,
    phi: &[Elem],
    options: &[Vec<Vec<usize>>],
    weights: &[u64],
    free: &[Free],
    budget: &Budget,
) -> Result<(Monoid, Vec<Elem>), QuotientError<E>> {
    let radix: usize = free.iter().map(Free::len).product();
    let size = mon.m().saturating_mul(radix);
    let h = options.len().saturating_sub(1);
    if size > MAX_CANDIDATE || radix == 0 {
        return Err(QuotientError::TooLarge(h));
    }
    budget.reserve(size.saturating_mul(16))?;
    // Element (b, j1, …, jr) has id b·radix + mixed-radix(j).
    let join = |b: usize, js: &[usize]| -> usize {
        let mut code = 0;
        for (f, &j) in free.iter().zip(js).rev() {
            code = code * f.len() + j;
        }
        b * radix + code
    };
    // Products of the cyclic parts, digit by digit (no allocation), tabulated
    // when the table is small: this product is the construction's inner loop.
    let cyclic = |a: usize, b: usize| -> usize {
        let (mut a, mut b, mut code, mut place) = (a, b, 0, 1);
        for f in free {
            let l = f.len();
            code += f.cap(a % l + b % l) * place;
            place *= l;
            a /= l;
            b /= l;
        }
        code
    };
    let table: Vec<u32> = if radix.saturating_mul(radix) <= 1 << 20 {
        budget.reserve(radix * radix * 4)?;
        (0..radix * radix)
            .map(|i| cyclic(i / radix, i % radix) as u32)
            .collect()
    } else {
        Vec::new()
    };
    let mul = |x: usize, y: usize| -> usize {
        let (jx, jy) = (x % radix, y % radix);
        let j = match table.get(jx * radix + jy) {
            Some(&j) => j as usize,
            None => cyclic(jx, jy),
        };
        mon.mul((x / radix) as Elem, (y / radix) as Elem) as usize * radix + j
    };
    let ident = join(mon.ident as usize, &vec![0; free.len()]);
    // Heap images in the candidate.
    let heap_img: Vec<usize> = (0..=h)
        .map(|g| match free.iter().position(|f| f.heap == g) {
            Some(k) => {
                let mut js = vec![0; free.len()];
                if let (Some(j), Some(f)) = (js.get_mut(k), free.get(k)) {
                    *j = f.cap(1);
                }
                join(mon.ident as usize, &js)
            }
            None if options.get(g).is_none_or(Vec::is_empty) => ident,
            None => join(
                phi.get(g).copied().unwrap_or(mon.ident) as usize,
                &vec![0; free.len()],
            ),
        })
        .collect();
    // Explore the submonoid the heap images generate, with a dense id map.
    let mut dense: Vec<Elem> = vec![Elem::MAX; size];
    let mut elems: Vec<usize> = vec![ident];
    if let Some(d) = dense.get_mut(ident) {
        *d = 0;
    }
    let mut gens: Vec<usize> = heap_img.iter().skip(1).copied().collect();
    gens.sort_unstable();
    gens.dedup();
    let mut i = 0;
    while let Some(&x) = elems.get(i) {
        i += 1;
        for &g in &gens {
            budget.tick()?;
            let y = mul(x, g);
            if let Some(d) = dense.get_mut(y) {
                if *d == Elem::MAX {
                    *d = elems.len() as Elem;
                    elems.push(y);
                }
            }
        }
    }
    let k = elems.len();
    budget.reserve(k.saturating_mul(gens.len() + 2).saturating_mul(8))?;
    let id = |x: usize| dense.get(x).copied().unwrap_or(0);
    // The reached submonoid as an explicit monoid (table by generator rows is
    // enough for Dijkstra and Moore; the full table comes after reduction).
    let action: Vec<Vec<Elem>> = gens
        .iter()
        .map(|&g| elems.iter().map(|&x| id(mul(x, g))).collect())
        .collect();
    let img_dense: Vec<Elem> = heap_img.iter().map(|&x| id(x)).collect();
    // Transition sets of every heap, in dense ids.
    let trans: Vec<Vec<Elem>> = options
        .iter()
        .map(|opts| {
            let mut t: Vec<Elem> = opts
                .iter()
                .map(|o| {
                    let x = o.iter().fold(ident, |acc, &p| {
                        mul(acc, heap_img.get(p).copied().unwrap_or(ident))
                    });
                    id(x)
                })
                .collect();
            t.sort_unstable();
            t.dedup();
            t
        })
        .collect();
    // Representatives and marking need products of arbitrary elements only
    // through one side being a heap image or a transition; compute those on the
    // fly from the sparse elements.
    let dmul = |a: Elem, b: Elem| -> Elem {
        let (Some(&x), Some(&y)) = (elems.get(a as usize), elems.get(b as usize)) else {
            return 0;
        };
        id(mul(x, y))
    };
    let (order, moves) = representatives(k, 0, dmul, &img_dense, &trans, weights, budget)?;
    let mut labels = vec![mon.cap; k];
    for &x in &order {
        budget.tick()?;
        let mv = moves.get(x as usize).map(Vec::as_slice).unwrap_or(&[]);
        let label = if mv.is_empty() {
            1.min(mon.cap)
        } else {
            let mask = mv.iter().fold(0u64, |acc, &y| {
                acc | label_bit(labels.get(y as usize).copied())
            });
            capped_mex(mask, mon.cap)
        };
        if let Some(slot) = labels.get_mut(x as usize) {
            *slot = label;
        }
    }
    reduce(&action, &labels, &img_dense, mon.cap, budget)
}

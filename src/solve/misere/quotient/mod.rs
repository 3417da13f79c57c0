//! Misère quotients (Plambeck–Siegel) of heap rulesets: the partial quotient Q_N
//! of all sums of heaps ≤ N, built heap by heap, with O(k) outcome and
//! winning-move queries on sums of k heaps and a Plambeck–Siegel presentation.
//!
//! Construction, for heap h = n+1 given the reduced Q_n, its P-portion and Φ:
//! the candidate is Q_n × C, C the cyclic monoid of multiplicities of h. Which
//! (q, j) are P is computed column by column (j copies of h): a word u + j·h is P
//! iff no h-move lands in P (column j−1, through h's transition set) and no move
//! inside u does (column j, through the option images of one representative
//! word of q). Each column is a function of the previous one, so the columns
//! repeat; the first repeat gives C's index and period. The candidate is then
//! reduced modulo indistinguishability (Moore refinement over the heap images).
//! That candidate assumes Q_n's classes survive the new heap, which is false in
//! general (0.07 at heap 10). So every candidate is checked from the rules
//! ([`certify::check`]); on failure the heaps of the least misjudged sum
//! ([`least_failure`]) become free
//! cyclic factors over the failed candidate, already reduced (MisereSolver's
//! recalibration), and the step is retried. The result gets the full
//! certificate ([`certify::certify`]) before it is returned; nothing uncertified
//! is. This reproduces the published |Q_30(0.07)| = 360 in about 0.3 s.
//!
//! Here: the quotient and its queries; the heap-by-heap construction
//! ([`build`]); how elements multiply, from the generators' actions
//! ([`products`]); the least sum a candidate misjudges, in MisereSolver's
//! order ([`least_failure`]); the reduction modulo indistinguishability
//! ([`reduce`]); the presentation, names and renumbering of the result
//! ([`presentation`]); the certificate ([`certify`]); the periodicity
//! theorem ([`periodic`]); misère values read off a quotient ([`values`]);
//! heap rulesets ([`rules`]); a construction saved to a directory and
//! carried on ([`saved`]).

mod build;
pub(crate) mod certify;
mod least_failure;
pub(crate) mod periodic;
mod presentation;
mod products;
mod reduce;
pub(crate) mod rules;
mod saved;
#[cfg(test)]
mod tests;
pub(crate) mod values;

use crate::budget::{Budget, Exceeded};
pub use presentation::{generator_name, monomial};
use products::Products;
use rules::HeapRules;
use std::fmt;

/// An element of a quotient: an index into its multiplication table.
pub type Elem = u32;

/// Why a quotient could not be computed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QuotientError<E> {
    /// The rules failed to give a heap's options.
    Rules(E),
    /// A limit of the budget (memory, Ctrl-C) was reached.
    Budget(Exceeded),
    /// The time limit was reached while adding this heap: any larger bound
    /// would take at least as long.
    OutOfTime {
        /// The heap being added (the bound asked for, during the final
        /// certificate).
        heap: usize,
        /// The limit.
        limit: std::time::Duration,
    },
    /// The memory limit was reached while adding this heap.
    OutOfMemory {
        /// The heap being added (the bound asked for, during the final
        /// certificate).
        heap: usize,
        /// The limit, in bytes.
        limit: usize,
    },
    /// The position limit was reached while adding this heap.
    OutOfPositions {
        /// The heap being added.
        heap: usize,
        /// The limit, in positions.
        limit: usize,
    },
    /// Ctrl-C stopped the construction while it was adding this heap (only
    /// reported so when the heaps before it are saved; otherwise as
    /// [`QuotientError::Budget`]).
    Interrupted {
        /// The heap being added.
        heap: usize,
    },
    /// An option of `heap` contains a heap that is not smaller than it.
    IllFounded {
        /// The heap whose option is bad.
        heap: usize,
        /// The offending option.
        option: Vec<usize>,
    },
    /// The candidate monoid grew past [`MAX_CANDIDATE`] elements at this heap.
    TooLarge(usize),
    /// The candidate failed its certificate: heap-by-heap extension of the
    /// previous quotient does not describe this game (its classes split later).
    Uncertified(String),
    /// The directory a construction is saved to could not be used: read,
    /// written, or holding another game's quotient.
    Saved(String),
    /// An internal consistency check failed (a bug, reported, never hidden).
    Internal(String),
}

impl<E> From<Exceeded> for QuotientError<E> {
    fn from(e: Exceeded) -> Self {
        QuotientError::Budget(e)
    }
}

impl<E> From<products::Unreached> for QuotientError<E> {
    fn from(e: products::Unreached) -> Self {
        match e {
            products::Unreached::Budget(e) => QuotientError::Budget(e),
            products::Unreached::Element(x) => {
                QuotientError::Internal(format!("element {x} is not a product of generators"))
            }
        }
    }
}

/// A Plambeck–Siegel presentation: generators (images of heaps not generated by
/// smaller heaps), one normal form per element, and the rewriting relations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Presentation {
    /// The heap whose image each generator is, in order a, b, c, …
    pub generator_heaps: Vec<usize>,
    /// Each element's normal form: its exponent vector over the generators (the
    /// least monomial for the degree-then-lex order with later letters heavier).
    pub normal_forms: Vec<Vec<u32>>,
    /// The relations `lhs = rhs`: every minimal monomial that is not a normal form,
    /// equated with its element's normal form. They present the monoid.
    pub relations: Vec<(Vec<u32>, Vec<u32>)>,
}

/// A finite commutative monoid with its P-portion and the pretending function of
/// heaps 0..=N: the misère quotient of all sums of heaps ≤ N.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quotient {
    products: Products,
    /// Each element's label: the misère value of its sums, capped at `cap`
    /// (so with cap 1, 0 is P and 1 is N).
    labels: Vec<u32>,
    cap: u32,
    phi: Vec<Elem>,
    options: Vec<Vec<Vec<usize>>>,
    presentation: Presentation,
    /// Set only when the periodicity theorem proves Φ periodic for ever
    /// (an octal game, the misère quotient): then Q_N is the quotient of all
    /// heaps, and Φ of any heap is read from the period.
    period: Option<periodic::Periodicity>,
}

/// One winning move in a sum: replace component `component` (an index into the
/// queried heaps) by the heaps of `option`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinningMove {
    /// Which heap of the sum to move in.
    pub component: usize,
    /// What that heap becomes (empty heaps omitted).
    pub option: Vec<usize>,
}

/// A monoid under construction: products, labels (misère values capped at
/// `cap`; 0 is the P-portion) and identity.
#[derive(Debug, Clone)]
pub(super) struct Monoid {
    products: Products,
    labels: Vec<u32>,
    cap: u32,
    ident: Elem,
}

impl Monoid {
    /// Number of elements.
    fn m(&self) -> usize {
        self.products.order()
    }

    /// Ids are valid by construction; a miss would be a bug, and the certificate
    /// (which re-checks every product) would catch its consequences.
    fn mul(&self, x: Elem, y: Elem) -> Elem {
        self.products.mul(x, y)
    }

    fn label(&self, x: Elem) -> u32 {
        self.labels.get(x as usize).copied().unwrap_or(self.cap)
    }
}

/// Computes the partial quotient Q_N of the heap ruleset for heaps `0..=max_heap`.
///
/// The result is certified before it is returned ([`certify::certify`]); a
/// candidate that fails is reported as [`QuotientError::Uncertified`], never used.
pub fn quotient<R: HeapRules>(
    rules: &mut R,
    max_heap: usize,
    budget: &Budget,
) -> Result<Quotient, QuotientError<R::Error>> {
    labelled(rules, max_heap, 1, budget)
}

/// [`quotient`], saved to directory `dir` after every heap and carried on
/// from what `dir` holds for `game` (see [`saved`]): a run stopped by a limit
/// or Ctrl-C loses at most the heap it was adding.
pub fn quotient_saved<R: HeapRules>(
    rules: &mut R,
    max_heap: usize,
    budget: &Budget,
    (dir, game): (&std::path::Path, &str),
    trace: &mut Trace,
) -> Result<Quotient, QuotientError<R::Error>> {
    saved::labelled_saved(rules, max_heap, 1, budget, (dir, game), trace)
}

/// The largest cap [`labelled`] takes: labels below it are sets in one `u64`.
pub const MAX_CAP: u32 = 63;

/// The quotient of sums of heaps `0..=max_heap` modulo misère *value* (capped
/// at `cap`, at most [`MAX_CAP`]) rather than outcome: two sums are identified
/// when adding any third sum gives them the same value, or both values ≥ cap.
/// Cap 1 is the misère quotient itself (value 0 is P). The construction and
/// the certificate are the outcome quotient's, with a label (the capped mex of
/// the options' labels) where the outcome quotient has P or not. Where no
/// label reaches the cap, every sum's misère value is its image's label, so
/// genus values γk (values of G + k·*2) are read off it.
pub fn labelled<R: HeapRules>(
    rules: &mut R,
    max_heap: usize,
    cap: u32,
    budget: &Budget,
) -> Result<Quotient, QuotientError<R::Error>> {
    labelled_traced(rules, max_heap, cap, budget, &mut Trace::default())
}

/// Where a construction was when it stopped: the heap it was adding, how
/// many of that heap's candidates had failed, and the least sum the last of
/// them misjudged (a sum that needs ever more copies of some heaps is the
/// mark of a quotient that may be infinite: BENCHMARKS.md).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Trace {
    /// The heap being added.
    pub heap: usize,
    /// Its candidates that failed.
    pub candidates: usize,
    /// The sum of heaps the last failed candidate misjudged.
    pub failure: Vec<usize>,
}

/// [`quotient`], leaving in `trace` where it stopped.
pub fn quotient_traced<R: HeapRules>(
    rules: &mut R,
    max_heap: usize,
    budget: &Budget,
    trace: &mut Trace,
) -> Result<Quotient, QuotientError<R::Error>> {
    labelled_traced(rules, max_heap, 1, budget, trace)
}

/// [`labelled`], leaving in `trace` where it stopped.
fn labelled_traced<R: HeapRules>(
    rules: &mut R,
    max_heap: usize,
    cap: u32,
    budget: &Budget,
    trace: &mut Trace,
) -> Result<Quotient, QuotientError<R::Error>> {
    build::build(rules, max_heap, cap, budget, trace, None, &mut |_, _, _| {
        Ok(())
    })
    .map_err(|e| limit_at(e, trace.heap))
}

/// A limit of the budget, as the heap the construction was adding.
fn limit_at<E>(e: QuotientError<E>, at: usize) -> QuotientError<E> {
    match e {
        QuotientError::Budget(Exceeded::Timeout(limit)) => {
            QuotientError::OutOfTime { heap: at, limit }
        }
        QuotientError::Budget(Exceeded::Memory(limit)) => {
            QuotientError::OutOfMemory { heap: at, limit }
        }
        QuotientError::Budget(Exceeded::Positions(limit)) => {
            QuotientError::OutOfPositions { heap: at, limit }
        }
        other => other,
    }
}

impl Quotient {
    /// A candidate as it stands, to be checked: elements keep the
    /// construction's ids and have no names yet ([`presentation::finish`]
    /// gives them). The
    /// reduction numbers the identity 0, as a quotient's is.
    fn unnamed<E>(mon: Monoid, phi: Vec<Elem>) -> Result<Quotient, QuotientError<E>> {
        if mon.ident != 0 {
            return Err(QuotientError::Internal(format!(
                "the candidate's identity is element {}, not 0",
                mon.ident
            )));
        }
        Ok(Quotient {
            products: mon.products,
            labels: mon.labels,
            cap: mon.cap,
            phi,
            options: Vec::new(),
            presentation: Presentation {
                generator_heaps: Vec::new(),
                normal_forms: Vec::new(),
                relations: Vec::new(),
            },
            period: None,
        })
    }

    /// Back to a monoid under construction and its Φ (the inverse of
    /// [`Quotient::unnamed`]).
    fn into_monoid(self) -> (Monoid, Vec<Elem>) {
        let ident = self.identity();
        (
            Monoid {
                products: self.products,
                labels: self.labels,
                cap: self.cap,
                ident,
            },
            self.phi,
        )
    }

    /// Number of elements.
    pub fn order(&self) -> usize {
        self.products.order()
    }

    /// The largest heap whose image is known.
    pub fn max_heap(&self) -> usize {
        self.phi.len().saturating_sub(1)
    }

    /// The identity element (the image of the empty sum). Always 0.
    pub fn identity(&self) -> Elem {
        0
    }

    /// The product of two elements.
    pub fn mul(&self, x: Elem, y: Elem) -> Elem {
        self.products.mul(x, y)
    }

    /// Whether an element lies in the P-portion (label 0).
    pub fn in_p(&self, x: Elem) -> bool {
        self.label(x) == 0
    }

    /// An element's label: the misère value of its sums, or the cap when
    /// that value is the cap or more. With cap 1: 0 in P, 1 outside.
    pub fn label(&self, x: Elem) -> u32 {
        self.labels.get(x as usize).copied().unwrap_or(self.cap)
    }

    /// The cap on labels: 1 for the misère quotient, more for a value
    /// quotient (`labelled`).
    pub fn cap(&self) -> u32 {
        self.cap
    }

    /// The P-portion, in element order.
    pub fn p_portion(&self) -> Vec<Elem> {
        (0..self.order() as Elem)
            .filter(|&x| self.in_p(x))
            .collect()
    }

    /// Φ(n), the image of heap `n`: for n ≤ [`Quotient::max_heap`] from the
    /// table, beyond it from the proven period ([`Quotient::proven_period`]);
    /// `None` past N when there is none.
    pub fn phi(&self, n: usize) -> Option<Elem> {
        match (self.phi.get(n), &self.period) {
            (Some(&x), _) => Some(x),
            (None, Some(p)) => p.phi(self, n),
            (None, None) => None,
        }
    }

    /// Whether Φ(n) is known: n ≤ N, or any n once the period is proven.
    pub fn covers(&self, n: usize) -> bool {
        n <= self.max_heap() || self.period.is_some()
    }

    /// The period of Φ when the periodicity theorem proves it (then this is
    /// the quotient of all heaps, not only of heaps ≤ N).
    pub fn proven_period(&self) -> Option<&periodic::Periodicity> {
        self.period.as_ref()
    }

    /// This quotient, proven periodic, as the quotient of heaps 0..=`n`
    /// (n past N): Φ of the heaps past N read from the period. The options
    /// kept for winning moves stay those of heaps ≤ N. `None` without a
    /// proven period; the budget is asked for the table first.
    pub fn extended_to(mut self, n: usize, budget: &Budget) -> Result<Option<Self>, Exceeded> {
        let Some(p) = self.period else {
            return Ok(None);
        };
        let from = self.phi.len();
        budget.reserve(
            n.saturating_sub(from)
                .saturating_mul(std::mem::size_of::<Elem>()),
        )?;
        self.phi.reserve(n.saturating_sub(from).saturating_add(1));
        for h in from..=n {
            budget.tick()?;
            let Some(past) = h.checked_sub(p.preperiod) else {
                return Ok(None);
            };
            let Some(&x) = self.phi.get(p.preperiod + past % p.period.max(1)) else {
                return Ok(None);
            };
            self.phi.push(x);
        }
        Ok(Some(self))
    }

    /// The whole pretending function Φ(0..=N).
    pub fn phis(&self) -> &[Elem] {
        &self.phi
    }

    /// The options of heap `n` as the rules gave them (kept for winning moves).
    pub fn options(&self, n: usize) -> Option<&[Vec<usize>]> {
        self.options.get(n).map(Vec::as_slice)
    }

    /// The presentation: generators, normal forms, relations.
    pub fn presentation(&self) -> &Presentation {
        &self.presentation
    }

    /// An element's normal form, printed (`ab²`).
    pub fn name(&self, x: Elem) -> String {
        self.presentation
            .normal_forms
            .get(x as usize)
            .map_or_else(|| format!("?{x}"), |e| monomial(e))
    }

    /// The image of a sum of heaps: k table lookups. `None` if a heap exceeds N.
    pub fn image(&self, heaps: &[usize]) -> Option<Elem> {
        heaps
            .iter()
            .try_fold(self.identity(), |acc, &h| Some(self.mul(acc, self.phi(h)?)))
    }

    /// Whether a sum of heaps is a misère P-position (the previous player wins).
    pub fn is_p(&self, heaps: &[usize]) -> Option<bool> {
        self.image(heaps).map(|x| self.in_p(x))
    }

    /// Every winning move of a sum: the moves into a P-position. Prefix and suffix
    /// products make each candidate move one lookup.
    pub fn winning_moves(&self, heaps: &[usize]) -> Option<Vec<WinningMove>> {
        let k = heaps.len();
        let mut prefix = Vec::with_capacity(k + 1);
        prefix.push(self.identity());
        for &h in heaps {
            let last = prefix.last().copied().unwrap_or(0);
            prefix.push(self.mul(last, self.phi(h)?));
        }
        let mut suffix = vec![self.identity(); k + 1];
        for i in (0..k).rev() {
            let h = heaps.get(i).copied().unwrap_or(0);
            let after = suffix.get(i + 1).copied().unwrap_or(0);
            if let Some(s) = suffix.get_mut(i) {
                *s = self.mul(self.phi(h)?, after);
            }
        }
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            // Equal heaps give equal moves: report the first copy only.
            if heaps.get(..i).is_some_and(|before| before.contains(&h)) {
                continue;
            }
            let rest = self.mul(
                prefix.get(i).copied().unwrap_or(0),
                suffix.get(i + 1).copied().unwrap_or(0),
            );
            for o in self.options(h)? {
                if self.in_p(self.mul(rest, self.image(o)?)) {
                    out.push(WinningMove {
                        component: i,
                        option: o.clone(),
                    });
                }
            }
        }
        Some(out)
    }

    /// The presentation in Plambeck–Siegel notation, `⟨a, b | a² = 1, b³ = b⟩`.
    pub fn presentation_string(&self) -> String {
        let p = &self.presentation;
        let gens: Vec<String> = (0..p.generator_heaps.len()).map(generator_name).collect();
        let rels: Vec<String> = p
            .relations
            .iter()
            .map(|(l, r)| format!("{} = {}", monomial(l), monomial(r)))
            .collect();
        if rels.is_empty() {
            format!("⟨{}⟩", gens.join(", "))
        } else {
            format!("⟨{} | {}⟩", gens.join(", "), rels.join(", "))
        }
    }

    /// The P-portion printed as `{a, b²}`.
    pub fn p_string(&self) -> String {
        let names: Vec<String> = self.p_portion().iter().map(|&x| self.name(x)).collect();
        format!("{{{}}}", names.join(", "))
    }
}

impl fmt::Display for Quotient {
    /// The presentation, the P-portion and Φ, as MisereSolver's users read them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Q = {}   |Q| = {}",
            self.presentation_string(),
            self.order()
        )?;
        writeln!(f, "P = {}", self.p_string())?;
        let phis: Vec<String> = self.phi.iter().map(|&x| self.name(x)).collect();
        write!(f, "Φ(0..={}) = {}", self.max_heap(), phis.join(" "))
    }
}

//! The compiled form of rules over one or two integer parameters (a
//! [`Kernel`]): binders over integer ranges and constant sets, `where`
//! conjuncts split into loop bounds (affine in the innermost binder) and
//! filters, options as new parameter values or sums of heaps whose arguments
//! are affine in the innermost binder.

use super::expr::{BExpr, IExpr};
use crate::lang::value::InstId;
use std::rc::Rc;

/// A compiled instance: its stop conditions and move rules.
#[derive(Debug)]
pub struct Kernel {
    /// Number of position parameters (1 or 2).
    pub params: usize,
    /// The frame slots of the parameters.
    pub param_slots: Vec<usize>,
    /// Slots a run needs.
    pub slots: usize,
    /// `stop when` conditions.
    pub stops: Vec<BExpr>,
    /// The `move` rules.
    pub rules: Vec<KRule>,
}

/// One compiled `move` rule.
#[derive(Debug)]
pub struct KRule {
    /// Binders run by the general loop (all but the innermost).
    pub outer: Vec<KBinder>,
    /// Conditions that do not involve the innermost binder.
    pub outer_filters: Vec<BExpr>,
    /// The innermost binder with its bounds, if the rule has binders.
    pub inner: Option<Inner>,
    /// The option.
    pub option: KOption,
}

/// A binder of the general loop.
#[derive(Debug)]
pub enum KBinder {
    /// `x in lo..hi` (hi exclusive).
    Range(usize, IExpr, IExpr),
    /// `x in {…}` over constant integers.
    Values(usize, Rc<[i64]>),
    /// `x = e`.
    Let(usize, IExpr),
}

/// The innermost binder, compiled for a tight loop.
#[derive(Debug)]
pub struct Inner {
    /// Its slot.
    pub slot: usize,
    /// What it ranges over.
    pub iter: InnerIter,
    /// Constraints `coef·x ≤ rest` taken from the `where` clause.
    pub bounds: Vec<(i64, IExpr)>,
    /// Conditions on x that are not affine: checked per iteration.
    pub filters: Vec<BExpr>,
}

/// What the innermost binder ranges over.
#[derive(Debug)]
pub enum InnerIter {
    /// `lo..hi` (hi exclusive).
    Range(IExpr, IExpr),
    /// Constant integers, ascending.
    Values(Rc<[i64]>),
}

/// An integer argument: `coef·x + rest` when affine in the innermost binder.
#[derive(Debug, Clone)]
pub enum Arg {
    /// Affine in the innermost binder.
    Affine(i64, IExpr),
    /// Anything else, evaluated per iteration.
    General(IExpr),
}

/// A compiled option.
#[derive(Debug)]
pub enum KOption {
    /// New values of the game's own parameters.
    Same(Vec<Arg>),
    /// A sum of one-heap game positions and nimbers.
    Sum(Vec<Term>),
}

/// One summand of a compiled sum.
#[derive(Debug)]
pub enum Term {
    /// `g(arg)` for a one-parameter instance.
    Heap(InstId, Arg),
    /// `*arg`.
    Nimber(Arg),
}

impl Kernel {
    /// True when `e` is exactly the parameter in `slot`.
    fn is_param(&self, e: &IExpr, slot: usize) -> bool {
        matches!(e.affine(slot), Some((1, rest)) if !(0..self.slots).any(|s| rest.mentions(s)) && rest.eval(&[]) == Some(0))
    }

    /// The directions when every rule moves along a line towards the origin:
    /// True when a rule splits a heap of instance `this` into two heaps of the
    /// same instance: only such games can use sparse space.
    pub fn splits(&self, this: InstId) -> bool {
        self.params == 1
            && self.rules.iter().any(|rule| match &rule.option {
                KOption::Sum(terms) => {
                    terms
                        .iter()
                        .filter(|t| matches!(t, Term::Heap(i, _) if *i == this))
                        .count()
                        == 2
                }
                KOption::Same(_) => false,
            })
    }

    /// `(x - k, y)`, `(x, y - k)` or `(x - k, y - k)` for k in a range, with no
    /// other condition. Whether the range is the whole ray is checked per position
    /// ([`super::exec::rule_range`]); only then are per-line mex sets valid.
    pub fn ray_directions(&self) -> Option<Vec<(i64, i64)>> {
        let (&px, &py) = (self.param_slots.first()?, self.param_slots.get(1)?);
        if self.params != 2 || !self.stops.is_empty() || self.rules.is_empty() {
            return None;
        }
        let mut dirs = Vec::new();
        for rule in &self.rules {
            let inner = rule.inner.as_ref()?;
            if !rule.outer.is_empty() || !rule.outer_filters.is_empty() || !inner.filters.is_empty()
            {
                return None;
            }
            if !matches!(inner.iter, InnerIter::Range(..)) {
                return None;
            }
            let KOption::Same(args) = &rule.option else {
                return None;
            };
            let [Arg::Affine(ca, ra), Arg::Affine(cb, rb)] = args.as_slice() else {
                return None;
            };
            if !self.is_param(ra, px) || !self.is_param(rb, py) {
                return None;
            }
            if !matches!((ca, cb), (-1, 0) | (0, -1) | (-1, -1)) {
                return None;
            }
            dirs.push((*ca, *cb));
        }
        Some(dirs)
    }

    /// The set S when the rules are exactly "remove k ∈ S from the heap, k ≤ n"
    /// (a subtraction game), which has a specialised bottom-up loop.
    pub fn subtraction_set(&self) -> Option<Vec<i64>> {
        let n = *self.param_slots.first()?;
        if self.params != 1 || !self.stops.is_empty() {
            return None;
        }
        let is_n = |e: &IExpr| matches!(e.affine(n), Some((1, rest)) if !(0..self.slots).any(|s| rest.mentions(s)) && rest.eval(&[]) == Some(0));
        let mut set = Vec::new();
        for rule in &self.rules {
            let inner = rule.inner.as_ref()?;
            if !rule.outer.is_empty() || !rule.outer_filters.is_empty() || !inner.filters.is_empty()
            {
                return None;
            }
            let InnerIter::Values(vals) = &inner.iter else {
                return None;
            };
            // Exactly the bound k ≤ n.
            match inner.bounds.as_slice() {
                [(1, d)] if is_n(d) => {}
                _ => return None,
            }
            match &rule.option {
                KOption::Same(args) => match args.as_slice() {
                    [Arg::Affine(-1, rest)] if is_n(rest) => {}
                    _ => return None,
                },
                KOption::Sum(_) => return None,
            }
            if vals.iter().any(|&k| k < 1) {
                return None;
            }
            set.extend(vals.iter().copied());
        }
        set.sort_unstable();
        set.dedup();
        Some(set)
    }
}

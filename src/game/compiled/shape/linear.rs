//! Compiled rules read as linear algebra: each rule of a one-heap game becomes
//! integer linear forms over the heap `n` and its binders — the parts of its
//! option and the constraints on the binders (ranges, `where` comparisons,
//! membership in constant sets, residues) — or `None` when some part of it is
//! not of that kind. Floor division and `min`/`max` are turned into exact
//! linear constraints where they bound a value (`k <= n / 2` is `2k <= n`).

use super::super::expr::{BExpr, Cmp, IExpr};
use super::super::ir::{Arg, InnerIter, KBinder, KOption, KRule, Term};
use crate::lang::value::InstId;
use std::rc::Rc;

/// The variable standing for the heap (or, after a change of variables, for
/// what is left of it once the removal is taken).
pub const HEAP: usize = usize::MAX;

/// An integer linear form: `c + Σ coef·var`, variables sorted, no zero
/// coefficient. Variable [`HEAP`] is the heap; the others are frame slots (or
/// the pseudo-slots a change of variables introduces).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Lin {
    /// The constant term.
    pub c: i64,
    /// `(variable, coefficient)`, sorted by variable.
    pub vars: Vec<(usize, i64)>,
}

impl Lin {
    /// The constant `c`.
    pub fn constant(c: i64) -> Lin {
        Lin { c, vars: vec![] }
    }

    /// The variable `v`.
    pub fn var(v: usize) -> Lin {
        Lin {
            c: 0,
            vars: vec![(v, 1)],
        }
    }

    /// The coefficient of `v`.
    pub fn coef(&self, v: usize) -> i64 {
        self.vars
            .iter()
            .find(|(w, _)| *w == v)
            .map_or(0, |(_, c)| *c)
    }

    /// True when the form is a constant.
    pub fn is_constant(&self) -> bool {
        self.vars.is_empty()
    }

    /// True when the form reads only variables in `allowed`.
    pub fn only(&self, allowed: &[usize]) -> bool {
        self.vars.iter().all(|(v, _)| allowed.contains(v))
    }

    /// `self + k·other`.
    pub fn add_scaled(&self, other: &Lin, k: i64) -> Option<Lin> {
        let mut out = self.clone();
        out.c = out.c.checked_add(other.c.checked_mul(k)?)?;
        for &(v, c) in &other.vars {
            let add = c.checked_mul(k)?;
            match out.vars.iter_mut().find(|(w, _)| *w == v) {
                Some((_, old)) => *old = old.checked_add(add)?,
                None => out.vars.push((v, add)),
            }
        }
        out.vars.retain(|(_, c)| *c != 0);
        out.vars.sort_unstable();
        Some(out)
    }

    /// `self + other`.
    pub fn plus(&self, other: &Lin) -> Option<Lin> {
        self.add_scaled(other, 1)
    }

    /// `self − other`.
    pub fn minus(&self, other: &Lin) -> Option<Lin> {
        self.add_scaled(other, -1)
    }

    /// `k·self`.
    pub fn scale(&self, k: i64) -> Option<Lin> {
        Lin::default().add_scaled(self, k)
    }

    /// The form with variable `v` replaced by `by`.
    pub fn substitute(&self, v: usize, by: &Lin) -> Option<Lin> {
        let k = self.coef(v);
        if k == 0 {
            return Some(self.clone());
        }
        let mut rest = self.clone();
        rest.vars.retain(|(w, _)| *w != v);
        rest.add_scaled(by, k)
    }

    /// The value with the variables given by `value`.
    pub fn eval(&self, value: impl Fn(usize) -> i64) -> Option<i64> {
        let mut acc = self.c;
        for &(v, c) in &self.vars {
            acc = acc.checked_add(c.checked_mul(value(v))?)?;
        }
        Some(acc)
    }
}

/// A constraint on the variables of a rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Con {
    /// `form >= 0`.
    Ge(Lin),
    /// `form != 0`.
    Ne(Lin),
    /// `form in set` (`true`) or `form not in set` (`false`); the set sorted.
    In(Lin, Rc<[i64]>, bool),
    /// `form mod q` (floor remainder, in `0..q`) is one of `residues`.
    Mod(Lin, i64, Vec<i64>),
}

impl Con {
    /// The linear form the constraint reads.
    pub fn form(&self) -> &Lin {
        match self {
            Con::Ge(l) | Con::Ne(l) | Con::In(l, _, _) | Con::Mod(l, _, _) => l,
        }
    }

    /// The same constraint with variable `v` replaced by `by`.
    pub fn substitute(&self, v: usize, by: &Lin) -> Option<Con> {
        Some(match self {
            Con::Ge(l) => Con::Ge(l.substitute(v, by)?),
            Con::Ne(l) => Con::Ne(l.substitute(v, by)?),
            Con::In(l, s, yes) => Con::In(l.substitute(v, by)?, s.clone(), *yes),
            Con::Mod(l, q, r) => Con::Mod(l.substitute(v, by)?, *q, r.clone()),
        })
    }

    /// Whether the constraint holds with the variables given by `value`
    /// (`None` on overflow).
    pub fn holds(&self, value: impl Fn(usize) -> i64) -> Option<bool> {
        let x = self.form().eval(value)?;
        Some(match self {
            Con::Ge(_) => x >= 0,
            Con::Ne(_) => x != 0,
            Con::In(_, set, yes) => set.binary_search(&x).is_ok() == *yes,
            Con::Mod(_, q, residues) => residues.contains(&x.rem_euclid(*q)),
        })
    }

    /// The largest constant the constraint compares with (its term, or an
    /// element of its set), for bounding where its truth can change.
    pub fn magnitude(&self) -> i64 {
        let c = self.form().c.saturating_abs();
        match self {
            Con::In(_, set, _) => set
                .iter()
                .map(|e| e.saturating_abs())
                .max()
                .unwrap_or(0)
                .saturating_add(c),
            _ => c,
        }
    }
}

/// `floor(num / den)` with `den >= 1`: a bound as rules write them (`n / 2`).
#[derive(Debug, Clone)]
struct Quasi {
    num: Lin,
    den: i64,
}

/// A rule of a one-heap game as linear forms.
#[derive(Debug, Clone)]
pub struct RuleForms {
    /// The binders that range (in order); `let` binders are substituted.
    pub vars: Vec<usize>,
    /// What the binders and the heap must satisfy for the option to exist.
    pub cons: Vec<Con>,
    /// The option's heaps of the same game (a part that is `*0` is dropped).
    pub parts: Vec<Lin>,
}

/// Reads the rules' expressions with the heap in slot `heap` and `let`
/// binders substituted.
struct Reader {
    heap: usize,
    lets: Vec<(usize, Lin)>,
}

/// The rule as linear forms, when every part of it is linear: its option a sum
/// of heaps of `this` (or `*0`), each heap a linear form.
pub fn rule_forms(rule: &KRule, heap_slot: usize, this: InstId) -> Option<RuleForms> {
    let mut r = Reader {
        heap: heap_slot,
        lets: Vec::new(),
    };
    let mut vars = Vec::new();
    let mut cons = Vec::new();
    for b in &rule.outer {
        match b {
            KBinder::Range(s, lo, hi) => {
                vars.push(*s);
                r.range(*s, lo, hi, &mut cons)?;
            }
            KBinder::Values(s, set) => {
                vars.push(*s);
                cons.push(Con::In(Lin::var(*s), set.clone(), true));
            }
            KBinder::Let(s, e) => {
                let l = r.lin(e)?;
                r.lets.push((*s, l));
            }
        }
    }
    for f in &rule.outer_filters {
        r.cond(f, true, &mut cons)?;
    }
    let inner = rule.inner.as_ref();
    if let Some(inner) = inner {
        let x = inner.slot;
        vars.push(x);
        match &inner.iter {
            InnerIter::Range(lo, hi) => r.range(x, lo, hi, &mut cons)?,
            InnerIter::Values(set) => cons.push(Con::In(Lin::var(x), set.clone(), true)),
        }
        // coef·x <= rest
        for (coef, rest) in &inner.bounds {
            let left = Lin::var(x).scale(*coef)?;
            r.bound(&left, Side::AtMost, rest, &mut cons)?;
        }
        for f in &inner.filters {
            r.cond(f, true, &mut cons)?;
        }
    }
    let x = inner.map(|i| i.slot);
    let arg = |r: &Reader, a: &Arg| -> Option<Lin> {
        match (a, x) {
            (Arg::Affine(c, rest), Some(x)) => r.lin(rest)?.plus(&Lin::var(x).scale(*c)?),
            (Arg::Affine(0, rest), None) => r.lin(rest),
            (Arg::Affine(..), None) => None,
            (Arg::General(e), _) => r.lin(e),
        }
    };
    let mut parts = Vec::new();
    match &rule.option {
        KOption::Same(args) => match args.as_slice() {
            [a] => parts.push(arg(&r, a)?),
            _ => return None,
        },
        KOption::Sum(terms) => {
            for t in terms {
                match t {
                    Term::Heap(i, a) if *i == this => parts.push(arg(&r, a)?),
                    Term::Nimber(a) if arg(&r, a)? == Lin::constant(0) => {}
                    _ => return None,
                }
            }
        }
    }
    parts.retain(|p| *p != Lin::constant(0));
    Some(RuleForms { vars, cons, parts })
}

/// The constraints a `stop when` condition puts on the heap, when it is a
/// conjunction of linear constraints.
pub fn stop_forms(stop: &BExpr, heap_slot: usize) -> Option<Vec<Con>> {
    let r = Reader {
        heap: heap_slot,
        lets: Vec::new(),
    };
    let mut cons = Vec::new();
    r.cond(stop, true, &mut cons)?;
    Some(cons)
}

/// The forms `floor(num / den)` over the heap alone whose minimum (`upper`)
/// or maximum the expression is, when it is such an expression.
pub fn floor_forms(e: &IExpr, heap_slot: usize, upper: bool) -> Option<Vec<(Lin, i64)>> {
    let r = Reader {
        heap: heap_slot,
        lets: Vec::new(),
    };
    let side = if upper { Side::AtMost } else { Side::AtLeast };
    r.extremes(e, side)?
        .into_iter()
        .map(|q| q.num.only(&[HEAP]).then_some((q.num, q.den)))
        .collect()
}

/// Which side of a bound a value lies on.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    /// `value <= bound`
    AtMost,
    /// `value >= bound`
    AtLeast,
}

impl Reader {
    /// An integer expression as a linear form.
    fn lin(&self, e: &IExpr) -> Option<Lin> {
        let q = self.quasi(e)?;
        (q.den == 1).then_some(q.num)
    }

    /// An integer expression as `floor(num / den)`.
    fn quasi(&self, e: &IExpr) -> Option<Quasi> {
        let exact = |num: Lin| Some(Quasi { num, den: 1 });
        match e {
            IExpr::Const(c) => exact(Lin::constant(*c)),
            IExpr::Slot(s) if *s == self.heap => exact(Lin::var(HEAP)),
            IExpr::Slot(s) => match self.lets.iter().find(|(l, _)| l == s) {
                Some((_, l)) => exact(l.clone()),
                None => exact(Lin::var(*s)),
            },
            IExpr::Add(a, b) | IExpr::Sub(a, b) => {
                let sign = if matches!(e, IExpr::Add(..)) { 1 } else { -1 };
                let (qa, qb) = (self.quasi(a)?, self.quasi(b)?);
                // floor(A/d) ± L = floor((A ± d·L)/d); two floors do not add.
                match (qa.den, qb.den) {
                    (1, 1) => exact(qa.num.add_scaled(&qb.num, sign)?),
                    (d, 1) => Some(Quasi {
                        num: qa.num.add_scaled(&qb.num, sign.checked_mul(d)?)?,
                        den: d,
                    }),
                    (1, d) if sign == 1 => Some(Quasi {
                        num: qb.num.add_scaled(&qa.num, d)?,
                        den: d,
                    }),
                    _ => None,
                }
            }
            IExpr::Neg(a) => exact(self.lin(a)?.scale(-1)?),
            IExpr::Mul(a, b) => match (a.as_ref(), b.as_ref()) {
                (IExpr::Const(k), o) | (o, IExpr::Const(k)) => exact(self.lin(o)?.scale(*k)?),
                _ => None,
            },
            IExpr::Div(a, b) => match b.as_ref() {
                IExpr::Const(d) if *d >= 1 => {
                    let qa = self.quasi(a)?;
                    Some(Quasi {
                        num: qa.num,
                        den: qa.den.checked_mul(*d)?,
                    })
                }
                _ => None,
            },
            _ => None,
        }
    }

    /// The forms whose minimum (`AtMost`: an upper bound) or maximum
    /// (`AtLeast`) the expression is.
    fn extremes(&self, e: &IExpr, side: Side) -> Option<Vec<Quasi>> {
        if let Some(q) = self.quasi(e) {
            return Some(vec![q]);
        }
        let shift = |forms: Vec<Quasi>, by: &Lin, sign: i64| -> Option<Vec<Quasi>> {
            forms
                .into_iter()
                .map(|q| {
                    Some(Quasi {
                        num: q.num.add_scaled(by, sign.checked_mul(q.den)?)?,
                        den: q.den,
                    })
                })
                .collect()
        };
        match (e, side) {
            (IExpr::Min(xs), Side::AtMost) | (IExpr::Max(xs), Side::AtLeast) => {
                let mut out = Vec::new();
                for x in xs {
                    out.extend(self.extremes(x, side)?);
                }
                Some(out)
            }
            (IExpr::Add(a, b), _) => match (self.lin(a), self.lin(b)) {
                (Some(l), _) => shift(self.extremes(b, side)?, &l, 1),
                (_, Some(l)) => shift(self.extremes(a, side)?, &l, 1),
                _ => None,
            },
            (IExpr::Sub(a, b), _) => shift(self.extremes(a, side)?, &self.lin(b)?, -1),
            _ => None,
        }
    }

    /// `value <= e` (`AtMost`) or `value >= e`, as constraints.
    fn bound(&self, value: &Lin, side: Side, e: &IExpr, out: &mut Vec<Con>) -> Option<()> {
        for q in self.extremes(e, side)? {
            let dv = value.scale(q.den)?;
            out.push(Con::Ge(match side {
                // v <= floor(A/d)  ⇔  d·v <= A
                Side::AtMost => q.num.minus(&dv)?,
                // v >= floor(A/d)  ⇔  d·v > A − d  ⇔  d·v − A + d − 1 >= 0
                Side::AtLeast => dv.minus(&q.num)?.plus(&Lin::constant(q.den - 1))?,
            }));
        }
        Some(())
    }

    /// `x in lo..hi` (hi exclusive).
    fn range(&self, x: usize, lo: &IExpr, hi: &IExpr, out: &mut Vec<Con>) -> Option<()> {
        self.bound(&Lin::var(x), Side::AtLeast, lo, out)?;
        // x < hi  ⇔  x + 1 <= hi
        self.bound(&Lin::var(x).plus(&Lin::constant(1))?, Side::AtMost, hi, out)
    }

    /// A condition (`holds`) or its negation as a conjunction of constraints.
    fn cond(&self, b: &BExpr, holds: bool, out: &mut Vec<Con>) -> Option<()> {
        match b {
            BExpr::Const(v) if *v == holds => Some(()),
            // Never true: the empty sum `0 >= 1`.
            BExpr::Const(_) => {
                out.push(Con::Ge(Lin::constant(-1)));
                Some(())
            }
            BExpr::And(a, c) if holds => {
                self.cond(a, true, out)?;
                self.cond(c, true, out)
            }
            BExpr::Or(a, c) if !holds => {
                self.cond(a, false, out)?;
                self.cond(c, false, out)
            }
            BExpr::Not(a) => self.cond(a, !holds, out),
            BExpr::InSet(e, set, negated) => {
                out.push(Con::In(self.lin(e)?, set.clone(), *negated != holds));
                Some(())
            }
            BExpr::InRange(e, lo, hi, negated) if *negated != holds => {
                let v = self.lin(e)?;
                self.bound(&v, Side::AtLeast, lo, out)?;
                self.bound(&v.plus(&Lin::constant(1))?, Side::AtMost, hi, out)
            }
            BExpr::InRange(e, IExpr::Const(lo), IExpr::Const(hi), _) if hi - lo <= 64 => {
                let set: Rc<[i64]> = (*lo..*hi).collect();
                out.push(Con::In(self.lin(e)?, set, false));
                Some(())
            }
            BExpr::Cmp(op, a, c) => {
                let op = if holds { *op } else { negate(*op) };
                self.compare(op, a, c, out)
            }
            _ => None,
        }
    }

    /// `a OP b` as constraints.
    fn compare(&self, op: Cmp, a: &IExpr, b: &IExpr, out: &mut Vec<Con>) -> Option<()> {
        if let Some(con) = self.residue(op, a, b) {
            out.push(con);
            return Some(());
        }
        match op {
            Cmp::Eq => {
                self.compare(Cmp::Le, a, b, out)?;
                self.compare(Cmp::Ge, a, b, out)
            }
            Cmp::Ne => {
                out.push(Con::Ne(self.lin(a)?.minus(&self.lin(b)?)?));
                Some(())
            }
            Cmp::Le | Cmp::Lt => {
                let strict = i64::from(op == Cmp::Lt);
                match (self.lin(a), self.lin(b)) {
                    (Some(la), _) => {
                        let la = la.plus(&Lin::constant(strict))?;
                        self.bound(&la, Side::AtMost, b, out)
                    }
                    // e <= v (strict: e + 1 <= v, i.e. e <= v − 1)
                    (None, Some(lb)) => {
                        let lb = lb.minus(&Lin::constant(strict))?;
                        self.bound(&lb, Side::AtLeast, a, out)
                    }
                    _ => None,
                }
            }
            Cmp::Ge => self.compare(Cmp::Le, b, a, out),
            Cmp::Gt => self.compare(Cmp::Lt, b, a, out),
        }
    }

    /// `x % q OP r` (or `r OP x % q`) with constants q ≥ 1 and r, as the set
    /// of residues that satisfy it.
    fn residue(&self, op: Cmp, a: &IExpr, b: &IExpr) -> Option<Con> {
        let (x, q, r, op) = match (a, b) {
            (IExpr::Rem(x, q), IExpr::Const(r)) => (x, q, *r, op),
            (IExpr::Const(r), IExpr::Rem(x, q)) => (x, q, *r, flip(op)),
            _ => return None,
        };
        let IExpr::Const(q) = q.as_ref() else {
            return None;
        };
        if !(1..=1 << 12).contains(q) {
            return None;
        }
        let residues = (0..*q).filter(|&v| op.holds(v.cmp(&r))).collect();
        Some(Con::Mod(self.lin(x)?, *q, residues))
    }
}

/// The comparison that holds exactly when `op` does not.
fn negate(op: Cmp) -> Cmp {
    match op {
        Cmp::Eq => Cmp::Ne,
        Cmp::Ne => Cmp::Eq,
        Cmp::Lt => Cmp::Ge,
        Cmp::Le => Cmp::Gt,
        Cmp::Gt => Cmp::Le,
        Cmp::Ge => Cmp::Lt,
    }
}

/// `a OP b` ⇔ `b flip(OP) a`.
fn flip(op: Cmp) -> Cmp {
    match op {
        Cmp::Lt => Cmp::Gt,
        Cmp::Le => Cmp::Ge,
        Cmp::Gt => Cmp::Lt,
        Cmp::Ge => Cmp::Le,
        other => other,
    }
}

//! From options to a canonical form: dominated options removed, reversible ones
//! bypassed, the simplest-number rule, nimbers by mex, and NUS recognition.

use super::dyadic::Dyadic;
use super::nus::Nus;
use super::store::{CanonStore, Form};
use super::Error;
use crate::budget::Budget;
use crate::solve::mex::mex;

/// One step from `{left | right}` to its canonical form, as `explain` tells it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reduction {
    /// A player's `option` is dominated by `by`, which that player prefers
    /// (for Left `option <= by`, for Right `option >= by`).
    Dominated {
        /// Left's option (else Right's).
        left: bool,
        /// The option removed.
        option: Form,
        /// The option kept instead.
        by: Form,
    },
    /// A player's `option` reverses through its option `through` (for Left
    /// `through <= G`, for Right `through >= G`): the option is replaced by
    /// the options of `through` for the same player.
    Reversed {
        /// Left's option (else Right's).
        left: bool,
        /// The option bypassed.
        option: Form,
        /// The opponent's reply it reverses through.
        through: Form,
        /// What replaces it.
        replaced_by: Vec<Form>,
    },
}

/// Where the steps of a reduction go: nowhere when only the form is wanted.
trait Trace {
    /// Records a step (built only when someone keeps it).
    fn step(&mut self, make: impl FnOnce() -> Reduction);
}

impl Trace for () {
    fn step(&mut self, _: impl FnOnce() -> Reduction) {}
}

impl Trace for Vec<Reduction> {
    fn step(&mut self, make: impl FnOnce() -> Reduction) {
        self.push(make());
    }
}

impl CanonStore {
    /// The canonical form of `{left | right}` for any canonical options: removes
    /// dominated options, bypasses reversible ones, applies the simplest-number
    /// rule and recognises NUS values, so equal games get identical ids.
    pub fn from_options(
        &mut self,
        left: &[Form],
        right: &[Form],
        budget: &Budget,
    ) -> Result<Form, Error> {
        let (l, r) = (distinct(left), distinct(right));
        if let Some(f) = self.quick_form(&l, &r)? {
            return Ok(f);
        }
        self.reduce(l, r, budget, &mut ())
    }

    /// The canonical form of `{left | right}` and each step that removed or
    /// replaced an option on the way (no shortcut is taken, so every step a
    /// reader would make by hand is listed).
    pub fn explained(
        &mut self,
        left: &[Form],
        right: &[Form],
        budget: &Budget,
    ) -> Result<(Form, Vec<Reduction>), Error> {
        let mut steps = Vec::new();
        let form = self.reduce(distinct(left), distinct(right), budget, &mut steps)?;
        Ok((form, steps))
    }

    /// Removes dominated options and bypasses reversible ones until neither
    /// applies; the options left are canonical.
    fn reduce(
        &mut self,
        mut l: Vec<Form>,
        mut r: Vec<Form>,
        budget: &Budget,
        trace: &mut impl Trace,
    ) -> Result<Form, Error> {
        loop {
            budget.tick()?;
            self.remove_dominated(&mut l, true, budget, trace)?;
            self.remove_dominated(&mut r, false, budget, trace)?;
            let changed_l = self.bypass_left(&mut l, &r, budget, trace)?;
            let changed_r = self.bypass_right(&l, &mut r, budget, trace)?;
            if !changed_l && !changed_r {
                break;
            }
            l.sort_unstable();
            l.dedup();
            r.sort_unstable();
            r.dedup();
        }
        if let Some(f) = self.quick_form(&l, &r)? {
            return Ok(f);
        }
        if let Some(n) = self.recognise_nus(&l, &r) {
            return Ok(self.nus(n));
        }
        Ok(self.intern_general(&l, &r))
    }

    /// Forms decided without reduction: options all nimbers with equal mex on both
    /// sides (the value is that nimber), or all numbers with every left one below
    /// every right one (the simplest number between).
    fn quick_form(&mut self, l: &[Form], r: &[Form]) -> Result<Option<Form>, Error> {
        if let (Some(a), Some(b)) = (self.nimber_mex(l), self.nimber_mex(r)) {
            if a == b {
                return Ok(Some(self.nimber(a)));
            }
        }
        let mut lo: Option<Dyadic> = None;
        for &o in l {
            let Some(x) = self.as_number(o) else {
                return Ok(None);
            };
            lo = Some(lo.map_or(x, |m| m.max(x)));
        }
        let mut hi: Option<Dyadic> = None;
        for &o in r {
            let Some(x) = self.as_number(o) else {
                return Ok(None);
            };
            hi = Some(hi.map_or(x, |m| m.min(x)));
        }
        if let (Some(a), Some(b)) = (lo, hi) {
            if a >= b {
                return Ok(None);
            }
        }
        let x = simplest_between(lo, hi).ok_or(Error::Overflow)?;
        Ok(Some(self.number(x)))
    }

    /// The mex of a set of nimbers, `None` if some option is not a nimber.
    fn nimber_mex(&self, opts: &[Form]) -> Option<u32> {
        let mut nims: Vec<u64> = Vec::with_capacity(opts.len());
        for &o in opts {
            let n = self.as_nus(o)?;
            if !n.is_nimber() {
                return None;
            }
            nims.push(u64::from(n.nim));
        }
        Some(mex(&nims, &mut Vec::new()))
    }

    /// Drops every option another one dominates (for Left the smaller, for Right
    /// the larger). Options are distinct canonical forms, hence distinct values.
    fn remove_dominated(
        &mut self,
        opts: &mut Vec<Form>,
        left: bool,
        budget: &Budget,
        trace: &mut impl Trace,
    ) -> Result<(), Error> {
        // Keep a list of the best options so far: each newcomer is compared only
        // with those (usually a handful), not with every other option. Taking
        // the options best stops first puts the likely winners in the list early.
        if left {
            opts.sort_unstable_by_key(|&o| {
                std::cmp::Reverse((self.left_stop(o), self.right_stop(o)))
            });
        } else {
            opts.sort_unstable_by_key(|&o| (self.right_stop(o), self.left_stop(o)));
        }
        let mut kept: Vec<Form> = Vec::with_capacity(opts.len());
        for &o in opts.iter() {
            let mut dominated = false;
            for &k in &kept {
                let beaten = if left {
                    self.leq(o, k, budget)?
                } else {
                    self.leq(k, o, budget)?
                };
                if beaten {
                    trace.step(|| Reduction::Dominated {
                        left,
                        option: o,
                        by: k,
                    });
                    dominated = true;
                    break;
                }
            }
            if dominated {
                continue;
            }
            // The newcomer may in turn dominate some of the kept ones.
            let mut i = 0;
            while let Some(&k) = kept.get(i) {
                let beaten = if left {
                    self.leq(k, o, budget)?
                } else {
                    self.leq(o, k, budget)?
                };
                if beaten {
                    trace.step(|| Reduction::Dominated {
                        left,
                        option: k,
                        by: o,
                    });
                    kept.swap_remove(i);
                } else {
                    i += 1;
                }
            }
            kept.push(o);
        }
        kept.sort_unstable();
        *opts = kept;
        Ok(())
    }

    /// Replaces each reversible left option `GL` (some `GLR <= G`) by the left
    /// options of that `GLR`. Reports whether anything changed.
    fn bypass_left(
        &mut self,
        l: &mut Vec<Form>,
        r: &[Form],
        budget: &Budget,
        trace: &mut impl Trace,
    ) -> Result<bool, Error> {
        let mut changed = false;
        let mut i = 0;
        while let Some(&gl) = l.get(i) {
            self.ensure_options(gl)?;
            let mut reversed = None;
            let mut k = 0;
            while let Some(glr) = self.right_at(gl, k) {
                if self.form_leq_arrays(glr, l, r, budget)? {
                    reversed = Some(glr);
                    break;
                }
                k += 1;
            }
            match reversed {
                Some(glr) => {
                    let replacement = self.left_options(glr)?;
                    trace.step(|| Reduction::Reversed {
                        left: true,
                        option: gl,
                        through: glr,
                        replaced_by: replacement.clone(),
                    });
                    l.remove(i);
                    for o in replacement {
                        if !l.contains(&o) {
                            l.push(o);
                        }
                    }
                    changed = true;
                }
                None => i += 1,
            }
        }
        Ok(changed)
    }

    /// Replaces each reversible right option `GR` (some `GRL >= G`) by the right
    /// options of that `GRL`. Reports whether anything changed.
    fn bypass_right(
        &mut self,
        l: &[Form],
        r: &mut Vec<Form>,
        budget: &Budget,
        trace: &mut impl Trace,
    ) -> Result<bool, Error> {
        let mut changed = false;
        let mut i = 0;
        while let Some(&gr) = r.get(i) {
            self.ensure_options(gr)?;
            let mut reversed = None;
            let mut k = 0;
            while let Some(grl) = self.left_at(gr, k) {
                if self.arrays_leq_form(l, r, grl, budget)? {
                    reversed = Some(grl);
                    break;
                }
                k += 1;
            }
            match reversed {
                Some(grl) => {
                    let replacement = self.right_options(grl)?;
                    trace.step(|| Reduction::Reversed {
                        left: false,
                        option: gr,
                        through: grl,
                        replaced_by: replacement.clone(),
                    });
                    r.remove(i);
                    for o in replacement {
                        if !r.contains(&o) {
                            r.push(o);
                        }
                    }
                    changed = true;
                }
                None => i += 1,
            }
        }
        Ok(changed)
    }

    /// `H <= G` where G = `{l | r}` is not (yet) a stored form. G may be equal to
    /// a number, so number avoidance is not used and H's options are all read.
    fn form_leq_arrays(
        &mut self,
        h: Form,
        l: &[Form],
        r: &[Form],
        budget: &Budget,
    ) -> Result<bool, Error> {
        budget.tick()?;
        for &gr in r {
            if self.leq(gr, h, budget)? {
                return Ok(false);
            }
        }
        self.ensure_options(h)?;
        let mut i = 0;
        while let Some(hl) = self.left_at(h, i) {
            if self.arrays_leq_form(l, r, hl, budget)? {
                return Ok(false);
            }
            i += 1;
        }
        Ok(true)
    }

    /// `G <= H` where G = `{l | r}` is not (yet) a stored form.
    fn arrays_leq_form(
        &mut self,
        l: &[Form],
        r: &[Form],
        h: Form,
        budget: &Budget,
    ) -> Result<bool, Error> {
        budget.tick()?;
        for &gl in l {
            if self.leq(h, gl, budget)? {
                return Ok(false);
            }
        }
        self.ensure_options(h)?;
        let mut i = 0;
        while let Some(hr) = self.right_at(h, i) {
            if self.form_leq_arrays(hr, l, r, budget)? {
                return Ok(false);
            }
            i += 1;
        }
        Ok(true)
    }

    /// Whether reduced options `{l | r}` are exactly the canonical options of a
    /// NUS value (see [`Nus::options`]), and which.
    fn recognise_nus(&self, l: &[Form], r: &[Form]) -> Option<Nus> {
        let ln: Vec<Nus> = l.iter().map(|&o| self.as_nus(o)).collect::<Option<_>>()?;
        let rn: Vec<Nus> = r.iter().map(|&o| self.as_nus(o)).collect::<Option<_>>()?;
        let x = ln.first().or(rn.first())?.number;
        if ln.iter().chain(&rn).any(|n| n.number != x) {
            return None;
        }
        let base = Nus::number(x);
        let star = Nus {
            number: x,
            ups: 0,
            nim: 1,
        };
        // x + *n: both sides are x + *i for every i < n.
        if l == r && ln.iter().all(|n| n.ups == 0) {
            let mut nims: Vec<u32> = ln.iter().map(|n| n.nim).collect();
            nims.sort_unstable();
            let n = nims.len() as u32;
            if nims.iter().copied().eq(0..n) {
                return Some(Nus {
                    number: x,
                    ups: 0,
                    nim: n,
                });
            }
            return None;
        }
        match (ln.as_slice(), rn.as_slice()) {
            ([a, b], [c])
                if *c == base && ((*a == base && *b == star) || (*a == star && *b == base)) =>
            {
                Some(Nus {
                    number: x,
                    ups: 1,
                    nim: 1,
                })
            }
            ([c], [a, b])
                if *c == base && ((*a == base && *b == star) || (*a == star && *b == base)) =>
            {
                Some(Nus {
                    number: x,
                    ups: -1,
                    nim: 1,
                })
            }
            ([a], [b]) if *a == base && b.ups >= 0 => {
                let n = Nus {
                    number: x,
                    ups: b.ups.checked_add(1)?,
                    nim: b.nim ^ 1,
                };
                // ↑* has its own form, handled above.
                (!(n.ups == 1 && n.nim == 1)).then_some(n)
            }
            ([a], [b]) if *b == base && a.ups <= 0 => {
                let n = Nus {
                    number: x,
                    ups: a.ups.checked_sub(1)?,
                    nim: a.nim ^ 1,
                };
                (!(n.ups == -1 && n.nim == 1)).then_some(n)
            }
            _ => None,
        }
    }
}

/// The options sorted, each once.
fn distinct(options: &[Form]) -> Vec<Form> {
    let mut v = options.to_vec();
    v.sort_unstable();
    v.dedup();
    v
}

/// The simplest number strictly between `lo` and `hi` (either may be absent,
/// meaning unbounded), assuming `lo < hi`. `None` on overflow.
pub(crate) fn simplest_between(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Option<Dyadic> {
    let zero = Dyadic::ZERO;
    let above = |a: Dyadic| a.floor().checked_add(1).map(Dyadic::integer);
    let below = |b: Dyadic| b.ceil().and_then(|c| c.checked_sub(1)).map(Dyadic::integer);
    match (lo, hi) {
        (None, None) => Some(zero),
        (Some(a), None) => {
            if a < zero {
                Some(zero)
            } else {
                above(a)
            }
        }
        (None, Some(b)) => {
            if b > zero {
                Some(zero)
            } else {
                below(b)
            }
        }
        (Some(a), Some(b)) => {
            if a < zero && zero < b {
                return Some(zero);
            }
            // The integer nearest zero inside the interval, if any.
            let candidate = if a >= zero { above(a)? } else { below(b)? };
            if a < candidate && candidate < b {
                return Some(candidate);
            }
            // Otherwise the interval holds exactly one fraction with the least
            // denominator: find that denominator.
            for e in 1..=62u32 {
                let m = a.floor_scaled(e) + 1;
                let c = Dyadic::new(i64::try_from(m).ok()?, e)?;
                if c < b {
                    return Some(c);
                }
            }
            None
        }
    }
}

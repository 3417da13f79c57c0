//! Forms made from forms: cooling, heating and overheating (Winning Ways ch.
//! 6 and 8), Norton multiplication, ordinal sums, the reduced canonical form
//! (Calistrate) and atomic weight (Winning Ways ch. 9), each defined as
//! CGSuite computes it. Every operation reads the canonical form of its
//! operands (ordinal sums and heating depend on the form, not only the
//! value; the canonical form is the one form every game here has).

use super::dyadic::Dyadic;
use super::nus::Nus;
use super::store::{CanonStore, Cmp, Form};
use super::Error;
use crate::budget::Budget;
use rustc_hash::FxHashMap;

/// One operation's results for this call, by form (each follower once).
type Memo = FxHashMap<Form, Form>;

impl CanonStore {
    /// Both option lists of `g`.
    fn options_of(&mut self, g: Form) -> Result<(Vec<Form>, Vec<Form>), Error> {
        Ok((self.left_options(g)?, self.right_options(g)?))
    }

    /// Whether `g` is an integer.
    pub fn is_integer(&self, g: Form) -> bool {
        self.as_number(g).is_some_and(Dyadic::is_integer)
    }

    /// `g` cooled by `t` (t > −1): integers stay; a game whose temperature
    /// is below `t` is frozen at its mean; otherwise `{G^L_t − t | G^R_t + t}`.
    pub fn cool(&mut self, g: Form, t: Dyadic, budget: &Budget) -> Result<Form, Error> {
        let tf = self.number(t);
        self.cool_memo(g, t, tf, &mut Memo::default(), budget)
    }

    fn cool_memo(
        &mut self,
        g: Form,
        t: Dyadic,
        tf: Form,
        memo: &mut Memo,
        budget: &Budget,
    ) -> Result<Form, Error> {
        if self.is_integer(g) {
            return Ok(g);
        }
        if let Some(&f) = memo.get(&g) {
            return Ok(f);
        }
        budget.tick()?;
        let f = if self.temperature(g, budget)? < t {
            let mean = self.mean(g, budget)?;
            self.number(mean)
        } else {
            let (l, r) = self.options_of(g)?;
            let mut left = Vec::with_capacity(l.len());
            for gl in l {
                let c = self.cool_memo(gl, t, tf, memo, budget)?;
                left.push(self.sub(c, tf, budget)?);
            }
            let mut right = Vec::with_capacity(r.len());
            for gr in r {
                let c = self.cool_memo(gr, t, tf, memo, budget)?;
                right.push(self.sum(c, tf, budget)?);
            }
            self.from_options(&left, &right, budget)?
        };
        memo.insert(g, f);
        Ok(f)
    }

    /// `g` heated by `t` (any game): numbers stay; otherwise
    /// `{∫G^L + t | ∫G^R − t}`.
    pub fn heat(&mut self, g: Form, t: Form, budget: &Budget) -> Result<Form, Error> {
        self.heat_memo(g, t, &mut Memo::default(), budget)
    }

    fn heat_memo(
        &mut self,
        g: Form,
        t: Form,
        memo: &mut Memo,
        budget: &Budget,
    ) -> Result<Form, Error> {
        if self.is_number(g) {
            return Ok(g);
        }
        if let Some(&f) = memo.get(&g) {
            return Ok(f);
        }
        budget.tick()?;
        let (l, r) = self.options_of(g)?;
        let mut left = Vec::with_capacity(l.len());
        for gl in l {
            let h = self.heat_memo(gl, t, memo, budget)?;
            left.push(self.sum(h, t, budget)?);
        }
        let mut right = Vec::with_capacity(r.len());
        for gr in r {
            let h = self.heat_memo(gr, t, memo, budget)?;
            right.push(self.sub(h, t, budget)?);
        }
        let f = self.from_options(&left, &right, budget)?;
        memo.insert(g, f);
        Ok(f)
    }

    /// `g` overheated from `s` to `t`: an integer n becomes n copies of `s`
    /// (the base case is integers, not numbers, unlike heating); otherwise
    /// `{∫G^L + t | ∫G^R − t}`.
    pub fn overheat(&mut self, g: Form, s: Form, t: Form, budget: &Budget) -> Result<Form, Error> {
        self.overheat_memo(g, s, t, &mut Memo::default(), budget)
    }

    fn overheat_memo(
        &mut self,
        g: Form,
        s: Form,
        t: Form,
        memo: &mut Memo,
        budget: &Budget,
    ) -> Result<Form, Error> {
        if let Some(n) = self.as_number(g).and_then(Dyadic::as_integer) {
            return self.copies(n, s, budget);
        }
        if let Some(&f) = memo.get(&g) {
            return Ok(f);
        }
        budget.tick()?;
        let (l, r) = self.options_of(g)?;
        let mut left = Vec::with_capacity(l.len());
        for gl in l {
            let h = self.overheat_memo(gl, s, t, memo, budget)?;
            left.push(self.sum(h, t, budget)?);
        }
        let mut right = Vec::with_capacity(r.len());
        for gr in r {
            let h = self.overheat_memo(gr, s, t, memo, budget)?;
            right.push(self.sub(h, t, budget)?);
        }
        let f = self.from_options(&left, &right, budget)?;
        memo.insert(g, f);
        Ok(f)
    }

    /// `n` copies of `u` (negative `n`: copies of `−u`), by doubling.
    fn copies(&mut self, n: i64, u: Form, budget: &Budget) -> Result<Form, Error> {
        let mut base = if n < 0 { self.neg(u, budget)? } else { u };
        let mut k = n.unsigned_abs();
        let mut total = Form::ZERO;
        while k > 0 {
            budget.tick()?;
            if k & 1 == 1 {
                total = self.sum(total, base, budget)?;
            }
            k >>= 1;
            if k > 0 {
                base = self.sum(base, base, budget)?;
            }
        }
        Ok(total)
    }

    /// The Norton product `g.u`: for an integer n, n copies of `u`;
    /// otherwise `{G^L.U + U + Δ | G^R.U − (U + Δ)}`, Δ ranging over every
    /// incentive of `u` (Left's `U^L − U` and Right's `U − U^R`).
    pub fn norton(&mut self, g: Form, u: Form, budget: &Budget) -> Result<Form, Error> {
        let (ul, ur) = self.options_of(u)?;
        let mut plus = Vec::new();
        for o in ul {
            let delta = self.sub(o, u, budget)?;
            plus.push(self.sum(u, delta, budget)?);
        }
        for o in ur {
            let delta = self.sub(u, o, budget)?;
            plus.push(self.sum(u, delta, budget)?);
        }
        plus.sort_unstable();
        plus.dedup();
        self.norton_memo(g, u, &plus, &mut Memo::default(), budget)
    }

    fn norton_memo(
        &mut self,
        g: Form,
        u: Form,
        plus: &[Form],
        memo: &mut Memo,
        budget: &Budget,
    ) -> Result<Form, Error> {
        if let Some(n) = self.as_number(g).and_then(Dyadic::as_integer) {
            return self.copies(n, u, budget);
        }
        if let Some(&f) = memo.get(&g) {
            return Ok(f);
        }
        budget.tick()?;
        let (l, r) = self.options_of(g)?;
        let mut left = Vec::new();
        for gl in l {
            let p = self.norton_memo(gl, u, plus, memo, budget)?;
            for &d in plus {
                left.push(self.sum(p, d, budget)?);
            }
        }
        let mut right = Vec::new();
        for gr in r {
            let p = self.norton_memo(gr, u, plus, memo, budget)?;
            for &d in plus {
                right.push(self.sub(p, d, budget)?);
            }
        }
        let f = self.from_options(&left, &right, budget)?;
        memo.insert(g, f);
        Ok(f)
    }

    /// The ordinal sum `g : h` = `{G^L, G:H^L | G^R, G:H^R}`, on `g`'s
    /// canonical form: `h` is played only while `g` is untouched.
    pub fn ordinal_sum(&mut self, g: Form, h: Form, budget: &Budget) -> Result<Form, Error> {
        self.ordinal_memo(g, h, &mut Memo::default(), budget)
    }

    fn ordinal_memo(
        &mut self,
        g: Form,
        h: Form,
        memo: &mut Memo,
        budget: &Budget,
    ) -> Result<Form, Error> {
        if h == Form::ZERO {
            return Ok(g);
        }
        if let Some(&f) = memo.get(&h) {
            return Ok(f);
        }
        budget.tick()?;
        let (mut left, mut right) = self.options_of(g)?;
        let (hl, hr) = self.options_of(h)?;
        for o in hl {
            left.push(self.ordinal_memo(g, o, memo, budget)?);
        }
        for o in hr {
            right.push(self.ordinal_memo(g, o, memo, budget)?);
        }
        let f = self.from_options(&left, &right, budget)?;
        memo.insert(h, f);
        Ok(f)
    }

    /// The reduced canonical form (Calistrate): `g` with every infinitesimal
    /// difference forgotten. Number + ups + star gives its number; otherwise
    /// the star projection of `g` heated by `*`.
    pub fn reduced(&mut self, g: Form, budget: &Budget) -> Result<Form, Error> {
        if let Some(n) = self.as_nus(g) {
            return Ok(self.number(n.number));
        }
        let star = self.nimber(1);
        let heated = self.heat(g, star, budget)?;
        self.star_projection(heated, &mut Memo::default(), budget)
    }

    /// `x*` and `x` become `x`, through every option.
    fn star_projection(
        &mut self,
        g: Form,
        memo: &mut Memo,
        budget: &Budget,
    ) -> Result<Form, Error> {
        if let Some(n) = self.as_nus(g) {
            if n.ups == 0 && n.nim <= 1 {
                return Ok(self.number(n.number));
            }
        }
        if let Some(&f) = memo.get(&g) {
            return Ok(f);
        }
        budget.tick()?;
        let (l, r) = self.options_of(g)?;
        let mut left = Vec::with_capacity(l.len());
        for o in l {
            left.push(self.star_projection(o, memo, budget)?);
        }
        let mut right = Vec::with_capacity(r.len());
        for o in r {
            right.push(self.star_projection(o, memo, budget)?);
        }
        let f = self.from_options(&left, &right, budget)?;
        memo.insert(g, f);
        Ok(f)
    }

    /// True when every follower of `g` (itself included) has moves for both
    /// players or for neither.
    pub fn is_all_small(&mut self, g: Form, budget: &Budget) -> Result<bool, Error> {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut stack = vec![g];
        while let Some(f) = stack.pop() {
            if !seen.insert(f) {
                continue;
            }
            budget.tick()?;
            if let Some(n) = self.as_nus(f) {
                // Number + ups + star: all-small exactly when the number is 0.
                if n.number != Dyadic::ZERO {
                    return Ok(false);
                }
                continue;
            }
            let (l, r) = self.options_of(f)?;
            if l.is_empty() != r.is_empty() {
                return Ok(false);
            }
            stack.extend(l);
            stack.extend(r);
        }
        Ok(true)
    }

    /// True when `g` is infinitesimal: both stops are 0 (so every positive
    /// number exceeds it and every negative one is below it).
    pub fn is_infinitesimal(&self, g: Form) -> bool {
        self.left_stop(g) == Dyadic::ZERO && self.right_stop(g) == Dyadic::ZERO
    }

    /// The far star `*k`: k is one more than the largest nimber among the
    /// followers of `g` (at least 1).
    fn far_star(&mut self, g: Form, budget: &Budget) -> Result<u32, Error> {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut stack = vec![g];
        let mut k = 1u32;
        while let Some(f) = stack.pop() {
            if !seen.insert(f) {
                continue;
            }
            budget.tick()?;
            if let Some(n) = self.as_nus(f) {
                if n.is_nimber() {
                    k = k.max(n.nim.checked_add(1).ok_or(Error::Overflow)?);
                    continue;
                }
            }
            let (l, r) = self.options_of(f)?;
            stack.extend(l);
            stack.extend(r);
        }
        Ok(k)
    }

    /// The atomic weight (uppitiness) of `g`, as CGSuite computes it, or
    /// `None` when `g` is not atomic: infinitesimal, and all-small or within
    /// ±(`↑*` + the red kite `*2^j : −1`) of its atomic weight times `↑`,
    /// 2^j the least power of two that is at least 2 and the far star.
    pub fn atomic_weight(&mut self, g: Form, budget: &Budget) -> Result<Option<Form>, Error> {
        if !self.is_infinitesimal(g) {
            return Ok(None);
        }
        let aw = self.naive_atomic_weight(g, &mut Memo::default(), budget)?;
        if self.is_all_small(g, budget)? {
            return Ok(Some(aw));
        }
        // G − aw.↑ must lie within ±(↑* + ε).
        let up = self.ups(1);
        let multiple = self.norton(aw, up, budget)?;
        let diff = self.sub(g, multiple, budget)?;
        let far = self.far_star(g, budget)?;
        // The least power of two at least the far star, and at least 2.
        let j = far
            .max(2)
            .checked_next_power_of_two()
            .ok_or(Error::Overflow)?;
        let star = self.nimber(j);
        let minus_one = self.integer(-1);
        let kite = self.ordinal_sum(star, minus_one, budget)?;
        let up_star = self.nus(Nus {
            number: Dyadic::ZERO,
            ups: 1,
            nim: 1,
        });
        let bound = self.sum(up_star, kite, budget)?;
        let low = self.neg(bound, budget)?;
        let atomic = self.leq(low, diff, budget)? && self.leq(diff, bound, budget)?;
        Ok(atomic.then_some(aw))
    }

    fn naive_atomic_weight(
        &mut self,
        g: Form,
        memo: &mut Memo,
        budget: &Budget,
    ) -> Result<Form, Error> {
        if let Some(n) = self.as_nus(g) {
            return Ok(self.integer(i64::from(n.ups)));
        }
        if let Some(&f) = memo.get(&g) {
            return Ok(f);
        }
        budget.tick()?;
        let two = self.integer(2);
        let (l, r) = self.options_of(g)?;
        let mut left = Vec::with_capacity(l.len());
        for o in l {
            let w = self.naive_atomic_weight(o, memo, budget)?;
            left.push(self.sub(w, two, budget)?);
        }
        let mut right = Vec::with_capacity(r.len());
        for o in r {
            let w = self.naive_atomic_weight(o, memo, budget)?;
            right.push(self.sum(w, two, budget)?);
        }
        let g0 = self.from_options(&left, &right, budget)?;
        let f = if self.is_integer(g0) {
            let far = self.far_star(g, budget)?;
            let star = self.nimber(far);
            match self.compare(g, star, budget)? {
                // The least integer n with n ≰ every g0^L.
                Cmp::Less => {
                    let mut n = 0i64;
                    for (i, &o) in left.iter().enumerate() {
                        let mut least = self.right_stop(o).ceil().ok_or(Error::Overflow)?;
                        let m = self.integer(least);
                        if self.leq(m, o, budget)? {
                            least = least.checked_add(1).ok_or(Error::Overflow)?;
                        }
                        n = if i == 0 { least } else { n.max(least) };
                    }
                    self.integer(n)
                }
                // The greatest integer n with every g0^R ≰ n (from ⌊leftstop⌋,
                // as CGSuite; the cgt crate rounds instead).
                Cmp::Greater => {
                    let mut n = 0i64;
                    for (i, &o) in right.iter().enumerate() {
                        let mut greatest = self.left_stop(o).floor();
                        let m = self.integer(greatest);
                        if self.leq(o, m, budget)? {
                            greatest = greatest.checked_sub(1).ok_or(Error::Overflow)?;
                        }
                        n = if i == 0 { greatest } else { n.min(greatest) };
                    }
                    self.integer(n)
                }
                Cmp::Equal | Cmp::Fuzzy => g0,
            }
        } else {
            g0
        };
        memo.insert(g, f);
        Ok(f)
    }
}

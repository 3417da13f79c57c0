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
        let by = self.number(t);
        self.remap(g, &Cool { t, by }, &mut Memo::default(), budget)
    }

    /// `g` heated by `t` (any game): numbers stay; otherwise
    /// `{∫G^L + t | ∫G^R − t}`.
    pub fn heat(&mut self, g: Form, t: Form, budget: &Budget) -> Result<Form, Error> {
        self.remap(g, &Heat { t }, &mut Memo::default(), budget)
    }

    /// `g` overheated from `s` to `t`: an integer n becomes n copies of `s`
    /// (the base case is integers, not numbers, unlike heating); otherwise
    /// `{∫G^L + t | ∫G^R − t}`.
    pub fn overheat(&mut self, g: Form, s: Form, t: Form, budget: &Budget) -> Result<Form, Error> {
        let over = Scaled {
            unit: s,
            by: vec![t],
        };
        self.remap(g, &over, &mut Memo::default(), budget)
    }

    /// The image of `g` under `op`: its base case, or the form whose options
    /// are the images of `g`'s options, each passed through `op` — every
    /// follower once.
    fn remap<R: Remap>(
        &mut self,
        g: Form,
        op: &R,
        memo: &mut Memo,
        budget: &Budget,
    ) -> Result<Form, Error> {
        if let Some(f) = op.base(self, g, budget)? {
            return Ok(f);
        }
        if let Some(&f) = memo.get(&g) {
            return Ok(f);
        }
        budget.tick()?;
        let (l, r) = self.options_of(g)?;
        let (by, left_subtracts) = op.shifts();
        let mut sides = [Vec::new(), Vec::new()];
        for (options, out, subtract) in [(l, 0, left_subtracts), (r, 1, !left_subtracts)] {
            for o in options {
                let image = self.remap(o, op, memo, budget)?;
                let Some(out) = sides.get_mut(out) else {
                    continue;
                };
                if by.is_empty() {
                    out.push(image);
                }
                for &d in by {
                    out.push(if subtract {
                        self.sub(image, d, budget)?
                    } else {
                        self.sum(image, d, budget)?
                    });
                }
            }
        }
        let [left, right] = sides;
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
        self.remap(
            g,
            &Scaled { unit: u, by: plus },
            &mut Memo::default(),
            budget,
        )
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
        self.remap(heated, &StarProjection, &mut Memo::default(), budget)
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

/// A map of forms defined option by option (cooling, heating, Norton
/// multiplication, the star projection), walked by [`CanonStore::remap`]:
/// a base case, else the images of the options, each shifted.
trait Remap {
    /// The image of `g` when it is a base case.
    fn base(&self, store: &mut CanonStore, g: Form, budget: &Budget)
        -> Result<Option<Form>, Error>;

    /// What each option's image is shifted by: a Left option's image gives
    /// `image + d` for each `d` (`image − d` when the flag is set), a Right
    /// option's the other sign; no shift when the list is empty.
    fn shifts(&self) -> (&[Form], bool);
}

/// Cooling by `t` (`by` is `t` as a form): `{G^L_t − t | G^R_t + t}`.
struct Cool {
    t: Dyadic,
    by: Form,
}

impl Remap for Cool {
    fn base(
        &self,
        store: &mut CanonStore,
        g: Form,
        budget: &Budget,
    ) -> Result<Option<Form>, Error> {
        if store.is_integer(g) {
            return Ok(Some(g));
        }
        if store.temperature(g, budget)? < self.t {
            let mean = store.mean(g, budget)?;
            return Ok(Some(store.number(mean)));
        }
        Ok(None)
    }

    fn shifts(&self) -> (&[Form], bool) {
        (std::slice::from_ref(&self.by), true)
    }
}

/// Heating by `t`: numbers stay; `{∫G^L + t | ∫G^R − t}`.
struct Heat {
    t: Form,
}

impl Remap for Heat {
    fn base(&self, store: &mut CanonStore, g: Form, _: &Budget) -> Result<Option<Form>, Error> {
        Ok(store.is_number(g).then_some(g))
    }

    fn shifts(&self) -> (&[Form], bool) {
        (std::slice::from_ref(&self.t), false)
    }
}

/// An integer n becomes n copies of `unit`; otherwise the options' images
/// shifted by each of `by`. Overheating from `s` to `t` is `unit` s and `by`
/// [t]; the Norton product by `u` is `unit` u and `by` every `U + Δ`, Δ an
/// incentive of `u`.
struct Scaled {
    unit: Form,
    by: Vec<Form>,
}

impl Remap for Scaled {
    fn base(
        &self,
        store: &mut CanonStore,
        g: Form,
        budget: &Budget,
    ) -> Result<Option<Form>, Error> {
        match store.as_number(g).and_then(Dyadic::as_integer) {
            Some(n) => store.copies(n, self.unit, budget).map(Some),
            None => Ok(None),
        }
    }

    fn shifts(&self) -> (&[Form], bool) {
        (&self.by, false)
    }
}

/// `x*` and `x` become `x`, through every option.
struct StarProjection;

impl Remap for StarProjection {
    fn base(&self, store: &mut CanonStore, g: Form, _: &Budget) -> Result<Option<Form>, Error> {
        Ok(store
            .as_nus(g)
            .filter(|n| n.ups == 0 && n.nim <= 1)
            .map(|n| store.number(n.number)))
    }

    fn shifts(&self) -> (&[Form], bool) {
        (&[], false)
    }
}

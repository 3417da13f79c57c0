//! The canonical-form store: every canonical form hash-consed to a [`Form`] id, with
//! cached order, sums and negation.

use super::dyadic::Dyadic;
use super::nus::Nus;
use super::Error;
use crate::graph::budget::Budget;
use rustc_hash::FxHashMap;

/// A canonical short partizan game, as an id into one [`CanonStore`]. Equal games
/// have equal ids, so `==` on forms is equality of games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Form(pub(crate) u32);

impl Form {
    /// The game 0 = `{ | }`, present in every store.
    pub const ZERO: Form = Form(0);

    /// The id as a number (for tables keyed by forms).
    pub fn index(self) -> u32 {
        self.0
    }
}

/// How two games compare.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cmp {
    /// `a < b`.
    Less,
    /// `a > b`.
    Greater,
    /// `a = b`.
    Equal,
    /// `a || b`: incomparable.
    Fuzzy,
}

/// Who wins a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Left wins whoever starts (G > 0).
    L,
    /// Right wins whoever starts (G < 0).
    R,
    /// The first player wins (G || 0).
    N,
    /// The second player wins (G = 0).
    P,
}

/// Marks a node field not computed yet.
const UNSET: u32 = u32::MAX;

/// One canonical form. Options live in the arena: `n_left` left ids from `opts`,
/// then `n_right` right ids. A NUS node builds its options only when someone asks
/// for them, because NUS arithmetic never needs them.
#[derive(Debug, Clone)]
struct Node {
    opts: u32,
    n_left: u32,
    n_right: u32,
    built: bool,
    nus: Option<Nus>,
    birthday: u64,
    left_stop: Dyadic,
    right_stop: Dyadic,
    neg: u32,
}

/// The store of canonical forms. All operations on forms go through it; ids from
/// one store mean nothing in another.
#[derive(Debug)]
pub struct CanonStore {
    nodes: Vec<Node>,
    arena: Vec<Form>,
    /// General (non-NUS) forms by `[n_left, left ids…, right ids…]`, options sorted by id.
    by_options: FxHashMap<Box<[u32]>, Form>,
    by_nus: FxHashMap<Nus, Form>,
    /// `leq` results keyed by `a << 32 | b`.
    leq_cache: FxHashMap<u64, bool>,
    /// Sums keyed by the ordered pair `min << 32 | max`.
    sum_cache: FxHashMap<u64, Form>,
    /// Scratch for building interning keys without allocating per lookup.
    key: Vec<u32>,
    /// Bytes held by the boxed keys of `by_options`, kept as they are made so
    /// that [`CanonStore::bytes`] stays cheap enough to call often.
    key_bytes: usize,
    /// Thermographs already drawn.
    pub(super) thermographs: FxHashMap<Form, super::thermo::Thermograph>,
    /// Bytes held by the walls of those thermographs.
    pub(super) thermo_bytes: usize,
}

impl Default for CanonStore {
    fn default() -> Self {
        CanonStore::new()
    }
}

/// Packs an ordered pair of ids into one cache key.
fn pair(a: Form, b: Form) -> u64 {
    (u64::from(a.0) << 32) | u64::from(b.0)
}

impl CanonStore {
    /// A store holding only 0 (as [`Form::ZERO`]).
    pub fn new() -> CanonStore {
        let mut store = CanonStore {
            nodes: Vec::new(),
            arena: Vec::new(),
            by_options: FxHashMap::default(),
            by_nus: FxHashMap::default(),
            leq_cache: FxHashMap::default(),
            sum_cache: FxHashMap::default(),
            key: Vec::new(),
            key_bytes: 0,
            thermographs: FxHashMap::default(),
            thermo_bytes: 0,
        };
        let zero = store.nus(Nus::default());
        debug_assert_eq!(zero, Form::ZERO);
        store
    }

    /// How many distinct forms the store holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the store holds only 0 (it is never truly empty).
    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 1
    }

    /// Bytes of memory the store holds (capacities of its tables), for the budget.
    pub fn bytes(&self) -> usize {
        use std::mem::size_of;
        let keys = self.key_bytes;
        self.nodes.capacity() * size_of::<Node>()
            + self.arena.capacity() * size_of::<Form>()
            + self.by_options.capacity() * (size_of::<Box<[u32]>>() + size_of::<Form>() + 1)
            + keys
            + self.by_nus.capacity() * (size_of::<Nus>() + size_of::<Form>() + 1)
            + self.leq_cache.capacity() * (size_of::<u64>() + 2)
            + self.sum_cache.capacity() * (size_of::<u64>() + size_of::<Form>() + 1)
            + self.thermographs.capacity()
                * (size_of::<Form>() + size_of::<super::thermo::Thermograph>() + 1)
            + self.thermo_bytes
    }

    /// Forgets the cached comparisons and sums (the forms stay valid).
    pub fn clear_caches(&mut self) {
        self.leq_cache = FxHashMap::default();
        self.sum_cache = FxHashMap::default();
        self.thermographs = FxHashMap::default();
        self.thermo_bytes = 0;
    }

    fn node(&self, f: Form) -> Option<&Node> {
        self.nodes.get(f.0 as usize)
    }

    /// The form of a NUS value (never fails: nothing but a lookup or one node).
    pub fn nus(&mut self, n: Nus) -> Form {
        if let Some(&f) = self.by_nus.get(&n) {
            return f;
        }
        let f = Form(self.nodes.len() as u32);
        self.nodes.push(Node {
            opts: 0,
            n_left: 0,
            n_right: 0,
            built: false,
            nus: Some(n),
            birthday: n.birthday(),
            left_stop: n.number,
            right_stop: n.number,
            neg: UNSET,
        });
        self.by_nus.insert(n, f);
        f
    }

    /// The number `x`.
    pub fn number(&mut self, x: Dyadic) -> Form {
        self.nus(Nus::number(x))
    }

    /// The integer `n`.
    pub fn integer(&mut self, n: i64) -> Form {
        self.number(Dyadic::integer(n))
    }

    /// The nimber `*n`.
    pub fn nimber(&mut self, n: u32) -> Form {
        self.nus(Nus::nimber(n))
    }

    /// `k·↑` (negative `k` for downs).
    pub fn ups(&mut self, k: i32) -> Form {
        self.nus(Nus {
            number: Dyadic::ZERO,
            ups: k,
            nim: 0,
        })
    }

    /// The value as a number, if it is one.
    pub fn as_number(&self, f: Form) -> Option<Dyadic> {
        self.as_nus(f).filter(|n| n.is_number()).map(|n| n.number)
    }

    /// The value as number + ups + nimber, if it is one.
    pub fn as_nus(&self, f: Form) -> Option<Nus> {
        self.node(f).and_then(|n| n.nus)
    }

    /// Whether the value is a number.
    pub fn is_number(&self, f: Form) -> bool {
        self.as_number(f).is_some()
    }

    /// Birthday of the canonical form.
    pub fn birthday(&self, f: Form) -> u64 {
        self.node(f).map_or(0, |n| n.birthday)
    }

    /// Left stop: where the game settles to a number when Left starts and both
    /// play to the stop.
    pub fn left_stop(&self, f: Form) -> Dyadic {
        self.node(f).map_or(Dyadic::ZERO, |n| n.left_stop)
    }

    /// Right stop: the same with Right starting.
    pub fn right_stop(&self, f: Form) -> Dyadic {
        self.node(f).map_or(Dyadic::ZERO, |n| n.right_stop)
    }

    /// Builds the options of a NUS node on first use.
    fn ensure_options(&mut self, f: Form) -> Result<(), Error> {
        let Some(node) = self.node(f) else {
            return Ok(());
        };
        if node.built {
            return Ok(());
        }
        let Some(n) = node.nus else {
            return Ok(());
        };
        let (left, right) = n.options().ok_or(Error::Overflow)?;
        let mut left: Vec<Form> = left.into_iter().map(|o| self.nus(o)).collect();
        let mut right: Vec<Form> = right.into_iter().map(|o| self.nus(o)).collect();
        left.sort_unstable();
        right.sort_unstable();
        let opts = self.arena.len() as u32;
        self.arena.extend_from_slice(&left);
        self.arena.extend_from_slice(&right);
        if let Some(node) = self.nodes.get_mut(f.0 as usize) {
            node.opts = opts;
            node.n_left = left.len() as u32;
            node.n_right = right.len() as u32;
            node.built = true;
        }
        Ok(())
    }

    /// The `i`th left option (options must be built). Reading by index keeps the
    /// arena borrow short, so recursion can grow the store in between.
    fn left_at(&self, f: Form, i: u32) -> Option<Form> {
        let n = self.node(f)?;
        if i >= n.n_left {
            return None;
        }
        self.arena.get((n.opts + i) as usize).copied()
    }

    /// The `i`th right option (options must be built).
    fn right_at(&self, f: Form, i: u32) -> Option<Form> {
        let n = self.node(f)?;
        if i >= n.n_right {
            return None;
        }
        self.arena.get((n.opts + n.n_left + i) as usize).copied()
    }

    /// Left options as stored (empty for a NUS form whose options are not built).
    pub(super) fn stored_left(&self, f: Form) -> Vec<Form> {
        (0..).map_while(|i| self.left_at(f, i)).collect()
    }

    /// Right options as stored (empty for a NUS form whose options are not built).
    pub(super) fn stored_right(&self, f: Form) -> Vec<Form> {
        (0..).map_while(|i| self.right_at(f, i)).collect()
    }

    /// Left options of the canonical form, sorted by id.
    pub fn left_options(&mut self, f: Form) -> Result<Vec<Form>, Error> {
        self.ensure_options(f)?;
        Ok((0..).map_while(|i| self.left_at(f, i)).collect())
    }

    /// Right options of the canonical form, sorted by id.
    pub fn right_options(&mut self, f: Form) -> Result<Vec<Form>, Error> {
        self.ensure_options(f)?;
        Ok((0..).map_while(|i| self.right_at(f, i)).collect())
    }

    /// Interns a general form whose options are canonical, undominated, not
    /// reversible and sorted by id.
    fn intern_general(&mut self, left: &[Form], right: &[Form]) -> Form {
        let mut key = std::mem::take(&mut self.key);
        key.clear();
        key.push(left.len() as u32);
        key.extend(left.iter().map(|f| f.0));
        key.extend(right.iter().map(|f| f.0));
        if let Some(&f) = self.by_options.get(key.as_slice()) {
            self.key = key;
            return f;
        }
        // A non-number's stops come from its options' opposite stops.
        let left_stop = left.iter().map(|&o| self.right_stop(o)).max();
        let right_stop = right.iter().map(|&o| self.left_stop(o)).min();
        let birthday = left
            .iter()
            .chain(right)
            .map(|&o| self.birthday(o))
            .max()
            .map_or(0, |b| b.saturating_add(1));
        let f = Form(self.nodes.len() as u32);
        let opts = self.arena.len() as u32;
        self.arena.extend_from_slice(left);
        self.arena.extend_from_slice(right);
        self.nodes.push(Node {
            opts,
            n_left: left.len() as u32,
            n_right: right.len() as u32,
            built: true,
            nus: None,
            birthday,
            left_stop: left_stop.or(right_stop).unwrap_or_default(),
            right_stop: right_stop.or(left_stop).unwrap_or_default(),
            neg: UNSET,
        });
        self.key_bytes += key.len() * std::mem::size_of::<u32>();
        self.by_options.insert(key.as_slice().into(), f);
        self.key = key;
        f
    }

    /// `a <= b`, cached.
    pub fn leq(&mut self, a: Form, b: Form, budget: &Budget) -> Result<bool, Error> {
        if a == b {
            return Ok(true);
        }
        let (Some(na), Some(nb)) = (self.node(a), self.node(b)) else {
            return Ok(false);
        };
        if let (Some(x), Some(y)) = (na.nus, nb.nus) {
            return Ok(x.leq(y));
        }
        // Stops are monotone, and a right stop above the other's left stop
        // decides the order outright: both avoid the recursion.
        if na.left_stop > nb.left_stop || na.right_stop > nb.right_stop {
            return Ok(false);
        }
        if na.left_stop < nb.right_stop {
            return Ok(true);
        }
        let a_number = na.nus.is_some_and(|n| n.is_number());
        let b_number = nb.nus.is_some_and(|n| n.is_number());
        let key = pair(a, b);
        if let Some(&r) = self.leq_cache.get(&key) {
            return Ok(r);
        }
        budget.tick()?;
        // Number avoidance: against a non-number nobody needs to move in a number,
        // so a number's options are never consulted here.
        let mut result = true;
        if !a_number {
            self.ensure_options(a)?;
            let mut i = 0;
            while let Some(al) = self.left_at(a, i) {
                if self.leq(b, al, budget)? {
                    result = false;
                    break;
                }
                i += 1;
            }
        }
        if result && !b_number {
            self.ensure_options(b)?;
            let mut i = 0;
            while let Some(br) = self.right_at(b, i) {
                if self.leq(br, a, budget)? {
                    result = false;
                    break;
                }
                i += 1;
            }
        }
        self.leq_cache.insert(key, result);
        Ok(result)
    }

    /// How `a` compares with `b`.
    pub fn compare(&mut self, a: Form, b: Form, budget: &Budget) -> Result<Cmp, Error> {
        let le = self.leq(a, b, budget)?;
        let ge = self.leq(b, a, budget)?;
        Ok(match (le, ge) {
            (true, true) => Cmp::Equal,
            (true, false) => Cmp::Less,
            (false, true) => Cmp::Greater,
            (false, false) => Cmp::Fuzzy,
        })
    }

    /// Who wins `a`.
    pub fn outcome(&mut self, a: Form, budget: &Budget) -> Result<Outcome, Error> {
        Ok(match self.compare(a, Form::ZERO, budget)? {
            Cmp::Greater => Outcome::L,
            Cmp::Less => Outcome::R,
            Cmp::Equal => Outcome::P,
            Cmp::Fuzzy => Outcome::N,
        })
    }

    /// `-a`: the players swap roles.
    pub fn neg(&mut self, a: Form, budget: &Budget) -> Result<Form, Error> {
        let Some(node) = self.node(a) else {
            return Ok(a);
        };
        if let Some(n) = node.nus {
            let m = n.checked_neg().ok_or(Error::Overflow)?;
            return Ok(self.nus(m));
        }
        if node.neg != UNSET {
            return Ok(Form(node.neg));
        }
        budget.tick()?;
        let left = self.left_options(a)?;
        let right = self.right_options(a)?;
        // The negative of a canonical form is canonical: negate and swap the
        // options, no reduction needed.
        let mut new_left = Vec::with_capacity(right.len());
        for r in right {
            new_left.push(self.neg(r, budget)?);
        }
        let mut new_right = Vec::with_capacity(left.len());
        for l in left {
            new_right.push(self.neg(l, budget)?);
        }
        new_left.sort_unstable();
        new_right.sort_unstable();
        let m = self.intern_general(&new_left, &new_right);
        if let Some(node) = self.nodes.get_mut(a.0 as usize) {
            node.neg = m.0;
        }
        if let Some(node) = self.nodes.get_mut(m.0 as usize) {
            node.neg = a.0;
        }
        Ok(m)
    }

    /// `a + b`, cached.
    pub fn sum(&mut self, a: Form, b: Form, budget: &Budget) -> Result<Form, Error> {
        if a == Form::ZERO {
            return Ok(b);
        }
        if b == Form::ZERO {
            return Ok(a);
        }
        let (x, y) = (self.as_nus(a), self.as_nus(b));
        if let (Some(x), Some(y)) = (x, y) {
            let s = x.checked_add(y).ok_or(Error::Overflow)?;
            return Ok(self.nus(s));
        }
        let key = if a < b { pair(a, b) } else { pair(b, a) };
        if let Some(&f) = self.sum_cache.get(&key) {
            return Ok(f);
        }
        budget.tick()?;
        let a_number = x.is_some_and(|n| n.is_number());
        let b_number = y.is_some_and(|n| n.is_number());
        if a_number || b_number {
            let (number, game) = if a_number { (a, b) } else { (b, a) };
            let f = self.translate(game, number, budget)?;
            self.sum_cache.insert(key, f);
            return Ok(f);
        }
        let mut left = Vec::new();
        let mut right = Vec::new();
        for (g, h) in [(a, b), (b, a)] {
            self.ensure_options(g)?;
            let mut i = 0;
            while let Some(gl) = self.left_at(g, i) {
                left.push(self.sum(gl, h, budget)?);
                i += 1;
            }
            let mut i = 0;
            while let Some(gr) = self.right_at(g, i) {
                right.push(self.sum(gr, h, budget)?);
                i += 1;
            }
        }
        let f = self.from_options(&left, &right, budget)?;
        self.sum_cache.insert(key, f);
        Ok(f)
    }

    /// `G + x` for a non-number `G` and a number `x`. Number translation: the
    /// canonical form is `{G^L + x | G^R + x}` as it stands (translating keeps
    /// options undominated and irreversible), so no reduction is run.
    fn translate(&mut self, g: Form, x: Form, budget: &Budget) -> Result<Form, Error> {
        self.ensure_options(g)?;
        let mut left = Vec::new();
        let mut i = 0;
        while let Some(gl) = self.left_at(g, i) {
            left.push(self.sum(gl, x, budget)?);
            i += 1;
        }
        let mut right = Vec::new();
        let mut i = 0;
        while let Some(gr) = self.right_at(g, i) {
            right.push(self.sum(gr, x, budget)?);
            i += 1;
        }
        left.sort_unstable();
        right.sort_unstable();
        let f = self.intern_general(&left, &right);
        #[cfg(debug_assertions)]
        {
            // The shortcut rests on a theorem; debug builds (and so every test)
            // check it against the full reduction.
            let full = self.from_options(&left, &right, budget)?;
            debug_assert_eq!(full, f, "number translation produced a non-canonical form");
        }
        Ok(f)
    }

    /// `a - b`.
    pub fn sub(&mut self, a: Form, b: Form, budget: &Budget) -> Result<Form, Error> {
        let nb = self.neg(b, budget)?;
        self.sum(a, nb, budget)
    }

    /// The canonical form of `{left | right}` for any canonical options: removes
    /// dominated options, bypasses reversible ones, applies the simplest-number
    /// rule and recognises NUS values, so equal games get identical ids.
    pub fn from_options(
        &mut self,
        left: &[Form],
        right: &[Form],
        budget: &Budget,
    ) -> Result<Form, Error> {
        let mut l = left.to_vec();
        let mut r = right.to_vec();
        l.sort_unstable();
        l.dedup();
        r.sort_unstable();
        r.dedup();
        if let Some(f) = self.quick_form(&l, &r)? {
            return Ok(f);
        }
        loop {
            budget.tick()?;
            self.remove_dominated(&mut l, true, budget)?;
            self.remove_dominated(&mut r, false, budget)?;
            let changed_l = self.bypass_left(&mut l, &r, budget)?;
            let changed_r = self.bypass_right(&l, &mut r, budget)?;
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
        // A bit set covers the usual small nimbers without allocating.
        let mut seen: u128 = 0;
        let mut large: Vec<u32> = Vec::new();
        for &o in opts {
            let n = self.as_nus(o)?;
            if !n.is_nimber() {
                return None;
            }
            if n.nim < 128 {
                seen |= 1 << n.nim;
            } else {
                large.push(n.nim);
            }
        }
        let mut mex = (!seen).trailing_zeros();
        if mex == 128 {
            large.sort_unstable();
            for n in large {
                if n == mex {
                    mex += 1;
                } else if n > mex {
                    break;
                }
            }
        }
        Some(mex)
    }

    /// Drops every option another one dominates (for Left the smaller, for Right
    /// the larger). Options are distinct canonical forms, hence distinct values.
    fn remove_dominated(
        &mut self,
        opts: &mut Vec<Form>,
        left: bool,
        budget: &Budget,
    ) -> Result<(), Error> {
        // Keep a list of the best options so far: each newcomer is compared only
        // with those (usually a handful), not with every other option.
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

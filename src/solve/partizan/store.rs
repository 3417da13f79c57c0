//! The canonical-form store itself: every canonical form hash-consed to a [`Form`]
//! id, its node (options, stops, birthday) and the accessors; the operations live
//! in `order`, `arith`, `reduce` and `thermo`.

use super::dyadic::Dyadic;
use super::nus::Nus;
use super::Error;
use rustc_hash::FxHashMap;

/// A canonical short partizan game, as an id into one [`CanonStore`]. Equal games
/// have equal ids, so `==` on forms is equality of games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Form(pub(super) u32);

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

impl Cmp {
    /// The relation as the language writes it (`compare` answers, and the
    /// string an assertion compares with): `<`, `>`, `=` or `||`.
    pub fn symbol(self) -> &'static str {
        match self {
            Cmp::Less => "<",
            Cmp::Greater => ">",
            Cmp::Equal => "=",
            Cmp::Fuzzy => "||",
        }
    }
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
pub(super) const UNSET: u32 = u32::MAX;

/// One canonical form. Options live in the arena: `n_left` left ids from `opts`,
/// then `n_right` right ids. A NUS node builds its options only when someone asks
/// for them, because NUS arithmetic never needs them.
#[derive(Debug, Clone)]
pub(super) struct Node {
    pub(super) opts: u32,
    pub(super) n_left: u32,
    pub(super) n_right: u32,
    pub(super) built: bool,
    pub(super) nus: Option<Nus>,
    pub(super) birthday: u64,
    pub(super) left_stop: Dyadic,
    pub(super) right_stop: Dyadic,
    /// The negative's id, once computed.
    pub(super) neg: u32,
}

/// The store of canonical forms. All operations on forms go through it; ids from
/// one store mean nothing in another.
#[derive(Debug)]
pub struct CanonStore {
    pub(super) nodes: Vec<Node>,
    arena: Vec<Form>,
    /// General (non-NUS) forms by `[n_left, left ids…, right ids…]`, options sorted by id.
    by_options: FxHashMap<Box<[u32]>, Form>,
    by_nus: FxHashMap<Nus, Form>,
    /// The direct-mapped `leq` cache (see `order.rs`), `2^leq_bits` entries.
    pub(super) leq_table: Vec<u64>,
    /// log2 of the `leq` cache's size.
    pub(super) leq_bits: u32,
    /// Sums keyed by the ordered pair `min << 32 | max`.
    pub(super) sum_cache: FxHashMap<u64, Form>,
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
pub(super) fn pair(a: Form, b: Form) -> u64 {
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
            leq_table: vec![0; 1 << super::order::LEQ_MIN_BITS],
            leq_bits: super::order::LEQ_MIN_BITS,
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
            + self.leq_table.capacity() * size_of::<u64>()
            + self.sum_cache.capacity() * (size_of::<u64>() + size_of::<Form>() + 1)
            + self.thermographs.capacity()
                * (size_of::<Form>() + size_of::<super::thermo::Thermograph>() + 1)
            + self.thermo_bytes
    }

    /// Forgets the cached comparisons and sums (the forms stay valid).
    pub fn clear_caches(&mut self) {
        self.leq_table = vec![0; 1 << super::order::LEQ_MIN_BITS];
        self.leq_bits = super::order::LEQ_MIN_BITS;
        self.sum_cache = FxHashMap::default();
        self.thermographs = FxHashMap::default();
        self.thermo_bytes = 0;
    }

    pub(super) fn node(&self, f: Form) -> Option<&Node> {
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
    pub(super) fn ensure_options(&mut self, f: Form) -> Result<(), Error> {
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
    pub(super) fn left_at(&self, f: Form, i: u32) -> Option<Form> {
        let n = self.node(f)?;
        if i >= n.n_left {
            return None;
        }
        self.arena.get((n.opts + i) as usize).copied()
    }

    /// The `i`th right option (options must be built).
    pub(super) fn right_at(&self, f: Form, i: u32) -> Option<Form> {
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
    pub(super) fn intern_general(&mut self, left: &[Form], right: &[Form]) -> Form {
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
}

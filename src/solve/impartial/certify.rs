//! Proofs of periodicity, keyed by the shape of a game's rules (a constructor
//! and rules of the same shape reach the same theorem). Each theorem names
//! the values it must see; the checker recomputes them from the code or the
//! finite-memory form by a plain loop of its own — never from the tables the
//! fast fills produced — and checks the theorem's exact conditions there
//! (THEORY.md §5.3):
//!
//! - **finite subtraction** (largest move t): g(n + p) = g(n) for
//!   l ≤ n < l + t;
//! - **Guy–Smith** for finite take-and-break codes whose moves leave at most
//!   k heaps and remove at most t: g(n + p) = g(n) for
//!   l ≤ n < k·max(l, 1) + (k − 1)·p + t (the `max(l, 1)`: with l = 0 the
//!   window of `0.4` holds and its period does not);
//! - **finite memory** (removals at most m, conditions periodic mod q from
//!   heap c₀ on; L = lcm(p, q)): g(n + L) = g(n) for l' ≤ n < l' + m,
//!   l' = max(l, c₀ − m), makes the state repeat, and g(n + p) = g(n) for
//!   l ≤ n < l' + L then holds for ever;
//! - **all-but** (excluded set E, m = max E): a repeated normalised state —
//!   the values seen so far above their mex, and the last m values, both
//!   shifted by that mex — at heaps n₁ and n₁ + p with n₁ ≥ m proves
//!   g(n + p) = g(n) + s from n₁ − m on (no published window is used).

use super::periodicity::Regularity;
use crate::budget::{Budget, Exceeded};
use crate::game::compiled::shape::code::Code;
use crate::game::compiled::shape::memory::Memory;
use crate::game::compiled::shape::Shape;
use rustc_hash::FxHashMap;

/// The theorem a shape's periodicity rests on, with its parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Theorem {
    /// A finite subtraction set whose largest element is `t`.
    Subtraction {
        /// The largest move.
        t: usize,
    },
    /// Guy and Smith's theorem for a finite take-and-break code.
    GuySmith {
        /// The most heaps a move leaves (at least 1).
        heaps: usize,
        /// The most counters a move removes.
        t: usize,
    },
    /// Finite-memory rules.
    FiniteMemory {
        /// The largest removal.
        m: usize,
        /// The modulus of the conditions.
        q: usize,
        /// The heap from which the conditions depend on n mod q only.
        from: usize,
    },
    /// An all-but subtraction game excluding `m = max E` and below.
    AllBut {
        /// The largest excluded removal (0 for Nim).
        m: usize,
    },
    /// Lasker's Nim, `4.[3]`: remove any number of counters, or split a heap
    /// in two. Its values are the closed form of Winning Ways (ch. 4):
    /// g(4j + 1) = 4j + 1, g(4j + 2) = 4j + 2, g(4j + 3) = 4j + 4,
    /// g(4j + 4) = 4j + 3, proven there by induction, so the arithmetic
    /// periodicity (preperiod 1, period 4, saltus 4) holds for ever.
    Lasker,
}

/// The value of heap `n` of Lasker's Nim by its closed form.
fn lasker(n: u64) -> u64 {
    match n % 4 {
        0 if n > 0 => n - 1,
        3 => n + 1,
        _ => n,
    }
}

impl Theorem {
    /// The theorem that applies to `shape`, if any.
    pub fn of(shape: &Shape) -> Option<Theorem> {
        if let Some(code) = &shape.code {
            if let Some(set) = code.subtraction_set() {
                // No removal at all: every heap is 0, period 1.
                let t = set
                    .iter()
                    .max()
                    .map_or(Some(0), |&m| usize::try_from(m).ok())?;
                return Some(Theorem::Subtraction { t });
            }
            if let (Some(t), false) = (code.max_removal(), code.has_modifiers()) {
                let heaps = code.most_heaps().max(1);
                return Some(Theorem::GuySmith { heaps, t });
            }
            if code.is_lasker() {
                return Some(Theorem::Lasker);
            }
            if let Some(excluded) = code.all_but_set() {
                let m = excluded
                    .iter()
                    .max()
                    .map_or(Some(0), |&m| usize::try_from(m).ok())?;
                return Some(Theorem::AllBut { m });
            }
        }
        let memory = shape.memory.as_ref()?;
        Some(Theorem::FiniteMemory {
            m: memory.most_removed(),
            q: memory.modulus()?,
            from: memory.uniform_from(),
        })
    }

    /// A short name, for reports.
    pub fn name(&self) -> &'static str {
        match self {
            Theorem::Subtraction { .. } => "finite subtraction",
            Theorem::GuySmith { .. } => "Guy-Smith",
            Theorem::FiniteMemory { .. } => "finite memory",
            Theorem::AllBut { .. } => "all-but state repeat",
            Theorem::Lasker => "Lasker's Nim closed form",
        }
    }

    /// How many values (heaps 0..) the checker must see to prove `r`, or
    /// `None` when the theorem cannot prove a regularity of that kind.
    pub fn needs(&self, r: &Regularity) -> Option<usize> {
        let (l, p) = (r.preperiod, r.period);
        match *self {
            Theorem::Subtraction { t } if r.saltus == 0 => Some(l + p + t),
            Theorem::GuySmith { heaps, t } if r.saltus == 0 => {
                let end = heaps
                    .checked_mul(l.max(1))?
                    .checked_add((heaps - 1).checked_mul(p)?)?
                    .checked_add(t)?;
                end.checked_add(p)
            }
            // The state (n mod q, the last m values) repeats after
            // lcm(p, q); the values then have period p if they do over one
            // such stretch.
            Theorem::FiniteMemory { m, q, from } if r.saltus == 0 => {
                let s = l.max(from.saturating_sub(m));
                s.checked_add(lcm(p, q)?)?.checked_add(m.max(p))
            }
            // A state at n₁ ≥ max(m, l + m) and its repeat at n₁ + p: usually
            // within a few periods of the preperiod.
            Theorem::AllBut { m } => Some(l + m + 4 * p + 2 * m + 2),
            // The closed form is the proof; the values computed must follow
            // it (and detection must have found exactly its regularity).
            Theorem::Lasker if (l, p, r.saltus) == (1, 4, 4) => Some(l + 2 * p),
            _ => None,
        }
    }
}

/// What a proof rests on, for reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Certificate {
    /// The theorem.
    pub theorem: Theorem,
    /// How many values were recomputed and checked.
    pub checked: usize,
}

/// Why a proof could not be given.
#[derive(Debug)]
pub enum Refusal {
    /// The conditions do not hold on the values (or more are needed).
    NotShown,
    /// A limit of the budget.
    Limit(Exceeded),
    /// The recomputed values differ from those computed: a fault of grundy's.
    Disagrees(usize),
}

impl From<Exceeded> for Refusal {
    fn from(e: Exceeded) -> Self {
        Refusal::Limit(e)
    }
}

/// Proves `r` for the game of `shape` under `theorem`, recomputing the values
/// the theorem needs from the shape and checking them against `values` (the
/// values the analysis computed, which must be at least as many).
pub fn prove(
    theorem: &Theorem,
    shape: &Shape,
    r: &Regularity,
    values: &[u32],
    budget: &Budget,
) -> Result<Certificate, Refusal> {
    let need = theorem.needs(r).ok_or(Refusal::NotShown)?;
    if need > values.len() {
        return Err(Refusal::NotShown);
    }
    let own = recompute(theorem, shape, need, budget)?;
    if let Some(i) = (0..need).find(|&i| own.get(i) != values.get(i)) {
        return Err(Refusal::Disagrees(i));
    }
    let holds = |from: usize, to: usize| shifts(&own, r, from, to);
    let (l, p) = (r.preperiod, r.period);
    // The regularity must hold on every value seen (detect() found it so).
    if !shifts(values, r, l, values.len().saturating_sub(p)) {
        return Err(Refusal::NotShown);
    }
    let shown = match *theorem {
        Theorem::Subtraction { t } => holds(l, l + t),
        Theorem::GuySmith { heaps, t } => holds(l, heaps * l.max(1) + (heaps - 1) * p + t),
        Theorem::FiniteMemory { m, q, from } => {
            // From s on a heap's options depend on n mod q and the m heaps
            // below it, so equal values on s..s + m at distance lcm(p, q)
            // repeat for ever; then period p over one such stretch from l
            // holds for ever.
            let s = l.max(from.saturating_sub(m));
            match lcm(p, q) {
                Some(big) => {
                    let once = Regularity { period: big, ..*r };
                    shifts(&own, &once, s, s + m) && holds(l, s + big)
                }
                None => false,
            }
        }
        Theorem::AllBut { m } => state_repeats(&own, m, r),
        Theorem::Lasker => own
            .iter()
            .enumerate()
            .all(|(n, &v)| u64::from(v) == lasker(n as u64)),
    };
    if shown {
        Ok(Certificate {
            theorem: theorem.clone(),
            checked: need,
        })
    } else {
        Err(Refusal::NotShown)
    }
}

/// g(n + p) − g(n) = s for `from ≤ n < to`.
fn shifts(values: &[u32], r: &Regularity, from: usize, to: usize) -> bool {
    (from..to).all(|n| match (values.get(n), values.get(n + r.period)) {
        (Some(&a), Some(&b)) => i64::from(b) - i64::from(a) == r.saltus,
        _ => false,
    })
}

/// The all-but certificate: equal normalised states at some n₁ ≥ max(m,
/// l + m) and n₁ + p, with the mex of the values seen growing by s.
fn state_repeats(values: &[u32], m: usize, r: &Regularity) -> bool {
    let p = r.period;
    let states = normalised_states(values, m);
    let first = m.max(r.preperiod + m);
    (first..values.len().saturating_sub(p)).any(|n1| match (states.get(n1), states.get(n1 + p)) {
        (Some((a, ma)), Some((b, mb))) => a == b && mb - ma == r.saltus,
        _ => false,
    })
}

/// For each heap n ≥ m with every value below it known: the normalised state
/// and the mex M(n) of the values of heaps 0..=n − m − 1.
fn normalised_states(values: &[u32], m: usize) -> Vec<(Vec<i64>, i64)> {
    let mut out = vec![(Vec::new(), 0); m.min(values.len())];
    let mut seen: FxHashMap<u32, ()> = FxHashMap::default();
    let mut mex = 0u32;
    for n in m..=values.len() {
        // P(n) holds heaps 0..=n − m − 1.
        if n > m {
            if let Some(&v) = values.get(n - m - 1) {
                seen.insert(v, ());
                while seen.contains_key(&mex) {
                    mex += 1;
                }
            }
        }
        let base = i64::from(mex);
        let mut above: Vec<i64> = seen
            .keys()
            .filter(|&&v| v > mex)
            .map(|&v| i64::from(v) - base)
            .collect();
        above.sort_unstable();
        above.push(-1); // separator
        above.extend(
            values
                .get(n - m..n)
                .unwrap_or(&[])
                .iter()
                .map(|&v| i64::from(v) - base),
        );
        out.push((above, base));
    }
    out
}

/// The values of heaps 0..len computed from the shape alone, by the plain
/// definition (the mex of the options' values).
fn recompute(
    theorem: &Theorem,
    shape: &Shape,
    len: usize,
    budget: &Budget,
) -> Result<Vec<u32>, Exceeded> {
    budget.reserve(len.saturating_mul(8))?;
    match (theorem, &shape.code, &shape.memory) {
        (Theorem::FiniteMemory { .. }, _, Some(memory)) => Ok(by_memory(memory, len, budget)?),
        (_, Some(code), _) => by_code(code, len, budget),
        (_, None, Some(memory)) => by_memory(memory, len, budget),
        _ => Ok(Vec::new()),
    }
}

/// A bitset of the values seen, cleared between heaps.
struct Marks {
    words: Vec<u64>,
}

impl Marks {
    fn mark(&mut self, v: u32) {
        let w = (v / 64) as usize;
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        if let Some(word) = self.words.get_mut(w) {
            *word |= 1 << (v % 64);
        }
    }

    /// The mex, clearing the marks.
    fn take_mex(&mut self) -> u32 {
        let mut mex = None;
        for (i, w) in self.words.iter_mut().enumerate() {
            if mex.is_none() && *w != u64::MAX {
                mex = Some(i as u32 * 64 + (!*w).trailing_zeros());
            }
            *w = 0;
        }
        mex.unwrap_or(self.words.len() as u32 * 64)
    }
}

fn by_code(code: &Code, len: usize, budget: &Budget) -> Result<Vec<u32>, Exceeded> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    let mut marks = Marks { words: Vec::new() };
    // Every value so far is below `cap` (a power of two), so every nim-sum of
    // two or three of them is too: the marks cover it without growing.
    let mut cap = 1u32;
    for n in 0..len {
        let words = (cap as usize).div_ceil(64).max(1);
        if marks.words.len() < words {
            marks.words.resize(words, 0);
        }
        // A finite code removes at most its last digit's k.
        let last = code.max_removal().map_or(n, |t| t.min(n));
        for k in 0..=last {
            let d = code.digit(k);
            if d.mask == 0 {
                continue;
            }
            let m = n - k;
            if d.mask & 1 != 0 && m == 0 && k > 0 {
                marks.mark(0);
            }
            if d.mask & 2 != 0 && m > 0 && k > 0 {
                marks.mark(g.get(m).copied().unwrap_or(0));
            }
            if d.mask & 4 != 0 && m >= 2 {
                budget.ticks(u32::try_from(m / 2).unwrap_or(u32::MAX))?;
                let top = if d.unequal { (m - 1) / 2 } else { m / 2 };
                // Pairs (a, m − a) for a in 1..=top: one slice forwards, one backwards.
                if let (Some(low), Some(high)) = (g.get(1..=top), g.get(m - top..m)) {
                    for (x, y) in low.iter().zip(high.iter().rev()) {
                        let v = x ^ y;
                        if let Some(w) = marks.words.get_mut((v / 64) as usize) {
                            *w |= 1 << (v % 64);
                        }
                    }
                }
            }
            if d.mask & 8 != 0 && m >= 3 {
                let at = |i: usize| g.get(i).copied().unwrap_or(0);
                for a in 1..=m / 3 {
                    budget.ticks(u32::try_from(m / 2).unwrap_or(u32::MAX))?;
                    for b in a..=(m - a) / 2 {
                        marks.mark(at(a) ^ at(b) ^ at(m - a - b));
                    }
                }
            }
        }
        budget.ticks(u32::try_from(n + 1).unwrap_or(u32::MAX))?;
        let v = marks.take_mex();
        while cap <= v {
            cap = cap.saturating_mul(2);
        }
        g.push(v);
    }
    Ok(g)
}

fn by_memory(memory: &Memory, len: usize, budget: &Budget) -> Result<Vec<u32>, Exceeded> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    let mut marks = Marks { words: Vec::new() };
    for n in 0..len {
        budget.tick()?;
        memory.options(n, |left| {
            marks.mark(left.and_then(|h| g.get(h).copied()).unwrap_or(0));
        });
        g.push(marks.take_mex());
    }
    Ok(g)
}

/// The least common multiple, if it fits.
fn lcm(a: usize, b: usize) -> Option<usize> {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    match x {
        0 => Some(0),
        g => (a / g).checked_mul(b),
    }
}

//! Grundy values of positions whose rules compile over integer vectors
//! ([`super::kernel::vector`]): a walk over flat keys on the one search
//! driver, memoised in a hash table keyed by the keys themselves, with every
//! frame's options in one stack-shaped arena (a position on the driver's
//! stack is where its key lies there). A doubt of the compiled rules, or a cycle, hands the
//! instance back to the general evaluator (which reports cycles with their path).

use super::{Solver, IN_PROGRESS, UNKNOWN};
use crate::budget::{Budget, Exceeded};
use crate::eval::eval_error::EvalError;
use crate::game::compiled::vector::{Halt, VectorRules};
use crate::graph::search::{search, CyclePolicy, Marks, MemoWalk, Status, Step};
use crate::lang::value::{InstId, Pos};
use crate::solve::mex::mex;
use std::rc::Rc;

/// Grundy values (or `IN_PROGRESS`) of one instance's vector positions: an
/// open-addressing table whose entries live back to back in one arena (a
/// header word holding the key's length and its state, then the key), so
/// storing a position allocates nothing of its own and a lookup reads the slot
/// and then one run of words.
#[derive(Debug, Default, Clone)]
pub struct VectorMemo {
    /// Every entry: `len << 32 | state`, then the key's words.
    words: Vec<i64>,
    /// `hash fragment << START_BITS | entry start + 1`, or 0 when free; a power
    /// of two long.
    slots: Vec<u64>,
    /// Entries stored.
    len: usize,
}

/// Bits of a slot naming where its entry starts.
const START_BITS: u32 = 40;

/// The hash of a key: a multiply-rotate over its words.
#[inline]
fn hash(key: &[i64]) -> u64 {
    let mut h = key.len() as u64;
    for &w in key {
        h = (h.rotate_left(26) ^ w as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    // A final mix, so the low bits (the slot) and the high bits (the
    // fragment) both depend on every word.
    h ^= h >> 32;
    h = h.wrapping_mul(0xd6e8_feb8_6659_fd93);
    h ^ (h >> 32)
}

/// A slot's hash fragment, in place.
#[inline]
fn fragment(h: u64) -> u64 {
    (h >> START_BITS) << START_BITS
}

impl VectorMemo {
    /// The stored state of the position with key `key`.
    #[inline]
    pub fn get(&self, key: &[i64]) -> u32 {
        self.get_hashed(key, hash(key))
    }

    /// The stored state of `key`, whose hash is `h`.
    #[inline]
    fn get_hashed(&self, key: &[i64], h: u64) -> u32 {
        match self.find(key, h) {
            Ok(at) => self.words.get(at).map_or(UNKNOWN, |&h| h as u32),
            Err(_) => UNKNOWN,
        }
    }

    /// True when nothing is stored (asked before every statement: O(1)).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Where the entry of `key` starts (`Ok`), or the free slot where it would
    /// go (`Err`).
    #[inline]
    fn find(&self, key: &[i64], h: u64) -> Result<usize, usize> {
        if self.slots.is_empty() {
            return Err(usize::MAX);
        }
        let mask = self.slots.len() - 1;
        let mut i = h as usize & mask;
        loop {
            let slot = self.slots.get(i).copied().unwrap_or(0);
            if slot == 0 {
                return Err(i);
            }
            if fragment(slot) == fragment(h) {
                let at = (slot & ((1 << START_BITS) - 1)) as usize - 1;
                let len = self.words.get(at).map_or(0, |&w| (w >> 32) as usize);
                // Keys are a few words: compared in place, not by a call.
                if len == key.len()
                    && self
                        .words
                        .get(at + 1..at + 1 + len)
                        .is_some_and(|w| w.iter().zip(key).all(|(a, b)| a == b))
                {
                    return Ok(at);
                }
            }
            i = (i + 1) & mask;
        }
    }

    /// Marks an unknown key in progress: where its entry starts, or `None`
    /// when it is known or in progress already.
    fn claim(&mut self, key: &[i64], h: u64, budget: &Budget) -> Result<Option<usize>, Exceeded> {
        if let Ok(at) = self.find(key, h) {
            let state = self.words.get(at).map_or(UNKNOWN, |&w| w as u32);
            if state != UNKNOWN {
                return Ok(None);
            }
            self.put(at, IN_PROGRESS);
            return Ok(Some(at));
        }
        self.set(key, IN_PROGRESS, budget)?;
        Ok(self.find(key, h).ok())
    }

    /// Sets the state of the entry starting at `at`.
    #[inline]
    fn put(&mut self, at: usize, state: u32) {
        if let Some(w) = self.words.get_mut(at) {
            *w = (*w >> 32 << 32) | i64::from(state);
        }
    }

    fn set(&mut self, key: &[i64], state: u32, budget: &Budget) -> Result<(), Exceeded> {
        let h = hash(key);
        let header = ((key.len() as i64) << 32) | i64::from(state);
        let free = match self.find(key, h) {
            Ok(at) => {
                if let Some(w) = self.words.get_mut(at) {
                    *w = header;
                }
                return Ok(());
            }
            Err(free) => free,
        };
        budget.add_positions(1)?;
        if self.words.capacity() - self.words.len() <= key.len() {
            let more = self.words.capacity().max(64 * (key.len() + 1));
            budget.reserve(more * std::mem::size_of::<i64>())?;
            self.words.reserve(more);
        }
        let at = self.words.len();
        if at as u64 >= (1 << START_BITS) - 1 {
            return Err(Exceeded::Memory(budget.limits().max_memory));
        }
        self.words.push(header);
        self.words.extend_from_slice(key);
        self.len += 1;
        if self.len * 2 > self.slots.len() {
            self.grow(budget)
        } else {
            if let Some(s) = self.slots.get_mut(free) {
                *s = fragment(h) | (at as u64 + 1);
            }
            Ok(())
        }
    }

    /// Doubles the slots (at least 64) and places every entry again.
    fn grow(&mut self, budget: &Budget) -> Result<(), Exceeded> {
        let len = (self.slots.len() * 2).max(64);
        budget.reserve(len * std::mem::size_of::<u64>())?;
        self.slots = vec![0; len];
        let mask = len - 1;
        let mut at = 0;
        while let Some(&header) = self.words.get(at) {
            let n = (header >> 32) as usize;
            let h = hash(self.words.get(at + 1..at + 1 + n).unwrap_or(&[]));
            let mut i = h as usize & mask;
            while self.slots.get(i).is_some_and(|&s| s != 0) {
                i = (i + 1) & mask;
            }
            if let Some(s) = self.slots.get_mut(i) {
                *s = fragment(h) | (at as u64 + 1);
            }
            at += 1 + n;
        }
        Ok(())
    }
}

/// What the vector rules of an instance found, and whether they once doubted
/// (then the general evaluator values the instance's positions).
#[derive(Debug, Default, Clone)]
pub struct VectorState {
    /// The rules once could not decide a position.
    pub doubted: bool,
    /// Values found.
    pub memo: VectorMemo,
}

impl Solver<'_, '_> {
    /// The instance's vector rules; `None` also where a one- or two-integer
    /// kernel compiles (its tables hold the values the search reads).
    fn vector_rules(&mut self, inst: InstId) -> Option<Rc<VectorRules>> {
        let doubted = self.tables.inst(inst).is_some_and(|t| t.vectors.doubted);
        if !self.games.budget.limits().kernels || doubted {
            return None;
        }
        self.games.compiled(inst).vector.clone()
    }

    /// The Grundy value of `pos` by its instance's vector rules, solving every
    /// position it needs; `None` when they do not apply.
    pub fn vector_value(&mut self, inst: InstId, pos: &Pos) -> Result<Option<u32>, EvalError> {
        let Some(rules) = self.vector_rules(inst) else {
            return Ok(None);
        };
        let mut key = Vec::new();
        if !rules.encode(pos, &mut key) {
            return Ok(None);
        }
        let budget = self.games.budget;
        let state = &mut self.tables.inst_mut(inst).vectors;
        match walk(&rules, &mut state.memo, &key, budget) {
            Ok(v) => Ok(Some(v)),
            Err(Halt::Doubt) => {
                // Not again for this instance: the general evaluator takes over.
                state.doubted = true;
                Ok(None)
            }
            Err(Halt::Limit(e)) => Err(self.limit(e)),
        }
    }
}

/// A position of the walk: where its key lies in the arena, and the key's
/// hash (computed once, when the position was listed as an option).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
struct Key {
    start: usize,
    end: usize,
    hash: u64,
}

/// The memo and the arena the keys live in: the table the driver marks.
/// Keys are written into the arena as options and taken off it, in stack
/// order, once the position listing them is valued, so a key on the
/// driver's stack always lies in the arena.
struct Keys<'w> {
    memo: &'w mut VectorMemo,
    /// Every listed position's options' keys, back to back.
    arena: Vec<i64>,
    /// The memo entries of the positions entered, in stack order.
    entries: Vec<usize>,
    budget: &'w Budget,
}

impl Keys<'_> {
    fn key(&self, k: &Key) -> &[i64] {
        self.arena.get(k.start..k.end).unwrap_or(&[])
    }
}

impl Marks<Key> for Keys<'_> {
    type Value = u32;

    fn status(&self, k: &Key) -> Status {
        match self.memo.get_hashed(self.key(k), k.hash) {
            UNKNOWN => Status::Unknown,
            IN_PROGRESS => Status::OnPath,
            _ => Status::Done,
        }
    }

    fn enter(&mut self, k: &Key) -> Result<(), Exceeded> {
        let key = self.arena.get(k.start..k.end).unwrap_or(&[]);
        // The driver enters unknown keys only; a key it could not claim
        // still takes its place in the stack, so that `finish` pairs up.
        let at = self.memo.claim(key, k.hash, self.budget)?;
        self.entries.push(at.unwrap_or(usize::MAX));
        Ok(())
    }

    fn finish(&mut self, _k: &Key, value: u32) {
        if let Some(at) = self.entries.pop() {
            self.memo.put(at, value);
        }
    }

    fn abandon(&mut self, k: &Key) {
        let h = k.hash;
        if let Ok(at) = self.memo.find(self.key(k), h) {
            if self
                .memo
                .words
                .get(at)
                .is_some_and(|&w| w as u32 == IN_PROGRESS)
            {
                self.memo.put(at, UNKNOWN);
            }
        }
    }
}

/// A position's options while they are valued: `ends[first..last]`, keys
/// from `base` on, the next to read at `cursor`, their values from `values`
/// on in the value stack.
#[derive(Debug, Default)]
struct Frame {
    listed: bool,
    first: usize,
    last: usize,
    base: usize,
    cursor: usize,
    values: usize,
}

/// The Grundy walk over vector keys, on the one search driver.
struct VectorWalk<'w> {
    rules: &'w VectorRules,
    keys: Keys<'w>,
    /// Where each option's key ends in the arena.
    ends: Vec<usize>,
    /// Each option's hash.
    hashes: Vec<u64>,
    /// The values of the options read so far.
    values: Vec<u64>,
    env: Vec<i64>,
    current: Vec<i64>,
    bits: Vec<u64>,
}

/// The value of `root`, solving every unknown position below it.
fn walk(
    rules: &VectorRules,
    memo: &mut VectorMemo,
    root: &[i64],
    budget: &Budget,
) -> Result<u32, Halt> {
    let h = hash(root);
    let known = memo.get_hashed(root, h);
    if known < IN_PROGRESS {
        return Ok(known);
    }
    let mut walk = VectorWalk {
        rules,
        keys: Keys {
            memo,
            arena: root.to_vec(),
            entries: Vec::new(),
            budget,
        },
        ends: Vec::new(),
        hashes: Vec::new(),
        values: Vec::new(),
        env: Vec::new(),
        current: Vec::new(),
        bits: Vec::new(),
    };
    let key = Key {
        start: 0,
        end: root.len(),
        hash: h,
    };
    search(&mut walk, key, budget, CyclePolicy::Error)?;
    Ok(walk.keys.memo.get_hashed(root, h))
}

impl<'w> MemoWalk for VectorWalk<'w> {
    type Node = Key;
    type Memo = Keys<'w>;
    type Frame = Frame;
    type Error = Halt;

    fn memo(&self) -> &Keys<'w> {
        &self.keys
    }

    fn memo_mut(&mut self) -> &mut Keys<'w> {
        &mut self.keys
    }

    fn visit(
        &mut self,
        k: &Key,
        top: &mut Frame,
        children: &mut Vec<Key>,
    ) -> Result<Step<u32>, Halt> {
        let arena = &mut self.keys.arena;
        if !top.listed {
            top.listed = true;
            self.current.clear();
            self.current
                .extend_from_slice(arena.get(k.start..k.end).ok_or(Halt::Doubt)?);
            top.first = self.ends.len();
            top.base = arena.len();
            self.rules.options(
                &self.current,
                &mut self.env,
                arena,
                &mut self.ends,
                self.keys.budget,
            )?;
            top.last = self.ends.len();
            top.cursor = top.first;
            top.values = self.values.len();
            // Every option's hash, computed once.
            let mut start = top.base;
            for &end in self.ends.get(top.first..top.last).unwrap_or(&[]) {
                self.hashes.push(hash(arena.get(start..end).unwrap_or(&[])));
                start = end;
            }
        }
        // The loop over options reads through local borrows: the memo, the
        // arena and the stacks stay in registers.
        let (memo, arena, ends, hashes) =
            (&*self.keys.memo, &self.keys.arena, &self.ends, &self.hashes);
        while top.cursor < top.last {
            let start = if top.cursor == top.first {
                top.base
            } else {
                ends.get(top.cursor - 1).copied().ok_or(Halt::Doubt)?
            };
            let end = ends.get(top.cursor).copied().ok_or(Halt::Doubt)?;
            let h = hashes.get(top.cursor).copied().ok_or(Halt::Doubt)?;
            let v = memo.get_hashed(arena.get(start..end).ok_or(Halt::Doubt)?, h);
            if v < IN_PROGRESS {
                self.values.push(u64::from(v));
                top.cursor += 1;
                continue;
            }
            // A cycle: the general evaluator reports it with its path.
            if v == IN_PROGRESS {
                return Err(Halt::Doubt);
            }
            children.push(Key {
                start,
                end,
                hash: h,
            });
            return Ok(Step::Need);
        }
        let g = mex(self.values.get(top.values..).unwrap_or(&[]), &mut self.bits);
        self.values.truncate(top.values);
        self.keys.arena.truncate(top.base);
        self.ends.truncate(top.first);
        self.hashes.truncate(top.first);
        Ok(Step::Done(g))
    }

    fn cycle(&mut self, _path: Vec<Key>) -> Halt {
        Halt::Doubt
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::budget::Limits;
    use proptest::prelude::*;
    use std::collections::HashMap;

    proptest! {
        /// Every key stored keeps its own state, whatever its length and words
        /// (small, large or negative), through the table's growth: checked
        /// against a hash map.
        #[test]
        fn every_key_keeps_its_own_state(
            keys in prop::collection::vec(
                prop::collection::vec(prop_oneof![0i64..=20, 250i64..=260, -3i64..=0], 0..=9),
                1..300,
            )
        ) {
            let budget = Budget::new(Limits::default());
            let mut memo = VectorMemo::default();
            let mut want: HashMap<Vec<i64>, u32> = HashMap::new();
            for (i, key) in keys.iter().enumerate() {
                let state = (i % 1000) as u32;
                memo.set(key, state, &budget).unwrap();
                want.insert(key.clone(), state);
            }
            for (key, state) in &want {
                prop_assert_eq!(memo.get(key), *state, "{:?}", key);
            }
            prop_assert_eq!(memo.len, want.len());
            // A key never stored is unknown.
            prop_assert_eq!(memo.get(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), UNKNOWN);
        }
    }

    /// Keys that differ only in length, order or one large word.
    #[test]
    fn neighbouring_small_keys_are_distinct() {
        let budget = Budget::new(Limits::default());
        let mut memo = VectorMemo::default();
        let keys: Vec<Vec<i64>> = vec![
            vec![3, 16, 0, 1],
            vec![3, 0, 1, 1],
            vec![0],
            vec![0, 0],
            vec![],
            vec![255, 1],
            vec![256, 1],
            vec![1, 0, 0, 0, 0, 0, 0],
            vec![1, 0, 0, 0, 0, 0, 0, 0],
        ];
        for (i, k) in keys.iter().enumerate() {
            memo.set(k, i as u32, &budget).unwrap();
        }
        for (i, k) in keys.iter().enumerate() {
            assert_eq!(memo.get(k), i as u32, "{k:?}");
        }
    }
}

//! One walk for every value a sum gets from its options' values, bottom-up
//! over the sum's own positions, by the one search driver with the memo kept
//! across statements: Conway's genus ([`super::genus`]) and the misère
//! canonical form ([`super::forms`]). A key may know some values without a
//! walk (a value quotient knows genera); those are read, not walked.

use crate::budget::Budget;
use crate::graph::search::{search, CyclePolicy, Memo, MemoWalk, Status, Step};
use crate::solve::misere::sums::key::SumKey;
use std::borrow::Borrow;

/// How a value is found from the options' values.
pub(crate) trait Valuation<K: SumKey> {
    /// The value.
    type Value: Clone;

    /// Whether [`Self::read`] may know anything.
    fn reads(&self, _key: &K) -> bool {
        false
    }

    /// The value of a sum the key knows without a walk.
    fn read(&self, _key: &K, _form: &K::Form) -> Option<Self::Value> {
        None
    }

    /// The value of a sum from its options' values.
    fn combine(&mut self, options: &[&Self::Value]) -> Result<Self::Value, K::Error>;
}

/// The value of `root`, keyed by `key`, with the steps checked on `budget`;
/// what is found stays in `memo`. `None` only if the walk ended without the
/// root's value (a bug the caller reports).
pub(crate) fn values<K: SumKey, V: Valuation<K>>(
    key: &mut K,
    valuation: &mut V,
    memo: &mut Memo<K::Key, V::Value>,
    root: K::Key,
    budget: &Budget,
) -> Result<Option<V::Value>, K::Error> {
    let mut walk = ValueWalk {
        key,
        valuation,
        memo,
    };
    search(&mut walk, root.clone(), budget, CyclePolicy::Error)?;
    Ok(walk.memo.get::<K::Key>(&root).cloned())
}

struct ValueWalk<'w, K: SumKey, V: Valuation<K>> {
    key: &'w mut K,
    valuation: &'w mut V,
    memo: &'w mut Memo<K::Key, V::Value>,
}

impl<K: SumKey, V: Valuation<K>> MemoWalk for ValueWalk<'_, K, V> {
    type Node = K::Key;
    type Memo = Memo<K::Key, V::Value>;
    /// Whether the options not known yet have been asked of the key.
    type Frame = bool;
    type Error = K::Error;

    fn memo(&self) -> &Memo<K::Key, V::Value> {
        self.memo
    }

    fn memo_mut(&mut self) -> &mut Memo<K::Key, V::Value> {
        self.memo
    }

    fn entered(&mut self, _node: &K::Key) -> Result<(), K::Error> {
        self.key.count()
    }

    fn visit(
        &mut self,
        s: &K::Key,
        asked: &mut bool,
        children: &mut Vec<K::Key>,
    ) -> Result<Step<V::Value>, K::Error> {
        // First visit: the options not known yet are asked of the key, and
        // the rest become children. Later visits find them all known.
        if !*asked && self.valuation.reads(self.key) {
            *asked = true;
            let mut told = Vec::new();
            let (key, memo) = (&mut *self.key, &*self.memo);
            key.each_option(s, &mut |form| {
                if memo.status(form) == Status::Unknown {
                    told.push(K::key(form));
                }
                Ok(())
            })?;
            for form in told {
                if self.memo.status::<K::Key>(&form) != Status::Unknown {
                    continue;
                }
                match self.valuation.read(self.key, form.borrow()) {
                    Some(v) => {
                        self.key.count()?;
                        self.memo.insert(form, v);
                    }
                    None => children.push(form),
                }
            }
            if !children.is_empty() {
                return Ok(Step::Need);
            }
        }
        let (key, memo) = (&mut *self.key, &*self.memo);
        let mut known: Vec<&V::Value> = Vec::new();
        key.each_option(s, &mut |form| {
            match memo.get(form) {
                Some(v) => known.push(v),
                None => children.push(K::key(form)),
            }
            Ok(())
        })?;
        if !children.is_empty() {
            return Ok(Step::Need);
        }
        Ok(Step::Done(self.valuation.combine(&known)?))
    }

    fn cycle(&mut self, _path: Vec<K::Key>) -> K::Error {
        self.key.cycle()
    }
}

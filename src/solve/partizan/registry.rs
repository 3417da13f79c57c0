//! Canonical forms shared between threads. A store of forms is one
//! thread's (its caches and hash-consing are not shared), so forms cross
//! between threads through a [`Registry`]: each form written without store
//! ids, as a number-up-star value or the registry ids of its options, and
//! hash-consed there too. A [`Translation`] keeps one store's ids and the
//! registry's, both ways: publishing a form publishes what is under it not
//! published yet, and bringing one in interns it option by option, never
//! reducing it again. A canonical form is the same game in any store, so
//! the form brought in is the one that store would have found.

use super::nus::Nus;
use super::store::UNSET;
use super::{CanonStore, Error, Form};
use crate::budget::{Budget, Exceeded};
use indexmap::IndexSet;
use rustc_hash::{FxBuildHasher, FxHashMap};
use std::sync::{Mutex, MutexGuard};

/// A canonical form as any thread can read it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Shape {
    /// A number + ups + nimber value.
    Nus(Nus),
    /// `[n_left, left options…, right options…]` as registry ids, each
    /// side sorted.
    General(Box<[u32]>),
}

/// The published forms: an id is a shape's index in the set (each shape
/// held once, for both directions).
#[derive(Debug, Default)]
pub(super) struct Registry {
    shapes: IndexSet<Shape, FxBuildHasher>,
}

impl Registry {
    fn intern(&mut self, shape: Shape) -> Result<u32, Error> {
        let (id, _) = self.shapes.insert_full(shape);
        u32::try_from(id).map_err(|_| Error::Overflow)
    }
}

/// The registry, locked (a thread that panicked while holding it leaves
/// nothing to trust: the computation stops).
fn lock(registry: &Mutex<Registry>) -> Result<MutexGuard<'_, Registry>, Error> {
    registry
        .lock()
        .map_err(|_| Error::Exceeded(Exceeded::Interrupted))
}

/// One store's forms by registry id, and back.
#[derive(Debug, Default)]
pub(super) struct Translation {
    /// Registry id by local form index (`UNSET`: not published).
    to_global: Vec<u32>,
    from_global: FxHashMap<u32, Form>,
    /// Scratch for exports and imports.
    stack: Vec<u32>,
    left: Vec<Form>,
    right: Vec<Form>,
}

impl Translation {
    /// The registry id of `f`, once published or imported.
    fn global(&self, f: Form) -> Option<u32> {
        self.to_global
            .get(f.index() as usize)
            .copied()
            .filter(|&g| g != UNSET)
    }

    fn link(&mut self, f: Form, g: u32) {
        let i = f.index() as usize;
        if self.to_global.len() <= i {
            self.to_global.resize(i + 1, UNSET);
        }
        if let Some(slot) = self.to_global.get_mut(i) {
            *slot = g;
        }
        self.from_global.insert(g, f);
    }

    /// Publishes `f` and every form under it not published yet.
    pub(super) fn export(
        &mut self,
        registry: &Mutex<Registry>,
        f: Form,
        store: &CanonStore,
        budget: &Budget,
    ) -> Result<u32, Error> {
        if let Some(g) = self.global(f) {
            return Ok(g);
        }
        let mut registry = lock(registry)?;
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(f.index());
        while let Some(&x) = stack.last() {
            budget.tick()?;
            let x = Form(x);
            if self.global(x).is_some() {
                stack.pop();
                continue;
            }
            let shape = if let Some(n) = store.as_nus(x) {
                Shape::Nus(n)
            } else {
                let before = stack.len();
                let options = (0..)
                    .map_while(|i| store.left_at(x, i))
                    .chain((0..).map_while(|i| store.right_at(x, i)));
                for o in options {
                    if self.global(o).is_none() {
                        stack.push(o.index());
                    }
                }
                if stack.len() > before {
                    continue;
                }
                let mut key = vec![0u32];
                let mut n_left = 0u32;
                for o in (0..).map_while(|i| store.left_at(x, i)) {
                    key.push(self.global(o).unwrap_or(UNSET));
                    n_left += 1;
                }
                let n = key.len();
                key.extend(
                    (0..)
                        .map_while(|i| store.right_at(x, i))
                        .map(|o| self.global(o).unwrap_or(UNSET)),
                );
                if let Some(first) = key.first_mut() {
                    *first = n_left;
                }
                if let Some(lefts) = key.get_mut(1..n) {
                    lefts.sort_unstable();
                }
                if let Some(rights) = key.get_mut(n..) {
                    rights.sort_unstable();
                }
                Shape::General(key.into())
            };
            let g = registry.intern(shape)?;
            self.link(x, g);
            stack.pop();
        }
        self.stack = stack;
        self.global(f).ok_or(Error::Exceeded(Exceeded::Interrupted))
    }

    /// Brings the published form `g` into `store`.
    pub(super) fn import(
        &mut self,
        registry: &Mutex<Registry>,
        g: u32,
        store: &mut CanonStore,
        budget: &Budget,
    ) -> Result<Form, Error> {
        if let Some(&f) = self.from_global.get(&g) {
            return Ok(f);
        }
        let registry = lock(registry)?;
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(g);
        while let Some(&x) = stack.last() {
            budget.tick()?;
            if self.from_global.contains_key(&x) {
                stack.pop();
                continue;
            }
            let f = match registry.shapes.get_index(x as usize) {
                Some(Shape::Nus(n)) => store.nus(*n),
                Some(Shape::General(key)) => {
                    let options = key.get(1..).unwrap_or(&[]);
                    let before = stack.len();
                    stack.extend(options.iter().filter(|o| !self.from_global.contains_key(o)));
                    if stack.len() > before {
                        continue;
                    }
                    let n_left = key.first().copied().unwrap_or(0) as usize;
                    let local = |o: &u32| self.from_global.get(o).copied().unwrap_or(Form::ZERO);
                    self.left.clear();
                    self.right.clear();
                    self.left.extend(options.iter().take(n_left).map(local));
                    self.right.extend(options.iter().skip(n_left).map(local));
                    self.left.sort_unstable();
                    self.right.sort_unstable();
                    store.intern_general(&self.left, &self.right)
                }
                None => return Err(Error::Exceeded(Exceeded::Interrupted)),
            };
            self.link(f, x);
            stack.pop();
        }
        self.stack = stack;
        self.from_global
            .get(&g)
            .copied()
            .ok_or(Error::Exceeded(Exceeded::Interrupted))
    }
}

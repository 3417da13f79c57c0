//! Canonical forms of the parts of a board game, memoised by part: each
//! option of a part is a sum of parts (each its least image, and whether that
//! image negates), and a part's form is found by a search on its own stack,
//! never the Rust stack. Placement boards ([`super::boards`]) and capture
//! boards ([`super::capture`]) are valued by it.
//!
//! The search can share its parts with a search of the same root on another
//! thread ([`Coop`], [`super::shared_parts`]): a part is claimed when its
//! options are taken, a part the other search holds is put off until the
//! part that needs it has nothing else to do, and a valued part is
//! published. A part still held when it is needed is not waited for: the
//! search takes its options too (without claiming it), so it helps with
//! the other search's parts below it instead of standing idle, and values
//! it itself if the other has not published it by then.

use super::{CanonStore, Error, Form};
use crate::budget::Budget;
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// A game whose positions split into independent parts.
pub(super) trait PartGame {
    /// A part, as its least image.
    type Part: Copy + Eq + Hash + Default;

    /// What a solver is built from: a search on another thread builds its
    /// own solver from a copy.
    type Rules: Clone + Send;

    /// A copy of the rules this solver was built from.
    #[cfg_attr(target_family = "wasm", allow(dead_code))]
    fn rules_copy(&self) -> Self::Rules;

    /// A solver of `rules`.
    #[cfg_attr(target_family = "wasm", allow(dead_code))]
    fn from_rules(rules: Self::Rules) -> Self;

    /// How many cells (or stones) a part has: every option's parts have
    /// fewer. (Only the two-core search asks, and the browser has one.)
    #[cfg_attr(target_family = "wasm", allow(dead_code))]
    fn size(part: &Self::Part) -> u32;

    /// Every option of `part` for both sides, appended to `parts` as runs
    /// of parts: `left_ends` and `right_ends` get the end of each option's
    /// run, Left's options first.
    fn options(
        &mut self,
        budget: &Budget,
        part: Self::Part,
        parts: &mut Vec<(Self::Part, bool)>,
        left_ends: &mut Vec<usize>,
        right_ends: &mut Vec<usize>,
    ) -> Result<(), Error>;
}

/// What a search shares with a search of the same root on another thread.
/// The search alone ([`Alone`]) shares nothing.
pub(super) trait Coop<P> {
    /// Whether the search takes a part's options in the reverse of their
    /// order (so that two searches start at opposite ends).
    fn reversed(&self) -> bool;

    /// Before the options of `part` are taken: its form, when another
    /// search has published it (brought into `store`); or whether this
    /// search now holds it.
    fn begin(&mut self, part: P, store: &mut CanonStore, budget: &Budget) -> Result<Begin, Error>;

    /// The form of a part another search holds, if it has been published
    /// (`None`: this search values it too).
    fn published(
        &mut self,
        part: P,
        store: &mut CanonStore,
        budget: &Budget,
    ) -> Result<Option<Form>, Error>;

    /// After `part` is valued.
    fn publish(
        &mut self,
        part: P,
        form: Form,
        store: &CanonStore,
        budget: &Budget,
    ) -> Result<(), Error>;
}

/// What [`Coop::begin`] found. (A search alone only ever takes a part, and
/// the browser has one core.)
#[cfg_attr(target_family = "wasm", allow(dead_code))]
pub(super) enum Begin {
    /// Valued by another search.
    Known(Form),
    /// This search holds it now.
    Take,
    /// Another search holds it.
    Busy,
}

/// A search on its own.
pub(super) struct Alone;

impl<P> Coop<P> for Alone {
    fn reversed(&self) -> bool {
        false
    }

    fn begin(&mut self, _: P, _: &mut CanonStore, _: &Budget) -> Result<Begin, Error> {
        Ok(Begin::Take)
    }

    fn published(&mut self, _: P, _: &mut CanonStore, _: &Budget) -> Result<Option<Form>, Error> {
        Ok(None)
    }

    fn publish(&mut self, _: P, _: Form, _: &CanonStore, _: &Budget) -> Result<(), Error> {
        Ok(())
    }
}

/// The parts valued so far, and the search's frames (reused).
#[derive(Debug)]
pub(super) struct PartForms<P> {
    memo: FxHashMap<P, Form>,
    frames: Vec<Frame<P>>,
}

impl<P> Default for PartForms<P> {
    fn default() -> Self {
        PartForms {
            memo: FxHashMap::default(),
            frames: Vec::new(),
        }
    }
}

/// One part being valued: its options, each a run of (part, negated).
#[derive(Debug, Default)]
struct Frame<P> {
    part: P,
    parts: Vec<(P, bool)>,
    left_ends: Vec<usize>,
    right_ends: Vec<usize>,
    expanded: bool,
    /// Options' parts another search holds, taken up once the others are
    /// valued.
    deferred: Vec<P>,
    /// The frame whose option this part is (the root's is its own).
    parent: usize,
    /// Valued beside the other search, which holds it: never put off.
    helping: bool,
}

impl<P: Copy + Eq + Hash + Default> PartForms<P> {
    /// The form of a part already valued.
    pub(super) fn get(&self, part: &P) -> Option<Form> {
        self.memo.get(part).copied()
    }

    /// The form of `part` (given as its least image) under `game`.
    pub(super) fn form<G: PartGame<Part = P>>(
        &mut self,
        game: &mut G,
        store: &mut CanonStore,
        budget: &Budget,
        root: P,
    ) -> Result<Form, Error> {
        self.form_with(game, store, budget, root, &mut Alone)
    }

    /// The form of `part` under `game`, sharing parts through `coop`.
    pub(super) fn form_with<G: PartGame<Part = P>, K: Coop<P>>(
        &mut self,
        game: &mut G,
        store: &mut CanonStore,
        budget: &Budget,
        root: P,
        coop: &mut K,
    ) -> Result<Form, Error> {
        if let Some(&f) = self.memo.get(&root) {
            return Ok(f);
        }
        let mut frames = std::mem::take(&mut self.frames);
        let result = self.search(game, store, budget, root, &mut frames, coop);
        self.frames = frames;
        result
    }

    /// The form of `root` under `game`, on two cores
    /// ([`super::shared_parts`]) when it has at least `two_cores_from`
    /// cells and the statement may use two threads.
    pub(super) fn value<G: PartGame<Part = P>>(
        &mut self,
        game: &mut G,
        store: &mut CanonStore,
        budget: &Budget,
        root: P,
        two_cores_from: u32,
    ) -> Result<Form, Error>
    where
        P: Send + Sync,
    {
        #[cfg(not(target_family = "wasm"))]
        if G::size(&root) >= two_cores_from && budget.limits().threads >= 2 {
            return super::shared_parts::on_two_cores(self, game, store, budget, root);
        }
        #[cfg(target_family = "wasm")]
        let _ = two_cores_from;
        self.form(game, store, budget, root)
    }

    /// Keeps a part's form.
    fn remember(&mut self, part: P, f: Form, budget: &Budget) -> Result<(), Error> {
        budget.before_growth(
            self.memo.len(),
            self.memo.capacity(),
            std::mem::size_of::<(P, Form)>(),
        )?;
        self.memo.insert(part, f);
        Ok(())
    }

    fn search<G: PartGame<Part = P>, K: Coop<P>>(
        &mut self,
        game: &mut G,
        store: &mut CanonStore,
        budget: &Budget,
        root: P,
        frames: &mut Vec<Frame<P>>,
        coop: &mut K,
    ) -> Result<Form, Error> {
        let mut depth = 0usize;
        let push = |frames: &mut Vec<Frame<P>>,
                    depth: &mut usize,
                    part: P,
                    parent: usize,
                    helping: bool| {
            if frames.len() <= *depth {
                frames.push(Frame::default());
            }
            if let Some(f) = frames.get_mut(*depth) {
                f.part = part;
                f.parts.clear();
                f.left_ends.clear();
                f.right_ends.clear();
                f.expanded = false;
                f.deferred.clear();
                f.parent = parent;
                f.helping = helping;
            }
            *depth += 1;
        };
        push(frames, &mut depth, root, 0, false);
        let mut left_forms = Vec::new();
        let mut right_forms = Vec::new();
        while depth > 0 {
            let Some(frame) = frames.get_mut(depth - 1) else {
                break;
            };
            let part = frame.part;
            if !frame.expanded {
                if self.memo.contains_key(&part) {
                    depth -= 1;
                    continue;
                }
                // The root is the caller's: never put off.
                if depth > 1 && !frame.helping {
                    match coop.begin(part, store, budget)? {
                        Begin::Take => {}
                        Begin::Known(f) => {
                            self.remember(part, f, budget)?;
                            depth -= 1;
                            continue;
                        }
                        Begin::Busy => {
                            let parent = frame.parent;
                            if let Some(parent) = frames.get_mut(parent) {
                                parent.deferred.push(part);
                            }
                            depth -= 1;
                            continue;
                        }
                    }
                }
                budget.add_positions(1)?;
                let mut parts = std::mem::take(&mut frame.parts);
                let mut left_ends = std::mem::take(&mut frame.left_ends);
                let mut right_ends = std::mem::take(&mut frame.right_ends);
                game.options(budget, part, &mut parts, &mut left_ends, &mut right_ends)?;
                let start = depth;
                if coop.reversed() {
                    for &(p, _) in parts.iter().rev() {
                        if !self.memo.contains_key(&p) {
                            push(frames, &mut depth, p, start - 1, false);
                        }
                    }
                } else {
                    for &(p, _) in &parts {
                        if !self.memo.contains_key(&p) {
                            push(frames, &mut depth, p, start - 1, false);
                        }
                    }
                }
                if let Some(frame) = frames.get_mut(start - 1) {
                    frame.parts = parts;
                    frame.left_ends = left_ends;
                    frame.right_ends = right_ends;
                    frame.expanded = true;
                }
                if depth > start {
                    continue;
                }
            }
            // The options another search held: published by now, or valued
            // here too.
            let deferred = match frames.get_mut(depth - 1) {
                Some(frame) => std::mem::take(&mut frame.deferred),
                None => break,
            };
            let start = depth;
            for p in deferred {
                if self.memo.contains_key(&p) {
                    continue;
                }
                match coop.published(p, store, budget)? {
                    Some(f) => self.remember(p, f, budget)?,
                    None => push(frames, &mut depth, p, start - 1, true),
                }
            }
            if depth > start {
                continue;
            }
            let Some(frame) = frames.get(depth - 1) else {
                break;
            };
            left_forms.clear();
            right_forms.clear();
            let mut start = 0;
            for (ends, out) in [
                (&frame.left_ends, &mut left_forms),
                (&frame.right_ends, &mut right_forms),
            ] {
                // Right's options follow Left's in the one list of parts.
                for &end in ends {
                    let mut total = Form::ZERO;
                    for &(p, negated) in frame.parts.get(start..end).unwrap_or(&[]) {
                        let f = self.memo.get(&p).copied().unwrap_or(Form::ZERO);
                        let f = if negated { store.neg(f, budget)? } else { f };
                        total = store.sum(total, f, budget)?;
                    }
                    out.push(total);
                    start = end;
                }
            }
            let f = store.from_options(&left_forms, &right_forms, budget)?;
            let part = frame.part;
            self.remember(part, f, budget)?;
            coop.publish(part, f, store, budget)?;
            depth -= 1;
        }
        Ok(self.memo.get(&root).copied().unwrap_or(Form::ZERO))
    }
}

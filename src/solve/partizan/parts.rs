//! Canonical forms of the parts of a board game, memoised by part: each
//! option of a part is a sum of parts (each its least image, and whether that
//! image negates), and a part's form is found by a search on its own stack,
//! never the Rust stack. Placement boards ([`super::boards`]) and capture
//! boards ([`super::capture`]) are valued by it.

use super::{CanonStore, Error, Form};
use crate::budget::Budget;
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// A game whose positions split into independent parts.
pub(super) trait PartGame {
    /// A part, as its least image.
    type Part: Copy + Eq + Hash + Default;

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
        if let Some(&f) = self.memo.get(&root) {
            return Ok(f);
        }
        let mut frames = std::mem::take(&mut self.frames);
        let result = self.search(game, store, budget, root, &mut frames);
        self.frames = frames;
        result
    }

    fn search<G: PartGame<Part = P>>(
        &mut self,
        game: &mut G,
        store: &mut CanonStore,
        budget: &Budget,
        root: P,
        frames: &mut Vec<Frame<P>>,
    ) -> Result<Form, Error> {
        let mut depth = 0usize;
        let push = |frames: &mut Vec<Frame<P>>, depth: &mut usize, part: P| {
            if frames.len() <= *depth {
                frames.push(Frame::default());
            }
            if let Some(f) = frames.get_mut(*depth) {
                f.part = part;
                f.parts.clear();
                f.left_ends.clear();
                f.right_ends.clear();
                f.expanded = false;
            }
            *depth += 1;
        };
        push(frames, &mut depth, root);
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
                budget.add_positions(1)?;
                let mut parts = std::mem::take(&mut frame.parts);
                let mut left_ends = std::mem::take(&mut frame.left_ends);
                let mut right_ends = std::mem::take(&mut frame.right_ends);
                game.options(budget, part, &mut parts, &mut left_ends, &mut right_ends)?;
                let start = depth;
                for &(p, _) in &parts {
                    if !self.memo.contains_key(&p) {
                        push(frames, &mut depth, p);
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
            budget.before_growth(
                self.memo.len(),
                self.memo.capacity(),
                std::mem::size_of::<(P, Form)>(),
            )?;
            self.memo.insert(frame.part, f);
            depth -= 1;
        }
        Ok(self.memo.get(&root).copied().unwrap_or(Form::ZERO))
    }
}

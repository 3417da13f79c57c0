//! Genus by theory of one component (see [`crate::solve::misere::theory`]),
//! memoised across statements: a nimber at once; a heap of a game whose
//! compiled rules move heaps to smaller heaps, from the heaps below it
//! ([`super::heap_theories`]); a heap one of whose options splits into a part
//! that is not tame, from that part alone; anything else by a walk over every
//! position it reaches, through the one search driver.

use super::heap_theories::heap_theories;
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::{Games, OptionList, Side};
use crate::graph::search::{search, CyclePolicy, Memo, MemoWalk, Step};
use crate::lang::value::{Component, Value};
use crate::solve::misere::genus::Genus;
use crate::solve::misere::solver::Solver;
use crate::solve::misere::theory::{direct, Heredity, Theory};
use std::borrow::Cow;

/// The theory of a component (memoised in the cache across statements).
pub(crate) fn component_theory(s: &mut Solver<'_, '_>, c: &Component) -> Result<Theory, EvalError> {
    if let Some(t) = direct(c) {
        return Ok(t);
    }
    // A heap of Nim's rules has the genus of its nimber (one that fits a
    // genus: larger heaps enter sums through the tame layer directly).
    if let Some(k) = s.games.nim_heap(c).filter(|&k| u32::try_from(k).is_ok()) {
        return Ok(direct(&Component::Nimber(k)).unwrap_or(Theory::Unknown));
    }
    if let Some(t) = s.cache.theory.get(c) {
        return Ok(t.clone());
    }
    if let Some(t) = heap_theories(s, c)? {
        return Ok(t);
    }
    if let Some(t) = unknown_by_a_part(s, c)? {
        return Ok(t);
    }
    walk_theory(s, c)
}

/// The theory of `c` when it is known already (nimbers, and what the memo
/// holds), without any walk.
pub(crate) fn known_theory(s: &Solver<'_, '_>, c: &Component) -> Option<Theory> {
    direct(c).or_else(|| s.cache.theory.get(c).cloned())
}

/// [`Theory::Unknown`] when an option of heap `c` is a sum with a part that
/// is not hereditarily tame, found by valuing those parts smallest first
/// (each walk goes on from the smaller ones'), so a huge heap of a wild game
/// is settled by its smallest parts instead of by a walk over every heap
/// below it. `None` when every such part is tame (the walk of `c` then
/// reuses their theories), or when `c` is not a heap.
fn unknown_by_a_part(s: &mut Solver<'_, '_>, c: &Component) -> Result<Option<Theory>, EvalError> {
    if heap_size(c).is_none() {
        return Ok(None);
    }
    let mut list = OptionList::default();
    s.games.component_options(c, Side::Impartial, &mut list)?;
    let mut parts: Vec<(i64, &Component)> = Vec::new();
    for opt in list.iter().filter(|o| o.len() > 1) {
        for part in opt {
            let Some(size) = heap_size(part) else {
                return Ok(None);
            };
            parts.push((size, part));
        }
    }
    parts.sort_by_key(|&(size, _)| size);
    parts.dedup_by(|a, b| a.1 == b.1);
    for (_, part) in parts {
        s.tick()?;
        let theory = match known_theory(s, part) {
            Some(t) => t,
            None => walk_theory(s, part)?,
        };
        if !matches!(theory, Theory::Known(_, h) if h.tame()) {
            s.cache.theory.insert(c.clone(), Theory::Unknown);
            return Ok(Some(Theory::Unknown));
        }
    }
    Ok(None)
}

/// The size of a one-parameter position (a heap), which orders the probe.
fn heap_size(c: &Component) -> Option<i64> {
    match c {
        Component::Pos(_, pos) => match pos.as_ref() {
            [Value::Int(n)] => Some(*n),
            _ => None,
        },
        _ => None,
    }
}

/// The theory of `c` by the walk over everything it reaches.
fn walk_theory(s: &mut Solver<'_, '_>, c: &Component) -> Result<Theory, EvalError> {
    let budget = s.games.budget;
    let span = s.span;
    let mut walk = TheoryWalk {
        games: s.games,
        memo: &mut s.cache.theory,
        span,
        scratch: OptionList::default(),
    };
    search(&mut walk, c.clone(), budget, CyclePolicy::Error)?;
    walk.memo
        .get(c)
        .cloned()
        .ok_or_else(|| EvalError::internal("a finished genus walk left no genus", span))
}

struct TheoryWalk<'w, 'a> {
    games: &'w mut Games<'a>,
    memo: &'w mut Memo<Component, Theory>,
    span: Span,
    /// Reused storage for one position's options.
    scratch: OptionList,
}

impl TheoryWalk<'_, '_> {
    fn known(&self, c: &Component) -> Option<Cow<'_, Theory>> {
        match direct(c) {
            Some(t) => Some(Cow::Owned(t)),
            None => self.memo.get(c).map(Cow::Borrowed),
        }
    }

    /// A position's theory from its options' (all known): the genus by the
    /// recursion over γ_k, hereditarily tame when every option is; unknown
    /// when an option is a sum with a part that is not tame.
    fn combine(&self, options: &OptionList) -> Result<Theory, EvalError> {
        let mut genera: Vec<Cow<'_, Genus>> = Vec::with_capacity(options.len());
        let mut heredities: Vec<Heredity> = Vec::with_capacity(options.len());
        for opt in options.iter() {
            self.games
                .budget
                .tick()
                .map_err(|e| EvalError::limit(e, self.span))?;
            match self.option_theory(opt) {
                Some((g, h)) => {
                    heredities.push(h);
                    genera.push(g);
                }
                None => return Ok(Theory::Unknown),
            }
        }
        let g = Genus::from_options(&genera);
        let values = genera.iter().map(|o| o.g_plus());
        let h = Heredity::of_options(&g, heredities.iter().copied().zip(values));
        Ok(Theory::Known(g, h))
    }

    /// The genus and heredity of one option (a sum of components, all
    /// known); `None` when it is a sum with a part that is not tame.
    fn option_theory(&self, opt: &[Component]) -> Option<(Cow<'_, Genus>, Heredity)> {
        match opt {
            [] => Some((Cow::Owned(Genus::zero()), Heredity::Nim)),
            [x] => match self.known(x) {
                Some(Cow::Borrowed(Theory::Known(g, h))) => Some((Cow::Borrowed(g), *h)),
                Some(Cow::Owned(Theory::Known(g, h))) => Some((Cow::Owned(g), h)),
                _ => None,
            },
            many => {
                let mut parts = Vec::with_capacity(many.len());
                for x in many {
                    match self.known(x).as_deref() {
                        Some(Theory::Known(g, h)) if h.tame() => parts.push((g.clone(), *h)),
                        _ => return None,
                    }
                }
                let h = Heredity::of_sum(parts.iter().map(|(g, h)| (*h, g.g_plus())));
                let gs: Vec<Genus> = parts.into_iter().map(|(g, _)| g).collect();
                Genus::tame_sum(&gs).map(|g| (Cow::Owned(g), h))
            }
        }
    }
}

impl MemoWalk for TheoryWalk<'_, '_> {
    type Node = Component;
    type Memo = Memo<Component, Theory>;
    type Frame = ();
    type Error = EvalError;

    fn memo(&self) -> &Memo<Component, Theory> {
        self.memo
    }

    fn memo_mut(&mut self) -> &mut Memo<Component, Theory> {
        self.memo
    }

    fn entered(&mut self, _c: &Component) -> Result<(), EvalError> {
        self.games
            .budget
            .add_positions(1)
            .map_err(|e| EvalError::limit(e, self.span))
    }

    fn visit(
        &mut self,
        c: &Component,
        _: &mut (),
        children: &mut Vec<Component>,
    ) -> Result<Step<Theory>, EvalError> {
        // Options are generated into scratch storage, twice per position (once
        // to find the unknown children, once to combine their genera), rather
        // than kept: a walk over heaps up to n holds n²/2 options otherwise.
        let mut options = std::mem::take(&mut self.scratch);
        options.clear();
        self.games
            .component_options(c, Side::Impartial, &mut options)?;
        for opt in options.iter() {
            for x in opt {
                if self.known(x).is_none() {
                    children.push(x.clone());
                }
            }
        }
        if !children.is_empty() {
            self.scratch = options;
            return Ok(Step::Need);
        }
        let theory = self.combine(&options);
        self.scratch = options;
        Ok(Step::Done(theory?))
    }

    fn cycle(&mut self, _path: Vec<Component>) -> EvalError {
        EvalError::MisereLoopy { span: self.span }
    }
}

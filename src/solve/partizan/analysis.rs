//! Partizan positions in the language: the canonical form of each component,
//! found by the one search driver from its Left and Right options (each option a
//! sum, valued as the sum of its components' forms), memoised by component.
//! Sums of components are never expanded: their forms are added in the store.

use super::{CanonStore, Error, Form, Outcome};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::{Games, OptionList, Side};
use crate::graph::search::{search, CyclePolicy, Status, Visit, Walk};
use crate::lang::value::{Component, GameSum};
use rustc_hash::FxHashMap;

/// The canonical forms found so far, in one hash-consing store.
#[derive(Debug, Default)]
pub struct PartizanCache {
    /// Every form, hash-consed.
    pub store: CanonStore,
    /// Component → its form (`None` while on the search path).
    forms: FxHashMap<Component, Option<Form>>,
}

impl Clone for PartizanCache {
    fn clone(&self) -> Self {
        // Forms are a cache: a copy starts empty.
        PartizanCache::default()
    }
}

impl PartizanCache {
    /// Forgets everything.
    pub fn clear(&mut self) {
        *self = PartizanCache::default();
    }

    /// True when nothing is remembered.
    pub fn is_empty(&self) -> bool {
        self.forms.is_empty()
    }
}

/// A store error as an evaluation error of the statement at `span`.
pub fn store_error(e: Error, span: Span) -> EvalError {
    match e {
        Error::Exceeded(x) => EvalError::limit(x, span),
        Error::Overflow => EvalError::Overflow { span },
    }
}

/// The canonical form of a sum.
pub fn sum_form(
    games: &mut Games<'_>,
    cache: &mut PartizanCache,
    sum: &GameSum,
    span: Span,
) -> Result<Form, EvalError> {
    let budget = games.budget;
    let mut total = Form::ZERO;
    for c in &sum.parts {
        let f = component_form(games, cache, c, span)?;
        total = cache
            .store
            .sum(total, f, budget)
            .map_err(|e| store_error(e, span))?;
    }
    Ok(total)
}

/// Who wins a sum: L, R, N or P.
pub fn sum_outcome(
    games: &mut Games<'_>,
    cache: &mut PartizanCache,
    sum: &GameSum,
    span: Span,
) -> Result<Outcome, EvalError> {
    let f = sum_form(games, cache, sum, span)?;
    let budget = games.budget;
    cache
        .store
        .outcome(f, budget)
        .map_err(|e| store_error(e, span))
}

fn component_form(
    games: &mut Games<'_>,
    cache: &mut PartizanCache,
    c: &Component,
    span: Span,
) -> Result<Form, EvalError> {
    if let Component::Nimber(k) = c {
        let k = u32::try_from(*k).map_err(|_| EvalError::TooLarge {
            what: format!("*{k} is too large for a canonical form"),
            instead: "use nimbers below 2^32 in partizan sums",
            span,
        })?;
        return Ok(cache.store.nimber(k));
    }
    if let Some(Some(f)) = cache.forms.get(c) {
        return Ok(*f);
    }
    let budget = games.budget;
    let mut walk = FormWalk { games, cache, span };
    search(&mut walk, c.clone(), budget, CyclePolicy::Error)?;
    walk.cache
        .forms
        .get(c)
        .copied()
        .flatten()
        .ok_or_else(|| EvalError::internal("a finished search left no canonical form", span))
}

struct FormWalk<'w, 'a> {
    games: &'w mut Games<'a>,
    cache: &'w mut PartizanCache,
    span: Span,
}

/// A position's options, generated once on its first visit and kept while its
/// unknown components are finished: the rules run once per position, not once
/// per visit.
#[derive(Debug, Default)]
struct Pending {
    ready: bool,
    left: OptionList,
    right: OptionList,
}

impl FormWalk<'_, '_> {
    /// The form of a nimber component.
    fn nimber(&mut self, k: u64) -> Result<Form, EvalError> {
        match u32::try_from(k) {
            Ok(k) => Ok(self.cache.store.nimber(k)),
            Err(_) => Err(EvalError::TooLarge {
                what: format!("*{k} is too large for a canonical form"),
                instead: "use nimbers below 2^32 in partizan games",
                span: self.span,
            }),
        }
    }

    /// The forms of one side's options, every component being finished.
    fn forms(&mut self, options: &OptionList) -> Result<Vec<Form>, EvalError> {
        let budget = self.games.budget;
        let mut forms = Vec::with_capacity(options.len());
        for opt in options.iter() {
            let mut total = Form::ZERO;
            for x in opt {
                let f = match x {
                    Component::Nimber(k) => self.nimber(*k)?,
                    other => match self.cache.forms.get(other) {
                        Some(Some(f)) => *f,
                        _ => {
                            return Err(EvalError::internal(
                                "an option's component has no form yet",
                                self.span,
                            ))
                        }
                    },
                };
                total = self
                    .cache
                    .store
                    .sum(total, f, budget)
                    .map_err(|e| store_error(e, self.span))?;
            }
            forms.push(total);
        }
        Ok(forms)
    }
}

impl Walk for FormWalk<'_, '_> {
    type Node = Component;
    type Frame = Pending;
    type Error = EvalError;

    fn status(&self, c: &Component) -> Status {
        match self.cache.forms.get(c) {
            None => Status::Unknown,
            Some(None) => Status::OnPath,
            Some(Some(_)) => Status::Done,
        }
    }

    fn enter(&mut self, c: &Component) -> Result<(), EvalError> {
        self.cache.forms.insert(c.clone(), None);
        self.games
            .budget
            .add_positions(1)
            .map_err(|e| EvalError::limit(e, self.span))
    }

    fn abandon(&mut self, c: &Component) {
        self.cache.forms.remove(c);
    }

    fn visit(
        &mut self,
        c: &Component,
        pending: &mut Pending,
        children: &mut Vec<Component>,
    ) -> Result<Visit, EvalError> {
        let Component::Pos(inst, pos) = c else {
            return Ok(Visit::Done);
        };
        if !pending.ready {
            self.games
                .options(*inst, pos, Side::Left, &mut pending.left)?;
            self.games
                .options(*inst, pos, Side::Right, &mut pending.right)?;
            pending.ready = true;
            for x in pending.left.iter().chain(pending.right.iter()).flatten() {
                if matches!(x, Component::Pos(..))
                    && !matches!(self.cache.forms.get(x), Some(Some(_)))
                {
                    children.push(x.clone());
                }
            }
            if !children.is_empty() {
                return Ok(Visit::Need);
            }
        }
        let left = self.forms(&pending.left)?;
        let right = self.forms(&pending.right)?;
        let budget = self.games.budget;
        let f = self
            .cache
            .store
            .from_options(&left, &right, budget)
            .map_err(|e| store_error(e, self.span))?;
        self.cache.forms.insert(c.clone(), Some(f));
        Ok(Visit::Done)
    }

    fn cycle(&mut self, path: Vec<Component>) -> EvalError {
        let games = &self.games;
        let cycle = path
            .iter()
            .map(|c| crate::eval::print::show_component(c, games.globals, games.rt))
            .collect();
        EvalError::Loopy {
            cycle,
            span: self.span,
        }
    }
}

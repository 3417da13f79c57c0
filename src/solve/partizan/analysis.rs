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
        budget.tick().map_err(|e| EvalError::limit(e, span))?;
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
    if let Some(f) = direct_form(&mut cache.store, c, span)? {
        return Ok(f);
    }
    if let Some(Some(f)) = cache.forms.get(c) {
        return Ok(*f);
    }
    let budget = games.budget;
    let mut walk = FormWalk {
        games,
        cache,
        span,
        options: OptionList::default(),
    };
    search(&mut walk, c.clone(), budget, CyclePolicy::Error)?;
    walk.cache
        .forms
        .get(c)
        .copied()
        .flatten()
        .ok_or_else(|| EvalError::internal("a finished search left no canonical form", span))
}

/// The form of a component known without search: nimbers, numbers, ups.
fn direct_form(
    store: &mut CanonStore,
    c: &Component,
    span: Span,
) -> Result<Option<Form>, EvalError> {
    Ok(match c {
        Component::Nimber(k) => {
            let k = u32::try_from(*k).map_err(|_| EvalError::TooLarge {
                what: format!("*{k} is too large for a canonical form"),
                instead: "use nimbers below 2^32 in partizan games",
                span,
            })?;
            Some(store.nimber(k))
        }
        Component::Number(d) => Some(store.number(*d)),
        Component::Up(k) => Some(store.ups(*k)),
        Component::Pos(..) | Component::Braces(_) | Component::Neg(_) => None,
    })
}

struct FormWalk<'w, 'a> {
    games: &'w mut Games<'a>,
    cache: &'w mut PartizanCache,
    span: Span,
    options: OptionList,
}

impl FormWalk<'_, '_> {
    /// The forms of one side's options, each a sum; the components whose forms
    /// are still unknown are pushed to `children` (and those options skipped).
    fn forms_of<'o>(
        &mut self,
        options: impl Iterator<Item = &'o [Component]>,
        children: &mut Vec<Component>,
    ) -> Result<Vec<Form>, EvalError> {
        let budget = self.games.budget;
        let mut forms = Vec::new();
        for opt in options {
            let mut total = Some(Form::ZERO);
            for x in opt {
                let f = match direct_form(&mut self.cache.store, x, self.span)? {
                    Some(f) => Some(f),
                    None => match self.cache.forms.get(x) {
                        Some(Some(f)) => Some(*f),
                        _ => {
                            children.push(x.clone());
                            None
                        }
                    },
                };
                total = match (total, f) {
                    (Some(t), Some(f)) => Some(
                        self.cache
                            .store
                            .sum(t, f, budget)
                            .map_err(|e| store_error(e, self.span))?,
                    ),
                    _ => None,
                };
            }
            if let Some(t) = total {
                forms.push(t);
            }
        }
        Ok(forms)
    }

    /// The forms of a position's options for `side`.
    fn side(
        &mut self,
        inst: crate::lang::value::InstId,
        pos: &crate::lang::value::Pos,
        side: Side,
        children: &mut Vec<Component>,
    ) -> Result<Vec<Form>, EvalError> {
        let mut options = std::mem::take(&mut self.options);
        options.clear();
        let listed = self.games.options(inst, pos, side, &mut options);
        let forms = listed.and_then(|()| self.forms_of(options.iter(), children));
        self.options = options;
        forms
    }
}

impl Walk for FormWalk<'_, '_> {
    type Node = Component;
    type Frame = ();
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
        _: &mut (),
        children: &mut Vec<Component>,
    ) -> Result<Visit, EvalError> {
        let budget = self.games.budget;
        let (left, right) = match c {
            Component::Pos(inst, pos) => (
                self.side(*inst, pos, Side::Left, children)?,
                self.side(*inst, pos, Side::Right, children)?,
            ),
            Component::Braces(b) => (
                self.forms_of(b.left.iter().map(|s| s.parts.as_slice()), children)?,
                self.forms_of(b.right.iter().map(|s| s.parts.as_slice()), children)?,
            ),
            Component::Neg(inner) => {
                let known = match direct_form(&mut self.cache.store, inner, self.span)? {
                    Some(f) => Some(f),
                    None => self.cache.forms.get(&**inner).copied().flatten(),
                };
                let Some(f) = known else {
                    children.push((**inner).clone());
                    return Ok(Visit::Need);
                };
                let negated = self
                    .cache
                    .store
                    .neg(f, budget)
                    .map_err(|e| store_error(e, self.span))?;
                self.cache.forms.insert(c.clone(), Some(negated));
                return Ok(Visit::Done);
            }
            other => {
                let f = direct_form(&mut self.cache.store, other, self.span)?.unwrap_or(Form::ZERO);
                self.cache.forms.insert(c.clone(), Some(f));
                return Ok(Visit::Done);
            }
        };
        if !children.is_empty() {
            return Ok(Visit::Need);
        }
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

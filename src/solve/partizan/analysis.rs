//! Partizan positions in the language: the canonical form of each component,
//! found by the one search driver from its Left and Right options (each option a
//! sum, valued as the sum of its components' forms), memoised by component.
//! Sums of components are never expanded: their forms are added in the store.
//! Components are interned to dense ids on first sight, so a position is hashed
//! once per option that reaches it and the search itself works on integers.

use super::{CanonStore, Cmp, Dyadic, Error, Form, Outcome, Thermograph};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::{Games, OptionList, Side};
use crate::graph::search::{search, CyclePolicy, IdMemo, MemoWalk, Step};
use crate::lang::value::{Component, GameSum};
use rustc_hash::FxHashMap;

/// The canonical forms found so far, in one hash-consing store.
#[derive(Debug, Default)]
pub struct PartizanCache {
    /// Every form, hash-consed.
    pub store: CanonStore,
    /// Component → its id.
    ids: FxHashMap<Component, u32>,
    /// Id → the component.
    nodes: Vec<Component>,
    /// Id → its canonical form, once found (the driver marks the path).
    forms: IdMemo<Form>,
    /// Declared symmetries: checked (and then used) per game instance.
    pub(super) symmetry: super::symmetry::Symmetries,
    /// Misère play, searched position by position.
    pub misere: super::misere::MisereCache,
    /// Placement games valued on packed boards.
    pub(super) boards: super::boards::Boards,
    /// Capture games valued on packed boards.
    pub(super) captures: super::capture::Captures,
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
        self.nodes.is_empty()
    }

    /// The id of a component, given one if it has none yet.
    fn intern(&mut self, c: &Component) -> u32 {
        if let Some(&id) = self.ids.get(c) {
            return id;
        }
        let id = u32::try_from(self.nodes.len()).unwrap_or(u32::MAX);
        self.ids.insert(c.clone(), id);
        self.nodes.push(c.clone());
        id
    }

    /// The form of a component already finished.
    fn done(&self, c: &Component) -> Option<Form> {
        self.forms.get(*self.ids.get(c)?).copied()
    }
}

/// Another game a transform takes, with where it was written.
pub type Operand<'g> = (&'g GameSum, Span);

/// What a query makes from a game's canonical form.
#[derive(Debug, Clone, Copy)]
pub enum Transform<'g> {
    /// `canonical G`: the form itself.
    Canonical,
    /// `reduced G`.
    Reduced,
    /// `atomicweight G`.
    AtomicWeight,
    /// `cool G by t`.
    Cool(Operand<'g>),
    /// `heat G by t`.
    Heat(Operand<'g>),
    /// `overheat G from s to t`.
    Overheat(Operand<'g>, Operand<'g>),
    /// `norton G by U`.
    Norton(Operand<'g>),
    /// `ordinalsum G, H`.
    OrdinalSum(Operand<'g>),
}

/// A number the queries read off a canonical form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Measure {
    /// `temperature G`.
    Temperature,
    /// `mean G`.
    Mean,
    /// `leftstop G`.
    LeftStop,
    /// `rightstop G`.
    RightStop,
}

/// Most characters of a printed canonical form (a megabyte of text is beyond
/// reading already).
const MAX_PRINTED_FORM: usize = 1 << 20;

/// The partizan queries, each one call: the forms of the sums asked about,
/// and what the store reads off them.
impl PartizanCache {
    /// `outcome G`: L, R, N or P.
    pub fn outcome(
        &mut self,
        games: &mut Games<'_>,
        g: &GameSum,
        span: Span,
    ) -> Result<Outcome, EvalError> {
        if let Some(o) = super::board_search::board_outcome(games, self, g, span)? {
            return Ok(o);
        }
        if let Some(o) = super::capture_search::capture_outcome(games, self, g, span)? {
            return Ok(o);
        }
        sum_outcome(games, self, g, span)
    }

    /// `winning G` under normal play: Left's moves to positions at least 0
    /// (Left then wins with Right to move) and Right's to positions at most 0.
    pub fn winning(
        &mut self,
        games: &mut Games<'_>,
        g: &GameSum,
        span: Span,
    ) -> Result<(Vec<GameSum>, Vec<GameSum>), EvalError> {
        let mut sides = (Vec::new(), Vec::new());
        for (side, out) in [(Side::Left, &mut sides.0), (Side::Right, &mut sides.1)] {
            let options = games
                .sum_options(g, side, usize::MAX)
                .map_err(|e| e.at_least(span))?
                .unwrap_or_default();
            for o in options {
                let f = sum_form(games, self, &o, span)?;
                let cmp = self
                    .store
                    .compare(f, Form::ZERO, games.budget)
                    .map_err(|e| store_error(e, span))?;
                let wins = match side {
                    Side::Left => matches!(cmp, Cmp::Greater | Cmp::Equal),
                    _ => matches!(cmp, Cmp::Less | Cmp::Equal),
                };
                if wins {
                    out.push(o);
                }
            }
        }
        Ok(sides)
    }

    /// `compare G H`.
    pub fn compare(
        &mut self,
        games: &mut Games<'_>,
        g: &GameSum,
        h: &GameSum,
        span: Span,
    ) -> Result<Cmp, EvalError> {
        let a = sum_form(games, self, g, span)?;
        let b = sum_form(games, self, h, span)?;
        self.store
            .compare(a, b, games.budget)
            .map_err(|e| store_error(e, span))
    }

    /// `temperature G`, `mean G`, `leftstop G`, `rightstop G`.
    pub fn measure(
        &mut self,
        games: &mut Games<'_>,
        g: &GameSum,
        measure: Measure,
        span: Span,
    ) -> Result<Dyadic, EvalError> {
        let f = sum_form(games, self, g, span)?;
        let store = &mut self.store;
        match measure {
            Measure::Temperature => store.temperature(f, games.budget),
            Measure::Mean => store.mean(f, games.budget),
            Measure::LeftStop => Ok(store.left_stop(f)),
            Measure::RightStop => Ok(store.right_stop(f)),
        }
        .map_err(|e| store_error(e, span))
    }

    /// `thermograph G`.
    pub fn thermograph(
        &mut self,
        games: &mut Games<'_>,
        g: &GameSum,
        span: Span,
    ) -> Result<Thermograph, EvalError> {
        let f = sum_form(games, self, g, span)?;
        self.store
            .thermograph(f, games.budget)
            .map_err(|e| store_error(e, span))
    }

    /// `canonical G`. An answer is only as good as its printing: a form too
    /// long to print is refused rather than exhaust memory writing it.
    pub fn canonical(
        &mut self,
        games: &mut Games<'_>,
        g: &GameSum,
        span: Span,
    ) -> Result<Form, EvalError> {
        self.transformed(games, g, Transform::Canonical, span)
    }

    /// The form a query makes from `g` (and its other operands), refused
    /// when too long to print.
    pub fn transformed(
        &mut self,
        games: &mut Games<'_>,
        g: &GameSum,
        op: Transform<'_>,
        span: Span,
    ) -> Result<Form, EvalError> {
        let f = sum_form(games, self, g, span)?;
        let budget = games.budget;
        let form = match op {
            Transform::Canonical => f,
            Transform::Reduced => self
                .store
                .reduced(f, budget)
                .map_err(|e| store_error(e, span))?,
            Transform::AtomicWeight => {
                let weight = self
                    .store
                    .atomic_weight(f, budget)
                    .map_err(|e| store_error(e, span))?;
                let infinitesimal = self.store.is_infinitesimal(f);
                weight.ok_or(EvalError::NotAtomic {
                    infinitesimal,
                    span,
                })?
            }
            Transform::Cool(t) => {
                let tf = sum_form(games, self, t.0, t.1)?;
                let by = self
                    .store
                    .as_number(tf)
                    .filter(|x| *x > Dyadic::integer(-1));
                let by = by.ok_or(EvalError::CoolingTemperature { span: t.1 })?;
                self.store
                    .cool(f, by, budget)
                    .map_err(|e| store_error(e, span))?
            }
            Transform::Heat(t) => {
                let tf = sum_form(games, self, t.0, t.1)?;
                self.store
                    .heat(f, tf, budget)
                    .map_err(|e| store_error(e, span))?
            }
            Transform::Overheat(s, t) => {
                let sf = sum_form(games, self, s.0, s.1)?;
                let tf = sum_form(games, self, t.0, t.1)?;
                self.store
                    .overheat(f, sf, tf, budget)
                    .map_err(|e| store_error(e, span))?
            }
            Transform::Norton(u) => {
                let uf = sum_form(games, self, u.0, u.1)?;
                self.store
                    .norton(f, uf, budget)
                    .map_err(|e| store_error(e, span))?
            }
            Transform::OrdinalSum(h) => {
                let hf = sum_form(games, self, h.0, h.1)?;
                self.store
                    .ordinal_sum(f, hf, budget)
                    .map_err(|e| store_error(e, span))?
            }
        };
        let limit = MAX_PRINTED_FORM;
        if self.store.printed_len(form, limit).is_none() {
            return Err(EvalError::FormTooLong {
                limit,
                misere: false,
                span,
            });
        }
        Ok(form)
    }
}

/// A store error as an evaluation error of the statement at `span`.
pub fn store_error(e: Error, span: Span) -> EvalError {
    match e {
        Error::Exceeded(x) => EvalError::limit(x, span),
        Error::Overflow => EvalError::Overflow { span },
    }
}

/// The canonical form of one component.
pub fn form_of(
    games: &mut Games<'_>,
    cache: &mut PartizanCache,
    c: &Component,
    span: Span,
) -> Result<Form, EvalError> {
    component_form(games, cache, c, span)
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
    if let Component::Pos(inst, _) = c {
        super::symmetry::check_declared(games, cache, *inst, c, span)?;
    }
    let c = &super::symmetry::canonical(games, cache, c, span)?;
    if let Some(f) = cache.done(c) {
        return Ok(f);
    }
    if let Some(f) = packed_form(games, cache, c, span)? {
        return Ok(f);
    }
    let budget = games.budget;
    let root = cache.intern(c);
    let mut walk = FormWalk {
        games,
        cache,
        span,
        options: OptionList::default(),
    };
    search(&mut walk, root, budget, CyclePolicy::Error)?;
    match walk.cache.forms.get(root) {
        Some(&f) => Ok(f),
        None => Err(EvalError::internal(
            "a finished search left no canonical form",
            span,
        )),
    }
}
/// The form of `c` by a packed-board solver (a placement game's or a
/// capture game's), when `c` is a position one of them serves.
fn packed_form(
    games: &mut Games<'_>,
    cache: &mut PartizanCache,
    c: &Component,
    span: Span,
) -> Result<Option<Form>, EvalError> {
    if let Some(f) = super::boards::board_form(games, cache, c, span)? {
        return Ok(Some(f));
    }
    super::capture::capture_form(games, cache, c, span)
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
        Component::Pos(..)
        | Component::Braces(_)
        | Component::Neg(_)
        | Component::Star(_)
        | Component::Loopy(..)
        | Component::Sided(_) => None,
    })
}

struct FormWalk<'w, 'a> {
    games: &'w mut Games<'a>,
    cache: &'w mut PartizanCache,
    span: Span,
    /// Scratch for generating one side's options.
    options: OptionList,
}

/// One summand of an option: a form already known (a nimber) or a component.
#[derive(Debug, Clone, Copy)]
enum Part {
    Form(Form),
    Node(u32),
}

/// One side's options as parts, each option ending at its `ends` entry.
#[derive(Debug, Default)]
struct Options {
    parts: Vec<Part>,
    ends: Vec<usize>,
}

/// A position's options, generated once on its first visit and kept while its
/// unknown components are finished: the rules run once per position, not once
/// per visit. A negative `-G` waits for G's form instead (`negate`).
#[derive(Debug, Default)]
struct Pending {
    ready: bool,
    left: Options,
    right: Options,
    negate: Option<u32>,
}

impl FormWalk<'_, '_> {
    /// Generates one side's options as parts, listing components not finished.
    fn generate(
        &mut self,
        c: &Component,
        side: Side,
        out: &mut Options,
        children: &mut Vec<u32>,
    ) -> Result<(), EvalError> {
        let mut options = std::mem::take(&mut self.options);
        options.clear();
        // Positions list their rules' options; a literal `{A | B}` carries its own.
        let listed = match c {
            Component::Pos(..)
            | Component::Braces(_)
            | Component::Star(_)
            | Component::Loopy(..)
            | Component::Sided(_) => self.games.component_options(c, side, &mut options),
            _ => Ok(()),
        };
        let parts = listed.and_then(|()| self.parts_of(&options, out, children));
        self.options = options;
        parts
    }

    /// Turns listed options into parts: forms known at once, or component ids
    /// (the unfinished ones also pushed to `children`).
    fn parts_of(
        &mut self,
        options: &OptionList,
        out: &mut Options,
        children: &mut Vec<u32>,
    ) -> Result<(), EvalError> {
        for opt in options.iter() {
            for x in opt {
                let part = match direct_form(&mut self.cache.store, x, self.span)? {
                    Some(f) => Part::Form(f),
                    None => {
                        let x = &super::symmetry::canonical(self.games, self.cache, x, self.span)?;
                        if let Some(f) = packed_form(self.games, self.cache, x, self.span)? {
                            out.parts.push(Part::Form(f));
                            continue;
                        }
                        let id = self.cache.intern(x);
                        if self.cache.forms.get(id).is_none() {
                            children.push(id);
                        }
                        Part::Node(id)
                    }
                };
                out.parts.push(part);
            }
            out.ends.push(out.parts.len());
        }
        Ok(())
    }

    /// The forms of one side's options, every component being finished.
    fn forms(&mut self, options: &Options) -> Result<Vec<Form>, EvalError> {
        let budget = self.games.budget;
        let mut forms = Vec::with_capacity(options.ends.len());
        let mut start = 0;
        for &end in &options.ends {
            let mut total = Form::ZERO;
            for part in options.parts.get(start..end).unwrap_or(&[]) {
                let f = match *part {
                    Part::Form(f) => f,
                    Part::Node(id) => match self.cache.forms.get(id) {
                        Some(&f) => f,
                        None => {
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
            start = end;
        }
        Ok(forms)
    }
}

impl FormWalk<'_, '_> {
    /// `-G` once G (`inner_id`) has its form.
    fn finish_negation(&mut self, inner_id: u32) -> Result<Step<Form>, EvalError> {
        let Some(&f) = self.cache.forms.get(inner_id) else {
            return Err(EvalError::internal("-G before G has a form", self.span));
        };
        let negated = self
            .cache
            .store
            .neg(f, self.games.budget)
            .map_err(|e| store_error(e, self.span))?;
        Ok(Step::Done(negated))
    }
}

impl MemoWalk for FormWalk<'_, '_> {
    type Node = u32;
    type Memo = IdMemo<Form>;
    type Frame = Pending;
    type Error = EvalError;

    fn memo(&self) -> &IdMemo<Form> {
        &self.cache.forms
    }

    fn memo_mut(&mut self) -> &mut IdMemo<Form> {
        &mut self.cache.forms
    }

    fn entered(&mut self, _id: &u32) -> Result<(), EvalError> {
        self.games
            .budget
            .add_positions(1)
            .map_err(|e| EvalError::limit(e, self.span))
    }

    fn visit(
        &mut self,
        id: &u32,
        pending: &mut Pending,
        children: &mut Vec<u32>,
    ) -> Result<Step<Form>, EvalError> {
        let budget = self.games.budget;
        if !pending.ready {
            let Some(c) = self.cache.nodes.get(*id as usize) else {
                return Err(EvalError::internal("a position without an id", self.span));
            };
            let c = c.clone();
            if let Component::Neg(inner) = &c {
                // -G: G's form, negated.
                let f = match direct_form(&mut self.cache.store, inner, self.span)? {
                    Some(f) => f,
                    None => {
                        let inner_id = self.cache.intern(inner);
                        pending.ready = true;
                        pending.negate = Some(inner_id);
                        if self.cache.forms.get(inner_id).is_none() {
                            children.push(inner_id);
                            return Ok(Step::Need);
                        }
                        return self.finish_negation(inner_id);
                    }
                };
                let negated = self
                    .cache
                    .store
                    .neg(f, budget)
                    .map_err(|e| store_error(e, self.span))?;
                return Ok(Step::Done(negated));
            }
            self.generate(&c, Side::Left, &mut pending.left, children)?;
            self.generate(&c, Side::Right, &mut pending.right, children)?;
            pending.ready = true;
            if !children.is_empty() {
                return Ok(Step::Need);
            }
        }
        if let Some(inner_id) = pending.negate {
            return self.finish_negation(inner_id);
        }
        let left = self.forms(&pending.left)?;
        let right = self.forms(&pending.right)?;
        let f = self
            .cache
            .store
            .from_options(&left, &right, budget)
            .map_err(|e| store_error(e, self.span))?;
        Ok(Step::Done(f))
    }

    fn cycle(&mut self, path: Vec<u32>) -> EvalError {
        let games = &self.games;
        let nodes = &self.cache.nodes;
        let path: Vec<&Component> = path
            .iter()
            .filter_map(|id| nodes.get(*id as usize))
            .collect();
        let show = |c: &&Component| crate::eval::print::show_component(c, games.globals, games.rt);
        EvalError::loopy_cycle(&path, show, self.span)
    }
}

//! Genus by theory, and the tame layer of misère play.
//!
//! Each component's genus comes from its options' genera by Conway's recursion
//! ([`Genus::from_options`]) — never by searching G + *2 + … + *2 — with the
//! component's *hereditary* tameness: a game is tame when it and every follower
//! have a tame genus (0^1/1^0 fickle, 0^0/1^1/g^g firm; ONAG ch. 12, Winning
//! Ways ch. 13). An option that is a sum of several components has a genus by
//! theory only when every part is tame (the tame-sum rule); otherwise the
//! component is left to the search ([`Theory::Unknown`]). Nimbers are tame at
//! any size and cost nothing.
//!
//! A sum whose components are all tame is decided by the misère Nim rule:
//! its genus is [`Genus::tame_sum`] of theirs, and the player to move loses
//! iff its misère value γ0 is 0. Winning moves follow from the same rule, with
//! the replies inside a nimber computed (two candidates), never listed.

use super::genus::{Genus, GenusClass, GenusScratch};
use super::heap_sums::{nim_heap_of, nim_sum_of};
use super::MisereCache;
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::compiled::ir::Kernel;
use crate::game::compiled::options::options;
use crate::game::{Games, OptionList, Side};
use crate::graph::budget::Budget;
use crate::graph::search::{search, CyclePolicy, Status, Visit, Walk};
use crate::lang::value::{Component, GameSum, Value};
use std::borrow::Cow;
use std::rc::Rc;

/// What the theory knows of one component.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Theory {
    /// Its genus, and how far it is tame.
    Known(Genus, Heredity),
    /// Some option is a sum with a part that is not tame: no genus by theory.
    Unknown,
}

/// How far a game is tame, as its theory finds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Heredity {
    /// It or some follower has a genus that is not tame.
    Untamed,
    /// It and every follower have a tame genus (hereditarily tame).
    Tame,
    /// It is the nim heap *g itself in misère play, g its normal value:
    /// every option is a nim heap, or a sum of nim heaps with at most one
    /// above *1 (*1 + *n = *(n ⊕ 1)), and their mex is at least 1, or it is
    /// 0 and *1 is among them, or there is none (Conway's simplification,
    /// ONAG ch. 12, as for heaps in [`super::heap_sums`]). So it may stand
    /// for *g in any sum, which [`super::with_nimbers`] uses.
    Nim,
}

impl Heredity {
    /// Hereditarily tame (a nim heap is).
    pub fn tame(self) -> bool {
        self != Heredity::Untamed
    }

    /// Of a game from its genus and its options' heredities and normal
    /// values: a nim heap by Conway's rules ([`nim_heap_of`]), else tame when
    /// every option is and the genus is tame.
    fn of_options(g: &Genus, options: impl IntoIterator<Item = (Heredity, u32)>) -> Heredity {
        let options: Vec<(Heredity, u32)> = options.into_iter().collect();
        let nim = nim_heap_of(
            options
                .iter()
                .map(|&(h, v)| (h == Heredity::Nim).then_some(v)),
        );
        if nim.is_some() {
            Heredity::Nim
        } else if options.iter().all(|(h, _)| h.tame()) && is_tame(g) {
            Heredity::Tame
        } else {
            Heredity::Untamed
        }
    }

    /// Of a sum of parts of these heredities and normal values: a nim heap
    /// when they are nim heaps with at most one above *1 ([`nim_sum_of`]),
    /// tame when they are all tame.
    fn of_sum(parts: impl IntoIterator<Item = (Heredity, u32)>) -> Heredity {
        let parts: Vec<(Heredity, u32)> = parts.into_iter().collect();
        if nim_sum_of(
            parts
                .iter()
                .map(|&(h, v)| (h == Heredity::Nim).then_some(v)),
        )
        .is_some()
        {
            Heredity::Nim
        } else if parts.iter().all(|(h, _)| h.tame()) {
            Heredity::Tame
        } else {
            Heredity::Untamed
        }
    }
}

/// A game's misère phylum, as far as grundy establishes it (CGSuite's chain,
/// ONAG ch. 12): hereditary tameness is proven by the genus walk; otherwise the
/// genus alone tells which side of the chain the game is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phylum {
    /// It and every follower have a tame genus: tame sums obey misère Nim.
    HereditarilyTame,
    /// A tame genus, but some follower's is not: tame by reversibility, or
    /// wild of tame genus (not decided here).
    TameGenus,
    /// G⁺ ∈ {0, 1} but not a tame genus: restive or wild of restive genus.
    RestiveGenus,
    /// G⁻ ∈ {0, 1}, G⁺ ≥ 2: restless or wild of restless genus.
    RestlessGenus,
    /// G⁺ ≠ G⁻, both ≥ 2: wild.
    Wild,
}

impl Phylum {
    /// From a genus and whether hereditary tameness was proven.
    pub fn of(g: &Genus, hereditarily_tame: bool) -> Phylum {
        match g.class() {
            GenusClass::Fickle | GenusClass::Firm if hereditarily_tame => Phylum::HereditarilyTame,
            GenusClass::Fickle | GenusClass::Firm => Phylum::TameGenus,
            GenusClass::RestiveGenus => Phylum::RestiveGenus,
            GenusClass::RestlessGenus => Phylum::RestlessGenus,
            GenusClass::Wild => Phylum::Wild,
        }
    }

    /// The name printed in text and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Phylum::HereditarilyTame => "tame",
            Phylum::TameGenus => "tame genus",
            Phylum::RestiveGenus => "restive genus",
            Phylum::RestlessGenus => "restless genus",
            Phylum::Wild => "wild",
        }
    }
}

/// The theory of a component (memoised in the cache across statements).
pub fn component_theory(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    c: &Component,
    span: Span,
) -> Result<Theory, EvalError> {
    if let Some(t) = direct(c) {
        return Ok(t);
    }
    // A heap of Nim's rules has the genus of its nimber (one that fits a
    // genus: larger heaps enter sums through `tame_parts` directly).
    if let Some(k) = games.nim_heap(c).filter(|&k| u32::try_from(k).is_ok()) {
        return Ok(direct(&Component::Nimber(k)).unwrap_or(Theory::Unknown));
    }
    if let Some(Some(t)) = cache.theory.get(c) {
        return Ok(t.clone());
    }
    if let Some(t) = heap_theories(games, cache, c, span)? {
        return Ok(t);
    }
    if let Some(t) = unknown_by_a_part(games, cache, c, span)? {
        return Ok(t);
    }
    walk_theory(games, cache, c, span)
}

/// [`Theory::Unknown`] when an option of heap `c` is a sum with a part that
/// is not hereditarily tame, found by valuing those parts smallest first
/// (each walk goes on from the smaller ones'), so a huge heap of a wild game
/// is settled by its smallest parts instead of by a walk over every heap
/// below it. `None` when every such part is tame (the walk of `c` then
/// reuses their theories), or when `c` is not a heap.
fn unknown_by_a_part(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    c: &Component,
    span: Span,
) -> Result<Option<Theory>, EvalError> {
    if heap_size(c).is_none() {
        return Ok(None);
    }
    let mut list = OptionList::default();
    games.component_options(c, Side::Impartial, &mut list)?;
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
        games.budget.tick().map_err(|e| EvalError::limit(e, span))?;
        let theory = match direct(part) {
            Some(t) => t,
            None => match cache.theory.get(part) {
                Some(Some(t)) => t.clone(),
                _ => walk_theory(games, cache, part, span)?,
            },
        };
        if !matches!(theory, Theory::Known(_, h) if h.tame()) {
            cache.theory.insert(c.clone(), Some(Theory::Unknown));
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

/// The theory of `c` by the genus walk over everything it reaches.
fn walk_theory(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    c: &Component,
    span: Span,
) -> Result<Theory, EvalError> {
    let budget = games.budget;
    let mut walk = TheoryWalk {
        games,
        cache,
        span,
        scratch: OptionList::default(),
    };
    search(&mut walk, c.clone(), budget, CyclePolicy::Error)?;
    walk.cache
        .theory
        .get(c)
        .cloned()
        .flatten()
        .ok_or_else(|| EvalError::internal("a finished genus walk left no genus", span))
}

/// The genus of a sum by theory: one component's own, or the tame-sum rule when
/// every component is tame; `None` otherwise.
pub fn sum_genus(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    sum: &GameSum,
    span: Span,
) -> Result<Option<(Genus, bool)>, EvalError> {
    if let [only] = sum.parts.as_slice() {
        return Ok(match component_theory(games, cache, only, span)? {
            Theory::Known(g, h) => Some((g, h.tame())),
            Theory::Unknown => None,
        });
    }
    let mut genera = Vec::with_capacity(sum.parts.len());
    for c in &sum.parts {
        match component_theory(games, cache, c, span)? {
            Theory::Known(g, h) if h.tame() => genera.push(g),
            _ => return Ok(None),
        }
    }
    Ok(Genus::tame_sum(&genera).map(|g| (g, true)))
}

/// True/false when the player to move wins `sum` in misère play and every
/// component is tame; `None` when the tame rule does not apply.
pub fn tame_next_wins(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    sum: &GameSum,
    span: Span,
) -> Result<Option<bool>, EvalError> {
    Ok(tame_parts(games, cache, &sum.parts, span)?.map(|t| t.misere() != 0))
}

/// The winning misère moves of an all-tame sum; `None` when some component is
/// not tame.
pub fn tame_winning(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    sum: &GameSum,
    span: Span,
) -> Result<Option<Vec<GameSum>>, EvalError> {
    if tame_parts(games, cache, &sum.parts, span)?.is_none() {
        return Ok(None);
    }
    let mut out: Vec<GameSum> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (i, c) in sum.parts.iter().enumerate() {
        let mut rest: Vec<Component> = sum.parts.clone();
        rest.remove(i);
        let heap = games.nim_heap(c);
        if let Some(k) = heap.or(match c {
            Component::Nimber(k) => Some(*k),
            _ => None,
        }) {
            // The replies inside *k: only j = x or x ⊕ 1 can make the misère
            // value 0, where x is the nim-sum of the rest.
            let Some(rest_genus) = tame_parts(games, cache, &rest, span)? else {
                return Ok(None);
            };
            let x = rest_genus.g;
            for j in [x, x ^ 1] {
                if j < k {
                    let mut parts = rest.clone();
                    parts.push(Component::Nimber(j));
                    // A heap of Nim's rules moves to the heap of that size.
                    let reply = match c {
                        Component::Pos(inst, _) if heap.is_some() => {
                            Component::Pos(*inst, Rc::from(vec![Value::Int(j as i64)]))
                        }
                        _ => Component::Nimber(j),
                    };
                    if let Some(t) = tame_parts(games, cache, &parts, span)? {
                        let result = sum.replaced(i, &[reply]);
                        if t.misere() == 0 && seen.insert(result.normalized()) {
                            out.push(result);
                        }
                    }
                }
            }
            continue;
        }
        for opt in cache.component_options(games, c, span)?.iter() {
            games.budget.tick().map_err(|e| EvalError::limit(e, span))?;
            let mut parts = rest.clone();
            parts.extend(opt.iter().cloned());
            let Some(t) = tame_parts(games, cache, &parts, span)? else {
                return Ok(None);
            };
            let result = sum.replaced(i, opt);
            if t.misere() == 0 && seen.insert(result.normalized()) {
                out.push(result);
            }
        }
    }
    Ok(Some(out))
}

/// A sum of tame games, as the tame-sum rule sees it: its normal value (the
/// nim-sum) and whether every component is fickle.
#[derive(Debug, Clone, Copy)]
struct TameSum {
    g: u64,
    fickle: bool,
}

impl TameSum {
    /// The misère value: g ⊕ 1 for a fickle sum (0^1 or 1^0), else g.
    fn misere(self) -> u64 {
        if self.fickle {
            self.g ^ 1
        } else {
            self.g
        }
    }
}

/// The tame sum of `parts`, or `None` if one is not (hereditarily) tame.
/// Nimbers enter directly, at any size.
fn tame_parts(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    parts: &[Component],
    span: Span,
) -> Result<Option<TameSum>, EvalError> {
    let mut sum = TameSum { g: 0, fickle: true };
    for c in parts {
        if let Some(k) = games.nim_heap(c).or(match c {
            Component::Nimber(k) => Some(*k),
            _ => None,
        }) {
            sum.g ^= k;
            sum.fickle &= k <= 1;
            continue;
        }
        match component_theory(games, cache, c, span)? {
            Theory::Known(g, h) if h.tame() => {
                sum.g ^= u64::from(g.g_plus());
                sum.fickle &= g.class() == GenusClass::Fickle;
            }
            _ => return Ok(None),
        }
    }
    Ok(Some(sum))
}

/// The theories of heaps 0..=n of a one-parameter game whose compiled rules
/// move a heap to smaller heaps of the same game, computed bottom-up over a
/// dense table (options listed as integers, genera read by reference) and
/// kept in the cache; `None` when the rules are not of that shape (the walk
/// then answers, and reports any error).
fn heap_theories(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    c: &Component,
    span: Span,
) -> Result<Option<Theory>, EvalError> {
    let Component::Pos(inst, pos) = c else {
        return Ok(None);
    };
    let ([Value::Int(n)], true) = (pos.as_ref(), games.budget.limits().kernels) else {
        return Ok(None);
    };
    let Ok(last) = usize::try_from(*n) else {
        return Ok(None);
    };
    let Some(kernel) = games
        .compiled(*inst)
        .kernel
        .clone()
        .filter(|k| k.params == 1)
    else {
        return Ok(None);
    };
    let budget = games.budget;
    let limit = |e| EvalError::limit(e, span);
    if last >= budget.positions_left() {
        // More heaps than the budget holds. A heap that reaches only a few
        // others (halving: about log n) is left to the walk, which keeps
        // just those; otherwise this is said at once, not after the walk has
        // filled memory with the root's options or the budget with heaps.
        if reaches_few(&kernel, *n, budget) {
            return Ok(None);
        }
        let most = budget.limits().max_positions;
        return Err(limit(crate::graph::budget::Exceeded::Positions(most)));
    }
    budget.reserve(last.saturating_mul(64)).map_err(limit)?;
    let (mut slots, mut opts) = (Vec::new(), Vec::new());
    // Heaps valued by earlier queries are kept: go on from the first new one.
    let mut theories = cache.heap_genera.remove(inst).unwrap_or_default();
    let known = theories.len();
    theories.reserve((last + 1).saturating_sub(known));
    let mut scratch = GenusScratch::default();
    for m in known..=last {
        let next = budget
            .add_positions(1)
            .and_then(|()| options(&kernel, [m as i64, 0], &mut slots, budget, &mut opts))
            .and_then(|ok| budget.ticks(opts.len() as u32).map(|()| ok));
        let next = match next {
            Ok(true) => heap_genus(&opts, m, &theories, &mut scratch),
            Ok(false) => None,
            Err(e) => {
                cache.heap_genera.insert(*inst, theories);
                return Err(limit(e));
            }
        };
        match next {
            Some(theory) => theories.push(theory),
            None => {
                // Not a heap game after all: the walk values it.
                cache.heap_genera.insert(*inst, theories);
                return Ok(None);
            }
        }
    }
    let answer = theories
        .get(last)
        .map(|(g, h)| Theory::Known(g.clone(), *h));
    for (m, (g, h)) in theories.iter().enumerate().skip(known) {
        let heap = Component::Pos(*inst, Rc::from(vec![Value::Int(m as i64)]));
        cache
            .theory
            .entry(heap)
            .or_insert(Some(Theory::Known(g.clone(), *h)));
    }
    cache.heap_genera.insert(*inst, theories);
    Ok(answer)
}

/// Most heaps [`reaches_few`] lists, and how long it may take.
const FEW_HEAPS: usize = 1 << 16;
const FEW_TIME: std::time::Duration = std::time::Duration::from_millis(50);

/// Whether heap `n` reaches at most [`FEW_HEAPS`] heaps (itself included),
/// all listed by the compiled rules within [`FEW_TIME`]; `false` when an
/// option is a sum or the listing is cut short.
fn reaches_few(kernel: &Kernel, n: i64, budget: &Budget) -> bool {
    let probe = budget.trial(FEW_TIME);
    let (mut slots, mut opts) = (Vec::new(), Vec::new());
    let mut seen = std::collections::HashSet::from([n]);
    let mut todo = vec![n];
    while let Some(h) = todo.pop() {
        if !matches!(
            options(kernel, [h, 0], &mut slots, &probe, &mut opts),
            Ok(true)
        ) {
            return false;
        }
        for o in &opts {
            if seen.insert(o[0]) {
                if seen.len() > FEW_HEAPS || probe.tick().is_err() {
                    return false;
                }
                todo.push(o[0]);
            }
        }
    }
    budget.positions_left() > seen.len()
}

/// Heap `m`'s genus and heredity from its options (heaps as integers) and
/// the theories of the heaps below it; `None` if an option is not a smaller
/// heap.
fn heap_genus(
    opts: &[impl AsRef<[i64]>],
    m: usize,
    theories: &[(Genus, Heredity)],
    scratch: &mut GenusScratch,
) -> Option<(Genus, Heredity)> {
    let mut below: Vec<&(Genus, Heredity)> = Vec::with_capacity(opts.len());
    for o in opts {
        let k = usize::try_from(*o.as_ref().first()?)
            .ok()
            .filter(|&k| k < m)?;
        below.push(theories.get(k)?);
    }
    let genera: Vec<&Genus> = below.iter().map(|(g, _)| g).collect();
    let g = Genus::from_options_in(&genera, scratch);
    let h = Heredity::of_options(&g, below.iter().map(|(o, h)| (*h, o.g_plus())));
    Some((g, h))
}

/// Nimbers are known without a walk (at any size).
fn direct(c: &Component) -> Option<Theory> {
    match c {
        Component::Nimber(k) => Some(match u32::try_from(*k) {
            Ok(k) => Theory::Known(Genus::nimber(k), Heredity::Nim),
            // Beyond u32 a genus cannot be written, but the heap is still a
            // tame nim heap: its genus is used only through the tame-sum rule.
            Err(_) => Theory::Unknown,
        }),
        _ => None,
    }
}

fn is_tame(g: &Genus) -> bool {
    matches!(g.class(), GenusClass::Fickle | GenusClass::Firm)
}

struct TheoryWalk<'w, 'a> {
    games: &'w mut Games<'a>,
    cache: &'w mut MisereCache,
    span: Span,
    /// Reused storage for one position's options.
    scratch: OptionList,
}

impl TheoryWalk<'_, '_> {
    fn known(&self, c: &Component) -> Option<Cow<'_, Theory>> {
        match direct(c) {
            Some(t) => Some(Cow::Owned(t)),
            None => self
                .cache
                .theory
                .get(c)
                .and_then(Option::as_ref)
                .map(Cow::Borrowed),
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
            let option_genus: Option<(Cow<'_, Genus>, Heredity)> = match opt {
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
                            _ => break,
                        }
                    }
                    if parts.len() == many.len() {
                        let h = Heredity::of_sum(parts.iter().map(|(g, h)| (*h, g.g_plus())));
                        let gs: Vec<Genus> = parts.into_iter().map(|(g, _)| g).collect();
                        Genus::tame_sum(&gs).map(|g| (Cow::Owned(g), h))
                    } else {
                        None
                    }
                }
            };
            match option_genus {
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
}

impl Walk for TheoryWalk<'_, '_> {
    type Node = Component;
    type Frame = ();
    type Error = EvalError;

    fn status(&self, c: &Component) -> Status {
        match self.cache.theory.get(c) {
            None => Status::Unknown,
            Some(None) => Status::OnPath,
            Some(Some(_)) => Status::Done,
        }
    }

    fn enter(&mut self, c: &Component) -> Result<(), EvalError> {
        self.cache.theory.insert(c.clone(), None);
        self.games
            .budget
            .add_positions(1)
            .map_err(|e| EvalError::limit(e, self.span))
    }

    fn abandon(&mut self, c: &Component) {
        self.cache.theory.remove(c);
    }

    fn visit(
        &mut self,
        c: &Component,
        _: &mut (),
        children: &mut Vec<Component>,
    ) -> Result<Visit, EvalError> {
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
            return Ok(Visit::Need);
        }
        let theory = self.combine(&options);
        self.scratch = options;
        let theory = theory?;
        self.cache.theory.insert(c.clone(), Some(theory));
        Ok(Visit::Done)
    }

    fn cycle(&mut self, _path: Vec<Component>) -> EvalError {
        super::repeats(self.span)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game's heredity from options given as nim heaps (value, and whether
    /// the option is a nim heap or only tame), against Conway's rules worked
    /// by hand.
    fn of(options: &[(u32, Heredity)]) -> Heredity {
        let genera: Vec<Genus> = options
            .iter()
            .map(|&(v, h)| match h {
                Heredity::Nim => Genus::nimber(v),
                _ => Genus::tame(v, false),
            })
            .collect();
        let g = Genus::from_options(&genera);
        Heredity::of_options(&g, options.iter().map(|&(v, h)| (h, v)))
    }

    #[test]
    fn nim_heaps_by_conways_rules() {
        use Heredity::{Nim, Tame};
        // No option: *0. Options *0, *1: *2. Options *0, *2: *1 (the *2
        // reverses through *1).
        assert_eq!(of(&[]), Nim);
        assert_eq!(of(&[(0, Nim), (1, Nim)]), Nim);
        assert_eq!(of(&[(0, Nim), (2, Nim)]), Nim);
        // {*1} = *1 + *1 = 0, and {*1, *2} = 0 too: every option has 0 as
        // an option, and *1 is a misère P-position as the proviso asks.
        // {*2, *3} is not 0: it is a P-position, 0 an N-position.
        assert_eq!(of(&[(1, Nim)]), Nim);
        assert_eq!(of(&[(1, Nim), (2, Nim)]), Nim);
        assert_ne!(of(&[(2, Nim), (3, Nim)]), Nim);
        // An option that is only tame (such as *2 + *2, genus 0^0) makes no
        // nim heap.
        assert_ne!(of(&[(0, Nim), (0, Tame)]), Nim);
        // Sums: *2 + *1 is *3; *2 + *3 is not a nim heap.
        assert_eq!(Heredity::of_sum([(Nim, 2), (Nim, 1)]), Nim);
        assert_eq!(Heredity::of_sum([(Nim, 2), (Nim, 3)]), Tame);
    }
}

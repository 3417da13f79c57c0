//! A one-parameter game of the program as a heap ruleset for the misère
//! quotient engine: heap `n` is the position `g(n)`, and every option must be a
//! sum of smaller heaps of the same game (octal, subtraction, all-but and rule
//! games alike). Anything else is refused with a diagnostic.

use super::quotient::rules::HeapRules;
use super::quotient::{labelled, Quotient, QuotientError};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::{Games, OptionList, Side};
use crate::graph::budget::Exceeded;
use crate::lang::value::{Component, InstId, Value};
use std::rc::Rc;

/// The heaps of one game instance.
pub struct GameHeaps<'g, 'a> {
    games: &'g mut Games<'a>,
    inst: InstId,
    list: OptionList,
    span: Span,
    /// The most tokens one move removes, when the game is an octal game.
    octal_digits: Option<usize>,
}

impl<'g, 'a> GameHeaps<'g, 'a> {
    /// The heaps of `inst`; heap 0 must have no move (it is the empty sum).
    pub fn new(games: &'g mut Games<'a>, inst: InstId, span: Span) -> Result<Self, EvalError> {
        let octal_digits = octal_digits(games, inst);
        let mut heaps = GameHeaps {
            games,
            inst,
            list: OptionList::default(),
            span,
            octal_digits,
        };
        heaps.list_options(0)?;
        if !heaps.list.is_empty() {
            return Err(heaps.not_heap_game("heap 0 has a move".into()));
        }
        Ok(heaps)
    }

    fn list_options(&mut self, n: usize) -> Result<(), EvalError> {
        let n = i64::try_from(n).map_err(|_| EvalError::Overflow { span: self.span })?;
        let pos: Rc<[Value]> = Rc::from(vec![Value::Int(n)]);
        self.list.clear();
        self.games
            .options(self.inst, &pos, Side::Impartial, &mut self.list)
    }

    fn not_heap_game(&self, why: String) -> EvalError {
        EvalError::NotHeapGame {
            why,
            span: self.span,
        }
    }
}

impl HeapRules for GameHeaps<'_, '_> {
    type Error = EvalError;

    fn options(&mut self, n: usize, out: &mut Vec<Vec<usize>>) -> Result<(), EvalError> {
        self.list_options(n)?;
        for i in 0..self.list.len() {
            let mut heaps = Vec::new();
            for c in self.list.get(i) {
                match c {
                    Component::Nimber(0) => {}
                    Component::Pos(inst, pos) if *inst == self.inst => match pos.as_ref() {
                        [Value::Int(0)] => {}
                        [Value::Int(m)] if *m > 0 => heaps.push(*m as usize),
                        _ => {
                            let shown = self.games.show(*inst, pos);
                            return Err(self.not_heap_game(format!("an option contains {shown}")));
                        }
                    },
                    other => {
                        let shown = crate::eval::print::show_component(
                            other,
                            self.games.globals,
                            self.games.rt,
                        );
                        return Err(self.not_heap_game(format!(
                            "an option of heap {n} contains {shown}, not a heap of the same game"
                        )));
                    }
                }
            }
            out.push(heaps);
        }
        Ok(())
    }

    fn octal_digits(&self) -> Option<usize> {
        self.octal_digits
    }
}

/// The most counters a move removes when `inst` is an octal game: a finite
/// take-and-break code whose moves leave at most two heaps, with no
/// restriction on the parts (a finite subtraction set is one, digit 3 at each
/// k ∈ S). Rules of that shape count as the constructor does (LANGUAGE.md §4):
/// the quotient periodicity theorem reads only the code.
fn octal_digits(games: &mut Games<'_>, inst: InstId) -> Option<usize> {
    let compiled = games.compiled(inst);
    let code = compiled.shape.code.as_ref()?;
    if code.has_modifiers() || code.most_heaps() > 2 {
        return None;
    }
    code.max_removal()
}

/// When every component of `sum` is a heap `g(n)` of one game (or `*0`): the
/// game and the heaps (0 for `*0`).
pub(crate) fn heaps_of(parts: &[Component]) -> Option<(InstId, Vec<usize>)> {
    let mut inst = None;
    let mut heaps = Vec::with_capacity(parts.len());
    for c in parts {
        if let Component::Nimber(0) = c {
            heaps.push(0);
            continue;
        }
        let (i, n) = heap_of(c)?;
        if inst.is_some_and(|j| j != i) {
            return None;
        }
        inst = Some(i);
        heaps.push(n);
    }
    Some((inst?, heaps))
}

/// A component that is a heap of a one-parameter game: the game and the
/// heap's size.
pub(crate) fn heap_of(c: &Component) -> Option<(InstId, usize)> {
    match c {
        Component::Pos(i, pos) => match pos.as_ref() {
            [Value::Int(n)] => Some((*i, usize::try_from(*n).ok()?)),
            _ => None,
        },
        _ => None,
    }
}

/// The misère values γ0, γ1, … of a sum of heaps of one heap game (γk that of
/// the sum plus k copies of *2), as a prefix whose last two values repeat for
/// ever, read off its quotient ([`super::quotient::values`]): computed
/// (automatically, as for outcomes) up to the largest heap, its misère values
/// certified, the *2 of its closure found, or else from the value quotients of
/// these `caps`. `None` when none of that is available.
pub fn quotient_gammas(
    games: &mut Games<'_>,
    cache: &mut super::MisereCache,
    sum: &crate::lang::value::GameSum,
    caps: &[u32],
    span: Span,
) -> Result<Option<Vec<u32>>, EvalError> {
    let Some(read) = read_values(games, cache, sum, span)? else {
        return Ok(None);
    };
    if let Some(gammas) = read.certified.as_ref().and_then(|c| c.1.gammas(&c.0, c.2)) {
        return Ok(Some(gammas));
    }
    value_quotient_gammas(games, cache, read.inst, &read.heaps, caps, span)
}

/// What a quotient says of one misère value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    /// The value.
    Exact(u32),
    /// At least this (a value quotient's cap).
    AtLeast(u32),
}

/// γk of a sum of heaps of one heap game, read off its quotient as for
/// [`quotient_gammas`] (value quotients of [`CHEAP_CAPS`] only): exact, or
/// at least a value quotient's cap. `None` when no quotient says.
pub fn quotient_gamma(
    games: &mut Games<'_>,
    cache: &mut super::MisereCache,
    sum: &crate::lang::value::GameSum,
    k: usize,
    span: Span,
) -> Result<Option<Reading>, EvalError> {
    use super::quotient::values::from_labels;
    let Some(read) = read_values(games, cache, sum, span)? else {
        return Ok(None);
    };
    let certified = read.certified.as_ref().and_then(|(q, vals, x)| {
        let y = vals.with_twos(q, *x, k)?;
        vals.value(y)
    });
    if let Some(v) = certified {
        return Ok(Some(Reading::Exact(v)));
    }
    let largest = read.heaps.iter().copied().max().unwrap_or(0);
    for &cap in CHEAP_CAPS {
        let Some(q) = value_quotient(games, cache, read.inst, largest, cap, span)? else {
            return Ok(None);
        };
        let labels = from_labels(&q);
        let Some(y) = q
            .image(&read.heaps)
            .and_then(|x| labels.with_twos(&q, x, k))
        else {
            continue;
        };
        // A label at the cap is a value the quotient does not tell apart.
        return Ok(Some(match labels.value(y) {
            Some(v) => Reading::Exact(v),
            None => Reading::AtLeast(q.cap()),
        }));
    }
    Ok(None)
}

/// A sum of heaps of one heap game whose quotient is computed (here if need
/// be): the game, the heaps, and when the misère values are a function of
/// the image there, the quotient, its certified values and the sum's image.
struct Read {
    inst: InstId,
    heaps: Vec<usize>,
    certified: Option<(
        Rc<super::quotient::Quotient>,
        Rc<super::quotient::values::Values>,
        super::quotient::Elem,
    )>,
}

fn read_values(
    games: &mut Games<'_>,
    cache: &mut super::MisereCache,
    sum: &crate::lang::value::GameSum,
    span: Span,
) -> Result<Option<Read>, EvalError> {
    use super::quotient::values::{values, ValuesError};
    if sum_in_quotient(cache, &sum.parts).is_none() && !try_quotient(games, cache, sum, span)? {
        return Ok(None);
    }
    let Some((q, inst, heaps)) = sum_in_quotient(cache, &sum.parts) else {
        return Ok(None);
    };
    let known = match cache.quotient_values.get(&inst) {
        Some((of, vals)) if Rc::ptr_eq(of, &q) => vals.clone(),
        _ => {
            let vals = match values(&q, games.budget) {
                Ok(v) => Some(Rc::new(v)),
                Err(ValuesError::Budget(e)) => return Err(EvalError::limit(e, span)),
                Err(ValuesError::NotAFunction(_)) => None,
            };
            cache
                .quotient_values
                .insert(inst, (q.clone(), vals.clone()));
            vals
        }
    };
    let image = q.image(&heaps);
    let certified = known.zip(image).map(|(vals, x)| (q, vals, x));
    Ok(Some(Read {
        inst,
        heaps,
        certified,
    }))
}

/// The caps of value quotients, in the order tried: a small cap converges
/// where a large one need not (Kayles: cap 4 gives order 40 up to heap 200 in
/// a fifth of a second, cap 8 does not converge), and answers every sum whose
/// genus stays below it. The cheap one is tried before the genus walk, the
/// costly ones after a short walk fails.
pub const CHEAP_CAPS: &[u32] = &[4];
/// See [`CHEAP_CAPS`].
pub const COSTLY_CAPS: &[u32] = &[16, super::quotient::MAX_CAP];

/// The genus values of a sum of heaps from the game's value quotients
/// ([`super::quotient::labelled`]), `caps` tried in order, each
/// computed up to the largest heap within [`AUTO_QUOTIENT_TIME`] and the
/// largest kept; `None` when none that can be built knows every value the
/// genus needs (a construction need not converge: Kayles' at cap 8 does not).
fn value_quotient_gammas(
    games: &mut Games<'_>,
    cache: &mut super::MisereCache,
    inst: InstId,
    heaps: &[usize],
    caps: &[u32],
    span: Span,
) -> Result<Option<Vec<u32>>, EvalError> {
    use super::quotient::values::from_labels;
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let mut tried = 0;
    for &cap in caps {
        if cap <= tried {
            continue;
        }
        let Some(q) = value_quotient(games, cache, inst, largest, cap, span)? else {
            return Ok(None);
        };
        let gammas = q.image(heaps).and_then(|x| from_labels(&q).gammas(&q, x));
        if gammas.is_some() {
            return Ok(gammas);
        }
        tried = q.cap();
    }
    Ok(None)
}

/// The value quotient of `inst` with labels capped at `cap`, up to heap
/// `largest` at least: kept, or built within [`AUTO_QUOTIENT_TIME`] (and
/// kept); `None` when it cannot be built (the failure is remembered).
fn value_quotient(
    games: &mut Games<'_>,
    cache: &mut super::MisereCache,
    inst: InstId,
    largest: usize,
    cap: u32,
    span: Span,
) -> Result<Option<Rc<super::quotient::Quotient>>, EvalError> {
    let known = cache
        .value_quotients
        .get(&inst)
        .filter(|q| q.max_heap() >= largest && q.cap() >= cap)
        .cloned();
    if known.is_some() {
        return Ok(known);
    }
    let failed = cache.value_quotient_failed.get(&inst);
    if failed.is_some_and(|&(n, c)| largest >= n && cap >= c) {
        return Ok(None);
    }
    let before = cache
        .value_quotients
        .get(&inst)
        .filter(|q| q.cap() >= cap)
        .map_or(0, |q| q.max_heap());
    Ok(
        match auto_quotient(games, inst, span, before, largest, cap)? {
            Attempt::Built(q) => {
                let q = Rc::new(q);
                cache.value_quotients.insert(inst, q.clone());
                Some(q)
            }
            Attempt::Failed { from } => {
                cache.value_quotient_failed.insert(inst, (from, cap));
                None
            }
            Attempt::CutShort => None,
        },
    )
}

/// How an automatic quotient attempt ended, short of an error.
enum Attempt {
    /// Built and certified.
    Built(Quotient),
    /// Not a heap game, too large, or out of [`AUTO_QUOTIENT_TIME`]: bounds
    /// from `from` on will not do better, so the failure is remembered.
    Failed {
        /// The least bound that fails.
        from: usize,
    },
    /// Out of time under a statement's own `--timeout`, shorter than
    /// [`AUTO_QUOTIENT_TIME`]: not remembered, a later statement may succeed.
    CutShort,
}

/// Builds an automatic quotient of `inst` (labels capped at `cap`; 1 for the
/// misère quotient) up to `largest` heaps, within [`AUTO_QUOTIENT_TIME`]; an
/// error only when interrupted or out of memory. Heaps asked for one by one,
/// in growing order, would build one each: past a kept quotient of `before`
/// heaps it goes twice as far, and only as far as asked if that runs out of
/// time.
fn auto_quotient(
    games: &mut Games<'_>,
    inst: InstId,
    span: Span,
    before: usize,
    largest: usize,
    cap: u32,
) -> Result<Attempt, EvalError> {
    let first = games.budget.trial(AUTO_QUOTIENT_TIME);
    let mut rules = match GameHeaps::new(games, inst, span) {
        Ok(rules) => rules,
        Err(e) => return rules_failed(e, 0),
    };
    let far = largest.max(before.saturating_mul(2));
    let built = match labelled(&mut rules, far, cap, &first) {
        Err(QuotientError::OutOfTime { heap, .. }) if heap > largest => {
            let second = rules.games.budget.trial(AUTO_QUOTIENT_TIME);
            labelled(&mut rules, largest, cap, &second)
        }
        other => other,
    };
    match built {
        Ok(q) => Ok(Attempt::Built(q)),
        Err(QuotientError::Budget(e @ Exceeded::Interrupted)) => Err(EvalError::limit(e, span)),
        Err(QuotientError::OutOfMemory { limit, .. }) => {
            Err(EvalError::limit(Exceeded::Memory(limit), span))
        }
        Err(QuotientError::OutOfTime { .. })
            if rules.games.budget.timeout_below(AUTO_QUOTIENT_TIME) =>
        {
            Ok(Attempt::CutShort)
        }
        // The construction goes heap by heap: a bound at or past the heap it
        // was adding when time ran out fails too.
        Err(QuotientError::OutOfTime { heap, .. } | QuotientError::TooLarge(heap)) => {
            Ok(Attempt::Failed {
                from: heap.min(largest),
            })
        }
        Err(QuotientError::Rules(e)) => rules_failed(e, largest),
        Err(_) => Ok(Attempt::Failed { from: largest }),
    }
}

/// An attempt whose rules failed. They evaluate on the statement's own
/// budget, so a limit there is the statement's, not the attempt's.
fn rules_failed(e: EvalError, from: usize) -> Result<Attempt, EvalError> {
    match e.exceeded() {
        Some(Exceeded::Timeout(_)) => Ok(Attempt::CutShort),
        Some(_) => Err(e),
        None => Ok(Attempt::Failed { from }),
    }
}

/// When every component of `sum` is a heap of one game whose quotient has been
/// computed up to at least the largest heap, or proven periodic: the
/// quotient, and the heaps (one per component, 0 for a terminal `*0`).
pub fn sum_in_quotient(
    cache: &super::MisereCache,
    parts: &[Component],
) -> Option<(Rc<super::quotient::Quotient>, InstId, Vec<usize>)> {
    let (inst, heaps) = heaps_of(parts)?;
    let q = cache.quotients.get(&inst)?;
    let largest = heaps.iter().copied().max().unwrap_or(0);
    q.covers(largest).then(|| (q.clone(), inst, heaps))
}

/// Misère outcome (true: the player to move wins) from a computed quotient.
pub fn quotient_next_wins(
    cache: &super::MisereCache,
    sum: &crate::lang::value::GameSum,
) -> Option<bool> {
    let (q, _, heaps) = sum_in_quotient(cache, &sum.parts)?;
    q.is_p(&heaps).map(|p| !p)
}

/// Misère winning moves from a computed quotient, as the game's own options
/// (so a move that leaves `g(0)` shows it as the rule wrote it).
pub fn quotient_winning(
    games: &mut Games<'_>,
    cache: &mut super::MisereCache,
    sum: &crate::lang::value::GameSum,
    span: Span,
) -> Result<Option<Vec<crate::lang::value::GameSum>>, EvalError> {
    let Some((q, inst, heaps)) = sum_in_quotient(cache, &sum.parts) else {
        return Ok(None);
    };
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (i, c) in sum.parts.iter().enumerate() {
        for opt in cache.component_options(games, c, span)?.iter() {
            games.budget.tick().map_err(|e| EvalError::limit(e, span))?;
            let mut after: Vec<usize> = heaps.clone();
            after.remove(i);
            for x in opt {
                match x {
                    Component::Pos(j, pos) if *j == inst => match pos.as_ref() {
                        [Value::Int(n)] if *n >= 0 => after.push(*n as usize),
                        _ => return Ok(None),
                    },
                    Component::Nimber(0) => {}
                    _ => return Ok(None),
                }
            }
            let Some(p) = q.is_p(&after) else {
                return Ok(None);
            };
            let result = sum.replaced(i, opt);
            if p && seen.insert(result.normalized()) {
                out.push(result);
            }
        }
    }
    Ok(Some(out))
}

/// How long an automatic quotient attempt may run before the search takes over.
const AUTO_QUOTIENT_TIME: std::time::Duration = std::time::Duration::from_secs(2);

/// For a misère sum of heaps of one heap game with no quotient yet: computes
/// the quotient up to the largest heap, within [`AUTO_QUOTIENT_TIME`], and keeps
/// it. Returns whether the sum can now be read from a quotient. A game that is
/// not a heap game, a quotient that cannot be built, or one that takes too
/// long leaves the sum to the search; a Ctrl-C or the memory limit stops here.
pub fn try_quotient(
    games: &mut Games<'_>,
    cache: &mut super::MisereCache,
    sum: &crate::lang::value::GameSum,
    span: Span,
) -> Result<bool, EvalError> {
    let Some((inst, heaps)) = heaps_of(&sum.parts) else {
        return Ok(false);
    };
    let largest = heaps.iter().copied().max().unwrap_or(0);
    if failed_at(cache, inst, largest) {
        return Ok(false);
    }
    let mut before = cache.quotients.get(&inst).map_or(0, |q| q.max_heap());
    // A quotient proven periodic answers heaps of any size: for an octal game
    // asked about heaps past PROBE_FROM, bounds from there (doubling) are
    // tried first. Kayles' is proven at heap 169, so `k(10^12)` is answered
    // from the quotient of 256 heaps.
    if largest > PROBE_FROM && is_octal(games, inst) {
        let mut bound = PROBE_FROM.max(before.saturating_mul(2));
        while bound < largest {
            match auto_quotient(games, inst, span, before, bound, 1)? {
                Attempt::Built(q) => {
                    let proven = q.covers(largest);
                    before = q.max_heap();
                    cache.quotients.insert(inst, Rc::new(q));
                    if proven {
                        return Ok(true);
                    }
                }
                other => return keep_attempt(games, cache, inst, span, before, other),
            }
            bound = bound.saturating_mul(2);
        }
    }
    let attempt = auto_quotient(games, inst, span, before, largest, 1)?;
    keep_attempt(games, cache, inst, span, before, attempt)
}

/// Whether an automatic quotient attempt for heaps up to `largest` of `inst`
/// already failed (at that heap or a smaller one).
fn failed_at(cache: &super::MisereCache, inst: InstId, largest: usize) -> bool {
    cache
        .quotient_failed
        .get(&inst)
        .is_some_and(|&n| largest >= n)
}

/// Whether [`try_quotient`] would build a quotient for `sum`: a sum of heaps
/// of one game that no kept quotient covers, past no failed attempt. That
/// may take seconds, so a short search goes first.
pub fn would_build(cache: &super::MisereCache, sum: &crate::lang::value::GameSum) -> bool {
    heaps_of(&sum.parts).is_some_and(|(inst, heaps)| {
        let largest = heaps.iter().copied().max().unwrap_or(0);
        !failed_at(cache, inst, largest) && sum_in_quotient(cache, &sum.parts).is_none()
    })
}

/// For a sum of heaps of an octal game: [`try_quotient`], which for heaps
/// past [`PROBE_FROM`] looks for a quotient proven periodic first. The layer
/// that values heaps bottom-up refuses heaps larger than the budget holds;
/// this is what may still answer them (Kayles heaps of 10^12). Any other game
/// is left alone: its quotient could only be built heap by heap.
pub fn try_proven_quotient(
    games: &mut Games<'_>,
    cache: &mut super::MisereCache,
    sum: &crate::lang::value::GameSum,
    span: Span,
) -> Result<bool, EvalError> {
    match heaps_of(&sum.parts) {
        Some((inst, _)) if is_octal(games, inst) => try_quotient(games, cache, sum, span),
        _ => Ok(false),
    }
}

/// Heaps past this are first tried against smaller quotients, in case one is
/// proven periodic ([`try_quotient`]).
const PROBE_FROM: usize = 128;

/// `quotient G up to N` of an octal game (finite subtraction games included)
/// with N past [`PROBE_FROM`]: the quotients of 256, 512, … heaps below N
/// are built first, and the first the periodicity theorem proves is the
/// quotient of every heap, returned with Φ up to N read from its period.
/// Built heap by heap to N, each heap's candidate is checked against every
/// heap below, so the time grows as N²: `quotient s up to 10000` of
/// subtraction {1, 2} took 26 s, proven periodic from heap 0 all along.
/// `None` when no probe is proven (or one cannot be built: the construction
/// to N then reports why); a Ctrl-C, the time limit or the memory limit stops
/// here, with the heap it was adding.
pub fn proven_below(
    games: &mut Games<'_>,
    inst: InstId,
    up_to: usize,
    span: Span,
) -> Result<Option<Quotient>, QuotientError<EvalError>> {
    if up_to <= 2 * PROBE_FROM || !is_octal(games, inst) {
        return Ok(None);
    }
    let budget = games.budget;
    let mut bound = 2 * PROBE_FROM;
    while bound < up_to {
        let mut heaps = GameHeaps::new(games, inst, span).map_err(QuotientError::Rules)?;
        let q = match super::quotient::quotient(&mut heaps, bound, budget) {
            Ok(q) => q,
            Err(
                e @ (QuotientError::Budget(Exceeded::Interrupted)
                | QuotientError::OutOfTime { .. }
                | QuotientError::OutOfMemory { .. }),
            ) => return Err(e),
            Err(_) => return Ok(None),
        };
        if q.proven_period().is_some() {
            return q.extended_to(up_to, budget).map_err(QuotientError::Budget);
        }
        bound = bound.saturating_mul(2);
    }
    Ok(None)
}

/// Whether `inst` is an octal game, finite subtraction games included (the
/// only kind whose quotient periodicity grundy can prove).
fn is_octal(games: &mut Games<'_>, inst: InstId) -> bool {
    octal_digits(games, inst).is_some()
}

/// Keeps what an automatic quotient attempt past `before` heaps gave: the
/// quotient when built (true: the sum can be read from it), else, on a
/// failure from heap n, the quotient of the heaps below n and the failure.
fn keep_attempt(
    games: &mut Games<'_>,
    cache: &mut super::MisereCache,
    inst: InstId,
    span: Span,
    before: usize,
    attempt: Attempt,
) -> Result<bool, EvalError> {
    match attempt {
        Attempt::Built(q) => {
            cache.quotients.insert(inst, Rc::new(q));
            Ok(true)
        }
        Attempt::Failed { from } => {
            // Recorded after: if the smaller one is interrupted, the next
            // statement tries both again.
            keep_smaller(games, cache, inst, span, before, from)?;
            cache.quotient_failed.insert(inst, from);
            Ok(false)
        }
        Attempt::CutShort => Ok(false),
    }
}

/// After an automatic quotient failed at heap `from`: builds and keeps the
/// quotient of the heaps below it (when that is more than the kept one
/// covers), so the search of a sum with larger heaps reads every position
/// whose heaps are all below `from` off it. Dawson's Kayles: the quotient to
/// 31 or 32 in under a second, and `d(40) + d(37) + d(20)` in 3 s, not 200.
fn keep_smaller(
    games: &mut Games<'_>,
    cache: &mut super::MisereCache,
    inst: InstId,
    span: Span,
    before: usize,
    from: usize,
) -> Result<(), EvalError> {
    let below = from.saturating_sub(1);
    if below <= before {
        return Ok(());
    }
    if let Attempt::Built(q) = auto_quotient(games, inst, span, before, below, 1)? {
        cache.quotients.insert(inst, Rc::new(q));
    }
    Ok(())
}

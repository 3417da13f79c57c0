//! What a heap is, once: a position `g(n)` of a one-parameter game read as
//! heap n of that game, a sum all of whose components are heaps of one game
//! (or `*0`), and a game's heaps as a heap ruleset ([`GameHeaps`]) for the
//! walks over heap sums and for the quotient construction. Every option of a
//! heap must be a sum of smaller heaps of the same game (octal, subtraction,
//! all-but and rule games alike); anything else is refused with a diagnostic.

use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::{Games, OptionList, Side};
use crate::lang::value::{Component, InstId, Value};
use crate::solve::misere::quotient::rules::HeapRules;
use std::rc::Rc;

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

/// When every component of a sum is a heap `g(n)` of one game (or `*0`):
/// the game and the heaps (0 for `*0`).
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

/// [`heaps_of`] with every heap small enough for a `u16`, as the walks over
/// heap sums key them.
pub(crate) fn small_heaps(parts: &[Component]) -> Option<(InstId, Vec<u16>)> {
    let (inst, heaps) = heaps_of(parts)?;
    let heaps = heaps
        .iter()
        .map(|&h| u16::try_from(h).ok())
        .collect::<Option<Vec<u16>>>()?;
    Some((inst, heaps))
}

/// The heaps of one game instance, as a heap ruleset.
pub(crate) struct GameHeaps<'g, 'a> {
    pub(crate) games: &'g mut Games<'a>,
    inst: InstId,
    list: OptionList,
    span: Span,
    /// The most tokens one move removes, when the game is an octal game.
    octal_digits: Option<usize>,
}

impl<'g, 'a> GameHeaps<'g, 'a> {
    /// The heaps of `inst`; heap 0 must have no move (it is the empty sum).
    pub(crate) fn new(
        games: &'g mut Games<'a>,
        inst: InstId,
        span: Span,
    ) -> Result<Self, EvalError> {
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

/// Whether `inst` is an octal game, finite subtraction games included (the
/// only kind whose quotient periodicity grundy can prove).
pub(crate) fn is_octal(games: &mut Games<'_>, inst: InstId) -> bool {
    octal_digits(games, inst).is_some()
}

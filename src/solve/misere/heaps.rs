//! A one-parameter game of the program as a heap ruleset for the misère
//! quotient engine: heap `n` is the position `g(n)`, and every option must be a
//! sum of smaller heaps of the same game (octal, subtraction, all-but and rule
//! games alike). Anything else is refused with a diagnostic.

use super::quotient::rules::HeapRules;
use crate::check::program::{Constructor, GameBody};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::{Games, OptionList, Side};
use crate::lang::value::{Component, InstId, Value};
use std::rc::Rc;

/// The heaps of one game instance.
pub struct GameHeaps<'g, 'a> {
    games: &'g mut Games<'a>,
    inst: InstId,
    list: OptionList,
    span: Span,
}

impl<'g, 'a> GameHeaps<'g, 'a> {
    /// The heaps of `inst`; heap 0 must have no move (it is the empty sum).
    pub fn new(games: &'g mut Games<'a>, inst: InstId, span: Span) -> Result<Self, EvalError> {
        let mut heaps = GameHeaps {
            games,
            inst,
            list: OptionList::default(),
            span,
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

    /// The octal code's length, for the quotient periodicity theorem.
    pub fn octal_digits_now(&self) -> Option<usize> {
        HeapRules::octal_digits(self)
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
        match &self.games.game(self.inst)?.body {
            GameBody::Constructed(Constructor::Octal { digits, .. }) => Some(digits.len() - 1),
            _ => None,
        }
    }
}

/// When every component of `sum` is a heap of one game whose quotient has been
/// computed up to at least the largest heap: the quotient, and the heaps (one
/// per component, 0 for a terminal `*0`).
pub fn sum_in_quotient(
    cache: &super::MisereCache,
    sum: &crate::lang::value::GameSum,
) -> Option<(Rc<super::quotient::Quotient>, InstId, Vec<usize>)> {
    let mut inst = None;
    let mut heaps = Vec::with_capacity(sum.parts.len());
    for c in &sum.parts {
        match c {
            Component::Nimber(0) => heaps.push(0),
            Component::Pos(i, pos) if inst.is_none_or(|j| j == *i) => match pos.as_ref() {
                [Value::Int(n)] if *n >= 0 => {
                    inst = Some(*i);
                    heaps.push(usize::try_from(*n).ok()?);
                }
                _ => return None,
            },
            _ => return None,
        }
    }
    let inst = inst?;
    let q = cache.quotients.get(&inst)?;
    let largest = heaps.iter().copied().max().unwrap_or(0);
    (largest <= q.max_heap()).then(|| (q.clone(), inst, heaps))
}

/// Misère outcome (true: the player to move wins) from a computed quotient.
pub fn quotient_next_wins(
    cache: &super::MisereCache,
    sum: &crate::lang::value::GameSum,
) -> Option<bool> {
    let (q, _, heaps) = sum_in_quotient(cache, sum)?;
    q.is_p(&heaps).map(|p| !p)
}

/// Misère winning moves from a computed quotient, as positions.
pub fn quotient_winning(
    cache: &super::MisereCache,
    sum: &crate::lang::value::GameSum,
) -> Option<Vec<crate::lang::value::GameSum>> {
    let (q, inst, heaps) = sum_in_quotient(cache, sum)?;
    let moves = q.winning_moves(&heaps)?;
    let mut out = Vec::with_capacity(moves.len());
    for m in moves {
        let replacement: Vec<Component> = m
            .option
            .iter()
            .map(|&h| Component::Pos(inst, Rc::from(vec![Value::Int(h as i64)])))
            .collect();
        out.push(sum.replaced(m.component, &replacement));
    }
    Some(out)
}

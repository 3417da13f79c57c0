//! What the rules of a one-heap game *are*, read from their compiled form and
//! never from values: a take-and-break code ([`code`], [`takebreak`]),
//! finite-memory rules ([`memory`]), a window of heaps ([`window`]). A
//! constructed game has its code by definition; a rule-defined game gets the
//! same code when its rules make the same moves, and then every theorem and
//! every fast loop of the constructor applies to it.

pub(crate) mod code;
pub(crate) mod linear;
pub(crate) mod memory;
pub(crate) mod pset;
pub(crate) mod takebreak;
pub(crate) mod triple;
pub(crate) mod window;

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)]
mod tests;

use super::ir::Kernel;
use crate::check::program::Constructor;
use crate::lang::value::InstId;
use code::Code;
use linear::{rule_forms, stop_forms, RuleForms};
use memory::Memory;
use window::Window;

/// The shapes one game's rules have (each `None` when they do not).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Shape {
    /// The take-and-break code making exactly the same moves.
    pub code: Option<Code>,
    /// The finite-memory form.
    pub memory: Option<Memory>,
    /// The window form.
    pub window: Option<Window>,
}

impl Shape {
    /// The shapes of a one-heap game compiled to `kernel` (instance `this`),
    /// with its constructor's own code when it has one.
    pub fn of(kernel: &Kernel, this: InstId, constructor: Option<&Constructor>) -> Shape {
        let window = Window::of(kernel);
        let Some((rules, stops)) = forms(kernel, this) else {
            return Shape {
                window,
                ..Shape::default()
            };
        };
        let code = match constructor {
            Some(Constructor::Octal { digits, .. }) => Some(Code::from_digits(digits)),
            Some(Constructor::Subtraction(set)) => Code::subtraction(set),
            Some(Constructor::AllBut(set)) => Code::all_but(set),
            _ => takebreak::code_of(&rules, &stops),
        };
        Shape {
            code,
            memory: memory::memory_of(&rules, &stops),
            window,
        }
    }

    /// True when no shape was recognised.
    pub fn is_none(&self) -> bool {
        self.code.is_none() && self.memory.is_none() && self.window.is_none()
    }
}

/// The rules and stops of a one-heap kernel as linear forms.
fn forms(kernel: &Kernel, this: InstId) -> Option<(Vec<RuleForms>, Vec<Vec<linear::Con>>)> {
    let heap = *kernel.param_slots.first()?;
    if kernel.params != 1 {
        return None;
    }
    let rules = kernel
        .rules
        .iter()
        .map(|r| rule_forms(r, heap, this))
        .collect::<Option<Vec<_>>>()?;
    let stops = kernel
        .stops
        .iter()
        .map(|s| stop_forms(s, heap))
        .collect::<Option<Vec<_>>>()?;
    Some((rules, stops))
}

//! What evaluation remembers between statements: constant values, evaluated
//! boards, and the registry of game instances (a definition with its family
//! arguments bound) that positions refer to by id.

use crate::check::program::GameId;
use crate::lang::board::BoardData;
use crate::lang::value::{InstId, Value};
use indexmap::IndexSet;
use std::rc::Rc;

/// A game definition with its family arguments bound.
pub type Instance = (GameId, Rc<[Value]>);

/// Everything evaluation keeps between statements.
#[derive(Debug, Default, Clone)]
pub struct Runtime {
    /// Values of `let` constants (None until the `let` runs).
    pub consts: Vec<Option<Value>>,
    /// Evaluated boards (None until the `board` statement runs).
    pub boards: Vec<Option<Rc<BoardData>>>,
    /// Instances by (game, family arguments); an instance's index is its id.
    pub instances: IndexSet<Instance>,
    /// Current depth of `let` function calls.
    pub call_depth: usize,
}

impl Runtime {
    /// The instance of `game` with `family`, registered on first use.
    pub fn instance(&mut self, game: GameId, family: Rc<[Value]>) -> InstId {
        let (index, _) = self.instances.insert_full((game, family));
        InstId(index as u32)
    }

    /// The definition and family arguments of an instance.
    pub fn inst(&self, id: InstId) -> Option<&Instance> {
        self.instances.get_index(id.0 as usize)
    }

    /// Number of instances registered.
    pub fn instance_count(&self) -> usize {
        self.instances.len()
    }
}

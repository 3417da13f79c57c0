//! The mutable state of a run: constant values, evaluated boards, game instances
//! with their memo tables, limits and the cancellation flag.

use super::value::{InstId, Value};
use crate::check::program::GameId;
use crate::solve::kernel::Kernel;
use crate::solve::memo::Memo;
use indexmap::IndexMap;
use std::rc::Rc;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// An evaluated board.
#[derive(Debug, Clone)]
pub struct BoardData {
    /// Columns.
    pub width: i64,
    /// Rows.
    pub height: i64,
    /// Blocked squares, indexed `(row - 1) * width + (col - 1)`.
    pub blocked: Vec<bool>,
}

impl BoardData {
    /// True when (col, row) is on the board and not blocked.
    pub fn open(&self, col: i64, row: i64) -> bool {
        self.on_board(col, row)
            && !self
                .blocked
                .get(((row - 1) * self.width + (col - 1)) as usize)
                .copied()
                .unwrap_or(true)
    }

    /// True when (col, row) lies inside the board (blocked or not).
    pub fn on_board(&self, col: i64, row: i64) -> bool {
        (1..=self.width).contains(&col) && (1..=self.height).contains(&row)
    }
}

/// A game definition with its family arguments bound.
#[derive(Debug)]
pub struct Instance {
    /// The definition.
    pub game: GameId,
    /// The family arguments.
    pub family: Rc<[Value]>,
    /// Grundy values found so far.
    pub memo: Memo,
    /// The compiled kernel: `None` until tried, then `Some(None)` if the rules
    /// do not compile.
    pub kernel: Option<Option<Rc<Kernel>>>,
    /// Positions below this (one parameter) or inside this box (two) were
    /// already offered to the bottom-up fill.
    pub filled: (usize, usize),
}

/// Limits that end a computation with a diagnostic instead of exhausting the machine.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Most positions stored across all memo tables.
    pub max_positions: usize,
    /// Deepest nesting of `let` function calls.
    pub max_call_depth: usize,
    /// Use compiled kernels where rules allow (off only to cross-check them).
    pub kernels: bool,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_positions: 20_000_000,
            max_call_depth: 2_000,
            kernels: true,
        }
    }
}

/// Everything that changes while a program runs.
#[derive(Debug, Default)]
pub struct Runtime {
    /// Values of `let` constants (None until the `let` runs).
    pub consts: Vec<Option<Value>>,
    /// Evaluated boards (None until the `board` statement runs).
    pub boards: Vec<Option<Rc<BoardData>>>,
    /// Instances by (game, family arguments).
    pub instances: IndexMap<(GameId, Rc<[Value]>), Instance>,
    /// The limits in force.
    pub limits: Limits,
    /// Set by Ctrl-C; the solver checks it and stops.
    pub cancel: Arc<AtomicBool>,
    /// Positions stored in all memo tables.
    pub positions: usize,
    /// Current depth of `let` function calls.
    pub call_depth: usize,
}

impl Runtime {
    /// The instance of `game` with `family`, created on first use.
    pub fn instance(&mut self, game: GameId, family: Rc<[Value]>) -> InstId {
        let entry = self.instances.entry((game, family.clone()));
        let index = entry.index();
        entry.or_insert_with(|| Instance {
            game,
            family,
            memo: Memo::default(),
            kernel: None,
            filled: (0, 0),
        });
        InstId(index as u32)
    }

    /// The data of an instance.
    pub fn inst(&self, id: InstId) -> Option<&Instance> {
        self.instances.get_index(id.0 as usize).map(|(_, i)| i)
    }

    /// Forgets every computed value (after a game is redefined in the REPL).
    pub fn clear_memos(&mut self) {
        for (_, inst) in self.instances.iter_mut() {
            inst.memo = Memo::default();
            inst.kernel = None;
            inst.filled = (0, 0);
        }
        self.positions = 0;
    }

    /// True when Ctrl-C asked to stop.
    pub fn cancelled(&self) -> bool {
        self.cancel.load(std::sync::atomic::Ordering::Relaxed)
    }
}

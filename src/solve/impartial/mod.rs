//! Impartial analyses under normal play: Grundy values by the one search driver,
//! bottom-up fills by compiled kernels and per-line mex sets (heap games, and
//! pieces sliding along rays on boards), sums and their winning moves,
//! regularity of nim-sequences, the longest play.

pub(crate) mod board_rays;
pub(crate) mod certify;
pub(crate) mod fill;
pub(crate) mod grundy;
pub(crate) mod kernel;
pub(crate) mod lines;
pub(crate) mod longest;
pub(crate) mod outcome;
pub(crate) mod periodicity;
pub(crate) mod sparse;
pub(crate) mod sums;
pub(crate) mod sweep;
pub(crate) mod vectors;
pub(crate) mod window;

use super::tables::{key_of, Table};
use crate::budget::Exceeded;
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::Games;
use crate::lang::value::{InstId, Pos};

/// No value known yet.
pub const UNKNOWN: u32 = u32::MAX;
/// On the search's current path (seeing it again means a cycle).
pub const IN_PROGRESS: u32 = u32::MAX - 1;

/// The Grundy tables of one game instance.
#[derive(Debug, Clone)]
pub struct InstTables {
    /// Grundy values (or `UNKNOWN` / `IN_PROGRESS`).
    pub memo: Table<u32>,
    /// The largest value stored (sizes the kernels' mex bitsets).
    pub max: u32,
    /// Heaps below this (one parameter) or inside this box (two) were already
    /// offered to the bottom-up fill.
    pub filled: (usize, usize),
    /// The rare/common split of a one-parameter game's values (sparse space).
    pub sparse: sparse::Sparse,
    /// The board sweep of pieces sliding along rays ran, or found that it does
    /// not apply (it is not tried again).
    pub rays_tried: bool,
    /// Rules compiled over integer vectors, and the values they found.
    pub vectors: vectors::VectorState,
}

impl Default for InstTables {
    fn default() -> Self {
        InstTables {
            memo: Table::new(UNKNOWN),
            max: 0,
            filled: (0, 0),
            sparse: sparse::Sparse::new(),
            rays_tried: false,
            vectors: vectors::VectorState::default(),
        }
    }
}

/// The Grundy tables of every instance, kept across statements.
#[derive(Debug, Default, Clone)]
pub struct Impartial {
    insts: rustc_hash::FxHashMap<InstId, InstTables>,
}

impl Impartial {
    /// The tables of an instance, if it has any.
    pub fn inst(&self, id: InstId) -> Option<&InstTables> {
        self.insts.get(&id)
    }

    /// The tables of an instance, created on first use.
    pub fn inst_mut(&mut self, id: InstId) -> &mut InstTables {
        self.insts.entry(id).or_default()
    }

    /// The stored state of a position.
    pub fn state(&self, inst: InstId, pos: &Pos) -> u32 {
        self.inst(inst)
            .map_or(UNKNOWN, |t| t.memo.get(key_of(pos), pos))
    }

    /// The dense heap table of an instance.
    pub fn dense(&self, inst: InstId) -> &[u32] {
        self.inst(inst).map_or(&[], |t| t.memo.dense())
    }

    /// The largest value stored for an instance.
    pub fn max(&self, inst: InstId) -> u32 {
        self.inst(inst).map_or(0, |t| t.max)
    }

    /// Forgets every value (a game was redefined, or a limit asked for room).
    pub fn clear(&mut self) {
        self.insts.clear();
    }

    /// True when nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.insts
            .values()
            .all(|t| t.memo.is_empty() && t.vectors.memo.is_empty())
    }
}

/// An impartial solver for one statement: the games, the tables, and the span
/// errors point at.
pub struct Solver<'s, 'a> {
    /// The games of the program.
    pub games: &'s mut Games<'a>,
    /// The Grundy tables.
    pub tables: &'s mut Impartial,
    /// The statement being answered.
    pub span: Span,
}

impl<'s, 'a> Solver<'s, 'a> {
    /// A solver over `games` and `tables` for the statement at `span`.
    pub fn new(games: &'s mut Games<'a>, tables: &'s mut Impartial, span: Span) -> Self {
        Solver {
            games,
            tables,
            span,
        }
    }

    /// A budget limit as an error of this statement.
    pub fn limit(&self, e: Exceeded) -> EvalError {
        EvalError::limit(e, self.span)
    }

    /// Stores a position's state; true when it was new.
    pub fn store(&mut self, inst: InstId, pos: &Pos, value: u32) -> Result<bool, EvalError> {
        let budget = self.games.budget;
        let t = self.tables.inst_mut(inst);
        if value < IN_PROGRESS {
            t.max = t.max.max(value);
        }
        t.memo
            .set(key_of(pos), pos, value, budget)
            .map_err(|e| EvalError::limit(e, self.span))
    }
}

//! Statements → typed answers: definitions take effect, queries are answered by
//! the analyses, assertions compare answers with the written values.

pub(crate) mod answer;
pub(crate) mod assertion;
pub(crate) mod explain;
pub(crate) mod query;
pub(crate) mod statement;
pub(crate) mod value;

pub use answer::{Answer, Outcome};

use crate::budget::Budget;
use crate::check::program::Globals;
use crate::eval::runtime::Runtime;
use crate::solve::Analyses;

/// Which statements to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Everything.
    Run,
    /// Definitions and assertions only (`grundy check`).
    AssertsOnly,
}

/// Everything a statement may read or change.
pub struct Runner<'a> {
    /// The checked definitions.
    pub globals: &'a Globals,
    /// Constants, boards, instances.
    pub rt: &'a mut Runtime,
    /// Each instance's compiled rules.
    pub compiled: &'a mut crate::game::compiled::Cache,
    /// The one budget.
    pub budget: &'a Budget,
    /// Every analysis' memo.
    pub analyses: &'a mut Analyses,
}

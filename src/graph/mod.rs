//! Positions as a graph: the one budget, the one search driver, and the explicit
//! reachable graph with predecessor lists.

/// The budget moved below the floors that use it ([`crate::budget`]); its
/// old path stays while code still names it.
pub use crate::budget;
pub mod explicit;
pub mod search;

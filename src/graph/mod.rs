//! Positions as a graph: the one budget, the one search driver, and the explicit
//! reachable graph with predecessor lists.

pub mod budget;
pub mod explicit;
pub mod search;

//! Positions as a graph: the one search driver, and the explicit reachable
//! graph with predecessor lists.

pub(crate) mod explicit;
pub(crate) mod search;

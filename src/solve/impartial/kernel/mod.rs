//! Compiled rules run against the memo tables: the mex of a position's options
//! read straight from the dense tables ([`run`]), with the common option shapes
//! walked as slices ([`fast`]), exactly as one writes such loops by hand.

mod fast;
pub(crate) mod run;

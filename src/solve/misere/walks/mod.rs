//! The misère walks, each written once over any key ([`super::sums::key`]):
//! outcomes (the outcome walk of [`crate::solve::outcome`] under misère
//! play), genera (Conway's recursion over a sum's positions), and genus by
//! theory of single components.

pub(crate) mod genus;
pub(crate) mod heap_theories;
pub(crate) mod outcome;
pub(crate) mod theory;

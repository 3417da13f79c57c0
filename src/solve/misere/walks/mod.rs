//! The misère walks, each written once over any key ([`super::sums::key`]):
//! outcomes (the outcome walk of [`crate::solve::outcome`] under misère
//! play), the values a sum gets from its options' ([`values`]: genera by
//! Conway's recursion, misère canonical forms), and genus by theory of
//! single components.

pub(crate) mod forms;
pub(crate) mod genus;
pub(crate) mod heap_theories;
pub(crate) mod outcome;
pub(crate) mod theory;
pub(crate) mod values;

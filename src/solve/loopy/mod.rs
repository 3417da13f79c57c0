//! Loopy impartial games on an explicit reachable graph: P/N/D with remoteness
//! by retrograde analysis, and Smith's generalised Sprague–Grundy values with
//! their sum rule.

pub(crate) mod analysis;
pub(crate) mod generalized;
pub(crate) mod partizan;
pub(crate) mod retrograde;
pub(crate) mod sides;
pub(crate) mod stopper;

#[cfg(test)]
mod tests;

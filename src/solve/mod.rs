//! Solvers: Grundy values, sums and winning moves, misère play, periodicity.

pub mod fill;
pub mod grundy;
pub mod kernel;
pub mod lines;
pub mod memo;
pub mod misere;
pub mod partizan;
pub mod periodicity;
pub mod sums;

//! Solvers: Grundy values, sums and winning moves, misère play, periodicity.

pub mod grundy;
pub mod memo;
pub mod misere;
pub mod periodicity;
pub mod sums;

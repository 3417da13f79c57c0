//! Short partizan games: a hash-consed store of canonical forms with cached order,
//! sums, stops and thermographs, and their printing.
//!
//! Everything goes through one [`CanonStore`]: a game is a [`Form`] id, equal games
//! have equal ids, and number + up + nimber values ([`Nus`]) take arithmetic fast
//! paths that never build option lists.

#![warn(missing_docs)]

mod arith;
pub mod dyadic;
pub mod nus;
mod order;
pub mod print;
mod reduce;
pub mod store;
pub mod thermo;

#[cfg(test)]
mod tests;

pub use dyadic::Dyadic;
pub use nus::Nus;
pub use print::Shown;
pub use store::{CanonStore, Cmp, Form, Outcome};
pub use thermo::{Piece, Thermograph, Wall};

use crate::graph::budget::Exceeded;
use std::fmt;

/// Why a partizan computation stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Error {
    /// A budget limit (positions, memory, time, Ctrl-C).
    Exceeded(Exceeded),
    /// A number or up multiple outgrew its fixed width (e.g. `2^62 + 2^62`, or a
    /// denominator beyond `2^62`); reported rather than wrapped.
    Overflow,
}

impl From<Exceeded> for Error {
    fn from(e: Exceeded) -> Self {
        Error::Exceeded(e)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Exceeded(e) => write!(f, "stopped by a limit: {e:?}"),
            Error::Overflow => write!(f, "a number in the game is too large to represent"),
        }
    }
}

impl std::error::Error for Error {}

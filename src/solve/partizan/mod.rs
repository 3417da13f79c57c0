//! Short partizan games: a hash-consed store of canonical forms with cached order,
//! sums, stops and thermographs, and their printing.
//!
//! Everything goes through one [`CanonStore`]: a game is a [`Form`] id, equal games
//! have equal ids, and number + up + nimber values ([`Nus`]) take arithmetic fast
//! paths that never build option lists.
//!
//! Why it is fast (the design follows CGSuite's `CanonicalShortGameOps`, not the
//! owned trees of the `cgt` crate):
//! - hash-consing makes equality an id compare and lets every cache key on ids;
//! - `leq` is memoised in a direct-mapped table and short-cut by stops (if
//!   `LS(G) < RS(H)` then `G < H`; `G <= H` needs `LS(G) <= LS(H)` and
//!   `RS(G) <= RS(H)`), and by number avoidance (a number's options are never
//!   consulted against a non-number);
//! - sums are memoised, NUS + NUS is arithmetic, and a number plus a non-number
//!   is translated option by option without any reduction;
//! - dominated options are found against a short list of the best so far.
//!
//! Fallible operations return [`Error`]: a budget limit ([`Exceeded`], checked
//! through `Budget::tick` in every recursive step) or an [`Error::Overflow`] of the
//! fixed-width numbers, which is reported rather than wrapped.

#![warn(missing_docs)]

pub(crate) mod analysis;
mod arith;
pub(crate) mod board_search;
#[cfg(not(target_family = "wasm"))]
mod board_split;
pub(crate) mod boards;
pub(crate) mod capture;
mod capture_search;
mod cells;
mod packed;
mod parts;
pub(crate) use crate::lang::dyadic;
pub(crate) mod misere;
pub(crate) mod nus;
mod order;
pub(crate) mod print;
mod reduce;
#[cfg(not(target_family = "wasm"))]
mod registry;
mod search_table;
#[cfg(not(target_family = "wasm"))]
mod shared_parts;
pub(crate) mod store;
pub(crate) mod symmetry;
pub(crate) mod thermo;
mod transform;

#[cfg(test)]
mod tests;

pub use dyadic::Dyadic;
pub use nus::Nus;
pub use reduce::Reduction;
pub use store::{CanonStore, Cmp, Form, Outcome};
pub use thermo::{Piece, Thermograph, Wall};

use crate::budget::Exceeded;
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

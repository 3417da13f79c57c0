//! The cell sets of the packed-board solver ([`super::boards`]): a board's
//! free cells are the bits of one unsigned integer, `u64` for boards of up to
//! 64 cells and `u128` for up to 128. The solver is written once over this
//! trait and compiled for each width, so the 64-bit boards run the same
//! machine code as before the wider ones existed.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Shl, Shr};

/// A set of cells: bit `i` is cell `i`. Shifts take amounts below
/// [`Cells::BITS`] only (as `u64`'s and `u128`'s do).
pub trait Cells:
    Copy
    + Send
    + Sync
    + Eq
    + Ord
    + Hash
    + Default
    + Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// How many cells a set can hold.
    const BITS: u32;
    /// No cells.
    const ZERO: Self;
    /// Cell 0 alone.
    const ONE: Self;
    /// Every cell.
    const MAX: Self;

    /// How many cells are in the set.
    fn count_ones(self) -> u32;
    /// The lowest cell (`BITS` for the empty set).
    fn trailing_zeros(self) -> u32;
    /// `BITS - 1` less the highest cell (`BITS` for the empty set).
    fn leading_zeros(self) -> u32;
    /// The set less its lowest cell.
    fn without_lowest(self) -> Self;
    /// The lowest cell alone (empty for the empty set).
    fn lowest(self) -> Self;
    /// Cells 0 to 7, as a byte.
    fn low_byte(self) -> u8;
    /// The same cells in the other width, when they fit.
    fn from_u128(bits: u128) -> Option<Self>;

    /// Cell `i` alone (`i < BITS`).
    #[inline]
    fn bit(i: u32) -> Self {
        Self::ONE << i
    }

    /// Cells `0..n` (every cell from `n = BITS` on).
    #[inline]
    fn low(n: u32) -> Self {
        if n >= Self::BITS {
            Self::MAX
        } else {
            !(Self::MAX << n)
        }
    }

    /// True for the empty set.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }
}

macro_rules! cells {
    ($t:ty) => {
        impl Cells for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const MAX: Self = <$t>::MAX;

            #[inline]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[inline]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline]
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            #[inline]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn lowest(self) -> Self {
                self & self.wrapping_neg()
            }
            #[inline]
            fn low_byte(self) -> u8 {
                self as u8
            }
            #[inline]
            fn from_u128(bits: u128) -> Option<Self> {
                <$t>::try_from(bits).ok()
            }
        }
    };
}

cells!(u64);
cells!(u128);

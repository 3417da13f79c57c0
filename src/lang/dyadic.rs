//! Dyadic rationals `n / 2^k`: the numbers of short games, with checked arithmetic.

use std::cmp::Ordering;
use std::fmt;

/// Largest denominator exponent kept. Beyond it a shift into `i128` during
/// comparison could lose bits, so arithmetic reports overflow instead.
const MAX_EXP: u32 = 62;

/// A dyadic rational `num / 2^exp`, always normalised: `exp == 0` or `num` odd,
/// so equal values have equal fields and derived `Eq`/`Hash` are exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };

    /// The integer `n`.
    pub const fn integer(n: i64) -> Dyadic {
        Dyadic { num: n, exp: 0 }
    }

    /// `num / 2^exp`, normalised; `None` when the exponent is too large to keep.
    pub fn new(num: i64, exp: u32) -> Option<Dyadic> {
        Self::from_wide(i128::from(num), exp)
    }

    /// Normalises a wide numerator; the shared exit of every operation, so that
    /// overflow is detected in exactly one place.
    fn from_wide(mut num: i128, mut exp: u32) -> Option<Dyadic> {
        if num == 0 {
            return Some(Dyadic::ZERO);
        }
        // Dividing out common factors of two keeps the representation unique.
        let twos = num.trailing_zeros().min(exp);
        num >>= twos;
        exp -= twos;
        if exp > MAX_EXP {
            return None;
        }
        Some(Dyadic {
            num: i64::try_from(num).ok()?,
            exp,
        })
    }

    /// The numerator (odd unless the value is an integer).
    pub fn numerator(self) -> i64 {
        self.num
    }

    /// The exponent `k` of the denominator `2^k`.
    pub fn exponent(self) -> u32 {
        self.exp
    }

    /// Whether the value is an integer.
    pub fn is_integer(self) -> bool {
        self.exp == 0
    }

    /// The value if it is an integer.
    pub fn as_integer(self) -> Option<i64> {
        self.is_integer().then_some(self.num)
    }

    /// The numerator scaled to denominator `2^exp` (`exp >= self.exp`), exact in `i128`.
    fn wide_at(self, exp: u32) -> i128 {
        i128::from(self.num) << (exp - self.exp)
    }

    /// `self + other`, `None` on overflow.
    pub fn checked_add(self, other: Dyadic) -> Option<Dyadic> {
        let exp = self.exp.max(other.exp);
        Self::from_wide(self.wide_at(exp) + other.wide_at(exp), exp)
    }

    /// `self - other`, `None` on overflow.
    pub fn checked_sub(self, other: Dyadic) -> Option<Dyadic> {
        let exp = self.exp.max(other.exp);
        Self::from_wide(self.wide_at(exp) - other.wide_at(exp), exp)
    }

    /// `-self`, `None` for the one value whose negation does not fit.
    pub fn checked_neg(self) -> Option<Dyadic> {
        Self::from_wide(-i128::from(self.num), self.exp)
    }

    /// `self / 2`, `None` when the denominator would grow too large.
    pub fn checked_half(self) -> Option<Dyadic> {
        Self::from_wide(i128::from(self.num), self.exp + 1)
    }

    /// `self * 2`, `None` on overflow.
    pub fn checked_double(self) -> Option<Dyadic> {
        if self.exp > 0 {
            return Self::from_wide(i128::from(self.num), self.exp - 1);
        }
        Self::from_wide(i128::from(self.num) * 2, 0)
    }

    /// The largest integer `<= self`.
    pub fn floor(self) -> i64 {
        // An arithmetic shift rounds towards minus infinity, which is the floor.
        self.num >> self.exp
    }

    /// The smallest integer `>= self`, `None` if it does not fit.
    pub fn ceil(self) -> Option<i64> {
        let f = self.floor();
        if self.is_integer() {
            Some(f)
        } else {
            f.checked_add(1)
        }
    }

    /// `floor(self * 2^e)`, exact in `i128` for `e <= MAX_EXP`.
    pub(crate) fn floor_scaled(self, e: u32) -> i128 {
        if e >= self.exp {
            self.wide_at(e)
        } else {
            i128::from(self.num) >> (self.exp - e)
        }
    }

    /// `1 / 2^e`, `None` when `e` is too large.
    pub fn unit(e: u32) -> Option<Dyadic> {
        Self::from_wide(1, e)
    }

    /// The sign: -1, 0 or 1.
    pub fn signum(self) -> i64 {
        self.num.signum()
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        // Stops of one game mostly share a denominator (often 1): skip the widening.
        if self.exp == other.exp {
            return self.num.cmp(&other.num);
        }
        let exp = self.exp.max(other.exp);
        self.wide_at(exp).cmp(&other.wide_at(exp))
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Self {
        Dyadic::integer(n)
    }
}

/// Integers print bare (`2`, `-3`), fractions as `num/den` (`3/4`, `-5/8`): the
/// spelling the language reads back as a dyadic number in a game context.
impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u64 << self.exp)
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn d(n: i64, e: u32) -> Dyadic {
        Dyadic::new(n, e).unwrap()
    }

    #[test]
    fn normalises_and_prints() {
        assert_eq!(d(6, 3), d(3, 2));
        assert_eq!(d(6, 3).to_string(), "3/4");
        assert_eq!(d(-5, 3).to_string(), "-5/8");
        assert_eq!(d(8, 2).to_string(), "2");
        assert_eq!(d(0, 9), Dyadic::ZERO);
    }

    #[test]
    fn arithmetic_and_order() {
        assert_eq!(d(1, 1).checked_add(d(1, 1)), Some(d(1, 0)));
        assert_eq!(d(3, 2).checked_sub(d(1, 0)), Some(d(-1, 2)));
        assert!(d(5, 3) < d(3, 2));
        assert!(d(-1, 1) < Dyadic::ZERO);
        assert_eq!(d(-3, 1).floor(), -2);
        assert_eq!(d(-3, 1).ceil(), Some(-1));
        assert_eq!(d(3, 1).checked_half(), Some(d(3, 2)));
    }

    #[test]
    fn overflow_is_reported() {
        assert_eq!(
            Dyadic::integer(i64::MAX).checked_add(Dyadic::integer(1)),
            None
        );
        assert_eq!(Dyadic::integer(i64::MIN).checked_neg(), None);
        assert_eq!(Dyadic::unit(63), None);
        assert_eq!(d(1, 62).checked_half(), None);
    }
}

//! Number + up-multiple + nimber values ("NUS"): arithmetic, order and canonical options
//! without building game trees.

use super::dyadic::Dyadic;
use std::cmp::Ordering;

/// `number + ups·↑ + *nim`. Every such sum is canonical in a closed form, so the
/// store adds, negates and compares them arithmetically.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Nus {
    /// The number part.
    pub number: Dyadic,
    /// The multiple of ↑ (negative for ↓).
    pub ups: i32,
    /// The nimber part `*nim`.
    pub nim: u32,
}

impl Nus {
    /// The number `x`.
    pub fn number(x: Dyadic) -> Nus {
        Nus {
            number: x,
            ups: 0,
            nim: 0,
        }
    }

    /// The nimber `*n`.
    pub fn nimber(n: u32) -> Nus {
        Nus {
            number: Dyadic::ZERO,
            ups: 0,
            nim: n,
        }
    }

    /// Whether this is a plain number (no infinitesimal part).
    pub fn is_number(self) -> bool {
        self.ups == 0 && self.nim == 0
    }

    /// Whether this is a plain nimber `*n` (including 0).
    pub fn is_nimber(self) -> bool {
        self.ups == 0 && self.number == Dyadic::ZERO
    }

    /// The sum, `None` on overflow of the number or the up multiple.
    pub fn checked_add(self, other: Nus) -> Option<Nus> {
        Some(Nus {
            number: self.number.checked_add(other.number)?,
            ups: self.ups.checked_add(other.ups)?,
            nim: self.nim ^ other.nim,
        })
    }

    /// The negative (`*n` is its own negative), `None` on overflow.
    pub fn checked_neg(self) -> Option<Nus> {
        Some(Nus {
            number: self.number.checked_neg()?,
            ups: self.ups.checked_neg()?,
            nim: self.nim,
        })
    }

    /// Whether `self <= other` as games.
    pub fn leq(self, other: Nus) -> bool {
        match self.number.cmp(&other.number) {
            Ordering::Less => true,
            Ordering::Greater => false,
            // Equal numbers: the difference is (other.ups - self.ups)·↑ + *(xor),
            // which is >= 0 exactly when it is 0, or two or more ups, or one up
            // with any nimber but *1 (↑* is fuzzy with 0).
            Ordering::Equal => {
                let d = i64::from(other.ups) - i64::from(self.ups);
                let n = self.nim ^ other.nim;
                (d == 0 && n == 0) || d >= 2 || (d == 1 && n != 1)
            }
        }
    }

    /// Birthday of the canonical form. The number part and the infinitesimal part
    /// add, because the canonical form of `x + G` (G infinitesimal) is
    /// `{x + G^L | x + G^R}` down to `x` itself.
    pub fn birthday(self) -> u64 {
        number_birthday(self.number).saturating_add(infinitesimal_birthday(self.ups, self.nim))
    }

    /// The canonical options `(left, right)`, `None` on overflow. Numbers: `n` is
    /// `{n-1 | }`, `m/2^k` is `{(m-1)/2^k | (m+1)/2^k}`. Then `x + *n` has every
    /// `x + *i`, `i < n`, on both sides; `x + ↑*` is `{x, x* | x}`; otherwise
    /// `x + k↑ + *n` (k > 0) is `{x | x + (k-1)↑ + *(n^1)}` and negatives mirror it.
    pub fn options(self) -> Option<(Vec<Nus>, Vec<Nus>)> {
        let x = self.number;
        let at = |ups: i32, nim: u32| Nus {
            number: x,
            ups,
            nim,
        };
        if self.is_number() {
            if let Some(n) = x.as_integer() {
                return Some(match n.cmp(&0) {
                    Ordering::Greater => (vec![Nus::number(Dyadic::integer(n - 1))], vec![]),
                    Ordering::Less => (vec![], vec![Nus::number(Dyadic::integer(n + 1))]),
                    Ordering::Equal => (vec![], vec![]),
                });
            }
            let step = Dyadic::unit(x.exponent())?;
            return Some((
                vec![Nus::number(x.checked_sub(step)?)],
                vec![Nus::number(x.checked_add(step)?)],
            ));
        }
        if self.ups == 0 {
            let all: Vec<Nus> = (0..self.nim).map(|i| at(0, i)).collect();
            return Some((all.clone(), all));
        }
        if self.nim == 1 && self.ups == 1 {
            return Some((vec![at(0, 0), at(0, 1)], vec![at(0, 0)]));
        }
        if self.nim == 1 && self.ups == -1 {
            return Some((vec![at(0, 0)], vec![at(0, 0), at(0, 1)]));
        }
        if self.ups > 0 {
            Some((vec![at(0, 0)], vec![at(self.ups - 1, self.nim ^ 1)]))
        } else {
            Some((vec![at(self.ups + 1, self.nim ^ 1)], vec![at(0, 0)]))
        }
    }
}

/// Birthday of a number: `|n|` for integers; `m/2^k` is born `floor(|x|) + 1 + k`
/// (its integer part, then one step per binary digit).
fn number_birthday(x: Dyadic) -> u64 {
    let whole = x.floor().unsigned_abs();
    if x.is_integer() {
        return whole;
    }
    let whole = if x.signum() < 0 {
        // floor of a negative fraction is one below its integer part
        whole - 1
    } else {
        whole
    };
    whole + 1 + u64::from(x.exponent())
}

/// Birthday of `k↑ + *n`: unrolling `{0 | (k-1)↑ + *(n^1)}` down to one up.
fn infinitesimal_birthday(ups: i32, nim: u32) -> u64 {
    let k = u64::from(ups.unsigned_abs());
    if k == 0 {
        return u64::from(nim);
    }
    // the nimber that sits beside the last single up after k-1 steps
    let last = nim ^ ((k - 1) & 1) as u32;
    if last == 1 {
        k + 1
    } else {
        k + u64::from(last ^ 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ups(k: i32, n: u32) -> Nus {
        Nus {
            number: Dyadic::ZERO,
            ups: k,
            nim: n,
        }
    }

    #[test]
    fn order_of_infinitesimals() {
        let zero = Nus::default();
        assert!(zero.leq(ups(1, 0)) && !ups(1, 0).leq(zero));
        assert!(!zero.leq(ups(1, 1)) && !ups(1, 1).leq(zero));
        assert!(zero.leq(ups(1, 2)));
        assert!(zero.leq(ups(2, 1)));
        assert!(!zero.leq(Nus::nimber(3)));
    }

    #[test]
    fn birthdays() {
        assert_eq!(ups(1, 0).birthday(), 2);
        assert_eq!(ups(2, 0).birthday(), 3);
        assert_eq!(ups(2, 1).birthday(), 3);
        assert_eq!(ups(1, 2).birthday(), 4);
        assert_eq!(Nus::number(Dyadic::integer(-3)).birthday(), 3);
        let three_quarters = Nus::number(Dyadic::new(3, 2).unwrap_or_default());
        assert_eq!(three_quarters.birthday(), 3);
        let minus_five_quarters = Nus::number(Dyadic::new(-5, 2).unwrap_or_default());
        assert_eq!(minus_five_quarters.birthday(), 4);
    }
}

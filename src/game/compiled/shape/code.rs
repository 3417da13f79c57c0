//! Take-and-break codes (octal and hexadecimal, finite or with a repeating
//! tail), in the notation of CGSuite's `TBCode`: digit `d_k` says, bit `h` by
//! bit, whether removing `k` counters may leave exactly `h` non-empty heaps
//! (bit 0: nothing left, only when the heap is exactly `k`; bit 1: one heap;
//! bit 2: two heaps; bit 3: three heaps); `!` restricts two-heap splits to
//! unequal parts; a bracketed tail repeats for ever (`0.[3]` is Nim).

use std::fmt;

/// Longest code a constructor's set is read into: a removal past it (the
/// fuzzer's `subtraction {3, 2147483647, 5}` asked for four gigabytes of
/// digits) leaves the game without a code, and so without a theorem, which
/// would need values that far to prove anything.
pub const MAX_DIGITS: usize = 1 << 20;

/// One digit of a code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Digit {
    /// Bit `h`: the move may leave exactly `h` non-empty heaps.
    pub mask: u8,
    /// Two-heap splits only into unequal parts (CGSuite's `!`).
    pub unequal: bool,
}

impl Digit {
    /// A digit with these heap counts and every split allowed.
    pub fn of(mask: u8) -> Digit {
        Digit {
            mask,
            unequal: false,
        }
    }

    /// The moves of both digits together.
    pub fn union(self, other: Digit) -> Digit {
        let pairs = |d: Digit| d.mask & 4 != 0;
        let unequal = match (pairs(self), pairs(other)) {
            (true, true) => self.unequal && other.unequal,
            (true, false) => self.unequal,
            (false, true) => other.unequal,
            (false, false) => false,
        };
        Digit {
            mask: self.mask | other.mask,
            unequal,
        }
    }

    /// The most heaps a move of this digit leaves.
    pub fn most_heaps(self) -> usize {
        (0..4).rev().find(|h| self.mask >> h & 1 == 1).unwrap_or(0)
    }
}

/// A take-and-break code: digits `d_0, d_1, …, d_t`, then `tail` repeated.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Code {
    /// `d_0` (removing nothing: splitting only) on.
    pub digits: Vec<Digit>,
    /// Repeated for ever after the digits (empty: a finite code).
    pub tail: Vec<Digit>,
}

impl Code {
    /// The digit for removing `k` counters.
    pub fn digit(&self, k: usize) -> Digit {
        match self.digits.get(k) {
            Some(d) => *d,
            None if self.tail.is_empty() => Digit::default(),
            None => self
                .tail
                .get((k - self.digits.len()) % self.tail.len())
                .copied()
                .unwrap_or_default(),
        }
    }

    /// An octal (or hexadecimal) code's digits `d_0, d_1, …`.
    pub fn from_digits(digits: &[u8]) -> Code {
        let mut code = Code {
            digits: digits.iter().map(|&d| Digit::of(d)).collect(),
            tail: vec![],
        };
        code.trim();
        code
    }

    /// `subtraction S`: digit 3 at each k ∈ S; none for a set whose largest
    /// removal is past [`MAX_DIGITS`] (no proof could reach that far anyway).
    pub fn subtraction(set: &[i64]) -> Option<Code> {
        let t = usize::try_from(*set.iter().max()?)
            .ok()
            .filter(|&t| t < MAX_DIGITS)?;
        let mut digits = vec![Digit::default(); t + 1];
        for &k in set {
            *digits.get_mut(usize::try_from(k).ok().filter(|&k| k > 0)?)? = Digit::of(3);
        }
        Some(Code {
            digits,
            tail: vec![],
        })
    }

    /// `allbut E`: digit 3 at every k ≥ 1 not in E; none past [`MAX_DIGITS`].
    pub fn all_but(excluded: &[i64]) -> Option<Code> {
        let m = excluded
            .iter()
            .filter_map(|&k| usize::try_from(k).ok())
            .max()
            .unwrap_or(0);
        if m >= MAX_DIGITS {
            return None;
        }
        let digits = (0..=m)
            .map(|k| {
                let out = k == 0 || excluded.contains(&(k as i64));
                Digit::of(if out { 0 } else { 3 })
            })
            .collect();
        let mut code = Code {
            digits,
            tail: vec![Digit::of(3)],
        };
        code.trim();
        Some(code)
    }

    /// Drops trailing digits the tail repeats anyway, and zero digits of a
    /// finite code.
    pub fn trim(&mut self) {
        if self.tail.is_empty() {
            while self.digits.len() > 1 && self.digits.last() == Some(&Digit::default()) {
                self.digits.pop();
            }
            return;
        }
        if self.tail.iter().all(|d| *d == Digit::default()) {
            self.tail.clear();
            return self.trim();
        }
        // Shorten the period when it repeats a shorter block.
        let q = self.tail.len();
        if let Some(p) =
            (1..q).find(|&p| q % p == 0 && (p..q).all(|i| self.tail.get(i) == self.tail.get(i % p)))
        {
            self.tail.truncate(p);
        }
        // A digit before the tail equal to the tail's last digit joins it.
        while self.digits.len() > 1 && self.digits.last() == self.tail.last() {
            self.digits.pop();
            self.tail.rotate_right(1);
        }
    }

    /// True when the code has no repeating tail.
    pub fn is_finite(&self) -> bool {
        self.tail.is_empty()
    }

    /// The most counters a move removes (`t`), for a finite code.
    pub fn max_removal(&self) -> Option<usize> {
        self.is_finite()
            .then(|| self.digits.len().saturating_sub(1))
    }

    /// The most heaps any move leaves.
    pub fn most_heaps(&self) -> usize {
        self.digits
            .iter()
            .chain(&self.tail)
            .map(|d| d.most_heaps())
            .max()
            .unwrap_or(0)
    }

    /// True when some digit restricts its splits (`!`).
    pub fn has_modifiers(&self) -> bool {
        self.digits
            .iter()
            .chain(&self.tail)
            .any(|d| d.unequal && d.mask & 4 != 0)
    }

    /// The set S when the code is a finite subtraction game (digit 3 or 0 at
    /// every k ≥ 1, nothing at k = 0).
    pub fn subtraction_set(&self) -> Option<Vec<i64>> {
        if !self.is_finite() || self.digit(0).mask != 0 {
            return None;
        }
        let mut set = Vec::new();
        for (k, d) in self.digits.iter().enumerate().skip(1) {
            match d.mask {
                0 => {}
                3 => set.push(k as i64),
                _ => return None,
            }
        }
        Some(set)
    }

    /// True when the code is Lasker's Nim, `4.[3]`: split a heap into two
    /// (any parts), or remove any number of counters leaving at most one heap.
    pub fn is_lasker(&self) -> bool {
        self.digits == [Digit::of(4)] && self.tail == [Digit::of(3)]
    }

    /// The excluded set E when the code is an all-but game (remove any k ≥ 1
    /// not in E): digits 3 or 0, then a tail of 3s.
    pub fn all_but_set(&self) -> Option<Vec<i64>> {
        if self.tail != [Digit::of(3)] || self.digit(0).mask != 0 {
            return None;
        }
        let mut excluded = Vec::new();
        for (k, d) in self.digits.iter().enumerate().skip(1) {
            match d.mask {
                0 => excluded.push(k as i64),
                3 => {}
                _ => return None,
            }
        }
        Some(excluded)
    }

    /// True when listing the options of heap `n` takes more than `most` steps
    /// (one per removal tried, one per option made), counted without making
    /// them and stopping as soon as the count passes `most`.
    pub fn listing_exceeds(&self, n: usize, most: u64) -> bool {
        let last = self.max_removal().map_or(n, |t| t.min(n));
        let mut steps: u64 = 0;
        for k in 0..=last {
            let d = self.digit(k);
            let m = (n - k) as u64;
            steps = steps.saturating_add(1);
            if d.mask & 4 != 0 {
                steps = steps.saturating_add(m / 2);
            }
            if d.mask & 8 != 0 {
                // Partitions of m into three positive parts: round(m² / 12).
                let triples = (u128::from(m) * u128::from(m) + 6) / 12;
                steps = steps.saturating_add(u64::try_from(triples).unwrap_or(u64::MAX));
            }
            if steps > most {
                return true;
            }
        }
        false
    }

    /// Calls `each` with every option of heap `n` (its heaps, at most three,
    /// non-empty, smallest first), each once.
    pub fn options(&self, n: usize, mut each: impl FnMut(&[usize])) {
        let last = self.max_removal().map_or(n, |t| t.min(n));
        for k in 0..=last {
            let d = self.digit(k);
            if d.mask == 0 {
                continue;
            }
            let m = n - k;
            if d.mask & 1 != 0 && m == 0 && k > 0 {
                each(&[]);
            }
            if d.mask & 2 != 0 && m > 0 && k > 0 {
                each(&[m]);
            }
            if d.mask & 4 != 0 {
                for a in 1..=m / 2 {
                    if !(d.unequal && 2 * a == m) {
                        each(&[a, m - a]);
                    }
                }
            }
            if d.mask & 8 != 0 {
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        each(&[a, b, m - a - b]);
                    }
                }
            }
        }
    }
}

/// A digit as CGSuite writes it: `0`–`9`, then `A`–`F`, and `!`.
fn write_digit(f: &mut fmt::Formatter<'_>, d: Digit) -> fmt::Result {
    let c = char::from_digit(u32::from(d.mask), 16)
        .map(|c| c.to_ascii_uppercase())
        .unwrap_or('?');
    write!(f, "{c}")?;
    if d.unequal && d.mask & 4 != 0 {
        write!(f, "!")?;
    }
    Ok(())
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_digit(f, self.digit(0))?;
        write!(f, ".")?;
        for d in self.digits.iter().skip(1) {
            write_digit(f, *d)?;
        }
        if self.digits.len() <= 1 && self.tail.is_empty() {
            write!(f, "0")?;
        }
        if !self.tail.is_empty() {
            write!(f, "[")?;
            for d in &self.tail {
                write_digit(f, *d)?;
            }
            write!(f, "]")?;
        }
        Ok(())
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::unwrap_used)]
mod tests {
    use super::*;

    /// CGSuite's notation (TBCodeTest.scala, TakeAndBreak.cgs): Kayles is
    /// 0.77, Nim 0.[3], Grundy's game 4!.0, Lasker's Nim 4.[3].
    #[test]
    fn prints_as_cgsuite() {
        assert_eq!(Code::from_digits(&[0, 7, 7]).to_string(), "0.77");
        assert_eq!(Code::all_but(&[]).unwrap().to_string(), "0.[3]");
        assert_eq!(Code::all_but(&[2, 3]).unwrap().to_string(), "0.300[3]");
        assert!(Code::all_but(&[1 << 40]).is_none());
        assert!(Code::subtraction(&[3, 2147483647, 5]).is_none());
        let grundy = Code {
            digits: vec![Digit {
                mask: 4,
                unequal: true,
            }],
            tail: vec![],
        };
        assert_eq!(grundy.to_string(), "4!.0");
        let lasker = Code {
            digits: vec![Digit::of(4)],
            tail: vec![Digit::of(3)],
        };
        assert_eq!(lasker.to_string(), "4.[3]");
    }

    /// Each option of a Kayles heap once, as WW lists them.
    #[test]
    fn lists_options_once() {
        let code = Code::from_digits(&[0, 7, 7]);
        let mut seen = Vec::new();
        code.options(4, |o| seen.push(o.to_vec()));
        // Kayles heap 4: remove 1 → 3, 1+2; remove 2 → 2, 1+1.
        assert_eq!(seen, vec![vec![3], vec![1, 2], vec![2], vec![1, 1]]);
    }
}

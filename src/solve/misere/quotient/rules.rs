//! Heap rulesets: one-parameter games whose options are sums of heaps of the same
//! game, and the octal codes that make the quotient engine testable on its own.

#[cfg(test)]
use std::fmt;

/// A game described by its heaps: heap `n`'s options are sums of smaller heaps.
///
/// The quotient engine only ever asks for options, so a `.game` rule, an octal
/// code or a test fixture can all be passed the same way.
pub trait HeapRules {
    /// Why option generation can fail (an evaluation error of a `.game` rule).
    type Error;

    /// Appends every option of heap `n` to `out`: each option is the multiset of
    /// heap sizes it leaves, empty heaps omitted (so `[]` is "nothing left").
    /// Every part must be smaller than `n`, or the game would not be well founded.
    fn options(&mut self, n: usize, out: &mut Vec<Vec<usize>>) -> Result<(), Self::Error>;

    /// For an octal game: the number of code digits after the point (the most
    /// tokens one move removes). The quotient periodicity theorem needs it; any
    /// other ruleset returns `None` and its quotients stay observations.
    fn octal_digits(&self) -> Option<usize> {
        None
    }
}

/// An octal code `d0.d1d2…`: digit `dk` says what removing `k` tokens may leave
/// (bit 1: nothing, bit 2: one non-empty heap, bit 4: two non-empty heaps).
/// The tests' reference rules (the language builds its own from `octal`).
#[cfg(test)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Octal {
    digits: Vec<u8>,
}

/// Why an octal code could not be read.
#[cfg(test)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OctalParseError(pub String);

#[cfg(test)]
impl fmt::Display for OctalParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad octal code: {}", self.0)
    }
}

#[cfg(test)]
impl Octal {
    /// Reads `0.07`, `.75`, `4.7`. Digit 0 may only be 0 or 4: removing nothing
    /// while leaving one heap would be a pass, and leaving nothing is no move.
    pub fn parse(code: &str) -> Result<Octal, OctalParseError> {
        let (head, tail) = code
            .split_once('.')
            .ok_or_else(|| OctalParseError(format!("`{code}` has no point")))?;
        let d0 = match head {
            "" | "0" => 0,
            "4" => 4,
            _ => {
                return Err(OctalParseError(format!(
                    "`{code}`: the digit before the point must be 0 or 4"
                )))
            }
        };
        let mut digits = vec![d0];
        for c in tail.chars() {
            let d = c
                .to_digit(8)
                .ok_or_else(|| OctalParseError(format!("`{code}`: `{c}` is not an octal digit")))?;
            digits.push(d as u8);
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(Octal { digits })
    }
}

#[cfg(test)]
impl fmt::Display for Octal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut it = self.digits.iter();
        write!(f, "{}.", it.next().copied().unwrap_or(0))?;
        for d in it {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
impl HeapRules for Octal {
    type Error = std::convert::Infallible;

    fn options(&mut self, n: usize, out: &mut Vec<Vec<usize>>) -> Result<(), Self::Error> {
        let start = out.len();
        for (k, &d) in self.digits.iter().enumerate() {
            if k > n {
                break;
            }
            let rest = n - k;
            if d & 1 != 0 && rest == 0 {
                out.push(Vec::new());
            }
            if d & 2 != 0 && rest > 0 && k > 0 {
                out.push(vec![rest]);
            }
            if d & 4 != 0 && rest >= 2 {
                for a in 1..=rest / 2 {
                    out.push(vec![a, rest - a]);
                }
            }
        }
        // One option per distinct sum: winning-move lists should not repeat.
        let mut mine = out.split_off(start);
        mine.sort();
        mine.dedup();
        out.extend(mine);
        Ok(())
    }

    fn octal_digits(&self) -> Option<usize> {
        Some(self.digits.len().saturating_sub(1))
    }
}

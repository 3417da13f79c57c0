//! Printing canonical forms in the usual notation, which the language parses back.
//!
//! Spellings (decided here, and the parser must accept each of them):
//! - numbers: integers bare (`2`, `-3`), fractions `num/den` (`5/8`, `-1/2`); zero is `0`;
//! - nimbers: `*` for *1, `*2`, `*3`, …;
//! - ups: `^`, `^^`, then `^3`, `^4`, …; downs `v`, `vv`, `v3`, …;
//! - `^*` and `v*` for ↑ + * and ↓ + *, the two that have names of their own;
//! - any other number + ups + nimber prints its non-zero parts in that order joined
//!   by ` + `: `1/2 + ^`, `-1 + *2`, `^^ + *`, `2 + v3 + *5`;
//! - everything else prints `{A, B | C}`: options separated by `, `, the bar with a
//!   space on each side, an empty side left empty (`{ | 0}`, `{0 | }`), options
//!   nested in their own braces (`{{2 | 1} | 0}`), each side sorted with numbers
//!   ascending, then nimbers ascending, then the rest by birthday and then by their
//!   printed text, so the spelling never depends on the order the store met them.

use super::nus::Nus;
use super::store::{CanonStore, Form};
use super::Error;
use std::fmt::Write;

impl CanonStore {
    /// Appends the printed form of `f` to `out`. Fails only when a number inside
    /// overflows while its options are built.
    pub fn write_form(&mut self, f: Form, out: &mut String) -> Result<(), Error> {
        if let Some(n) = self.as_nus(f) {
            write_nus(n, out);
            return Ok(());
        }
        let left = self.left_options(f)?;
        let right = self.right_options(f)?;
        let left = self.sorted_printed(left)?;
        let right = self.sorted_printed(right)?;
        out.push('{');
        out.push_str(&left.join(", "));
        out.push_str(" | ");
        out.push_str(&right.join(", "));
        out.push('}');
        Ok(())
    }

    /// The printed form of `f` as a new string.
    pub fn show(&mut self, f: Form) -> Result<String, Error> {
        let mut s = String::new();
        self.write_form(f, &mut s)?;
        Ok(s)
    }

    /// One side's options printed, in display order: numbers ascending, nimbers
    /// ascending, then the rest by birthday and text. Text rather than ids breaks
    /// ties because ids depend on the order the store met the forms.
    fn sorted_printed(&mut self, opts: Vec<Form>) -> Result<Vec<String>, Error> {
        let mut keyed = Vec::with_capacity(opts.len());
        for o in opts {
            let nus = self.as_nus(o);
            let class = match nus {
                Some(n) if n.is_number() => 0u8,
                Some(n) if n.is_nimber() => 1,
                _ => 2,
            };
            let number = nus.filter(|n| n.is_number()).map(|n| n.number);
            let nim = nus.filter(|n| n.is_nimber()).map_or(0, |n| n.nim);
            keyed.push((class, number, nim, self.birthday(o), self.show(o)?));
        }
        keyed.sort();
        Ok(keyed.into_iter().map(|k| k.4).collect())
    }
}

/// Prints a number + ups + nimber value (see the module docs).
pub fn write_nus(n: Nus, out: &mut String) {
    let mut parts: Vec<String> = Vec::with_capacity(3);
    if n.number.signum() != 0 {
        parts.push(n.number.to_string());
    }
    match (n.ups, n.nim) {
        (1, 1) => parts.push("^*".to_string()),
        (-1, 1) => parts.push("v*".to_string()),
        (k, nim) => {
            if k != 0 {
                let arrow = if k > 0 { '^' } else { 'v' };
                let m = k.unsigned_abs();
                parts.push(match m {
                    1 => arrow.to_string(),
                    2 => format!("{arrow}{arrow}"),
                    _ => format!("{arrow}{m}"),
                });
            }
            match nim {
                0 => {}
                1 => parts.push("*".to_string()),
                _ => parts.push(format!("*{nim}")),
            }
        }
    }
    if parts.is_empty() {
        out.push('0');
    } else {
        let _ = write!(out, "{}", parts.join(" + "));
    }
}

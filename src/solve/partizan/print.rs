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
use crate::lang::dyadic::Dyadic;
use crate::lang::value::{Braces, Component, GameSum};
use std::fmt::Write;

impl CanonStore {
    /// Appends the printed form of `f` to `out`. The output is a tree, so a form
    /// with much sharing prints far longer than the store holds it; callers that
    /// print untrusted games should bound the length of `out`.
    pub fn write_form(&self, f: Form, out: &mut String) {
        if let Some(n) = self.as_nus(f) {
            write_nus(n, out);
            return;
        }
        // General forms always hold their options (only NUS forms build them lazily).
        let left = self.sorted_printed(self.stored_left(f));
        let right = self.sorted_printed(self.stored_right(f));
        out.push('{');
        out.push_str(&left.join(", "));
        out.push_str(" | ");
        out.push_str(&right.join(", "));
        out.push('}');
    }

    /// The length of `f`'s printed form, or `None` when it is longer than
    /// `limit` characters. Forms share their options, so the printed tree can be
    /// exponentially longer than the store; this counts it without printing.
    pub fn printed_len(&self, f: Form, limit: usize) -> Option<usize> {
        let mut memo = std::collections::HashMap::new();
        let len = self.printed_len_memo(f, limit, &mut memo);
        (len <= limit).then_some(len)
    }

    /// The printed length of `f`, saturating just above `limit`.
    fn printed_len_memo(
        &self,
        f: Form,
        limit: usize,
        memo: &mut std::collections::HashMap<Form, usize>,
    ) -> usize {
        if let Some(&len) = memo.get(&f) {
            return len;
        }
        let len = if let Some(n) = self.as_nus(f) {
            let mut s = String::new();
            write_nus(n, &mut s);
            s.len()
        } else {
            // `{` + left options joined by `, ` + ` | ` + right ones + `}`.
            let mut total = 5usize;
            for side in [self.stored_left(f), self.stored_right(f)] {
                total = total.saturating_add(2 * side.len().saturating_sub(1));
                for o in side {
                    total = total.saturating_add(self.printed_len_memo(o, limit, memo));
                    if total > limit {
                        break;
                    }
                }
            }
            total.min(limit.saturating_add(1))
        };
        memo.insert(f, len);
        len
    }

    /// The printed form of `f`, or a note of its size when it is longer than
    /// `limit` characters (for messages about forms of untrusted games).
    pub fn show_within(&self, f: Form, limit: usize) -> String {
        match self.printed_len(f, limit) {
            Some(_) => self.show(f),
            None => format!("(a form of more than {limit} characters)"),
        }
    }

    /// The printed form of `f` as a new string.
    pub fn show(&self, f: Form) -> String {
        let mut s = String::new();
        self.write_form(f, &mut s);
        s
    }

    /// A [`Display`](std::fmt::Display) adaptor for `f`.
    pub fn display(&self, f: Form) -> Shown<'_> {
        Shown {
            store: self,
            form: f,
        }
    }

    /// One side's options printed, in display order: numbers ascending, nimbers
    /// ascending, then the rest by birthday and text. Text rather than ids breaks
    /// ties because ids depend on the order the store met the forms.
    fn sorted_printed(&self, opts: Vec<Form>) -> Vec<String> {
        let mut keyed: Vec<_> = opts
            .into_iter()
            .map(|o| {
                let nus = self.as_nus(o);
                let class = match nus {
                    Some(n) if n.is_number() => 0u8,
                    Some(n) if n.is_nimber() => 1,
                    _ => 2,
                };
                let number = nus.filter(|n| n.is_number()).map(|n| n.number);
                let nim = nus.filter(|n| n.is_nimber()).map_or(0, |n| n.nim);
                (class, number, nim, self.birthday(o), self.show(o))
            })
            .collect();
        keyed.sort();
        keyed.into_iter().map(|k| k.4).collect()
    }
}

/// Prints a form with `{}`; see [`CanonStore::display`].
#[derive(Debug, Clone, Copy)]
pub struct Shown<'a> {
    store: &'a CanonStore,
    form: Form,
}

impl std::fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.store.show(self.form))
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
                parts.push(crate::lang::value::arrows_text(i64::from(k)));
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

impl CanonStore {
    /// The form as a game value of the language, the tree its printed form
    /// writes: a number, ups and a nimber as those components, any other form
    /// as `{ | }` with each side's options sorted. Like printing, the tree can
    /// be far larger than the store: call it on forms whose printed length
    /// was bounded ([`CanonStore::printed_len`]).
    pub fn game(&self, f: Form) -> GameSum {
        if let Some(n) = self.as_nus(f) {
            let mut parts = Vec::new();
            if n.number != Dyadic::ZERO {
                parts.push(Component::Number(n.number));
            }
            if n.ups != 0 {
                parts.push(Component::Up(n.ups));
            }
            if n.nim != 0 {
                parts.push(Component::Nimber(u64::from(n.nim)));
            }
            return GameSum { parts };
        }
        let side = |opts: Vec<Form>| {
            let mut games: Vec<GameSum> = opts.into_iter().map(|o| self.game(o)).collect();
            games.sort();
            games
        };
        let braces = Braces {
            left: side(self.stored_left(f)),
            right: side(self.stored_right(f)),
        };
        GameSum::single(Component::Braces(std::rc::Rc::new(braces)))
    }
}

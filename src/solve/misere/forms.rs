//! Misère canonical forms of impartial games (Conway, *On Numbers and Games*,
//! ch. 12): every impartial game is equal, in misère play against every
//! other impartial game, to exactly one game in *simplest form*, and two
//! games are misère-equal exactly when their simplest forms are identical.
//!
//! A form is built from its options' forms, bottom-up. The options are kept
//! sorted and each set is stored once (hash-consed), so identical forms have
//! one id. A set of options that is not simplest reduces (the Grundy–Smith
//! rule, which Conway proved is the only simplification):
//!
//! - **to K ≠ 0**: when some stored form K has options S ⊂ the set, and every
//!   option outside S has K among its own options (each of those reverses
//!   through K). Every option outside S is born after K, so S is the options
//!   born before a gap of at least two days in the birthdays, sorted, and only
//!   those prefixes are tried (CGSuite's `MisereCanonicalGameOps` tries the
//!   same prefixes).
//! - **to 0**, with the proviso: when every option has 0 among its options and
//!   some option is a misère P-position (0 is an N-position in misère play, so
//!   the game must be one too).
//!
//! What is not reduced is simplest: its set is stored as a new form. The
//! count of forms born by each day checks this against Conway's figures
//! (1, 2, 3, 5, 22 and 4,171,780 forms born by days 0–5; see the tests).

use crate::budget::{Budget, Exceeded};
use crate::lang::value::{Component, GameSum};
use rustc_hash::FxHashMap;
use std::fmt::Write;

/// A misère canonical form: an id in a [`Forms`] store.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MisereForm(u32);

impl MisereForm {
    /// The game with no options.
    pub const ZERO: MisereForm = MisereForm(0);
}

/// What is kept of a form besides its options.
#[derive(Debug, Clone)]
struct Record {
    /// Where its options start in [`Forms::options`]; they end where the
    /// next record's start.
    start: u32,
    /// Its birthday in simplest form.
    birthday: u32,
    /// G⁻: its misère Grundy value (0 exactly for a misère P-position).
    minus: u32,
    /// The nimber it is, if it is one.
    nimber: Option<u32>,
}

/// The misère canonical forms met so far, each once.
#[derive(Debug, Clone)]
pub struct Forms {
    records: Vec<Record>,
    /// Every form's options, sorted by (birthday, id), one after another.
    options: Vec<MisereForm>,
    /// Each simplest set of options, to its form.
    index: FxHashMap<Box<[MisereForm]>, MisereForm>,
    /// `*k` for each k found so far.
    nimbers: Vec<MisereForm>,
}

impl Default for Forms {
    fn default() -> Self {
        let mut index = FxHashMap::default();
        index.insert(Box::from([]), MisereForm::ZERO);
        Forms {
            records: vec![ZERO_RECORD],
            options: Vec::new(),
            index,
            nimbers: vec![MisereForm::ZERO],
        }
    }
}

/// The record of 0, the game with no options.
const ZERO_RECORD: Record = Record {
    start: 0,
    birthday: 0,
    minus: 1,
    nimber: Some(0),
};

/// Bytes a form with `n` options takes (record, options twice, index entry).
fn bytes_for(n: usize) -> usize {
    std::mem::size_of::<Record>() + 2 * n * std::mem::size_of::<MisereForm>() + 48
}

impl Forms {
    /// How many forms are stored.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// True when only 0 is stored.
    pub fn is_empty(&self) -> bool {
        self.records.len() == 1
    }

    fn record(&self, f: MisereForm) -> &Record {
        // Every id comes from this store; 0's record stands in otherwise.
        self.records.get(f.0 as usize).unwrap_or(&ZERO_RECORD)
    }

    /// The options of `f`, sorted by birthday.
    pub fn options(&self, f: MisereForm) -> &[MisereForm] {
        let start = self.record(f).start as usize;
        let end = self
            .records
            .get(f.0 as usize + 1)
            .map_or(self.options.len(), |r| r.start as usize);
        self.options.get(start..end).unwrap_or(&[])
    }

    /// The birthday of `f`'s simplest form.
    pub fn birthday(&self, f: MisereForm) -> u32 {
        self.record(f).birthday
    }

    /// G⁻(f): 0 exactly when f is a misère P-position.
    pub fn minus(&self, f: MisereForm) -> u32 {
        self.record(f).minus
    }

    /// The nimber `f` is, if it is one.
    pub fn nimber_value(&self, f: MisereForm) -> Option<u32> {
        self.record(f).nimber
    }

    /// True when `g` is among `f`'s options.
    pub fn has_option(&self, f: MisereForm, g: MisereForm) -> bool {
        let key = (self.birthday(g), g);
        self.options(f)
            .binary_search_by_key(&key, |&o| (self.birthday(o), o))
            .is_ok()
    }

    /// The form of the nimber `*k` (each nimber up to k is made once; its
    /// options are counted on `budget`).
    pub fn nimber(&mut self, k: u64, budget: &Budget) -> Result<MisereForm, Exceeded> {
        let k = usize::try_from(k).unwrap_or(usize::MAX);
        while self.nimbers.len() <= k {
            let options = self.nimbers.clone();
            let f = self.with_options(options, budget)?;
            self.nimbers.push(f);
        }
        Ok(self.nimbers.get(k).copied().unwrap_or(MisereForm::ZERO))
    }

    /// The form of the game whose options have these forms.
    pub fn with_options(
        &mut self,
        mut options: Vec<MisereForm>,
        budget: &Budget,
    ) -> Result<MisereForm, Exceeded> {
        budget.tick()?;
        self.sort(&mut options);
        if let Some(f) = self.reduced(&options) {
            return Ok(f);
        }
        budget.reserve(bytes_for(options.len()))?;
        Ok(self.insert(options))
    }

    /// Sorts options by (birthday, id) and drops repeats: the one order a
    /// set of options is kept and looked up in.
    fn sort(&self, options: &mut Vec<MisereForm>) {
        options.sort_unstable_by_key(|&o| (self.birthday(o), o));
        options.dedup();
    }

    /// The stored form a sorted set of options equals, if any: the set
    /// itself when stored, or what it reduces to (see the module notes).
    fn reduced(&self, options: &[MisereForm]) -> Option<MisereForm> {
        if let Some(&f) = self.index.get(options) {
            return Some(f);
        }
        // To 0: every option has 0 as an option (0 sorts first), and one
        // is a misère P-position.
        let zero = MisereForm::ZERO;
        if options.first() != Some(&zero)
            && options
                .iter()
                .all(|&o| self.options(o).first() == Some(&zero))
            && options.iter().any(|&o| self.minus(o) == 0)
        {
            return Some(zero);
        }
        // To K ≠ 0: the options born before a gap of two days or more.
        for j in 1..options.len() {
            let (before, after) = options.split_at(j);
            let (Some(&last), Some(&next)) = (before.last(), after.first()) else {
                continue;
            };
            if self.birthday(next) <= self.birthday(last) + 1 {
                continue;
            }
            let Some(&k) = self.index.get(before) else {
                continue;
            };
            if after.iter().all(|&o| self.has_option(o, k)) {
                return Some(k);
            }
        }
        None
    }

    /// Stores a simplest set of options (sorted) as a new form.
    fn insert(&mut self, options: Vec<MisereForm>) -> MisereForm {
        let id = MisereForm(self.records.len() as u32);
        let birthday = options
            .iter()
            .map(|&o| self.birthday(o) + 1)
            .max()
            .unwrap_or(0);
        let minus = mex(options.iter().map(|&o| self.minus(o)));
        // A nimber's options are the nimbers below it, each once.
        let nimber = {
            let mut values: Vec<u32> = options
                .iter()
                .filter_map(|&o| self.nimber_value(o))
                .collect();
            values.sort_unstable();
            let all = values.len() == options.len()
                && values.iter().enumerate().all(|(i, &v)| v as usize == i);
            all.then_some(values.len() as u32)
        };
        self.records.push(Record {
            start: self.options.len() as u32,
            birthday,
            minus,
            nimber,
        });
        self.options.extend_from_slice(&options);
        self.index.insert(options.into_boxed_slice(), id);
        id
    }

    /// Whether the set of these options (any order, repeats allowed) is a
    /// form not stored yet: `None` when it is simplest and new, else the
    /// stored form it equals. Nothing is stored (the census of all games
    /// born by a day asks this of millions of sets).
    pub fn lookup(&self, options: &mut Vec<MisereForm>) -> Option<MisereForm> {
        self.sort(options);
        self.reduced(options)
    }

    /// The options of `f` as they print, the oldest-born last: by birthday,
    /// then by how many options, then by id, all descending.
    fn printed_options(&self, f: MisereForm) -> Vec<MisereForm> {
        let mut opts = self.options(f).to_vec();
        opts.sort_unstable_by_key(|&o| {
            std::cmp::Reverse((self.birthday(o), self.options(o).len(), o))
        });
        opts
    }

    /// The length of `f` written in the language ([`Forms::show`]), up to
    /// `most` (more is `most + 1`): a form's text repeats shared options, so
    /// it can be exponentially longer than the store holds.
    pub fn shown_len(&self, f: MisereForm, most: usize) -> usize {
        // Ids are made after their options', so ascending ids are bottom-up.
        let mut len: Vec<usize> = Vec::with_capacity(f.0 as usize + 1);
        for id in 0..=f.0 {
            let g = MisereForm(id);
            let here = match self.nimber_value(g) {
                Some(0) => 1,
                Some(k) => 1 + k.to_string().len(),
                None => self.options(g).iter().fold(2usize, |acc, o| {
                    let option = len.get(o.0 as usize).copied().unwrap_or(most);
                    acc.saturating_add(option).saturating_add(2)
                }),
            };
            len.push(here.min(most + 1));
        }
        len.last().copied().unwrap_or(1)
    }

    /// `f` as a game of the language: nimbers as `*k`, other forms as
    /// `*{…}` literals, each shared option made once.
    pub fn game(&self, f: MisereForm) -> GameSum {
        // Ids are made after their options', so ascending ids are bottom-up.
        let mut reached = vec![f];
        let mut seen = FxHashMap::default();
        seen.insert(f, None::<Component>);
        while let Some(g) = reached.pop() {
            for &o in self.options(g) {
                if seen.insert(o, None).is_none() {
                    reached.push(o);
                }
            }
        }
        let mut ids: Vec<MisereForm> = seen.keys().copied().collect();
        ids.sort_unstable();
        let sum = |c: &Option<Component>| GameSum {
            parts: c.iter().cloned().collect(),
        };
        for g in ids {
            let made = match self.nimber_value(g) {
                Some(0) => None,
                Some(k) => Some(Component::Nimber(u64::from(k))),
                None => {
                    let options: Vec<GameSum> = self
                        .printed_options(g)
                        .iter()
                        .map(|o| seen.get(o).map_or_else(GameSum::default, sum))
                        .collect();
                    Some(Component::Star(options.into()))
                }
            };
            seen.insert(g, made);
        }
        seen.get(&f).map_or_else(GameSum::default, sum)
    }

    /// `f` in the language: `0`, `*k`, or `*{A, B}` with its options.
    pub fn show(&self, f: MisereForm) -> String {
        let mut out = String::new();
        self.write_game(f, &mut out);
        out
    }

    fn write_game(&self, f: MisereForm, out: &mut String) {
        match self.nimber_value(f) {
            Some(0) => out.push('0'),
            Some(k) => {
                let _ = write!(out, "*{k}");
            }
            None => {
                out.push_str("*{");
                for (i, o) in self.printed_options(f).into_iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.write_game(o, out);
                }
                out.push('}');
            }
        }
    }

    /// `f` in Conway's notation (ONAG ch. 12, as CGSuite prints it, without
    /// its `[k]` for sums with nimbers): a nimber is its digits, a game is
    /// its options written one after another, `g#` is the game whose only
    /// option is g, and a game of several options written as an option is
    /// in parentheses (`2#0` is {{*2}, 0}). A nimber past 9 is in
    /// parentheses, `(12)`.
    pub fn conway(&self, f: MisereForm) -> String {
        let mut out = String::new();
        self.write_conway(f, &mut out);
        out
    }

    fn write_conway(&self, f: MisereForm, out: &mut String) {
        if let Some(k) = self.nimber_value(f) {
            self.write_digit(k, out);
            return;
        }
        let opts = self.printed_options(f);
        if let [only] = opts[..] {
            self.write_atom(only, out);
            out.push('#');
            return;
        }
        for o in opts {
            self.write_atom(o, out);
        }
    }

    /// An option inside Conway's notation.
    fn write_atom(&self, f: MisereForm, out: &mut String) {
        match self.nimber_value(f) {
            Some(k) => self.write_digit(k, out),
            None if self.options(f).len() == 1 => self.write_conway(f, out),
            None => {
                out.push('(');
                self.write_conway(f, out);
                out.push(')');
            }
        }
    }

    fn write_digit(&self, k: u32, out: &mut String) {
        if k < 10 {
            let _ = write!(out, "{k}");
        } else {
            let _ = write!(out, "({k})");
        }
    }
}

/// The least value not among `values`.
fn mex(values: impl Iterator<Item = u32>) -> u32 {
    let mut seen: Vec<u32> = values.collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|&(i, &v)| v as usize != i)
        .map_or(seen.len() as u32, |(i, _)| i as u32)
}

#[cfg(test)]
mod tests;

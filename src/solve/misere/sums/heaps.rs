//! Sums of heaps of one heap game keyed by their sorted heap sizes (`u16`s),
//! each heap's options listed once ([`HeapOptions`]) and every heap that is a
//! nim heap replaced by the smallest such heap: about ten times faster than
//! keying the sum by its components, which is about ten more Kayles heaps.
//! Sums of heaps of several heap games are keyed the same way, their heaps
//! interleaved as one game's ([`super::interleaved`]).
//!
//! A position whose heaps a kept misère quotient covers is read off it (k
//! products, never kept), so a sum with a few heaps past the quotient's bound
//! is searched only until they are broken up: Dawson's Kayles rows to 40 with
//! the quotient of rows to 33. A position of the interleaved heaps left with
//! the heaps of one game only is read off that game's kept quotient.

use super::heap_options::{option_of, HeapOptions, HeapWalkError, Heaps};
use super::key::{EachOption, SumKey};
use crate::budget::Budget;
use crate::graph::search::Memo;
use crate::solve::misere::cache::Hints;
use crate::solve::misere::genus::Genus;
use crate::solve::misere::quotient::rules::HeapRules;
use crate::solve::misere::quotient::values::Values;
use crate::solve::misere::quotient::{Elem, Quotient};
use crate::solve::outcome::{Listed, Outcome};
use rustc_hash::FxHasher;
use std::hash::Hasher;

/// A value quotient of the game, with its values: the sums whose genus it
/// knows (every γ below its cap) are not walked further.
pub(crate) struct Oracle<'q> {
    /// The quotient, computed up to at least the walk's largest heap.
    pub(crate) quotient: &'q Quotient,
    /// Its values ([`crate::solve::misere::quotient::values::from_labels`]).
    pub(crate) values: &'q Values,
}

impl Oracle<'_> {
    /// The γs of a sum of heaps, if the quotient knows them all.
    fn gammas(&self, heaps: &[u16]) -> Option<Vec<u32>> {
        let q = self.quotient;
        let mut x = q.identity();
        for &h in heaps {
            x = q.mul(x, q.phi(usize::from(h))?);
        }
        self.values.gammas(q, x)
    }
}

/// Sums of heaps under one game's rules (or several games' interleaved), for
/// one walk.
pub(crate) struct HeapKey<'k, R: HeapRules> {
    pub(crate) options: &'k mut HeapOptions,
    pub(crate) hints: &'k mut Hints,
    pub(crate) rules: &'k mut R,
    /// The quotient that orders the outcome search (one game only).
    pub(crate) quotient: Option<&'k Quotient>,
    /// The quotient kept for each of the k games (`[quotient]` for one).
    pub(crate) each: &'k [Option<&'k Quotient>],
    /// A value quotient that knows genera (one game only).
    pub(crate) oracle: Option<&'k Oracle<'k>>,
    /// Checked as the walk goes.
    pub(crate) steps: &'k Budget,
    /// Counts the positions kept.
    pub(crate) positions: &'k Budget,
    /// The option being formed.
    pub(crate) buf: Vec<u16>,
}

/// The image of every heap of `s` but the last (the largest), when the
/// quotient covers them all: an option of the last heap is then read off the
/// quotient without being formed. (No other heap needs this: an option in
/// another heap keeps the last one, and a position whose last heap the
/// quotient covers is read off it, never scanned.)
fn head_image(q: &Quotient, s: &[u16]) -> Option<Elem> {
    let (_, head) = s.split_last()?;
    head.iter().try_fold(q.identity(), |x, &h| {
        let h = usize::from(h);
        q.phi(h).filter(|_| q.covers(h)).map(|y| q.mul(x, y))
    })
}

/// The outcome of a sum `s` (sorted) of interleaved heaps of k games (k the
/// length of `each`; one game is k = 1) when all its heaps are of one game
/// whose quotient covers them: the largest heap says whether it does.
fn read_one_game(each: &[Option<&Quotient>], s: &[u16]) -> Option<Outcome> {
    let k = each.len();
    let last = usize::from(*s.last()?);
    let g = last.checked_rem(k)?;
    let q = (*each.get(g)?)?;
    if !q.covers(last / k) {
        return None;
    }
    let mut x = q.identity();
    for &id in s {
        let id = usize::from(id);
        if id % k != g {
            return None;
        }
        x = q.mul(x, q.phi(id / k)?);
    }
    Some(Outcome::next_wins(!q.in_p(x)))
}

/// A position's shape: its heaps past the quotient's bound and the image of
/// the rest, hashed. Two positions of one shape usually share their outcome
/// (always, when no heap is past the bound); a hash collision only misorders
/// the search.
fn shape(q: &Quotient, s: &[u16]) -> u64 {
    let mut hasher = FxHasher::default();
    let mut x = q.identity();
    for &h in s {
        match q.phi(usize::from(h)).filter(|_| q.covers(usize::from(h))) {
            Some(y) => x = q.mul(x, y),
            None => hasher.write_u16(h),
        }
    }
    hasher.write_u32(x);
    hasher.finish()
}

impl<R: HeapRules> SumKey for HeapKey<'_, R> {
    type Key = Heaps;
    type Form = [u16];
    type Error = HeapWalkError<R::Error>;

    fn key(form: &[u16]) -> Heaps {
        form.into()
    }

    fn each_option(
        &mut self,
        s: &Heaps,
        each: &mut EachOption<'_, [u16], Self::Error>,
    ) -> Result<(), Self::Error> {
        for (i, &h) in s.iter().enumerate() {
            if i > 0 && s.get(i - 1) == Some(&h) {
                continue;
            }
            let listed = self.options.of(self.rules, h, self.positions)?;
            for o in listed.iter() {
                option_of(&mut self.buf, s, i, o);
                self.options.reduce(&mut self.buf);
                each(&self.buf)?;
            }
        }
        Ok(())
    }

    /// Covered sums are read off the quotient and never kept.
    fn read_outcome(&self, s: &[u16]) -> Option<Outcome> {
        read_one_game(self.each, s)
    }

    fn reads_genera(&self) -> bool {
        self.oracle.is_some()
    }

    /// Every heap was valued when the walk began, so the sum's normal value
    /// is the nim-sum of its heaps'.
    fn read_genus(&self, s: &[u16]) -> Option<Genus> {
        let gammas = self.oracle?.gammas(s)?;
        let g = s.iter().fold(0, |g, &h| g ^ self.options.known_normal(h));
        Some(Genus::new(g, gammas))
    }

    /// The options still unknown, in the order to search them: those of a
    /// [`shape`] already found P first, then those with the fewest heaps past
    /// the kept quotient; among equals, first those that are P-positions in
    /// normal play (misère play mostly agrees, so a winning move is usually
    /// among them), then the rest; within each, moves in the largest heaps
    /// first (they reach what the quotient covers soonest). Options are formed
    /// in a reused buffer and looked up there; only the unknown ones are kept.
    /// N when there is no move or an option is known to be P, P when every
    /// option is known to be N.
    fn outcome_options(
        &mut self,
        s: &Heaps,
        memo: &Memo<Heaps, Outcome>,
        unknown: &mut Vec<Heaps>,
    ) -> Result<Listed, Self::Error> {
        let total = s.iter().fold(0, |x, &h| x ^ self.options.known_normal(h));
        let mut moves = false;
        let head = self.quotient.and_then(|q| head_image(q, s).map(|x| (q, x)));
        // Normal-play P-positions on the first pass, the rest on the second.
        for normal_p in [true, false] {
            for (i, &h) in s.iter().enumerate().rev() {
                if s.get(i + 1) == Some(&h) {
                    continue;
                }
                let listed = self.options.of(self.rules, h, self.positions)?;
                let nimber = |h: u16| self.options.known_normal(h);
                let others = total ^ nimber(h);
                for o in listed.iter() {
                    moves = true;
                    let value = o.iter().fold(others, |x, &p| x ^ nimber(p));
                    if (value == 0) != normal_p {
                        continue;
                    }
                    self.steps.tick()?;
                    // The other heaps covered: read the option off the
                    // quotient without forming it.
                    if let Some((q, r)) = head.filter(|_| i + 1 == s.len()) {
                        let x = o.iter().try_fold(r, |x, &p| {
                            let p = usize::from(p);
                            q.phi(p).filter(|_| q.covers(p)).map(|y| q.mul(x, y))
                        });
                        match x {
                            Some(x) if q.in_p(x) => return Ok(Listed::Decided(Outcome::N)),
                            Some(_) => continue,
                            None => {}
                        }
                    }
                    option_of(&mut self.buf, s, i, o);
                    self.options.reduce(&mut self.buf);
                    let known = self
                        .read_outcome(&self.buf)
                        .or_else(|| memo.get(self.buf.as_slice()).copied());
                    match known {
                        Some(Outcome::P) => return Ok(Listed::Decided(Outcome::N)),
                        Some(Outcome::N) => {}
                        None => unknown.push(self.buf.as_slice().into()),
                    }
                }
            }
        }
        // Options shaped like a position already found to be P first (the
        // quotient is nearly a congruence for the heaps past it too, so they
        // are usually P); then fewest heaps past the quotient: the rest of
        // each is read off it, so their searches end soonest. The sort is
        // stable: the order above decides among equals.
        if let Some(q) = self.quotient {
            let hints = &self.hints.shapes;
            unknown.sort_by_cached_key(|o: &Heaps| {
                let past = o.iter().filter(|&&h| !q.covers(usize::from(h))).count();
                (!hints.contains(&shape(q, o)), past)
            });
        }
        Ok(match (moves, unknown.is_empty()) {
            // No move: the previous player moved last and loses.
            (false, _) => Listed::Decided(Outcome::N),
            (true, true) => Listed::Decided(Outcome::P),
            (true, false) => Listed::Unknown,
        })
    }

    /// A position found P: options of its shape are tried first from now on.
    fn decided(&mut self, s: &Heaps, o: Outcome) {
        if let (Some(q), Outcome::P) = (self.quotient, o) {
            self.hints.shapes.insert(shape(q, s));
        }
    }

    fn count(&mut self) -> Result<(), Self::Error> {
        Ok(self.positions.add_positions(1)?)
    }

    /// Cannot happen: every part is smaller than its heap (checked), and
    /// replacing a heap by smaller ones is well founded on multisets.
    fn cycle(&mut self) -> Self::Error {
        HeapWalkError::IllFounded
    }
}

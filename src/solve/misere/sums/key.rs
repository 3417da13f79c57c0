//! How the misère walks key a sum: one trait, three keys. A sum of any
//! components is keyed by its sorted components ([`super::components`]); a sum
//! of heaps of one heap game by its sorted heap sizes ([`super::heaps`]); a sum
//! of heaps of several heap games by their heaps interleaved as one game's
//! ([`super::interleaved`], keyed like heaps). The outcome walk and the genus
//! walk (`walks/`) are written once, over this trait.

use crate::graph::search::Memo;
use crate::solve::misere::genus::Genus;
use crate::solve::outcome::{Listed, Outcome};
use std::borrow::Borrow;
use std::hash::Hash;

/// What [`SumKey::each_option`] calls with each option.
pub(crate) type EachOption<'e, F, E> = dyn FnMut(&F) -> Result<(), E> + 'e;

/// A way of keying sums for the misère walks.
pub(crate) trait SumKey {
    /// A sum as the walks keep it in their memos.
    type Key: Clone + Eq + Hash + Borrow<Self::Form>;
    /// A sum formed in scratch storage, looked up before it is kept.
    type Form: ?Sized + Eq + Hash;
    /// Why a walk stops; limits convert into it.
    type Error: From<crate::budget::Exceeded>;

    /// The key of a formed sum.
    fn key(form: &Self::Form) -> Self::Key;

    /// Calls `each` with every option of `key`, each formed (normalised) in
    /// scratch storage.
    fn each_option(
        &mut self,
        key: &Self::Key,
        each: &mut EachOption<'_, Self::Form, Self::Error>,
    ) -> Result<(), Self::Error>;

    /// The misère outcome of a sum when a kept quotient covers it (such sums
    /// are read, never searched or kept).
    fn read_outcome(&self, _form: &Self::Form) -> Option<Outcome> {
        None
    }

    /// Whether [`Self::read_genus`] may know anything.
    fn reads_genera(&self) -> bool {
        false
    }

    /// The genus of a sum when a value quotient knows it.
    fn read_genus(&self, _form: &Self::Form) -> Option<Genus> {
        None
    }

    /// The options the outcome search tries, into `out` in the order to try
    /// them, or the outcome of `key` when its options decide it at once
    /// (`memo` holds the outcomes found so far). By default every option, in
    /// the order [`Self::each_option`] gives them.
    fn outcome_options(
        &mut self,
        key: &Self::Key,
        _memo: &Memo<Self::Key, Outcome>,
        out: &mut Vec<Self::Key>,
    ) -> Result<Listed, Self::Error> {
        self.each_option(key, &mut |form| {
            out.push(Self::key(form));
            Ok(())
        })?;
        Ok(Listed::Options)
    }

    /// The outcome search decided `key` (a hook for move-ordering hints).
    fn decided(&mut self, _key: &Self::Key, _outcome: Outcome) {}

    /// One more position kept by a walk.
    fn count(&mut self) -> Result<(), Self::Error>;

    /// The error for a sum that repeats.
    fn cycle(&mut self) -> Self::Error;
}

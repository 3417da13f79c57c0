//! The misère canonical form of a sum by the value walk over its positions:
//! each position's form from its options' forms ([`Forms::with_options`]).

use super::values::{values, Valuation};
use crate::budget::Budget;
use crate::graph::search::Memo;
use crate::solve::misere::forms::{Forms, MisereForm};
use crate::solve::misere::sums::key::SumKey;

/// The misère canonical form of `root`, keyed by `key`, made in `forms`
/// (each form made counted on `budget`); what is found stays in `memo`.
/// `None` only if the walk ended without the root's form (a bug the caller
/// reports).
pub(crate) fn form<K: SumKey>(
    key: &mut K,
    forms: &mut Forms,
    memo: &mut Memo<K::Key, MisereForm>,
    root: K::Key,
    budget: &Budget,
) -> Result<Option<MisereForm>, K::Error> {
    let mut by_form = ByForm { forms, budget };
    values(key, &mut by_form, memo, root, budget)
}

struct ByForm<'f> {
    forms: &'f mut Forms,
    budget: &'f Budget,
}

impl<K: SumKey> Valuation<K> for ByForm<'_> {
    type Value = MisereForm;

    fn combine(&mut self, options: &[&MisereForm]) -> Result<MisereForm, K::Error> {
        let options = options.iter().map(|&&f| f).collect();
        Ok(self.forms.with_options(options, self.budget)?)
    }
}

//! Analyses, each owning its tables and walking positions through the one
//! search driver: impartial (Grundy values, sums, regularity), misère, loopy,
//! partizan canonical forms.

pub(crate) mod files;
pub(crate) mod impartial;
pub(crate) mod loopy;
pub(crate) mod mex;
pub(crate) mod misere;
pub(crate) mod normal;
pub(crate) mod outcome;
pub(crate) mod partizan;
pub(crate) mod tables;

/// Every analysis' memo, kept across the statements of a file or REPL session.
#[derive(Debug, Default, Clone)]
pub struct Analyses {
    /// Grundy tables and compiled kernels.
    pub impartial: impartial::Impartial,
    /// Normal-play outcomes found without Grundy values.
    pub outcomes: impartial::outcome::Outcomes,
    /// Misère outcomes and values.
    pub misere: misere::Misere,
    /// Loopy components' explicit graphs and generalised values.
    pub loopy: loopy::analysis::LoopyCache,
    /// Canonical forms of partizan positions.
    pub partizan: partizan::analysis::PartizanCache,
}

impl Analyses {
    /// Normal play of impartial games: Grundy tables, outcome searches, and
    /// the loopy analysis they hand loopy positions to.
    pub fn normal(&mut self) -> normal::Normal<'_> {
        normal::Normal {
            impartial: &mut self.impartial,
            outcomes: &mut self.outcomes,
            loopy: &mut self.loopy,
        }
    }

    /// Forgets every computed value (a game was redefined, or a limit asked for room).
    pub fn clear(&mut self) {
        self.impartial.clear();
        self.outcomes.clear();
        self.misere.clear();
        self.loopy.clear();
        self.partizan.clear();
    }

    /// True when nothing is remembered.
    pub fn is_empty(&self) -> bool {
        self.impartial.is_empty()
            && self.outcomes.is_empty()
            && self.misere.is_empty()
            && self.loopy.is_empty()
            && self.partizan.is_empty()
    }
}

//! Normal-play outcomes (P or N) without Grundy values: `outcome` and `winning`
//! of one component need only whether some option is a P-position, so this
//! search stops at the first option into P, reads a Grundy value wherever one
//! is already known, and remembers outcomes across statements (until a game is
//! redefined). Grundy values would visit every option of every reachable
//! position: Fibonacci Nim from a heap of 2000 has about two million positions
//! and a billion options, of which this search needs a sliver.
//!
//! It applies to positions of two or more parameters (a one-parameter game is
//! filled bottom-up by the Grundy engine faster than any search), while every
//! option is a single component, a nimber or the empty sum, and within
//! [`MAX_OPTIONS`] options generated; otherwise the search steps aside
//! ([`Outcomes::next_wins`] answers `None`) and the caller asks the Grundy engine.
//! Options are tried in the order the rules give them, by the outcome walk of
//! [`crate::solve::outcome`] under normal play, over two kinds of positions:
//! components listed by the game's rules, and pairs of integers listed by
//! compiled rules.

use super::{Impartial, IN_PROGRESS};
use crate::budget::{Budget, Exceeded};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::compiled::ir::Kernel;
use crate::game::compiled::options::options;
use crate::game::{Games, OptionList, Side};
use crate::graph::search::Memo;
use crate::lang::value::{Component, GameSum, InstId, Value};
use crate::solve::outcome::{outcome, Listed, Outcome, Play, Positions};
use rustc_hash::FxHashMap;

/// Most options one search generates before it leaves the question to the
/// Grundy engine (a search whose first options are its largest positions can
/// otherwise hold a path of wide frames).
const MAX_OPTIONS: usize = 20_000_000;

/// Outcomes found so far.
#[derive(Debug, Default, Clone)]
pub struct Outcomes {
    /// By component.
    memo: Memo<Component, Outcome>,
    /// Two-parameter positions searched with compiled rules, by instance.
    pairs: FxHashMap<InstId, Memo<[i64; 2], Outcome>>,
}

/// What one option is, for the search.
enum Opt {
    /// Its outcome is known: true for P.
    Known(bool),
    /// A single component to search.
    Child(Component),
}

/// Why the search stopped without an answer.
enum Stop {
    /// A limit of the budget.
    Limit(Exceeded),
    /// An error in the rules.
    Error(EvalError),
    /// An option is a sum of several components (or one the compiled rules
    /// cannot list), a position repeats, or the search grew past
    /// [`MAX_OPTIONS`]: the Grundy and loopy engines answer.
    NotSingle,
}

impl From<Exceeded> for Stop {
    fn from(e: Exceeded) -> Self {
        Stop::Limit(e)
    }
}

impl Stop {
    /// The search's answer: `None` when it stepped aside.
    fn settle(found: Result<Option<Outcome>, Stop>, span: Span) -> Result<Option<bool>, EvalError> {
        match found {
            Ok(o) => Ok(o.map(Outcome::is_n)),
            Err(Stop::NotSingle) => Ok(None),
            Err(Stop::Limit(e)) => Err(EvalError::limit(e, span)),
            Err(Stop::Error(e)) => Err(e),
        }
    }
}

impl Outcomes {
    /// Forgets every outcome.
    pub fn clear(&mut self) {
        self.memo.clear();
        self.pairs.clear();
    }

    /// True when nothing is remembered.
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty() && self.pairs.values().all(Memo::is_empty)
    }

    /// Whether the player to move wins a two-parameter position whose rules
    /// compile, searched with the compiled rules: options are integer pairs
    /// made in nanoseconds, positions are keyed by their two integers, and the
    /// search stops at the first option into P. `None` when that does not
    /// apply (the rules do not compile, an option is not a position of the
    /// same game, positions repeat): the general search then answers.
    fn pair_outcome(
        &mut self,
        games: &mut Games<'_>,
        tables: &Impartial,
        c: &Component,
        span: Span,
    ) -> Result<Option<bool>, EvalError> {
        let Component::Pos(inst, pos) = c else {
            return Ok(None);
        };
        let (inst, budget) = (*inst, games.budget);
        let ([Value::Int(a), Value::Int(b)], true) = (pos.as_ref(), budget.limits().kernels) else {
            return Ok(None);
        };
        let kernel = games.compiled(inst).kernel.clone();
        let Some(kernel) = kernel.filter(|k| k.params == 2) else {
            return Ok(None);
        };
        let mut pairs = Pairs {
            kernel: &kernel,
            inst,
            tables,
            budget,
            slots: Vec::new(),
        };
        let memo = self.pairs.entry(inst).or_default();
        Stop::settle(outcome(&mut pairs, memo, [*a, *b], budget), span)
    }

    /// Whether the player to move wins `c` under normal play; `None` when some
    /// position met has an option that is a sum, or the positions repeat (the
    /// Grundy and loopy engines answer those).
    pub fn next_wins(
        &mut self,
        games: &mut Games<'_>,
        tables: &Impartial,
        c: &Component,
        span: Span,
    ) -> Result<Option<bool>, EvalError> {
        if let Some(known) = known(tables, c) {
            return Ok(Some(!known));
        }
        if !matches!(c, Component::Pos(_, pos) if pos.len() >= 2) {
            return Ok(None);
        }
        if let Some(o) = self.memo.get(c) {
            return Ok(Some(o.is_n()));
        }
        if let Some(wins) = self.pair_outcome(games, tables, c, span)? {
            return Ok(Some(wins));
        }
        let budget = games.budget;
        let mut components = Components {
            games,
            tables,
            generated: 0,
        };
        Stop::settle(
            outcome(&mut components, &mut self.memo, c.clone(), budget),
            span,
        )
    }

    /// The options of `sum` (one component plus empty parts) into P-positions;
    /// `None` where [`Outcomes::next_wins`] would answer `None`.
    pub fn winning(
        &mut self,
        games: &mut Games<'_>,
        tables: &Impartial,
        sum: &GameSum,
        span: Span,
    ) -> Result<Option<Vec<GameSum>>, EvalError> {
        let Some((i, c)) = single(sum) else {
            return Ok(None);
        };
        let mut list = OptionList::default();
        games.component_options(c, Side::Impartial, &mut list)?;
        let mut out: Vec<GameSum> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for k in 0..list.len() {
            let opt = list.get(k);
            let is_p = match classify(tables, opt) {
                None => return Ok(None),
                Some(Opt::Known(p)) => p,
                Some(Opt::Child(child)) => match self.next_wins(games, tables, &child, span)? {
                    Some(wins) => !wins,
                    None => return Ok(None),
                },
            };
            let result = sum.replaced(i, opt);
            if is_p && seen.insert(result.normalized()) {
                out.push(result);
            }
        }
        Ok(Some(out))
    }
}

/// The one component of a sum whose other parts are `*0`, with its index.
pub fn single(sum: &GameSum) -> Option<(usize, &Component)> {
    let mut found = None;
    for (i, c) in sum.parts.iter().enumerate() {
        match c {
            Component::Nimber(0) => {}
            Component::Pos(..) if found.is_none() => found = Some((i, c)),
            _ => return None,
        }
    }
    found
}

/// A known outcome of a component: true for P. Nimbers, and positions whose
/// Grundy value the tables hold.
fn known(tables: &Impartial, c: &Component) -> Option<bool> {
    match c {
        Component::Nimber(k) => Some(*k == 0),
        Component::Pos(inst, pos) => {
            let v = tables.state(*inst, pos);
            (v < IN_PROGRESS).then_some(v == 0)
        }
        _ => None,
    }
}

/// What an option (a sum of components) is; `None` for a sum of several.
fn classify(tables: &Impartial, parts: &[Component]) -> Option<Opt> {
    let mut rest = parts.iter().filter(|c| **c != Component::Nimber(0));
    match (rest.next(), rest.next()) {
        (None, _) => Some(Opt::Known(true)),
        (Some(c), None) => Some(match known(tables, c) {
            Some(p) => Opt::Known(p),
            None => Opt::Child(c.clone()),
        }),
        _ => None,
    }
}

/// Components whose options are single components, listed by the rules.
struct Components<'w, 'a> {
    games: &'w mut Games<'a>,
    tables: &'w Impartial,
    /// Options listed so far.
    generated: usize,
}

impl Positions for Components<'_, '_> {
    type Node = Component;
    type Error = Stop;

    fn play(&self) -> Play {
        Play::Normal
    }

    fn known(&self, memo: &Memo<Component, Outcome>, c: &Component) -> Option<Outcome> {
        match known(self.tables, c) {
            Some(p) => Some(Outcome::next_wins(!p)),
            None => memo.get(c).copied(),
        }
    }

    /// In rule order; an option known to be P decides at once, as soon as
    /// it is met.
    fn options(
        &mut self,
        c: &Component,
        _memo: &Memo<Component, Outcome>,
        out: &mut Vec<Component>,
    ) -> Result<Listed, Stop> {
        let mut list = OptionList::default();
        self.games
            .component_options(c, Side::Impartial, &mut list)
            .map_err(Stop::Error)?;
        self.generated += list.len();
        if self.generated > MAX_OPTIONS {
            return Err(Stop::NotSingle);
        }
        for k in 0..list.len() {
            match classify(self.tables, list.get(k)) {
                None => return Err(Stop::NotSingle),
                Some(Opt::Known(true)) => return Ok(Listed::Decided(Outcome::N)),
                Some(Opt::Known(false)) => {}
                Some(Opt::Child(child)) => out.push(child),
            }
        }
        // An empty list now means every option is N (or there is none):
        // P either way under normal play.
        Ok(Listed::Options)
    }

    fn entered(&mut self, _c: &Component) -> Result<(), Stop> {
        Ok(self.games.budget.add_positions(1)?)
    }

    /// The loopy engine answers games whose positions repeat.
    fn cycle(&mut self, _path: Vec<Component>) -> Stop {
        Stop::NotSingle
    }
}

/// Positions of one two-parameter game as integer pairs, listed by its
/// compiled rules.
struct Pairs<'p> {
    kernel: &'p Kernel,
    inst: InstId,
    tables: &'p Impartial,
    budget: &'p Budget,
    slots: Vec<i64>,
}

impl Positions for Pairs<'_> {
    type Node = [i64; 2];
    type Error = Stop;

    fn play(&self) -> Play {
        Play::Normal
    }

    /// Searched already, or a Grundy value in the tables.
    fn known(&self, memo: &Memo<[i64; 2], Outcome>, p: &[i64; 2]) -> Option<Outcome> {
        if let Some(&o) = memo.get(p) {
            return Some(o);
        }
        let v = self.tables.inst(self.inst)?.memo.get_small(*p, 2);
        (v < IN_PROGRESS).then_some(Outcome::next_wins(v != 0))
    }

    fn options(
        &mut self,
        p: &[i64; 2],
        _memo: &Memo<[i64; 2], Outcome>,
        out: &mut Vec<[i64; 2]>,
    ) -> Result<Listed, Stop> {
        if !options(self.kernel, *p, &mut self.slots, self.budget, out)? {
            return Err(Stop::NotSingle);
        }
        Ok(Listed::Options)
    }

    fn entered(&mut self, _p: &[i64; 2]) -> Result<(), Stop> {
        Ok(self.budget.add_positions(1)?)
    }

    /// A position repeats: the loopy engine answers.
    fn cycle(&mut self, _path: Vec<[i64; 2]>) -> Stop {
        Stop::NotSingle
    }
}

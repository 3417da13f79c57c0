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
//! Options are tried in the order the rules give them.

use super::{Impartial, IN_PROGRESS};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::compiled::ir::Kernel;
use crate::game::compiled::options::options;
use crate::game::{Games, OptionList, Side};
use crate::graph::budget::{Budget, Exceeded};
use crate::graph::search::{search, CyclePolicy, Status, Visit, Walk};
use crate::lang::value::{Component, GameSum, InstId, Value};
use rustc_hash::FxHashMap;

/// Most options one search generates before it leaves the question to the
/// Grundy engine (a search whose first options are its largest positions can
/// otherwise hold a path of wide frames).
const MAX_OPTIONS: usize = 20_000_000;

const ON_PATH: u8 = 1;
const P: u8 = 2;
const N: u8 = 3;

/// Outcomes found so far, by component.
#[derive(Debug, Default, Clone)]
pub struct Outcomes {
    memo: FxHashMap<Component, u8>,
    /// Outcomes of two-parameter positions searched with compiled rules.
    pairs: FxHashMap<(InstId, [i64; 2]), u8>,
}

/// A position of the pair search with its options, which lie in the shared
/// option stack from `start` on.
struct PairFrame {
    pos: [i64; 2],
    start: usize,
    next: usize,
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
    /// An option is a sum of several components, a position repeats, or the
    /// search grew past [`MAX_OPTIONS`].
    NotSingle,
}

impl From<Exceeded> for Stop {
    fn from(e: Exceeded) -> Self {
        Stop::Limit(e)
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
        self.memo.is_empty() && self.pairs.is_empty()
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
    ) -> Result<Option<bool>, Exceeded> {
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
        let root = [*a, *b];
        if let Some(&o) = self.pairs.get(&(inst, root)) {
            return Ok(Some(o == N));
        }
        let mut search = PairSearch {
            kernel: &kernel,
            inst,
            tables,
            budget,
            memo: &mut self.pairs,
            slots: Vec::new(),
            options: Vec::new(),
            fresh: Vec::new(),
            stack: Vec::new(),
        };
        let found = search.run(root);
        if found.as_ref().map_or(true, Option::is_none) {
            // Stopped: what is still on the path is not an outcome.
            for f in &search.stack {
                search.memo.remove(&(inst, f.pos));
            }
        }
        found
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
        match self.memo.get(c) {
            Some(&P) => return Ok(Some(false)),
            Some(&N) => return Ok(Some(true)),
            _ => {}
        }
        if let Some(wins) = self
            .pair_outcome(games, tables, c)
            .map_err(|e| EvalError::limit(e, span))?
        {
            return Ok(Some(wins));
        }
        let budget = games.budget;
        let mut walk = OutcomeWalk {
            games,
            tables,
            memo: &mut self.memo,
            generated: 0,
        };
        match search(&mut walk, c.clone(), budget, CyclePolicy::Error) {
            Ok(()) => Ok(self.memo.get(c).map(|&o| o == N)),
            Err(Stop::NotSingle) => Ok(None),
            Err(Stop::Limit(e)) => Err(EvalError::limit(e, span)),
            Err(Stop::Error(e)) => Err(e),
        }
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

/// The search of [`Outcomes::pair_outcome`]: depth first with an explicit
/// stack of frames whose options share one vector.
struct PairSearch<'p> {
    kernel: &'p Kernel,
    inst: InstId,
    tables: &'p Impartial,
    budget: &'p Budget,
    memo: &'p mut FxHashMap<(InstId, [i64; 2]), u8>,
    slots: Vec<i64>,
    /// The options of every frame on the stack, one frame after another.
    options: Vec<[i64; 2]>,
    /// The options of the position being entered.
    fresh: Vec<[i64; 2]>,
    stack: Vec<PairFrame>,
}

impl PairSearch<'_> {
    /// The known outcome of a position (true for P): searched already, or a
    /// Grundy value in the tables.
    fn known(&self, p: [i64; 2]) -> Option<u8> {
        if let Some(&o) = self.memo.get(&(self.inst, p)) {
            return Some(o);
        }
        let v = self.tables.inst(self.inst)?.memo.get_small(p, 2);
        (v < IN_PROGRESS).then_some(if v == 0 { P } else { N })
    }

    /// Enters a position: lists its options, and settles it at once when one
    /// of them is known to be P. `None` when its options cannot be listed.
    fn enter(&mut self, p: [i64; 2]) -> Result<Option<()>, Exceeded> {
        self.budget.add_positions(1)?;
        if !options(
            self.kernel,
            p,
            &mut self.slots,
            self.budget,
            &mut self.fresh,
        )? {
            return Ok(None);
        }
        if self.fresh.iter().any(|&o| self.known(o) == Some(P)) {
            self.memo.insert((self.inst, p), N);
            return Ok(Some(()));
        }
        self.memo.insert((self.inst, p), ON_PATH);
        let start = self.options.len();
        let want = start + self.fresh.len();
        if want > self.options.capacity() {
            // The stack of options may double: asked of the budget first.
            self.budget
                .reserve(want.saturating_mul(2 * std::mem::size_of::<[i64; 2]>()))?;
        }
        self.options.extend_from_slice(&self.fresh);
        self.stack.push(PairFrame {
            pos: p,
            start,
            next: 0,
        });
        Ok(Some(()))
    }

    /// Settles the frame on top of the stack.
    fn settle(&mut self, outcome: u8) {
        if let Some(f) = self.stack.pop() {
            self.memo.insert((self.inst, f.pos), outcome);
            self.options.truncate(f.start);
        }
    }

    fn run(&mut self, root: [i64; 2]) -> Result<Option<bool>, Exceeded> {
        if self.enter(root)?.is_none() {
            return Ok(None);
        }
        while let Some(top) = self.stack.last() {
            let Some(&child) = self.options.get(top.start + top.next) else {
                // Every option is an N-position.
                self.settle(P);
                continue;
            };
            match self.known(child) {
                Some(P) => self.settle(N),
                Some(N) => {
                    if let Some(top) = self.stack.last_mut() {
                        top.next += 1;
                    }
                }
                // A position repeats: the loopy engine answers.
                Some(_) => return Ok(None),
                None => {
                    if self.enter(child)?.is_none() {
                        return Ok(None);
                    }
                }
            }
        }
        Ok(self.known(root).map(|o| o == N))
    }
}

struct OutcomeWalk<'w, 'a> {
    games: &'w mut Games<'a>,
    tables: &'w Impartial,
    memo: &'w mut FxHashMap<Component, u8>,
    generated: usize,
}

/// A position's options still to try, and where the search is among them.
#[derive(Default)]
struct Frame {
    started: bool,
    children: Vec<Component>,
    next: usize,
}

impl Walk for OutcomeWalk<'_, '_> {
    type Node = Component;
    type Frame = Frame;
    type Error = Stop;

    fn status(&self, c: &Component) -> Status {
        match self.memo.get(c) {
            None => Status::Unknown,
            Some(&ON_PATH) => Status::OnPath,
            Some(_) => Status::Done,
        }
    }

    fn enter(&mut self, c: &Component) -> Result<(), Stop> {
        self.memo.insert(c.clone(), ON_PATH);
        Ok(self.games.budget.add_positions(1)?)
    }

    fn abandon(&mut self, c: &Component) {
        self.memo.remove(c);
    }

    fn visit(
        &mut self,
        c: &Component,
        frame: &mut Frame,
        children: &mut Vec<Component>,
    ) -> Result<Visit, Stop> {
        if !frame.started {
            frame.started = true;
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
                    Some(Opt::Known(true)) => {
                        self.memo.insert(c.clone(), N);
                        return Ok(Visit::Done);
                    }
                    Some(Opt::Known(false)) => {}
                    Some(Opt::Child(child)) => frame.children.push(child),
                }
            }
        }
        // One child at a time: the first P-position found settles the node.
        while let Some(child) = frame.children.get(frame.next) {
            match self.memo.get(child) {
                Some(&P) => {
                    self.memo.insert(c.clone(), N);
                    return Ok(Visit::Done);
                }
                Some(&N) => frame.next += 1,
                _ => {
                    children.push(child.clone());
                    return Ok(Visit::Need);
                }
            }
        }
        self.memo.insert(c.clone(), P);
        Ok(Visit::Done)
    }

    fn cycle(&mut self, _path: Vec<Component>) -> Stop {
        // The loopy engine answers games whose positions repeat.
        Stop::NotSingle
    }
}

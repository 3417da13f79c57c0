//! The seam between games and analyses: what are the options of a position, for
//! which side? Rules compiled from the program ([`rules`]) and the constructed
//! games ([`constructed`]: octal, subtraction, all-but, tartan) are the two
//! implementations; every analysis asks through [`Games::options`].

pub(crate) mod compiled;
pub(crate) mod constructed;
pub(crate) mod literal;
pub(crate) mod rules;

use crate::budget::Budget;
use crate::check::program::{Constructor, Game, GameBody, Globals};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::eval::interp::{inst_game, Interp};
use crate::eval::print::show_position;
use crate::eval::runtime::Runtime;
use crate::lang::loopy::LoopEdge;
use crate::lang::value::Value;
use crate::lang::value::{negate_component, Component, GameSum, InstId, Pos};
use compiled::{Cache, Compiled};
use std::rc::Rc;

/// Which options to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// `move` rules only (impartial play).
    Impartial,
    /// `move` and `left` rules.
    Left,
    /// `move` and `right` rules.
    Right,
    /// Not options: the positions the `symmetry` rules say are equal (or, as
    /// `-G`, opposite) in value.
    Images,
}

impl Side {
    /// The opponent's side (impartial stays impartial).
    pub fn other(self) -> Side {
        match self {
            Side::Impartial => Side::Impartial,
            Side::Images => Side::Images,
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
}

/// The options of one position: each a list of components (a sum), in one flat
/// buffer reused from position to position.
#[derive(Debug, Default, Clone)]
pub struct OptionList {
    comps: Vec<Component>,
    ends: Vec<usize>,
}

impl OptionList {
    /// Empties the list, keeping its storage.
    pub fn clear(&mut self) {
        self.comps.clear();
        self.ends.clear();
    }

    /// Number of options.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// True when there are no options.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The components of option `i`.
    pub fn get(&self, i: usize) -> &[Component] {
        let start = if i == 0 {
            0
        } else {
            self.ends.get(i - 1).copied().unwrap_or(0)
        };
        let end = self.ends.get(i).copied().unwrap_or(start);
        self.comps.get(start..end).unwrap_or(&[])
    }

    /// Iterates the options.
    pub fn iter(&self) -> impl Iterator<Item = &[Component]> {
        (0..self.len()).map(move |i| self.get(i))
    }

    /// Adds an option.
    pub fn push(&mut self, comps: impl IntoIterator<Item = Component>) {
        self.comps.extend(comps);
        self.ends.push(self.comps.len());
    }
}

/// The most steps listing one heap's options may take (2^24: each option of
/// two heaps is tens of bytes, so about a gigabyte).
const MAX_LISTING: u64 = 1 << 24;

/// The games of a program, able to list any position's options.
pub struct Games<'a> {
    /// The checked definitions.
    pub globals: &'a Globals,
    /// Constants, boards, instances.
    pub rt: &'a mut Runtime,
    /// Each instance's compiled rules.
    pub compiled: &'a mut Cache,
    /// The one budget.
    pub budget: &'a Budget,
}

impl<'a> Games<'a> {
    /// The games of `globals`, evaluated in `rt`, compiled into `compiled`,
    /// under `budget`.
    pub fn new(
        globals: &'a Globals,
        rt: &'a mut Runtime,
        compiled: &'a mut Cache,
        budget: &'a Budget,
    ) -> Games<'a> {
        Games {
            globals,
            rt,
            compiled,
            budget,
        }
    }

    /// The compiled form of an instance (compiled once, on first use).
    pub fn compiled(&mut self, inst: InstId) -> Rc<Compiled> {
        self.compiled.get(self.globals, self.rt, self.budget, inst)
    }

    /// An evaluator over the same state.
    pub fn interp(&mut self) -> Interp<'_> {
        Interp::new(self.globals, self.rt, self.budget)
    }

    /// The definition behind an instance.
    pub fn game(&self, inst: InstId) -> Option<&'a Game> {
        inst_game(self.globals, self.rt, inst)
    }

    /// A position in `.game` syntax.
    pub fn show(&self, inst: InstId, pos: &[crate::lang::value::Value]) -> String {
        show_position(inst, pos, self.globals, self.rt)
    }

    /// Appends the options of position `pos` of `inst` for `side` to `out`.
    pub fn options(
        &mut self,
        inst: InstId,
        pos: &Pos,
        side: Side,
        out: &mut OptionList,
    ) -> Result<(), EvalError> {
        let Some(game) = self.game(inst) else {
            return Err(EvalError::internal(
                "a position of an unknown game",
                Default::default(),
            ));
        };
        if let (Side::Impartial, [Value::Int(n)]) = (side, pos.as_ref()) {
            self.refuse_huge_listing(inst, *n)?;
        }
        match &game.body {
            GameBody::Constructed(_) if side == Side::Images => Ok(()),
            GameBody::Constructed(Constructor::Tartan(a, b)) => {
                constructed::tartan_options(&mut self.interp(), a, b, inst, pos, out)
            }
            GameBody::Constructed(ctor) => {
                constructed::heap_options(ctor, inst, pos, self.budget, out)
            }
            GameBody::Rules(body) => {
                rules::rule_options(&mut self.interp(), game, body, inst, pos, side, out)
            }
        }
    }

    /// Refuses to list the options of heap `n` of a game with a take-and-break
    /// or window shape when that would take more than [`MAX_LISTING`] steps (a Kayles
    /// heap of 10^18). Only a listing asks for them: values come from the
    /// kernel or a period without it, and no search could visit them all.
    pub fn refuse_huge_listing(&mut self, inst: InstId, n: i64) -> Result<(), EvalError> {
        let Ok(heap) = usize::try_from(n) else {
            return Ok(());
        };
        // Below this no code lists more than a few million options.
        if heap < 1 << 10 {
            return Ok(());
        }
        let compiled = self.compiled(inst);
        let shape = &compiled.shape;
        let too_many = match (&shape.code, &shape.window) {
            (Some(code), _) => code.listing_exceeds(heap, MAX_LISTING),
            (None, Some(window)) => window.more_options_than(n, MAX_LISTING),
            (None, None) => false,
        };
        if too_many {
            return Err(EvalError::TooLarge {
                what: format!("a heap of {n} has too many options to list"),
                instead: "ask about a smaller heap; `grundy` and `outcome` answer huge heaps without listing their options when a period of the game is proven (`sequence`)",
                span: Span::default(),
            });
        }
        Ok(())
    }

    /// The options of one component (a nimber's are computed, not generated).
    pub fn component_options(
        &mut self,
        c: &Component,
        side: Side,
        out: &mut OptionList,
    ) -> Result<(), EvalError> {
        if side == Side::Images && !matches!(c, Component::Pos(..)) {
            // Only rule games declare symmetries.
            return Ok(());
        }
        match c {
            Component::Nimber(k) => {
                for j in 0..*k {
                    self.budget
                        .tick()
                        .map_err(|e| EvalError::limit(e, Default::default()))?;
                    out.push([Component::Nimber(j)]);
                }
                Ok(())
            }
            Component::Pos(inst, pos) => self.options(*inst, pos, side, out),
            c if side == Side::Impartial && c.is_literal_partizan() => Err(EvalError::Partizan {
                span: Default::default(),
            }),
            Component::Number(d) => {
                literal::number_options(*d, side, out);
                Ok(())
            }
            Component::Up(k) => {
                literal::up_options(*k, side, out);
                Ok(())
            }
            Component::Star(options) => {
                for s in options.iter() {
                    out.push(s.parts.iter().cloned());
                }
                Ok(())
            }
            Component::Sided(_) => Err(EvalError::SidedMoves {
                span: Default::default(),
            }),
            Component::Loopy(graph, node) => {
                for edge in graph.edges(*node, side == Side::Left) {
                    match edge {
                        LoopEdge::Node(w) => out.push([Component::Loopy(graph.clone(), *w)]),
                        LoopEdge::Game(s) => out.push(s.parts.iter().cloned()),
                    }
                }
                Ok(())
            }
            Component::Braces(b) => {
                let sums = if side == Side::Left {
                    &b.left
                } else {
                    &b.right
                };
                for s in sums {
                    out.push(s.parts.iter().cloned());
                }
                Ok(())
            }
            Component::Neg(inner) => {
                let mut theirs = OptionList::default();
                self.component_options(inner, side.other(), &mut theirs)?;
                for opt in theirs.iter() {
                    let mut negated = Vec::with_capacity(opt.len());
                    for x in opt {
                        let n = negate_component(x, |i| self.is_partizan(i)).ok_or(
                            EvalError::Overflow {
                                span: Default::default(),
                            },
                        )?;
                        negated.push(n);
                    }
                    out.push(negated);
                }
                Ok(())
            }
        }
    }

    /// The options of `sum` for `side` as whole sums, each once, in rule
    /// order, without their values; `None` as soon as there are more than
    /// `most` (a nimber or a heap of Nim with more options is not listed at
    /// all). `graph` and `play` list positions this way, so a graph too big to
    /// draw is declined before any of it is solved.
    pub fn sum_options(
        &mut self,
        sum: &GameSum,
        side: Side,
        most: usize,
    ) -> Result<Option<Vec<GameSum>>, EvalError> {
        let mut out: Vec<GameSum> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut options = OptionList::default();
        let too_many = |k: u64| usize::try_from(k).map_or(true, |k| k > most);
        for (i, c) in sum.parts.iter().enumerate() {
            match c {
                Component::Nimber(k) if too_many(*k) => return Ok(None),
                // A heap of Nim's rules too big to list is declined before
                // its options are made.
                Component::Pos(..) if self.nim_heap(c).is_some_and(too_many) => return Ok(None),
                _ => {}
            }
            options.clear();
            self.component_options(c, side, &mut options)?;
            for opt in options.iter() {
                let result = sum.replaced(i, opt);
                if seen.insert(result.normalized()) {
                    out.push(result);
                }
                if out.len() > most {
                    return Ok(None);
                }
            }
        }
        Ok(Some(out))
    }

    /// True when the component has no options for either player (for
    /// impartial play, no `move`; for partizan play, no Left and no Right
    /// option).
    pub fn is_terminal(&mut self, c: &Component, partizan: bool) -> Result<bool, EvalError> {
        if let Component::Nimber(k) = c {
            return Ok(*k == 0);
        }
        let mut options = OptionList::default();
        if !partizan {
            self.component_options(c, Side::Impartial, &mut options)?;
            return Ok(options.is_empty());
        }
        self.component_options(c, Side::Left, &mut options)?;
        self.component_options(c, Side::Right, &mut options)?;
        Ok(options.is_empty())
    }

    /// True when the component is played by partizan rules.
    pub fn is_partizan_component(&self, c: &Component) -> bool {
        match c {
            Component::Pos(inst, _) => self.is_partizan(*inst),
            other => other.is_literal_partizan(),
        }
    }

    /// True when the game behind the instance declares a `symmetry`.
    pub fn has_symmetry(&self, inst: InstId) -> bool {
        self.game(inst).is_some_and(|g| match &g.body {
            GameBody::Rules(rules) => rules
                .iter()
                .any(|r| r.kind == crate::syntax::ast::RuleKind::Symmetry),
            GameBody::Constructed(_) => false,
        })
    }

    /// The size of `c` when it is a heap of a game whose rules are Nim's (code
    /// `0.[3]`: every smaller heap is an option), which is the nimber of that
    /// size in every analysis.
    pub fn nim_heap(&mut self, c: &Component) -> Option<u64> {
        let Component::Pos(inst, pos) = c else {
            return None;
        };
        let [crate::lang::value::Value::Int(n)] = pos.as_ref() else {
            return None;
        };
        let n = u64::try_from(*n).ok()?;
        let nim = self
            .compiled(*inst)
            .shape
            .code
            .as_ref()?
            .all_but_set()?
            .is_empty();
        nim.then_some(n)
    }

    /// True when the instance is a partizan game.
    pub fn is_partizan(&self, inst: InstId) -> bool {
        self.game(inst).is_some_and(|g| g.partizan)
    }
}

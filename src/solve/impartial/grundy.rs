//! Sprague-Grundy values: a walk for the one search driver (never recursion per
//! position), memoised per instance, using the compiled kernel where it applies
//! and the general option generator otherwise.

use super::fill::KernelStep;
use super::kernel::run::Scratch;
use super::{Solver, IN_PROGRESS, UNKNOWN};
use crate::budget::Exceeded;
use crate::check::program::{Constructor, GameBody};
use crate::eval::eval_error::EvalError;
use crate::game::constructed::tartan_factors;
use crate::game::{OptionList, Side};
use crate::graph::search::{search, CyclePolicy, Status, Visit, Walk};
use crate::lang::nimber::nim_mul;
use crate::lang::value::{Component, InstId, Pos, Value};
use crate::solve::mex::mex;
use crate::solve::tables::key_of;

/// Heaps from this size on of a game whose shape has a theorem are answered
/// from the proven period.
const HUGE_HEAP: i64 = 10_000;

impl<'s, 'a> Solver<'s, 'a> {
    /// The Grundy value of one component.
    pub fn grundy_component(&mut self, c: &Component) -> Result<u64, EvalError> {
        match c {
            Component::Nimber(k) => Ok(*k),
            Component::Pos(inst, pos) => self.grundy_pos(*inst, pos),
            Component::Star(options) => self.grundy_literal(options),
            _ => Err(EvalError::Partizan { span: self.span }),
        }
    }

    /// The Grundy value of a literal `*{A, B}`: the mex of its options'.
    /// Literals are written (or printed) as text, so the recursion goes as
    /// deep as their braces nest; the stack guard ends it on a machine-made
    /// literal deeper than the stack allows.
    fn grundy_literal(
        &mut self,
        options: &[crate::lang::value::GameSum],
    ) -> Result<u64, EvalError> {
        if crate::budget::stack_is_low() {
            return Err(EvalError::StackDepth { span: self.span });
        }
        let mut values = Vec::with_capacity(options.len());
        for o in options {
            values.push(self.grundy_sum(&o.parts)?);
        }
        Ok(u64::from(mex(&values, &mut Vec::new())))
    }

    /// The Grundy value of a sum: the nim-sum of its components' values.
    pub fn grundy_sum(&mut self, parts: &[Component]) -> Result<u64, EvalError> {
        let mut x = 0;
        for c in parts {
            x ^= self.grundy_component(c)?;
        }
        Ok(x)
    }

    /// A value known without search: the tartan product of two coin games, or a
    /// huge heap of a constructed game answered from its proven period.
    pub(super) fn direct_value(
        &mut self,
        inst: InstId,
        pos: &Pos,
    ) -> Option<Result<u64, EvalError>> {
        let game = self.games.game(inst)?;
        match &game.body {
            GameBody::Constructed(Constructor::Tartan(a, b)) => Some(self.tartan_value(a, b, pos)),
            _ => {
                let n = match pos.as_ref() {
                    [Value::Int(n)] if *n >= HUGE_HEAP => *n as u64,
                    _ => return None,
                };
                // Only a game with a theorem for its shape (a constructor or
                // rules of its shape) is answered from a proven period.
                self.theorem(inst)?;
                match self.value_by_period(inst, n) {
                    Ok(Some(v)) => Some(Ok(v)),
                    Ok(None) => None,
                    Err(e) => Some(Err(e)),
                }
            }
        }
    }

    fn tartan_value(
        &mut self,
        a: &crate::check::program::Expr,
        b: &crate::check::program::Expr,
        pos: &Pos,
    ) -> Result<u64, EvalError> {
        let (ga, gb) = tartan_factors(&mut self.games.interp(), a, b)?;
        let (Some(x), Some(y)) = (pos.first(), pos.get(1)) else {
            return Err(EvalError::internal(
                "a tartan position without two coordinates",
                self.span,
            ));
        };
        let vx = self.grundy_pos(ga, &Pos::from(vec![x.clone()]))?;
        let vy = self.grundy_pos(gb, &Pos::from(vec![y.clone()]))?;
        Ok(nim_mul(vx, vy))
    }

    /// The Grundy value of one position, solving everything it needs.
    pub fn grundy_pos(&mut self, inst: InstId, pos: &Pos) -> Result<u64, EvalError> {
        let known = self.tables.state(inst, pos);
        if known < IN_PROGRESS {
            return Ok(u64::from(known));
        }
        if let Some(v) = self.direct_value(inst, pos) {
            return v;
        }
        self.fill_below(inst, pos)?;
        let known = self.tables.state(inst, pos);
        if known < IN_PROGRESS {
            return Ok(u64::from(known));
        }
        let budget = self.games.budget;
        let mut walk = GrundyWalk {
            solver: self,
            options: OptionList::default(),
            values: Vec::new(),
            bits: Vec::new(),
            scratch: Scratch::default(),
        };
        search(&mut walk, (inst, pos.clone()), budget, CyclePolicy::Error)?;
        let v = self.tables.state(inst, pos);
        if v >= IN_PROGRESS {
            return Err(EvalError::internal(
                "a finished search left no value",
                self.span,
            ));
        }
        Ok(u64::from(v))
    }
}

/// The Grundy walk: a node is a position of an instance.
struct GrundyWalk<'w, 's, 'a> {
    solver: &'w mut Solver<'s, 'a>,
    options: OptionList,
    values: Vec<u64>,
    bits: Vec<u64>,
    scratch: Scratch,
}

impl From<Exceeded> for EvalError {
    fn from(e: Exceeded) -> Self {
        EvalError::limit(e, Default::default())
    }
}

impl Walk for GrundyWalk<'_, '_, '_> {
    type Node = (InstId, Pos);
    /// True once the node was visited and asked for its children.
    type Frame = bool;
    type Error = EvalError;

    fn status(&self, (inst, pos): &Self::Node) -> Status {
        match self.solver.tables.state(*inst, pos) {
            UNKNOWN => Status::Unknown,
            IN_PROGRESS => Status::OnPath,
            _ => Status::Done,
        }
    }

    fn enter(&mut self, (inst, pos): &Self::Node) -> Result<(), EvalError> {
        self.solver.store(*inst, pos, IN_PROGRESS).map(|_| ())
    }

    fn abandon(&mut self, (inst, pos): &Self::Node) {
        self.solver
            .tables
            .inst_mut(*inst)
            .memo
            .unset(key_of(pos), pos);
    }

    fn visit(
        &mut self,
        (inst, pos): &Self::Node,
        revisit: &mut bool,
        children: &mut Vec<Self::Node>,
    ) -> Result<Visit, EvalError> {
        let (inst, again) = (*inst, *revisit);
        *revisit = true;
        match self.solver.kernel_step(inst, pos, &mut self.scratch)? {
            KernelStep::Done => return Ok(Visit::Done),
            // On the second visit every option should be known; if the kernel
            // still lacks some, the general evaluator takes over.
            KernelStep::Needs(needed) if !again => {
                children.extend(needed);
                return Ok(Visit::Need);
            }
            _ => {}
        }
        if let Some(v) = self.solver.vector_value(inst, pos)? {
            self.solver.store(inst, pos, v)?;
            return Ok(Visit::Done);
        }
        self.options.clear();
        self.solver
            .games
            .options(inst, pos, Side::Impartial, &mut self.options)?;
        self.values.clear();
        for opt in self.options.iter() {
            let mut x = 0u64;
            let mut complete = true;
            for c in opt {
                match c {
                    Component::Nimber(k) => x ^= k,
                    Component::Star(_) => x ^= self.solver.grundy_component(c)?,
                    Component::Pos(ci, cp) => {
                        let s = self.solver.tables.state(*ci, cp);
                        if s < IN_PROGRESS {
                            x ^= u64::from(s);
                        } else if s == IN_PROGRESS {
                            // A cycle: the driver reports it with the path.
                            children.push((*ci, cp.clone()));
                            complete = false;
                        } else if let Some(v) = self.solver.direct_value(*ci, cp) {
                            x ^= v?;
                        } else {
                            children.push((*ci, cp.clone()));
                            complete = false;
                        }
                    }
                    // A number, up or `{ | }` literal as an option of an
                    // impartial game: such a game has no Grundy value.
                    _ => {
                        return Err(EvalError::Partizan {
                            span: self.solver.span,
                        })
                    }
                }
            }
            if complete {
                self.values.push(x);
            }
        }
        if !children.is_empty() {
            return Ok(Visit::Need);
        }
        let v = mex(&self.values, &mut self.bits);
        self.solver.store(inst, pos, v)?;
        Ok(Visit::Done)
    }

    fn asks_afresh(&self) -> bool {
        true
    }

    fn cycle(&mut self, path: Vec<Self::Node>) -> EvalError {
        let games = &self.solver.games;
        EvalError::loopy_cycle(&path, |(i, p)| games.show(*i, p), self.solver.span)
    }
}

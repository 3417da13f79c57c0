//! Compiles a game instance's rules into a [`Kernel`] when every part of them is
//! integer arithmetic; returns `None` (use the general evaluator) otherwise.

use super::expr::{BExpr, Cmp, IExpr};
use super::ir::{Arg, Inner, InnerIter, KBinder, KOption, KRule, Kernel, Term};
use crate::check::program::{
    Binder, Expr, ExprKind, Game, GameBody, Globals, ParamType, SlotPattern,
};
use crate::eval::runtime::Runtime;
use crate::lang::builtin::Builtin;
use crate::lang::value::{InstId, Value};
use crate::syntax::ast::{BinOp, RuleKind, UnOp};
use std::rc::Rc;

/// What the compiler knows about a frame slot.
#[derive(Debug, Clone)]
pub(super) enum SlotKind {
    /// Holds an integer at run time.
    Int,
    /// Holds a [`super::expr::list_ref`] to a list of integers at run time.
    List,
    /// A family parameter: a constant.
    Const(Value),
    /// Anything else.
    Unknown,
}

/// Integer and boolean expressions of one game's rules, compiled over its frame.
pub(super) struct Compiler<'a> {
    pub(super) globals: &'a Globals,
    pub(super) rt: &'a mut Runtime,
    pub(super) slots: Vec<SlotKind>,
    /// The instance being compiled: a call of it, `g(x - k, y)`, is a move
    /// to new values of its own parameters, as `(x - k, y)` is.
    pub(super) me: InstId,
}

/// The slots of a game's frame with its family parameters bound to their
/// constant values; every other slot unknown.
pub(super) fn frame_kinds(game: &Game, family: &[Value]) -> Option<Vec<SlotKind>> {
    let mut slots = vec![SlotKind::Unknown; game.frame_size];
    for (p, v) in game.family.iter().zip(family.iter()) {
        let SlotPattern::Slot(s) = p.pattern else {
            return None;
        };
        *slots.get_mut(s)? = SlotKind::Const(v.clone());
    }
    Some(slots)
}

/// Compiles `inst`, or says it cannot be compiled.
pub fn compile(globals: &Globals, rt: &mut Runtime, inst: InstId) -> Option<Kernel> {
    let (game_id, family) = rt.inst(inst)?.clone();
    let game = globals.games.get(game_id)?;
    let rules = match &game.body {
        GameBody::Rules(rules) => rules,
        GameBody::Constructed(ctor) => return constructed(ctor, inst),
    };
    if game.partizan || game.board.is_some() || !(1..=2).contains(&game.params.len()) {
        return None;
    }
    let mut slots = frame_kinds(game, &family)?;
    let mut param_slots = Vec::new();
    for p in &game.params {
        let SlotPattern::Slot(s) = p.pattern else {
            return None;
        };
        param_slots.push(s);
        if !matches!(p.ty, None | Some(ParamType::Nat) | Some(ParamType::Int)) {
            return None;
        }
        *slots.get_mut(s)? = SlotKind::Int;
    }
    let mut c = Compiler {
        globals,
        rt,
        slots,
        me: inst,
    };
    let mut stops = Vec::new();
    let mut krules = Vec::new();
    for rule in rules {
        match rule.kind {
            RuleKind::Stop => stops.push(c.boolean(&rule.option)?),
            RuleKind::Move => krules.push(c.rule(rule, game.params.len())?),
            RuleKind::Left | RuleKind::Right => return None,
            // Symmetries only share work in the partizan analysis.
            RuleKind::Symmetry => {}
        }
    }
    Some(Kernel {
        params: game.params.len(),
        param_slots,
        slots: game.frame_size,
        stops,
        rules: krules,
    })
}

impl<'a> Compiler<'a> {
    pub(super) fn set_int(&mut self, slot: usize) -> Option<()> {
        *self.slots.get_mut(slot)? = SlotKind::Int;
        Some(())
    }

    fn rule(&mut self, rule: &crate::check::program::Rule, params: usize) -> Option<KRule> {
        // Binders: all compiled; the last `in` binder becomes the inner loop.
        let mut binders = Vec::new();
        for b in &rule.binders {
            match b {
                Binder::In(SlotPattern::Slot(s), iter) => {
                    let kb = match self.iterable(iter)? {
                        InnerIter::Range(lo, hi) => KBinder::Range(*s, lo, hi),
                        InnerIter::Values(v) => KBinder::Values(*s, v),
                    };
                    self.set_int(*s)?;
                    binders.push(kb);
                }
                Binder::Let(s, value) => {
                    let v = self.int(value)?;
                    self.set_int(*s)?;
                    binders.push(KBinder::Let(*s, v));
                }
                Binder::In(SlotPattern::Tuple(..), _) => return None,
            }
        }
        let mut conjuncts = Vec::new();
        if let Some(cond) = &rule.condition {
            self.conjuncts(cond, &mut conjuncts)?;
        }
        let option = self.option(&rule.option, params)?;
        let inner_slot = match binders.last() {
            Some(KBinder::Range(s, ..)) | Some(KBinder::Values(s, _)) => Some(*s),
            _ => None,
        };
        let Some(x) = inner_slot else {
            return Some(KRule {
                outer: binders,
                outer_filters: conjuncts,
                inner: None,
                option: affine_option(option, None),
            });
        };
        let iter = match binders.pop()? {
            KBinder::Range(_, lo, hi) => InnerIter::Range(lo, hi),
            KBinder::Values(_, v) => InnerIter::Values(v),
            KBinder::Let(..) => return None,
        };
        let mut outer_filters = Vec::new();
        let mut bounds = Vec::new();
        let mut filters = Vec::new();
        for c in conjuncts {
            if !c.mentions(x) {
                outer_filters.push(c);
            } else if let Some(b) = c.as_bounds(x) {
                bounds.extend(b);
            } else {
                filters.push(c);
            }
        }
        Some(KRule {
            outer: binders,
            outer_filters,
            inner: Some(Inner {
                slot: x,
                iter,
                bounds,
                filters,
            }),
            option: affine_option(option, Some(x)),
        })
    }

    pub(super) fn conjuncts(&mut self, e: &Expr, out: &mut Vec<BExpr>) -> Option<()> {
        if let ExprKind::Binary(BinOp::And, a, b) = &e.kind {
            self.conjuncts(a, out)?;
            return self.conjuncts(b, out);
        }
        out.push(self.boolean(e)?);
        Some(())
    }

    /// A constant value known at compile time.
    pub(super) fn constant(&self, e: &Expr) -> Option<Value> {
        match &e.kind {
            ExprKind::Const(v) => Some(v.clone()),
            ExprKind::Local(s) => match self.slots.get(*s)? {
                SlotKind::Const(v) => Some(v.clone()),
                _ => None,
            },
            ExprKind::Global(id) => self.rt.consts.get(*id)?.clone(),
            ExprKind::Set(items) => {
                let vals = items
                    .iter()
                    .map(|i| self.constant(i))
                    .collect::<Option<Vec<_>>>()?;
                Some(Value::set_from(vals))
            }
            _ => None,
        }
    }

    pub(super) fn int_set(&self, e: &Expr) -> Option<Rc<[i64]>> {
        match self.constant(e)? {
            Value::Set(xs) | Value::List(xs) => {
                let mut v: Vec<i64> = xs.iter().map(Value::as_int).collect::<Option<_>>()?;
                v.sort_unstable();
                v.dedup();
                Some(v.into())
            }
            _ => None,
        }
    }

    pub(super) fn iterable(&mut self, e: &Expr) -> Option<InnerIter> {
        match &e.kind {
            ExprKind::Binary(BinOp::RangeExcl, lo, hi) => {
                Some(InnerIter::Range(self.int(lo)?, self.int(hi)?))
            }
            ExprKind::Binary(BinOp::RangeIncl, lo, hi) => Some(InnerIter::Range(
                self.int(lo)?,
                IExpr::Add(Box::new(self.int(hi)?), Box::new(IExpr::Const(1))),
            )),
            _ => Some(InnerIter::Values(self.int_set(e)?)),
        }
    }

    pub(super) fn int(&mut self, e: &Expr) -> Option<IExpr> {
        let bin = |op: BinOp, a: IExpr, b: IExpr| -> Option<IExpr> {
            let (a, b) = (Box::new(a), Box::new(b));
            Some(match op {
                BinOp::Add => IExpr::Add(a, b),
                BinOp::Sub => IExpr::Sub(a, b),
                BinOp::Mul => IExpr::Mul(a, b),
                BinOp::Div => IExpr::Div(a, b),
                BinOp::Rem => IExpr::Rem(a, b),
                BinOp::Xor => IExpr::Xor(a, b),
                _ => return None,
            })
        };
        match &e.kind {
            ExprKind::Const(Value::Int(n)) => Some(IExpr::Const(*n)),
            ExprKind::Local(s) => match self.slots.get(*s)? {
                SlotKind::Int => Some(IExpr::Slot(*s)),
                SlotKind::Const(Value::Int(n)) => Some(IExpr::Const(*n)),
                _ => None,
            },
            ExprKind::Global(_) => match self.constant(e)? {
                Value::Int(n) => Some(IExpr::Const(n)),
                _ => None,
            },
            ExprKind::Unary(UnOp::Neg, a) => Some(IExpr::Neg(Box::new(self.int(a)?))),
            ExprKind::Binary(op, a, b) => {
                let a = self.int(a)?;
                let b = self.int(b)?;
                bin(*op, a, b)
            }
            ExprKind::CallBuiltin(Builtin::Min | Builtin::Max, args) if args.len() >= 2 => {
                let xs = args
                    .iter()
                    .map(|a| self.int(a))
                    .collect::<Option<Vec<_>>>()?;
                Some(match &e.kind {
                    ExprKind::CallBuiltin(Builtin::Min, _) => IExpr::Min(xs),
                    _ => IExpr::Max(xs),
                })
            }
            ExprKind::CallBuiltin(Builtin::Abs, args) => {
                Some(IExpr::Abs(Box::new(self.int(args.first()?)?)))
            }
            ExprKind::CallBuiltin(Builtin::Len, args) if args.len() == 1 => {
                Some(IExpr::Len(self.list_slot(args.first()?)?))
            }
            ExprKind::Index(list, i) => {
                Some(IExpr::Elem(self.list_slot(list)?, Box::new(self.int(i)?)))
            }
            ExprKind::If(c, a, b) => Some(IExpr::If(
                Box::new(self.boolean(c)?),
                Box::new(self.int(a)?),
                Box::new(self.int(b)?),
            )),
            _ => None,
        }
    }

    /// The slot of a list of integers named by `e`.
    pub(super) fn list_slot(&self, e: &Expr) -> Option<usize> {
        match &e.kind {
            ExprKind::Local(s) if matches!(self.slots.get(*s)?, SlotKind::List) => Some(*s),
            _ => None,
        }
    }

    pub(super) fn boolean(&mut self, e: &Expr) -> Option<BExpr> {
        match &e.kind {
            ExprKind::Const(Value::Bool(b)) => Some(BExpr::Const(*b)),
            ExprKind::Unary(UnOp::Not, a) => Some(BExpr::Not(Box::new(self.boolean(a)?))),
            ExprKind::Binary(op, a, b) => {
                let cmp = match op {
                    BinOp::And => {
                        return Some(BExpr::And(
                            Box::new(self.boolean(a)?),
                            Box::new(self.boolean(b)?),
                        ))
                    }
                    BinOp::Or => {
                        return Some(BExpr::Or(
                            Box::new(self.boolean(a)?),
                            Box::new(self.boolean(b)?),
                        ))
                    }
                    BinOp::In | BinOp::NotIn => {
                        let negated = *op == BinOp::NotIn;
                        let x = self.int(a)?;
                        return match &b.kind {
                            ExprKind::Binary(BinOp::RangeExcl, lo, hi) => {
                                Some(BExpr::InRange(x, self.int(lo)?, self.int(hi)?, negated))
                            }
                            ExprKind::Binary(BinOp::RangeIncl, lo, hi) => Some(BExpr::InRange(
                                x,
                                self.int(lo)?,
                                IExpr::Add(Box::new(self.int(hi)?), Box::new(IExpr::Const(1))),
                                negated,
                            )),
                            _ => Some(BExpr::InSet(x, self.int_set(b)?, negated)),
                        };
                    }
                    other => Cmp::of(*other)?,
                };
                Some(BExpr::Cmp(cmp, self.int(a)?, self.int(b)?))
            }
            _ => None,
        }
    }

    fn option(&mut self, e: &Expr, params: usize) -> Option<KOption> {
        // A call of the game itself, `nim(k)`, is a move to a new parameter
        // value like `k` is: every kernel lists it, where a one-term sum
        // would send the option-listing searches back to the evaluator.
        if let Some([a]) = self.own_call(e) {
            return Some(KOption::Same(vec![Arg::General(self.int(a)?)]));
        }
        if let Some(terms) = self.sum_terms(e) {
            return Some(KOption::Sum(
                terms.into_iter().map(|(t, a)| t.with_arg(a)).collect(),
            ));
        }
        if params == 2 {
            if let Some([a, b]) = self.own_call(e) {
                let (a, b) = (self.int(a)?, self.int(b)?);
                return Some(KOption::Same(vec![Arg::General(a), Arg::General(b)]));
            }
        }
        match (&e.kind, params) {
            (ExprKind::Tuple(items), 2) if items.len() == 2 => {
                let a = self.int(items.first()?)?;
                let b = self.int(items.get(1)?)?;
                Some(KOption::Same(vec![Arg::General(a), Arg::General(b)]))
            }
            (_, 1) => Some(KOption::Same(vec![Arg::General(self.int(e)?)])),
            _ => None,
        }
    }

    /// The arguments of `e` when it is a call of the instance being compiled
    /// (the same game with the same family values).
    pub(super) fn own_call<'e>(&mut self, e: &'e Expr) -> Option<&'e [Expr]> {
        let ExprKind::GameCall { game, family, args } = &e.kind else {
            return None;
        };
        let fam = family
            .iter()
            .map(|f| self.constant(f))
            .collect::<Option<Vec<_>>>()?;
        (self.rt.instance(*game, fam.into()) == self.me).then_some(args.as_slice())
    }

    /// The summands of a game-valued option, each with its integer argument.
    fn sum_terms(&mut self, e: &Expr) -> Option<Vec<(TermKind, IExpr)>> {
        match &e.kind {
            ExprKind::Binary(BinOp::Add, a, b) => {
                let mut ts = self.sum_terms(a)?;
                ts.extend(self.sum_terms(b)?);
                Some(ts)
            }
            ExprKind::Unary(UnOp::Nimber, a) => Some(vec![(TermKind::Nimber, self.int(a)?)]),
            ExprKind::GameCall { game, family, args } => {
                let fam = family
                    .iter()
                    .map(|f| self.constant(f))
                    .collect::<Option<Vec<_>>>()?;
                let callee = self.globals.games.get(*game)?;
                if callee.params.len() != 1 || callee.board.is_some() || callee.partizan {
                    return None;
                }
                if !matches!(
                    callee.params.first()?.ty,
                    None | Some(ParamType::Nat) | Some(ParamType::Int)
                ) {
                    return None;
                }
                let arg = self.int(args.first()?)?;
                let inst = self.rt.instance(*game, fam.into());
                Some(vec![(TermKind::Heap(inst), arg)])
            }
            _ => None,
        }
    }
}

/// A summand before its argument is split.
enum TermKind {
    Heap(InstId),
    Nimber,
}

impl TermKind {
    fn with_arg(self, arg: IExpr) -> Term {
        match self {
            TermKind::Heap(inst) => Term::Heap(inst, Arg::General(arg)),
            TermKind::Nimber => Term::Nimber(Arg::General(arg)),
        }
    }
}

/// Splits every argument into `coef·x + rest` where it is affine in `x`.
fn affine_option(option: KOption, x: Option<usize>) -> KOption {
    let split = |a: Arg| match (a, x) {
        (Arg::General(e), Some(x)) => match e.affine(x) {
            Some((c, rest)) => Arg::Affine(c, rest),
            None => Arg::General(e),
        },
        (Arg::General(e), None) => Arg::Affine(0, e),
        (a, _) => a,
    };
    match option {
        KOption::Same(args) => KOption::Same(args.into_iter().map(split).collect()),
        KOption::Sum(terms) => KOption::Sum(
            terms
                .into_iter()
                .map(|t| match t {
                    Term::Heap(i, a) => Term::Heap(i, split(a)),
                    Term::Nimber(a) => Term::Nimber(split(a)),
                })
                .collect(),
        ),
    }
}

/// The heap slot of a constructed game's kernel.
const HEAP_SLOT: usize = 0;
/// The slot of its inner binder.
const INNER_SLOT: usize = 1;

/// The kernel of a constructed heap game, written as the rule one would write
/// by hand, so `octal` and `allbut` games run the same fast loops as their
/// rule-defined twins (`subtraction` has its own one-word loop).
fn constructed(ctor: &crate::check::program::Constructor, inst: InstId) -> Option<Kernel> {
    use crate::check::program::Constructor;
    let n = || IExpr::Slot(HEAP_SLOT);
    let c = IExpr::Const;
    let rules = match ctor {
        Constructor::Octal { digits, .. } => octal_rules(digits, inst),
        Constructor::AllBut(excluded) => vec![KRule {
            outer: vec![],
            outer_filters: vec![],
            inner: Some(Inner {
                slot: INNER_SLOT,
                iter: InnerIter::Range(c(1), IExpr::Add(Box::new(n()), Box::new(c(1)))),
                bounds: vec![],
                filters: vec![BExpr::InSet(
                    IExpr::Slot(INNER_SLOT),
                    excluded.clone().into(),
                    true,
                )],
            }),
            option: KOption::Same(vec![Arg::Affine(-1, n())]),
        }],
        // Remove k ∈ S with k ≤ n: the shape `move n - k for k in S where
        // k <= n` compiles to, so the set is recognised as from rules.
        Constructor::Subtraction(set) => vec![KRule {
            outer: vec![],
            outer_filters: vec![],
            inner: Some(Inner {
                slot: INNER_SLOT,
                iter: InnerIter::Values(set.clone().into()),
                bounds: vec![(1, n())],
                filters: vec![],
            }),
            option: KOption::Same(vec![Arg::Affine(-1, n())]),
        }],
        Constructor::Tartan(..) => return None,
    };
    Some(Kernel {
        params: 1,
        param_slots: vec![HEAP_SLOT],
        slots: 2,
        stops: vec![],
        rules,
    })
}

/// The rules of an octal game, digit by digit: digit k's bit 1 removes a
/// whole heap of k, bit 2 removes k leaving one heap, bit 4 removes k and
/// splits the rest in two.
fn octal_rules(digits: &[u8], inst: InstId) -> Vec<KRule> {
    let n = || IExpr::Slot(HEAP_SLOT);
    let c = IExpr::Const;
    let sub = |a: IExpr, b: IExpr| IExpr::Sub(Box::new(a), Box::new(b));
    let mut rules = Vec::new();
    for (k, &d) in digits.iter().enumerate() {
        let k = k as i64;
        if k > 0 && d & 1 != 0 {
            // Remove the whole heap of exactly k.
            rules.push(KRule {
                outer: vec![],
                outer_filters: vec![BExpr::Cmp(Cmp::Eq, n(), c(k))],
                inner: None,
                option: KOption::Sum(vec![]),
            });
        }
        if k > 0 && d & 2 != 0 {
            // Remove k, leaving one non-empty heap.
            rules.push(KRule {
                outer: vec![],
                outer_filters: vec![BExpr::Cmp(Cmp::Gt, n(), c(k))],
                inner: None,
                option: KOption::Same(vec![Arg::Affine(0, sub(n(), c(k)))]),
            });
        }
        if d & 4 != 0 {
            // Remove k, splitting the rest into a + (n − k − a), 1 ≤ a ≤ (n − k)/2.
            let half = IExpr::Div(Box::new(sub(n(), c(k))), Box::new(c(2)));
            rules.push(KRule {
                outer: vec![],
                outer_filters: vec![],
                inner: Some(Inner {
                    slot: INNER_SLOT,
                    iter: InnerIter::Range(c(1), IExpr::Add(Box::new(half), Box::new(c(1)))),
                    bounds: vec![],
                    filters: vec![],
                }),
                option: KOption::Sum(vec![
                    Term::Heap(inst, Arg::Affine(1, c(0))),
                    Term::Heap(inst, Arg::Affine(-1, sub(n(), c(k)))),
                ]),
            });
        }
    }
    rules
}

//! Compiled rules over integer vectors: games whose parameters are integers and
//! lists of integers (Moore's Nim, staircase Nim, Chomp by rows, three-row Chomp
//! as `(a, b, c)`), beyond the one- and two-integer kernels.
//!
//! A position is one flat key: each integer parameter as itself, each list as
//! its length followed by its elements. A rule writes its options the same way
//! into one reused buffer, so no value is built per option. Binders range over
//! integer ranges, constant sets and the elements of a list parameter; each
//! `where` conjunct is checked as soon as the binders it reads are bound; an
//! option gives new parameter values: integers, a list parameter `with`
//! elements replaced, a list literal or a list comprehension of integers.
//! Anything else does not compile, and any doubt at run time (an index out of
//! range, an overflow, a negative `nat`) hands the position back to the general
//! evaluator, which also reports every user error.

use super::compile::{frame_kinds, Compiler, SlotKind};
use super::expr::{list_ref, list_span, operand, test, BExpr, IExpr};
use super::ir::InnerIter;
use crate::budget::{Budget, Exceeded};
use crate::check::program::{Binder, Expr, ExprKind, GameBody, Globals, ParamType, SlotPattern};
use crate::eval::ops::seq_index;
use crate::eval::runtime::Runtime;
use crate::lang::value::{InstId, Value};
use crate::syntax::ast::RuleKind;
use std::rc::Rc;

/// Longest list a key may hold (its length shares a slot with its start).
const MAX_LIST: usize = 1 << 30;

/// Why generating options stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Halt {
    /// The compiled rules cannot decide this position: use the general evaluator.
    Doubt,
    /// A limit of the budget.
    Limit(Exceeded),
}

impl From<Exceeded> for Halt {
    fn from(e: Exceeded) -> Self {
        Halt::Limit(e)
    }
}

/// `Some` or [`Halt::Doubt`].
#[inline]
fn sure<T>(x: Option<T>) -> Result<T, Halt> {
    x.ok_or(Halt::Doubt)
}

/// A parameter of a vector position.
#[derive(Debug, Clone, Copy)]
enum Param {
    /// An integer in this slot (declared `nat` when `nat`).
    Int { slot: usize, nat: bool },
    /// A list of integers named by this slot.
    List { slot: usize },
}

/// A binder.
#[derive(Debug)]
enum VBinder {
    /// `x in lo..hi` (hi exclusive).
    Range(usize, IExpr, IExpr),
    /// `x in {…}` over constant integers.
    Values(usize, Rc<[i64]>),
    /// `x in xs`: the elements of the list in the second slot.
    Elems(usize, usize),
    /// `x = e`.
    Let(usize, IExpr),
}

impl VBinder {
    fn slot(&self) -> usize {
        match self {
            VBinder::Range(s, ..)
            | VBinder::Values(s, _)
            | VBinder::Elems(s, _)
            | VBinder::Let(s, _) => *s,
        }
    }
}

/// Nested binders with the `where` conjuncts placed at the first depth where
/// every binder they read is bound.
#[derive(Debug)]
struct Loops {
    binders: Vec<VBinder>,
    /// `filters[k]` is checked once the first `k` binders are bound.
    filters: Vec<Vec<BExpr>>,
}

impl Loops {
    /// The slot and bounds of `x in lo..hi` when it is the only binder and
    /// nothing filters it.
    fn one_range(&self) -> Option<(usize, &IExpr, &IExpr)> {
        match (
            self.binders.as_slice(),
            self.filters.iter().all(Vec::is_empty),
        ) {
            ([VBinder::Range(slot, lo, hi)], true) => Some((*slot, lo, hi)),
            _ => None,
        }
    }
}

/// The new value of one parameter.
#[derive(Debug)]
enum Arg {
    /// An integer (checked non-negative when the parameter is `nat`).
    Int(IExpr, bool),
    /// A list of integers.
    List(LExpr),
}

/// A list of integers.
#[derive(Debug)]
enum LExpr {
    /// A list parameter as it is.
    Slot(usize),
    /// `xs with [k] = v, …`, each index and value read from the position.
    With(Box<LExpr>, Vec<(IExpr, IExpr)>),
    /// `[a, b, …]`
    Items(Vec<IExpr>),
    /// `[e for …]`
    Comp(Loops, IExpr),
}

/// One `move` rule.
#[derive(Debug)]
struct VRule {
    loops: Loops,
    option: Vec<Arg>,
}

/// A game instance's rules compiled over integer-vector positions.
#[derive(Debug)]
pub struct VectorRules {
    params: Vec<Param>,
    slots: usize,
    stops: Vec<BExpr>,
    rules: Vec<VRule>,
}

/// Compiles `inst`'s rules, or says they do not fit.
pub fn compile(globals: &Globals, rt: &mut Runtime, inst: InstId) -> Option<VectorRules> {
    let (game_id, family) = rt.inst(inst)?.clone();
    let game = globals.games.get(game_id)?;
    let GameBody::Rules(rules) = &game.body else {
        return None;
    };
    if game.partizan || game.board.is_some() || game.params.is_empty() {
        return None;
    }
    let mut slots = frame_kinds(game, &family)?;
    let mut params = Vec::new();
    for p in &game.params {
        let SlotPattern::Slot(slot) = p.pattern else {
            return None;
        };
        let (param, kind) = match p.ty {
            Some(ParamType::Nat) => (Param::Int { slot, nat: true }, SlotKind::Int),
            Some(ParamType::Int) => (Param::Int { slot, nat: false }, SlotKind::Int),
            Some(ParamType::List) => (Param::List { slot }, SlotKind::List),
            _ => return None,
        };
        *slots.get_mut(slot)? = kind;
        params.push(param);
    }
    let mut c = Compiler {
        globals,
        rt,
        slots,
        me: inst,
    };
    let mut stops = Vec::new();
    let mut compiled = Vec::new();
    for rule in rules {
        match rule.kind {
            RuleKind::Stop => stops.push(c.boolean(&rule.option)?),
            RuleKind::Move => compiled.push(VRule {
                loops: loops(&mut c, &rule.binders, rule.condition.as_ref())?,
                option: option(&mut c, &rule.option, &params)?,
            }),
            RuleKind::Left | RuleKind::Right => return None,
            // Symmetries only share work in the partizan analysis.
            RuleKind::Symmetry => {}
        }
    }
    Some(VectorRules {
        params,
        slots: game.frame_size,
        stops,
        rules: compiled,
    })
}

fn loops(c: &mut Compiler<'_>, binders: &[Binder], condition: Option<&Expr>) -> Option<Loops> {
    let mut out = Vec::new();
    for b in binders {
        match b {
            Binder::In(SlotPattern::Slot(s), iter) => {
                let vb = match c.list_slot(iter) {
                    Some(list) => VBinder::Elems(*s, list),
                    None => match c.iterable(iter)? {
                        InnerIter::Range(lo, hi) => VBinder::Range(*s, lo, hi),
                        InnerIter::Values(v) => VBinder::Values(*s, v),
                    },
                };
                c.set_int(*s)?;
                out.push(vb);
            }
            Binder::Let(s, value) => {
                let v = c.int(value)?;
                c.set_int(*s)?;
                out.push(VBinder::Let(*s, v));
            }
            Binder::In(SlotPattern::Tuple(..), _) => return None,
        }
    }
    let mut filters: Vec<Vec<BExpr>> = (0..=out.len()).map(|_| Vec::new()).collect();
    if let Some(cond) = condition {
        let mut conjuncts = Vec::new();
        c.conjuncts(cond, &mut conjuncts)?;
        for b in conjuncts {
            let depth = out
                .iter()
                .rposition(|v| b.mentions(v.slot()))
                .map_or(0, |k| k + 1);
            filters.get_mut(depth)?.push(b);
        }
    }
    Some(Loops {
        binders: out,
        filters,
    })
}

fn option(c: &mut Compiler<'_>, e: &Expr, params: &[Param]) -> Option<Vec<Arg>> {
    // `g(…)` of the game itself moves to those parameter values.
    if let Some(args) = c.own_call(e).filter(|a| a.len() == params.len()) {
        return args
            .iter()
            .zip(params)
            .map(|(e, p)| arg(c, e, *p))
            .collect();
    }
    match (params, &e.kind) {
        ([p], _) => Some(vec![arg(c, e, *p)?]),
        (_, ExprKind::Tuple(items)) if items.len() == params.len() => items
            .iter()
            .zip(params)
            .map(|(e, p)| arg(c, e, *p))
            .collect(),
        _ => None,
    }
}

fn arg(c: &mut Compiler<'_>, e: &Expr, p: Param) -> Option<Arg> {
    Some(match p {
        Param::Int { nat, .. } => Arg::Int(c.int(e)?, nat),
        Param::List { .. } => Arg::List(list(c, e)?),
    })
}

fn list(c: &mut Compiler<'_>, e: &Expr) -> Option<LExpr> {
    Some(match &e.kind {
        ExprKind::Local(_) => LExpr::Slot(c.list_slot(e)?),
        ExprKind::With(base, items) => {
            let base = list(c, base)?;
            let mut sets = Vec::new();
            for (k, v) in items {
                sets.push((c.int(k)?, c.int(v)?));
            }
            LExpr::With(Box::new(base), sets)
        }
        ExprKind::List(items) => {
            LExpr::Items(items.iter().map(|i| c.int(i)).collect::<Option<Vec<_>>>()?)
        }
        ExprKind::ListComp(comp) => {
            let loops = loops(c, &comp.binders, comp.condition.as_ref())?;
            LExpr::Comp(loops, c.int(&comp.body)?)
        }
        _ => return None,
    })
}

impl VectorRules {
    /// Writes the key of `pos` to `out`; false when a value is not an integer
    /// (or a list of integers) of its parameter's declared type.
    pub fn encode(&self, pos: &[Value], out: &mut Vec<i64>) -> bool {
        if pos.len() != self.params.len() {
            return false;
        }
        for (p, v) in self.params.iter().zip(pos) {
            match (p, v) {
                (Param::Int { nat, .. }, Value::Int(n)) if !nat || *n >= 0 => out.push(*n),
                (Param::List { .. }, Value::List(xs)) if xs.len() < MAX_LIST => {
                    out.push(xs.len() as i64);
                    for x in xs.iter() {
                        let Value::Int(n) = x else {
                            return false;
                        };
                        out.push(*n);
                    }
                }
                _ => return false,
            }
        }
        true
    }

    /// Appends the options of the position with key `key` to `out`, each as a
    /// key whose end goes to `ends`. `env` is scratch space.
    pub fn options(
        &self,
        key: &[i64],
        env: &mut Vec<i64>,
        out: &mut Vec<i64>,
        ends: &mut Vec<usize>,
        budget: &Budget,
    ) -> Result<(), Halt> {
        self.load(key, env)?;
        for stop in &self.stops {
            if sure(test(stop, env))? {
                return Ok(());
            }
        }
        for rule in &self.rules {
            each(&rule.loops, 0, env, budget, &mut |env| {
                room(out, ends, budget)?;
                for a in &rule.option {
                    match a {
                        Arg::Int(e, nat) => {
                            let v = sure(operand(e, env))?;
                            if *nat && v < 0 {
                                return Err(Halt::Doubt);
                            }
                            out.push(v);
                        }
                        Arg::List(l) => write_list(l, env, out, budget)?,
                    }
                }
                ends.push(out.len());
                Ok(())
            })?;
        }
        Ok(())
    }

    /// Puts the position with key `key` into fresh slots: integers in their
    /// slots, lists after the frame.
    fn load(&self, key: &[i64], env: &mut Vec<i64>) -> Result<(), Halt> {
        env.clear();
        env.resize(self.slots, 0);
        let mut at = 0;
        for p in &self.params {
            match *p {
                Param::Int { slot, .. } => {
                    *sure(env.get_mut(slot))? = *sure(key.get(at))?;
                    at += 1;
                }
                Param::List { slot } => {
                    let len = sure(usize::try_from(*sure(key.get(at))?).ok())?;
                    let items = sure(key.get(at + 1..at + 1 + len))?;
                    let start = env.len();
                    env.extend_from_slice(items);
                    *sure(env.get_mut(slot))? = list_ref(start, len);
                    at += 1 + len;
                }
            }
        }
        Ok(())
    }
}

/// Asks the budget before the option buffers grow.
#[inline]
fn room(out: &mut Vec<i64>, ends: &mut Vec<usize>, budget: &Budget) -> Result<(), Halt> {
    if out.capacity() - out.len() < 256 {
        budget.reserve(out.capacity().max(256) * std::mem::size_of::<i64>())?;
        out.reserve(out.capacity().max(256));
    }
    if ends.len() == ends.capacity() {
        budget.reserve(ends.capacity().max(64) * std::mem::size_of::<usize>())?;
        ends.reserve(ends.capacity().max(64));
    }
    Ok(())
}

/// Runs `body` for every binding of `loops` from depth `depth` on.
fn each<F>(
    loops: &Loops,
    depth: usize,
    env: &mut [i64],
    budget: &Budget,
    body: &mut F,
) -> Result<(), Halt>
where
    F: FnMut(&mut [i64]) -> Result<(), Halt>,
{
    if let Some(filters) = loops.filters.get(depth) {
        for f in filters {
            if !sure(test(f, env))? {
                return Ok(());
            }
        }
    }
    let Some(binder) = loops.binders.get(depth) else {
        return body(env);
    };
    let mut bind = |env: &mut [i64], slot: usize, x: i64| -> Result<(), Halt> {
        budget.tick()?;
        *sure(env.get_mut(slot))? = x;
        each(loops, depth + 1, env, budget, body)
    };
    match binder {
        VBinder::Range(s, lo, hi) => {
            let (lo, hi) = (sure(operand(lo, env))?, sure(operand(hi, env))?);
            for x in lo..hi {
                bind(env, *s, x)?;
            }
        }
        VBinder::Values(s, values) => {
            for &x in values.iter() {
                bind(env, *s, x)?;
            }
        }
        VBinder::Elems(s, list) => {
            let (start, len) = list_span(*sure(env.get(*list))?);
            for k in start..start + len {
                let x = *sure(env.get(k))?;
                bind(env, *s, x)?;
            }
        }
        VBinder::Let(s, e) => {
            let x = sure(operand(e, env))?;
            *sure(env.get_mut(*s))? = x;
            each(loops, depth + 1, env, budget, body)?;
        }
    }
    Ok(())
}

/// Writes a list as a key part: its length, then its elements.
fn write_list(l: &LExpr, env: &mut [i64], out: &mut Vec<i64>, budget: &Budget) -> Result<(), Halt> {
    match l {
        LExpr::Slot(s) => {
            let (start, len) = list_span(*sure(env.get(*s))?);
            out.push(len as i64);
            out.extend_from_slice(sure(env.get(start..start + len))?);
        }
        LExpr::With(base, sets) => {
            let at = out.len();
            write_list(base, env, out, budget)?;
            let len = sure(usize::try_from(*sure(out.get(at))?).ok())?;
            for (k, v) in sets {
                let i = sure(seq_index(sure(operand(k, env))?, len))?;
                let v = sure(operand(v, env))?;
                *sure(out.get_mut(at + 1 + i))? = v;
            }
        }
        LExpr::Items(items) => {
            out.push(items.len() as i64);
            for i in items {
                out.push(sure(operand(i, env))?);
            }
        }
        LExpr::Comp(loops, body) => {
            let at = out.len();
            out.push(0);
            if let Some((slot, lo, hi)) = loops.one_range() {
                // `[e for i in lo..hi]`, the usual shape: one tight loop.
                let (lo, hi) = (sure(operand(lo, env))?, sure(operand(hi, env))?);
                let n = usize::try_from(hi.saturating_sub(lo)).unwrap_or(0);
                if n >= MAX_LIST {
                    return Err(Halt::Doubt);
                }
                if out.capacity() - out.len() < n {
                    budget.reserve(n * std::mem::size_of::<i64>())?;
                }
                budget.ticks(u32::try_from(n).unwrap_or(u32::MAX))?;
                for x in lo..hi {
                    *sure(env.get_mut(slot))? = x;
                    out.push(sure(operand(body, env))?);
                }
                *sure(out.get_mut(at))? = n as i64;
                return Ok(());
            }
            each(loops, 0, env, budget, &mut |env| {
                if out.len() == out.capacity() {
                    budget.reserve(out.capacity() * std::mem::size_of::<i64>())?;
                }
                out.push(sure(operand(body, env))?);
                Ok(())
            })?;
            let len = out.len() - at - 1;
            if len >= MAX_LIST {
                return Err(Halt::Doubt);
            }
            *sure(out.get_mut(at))? = len as i64;
        }
    }
    Ok(())
}

//! Rules compiled once per game instance: integer slots instead of values,
//! bounded binders, options as affine heaps ([`ir`], built by [`compile`]),
//! rules over integer vectors ([`vector`]), and what the rules *are* when they
//! have a known shape ([`shape`]). [`Cache`] keeps each instance's compiled
//! form; every analysis asks [`crate::game::Games::compiled`] for it, and rules
//! that do not compile keep the general evaluator, which reports every error.

pub(crate) mod capture;
pub(crate) mod compile;
pub(crate) mod exec;
pub(crate) mod expr;
pub(crate) mod ir;
pub(crate) mod options;
pub(crate) mod placement;
pub(crate) mod shape;
pub(crate) mod vector;

use crate::budget::Budget;
use crate::check::program::{GameBody, Globals};
use crate::eval::eval_error::EvalError;
use crate::eval::interp::Interp;
use crate::eval::runtime::Runtime;
use crate::lang::value::{Component, InstId, Pos, Value};
use ir::Kernel;
use rustc_hash::FxHashMap;
use shape::Shape;
use std::rc::Rc;
use vector::VectorRules;

/// Everything compiled from one instance.
#[derive(Debug, Default)]
pub struct Compiled {
    /// Rules over one or two integers (a constructed heap game is written as
    /// such rules too), when they compile.
    pub kernel: Option<Rc<Kernel>>,
    /// Rules over integers and lists of integers, when no kernel compiles and
    /// these do.
    pub vector: Option<Rc<VectorRules>>,
    /// What the rules of a one-heap game are (empty when nothing is
    /// recognised).
    pub shape: Shape,
    /// The placement game a partizan game over a grid plays, when its rules
    /// have that shape.
    pub placement: Option<Rc<placement::Placement>>,
    /// The capture game (Clobber) a partizan game over a grid plays, when
    /// its rules have that shape.
    pub capture: Option<Rc<capture::Capture>>,
}

/// Heaps whose options a recognised shape must list exactly as the general
/// evaluator does before it is trusted: a second, independent guard behind
/// the recognition itself (which is exact by construction).
const CHECKED_HEAPS: usize = 12;

impl Compiled {
    /// Compiles `inst` (each form tried once); `false` when a limit of the
    /// budget cut the check of a shape short (the result must not be kept).
    fn of(globals: &Globals, rt: &mut Runtime, budget: &Budget, inst: InstId) -> (Compiled, bool) {
        let kernel = compile::compile(globals, rt, inst).map(Rc::new);
        let vector = match kernel {
            Some(_) => None,
            None => vector::compile(globals, rt, inst).map(Rc::new),
        };
        let placement = rt.inst(inst).and_then(|(id, _)| {
            let game = globals.games.get(*id)?;
            placement::recognise(game, *id).map(Rc::new)
        });
        let capture = rt.inst(inst).and_then(|(id, _)| {
            let game = globals.games.get(*id)?;
            capture::recognise(game, *id).map(Rc::new)
        });
        let game = rt
            .inst(inst)
            .and_then(|(g, _)| globals.games.get(*g))
            .filter(|g| !g.partizan);
        let constructor = match game.map(|g| &g.body) {
            Some(GameBody::Constructed(c)) => Some(c),
            _ => None,
        };
        let mut shape = match (&kernel, game) {
            (Some(k), Some(_)) if k.params == 1 => Shape::of(k, inst, constructor),
            _ => Shape::default(),
        };
        let mut keep = true;
        if constructor.is_none() && (shape.code.is_some() || shape.memory.is_some()) {
            match agrees(globals, rt, budget, inst, &shape) {
                Ok(true) => {}
                Ok(false) => {
                    shape.code = None;
                    shape.memory = None;
                }
                Err(e) => {
                    keep = !matches!(e, EvalError::Limit { .. });
                    shape.code = None;
                    shape.memory = None;
                }
            }
        }
        (
            Compiled {
                kernel,
                vector,
                shape,
                placement,
                capture,
            },
            keep,
        )
    }
}

/// An option as the heaps it leaves (sorted, heaps of 0 dropped), when it is
/// a sum of heaps of `inst` and `*0`.
fn as_heaps(inst: InstId, option: &[Component]) -> Option<Vec<usize>> {
    let mut heaps = Vec::new();
    for c in option {
        match c {
            Component::Nimber(0) => {}
            Component::Pos(i, p) if *i == inst => match p.as_ref() {
                [Value::Int(0)] => {}
                [Value::Int(v)] => heaps.push(usize::try_from(*v).ok()?),
                _ => return None,
            },
            _ => return None,
        }
    }
    heaps.sort_unstable();
    Some(heaps)
}

/// True when the code and finite-memory form of `shape` list, for the first
/// heaps, exactly the options the general evaluator lists from the rules.
fn agrees(
    globals: &Globals,
    rt: &mut Runtime,
    budget: &Budget,
    inst: InstId,
    shape: &Shape,
) -> Result<bool, EvalError> {
    let Some((game_id, _)) = rt.inst(inst) else {
        return Ok(false);
    };
    let Some(game) = globals.games.get(*game_id) else {
        return Ok(false);
    };
    let GameBody::Rules(rules) = &game.body else {
        return Ok(false);
    };
    let mut interp = Interp::new(globals, rt, budget);
    let mut list = crate::game::OptionList::default();
    for n in 0..=CHECKED_HEAPS {
        list.clear();
        let pos = Pos::from(vec![Value::Int(n as i64)]);
        crate::game::rules::rule_options(
            &mut interp,
            game,
            rules,
            inst,
            &pos,
            crate::game::Side::Impartial,
            &mut list,
        )?;
        let mut from_rules = Vec::new();
        for option in list.iter() {
            match as_heaps(inst, option) {
                Some(h) => from_rules.push(h),
                None => return Ok(false),
            }
        }
        from_rules.sort_unstable();
        from_rules.dedup();
        if let Some(code) = &shape.code {
            let mut from_code = Vec::new();
            code.options(n, |o| from_code.push(o.to_vec()));
            from_code.sort_unstable();
            from_code.dedup();
            if from_code != from_rules {
                return Ok(false);
            }
        }
        if let Some(memory) = &shape.memory {
            let mut from_memory: Vec<Vec<usize>> = Vec::new();
            memory.options(n, |o| {
                from_memory.push(o.into_iter().filter(|&h| h > 0).collect())
            });
            from_memory.sort_unstable();
            from_memory.dedup();
            if from_memory != from_rules {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// The compiled form of every instance met so far, kept until a definition
/// changes (then [`Cache::clear`]).
#[derive(Debug, Default, Clone)]
pub struct Cache {
    insts: FxHashMap<InstId, Rc<Compiled>>,
}

impl Cache {
    /// The compiled form of `inst`, compiling it on first use.
    pub fn get(
        &mut self,
        globals: &Globals,
        rt: &mut Runtime,
        budget: &Budget,
        inst: InstId,
    ) -> Rc<Compiled> {
        if let Some(c) = self.insts.get(&inst) {
            return c.clone();
        }
        let (c, keep) = Compiled::of(globals, rt, budget, inst);
        let c = Rc::new(c);
        if keep {
            self.insts.insert(inst, c.clone());
        }
        c
    }

    /// Forgets every compiled form.
    pub fn clear(&mut self) {
        self.insts.clear();
    }
}

/// What game `name` (no family) of `program` compiles to: for the tests of
/// what rules are recognised as.
#[cfg(test)]
#[allow(clippy::unwrap_used)]
pub(crate) fn compiled_of(program: &str, name: &str) -> Rc<Compiled> {
    let mut engine = crate::Engine::default();
    engine.run_program(program).unwrap();
    let game = engine
        .globals
        .games
        .iter()
        .position(|g| g.name == name)
        .unwrap();
    let inst = engine.rt.instance(game, std::rc::Rc::from(vec![]));
    engine
        .compiled
        .get(&engine.globals, &mut engine.rt, &engine.budget, inst)
}

//! Rules compiled once per game instance: integer slots instead of values,
//! bounded binders, options as affine heaps ([`ir`], built by [`compile`]),
//! rules over integer vectors ([`vector`]), and what the rules *are* when they
//! have a known shape ([`shape`]). [`Cache`] keeps each instance's compiled
//! form; every analysis asks [`crate::game::Games::compiled`] for it, and rules
//! that do not compile keep the general evaluator, which reports every error.

pub mod compile;
pub mod exec;
pub mod expr;
pub mod ir;
pub mod options;
pub mod vector;

use crate::check::program::Globals;
use crate::eval::runtime::Runtime;
use crate::lang::value::InstId;
use ir::Kernel;
use rustc_hash::FxHashMap;
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
}

impl Compiled {
    /// Compiles `inst` (each form tried once).
    fn of(globals: &Globals, rt: &mut Runtime, inst: InstId) -> Compiled {
        let kernel = compile::compile(globals, rt, inst).map(Rc::new);
        let vector = match kernel {
            Some(_) => None,
            None => vector::compile(globals, rt, inst).map(Rc::new),
        };
        Compiled { kernel, vector }
    }
}

/// The compiled form of every instance met so far, kept until a definition
/// changes (then [`Cache::clear`]).
#[derive(Debug, Default, Clone)]
pub struct Cache {
    insts: FxHashMap<InstId, Rc<Compiled>>,
}

impl Cache {
    /// The compiled form of `inst`, compiling it on first use.
    pub fn get(&mut self, globals: &Globals, rt: &mut Runtime, inst: InstId) -> Rc<Compiled> {
        if let Some(c) = self.insts.get(&inst) {
            return c.clone();
        }
        let c = Rc::new(Compiled::of(globals, rt, inst));
        self.insts.insert(inst, c.clone());
        c
    }

    /// Forgets every compiled form.
    pub fn clear(&mut self) {
        self.insts.clear();
    }
}

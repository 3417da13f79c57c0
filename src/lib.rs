//! grundy: describe combinatorial games as move rules, ask who wins.
//!
//! A `.game` program is parsed ([`syntax`]), checked ([`check`]) and run
//! statement by statement ([`Engine`]); queries become [`query::Answer`]s that
//! [`report`] renders as text or JSON ([`report_svg`] draws `table` answers as
//! SVG chessboards).
//!
//! ```
//! use grundy::{Engine, Mode};
//! let mut engine = Engine::default();
//! let source = "game nim(n: nat) { move n - k for k in 1..=n }\ngrundy nim(3) + nim(5) + nim(7)";
//! let stmts = engine.load(source, false).expect("a valid program");
//! let answers: Vec<_> = stmts
//!     .iter()
//!     .filter_map(|s| engine.run(s, source, Mode::Run).expect("no runtime error"))
//!     .collect();
//! assert_eq!(answers[0], grundy::query::Answer::Grundy { expr: "nim(3) + nim(5) + nim(7)".into(), value: 1 });
//! ```

pub mod assertion;
pub mod check;
pub mod diagnostics;
pub mod eval;
pub mod explain;
pub mod graph;
pub mod query;
pub mod repl;
pub mod report;
pub mod report_svg;
pub mod solve;
pub mod syntax;

use check::program::{Globals, Stmt};
use diagnostics::Problem;
use eval::interp::Interp;
use eval::runtime::{Limits, Runtime};
pub use query::{Answer, Mode};

/// A running interpreter: the definitions so far and the computed values.
#[derive(Debug, Default)]
pub struct Engine {
    /// Everything defined so far.
    pub globals: Globals,
    /// Memo tables, constants, boards, limits.
    pub rt: Runtime,
}

impl Engine {
    /// An engine with the given limits.
    pub fn with_limits(limits: Limits) -> Engine {
        let mut engine = Engine::default();
        engine.rt.limits = limits;
        engine
    }

    /// Parses and checks `source`. Nothing is defined unless the whole text is
    /// valid; with `replace`, definitions may replace earlier ones (the REPL).
    pub fn load(&mut self, source: &str, replace: bool) -> Result<Vec<Stmt>, Vec<Problem>> {
        let program = syntax::parse(source)
            .map_err(|errs| errs.iter().map(Problem::from_error).collect::<Vec<_>>())?;
        let mut globals = self.globals.clone();
        let stmts = check::check_program(&program, source, &mut globals, replace)
            .map_err(|errs| errs.iter().map(Problem::from_error).collect::<Vec<_>>())?;
        let redefines_game = replace
            && stmts
                .iter()
                .any(|s| matches!(s, Stmt::Game(id) if *id < self.globals.games.len()));
        self.globals = globals;
        if redefines_game {
            self.rt.clear_memos();
        }
        Ok(stmts)
    }

    /// Evaluates one expression typed alone (e.g. a position in `play`).
    pub fn eval_expr(&mut self, text: &str) -> Result<eval::value::Value, Vec<Problem>> {
        let source = format!("print {text}");
        let program = syntax::parse(&source)
            .map_err(|errs| errs.iter().map(Problem::from_error).collect::<Vec<_>>())?;
        let mut globals = self.globals.clone();
        let stmts = check::check_program(&program, &source, &mut globals, true)
            .map_err(|errs| errs.iter().map(Problem::from_error).collect::<Vec<_>>())?;
        let Some(Stmt::Print(expr, ..)) = stmts.first() else {
            return Err(vec![]);
        };
        let mut interp = Interp::new(&self.globals, &mut self.rt);
        interp.top(expr).map_err(|e| vec![Problem::from_error(&e)])
    }

    /// Runs one checked statement.
    pub fn run(
        &mut self,
        stmt: &Stmt,
        source: &str,
        mode: Mode,
    ) -> Result<Option<Answer>, Problem> {
        let mut interp = Interp::new(&self.globals, &mut self.rt);
        let result = interp.run_stmt(stmt, source, mode);
        self.rt.call_depth = 0;
        result.map_err(|e| Problem::from_error(&e))
    }
}

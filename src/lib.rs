//! grundy: describe combinatorial games as move rules, ask who wins.
//!
//! The pipeline, one folder a floor, every import pointing down:
//! `syntax` (text → spanned AST) → `check` (names, arities, kinds) →
//! `eval` (expressions) → `game` (the options of a position) → `graph`
//! (the one budget and the one search driver) → `solve` (analyses owning
//! their tables) → `run` (statements → typed answers) → [`report`] (text,
//! JSON, SVG, DOT) → [`repl`]. `lang` is the shared vocabulary;
//! `budget` (positions, memory, time, Ctrl-C) and `diagnostics` are
//! leaves every floor may use.
//!
//! The floors are internal. The door is this page: an [`Engine`] runs
//! programs and gives typed [`Answer`]s (their parts in [`answer`]) or a
//! [`Problem`] (a diagnostic with its code and [`Span`], rendered by
//! [`Report`]); [`Limits`] and the rest of [`limits`] bound a run; [`report`]
//! renders answers; [`repl`] is the interactive session.
//!
//! ```
//! use grundy::{Answer, Engine};
//! let mut engine = Engine::default();
//! let answers = engine
//!     .run_program("game nim(n: nat) { move n - k for k in 1..=n }\ngrundy nim(3) + nim(5) + nim(7)")
//!     .expect("a valid program");
//! assert_eq!(answers[0], Answer::Grundy { expr: "nim(3) + nim(5) + nim(7)".into(), value: 1 });
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

// The pipeline's floors: internal. What a user of the library (and the two
// binaries, which are separate crates) may reach is the door below.
pub(crate) mod budget;
pub(crate) mod check;
pub(crate) mod diagnostics;
pub(crate) mod eval;
pub(crate) mod game;
pub(crate) mod graph;
pub(crate) mod lang;
#[cfg(feature = "cli")]
pub mod repl;
pub mod report;
pub(crate) mod run;
pub(crate) mod solve;
pub(crate) mod syntax;

pub use check::program::Stmt;
pub use diagnostics::{reference_section, Problem, Report, Span};
pub use limits::{Exceeded, Limits, SparseMode};
pub use report::Namer;
pub use run::{Answer, Mode, Outcome};
pub use syntax::layout::normalize;

pub mod limits {
    //! The limits a run is held to (positions, memory, time, sparse space),
    //! what going past one reports, and the sizes they are written in.
    pub use crate::budget::{
        allocated, max_memory_ceiling, now, parse_size, set_host, show_size, Exceeded, Host,
        Limits, SparseMode,
    };
}

pub mod answer {
    //! An [`Answer`] and the typed values inside it: positions,
    //! values, canonical forms, misère quotients, tables, graphs.
    pub use crate::lang::value::{GameSum, Value};
    pub use crate::run::answer::{Axes, Explanation, MoveGraph, Part, Rule, ValueGrid};
    pub use crate::run::{Answer, Outcome};
    pub use crate::solve::impartial::periodicity::{HeapValues, Regularity};
    pub use crate::solve::loopy::generalized::Gsg;
    pub use crate::solve::misere::{Genus, Periodicity, Phylum, Quotient};
    pub use crate::solve::partizan::{Cmp, Dyadic, Form, Piece, Thermograph, Wall};
}

#[doc(hidden)]
pub mod internals {
    //! **Not part of the stable surface**: may change or go in any release.
    //!
    //! It exists for the benchmarks that compare a solver against a hand
    //! loop or time one phase on its own (the explicit graph, the loopy
    //! solvers, the canonical-form store), and for the few tests that read a
    //! solver's tables or the language's own lists (builtins, nimber
    //! arithmetic) to check them against an independent computation.
    pub use crate::budget::Budget;
    pub use crate::game::compiled::placement::Placement;
    pub use crate::game::Games;
    pub use crate::graph::explicit::ExplicitGraph;
    pub use crate::lang::builtin::BUILTINS;
    pub use crate::lang::nimber::{nim_inv, nim_mul};
    pub use crate::lang::value::{InstId, Pos};
    pub use crate::solve::impartial::Solver;
    pub use crate::solve::loopy::{generalized::Generalized, retrograde::Retrograde};
    pub use crate::solve::partizan::boards::{
        Board, Cells, Packed, Solver as PlacementSolver, Solvers as PlacementSolvers,
    };
    pub use crate::solve::partizan::{CanonStore, Nus};

    /// An engine's parts, borrowed apart (to build [`Games`] and a
    /// [`Solver`] over the engine's memo tables).
    pub struct Parts<'a> {
        /// Everything defined so far.
        pub globals: &'a crate::check::program::Globals,
        /// Constants, boards, instances.
        pub rt: &'a mut crate::eval::runtime::Runtime,
        /// Each instance's compiled rules.
        pub compiled: &'a mut crate::game::compiled::Cache,
        /// The one budget.
        pub budget: &'a Budget,
        /// The memo tables.
        pub analyses: &'a mut crate::solve::Analyses,
    }

    /// Borrows `engine`'s parts apart.
    pub fn parts(engine: &mut crate::Engine) -> Parts<'_> {
        Parts {
            globals: &engine.globals,
            rt: &mut engine.rt,
            compiled: &mut engine.compiled,
            budget: &engine.budget,
            analyses: &mut engine.analyses,
        }
    }
}

use budget::Budget;
use check::program::Globals;
use eval::eval_error::EvalError;
use eval::interp::Interp;
use eval::runtime::Runtime;
use run::{statement::line_starts, Runner};
use solve::Analyses;

/// A running interpreter: the definitions so far, what evaluation keeps, the
/// one budget, and every analysis' memo.
#[derive(Debug, Default)]
pub struct Engine {
    /// Everything defined so far.
    pub(crate) globals: Globals,
    /// Constants, boards, instances.
    pub(crate) rt: Runtime,
    /// Each instance's compiled rules, kept until a game is redefined.
    pub(crate) compiled: game::compiled::Cache,
    /// The one budget.
    pub(crate) budget: Budget,
    /// Memo tables, kept across statements until a game is redefined.
    pub(crate) analyses: Analyses,
    /// Line starts of the text loaded last (for assertion line numbers).
    lines: Vec<usize>,
}

/// About how many bytes of memory reading one byte of a program takes at its
/// peak (the parser's tokens, the syntax tree and the checked statements held
/// together): measured 58 to 82 on programs of short statements.
const READING_BYTES_PER_BYTE: usize = 80;

/// The diagnostic for a program too large to read within the memory limit.
fn too_long_to_read(bytes: usize, needed: usize, limits: &Limits) -> Problem {
    Problem {
        code: "grundy::limit",
        message: format!(
            "this program is {} of text; reading it takes about {}, more than the memory limit of {}",
            budget::show_size(bytes),
            budget::show_size(needed),
            budget::show_size(limits.max_memory)
        ),
        help: "split it into smaller files, or raise the limit with `--max-memory SIZE`".into(),
        labels: vec![(Span::new(0, 0), "this program".into())],
    }
}

impl Engine {
    /// Makes `flag` this engine's Ctrl-C: set, it stops the running
    /// statement as the REPL's Ctrl-C does (`grundy run` sets it on the first
    /// Ctrl-C, so a streamed sequence saves its checkpoint first).
    pub fn set_cancel_flag(&mut self, flag: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        self.budget.set_cancel_flag(flag);
    }

    /// An engine with the given limits.
    pub fn with_limits(limits: Limits) -> Engine {
        Engine {
            budget: Budget::new(limits),
            ..Engine::default()
        }
    }

    /// Parses and checks `source`. Nothing is defined unless the whole text is
    /// valid; with `replace`, definitions may replace earlier ones (the REPL).
    pub fn load(&mut self, source: &str, replace: bool) -> Result<Vec<Stmt>, Vec<Problem>> {
        self.load_with(source, replace, syntax::parse)
    }

    /// Loads a REPL entry or `grundy eval` text: as [`Engine::load`], and a
    /// bare expression alone is accepted too, to be shown with its value.
    pub fn load_entry(&mut self, source: &str, replace: bool) -> Result<Vec<Stmt>, Vec<Problem>> {
        self.load_with(source, replace, syntax::parse_entry)
    }

    fn load_with(
        &mut self,
        source: &str,
        replace: bool,
        parse: fn(&str) -> Result<syntax::ast::Program, Vec<syntax::SyntaxError>>,
    ) -> Result<Vec<Stmt>, Vec<Problem>> {
        let needed = source.len().saturating_mul(READING_BYTES_PER_BYTE);
        if self.budget.reserve(needed).is_err() {
            return Err(vec![too_long_to_read(
                source.len(),
                needed,
                self.budget.limits(),
            )]);
        }
        let normalized = syntax::layout::normalize(source);
        let source: &str = &normalized;
        let program = parse(source)
            .map_err(|errs| errs.iter().map(Problem::from_error).collect::<Vec<_>>())?;
        let mut globals = self.globals.clone();
        let stmts = check::check_program(&program, source, &mut globals, replace)
            .map_err(|errs| errs.iter().map(Problem::from_error).collect::<Vec<_>>())?;
        let redefines_game = replace
            && stmts
                .iter()
                .any(|s| matches!(s, Stmt::Game(id) if *id < self.globals.games.len()));
        self.globals = globals;
        self.lines = line_starts(source);
        if redefines_game {
            self.forget();
        }
        Ok(stmts)
    }

    /// Forgets every computed value (definitions stay).
    pub fn forget(&mut self) {
        self.analyses.clear();
        self.compiled.clear();
        self.budget.reset_positions();
    }

    /// Evaluates one expression typed alone (e.g. a position in `play`).
    pub fn eval_expr(&mut self, text: &str) -> Result<lang::value::Value, Vec<Problem>> {
        let source = format!("print {text}");
        let program = syntax::parse(&source)
            .map_err(|errs| errs.iter().map(Problem::from_error).collect::<Vec<_>>())?;
        let mut globals = self.globals.clone();
        let stmts = check::check_program(&program, &source, &mut globals, true)
            .map_err(|errs| errs.iter().map(Problem::from_error).collect::<Vec<_>>())?;
        let Some(Stmt::Print(expr, ..)) = stmts.first() else {
            return Err(vec![]);
        };
        self.budget.start();
        let result = Interp::new(&self.globals, &mut self.rt, &self.budget).top(expr);
        self.rt.call_depth = 0;
        result.map_err(|e| vec![Problem::from_error(&e.at_least(expr.expr.span))])
    }

    /// Runs one checked statement of the text loaded last.
    ///
    /// A memory or position limit empties the memo tables, so that the session
    /// goes on with room; when tables were full from earlier statements, the
    /// statement is tried once more from scratch, within the same time limit.
    pub fn run(&mut self, stmt: &Stmt, mode: Mode) -> Result<Option<Answer>, Problem> {
        let had_memo = !self.analyses.is_empty();
        let mut result = self.run_once(stmt, mode);
        if let Err(e) = &result {
            if matches!(
                e.exceeded(),
                Some(Exceeded::Memory(_) | Exceeded::Positions(_))
            ) {
                self.forget();
                if had_memo {
                    // The retry shares the statement's time limit.
                    result = self.run_again(stmt, mode);
                    if result.is_err() {
                        self.forget();
                    }
                }
            }
        }
        let span = stmt_span(stmt, &self.globals);
        result.map_err(|e| Problem::from_error(&e.at_least(span)))
    }

    fn run_once(&mut self, stmt: &Stmt, mode: Mode) -> Result<Option<Answer>, EvalError> {
        self.budget.start();
        self.run_started(stmt, mode)
    }

    /// [`Engine::run_once`] without restarting the statement's clock.
    fn run_again(&mut self, stmt: &Stmt, mode: Mode) -> Result<Option<Answer>, EvalError> {
        self.budget.restart();
        self.run_started(stmt, mode)
    }

    fn run_started(&mut self, stmt: &Stmt, mode: Mode) -> Result<Option<Answer>, EvalError> {
        let mut runner = Runner {
            globals: &self.globals,
            rt: &mut self.rt,
            compiled: &mut self.compiled,
            budget: &self.budget,
            analyses: &mut self.analyses,
        };
        let result = runner.run_stmt(stmt, &self.lines, mode);
        self.rt.call_depth = 0;
        result
    }

    /// Loads `source` and runs every statement, collecting the answers; stops
    /// at the first problem.
    pub fn run_program(&mut self, source: &str) -> Result<Vec<Answer>, Problem> {
        let stmts = self.load(source, false).map_err(|mut problems| {
            if problems.is_empty() {
                problems.push(Problem::from_error(&EvalError::internal(
                    "a program refused without a reason",
                    Span::default(),
                )));
            }
            problems.swap_remove(0)
        })?;
        let mut answers = Vec::new();
        for stmt in &stmts {
            if let Some(a) = self.run(stmt, Mode::Run)? {
                answers.push(a);
            }
        }
        Ok(answers)
    }

    /// What the progress line calls a statement: `grundy kayles(5000)`, `let xs`.
    pub fn statement_label(&self, stmt: &Stmt) -> String {
        let g = &self.globals;
        match stmt {
            Stmt::Query(q) | Stmt::AssertQuery(q, _, _) => {
                format!("{} {}", q.kind.keyword(), q.text)
            }
            Stmt::Print(_, text, _) => format!("print {text}"),
            Stmt::Show(_, text, _) => text.clone(),
            Stmt::Let(id, _) => g
                .constants
                .get(*id)
                .map_or_else(|| "let".into(), |c| format!("let {}", c.name)),
            Stmt::Board(id) => g
                .boards
                .get(*id)
                .map_or_else(|| "board".into(), |b| format!("board {}", b.name)),
            Stmt::AssertExpr(..) => "assert".into(),
            Stmt::Game(_) | Stmt::Function(_) => "defining".into(),
        }
    }

    /// Shows `stmt` on the progress line and starts its count from the
    /// engine's budget.
    pub fn begin_progress(&self, progress: &report::Progress, stmt: &Stmt) {
        progress.begin(&self.statement_label(stmt), &self.budget);
    }

    /// Names positions and values for the report.
    pub fn namer(&self) -> Namer<'_> {
        Namer {
            globals: &self.globals,
            rt: &self.rt,
            canon: &self.analyses.partizan.store,
            misere: self.analyses.misere.forms(),
        }
    }
}

/// The span of a statement, for errors that arise outside any expression.
fn stmt_span(stmt: &Stmt, globals: &Globals) -> Span {
    match stmt {
        Stmt::Query(q) => q.span,
        Stmt::Print(_, _, span)
        | Stmt::Show(_, _, span)
        | Stmt::AssertQuery(_, _, span)
        | Stmt::AssertExpr(_, span) => *span,
        Stmt::Let(_, e) => e.expr.span,
        Stmt::Board(id) => globals.boards.get(*id).map(|b| b.span).unwrap_or_default(),
        Stmt::Game(id) => globals.games.get(*id).map(|g| g.span).unwrap_or_default(),
        Stmt::Function(id) => globals
            .functions
            .get(*id)
            .map(|f| f.span)
            .unwrap_or_default(),
    }
}

//! AST → checked program: names, arities, kinds and obvious type errors, all
//! collected before anything runs.

pub(crate) mod check_error;
mod check_expr;
pub(crate) mod checker;
pub(crate) mod program;

pub use checker::check_program;

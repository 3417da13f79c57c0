//! AST → checked program: names, arities, kinds and obvious type errors, all
//! collected before anything runs.

pub mod check_error;
mod check_expr;
pub mod checker;
pub mod program;

pub use check_error::CheckError;
pub use checker::check_program;

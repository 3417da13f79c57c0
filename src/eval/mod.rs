//! Values, expressions and the rules of games compiled to option generators.

pub mod builtins;
pub mod eval_error;
pub mod interp;
pub mod iterate;
pub mod nimber;
pub mod operators;
pub mod options;
pub mod positions;
pub mod print;
pub mod runtime;
pub mod value;

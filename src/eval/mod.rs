//! Expressions: values, every operator once, the built-ins, and the positions
//! and printing that evaluation needs.

pub mod builtins;
pub mod eval_error;
pub mod grid;
pub mod interp;
pub mod iterate;
pub mod ops;
pub mod position;
pub mod print;
pub mod runtime;

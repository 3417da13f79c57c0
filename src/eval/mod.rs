//! Expressions: values, every operator once, the built-ins, and the positions
//! and printing that evaluation needs.

pub(crate) mod builtins;
pub(crate) mod eval_error;
pub(crate) mod grid;
pub(crate) mod interp;
pub(crate) mod iterate;
pub(crate) mod ops;
pub(crate) mod position;
pub(crate) mod print;
pub(crate) mod runtime;

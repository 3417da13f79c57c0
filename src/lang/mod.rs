//! The shared vocabulary of every stage: values and positions, nim arithmetic,
//! boards, the built-in functions' names and arities.

pub(crate) mod board;
pub(crate) mod builtin;
pub(crate) mod dyadic;
pub(crate) mod loopy;
pub(crate) mod nimber;
pub(crate) mod value;

//! The shared vocabulary of every stage: values and positions, nim arithmetic,
//! boards, the built-in functions' names and arities.

pub mod board;
pub mod builtin;
pub mod dyadic;
pub mod nimber;
pub mod value;

//! The shared vocabulary of every stage: values and positions, nim arithmetic,
//! boards.

pub mod board;
pub mod dyadic;
pub mod nimber;
pub mod value;

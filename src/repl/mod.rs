//! The interactive REPL: a [`Session`] (all logic, tested without a terminal),
//! the `play` loop, help, and the rustyline [`editor`] around them.

pub mod editor;
pub mod help;
pub mod play;
pub mod session;

pub use editor::run;
pub use session::{Response, Session};

//! The interactive REPL: a [`Session`] (all logic, tested without a terminal),
//! the `play` loop, help, the [`worker`] thread the session runs on, and the
//! rustyline [`editor`] around them.

pub mod editor;
pub mod help;
pub mod play;
pub mod session;
pub mod worker;

pub use editor::run;
pub use session::{Response, Session};

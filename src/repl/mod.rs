//! The interactive REPL: a [`Session`] (all logic, tested without a terminal),
//! the `play` loop, help, the `worker` thread the session runs on (its
//! [`Supervisor`] and [`Interrupts`]), and the rustyline editor around them
//! ([`run`]).

pub(crate) mod editor;
pub(crate) mod help;
pub(crate) mod play;
pub(crate) mod session;
pub(crate) mod worker;

pub use editor::run;
pub use session::{Response, Session};
pub use worker::{Evaluator, Factory, Interrupts, Status, Supervisor, GRACE};

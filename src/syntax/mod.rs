//! Text → spanned AST: the layout pass, the pest grammar, and lowering.

pub(crate) mod ast;
pub(crate) mod layout;
pub(crate) mod lower;
pub(crate) mod parser;
pub(crate) mod syntax_error;

pub use parser::{parse, parse_entry};
pub use syntax_error::SyntaxError;

//! Text → spanned AST: the layout pass, the pest grammar, and lowering.

pub mod ast;
pub mod layout;
pub mod lower;
pub mod parser;
pub mod syntax_error;

pub use parser::{parse, parse_entry};
pub use syntax_error::SyntaxError;

//! The only place that turns typed answers into text, JSON, SVG, DOT, CSV or
//! LaTeX (and, in `files`, writes them to the directories `run` is given).

pub mod csv;
pub mod dot;
pub mod files;
pub mod json;
pub mod progress;
pub mod sequence_svg;
pub mod sequence_text;
pub mod svg;
pub mod text;
pub mod thermograph_svg;
pub mod tikz;

pub use json::json;
pub use text::{file_letters, text, text_at_width};

use crate::check::program::Globals;
use crate::eval::print::{show_sum, show_value};
use crate::eval::runtime::Runtime;
use crate::lang::value::{GameSum, Value};

/// Names positions and values in `.game` syntax (games are known by id).
#[derive(Clone, Copy)]
pub struct Namer<'a> {
    /// The definitions.
    pub globals: &'a Globals,
    /// The instances positions refer to.
    pub rt: &'a Runtime,
    /// The store canonical forms live in.
    pub canon: &'a crate::solve::partizan::CanonStore,
}

impl<'a> Namer<'a> {
    /// A sum of positions.
    pub fn sum(&self, g: &GameSum) -> String {
        show_sum(g, self.globals, self.rt)
    }

    /// A canonical form.
    pub fn form(&self, f: crate::solve::partizan::Form) -> String {
        self.canon.show(f)
    }

    /// Any value.
    pub fn value(&self, v: &Value) -> String {
        show_value(v, self.globals, self.rt)
    }
}

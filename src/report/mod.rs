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
pub mod table_text;
pub mod text;
pub mod thermograph_svg;
pub mod tikz;

pub use json::json;
pub use text::{file_letters, text, text_at_width};

use crate::check::program::Globals;
use crate::eval::print::{show_sum, show_sum_in_game_context, show_value};
use crate::eval::runtime::Runtime;
use crate::lang::value::{GameSum, Value};

/// Appends `v` in decimal, right-aligned in `width` columns (long listings
/// of numbers: `write!` per number would cost more than the numbers).
pub fn push_number(buf: &mut Vec<u8>, v: u64, width: usize) {
    if v < 10 {
        // Most values of most sequences.
        buf.extend(std::iter::repeat_n(b' ', width.saturating_sub(1)));
        buf.push(b'0' + v as u8);
        return;
    }
    let mut digits = [0u8; 20];
    let (mut v, mut i) = (v, digits.len());
    loop {
        i -= 1;
        if let Some(d) = digits.get_mut(i) {
            *d = b'0' + (v % 10) as u8;
        }
        v /= 10;
        if v == 0 {
            break;
        }
    }
    let shown = digits.get(i..).unwrap_or(&[]);
    buf.resize(buf.len() + width.saturating_sub(shown.len()), b' ');
    buf.extend_from_slice(shown);
}

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

    /// A sum where numbers read as games (`1/2`, not `1/2 + *0`).
    pub fn sum_in_game_context(&self, g: &GameSum) -> String {
        show_sum_in_game_context(g, self.globals, self.rt)
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

//! The only place that turns typed answers into text, JSON, SVG, DOT, CSV or
//! LaTeX (and, in `files`, writes them to the directories `run` is given).

pub(crate) mod csv;
pub(crate) mod dot;
pub(crate) mod files;
pub(crate) mod json;
pub(crate) mod picture;
pub(crate) mod progress;
pub(crate) mod sequence_svg;
pub(crate) mod sequence_text;
pub(crate) mod svg;
pub(crate) mod sweep_text;
pub(crate) mod table_text;
pub(crate) mod text;
pub(crate) mod thermograph_svg;
pub(crate) mod tikz;

pub use csv::table_csv;
pub use dot::dot;
pub use files::{file_stem, Exports};
pub use json::{assert_json, json, write_json};
pub use picture::{picture, Picture};
pub use progress::Progress;
pub use sequence_svg::sequence_svg;
pub use svg::table_svg;
pub use table_text::write_table_text;
pub(crate) use text::file_letters;
pub use text::{
    expected_text, text, text_at_width, value_text, write_text_at_width, DEFAULT_WIDTH,
};
pub use thermograph_svg::thermograph_svg;
pub use tikz::table_tikz;

use crate::check::program::Globals;
use crate::eval::print::{show_sum, show_sum_in_game_context, show_value};
use crate::eval::runtime::Runtime;
use crate::lang::value::{GameSum, Value};
use crate::run::answer::Axes;

/// The label of row `i` (0 the top row) of a table `height` rows high: a
/// board's rank, or the first parameter's value.
pub(crate) fn row_label(axes: Axes, i: usize, height: usize) -> String {
    match axes {
        Axes::Board => (height - i).to_string(),
        Axes::Ranges { rows, .. } => (rows + i as i64).to_string(),
    }
}

/// The label of column `c` (0 the leftmost): a board's file letters, or the
/// second parameter's value.
pub(crate) fn col_label(axes: Axes, c: usize) -> String {
    match axes {
        Axes::Board => file_letters(c + 1),
        Axes::Ranges { cols, .. } => (cols + c as i64).to_string(),
    }
}

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
    /// The store misère canonical forms live in.
    pub misere: &'a crate::solve::misere::Forms,
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

    /// A misère canonical form in the language (`*{*{*2}, 0}`).
    pub fn misere_form(&self, f: crate::solve::misere::MisereForm) -> String {
        self.misere.show(f)
    }

    /// A misère canonical form in Conway's notation (`2#0`).
    pub fn misere_conway(&self, f: crate::solve::misere::MisereForm) -> String {
        self.misere.conway(f)
    }

    /// Any value.
    pub fn value(&self, v: &Value) -> String {
        show_value(v, self.globals, self.rt)
    }
}

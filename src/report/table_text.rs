//! A `table` answer as text: rank numbers on the left (top row first), file
//! letters below, `#` for blocked squares, P-positions (value 0) marked with a
//! trailing `'`.
//!
//! Each column is as wide as its widest value and values are right-aligned, so
//! the units line up down a column whatever the values; the `'` sits in a slot
//! of its own after the digits, so a marked `0` stays in line too. The table is
//! written line by line from the grid of values (one pass finds the column
//! widths), never held as one string.

use super::{col_label, row_label};
use crate::run::answer::{Axes, ValueGrid};
use std::io::{self, Write};

/// The whole answer, each line ending in a newline.
pub fn write_table_text(out: &mut dyn Write, expr: &str, grid: &ValueGrid) -> io::Result<()> {
    writeln!(out, "table {expr}:")?;
    let axes = grid.axes();
    let mut widths: Vec<usize> = (0..grid.width())
        .map(|c| col_label(axes, c).len())
        .collect();
    for row in grid.rows() {
        for (w, v) in widths.iter_mut().zip(row.iter()) {
            *w = (*w).max(v.map_or(1, digits));
        }
    }
    let height = grid.height();
    let label_w = (0..height)
        .map(|i| row_label(axes, i, height).len())
        .max()
        .unwrap_or(1);
    // One line at a time into a reused buffer, written in blocks.
    let mut lines = Vec::with_capacity(BLOCK + 256);
    for (i, row) in grid.rows().enumerate() {
        lines.extend_from_slice(format!("{:>label_w$}", row_label(axes, i, height)).as_bytes());
        lines.extend_from_slice(b" |");
        let start = lines.len();
        for (v, &width) in row.iter().zip(&widths) {
            lines.push(b' ');
            match v {
                Some(x) => super::push_number(&mut lines, x, width),
                None => {
                    lines.resize(lines.len() + width - 1, b' ');
                    lines.push(b'#');
                }
            }
            lines.push(if v == Some(0) { b'\'' } else { b' ' });
        }
        while lines.len() > start && lines.last() == Some(&b' ') {
            lines.pop();
        }
        lines.push(b'\n');
        if lines.len() >= BLOCK {
            out.write_all(&lines)?;
            lines.clear();
        }
    }
    out.write_all(&lines)?;
    let mut files = format!("{:>label_w$}  ", "");
    for (c, width) in widths.iter().enumerate() {
        files.push_str(&format!(" {:>width$} ", col_label(axes, c)));
    }
    writeln!(out, "{}", files.trim_end())?;
    match axes {
        Axes::Board => writeln!(
            out,
            "(values are Grundy values; ' marks a P-position, # a blocked square)"
        ),
        Axes::Ranges { .. } => writeln!(
            out,
            "(rows: the first parameter, columns: the second; values are Grundy values; ' marks a P-position)"
        ),
    }
}

/// Rows are written once this many bytes of them are laid out.
const BLOCK: usize = 1 << 16;

/// How many decimal digits `v` has.
fn digits(v: u64) -> usize {
    v.checked_ilog10().map_or(1, |d| d as usize + 1)
}

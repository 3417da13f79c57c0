//! A `sequence` answer as a table of values, the way Winning Ways prints
//! nim-sequences: one row per period (so each column is one residue class and a
//! periodic part reads as repeated rows), the heap at the start of each row in
//! the left margin and the offset within the row above each column: heap =
//! row + column.
//!
//! ```text
//! sequence kayles 60..96:
//!    n |  0  1  2  3  4  5  6  7  8  9 10 11
//!   ---+------------------------------------
//!   60 |  4  1  2  8  1  4  7  2  1  8  6 >7
//!   ---+------------------------------------
//!   72 |  4  1  2  8  1  4  7  2  1  8  2  7
//!   84 |  4  1  2  8  1  4  7  2  1  8  2  7
//!   periodic, preperiod 71, period 12, proven (heaps 0..256 examined)
//!   (heap = n + column; > marks heap 71, where the period begins)
//! ```
//!
//! `>` marks the first value of the periodic part when the range shows values on
//! both sides of it, and a rule like the one under the header comes before the
//! first row lying wholly in the periodic part. Rows wider than the width given
//! are split over several lines (the header too), evenly.

use crate::solve::impartial::periodicity::{HeapValues, Regularity};
use std::io::{self, Write};

/// Rows of the period when it is at least this long…
const MIN_PERIOD_ROW: usize = 3;
/// … and at most this long; otherwise rows of [`FALLBACK_ROW`].
const MAX_PERIOD_ROW: usize = 40;
/// The row length without a usable period (Kayles' rows in Winning Ways).
const FALLBACK_ROW: usize = 12;
/// Room before the margin.
const INDENT: &str = "  ";

/// The number of values in one row: the period, if one was found and is
/// neither very short nor very long, else 12.
pub fn row_length(regularity: &Option<Regularity>) -> usize {
    match regularity {
        Some(r) if (MIN_PERIOD_ROW..=MAX_PERIOD_ROW).contains(&r.period) => r.period,
        _ => FALLBACK_ROW,
    }
}

/// The whole answer: the heading, the table, the regularity line and, when a
/// marker appears, the line explaining it. `width` is the terminal's (80 when
/// unknown); the table never exceeds it unless one value alone would.
pub fn sequence_text(
    game: &str,
    from: i64,
    values: &HeapValues,
    regularity: &Option<Regularity>,
    searched: usize,
    width: usize,
) -> String {
    let mut out = Vec::new();
    // Writing to a vector cannot fail.
    let _ = write_sequence_text(&mut out, game, from, values, regularity, searched, width);
    String::from_utf8_lossy(&out).trim_end().to_string()
}

/// The same, written line by line as it is laid out (a range of millions of
/// heaps is never held as one string), ending in a newline.
pub fn write_sequence_text(
    out: &mut dyn Write,
    game: &str,
    from: i64,
    values: &HeapValues,
    regularity: &Option<Regularity>,
    searched: usize,
    width: usize,
) -> io::Result<()> {
    let to = from + values.len() as i64;
    writeln!(out, "sequence {game} {}:", shown_range(from, values.len()))?;
    let start = i64::try_from(regularity.map_or(0, |r| r.preperiod)).unwrap_or(i64::MAX);
    // Marked only where the range shows values on both sides of it.
    let marked = (from < start && start < to).then_some(start);
    if !values.is_empty() {
        table(out, from, values, row_length(regularity), marked, width)?;
    }
    write!(
        out,
        "{INDENT}{} (heaps 0..{searched} examined)",
        super::text::regularity_text(regularity)
    )?;
    if let Some(m) = marked {
        write!(
            out,
            "\n{INDENT}(heap = n + column; > marks heap {m}, where the period begins)"
        )?;
    }
    writeln!(out)
}

/// The table lines, each ending in a newline.
fn table(
    out: &mut dyn Write,
    from: i64,
    values: &HeapValues,
    row: usize,
    marked: Option<i64>,
    width: usize,
) -> io::Result<()> {
    let row_i = i64::try_from(row).unwrap_or(i64::MAX);
    let first_row = from.div_euclid(row_i) * row_i;
    let to = from + values.len() as i64;
    let last_row = (to - 1).div_euclid(row_i) * row_i;
    let label_w = [first_row, last_row]
        .iter()
        .map(|n| n.to_string().len())
        .max()
        .unwrap_or(1);
    // Each cell: a gap (where `>` may stand) and the digits, right-aligned.
    let digits = values
        .max()
        .map(|v| v.to_string().len())
        .into_iter()
        .chain(std::iter::once((row - 1).to_string().len()))
        .max()
        .unwrap_or(1);
    let layout = Layout {
        label_w,
        cell: digits + 1,
        per_line: {
            let margin = INDENT.len() + label_w + 2;
            let fit = (width.saturating_sub(margin) / (digits + 1)).max(1);
            row.div_ceil(row.div_ceil(fit))
        },
    };

    let header: Vec<String> = (0..row).map(|c| layout.cell(&c.to_string())).collect();
    layout.row(out, "n", &header)?;
    layout.rule(out)?;
    let mut row_start = first_row;
    // Reused for every row: a long range allocates nothing per row, and rows
    // are written a block at a time.
    let (mut cells, mut lines) = (Vec::with_capacity(row), Vec::with_capacity(BLOCK + 256));
    let mut repeat = Repeat::default();
    let mut next = values.iter();
    while row_start < to {
        // The rule before the first row wholly in the periodic part.
        if marked.is_some_and(|m| row_start >= m && row_start - row_i < m) {
            out.write_all(&lines)?;
            lines.clear();
            layout.rule(out)?;
        }
        // A short last row ends with its last value: no blank lines.
        cells.clear();
        cells.extend((row_start..(row_start + row_i).min(to)).map(|n| {
            let value = if n < from { None } else { next.next() };
            (value, marked == Some(n))
        }));
        layout.value_row(&mut lines, &mut repeat, row_start, &cells);
        if lines.len() >= BLOCK {
            out.write_all(&lines)?;
            lines.clear();
        }
        row_start += row_i;
    }
    out.write_all(&lines)
}

/// Rows are written once this many bytes of them are laid out.
const BLOCK: usize = 1 << 18;

/// The last one-line row: its values, its number and its text.
#[derive(Default)]
struct Repeat {
    cells: Vec<(Option<u32>, bool)>,
    label: i64,
    row: Vec<u8>,
}

/// Adds `step` to a right-aligned decimal number in place; false when the
/// sum would need a column the margin does not have (or it is not a number).
fn add_in_place(margin: &mut [u8], step: u64) -> bool {
    let mut carry = step;
    for d in margin.iter_mut().rev() {
        if carry == 0 {
            return true;
        }
        let digit = match *d {
            b'0'..=b'9' => u64::from(*d - b'0'),
            b' ' => 0,
            _ => return false,
        };
        let sum = digit + carry % 10;
        *d = b'0' + (sum % 10) as u8;
        carry = carry / 10 + sum / 10;
    }
    carry == 0
}

/// How wide the parts of the table are.
struct Layout {
    /// The margin's numbers.
    label_w: usize,
    /// One value with its gap.
    cell: usize,
    /// Values on one line; a row longer than this continues on the next.
    per_line: usize,
}

impl Layout {
    fn cell(&self, text: &str) -> String {
        format!("{text:>width$}", width = self.cell)
    }

    /// One row: the label on its first line only.
    fn row(&self, out: &mut dyn Write, label: &str, cells: &[String]) -> io::Result<()> {
        for (k, chunk) in cells.chunks(self.per_line).enumerate() {
            let shown = if k == 0 { label } else { "" };
            let line = format!("{INDENT}{shown:>w$} |{}", chunk.concat(), w = self.label_w);
            writeln!(out, "{}", line.trim_end())?;
        }
        Ok(())
    }

    /// One row of values (`None` for heaps before the range, `true` for the
    /// marked heap), laid out as [`Layout::row`] lays out text cells and
    /// appended to `lines`. A row on one line whose values are the row
    /// before's (every row of a periodic part) is that row's text with the
    /// margin's number counted on.
    fn value_row(
        &self,
        lines: &mut Vec<u8>,
        repeat: &mut Repeat,
        label: i64,
        cells: &[(Option<u32>, bool)],
    ) {
        let (w, cell) = (self.label_w, self.cell);
        let one_line = cells.len() <= self.per_line;
        let margin = INDENT.len()..INDENT.len() + w;
        // Margins of rows at heap 0 or more hold only digits and blanks.
        if one_line && repeat.cells == cells && label >= 0 && repeat.label >= 0 {
            let counted = u64::try_from(label - repeat.label).is_ok_and(|step| {
                repeat
                    .row
                    .get_mut(margin.clone())
                    .is_some_and(|m| add_in_place(m, step))
            });
            if counted {
                repeat.label = label;
                lines.extend_from_slice(&repeat.row);
                return;
            }
        }
        let first = lines.len();
        for (k, chunk) in cells.chunks(self.per_line).enumerate() {
            let start = lines.len();
            lines.extend_from_slice(INDENT.as_bytes());
            match u64::try_from(label) {
                Ok(l) if k == 0 => super::push_number(lines, l, w),
                _ if k == 0 => lines.extend_from_slice(format!("{label:>w$}").as_bytes()),
                _ => lines.resize(lines.len() + w, b' '),
            }
            lines.extend_from_slice(b" |");
            for &(value, mark) in chunk {
                match (value, mark) {
                    (None, _) => lines.resize(lines.len() + cell, b' '),
                    (Some(v), true) => {
                        lines.extend_from_slice(format!("{:>cell$}", format!(">{v}")).as_bytes())
                    }
                    (Some(v), false) => super::push_number(lines, u64::from(v), cell),
                }
            }
            while lines.len() > start && lines.last() == Some(&b' ') {
                lines.pop();
            }
            lines.push(b'\n');
        }
        if one_line {
            repeat.label = label;
            repeat.cells.clear();
            repeat.cells.extend_from_slice(cells);
            repeat.row.clear();
            repeat
                .row
                .extend_from_slice(lines.get(first..).unwrap_or(&[]));
        }
    }

    fn rule(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "{INDENT}{}-+{}",
            "-".repeat(self.label_w),
            "-".repeat(self.per_line * self.cell)
        )
    }
}

/// The heaps shown, as the query would write them: `0..=100` (the last heap
/// included, as people ask for it), or `5..5` when there are none.
pub fn shown_range(from: i64, count: usize) -> String {
    match i64::try_from(count) {
        Ok(n) if n > 0 => format!("{from}..={}", from.saturating_add(n - 1)),
        _ => format!("{from}..{from}"),
    }
}

/// `sequence G a..b` of a loopy game: each heap's generalised value, as many
/// to a row as fit `width` columns, each row labelled by its first heap.
pub fn loopy_sequence_text(
    game: &str,
    from: i64,
    values: &[crate::solve::loopy::generalized::Gsg],
    width: usize,
) -> String {
    let cells: Vec<String> = values.iter().map(ToString::to_string).collect();
    let cell_w = cells.iter().map(|c| c.chars().count()).max().unwrap_or(1);
    let last = from + values.len() as i64 - 1;
    let label_w = from.to_string().len().max(last.to_string().len());
    let per_row = (width.saturating_sub(label_w + 5) / (cell_w + 1)).max(1);
    let mut out = format!(
        "sequence {game} {}: generalised values (a loopy game)",
        shown_range(from, values.len())
    );
    for (r, row) in cells.chunks(per_row).enumerate() {
        let heap = from + (r * per_row) as i64;
        out.push_str(&format!("\n  {heap:>label_w$} |"));
        for cell in row {
            out.push_str(&format!(" {cell:>cell_w$}"));
        }
    }
    out.push_str("\n  (heap n + c in row n, column c; inf{K}: no finite value, K the options' finite values)");
    out
}

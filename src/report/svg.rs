//! Draws a `table` answer as an SVG chessboard (`grundy run FILE --svg DIR`).
//!
//! The picture follows the text table ([`crate::report::table_text`]): row H on
//! top, file letters along the bottom, rank numbers down the left, a1 dark. Each
//! square shows its Grundy value; P-positions (value 0) get a red ring and
//! blocked squares are hatched. Everything here is pure string building: the
//! caller decides where the file goes.

use super::{col_label, row_label};
use crate::run::answer::Axes;
use std::fmt::Write;

/// Side of one square, in SVG user units (pixels when rendered at 1:1), when
/// every value has at most three digits; wider values widen the squares.
const SQUARE: usize = 48;
/// Size of the values' digits.
const VALUE_FONT: f64 = 20.0;
/// Width of one digit at [`VALUE_FONT`] (DejaVu Sans: 0.64 em), and the room
/// kept free beside the widest value.
const DIGIT_W: f64 = 12.8;
const VALUE_PAD: f64 = 16.0;
/// Room left of the board for the rank numbers.
const LEFT: usize = 34;
/// Room above the board for the title.
const TOP: usize = 44;
/// Room below the board for the file letters, the legend and the caption.
const BOTTOM: usize = 82;
/// Room right of the board.
const RIGHT: usize = 16;
/// Narrowest picture, so the title and legend fit above and below small boards.
const MIN_WIDTH: usize = 330;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
/// The colour of text and lines.
pub(crate) const INK: &str = "#1b1b1b";
/// The colour that marks P-positions, in every picture.
pub(crate) const P_RING: &str = "#c62828";

/// A board of Grundy values as a standalone SVG document.
///
/// `rows` are as in [`crate::run::Answer::Table`]: top row (row H) first,
/// `None` for a blocked square. `title`, the game as the query wrote it, is
/// printed above the board as `table GAME` and named in the caption below it
/// (escaped).
pub fn table_svg(title: &str, rows: &[Vec<Option<u64>>], axes: Axes) -> String {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let square = square_side(rows);
    let board_h = rows.len() * square;
    let caption = match axes {
        Axes::Board => format!("Grundy values of {} (a1 bottom left)", title.trim()),
        Axes::Ranges { .. } => format!(
            "Grundy values of {} (first parameter down, second across)",
            title.trim()
        ),
    };
    // Room for the caption too (13 px italic: about 7 px a character).
    let caption_w = LEFT + caption.chars().count() * 7 + RIGHT;
    let width = (LEFT + cols * square + RIGHT).max(MIN_WIDTH).max(caption_w);
    let total_h = TOP + board_h + BOTTOM;

    let mut svg = String::new();
    header(&mut svg, title, width, total_h);
    board(&mut svg, rows, cols, square, axes);
    file_labels(&mut svg, cols, square, board_h, axes);
    let any_blocked = rows.iter().flatten().any(Option::is_none);
    legend(&mut svg, TOP + board_h + 46, any_blocked);
    let _ = writeln!(
        svg,
        r##"  <text class="caption" x="{LEFT}" y="{}" font-size="13" font-style="italic" fill="{INK}">{}</text>"##,
        TOP + board_h + 70,
        escape(&caption)
    );
    svg.push_str("</svg>\n");
    svg
}

/// The document's opening: the `<svg>` element `width` by `total_h`, its
/// title, the hatching pattern for blocked squares, the white background and
/// the title as text.
fn header(svg: &mut String, title: &str, width: usize, total_h: usize) {
    let _ = writeln!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{total_h}" viewBox="0 0 {width} {total_h}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">"##
    );
    let _ = writeln!(svg, "  <title>table {}</title>", escape(title));
    // Hatching drawn over the square's own colour, so the board's pattern shows
    // through the blocked squares.
    svg.push_str(concat!(
        "  <defs>\n",
        "    <pattern id=\"hatch\" patternUnits=\"userSpaceOnUse\" width=\"8\" height=\"8\" patternTransform=\"rotate(45)\">\n",
        "      <rect width=\"8\" height=\"8\" fill=\"#6b6b6b\" fill-opacity=\"0.35\"/>\n",
        "      <line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"8\" stroke=\"#333333\" stroke-width=\"3\"/>\n",
        "    </pattern>\n",
        "  </defs>\n",
    ));
    let _ = writeln!(
        svg,
        r##"  <rect width="{width}" height="{total_h}" fill="#ffffff"/>"##
    );
    let _ = writeln!(
        svg,
        r##"  <text x="{LEFT}" y="{}" font-size="18" font-weight="bold" fill="{INK}">table {}</text>"##,
        TOP - 16,
        escape(title)
    );
}

/// The board: every square of `cols` columns row by row, each row's rank
/// number on its left, and the outline around them.
fn board(svg: &mut String, rows: &[Vec<Option<u64>>], cols: usize, square: usize, axes: Axes) {
    let height = rows.len();
    for (i, row) in rows.iter().enumerate() {
        let rank = height - i;
        let label = row_label(axes, i, height);
        let y = TOP + i * square;
        for c in 0..cols {
            let x = LEFT + c * square;
            // a1 (column 1, row 1) is dark: dark where column + row is even.
            let dark = (c + 1 + rank) % 2 == 0;
            board_square(svg, (x, y), square, dark, row.get(c).copied().flatten());
        }
        let _ = writeln!(
            svg,
            r##"  <text class="rank" x="{}" y="{}" font-size="14" text-anchor="middle" fill="{INK}">{label}</text>"##,
            LEFT / 2,
            y + square / 2 + 5
        );
    }
    let (board_w, board_h) = (cols * square, height * square);
    let _ = writeln!(
        svg,
        r##"  <rect x="{LEFT}" y="{TOP}" width="{board_w}" height="{board_h}" fill="none" stroke="#333333" stroke-width="1.5"/>"##
    );
}

/// One square with its top left corner at `(x, y)`: its colour, then its
/// value (ringed when 0), or hatching when it is blocked (`None`).
fn board_square(
    svg: &mut String,
    (x, y): (usize, usize),
    square: usize,
    dark: bool,
    value: Option<u64>,
) {
    let (class, fill) = if dark {
        ("dark", DARK)
    } else {
        ("light", LIGHT)
    };
    let _ = writeln!(
        svg,
        r##"  <rect class="square {class}" x="{x}" y="{y}" width="{square}" height="{square}" fill="{fill}"/>"##
    );
    let Some(value) = value else {
        let _ = writeln!(
            svg,
            r##"  <rect class="blocked" x="{x}" y="{y}" width="{square}" height="{square}" fill="url(#hatch)"/>"##
        );
        return;
    };
    let (cx, cy) = (x + square / 2, y + square / 2);
    let text = value.to_string();
    let size = font_size(text.len(), square);
    // Centre the digits: SVG places text on its baseline, and
    // `dominant-baseline` is not honoured everywhere.
    let baseline = cy as f64 + size * 0.36;
    if value == 0 {
        let _ = writeln!(
            svg,
            r##"  <circle class="p-position" cx="{cx}" cy="{cy}" r="{}" fill="#ffffff" fill-opacity="0.6" stroke="{P_RING}" stroke-width="3"/>"##,
            square * 3 / 8
        );
    }
    let (colour, weight) = if value == 0 {
        (P_RING, "bold")
    } else {
        (INK, "normal")
    };
    let _ = writeln!(
        svg,
        r##"  <text class="value" x="{cx}" y="{baseline:.1}" font-size="{size:.1}" font-weight="{weight}" text-anchor="middle" fill="{colour}">{text}</text>"##
    );
}

/// The file letters below the board's `cols` columns (`board_h` tall).
fn file_labels(svg: &mut String, cols: usize, square: usize, board_h: usize, axes: Axes) {
    for c in 0..cols {
        let _ = writeln!(
            svg,
            r##"  <text class="file" x="{}" y="{}" font-size="14" text-anchor="middle" fill="{INK}">{}</text>"##,
            LEFT + c * square + square / 2,
            TOP + board_h + 20,
            col_label(axes, c)
        );
    }
}

/// The key below the board: what the ring means, and the hatching if any
/// square is blocked.
fn legend(svg: &mut String, y: usize, any_blocked: bool) {
    let x = LEFT;
    let _ = writeln!(
        svg,
        r##"  <circle cx="{}" cy="{}" r="7" fill="#ffffff" stroke="{P_RING}" stroke-width="2.5"/>"##,
        x + 7,
        y - 5
    );
    let _ = writeln!(
        svg,
        r##"  <text x="{}" y="{y}" font-size="13" fill="{INK}">P-position (value 0)</text>"##,
        x + 20
    );
    if !any_blocked {
        return;
    }
    let _ = writeln!(
        svg,
        r##"  <rect x="{}" y="{}" width="16" height="16" fill="{LIGHT}" stroke="#333333" stroke-width="0.8"/>"##,
        x + 170,
        y - 13
    );
    let _ = writeln!(
        svg,
        r##"  <rect x="{}" y="{}" width="16" height="16" fill="url(#hatch)"/>"##,
        x + 170,
        y - 13
    );
    let _ = writeln!(
        svg,
        r##"  <text x="{}" y="{y}" font-size="13" fill="{INK}">blocked</text>"##,
        x + 192
    );
}

/// The side of a square: [`SQUARE`], or wider when the widest value would not
/// fit in it at [`VALUE_FONT`] (four digits and more).
fn square_side(rows: &[Vec<Option<u64>>]) -> usize {
    let digits = rows
        .iter()
        .flatten()
        .flatten()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1);
    let needed = (digits as f64 * DIGIT_W + VALUE_PAD).ceil() as usize;
    SQUARE.max(needed)
}

/// Font size for a value of `digits` digits, so that it fits inside its square.
fn font_size(digits: usize, square: usize) -> f64 {
    let fits = (square as f64 - VALUE_PAD) / (digits.max(1) as f64 * 0.64);
    fits.min(VALUE_FONT)
}

/// Escapes text for SVG character data and attribute values.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            other => out.push(other),
        }
    }
    out
}

//! Draws a `table` answer as an SVG chessboard (`grundy run FILE --svg DIR`).
//!
//! The picture follows the text table ([`crate::report::table_text`]): row H on
//! top, file letters along the bottom, rank numbers down the left, a1 dark. Each
//! square shows its Grundy value; P-positions (value 0) get a red ring and
//! blocked squares are hatched. Everything here is pure string building: the
//! caller decides where the file goes.

use super::file_letters;
use std::fmt::Write;

/// Side of one square, in SVG user units (pixels when rendered at 1:1).
const SQUARE: usize = 48;
/// Room left of the board for the rank numbers.
const LEFT: usize = 34;
/// Room above the board for the title.
const TOP: usize = 44;
/// Room below the board for the file letters and the legend.
const BOTTOM: usize = 60;
/// Room right of the board.
const RIGHT: usize = 16;
/// Narrowest picture, so the title and legend fit above and below small boards.
const MIN_WIDTH: usize = 330;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const INK: &str = "#1b1b1b";
const P_RING: &str = "#c62828";

/// The file name (without `.svg`) for a table of `expr`: the game's name with
/// anything but letters, digits, `_` and `-` turned into `_`
/// (`sub[{1, 2}]` → `sub_1_2`); `table` when nothing is left.
pub fn svg_file_stem(expr: &str) -> String {
    let mut stem = String::new();
    for ch in expr.trim().chars() {
        if ch.is_ascii_alphanumeric() || ch == '-' || ch == '_' {
            stem.push(ch);
        } else if !stem.ends_with('_') {
            stem.push('_');
        }
    }
    let stem = stem.trim_matches('_');
    if stem.is_empty() {
        "table".to_string()
    } else {
        stem.to_string()
    }
}

/// A board of Grundy values as a standalone SVG document.
///
/// `rows` are as in [`crate::run::Answer::Table`]: top row (row H) first,
/// `None` for a blocked square. `title` is printed above the board (escaped).
pub fn table_svg(title: &str, rows: &[Vec<Option<u64>>]) -> String {
    let height = rows.len();
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let board_w = cols * SQUARE;
    let board_h = height * SQUARE;
    let width = (LEFT + board_w + RIGHT).max(MIN_WIDTH);
    let total_h = TOP + board_h + BOTTOM;

    let mut svg = String::new();
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

    for (i, row) in rows.iter().enumerate() {
        let rank = height - i;
        let y = TOP + i * SQUARE;
        for c in 0..cols {
            let x = LEFT + c * SQUARE;
            // a1 (column 1, row 1) is dark: dark where column + row is even.
            let dark = (c + 1 + rank).is_multiple_of(2);
            let (class, fill) = if dark {
                ("dark", DARK)
            } else {
                ("light", LIGHT)
            };
            let _ = writeln!(
                svg,
                r##"  <rect class="square {class}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{fill}"/>"##
            );
            let (cx, cy) = (x + SQUARE / 2, y + SQUARE / 2);
            match row.get(c).copied().flatten() {
                None => {
                    let _ = writeln!(
                        svg,
                        r##"  <rect class="blocked" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="url(#hatch)"/>"##
                    );
                }
                Some(value) => {
                    let text = value.to_string();
                    let size = font_size(text.len());
                    // Centre the digits: SVG places text on its baseline, and
                    // `dominant-baseline` is not honoured everywhere.
                    let baseline = cy as f64 + size * 0.36;
                    if value == 0 {
                        let _ = writeln!(
                            svg,
                            r##"  <circle class="p-position" cx="{cx}" cy="{cy}" r="{}" fill="#ffffff" fill-opacity="0.6" stroke="{P_RING}" stroke-width="3"/>"##,
                            SQUARE * 3 / 8
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
            }
        }
        let _ = writeln!(
            svg,
            r##"  <text class="rank" x="{}" y="{}" font-size="14" text-anchor="middle" fill="{INK}">{rank}</text>"##,
            LEFT / 2,
            y + SQUARE / 2 + 5
        );
    }
    let _ = writeln!(
        svg,
        r##"  <rect x="{LEFT}" y="{TOP}" width="{board_w}" height="{board_h}" fill="none" stroke="#333333" stroke-width="1.5"/>"##
    );
    for c in 0..cols {
        let _ = writeln!(
            svg,
            r##"  <text class="file" x="{}" y="{}" font-size="14" text-anchor="middle" fill="{INK}">{}</text>"##,
            LEFT + c * SQUARE + SQUARE / 2,
            TOP + board_h + 20,
            file_letters(c + 1)
        );
    }
    let any_blocked = rows.iter().flatten().any(Option::is_none);
    legend(&mut svg, TOP + board_h + 46, any_blocked);
    svg.push_str("</svg>\n");
    svg
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

/// Font size for a value of `digits` digits, so that it fits inside its square.
fn font_size(digits: usize) -> f64 {
    let fits = (SQUARE as f64) * 1.25 / digits.max(1) as f64;
    fits.min(20.0)
}

/// Escapes text for SVG character data and attribute values.
fn escape(text: &str) -> String {
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

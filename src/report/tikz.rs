//! A `table` answer as LaTeX/TikZ (`grundy run FILE --tex DIR`): a standalone
//! document holding one `tikzpicture` of the board, oriented as the SVG board
//! (a1 bottom left and dark, rank numbers on the left, file letters below),
//! each square with its Grundy value, P-positions ringed in red, blocked squares
//! hatched, the query as a caption. `pdflatex FILE.tex` compiles it; the
//! `tikzpicture` can be pasted into any document that loads TikZ with the
//! `patterns` library and defines the three colours.

use super::{col_label, row_label};
use crate::run::answer::Axes;
use std::fmt::Write;

/// The board as a standalone LaTeX document; `title` is the game as the query
/// wrote it.
pub fn table_tikz(title: &str, rows: &[Vec<Option<u64>>], axes: Axes) -> String {
    let height = rows.len();
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut t = String::new();
    let _ = writeln!(t, "% table {}: Grundy values drawn by grundy", title.trim());
    t.push_str(concat!(
        "\\documentclass[tikz, border=4pt]{standalone}\n",
        "\\usetikzlibrary{patterns}\n",
        "\\definecolor{grundylight}{HTML}{F0D9B5}\n",
        "\\definecolor{grundydark}{HTML}{B58863}\n",
        "\\definecolor{grundyp}{HTML}{C62828}\n",
        "\\begin{document}\n",
        "\\begin{tikzpicture}[x=1cm, y=1cm]\n",
    ));
    // Row i of `rows` (top first) is rank height - i; its squares span
    // y = rank - 1 .. rank, so a1 is the unit square at the origin.
    for (i, row) in rows.iter().enumerate() {
        let rank = height - i;
        let y = rank - 1;
        for c in 0..cols {
            let colour = if (c + 1 + rank) % 2 == 0 {
                "grundydark"
            } else {
                "grundylight"
            };
            let _ = writeln!(
                t,
                "  \\fill[{colour}] ({c},{y}) rectangle ++(1,1);  % {}",
                match axes {
                    Axes::Board => format!("{}{rank}", col_label(axes, c)),
                    Axes::Ranges { .. } =>
                        format!("({}, {})", row_label(axes, i, height), col_label(axes, c)),
                }
            );
            let (cx, cy) = (c as f64 + 0.5, y as f64 + 0.5);
            match row.get(c).copied().flatten() {
                None => {
                    let _ = writeln!(
                        t,
                        "  \\fill[pattern=north east lines, pattern color=black!70] ({c},{y}) rectangle ++(1,1);"
                    );
                }
                Some(0) => {
                    let _ = writeln!(
                        t,
                        "  \\draw[grundyp, very thick, fill=white, fill opacity=0.6] ({cx},{cy}) circle (0.36);"
                    );
                    let _ = writeln!(
                        t,
                        "  \\node[text=grundyp, font=\\bfseries] at ({cx},{cy}) {{0}};"
                    );
                }
                Some(v) => {
                    let size = match v.to_string().len() {
                        0..=3 => "",
                        4..=5 => ", font=\\small",
                        _ => ", font=\\scriptsize",
                    };
                    let _ = writeln!(t, "  \\node[inner sep=0pt{size}] at ({cx},{cy}) {{{v}}};");
                }
            }
        }
        let _ = writeln!(
            t,
            "  \\node[left] at (0,{}) {{{}}};",
            y as f64 + 0.5,
            row_label(axes, i, height)
        );
    }
    let _ = writeln!(t, "  \\draw[thick] (0,0) rectangle ({cols},{height});");
    for c in 0..cols {
        let _ = writeln!(
            t,
            "  \\node[below] at ({},0) {{{}}};",
            c as f64 + 0.5,
            col_label(axes, c)
        );
    }
    let _ = writeln!(
        t,
        "  \\node[below] at ({},-0.6) {{\\texttt{{table {}}}: Grundy values, P-positions ringed}};",
        cols as f64 / 2.0,
        latex_escape(title.trim())
    );
    t.push_str("\\end{tikzpicture}\n\\end{document}\n");
    t
}

/// A `sequence` answer as a standalone LaTeX document (`grundy run FILE --tex
/// DIR`): the values as points joined by a line, heaps along the bottom and
/// values up the left, the preperiod shaded when a regularity was found, the
/// query as a caption; `pdflatex FILE.tex` compiles it.
pub fn sequence_tikz(
    game: &str,
    from: i64,
    values: &[u32],
    regularity: &Option<crate::solve::impartial::periodicity::Regularity>,
) -> String {
    let top = values.iter().copied().max().unwrap_or(0).max(1);
    // A plot 12 cm wide and 6 cm high, whatever the range.
    let (sx, sy) = (12.0 / values.len().max(1) as f64, 6.0 / f64::from(top));
    let mut t = String::new();
    let _ = writeln!(
        t,
        "% sequence {}: Grundy values drawn by grundy",
        game.trim()
    );
    t.push_str(concat!(
        "\\documentclass[tikz, border=4pt]{standalone}\n",
        "\\definecolor{grundyp}{HTML}{C62828}\n",
        "\\begin{document}\n",
        "\\begin{tikzpicture}[x=1cm, y=1cm]\n",
    ));
    if let Some(r) = regularity {
        let end = (r.preperiod as i64 - from).clamp(0, values.len() as i64) as f64 * sx;
        if end > 0.0 {
            let _ = writeln!(
                t,
                "  \\fill[black!8] (0,0) rectangle ({end:.3},{:.3});",
                f64::from(top) * sy
            );
        }
    }
    let _ = writeln!(
        t,
        "  \\draw[->] (0,0) -- ({:.3},0) node[right] {{$n$}};",
        values.len() as f64 * sx + 0.3
    );
    let _ = writeln!(
        t,
        "  \\draw[->] (0,0) -- (0,{:.3}) node[above] {{$g(n)$}};",
        f64::from(top) * sy + 0.3
    );
    let _ = writeln!(
        t,
        "  \\node[left] at (0,{:.3}) {{{top}}};",
        f64::from(top) * sy
    );
    let _ = writeln!(t, "  \\node[left] at (0,0) {{0}};");
    let _ = writeln!(t, "  \\node[below] at (0,0) {{{from}}};");
    let last = from + values.len() as i64 - 1;
    let _ = writeln!(
        t,
        "  \\node[below] at ({:.3},0) {{{last}}};",
        values.len().saturating_sub(1) as f64 * sx
    );
    let points: Vec<String> = values
        .iter()
        .enumerate()
        .map(|(i, &v)| format!("({:.3},{:.3})", i as f64 * sx, f64::from(v) * sy))
        .collect();
    if !points.is_empty() {
        let _ = writeln!(t, "  \\draw[black!60] {};", points.join(" -- "));
    }
    for (p, &v) in points.iter().zip(values) {
        let colour = if v == 0 { "grundyp" } else { "black" };
        let _ = writeln!(t, "  \\fill[{colour}] {p} circle (1.5pt);");
    }
    let _ = writeln!(
        t,
        "  \\node[below] at (6,-0.6) {{\\texttt{{sequence {}}}: Grundy values, P-positions in red}};",
        latex_escape(game.trim())
    );
    t.push_str("\\end{tikzpicture}\n\\end{document}\n");
    t
}

/// Escapes text for LaTeX (in `\texttt`, where `\{`, `\}` print as braces).
fn latex_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '_' | '%' => {
                out.push('\\');
                out.push(ch);
            }
            '^' => out.push_str("\\^{}"),
            '~' => out.push_str("\\textasciitilde{}"),
            other => out.push(other),
        }
    }
    out
}

//! A `table` answer as LaTeX/TikZ (`grundy run FILE --tex DIR`): a standalone
//! document holding one `tikzpicture` of the board, oriented as the SVG board
//! (a1 bottom left and dark, rank numbers on the left, file letters below),
//! each square with its Grundy value, P-positions ringed in red, blocked squares
//! hatched, the query as a caption. `pdflatex FILE.tex` compiles it; the
//! `tikzpicture` can be pasted into any document that loads TikZ with the
//! `patterns` library and defines the three colours.

use super::file_letters;
use std::fmt::Write;

/// The board as a standalone LaTeX document; `title` is the game as the query
/// wrote it.
pub fn table_tikz(title: &str, rows: &[Vec<Option<u64>>]) -> String {
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
            let colour = if (c + 1 + rank).is_multiple_of(2) {
                "grundydark"
            } else {
                "grundylight"
            };
            let _ = writeln!(
                t,
                "  \\fill[{colour}] ({c},{y}) rectangle ++(1,1);  % {}{rank}",
                file_letters(c + 1)
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
        let _ = writeln!(t, "  \\node[left] at (0,{}) {{{rank}}};", y as f64 + 0.5);
    }
    let _ = writeln!(t, "  \\draw[thick] (0,0) rectangle ({cols},{height});");
    for c in 0..cols {
        let _ = writeln!(
            t,
            "  \\node[below] at ({},0) {{{}}};",
            c as f64 + 0.5,
            file_letters(c + 1)
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

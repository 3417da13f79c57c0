//! Tables exported for other programs: CSV (`run --csv DIR`) and LaTeX/TikZ
//! (`run --tex DIR`), both oriented as the text table and the SVG board (top
//! rank first; in TikZ a1 at the origin, dark).

use crate::common;

use grundy::answer::Axes;
use grundy::report::{table_csv, table_tikz};
use grundy::Answer;

/// The queen of Wythoff's game on a 5 × 4 board with c2 and b3 blocked.
const QUEEN: &str = "board small = 5 x 4 without {@c2, @b3}\n\
    game queen(sq) on small { move s for d in {(-1, 0), (0, -1), (-1, -1)}, s in ray(sq, d) }\n\
    table queen\n";

fn table(program: &str) -> (String, Vec<Vec<Option<u64>>>) {
    match common::answers(program).pop() {
        Some(Answer::Table { expr, grid }) => (expr, grid.to_rows()),
        other => panic!("expected a table, got {other:?}"),
    }
}

#[test]
fn csv_of_a_small_board() {
    let (_, rows) = table(QUEEN);
    let csv = table_csv(&rows, Axes::Board);
    insta::assert_snapshot!("queen_csv", csv);
    let lines: Vec<&str> = csv.split("\r\n").collect();
    assert_eq!(lines[0], "rank,a,b,c,d,e");
    // Rank 1 is Wythoff's row of one empty heap: g(k, 0) = k.
    assert_eq!(lines[4], "1,0,1,2,3,4");
    // Blocked squares are empty fields: b3 and c2.
    assert_eq!(lines[2], "3,2,,1,2,3");
    assert_eq!(lines[3], "2,1,2,,0,1");
    assert_eq!(lines[5], "", "every line ends in CRLF");
    assert!(lines[..5].iter().all(|l| l.split(',').count() == 6));
}

#[test]
fn tikz_of_a_small_board() {
    let (expr, rows) = table(QUEEN);
    let tex = table_tikz(&expr, &rows, Axes::Board);
    insta::assert_snapshot!("queen_tikz", tex);
    assert!(tex.starts_with("% table queen"));
    assert!(tex.contains("\\documentclass[tikz, border=4pt]{standalone}"));
    assert_eq!(tex.matches("\\begin{tikzpicture}").count(), 1);
    assert!(tex.trim_end().ends_with("\\end{document}"));
    // a1 is the unit square at the origin and dark; b1 light; a4 on top.
    assert!(tex.contains("\\fill[grundydark] (0,0) rectangle ++(1,1);  % a1"));
    assert!(tex.contains("\\fill[grundylight] (1,0) rectangle ++(1,1);  % b1"));
    assert!(tex.contains("\\fill[grundylight] (0,3) rectangle ++(1,1);  % a4"));
    // 20 squares, 2 hatched, and every P-position of the table ringed: a1
    // (Wythoff's (0, 0)), and with b3 and c2 blocked, d2 and b4.
    assert_eq!(tex.matches("rectangle ++(1,1);  %").count(), 20);
    assert_eq!(tex.matches("pattern=north east lines").count(), 2);
    let zeros = rows.iter().flatten().filter(|v| **v == Some(0)).count();
    assert_eq!(tex.matches("circle (0.36)").count(), zeros);
    assert_eq!(zeros, 3);
    // Braces balance, so LaTeX reads the groups as written.
    assert_eq!(tex.matches('{').count(), tex.matches('}').count());
}

#[test]
fn tikz_escapes_what_latex_reads_specially() {
    let tex = table_tikz("sub[{1, 2}] & 50% #x_y", &[vec![Some(1)]], Axes::Board);
    assert!(tex.contains("\\texttt{table sub[\\{1, 2\\}] \\& 50\\% \\#x\\_y}"));
}

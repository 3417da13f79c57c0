//! Tables and sequences of any game (issue 39 item 2): `table G a..b, c..d`
//! of a two-parameter game, `sequence G(3, _) a..b` along one parameter, and
//! the CSV and LaTeX files of sequences. Expected values come from theorems.

use crate::common::{problem, texts};

const MR: &str = "game mr(x: nat, y: nat) { move mr(x - k, y) for k in 1..=x; move mr(x, y - k) for k in 1..=y }\n";
const WYTHOFF: &str = "game wythoff(x: nat, y: nat) {\n    move wythoff(x - k, y) for k in 1..=x\n    move wythoff(x, y - k) for k in 1..=y\n    move wythoff(x - k, y - k) for k in 1..=min(x, y)\n}\n";

/// The cells of a text table, row by row (labels and the legend dropped).
fn cells(table: &str) -> Vec<Vec<String>> {
    table
        .lines()
        .filter_map(|l| l.split_once(" | ").map(|(_, row)| row))
        .map(|row| row.split_whitespace().map(str::to_string).collect())
        .collect()
}

/// Two-heap Nim as a rook: the value of (x, y) is x ⊕ y (Bouton), laid out
/// with the first parameter down the rows from the first range's start.
#[test]
fn a_table_of_two_ranges_holds_each_positions_value() {
    let out = texts(&format!("{MR}table mr 2..6, 1..8"));
    let rows = cells(&out[0]);
    assert_eq!(rows.len(), 4);
    for (i, row) in rows.iter().enumerate() {
        let x = 2 + i as u64;
        let want: Vec<String> = (1..8u64)
            .map(|y| format!("{}{}", x ^ y, if x == y { "'" } else { "" }))
            .collect();
        assert_eq!(row, &want, "row {x}");
    }
    assert!(out[0].starts_with("table mr 2..6, 1..8:"), "{}", out[0]);
    let labels: Vec<&str> = out[0]
        .lines()
        .filter_map(|l| l.split_once(" | "))
        .map(|(l, _)| l.trim())
        .collect();
    assert_eq!(labels, ["2", "3", "4", "5"]);
}

/// Wythoff's P-positions are the Beatty pairs (⌊kφ⌋, ⌊kφ²⌋) and their mirror
/// images (Wythoff 1907): the zeros of the table are exactly those.
#[test]
fn wythoffs_table_has_its_zeros_at_the_beatty_pairs() {
    let out = texts(&format!("{WYTHOFF}table wythoff 0..14, 0..14"));
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let mut beatty = std::collections::BTreeSet::new();
    for k in 0..10u32 {
        let (a, b) = (
            (f64::from(k) * phi) as usize,
            (f64::from(k) * phi * phi) as usize,
        );
        beatty.insert((a, b));
        beatty.insert((b, a));
    }
    for (x, row) in cells(&out[0]).iter().enumerate() {
        for (y, cell) in row.iter().enumerate() {
            assert_eq!(
                cell == "0'",
                beatty.contains(&(x, y)),
                "({x}, {y}) is {cell}"
            );
        }
    }
}

/// `sequence mr(3, _)`: the values 3 ⊕ n, an arithmetic period 4 with saltus
/// 4 (observed: no theorem covers a line of a two-parameter game).
#[test]
fn a_sequence_runs_along_one_parameter_with_the_others_fixed() {
    let src = format!(
        "{MR}assert sequence mr(3, _) 0..16 == [nimsum(3, n) for n in 0..16]\n\
         assert sequence mr(_, 5) 2..9 == [nimsum(n, 5) for n in 2..9]\n\
         sequence mr(3, _) 0..12"
    );
    let out = texts(&src);
    assert_eq!(out.len(), 1);
    assert!(
        out[0].starts_with("sequence mr(3, _) 0..=11:"),
        "{}",
        out[0]
    );
    assert!(
        out[0].contains("arithmetic-periodic, preperiod 0, period 4, saltus 4, observed"),
        "{}",
        out[0]
    );
}

/// A sequence of a many-parameter game without its hole, and a table of a
/// game with other than two parameters, are diagnostics that say what to write.
#[test]
fn tables_and_sequences_that_do_not_fit_say_what_to_write() {
    let p = problem(&format!("{MR}sequence mr 0..5"));
    assert!(p.message.contains("has 2 parameters"), "{}", p.message);
    assert!(p.help.contains("sequence G(3, _) 0..20"), "{}", p.help);
    let p = problem(&format!("{MR}table mr"));
    assert!(p.help.contains("table mr 0..8, 0..8"), "{}", p.help);
    let p = problem("game nim(n: nat) { move n - k for k in 1..=n }\ntable nim 0..3, 0..3");
    assert!(p.message.contains("has 1"), "{}", p.message);
    assert!(p.help.contains("sequence nim 0..20"), "{}", p.help);
    let p = problem(&format!("{MR}table mr 3..3, 0..2"));
    assert!(
        p.message.contains("starts at 3 and ends before 3"),
        "{}",
        p.message
    );
}

/// `--csv` and `--tex` write sequences as they write tables: Kayles' values
/// (OEIS A002186) one per line, and a TikZ plot with the P-positions (here
/// heap 0 only) in red; a table of two ranges is labelled by its values.
#[test]
fn sequences_and_range_tables_are_written_as_csv_and_latex() {
    let dir = std::env::temp_dir().join(format!("grundy-seq-csv-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let program = dir.with_extension("game");
    std::fs::write(
        &program,
        format!("game kayles = octal \"0.77\"\n{MR}sequence kayles 0..12\ntable mr 1..3, 0..3\n"),
    )
    .unwrap();
    let d = dir.to_str().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["run", program.to_str().unwrap(), "--csv", d, "--tex", d])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let csv = std::fs::read_to_string(dir.join("kayles.csv")).unwrap();
    let published = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6];
    let mut want = String::from("n,value\r\n");
    for (n, v) in published.iter().enumerate() {
        want.push_str(&format!("{n},{v}\r\n"));
    }
    assert_eq!(csv, want);
    let tex = std::fs::read_to_string(dir.join("kayles.tex")).unwrap();
    assert!(tex.contains("\\begin{tikzpicture}") && tex.ends_with("\\end{document}\n"));
    assert_eq!(tex.matches("\\fill[grundyp]").count(), 1, "{tex}");
    assert_eq!(tex.matches("circle (1.5pt)").count(), published.len());
    let table = std::fs::read_to_string(dir.join("mr_1_3_0_3.csv")).unwrap();
    assert_eq!(table, "x\\y,0,1,2\r\n1,1,0,3\r\n2,2,3,0\r\n");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_file(&program);
}

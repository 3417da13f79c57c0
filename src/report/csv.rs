//! A `table` answer as CSV (`grundy run FILE --csv DIR`), for spreadsheets and
//! scripts: a header row `rank,a,b,…`, then one row per rank, top rank first as
//! in the text table and the SVG board, an empty field for a blocked square. A
//! table of two parameters' ranges has the header `x\y,0,1,…` and one row per
//! value of the first parameter.
//! Lines end in CRLF, as RFC 4180 asks.

use super::{col_label, row_label};
use crate::run::answer::Axes;

/// The table as CSV text.
pub fn table_csv(rows: &[Vec<Option<u64>>], axes: Axes) -> String {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = String::from(match axes {
        Axes::Board => "rank",
        Axes::Ranges { .. } => "x\\y",
    });
    for c in 0..cols {
        out.push(',');
        out.push_str(&col_label(axes, c));
    }
    out.push_str("\r\n");
    for (i, row) in rows.iter().enumerate() {
        out.push_str(&row_label(axes, i, rows.len()));
        for c in 0..cols {
            out.push(',');
            if let Some(v) = row.get(c).copied().flatten() {
                out.push_str(&v.to_string());
            }
        }
        out.push_str("\r\n");
    }
    out
}

/// A `sequence` answer as CSV: a header row `n,value`, then one row per heap
/// from `from` on (`grundy run FILE --csv DIR`). Lines end in CRLF.
pub fn sequence_csv(from: i64, values: &[u32]) -> String {
    let mut out = String::from("n,value\r\n");
    for (i, v) in values.iter().enumerate() {
        out.push_str(&format!("{},{v}\r\n", from + i as i64));
    }
    out
}

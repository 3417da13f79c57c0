//! A `table` answer as CSV (`grundy run FILE --csv DIR`), for spreadsheets and
//! scripts: a header row `rank,a,b,…`, then one row per rank, top rank first as
//! in the text table and the SVG board, an empty field for a blocked square.
//! Lines end in CRLF, as RFC 4180 asks.

use super::file_letters;

/// The table as CSV text.
pub fn table_csv(rows: &[Vec<Option<u64>>]) -> String {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = String::from("rank");
    for c in 1..=cols {
        out.push(',');
        out.push_str(&file_letters(c));
    }
    out.push_str("\r\n");
    for (i, row) in rows.iter().enumerate() {
        out.push_str(&(rows.len() - i).to_string());
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

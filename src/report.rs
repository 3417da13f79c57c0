//! Renders answers for people (text) and for programs (one JSON object per line).

use crate::query::Answer;
use crate::solve::periodicity::Regularity;
use serde_json::json;

/// The regularity line of a `sequence` answer.
pub fn regularity_text(r: &Option<Regularity>) -> String {
    match r {
        None => "no regularity found".to_string(),
        Some(r) => {
            let status = if r.proven { "proven" } else { "observed" };
            if r.saltus == 0 {
                format!(
                    "periodic, preperiod {}, period {}, {status}",
                    r.preperiod, r.period
                )
            } else {
                format!(
                    "arithmetic-periodic, preperiod {}, period {}, saltus {}, {status}",
                    r.preperiod, r.period, r.saltus
                )
            }
        }
    }
}

/// The file letters of 1-based column `col`: `a`…`z`, then `aa`, `ab`, … (as in
/// square literals such as `@aa1`).
pub fn file_letters(col: usize) -> String {
    let name = crate::syntax::lower::square_name(i64::try_from(col).unwrap_or(i64::MAX), 1);
    name.trim_start_matches('@')
        .trim_end_matches('1')
        .to_string()
}

/// A board table: rank numbers on the left (top row first), file letters below,
/// `#` for blocked squares, P-positions (value 0) marked with a trailing `'`.
///
/// Each column is as wide as its widest value and values are right-aligned, so
/// the units line up down a column whatever the values; the `'` sits in a slot
/// of its own after the digits, so a marked `0` stays in line too.
pub fn table_text(rows: &[Vec<Option<u64>>]) -> String {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let cell = |v: &Option<u64>| v.map_or_else(|| "#".to_string(), |x| x.to_string());
    let widths: Vec<usize> = (0..cols)
        .map(|c| {
            rows.iter()
                .filter_map(|row| row.get(c))
                .map(|v| cell(v).len())
                .chain(std::iter::once(file_letters(c + 1).len()))
                .max()
                .unwrap_or(1)
        })
        .collect();
    let height = rows.len();
    let label_w = height.to_string().len();
    let mut out = String::new();
    let mut push_line = |line: String| {
        out.push_str(line.trim_end());
        out.push('\n');
    };
    for (i, row) in rows.iter().enumerate() {
        let rank = height - i;
        let mut line = format!("{rank:>label_w$} |");
        for (v, width) in row.iter().zip(&widths) {
            let mark = if *v == Some(0) { '\'' } else { ' ' };
            line.push_str(&format!(" {:>width$}{mark}", cell(v)));
        }
        push_line(line);
    }
    let mut files = format!("{:>label_w$}  ", "");
    for (c, width) in widths.iter().enumerate() {
        files.push_str(&format!(" {:>width$} ", file_letters(c + 1)));
    }
    push_line(files);
    push_line("(values are Grundy values; ' marks a P-position, # a blocked square)".to_string());
    out
}

/// An answer as text for a terminal. Passed assertions print nothing.
pub fn text(answer: &Answer) -> Option<String> {
    Some(match answer {
        Answer::Grundy { expr, value } => format!("grundy {expr} = {value}"),
        Answer::Outcome {
            expr,
            misere,
            value,
        } => {
            let play = if *misere { "misere " } else { "" };
            format!("outcome {play}{expr} = {value}")
        }
        Answer::Moves { expr, moves, .. } => {
            let mut s = format!(
                "moves {expr}: {} option{}",
                moves.len(),
                if moves.len() == 1 { "" } else { "s" }
            );
            for (m, g) in moves {
                s.push_str(&format!(
                    "\n  {m}    # grundy {g}{}",
                    if *g == 0 { ", P" } else { "" }
                ));
            }
            s
        }
        Answer::Winning {
            expr,
            misere,
            moves,
            ..
        } => {
            let play = if *misere { "misere " } else { "" };
            format!("winning {play}{expr} = {{{}}}", moves.join(", "))
        }
        Answer::Sequence {
            game,
            from,
            values,
            regularity,
        } => {
            let to = *from + values.len() as i64;
            let vals = values
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" ");
            format!(
                "sequence {game} {from}..{to}:\n  {vals}\n  {}",
                regularity_text(regularity)
            )
        }
        Answer::Table { expr, rows } => format!("table {expr}:\n{}", table_text(rows).trim_end()),
        Answer::Genus { expr, value } => format!("genus {expr} = {value}"),
        Answer::Explain { expr, explanation } => explanation.text(expr),
        Answer::Graph { dot, .. } => dot.trim_end().to_string(),
        Answer::Print { text, .. } => text.clone(),
        Answer::Assert { .. } => return None,
    })
}

/// An answer as one JSON object (LANGUAGE.md §11).
pub fn json(answer: &Answer) -> serde_json::Value {
    match answer {
        Answer::Grundy { expr, value } => json!({"query": "grundy", "expr": expr, "value": value}),
        Answer::Outcome {
            expr,
            misere,
            value,
        } => json!({
            "query": "outcome", "expr": expr, "play": if *misere { "misere" } else { "normal" }, "value": value
        }),
        Answer::Moves { expr, moves, .. } => json!({
            "query": "moves", "expr": expr,
            "value": moves.iter().map(|(m, g)| json!({"move": m, "grundy": g})).collect::<Vec<_>>()
        }),
        Answer::Winning {
            expr,
            misere,
            moves,
            ..
        } => json!({
            "query": "winning", "expr": expr, "play": if *misere { "misere" } else { "normal" }, "value": moves
        }),
        Answer::Sequence {
            game,
            from,
            values,
            regularity,
        } => {
            let reg = match regularity {
                None => json!({"kind": "none", "proven": false}),
                Some(r) => json!({
                    "kind": r.kind(), "preperiod": r.preperiod, "period": r.period,
                    "saltus": r.saltus, "proven": r.proven
                }),
            };
            json!({"query": "sequence", "game": game, "from": from, "values": values, "regularity": reg})
        }
        Answer::Table { expr, rows } => json!({"query": "table", "expr": expr, "rows": rows}),
        Answer::Genus { expr, value } => json!({"query": "genus", "expr": expr, "value": value}),
        Answer::Explain { expr, explanation } => json!({
            "query": "explain", "expr": expr, "value": explanation.value, "rule": explanation.rule,
            "parts": explanation.parts.iter().map(|(p, g)| json!({"position": p, "grundy": g})).collect::<Vec<_>>()
        }),
        Answer::Graph { expr, dot } => json!({"query": "graph", "expr": expr, "dot": dot}),
        Answer::Print {
            expr, json: value, ..
        } => json!({"query": "print", "expr": expr, "value": value}),
        Answer::Assert { line, passed, .. } => {
            json!({"query": "assert", "line": line, "passed": passed})
        }
    }
}

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

/// A board table: rank numbers on the left (top row first), file letters below,
/// `#` for blocked squares, P-positions (value 0) marked with a trailing `'`.
pub fn table_text(rows: &[Vec<Option<u64>>]) -> String {
    let width = rows
        .iter()
        .flatten()
        .map(|v| v.map_or(1, |x| x.to_string().len()))
        .max()
        .unwrap_or(1)
        + 1;
    let height = rows.len();
    let label_w = height.to_string().len();
    let mut out = String::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = height - i;
        out.push_str(&format!("{rank:>label_w$} |"));
        for cell in row {
            let text = match cell {
                None => "#".to_string(),
                Some(0) => "0'".to_string(),
                Some(v) => v.to_string(),
            };
            out.push_str(&format!(" {text:>width$}"));
        }
        out.push('\n');
    }
    out.push_str(&format!("{:>label_w$}  ", ""));
    let cols = rows.first().map_or(0, Vec::len);
    for c in 1..=cols {
        let letters = crate::syntax::lower::square_name(c as i64, 1);
        let letters = letters.trim_start_matches('@').trim_end_matches('1');
        out.push_str(&format!(" {letters:>width$}"));
    }
    out.push('\n');
    out.push_str("(values are Grundy values; ' marks a P-position, # a blocked square)\n");
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

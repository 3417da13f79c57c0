//! Answers as JSON for programs: one object per answer (LANGUAGE.md §11).

use super::Namer;
use crate::lang::value::Value;
use crate::run::answer::{Answer, Part, Rule};
use crate::solve::impartial::periodicity::Regularity;
use crate::solve::loopy::generalized::Gsg;
use serde_json::json;
use std::io::{self, Write};

/// A value as JSON (`print --json`).
pub fn value_json(v: &Value, namer: &Namer<'_>) -> serde_json::Value {
    use serde_json::Value as J;
    match v {
        Value::Int(n) => J::from(*n),
        Value::Bool(b) => J::from(*b),
        Value::Str(s) => J::from(s.as_ref()),
        Value::List(xs) | Value::Tuple(xs) | Value::Set(xs) => {
            J::Array(xs.iter().map(|x| value_json(x, namer)).collect())
        }
        Value::Infinite(k) => json!({ "inf": k.as_ref() }),
        other => J::from(namer.value(other)),
    }
}

/// A sequence's regularity as JSON.
fn regularity_json(regularity: &Option<Regularity>) -> serde_json::Value {
    match regularity {
        None => json!({"kind": "none", "proven": false}),
        Some(r) => json!({
            "kind": r.kind(), "preperiod": r.preperiod, "period": r.period,
            "saltus": r.saltus, "proven": r.proven
        }),
    }
}

/// Writes an answer as one line of JSON. A sequence is written value by value
/// and a table square by square, so neither is ever held as one JSON tree; the
/// text is exactly what [`json()`] gives.
pub fn write_json(out: &mut dyn Write, answer: &Answer, namer: &Namer<'_>) -> io::Result<()> {
    match answer {
        Answer::Sequence {
            game,
            from,
            values,
            regularity,
            searched,
        } => {
            write!(
                out,
                "{{\"query\":\"sequence\",\"game\":{},\"from\":{from},\"values\":[",
                json!(game)
            )?;
            write_numbers(out, values.iter().map(|v| Some(u64::from(v))), usize::MAX)?;
            writeln!(
                out,
                "],\"regularity\":{},\"searched\":{searched}}}",
                regularity_json(regularity)
            )
        }
        Answer::Table { expr, grid } => {
            write!(
                out,
                "{{\"query\":\"table\",\"expr\":{},\"rows\":[",
                json!(expr)
            )?;
            let squares = grid.rows().flat_map(|r| r.iter());
            write_numbers(out, squares, grid.width().max(1))?;
            writeln!(out, "]}}")
        }
        _ => writeln!(out, "{}", json(answer, namer)),
    }
}

/// Numbers separated by commas (`null` for `None`), in arrays of `per_row`
/// (`[1,2],[3,4]`) unless `per_row` is `usize::MAX`. Digits are written by
/// hand into one buffer: `write!` per value would cost more than the values.
fn write_numbers(
    out: &mut dyn Write,
    values: impl Iterator<Item = Option<u64>>,
    per_row: usize,
) -> io::Result<()> {
    let rows = per_row != usize::MAX;
    let mut buf = Vec::with_capacity(1 << 16);
    for (i, v) in values.enumerate() {
        let column = if rows { i % per_row } else { i };
        if i > 0 {
            buf.push(b',');
        }
        if rows && column == 0 {
            buf.push(b'[');
        }
        match v {
            Some(x) => super::push_number(&mut buf, x, 0),
            None => buf.extend_from_slice(b"null"),
        }
        if rows && column + 1 == per_row {
            buf.push(b']');
        }
        if buf.len() > (1 << 16) - 16 {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    out.write_all(&buf)
}

/// A generalised value as JSON: an integer, or `{"inf": [finite values]}`.
pub fn gsg_json(v: &Gsg) -> serde_json::Value {
    match v {
        Gsg::Finite(n) => json!(n),
        Gsg::Infinite(k) => json!({ "inf": k }),
    }
}

/// An answer as one JSON object.
pub fn json(answer: &Answer, namer: &Namer<'_>) -> serde_json::Value {
    let play = |misere: bool| if misere { "misere" } else { "normal" };
    match answer {
        Answer::Grundy { expr, value } => json!({"query": "grundy", "expr": expr, "value": value}),
        Answer::Compare { expr, value } => {
            json!({"query": "compare", "expr": expr, "value": value.symbol()})
        }
        Answer::Number { query, expr, value } => {
            json!({"query": query, "expr": expr, "value": value.to_string()})
        }
        Answer::Thermograph { expr, thermograph } => {
            let wall = |w: &crate::solve::partizan::Wall| {
                w.pieces
                    .iter()
                    .map(|p| json!({"t": p.t.to_string(), "value": p.value.to_string(), "slope": p.slope}))
                    .collect::<Vec<_>>()
            };
            json!({
                "query": "thermograph", "expr": expr,
                "temperature": thermograph.temperature.to_string(),
                "mean": thermograph.mast.to_string(),
                "left": wall(&thermograph.left), "right": wall(&thermograph.right)
            })
        }
        Answer::Canonical { expr, form } => {
            json!({"query": "canonical", "expr": expr, "value": namer.form(*form)})
        }
        Answer::Generalized { expr, value } => {
            json!({"query": "grundy", "expr": expr, "value": gsg_json(value)})
        }
        Answer::LoopyMoves {
            expr,
            value,
            moves,
            explain,
        } => json!({
            "query": if *explain { "explain" } else { "moves" }, "expr": expr,
            "grundy": gsg_json(value),
            "value": moves.iter().map(|(m, g)| json!({"move": namer.sum(m), "grundy": gsg_json(g)})).collect::<Vec<_>>()
        }),
        Answer::Outcome {
            expr,
            misere,
            value,
        } => json!({
            "query": "outcome", "expr": expr, "play": play(*misere), "value": value.letter()
        }),
        Answer::Moves { expr, moves } => json!({
            "query": "moves", "expr": expr,
            "value": moves.iter().map(|(m, g)| json!({"move": namer.sum(m), "grundy": g})).collect::<Vec<_>>()
        }),
        Answer::Winning {
            expr,
            misere,
            moves,
        } => json!({
            "query": "winning", "expr": expr, "play": play(*misere),
            "value": moves.iter().map(|m| namer.sum(m)).collect::<Vec<_>>()
        }),
        Answer::Sequence {
            game,
            from,
            values,
            regularity,
            searched,
        } => {
            json!({
                "query": "sequence", "game": game, "from": from,
                "values": values.to_vec(), "regularity": regularity_json(regularity),
                "searched": searched
            })
        }
        Answer::Table { expr, grid } => {
            json!({"query": "table", "expr": expr, "rows": grid.to_rows()})
        }
        Answer::Quotient {
            game,
            up_to,
            quotient,
            period,
        } => {
            let names = |xs: &[u32]| xs.iter().map(|&x| quotient.name(x)).collect::<Vec<_>>();
            let period = period
                .as_ref()
                .map(|p| json!({"preperiod": p.preperiod, "period": p.period, "proven": p.proven}));
            json!({
                "query": "quotient", "game": game, "up_to": up_to,
                "order": quotient.order(),
                "presentation": quotient.presentation_string(),
                "generators": quotient.presentation().generator_heaps,
                "p": names(&quotient.p_portion()),
                "phi": names(quotient.phis()),
                "period": period,
            })
        }
        Answer::Genus {
            expr,
            value,
            phylum,
        } => {
            json!({"query": "genus", "expr": expr, "value": value.to_string(), "phylum": phylum.name()})
        }
        Answer::Explain { expr, explanation } => json!({
            "query": "explain", "expr": expr, "value": explanation.value,
            "rule": match explanation.rule { Rule::Mex => "mex", Rule::NimSum => "nim-sum" },
            "parts": explanation.parts.iter().map(|(p, g)| {
                let position = match p {
                    Part::Position(s) => namer.sum(s),
                    Part::NimberRange(k) => format!("*0, *1, …, *{}", k.saturating_sub(1)),
                };
                json!({"position": position, "grundy": g})
            }).collect::<Vec<_>>()
        }),
        Answer::Graph { expr, graph } => {
            json!({"query": "graph", "expr": expr, "dot": super::dot::dot(expr, graph, namer)})
        }
        Answer::Show {
            expr,
            value,
            analysis,
        } => {
            let mut shown =
                json!({"query": "show", "expr": expr, "value": value_json(value, namer)});
            if let (Some(a), Some(fields)) = (analysis, shown.as_object_mut()) {
                fields.insert("analysis".into(), json(a, namer));
            }
            shown
        }
        Answer::Print { expr, value } => {
            json!({"query": "print", "expr": expr, "value": value_json(value, namer)})
        }
        Answer::Assert { line, passed, .. } => {
            json!({"query": "assert", "line": line, "passed": passed})
        }
    }
}

/// An assertion's answer as `check --json` prints it: its file, and for a
/// failure the expected value and the answer found (`run --json` keeps the
/// shape of LANGUAGE.md §11).
pub fn assert_json(
    answer: &Answer,
    namer: &Namer<'_>,
    file: &str,
    failure: Option<(&str, &str)>,
) -> serde_json::Value {
    let mut line = json(answer, namer);
    if let Some(fields) = line.as_object_mut() {
        fields.insert("file".into(), json!(file));
        if let Some((expected, got)) = failure {
            fields.insert("expected".into(), json!(expected));
            fields.insert("got".into(), json!(got));
        }
    }
    line
}

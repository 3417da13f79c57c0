//! Answers as JSON for programs: one object per answer (LANGUAGE.md §11).

use super::Namer;
use crate::lang::value::{GameSum, Value};
use crate::run::answer::{Answer, Axes, Explanation, FormExplanation, Part, Rule};
use crate::solve::impartial::periodicity::{HeapValues, Regularity};
use crate::solve::loopy::generalized::Gsg;
use crate::solve::misere::{Periodicity, Quotient};
use crate::solve::partizan::{Form, Reduction, Thermograph, Wall};
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
            match grid.axes() {
                Axes::Board => writeln!(out, "]}}"),
                Axes::Ranges { rows, cols } => {
                    writeln!(out, "],\"first_row\":{rows},\"first_column\":{cols}}}")
                }
            }
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
    match answer {
        Answer::Grundy { expr, value } => valued_json("grundy", expr, json!(value)),
        Answer::Sweep { game, from, report } => super::sweep_text::sweep_json(game, *from, report),
        Answer::Compare { expr, value } => valued_json("compare", expr, json!(value.symbol())),
        Answer::Number { query, expr, value } => valued_json(query, expr, json!(value.to_string())),
        Answer::Thermograph { expr, thermograph } => thermograph_json(expr, thermograph),
        Answer::Canonical { query, expr, form } => {
            valued_json(query, expr, json!(namer.form(*form)))
        }
        Answer::LoopyCanonical { expr, game } => {
            valued_json("canonical", expr, json!(namer.sum_in_game_context(game)))
        }
        Answer::SidedCanonical {
            expr,
            onside,
            offside,
        } => {
            let (on, off) = (
                namer.sum_in_game_context(onside),
                namer.sum_in_game_context(offside),
            );
            json!({
                "query": "canonical",
                "expr": expr,
                "value": format!("{on} & {off}"),
                "onside": on,
                "offside": off,
            })
        }
        Answer::MisereCanonical { expr, form } => json!({
            "query": "misere canonical",
            "expr": expr,
            "value": namer.misere_form(*form),
            "conway": namer.misere_conway(*form),
        }),
        Answer::Generalized { expr, value } => valued_json("grundy", expr, gsg_json(value)),
        Answer::LoopySequence { game, from, values } => {
            let values: Vec<serde_json::Value> = values.iter().map(gsg_json).collect();
            json!({"query": "sequence", "game": game, "from": from, "values": values, "loopy": true})
        }
        Answer::LoopyMoves {
            expr,
            value,
            moves,
            explain,
        } => loopy_moves_json(expr, value, moves, *explain, namer),
        Answer::Outcome {
            expr,
            misere,
            value,
        } => play_json("outcome", expr, *misere, json!(value.letter())),
        Answer::Moves { expr, moves } => moves_json(expr, moves, namer),
        Answer::Winning {
            expr,
            misere,
            moves,
            right,
        } => {
            let value = match right {
                // A partizan game's positions read as games (`1`, not `1 + *0`).
                Some(r) => {
                    let list = |v: &[GameSum]| {
                        v.iter()
                            .map(|m| namer.sum_in_game_context(m))
                            .collect::<Vec<_>>()
                    };
                    json!({"left": list(moves), "right": list(r)})
                }
                None => json!(moves.iter().map(|m| namer.sum(m)).collect::<Vec<_>>()),
            };
            play_json("winning", expr, *misere, value)
        }
        Answer::Sequence {
            game,
            from,
            values,
            regularity,
            searched,
        } => sequence_json(game, *from, values, regularity, *searched),
        Answer::Table { expr, grid } => {
            let mut table = json!({"query": "table", "expr": expr, "rows": grid.to_rows()});
            if let (Axes::Ranges { rows, cols }, Some(fields)) =
                (grid.axes(), table.as_object_mut())
            {
                fields.insert("first_row".into(), json!(rows));
                fields.insert("first_column".into(), json!(cols));
            }
            table
        }
        Answer::Quotient {
            game,
            up_to,
            quotient,
            period,
        } => quotient_json(game, *up_to, quotient, period.as_ref()),
        Answer::PositionQuotient {
            expr,
            quotient,
            positions,
            image,
            p,
        } => {
            let names = |xs: &[u32]| xs.iter().map(|&x| quotient.name(x)).collect::<Vec<_>>();
            json!({
                "query": "quotient", "expr": expr, "positions": positions,
                "order": quotient.order(),
                "presentation": quotient.presentation_string(),
                "p": names(&quotient.p_portion()),
                "image": image, "outcome": if *p { "P" } else { "N" },
            })
        }
        Answer::Genus {
            expr,
            value,
            phylum,
        } => {
            json!({"query": "genus", "expr": expr, "value": value.to_string(), "phylum": phylum.name()})
        }
        Answer::Explain { expr, explanation } => explain_json(expr, explanation, namer),
        Answer::FormExplain { expr, explanation } => form_explain_json(expr, explanation, namer),
        Answer::Graph { expr, graph } => {
            json!({"query": "graph", "expr": expr, "dot": super::dot::dot(expr, graph, namer)})
        }
        Answer::Show {
            expr,
            value,
            analysis,
        } => show_json(expr, value, analysis.as_deref(), namer),
        Answer::Print { expr, value } => valued_json("print", expr, value_json(value, namer)),
        Answer::Assert { line, passed, .. } => {
            json!({"query": "assert", "line": line, "passed": passed})
        }
    }
}

/// A query answered by one value: `{"query", "expr", "value"}`.
fn valued_json(query: &str, expr: &str, value: serde_json::Value) -> serde_json::Value {
    json!({"query": query, "expr": expr, "value": value})
}

/// `thermograph G`: the temperature, the mean and each wall's straight pieces
/// (numbers as text, so dyadic fractions stay exact).
fn thermograph_json(expr: &str, thermograph: &Thermograph) -> serde_json::Value {
    let wall = |w: &Wall| {
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

/// `outcome G` and `winning G`, which say under which `play` they were
/// asked, with their `value`.
fn play_json(query: &str, expr: &str, misere: bool, value: serde_json::Value) -> serde_json::Value {
    let play = if misere { "misere" } else { "normal" };
    json!({"query": query, "expr": expr, "play": play, "value": value})
}

/// `moves G`: each option with its Grundy value.
fn moves_json(expr: &str, moves: &[(GameSum, u64)], namer: &Namer<'_>) -> serde_json::Value {
    json!({
        "query": "moves", "expr": expr,
        "value": moves.iter().map(|(m, g)| json!({"move": namer.sum(m), "grundy": g})).collect::<Vec<_>>()
    })
}

/// `moves G` and `explain G` of a loopy position: its generalised value and
/// each option with its own.
fn loopy_moves_json(
    expr: &str,
    value: &Gsg,
    moves: &[(GameSum, Gsg)],
    explain: bool,
    namer: &Namer<'_>,
) -> serde_json::Value {
    json!({
        "query": if explain { "explain" } else { "moves" }, "expr": expr,
        "grundy": gsg_json(value),
        "value": moves.iter().map(|(m, g)| json!({"move": namer.sum(m), "grundy": gsg_json(g)})).collect::<Vec<_>>()
    })
}

/// `explain G`: the value, the rule and each part with its value.
fn explain_json(expr: &str, explanation: &Explanation, namer: &Namer<'_>) -> serde_json::Value {
    json!({
        "query": "explain", "expr": expr, "value": explanation.value,
        "rule": match explanation.rule { Rule::Mex => "mex", Rule::NimSum => "nim-sum" },
        "parts": explanation.parts.iter().map(|(p, g)| {
            let position = match p {
                Part::Position(s) => namer.sum(s),
                Part::NimberRange(k) => format!("*0, *1, …, *{}", k.saturating_sub(1)),
            };
            json!({"position": position, "grundy": g})
        }).collect::<Vec<_>>()
    })
}

/// `explain G` of a partizan position: the options with their forms, the
/// steps of the reduction and the canonical form, every form as `.game` text.
fn form_explain_json(expr: &str, e: &FormExplanation, namer: &Namer<'_>) -> serde_json::Value {
    let options = |v: &[(GameSum, Form)]| {
        v.iter()
            .map(|(p, f)| json!({"position": namer.sum_in_game_context(p), "form": namer.form(*f)}))
            .collect::<Vec<_>>()
    };
    let player = |left: bool| if left { "left" } else { "right" };
    let steps: Vec<serde_json::Value> = e
        .steps
        .iter()
        .map(|s| match s {
            Reduction::Dominated { left, option, by } => json!({
                "step": "dominated", "player": player(*left),
                "option": namer.form(*option), "by": namer.form(*by)
            }),
            Reduction::Reversed {
                left,
                option,
                through,
                replaced_by,
            } => json!({
                "step": "reversed", "player": player(*left),
                "option": namer.form(*option), "through": namer.form(*through),
                "replaced_by": replaced_by.iter().map(|f| namer.form(*f)).collect::<Vec<_>>()
            }),
        })
        .collect();
    json!({
        "query": "explain", "expr": expr, "value": namer.form(e.form),
        "left": options(&e.left), "right": options(&e.right), "steps": steps
    })
}

/// `sequence G a..b`: the values and the regularity found (as one tree; see
/// [`write_json`] for the streamed text).
fn sequence_json(
    game: &str,
    from: i64,
    values: &HeapValues,
    regularity: &Option<Regularity>,
    searched: usize,
) -> serde_json::Value {
    json!({
        "query": "sequence", "game": game, "from": from,
        "values": values.to_vec(), "regularity": regularity_json(regularity),
        "searched": searched
    })
}

/// `quotient G up to N`: the presentation, the P-portion and Φ as element
/// names, and Φ's period when one shows.
fn quotient_json(
    game: &str,
    up_to: usize,
    quotient: &Quotient,
    period: Option<&Periodicity>,
) -> serde_json::Value {
    let names = |xs: &[u32]| xs.iter().map(|&x| quotient.name(x)).collect::<Vec<_>>();
    let period =
        period.map(|p| json!({"preperiod": p.preperiod, "period": p.period, "proven": p.proven}));
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

/// A bare expression: its value, and for a game the analysis of it.
fn show_json(
    expr: &str,
    value: &Value,
    analysis: Option<&Answer>,
    namer: &Namer<'_>,
) -> serde_json::Value {
    let mut shown = json!({"query": "show", "expr": expr, "value": value_json(value, namer)});
    if let (Some(a), Some(fields)) = (analysis, shown.as_object_mut()) {
        fields.insert("analysis".into(), json(a, namer));
    }
    shown
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

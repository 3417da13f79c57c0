//! Answers as text for people.

use super::Namer;
use crate::lang::value::{GameSum, Value};
use crate::run::answer::{Answer, Explanation, FormExplanation, Part, Rule, ValueGrid};
use crate::solve::impartial::periodicity::Regularity;
use crate::solve::loopy::generalized::Gsg;
use crate::solve::misere::{Periodicity, Quotient};
use crate::solve::partizan::Reduction;

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

/// The value a failed assertion expected, as it reads beside the answer: a
/// game as written in the game context it was read in (`1/2`, not
/// `1/2 + *0`), an outcome as its letter (`R`, not `"R"`).
pub fn expected_text(want: &Value, got: &Answer, namer: &Namer<'_>) -> String {
    match (want, got) {
        (Value::Game(g), _) => namer.sum_in_game_context(g),
        (Value::Str(s), Answer::Outcome { .. }) => s.to_string(),
        _ => namer.value(want),
    }
}

/// The value part of an answer, as an assertion writes it.
pub fn value_text(answer: &Answer, namer: &Namer<'_>) -> String {
    match answer {
        Answer::Grundy { value, .. } => value.to_string(),
        Answer::Outcome { value, .. } => value.letter().to_string(),
        Answer::Moves { moves, .. } => {
            let shown: Vec<String> = moves.iter().map(|(m, _)| namer.sum(m)).collect();
            format!("{{{}}}", shown.join(", "))
        }
        Answer::Winning { moves, right, .. } => {
            let set = |v: &[GameSum]| {
                let shown: Vec<String> = v.iter().map(|m| namer.sum_in_game_context(m)).collect();
                format!("{{{}}}", shown.join(", "))
            };
            match right {
                // Left's and Right's, as the value `[{…}, {…}]` is.
                Some(r) => format!("[{}, {}]", set(moves), set(r)),
                None => {
                    let shown: Vec<String> = moves.iter().map(|m| namer.sum(m)).collect();
                    format!("{{{}}}", shown.join(", "))
                }
            }
        }
        Answer::Sequence { values, .. } => format!(
            "[{}]",
            values
                .iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Answer::LoopySequence { values, .. } => format!(
            "[{}]",
            values
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Answer::Genus { value, .. } => format!("\"{value}\""),
        Answer::Print { value, .. } => namer.value(value),
        other => text(other, namer).unwrap_or_default(),
    }
}

/// A bare expression's value; for a position of a defined game, the position
/// and its value (`nim(3) + nim(5) = *6`); game literals are shown by their
/// value alone (`*3 + *5` shows `*6`, `^ + *` shows `^*`).
fn show_text(value: &Value, analysis: Option<&Answer>, namer: &Namer<'_>) -> String {
    let shown = namer.value(value);
    let analysis_text = match analysis {
        Some(Answer::Grundy { value: 0, .. }) => "0".to_string(),
        Some(Answer::Grundy { value, .. }) => format!("*{value}"),
        Some(Answer::Canonical { form, .. }) => namer.form(*form),
        Some(Answer::Generalized { value, .. }) => value.to_string(),
        Some(other) => value_text(other, namer),
        None => return shown,
    };
    match value {
        Value::Game(g) if !g.is_literal() && analysis_text != shown => {
            format!("{shown} = {analysis_text}")
        }
        _ => analysis_text,
    }
}

/// The width [`text`] lays answers out for: a terminal's when it is not known.
pub const DEFAULT_WIDTH: usize = 80;

/// An answer as text for a terminal of [`DEFAULT_WIDTH`] columns. Passed
/// assertions print nothing.
pub fn text(answer: &Answer, namer: &Namer<'_>) -> Option<String> {
    text_at_width(answer, namer, DEFAULT_WIDTH)
}

/// Writes an answer as [`text_at_width`] shows it, followed by a newline
/// (nothing for an answer that shows nothing). A sequence is written line by
/// line as it is laid out, never held whole.
pub fn write_text_at_width(
    out: &mut dyn std::io::Write,
    answer: &Answer,
    namer: &Namer<'_>,
    width: usize,
) -> std::io::Result<()> {
    if let Answer::Sequence {
        game,
        from,
        values,
        regularity,
        searched,
    } = answer
    {
        return super::sequence_text::write_sequence_text(
            out, game, *from, values, regularity, *searched, width,
        );
    }
    if let Answer::Table { expr, grid } = answer {
        return super::table_text::write_table_text(out, expr, grid);
    }
    match text_at_width(answer, namer, width) {
        Some(line) => writeln!(out, "{line}"),
        None => Ok(()),
    }
}

/// An answer as text for a terminal `width` columns wide (wide answers, such
/// as sequences, wrap to it). Passed assertions print nothing.
pub fn text_at_width(answer: &Answer, namer: &Namer<'_>, width: usize) -> Option<String> {
    Some(match answer {
        Answer::Show {
            value, analysis, ..
        } => show_text(value, analysis.as_deref(), namer),
        Answer::Grundy { expr, value } => format!("grundy {expr} = {value}"),
        Answer::Sweep { game, from, report } => super::sweep_text::sweep_text(game, *from, report),
        Answer::Generalized { expr, value } => format!("grundy {expr} = {value}"),
        Answer::Canonical { query, expr, form } => {
            format!("{query} {expr} = {}", namer.form(*form))
        }
        Answer::LoopyCanonical { expr, game } => {
            format!("canonical {expr} = {}", namer.sum_in_game_context(game))
        }
        Answer::SidedCanonical {
            expr,
            onside,
            offside,
        } => format!(
            "canonical {expr} = {} & {}",
            namer.sum_in_game_context(onside),
            namer.sum_in_game_context(offside)
        ),
        Answer::MisereCanonical { expr, form } => format!(
            "misere canonical {expr} = {}   # {} in Conway's notation",
            namer.misere_form(*form),
            namer.misere_conway(*form)
        ),
        Answer::Compare { expr, value } => format!("compare {expr} = {}", value.symbol()),
        Answer::Number { query, expr, value } => format!("{query} {expr} = {value}"),
        Answer::Thermograph { expr, thermograph } => thermograph_text(expr, thermograph),
        Answer::LoopyMoves {
            expr,
            value,
            moves,
            explain,
        } => loopy_moves_text(expr, value, moves, *explain, namer),
        Answer::Outcome {
            expr,
            misere,
            value,
        } => {
            let play = if *misere { "misere " } else { "" };
            format!("outcome {play}{expr} = {}", value.letter())
        }
        Answer::Moves { expr, moves } => moves_text(expr, moves, namer),
        Answer::Winning {
            expr,
            misere,
            right,
            ..
        } => {
            let play = if *misere { "misere " } else { "" };
            let sides = if right.is_some() {
                "  (Left's, Right's)"
            } else {
                ""
            };
            format!(
                "winning {play}{expr} = {}{sides}",
                value_text(answer, namer)
            )
        }
        Answer::Sequence {
            game,
            from,
            values,
            regularity,
            searched,
        } => super::sequence_text::sequence_text(game, *from, values, regularity, *searched, width),
        Answer::Table { expr, grid } => board_text(expr, grid),
        Answer::LoopySequence { game, from, values } => {
            super::sequence_text::loopy_sequence_text(game, *from, values, width)
        }
        Answer::Quotient {
            game,
            up_to,
            quotient,
            period,
        } => quotient_text(game, *up_to, quotient, period.as_ref()),
        Answer::PositionQuotient {
            expr,
            quotient,
            positions,
            image,
            p,
        } => format!(
            "quotient {expr}: order {} ({positions} positions linearised)\n  Q = {}\n  P = {}\n  {expr} ↦ {image}, a misère {}-position",
            quotient.order(),
            quotient.presentation_string(),
            quotient.p_string(),
            if *p { "P" } else { "N" }
        ),
        Answer::Genus {
            expr,
            value,
            phylum,
        } => format!("genus {expr} = {value}   # {}", phylum.name()),
        Answer::Explain { expr, explanation } => explanation_text(expr, explanation, namer),
        Answer::FormExplain { expr, explanation } => {
            form_explanation_text(expr, explanation, namer)
        }
        Answer::Graph { expr, graph } => super::dot::dot(expr, graph, namer).trim_end().to_string(),
        Answer::Print { value, .. } => namer.value(value),
        Answer::Assert { .. } => return None,
    })
}

/// `moves G`: how many options, then each with its Grundy value (P-positions
/// marked).
fn moves_text(expr: &str, moves: &[(GameSum, u64)], namer: &Namer<'_>) -> String {
    let mut s = format!(
        "moves {expr}: {} option{}",
        moves.len(),
        if moves.len() == 1 { "" } else { "s" }
    );
    for (m, g) in moves {
        s.push_str(&format!(
            "\n  {}    # grundy {g}{}",
            namer.sum(m),
            if *g == 0 { ", P" } else { "" }
        ));
    }
    s
}

/// `table G` as one string: the board as [`super::table_text`] writes it,
/// without the final newline.
fn board_text(expr: &str, grid: &ValueGrid) -> String {
    let mut out = Vec::new();
    // Writing to a vector cannot fail.
    let _ = super::table_text::write_table_text(&mut out, expr, grid);
    String::from_utf8_lossy(&out).trim_end().to_string()
}

/// `quotient G up to N`: the order, Φ's period when one shows, and the
/// quotient itself indented below.
fn quotient_text(
    game: &str,
    up_to: usize,
    quotient: &Quotient,
    period: Option<&Periodicity>,
) -> String {
    let period = match period {
        Some(p) => format!(
            ", Φ periodic from heap {} with period {}{}",
            p.preperiod,
            p.period,
            if p.proven {
                " (proven: Q = Q_N for every heap)"
            } else {
                " (observed, not proven)"
            }
        ),
        None => String::new(),
    };
    let body = quotient.to_string().replace('\n', "\n  ");
    format!(
        "quotient {game} up to {up_to}: order {}{period}\n  {body}",
        quotient.order()
    )
}

/// A thermograph as text: temperature, mast, and each wall's straight pieces.
fn thermograph_text(expr: &str, th: &crate::solve::partizan::Thermograph) -> String {
    let mut out = format!(
        "thermograph {expr}: temperature {}, mean {}",
        th.temperature, th.mast
    );
    for (name, wall) in [("left wall ", &th.left), ("right wall", &th.right)] {
        let pieces: Vec<String> = wall
            .pieces
            .iter()
            .map(|p| format!("from t = {}: {} (slope {})", p.t, p.value, p.slope))
            .collect();
        out.push_str(&format!("\n  {name}  {}", pieces.join("; ")));
    }
    out
}

/// `moves G` and `explain G` of a loopy position.
fn loopy_moves_text(
    expr: &str,
    value: &Gsg,
    moves: &[(GameSum, Gsg)],
    explain: bool,
    namer: &Namer<'_>,
) -> String {
    let shown: Vec<(String, &Gsg)> = moves.iter().map(|(m, g)| (namer.sum(m), g)).collect();
    let width = shown
        .iter()
        .map(|(p, _)| p.chars().count())
        .max()
        .unwrap_or(0);
    let word = if explain { "explain" } else { "moves" };
    let mut out = format!(
        "{word} {expr}: {} option{}",
        shown.len(),
        if shown.len() == 1 { "" } else { "s" }
    );
    for (p, g) in &shown {
        let mark = if **g == Gsg::Finite(0) { ", P" } else { "" };
        out.push_str(&format!("\n  {p:<width$}   # grundy {g}{mark}"));
    }
    if !explain {
        return out;
    }
    out.push_str(&format!(
        "\n  grundy = {value} (generalised: the game is loopy)"
    ));
    match value {
        Gsg::Finite(m) => out.push_str(&format!(
            "\n  {m}: the options reach every value below {m} and none has value {m}; each option of \
             a larger or infinite value has a move back to value {m}"
        )),
        Gsg::Infinite(k) => {
            let finite: Vec<String> = k.iter().map(u32::to_string).collect();
            out.push_str(&format!(
                "\n  ∞: no value fits: for the least value missing among the options' finite values \
                 {{{}}}, some option of a larger or infinite value cannot be answered by a move back \
                 to it, so play can go on forever",
                finite.join(", ")
            ));
        }
    }
    out
}

/// `explain G` as text lines.
fn explanation_text(expr: &str, e: &Explanation, namer: &Namer<'_>) -> String {
    let parts: Vec<(String, u64)> = e
        .parts
        .iter()
        .map(|(p, g)| {
            let shown = match p {
                Part::Position(s) => namer.sum(s),
                Part::NimberRange(k) => format!("*0, *1, …, *{}", k.saturating_sub(1)),
            };
            (shown, *g)
        })
        .collect();
    let width = parts
        .iter()
        .map(|(p, _)| p.chars().count())
        .max()
        .unwrap_or(0);
    let what = match e.rule {
        Rule::Mex => "options",
        Rule::NimSum => "components",
    };
    let mut out = format!("explain {expr}: {} {what}\n", parts.len());
    for (p, g) in &parts {
        out.push_str(&format!("  {p:<width$}   grundy {g}\n"));
    }
    let values: Vec<String> = parts.iter().map(|(_, g)| g.to_string()).collect();
    match e.rule {
        Rule::Mex => {
            out.push_str(&format!(
                "  grundy = mex{{{}}} = {}",
                values.join(", "),
                e.value
            ));
            if parts.is_empty() {
                out.push_str("  (no move: a terminal position)");
            }
        }
        Rule::NimSum => out.push_str(&format!(
            "  grundy = {} = {}  (nim-sum of the components)",
            values.join(" ⊕ "),
            e.value
        )),
    }
    out
}

/// `explain G` of a partizan position: the options with their canonical
/// forms, each dominated or reversible option and what became of it, and the
/// canonical form `{left | right}` of what is left.
fn form_explanation_text(expr: &str, e: &FormExplanation, namer: &Namer<'_>) -> String {
    let player = |left: bool| if left { "Left" } else { "Right" };
    let mut out = format!("explain {expr}:\n");
    for (left, options) in [(true, &e.left), (false, &e.right)] {
        let shown: Vec<(String, String)> = options
            .iter()
            .map(|(p, f)| (namer.sum_in_game_context(p), namer.form(*f)))
            .collect();
        let width = shown
            .iter()
            .map(|(p, _)| p.chars().count())
            .max()
            .unwrap_or(0);
        match shown.len() {
            0 => out.push_str(&format!("  {} has no move\n", player(left))),
            n => {
                let s = if n == 1 { "" } else { "s" };
                out.push_str(&format!("  {}'s {n} option{s}:\n", player(left)));
                for (p, f) in &shown {
                    out.push_str(&format!("    {p:<width$}   = {f}\n"));
                }
            }
        }
    }
    let (l, r) = (distinct_forms(&e.left), distinct_forms(&e.right));
    if l < e.left.len() || r < e.right.len() {
        out.push_str("  options of equal value count once\n");
    }
    if e.steps.is_empty() {
        out.push_str("  no option is dominated or reversible\n");
    }
    for step in &e.steps {
        match step {
            Reduction::Dominated { left, option, by } => {
                let (rel, prefers) = if *left {
                    ("≤", "Left")
                } else {
                    ("≥", "Right")
                };
                out.push_str(&format!(
                    "  {}'s option {} is dominated by {} ({} {rel} {}, {prefers} prefers it): removed\n",
                    player(*left),
                    namer.form(*option),
                    namer.form(*by),
                    namer.form(*option),
                    namer.form(*by),
                ));
            }
            Reduction::Reversed {
                left,
                option,
                through,
                replaced_by,
            } => {
                let rel = if *left { "≤" } else { "≥" };
                let forms: Vec<String> = replaced_by.iter().map(|f| namer.form(*f)).collect();
                let replacement = if forms.is_empty() {
                    "none".to_string()
                } else {
                    forms.join(", ")
                };
                let through = namer.form(*through);
                out.push_str(&format!(
                    "  {me}'s option {} reverses through {them}'s answer {through} ({through} {rel} G): \
                     replaced by {me}'s options of {through}: {replacement}\n",
                    namer.form(*option),
                    me = player(*left),
                    them = player(!*left),
                ));
            }
        }
    }
    out.push_str(&format!("  canonical form: {}", namer.form(e.form)));
    out
}

/// How many different forms the options have.
fn distinct_forms(options: &[(GameSum, crate::solve::partizan::Form)]) -> usize {
    let mut forms: Vec<_> = options.iter().map(|o| o.1).collect();
    forms.sort_unstable();
    forms.dedup();
    forms.len()
}

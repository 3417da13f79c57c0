//! Move graphs in Graphviz DOT, drawn for teaching: each node labelled with
//! its position (in `.game` syntax, terminal components left out) and Grundy
//! value; P-positions drawn with a double ring and shaded; winning moves (from
//! an N-position into a P-position) thick and red; positions whose moves a
//! depth limit leaves out dashed. A partizan game's graph has its canonical
//! form at each node and Left's moves (blue) drawn apart from Right's (red,
//! dashed), a winning move thick. The graph's label is the query and that key.

use super::Namer;
use crate::run::answer::{MoveGraph, Mover, NodeValue, Outcome};
use std::fmt::Write;

/// The colour of winning moves (the P-ring colour of the SVG boards).
const WIN: &str = "#c62828";
/// The shading of P-positions.
const P_FILL: &str = "#dbe9f6";
/// The shading of drawn positions (loopy games).
const DRAW_FILL: &str = "#e0e0e0";
/// Left's moves: blue, as Left's edges in Blue-Red Hackenbush.
const LEFT: &str = "#1565c0";
/// Right's moves: red.
const RIGHT: &str = "#c62828";

fn dot_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The graph of `graph {expr}` as DOT text.
pub fn dot(expr: &str, graph: &MoveGraph, namer: &Namer<'_>) -> String {
    let depth = graph
        .depth
        .map(|d| format!(" depth {d}"))
        .unwrap_or_default();
    let partizan = graph.is_partizan();
    let mut key = if partizan {
        String::from(
            "blue: Left's moves; red, dashed: Right's; double ring: P-position (0); thick: a winning move",
        )
    } else {
        String::from("double ring: P-position; red: a winning move")
    };
    let draws = graph.nodes.iter().any(|(_, v)| outcome(v) == Outcome::D);
    if draws {
        key.push_str("; grey: a draw");
    }
    if !graph.cut.is_empty() {
        key.push_str("; dashed: moves not drawn");
    }
    let mut dot = String::from("digraph moves {\n");
    let _ = writeln!(
        dot,
        "  label=\"graph {}{depth}\\n{key}\";",
        dot_escape(expr.trim())
    );
    dot.push_str(concat!(
        "  labelloc=t;\n",
        "  fontname=\"Helvetica\";\n",
        "  rankdir=TB;\n",
        "  node [shape=ellipse, fontname=\"Helvetica\"];\n",
    ));
    for (i, (pos, value)) in graph.nodes.iter().enumerate() {
        // A partizan position reads as a game: `1/2`, not `1/2 + *0`.
        let (position, shown) = match value {
            NodeValue::Grundy(v) => (namer.sum(pos), format!("grundy {v}")),
            NodeValue::Canonical { form, .. } => {
                (namer.sum_in_game_context(pos), namer.form(*form))
            }
            NodeValue::Class(c) => (
                namer.sum_in_game_context(pos),
                format!("outcome {}", c.letter()),
            ),
        };
        let label = format!("{}\\n{}", dot_escape(&position), dot_escape(&shown));
        let cut = graph.cut.contains(&i);
        let style = match (outcome(value), cut) {
            (Outcome::P, false) => format!(", peripheries=2, style=filled, fillcolor=\"{P_FILL}\""),
            (Outcome::P, true) => {
                format!(", peripheries=2, style=\"filled,dashed\", fillcolor=\"{P_FILL}\"")
            }
            (Outcome::D, false) => format!(", style=filled, fillcolor=\"{DRAW_FILL}\""),
            (Outcome::D, true) => format!(", style=\"filled,dashed\", fillcolor=\"{DRAW_FILL}\""),
            (_, true) => ", style=dashed".to_string(),
            (_, false) => String::new(),
        };
        let _ = writeln!(dot, "  n{i} [label=\"{label}\"{style}];");
    }
    for &(a, b, mover) in &graph.edges {
        let winning = graph.is_winning((a, b, mover));
        let style = match (mover, winning) {
            (Mover::Either, true) => format!(" [color=\"{WIN}\", penwidth=2.5]"),
            (Mover::Either, false) => String::new(),
            (Mover::Left, w) => format!(" [color=\"{LEFT}\"{}]", thick(w)),
            (Mover::Right, w) => format!(" [color=\"{RIGHT}\", style=dashed{}]", thick(w)),
        };
        let _ = writeln!(dot, "  n{a} -> n{b}{style};");
    }
    dot.push_str("}\n");
    dot
}

/// The pen of a winning move.
fn thick(winning: bool) -> &'static str {
    if winning {
        ", penwidth=2.5"
    } else {
        ""
    }
}

/// Who wins at a node (for its shading).
fn outcome(value: &NodeValue) -> Outcome {
    match value {
        NodeValue::Grundy(v) => v.outcome().into(),
        NodeValue::Canonical { outcome, .. } | NodeValue::Class(outcome) => *outcome,
    }
}

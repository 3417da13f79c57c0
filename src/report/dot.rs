//! Move graphs in Graphviz DOT, drawn for teaching: each node labelled with
//! its position (in `.game` syntax, terminal components left out) and Grundy
//! value; P-positions drawn with a double ring and shaded; winning moves (from
//! an N-position into a P-position) thick and red; positions whose moves a
//! depth limit leaves out dashed. The graph's label is the query and that key.

use super::Namer;
use crate::run::answer::MoveGraph;
use crate::solve::loopy::retrograde::Outcome;
use std::fmt::Write;

/// The colour of winning moves (the P-ring colour of the SVG boards).
const WIN: &str = "#c62828";
/// The shading of P-positions.
const P_FILL: &str = "#dbe9f6";
/// The shading of drawn positions (loopy games).
const DRAW_FILL: &str = "#e0e0e0";

fn dot_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The graph of `graph {expr}` as DOT text.
pub fn dot(expr: &str, graph: &MoveGraph, namer: &Namer<'_>) -> String {
    let depth = graph
        .depth
        .map(|d| format!(" depth {d}"))
        .unwrap_or_default();
    let mut key = String::from("double ring: P-position; red: a winning move");
    let draws = graph.nodes.iter().any(|(_, v)| v.outcome() == Outcome::D);
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
        let label = format!("{}\\ngrundy {value}", dot_escape(&namer.sum(pos)));
        let cut = graph.cut.contains(&i);
        let style = match (value.outcome(), cut) {
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
    for &(a, b) in &graph.edges {
        if graph.is_winning((a, b)) {
            let _ = writeln!(dot, "  n{a} -> n{b} [color=\"{WIN}\", penwidth=2.5];");
        } else {
            let _ = writeln!(dot, "  n{a} -> n{b};");
        }
    }
    dot.push_str("}\n");
    dot
}

//! Move graphs in Graphviz DOT: nodes labelled with their position and value,
//! P-positions drawn doubled and shaded.

use super::Namer;
use crate::run::answer::MoveGraph;

fn dot_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The graph as DOT text.
pub fn dot(graph: &MoveGraph, namer: &Namer<'_>) -> String {
    let mut dot = String::from(
        "digraph moves {\n  rankdir=TB;\n  node [shape=ellipse, fontname=\"Helvetica\"];\n",
    );
    for (i, (pos, value)) in graph.nodes.iter().enumerate() {
        let label = format!("{}\\ngrundy {value}", dot_escape(&namer.sum(pos)));
        let style = if *value == 0 {
            ", peripheries=2, style=filled, fillcolor=\"#dbe9f6\""
        } else {
            ""
        };
        dot.push_str(&format!("  n{i} [label=\"{label}\"{style}];\n"));
    }
    for (a, b) in &graph.edges {
        dot.push_str(&format!("  n{a} -> n{b};\n"));
    }
    dot.push_str("}\n");
    dot
}

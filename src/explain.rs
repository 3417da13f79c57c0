//! `explain G` (why G has its value) and `graph G` (the reachable move graph in
//! Graphviz DOT).

use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::eval::interp::Interp;
use crate::eval::print::{show_component, show_sum};
use crate::eval::value::{Component, GameSum};
use std::collections::VecDeque;

/// Most positions `graph` draws before it declines.
pub const GRAPH_LIMIT: usize = 400;

/// Why a game has its value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// The game's Grundy value.
    pub value: u64,
    /// `mex` (over the options) or `nim-sum` (over the components).
    pub rule: &'static str,
    /// The options (for `mex`) or components (for `nim-sum`) with their values.
    pub parts: Vec<(String, u64)>,
}

impl Explanation {
    /// The explanation as text lines.
    pub fn text(&self, expr: &str) -> String {
        let width = self
            .parts
            .iter()
            .map(|(p, _)| p.chars().count())
            .max()
            .unwrap_or(0);
        let mut out = String::new();
        let what = if self.rule == "mex" {
            "options"
        } else {
            "components"
        };
        out.push_str(&format!("explain {expr}: {} {what}\n", self.parts.len()));
        for (p, g) in &self.parts {
            out.push_str(&format!("  {p:<width$}   grundy {g}\n"));
        }
        let values: Vec<String> = self.parts.iter().map(|(_, g)| g.to_string()).collect();
        if self.rule == "mex" {
            out.push_str(&format!(
                "  grundy = mex{{{}}} = {}",
                values.join(", "),
                self.value
            ));
            if self.parts.is_empty() {
                out.push_str("  (no move: a terminal position)");
            }
        } else {
            out.push_str(&format!(
                "  grundy = {} = {}  (nim-sum of the components)",
                values.join(" ⊕ "),
                self.value
            ));
        }
        out
    }
}

fn dot_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

impl<'a> Interp<'a> {
    /// Each option with its value and the mex, or each component and the nim-sum.
    pub fn explain(&mut self, g: &GameSum, span: Span) -> Result<Explanation, EvalError> {
        let value = self.grundy_sum(&g.parts, span)?;
        if g.parts.len() > 1 {
            let mut parts = Vec::new();
            for c in &g.parts {
                parts.push((
                    show_component(c, self.globals, self.rt),
                    self.grundy_component(c, span)?,
                ));
            }
            return Ok(Explanation {
                value,
                rule: "nim-sum",
                parts,
            });
        }
        if let Some(Component::Nimber(k)) = g.parts.first() {
            if *k > 64 {
                return Ok(Explanation {
                    value,
                    rule: "mex",
                    parts: vec![(format!("*0, *1, …, *{}", k - 1), 0)],
                });
            }
        }
        let moves = self.sum_moves(g, None, span)?;
        let parts = moves
            .iter()
            .map(|m| (show_sum(&m.result, self.globals, self.rt), m.grundy))
            .collect();
        Ok(Explanation {
            value,
            rule: "mex",
            parts,
        })
    }

    /// The move graph reachable from `g` in DOT, nodes labelled with their value,
    /// P-positions drawn doubled and shaded.
    pub fn graph(&mut self, g: &GameSum, span: Span) -> Result<String, EvalError> {
        let root = g.normalized();
        let mut ids: indexmap::IndexMap<GameSum, u64> = indexmap::IndexMap::new();
        let mut edges = Vec::new();
        let mut queue = VecDeque::from([root.clone()]);
        ids.insert(root.clone(), self.grundy_sum(&root.parts, span)?);
        while let Some(node) = queue.pop_front() {
            let from = ids.get_index_of(&node).unwrap_or(0);
            for m in self.sum_moves(&node, None, span)? {
                let next = m.result.normalized();
                let to = match ids.get_index_of(&next) {
                    Some(i) => i,
                    None => {
                        if ids.len() >= GRAPH_LIMIT {
                            return Err(EvalError::other(
                                format!("the move graph has more than {GRAPH_LIMIT} positions"),
                                "draw a smaller position; `explain` shows one level of any position",
                                span,
                            ));
                        }
                        ids.insert(next.clone(), m.grundy);
                        queue.push_back(next);
                        ids.len() - 1
                    }
                };
                edges.push((from, to));
            }
        }
        let mut dot = String::from(
            "digraph moves {\n  rankdir=TB;\n  node [shape=ellipse, fontname=\"Helvetica\"];\n",
        );
        for (i, (pos, value)) in ids.iter().enumerate() {
            let label = format!(
                "{}\\ngrundy {value}",
                dot_escape(&show_sum(pos, self.globals, self.rt))
            );
            let style = if *value == 0 {
                ", peripheries=2, style=filled, fillcolor=\"#dbe9f6\""
            } else {
                ""
            };
            dot.push_str(&format!("  n{i} [label=\"{label}\"{style}];\n"));
        }
        for (a, b) in edges {
            dot.push_str(&format!("  n{a} -> n{b};\n"));
        }
        dot.push_str("}\n");
        Ok(dot)
    }
}

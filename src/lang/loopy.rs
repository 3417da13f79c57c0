//! Loopy game literals: `{0 | pass}`, `a{0 | {0 | a}}`. A literal is a small
//! graph whose nodes are its braces; an option is another node (`pass` is the
//! node's own braces, a label an enclosing one) or any game. A position of
//! such a game is a node of its graph.

use super::value::GameSum;
use std::fmt::Write;

/// The graph of a loopy literal; node 0 is the outermost braces.
///
/// Every position of the game is a node of one shared graph, and positions
/// are hashed and compared all the time, so the graph keeps its hash: two
/// positions of the same graph compare by their node alone, never by the
/// whole graph.
#[derive(Debug, Clone)]
pub struct LoopGraph {
    nodes: Vec<LoopNode>,
    hash: u64,
}

impl PartialEq for LoopGraph {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other) || (self.hash == other.hash && self.nodes == other.nodes)
    }
}

impl Eq for LoopGraph {}

impl std::hash::Hash for LoopGraph {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

impl PartialOrd for LoopGraph {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for LoopGraph {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        if std::ptr::eq(self, other) {
            return std::cmp::Ordering::Equal;
        }
        self.hash
            .cmp(&other.hash)
            .then_with(|| self.nodes.cmp(&other.nodes))
    }
}

/// One node: Left's and Right's options.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct LoopNode {
    /// Left's options.
    pub left: Vec<LoopEdge>,
    /// Right's options.
    pub right: Vec<LoopEdge>,
}

/// Where an option goes.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LoopEdge {
    /// Another node of the graph (or the node itself: a pass).
    Node(u32),
    /// A game outside the graph.
    Game(GameSum),
}

/// The most characters a literal is printed in; a longer one is cut with
/// `…` (its graph unfolded as braces can be exponentially long).
pub const MAX_SHOWN: usize = 1 << 16;

impl LoopGraph {
    /// The graph of these nodes (node 0 the outermost braces).
    pub fn new(nodes: Vec<LoopNode>) -> LoopGraph {
        use std::hash::{Hash, Hasher};
        let mut h = rustc_hash::FxHasher::default();
        nodes.hash(&mut h);
        LoopGraph {
            nodes,
            hash: h.finish(),
        }
    }

    /// The nodes.
    pub fn nodes(&self) -> &[LoopNode] {
        &self.nodes
    }

    /// The edges of `node` for Left (`left`) or Right.
    pub fn edges(&self, node: u32, left: bool) -> &[LoopEdge] {
        match self.nodes.get(node as usize) {
            Some(n) if left => &n.left,
            Some(n) => &n.right,
            None => &[],
        }
    }

    /// Node `node` written as a literal that reads back as the same game:
    /// the graph unfolded into nested braces, each option that returns to
    /// an enclosing node written as `pass` (its own braces) or as that
    /// node's label (`a`, `b`, …, placed before its braces). `game` writes
    /// an option outside the graph.
    pub fn show(&self, node: u32, game: &dyn Fn(&GameSum) -> String) -> String {
        let mut labels = Labels::default();
        let mut path = Vec::new();
        let mut out = self.unfold(node, &mut path, &mut labels, game);
        if out.len() > MAX_SHOWN {
            let mut end = MAX_SHOWN;
            while !out.is_char_boundary(end) {
                end -= 1;
            }
            out.truncate(end);
            out.push('…');
        }
        out
    }

    /// The braces of `node`, entered from the nodes on `path`.
    fn unfold(
        &self,
        node: u32,
        path: &mut Vec<u32>,
        labels: &mut Labels,
        game: &dyn Fn(&GameSum) -> String,
    ) -> String {
        if path.len() > MAX_SHOWN || crate::budget::stack_is_low() {
            return "…".to_string();
        }
        path.push(node);
        let depth = path.len();
        let mut sides = [String::new(), String::new()];
        for (side, left) in sides.iter_mut().zip([true, false]) {
            for (i, edge) in self.edges(node, left).iter().enumerate() {
                if i > 0 {
                    side.push_str(", ");
                }
                if side.len() > MAX_SHOWN {
                    side.push('…');
                    break;
                }
                match edge {
                    LoopEdge::Node(w) if *w == node => side.push_str("pass"),
                    LoopEdge::Node(w) => match path.iter().position(|p| p == w) {
                        Some(at) => side.push_str(&labels.name(at)),
                        None => side.push_str(&self.unfold(*w, path, labels, game)),
                    },
                    LoopEdge::Game(g) => side.push_str(&game(g)),
                }
            }
        }
        path.pop();
        let label = labels.taken(depth - 1);
        let [left, right] = sides;
        let mut out = String::new();
        let _ = match (left.is_empty(), right.is_empty()) {
            (true, true) => write!(out, "{label}{{ | }}"),
            (false, true) => write!(out, "{label}{{{left} | }}"),
            (true, false) => write!(out, "{label}{{ | {right}}}"),
            (false, false) => write!(out, "{label}{{{left} | {right}}}"),
        };
        out
    }
}

/// The labels of the nodes on the printing path, by depth.
#[derive(Default)]
struct Labels {
    by_depth: Vec<Option<String>>,
    used: usize,
}

impl Labels {
    /// The label of the node at `depth` on the path, given on first use.
    fn name(&mut self, depth: usize) -> String {
        if self.by_depth.len() <= depth {
            self.by_depth.resize(depth + 1, None);
        }
        if let Some(Some(name)) = self.by_depth.get(depth) {
            return name.clone();
        }
        let name = label_name(self.used);
        self.used += 1;
        if let Some(slot) = self.by_depth.get_mut(depth) {
            *slot = Some(name.clone());
        }
        name
    }

    /// The label given to the node at `depth` (empty if none), freed for the
    /// node the path reaches next at that depth.
    fn taken(&mut self, depth: usize) -> String {
        self.by_depth
            .get_mut(depth)
            .and_then(Option::take)
            .unwrap_or_default()
    }
}

/// The `i`th label: `a` … `z` (not `v`, which is a down), then `a1`, `b1`, ….
fn label_name(i: usize) -> String {
    const LETTERS: &str = "abcdefghijklmnopqrstuwxyz";
    let n = LETTERS.len();
    let letter = LETTERS.as_bytes().get(i % n).copied().unwrap_or(b'a') as char;
    match i / n {
        0 => letter.to_string(),
        k => format!("{letter}{k}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(nodes: Vec<(Vec<LoopEdge>, Vec<LoopEdge>)>) -> LoopGraph {
        LoopGraph::new(
            nodes
                .into_iter()
                .map(|(left, right)| LoopNode { left, right })
                .collect(),
        )
    }

    fn zero() -> LoopEdge {
        LoopEdge::Game(GameSum::default())
    }

    fn shown(g: &LoopGraph) -> String {
        g.show(0, &|s: &GameSum| {
            if s.parts.is_empty() {
                "0".into()
            } else {
                "?".into()
            }
        })
    }

    #[test]
    fn passes_and_labels() {
        use LoopEdge::Node;
        // on = {pass | }, over = {0 | pass}.
        assert_eq!(shown(&graph(vec![(vec![Node(0)], vec![])])), "{pass | }");
        assert_eq!(
            shown(&graph(vec![(vec![zero()], vec![Node(0)])])),
            "{0 | pass}"
        );
        // a{0 | {0 | a}}: a cycle of two nodes.
        let two = graph(vec![
            (vec![zero()], vec![Node(1)]),
            (vec![zero()], vec![Node(0)]),
        ]);
        assert_eq!(shown(&two), "a{0 | {0 | a}}");
        // Two labels in one literal.
        let three = graph(vec![
            (vec![Node(1)], vec![]),
            (vec![Node(2)], vec![Node(0)]),
            (vec![Node(1), Node(0)], vec![]),
        ]);
        // Labels are given in the order they are first needed.
        assert_eq!(shown(&three), "b{a{{a, b | } | b} | }");
        assert_eq!(label_name(21), "w");
        assert_eq!(label_name(26), "b1");
    }
}

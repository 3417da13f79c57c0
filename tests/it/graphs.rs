//! `graph G [depth N]`: the move graph as DOT, checked without Graphviz by
//! reading the DOT back. Equal positions are one node, terminal components are
//! left out of the labels, P-positions are marked, winning moves highlighted,
//! the depth limit respected, and every label reads back as a position of the
//! program. The truth is Bouton's: a Nim position is P exactly when the
//! nim-sum of its heaps is 0.

use crate::common;

use grundy::{Answer, Engine};
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};

const NIM: &str = "game nim(n: nat) { move n - k for k in 1..=n }\n";
const KAYLES: &str = "game kayles(n: nat) {\n    move kayles(a) + kayles(n - k - a) for k in 1..=2, a in 0..=n-k where a <= n - k - a\n}\n";

/// A node of a DOT graph as grundy writes it.
#[derive(Debug)]
struct Node {
    position: String,
    grundy: u64,
    double: bool,
    dashed: bool,
}

/// A graph read back from DOT: nodes by index, edges with their highlight.
#[derive(Debug)]
struct Dot {
    label: String,
    nodes: Vec<Node>,
    edges: Vec<(usize, usize, bool)>,
}

fn quoted(s: &str, key: &str) -> Option<String> {
    let start = s.find(&format!("{key}=\""))? + key.len() + 2;
    let mut out = String::new();
    let mut chars = s[start..].chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                let next = chars.next()?;
                out.push('\\');
                out.push(next);
            }
            '"' => return Some(out),
            other => out.push(other),
        }
    }
    None
}

fn parse(dot: &str) -> Dot {
    assert!(dot.starts_with("digraph moves {\n"), "{dot}");
    assert!(dot.trim_end().ends_with('}'));
    let mut nodes = Vec::new();
    let mut edges = Vec::new();
    let mut label = String::new();
    for line in dot.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("label=") {
            label = quoted(&format!("label={rest}"), "label").unwrap();
        } else if line.starts_with('n') && line.contains(" -> ") {
            let (a, rest) = line.split_once(" -> ").unwrap();
            let b: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            let index = |s: &str| s.trim_start_matches('n').parse::<usize>().unwrap();
            let winning = rest.contains("color=\"#c62828\"") && rest.contains("penwidth=2.5");
            edges.push((index(a), index(&b), winning));
        } else if line.starts_with('n') && line.contains("[label=") {
            let id: usize = line[1..line.find(' ').unwrap()].parse().unwrap();
            assert_eq!(id, nodes.len(), "nodes in order");
            let text = quoted(line, "label").unwrap();
            let (position, value) = text.split_once("\\n").unwrap();
            nodes.push(Node {
                position: position.replace("\\\"", "\""),
                grundy: value.strip_prefix("grundy ").unwrap().parse().unwrap(),
                double: line.contains("peripheries=2"),
                dashed: line.contains("dashed"),
            });
        }
    }
    for &(a, b, _) in &edges {
        assert!(a < nodes.len() && b < nodes.len(), "edge {a} -> {b}");
    }
    Dot {
        label,
        nodes,
        edges,
    }
}

/// The last answer of `program`, a graph, as DOT read back (and the engine,
/// to ask more of the same program).
fn graph(program: &str) -> (Dot, Engine) {
    let mut engine = Engine::default();
    let answers = engine
        .run_program(program)
        .unwrap_or_else(|p| panic!("{}: {}", p.message, p.help));
    let Some(Answer::Graph { expr, graph }) = answers.last() else {
        panic!("expected a graph")
    };
    let dot = grundy::report::dot(expr, graph, &engine.namer());
    (parse(&dot), engine)
}

/// The heaps of a Nim position label, `nim(3) + nim(1)` → [1, 3].
fn heaps(position: &str) -> Vec<u64> {
    let mut h: Vec<u64> = position
        .split(" + ")
        .map(|p| {
            p.trim()
                .strip_prefix("nim(")
                .and_then(|x| x.strip_suffix(')'))
                .unwrap_or_else(|| panic!("not a nim heap: {p}"))
                .parse()
                .unwrap()
        })
        .collect();
    h.sort_unstable();
    h
}

fn nim_sum(h: &[u64]) -> u64 {
    h.iter().fold(0, |a, b| a ^ b)
}

/// The number of nodes of the game tree of Nim heaps `h` (no merging).
fn tree_size(h: &[u64]) -> usize {
    let mut size = 1;
    for i in 0..h.len() {
        for smaller in 0..h[i] {
            let mut next = h.to_vec();
            next[i] = smaller;
            size += tree_size(&next);
        }
    }
    size
}

/// The distinct positions within `depth` moves of heaps `h`, zero heaps
/// dropped (the empty position kept as one).
fn reachable(h: &[u64], depth: usize) -> BTreeMap<Vec<u64>, usize> {
    let key = |h: &[u64]| {
        let mut k: Vec<u64> = h.iter().copied().filter(|&x| x > 0).collect();
        k.sort_unstable();
        k
    };
    let mut seen = BTreeMap::from([(key(h), 0)]);
    let mut queue = VecDeque::from([(h.to_vec(), 0)]);
    while let Some((pos, d)) = queue.pop_front() {
        if d == depth {
            continue;
        }
        for i in 0..pos.len() {
            for smaller in 0..pos[i] {
                let mut next = pos.clone();
                next[i] = smaller;
                if let std::collections::btree_map::Entry::Vacant(e) = seen.entry(key(&next)) {
                    e.insert(d + 1);
                    queue.push_back((next, d + 1));
                }
            }
        }
    }
    seen
}

#[test]
fn equal_positions_are_one_node() {
    let (g, _) = graph(&format!("{NIM}graph nim(2) + nim(2)\n"));
    // Distinct positions: {2,2}, {1,2}, {2}, {1,1}, {1}, {} — six nodes where
    // the tree of moves has many more.
    assert_eq!(g.nodes.len(), 6);
    assert!(g.nodes.len() < tree_size(&[2, 2]), "{}", tree_size(&[2, 2]));
    assert_eq!(tree_size(&[2, 2]), 33);
    let keys: HashSet<Vec<u64>> = g
        .nodes
        .iter()
        .map(|n| {
            let mut h = heaps(&n.position);
            h.retain(|&x| x > 0);
            h
        })
        .collect();
    assert_eq!(keys.len(), g.nodes.len(), "no position twice");
    // Each move once: nim(1) + nim(2) → nim(2) (taking the 1) and nim(2) +
    // nim(2) → nim(2) + nim(0) are one node.
    let edges: HashSet<(usize, usize)> = g.edges.iter().map(|e| (e.0, e.1)).collect();
    assert_eq!(edges.len(), g.edges.len());
}

#[test]
fn terminal_components_are_left_out_of_labels() {
    let (g, _) = graph(&format!("{NIM}graph nim(3) + nim(0) + nim(1)\n"));
    assert_eq!(g.nodes[0].position, "nim(1) + nim(3)");
    for n in &g.nodes {
        let h = heaps(&n.position);
        assert!(
            h == [0] || !h.contains(&0),
            "{}: a terminal heap in a sum",
            n.position
        );
    }
    // The end of play is one node, named by a game of the program.
    assert_eq!(g.nodes.iter().filter(|n| n.position == "nim(0)").count(), 1);
    let (k, _) = graph(&format!("{KAYLES}graph kayles(4)\n"));
    assert!(k
        .nodes
        .iter()
        .all(|n| n.position == "kayles(0)" || !n.position.contains("kayles(0)")));
    // kayles(4): 4, 3, 1+2, 2, 1+1, 1, 0 — seven positions (the options
    // 0+3 and 3, 0+2 and 2, … are the same positions).
    assert_eq!(k.nodes.len(), 7);
}

#[test]
fn p_positions_are_marked_and_winning_moves_highlighted() {
    let (g, _) = graph(&format!("{NIM}graph nim(1) + nim(2) + nim(3)\n"));
    assert!(g.nodes.len() > 10);
    for n in &g.nodes {
        let p = nim_sum(&heaps(&n.position)) == 0;
        assert_eq!(n.grundy, nim_sum(&heaps(&n.position)), "{}", n.position);
        assert_eq!(
            n.double, p,
            "{}: P-positions, and only they, ringed",
            n.position
        );
    }
    let mut winning = 0;
    for &(a, b, bold) in &g.edges {
        let from = nim_sum(&heaps(&g.nodes[a].position));
        let to = nim_sum(&heaps(&g.nodes[b].position));
        assert_eq!(
            bold,
            from != 0 && to == 0,
            "{} -> {}",
            g.nodes[a].position,
            g.nodes[b].position
        );
        winning += usize::from(bold);
    }
    assert!(winning > 0);
    // Every N-position has a winning move; no P-position has one.
    for (i, n) in g.nodes.iter().enumerate() {
        let has = g.edges.iter().any(|&(a, _, bold)| a == i && bold);
        assert_eq!(has, n.grundy != 0, "{}", n.position);
    }
    assert!(g.label.starts_with("graph nim(1) + nim(2) + nim(3)\\n"));
}

#[test]
fn the_depth_limit_is_respected() {
    for depth in 0..=3 {
        let (g, _) = graph(&format!("{NIM}graph nim(3) + nim(4) depth {depth}\n"));
        let want = reachable(&[3, 4], depth);
        let got: BTreeMap<Vec<u64>, usize> = g
            .nodes
            .iter()
            .map(|n| {
                let mut h = heaps(&n.position);
                h.retain(|&x| x > 0);
                (h, 0)
            })
            .collect();
        assert_eq!(
            got.keys().collect::<Vec<_>>(),
            want.keys().collect::<Vec<_>>(),
            "depth {depth}"
        );
        // The positions at the limit that still have moves are dashed; no other.
        for n in &g.nodes {
            let mut h = heaps(&n.position);
            h.retain(|&x| x > 0);
            let at_limit = want[&h] == depth;
            assert_eq!(
                n.dashed,
                at_limit && !h.is_empty(),
                "depth {depth}: {}",
                n.position
            );
        }
        // No move leaves a position at the limit.
        let levels: HashMap<usize, usize> = g
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let mut h = heaps(&n.position);
                h.retain(|&x| x > 0);
                (i, want[&h])
            })
            .collect();
        assert!(g.edges.iter().all(|e| levels[&e.0] < depth));
        assert!(g.label.contains(&format!("depth {depth}")));
    }
    // depth 0: the position alone.
    let (g, _) = graph(&format!("{NIM}graph nim(5) depth 0\n"));
    assert_eq!(g.nodes.len(), 1);
    assert!(g.edges.is_empty());
    // Without a limit nothing is dashed.
    let (g, _) = graph(&format!("{NIM}graph nim(2) + nim(3)\n"));
    assert!(g.nodes.iter().all(|n| !n.dashed));
}

/// `depth` is a word only after `graph G`: elsewhere it is a name.
#[test]
fn depth_is_still_a_name() {
    let program = format!("{NIM}let depth = 1\ngame depth2(n: nat) {{ move depth2(n - 1) where n > 0 }}\ngraph nim(2) + depth2(depth) depth depth\n");
    let (g, _) = graph(&program);
    assert_eq!(g.nodes.len(), 4, "{g:?}");
}

#[test]
fn a_negative_depth_is_an_error() {
    let p = common::problem(&format!("{NIM}graph nim(3) depth -1\n"));
    assert!(p.message.contains("depth"), "{}", p.message);
    assert!(p.help.contains("0 draws the position alone"), "{}", p.help);
    let p = common::problem(&format!("{NIM}graph nim(3) depth \"two\"\n"));
    assert!(p.message.contains("number of moves"), "{}", p.message);
}

/// Every label is a position of the program: `grundy LABEL` reads it back and
/// gives the value the node shows.
#[test]
fn labels_read_back_as_positions() {
    for (defs, query) in [
        (NIM, "graph nim(2) + nim(3) + *1"),
        (KAYLES, "graph kayles(5) + kayles(0)"),
        ("game s = subtraction {1, 3}\n", "graph s(4) + s(2)"),
        (
            "board b = 3 x 3\ngame queen(sq) on b { move s for d in {(-1, 0), (0, -1), (-1, -1)}, s in ray(sq, d) }\n",
            "graph queen(@c3) + queen(@b2) depth 2",
        ),
        (
            "game prefix(s: string) { move s[0..i] for i in 0..len(s) }\n",
            "graph prefix(\"abc\") + prefix(\"x\")",
        ),
    ] {
        let (g, mut engine) = graph(&format!("{defs}{query}\n"));
        for n in &g.nodes {
            let answers = engine
                .run_program(&format!("grundy {}\n", n.position))
                .unwrap_or_else(|p| panic!("{query}: `{}` does not read back: {}", n.position, p.message));
            assert_eq!(
                answers.last(),
                Some(&Answer::Grundy {
                    expr: n.position.clone(),
                    value: n.grundy
                }),
                "{query}"
            );
        }
    }
}

//! Fox and Geese on the full 8 × 8 board (issue 40's speed item for loopy
//! partizan games): `outcome` of the starting position, four geese on the
//! top row and the fox on the bottom row, through the language (the rules of
//! `examples/fox_and_geese.game`, explored with the general evaluator, then
//! labelled by retrograde analysis), beside a solver written here by hand on
//! packed states (geese as a 32-bit mask of the dark squares, the fox as a
//! square) with the same rules and CGSuite's escape rule. The two must agree;
//! the hand solver is the anchor for the time.
//!
//! `cargo bench --bench fox_and_geese`; `BENCH_QUICK=1` starts the geese on
//! row 6 instead (a smaller graph).

#![allow(
    clippy::indexing_slicing,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic
)]

use rustc_hash::FxHashMap;
use std::time::Instant;

/// A dark square (row + col even), rows and columns 1..=8.
fn index(r: i32, c: i32) -> Option<u32> {
    ((1..=8).contains(&r) && (1..=8).contains(&c) && (r + c) % 2 == 0)
        .then(|| ((r - 1) * 4 + (c - 1) / 2) as u32)
}

fn square(i: u32) -> (i32, i32) {
    let r = (i / 4) as i32 + 1;
    let c0 = ((i % 4) * 2) as i32 + 1;
    // Row r's dark squares have c ≡ r (mod 2).
    (r, if r % 2 == 1 { c0 } else { c0 + 1 })
}

/// A position: the geese (mask), the fox (square), Left (the geese) to move.
type State = (u32, u32, bool);

fn escaped(geese: u32, fox: u32) -> bool {
    let top = (0..32)
        .filter(|i| geese >> i & 1 == 1)
        .map(|i| square(i).0)
        .max()
        .unwrap_or(0);
    let (r, c) = square(fox);
    let open = |dc: i32| index(r + 1, c + dc).is_some_and(|s| geese >> s & 1 == 0);
    r >= top || (r == top - 1 && ((c > 1 && open(-1)) || (c < 8 && open(1))))
}

/// The options of a state (the mover's moves; the other player moves next).
fn options((geese, fox, left): State, out: &mut Vec<State>) {
    out.clear();
    let away = escaped(geese, fox);
    if left {
        if away {
            return;
        }
        for g in (0..32).filter(|i| geese >> i & 1 == 1) {
            let (r, c) = square(g);
            for dc in [-1, 1] {
                if let Some(to) = index(r - 1, c + dc) {
                    if geese >> to & 1 == 0 && to != fox {
                        out.push((geese & !(1 << g) | 1 << to, fox, false));
                    }
                }
            }
        }
    } else if away {
        // The fox has escaped: `off`, a pass for Right.
        out.push((geese, fox, true));
    } else {
        let (r, c) = square(fox);
        for (dr, dc) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            if let Some(to) = index(r + dr, c + dc) {
                if geese >> to & 1 == 0 {
                    out.push((geese, to, true));
                }
            }
        }
    }
}

/// Who wins from each start (Left first, Right first): 'L', 'R' or 'D'.
fn solve_by_hand(geese: u32, fox: u32) -> ((char, char), usize, usize) {
    let mut id: FxHashMap<State, u32> = FxHashMap::default();
    let mut states: Vec<State> = Vec::new();
    let mut succ: Vec<Vec<u32>> = Vec::new();
    let mut buf = Vec::new();
    for start in [(geese, fox, true), (geese, fox, false)] {
        if id.contains_key(&start) {
            continue;
        }
        id.insert(start, states.len() as u32);
        states.push(start);
    }
    let mut next = 0;
    while next < states.len() {
        options(states[next], &mut buf);
        let mut out = Vec::with_capacity(buf.len());
        for &s in &buf {
            let k = *id.entry(s).or_insert_with(|| {
                states.push(s);
                (states.len() - 1) as u32
            });
            out.push(k);
        }
        succ.push(out);
        next += 1;
    }
    let n = states.len();
    let edges: usize = succ.iter().map(Vec::len).sum();
    let mut pred: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (u, out) in succ.iter().enumerate() {
        for &v in out {
            pred[v as usize].push(u as u32);
        }
    }
    // 0 unknown (a draw at the end), 1 the mover wins, 2 the mover loses.
    let mut label = vec![0u8; n];
    let mut left: Vec<u32> = succ.iter().map(|o| o.len() as u32).collect();
    let mut queue: Vec<u32> = (0..n as u32).filter(|&u| left[u as usize] == 0).collect();
    for &u in &queue {
        label[u as usize] = 2;
    }
    while let Some(u) = queue.pop() {
        let lost = label[u as usize] == 2;
        for &p in &pred[u as usize] {
            let p = p as usize;
            if label[p] != 0 {
                continue;
            }
            if lost {
                label[p] = 1;
                queue.push(p as u32);
            } else {
                left[p] -= 1;
                if left[p] == 0 {
                    label[p] = 2;
                    queue.push(p as u32);
                }
            }
        }
    }
    let winner = |left_first: bool| {
        let u = id[&(geese, fox, left_first)] as usize;
        match (label[u], left_first) {
            (1, true) | (2, false) => 'L',
            (1, false) | (2, true) => 'R',
            _ => 'D',
        }
    };
    ((winner(true), winner(false)), n, edges)
}

/// The nine classes from the two results, as grundy names them.
fn class((l, r): (char, char)) -> &'static str {
    match (l, r) {
        ('L', 'L') => "L",
        ('R', 'R') => "R",
        ('L', 'R') => "N",
        ('R', 'L') => "P",
        ('D', 'D') => "D",
        ('L', 'D') => "NHat",
        ('D', 'L') => "PHat",
        ('D', 'R') => "NCheck",
        _ => "PCheck",
    }
}

fn main() {
    let row = if std::env::var_os("BENCH_QUICK").is_some() {
        6
    } else {
        8
    };
    // Geese on the dark squares of their row, the fox in the middle of row 1.
    let geese_squares: Vec<(i32, i32)> = (1..=8)
        .filter(|c| (row + c) % 2 == 0)
        .map(|c| (row, c))
        .collect();
    let fox = (1, 5);
    let geese_mask = geese_squares
        .iter()
        .fold(0u32, |m, &(r, c)| m | 1 << index(r, c).unwrap());

    let t = Instant::now();
    let (results, n, edges) = solve_by_hand(geese_mask, index(fox.0, fox.1).unwrap());
    let by_hand = t.elapsed().as_secs_f64();

    let example = std::fs::read_to_string("examples/fox_and_geese.game").unwrap();
    let mut program: String = example
        .lines()
        .filter(|l| {
            !l.starts_with("assert") && !l.starts_with("outcome") && !l.starts_with("winning")
        })
        .map(|l| format!("{l}\n"))
        .collect();
    let list: Vec<String> = geese_squares
        .iter()
        .map(|(r, c)| format!("({r}, {c})"))
        .collect();
    let start = format!("fg([{}], ({}, {}))", list.join(", "), fox.0, fox.1);
    program.push_str(&format!("outcome {start}\n"));
    let t = Instant::now();
    let mut engine = grundy::Engine::default();
    let answers = engine.run_program(&program).expect("the program runs");
    let through = t.elapsed().as_secs_f64();
    let namer = engine.namer();
    let text = grundy::report::text(&answers[0], &namer).unwrap();
    let got = text.rsplit(" = ").next().unwrap().to_string();
    assert_eq!(got, class(results), "grundy and the hand solver disagree");

    println!("Fox and Geese, geese on row {row}, fox at {fox:?}: class {got}");
    println!("  states (position, player to move): {n}, moves: {edges}");
    println!("  by hand (packed states, FxHashMap, retrograde): {by_hand:.2} s");
    println!("  through the language (rules, general evaluator): {through:.2} s");
    println!("  ratio: {:.1}x", through / by_hand);
}

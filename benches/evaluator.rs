//! Rules over lists and several integers: the general evaluator against the
//! rules compiled over integer vectors (the second performance round, item 6).
//!
//! `cargo bench --bench evaluator` values Moore's Nim_3 on six heaps, staircase
//! Nim on six steps and Chomp with three rows, each in a fresh engine, with
//! compiled rules off (the general evaluator) and on, and prints options per
//! second. The options are counted here, by enumerating every reachable
//! position's moves from the games' definitions written out in Rust; the
//! values are checked against theorems (Moore 1910: P iff every binary column
//! holds a multiple of k + 1 ones; staircase Nim is Nim on the odd steps;
//! strategy stealing: a rectangle is N). Medians of `BENCH_RUNS` runs (3).

#![allow(
    clippy::indexing_slicing,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic
)]

use grundy::Limits;
use grundy::{Answer, Engine};
use std::collections::{HashSet, VecDeque};
use std::time::Instant;

const MOORE3: &str = "game moore3(h: list) {
    move h with [i] = a for i in 0..len(h), a in 0..h[i]
    move h with [i] = a, [j] = b for i in 0..len(h), j in i + 1..len(h), a in 0..h[i], b in 0..h[j]
    move h with [i] = a, [j] = b, [l] = c for i in 0..len(h), j in i + 1..len(h), l in j + 1..len(h),
        a in 0..h[i], b in 0..h[j], c in 0..h[l]
}
";
const STAIR: &str = "game stair(s: list) {
    move s with [0] = s[0] - j for j in 1..=s[0]
    move s with [i] = s[i] - j, [i - 1] = s[i - 1] + j for i in 1..len(s), j in 1..=s[i]
}
";
const CHOMP: &str = "game chomp(rows: list) {
    move [(if i >= r then min(rows[i], c) else rows[i]) for i in 0..len(rows)]
        for r in 0..len(rows), c in 0..rows[r] where r > 0 or c > 0
}
";

/// A game's moves, written out by hand.
type Moves = fn(&[u64]) -> Vec<Vec<u64>>;

/// Moore's Nim_3 moves: lower one, two or three heaps.
fn moore_moves(h: &[u64]) -> Vec<Vec<u64>> {
    let n = h.len();
    let mut out = Vec::new();
    for mask in 1u32..(1 << n) {
        if mask.count_ones() > 3 {
            continue;
        }
        let idx: Vec<usize> = (0..n).filter(|i| mask >> i & 1 == 1).collect();
        let mut t = h.to_vec();
        fn rec(idx: &[usize], h: &[u64], t: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
            let Some((&i, rest)) = idx.split_first() else {
                out.push(t.clone());
                return;
            };
            for a in 0..h[i] {
                t[i] = a;
                rec(rest, h, t, out);
            }
            t[i] = h[i];
        }
        rec(&idx, h, &mut t, &mut out);
    }
    out
}

/// Staircase moves: coins from step i to step i - 1, or off from step 1.
fn stair_moves(s: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for i in 0..s.len() {
        for j in 1..=s[i] {
            let mut t = s.to_vec();
            t[i] -= j;
            if i > 0 {
                t[i - 1] += j;
            }
            out.push(t);
        }
    }
    out
}

/// Chomp moves on rows (bottom first): eat square (r, c) and everything above-right.
fn chomp_moves(rows: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for r in 0..rows.len() {
        for c in 0..rows[r] {
            if r == 0 && c == 0 {
                continue;
            }
            let t = (0..rows.len())
                .map(|i| if i >= r { rows[i].min(c) } else { rows[i] })
                .collect();
            out.push(t);
        }
    }
    out
}

/// Reachable positions and the options generated over all of them.
fn count(start: &[u64], moves: Moves) -> (usize, usize) {
    let mut seen = HashSet::new();
    let mut queue = VecDeque::new();
    seen.insert(start.to_vec());
    queue.push_back(start.to_vec());
    let mut options = 0;
    while let Some(p) = queue.pop_front() {
        let next = moves(&p);
        options += next.len();
        for q in next {
            if seen.insert(q.clone()) {
                queue.push_back(q);
            }
        }
    }
    (seen.len(), options)
}

/// The value and the median time of `runs` fresh runs.
fn time(program: &str, kernels: bool, runs: usize) -> (u64, f64) {
    let mut times = Vec::new();
    let mut value = None;
    for _ in 0..runs {
        let mut engine = Engine::with_limits(Limits {
            kernels,
            ..Limits::default()
        });
        let start = Instant::now();
        let answers = engine
            .run_program(program)
            .unwrap_or_else(|p| panic!("{}", p.message));
        times.push(start.elapsed().as_secs_f64());
        let v = match answers.as_slice() {
            [Answer::Grundy { value, .. }] => *value,
            other => panic!("{other:?}"),
        };
        assert!(value.is_none_or(|x| x == v), "runs disagree");
        value = Some(v);
    }
    times.sort_by(f64::total_cmp);
    (value.unwrap(), times[times.len() / 2])
}

fn main() {
    let runs: usize = std::env::var("BENCH_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    println!("general evaluator against rules compiled over integer vectors (median of {runs})");
    println!(
        "  {:<30} {:>9} {:>10} {:>12} {:>12} {:>9} {:>9}",
        "workload", "positions", "options", "general/s", "compiled/s", "ns/opt", "speed-up"
    );
    let moore = [3u64, 3, 4, 4, 5, 5];
    let stair = [3u64, 3, 3, 3, 3, 3];
    let chomp = [60u64, 60, 60];
    let cases: [(&str, String, &[u64], Moves); 3] = [
        (
            "Moore's Nim_3 [3,3,4,4,5,5]",
            format!("{MOORE3}grundy moore3([3, 3, 4, 4, 5, 5])"),
            &moore,
            moore_moves,
        ),
        (
            "staircase Nim [3,3,3,3,3,3]",
            format!("{STAIR}grundy stair([3, 3, 3, 3, 3, 3])"),
            &stair,
            stair_moves,
        ),
        (
            "Chomp rows [60,60,60]",
            format!("{CHOMP}grundy chomp([60, 60, 60])"),
            &chomp,
            chomp_moves,
        ),
    ];
    for (label, program, start, moves) in cases {
        let (positions, options) = count(start, moves);
        let (slow_value, slow) = time(&program, false, runs);
        let (fast_value, fast) = time(&program, true, runs);
        assert_eq!(
            slow_value, fast_value,
            "{label}: the two evaluators disagree"
        );
        println!(
            "  {label:<30} {positions:>9} {options:>10} {:>12.0} {:>12.0} {:>9.0} {:>8.1}x",
            options as f64 / slow,
            options as f64 / fast,
            fast * 1e9 / options as f64,
            slow / fast
        );
    }
    // The values against the theorems.
    let (m, _) = time(
        &format!("{MOORE3}grundy moore3([1, 2, 3, 3, 1, 2])"),
        true,
        1,
    );
    assert_eq!(m, 0, "Moore: the columns 1 and 2 each hold four ones");
    let (s, _) = time(&format!("{STAIR}grundy stair([3, 3, 3, 3, 3, 3])"), true, 1);
    assert_eq!(s, 3, "staircase: 3 ^ 3 ^ 3 on the odd steps");
    let (c, _) = time(&format!("{CHOMP}grundy chomp([60, 60, 60])"), true, 1);
    assert_ne!(c, 0, "Chomp: a rectangle is a first-player win");
}

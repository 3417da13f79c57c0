//! Loopy games at scale: retrograde analysis and generalised values over a
//! million positions, through the language and on the explicit graph alone.
//!
//! `cargo bench --bench loopy` prints, for a loopy subtraction game on a cycle
//! of N positions (defined in the language), the time of `outcome` through the
//! engine (exploring the graph with the general evaluator, then solving), and
//! the time of each phase on the explicit graph: exploring, retrograde P/N/D,
//! generalised values; positions per second for each. `BENCH_QUICK=1` uses a
//! smaller cycle.

#![allow(
    clippy::indexing_slicing,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic
)]

use grundy::internals::Budget;
use grundy::internals::ExplicitGraph;
use grundy::internals::Generalized;
use grundy::internals::Retrograde;
use grundy::{Answer, Engine, Outcome};
use std::time::Instant;

fn main() {
    let n: u64 = if std::env::var_os("BENCH_QUICK").is_some() {
        100_003
    } else {
        1_000_003
    };
    // Moving k ∈ {1, 2, 3} forward around a cycle of n positions; 0 ends the game.
    let program = format!(
        "game cyc(n: nat) {{ move (n + k) % {n} for k in {{1, 2, 3}} where n != 0 }}\noutcome cyc(1)\ngrundy cyc(1)"
    );
    let start = Instant::now();
    let mut engine = Engine::default();
    let answers = engine
        .run_program(&program)
        .expect("the benchmark program runs");
    let through = start.elapsed().as_secs_f64();
    // From 1 the distance to 0 is n − 1; P exactly when it is a multiple of 4.
    let want = if (n - 1) % 4 == 0 {
        Outcome::P
    } else {
        Outcome::N
    };
    match &answers[0] {
        Answer::Outcome { value, .. } => assert_eq!(*value, want, "outcome cyc(1)"),
        other => panic!("{other:?}"),
    }
    println!("loopy subtraction on a cycle of {n} positions, 3 moves each");
    println!(
        "  through the language (outcome + grundy): {through:.2} s, {:.0} positions/s",
        n as f64 / through
    );

    // The same graph, built by a successor function in Rust, then each phase.
    let budget = Budget::default();
    let t = Instant::now();
    let graph = ExplicitGraph::explore(1u64, &budget, |&v: &u64, out: &mut Vec<u64>| {
        if v != 0 {
            out.extend((1..=3).map(|k| (v + k) % n));
        }
        Ok::<(), grundy::Exceeded>(())
    })
    .unwrap();
    let explore = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let retro = Retrograde::solve(graph.graph(), &budget).unwrap();
    let retro_s = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let values = Generalized::solve(graph.graph(), &budget).unwrap();
    let gen_s = t.elapsed().as_secs_f64();
    assert_eq!(retro.counts().2, 0, "no draws on this cycle");
    assert_eq!(values.node_count(), graph.node_count());
    let per = |s: f64| graph.node_count() as f64 / s / 1e6;
    println!(
        "  explicit graph: {} positions, {} moves",
        graph.node_count(),
        graph.graph().edge_count()
    );
    println!(
        "  explore     {explore:.3} s  {:.2} M positions/s",
        per(explore)
    );
    println!(
        "  retrograde  {retro_s:.3} s  {:.2} M positions/s",
        per(retro_s)
    );
    println!(
        "  generalised {gen_s:.3} s  {:.2} M positions/s",
        per(gen_s)
    );
}

//! Checks of the loopy solvers against independent computations: value
//! iteration for P/N/D and remoteness, Nim-heap sums for every finite γ, product
//! graphs for the sum rule, exhaustive play for terminating strategies, Autobus.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::time::Instant;

use proptest::prelude::*;

use super::generalized::{
    sum_of, sum_outcome, sum_progress_move, sum_value, sum_winning_moves, Component, Generalized,
    Gsg,
};
use super::retrograde::{Outcome, Retrograde};
use crate::budget::{Budget, Exceeded};
use crate::graph::explicit::{Csr, ExplicitGraph};

/// Random graphs of 1..=8 nodes with up to 3 options each (self-loops allowed).
fn small_graph() -> impl Strategy<Value = Vec<Vec<u32>>> {
    (1..=8usize)
        .prop_flat_map(|n| prop::collection::vec(prop::collection::vec(0..n as u32, 0..=3), n))
}

fn csr(lists: &[Vec<u32>]) -> Csr {
    Csr::from_successors(lists, &Budget::default()).unwrap()
}

/// Outcome and remoteness by value iteration over bounded horizons, with no
/// queue and no counters: u is won in k moves if some option is lost in k−1,
/// lost in k if every option is won in k−1 (terminals are lost in 0). The least
/// such k is the remoteness; nodes never decided are draws.
fn value_iteration(lists: &[Vec<u32>]) -> Vec<(Outcome, Option<u32>)> {
    let n = lists.len();
    let mut result: Vec<(Outcome, Option<u32>)> = vec![(Outcome::D, None); n];
    let mut won = vec![false; n];
    let mut lost: Vec<bool> = lists.iter().map(|l| l.is_empty()).collect();
    for u in 0..n {
        if lost[u] {
            result[u] = (Outcome::P, Some(0));
        }
    }
    for k in 1..=(2 * n as u32 + 2) {
        let next_won: Vec<bool> = lists
            .iter()
            .map(|l| l.iter().any(|&v| lost[v as usize]))
            .collect();
        let next_lost: Vec<bool> = lists
            .iter()
            .map(|l| l.iter().all(|&v| won[v as usize]))
            .collect();
        for u in 0..n {
            if next_won[u] && result[u].1.is_none() {
                result[u] = (Outcome::N, Some(k));
            }
            if next_lost[u] && result[u].1.is_none() {
                result[u] = (Outcome::P, Some(k));
            }
        }
        // "Within k moves": keep what was already decided.
        won = (0..n).map(|u| won[u] || next_won[u]).collect();
        lost = (0..n).map(|u| lost[u] || next_lost[u]).collect();
    }
    result
}

/// The successor lists of the sum of two graphs (node a·|h| + b is (a, b)).
fn product(g: &[Vec<u32>], h: &[Vec<u32>]) -> Vec<Vec<u32>> {
    let nh = h.len() as u32;
    let mut lists = Vec::new();
    for (a, ga) in g.iter().enumerate() {
        for (b, hb) in h.iter().enumerate() {
            let mut l: Vec<u32> = ga.iter().map(|&a2| a2 * nh + b as u32).collect();
            l.extend(hb.iter().map(|&b2| a as u32 * nh + b2));
            lists.push(l);
        }
    }
    lists
}

/// A Nim heap of size `size`: node j moves to every smaller j.
fn nim_heap(size: u32) -> Vec<Vec<u32>> {
    (0..=size).map(|j| (0..j).collect()).collect()
}

fn values(lists: &[Vec<u32>]) -> (Csr, Generalized) {
    let g = csr(lists);
    let v = Generalized::solve(&g, &Budget::default()).unwrap();
    (g, v)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn retrograde_matches_value_iteration(lists in small_graph()) {
        let g = csr(&lists);
        let r = Retrograde::solve(&g, &Budget::default()).unwrap();
        let want = value_iteration(&lists);
        for u in 0..lists.len() as u32 {
            prop_assert_eq!((r.outcome(u).unwrap(), r.remoteness(u)), want[u as usize], "node {}", u);
        }
    }

    #[test]
    fn generalized_outcomes_match_retrograde(lists in small_graph()) {
        let (g, v) = values(&lists);
        let r = Retrograde::solve(&g, &Budget::default()).unwrap();
        for u in 0..lists.len() as u32 {
            prop_assert_eq!(v.outcome(&g, u), r.outcome(u), "node {}", u);
        }
    }

    /// γ(u) = v finite iff u + *v is P (and u + *j is N for j ≠ v); for
    /// γ(u) = ∞(K), u + *j is N when j ∈ K and a draw otherwise.
    #[test]
    fn every_value_passes_the_nim_heap_test(lists in small_graph()) {
        let (g, v) = values(&lists);
        let top = (0..lists.len() as u32).filter_map(|u| v.finite(u)).max().unwrap_or(0) + 1;
        let heap = nim_heap(top);
        let sum = csr(&product(&lists, &heap));
        let r = Retrograde::solve(&sum, &Budget::default()).unwrap();
        let nh = top + 1;
        for u in 0..lists.len() as u32 {
            let value = v.value(&g, u).unwrap();
            for j in 0..=top {
                let got = r.outcome(u * nh + j).unwrap();
                let want = match &value {
                    Gsg::Finite(x) if *x == j => Outcome::P,
                    Gsg::Finite(_) => Outcome::N,
                    Gsg::Infinite(k) if k.contains(&j) => Outcome::N,
                    Gsg::Infinite(_) => Outcome::D,
                };
                prop_assert_eq!(got, want, "node {} value {} heap {}", u, value, j);
            }
        }
    }

    /// γ of the product graph equals the sum rule on the parts, and so do the
    /// outcomes found by retrograde analysis of the product.
    #[test]
    fn sum_rule_matches_the_product_graph(g in small_graph(), h in small_graph()) {
        let (gc, gv) = values(&g);
        let (hc, hv) = values(&h);
        let p = product(&g, &h);
        let (pc, pv) = values(&p);
        let r = Retrograde::solve(&pc, &Budget::default()).unwrap();
        let nh = h.len() as u32;
        for a in 0..g.len() as u32 {
            for b in 0..nh {
                let parts = [gv.value(&gc, a).unwrap(), hv.value(&hc, b).unwrap()];
                let want = sum_value(&parts);
                prop_assert_eq!(pv.value(&pc, a * nh + b).unwrap(), want.clone());
                prop_assert_eq!(r.outcome(a * nh + b).unwrap(), want.outcome());
                let comps = [
                    Component { graph: &gc, values: &gv, node: a },
                    Component { graph: &hc, values: &hv, node: b },
                ];
                prop_assert_eq!(sum_outcome(&comps), want.outcome());
                // The winning moves are exactly the product's moves to P.
                let mut moves: Vec<u32> = sum_winning_moves(&comps)
                    .iter()
                    .map(|m| if m.component == 0 { m.to * nh + b } else { a * nh + m.to })
                    .collect();
                moves.sort_unstable();
                prop_assert_eq!(moves, r.winning_moves(&pc, a * nh + b));
            }
        }
    }

    /// From every N position, the remoteness move wins against every reply
    /// without ever meeting a position twice.
    #[test]
    fn remoteness_play_never_repeats(lists in small_graph()) {
        let g = csr(&lists);
        let r = Retrograde::solve(&g, &Budget::default()).unwrap();
        for u in 0..lists.len() as u32 {
            if r.outcome(u) == Some(Outcome::N) {
                play_single(&g, &r, u, &mut Vec::new());
            }
        }
    }

    /// From every N position of a sum of two graphs, the progress move wins
    /// against every reply without ever meeting a sum position twice.
    #[test]
    fn counter_play_in_sums_never_repeats(g in small_graph(), h in small_graph()) {
        let (gc, gv) = values(&g);
        let (hc, hv) = values(&h);
        for a in 0..g.len() as u32 {
            for b in 0..h.len() as u32 {
                let comps = [
                    Component { graph: &gc, values: &gv, node: a },
                    Component { graph: &hc, values: &hv, node: b },
                ];
                if sum_outcome(&comps) == Outcome::N {
                    play_sum(comps, None, &mut Vec::new());
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Smith's definition, checked directly: a finite γ(u) = m has no option of
    /// value m, options of every value below m, and every option v of larger or
    /// infinite value has an option w of value m with a smaller counter. An ∞
    /// vertex has no option that reverses through it to a finite value it lacks.
    #[test]
    fn values_satisfy_smiths_definition(lists in small_graph()) {
        let (g, v) = values(&lists);
        for u in 0..lists.len() as u32 {
            let Some(m) = v.finite(u) else { continue };
            let options = g.successors(u);
            prop_assert!(options.iter().all(|&x| v.finite(x) != Some(m)));
            for j in 0..m {
                prop_assert!(options.iter().any(|&x| v.finite(x) == Some(j)));
            }
            for &x in options {
                if v.finite(x).is_some_and(|k| k < m) {
                    continue;
                }
                let reverses = g.successors(x).iter().any(|&w| {
                    v.finite(w) == Some(m) && v.counter(w) < v.counter(u)
                });
                prop_assert!(reverses, "node {} option {}", u, x);
            }
        }
    }
}

/// Random graphs of 1..=4 nodes, for sums of three.
fn tiny_graph() -> impl Strategy<Value = Vec<Vec<u32>>> {
    (1..=4usize)
        .prop_flat_map(|n| prop::collection::vec(prop::collection::vec(0..n as u32, 0..=2), n))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Three components: the sum rule and the winning moves against
    /// retrograde analysis of the triple product graph.
    #[test]
    fn three_component_sums_match_the_product(
        f in tiny_graph(), g in tiny_graph(), h in tiny_graph()
    ) {
        let parts = [values(&f), values(&g), values(&h)];
        let (ng, nh) = (g.len() as u32, h.len() as u32);
        let p = csr(&product(&product(&f, &g), &h));
        let r = Retrograde::solve(&p, &Budget::default()).unwrap();
        let id = |a: u32, b: u32, c: u32| (a * ng + b) * nh + c;
        for a in 0..f.len() as u32 {
            for b in 0..ng {
                for c in 0..nh {
                    let nodes = [a, b, c];
                    let comps: Vec<Component<'_>> = parts
                        .iter()
                        .zip(nodes)
                        .map(|((graph, values), node)| Component { graph, values, node })
                        .collect();
                    prop_assert_eq!(sum_outcome(&comps), r.outcome(id(a, b, c)).unwrap());
                    let mut moves: Vec<u32> = sum_winning_moves(&comps)
                        .iter()
                        .map(|m| {
                            let mut at = nodes;
                            at[m.component] = m.to;
                            id(at[0], at[1], at[2])
                        })
                        .collect();
                    moves.sort_unstable();
                    prop_assert_eq!(moves, r.winning_moves(&p, id(a, b, c)));
                }
            }
        }
    }
}

/// The winner at N node `u` moves; every reply is tried; `path` holds the
/// winner's positions so far, which must never repeat.
fn play_single(g: &Csr, r: &Retrograde, u: u32, path: &mut Vec<u32>) {
    assert!(!path.contains(&u), "repeated {u} after {path:?}");
    assert_eq!(r.outcome(u), Some(Outcome::N));
    let v = r.best_move(g, u).unwrap();
    assert_eq!(r.outcome(v), Some(Outcome::P));
    assert!(r.remoteness(v) < r.remoteness(u));
    path.push(u);
    for &w in g.successors(v) {
        play_single(g, r, w, path);
    }
    path.pop();
}

fn play_sum<'a>(comps: [Component<'a>; 2], last: Option<(usize, u32)>, path: &mut Vec<(u32, u32)>) {
    let here = (comps[0].node, comps[1].node);
    assert!(!path.contains(&here), "repeated {here:?} after {path:?}");
    assert!(path.len() < 200, "no progress: {path:?}");
    let m = sum_progress_move(&comps, last).expect("a winning move from N");
    let mut after = comps;
    after[m.component].node = m.to;
    assert_eq!(sum_of(&after), Gsg::Finite(0));
    path.push(here);
    for i in 0..2 {
        for &w in after[i].graph.successors(after[i].node) {
            let mut next = after;
            next[i].node = w;
            play_sum(next, Some((i, after[i].node)), path);
        }
    }
    path.pop();
}

#[test]
fn hand_checked_values() {
    // 0: terminal. 1 → {1, 0}: ∞{0}. 2 ⇄ 3 alone: ∞{}. 4 ⇄ 5, 5 → 0: from 4
    // the only move is to 5, whence the opponent ends the game, so 4 = 0 and
    // 5 = 1. 6 → {2, 0}: its ∞ option never reverses to 1, so ∞{0}.
    let lists = vec![
        vec![],
        vec![1, 0],
        vec![3],
        vec![2],
        vec![5],
        vec![4, 0],
        vec![2, 0],
    ];
    let (g, v) = values(&lists);
    let shown: Vec<String> = (0..7)
        .map(|u| v.value(&g, u).unwrap().to_string())
        .collect();
    assert_eq!(shown, ["0", "inf{0}", "inf{}", "inf{}", "0", "1", "inf{0}"]);
    let outcomes: Vec<Outcome> = (0..7).map(|u| v.outcome(&g, u).unwrap()).collect();
    use Outcome::{D, N, P};
    assert_eq!(outcomes, [P, N, D, D, P, N, N]);
    // 4 is labelled after 0, from which its only option 5 reverses to 0.
    assert!(v.counter(4).unwrap() > v.counter(0).unwrap());
    assert_eq!(v.counter(1), None);
}

#[test]
fn sum_rule_and_display() {
    let inf01 = Gsg::Infinite(vec![0, 1]);
    assert_eq!(inf01.to_string(), "inf{0,1}");
    assert_eq!(Gsg::Infinite(vec![]).to_string(), "inf{}");
    assert_eq!(Gsg::Finite(3).to_string(), "3");
    assert_eq!(Gsg::Finite(3).add(&Gsg::Finite(5)), Gsg::Finite(6));
    assert_eq!(inf01.add(&Gsg::Finite(1)), Gsg::Infinite(vec![0, 1]));
    assert_eq!(inf01.add(&Gsg::Finite(2)), Gsg::Infinite(vec![2, 3]));
    assert_eq!(inf01.add(&Gsg::Finite(2)).outcome(), Outcome::D);
    assert_eq!(inf01.add(&inf01), Gsg::Infinite(vec![]));
    assert_eq!(sum_value(&[]), Gsg::Finite(0));
}

/// Autobus: a move is a Nim move, or moves a positive number of tokens from one
/// heap onto another (GAMES.md §5).
// The explorer hands over `&K`, and here K is `Vec<u8>`.
#[allow(clippy::ptr_arg)]
fn autobus(h: &Vec<u8>, out: &mut Vec<Vec<u8>>) -> Result<(), Exceeded> {
    for i in 0..h.len() {
        for j in 1..=h[i] {
            let mut take = h.clone();
            take[i] -= j;
            out.push(take.clone());
            for k in 0..h.len() {
                if k != i {
                    let mut moved = take.clone();
                    moved[k] += j;
                    out.push(moved);
                }
            }
        }
    }
    Ok(())
}

fn autobus_outcome(heaps: &[u8]) -> (Outcome, Outcome) {
    let budget = Budget::default();
    let g = ExplicitGraph::explore(heaps.to_vec(), &budget, autobus).unwrap();
    let r = Retrograde::solve(g.graph(), &budget).unwrap();
    let v = Generalized::solve(g.graph(), &budget).unwrap();
    (r.outcome(0).unwrap(), v.outcome(g.graph(), 0).unwrap())
}

#[test]
fn autobus_two_heaps_are_p_iff_equal() {
    for a in 0..=6u8 {
        for b in 0..=6u8 {
            let want = if a == b { Outcome::P } else { Outcome::N };
            assert_eq!(autobus_outcome(&[a, b]), (want, want), "({a}, {b})");
        }
    }
}

#[test]
fn autobus_three_heap_draws() {
    assert_eq!(autobus_outcome(&[0, 1, 1]), (Outcome::D, Outcome::D));
    assert_eq!(autobus_outcome(&[1, 2, 3]), (Outcome::D, Outcome::D));
}

#[test]
fn solvers_agree_on_every_autobus_position() {
    let budget = Budget::default();
    let g = ExplicitGraph::explore(vec![2u8, 2, 3], &budget, autobus).unwrap();
    let r = Retrograde::solve(g.graph(), &budget).unwrap();
    let v = Generalized::solve(g.graph(), &budget).unwrap();
    for u in 0..g.node_count() as u32 {
        assert_eq!(r.outcome(u), v.outcome(g.graph(), u), "{:?}", g.key(u));
    }
}

/// Poker Nim as in GAMES.md §11: (heaps, mover's pocket, other's pocket); a
/// move takes chips from a heap into the mover's pocket or adds chips from it.
fn poker(p: &(Vec<u8>, u8, u8), out: &mut Vec<(Vec<u8>, u8, u8)>) -> Result<(), Exceeded> {
    let (h, me, you) = p;
    for i in 0..h.len() {
        for j in 1..=h[i] {
            let mut q = h.clone();
            q[i] -= j;
            out.push((q, *you, me + j));
        }
        for j in 1..=*me {
            let mut q = h.clone();
            q[i] += j;
            out.push((q, *you, me - j));
        }
    }
    Ok(())
}

#[test]
fn poker_nim_is_p_iff_the_heaps_nim_sum_to_zero() {
    let budget = Budget::default();
    for (root, want) in [
        ((vec![2u8, 4, 6], 3u8, 3u8), Outcome::P),
        ((vec![2, 3, 6], 3, 4), Outcome::N),
    ] {
        let g = ExplicitGraph::explore(root, &budget, poker).unwrap();
        let r = Retrograde::solve(g.graph(), &budget).unwrap();
        let v = Generalized::solve(g.graph(), &budget).unwrap();
        assert_eq!(r.outcome(0), Some(want));
        // The theorem, for every reachable position: no draws, no ∞.
        for u in 0..g.node_count() as u32 {
            let (h, _, _) = g.key(u).unwrap();
            let nim = h.iter().fold(0, |a, &x| a ^ x);
            let want = if nim == 0 { Outcome::P } else { Outcome::N };
            assert_eq!(r.outcome(u), Some(want), "{:?}", g.key(u));
            assert!(!v.is_infinite(u));
        }
    }
}

#[test]
fn an_interrupted_solve_stops() {
    let budget = Budget::default();
    let g = ExplicitGraph::explore([60u8, 0, 0], &budget, bounded_autobus).unwrap();
    budget
        .cancel_flag()
        .store(true, std::sync::atomic::Ordering::Relaxed);
    assert_eq!(
        Retrograde::solve(g.graph(), &budget).err(),
        Some(Exceeded::Interrupted)
    );
    assert_eq!(
        Generalized::solve(g.graph(), &budget).err(),
        Some(Exceeded::Interrupted)
    );
}

/// Bounded Autobus: take 1 to 3 tokens from one heap, or move one token onto
/// another heap. From (s, 0, 0) every triple of total ≤ s is reachable.
fn bounded_autobus(h: &[u8; 3], out: &mut Vec<[u8; 3]>) -> Result<(), Exceeded> {
    for i in 0..3 {
        for j in 1..=3u8.min(h[i]) {
            let mut take = *h;
            take[i] -= j;
            out.push(take);
        }
        if h[i] > 0 {
            for k in 0..3 {
                if k != i {
                    let mut moved = *h;
                    moved[i] -= 1;
                    moved[k] += 1;
                    out.push(moved);
                }
            }
        }
    }
    Ok(())
}

/// Bounded Poker Nim (GAMES.md §11 with moves of at most 3): take 1 to 3 chips
/// from a heap into your pocket, or add 1 to 3 from your pocket; the pockets
/// swap so that the game stays impartial. The total number of chips is kept.
fn bounded_poker(p: &[u8; 5], out: &mut Vec<[u8; 5]>) -> Result<(), Exceeded> {
    let [me, you] = [p[3], p[4]];
    for i in 0..3 {
        for j in 1..=3u8 {
            if j <= p[i] {
                let mut q = *p;
                q[i] -= j;
                q[3] = you;
                q[4] = me + j;
                out.push(q);
            }
            if j <= me {
                let mut q = *p;
                q[i] += j;
                q[3] = you;
                q[4] = me - j;
                out.push(q);
            }
        }
    }
    Ok(())
}

/// CPU time of this thread in seconds (Linux schedstat): the machine is shared,
/// so wall-clock time alone overstates the cost.
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |ns| ns / 1e9)
}

/// Wall-clock and CPU seconds of `f`, and its result.
fn timed<T>(f: impl FnOnce() -> T) -> (T, f64, f64) {
    let (t, c) = (Instant::now(), cpu_seconds());
    let out = f();
    (out, t.elapsed().as_secs_f64(), cpu_seconds() - c)
}

/// Builds, solves and times one game, printing positions per second per phase.
fn measure<K, F>(name: &str, root: K, successors: F)
where
    K: Eq + std::hash::Hash + Clone,
    F: FnMut(&K, &mut Vec<K>) -> Result<(), Exceeded>,
{
    let budget = Budget::default();
    let (g, build, build_cpu) =
        timed(|| ExplicitGraph::explore(root, &budget, successors).unwrap());
    let n = g.node_count() as f64;
    let (r, retro, retro_cpu) = timed(|| Retrograde::solve(g.graph(), &budget).unwrap());
    let (v, gen, gen_cpu) = timed(|| Generalized::solve(g.graph(), &budget).unwrap());
    let top = (0..g.node_count() as u32).filter_map(|u| v.finite(u)).max();
    let infinite = (0..g.node_count() as u32)
        .filter(|&u| v.is_infinite(u))
        .count();
    println!(
        "{name}: {} positions, {} moves; P/N/D {:?}; largest finite γ {:?}, {infinite} ∞",
        g.node_count(),
        g.graph().edge_count(),
        r.counts(),
        top
    );
    for (phase, wall, cpu) in [
        ("build", build, build_cpu),
        ("retrograde", retro, retro_cpu),
        ("generalised", gen, gen_cpu),
    ] {
        println!(
            "  {phase:<12} wall {wall:.3} s ({:.2} M/s), cpu {cpu:.3} s ({:.2} M positions/s)",
            n / wall / 1e6,
            n / cpu / 1e6
        );
    }
    for u in 0..g.node_count() as u32 {
        assert_eq!(r.outcome(u), v.outcome(g.graph(), u));
    }
}

#[test]
#[ignore = "timing: run with --release -- --ignored --nocapture"]
fn speed_on_a_million_positions() {
    // A loopy subtraction game on 0..=n: subtract 1 or 2, or from an odd
    // number add 3 (up to n); 0 is the one terminal position.
    let n = 2_000_000u32;
    measure(
        "subtract 1, 2 / odd add 3 on 0..=2e6",
        n,
        |&p: &u32, out: &mut Vec<u32>| {
            out.extend([p.checked_sub(1), p.checked_sub(2)].into_iter().flatten());
            if p % 2 == 1 && p + 3 <= n {
                out.push(p + 3);
            }
            Ok(())
        },
    );
    measure(
        "bounded autobus (180, 0, 0)",
        [180u8, 0, 0],
        bounded_autobus,
    );
    measure(
        "bounded poker nim (20, 20, 20; 10, 10)",
        [20u8, 20, 20, 10, 10],
        bounded_poker,
    );
}

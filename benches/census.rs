//! A census of Domineering regions: every connected region of up to
//! `CENSUS_MAX` squares (default 12), with its canonical form from grundy's
//! packed-board solver, counted by size.
//!
//! ```text
//! cargo bench --bench census                 # up to 12 squares
//! CENSUS_MAX=15 cargo bench --bench census   # about 50 s
//! CENSUS_MAX=16 cargo bench --bench census   # about 4 minutes, 2 GB
//! CENSUS_MAX=17 cargo bench --bench census   # see BENCHMARKS.md
//! ```
//!
//! 18 is the most (the last count in the table of A001168 below), and each
//! square multiplies the time and memory by about four. A region of 16
//! squares can span 8 × 9 = 72 cells (or 7 × 10, 6 × 11): those go to the
//! solver's 128-cell boards, the rest to its 64-cell ones, with one store of
//! forms between them.
//!
//! Regions are enumerated as fixed polyominoes (Redelmeier's algorithm); the
//! count of each size must be OEIS A001168's, which checks the enumeration.
//! Each is then valued (Left places vertical dominoes), and per size the run
//! reports how many regions there are up to the game's symmetries (the flips
//! keep the value, the transposes negate it), the hottest temperature and how
//! many regions have it, the largest nimber, and the largest multiple of up
//! among the values that are numbers plus ups plus a nimber. It checks these
//! against what Uiterwijk and Barton (TCS 2015) report for every region of up
//! to 15 squares: no region is hotter than 2 and exactly one has temperature
//! 2, no nimber is above *3, and only ↑ and ⇑ occur as n·↑ (the multiples
//! need 1 + 5n squares). At 16 squares, beyond their databases, it checks
//! their theorem that n·↑ has a region of 1 + 5n squares: 3·↑ must occur.
//! Beside a nimber, more ups come sooner: the run prints the first region of
//! each multiple.

#![allow(
    clippy::indexing_slicing,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic
)]

use grundy::answer::Dyadic;
use grundy::internals::{Budget, CanonStore, Packed, Placement, PlacementSolvers};
use std::collections::{BTreeMap, HashSet};
use std::rc::Rc;
use std::time::Instant;

/// Fixed polyominoes of n cells, n = 1, 2, … (OEIS A001168, as listed
/// there: Redelmeier's and Jensen's counts).
const A001168: [u64; 18] = [
    1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446, 135268, 505861, 1903890, 7204874, 27394666,
    104592937, 400795844, 1540820542,
];

/// A square of the plane (column, row).
type Cell = (i32, i32);

/// What the enumeration calls with each polyomino's cells.
type Visit<'a> = &'a mut dyn FnMut(&[Cell]);

/// Redelmeier's enumeration: calls `visit` with the cells of every fixed
/// polyomino of up to `max` cells, each once.
fn polyominoes(max: usize, visit: Visit<'_>) {
    fn grow(
        max: usize,
        cells: &mut Vec<(i32, i32)>,
        untried: &mut Vec<(i32, i32)>,
        seen: &mut HashSet<(i32, i32)>,
        visit: Visit<'_>,
    ) {
        while let Some(cell) = untried.pop() {
            cells.push(cell);
            visit(cells);
            if cells.len() < max {
                let mut added = Vec::new();
                let (x, y) = cell;
                for n in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
                    // Cells below the start's row, or left of it on its row, are never used.
                    let allowed = n.1 > 0 || (n.1 == 0 && n.0 >= 0);
                    if allowed && seen.insert(n) {
                        added.push(n);
                    }
                }
                let mut next = untried.clone();
                next.extend(added.iter().copied());
                grow(max, cells, &mut next, seen, visit);
                for n in added {
                    seen.remove(&n);
                }
            }
            cells.pop();
        }
    }
    let mut seen = HashSet::new();
    seen.insert((0, 0));
    grow(max, &mut Vec::new(), &mut vec![(0, 0)], &mut seen, visit);
}

/// Per size: regions, regions up to symmetry, hottest temperature and how
/// many distinct regions have it, largest nimber, largest |ups|.
#[derive(Default)]
struct Tally {
    fixed: u64,
    distinct: u64,
    hottest: Option<Dyadic>,
    at_hottest: u64,
    temperature_two: u64,
    nimber: u32,
    /// Largest |n| of a value n·↑ (no number, no nimber).
    pure_ups: i32,
    /// Largest |n| of ups beside a number or a nimber (x + n·↑ + *k).
    ups: i32,
    values: HashSet<u32>,
    /// Regions up to symmetry on more than 64 cells (the `u128` boards).
    wide: u64,
}

/// A board as `.game` rows.
fn rows(b: Packed) -> String {
    let (h, w, bits) = b.parts();
    let rows: Vec<String> = (0..h)
        .map(|r| {
            let row: String = (0..w)
                .map(|c| {
                    if bits >> (r * w + c) & 1 == 1 {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect();
            format!("{row:?}")
        })
        .collect();
    format!("[{}]", rows.join(", "))
}

fn main() {
    let max: usize = std::env::var("CENSUS_MAX")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(12)
        .clamp(1, A001168.len());
    let domineering = Placement {
        free: '.',
        left: vec![vec![(0, 0), (1, 0)]],
        right: vec![vec![(0, 0), (0, 1)]],
    };
    let mut solver = PlacementSolvers::new(Rc::new(domineering));
    let mut store = CanonStore::new();
    // Memory is the limit that matters here: 17 squares keep more than the
    // default 50 million positions.
    let budget = Budget::new(grundy::Limits {
        max_positions: usize::MAX,
        ..grundy::Limits::default()
    });
    let mut tallies: BTreeMap<usize, Tally> = BTreeMap::new();
    // Regions already met, by their least image: 16 bytes a narrow board.
    let mut narrow_keys = HashSet::new();
    let mut wide_keys = HashSet::new();
    // The smallest region found for each multiple of up, alone or not.
    let mut examples: BTreeMap<(bool, i32), (usize, String, String)> = BTreeMap::new();
    let started = Instant::now();
    polyominoes(max, &mut |cells| {
        let x0 = cells.iter().map(|c| c.0).min().unwrap();
        let y0 = cells.iter().map(|c| c.1).min().unwrap();
        let w = (cells.iter().map(|c| c.0).max().unwrap() - x0 + 1) as usize;
        let h = (cells.iter().map(|c| c.1).max().unwrap() - y0 + 1) as usize;
        let bits = cells.iter().fold(0u128, |b, &(x, y)| {
            b | 1 << ((y - y0) as usize * w + (x - x0) as usize)
        });
        let board = Packed::new(h, w, bits).expect("at most 128 cells");
        let tally = tallies.entry(cells.len()).or_default();
        tally.fixed += 1;
        let (key, _) = solver.key(board);
        let new = match key {
            Packed::Narrow(k) => narrow_keys.insert(k),
            Packed::Wide(k) => wide_keys.insert(k),
        };
        if !new {
            return;
        }
        if let Packed::Wide(_) = key {
            tally.wide += 1;
        }
        tally.distinct += 1;
        let form = solver.form(&mut store, &budget, key).expect("in budget");
        tally.values.insert(form.index());
        let t = store.temperature(form, &budget).expect("in budget");
        match tally.hottest {
            Some(h) if h > t => {}
            Some(h) if h == t => tally.at_hottest += 1,
            _ => {
                tally.hottest = Some(t);
                tally.at_hottest = 1;
            }
        }
        if t == Dyadic::integer(2) {
            tally.temperature_two += 1;
        }
        if let Some(n) = store.as_nus(form) {
            if n.number == Dyadic::integer(0) && n.ups == 0 {
                tally.nimber = tally.nimber.max(n.nim);
            }
            let pure = n.number == Dyadic::integer(0) && n.nim == 0;
            if n.ups != 0 {
                let e = examples.entry((pure, n.ups.abs()));
                let smaller = match &e {
                    std::collections::btree_map::Entry::Occupied(o) => o.get().0 > cells.len(),
                    std::collections::btree_map::Entry::Vacant(_) => true,
                };
                if smaller {
                    let shown = (cells.len(), rows(key), store.show(form));
                    e.and_modify(|x| *x = shown.clone()).or_insert(shown);
                }
            }
            if n.number == Dyadic::integer(0) && n.nim == 0 {
                tally.pure_ups = tally.pure_ups.max(n.ups.abs());
            } else {
                tally.ups = tally.ups.max(n.ups.abs());
            }
        }
    });
    let seconds = started.elapsed().as_secs_f64();
    println!("Domineering regions of up to {max} squares, {seconds:.1} s, one core");
    let wide: u64 = tallies.values().map(|t| t.wide).sum();
    println!("regions up to symmetry spanning more than 64 cells (128-cell boards): {wide}");
    println!();
    println!("| squares | regions (fixed) | up to symmetry | distinct values | hottest | regions that hot | largest nimber | largest n·↑ | largest ups in x + n·↑ + *k |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    let mut temperature_two = 0;
    for (n, t) in &tallies {
        assert_eq!(t.fixed, A001168[n - 1], "fixed polyominoes of {n} cells");
        let hottest = t.hottest.map_or("—".into(), |h| h.to_string());
        println!(
            "| {n} | {} | {} | {} | {hottest} | {} | *{} | {} | {} |",
            t.fixed,
            t.distinct,
            t.values.len(),
            t.at_hottest,
            t.nimber,
            t.pure_ups,
            t.ups
        );
        if *n <= 15 {
            // Uiterwijk and Barton's databases, up to 15 squares.
            assert!(
                t.hottest.is_none_or(|h| h <= Dyadic::integer(2)),
                "{n}: hotter than 2"
            );
            assert!(t.nimber <= 3, "{n}: a nimber above *3");
            // Only ↑ and ⇑ by 15; ⇑ (1 + 5·2 squares) not before 11.
            assert!(t.pure_ups <= (*n as i32 - 1) / 5, "{n}: n·↑ too soon");
            temperature_two += t.temperature_two;
        }
        // Their theorem: n·↑ has a region of 1 + 5n squares.
        if n % 5 == 1 {
            assert!(
                t.pure_ups >= (*n as i32 - 1) / 5,
                "{n}: no {}·↑",
                (n - 1) / 5
            );
        }
    }
    assert!(
        temperature_two <= 1,
        "more than one region of temperature 2"
    );
    println!();
    for ((pure, ups), (n, rows, value)) in &examples {
        let kind = if *pure { "n·↑" } else { "x + n·↑ + *k" };
        println!("smallest with {ups} ups ({kind}): {n} squares, {rows} = {value}");
    }
    println!();
    println!("regions of temperature 2 up to 15 squares, up to symmetry: {temperature_two} (Uiterwijk and Barton: exactly one)");
    for (n, t) in &tallies {
        if *n > 15 {
            println!(
                "regions of temperature 2 at {n} squares, up to symmetry: {}",
                t.temperature_two
            );
        }
    }
}

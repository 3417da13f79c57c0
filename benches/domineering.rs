//! Domineering's canonical forms: grundy (the game as a user writes it in the
//! language, split into regions with `regions`) against the `cgt` crate's
//! hand-written Rust Domineering, in one run, values compared exactly.
//!
//! The rules are recognised as a placement game and valued on packed boards
//! (`src/solve/partizan/boards.rs`); the same rules in the general evaluator
//! (`--no-kernels`) are timed beside them up to 5×5 (5×6 too without
//! `BENCH_QUICK`), and must give the same form.
//!
//! `cargo bench --bench domineering` times the canonical form of the empty
//! 4×4, 4×5, 5×5 and 5×6 boards (rows × columns; Left places vertical dominoes
//! on both sides), each side with fresh tables per board, in this process, one
//! after the other. cgt's form is rebuilt in grundy's hash-consed store from its
//! options (numbers, ups and nimbers as such), so the two are equal exactly when
//! the ids are: the run stops if any board's values differ. Both forms are
//! printed. `BENCH_QUICK=1` leaves out cgt on 5×6 (about 200 s);
//! `BENCH_SIZES=4x4,6x6` picks the boards; `BENCH_NO_CGT=1` times grundy alone.
//! grundy runs twice per board, on one core (`threads: 1`) and on two, and
//! both forms must agree.

#![allow(
    clippy::indexing_slicing,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic
)]

use cgt::short::partizan::canonical_form::CanonicalForm;
use cgt::short::partizan::games::domineering::Domineering;
use cgt::short::partizan::partizan_game::PartizanGame;
use cgt::short::partizan::transposition_table::ParallelTranspositionTable;
use cgt::total::TotalWrapper;
use grundy::answer::{Dyadic, Form};
use grundy::internals::Budget;
use grundy::internals::{CanonStore, Nus};
use grundy::{Answer, Engine};
use std::collections::HashMap;
use std::str::FromStr;
use std::time::Instant;

/// Domineering as in `examples/partizan_domineering.game` (`dom2`).
const DOMINEERING: &str = r##"
partizan game dom(b: list) {
    left  sum(dom(g) for g in regions(b with [r] = (b[r] with [c] = "#"), [r + 1] = (b[r + 1] with [c] = "#"), ".", "flips"))
          for r in 0..len(b) - 1, c in 0..len(b[r]) where b[r][c] == "." and b[r + 1][c] == "."
    right sum(dom(g) for g in regions(b with [r] = (b[r] with [c] = "#", [c + 1] = "#"), ".", "flips"))
          for r in 0..len(b), c in 0..len(b[r]) - 1 where b[r][c] == "." and b[r][c + 1] == "."
}
"##;

/// CPU seconds this process has used (user + system), from `/proc/self/stat`
/// (clock ticks of 1/100 s); `None` where there is no such file. The machine is
/// shared, so CPU time is reported beside wall time: it moves less when other
/// work runs beside the benchmark.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which may hold spaces) start after ")".
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

/// Wall and CPU seconds of `f`.
fn timed<T>(f: impl FnOnce() -> T) -> (T, f64, Option<f64>) {
    let cpu = cpu_seconds();
    let start = Instant::now();
    let value = f();
    let wall = start.elapsed().as_secs_f64();
    let cpu = cpu.zip(cpu_seconds()).map(|(a, b)| b - a);
    (value, wall, cpu)
}

fn sizes() -> Vec<(usize, usize)> {
    let text = std::env::var("BENCH_SIZES").unwrap_or_else(|_| "4x4,4x5,5x5,5x6".into());
    text.split(',')
        .map(|s| {
            let (h, w) = s.trim().split_once('x').expect("sizes as 5x6");
            (h.parse().expect("rows"), w.parse().expect("columns"))
        })
        .collect()
}

/// grundy: the engine holding the canonical form of the empty h × w board, and
/// the form.
/// With `kernels` off the rules run in the general evaluator (as before the
/// packed-board solver), for comparison; `threads` 1 keeps grundy on one
/// core (parts of 24 squares and more are otherwise valued on two).
fn grundy_side(h: usize, w: usize, kernels: bool, threads: usize) -> (Engine, Form) {
    let board: Vec<String> = (0..h).map(|_| format!("{:?}", ".".repeat(w))).collect();
    let program = format!("{DOMINEERING}\ncanonical dom([{}])", board.join(", "));
    let mut engine = Engine::with_limits(grundy::Limits {
        kernels,
        threads,
        ..grundy::Limits::default()
    });
    let answers = engine.run_program(&program).expect("the program runs");
    let form = match answers.last() {
        Some(Answer::Canonical { form, .. }) => *form,
        other => panic!("{other:?}"),
    };
    (engine, form)
}

/// cgt: the canonical form of the empty h × w board (single-threaded: the
/// crate's `rayon` feature is off: it is compared with grundy on one core).
fn cgt_side(h: usize, w: usize) -> CanonicalForm {
    let rows: Vec<String> = (0..h).map(|_| ".".repeat(w)).collect();
    let position: Domineering = Domineering::from_str(&rows.join("|")).expect("a board");
    let table = ParallelTranspositionTable::new();
    position.canonical_form(&table)
}

/// Seconds as the table shows them: wall, and CPU in brackets when known.
fn show_time(wall: f64, cpu: Option<f64>) -> String {
    match cpu {
        Some(c) => format!("{wall:.3} ({c:.2})"),
        None => format!("{wall:.3}"),
    }
}

/// cgt's form rebuilt in grundy's store (memoised: cgt's trees share nothing).
fn rebuild(
    g: &CanonicalForm,
    store: &mut CanonStore,
    memo: &mut HashMap<TotalWrapper<CanonicalForm>, Form>,
    budget: &Budget,
) -> Form {
    let key = TotalWrapper::new(g.clone());
    if let Some(f) = memo.get(&key) {
        return *f;
    }
    let f = if let Some(n) = g.to_nus() {
        let number = Dyadic::new(n.number().numerator(), n.number().denominator_exponent())
            .expect("a dyadic number");
        store.nus(Nus {
            number,
            ups: n.up_multiple(),
            nim: n.nimber().value(),
        })
    } else {
        let left: Vec<Form> = g
            .left_moves()
            .map(|o| rebuild(&o, store, memo, budget))
            .collect();
        let right: Vec<Form> = g
            .right_moves()
            .map(|o| rebuild(&o, store, memo, budget))
            .collect();
        store
            .from_options(&left, &right, budget)
            .expect("within the budget")
    };
    memo.insert(key, f);
    f
}

fn main() {
    let quick = std::env::var_os("BENCH_QUICK").is_some();
    let no_cgt = std::env::var_os("BENCH_NO_CGT").is_some();
    println!(
        "Domineering, canonical form of the empty board; {} cores",
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    let mut rows = Vec::new();
    for (h, w) in sizes() {
        let ((mut one_engine, one_form), one_s, one_cpu) = timed(|| grundy_side(h, w, true, 1));
        let one_shown = grundy::internals::parts(&mut one_engine)
            .analyses
            .partizan
            .store
            .show(one_form);
        drop(one_engine);
        println!("{h}x{w} grundy, one core {} s", show_time(one_s, one_cpu));
        let ((mut engine, form), grundy_s, grundy_cpu) = timed(|| grundy_side(h, w, true, 2));
        let general = if h * w <= 25 || (!quick && h * w <= 30) {
            let ((mut engine, form), s, cpu) = timed(|| grundy_side(h, w, false, 1));
            println!("{h}x{w} grundy, general evaluator {} s", show_time(s, cpu));
            let shown = grundy::internals::parts(&mut engine)
                .analyses
                .partizan
                .store
                .show(form);
            Some((s, cpu, shown))
        } else {
            None
        };
        let parts = grundy::internals::parts(&mut engine);
        let positions = parts.budget.positions();
        let store = &mut parts.analyses.partizan.store;
        let shown = store.show(form);
        println!(
            "{h}x{w} grundy {} s ({positions} positions): {shown}",
            show_time(grundy_s, grundy_cpu)
        );
        assert_eq!(one_shown, shown, "{h}x{w}: one core and two differ");
        if let Some((_, _, general_form)) = &general {
            assert_eq!(
                general_form, &shown,
                "{h}x{w}: the general evaluator differs"
            );
        }
        let skip_cgt = no_cgt || (quick && h * w >= 30) || h * w > 30;
        let (cgt_time, agree) = if skip_cgt {
            println!("{h}x{w} cgt    skipped");
            (None, None)
        } else {
            let (cgt_form, cgt_s, cgt_cpu) = timed(|| cgt_side(h, w));
            println!("{h}x{w} cgt    {} s: {cgt_form}", show_time(cgt_s, cgt_cpu));
            let budget = Budget::default();
            let rebuilt = rebuild(&cgt_form, store, &mut HashMap::new(), &budget);
            let agree = rebuilt == form;
            assert!(
                agree,
                "{h}x{w}: the values differ: grundy {shown}, cgt {cgt_form} (rebuilt: {})",
                store.show(rebuilt)
            );
            (Some((cgt_s, cgt_cpu)), Some(agree))
        };
        let general = general.map(|(s, cpu, _)| (s, cpu));
        rows.push((
            h,
            w,
            (grundy_s, grundy_cpu),
            (one_s, one_cpu),
            general,
            cgt_time,
            agree,
        ));
    }
    println!();
    println!("wall seconds (CPU seconds of this process in brackets)");
    println!(
        "| board | grundy s, two cores | grundy s, one core | grundy, general evaluator s | cgt s | cgt / grundy (one core) | values agree |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    for (h, w, (g, g_cpu), (one, one_cpu), general, c, agree) in rows {
        let general = general.map_or("—".into(), |(s, cpu)| show_time(s, cpu));
        let (c_text, ratio) = match c {
            Some((c, c_cpu)) => (show_time(c, c_cpu), format!("{:.1}", c / one)),
            None => ("—".into(), "—".into()),
        };
        let agree = match agree {
            Some(true) => "yes",
            Some(false) => "NO",
            None => "—",
        };
        println!(
            "| {h}×{w} | {} | {} | {general} | {c_text} | {ratio} | {agree} |",
            show_time(g, g_cpu),
            show_time(one, one_cpu)
        );
    }
}

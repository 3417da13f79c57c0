//! grundy on rule-defined games versus hand-written Rust loops, side by side.
//!
//! `cargo bench --bench versus_hand` times each workload (medians of 3 runs, each
//! in a fresh child process so that peak memory is per workload), checks that
//! both sides computed the same values (checksums) and prints the ratios.
//! Set `BENCH_QUICK=1` for smaller sizes.

#![allow(
    clippy::indexing_slicing,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic
)]

use grundy::{Answer, Engine, Mode};
use std::process::Command;
use std::time::Instant;

const KAYLES: &str = "game kayles(n: nat) {
    move kayles(a) + kayles(n - k - a) for k in 1..=2, a in 0..=n-k where a <= n - k - a
}";
const GRUNDY: &str =
    "game grundy(n: nat) { move grundy(a) + grundy(n - a) for a in 1..n where a < n - a }";
const SUB: &str = "game sub[S](n: nat) { move n - k for k in S where k <= n }";
const WYTHOFF: &str = "game wythoff(x: nat, y: nat) {
    move (x - k, y) for k in 1..=x
    move (x, y - k) for k in 1..=y
    move (x - k, y - k) for k in 1..=min(x, y)
}";

fn quick() -> bool {
    std::env::var_os("BENCH_QUICK").is_some()
}

/// (name, size, target ratio)
fn workloads() -> Vec<(&'static str, usize, f64)> {
    let q = quick();
    vec![
        ("kayles", if q { 20_000 } else { 100_000 }, 2.0),
        ("grundy", if q { 20_000 } else { 100_000 }, 2.0),
        ("sub124", if q { 1_000_000 } else { 10_000_000 }, 3.0),
        ("wythoff", if q { 200 } else { 500 }, 3.0),
    ]
}

fn checksum(values: impl Iterator<Item = u64>) -> u64 {
    values.enumerate().fold(0u64, |h, (i, v)| {
        h.wrapping_mul(1_000_003).wrapping_add(v ^ (i as u64))
    })
}

// ------------------------------------------------------------------ hand-written

struct Mex {
    bits: Vec<u64>,
}

impl Mex {
    fn new() -> Mex {
        // Values stay below 2^14 for these sizes.
        Mex { bits: vec![0; 256] }
    }
    #[inline]
    fn clear(&mut self, words: usize) {
        for w in self.bits.iter_mut().take(words) {
            *w = 0;
        }
    }
    #[inline]
    fn set(&mut self, v: u32) {
        let w = (v >> 6) as usize;
        if w >= self.bits.len() {
            self.bits.resize(w + 1, 0);
        }
        self.bits[w] |= 1 << (v & 63);
    }
    fn mex(&self) -> u32 {
        for (i, w) in self.bits.iter().enumerate() {
            if *w != u64::MAX {
                return (i * 64) as u32 + (!w).trailing_zeros();
            }
        }
        (self.bits.len() * 64) as u32
    }
}

/// Marks g[a] ^ g[rest - a] for a in lo..=rest/2: the two-heap split loop,
/// written with iterators so that no bounds check remains.
#[inline]
fn mark_splits(g: &[u32], lo: usize, rest: usize, m: &mut Mex) {
    let half = rest / 2;
    if lo > half {
        return;
    }
    let left = &g[lo..=half];
    let right = &g[rest - half..=rest - lo];
    for (a, b) in left.iter().zip(right.iter().rev()) {
        let v = a ^ b;
        m.bits[(v >> 6) as usize] |= 1 << (v & 63);
    }
}

fn hand_kayles(n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    let mut m = Mex::new();
    for i in 1..=n {
        m.clear(m.bits.len());
        for k in 1..=2.min(i) {
            mark_splits(&g, 0, i - k, &mut m);
        }
        g[i] = m.mex();
    }
    g
}

fn hand_grundy(n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    let mut m = Mex::new();
    for i in 3..=n {
        m.clear(m.bits.len());
        // a in 1..i with a < i - a: a ≤ (i - 1) / 2, pairs (a, i - a).
        let half = (i - 1) / 2;
        let left = &g[1..=half];
        let right = &g[i - half..=i - 1];
        for (a, b) in left.iter().zip(right.iter().rev()) {
            let v = a ^ b;
            m.bits[(v >> 6) as usize] |= 1 << (v & 63);
        }
        g[i] = m.mex();
    }
    g
}

fn hand_sub(n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    for i in 0..=n {
        let mut seen = 0u64;
        for k in [1usize, 2, 4] {
            if k <= i {
                seen |= 1 << g[i - k];
            }
        }
        g[i] = (!seen).trailing_zeros();
    }
    g
}

fn hand_wythoff(n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n * n];
    let mut m = Mex::new();
    let mut top = 0u32;
    for x in 0..n {
        for y in 0..n {
            // Only the words that can hold a value seen so far need clearing.
            m.clear(top as usize / 64 + 1);
            for k in 1..=x {
                m.set(g[(x - k) * n + y]);
            }
            for k in 1..=y {
                m.set(g[x * n + y - k]);
            }
            for k in 1..=x.min(y) {
                m.set(g[(x - k) * n + y - k]);
            }
            g[x * n + y] = m.mex();
            top = top.max(g[x * n + y]);
        }
    }
    g
}

// ------------------------------------------------------------------ grundy

fn run_grundy(program: &str) -> (Engine, Vec<Answer>) {
    let mut engine = Engine::with_limits(grundy::Limits {
        max_positions: 100_000_000,
        ..Default::default()
    });
    let stmts = engine
        .load(program, false)
        .unwrap_or_else(|p| panic!("bench program: {}", p[0].message));
    let mut answers = Vec::new();
    for s in &stmts {
        match engine.run(s, Mode::Run) {
            Ok(Some(a)) => answers.push(a),
            Ok(None) => {}
            Err(p) => panic!("bench query failed: {}", p.message),
        }
    }
    (engine, answers)
}

fn sequence_checksum(answers: &[Answer]) -> u64 {
    match answers.last() {
        Some(Answer::Sequence { values, .. }) => checksum(values.iter().map(u64::from)),
        other => panic!("expected a sequence answer, got {other:?}"),
    }
}

/// Runs grundy on one workload; returns (seconds of the query, checksum).
fn grundy_side(name: &str, size: usize) -> (f64, u64) {
    let program = match name {
        "kayles" => format!("{KAYLES}\nsequence kayles 0..={size}"),
        "grundy" => format!("{GRUNDY}\nsequence grundy 0..={size}"),
        "sub124" => format!("{SUB}\nsequence sub[{{1, 2, 4}}] 0..={size}"),
        _ => format!("{WYTHOFF}\ngrundy wythoff({}, {})", size - 1, size - 1),
    };
    let start = Instant::now();
    let (mut engine, answers) = run_grundy(&program);
    let secs = start.elapsed().as_secs_f64();
    if name != "wythoff" {
        return (secs, sequence_checksum(&answers));
    }
    // Read every position back from the memo (no new work) for the checksum.
    let parts = grundy::internals::parts(&mut engine);
    let mut games =
        grundy::internals::Games::new(parts.globals, parts.rt, parts.compiled, parts.budget);
    let mut solver = grundy::internals::Solver::new(
        &mut games,
        &mut parts.analyses.impartial,
        Default::default(),
    );
    let inst = grundy::internals::InstId(0);
    let mut all = Vec::with_capacity(size * size);
    for x in 0..size {
        for y in 0..size {
            let pos = grundy::internals::Pos::from(vec![
                grundy::answer::Value::Int(x as i64),
                grundy::answer::Value::Int(y as i64),
            ]);
            all.push(solver.grundy_pos(inst, &pos).unwrap_or(u64::MAX));
        }
    }
    (secs, checksum(all.into_iter()))
}

/// Runs the hand-written loop; returns (seconds of the loop, checksum).
fn hand_side(name: &str, size: usize) -> (f64, u64) {
    let start = Instant::now();
    let values = match name {
        "kayles" => hand_kayles(size),
        "grundy" => hand_grundy(size),
        "sub124" => hand_sub(size),
        "wythoff" => hand_wythoff(size),
        _ => vec![],
    };
    let secs = start.elapsed().as_secs_f64();
    (secs, checksum(values.into_iter().map(u64::from)))
}

fn peak_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .map(str::to_string)
        })
        .and_then(|l| l.split_whitespace().nth(1).and_then(|v| v.parse().ok()))
        .unwrap_or(0)
}

/// Child mode: run one side of one workload, print "seconds checksum peak_kib".
fn child(side: &str, name: &str, size: usize) {
    let (secs, sum) = if side == "hand" {
        hand_side(name, size)
    } else {
        grundy_side(name, size)
    };
    println!("{secs} {sum} {}", peak_kib());
}

fn measure(side: &str, name: &str, size: usize) -> (f64, u64, u64) {
    let exe = std::env::current_exe().unwrap_or_default();
    let mut runs = Vec::new();
    for _ in 0..3 {
        let out = Command::new(&exe)
            .args(["--child", side, name, &size.to_string()])
            .output()
            .unwrap_or_else(|e| panic!("cannot run the benchmark child: {e}"));
        let text = String::from_utf8_lossy(&out.stdout);
        let mut parts = text.split_whitespace();
        let secs: f64 = parts
            .next()
            .and_then(|s| s.parse().ok())
            .unwrap_or(f64::NAN);
        let sum: u64 = parts.next().and_then(|s| s.parse().ok()).unwrap_or(0);
        let peak: u64 = parts.next().and_then(|s| s.parse().ok()).unwrap_or(0);
        runs.push((secs, sum, peak));
    }
    runs.sort_by(|a, b| a.0.total_cmp(&b.0));
    runs[1]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("--child") {
        let size = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(0);
        child(&args[2], &args[3], size);
        return;
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("grundy versus hand-written Rust ({cores} cores; medians of 3 runs)");
    println!(
        "{:<10} {:>10} {:>10} {:>10} {:>7} {:>7} {:>10} {:>10} {:>6}",
        "workload", "size", "grundy s", "hand s", "ratio", "target", "grundy MiB", "hand MiB", "ok"
    );
    let mut all_ok = true;
    let only = std::env::var("BENCH_ONLY").ok();
    for (name, size, target) in workloads() {
        if only.as_deref().is_some_and(|o| o != name) {
            continue;
        }
        let (gs, gsum, gpeak) = measure("grundy", name, size);
        let (hs, hsum, hpeak) = measure("hand", name, size);
        if gsum != hsum {
            eprintln!("{name}: checksums differ (grundy {gsum}, hand {hsum}): the values disagree");
            std::process::exit(1);
        }
        let ratio = gs / hs;
        let (gmib, hmib) = (gpeak as f64 / 1024.0, hpeak as f64 / 1024.0);
        let ok = ratio <= target && gmib <= 2.0 * hmib + 30.0;
        all_ok &= ok;
        println!(
            "{name:<10} {size:>10} {gs:>10.3} {hs:>10.3} {ratio:>7.2} {target:>7.1} {gmib:>10.1} {hmib:>10.1} {:>6}",
            if ok { "yes" } else { "NO" }
        );
    }
    println!(
        "{}",
        if all_ok {
            "all targets met"
        } else {
            "some targets missed"
        }
    );
}

//! grundy against the fixed, independent anchor: the hand-optimised program in
//! `../shared/bench/baseline` (built here into `target/anchor`), in one run.
//!
//! `cargo bench --bench anchor` builds the anchor, then for each workload runs
//! both sides five times in child processes (timed, peak memory read by
//! `/usr/bin/time` where it exists), checks that both computed the same values
//! (the anchor's checksum line, recomputed here from grundy's values), and
//! prints the median times, their ratio and the peak memory of both.
//! Then the workloads the anchor does not have (Fibonacci Nim, 300 misère
//! queries of halving Nim, the queen's table on 500 × 500 and 702 × 702
//! boards) run alone, each answer checked against a fact computed here.
//! `BENCH_QUICK=1` uses smaller sizes; `BENCH_ONLY=name,name` runs the workloads named.
//! The `grundy-stream` rows run `sequence grundy 0..N into "DIR"` (the values
//! streamed to a file by sparse space, issue 43) on both cores and, under
//! `taskset -c 0`, on one, and read the values file back.

#![allow(
    clippy::indexing_slicing,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic
)]

use grundy::Limits;
use grundy::{Answer, Engine};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

const KAYLES: &str = "game kayles(n: nat) {
    move kayles(a) + kayles(n - k - a) for k in 1..=2, a in 0..=n-k where a <= n - k - a
}";
const GRUNDY: &str =
    "game grundy(n: nat) { move grundy(a) + grundy(n - a) for a in 1..n where a < n - a }";
const DAWSON: &str =
    "game dawson(n: nat) { move dawson(a) + dawson(n - 2 - a) for a in 0..=n - 2 where a <= n - 2 - a }";
const SUB: &str = "game sub[S](n: nat) { move n - k for k in S where k <= n }";
const WYTHOFF: &str = "game wyt(x: nat, y: nat) {
    move (x - k, y) for k in 1..=x
    move (x, y - k) for k in 1..=y
    move (x - k, y - k) for k in 1..=min(x, y)
}";

/// (name, anchor game, count of values, target ratio)
fn workloads() -> Vec<(&'static str, &'static str, usize, f64)> {
    let q = std::env::var_os("BENCH_QUICK").is_some();
    vec![
        ("kayles", "kayles", if q { 20_001 } else { 100_001 }, 1.5),
        ("grundy", "grundy", if q { 20_001 } else { 100_001 }, 1.5),
        (
            "grundy-sparse",
            "grundy-sparse",
            if q { 200_001 } else { 1_000_001 },
            1.5,
        ),
        (
            "dawson-rule",
            "dawson",
            if q { 20_001 } else { 100_001 },
            1.5,
        ),
        (
            "dawson-octal",
            "dawson",
            if q { 20_001 } else { 100_001 },
            1.5,
        ),
        (
            "sub124",
            "sub124",
            if q { 1_000_000 } else { 10_000_000 },
            3.0,
        ),
        ("wythoff", "wythoff", if q { 300 } else { 1000 }, 2.0),
        (
            "sub124-text",
            "sub124",
            if q { 1_000_000 } else { 10_000_000 },
            3.0,
        ),
        (
            "sub124-json",
            "sub124",
            if q { 1_000_000 } else { 10_000_000 },
            3.0,
        ),
        (
            "grundy-stream",
            "grundy-sparse",
            if q { 200_000 } else { 2_000_000 },
            1.0,
        ),
        (
            "grundy-stream-1",
            "grundy-sparse",
            if q { 200_000 } else { 2_000_000 },
            1.0,
        ),
    ]
}

/// The directory a streamed workload writes its values to.
fn stream_dir(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("grundy-anchor-{name}"))
}

/// The values a streamed workload left in its directory.
fn streamed_values(name: &str) -> Vec<u32> {
    std::fs::read(stream_dir(name).join("values.u16le"))
        .expect("the values file")
        .chunks_exact(2)
        .map(|b| u32::from(u16::from_le_bytes([b[0], b[1]])))
        .collect()
}

/// End to end: `grundy run FILE` (text or `--json`) as a user runs it, all its
/// output read back to check the values. `None` for the in-process workloads.
fn end_to_end(name: &str, count: usize) -> Option<(Vec<String>, std::path::PathBuf)> {
    let json = match name {
        "sub124-text" => false,
        "sub124-json" => true,
        "grundy-stream" | "grundy-stream-1" => false,
        _ => return None,
    };
    let file = std::env::temp_dir().join(format!("grundy-anchor-{name}.game"));
    let program = if name.starts_with("grundy-stream") {
        format!(
            "{GRUNDY}\nsequence grundy 0..{count} into \"{}\"\n",
            stream_dir(name).display()
        )
    } else {
        format!("{SUB}\nsequence sub[{{1, 2, 4}}] 0..={}\n", count - 1)
    };
    std::fs::write(&file, program).expect("a temporary file");
    let mut args = vec!["run".to_string(), "--timeout".into(), "0".into()];
    if json {
        args.push("--json".into());
    }
    args.push(file.display().to_string());
    Some((args, file))
}

/// The values printed by `grundy run`: the JSON line's `values`, or the text
/// table's rows (`  heap | v v v`).
fn printed_values(out: &str) -> Vec<u32> {
    if let Ok(json) = serde_json::from_str::<serde_json::Value>(out.trim()) {
        return json["values"]
            .as_array()
            .expect("values")
            .iter()
            .map(|v| v.as_u64().expect("a value") as u32)
            .collect();
    }
    out.lines()
        .filter_map(|l| l.split_once(" |"))
        .filter(|(label, _)| label.trim().parse::<u64>().is_ok())
        .flat_map(|(_, cells)| {
            cells
                .split_whitespace()
                .map(|c| c.parse::<u32>().expect("a value"))
        })
        .collect()
}

/// The anchor's checksum line (its README documents the fields): count, sum,
/// xor, position-weighted sum, max, and the last five values, oldest first.
fn checksum_line(values: &[u32]) -> String {
    let (mut sum, mut xor, mut wsum, mut max) = (0u64, 0u32, 0u64, 0u32);
    for (i, &v) in values.iter().enumerate() {
        sum += u64::from(v);
        xor ^= v;
        wsum = wsum.wrapping_add((i as u64 + 1).wrapping_mul(u64::from(v)));
        max = max.max(v);
    }
    let last: Vec<String> = values
        .iter()
        .skip(values.len().saturating_sub(5))
        .map(u32::to_string)
        .collect();
    format!(
        "count={} sum={sum} xor={xor} wsum={wsum} max={max} last={}",
        values.len(),
        last.join(",")
    )
}

/// grundy's values for one workload, computed in this process.
fn grundy_values(name: &str, count: usize) -> Vec<u32> {
    let last = count - 1;
    let program = match name {
        "kayles" => format!("{KAYLES}\nsequence kayles 0..={last}"),
        "grundy" | "grundy-sparse" => format!("{GRUNDY}\nsequence grundy 0..={last}"),
        "dawson-rule" => format!("{DAWSON}\nsequence dawson 0..={last}"),
        "dawson-octal" => format!("game d = octal \"0.07\"\nsequence d 0..={last}"),
        "sub124" => format!("{SUB}\nsequence sub[{{1, 2, 4}}] 0..={last}"),
        _ => format!("{WYTHOFF}\ngrundy wyt({last}, {last})"),
    };
    let mut engine = Engine::with_limits(Limits {
        max_positions: 200_000_000,
        ..Limits::default()
    });
    let answers = engine.run_program(&program).expect("the workload runs");
    if name != "wythoff" {
        return match answers.last() {
            Some(Answer::Sequence { values, .. }) => values.to_vec(),
            other => panic!("{other:?}"),
        };
    }
    // Every position was valued by the query: read them straight from the
    // instance's dense grid, row-major, without any further work.
    let tables = grundy::internals::parts(&mut engine)
        .analyses
        .impartial
        .inst(grundy::internals::InstId(0))
        .expect("the game's tables");
    let (data, rows, cols) = tables.memo.grid_view();
    assert!(rows >= count && cols >= count, "the grid covers the board");
    let mut all = Vec::with_capacity(count * count);
    for x in 0..count {
        all.extend_from_slice(&data[x * cols..x * cols + count]);
    }
    all
}

/// Runs a command [`RUNS`] times; the median (seconds, peak KiB, standard output).
fn measure(mut make: impl FnMut() -> Command) -> (f64, u64, String) {
    let mut runs = Vec::new();
    for _ in 0..RUNS {
        let mut cmd = make();
        let start = Instant::now();
        let out = cmd.output().expect("the benchmark side runs");
        let secs = start.elapsed().as_secs_f64();
        let stderr = String::from_utf8_lossy(&out.stderr);
        let peak = stderr
            .lines()
            .rev()
            .find_map(|l| l.strip_prefix("PEAK_KIB "))
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0);
        runs.push((secs, peak, String::from_utf8_lossy(&out.stdout).to_string()));
    }
    runs.sort_by(|a, b| a.0.total_cmp(&b.0));
    runs.swap_remove(RUNS / 2)
}

/// Runs per side and workload: five, because a process writing 60 MB into a
/// pipe on this 2-core machine varies by half between runs.
const RUNS: usize = 5;

/// A command whose peak memory `/usr/bin/time` reports on standard error.
fn timed(program: &Path, args: &[String]) -> Command {
    if Path::new("/usr/bin/time").exists() {
        let mut c = Command::new("/usr/bin/time");
        c.arg("-f").arg("PEAK_KIB %M").arg(program).args(args);
        c
    } else {
        let mut c = Command::new(program);
        c.args(args);
        c
    }
}

fn build_anchor(repo: &Path) -> Option<PathBuf> {
    let manifest = repo.join("../shared/bench/baseline/Cargo.toml");
    if !manifest.exists() {
        eprintln!(
            "the anchor is not beside this repository ({})",
            manifest.display()
        );
        return None;
    }
    let target = repo.join("target/anchor");
    let ok = Command::new(env!("CARGO"))
        .args(["build", "--release", "--quiet", "--manifest-path"])
        .arg(&manifest)
        .env("CARGO_TARGET_DIR", &target)
        .status()
        .is_ok_and(|s| s.success());
    ok.then(|| target.join("release/baseline"))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("--child") {
        let count: usize = args[3].parse().unwrap();
        let values = grundy_values(&args[2], count);
        println!("{}", checksum_line(&values));
        return;
    }
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let Some(anchor) = build_anchor(&repo) else {
        std::process::exit(1);
    };
    let me = std::env::current_exe().unwrap();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "grundy against the anchor ({cores} cores; medians of {RUNS} runs, each in its own process)"
    );
    println!(
        "{:<13} {:>10} {:>9} {:>9} {:>7} {:>7} {:>11} {:>11}",
        "workload", "values", "anchor s", "grundy s", "ratio", "target", "anchor MiB", "grundy MiB"
    );
    // The `-text` and `-json` rows run `grundy run` end to end and read back all
    // it prints; the anchor computes the same values (printing only a checksum).
    let only = std::env::var("BENCH_ONLY").ok();
    let mut agree = true;
    for (name, game, count, target) in workloads() {
        if only
            .as_deref()
            .is_some_and(|o| !o.split(',').any(|w| w == name))
        {
            continue;
        }
        let (a_s, a_kib, a_out) =
            measure(|| timed(&anchor, &[game.to_string(), count.to_string()]));
        let (g_s, g_kib, g_out) = match end_to_end(name, count) {
            Some((args, file)) if name.starts_with("grundy-stream") => {
                // Each run starts from an empty directory (else it resumes).
                let bin = Path::new(env!("CARGO_BIN_EXE_grundy"));
                let one = name.ends_with("-1") && Path::new("/usr/bin/taskset").exists();
                let (s, kib, _) = measure(|| {
                    let _ = std::fs::remove_dir_all(stream_dir(name));
                    if one {
                        let mut all = vec!["-c".to_string(), "0".into()];
                        all.push(bin.display().to_string());
                        all.extend(args.iter().cloned());
                        timed(Path::new("/usr/bin/taskset"), &all)
                    } else {
                        timed(bin, &args)
                    }
                });
                let _ = std::fs::remove_file(file);
                let values = streamed_values(name);
                let _ = std::fs::remove_dir_all(stream_dir(name));
                (s, kib, checksum_line(&values))
            }
            Some((args, file)) => {
                let bin = Path::new(env!("CARGO_BIN_EXE_grundy"));
                let (s, kib, out) = measure(|| timed(bin, &args));
                let _ = std::fs::remove_file(file);
                (s, kib, checksum_line(&printed_values(&out)))
            }
            None => measure(|| {
                timed(
                    &me,
                    &["--child".into(), name.to_string(), count.to_string()],
                )
            }),
        };
        let (a_line, g_line) = (a_out.trim(), g_out.trim());
        if a_line != g_line {
            agree = false;
            eprintln!("{name}: the values differ\n  anchor {a_line}\n  grundy {g_line}");
            continue;
        }
        println!(
            "{name:<13} {count:>10} {a_s:>9.3} {g_s:>9.3} {:>7.2} {target:>7.1} {:>11.1} {:>11.1}",
            g_s / a_s,
            a_kib as f64 / 1024.0,
            g_kib as f64 / 1024.0
        );
    }
    if !agree {
        std::process::exit(1);
    }
    println!("checksums agree on every workload");
    if !alone(only.as_deref()) {
        std::process::exit(1);
    }
}

/// A workload run by grundy alone: its name, its program and the check of
/// what it prints.
type Alone = (&'static str, String, fn(&str) -> bool);

/// The workloads the anchor does not have: `grundy run` end to end,
/// medians of [`RUNS`], each answer checked against a fact computed here
/// (Whinihan's theorem, a plain misère loop, Wythoff's Beatty pairs).
/// False when an answer is wrong.
fn alone(only: Option<&str>) -> bool {
    let halving: String = (1..=300)
        .map(|n| format!("outcome misere halving({n})\n"))
        .collect();
    let queen = |n: usize| {
        format!(
            "board b = {n} x {n}\ngame queen(sq) on b {{ move s for d in {{(-1, 0), (0, -1), (-1, -1)}}, s in ray(sq, d) }}\ntable queen\n"
        )
    };
    let cases: [Alone; 4] = [
        (
            "fib-2000",
            "game fib(n: nat, m: nat) { move (n - k, min(2 * k, n - k)) for k in 1..=min(m, n) }\nwinning fib(2000, 1999)\n".into(),
            // 2000 = 1597 + 377 + 21 + 5: taking the smallest Zeckendorf
            // term, 5, leaves a P-position (Whinihan 1963).
            |out| out.contains("fib(1995, 10)"),
        ),
        (
            "halving-300",
            format!("game halving(n: nat) {{ move n - k for k in 1..=n / 2 }}\n{halving}"),
            halving_agrees,
        ),
        ("queen-500", queen(500), |out| beatty_marks(out, 500)),
        ("queen-702", queen(702), |out| beatty_marks(out, 702)),
    ];
    println!("\ngrundy alone (no anchor has these; medians of {RUNS} runs of `grundy run`, answers checked)");
    println!(
        "{:<13} {:>9} {:>11}  check",
        "workload", "grundy s", "grundy MiB"
    );
    let bin = Path::new(env!("CARGO_BIN_EXE_grundy"));
    let mut right = true;
    for (name, program, check) in cases {
        if only.is_some_and(|o| o != name) {
            continue;
        }
        let file = std::env::temp_dir().join(format!("grundy-alone-{name}.game"));
        std::fs::write(&file, program).expect("a temporary file");
        let (secs, kib, out) = measure(|| timed(bin, &["run".into(), file.display().to_string()]));
        let _ = std::fs::remove_file(&file);
        let ok = check(&out);
        right &= ok;
        println!(
            "{name:<13} {secs:>9.3} {:>11.1}  {}",
            kib as f64 / 1024.0,
            if ok { "ok" } else { "WRONG" }
        );
    }
    right
}

/// The 300 misère outcomes of halving Nim (`move n - k for k in 1..=n / 2`)
/// against a plain loop: a heap with no move is N (the player to move cannot
/// move, so wins), otherwise P exactly when every option is N.
fn halving_agrees(out: &str) -> bool {
    let mut p = vec![false; 301];
    for n in 2..=300 {
        p[n] = (1..=n / 2).all(|k| !p[n - k]);
    }
    let got: Vec<bool> = out
        .lines()
        .filter_map(|l| l.rsplit_once(" = "))
        .map(|(_, v)| v.trim() == "P")
        .collect();
    got.len() == 300 && got.iter().zip(&p[1..]).all(|(a, b)| a == b)
}

/// A queen table on an open n × n board marks a square P (`0'`) exactly at
/// Wythoff's Beatty pairs (⌊kφ⌋, ⌊kφ⌋ + k) and their mirror images, both
/// coordinates below n: the count of marks must be theirs.
fn beatty_marks(out: &str, n: usize) -> bool {
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let pairs = (1..n)
        .map(|k| ((k as f64 * phi).floor() as usize, k))
        .filter(|&(a, k)| a + k < n)
        .count();
    out.matches("0'").count() == 1 + 2 * pairs
}

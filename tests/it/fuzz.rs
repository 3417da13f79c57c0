//! The fuzzer, for ten seconds with a fixed seed: grammar-aware programs
//! (impartial, partizan and loopy games, every query word, game literals) and
//! mutated examples must never panic, every problem must carry a span and help,
//! every printed position must read back, and so must every canonical form once
//! the language has game literals (`fuzz/main.rs`).
//!
//! Ten seconds try some four hundred programs; a minute, the length this run
//! had before, was a tenth of `cargo test --release` from a fresh clone.
//! `GRUNDY_FUZZ_SECONDS` sets the length, e.g. for ten minutes
//! `GRUNDY_FUZZ_SECONDS=600 cargo test --release --test it fuzz::`;
//! `cargo run --release --example fuzz -- --seconds 3600` runs it for an hour.
//!
//! The fuzzer is a Cargo example (`cargo install` would install a binary of
//! the package beside grundy), and the tests cannot name an example's
//! executable; so its source is a module here, run in a process of its own
//! by [`run_fuzzer`] (its watchdog counts every byte of the process, and ends
//! it on a failure).

use std::process::{Command, Output};

#[allow(dead_code)] // its `main`, which `cargo run --example fuzz` runs
#[path = "../../fuzz/main.rs"]
mod fuzzer;

/// How long the run lasts by default, in seconds.
const SECONDS: &str = "10";

/// Set in the process that runs the fuzzer: its arguments, one per line.
const CHILD: &str = "GRUNDY_FUZZ_CHILD";

/// The test that becomes the fuzzer when [`CHILD`] is set, as the test binary
/// selects it.
const NAME: &str = "fuzz::a_short_fuzz_run_finds_nothing";

/// Runs the fuzzer with `args` in a process of its own: this test binary
/// again, with only [`NAME`] selected and [`CHILD`] set. Its standard output
/// holds the test harness's lines besides the fuzzer's.
pub fn run_fuzzer(args: &[&str]) -> Output {
    Command::new(std::env::current_exe().expect("the test binary"))
        .args([NAME, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD, args.join("\n"))
        .output()
        .expect("the test binary runs the fuzzer")
}

#[test]
fn a_short_fuzz_run_finds_nothing() {
    if let Some(args) = std::env::var_os(CHILD) {
        let args = args.to_string_lossy();
        std::process::exit(fuzzer::cli(args.lines().map(String::from)));
    }
    let seconds = std::env::var("GRUNDY_FUZZ_SECONDS").unwrap_or_else(|_| SECONDS.into());
    let out = std::env::temp_dir().join(format!("grundy-fuzz-{}", std::process::id()));
    let out_dir = out.to_string_lossy();
    let run = run_fuzzer(&[
        "--seconds",
        &seconds,
        "--seed",
        "20261122",
        "--out",
        &out_dir,
    ]);
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        run.status.success(),
        "the fuzzer found failures (kept in {}):\n{stdout}\n{stderr}",
        out.display()
    );
    assert!(stdout.contains(" 0 failures"), "{stdout}");
}

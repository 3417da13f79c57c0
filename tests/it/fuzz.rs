//! The fuzzer, for ten seconds with a fixed seed: grammar-aware programs
//! (impartial, partizan and loopy games, every query word, game literals) and
//! mutated examples must never panic, every problem must carry a span and help,
//! every printed position must read back, and so must every canonical form once
//! the language has game literals (`src/bin/fuzz.rs`).
//!
//! Ten seconds try some four hundred programs; a minute, the length this run
//! had before, was a tenth of `cargo test --release` from a fresh clone.
//! `GRUNDY_FUZZ_SECONDS` sets the length, e.g. for ten minutes
//! `GRUNDY_FUZZ_SECONDS=600 cargo test --release --test it fuzz::`;
//! `cargo run --release --bin fuzz -- --seconds 3600` runs it for an hour.

#![allow(clippy::expect_used)]

use std::process::Command;

/// How long the run lasts by default, in seconds.
const SECONDS: &str = "10";

#[test]
fn a_short_fuzz_run_finds_nothing() {
    let seconds = std::env::var("GRUNDY_FUZZ_SECONDS").unwrap_or_else(|_| SECONDS.into());
    let out = std::env::temp_dir().join(format!("grundy-fuzz-{}", std::process::id()));
    let run = Command::new(env!("CARGO_BIN_EXE_fuzz"))
        .args(["--seconds", &seconds, "--seed", "20261122", "--out"])
        .arg(&out)
        .output()
        .expect("the fuzz binary runs");
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        run.status.success(),
        "the fuzzer found failures (kept in {}):\n{stdout}\n{stderr}",
        out.display()
    );
    assert!(stdout.contains(" 0 failures"), "{stdout}");
}

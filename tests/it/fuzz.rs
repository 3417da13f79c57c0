//! The fuzzer, for about a minute with a fixed seed: grammar-aware programs
//! (impartial, partizan and loopy games, every query word, game literals) and
//! mutated examples must never panic, every problem must carry a span and help,
//! every printed position must read back, and so must every canonical form once
//! the language has game literals (`src/bin/fuzz.rs`).
//! `cargo run --release --bin fuzz -- --seconds 3600` runs it for an hour.

#![allow(clippy::expect_used)]

use std::process::Command;

#[test]
fn a_minute_of_fuzzing_finds_nothing() {
    let seconds = std::env::var("GRUNDY_FUZZ_SECONDS").unwrap_or_else(|_| "60".into());
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

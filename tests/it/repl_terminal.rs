//! The REPL matches the command line on a terminal (issue 39 item 5): its
//! answers wrap to the terminal's width, and a statement that runs longer
//! than a second shows its progress line. Driven through a pseudo-terminal.

use crate::pty::expect;
use rexpect::session::{Options, PtySession};
use std::time::Duration;

/// The REPL in a pseudo-terminal `cols` columns wide, at its first prompt.
fn repl(cols: usize, home: &std::path::Path) -> PtySession {
    std::fs::create_dir_all(home).unwrap();
    let grundy = env!("CARGO_BIN_EXE_grundy");
    let mut cmd = std::process::Command::new("sh");
    cmd.args(["-c", &format!("stty cols {cols} rows 30; exec '{grundy}'")])
        .env("HOME", home)
        .env("NO_COLOR", "1")
        .env_remove("XDG_DATA_HOME");
    let options = Options::new()
        .timeout_ms(Some(2_000))
        .strip_ansi_escape_codes(true);
    let mut p = rexpect::spawn_with_options(cmd, options).expect("spawn grundy in a pty");
    expect(&mut p, "grundy> ", Duration::from_secs(30)).unwrap();
    p
}

/// A long statement shows `LABEL: T s, N positions (R/s)` on standard error
/// after a second, and Ctrl-C still stops it.
#[test]
fn a_long_statement_shows_its_progress() {
    let home = std::env::temp_dir().join(format!("grundy-progress-{}", std::process::id()));
    let mut p = repl(100, &home);
    p.send_line("game m(h: list) { move h with [i] = a for i in 0..len(h), a in 0..h[i] }")
        .unwrap();
    expect(&mut p, "grundy> ", Duration::from_secs(30)).unwrap();
    p.send_line("grundy m([40, 40, 40, 40])").unwrap();
    expect(
        &mut p,
        "grundy m([40, 40, 40, 40]): ",
        Duration::from_secs(30),
    )
    .unwrap();
    expect(&mut p, "/s)", Duration::from_secs(30)).unwrap();
    p.send_control('c').unwrap();
    expect(&mut p, "interrupted", Duration::from_secs(30)).unwrap();
    expect(&mut p, "grundy> ", Duration::from_secs(30)).unwrap();
    p.send_line(":quit").unwrap();
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn answers_wrap_to_the_terminals_width() {
    let home = std::env::temp_dir().join(format!("grundy-width-{}", std::process::id()));
    let mut p = repl(40, &home);
    p.send_line("game nim(n: nat) { move n - k for k in 1..=n }")
        .unwrap();
    expect(&mut p, "grundy> ", Duration::from_secs(30)).unwrap();
    p.send_line("sequence nim 0..30").unwrap();
    // The table's rows hold 12 values: 41 columns, so at 40 they wrap; at
    // the 80 columns of a pipe they would not.
    let answer = p.exp_string("period 1").unwrap();
    let rows: Vec<&str> = answer.lines().filter(|l| l.contains(" | ")).collect();
    assert!(!rows.is_empty(), "{answer}");
    for row in &rows {
        assert!(row.trim_end().chars().count() <= 40, "{row:?} in\n{answer}");
    }
    assert!(
        answer.contains(" 11"),
        "every value is still shown: {answer}"
    );
    p.send_line(":quit").unwrap();
    let _ = std::fs::remove_dir_all(&home);
}

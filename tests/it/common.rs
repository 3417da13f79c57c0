//! One-line semantic tests: run a program, get its answers (or its first
//! problem), rendered as the CLI would render them.

#![allow(dead_code)]

use grundy::Limits;
use grundy::{Answer, Engine};
use grundy::{Problem, Report};
use std::sync::Arc;

/// An engine with compiled rules on or off.
pub fn engine(kernels: bool) -> Engine {
    Engine::with_limits(Limits {
        kernels,
        ..Limits::default()
    })
}

/// The answers of a program that must run without a problem.
pub fn answers(src: &str) -> Vec<Answer> {
    let mut e = Engine::default();
    e.run_program(src)
        .unwrap_or_else(|p| panic!("{}\n{}", p.message, p.help))
}

/// An engine whose statements stop after `secs` seconds: a hang guard for
/// tests of inputs that used to run for minutes (not a timing assertion).
pub fn timed_engine(secs: u64) -> Engine {
    Engine::with_limits(Limits {
        timeout: Some(std::time::Duration::from_secs(secs)),
        ..Limits::default()
    })
}

/// The answers of a program as the CLI prints them (passed asserts print nothing).
pub fn texts(src: &str) -> Vec<String> {
    texts_with(Engine::default(), src)
}

/// [`texts`], run by `e`.
pub fn texts_with(mut e: Engine, src: &str) -> Vec<String> {
    let answers = e
        .run_program(src)
        .unwrap_or_else(|p| panic!("{}\n{}", p.message, p.help));
    let namer = e.namer();
    answers
        .iter()
        .filter_map(|a| grundy::report::text(a, &namer))
        .collect()
}

/// The first answer of a program, as text.
pub fn text(src: &str) -> String {
    texts(src).into_iter().next().expect("an answer")
}

/// The first problem of a program that must fail.
pub fn problem(src: &str) -> Problem {
    problem_with(Engine::default(), src)
}

/// The first problem of a program run by `engine`.
pub fn problem_with(mut engine: Engine, src: &str) -> Problem {
    match engine.run_program(src) {
        Ok(a) => panic!("expected a problem, got {a:?}"),
        Err(p) => p,
    }
}

/// A problem rendered without colour at a fixed width, as the snapshots keep it.
pub fn render(name: &str, src: &str, p: Problem) -> String {
    Report::new(name, Arc::from(src), p).render_plain(80)
}

/// A genus as the language reference writes it, formed here from g and the
/// misère values γ0, γ1, … of G, G + *2, G + *2 + *2, … (enough of them to
/// show the repeat): the shortest prefix after which γi = γi−2, with commas
/// and parentheses once a value reaches 10.
pub fn genus_string(g: u32, mut gammas: Vec<u32>) -> String {
    while gammas.len() > 2 && gammas.last() == gammas.get(gammas.len() - 3) {
        gammas.pop();
    }
    let body = if gammas.iter().any(|&v| v >= 10) {
        let parts: Vec<String> = gammas.iter().map(u32::to_string).collect();
        format!("({})", parts.join(","))
    } else {
        gammas.iter().map(u32::to_string).collect()
    };
    format!("{g}^{body}")
}

/// The value of a `name = value   # comment` answer line.
pub fn answer_value(answer: &str) -> String {
    let v = answer.split_once(" = ").map_or(answer, |(_, v)| v);
    v.split(" #").next().unwrap_or(v).trim().to_string()
}

/// Runs `src` with `grundy run --timeout 0` from a file named after `name`,
/// waits until `ready()` (polled every 20 ms, for at most two minutes), then
/// sends Ctrl-C (SIGINT) and returns how the process ended.
pub fn interrupt_when(name: &str, src: &str, ready: impl Fn() -> bool) -> std::process::Output {
    let path = std::env::temp_dir().join(format!("grundy-{name}-{}.game", std::process::id()));
    std::fs::write(&path, src).unwrap();
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["run", "--timeout", "0"])
        .arg(&path)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while !ready() {
        assert!(start.elapsed().as_secs() < 120, "{name}: never ready");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    std::fs::remove_file(&path).unwrap();
    out
}

/// A directory path under the system's temporary directory, unique to this
/// test process, removed if it exists.
pub fn fresh_dir(kind: &str, name: &str) -> String {
    let d = std::env::temp_dir().join(format!("grundy-{kind}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d.display().to_string()
}

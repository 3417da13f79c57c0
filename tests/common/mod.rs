//! One-line semantic tests: run a program, get its answers (or its first
//! problem), rendered as the CLI would render them.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use grundy::diagnostics::{Problem, Report};
use grundy::graph::budget::Limits;
use grundy::{Answer, Engine};
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

/// The answers of a program as the CLI prints them (passed asserts print nothing).
pub fn texts(src: &str) -> Vec<String> {
    let mut e = Engine::default();
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

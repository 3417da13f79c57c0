//! Every `examples/*.game` file runs with all its assertions passing, as long as
//! the capability its second line names (`# capability: X`) is implemented —
//! twice: with compiled rules and with the general evaluator alone, so that the
//! fast paths are held to every fact the examples assert.

use crate::common;

use grundy::{Answer, Mode};

/// Capabilities the interpreter implements today.
const IMPLEMENTED: [&str; 7] = [
    "core",
    "misere",
    "periodicity",
    "boards",
    "coins",
    "loopy",
    "partizan",
];

fn capability(source: &str) -> String {
    source
        .lines()
        .find_map(|l| l.trim().strip_prefix("# capability:"))
        .map(|c| c.trim().to_string())
        .unwrap_or_else(|| "core".to_string())
}

#[test]
fn every_example_passes_its_asserts_with_compiled_rules() {
    every_example(true);
}

#[test]
fn every_example_passes_its_asserts_with_the_general_evaluator() {
    every_example(false);
}

fn every_example(kernels: bool) {
    let mut dir: Vec<_> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/examples"))
        .expect("examples directory")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "game"))
        .collect();
    dir.sort();
    let mut failures = Vec::new();
    let mut ran = 0;
    for path in &dir {
        let source = std::fs::read_to_string(path).expect("readable example");
        if !IMPLEMENTED.contains(&capability(&source).as_str()) {
            continue;
        }
        ran += 1;
        let name = path.display().to_string();
        let mut engine = common::engine(kernels);
        let stmts = match engine.load(&source, false) {
            Ok(s) => s,
            Err(problems) => {
                failures.push(format!("{name}: {}", problems[0].message));
                continue;
            }
        };
        let mut asserts = 0;
        for stmt in &stmts {
            match engine.run(stmt, Mode::Run) {
                Ok(Some(Answer::Assert {
                    passed,
                    line,
                    failure,
                    ..
                })) => {
                    asserts += 1;
                    if !passed {
                        failures.push(format!("{name}:{line}: {failure:?}"));
                    }
                }
                Ok(_) => {}
                Err(p) => {
                    failures.push(format!("{name}: {}", p.message));
                    break;
                }
            }
        }
        if asserts == 0 {
            failures.push(format!("{name}: has no assert"));
        }
    }
    assert!(ran > 0, "no example ran");
    assert!(
        failures.is_empty(),
        "failing examples:\n{}",
        failures.join("\n")
    );
}

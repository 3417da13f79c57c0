//! The catalogue of bad inputs in `tests/errors/`: each must produce a spanned
//! diagnostic with a `help:` line, rendered deterministically (no colour, fixed
//! width) and compared with its snapshot.

#![allow(
    clippy::indexing_slicing,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic
)]

use grundy::diagnostics::Report;
use grundy::{Engine, Mode};
use std::sync::Arc;

/// Loads and runs `source` until the first problem; renders every problem found.
fn diagnose(name: &str, source: &str) -> Option<String> {
    let text: Arc<str> = Arc::from(source);
    let mut engine = Engine::with_limits(grundy::budget::Limits {
        max_call_depth: 200,
        ..Default::default()
    });
    let render = |p| Report::new(name, text.clone(), p).render_plain(80);
    match engine.load(source, false) {
        Err(problems) => Some(
            problems
                .into_iter()
                .map(render)
                .collect::<Vec<_>>()
                .join("\n"),
        ),
        Ok(stmts) => {
            for s in &stmts {
                if let Err(p) = engine.run(s, Mode::Run) {
                    return Some(render(p));
                }
            }
            None
        }
    }
}

#[test]
fn every_bad_input_has_a_spanned_diagnostic_with_help() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/errors");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("tests/errors")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "game"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 20,
        "the catalogue needs at least 20 bad inputs"
    );
    for path in files {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        let source = std::fs::read_to_string(&path).expect("readable");
        let rendered =
            diagnose(&name, &source).unwrap_or_else(|| panic!("{name}: no error reported"));
        assert!(
            rendered.contains("help:"),
            "{name}: no help line\n{rendered}"
        );
        assert!(
            rendered.contains(&name),
            "{name}: the file name is missing\n{rendered}"
        );
        assert!(
            rendered.contains('─'),
            "{name}: no source span shown\n{rendered}"
        );
        // Internal grammar rule names never reach the user.
        for line in rendered
            .lines()
            .filter(|l| l.contains('×') || l.contains("help:"))
        {
            for word in [
                "neg",
                "star",
                "program",
                "qexpr",
                "postfix",
                "primary",
                "inf_kw",
                "brace_side",
                "brace_literal",
                "lone_star",
                "up_literal",
                "down_star",
                "lone_end",
                "bar",
            ] {
                assert!(
                    !line
                        .split(|c: char| !c.is_alphanumeric() && c != '_')
                        .any(|w| w == word),
                    "{name}: internal rule name `{word}` in `{line}`"
                );
            }
        }
        let stem = name.trim_end_matches(".game").to_string();
        insta::with_settings!({ snapshot_path => "errors/snapshots", prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(stem, rendered);
        });
    }
}

//! The catalogue of bad inputs in `tests/errors/`: each must produce a spanned
//! diagnostic with a `help:` line, rendered deterministically (no colour, fixed
//! width) and compared with its snapshot. The catalogue of bad command lines in
//! `tests/errors/cli/` runs the binary and snapshots its exit status and
//! standard error.

use grundy::Report;
use grundy::{Engine, Mode};
use std::sync::Arc;

/// Loads and runs `source` until the first problem; renders every problem found.
fn diagnose(name: &str, source: &str) -> Option<String> {
    let text: Arc<str> = Arc::from(source);
    let mut engine = Engine::with_limits(grundy::Limits {
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
        // On a stack as large as the binary's: deep inputs (an operator chain
        // of 100,001) need it, as they do in `grundy` itself.
        let rendered = std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn({
                let name = name.clone();
                move || diagnose(&name, &source)
            })
            .expect("a thread")
            .join()
            .unwrap_or_else(|_| panic!("{name}: grundy panicked"))
            .unwrap_or_else(|| panic!("{name}: no error reported"));
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
        insta::with_settings!({ snapshot_path => "../errors/snapshots", prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(stem, rendered);
        });
    }
}

/// Replaces what changes from run to run or machine to machine in the stderr
/// of a command: the temporary directory, the default memory limit (half of
/// this machine's memory) and any duration grundy measured itself.
fn normalise(stderr: &str, dir: &std::path::Path) -> String {
    let text = stderr.replace(&dir.display().to_string(), "{dir}");
    let default_memory = regex::Regex::new(r"\(default [0-9.]+ [KMGT]?i?B\)").expect("regex");
    let text = default_memory.replace_all(&text, "(default SIZE)");
    let measured = regex::Regex::new(r"\b[0-9]+(\.[0-9]+)? ?(ms|µs|ns)\b").expect("regex");
    measured.replace_all(&text, "DURATION").into_owned()
}

/// The catalogue of bad command lines in `tests/errors/cli/`: each `NAME.args`
/// holds the arguments of one `grundy` invocation, one per line (`{dir}` stands
/// for a fresh temporary directory holding `latin1.game`, a file that is not
/// UTF-8). Run from `tests/errors/cli`, each must fail with a diagnostic and a
/// hint, and its exit status and standard error are snapshotted.
#[test]
fn every_bad_command_line_has_a_diagnostic() {
    let cli = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/errors/cli");
    let mut files: Vec<_> = std::fs::read_dir(cli)
        .expect("tests/errors/cli")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "args"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 12,
        "the command-line catalogue needs at least 12 bad invocations"
    );
    for path in files {
        let stem = path
            .file_stem()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        let dir =
            std::env::temp_dir().join(format!("grundy-diagnostics-{}-{stem}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temporary directory");
        // `é` in Latin-1, then bytes that start no UTF-8 character.
        std::fs::write(dir.join("latin1.game"), b"print 1\n# caf\xe9\n\xff\xfe\n")
            .expect("write latin1.game");
        let args: Vec<String> = std::fs::read_to_string(&path)
            .expect("readable")
            .lines()
            .map(|line| line.replace("{dir}", &dir.display().to_string()))
            .collect();
        let output = assert_cmd::Command::cargo_bin("grundy")
            .expect("the grundy binary")
            .args(&args)
            .current_dir(cli)
            .env("NO_COLOR", "1")
            .env_remove("COLUMNS")
            .timeout(std::time::Duration::from_secs(60))
            .output()
            .expect("grundy runs");
        let stderr = normalise(&String::from_utf8_lossy(&output.stderr), &dir);
        std::fs::remove_dir_all(&dir).ok();
        let status = output.status.code();
        assert!(
            status.is_some_and(|c| c != 0),
            "{stem}: exit status {status:?}, expected a failure\n{stderr}"
        );
        assert!(
            stderr.contains("error") || stderr.contains('×'),
            "{stem}: no error on standard error\n{stderr}"
        );
        assert!(
            stderr.contains("help"),
            "{stem}: no help on standard error\n{stderr}"
        );
        let rendered = format!(
            "exit status {}\n--- stderr ---\n{stderr}",
            status.unwrap_or(-1)
        );
        insta::with_settings!({ snapshot_path => "../errors/cli/snapshots", prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(stem, rendered);
        });
    }
}

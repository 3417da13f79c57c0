//! The documentation runs. Every fenced block of `docs/*.md` (and of the
//! READMEs) carries a tag, and the tag says what is checked:
//!
//! - ```` ```game ```` is a program, run as `tests/it/examples.rs` runs an example
//!   file (twice: compiled rules on and off); it must load, run without a
//!   problem, and every assertion in it must hold.
//! - ```` ```game-error ```` is a program that must stop with a diagnostic
//!   (while loading or while running), never with a failed assertion.
//! - ```` ```output ```` right after one of those is what `grundy run` prints
//!   for it: the answers as text, or the diagnostic as rendered without colour
//!   at width 100 for a file named `example.game`.
//! - ```` ```json ```` right after a ```` ```game ```` block is what
//!   `grundy run --json` prints for it, one object per line.
//! - ```` ```text ```` is anything else (shell commands, sketches): not run.
//!
//! Besides, `examples/README.md` must name every example file, and the docs
//! the README links to must exist.

use crate::common;

use grundy::{Answer, Mode};
use grundy::{Problem, Report};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One fenced block of a Markdown file.
struct Block {
    /// The tag after the opening fence (`game`, `output`, …).
    tag: String,
    /// The text between the fences.
    body: String,
    /// Where it starts, for messages: `docs/reference.md:120`.
    place: String,
}

const TAGS: [&str; 5] = ["game", "game-error", "output", "json", "text"];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The Markdown files whose blocks are checked: `docs/*.md`, then the READMEs.
fn documents() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs directory")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    files.sort();
    files.push(root().join("examples/README.md"));
    files
}

/// The fenced blocks of a Markdown text, in order.
fn blocks(path: &Path, text: &str) -> Vec<Block> {
    let name = path
        .strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string();
    let mut out = Vec::new();
    let mut open: Option<(String, usize, usize, Vec<&str>)> = None;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        match &mut open {
            None => {
                if let Some(tag) = trimmed.strip_prefix("```") {
                    let indent = line.len() - trimmed.len();
                    open = Some((tag.trim().to_string(), i + 1, indent, Vec::new()));
                }
            }
            Some((tag, start, indent, lines)) => {
                if trimmed == "```" {
                    out.push(Block {
                        tag: std::mem::take(tag),
                        body: lines.join("\n") + "\n",
                        place: format!("{name}:{start}"),
                    });
                    open = None;
                } else {
                    let cut = line
                        .char_indices()
                        .take_while(|(k, c)| *k < *indent && *c == ' ')
                        .count();
                    lines.push(&line[cut..]);
                }
            }
        }
    }
    assert!(open.is_none(), "{name}: a code block is never closed");
    out
}

/// What running a program gave: the answers as text and as JSON, or the
/// diagnostics as the command line prints them.
enum Outcome {
    Ran {
        text: Vec<String>,
        json: Vec<String>,
        failed_asserts: Vec<String>,
    },
    Stopped(String),
}

fn render(source: &str, problems: Vec<Problem>) -> String {
    let text: Arc<str> = Arc::from(source);
    problems
        .into_iter()
        .map(|p| Report::new("example.game", text.clone(), p).render_plain(100))
        .collect::<String>()
}

fn run(source: &str, kernels: bool) -> Outcome {
    let mut engine = common::engine(kernels);
    let stmts = match engine.load(source, false) {
        Ok(s) => s,
        Err(problems) => return Outcome::Stopped(render(source, problems)),
    };
    let (mut text, mut json, mut failed_asserts) = (Vec::new(), Vec::new(), Vec::new());
    for stmt in &stmts {
        match engine.run(stmt, Mode::Run) {
            Ok(None) => {}
            Ok(Some(answer)) => {
                let namer = engine.namer();
                if let Answer::Assert {
                    passed: false,
                    line,
                    failure,
                    ..
                } = &answer
                {
                    failed_asserts.push(format!("line {line}: {failure:?}"));
                }
                json.push(grundy::report::json(&answer, &namer).to_string());
                if let Some(t) = grundy::report::text(&answer, &namer) {
                    text.push(t);
                }
            }
            Err(p) => return Outcome::Stopped(render(source, vec![p])),
        }
    }
    Outcome::Ran {
        text,
        json,
        failed_asserts,
    }
}

/// Lines without trailing spaces, and no blank lines at the end.
fn tidy(text: &str) -> String {
    text.lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
        .trim_end()
        .to_string()
}

/// Checks one program block (and the output block after it, if any).
fn check(program: &Block, expected: Option<&Block>, failures: &mut Vec<String>) {
    let wants_error = program.tag == "game-error";
    for kernels in [true, false] {
        let mode = if kernels {
            "compiled rules"
        } else {
            "general evaluator"
        };
        let outcome = run(&program.body, kernels);
        let shown = match (&outcome, wants_error) {
            (
                Outcome::Ran {
                    failed_asserts,
                    text,
                    json,
                },
                false,
            ) => {
                for f in failed_asserts {
                    failures.push(format!("{} ({mode}): assertion failed, {f}", program.place));
                }
                match expected.map(|b| b.tag.as_str()) {
                    Some("json") => json.join("\n"),
                    _ => text.join("\n"),
                }
            }
            (Outcome::Stopped(diagnostic), true) => diagnostic.clone(),
            (Outcome::Stopped(diagnostic), false) => {
                failures.push(format!(
                    "{} ({mode}): the program stopped with a problem:\n{diagnostic}",
                    program.place
                ));
                continue;
            }
            (Outcome::Ran { .. }, true) => {
                failures.push(format!(
                    "{} ({mode}): a `game-error` block ran without a problem",
                    program.place
                ));
                continue;
            }
        };
        if let Some(block) = expected {
            if block.tag == "json" && wants_error {
                failures.push(format!(
                    "{}: a `json` block must follow a `game` block",
                    block.place
                ));
            } else if tidy(&shown) != tidy(&block.body) {
                failures.push(format!(
                    "{} ({mode}): the output differs from the block at {}\n--- documented\n{}\n--- actual\n{}",
                    program.place,
                    block.place,
                    tidy(&block.body),
                    tidy(&shown)
                ));
            }
        }
    }
}

#[test]
fn every_documented_program_runs_and_prints_what_the_docs_say() {
    let mut failures = Vec::new();
    let mut programs = 0;
    for path in documents() {
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let blocks = blocks(&path, &text);
        let mut i = 0;
        while i < blocks.len() {
            let block = &blocks[i];
            if !TAGS.contains(&block.tag.as_str()) {
                failures.push(format!(
                    "{}: a code block tagged `{}`: use one of {TAGS:?}",
                    block.place, block.tag
                ));
                i += 1;
                continue;
            }
            match block.tag.as_str() {
                "game" | "game-error" => {
                    programs += 1;
                    let next = blocks
                        .get(i + 1)
                        .filter(|b| b.tag == "output" || b.tag == "json");
                    check(block, next, &mut failures);
                    i += if next.is_some() { 2 } else { 1 };
                }
                "output" | "json" => {
                    failures.push(format!(
                        "{}: an `{}` block must follow a `game` or `game-error` block",
                        block.place, block.tag
                    ));
                    i += 1;
                }
                _ => i += 1,
            }
        }
    }
    assert!(programs >= 20, "only {programs} programs in the docs");
    assert!(
        failures.is_empty(),
        "{} problem(s) in the docs:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn the_examples_readme_names_every_example_file() {
    let readme =
        std::fs::read_to_string(root().join("examples/README.md")).expect("examples/README.md");
    let mut missing: Vec<String> = std::fs::read_dir(root().join("examples"))
        .expect("examples directory")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".game") && !readme.contains(n.as_str()))
        .collect();
    missing.sort();
    assert!(
        missing.is_empty(),
        "examples/README.md does not mention {missing:?}"
    );
}

/// A Markdown text without its code: fenced blocks and `inline code` removed.
fn prose(text: &str) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            out.extend(line.split('`').step_by(2));
            out.push('\n');
        }
    }
    out
}

#[test]
fn relative_links_in_the_docs_point_at_files_that_exist() {
    let mut files = documents();
    files.push(root().join("README.md"));
    let mut broken = Vec::new();
    for path in files {
        let text = prose(&std::fs::read_to_string(&path).expect("readable"));
        let dir = path.parent().expect("a directory");
        let mut rest = text.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let end = after.find(')').unwrap_or(after.len());
            let target = &after[..end];
            rest = &after[end..];
            if target.contains("://") || target.starts_with('#') {
                continue;
            }
            let file = target.split('#').next().unwrap_or(target);
            if !dir.join(file).exists() {
                broken.push(format!("{}: {target}", path.display()));
            }
            if target.contains("../shared") {
                broken.push(format!(
                    "{}: {target} is outside the repository",
                    path.display()
                ));
            }
        }
    }
    assert!(broken.is_empty(), "broken links: {broken:?}");
}

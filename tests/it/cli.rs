//! The command line as a user meets it: `run`, `run --json`, `check`, `eval`, and
//! the exit statuses 0 (success), 1 (an assertion failed) and 2 (bad input).

use assert_cmd::Command;
use predicates::prelude::*;
use std::io::Write;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary")
}

fn file(contents: &str) -> tempfile_like::Temp {
    tempfile_like::Temp::new(contents)
}

/// A minimal temporary file (no extra dependency).
mod tempfile_like {
    pub struct Temp {
        pub path: std::path::PathBuf,
    }
    impl Temp {
        pub fn new(contents: &str) -> Temp {
            use std::sync::atomic::{AtomicUsize, Ordering};
            static N: AtomicUsize = AtomicUsize::new(0);
            let path = std::env::temp_dir().join(format!(
                "grundy-cli-{}-{}.game",
                std::process::id(),
                N.fetch_add(1, Ordering::SeqCst)
            ));
            let mut f = std::fs::File::create(&path).expect("temp file");
            super::Write::write_all(&mut f, contents.as_bytes()).expect("write");
            Temp { path }
        }
    }
    impl Drop for Temp {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

const NIM: &str = "game nim(n: nat) { move n - k for k in 1..=n }\n";

#[test]
fn run_prints_answers_and_exits_0() {
    let f = file(&format!("{NIM}grundy nim(3) + nim(5) + nim(7)\noutcome nim(1) + nim(2) + nim(3)\nwinning nim(16) + nim(27) + nim(32)\n"));
    grundy()
        .args(["run", f.path.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "grundy nim(3) + nim(5) + nim(7) = 1",
        ))
        .stdout(predicate::str::contains(
            "outcome nim(1) + nim(2) + nim(3) = P",
        ))
        .stdout(predicate::str::contains("{nim(16) + nim(27) + nim(11)}"));
}

#[test]
fn run_json_prints_one_object_per_answer_in_the_documented_shapes() {
    let f = file(&format!(
        "{NIM}game kayles(n: nat) {{\n    move kayles(a) + kayles(n - k - a) for k in 1..=2, a in 0..=n-k where a <= n - k - a\n}}\n\
         grundy kayles(12)\noutcome nim(1) + nim(2) + nim(3)\nwinning nim(16) + nim(27) + nim(32)\nmoves nim(2)\n\
         game s = subtraction {{3, 4, 6, 10}}\nsequence s 0..=20\nprint nimmul(8, 8)\nassert grundy kayles(12) == 4\n"
    ));
    let out = grundy()
        .args(["run", "--json", f.path.to_str().unwrap()])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let lines: Vec<serde_json::Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(
        lines[0],
        serde_json::json!({"query": "grundy", "expr": "kayles(12)", "value": 4})
    );
    assert_eq!(
        lines[1],
        serde_json::json!({"query": "outcome", "expr": "nim(1) + nim(2) + nim(3)", "play": "normal", "value": "P"})
    );
    assert_eq!(
        lines[2],
        serde_json::json!({"query": "winning", "expr": "nim(16) + nim(27) + nim(32)", "play": "normal", "value": ["nim(16) + nim(27) + nim(11)"]})
    );
    // In rule order: k = 1 first.
    assert_eq!(
        lines[3],
        serde_json::json!({"query": "moves", "expr": "nim(2)", "value": [{"move": "nim(1)", "grundy": 1}, {"move": "nim(0)", "grundy": 0}]})
    );
    assert_eq!(lines[4]["query"], "sequence");
    assert_eq!(lines[4]["game"], "s");
    assert_eq!(lines[4]["from"], 0);
    assert_eq!(lines[4]["values"].as_array().map(Vec::len), Some(21));
    assert_eq!(
        lines[4]["regularity"],
        serde_json::json!({"kind": "periodic", "preperiod": 14, "period": 7, "saltus": 0, "proven": true})
    );
    // How far the search looked: at most the range plus --sequence-search heaps.
    let searched = lines[4]["searched"].as_u64().unwrap();
    assert!((21..=21 + 4096).contains(&searched), "{searched}");
    assert_eq!(
        lines[5],
        serde_json::json!({"query": "print", "expr": "nimmul(8, 8)", "value": 13})
    );
    assert_eq!(
        lines[6],
        serde_json::json!({"query": "assert", "line": 12, "passed": true})
    );
    // Keys in the documented order.
    assert!(serde_json::to_string(&lines[0])
        .unwrap()
        .starts_with("{\"query\":\"grundy\",\"expr\""));
}

#[test]
fn check_reports_the_tally_and_exits_1_on_a_failed_assert() {
    let f = file(&format!(
        "{NIM}assert grundy nim(3) == 3\nassert grundy nim(3) == 4\nassert outcome nim(0) == P\n"
    ));
    grundy()
        .args(["check", f.path.to_str().unwrap()])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("2 passed, 1 failed"))
        .stderr(predicate::str::contains("expected 4, got 3"));
}

#[test]
fn check_skips_queries_and_prints() {
    let f = file(&format!(
        "{NIM}grundy nim(5)\nprint 42\nassert grundy nim(5) == 5\n"
    ));
    grundy()
        .args(["check", f.path.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains("grundy nim(5)").not())
        .stdout(predicate::str::contains("42").not())
        .stdout(predicate::str::contains("1 passed, 0 failed"));
}

#[test]
fn eval_runs_statements_from_the_command_line() {
    grundy()
        .args(["eval", "grundy *3 + *5"])
        .assert()
        .success()
        .stdout("grundy *3 + *5 = 6\n");
    grundy()
        .args(["eval", "--json", "print [1, 2] ++ [3]"])
        .assert()
        .success()
        .stdout("{\"query\":\"print\",\"expr\":\"[1, 2] ++ [3]\",\"value\":[1,2,3]}\n");
}

#[test]
fn bad_input_is_a_diagnostic_with_exit_2_and_no_answers() {
    let f = file(&format!("{NIM}grundy nim(3)\ngrundy nimm(3)\n"));
    grundy()
        .args(["run", f.path.to_str().unwrap()])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("unknown name `nimm`"))
        .stderr(predicate::str::contains("help:"))
        .stderr(predicate::str::contains("did you mean `nim`?"));
}

#[test]
fn runtime_errors_exit_2_after_earlier_answers() {
    let f = file(&format!("{NIM}grundy nim(3)\nprint 1 / 0\n"));
    grundy()
        .args(["run", f.path.to_str().unwrap()])
        .assert()
        .code(2)
        .stdout("grundy nim(3) = 3\n")
        .stderr(predicate::str::contains("division by zero"));
}

#[test]
fn a_missing_file_exits_2() {
    grundy()
        .args(["run", "/nonexistent/x.game"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read"));
}

#[test]
fn the_position_limit_ends_in_a_diagnostic() {
    grundy()
        .args([
            "--max-positions",
            "1000",
            "eval",
            &format!("{NIM}grundy nim(5000)"),
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("position limit"));
}

/// `--threads 1` keeps a statement on one core and gives the same answer
/// (the empty 5 × 5 Domineering board is 0: the cgt crate's form); 0
/// threads is refused before anything runs.
#[test]
fn threads_are_a_limit_like_the_others() {
    let program = format!(
        "{}\ncanonical dom2([{}])",
        DOMINEERING,
        ["\".....\""; 5].join(", ")
    );
    for threads in ["1", "2"] {
        grundy()
            .args(["--threads", threads, "eval", &program])
            .assert()
            .success()
            .stdout(predicate::str::contains("= 0"));
    }
    grundy()
        .args(["--threads", "0", "eval", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("give at least 1"));
}

/// Domineering as `examples/partizan_domineering.game` writes it.
const DOMINEERING: &str = r##"partizan game dom2(b: list) {
    left  sum(dom2(g) for g in regions(b with [r] = (b[r] with [c] = "#"), [r + 1] = (b[r + 1] with [c] = "#"), ".", "flips"))
          for r in 0..len(b) - 1, c in 0..len(b[r]) where b[r][c] == "." and b[r + 1][c] == "."
    right sum(dom2(g) for g in regions(b with [r] = (b[r] with [c] = "#", [c + 1] = "#"), ".", "flips"))
          for r in 0..len(b), c in 0..len(b[r]) - 1 where b[r][c] == "." and b[r][c + 1] == "."
}"##;

#[test]
fn a_nimber_reply_is_computed_not_searched() {
    grundy()
        .args(["eval", "winning *1099511627775 + *3"])
        .timeout(std::time::Duration::from_secs(10))
        .assert()
        .success()
        .stdout(predicate::str::contains("*3 + *3"));
}

#[test]
fn every_printed_position_reads_back_as_itself() {
    let program = "game sub[S](n: nat) { move n - k for k in S where k <= n }\n\
                   game bw(s: string, xs: list) { move (s[0..i], xs) for i in 0..len(s) }\n\
                   board chess = 30 x 8\n\
                   game rook(sq) on chess { move s for d in {(-1, 0), (0, -1)}, s in ray(sq, d) }\n\
                   winning sub[{1, 2, 4}](7) + *2\nmoves bw(\"x\\\"o\", [1, (2, 3)])\nmoves rook(@ad2)\n";
    let out = grundy()
        .args(["eval", program])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let defs = program.lines().take(4).collect::<Vec<_>>().join("\n");
    let mut checked = 0;
    for line in text.lines() {
        let position = if let Some((_, rest)) = line.split_once(" = {") {
            rest.trim_end_matches('}')
                .split(", sub")
                .next()
                .unwrap_or("")
                .to_string()
        } else if line.starts_with("  ") {
            line.trim().split("    #").next().unwrap_or("").to_string()
        } else {
            continue;
        };
        if position.is_empty() {
            continue;
        }
        // The printed position parses and prints back identically.
        let again = grundy()
            .args(["eval", &format!("{defs}\nprint {position}")])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        assert_eq!(
            String::from_utf8(again).unwrap().trim(),
            position,
            "{position}"
        );
        checked += 1;
    }
    assert!(checked >= 5, "too few positions checked in:\n{text}");
}

/// A fresh, empty directory under the system's temporary directory.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `run --dot DIR` writes one DOT file per graph, named as `--svg` names its
/// pictures, and says where each went instead of printing it.
#[test]
fn graphs_go_to_dot_files_in_a_directory() {
    let f = file(&format!(
        "{NIM}graph nim(2)\ngraph nim(2)\ngraph nim(1) + nim(2) depth 1\n"
    ));
    let dir = temp_dir("dot");
    let out = dir.join("graphs");
    let run = grundy()
        .args([
            "run",
            "--dot",
            out.to_str().unwrap(),
            f.path.to_str().unwrap(),
        ])
        .assert()
        .success();
    let stdout = String::from_utf8(run.get_output().stdout.clone()).unwrap();
    assert!(!stdout.contains("digraph"), "{stdout}");
    assert_eq!(stdout.matches("written to").count(), 3, "{stdout}");
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    names.sort();
    assert_eq!(names, ["nim_1_nim_2.dot", "nim_2-2.dot", "nim_2.dot"]);
    let dot = std::fs::read_to_string(out.join("nim_2.dot")).unwrap();
    assert!(dot.starts_with("digraph moves {"));
    // nim(2) → nim(1), nim(0); nim(1) → nim(0): three edges, one P-position,
    // two winning moves (into nim(0)).
    assert_eq!(dot.matches("->").count(), 3);
    assert_eq!(dot.matches("peripheries=2").count(), 1);
    assert_eq!(dot.matches("penwidth=2.5").count(), 2);
    let limited = std::fs::read_to_string(out.join("nim_1_nim_2.dot")).unwrap();
    assert!(limited.contains("depth 1"));
    assert!(limited.contains("style=dashed"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A directory for `PATH` holding only a stand-in for Graphviz's `dot`, which
/// keeps the DOT it reads and answers with a fixed SVG; or nothing at all.
fn fake_path(name: &str, with_dot: bool) -> std::path::PathBuf {
    let dir = temp_dir(name);
    if with_dot {
        let script = dir.join("dot");
        std::fs::write(
            &script,
            "#!/bin/sh\n[ \"$1\" = -Tsvg ] || exit 3\ncat >> \"$(dirname \"$0\")/received.dot\"\necho '<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\"/>'\n",
        )
        .unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    dir
}

/// `grundy run --svg OUT FILE` with `PATH` set to `search`, which must
/// succeed: its standard output and standard error.
fn run_svg(search: &str, f: &tempfile_like::Temp, out: &std::path::Path) -> (String, String) {
    let run = grundy()
        .env("PATH", search)
        .args([
            "run",
            "--svg",
            out.to_str().unwrap(),
            f.path.to_str().unwrap(),
        ])
        .assert()
        .success();
    let text = |bytes: &Vec<u8>| String::from_utf8(bytes.clone()).unwrap();
    (
        text(&run.get_output().stdout),
        text(&run.get_output().stderr),
    )
}

/// Without Graphviz, `--svg DIR` still draws tables and sequences, says once
/// on standard error that graphs are not drawn, and does not fail.
#[test]
fn svg_without_graphviz_says_so_once() {
    let f = file(&format!(
        "{NIM}graph nim(2)\ngraph nim(3)\nsequence nim 0..10\nboard b = 3 x 2\n\
         game rook(sq) on b {{ move s for d in {{(-1, 0), (0, -1)}}, s in ray(sq, d) }}\ntable rook\n"
    ));
    let path = fake_path("nodot", false);
    let out = path.join("svg");
    let (stdout, stderr) = run_svg(&path.display().to_string(), &f, &out);
    assert_eq!(
        stderr.lines().filter(|l| l.contains("Graphviz")).count(),
        1,
        "{stderr}"
    );
    assert!(
        stderr.contains("`dot` program is not installed"),
        "{stderr}"
    );
    assert!(!stderr.contains("error"), "{stderr}");
    // The DOT still reaches standard output; the other pictures are drawn.
    assert_eq!(stdout.matches("digraph moves").count(), 2);
    assert!(out.join("nim.svg").exists());
    assert!(out.join("rook.svg").exists());
    assert!(!out.join("nim_2.svg").exists());
    let _ = std::fs::remove_dir_all(&path);
}

/// With Graphviz, each graph is laid out by `dot -Tsvg` into the SVG directory.
#[test]
fn svg_with_graphviz_draws_each_graph() {
    let f = file(&format!("{NIM}graph nim(2)\ngraph nim(1) + nim(1)\n"));
    let path = fake_path("withdot", true);
    let out = path.join("svg");
    // The stand-in first; the system's directories for the tools it uses.
    let search = format!("{}:/usr/bin:/bin", path.display());
    let (_, stderr) = run_svg(&search, &f, &out);
    assert!(stderr.is_empty(), "{stderr}");
    for name in ["nim_2.svg", "nim_1_nim_1.svg"] {
        let svg = std::fs::read_to_string(out.join(name)).unwrap();
        assert!(svg.starts_with("<svg"), "{name}: {svg}");
    }
    // Graphviz was given the two graphs' DOT.
    let received = std::fs::read_to_string(path.join("received.dot")).unwrap();
    assert_eq!(received.matches("digraph moves {").count(), 2);
    assert!(received.contains("label=\"graph nim(1) + nim(1)"));
    let _ = std::fs::remove_dir_all(&path);
}

/// `run --csv DIR` and `--tex DIR` write each table, named like the pictures.
#[test]
fn tables_go_to_csv_and_tex() {
    let f = file(
        "board b = 3 x 2\ngame rook(sq) on b { move s for d in {(-1, 0), (0, -1)}, s in ray(sq, d) }\n\
         table rook\ntable rook\n",
    );
    let dir = temp_dir("tables");
    grundy()
        .args([
            "run",
            "--csv",
            dir.join("csv").to_str().unwrap(),
            "--tex",
            dir.join("tex").to_str().unwrap(),
            f.path.to_str().unwrap(),
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("table rook:"));
    // A rook moving left or down is Nim with two heaps: (c − 1) ⊕ (r − 1).
    let csv = std::fs::read_to_string(dir.join("csv/rook.csv")).unwrap();
    assert_eq!(csv, "rank,a,b,c\r\n2,1,0,3\r\n1,0,1,2\r\n");
    assert!(dir.join("csv/rook-2.csv").exists());
    let tex = std::fs::read_to_string(dir.join("tex/rook.tex")).unwrap();
    assert!(tex.contains("\\begin{tikzpicture}"));
    assert!(dir.join("tex/rook-2.tex").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn play_outside_the_repl_is_a_clear_error() {
    grundy()
        .args(["eval", &format!("{NIM}play nim(3)")])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("grundy repl"));
}

fn bytes_file(contents: &[u8]) -> std::path::PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    let path = std::env::temp_dir().join(format!(
        "grundy-cli-bytes-{}-{}.game",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    std::fs::write(&path, contents).expect("temp file");
    path
}

#[test]
fn a_byte_order_mark_and_old_mac_line_endings_are_accepted() {
    let bom = bytes_file(format!("\u{feff}{NIM}grundy nim(3) + nim(5)\n").as_bytes());
    grundy()
        .args(["run", bom.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains("= 6"));
    let cr = bytes_file(
        NIM.replace('\n', "\r")
            .as_bytes()
            .iter()
            .chain(b"grundy nim(2)\rgrundy nim(7)\r")
            .copied()
            .collect::<Vec<u8>>()
            .as_slice(),
    );
    grundy()
        .args(["run", cr.to_str().unwrap()])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("grundy nim(2) = 2")
                .and(predicate::str::contains("grundy nim(7) = 7")),
        );
    let _ = std::fs::remove_file(bom);
    let _ = std::fs::remove_file(cr);
}

#[test]
fn a_file_that_is_not_utf8_is_pointed_at() {
    let text: &[u8] = b"game nim(n: nat) { move n - k for k in 1..=n }\ngrundy nim(3) # caf\xe9\n";
    let at = text.iter().position(|&b| b == 0xe9).unwrap();
    let bad = bytes_file(text);
    grundy()
        .args(["run", bad.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("not UTF-8")
                .and(predicate::str::contains(format!("byte {at} ")))
                .and(predicate::str::contains("help:")),
        );
    let _ = std::fs::remove_file(bad);
}

#[test]
fn a_missing_file_gets_a_hint() {
    grundy()
        .args(["run", "no-such-file.game"])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("cannot read")
                .and(predicate::str::contains("help: check the file name")),
        );
    grundy()
        .args(["run", std::env::temp_dir().to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("help:"));
}

#[test]
fn check_prints_no_empty_tally_above_a_syntax_error() {
    let f = file("grundy (\n");
    grundy()
        .args(["check", f.path.to_str().unwrap()])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("passed").not());
}

#[test]
fn sequence_search_is_bounded_and_says_how_far_it_looked() {
    // 0.6 (Officers) has no known period: the answer is `none`, after at most
    // the range plus --sequence-search heaps.
    let f = file("game officers = octal \"0.6\"\nsequence officers 0..=30\n");
    let out = grundy()
        .args([
            "run",
            "--json",
            "--sequence-search",
            "500",
            f.path.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        json["regularity"],
        serde_json::json!({"kind": "none", "proven": false})
    );
    assert_eq!(json["searched"], 531);
    grundy()
        .args(["run", "--sequence-search", "500", f.path.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "no regularity found (heaps 0..531 examined)",
        ));
    // A rule-defined game with no theorem for its shape (Grundy's game) asked
    // for 0..=5 computes a handful of heaps only.
    let g = file("game split(n: nat) { move split(a) + split(n - a) for a in 1..n where a < n - a }\nsequence split 0..=5\n");
    let out = grundy()
        .args(["run", "--json", g.path.to_str().unwrap()])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(json["searched"].as_u64().unwrap() <= 22, "{json}");
}

#[test]
fn files_run_without_a_subcommand_and_dash_reads_standard_input() {
    let f = file(&format!("{NIM}grundy nim(3) + nim(5)\n"));
    grundy()
        .arg(f.path.to_str().unwrap())
        .assert()
        .success()
        .stdout(predicate::str::contains("grundy nim(3) + nim(5) = 6"));
    grundy()
        .args(["run", "-"])
        .write_stdin(format!("{NIM}outcome nim(1) + nim(2) + nim(3)\n"))
        .assert()
        .success()
        .stdout(predicate::str::contains("= P"));
}

/// `run --svg DIR` draws each `thermograph` too. The switch {3 | -1} has mean
/// (3 + (-1))/2 = 1 and temperature (3 - (-1))/2 = 2 (Winning Ways ch. 6): the
/// picture says so, and both walls end on the same mast.
#[test]
fn thermographs_are_drawn_with_svg() {
    let f = file("thermograph {3 | -1}\n");
    let dir = std::env::temp_dir().join(format!("grundy-thermo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    grundy()
        .args([
            "run",
            f.path.to_str().unwrap(),
            "--svg",
            dir.to_str().unwrap(),
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("temperature 2, mean 1"));
    let svg = std::fs::read_to_string(dir.join("3_-1.svg")).expect("the picture");
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("temperature 2, mean 1"));
    let walls: Vec<&str> = svg
        .lines()
        .filter_map(|l| l.split("points=\"").nth(1))
        .filter_map(|rest| rest.split('"').next())
        .collect();
    // Two wall polylines and the arrow head.
    assert_eq!(walls.len(), 3, "{svg}");
    let last = |points: &str| points.split(' ').next_back().unwrap_or("").to_string();
    assert_eq!(last(walls[0]), last(walls[1]), "walls end on the mast");
    let _ = std::fs::remove_dir_all(&dir);
}

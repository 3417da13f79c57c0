//! `sequence G a..b into "DIR"` as a user meets it: the values file against
//! the in-memory `sequence`, a second statement resuming, the JSON answer,
//! the proof of a published period, and the diagnostics of what it refuses.

use crate::common::{problem, texts};
use assert_cmd::Command;

fn dir(name: &str) -> String {
    crate::common::fresh_dir("sweeps", name)
}

fn values(dir: &str) -> Vec<u64> {
    std::fs::read(format!("{dir}/values.u16le"))
        .unwrap()
        .chunks_exact(2)
        .map(|b| u64::from(u16::from_le_bytes([b[0], b[1]])))
        .collect()
}

/// The values of the game by the plain `sequence`, which holds them in memory.
fn in_memory(game: &str, len: usize) -> Vec<u64> {
    let out = texts(&format!("{game}\nprint sequence g 0..{len}"));
    out[0]
        .trim_matches(|c| c == '[' || c == ']')
        .split(", ")
        .map(|v| v.parse().unwrap())
        .collect()
}

/// Grundy's game written as rules is streamed (its rules have the shape
/// `4!.0`), in two statements: the second resumes where the first stopped.
#[test]
fn grundys_game_as_rules_streams_and_resumes() {
    let d = dir("grundy");
    let game = "game g(n) { move g(a) + g(n - a) for a in 1..n where a < n - a }";
    let out = texts(&format!(
        "{game}\nsequence g 0..3000 into \"{d}\"\nsequence g 0..9000 into \"{d}\""
    ));
    assert!(out[0].contains("heaps 0..3000"), "{}", out[0]);
    assert!(out[1].contains("resumed at heap 3,000"), "{}", out[1]);
    assert!(out[1].contains("no period found"), "{}", out[1]);
    let got = values(&d);
    assert_eq!(got.len(), 9000);
    assert!(got == in_memory(game, 9000));
    // OEIS A002188 (Grundy's game) begins 0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3.
    assert_eq!(got[..14], [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3]);
    // Flammenkamp's list of the sparse values of Grundy's game ("Sprague-Grundy
    // Values of Grundy's Game", uni-bielefeld.de/achim/grundy.html: rare under
    // the mask ~1, an even number of ones above bit 0), every one up to heap
    // 231, against the rare heaps the sweep kept.
    let flammenkamp: [(u64, u64); 48] = [
        (0, 0),
        (1, 0),
        (2, 0),
        (3, 1),
        (4, 0),
        (6, 1),
        (7, 0),
        (9, 1),
        (10, 0),
        (12, 1),
        (15, 1),
        (20, 0),
        (23, 0),
        (26, 0),
        (28, 1),
        (31, 1),
        (34, 1),
        (37, 1),
        (40, 1),
        (43, 1),
        (46, 1),
        (49, 1),
        (50, 0),
        (52, 1),
        (53, 0),
        (55, 1),
        (58, 1),
        (61, 1),
        (87, 7),
        (90, 7),
        (93, 7),
        (146, 6),
        (149, 6),
        (152, 6),
        (158, 11),
        (161, 11),
        (164, 11),
        (167, 11),
        (176, 7),
        (179, 7),
        (181, 12),
        (182, 7),
        (185, 7),
        (188, 7),
        (190, 12),
        (193, 12),
        (196, 10),
        (231, 10),
    ];
    let checkpoint = std::fs::read_to_string(format!("{d}/checkpoint.json")).unwrap();
    let kept: serde_json::Value = serde_json::from_str(&checkpoint).unwrap();
    let rare: Vec<(u64, u64)> = kept["rare"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_u64().unwrap(), p[1].as_u64().unwrap()))
        .filter(|&(n, _)| n <= 231)
        .collect();
    assert_eq!(rare, flammenkamp);
    for (n, v) in flammenkamp {
        assert_eq!(got[n as usize], v);
    }
    std::fs::remove_dir_all(&d).unwrap();
}

/// Dawson's Kayles (0.07): preperiod 53, period 34 (CGSuite's test suite),
/// proven by Guy–Smith as the values stream, and the sweep stops there.
#[test]
fn dawsons_kayles_period_is_proven_while_streaming() {
    let d = dir("dawson");
    let out = texts(&format!(
        "game d = octal \"0.07\"\nsequence d 0..100000000 into \"{d}\""
    ));
    assert!(
        out[0].contains("periodic, preperiod 53, period 34, proven (Guy-Smith"),
        "{}",
        out[0]
    );
    let got = values(&d);
    assert!(got.len() < 100_000_000);
    assert!(got == in_memory("game g = octal \"0.07\"", got.len()));
    // The proof is kept with the values: a later statement reports it.
    let again = texts(&format!(
        "game d = octal \"0.07\"\nsequence d 0..10 into \"{d}\""
    ));
    assert!(again[0].contains("period 34, proven"), "{}", again[0]);
    std::fs::remove_dir_all(&d).unwrap();
}

/// Ctrl-C during `grundy run` stops the sweep after saving its checkpoint
/// (exit status 2, the interrupted diagnostic); running again resumes there.
#[test]
fn ctrl_c_in_run_saves_the_checkpoint() {
    let d = dir("ctrlc");
    let game = "game g(n) { move g(a) + g(n - a) for a in 1..n where a < n - a }";
    // Ctrl-C once it is computing (the values file has grown).
    let file = format!("{d}/values.u16le");
    let out = crate::common::interrupt_when(
        "sweeps-ctrlc",
        &format!("{game}\nsequence g 0..1000000000 into \"{d}\"\n"),
        || std::fs::metadata(&file).map_or(0, |m| m.len()) >= 1 << 20,
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("interrupted, with heaps 0.."), "{stderr}");
    let checkpoint = std::fs::read_to_string(format!("{d}/checkpoint.json")).unwrap();
    let kept: serde_json::Value = serde_json::from_str(&checkpoint).unwrap();
    let heaps = kept["heaps"].as_u64().unwrap();
    assert!(heaps > 0);
    // The values kept are Grundy's game's, and a shorter range reports them.
    let got = values(&d);
    assert!(got.len() as u64 >= heaps);
    let again = texts(&format!("{game}\nsequence g 0..10 into \"{d}\""));
    assert!(
        again[0].contains(&format!("heaps 0..{heaps} ")),
        "{}",
        again[0]
    );
    assert!(values(&d)[..2000] == in_memory(game, 2000)[..]);
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn the_json_answer_lists_the_rare_heaps_and_the_checksum() {
    let d = dir("json");
    let path = std::env::temp_dir().join(format!("grundy-sweeps-{}.game", std::process::id()));
    std::fs::write(
        &path,
        format!("game o = octal \"0.6\"\nsequence o 0..5000 into \"{d}\"\n"),
    )
    .unwrap();
    let out = Command::cargo_bin("grundy")
        .unwrap()
        .args(["run", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["query"], "sequence");
    assert_eq!(json["heaps"], 5000);
    assert_eq!(json["checksum"].as_str().unwrap().len(), 16);
    assert_eq!(json["regularity"]["proven"], false);
    // Every heap listed rare has a rare value under the mask, and no other.
    let mask = json["mask"].as_u64().unwrap();
    let got = values(&d);
    let rare: Vec<u64> = json["rare"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p[0].as_u64().unwrap())
        .collect();
    let expected: Vec<u64> = (0..got.len() as u64)
        .filter(|&n| (got[n as usize] & mask).count_ones() % 2 == 0)
        .collect();
    assert_eq!(rare, expected);
    std::fs::remove_dir_all(&d).unwrap();
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn what_cannot_be_streamed_is_refused_with_help() {
    // A code with a repeating tail (every removal but 2) is not finite.
    let p = problem("game k = allbut {2}\nsequence k 0..10 into \"x\"");
    assert_eq!(p.code, "grundy::sweep", "{}", p.message);
    assert!(p.help.contains("without `into`"), "{}", p.help);
    // Not a take-and-break game at all.
    let p = problem("game w(n) { move w(n / 2) where n > 1 }\nsequence w 0..10 into \"x\"");
    assert_eq!(p.code, "grundy::sweep", "{}", p.message);
    // A directory that is not a string.
    let p = problem("game k = octal \"0.77\"\nsequence k 0..10 into 3");
    assert!(p.message.contains("directory"), "{}", p.message);
    // Another game's directory.
    let d = dir("other");
    texts(&format!(
        "game k = octal \"0.6\"\nsequence k 0..100 into \"{d}\""
    ));
    let p = problem(&format!(
        "game k = octal \"0.137\"\nsequence k 0..100 into \"{d}\""
    ));
    assert!(p.message.contains("another game, `0.6`"), "{}", p.message);
    assert!(p.help.contains("directory of its own"), "{}", p.help);
    std::fs::remove_dir_all(&d).unwrap();
}

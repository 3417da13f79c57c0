//! `quotient G up to N into "DIR"` as a user meets it: the construction is
//! saved after every heap, a later statement (or a run after Ctrl-C) carries
//! on from it to exactly the quotient of one run, runs over ranges of heaps
//! are units whose last checksum is one run's, and what it refuses.

use crate::common::{problem, texts};

fn dir(name: &str) -> String {
    crate::common::fresh_dir("quotients", name)
}

fn saved(dir: &str) -> serde_json::Value {
    let text = std::fs::read_to_string(format!("{dir}/quotient.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

const DAWSON: &str = "game d = octal \"0.07\"";

/// Two units (heaps 1..=20, then 21..=30) give the quotient of one run and
/// the same checksum as one run straight to 30 into a fresh directory; the
/// order is Plambeck and Siegel's published |Q₃₀(0.07)| = 360.
#[test]
fn a_saved_construction_carries_on_to_the_same_quotient() {
    let (a, b) = (dir("units"), dir("one"));
    let units = texts(&format!(
        "{DAWSON}\nquotient d up to 20 into \"{a}\"\nquotient d up to 30 into \"{a}\""
    ));
    let one = texts(&format!("{DAWSON}\nquotient d up to 30 into \"{b}\""));
    let plain = texts(&format!("{DAWSON}\nquotient d up to 30"));
    assert!(units[1].contains("order 360"), "{}", units[1]);
    assert_eq!(units[1], plain[0]);
    assert_eq!(one[0], plain[0]);
    let (ja, jb) = (saved(&a), saved(&b));
    assert_eq!(ja["heaps"], 30);
    assert_eq!(ja["checksum"], jb["checksum"]);
    let runs = ja["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 2, "{runs:?}");
    assert_eq!(
        (runs[0]["from"].as_u64(), runs[0]["to"].as_u64()),
        (Some(0), Some(20))
    );
    assert_eq!(
        (runs[1]["from"].as_u64(), runs[1]["to"].as_u64()),
        (Some(21), Some(30))
    );
    // A bound below what the directory holds is answered from scratch,
    // leaving the directory as it is.
    let below = texts(&format!("{DAWSON}\nquotient d up to 12 into \"{a}\""));
    assert_eq!(
        below[0],
        texts(&format!("{DAWSON}\nquotient d up to 12"))[0]
    );
    assert_eq!(saved(&a)["checksum"], jb["checksum"]);
    std::fs::remove_dir_all(&a).unwrap();
    std::fs::remove_dir_all(&b).unwrap();
}

/// Ctrl-C while heap 34 of Dawson's Kayles is being added (its candidates
/// do not settle in seconds) exits with status 2 and says what is saved;
/// the same statement with a bound of 33 then answers from the directory:
/// MisereSolver's Q₃₃(0.07) has order 638.
#[test]
fn ctrl_c_keeps_every_heap_done() {
    let d = dir("ctrlc");
    let file = format!("{d}/quotient.json");
    // Ctrl-C a moment after heap 33 is saved.
    let heaps = || {
        std::fs::read_to_string(&file)
            .ok()
            .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
            .and_then(|j| j["heaps"].as_u64())
            .unwrap_or(0)
    };
    let out = crate::common::interrupt_when(
        "quotients-ctrlc",
        &format!("{DAWSON}\nquotient d up to 40 into \"{d}\"\n"),
        || {
            let done = heaps() >= 33;
            if done {
                std::thread::sleep(std::time::Duration::from_millis(300));
            }
            done
        },
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("saved in the directory"), "{stderr}");
    let heap: u64 = stderr
        .split("while adding heap ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{stderr}"));
    assert!(heap >= 34, "{stderr}");
    assert_eq!(saved(&d)["heaps"].as_u64(), Some(heap - 1));
    let again = texts(&format!("{DAWSON}\nquotient d up to 33 into \"{d}\""));
    assert!(again[0].contains("order 638"), "{}", again[0]);
    assert_eq!(
        again[0],
        texts(&format!("{DAWSON}\nquotient d up to 33"))[0]
    );
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn what_cannot_be_carried_on_is_refused_with_help() {
    let d = dir("refused");
    texts(&format!("{DAWSON}\nquotient d up to 12 into \"{d}\""));
    // Another game's name.
    let p = problem(&format!(
        "game k = octal \"0.77\"\nquotient k up to 14 into \"{d}\""
    ));
    assert_eq!(p.code, "grundy::sweep", "{}", p.message);
    assert!(p.message.contains("not of `k`"), "{}", p.message);
    assert!(p.help.contains("its own directory"), "{}", p.help);
    // The same name, other rules (Dawson's chess is Dawson's Kayles shifted).
    let p = problem(&format!(
        "game d = octal \"0.137\"\nquotient d up to 14 into \"{d}\""
    ));
    assert!(p.message.contains("options differ"), "{}", p.message);
    // A file edited by hand.
    let path = format!("{d}/quotient.json");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replacen("\"phi\":[0,", "\"phi\":[1,", 1)).unwrap();
    let p = problem(&format!("{DAWSON}\nquotient d up to 14 into \"{d}\""));
    assert!(p.message.contains("checksum"), "{}", p.message);
    std::fs::write(&path, "not json").unwrap();
    let p = problem(&format!("{DAWSON}\nquotient d up to 14 into \"{d}\""));
    assert!(
        p.message.contains("not a quotient grundy saved"),
        "{}",
        p.message
    );
    // A directory that is not a string.
    let p = problem(&format!("{DAWSON}\nquotient d up to 14 into 3"));
    assert!(p.message.contains("directory"), "{}", p.message);
    // A path under a file.
    let p = problem(&format!("{DAWSON}\nquotient d up to 14 into \"{path}/x\""));
    assert_eq!(p.code, "grundy::sweep", "{}", p.message);
    std::fs::remove_dir_all(&d).unwrap();
}

/// A construction stopped by a limit says how many candidates for the heap
/// failed and the sum the last one misjudged. For 0.3122, whose quotient
/// Weimerskirch showed to be infinite, the failures at heap 7 are sums with
/// more and more copies of a heap (5 or 7, BENCHMARKS.md); which candidate
/// is the last depends on the machine's speed, so only the copies are
/// asserted.
#[test]
fn a_stopped_construction_names_its_last_failure() {
    let out = assert_cmd::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args([
            "--timeout",
            "2",
            "eval",
            "game w = octal \"0.3122\"\nquotient w up to 7",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    // The message as words, without the diagnostic's line breaks.
    let stderr = String::from_utf8_lossy(&out.stderr).replace('│', " ");
    let flat = stderr.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("while adding heap 7 to the quotient;"),
        "{flat}"
    );
    assert!(
        flat.contains("candidates failed, the last on the sum of heaps"),
        "{flat}"
    );
    assert!(flat.contains(" (×"), "{flat}");
}

//! The one budget: every structure that grows with the work ends in a
//! diagnostic naming the limit and its flag (exit 2), never an allocation
//! failure, an abort or a stack overflow; a limit leaves the session whole.
//! Memory is measured for the whole process, so these run the real binary.

use grundy::repl::Session;
use grundy::Limits;
use std::process::Command;

/// Runs `program` with extra flags; returns (exit code, standard error).
fn run(program: &str, flags: &[&str]) -> (Option<i32>, String) {
    let dir = std::env::temp_dir().join(format!("grundy-budget-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{:x}.game", fxhash(program, flags)));
    std::fs::write(&file, program).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(flags)
        .arg("run")
        .arg(&file)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&file);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// Runs `program` under an address-space limit (`ulimit -v`, KiB) with default flags.
fn run_capped(program: &str, kib: u64) -> (Option<i32>, String) {
    let dir = std::env::temp_dir().join(format!("grundy-budget-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("capped-{:x}.game", fxhash(program, &[])));
    std::fs::write(&file, program).unwrap();
    let script = format!(
        "ulimit -v {kib}; exec \"{}\" run \"{}\"",
        env!("CARGO_BIN_EXE_grundy"),
        file.display()
    );
    let out = Command::new("sh")
        .arg("-c")
        .arg(script)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&file);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

fn fxhash(program: &str, flags: &[&str]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    program.hash(&mut h);
    flags.hash(&mut h);
    h.finish()
}

fn assert_limit(program: &str, flags: &[&str], flag: &str) {
    let (code, err) = run(program, flags);
    assert_eq!(code, Some(2), "{program}\n{err}");
    assert!(err.contains("grundy::limit"), "{program}\n{err}");
    assert!(
        err.contains(flag),
        "{program}: the diagnostic names {flag}\n{err}"
    );
}

const SMALL: &[&str] = &["--max-memory", "64M"];

#[test]
fn a_dense_memo_table_counts_its_bytes() {
    // Halving by division has no shape with a theorem: its heaps are
    // computed, not read off a period.
    assert_limit(
        "game c(n: nat) { move n / 2 where n > 0 }\ngrundy c(40000000)",
        SMALL,
        "--max-memory",
    );
}

#[test]
fn hash_maps_of_growing_positions() {
    assert_limit(
        "game grow(s: string) { move s ++ \"a\" }\ngrundy grow(\"\")",
        SMALL,
        "--max-memory",
    );
}

#[test]
fn a_deep_search_stack() {
    assert_limit(
        "game d(h: list) { move [h[0] - 1] where h[0] > 0 }\ngrundy d([100000000])",
        SMALL,
        "--max-memory",
    );
}

#[test]
fn the_options_of_one_huge_position() {
    for game in [
        // Not Nim (one move less), so no period answers it: its options are listed.
        "game nim(n: nat) { move n - k for k in 1..=n where k != n / 2 }",
        // A list position: only the general evaluator runs it.
        "game nim(h: list) { move [h[0] - k] for k in 1..=h[0] }",
    ] {
        let query = if game.contains("list") {
            "grundy nim([1000000000000])"
        } else {
            "grundy nim(1000000000000)"
        };
        assert_limit(&format!("{game}\n{query}"), SMALL, "--max-memory");
    }
}

#[test]
fn lists_and_ranges_built_by_expressions() {
    for expr in [
        "len([x for x in 0..1000000000])",
        "len(sorted(0..99999999))",
        "len(product([0..1000, 0..1000, 0..1000]))",
        "len(subsets(0..60, 0..=30))",
    ] {
        assert_limit(&format!("print {expr}"), SMALL, "--max-memory");
    }
}

#[test]
fn a_handful_of_positions_costs_little() {
    // Heap 268435455 alone must not make a dense table of 2^28 values: with a
    // position limit of 1000 the position limit is what stops it, well inside
    // a small memory limit.
    assert_limit(
        "game h(n: nat) { move n - k for k in 1..=n / 2 }\ngrundy h(268435455)",
        &["--max-positions", "1000", "--max-memory", "64M"],
        "--max-positions",
    );
}

#[test]
fn a_loop_without_allocation_meets_the_timeout() {
    assert_limit(
        "game g(n: nat) { move n - 1 for k in 0..1000000000000 where k * k == 0 and n > 0 }\ngrundy g(1)",
        &["--timeout", "0.5"],
        "--timeout",
    );
}

#[test]
fn the_issue_inputs_end_in_a_diagnostic_under_a_4gb_cap() {
    for program in [
        // Unequal parts: no theorem proves a period, so the heaps are computed.
        "game slow(n: nat) { move slow(a) + slow(n - 1 - a) for a in 0..n where a != n - 1 - a }\ngrundy slow(100000000)",
        "game nim(n: nat) { move n - k for k in 1..=n where k != n / 2 }\ngrundy nim(1000000000000)",
        "game grow(s: string) { move s ++ \"a\" }\ngrundy grow(\"\")",
        "game h(n: nat) { move n - k for k in 1..=n / 2 }\ngrundy h(268435455)",
    ] {
        let (code, err) = run_capped(program, 4_000_000);
        assert_eq!(code, Some(2), "{program}\n{err}");
        assert!(err.contains("grundy::limit"), "{program}\n{err}");
    }
}

#[test]
fn bad_limit_flags_are_refused_with_a_hint() {
    let (code, err) = run("grundy *1", &["--max-memory", "lots"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("512M"), "{err}");
}

fn session(max_positions: usize) -> Session {
    Session::new(Limits {
        max_positions,
        ..Limits::default()
    })
}

fn ok(s: &mut Session, input: &str) -> String {
    let r = s.eval(input);
    assert!(!r.error, "{input}: {}", r.text);
    r.text
}

#[test]
fn a_position_limit_leaves_the_session_whole() {
    let mut s = session(2_000);
    ok(&mut s, "game h(n: nat) { move n - k for k in 1..=n / 2 }");
    ok(&mut s, "game d(h: list) { move [h[0] - 1] where h[0] > 0 }");
    let queries = [
        "grundy h(1000)",
        "grundy d([1500])",
        "outcome misere h(7) + h(2)",
    ];
    let before: Vec<String> = queries.iter().map(|q| ok(&mut s, q)).collect();
    // d([n]) is a chain: its value alternates, 0 for even n (no search needed to know).
    assert_eq!(before[1], "grundy d([1500]) = 0");
    for big in [
        "grundy h(268435455)",
        "grundy d([100000])",
        "outcome misere h(100000) + h(3)",
    ] {
        let r = s.eval(big);
        assert!(
            r.error && r.text.contains("--max-positions"),
            "{big}: {}",
            r.text
        );
        // Everything answered before is answered again, the same.
        let after: Vec<String> = queries.iter().map(|q| ok(&mut s, q)).collect();
        assert_eq!(after, before, "after {big}");
    }
}

#[test]
fn tables_filled_by_earlier_statements_make_room() {
    // Each query fits the limit alone; together they do not. The second one
    // empties the tables and runs again instead of failing.
    let mut s = session(3_000);
    ok(&mut s, "game c(n: nat) { move n - 1 where n > 0 }");
    ok(&mut s, "game e(n: nat) { move n - 2 where n > 1 }");
    assert_eq!(ok(&mut s, "grundy c(2000)"), "grundy c(2000) = 0");
    assert_eq!(ok(&mut s, "grundy e(2000)"), "grundy e(2000) = 0");
    assert_eq!(ok(&mut s, "grundy c(2001)"), "grundy c(2001) = 1");
}

#[test]
fn a_failed_search_leaves_no_position_on_the_path() {
    // The search from e(10) enters e(10), e(9), …, e(4) and fails at e(3) (a
    // division by zero). Were any of them left marked as on the path, asking
    // again would report a cycle instead of the same error.
    let mut s = Session::default();
    ok(
        &mut s,
        "game e(n: nat) { move n - 1 where n > 0 and 10 / (n - 3) > -100 }",
    );
    for _ in 0..2 {
        let r = s.eval("grundy e(10)");
        assert!(r.error && r.text.contains("division by zero"), "{}", r.text);
    }
    // A chain of two moves: e(2) → e(1) → e(0), so e(2) is a P-position.
    assert_eq!(ok(&mut s, "grundy e(2)"), "grundy e(2) = 0");
}

/// The compiled outcome search lists a position's options as integers: a
/// position with billions of them is refused by the memory limit before the
/// list grows, also under an address-space cap, never an allocation failure.
#[test]
fn compiled_option_lists_ask_the_budget_first() {
    let fib =
        "game fib(n: nat, m: nat) { move (n - k, min(2 * k, n - k)) for k in 1..=min(m, n) }\n";
    let program = format!("{fib}outcome fib(10000000000, 9999999999)");
    assert_limit(&program, SMALL, "--max-memory");
    let (code, err) = run_capped(&program, 2_000_000);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("grundy::limit"), "{err}");
}

/// The genus of heaps from compiled rules counts the heaps against the
/// position limit before valuing any.
#[test]
fn heap_genera_count_their_heaps_first() {
    assert_limit(
        "game nim(n: nat) { move n - k for k in 1..=n }\ngenus nim(100000000000)",
        &[],
        "--max-positions",
    );
}

/// The short search tried before a misère quotient counts its positions
/// apart: under a small position limit, a sum that Kayles' proven quotient
/// answers is answered as without the limit (the search alone would need far
/// more positions than allowed), and the session goes on.
#[test]
fn the_short_search_before_a_quotient_does_not_spend_the_limit() {
    let program = "game k = octal \"0.77\"";
    let query = "outcome misere k(20000) + k(7)";
    let mut roomy = Session::new(Limits::default());
    ok(&mut roomy, program);
    let want = ok(&mut roomy, query);
    let mut s = session(100_000);
    ok(&mut s, program);
    assert_eq!(ok(&mut s, query), want);
    assert_eq!(ok(&mut s, "outcome misere k(9)"), "outcome misere k(9) = P");
}

/// A quotient stopped by a limit names the heap it was adding and suggests
/// the bound below it, which then answers under the same limit: the
/// construction goes heap by heap, so every smaller heap was added already.
/// (Officers, octal 0.6: its candidates grow to tens of thousands of elements
/// once its heaps pass the teens.)
#[test]
fn a_quotient_stopped_by_a_limit_names_the_heap_it_was_adding() {
    let flags = &["--max-memory", "200M"];
    let game = "game o = octal \"0.6\"";
    let (code, err) = run(&format!("{game}\nquotient o up to 40"), flags);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("grundy::limit"), "{err}");
    // The diagnostic as one line: miette wraps it and draws a margin.
    let flat = err
        .split_whitespace()
        .filter(|w| *w != "│" && *w != "·")
        .collect::<Vec<_>>()
        .join(" ");
    let after = flat
        .split("while adding heap ")
        .nth(1)
        .unwrap_or_else(|| panic!("no heap named:\n{err}"));
    let heap: usize = after
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap();
    assert!((2..=40).contains(&heap), "{err}");
    let suggestion = format!("quotient o up to {}", heap - 1);
    assert!(flat.contains(&format!("`{suggestion}`")), "{err}");
    assert!(flat.contains("--max-memory"), "{err}");
    let (code, err) = run(&format!("{game}\n{suggestion}"), flags);
    assert_eq!(code, Some(0), "the suggested bound answers:\n{err}");
}

/// A quotient up to a bound near 2^63 of a rule-defined heap game that is no
/// octal code ends at a limit like any other (issue 38, item 3: its table of
/// ranks was reserved for every heap up to the bound first, a capacity
/// overflow panic at 2^63 and an allocation abort at 10^9).
#[test]
fn a_quotient_up_to_a_huge_bound_ends_at_a_limit() {
    let game = "game w(n: nat) { move w(a) + w(n - 1 - a) for a in 0..=n-1 where a <= n - 1 - a and a * a != 9 }";
    for bound in ["9223372036854775807", "1000000000"] {
        let (code, err) = run(
            &format!("{game}\nquotient w up to {bound}"),
            &["--timeout", "1"],
        );
        assert_eq!(code, Some(2), "{bound}: {err}");
        // The limit may strike while the rules list a heap's options (then
        // the diagnostic points at the rule) or between heaps (then it names
        // the heap): either way a limit, never a panic or an abort.
        assert!(err.contains("grundy::limit"), "{bound}: {err}");
        assert!(!err.contains("panicked"), "{bound}: {err}");
    }
}

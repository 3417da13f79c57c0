//! Inputs shaped to hurt a parser or checker: long chains and deep nesting must
//! give their answer (these once took quadratic or exponential time).

use grundy::{Answer, Engine, Mode};

/// Runs `program` on a thread with a large stack (as the binary does).
fn printed(program: String) -> String {
    std::thread::Builder::new()
        .stack_size(256 * 1024 * 1024)
        .spawn(move || {
            let mut engine = Engine::default();
            let stmts = engine
                .load(&program, false)
                .unwrap_or_else(|p| panic!("{}", p[0].message));
            match engine.run(&stmts[0], Mode::Run).unwrap() {
                Some(Answer::Print { value, .. }) => engine.namer().value(&value),
                other => panic!("{other:?}"),
            }
        })
        .unwrap()
        .join()
        .unwrap()
}

#[test]
fn a_long_sum_is_checked_in_linear_time() {
    let program = format!("print {}", vec!["1"; 100_000].join(" + "));
    assert_eq!(printed(program), "100000");
}

#[test]
fn deeply_nested_lists_parse_once() {
    let program = format!("print len({}{})", "[".repeat(3000), "]".repeat(3000));
    assert_eq!(printed(program), "1");
}

#[test]
fn deeply_nested_calls_parse_once() {
    let program = format!("print {}0{}", "abs(".repeat(3000), ")".repeat(3000));
    assert_eq!(printed(program), "0");
}

#[test]
fn a_comprehension_inside_nested_brackets() {
    let program = format!(
        "print {}[x * x for x in 1..4]{}",
        "[".repeat(500),
        "]".repeat(500)
    );
    assert!(printed(program).contains("[1, 4, 9]"));
}

#[test]
fn nesting_deeper_than_the_stack_allows_is_a_diagnostic() {
    // 100,000 levels overflowed the 256 MiB stack before the layout pass counted them.
    let program = format!("print {}1{}", "(".repeat(100_000), ")".repeat(100_000));
    let errors = Engine::default().load(&program, false).unwrap_err();
    assert!(
        errors[0].message.contains("nested more than"),
        "{}",
        errors[0].message
    );
}

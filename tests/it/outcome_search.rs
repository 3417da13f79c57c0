//! The outcome-only search (`outcome`/`winning` of one position of a game with
//! two or more parameters) against theorems: Fibonacci Nim (Whinihan 1963) and
//! Wythoff's game (Wythoff 1907), and its hand-over to the loopy engine.

use grundy::{Answer, Engine, Outcome};

const FIB: &str =
    "game fib(n: nat, m: nat) { move (n - k, min(2 * k, n - k)) for k in 1..=min(m, n) }\n";
const WYT: &str = "game wyt(x: nat, y: nat) {
    move (x - k, y) for k in 1..=x
    move (x, y - k) for k in 1..=y
    move (x - k, y - k) for k in 1..=min(x, y)
}\n";

fn run(program: &str) -> (Engine, Vec<Answer>) {
    let mut engine = Engine::default();
    let answers = engine
        .run_program(program)
        .unwrap_or_else(|p| panic!("{}", p.message));
    (engine, answers)
}

fn outcomes(answers: &[Answer]) -> Vec<Outcome> {
    answers
        .iter()
        .map(|a| match a {
            Answer::Outcome { value, .. } => *value,
            other => panic!("{other:?}"),
        })
        .collect()
}

fn fibonacci_up_to(n: u64) -> Vec<u64> {
    let mut f = vec![1u64, 2];
    while f[f.len() - 1] + f[f.len() - 2] <= n {
        f.push(f[f.len() - 1] + f[f.len() - 2]);
    }
    f
}

/// The smallest term of n's Zeckendorf representation.
fn smallest_zeckendorf(mut n: u64) -> u64 {
    let fib = fibonacci_up_to(n);
    let mut last = n;
    for &f in fib.iter().rev() {
        if f <= n {
            n -= f;
            last = f;
        }
    }
    last
}

#[test]
fn fibonacci_nim_loses_exactly_from_fibonacci_heaps() {
    // Whinihan: the first player loses from a heap of n (first move at most
    // n − 1) exactly when n is a Fibonacci number.
    let queries: String = (2..=120)
        .map(|n| format!("outcome fib({n}, {})\n", n - 1))
        .collect();
    let (_, answers) = run(&format!("{FIB}{queries}"));
    let fib = fibonacci_up_to(200);
    for (n, o) in (2..=120u64).zip(outcomes(&answers)) {
        let want = if fib.contains(&n) {
            Outcome::P
        } else {
            Outcome::N
        };
        assert_eq!(o, want, "fib({n}, {})", n - 1);
    }
}

#[test]
fn fibonacci_nim_winning_moves_take_the_smallest_zeckendorf_term() {
    for n in [12u64, 20, 100, 300, 1000, 2000] {
        let (engine, answers) = run(&format!("{FIB}winning fib({n}, {})", n - 1));
        let Answer::Winning { moves, .. } = &answers[0] else {
            panic!("{:?}", answers[0]);
        };
        let shown: Vec<String> = moves.iter().map(|m| engine.namer().sum(m)).collect();
        let z = smallest_zeckendorf(n);
        let want = format!("fib({}, {})", n - z, (2 * z).min(n - z));
        assert!(shown.contains(&want), "n = {n}: {shown:?} lacks {want}");
    }
}

#[test]
fn wythoff_p_positions_are_the_beatty_pairs() {
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let mut p = std::collections::HashSet::new();
    for k in 0..40u64 {
        let a = (k as f64 * phi).floor() as u64;
        p.insert((a, a + k));
        p.insert((a + k, a));
    }
    let cells: Vec<(u64, u64)> = (0..25).flat_map(|x| (0..25).map(move |y| (x, y))).collect();
    let queries: String = cells
        .iter()
        .map(|(x, y)| format!("outcome wyt({x}, {y})\n"))
        .collect();
    let (_, answers) = run(&format!("{WYT}{queries}"));
    for (cell, o) in cells.iter().zip(outcomes(&answers)) {
        let want = if p.contains(cell) {
            Outcome::P
        } else {
            Outcome::N
        };
        assert_eq!(o, want, "wyt{cell:?}");
    }
}

#[test]
fn positions_that_repeat_go_to_the_loopy_engine() {
    // swap(1, 2) ↔ swap(2, 1) forever: neither player can force an end.
    let (_, answers) =
        run("game swap(a: nat, b: nat) { move (b, a) where a != b }\noutcome swap(1, 2)");
    assert_eq!(outcomes(&answers), vec![Outcome::D]);
}

/// The answers of `program` with compiled rules on or off (off, the search
/// lists every option through the general evaluator), or its problem.
fn answers_with(program: &str, kernels: bool) -> Result<Vec<Answer>, String> {
    let mut engine = Engine::with_limits(grundy::Limits {
        kernels,
        ..Default::default()
    });
    engine.run_program(program).map_err(|p| p.message)
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(40))]

    /// The search over compiled rules (options as integer pairs) gives the
    /// general search's outcomes and winning moves, and the same error where
    /// an option is not a valid position.
    #[test]
    fn compiled_search_matches_the_general_search(
        c in 0i64..3, d in 0i64..3, set in proptest::collection::btree_set(1i64..5, 1..3),
        x in 0i64..40, y in 0i64..40, invalid in proptest::prelude::any::<bool>(),
    ) {
        let set = set.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
        // With `invalid`, a move may leave y negative: an error either way.
        let bound = if invalid { "k <= y + 1" } else { "k <= y" };
        let program = format!(
            "game g(x: nat, y: nat) {{\n\
             move (x - k, min(y + {c}, x - k)) for k in 1..=min(x, y + {d})\n\
             move (x, y - k) for k in {{{set}}} where {bound}\n}}\n\
             outcome g({x}, {y})\nwinning g({x}, {y})\noutcome g({y}, {x})"
        );
        proptest::prop_assert_eq!(answers_with(&program, true), answers_with(&program, false), "{}", program);
    }
}

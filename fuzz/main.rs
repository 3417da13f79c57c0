//! A fuzzer on the stable toolchain: grammar-aware random programs (impartial,
//! partizan and loopy games, grid games with `regions` and declared
//! symmetries, misère quotients, every query word, game literals, numbers at
//! the 64-bit edges) and mutations of
//! `examples/*.game` (byte flips, token deletion and duplication,
//! line splicing), each run in-process under a small budget. Asserted of every
//! program: no panic, every problem has a span and a `help:` line, every
//! position an answer prints reads back as the same position, and every
//! canonical form reads back as the same form (once game literals exist).
//! Half the programs are read as REPL entries, where bare expressions are
//! shown with their values.
//! A watchdog thread ends the run with a failure when one program runs a minute
//! (past its 1.5 s timeout) or holds a gigabyte more than its budget allows:
//! a loop or an allocation the budget does not see.
//!
//! ```text
//! cargo run --release --example fuzz -- --seconds 60 --seed 1
//! cargo run --release --example fuzz -- --sample 10     # print programs, run none
//! ```
//! Exit status 0 when nothing failed; 1 with each failing program written to
//! `fuzz-failures/` (or `--out DIR`).
//!
//! A Cargo example, not a binary of the package, so that `cargo install`
//! installs grundy alone. `tests/it/fuzz.rs` runs it for ten seconds, in a
//! process of its own: it includes this file as a module and calls [`cli`].

use grundy::answer::{GameSum, Value};
use grundy::limits::allocated;
use grundy::{Answer, Engine, Limits, Mode, Problem};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A small xorshift generator: reproducible from a seed, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items.get(self.below(items.len())).copied().unwrap_or("")
    }
}

const INT_EXPRS: &[&str] = &[
    "n",
    "k",
    "a",
    "1",
    "2",
    "n / 2",
    "n - k",
    "k * 2",
    "n % 3",
    "min(n, k)",
    "-k",
    "n ^ k",
];
const CONDS: &[&str] = &[
    "k <= n",
    "a <= n - k - a",
    "n > 0",
    "k != 2",
    "n % 2 == 0",
    "k in {1, 3}",
    "true",
    "k * k < n",
];
const RANGES: &[&str] = &[
    "1..=n",
    "0..n",
    "{1, 2, 4}",
    "1..=min(3, n)",
    "0..=n-k",
    "[1, 2]",
];

/// Options of a partizan rule (`n` the heap, `k` bound by the rule's binder).
const PARTIZAN_OPTIONS: &[&str] = &["n - k", "n - 1", "n / 2", "n - k - 1", "*k", "*(n % 3)"];
/// Ranges for a partizan rule's `k` and then `a` (which may use `k`).
const PARTIZAN_RANGES: &[&str] = &["1..=n", "{1, 2}", "1..=min(3, n)", "[1, 2]", "{1, 2, 4}"];
/// Game literals (parse errors until the grammar has them; the fuzzer only asks
/// that those errors are well-formed).
const LITERALS: &[&str] = &[
    "{0 | *}",
    "{1 | -1}",
    "^",
    "v",
    "^*",
    "3/4",
    "-1/2",
    "{ | }",
    "{0 | }",
    "*",
    "*2",
    "2",
    "{0 | pass}",
    "{pass | *}",
    "{pass | pass}",
    "a{0 | {0 | a}}",
    "a{1 | {a | 0}}",
    "{pass | }",
];

/// Impartial games written by their options (`*{…}`).
const STAR_LITERALS: &[&str] = &[
    "*{}",
    "*{0}",
    "*{*2}",
    "*{*{*2}, 0}",
    "*{*2, *{0, *1}}",
    "*{*2 + *2, *3}",
    "*{0, 1}",
];

/// A random program: games (impartial, partizan or loopy), queries, asserts, prints.
fn generate(rng: &mut Rng) -> String {
    let program = match rng.below(5) {
        0 => generate_partizan(rng),
        1 => generate_loopy(rng),
        2 => generate_grid(rng),
        _ => generate_impartial(rng),
    };
    // Now and then a number goes to an edge of 64 bits.
    if rng.below(4) == 0 {
        to_the_edge(rng, &program)
    } else {
        program
    }
}

/// Numbers at the edges of the integers grundy computes with.
const EDGES: &[&str] = &[
    "0",
    "1",
    "-1",
    "2147483647",
    "2147483648",
    "4294967296",
    "9007199254740993",
    "4611686018427387904",
    "9223372036854775807",
    "-9223372036854775807",
    "9223372036854775808",
    "18446744073709551615",
    "99999999999999999999",
];

/// `text` with one of its numbers replaced by an edge of 64 bits.
fn to_the_edge(rng: &mut Rng, text: &str) -> String {
    let bytes = text.as_bytes();
    let starts: Vec<usize> = (0..bytes.len())
        .filter(|&i| {
            bytes.get(i).is_some_and(u8::is_ascii_digit)
                && (i == 0
                    || bytes
                        .get(i - 1)
                        .is_some_and(|b| !b.is_ascii_alphanumeric() && *b != b'_'))
        })
        .collect();
    let Some(&start) = starts.get(rng.below(starts.len())) else {
        return text.to_string();
    };
    let end = (start..bytes.len())
        .find(|&i| !bytes.get(i).is_some_and(u8::is_ascii_digit))
        .unwrap_or(bytes.len());
    let (head, tail) = (&text[..start], &text[end..]);
    format!("{head}{}{tail}", rng.pick(EDGES))
}

/// Grid games: a partizan game on a list of strings (dominoes, with
/// `regions` splitting the board and declared symmetries), an impartial
/// misère-quotient query on a heap game, boards of random sizes.
fn generate_grid(rng: &mut Rng) -> String {
    let mut out = String::new();
    out.push_str("let flip(b) = [b[len(b) - 1 - r] for r in 0..len(b)]\n");
    let split = rng.below(2) == 0;
    let wrap = |inner: &str| {
        if split {
            format!(
                "sum(d(g) for g in regions({inner}, \"{}\"{}))",
                ".",
                if inner.len() % 2 == 0 {
                    ", \"flips\""
                } else {
                    ""
                }
            )
        } else {
            format!("d({inner})")
        }
    };
    out.push_str("partizan game d(b: list) {\n");
    match rng.below(4) {
        0 => out.push_str("    symmetry -d(transpose(b))\n"),
        1 => out.push_str("    symmetry d(flip(b))\n"),
        2 => out.push_str("    symmetry d(b)\n"),
        _ => {}
    }
    out.push_str(&format!(
        "    left {} for r in 0..len(b) - 1, c in 0..len(b[r]) where b[r][c] == \".\" and b[r + 1][c] == \".\"\n",
        wrap("b with [r] = (b[r] with [c] = \"#\"), [r + 1] = (b[r + 1] with [c] = \"#\")")
    ));
    out.push_str(&format!(
        "    right {} for r in 0..len(b), c in 0..len(b[r]) - 1 where b[r][c] == \".\" and b[r][c + 1] == \".\"\n",
        wrap("b with [r] = (b[r] with [c] = \"#\", [c + 1] = \"#\")")
    ));
    out.push_str("}\n");
    for _ in 0..1 + rng.below(3) {
        let rows = rng.below(4);
        let cols = 1 + rng.below(4);
        let board: Vec<String> = (0..rows)
            .map(|_| {
                let row: String = (0..cols)
                    .map(|_| if rng.below(4) == 0 { '#' } else { '.' })
                    .collect();
                format!("\"{row}\"")
            })
            .collect();
        let board = format!("[{}]", board.join(", "));
        let line = match rng.below(7) {
            0 => format!("canonical d({board})"),
            1 => format!("outcome d({board})"),
            2 => format!("temperature d({board})"),
            3 => format!("thermograph d({board})"),
            4 => format!("print regions({board}, \".\")"),
            5 => format!("compare d({board}), d({board}) + {}", rng.pick(LITERALS)),
            _ => format!("grundy d({board})"),
        };
        out.push_str(&line);
        out.push('\n');
    }
    if rng.below(2) == 0 {
        let code = rng.pick(&["0.07", "0.77", "4.7", "0.137", "0.[3]", "0.6", "8"]);
        out.push_str(&format!("game h = octal \"{code}\"\n"));
        out.push_str(&format!("quotient h up to {}\n", rng.below(16)));
    }
    out
}

/// Partizan games (`left …` and `right …` rules, `;` or a line between them)
/// and the partizan queries: canonical, outcome, compare, temperature, mean,
/// the stops, thermograph; game literals among the options and subjects in
/// half the programs.
fn generate_partizan(rng: &mut Rng) -> String {
    let literals = rng.below(2) == 0;
    let mut out = String::new();
    let games = 1 + rng.below(3);
    for g in 0..games {
        out.push_str(&format!("partizan game p{g}(n: nat) {{\n"));
        for _ in 0..1 + rng.below(3) {
            let side = if rng.below(2) == 0 { "left" } else { "right" };
            let option = match rng.below(5) {
                0 => format!("p{}(n - k)", rng.below(games)),
                1 => format!("p{}(n / 2) + p{g}(n - k)", rng.below(games)),
                2 if literals => rng.pick(LITERALS).to_string(),
                _ => rng.pick(PARTIZAN_OPTIONS).to_string(),
            };
            let sep = if rng.below(2) == 0 { ";" } else { "\n" };
            // Mostly options that stay positions (k <= n), to reach the solver.
            let guard = if rng.below(5) == 0 { "" } else { "k <= n and " };
            out.push_str(&format!(
                "    {side} {option} for k in {}, a in {} where {guard}{}{sep}",
                rng.pick(PARTIZAN_RANGES),
                rng.pick(&["0..=n-k", "{0, 1}", "0..n"]),
                rng.pick(CONDS)
            ));
        }
        out.push_str("}\n");
    }
    let subject = |rng: &mut Rng| -> String {
        let g = rng.below(games);
        let n = rng.below(9);
        match rng.below(6) {
            0 => format!("p{g}({n}) + p{}({})", rng.below(games), rng.below(6)),
            1 if literals => format!("p{g}({n}) + {}", rng.pick(LITERALS)),
            2 if literals => rng.pick(LITERALS).to_string(),
            3 => format!("-p{g}({n})"),
            _ => format!("p{g}({n})"),
        }
    };
    for _ in 0..1 + rng.below(4) {
        let a = subject(rng);
        let line = match rng.below(11) {
            0 => format!("canonical {a}"),
            1 => format!("outcome {a}"),
            2 => format!("compare {a} {}", subject(rng)),
            3 => format!("compare {a}, {}", subject(rng)),
            4 => format!("temperature {a}"),
            5 => format!("mean {a}"),
            6 => format!("leftstop {a}"),
            7 => format!("rightstop {a}"),
            8 => format!("thermograph {a}"),
            9 => format!(
                "assert compare {a} {} == {}",
                subject(rng),
                rng.pick(&["<", ">", "=", "||"])
            ),
            _ if literals => format!("assert canonical {a} == {}", rng.pick(LITERALS)),
            _ => format!("assert outcome {a} == {}", rng.pick(&["L", "R", "N", "P"])),
        };
        out.push_str(&line);
        out.push('\n');
    }
    // Last (a program stops at its first problem): an impartial query of a
    // partizan game, which must be a diagnostic, not a panic.
    if rng.below(3) == 0 {
        let g = rng.below(games);
        let query = rng.pick(&[
            "grundy",
            "winning",
            "moves",
            "genus",
            "outcome misere",
            "explain",
        ]);
        out.push_str(&format!("{query} p{g}({})\n", rng.below(9)));
    }
    out
}

/// Loopy games: options that go back up (`(n + k) % m`, `n + 1`), so positions
/// repeat; their queries, then perhaps one that loopy games do not support.
fn generate_loopy(rng: &mut Rng) -> String {
    let mut out = String::new();
    let games = 1 + rng.below(2);
    for g in 0..games {
        let m = 2 + rng.below(8);
        out.push_str(&format!("game l{g}(n: nat) {{\n"));
        out.push_str(&format!(
            "    move (n + k) % {m} for k in 1..={}\n",
            1 + rng.below(3)
        ));
        match rng.below(6) {
            0 | 1 => out.push_str(&format!("    move n + 1 where n < {}\n", rng.below(9))),
            2 | 3 => out.push_str("    move n - 1 where n > 0\n"),
            4 => out.push_str(&format!(
                "    move l{}(n / 2) + l{g}(k) for k in 0..n where k < 3\n",
                rng.below(games)
            )),
            _ => {}
        }
        out.push_str("}\n");
    }
    for _ in 0..1 + rng.below(4) {
        let g = rng.below(games);
        let n = rng.below(10);
        let line = match rng.below(7) {
            0 => format!("grundy l{g}({n})"),
            1 => format!(
                "outcome l{g}({n}) + l{}({})",
                rng.below(games),
                rng.below(6)
            ),
            2 => format!("winning l{g}({n})"),
            3 => format!("moves l{g}({n})"),
            4 => format!("explain l{g}({n})"),
            5 => format!("grundy l{g}({n}) + *{}", rng.below(4)),
            _ => format!("assert outcome l{g}({n}) == {}", rng.pick(&["P", "N", "D"])),
        };
        out.push_str(&line);
        out.push('\n');
    }
    if rng.below(3) == 0 {
        let g = rng.below(games);
        let line = match rng.below(4) {
            0 => format!("outcome misere l{g}({})", rng.below(10)),
            1 => format!("genus l{g}({})", rng.below(10)),
            2 => format!("sequence l{g} 0..={}", rng.below(12)),
            _ => format!("canonical l{g}({})", rng.below(10)),
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Impartial games over a heap and their queries.
fn generate_impartial(rng: &mut Rng) -> String {
    let mut out = String::new();
    let games = 1 + rng.below(3);
    for g in 0..games {
        let rules = 1 + rng.below(3);
        out.push_str(&format!("game g{g}(n: nat) {{\n"));
        for _ in 0..rules {
            let option = match rng.below(5) {
                0 => format!("n - {}", rng.pick(&["k", "1", "2", "a"])),
                1 => format!("g{}({}) + g{g}(a)", rng.below(games), rng.pick(INT_EXPRS)),
                2 => format!("g{}(n - k)", rng.below(games)),
                3 => format!("*({})", rng.pick(INT_EXPRS)),
                _ => rng.pick(INT_EXPRS).to_string(),
            };
            out.push_str(&format!(
                "    move {option} for k in {}, a in {} where {}\n",
                rng.pick(RANGES),
                rng.pick(RANGES),
                rng.pick(CONDS)
            ));
        }
        out.push_str("}\n");
    }
    let queries = 1 + rng.below(4);
    for _ in 0..queries {
        let g = rng.below(games);
        let n = rng.below(12);
        let line = match rng.below(13) {
            12 if rng.below(2) == 0 => format!(
                "misere canonical g{g}({}) + {}",
                rng.below(8),
                rng.pick(STAR_LITERALS)
            ),
            12 => format!("quotient g{g} up to {n}"),
            9 => format!("genus g{g}({n})"),
            10 => format!("canonical g{g}({n}) + {}", rng.pick(LITERALS)),
            11 => format!("compare g{g}({n}) g{}({})", rng.below(games), rng.below(6)),
            0 => format!("grundy g{g}({n})"),
            1 => format!(
                "outcome g{g}({n}) + g{}({})",
                rng.below(games),
                rng.below(6)
            ),
            2 => format!("winning g{g}({n}) + *{}", rng.below(5)),
            3 => format!("moves g{g}({n})"),
            4 => format!("sequence g{g} 0..={}", rng.below(20)),
            5 => format!("outcome misere g{g}({})", rng.below(6)),
            6 => format!("explain g{g}({n})"),
            7 => format!("assert grundy g{g}({n}) == {}", rng.below(4)),
            _ => format!("print [x * x for x in 0..{n}]"),
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// A mutation of an example: flip a byte, delete or duplicate a token, splice lines.
fn mutate(rng: &mut Rng, text: &str, other: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(3) {
        match rng.below(4) {
            0 if !bytes.is_empty() => {
                let i = rng.below(bytes.len());
                let alphabet: &[u8] = b" (){}[],.=+-*/%<>!^@#\"\nx0129";
                let new = alphabet
                    .get(rng.below(alphabet.len()))
                    .copied()
                    .unwrap_or(b' ');
                if let Some(b) = bytes.get_mut(i) {
                    *b = new;
                }
            }
            1 | 2 => {
                let words: Vec<&str> = std::str::from_utf8(&bytes)
                    .unwrap_or("")
                    .split_inclusive(|c: char| c.is_whitespace() || "(){}[],".contains(c))
                    .collect();
                if words.is_empty() {
                    continue;
                }
                let i = rng.below(words.len());
                let mut out: Vec<&str> = words.clone();
                if rng.below(2) == 0 {
                    out.remove(i);
                } else if let Some(w) = words.get(i) {
                    out.insert(i, w);
                }
                bytes = out.concat().into_bytes();
            }
            _ => {
                let mine: Vec<&str> = std::str::from_utf8(&bytes).unwrap_or("").lines().collect();
                let theirs: Vec<&str> = other.lines().collect();
                let cut = rng.below(mine.len() + 1);
                let from = rng.below(theirs.len() + 1);
                let mut out: Vec<&str> = mine.iter().take(cut).copied().collect();
                out.extend(theirs.iter().skip(from).take(1 + rng.below(6)));
                out.extend(mine.iter().skip(cut));
                bytes = out.join("\n").into_bytes();
            }
        }
    }
    let text = String::from_utf8_lossy(&bytes).into_owned();
    if rng.below(5) == 0 {
        to_the_edge(rng, &text)
    } else {
        text
    }
}

/// What went wrong with one program, if anything.
fn check(source: &str) -> Option<String> {
    let limits = Limits {
        max_positions: 20_000,
        max_memory: allocated() + (512 << 20),
        timeout: Some(Duration::from_millis(1500)),
        ..Limits::default()
    };
    let mut engine = Engine::with_limits(limits);
    let well_formed = |p: &Problem| -> Option<String> {
        if p.labels.is_empty() {
            return Some(format!("a problem without a span: {}", p.message));
        }
        if p.help.trim().is_empty() {
            return Some(format!("a problem without help: {}", p.message));
        }
        None
    };
    // Half the programs are read as REPL entries, where a bare expression is
    // shown with its value (a mutation that drops a query word makes one).
    let loaded = if source.len() % 2 == 1 {
        engine.load_entry(source, false)
    } else {
        engine.load(source, false)
    };
    let stmts = match loaded {
        Ok(s) => s,
        Err(problems) => return problems.iter().find_map(well_formed),
    };
    for stmt in &stmts {
        match engine.run(stmt, Mode::Run) {
            Err(p) => return well_formed(&p),
            Ok(Some(answer)) => {
                if let Some(bad) = reads_back(&mut engine, &answer) {
                    return Some(bad);
                }
            }
            Ok(None) => {}
        }
    }
    None
}

/// Every position an answer prints evaluates back to the same position.
fn reads_back(engine: &mut Engine, answer: &Answer) -> Option<String> {
    let positions: Vec<GameSum> = match answer {
        Answer::Winning { moves, .. } => moves.clone(),
        Answer::Moves { moves, .. } => moves.iter().map(|(m, _)| m.clone()).collect(),
        Answer::Canonical { form, .. } => {
            return form_reads_back(engine, &engine.namer().form(*form))
        }
        Answer::LoopyCanonical { game, .. } => {
            let text = engine.namer().sum_in_game_context(game);
            return printed_reads_back(engine, "canonical", &text);
        }
        Answer::MisereCanonical { form, .. } => {
            let text = engine.namer().misere_form(*form);
            return printed_reads_back(engine, "misere canonical", &text);
        }
        Answer::Show {
            value: Value::Game(g),
            analysis,
            ..
        } => {
            if let Some(a) = analysis {
                if let Some(bad) = reads_back(engine, a) {
                    return Some(bad);
                }
            }
            vec![g.as_ref().clone()]
        }
        _ => return None,
    };
    for g in positions {
        let text = engine.namer().sum(&g);
        match engine.eval_expr(&text) {
            Ok(Value::Game(h)) if h.normalized() == g.normalized() => {}
            Ok(other) => return Some(format!("`{text}` reads back as {other:?}")),
            Err(p) => {
                let message = p.first().map(|p| p.message.clone()).unwrap_or_default();
                return Some(format!("`{text}` does not read back: {message}"));
            }
        }
    }
    None
}

/// True when the language has game literals (`{0 | *}`, `^`, `3/4` as games).
fn literals_supported() -> bool {
    static SUPPORTED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *SUPPORTED.get_or_init(|| {
        Engine::default()
            .run_program("canonical {0 | *} + ^ + 3/4 + 2")
            .is_ok()
    })
}

/// A printed canonical form, read back as a game literal, has that same
/// canonical form. Skipped while the language has no game literals, and when
/// reading it back runs out of budget.
fn form_reads_back(engine: &mut Engine, form: &str) -> Option<String> {
    if !literals_supported() {
        return None;
    }
    let query = format!("canonical {form}");
    let stmts = match engine.load(&query, true) {
        Ok(s) => s,
        Err(problems) => {
            let message = problems
                .first()
                .map(|p| p.message.clone())
                .unwrap_or_default();
            return Some(format!("`{form}` does not read back: {message}"));
        }
    };
    let stmt = stmts.first()?;
    match engine.run(stmt, Mode::Run) {
        Ok(Some(Answer::Canonical { form: again, .. })) => {
            let again = engine.namer().form(again);
            (again != form).then(|| format!("`{form}` reads back as `{again}`"))
        }
        Ok(other) => Some(format!("`{query}` answers {other:?}")),
        Err(p) if p.code == "grundy::limit" || p.code == "grundy::interrupted" => None,
        Err(p) => Some(format!("`{form}` does not read back: {}", p.message)),
    }
}

/// A printed simplest form (of a stopper, or misère), asked for again with
/// `query`, prints the same.
fn printed_reads_back(engine: &mut Engine, query: &str, text: &str) -> Option<String> {
    let stmts = match engine.load(&format!("{query} {text}"), true) {
        Ok(s) => s,
        Err(p) => {
            let message = p.first().map(|p| p.message.clone()).unwrap_or_default();
            return Some(format!("`{text}` does not read back: {message}"));
        }
    };
    let stmt = stmts.first()?;
    let again = match engine.run(stmt, Mode::Run) {
        Ok(Some(Answer::LoopyCanonical { game, .. })) => engine.namer().sum_in_game_context(&game),
        Ok(Some(Answer::MisereCanonical { form, .. })) => engine.namer().misere_form(form),
        Ok(Some(Answer::Canonical { form, .. })) => engine.namer().form(form),
        Ok(other) => return Some(format!("`{query} {text}` answers {other:?}")),
        Err(p) if p.code == "grundy::limit" || p.code == "grundy::interrupted" => return None,
        Err(p) => return Some(format!("`{text}` does not read back: {}", p.message)),
    };
    (again != text).then(|| format!("`{text}` reads back as `{again}`"))
}

/// What `--help` prints.
const USAGE: &str = "\
fuzz: random and mutated grundy programs, each run under a small budget;
fails on a panic, a diagnostic without a span or help, or an answer that
does not read back.

Usage: fuzz [--seconds N] [--seed N] [--out DIR] [--trace FILE] [--sample N]

  --seconds N    how long to run (default 60)
  --seed N       where the random programs start (default 1)
  --out DIR      where failing programs are written (default fuzz-failures)
  --trace FILE   write each program to FILE before running it
  --sample N     print N generated programs and run none
  --help         print this

Exit status: 0 when nothing failed, 1 when something did, 2 for bad arguments.";

fn main() {
    std::process::exit(cli(std::env::args().skip(1)));
}

/// The fuzzer run by its command line (`args`, without the program's name):
/// the exit status. The process must be the fuzzer's alone: the watchdog
/// counts the bytes of the whole process, and ends it on a failure.
pub fn cli(args: impl IntoIterator<Item = String>) -> i32 {
    let mut seconds = 60u64;
    let mut seed = 1u64;
    let mut out = PathBuf::from("fuzz-failures");
    let mut trace: Option<PathBuf> = None;
    let mut args = args.into_iter();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--seconds" => seconds = args.next().and_then(|s| s.parse().ok()).unwrap_or(seconds),
            "--seed" => seed = args.next().and_then(|s| s.parse().ok()).unwrap_or(seed),
            "--out" => out = args.next().map(PathBuf::from).unwrap_or(out),
            // Writes each program to FILE before running it, so a program that
            // takes the whole process down (the OS killing it) can be found.
            "--trace" => trace = args.next().map(PathBuf::from),
            "--sample" => {
                // Show what the generator writes, without running it.
                let count: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(5);
                let mut rng = Rng(seed.max(1));
                for _ in 0..count {
                    println!("{}", generate(&mut rng));
                }
                return 0;
            }
            "--help" | "-h" => {
                println!("{USAGE}");
                return 0;
            }
            other => {
                eprintln!("unknown argument `{other}`\n\n{USAGE}");
                return 2;
            }
        }
    }
    let examples: Vec<String> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/examples"))
        .map(|d| {
            let mut paths: Vec<PathBuf> = d.filter_map(Result::ok).map(|e| e.path()).collect();
            paths.sort();
            paths
                .into_iter()
                .filter(|p| p.extension().is_some_and(|x| x == "game"))
                .filter_map(|p| std::fs::read_to_string(p).ok())
                .collect()
        })
        .unwrap_or_default();
    // Deep but finite recursion needs the room the CLI gives it.
    let worker = std::thread::Builder::new()
        .stack_size(256 * 1024 * 1024)
        .spawn(move || run(seconds, seed.max(1), &examples, &out, trace.as_deref()));
    let failures = worker
        .ok()
        .and_then(|h| h.join().ok())
        .unwrap_or(usize::MAX);
    if failures == 0 {
        0
    } else {
        1
    }
}

/// Longest one program may run: its statements have a 1.5 s timeout each, so
/// a program still running after this is a loop that does not check the budget.
const HANG: Duration = Duration::from_secs(60);

/// Most bytes above its 512 MiB budget a program may hold: past this, some
/// allocation is not counted by the budget.
const OVERSHOOT: usize = 1 << 30;

/// The program being checked, watched by a thread that records it as a
/// failure and ends the run when it hangs or holds memory past its budget
/// (neither can be caught from inside the program's own thread).
struct Watchdog {
    state: Arc<Mutex<Option<Watched>>>,
}

/// The program being run: when it started, its number, the bytes allocated
/// before it, and its text.
type Watched = (Instant, usize, usize, String);

impl Watchdog {
    fn start(out: PathBuf, seed: u64) -> Watchdog {
        let state: Arc<Mutex<Option<Watched>>> = Arc::default();
        let watched = state.clone();
        std::thread::spawn(move || loop {
            std::thread::sleep(Duration::from_millis(500));
            let guard = watched
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let Some((started, tried, before, program)) = guard.as_ref() else {
                continue;
            };
            let held = allocated().saturating_sub(*before);
            let why = if started.elapsed() > HANG {
                format!("still running after {} s", HANG.as_secs())
            } else if held > (512 << 20) + OVERSHOOT {
                format!("holds {} MiB, past its 512 MiB budget", held >> 20)
            } else {
                continue;
            };
            let _ = std::fs::create_dir_all(&out);
            let file = out.join(format!("failure-{seed}-{tried}.game"));
            let _ = std::fs::write(&file, format!("# {why}\n{program}"));
            eprintln!("failure: {why} ({}); the run stops here", file.display());
            println!("{tried} programs tried, 1 failure (seed {seed}): {why}");
            std::process::exit(1);
        });
        Watchdog { state }
    }

    fn begin(&self, tried: usize, program: &str) {
        let mut guard = self
            .state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *guard = Some((Instant::now(), tried, allocated(), program.to_string()));
    }

    fn end(&self) {
        let mut guard = self
            .state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *guard = None;
    }
}

fn run(
    seconds: u64,
    seed: u64,
    examples: &[String],
    out: &std::path::Path,
    trace: Option<&std::path::Path>,
) -> usize {
    let mut rng = Rng(seed);
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let (mut tried, mut failures) = (0usize, 0usize);
    let current = Watchdog::start(out.to_path_buf(), seed);
    while Instant::now() < deadline {
        let program = if examples.is_empty() || rng.below(2) == 0 {
            generate(&mut rng)
        } else {
            let a = examples
                .get(rng.below(examples.len()))
                .map_or("", String::as_str);
            let b = examples
                .get(rng.below(examples.len()))
                .map_or("", String::as_str);
            mutate(&mut rng, a, b)
        };
        tried += 1;
        if let Some(path) = trace {
            let _ = std::fs::write(path, format!("# program {tried}, seed {seed}\n{program}"));
        }
        current.begin(tried, &program);
        let verdict = catch_unwind(AssertUnwindSafe(|| check(&program)))
            .unwrap_or_else(|_| Some("panicked".to_string()));
        current.end();
        if let Some(why) = verdict {
            failures += 1;
            let _ = std::fs::create_dir_all(out);
            let file = out.join(format!("failure-{seed}-{tried}.game"));
            let _ = std::fs::write(&file, format!("# {why}\n{program}"));
            eprintln!("failure {failures}: {why} ({})", file.display());
        }
    }
    println!("{tried} programs tried, {failures} failures (seed {seed}, {seconds} s)");
    failures
}

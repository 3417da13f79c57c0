//! Rules are first-class: a game written as rules with the shape of a
//! constructed game answers exactly as the constructor (values, regularity,
//! `proven`, huge heaps, misère), checked against the facts of the games
//! catalogue (GAMES.md), published periods (CGSuite's tests, tczajka's
//! octal-games tables) and theorems; and no recognition ever changes an
//! answer (property tests against the general evaluator).

use crate::common;

use grundy::Engine;
use grundy::Limits;
use proptest::prelude::*;
use serde_json::Value as Json;

/// The JSON answers of `program`, run by `e`.
fn json_with(mut e: Engine, program: &str) -> Vec<Json> {
    let answers = e
        .run_program(program)
        .unwrap_or_else(|p| panic!("{program}\n{}\n{}", p.message, p.help));
    let namer = e.namer();
    answers
        .iter()
        .map(|a| grundy::report::json(a, &namer))
        .collect()
}

fn json(program: &str) -> Vec<Json> {
    json_with(Engine::default(), program)
}

/// A sequence answer without what names its game.
fn unnamed(mut j: Json) -> Json {
    if let Some(o) = j.as_object_mut() {
        o.remove("game");
        o.remove("expr");
    }
    j
}

/// `(preperiod, period, saltus, proven)` of a sequence answer.
fn regularity(j: &Json) -> (u64, u64, i64, bool) {
    let r = &j["regularity"];
    (
        r["preperiod"].as_u64().unwrap_or(u64::MAX),
        r["period"].as_u64().unwrap_or(u64::MAX),
        r["saltus"].as_i64().unwrap_or(i64::MAX),
        r["proven"].as_bool().unwrap(),
    )
}

/// GAMES.md §2 (S 001 tablica 3, Korolar 3.30): subtraction games written as
/// rules are proven periodic with the published preperiod and period, and
/// answer exactly as `subtraction {…}`.
#[test]
fn subtraction_rules_are_proven_as_the_constructor() {
    for (set, l, p) in [
        ("1, 2, 4", 0, 3),
        ("1, 3", 0, 2),
        ("1, 2, 3", 0, 4),
        ("2, 3, 4", 0, 6),
        ("3, 4, 5", 0, 8),
        ("3, 4, 6, 10", 14, 7),
    ] {
        let program = format!(
            "game sub[S](n: nat) {{ move n - k for k in S where k <= n }}\n\
             game s = subtraction {{{set}}}\n\
             sequence sub[{{{set}}}] 0..=40\nsequence s 0..=40\n\
             grundy sub[{{{set}}}](1000000000000)\ngrundy s(1000000000000)"
        );
        let a = json(&program);
        assert_eq!(regularity(&a[0]), (l, p, 0, true), "{set}");
        assert_eq!(unnamed(a[0].clone()), unnamed(a[1].clone()), "{set}");
        assert_eq!(a[2]["value"], a[3]["value"], "{set}");
    }
}

/// GAMES.md §2 (S 001 §3.7.4, Primjer 3.37): all-but games as rules are
/// proven arithmetic-periodic with the published (l, p, saltus).
#[test]
fn all_but_rules_are_proven_arithmetic_periodic() {
    for (set, l, p, s) in [
        ("1, 2, 3", 0, 4, 1),
        ("2, 3, 4", 0, 6, 2),
        ("3, 4, 5", 0, 6, 3),
        ("3, 4, 6, 10", 0, 9, 3),
    ] {
        let program = format!(
            "game sveosim[E](n: nat) {{ move n - k for k in 1..=n where k not in E }}\n\
             game a = allbut {{{set}}}\n\
             sequence sveosim[{{{set}}}] 0..=30\nsequence a 0..=30\n\
             grundy sveosim[{{{set}}}](1000000000000)\ngrundy a(1000000000000)"
        );
        let a = json(&program);
        assert_eq!(regularity(&a[0]), (l, p, s, true), "{set}");
        assert_eq!(unnamed(a[0].clone()), unnamed(a[1].clone()), "{set}");
        assert_eq!(a[2]["value"], a[3]["value"], "{set}");
    }
    // Nim written as rules: a heap of n is *n (GAMES.md §1), at any size.
    let a = json("game nim(n: nat) { move n - k for k in 1..=n }\ngrundy nim(1000000000000)\nsequence nim 0..=9");
    assert_eq!(a[0]["value"], 1_000_000_000_000u64);
    assert_eq!(regularity(&a[1]), (0, 1, 1, true));
}

/// Kayles and Dawson's Kayles as rules (GAMES.md §6): the periods CGSuite's
/// tests give (0.77: preperiod 71, period 12; 0.07: 53, 34), proven, with the
/// last exception g(70) = 6 and heaps of 10^12 read off the period; Dawson's
/// chess (0.137) is Dawson's Kayles shifted by one (GAMES.md: g₀.₀₇(n + 1) =
/// g₀.₁₃₇(n)), hence preperiod 52, period 34.
#[test]
fn octal_rules_are_proven_with_the_published_periods() {
    let program = "\
game kayles(n: nat) { move kayles(a) + kayles(n - k - a) for k in 1..=2, a in 0..=n-k where a <= n - k - a }
game dawson(n: nat) { move dawson(a) + dawson(n - 2 - a) for a in 0..=n - 2 where a <= n - 2 - a }
game dchess(n: nat) {
    move *0 where n == 1
    move n - 2 where n >= 2
    move dchess(a) + dchess(n - 3 - a) for a in 0..=n - 3 where a <= n - 3 - a
}
game k = octal \"0.77\"
sequence kayles 0..=80
sequence k 0..=80
sequence dawson 0..=80
sequence dchess 0..=80
grundy kayles(1000000000000)
grundy k(1000000000000)
grundy kayles(70)
";
    let a = json(program);
    assert_eq!(regularity(&a[0]), (71, 12, 0, true));
    assert_eq!(unnamed(a[0].clone()), unnamed(a[1].clone()));
    assert_eq!(regularity(&a[2]), (53, 34, 0, true));
    assert_eq!(regularity(&a[3]), (52, 34, 0, true));
    let (d, c) = (
        a[2]["values"].as_array().unwrap(),
        a[3]["values"].as_array().unwrap(),
    );
    for n in 0..80 {
        assert_eq!(d[n + 1], c[n], "heap {n}");
    }
    // 10^12 ≡ 4 (mod 12) and g(76) = 1 (GAMES.md's table, row 6).
    assert_eq!(a[4]["value"], 1);
    assert_eq!(a[5]["value"], 1);
    assert_eq!(a[6]["value"], 6);
}

/// Lasker's Nim as rules is the code 4.[3], proven by its closed form
/// (GAMES.md §6, from source 003; Winning Ways ch. 4): g(4j + 1) = 4j + 1,
/// g(4j + 2) = 4j + 2, g(4j + 3) = 4j + 4, g(4j + 4) = 4j + 3. The values
/// grundy computes agree with a brute force written here, and heaps near
/// 10^12 are read off the closed form.
#[test]
fn lasker_nim_is_proven_by_its_closed_form() {
    let closed = |n: u64| match n % 4 {
        0 if n > 0 => n - 1,
        3 => n + 1,
        _ => n,
    };
    // Brute force: remove any k ≥ 1, or split into a + (n − a).
    let len = 300;
    let mut brute = vec![0u64; len];
    for n in 1..len {
        let mut seen: Vec<u64> = (0..n).map(|m| brute[m]).collect();
        seen.extend((1..n).map(|a| brute[a] ^ brute[n - a]));
        brute[n] = (0..).find(|v| !seen.contains(v)).unwrap();
    }
    assert!((0..len).all(|n| brute[n] == closed(n as u64)));
    let a = json(&format!(
        "game lasker(n: nat) {{\n move lasker(n - k) for k in 1..=n\n move lasker(a) + lasker(n - a) for a in 1..n where a <= n - a\n}}\n\
         sequence lasker 0..{len}\ngrundy lasker(1000000000003)\ngrundy lasker(1000000000000)\ngrundy lasker(3) + lasker(1000000000000)"
    ));
    assert_eq!(regularity(&a[0]), (1, 4, 4, true));
    let values: Vec<u64> = a[0]["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(values, brute);
    assert_eq!(a[1]["value"], closed(1_000_000_000_003));
    assert_eq!(a[2]["value"], closed(1_000_000_000_000));
    assert_eq!(a[3]["value"], closed(3) ^ closed(1_000_000_000_000));
}

/// Rules that only look regular stay observed: Lasker's Nim with splits into
/// unequal parts only (4!.[3], a near miss of the closed form's game) and
/// Grundy's game (no periodicity theorem).
#[test]
fn shapes_without_a_theorem_stay_observed() {
    let a = json(
        "game lasker(n: nat) {\n move lasker(n - k) for k in 1..=n\n move lasker(a) + lasker(n - a) for a in 1..n where a < n - a\n}\n\
         game gg(n: nat) { move gg(a) + gg(n - a) for a in 1..n where a < n - a }\n\
         sequence lasker 0..=40\nsequence gg 0..=40\ngrundy gg(7) + gg(8)\ngrundy gg(10) + gg(12) + gg(20)",
    );
    assert_eq!(a[0]["regularity"]["proven"], false);
    assert_eq!(a[1]["regularity"]["proven"], false);
    assert_eq!(a[2]["value"], 2);
    assert_eq!(a[3]["value"], 1);
}

/// Card splitting (GAMES.md §6: g(n) = (n − 1) mod 2 for n ≥ 1) written as
/// rules is the code 4.0, proven periodic by Guy–Smith like `octal "4.0"`.
#[test]
fn card_splitting_rules_are_proven() {
    let a = json(
        "game split(n: nat) { move split(a) + split(n - a) for a in 1..n where a <= n - a }\n\
         game cards = octal \"4.0\"\nsequence split 0..=30\nsequence cards 0..=30\ngrundy split(27)",
    );
    assert_eq!(regularity(&a[0]), (1, 2, 0, true));
    assert_eq!(unnamed(a[0].clone()), unnamed(a[1].clone()));
    assert_eq!(a[2]["value"], 0);
}

/// Halving and proportional Nim (GAMES.md §5: P iff n = 2^j − 1, resp.
/// n = 2^j − 2) by the window mex, far past what a quadratic loop reaches.
#[test]
fn halving_and_proportional_nim_by_the_window() {
    let mut program = String::from(
        "game halving(n: nat) { move n - k for k in 1..=n / 2 }\n\
         game prop(n: nat) { move n - k for k in 1..=(n + 1) / 2 }\n",
    );
    for j in [18u32, 19, 20] {
        let n = (1u64 << j) - 1;
        program += &format!(
            "outcome halving({n})\noutcome halving({})\noutcome prop({})\noutcome prop({})\n",
            n + 1,
            n - 1,
            n
        );
    }
    program += "grundy halving(2000000)\n";
    let a = json_with(common::timed_engine(60), &program);
    for j in 0..3 {
        assert_eq!(a[4 * j]["value"], "P");
        assert_eq!(a[4 * j + 1]["value"], "N");
        assert_eq!(a[4 * j + 2]["value"], "P");
        assert_eq!(a[4 * j + 3]["value"], "N");
    }
    // g(2j) = j (THEORY.md §5.4, by induction).
    assert_eq!(a[12]["value"], 1_000_000);
}

/// Misère Nim by Bouton's rule (GAMES.md §9), heaps written as rules and as
/// large as 10^12: P iff the nim-sum is 0, unless every heap is 0 or 1, when
/// P iff the number of 1s is odd.
#[test]
fn misere_nim_heaps_of_rules_at_any_size() {
    let heaps = [1_000_000_000_000u64, 2_000_000_000_000, 3_000_000_000_000];
    let mut program = String::from("game nim(n: nat) { move n - k for k in 1..=n }\n");
    let sum = |hs: &[u64]| {
        hs.iter()
            .map(|h| format!("nim({h})"))
            .collect::<Vec<_>>()
            .join(" + ")
    };
    let cases: Vec<Vec<u64>> = vec![
        heaps.to_vec(),
        vec![heaps[0], heaps[1], heaps[0] ^ heaps[1]],
        vec![1, 1, 1],
        vec![1, 1],
    ];
    for hs in &cases {
        program += &format!("outcome misere {}\n", sum(hs));
    }
    let a = json_with(common::timed_engine(30), &program);
    for (hs, got) in cases.iter().zip(&a) {
        let x = hs.iter().fold(0, |x, h| x ^ h);
        let p = if hs.iter().all(|&h| h <= 1) {
            hs.iter().filter(|&&h| h == 1).count() % 2 == 1
        } else {
            x == 0
        };
        assert_eq!(got["value"], if p { "P" } else { "N" }, "{hs:?}");
    }
}

/// A subtraction game written as rules gets its misère quotient proven, like
/// the constructor, and answers misère sums with heaps near 10^12 by it.
#[test]
fn misere_quotients_of_rules_as_of_the_constructor() {
    let a = json(
        "game s(n: nat) { move n - k for k in {1, 2, 3} where k <= n }\n\
         game c = subtraction {1, 2, 3}\n\
         quotient s up to 30\nquotient c up to 30\n\
         outcome misere s(1000000000000) + s(7)\noutcome misere c(1000000000000) + c(7)",
    );
    assert_eq!(a[0]["period"]["proven"], true);
    assert_eq!(unnamed(a[0].clone()), unnamed(a[1].clone()));
    assert_eq!(a[2]["value"], a[3]["value"]);
}

/// `octal "0.156"`: period 349 from heap 3479 (Kenyon 1967; tczajka's
/// SolvedGames table), whose Guy–Smith window needs about 7,700 heaps —
/// proven within the default share of time, and a heap of 10^9 read off it.
#[test]
fn a_long_preperiod_is_proven() {
    let a = json_with(
        common::timed_engine(60),
        "game o = octal \"0.156\"\nsequence o 0..=10\ngrundy o(1000000000)",
    );
    assert_eq!(regularity(&a[0]), (3479, 349, 0, true));
    assert!(a[1]["value"].is_u64());
}

/// Kinds of rules, written at random, their constructors, and a large heap
/// to ask for: 100000 where a theorem always proves the period (subtraction,
/// all-but); 2000 for octal codes, many of which (0.04, 0.37, 4.44, …) have
/// no period known, so a large heap is a quadratic search.
fn family() -> impl Strategy<Value = (String, String, u32)> {
    let sub = proptest::collection::btree_set(1i64..7, 1..4).prop_map(|s| {
        let list = s
            .iter()
            .map(|k| k.to_string())
            .collect::<Vec<_>>()
            .join(", ");
        (
            format!("move n - k for k in {{{list}}} where k <= n"),
            format!("subtraction {{{list}}}"),
            100_000,
        )
    });
    let allbut = proptest::collection::btree_set(1i64..6, 0..3).prop_map(|s| {
        let list = s
            .iter()
            .map(|k| k.to_string())
            .collect::<Vec<_>>()
            .join(", ");
        (
            format!("move n - k for k in 1..=n where k not in {{{list}}}"),
            format!("allbut {{{list}}}"),
            100_000,
        )
    });
    let octal = (prop_oneof![Just(0u8), Just(4u8)], 0u8..8, 0u8..8).prop_map(|(d0, d1, d2)| {
        // Some move, at least.
        let d1 = if d0 == 0 && d1 == 0 && d2 == 0 { 1 } else { d1 };
        let mut rules = Vec::new();
        if d0 == 4 {
            rules.push("move g(a) + g(n - a) for a in 1..n where a <= n - a".to_string());
        }
        for (k, d) in [(1, d1), (2, d2)] {
            match d & 3 {
                1 => rules.push(format!("move *0 where n == {k}")),
                2 => rules.push(format!("move n - {k} where n > {k}")),
                3 => rules.push(format!("move n - {k} where n >= {k}")),
                _ => {}
            }
            if d & 4 != 0 {
                rules.push(format!(
                    "move g(a) + g(n - {k} - a) for a in 1..n - {k} where a <= n - {k} - a"
                ));
            }
        }
        let code = format!("{d0}.{d1}{d2}");
        (rules.join("\n "), format!("octal \"{code}\""), 2_000)
    });
    prop_oneof![sub, allbut, octal]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// A rule of a family answers as its constructor and as the general
    /// evaluator: values, regularity and `proven`, small and huge heaps, and
    /// misère outcomes of small sums.
    #[test]
    fn rules_answer_as_their_constructor((rules, ctor, huge) in family(), a in 0u32..12, b in 0u32..12) {
        let program = format!(
            "game g(n: nat) {{\n {rules}\n}}\ngame c = {ctor}\n\
             sequence g 0..=60\nsequence c 0..=60\n\
             grundy g({huge}) + g({a})\ngrundy c({huge}) + c({a})\n\
             outcome misere g({a}) + g({b})\noutcome misere c({a}) + c({b})"
        );
        // A bound on heaps rather than on time: the same search each run.
        let limits = |kernels| Engine::with_limits(Limits {
            kernels,
            sequence_search: 1024,
            ..Limits::default()
        });
        let with = json_with(limits(true), &program);
        let without = json_with(limits(false), &program);
        prop_assert_eq!(unnamed(with[0].clone()), unnamed(with[1].clone()), "{}", program);
        prop_assert_eq!(&with[0]["values"], &without[0]["values"], "{}", program);
        prop_assert_eq!(&with[0]["regularity"], &without[0]["regularity"], "{}", program);
        for i in [2, 4] {
            prop_assert_eq!(&with[i]["value"], &with[i + 1]["value"], "{}", program);
            prop_assert_eq!(&with[i]["value"], &without[i]["value"], "{}", program);
        }
    }
}

/// Values of an octal or hexadecimal code by the textbook loop (digit bits:
/// 1 take all, 2 leave one heap, 4 leave two, 8 leave three), written here
/// independently of grundy.
fn brute_octal(digits: &[u8], len: usize) -> Vec<u32> {
    let mut g = vec![0u32; len];
    for n in 0..len {
        let mut seen = std::collections::HashSet::new();
        for (k, &d) in digits.iter().enumerate().skip(1) {
            if k > n {
                break;
            }
            let m = n - k;
            if d & 1 != 0 && m == 0 {
                seen.insert(0);
            }
            if d & 2 != 0 && m > 0 {
                seen.insert(g[m]);
            }
            if d & 4 != 0 {
                for a in 1..=m / 2 {
                    seen.insert(g[a] ^ g[m - a]);
                }
            }
            if d & 8 != 0 {
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        seen.insert(g[a] ^ g[b] ^ g[m - a - b]);
                    }
                }
            }
        }
        if digits[0] & 4 != 0 {
            for a in 1..=n / 2 {
                seen.insert(g[a] ^ g[n - a]);
            }
        }
        g[n] = (0..).find(|v| !seen.contains(v)).unwrap();
    }
    g
}

/// The rules of a take-and-break code, one per bit of each digit (`d0` may
/// only split: 4 in two heaps, 8 in three).
fn code_rules(digits: &[u8]) -> Vec<String> {
    let mut rules = Vec::new();
    for (k, &d) in digits.iter().enumerate() {
        let m = format!("n - {k}");
        match (k, d & 3) {
            (0, _) => {}
            (_, 1) => rules.push(format!("move *0 where n == {k}")),
            (_, 2) => rules.push(format!("move n - {k} where n > {k}")),
            (_, 3) => rules.push(format!("move g(n - {k}) where n >= {k}")),
            _ => {}
        }
        if d & 4 != 0 {
            rules.push(format!(
                "move g(a) + g({m} - a) for a in 0..n where a <= {m} - a and a >= 1"
            ));
        }
        if d & 8 != 0 {
            rules.push(format!(
                "move g(a) + g(b) + g({m} - a - b) for a in 1..n, b in a..n where b <= {m} - a - b"
            ));
        }
    }
    rules
}

/// Values of finite-memory rules `move n - k where n % q == r_k and n >= k`.
fn brute_memory(moves: &[(usize, usize, usize)], len: usize) -> Vec<u32> {
    let mut g = vec![0u32; len];
    for n in 0..len {
        let seen: Vec<u32> = moves
            .iter()
            .filter(|&&(k, q, r)| n >= k && n % q == r)
            .map(|&(k, _, _)| g[n - k])
            .collect();
        g[n] = (0..).find(|v| !seen.contains(v)).unwrap();
    }
    g
}

/// A proven regularity holds on every value of the brute force.
fn holds_on(values: &[u32], j: &Json) -> bool {
    let (l, p, s, _) = regularity(j);
    let (l, p) = (l as usize, p as usize);
    (l..values.len() - p).all(|n| i64::from(values[n + p]) - i64::from(values[n]) == s)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// Every period grundy proves for rules of an octal shape holds on the
    /// brute-force values far past the proof's window (THEORY.md §5.3 B,
    /// with its pitfall: `0.4` must not be proven from heap 0).
    #[test]
    fn proven_octal_periods_hold((d0, d1, d2, d3) in (prop_oneof![Just(0u8), Just(4u8)], 0u8..8, 0u8..8, 0u8..8)) {
        let digits = [d0, d1, d2, d3];
        prop_assume!(digits.iter().skip(1).any(|&d| d != 0));
        let rules = code_rules(&digits);
        let program = format!("game g(n: nat) {{\n {}\n}}\nsequence g 0..=10", rules.join("\n "));
        let e = Engine::with_limits(Limits { sequence_search: 3000, ..Limits::default() });
        let a = json_with(e, &program);
        if a[0]["regularity"]["proven"] == true {
            let truth = brute_octal(&digits, 1500);
            prop_assert!(holds_on(&truth, &a[0]), "{} {}", program, a[0]["regularity"]);
        }
    }

    /// Hexadecimal codes whose digits leave three heaps, written with two
    /// split binders: the values are the brute force's, and a proven period
    /// (Guy–Smith with k = 3, THEORY.md §5.3 B) holds far past its window.
    #[test]
    fn proven_hexadecimal_periods_hold(d1 in 0u8..16, d2 in 0u8..16) {
        let digits = [0, d1, d2];
        prop_assume!(d1 & 8 != 0 || d2 & 8 != 0);
        let rules = code_rules(&digits);
        let program = format!("game g(n: nat) {{\n {}\n}}\nsequence g 0..=60", rules.join("\n "));
        let e = Engine::with_limits(Limits { sequence_search: 400, ..Limits::default() });
        let a = json_with(e, &program);
        let truth = brute_octal(&digits, 500);
        let values: Vec<u32> = a[0]["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap() as u32).collect();
        prop_assert_eq!(&values[..], &truth[..=60], "{}", program);
        if a[0]["regularity"]["proven"] == true {
            prop_assert!(holds_on(&truth, &a[0]), "{} {}", program, a[0]["regularity"]);
        }
    }

    /// Finite-memory rules: a proven period holds on the brute force.
    #[test]
    fn proven_memory_periods_hold(moves in proptest::collection::vec((1usize..5, 1usize..4, 0usize..4), 1..4)) {
        let moves: Vec<(usize, usize, usize)> = moves.into_iter().map(|(k, q, r)| (k, q, r % q)).collect();
        let rules: Vec<String> = moves
            .iter()
            .map(|(k, q, r)| format!("move n - {k} where n % {q} == {r} and n >= {k}"))
            .collect();
        let program = format!("game g(n: nat) {{\n {}\n}}\nsequence g 0..=30", rules.join("\n "));
        let a = json(&program);
        prop_assert_eq!(a[0]["regularity"]["proven"].as_bool(), Some(true), "{}", program);
        let truth = brute_memory(&moves, 1000);
        prop_assert!(holds_on(&truth, &a[0]), "{} {}", program, a[0]["regularity"]);
        let values: Vec<u64> = a[0]["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
        let want: Vec<u64> = truth[..=30].iter().map(|&v| u64::from(v)).collect();
        prop_assert_eq!(values, want, "{}", program);
    }

    /// All-but sets: the arithmetic period proven by the repeated state holds
    /// on the brute force (every removal k ≥ 1 not in E).
    #[test]
    fn proven_all_but_periods_hold(set in proptest::collection::btree_set(1usize..10, 0..5)) {
        let e: Vec<usize> = set.into_iter().collect();
        let list = e.iter().map(|k| k.to_string()).collect::<Vec<_>>().join(", ");
        let program = format!("game g(n: nat) {{ move n - k for k in 1..=n where k not in {{{list}}} }}\nsequence g 0..=10");
        let a = json(&program);
        prop_assert_eq!(a[0]["regularity"]["proven"].as_bool(), Some(true), "{}", program);
        let len = 1500;
        let mut truth = vec![0u32; len];
        for n in 0..len {
            let seen: std::collections::HashSet<u32> = (1..=n).filter(|k| !e.contains(k)).map(|k| truth[n - k]).collect();
            truth[n] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
        prop_assert!(holds_on(&truth, &a[0]), "{} {}", program, a[0]["regularity"]);
    }
}

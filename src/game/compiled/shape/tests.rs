//! Recognition on the rules as users write them: each family of the rules
//! issue maps to the code CGSuite names it by (TBCodeTest.scala,
//! TakeAndBreak.cgs; WW ch. 4), and near misses map to nothing or to the
//! code of what they really do.

use crate::Engine;

/// The shape of game `name` (no family) after `program`.
fn shape_of(program: &str, name: &str) -> super::Shape {
    let mut engine = Engine::default();
    engine.run_program(program).unwrap();
    let game = engine
        .globals
        .games
        .iter()
        .position(|g| g.name == name)
        .unwrap();
    let inst = engine.rt.instance(game, std::rc::Rc::from(vec![]));
    let games_compiled = &mut engine.compiled;
    let c = games_compiled.get(&engine.globals, &mut engine.rt, &engine.budget, inst);
    c.shape.clone()
}

fn code(program: &str) -> Option<String> {
    shape_of(program, "g").code.map(|c| c.to_string())
}

#[test]
fn subtraction_sets_written_any_way() {
    for rules in [
        "move n - k for k in {1, 2, 3} where k <= n",
        "move g(n - k) for k in {1, 2, 3} where k <= n",
        "move n - k for k in 1..=3 where k <= n",
        "move n - k for k in 1..=min(3, n)",
        "move n - k for k in 1..=n where k <= 3",
        "move n - k for k in 1..4 where n - k >= 0",
        "move n - 1 where n >= 1\n move n - 2 where n >= 2\n move n - 3 where n >= 3",
    ] {
        let p = format!("game g(n: nat) {{ {rules} }}");
        assert_eq!(code(&p).as_deref(), Some("0.333"), "{rules}");
    }
}

#[test]
fn nim_and_all_but() {
    for rules in [
        "move n - k for k in 1..=n",
        "move k for k in 0..n",
        "move g(n - k) for k in 1..n + 1",
    ] {
        let p = format!("game g(n: nat) {{ {rules} }}");
        assert_eq!(code(&p).as_deref(), Some("0.[3]"), "{rules}");
    }
    let p = "game g(n: nat) { move n - k for k in 1..=n where k not in {2, 3} }";
    assert_eq!(code(p).as_deref(), Some("0.300[3]"));
}

#[test]
fn take_and_break() {
    let kayles = "game g(n: nat) { move g(a) + g(n - k - a) for k in 1..=2, a in 0..=n-k where a <= n - k - a }";
    assert_eq!(code(kayles).as_deref(), Some("0.77"));
    let dawson =
        "game g(n: nat) { move g(a) + g(n - 2 - a) for a in 0..=n - 2 where a <= n - 2 - a }";
    assert_eq!(code(dawson).as_deref(), Some("0.07"));
    let gg = "game g(n: nat) { move g(a) + g(n - a) for a in 1..n where a < n - a }";
    assert_eq!(code(gg).as_deref(), Some("4!.0"));
    let lasker = "game g(n: nat) {\n move g(n - k) for k in 1..=n\n move g(a) + g(n - a) for a in 1..n where a <= n - a\n}";
    assert_eq!(code(lasker).as_deref(), Some("4.[3]"));
    let dchess = "game g(n: nat) {\n move *0 where n == 1\n move n - 2 where n >= 2\n move g(a) + g(n - 3 - a) for a in 0..=n - 3 where a <= n - 3 - a\n}";
    assert_eq!(code(dchess).as_deref(), Some("0.137"));
}

/// THEORY.md §5.6 pitfall 1: a part that may be empty is a one-heap move,
/// and 0 + 0 is taking the whole heap: `a in 0..=n-k` is digit 7 (or 6), never 4.
#[test]
fn empty_parts_are_not_splits() {
    let seven =
        "game g(n: nat) { move g(a) + g(n - 1 - a) for a in 0..=n - 1 where a <= n - 1 - a }";
    assert_eq!(code(seven).as_deref(), Some("0.7"));
    let six = "game g(n: nat) { move g(a) + g(n - 1 - a) for a in 0..n - 1 where a <= n - 1 - a }";
    assert_eq!(code(six).as_deref(), Some("0.6"));
    let four = "game g(n: nat) { move g(a) + g(n - 1 - a) for a in 1..n - 1 where a <= n - 1 - a }";
    assert_eq!(code(four).as_deref(), Some("0.4"));
}

#[test]
fn near_misses_are_not_recognised_as_what_they_resemble() {
    for (rules, not) in [
        // Leaves at least two counters: no digit does that.
        ("move n - k for k in 1..=n - 2", "0.[3]"),
        // Only from heap 5 on.
        ("move n - k for k in 1..=3 where k <= n and n >= 5", "0.333"),
        // Halving: the removal depends on n.
        ("move n - k for k in 1..=n / 2", "0.[3]"),
        // Removes 2k.
        ("move n - 2 * k for k in 1..=2 where 2 * k <= n", "0.33"),
    ] {
        let p = format!("game g(n: nat) {{ {rules} }}");
        let got = code(&p);
        assert!(got.as_deref() != Some(not), "{rules}: {got:?}");
        assert!(got.is_none(), "{rules}: {got:?}");
    }
}

#[test]
fn finite_memory_with_periodic_conditions() {
    let p = "game g(n: nat) {\n move n - 1 where n % 2 == 0 and n >= 1\n move n - 2 where n % 2 == 1 and n >= 2\n}";
    let s = shape_of(p, "g");
    assert!(s.code.is_none());
    let m = s.memory.unwrap();
    assert_eq!(m.most_removed(), 2);
    assert_eq!(m.modulus(), Some(2));
}

#[test]
fn windows() {
    let halving = "game g(n: nat) { move n - k for k in 1..=n / 2 }";
    assert!(shape_of(halving, "g").window.is_some());
    let ab = "game g(n: nat) { move n - k for k in 1..=n where k not in {2, 3} }";
    assert!(shape_of(ab, "g").window.is_some());
}

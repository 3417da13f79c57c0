//! Loopy partizan games (issue 40 item 1): `outcome` and `winning` of
//! partizan rules whose positions repeat, in the nine classes of Siegel's
//! *Combinatorial Game Theory* ch. VI. Checked against the classes of
//! CGSuite's test suite (`CanonicalStopperTestCase`, `SidedValueTestCase`,
//! `EvalTest`, `GameStripTest`), read off the published values through the
//! table of THEORY.md §6.2, and against a value iteration written here on
//! random graphs with cycles.

use crate::common::texts;
use proptest::prelude::*;

/// The nodes of a graph with Left and Right edges as one partizan game:
/// position `v` is node `v` (an empty list: no move).
fn bigraph(name: &str, left: &[Vec<usize>], right: &[Vec<usize>]) -> String {
    let list = |edges: &[Vec<usize>]| {
        let rows: Vec<String> = edges
            .iter()
            .map(|e| {
                let items: Vec<String> = e.iter().map(|u| u.to_string()).collect();
                format!("[{}]", items.join(", "))
            })
            .collect();
        format!("[{}]", rows.join(", "))
    };
    format!(
        "let {name}_l = {}\nlet {name}_r = {}\npartizan game {name}(v: nat) {{\n    left u for u in {name}_l[v]\n    right u for u in {name}_r[v]\n}}\n",
        list(left),
        list(right)
    )
}

/// After `program`, `print QUERY operand` prints the string `want`, for
/// each `(operand, want)`.
fn prints(program: &str, query: &str, cases: &[(&str, &str)]) {
    let mut src = program.to_string();
    for (operand, _) in cases {
        src.push_str(&format!("print {query} {operand}\n"));
    }
    let out = texts(&src);
    for ((operand, want), got) in cases.iter().zip(&out) {
        assert_eq!(got, &format!("{want:?}"), "{query} {operand}");
    }
}

/// CGSuite's classes of its loopy constants and test games, each written as
/// positions of a game (a pass is a move to the same position).
#[test]
fn cgsuite_classes() {
    let program = "\
        partizan game on_(v: nat) { left v }\n\
        partizan game off_(v: nat) { right v }\n\
        # over = {0 | pass}, under = {pass | 0}; pm(0) = ±over\n\
        partizan game pm(v: nat) {\n\
            left 1 where v == 0\n\
            right 2 where v == 0\n\
            left *0 where v == 1\n\
            right 1 where v == 1\n\
            left 2 where v == 2\n\
            right *0 where v == 2\n\
        }\n\
        partizan game dud(v: nat) { left v\n right v }\n\
        # {pass | 3/2} and {-1/4 + * | pass}\n\
        partizan game under32(v: nat) { left v\n right {1 | 2} }\n\
        partizan game over14(v: nat) { left {-1/2 | 0} + (*)\n right v }\n\
        # a{{|a}|}: a = 0, {|a} = 1\n\
        partizan game ab(v: nat) { left 1 where v == 0\n right 0 where v == 1 }\n\
        # {0 | {dud |}, *}: 0 is the game, 1 is {dud |}\n\
        partizan game hat(v: nat) {\n\
            left *0 where v == 0\n\
            right 1 where v == 0\n\
            right (*) where v == 0\n\
            left dud(0) where v == 1\n\
        }\n\
        # Bach's Carousel a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}: a = 0, then the nested games 1, 2, 3\n\
        partizan game bach(v: nat) {\n\
            left *0 where v == 0\n\
            left 1 where v == 0\n\
            right *0 where v == 0\n\
            left {0 |} where v == 1\n\
            right {0 |} where v == 1\n\
            right 2 where v == 1\n\
            left (*) where v == 2\n\
            left 3 where v == 2\n\
            right (*) where v == 2\n\
            left {0 |} + (*) where v == 3\n\
            right {0 |} + (*) where v == 3\n\
            right 0 where v == 3\n\
        }\n\
        # uponth = {0 || 0 | 0, pass} and its negative; ±(uponth + *) = 0\n\
        partizan game upth(v: nat) { left *0\n right 1 where v == 0\n right *0 where v == 1\n right 1 where v == 1 }\n\
        partizan game dnth(v: nat) { right *0\n left 1 where v == 0\n left *0 where v == 1\n left 1 where v == 1 }\n\
        partizan game pmu(v: nat) { left upth(0) + (*)\n right dnth(0) + (*) }\n";
    let cases = [
        // CanonicalStopperTestCase: on is L, off is R, over is L.
        ("on_(0)", "L"),
        ("off_(0)", "R"),
        ("pm(1)", "L"),
        ("pm(2)", "R"),
        // ±over is N; {pass | 3/2} (3/2under) is L; {-1/4* | pass} is R.
        ("pm(0)", "N"),
        ("under32(0)", "L"),
        ("over14(0)", "R"),
        // SidedValueTestCase: dud is D, a{{|a}|} = 1 & 0 is P̂, {0|{dud|},*} = ^ & v* is N̂,
        // Bach's Carousel is N.
        ("dud(0)", "D"),
        ("ab(0)", "PHat"),
        ("hat(0)", "NHat"),
        ("bach(0)", "N"),
        // Winning Ways ch. 11: on + off = dud.
        ("on_(0) + off_(0)", "D"),
        // EvalTest: ±(uponth + *) = 0, a second-player win.
        ("pmu(0)", "P"),
    ];
    prints(program, "outcome", &cases);
    // The class names compare as outcome letters do.
    let out = texts(&format!(
        "{program}assert outcome ab(0) == PHat\nassert outcome hat(0) == NHat\noutcome ab(0)"
    ));
    assert_eq!(out.last().unwrap(), "outcome ab(0) = PHat");
}

/// Backsliding Toads and Frogs (CGSuite's `GenToadsAndFrogs(1, true)`):
/// `GameStripTest` gives "ttt..fff" the value `{on||0|-1/2} & {1/2|0||off}`,
/// whose onside is L and offside R: class D (THEORY.md §6.2, (L,R) = D).
#[test]
fn backsliding_toads_and_frogs() {
    let program = format!("{}print outcome btf(\"ttt..fff\")\n", crate::sides::BTF);
    assert_eq!(texts(&program), ["\"D\""]);
}

/// `compare` of stoppers: Siegel's and CGSuite's facts. `on` is above every
/// short game and `off` below; `over` = {0 | pass} is a positive
/// infinitesimal (CanonicalStopperTestCase) absorbing ↑ (EvalTest: `over + ^`
/// = `over`); `{pass | 3/2}` is 3/2under, just below 3/2. `dud` is not a
/// stopper, nor is over + under although both parts are (THEORY.md §6.5
/// pitfall 1): they compare by their sides.
#[test]
fn stoppers_compare() {
    let program = "\
        partizan game on_(v: nat) { left v }\n\
        partizan game off_(v: nat) { right v }\n\
        partizan game over(v: nat) { left *0; right v }\n\
        partizan game under(v: nat) { right *0; left v }\n\
        partizan game dud(v: nat) { left v; right v }\n\
        partizan game under32(v: nat) { left v; right {1 | 2} }\n";
    let cases = [
        ("on_(0), 1000", ">"),
        ("on_(0), on_(0)", "="),
        ("off_(0), -1000", "<"),
        ("on_(0), off_(0)", ">"),
        ("over(0), 0", ">"),
        ("over(0), 1/64", "<"),
        ("over(0) + ^, over(0)", "="),
        ("over(0) + 5, 5", ">"),
        ("over(0) + 5, 5 + 1/64", "<"),
        ("under32(0), 3/2", "<"),
        ("under32(0), 3/2 - 1/1024", ">"),
        ("under(0), 0", "<"),
    ];
    prints(program, "compare", &cases);
    // Not stoppers: they compare side by side. dud = on & off (Winning Ways
    // ch. 11): on > 0 > off, so dud is incomparable with 0. over + under
    // by hand: on its onside Left wins moving first (she passes in under;
    // Right's move to 0 leaves over, which Left wins, and his pass in over
    // repeats, infinite play being hers) and moving second (Right's under →
    // 0 leaves over; his pass is answered by hers), so it is > 0 there; the
    // offside is the mirror image, < 0: incomparable with 0.
    let sided = [
        ("dud(0), 0", "||"),
        ("dud(0), on_(0) + off_(0)", "="),
        ("over(0) + under(0), 0", "||"),
    ];
    prints(program, "compare", &sided);
}

/// Who wins each (node, Left to move?) by value iteration — the rounds of
/// "wins within k moves" until nothing changes — an algorithm unlike
/// grundy's queue of counters. `Some(true)`: the mover wins.
fn iterate(left: &[Vec<usize>], right: &[Vec<usize>], misere: bool) -> Vec<[Option<bool>; 2]> {
    let n = left.len();
    // state[v][0]: Left to move; state[v][1]: Right to move.
    let mut state = vec![[None::<bool>; 2]; n];
    loop {
        let mut changed = false;
        for v in 0..n {
            for (m, edges) in [(0usize, &left[v]), (1usize, &right[v])] {
                if state[v][m].is_some() {
                    continue;
                }
                let next = 1 - m;
                let result = if edges.is_empty() {
                    Some(misere)
                } else if edges.iter().any(|&u| state[u][next] == Some(false)) {
                    Some(true)
                } else if edges.iter().all(|&u| state[u][next] == Some(true)) {
                    Some(false)
                } else {
                    None
                };
                if result.is_some() {
                    state[v][m] = result;
                    changed = true;
                }
            }
        }
        if !changed {
            return state;
        }
    }
}

/// The class name of node `v` from the iteration.
fn class(state: &[[Option<bool>; 2]], v: usize) -> &'static str {
    // Left first: Some(true) Left wins; Right first: Some(true) Right wins.
    let lf = match state[v][0] {
        Some(true) => 'L',
        Some(false) => 'R',
        None => 'D',
    };
    let rf = match state[v][1] {
        Some(true) => 'R',
        Some(false) => 'L',
        None => 'D',
    };
    match (lf, rf) {
        ('L', 'L') => "L",
        ('R', 'R') => "R",
        ('L', 'R') => "N",
        ('R', 'L') => "P",
        ('D', 'D') => "D",
        ('L', 'D') => "NHat",
        ('D', 'L') => "PHat",
        ('D', 'R') => "NCheck",
        _ => "PCheck",
    }
}

/// `[[g(1), g(0)], [g(2)]]` as each side's positions, sorted.
fn sides(printed: &str) -> (Vec<String>, Vec<String>) {
    let inner = printed
        .strip_prefix("[[")
        .and_then(|s| s.strip_suffix("]]"))
        .unwrap_or_else(|| panic!("{printed}"));
    let (l, r) = inner
        .split_once("], [")
        .unwrap_or_else(|| panic!("{printed}"));
    let list = |s: &str| {
        let mut v: Vec<String> = s
            .split(", ")
            .filter(|x| !x.is_empty())
            .map(str::to_string)
            .collect();
        v.sort();
        v
    };
    (list(l), list(r))
}

pub(crate) fn graph_strategy() -> impl Strategy<Value = (Vec<Vec<usize>>, Vec<Vec<usize>>)> {
    (1usize..7).prop_flat_map(|n| {
        let edges = proptest::collection::vec(proptest::collection::btree_set(0..n, 0..3), n);
        (edges.clone(), edges).prop_map(|(l, r)| {
            let f = |e: Vec<std::collections::BTreeSet<usize>>| {
                e.into_iter().map(|s| s.into_iter().collect()).collect()
            };
            (f(l), f(r))
        })
    })
}

/// True when no alternating play from any follower of node `v` (either
/// player first) repeats a state: a depth-first search for a cycle among
/// (node, mover), from every node some sequence of moves reaches.
fn stopper(left: &[Vec<usize>], right: &[Vec<usize>], v: usize) -> bool {
    // 0 unseen, 1 on the path, 2 done.
    let mut mark = vec![[0u8; 2]; left.len()];
    fn dfs(
        left: &[Vec<usize>],
        right: &[Vec<usize>],
        mark: &mut [[u8; 2]],
        v: usize,
        m: usize,
    ) -> bool {
        mark[v][m] = 1;
        let edges = if m == 0 { &left[v] } else { &right[v] };
        for &u in edges {
            let seen = mark[u][1 - m];
            if seen == 1 || (seen == 0 && !dfs(left, right, mark, u, 1 - m)) {
                return false;
            }
        }
        mark[v][m] = 2;
        true
    }
    // Every follower: what any sequence of moves reaches from v.
    let mut reached = vec![false; left.len()];
    let mut stack = vec![v];
    while let Some(u) = stack.pop() {
        if !std::mem::replace(&mut reached[u], true) {
            stack.extend(left[u].iter().chain(&right[u]));
        }
    }
    (0..left.len())
        .filter(|&u| reached[u])
        .all(|u| (0..2).all(|m| mark[u][m] == 2 || dfs(left, right, &mut mark, u, m)))
}

/// G ≤ H (G = node g, H = node h) by the survival game H − G, Right first,
/// Left losing only when stuck: Right's forced wins by value iteration.
fn leq(left: &[Vec<usize>], right: &[Vec<usize>], g: usize, h: usize) -> bool {
    let n = left.len();
    // rwin[h][g][right to move]
    let mut rwin = vec![vec![[false; 2]; n]; n];
    loop {
        let mut changed = false;
        for x in 0..n {
            for y in 0..n {
                for r in 0..2 {
                    if rwin[x][y][r] {
                        continue;
                    }
                    // Moves: in H as the mover, in G as the other side.
                    let (in_h, in_g) = if r == 1 {
                        (&right[x], &left[y])
                    } else {
                        (&left[x], &right[y])
                    };
                    let next: Vec<bool> = in_h
                        .iter()
                        .map(|&x2| rwin[x2][y][1 - r])
                        .chain(in_g.iter().map(|&y2| rwin[x][y2][1 - r]))
                        .collect();
                    let win = if r == 1 {
                        next.iter().any(|&w| w)
                    } else {
                        next.iter().all(|&w| w)
                    };
                    if win {
                        rwin[x][y][r] = true;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return !rwin[h][g][1];
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Random graphs with cycles, normal and misère play: every node's class
    /// and each player's winning moves agree with the value iteration. (A
    /// graph without a cycle goes through canonical forms instead; the
    /// iteration agrees there too.)
    #[test]
    fn classes_agree_with_value_iteration((left, right) in graph_strategy(), misere in any::<bool>()) {
        let n = left.len();
        let mut src = bigraph("g", &left, &right);
        let play = if misere { "misere " } else { "" };
        for v in 0..n {
            src.push_str(&format!("print outcome {play}g({v})\nprint winning {play}g({v})\n"));
        }
        let out = texts(&src);
        let state = iterate(&left, &right, misere);
        for v in 0..n {
            prop_assert_eq!(&out[2 * v], &format!("{:?}", class(&state, v)), "node {} of {}", v, src);
            // Left wins by moving to u when Right to move at u loses; Right
            // when Left to move loses.
            let wins = |edges: &[usize], next: usize| -> Vec<String> {
                let mut w: Vec<String> = edges
                    .iter()
                    .filter(|&&u| state[u][next] == Some(false))
                    .map(|u| format!("g({u})"))
                    .collect();
                w.sort();
                w
            };
            let got = sides(&out[2 * v + 1]);
            let want = (wins(&left[v], 1), wins(&right[v], 0));
            prop_assert_eq!(got, want, "winning at node {} of {}", v, src);
        }
    }

    /// `compare` of two nodes of a random graph: for stoppers (a cycle
    /// search written here) the survival game's answer by value iteration;
    /// otherwise side by side, each side's order by the textbook nested
    /// fixpoint of a Büchi game (below), not grundy's attractors.
    #[test]
    fn loopy_games_compare_as_their_sides((left, right) in graph_strategy(), a in 0usize..7, b in 0usize..7) {
        let n = left.len();
        let (a, b) = (a % n, b % n);
        let src = format!("{}compare g({a}), g({b})\n", bigraph("g", &left, &right));
        let (le, ge) = if stopper(&left, &right, a) && stopper(&left, &right, b) {
            (leq(&left, &right, a, b), leq(&left, &right, b, a))
        } else {
            let on = |g, h| side_leq(&left, &right, g, h, true) && side_leq(&left, &right, g, h, false);
            (on(a, b), on(b, a))
        };
        let want = match (le, ge) {
            (true, true) => "=",
            (true, false) => "<",
            (false, true) => ">",
            (false, false) => "||",
        };
        let out = texts(&src);
        prop_assert_eq!(&out[0], &format!("compare g({a}), g({b}) = {want}"), "{}", src);
    }
}

/// G ≤ H on the onside (`on`) or offside, by the definition of the order of
/// sides (Siegel, *Combinatorial Game Theory* ch. VI; the condition of
/// CGSuite's `LoopyGame.leq`): in H − G with Right first, Left must never be
/// stuck, and an infinite play must move infinitely often in H (onside) or
/// in G (offside). Solved as νZ. μY. (progress into Z or plain move into Y),
/// by plain iteration over sets.
fn side_leq(left: &[Vec<usize>], right: &[Vec<usize>], g: usize, h: usize, on: bool) -> bool {
    let n = left.len();
    // Moves from (x in H, y in G, r = Right to move): (x2, y2, progress).
    let moves = |x: usize, y: usize, r: usize| -> Vec<(usize, usize, bool)> {
        let (in_h, in_g) = if r == 1 {
            (&right[x], &left[y])
        } else {
            (&left[x], &right[y])
        };
        in_h.iter()
            .map(|&x2| (x2, y, on))
            .chain(in_g.iter().map(|&y2| (x, y2, !on)))
            .collect()
    };
    let mut z = vec![vec![[true; 2]; n]; n];
    loop {
        let mut y_set = vec![vec![[false; 2]; n]; n];
        loop {
            let mut changed = false;
            for x in 0..n {
                for y in 0..n {
                    for r in 0..2 {
                        if y_set[x][y][r] {
                            continue;
                        }
                        let ok = |&(x2, y2, progress): &(usize, usize, bool)| {
                            if progress {
                                z[x2][y2][1 - r]
                            } else {
                                y_set[x2][y2][1 - r]
                            }
                        };
                        let m = moves(x, y, r);
                        let good = if r == 0 {
                            m.iter().any(ok)
                        } else {
                            m.iter().all(ok)
                        };
                        if good {
                            y_set[x][y][r] = true;
                            changed = true;
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
        if y_set == z {
            return z[h][g][1];
        }
        z = y_set;
    }
}

fn ok(session: &mut grundy::repl::Session, input: &str) -> String {
    let r = session.eval(input);
    assert!(!r.error, "{input}: {}", r.text);
    r.text
}

/// `play` of loopy partizan games. `over` = {0 | pass} is L
/// (CanonicalStopperTestCase): playing Right, the user passes and the
/// machine, Left, wins at once by moving to 0. `dud` = {pass | pass} is D:
/// whatever the user does, the machine passes back, and the third repetition
/// ends the game as a draw. `a{{|a}|}` is P̂: playing Left the user can only
/// go round the cycle, and the machine keeps the draw.
#[test]
fn play_loopy_partizan_games() {
    let mut s = grundy::repl::Session::default();
    ok(&mut s, "partizan game over(v: nat) { left *0; right v }");
    let start = ok(&mut s, "play over(0)");
    assert!(start.contains("play Left to win"), "{start}");
    // Left's move is listed first, Right's pass second.
    let end = ok(&mut s, "2");
    assert!(end.contains("you play Right, I play Left"), "{end}");
    assert!(end.contains("(a winning move)"), "{end}");
    assert!(end.contains("You have no move left: I win."), "{end}");

    ok(&mut s, "partizan game dud(v: nat) { left v; right v }");
    let start = ok(&mut s, "play dud(0)");
    assert!(start.contains("neither side can force a win"), "{start}");
    let first = ok(&mut s, "1");
    let text = choose_first_until_the_end(&mut s, &first);
    assert!(text.contains("the game is a draw"), "{text}");

    ok(
        &mut s,
        "partizan game ab(v: nat) { left 1 where v == 0; right 0 where v == 1 }",
    );
    let start = ok(&mut s, "play ab(0)");
    assert!(
        start.contains("playing Left you can hold a draw; playing Right I can win"),
        "{start}"
    );
    let first = ok(&mut s, "1");
    assert!(first.contains("you play Left"), "{first}");
    let text = choose_first_until_the_end(&mut s, &first);
    assert!(text.contains("the game is a draw"), "{text}");
}

/// Plays option 1 until the game ends (at most ten moves), `first` being the
/// answer to the user's first move; returns the last answer.
fn choose_first_until_the_end(s: &mut grundy::repl::Session, first: &str) -> String {
    let mut text = if first == "1" {
        ok(s, "1")
    } else {
        first.to_string()
    };
    let mut moves = 1;
    while s.prompt() == "play> " {
        text = ok(s, "1");
        moves += 1;
        assert!(moves < 10, "the game ends by repetition: {text}");
    }
    text
}

/// `graph` of a loopy partizan game: each node with its class. In
/// `a{{|a}|}` the root is P̂ (SidedValueTestCase); its follower `{|a}` is P̌,
/// worked out by hand: Left to move there has no move (Right wins), and
/// Right to move goes back to `a`, whence Left can only return (a draw).
/// The follower is reached only with Right to move, and is still labelled
/// for Left to move.
#[test]
fn graph_of_a_loopy_partizan_game() {
    let out = texts(
        "partizan game ab(v: nat) { left 1 where v == 0; right 0 where v == 1 }\ngraph ab(0)",
    );
    let dot = &out[0];
    assert!(dot.contains("ab(0)\\noutcome PHat"), "{dot}");
    assert!(dot.contains("ab(1)\\noutcome PCheck"), "{dot}");
    assert!(dot.contains("n0 -> n1 [color=\"#1565c0\"]"), "{dot}");
}

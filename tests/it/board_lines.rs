//! Sliding pieces on boards valued with per-line mex sets (issue 14, item 8): the
//! queen moving left, down or diagonally down-left on an open board is Wythoff's
//! game, checked against a plain mex loop and the Beatty pairs; on boards with
//! holes and for any directions, the answers (or errors) are those of the
//! general evaluator and of a brute force written here.
use grundy::Limits;
use grundy::{Answer, Engine};
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::time::Duration;

/// A board's width and height, its holes, and a piece's directions.
type Case = (i64, i64, Vec<(i64, i64)>, Vec<(i64, i64)>);
/// Table rows, row H first; `None` for blocked squares.
type Rows = Vec<Vec<Option<u64>>>;

const QUEEN: &str = "{(-1, 0), (0, -1), (-1, -1)}";

/// A program defining `piece` on a `w` × `h` board with `holes`, moving along
/// `dirs` (a set literal), then asking for its table.
fn program(w: i64, h: i64, holes: &[(i64, i64)], dirs: &str) -> String {
    let without = if holes.is_empty() {
        String::new()
    } else {
        let squares: Vec<String> = holes.iter().map(|(c, r)| format!("({c}, {r})")).collect();
        format!(" without {{{}}}", squares.join(", "))
    };
    format!(
        "board b = {w} x {h}{without}\n\
         game piece(sq) on b {{ move s for d in {dirs}, s in ray(sq, d) }}\n\
         table piece\n"
    )
}

/// The answers of a program, or its first problem's message.
fn run(src: &str, limits: Limits) -> Result<Vec<Answer>, String> {
    Engine::with_limits(limits)
        .run_program(src)
        .map_err(|p| p.message)
}

fn limits(kernels: bool) -> Limits {
    Limits {
        kernels,
        ..Limits::default()
    }
}

/// The rows of the one table a program prints (row H first).
fn table(src: &str, limits: Limits) -> Rows {
    match run(src, limits)
        .unwrap_or_else(|e| panic!("{e}\n{src}"))
        .pop()
    {
        Some(Answer::Table { grid, .. }) => grid.to_rows(),
        other => panic!("expected a table, got {other:?}"),
    }
}

/// Wythoff's game on heaps below `w` and `h` by the definition: the mex over
/// every smaller first heap, second heap, and both reduced alike.
fn wythoff(w: usize, h: usize) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; h]; w];
    for a in 0..w {
        for b in 0..h {
            let mut seen = vec![false; a + b + 2];
            let options = (0..a)
                .map(|x| g[x][b])
                .chain((0..b).map(|y| g[a][y]))
                .chain((1..=a.min(b)).map(|k| g[a - k][b - k]));
            for v in options {
                if let Some(s) = seen.get_mut(v as usize) {
                    *s = true;
                }
            }
            g[a][b] = seen.iter().position(|s| !s).unwrap() as u64;
        }
    }
    g
}

/// The queen on (c, r) is Wythoff with heaps (c − 1, r − 1).
fn assert_wythoff(rows: &[Vec<Option<u64>>], w: usize, h: usize) {
    assert_wythoff_with(rows, &wythoff(w, h));
}

fn assert_wythoff_with(rows: &[Vec<Option<u64>>], g: &[Vec<u64>]) {
    let h = rows.len();
    assert_eq!(h, g[0].len());
    for (i, row) in rows.iter().enumerate() {
        let r = h - 1 - i;
        assert_eq!(row.len(), g.len());
        for (c, v) in row.iter().enumerate() {
            assert_eq!(*v, Some(g[c][r]), "square ({}, {})", c + 1, r + 1);
        }
    }
}

#[test]
fn open_queen_is_wythoff() {
    // Values pass 64 and 128: bitsets of several words.
    for (w, h) in [(1, 1), (1, 7), (9, 2), (8, 8), (40, 25), (130, 110)] {
        let rows = table(&program(w as i64, h as i64, &[], QUEEN), limits(true));
        assert_wythoff(&rows, w, h);
    }
}

#[test]
fn directions_written_other_ways_are_the_same_queen() {
    // A constant, a list, a family argument, one rule per direction.
    let w = 400;
    let g = wythoff(w, w);
    let board = format!("board b = {w} x {w}\n");
    for game in [
        "let D = {(-1, 0), (0, -1), (-1, -1)}\n\
         game piece(sq) on b { move s for d in D, s in ray(sq, d) }",
        "game piece(sq) on b { move t for e in [(-1, -1), (0, -1), (-1, 0), (0, -1)], t in ray(sq, e) }",
        "game rider[D](sq) on b { move s for d in D, s in ray(sq, d) }\n\
         table rider[{(-1, 0), (0, -1), (-1, -1)}]",
        "game piece(sq) on b {\n\
             move s for s in ray(sq, (-1, 0))\n\
             move s for s in ray(sq, (0, -1))\n\
             move s for s in ray(sq, (-1, -1))\n\
         }",
    ] {
        let query = if game.contains("table") { "" } else { "table piece\n" };
        let src = format!("{board}{game}\n{query}");
        // The sweep takes a fraction of a second; without it a table this
        // size takes a minute: the timeout says which way it went.
        let quick = Limits {
            timeout: Some(Duration::from_secs(10)),
            ..limits(true)
        };
        assert_wythoff_with(&table(&src, quick), &g);
    }
}

/// Wythoff's P-positions: (⌊kφ⌋, ⌊kφ⌋ + k) and their mirror images.
fn beatty_pairs(n: usize) -> BTreeSet<(usize, usize)> {
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let mut out = BTreeSet::new();
    for k in 0..n {
        let a = (k as f64 * phi).floor() as usize;
        let b = a + k;
        out.insert((a, b));
        out.insert((b, a));
    }
    out
}

#[test]
fn queen_on_702_squares_has_the_beatty_pairs_as_p_positions() {
    let n = 702;
    // The sweep takes a fraction of a second; the general evaluator minutes.
    let quick = Limits {
        timeout: Some(Duration::from_secs(60)),
        ..limits(true)
    };
    let rows = table(&program(n as i64, n as i64, &[], QUEEN), quick);
    let zeros: BTreeSet<(usize, usize)> = rows
        .iter()
        .enumerate()
        .flat_map(|(i, row)| {
            row.iter()
                .enumerate()
                .filter(|(_, v)| **v == Some(0))
                .map(move |(c, _)| (c, n - 1 - i))
        })
        .collect();
    let want: BTreeSet<(usize, usize)> = beatty_pairs(n)
        .into_iter()
        .filter(|&(a, b)| a < n && b < n)
        .collect();
    assert_eq!(zeros, want);
    // Every other square has a value, and none exceeds its number of options.
    for (i, row) in rows.iter().enumerate() {
        for (c, v) in row.iter().enumerate() {
            let r = n - 1 - i;
            let v = v.expect("no square is blocked");
            assert!(v as usize <= c + r + c.min(r), "({c}, {r}) = {v}");
        }
    }
}

#[test]
fn a_small_position_budget_leaves_the_board_to_the_search() {
    // The whole board does not fit the budget; one corner's search does.
    let src = "board b = 300 x 300\n\
               game queen(sq) on b { move s for d in {(-1, 0), (0, -1), (-1, -1)}, s in ray(sq, d) }\n\
               grundy queen((9, 6))\n";
    let small = Limits {
        max_positions: 1000,
        ..limits(true)
    };
    let got = run(src, small).unwrap();
    let g = wythoff(9, 6);
    assert!(
        matches!(got.as_slice(), [Answer::Grundy { value, .. }] if *value == g[8][5]),
        "{got:?}"
    );
}

#[test]
fn errors_are_those_of_the_general_evaluator() {
    for (src, needle) in [
        (program(5, 5, &[], "{(-1, 0), (0, 0)}"), "direction"),
        (program(5, 5, &[], "{(-1, 0), 3}"), ""),
        (program(5, 5, &[], "{(-1, 0), (1, 0)}"), ""),
        (
            "board b = 5 x 5 without {(2, 2)}\n\
             game q(sq) on b { move s for d in {(-1, 0), (0, -1)}, s in ray(sq, d) }\n\
             grundy q((2, 2))\n"
                .to_string(),
            "",
        ),
        (
            "board b = 5 x 5\n\
             game q(sq) on b { move s for d in {(-1, 0), (0, -1)}, s in ray(sq, d) }\n\
             grundy q((6, 1))\n"
                .to_string(),
            "",
        ),
    ] {
        let fast = run(&src, limits(true)).expect_err(&src);
        let general = run(&src, limits(false)).expect_err(&src);
        assert_eq!(fast, general, "{src}");
        assert!(fast.contains(needle), "{fast}");
    }
}

/// The table by brute force: each square's options walked square by square,
/// valued in an order found by repeated passes (a square is valued once all its
/// options are). `None` for blocked squares; `Err` when some square is never
/// valued (the moves have a cycle).
fn brute_table(w: i64, h: i64, holes: &[(i64, i64)], dirs: &[(i64, i64)]) -> Result<Rows, ()> {
    let open =
        |c: i64, r: i64| (1..=w).contains(&c) && (1..=h).contains(&r) && !holes.contains(&(c, r));
    let options = |c: i64, r: i64| {
        let mut out = Vec::new();
        for &(dc, dr) in dirs {
            let (mut x, mut y) = (c + dc, r + dr);
            while open(x, y) {
                out.push((x, y));
                x += dc;
                y += dr;
            }
        }
        out
    };
    let mut value = vec![vec![None::<u64>; h as usize + 1]; w as usize + 1];
    loop {
        let mut progress = false;
        for c in 1..=w {
            for r in 1..=h {
                if !open(c, r) || value[c as usize][r as usize].is_some() {
                    continue;
                }
                let seen: Option<BTreeSet<u64>> = options(c, r)
                    .into_iter()
                    .map(|(x, y)| value[x as usize][y as usize])
                    .collect();
                if let Some(seen) = seen {
                    value[c as usize][r as usize] = (0..).find(|v| !seen.contains(v));
                    progress = true;
                }
            }
        }
        if !progress {
            break;
        }
    }
    let mut rows = Vec::new();
    for r in (1..=h).rev() {
        let mut row = Vec::new();
        for c in 1..=w {
            if !open(c, r) {
                row.push(None);
            } else {
                row.push(Some(value[c as usize][r as usize].ok_or(())?));
            }
        }
        rows.push(row);
    }
    Ok(rows)
}

fn dirs_literal(dirs: &[(i64, i64)]) -> String {
    let items: Vec<String> = dirs.iter().map(|(a, b)| format!("({a}, {b})")).collect();
    format!("[{}]", items.join(", "))
}

/// A board, some holes on it, and a direction set.
fn case(dir: impl Strategy<Value = (i64, i64)>) -> impl Strategy<Value = Case> {
    (
        1i64..=9,
        1i64..=9,
        prop::collection::vec(dir, 0..=4),
        prop::collection::vec((1i64..=9, 1i64..=9), 0..=12),
    )
        .prop_map(|(w, h, dirs, holes)| {
            let holes = holes
                .into_iter()
                .filter(|&(c, r)| c <= w && r <= h)
                .collect();
            (w, h, holes, dirs)
        })
}

/// Directions with negative or zero components, turned as a whole by one of
/// the board's symmetries (so sweeps in every order are taken).
fn acyclic_case() -> impl Strategy<Value = Case> {
    let dir = (-3i64..=0, -3i64..=0).prop_filter("nonzero", |d| *d != (0, 0));
    (case(dir), any::<bool>(), any::<bool>(), any::<bool>()).prop_map(
        |((w, h, holes, dirs), flip_x, flip_y, swap)| {
            let turned = dirs
                .into_iter()
                .map(|(a, b)| {
                    let (a, b) = if swap { (b, a) } else { (a, b) };
                    (if flip_x { -a } else { a }, if flip_y { -b } else { b })
                })
                .collect();
            (w, h, holes, turned)
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Acyclic directions on boards with holes: the sweep, the general evaluator
    /// and the brute force agree square by square.
    #[test]
    fn sweep_matches_the_general_evaluator((w, h, holes, dirs) in acyclic_case()) {
        let src = program(w, h, &holes, &dirs_literal(&dirs));
        let fast = run(&src, limits(true));
        let general = run(&src, limits(false));
        prop_assert_eq!(&fast, &general, "{}", src);
        let want = brute_table(w, h, &holes, &dirs).expect("acyclic");
        match fast.map(|mut a| a.pop()) {
            Ok(Some(Answer::Table { grid, .. })) => prop_assert_eq!(grid.to_rows(), want, "{}", src),
            other => prop_assert!(false, "{:?}\n{}", other, src),
        }
    }

    /// Any directions, cycles included: the same answers or the same error.
    #[test]
    fn any_directions_answer_as_before((w, h, holes, dirs) in case((-2i64..=2, -2i64..=2))) {
        let src = program(w, h, &holes, &dirs_literal(&dirs));
        let fast = run(&src, limits(true));
        let general = run(&src, limits(false));
        prop_assert_eq!(&fast, &general, "{}", src);
        // A zero direction is an error wherever a square is valued.
        if dirs.contains(&(0, 0)) {
            return Ok(());
        }
        if let Ok(want) = brute_table(w, h, &holes, &dirs) {
            match fast.map(|mut a| a.pop()) {
                Ok(Some(Answer::Table { grid, .. })) => prop_assert_eq!(grid.to_rows(), want, "{}", src),
                other => prop_assert!(false, "{:?}\n{}", other, src),
            }
        }
    }
}

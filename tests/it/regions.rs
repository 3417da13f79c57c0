//! `regions(rows, free[, symmetry])` on hand-made grids and against an
//! independent flood fill; its errors; and Domineering written with it, whose
//! values must equal those of the plain definition (a direct search of the whole
//! board) on every board up to 3 × 4 and on random larger ones.

use crate::common;

use grundy::{Answer, Engine};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// Runs a program whose every statement is an assert; all must hold.
fn holds(src: &str) {
    let answers = common::answers(src);
    assert!(!answers.is_empty(), "no statement ran");
    for a in answers {
        match a {
            Answer::Assert {
                passed: true,
                line: _,
                ..
            } => {}
            Answer::Assert { line, failure, .. } => {
                panic!("line {line} failed: {failure:?}\n{src}")
            }
            other => panic!("not an assert: {other:?}"),
        }
    }
}

/// A grid as the language writes it.
fn grid(rows: &[String]) -> String {
    let rows: Vec<String> = rows.iter().map(|r| format!("{r:?}")).collect();
    format!("[{}]", rows.join(", "))
}

fn grids(gs: &[Vec<String>]) -> String {
    let gs: Vec<String> = gs.iter().map(|g| grid(g)).collect();
    format!("[{}]", gs.join(", "))
}

#[test]
fn hand_made_grids() {
    holds(
        r#####"
assert regions(["..#.", "#.#.", "####", "..##"], ".") == [["..", "#."], [".", "."], [".."]]
assert regions(["..#.", "#.#.", "##..", "...#"], ".") == [["..", "#."], ["###.", "###.", "##..", "...#"]]
assert regions(["....", "...."], ".") == [["....", "...."]]
assert regions(["#"], ".") == []
assert regions([], ".") == []
assert regions(["", ""], ".") == []
assert regions(["."], ".") == [["."]]
# other characters count as blocked; what is not the region becomes `#`
assert regions(["x.o", ".x."], ".") == [["."], ["."], ["."]]
assert regions(["ab", "ba"], "a") == [["a"], ["a"]]
# the free character may be `#`: then the rest is `.`
assert regions(["#.#", "###"], "#") == [["#.#", "###"]]
assert regions(["#.#"], "#") == [["#"], ["#"]]
# a ring: one region, its hole blocked
assert regions(["...", ".#.", "..."], ".") == [["...", ".#.", "..."]]
# diagonal neighbours are not connected
assert regions([".#", "#."], ".") == [["."], ["."]]
# order: by first cell in row-major order
assert regions(["#.", ".#", ".."], ".") == [["."], [".#", ".."]]
# symmetries: the least image, fewer rows first, then free cells first
assert regions(["#.", ".."], ".", "flips") == [["..", ".#"]]
assert regions([".#", ".."], ".", "flips") == [["..", ".#"]]
assert regions(["..", "#."], ".", "flips") == [["..", ".#"]]
assert regions([".", ".", "."], ".", "flips") == [[".", ".", "."]]
assert regions([".", ".", "."], ".", "dihedral") == [["..."]]
assert regions(["..", "#."], ".", "none") == [["..", "#."]]
assert len(regions([".#.", "#.#", ".#."], ".")) == 5
"#####,
    );
}

#[test]
fn unchanged_rows_and_empty_grids() {
    // A region spanning whole rows keeps them; a grid without free cells has none.
    holds(
        r#####"
let g = ["..", "##", ".."]
assert regions(g, ".") == [[".."], [".."]]
assert regions(["##", "##"], ".") == []
assert sum(len(r) for r in regions(["..", "##", ".."], ".")) == 2
"#####,
    );
}

#[test]
fn bad_grids_are_typed_errors_with_help() {
    let cases: [(&str, &str, &str, &str); 8] = [
        (
            r#####"assert regions(["..", "."], ".") == []"#####,
            "grundy::grid",
            "row 1 of the grid has 1 character but row 0 has 2",
            "[\"..\", \".\"]",
        ),
        (
            r#####"assert regions([".", 3], ".") == []"#####,
            "grundy::grid",
            "row 1 of the grid is an integer, not a string",
            "[\".\", 3]",
        ),
        (
            r#####"assert regions(["."], "..") == []"#####,
            "grundy::grid",
            "the free cell must be one character; this string has 2",
            "\"..\"",
        ),
        (
            r#####"assert regions(["."], "") == []"#####,
            "grundy::grid",
            "the free cell must be one character; this string has 0",
            "\"\"",
        ),
        (
            r#####"assert regions(["."], 1) == []"#####,
            "grundy::type",
            "expected a one-character string (the free cell), found an integer",
            "1",
        ),
        (
            r#####"assert regions("..", ".") == []"#####,
            "grundy::type",
            "expected a list of strings (the rows of a grid), found a string",
            "\"..\"",
        ),
        (
            r#####"assert regions(["."], ".", "mirror") == []"#####,
            "grundy::grid",
            "\"mirror\" is not a symmetry",
            "\"mirror\"",
        ),
        (
            r#####"assert regions(["."], ".", 2) == []"#####,
            "grundy::type",
            "expected a symmetry: \"none\", \"flips\" or \"dihedral\", found an integer",
            "2",
        ),
    ];
    // The label points at the argument that is wrong, not the whole call.
    for (src, code, message, argument) in cases {
        let p = common::problem(src);
        assert_eq!(p.code, code, "{src}");
        assert_eq!(p.message, message, "{src}");
        assert!(!p.help.is_empty(), "{src}: no help");
        let span = p.labels.first().expect("a label").0;
        assert_eq!(&src[span.start..span.end], argument, "{src}");
    }
    // The checker counts the arguments.
    let p = common::problem(r#####"assert regions(["."]) == []"#####);
    assert!(p.message.contains("regions"), "{}", p.message);
}

#[test]
fn a_limit_stops_a_huge_grid() {
    let rows = vec![".".repeat(3000); 3000];
    let src = format!("assert len(regions({}, \".\")) == 1", grid(&rows));
    let mut engine = Engine::with_limits(grundy::Limits {
        timeout: Some(std::time::Duration::from_millis(1)),
        ..Default::default()
    });
    // Nine million cells take longer than a millisecond: the budget stops it.
    let p = engine.run_program(&src).expect_err("a limit");
    assert_eq!(p.code, "grundy::limit", "{}", p.message);
}

/// The regions of a grid by an independent method: repeated neighbour sets.
fn flood(rows: &[String], free: char) -> Vec<Vec<String>> {
    let cells: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
    let h = cells.len();
    let w = cells.first().map_or(0, Vec::len);
    let blocked = if free == '#' { '.' } else { '#' };
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for r in 0..h {
        for c in 0..w {
            if cells[r][c] != free || seen.contains(&(r, c)) {
                continue;
            }
            let mut region = BTreeSet::from([(r, c)]);
            loop {
                let mut grown = region.clone();
                for &(a, b) in &region {
                    let near = [
                        (a.wrapping_sub(1), b),
                        (a + 1, b),
                        (a, b.wrapping_sub(1)),
                        (a, b + 1),
                    ];
                    for (x, y) in near {
                        if x < h && y < w && cells[x][y] == free {
                            grown.insert((x, y));
                        }
                    }
                }
                if grown.len() == region.len() {
                    break;
                }
                region = grown;
            }
            seen.extend(region.iter().copied());
            let top = region.iter().map(|p| p.0).min().unwrap();
            let bottom = region.iter().map(|p| p.0).max().unwrap();
            let left = region.iter().map(|p| p.1).min().unwrap();
            let right = region.iter().map(|p| p.1).max().unwrap();
            out.push(
                (top..=bottom)
                    .map(|x| {
                        (left..=right)
                            .map(|y| {
                                if region.contains(&(x, y)) {
                                    free
                                } else {
                                    blocked
                                }
                            })
                            .collect()
                    })
                    .collect(),
            );
        }
    }
    out
}

fn mirror_lr(rows: &[String]) -> Vec<String> {
    rows.iter().map(|r| r.chars().rev().collect()).collect()
}

fn mirror_tb(rows: &[String]) -> Vec<String> {
    rows.iter().rev().cloned().collect()
}

fn transpose(rows: &[String]) -> Vec<String> {
    let cells: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
    let w = cells.first().map_or(0, Vec::len);
    (0..w)
        .map(|c| cells.iter().map(|row| row[c]).collect())
        .collect()
}

fn arb_grid(max: usize, alphabet: &'static [char]) -> impl Strategy<Value = Vec<String>> {
    (1..=max, 1..=max).prop_flat_map(move |(h, w)| {
        prop::collection::vec(
            prop::collection::vec(prop::sample::select(alphabet), w)
                .prop_map(|cs| cs.into_iter().collect::<String>()),
            h,
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// `regions` equals an independent flood fill, for any free character.
    #[test]
    fn regions_equal_a_flood_fill(g in arb_grid(7, &['.', '.', '#', 'x']), free in prop::sample::select(vec!['.', '#', 'x'])) {
        let want = flood(&g, free);
        holds(&format!("assert regions({}, {:?}) == {}", grid(&g), free.to_string(), grids(&want)));
    }

    /// Under "flips" a grid and its mirror images have the same regions (as a
    /// multiset); under "dihedral" its transpose too.
    #[test]
    fn symmetric_grids_have_the_same_normal_regions(g in arb_grid(6, &['.', '.', '#'])) {
        let a = grid(&g);
        for image in [mirror_lr(&g), mirror_tb(&g), mirror_lr(&mirror_tb(&g))] {
            let b = grid(&image);
            holds(&format!(
                "assert sorted(regions({a}, \".\", \"flips\")) == sorted(regions({b}, \".\", \"flips\"))"
            ));
        }
        let t = grid(&transpose(&g));
        holds(&format!(
            "assert sorted(regions({a}, \".\", \"dihedral\")) == sorted(regions({t}, \".\", \"dihedral\"))"
        ));
        // The normal form is one of the region's images, and as many cells.
        holds(&format!(
            "assert [len(r) * len(r[0]) for r in regions({a}, \".\", \"flips\")] == [len(r) * len(r[0]) for r in regions({a}, \".\")]"
        ));
    }
}

/// Domineering written three ways: the plain search of the whole board, the
/// sum of its regions, and the sum of its regions each in its least flip (rows
/// rebuilt with `with` on strings rather than slices).
const DOMINEERING: &str = r#####"
partizan game dom(b: list) {
    left  b with [r] = b[r][0..c] ++ "#" ++ b[r][(c + 1)..len(b[r])], [r + 1] = b[r + 1][0..c] ++ "#" ++ b[r + 1][(c + 1)..len(b[r + 1])]
          for r in 0..len(b) - 1, c in 0..len(b[r]) where b[r][c] == "." and b[r + 1][c] == "."
    right b with [r] = b[r][0..c] ++ "##" ++ b[r][(c + 2)..len(b[r])]
          for r in 0..len(b), c in 0..len(b[r]) - 1 where b[r][c] == "." and b[r][c + 1] == "."
}
partizan game parts(b: list) {
    left  sum(parts(g) for g in regions(b with [r] = b[r][0..c] ++ "#" ++ b[r][(c + 1)..len(b[r])], [r + 1] = b[r + 1][0..c] ++ "#" ++ b[r + 1][(c + 1)..len(b[r + 1])], "."))
          for r in 0..len(b) - 1, c in 0..len(b[r]) where b[r][c] == "." and b[r + 1][c] == "."
    right sum(parts(g) for g in regions(b with [r] = b[r][0..c] ++ "##" ++ b[r][(c + 2)..len(b[r])], "."))
          for r in 0..len(b), c in 0..len(b[r]) - 1 where b[r][c] == "." and b[r][c + 1] == "."
}
partizan game flipped(b: list) {
    left  sum(flipped(g) for g in regions(b with [r] = (b[r] with [c] = "#"), [r + 1] = (b[r + 1] with [c] = "#"), ".", "flips"))
          for r in 0..len(b) - 1, c in 0..len(b[r]) where b[r][c] == "." and b[r + 1][c] == "."
    right sum(flipped(g) for g in regions(b with [r] = (b[r] with [c] = "#", [c + 1] = "#"), ".", "flips"))
          for r in 0..len(b), c in 0..len(b[r]) - 1 where b[r][c] == "." and b[r][c + 1] == "."
}
"#####;

/// The board with the cells of `mask` (bit r·w + c) blocked.
fn board(h: usize, w: usize, mask: u32) -> Vec<String> {
    (0..h)
        .map(|r| {
            (0..w)
                .map(|c| {
                    if mask >> (r * w + c) & 1 == 1 {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect()
}

/// For each board, the outcomes and canonical forms of the three definitions
/// (one engine, so equal forms are equal ids); panics on the first disagreement.
fn agree(boards: &[Vec<String>]) {
    let mut src = String::from(DOMINEERING);
    for b in boards {
        let g = grid(b);
        for name in ["dom", "parts", "flipped"] {
            src.push_str(&format!("outcome {name}({g})\ncanonical {name}({g})\n"));
        }
    }
    let answers = common::answers(&src);
    assert_eq!(answers.len(), boards.len() * 6);
    for (b, six) in boards.iter().zip(answers.chunks(6)) {
        let outcome = |a: &Answer| match a {
            Answer::Outcome { value, .. } => *value,
            other => panic!("{other:?}"),
        };
        let form = |a: &Answer| match a {
            Answer::Canonical { form, .. } => *form,
            other => panic!("{other:?}"),
        };
        let plain = (outcome(&six[0]), form(&six[1]));
        assert_eq!((outcome(&six[2]), form(&six[3])), plain, "regions, {b:?}");
        assert_eq!((outcome(&six[4]), form(&six[5])), plain, "flips, {b:?}");
    }
}

#[test]
fn domineering_by_regions_equals_the_plain_search_on_every_board_up_to_3_by_4() {
    let mut boards = Vec::new();
    for h in 1..=4 {
        for w in 1..=4 {
            if h * w > 12 {
                continue;
            }
            for mask in 0..1u32 << (h * w) {
                boards.push(board(h, w, mask));
            }
        }
    }
    assert_eq!(
        boards.len(),
        2 * 4096 + 512 + 2 * 256 + 2 * 64 + 2 * 16 + 2 * 8 + 16 + 4 + 2 * 2 + 2
    );
    agree(&boards);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// Larger boards with random blocked cells (about one in four).
    #[test]
    fn domineering_by_regions_equals_the_plain_search_on_random_boards(
        (h, w) in prop::sample::select(vec![(4, 5), (5, 4), (3, 6), (4, 4)]),
        bits in any::<u32>(),
        more in any::<u32>(),
    ) {
        agree(&[board(h, w, bits & more)]);
    }
}

/// The section `# --- with regions` of the Domineering example runs with the
/// plain definition above it (the rest of that file waits for game literals).
#[test]
fn the_example_section_holds() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/partizan_domineering.game"
    );
    let text = std::fs::read_to_string(path).expect("the example");
    let start = text
        .find("partizan game dom(")
        .expect("the plain definition");
    let end = start + text[start..].find("\n}\n").expect("its end") + 3;
    let section = text.find("# --- with regions").expect("the section");
    let src = format!("{}\n{}", &text[start..end], &text[section..]);
    let asserts = src.lines().filter(|l| l.starts_with("assert")).count();
    assert!(asserts >= 8, "only {asserts} asserts");
    holds(&src);
}

#[test]
fn transpose_exchanges_rows_and_columns() {
    holds(r##"assert transpose(["..#", "..."]) == ["..", "..", "#."]"##);
    holds(r#"assert transpose([]) == []"#);
    holds(r#"assert transpose(["ab"]) == ["a", "b"]"#);
    let p = common::problem(r#"print transpose(["ab", "c"])"#);
    assert!(p.message.contains("row 1"), "{}", p.message);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Transposing twice gives the grid back, and cell (r, c) moves to (c, r).
    #[test]
    fn transpose_twice_is_the_identity(rows in prop::collection::vec("[.#x]{3}", 1..5)) {
        let g = grid(&rows);
        holds(&format!("assert transpose(transpose({g})) == {g}"));
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                holds(&format!("assert transpose({g})[{c}][{r}] == \"{ch}\""));
            }
        }
    }
}

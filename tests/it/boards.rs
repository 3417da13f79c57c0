//! Boards and pieces (LANGUAGE.md §5, GAMES.md §7): moves, tables against the source's figures, sums of pieces, and tables as text, JSON and SVG.
use grundy::answer::Axes;
use grundy::report::file_stem;
use grundy::report::table_svg;
use grundy::{report, Answer, Engine, Mode};
use proptest::prelude::*;
use std::collections::{BTreeSet, HashMap};

/// The definitions of GAMES.md §7 (plus a knight on the holed board for the sums).
const BOARDS: &str = "
board chess = 8 x 8
board holed = 8 x 8 without {@d4, @e4, @d5, @e5}
game queen(sq)   on chess { move s for d in {(-1, 0), (0, -1), (-1, -1)}, s in ray(sq, d) }
game hqueen(sq)  on holed { move s for d in {(-1, 0), (0, -1), (-1, -1)}, s in ray(sq, d) }
game bishop(sq)  on holed { move s for d in {(-1, 1), (1, 1)}, s in ray(sq, d) }
game knight(sq)  on chess { move s for d in {(-2, 1), (-2, -1), (-1, 2), (1, 2)}, s in step(sq, d) }
game hknight(sq) on holed { move s for d in {(-2, 1), (-2, -1), (-1, 2), (1, 2)}, s in step(sq, d) }
";

/// Runs `BOARDS` followed by `program`; panics on any error. The engine comes
/// back too, to name the positions in the answers.
fn run(program: &str) -> (Vec<Answer>, Engine) {
    let source = format!("{BOARDS}\n{program}");
    let mut engine = Engine::default();
    let got = engine
        .run_program(&source)
        .unwrap_or_else(|p| panic!("{program}: {}", p.message));
    (got, engine)
}

fn answers(program: &str) -> Vec<Answer> {
    run(program).0
}

fn answer(program: &str) -> Answer {
    answers(program).pop().expect("an answer")
}

/// The positions a `moves` or `winning` answer lists, as text.
fn shown(a: &Answer, engine: &Engine) -> Vec<String> {
    let namer = engine.namer();
    match a {
        Answer::Moves { moves, .. } => moves.iter().map(|(m, _)| namer.sum(m)).collect(),
        Answer::Winning { moves, .. } => moves.iter().map(|m| namer.sum(m)).collect(),
        other => panic!("expected moves, got {other:?}"),
    }
}

/// The last answer of a program, as the CLI prints it.
fn last_text(program: &str) -> String {
    let (got, engine) = run(program);
    report::text(got.last().expect("an answer"), &engine.namer()).expect("text")
}

/// The last answer of a program, as JSON.
fn last_json(program: &str) -> serde_json::Value {
    let (got, engine) = run(program);
    report::json(got.last().expect("an answer"), &engine.namer())
}

/// The message of the first error `BOARDS` + `program` gives when loaded and run.
fn error_of(program: &str) -> String {
    let source = format!("{BOARDS}\n{program}");
    let mut engine = Engine::default();
    let stmts = match engine.load(&source, false) {
        Ok(stmts) => stmts,
        Err(problems) => return problems[0].message.clone(),
    };
    for s in &stmts {
        if let Err(p) = engine.run(s, Mode::Run) {
            return p.message;
        }
    }
    panic!("{program}: no error");
}

/// The options of `moves G`, as a set of printed positions.
fn moves_of(game: &str) -> BTreeSet<String> {
    let (got, engine) = run(&format!("moves {game}"));
    shown(got.last().expect("an answer"), &engine)
        .into_iter()
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn table_of(game: &str) -> Vec<Vec<Option<u64>>> {
    match answer(&format!("table {game}")) {
        Answer::Table { grid, .. } => grid.to_rows(),
        other => panic!("expected a table, got {other:?}"),
    }
}

// ------------------------------------------------------------ move generation

#[test]
fn rays_run_to_the_edge() {
    assert_eq!(
        moves_of("queen(@c3)"),
        set(&[
            "queen(@b3)",
            "queen(@a3)",
            "queen(@c2)",
            "queen(@c1)",
            "queen(@b2)",
            "queen(@a1)"
        ])
    );
    // On the a-file only the downward ray exists; a1 has no move at all.
    assert_eq!(moves_of("queen(@a3)"), set(&["queen(@a2)", "queen(@a1)"]));
    assert_eq!(moves_of("queen(@a1)"), set(&[]));
    // Up-left and up-right from the edge: only one diagonal is on the board.
    assert_eq!(
        moves_of("bishop(@h6)"),
        set(&["bishop(@g7)", "bishop(@f8)"])
    );
    assert_eq!(moves_of("bishop(@c8)"), set(&[]));
}

#[test]
fn rays_stop_before_blocked_squares() {
    // f5: left runs into e5, the diagonal into e4; only the file is free.
    assert_eq!(
        moves_of("hqueen(@f5)"),
        set(&["hqueen(@f4)", "hqueen(@f3)", "hqueen(@f2)", "hqueen(@f1)"])
    );
    // h4: the rank stops at f4, before e4; the diagonal g3–e1 is free.
    assert_eq!(
        moves_of("hqueen(@h4)"),
        set(&[
            "hqueen(@g4)",
            "hqueen(@f4)",
            "hqueen(@h3)",
            "hqueen(@h2)",
            "hqueen(@h1)",
            "hqueen(@g3)",
            "hqueen(@f2)",
            "hqueen(@e1)",
        ])
    );
    // A blocked square stops the ray for good: nothing beyond the centre is reached.
    assert_eq!(
        moves_of("bishop(@c3)"),
        set(&["bishop(@b4)", "bishop(@a5)"])
    );
    assert!(!moves_of("hqueen(@g7)").contains("hqueen(@a1)"));
    assert!(moves_of("queen(@g7)").contains("queen(@a1)"));
}

#[test]
fn leaps_ignore_what_lies_between() {
    assert_eq!(
        moves_of("knight(@g2)"),
        set(&["knight(@e3)", "knight(@e1)", "knight(@f4)", "knight(@h4)"])
    );
    // Near the corner most jumps leave the board.
    assert_eq!(
        moves_of("knight(@h7)"),
        set(&["knight(@f8)", "knight(@f6)"])
    );
    assert_eq!(moves_of("knight(@b8)"), set(&[]));
    // f3 on the holed board: d4 and e5 are blocked targets, the others are open.
    assert_eq!(
        moves_of("hknight(@f3)"),
        set(&["hknight(@d2)", "hknight(@g5)"])
    );
    // A leap of three squares up the d-file clears the blocked d4 and d5; a ray
    // in the same direction is stopped at once.
    let program = "game jump(sq) on holed { move s for s in step(sq, (0, 3)) }
                   game slide(sq) on holed { move s for s in ray(sq, (0, 1)) }";
    let (got, engine) = run(&format!("{program}\nmoves jump(@d3)\nmoves slide(@d3)"));
    let listed: Vec<Vec<String>> = got.iter().map(|a| shown(a, &engine)).collect();
    assert_eq!(listed, vec![vec!["jump(@d6)".to_string()], vec![]]);
}

#[test]
fn positions_off_the_board_or_blocked_are_errors() {
    assert!(error_of("grundy queen(@i1)").contains("off the 8×8 board"));
    assert!(error_of("grundy queen(@a9)").contains("off the 8×8 board"));
    assert!(error_of("grundy queen((0, 3))").contains("off the 8×8 board"));
    assert!(error_of("grundy hqueen(@d4)").contains("@d4 is a blocked square"));
    assert!(error_of("grundy bishop(@e5) + knight(@a1)").contains("@e5 is a blocked square"));
    // An option written by hand (not with ray/step) that leaves the board or
    // lands on a blocked square is an error too.
    let east = "game east((x, y)) on holed { move (x + 1, y) }";
    assert!(error_of(&format!("{east}\ngrundy east(@h1)")).contains("off the 8×8 board"));
    assert!(error_of(&format!("{east}\ngrundy east(@c4)")).contains("@d4 is a blocked square"));
    // …and `table` of a game that is not on a board says so.
    let nim = "game nim(n: nat) { move n - k for k in 1..=n }";
    assert!(error_of(&format!("{nim}\ntable nim")).contains("not played on a board"));
}

// ------------------------------------------------------------ tables against the figures

/// Parses a figure as GAMES.md prints it: `rank | values…`, `#` for blocked
/// (a P-mark `'` after a value is dropped).
fn figure(text: &str) -> Vec<Vec<Option<u64>>> {
    text.lines()
        .filter_map(|l| l.split_once('|'))
        .map(|(_, values)| {
            values
                .split_whitespace()
                .map(|v| {
                    if v == "#" {
                        None
                    } else {
                        Some(v.trim_end_matches('\'').parse().unwrap())
                    }
                })
                .collect()
        })
        .collect()
}

/// S 000 Slika 10, the queen on files a–g.
const SLIKA_10_QUEEN: &str = "
 8 | 7 8 6 9 0  1  4
 7 | 6 7 8 1 9 10  3
 6 | 5 3 4 0 6  8 10
 5 | 4 5 3 2 7  6  9
 4 | 3 4 5 6 2  0  1
 3 | 2 0 1 5 3  4  8
 2 | 1 2 0 4 5  3  7
 1 | 0 1 2 3 4  5  6
";

/// D: the queen's h-file, top first (Wythoff with heaps (7, r − 1)).
const QUEEN_H_FILE: [u64; 8] = [5, 4, 1, 0, 9, 6, 8, 7];

/// S 000 Slika 9, the knight with four jump directions.
const SLIKA_9_KNIGHT: &str = "
 8 | 0 0 1 1 0 0 1 1
 7 | 0 0 2 1 0 0 1 1
 6 | 1 2 2 2 3 2 2 2
 5 | 1 1 2 1 4 3 2 3
 4 | 0 0 3 4 0 0 1 1
 3 | 0 0 2 3 0 0 2 1
 2 | 1 1 2 2 1 2 2 2
 1 | 1 1 2 3 1 1 2 0
";

/// C: the queen with the blocked centre (brute force outside grundy); its
/// P-squares are GAMES.md's a1, b3, c2, d6, e8, f4, g7, h5.
const HOLED_QUEEN: &str = "
 8 | 7 8 6 2 0 10 3  1
 7 | 6 7 8 1 5  9 0  3
 6 | 5 3 4 0 1  2 9 10
 5 | 4 5 3 # #  1 5  0
 4 | 3 4 5 # #  0 1  2
 3 | 2 0 1 5 3  4 8  6
 2 | 1 2 0 4 5  3 7  8
 1 | 0 1 2 3 4  5 6  7
";

#[test]
fn queen_table_is_slika_10() {
    let rows = table_of("queen");
    assert_eq!(rows.len(), 8);
    let slika = figure(SLIKA_10_QUEEN);
    for (r, (row, want)) in rows.iter().zip(&slika).enumerate() {
        assert_eq!(row.len(), 8);
        assert_eq!(&row[..7], &want[..], "rank {}", 8 - r);
        assert_eq!(row[7], Some(QUEEN_H_FILE[r]), "h{}", 8 - r);
    }
    // The figure is also what a search independent of grundy gives.
    assert_eq!(rows, brute_table(Piece::Queen, &[]));
}

#[test]
fn knight_table_is_slika_9() {
    let rows = table_of("knight");
    assert_eq!(rows, figure(SLIKA_9_KNIGHT));
    assert_eq!(rows, brute_table(Piece::Knight, &[]));
}

#[test]
fn holed_queen_table() {
    let rows = table_of("hqueen");
    assert_eq!(rows, figure(HOLED_QUEEN));
    assert_eq!(rows, brute_table(Piece::Queen, &HOLES));
    let mut p_squares = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        for (c, v) in row.iter().enumerate() {
            if *v == Some(0) {
                p_squares.push(format!("{}{}", (b'a' + c as u8) as char, 8 - i));
            }
        }
    }
    p_squares.sort();
    assert_eq!(p_squares, ["a1", "b3", "c2", "d6", "e8", "f4", "g7", "h5"]);
}

#[test]
fn text_tables_snapshot() {
    for game in ["queen", "knight", "hqueen", "bishop"] {
        let text = last_text(&format!("table {game}"));
        insta::with_settings!({ snapshot_path => "../boards/snapshots", prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(format!("table_{game}"), text);
        });
    }
}

#[test]
fn text_table_columns_line_up() {
    // Every value ends in the same column as its file letter, whatever its width.
    let Answer::Table { expr, grid } = answer("table hqueen") else {
        panic!("expected a table")
    };
    let mut out = Vec::new();
    report::write_table_text(&mut out, &expr, &grid).unwrap();
    let text = String::from_utf8(out).unwrap();
    // The lines after the heading `table hqueen:`.
    let lines: Vec<&str> = text.lines().skip(1).collect();
    let files = lines[8];
    for (c, letter) in "abcdefgh".chars().enumerate() {
        let at = files.find(letter).unwrap();
        for line in &lines[..8] {
            let cell = line[..=at].split_whitespace().last().unwrap();
            let value = figure(&format!("0 | {}", line.split_once('|').unwrap().1))[0][c];
            let shown = value.map_or("#".to_string(), |v| v.to_string());
            assert!(cell.ends_with(&shown), "{letter}: `{cell}` in `{line}`");
        }
    }
    assert!(lines[0].starts_with("8 |"));
    assert!(lines[7].starts_with("1 |"));
    // P-positions carry the mark; nothing else does.
    assert_eq!(text.matches("0'").count(), 8);
    assert_eq!(text.matches('\'').count(), 9, "8 marks and the legend");
}

#[test]
fn table_json_shape() {
    let json = last_json("table queen");
    let rows: Vec<serde_json::Value> = figure(SLIKA_10_QUEEN)
        .into_iter()
        .zip(QUEEN_H_FILE)
        .map(|(mut row, h)| {
            row.push(Some(h));
            serde_json::json!(row)
        })
        .collect();
    assert_eq!(
        json,
        serde_json::json!({"query": "table", "expr": "queen", "rows": rows})
    );
    assert_eq!(
        json.to_string(),
        format!(
            "{{\"query\":\"table\",\"expr\":\"queen\",\"rows\":[[7,8,6,9,0,1,4,5],{}",
            "[6,7,8,1,9,10,3,4],[5,3,4,0,6,8,10,1],[4,5,3,2,7,6,9,0],[3,4,5,6,2,0,1,9],\
             [2,0,1,5,3,4,8,6],[1,2,0,4,5,3,7,8],[0,1,2,3,4,5,6,7]]}"
        )
    );
    let holed = last_json("table hqueen");
    assert_eq!(
        holed["rows"][3],
        serde_json::json!([4, 5, 3, null, null, 1, 5, 0])
    );
    assert_eq!(
        holed["rows"][4],
        serde_json::json!([3, 4, 5, null, null, 0, 1, 2])
    );
    // `grundy run --json` writes tables square by square: the same text.
    for game in ["queen", "hqueen", "bishop"] {
        let (got, engine) = run(&format!("table {game}"));
        let last = got.last().expect("an answer");
        let mut streamed = Vec::new();
        report::write_json(&mut streamed, last, &engine.namer()).unwrap();
        let whole = format!("{}\n", report::json(last, &engine.namer()));
        assert_eq!(String::from_utf8(streamed).unwrap(), whole, "{game}");
    }
}

// ------------------------------------------------------------ SVG

/// Checks that every tag is closed in order; returns the tag names opened.
fn check_tags(svg: &str) -> Vec<String> {
    let mut stack: Vec<String> = Vec::new();
    let mut seen = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>').expect("unclosed `<`") + start;
        let tag = &rest[start + 1..end];
        assert!(!tag.contains('<'), "`<` inside a tag: {tag}");
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop().as_deref(), Some(name), "closing </{name}>");
        } else {
            let name = tag
                .split_whitespace()
                .next()
                .unwrap()
                .trim_end_matches('/')
                .to_string();
            seen.push(name.clone());
            if !tag.ends_with('/') {
                stack.push(name);
            }
        }
        rest = &rest[end + 1..];
    }
    assert!(stack.is_empty(), "unclosed tags: {stack:?}");
    seen
}

/// The text of every `<text class="CLASS" …>…</text>`, in document order.
fn texts(svg: &str, class: &str) -> Vec<String> {
    let open = format!("<text class=\"{class}\"");
    svg.match_indices(&open)
        .map(|(at, _)| {
            let body = &svg[at..];
            let start = body.find('>').unwrap() + 1;
            let end = body.find("</text>").unwrap();
            body[start..end].to_string()
        })
        .collect()
}

#[test]
fn svg_of_the_holed_queen() {
    let rows = table_of("hqueen");
    let svg = table_svg("hqueen", &rows, Axes::Board);
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.trim_end().ends_with("</svg>"));
    let tags = check_tags(&svg);
    assert_eq!(tags[0], "svg");
    assert_eq!(tags.iter().filter(|t| *t == "svg").count(), 1);
    assert_eq!(svg.matches("class=\"square ").count(), 64);
    assert_eq!(svg.matches("class=\"square dark\"").count(), 32);
    assert_eq!(svg.matches("class=\"blocked\"").count(), 4);
    assert!(svg.contains("<pattern id=\"hatch\""));
    assert_eq!(
        svg.matches("fill=\"url(#hatch)\"").count(),
        4 + 1,
        "4 squares and the legend"
    );
    // The values, row 8 first, blocked squares skipped.
    let want: Vec<String> = rows
        .iter()
        .flatten()
        .flatten()
        .map(u64::to_string)
        .collect();
    assert_eq!(texts(&svg, "value"), want);
    assert_eq!(svg.matches("class=\"p-position\"").count(), 8);
    assert_eq!(
        texts(&svg, "file"),
        ["a", "b", "c", "d", "e", "f", "g", "h"]
    );
    assert_eq!(
        texts(&svg, "rank"),
        ["8", "7", "6", "5", "4", "3", "2", "1"]
    );
    assert!(svg.contains("<title>table hqueen</title>"));
}

#[test]
fn svg_squares_alternate_with_a1_dark() {
    let svg = table_svg("queen", &table_of("queen"), Axes::Board);
    let classes: Vec<&str> = svg
        .match_indices("class=\"square ")
        .map(|(at, m)| {
            let rest = &svg[at + m.len()..];
            &rest[..rest.find('"').unwrap()]
        })
        .collect();
    assert_eq!(classes.len(), 64);
    for (i, class) in classes.iter().enumerate() {
        let (col, rank) = (i % 8 + 1, 8 - i / 8);
        let dark = (col + rank) % 2 == 0;
        assert_eq!(*class, if dark { "dark" } else { "light" }, "square {i}");
    }
    assert_eq!(classes[56], "dark", "a1");
    assert_eq!(classes[7], "dark", "h8");
    assert_eq!(svg.matches("class=\"blocked\"").count(), 0);
}

#[test]
fn svg_escapes_the_title_and_sizes_to_the_board() {
    let svg = table_svg(
        "a<b & \"c\"",
        &[vec![Some(12345), None], vec![Some(0), Some(1)]],
        Axes::Board,
    );
    check_tags(&svg);
    assert!(svg.contains("a&lt;b &amp; &quot;c&quot;"));
    assert_eq!(svg.matches("class=\"square ").count(), 4);
    assert_eq!(texts(&svg, "value"), ["12345", "0", "1"]);
    assert_eq!(texts(&svg, "rank"), ["2", "1"]);
    assert_eq!(texts(&svg, "file"), ["a", "b"]);
    check_tags(&table_svg("empty", &[], Axes::Board));
}

#[test]
fn svg_file_names_come_from_the_game() {
    assert_eq!(file_stem("queen", "table"), "queen");
    assert_eq!(file_stem(" hqueen ", "table"), "hqueen");
    assert_eq!(file_stem("rook[3]", "table"), "rook_3");
    assert_eq!(file_stem("sub[{1, 2}]", "table"), "sub_1_2");
    assert_eq!(file_stem("../x", "table"), "x");
    assert_eq!(file_stem("{}", "table"), "table");
}

/// `grundy run FILE --svg DIR` writes one SVG per table; a name used twice is
/// numbered; a directory that cannot be made is an error with status 2.
/// (A CLI test; it belongs with the others in one binary once those exist.)
#[test]
fn cli_run_writes_svg_files() {
    let base = std::env::temp_dir().join(format!("grundy-boards-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    std::fs::create_dir_all(&base).unwrap();
    let game = base.join("boards.game");
    std::fs::write(
        &game,
        format!("{BOARDS}\ntable queen\ntable hqueen\ntable queen\ngrundy queen(@f8)\n"),
    )
    .unwrap();
    let out = base.join("pictures/new");
    assert_cmd::Command::cargo_bin("grundy")
        .unwrap()
        .args([
            "run",
            game.to_str().unwrap(),
            "--svg",
            out.to_str().unwrap(),
        ])
        .assert()
        .success()
        .stdout(predicates::str::contains("table queen:"));
    let mut written: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    written.sort();
    assert_eq!(written, ["hqueen.svg", "queen-2.svg", "queen.svg"]);
    let queen = std::fs::read_to_string(out.join("queen.svg")).unwrap();
    assert_eq!(queen, table_svg("queen", &table_of("queen"), Axes::Board));

    // A file where the directory should be: nothing can be written.
    let blocker = base.join("not-a-dir");
    std::fs::write(&blocker, "").unwrap();
    assert_cmd::Command::cargo_bin("grundy")
        .unwrap()
        .args([
            "run",
            game.to_str().unwrap(),
            "--svg",
            blocker.to_str().unwrap(),
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("cannot write"))
        .stdout(predicates::str::contains("grundy queen(@f8) = 1"));
    let _ = std::fs::remove_dir_all(&base);
}

// ------------------------------------------------------------ the sum rule, by brute force

const HOLES: [(i8, i8); 4] = [(4, 4), (5, 4), (4, 5), (5, 5)];

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Piece {
    Queen,
    Knight,
    Bishop,
}

impl Piece {
    fn rays(self) -> (&'static [(i8, i8)], bool) {
        match self {
            Piece::Queen => (&[(-1, 0), (0, -1), (-1, -1)], true),
            Piece::Knight => (&[(-2, 1), (-2, -1), (-1, 2), (1, 2)], false),
            Piece::Bishop => (&[(-1, 1), (1, 1)], true),
        }
    }

    /// The game's name in `BOARDS` on the holed board.
    fn holed_name(self) -> &'static str {
        match self {
            Piece::Queen => "hqueen",
            Piece::Knight => "hknight",
            Piece::Bishop => "bishop",
        }
    }
}

type Placed = (Piece, i8, i8);

/// Where one piece can go: along its rays (stopping at the edge or before a
/// hole) or by its leaps (landing anywhere open).
fn piece_moves((piece, c, r): Placed, holes: &[(i8, i8)]) -> Vec<Placed> {
    let (dirs, ray) = piece.rays();
    let mut out = Vec::new();
    for &(dc, dr) in dirs {
        let (mut x, mut y) = (c + dc, r + dr);
        while (1..=8).contains(&x) && (1..=8).contains(&y) && !holes.contains(&(x, y)) {
            out.push((piece, x, y));
            if !ray {
                break;
            }
            x += dc;
            y += dr;
        }
    }
    out
}

fn mex(seen: &[u64]) -> u64 {
    (0..).find(|v| !seen.contains(v)).unwrap()
}

/// The value of a whole position of several pieces, by mex over the moves of
/// the position itself (a move moves one piece), with no nim-sum anywhere.
fn brute_sum(pieces: &[Placed], holes: &[(i8, i8)], memo: &mut HashMap<Vec<Placed>, u64>) -> u64 {
    let mut key = pieces.to_vec();
    key.sort_unstable();
    if let Some(v) = memo.get(&key) {
        return *v;
    }
    let mut seen = Vec::new();
    for i in 0..key.len() {
        for moved in piece_moves(key[i], holes) {
            let mut next = key.clone();
            next[i] = moved;
            seen.push(brute_sum(&next, holes, memo));
        }
    }
    let v = mex(&seen);
    memo.insert(key, v);
    v
}

/// One piece's table by the same search, row 8 first.
fn brute_table(piece: Piece, holes: &[(i8, i8)]) -> Vec<Vec<Option<u64>>> {
    let mut memo = HashMap::new();
    (1..=8)
        .rev()
        .map(|r| {
            (1..=8)
                .map(|c| {
                    (!holes.contains(&(c, r)))
                        .then(|| brute_sum(&[(piece, c, r)], holes, &mut memo))
                })
                .collect()
        })
        .collect()
}

fn square(c: i8, r: i8) -> String {
    format!("@{}{}", (b'a' + c as u8 - 1) as char, r)
}

fn open_square() -> impl Strategy<Value = (i8, i8)> {
    (1i8..=8, 1i8..=8).prop_filter("an open square", |sq| !HOLES.contains(sq))
}

fn placed() -> impl Strategy<Value = Placed> {
    (
        prop::sample::select(vec![Piece::Queen, Piece::Knight, Piece::Bishop]),
        open_square(),
    )
        .prop_map(|(p, (c, r))| (p, c, r))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Two or three pieces on the holed board: the value of the sum is the
    /// nim-sum of the pieces' values, and its outcome and winning moves agree
    /// with the search of the whole position.
    #[test]
    fn sum_rule_for_pieces(pieces in prop::collection::vec(placed(), 2..=3)) {
        let sum = pieces
            .iter()
            .map(|&(p, c, r)| format!("{}({})", p.holed_name(), square(c, r)))
            .collect::<Vec<_>>()
            .join(" + ");
        let mut memo = HashMap::new();
        let expected = brute_sum(&pieces, &HOLES, &mut memo);
        let (got, engine) = run(&format!("grundy {sum}\nwinning {sum}"));
        let Some(Answer::Grundy { value, .. }) = got.first() else { panic!("{got:?}") };
        prop_assert_eq!(*value, expected, "{}", sum);
        let moves = shown(&got[1], &engine);
        // Winning moves by the search: one piece moved, the rest in place.
        let mut want = BTreeSet::new();
        for i in 0..pieces.len() {
            for moved in piece_moves(pieces[i], &HOLES) {
                let mut next = pieces.clone();
                next[i] = moved;
                if brute_sum(&next, &HOLES, &mut memo) == 0 {
                    let mut shown: Vec<String> =
                        next.iter().map(|&(p, c, r)| format!("{}({})", p.holed_name(), square(c, r))).collect();
                    shown.sort();
                    want.insert(shown);
                }
            }
        }
        let got_moves: BTreeSet<Vec<String>> = moves
            .iter()
            .map(|m| {
                let mut parts: Vec<String> = m.split(" + ").map(str::to_string).collect();
                parts.sort();
                parts
            })
            .collect();
        prop_assert_eq!(got_moves, want, "{}", sum);
    }
}

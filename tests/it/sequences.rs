//! `sequence` as text: values in rows of the period, heaps in the margin, the
//! start of the periodic part marked, wrapped to the width given. Snapshots of
//! the layout, and the values in it checked against known facts (Kayles: period
//! 12 from heap 71, Guy and Smith; Nim: g(n) = n; Dawson's Kayles: period 34
//! from heap 53), not against grundy itself.

use grundy::report::text_at_width;
use grundy::{Answer, Engine};

/// The last answer of `program` as text at `width` columns.
fn text(program: &str, width: usize) -> String {
    let mut engine = Engine::default();
    let answers = engine
        .run_program(program)
        .unwrap_or_else(|p| panic!("{}: {}", p.message, p.help));
    let last = answers.last().expect("an answer");
    text_at_width(last, &engine.namer(), width).expect("text")
}

const KAYLES: &str = "game kayles = octal \"0.77\"\n";
const NIM: &str = "game nim(n: nat) { move n - k for k in 1..=n }\n";

/// Kayles' values, Winning Ways vol. 1 ch. 4 (Guy and Smith): rows 0..71 and
/// the period 72..83 that repeats for ever.
const KAYLES_ROWS: [[u32; 12]; 7] = [
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6],
    [4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7],
    [4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7],
    [4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7],
    [4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7],
    [4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7],
    [4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7],
];

/// The rows of the table a text shows: (heap in the margin, values), a row
/// split over several lines joined again, the `>` marker dropped.
fn rows_of(text: &str) -> Vec<(i64, Vec<u32>)> {
    let mut rows: Vec<(i64, Vec<u32>)> = Vec::new();
    // The header (offsets) ends at the first rule.
    let body = text
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("--"))
        .filter(|l| !l.trim_start().starts_with("--"));
    for line in body {
        let Some((label, cells)) = line.split_once(" |") else {
            continue;
        };
        let values = cells
            .split_whitespace()
            .map(|c| c.trim_start_matches('>').parse().expect("a value"));
        match label.trim() {
            "" => rows.last_mut().expect("a row to continue").1.extend(values),
            heap => rows.push((heap.parse().expect("a heap"), values.collect())),
        }
    }
    rows
}

#[test]
fn kayles_with_its_preperiod_marked() {
    let shown = text(&format!("{KAYLES}sequence kayles 0..96\n"), 80);
    insta::assert_snapshot!("kayles_0_96", shown);
    let rows = rows_of(&shown);
    assert_eq!(rows.len(), 8);
    for (i, (heap, values)) in rows.iter().enumerate() {
        assert_eq!(
            *heap,
            12 * i as i64,
            "rows start at multiples of the period"
        );
        // The last row repeats the period (heaps 84..95).
        let want = KAYLES_ROWS[i.min(6)];
        assert_eq!(values, &want.to_vec(), "row {heap}");
    }
    // The marker sits on heap 71, the last column of row 60, and the rule
    // comes before row 72, the first wholly periodic one.
    let lines: Vec<&str> = shown.lines().collect();
    let row60 = lines
        .iter()
        .position(|l| l.trim_start().starts_with("60 |"))
        .unwrap();
    assert!(lines[row60].ends_with(">7"), "{}", lines[row60]);
    assert!(lines[row60 + 1].trim_start().starts_with("---+"));
    assert!(lines[row60 + 2].trim_start().starts_with("72 |"));
    assert_eq!(
        shown.matches('>').count(),
        2,
        "the marker and its explanation"
    );
    assert!(shown.contains("periodic, preperiod 71, period 12, proven"));
    assert!(shown.contains("> marks heap 71"));
}

#[test]
fn a_proven_period_from_the_start() {
    // subtraction {1, 2, 3}: g(n) = n mod 4, period 4 from heap 0 (proven for
    // any finite subtraction set). Nothing to mark.
    let shown = text("game s = subtraction {1, 2, 3}\nsequence s 0..14\n", 80);
    insta::assert_snapshot!("subtraction_123_0_14", shown);
    let rows = rows_of(&shown);
    assert_eq!(rows.len(), 4);
    for (heap, values) in &rows {
        let want: Vec<u32> = (*heap..(*heap + 4).min(14))
            .map(|n| (n % 4) as u32)
            .collect();
        assert_eq!(values, &want);
    }
    assert!(!shown.contains('>'));
    assert!(shown.contains("periodic, preperiod 0, period 4, proven"));
}

#[test]
fn no_period_found_rows_of_twelve() {
    // Grundy's game has no known period; over 0..30 grundy finds none.
    // Values from OEIS A002188.
    let grundy_game = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
    ];
    let shown = text(
        "game gg(n: nat) { move gg(a) + gg(n - a) for a in 1..n where a < n - a }\nsequence gg 0..30\n",
        80,
    );
    insta::assert_snapshot!("grundy_game_0_30", shown);
    let rows = rows_of(&shown);
    assert_eq!(
        rows.iter().map(|r| r.0).collect::<Vec<_>>(),
        [0, 12, 24],
        "rows of 12 without a period"
    );
    let all: Vec<u32> = rows.into_iter().flat_map(|r| r.1).collect();
    assert_eq!(all, grundy_game);
    assert!(shown.contains("no regularity found"));
}

/// Values of two digits (and the offsets above them) stay in their columns:
/// every value's last digit is at the same position as its column's offset.
#[test]
fn two_digit_values_line_up() {
    let shown = text(&format!("{NIM}sequence nim 5..40\n"), 80);
    insta::assert_snapshot!("nim_5_40", shown);
    let lines: Vec<&str> = shown.lines().collect();
    // Where each number of a line ends, right of the margin.
    let ends = |l: &str| -> Vec<usize> {
        let bar = l.find('|').unwrap();
        l.char_indices()
            .filter(|&(i, c)| {
                i > bar
                    && c.is_ascii_digit()
                    && l[i + 1..]
                        .chars()
                        .next()
                        .is_none_or(|n| !n.is_ascii_digit())
            })
            .map(|(i, _)| i)
            .collect()
    };
    let columns = ends(lines[1]);
    assert_eq!(columns.len(), 12);
    for line in lines.iter().skip(3).filter(|l| l.contains(" |")) {
        let e = ends(line);
        assert!(e.iter().all(|x| columns.contains(x)), "{line}");
        // The first row starts at heap 5: its values fill the last columns.
        if line.trim_start().starts_with("0 |") {
            assert_eq!(e, columns[5..], "{line}");
        } else {
            assert_eq!(e, columns[..e.len()], "{line}");
        }
    }
    // Nim: g(n) = n, so each value is its heap, row + column.
    for (heap, values) in rows_of(&shown) {
        let first = heap.max(5);
        let want: Vec<u32> = (first..(heap + 12).min(40)).map(|n| n as u32).collect();
        assert_eq!(values, want);
    }
}

/// Dawson's Kayles (octal 0.07) has period 34 from heap 53: rows of 34 do not
/// fit 80 columns, so each row takes two lines of 17, the header too.
#[test]
fn long_rows_wrap_to_the_width() {
    let shown = text("game dawson = octal \"0.07\"\nsequence dawson 0..102\n", 80);
    insta::assert_snapshot!("dawson_0_102", shown);
    assert!(shown.lines().all(|l| l.chars().count() <= 80));
    let rows = rows_of(&shown);
    assert_eq!(rows.iter().map(|r| r.0).collect::<Vec<_>>(), [0, 34, 68]);
    // Computed by brute force (examples/dawson_octal.game): heaps 0..=60, and
    // g(86) = 9 in the full period listed there.
    let known = [
        0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0,
        4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0,
        2,
    ];
    let all: Vec<u32> = rows.iter().flat_map(|r| r.1.clone()).collect();
    assert_eq!(all[..=60], known);
    assert_eq!(all[86], 9);
    assert!(rows.iter().all(|r| r.1.len() == 34));
    // Periodic from 53: heaps 68..102 repeat heaps 34..68 from column 19 on.
    assert_eq!(rows[2].1[19..], rows[1].1[19..]);
    assert!(shown.contains("period 34"));
    // At 40 columns the rows break into more, shorter lines; nothing is lost.
    let narrow = text("game dawson = octal \"0.07\"\nsequence dawson 0..102\n", 40);
    assert!(narrow
        .lines()
        .filter(|l| l.contains(" |"))
        .all(|l| l.chars().count() <= 40));
    assert_eq!(rows_of(&narrow), rows);
}

/// The JSON answer keeps its shape: the values as one list.
#[test]
fn json_is_unchanged() {
    let mut engine = Engine::default();
    let answers = engine
        .run_program(&format!("{NIM}sequence nim 0..5\n"))
        .unwrap();
    let Some(a @ Answer::Sequence { .. }) = answers.last() else {
        panic!("a sequence")
    };
    let json = grundy::report::json(a, &engine.namer());
    assert_eq!(json["values"], serde_json::json!([0, 1, 2, 3, 4]));
    assert_eq!(json["regularity"]["period"], 1);
}

/// The values of a subtraction game (remove k ∈ `set`) or an all-but game
/// (remove any k ≥ 1 not in `set`), heaps 0..=last, by the textbook mex loop.
fn plain_values(set: &[usize], all_but: bool, last: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..=last {
        let moves: Vec<usize> = if all_but {
            (1..=n).filter(|k| !set.contains(k)).collect()
        } else {
            set.iter().copied().filter(|&k| k <= n).collect()
        };
        let seen: std::collections::HashSet<u32> = moves.iter().map(|&k| g[n - k]).collect();
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

/// The values of the last answer, and the answer as `run` prints it, as text
/// and as JSON, through the streaming writers.
fn sequence_outputs(program: &str) -> (Vec<u32>, String, String) {
    let mut engine = Engine::default();
    let answers = engine
        .run_program(program)
        .unwrap_or_else(|p| panic!("{}: {}", p.message, p.help));
    let Some(a @ Answer::Sequence { values, .. }) = answers.last() else {
        panic!("a sequence")
    };
    // The largest value found from the period's ends is the walk's largest.
    assert_eq!(values.max(), values.iter().max(), "{program}");
    let namer = engine.namer();
    let (mut text, mut json) = (Vec::new(), Vec::new());
    grundy::report::write_text_at_width(&mut text, a, &namer, 80).unwrap();
    grundy::report::write_json(&mut json, a, &namer).unwrap();
    // The streaming writers print exactly what the whole answers show.
    let whole_text = text_at_width(a, &namer, 80).unwrap() + "\n";
    let whole_json = grundy::report::json(a, &namer).to_string() + "\n";
    let (text, json) = (
        String::from_utf8(text).unwrap(),
        String::from_utf8(json).unwrap(),
    );
    assert_eq!(text, whole_text);
    assert_eq!(json, whole_json);
    (values.iter().collect(), text, json)
}

/// A long range of a game whose period a theorem settles early: the values
/// past the heaps computed follow the period, and they are the textbook loop's
/// values. Rules that are exactly a subtraction game's are proven like the
/// constructor (LANGUAGE.md §4), whether the option is written `n - k` or
/// `r(n - k)`.
#[test]
fn long_proven_ranges_match_the_plain_loop() {
    let sub = "game sub[S](n: nat) { move n - k for k in S where k <= n }\n";
    let cases = [
        (
            format!("{sub}sequence sub[{{3, 4, 6, 10}}] 0..=200000"),
            vec![3, 4, 6, 10],
            false,
            0,
            200_000,
            "proven",
        ),
        (
            format!("{sub}sequence sub[{{2, 5, 7}}] 12345..=150000"),
            vec![2, 5, 7],
            false,
            12_345,
            150_000,
            "proven",
        ),
        (
            // The same rules with the option written as a position of the game:
            // proven like the constructor (LANGUAGE.md §4).
            "game r(n: nat) { move r(n - k) for k in {1, 3, 4} where k <= n }\nsequence r 0..=50000"
                .to_string(),
            vec![1, 3, 4],
            false,
            0,
            50_000,
            "proven",
        ),
        (
            "game s = subtraction {3, 5}\nsequence s 7..=120000".to_string(),
            vec![3, 5],
            false,
            7,
            120_000,
            "proven",
        ),
        (
            "game a = allbut {1, 2}\nsequence a 100..=9000".to_string(),
            vec![1, 2],
            true,
            100,
            9_000,
            "proven",
        ),
    ];
    for (program, set, all_but, from, last, word) in cases {
        let (got, text, json) = sequence_outputs(&program);
        let plain = plain_values(&set, all_but, last);
        assert_eq!(got, plain[from..], "{program}");
        assert!(text.contains(word), "{program}: {text:.200}");
        let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(
            parsed["values"].as_array().map(Vec::len),
            Some(last + 1 - from)
        );
        // Fewer heaps were computed than the range holds: the proof covered it.
        assert!(
            parsed["searched"].as_u64().unwrap() < last as u64,
            "{program}"
        );
    }
}

/// Short ranges and ranges without a proof print through the writers exactly
/// as before (the writers are checked against the whole answers inside).
#[test]
fn writers_match_whole_answers() {
    for program in [
        format!("{NIM}sequence nim 0..5"),
        format!("{KAYLES}sequence kayles 60..96"),
        "game g(n: nat) { move g(a) + g(n - a) for a in 1..n where a < n - a }\nsequence g 3..=200"
            .to_string(),
    ] {
        sequence_outputs(&program);
    }
}

/// A long range of a proven period: rows that repeat are written from the
/// row before with the margin counted on, so every margin number (across
/// 96 → 108, 996 → 1008, … 99,996 → 100,008) and every value is checked
/// against Guy and Smith's Kayles values.
#[test]
fn long_periodic_ranges_count_their_margins() {
    let shown = text(&format!("{KAYLES}sequence kayles 7..=100500\n"), 80);
    let rows = rows_of(&shown);
    let kayles = |n: i64| -> u32 {
        let row = (n / 12).min(6) as usize;
        KAYLES_ROWS[row][(n % 12) as usize]
    };
    assert_eq!(rows.len(), 100500 / 12 + 1);
    for (i, (heap, values)) in rows.iter().enumerate() {
        assert_eq!(*heap, 12 * i as i64, "row {i}");
        let first = (*heap).max(7);
        let want: Vec<u32> = (first..(heap + 12).min(100501)).map(kayles).collect();
        assert_eq!(values, &want, "row of heap {heap}");
    }
}

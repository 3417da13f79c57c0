//! Capture games read from their rules: a partizan game over a grid of row
//! strings where each player moves one of its stones onto an orthogonally
//! adjacent cell holding an opponent's stone, which is removed, leaving the
//! stone's cell empty — Clobber, in any subset of the four directions for
//! each side. The rules are read by the same symbolic reader as placement
//! games ([`super::placement::read_rules`]), then each rule must be one
//! capture in one direction: two adjacent cells tested for the mover's stone
//! and the opponent's, written as empty and the mover's stone.
//!
//! Every other character of the grid is empty for the game: no rule tests
//! it. [`crate::solve::partizan::capture`] values the game on packed boards.

use super::placement::{read_rules, ReadRule};
use crate::check::program::{Game, GameId};

/// Right, left, down and up: the directions of a capture, as bits.
pub const DIRECTIONS: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

/// A capture game: the stones, the empty character, and the directions each
/// side captures in (bit `i` for [`DIRECTIONS`]`[i]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Capture {
    /// Left's stone.
    pub left: char,
    /// Right's stone.
    pub right: char,
    /// What a stone leaves behind.
    pub empty: char,
    /// Left's directions.
    pub left_dirs: u8,
    /// Right's directions.
    pub right_dirs: u8,
    /// Positions are one string (a board of one row), not a list of rows.
    pub row: bool,
}

impl Capture {
    /// Clobber: Left's stones `x`, Right's `o`, every direction both ways
    /// (the tests' game).
    #[cfg(test)]
    pub(crate) fn clobber() -> Capture {
        Capture {
            left: 'x',
            right: 'o',
            empty: '.',
            left_dirs: 0b1111,
            right_dirs: 0b1111,
            row: false,
        }
    }
}

/// One rule as (mover's stone, captured stone, empty, direction bit).
fn capture(rule: &ReadRule) -> Option<(char, char, char, u8)> {
    if rule.mode.is_some() {
        return None;
    }
    let [(a, ca), (b, cb)] = rule.tested.as_slice() else {
        return None;
    };
    let [(wa_at, wa), (wb_at, wb)] = rule.written.as_slice() else {
        return None;
    };
    if (wa_at, wb_at) != (a, b) {
        return None;
    }
    let vertical = match (b.0.checked_sub(a.0)?, b.1.checked_sub(a.1)?) {
        (0, 1) => false,
        (1, 0) => true,
        _ => return None,
    };
    // The mover at the first cell moves forward (right or down): it tests
    // (s, u) and writes (e, s); at the second, back: (u, s) and (s, e).
    let forward = (*ca, *cb, *wa, *wb);
    let back = (*cb, *ca, *wb, *wa);
    let (s, u, e, forward) =
        [(forward, true), (back, false)]
            .into_iter()
            .find_map(|((s, u, e, t), f)| {
                (t == s && s != u && s != e && u != e).then_some((s, u, e, f))
            })?;
    let bit = match (vertical, forward) {
        (false, true) => 0,
        (false, false) => 1,
        (true, true) => 2,
        (true, false) => 3,
    };
    Some((s, u, e, 1 << bit))
}

/// The capture game `game` (instance of game `this`) plays, when its rules
/// have that shape.
pub fn recognise(game: &Game, this: GameId) -> Option<Capture> {
    let mut sides: [Option<(char, char)>; 2] = [None, None];
    let mut dirs = [0u8; 2];
    let mut empty = None;
    let (rules, row) = read_rules(game, this)?;
    for rule in rules {
        let side = match rule.sides {
            (true, false) => 0,
            (false, true) => 1,
            _ => return None,
        };
        let (s, u, e, bit) = capture(&rule)?;
        if *empty.get_or_insert(e) != e {
            return None;
        }
        let stones = sides.get_mut(side)?;
        if *stones.get_or_insert((s, u)) != (s, u) {
            return None;
        }
        *dirs.get_mut(side)? |= bit;
    }
    // Each side's stones, the other's swapped, must agree.
    let (l, r) = match sides {
        [Some(l), Some(r)] if r == (l.1, l.0) => (l.0, l.1),
        [Some(l), None] => (l.0, l.1),
        [None, Some(r)] => (r.1, r.0),
        _ => return None,
    };
    Some(Capture {
        left: l,
        right: r,
        empty: empty?,
        left_dirs: dirs[0],
        right_dirs: dirs[1],
        row,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    /// What game `g` of `program` is read as.
    fn read(program: &str) -> Option<Capture> {
        super::super::compiled_of(program, "g")
            .capture
            .as_deref()
            .cloned()
    }

    /// A rule moving stone `s` onto stone `u` in one direction (right,
    /// left, down, up), leaving `e`.
    fn rule(side: &str, dir: usize, s: char, u: char, e: char) -> String {
        let across = "for r in 0..len(b), c in 0..len(b[r]) - 1";
        let down = "for r in 0..len(b) - 1, c in 0..len(b[r])";
        match dir {
            0 => format!("{side} b with [r] = (b[r] with [c] = \"{e}\", [c + 1] = \"{s}\") {across} where b[r][c] == \"{s}\" and b[r][c + 1] == \"{u}\""),
            1 => format!("{side} b with [r] = (b[r] with [c] = \"{s}\", [c + 1] = \"{e}\") {across} where b[r][c] == \"{u}\" and b[r][c + 1] == \"{s}\""),
            2 => format!("{side} b with [r] = (b[r] with [c] = \"{e}\"), [r + 1] = (b[r + 1] with [c] = \"{s}\") {down} where b[r][c] == \"{s}\" and b[r + 1][c] == \"{u}\""),
            _ => format!("{side} b with [r] = (b[r] with [c] = \"{s}\"), [r + 1] = (b[r + 1] with [c] = \"{e}\") {down} where b[r][c] == \"{u}\" and b[r + 1][c] == \"{s}\""),
        }
    }

    fn game(rules: &[String]) -> String {
        format!("partizan game g(b: list) {{\n{}\n}}", rules.join("\n"))
    }

    fn clobber_rules() -> Vec<String> {
        let mut rules: Vec<String> = (0..4).map(|d| rule("left", d, 'x', 'o', '.')).collect();
        rules.extend((0..4).map(|d| rule("right", d, 'o', 'x', '.')));
        rules
    }

    #[test]
    fn clobber_written_as_rules() {
        assert_eq!(read(&game(&clobber_rules())), Some(Capture::clobber()));
        // One row: captures along it only, in the order written.
        let row = vec![
            rule("right", 1, 'o', 'x', '.'),
            rule("left", 0, 'x', 'o', '.'),
        ];
        let got = read(&game(&row)).unwrap();
        assert_eq!((got.left_dirs, got.right_dirs), (0b0001, 0b0010));
    }

    /// Linear Clobber as GAMES.md writes it, on one string.
    #[test]
    fn clobber_on_a_string() {
        let program = r#"partizan game g(s: string) {
    left  s[0..i] ++ ".x" ++ s[(i + 2)..len(s)] for i in 0..len(s) - 1 where s[i] == "x" and s[i + 1] == "o"
    left  s[0..i] ++ "x." ++ s[(i + 2)..len(s)] for i in 0..len(s) - 1 where s[i] == "o" and s[i + 1] == "x"
    right s[0..i] ++ ".o" ++ s[(i + 2)..len(s)] for i in 0..len(s) - 1 where s[i] == "o" and s[i + 1] == "x"
    right s[0..i] ++ "o." ++ s[(i + 2)..len(s)] for i in 0..len(s) - 1 where s[i] == "x" and s[i + 1] == "o"
}"#;
        assert_eq!(
            read(program),
            Some(Capture {
                left: 'x',
                right: 'o',
                empty: '.',
                left_dirs: 0b0011,
                right_dirs: 0b0011,
                row: true,
            })
        );
        // The last pair left out, or the string untyped (then it would be a
        // list of rows): not read.
        let short = program.replacen("0..len(s) - 1", "0..len(s) - 2", 1);
        assert_eq!(read(&short), None);
        let untyped = program.replace("(s: string)", "(s)");
        assert_eq!(read(&untyped), None);
    }

    #[test]
    fn near_misses_are_not_capture_games() {
        let mut cases: Vec<Vec<String>> = Vec::new();
        // Right's stones not Left's prey.
        let mut r = clobber_rules();
        r[4] = rule("right", 0, 'o', 'z', '.');
        cases.push(r);
        // A different empty character on one side.
        let mut r = clobber_rules();
        r[5] = rule("right", 1, 'o', 'x', '#');
        cases.push(r);
        // Both sides move the same stones.
        let mut r = clobber_rules();
        r[6] = rule("move", 2, 'x', 'o', '.');
        cases.push(r);
        // The captured stone survives: the mover's cell is written with its
        // own stone.
        let mut r = clobber_rules();
        r[0] = r[0].replace(
            "[c] = \".\", [c + 1] = \"x\"",
            "[c] = \"x\", [c + 1] = \"x\"",
        );
        cases.push(r);
        // A move onto an empty cell, not a capture.
        let mut r = clobber_rules();
        r[1] = rule("left", 1, 'x', '.', 'o');
        cases.push(r);
        // The last column left out of a horizontal capture.
        let mut r = clobber_rules();
        r[0] = r[0].replace("len(b[r]) - 1 where", "len(b[r]) - 2 where");
        cases.push(r);
        for rules in cases {
            assert_eq!(read(&game(&rules)), None, "{}", rules.join("\n"));
        }
        let stop = format!(
            "partizan game g(b: list) {{\n stop when len(b) > 3\n{}\n}}",
            clobber_rules().join("\n")
        );
        assert_eq!(read(&stop), None);
    }
}

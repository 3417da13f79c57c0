//! Decides which newlines end a statement (LANGUAGE.md §2), before pest sees the text.
//!
//! A newline ends a statement unless a bracket is open, the line ends with a comma
//! or a binary operator, or the next non-blank line begins with `for` or `where`.
//! Continuation newlines become spaces and comments become spaces, so the grammar
//! can treat every remaining `\n` as a terminator. The output has exactly the same
//! byte length and offsets as the input, so spans need no translation.

/// The text handed to the parser, and whether the input looks unfinished.
#[derive(Debug, Clone)]
pub struct Layout {
    /// The input with continuation newlines and comments replaced by spaces.
    pub text: String,
    /// True when the input ends inside a bracket or after an operator:
    /// the REPL asks for another line instead of reporting an error.
    pub incomplete: bool,
    /// The byte offset of the first bracket nested deeper than [`MAX_NESTING`],
    /// or of the first prefix operator past [`MAX_PREFIX_RUN`] in a row.
    pub too_deep: Option<usize>,
    /// What `too_deep` points at.
    pub too_deep_kind: Nesting,
}

/// What nests too deeply for the parser's stack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Nesting {
    /// Brackets inside brackets.
    #[default]
    Brackets,
    /// Prefix operators in a row.
    Prefixes,
    /// `if` expressions in one statement.
    Ifs,
}

/// Deepest bracket nesting accepted: the parser and the evaluator recurse once
/// per level, so deeper input is refused with a diagnostic, not a stack overflow.
/// Measured on the 256 MiB stack the CLI and the REPL run on: 40,000 levels of
/// braces, calls, lists or parentheses still evaluate, 60,000 of braces do not.
#[cfg(not(target_family = "wasm"))]
pub const MAX_NESTING: i64 = 10_000;

/// In WebAssembly the parser's frames take the browser's stack, about 1 MB
/// in V8: 937 nested lists and 1,250 nested parentheses overflowed it.
#[cfg(target_family = "wasm")]
pub const MAX_NESTING: i64 = 400;

/// Most prefix operators (`-`, `not`) in a row: the parser folds a run of
/// them recursively. On the command line's stack this is never the limit
/// that binds (an expression's 100,000 operators are checked after parsing);
/// in WebAssembly a run of about 3,000 overflowed the browser's stack.
#[cfg(not(target_family = "wasm"))]
pub const MAX_PREFIX_RUN: i64 = 1_000_000;

/// See the native [`MAX_PREFIX_RUN`].
#[cfg(target_family = "wasm")]
pub const MAX_PREFIX_RUN: i64 = 400;

/// Rewrites `source` so that only statement-ending newlines remain.
/// Text as the parser wants it, every byte offset kept: a leading byte-order
/// mark becomes three spaces, and a carriage return not followed by a line feed
/// (old Mac line endings) becomes a line feed.
pub fn normalize(source: &str) -> std::borrow::Cow<'_, str> {
    let bom = source.starts_with('\u{feff}');
    let lone_cr = source
        .as_bytes()
        .windows(2)
        .any(|w| w.first() == Some(&b'\r') && w.get(1) != Some(&b'\n'))
        || source.ends_with('\r');
    if !bom && !lone_cr {
        return std::borrow::Cow::Borrowed(source);
    }
    let mut out = String::with_capacity(source.len());
    let body = if bom {
        out.push_str("   ");
        source.get(3..).unwrap_or("")
    } else {
        source
    };
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' && chars.peek() != Some(&'\n') {
            out.push('\n');
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Runs the layout pass (see the module docs).
pub fn layout(source: &str) -> Layout {
    let mut scanned = scan(source);
    join_continued_lines(&mut scanned.out, &scanned.candidates);
    let text = String::from_utf8_lossy(&scanned.out).into_owned();
    let tail = text.trim_end();
    // An unclosed string is not unfinished: strings end on their line.
    let incomplete = scanned.depth > 0 || (!tail.is_empty() && ends_with_operator(tail));
    Layout {
        text,
        incomplete,
        too_deep: scanned.too_deep,
        too_deep_kind: scanned.too_deep_kind,
    }
}

/// What one pass over the source finds, before deciding which line ends
/// continue onto the next line.
struct Scan {
    /// The source with comments and newlines inside brackets made spaces.
    out: Vec<u8>,
    /// Bracket depth at the end (above 0: brackets left open).
    depth: i64,
    /// The byte offset of the first bracket nested deeper than [`MAX_NESTING`],
    /// or of the first prefix operator past [`MAX_PREFIX_RUN`] in a row.
    too_deep: Option<usize>,
    /// What `too_deep` points at.
    too_deep_kind: Nesting,
    /// Each newline that ends a line outside brackets, with the byte offset
    /// where its line starts: (newline index, line start).
    candidates: Vec<(usize, usize)>,
}

/// Scans `source` once, tracking strings and bracket depth: blanks comments and
/// the newlines inside brackets, and collects the other newlines (see [`Scan`]).
fn scan(source: &str) -> Scan {
    let mut out: Vec<u8> = source.as_bytes().to_vec();
    let bytes = source.as_bytes();
    let mut depth: i64 = 0;
    let mut too_deep = None;
    let mut too_deep_kind = Nesting::Brackets;
    // Prefix operators (`-`, `not`) in a row, blanks between them allowed.
    let mut prefix_run: i64 = 0;
    let mut ifs_in_statement: i64 = 0;
    let mut in_string = false;
    let mut i = 0;
    let mut line_start = 0;
    let mut candidates: Vec<(usize, usize)> = Vec::new();
    while i < bytes.len() {
        let c = bytes.get(i).copied().unwrap_or(b' ');
        if in_string {
            match c {
                b'\\' => i += 1,
                b'"' => in_string = false,
                b'\n' => in_string = false, // unterminated: the parser reports it
                _ => {}
            }
            i += 1;
            continue;
        }
        let not_word = word_at(bytes, i, b"not");
        if word_at(bytes, i, b"if") {
            // An `if` nests its branches without brackets (and so does a
            // chain of `else if`): each counts as a level.
            ifs_in_statement += 1;
            if ifs_in_statement > MAX_NESTING && too_deep.is_none() {
                too_deep = Some(i);
                too_deep_kind = Nesting::Ifs;
            }
        }
        if c == b'\n' && depth <= 0 {
            ifs_in_statement = 0;
        }
        if c == b'-' || not_word {
            prefix_run += 1;
            if prefix_run > MAX_PREFIX_RUN && too_deep.is_none() {
                too_deep = Some(i);
                too_deep_kind = Nesting::Prefixes;
            }
            if not_word {
                // Not a bracket, quote, comment or newline: nothing else to see.
                i += 3;
                continue;
            }
        } else if !c.is_ascii_whitespace() {
            prefix_run = 0;
        }
        match c {
            b'"' => in_string = true,
            b'#' => {
                while i < bytes.len() && bytes.get(i) != Some(&b'\n') {
                    if let Some(slot) = out.get_mut(i) {
                        *slot = b' ';
                    }
                    i += 1;
                }
                continue;
            }
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING && too_deep.is_none() {
                    too_deep = Some(i);
                }
            }
            b')' | b']' | b'}' => depth -= 1,
            b'\n' => {
                if depth > 0 {
                    if let Some(slot) = out.get_mut(i) {
                        *slot = b' ';
                    }
                } else {
                    candidates.push((i, line_start));
                }
                line_start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    Scan {
        out,
        depth,
        too_deep,
        too_deep_kind,
        candidates,
    }
}

/// Whether the keyword `word` starts at `i` of `bytes`, as a whole word.
fn word_at(bytes: &[u8], i: usize, word: &[u8]) -> bool {
    let ident = |b: &u8| b.is_ascii_alphanumeric() || *b == b'_';
    bytes.get(i..i + word.len()) == Some(word)
        && !i
            .checked_sub(1)
            .and_then(|j| bytes.get(j))
            .is_some_and(ident)
        && !bytes.get(i + word.len()).is_some_and(ident)
}

/// Makes a space of each candidate newline whose line ends with an operator or
/// whose next line begins with `for` or `where`: both are judged on the text as
/// the scan left it, before any newline is joined.
fn join_continued_lines(out: &mut [u8], candidates: &[(usize, usize)]) {
    let text_now = String::from_utf8_lossy(out).into_owned();
    let mut continued = vec![false; candidates.len()];
    for (k, &(nl, start)) in candidates.iter().enumerate() {
        let line = text_now.get(start..nl).unwrap_or("");
        let next = text_now.get(nl + 1..).unwrap_or("");
        if ends_with_operator(line) || next_line_continues(next) {
            if let Some(flag) = continued.get_mut(k) {
                *flag = true;
            }
        }
    }
    for (k, &(nl, _)) in candidates.iter().enumerate() {
        if continued.get(k).copied().unwrap_or(false) {
            if let Some(slot) = out.get_mut(nl) {
                *slot = b' ';
            }
        }
    }
}

/// True when a line's last token asks for more: a comma, an operator, `=`, or a
/// word operator such as `and`.
fn ends_with_operator(line: &str) -> bool {
    let line = line.trim_end();
    let Some(last) = line.chars().last() else {
        return false;
    };
    if (last == '^' || last == '*') && ends_with_game_literal(line) {
        return false;
    }
    if ",+-*/%^=<>.|".contains(last) {
        // `assert compare G H == <`: a relation written after `==` is a value,
        // and the statement ends with it.
        let value = line.trim_end_matches(|c| "<>=|".contains(c));
        let relation = line.get(value.len()..).unwrap_or("");
        let after_eq = value.trim_end().ends_with("==") && value.len() < line.len();
        return !(after_eq && ["<", ">", "=", "||"].contains(&relation));
    }
    const WORDS: [&str; 7] = ["and", "or", "not", "in", "then", "else", "with"];
    WORDS.iter().any(|w| {
        line.ends_with(w) && {
            let before = line.get(..line.len() - w.len()).unwrap_or("");
            before
                .chars()
                .last()
                .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_'))
        }
    })
}

/// True when a line ending in `^` or `*` ends with a game literal (`^`, `^^`,
/// `^*`, `v*`, a lone `*`) rather than a binary operator waiting for its right
/// operand: the run of `^`/`*` is a literal when it follows an operator, a
/// bracket, a comma or a keyword (`== ^`, `{0 | *`, `canonical *`), when it is
/// `^^` or `^*`, or when it is `*` right after `v`, `vv` or `v3` (`v*`).
fn ends_with_game_literal(line: &str) -> bool {
    let before = line.trim_end_matches(['^', '*']);
    let run = line.get(before.len()..).unwrap_or("");
    if run.len() >= 2 && run.starts_with('^') {
        return true;
    }
    if run == "*" {
        let word_start = before
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        let word = before.get(word_start..).unwrap_or("");
        if super::lower::is_downs(word) {
            return true;
        }
    }
    let prev = before.trim_end();
    match prev.chars().last() {
        None => true,
        Some(c) if c.is_ascii_alphanumeric() || c == '_' => {
            // After a keyword the run is an operand: `canonical *`.
            let word_start = prev
                .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .map_or(0, |i| i + 1);
            let word = prev.get(word_start..).unwrap_or("");
            const OPERAND_BEFORE: &[&str] = &[
                "canonical",
                "outcome",
                "grundy",
                "moves",
                "winning",
                "compare",
                "temperature",
                "mean",
                "leftstop",
                "rightstop",
                "thermograph",
                "print",
                "assert",
                "left",
                "right",
                "move",
                "misere",
                "atomicweight",
                "reduced",
                "cool",
                "heat",
                "overheat",
                "norton",
                "ordinalsum",
                // `heat G by *`, `overheat G from ^ to *`.
                "by",
                "from",
                "to",
            ];
            OPERAND_BEFORE.contains(&word)
        }
        Some(c) => !(c == ')' || c == ']' || c == '}' || c == '"'),
    }
}

/// True when the next non-blank line begins with `for` or `where`.
fn next_line_continues(rest: &str) -> bool {
    let first = rest
        .lines()
        .map(str::trim_start)
        .find(|l| !l.is_empty())
        .unwrap_or("");
    ["for", "where"].iter().any(|w| {
        first.starts_with(w)
            && first
                .get(w.len()..)
                .and_then(|r| r.chars().next())
                .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_'))
    })
}

#[cfg(test)]
#[allow(
    clippy::indexing_slicing,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic
)]
mod tests {
    use super::*;

    #[test]
    fn keeps_offsets_and_joins_continuations() {
        let src = "let a = 1 +\n  2\nlet b = [1,\n2]  # c\nprint a\n  for x in y";
        let out = layout(src);
        assert_eq!(out.text.len(), src.len());
        assert_eq!(out.text.matches('\n').count(), 2);
        assert!(!out.incomplete);
    }

    #[test]
    fn open_bracket_is_incomplete() {
        assert!(layout("game g(n) {\n move n - 1").incomplete);
        assert!(layout("let x = 1 +").incomplete);
        assert!(!layout("let x = 1").incomplete);
        assert!(
            !layout("print \"abc").incomplete,
            "an unclosed string is an error, not more input"
        );
    }

    #[test]
    fn game_literals_end_a_line() {
        for ended in [
            "assert canonical up1() == ^",
            "assert canonical g == ^^",
            "assert canonical g == ^*",
            "assert canonical g == v*",
            "assert canonical g == *",
            "canonical *",
            "let x = g + *",
        ] {
            let out = layout(&format!("{ended}\nprint 1"));
            assert_eq!(out.text.matches('\n').count(), 1, "{ended}");
        }
        for continued in ["let x = a ^", "let x = a *", "let x = (a) *"] {
            let out = layout(&format!("{continued}\n b"));
            assert_eq!(out.text.matches('\n').count(), 0, "{continued}");
        }
    }

    #[test]
    fn hash_in_string_is_not_a_comment() {
        let out = layout("print \"a#b\"");
        assert_eq!(out.text, "print \"a#b\"");
    }
}

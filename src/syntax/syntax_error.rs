//! Errors in the text of a program: what the parser or the lowering rejects.

use crate::diagnostics::{closest, Describe, Span};
use crate::syntax::ast::QueryKind;
use std::fmt;

/// A syntax error, with the span it points at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SyntaxError {
    /// The grammar did not match: `game g(n) move n - 1 }` (missing `{`).
    Unexpected {
        /// Where parsing stopped.
        span: Span,
        /// What would have been accepted there.
        expected: Vec<String>,
        /// What is not allowed there.
        unexpected: Vec<String>,
        /// What was found instead.
        found: String,
        /// The input ended inside a bracket or after an operator (the REPL waits for more).
        incomplete: bool,
    },
    /// `nim(3) + nim(5)` alone on a line of a file: shown at the REPL prompt,
    /// not a statement of a file.
    BareExpression {
        /// The expression.
        span: Span,
        /// Its text.
        text: String,
    },
    /// An integer literal that does not fit 64 bits: `99999999999999999999`.
    IntegerTooLarge {
        /// The literal.
        span: Span,
    },
    /// Brackets nested deeper than the layout pass accepts.
    TooDeep {
        /// The first bracket too deep, or the first prefix operator too many.
        span: Span,
        /// What nests: brackets, prefix operators, `if`s.
        kind: super::layout::Nesting,
    },
    /// An expression whose operators nest deeper than the stack allows (at
    /// most [`super::lower::MAX_DEPTH`]).
    TooLong {
        /// Where the expression starts.
        span: Span,
        /// The deepest allowed.
        limit: usize,
    },
    /// `^3000000000`: more ups than canonical forms hold.
    TooManyArrows {
        /// The literal.
        span: Span,
    },
    /// A square literal with row 0 or absurd size: `@a0`.
    BadSquare {
        /// The literal.
        span: Span,
    },
    /// Comparisons do not chain: `a < b < c`.
    ChainedComparison {
        /// The whole chain.
        span: Span,
        /// The operator that continues the chain.
        op: String,
    },
    /// `pass` or a label inside a loopy literal, not as a whole option
    /// (`{0 | pass + 1}`), or a label before braces that are a set.
    LoopRef {
        /// The option, or the labelled set.
        span: Span,
    },
    /// Something the grammar guarantees did not hold: a bug in grundy, not the user's fault.
    Internal {
        /// Where it happened.
        span: Span,
        /// What was presumed.
        what: String,
    },
}

/// Words that can never be names (LANGUAGE.md §2).
const RESERVED: [&str; 26] = [
    "game", "partizan", "board", "let", "move", "left", "right", "stop", "when", "for", "in",
    "where", "on", "without", "if", "then", "else", "and", "or", "not", "with", "true", "false",
    "misere", "assert", "print",
];

/// The words a statement starts with.
fn statement_words() -> impl Iterator<Item = &'static str> {
    [
        "game", "partizan", "board", "let", "print", "assert", "misere",
    ]
    .into_iter()
    .chain(QueryKind::ALL.iter().map(|q| q.keyword()))
}

/// Operators that join two operands, which never start a statement.
const INFIX: [&str; 19] = [
    "+", "-", "*", "/", "%", "^", "++", "==", "!=", "<=", ">=", "<", ">", "..", "..=", "and", "or",
    "in", "|",
];

/// The help for input the grammar did not accept: `found` where one of
/// `expected` may stand.
fn unexpected_help(expected: &[String], found: &str, incomplete: bool) -> String {
    let word = found.trim_matches('`');
    let expects = |what: &str| expected.iter().any(|e| e == what);
    let at_statement = expects("a statement") || expects("`let`");
    if incomplete {
        "the input ends early: close every `(`, `[` and `{` and finish the last expression".into()
    } else if found == "`=`" && expects("an operator") {
        "`=` binds a name (in `let`, `for` and `with`); to compare, write `==`".into()
    } else if ["move", "left", "right", "stop"].contains(&word) && expects("`{`") {
        format!("a game's rules go inside braces: `game NAME(PARAMS) {{ {word} … }}`")
    } else if ["move", "left", "right", "stop"].contains(&word) && expects("a statement") {
        format!("`{word}` starts a rule, and rules go inside a game body: `game NAME(PARAMS) {{ {word} … }}`")
    } else if at_statement && INFIX.contains(&word) {
        format!("a line cannot start with {found}: to continue the previous line, end it with {found} and write the rest on this one")
    } else if let Some(near) = at_statement
        .then(|| closest(word, statement_words()))
        .flatten()
    {
        format!("did you mean `{near}`?")
    } else if RESERVED.contains(&word) && expected.iter().any(|e| e.starts_with("an expression")) {
        format!("an expression is missing before {found}: write the value here (e.g. `move n - k for k in 1..=n`)")
    } else if RESERVED.contains(&word) {
        format!("{found} is a reserved word of the language; choose another name")
    } else if found == "`\"`" {
        "a string ends with `\"` on the same line".into()
    } else if expects("`up to`") && expects("the end of the line") {
        "`quotient kayles up to 20` names a game and a bound, `quotient kayles(5)` a position; `sequence` names the game, then a range, then perhaps `up to N`: `sequence kayles 0..20 up to 100000`".into()
    } else if expects("`up to`") {
        "write `quotient G up to N` with the game's name (`quotient kayles up to 20`), not a position".into()
    } else if found == "`|`" {
        "a game `{A, B | C}` has one `|` between Left's and Right's options; nest games in their own braces: `{0 | {1 | 2}}`".into()
    } else if let Some(help) = missing_comma(expected) {
        help.into()
    } else if expects("`move`") && expects("`}`") && !statement_words().any(|w| w == word) {
        format!("each rule starts with `move` (or `left`, `right`, `stop when`): `move {word} …`; or is a `}}` missing before this line?")
    } else if expects("`}`") {
        "a game body ends with `}`: is one missing before this line?".into()
    } else if expects("`{`") {
        "a game body is written `game NAME(PARAMS) { move … }`".into()
    } else if found == "the end of the line" {
        "a statement ends at the end of a line; continue it after an operator or a comma, or inside brackets".into()
    } else {
        "statements are `game`, `board`, `let`, `print`, `assert` and queries like `grundy G`"
            .into()
    }
}

fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SyntaxError::Unexpected {
                expected,
                unexpected,
                found,
                ..
            } => {
                if !expected.is_empty() {
                    write!(f, "expected {}, found {}", list(expected), found)
                } else if !unexpected.is_empty() {
                    write!(f, "unexpected {}", list(unexpected))
                } else {
                    write!(f, "unexpected {found}")
                }
            }
            SyntaxError::BareExpression { .. } => {
                write!(f, "a bare expression is not a statement of a file")
            }
            SyntaxError::IntegerTooLarge { .. } => {
                write!(f, "integer literal does not fit in 64 bits")
            }
            SyntaxError::BadSquare { .. } => {
                write!(f, "not a square: rows and columns run from 1 to 1000000")
            }
            SyntaxError::TooManyArrows { .. } => write!(f, "too many ups or downs"),
            SyntaxError::TooDeep { kind, .. } => match kind {
                super::layout::Nesting::Brackets => write!(
                    f,
                    "brackets nested more than {} deep",
                    super::layout::MAX_NESTING
                ),
                super::layout::Nesting::Prefixes => write!(
                    f,
                    "more than {} prefix operators (`-`, `not`) in a row",
                    super::layout::MAX_PREFIX_RUN
                ),
                super::layout::Nesting::Ifs => write!(
                    f,
                    "more than {} `if` expressions in one statement",
                    super::layout::MAX_NESTING
                ),
            },
            SyntaxError::TooLong { limit, .. } => {
                write!(f, "this expression nests more than {limit} operators deep")
            }
            SyntaxError::ChainedComparison { op, .. } => {
                write!(
                    f,
                    "comparisons do not chain: `{op}` follows another comparison"
                )
            }
            SyntaxError::LoopRef { .. } => write!(
                f,
                "`pass` and labels stand for a whole option of a game literal `{{… | …}}`"
            ),
            SyntaxError::Internal { what, .. } => {
                write!(f, "internal error in grundy's parser: {what}")
            }
        }
    }
}

impl Describe for SyntaxError {
    fn code(&self) -> &'static str {
        match self {
            SyntaxError::Unexpected { .. } | SyntaxError::BareExpression { .. } => "grundy::syntax",
            SyntaxError::IntegerTooLarge { .. } => "grundy::syntax::integer",
            SyntaxError::BadSquare { .. } => "grundy::syntax::square",
            SyntaxError::TooManyArrows { .. } => "grundy::syntax::integer",
            SyntaxError::TooDeep { .. } | SyntaxError::TooLong { .. } => "grundy::syntax::nesting",
            SyntaxError::ChainedComparison { .. } => "grundy::syntax::comparison",
            SyntaxError::LoopRef { .. } => "grundy::syntax::loop",
            SyntaxError::Internal { .. } => "grundy::internal",
        }
    }

    fn help(&self) -> String {
        match self {
            SyntaxError::Unexpected {
                expected,
                found,
                incomplete,
                ..
            } => unexpected_help(expected, found, *incomplete),
            SyntaxError::BareExpression { text, .. } => format!(
                "to show its value write `print {text}`, or ask a query such as `grundy {text}`; a bare expression is shown only at the REPL prompt and by `grundy eval`, so that a misspelled statement word in a file is never run as an expression"
            ),
            SyntaxError::IntegerTooLarge { .. } => {
                "integers are 64-bit: use a value below 9223372036854775808".into()
            }
            SyntaxError::BadSquare { .. } => {
                "write a square as column letters and a row number, e.g. `@c2`; boards are at most 702 squares a side, so their columns run from `a` to `zz`".into()
            }
            SyntaxError::TooManyArrows { .. } => "`^k` and `vk` take k below 2147483648".into(),
            SyntaxError::TooDeep { .. } | SyntaxError::TooLong { .. } => {
                "name the inner parts with `let` instead of nesting them so deeply".into()
            }
            SyntaxError::ChainedComparison { .. } => {
                "combine comparisons with `and`: `a < b and b < c`".into()
            }
            SyntaxError::LoopRef { .. } => "in `a{0 | {0 | a}}` the label `a` names the braces after it, and `pass` the braces it stands in; write either alone as an option (a sum such as `pass + 1` is not a loopy literal grundy reads)".into(),
            SyntaxError::Internal { .. } => "please report this input as a bug".into(),
        }
    }

    fn labels(&self) -> Vec<(Span, String)> {
        match self {
            SyntaxError::Unexpected { span, expected, .. } => {
                let label = if expected.is_empty() {
                    "here".to_string()
                } else {
                    format!("expected {}", list(expected))
                };
                vec![(*span, label)]
            }
            SyntaxError::BareExpression { span, .. } => vec![(*span, "this expression".into())],
            SyntaxError::IntegerTooLarge { span } => vec![(*span, "too large".into())],
            SyntaxError::BadSquare { span } => vec![(*span, "no such square".into())],
            SyntaxError::TooManyArrows { span } => vec![(*span, "too many".into())],
            SyntaxError::TooDeep { span, .. } => vec![(*span, "too deep".into())],
            SyntaxError::TooLong { span, .. } => vec![(*span, "this expression".into())],
            SyntaxError::ChainedComparison { span, .. } => {
                vec![(*span, "chained comparison".into())]
            }
            SyntaxError::LoopRef { span } => vec![(*span, "this option".into())],
            SyntaxError::Internal { span, .. } => vec![(*span, "here".into())],
        }
    }
}

/// The help for two items side by side where a `,` would separate them
/// (`{0 | 1 2}`, `[1, 2 3]`, `min(1 2)`), when the parser expected a comma and
/// a closing bracket (and not a rule, as at the end of a game body).
fn missing_comma(expected: &[String]) -> Option<&'static str> {
    let has = |word: &str| expected.iter().any(|e| e == word);
    if !has("`,`") || has("`move`") {
        return None;
    }
    if has("`}`") && has("`|`") {
        Some("separate the members of a set, or the options of a game, with `,`: `{1, 2, 3}`, `{0, * | 1}`")
    } else if has("`}`") {
        Some("inside `{ | }` the options of each side are separated by `,`: `{0 | 1, 2}`")
    } else if has("`]`") {
        Some("separate the items of a list with `,`: `[1, 2, 3]`")
    } else if has("`)`") {
        Some("separate the arguments with `,`: `min(a, b)`")
    } else if expected.len() == 3 && has("an operator") && has("an expression") {
        // Only `compare G, H` takes two expressions side by side at the top
        // of a statement; the first one read on (`^ *2` is `^` times 2).
        Some("`compare` takes two games; separate them with `,` when the first could read on into the second: `compare ^, *2`")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every query word of the grammar is a word "did you mean" can suggest,
    /// and a word one edit from one gets it.
    #[test]
    fn every_query_word_of_the_grammar_can_be_suggested() {
        let pest = include_str!("../../grammar/game.pest");
        let rule = pest
            .split("query_word = _{")
            .nth(1)
            .and_then(|r| r.split('}').next())
            .unwrap_or_default();
        let words: Vec<&str> = rule
            .split('|')
            .map(|w| w.trim().trim_end_matches("_kw"))
            .filter(|w| !w.is_empty())
            .collect();
        assert!(words.len() >= 18, "{words:?}");
        for w in words {
            assert!(statement_words().any(|s| s == w), "{w}");
            let typo = format!("{w}x");
            assert_eq!(closest(&typo, statement_words()), Some(w));
        }
    }
}

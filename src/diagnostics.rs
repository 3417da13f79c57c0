//! Source spans and the miette rendering shared by every stage's error type.
//!
//! Each stage (syntax, check, eval) has its own error enum whose wording lives in
//! one `Display`; each converts into a [`Problem`] (message, code, help, labels),
//! and a [`Report`] pairs problems with the named source they point into.

use miette::{Diagnostic, LabeledSpan, NamedSource, SourceCode};
use std::fmt;
use std::sync::Arc;

/// Levenshtein distance, for "did you mean".
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev.get(j).copied().unwrap_or(0) + usize::from(ca != *cb);
            let del = prev.get(j + 1).copied().unwrap_or(0) + 1;
            let ins = cur.get(j).copied().unwrap_or(0) + 1;
            cur.push(sub.min(del).min(ins));
        }
        prev = cur;
    }
    prev.last().copied().unwrap_or(0)
}

/// Whether a word `d` edits away from `candidate` is close enough to suggest
/// it: at most 2, and at most about half of a short candidate.
pub fn close_enough(d: usize, candidate: &str) -> bool {
    d <= 2.min(candidate.chars().count() / 2 + 1)
}

/// The candidate closest to `word`, if one is close enough to suggest.
pub fn closest<'c>(word: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    candidates
        .into_iter()
        .map(|c| (edit_distance(word, c), c))
        .filter(|&(d, c)| d > 0 && close_enough(d, c))
        .min()
        .map(|(_, c)| c)
}

/// A noun with its indefinite article: "an integer", "a game".
pub fn article(noun: &str) -> String {
    let vowel = noun
        .chars()
        .next()
        .is_some_and(|c| "aeiouAEIOU".contains(c));
    format!("{} {noun}", if vowel { "an" } else { "a" })
}

/// The two labels of an operator whose operands do not combine.
pub fn operand_labels(
    left: &str,
    right: &str,
    left_span: Span,
    right_span: Span,
) -> Vec<(Span, String)> {
    vec![
        (left_span, format!("this is {}", article(left))),
        (right_span, format!("this is {}", article(right))),
    ]
}

/// A byte range in the source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The text the span covers (empty when it is not inside `source`).
    pub fn text(self, source: &str) -> &str {
        source.get(self.start..self.end).unwrap_or("")
    }

    /// The smallest span covering both.
    pub fn join(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

impl From<Span> for miette::SourceSpan {
    fn from(span: Span) -> Self {
        (span.start, span.end.saturating_sub(span.start)).into()
    }
}

/// Something a stage's error says about itself, for rendering.
pub trait Describe: fmt::Display {
    /// A stable code such as `grundy::syntax`.
    fn code(&self) -> &'static str;
    /// How to fix it.
    fn help(&self) -> String;
    /// The spans to underline, the primary one first.
    fn labels(&self) -> Vec<(Span, String)>;
}

/// One problem, ready to render: what went wrong, where, and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// A stable code naming the kind of problem.
    pub code: &'static str,
    /// The one-line message.
    pub message: String,
    /// The `help:` line.
    pub help: String,
    /// Underlined spans, primary first.
    pub labels: Vec<(Span, String)>,
}

impl Problem {
    /// Converts any stage's error.
    pub fn from_error<E: Describe>(error: &E) -> Problem {
        let code = error.code();
        let mut help = error.help();
        // The help points to the part of the reference that explains the
        // construct, unless it already names a place in the docs.
        if let Some(section) = reference_section(code) {
            if !help.contains("docs/") {
                help.push_str(&format!(" (docs/reference.md §{section})"));
            }
        }
        Problem {
            code,
            message: error.to_string(),
            help,
            labels: error.labels(),
        }
    }

    /// An `assert` whose answer differs from the value written (`want`).
    pub fn failed_assertion(span: Span, want: &str, got: &str) -> Problem {
        Problem {
            code: "grundy::assert",
            message: format!("assertion failed: expected {want}, got {got}"),
            help: "the answer differs from the written value; check the game's rules or the expected value".into(),
            labels: vec![(span, format!("expected {want}, got {got}"))],
        }
    }

    /// The primary span, if any.
    pub fn span(&self) -> Option<Span> {
        self.labels.first().map(|(s, _)| *s)
    }
}

/// The section of docs/reference.md that explains what a diagnostic code is
/// about (`None` for codes no section helps with, such as internal errors).
pub fn reference_section(code: &str) -> Option<&'static str> {
    Some(match code {
        "grundy::syntax" | "grundy::syntax::nesting" => "2",
        "grundy::name" | "grundy::redefined" => "2.2",
        "grundy::order" | "grundy::recursion" => "2.3",
        "grundy::assert" => "2.5",
        "grundy::type" | "grundy::kind" => "3",
        "grundy::syntax::integer" => "3.1",
        "grundy::syntax::square" => "3.4",
        "grundy::syntax::comparison"
        | "grundy::division_by_zero"
        | "grundy::overflow"
        | "grundy::negative" => "3.5",
        "grundy::index" => "3.6",
        "grundy::position" | "grundy::arity" => "4.1",
        "grundy::rule" => "4.3",
        "grundy::option" => "4.8",
        "grundy::constructor" => "5",
        "grundy::tartan" => "5.4",
        "grundy::board" => "6.1",
        "grundy::coins" => "7.1",
        "grundy::query" => "8",
        "grundy::query::value" => "8.9",
        "grundy::grid" => "10.9",
        "grundy::symmetry" => "10.10",
        "grundy::thermal" => "10.12",
        "grundy::loopy" => "11",
        "grundy::limit" | "grundy::too_large" | "grundy::interrupted" => "13",
        "grundy::interactive" => "15.4",
        _ => return None,
    })
}

/// A problem together with the named source it points into: a miette diagnostic.
#[derive(Debug)]
pub struct Report {
    source: NamedSource<Arc<str>>,
    problem: Problem,
    /// Where the problem is, as (line, column), when a label lies too far
    /// along its line to be drawn: the report then names the place in words
    /// and shows no excerpt.
    far: Option<(usize, usize)>,
}

/// The widest column an excerpt is drawn to. miette pads labels with
/// formatting widths, which Rust limits to 65,535 (a diagnostic at column
/// 80,007 panicked).
const MAX_DRAWN_COLUMN: usize = 50_000;

/// The (line, column) of byte `at` of `text`, both from 1, when the column
/// is past [`MAX_DRAWN_COLUMN`].
fn far_position(text: &str, at: usize) -> Option<(usize, usize)> {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = text.get(..at)?;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before.get(line_start..)?.chars().count() + 1;
    (column > MAX_DRAWN_COLUMN).then(|| (before.matches('\n').count() + 1, column))
}

impl Report {
    /// Pairs a problem with the file (or REPL entry) it came from.
    pub fn new(name: &str, text: Arc<str>, problem: Problem) -> Report {
        let far = problem
            .labels
            .iter()
            .find_map(|(span, _)| far_position(&text, span.start));
        Report {
            source: NamedSource::new(name, text),
            problem,
            far,
        }
    }

    /// The problem reported.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// Renders without colour at a fixed width: for tests and for non-terminals.
    pub fn render_plain(&self, width: usize) -> String {
        let handler =
            miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
                .with_width(width);
        let mut out = String::new();
        if handler.render_report(&mut out, self).is_err() {
            out = format!("error: {}\n", self.problem.message);
        }
        out
    }

    /// Renders with colour when `colour` is set.
    pub fn render(&self, colour: bool, width: usize) -> String {
        if !colour {
            return self.render_plain(width);
        }
        let handler = miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode())
            .with_width(width);
        let mut out = String::new();
        if handler.render_report(&mut out, self).is_err() {
            out = format!("error: {}\n", self.problem.message);
        }
        out
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.problem.message)?;
        if let Some((line, column)) = self.far {
            write!(f, " (at {}:{line}:{column})", self.source.name())?;
        }
        Ok(())
    }
}

impl std::error::Error for Report {}

impl Diagnostic for Report {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.problem.code))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.problem.help.clone()))
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        if self.far.is_some() {
            return None;
        }
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.far.is_some() {
            return None;
        }
        let text_len = self.source.inner().len();
        let labels = self
            .problem
            .labels
            .iter()
            .enumerate()
            .map(move |(i, (span, text))| {
                let start = span.start.min(text_len);
                let end = span.end.clamp(start, text_len);
                let label = if text.is_empty() {
                    None
                } else {
                    Some(text.clone())
                };
                if i == 0 {
                    LabeledSpan::new_primary_with_span(label, (start, end - start))
                } else {
                    LabeledSpan::new_with_span(label, (start, end - start))
                }
            });
        Some(Box::new(labels))
    }
}

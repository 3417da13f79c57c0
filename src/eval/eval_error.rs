//! Errors that happen while running: bad values, invalid options, loops, limits.

use crate::diagnostics::{article, operand_labels, Describe, Span};
use std::fmt;

/// A problem found while evaluating or solving.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EvalError {
    /// `len(3)`: a value of the wrong kind.
    Type {
        /// What was needed.
        expected: String,
        /// What was found.
        found: String,
        /// The offending expression.
        span: Span,
    },
    /// `nim(3) + 1`: two operands that do not combine.
    Mismatch {
        /// The operator.
        op: String,
        /// Left kind.
        left: String,
        /// Right kind.
        right: String,
        /// Left operand.
        left_span: Span,
        /// Right operand.
        right_span: Span,
    },
    /// `9223372036854775807 + 1`.
    Overflow {
        /// The operation.
        span: Span,
    },
    /// `1 / 0`, `1 % 0`, `nimdiv(1, 0)`.
    DivisionByZero {
        /// The operation.
        span: Span,
    },
    /// `[1, 2][5]`.
    Index {
        /// The index.
        index: i64,
        /// The length.
        len: usize,
        /// The indexing.
        span: Span,
    },
    /// `nim(-1)` for `n: nat`; a square off the board.
    BadPosition {
        /// What is wrong.
        message: String,
        /// Where the position is written.
        span: Span,
    },
    /// An error while generating the options of a position.
    InRule {
        /// The position whose options were generated.
        position: String,
        /// The rule.
        rule: Span,
        /// What went wrong.
        inner: Box<EvalError>,
    },
    /// The move graph has a cycle.
    Loopy {
        /// The positions of the cycle, first repeated at the end.
        cycle: Vec<String>,
        /// The query.
        span: Span,
    },
    /// More positions than `--max-positions`.
    PositionLimit {
        /// The limit.
        limit: usize,
        /// The query.
        span: Span,
    },
    /// Ctrl-C.
    Interrupted {
        /// The query.
        span: Span,
    },
    /// Runaway recursion of a `let` function.
    CallDepth {
        /// The call.
        span: Span,
    },
    /// Any other runtime problem, with its own help.
    Other {
        /// The message.
        message: String,
        /// The help line.
        help: String,
        /// Where.
        span: Span,
    },
}

impl EvalError {
    /// An error with its own message and help.
    pub fn other(message: impl Into<String>, help: impl Into<String>, span: Span) -> EvalError {
        EvalError::Other {
            message: message.into(),
            help: help.into(),
            span,
        }
    }

    /// A kind error.
    pub fn expected(expected: impl Into<String>, found: &str, span: Span) -> EvalError {
        EvalError::Type {
            expected: expected.into(),
            found: found.to_string(),
            span,
        }
    }

    /// The innermost error (under rule context).
    pub fn root(&self) -> &EvalError {
        match self {
            EvalError::InRule { inner, .. } => inner.root(),
            other => other,
        }
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::Type {
                expected, found, ..
            } => write!(f, "expected {expected}, found {}", article(found)),
            EvalError::Mismatch {
                op, left, right, ..
            } => write!(
                f,
                "`{op}` cannot combine {} with {}",
                article(left),
                article(right)
            ),
            EvalError::Overflow { .. } => write!(f, "integer overflow"),
            EvalError::DivisionByZero { .. } => write!(f, "division by zero"),
            EvalError::Index { index, len, .. } => {
                write!(f, "index {index} is out of range for length {len}")
            }
            EvalError::BadPosition { message, .. } => f.write_str(message),
            EvalError::InRule {
                position, inner, ..
            } => {
                write!(f, "{inner} (while generating the options of {position})")
            }
            EvalError::Loopy { cycle, .. } => {
                write!(
                    f,
                    "the game is loopy: its move graph has a cycle {}",
                    cycle.join(" → ")
                )
            }
            EvalError::PositionLimit { limit, .. } => write!(
                f,
                "more than {limit} positions: the position limit was reached"
            ),
            EvalError::Interrupted { .. } => write!(f, "interrupted"),
            EvalError::CallDepth { .. } => write!(f, "function calls nest too deeply"),
            EvalError::Other { message, .. } => f.write_str(message),
        }
    }
}

impl Describe for EvalError {
    fn code(&self) -> &'static str {
        match self {
            EvalError::Type { .. } | EvalError::Mismatch { .. } => "grundy::type",
            EvalError::Overflow { .. } => "grundy::overflow",
            EvalError::DivisionByZero { .. } => "grundy::division_by_zero",
            EvalError::Index { .. } => "grundy::index",
            EvalError::BadPosition { .. } => "grundy::position",
            EvalError::InRule { inner, .. } => match inner.root() {
                EvalError::BadPosition { .. } => "grundy::option",
                other => other.code(),
            },
            EvalError::Loopy { .. } => "grundy::loopy",
            EvalError::PositionLimit { .. } => "grundy::limit",
            EvalError::Interrupted { .. } => "grundy::interrupted",
            EvalError::CallDepth { .. } => "grundy::recursion",
            EvalError::Other { .. } => "grundy::runtime",
        }
    }

    fn help(&self) -> String {
        match self {
            EvalError::Type { .. } => "check the kinds of values this operation takes (LANGUAGE.md §3)".into(),
            EvalError::Mismatch { .. } => {
                "`+` adds two integers or sums two games; a nimber is written `*k`".into()
            }
            EvalError::Overflow { .. } => "integers are 64-bit and never wrap; use smaller values".into(),
            EvalError::DivisionByZero { .. } => "guard the division with `where` or `if`".into(),
            EvalError::Index { .. } => "indices start at 0 and must be below `len(xs)`".into(),
            EvalError::BadPosition { message, .. }
                if message.contains("off the") || message.contains("blocked square") =>
            {
                "a piece stands on an open square of the board: columns from `a`, rows from 1, not in `without`".into()
            }
            EvalError::BadPosition { .. } => {
                "give each parameter a value of its declared type (and squares on the board)".into()
            }
            EvalError::InRule { inner, .. } => match inner.root() {
                EvalError::BadPosition { message, .. }
                    if message.contains("off the") || message.contains("blocked square") =>
                {
                    "`ray(sq, d)` and `step(sq, d)` never leave the board or land on a blocked square; or add a `where` condition".into()
                }
                EvalError::BadPosition { .. } => {
                    "add a `where` condition that keeps options valid, e.g. `where k <= n`".into()
                }
                other => other.help(),
            },
            EvalError::Loopy { .. } => {
                "impartial values need a game that always ends; make every move decrease the position".into()
            }
            EvalError::PositionLimit { .. } => "raise the limit with `--max-positions N`, or ask about a smaller position".into(),
            EvalError::Interrupted { .. } => "the computation was cancelled; nothing else was lost".into(),
            EvalError::CallDepth { .. } => "make sure the recursion reaches a base case".into(),
            EvalError::Other { help, .. } => help.clone(),
        }
    }

    fn labels(&self) -> Vec<(Span, String)> {
        match self {
            EvalError::Type { span, expected, .. } => vec![(*span, format!("expected {expected}"))],
            EvalError::Mismatch {
                left,
                right,
                left_span,
                right_span,
                ..
            } => operand_labels(left, right, *left_span, *right_span),
            EvalError::Overflow { span } => vec![(*span, "overflows".into())],
            EvalError::DivisionByZero { span } => vec![(*span, "divides by zero".into())],
            EvalError::Index { span, .. } => vec![(*span, "out of range".into())],
            EvalError::BadPosition { span, .. } => vec![(*span, "invalid position".into())],
            EvalError::InRule {
                rule,
                position,
                inner,
            } => {
                let mut labels = inner.labels();
                labels.push((*rule, format!("in this rule, from {position}")));
                labels
            }
            EvalError::Loopy { span, .. } => vec![(*span, "this game never ends".into())],
            EvalError::PositionLimit { span, .. } => vec![(*span, "too many positions".into())],
            EvalError::Interrupted { span } => vec![(*span, "cancelled".into())],
            EvalError::CallDepth { span } => vec![(*span, "recursion".into())],
            EvalError::Other { span, .. } => vec![(*span, "here".into())],
        }
    }
}

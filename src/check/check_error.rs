//! Errors found while resolving names, arities, kinds and obvious type mismatches.

use crate::diagnostics::{article, operand_labels, Describe, Span};
use std::fmt;

/// A problem the checker finds before anything runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckError {
    /// `grundy nimm(3)` where no `nimm` is defined.
    UnknownName {
        /// The name.
        name: String,
        /// Where it is used.
        span: Span,
        /// A defined name that looks close.
        suggestion: Option<String>,
    },
    /// `game nim(n) {…}` twice in one file.
    Redefined {
        /// The name.
        name: String,
        /// The second definition.
        span: Span,
        /// The first one.
        previous: Span,
    },
    /// `nim(1, 2)` for a one-parameter game, `gcd(4)`.
    Arity {
        /// What is called.
        name: String,
        /// How many it takes, in words.
        expected: String,
        /// How many were given.
        found: usize,
        /// The call.
        span: Span,
    },
    /// Calling something that is not a game or function: `let k = 3; k(2)`.
    NotCallable {
        /// The name.
        name: String,
        /// What it is.
        what: String,
        /// The call.
        span: Span,
    },
    /// `sub(3)` for `game sub[S](n)`, or `nim[2](3)` for a game without family.
    FamilyArgs {
        /// The game.
        name: String,
        /// Family parameters declared.
        expected: usize,
        /// Given.
        found: usize,
        /// The use.
        span: Span,
    },
    /// `game g(n: natural)`.
    UnknownType {
        /// The type as written.
        name: String,
        /// Where.
        span: Span,
    },
    /// `game q(sq) on chesss {…}`.
    UnknownBoard {
        /// The name.
        name: String,
        /// Where.
        span: Span,
    },
    /// `game g = octa "0.7"` or a bad constructor argument.
    BadConstructor {
        /// What is wrong.
        message: String,
        /// Where.
        span: Span,
    },
    /// `nim(3) + 1`: the operands' kinds cannot be combined.
    TypeMismatch {
        /// The operator.
        op: String,
        /// Left operand kind.
        left: String,
        /// Right operand kind.
        right: String,
        /// Left operand.
        left_span: Span,
        /// Right operand.
        right_span: Span,
    },
    /// `let a = b + 1` before `let b = …`.
    LetBeforeDefinition {
        /// The name.
        name: String,
        /// The use.
        span: Span,
        /// The later definition.
        definition: Span,
    },
    /// `ray(sq, d)` in a game that is not `on` a board.
    NoBoard {
        /// The call.
        span: Span,
    },
    /// The same name twice among a game's parameters and binders in one pattern.
    DuplicateName {
        /// The name.
        name: String,
        /// Second occurrence.
        span: Span,
    },
    /// `sequence x 0..5` where `x` is not a game.
    NotAGame {
        /// What was named.
        name: String,
        /// What it is.
        what: String,
        /// Where.
        span: Span,
    },
    /// `game g(n) { left n - 1 }` without `partizan`, or similar misuse of a rule kind.
    RuleKind {
        /// What is wrong.
        message: String,
        /// The rule.
        span: Span,
    },
    /// `partizan game k = octal "0.77"`: a constructor makes an impartial game.
    PartizanConstructor {
        /// The definition.
        span: Span,
    },
    /// A query inside a game's rules: an analysis of the game would ask itself.
    QueryInRule {
        /// The query word.
        query: &'static str,
        /// The query.
        span: Span,
    },
    /// `print graph G`: a query whose answer is a picture or a session, not a value.
    QueryNotValue {
        /// The query word.
        query: &'static str,
        /// The query.
        span: Span,
    },
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::UnknownName { name, .. } => write!(f, "unknown name `{name}`"),
            CheckError::Redefined { name, .. } => write!(f, "`{name}` is defined twice"),
            CheckError::Arity {
                name,
                expected,
                found,
                ..
            } => {
                write!(
                    f,
                    "`{name}` takes {expected}, but {found} {} given",
                    if *found == 1 { "was" } else { "were" }
                )
            }
            CheckError::NotCallable { name, what, .. } => {
                write!(f, "`{name}` is {what}, not a game or function")
            }
            CheckError::FamilyArgs {
                name,
                expected,
                found,
                ..
            } => {
                if *expected == 0 {
                    write!(
                        f,
                        "`{name}` has no family parameters, but {found} were given in `[…]`"
                    )
                } else {
                    write!(f, "`{name}` takes {expected} family argument(s) in `[…]`, but {found} were given")
                }
            }
            CheckError::UnknownType { name, .. } => write!(f, "unknown parameter type `{name}`"),
            CheckError::UnknownBoard { name, .. } => write!(f, "unknown board `{name}`"),
            CheckError::BadConstructor { message, .. } => f.write_str(message),
            CheckError::TypeMismatch {
                op, left, right, ..
            } => {
                write!(
                    f,
                    "`{op}` cannot combine {} with {}",
                    article(left),
                    article(right)
                )
            }
            CheckError::LetBeforeDefinition { name, .. } => {
                write!(f, "`{name}` is used before its `let`")
            }
            CheckError::NoBoard { .. } => {
                write!(f, "`ray` and `step` need a game defined `on` a board")
            }
            CheckError::DuplicateName { name, .. } => write!(f, "`{name}` is bound twice"),
            CheckError::NotAGame { name, what, .. } => write!(f, "`{name}` is {what}, not a game"),
            CheckError::RuleKind { message, .. } => f.write_str(message),
            CheckError::PartizanConstructor { .. } => {
                f.write_str("a constructed game is impartial: `partizan` does not apply to it")
            }
            CheckError::QueryInRule { query, .. } => {
                write!(f, "`{query}` cannot be asked inside a game's rules")
            }
            CheckError::QueryNotValue { query, .. } => {
                write!(f, "`{query}` has no value to use in an expression")
            }
        }
    }
}

impl Describe for CheckError {
    fn code(&self) -> &'static str {
        match self {
            CheckError::UnknownName { .. } => "grundy::name",
            CheckError::Redefined { .. } => "grundy::redefined",
            CheckError::Arity { .. } | CheckError::FamilyArgs { .. } => "grundy::arity",
            CheckError::NotCallable { .. } | CheckError::NotAGame { .. } => "grundy::kind",
            CheckError::UnknownType { .. } => "grundy::type",
            CheckError::UnknownBoard { .. } | CheckError::NoBoard { .. } => "grundy::board",
            CheckError::BadConstructor { .. } => "grundy::constructor",
            CheckError::TypeMismatch { .. } => "grundy::type",
            CheckError::LetBeforeDefinition { .. } => "grundy::order",
            CheckError::DuplicateName { .. } => "grundy::name",
            CheckError::RuleKind { .. } | CheckError::PartizanConstructor { .. } => "grundy::rule",
            CheckError::QueryInRule { .. } | CheckError::QueryNotValue { .. } => {
                "grundy::query::value"
            }
        }
    }

    fn help(&self) -> String {
        match self {
            CheckError::UnknownName { suggestion: Some(s), .. } => format!("did you mean `{s}`?"),
            CheckError::UnknownName { .. } => {
                "define it with `game`, `board` or `let` (games may be defined later in the file)".into()
            }
            CheckError::Redefined { .. } => "rename one of the definitions".into(),
            CheckError::Arity { .. } => "pass one argument per parameter".into(),
            CheckError::NotCallable { .. } => "only games and `let` functions can be called".into(),
            CheckError::FamilyArgs { name, expected, .. } => {
                if *expected == 0 {
                    format!("call it as `{name}(…)`")
                } else {
                    format!("write the family arguments in brackets: `{name}[…](…)`")
                }
            }
            CheckError::UnknownType { .. } => "parameter types are `nat`, `int`, `list`, `string` and `square`".into(),
            CheckError::UnknownBoard { .. } => "define it first: `board NAME = 8 x 8`".into(),
            CheckError::BadConstructor { .. } => {
                "constructors are `octal \"0.77\"`, `subtraction {1, 2}`, `allbut {2}` and `tartan(G, H)`".into()
            }
            CheckError::TypeMismatch { .. } => {
                "`*` and `^` combine integers only; `+` and `-` add games (beside a game, a number is a game); a nimber is written `*k`".into()
            }
            CheckError::LetBeforeDefinition { .. } => "move the `let` above its first use".into(),
            CheckError::NoBoard { .. } => "add `on BOARD` after the parameters: `game q(sq) on chess { … }`".into(),
            CheckError::DuplicateName { .. } => "use a different name for each parameter and binder".into(),
            CheckError::NotAGame { .. } => "`sequence` and `quotient … up to N` take the name of a game defined with `game` (`quotient kayles up to 20`); `quotient G` without `up to` takes a position, as in `quotient kayles(5)`".into(),
            CheckError::RuleKind { .. } => {
                "`move` rules define impartial games; `left` and `right` need `partizan game`".into()
            }
            CheckError::PartizanConstructor { .. } => {
                "write `game NAME = …` without `partizan`, or give a `partizan game` its `left` and `right` rules".into()
            }
            CheckError::QueryInRule { .. } => {
                "a rule says which moves there are; ask queries in `let`, `print`, `assert` or as statements of their own".into()
            }
            CheckError::QueryNotValue { query, .. } => {
                let valued: Vec<&str> = crate::syntax::ast::QueryKind::ALL
                    .into_iter()
                    .filter(|k| k.has_value())
                    .map(|k| k.keyword())
                    .collect();
                format!(
                    "`{query}` answers only as a statement of its own line; the queries with values are {}",
                    valued.join(", ")
                )
            }
        }
    }

    fn labels(&self) -> Vec<(Span, String)> {
        match self {
            CheckError::UnknownName { span, .. } => vec![(*span, "not defined".into())],
            CheckError::Redefined { span, previous, .. } => {
                vec![
                    (*span, "defined again here".into()),
                    (*previous, "first defined here".into()),
                ]
            }
            CheckError::Arity { span, .. } => vec![(*span, "wrong number of arguments".into())],
            CheckError::NotCallable { span, .. } => vec![(*span, "called here".into())],
            CheckError::FamilyArgs { span, .. } => vec![(*span, "family arguments".into())],
            CheckError::UnknownType { span, .. } => vec![(*span, "unknown type".into())],
            CheckError::UnknownBoard { span, .. } => vec![(*span, "no such board".into())],
            CheckError::BadConstructor { span, .. } => vec![(*span, "here".into())],
            CheckError::TypeMismatch {
                left,
                right,
                left_span,
                right_span,
                ..
            } => operand_labels(left, right, *left_span, *right_span),
            CheckError::LetBeforeDefinition {
                span, definition, ..
            } => {
                vec![
                    (*span, "used here".into()),
                    (*definition, "defined here".into()),
                ]
            }
            CheckError::NoBoard { span } => vec![(*span, "needs a board".into())],
            CheckError::DuplicateName { span, .. } => vec![(*span, "bound again".into())],
            CheckError::NotAGame { span, .. } => vec![(*span, "not a game".into())],
            CheckError::RuleKind { span, .. } => vec![(*span, "this rule".into())],
            CheckError::PartizanConstructor { span } => vec![(*span, "this definition".into())],
            CheckError::QueryInRule { span, .. } => vec![(*span, "inside a rule".into())],
            CheckError::QueryNotValue { span, .. } => vec![(*span, "used as a value".into())],
        }
    }
}

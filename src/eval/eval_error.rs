//! Errors that happen while running: bad values, invalid options, loops, limits.
//! Every kind is a named variant; its wording is written on the variant (the
//! `#[error]` attribute) and its help is chosen from the variant, never from
//! message text.

use crate::budget::{show_size, Exceeded};
use crate::diagnostics::{article, operand_labels, Describe, Span};

/// A problem found while evaluating or solving.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EvalError {
    /// `len(3)`: a value of the wrong kind.
    #[error("expected {expected}, found {}", article(.found))]
    Type {
        /// What was needed.
        expected: String,
        /// What was found.
        found: String,
        /// The offending expression.
        span: Span,
    },
    /// `nim(3) + 1`: two operands that do not combine.
    #[error("`{op}` cannot combine {} with {}", article(.left), article(.right))]
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
    #[error("integer overflow")]
    Overflow {
        /// The operation.
        span: Span,
    },
    /// `1/3` where a game is expected: not a dyadic number.
    #[error("a game's number must be dyadic: {divisor} is not a power of two")]
    NotDyadic {
        /// The divisor written.
        divisor: i64,
        /// The divisor.
        span: Span,
    },
    /// `1 / 0`, `1 % 0`, `nimdiv(1, 0)`.
    #[error("division by zero")]
    DivisionByZero {
        /// The operation.
        span: Span,
    },
    /// `[1, 2][5]`.
    #[error("index {index} is out of range for length {len}")]
    Index {
        /// The index.
        index: i64,
        /// The length.
        len: usize,
        /// The indexing.
        span: Span,
    },
    /// `nim(-1)` for `n: nat`.
    #[error("{message}")]
    BadPosition {
        /// What is wrong.
        message: String,
        /// Where the position is written.
        span: Span,
    },
    /// `queen(@z9)`: a square off the board or blocked.
    #[error("{message}")]
    BadSquare {
        /// What is wrong.
        message: String,
        /// Where the position is written.
        span: Span,
    },
    /// An error while generating the options of a position.
    #[error("{inner} (while generating the options of {position})")]
    InRule {
        /// The position whose options were generated.
        position: String,
        /// The rule.
        rule: Span,
        /// What went wrong.
        inner: Box<EvalError>,
    },
    /// The move graph has a cycle.
    #[error("the game is loopy: its move graph has a cycle {}", .cycle.join(" → "))]
    Loopy {
        /// The positions of the cycle, first repeated at the end.
        cycle: Vec<String>,
        /// The query.
        span: Span,
    },
    /// A move asked of `A & B`, which is a value given by its sides.
    #[error(
        "a value written `A & B` has no moves of its own: it is given by its onside and offside"
    )]
    SidedMoves {
        /// The query.
        span: Span,
    },
    /// A limit of the budget was reached, or Ctrl-C.
    #[error("{}", limit_text(.exceeded))]
    Limit {
        /// Which limit.
        exceeded: Exceeded,
        /// The statement.
        span: Span,
    },
    /// Runaway recursion of a `let` function.
    #[error("function calls nest too deeply")]
    CallDepth {
        /// The call.
        span: Span,
    },
    /// An evaluation nested so deeply (a deep expression inside a deep
    /// recursion) that the stack would run out.
    #[error("this evaluation nests too deeply for grundy's stack")]
    StackDepth {
        /// Where it went one level too deep.
        span: Span,
    },
    /// `let` constant read before its definition ran.
    #[error("`{name}` has no value yet")]
    NoValueYet {
        /// The constant.
        name: String,
        /// The use.
        span: Span,
    },
    /// `*(-1)`.
    #[error("*{n}: a nimber is never negative")]
    NegativeNimber {
        /// The value.
        n: i64,
        /// The nimber.
        span: Span,
    },
    /// `nimmul(-1, 2)`: nim arithmetic on a negative number.
    #[error("{n} is negative")]
    NegativeNimArithmetic {
        /// The value.
        n: i64,
        /// The call.
        span: Span,
    },
    /// `sequence G 5..3`: a range of heaps with none in it.
    #[error("this range holds no heaps: it starts at {from} and ends before {to}")]
    EmptyRange {
        /// Its first heap.
        from: i64,
        /// Its end (not included).
        to: i64,
        /// The range.
        span: Span,
    },
    /// `min([])`.
    #[error("`{name}` of nothing")]
    EmptyExtreme {
        /// `min` or `max`.
        name: &'static str,
        /// The call.
        span: Span,
    },
    /// `ray`, `step` or `coins` outside a game.
    #[error("`{name}` needs the game's context")]
    NeedsGameContext {
        /// The built-in.
        name: &'static str,
        /// The call.
        span: Span,
    },
    /// `ray` or `step` in a game not defined `on` a board.
    #[error("no board here")]
    NoBoard {
        /// The call.
        span: Span,
    },
    /// A board used before its `board` statement ran.
    #[error("board `{name}` is used before its definition runs")]
    BoardNotYetDefined {
        /// The board.
        name: String,
        /// The use.
        span: Span,
    },
    /// `ray(sq, (0, 0))`.
    #[error("the direction (0, 0) does not move")]
    ZeroDirection {
        /// The call.
        span: Span,
    },
    /// A malformed `coins(G, "…")` row.
    #[error("{problem}")]
    Coins {
        /// What is wrong.
        problem: CoinsProblem,
        /// The call.
        span: Span,
    },
    /// A malformed grid given to `regions(rows, free)`.
    #[error("{problem}")]
    Grid {
        /// What is wrong.
        problem: GridProblem,
        /// The call.
        span: Span,
    },
    /// A rule's option is a game name, not a position.
    #[error("an option must be a position, not a game name")]
    OptionIsGameName {
        /// The option.
        span: Span,
    },
    /// A rule's option has the wrong shape for the game's parameters.
    #[error("an option of a {params}-parameter game must be a {params}-tuple or a game, not {}", article(.found))]
    OptionShape {
        /// The game's number of parameters.
        params: usize,
        /// The kind found.
        found: &'static str,
        /// The option.
        span: Span,
    },
    /// `tartan(G, H)` whose factor is not a one-head coin game.
    #[error("`{name}` is not a one-head coin game, so it cannot be a factor of `tartan`")]
    TartanFactor {
        /// The factor's name.
        name: String,
        /// The factor.
        span: Span,
    },
    /// A query's subject is a game name without a position.
    #[error("a game name needs a position")]
    NeedsPosition {
        /// The subject.
        span: Span,
    },
    /// A partizan game asked for an impartial analysis.
    #[error("partizan games have no Grundy value")]
    Partizan {
        /// The query.
        span: Span,
    },
    /// A number, up or `{ | }` literal in a sum asked for an impartial
    /// analysis: `grundy nim(3) + 1` (the number 1, not the nimber `*1`).
    #[error("`{part}` is a partizan game, which has no Grundy value")]
    PartizanLiteral {
        /// The literal as printed.
        part: String,
        /// The query.
        span: Span,
    },
    /// `quotient G up to N` of a game whose options are not sums of its heaps.
    #[error("`quotient` needs a heap game: {why}")]
    NotHeapGame {
        /// What is wrong.
        why: String,
        /// The query.
        span: Span,
    },
    /// The time or memory limit stopped a quotient construction, which goes
    /// heap by heap: the quotients of the heaps before `heap` are within reach.
    #[error("{}, while adding heap {heap} to the quotient{}", limit_text(.exceeded), tried_text(.tried))]
    QuotientLimit {
        /// Which limit.
        exceeded: Exceeded,
        /// The heap it was adding.
        heap: usize,
        /// The game, as written in the query.
        game: String,
        /// Whether the heaps before `heap` are saved in a directory
        /// (`quotient G up to N into "DIR"`), to be carried on from.
        saved: bool,
        /// How many candidates for `heap` had failed, and the sum of heaps
        /// the last one misjudged.
        tried: Option<(usize, Vec<usize>)>,
        /// The query.
        span: Span,
    },
    /// The quotient engine gave up (too large, or not certifiable).
    #[error("no misère quotient: {why}")]
    Quotient {
        /// What happened.
        why: String,
        /// The query.
        span: Span,
    },
    /// The directory of `quotient G up to N into "DIR"` could not be used.
    #[error("the saved quotient cannot be used: {why}")]
    QuotientSaved {
        /// What is wrong with it.
        why: String,
        /// The directory, as written.
        span: Span,
    },
    /// A `symmetry` rule that is not one: a wrong shape, or a value that differs.
    #[error("the declared symmetry does not hold: {why}")]
    Symmetry {
        /// What is wrong.
        why: String,
        /// The query.
        span: Span,
    },
    /// A query inside a function that a game's rules called: an analysis
    /// would ask itself.
    #[error("`{query}` cannot be asked while a game's rules run")]
    QueryInRule {
        /// The query word.
        query: &'static str,
        /// The query.
        span: Span,
    },
    /// `play` outside the REPL.
    #[error("`play` is interactive")]
    Interactive {
        /// The query.
        span: Span,
    },
    /// `misere canonical G` of a partizan game.
    #[error("misère canonical forms are of impartial games, and this game is partizan")]
    MisereFormPartizan {
        /// The query.
        span: Span,
    },
    /// A query whose capability is not built yet.
    #[error("`{query}` is not available yet")]
    NotAvailable {
        /// The query word.
        query: &'static str,
        /// The query.
        span: Span,
    },
    /// `sequence` of a game whose parameters the sequence does not match.
    #[error("this game has {params} parameter{}, and the `sequence` gives {written}", if *params == 1 { "" } else { "s" })]
    SequenceArity {
        /// The game's number of parameters.
        params: usize,
        /// The parameters written: 1 for `sequence G a..b`, or the fixed ones
        /// and the hole of `sequence G(3, _) a..b`.
        written: usize,
        /// The subject.
        span: Span,
    },
    /// `sequence G` without a range.
    #[error("`sequence` needs a range")]
    SequenceRange {
        /// The query.
        span: Span,
    },
    /// A heap range starting below 0.
    #[error("heap sizes start at 0")]
    NegativeHeap {
        /// The range.
        span: Span,
    },
    /// `up to N` with N below 0.
    #[error("`up to` takes a heap size, 0 or more")]
    NegativeBound {
        /// The bound.
        span: Span,
    },
    /// `table G` of a game not on a board.
    #[error("`{game}` is not played on a board")]
    NotOnBoard {
        /// The game.
        game: String,
        /// The subject.
        span: Span,
    },
    /// `table` of a board game with parameters besides its square, or
    /// `table G a..b, c..d` of a game without two parameters.
    #[error("`table` shows a game of one square or of two parameters; `{game}` has {params}")]
    TableArity {
        /// The game.
        game: String,
        /// The game's number of parameters.
        params: usize,
        /// Ranges were written (`table G a..b, c..d`).
        ranges: bool,
        /// The subject.
        span: Span,
    },
    /// A board side outside 1..=702.
    #[error("a board side of {n} squares")]
    BoardSide {
        /// The size.
        n: i64,
        /// The size expression.
        span: Span,
    },
    /// A blocked square outside the board.
    #[error("{square} is outside the {width}×{height} board")]
    BlockedOffBoard {
        /// The square as written.
        square: String,
        /// Columns.
        width: i64,
        /// Rows.
        height: i64,
        /// The `without` set.
        span: Span,
    },
    /// A value too large for what was asked (a nimber to list, a heap value).
    #[error("{what}")]
    TooLarge {
        /// What is too large, in words.
        what: String,
        /// What to do instead.
        instead: &'static str,
        /// The query.
        span: Span,
    },
    /// `graph G` of a graph too large to draw.
    #[error("the move graph has more than {limit} positions")]
    GraphTooLarge {
        /// The most positions drawn.
        limit: usize,
        /// The query.
        span: Span,
    },
    /// `atomicweight G` of a game that is not atomic.
    #[error("this game has no atomic weight: it is not all-small{}", if *infinitesimal { ", nor within ↑* of a multiple of ↑" } else { ", nor infinitesimal" })]
    NotAtomic {
        /// It is infinitesimal (but too far from any multiple of ↑).
        infinitesimal: bool,
        /// The game.
        span: Span,
    },
    /// `canonical G` of a game that is not a stopper, when sidling finds no
    /// stopper equal to one of its sides.
    #[error("grundy found no stopper for the {side} of {game}")]
    NoSides {
        /// The game, printed.
        game: String,
        /// `onside` or `offside`.
        side: &'static str,
        /// The query.
        span: Span,
    },
    /// `cool G by t` with t not a number above −1.
    #[error("cooling is by a number above −1")]
    CoolingTemperature {
        /// The temperature.
        span: Span,
    },
    /// `graph G depth N` with N below 0.
    #[error("a graph depth below 0")]
    NegativeDepth {
        /// The depth.
        span: Span,
    },
    /// `assert QUERY == VALUE` of a query whose answer cannot be compared.
    #[error("the answer of `{query}` cannot be compared")]
    NotComparable {
        /// The query word.
        query: &'static str,
        /// The written value.
        span: Span,
    },
    /// A loopy game with an option that is a sum of positions.
    #[error("{position} is in a loopy game and has an option that splits into a sum")]
    LoopySplit {
        /// The position with such an option.
        position: String,
        /// The query.
        span: Span,
    },
    /// Misère play of a game whose positions repeat.
    #[error("misère play of a loopy game is not analysed")]
    MisereLoopy {
        /// The query.
        span: Span,
    },
    /// A canonical form too long to print.
    #[error(
        "the canonical form is computed, but printed it would be longer than {limit} characters"
    )]
    FormTooLong {
        /// The most characters printed.
        limit: usize,
        /// A misère canonical form (`misere canonical G`).
        misere: bool,
        /// The query.
        span: Span,
    },
    /// `sequence G a..b into "DIR"` could not start, or a limit stopped it
    /// (its checkpoint saved).
    #[error("{}", sweep_text(.problem))]
    Sweep {
        /// What happened.
        problem: crate::solve::impartial::sweep::SweepError,
        /// The query.
        span: Span,
    },
    /// Something grundy itself got wrong.
    #[error("internal error: {what}")]
    Internal {
        /// What went wrong.
        what: String,
        /// Where it showed.
        span: Span,
    },
}

/// What is wrong with a `coins(G, "…")` call.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CoinsProblem {
    /// `/` rows for a one-parameter game.
    #[error("a one-parameter coin game takes a single row")]
    OneRowOnly,
    /// A game with other than one or two parameters.
    #[error("`coins` needs a game with one or two parameters; this one has {0}")]
    Arity(usize),
    /// Rows of different lengths.
    #[error("row {row} has {len} coins but the first row has {width}")]
    Ragged {
        /// 1-based row.
        row: usize,
        /// Its length.
        len: usize,
        /// The first row's length.
        width: usize,
    },
    /// A character other than `H`, `T`, `/`.
    #[error("`{0}` is not a coin")]
    NotACoin(char),
}

/// What is wrong with the grid of a `regions(rows, free)` call.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GridProblem {
    /// `regions([".", 1], ".")`: a row that is not a string.
    #[error("row {row} of the grid is {}, not a string", article(.found))]
    NotAString {
        /// 0-based row.
        row: usize,
        /// The kind found.
        found: &'static str,
    },
    /// `regions(["..", "."], ".")`: rows of different lengths.
    #[error("row {row} of the grid has {len} character{} but row 0 has {width}", plural(*.len))]
    Ragged {
        /// 0-based row.
        row: usize,
        /// Its length.
        len: usize,
        /// The first row's length.
        width: usize,
    },
    /// `regions(["."], "..")`: the free cell is not one character.
    #[error("the free cell must be one character; this string has {len}")]
    Free {
        /// The number of characters given.
        len: usize,
    },
    /// `regions(["."], ".", "mirror")`: an unknown symmetry.
    #[error("\"{name}\" is not a symmetry")]
    Symmetry {
        /// The name given.
        name: String,
    },
}

impl EvalError {
    /// The error for a cycle through `path` (its first position repeated at
    /// the end): at most the first five and the last five positions are
    /// shown, so a cycle through thousands of positions (or positions that
    /// print long) costs a few lines.
    pub fn loopy_cycle<T>(path: &[T], show: impl Fn(&T) -> String, span: Span) -> EvalError {
        let cycle = if path.len() > 12 {
            let head = path.iter().take(5).map(&show);
            let tail = path.iter().skip(path.len() - 5).map(&show);
            head.chain(std::iter::once("…".to_string()))
                .chain(tail)
                .collect()
        } else {
            path.iter().map(show).collect()
        };
        EvalError::Loopy { cycle, span }
    }

    /// A kind error.
    pub fn expected(expected: impl Into<String>, found: &str, span: Span) -> EvalError {
        EvalError::Type {
            expected: expected.into(),
            found: found.to_string(),
            span,
        }
    }

    /// A budget limit reached at `span`.
    pub fn limit(exceeded: Exceeded, span: Span) -> EvalError {
        EvalError::Limit { exceeded, span }
    }

    /// A bug in grundy.
    pub fn internal(what: impl Into<String>, span: Span) -> EvalError {
        EvalError::Internal {
            what: what.into(),
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

    /// The budget limit behind this error, if it is one.
    pub fn exceeded(&self) -> Option<Exceeded> {
        match self.root() {
            EvalError::Limit { exceeded, .. } | EvalError::QuotientLimit { exceeded, .. } => {
                Some(*exceeded)
            }
            EvalError::Sweep {
                problem: crate::solve::impartial::sweep::SweepError::Stopped { limit, .. },
                ..
            } => Some(*limit),
            _ => None,
        }
    }

    /// The same error, pointing at `span` if it points nowhere (a limit
    /// reached deep inside an analysis).
    pub fn at_least(self, span: Span) -> EvalError {
        match self {
            EvalError::Limit { exceeded, span: s } if s == Span::default() => {
                EvalError::Limit { exceeded, span }
            }
            EvalError::Internal { what, span: s } if s == Span::default() => {
                EvalError::Internal { what, span }
            }
            EvalError::Loopy { cycle, span: s } if s == Span::default() => {
                EvalError::Loopy { cycle, span }
            }
            EvalError::SidedMoves { span: s } if s == Span::default() => {
                EvalError::SidedMoves { span }
            }
            EvalError::TooLarge {
                what,
                instead,
                span: s,
            } if s == Span::default() => EvalError::TooLarge {
                what,
                instead,
                span,
            },
            other => other,
        }
    }

    /// The primary span.
    pub fn span(&self) -> Span {
        self.labels().first().map(|(s, _)| *s).unwrap_or_default()
    }
}

/// The help of an error while generating options: about the rule when the
/// option is invalid, else the inner error's own.
fn rule_help(inner: &EvalError) -> String {
    match inner {
        EvalError::BadSquare { .. } => {
            "`ray(sq, d)` and `step(sq, d)` never leave the board or land on a blocked square; or add a `where` condition".into()
        }
        EvalError::BadPosition { .. } => {
            "add a `where` condition that keeps options valid, e.g. `where k <= n`".into()
        }
        other => other.help(),
    }
}

/// How to raise the limit that was reached.
fn limit_help(exceeded: &Exceeded) -> &'static str {
    match exceeded {
        Exceeded::Positions(_) => "raise the limit with `--max-positions N`, or ask about a smaller position",
        Exceeded::Memory(_) => "raise the limit with `--max-memory SIZE` (e.g. `--max-memory 8G`), or ask about a smaller position",
        Exceeded::Timeout(_) => "raise the limit with `--timeout SECONDS` (`--timeout 0` for none), or ask about a smaller position",
        Exceeded::Interrupted => "the computation was cancelled; nothing else was lost",
    }
}

/// The failed candidates of a stopped quotient, for its message: `; 281
/// candidates failed, the last on the sum of heaps 14, 25, 30 (×31)`.
fn tried_text(tried: &Option<(usize, Vec<usize>)>) -> String {
    let Some((n, sum)) = tried else {
        return String::new();
    };
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while let Some(&h) = sum.get(i) {
        let k = sum.iter().skip(i).take_while(|&&x| x == h).count();
        parts.push(if k > 1 {
            format!("{h} (×{k})")
        } else {
            h.to_string()
        });
        i += k;
    }
    let noun = if *n == 1 { "candidate" } else { "candidates" };
    format!(
        "; {n} {noun} failed, the last on the sum of heaps {}",
        parts.join(", ")
    )
}

/// A quotient stopped by a limit at `heap`: the smaller bound that is exact,
/// or the flag that raises the limit.
fn quotient_limit_help(exceeded: &Exceeded, heap: usize, game: &str) -> String {
    let raise = match exceeded {
        Exceeded::Timeout(_) => "`--timeout SECONDS`",
        Exceeded::Positions(_) => "`--max-positions N`",
        _ => "`--max-memory SIZE`",
    };
    match heap.checked_sub(1).filter(|&below| below > 0) {
        Some(below) => format!("every smaller heap was added: `quotient {game} up to {below}` gives their quotient, exactly; or raise the limit with {raise}"),
        None => format!("raise the limit with {raise}"),
    }
}

impl CoinsProblem {
    /// How to write the coins instead.
    fn help(&self) -> &'static str {
        match self {
            CoinsProblem::OneRowOnly => "remove the `/`, or use a two-parameter game for a grid",
            CoinsProblem::Arity(_) => {
                "define the one-head game with parameters `(x: nat)` or `(x: nat, y: nat)`"
            }
            CoinsProblem::Ragged { .. } => {
                "write every row of the grid with the same number of coins"
            }
            CoinsProblem::NotACoin(_) => {
                "write heads as `H`, tails as `T`, and separate grid rows with `/`"
            }
        }
    }
}

impl GridProblem {
    /// How to write the grid instead.
    fn help(&self) -> &'static str {
        match self {
            GridProblem::NotAString { .. } | GridProblem::Ragged { .. } => "a grid is a list of strings of equal length, top row first: `regions([\"..#\", \"...\"], \".\")`",
            GridProblem::Free { .. } => "give the character of the free cells as a one-character string, e.g. `\".\"`",
            GridProblem::Symmetry { .. } => "the symmetries are \"none\", \"flips\" (mirrors and the half turn) and \"dihedral\" (also transposes and quarter turns)",
        }
    }
}

/// The plural ending of a count.
fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// A budget limit as a sentence naming the flag that raises it.
fn sweep_text(problem: &crate::solve::impartial::sweep::SweepError) -> String {
    use crate::solve::impartial::sweep::SweepError as S;
    match problem {
        S::Io { path, message } => format!("cannot read or write `{path}`: {message}"),
        S::Damaged { path, why } => format!("`{path}` is damaged: {why}"),
        S::OtherGame { dir, found } => {
            format!("`{dir}` holds the values of another game, `{found}`")
        }
        S::Unsupported(why) => format!("no streamed sequence: {why}"),
        S::TooWide { heap } => {
            format!("heap {heap} has a value past 65,534, more than the values file's two bytes")
        }
        S::Stopped { limit, heaps } => {
            format!("{}, with heaps 0..{heaps} saved", limit_text(limit))
        }
    }
}

fn sweep_help(problem: &crate::solve::impartial::sweep::SweepError) -> String {
    use crate::solve::impartial::sweep::SweepError as S;
    match problem {
        S::Io { .. } => "give a directory grundy may create and write in".into(),
        S::Damaged { .. } => {
            "the values file and `checkpoint.json` must be those grundy wrote; move the directory aside to start again".into()
        }
        S::OtherGame { .. } => "give each game a directory of its own".into(),
        S::Unsupported(_) => {
            "streaming takes finite octal codes whose moves leave at most two heaps (and the rules of that shape); `sequence G a..b` without `into` takes any game".into()
        }
        S::TooWide { .. } => "no octal game is known with values that large".into(),
        S::Stopped { .. } => {
            "run the same statement again to go on from the checkpoint (`grundy run --timeout 0` sets no time limit)".into()
        }
    }
}

fn limit_text(exceeded: &Exceeded) -> String {
    match exceeded {
        Exceeded::Positions(limit) => {
            format!("more than {limit} positions: the position limit (--max-positions) was reached")
        }
        Exceeded::Memory(limit) => format!(
            "more than {} of memory: the memory limit (--max-memory) was reached",
            show_size(*limit)
        ),
        Exceeded::Timeout(t) => format!(
            "the statement ran longer than {:.1} s: the time limit (--timeout) was reached",
            t.as_secs_f64()
        ),
        Exceeded::Interrupted => "interrupted".into(),
    }
}

impl Describe for EvalError {
    fn code(&self) -> &'static str {
        match self {
            EvalError::Type { .. } | EvalError::Mismatch { .. } => "grundy::type",
            EvalError::Overflow { .. } => "grundy::overflow",
            EvalError::NotDyadic { .. } => "grundy::type",
            EvalError::DivisionByZero { .. } => "grundy::division_by_zero",
            EvalError::Index { .. } => "grundy::index",
            EvalError::BadPosition { .. } | EvalError::BadSquare { .. } => "grundy::position",
            EvalError::InRule { inner, .. } => match inner.root() {
                EvalError::BadPosition { .. } | EvalError::BadSquare { .. } => "grundy::option",
                other => other.code(),
            },
            EvalError::Loopy { .. } => "grundy::loopy",
            EvalError::Limit {
                exceeded: Exceeded::Interrupted,
                ..
            } => "grundy::interrupted",
            EvalError::QuotientLimit {
                exceeded: Exceeded::Interrupted,
                ..
            } => "grundy::interrupted",
            EvalError::Limit { .. } | EvalError::QuotientLimit { .. } => "grundy::limit",
            EvalError::Sweep {
                problem: crate::solve::impartial::sweep::SweepError::Stopped { limit, .. },
                ..
            } => match limit {
                Exceeded::Interrupted => "grundy::interrupted",
                _ => "grundy::limit",
            },
            EvalError::Sweep { .. } => "grundy::sweep",
            EvalError::CallDepth { .. } | EvalError::StackDepth { .. } => "grundy::recursion",
            EvalError::NoValueYet { .. } => "grundy::order",
            EvalError::NegativeNimber { .. } | EvalError::NegativeNimArithmetic { .. } => {
                "grundy::negative"
            }
            EvalError::EmptyExtreme { .. } | EvalError::EmptyRange { .. } => "grundy::empty",
            EvalError::NeedsGameContext { .. }
            | EvalError::NoBoard { .. }
            | EvalError::BoardNotYetDefined { .. }
            | EvalError::ZeroDirection { .. }
            | EvalError::NotOnBoard { .. }
            | EvalError::TableArity { .. }
            | EvalError::BoardSide { .. }
            | EvalError::BlockedOffBoard { .. } => "grundy::board",
            EvalError::Coins { .. } => "grundy::coins",
            EvalError::Grid { .. } => "grundy::grid",
            EvalError::OptionIsGameName { .. } | EvalError::OptionShape { .. } => "grundy::option",
            EvalError::TartanFactor { .. } => "grundy::tartan",
            EvalError::NeedsPosition { .. }
            | EvalError::SequenceArity { .. }
            | EvalError::SequenceRange { .. }
            | EvalError::NegativeHeap { .. }
            | EvalError::NegativeBound { .. }
            | EvalError::NegativeDepth { .. } => "grundy::query",
            EvalError::NotAtomic { .. } | EvalError::CoolingTemperature { .. } => "grundy::thermal",
            EvalError::Partizan { .. }
            | EvalError::PartizanLiteral { .. }
            | EvalError::NotAvailable { .. }
            | EvalError::MisereFormPartizan { .. }
            | EvalError::NoSides { .. }
            | EvalError::SidedMoves { .. } => "grundy::unavailable",
            EvalError::NotHeapGame { .. } => "grundy::type",
            EvalError::Quotient { .. } => "grundy::too_large",
            EvalError::QuotientSaved { .. } => "grundy::sweep",
            EvalError::Symmetry { .. } => "grundy::symmetry",
            EvalError::Interactive { .. } => "grundy::interactive",
            EvalError::QueryInRule { .. } => "grundy::query::value",
            EvalError::TooLarge { .. } | EvalError::GraphTooLarge { .. } => "grundy::too_large",
            EvalError::NotComparable { .. } => "grundy::assert",
            EvalError::MisereLoopy { .. } | EvalError::LoopySplit { .. } => "grundy::unavailable",
            EvalError::FormTooLong { .. } => "grundy::limit",
            EvalError::Internal { .. } => "grundy::internal",
        }
    }

    fn help(&self) -> String {
        match self {
            EvalError::Type { .. } => "check the kinds of values this operation takes".into(),
            EvalError::Mismatch { .. } => {
                "`+` adds two integers or sums two games; a nimber is written `*k`".into()
            }
            EvalError::Overflow { .. } => "integers are 64-bit and never wrap; use smaller values".into(),
            EvalError::NotDyadic { .. } => "where a game is expected, `a/b` is the number a/b and b must be 1, 2, 4, 8, …; compute an integer quotient with `let` first".into(),
            EvalError::DivisionByZero { .. } => "guard the division with `where` or `if`".into(),
            EvalError::Index { .. } => "indices start at 0 and must be below `len(xs)`".into(),
            EvalError::BadSquare { .. } => {
                "a piece stands on an open square of the board: columns from `a`, rows from 1, not in `without`".into()
            }
            EvalError::BadPosition { .. } => {
                "give each parameter a value of its declared type (and squares on the board)".into()
            }
            EvalError::InRule { inner, .. } => rule_help(inner.root()),
            EvalError::Loopy { .. } => {
                "a game with cycles is answered by `grundy`, `outcome`, `winning`, `moves` and `explain` of one impartial position, `graph`, and `sequence` of its heaps (draws, generalised values), and by `outcome` and `winning` of a partizan position (the nine loopy classes); this query needs a game that always ends".into()
            }
            EvalError::Limit { exceeded, .. } => limit_help(exceeded).into(),
            EvalError::Sweep { problem, .. } => sweep_help(problem),
            EvalError::QuotientLimit {
                heap, saved: true, ..
            } => format!("the quotient of the heaps below {heap} is saved in the directory: the same statement carries on from heap {heap}"),
            EvalError::QuotientLimit {
                exceeded, heap, game, ..
            } => quotient_limit_help(exceeded, *heap, game),
            EvalError::CallDepth { .. } => "make sure the recursion reaches a base case".into(),
            EvalError::StackDepth { .. } => "name the inner parts of long expressions with `let`, or make the recursion shallower".into(),
            EvalError::NoValueYet { .. } => "move its `let` above the first statement that needs it".into(),
            EvalError::NegativeNimber { .. } => "write `*k` with k ≥ 0".into(),
            EvalError::NegativeNimArithmetic { .. } => "nim arithmetic works on integers ≥ 0".into(),
            EvalError::EmptyExtreme { .. } => "give it at least one value".into(),
            EvalError::EmptyRange { from, .. } => format!(
                "a range runs from its first heap up to, not including, its end: `{from}..{}` or `{from}..={from}`",
                from.saturating_add(10)
            ),
            EvalError::NeedsGameContext { .. } => "use it inside a game definition".into(),
            EvalError::NoBoard { .. } => "define the game `on` a board: `game g(sq) on chess { … }`".into(),
            EvalError::BoardNotYetDefined { .. } => "move the `board` statement above the first query that uses it".into(),
            EvalError::ZeroDirection { .. } => "use a non-zero direction".into(),
            EvalError::Coins { problem, .. } => problem.help().into(),
            EvalError::Grid { problem, .. } => problem.help().into(),
            EvalError::OptionIsGameName { .. } => "call the game with its parameters: `g(n - 1)`".into(),
            EvalError::OptionShape { params, .. } => format!(
                "write the new parameter values as a {params}-tuple `(…)`, or a game such as `g(…) + h(…)`"
            ),
            EvalError::TartanFactor { .. } => "each factor's options must be sums of its own one-coin positions, as in `game ruler(n: nat) { move sum(ruler(y) for y in a..n) for a in 1..=n }`".into(),
            EvalError::NeedsPosition { .. } => "call it with its parameters, e.g. `kayles(5)`".into(),
            EvalError::Partizan { .. } => "a partizan game has no single value for both players: ask `canonical G` or `outcome G` (L, R, N or P)".into(),
            EvalError::NotHeapGame { .. } => "a quotient is of one-parameter games `g(n: nat)` whose options are sums of smaller heaps `g(k)` of the same game (octal, subtraction, all-but or such rules)".into(),
            EvalError::QuotientSaved { .. } => "a directory holds one game's quotient: give another game its own directory, and move a damaged one aside to start again".into(),
            EvalError::Quotient { .. } => "the heap-by-heap construction has a fixed size limit (about 16 million candidate elements); ask for a smaller bound `up to N` — the quotients up to it are exact".into(),
            EvalError::Symmetry { .. } => "a `symmetry` rule names a position of the same game with the same value (`symmetry g(mirror(b))`), or with the negated value (`symmetry -g(transpose(b))`); grundy checks it on small positions before trusting it: fix the rule or remove it".into(),
            EvalError::PartizanLiteral { .. } => "numbers, `^`, `v` and `{ | }` games are partizan: ask `canonical` or `outcome`; beside a game `1` is the number 1 (`{0 | }`), and the nimber is `*1`".into(),
            EvalError::Interactive { .. } => "start `grundy repl` (or just `grundy`) and type `play G` there".into(),
            EvalError::QueryInRule { .. } => "a function with a query inside may be used in `let`, `print`, `assert` and queries, not by a game's rules".into(),
            EvalError::MisereFormPartizan { .. } => "Conway's simplest forms are of impartial games (written with `move` rules, nimbers or `*{…}`); under misère play a partizan game has `outcome misere G` and `winning misere G`".into(),
            EvalError::NotAvailable { .. } => "this query belongs to a capability that is still being built; README.md says what works".into(),
            EvalError::SequenceArity { params, .. } if *params > 1 => {
                let holes: Vec<&str> = (0..*params).map(|i| if i + 1 == *params { "_" } else { "3" }).collect();
                format!("fix all parameters but one and write `_` for the one the sequence runs over: `sequence G({}) 0..20`; `table G 0..8, 0..8` shows two", holes.join(", "))
            }
            EvalError::SequenceArity { .. } => "ask `grundy` of the position itself".into(),
            EvalError::SequenceRange { .. } => "write `sequence G 0..=20`".into(),
            EvalError::NegativeHeap { .. } => "start the range at 0 or above".into(),
            EvalError::NegativeBound { .. } => {
                "write the largest heap to look at, e.g. `up to 100`".into()
            }
            EvalError::NotOnBoard { game, .. } => format!("`table` draws a game defined `on` a board, or a two-parameter game over two ranges: `table {game} 0..8, 0..8`"),
            EvalError::TableArity { ranges: true, game, .. } => format!("`table {game} a..b, c..d` tabulates a game of two parameters; a game of one is shown by `sequence {game} 0..20`"),
            EvalError::TableArity { game, .. } => format!("ask `grundy` of single positions such as `{game}(@a1, 0)`, or define a game of the square alone with the other values written in its rules (docs/reference.md §6.3)"),
            EvalError::BoardSide { .. } => "board sides are between 1 and 702 squares".into(),
            EvalError::BlockedOffBoard { .. } => "blocked squares must lie on the board".into(),
            EvalError::TooLarge { instead, .. } => (*instead).into(),
            EvalError::GraphTooLarge { .. } => "draw fewer moves with `graph G depth 2`, or a smaller position; `explain` shows one level of any position".into(),
            EvalError::NegativeDepth { .. } => "the depth counts moves from the position: 0 draws the position alone, 1 its options too".into(),
            EvalError::NotAtomic { .. } => "atomic weight measures all-small games (every position has moves for both players or for neither, as in Clobber), and infinitesimals close to a multiple of ↑; ask `canonical G`, or `reduced G` to forget infinitesimals".into(),
            EvalError::SidedMoves { .. } => "ask `canonical`, `compare` or `outcome` of it, alone or in a sum; to play, write the game itself (`{pass | pass}` rather than `{pass | } & { | pass}`)".into(),
            EvalError::NoSides { .. } => "its onside (infinite play counts for Left) and offside (for Right) are each simplified until no alternating cycle is left, and a side is reported only when the stopper found is proven equal to it; this game's side may not be a stopper at all (Bach's Carousel is such a game). `outcome G` answers any loopy game, and `compare` compares any two".into(),
            EvalError::CoolingTemperature { .. } => "cool by a number t > −1, e.g. `cool {2 | -1} by 1`; `heat G by t` takes any game".into(),
            EvalError::NotComparable { .. } => "assert the answers of `grundy`, `outcome`, `winning`, `moves`, `sequence`, `genus`, `canonical`, `compare`, `temperature`, `mean`, `leftstop` or `rightstop`; `thermograph`, `table`, `explain`, `graph` and `quotient` are for reading".into(),
            EvalError::MisereLoopy { .. } => "its positions repeat; ask `outcome G` (normal play), which finds draws".into(),
            EvalError::FormTooLong { misere: true, .. } => "its options share much, so the printed tree is far larger than the form; ask `genus G`, `outcome misere G` or `winning misere G` instead (docs/reference.md, section 9.5)".into(),
            EvalError::FormTooLong { .. } => "its options share much, so the printed tree is far larger than the form; ask `outcome`, `temperature`, `mean`, `leftstop`, `rightstop` or `compare` instead (docs/reference.md, section 10.4)".into(),
            EvalError::LoopySplit { .. } => "generalised values are computed for loopy games whose options are single positions (or `*k`)".into(),
            EvalError::Internal { .. } => "this is a bug in grundy, please report it with the input that caused it".into(),
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
            EvalError::NotDyadic { span, .. } => vec![(*span, "not a power of two".into())],
            EvalError::DivisionByZero { span } => vec![(*span, "divides by zero".into())],
            EvalError::Index { span, .. } => vec![(*span, "out of range".into())],
            EvalError::BadPosition { span, .. } | EvalError::BadSquare { span, .. } => {
                vec![(*span, "invalid position".into())]
            }
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
            EvalError::Limit {
                span,
                exceeded: Exceeded::Interrupted,
            } => vec![(*span, "cancelled".into())],
            EvalError::Limit { span, .. } | EvalError::QuotientLimit { span, .. } => {
                vec![(*span, "stopped here".into())]
            }
            EvalError::Sweep { span, .. } => vec![(*span, "this sequence".into())],
            EvalError::CallDepth { span } => vec![(*span, "recursion".into())],
            EvalError::StackDepth { span } => vec![(*span, "too deep here".into())],
            EvalError::NoValueYet { span, .. } => vec![(*span, "used here".into())],
            EvalError::NegativeNimber { span, .. }
            | EvalError::NegativeNimArithmetic { span, .. } => vec![(*span, "negative".into())],
            EvalError::Internal { span, .. } => vec![(*span, "while running this".into())],
            EvalError::EmptyRange { span, .. } => vec![(*span, "no heaps".into())],
            EvalError::TableArity { span, params, .. } => {
                let s = if *params == 1 { "" } else { "s" };
                vec![(*span, format!("{params} parameter{s}"))]
            }
            EvalError::EmptyExtreme { span, .. }
            | EvalError::NeedsGameContext { span, .. }
            | EvalError::NoBoard { span }
            | EvalError::BoardNotYetDefined { span, .. }
            | EvalError::ZeroDirection { span }
            | EvalError::Coins { span, .. }
            | EvalError::Grid { span, .. }
            | EvalError::OptionIsGameName { span }
            | EvalError::OptionShape { span, .. }
            | EvalError::TartanFactor { span, .. }
            | EvalError::NeedsPosition { span }
            | EvalError::Partizan { span }
            | EvalError::PartizanLiteral { span, .. }
            | EvalError::NotHeapGame { span, .. }
            | EvalError::Quotient { span, .. }
            | EvalError::QuotientSaved { span, .. }
            | EvalError::Symmetry { span, .. }
            | EvalError::Interactive { span }
            | EvalError::QueryInRule { span, .. }
            | EvalError::NotAvailable { span, .. }
            | EvalError::MisereFormPartizan { span }
            | EvalError::SequenceArity { span, .. }
            | EvalError::SequenceRange { span }
            | EvalError::NegativeHeap { span }
            | EvalError::NegativeBound { span }
            | EvalError::NotOnBoard { span, .. }
            | EvalError::BoardSide { span, .. }
            | EvalError::BlockedOffBoard { span, .. }
            | EvalError::TooLarge { span, .. }
            | EvalError::GraphTooLarge { span, .. }
            | EvalError::NegativeDepth { span }
            | EvalError::NotAtomic { span, .. }
            | EvalError::NoSides { span, .. }
            | EvalError::SidedMoves { span }
            | EvalError::CoolingTemperature { span }
            | EvalError::NotComparable { span, .. }
            | EvalError::MisereLoopy { span }
            | EvalError::FormTooLong { span, .. }
            | EvalError::LoopySplit { span, .. } => vec![(*span, "here".into())],
        }
    }
}

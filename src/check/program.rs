//! The checked program: every name resolved to a frame slot, a global, a game or
//! a built-in, so evaluation never looks anything up by name.

use crate::diagnostics::Span;
use crate::lang::builtin::Builtin;
use crate::lang::value::Value;
use crate::syntax::ast::{BinOp, QueryKind, RuleKind, UnOp};

/// Index of a game definition in [`Globals::games`].
pub type GameId = usize;
/// Index of a constant in [`Globals::constants`].
pub type ConstId = usize;
/// Index of a function in [`Globals::functions`].
pub type FuncId = usize;
/// Index of a board in [`Globals::boards`].
pub type BoardId = usize;

/// A checked expression with its span.
#[derive(Debug, Clone)]
pub struct Expr {
    /// What it computes.
    pub kind: ExprKind,
    /// Where it was written.
    pub span: Span,
}

/// The forms of a checked expression.
#[derive(Debug, Clone)]
pub enum ExprKind {
    /// A literal or folded constant.
    Const(Value),
    /// A frame slot (parameter, binder, function argument).
    Local(usize),
    /// A `let` constant.
    Global(ConstId),
    /// A prefix operator.
    Unary(UnOp, Box<Expr>),
    /// A binary operator (`and`/`or` short-circuit).
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `if C then A else B`.
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `(a, b)`.
    Tuple(Vec<Expr>),
    /// `[a, b]`.
    List(Vec<Expr>),
    /// `{a, b}`.
    Set(Vec<Expr>),
    /// `inf{a, b}`.
    Infinite(Vec<Expr>),
    /// `{A, B | C}`: a game literal; each option is evaluated as a game.
    Braces(Vec<Expr>, Vec<Expr>),
    /// `{0 | pass}`: a loopy game literal.
    Loopy(Box<crate::syntax::ast::LoopyLit<Expr>>),
    /// `[EXPR for …]`.
    ListComp(Box<Comprehension>),
    /// `xs[i]` or `xs[a..b]`.
    Index(Box<Expr>, Box<Expr>),
    /// `xs with [i] = v, …`.
    With(Box<Expr>, Vec<(Expr, Expr)>),
    /// A user function call.
    CallFunc(FuncId, Vec<Expr>),
    /// A built-in call.
    CallBuiltin(Builtin, Vec<Expr>),
    /// A game applied to a position: `kayles(3)`, `sub[S](n)`.
    GameCall {
        /// The game.
        game: GameId,
        /// Family arguments.
        family: Vec<Expr>,
        /// Position arguments.
        args: Vec<Expr>,
    },
    /// A query whose answer is a value: `grundy G`, `outcome G`, …
    Query(Box<Query>),
    /// A game not applied: `kayles`, `sub[{1, 2}]`.
    GameRef {
        /// The game.
        game: GameId,
        /// Family arguments.
        family: Vec<Expr>,
    },
}

/// `EXPR for BINDERS where COND`.
#[derive(Debug, Clone)]
pub struct Comprehension {
    /// The element.
    pub body: Expr,
    /// Nested iteration.
    pub binders: Vec<Binder>,
    /// The filter.
    pub condition: Option<Expr>,
}

/// A pattern bound to frame slots.
#[derive(Debug, Clone)]
pub enum SlotPattern {
    /// The whole value into one slot.
    Slot(usize),
    /// A tuple destructured element by element.
    Tuple(Vec<SlotPattern>, Span),
}

/// One binder of a `for` clause.
#[derive(Debug, Clone)]
pub enum Binder {
    /// `PATTERN in ITERABLE`.
    In(SlotPattern, Expr),
    /// `NAME = EXPR`.
    Let(usize, Expr),
}

/// The declared type of a parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamType {
    /// An integer ≥ 0.
    Nat,
    /// Any integer.
    Int,
    /// A list.
    List,
    /// A string.
    Str,
    /// A square of the game's board.
    Square,
    /// A boolean.
    Bool,
    /// A set.
    Set,
    /// A tuple.
    Tuple,
}

impl ParamType {
    /// The type as written.
    pub fn name(self) -> &'static str {
        match self {
            ParamType::Nat => "nat",
            ParamType::Int => "int",
            ParamType::List => "list",
            ParamType::Str => "string",
            ParamType::Square => "square",
            ParamType::Bool => "bool",
            ParamType::Set => "set",
            ParamType::Tuple => "tuple",
        }
    }
}

/// A checked parameter.
#[derive(Debug, Clone)]
pub struct Param {
    /// Its name as written (a tuple pattern prints as `(x, y)`).
    pub name: String,
    /// The slots it binds.
    pub pattern: SlotPattern,
    /// The declared type.
    pub ty: Option<ParamType>,
    /// Where it was declared.
    pub span: Span,
}

/// A checked rule.
#[derive(Debug, Clone)]
pub struct Rule {
    /// `move`, `left`, `right` or `stop`.
    pub kind: RuleKind,
    /// The binders.
    pub binders: Vec<Binder>,
    /// The `where` filter.
    pub condition: Option<Expr>,
    /// The option (for `stop`, the condition).
    pub option: Expr,
    /// The whole rule.
    pub span: Span,
}

/// How a constructed game makes its moves (LANGUAGE.md §4 aliases).
#[derive(Debug, Clone)]
pub enum Constructor {
    /// `octal "0.77"`: digit k says how many heaps may remain after removing k.
    Octal {
        /// Digits d0, d1, d2, …
        digits: Vec<u8>,
        /// The code as written.
        code: String,
    },
    /// `subtraction {…}`: remove k ∈ S.
    Subtraction(Vec<i64>),
    /// `allbut {…}`: remove any k ≥ 1 not in E.
    AllBut(Vec<i64>),
    /// `tartan(G, H)`: the product of two one-head coin games.
    Tartan(Box<Expr>, Box<Expr>),
}

/// What defines a game's options.
#[derive(Debug, Clone)]
pub enum GameBody {
    /// Move rules.
    Rules(Vec<Rule>),
    /// A constructed game (the constructor's arguments are checked expressions).
    Constructed(Constructor),
}

/// A checked game definition.
#[derive(Debug, Clone)]
pub struct Game {
    /// The name.
    pub name: String,
    /// `partizan game`.
    pub partizan: bool,
    /// Family parameters (bound first in the frame).
    pub family: Vec<Param>,
    /// Position parameters.
    pub params: Vec<Param>,
    /// The board named by `on`.
    pub board: Option<BoardId>,
    /// The rules or constructor.
    pub body: GameBody,
    /// Slots a frame for this game needs.
    pub frame_size: usize,
    /// The definition's span.
    pub span: Span,
    /// The definition's source text.
    pub source: String,
}

/// A checked board definition.
#[derive(Debug, Clone)]
pub struct Board {
    /// The name.
    pub name: String,
    /// Columns.
    pub width: Expr,
    /// Rows.
    pub height: Expr,
    /// Blocked squares.
    pub without: Option<Expr>,
    /// Frame size for evaluating the sizes.
    pub frame_size: usize,
    /// The definition.
    pub span: Span,
}

/// A checked function (`let f(x) = …`).
#[derive(Debug, Clone)]
pub struct Function {
    /// The name.
    pub name: String,
    /// Number of parameters.
    pub arity: usize,
    /// The body (parameters are slots 0..arity).
    pub body: Expr,
    /// Frame size.
    pub frame_size: usize,
    /// The definition.
    pub span: Span,
}

/// A checked constant (`let X = …`).
#[derive(Debug, Clone)]
pub struct Constant {
    /// The name.
    pub name: String,
    /// Its definition.
    pub span: Span,
}

/// A top-level expression with the frame its comprehensions need.
#[derive(Debug, Clone)]
pub struct TopExpr {
    /// The expression.
    pub expr: Expr,
    /// Frame slots needed.
    pub frame_size: usize,
}

/// A checked query: a statement of its own, or inside an expression (its
/// answer as a value). Its operands are expressions of the frame it runs in.
#[derive(Debug, Clone)]
pub struct Query {
    /// The question.
    pub kind: QueryKind,
    /// Under misère play.
    pub misere: bool,
    /// The game asked about.
    pub subject: Expr,
    /// The range of `sequence`, the second game of `compare`, the bound of
    /// `quotient` or the depth of `graph`.
    pub range: Option<Expr>,
    /// `sequence G a..b up to N`: how far to look for a proof.
    pub bound: Option<Expr>,
    /// `sequence mr(3, _) a..b`: the fixed parameters, and where the hole
    /// the sequence runs over stands among them.
    pub line: Option<(Vec<Expr>, usize)>,
    /// `sequence G a..b into "DIR"`: the directory the values stream to.
    pub into: Option<Expr>,
    /// The subject's source text, trimmed (the `expr` of JSON answers).
    pub text: String,
    /// The whole query.
    pub span: Span,
    /// Slots a fresh frame needs when the query is a statement (0 inside an
    /// expression, whose frame is the enclosing one).
    pub frame_size: usize,
}

/// A checked statement, run in order.
#[derive(Debug, Clone)]
pub enum Stmt {
    /// Defines a game (nothing to run; clears memos in the REPL).
    Game(GameId),
    /// Evaluates a board's size and blocked squares.
    Board(BoardId),
    /// Binds a constant.
    Let(ConstId, TopExpr),
    /// Defines a function (nothing to run).
    Function(FuncId),
    /// `print EXPR`.
    Print(TopExpr, String, Span),
    /// A bare expression (REPL, `grundy eval`): its value, and a game's value too.
    Show(TopExpr, String, Span),
    /// `assert QUERY == VALUE`.
    AssertQuery(Query, TopExpr, Span),
    /// `assert EXPR`.
    AssertExpr(TopExpr, Span),
    /// A query.
    Query(Query),
}

/// Everything defined so far: grows statement by statement (and entry by entry in the REPL).
#[derive(Debug, Clone, Default)]
pub struct Globals {
    /// Name → what it names.
    pub names: indexmap::IndexMap<String, Global>,
    /// Game definitions.
    pub games: Vec<Game>,
    /// Board definitions.
    pub boards: Vec<Board>,
    /// Functions.
    pub functions: Vec<Function>,
    /// Constants.
    pub constants: Vec<Constant>,
}

/// What a global name refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Global {
    /// A game.
    Game(GameId),
    /// A board.
    Board(BoardId),
    /// A constant.
    Const(ConstId),
    /// A function.
    Func(FuncId),
}

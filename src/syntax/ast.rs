//! The spanned syntax tree of a `.game` file, as written (names not yet resolved).

use crate::diagnostics::Span;

/// A parsed file or REPL entry.
#[derive(Debug, Clone, Default)]
pub struct Program {
    /// The statements in source order.
    pub statements: Vec<Statement>,
}

/// A name with where it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ident {
    /// The name.
    pub name: String,
    /// Where it stands.
    pub span: Span,
}

/// One statement of a file.
#[derive(Debug, Clone)]
pub enum Statement {
    /// `game …` or `partizan game …`.
    Game(GameDef),
    /// `board NAME = W x H …`.
    Board(BoardDef),
    /// `let NAME = …` or `let NAME(…) = …`.
    Let(LetDef),
    /// `assert …`.
    Assert(Assert),
    /// `print EXPR`.
    Print(Print),
    /// A bare expression typed alone in the REPL or `grundy eval`: shown with its value.
    Show(Print),
    /// A query such as `grundy G`.
    Query(Query),
}

/// A game definition.
#[derive(Debug, Clone)]
pub struct GameDef {
    /// The game's name.
    pub name: Ident,
    /// `partizan game`.
    pub partizan: bool,
    /// Family parameters in brackets, fixed for a play.
    pub family: Vec<Param>,
    /// Rules or a constructor.
    pub body: GameBody,
    /// The whole definition.
    pub span: Span,
}

/// What defines a game's moves.
#[derive(Debug, Clone)]
pub enum GameBody {
    /// Parameters, an optional board, and move rules.
    Rules {
        /// The position parameters.
        params: Vec<Param>,
        /// `on BOARD`.
        board: Option<Ident>,
        /// The rules in source order.
        rules: Vec<Rule>,
    },
    /// `= octal "0.77"` and the other constructors.
    Alias(Constructor),
}

/// `octal "0.77"`, `subtraction {…}`, `allbut {…}`, `tartan(G, H)`.
#[derive(Debug, Clone)]
pub struct Constructor {
    /// The constructor's name.
    pub name: Ident,
    /// Its arguments (one for a string or set, several for a call).
    pub args: Vec<Expr>,
    /// The constructor with its argument.
    pub span: Span,
}

/// A parameter: a pattern with an optional type.
#[derive(Debug, Clone)]
pub struct Param {
    /// The name or tuple pattern.
    pub pattern: Pattern,
    /// The declared type, if any.
    pub ty: Option<Ident>,
    /// The whole parameter.
    pub span: Span,
}

/// A name or a tuple of patterns.
#[derive(Debug, Clone)]
pub enum Pattern {
    /// Binds the whole value.
    Name(Ident),
    /// Destructures a tuple of the same length.
    Tuple(Vec<Pattern>, Span),
}

impl Pattern {
    /// Where the pattern stands.
    pub fn span(&self) -> Span {
        match self {
            Pattern::Name(id) => id.span,
            Pattern::Tuple(_, span) => *span,
        }
    }
}

/// What a rule does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleKind {
    /// `move`: an option for either player.
    Move,
    /// `left`: an option for Left.
    Left,
    /// `right`: an option for Right.
    Right,
    /// `stop when`: positions satisfying the condition are terminal.
    Stop,
    /// `symmetry G'`: a position with the same value (or `-G'`: the negated).
    Symmetry,
}

/// One rule of a game body.
#[derive(Debug, Clone)]
pub struct Rule {
    /// Which keyword started it.
    pub kind: RuleKind,
    /// The option (or, for `stop when`, the condition).
    pub option: Expr,
    /// The `for` binders.
    pub binders: Vec<Binder>,
    /// The `where` condition.
    pub condition: Option<Expr>,
    /// The whole rule.
    pub span: Span,
}

/// One binder of a `for` clause.
#[derive(Debug, Clone)]
pub enum Binder {
    /// `PATTERN in ITERABLE`.
    In(Pattern, Expr),
    /// `NAME = EXPR`.
    Let(Ident, Expr),
}

/// A board definition.
#[derive(Debug, Clone)]
pub struct BoardDef {
    /// The board's name.
    pub name: Ident,
    /// Number of columns.
    pub width: Expr,
    /// Number of rows.
    pub height: Expr,
    /// The blocked squares.
    pub without: Option<Expr>,
    /// The whole definition.
    pub span: Span,
}

/// A constant or function definition.
#[derive(Debug, Clone)]
pub struct LetDef {
    /// The name.
    pub name: Ident,
    /// Parameters for a function, `None` for a constant.
    pub params: Option<Vec<Ident>>,
    /// The body.
    pub value: Expr,
    /// The whole definition.
    pub span: Span,
}

/// `assert QUERY == VALUE` or `assert EXPR`.
#[derive(Debug, Clone)]
pub struct Assert {
    /// What is checked.
    pub check: AssertCheck,
    /// The whole statement.
    pub span: Span,
}

/// The two forms of `assert`.
#[derive(Debug, Clone)]
pub enum AssertCheck {
    /// A query's answer compared with a written value.
    Query(Box<Query>, Expr),
    /// A boolean expression.
    Expr(Expr),
}

/// `print EXPR`.
#[derive(Debug, Clone)]
pub struct Print {
    /// The printed expression.
    pub value: Expr,
    /// The whole statement.
    pub span: Span,
}

/// Which question a query asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QueryKind {
    /// `grundy G`
    Grundy,
    /// `outcome G`
    Outcome,
    /// `moves G`
    Moves,
    /// `winning G`
    Winning,
    /// `sequence G a..b`
    Sequence,
    /// `table G`
    Table,
    /// `canonical G`
    Canonical,
    /// `genus G`
    Genus,
    /// `explain G`
    Explain,
    /// `graph G [depth N]`
    Graph,
    /// `play G`
    Play,
    /// `compare G H`
    Compare,
    /// `temperature G`
    Temperature,
    /// `mean G`
    Mean,
    /// `leftstop G`
    LeftStop,
    /// `rightstop G`
    RightStop,
    /// `thermograph G`
    Thermograph,
    /// `quotient G up to N`
    Quotient,
    /// `atomicweight G`
    AtomicWeight,
    /// `reduced G`
    Reduced,
    /// `cool G by t`
    Cool,
    /// `heat G by t`
    Heat,
    /// `overheat G from s to t`
    Overheat,
    /// `norton G by U`
    Norton,
    /// `ordinalsum G, H`
    OrdinalSum,
}

impl QueryKind {
    /// Every query, in the order the reference lists them.
    pub const ALL: [QueryKind; 25] = [
        QueryKind::Grundy,
        QueryKind::Outcome,
        QueryKind::Moves,
        QueryKind::Winning,
        QueryKind::Sequence,
        QueryKind::Table,
        QueryKind::Canonical,
        QueryKind::Genus,
        QueryKind::Explain,
        QueryKind::Graph,
        QueryKind::Play,
        QueryKind::Compare,
        QueryKind::Temperature,
        QueryKind::Mean,
        QueryKind::LeftStop,
        QueryKind::RightStop,
        QueryKind::Thermograph,
        QueryKind::AtomicWeight,
        QueryKind::Reduced,
        QueryKind::Cool,
        QueryKind::Heat,
        QueryKind::Overheat,
        QueryKind::Norton,
        QueryKind::OrdinalSum,
        QueryKind::Quotient,
    ];

    /// The query a keyword names.
    pub fn from_keyword(word: &str) -> Option<QueryKind> {
        QueryKind::ALL.into_iter().find(|k| k.keyword() == word)
    }

    /// True when the answer is a value an expression can use (`grundy G` an
    /// integer, `winning G` a list of positions, …); `table`, `graph`,
    /// `explain`, `play`, `thermograph` and `quotient` answer only as
    /// statements (pictures, explanations, a game played).
    pub fn has_value(self) -> bool {
        !matches!(
            self,
            QueryKind::Table
                | QueryKind::Explain
                | QueryKind::Graph
                | QueryKind::Play
                | QueryKind::Thermograph
                | QueryKind::Quotient
        )
    }

    /// True when the answer is a game or a number (`canonical`, `temperature`,
    /// `mean`, the stops): the value it is compared with is read in a game
    /// context, so `== 3/4` is the number three quarters.
    pub fn answers_a_game(self) -> bool {
        self.makes_a_form()
            || matches!(
                self,
                QueryKind::Temperature
                    | QueryKind::Mean
                    | QueryKind::LeftStop
                    | QueryKind::RightStop
            )
    }

    /// True when the answer is a canonical form made from the operands
    /// (`canonical G`, `cool G by 1`, …).
    pub fn makes_a_form(self) -> bool {
        matches!(
            self,
            QueryKind::Canonical
                | QueryKind::AtomicWeight
                | QueryKind::Reduced
                | QueryKind::Cool
                | QueryKind::Heat
                | QueryKind::Overheat
                | QueryKind::Norton
                | QueryKind::OrdinalSum
        )
    }

    /// True when every operand after the first is a game too (read in a
    /// game context, as the first is): `compare G H`, `heat G by *`.
    pub fn operands_are_games(self) -> bool {
        matches!(
            self,
            QueryKind::Compare
                | QueryKind::Cool
                | QueryKind::Heat
                | QueryKind::Overheat
                | QueryKind::Norton
                | QueryKind::OrdinalSum
        )
    }

    /// True when the query asks about one game and nothing else, so
    /// `grundy(G)` may be written as a call.
    pub fn takes_one_game(self) -> bool {
        self.has_value() && !matches!(self, QueryKind::Sequence) && !self.operands_are_games()
    }

    /// The keyword as written.
    pub fn keyword(self) -> &'static str {
        match self {
            QueryKind::Grundy => "grundy",
            QueryKind::Outcome => "outcome",
            QueryKind::Moves => "moves",
            QueryKind::Winning => "winning",
            QueryKind::Sequence => "sequence",
            QueryKind::Table => "table",
            QueryKind::Canonical => "canonical",
            QueryKind::Genus => "genus",
            QueryKind::Explain => "explain",
            QueryKind::Graph => "graph",
            QueryKind::Play => "play",
            QueryKind::Compare => "compare",
            QueryKind::Temperature => "temperature",
            QueryKind::Mean => "mean",
            QueryKind::LeftStop => "leftstop",
            QueryKind::RightStop => "rightstop",
            QueryKind::Thermograph => "thermograph",
            QueryKind::Quotient => "quotient",
            QueryKind::AtomicWeight => "atomicweight",
            QueryKind::Reduced => "reduced",
            QueryKind::Cool => "cool",
            QueryKind::Heat => "heat",
            QueryKind::Overheat => "overheat",
            QueryKind::Norton => "norton",
            QueryKind::OrdinalSum => "ordinalsum",
        }
    }
}

/// A question about a game.
#[derive(Debug, Clone)]
pub struct Query {
    /// The question.
    pub kind: QueryKind,
    /// `misere` was written.
    pub misere: bool,
    /// The game (for `sequence`, the game reference).
    pub subject: Expr,
    /// The range of `sequence`, the second game of `compare`, the bound of
    /// `quotient` or the depth of `graph`.
    pub range: Option<Expr>,
    /// `sequence G a..b up to N`: how far to look for a proof.
    pub bound: Option<Box<Expr>>,
    /// `sequence mr(3, _) a..b`: the positions the sequence runs along.
    pub line: Option<Line>,
    /// `sequence G a..b into "DIR"`: the directory the values go to.
    pub into: Option<Box<Expr>>,
    /// The whole query.
    pub span: Span,
}

/// `mr(3, _)`: a game's parameters with one left open, the hole a sequence
/// runs over.
#[derive(Debug, Clone)]
pub struct Line {
    /// The fixed parameters, in order, without the hole.
    pub fixed: Vec<Expr>,
    /// Where the hole stands among the parameters.
    pub hole: usize,
    /// The game with its parameters, `mr(3, _)`.
    pub span: Span,
}

/// An expression with its span.
#[derive(Debug, Clone)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it stands.
    pub span: Span,
}

/// Prefix operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnOp {
    /// `-x`
    Neg,
    /// `not x`
    Not,
    /// `*x`, the nimber.
    Nimber,
}

/// Binary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    /// `or`
    Or,
    /// `and`
    And,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `in`
    In,
    /// `not in`
    NotIn,
    /// `&`: onside & offside.
    Sided,
    /// `..`
    RangeExcl,
    /// `..=`
    RangeIncl,
    /// `^`
    Xor,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `++`
    Concat,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Rem,
}

impl BinOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Or => "or",
            BinOp::And => "and",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::In => "in",
            BinOp::NotIn => "not in",
            BinOp::Sided => "&",
            BinOp::RangeExcl => "..",
            BinOp::RangeIncl => "..=",
            BinOp::Xor => "^",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Concat => "++",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
        }
    }

    /// True for the non-associative comparison operators.
    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinOp::Eq
                | BinOp::Ne
                | BinOp::Lt
                | BinOp::Le
                | BinOp::Gt
                | BinOp::Ge
                | BinOp::In
                | BinOp::NotIn
        )
    }
}

/// The forms of an expression.
#[derive(Debug, Clone)]
pub enum ExprKind {
    /// An integer literal.
    Int(i64),
    /// `true` or `false`.
    Bool(bool),
    /// A string literal (escapes resolved).
    Str(String),
    /// `@f8` as (column, row).
    Square(i64, i64),
    /// A name.
    Name(String),
    /// A prefix operator.
    Unary(UnOp, Box<Expr>),
    /// A binary operator.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `if C then A else B`.
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `(a, b)`.
    Tuple(Vec<Expr>),
    /// `[a, b]`.
    List(Vec<Expr>),
    /// `{a, b}`.
    Set(Vec<Expr>),
    /// `inf{a, b}`: a generalised value ∞ with its finite option values.
    Infinite(Vec<Expr>),
    /// `^`, `^^`, `^3`, `^*`, `v*`, a lone `*`: `ups` ups (downs when negative),
    /// plus `*` when `star`.
    Arrows {
        /// Ups minus downs.
        ups: i64,
        /// `*` follows.
        star: bool,
    },
    /// `{A, B | C}`: a game given by Left's and Right's options.
    Braces(Vec<Expr>, Vec<Expr>),
    /// `{0 | pass}`, `a{0 | {0 | a}}`: a loopy game literal.
    Loopy(Box<LoopyLit<Expr>>),
    /// `[EXPR for … where …]`.
    ListComp(Box<Comprehension>),
    /// `f(args)` or `f(EXPR for …)`.
    Call(Box<Expr>, CallArgs),
    /// `xs[i]`, `xs[a..b]`, or family arguments `g[S]`.
    Index(Box<Expr>, Vec<Expr>),
    /// `xs with [i] = v, …`.
    With(Box<Expr>, Vec<(Expr, Expr)>),
    /// A query inside an expression: `grundy G`, `outcome misere G`, …
    Query(Box<Query>),
}

/// A loopy game literal: each pair of braces is a node (node 0 the
/// outermost); an option returns to a node or is any game expression.
#[derive(Debug, Clone)]
pub struct LoopyLit<E> {
    /// Left's and Right's options of each node.
    pub nodes: Vec<LoopySides<E>>,
}

/// Left's and Right's options of one node of a loopy literal.
pub type LoopySides<E> = (Vec<LoopyOption<E>>, Vec<LoopyOption<E>>);

/// One option of a loopy literal's node.
#[derive(Debug, Clone)]
pub enum LoopyOption<E> {
    /// `pass`, a label, or braces that return to an enclosing node.
    Node(u32),
    /// Any game.
    Game(E),
}

impl<E> LoopyLit<E> {
    /// The same literal with each game expression mapped.
    pub fn map<F>(&self, mut f: impl FnMut(&E) -> F) -> LoopyLit<F> {
        let side = |opts: &[LoopyOption<E>], f: &mut dyn FnMut(&E) -> F| {
            opts.iter()
                .map(|o| match o {
                    LoopyOption::Node(n) => LoopyOption::Node(*n),
                    LoopyOption::Game(e) => LoopyOption::Game(f(e)),
                })
                .collect()
        };
        LoopyLit {
            nodes: self
                .nodes
                .iter()
                .map(|(l, r)| (side(l, &mut f), side(r, &mut f)))
                .collect(),
        }
    }
}

/// The arguments of a call.
#[derive(Debug, Clone)]
pub enum CallArgs {
    /// `f(a, b)`.
    List(Vec<Expr>),
    /// `f(EXPR for … where …)`.
    Comprehension(Box<Comprehension>),
}

/// `EXPR for BINDERS where COND`.
#[derive(Debug, Clone)]
pub struct Comprehension {
    /// The element.
    pub body: Expr,
    /// The binders.
    pub binders: Vec<Binder>,
    /// The filter.
    pub condition: Option<Expr>,
}

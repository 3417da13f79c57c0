//! The built-in functions of LANGUAGE.md §3 and §6, by name and arity: the
//! checker resolves calls with it, the evaluator and the compiled rules
//! apply them, the REPL completes their names.

/// A built-in function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Builtin {
    /// `min(a, b, …)` or `min(list)`.
    Min,
    /// `max(a, b, …)` or `max(list)`.
    Max,
    /// `abs(n)`.
    Abs,
    /// `len(xs)`.
    Len,
    /// `sum(list)`: integers added, games summed.
    Sum,
    /// `count(b1, b2, …)` or `count(list)`.
    Count,
    /// `all(list)`.
    All,
    /// `any(list)`.
    Any,
    /// `sorted(list)`.
    Sorted,
    /// `gcd(a, b)`.
    Gcd,
    /// `popcount(n)`.
    Popcount,
    /// `bitand(a, b)`.
    Bitand,
    /// `bitor(a, b)`.
    Bitor,
    /// `subsets(S, sizes)`.
    Subsets,
    /// `product(list of iterables)`.
    Product,
    /// `nimsum(a, b, …)`.
    Nimsum,
    /// `mex(set)`.
    Mex,
    /// `ray(sq, d)` on the game's board.
    Ray,
    /// `step(sq, d)` on the game's board.
    Step,
    /// `nimmul(a, b)`.
    Nimmul,
    /// `niminv(a)`.
    Niminv,
    /// `nimdiv(a, b)`.
    Nimdiv,
    /// `coins(G, "THH…"[, base])`.
    Coins,
    /// `list(iterable)`: the elements as a list (an extension).
    List,
    /// `set(iterable)`: the elements as a set (an extension).
    Set,
    /// `regions(rows, free[, symmetry])`: a grid's 4-connected regions of free
    /// cells, cropped (and each its least image under the symmetry).
    Regions,
    /// `transpose(rows)`: a grid with rows and columns exchanged.
    Transpose,
    /// `sum(G for …)` whose body is a game: an empty sum is the terminal game `*0`.
    SumGames,
}

/// Every built-in with its name, for lookup and completion.
pub const BUILTINS: [(&str, Builtin); 27] = [
    ("min", Builtin::Min),
    ("max", Builtin::Max),
    ("abs", Builtin::Abs),
    ("len", Builtin::Len),
    ("sum", Builtin::Sum),
    ("count", Builtin::Count),
    ("all", Builtin::All),
    ("any", Builtin::Any),
    ("sorted", Builtin::Sorted),
    ("gcd", Builtin::Gcd),
    ("popcount", Builtin::Popcount),
    ("bitand", Builtin::Bitand),
    ("bitor", Builtin::Bitor),
    ("subsets", Builtin::Subsets),
    ("product", Builtin::Product),
    ("nimsum", Builtin::Nimsum),
    ("mex", Builtin::Mex),
    ("ray", Builtin::Ray),
    ("step", Builtin::Step),
    ("nimmul", Builtin::Nimmul),
    ("niminv", Builtin::Niminv),
    ("nimdiv", Builtin::Nimdiv),
    ("coins", Builtin::Coins),
    ("list", Builtin::List),
    ("set", Builtin::Set),
    ("regions", Builtin::Regions),
    ("transpose", Builtin::Transpose),
];

impl Builtin {
    /// The built-in of that name.
    pub fn from_name(name: &str) -> Option<Builtin> {
        BUILTINS.iter().find(|(n, _)| *n == name).map(|(_, b)| *b)
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        if self == Builtin::SumGames {
            return "sum";
        }
        BUILTINS
            .iter()
            .find(|(_, b)| *b == self)
            .map(|(n, _)| *n)
            .unwrap_or("?")
    }

    /// The accepted numbers of arguments (min, max).
    pub fn arity(self) -> (usize, usize) {
        match self {
            Builtin::Min | Builtin::Max | Builtin::Count => (1, usize::MAX),
            Builtin::Nimsum => (0, usize::MAX),
            Builtin::Abs
            | Builtin::Len
            | Builtin::Sum
            | Builtin::All
            | Builtin::Any
            | Builtin::Sorted
            | Builtin::Popcount
            | Builtin::Product
            | Builtin::Mex
            | Builtin::Niminv
            | Builtin::List
            | Builtin::Set
            | Builtin::Transpose
            | Builtin::SumGames => (1, 1),
            Builtin::Gcd
            | Builtin::Bitand
            | Builtin::Bitor
            | Builtin::Subsets
            | Builtin::Ray
            | Builtin::Step
            | Builtin::Nimmul
            | Builtin::Nimdiv => (2, 2),
            Builtin::Coins | Builtin::Regions => (2, 3),
        }
    }

    /// The arity in words, for errors.
    pub fn arity_text(self) -> String {
        match self.arity() {
            (a, b) if a == b => format!("{a} argument{}", if a == 1 { "" } else { "s" }),
            (a, usize::MAX) => format!("at least {a} argument{}", if a == 1 { "" } else { "s" }),
            (a, b) => format!("{a} to {b} arguments"),
        }
    }

    /// True when a single comprehension argument makes sense (`sum(x for x in xs)`).
    pub fn takes_iterable(self) -> bool {
        matches!(
            self,
            Builtin::Min
                | Builtin::Max
                | Builtin::Sum
                | Builtin::SumGames
                | Builtin::Count
                | Builtin::All
                | Builtin::Any
                | Builtin::Sorted
                | Builtin::Nimsum
                | Builtin::Mex
                | Builtin::List
                | Builtin::Set
                | Builtin::Product
        )
    }
}

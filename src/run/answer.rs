//! Typed answers: what a statement produced, as data. Only `report/` turns them
//! into text, JSON, SVG or DOT; assertions compare them as values.

use crate::diagnostics::Span;
use crate::lang::value::{GameSum, Value};
use crate::solve::impartial::periodicity::Regularity;
use crate::solve::loopy::generalized::Gsg;
use crate::solve::misere::{Genus, Periodicity, Phylum, Quotient};
use crate::solve::partizan::{Form, Reduction};

/// Who wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The previous player (the second to move) wins.
    P,
    /// The next player (the one to move) wins.
    N,
    /// Left wins whoever starts (partizan).
    L,
    /// Right wins whoever starts (partizan).
    R,
    /// Neither can force a win (loopy).
    D,
    /// Loopy partizan: Left wins moving first, a draw when Right starts.
    NHat,
    /// Loopy partizan: a draw when Left starts, Left wins when Right starts.
    PHat,
    /// Loopy partizan: a draw when Left starts, Right wins moving first.
    NCheck,
    /// Loopy partizan: Right wins when Left starts, a draw when Right starts.
    PCheck,
}

impl From<crate::solve::loopy::partizan::Class> for Outcome {
    fn from(c: crate::solve::loopy::partizan::Class) -> Self {
        use crate::solve::loopy::partizan::Class as C;
        match c {
            C::L => Outcome::L,
            C::R => Outcome::R,
            C::N => Outcome::N,
            C::P => Outcome::P,
            C::D => Outcome::D,
            C::NHat => Outcome::NHat,
            C::PHat => Outcome::PHat,
            C::NCheck => Outcome::NCheck,
            C::PCheck => Outcome::PCheck,
        }
    }
}

impl From<crate::solve::loopy::retrograde::Outcome> for Outcome {
    fn from(o: crate::solve::loopy::retrograde::Outcome) -> Self {
        use crate::solve::loopy::retrograde::Outcome as L;
        match o {
            L::P => Outcome::P,
            L::N => Outcome::N,
            L::D => Outcome::D,
        }
    }
}

impl From<crate::solve::outcome::Outcome> for Outcome {
    fn from(o: crate::solve::outcome::Outcome) -> Self {
        match o {
            crate::solve::outcome::Outcome::P => Outcome::P,
            crate::solve::outcome::Outcome::N => Outcome::N,
        }
    }
}

impl From<crate::solve::partizan::Outcome> for Outcome {
    fn from(o: crate::solve::partizan::Outcome) -> Self {
        use crate::solve::partizan::Outcome as Z;
        match o {
            Z::L => Outcome::L,
            Z::R => Outcome::R,
            Z::N => Outcome::N,
            Z::P => Outcome::P,
        }
    }
}

impl Outcome {
    /// The letter.
    pub fn letter(self) -> &'static str {
        match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::L => "L",
            Outcome::R => "R",
            Outcome::D => "D",
            Outcome::NHat => "NHat",
            Outcome::PHat => "PHat",
            Outcome::NCheck => "NCheck",
            Outcome::PCheck => "PCheck",
        }
    }

    /// The outcome a letter names.
    pub fn from_letter(s: &str) -> Option<Outcome> {
        Some(match s {
            "P" => Outcome::P,
            "N" => Outcome::N,
            "L" => Outcome::L,
            "R" => Outcome::R,
            "D" => Outcome::D,
            "NHat" => Outcome::NHat,
            "PHat" => Outcome::PHat,
            "NCheck" => Outcome::NCheck,
            "PCheck" => Outcome::PCheck,
            _ => return None,
        })
    }
}

/// Why a game has its value: its options (with `mex`) or components (nim-sum).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// The game's Grundy value.
    pub value: u64,
    /// The rule combining the parts.
    pub rule: Rule,
    /// The options or components with their values.
    pub parts: Vec<(Part, u64)>,
}

/// How an explanation combines its parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// The mex of the options' values.
    Mex,
    /// The nim-sum of the components' values.
    NimSum,
}

/// One part of an explanation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// A position.
    Position(GameSum),
    /// The options `*0, *1, …, *(k−1)` of a large nimber, shown as a range.
    NimberRange(u64),
}

/// Why a partizan position has its canonical form: its options, each with
/// its canonical form, and the steps that remove dominated options and
/// bypass reversible ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormExplanation {
    /// Left's options (whole positions) with their forms, in rule order.
    pub left: Vec<(GameSum, Form)>,
    /// Right's options with their forms.
    pub right: Vec<(GameSum, Form)>,
    /// Each removal or replacement, in the order made.
    pub steps: Vec<Reduction>,
    /// The canonical form reached.
    pub form: Form,
}

/// Who makes a move drawn in a graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mover {
    /// Either player (an impartial game).
    Either,
    /// Left (a partizan game).
    Left,
    /// Right (a partizan game).
    Right,
}

/// The value written at a node of a move graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NodeValue {
    /// An impartial position's Grundy value (generalised, in a loopy game).
    Grundy(Gsg),
    /// A partizan position's canonical form and who wins it.
    Canonical {
        /// The canonical form.
        form: Form,
        /// L, R, N or P.
        outcome: Outcome,
    },
    /// A position of a loopy partizan game: its class of the nine.
    Class(Outcome),
}

impl NodeValue {
    /// True when the player to move (`mover`, or either) wins moving first.
    fn first_player_wins(&self, mover: Mover) -> bool {
        match (self, mover) {
            (NodeValue::Grundy(v), _) => Outcome::from(v.outcome()) == Outcome::N,
            (NodeValue::Canonical { outcome, .. }, Mover::Left) => {
                matches!(outcome, Outcome::L | Outcome::N)
            }
            (NodeValue::Canonical { outcome, .. }, Mover::Right) => {
                matches!(outcome, Outcome::R | Outcome::N)
            }
            (NodeValue::Canonical { outcome, .. }, Mover::Either) => *outcome == Outcome::N,
            (NodeValue::Class(c), Mover::Left) => {
                matches!(c, Outcome::L | Outcome::N | Outcome::NHat)
            }
            (NodeValue::Class(c), Mover::Right) => {
                matches!(c, Outcome::R | Outcome::N | Outcome::NCheck)
            }
            (NodeValue::Class(c), Mover::Either) => *c == Outcome::N,
        }
    }

    /// True when the player who just moved (`mover`) wins with the other
    /// player to move.
    fn second_player_wins(&self, mover: Mover) -> bool {
        match (self, mover) {
            (NodeValue::Grundy(v), _) => *v == Gsg::Finite(0),
            (NodeValue::Canonical { outcome, .. }, Mover::Left) => {
                matches!(outcome, Outcome::L | Outcome::P)
            }
            (NodeValue::Canonical { outcome, .. }, Mover::Right) => {
                matches!(outcome, Outcome::R | Outcome::P)
            }
            (NodeValue::Canonical { outcome, .. }, Mover::Either) => *outcome == Outcome::P,
            (NodeValue::Class(c), Mover::Left) => {
                matches!(c, Outcome::L | Outcome::P | Outcome::PHat)
            }
            (NodeValue::Class(c), Mover::Right) => {
                matches!(c, Outcome::R | Outcome::P | Outcome::PCheck)
            }
            (NodeValue::Class(c), Mover::Either) => *c == Outcome::P,
        }
    }
}

/// The move graph reachable from a position: one node per position, where
/// positions differing only by terminal components (`*0`, `nim(0)`: no moves,
/// nothing to contribute) are one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveGraph {
    /// Each position, without its terminal components (or, when it has
    /// nothing else, just one of them), with its value; the root first.
    pub nodes: Vec<(GameSum, NodeValue)>,
    /// Moves as (from, to) indices into `nodes`, and who makes them (in a
    /// partizan game, the same pair may be both a Left and a Right move).
    pub edges: Vec<(usize, usize, Mover)>,
    /// The most moves followed from the root (`graph G depth N`), if limited.
    pub depth: Option<usize>,
    /// The nodes at that depth whose own moves are not drawn (they have some).
    pub cut: Vec<usize>,
}

impl MoveGraph {
    /// True when the move wins: the player making it wins moving first from
    /// `from`, and wins from `to` with the opponent to move.
    pub fn is_winning(&self, (from, to, mover): (usize, usize, Mover)) -> bool {
        let value = |i: usize| self.nodes.get(i).map(|n| &n.1);
        value(from).is_some_and(|v| v.first_player_wins(mover))
            && value(to).is_some_and(|v| v.second_player_wins(mover))
    }

    /// True when the graph is of a partizan game.
    pub fn is_partizan(&self) -> bool {
        self.edges.iter().any(|e| e.2 != Mover::Either)
            || self
                .nodes
                .iter()
                .any(|n| matches!(n.1, NodeValue::Canonical { .. } | NodeValue::Class(_)))
    }
}

/// One answer of a run.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// `grundy G`.
    Grundy {
        /// The query's source text.
        expr: String,
        /// The value.
        value: u64,
    },
    /// `grundy G` of a loopy position: Smith's generalised value.
    Generalized {
        /// The query's source text.
        expr: String,
        /// A number, or ∞ with the finite values among the options.
        value: Gsg,
    },
    /// `moves G` or `explain G` of a loopy position: each option with its
    /// generalised value.
    LoopyMoves {
        /// The query's source text.
        expr: String,
        /// The position's own value.
        value: Gsg,
        /// Each option with its value.
        moves: Vec<(GameSum, Gsg)>,
        /// `explain` (also say why the value is what it is).
        explain: bool,
    },
    /// `canonical G`, and the forms other queries make (`cool G by t`,
    /// `reduced G`, `atomicweight G`, …): a canonical form in the engine's store.
    Canonical {
        /// The query word (`canonical`, `cool`, …).
        query: &'static str,
        /// The query's source text.
        expr: String,
        /// The form's id.
        form: Form,
    },
    /// `canonical G` of a stopper whose simplest form has cycles: a loopy
    /// literal (`{0 | pass}`).
    LoopyCanonical {
        /// The query's source text.
        expr: String,
        /// The form, one loopy literal component.
        game: GameSum,
    },
    /// `canonical G` of a loopy game that is not a stopper: its two sides,
    /// each a simplest stopper, printed `onside & offside`.
    SidedCanonical {
        /// The query's source text.
        expr: String,
        /// The onside's simplest form (infinite play counts for Left).
        onside: GameSum,
        /// The offside's simplest form (infinite play counts for Right).
        offside: GameSum,
    },
    /// `misere canonical G`: a misère canonical form in the misère store.
    MisereCanonical {
        /// The query's source text.
        expr: String,
        /// The form's id.
        form: crate::solve::misere::MisereForm,
    },
    /// `compare G H`.
    Compare {
        /// Both games as written.
        expr: String,
        /// `<`, `>`, `=` or `||`.
        value: crate::solve::partizan::Cmp,
    },
    /// `temperature G`, `mean G`, `leftstop G`, `rightstop G`: a number.
    Number {
        /// Which query.
        query: &'static str,
        /// The query's source text.
        expr: String,
        /// The number.
        value: crate::solve::partizan::Dyadic,
    },
    /// `thermograph G`.
    Thermograph {
        /// The query's source text.
        expr: String,
        /// The walls, the temperature and the mast.
        thermograph: crate::solve::partizan::Thermograph,
    },
    /// `outcome [misere] G`.
    Outcome {
        /// The query's source text.
        expr: String,
        /// Under misère play.
        misere: bool,
        /// Who wins.
        value: Outcome,
    },
    /// `moves G`.
    Moves {
        /// The query's source text.
        expr: String,
        /// Each option with its Grundy value.
        moves: Vec<(GameSum, u64)>,
    },
    /// `winning [misere] G`.
    Winning {
        /// The query's source text.
        expr: String,
        /// Under misère play.
        misere: bool,
        /// The winning options (of a partizan game: Left's).
        moves: Vec<GameSum>,
        /// Of a partizan game: Right's winning options.
        right: Option<Vec<GameSum>>,
    },
    /// `sequence G a..b`.
    Sequence {
        /// The game as written.
        game: String,
        /// The first heap.
        from: i64,
        /// The values.
        values: crate::solve::impartial::periodicity::HeapValues,
        /// What regularity was found.
        regularity: Option<Regularity>,
        /// How far the search looked: heaps 0..searched were computed.
        searched: usize,
    },
    /// `sequence G a..b into "DIR"`: the values streamed to a directory.
    Sweep {
        /// The game as written.
        game: String,
        /// The first heap of the range asked.
        from: i64,
        /// What the sweep found.
        report: Box<crate::solve::impartial::sweep::Report>,
    },
    /// `sequence G a..b` of a loopy game: each heap's generalised value (no
    /// period is looked for: no theorem makes one of these a proof).
    LoopySequence {
        /// The game as written.
        game: String,
        /// The first heap.
        from: i64,
        /// The values, heap `from` first.
        values: Vec<Gsg>,
    },
    /// `quotient G up to N`: the certified misère quotient of heaps 0..=N.
    Quotient {
        /// The game as written.
        game: String,
        /// The heap bound N.
        up_to: usize,
        /// The quotient (presentation, P-portion, Φ).
        quotient: std::rc::Rc<Quotient>,
        /// Φ's period, when one shows: proven only by the quotient
        /// periodicity theorem for octal games.
        period: Option<Periodicity>,
    },
    /// `quotient G` of a position: the quotient of every position reachable
    /// from its components, and where the position itself lies.
    PositionQuotient {
        /// The position as written.
        expr: String,
        /// The quotient of the linearised positions.
        quotient: std::rc::Rc<Quotient>,
        /// How many positions were linearised (heaps, the empty one included).
        positions: usize,
        /// The element the position maps to.
        image: String,
        /// Whether that element is in the P-portion (a misère P-position).
        p: bool,
    },
    /// `genus G`.
    Genus {
        /// The query's source text.
        expr: String,
        /// The genus.
        value: Genus,
        /// What is known of the game's phylum.
        phylum: Phylum,
    },
    /// `explain G`.
    Explain {
        /// The query's source text.
        expr: String,
        /// The parts and the rule combining them.
        explanation: Explanation,
    },
    /// `explain G` of a partizan position.
    FormExplain {
        /// The query's source text.
        expr: String,
        /// The options and the reduction.
        explanation: FormExplanation,
    },
    /// `graph G`.
    Graph {
        /// The query's source text.
        expr: String,
        /// The reachable move graph.
        graph: MoveGraph,
    },
    /// `table G`.
    Table {
        /// The game as written.
        expr: String,
        /// The values, square by square.
        grid: ValueGrid,
    },
    /// A bare expression typed in the REPL or `grundy eval`.
    Show {
        /// The expression's source text.
        expr: String,
        /// Its value.
        value: Value,
        /// For a game: its Grundy value (impartial), canonical form
        /// (partizan) or generalised value (loopy).
        analysis: Option<Box<Answer>>,
    },
    /// `print EXPR`.
    Print {
        /// The expression's source text.
        expr: String,
        /// The value.
        value: Value,
    },
    /// `assert …`.
    Assert {
        /// 1-based line of the statement.
        line: usize,
        /// Whether it held.
        passed: bool,
        /// On failure: the value written and the answer found.
        failure: Option<Box<(Value, Answer)>>,
        /// The statement's span.
        span: Span,
    },
}

/// What a table's rows and columns stand for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Axes {
    /// A board's squares: files `a`, `b`, … left to right, the top row the
    /// highest rank.
    Board,
    /// Two parameters' values (`table mr 0..8, 0..8`): the first parameter
    /// down the rows from `rows`, the second across the columns from `cols`.
    Ranges {
        /// The first row's value of the first parameter.
        rows: i64,
        /// The first column's value of the second parameter.
        cols: i64,
    },
}

/// A table's values as one flat block, rows top first: 8 bytes a square,
/// whatever the board, and no value tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueGrid {
    width: usize,
    cells: Vec<u64>,
    axes: Axes,
}

/// What a blocked square holds; no Grundy value is this large.
const BLOCKED: u64 = u64::MAX;

impl ValueGrid {
    /// An empty grid of rows `width` squares wide, with room for `height` rows.
    pub fn new(width: usize, height: usize) -> ValueGrid {
        ValueGrid {
            width,
            cells: Vec::with_capacity(width.saturating_mul(height)),
            axes: Axes::Board,
        }
    }

    /// The same grid, its rows and columns labelled by `axes`.
    pub fn with_axes(mut self, axes: Axes) -> ValueGrid {
        self.axes = axes;
        self
    }

    /// What the rows and columns stand for.
    pub fn axes(&self) -> Axes {
        self.axes
    }

    /// The bytes a grid of this size takes, for the budget.
    pub fn bytes(width: usize, height: usize) -> usize {
        width
            .saturating_mul(height)
            .saturating_mul(std::mem::size_of::<u64>())
    }

    /// Appends the next square (left to right, then down): its value, or
    /// `None` for a blocked square.
    pub fn push(&mut self, value: Option<u64>) {
        self.cells.push(value.unwrap_or(BLOCKED));
    }

    /// Squares per row.
    pub fn width(&self) -> usize {
        self.width
    }

    /// How many rows.
    pub fn height(&self) -> usize {
        self.cells.len().checked_div(self.width).unwrap_or(0)
    }

    /// The rows, top first, each its squares left to right.
    pub fn rows(&self) -> impl ExactSizeIterator<Item = GridRow<'_>> + '_ {
        self.cells.chunks(self.width.max(1)).map(GridRow)
    }

    /// The rows as vectors (`None` for blocked squares), for the picture
    /// exports and for tests.
    pub fn to_rows(&self) -> Vec<Vec<Option<u64>>> {
        self.rows().map(|r| r.iter().collect()).collect()
    }
}

/// One row of a [`ValueGrid`].
#[derive(Clone, Copy)]
pub struct GridRow<'a>(&'a [u64]);

impl<'a> GridRow<'a> {
    /// The squares left to right: a value, or `None` for a blocked square.
    pub fn iter(self) -> impl Iterator<Item = Option<u64>> + 'a {
        self.0.iter().map(|&v| (v != BLOCKED).then_some(v))
    }
}

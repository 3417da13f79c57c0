//! Runtime values: integers, booleans, strings, tuples, lists, sets, ranges and games.

use super::dyadic::Dyadic;
use super::loopy::{LoopEdge, LoopGraph};
use std::rc::Rc;

/// Identifies a game instance: a game definition with its family arguments bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct InstId(pub u32);

/// A position of one game instance: the tuple of its parameter values.
pub type Pos = Rc<[Value]>;

/// One summand of a game value.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Component {
    /// The nimber `*k`.
    Nimber(u64),
    /// A position of a defined game.
    Pos(InstId, Pos),
    /// A number: an integer or a dyadic fraction, never zero (zero is `*0`).
    Number(Dyadic),
    /// `k` ups (`^`, `^^`, `^3`); downs when negative; never zero.
    Up(i32),
    /// `{A, B | C}`: a game given by its options (partizan).
    Braces(Rc<Braces>),
    /// `-G` of a partizan position or game literal: Left and Right swap roles.
    Neg(Rc<Component>),
    /// `*{A, B}`: an impartial game given by its options (each a sum of
    /// impartial games), the same for both players.
    Star(Rc<[GameSum]>),
    /// `{0 | pass}`, `a{0 | {0 | a}}`: a node of a loopy literal's graph.
    Loopy(Rc<LoopGraph>, u32),
    /// `A & B`: the value whose onside is A's and offside B's (a game that
    /// is not a stopper, written by its sides). It has no moves of its own.
    Sided(Rc<Sided>),
}

/// The two sides of `A & B`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sided {
    /// Where infinite play counts for Left.
    pub on: GameSum,
    /// Where infinite play counts for Right.
    pub off: GameSum,
}

/// The options of a game literal `{A, B | C}`, each a sum.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Braces {
    /// Left's options.
    pub left: Vec<GameSum>,
    /// Right's options.
    pub right: Vec<GameSum>,
}

impl Component {
    /// The number `d` as a component (`*0` for zero, which is the same game).
    pub fn number(d: Dyadic) -> Component {
        if d == Dyadic::ZERO {
            Component::Nimber(0)
        } else {
            Component::Number(d)
        }
    }

    /// True for the components only partizan play knows (numbers, ups, literals
    /// with braces, negatives); positions are partizan when their game is.
    pub fn is_literal_partizan(&self) -> bool {
        matches!(
            self,
            Component::Number(_)
                | Component::Up(_)
                | Component::Braces(_)
                | Component::Neg(_)
                | Component::Loopy(..)
                | Component::Sided(_)
        )
    }
}

/// A game value: the disjunctive sum of its components (empty = the terminal game `*0`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct GameSum {
    /// The components in the order written; nested sums are spliced.
    pub parts: Vec<Component>,
}

impl GameSum {
    /// True when the sum is written with game literals only (`*3 + ^`,
    /// `{0 | 1/2}`), no position of a defined game: it is its own value.
    pub fn is_literal(&self) -> bool {
        fn literal(c: &Component) -> bool {
            match c {
                Component::Pos(..) => false,
                Component::Neg(inner) => literal(inner),
                Component::Braces(b) => b.left.iter().chain(&b.right).all(GameSum::is_literal),
                Component::Star(options) => options.iter().all(GameSum::is_literal),
                Component::Loopy(g, _) => g.nodes().iter().all(|n| {
                    n.left.iter().chain(&n.right).all(|e| match e {
                        LoopEdge::Node(_) => true,
                        LoopEdge::Game(s) => s.is_literal(),
                    })
                }),
                Component::Sided(s) => s.on.is_literal() && s.off.is_literal(),
                Component::Nimber(_) | Component::Number(_) | Component::Up(_) => true,
            }
        }
        self.parts.iter().all(literal)
    }

    /// True when an `A & B` is among the components, or in a literal's
    /// options.
    pub fn has_sided(&self) -> bool {
        fn sided(c: &Component) -> bool {
            match c {
                Component::Sided(_) => true,
                Component::Neg(inner) => sided(inner),
                Component::Braces(b) => b.left.iter().chain(&b.right).any(GameSum::has_sided),
                _ => false,
            }
        }
        self.parts.iter().any(sided)
    }

    /// One side of the sum: every `A & B` replaced by `A` (`on`) or `B`.
    pub fn side(&self, on: bool) -> GameSum {
        fn side_of(c: &Component, on: bool, parts: &mut Vec<Component>) {
            match c {
                Component::Sided(s) => {
                    let side = if on { &s.on } else { &s.off };
                    parts.extend(side.side(on).parts);
                }
                // -(A & B) is written -B & -A, so a negative holds none
                // directly; only braces can. A side of -G is minus the
                // other side of G: negation swaps who infinite play favours.
                Component::Neg(inner) if matches!(**inner, Component::Braces(_)) => {
                    let mut inside = Vec::with_capacity(1);
                    side_of(inner, !on, &mut inside);
                    parts.extend(inside.into_iter().map(|i| Component::Neg(Rc::new(i))));
                }
                Component::Braces(b) => {
                    let project = |sums: &[GameSum]| sums.iter().map(|s| s.side(on)).collect();
                    parts.push(Component::Braces(Rc::new(Braces {
                        left: project(&b.left),
                        right: project(&b.right),
                    })));
                }
                other => parts.push(other.clone()),
            }
        }
        let mut parts = Vec::with_capacity(self.parts.len());
        for c in &self.parts {
            side_of(c, on, &mut parts);
        }
        GameSum { parts }
    }

    /// The sum with one component.
    pub fn single(c: Component) -> GameSum {
        GameSum { parts: vec![c] }
    }

    /// The sum after component `i` moved to `replacement` (spliced in place). A
    /// component that became the empty sum stays visible as `*0` (LANGUAGE.md §7:
    /// none dropped) unless it was the whole sum.
    pub fn replaced(&self, i: usize, replacement: &[Component]) -> GameSum {
        let mut parts = Vec::with_capacity(self.parts.len() + replacement.len());
        parts.extend(self.parts.iter().take(i).cloned());
        if replacement.is_empty() && self.parts.len() > 1 {
            parts.push(Component::Nimber(0));
        }
        parts.extend(replacement.iter().cloned());
        parts.extend(self.parts.iter().skip(i + 1).cloned());
        GameSum { parts }
    }

    /// The components sorted, terminal `*0` components dropped: equal positions
    /// compare equal whatever the order written.
    pub fn normalized(&self) -> GameSum {
        let mut parts: Vec<Component> = self
            .parts
            .iter()
            .filter(|c| !matches!(c, Component::Nimber(0)))
            .cloned()
            .collect();
        parts.sort();
        GameSum { parts }
    }
}

/// A game not yet applied to a position: `kayles`, `sub[{1, 2}]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameFn {
    /// The instance (definition plus family arguments).
    pub inst: InstId,
}

/// A value of the language.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    /// A 64-bit integer.
    Int(i64),
    /// `true` / `false`.
    Bool(bool),
    /// A string.
    Str(Rc<str>),
    /// A tuple (squares are pairs).
    Tuple(Rc<[Value]>),
    /// A list.
    List(Rc<[Value]>),
    /// A set: sorted ascending, without duplicates.
    Set(Rc<[Value]>),
    /// The half-open range `start..end`.
    Range(i64, i64),
    /// A game (a sum of components).
    Game(Rc<GameSum>),
    /// A game not applied to a position.
    GameFn(GameFn),
    /// `inf{0, 1}`: a generalised Sprague-Grundy value ∞ with the finite
    /// values among its options (sorted, each once).
    Infinite(Rc<[u64]>),
}

impl Value {
    /// A set from any values: sorts and removes duplicates.
    pub fn set_from(mut items: Vec<Value>) -> Value {
        items.sort();
        items.dedup();
        Value::Set(items.into())
    }

    /// The name of the value's kind, for error messages.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Value::Int(_) => "integer",
            Value::Bool(_) => "boolean",
            Value::Str(_) => "string",
            Value::Tuple(_) => "tuple",
            Value::List(_) => "list",
            Value::Set(_) => "set",
            Value::Range(..) => "range",
            Value::Game(_) => "game",
            Value::GameFn(_) => "game name",
            Value::Infinite(_) => "infinite value",
        }
    }

    /// The integer, if this is one.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Int(n) => Some(*n),
            _ => None,
        }
    }

    /// The game value, treating a nimber-free integer as not a game.
    pub fn as_game(&self) -> Option<&GameSum> {
        match self {
            Value::Game(g) => Some(g),
            _ => None,
        }
    }
}

/// `-c`: Left's and Right's roles swapped. Impartial components (nimbers and
/// positions of games for which `partizan` is false) are their own negatives;
/// numbers and ups negate in place; other partizan components are wrapped, and
/// a double negative unwrapped. `None` when a number's negative does not fit.
pub fn negate_component(c: &Component, partizan: impl Fn(InstId) -> bool) -> Option<Component> {
    Some(match c {
        Component::Nimber(_) | Component::Star(_) => c.clone(),
        Component::Pos(inst, _) if !partizan(*inst) => c.clone(),
        Component::Number(d) => Component::Number(d.checked_neg()?),
        Component::Up(k) => Component::Up(k.checked_neg()?),
        Component::Neg(inner) => (**inner).clone(),
        Component::Pos(..) | Component::Braces(_) | Component::Loopy(..) => {
            Component::Neg(Rc::new(c.clone()))
        }
        // -(A & B) = -B & -A: negation swaps who infinite play favours.
        Component::Sided(s) => {
            let partizan: &dyn Fn(InstId) -> bool = &partizan;
            Component::Sided(Rc::new(Sided {
                on: negate_sum(&s.off, partizan)?,
                off: negate_sum(&s.on, partizan)?,
            }))
        }
    })
}

/// `-g`, component by component (see [`negate_component`]).
pub fn negate_sum(g: &GameSum, partizan: impl Fn(InstId) -> bool) -> Option<GameSum> {
    let parts = g
        .parts
        .iter()
        .map(|c| negate_component(c, &partizan))
        .collect::<Option<Vec<_>>>()?;
    Some(GameSum { parts })
}

/// `k` ups as written: `^`, `^^`, `^3`; downs `v`, `vv`, `v3`; `0` for none.
pub fn arrows_text(k: i64) -> String {
    let arrow = if k > 0 { '^' } else { 'v' };
    match k.unsigned_abs() {
        0 => "0".to_string(),
        1 => arrow.to_string(),
        2 => format!("{arrow}{arrow}"),
        m => format!("{arrow}{m}"),
    }
}

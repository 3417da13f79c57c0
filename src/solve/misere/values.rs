//! Misère Grundy values of sums (G⁻ = 1 when G has no move, else the mex of its
//! options' values) and Conway's genus from them, by the one search driver.

use super::{repeats, MisereCache, State};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::Games;
use crate::graph::search::{search, CyclePolicy, Status, Visit, Walk};
use crate::lang::value::{Component, GameSum};
use crate::solve::impartial::grundy::mex;

/// Marks a state on the search path.
const ON_PATH: u32 = u32::MAX;

/// Genus exponents are computed up to this many added `*2` components.
const GENUS_TERMS: usize = 14;

/// Conway's genus g^γ0γ1…: the normal value and the misère values of G plus k
/// copies of *2, up to where they settle into alternating two values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Genus {
    /// The normal-play Grundy value.
    pub normal: u64,
    /// γ0, γ1, … as shown (the shortest prefix after which γi = γi−2).
    pub gammas: Vec<u32>,
}

impl std::fmt::Display for Genus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let exponent = if self.gammas.iter().all(|&v| v < 10) {
            self.gammas.iter().map(u32::to_string).collect::<String>()
        } else {
            let parts: Vec<String> = self.gammas.iter().map(u32::to_string).collect();
            format!("({})", parts.join(","))
        };
        write!(f, "{}^{exponent}", self.normal)
    }
}

impl Genus {
    /// Reads the normal form `g^γ0γ1…` (or `g^(γ0,γ1,…)` when a γ reaches 10).
    pub fn parse(text: &str) -> Option<Genus> {
        let (g, exponent) = text.trim().split_once('^')?;
        let normal = g.parse().ok()?;
        let gammas =
            if let Some(list) = exponent.strip_prefix('(').and_then(|e| e.strip_suffix(')')) {
                list.split(',')
                    .map(|x| x.trim().parse().ok())
                    .collect::<Option<Vec<u32>>>()?
            } else {
                exponent
                    .chars()
                    .map(|c| c.to_digit(10))
                    .collect::<Option<Vec<u32>>>()?
            };
        (!gammas.is_empty()).then_some(Genus { normal, gammas })
    }
}

/// The misère Grundy value of a sum.
pub fn misere_value(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    sum: &GameSum,
    span: Span,
) -> Result<u32, EvalError> {
    let root = cache.normalize(games, &sum.parts, span)?;
    let budget = games.budget;
    let mut walk = ValueWalk {
        games,
        cache,
        span,
        bits: Vec::new(),
    };
    search(&mut walk, root.clone(), budget, CyclePolicy::Error)?;
    Ok(walk.cache.values.get(&root).copied().unwrap_or(0))
}

/// The genus of a sum whose normal value is `normal`.
pub fn genus(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    sum: &GameSum,
    normal: u64,
    span: Span,
) -> Result<Genus, EvalError> {
    let mut gammas = Vec::with_capacity(GENUS_TERMS);
    let mut with_twos = sum.clone();
    for _ in 0..GENUS_TERMS {
        gammas.push(misere_value(games, cache, &with_twos, span)?);
        with_twos.parts.push(Component::Nimber(2));
    }
    // The smallest s from which γ(k + 2) = γ(k) for every k computed.
    let settle = (0..GENUS_TERMS - 2)
        .find(|&s| (s..GENUS_TERMS - 2).all(|k| gammas.get(k) == gammas.get(k + 2)))
        .unwrap_or(GENUS_TERMS - 2);
    gammas.truncate(settle + 2);
    Ok(Genus { normal, gammas })
}

struct ValueWalk<'w, 'a> {
    games: &'w mut Games<'a>,
    cache: &'w mut MisereCache,
    span: Span,
    bits: Vec<u64>,
}

impl Walk for ValueWalk<'_, '_> {
    type Node = State;
    type Frame = ();
    type Error = EvalError;

    fn status(&self, s: &State) -> Status {
        match self.cache.values.get(s) {
            None => Status::Unknown,
            Some(&ON_PATH) => Status::OnPath,
            Some(_) => Status::Done,
        }
    }

    fn enter(&mut self, s: &State) -> Result<(), EvalError> {
        self.cache.values.insert(s.clone(), ON_PATH);
        self.games
            .budget
            .add_positions(1)
            .map_err(|e| EvalError::limit(e, self.span))
    }

    fn abandon(&mut self, s: &State) {
        self.cache.values.remove(s);
    }

    fn visit(
        &mut self,
        s: &State,
        _: &mut (),
        children: &mut Vec<State>,
    ) -> Result<Visit, EvalError> {
        let options = self.cache.state_options(self.games, s, self.span)?;
        let mut vals = Vec::with_capacity(options.len());
        for o in options {
            match self.cache.values.get(&o) {
                Some(&v) if v != ON_PATH => vals.push(u64::from(v)),
                _ => children.push(o),
            }
        }
        if !children.is_empty() {
            return Ok(Visit::Need);
        }
        let value = if vals.is_empty() {
            1
        } else {
            mex(&vals, &mut self.bits)
        };
        self.cache.values.insert(s.clone(), value);
        Ok(Visit::Done)
    }

    fn cycle(&mut self, _path: Vec<State>) -> EvalError {
        repeats(self.span)
    }
}

//! The tame layer: a sum whose components are all (hereditarily) tame is
//! decided by the misère Nim rule (Winning Ways ch. 13). Its genus is the
//! tame sum of theirs ([`Genus::tame_sum`]), and the player to move loses iff
//! its misère value γ0 is 0. Winning moves follow from the same rule, with
//! the replies inside a nimber computed (two candidates), never listed. The
//! components' genera come from their theory ([`component_theory`]).

use crate::budget::Exceeded;
use crate::eval::eval_error::EvalError;
use crate::lang::value::{Component, GameSum, Value};
use crate::solve::misere::genus::{Genus, GenusClass};
use crate::solve::misere::solver::Solver;
use crate::solve::misere::theory::Theory;
use crate::solve::misere::walks::theory::component_theory;
use std::rc::Rc;

/// Whether the theory refused a heap larger than the position budget holds
/// (it says so at once rather than fill memory with the heap's options): a
/// quotient proven periodic may still answer.
pub(crate) fn refused(e: &EvalError) -> bool {
    matches!(
        e,
        EvalError::Limit {
            exceeded: Exceeded::Positions(_),
            ..
        }
    )
}

/// The genus of a sum by theory: one component's own, or the tame-sum rule
/// when every component is tame; with whether it is hereditarily tame.
/// `None` otherwise.
pub(crate) fn genus(
    s: &mut Solver<'_, '_>,
    sum: &GameSum,
) -> Result<Option<(Genus, bool)>, EvalError> {
    if let [only] = sum.parts.as_slice() {
        return Ok(match component_theory(s, only)? {
            Theory::Known(g, h) => Some((g, h.tame())),
            Theory::Unknown => None,
        });
    }
    let mut genera = Vec::with_capacity(sum.parts.len());
    for c in &sum.parts {
        match component_theory(s, c)? {
            Theory::Known(g, h) if h.tame() => genera.push(g),
            _ => return Ok(None),
        }
    }
    Ok(Genus::tame_sum(&genera).map(|g| (g, true)))
}

/// True/false when the player to move wins `sum` in misère play and every
/// component is tame; `None` when the tame rule does not apply.
pub(crate) fn next_wins(s: &mut Solver<'_, '_>, sum: &GameSum) -> Result<Option<bool>, EvalError> {
    Ok(tame_parts(s, &sum.parts)?.map(|t| t.misere() != 0))
}

/// The winning misère moves of an all-tame sum; `None` when some component
/// is not tame.
pub(crate) fn winning(
    s: &mut Solver<'_, '_>,
    sum: &GameSum,
) -> Result<Option<Vec<GameSum>>, EvalError> {
    if tame_parts(s, &sum.parts)?.is_none() {
        return Ok(None);
    }
    let mut out: Vec<GameSum> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (i, c) in sum.parts.iter().enumerate() {
        let mut rest: Vec<Component> = sum.parts.clone();
        rest.remove(i);
        let heap = s.games.nim_heap(c);
        if let Some(k) = heap.or(match c {
            Component::Nimber(k) => Some(*k),
            _ => None,
        }) {
            // The replies inside *k: only j = x or x ⊕ 1 can make the misère
            // value 0, where x is the nim-sum of the rest.
            let Some(rest_genus) = tame_parts(s, &rest)? else {
                return Ok(None);
            };
            let x = rest_genus.g;
            for j in [x, x ^ 1] {
                if j < k {
                    let mut parts = rest.clone();
                    parts.push(Component::Nimber(j));
                    // A heap of Nim's rules moves to the heap of that size.
                    let reply = match c {
                        Component::Pos(inst, _) if heap.is_some() => {
                            Component::Pos(*inst, Rc::from(vec![Value::Int(j as i64)]))
                        }
                        _ => Component::Nimber(j),
                    };
                    if let Some(t) = tame_parts(s, &parts)? {
                        let result = sum.replaced(i, &[reply]);
                        if t.misere() == 0 && seen.insert(result.normalized()) {
                            out.push(result);
                        }
                    }
                }
            }
            continue;
        }
        for opt in s.component_options(c)?.iter() {
            s.tick()?;
            let mut parts = rest.clone();
            parts.extend(opt.iter().cloned());
            let Some(t) = tame_parts(s, &parts)? else {
                return Ok(None);
            };
            let result = sum.replaced(i, opt);
            if t.misere() == 0 && seen.insert(result.normalized()) {
                out.push(result);
            }
        }
    }
    Ok(Some(out))
}

/// A sum of tame games, as the tame-sum rule sees it: its normal value (the
/// nim-sum) and whether every component is fickle.
#[derive(Debug, Clone, Copy)]
struct TameSum {
    g: u64,
    fickle: bool,
}

impl TameSum {
    /// The misère value: g ⊕ 1 for a fickle sum (0^1 or 1^0), else g.
    fn misere(self) -> u64 {
        if self.fickle {
            self.g ^ 1
        } else {
            self.g
        }
    }
}

/// The tame sum of `parts`, or `None` if one is not (hereditarily) tame.
/// Nimbers and heaps of Nim's rules enter directly, at any size.
fn tame_parts(s: &mut Solver<'_, '_>, parts: &[Component]) -> Result<Option<TameSum>, EvalError> {
    let mut sum = TameSum { g: 0, fickle: true };
    for c in parts {
        if let Some(k) = s.games.nim_heap(c).or(match c {
            Component::Nimber(k) => Some(*k),
            _ => None,
        }) {
            sum.g ^= k;
            sum.fickle &= k <= 1;
            continue;
        }
        match component_theory(s, c)? {
            Theory::Known(g, h) if h.tame() => {
                sum.g ^= u64::from(g.g_plus());
                sum.fickle &= g.class() == GenusClass::Fickle;
            }
            _ => return Ok(None),
        }
    }
    Ok(Some(sum))
}

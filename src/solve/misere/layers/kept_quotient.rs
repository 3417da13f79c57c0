//! The layer that reads a sum off a kept misère quotient: outcomes and
//! winning moves of sums of heaps of one heap game up to the quotient's bound
//! (or of any size, once its period is proven) in O(k) products; and the
//! misère values γ0, γ1, … of such sums for the genus, from the quotient's
//! certified values or from value quotients (built if need be, by
//! [`super::build_quotient`]).

use super::build_quotient::{try_quotient, value_quotient};
use crate::eval::eval_error::EvalError;
use crate::lang::value::{Component, GameSum, InstId, Value};
use crate::solve::misere::quotient::values::{from_labels, values, Values, ValuesError};
use crate::solve::misere::quotient::{Elem, Quotient, MAX_CAP};
use crate::solve::misere::solver::Solver;
use std::rc::Rc;

/// Misère outcome (true: the player to move wins) from a kept quotient.
pub(crate) fn next_wins(s: &Solver<'_, '_>, sum: &GameSum) -> Option<bool> {
    let (q, _, heaps) = s.cache.covering(&sum.parts)?;
    q.is_p(&heaps).map(|p| !p)
}

/// Misère winning moves from a kept quotient, as the game's own options (so
/// a move that leaves `g(0)` shows it as the rule wrote it).
pub(crate) fn winning(
    s: &mut Solver<'_, '_>,
    sum: &GameSum,
) -> Result<Option<Vec<GameSum>>, EvalError> {
    let Some((q, inst, heaps)) = s.cache.covering(&sum.parts) else {
        return Ok(None);
    };
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (i, c) in sum.parts.iter().enumerate() {
        for opt in s.component_options(c)?.iter() {
            s.tick()?;
            let mut after: Vec<usize> = heaps.clone();
            after.remove(i);
            for x in opt {
                match x {
                    Component::Pos(j, pos) if *j == inst => match pos.as_ref() {
                        [Value::Int(n)] if *n >= 0 => after.push(*n as usize),
                        _ => return Ok(None),
                    },
                    Component::Nimber(0) => {}
                    _ => return Ok(None),
                }
            }
            let Some(p) = q.is_p(&after) else {
                return Ok(None);
            };
            let result = sum.replaced(i, opt);
            if p && seen.insert(result.normalized()) {
                out.push(result);
            }
        }
    }
    Ok(Some(out))
}

/// The caps of value quotients, in the order tried: a small cap converges
/// where a large one need not (Kayles: cap 4 gives order 40 up to heap 200 in
/// a fifth of a second, cap 8 does not converge), and answers every sum whose
/// genus stays below it. The cheap one is tried before the genus walk, the
/// costly ones after a short walk fails.
pub(crate) const CHEAP_CAPS: &[u32] = &[4];
/// See [`CHEAP_CAPS`].
pub(crate) const COSTLY_CAPS: &[u32] = &[16, MAX_CAP];

/// The misère values γ0, γ1, … of a sum of heaps of one heap game (γk that of
/// the sum plus k copies of *2), as a prefix whose last two values repeat for
/// ever, read off its quotient ([`crate::solve::misere::quotient::values`]):
/// computed (automatically, as for outcomes) up to the largest heap, its
/// misère values certified, the *2 of its closure found, or else from the
/// value quotients of these `caps`. `None` when none of that is available.
pub(crate) fn gammas(
    s: &mut Solver<'_, '_>,
    sum: &GameSum,
    caps: &[u32],
) -> Result<Option<Vec<u32>>, EvalError> {
    let Some(read) = read_values(s, sum)? else {
        return Ok(None);
    };
    if let Some(gammas) = read.certified.as_ref().and_then(|c| c.1.gammas(&c.0, c.2)) {
        return Ok(Some(gammas));
    }
    value_quotient_gammas(s, read.inst, &read.heaps, caps)
}

/// What a quotient says of one misère value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reading {
    /// The value.
    Exact(u32),
    /// At least this (a value quotient's cap).
    AtLeast(u32),
}

/// γk of a sum of heaps of one heap game, read off its quotient as for
/// [`gammas`] (value quotients of [`CHEAP_CAPS`] only): exact, or at least a
/// value quotient's cap. `None` when no quotient says.
pub(crate) fn gamma(
    s: &mut Solver<'_, '_>,
    sum: &GameSum,
    k: usize,
) -> Result<Option<Reading>, EvalError> {
    let Some(read) = read_values(s, sum)? else {
        return Ok(None);
    };
    let certified = read.certified.as_ref().and_then(|(q, vals, x)| {
        let y = vals.with_twos(q, *x, k)?;
        vals.value(y)
    });
    if let Some(v) = certified {
        return Ok(Some(Reading::Exact(v)));
    }
    let largest = read.heaps.iter().copied().max().unwrap_or(0);
    for &cap in CHEAP_CAPS {
        let Some(q) = value_quotient(s, read.inst, largest, cap)? else {
            return Ok(None);
        };
        let labels = from_labels(&q);
        let Some(y) = q
            .image(&read.heaps)
            .and_then(|x| labels.with_twos(&q, x, k))
        else {
            continue;
        };
        // A label at the cap is a value the quotient does not tell apart.
        return Ok(Some(match labels.value(y) {
            Some(v) => Reading::Exact(v),
            None => Reading::AtLeast(q.cap()),
        }));
    }
    Ok(None)
}

/// A sum of heaps of one heap game whose quotient is kept (built here if
/// need be): the game, the heaps, and when the misère values are a function
/// of the image there, the quotient, its certified values and the sum's
/// image.
struct Read {
    inst: InstId,
    heaps: Vec<usize>,
    certified: Option<(Rc<Quotient>, Rc<Values>, Elem)>,
}

fn read_values(s: &mut Solver<'_, '_>, sum: &GameSum) -> Result<Option<Read>, EvalError> {
    if s.cache.covering(&sum.parts).is_none() && !try_quotient(s, sum)? {
        return Ok(None);
    }
    let Some((q, inst, heaps)) = s.cache.covering(&sum.parts) else {
        return Ok(None);
    };
    let game = s.cache.heap_game(inst);
    let known = match &game.values {
        Some((of, vals)) if Rc::ptr_eq(of, &q) => vals.clone(),
        _ => {
            let vals = match values(&q, s.games.budget) {
                Ok(v) => Some(Rc::new(v)),
                Err(ValuesError::Budget(e)) => return Err(EvalError::limit(e, s.span)),
                Err(ValuesError::NotAFunction(_)) => None,
            };
            game.values = Some((q.clone(), vals.clone()));
            vals
        }
    };
    let image = q.image(&heaps);
    let certified = known.zip(image).map(|(vals, x)| (q, vals, x));
    Ok(Some(Read {
        inst,
        heaps,
        certified,
    }))
}

/// The genus values of a sum of heaps from the game's value quotients
/// ([`crate::solve::misere::quotient::labelled`]), `caps` tried in order,
/// each computed up to the largest heap within one attempt's time and the
/// largest kept; `None` when none that can be built knows every value the
/// genus needs (a construction need not converge: Kayles' at cap 8 does not).
fn value_quotient_gammas(
    s: &mut Solver<'_, '_>,
    inst: InstId,
    heaps: &[usize],
    caps: &[u32],
) -> Result<Option<Vec<u32>>, EvalError> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let mut tried = 0;
    for &cap in caps {
        if cap <= tried {
            continue;
        }
        let Some(q) = value_quotient(s, inst, largest, cap)? else {
            return Ok(None);
        };
        let gammas = q.image(heaps).and_then(|x| from_labels(&q).gammas(&q, x));
        if gammas.is_some() {
            return Ok(gammas);
        }
        tried = q.cap();
    }
    Ok(None)
}

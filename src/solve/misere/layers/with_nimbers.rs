//! Sums of games and nimbers in misère play, decided from the misère values
//! of the games alone.
//!
//! The nimbers are folded by exact misère identities (*0 = 0, *1 + *1 = 0,
//! *1 + *n = *(n ⊕ 1); ONAG ch. 12) into j copies of *2 and one heap *n
//! (n = 0 when none is left). Then the sum is R + j·*2 + *n, R the rest, and
//! it is a misère P-position iff γj(R) = n: γj(R) is by definition the misère
//! value of R + j·*2, and H + *n is a P-position iff H⁻ = n (the proof is in
//! [`crate::solve::misere::quotient::values`]). γj(R) comes from R's quotient
//! or its genus walk (the ladder's, [`Rest::gamma`]), so `k(40) + k(31) + *6`
//! is answered from
//! Kayles' quotient instead of a search over every position of the rows times
//! seven nimbers; a value quotient whose label is at its cap c still says
//! γj ≠ n for every n < c. Nimbers that fold to two heaps other than *2 (`*4 + *6`)
//! are left to the search: R + *4 + *6 is not decided by R's genus.
//!
//! Winning moves are decided the same way, one option at a time; inside a
//! nimber *k only the replies that can make the sum a P-position are tried
//! (those below 4, and the one the rest's γ names), never all k of them.

use super::kept_quotient::{self, Reading};
use super::{build_quotient, tame, Rest};
use crate::eval::eval_error::EvalError;
use crate::lang::value::{Component, GameSum, Value};
use crate::solve::misere::genus::Genus;
use crate::solve::misere::solver::Solver;
use crate::solve::misere::sums::heap::heaps_of;
use crate::solve::misere::theory::{Heredity, Theory};
use crate::solve::misere::walks::theory::component_theory;
use std::rc::Rc;

/// True/false when the player to move wins `sum` in misère play and `sum` is
/// some games plus nimbers that fold to j·*2 + *n; `None` otherwise (no
/// nimber, nothing but nimbers, or nimbers that do not fold so).
pub(crate) fn next_wins(
    s: &mut Solver<'_, '_>,
    rest_of: &Rest,
    sum: &GameSum,
) -> Result<Option<bool>, EvalError> {
    if !may_apply(sum) || !applies(sum, &split(s, sum)?) {
        return Ok(None);
    }
    Ok(p_position(s, rest_of, sum)?.map(|p| !p))
}

/// The options of `sum` after which the player to move loses, when
/// [`next_wins`] decides `sum` (an option it does not decide is left to the
/// other layers); `None` otherwise.
pub(crate) fn winning(
    s: &mut Solver<'_, '_>,
    rest_of: &Rest,
    sum: &GameSum,
) -> Result<Option<Vec<GameSum>>, EvalError> {
    if !may_apply(sum) {
        return Ok(None);
    }
    let parts = split(s, sum)?;
    if !applies(sum, &parts) || fold(&parts.1).is_none() {
        return Ok(None);
    }
    let mut out: Vec<GameSum> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut keep = |result: GameSum, p: bool| {
        if p && seen.insert(result.normalized()) {
            out.push(result);
        }
    };
    for (i, c) in sum.parts.iter().enumerate() {
        if let Component::Nimber(k) = c {
            let Some(replies) = nimber_replies(s, rest_of, sum, i, *k)? else {
                return Ok(None);
            };
            for v in replies {
                let result = sum.replaced(i, &[Component::Nimber(v)]);
                let p = p_or_else(s, rest_of, &result)?;
                keep(result, p);
            }
            continue;
        }
        for opt in s.component_options(c)?.iter() {
            s.tick()?;
            let result = sum.replaced(i, opt);
            let p = p_or_else(s, rest_of, &result)?;
            keep(result, p);
        }
    }
    Ok(Some(out))
}

/// Whether the layer can apply at all, before any theory is asked: a
/// nimber other than *0, or positions of more than one game. Positions of
/// one game alone are the quotient's and the heap search's, which keep their
/// own nim heaps (Dawson's rows with a row of 3 in them must not be turned
/// into a genus walk).
fn may_apply(sum: &GameSum) -> bool {
    let mut first = None;
    sum.parts.iter().any(|c| match c {
        Component::Nimber(k) => *k > 0,
        Component::Pos(inst, _) => *first.get_or_insert(*inst) != *inst,
        _ => false,
    })
}

/// The layer is for sums with a part that is not a nim heap and a nim heap
/// other than *0 that is not a position of the rest's own games (sums of nim
/// heaps alone are misère Nim, the tame layer's; see [`may_apply`]).
fn applies(sum: &GameSum, (rest, nimbers): &(GameSum, Vec<u64>)) -> bool {
    let foreign = sum.parts.iter().any(|c| match c {
        Component::Nimber(k) => *k > 0,
        Component::Pos(..) => !rest.parts.contains(c) && !of_their_games(c, &rest.parts),
        _ => false,
    });
    // A foreign position among the nim heaps is one of them, so `nimbers`
    // is not empty; all of them may be 0 (Dawson's d(9) beside Kayles rows),
    // and then the sum is its rest.
    !rest.parts.is_empty() && foreign && !nimbers.is_empty()
}

/// The parts that are not nim heaps, and the nim heaps: nimbers, and
/// positions the theory finds to be nim heaps ([`Heredity::Nim`], such as
/// `nim(7)` of a rule game, or Kayles' row of 3) as long as the nim heaps
/// still fold (a row of 3 beside *9 stays with the other rows, whose γ
/// covers it).
/// The theory is asked of one-parameter positions up to [`THEORY_HEAPS`]
/// only (unless it is known already), and a heap too large for the budget
/// counts as not a nim heap.
fn split(s: &mut Solver<'_, '_>, sum: &GameSum) -> Result<(GameSum, Vec<u64>), EvalError> {
    let mut rest = Vec::with_capacity(sum.parts.len());
    let mut nimbers = Vec::new();
    let mut positions = Vec::new();
    for c in &sum.parts {
        match c {
            Component::Nimber(k) => nimbers.push(*k),
            other => match nim_heap(s, other)? {
                Some(k) => positions.push((other, k)),
                None => rest.push(other.clone()),
            },
        }
    }
    // Positions of the rest's own games are kept with it first (its quotient
    // reads them), and large nim heaps go before small ones: `k(3) + nim(9)`
    // beside Kayles rows folds as *9 with the row of 3 left to the rows.
    positions.sort_by_key(|&(c, k)| (of_their_games(c, &rest), std::cmp::Reverse(k)));
    for (c, k) in positions {
        nimbers.push(k);
        if fold(&nimbers).is_none() {
            nimbers.pop();
            rest.push(c.clone());
        }
    }
    Ok((GameSum { parts: rest }, nimbers))
}

/// Whether `c` is a position of a game some part of `parts` is a position of.
fn of_their_games(c: &Component, parts: &[Component]) -> bool {
    let Component::Pos(inst, _) = c else {
        return false;
    };
    parts
        .iter()
        .any(|p| matches!(p, Component::Pos(i, _) if i == inst))
}

/// n when the position `c` is the nim heap *n by its theory.
fn nim_heap(s: &mut Solver<'_, '_>, c: &Component) -> Result<Option<u64>, EvalError> {
    let known = s.cache.theory.get(c).cloned();
    let theory = match known {
        Some(t) => t,
        None if is_heap(c) => match component_theory(s, c) {
            Ok(t) => t,
            Err(e) if tame::refused(&e) => return Ok(None),
            Err(e) => return Err(e),
        },
        None => return Ok(None),
    };
    Ok(match theory {
        Theory::Known(g, Heredity::Nim) => Some(u64::from(g.g_plus())),
        _ => None,
    })
}

/// A position with one integer parameter up to [`THEORY_HEAPS`].
fn is_heap(c: &Component) -> bool {
    matches!(c, Component::Pos(_, pos)
        if matches!(pos.as_ref(), [Value::Int(n)] if *n <= THEORY_HEAPS))
}

/// The largest heap whose theory this layer asks for: the theory of heap n
/// values every heap below it, n²/2 options for a rule like Nim's, so a
/// larger heap is left to the other layers (as before this layer) rather
/// than held up here: 4,096 heaps are 8 million options, well under a
/// second.
const THEORY_HEAPS: i64 = 4096;

/// Nimbers folded by the misère identities: `twos` copies of *2 and *n.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Folded {
    twos: usize,
    n: u64,
}

/// Folds nimbers: *0 dropped, *1 pairs cancelled, an odd *1 merged into a
/// heap (into a *3 first, which makes a *2, then into any heap other than
/// *2, else into a *2, which makes a *3). `None` when two heaps other than
/// *2 are left.
fn fold(nimbers: &[u64]) -> Option<Folded> {
    let mut big: Vec<u64> = nimbers.iter().copied().filter(|&k| k >= 2).collect();
    let odd_one = nimbers.iter().filter(|&&k| k == 1).count() % 2 == 1;
    if odd_one {
        let at = big
            .iter()
            .position(|&k| k == 3)
            .or_else(|| big.iter().position(|&k| k != 2))
            .or_else(|| big.iter().position(|&k| k == 2));
        match at.and_then(|i| big.get_mut(i)) {
            Some(k) => *k ^= 1,
            None => return Some(Folded { twos: 0, n: 1 }),
        }
    }
    let twos = big.iter().filter(|&&k| k == 2).count();
    let mut others = big.into_iter().filter(|&k| k != 2);
    let n = others.next().unwrap_or(0);
    others.next().is_none().then_some(Folded { twos, n })
}

/// Whether an option is a misère P-position: by [`p_position`], or when its
/// nim heaps do not fold, by the other layers.
fn p_or_else(s: &mut Solver<'_, '_>, rest_of: &Rest, option: &GameSum) -> Result<bool, EvalError> {
    match p_position(s, rest_of, option)? {
        Some(p) => Ok(p),
        None => Ok(!(rest_of.next_wins)(s, option)?),
    }
}

/// Whether `sum` is a misère P-position, decided as the module says; `None`
/// when its nimbers do not fold to j·*2 + *n.
fn p_position(
    s: &mut Solver<'_, '_>,
    rest_of: &Rest,
    sum: &GameSum,
) -> Result<Option<bool>, EvalError> {
    let (rest, nimbers) = split(s, sum)?;
    let Some(f) = fold(&nimbers) else {
        return Ok(None);
    };
    // Nim heaps that fold to 0 are 0: the sum is the rest, fewer parts, whose
    // outcome the layers find (k(200) + d(9) from Kayles' quotient) without
    // the misère value γ0 would ask for.
    if f == (Folded { twos: 0, n: 0 }) && !nimbers.is_empty() {
        return Ok(Some(!(rest_of.next_wins)(s, &rest)?));
    }
    if let Some(form) = as_heaps(s, &rest, f)? {
        if kept_quotient::next_wins(s, &form).is_none() {
            build_quotient::try_quotient(s, &form)?;
        }
        if let Some(wins) = kept_quotient::next_wins(s, &form) {
            return Ok(Some(!wins));
        }
    }
    Ok(Some(gamma_is(s, rest_of, &rest, f.twos, f.n)?))
}

/// `rest` + j·*2 + *n written with heaps of the rest's one game in place of
/// the nim heaps, when it has heaps that are *2 and *n (found among its
/// first [`REPRESENTATIVES`] heaps): Kayles' k(3) is *3, so `k(60000) + *3`
/// is `k(60000) + k(3)`, which Kayles' quotient (proven periodic) answers
/// without valuing anything up to heap 60000. `None` otherwise.
fn as_heaps(
    s: &mut Solver<'_, '_>,
    rest: &GameSum,
    f: Folded,
) -> Result<Option<GameSum>, EvalError> {
    let Some((inst, _)) = heaps_of(&rest.parts) else {
        return Ok(None);
    };
    let mut parts = rest.parts.clone();
    let n = (f.n > 0).then_some(f.n);
    for m in std::iter::repeat_n(2, f.twos).chain(n) {
        let mut found = None;
        for h in 1..=REPRESENTATIVES {
            let heap = Component::Pos(inst, Rc::from(vec![Value::Int(h)]));
            if nim_heap(s, &heap)? == Some(m) {
                found = Some(heap);
                break;
            }
        }
        match found {
            Some(heap) => parts.push(heap),
            None => return Ok(None),
        }
    }
    Ok(Some(GameSum { parts }))
}

/// How many of a game's smallest heaps [`as_heaps`] looks through for one
/// that is a given nim heap.
const REPRESENTATIVES: i64 = 32;

/// Whether γk(rest) = n: read off a quotient when one tells (a value
/// quotient's label at its cap rules out every n below it), else found by
/// the ladder ([`Rest::gamma`]).
fn gamma_is(
    s: &mut Solver<'_, '_>,
    rest_of: &Rest,
    rest: &GameSum,
    k: usize,
    n: u64,
) -> Result<bool, EvalError> {
    if !rest.parts.is_empty() {
        match kept_quotient::gamma(s, rest, k)? {
            Some(Reading::Exact(v)) => return Ok(u64::from(v) == n),
            Some(Reading::AtLeast(cap)) if n < u64::from(cap) => return Ok(false),
            _ => {}
        }
        return Ok(u64::from((rest_of.gamma)(s, rest, k)?) == n);
    }
    Ok(u64::from(Genus::zero().gamma(k)) == n)
}

/// γk(rest), the misère value of rest + k·*2 (of k·*2 alone when rest is
/// empty).
fn gamma(
    s: &mut Solver<'_, '_>,
    rest_of: &Rest,
    rest: &GameSum,
    k: usize,
) -> Result<u32, EvalError> {
    if rest.parts.is_empty() {
        return Ok(Genus::zero().gamma(k));
    }
    if let Some(Reading::Exact(v)) = kept_quotient::gamma(s, rest, k)? {
        return Ok(v);
    }
    (rest_of.gamma)(s, rest, k)
}

/// The replies inside the nimber *k at `i` that can leave a P-position: every
/// v < 4 below k, and for v ≥ 4 the one value the rest's γ names. `None`
/// when some v ≥ 4 would leave two heaps other than *2 (the search decides).
fn nimber_replies(
    s: &mut Solver<'_, '_>,
    rest_of: &Rest,
    sum: &GameSum,
    i: usize,
    k: u64,
) -> Result<Option<Vec<u64>>, EvalError> {
    let mut replies: Vec<u64> = (0..k.min(4)).collect();
    if k <= 4 {
        return Ok(Some(replies));
    }
    let mut without = sum.clone();
    without.parts.remove(i);
    let (rest, nimbers) = split(s, &without)?;
    let Some(f) = fold(&nimbers) else {
        return Ok(None);
    };
    // With v ≥ 4 added, the fold is (twos, v) after *0, or (0, v ⊕ 1) after a
    // lone *1; after a heap *n ≥ 3 two heaps other than *2 would be left.
    let flip = match f.n {
        0 => 0,
        1 => 1,
        _ => return Ok(None),
    };
    let v = u64::from(gamma(s, rest_of, &rest, f.twos)?) ^ flip;
    if (4..k).contains(&v) {
        replies.push(v);
    }
    Ok(Some(replies))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_by_the_misere_identities() {
        let f = |twos, n| Some(Folded { twos, n });
        assert_eq!(fold(&[]), f(0, 0));
        assert_eq!(fold(&[0, 0]), f(0, 0));
        assert_eq!(fold(&[1]), f(0, 1));
        assert_eq!(fold(&[1, 1]), f(0, 0));
        // *1 + *3 = *2; *1 + *6 = *7; *1 + *2 = *3.
        assert_eq!(fold(&[1, 3]), f(1, 0));
        assert_eq!(fold(&[6, 1, 2]), f(1, 7));
        assert_eq!(fold(&[2, 1, 2]), f(1, 3));
        assert_eq!(fold(&[2, 2, 5]), f(2, 5));
        // *1 + *3 + *5 = *2 + *5.
        assert_eq!(fold(&[1, 3, 5]), f(1, 5));
        assert_eq!(fold(&[4, 6]), None);
        assert_eq!(fold(&[3, 3]), None);
    }
}

//! Declared symmetries of partizan rule games (`symmetry g(mirror(b))`,
//! `symmetry -g(transpose(b))`): positions the declaration says are equal (or
//! opposite) in value share one canonical-form computation.
//!
//! A declaration is a claim about the rules, so it is not trusted blindly. The
//! first time a game with declarations is asked about, the engine collects up to
//! [`SAMPLES`] small positions below the one asked (those with the fewest
//! options), computes their forms and their images' forms *without* using the
//! symmetry, and compares: equal for `symmetry G'`, negated for
//! `symmetry -G'`. Any difference is a diagnostic naming both positions. Only
//! after the check does the walk replace each position by the least member of
//! its orbit (and by `-rep` when the orbit reaches it negated).

use super::analysis::{form_of, PartizanCache};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::{Games, OptionList, Side};
use crate::lang::value::{Component, InstId};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// Positions checked before a declaration is trusted.
const SAMPLES: usize = 12;
/// Positions looked at to find the samples.
const SEARCHED: usize = 400;
/// Largest orbit followed; beyond it the position is used as it stands.
const MAX_ORBIT: usize = 64;

/// Where a game instance's declarations stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Trust {
    /// No declaration: nothing to do.
    None,
    /// Being checked: not used yet.
    Checking,
    /// Checked: used.
    Trusted,
}

/// The state of every instance's declarations, and the canonical component of
/// each position met so far.
#[derive(Debug, Default)]
pub struct Symmetries {
    trust: FxHashMap<InstId, Trust>,
    canonical: FxHashMap<Component, Component>,
}

/// Checks the declarations of `inst` (once), starting from position `c`.
pub fn check_declared(
    games: &mut Games<'_>,
    cache: &mut PartizanCache,
    inst: InstId,
    c: &Component,
    span: Span,
) -> Result<(), EvalError> {
    if cache.symmetry.trust.contains_key(&inst) {
        return Ok(());
    }
    if !games.has_symmetry(inst) {
        cache.symmetry.trust.insert(inst, Trust::None);
        return Ok(());
    }
    cache.symmetry.trust.insert(inst, Trust::Checking);
    let result = check_samples(games, cache, inst, c, span);
    match result {
        Ok(()) => {
            cache.symmetry.trust.insert(inst, Trust::Trusted);
            Ok(())
        }
        Err(e) => {
            // Checked again (and refused again) on the next query.
            cache.symmetry.trust.remove(&inst);
            Err(e)
        }
    }
}

/// Checks the declared symmetries on the smallest positions below `start`:
/// each image's canonical form must be the position's (or its negative).
fn check_samples(
    games: &mut Games<'_>,
    cache: &mut PartizanCache,
    inst: InstId,
    start: &Component,
    span: Span,
) -> Result<(), EvalError> {
    for s in small_positions(games, inst, start)? {
        let form = form_of(games, cache, &s, span)?;
        for (image, negated) in images(games, inst, &s, span)? {
            let image_form = form_of(games, cache, &image, span)?;
            let want = if negated {
                cache
                    .store
                    .neg(form, games.budget)
                    .map_err(|e| super::analysis::store_error(e, span))?
            } else {
                form
            };
            if image_form != want {
                let show =
                    |c: &Component| crate::eval::print::show_component(c, games.globals, games.rt);
                let shown = |f| cache.store.show_within(f, 1000);
                // A declared `-g(…)` claims the image is the negative: say
                // what it should have been, not a sign that reads as agreement.
                let why = if negated {
                    format!(
                        "{} = {}, so its declared image -{} needs {} = {}, but {} = {}",
                        show(&s),
                        shown(form),
                        show(&image),
                        show(&image),
                        shown(want),
                        show(&image),
                        shown(image_form),
                    )
                } else {
                    format!(
                        "{} = {} but its image {} = {}",
                        show(&s),
                        shown(form),
                        show(&image),
                        shown(image_form),
                    )
                };
                return Err(EvalError::Symmetry { why, span });
            }
        }
    }
    Ok(())
}

/// Up to [`SAMPLES`] positions of game `inst` below `start` with the fewest
/// options (but some), found breadth first among the first [`SEARCHED`].
fn small_positions(
    games: &mut Games<'_>,
    inst: InstId,
    start: &Component,
) -> Result<Vec<Component>, EvalError> {
    let mut seen: FxHashMap<Component, usize> = FxHashMap::default();
    let mut queue = std::collections::VecDeque::from([start.clone()]);
    let mut list = OptionList::default();
    while let Some(c) = queue.pop_front() {
        if seen.len() >= SEARCHED || seen.contains_key(&c) {
            continue;
        }
        let mut count = 0;
        for side in [Side::Left, Side::Right] {
            list.clear();
            games.component_options(&c, side, &mut list)?;
            count += list.len();
            for opt in list.iter() {
                for x in opt {
                    if matches!(x, Component::Pos(i, _) if *i == inst) && !seen.contains_key(x) {
                        queue.push_back(x.clone());
                    }
                }
            }
        }
        seen.insert(c, count);
    }
    let mut samples: Vec<(usize, Component)> = seen
        .into_iter()
        .filter(|(_, n)| *n > 0)
        .map(|(c, n)| (n, c))
        .collect();
    samples.sort();
    Ok(samples.into_iter().take(SAMPLES).map(|(_, c)| c).collect())
}

/// The images of a position by its game's `symmetry` rules: (position, negated).
fn images(
    games: &mut Games<'_>,
    inst: InstId,
    c: &Component,
    span: Span,
) -> Result<Vec<(Component, bool)>, EvalError> {
    let mut list = OptionList::default();
    games.component_options(c, Side::Images, &mut list)?;
    let mut out = Vec::with_capacity(list.len());
    for opt in list.iter() {
        let image = match opt {
            [x @ Component::Pos(i, _)] if *i == inst => (x.clone(), false),
            [Component::Neg(inner)] if matches!(&**inner, Component::Pos(i, _) if *i == inst) => {
                ((**inner).clone(), true)
            }
            _ => {
                let shown: Vec<String> = opt
                    .iter()
                    .map(|x| crate::eval::print::show_component(x, games.globals, games.rt))
                    .collect();
                return Err(EvalError::Symmetry {
                    why: format!(
                        "`symmetry` gives {}, not one position of the same game",
                        if shown.is_empty() {
                            "0".to_string()
                        } else {
                            shown.join(" + ")
                        }
                    ),
                    span,
                });
            }
        };
        out.push(image);
    }
    Ok(out)
}

/// The component the walk computes for `c`: `c` itself, or once its game's
/// declarations are trusted, the least position of its orbit (`-rep` when the
/// orbit reaches it negated).
pub fn canonical(
    games: &mut Games<'_>,
    cache: &mut PartizanCache,
    c: &Component,
    span: Span,
) -> Result<Component, EvalError> {
    let Component::Pos(inst, _) = c else {
        return Ok(c.clone());
    };
    if cache.symmetry.trust.get(inst) != Some(&Trust::Trusted) {
        return Ok(c.clone());
    }
    if let Some(known) = cache.symmetry.canonical.get(c) {
        return Ok(known.clone());
    }
    let mut orbit: Vec<(Component, bool)> = vec![(c.clone(), false)];
    let mut next = 0;
    while next < orbit.len() && orbit.len() < MAX_ORBIT {
        let Some((p, sign)) = orbit.get(next).cloned() else {
            break;
        };
        next += 1;
        for (image, negated) in images(games, *inst, &p, span)? {
            if !orbit.iter().any(|(q, _)| *q == image) {
                orbit.push((image, sign ^ negated));
            }
        }
    }
    let (rep, negated) = orbit
        .into_iter()
        .min_by(|a, b| a.0.cmp(&b.0))
        .unwrap_or((c.clone(), false));
    let result = if negated {
        Component::Neg(Rc::new(rep))
    } else {
        rep
    };
    games
        .budget
        .add_positions(1)
        .map_err(|e| EvalError::limit(e, span))?;
    cache.symmetry.canonical.insert(c.clone(), result.clone());
    Ok(result)
}

//! Constructed games: the moves of `octal`, `subtraction` and `allbut` heaps,
//! and of `tartan(G, H)` products of one-head coin games.

use super::{OptionList, Side};
use crate::budget::Budget;
use crate::check::program::{Constructor, Expr, GameBody};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::eval::interp::Interp;
use crate::lang::value::{Component, InstId, Pos, Value};
use std::rc::Rc;

fn heap(inst: InstId, n: i64) -> Component {
    Component::Pos(inst, Rc::from(vec![Value::Int(n)]))
}

/// The moves of `octal`, `subtraction` and `allbut` games on one heap.
pub fn heap_options(
    ctor: &Constructor,
    inst: InstId,
    pos: &Pos,
    budget: &Budget,
    out: &mut OptionList,
) -> Result<(), EvalError> {
    let n = match pos.first() {
        Some(Value::Int(n)) => *n,
        _ => return Ok(()),
    };
    let tick = || {
        budget
            .tick()
            .map_err(|e| EvalError::limit(e, Span::default()))
    };
    match ctor {
        Constructor::Subtraction(set) => {
            for &k in set.iter().filter(|&&k| k <= n) {
                tick()?;
                out.push([heap(inst, n - k)]);
            }
        }
        Constructor::AllBut(set) => {
            for k in (1..=n).filter(|k| set.binary_search(k).is_err()) {
                tick()?;
                out.push([heap(inst, n - k)]);
            }
        }
        Constructor::Octal { digits, .. } => {
            for (k, &d) in digits.iter().enumerate() {
                let k = k as i64;
                if k > n {
                    break;
                }
                let rest = n - k;
                if d & 1 != 0 && rest == 0 && k > 0 {
                    out.push([]);
                }
                if d & 2 != 0 && rest > 0 && k > 0 {
                    out.push([heap(inst, rest)]);
                }
                if d & 4 != 0 && rest >= 2 {
                    for a in 1..=rest / 2 {
                        tick()?;
                        out.push([heap(inst, a), heap(inst, rest - a)]);
                    }
                }
            }
        }
        Constructor::Tartan(..) => {} // see `tartan_options`
    }
    Ok(())
}

/// The two factor games of `tartan(G, H)`.
pub fn tartan_factors(
    interp: &mut Interp<'_>,
    a: &Expr,
    b: &Expr,
) -> Result<(InstId, InstId), EvalError> {
    let mut frame = Vec::new();
    let mut factor = |e: &Expr| match interp.eval(e, &mut frame)? {
        Value::GameFn(f) => Ok(f.inst),
        other => Err(EvalError::expected(
            "a game name in `tartan(G, H)`",
            other.kind_name(),
            e.span,
        )),
    };
    Ok((factor(a)?, factor(b)?))
}

/// The coins a one-head coin game's move from `head` turns besides the head:
/// each option must be a sum of the factor's own positions.
fn turning_sets(
    interp: &mut Interp<'_>,
    factor: InstId,
    head: &Value,
    span: Span,
) -> Result<Vec<Vec<Value>>, EvalError> {
    let Some(game) = interp.inst_game(factor) else {
        return Err(EvalError::internal("an unknown tartan factor", span));
    };
    let not_coin_game = || EvalError::TartanFactor {
        name: game.name.clone(),
        span,
    };
    let GameBody::Rules(rules) = &game.body else {
        return Err(not_coin_game());
    };
    let mut list = OptionList::default();
    let pos = Pos::from(vec![head.clone()]);
    super::rules::rule_options(
        interp,
        game,
        rules,
        factor,
        &pos,
        Side::Impartial,
        &mut list,
    )?;
    list.iter()
        .map(|opt| {
            opt.iter()
                .map(|c| match c {
                    Component::Pos(i, p) if *i == factor && p.len() == 1 => {
                        Ok(p.first().cloned().unwrap_or(Value::Int(0)))
                    }
                    _ => Err(not_coin_game()),
                })
                .collect()
        })
        .collect()
}

/// Moves of G × H from (x, y): a move of G turning {x} ∪ T and a move of H
/// turning {y} ∪ U turn the product set; the head (x, y) leaves the sum.
pub fn tartan_options(
    interp: &mut Interp<'_>,
    a: &Expr,
    b: &Expr,
    inst: InstId,
    pos: &Pos,
    out: &mut OptionList,
) -> Result<(), EvalError> {
    let (ga, gb) = tartan_factors(interp, a, b)?;
    let (Some(x), Some(y)) = (pos.first(), pos.get(1)) else {
        return Ok(());
    };
    let sets_x = turning_sets(interp, ga, x, a.span)?;
    let sets_y = turning_sets(interp, gb, y, b.span)?;
    for t in &sets_x {
        for u in &sets_y {
            let mut comps = Vec::new();
            for r in std::iter::once(x).chain(t.iter()) {
                for c in std::iter::once(y).chain(u.iter()) {
                    interp.tick(a.span)?;
                    if r != x || c != y {
                        comps.push(Component::Pos(inst, Pos::from(vec![r.clone(), c.clone()])));
                    }
                }
            }
            out.push(comps);
        }
    }
    Ok(())
}

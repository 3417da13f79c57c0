//! Rule-defined games: runs a game's `stop when` and `move`/`left`/`right` rules
//! on one position with the evaluator, turning each option value into components.

use super::{OptionList, Side};
use crate::check::program::{Game, Rule};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::eval::interp::{bind_pattern, new_frame, Interp};
use crate::eval::print::show_position;
use crate::lang::value::{Component, InstId, Pos, Value};
use crate::syntax::ast::RuleKind;

/// Appends the options of `pos` (of `inst`, defined by `game` with `rules`) to `out`.
pub fn rule_options(
    interp: &mut Interp<'_>,
    game: &Game,
    rules: &[Rule],
    inst: InstId,
    pos: &Pos,
    side: Side,
    out: &mut OptionList,
) -> Result<(), EvalError> {
    let family = interp
        .rt
        .inst(inst)
        .map(|(_, f)| f.clone())
        .unwrap_or_else(|| Pos::from(vec![]));
    let mut frame = new_frame(game.frame_size);
    for (p, v) in game.family.iter().zip(family.iter()) {
        bind_pattern(&p.pattern, v.clone(), &mut frame, p.span)?;
    }
    for (p, v) in game.params.iter().zip(pos.iter()) {
        bind_pattern(&p.pattern, v.clone(), &mut frame, p.span)?;
    }
    let saved = std::mem::replace(&mut interp.board, game.board);
    let result = run_rules(
        interp,
        rules,
        game.params.len(),
        inst,
        pos,
        side,
        &mut frame,
        out,
    );
    interp.board = saved;
    result
}

#[allow(clippy::too_many_arguments)]
fn run_rules(
    interp: &mut Interp<'_>,
    rules: &[Rule],
    params: usize,
    inst: InstId,
    pos: &Pos,
    side: Side,
    frame: &mut Vec<Value>,
    out: &mut OptionList,
) -> Result<(), EvalError> {
    let context = |me: &Interp<'_>, rule: Span, e: EvalError| match e {
        // A limit is not the rule's fault: report it as it is.
        e @ EvalError::Limit { .. } => e,
        e => EvalError::InRule {
            position: show_position(inst, pos, me.globals, me.rt),
            rule,
            inner: Box::new(e),
        },
    };
    let images = side == Side::Images;
    for rule in rules.iter().filter(|r| r.kind == RuleKind::Stop && !images) {
        let stop = interp
            .eval_bool(&rule.option, frame)
            .map_err(|e| context(interp, rule.span, e))?;
        if stop {
            return Ok(());
        }
    }
    for rule in rules {
        let wanted = match rule.kind {
            RuleKind::Move => !images,
            RuleKind::Left => side == Side::Left,
            RuleKind::Right => side == Side::Right,
            RuleKind::Stop => false,
            RuleKind::Symmetry => images,
        };
        if !wanted {
            continue;
        }
        let option = &rule.option;
        interp
            .for_each(
                &rule.binders,
                rule.condition.as_ref(),
                frame,
                &mut |me, frame| {
                    let v = me.eval(option, frame)?;
                    me.tick(option.span)?;
                    push_option(me, inst, params, v, option.span, out)
                },
            )
            .map_err(|e| context(interp, rule.span, e))?;
    }
    Ok(())
}

/// Turns an option value into components: a game expression, or new parameter values.
fn push_option(
    interp: &Interp<'_>,
    inst: InstId,
    params: usize,
    v: Value,
    span: Span,
    out: &mut OptionList,
) -> Result<(), EvalError> {
    match v {
        Value::Game(g) => {
            out.push(g.parts.iter().cloned());
            Ok(())
        }
        Value::GameFn(_) => Err(EvalError::OptionIsGameName { span }),
        other => {
            let args: Vec<Value> = if params == 1 {
                vec![other]
            } else {
                match other {
                    Value::Tuple(items) if items.len() == params => items.to_vec(),
                    other => {
                        return Err(EvalError::OptionShape {
                            params,
                            found: other.kind_name(),
                            span,
                        })
                    }
                }
            };
            interp.check_position(inst, &args).map_err(|e| e.at(span))?;
            out.push([Component::Pos(inst, args.into())]);
            Ok(())
        }
    }
}

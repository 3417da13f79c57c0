//! Generates the options of a position: runs a game's rules, or the built-in move
//! generator of a constructed game, into a reusable flat list.

use super::eval_error::EvalError;
use super::interp::{bind_pattern, new_frame, Interp};
use super::print::show_position;
use super::value::{Component, InstId, Pos, Value};
use crate::check::program::{Constructor, GameBody};
use crate::diagnostics::Span;
use crate::syntax::ast::RuleKind;
use std::rc::Rc;

/// The options of one position: each a list of components (a sum).
#[derive(Debug, Default, Clone)]
pub struct OptionList {
    comps: Vec<Component>,
    ends: Vec<usize>,
}

impl OptionList {
    /// Empties the list, keeping its storage.
    pub fn clear(&mut self) {
        self.comps.clear();
        self.ends.clear();
    }

    /// Number of options.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// True when there are no options.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The components of option `i`.
    pub fn get(&self, i: usize) -> &[Component] {
        let start = if i == 0 {
            0
        } else {
            self.ends.get(i - 1).copied().unwrap_or(0)
        };
        let end = self.ends.get(i).copied().unwrap_or(start);
        self.comps.get(start..end).unwrap_or(&[])
    }

    /// Iterates the options.
    pub fn iter(&self) -> impl Iterator<Item = &[Component]> {
        (0..self.len()).map(move |i| self.get(i))
    }

    /// Adds an option.
    pub fn push(&mut self, comps: impl IntoIterator<Item = Component>) {
        self.comps.extend(comps);
        self.ends.push(self.comps.len());
    }
}

/// Which options to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// `move` rules only (impartial play).
    Impartial,
    /// `move` and `left` rules.
    Left,
    /// `move` and `right` rules.
    Right,
}

impl<'a> Interp<'a> {
    /// Appends the options of position `pos` of `inst` to `out`.
    pub fn gen_options(
        &mut self,
        inst: InstId,
        pos: &Pos,
        side: Side,
        out: &mut OptionList,
    ) -> Result<(), EvalError> {
        let Some(game) = self.inst_game(inst) else {
            return Ok(());
        };
        match &game.body {
            GameBody::Constructed(Constructor::Tartan(a, b)) => {
                self.tartan_options(a, b, inst, pos, out)
            }
            GameBody::Constructed(ctor) => constructed_options(ctor, inst, pos, out),
            GameBody::Rules(rules) => {
                let family = self
                    .rt
                    .inst(inst)
                    .map(|i| i.family.clone())
                    .unwrap_or_else(|| Rc::from(vec![]));
                let mut frame = new_frame(game.frame_size);
                for (p, v) in game.family.iter().zip(family.iter()) {
                    bind_pattern(&p.pattern, v.clone(), &mut frame, p.span)?;
                }
                for (p, v) in game.params.iter().zip(pos.iter()) {
                    bind_pattern(&p.pattern, v.clone(), &mut frame, p.span)?;
                }
                let saved = std::mem::replace(&mut self.board, game.board);
                let result = self.run_rules(rules, inst, pos, side, &mut frame, out);
                self.board = saved;
                result
            }
        }
    }

    fn run_rules(
        &mut self,
        rules: &[crate::check::program::Rule],
        inst: InstId,
        pos: &Pos,
        side: Side,
        frame: &mut Vec<Value>,
        out: &mut OptionList,
    ) -> Result<(), EvalError> {
        let context = |me: &Interp<'_>, rule: Span, e: EvalError| EvalError::InRule {
            position: show_position(inst, pos, me.globals, me.rt),
            rule,
            inner: Box::new(e),
        };
        for rule in rules.iter().filter(|r| r.kind == RuleKind::Stop) {
            let stop = self
                .eval_bool(&rule.option, frame)
                .map_err(|e| context(self, rule.span, e))?;
            if stop {
                return Ok(());
            }
        }
        let params = self.inst_game(inst).map_or(0, |g| g.params.len());
        for rule in rules {
            let wanted = match rule.kind {
                RuleKind::Move => true,
                RuleKind::Left => side == Side::Left,
                RuleKind::Right => side == Side::Right,
                RuleKind::Stop => false,
            };
            if !wanted {
                continue;
            }
            let option = &rule.option;
            self.for_each(
                &rule.binders,
                rule.condition.as_ref(),
                frame,
                &mut |me, frame| {
                    let v = me.eval(option, frame)?;
                    me.push_option(inst, params, v, option.span, out)
                },
            )
            .map_err(|e| context(self, rule.span, e))?;
        }
        Ok(())
    }

    /// Turns an option value into components: a game expression, or new parameter values.
    fn push_option(
        &mut self,
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
            Value::GameFn(_) => Err(EvalError::other(
                "an option must be a position, not a game name",
                "call the game with its parameters: `g(n - 1)`",
                span,
            )),
            other => {
                let args: Vec<Value> = if params == 1 {
                    vec![other]
                } else {
                    match other {
                        Value::Tuple(items) if items.len() == params => items.to_vec(),
                        other => {
                            return Err(EvalError::other(
                                format!(
                                    "an option of a {params}-parameter game must be a {params}-tuple or a game, not a {}",
                                    other.kind_name()
                                ),
                                "write the new parameter values as a tuple `(a, b)` or call a game",
                                span,
                            ))
                        }
                    }
                };
                self.check_position(inst, &args)
                    .map_err(|message| EvalError::BadPosition { message, span })?;
                out.push([Component::Pos(inst, args.into())]);
                Ok(())
            }
        }
    }
}

impl<'a> Interp<'a> {
    /// The coins a one-head coin game's move from `head` turns besides the head:
    /// each option must be a sum of the factor's own positions.
    fn turning_sets(
        &mut self,
        factor: InstId,
        head: &Value,
        span: Span,
    ) -> Result<Vec<Vec<Value>>, EvalError> {
        let mut list = OptionList::default();
        self.gen_options(
            factor,
            &Pos::from(vec![head.clone()]),
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
                        _ => Err(EvalError::other(
                            "a tartan factor must be a one-head coin game",
                            "each option of G and H must be a sum of G's (or H's) own positions",
                            span,
                        )),
                    })
                    .collect()
            })
            .collect()
    }

    /// Moves of G × H from (x, y): a move of G turning {x} ∪ T and a move of H
    /// turning {y} ∪ U turn the product set; the head (x, y) leaves the sum.
    fn tartan_options(
        &mut self,
        a: &crate::check::program::Expr,
        b: &crate::check::program::Expr,
        inst: InstId,
        pos: &Pos,
        out: &mut OptionList,
    ) -> Result<(), EvalError> {
        let mut frame = Vec::new();
        let factor =
            |me: &mut Self, e: &crate::check::program::Expr, frame: &mut Vec<Value>| match me
                .eval(e, frame)?
            {
                Value::GameFn(f) => Ok(f.inst),
                other => Err(EvalError::expected(
                    "a game name in `tartan(G, H)`",
                    other.kind_name(),
                    e.span,
                )),
            };
        let (ga, gb) = (factor(self, a, &mut frame)?, factor(self, b, &mut frame)?);
        let (Some(x), Some(y)) = (pos.first(), pos.get(1)) else {
            return Ok(());
        };
        let sets_x = self.turning_sets(ga, x, a.span)?;
        let sets_y = self.turning_sets(gb, y, b.span)?;
        for t in &sets_x {
            for u in &sets_y {
                let rows = std::iter::once(x).chain(t.iter());
                let mut comps = Vec::new();
                for r in rows {
                    for c in std::iter::once(y).chain(u.iter()) {
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
}

fn heap(inst: InstId, n: i64) -> Component {
    Component::Pos(inst, Rc::from(vec![Value::Int(n)]))
}

/// The moves of `octal`, `subtraction` and `allbut` games on one heap.
fn constructed_options(
    ctor: &Constructor,
    inst: InstId,
    pos: &Pos,
    out: &mut OptionList,
) -> Result<(), EvalError> {
    let n = match pos.first() {
        Some(Value::Int(n)) => *n,
        _ => return Ok(()),
    };
    match ctor {
        Constructor::Subtraction(set) => {
            for &k in set.iter().filter(|&&k| k <= n) {
                out.push([heap(inst, n - k)]);
            }
        }
        Constructor::AllBut(set) => {
            for k in (1..=n).filter(|k| set.binary_search(k).is_err()) {
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
                        out.push([heap(inst, a), heap(inst, rest - a)]);
                    }
                }
            }
        }
        Constructor::Tartan(..) => {} // handled by `tartan_options`
    }
    Ok(())
}

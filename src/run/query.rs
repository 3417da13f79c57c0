//! Answers queries: evaluates the operands, picks the analysis, returns typed
//! data; answers the queries inside expressions as values.

use super::answer::{Answer, Axes, NodeValue, ValueGrid};
use super::Runner;
use crate::budget::Budget;
use crate::check::program::{Globals, ParamType, Query};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::eval::interp::{new_frame, Interp, Operands, Oracle};
use crate::eval::runtime::Runtime;
use crate::game::{Games, Side};
use crate::lang::board::BoardData;
use crate::lang::value::{Component, GameSum, InstId, Pos, Value};
use crate::solve::impartial::periodicity::HeapValues;
use crate::solve::impartial::sweep::{Request, Sizes, SweepError};
use crate::solve::impartial::{Impartial, Solver};
use crate::solve::loopy::generalized::Gsg;
use crate::solve::loopy::partizan as loopy_partizan;
use crate::solve::loopy::stopper::{self, LoopyForm, StopperForm};
use crate::solve::misere::Misere;
use crate::solve::normal::{Moves, Value as Valued};
use crate::solve::partizan::analysis::{sum_form, Measure, PartizanCache, Transform};
use crate::solve::partizan::Cmp;
use crate::solve::Analyses;
use crate::syntax::ast::QueryKind;
use std::rc::Rc;

/// A query's subject, which must be a game.
pub fn game_of(value: Value, span: Span) -> Result<Rc<GameSum>, EvalError> {
    match value {
        Value::Game(g) => Ok(g),
        Value::GameFn(_) => Err(EvalError::NeedsPosition { span }),
        other => Err(EvalError::expected(
            "a game (a position, a nimber `*k` or a sum)",
            other.kind_name(),
            span,
        )),
    }
}

/// The game a heap query (`sequence`, `table`, `quotient`) is of: an
/// impartial one, since each reads Grundy values (a partizan game's `left`
/// and `right` rules would read as no moves at all).
fn game_fn_of(games: &Games<'_>, value: &Value, span: Span) -> Result<InstId, EvalError> {
    match value {
        Value::GameFn(f) if games.game(f.inst).is_some_and(|g| g.partizan) => {
            Err(EvalError::Partizan { span })
        }
        Value::GameFn(f) => Ok(f.inst),
        other => Err(EvalError::expected(
            "a game name such as `kayles` or `sub[{1, 2}]`",
            other.kind_name(),
            span,
        )),
    }
}

/// A query with its operands evaluated: what the analyses answer.
pub struct Asked<'q> {
    /// The query as checked.
    pub q: &'q Query,
    /// Its operands' values.
    pub operands: Operands,
}

impl Asked<'_> {
    /// The subject, which must be a game.
    fn game(&self) -> Result<Rc<GameSum>, EvalError> {
        game_of(self.operands.subject.clone(), self.q.subject.span)
    }

    /// The subject of an impartial query: a game with no partizan component.
    fn impartial(&self, games: &Games<'_>) -> Result<Rc<GameSum>, EvalError> {
        let g = self.game()?;
        reject_partizan(games, &g, self.q.span)?;
        Ok(g)
    }

    /// The subject of `sequence`, `table` and `quotient`: a game name.
    fn game_fn(&self, games: &Games<'_>) -> Result<InstId, EvalError> {
        game_fn_of(games, &self.operands.subject, self.q.subject.span)
    }

    /// The second operand with where it was written, or `missing` when the
    /// query has none.
    fn second(&self, missing: EvalError) -> Result<(&Value, Span), EvalError> {
        match (&self.operands.second, &self.q.range) {
            (Some(v), Some(e)) => Ok((v, e.span)),
            _ => Err(missing),
        }
    }
}

/// Evaluates a statement query's operands in a fresh frame, answering any
/// query inside them.
pub fn operands_of(
    games: &mut Games<'_>,
    analyses: &mut Analyses,
    q: &Query,
) -> Result<Operands, EvalError> {
    let mut asker = Asker {
        compiled: &mut *games.compiled,
        analyses,
    };
    let mut interp = Interp::new(games.globals, games.rt, games.budget).asking(&mut asker);
    interp.operands(q, &mut new_frame(q.frame_size))
}

/// Answers the queries written inside expressions: the statement's
/// compiled games and analyses, lent to the evaluator.
pub struct Asker<'r> {
    /// Each instance's compiled rules.
    pub compiled: &'r mut crate::game::compiled::Cache,
    /// Every analysis' memo.
    pub analyses: &'r mut Analyses,
}

impl Oracle for Asker<'_> {
    fn ask(
        &mut self,
        globals: &Globals,
        rt: &mut Runtime,
        budget: &Budget,
        q: &Query,
        operands: Operands,
    ) -> Result<Value, EvalError> {
        let mut games = Games::new(globals, rt, self.compiled, budget);
        let answer = answer(&mut games, self.analyses, &Asked { q, operands })?;
        super::value::answer_value(
            answer,
            &self.analyses.partizan,
            self.analyses.misere.forms(),
            q.span,
        )
    }
}

/// Refuses a sum with a partizan component (impartial analyses only).
pub fn reject_partizan(games: &Games<'_>, g: &GameSum, span: Span) -> Result<(), EvalError> {
    if let Some(c) = g.parts.iter().find(|c| c.is_literal_partizan()) {
        let part = crate::eval::print::show_component(c, games.globals, games.rt);
        return Err(EvalError::PartizanLiteral { part, span });
    }
    if has_partizan(games, g) {
        return Err(EvalError::Partizan { span });
    }
    Ok(())
}

/// True when the sum has a partizan component (its outcome is L, R, N or P).
pub fn has_partizan(games: &Games<'_>, g: &GameSum) -> bool {
    g.parts.iter().any(|c| games.is_partizan_component(c))
}

impl<'a> Runner<'a> {
    /// Answers one query written as a statement: its operands are evaluated
    /// (any query inside them answered first), then the analysis is asked.
    pub fn answer(&mut self, q: &Query) -> Result<Answer, EvalError> {
        let mut games = Games::new(self.globals, self.rt, self.compiled, self.budget);
        let operands = operands_of(&mut games, self.analyses, q)?;
        answer(&mut games, self.analyses, &Asked { q, operands })
    }
}

/// Answers one query from its operands: each kind is one call on an
/// analysis' front type ([`Normal`] for impartial games under normal play,
/// which hands loopy positions to the loopy analysis itself; [`Misere`]; the
/// partizan cache).
pub fn answer(
    games: &mut Games<'_>,
    analyses: &mut Analyses,
    a: &Asked<'_>,
) -> Result<Answer, EvalError> {
    let q = a.q;
    let (span, expr) = (q.span, q.text.clone());
    match q.kind {
        QueryKind::Grundy => {
            let g = a.impartial(games)?;
            Ok(match analyses.normal().value(games, &g, span)? {
                Valued::Grundy(value) => Answer::Grundy { expr, value },
                Valued::Loopy(value) => Answer::Generalized { expr, value },
            })
        }
        QueryKind::Outcome => outcome(games, analyses, a),
        QueryKind::Moves => moves(games, analyses, a),
        QueryKind::Winning => {
            let g = a.game()?;
            let misere = q.misere;
            if has_partizan(games, &g) {
                let partizan = &mut analyses.partizan;
                let found = if misere {
                    partizan
                        .misere
                        .winning(games, &g, Side::Left, span)
                        .and_then(|left| {
                            Ok((left, partizan.misere.winning(games, &g, Side::Right, span)?))
                        })
                } else {
                    partizan.winning(games, &g, span)
                };
                let (left, right) = match found {
                    Err(EvalError::Loopy { .. }) => {
                        loopy_partizan_winning(games, &g, misere, span)?
                    }
                    found => found?,
                };
                return Ok(Answer::Winning {
                    expr,
                    misere,
                    moves: left,
                    right: Some(right),
                });
            }
            reject_partizan(games, &g, span)?;
            let moves = if misere {
                analyses.misere.winning(games, &g, span)?
            } else {
                analyses.normal().winning(games, &g, span)?
            };
            Ok(Answer::Winning {
                expr,
                misere,
                moves,
                right: None,
            })
        }
        QueryKind::Explain => explain(games, analyses, a),
        QueryKind::Graph => graph(games, analyses, a),
        QueryKind::Play => Err(EvalError::Interactive { span }),
        QueryKind::Genus => {
            let g = a.impartial(games)?;
            let impartial = &mut analyses.impartial;
            let (value, phylum) = analyses.misere.genus(games, impartial, &g, span)?;
            Ok(Answer::Genus {
                expr,
                value,
                phylum,
            })
        }
        QueryKind::Sequence => sequence(games, analyses, a),
        QueryKind::Quotient => quotient(games, &mut analyses.misere, a),
        QueryKind::Table => table(games, &mut analyses.impartial, a),
        QueryKind::Compare => {
            let missing = EvalError::internal("`compare` without its second game", span);
            let (second, at) = a.second(missing)?;
            let (g, h) = (a.game()?, game_of(second.clone(), at)?);
            let value = match analyses.partizan.compare(games, &g, &h, span) {
                Err(EvalError::Loopy { .. } | EvalError::SidedMoves { .. }) => {
                    compare_loopy(games, &mut analyses.partizan, &g, &h, span)?
                }
                found => found?,
            };
            Ok(Answer::Compare { expr, value })
        }
        QueryKind::Temperature | QueryKind::Mean | QueryKind::LeftStop | QueryKind::RightStop => {
            measure(games, &mut analyses.partizan, a)
        }
        QueryKind::Thermograph => {
            let g = a.game()?;
            let thermograph = analyses
                .partizan
                .thermograph(games, &g, span)
                .map_err(|e| overflow_in_subject(e, q))?;
            Ok(Answer::Thermograph { expr, thermograph })
        }
        QueryKind::Canonical if q.misere => misere_canonical(games, &mut analyses.misere, a),
        QueryKind::Canonical
        | QueryKind::AtomicWeight
        | QueryKind::Reduced
        | QueryKind::Cool
        | QueryKind::Heat
        | QueryKind::Overheat
        | QueryKind::Norton
        | QueryKind::OrdinalSum => transformed(games, &mut analyses.partizan, a),
    }
}

/// `canonical G`, and the forms made from it: `reduced`, `atomicweight`,
/// `cool`, `heat`, `overheat`, `norton`, `ordinalsum`.
fn transformed(
    games: &mut Games<'_>,
    partizan: &mut PartizanCache,
    a: &Asked<'_>,
) -> Result<Answer, EvalError> {
    let (q, span) = (a.q, a.q.span);
    let g = a.game()?;
    let missing = || EvalError::internal("a game operand is missing", span);
    let second = match a.second(missing()) {
        Ok((v, at)) => Some((game_of(v.clone(), at)?, at)),
        Err(_) => None,
    };
    let third = match (&a.operands.bound, &q.bound) {
        (Some(v), Some(e)) => Some((game_of(v.clone(), e.span)?, e.span)),
        _ => None,
    };
    let second = second.as_ref().map(|(g, at)| (&**g, *at));
    let third = third.as_ref().map(|(g, at)| (&**g, *at));
    let op = match (q.kind, second, third) {
        (QueryKind::AtomicWeight, ..) => Transform::AtomicWeight,
        (QueryKind::Reduced, ..) => Transform::Reduced,
        (QueryKind::Cool, Some(t), _) => Transform::Cool(t),
        (QueryKind::Heat, Some(t), _) => Transform::Heat(t),
        (QueryKind::Overheat, Some(s), Some(t)) => Transform::Overheat(s, t),
        (QueryKind::Norton, Some(u), _) => Transform::Norton(u),
        (QueryKind::OrdinalSum, Some(h), _) => Transform::OrdinalSum(h),
        (QueryKind::Canonical, ..) => Transform::Canonical,
        _ => return Err(missing()),
    };
    let form = match partizan.transformed(games, &g, op, span) {
        // A loopy game: a stopper has a simplest form too.
        Err(EvalError::Loopy { .. } | EvalError::SidedMoves { .. })
            if q.kind == QueryKind::Canonical =>
        {
            let form = stopper::canonical(games, &mut partizan.store, &g, span)?;
            let (onside, offside) = match form {
                LoopyForm::Stopper(StopperForm::Short(form)) => {
                    return Ok(Answer::Canonical {
                        query: q.kind.keyword(),
                        expr: q.text.clone(),
                        form,
                    })
                }
                LoopyForm::Stopper(StopperForm::Loopy(game)) => (game, None),
                LoopyForm::Sided(on, off) => {
                    let as_game = |f: StopperForm| match f {
                        StopperForm::Short(form) => partizan.store.game(form),
                        StopperForm::Loopy(game) => game,
                    };
                    (as_game(on), Some(as_game(off)))
                }
            };
            // A form that would print cut short does not read back.
            for side in std::iter::once(&onside).chain(offside.as_ref()) {
                let text = crate::eval::print::show_sum(side, games.globals, games.rt);
                if text.ends_with('…') {
                    return Err(EvalError::FormTooLong {
                        limit: crate::lang::loopy::MAX_SHOWN,
                        misere: false,
                        span,
                    });
                }
            }
            return Ok(match offside {
                None => Answer::LoopyCanonical {
                    expr: q.text.clone(),
                    game: onside,
                },
                Some(offside) => Answer::SidedCanonical {
                    expr: q.text.clone(),
                    onside,
                    offside,
                },
            });
        }
        found => found.map_err(|e| overflow_in_subject(e, q))?,
    };
    Ok(Answer::Canonical {
        query: q.kind.keyword(),
        expr: q.text.clone(),
        form,
    })
}

/// The most characters a misère canonical form is printed in (its nesting
/// stays well within the stack when it is read back or compared).
const MAX_MISERE_FORM: usize = 10_000;

/// `misere canonical G` of an impartial game.
fn misere_canonical(
    games: &mut Games<'_>,
    misere: &mut Misere,
    a: &Asked<'_>,
) -> Result<Answer, EvalError> {
    let (q, span) = (a.q, a.q.span);
    let g = a.game()?;
    if has_partizan(games, &g) {
        return Err(EvalError::MisereFormPartizan { span });
    }
    let form = misere.canonical(games, &g, span)?;
    let limit = MAX_MISERE_FORM;
    if misere.forms().shown_len(form, limit) > limit {
        return Err(EvalError::FormTooLong {
            limit,
            misere: true,
            span,
        });
    }
    Ok(Answer::MisereCanonical {
        expr: q.text.clone(),
        form,
    })
}

/// `outcome G`: partizan (L, R, N, P) when a component is partizan and play is
/// normal; else misère (P, N) or normal play (P, N, or D when loopy).
fn outcome(
    games: &mut Games<'_>,
    analyses: &mut Analyses,
    a: &Asked<'_>,
) -> Result<Answer, EvalError> {
    let (q, span) = (a.q, a.q.span);
    let g = a.game()?;
    let value = if has_partizan(games, &g) {
        let partizan = &mut analyses.partizan;
        let found = if q.misere {
            partizan.misere.outcome(games, &g, span)
        } else {
            partizan
                .outcome(games, &g, span)
                .map_err(|e| overflow_in_subject(e, q))
        };
        match found {
            // Cycles: the nine classes of loopy partizan play.
            Err(EvalError::Loopy { .. }) => loopy_partizan::solve(games, &g, q.misere, span)?
                .class()
                .into(),
            Err(EvalError::SidedMoves { .. }) if !q.misere => {
                loopy_partizan::sided_class(games, &g, span)?.into()
            }
            found => found?.into(),
        }
    } else {
        reject_partizan(games, &g, span)?;
        if q.misere {
            analyses.misere.outcome(games, &g, span)?.into()
        } else {
            analyses.normal().outcome(games, &g, span)?.into()
        }
    };
    Ok(Answer::Outcome {
        expr: q.text.clone(),
        misere: q.misere,
        value,
    })
}

/// `winning G` of a partizan game with cycles: each player's moves after
/// which that player wins (a draw is not a win).
fn loopy_partizan_winning(
    games: &mut Games<'_>,
    g: &GameSum,
    misere: bool,
    span: Span,
) -> Result<(Vec<GameSum>, Vec<GameSum>), EvalError> {
    let solved = loopy_partizan::solve(games, g, misere, span)?;
    let mut sides = Vec::new();
    for side in [Side::Left, Side::Right] {
        let options = games
            .sum_options(g, side, usize::MAX)
            .map_err(|e| e.at_least(span))?
            .unwrap_or_default();
        sides.push(solved.winning(side, options));
    }
    let right = sides.pop().unwrap_or_default();
    Ok((sides.pop().unwrap_or_default(), right))
}

/// `compare G H` when a game is loopy: stoppers compare by the survival
/// game; games that are not stoppers compare side by side.
pub(crate) fn compare_loopy(
    games: &mut Games<'_>,
    partizan: &mut PartizanCache,
    g: &GameSum,
    h: &GameSum,
    span: Span,
) -> Result<Cmp, EvalError> {
    let mut stoppers = !g.has_sided() && !h.has_sided();
    for x in [g, h] {
        if !stoppers {
            break;
        }
        // A game with a canonical form has no cycle at all: a stopper.
        let loopy = match sum_form(games, partizan, x, span) {
            Ok(_) => false,
            Err(EvalError::Loopy { .. }) => true,
            Err(e) => return Err(e),
        };
        stoppers &= !loopy || loopy_partizan::is_stopper(games, x, span)?;
    }
    let (le, ge) = if stoppers {
        (
            loopy_partizan::leq(games, g, h, span)?,
            loopy_partizan::leq(games, h, g, span)?,
        )
    } else {
        stopper::compare_sides(games, g, h, span)?
    };
    Ok(match (le, ge) {
        (true, true) => Cmp::Equal,
        (true, false) => Cmp::Less,
        (false, true) => Cmp::Greater,
        (false, false) => Cmp::Fuzzy,
    })
}

/// `moves G`: every option with its value.
fn moves(
    games: &mut Games<'_>,
    analyses: &mut Analyses,
    a: &Asked<'_>,
) -> Result<Answer, EvalError> {
    let (q, g) = (a.q, a.impartial(games)?);
    let moves = analyses.normal().moves(games, &g, q.span)?;
    Ok(moves_answer(q.text.clone(), moves, false, |moves| {
        Answer::Moves {
            expr: q.text.clone(),
            moves: moves.into_iter().map(|m| (m.result, m.grundy)).collect(),
        }
    }))
}

/// `explain G`: why G has its value.
fn explain(
    games: &mut Games<'_>,
    analyses: &mut Analyses,
    a: &Asked<'_>,
) -> Result<Answer, EvalError> {
    let (q, g) = (a.q, a.game()?);
    if has_partizan(games, &g) {
        let explanation = super::explain::explain_form(games, &mut analyses.partizan, &g, q.span)
            .map_err(|e| overflow_in_subject(e, q))?;
        return Ok(Answer::FormExplain {
            expr: q.text.clone(),
            explanation,
        });
    }
    reject_partizan(games, &g, q.span)?;
    let found = analyses
        .normal()
        .valued(games, &g, q.span, |s| super::explain::explain(s, &g))?;
    Ok(moves_answer(q.text.clone(), found, true, |explanation| {
        Answer::Explain {
            expr: q.text.clone(),
            explanation,
        }
    }))
}

/// The answer of `moves G` or `explain G`: `valued` of what the Grundy
/// values gave, or the loopy position's moves with their generalised values.
fn moves_answer<T>(
    expr: String,
    moves: Moves<T>,
    explain: bool,
    valued: impl FnOnce(T) -> Answer,
) -> Answer {
    match moves {
        Moves::Valued(x) => valued(x),
        Moves::Loopy { value, moves } => Answer::LoopyMoves {
            expr,
            value,
            moves,
            explain,
        },
    }
}

/// `graph G` and `graph G depth N`: Left's and Right's moves apart when a
/// component is partizan.
fn graph(
    games: &mut Games<'_>,
    analyses: &mut Analyses,
    a: &Asked<'_>,
) -> Result<Answer, EvalError> {
    let (q, g) = (a.q, a.game()?);
    let depth = match a.second(EvalError::internal("no depth", q.span)) {
        Err(_) => None,
        Ok((d, at)) => Some(graph_depth(d, at)?),
    };
    let expr = q.text.clone();
    if has_partizan(games, &g) {
        let graph =
            super::explain::partizan_graph(games, &mut analyses.partizan, &g, depth, q.span)
                .map_err(|e| overflow_in_subject(e, q))?;
        return Ok(Answer::Graph { expr, graph });
    }
    let mut solver = Solver::new(games, &mut analyses.impartial, q.span);
    let (mut graph, loopy) = super::explain::move_graph(&mut solver, &g, depth)?;
    if loopy {
        // A loopy game: every node's generalised value, draws included.
        for (position, value) in &mut graph.nodes {
            games.interp().tick(q.span)?;
            let v = match analyses.normal().value(games, position, q.span)? {
                Valued::Grundy(v) => Gsg::Finite(u32::try_from(v).unwrap_or(u32::MAX)),
                Valued::Loopy(v) => v,
            };
            *value = NodeValue::Grundy(v);
        }
    }
    Ok(Answer::Graph { expr, graph })
}

/// A number too large for a canonical form arises from the one game asked
/// about: it is blamed on that expression, not the whole statement.
fn overflow_in_subject(e: EvalError, q: &Query) -> EvalError {
    match e {
        EvalError::Overflow { .. } => EvalError::Overflow {
            span: q.subject.span,
        },
        other => other,
    }
}

/// `temperature G`, `mean G`, `leftstop G`, `rightstop G`.
fn measure(
    games: &mut Games<'_>,
    partizan: &mut PartizanCache,
    a: &Asked<'_>,
) -> Result<Answer, EvalError> {
    let (q, g) = (a.q, a.game()?);
    let measure = match q.kind {
        QueryKind::Temperature => Measure::Temperature,
        QueryKind::Mean => Measure::Mean,
        QueryKind::LeftStop => Measure::LeftStop,
        _ => Measure::RightStop,
    };
    let value = partizan
        .measure(games, &g, measure, q.span)
        .map_err(|e| overflow_in_subject(e, q))?;
    Ok(Answer::Number {
        query: q.kind.keyword(),
        expr: q.text.clone(),
        value,
    })
}

/// `sequence G from..=to`.
fn sequence(
    games: &mut Games<'_>,
    analyses: &mut Analyses,
    a: &Asked<'_>,
) -> Result<Answer, EvalError> {
    let tables = &mut analyses.impartial;
    let (q, inst) = (a.q, a.game_fn(games)?);
    let span = q.span;
    let params = games.game(inst).map_or(0, |g| g.params.len());
    let line = a.operands.line.as_deref().zip(q.line.as_ref().map(|l| l.1));
    let written = line.map_or(1, |(fixed, _)| fixed.len() + 1);
    if params != written {
        return Err(EvalError::SequenceArity {
            params,
            written,
            span: q.subject.span,
        });
    }
    let (from, to) = sequence_range(a)?;
    if let (Some(dir), Some(e)) = (&a.operands.into, &q.into) {
        if line.is_some() {
            return Err(EvalError::Sweep {
                problem: SweepError::Unsupported(
                    "a streamed sequence runs over the heaps of a one-parameter game".into(),
                ),
                span,
            });
        }
        return sweep_sequence(games, a, inst, (dir, e.span), (from, to));
    }
    if let Some((fixed, hole)) = line {
        return line_sequence(games, tables, a, inst, (fixed, hole), (from, to));
    }
    let len = usize::try_from(to).unwrap_or(usize::MAX);
    let limit = games.budget.limits().max_positions;
    if len > limit {
        return Err(EvalError::limit(
            crate::budget::Exceeded::Positions(limit),
            span,
        ));
    }
    let up_to = match (&a.operands.bound, &q.bound) {
        (Some(bound), Some(e)) => Some(sequence_bound(bound, e.span)?),
        _ => None,
    };
    let mut solver = Solver::new(games, tables, span);
    let search = crate::solve::impartial::periodicity::Search { up_to };
    let found = match solver.sequence_values(inst, len, search) {
        Err(EvalError::Loopy { .. }) => {
            return loopy_sequence(games, analyses, a, inst, (from, to))
        }
        found => found?,
    };
    let (regularity, searched) = (found.regularity, found.values.len());
    let from_heap = (from as usize).min(len);
    let values = HeapValues::new(found.values, from_heap, len - from_heap, found.certified).ok_or(
        EvalError::TooLarge {
            what: format!(
                "the values of heaps {from}..{len} of {} do not fit 32 bits",
                q.text
            ),
            instead: "ask for a shorter range",
            span,
        },
    )?;
    Ok(Answer::Sequence {
        game: q.text.clone(),
        from,
        values,
        regularity,
        searched,
    })
}

/// `sequence G a..b into "DIR"`: the values streamed to a directory, resumed
/// from its checkpoint when it has one (LANGUAGE-NOTES entry 53).
fn sweep_sequence(
    games: &mut Games<'_>,
    a: &Asked<'_>,
    inst: InstId,
    (dir, dir_span): (&Value, Span),
    (from, to): (i64, i64),
) -> Result<Answer, EvalError> {
    let span = a.q.span;
    let Value::Str(path) = dir else {
        return Err(EvalError::expected(
            "a directory in quotes, such as `\"runs/grundy\"`",
            dir.kind_name(),
            dir_span,
        ));
    };
    let Some(code) = games.compiled(inst).shape.code.clone() else {
        return Err(EvalError::Sweep {
            problem: SweepError::Unsupported(format!(
                "the rules of `{}` are not a take-and-break code",
                a.q.text
            )),
            span,
        });
    };
    let threads = games.budget.limits().threads;
    let request = Request {
        dir: std::path::PathBuf::from(path.to_string()),
        to: u64::try_from(to).unwrap_or(0),
        threads,
        save_every: std::time::Duration::from_secs(60),
        sizes: Sizes::default(),
    };
    let report = crate::solve::impartial::sweep::sweep(&code, &request, games.budget)
        .map_err(|problem| EvalError::Sweep { problem, span })?;
    Ok(Answer::Sweep {
        game: a.q.text.clone(),
        from,
        report: Box::new(report),
    })
}

/// `sequence mr(3, _) a..b`: the values along one parameter of a game with
/// several, the others fixed. No theorem covers such a line, so its
/// regularity can only be observed: it looks at twice the range, at least 16
/// values more, as for any game without one (LANGUAGE-NOTES entry 11).
fn line_sequence(
    games: &mut Games<'_>,
    tables: &mut Impartial,
    a: &Asked<'_>,
    inst: InstId,
    (fixed, hole): (&[Value], usize),
    (from, to): (i64, i64),
) -> Result<Answer, EvalError> {
    let span = a.q.span;
    let len = usize::try_from(to).unwrap_or(usize::MAX);
    let look = len.saturating_mul(2).max(len.saturating_add(16));
    let limit = games.budget.limits().max_positions;
    if look > limit {
        let e = crate::budget::Exceeded::Positions(limit);
        return Err(EvalError::limit(e, span));
    }
    games
        .budget
        .reserve(look.saturating_mul(4))
        .map_err(|e| EvalError::limit(e, span))?;
    let mut positions = Vec::with_capacity(look);
    for n in 0..look {
        let mut args = fixed.to_vec();
        args.insert(hole.min(args.len()), Value::Int(n as i64));
        let line_span = a.q.line.as_ref().map_or(span, |_| a.q.subject.span);
        games
            .interp()
            .check_position(inst, &args)
            .map_err(|e| e.at(line_span))?;
        positions.push(Pos::from(args));
    }
    let mut solver = Solver::new(games, tables, span);
    let mut values = Vec::with_capacity(look);
    for (n, pos) in positions.iter().enumerate() {
        let v = solver.grundy_pos(inst, pos)?;
        values.push(u32::try_from(v).map_err(|_| EvalError::TooLarge {
            what: format!("the value at {n} of {} does not fit a sequence", a.q.text),
            instead: "ask `grundy` of that position instead",
            span,
        })?);
    }
    let regularity = crate::solve::impartial::periodicity::detect(&values);
    let searched = values.len();
    let from_heap = (from as usize).min(len);
    let values = HeapValues::new(values, from_heap, len - from_heap, None)
        .ok_or(EvalError::internal("a line's values cover its range", span))?;
    Ok(Answer::Sequence {
        game: a.q.text.clone(),
        from,
        values,
        regularity,
        searched,
    })
}

/// `sequence G a..b` of a loopy game: each heap's generalised
/// Sprague-Grundy value, from the loopy analysis.
fn loopy_sequence(
    games: &mut Games<'_>,
    analyses: &mut Analyses,
    a: &Asked<'_>,
    inst: InstId,
    (from, to): (i64, i64),
) -> Result<Answer, EvalError> {
    let span = a.q.span;
    let mut values = Vec::new();
    for n in from..to {
        games.interp().tick(span)?;
        let heap = GameSum::single(Component::Pos(inst, Pos::from(vec![Value::Int(n)])));
        values.push(match analyses.normal().value(games, &heap, span)? {
            Valued::Grundy(v) => Gsg::Finite(u32::try_from(v).unwrap_or(u32::MAX)),
            Valued::Loopy(v) => v,
        });
    }
    Ok(Answer::LoopySequence {
        game: a.q.text.clone(),
        from,
        values,
    })
}

/// The heaps `from..to` of `sequence G from..to`: a range of heaps, not empty.
fn sequence_range(a: &Asked<'_>) -> Result<(i64, i64), EvalError> {
    let (range, span) = a.second(EvalError::SequenceRange { span: a.q.span })?;
    let (from, to) = match range {
        Value::Range(a, b) => (*a, *b),
        other => {
            return Err(EvalError::expected(
                "a range such as `0..=20`",
                other.kind_name(),
                span,
            ))
        }
    };
    if from < 0 {
        return Err(EvalError::NegativeHeap { span });
    }
    if to <= from {
        // Reported with the range as written (`3..=2` is the heaps from 3
        // up to, not including, 3).
        return Err(EvalError::EmptyRange { from, to, span });
    }
    Ok((from, to))
}

/// The `N` of `sequence G … up to N`: the heaps a period search may examine.
fn sequence_bound(bound: &Value, span: Span) -> Result<usize, EvalError> {
    match bound {
        Value::Int(n) => usize::try_from(*n).map_err(|_| EvalError::NegativeBound { span }),
        other => Err(EvalError::expected(
            "a heap size such as `100000`",
            other.kind_name(),
            span,
        )),
    }
}

/// The `N` of `graph G depth N`: a number of moves, 0 or more.
fn graph_depth(value: &Value, span: Span) -> Result<usize, EvalError> {
    match value {
        Value::Int(n) => usize::try_from(*n).map_err(|_| EvalError::NegativeDepth { span }),
        other => Err(EvalError::expected(
            "a number of moves such as `3`",
            other.kind_name(),
            span,
        )),
    }
}

/// `table G`: the values of a board game, square by square.
fn table(
    games: &mut Games<'_>,
    tables: &mut Impartial,
    a: &Asked<'_>,
) -> Result<Answer, EvalError> {
    let (q, inst) = (a.q, a.game_fn(games)?);
    let span = q.span;
    let Some(game) = games.game(inst) else {
        return Err(EvalError::internal("a table of an unknown game", span));
    };
    if let (Some(rows), Some(cols)) = (&a.operands.second, &a.operands.bound) {
        if game.params.len() != 2 {
            return Err(EvalError::TableArity {
                game: game.name.clone(),
                params: game.params.len(),
                ranges: true,
                span: q.subject.span,
            });
        }
        let spans = (q.range.as_ref(), q.bound.as_ref());
        let rows = table_range(rows, spans.0.map_or(span, |e| e.span))?;
        let cols = table_range(cols, spans.1.map_or(span, |e| e.span))?;
        return range_table(games, tables, a, inst, rows, cols);
    }
    let Some(board_id) = game.board else {
        return Err(EvalError::NotOnBoard {
            game: game.name.clone(),
            span: q.subject.span,
        });
    };
    if game.params.len() != 1 {
        return Err(EvalError::TableArity {
            game: game.name.clone(),
            params: game.params.len(),
            ranges: false,
            span: q.subject.span,
        });
    }
    let board: Rc<BoardData> =
        crate::eval::position::board_of(games.globals, games.rt, board_id, span)?;
    let (width, height) = (board.width, board.height);
    let dims = |n: i64| usize::try_from(n).unwrap_or(0);
    games
        .budget
        .reserve(ValueGrid::bytes(dims(width), dims(height)))
        .map_err(|e| EvalError::limit(e, span))?;
    let mut solver = Solver::new(games, tables, span);
    let mut grid = ValueGrid::new(dims(width), dims(height));
    for r in (1..=height).rev() {
        for c in 1..=width {
            if board.open(c, r) {
                let sq = Value::Tuple(Rc::from(vec![Value::Int(c), Value::Int(r)]));
                grid.push(Some(solver.grundy_pos(inst, &vec![sq].into())?));
            } else {
                grid.push(None);
            }
        }
    }
    Ok(Answer::Table {
        expr: q.text.clone(),
        grid,
    })
}

/// One range of `table G a..b, c..d`: not empty.
fn table_range(value: &Value, span: Span) -> Result<(i64, i64), EvalError> {
    match value {
        Value::Range(from, to) if to > from => Ok((*from, *to)),
        Value::Range(from, to) => Err(EvalError::EmptyRange {
            from: *from,
            to: *to,
            span,
        }),
        other => Err(EvalError::expected(
            "a range such as `0..8`",
            other.kind_name(),
            span,
        )),
    }
}

/// `table G a..b, c..d`: the values of a two-parameter game, the first
/// parameter down the rows and the second across.
fn range_table(
    games: &mut Games<'_>,
    tables: &mut Impartial,
    a: &Asked<'_>,
    inst: InstId,
    rows: (i64, i64),
    cols: (i64, i64),
) -> Result<Answer, EvalError> {
    let span = a.q.span;
    let count = |(from, to): (i64, i64)| usize::try_from(to - from).unwrap_or(usize::MAX);
    let (height, width) = (count(rows), count(cols));
    let limit = games.budget.limits().max_positions;
    if height.saturating_mul(width) > limit {
        let e = crate::budget::Exceeded::Positions(limit);
        return Err(EvalError::limit(e, span));
    }
    games
        .budget
        .reserve(ValueGrid::bytes(width, height))
        .map_err(|e| EvalError::limit(e, span))?;
    let mut grid = ValueGrid::new(width, height).with_axes(Axes::Ranges {
        rows: rows.0,
        cols: cols.0,
    });
    let mut positions = Vec::with_capacity(width.saturating_mul(height));
    for x in rows.0..rows.1 {
        for y in cols.0..cols.1 {
            let args = [Value::Int(x), Value::Int(y)];
            games
                .interp()
                .check_position(inst, &args)
                .map_err(|e| e.at(a.q.subject.span))?;
            positions.push(Pos::from(args.to_vec()));
        }
    }
    let mut solver = Solver::new(games, tables, span);
    for pos in &positions {
        grid.push(Some(solver.grundy_pos(inst, pos)?));
    }
    Ok(Answer::Table {
        expr: a.q.text.clone(),
        grid,
    })
}

/// `quotient G` of a position or sum of any impartial games: the quotient of
/// everything reachable from it, by linearisation.
fn position_quotient(
    games: &mut Games<'_>,
    misere: &mut Misere,
    a: &Asked<'_>,
) -> Result<Answer, EvalError> {
    let (q, g) = (a.q, a.impartial(games)?);
    let (quotient, lin) = misere.position_quotient(games, &g, &q.text, q.span)?;
    let heaps: Vec<usize> = lin.roots.iter().copied().filter(|&h| h != 0).collect();
    let missing = || EvalError::internal("a linearised position outside its quotient", q.span);
    let image = quotient.image(&heaps).ok_or_else(missing)?;
    Ok(Answer::PositionQuotient {
        expr: q.text.clone(),
        positions: lin.heaps(),
        image: quotient.name(image),
        p: quotient.in_p(image),
        quotient,
    })
}

/// `quotient G up to N`.
fn quotient(
    games: &mut Games<'_>,
    misere: &mut Misere,
    a: &Asked<'_>,
) -> Result<Answer, EvalError> {
    if a.q.range.is_none() {
        return position_quotient(games, misere, a);
    }
    let (q, inst) = (a.q, a.game_fn(games)?);
    let span = q.span;
    let params = games.game(inst).map_or(&[][..], |g| &g.params[..]);
    let [param] = params else {
        return Err(EvalError::NotHeapGame {
            why: format!("it has {} parameters, not one heap", params.len()),
            span: q.subject.span,
        });
    };
    if let Some(
        ty @ (ParamType::List
        | ParamType::Str
        | ParamType::Square
        | ParamType::Bool
        | ParamType::Set
        | ParamType::Tuple),
    ) = param.ty
    {
        return Err(EvalError::NotHeapGame {
            why: format!(
                "its parameter `{}` is a {}, not a heap size",
                param.name,
                ty.name()
            ),
            span: q.subject.span,
        });
    }
    let (bound, at) = a.second(EvalError::SequenceRange { span })?;
    let up_to = match bound {
        Value::Int(n) if *n >= 0 => *n as usize,
        Value::Int(_) => return Err(EvalError::NegativeBound { span: at }),
        other => {
            return Err(EvalError::expected(
                "a heap bound such as `30`",
                other.kind_name(),
                at,
            ))
        }
    };
    let dir = match (&a.operands.into, &q.into) {
        (Some(Value::Str(path)), Some(_)) => Some(std::path::PathBuf::from(path.to_string())),
        (Some(other), Some(e)) => {
            return Err(EvalError::expected(
                "a directory in quotes, such as `\"runs/dawson\"`",
                other.kind_name(),
                e.span,
            ))
        }
        _ => None,
    };
    let found = misere.quotient(games, inst, up_to, dir.as_deref(), &q.text, span)?;
    Ok(Answer::Quotient {
        game: q.text.clone(),
        up_to,
        quotient: found.quotient,
        period: found.period,
    })
}

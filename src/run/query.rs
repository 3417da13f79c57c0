//! Answers queries: evaluates the subject, picks the analysis, returns typed data.

use super::answer::{Answer, ValueGrid};
use super::Runner;
use crate::check::program::{ParamType, Query, TopExpr};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::Games;
use crate::lang::board::BoardData;
use crate::lang::value::{GameSum, InstId, Value};
use crate::solve::impartial::periodicity::HeapValues;
use crate::solve::impartial::{Impartial, Solver};
use crate::solve::misere::Misere;
use crate::solve::normal::{Moves, Value as Valued};
use crate::solve::partizan::analysis::{Measure, PartizanCache};
use crate::solve::Analyses;
use crate::syntax::ast::QueryKind;
use std::rc::Rc;

/// Evaluates a query's subject, which must be a game.
pub fn game_of(games: &mut Games<'_>, e: &TopExpr) -> Result<Rc<GameSum>, EvalError> {
    match games.interp().top_game(e)? {
        Value::Game(g) => Ok(g),
        Value::GameFn(_) => Err(EvalError::NeedsPosition { span: e.expr.span }),
        other => Err(EvalError::expected(
            "a game (a position, a nimber `*k` or a sum)",
            other.kind_name(),
            e.expr.span,
        )),
    }
}

/// The game a heap query (`sequence`, `table`, `quotient`) is of: an
/// impartial one, since each reads Grundy values (a partizan game's `left`
/// and `right` rules would read as no moves at all).
fn game_fn_of(games: &mut Games<'_>, e: &TopExpr) -> Result<InstId, EvalError> {
    match games.interp().top(e)? {
        Value::GameFn(f) if games.game(f.inst).is_some_and(|g| g.partizan) => {
            Err(EvalError::Partizan { span: e.expr.span })
        }
        Value::GameFn(f) => Ok(f.inst),
        other => Err(EvalError::expected(
            "a game name such as `kayles` or `sub[{1, 2}]`",
            other.kind_name(),
            e.expr.span,
        )),
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
    /// Answers one query: each kind is one call on an analysis' front type
    /// ([`Normal`] for impartial games under normal play, which hands loopy
    /// positions to the loopy analysis itself; [`Misere`]; the partizan
    /// cache), after the subject is evaluated.
    pub fn answer(&mut self, q: &Query) -> Result<Answer, EvalError> {
        let mut games = Games::new(self.globals, self.rt, self.compiled, self.budget);
        let (games, analyses) = (&mut games, &mut *self.analyses);
        let (span, expr) = (q.span, q.text.clone());
        match q.kind {
            QueryKind::Grundy => {
                let g = impartial_subject(games, q)?;
                Ok(match analyses.normal().value(games, &g, span)? {
                    Valued::Grundy(value) => Answer::Grundy { expr, value },
                    Valued::Loopy(value) => Answer::Generalized { expr, value },
                })
            }
            QueryKind::Outcome => outcome(games, analyses, q),
            QueryKind::Moves => moves(games, analyses, q),
            QueryKind::Winning => {
                let g = impartial_subject(games, q)?;
                let moves = if q.misere {
                    analyses.misere.winning(games, &g, span)?
                } else {
                    analyses.normal().winning(games, &g, span)?
                };
                let misere = q.misere;
                Ok(Answer::Winning {
                    expr,
                    misere,
                    moves,
                })
            }
            QueryKind::Explain => explain(games, analyses, q),
            QueryKind::Graph => graph(games, &mut analyses.impartial, q),
            QueryKind::Play => Err(EvalError::Interactive { span }),
            QueryKind::Genus => {
                let g = impartial_subject(games, q)?;
                let impartial = &mut analyses.impartial;
                let (value, phylum) = analyses.misere.genus(games, impartial, &g, span)?;
                Ok(Answer::Genus {
                    expr,
                    value,
                    phylum,
                })
            }
            QueryKind::Sequence => sequence(games, &mut analyses.impartial, q),
            QueryKind::Quotient => quotient(games, &mut analyses.misere, q),
            QueryKind::Table => table(games, &mut analyses.impartial, q),
            QueryKind::Compare => {
                let (g, h) = (game_of(games, &q.subject)?, second_game(games, q)?);
                let value = analyses.partizan.compare(games, &g, &h, span)?;
                Ok(Answer::Compare { expr, value })
            }
            QueryKind::Temperature
            | QueryKind::Mean
            | QueryKind::LeftStop
            | QueryKind::RightStop => measure(games, &mut analyses.partizan, q),
            QueryKind::Thermograph => {
                let g = game_of(games, &q.subject)?;
                let thermograph = analyses
                    .partizan
                    .thermograph(games, &g, span)
                    .map_err(|e| overflow_in_subject(e, q))?;
                Ok(Answer::Thermograph { expr, thermograph })
            }
            QueryKind::Canonical => {
                let g = game_of(games, &q.subject)?;
                let form = analyses
                    .partizan
                    .canonical(games, &g, span)
                    .map_err(|e| overflow_in_subject(e, q))?;
                Ok(Answer::Canonical { expr, form })
            }
        }
    }
}

/// The subject of an impartial query: a game with no partizan component.
fn impartial_subject(games: &mut Games<'_>, q: &Query) -> Result<Rc<GameSum>, EvalError> {
    let g = game_of(games, &q.subject)?;
    reject_partizan(games, &g, q.span)?;
    Ok(g)
}

/// `outcome G`: partizan (L, R, N, P) when a component is partizan and play is
/// normal; else misère (P, N) or normal play (P, N, or D when loopy).
fn outcome(games: &mut Games<'_>, analyses: &mut Analyses, q: &Query) -> Result<Answer, EvalError> {
    let span = q.span;
    let g = game_of(games, &q.subject)?;
    let value = if !q.misere && has_partizan(games, &g) {
        analyses
            .partizan
            .outcome(games, &g, span)
            .map_err(|e| overflow_in_subject(e, q))?
            .into()
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

/// `moves G`: every option with its value.
fn moves(games: &mut Games<'_>, analyses: &mut Analyses, q: &Query) -> Result<Answer, EvalError> {
    let g = impartial_subject(games, q)?;
    let moves = analyses.normal().moves(games, &g, q.span)?;
    Ok(moves_answer(q.text.clone(), moves, false, |moves| {
        Answer::Moves {
            expr: q.text.clone(),
            moves: moves.into_iter().map(|m| (m.result, m.grundy)).collect(),
        }
    }))
}

/// `explain G`: why G has its value.
fn explain(games: &mut Games<'_>, analyses: &mut Analyses, q: &Query) -> Result<Answer, EvalError> {
    let g = impartial_subject(games, q)?;
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

/// The second game of `compare G H`.
fn second_game(games: &mut Games<'_>, q: &Query) -> Result<Rc<GameSum>, EvalError> {
    let second = q.range.as_ref().ok_or(EvalError::Internal {
        what: "`compare` without its second game".into(),
        span: q.span,
    })?;
    game_of(games, second)
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

/// `graph G` and `graph G depth N`.
fn graph(games: &mut Games<'_>, tables: &mut Impartial, q: &Query) -> Result<Answer, EvalError> {
    let g = impartial_subject(games, q)?;
    let depth = match &q.range {
        None => None,
        Some(d) => Some(graph_depth(games.interp().top(d)?, d.expr.span)?),
    };
    let mut solver = Solver::new(games, tables, q.span);
    let graph = super::explain::move_graph(&mut solver, &g, depth)?;
    Ok(Answer::Graph {
        expr: q.text.clone(),
        graph,
    })
}

/// A number too large for a canonical form arises from the one game asked
/// about: it is blamed on that expression, not the whole statement.
fn overflow_in_subject(e: EvalError, q: &Query) -> EvalError {
    match e {
        EvalError::Overflow { .. } => EvalError::Overflow {
            span: q.subject.expr.span,
        },
        other => other,
    }
}

/// `temperature G`, `mean G`, `leftstop G`, `rightstop G`.
fn measure(
    games: &mut Games<'_>,
    partizan: &mut PartizanCache,
    q: &Query,
) -> Result<Answer, EvalError> {
    let g = game_of(games, &q.subject)?;
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
fn sequence(games: &mut Games<'_>, tables: &mut Impartial, q: &Query) -> Result<Answer, EvalError> {
    let inst = game_fn_of(games, &q.subject)?;
    let span = q.span;
    let params = games.game(inst).map_or(0, |g| g.params.len());
    if params != 1 {
        return Err(EvalError::SequenceArity {
            params,
            span: q.subject.expr.span,
        });
    }
    let (from, to) = sequence_range(games, q)?;
    let len = usize::try_from(to).unwrap_or(usize::MAX);
    let limit = games.budget.limits().max_positions;
    if len > limit {
        return Err(EvalError::limit(
            crate::budget::Exceeded::Positions(limit),
            span,
        ));
    }
    let up_to = match &q.bound {
        Some(bound) => Some(sequence_bound(games, bound)?),
        None => None,
    };
    let mut solver = Solver::new(games, tables, span);
    let search = crate::solve::impartial::periodicity::Search { up_to };
    let found = solver.sequence_values(inst, len, search)?;
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

/// The heaps `from..to` of `sequence G from..to`: a range of heaps, not empty.
fn sequence_range(games: &mut Games<'_>, q: &Query) -> Result<(i64, i64), EvalError> {
    let range = q
        .range
        .as_ref()
        .ok_or(EvalError::SequenceRange { span: q.span })?;
    let (from, to) = match games.interp().top(range)? {
        Value::Range(a, b) => (a, b),
        other => {
            return Err(EvalError::expected(
                "a range such as `0..=20`",
                other.kind_name(),
                range.expr.span,
            ))
        }
    };
    if from < 0 {
        return Err(EvalError::NegativeHeap {
            span: range.expr.span,
        });
    }
    if to <= from {
        // Reported with the range as written (`3..=2` is the heaps from 3
        // up to, not including, 3).
        return Err(EvalError::EmptyRange {
            from,
            to,
            span: range.expr.span,
        });
    }
    Ok((from, to))
}

/// The `N` of `sequence G … up to N`: the heaps a period search may examine.
fn sequence_bound(games: &mut Games<'_>, bound: &TopExpr) -> Result<usize, EvalError> {
    match games.interp().top(bound)? {
        Value::Int(n) => usize::try_from(n).map_err(|_| EvalError::NegativeBound {
            span: bound.expr.span,
        }),
        other => Err(EvalError::expected(
            "a heap size such as `100000`",
            other.kind_name(),
            bound.expr.span,
        )),
    }
}

/// The `N` of `graph G depth N`: a number of moves, 0 or more.
fn graph_depth(value: Value, span: Span) -> Result<usize, EvalError> {
    match value {
        Value::Int(n) => usize::try_from(n).map_err(|_| EvalError::NegativeDepth { span }),
        other => Err(EvalError::expected(
            "a number of moves such as `3`",
            other.kind_name(),
            span,
        )),
    }
}

/// `table G`: the values of a board game, square by square.
fn table(games: &mut Games<'_>, tables: &mut Impartial, q: &Query) -> Result<Answer, EvalError> {
    let inst = game_fn_of(games, &q.subject)?;
    let span = q.span;
    let Some(game) = games.game(inst) else {
        return Err(EvalError::internal("a table of an unknown game", span));
    };
    let Some(board_id) = game.board else {
        return Err(EvalError::NotOnBoard {
            game: game.name.clone(),
            span: q.subject.expr.span,
        });
    };
    if game.params.len() != 1 {
        return Err(EvalError::TableArity {
            game: game.name.clone(),
            params: game.params.len(),
            span: q.subject.expr.span,
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

/// `quotient G up to N`.
fn quotient(games: &mut Games<'_>, misere: &mut Misere, q: &Query) -> Result<Answer, EvalError> {
    let inst = game_fn_of(games, &q.subject)?;
    let span = q.span;
    let params = games.game(inst).map_or(&[][..], |g| &g.params[..]);
    let [param] = params else {
        return Err(EvalError::NotHeapGame {
            why: format!("it has {} parameters, not one heap", params.len()),
            span: q.subject.expr.span,
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
            span: q.subject.expr.span,
        });
    }
    let bound = q.range.as_ref().ok_or(EvalError::SequenceRange { span })?;
    let up_to = match games.interp().top(bound)? {
        Value::Int(n) if n >= 0 => n as usize,
        Value::Int(_) => {
            return Err(EvalError::NegativeBound {
                span: bound.expr.span,
            })
        }
        other => {
            return Err(EvalError::expected(
                "a heap bound such as `30`",
                other.kind_name(),
                bound.expr.span,
            ))
        }
    };
    let found = misere.quotient(games, inst, up_to, &q.text, span)?;
    Ok(Answer::Quotient {
        game: q.text.clone(),
        up_to,
        quotient: found.quotient,
        period: found.period,
    })
}

//! Answers queries: evaluates the subject, picks the analysis, returns typed data.

use super::answer::{Answer, Outcome, ValueGrid};
use super::Runner;
use crate::check::program::{Query, TopExpr};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::Games;
use crate::lang::board::BoardData;
use crate::lang::value::{GameSum, InstId, Value};
use crate::solve::impartial::periodicity::HeapValues;
use crate::solve::impartial::{outcome, Solver};
use crate::solve::loopy::analysis as loopy;
use crate::solve::misere::Misere;
use crate::solve::partizan::analysis as partizan;
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

fn game_fn_of(games: &mut Games<'_>, e: &TopExpr) -> Result<InstId, EvalError> {
    match games.interp().top(e)? {
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

/// True when the error is the Grundy search meeting a cycle: the position is
/// loopy, and the loopy analysis takes over.
fn is_loopy(e: &EvalError) -> bool {
    matches!(e, EvalError::Loopy { .. })
}

/// Most characters of a printed canonical form (a megabyte of text is beyond
/// reading already).
const MAX_PRINTED_FORM: usize = 1 << 20;

impl<'a> Runner<'a> {
    /// Answers one query.
    pub fn answer(&mut self, q: &Query) -> Result<Answer, EvalError> {
        let span = q.span;
        let expr = q.text.clone();
        let analyses = &mut *self.analyses;
        let mut games = Games::new(self.globals, self.rt, self.budget);
        let subject = |games: &mut Games<'_>| -> Result<Rc<GameSum>, EvalError> {
            let g = game_of(games, &q.subject)?;
            reject_partizan(games, &g, span)?;
            Ok(g)
        };
        match q.kind {
            QueryKind::Grundy => {
                let g = subject(&mut games)?;
                let known_loopy = analyses.loopy.knows(&g);
                let mut solver = Solver::new(&mut games, &mut analyses.impartial, span);
                let normal = if known_loopy {
                    Err(EvalError::Loopy {
                        cycle: Vec::new(),
                        span,
                    })
                } else {
                    solver.grundy_sum(&g.parts)
                };
                match normal {
                    Ok(value) => Ok(Answer::Grundy { expr, value }),
                    Err(e) if is_loopy(&e) => {
                        let value = loopy::sum_value(&mut games, &mut analyses.loopy, &g, span)?;
                        Ok(Answer::Generalized { expr, value })
                    }
                    Err(e) => Err(e),
                }
            }
            QueryKind::Outcome => {
                let g = game_of(&mut games, &q.subject)?;
                if !q.misere && has_partizan(&games, &g) {
                    let value =
                        partizan::sum_outcome(&mut games, &mut analyses.partizan, &g, span)?.into();
                    return Ok(Answer::Outcome {
                        expr,
                        misere: false,
                        value,
                    });
                }
                reject_partizan(&games, &g, span)?;
                let value = if q.misere {
                    analyses.misere.outcome(&mut games, &g, span)?.into()
                } else {
                    let known_loopy = analyses.loopy.knows(&g);
                    let quick = match outcome::single(&g) {
                        Some((_, c)) if !known_loopy => {
                            analyses
                                .outcomes
                                .next_wins(&mut games, &analyses.impartial, c, span)?
                        }
                        _ => None,
                    };
                    let mut solver = Solver::new(&mut games, &mut analyses.impartial, span);
                    let normal = if let Some(wins) = quick {
                        Ok(u64::from(wins))
                    } else if known_loopy {
                        Err(EvalError::Loopy {
                            cycle: Vec::new(),
                            span,
                        })
                    } else {
                        solver.grundy_sum(&g.parts)
                    };
                    match normal {
                        Ok(0) => Outcome::P,
                        Ok(_) => Outcome::N,
                        Err(e) if is_loopy(&e) => {
                            loopy::sum_outcome(&mut games, &mut analyses.loopy, &g, span)?.into()
                        }
                        Err(e) => return Err(e),
                    }
                };
                Ok(Answer::Outcome {
                    expr,
                    misere: q.misere,
                    value,
                })
            }
            QueryKind::Moves => {
                let g = subject(&mut games)?;
                let mut solver = Solver::new(&mut games, &mut analyses.impartial, span);
                match solver.sum_moves(&g, None) {
                    Ok(moves) => {
                        let moves = moves.into_iter().map(|m| (m.result, m.grundy)).collect();
                        Ok(Answer::Moves { expr, moves })
                    }
                    Err(e) if is_loopy(&e) => {
                        loopy_moves(&mut games, &mut analyses.loopy, &g, expr, false, span)
                    }
                    Err(e) => Err(e),
                }
            }
            QueryKind::Winning => {
                let g = subject(&mut games)?;
                let moves = if q.misere {
                    analyses.misere.winning(&mut games, &g, span)?
                } else if analyses.loopy.knows(&g) {
                    loopy::sum_winning(&mut games, &mut analyses.loopy, &g, span)?
                } else if let Some(moves) =
                    analyses
                        .outcomes
                        .winning(&mut games, &analyses.impartial, &g, span)?
                {
                    moves
                } else {
                    let mut solver = Solver::new(&mut games, &mut analyses.impartial, span);
                    match solver.sum_moves(&g, Some(0)) {
                        Ok(moves) => moves.into_iter().map(|m| m.result).collect(),
                        Err(e) if is_loopy(&e) => {
                            loopy::sum_winning(&mut games, &mut analyses.loopy, &g, span)?
                        }
                        Err(e) => return Err(e),
                    }
                };
                Ok(Answer::Winning {
                    expr,
                    misere: q.misere,
                    moves,
                })
            }
            QueryKind::Sequence => {
                let inst = game_fn_of(&mut games, &q.subject)?;
                sequence(&mut games, &mut analyses.impartial, q, inst)
            }
            QueryKind::Explain => {
                let g = subject(&mut games)?;
                let mut solver = Solver::new(&mut games, &mut analyses.impartial, span);
                match super::explain::explain(&mut solver, &g) {
                    Ok(explanation) => Ok(Answer::Explain { expr, explanation }),
                    Err(e) if is_loopy(&e) => {
                        loopy_moves(&mut games, &mut analyses.loopy, &g, expr, true, span)
                    }
                    Err(e) => Err(e),
                }
            }
            QueryKind::Graph => {
                let g = subject(&mut games)?;
                let depth = match &q.range {
                    None => None,
                    Some(d) => Some(graph_depth(games.interp().top(d)?, d.expr.span)?),
                };
                let mut solver = Solver::new(&mut games, &mut analyses.impartial, span);
                let graph = super::explain::move_graph(&mut solver, &g, depth)?;
                Ok(Answer::Graph { expr, graph })
            }
            QueryKind::Play => Err(EvalError::Interactive { span }),
            QueryKind::Genus => {
                let g = subject(&mut games)?;
                let (value, phylum) =
                    analyses
                        .misere
                        .genus(&mut games, &mut analyses.impartial, &g, span)?;
                Ok(Answer::Genus {
                    expr,
                    value,
                    phylum,
                })
            }
            QueryKind::Quotient => {
                let inst = game_fn_of(&mut games, &q.subject)?;
                quotient(&mut games, &mut analyses.misere, q, inst)
            }
            QueryKind::Table => {
                let inst = game_fn_of(&mut games, &q.subject)?;
                table(&mut games, &mut analyses.impartial, q, inst)
            }
            QueryKind::Compare => {
                let g = game_of(&mut games, &q.subject)?;
                let second = q.range.as_ref().ok_or(EvalError::Internal {
                    what: "`compare` without its second game".into(),
                    span,
                })?;
                let h = game_of(&mut games, second)?;
                let a = partizan::sum_form(&mut games, &mut analyses.partizan, &g, span)?;
                let b = partizan::sum_form(&mut games, &mut analyses.partizan, &h, span)?;
                let value = analyses
                    .partizan
                    .store
                    .compare(a, b, games.budget)
                    .map_err(|e| partizan::store_error(e, span))?;
                Ok(Answer::Compare { expr, value })
            }
            QueryKind::Temperature
            | QueryKind::Mean
            | QueryKind::LeftStop
            | QueryKind::RightStop => {
                let g = game_of(&mut games, &q.subject)?;
                let f = partizan::sum_form(&mut games, &mut analyses.partizan, &g, span)?;
                let store = &mut analyses.partizan.store;
                let value = match q.kind {
                    QueryKind::Temperature => store.temperature(f, games.budget),
                    QueryKind::Mean => store.mean(f, games.budget),
                    QueryKind::LeftStop => Ok(store.left_stop(f)),
                    _ => Ok(store.right_stop(f)),
                }
                .map_err(|e| partizan::store_error(e, span))?;
                Ok(Answer::Number {
                    query: q.kind.keyword(),
                    expr,
                    value,
                })
            }
            QueryKind::Thermograph => {
                let g = game_of(&mut games, &q.subject)?;
                let f = partizan::sum_form(&mut games, &mut analyses.partizan, &g, span)?;
                let thermograph = analyses
                    .partizan
                    .store
                    .thermograph(f, games.budget)
                    .map_err(|e| partizan::store_error(e, span))?;
                Ok(Answer::Thermograph { expr, thermograph })
            }
            QueryKind::Canonical => {
                let g = game_of(&mut games, &q.subject)?;
                let form = partizan::sum_form(&mut games, &mut analyses.partizan, &g, span)?;
                // An answer is only as good as its printing: refuse one too
                // long to print rather than exhaust memory writing it.
                let limit = MAX_PRINTED_FORM;
                if analyses.partizan.store.printed_len(form, limit).is_none() {
                    return Err(EvalError::FormTooLong { limit, span });
                }
                Ok(Answer::Canonical { expr, form })
            }
        }
    }
}

fn loopy_moves(
    games: &mut Games<'_>,
    cache: &mut loopy::LoopyCache,
    g: &GameSum,
    expr: String,
    explain: bool,
    span: Span,
) -> Result<Answer, EvalError> {
    let value = loopy::sum_value(games, cache, g, span)?;
    let moves = loopy::sum_moves(games, cache, g, span)?;
    Ok(Answer::LoopyMoves {
        expr,
        value,
        moves,
        explain,
    })
}

fn sequence(
    games: &mut Games<'_>,
    tables: &mut crate::solve::impartial::Impartial,
    q: &Query,
    inst: InstId,
) -> Result<Answer, EvalError> {
    let span = q.span;
    let params = games.game(inst).map_or(0, |g| g.params.len());
    if params != 1 {
        return Err(EvalError::SequenceArity {
            params,
            span: q.subject.expr.span,
        });
    }
    let range = q.range.as_ref().ok_or(EvalError::SequenceRange { span })?;
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
    let len = usize::try_from(to.max(from)).unwrap_or(usize::MAX);
    let limit = games.budget.limits().max_positions;
    if len > limit {
        return Err(EvalError::limit(
            crate::graph::budget::Exceeded::Positions(limit),
            span,
        ));
    }
    let mut solver = Solver::new(games, tables, span);
    let found = solver.sequence_values(inst, len)?;
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

fn table(
    games: &mut Games<'_>,
    tables: &mut crate::solve::impartial::Impartial,
    q: &Query,
    inst: InstId,
) -> Result<Answer, EvalError> {
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
    let board: Rc<BoardData> =
        crate::eval::position::board_of(games.globals, games.rt, board_id, span)?;
    let extra = game.params.len().saturating_sub(1);
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
                let mut args = vec![sq];
                args.extend((0..extra).map(|_| Value::Int(0)));
                grid.push(Some(solver.grundy_pos(inst, &args.into())?));
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

fn quotient(
    games: &mut Games<'_>,
    misere: &mut Misere,
    q: &Query,
    inst: InstId,
) -> Result<Answer, EvalError> {
    let span = q.span;
    let params = games.game(inst).map_or(0, |g| g.params.len());
    if params != 1 {
        return Err(EvalError::NotHeapGame {
            why: format!("it has {params} parameters, not one heap"),
            span: q.subject.expr.span,
        });
    }
    let bound = q.range.as_ref().ok_or(EvalError::SequenceRange { span })?;
    let up_to = match games.interp().top(bound)? {
        Value::Int(n) if n >= 0 => n as usize,
        Value::Int(_) => {
            return Err(EvalError::NegativeHeap {
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

//! Runs one checked statement: boards and constants take effect, queries are
//! answered, assertions compared.

use super::answer::Answer;
use super::query::Asker;
use super::{Mode, Runner};
use crate::check::checker::const_expr;
use crate::check::program::{Board, Query, Stmt, TopExpr};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::eval::interp::{new_frame, Interp};
use crate::eval::iterate::to_items;
use crate::game::Games;
use crate::lang::board::BoardData;
use crate::lang::value::Value;
use crate::solve::partizan::analysis::sum_form;
use crate::syntax::ast::QueryKind;
use std::rc::Rc;

/// The 1-based line of a byte offset, from a table of line starts.
pub fn line_of(line_starts: &[usize], offset: usize) -> usize {
    line_starts.partition_point(|&s| s <= offset).max(1)
}

/// The byte offsets where lines start.
pub fn line_starts(source: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(source.match_indices('\n').map(|(i, _)| i + 1))
        .collect()
}

impl<'a> Runner<'a> {
    /// Runs `f` with an evaluator that answers the queries inside expressions.
    fn with_interp<T>(&mut self, f: impl FnOnce(&mut Interp<'_>) -> T) -> T {
        let mut asker = Asker {
            compiled: &mut *self.compiled,
            analyses: &mut *self.analyses,
        };
        let mut interp = Interp::new(self.globals, self.rt, self.budget).asking(&mut asker);
        f(&mut interp)
    }

    /// Evaluates a top-level expression (`game`: in a game context).
    fn top(&mut self, e: &TopExpr, game: bool) -> Result<Value, EvalError> {
        self.with_interp(|interp| {
            if game {
                interp.top_game(e)
            } else {
                interp.top(e)
            }
        })
    }

    /// Evaluates a board definition.
    fn run_board(&mut self, id: usize) -> Result<(), EvalError> {
        let globals = self.globals;
        let Some(b) = globals.boards.get(id) else {
            return Ok(());
        };
        let data = self.with_interp(|interp| board_data(interp, b))?;
        if self.rt.boards.len() <= id {
            self.rt.boards.resize(id + 1, None);
        }
        if let Some(slot) = self.rt.boards.get_mut(id) {
            *slot = Some(Rc::new(data));
        }
        Ok(())
    }

    /// Runs one statement; returns its answer, if it has one. `lines` are the
    /// line starts of the source (for the line numbers of assertions).
    pub fn run_stmt(
        &mut self,
        stmt: &Stmt,
        lines: &[usize],
        mode: Mode,
    ) -> Result<Option<Answer>, EvalError> {
        match stmt {
            Stmt::Game(_) | Stmt::Function(_) => Ok(None),
            Stmt::Board(id) => self.run_board(*id).map(|_| None),
            Stmt::Let(id, value) => self.run_let(*id, value).map(|()| None),
            Stmt::Print(..) | Stmt::Show(..) | Stmt::Query(_) if mode == Mode::AssertsOnly => {
                Ok(None)
            }
            Stmt::Print(e, text, _) => {
                let value = self.top(e, false)?;
                Ok(Some(Answer::Print {
                    expr: text.clone(),
                    value,
                }))
            }
            Stmt::Show(e, text, span) => self.run_show(e, text, *span).map(Some),
            Stmt::Query(q) => self.answer(q).map(Some),
            Stmt::AssertExpr(e, span) => self.assert_expr(e, lines, *span).map(Some),
            Stmt::AssertQuery(q, expected, span) => {
                self.assert_query(q, expected, lines, *span).map(Some)
            }
        }
    }

    /// `let x = e`: the constant's value, kept.
    fn run_let(&mut self, id: usize, value: &TopExpr) -> Result<(), EvalError> {
        let v = self.top(value, false)?;
        if self.rt.consts.len() <= id {
            self.rt.consts.resize(id + 1, None);
        }
        if let Some(slot) = self.rt.consts.get_mut(id) {
            *slot = Some(v);
        }
        Ok(())
    }

    /// `show e`: the value, and for a game its analysis (its Grundy value,
    /// or its canonical form when a component is partizan).
    fn run_show(&mut self, e: &TopExpr, text: &str, span: Span) -> Result<Answer, EvalError> {
        let value = self.top(e, false)?;
        let analysis = match &value {
            Value::Game(g) => {
                let games = Games::new(self.globals, self.rt, self.compiled, self.budget);
                let kind = if super::query::has_partizan(&games, g) {
                    QueryKind::Canonical
                } else {
                    QueryKind::Grundy
                };
                // The value already computed is the subject: the
                // expression is not evaluated a second time.
                let q = Query {
                    kind,
                    misere: false,
                    subject: const_expr(value.clone(), e.expr.span),
                    range: None,
                    bound: None,
                    line: None,
                    into: None,
                    text: text.to_string(),
                    span,
                    frame_size: 0,
                };
                Some(Box::new(self.answer(&q)?))
            }
            _ => None,
        };
        Ok(Answer::Show {
            expr: text.to_string(),
            value,
            analysis,
        })
    }

    /// `assert e`: a boolean.
    fn assert_expr(
        &mut self,
        e: &TopExpr,
        lines: &[usize],
        span: Span,
    ) -> Result<Answer, EvalError> {
        let passed = match self.top(e, false)? {
            Value::Bool(b) => b,
            other => {
                return Err(EvalError::expected(
                    "a boolean to assert",
                    other.kind_name(),
                    e.expr.span,
                ))
            }
        };
        let failure = (!passed).then(|| {
            Box::new((
                Value::Bool(true),
                Answer::Print {
                    expr: String::new(),
                    value: Value::Bool(false),
                },
            ))
        });
        Ok(Answer::Assert {
            line: line_of(lines, span.start),
            passed,
            failure,
            span,
        })
    }

    /// `assert QUERY == VALUE`: the answer compared with the written value.
    fn assert_query(
        &mut self,
        q: &Query,
        expected: &TopExpr,
        lines: &[usize],
        span: Span,
    ) -> Result<Answer, EvalError> {
        let answer = self.answer(q)?;
        // The values of these queries are games or numbers: the written
        // value is read in a game context (`== 3/4`, `== {1 | -1}`).
        let want = if q.kind.answers_a_game() {
            self.top(expected, true)?
        } else {
            self.top(expected, false)?
        };
        let passed = match (&answer, &want) {
            (Answer::Canonical { form, .. }, Value::Game(g)) => {
                let mut games = Games::new(self.globals, self.rt, self.compiled, self.budget);
                let partizan = &mut self.analyses.partizan;
                *form == sum_form(&mut games, partizan, g, expected.expr.span)?
            }
            (
                Answer::SidedCanonical {
                    onside, offside, ..
                },
                Value::Game(g),
            ) => {
                let mut games = Games::new(self.globals, self.rt, self.compiled, self.budget);
                let partizan = &mut self.analyses.partizan;
                let at = expected.expr.span;
                let game = super::value::sided(onside.clone(), offside.clone());
                let cmp = crate::run::query::compare_loopy(&mut games, partizan, &game, g, at)?;
                cmp == crate::solve::partizan::Cmp::Equal
            }
            (Answer::LoopyCanonical { game, .. }, Value::Game(g)) => {
                let mut games = Games::new(self.globals, self.rt, self.compiled, self.budget);
                let partizan = &mut self.analyses.partizan;
                let at = expected.expr.span;
                let cmp = crate::run::query::compare_loopy(&mut games, partizan, game, g, at)?;
                cmp == crate::solve::partizan::Cmp::Equal
            }
            (Answer::MisereCanonical { form, .. }, Value::Game(g)) => {
                let mut games = Games::new(self.globals, self.rt, self.compiled, self.budget);
                let at = expected.expr.span;
                if crate::run::query::has_partizan(&games, g) {
                    return Err(EvalError::MisereFormPartizan { span: at });
                }
                *form == self.analyses.misere.canonical(&mut games, g, at)?
            }
            _ => super::assertion::matches(&answer, &want, q.kind, expected.expr.span)?,
        };
        let failure = (!passed).then(|| Box::new((want, answer)));
        Ok(Answer::Assert {
            line: line_of(lines, span.start),
            passed,
            failure,
            span,
        })
    }
}

/// A board's size and blocked squares.
fn board_data(interp: &mut Interp<'_>, b: &Board) -> Result<BoardData, EvalError> {
    let mut frame = new_frame(b.frame_size);
    let mut size = |e: &crate::check::program::Expr| -> Result<i64, EvalError> {
        match interp.eval(e, &mut frame)? {
            Value::Int(n) if (1..=702).contains(&n) => Ok(n),
            Value::Int(n) => Err(EvalError::BoardSide { n, span: e.span }),
            other => Err(EvalError::expected(
                "an integer board size",
                other.kind_name(),
                e.span,
            )),
        }
    };
    let width = size(&b.width)?;
    let height = size(&b.height)?;
    let mut blocked = vec![false; (width * height) as usize];
    if let Some(w) = &b.without {
        let mut frame = new_frame(b.frame_size);
        let set = interp.eval(w, &mut frame)?;
        for sq in to_items(&set, interp.budget, w.span)? {
            let (c, r) = match &sq {
                Value::Tuple(t) => match t.as_ref() {
                    [Value::Int(c), Value::Int(r)] => (*c, *r),
                    _ => return Err(EvalError::expected("squares like `@d4`", "tuple", w.span)),
                },
                other => {
                    return Err(EvalError::expected(
                        "squares like `@d4`",
                        other.kind_name(),
                        w.span,
                    ))
                }
            };
            if !(1..=width).contains(&c) || !(1..=height).contains(&r) {
                return Err(EvalError::BlockedOffBoard {
                    square: crate::syntax::lower::square_name(c, r),
                    width,
                    height,
                    span: w.span,
                });
            }
            if let Some(slot) = blocked.get_mut(((r - 1) * width + (c - 1)) as usize) {
                *slot = true;
            }
        }
    }
    Ok(BoardData {
        width,
        height,
        blocked,
    })
}

//! Runs checked statements: definitions take effect, queries become [`Answer`]s,
//! assertions compare an answer with the written value.

use crate::check::program::{Stmt, TopExpr};
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::eval::interp::{new_frame, Interp};
use crate::eval::print::{show_sum, show_value};
use crate::eval::runtime::BoardData;
use crate::eval::value::{GameSum, InstId, Value};
use crate::solve::misere::MisereSearch;
use crate::solve::periodicity::Regularity;
use crate::syntax::ast::QueryKind;
use std::rc::Rc;

/// One answer of a run, ready to render as text or JSON.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// `grundy G`.
    Grundy {
        /// The query's source text.
        expr: String,
        /// The value.
        value: u64,
    },
    /// `outcome [misere] G`.
    Outcome {
        /// The query's source text.
        expr: String,
        /// Under misère play.
        misere: bool,
        /// `P`, `N`, …
        value: String,
    },
    /// `moves G`.
    Moves {
        /// The query's source text.
        expr: String,
        /// Each option with its Grundy value.
        moves: Vec<(String, u64)>,
        /// The options as values (for `assert`).
        results: Vec<GameSum>,
    },
    /// `winning [misere] G`.
    Winning {
        /// The query's source text.
        expr: String,
        /// Under misère play.
        misere: bool,
        /// The winning options.
        moves: Vec<String>,
        /// The options as values (for `assert`).
        results: Vec<GameSum>,
    },
    /// `sequence G a..b`.
    Sequence {
        /// The game as written.
        game: String,
        /// The first heap.
        from: i64,
        /// The values.
        values: Vec<u32>,
        /// What regularity was found.
        regularity: Option<Regularity>,
    },
    /// `genus G`.
    Genus {
        /// The query's source text.
        expr: String,
        /// The genus, e.g. `0^120`.
        value: String,
    },
    /// `explain G`.
    Explain {
        /// The query's source text.
        expr: String,
        /// The options or components and the rule combining them.
        explanation: crate::explain::Explanation,
    },
    /// `graph G`.
    Graph {
        /// The query's source text.
        expr: String,
        /// The move graph in Graphviz DOT.
        dot: String,
    },
    /// `table G`.
    Table {
        /// The game as written.
        expr: String,
        /// Rows top (row H) first; `None` for blocked squares.
        rows: Vec<Vec<Option<u64>>>,
    },
    /// `print EXPR`.
    Print {
        /// The expression's source text.
        expr: String,
        /// The value in `.game` syntax.
        text: String,
        /// The value as JSON.
        json: serde_json::Value,
    },
    /// `assert …`.
    Assert {
        /// 1-based line of the statement.
        line: usize,
        /// Whether it held.
        passed: bool,
        /// On failure: expected and actual values.
        failure: Option<(String, String)>,
        /// The statement's span.
        span: Span,
    },
}

/// Which statements to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Everything.
    Run,
    /// Definitions and assertions only (`grundy check`).
    AssertsOnly,
}

/// The 1-based line of a byte offset.
pub fn line_of(source: &str, offset: usize) -> usize {
    source
        .get(..offset)
        .map_or(1, |s| s.matches('\n').count() + 1)
}

impl<'a> Interp<'a> {
    /// Evaluates a top-level expression in a fresh frame.
    pub fn top(&mut self, e: &TopExpr) -> Result<Value, EvalError> {
        let mut frame = new_frame(e.frame_size);
        self.eval(&e.expr, &mut frame)
    }

    /// Evaluates a query's subject, which must be a game.
    pub fn game_of(&mut self, e: &TopExpr) -> Result<Rc<GameSum>, EvalError> {
        match self.top(e)? {
            Value::Game(g) => Ok(g),
            Value::GameFn(_) => Err(EvalError::other(
                "a game name needs a position",
                "call it with its parameters, e.g. `kayles(5)`",
                e.expr.span,
            )),
            other => Err(EvalError::expected(
                "a game (a position, a nimber `*k` or a sum)",
                other.kind_name(),
                e.expr.span,
            )),
        }
    }

    fn game_fn_of(&mut self, e: &TopExpr) -> Result<InstId, EvalError> {
        match self.top(e)? {
            Value::GameFn(f) => Ok(f.inst),
            other => Err(EvalError::expected(
                "a game name such as `kayles` or `sub[{1, 2}]`",
                other.kind_name(),
                e.expr.span,
            )),
        }
    }

    fn reject_partizan(&self, g: &GameSum, span: Span) -> Result<(), EvalError> {
        for c in &g.parts {
            if let crate::eval::value::Component::Pos(inst, _) = c {
                if self.inst_game(*inst).is_some_and(|game| game.partizan) {
                    return Err(EvalError::other(
                        "partizan games have no Grundy value",
                        "partizan analysis (`canonical`, L/R outcomes) is not available yet",
                        span,
                    ));
                }
            }
        }
        Ok(())
    }

    /// Answers one query.
    pub fn answer(&mut self, q: &crate::check::program::Query) -> Result<Answer, EvalError> {
        let span = q.span;
        let expr = q.text.clone();
        match q.kind {
            QueryKind::Grundy => {
                let g = self.game_of(&q.subject)?;
                self.reject_partizan(&g, span)?;
                Ok(Answer::Grundy { expr, value: self.grundy_sum(&g.parts, span)? })
            }
            QueryKind::Outcome => {
                let g = self.game_of(&q.subject)?;
                self.reject_partizan(&g, span)?;
                let next_wins = if q.misere {
                    self.misere_next_wins(&mut MisereSearch::default(), &g, span)?
                } else {
                    self.grundy_sum(&g.parts, span)? != 0
                };
                Ok(Answer::Outcome { expr, misere: q.misere, value: if next_wins { "N" } else { "P" }.into() })
            }
            QueryKind::Moves => {
                let g = self.game_of(&q.subject)?;
                self.reject_partizan(&g, span)?;
                let moves = self.sum_moves(&g, None, span)?;
                let shown = moves.iter().map(|m| (show_sum(&m.result, self.globals, self.rt), m.grundy)).collect();
                let results = moves.into_iter().map(|m| m.result).collect();
                Ok(Answer::Moves { expr, moves: shown, results })
            }
            QueryKind::Winning => {
                let g = self.game_of(&q.subject)?;
                self.reject_partizan(&g, span)?;
                let results = if q.misere {
                    self.misere_winning(&g, span)?
                } else {
                    self.sum_moves(&g, Some(0), span)?.into_iter().map(|m| m.result).collect()
                };
                let moves = results.iter().map(|r| show_sum(r, self.globals, self.rt)).collect();
                Ok(Answer::Winning { expr, misere: q.misere, moves, results })
            }
            QueryKind::Sequence => self.sequence(q),
            QueryKind::Explain => {
                let g = self.game_of(&q.subject)?;
                self.reject_partizan(&g, span)?;
                Ok(Answer::Explain { expr, explanation: self.explain(&g, span)? })
            }
            QueryKind::Graph => {
                let g = self.game_of(&q.subject)?;
                self.reject_partizan(&g, span)?;
                Ok(Answer::Graph { expr, dot: self.graph(&g, span)? })
            }
            QueryKind::Play => Err(EvalError::other(
                "`play` is interactive",
                "start `grundy repl` (or just `grundy`) and type `play G` there",
                span,
            )),
            QueryKind::Genus => {
                let g = self.game_of(&q.subject)?;
                self.reject_partizan(&g, span)?;
                Ok(Answer::Genus { expr, value: self.genus(&g, span)? })
            }
            QueryKind::Table => self.table(q),
            other => Err(EvalError::other(
                format!("`{}` is not available yet", other.keyword()),
                "this query belongs to a capability that is still being built; see README.md for what works",
                span,
            )),
        }
    }

    fn sequence(&mut self, q: &crate::check::program::Query) -> Result<Answer, EvalError> {
        let span = q.span;
        let inst = self.game_fn_of(&q.subject)?;
        let params = self.inst_game(inst).map_or(0, |g| g.params.len());
        if params != 1 {
            return Err(EvalError::other(
                format!("`sequence` needs a one-parameter game; this one has {params}"),
                "ask `grundy` of single positions, or `table` for a board game",
                q.subject.expr.span,
            ));
        }
        let range = q.range.as_ref().ok_or_else(|| {
            EvalError::other(
                "`sequence` needs a range",
                "write `sequence G 0..=20`",
                span,
            )
        })?;
        let (from, to) = match self.top(range)? {
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
            return Err(EvalError::other(
                "heap sizes start at 0",
                "start the range at 0 or above",
                range.expr.span,
            ));
        }
        let len = usize::try_from(to.max(from)).unwrap_or(usize::MAX);
        if len > self.rt.limits.max_positions {
            return Err(EvalError::PositionLimit {
                limit: self.rt.limits.max_positions,
                span,
            });
        }
        let (mut values, regularity) = self.regularity(inst, len, span)?;
        values.truncate(len);
        values.drain(..(from as usize).min(len));
        Ok(Answer::Sequence {
            game: q.text.clone(),
            from,
            values,
            regularity,
        })
    }

    fn table(&mut self, q: &crate::check::program::Query) -> Result<Answer, EvalError> {
        let span = q.span;
        let inst = self.game_fn_of(&q.subject)?;
        let game = self
            .inst_game(inst)
            .ok_or_else(|| EvalError::other("unknown game", "", span))?;
        let Some(board_id) = game.board else {
            return Err(EvalError::other(
                format!("`{}` is not played on a board", game.name),
                "`table` draws games defined `on` a board",
                q.subject.expr.span,
            ));
        };
        let board: Rc<BoardData> = self
            .rt
            .boards
            .get(board_id)
            .and_then(Clone::clone)
            .ok_or_else(|| {
                EvalError::other(
                    "the board is used before its definition runs",
                    "define the board first",
                    span,
                )
            })?;
        let mut rows = Vec::new();
        for r in (1..=board.height).rev() {
            let mut row = Vec::new();
            for c in 1..=board.width {
                if board.open(c, r) {
                    let sq = Value::Tuple(Rc::from(vec![Value::Int(c), Value::Int(r)]));
                    let mut args = vec![sq];
                    args.extend(game.params.iter().skip(1).map(|_| Value::Int(0)));
                    row.push(Some(self.grundy_pos(inst, &args.into(), span)?));
                } else {
                    row.push(None);
                }
            }
            rows.push(row);
        }
        Ok(Answer::Table {
            expr: q.text.clone(),
            rows,
        })
    }

    /// Evaluates a board definition.
    fn run_board(&mut self, id: usize) -> Result<(), EvalError> {
        let globals = self.globals;
        let Some(b) = globals.boards.get(id) else {
            return Ok(());
        };
        let mut frame = new_frame(b.frame_size);
        let size = |me: &mut Self,
                    e: &crate::check::program::Expr,
                    frame: &mut Vec<Value>|
         -> Result<i64, EvalError> {
            match me.eval(e, frame)? {
                Value::Int(n) if (1..=702).contains(&n) => Ok(n),
                Value::Int(n) => Err(EvalError::other(
                    format!("a board side of {n} squares"),
                    "board sides are between 1 and 702 squares",
                    e.span,
                )),
                other => Err(EvalError::expected(
                    "an integer board size",
                    other.kind_name(),
                    e.span,
                )),
            }
        };
        let width = size(self, &b.width, &mut frame)?;
        let height = size(self, &b.height, &mut frame)?;
        let mut blocked = vec![false; (width * height) as usize];
        if let Some(w) = &b.without {
            let squares = crate::eval::iterate::to_items(&self.eval(w, &mut frame)?, w.span)?;
            for sq in squares {
                let (c, r) = match &sq {
                    Value::Tuple(t) => match t.as_ref() {
                        [Value::Int(c), Value::Int(r)] => (*c, *r),
                        _ => {
                            return Err(EvalError::expected("squares like `@d4`", "tuple", w.span))
                        }
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
                    return Err(EvalError::other(
                        format!(
                            "{} is outside the {width}×{height} board",
                            crate::syntax::lower::square_name(c, r)
                        ),
                        "blocked squares must lie on the board",
                        w.span,
                    ));
                }
                if let Some(slot) = blocked.get_mut(((r - 1) * width + (c - 1)) as usize) {
                    *slot = true;
                }
            }
        }
        if self.rt.boards.len() <= id {
            self.rt.boards.resize(id + 1, None);
        }
        if let Some(slot) = self.rt.boards.get_mut(id) {
            *slot = Some(Rc::new(BoardData {
                width,
                height,
                blocked,
            }));
        }
        Ok(())
    }

    /// Runs one statement; returns its answer, if it has one.
    pub fn run_stmt(
        &mut self,
        stmt: &Stmt,
        source: &str,
        mode: Mode,
    ) -> Result<Option<Answer>, EvalError> {
        match stmt {
            Stmt::Game(_) | Stmt::Function(_) => Ok(None),
            Stmt::Board(id) => self.run_board(*id).map(|_| None),
            Stmt::Let(id, value) => {
                let v = self.top(value)?;
                if self.rt.consts.len() <= *id {
                    self.rt.consts.resize(*id + 1, None);
                }
                if let Some(slot) = self.rt.consts.get_mut(*id) {
                    *slot = Some(v);
                }
                Ok(None)
            }
            Stmt::Print(e, text, _) => {
                if mode == Mode::AssertsOnly {
                    return Ok(None);
                }
                let v = self.top(e)?;
                let json = self.to_json(&v);
                Ok(Some(Answer::Print {
                    expr: text.clone(),
                    text: show_value(&v, self.globals, self.rt),
                    json,
                }))
            }
            Stmt::Query(q) => {
                if mode == Mode::AssertsOnly {
                    return Ok(None);
                }
                self.answer(q).map(Some)
            }
            Stmt::AssertExpr(e, span) => {
                let passed = match self.top(e)? {
                    Value::Bool(b) => b,
                    other => {
                        return Err(EvalError::expected(
                            "a boolean to assert",
                            other.kind_name(),
                            e.expr.span,
                        ))
                    }
                };
                let failure = (!passed).then(|| ("true".to_string(), "false".to_string()));
                Ok(Some(Answer::Assert {
                    line: line_of(source, span.start),
                    passed,
                    failure,
                    span: *span,
                }))
            }
            Stmt::AssertQuery(q, expected, span) => {
                let answer = self.answer(q)?;
                let want = self.top(expected)?;
                let (passed, actual) = self.compare(&answer, &want, expected.expr.span)?;
                let failure = (!passed).then(|| (show_value(&want, self.globals, self.rt), actual));
                Ok(Some(Answer::Assert {
                    line: line_of(source, span.start),
                    passed,
                    failure,
                    span: *span,
                }))
            }
        }
    }

    /// A value as JSON (`print --json`).
    pub fn to_json(&self, v: &Value) -> serde_json::Value {
        use serde_json::Value as J;
        match v {
            Value::Int(n) => J::from(*n),
            Value::Bool(b) => J::from(*b),
            Value::Str(s) => J::from(s.as_ref()),
            Value::List(xs) | Value::Tuple(xs) | Value::Set(xs) => {
                J::Array(xs.iter().map(|x| self.to_json(x)).collect())
            }
            other => J::from(show_value(other, self.globals, self.rt)),
        }
    }
}

//! The outcome of a placement board alone, on two cores.
//!
//! Whether a player wins moving first is decided at the root: the player's
//! moves are tried in the search's order, and a move wins when the player
//! wins again, moving first, after every reply. The replies of the move
//! being tried go, best first, to whichever of two workers is free, each
//! with its own solver, store and table (which last from one move to the
//! next and from one player to the other) and half of the positions left;
//! the Ctrl-C flag, the deadline and the memory limit are the statement's.
//! As soon as one reply refutes the move, the other worker's search is
//! stopped (its answer is no longer needed) and the next move is tried: so
//! a refuted move costs about what it costs one core, and a winning move's
//! replies are shared between both. Moves and replies that one of the
//! game's value-keeping symmetries maps onto another are tried once.
//!
//! A board that a value-negating symmetry maps onto itself (an empty
//! square board in Domineering, whose transpose swaps the players) is
//! searched for Left only: Right moving first wins exactly when Left does.

use super::board_search::{ordered_moves, Search};
use super::boards::{Board, Permutation, Solver};
use super::{CanonStore, Error, Form, Outcome};
use crate::budget::{Budget, Exceeded};
use crate::game::compiled::placement::Placement;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// One reply for a worker: the board it leaves, with the player who moved
/// first to move again (Left when `left`).
struct Task {
    board: u64,
    left: bool,
}

/// A worker's answer about one reply.
enum Answer {
    /// The player who moved first wins after it.
    Won,
    /// It refutes the move.
    Lost,
    /// Stopped: another reply already refuted the move.
    Aborted,
    /// A limit of the statement's.
    Failed(Error),
}

/// The outcome of `board` alone (see the module's comment).
pub fn on_two_cores(rules: Placement, budget: &Budget, board: Board) -> Result<Outcome, Error> {
    let mut solver = Solver::new(Rc::new(rules.clone()));
    let geo = solver.geometry(board.h, board.w);
    let keeping = solver.keeping_images(board.h, board.w);
    let mirrored = solver
        .negating_images(board.h, board.w)
        .iter()
        .any(|p| p.apply(board.bits) == board.bits);
    let shares = [budget.share(2), budget.share(2)];
    std::thread::scope(|scope| {
        let (done_tx, done_rx) = mpsc::channel::<(usize, Answer)>();
        let abort = Arc::new(AtomicBool::new(false));
        let mut tasks = Vec::new();
        let mut workers = Vec::new();
        for (id, share) in shares.into_iter().enumerate() {
            let (tx, rx) = mpsc::channel::<Task>();
            let rules = rules.clone();
            let done = done_tx.clone();
            let abort = abort.clone();
            let spawned = std::thread::Builder::new()
                // The store's operations recurse as deep as forms nest: a
                // stack as large as the main thread's.
                .stack_size(256 << 20)
                .spawn_scoped(scope, move || {
                    let budget = Budget::abortable_worker(share, abort.clone());
                    let mut solver = Solver::new(Rc::new(rules));
                    let mut store = CanonStore::new();
                    let mut search = Search::new(&mut solver, &mut store, &budget, board);
                    for task in rx {
                        let answer = match search.first(task.board, Form::ZERO, task.left) {
                            Ok(true) => Answer::Won,
                            Ok(false) => Answer::Lost,
                            Err(Error::Exceeded(Exceeded::Interrupted))
                                if abort.load(Ordering::Relaxed) =>
                            {
                                Answer::Aborted
                            }
                            Err(e) => Answer::Failed(e),
                        };
                        if done.send((id, answer)).is_err() {
                            break;
                        }
                    }
                    budget.positions()
                });
            match spawned {
                Ok(handle) => {
                    tasks.push(tx);
                    workers.push(handle);
                }
                // A thread that cannot start: the address space is full.
                Err(_) => {
                    return Err(Error::Exceeded(Exceeded::Memory(
                        budget.limits().max_memory,
                    )))
                }
            }
        }
        drop(done_tx);
        let all_alive = || workers.iter().all(|w| !w.is_finished());
        let root = Root {
            geo: &geo,
            keeping: &keeping,
            tasks: &tasks,
            done: &done_rx,
            abort: &abort,
            alive: &all_alive,
        };
        let left = root.wins_first(board.bits, true);
        let right = match left {
            Ok(l) if mirrored => Ok(l),
            Ok(_) => root.wins_first(board.bits, false),
            Err(e) => Err(e),
        };
        // Ending the task channels ends the workers.
        drop(tasks);
        let mut kept = 0usize;
        for w in workers {
            kept = kept.saturating_add(
                w.join()
                    .map_err(|_| Error::Exceeded(Exceeded::Interrupted))?,
            );
        }
        let (left, right) = (
            left.map_err(statement_limit(budget))?,
            right.map_err(statement_limit(budget))?,
        );
        budget.add_positions(kept)?;
        Ok(match (left, right) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        })
    })
}

/// A worker's share of the positions ran out: the statement's limit was
/// reached, and says so.
fn statement_limit(budget: &Budget) -> impl Fn(Error) -> Error + '_ {
    move |e| match e {
        Error::Exceeded(Exceeded::Positions(_)) => {
            Error::Exceeded(Exceeded::Positions(budget.limits().max_positions))
        }
        e => e,
    }
}

/// The root of the split search: what it needs to list moves, and the
/// workers' channels.
struct Root<'r> {
    geo: &'r super::boards::Geometry,
    keeping: &'r [Rc<Permutation>],
    tasks: &'r [mpsc::Sender<Task>],
    done: &'r mpsc::Receiver<(usize, Answer)>,
    abort: &'r AtomicBool,
    /// False once a worker has ended (it only ends early by panicking):
    /// then no answer it owes will come.
    alive: &'r dyn Fn() -> bool,
}

impl Root<'_> {
    /// The boards the player's moves on `free` leave, best first, each
    /// once up to the value-keeping symmetries.
    fn moves(&self, free: u64, left: bool) -> Vec<u64> {
        let mut scored = Vec::new();
        ordered_moves(self.geo, left, free, &mut scored);
        let mut seen = std::collections::HashSet::new();
        scored
            .into_iter()
            .map(|(_, next)| next)
            .filter(|&next| {
                let key = self.keeping.iter().fold(next, |k, p| k.min(p.apply(next)));
                seen.insert(key)
            })
            .collect()
    }

    /// Whether the player (Left when `left`) wins `free` moving first.
    ///
    /// Moves are taken as many at a time as there are workers, and each
    /// worker first tries one move's best reply: a move is usually refuted
    /// by its best reply, so a losing side's moves are refuted two at once.
    /// A move whose best reply does not refute it is then searched to the
    /// end ([`Root::survives`]), in order; once the first move's best reply
    /// fails to refute it, the other worker's is stopped, since the first
    /// move comes first anyway.
    fn wins_first(&self, free: u64, left: bool) -> Result<bool, Error> {
        let moves = self.moves(free, left);
        for batch in moves.chunks(self.tasks.len().max(1)) {
            let replies: Vec<Vec<u64>> = batch.iter().map(|&m| self.moves(m, !left)).collect();
            if replies.iter().any(Vec::is_empty) {
                // The opponent cannot answer.
                return Ok(true);
            }
            let best = self.best_replies(&replies, left)?;
            for (all, answer) in replies.iter().zip(best) {
                let rest = match answer {
                    Some(false) => continue,
                    Some(true) => all.get(1..).unwrap_or_default(),
                    None => all.as_slice(),
                };
                if self.survives(rest, left)? {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// The first of each move's `replies`, one to each worker: whether the
    /// player (Left when `left`) wins after it (`None`: stopped, because
    /// the first move's did not refute it).
    fn best_replies(&self, replies: &[Vec<u64>], left: bool) -> Result<Vec<Option<bool>>, Error> {
        let mut answers = vec![None; replies.len()];
        let mut busy = 0;
        for (worker, (tx, r)) in self.tasks.iter().zip(replies).enumerate() {
            if let Some(&board) = r.first() {
                tx.send(Task { board, left })
                    .map_err(|_| Error::Exceeded(Exceeded::Interrupted))?;
                busy += 1;
            } else if let Some(a) = answers.get_mut(worker) {
                *a = Some(true);
            }
        }
        let mut failed = None;
        while busy > 0 {
            let (worker, answer) = self.next_answer()?;
            busy -= 1;
            let slot = answers.get_mut(worker);
            match answer {
                Answer::Won => {
                    if let Some(a) = slot {
                        *a = Some(true);
                    }
                    if worker == 0 {
                        self.abort.store(true, Ordering::Relaxed);
                    }
                }
                Answer::Lost => {
                    if let Some(a) = slot {
                        *a = Some(false);
                    }
                }
                Answer::Aborted => {}
                Answer::Failed(e) => {
                    failed = Some(e);
                    self.abort.store(true, Ordering::Relaxed);
                }
            }
        }
        self.abort.store(false, Ordering::Relaxed);
        match failed {
            Some(e) => Err(e),
            None => Ok(answers),
        }
    }

    /// The next worker's answer, waiting for it; an error once a worker
    /// has ended without answering.
    fn next_answer(&self) -> Result<(usize, Answer), Error> {
        loop {
            match self.done.recv_timeout(Duration::from_millis(200)) {
                Ok(got) => return Ok(got),
                Err(mpsc::RecvTimeoutError::Timeout) if (self.alive)() => continue,
                Err(_) => return Err(Error::Exceeded(Exceeded::Interrupted)),
            }
        }
    }

    /// Whether the player (Left when `left`) wins after every one of
    /// `replies`, moving first again; the replies go to free workers in
    /// order, and the first that refutes stops the rest.
    fn survives(&self, replies: &[u64], left: bool) -> Result<bool, Error> {
        let mut next = replies.iter();
        let mut busy = 0;
        let mut lost = false;
        let mut failed = None;
        let send = |worker: usize, board: u64| -> Result<(), Error> {
            self.tasks
                .get(worker)
                .and_then(|tx| tx.send(Task { board, left }).ok())
                .ok_or(Error::Exceeded(Exceeded::Interrupted))
        };
        for worker in 0..self.tasks.len() {
            if let Some(&board) = next.next() {
                send(worker, board)?;
                busy += 1;
            }
        }
        while busy > 0 {
            let (worker, answer) = self.next_answer()?;
            busy -= 1;
            match answer {
                Answer::Won | Answer::Aborted => {}
                Answer::Lost => {
                    lost = true;
                    self.abort.store(true, Ordering::Relaxed);
                }
                Answer::Failed(e) => {
                    failed = Some(e);
                    self.abort.store(true, Ordering::Relaxed);
                }
            }
            if !lost && failed.is_none() {
                if let Some(&board) = next.next() {
                    send(worker, board)?;
                    busy += 1;
                }
            }
        }
        // Every worker has answered: none is searching.
        self.abort.store(false, Ordering::Relaxed);
        match failed {
            Some(e) => Err(e),
            None => Ok(!lost),
        }
    }
}

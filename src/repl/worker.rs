//! The session runs on a worker thread, so that Ctrl-C always gets the prompt back.
//!
//! A first Ctrl-C sets the cancel flag that every budget check reads: a
//! computation stops within milliseconds wherever it ticks its budget. Code that
//! does not tick (one long call into a library, a built-in over a huge list)
//! cannot be stopped from outside in safe Rust: a thread cannot be killed or
//! unwound from another, and an allocation refused by the allocator aborts the
//! process. So when a second Ctrl-C comes more than a second after a first one
//! that is still unheeded (the flag stays set until a statement stops or the
//! next one starts), the [`Supervisor`] abandons that worker: it starts a fresh
//! one, replays the definitions of the entries that finished (their
//! [`Response::record`]), and returns to the prompt. The abandoned entry is
//! undone as a whole. The old thread owns its session (nothing of it is shared),
//! finds its flag set at its next budget check and ends there, its reply going
//! nowhere; until then it keeps its processor time and its memory, which counts
//! against `--max-memory` like any other.
//!
//! A worker that panics (a bug) is replaced the same way.

use super::session::{is_incomplete, Response, Session};
use crate::budget::Limits;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a computation has to stop after Ctrl-C before a second Ctrl-C
/// abandons it.
pub const GRACE: Duration = Duration::from_secs(1);

/// How often the supervisor looks at Ctrl-C while it waits.
const POLL: Duration = Duration::from_millis(10);

/// Stack sizes to try for a worker: deep but finite recursion (user functions,
/// nested expressions) needs room, as in the CLI; smaller if the address space
/// is limited.
const STACKS: [usize; 3] = [256 << 20, 64 << 20, 16 << 20];

/// What the editor shows between entries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    /// The prompt.
    pub prompt: &'static str,
    /// A game of `play` is going on.
    pub playing: bool,
    /// Names to complete.
    pub names: Vec<String>,
}

impl Default for Status {
    fn default() -> Self {
        Status {
            prompt: "grundy> ",
            playing: false,
            names: Vec::new(),
        }
    }
}

/// What a worker runs: a [`Session`], or a stand-in in tests.
pub trait Evaluator {
    /// Handles one entry.
    fn eval(&mut self, entry: &str) -> Response;
    /// Defines again what the recorded entries defined.
    fn restore(&mut self, journal: &[String]) -> Response;
    /// The prompt, the play state and the names, after an entry.
    fn status(&self) -> Status;
}

impl Evaluator for Session {
    fn eval(&mut self, entry: &str) -> Response {
        Session::eval(self, entry)
    }

    fn restore(&mut self, journal: &[String]) -> Response {
        Session::restore(self, journal)
    }

    fn status(&self) -> Status {
        Status {
            prompt: self.prompt(),
            playing: self.is_playing(),
            names: self.names(),
        }
    }
}

/// Makes the evaluator of a new worker, on that worker's thread, given the flag
/// that interrupts it.
pub type Factory = dyn Fn(Arc<AtomicBool>) -> Box<dyn Evaluator> + Send + Sync;

/// Ctrl-C presses, shared between the signal handler and the supervisor.
#[derive(Debug, Default)]
pub struct Interrupts {
    presses: AtomicUsize,
    /// The last press found the request of an earlier one still pending.
    repeated: AtomicBool,
    target: Mutex<Option<Arc<AtomicBool>>>,
}

impl Interrupts {
    /// One Ctrl-C: the computation running is asked to stop at its next budget
    /// check, and the supervisor counts the press.
    pub fn press(&self) {
        let mut pending = false;
        if let Ok(target) = self.target.lock() {
            if let Some(flag) = target.as_ref() {
                pending = flag.swap(true, Ordering::SeqCst);
            }
        }
        self.repeated.store(pending, Ordering::SeqCst);
        self.presses.fetch_add(1, Ordering::SeqCst);
    }

    fn count(&self) -> usize {
        self.presses.load(Ordering::SeqCst)
    }

    fn repeated(&self) -> bool {
        self.repeated.load(Ordering::SeqCst)
    }

    fn aim(&self, flag: &Arc<AtomicBool>) {
        if let Ok(mut target) = self.target.lock() {
            *target = Some(flag.clone());
        }
    }
}

enum Job {
    Eval(String),
    Restore(Vec<String>),
}

struct Reply {
    response: Response,
    status: Status,
}

/// One worker thread and the channels to it.
struct Worker {
    jobs: Sender<Job>,
    replies: Receiver<Reply>,
    cancel: Arc<AtomicBool>,
}

impl Worker {
    fn spawn(factory: &Arc<Factory>, number: usize) -> Result<Worker, String> {
        let cancel = Arc::new(AtomicBool::new(false));
        let mut last_error = String::new();
        for stack in STACKS {
            let (jobs, jobs_rx) = mpsc::channel::<Job>();
            let (replies_tx, replies) = mpsc::channel::<Reply>();
            let factory = factory.clone();
            let flag = cancel.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("grundy-session-{number}"))
                .stack_size(stack)
                .spawn(move || work(&*factory, flag, &jobs_rx, &replies_tx));
            match spawned {
                Ok(_) => {
                    return Ok(Worker {
                        jobs,
                        replies,
                        cancel,
                    })
                }
                Err(e) => last_error = e.to_string(),
            }
        }
        Err(last_error)
    }
}

/// The body of a worker thread: the evaluator lives and dies here.
fn work(factory: &Factory, cancel: Arc<AtomicBool>, jobs: &Receiver<Job>, replies: &Sender<Reply>) {
    let mut evaluator = factory(cancel);
    while let Ok(job) = jobs.recv() {
        let response = match job {
            Job::Eval(entry) => evaluator.eval(&entry),
            Job::Restore(journal) => evaluator.restore(&journal),
        };
        let reply = Reply {
            response,
            status: evaluator.status(),
        };
        if replies.send(reply).is_err() {
            // Abandoned: nobody waits for this worker any more.
            return;
        }
    }
}

/// How waiting for a worker ended.
enum Outcome {
    Done(Reply),
    /// Ctrl-C twice, more than [`GRACE`] apart, and the worker still busy: here
    /// is a fresh worker to go on with.
    Abandoned(Worker),
    /// The worker thread ended without a reply (a panic).
    Died,
}

/// Runs a session on a worker thread and keeps the prompt answering: see the
/// module documentation.
pub struct Supervisor {
    factory: Arc<Factory>,
    interrupts: Arc<Interrupts>,
    worker: Worker,
    workers: usize,
    journal: Vec<String>,
    status: Status,
}

impl Supervisor {
    /// A supervisor whose workers run a [`Session`] with these limits.
    pub fn for_sessions(
        limits: Limits,
        colour: bool,
        interrupts: Arc<Interrupts>,
    ) -> Result<Supervisor, String> {
        let factory: Arc<Factory> = Arc::new(move |cancel| {
            let mut session = Session::with_cancel_flag(limits, cancel);
            session.set_colour(colour);
            session.follow_terminal_width();
            Box::new(session) as Box<dyn Evaluator>
        });
        Supervisor::new(factory, interrupts)
    }

    /// A supervisor whose workers run what `factory` makes; its first worker is
    /// started and ready.
    pub fn new(factory: Arc<Factory>, interrupts: Arc<Interrupts>) -> Result<Supervisor, String> {
        let worker = Worker::spawn(&factory, 1)?;
        let mut supervisor = Supervisor {
            factory,
            interrupts,
            worker,
            workers: 1,
            journal: Vec::new(),
            status: Status::default(),
        };
        if let Outcome::Done(reply) = supervisor.wait(Job::Restore(Vec::new()), &mut |_| {}) {
            supervisor.status = reply.status;
        }
        Ok(supervisor)
    }

    /// The prompt, play state and names after the last entry.
    pub fn status(&self) -> &Status {
        &self.status
    }

    /// True when `input` is unfinished and the editor should ask for more.
    pub fn is_incomplete(&self, input: &str) -> bool {
        is_incomplete(input, self.status.playing)
    }

    /// How many entries' definitions would be replayed into a fresh worker.
    pub fn journal_len(&self) -> usize {
        self.journal.len()
    }

    /// Runs one entry on the worker and waits for its answer. Ctrl-C (through
    /// [`Interrupts::press`]) interrupts it; `notify` shows progress notes (the
    /// hint that a second Ctrl-C abandons a computation that does not stop).
    pub fn eval(&mut self, entry: &str, notify: &mut dyn FnMut(&str)) -> Response {
        let was_playing = self.status.playing;
        match self.wait(Job::Eval(entry.to_string()), notify) {
            Outcome::Done(reply) => {
                self.status = reply.status;
                let response = reply.response;
                if response.cleared {
                    self.journal.clear();
                }
                if let Some(text) = &response.record {
                    self.journal.push(text.clone());
                }
                response
            }
            Outcome::Abandoned(fresh) => {
                let mut text = String::from(
                    "grundy::abandoned: the computation did not stop within a second of Ctrl-C, so grundy left it behind\n  \
                     help: this entry is undone; everything defined before it is kept, and values are computed again when asked for",
                );
                if was_playing {
                    text.push_str("; the game being played was stopped");
                }
                text.push_str(&self.restart(Some(fresh), notify));
                Response::error(text)
            }
            Outcome::Died => {
                let mut text = String::from(
                    "error: internal failure: grundy stopped unexpectedly on this entry\n  \
                     help: this is a bug in grundy, please report it with the input that caused it; everything defined before this entry is kept",
                );
                text.push_str(&self.restart(None, notify));
                Response::error(text)
            }
        }
    }

    /// Replaces the worker with `fresh` (or a new one) and replays the journal
    /// into it; returns what to add to the message (restoring problems).
    fn restart(&mut self, fresh: Option<Worker>, notify: &mut dyn FnMut(&str)) -> String {
        let mut note = String::new();
        let mut fresh = fresh;
        loop {
            let worker = match fresh.take() {
                Some(w) => w,
                None => match self.spawn() {
                    Ok(w) => w,
                    Err(e) => {
                        // The next entry tries again.
                        return format!("{note}\nerror: cannot start a fresh session: {e}");
                    }
                },
            };
            let old = std::mem::replace(&mut self.worker, worker);
            // Its flag stays set: the old computation stops at its next check.
            old.cancel.store(true, Ordering::Relaxed);
            drop(old);
            self.status = Status::default();
            match self.wait(Job::Restore(self.journal.clone()), notify) {
                Outcome::Done(reply) => {
                    self.status = reply.status;
                    if !reply.response.text.is_empty() {
                        note.push('\n');
                        note.push_str(&reply.response.text);
                    }
                    return note;
                }
                Outcome::Abandoned(w) => fresh = Some(w),
                Outcome::Died => {}
            }
            {
                // Restoring itself did not finish: start empty rather than
                // replay the same definitions into the same trouble.
                let lost = std::mem::take(&mut self.journal).len();
                note = format!(
                    "\nerror: restoring the definitions did not finish either, so the session starts empty ({lost} entr{} not restored)\n  \
                     help: the entries are in the history (Up arrow)",
                    if lost == 1 { "y" } else { "ies" }
                );
            }
        }
    }

    fn spawn(&mut self) -> Result<Worker, String> {
        self.workers += 1;
        Worker::spawn(&self.factory, self.workers)
    }

    /// Sends a job and waits for its reply, watching Ctrl-C.
    fn wait(&mut self, job: Job, notify: &mut dyn FnMut(&str)) -> Outcome {
        self.interrupts.aim(&self.worker.cancel);
        let mut seen = self.interrupts.count();
        if self.worker.jobs.send(job).is_err() {
            return Outcome::Died;
        }
        // When the pending request to stop was made: it is pending while the
        // worker's flag stays set (a statement that starts clears it).
        let mut first: Option<Instant> = None;
        let mut hinted = false;
        loop {
            match self.worker.replies.recv_timeout(POLL) {
                Ok(reply) => return Outcome::Done(reply),
                Err(RecvTimeoutError::Disconnected) => return Outcome::Died,
                Err(RecvTimeoutError::Timeout) => {}
            }
            let now = Instant::now();
            let count = self.interrupts.count();
            if count > seen {
                seen = count;
                match first {
                    // Unheeded for a second: leave it behind.
                    Some(at) if self.interrupts.repeated() && now.duration_since(at) >= GRACE => {
                        match self.spawn() {
                            Ok(fresh) => return Outcome::Abandoned(fresh),
                            Err(e) => notify(&format!(
                                "cannot leave this computation behind: no fresh session can start ({e}); still waiting for it"
                            )),
                        }
                    }
                    // A double tap within the second.
                    Some(_) if self.interrupts.repeated() => {}
                    // A first request, or the earlier one was heeded (or lost
                    // while a statement started): this one starts the clock.
                    _ => {
                        first = Some(now);
                        hinted = false;
                    }
                }
            } else if first.is_some() && !self.worker.cancel.load(Ordering::SeqCst) {
                // Heeded: the statement stopped and another one started.
                first = None;
            }
            if let Some(at) = first {
                if !hinted && now.duration_since(at) >= GRACE {
                    hinted = true;
                    notify(
                        "still stopping: this computation does not heed Ctrl-C; press Ctrl-C again to abandon it",
                    );
                }
            }
        }
    }
}

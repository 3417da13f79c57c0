//! A progress line on standard error for a statement that runs longer than a
//! second: what is running, for how long, and how many positions it has kept
//! (with the rate). The command line and the REPL show it only on a terminal, and never
//! with `--json` or `--quiet`.

use crate::budget::{Budget, Meter};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a statement runs before its progress is shown.
const QUIET_FOR: Duration = Duration::from_secs(1);
/// How often the line is redrawn.
const EVERY: Duration = Duration::from_millis(250);
/// The longest label shown (the statement's text is cut with `…`).
const LABEL: usize = 40;

/// The statement being run.
struct Running {
    label: String,
    started: Instant,
    meter: Arc<Meter>,
    positions_before: usize,
    work_before: u64,
}

#[derive(Default)]
struct State {
    running: Option<Running>,
    shown: bool,
    stop: bool,
    /// Once set (Ctrl-C in the REPL), nothing more is drawn: a computation
    /// left running behind the prompt must not draw over what is typed.
    halt: Option<Arc<AtomicBool>>,
}

/// The progress display: a thread that redraws one line of standard error.
pub struct Progress {
    state: Arc<(Mutex<State>, Condvar)>,
    thread: Option<JoinHandle<()>>,
}

impl Progress {
    /// Starts the drawing thread (idle until [`Progress::begin`]).
    pub fn start() -> Progress {
        let state: Arc<(Mutex<State>, Condvar)> = Arc::default();
        let shared = state.clone();
        let thread = std::thread::Builder::new()
            .name("progress".into())
            .spawn(move || draw_loop(&shared))
            .ok();
        Progress { state, thread }
    }

    /// The same display, silent once `halt` is set (the REPL's Ctrl-C flag).
    pub fn halted_by(self, halt: Arc<AtomicBool>) -> Progress {
        let (lock, _) = &*self.state;
        lock.lock().unwrap_or_else(PoisonError::into_inner).halt = Some(halt);
        self
    }

    /// A statement starts, run by an engine with this budget.
    pub fn begin(&self, label: &str, budget: &Budget) {
        let meter = budget.meter();
        // The meter is published at full checks only: start from the count now.
        meter.positions.store(budget.positions(), Ordering::Relaxed);
        let (lock, _) = &*self.state;
        let mut state = lock.lock().unwrap_or_else(PoisonError::into_inner);
        state.running = Some(Running {
            label: shorten(label),
            started: Instant::now(),
            positions_before: budget.positions(),
            work_before: meter.work.load(Ordering::Relaxed),
            meter,
        });
    }

    /// The statement ended: the line is erased before anything else is printed.
    pub fn end(&self) {
        let (lock, _) = &*self.state;
        let mut state = lock.lock().unwrap_or_else(PoisonError::into_inner);
        if state.shown {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[K");
            let _ = err.flush();
        }
        state.running = None;
        state.shown = false;
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.end();
        let (lock, wake) = &*self.state;
        lock.lock().unwrap_or_else(PoisonError::into_inner).stop = true;
        wake.notify_all();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn draw_loop(shared: &(Mutex<State>, Condvar)) {
    let (lock, wake) = shared;
    let mut state = lock.lock().unwrap_or_else(PoisonError::into_inner);
    while !state.stop {
        let halted = state
            .halt
            .as_ref()
            .is_some_and(|h| h.load(Ordering::Relaxed));
        if let Some(r) = state.running.as_ref().filter(|_| !halted) {
            if r.started.elapsed() >= QUIET_FOR {
                let line = progress_line(r);
                let mut err = std::io::stderr().lock();
                let _ = write!(err, "\r\x1b[K{line}");
                let _ = err.flush();
                state.shown = true;
            }
        }
        state = wake
            .wait_timeout(state, EVERY)
            .map(|(s, _)| s)
            .unwrap_or_else(|e| e.into_inner().0);
    }
}

/// `grundy kayles(5000): 12.5 s, 1,234,567 positions (98,765/s)`.
fn progress_line(r: &Running) -> String {
    let secs = r.started.elapsed().as_secs_f64();
    let positions = r
        .meter
        .positions
        .load(Ordering::Relaxed)
        .saturating_sub(r.positions_before);
    let work = r
        .meter
        .work
        .load(Ordering::Relaxed)
        .saturating_sub(r.work_before);
    let rate = |n: f64| grouped((n / secs.max(1e-9)) as u64);
    if positions > 0 {
        format!(
            "{}: {secs:.1} s, {} positions ({}/s)",
            r.label,
            grouped(positions as u64),
            rate(positions as f64)
        )
    } else {
        format!(
            "{}: {secs:.1} s, {} steps ({}/s)",
            r.label,
            grouped(work),
            rate(work as f64)
        )
    }
}

/// `1234567` as `1,234,567`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The label cut to [`LABEL`] characters, on one line.
fn shorten(label: &str) -> String {
    let one_line: String = label.split_whitespace().collect::<Vec<_>>().join(" ");
    if one_line.chars().count() <= LABEL {
        one_line
    } else {
        let cut: String = one_line.chars().take(LABEL - 1).collect();
        format!("{cut}…")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(1234567), "1,234,567");
    }

    #[test]
    fn long_labels_are_cut_to_one_line() {
        assert_eq!(
            shorten("grundy  kayles(3)\n+ kayles(4)"),
            "grundy kayles(3) + kayles(4)"
        );
        let long = "x".repeat(100);
        assert_eq!(shorten(&long).chars().count(), LABEL);
    }

    #[test]
    fn the_line_counts_positions_and_their_rate() {
        let meter = Arc::new(Meter::default());
        meter.positions.store(10, Ordering::Relaxed);
        let r = Running {
            label: "grundy g(9)".into(),
            started: Instant::now() - Duration::from_secs(2),
            positions_before: 10,
            work_before: 0,
            meter: meter.clone(),
        };
        assert!(progress_line(&r).contains("steps"));
        meter.positions.store(4010, Ordering::Relaxed);
        let line = progress_line(&r);
        assert!(
            line.starts_with("grundy g(9): 2.0 s, 4,000 positions ("),
            "{line}"
        );
    }
}

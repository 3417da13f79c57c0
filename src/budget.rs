//! The one budget every long computation checks: positions kept, bytes of memory,
//! wall-clock time and Ctrl-C, behind a single cheap [`Budget::tick`].
//!
//! Memory is measured, not estimated: the crate's global allocator counts every
//! live byte of the process ([`allocated`]), so memo tables, hash maps, search
//! stacks, option scratch and the lists an expression builds are all covered.
//! Code about to make one large allocation asks [`Budget::reserve`] first, so a
//! table sized by a huge heap is refused before it exists.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The process's allocator: the system allocator with a live-byte counter. It
/// never refuses an allocation itself; [`Budget`] compares the count with the limit.
#[global_allocator]
static ALLOCATOR: cap::Cap<std::alloc::System> = cap::Cap::new(std::alloc::System, usize::MAX);

/// Bytes currently allocated by the whole process.
pub fn allocated() -> usize {
    ALLOCATOR.allocated()
}

/// What an engine embedded elsewhere supplies (the playground, where Rust's
/// own clock does not run and Ctrl-C is a Stop button): a clock, and a flag
/// the page sets. Installed once per process with [`set_host`].
#[derive(Debug, Clone, Copy)]
pub struct Host {
    /// Milliseconds since some fixed moment (the page's `performance.now()`).
    pub now_ms: fn() -> f64,
    /// Whether the user asked to stop; polled at every full check.
    pub stop_requested: fn() -> bool,
}

static HOST: std::sync::OnceLock<Host> = std::sync::OnceLock::new();

/// Installs the host's clock and stop flag; `false` when one was installed already.
pub fn set_host(host: Host) -> bool {
    HOST.set(host).is_ok()
}

/// The time since a fixed moment of this process: the host's clock where one
/// is installed, else the system's monotonic clock.
pub fn now() -> Duration {
    if let Some(host) = HOST.get() {
        let ms = (host.now_ms)();
        return Duration::from_secs_f64(if ms.is_finite() { ms.max(0.0) } else { 0.0 } / 1000.0);
    }
    system_now()
}

#[cfg(not(target_family = "wasm"))]
fn system_now() -> Duration {
    static ORIGIN: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    ORIGIN.get_or_init(std::time::Instant::now).elapsed()
}

/// WebAssembly without a host has no clock: time stands still, and only
/// the other limits end a computation.
#[cfg(target_family = "wasm")]
fn system_now() -> Duration {
    Duration::ZERO
}

/// Limits that end a computation with a diagnostic instead of exhausting the machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Most positions kept in the memo tables of one engine.
    pub max_positions: usize,
    /// Most bytes the process may hold (`--max-memory`).
    pub max_memory: usize,
    /// Longest a statement may run (`--timeout`), if set.
    pub timeout: Option<Duration>,
    /// Deepest nesting of `let` function calls.
    pub max_call_depth: usize,
    /// Use compiled rules where they apply (off only to cross-check them).
    pub kernels: bool,
    /// Most heaps `sequence` computes beyond the range asked for, to find or
    /// prove a regularity (`--sequence-search`).
    pub sequence_search: usize,
    /// How long `sequence` may look for a proof before it answers with what
    /// it found (`--sequence-time`).
    pub sequence_time: Duration,
    /// When heap games that split heaps use sparse space (tests force it on
    /// or off to compare both ways).
    pub sparse: SparseMode,
    /// Most threads one statement runs on (`--threads`); the searches that
    /// split their work use at most two.
    pub threads: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_positions: 50_000_000,
            max_memory: default_max_memory(),
            timeout: None,
            max_call_depth: 2_000,
            kernels: true,
            sequence_search: 1 << 24,
            sequence_time: Duration::from_secs(2),
            sparse: SparseMode::Auto,
            threads: default_threads(),
        }
    }
}

/// The cores this machine offers, at most two (one in the browser).
fn default_threads() -> usize {
    if cfg!(target_family = "wasm") {
        1
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(2))
    }
}

/// Which limit stopped a computation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exceeded {
    /// More positions than `--max-positions`.
    Positions(usize),
    /// More memory than `--max-memory` (bytes).
    Memory(usize),
    /// Longer than `--timeout`.
    Timeout(Duration),
    /// Ctrl-C.
    Interrupted,
}

/// How many ticks pass between two full checks: a tick is a loop iteration of
/// some nanoseconds, so a full check comes every few microseconds.
const TICKS_PER_CHECK: u32 = 1 << 12;

/// How far the running computation has got, readable from another thread (a
/// progress display): work units counted at each full check, and positions kept.
#[derive(Debug, Default)]
pub struct Meter {
    /// Ticks of work so far (in steps of a full check's interval).
    pub work: AtomicU64,
    /// Positions kept in memo tables now.
    pub positions: AtomicUsize,
}

/// A worker thread's share of a [`Budget`] (it can cross threads; the budget
/// cannot).
#[derive(Debug, Clone)]
pub struct Share {
    limits: Limits,
    cancel: Arc<AtomicBool>,
    deadline: Option<Duration>,
    meter: Arc<Meter>,
}

impl Share {
    /// The positions a worker with this share may value.
    pub fn max_positions(&self) -> usize {
        self.limits.max_positions
    }
}

/// The budget of one engine. Shared by reference (`&Budget`) between the
/// evaluator, the option generators and every analysis: its counters are cells.
#[derive(Debug)]
pub struct Budget {
    limits: Limits,
    cancel: Arc<AtomicBool>,
    /// When the statement's time is up, on the clock of [`now`].
    deadline: Cell<Option<Duration>>,
    /// A trial's end in this thread's CPU time ([`Budget::trial`]).
    cpu_deadline: Cell<Option<Duration>>,
    countdown: Cell<u32>,
    positions: Cell<usize>,
    meter: Arc<Meter>,
    /// A worker's own stop flag, beside the statement's (a search whose
    /// answer is no longer needed): it stops as if interrupted.
    abort: Option<Arc<AtomicBool>>,
}

impl Default for Budget {
    fn default() -> Self {
        Budget::new(Limits::default())
    }
}

impl Budget {
    /// A budget with these limits and a fresh cancellation flag.
    pub fn new(limits: Limits) -> Budget {
        Budget {
            limits,
            cancel: Arc::new(AtomicBool::new(false)),
            deadline: Cell::new(None),
            cpu_deadline: Cell::new(None),
            countdown: Cell::new(TICKS_PER_CHECK),
            positions: Cell::new(0),
            meter: Arc::default(),
            abort: None,
        }
    }

    /// The meter another thread may read to show progress.
    pub fn meter(&self) -> Arc<Meter> {
        self.meter.clone()
    }

    /// The limits in force.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Changes the limits (the REPL's `:set`, tests).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The flag Ctrl-C sets.
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        self.cancel.clone()
    }

    /// Shares another flag (the REPL installs one handler for its whole life).
    pub fn set_cancel_flag(&mut self, flag: Arc<AtomicBool>) {
        self.cancel = flag;
    }

    /// What a worker thread needs to build its share of this budget: the
    /// same Ctrl-C flag, deadline and meter, and `1 / share` of the positions
    /// still allowed (memory is the one process's, counted by the allocator).
    pub fn share(&self, share: usize) -> Share {
        let left = self
            .limits
            .max_positions
            .saturating_sub(self.positions.get());
        Share {
            limits: Limits {
                max_positions: left / share.max(1),
                ..self.limits
            },
            cancel: self.cancel.clone(),
            deadline: self.deadline.get(),
            meter: self.meter.clone(),
        }
    }

    /// A worker thread's budget, from [`Budget::share`]; its positions are
    /// added back to this budget's with [`Budget::add_positions`] when it ends.
    pub fn worker(share: Share) -> Budget {
        Budget {
            limits: share.limits,
            cancel: share.cancel,
            deadline: Cell::new(share.deadline),
            cpu_deadline: Cell::new(None),
            countdown: Cell::new(TICKS_PER_CHECK),
            positions: Cell::new(0),
            meter: share.meter,
            abort: None,
        }
    }

    /// A worker's budget that also stops, as if interrupted, when `abort`
    /// is set (checked with the rest, every few thousand ticks).
    pub fn abortable_worker(share: Share, abort: Arc<AtomicBool>) -> Budget {
        Budget {
            abort: Some(abort),
            ..Budget::worker(share)
        }
    }

    /// Starts one statement: clears an old Ctrl-C and starts the timeout clock.
    pub fn start(&self) {
        self.cancel.store(false, Ordering::Relaxed);
        self.deadline.set(self.limits.timeout.map(|t| now() + t));
        self.countdown.set(TICKS_PER_CHECK);
    }

    /// Starts the same statement again (after a limit emptied the tables):
    /// the timeout clock keeps running from the first start.
    pub fn restart(&self) {
        self.countdown.set(TICKS_PER_CHECK);
    }

    /// The budget of one attempt that may give up early while the statement
    /// goes on another way: these limits with the timeout cut to at most
    /// `most`, the same Ctrl-C, its clock started now.
    ///
    /// `most` is measured in this thread's CPU time where it can be read, so
    /// which way a statement goes does not depend on how busy the machine is
    /// (on two loaded cores a 2 s quotient attempt that takes 1.3 s alone ran
    /// out of wall-clock time, and the answer became a position limit). A
    /// wall-clock deadline of four times `most` stays as a backstop, and the
    /// statement's own shorter timeout still applies as before.
    pub fn trial(&self, most: Duration) -> Budget {
        let mut trial = Budget::new(Limits {
            timeout: Some(self.limits.timeout.map_or(most, |t| t.min(most))),
            ..self.limits
        });
        // Started before sharing the flag: `start` clears the flag it holds.
        trial.start();
        trial.set_cancel_flag(self.cancel_flag());
        if !self.timeout_below(most) {
            if let Some(cpu) = thread_cpu() {
                trial.cpu_deadline.set(Some(cpu + most));
                trial.deadline.set(Some(now() + most.saturating_mul(4)));
            }
        }
        trial
    }

    /// Whether a [`Budget::trial`] of at most `most` would be cut by this
    /// budget's own shorter timeout: then running out of time says nothing
    /// about the attempt itself.
    pub fn timeout_below(&self, most: Duration) -> bool {
        self.limits.timeout.is_some_and(|t| t < most)
    }

    /// One unit of work. Cheap; every few thousand calls it checks Ctrl-C, the
    /// clock and the memory in use.
    #[inline]
    pub fn tick(&self) -> Result<(), Exceeded> {
        let left = self.countdown.get();
        if left > 1 {
            self.countdown.set(left - 1);
            return Ok(());
        }
        self.countdown.set(TICKS_PER_CHECK);
        self.check()
    }

    /// `n` units of work at once (a loop that did `n` cheap steps).
    #[inline]
    pub fn ticks(&self, n: u32) -> Result<(), Exceeded> {
        let left = self.countdown.get();
        if left > n {
            self.countdown.set(left - n);
            return Ok(());
        }
        self.countdown.set(TICKS_PER_CHECK);
        self.check()
    }

    /// Checks every limit now.
    pub fn check(&self) -> Result<(), Exceeded> {
        self.meter
            .work
            .fetch_add(u64::from(TICKS_PER_CHECK), Ordering::Relaxed);
        self.meter
            .positions
            .store(self.positions.get(), Ordering::Relaxed);
        if self.cancel.load(Ordering::Relaxed)
            || HOST.get().is_some_and(|host| (host.stop_requested)())
        {
            return Err(Exceeded::Interrupted);
        }
        if self
            .abort
            .as_ref()
            .is_some_and(|a| a.load(Ordering::Relaxed))
        {
            return Err(Exceeded::Interrupted);
        }
        if let Some(end) = self.cpu_deadline.get() {
            if thread_cpu().is_some_and(|now| now >= end) {
                return Err(Exceeded::Timeout(self.limits.timeout.unwrap_or_default()));
            }
        }
        if let Some(deadline) = self.deadline.get() {
            if now() >= deadline {
                return Err(Exceeded::Timeout(self.limits.timeout.unwrap_or_default()));
            }
        }
        if allocated() > self.limits.max_memory {
            return Err(Exceeded::Memory(self.limits.max_memory));
        }
        Ok(())
    }

    /// Asks before one large allocation of `bytes`: refused when it would take the
    /// process past the memory limit.
    pub fn reserve(&self, bytes: usize) -> Result<(), Exceeded> {
        if allocated().saturating_add(bytes) > self.limits.max_memory {
            return Err(Exceeded::Memory(self.limits.max_memory));
        }
        Ok(())
    }

    /// Asks before a hash table of `len` entries in room for `capacity`
    /// grows: it allocates a table twice as large while the old one is still
    /// held, so a check after the insertion would let the peak pass the
    /// limit by half. `entry` is the bytes of one entry.
    pub fn before_growth(&self, len: usize, capacity: usize, entry: usize) -> Result<(), Exceeded> {
        if len < capacity {
            return Ok(());
        }
        self.reserve(capacity.max(16).saturating_mul(2).saturating_mul(entry + 1))
    }

    /// Records `n` more positions kept in memo tables. The memory in use is
    /// compared with the limit here too, not only every few thousand ticks: a
    /// position can be large (a list of 100,000 heaps is 800 kB, and a few
    /// thousand of them pass the limit many times over between two ticks).
    pub fn add_positions(&self, n: usize) -> Result<(), Exceeded> {
        let total = self.positions.get().saturating_add(n);
        self.positions.set(total);
        if total > self.limits.max_positions {
            return Err(Exceeded::Positions(self.limits.max_positions));
        }
        if allocated() > self.limits.max_memory {
            return Err(Exceeded::Memory(self.limits.max_memory));
        }
        Ok(())
    }

    /// Room left for positions.
    pub fn positions_left(&self) -> usize {
        self.limits
            .max_positions
            .saturating_sub(self.positions.get())
    }

    /// Positions kept so far.
    pub fn positions(&self) -> usize {
        self.positions.get()
    }

    /// Forgets the positions count (the memo tables were emptied).
    pub fn reset_positions(&self) {
        self.positions.set(0);
    }

    /// Gives back `n` positions a search kept only while it ran.
    pub fn release_positions(&self, n: usize) {
        self.positions.set(self.positions.get().saturating_sub(n));
    }
}

/// The CPU time this thread has used, where the system tells it.
fn thread_cpu() -> Option<Duration> {
    #[cfg(unix)]
    {
        use nix::time::{clock_gettime, ClockId};
        let t = clock_gettime(ClockId::CLOCK_THREAD_CPUTIME_ID).ok()?;
        Some(Duration::new(
            u64::try_from(t.tv_sec()).ok()?,
            u32::try_from(t.tv_nsec()).ok()?,
        ))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Whether the current thread's stack is nearly used up: the evaluator and
/// checker recurse on the expression tree (never per position), and a `let`
/// function recursing through a deep expression multiplies the two, so they
/// ask before going deeper and end with a diagnostic instead of an abort. A
/// reserve of an eighth of the stack (at least 256 KiB, at most 8 MiB) is kept
/// for the work done between two checks. Costs a thread-local read and a
/// comparison; where the stack's bounds cannot be read it is never low.
#[inline]
pub fn stack_is_low() -> bool {
    thread_local! {
        static FLOOR: Cell<usize> = const { Cell::new(usize::MAX) };
    }
    let here = 0u8;
    let here = std::ptr::addr_of!(here) as usize;
    FLOOR.with(|floor| {
        let mut f = floor.get();
        if f == usize::MAX {
            f = stack_floor(here);
            floor.set(f);
        }
        here < f
    })
}

/// The lowest address [`stack_is_low`] lets the stack reach, from the address
/// of a local (`here`) and what is left below it; 0 when that is unknown.
#[cold]
fn stack_floor(here: usize) -> usize {
    let Some(left) = remaining_stack() else {
        return 0;
    };
    let bottom = here.saturating_sub(left);
    let size = left.clamp(1 << 20, 1 << 30);
    bottom.saturating_add((size / 8).clamp(256 << 10, 8 << 20))
}

/// The bytes of stack left to this thread, where they can be read.
#[cfg(not(target_family = "wasm"))]
pub fn remaining_stack() -> Option<usize> {
    stacker::remaining_stack()
}

/// The bytes of stack left in WebAssembly. The stack is the first region of
/// linear memory and grows down towards address 0 (the playground links with
/// `--stack-first`, web/build.sh), so the address of a local is what is left
/// of it; but every frame also takes the browser's own stack, which V8 keeps
/// to about 1 MB and which runs out first: measured in V8, a `let` function
/// recursing 750 deep (2.3 kB of linear stack a level) and a chain of 2,200
/// unary minuses (550 bytes a level) overflowed it at 1.2–1.7 MB of linear
/// stack. So only the top [`WASM_STACK`] counts.
#[cfg(target_family = "wasm")]
pub fn remaining_stack() -> Option<usize> {
    let here = 0u8;
    Some((std::ptr::addr_of!(here) as usize).min(WASM_STACK))
}

/// The linear stack WebAssembly code may use: see [`remaining_stack`].
#[cfg(target_family = "wasm")]
const WASM_STACK: usize = 1 << 20;

/// The default `--max-memory`: half the physical memory, and at most a third of
/// the address space the process may use (`ulimit -v`), so that a table that
/// doubles near the limit still fits. 4 GiB where neither can be read. Read
/// once per process: every engine starts with it, and reading `/proc` took
/// about 45 µs, a third of a small program's run.
pub fn default_max_memory() -> usize {
    static ONCE: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *ONCE.get_or_init(read_max_memory)
}

/// [`default_max_memory`], read from the system.
fn read_max_memory() -> usize {
    let physical = meminfo_total().map(|b| b / 2);
    let address_space = address_space_limit().map(|b| b / 3);
    match (physical, address_space) {
        (Some(a), Some(b)) => a.min(b),
        (Some(a), None) => a,
        (None, Some(b)) => b,
        // 4 GiB, or all a 32-bit address space holds (WebAssembly).
        (None, None) => usize::try_from(4u64 << 30).unwrap_or(usize::MAX),
    }
}

/// Total physical memory in bytes (Linux `/proc/meminfo`).
fn meminfo_total() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// The most `--max-memory` may be: half the address space the process may
/// use (`ulimit -v`), if it is limited. A larger limit would never be
/// reached: an allocation would fail first, and that aborts the process.
pub fn max_memory_ceiling() -> Option<usize> {
    address_space_limit().map(|b| b / 2)
}

/// The soft address-space limit in bytes, if one is set (Linux `/proc/self/limits`).
fn address_space_limit() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = text.lines().find(|l| l.starts_with("Max address space"))?;
    let soft = line
        .trim_start_matches("Max address space")
        .split_whitespace()
        .next()?;
    soft.parse().ok()
}

/// A size written with an optional unit: `512M`, `4G`, `1.5G`, `100000` (bytes).
pub fn parse_size(text: &str) -> Option<usize> {
    let t = text.trim();
    let (number, unit) = match t.find(|c: char| c.is_ascii_alphabetic()) {
        Some(i) => t.split_at(i),
        None => (t, ""),
    };
    let factor: f64 = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 1.0,
        "K" | "KB" | "KIB" => 1024.0,
        "M" | "MB" | "MIB" => 1024.0 * 1024.0,
        "G" | "GB" | "GIB" => 1024.0 * 1024.0 * 1024.0,
        "T" | "TB" | "TIB" => 1024.0 * 1024.0 * 1024.0 * 1024.0,
        _ => return None,
    };
    let value: f64 = number.trim().parse().ok()?;
    if !value.is_finite() || value < 0.0 {
        return None;
    }
    let bytes = value * factor;
    (bytes < 1.8e19).then_some(bytes as usize)
}

/// A byte count for people: `512 MiB`, `3.5 GiB`.
pub fn show_size(bytes: usize) -> String {
    const UNITS: [&str; 5] = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    let name = UNITS.get(unit).copied().unwrap_or("bytes");
    if unit == 0 || value.fract() == 0.0 {
        format!("{value:.0} {name}")
    } else {
        format!("{value:.1} {name}")
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use std::time::Instant;

    #[test]
    fn sizes_parse_with_units() {
        assert_eq!(parse_size("100"), Some(100));
        assert_eq!(parse_size("2K"), Some(2048));
        assert_eq!(parse_size("512M"), Some(512 << 20));
        assert_eq!(parse_size("4G"), Some(4 << 30));
        assert_eq!(parse_size("1.5GiB"), Some(3 << 29));
        assert_eq!(parse_size("lots"), None);
        assert_eq!(parse_size("-1G"), None);
        assert_eq!(show_size(512 << 20), "512 MiB");
    }

    /// Recursing until the stack is low, on a thread with a small stack,
    /// stops before the stack overflows (an overflow would abort the test).
    #[test]
    fn a_recursion_that_asks_stops_before_the_stack_ends() {
        fn down(depth: usize) -> usize {
            let pad = [depth as u8; 512];
            if stack_is_low() {
                return depth;
            }
            down(depth + 1) + usize::from(std::hint::black_box(pad)[7] == 1)
        }
        let depth = std::thread::Builder::new()
            .stack_size(4 << 20)
            .spawn(|| down(0))
            .expect("thread")
            .join()
            .expect("no overflow");
        assert!(
            depth > 1000,
            "stopped after {depth} levels of a 4 MiB stack"
        );
        assert!(!stack_is_low(), "the test thread's own stack is not low");
    }

    /// A trial's time is the thread's CPU time: waiting (as a thread does on
    /// a machine busy with other work) does not spend it, working does.
    #[test]
    fn a_trial_spends_cpu_time_not_waiting() {
        if thread_cpu().is_none() {
            return;
        }
        let trial = Budget::default().trial(Duration::from_millis(60));
        std::thread::sleep(Duration::from_millis(120));
        assert!(
            trial.check().is_ok(),
            "120 ms of waiting spent a 60 ms trial"
        );
        let started = Instant::now();
        let mut x = 0u64;
        while trial.check().is_ok() {
            for i in 0..10_000u64 {
                x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(i));
            }
            assert!(started.elapsed() < Duration::from_secs(5), "never ended");
        }
        assert!(started.elapsed() >= Duration::from_millis(50), "{x}");
    }

    #[test]
    fn interrupt_is_seen_within_a_check() {
        let budget = Budget::default();
        budget.start();
        budget.cancel_flag().store(true, Ordering::Relaxed);
        let mut stopped = false;
        for _ in 0..=TICKS_PER_CHECK {
            if budget.tick() == Err(Exceeded::Interrupted) {
                stopped = true;
                break;
            }
        }
        assert!(stopped);
    }

    #[test]
    fn reserve_refuses_beyond_the_limit() {
        let budget = Budget::new(Limits {
            max_memory: allocated() + (1 << 20),
            ..Limits::default()
        });
        assert!(budget.reserve(1 << 10).is_ok());
        assert_eq!(
            budget.reserve(1 << 30),
            Err(Exceeded::Memory(budget.limits().max_memory))
        );
    }

    #[test]
    fn positions_are_counted() {
        let budget = Budget::new(Limits {
            max_positions: 10,
            ..Limits::default()
        });
        assert!(budget.add_positions(10).is_ok());
        assert_eq!(budget.add_positions(1), Err(Exceeded::Positions(10)));
        budget.reset_positions();
        assert_eq!(budget.positions_left(), 10);
    }
}

/// When heap games that split heaps use sparse space (the take-and-break
/// fill of `solve/`): a limit the caller sets, like the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SparseMode {
    /// While the chosen mask leaves few heaps rare.
    #[default]
    Auto,
    /// Whenever it applies, from small heaps on, however many heaps are rare
    /// (it is exact for every mask: tests compare it with the plain loop).
    Always,
    /// Never.
    Never,
}

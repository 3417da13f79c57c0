//! Finding and proving a period while the values stream past, holding only a
//! few of them:
//!
//! - **candidates.** A rolling hash of the last [`WINDOW`] values marks the
//!   heaps where it is 0 modulo [`SAMPLE`] as anchors (chosen by content, so
//!   a periodic stretch has its anchors at the same places in every period);
//!   an anchor whose window was seen at an earlier anchor proposes their
//!   distance as the period. Short periods, whose few windows may all miss
//!   the sample, are looked for directly in the last [`RECENT`] values every
//!   so often.
//! - **the run.** For the candidate p, the heaps from `since` on all have
//!   g(n) = g(n − p): found backwards from the file when p is proposed, then
//!   extended value by value (g(n − p) read in blocks from the file).
//! - **the proof.** Once the run reaches the end of the window the code's
//!   theorem asks for (Guy–Smith: 2·max(l, 1) + 2p + t heaps for a code that
//!   splits, l + p + t for a subtraction game; see `certify.rs`), the period
//!   holds for ever, with preperiod l = since − p.

use super::store::{mul, Store, P};
use super::SweepError;
use crate::solve::impartial::certify::Theorem;
use crate::solve::impartial::periodicity::Regularity;
use rustc_hash::FxHashMap;

/// Values in a hashed window.
const WINDOW: usize = 64;
/// One heap in about this many is an anchor.
const SAMPLE: u64 = 1 << 10;
/// Values kept for the direct search of short periods.
const RECENT: usize = 1 << 16;
/// The longest period searched for directly.
const SHORT: usize = 1 << 13;
/// Values read from the file at once.
const BLOCK: usize = 1 << 16;

const B: u64 = 0x3c6e_f372_fe94_f82b % P;

/// A block of values read from the file.
#[derive(Debug, Default)]
struct Reader {
    buf: Vec<u16>,
    from: usize,
}

impl Reader {
    /// g(i), reading a block forwards (or backwards) from i when it is not
    /// held; `seen` heaps are known.
    fn get(
        &mut self,
        i: usize,
        seen: usize,
        backwards: bool,
        store: &mut Store,
    ) -> Result<u16, SweepError> {
        if i < self.from || i >= self.from + self.buf.len() {
            let from = if backwards {
                (i + 1).saturating_sub(BLOCK)
            } else {
                i
            };
            let len = BLOCK.min(seen - from);
            self.buf.resize(len, 0);
            store.read(from, &mut self.buf)?;
            self.from = from;
        }
        Ok(self.buf.get(i - self.from).copied().unwrap_or(0))
    }
}

/// A candidate period and how far back it has held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Run {
    p: usize,
    /// g(n) = g(n − p) for since ≤ n < the heaps seen.
    since: usize,
}

/// The period search of one sweep.
#[derive(Debug)]
pub struct Periods {
    theorem: Option<Theorem>,
    roll: u64,
    /// B^WINDOW, to drop the oldest value from the rolling hash.
    out: u64,
    recent: Vec<u16>,
    anchors: FxHashMap<u64, usize>,
    run: Option<Run>,
    /// Reads g(n − p).
    lag: Reader,
    /// Reads g(n) going backwards.
    back: Reader,
    /// A proposed period is being checked backwards.
    backwards: bool,
    /// Heaps seen.
    seen: usize,
    /// The proven regularity.
    pub proven: Option<Regularity>,
}

impl Periods {
    /// A search that proves by `theorem` (none: it only observes).
    pub fn new(theorem: Option<Theorem>) -> Periods {
        let out = (0..WINDOW).fold(1, |acc, _| mul(acc, B));
        Periods {
            theorem,
            roll: 0,
            out,
            recent: vec![0; RECENT],
            anchors: FxHashMap::default(),
            run: None,
            lag: Reader::default(),
            back: Reader::default(),
            backwards: false,
            seen: 0,
            proven: None,
        }
    }

    /// The search after `seen` heaps kept in `store` (a resumed sweep): the
    /// recent values and the rolling hash are read back; anchors start again.
    pub fn resume(
        theorem: Option<Theorem>,
        seen: usize,
        store: &mut Store,
    ) -> Result<Periods, SweepError> {
        let mut periods = Periods::new(theorem);
        let from = seen.saturating_sub(RECENT);
        let mut tail = vec![0u16; seen - from];
        store.read(from, &mut tail)?;
        for (i, &v) in tail.iter().enumerate() {
            let n = from + i;
            if let Some(slot) = periods.recent.get_mut(n % RECENT) {
                *slot = v;
            }
            if n + WINDOW >= seen {
                periods.roll = (mul(periods.roll, B) + u64::from(v) + 1) % P;
            }
        }
        periods.seen = seen;
        Ok(periods)
    }

    fn at(&self, n: usize) -> u16 {
        self.recent.get(n % RECENT).copied().unwrap_or(0)
    }

    /// g(i) for i below the heaps seen, by the lagged reader (or the other).
    fn value(&mut self, i: usize, lagged: bool, store: &mut Store) -> Result<u16, SweepError> {
        if i + RECENT > self.seen && i < self.seen {
            return Ok(self.at(i));
        }
        let seen = self.seen;
        match lagged {
            true => self.lag.get(i, seen, self.backwards, store),
            false => self.back.get(i, seen, true, store),
        }
    }

    /// Takes heap `n`'s value `v` (heaps in order, all earlier ones already
    /// given to the store).
    pub fn push(&mut self, n: usize, v: u16, store: &mut Store) -> Result<(), SweepError> {
        if self.proven.is_some() {
            self.seen = n + 1;
            return Ok(());
        }
        let old = if n >= WINDOW { self.at(n - WINDOW) } else { 0 };
        if let Some(slot) = self.recent.get_mut(n % RECENT) {
            *slot = v;
        }
        self.seen = n + 1;
        // The value leaving the window (none while the window fills).
        let dropped = if n >= WINDOW {
            mul(u64::from(old) + 1, self.out)
        } else {
            0
        };
        let r = mul(self.roll, B) + u64::from(v) + 1 + (P - dropped);
        self.roll = r % P;
        if let Some(run) = self.run {
            if self.value(n - run.p, true, store)? != v {
                self.run = Some(Run {
                    since: n + 1,
                    ..run
                });
            }
        }
        if n + 1 >= WINDOW && self.roll % SAMPLE == 0 {
            if let Some(&earlier) = self.anchors.get(&self.roll) {
                self.propose(n - earlier, store)?;
            }
            self.anchors.insert(self.roll, n);
        }
        self.settle();
        Ok(())
    }

    /// Searches the recent values for a short period, seen at least three
    /// times over (every few thousand heaps).
    pub fn look_short(&mut self, store: &mut Store) -> Result<(), SweepError> {
        if self.proven.is_some() || self.run.is_some_and(|r| self.seen - r.since >= r.p) {
            return Ok(());
        }
        let end = self.seen;
        // The last half of the values seen, at most RECENT of them.
        let held_over = (end / 2).min(RECENT);
        let held = |p: usize| (end - held_over + p..end).all(|i| self.at(i) == self.at(i - p));
        if let Some(p) = (1..=SHORT.min(held_over / 3)).find(|&p| held(p)) {
            self.propose(p, store)?;
        }
        self.settle();
        Ok(())
    }

    /// Tests `p` against the values seen: how far back g(n) = g(n − p) holds.
    /// The candidate that has held longer is kept.
    fn propose(&mut self, p: usize, store: &mut Store) -> Result<(), SweepError> {
        if self.run.is_some_and(|run| run.p == p) {
            return Ok(());
        }
        let mut since = self.seen;
        self.backwards = true;
        let held = self.run.map_or(self.seen, |run| run.since);
        // Looking further back than the candidate's run cannot change the
        // choice, but a proof needs the exact start: go on to a mismatch.
        while since > p {
            let i = since - 1;
            if self.value(i, false, store)? != self.value(i - p, true, store)? {
                break;
            }
            since = i;
        }
        self.backwards = false;
        self.back = Reader::default();
        self.lag = Reader::default();
        if since < held {
            self.run = Some(Run { p, since });
        }
        Ok(())
    }

    /// Proves the candidate when the values seen reach the theorem's window.
    fn settle(&mut self) {
        let (Some(run), Some(theorem)) = (self.run, &self.theorem) else {
            return;
        };
        let regularity = Regularity {
            preperiod: run.since - run.p,
            period: run.p,
            saltus: 0,
            proven: true,
        };
        if theorem
            .needs(&regularity)
            .is_some_and(|need| self.seen >= need)
            && self.seen - run.since >= run.p
        {
            self.proven = Some(regularity);
        }
    }
}

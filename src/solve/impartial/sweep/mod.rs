//! `sequence G a..b into "DIR"`: the values of a finite take-and-break code
//! over a range too long to hold, streamed to a file by sparse space on both
//! cores, with checkpoints a later run resumes from and a checksum two runs
//! can be compared by, and the period proven as the values pass when there
//! is one. Memory is bounded by the rare heaps (a ring of the last heaps and
//! a prefix of the first), not by the range.

pub(crate) mod engine;
pub(crate) mod period;
pub(crate) mod pipeline;
pub(crate) mod store;

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)]
mod tests;

use crate::budget::{Budget, Exceeded};
use crate::game::compiled::shape::code::Code;
use crate::game::compiled::shape::Shape;
use crate::solve::impartial::certify::Theorem;
use crate::solve::impartial::periodicity::Regularity;
use engine::{Engine, Far, Known, Rare, Rules, Tally};
use period::Periods;
use pipeline::{Ended, Sink};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use store::{Checkpoint, Checksum, Segment, Store};

/// Why a sweep stopped or could not start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SweepError {
    /// A file could not be read or written.
    Io {
        /// The file.
        path: String,
        /// What the system said.
        message: String,
    },
    /// The directory's files are not what its checkpoint says.
    Damaged {
        /// The file.
        path: String,
        /// What is wrong.
        why: String,
    },
    /// The directory holds another game's sweep.
    OtherGame {
        /// The directory.
        dir: String,
        /// The game whose values it holds.
        found: String,
    },
    /// The game is not a code the sweep takes.
    Unsupported(String),
    /// A value past two bytes.
    TooWide {
        /// Where.
        heap: u64,
    },
    /// A limit (Ctrl-C, the time, memory) stopped it; the checkpoint is saved.
    Stopped {
        /// Which limit.
        limit: Exceeded,
        /// Heaps kept.
        heaps: u64,
    },
}

/// What `sequence … into` asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// The directory of the values file and checkpoint.
    pub dir: PathBuf,
    /// Heaps `0..to` (fewer when a period is proven first).
    pub to: u64,
    /// Threads to use (1 or 2).
    pub threads: usize,
    /// Seconds between checkpoints.
    pub save_every: Duration,
    /// Sizes of the parts held in memory.
    pub sizes: Sizes,
}

/// How much of the values the sweep holds, and how it schedules the work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sizes {
    /// Heaps kept from the start (the scans read them; the mask is chosen
    /// from them, and the second thread starts after them).
    pub prefix: usize,
    /// The smallest ring of recent heaps.
    pub ring: usize,
    /// Longest epoch of the two-thread pipeline, in heaps (the split point
    /// is chosen again after each).
    pub epoch: usize,
    /// The fewest rare heaps past the split point for which the second
    /// thread is started…
    pub far_heaps: usize,
    /// … or the fewest splits a heap's witness scan takes on one thread.
    pub far_splits: usize,
    /// The small parts of the scans' order the second thread splits heaps
    /// at in its first epoch (the epochs then move it).
    pub far_scan: usize,
}

impl Default for Sizes {
    fn default() -> Self {
        Sizes {
            prefix: 1 << 20,
            ring: 1 << 22,
            epoch: 1 << 22,
            far_heaps: 64,
            far_splits: 128,
            far_scan: 0,
        }
    }
}

/// What a sweep found.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// The code, as grundy writes it.
    pub game: String,
    /// Heaps known now (values 0..heaps in the file).
    pub heaps: u64,
    /// The end of the range asked for.
    pub asked: u64,
    /// Heaps known when this run started.
    pub resumed_from: u64,
    /// Seconds this run computed.
    pub seconds: f64,
    /// Threads used.
    pub threads: usize,
    /// The mask of the rare/common split.
    pub mask: Option<u32>,
    /// Rare heaps and their values.
    pub rare: Vec<(u32, u16)>,
    /// The largest value.
    pub largest: u16,
    /// Checksum of values 0..heaps.
    pub checksum: Checksum,
    /// The runs that wrote the values.
    pub segments: Vec<Segment>,
    /// The period, proven by the theorem named.
    pub period: Option<(Regularity, &'static str)>,
    /// Witness-scan statistics of this run.
    pub tally: Tally,
    /// Values read back from the file (outside the prefix and the ring).
    pub far_reads: u64,
    /// The directory.
    pub dir: String,
}

impl Far for Store {
    fn value(&mut self, i: usize) -> Result<u16, SweepError> {
        let mut one = [0u16];
        self.read(i, &mut one)?;
        Ok(one[0])
    }

    fn values(&mut self, from: usize, out: &mut [u16]) -> Result<(), SweepError> {
        self.read(from, out)
    }
}

/// The sweep's side of the pipeline: the file, the checksums, the period
/// search and the budget.
struct Writer<'b> {
    store: Store,
    sum: Checksum,
    segment: Checksum,
    periods: Periods,
    budget: &'b Budget,
    last_save: Instant,
    save_every: Duration,
    limit: Option<Exceeded>,
}

impl Far for Writer<'_> {
    fn value(&mut self, i: usize) -> Result<u16, SweepError> {
        self.store.value(i)
    }

    fn values(&mut self, from: usize, out: &mut [u16]) -> Result<(), SweepError> {
        self.store.read(from, out)
    }
}

impl Sink for Writer<'_> {
    fn put(&mut self, n: usize, v: u16) -> Result<(), SweepError> {
        self.store.put(v)?;
        self.sum.push(v);
        self.segment.push(v);
        self.periods.push(n, v, &mut self.store)
    }

    fn pause(&mut self, _n: usize) -> Result<bool, SweepError> {
        if let Err(e) = self.budget.check() {
            self.limit = Some(e);
            return Ok(true);
        }
        self.periods.look_short(&mut self.store)?;
        Ok(self.periods.proven.is_some() || self.last_save.elapsed() >= self.save_every)
    }

    fn far(&mut self) -> &mut dyn Far {
        self
    }
}

/// The ring size for rare heaps up to `last` and a split point up to a
/// quarter of it.
fn ring_for(last: usize, t: usize, sizes: &Sizes) -> usize {
    (4 * (last + t + 1))
        .next_power_of_two()
        .max(sizes.ring.next_power_of_two())
}

/// How the two threads share the work, found epoch by epoch.
#[derive(Debug, Clone, Copy)]
struct Balance {
    /// The far worker's share of the rare heaps.
    share: f64,
    /// The small parts of the scans' order it splits heaps at too.
    scan: usize,
    /// The next epoch's length in heaps: short while a worker waits, so that
    /// the balance is found early, then doubling.
    epoch: usize,
    /// The shortest and the longest epoch.
    shortest: usize,
    longest: usize,
}

impl Balance {
    fn new(sizes: &Sizes) -> Balance {
        let shortest = (sizes.epoch >> 6).max(1);
        Balance {
            share: 0.5,
            scan: sizes.far_scan.min(MOST_FAR_PARTS),
            epoch: shortest,
            shortest,
            longest: sizes.epoch,
        }
    }

    /// After an epoch of `seconds` with these waits: the far worker idle,
    /// give it more (rare heaps first, then splits of the scan); the near
    /// one idle, less. Waits under a twentieth of the epoch, or under twice
    /// the other worker's, are balance.
    fn adjust(&mut self, waits: pipeline::Waits, seconds: f64) {
        let idle = |w: f64, other: f64| w > seconds / 20.0 && w > 2.0 * other;
        if idle(waits.far, waits.near) {
            if self.share < 1.0 {
                self.share = (self.share + 0.25).min(1.0);
            } else {
                self.scan = (self.scan + self.scan / 4 + 64).min(MOST_FAR_PARTS);
            }
            self.epoch = self.shortest;
        } else if idle(waits.near, waits.far) {
            if self.scan > 0 {
                self.scan = (self.scan - self.scan / 5).saturating_sub(32);
            } else {
                self.share = (self.share - 0.1).max(0.05);
            }
            self.epoch = self.shortest;
        } else {
            self.epoch = (self.epoch * 2).min(self.longest);
        }
    }
}

/// The most small parts the far worker splits heaps at (their list, 6 bytes
/// a part, is held besides the memory the budget counts).
const MOST_FAR_PARTS: usize = 1 << 16;

/// The split point giving the far worker about `share` of the rare heaps
/// (and never closer than 256 heaps, nor past a quarter of the ring).
fn split_point(rare: &[(u32, u16)], share: f64, ring: usize) -> u32 {
    let i = ((1.0 - share) * rare.len() as f64) as usize;
    let at = rare.get(i).map_or(u32::MAX, |&(r, _)| r);
    at.max(256).min((ring / 4) as u32)
}

/// Sweeps `code` as `request` asks, resuming from the directory's
/// checkpoint when it has one.
pub fn sweep(code: &Code, request: &Request, budget: &Budget) -> Result<Report, SweepError> {
    let rules = Rules::of(code).map_err(SweepError::Unsupported)?;
    let game = code.to_string();
    let shape = Shape {
        code: Some(code.clone()),
        ..Shape::default()
    };
    let theorem = Theorem::of(&shape);
    let dir = &request.dir;
    let sizes = request.sizes;
    let saved = Store::read_checkpoint(dir)?;
    if let Some(c) = &saved {
        if c.game != game {
            return Err(SweepError::OtherGame {
                dir: dir.display().to_string(),
                found: c.game.clone(),
            });
        }
    }
    let heaps = saved.as_ref().map_or(0, |c| c.sum.len);
    // A fresh sweep writes its checkpoint before any value, so a values file
    // with no checkpoint is not one of grundy's: it is left alone.
    let values = Store::values_path(dir);
    if saved.is_none() && std::fs::metadata(&values).is_ok_and(|m| m.len() > 0) {
        return Err(SweepError::Damaged {
            path: values.display().to_string(),
            why: "there is no checkpoint.json beside it, so grundy did not start it".into(),
        });
    }
    let mut store = Store::open(dir, heaps)?;
    if saved.is_none() {
        store.save(&Checkpoint {
            game: game.clone(),
            sum: Checksum::default(),
            mask: None,
            rare: Vec::new(),
            segments: Vec::new(),
            period: None,
        })?;
    }
    // Re-read what is kept: its checksum, the histogram, the rare heaps.
    let mask = saved.as_ref().and_then(|c| c.mask);
    let mut sum = Checksum::default();
    let mut histogram = vec![0u64; 64];
    let mut rare = Vec::new();
    let mut largest = 0u16;
    store.scan(|at, block| {
        for (i, &v) in block.iter().enumerate() {
            sum.push(v);
            largest = largest.max(v);
            let slot = usize::from(v);
            if slot >= histogram.len() {
                histogram.resize((slot + 1).next_power_of_two(), 0);
            }
            if let Some(c) = histogram.get_mut(slot) {
                *c += 1;
            }
            if mask.is_some_and(|m| {
                crate::solve::impartial::sparse::is_rare(u64::from(v), u64::from(m))
            }) {
                rare.push(((at + i) as u32, v));
            }
        }
        Ok(())
    })?;
    if let Some(c) = &saved {
        if c.sum != sum || c.rare != rare {
            return Err(SweepError::Damaged {
                path: Store::values_path(dir).display().to_string(),
                why: "its values do not match the checkpoint's checksum".into(),
            });
        }
    }
    let last_rare = rare.last().map_or(0, |&(r, _)| r as usize);
    let mut ring = ring_for(last_rare, rules.t, &sizes);
    budget
        .reserve(Known::bytes(sizes.prefix, ring))
        .map_err(|limit| SweepError::Stopped { limit, heaps })?;
    let known = Known::reload(sizes.prefix, ring, heaps as usize, &mut store)?;
    let words = (usize::from(largest) + 1).next_power_of_two().div_ceil(64);
    histogram.resize(histogram.len().max(words * 64), 0);
    let mut engine = Engine::new(rules, known);
    engine.words = words;
    engine.histogram = histogram;
    engine.rare = match mask {
        Some(m) => {
            let mut r = Rare::new(m, &[], words);
            r.heaps = rare;
            r
        }
        None => Rare::default(),
    };
    engine.resume_choices();
    let mut periods = Periods::resume(theorem.clone(), heaps as usize, &mut store)?;
    // A period proven before: the checksum says these are the values it was
    // proven on.
    periods.proven = saved
        .as_ref()
        .and_then(|c| c.period)
        .map(|(l, p)| Regularity {
            preperiod: l,
            period: p,
            saltus: 0,
            proven: true,
        });
    let threads = if cfg!(target_family = "wasm") {
        1
    } else {
        request.threads.clamp(1, 2)
    };
    let mut writer = Writer {
        store,
        sum,
        segment: Checksum::default(),
        periods,
        budget,
        last_save: Instant::now(),
        save_every: request.save_every,
        limit: None,
    };
    let mut segments = saved.map(|c| c.segments).unwrap_or_default();
    let started = Instant::now();
    let to = usize::try_from(request.to).unwrap_or(usize::MAX);
    let mut balance = Balance::new(&sizes);
    // Splits a heap's witness scan took on one thread, lately.
    let mut scans = 0.0;
    let mut threads_used = 1;
    let save = |engine: &Engine, writer: &mut Writer<'_>, segments: &[Segment]| {
        let mut all = segments.to_vec();
        if writer.segment.len > 0 {
            all.push(Segment {
                from: heaps,
                sum: writer.segment,
                seconds: started.elapsed().as_secs_f64(),
            });
        }
        writer.last_save = Instant::now();
        writer.store.save(&Checkpoint {
            game: game.clone(),
            sum: writer.sum,
            mask: engine.rare.mask,
            rare: engine.rare.heaps.clone(),
            segments: all,
            period: writer.periods.proven.map(|r| (r.preperiod, r.period)),
        })
    };
    while engine.known.front < to && writer.periods.proven.is_none() {
        let front = engine.known.front;
        let last = engine.rare.heaps.last().map_or(0, |&(r, _)| r as usize);
        if ring_for(last, engine.rules.t, &sizes) > ring {
            ring = ring_for(last, engine.rules.t, &sizes);
            writer.store.flush()?;
            engine.known = Known::reload(sizes.prefix, ring, front, &mut writer.store)?;
        }
        let split = split_point(&engine.rare.heaps, balance.share, ring);
        // The second thread pays for handing over its marks every heap only
        // when it has work enough: rare heaps to XOR (Grundy's game: over a
        // thousand; 0.1777: sixteen, all below any split point), or long
        // scans to share (0.1777: about 200 splits a heap).
        let far_heaps =
            engine.rare.heaps.len() - engine.rare.heaps.partition_point(|&(r, _)| r < split);
        let two = threads == 2
            && front >= sizes.prefix
            && engine.rare.mask.is_some()
            && engine.rules.splits()
            && (far_heaps >= sizes.far_heaps || scans >= sizes.far_splits as f64);
        threads_used = threads_used.max(if two { 2 } else { 1 });
        let ended = if two {
            let until = to.min(front + balance.epoch);
            let began = Instant::now();
            let (ended, waits) =
                pipeline::epoch(&mut engine, until, split, balance.scan, &mut writer)?;
            balance.adjust(waits, began.elapsed().as_secs_f64());
            ended
        } else {
            // With two threads allowed, the choice is made again after the
            // prefix and then after every short epoch, on the scans measured.
            let until = if threads == 2 && front < sizes.prefix {
                to.min(sizes.prefix)
            } else if threads == 2 {
                to.min(front + balance.shortest)
            } else {
                to
            };
            let scanned = engine.tally.scanned;
            let ended = pipeline::alone(&mut engine, until, &mut writer)?;
            let valued = engine.known.front - front;
            if valued > 0 {
                scans = (engine.tally.scanned - scanned) as f64 / valued as f64;
            }
            ended
        };
        if ended == Ended::Asked || writer.last_save.elapsed() >= writer.save_every {
            save(&engine, &mut writer, &segments)?;
        }
        if let Some(limit) = writer.limit {
            return Err(SweepError::Stopped {
                limit,
                heaps: engine.known.front as u64,
            });
        }
    }
    save(&engine, &mut writer, &segments)?;
    if writer.segment.len > 0 {
        segments.push(Segment {
            from: heaps,
            sum: writer.segment,
            seconds: started.elapsed().as_secs_f64(),
        });
    }
    let largest = engine
        .histogram
        .iter()
        .rposition(|&c| c > 0)
        .map_or(0, |v| v as u16);
    Ok(Report {
        game,
        heaps: engine.known.front as u64,
        asked: request.to,
        resumed_from: heaps,
        seconds: started.elapsed().as_secs_f64(),
        threads: threads_used,
        mask: engine.rare.mask,
        rare: engine.rare.heaps.clone(),
        largest,
        checksum: writer.sum,
        segments,
        period: writer
            .periods
            .proven
            .zip(theorem.as_ref().map(Theorem::name)),
        tally: engine.tally,
        far_reads: engine.known.far_reads,
        dir: dir.display().to_string(),
    })
}

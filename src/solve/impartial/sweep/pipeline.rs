//! Both cores on one sequence. A heap's value needs the value of the heap
//! just below it (the rare heap 1 is split off every heap), so blocks of
//! heaps cannot be valued side by side; what can be shared out is the work
//! inside each heap. The XORs of the rare heaps `r ≥ D` against their
//! partners need only values at least `D` heaps back, so a second thread
//! (the far worker) does them up to `D − 1` heaps ahead of the first, with
//! the first splits of the witness scan whose small part is at least `D`,
//! and hands each heap's marks over through a ring of bitsets; the first
//! thread (the near worker) adds the rare heaps below `D` and the take-away
//! moves, scans on from where the far worker stopped while a rare value
//! below the least common one is unwitnessed, and takes the mex. `D` and the
//! far worker's part of the scan move between epochs so that neither waits
//! for the other.
//!
//! Both threads read the values through the same ring of atomics: the near
//! worker stores a value, then publishes the count of heaps known with
//! release ordering, and the far worker reads only below a count it
//! acquired.

use super::engine::{far_marks, Engine, Far, Given, Marks};

use super::SweepError;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

/// How one epoch ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// It reached the heap asked for.
    Done,
    /// The values widened, or a rare heap appeared too far for the ring:
    /// start a new epoch.
    Regroup,
    /// The caller asked to stop (a checkpoint, a limit).
    Asked,
}

/// What one epoch measured, for choosing the next split point.
#[derive(Debug, Clone, Copy, Default)]
pub struct Waits {
    /// Seconds the near worker waited for the far one.
    pub near: f64,
    /// Seconds the far worker waited for the near one.
    pub far: f64,
}

/// What the near worker does with each value, and how it is told to stop.
pub trait Sink: Far {
    /// Takes heap `n`'s value (heaps come in order).
    fn put(&mut self, n: usize, v: u16) -> Result<(), SweepError>;
    /// Called every few thousand heaps: true to end the epoch here.
    fn pause(&mut self, n: usize) -> Result<bool, SweepError>;
    /// The same object as where far values are read.
    fn far(&mut self) -> &mut dyn Far;
}

/// Values heaps from `engine`'s front up to `until` on this thread alone.
pub fn alone(engine: &mut Engine, until: usize, sink: &mut dyn Sink) -> Result<Ended, SweepError> {
    for n in engine.known.front..until {
        let v = engine.value(None, sink.far())?;
        engine.record(v);
        sink.put(n, v)?;
        if n & 0xFFF == 0xFFF && sink.pause(n + 1)? {
            return Ok(Ended::Asked);
        }
    }
    Ok(Ended::Done)
}

/// Heaps between two publications of either worker's progress (the split
/// point is at least 256, so neither waits for the other's next batch).
const BATCH: usize = 64;

/// Spins, then yields, until `ready` holds or `stop` is set; returns the
/// seconds spent waiting (0 when it was ready at once).
fn wait_for(ready: impl Fn() -> bool, stop: &AtomicBool) -> f64 {
    if ready() {
        return 0.0;
    }
    let start = Instant::now();
    let mut spins = 0u32;
    while !ready() && !stop.load(Ordering::Relaxed) {
        spins += 1;
        if spins < 256 {
            std::hint::spin_loop();
        } else {
            std::thread::yield_now();
        }
    }
    start.elapsed().as_secs_f64()
}

/// Values heaps from `engine`'s front up to `until` on two threads, the far
/// worker taking the rare heaps from `split` on and the splits at the first
/// `scan` small parts of the scans' order.
pub fn epoch(
    engine: &mut Engine,
    until: usize,
    split: u32,
    scan: usize,
    sink: &mut dyn Sink,
) -> Result<(Ended, Waits), SweepError> {
    let start = engine.known.front;
    let words = engine.words;
    let handed = engine.rare.heaps.len();
    let far_rare: Vec<(u32, u16)> = engine
        .rare
        .heaps
        .iter()
        .filter(|&&(r, _)| r >= split)
        .copied()
        .collect();
    let lead = split as usize;
    let (parts, scanned) = engine.far_parts(lead, scan);
    let slots = lead.next_power_of_two();
    let bits: Vec<AtomicU64> = (0..slots * words).map(|_| AtomicU64::new(0)).collect();
    let front = AtomicUsize::new(start);
    let far_done = AtomicUsize::new(start);
    let stop = AtomicBool::new(false);
    let ring = engine.known.ring.clone();
    let rules = engine.rules.clone();
    let far_worker = || {
        let mut out = vec![0u64; words];
        let mut marks = Marks::new();
        let mut waited = 0.0;
        for n in start..until {
            waited += wait_for(|| front.load(Ordering::Acquire) + lead > n, &stop);
            if stop.load(Ordering::Relaxed) {
                break;
            }
            far_marks(&rules, &far_rare, &parts, &ring, n, &mut marks, &mut out);
            let at = (n & (slots - 1)) * words;
            for (slot, &w) in bits.iter().skip(at).zip(&out) {
                slot.store(w, Ordering::Relaxed);
            }
            // Published in batches: a store per heap would move the cache
            // line between the cores every heap.
            if (n + 1) % BATCH == 0 || n + 1 == until {
                far_done.store(n + 1, Ordering::Release);
            }
        }
        waited
    };
    std::thread::scope(|scope| {
        let far = scope.spawn(far_worker);
        let mut near_waited = 0.0;
        let mut given = vec![0u64; words];
        let mut ended = Ended::Done;
        let mut result = Ok(());
        for n in start..until {
            near_waited += wait_for(|| far_done.load(Ordering::Acquire) > n, &stop);
            let at = (n & (slots - 1)) * words;
            for (g, slot) in given.iter_mut().zip(bits.iter().skip(at)) {
                *g = slot.load(Ordering::Relaxed);
            }
            let handover = Given {
                bits: &given,
                skip_from: split,
                handed,
                scanned,
            };
            let v = match engine.value(Some(handover), sink.far()) {
                Ok(v) => v,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            };
            engine.record(v);
            if (n + 1) % BATCH == 0 {
                front.store(n + 1, Ordering::Release);
            }
            if let Err(e) = sink.put(n, v) {
                result = Err(e);
                break;
            }
            if engine.words != words {
                ended = Ended::Regroup;
                break;
            }
            if n & 0xFFF == 0xFFF {
                match sink.pause(n + 1) {
                    Ok(false) => {}
                    Ok(true) => {
                        ended = Ended::Asked;
                        break;
                    }
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
            }
        }
        front.store(engine.known.front, Ordering::Release);
        stop.store(true, Ordering::Relaxed);
        let far_waited = far.join().unwrap_or(0.0);
        result.map(|()| {
            (
                ended,
                Waits {
                    near: near_waited,
                    far: far_waited,
                },
            )
        })
    })
}

//! The sweep against a plain mex loop written here (every option of every
//! heap, no sparse space), one and two threads, resumed and interrupted; its
//! proofs against published periods.

use super::store::{Checksum, Store};
use super::*;
use crate::budget::Limits;
use std::sync::atomic::Ordering;

/// g(0..len) of the octal code `digits` (d_0 d_1 …, `unequal` splits only for
/// d_0 when asked) by the definition.
fn plain(digits: &[u8], unequal0: bool, len: usize) -> Vec<u16> {
    let mut g: Vec<u16> = Vec::with_capacity(len);
    for n in 0..len {
        let mut seen = vec![false; 1 << 12];
        for (k, &d) in digits.iter().enumerate() {
            if k > n {
                break;
            }
            let m = n - k;
            if d & 1 != 0 && k > 0 && m == 0 {
                seen[0] = true;
            }
            if d & 2 != 0 && k > 0 && m > 0 {
                seen[g[m] as usize] = true;
            }
            if d & 4 != 0 {
                for a in 1..m {
                    let b = m - a;
                    if a > b || (k == 0 && unequal0 && a == b) {
                        continue;
                    }
                    seen[(g[a] ^ g[b]) as usize] = true;
                }
            }
        }
        g.push(seen.iter().position(|s| !s).unwrap() as u16);
    }
    g
}

fn code_of(text: &str) -> Code {
    if text == "4!.0" {
        let mut code = Code::from_digits(&[4]);
        code.digits[0].unequal = true;
        return code;
    }
    let digits: Vec<u8> = text
        .chars()
        .filter(|c| c.is_ascii_digit())
        .map(|c| c as u8 - b'0')
        .collect();
    Code::from_digits(&digits)
}

fn small() -> Sizes {
    Sizes {
        prefix: 2048,
        ring: 1024,
        epoch: 777,
        far_heaps: 0,
        far_splits: 0,
        far_scan: 0,
    }
}

fn request(dir: &std::path::Path, to: u64, threads: usize) -> Request {
    Request {
        dir: dir.to_path_buf(),
        to,
        threads,
        save_every: Duration::from_secs(3600),
        sizes: small(),
    }
}

fn budget() -> Budget {
    let b = Budget::new(Limits::default());
    b.start();
    b
}

fn file_values(dir: &std::path::Path) -> Vec<u16> {
    std::fs::read(Store::values_path(dir))
        .unwrap()
        .chunks_exact(2)
        .map(|b| u16::from_le_bytes([b[0], b[1]]))
        .collect()
}

fn checksum(values: &[u16]) -> Checksum {
    let mut c = Checksum::default();
    values.iter().for_each(|&v| c.push(v));
    c
}

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-sweep-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Codes without a short period (or with one past the heaps swept), so the
/// sweep runs to the end: Grundy's game, 0.6 (Officers), 0.1777, 0.16, 0.137,
/// 4.07, 0.54, 0.35.
const LONG: [&str; 8] = [
    "4!.0", "0.6", "0.1777", "0.16", "0.137", "4.07", "0.54", "0.35",
];

#[test]
fn sweeps_agree_with_the_plain_loop_on_one_and_two_threads() {
    let len = 6000;
    for text in LONG {
        let code = code_of(text);
        let digits: Vec<u8> = code.digits.iter().map(|d| d.mask).collect();
        let truth = plain(&digits, code.digits[0].unequal, len);
        // Two threads, the second one splitting at the scans' first parts
        // from the start, or at all it can reach.
        for (threads, far_scan) in [(1, 0), (2, 0), (2, 300), (2, usize::MAX)] {
            let dir = temp(&format!(
                "agree-{threads}-{far_scan}-{}",
                text.replace('!', "x")
            ));
            let mut req = request(&dir, len as u64, threads);
            req.sizes.far_scan = far_scan;
            let report = sweep(&code, &req, &budget()).unwrap();
            let got = file_values(&dir);
            if report.period.is_none() {
                assert_eq!(got.len(), len, "{text}");
            }
            let bad = (0..got.len()).find(|&i| got[i] != truth[i]);
            assert_eq!(
                bad,
                None,
                "{text}, {threads} threads: {:?} against {:?}",
                &got[..got.len().min(20)],
                &truth[..20]
            );
            assert_eq!(report.checksum, checksum(&got), "{text}");
            // Every rare heap listed is rare and every other is not.
            let mask = u64::from(report.mask.unwrap());
            let rare: Vec<(u32, u16)> = got
                .iter()
                .enumerate()
                .filter(|(_, &v)| crate::solve::impartial::sparse::is_rare(u64::from(v), mask))
                .map(|(n, &v)| (n as u32, v))
                .collect();
            assert_eq!(report.rare, rare, "{text}");
            std::fs::remove_dir_all(&dir).unwrap();
        }
    }
}

/// Published periods: Kayles 0.77 (preperiod 71, period 12) and Dawson's
/// Kayles 0.07 (53, 34), from CGSuite's test suite; 0.16 (prefix 105,351,
/// period 149,459; Gangolli and Plambeck 1989, as listed by tczajka's
/// octal-games). The sweep stops once the theorem's window is reached.
#[test]
fn periods_are_proven_as_published() {
    for (text, l, p) in [
        ("0.77", 71, 12),
        ("0.07", 53, 34),
        ("0.16", 105_351, 149_459),
    ] {
        let dir = temp(&format!("period-{text}"));
        let mut req = request(&dir, 1 << 22, 2);
        req.sizes = Sizes::default();
        let report = sweep(&code_of(text), &req, &budget()).unwrap();
        let (r, theorem) = report.period.unwrap();
        assert_eq!((r.preperiod, r.period), (l, p), "{text}");
        assert_eq!(theorem, "Guy-Smith", "{text}");
        // It stopped within a block of the window 2l + 2p + t asks for.
        assert!(report.heaps >= (2 * l + 2 * p + 2) as u64, "{text}");
        assert!(report.heaps < (2 * l + 2 * p) as u64 + (1 << 21), "{text}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn a_resumed_sweep_gives_the_checksum_of_one_run() {
    let code = code_of("4!.0");
    let whole = temp("whole");
    let one = sweep(&code, &request(&whole, 9000, 2), &budget()).unwrap();
    let parts = temp("parts");
    let first = sweep(&code, &request(&parts, 4000, 2), &budget()).unwrap();
    assert_eq!(first.heaps, 4000);
    let second = sweep(&code, &request(&parts, 9000, 1), &budget()).unwrap();
    assert_eq!(second.resumed_from, 4000);
    assert_eq!(second.checksum, one.checksum);
    assert!(file_values(&parts) == file_values(&whole));
    // The two units' own checksums merge into the whole one.
    let [a, b] = [second.segments[0].sum, second.segments[1].sum];
    assert_eq!(a.then(b), one.checksum);
    assert_eq!((a.len, b.len), (4000, 5000));
    for d in [whole, parts] {
        std::fs::remove_dir_all(&d).unwrap();
    }
}

#[test]
fn an_interrupted_sweep_saves_and_resumes_to_the_same_values() {
    let code = code_of("0.6");
    let dir = temp("stopped");
    let b = budget();
    b.cancel_flag().store(true, Ordering::Relaxed);
    let err = sweep(&code, &request(&dir, 20_000, 2), &b).unwrap_err();
    let SweepError::Stopped { limit, heaps } = err else {
        panic!("{err:?}")
    };
    assert_eq!(limit, Exceeded::Interrupted);
    assert!(heaps > 0 && heaps < 20_000);
    // A crash after the checkpoint: values past it are cut off.
    let path = Store::values_path(&dir);
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.extend_from_slice(&[7, 7, 7, 7]);
    std::fs::write(&path, &bytes).unwrap();
    let report = sweep(&code, &request(&dir, 20_000, 2), &budget()).unwrap();
    assert_eq!(report.resumed_from, heaps);
    let digits: Vec<u8> = code.digits.iter().map(|d| d.mask).collect();
    let truth = plain(&digits, false, 20_000);
    assert!(file_values(&dir) == truth);
    assert_eq!(report.checksum, checksum(&truth));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn damage_and_another_game_are_refused() {
    let dir = temp("damage");
    sweep(&code_of("0.6"), &request(&dir, 3000, 1), &budget()).unwrap();
    let other = sweep(&code_of("0.137"), &request(&dir, 3000, 1), &budget()).unwrap_err();
    assert!(matches!(other, SweepError::OtherGame { ref found, .. } if found == "0.6"));
    // A changed value.
    let path = Store::values_path(&dir);
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[2000] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let damaged = sweep(&code_of("0.6"), &request(&dir, 4000, 1), &budget()).unwrap_err();
    assert!(matches!(damaged, SweepError::Damaged { .. }), "{damaged:?}");
    // A cut file.
    std::fs::write(&path, &bytes[..1000]).unwrap();
    let cut = sweep(&code_of("0.6"), &request(&dir, 4000, 1), &budget()).unwrap_err();
    assert!(matches!(cut, SweepError::Damaged { .. }), "{cut:?}");
    // A values file with no checkpoint is not touched.
    std::fs::remove_file(Store::checkpoint_path(&dir)).unwrap();
    let foreign = sweep(&code_of("0.6"), &request(&dir, 4000, 1), &budget()).unwrap_err();
    assert!(matches!(foreign, SweepError::Damaged { .. }), "{foreign:?}");
    assert_eq!(std::fs::read(&path).unwrap(), &bytes[..1000]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn codes_past_the_sweep_are_refused() {
    let mut tail = Code::from_digits(&[0, 3]);
    tail.tail = vec![crate::game::compiled::shape::code::Digit::of(3)];
    assert!(Rules::of(&tail).is_err());
    assert!(Rules::of(&Code::from_digits(&[0, 8])).is_err());
}

/// No values outside memory in these tests.
struct Nowhere;

impl engine::Far for Nowhere {
    fn value(&mut self, i: usize) -> Result<u16, SweepError> {
        panic!("heap {i} read from a file")
    }
    fn values(&mut self, from: usize, _: &mut [u16]) -> Result<(), SweepError> {
        panic!("heaps from {from} read from a file")
    }
}

/// The parts a far worker `lead` heaps ahead is given: only parts at least
/// `lead` (a smaller one's large part is not valued yet when it runs) and
/// inside the ring, each with its value, standing for the first `count` of
/// the order; with no lead, every one of them.
#[test]
fn the_far_worker_is_given_only_parts_it_can_split_at() {
    let keep = 3000;
    let ring = 1 << 14;
    let mut engine = Engine::new(Rules::of(&code_of("4!.0")).unwrap(), Known::new(keep, ring));
    while engine.known.front < keep {
        let v = engine.value(None, &mut Nowhere).unwrap();
        engine.record(v);
    }
    let truth = plain(&[4], true, keep);
    assert_eq!(engine.known.prefix, truth);
    let (all, upto) = engine.far_parts(0, usize::MAX);
    assert_eq!((all.len(), upto), (keep - 1, keep - 1));
    let mut heaps: Vec<u32> = all.iter().map(|&(a, _)| a).collect();
    heaps.sort_unstable();
    assert_eq!(heaps, (1..keep as u32).collect::<Vec<_>>());
    for (lead, count) in [(256, 300), (700, 2000), (2999, usize::MAX), (5000, 10)] {
        let (parts, upto) = engine.far_parts(lead, count);
        assert_eq!(upto, count.min(keep - 1));
        let expected: Vec<(u32, u16)> = all[..upto]
            .iter()
            .copied()
            .filter(|&(a, _)| a as usize >= lead)
            .collect();
        assert_eq!(parts, expected);
        for (a, x) in parts {
            assert_eq!(x, truth[a as usize]);
        }
    }
}

/// The far worker's marks for heap n: the XOR of each rare heap and of
/// each given part with its partner read from the ring, against the same
/// splits listed by hand from the values.
#[test]
fn far_marks_are_the_splits_of_its_rare_heaps_and_parts() {
    let rules = Rules::of(&code_of("4!.0")).unwrap();
    let len = 5000;
    let values = plain(&[4], true, len);
    let ring: Vec<std::sync::atomic::AtomicU16> = (0..1 << 13)
        .map(|_| std::sync::atomic::AtomicU16::new(0))
        .collect();
    for (i, &v) in values.iter().enumerate() {
        ring[i & ((1 << 13) - 1)].store(v, Ordering::Relaxed);
    }
    let n = 5000;
    // Splits whose value is not 0, so that the equal split n/2 + n/2, not a
    // move of Grundy's game, would show as a 0 among the marks.
    let nonzero = |a: &u32| values[*a as usize] != values[n - *a as usize];
    let rare: Vec<(u32, u16)> = (300u32..)
        .step_by(311)
        .filter(nonzero)
        .take(6)
        .map(|r| (r, values[r as usize]))
        .collect();
    let parts: Vec<(u32, u16)> = (400u32..2500)
        .step_by(97)
        .filter(nonzero)
        .chain([2500])
        .map(|a| (a, values[a as usize]))
        .collect();
    let mut marks = engine::Marks::new();
    let mut out = vec![0u64; 8];
    engine::far_marks(&rules, &rare, &parts, &ring, n, &mut marks, &mut out);
    let mut expected = vec![0u64; 8];
    // Grundy's game splits n into a + (n − a), a ≠ n − a.
    for a in rare.iter().chain(&parts).map(|&(a, _)| a as usize) {
        if a != n - a {
            let v = usize::from(values[a] ^ values[n - a]);
            expected[v / 64] |= 1 << (v % 64);
        }
    }
    assert_eq!(expected[0] & 1, 0);
    assert_eq!(out, expected);
}

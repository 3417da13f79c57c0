//! Clobber's 2 × n checkerboards: grundy's `outcome` (the game as a user
//! writes it in the language, recognised as a capture game and searched)
//! against a plain negamax with a transposition table written here (whole
//! boards as two bitboards, no groups, no forms), in one run, outcomes
//! compared with each other and with the published pattern (P exactly when
//! 3 divides n; Grossman 2004, MCGS's results to n = 17).
//!
//! `cargo bench --bench clobber` runs n = 8..=16 for grundy and n = 8..=12
//! for the plain search; `BENCH_N=8-17` and `BENCH_PLAIN_MAX=13` change the
//! ranges. Each side starts with fresh tables per board; wall and CPU
//! seconds are printed.

#![allow(
    clippy::indexing_slicing,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic
)]

use grundy::{Answer, Engine};
use std::collections::HashMap;
use std::time::Instant;

/// Clobber as in `examples/partizan_clobber.game` (`clobber`).
const CLOBBER: &str = r##"
partizan game clobber(b: list) {
    left  b with [r] = (b[r] with [c] = ".", [c + 1] = "x") for r in 0..len(b), c in 0..len(b[r]) - 1 where b[r][c] == "x" and b[r][c + 1] == "o"
    left  b with [r] = (b[r] with [c] = "x", [c + 1] = ".") for r in 0..len(b), c in 0..len(b[r]) - 1 where b[r][c] == "o" and b[r][c + 1] == "x"
    left  b with [r] = (b[r] with [c] = "."), [r + 1] = (b[r + 1] with [c] = "x") for r in 0..len(b) - 1, c in 0..len(b[r]) where b[r][c] == "x" and b[r + 1][c] == "o"
    left  b with [r] = (b[r] with [c] = "x"), [r + 1] = (b[r + 1] with [c] = ".") for r in 0..len(b) - 1, c in 0..len(b[r]) where b[r][c] == "o" and b[r + 1][c] == "x"
    right b with [r] = (b[r] with [c] = ".", [c + 1] = "o") for r in 0..len(b), c in 0..len(b[r]) - 1 where b[r][c] == "o" and b[r][c + 1] == "x"
    right b with [r] = (b[r] with [c] = "o", [c + 1] = ".") for r in 0..len(b), c in 0..len(b[r]) - 1 where b[r][c] == "x" and b[r][c + 1] == "o"
    right b with [r] = (b[r] with [c] = "."), [r + 1] = (b[r + 1] with [c] = "o") for r in 0..len(b) - 1, c in 0..len(b[r]) where b[r][c] == "o" and b[r + 1][c] == "x"
    right b with [r] = (b[r] with [c] = "o"), [r + 1] = (b[r + 1] with [c] = ".") for r in 0..len(b) - 1, c in 0..len(b[r]) where b[r][c] == "x" and b[r + 1][c] == "o"
}
"##;

/// CPU seconds this process has used (user + system), from `/proc/self/stat`.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

/// Wall and CPU seconds of `f`.
fn timed<T>(f: impl FnOnce() -> T) -> (T, f64, f64) {
    let cpu = cpu_seconds().unwrap_or(0.0);
    let start = Instant::now();
    let value = f();
    let wall = start.elapsed().as_secs_f64();
    (value, wall, cpu_seconds().unwrap_or(0.0) - cpu)
}

fn range(var: &str, default: (usize, usize)) -> (usize, usize) {
    std::env::var(var)
        .ok()
        .and_then(|t| {
            let (a, b) = t.split_once('-')?;
            Some((a.parse().ok()?, b.parse().ok()?))
        })
        .unwrap_or(default)
}

/// Where the stones `s` land moving one way on a board `n` wide.
type Step = fn(u64, u32) -> u64;

/// The plain search: whether the player to move (Left, "x", when `left`)
/// wins the 2 × n board of Left's stones `x` and Right's `o`.
struct Plain {
    n: u32,
    memo: HashMap<(u64, u64, bool), bool>,
}

impl Plain {
    fn wins(&mut self, x: u64, o: u64, left: bool) -> bool {
        if let Some(&w) = self.memo.get(&(x, o, left)) {
            return w;
        }
        let n = self.n;
        let (mine, theirs) = if left { (x, o) } else { (o, x) };
        let first_col = 1u64 | 1 << n;
        let not_first = !first_col;
        let not_last = !(first_col << (n - 1));
        let mut win = false;
        // Right, left, down, up: (sources, step).
        let dirs: [(u64, Step); 4] = [
            (mine & (theirs >> 1) & not_last, |s, _| s << 1),
            (mine & (theirs << 1) & not_first, |s, _| s >> 1),
            (mine & (theirs >> n), |s, n| s << n),
            (mine & (theirs << n), |s, n| s >> n),
        ];
        'all: for (mut from, step) in dirs {
            while from != 0 {
                let s = from & from.wrapping_neg();
                from &= from - 1;
                let t = step(s, n);
                let (m, th) = (mine & !s | t, theirs & !t);
                let (nx, no) = if left { (m, th) } else { (th, m) };
                if !self.wins(nx, no, !left) {
                    win = true;
                    break 'all;
                }
            }
        }
        self.memo.insert((x, o, left), win);
        win
    }
}

fn main() {
    let (lo, hi) = range("BENCH_N", (8, 16));
    let plain_max: usize = std::env::var("BENCH_PLAIN_MAX")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(12);
    println!("Clobber 2 × n checkerboards, outcome (Left \"x\" in the top-left corner)");
    println!(
        "{:>3}  {:>7}  {:>10}  {:>10}  {:>10}  {:>10}",
        "n", "outcome", "grundy s", "grundy cpu", "plain s", "ratio"
    );
    for n in lo..=hi {
        let row = |r: usize| -> String {
            (0..n)
                .map(|c| if (r + c) % 2 == 0 { 'x' } else { 'o' })
                .collect()
        };
        let program = format!(
            "{CLOBBER}\noutcome clobber([\"{}\", \"{}\"])",
            row(0),
            row(1)
        );
        let mut engine = Engine::default();
        let (answers, wall, cpu) = timed(|| engine.run_program(&program).unwrap());
        let outcome = match answers.last() {
            Some(Answer::Outcome { value, .. }) => format!("{value:?}"),
            other => panic!("no outcome: {other:?}"),
        };
        let published = if n % 3 == 0 { "P" } else { "N" };
        assert_eq!(outcome, published, "2 × {n}");
        let plain = (n <= plain_max).then(|| {
            let bits = |colour: usize| -> u64 {
                (0..2)
                    .flat_map(|r| (0..n).map(move |c| (r, c)))
                    .filter(|&(r, c)| (r + c) % 2 == colour)
                    .fold(0, |b, (r, c)| b | 1 << (r * n + c))
            };
            let mut p = Plain {
                n: n as u32,
                memo: HashMap::new(),
            };
            let ((l, r), wall, _) = timed(|| {
                let (x, o) = (bits(0), bits(1));
                (p.wins(x, o, true), p.wins(x, o, false))
            });
            let o = match (l, r) {
                (true, true) => "N",
                (false, false) => "P",
                (true, false) => "L",
                (false, true) => "R",
            };
            assert_eq!(o, published, "plain 2 × {n}");
            wall
        });
        match plain {
            Some(p) => println!(
                "{n:>3}  {outcome:>7}  {wall:>10.2}  {cpu:>10.2}  {p:>10.2}  {:>9.1}×",
                p / wall
            ),
            None => println!(
                "{n:>3}  {outcome:>7}  {wall:>10.2}  {cpu:>10.2}  {:>10}  {:>10}",
                "-", "-"
            ),
        }
    }
}

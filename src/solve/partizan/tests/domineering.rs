//! Domineering straight from a bitboard, as a workload and a check for the store.

use super::*;
use rustc_hash::FxHashMap;
use std::time::Instant;

/// A board of `rows × cols` cells (at most 64), bit `r * cols + c` set when empty.
#[derive(Debug, Clone, Copy)]
struct Board {
    rows: u32,
    cols: u32,
}

impl Board {
    fn full(self) -> u64 {
        let n = self.rows * self.cols;
        if n == 64 {
            u64::MAX
        } else {
            (1u64 << n) - 1
        }
    }

    /// Cells whose lower neighbour exists: the top cells of vertical dominoes.
    fn vertical_tops(self) -> u64 {
        self.full() >> self.cols
    }

    /// Cells whose right neighbour exists in the same row.
    fn horizontal_lefts(self) -> u64 {
        let mut m = 0u64;
        for r in 0..self.rows {
            for c in 0..self.cols.saturating_sub(1) {
                m |= 1 << (r * self.cols + c);
            }
        }
        m
    }

    /// The board turned a quarter: rows become columns, so vertical moves become
    /// horizontal ones and the value is negated.
    fn transpose(self, empty: u64) -> (Board, u64) {
        let t = Board {
            rows: self.cols,
            cols: self.rows,
        };
        let mut m = 0u64;
        for r in 0..self.rows {
            for c in 0..self.cols {
                if empty & (1 << (r * self.cols + c)) != 0 {
                    m |= 1 << (c * self.rows + r);
                }
            }
        }
        (t, m)
    }
}

/// Canonical forms of positions on one board shape. A position splits into
/// orthogonally connected regions (a domino never spans two), each shifted to the
/// top-left corner and looked up in the transposition table; the value is their sum.
struct Solver {
    board: Board,
    vertical: u64,
    horizontal: u64,
    /// Cells not in the first column (may move one left).
    not_first_col: u64,
    /// One mask per column.
    columns: Vec<u64>,
    table: FxHashMap<u64, Form>,
}

impl Solver {
    fn new(board: Board) -> Solver {
        let column = |c: u32| (0..board.rows).fold(0u64, |m, r| m | 1 << (r * board.cols + c));
        let columns: Vec<u64> = (0..board.cols).map(column).collect();
        Solver {
            board,
            vertical: board.vertical_tops(),
            horizontal: board.horizontal_lefts(),
            not_first_col: board.full() & !columns[0],
            columns,
            table: FxHashMap::default(),
        }
    }

    /// Cells orthogonally next to a cell of `m`.
    fn neighbours(&self, m: u64) -> u64 {
        let cols = self.board.cols;
        ((m & self.horizontal) << 1) | ((m & self.not_first_col) >> 1) | (m << cols) | (m >> cols)
    }

    /// The value of any position: the sum of its regions.
    fn value(&mut self, s: &mut CanonStore, empty: u64, budget: &Budget) -> Result<Form, Error> {
        // Cells with no empty neighbour can never be covered.
        let mut rest = empty & self.neighbours(empty) & self.board.full();
        let mut total = Form::ZERO;
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let grown = (region | self.neighbours(region)) & rest;
                if grown == region {
                    break;
                }
                region = grown;
            }
            rest &= !region;
            let f = self.region(s, self.normalise(region), budget)?;
            total = s.sum(total, f, budget)?;
        }
        Ok(total)
    }

    /// Shifts a region to the top row and the first column it can reach.
    fn normalise(&self, region: u64) -> u64 {
        let top = region.trailing_zeros() / self.board.cols * self.board.cols;
        let left = self
            .columns
            .iter()
            .position(|&c| c & region != 0)
            .unwrap_or(0) as u32;
        region >> (top + left)
    }

    /// The least of a normalised region's images under the flips that keep the
    /// value (mirror left-right, mirror top-bottom, both): one table entry serves
    /// all four.
    fn symmetric_key(&self, region: u64) -> u64 {
        let cols = self.board.cols;
        let height = (63 - region.leading_zeros()) / cols + 1;
        let width = self
            .columns
            .iter()
            .rposition(|&c| c & region != 0)
            .unwrap_or(0) as u32
            + 1;
        let row_mask = (1u64 << width) - 1;
        let mut flips = [0u64; 4];
        for r in 0..height {
            let row = (region >> (r * cols)) & row_mask;
            let mirrored = row.reverse_bits() >> (64 - width);
            let down = (height - 1 - r) * cols;
            flips[0] |= row << (r * cols);
            flips[1] |= mirrored << (r * cols);
            flips[2] |= row << down;
            flips[3] |= mirrored << down;
        }
        flips.into_iter().min().unwrap_or(region)
    }

    /// The value of one connected region.
    fn region(&mut self, s: &mut CanonStore, empty: u64, budget: &Budget) -> Result<Form, Error> {
        let key = mix(self.symmetric_key(empty));
        if let Some(&f) = self.table.get(&key) {
            return Ok(f);
        }
        budget.tick()?;
        let cols = self.board.cols;
        let mut left = Vec::new();
        let mut tops = empty & (empty >> cols) & self.vertical;
        while tops != 0 {
            let i = tops.trailing_zeros();
            tops &= tops - 1;
            left.push(self.value(s, empty & !(1 << i) & !(1 << (i + cols)), budget)?);
        }
        let mut right = Vec::new();
        let mut lefts = empty & (empty >> 1) & self.horizontal;
        while lefts != 0 {
            let i = lefts.trailing_zeros();
            lefts &= lefts - 1;
            right.push(self.value(s, empty & !(3 << i), budget)?);
        }
        let f = s.from_options(&left, &right, budget)?;
        self.table.insert(key, f);
        Ok(f)
    }
}

/// Nanoseconds this thread has run on a CPU (Linux schedstat): the machine is
/// shared, so wall-clock time alone overstates the cost.
fn cpu_nanos() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|t| t.split_whitespace().next().and_then(|n| n.parse().ok()))
        .unwrap_or(0)
}

/// A bijective scramble of a bitboard (the splitmix64 finaliser): board masks
/// differ in few, clustered bits, which a multiplicative hash spreads badly.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The canonical form of the empty `rows × cols` board.
pub(super) fn value(
    s: &mut CanonStore,
    rows: u32,
    cols: u32,
    budget: &Budget,
) -> Result<Form, Error> {
    let board = Board { rows, cols };
    Solver::new(board).value(s, board.full(), budget)
}

#[test]
fn vertical_strips_count_left_moves() {
    let budget = Budget::default();
    let mut s = CanonStore::new();
    for n in 1..=9u32 {
        let f = value(&mut s, n, 1, &budget).unwrap();
        assert_eq!(
            s.as_number(f),
            Some(Dyadic::integer(i64::from(n / 2))),
            "{n}x1"
        );
        let f = value(&mut s, 1, n, &budget).unwrap();
        assert_eq!(
            s.as_number(f),
            Some(Dyadic::integer(-i64::from(n / 2))),
            "1x{n}"
        );
    }
    // 2 x 2: either player's domino leaves the other's side one domino of his
    // own (a 2 x 1 strip is 1, a 1 x 2 strip is -1), so it is {1 | -1}.
    let two = value(&mut s, 2, 2, &budget).unwrap();
    assert_eq!(s.outcome(two, &budget).unwrap(), Outcome::N);
    assert_eq!(show(&mut s, two), "{1 | -1}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// G + transpose(G) = 0 on random positions of boards up to 4 × 4.
    #[test]
    fn transpose_negates(rows in 1u32..=4, cols in 1u32..=4, bits in any::<u64>()) {
        let budget = Budget::default();
        let mut s = CanonStore::new();
        let board = Board { rows, cols };
        let empty = bits & board.full();
        let g = Solver::new(board).value(&mut s, empty, &budget).unwrap();
        let (tb, tm) = board.transpose(empty);
        let t = Solver::new(tb).value(&mut s, tm, &budget).unwrap();
        prop_assert_eq!(s.sum(g, t, &budget).unwrap(), Form::ZERO);
        prop_assert_eq!(s.neg(g, &budget).unwrap(), t);
    }
}

/// Timings for the report: `cargo test --release --lib domineering_timings -- --ignored
/// --nocapture`; `DOMINEERING=5x5,5x6` chooses the boards.
#[test]
#[ignore]
fn domineering_timings() {
    let budget = Budget::default();
    let sizes = std::env::var("DOMINEERING").unwrap_or_else(|_| "4x4,4x5,5x5".to_string());
    for size in sizes.split(',') {
        let (rows, cols) = size.split_once('x').unwrap();
        let (rows, cols): (u32, u32) = (rows.parse().unwrap(), cols.parse().unwrap());
        let mut s = CanonStore::new();
        let start = Instant::now();
        let cpu_start = cpu_nanos();
        let board = Board { rows, cols };
        let mut solver = Solver::new(board);
        let f = solver.value(&mut s, board.full(), &budget).unwrap();
        let took = start.elapsed();
        let cpu = std::time::Duration::from_nanos(cpu_nanos() - cpu_start);
        let outcome = s.outcome(f, &budget).unwrap();
        let text = show(&mut s, f);
        let shown: String = text.chars().take(120).collect();
        println!(
            "{rows}x{cols}: {took:?} wall, {cpu:?} on the CPU, {} positions, {} forms, {} bytes in the store, outcome {outcome:?}, {} characters: {shown}",
            solver.table.len(),
            s.len(),
            s.bytes(),
            text.len()
        );
    }
}

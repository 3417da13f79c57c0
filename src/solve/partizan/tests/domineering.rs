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

/// Canonical forms of positions on one board shape, with a transposition table.
struct Solver {
    board: Board,
    vertical: u64,
    horizontal: u64,
    table: FxHashMap<u64, Form>,
}

impl Solver {
    fn new(board: Board) -> Solver {
        Solver {
            board,
            vertical: board.vertical_tops(),
            horizontal: board.horizontal_lefts(),
            table: FxHashMap::default(),
        }
    }

    fn value(&mut self, s: &mut CanonStore, empty: u64, budget: &Budget) -> Result<Form, Error> {
        if let Some(&f) = self.table.get(&empty) {
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
        self.table.insert(empty, f);
        Ok(f)
    }
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
    let two = value(&mut s, 2, 2, &budget).unwrap();
    assert_eq!(s.outcome(two, &budget).unwrap(), Outcome::N);
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

/// Timings for the report: `cargo test --release --lib domineering_timings -- --ignored --nocapture`.
#[test]
#[ignore]
fn domineering_timings() {
    let budget = Budget::default();
    for (rows, cols) in [(4, 4), (4, 5), (5, 4), (5, 5), (4, 6), (5, 6)] {
        let mut s = CanonStore::new();
        let start = Instant::now();
        let board = Board { rows, cols };
        let mut solver = Solver::new(board);
        let f = solver.value(&mut s, board.full(), &budget).unwrap();
        let took = start.elapsed();
        let text = show(&mut s, f);
        let shown: String = text.chars().take(120).collect();
        println!(
            "{rows}x{cols}: {took:?}, {} positions, {} forms, {} bytes in the store: {shown}",
            solver.table.len(),
            s.len(),
            s.bytes()
        );
    }
}

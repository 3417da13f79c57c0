//! The packed-board solver on boards of 65 to 128 cells (`u128` cell sets),
//! against values found without it: strips valued by counting dominoes, a
//! canonical form built here by plain recursion over the free cells (no
//! splitting, cropping or symmetry), and the same region on a board of at
//! most 64 cells.

use super::*;
use crate::game::compiled::placement::Placement;
use crate::solve::partizan::boards::{Board, Packed, Solver, Solvers};
use std::collections::HashMap;
use std::rc::Rc;

/// Domineering: Left places vertical dominoes, Right horizontal ones.
fn domineering() -> Rc<Placement> {
    Rc::new(Placement::domineering())
}

/// Domineering's canonical form on an h × w board by recursion over the free
/// cells, every option built and reduced by the store: nothing of the
/// packed-board solver.
fn plain(
    store: &mut CanonStore,
    budget: &Budget,
    memo: &mut HashMap<u128, Form>,
    h: usize,
    w: usize,
    free: u128,
) -> Form {
    if let Some(&f) = memo.get(&free) {
        return f;
    }
    let at = |r: usize, c: usize| free >> (r * w + c) & 1 == 1;
    let mut left = Vec::new();
    let mut right = Vec::new();
    for r in 0..h {
        for c in 0..w {
            if r + 1 < h && at(r, c) && at(r + 1, c) {
                let next = free & !(1 << (r * w + c)) & !(1 << ((r + 1) * w + c));
                left.push(plain(store, budget, memo, h, w, next));
            }
            if c + 1 < w && at(r, c) && at(r, c + 1) {
                let next = free & !(1 << (r * w + c)) & !(1 << (r * w + c + 1));
                right.push(plain(store, budget, memo, h, w, next));
            }
        }
    }
    let f = store.from_options(&left, &right, budget).unwrap();
    memo.insert(free, f);
    f
}

/// The free cells of a column (or row) of `n` cells less `holes`, and the
/// value by counting: each run of k free cells holds ⌊k/2⌋ dominoes of the
/// one player who can place there, and nothing else happens.
fn strip(n: usize, holes: &[usize]) -> (u128, i64) {
    let mut free = 0u128;
    let mut dominoes = 0;
    let mut run = 0;
    for i in 0..n {
        if holes.contains(&i) {
            dominoes += run / 2;
            run = 0;
        } else {
            free |= 1 << i;
            run += 1;
        }
    }
    (free, dominoes + run / 2)
}

/// Full and holed strips of 65 to 128 cells: a column is worth ⌊k/2⌋ for
/// Left per run of k free cells, a row as much for Right.
#[test]
fn wide_strips_are_worth_their_dominoes() {
    let budget = Budget::default();
    let mut store = CanonStore::new();
    let mut solvers = Solvers::new(domineering());
    for n in [65, 66, 77, 100, 127, 128] {
        for holes in [vec![], vec![0], vec![3, 64], vec![n - 1, n / 2, 70]] {
            let (free, dominoes) = strip(n, &holes);
            let column = Packed::new(n, 1, free).unwrap();
            let row = Packed::new(1, n, free).unwrap();
            assert!(matches!(column, Packed::Wide(_)));
            let expected = store.integer(dominoes);
            let got = solvers.form(&mut store, &budget, column).unwrap();
            assert_eq!(got, expected, "column {n} less {holes:?}");
            let expected = store.integer(-dominoes);
            let got = solvers.form(&mut store, &budget, row).unwrap();
            assert_eq!(got, expected, "row {n} less {holes:?}");
        }
    }
    assert!(Packed::new(129, 1, 1).is_none());
    assert!(matches!(Packed::new(8, 8, 1), Some(Packed::Narrow(_))));
}

/// Boards of 65 to 128 cells, as they come.
const WIDE_SIZES: [(usize, usize); 8] = [
    (9, 8),
    (8, 9),
    (7, 10),
    (11, 6),
    (5, 13),
    (2, 64),
    (16, 8),
    (3, 42),
];

/// The cells of `window` (`wh` × `ww` bits, row by row) placed at row `r`,
/// column `c` of an h × w board, clipped to the board.
fn place(h: usize, w: usize, window: u32, wh: usize, ww: usize, r: usize, c: usize) -> u128 {
    let mut free = 0u128;
    for i in 0..wh {
        for j in 0..ww {
            let (rr, cc) = (r + i, c + j);
            if window >> (i * ww + j) & 1 == 1 && rr < h && cc < w {
                free |= 1 << (rr * w + cc);
            }
        }
    }
    free
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Two small random regions anywhere on a board of 65 to 128 cells (often
    /// past bit 64): the solver's form is the plain recursion's.
    #[test]
    fn wide_boards_match_the_plain_recursion(
        size in 0..WIDE_SIZES.len(),
        a in any::<u16>(), ar in 0usize..16, ac in 0usize..64,
        b in 0u32..1 << 9, br in 0usize..16, bc in 0usize..64,
    ) {
        let (h, w) = WIDE_SIZES[size];
        let free = place(h, w, u32::from(a), 4, 4, ar % h, ac % w)
            | place(h, w, b, 3, 3, (h - 1).saturating_sub(br % h), (w - 1).saturating_sub(bc % w));
        let budget = Budget::default();
        let mut store = CanonStore::new();
        let expected = plain(&mut store, &budget, &mut HashMap::new(), h, w, free);
        let board = Packed::new(h, w, free).unwrap();
        prop_assert!(matches!(board, Packed::Wide(_)));
        let got = Solvers::new(domineering()).form(&mut store, &budget, board).unwrap();
        prop_assert_eq!(got, expected);
    }

    /// Random boards of at most 5 × 5: the `u64` and `u128` solvers give the
    /// one form, and so does the board set in the corner of a 9 × 8, 11 × 6
    /// or 2 × 64 board of covered cells (the covered cells change nothing).
    #[test]
    fn narrow_and_wide_solvers_agree(
        h in 1usize..=5, w in 1usize..=5, bits in any::<u32>(),
        frame in 0usize..3, r in 0usize..4, c in 0usize..4,
    ) {
        let bits = bits & ((1u32 << (h * w)) - 1);
        let budget = Budget::default();
        let mut store = CanonStore::new();
        let narrow = Board::<u64>::new(h, w, u64::from(bits)).unwrap();
        let wide = Board::<u128>::new(h, w, u128::from(bits)).unwrap();
        let by_narrow = Solver::new(domineering()).form(&mut store, &budget, narrow).unwrap();
        let by_wide = Solver::new(domineering()).form(&mut store, &budget, wide).unwrap();
        prop_assert_eq!(by_narrow, by_wide);
        let (fh, fw): (usize, usize) = [(9, 8), (11, 6), (2, 64)][frame];
        let (r, c) = (r.min(fh.saturating_sub(h)), c.min(fw - w));
        if h <= fh {
            let framed = place(fh, fw, bits, h, w, r, c);
            let board = Packed::new(fh, fw, framed).unwrap();
            let by_frame = Solvers::new(domineering()).form(&mut store, &budget, board).unwrap();
            prop_assert_eq!(by_frame, by_narrow);
        }
    }
}

/// A 9 × 8 board with most cells covered, its free cells in two regions, one
/// in rows 0–2 and one in rows 6–8 (bits 48 to 71): the same as each region
/// cropped to its own small board, summed, and as the plain recursion.
#[test]
fn a_mostly_covered_nine_by_eight_is_its_cropped_regions() {
    let rows = [
        "..#.####", "...#####", ".#######", "########", "########", "########", "####.#..",
        "###.....", "####..#.",
    ];
    let (h, w) = (9, 8);
    let mut free = 0u128;
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch == '.' {
                free |= 1 << (r * w + c);
            }
        }
    }
    assert!(free >> 64 != 0);
    let budget = Budget::default();
    let mut store = CanonStore::new();
    let mut solvers = Solvers::new(domineering());
    let whole = solvers
        .form(&mut store, &budget, Packed::new(h, w, free).unwrap())
        .unwrap();
    // The regions cropped: rows 0–2 columns 0–3, and rows 6–8 columns 3–7.
    let crop = |r0: usize, r1: usize, c0: usize, c1: usize| -> u128 {
        let cw = c1 - c0 + 1;
        let mut bits = 0u128;
        for r in r0..=r1 {
            for c in c0..=c1 {
                if free >> (r * w + c) & 1 == 1 {
                    bits |= 1 << ((r - r0) * cw + (c - c0));
                }
            }
        }
        bits
    };
    let top = Packed::new(3, 4, crop(0, 2, 0, 3)).unwrap();
    let bottom = Packed::new(3, 5, crop(6, 8, 3, 7)).unwrap();
    assert!(matches!(top, Packed::Narrow(_)) && matches!(bottom, Packed::Narrow(_)));
    let t = solvers.form(&mut store, &budget, top).unwrap();
    let b = solvers.form(&mut store, &budget, bottom).unwrap();
    let sum = store.sum(t, b, &budget).unwrap();
    assert_eq!(whole, sum);
    let plain = plain(&mut store, &budget, &mut HashMap::new(), h, w, free);
    assert_eq!(whole, plain);
}

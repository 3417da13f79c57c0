//! Sparse space (the rare/common split of heap games that split heaps) gives
//! exactly the plain loop's values: checked against a mex loop written here,
//! independently of grundy, and against OEIS A002188 for Grundy's game.

use grundy::answer::Value;
use grundy::internals::InstId;
use grundy::Limits;
use grundy::SparseMode;
use grundy::{Answer, Engine};
use proptest::prelude::*;

/// A heap game: take k ∈ `take` counters, or take t ∈ `split` counters and
/// split the rest into two non-empty heaps (unequal ones only if `unequal`),
/// with `nim` added to every split's value.
#[derive(Debug, Clone)]
struct Game {
    take: Vec<usize>,
    split: Vec<usize>,
    unequal: bool,
    nim: u32,
}

impl Game {
    fn program(&self, last: usize) -> String {
        let set = |s: &[usize]| {
            s.iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut rules = String::new();
        if !self.take.is_empty() {
            rules += &format!(
                "  move g(n - k) for k in {{{}}} where k <= n\n",
                set(&self.take)
            );
        }
        let rel = if self.unequal { "<" } else { "<=" };
        let nim = if self.nim > 0 {
            format!(" + *{}", self.nim)
        } else {
            String::new()
        };
        rules += &format!(
            "  move g(a) + g(n - t - a){nim} for t in {{{}}}, a in 1..n where a {rel} n - t - a\n",
            set(&self.split)
        );
        format!("game g(n: nat) {{\n{rules}}}\nsequence g 0..={last}")
    }

    /// The same game with the values of heaps 0..=last as a list: no search
    /// for a period, which for some of these games looks at millions of heaps.
    fn listing(&self, last: usize) -> String {
        let program = self.program(last);
        let rules = program.split("sequence").next().unwrap_or_default();
        format!("{rules}print [grundy g(n) for n in 0..={last}]")
    }

    /// The values of heaps 0..=last by the textbook loop.
    fn plain(&self, last: usize) -> Vec<u32> {
        let mut g: Vec<u32> = Vec::with_capacity(last + 1);
        for n in 0..=last {
            let mut seen = vec![false; 2 * n + 64];
            for &k in &self.take {
                if k <= n {
                    seen[g[n - k] as usize] = true;
                }
            }
            for &t in &self.split {
                for a in 1..n {
                    if a + t > n {
                        break;
                    }
                    let b = n - t - a;
                    if b == 0 || a > b || (self.unequal && a == b) {
                        continue;
                    }
                    let v = g[a] ^ g[b] ^ self.nim;
                    if (v as usize) < seen.len() {
                        seen[v as usize] = true;
                    }
                }
            }
            g.push(seen.iter().position(|s| !s).unwrap() as u32);
        }
        g
    }
}

/// grundy's values for heaps 0..=last, and the mask sparse space used.
fn values(program: &str, sparse: SparseMode) -> (Vec<u32>, Option<u32>) {
    let mut engine = Engine::with_limits(Limits {
        sparse,
        ..Limits::default()
    });
    let answers = engine.run_program(program).unwrap();
    let values: Vec<u32> = match answers.last() {
        Some(Answer::Sequence { values, .. }) => values.to_vec(),
        Some(Answer::Print {
            value: Value::List(list),
            ..
        }) => list
            .iter()
            .map(|v| match v {
                Value::Int(n) => u32::try_from(*n).unwrap(),
                other => panic!("{other:?}"),
            })
            .collect(),
        _ => panic!("{answers:?}"),
    };
    let mask = grundy::internals::parts(&mut engine)
        .analyses
        .impartial
        .inst(InstId(0))
        .and_then(|t| t.sparse.mask());
    (values, mask)
}

/// Grundy's game (split a heap into two unequal heaps): sparse space is
/// found by itself and gives the plain loop's values.
#[test]
fn grundys_game_uses_sparse_space_and_matches_the_plain_loop() {
    let game = Game {
        take: vec![],
        split: vec![0],
        unequal: true,
        nim: 0,
    };
    let last = 20_000;
    let (got, mask) = values(&game.program(last), SparseMode::Auto);
    assert!(mask.is_some(), "sparse space was not used");
    assert_eq!(got, game.plain(last));
    // OEIS A002188, the first 34 terms.
    let oeis = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
        3, 1, 2, 4,
    ];
    assert_eq!(&got[..oeis.len()], &oeis);
}

/// Kayles and Dawson's Kayles, whichever way the automatic choice goes (most
/// Kayles values have an odd number of ones, so it is sparse under the full
/// mask; Dawson's Kayles is not), give the plain loop's values.
#[test]
fn kayles_and_dawsons_kayles_match_the_plain_loop() {
    for (take, split) in [(vec![1, 2], vec![1, 2]), (vec![2], vec![2])] {
        let game = Game {
            take,
            split,
            unequal: false,
            nim: 0,
        };
        let last = 5_000;
        let (got, _) = values(&game.program(last), SparseMode::Auto);
        assert_eq!(got, game.plain(last), "{game:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Sparse space is exact whatever the mask: forced on from small heaps, it
    /// gives the plain loop's values for random take-and-split games.
    #[test]
    fn forced_sparse_space_matches_the_plain_loop(
        take in prop::collection::btree_set(1usize..6, 0..3),
        split in prop::collection::btree_set(0usize..4, 1..3),
        unequal in any::<bool>(),
        nim in prop::sample::select(vec![0u32, 0, 1, 3, 6]),
        last in 50usize..400,
    ) {
        let game = Game {
            take: take.into_iter().collect(),
            split: split.into_iter().collect(),
            unequal,
            nim,
        };
        let program = game.listing(last);
        let (got, mask) = values(&program, SparseMode::Always);
        prop_assert!(mask.is_some() || got.iter().all(|&v| v == 0));
        prop_assert_eq!(&got, &game.plain(last), "{}", program);
        let (never, _) = values(&program, SparseMode::Never);
        prop_assert_eq!(got, never);
    }
}

//! The canonical form of one large part on two cores.
//!
//! Two searches of [`super::parts`] value the same root, one taking each
//! part's options in order and the other in reverse, each in its own store
//! of forms (a store is one thread's: its caches and hash-consing are not
//! shared). They share two tables:
//!
//! - **claims**: which parts a search holds (it is taking their options)
//!   and which are valued, as an id in the registry; a search that meets a
//!   part the other holds puts it off ([`super::parts::Coop`]);
//! - **the registry** ([`super::registry`]): every published form, written
//!   without store ids, so that a form one search published is brought into
//!   the other's store by interning, option by option, never by valuing its
//!   part again.
//!
//! The calling thread's search is the one whose answer counts; the helper
//! stops when it is done, or when the statement's budget stops. Neither
//! search ever waits for the other (a part still held when it is needed is
//! valued by both), so either may stop first.

use super::parts::{Begin, Coop, PartForms, PartGame};
use super::registry::{Registry, Translation};
use super::{CanonStore, Error, Form};
use crate::budget::{Budget, Exceeded};
use rustc_hash::{FxHashMap, FxHasher};
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// A part's state in the claims table.
#[derive(Debug, Clone, Copy)]
enum Claim {
    /// A search is taking its options.
    Held,
    /// Valued: its form's registry id.
    Valued(u32),
}

/// How many locks the claims are spread over.
const SHARDS: usize = 16;

/// Parts of fewer cells than this are not shared: each search values its
/// own, which costs less than publishing them all.
const SHARED_FROM: u32 = 10;

/// What the two searches share.
#[derive(Debug)]
struct Shared<P> {
    claims: Vec<Mutex<FxHashMap<P, Claim>>>,
    registry: Mutex<Registry>,
}

impl<P: Hash + Eq> Shared<P> {
    fn new() -> Shared<P> {
        Shared {
            claims: (0..SHARDS).map(|_| Mutex::default()).collect(),
            registry: Mutex::default(),
        }
    }

    fn claims(&self, part: &P) -> Result<MutexGuard<'_, FxHashMap<P, Claim>>, Error> {
        let mut h = FxHasher::default();
        part.hash(&mut h);
        let shard = (h.finish() >> 32) as usize % SHARDS;
        self.claims
            .get(shard)
            .ok_or(Error::Exceeded(Exceeded::Interrupted))?
            .lock()
            .map_err(|_| Error::Exceeded(Exceeded::Interrupted))
    }
}

/// One search's side of the sharing.
struct Side<'s, P> {
    shared: &'s Shared<P>,
    reversed: bool,
    /// A part's cells ([`PartGame::size`]).
    size: fn(&P) -> u32,
    /// Set when the other search has stopped (finished or failed).
    other_stopped: &'s AtomicBool,
    /// Its store's forms in the registry.
    forms: Translation,
}

impl<'s, P: Hash + Eq> Side<'s, P> {
    fn new(
        shared: &'s Shared<P>,
        reversed: bool,
        size: fn(&P) -> u32,
        other_stopped: &'s AtomicBool,
    ) -> Self {
        Side {
            shared,
            reversed,
            size,
            other_stopped,
            forms: Translation::default(),
        }
    }
}

impl<P: Copy + Hash + Eq> Coop<P> for Side<'_, P> {
    fn reversed(&self) -> bool {
        self.reversed
    }

    fn begin(&mut self, part: P, store: &mut CanonStore, budget: &Budget) -> Result<Begin, Error> {
        if (self.size)(&part) < SHARED_FROM {
            return Ok(Begin::Take);
        }
        let claim = {
            let mut claims = self.shared.claims(&part)?;
            match claims.get(&part).copied() {
                Some(Claim::Held) if !self.other_stopped.load(Ordering::Acquire) => {
                    return Ok(Begin::Busy)
                }
                Some(Claim::Valued(g)) => Some(g),
                _ => {
                    claims.insert(part, Claim::Held);
                    None
                }
            }
        };
        match claim {
            Some(g) => Ok(Begin::Known(self.forms.import(
                &self.shared.registry,
                g,
                store,
                budget,
            )?)),
            None => Ok(Begin::Take),
        }
    }

    fn published(
        &mut self,
        part: P,
        store: &mut CanonStore,
        budget: &Budget,
    ) -> Result<Option<Form>, Error> {
        if (self.size)(&part) < SHARED_FROM {
            return Ok(None);
        }
        let claim = self.shared.claims(&part)?.get(&part).copied();
        match claim {
            Some(Claim::Valued(g)) => self
                .forms
                .import(&self.shared.registry, g, store, budget)
                .map(Some),
            _ => Ok(None),
        }
    }

    fn publish(
        &mut self,
        part: P,
        form: Form,
        store: &CanonStore,
        budget: &Budget,
    ) -> Result<(), Error> {
        if (self.size)(&part) < SHARED_FROM {
            return Ok(());
        }
        let g = self
            .forms
            .export(&self.shared.registry, form, store, budget)?;
        self.shared.claims(&part)?.insert(part, Claim::Valued(g));
        Ok(())
    }
}

/// The form of `root` (a part, as its least image) under `game`, searched
/// from both ends at once: `game` and `forms` on this thread, and a helper
/// thread with a solver of the same rules, a store of its own and a share
/// of the positions left. Runs on this thread alone when no thread can
/// start.
pub(super) fn on_two_cores<P, G>(
    forms: &mut PartForms<P>,
    game: &mut G,
    store: &mut CanonStore,
    budget: &Budget,
    root: P,
) -> Result<Form, Error>
where
    P: Copy + Eq + Hash + Default + Send + Sync,
    G: PartGame<Part = P>,
{
    let rules = game.rules_copy();
    let shared = Shared::new();
    let caller_done = Arc::new(AtomicBool::new(false));
    let helper_done = AtomicBool::new(false);
    // The helper's positions are set aside from the statement's now and
    // given back when it ends, so the two never count past the limit.
    let share = budget.share(2);
    let lent = share.max_positions();
    budget.add_positions(lent)?;
    let result = std::thread::scope(|scope| {
        let spawned = std::thread::Builder::new()
            // The store's operations recurse as deep as forms nest: a
            // stack as large as the main thread's.
            .stack_size(256 << 20)
            .spawn_scoped(scope, || {
                let budget = Budget::abortable_worker(share, caller_done.clone());
                let mut game = G::from_rules(rules);
                let mut store = CanonStore::new();
                let mut forms = PartForms::default();
                let mut side = Side::new(&shared, true, G::size, &caller_done);
                // Its answer is the caller's too; only its parts matter.
                let _ = forms.form_with(&mut game, &mut store, &budget, root, &mut side);
                helper_done.store(true, Ordering::Release);
                budget.positions()
            });
        let mut side = Side::new(&shared, false, G::size, &helper_done);
        let result = forms.form_with(game, store, budget, root, &mut side);
        caller_done.store(true, Ordering::Release);
        let used = match spawned {
            Ok(handle) => handle.join().unwrap_or(lent),
            Err(_) => 0,
        };
        (result, used)
    });
    let (result, used) = result;
    budget.release_positions(lent.saturating_sub(used));
    result
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::super::boards::{Board, Solver as Placements};
    use super::super::capture::Solver as Captures;
    use super::*;
    use crate::budget::Limits;
    use crate::game::compiled::capture::Capture;
    use crate::game::compiled::placement::Placement;
    use std::rc::Rc;

    fn domineering() -> Placement {
        Placement::domineering()
    }

    fn clobber() -> Capture {
        Capture::clobber()
    }

    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    /// The form of `root` on one core and on two (three times, each in
    /// fresh stores: the threads interleave differently each time), printed.
    fn one_and_two<G>(rules: G::Rules, root: G::Part) -> (String, Vec<String>)
    where
        G: PartGame,
        G::Part: Send + Sync,
    {
        let game = || G::from_rules(rules.clone());
        let budget = Budget::new(Limits::default());
        let mut store = CanonStore::new();
        let alone = PartForms::default()
            .form(&mut game(), &mut store, &budget, root)
            .unwrap();
        let alone = store.show(alone);
        let both = (0..3)
            .map(|_| {
                let mut store = CanonStore::new();
                let f = on_two_cores(
                    &mut PartForms::default(),
                    &mut game(),
                    &mut store,
                    &budget,
                    root,
                )
                .unwrap();
                store.show(f)
            })
            .collect();
        (alone, both)
    }

    /// Domineering on random 4 × 5 boards, most squares free: two cores
    /// find the form one core finds (itself checked against the general
    /// evaluator and minimax in `tests/it/placement.rs`).
    #[test]
    fn two_cores_find_the_domineering_forms_of_one() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..12 {
            let bits = next(&mut seed) | next(&mut seed) | next(&mut seed);
            let board = Board::new(4, 5, bits & ((1 << 20) - 1)).unwrap();
            let root = Placements::new(Rc::new(domineering())).key(board).0;
            let (alone, both) = one_and_two::<Placements>(domineering(), root);
            for b in both {
                assert_eq!(b, alone, "{board:?}");
            }
        }
    }

    /// Clobber on random 3 × 4 boards, most cells holding a stone.
    #[test]
    fn two_cores_find_the_clobber_forms_of_one() {
        let mut seed = 0x2545_f491_4f6c_dd1d;
        for _ in 0..12 {
            let cells = (1u64 << 12) - 1;
            let stones = (next(&mut seed) | next(&mut seed)) & cells;
            let x = stones & next(&mut seed);
            let o = stones & !x;
            let root = Captures::new(Rc::new(clobber())).least(x, o, 4).0;
            let (alone, both) = one_and_two::<Captures>(clobber(), root);
            for b in both {
                assert_eq!(b, alone, "x {x:#x}, o {o:#x}");
            }
        }
    }

    /// Domineering's h × w board with every square free, on two cores in
    /// fresh tables.
    fn empty_board(h: usize, w: usize, budget: &Budget) -> Result<Form, Error> {
        let mut game = Placements::<u64>::from_rules(domineering());
        let board = Board::new(h, w, (1 << (h * w)) - 1).unwrap();
        let root = game.key(board).0;
        let mut store = CanonStore::new();
        on_two_cores(
            &mut PartForms::default(),
            &mut game,
            &mut store,
            budget,
            root,
        )
    }

    /// A position limit stops both searches with the limit's error (never
    /// a hang), and the positions lent to the helper are given back.
    #[test]
    fn the_limits_stop_both_searches_and_the_loan_is_returned() {
        let budget = Budget::new(Limits {
            max_positions: 400,
            ..Limits::default()
        });
        let got = empty_board(5, 5, &budget);
        assert!(
            matches!(got, Err(Error::Exceeded(Exceeded::Positions(400)))),
            "{got:?}"
        );
        let budget = Budget::new(Limits::default());
        empty_board(4, 4, &budget).unwrap();
        // 4 × 4 has 923 positions (BENCHMARKS.md's count, one core); two
        // searches value some twice, never the loan of millions.
        assert!(budget.positions() < 2 * 923, "{}", budget.positions());
    }
}

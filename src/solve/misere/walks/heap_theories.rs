//! The theories of heaps 0..=n of a one-parameter game whose compiled rules
//! move a heap to smaller heaps of the same game, valued bottom-up over a
//! dense table (options listed as integers, genera read by reference) and
//! kept, so a larger heap goes on from them. A heap past the position budget
//! is refused at once, unless it reaches only a few heaps (halving: about
//! log n), which the walk then keeps.

use crate::budget::{Budget, Exceeded};
use crate::eval::eval_error::EvalError;
use crate::game::compiled::ir::Kernel;
use crate::game::compiled::options::options;
use crate::graph::search::{search, CyclePolicy, Memo, MemoWalk, Status, Step};
use crate::lang::value::{Component, Value};
use crate::solve::misere::genus::{Genus, GenusScratch};
use crate::solve::misere::solver::Solver;
use crate::solve::misere::theory::{Heredity, Theory};
use std::rc::Rc;
use std::time::Duration;

/// The theory of heap `c` valued bottom-up with the heaps below it (kept in
/// the cache); `None` when `c` is not a heap of a game whose compiled rules
/// move heaps to smaller heaps (the walk then answers, and reports any
/// error).
pub(crate) fn heap_theories(
    s: &mut Solver<'_, '_>,
    c: &Component,
) -> Result<Option<Theory>, EvalError> {
    let Component::Pos(inst, pos) = c else {
        return Ok(None);
    };
    let ([Value::Int(n)], true) = (pos.as_ref(), s.games.budget.limits().kernels) else {
        return Ok(None);
    };
    let Ok(last) = usize::try_from(*n) else {
        return Ok(None);
    };
    let kernel = s.games.compiled(*inst).kernel.clone();
    let Some(kernel) = kernel.filter(|k| k.params == 1) else {
        return Ok(None);
    };
    let budget = s.games.budget;
    if last >= budget.positions_left() {
        // More heaps than the budget holds. A heap that reaches only a few
        // others (halving: about log n) is left to the walk, which keeps
        // just those; otherwise this is said at once, not after the walk has
        // filled memory with the root's options or the budget with heaps.
        if reaches_few(&kernel, *n, budget, s.slices.few_heaps) {
            return Ok(None);
        }
        let most = budget.limits().max_positions;
        return Err(s.limit(Exceeded::Positions(most)));
    }
    budget
        .reserve(last.saturating_mul(64))
        .map_err(|e| s.limit(e))?;
    // Heaps valued by earlier queries are kept: go on from the first new one.
    let game = s.cache.heap_game(*inst);
    let known = game.genera.len();
    match value_heaps(&kernel, &mut game.genera, last, budget) {
        Ok(true) => {}
        // Not a heap game after all: the walk values it.
        Ok(false) => return Ok(None),
        Err(e) => return Err(s.limit(e)),
    }
    let theories = &game.genera;
    let answer = theories
        .get(last)
        .map(|(g, h)| Theory::Known(g.clone(), *h));
    let fresh: Vec<(Component, Theory)> = theories
        .iter()
        .enumerate()
        .skip(known)
        .map(|(m, (g, h))| {
            let heap = Component::Pos(*inst, Rc::from(vec![Value::Int(m as i64)]));
            (heap, Theory::Known(g.clone(), *h))
        })
        .collect();
    for (heap, theory) in fresh {
        s.cache.theory.insert(heap, theory);
    }
    Ok(answer)
}

/// Values heaps `theories.len()..=last` into `theories`; false when an
/// option of one is not a smaller heap.
fn value_heaps(
    kernel: &Kernel,
    theories: &mut Vec<(Genus, Heredity)>,
    last: usize,
    budget: &Budget,
) -> Result<bool, Exceeded> {
    let (mut slots, mut opts) = (Vec::new(), Vec::new());
    theories.reserve((last + 1).saturating_sub(theories.len()));
    let mut scratch = GenusScratch::default();
    for m in theories.len()..=last {
        budget.add_positions(1)?;
        let listed = options(kernel, [m as i64, 0], &mut slots, budget, &mut opts)?;
        budget.ticks(opts.len() as u32)?;
        let next = if listed {
            heap_genus(&opts, m, theories, &mut scratch)
        } else {
            None
        };
        match next {
            Some(theory) => theories.push(theory),
            None => return Ok(false),
        }
    }
    Ok(true)
}

/// Most heaps [`reaches_few`] lists.
const FEW_HEAPS: usize = 1 << 16;

/// Whether heap `n` reaches at most [`FEW_HEAPS`] heaps (itself included),
/// all listed by the compiled rules within `most`, with room for them in the
/// position budget; `false` when an option is a sum or the listing is cut
/// short.
fn reaches_few(kernel: &Kernel, n: i64, budget: &Budget, most: Duration) -> bool {
    let probe = budget.trial(most);
    let mut walk = Reach {
        kernel,
        budget: &probe,
        memo: Memo::default(),
        slots: Vec::new(),
        opts: Vec::new(),
    };
    search(&mut walk, n, &probe, CyclePolicy::Error).is_ok()
        && budget.positions_left() > walk.memo.len()
}

/// The heaps one heap reaches, listed by the compiled rules.
struct Reach<'r> {
    kernel: &'r Kernel,
    budget: &'r Budget,
    memo: Memo<i64, ()>,
    slots: Vec<i64>,
    opts: Vec<[i64; 2]>,
}

/// Why [`Reach`] stopped: it reaches too many heaps, takes too long, or an
/// option is not one heap.
struct TooMany;

impl From<Exceeded> for TooMany {
    fn from(_: Exceeded) -> Self {
        TooMany
    }
}

impl MemoWalk for Reach<'_> {
    type Node = i64;
    type Memo = Memo<i64, ()>;
    type Frame = ();
    type Error = TooMany;

    fn memo(&self) -> &Memo<i64, ()> {
        &self.memo
    }

    fn memo_mut(&mut self) -> &mut Memo<i64, ()> {
        &mut self.memo
    }

    fn entered(&mut self, _h: &i64) -> Result<(), TooMany> {
        if self.memo.len() > FEW_HEAPS {
            return Err(TooMany);
        }
        Ok(())
    }

    /// One heap not reached yet at a time: the options are listed again at
    /// each visit rather than kept, so the path holds no lists (a heap of
    /// Nim has n options, and the path may be n heaps long).
    fn visit(&mut self, h: &i64, _: &mut (), children: &mut Vec<i64>) -> Result<Step<()>, TooMany> {
        if !options(
            self.kernel,
            [*h, 0],
            &mut self.slots,
            self.budget,
            &mut self.opts,
        )? {
            return Err(TooMany);
        }
        let memo = &self.memo;
        let next = self
            .opts
            .iter()
            .filter_map(|o| o.first().copied())
            .find(|o| memo.status(o) == Status::Unknown);
        Ok(match next {
            Some(o) => {
                children.push(o);
                Step::Need
            }
            None => Step::Done(()),
        })
    }

    fn cycle(&mut self, _path: Vec<i64>) -> TooMany {
        TooMany
    }
}

/// Heap `m`'s genus and heredity from its options (heaps as integers) and
/// the theories of the heaps below it; `None` if an option is not a smaller
/// heap.
fn heap_genus(
    opts: &[impl AsRef<[i64]>],
    m: usize,
    theories: &[(Genus, Heredity)],
    scratch: &mut GenusScratch,
) -> Option<(Genus, Heredity)> {
    let mut below: Vec<&(Genus, Heredity)> = Vec::with_capacity(opts.len());
    for o in opts {
        let k = usize::try_from(*o.as_ref().first()?)
            .ok()
            .filter(|&k| k < m)?;
        below.push(theories.get(k)?);
    }
    let genera: Vec<&Genus> = below.iter().map(|(g, _)| g).collect();
    let g = Genus::from_options_in(&genera, scratch);
    let h = Heredity::of_options(&g, below.iter().map(|(o, h)| (*h, o.g_plus())));
    Some((g, h))
}

//! Sums of heaps of one heap game as the walks over them key them: sorted heap
//! sizes (`u16`s), each heap's options listed once. Shared by the genus walk
//! ([`super::genus_walk::HeapGenera`]) and the outcome search
//! ([`super::heap_outcome::HeapOutcomes`]).

use super::heaps::heaps_of;
use super::quotient::rules::HeapRules;
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::graph::budget::{Budget, Exceeded};
use crate::lang::value::{Component, InstId};
use crate::solve::impartial::grundy::mex;
use std::rc::Rc;

/// A sum of heaps of one game: the heap sizes, sorted.
pub type Heaps = Box<[u16]>;

/// Why a walk over heap sums stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HeapWalkError<E> {
    /// The rules failed.
    Rules(E),
    /// A budget limit was reached.
    Budget(Exceeded),
    /// An option of a heap has a part at least as large as the heap.
    IllFounded,
    /// The walk ended without the root's answer (a bug).
    Unfinished,
}

impl<E> From<Exceeded> for HeapWalkError<E> {
    fn from(e: Exceeded) -> Self {
        HeapWalkError::Budget(e)
    }
}

/// Each heap's options, as sorted heap lists, asked of the rules once, and
/// the normal-play values of heaps 0, 1, … found from them.
#[derive(Debug, Default, Clone)]
pub struct HeapOptions {
    options: Vec<Option<Rc<[Heaps]>>>,
    normals: Vec<u32>,
}

impl HeapOptions {
    /// The options of heap `h` under `rules` (the same rules every time);
    /// a heap listed for the first time counts its options as positions kept
    /// on `positions`.
    pub fn of<R: HeapRules>(
        &mut self,
        rules: &mut R,
        h: u16,
        positions: &Budget,
    ) -> Result<Rc<[Heaps]>, HeapWalkError<R::Error>> {
        let i = usize::from(h);
        if let Some(Some(o)) = self.options.get(i) {
            return Ok(o.clone());
        }
        let mut out = Vec::new();
        rules.options(i, &mut out).map_err(HeapWalkError::Rules)?;
        if out.iter().flatten().any(|&part| part >= i || part == 0) {
            return Err(HeapWalkError::IllFounded);
        }
        positions.add_positions(1 + out.len())?;
        // Every part is now smaller than h, so a u16.
        let listed: Rc<[Heaps]> = out
            .into_iter()
            .map(|o| {
                let mut o: Vec<u16> = o
                    .into_iter()
                    .filter_map(|x| u16::try_from(x).ok())
                    .collect();
                o.sort_unstable();
                o.into()
            })
            .collect();
        if self.options.len() <= i {
            self.options.resize(i + 1, None);
        }
        if let Some(slot) = self.options.get_mut(i) {
            *slot = Some(listed.clone());
        }
        Ok(listed)
    }
}

impl HeapOptions {
    /// The normal-play Grundy value of heap `h` (the mex of its options'
    /// xors), valuing heaps 0..=h as needed; heaps listed for the first time
    /// count their options on `positions`.
    pub fn normal<R: HeapRules>(
        &mut self,
        rules: &mut R,
        h: u16,
        positions: &Budget,
    ) -> Result<u32, HeapWalkError<R::Error>> {
        let h = usize::from(h);
        while self.normals.len() <= h {
            let n = self.normals.len();
            let options = self.of(rules, n as u16, positions)?;
            let seen: Vec<u64> = options
                .iter()
                .map(|o| {
                    o.iter()
                        .fold(0, |x, &p| x ^ u64::from(self.known_normal(p)))
                })
                .collect();
            self.normals.push(mex(&seen, &mut Vec::new()));
        }
        Ok(self.known_normal(h as u16))
    }

    /// The normal value of heap `h` once [`Self::normal`] has found it (0
    /// before).
    pub fn known_normal(&self, h: u16) -> u32 {
        self.normals.get(usize::from(h)).copied().unwrap_or(0)
    }

    /// Whether heap `h` has a move, once its options are listed ([`Self::of`]);
    /// a heap not listed yet counts as having one.
    pub fn has_move(&self, h: u16) -> bool {
        match self.options.get(usize::from(h)) {
            Some(Some(o)) => !o.is_empty(),
            _ => true,
        }
    }
}

/// Into `buf`: the sum `s` with its heap at `i` replaced by the parts `o`,
/// sorted.
pub fn option_of(buf: &mut Vec<u16>, s: &[u16], i: usize, o: &[u16]) {
    buf.clear();
    buf.extend(
        s.iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &x)| x),
    );
    for &part in o {
        let at = buf.partition_point(|&x| x <= part);
        buf.insert(at, part);
    }
}

/// When every component is a heap of one game small enough for a `u16`
/// (or `*0`): the game and the heaps, as the walks over heap sums take them.
pub fn small_heaps(parts: &[Component]) -> Option<(InstId, Vec<u16>)> {
    let (inst, heaps) = heaps_of(parts)?;
    let heaps = heaps
        .iter()
        .map(|&h| u16::try_from(h).ok())
        .collect::<Option<Vec<u16>>>()?;
    Some((inst, heaps))
}

/// A walk's result as the engine takes it: `None` when the game turned out
/// not to be a heap game, or to have an option as large as its heap (the
/// walk over components then answers, or reports the loop); budget limits
/// as spanned errors; `what` names the walk in the error for a walk that
/// ended without its answer.
pub fn settle<T>(
    walked: Result<T, HeapWalkError<EvalError>>,
    span: Span,
    what: &str,
) -> Result<Option<T>, EvalError> {
    match walked {
        Ok(x) => Ok(Some(x)),
        Err(HeapWalkError::Rules(EvalError::NotHeapGame { .. }) | HeapWalkError::IllFounded) => {
            Ok(None)
        }
        Err(HeapWalkError::Rules(e)) => Err(e),
        Err(HeapWalkError::Budget(e)) => Err(EvalError::limit(e, span)),
        Err(HeapWalkError::Unfinished) => Err(EvalError::internal(
            format!("a finished {what} left no answer"),
            span,
        )),
    }
}

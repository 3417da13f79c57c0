//! Misère outcomes of sums of heaps of one heap game: the memoised search of
//! [`super::outcome`], with positions keyed by their sorted heap sizes
//! ([`super::heap_sums`]) instead of their components, and every position
//! whose heaps a kept misère quotient covers read off the quotient (k
//! products, not memoised). So a sum with a few heaps past the quotient's
//! bound is searched only until they are broken up: Dawson's Kayles rows to
//! 40 with the quotient of rows to 33. Sums of heaps of several heap games
//! are searched the same way, their heaps interleaved as one game's, and a
//! position left with the heaps of one game only is read off that game's
//! kept quotient.

use super::heap_sums::{option_of, settle, small_heaps, HeapOptions, HeapWalkError, Heaps};
use super::heaps::GameHeaps;
use super::mixed_heaps::{mixed_heaps, MixedHeaps};
use super::outcome::{decide, Options, N, ON_PATH, P};
use super::quotient::rules::HeapRules;
use super::quotient::{Elem, Quotient};
use super::MisereCache;
use crate::diagnostics::Span;
use crate::eval::eval_error::EvalError;
use crate::game::Games;
use crate::graph::budget::{Budget, Exceeded};
use crate::graph::search::{search, CyclePolicy, Status, Visit, Walk};
use crate::lang::value::GameSum;
use rustc_hash::{FxHashMap, FxHashSet, FxHasher};
use std::hash::Hasher;
use std::rc::Rc;
use std::time::Duration;

/// True when the player to move wins `sum` in misère play; `None` when `sum`
/// is not a sum of heaps of heap games (the search over components answers
/// it). Heaps of several games are searched as one game's
/// ([`super::mixed_heaps`]).
pub fn next_wins(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    sum: &GameSum,
    span: Span,
) -> Result<Option<bool>, EvalError> {
    let budget = games.budget;
    match walk(games, cache, sum, span, budget, budget) {
        Some(walked) => settle(walked, span, "misère search"),
        None => Ok(None),
    }
}

/// [`next_wins`] given at most `most`: `None` also when the search does not
/// finish in that time or within the positions the statement may keep (what
/// it finished stays in the memo for the next search; it is counted apart,
/// so a quotient tried next is not refused for it). A search this short is
/// tried before a quotient is built: some games' sums are searched in
/// milliseconds while their quotients take seconds to build, or cannot be
/// built at all.
pub fn next_wins_within(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    sum: &GameSum,
    span: Span,
    most: Duration,
) -> Result<Option<bool>, EvalError> {
    let trial = games.budget.trial(most);
    let Some(walked) = walk(games, cache, sum, span, &trial, &trial) else {
        return Ok(None);
    };
    match settle(walked, span, "misère search") {
        Err(e)
            if matches!(
                e.exceeded(),
                Some(Exceeded::Timeout(_) | Exceeded::Positions(_))
            ) && games.budget.check().is_ok() =>
        {
            Ok(None)
        }
        other => other,
    }
}

/// The search of [`next_wins`], its steps counted on `steps` and the
/// positions it keeps on `positions`; `None` when `sum` is not a sum of heaps
/// of heap games.
fn walk(
    games: &mut Games<'_>,
    cache: &mut MisereCache,
    sum: &GameSum,
    span: Span,
    steps: &Budget,
    positions: &Budget,
) -> Option<Result<bool, HeapWalkError<EvalError>>> {
    let Some((inst, heaps)) = small_heaps(&sum.parts) else {
        let (insts, heaps) = mixed_heaps(&sum.parts)?;
        let each: Vec<Option<Rc<Quotient>>> = insts
            .iter()
            .map(|i| cache.quotients.get(i).cloned())
            .collect();
        let each: Vec<Option<&Quotient>> = each.iter().map(Option::as_deref).collect();
        let outcomes = cache.mixed_outcomes.entry(insts.clone()).or_default();
        let mut rules = MixedHeaps::new(games, insts, span);
        return Some(outcomes.search(&mut rules, &heaps, None, &each, steps, positions));
    };
    let mut rules = GameHeaps::new(games, inst, span).ok()?;
    let quotient = cache.quotients.get(&inst).cloned();
    let outcomes = cache.heap_outcomes.entry(inst).or_default();
    Some(outcomes.next_wins(&mut rules, &heaps, quotient.as_deref(), steps, positions))
}

/// The misère outcomes of the sums of heaps of one game searched so far, and
/// each heap's options, kept across statements.
#[derive(Debug, Default, Clone)]
pub struct HeapOutcomes {
    options: HeapOptions,
    /// On the path, P or N; heaps without a move are left out of the keys.
    memo: FxHashMap<Heaps, u8>,
    /// Move-ordering hints: the [`shape`]s of the positions found to be P
    /// (at most one per memoised position, so the position budget bounds
    /// them too).
    hints: FxHashSet<u64>,
    /// The quotient the hints' shapes were taken under (its bound and order):
    /// another quotient starts them afresh.
    hinted_by: Option<(usize, usize)>,
}

impl HeapOutcomes {
    /// Whether the player to move wins the sum of these heaps under `rules`
    /// (the same rules every time: the memo belongs to one game), reading
    /// the positions `quotient` covers off it. `steps` is checked as the
    /// search goes; the positions it keeps are counted on `positions`.
    pub fn next_wins<R: HeapRules>(
        &mut self,
        rules: &mut R,
        heaps: &[u16],
        quotient: Option<&Quotient>,
        steps: &Budget,
        positions: &Budget,
    ) -> Result<bool, HeapWalkError<R::Error>> {
        self.search(rules, heaps, quotient, &[quotient], steps, positions)
    }

    /// [`Self::next_wins`], for the interleaved heaps of several games
    /// ([`super::mixed_heaps`]) as well: `each` holds the quotient kept for
    /// each of the k games (`[quotient]` for one game), and a position all
    /// of whose heaps are of one game that game's quotient covers is read
    /// off it; `quotient` (one game only) also orders the search.
    fn search<R: HeapRules>(
        &mut self,
        rules: &mut R,
        heaps: &[u16],
        quotient: Option<&Quotient>,
        each: &[Option<&Quotient>],
        steps: &Budget,
        positions: &Budget,
    ) -> Result<bool, HeapWalkError<R::Error>> {
        // Every heap the search can reach is below the largest: their options
        // are listed now, so the search only reads them.
        let largest = heaps.iter().copied().max().unwrap_or(0);
        // Their normal values too: the search tries the options that are
        // normal-play P-positions first.
        self.options.normal(rules, largest, steps, positions)?;
        let mut root: Vec<u16> = heaps.to_vec();
        root.sort_unstable();
        self.options.reduce(&mut root);
        let by = quotient.map(|q| (q.max_heap(), q.order()));
        if self.hinted_by != by {
            self.hints.clear();
            self.hinted_by = by;
        }
        let mut walk = OutcomeWalk {
            outcomes: self,
            rules,
            quotient,
            each,
            steps,
            positions,
            buf: Vec::new(),
        };
        if let Some(o) = walk.known(&root) {
            return Ok(o == N);
        }
        let root: Heaps = root.into();
        search(&mut walk, root.clone(), steps, CyclePolicy::Error)?;
        match self.memo.get(&root) {
            Some(&P) => Ok(false),
            Some(&N) => Ok(true),
            _ => Err(HeapWalkError::Unfinished),
        }
    }
}

struct OutcomeWalk<'w, R: HeapRules> {
    outcomes: &'w mut HeapOutcomes,
    rules: &'w mut R,
    quotient: Option<&'w Quotient>,
    /// The quotient of each game, if any (one game: `[quotient]`).
    each: &'w [Option<&'w Quotient>],
    /// Checked as the search goes.
    steps: &'w Budget,
    /// Counts the positions kept.
    positions: &'w Budget,
    /// The option being formed.
    buf: Vec<u16>,
}

/// The image of every heap of `s` but the last (the largest), when the
/// quotient covers them all: an option of the last heap is then read off the
/// quotient without being formed. (No other heap needs this: an option in
/// another heap keeps the last one, and a position whose last heap the
/// quotient covers is read off it, never scanned.)
fn head_image(q: &Quotient, s: &[u16]) -> Option<Elem> {
    let (_, head) = s.split_last()?;
    head.iter().try_fold(q.identity(), |x, &h| {
        let h = usize::from(h);
        q.phi(h).filter(|_| q.covers(h)).map(|y| q.mul(x, y))
    })
}

/// The outcome of a sum `s` (sorted) of interleaved heaps of k games (k the
/// length of `each`; one game is k = 1) when all its heaps are of one game
/// whose quotient covers them: the largest heap says whether it does.
/// Covered sums are read off the quotient and never memoised.
fn read_one_game(each: &[Option<&Quotient>], s: &[u16]) -> Option<u8> {
    let k = each.len();
    let last = usize::from(*s.last()?);
    let g = last.checked_rem(k)?;
    let q = (*each.get(g)?)?;
    if !q.covers(last / k) {
        return None;
    }
    let mut x = q.identity();
    for &id in s {
        let id = usize::from(id);
        if id % k != g {
            return None;
        }
        x = q.mul(x, q.phi(id / k)?);
    }
    Some(if q.in_p(x) { P } else { N })
}

impl<R: HeapRules> OutcomeWalk<'_, R> {
    /// The outcome of `s` (P or N) when the memo has it or a quotient
    /// covers all its heaps.
    fn known(&self, s: &[u16]) -> Option<u8> {
        if let Some(o) = read_one_game(self.each, s) {
            return Some(o);
        }
        match self.outcomes.memo.get(s) {
            Some(&ON_PATH) | None => None,
            Some(&o) => Some(o),
        }
    }

    /// The outcome of `s` when its options decide it at once: N when it has
    /// no move or an option is known to be P, P when every option is known
    /// to be N. Otherwise the options still unknown, in the order to search
    /// them: those of a [`shape`] already found P first, then those with the
    /// fewest heaps past the kept quotient; among equals, first those that
    /// are P-positions in normal play (misère play
    /// mostly agrees, so a winning move is usually among them), then the
    /// rest; within each, moves in the largest heaps first (they reach what
    /// the quotient covers soonest). Options are formed in a reused buffer
    /// and looked up there; only the unknown ones are kept.
    fn scan(&mut self, s: &[u16]) -> Result<Scan, HeapWalkError<R::Error>> {
        let total = s
            .iter()
            .fold(0, |x, &h| x ^ self.outcomes.options.known_normal(h));
        let mut unknown = Vec::new();
        let mut moves = false;
        let head = self.quotient.and_then(|q| head_image(q, s).map(|x| (q, x)));
        // Normal-play P-positions on the first pass, the rest on the second.
        for normal_p in [true, false] {
            for (i, &h) in s.iter().enumerate().rev() {
                if s.get(i + 1) == Some(&h) {
                    continue;
                }
                let listed = self.outcomes.options.of(self.rules, h, self.positions)?;
                let nimber = |h: u16| self.outcomes.options.known_normal(h);
                let others = total ^ nimber(h);
                for o in listed.iter() {
                    moves = true;
                    let value = o.iter().fold(others, |x, &p| x ^ nimber(p));
                    if (value == 0) != normal_p {
                        continue;
                    }
                    self.steps.tick()?;
                    // The other heaps covered: read the option off the
                    // quotient without forming it.
                    if let Some((q, r)) = head.filter(|_| i + 1 == s.len()) {
                        let x = o.iter().try_fold(r, |x, &p| {
                            let p = usize::from(p);
                            q.phi(p).filter(|_| q.covers(p)).map(|y| q.mul(x, y))
                        });
                        match x {
                            Some(x) if q.in_p(x) => return Ok(Scan::Decided(N)),
                            Some(_) => continue,
                            None => {}
                        }
                    }
                    option_of(&mut self.buf, s, i, o);
                    self.outcomes.options.reduce(&mut self.buf);
                    match self.known(&self.buf) {
                        Some(P) => return Ok(Scan::Decided(N)),
                        Some(_) => {}
                        None => unknown.push(self.buf.as_slice().into()),
                    }
                }
            }
        }
        // Options shaped like a position already found to be P first (the
        // quotient is nearly a congruence for the heaps past it too, so they
        // are usually P); then fewest heaps past the quotient: the rest of
        // each is read off it, so their searches end soonest. The sort is
        // stable: the order above decides among equals.
        if let Some(q) = self.quotient {
            let hints = &self.outcomes.hints;
            unknown.sort_by_cached_key(|o: &Heaps| {
                let past = o.iter().filter(|&&h| !q.covers(usize::from(h))).count();
                (!hints.contains(&shape(q, o)), past)
            });
        }
        Ok(match (moves, unknown.is_empty()) {
            // No move: the previous player moved last and loses.
            (false, _) => Scan::Decided(N),
            (true, true) => Scan::Decided(P),
            (true, false) => Scan::Unknown(unknown),
        })
    }
}

/// A position's shape: its heaps past the quotient's bound and the image of
/// the rest, hashed. Two positions of one shape usually share their outcome
/// (always, when no heap is past the bound); a hash collision only misorders
/// the search.
fn shape(q: &Quotient, s: &[u16]) -> u64 {
    let mut hasher = FxHasher::default();
    let mut x = q.identity();
    for &h in s {
        match q.phi(usize::from(h)).filter(|_| q.covers(usize::from(h))) {
            Some(y) => x = q.mul(x, y),
            None => hasher.write_u16(h),
        }
    }
    hasher.write_u32(x);
    hasher.finish()
}

/// Records `s` as P: options of its shape are tried first from now on.
fn hint_p(outcomes: &mut HeapOutcomes, q: Option<&Quotient>, s: &[u16], o: u8) {
    if let (Some(q), P) = (q, o) {
        outcomes.hints.insert(shape(q, s));
    }
}

/// What a position's options say before any of them is searched.
enum Scan {
    /// Its outcome (P or N).
    Decided(u8),
    /// The options whose outcome is not known yet, in search order.
    Unknown(Vec<Heaps>),
}

impl<R: HeapRules> Walk for OutcomeWalk<'_, R> {
    type Node = Heaps;
    type Frame = Options<Heaps>;
    type Error = HeapWalkError<R::Error>;

    fn status(&self, s: &Heaps) -> Status {
        match self.outcomes.memo.get(s) {
            None => Status::Unknown,
            Some(&ON_PATH) => Status::OnPath,
            Some(_) => Status::Done,
        }
    }

    fn enter(&mut self, s: &Heaps) -> Result<(), Self::Error> {
        self.outcomes.memo.insert(s.clone(), ON_PATH);
        self.positions.add_positions(1)?;
        Ok(())
    }

    fn abandon(&mut self, s: &Heaps) {
        self.outcomes.memo.remove(s);
    }

    fn visit(
        &mut self,
        s: &Heaps,
        frame: &mut Options<Heaps>,
        children: &mut Vec<Heaps>,
    ) -> Result<Visit, Self::Error> {
        if frame.options.is_none() {
            match self.scan(s)? {
                Scan::Decided(o) => {
                    hint_p(self.outcomes, self.quotient, s, o);
                    self.outcomes.memo.insert(s.clone(), o);
                    return Ok(Visit::Done);
                }
                Scan::Unknown(options) => *frame = Options::scanned(options),
            }
        }
        match decide(frame, |o| self.known(o), children) {
            Some(o) => {
                hint_p(self.outcomes, self.quotient, s, o);
                self.outcomes.memo.insert(s.clone(), o);
                Ok(Visit::Done)
            }
            None => Ok(Visit::Need),
        }
    }

    fn cycle(&mut self, _path: Vec<Heaps>) -> Self::Error {
        // Cannot happen: every part is smaller than its heap (checked), and
        // replacing a heap by smaller ones is well founded on multisets.
        HeapWalkError::IllFounded
    }
}

#[cfg(test)]
mod tests;

//! The transposition table of the outcome searches: nodes decided, keyed by
//! (large cells, remainder's id, player to move), each with the work its search
//! took. It grows like any table until it reaches its room — the positions
//! and memory the budget still allows — and from then on replaces: each key
//! has a bucket of two slots, and a new node takes the slot whose search was
//! the cheaper (after Breuker, Uiterwijk and van den Herik's two-level
//! "TwoBig" scheme, which they used to solve 8 × 8 Domineering). So a search
//! that outgrows memory goes on, re-deciding what was forgotten, instead of
//! stopping.
//!
//! Every slot holds its whole key, so a lookup never answers for another node.

use super::Error;
use crate::budget::Budget;

/// The cells of a node: one set (`u64`), or two (a capture board's stones,
/// `u128`).
pub trait Key: Copy + Eq + Default {
    /// The key folded to 64 bits, for the hash.
    fn fold(self) -> u64;
}

impl Key for u64 {
    #[inline]
    fn fold(self) -> u64 {
        self
    }
}

impl Key for u128 {
    #[inline]
    fn fold(self) -> u64 {
        (self as u64) ^ ((self >> 64) as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
    }
}

/// One slot: the key, and `meta` = occupied (bit 0), Left to move (bit 1),
/// the mover wins (bit 2), and the work (bits 8 and up, saturating).
#[derive(Debug, Clone, Copy, Default)]
struct Slot<K> {
    cells: K,
    rest: u32,
    meta: u32,
}

impl<K: Key> Slot<K> {
    fn holds(&self, cells: K, rest: u32, left: bool) -> bool {
        self.meta & 1 == 1
            && self.cells == cells
            && self.rest == rest
            && (self.meta >> 1) & 1 == u32::from(left)
    }

    fn work(&self) -> u32 {
        self.meta >> 8
    }
}

/// The table. Its length is a power of two, at least 2.
pub struct Table<K = u64> {
    slots: Vec<Slot<K>>,
    /// Occupied slots.
    len: usize,
    /// The most slots it may have.
    room: usize,
}

/// The smallest table, in slots.
const FIRST: usize = 1 << 12;

impl<K: Key> Table<K> {
    /// An empty table that may grow to `room` slots (at least [`FIRST`]).
    pub fn new(room: usize) -> Table<K> {
        let room = room.max(FIRST);
        let room = if room.is_power_of_two() {
            room
        } else {
            room.next_power_of_two() / 2
        };
        Table {
            slots: vec![Slot::default(); FIRST],
            len: 0,
            room,
        }
    }

    /// A table that may grow to what the budget still allows: its positions
    /// left, and a quarter of the memory left (the store and the other
    /// thread's table need the rest).
    pub fn within(budget: &Budget) -> Table<K> {
        let memory = budget
            .limits()
            .max_memory
            .saturating_sub(crate::budget::allocated())
            / Self::SLOT
            / 4;
        Table::new(budget.positions_left().min(memory))
    }

    /// The bytes one slot takes.
    pub const SLOT: usize = std::mem::size_of::<Slot<K>>();

    fn bucket(&self, cells: K, rest: u32, left: bool) -> usize {
        let h = (cells.fold()
            ^ (u64::from(rest) << 1 | u64::from(left)).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        let h = h ^ (h >> 29);
        // Buckets are pairs of slots.
        (h as usize) & (self.slots.len() - 1) & !1
    }

    /// Whether the mover wins, if the node is held.
    pub fn get(&self, cells: K, rest: u32, left: bool) -> Option<bool> {
        let b = self.bucket(cells, rest, left);
        self.slots
            .get(b..b + 2)?
            .iter()
            .find(|s| s.holds(cells, rest, left))
            .map(|s| s.meta & 4 != 0)
    }

    /// Keeps a node decided after `work` nodes of search: in a free slot of
    /// its bucket, or (once the table is at its room) in place of the
    /// cheaper of the two. Growing asks the budget first, and counts the
    /// new slots as positions kept.
    pub fn put(
        &mut self,
        cells: K,
        rest: u32,
        left: bool,
        win: bool,
        work: u64,
        budget: &Budget,
    ) -> Result<(), Error> {
        if self.len * 2 >= self.slots.len() && self.slots.len() < self.room {
            self.grow(budget)?;
        }
        let work = u32::try_from(work.min(0xFF_FFFF)).unwrap_or(0xFF_FFFF);
        let slot = Slot {
            cells,
            rest,
            meta: 1 | u32::from(left) << 1 | u32::from(win) << 2 | work << 8,
        };
        let b = self.bucket(cells, rest, left);
        let Some(pair) = self.slots.get_mut(b..b + 2) else {
            return Ok(());
        };
        let at = match pair.iter().position(|s| s.holds(cells, rest, left)) {
            Some(i) => i,
            None => match pair.iter().position(|s| s.meta & 1 == 0) {
                Some(i) => {
                    self.len += 1;
                    i
                }
                None => {
                    let work = |i: usize| pair.get(i).map_or(0, Slot::work);
                    usize::from(work(1) < work(0))
                }
            },
        };
        if let Some(s) = pair.get_mut(at) {
            *s = slot;
        }
        Ok(())
    }

    /// Doubles the table, placing every node again (a node whose bucket is
    /// full in the larger table is dropped: it is only a cache). When the
    /// budget has no room for the larger table (the other tables grew
    /// meanwhile), the table stays as it is from then on.
    fn grow(&mut self, budget: &Budget) -> Result<(), Error> {
        let n = self.slots.len() * 2;
        if budget.positions_left() < n / 2 || budget.reserve(n.saturating_mul(Self::SLOT)).is_err()
        {
            self.room = self.slots.len();
            return Ok(());
        }
        budget.add_positions(n / 2)?;
        let old = std::mem::replace(&mut self.slots, vec![Slot::default(); n]);
        self.len = 0;
        for s in old.into_iter().filter(|s| s.meta & 1 == 1) {
            let left = (s.meta >> 1) & 1 == 1;
            let b = self.bucket(s.cells, s.rest, left);
            if let Some(pair) = self.slots.get_mut(b..b + 2) {
                if let Some(free) = pair.iter_mut().find(|x| x.meta & 1 == 0) {
                    *free = s;
                    self.len += 1;
                }
            }
        }
        Ok(())
    }
}

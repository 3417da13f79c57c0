//! `Table<V>`: the memo of one analysis for one game instance, shaped like the
//! positions: a dense array for one small natural number, a growable dense grid
//! for two, a hash map for everything else. The same code stores Grundy values,
//! outcomes, or any other small `Copy` value. Growth asks the budget first, and
//! a dense layout is only used while it stays dense: a handful of huge heaps go
//! to the map instead of a table sized by the largest heap.

use crate::budget::{Budget, Exceeded};
use crate::lang::value::{Pos, Value};
use rustc_hash::FxHashMap;

/// Largest heap kept in the dense array (beyond it, the map).
const DENSE_LIMIT: i64 = 1 << 28;
/// Largest coordinate kept in the dense grid.
const GRID_LIMIT: i64 = 1 << 14;
/// Most cells the dense grid may have.
pub const GRID_CAP: usize = 1 << 24;
/// A dense layout this small is always fine.
const SMALL: usize = 1 << 16;

/// Where a position lives in a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// One natural number.
    One(usize),
    /// Two natural numbers (two parameters, or one pair such as a square).
    Two(usize, usize),
    /// Anything else.
    Other,
}

/// The table key of a position.
pub fn key_of(pos: &[Value]) -> Key {
    let small = |v: &Value, limit: i64| match v {
        Value::Int(n) if (0..limit).contains(n) => Some(*n as usize),
        _ => None,
    };
    match pos {
        [a] => {
            // Any heap is `One` (compiled rules run on it); only those below
            // DENSE_LIMIT may live in the dense array.
            if let Some(n) = small(a, i64::MAX) {
                return Key::One(n);
            }
            if let Value::Tuple(t) = a {
                if let [x, y] = t.as_ref() {
                    if let (Some(x), Some(y)) = (small(x, GRID_LIMIT), small(y, GRID_LIMIT)) {
                        return Key::Two(x, y);
                    }
                }
            }
            Key::Other
        }
        [x, y] => match (small(x, GRID_LIMIT), small(y, GRID_LIMIT)) {
            (Some(x), Some(y)) => Key::Two(x, y),
            _ => Key::Other,
        },
        _ => Key::Other,
    }
}

/// A memo table with dense, grid and map layouts.
#[derive(Debug, Clone)]
pub struct Table<V> {
    empty: V,
    dense: Vec<V>,
    grid: Vec<V>,
    rows: usize,
    cols: usize,
    map: FxHashMap<Pos, V>,
    len: usize,
}

impl<V: Copy + PartialEq> Table<V> {
    /// An empty table; `empty` is what an unknown position reads as.
    pub fn new(empty: V) -> Table<V> {
        Table {
            empty,
            dense: Vec::new(),
            grid: Vec::new(),
            rows: 0,
            cols: 0,
            map: FxHashMap::default(),
            len: 0,
        }
    }

    /// Positions stored.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The stored value of a position (`empty` if none).
    pub fn get(&self, key: Key, pos: &Pos) -> V {
        match key {
            Key::One(n) if n < self.dense.len() => self.dense.get(n).copied().unwrap_or(self.empty),
            Key::Two(x, y) if x < self.rows && y < self.cols => self
                .grid
                .get(x * self.cols + y)
                .copied()
                .unwrap_or(self.empty),
            _ if self.map.is_empty() => self.empty,
            _ => self.map.get(pos).copied().unwrap_or(self.empty),
        }
    }

    /// Stores a value; true when the position was new. Growth is charged to the
    /// budget (bytes before allocating, one position per new entry).
    pub fn set(
        &mut self,
        key: Key,
        pos: &Pos,
        value: V,
        budget: &Budget,
    ) -> Result<bool, Exceeded> {
        match key {
            Key::One(n) => {
                if n >= self.dense.len() && n < DENSE_LIMIT as usize && self.dense_ok(n + 1) {
                    let len = (n + 1)
                        .max(self.dense.len() * 2)
                        .max(64)
                        .min(DENSE_LIMIT as usize);
                    self.grow_dense(len, budget)?;
                }
                if n < self.dense.len() {
                    return self.store_slot_at(SlotAt::Dense(n), value, budget);
                }
            }
            Key::Two(x, y) => {
                if x >= self.rows || y >= self.cols {
                    let rows = (x + 1).max(self.rows * 2).max(8);
                    let cols = (y + 1).max(self.cols * 2).max(8);
                    if rows.saturating_mul(cols) <= GRID_CAP && self.dense_ok(rows * cols) {
                        self.grow_grid(rows, cols, budget)?;
                    }
                }
                if x < self.rows && y < self.cols {
                    return self.store_slot_at(SlotAt::Grid(x * self.cols + y), value, budget);
                }
            }
            Key::Other => {}
        }
        budget.before_growth(
            self.map.len(),
            self.map.capacity(),
            std::mem::size_of::<(Pos, V)>(),
        )?;
        let old = self.map.insert(pos.clone(), value);
        let new = old.is_none() || old == Some(self.empty);
        if new {
            self.count(budget)?;
        }
        Ok(new)
    }

    /// Forgets a position (back to `empty`), e.g. one left unfinished.
    pub fn unset(&mut self, key: Key, pos: &Pos) {
        let slot = match key {
            Key::One(n) if n < self.dense.len() => self.dense.get_mut(n),
            Key::Two(x, y) if x < self.rows && y < self.cols => {
                self.grid.get_mut(x * self.cols + y)
            }
            _ => {
                if self.map.remove(pos).is_some() {
                    self.len = self.len.saturating_sub(1);
                }
                return;
            }
        };
        if let Some(s) = slot {
            if *s != self.empty {
                *s = self.empty;
                self.len = self.len.saturating_sub(1);
            }
        }
    }

    /// A dense layout of `cells` is worth it: small, or not much larger than
    /// what is stored.
    fn dense_ok(&self, cells: usize) -> bool {
        cells <= SMALL || cells <= 8 * (self.len + 1)
    }

    fn store_slot_at(&mut self, at: SlotAt, value: V, budget: &Budget) -> Result<bool, Exceeded> {
        let empty = self.empty;
        let slot = match at {
            SlotAt::Dense(n) => self.dense.get_mut(n),
            SlotAt::Grid(i) => self.grid.get_mut(i),
        };
        let Some(slot) = slot else {
            return Ok(false);
        };
        let new = *slot == empty;
        *slot = value;
        if new {
            self.count(budget)?;
        }
        Ok(new)
    }

    fn count(&mut self, budget: &Budget) -> Result<(), Exceeded> {
        self.len += 1;
        budget.add_positions(1)
    }

    /// Makes room for heaps 0..n exactly (a bottom-up fill knows its size).
    pub fn reserve_heaps(&mut self, n: usize, budget: &Budget) -> Result<(), Exceeded> {
        if n > self.dense.len() && n <= DENSE_LIMIT as usize {
            self.grow_dense(n, budget)?;
        }
        Ok(())
    }

    fn grow_dense(&mut self, len: usize, budget: &Budget) -> Result<(), Exceeded> {
        let extra = len.saturating_sub(self.dense.len());
        budget.reserve(extra.saturating_mul(std::mem::size_of::<V>()))?;
        self.dense.reserve_exact(extra);
        self.dense.resize(len, self.empty);
        // Heaps kept in the map so far move into the dense array.
        if !self.map.is_empty() {
            let moved: Vec<(usize, V)> = self
                .map
                .iter()
                .filter_map(|(p, v)| match key_of(p) {
                    Key::One(n) if n < len => Some((n, *v)),
                    _ => None,
                })
                .collect();
            for (n, v) in moved {
                self.map.remove(&Pos::from(vec![Value::Int(n as i64)]));
                if let Some(slot) = self.dense.get_mut(n) {
                    *slot = v;
                }
            }
        }
        Ok(())
    }

    /// Makes the dense grid at least `rows` × `cols` (a sweep knows its box).
    pub fn reserve_grid(
        &mut self,
        rows: usize,
        cols: usize,
        budget: &Budget,
    ) -> Result<(), Exceeded> {
        if (rows > self.rows || cols > self.cols) && rows.saturating_mul(cols) <= GRID_CAP {
            self.grow_grid(rows.max(self.rows), cols.max(self.cols), budget)?;
        }
        Ok(())
    }

    fn grow_grid(&mut self, rows: usize, cols: usize, budget: &Budget) -> Result<(), Exceeded> {
        budget.reserve((rows * cols).saturating_mul(std::mem::size_of::<V>()))?;
        let mut grid = vec![self.empty; rows * cols];
        for r in 0..self.rows {
            let (from, to) = (r * self.cols, r * cols);
            if let (Some(dst), Some(src)) = (
                grid.get_mut(to..to + self.cols),
                self.grid.get(from..from + self.cols),
            ) {
                dst.copy_from_slice(src);
            }
        }
        self.grid = grid;
        self.rows = rows;
        self.cols = cols;
        Ok(())
    }

    /// The dense heap array (heap n at index n).
    pub fn dense(&self) -> &[V] {
        &self.dense
    }

    /// The dense heap array, writable (bottom-up fills).
    pub fn dense_mut(&mut self) -> &mut [V] {
        &mut self.dense
    }

    /// Records `n` entries written straight into the dense arrays.
    pub fn add_len(&mut self, n: usize, budget: &Budget) -> Result<(), Exceeded> {
        self.len += n;
        budget.add_positions(n)
    }

    /// The dense grid: values, rows, columns (cell (x, y) at `x * columns + y`).
    pub fn grid_view(&self) -> (&[V], usize, usize) {
        (&self.grid, self.rows, self.cols)
    }

    /// The state of a heap (`arity` 1) or grid cell (`arity` 2) read straight
    /// from the dense layouts: `empty` outside them.
    pub fn get_small(&self, p: [i64; 2], arity: usize) -> V {
        let (Ok(x), Ok(y)) = (usize::try_from(p[0]), usize::try_from(p[1])) else {
            return self.empty;
        };
        let cell = match arity {
            1 => self.dense.get(x),
            _ if x < self.rows && y < self.cols => self.grid.get(x * self.cols + y),
            _ => None,
        };
        cell.copied().unwrap_or(self.empty)
    }

    /// Stores the cells of grid row `x` from column 0 on, counting those that
    /// were unknown; false (and nothing stored) when the grid has no such row
    /// or the row is too short.
    pub fn set_grid_row(
        &mut self,
        x: usize,
        values: &[V],
        budget: &Budget,
    ) -> Result<bool, Exceeded> {
        if x >= self.rows || values.len() > self.cols {
            return Ok(false);
        }
        let at = x * self.cols;
        let empty = self.empty;
        let Some(cells) = self.grid.get_mut(at..at + values.len()) else {
            return Ok(false);
        };
        let mut new = 0;
        for (cell, &v) in cells.iter_mut().zip(values) {
            new += usize::from(*cell == empty);
            *cell = v;
        }
        self.len += new;
        budget.add_positions(new)?;
        Ok(true)
    }

    /// Stores a heap's or grid cell's value in the dense layouts if it is there
    /// and unknown; true when stored.
    pub fn set_small(
        &mut self,
        p: [i64; 2],
        arity: usize,
        value: V,
        budget: &Budget,
    ) -> Result<bool, Exceeded> {
        let (Ok(x), Ok(y)) = (usize::try_from(p[0]), usize::try_from(p[1])) else {
            return Ok(false);
        };
        let at = match arity {
            1 if x < self.dense.len() => SlotAt::Dense(x),
            2 if x < self.rows && y < self.cols => SlotAt::Grid(x * self.cols + y),
            _ => return Ok(false),
        };
        self.store_slot_at(at, value, budget)
    }
}

/// A slot of the dense layouts.
enum SlotAt {
    Dense(usize),
    Grid(usize),
}

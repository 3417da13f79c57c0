//! Memo tables shaped like the positions: a dense array for one small natural
//! number, a growable dense grid for two, a hash map for everything else.

use crate::eval::value::{Pos, Value};
use rustc_hash::FxHashMap;

/// No value known yet.
pub const UNKNOWN: u32 = u32::MAX;
/// On the solver's current path (seeing it again means a cycle).
pub const IN_PROGRESS: u32 = u32::MAX - 1;

/// Largest heap kept in the dense array (beyond it, the map).
const DENSE_LIMIT: i64 = 1 << 28;
/// Largest coordinate kept in the dense grid.
const GRID_LIMIT: i64 = 1 << 14;
/// Most cells the dense grid may have (64 MiB of values).
const GRID_CAP: usize = 1 << 24;

/// The Grundy values (or solver states) of one instance's positions.
#[derive(Debug, Default)]
pub struct Memo {
    /// Heap n → value, for one-natural positions.
    pub dense: Vec<u32>,
    /// The largest value stored (sizes the kernels' mex bitsets).
    pub max: u32,
    grid: Vec<u32>,
    grid_rows: usize,
    grid_cols: usize,
    map: FxHashMap<Pos, u32>,
}

/// Where a position lives in a memo.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// One natural number.
    One(usize),
    /// Two natural numbers (two parameters, or one pair such as a square).
    Two(usize, usize),
    /// Anything else.
    Other,
}

/// The memo key of a position.
pub fn key_of(pos: &[Value]) -> Key {
    let small = |v: &Value, limit: i64| match v {
        Value::Int(n) if (0..limit).contains(n) => Some(*n as usize),
        _ => None,
    };
    match pos {
        [a] => {
            if let Some(n) = small(a, DENSE_LIMIT) {
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

impl Memo {
    /// The stored state of a position (`UNKNOWN` if none).
    pub fn get(&self, key: Key, pos: &Pos) -> u32 {
        match key {
            Key::One(n) => self.dense.get(n).copied().unwrap_or(UNKNOWN),
            Key::Two(x, y) => {
                if x < self.grid_rows && y < self.grid_cols {
                    self.grid
                        .get(x * self.grid_cols + y)
                        .copied()
                        .unwrap_or(UNKNOWN)
                } else {
                    self.map.get(pos).copied().unwrap_or(UNKNOWN)
                }
            }
            Key::Other => self.map.get(pos).copied().unwrap_or(UNKNOWN),
        }
    }

    /// Makes room for heaps 0..n exactly (a bottom-up fill knows its size).
    pub fn reserve_heaps(&mut self, n: usize) {
        if n > self.dense.len() {
            self.dense.reserve_exact(n - self.dense.len());
            self.dense.resize(n, UNKNOWN);
        }
    }

    /// Stores the value of heap `n` of a one-parameter game; true when new.
    pub fn set_heap(&mut self, n: usize, value: u32) -> bool {
        if value < IN_PROGRESS {
            self.max = self.max.max(value);
        }
        if n >= self.dense.len() {
            let new_len = (n + 1).max(self.dense.len() * 2).max(64);
            self.dense.resize(new_len, UNKNOWN);
        }
        match self.dense.get_mut(n) {
            Some(s) => {
                let new = *s == UNKNOWN;
                *s = value;
                new
            }
            None => false,
        }
    }

    /// Stores a state; returns true when the position was new.
    pub fn set(&mut self, key: Key, pos: &Pos, value: u32) -> bool {
        if value < IN_PROGRESS {
            self.max = self.max.max(value);
        }
        let slot = match key {
            Key::One(n) => return self.set_heap(n, value),
            Key::Two(x, y) => {
                if x >= self.grid_rows || y >= self.grid_cols {
                    let rows = (x + 1).max(self.grid_rows * 2).max(8);
                    let cols = (y + 1).max(self.grid_cols * 2).max(8);
                    if rows.saturating_mul(cols) > GRID_CAP {
                        // Sparse positions with large coordinates: keep them in the map.
                        let old = self.map.insert(pos.clone(), value);
                        return old.is_none() || old == Some(UNKNOWN);
                    }
                    self.grow_grid(rows, cols);
                }
                let cols = self.grid_cols;
                self.grid.get_mut(x * cols + y)
            }
            Key::Other => {
                let old = self.map.insert(pos.clone(), value);
                return old.is_none() || old == Some(UNKNOWN);
            }
        };
        match slot {
            Some(s) => {
                let new = *s == UNKNOWN;
                *s = value;
                new
            }
            None => false,
        }
    }

    /// The state of a heap (`arity` 1) or grid cell (`arity` 2) read straight from
    /// the dense tables: `UNKNOWN` outside them.
    pub fn get_small(&self, p: [i64; 2], arity: usize) -> u32 {
        let (Ok(x), Ok(y)) = (usize::try_from(p[0]), usize::try_from(p[1])) else {
            return UNKNOWN;
        };
        match arity {
            1 => self.dense.get(x).copied().unwrap_or(UNKNOWN),
            _ if x < self.grid_rows && y < self.grid_cols => self
                .grid
                .get(x * self.grid_cols + y)
                .copied()
                .unwrap_or(UNKNOWN),
            _ => UNKNOWN,
        }
    }

    /// Stores a heap's or grid cell's value in the dense tables; true when it was
    /// new. A cell outside the grid is not stored (the search will find it).
    pub fn set_small(&mut self, p: [i64; 2], arity: usize, value: u32) -> bool {
        let (Ok(x), Ok(y)) = (usize::try_from(p[0]), usize::try_from(p[1])) else {
            return false;
        };
        if arity == 1 {
            self.set_heap(x, value)
        } else {
            self.set_cell(x, y, value)
        }
    }

    /// Makes the dense grid at least `rows` × `cols` (a sweep knows its box).
    pub fn reserve_grid(&mut self, rows: usize, cols: usize) {
        if (rows > self.grid_rows || cols > self.grid_cols) && rows.saturating_mul(cols) <= GRID_CAP
        {
            self.grow_grid(rows.max(self.grid_rows), cols.max(self.grid_cols));
        }
    }

    /// Stores the value of cell (x, y) of the dense grid if it is there and
    /// unknown; true when stored.
    pub fn set_cell(&mut self, x: usize, y: usize, value: u32) -> bool {
        if x >= self.grid_rows || y >= self.grid_cols {
            return false;
        }
        match self.grid.get_mut(x * self.grid_cols + y) {
            Some(slot) if *slot == UNKNOWN => {
                *slot = value;
                self.max = self.max.max(value);
                true
            }
            _ => false,
        }
    }

    /// The dense grid: values, rows, columns (cell (x, y) at `x * columns + y`).
    pub fn grid_view(&self) -> (&[u32], usize, usize) {
        (&self.grid, self.grid_rows, self.grid_cols)
    }

    fn grow_grid(&mut self, rows: usize, cols: usize) {
        let mut grid = vec![UNKNOWN; rows * cols];
        for r in 0..self.grid_rows {
            for c in 0..self.grid_cols {
                if let (Some(dst), Some(src)) = (
                    grid.get_mut(r * cols + c),
                    self.grid.get(r * self.grid_cols + c),
                ) {
                    *dst = *src;
                }
            }
        }
        self.grid = grid;
        self.grid_rows = rows;
        self.grid_cols = cols;
    }
}

//! Evaluated boards: their size and blocked squares, and square names (`@c2`).

/// An evaluated board.
#[derive(Debug, Clone)]
pub struct BoardData {
    /// Columns.
    pub width: i64,
    /// Rows.
    pub height: i64,
    /// Blocked squares, indexed `(row - 1) * width + (col - 1)`.
    pub blocked: Vec<bool>,
}

impl BoardData {
    /// True when (col, row) is on the board and not blocked.
    pub fn open(&self, col: i64, row: i64) -> bool {
        self.on_board(col, row)
            && !self
                .blocked
                .get(((row - 1) * self.width + (col - 1)) as usize)
                .copied()
                .unwrap_or(true)
    }

    /// True when (col, row) lies inside the board (blocked or not).
    pub fn on_board(&self, col: i64, row: i64) -> bool {
        (1..=self.width).contains(&col) && (1..=self.height).contains(&row)
    }
}

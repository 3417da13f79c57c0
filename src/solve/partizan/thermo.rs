//! Thermographs of canonical forms: walls as breakpoints, temperature and mean.
//!
//! Temperatures run over `[-1, ∞)` as in CGSuite: an integer has temperature −1, a
//! fraction `m/2^k` has −1/2^k, every other game 0 or more. Below its temperature a
//! game's left wall is its left scaffold `max RW(G^L)(t) − t` and its right wall the
//! right scaffold `min LW(G^R)(t) + t`; from the temperature up both are the mast.

use super::dyadic::Dyadic;
use super::store::{CanonStore, Form};
use super::Error;
use crate::budget::Budget;

/// One straight piece of a wall: from temperature `t` (until the next piece starts)
/// the value is `value + slope · (u − t)` at temperature `u`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    /// Temperature where the piece starts.
    pub t: Dyadic,
    /// Value at that temperature.
    pub value: Dyadic,
    /// Change of value per unit of temperature (−1, 0 or 1 in a thermograph).
    pub slope: i64,
}

/// A wall of a thermograph: straight pieces from temperature −1 upwards, the last
/// one extending forever (a wall ends in the vertical mast, slope 0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wall {
    /// The pieces, by increasing start temperature; the first starts at −1.
    pub pieces: Vec<Piece>,
}

/// The thermograph of a game, as data a renderer can draw: the two walls, the
/// temperature where they meet, and the mast value there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thermograph {
    /// The left wall (Left's value at each temperature).
    pub left: Wall,
    /// The right wall.
    pub right: Wall,
    /// Where the walls join the mast.
    pub temperature: Dyadic,
    /// The mast's value: the mean of the game.
    pub mast: Dyadic,
}

fn overflow<T>(x: Option<T>) -> Result<T, Error> {
    x.ok_or(Error::Overflow)
}

/// `x · k` for a small integer `k`.
fn mul_int(x: Dyadic, k: i64) -> Option<Dyadic> {
    let mut acc = Dyadic::ZERO;
    let step = if k < 0 { x.checked_neg()? } else { x };
    for _ in 0..k.unsigned_abs() {
        acc = acc.checked_add(step)?;
    }
    Some(acc)
}

/// `x / k` for `k` a power of two up to 4 (slope differences in thermographs).
fn div_small(x: Dyadic, k: i64) -> Option<Dyadic> {
    let x = if k < 0 { x.checked_neg()? } else { x };
    match k.unsigned_abs() {
        1 => Some(x),
        2 => x.checked_half(),
        4 => x.checked_half()?.checked_half(),
        _ => None,
    }
}

impl Wall {
    /// A vertical mast at `value` from temperature −1.
    pub fn mast(value: Dyadic) -> Wall {
        Wall {
            pieces: vec![Piece {
                t: Dyadic::integer(-1),
                value,
                slope: 0,
            }],
        }
    }

    /// The wall as a polyline for drawing: `(temperature, value)` at −1, at every
    /// corner, and at `top` (which should lie at or above the last corner; the
    /// mast continues upward from there).
    pub fn points(&self, top: Dyadic) -> Vec<(Dyadic, Dyadic)> {
        let mut points: Vec<(Dyadic, Dyadic)> = self
            .pieces
            .iter()
            .filter(|p| p.t < top)
            .map(|p| (p.t, p.value))
            .collect();
        if let Some(v) = self.at(top) {
            points.push((top, v));
        }
        points
    }

    /// The piece in force at temperature `t`.
    fn piece_at(&self, t: Dyadic) -> Option<Piece> {
        self.pieces
            .iter()
            .rev()
            .find(|p| p.t <= t)
            .or(self.pieces.first())
            .copied()
    }

    /// The wall's value at temperature `t`.
    pub fn at(&self, t: Dyadic) -> Option<Dyadic> {
        let p = self.piece_at(t)?;
        p.value.checked_add(mul_int(t.checked_sub(p.t)?, p.slope)?)
    }

    /// `self(t) + c · t`: the scaffold shift.
    fn tilt(&self, c: i64) -> Option<Wall> {
        let mut pieces = Vec::with_capacity(self.pieces.len());
        for p in &self.pieces {
            pieces.push(Piece {
                t: p.t,
                value: p.value.checked_add(mul_int(p.t, c)?)?,
                slope: p.slope + c,
            });
        }
        Some(Wall { pieces })
    }

    /// The pointwise maximum (`max = true`) or minimum of two walls.
    fn combine(&self, other: &Wall, max: bool) -> Option<Wall> {
        let mut starts: Vec<Dyadic> = self
            .pieces
            .iter()
            .chain(&other.pieces)
            .map(|p| p.t)
            .collect();
        starts.sort_unstable();
        starts.dedup();
        let better = |a: Dyadic, b: Dyadic| if max { a > b } else { a < b };
        let mut out: Vec<Piece> = Vec::new();
        for (i, &t) in starts.iter().enumerate() {
            let end = starts.get(i + 1).copied();
            let (pa, pb) = (self.piece_at(t)?, other.piece_at(t)?);
            let (va, vb) = (self.at(t)?, other.at(t)?);
            // Which line leads at t (ties go to the one that leads just after t).
            let a_leads = better(va, vb) || (va == vb && !better_slope(pb.slope, pa.slope, max));
            let (lead, lead_v, trail, trail_v) = if a_leads {
                (pa, va, pb, vb)
            } else {
                (pb, vb, pa, va)
            };
            push_piece(&mut out, t, lead_v, lead.slope);
            // The trailing line overtakes inside the interval when its slope is better.
            if better_slope(trail.slope, lead.slope, max) {
                let gap = lead_v.checked_sub(trail_v)?;
                let cross = t.checked_add(div_small(gap, trail.slope - lead.slope)?)?;
                if cross > t && end.is_none_or(|e| cross < e) {
                    let v = trail_v.checked_add(mul_int(cross.checked_sub(t)?, trail.slope)?)?;
                    push_piece(&mut out, cross, v, trail.slope);
                }
            }
        }
        Some(Wall { pieces: out })
    }
}

/// Whether slope `a` is better than `b` going up (larger for a maximum).
fn better_slope(a: i64, b: i64, max: bool) -> bool {
    if max {
        a > b
    } else {
        a < b
    }
}

/// Appends a piece unless it only continues the previous one.
fn push_piece(out: &mut Vec<Piece>, t: Dyadic, value: Dyadic, slope: i64) {
    if let Some(last) = out.last() {
        let continued = t
            .checked_sub(last.t)
            .and_then(|d| mul_int(d, last.slope))
            .and_then(|d| last.value.checked_add(d));
        if last.slope == slope && continued == Some(value) {
            return;
        }
    }
    out.push(Piece { t, value, slope });
}

/// The first temperature `t >= -1` where `left(t) <= right(t)`.
fn meeting(left: &Wall, right: &Wall) -> Option<Dyadic> {
    let mut starts: Vec<Dyadic> = left
        .pieces
        .iter()
        .chain(&right.pieces)
        .map(|p| p.t)
        .collect();
    starts.sort_unstable();
    starts.dedup();
    for (i, &t) in starts.iter().enumerate() {
        let gap = left.at(t)?.checked_sub(right.at(t)?)?;
        if gap <= Dyadic::ZERO {
            return Some(t);
        }
        let closing = left.piece_at(t)?.slope - right.piece_at(t)?.slope;
        if closing < 0 {
            let at = t.checked_add(div_small(gap, -closing)?)?;
            if starts.get(i + 1).is_none_or(|&e| at < e) {
                return Some(at);
            }
        }
    }
    None
}

/// Cuts a scaffold at the temperature and continues it as the mast.
fn up_to(wall: &Wall, temperature: Dyadic, mast: Dyadic) -> Wall {
    let mut pieces: Vec<Piece> = wall
        .pieces
        .iter()
        .filter(|p| p.t < temperature)
        .copied()
        .collect();
    push_piece(&mut pieces, temperature, mast, 0);
    Wall { pieces }
}

impl CanonStore {
    /// The thermograph of `f`.
    pub fn thermograph(&mut self, f: Form, budget: &Budget) -> Result<Thermograph, Error> {
        if let Some(t) = self.thermographs.get(&f) {
            return Ok(t.clone());
        }
        budget.tick()?;
        let minus_one = Dyadic::integer(-1);
        let result = if let Some(n) = self.as_number(f).filter(|x| x.is_integer()) {
            Thermograph {
                left: Wall::mast(n),
                right: Wall::mast(n),
                temperature: minus_one,
                mast: n,
            }
        } else {
            let mut left: Option<Wall> = None;
            for gl in self.left_options(f)? {
                let w = self.thermograph(gl, budget)?.right;
                left = Some(match left {
                    None => w,
                    Some(l) => overflow(l.combine(&w, true))?,
                });
            }
            let mut right: Option<Wall> = None;
            for gr in self.right_options(f)? {
                let w = self.thermograph(gr, budget)?.left;
                right = Some(match right {
                    None => w,
                    Some(r) => overflow(r.combine(&w, false))?,
                });
            }
            // Only integers lack options on a side, and they were handled above.
            let (Some(left), Some(right)) = (left, right) else {
                return Err(Error::Overflow);
            };
            let left = overflow(left.tilt(-1))?;
            let right = overflow(right.tilt(1))?;
            let temperature = overflow(meeting(&left, &right))?;
            let mast = overflow(left.at(temperature))?;
            Thermograph {
                left: up_to(&left, temperature, mast),
                right: up_to(&right, temperature, mast),
                temperature,
                mast,
            }
        };
        self.thermo_bytes += (result.left.pieces.capacity() + result.right.pieces.capacity())
            * std::mem::size_of::<Piece>();
        self.thermographs.insert(f, result.clone());
        Ok(result)
    }

    /// The temperature of `f` (numbers: −1/2^k; infinitesimals: 0).
    pub fn temperature(&mut self, f: Form, budget: &Budget) -> Result<Dyadic, Error> {
        if let Some(n) = self.as_nus(f) {
            if !n.is_number() {
                return Ok(Dyadic::ZERO);
            }
            return overflow(Dyadic::unit(n.number.exponent()).and_then(Dyadic::checked_neg));
        }
        Ok(self.thermograph(f, budget)?.temperature)
    }

    /// The mean value of `f`.
    pub fn mean(&mut self, f: Form, budget: &Budget) -> Result<Dyadic, Error> {
        if let Some(n) = self.as_nus(f) {
            return Ok(n.number);
        }
        Ok(self.thermograph(f, budget)?.mast)
    }
}

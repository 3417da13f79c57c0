//! Three-heap splits (hexadecimal digits 8 to F). After the change of
//! variables a rule leaves the parts `s`, `u` and `m − s − u`, and its
//! constraints carve a set `R` out of the integer points `(m, s, u)`. `R`
//! makes exactly the moves of a digit when it lies inside the digit's parts
//! (each at least 1, or each at least 0) and contains one sorted order of
//! every partition: then each move of `R` is a partition of the digit, and
//! each partition is reached. Both containments are implications between
//! linear inequalities; each is proven over the rationals by Fourier–Motzkin
//! elimination, and what holds at every rational point holds at every integer
//! one. So the check is a proof for every heap at once, with no window: a rule
//! it cannot prove is simply not recognised.

use super::code::Digit;
use super::linear::{Con, Lin, HEAP};
use super::takebreak::{SPLIT, SPLIT2};

/// `row · (m, s, u, 1) >= 0`.
type Row = [i128; 4];

/// Most inequalities one elimination may produce before giving up.
const MOST_ROWS: usize = 4096;

/// The parts `s`, `u`, `m − s − u` as rows.
const PARTS: [Row; 3] = [[0, 1, 0, 0], [0, 0, 1, 0], [1, -1, -1, 0]];

/// The digit making exactly the moves the constraints (over `m`, `s`, `u`)
/// allow, or `None` when that cannot be proven.
pub(super) fn digit(cons: &[Con]) -> Option<Digit> {
    let mut rows = Vec::new();
    for c in cons {
        let l = c.form();
        match c {
            Con::Ge(_) if l.only(&[HEAP, SPLIT, SPLIT2]) => rows.push(row(l)),
            // A condition on constants only: true changes nothing, false
            // leaves the rule no move.
            _ if l.is_constant() => {
                if !c.holds(|_| 0)? {
                    return Some(Digit::default());
                }
            }
            _ => return None,
        }
    }
    if !feasible(rows.clone())? {
        return Some(Digit::default());
    }
    let m_positive: Row = [1, 0, 0, -1];
    // (mask, least part, least m): three non-empty heaps; or parts that may
    // be empty (an empty part is a move leaving fewer heaps, three empty
    // parts take the whole heap), from m = 0 or from m = 1.
    for (mask, least, from_one) in [(8u8, 1i128, false), (0xF, 0, false), (0xE, 0, true)] {
        let mut bounds: Vec<Row> = PARTS.iter().map(|p| shift(*p, least)).collect();
        if from_one {
            bounds.push(m_positive);
        }
        let mut inside = true;
        for b in &bounds {
            inside &= implies(&rows, *b)?;
        }
        if !inside {
            continue;
        }
        let [s, u, z] = PARTS;
        for [pi, pj, pk] in [
            [s, u, z],
            [s, z, u],
            [u, s, z],
            [u, z, s],
            [z, s, u],
            [z, u, s],
        ] {
            let mut chain = vec![shift(pi, least), minus(pj, pi), minus(pk, pj)];
            if from_one {
                chain.push(m_positive);
            }
            let mut covers = true;
            for r in &rows {
                covers &= implies(&chain, *r)?;
            }
            if covers {
                return Some(Digit::of(mask));
            }
        }
    }
    None
}

/// A linear form over `m`, `s`, `u` as a row.
fn row(l: &Lin) -> Row {
    [
        i128::from(l.coef(HEAP)),
        i128::from(l.coef(SPLIT)),
        i128::from(l.coef(SPLIT2)),
        i128::from(l.c),
    ]
}

/// `p − least >= 0`.
fn shift(p: Row, least: i128) -> Row {
    [p[0], p[1], p[2], p[3] - least]
}

/// `a − b`.
fn minus(a: Row, b: Row) -> Row {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3]]
}

/// Whether every integer point satisfying `system` satisfies `h >= 0`: the
/// system with `h <= −1` has no rational point (`None`: too large to decide).
fn implies(system: &[Row], h: Row) -> Option<bool> {
    let mut rows = system.to_vec();
    rows.push([-h[0], -h[1], -h[2], -h[3] - 1]);
    Some(!feasible(rows)?)
}

/// Whether the inequalities have a common integer point, decided over the
/// rationals (with each derived inequality rounded as integer points allow):
/// `false` is a proof that none exists, `true` may be a rational point only.
fn feasible(mut rows: Vec<Row>) -> Option<bool> {
    for v in (0..3).rev() {
        let (mut keep, mut pos, mut neg) = (Vec::new(), Vec::new(), Vec::new());
        for r in rows {
            match at(&r, v) {
                0 => keep.push(r),
                x if x > 0 => pos.push(r),
                _ => neg.push(r),
            }
        }
        for p in &pos {
            for n in &neg {
                let (a, b) = (-at(n, v), at(p, v));
                let mut r = [0i128; 4];
                for ((x, pv), nv) in r.iter_mut().zip(p).zip(n) {
                    *x = pv.checked_mul(a)?.checked_add(nv.checked_mul(b)?)?;
                }
                keep.push(tighten(r));
                if keep.len() > MOST_ROWS {
                    return None;
                }
            }
        }
        rows = keep;
    }
    Some(rows.iter().all(|r| r[3] >= 0))
}

/// The row divided by the gcd of its variables' coefficients, its constant
/// rounded down: the same integer points.
fn tighten(r: Row) -> Row {
    let g = r.iter().take(3).fold(0i128, |g, &x| gcd(g, x.abs()));
    if g <= 1 {
        return r;
    }
    [r[0] / g, r[1] / g, r[2] / g, r[3].div_euclid(g)]
}

/// Coefficient `v` of a row.
fn at(r: &Row, v: usize) -> i128 {
    r.get(v).copied().unwrap_or(0)
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

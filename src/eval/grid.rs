//! Grids as lists of row strings: `regions(rows, free[, symmetry])` splits a grid
//! into its 4-connected regions of `free` cells, each cropped to its bounding box,
//! so that a board game can be written as the sum of its independent parts
//! (Domineering), and equal parts are one memoised position.

use super::eval_error::{EvalError, GridProblem};
use crate::budget::Budget;
use crate::diagnostics::Span;
use crate::lang::value::Value;
use std::cmp::Ordering;
use std::rc::Rc;

/// The character written for the cells of a region's bounding box that are not
/// in the region: `#`, or `.` when `#` is the free character (LANGUAGE-NOTES.md).
pub fn blocked_char(free: char) -> char {
    if free == '#' {
        '.'
    } else {
        '#'
    }
}

/// Which images of a region count as the same position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Symmetry {
    /// Each region as it stands.
    None,
    /// The four flips: identity, left–right mirror, top–bottom mirror, half
    /// turn. They keep a vertical domino vertical (Domineering's values).
    Flips,
    /// All eight symmetries of the square, the flips and the transposes (Cram,
    /// Snort: games whose rules treat rows and columns alike).
    Dihedral,
}

impl Symmetry {
    /// The symmetry named by the third argument of `regions`.
    pub fn from_name(name: &str) -> Option<Symmetry> {
        match name {
            "none" => Some(Symmetry::None),
            "flips" => Some(Symmetry::Flips),
            "dihedral" => Some(Symmetry::Dihedral),
            _ => None,
        }
    }

    /// How many images to compare (each an [`Image`] code below this number).
    fn images(self) -> u8 {
        match self {
            Symmetry::None => 1,
            Symmetry::Flips => 4,
            Symmetry::Dihedral => 8,
        }
    }
}

/// Buffers reused from call to call (a game's rules call `regions` once per
/// option): the cells, their region labels, the flood fill's stack, a row.
#[derive(Default)]
struct Scratch {
    cells: Vec<char>,
    label: Vec<u32>,
    stack: Vec<usize>,
    row: String,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

/// `regions(rows, free[, symmetry])`: the 4-connected regions of `free` cells of
/// the grid `rows` (a list of equal-length strings, top row first), each as a grid
/// cropped to its bounding box in which every cell outside the region is blocked.
/// Regions come in the order of their first cell in row-major order. Under a
/// symmetry, each region is replaced by its least image in a fixed order (fewer
/// rows first, then cell by cell in row-major order, free before blocked).
///
/// `spans` are the arguments' spans (rows, free cell, symmetry): a wrong
/// argument is blamed there, and a limit met while splitting at the rows.
pub fn regions(
    args: &[Value],
    spans: [Span; 3],
    budget: &Budget,
    span: Span,
) -> Result<Value, EvalError> {
    let [rows, free, rest @ ..] = args else {
        return Err(EvalError::internal("regions without its arguments", span));
    };
    let [rows_span, free_span, symmetry_span] = spans;
    let free = free_char(free, free_span)?;
    let symmetry = match rest.first() {
        None => Symmetry::None,
        Some(Value::Str(name)) => Symmetry::from_name(name).ok_or_else(|| EvalError::Grid {
            problem: GridProblem::Symmetry {
                name: name.to_string(),
            },
            span: symmetry_span,
        })?,
        Some(other) => {
            return Err(EvalError::expected(
                "a symmetry: \"none\", \"flips\" or \"dihedral\"",
                other.kind_name(),
                symmetry_span,
            ))
        }
    };
    let Value::List(rows) = rows else {
        return Err(EvalError::expected(
            "a list of strings (the rows of a grid)",
            rows.kind_name(),
            rows_span,
        ));
    };
    SCRATCH.with(|scratch| match scratch.try_borrow_mut() {
        Ok(mut scratch) => split(rows, free, symmetry, &mut scratch, budget, rows_span),
        // Never nested today; if it were, fresh buffers keep it correct.
        Err(_) => split(
            rows,
            free,
            symmetry,
            &mut Scratch::default(),
            budget,
            rows_span,
        ),
    })
}

/// `transpose(rows)`: the grid with rows and columns exchanged (row i of the
/// answer is column i of `rows`, top to bottom). Domineering's transpose is its
/// negative: `symmetry -dom(transpose(b))`.
pub fn transpose(args: &[Value], budget: &Budget, span: Span) -> Result<Value, EvalError> {
    let [rows] = args else {
        return Err(EvalError::internal("transpose without its argument", span));
    };
    let Value::List(rows) = rows else {
        return Err(EvalError::expected(
            "a list of strings (the rows of a grid)",
            rows.kind_name(),
            span,
        ));
    };
    let mut cells = Vec::new();
    let (w, h) = read_grid(rows, &mut cells, budget, span)?;
    let mut out = Vec::with_capacity(w);
    for c in 0..w {
        let column: String = (0..h)
            .filter_map(|r| cells.get(r * w + c).copied())
            .collect();
        out.push(Value::Str(column.into()));
    }
    Ok(Value::List(out.into()))
}

fn split(
    rows: &Rc<[Value]>,
    free: char,
    symmetry: Symmetry,
    scratch: &mut Scratch,
    budget: &Budget,
    span: Span,
) -> Result<Value, EvalError> {
    let Scratch {
        cells,
        label,
        stack,
        row,
    } = scratch;
    let (w, h) = read_grid(rows, cells, budget, span)?;
    let limit = |e| EvalError::limit(e, span);
    let blocked = blocked_char(free);
    // `label[i]` is 0 for a cell not yet in a region (or not free), else the
    // region's number plus one.
    label.clear();
    label.resize(w * h, 0);
    let mut out: Vec<Value> = Vec::new();
    let mut count = 0u32;
    for start in 0..w * h {
        budget.tick().map_err(limit)?;
        if cells.get(start) != Some(&free) || label.get(start) != Some(&0) {
            continue;
        }
        count += 1;
        let mut bbox = Bbox {
            top: h,
            bottom: 0,
            left: w,
            right: 0,
        };
        stack.clear();
        stack.push(start);
        if let Some(l) = label.get_mut(start) {
            *l = count;
        }
        while let Some(i) = stack.pop() {
            budget.ticks(4).map_err(limit)?;
            let (r, c) = (i / w, i % w);
            bbox.top = bbox.top.min(r);
            bbox.bottom = bbox.bottom.max(r);
            bbox.left = bbox.left.min(c);
            bbox.right = bbox.right.max(c);
            let neighbours = [
                (r > 0).then(|| i - w),
                (r + 1 < h).then(|| i + w),
                (c > 0).then(|| i - 1),
                (c + 1 < w).then(|| i + 1),
            ];
            for j in neighbours.into_iter().flatten() {
                if cells.get(j) == Some(&free) {
                    if let Some(l @ 0) = label.get_mut(j) {
                        *l = count;
                        stack.push(j);
                    }
                }
            }
        }
        let region = Region {
            label,
            width: w,
            bbox,
            mine: count,
        };
        budget
            .ticks(u32::try_from(region.area()).unwrap_or(u32::MAX))
            .map_err(limit)?;
        let image = region.least_image(symmetry, budget).map_err(limit)?;
        out.push(region.cropped(image, rows, cells, row, free, blocked));
    }
    Ok(Value::List(out.into()))
}

/// A bounding box, inclusive on every side.
#[derive(Debug, Clone, Copy)]
struct Bbox {
    top: usize,
    bottom: usize,
    left: usize,
    right: usize,
}

/// One image of a region under the dihedral group: bit 0 mirrors left–right,
/// bit 1 mirrors top–bottom, bit 2 transposes (applied first). Codes 0..4 are the
/// flips.
type Image = u8;

/// One labelled region of a grid.
struct Region<'g> {
    label: &'g [u32],
    width: usize,
    bbox: Bbox,
    mine: u32,
}

impl Region<'_> {
    fn height(&self) -> usize {
        self.bbox.bottom + 1 - self.bbox.top
    }

    fn breadth(&self) -> usize {
        self.bbox.right + 1 - self.bbox.left
    }

    fn area(&self) -> usize {
        self.height() * self.breadth()
    }

    /// The (rows, columns) of an image.
    fn shape(&self, image: Image) -> (usize, usize) {
        if image & 4 == 0 {
            (self.height(), self.breadth())
        } else {
            (self.breadth(), self.height())
        }
    }

    /// Whether cell (r, c) of an image is in the region.
    fn at(&self, image: Image, r: usize, c: usize) -> bool {
        let (rows, cols) = self.shape(image);
        let r = if image & 2 == 0 { r } else { rows - 1 - r };
        let c = if image & 1 == 0 { c } else { cols - 1 - c };
        let (r, c) = if image & 4 == 0 { (r, c) } else { (c, r) };
        self.label
            .get((self.bbox.top + r) * self.width + self.bbox.left + c)
            == Some(&self.mine)
    }

    /// Orders two images without building either: fewer rows first, then cell
    /// by cell in row-major order, a free cell before a blocked one.
    fn compare(&self, a: Image, b: Image) -> Ordering {
        let (rows, cols) = self.shape(a);
        let by_rows = rows.cmp(&self.shape(b).0);
        if by_rows != Ordering::Equal {
            return by_rows;
        }
        for r in 0..rows {
            for c in 0..cols {
                match (self.at(a, r, c), self.at(b, r, c)) {
                    (x, y) if x == y => {}
                    (true, _) => return Ordering::Less,
                    (false, _) => return Ordering::Greater,
                }
            }
        }
        Ordering::Equal
    }

    /// The cells of an image as bits in row-major order, the first cell in the
    /// highest of the `area` bits (regions of at most 128 cells): images of one
    /// shape then order as their bits do, in reverse. A cell's index in any image
    /// is linear in its row and column in the region, `k = k0 + sr·r + sc·c`.
    fn image_bits(&self, image: Image) -> u128 {
        let (height, breadth) = (self.height() as isize, self.breadth() as isize);
        let (rows, cols) = self.shape(image);
        let cols = cols as isize;
        // (r, c) in the region → (row, column) in the image, each ±r or ±c.
        let (row_of_r, row_of_c, col_of_r, col_of_c) = if image & 4 == 0 {
            (1, 0, 0, 1)
        } else {
            (0, 1, 1, 0)
        };
        let (row0, row_sign) = if image & 2 == 0 {
            (0, 1)
        } else {
            (rows as isize - 1, -1)
        };
        let (col0, col_sign) = if image & 1 == 0 {
            (0, 1)
        } else {
            (cols - 1, -1)
        };
        let k0 = row0 * cols + col0;
        let sr = row_sign * row_of_r * cols + col_sign * col_of_r;
        let sc = row_sign * row_of_c * cols + col_sign * col_of_c;
        let top = self.area() as isize - 1 - k0;
        let mut bits = 0u128;
        for r in 0..height {
            let row = (self.bbox.top + r as usize) * self.width + self.bbox.left;
            let cells = self.label.get(row..row + breadth as usize).unwrap_or(&[]);
            let mut shift = top - sr * r;
            for &l in cells {
                if l == self.mine {
                    bits |= 1u128 << shift;
                }
                shift -= sc;
            }
        }
        bits
    }

    /// The least image under `symmetry`, with its bits when the region is small
    /// enough to have them.
    fn least_image(
        &self,
        symmetry: Symmetry,
        budget: &Budget,
    ) -> Result<(Image, Option<u128>), crate::budget::Exceeded> {
        if symmetry == Symmetry::None {
            return Ok((0, None));
        }
        if self.area() <= 128 {
            let mut best = (0, self.image_bits(0));
            for image in 1..symmetry.images() {
                budget.ticks(u32::try_from(self.area()).unwrap_or(u32::MAX))?;
                let bits = self.image_bits(image);
                // Fewer rows first, then the larger bits (a free cell first).
                let better = match self.shape(image).0.cmp(&self.shape(best.0).0) {
                    Ordering::Less => true,
                    Ordering::Greater => false,
                    Ordering::Equal => bits > best.1,
                };
                if better {
                    best = (image, bits);
                }
            }
            return Ok((best.0, Some(best.1)));
        }
        let mut best: Image = 0;
        for image in 1..symmetry.images() {
            budget.ticks(u32::try_from(self.area()).unwrap_or(u32::MAX))?;
            if self.compare(image, best) == Ordering::Less {
                best = image;
            }
        }
        Ok((best, None))
    }

    /// The image as a grid value, each new row built in `text` and allocated
    /// once; a row equal to the original row is shared.
    fn cropped(
        &self,
        (image, bits): (Image, Option<u128>),
        rows: &[Value],
        cells: &[char],
        text: &mut String,
        free: char,
        blocked: char,
    ) -> Value {
        let (height, breadth) = self.shape(image);
        let mut cropped = Vec::with_capacity(height);
        let whole_rows = image == 0 && self.bbox.left == 0 && self.breadth() == self.width;
        for r in 0..height {
            let source = self.bbox.top + r;
            let same = whole_rows
                && (0..breadth).all(|c| {
                    self.at(0, r, c) || cells.get(source * self.width + c) == Some(&blocked)
                });
            match rows.get(source) {
                Some(original @ Value::Str(_)) if same => cropped.push(original.clone()),
                _ => {
                    text.clear();
                    let area = height * breadth;
                    let mine = |c: usize| match bits {
                        Some(bits) => bits >> (area - 1 - (r * breadth + c)) & 1 == 1,
                        None => self.at(image, r, c),
                    };
                    text.extend((0..breadth).map(|c| if mine(c) { free } else { blocked }));
                    cropped.push(Value::Str(Rc::from(text.as_str())));
                }
            }
        }
        Value::List(cropped.into())
    }
}

/// The free character: a one-character string.
fn free_char(free: &Value, span: Span) -> Result<char, EvalError> {
    let Value::Str(s) = free else {
        return Err(EvalError::expected(
            "a one-character string (the free cell)",
            free.kind_name(),
            span,
        ));
    };
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Ok(c),
        _ => Err(EvalError::Grid {
            problem: GridProblem::Free {
                len: s.chars().count(),
            },
            span,
        }),
    }
}

/// Reads a grid's cells in row-major order into `cells`; its (width, height).
fn read_grid(
    rows: &[Value],
    cells: &mut Vec<char>,
    budget: &Budget,
    span: Span,
) -> Result<(usize, usize), EvalError> {
    cells.clear();
    let mut width = 0;
    for (i, row) in rows.iter().enumerate() {
        let Value::Str(s) = row else {
            return Err(EvalError::Grid {
                problem: GridProblem::NotAString {
                    row: i,
                    found: row.kind_name(),
                },
                span,
            });
        };
        let before = cells.len();
        cells.extend(s.chars());
        let len = cells.len() - before;
        budget
            .ticks(u32::try_from(len).unwrap_or(u32::MAX))
            .map_err(|e| EvalError::limit(e, span))?;
        if i == 0 {
            width = len;
        } else if len != width {
            return Err(EvalError::Grid {
                problem: GridProblem::Ragged { row: i, len, width },
                span,
            });
        }
    }
    Ok((width, rows.len()))
}

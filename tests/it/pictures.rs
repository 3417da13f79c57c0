//! The pictures `grundy run --svg DIR` draws, rendered to pixels with `resvg`
//! and compared with the reference PNGs in `tests/pictures/`, pixel by pixel
//! within a small tolerance.
//!
//! The rendering draws no text: `resvg` is built without its text feature, so
//! no font of the machine can change a pixel. The text of the pictures is
//! checked as text instead (titles, captions, labels), here and in
//! `tests/it/boards.rs`.
//!
//! After an intended change of a picture, rewrite the references with
//!
//! ```text
//! UPDATE_PICTURES=1 cargo test --release --test it pictures::
//! ```
//!
//! and look at the new PNGs before committing them. A failed comparison leaves
//! the picture it got in `target/pictures/NAME.png`.

use crate::common;

use grundy::answer::Axes;
use grundy::report::{sequence_svg, table_svg, thermograph_svg};
use grundy::Answer;
use resvg::tiny_skia::{Color, Pixmap, Transform};
use std::path::PathBuf;

/// Most a colour channel may differ from the reference (of 255).
const TOLERANCE: u8 = 24;
/// Pixels allowed beyond the tolerance: anti-aliasing may round differently
/// on another processor, never on a whole shape.
const OUTLIERS: f64 = 0.001;

fn render(svg: &str) -> Pixmap {
    let options = resvg::usvg::Options::default();
    let tree = resvg::usvg::Tree::from_str(svg, &options).expect("a valid SVG document");
    let size = tree.size().to_int_size();
    let mut pixmap = Pixmap::new(size.width(), size.height()).expect("a non-empty picture");
    pixmap.fill(Color::WHITE);
    resvg::render(&tree, Transform::default(), &mut pixmap.as_mut());
    pixmap
}

fn reference(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/pictures/{name}.png"))
}

/// Renders `svg` and compares it with `tests/pictures/NAME.png` (or, with
/// `UPDATE_PICTURES` set, writes that file). Returns the rendering.
fn check_picture(name: &str, svg: &str) -> Pixmap {
    let got = render(svg);
    let path = reference(name);
    if std::env::var_os("UPDATE_PICTURES").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        got.save_png(&path).expect("writing the reference");
        return got;
    }
    let want = Pixmap::load_png(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; create it with UPDATE_PICTURES=1 cargo test --release --test it pictures::",
            path.display()
        )
    });
    let keep = || {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/pictures");
        let _ = std::fs::create_dir_all(&dir);
        let out = dir.join(format!("{name}.png"));
        let _ = got.save_png(&out);
        out.display().to_string()
    };
    assert!(
        (got.width(), got.height()) == (want.width(), want.height()),
        "{name}: {}×{} pixels, the reference has {}×{} (got: {})",
        got.width(),
        got.height(),
        want.width(),
        want.height(),
        keep()
    );
    let off = got
        .pixels()
        .iter()
        .zip(want.pixels())
        .filter(|(a, b)| {
            let d = |x: u8, y: u8| x.abs_diff(y) > TOLERANCE;
            d(a.red(), b.red()) || d(a.green(), b.green()) || d(a.blue(), b.blue())
        })
        .count();
    let allowed = (got.pixels().len() as f64 * OUTLIERS) as usize;
    assert!(
        off <= allowed,
        "{name}: {off} pixels differ from {} (at most {allowed} may); got: {}",
        path.display(),
        keep()
    );
    got
}

/// The colour at (x, y) as `#rrggbb`.
fn colour(p: &Pixmap, x: u32, y: u32) -> String {
    let c = p.pixel(x, y).expect("inside the picture").demultiply();
    format!("#{:02x}{:02x}{:02x}", c.red(), c.green(), c.blue())
}

fn one(program: &str) -> Answer {
    common::answers(program).pop().expect("an answer")
}

const QUEEN: &str = "board small = 5 x 4 without {@c2, @b3}\n\
    game queen(sq) on small { move s for d in {(-1, 0), (0, -1), (-1, -1)}, s in ray(sq, d) }\n\
    table queen\n";

/// A number attribute of the first element whose opening tag contains `marker`.
fn attribute(svg: &str, marker: &str, name: &str) -> f64 {
    let at = svg.find(marker).unwrap_or_else(|| panic!("no {marker}"));
    let tag_start = svg[..at].rfind('<').unwrap();
    let tag = &svg[tag_start..tag_start + svg[tag_start..].find('>').unwrap()];
    let key = format!(" {name}=\"");
    let from = tag
        .find(&key)
        .unwrap_or_else(|| panic!("no {name} in {tag}"))
        + key.len();
    tag[from..from + tag[from..].find('"').unwrap()]
        .parse()
        .unwrap()
}

#[test]
fn the_queen_board() {
    let Answer::Table { expr, grid } = one(QUEEN) else {
        panic!("a table")
    };
    let svg = table_svg(&expr, &grid.to_rows(), Axes::Board);
    let png = check_picture("board_queen", &svg);
    // a1 is dark, as on a chessboard: the bottom-left square (row 1 of 4,
    // below a 44-pixel title, squares of 48) is drawn dark, and its top-left
    // corner (clear of the ring around its value 0) is dark in the picture.
    assert!(svg.contains("class=\"square dark\" x=\"34\" y=\"188\""));
    let (x, y) = (34, 188);
    assert_eq!(colour(&png, x + 3, y + 3), "#b58863", "a1 is dark");
    assert_eq!(colour(&png, x + 48 + 3, y + 3), "#f0d9b5", "b1 is light");
    assert!(svg.contains(">table queen</text>"));
    assert!(svg.contains("class=\"caption\""));
    assert!(svg.contains("Grundy values of queen (a1 bottom left)"));
}

/// Values of three and more digits stay inside their squares: the squares
/// widen (DejaVu Sans digits are 0.64 em wide) instead of the digits shrinking
/// out of sight.
#[test]
fn three_digit_values_fit_their_squares() {
    let rows = vec![vec![Some(123), Some(0)], vec![Some(999), Some(4567)]];
    let svg = table_svg("wide", &rows, Axes::Board);
    check_picture("board_wide_values", &svg);
    let side = attribute(&svg, "class=\"square ", "width");
    for (digits, marker) in [(3, ">123<"), (3, ">999<"), (4, ">4567<")] {
        let size = attribute(&svg, marker, "font-size");
        assert!(size >= 16.0, "{marker}: {size} px is too small to read");
        assert!(
            digits as f64 * 0.64 * size <= side - 8.0,
            "{marker}: {digits} digits of {size} px overflow a square of {side}"
        );
    }
    // Three digits keep the full size.
    assert_eq!(
        attribute(
            &table_svg("t", &[vec![Some(123)]], Axes::Board),
            ">123<",
            "font-size"
        ),
        20.0
    );
}

/// Kayles (octal 0.77): period 12 from heap 71 (Guy and Smith), so the plot
/// of heaps 0..96 shades 0..71 and draws period lines at 71 and 83 (95 is
/// the last heap shown, 71 + 24 = 95 too).
#[test]
fn the_kayles_sequence_plot() {
    let Answer::Sequence {
        game,
        from,
        values,
        regularity,
        ..
    } = one("game kayles = octal \"0.77\"\nsequence kayles 0..96\n")
    else {
        panic!("a sequence")
    };
    let svg = sequence_svg(&game, from, &values.to_vec(), &regularity);
    let png = check_picture("sequence_kayles", &svg);
    assert_eq!(svg.matches("class=\"point").count(), 96);
    // g(n) = 0 only at n = 0 among these heaps of Kayles.
    assert_eq!(svg.matches("class=\"point p-position\"").count(), 1);
    assert_eq!(svg.matches("class=\"period-line\"").count(), 3);
    assert!(svg.contains(">sequence kayles 0..=95</text>"));
    assert!(svg.contains("periodic, preperiod 71, period 12, proven"));
    assert!(svg.contains("period 12 from heap 71"));
    // The preperiod band is shaded: a pixel inside it near the top of the
    // plot, away from dots and grid lines, is grey; the same height past
    // heap 71 is white.
    let band_x = attribute(&svg, "class=\"preperiod\"", "x");
    let band_w = attribute(&svg, "class=\"preperiod\"", "width");
    let top = attribute(&svg, "class=\"preperiod\"", "y");
    let y = (top + 6.0) as u32;
    assert_eq!(colour(&png, (band_x + band_w / 2.0) as u32, y), "#ececec");
    assert_eq!(colour(&png, (band_x + band_w + 20.0) as u32, y), "#ffffff");
}

/// Nim: g(n) = n, no preperiod to shade, a line every period would be too
/// dense (period 1), so only the first is drawn.
#[test]
fn the_nim_sequence_plot() {
    let Answer::Sequence {
        game,
        from,
        values,
        regularity,
        ..
    } = one("game nim(n: nat) { move n - k for k in 1..=n }\nsequence nim 0..=30\n")
    else {
        panic!("a sequence")
    };
    assert_eq!(values.to_vec(), (0..=30).collect::<Vec<u32>>());
    let svg = sequence_svg(&game, from, &values.to_vec(), &regularity);
    check_picture("sequence_nim", &svg);
    assert!(!svg.contains("class=\"preperiod\""));
    assert_eq!(svg.matches("class=\"period-line\"").count(), 1);
    // Value ticks reach 30 at least.
    assert!(svg.contains(">30</text>"));
}

#[test]
fn a_thermograph() {
    let Answer::Thermograph { expr, thermograph } = one("thermograph {3 | -1}\n") else {
        panic!("a thermograph")
    };
    check_picture("thermograph_switch", &thermograph_svg(&expr, &thermograph));
}

//! Draws a `thermograph` answer as SVG (`grundy run FILE --svg DIR`).
//!
//! The usual orientation of Winning Ways and CGSuite: temperature grows upwards,
//! values grow to the *left* (Left's side), so the left wall is drawn on the left.
//! The walls start at temperature −1 (at 0 they show the stops) and join the
//! mast at the game's temperature; the mast rises to the top edge with an arrow.
//! Pure string building: the caller decides where the file goes.

use super::svg::escape;
use crate::lang::dyadic::Dyadic;
use crate::solve::partizan::thermo::{Thermograph, Wall};
use std::fmt::Write;

/// Pixels per unit of value and of temperature.
const UNIT: f64 = 80.0;
/// Margins around the plot: left, right, top (title), bottom (axis labels).
const MARGIN: (f64, f64, f64, f64) = (40.0, 40.0, 56.0, 48.0);
/// Narrowest picture, so the title fits.
const MIN_WIDTH: f64 = 360.0;

const LEFT_INK: &str = "#1f4e9c";
const RIGHT_INK: &str = "#b3261e";
const MAST_INK: &str = "#1b1b1b";
const GRID: &str = "#9e9e9e";

fn f(d: Dyadic) -> f64 {
    d.numerator() as f64 / (1u64 << d.exponent()) as f64
}

/// The wall as points (value, temperature) from −1 up to `top`.
fn wall_points(wall: &Wall, top: f64) -> Vec<(f64, f64)> {
    let mut points = Vec::with_capacity(wall.pieces.len() + 1);
    for (i, p) in wall.pieces.iter().enumerate() {
        let t0 = f(p.t);
        let v0 = f(p.value);
        points.push((v0, t0));
        let end = wall.pieces.get(i + 1).map_or(top, |next| f(next.t));
        if i + 1 == wall.pieces.len() {
            points.push((v0 + p.slope as f64 * (end - t0), end));
        }
    }
    points
}

/// Where things go: the range of values and temperatures drawn, and the maps
/// from them to pixels.
struct Plot {
    /// The left edge of the plot area.
    x0: f64,
    /// The largest value drawn (at the left edge).
    vmax: f64,
    /// The smallest value drawn (at the right edge).
    vmin: f64,
    /// The highest temperature drawn (at the top edge).
    top: f64,
}

impl Plot {
    /// Values grow to the left.
    fn x(&self, v: f64) -> f64 {
        self.x0 + (self.vmax - v) * UNIT
    }

    /// Temperature grows upwards.
    fn y(&self, t: f64) -> f64 {
        MARGIN.2 + (self.top - t) * UNIT
    }
}

/// The SVG picture of the thermograph of `expr`.
pub fn thermograph_svg(expr: &str, th: &Thermograph) -> String {
    let temperature = f(th.temperature);
    let top = temperature.max(0.0) + (temperature.abs() * 0.25).max(1.0);
    let left = wall_points(&th.left, top);
    let right = wall_points(&th.right, top);
    let values = left.iter().chain(&right).map(|p| p.0);
    let vmax = values.clone().fold(f(th.mast), f64::max) + 0.5;
    let vmin = values.fold(f(th.mast), f64::min) - 0.5;
    let plot_w = (vmax - vmin) * UNIT;
    let plot_h = (top + 1.0) * UNIT;
    let width = (plot_w + MARGIN.0 + MARGIN.1).max(MIN_WIDTH);
    let height = plot_h + MARGIN.2 + MARGIN.3;
    let plot = Plot {
        x0: (width - plot_w) / 2.0,
        vmax,
        vmin,
        top,
    };

    let mut s = String::new();
    header(&mut s, expr, th, width, height);
    temperature_marks(&mut s, &plot);
    value_labels(&mut s, &plot);
    for (points, ink) in [(&left, LEFT_INK), (&right, RIGHT_INK)] {
        wall(&mut s, &plot, points, ink);
    }
    mast(&mut s, &plot, f(th.mast), temperature);
    s.push_str("</svg>\n");
    s
}

/// The document's opening: the `<svg>` element, the white background, the
/// title, and the temperature and mean below it.
fn header(s: &mut String, expr: &str, th: &Thermograph, width: f64, height: f64) {
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="22" font-size="15" text-anchor="middle">thermograph {}</text>"#,
        width / 2.0,
        escape(expr)
    );
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="40" font-size="12" text-anchor="middle" fill="{GRID}">temperature {}, mean {}</text>"#,
        width / 2.0,
        th.temperature,
        th.mast
    );
}

/// Temperature axis marks: t = −1 (the stops) and t = 0 (dashed), labelled.
fn temperature_marks(s: &mut String, plot: &Plot) {
    for (t, label) in [(-1.0, "t = -1"), (0.0, "t = 0")] {
        let dash = if t == 0.0 {
            r#" stroke-dasharray="4 4""#
        } else {
            ""
        };
        let _ = writeln!(
            s,
            r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{GRID}"{dash}/>"#,
            plot.x(plot.vmax),
            plot.y(t),
            plot.x(plot.vmin),
            plot.y(t)
        );
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" font-size="11" fill="{GRID}">{label}</text>"#,
            plot.x(plot.vmin) + 4.0,
            plot.y(t) + 4.0
        );
    }
}

/// Integer values along the bottom.
fn value_labels(s: &mut String, plot: &Plot) {
    let mut v = plot.vmin.ceil();
    while v <= plot.vmax {
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" font-size="11" text-anchor="middle">{v}</text>"#,
            plot.x(v),
            plot.y(-1.0) + 18.0
        );
        v += 1.0;
    }
}

/// One wall, through its `points` (value, temperature), in `ink`.
fn wall(s: &mut String, plot: &Plot, points: &[(f64, f64)], ink: &str) {
    let path: Vec<String> = points
        .iter()
        .map(|&(v, t)| format!("{:.1},{:.1}", plot.x(v), plot.y(t)))
        .collect();
    let _ = writeln!(
        s,
        r#"<polyline points="{}" fill="none" stroke="{ink}" stroke-width="2.5"/>"#,
        path.join(" ")
    );
}

/// The mast at value `mast`, from where the walls meet (at `temperature`, or
/// −1 if lower) to the top, with an arrow head.
fn mast(s: &mut String, plot: &Plot, mast: f64, temperature: f64) {
    let (mx, my) = (plot.x(mast), plot.y(temperature.max(-1.0)));
    let _ = writeln!(
        s,
        r#"<line x1="{mx:.1}" y1="{my:.1}" x2="{mx:.1}" y2="{:.1}" stroke="{MAST_INK}" stroke-width="2.5"/>"#,
        plot.y(plot.top)
    );
    let _ = writeln!(
        s,
        r#"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{MAST_INK}"/>"#,
        mx - 5.0,
        plot.y(plot.top) + 8.0,
        mx + 5.0,
        plot.y(plot.top) + 8.0,
        mx,
        plot.y(plot.top) - 2.0
    );
}

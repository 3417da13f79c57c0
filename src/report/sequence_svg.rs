//! Draws a `sequence` answer as an SVG scatter plot (`grundy run FILE --svg DIR`).
//!
//! Heaps run along the x-axis, Grundy values up the y-axis, one dot per heap
//! (P-positions, value 0, in red as on the boards). The preperiod is shaded and
//! the periodic part is cut by dashed lines one period apart, starting where it
//! begins; the title is the query and the caption below it the regularity found.
//! Pure string building: the caller decides where the file goes.

use super::svg::{escape, INK, P_RING};
use crate::solve::impartial::periodicity::Regularity;
use std::fmt::Write;

/// Margins around the plot: left (value labels), right, top (title and
/// caption), bottom (heap labels and the axis name).
const MARGIN: (f64, f64, f64, f64) = (62.0, 24.0, 64.0, 52.0);
/// Height of the plot area.
const PLOT_H: f64 = 240.0;
/// The plot area is about this wide…
const PLOT_W: f64 = 640.0;
/// … with each heap given between these widths.
const HEAP_W: (f64, f64) = (0.25, 24.0);
/// Narrowest picture, so the title and caption fit.
const MIN_WIDTH: f64 = 440.0;
/// Period lines closer than this many pixels are not drawn (only the first).
const MIN_PERIOD_PX: f64 = 30.0;

const POINT: &str = "#1f4e9c";
const GRID: &str = "#d6d6d6";
const SHADE: &str = "#ececec";
const PERIOD: &str = "#6a6a6a";

/// Tick spacing: 1, 2 or 5 times a power of ten, giving at most `most` ticks
/// over `span`.
fn tick_step(span: f64, most: f64) -> f64 {
    if !(span.is_finite() && most >= 1.0) {
        return 1.0;
    }
    let mut step = 1.0;
    loop {
        for m in [1.0, 2.0, 5.0] {
            if span / (step * m) <= most {
                return step * m;
            }
        }
        step *= 10.0;
    }
}

/// Where things go: the picture's size and the maps from heaps and values to
/// pixels, computed once from the values shown.
struct Frame {
    /// Width given to each heap.
    heap_w: f64,
    /// Width of the plot area (every heap's).
    plot_w: f64,
    /// Width of the whole picture.
    width: f64,
    /// Height of the whole picture.
    height: f64,
    /// Distance between value grid lines.
    value_step: f64,
    /// The value at the top of the plot area.
    value_max: f64,
    /// The first heap shown.
    first: f64,
    /// One past the last heap shown.
    end: f64,
}

impl Frame {
    /// The frame for `values` from heap `from` on.
    fn new(from: i64, values: &[u32]) -> Frame {
        let n = values.len().max(1) as f64;
        let heap_w = (PLOT_W / n).clamp(HEAP_W.0, HEAP_W.1);
        let plot_w = heap_w * n;
        let top_value = values.iter().copied().max().unwrap_or(0).max(1) as f64;
        let value_step = tick_step(top_value, 8.0);
        let first = from as f64;
        Frame {
            heap_w,
            plot_w,
            width: (MARGIN.0 + plot_w + MARGIN.1).max(MIN_WIDTH),
            height: MARGIN.2 + PLOT_H + MARGIN.3,
            value_step,
            // Room above the highest dot.
            value_max: ((top_value + 0.5) / value_step).ceil() * value_step,
            first,
            end: first + values.len() as f64,
        }
    }

    /// The left edge of heap `h`: heap h occupies [h, h + 1) horizontally,
    /// its dot in the middle.
    fn x(&self, h: f64) -> f64 {
        MARGIN.0 + (h - self.first) * self.heap_w
    }

    /// The height of value `v`.
    fn y(&self, v: f64) -> f64 {
        MARGIN.2 + PLOT_H - v / self.value_max * PLOT_H
    }

    /// The bottom edge of the plot area, where the heap axis runs.
    fn bottom(&self) -> f64 {
        MARGIN.2 + PLOT_H
    }
}

/// The SVG picture of the values of `game` from heap `from` on.
pub fn sequence_svg(
    game: &str,
    from: i64,
    values: &[u32],
    regularity: &Option<Regularity>,
) -> String {
    let frame = Frame::new(from, values);
    let mut s = String::new();
    let title = format!(
        "sequence {game} {}",
        super::sequence_text::shown_range(from, values.len())
    );
    header(&mut s, &frame, &title, regularity);
    if let Some(r) = regularity {
        preperiod_shade(&mut s, &frame, r);
    }
    value_grid(&mut s, &frame);
    if let Some(r) = regularity {
        period_lines(&mut s, &frame, r);
    }
    axes(&mut s, &frame, values.len());
    points(&mut s, &frame, values);
    s.push_str("</svg>\n");
    s
}

/// The document's opening: the `<svg>` element, its title, the white
/// background, and the title and caption (the regularity found) as text.
fn header(s: &mut String, frame: &Frame, title: &str, regularity: &Option<Regularity>) {
    let (width, height) = (frame.width, frame.height);
    let _ = writeln!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">"##
    );
    let _ = writeln!(s, "  <title>{}</title>", escape(title));
    let _ = writeln!(
        s,
        r##"  <rect width="{width:.0}" height="{height:.0}" fill="#ffffff"/>"##
    );
    let _ = writeln!(
        s,
        r##"  <text class="title" x="{:.1}" y="24" font-size="17" font-weight="bold" fill="{INK}">{}</text>"##,
        MARGIN.0,
        escape(title)
    );
    let _ = writeln!(
        s,
        r##"  <text class="caption" x="{:.1}" y="44" font-size="13" fill="{INK}">{}</text>"##,
        MARGIN.0,
        escape(&super::text::regularity_text(regularity))
    );
}

/// The preperiod, shaded where the range shows it.
fn preperiod_shade(s: &mut String, frame: &Frame, r: &Regularity) {
    let start = r.preperiod as f64;
    if start > frame.first {
        let right = frame.x(start.min(frame.end));
        let _ = writeln!(
            s,
            r##"  <rect class="preperiod" x="{:.1}" y="{:.1}" width="{:.1}" height="{PLOT_H:.1}" fill="{SHADE}"/>"##,
            frame.x(frame.first),
            MARGIN.2,
            right - frame.x(frame.first)
        );
    }
}

/// Value grid lines across the plot, each labelled on the left.
fn value_grid(s: &mut String, frame: &Frame) {
    let mut v = 0.0;
    while v <= frame.value_max {
        let _ = writeln!(
            s,
            r##"  <line class="grid" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{GRID}" stroke-width="1"/>"##,
            frame.x(frame.first),
            frame.y(v),
            frame.x(frame.end),
            frame.y(v)
        );
        let _ = writeln!(
            s,
            r##"  <text class="tick" x="{:.1}" y="{:.1}" font-size="12" text-anchor="end" fill="{INK}">{v}</text>"##,
            frame.x(frame.first) - 8.0,
            frame.y(v) + 4.0
        );
        v += frame.value_step;
    }
}

/// Where the periodic part begins, and every period after it (only the first
/// line when they would crowd), with the period named beside the first.
fn period_lines(s: &mut String, frame: &Frame, r: &Regularity) {
    let (first, end, bottom) = (frame.first, frame.end, frame.bottom());
    let period = r.period.max(1) as f64;
    let mut line = r.preperiod as f64;
    if line < first {
        line += ((first - line) / period).ceil() * period;
    }
    let dense = period * frame.heap_w < MIN_PERIOD_PX;
    let mut drawn = 0;
    while line <= end && !(dense && drawn > 0) {
        let _ = writeln!(
            s,
            r##"  <line class="period-line" x1="{px:.1}" y1="{:.1}" x2="{px:.1}" y2="{bottom:.1}" stroke="{PERIOD}" stroke-width="1.2" stroke-dasharray="5 3"/>"##,
            MARGIN.2,
            px = frame.x(line)
        );
        drawn += 1;
        line += period;
    }
    if r.preperiod as f64 > first && (r.preperiod as f64) < end {
        let label = format!("period {} from heap {}", r.period, r.preperiod);
        // Right of the line, or left of it where the picture ends first
        // (11 px text: about 6.5 px a character).
        let at = frame.x(r.preperiod as f64);
        let (lx, anchor) = if at + 4.0 + label.len() as f64 * 6.5 < frame.width {
            (at + 4.0, "start")
        } else {
            (at - 4.0, "end")
        };
        let _ = writeln!(
            s,
            r##"  <text class="period-label" x="{lx:.1}" y="{:.1}" font-size="11" text-anchor="{anchor}" fill="{PERIOD}">{label}</text>"##,
            MARGIN.2 - 6.0,
        );
    }
}

/// The axes, the heap ticks (at multiples of a round step, labelled below) and
/// both axes' names; `count` heaps are shown.
fn axes(s: &mut String, frame: &Frame, count: usize) {
    let (first, end, bottom) = (frame.first, frame.end, frame.bottom());
    let _ = writeln!(
        s,
        r##"  <path class="axes" d="M {:.1} {:.1} V {bottom:.1} H {:.1}" fill="none" stroke="{INK}" stroke-width="1.5"/>"##,
        frame.x(first),
        MARGIN.2,
        frame.x(end)
    );
    let n = count.max(1) as f64;
    let heap_step = tick_step(n, (frame.plot_w / 48.0).max(2.0));
    let mut h = (first / heap_step).ceil() * heap_step;
    while h < end {
        let cx = frame.x(h + 0.5);
        let _ = writeln!(
            s,
            r##"  <line class="tick" x1="{cx:.1}" y1="{bottom:.1}" x2="{cx:.1}" y2="{:.1}" stroke="{INK}" stroke-width="1.2"/>"##,
            bottom + 5.0
        );
        let _ = writeln!(
            s,
            r##"  <text class="tick" x="{cx:.1}" y="{:.1}" font-size="12" text-anchor="middle" fill="{INK}">{h}</text>"##,
            bottom + 19.0
        );
        h += heap_step;
    }
    let _ = writeln!(
        s,
        r##"  <text class="axis-label" x="{:.1}" y="{:.1}" font-size="13" text-anchor="middle" fill="{INK}">heap n</text>"##,
        frame.x(first) + frame.plot_w / 2.0,
        bottom + 40.0
    );
    let _ = writeln!(
        s,
        r##"  <text class="axis-label" x="16" y="{:.1}" font-size="13" text-anchor="middle" fill="{INK}" transform="rotate(-90 16 {:.1})">Grundy value</text>"##,
        MARGIN.2 + PLOT_H / 2.0,
        MARGIN.2 + PLOT_H / 2.0
    );
}

/// One dot per heap, P-positions (value 0) in red.
fn points(s: &mut String, frame: &Frame, values: &[u32]) {
    let radius = (frame.heap_w * 0.4).clamp(1.5, 4.0);
    for (i, &value) in values.iter().enumerate() {
        let (class, fill) = if value == 0 {
            ("point p-position", P_RING)
        } else {
            ("point", POINT)
        };
        let _ = writeln!(
            s,
            r##"  <circle class="{class}" cx="{:.1}" cy="{:.1}" r="{radius:.1}" fill="{fill}"/>"##,
            frame.x(frame.first + i as f64 + 0.5),
            frame.y(f64::from(value))
        );
    }
}

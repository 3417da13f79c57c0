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

/// The SVG picture of the values of `game` from heap `from` on.
pub fn sequence_svg(
    game: &str,
    from: i64,
    values: &[u32],
    regularity: &Option<Regularity>,
) -> String {
    let n = values.len().max(1) as f64;
    let heap_w = (PLOT_W / n).clamp(HEAP_W.0, HEAP_W.1);
    let plot_w = heap_w * n;
    let width = (MARGIN.0 + plot_w + MARGIN.1).max(MIN_WIDTH);
    let height = MARGIN.2 + PLOT_H + MARGIN.3;
    let top_value = values.iter().copied().max().unwrap_or(0).max(1) as f64;
    let value_step = tick_step(top_value, 8.0);
    // Room above the highest dot.
    let value_max = ((top_value + 0.5) / value_step).ceil() * value_step;
    let first = from as f64;
    let end = first + values.len() as f64;
    // Heap h occupies [h, h + 1) horizontally; its dot sits in the middle.
    let x = |h: f64| MARGIN.0 + (h - first) * heap_w;
    let y = |v: f64| MARGIN.2 + PLOT_H - v / value_max * PLOT_H;
    let bottom = MARGIN.2 + PLOT_H;

    let mut s = String::new();
    let _ = writeln!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">"##
    );
    let title = format!(
        "sequence {game} {}",
        super::sequence_text::shown_range(from, values.len())
    );
    let _ = writeln!(s, "  <title>{}</title>", escape(&title));
    let _ = writeln!(
        s,
        r##"  <rect width="{width:.0}" height="{height:.0}" fill="#ffffff"/>"##
    );
    let _ = writeln!(
        s,
        r##"  <text class="title" x="{:.1}" y="24" font-size="17" font-weight="bold" fill="{INK}">{}</text>"##,
        MARGIN.0,
        escape(&title)
    );
    let _ = writeln!(
        s,
        r##"  <text class="caption" x="{:.1}" y="44" font-size="13" fill="{INK}">{}</text>"##,
        MARGIN.0,
        escape(&super::text::regularity_text(regularity))
    );

    // The preperiod, shaded where the range shows it.
    if let Some(r) = regularity {
        let start = r.preperiod as f64;
        if start > first {
            let right = x(start.min(end));
            let _ = writeln!(
                s,
                r##"  <rect class="preperiod" x="{:.1}" y="{:.1}" width="{:.1}" height="{PLOT_H:.1}" fill="{SHADE}"/>"##,
                x(first),
                MARGIN.2,
                right - x(first)
            );
        }
    }
    // Value grid lines and labels.
    let mut v = 0.0;
    while v <= value_max {
        let _ = writeln!(
            s,
            r##"  <line class="grid" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{GRID}" stroke-width="1"/>"##,
            x(first),
            y(v),
            x(end),
            y(v)
        );
        let _ = writeln!(
            s,
            r##"  <text class="tick" x="{:.1}" y="{:.1}" font-size="12" text-anchor="end" fill="{INK}">{v}</text>"##,
            x(first) - 8.0,
            y(v) + 4.0
        );
        v += value_step;
    }
    // Where the periodic part begins, and every period after it.
    if let Some(r) = regularity {
        let period = r.period.max(1) as f64;
        let mut line = r.preperiod as f64;
        if line < first {
            line += ((first - line) / period).ceil() * period;
        }
        let dense = period * heap_w < MIN_PERIOD_PX;
        let mut drawn = 0;
        while line <= end && !(dense && drawn > 0) {
            let _ = writeln!(
                s,
                r##"  <line class="period-line" x1="{px:.1}" y1="{:.1}" x2="{px:.1}" y2="{bottom:.1}" stroke="{PERIOD}" stroke-width="1.2" stroke-dasharray="5 3"/>"##,
                MARGIN.2,
                px = x(line)
            );
            drawn += 1;
            line += period;
        }
        if r.preperiod as f64 > first && (r.preperiod as f64) < end {
            let label = format!("period {} from heap {}", r.period, r.preperiod);
            // Right of the line, or left of it where the picture ends first
            // (11 px text: about 6.5 px a character).
            let at = x(r.preperiod as f64);
            let (lx, anchor) = if at + 4.0 + label.len() as f64 * 6.5 < width {
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
    // Axes.
    let _ = writeln!(
        s,
        r##"  <path class="axes" d="M {:.1} {:.1} V {bottom:.1} H {:.1}" fill="none" stroke="{INK}" stroke-width="1.5"/>"##,
        x(first),
        MARGIN.2,
        x(end)
    );
    // Heap ticks: at heaps that are multiples of the step, labels below.
    let heap_step = tick_step(n, (plot_w / 48.0).max(2.0));
    let mut h = (first / heap_step).ceil() * heap_step;
    while h < end {
        let cx = x(h + 0.5);
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
        x(first) + plot_w / 2.0,
        bottom + 40.0
    );
    let _ = writeln!(
        s,
        r##"  <text class="axis-label" x="16" y="{:.1}" font-size="13" text-anchor="middle" fill="{INK}" transform="rotate(-90 16 {:.1})">Grundy value</text>"##,
        MARGIN.2 + PLOT_H / 2.0,
        MARGIN.2 + PLOT_H / 2.0
    );
    // The values.
    let radius = (heap_w * 0.4).clamp(1.5, 4.0);
    for (i, &value) in values.iter().enumerate() {
        let (class, fill) = if value == 0 {
            ("point p-position", P_RING)
        } else {
            ("point", POINT)
        };
        let _ = writeln!(
            s,
            r##"  <circle class="{class}" cx="{:.1}" cy="{:.1}" r="{radius:.1}" fill="{fill}"/>"##,
            x(first + i as f64 + 0.5),
            y(f64::from(value))
        );
    }
    s.push_str("</svg>\n");
    s
}

//! A streamed sequence (`sequence G a..b into "DIR"`) as text and JSON: where
//! the values are, their checksum, the sparse-space split and the period.

use super::progress::grouped;
use crate::solve::impartial::sweep::Report;
use serde_json::{json, Value as Json};

/// Rare heaps shown in text (all of them are in JSON and the checkpoint).
const SHOWN: usize = 12;

fn rate(r: &Report) -> u64 {
    let done = r.heaps - r.resumed_from;
    if r.seconds > 0.0 {
        (done as f64 / r.seconds) as u64
    } else {
        0
    }
}

/// The answer as text.
pub fn sweep_text(game: &str, from: i64, r: &Report) -> String {
    let mut lines = vec![format!(
        "sequence {game} {from}..{} into \"{}\": heaps 0..{} in {}/values.u16le",
        r.asked, r.dir, r.heaps, r.dir
    )];
    lines.push(format!(
        "  checksum {} of the {} values ({} segment{})",
        r.checksum.hex(),
        grouped(r.heaps),
        r.segments.len(),
        if r.segments.len() == 1 { "" } else { "s" }
    ));
    if r.heaps > r.resumed_from {
        let resumed = if r.resumed_from > 0 {
            format!(", resumed at heap {}", grouped(r.resumed_from))
        } else {
            String::new()
        };
        lines.push(format!(
            "  this run: {} heaps in {:.1} s, {} values/s on {} thread{}{resumed}",
            grouped(r.heaps - r.resumed_from),
            r.seconds,
            grouped(rate(r)),
            r.threads,
            if r.threads == 1 { "" } else { "s" }
        ));
    }
    let mut rare: Vec<String> = r
        .rare
        .iter()
        .take(SHOWN)
        .map(|&(h, v)| format!("{h}:{v}"))
        .collect();
    if r.rare.len() > SHOWN {
        rare.push(format!(
            "… {} more in checkpoint.json",
            r.rare.len() - SHOWN
        ));
    }
    match r.mask {
        Some(mask) => lines.push(format!(
            "  sparse space: mask {mask:#x}, {} rare heaps (heap:value) {}; largest value {}",
            grouped(r.rare.len() as u64),
            rare.join(", "),
            r.largest
        )),
        None => lines.push(format!("  largest value {}", r.largest)),
    }
    if r.tally.witnessed > 0 {
        lines.push(format!(
            "  witnesses: {} rare values excluded by a split found in a scan ({} splits scanned, at most {} parts in one scan)",
            grouped(r.tally.witnessed),
            grouped(r.tally.scanned),
            grouped(r.tally.deepest)
        ));
    }
    lines.push(match &r.period {
        Some((p, theorem)) => format!(
            "  periodic, preperiod {}, period {}, proven ({theorem}: checked on heaps 0..{})",
            grouped(p.preperiod as u64),
            grouped(p.period as u64),
            grouped(r.heaps)
        ),
        None => format!("  no period found (heaps 0..{} examined)", grouped(r.heaps)),
    });
    lines.join("\n")
}

/// The answer as JSON.
pub fn sweep_json(game: &str, from: i64, r: &Report) -> Json {
    json!({
        "query": "sequence",
        "game": game,
        "from": from,
        "to": r.asked,
        "into": r.dir,
        "heaps": r.heaps,
        "resumed_from": r.resumed_from,
        "seconds": (r.seconds * 1000.0).round() / 1000.0,
        "values_per_second": rate(r),
        "threads": r.threads,
        "checksum": r.checksum.hex(),
        "segments": r.segments.iter().map(|s| json!({
            "from": s.from, "heaps": s.sum.len, "checksum": s.sum.hex(),
        })).collect::<Vec<_>>(),
        "mask": r.mask,
        "rare": r.rare.iter().map(|&(h, v)| json!([h, v])).collect::<Vec<_>>(),
        "largest": r.largest,
        "witnessed": r.tally.witnessed,
        "scanned": r.tally.scanned,
        "far_reads": r.far_reads,
        "regularity": match &r.period {
            Some((p, theorem)) => json!({
                "kind": "periodic", "preperiod": p.preperiod, "period": p.period,
                "saltus": 0, "proven": true, "theorem": theorem,
            }),
            None => json!({"kind": "none", "proven": false}),
        },
    })
}

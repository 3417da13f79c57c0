//! grundy in a browser tab: the engine built for `wasm32-unknown-unknown`,
//! with a small C-like interface that the page's worker (`web/src/worker.js`)
//! calls. No binding generator: strings cross as UTF-8 bytes in the module's
//! memory, and every result is one JSON document.
//!
//! Exports: `grundy_alloc` and `grundy_free` (room for the program's text),
//! `grundy_run` (runs a program). Imports, from the module `env`:
//! `grundy_now_ms` (the page's clock), `grundy_stop_requested` (the Stop
//! button) and `grundy_emit` (one result: an answer, a diagnostic, a summary,
//! sent to the page as soon as it exists, so answers appear while the rest of
//! the program runs).

use std::sync::Arc;

use grundy::limits::Limits;
use grundy::report::{self, Picture};
use grundy::{Answer, Engine, Mode, Namer, Problem, Report, Span};
use serde_json::{json, Value as Json};

/// The file name diagnostics show for the program in the editor.
const NAME: &str = "playground.game";

/// The largest SVG picture sent to the page: one of a sequence of 100,000
/// heaps is 7 MB, 100,000 elements that take the browser a second to lay out.
const MAX_PICTURE: usize = 1 << 20;

/// The longest sequence drawn in the page (its picture would pass
/// [`MAX_PICTURE`]; it is not even built).
const MAX_PICTURE_HEAPS: usize = 12_000;

/// Milliseconds on the page's clock (`performance.now()`).
#[cfg(target_family = "wasm")]
fn page_now_ms() -> f64 {
    // SAFETY: an import without arguments that returns a number.
    unsafe { ffi::grundy_now_ms() }
}

/// Whether Stop was pressed since the run began.
#[cfg(target_family = "wasm")]
fn page_stop_requested() -> bool {
    // SAFETY: an import without arguments that returns a number.
    unsafe { ffi::grundy_stop_requested() != 0 }
}

/// Hands one JSON document to the page.
#[cfg(target_family = "wasm")]
fn emit(item: &Json) {
    let text = item.to_string();
    // SAFETY: the page copies the bytes out before returning.
    unsafe { ffi::grundy_emit(text.as_ptr(), text.len()) }
}

/// Outside WebAssembly (the crate's own tests) results go to standard output.
#[cfg(not(target_family = "wasm"))]
fn emit(item: &Json) {
    println!("{item}");
}

#[cfg(target_family = "wasm")]
mod ffi {
    #[link(wasm_import_module = "env")]
    extern "C" {
        pub fn grundy_now_ms() -> f64;
        pub fn grundy_stop_requested() -> i32;
        pub fn grundy_emit(ptr: *const u8, len: usize);
    }
}

/// Room for `len` bytes that the page fills (the program's text).
#[no_mangle]
pub extern "C" fn grundy_alloc(len: usize) -> *mut u8 {
    let mut room = Vec::<u8>::with_capacity(len.max(1));
    let ptr = room.as_mut_ptr();
    std::mem::forget(room);
    ptr
}

/// Gives back room from [`grundy_alloc`].
///
/// # Safety
/// `ptr` and `len` are exactly a pointer [`grundy_alloc`] returned and the
/// length it was asked for, not yet freed.
#[no_mangle]
pub unsafe extern "C" fn grundy_free(ptr: *mut u8, len: usize) {
    // SAFETY: the caller's promise: this is an allocation of capacity len.max(1).
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len.max(1)) });
}

/// Runs the program in `ptr[..len]` (UTF-8), sending each result to the page;
/// `max_memory` bytes and `timeout_ms` (0: none) bound it, and answers are
/// laid out `width` columns wide. Returns 0, or 1 when the text is not UTF-8.
///
/// # Safety
/// `ptr[..len]` is memory the page wrote the program into (from [`grundy_alloc`]).
#[no_mangle]
pub unsafe extern "C" fn grundy_run(
    ptr: *const u8,
    len: usize,
    max_memory: f64,
    timeout_ms: f64,
    width: u32,
) -> u32 {
    // SAFETY: the caller's promise.
    let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
    let Ok(source) = std::str::from_utf8(bytes) else {
        return 1;
    };
    install_host();
    let limits = page_limits(max_memory, timeout_ms);
    run(source, limits, width as usize, &mut emit);
    0
}

/// The page's clock and Stop button, installed once.
#[cfg(target_family = "wasm")]
fn install_host() {
    grundy::limits::set_host(grundy::limits::Host {
        now_ms: page_now_ms,
        stop_requested: page_stop_requested,
    });
}

/// Outside WebAssembly the system's clock serves, and nothing stops a run.
#[cfg(not(target_family = "wasm"))]
fn install_host() {}

/// The limits of a run in the page: the memory the page allows (a tab has a
/// few GiB, and a 32-bit module at most 4), an optional timeout.
pub fn page_limits(max_memory: f64, timeout_ms: f64) -> Limits {
    let defaults = Limits::default();
    // `as` saturates: more than the address space is all of it.
    let max_memory = if max_memory.is_finite() && max_memory >= 1.0 {
        max_memory as usize
    } else {
        defaults.max_memory.min(1 << 30)
    };
    let timeout = (timeout_ms.is_finite() && timeout_ms > 0.0)
        .then(|| std::time::Duration::from_secs_f64(timeout_ms / 1000.0));
    Limits {
        max_memory,
        timeout,
        ..defaults
    }
}

/// Runs `source` as `grundy run` does and hands each result to `emit`: an
/// `answer` (its statement, text and picture), a `problem` (a
/// diagnostic rendered as the terminal shows it, with its spans in UTF-16
/// units for the editor), and at the end a `summary` (asserts passed and
/// failed, errors, milliseconds).
pub fn run(source: &str, limits: Limits, width: usize, emit: &mut dyn FnMut(&Json)) {
    let started = grundy::limits::now();
    let text: Arc<str> = Arc::from(source);
    let mut tally = Tally::default();
    let mut engine = Engine::with_limits(limits);
    match engine.load(source, false) {
        Ok(stmts) => {
            for stmt in &stmts {
                let label = engine.statement_label(stmt);
                match engine.run(stmt, Mode::Run) {
                    Ok(None) => {}
                    Ok(Some(answer)) => {
                        let namer = engine.namer();
                        emit(&answer_item(
                            &answer, &label, &namer, &text, width, &mut tally,
                        ));
                    }
                    Err(problem) => {
                        tally.errors += 1;
                        emit(&problem_item(problem, &text, width));
                        break;
                    }
                }
            }
        }
        Err(problems) => {
            for problem in problems {
                tally.errors += 1;
                emit(&problem_item(problem, &text, width));
            }
        }
    }
    let ms = grundy::limits::now().saturating_sub(started).as_secs_f64() * 1000.0;
    emit(&json!({
        "kind": "summary",
        "passed": tally.passed,
        "failed": tally.failed,
        "errors": tally.errors,
        "ms": ms,
    }));
}

/// Asserts and errors of one run.
#[derive(Debug, Default)]
struct Tally {
    passed: usize,
    failed: usize,
    errors: usize,
}

/// One answer for the page. A passed assertion is only counted; a failed one
/// becomes a diagnostic, as on the command line.
fn answer_item(
    answer: &Answer,
    label: &str,
    namer: &Namer<'_>,
    source: &Arc<str>,
    width: usize,
    tally: &mut Tally,
) -> Json {
    if let Answer::Assert {
        passed,
        failure,
        span,
        line,
    } = answer
    {
        if *passed {
            tally.passed += 1;
            return json!({"kind": "assert", "passed": true, "line": line});
        }
        tally.failed += 1;
        let problem = match failure.as_deref() {
            Some((want, got)) => Problem::failed_assertion(
                *span,
                &report::expected_text(want, got, namer),
                &report::value_text(got, namer),
            ),
            None => Problem::failed_assertion(*span, "true", "false"),
        };
        return problem_item(problem, source, width);
    }
    let omitted = || json!({"omitted": "its picture is too large to show here; ask for a shorter range, or draw it with the command line's --svg"});
    let picture = match answer {
        // Not even built: it would pass MAX_PICTURE.
        Answer::Sequence { values, .. } if values.len() > MAX_PICTURE_HEAPS => omitted(),
        _ => match report::picture(answer, namer) {
            Some(Picture::Svg(svg)) if svg.len() > MAX_PICTURE => omitted(),
            Some(Picture::Svg(svg)) => json!({"svg": svg}),
            Some(Picture::Dot(dot)) => json!({"dot": dot}),
            None => Json::Null,
        },
    };
    json!({
        "kind": "answer",
        "statement": label,
        "text": report::text_at_width(answer, namer, width).unwrap_or_default(),
        "picture": picture,
    })
}

/// A diagnostic for the page: rendered as the terminal shows it (without
/// colour), and its parts, with spans as UTF-16 offsets into the editor's text.
fn problem_item(problem: Problem, source: &Arc<str>, width: usize) -> Json {
    let labels: Vec<Json> = problem
        .labels
        .iter()
        .map(|(span, text)| {
            let (from, to) = utf16_span(source, *span);
            json!({"from": from, "to": to, "text": text})
        })
        .collect();
    let code = problem.code;
    let message = problem.message.clone();
    let help = problem.help.clone();
    let rendered = Report::new(NAME, source.clone(), problem).render_plain(width.max(40));
    json!({
        "kind": "problem",
        "code": code,
        "message": message,
        "help": help,
        "labels": labels,
        "rendered": rendered,
    })
}

/// A span of byte offsets as offsets in UTF-16 code units (JavaScript's
/// string indices), clamped to the text.
fn utf16_span(source: &str, span: Span) -> (usize, usize) {
    let at = |byte: usize| {
        let mut byte = byte.min(source.len());
        while !source.is_char_boundary(byte) {
            byte -= 1;
        }
        source.get(..byte).map_or(0, |s| s.encode_utf16().count())
    };
    let from = at(span.start);
    (from, at(span.end).max(from))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(source: &str) -> Vec<Json> {
        let mut out = Vec::new();
        run(source, page_limits(f64::NAN, 0.0), 80, &mut |j| {
            out.push(j.clone())
        });
        out
    }

    #[test]
    fn kayles_answers_and_pictures() {
        // Kayles' nim-sequence starts 0 1 2 3 1 4 3 2 (Winning Ways, ch. 4).
        let out = items(
            "game kayles(n: nat) {\n  move kayles(a) + kayles(n - k - a) for k in 1..=2, a in 0..=n-k where a <= n - k - a\n}\nsequence kayles 0..8\nassert grundy kayles(5) == 4\n",
        );
        let answer = out
            .iter()
            .find(|j| j["kind"] == "answer")
            .expect("an answer");
        assert!(answer["text"]
            .as_str()
            .unwrap_or("")
            .contains("0 |  0  1  2  3  1  4  3  2"));
        assert!(answer["picture"]["svg"]
            .as_str()
            .unwrap_or("")
            .starts_with("<svg"));
        let summary = out.last().expect("a summary");
        assert_eq!(summary["passed"], 1);
        assert_eq!(summary["errors"], 0);
    }

    #[test]
    fn a_sequence_too_long_to_draw_says_so() {
        let out = items(
            "game kayles(n: nat) {\n  move kayles(a) + kayles(n - k - a) for k in 1..=2, a in 0..=n-k where a <= n - k - a\n}\nsequence kayles 0..=20000\n",
        );
        let answer = out
            .iter()
            .find(|j| j["kind"] == "answer")
            .expect("an answer");
        assert!(answer["picture"]["svg"].is_null());
        assert!(answer["picture"]["omitted"]
            .as_str()
            .unwrap_or("")
            .contains("--svg"));
    }

    #[test]
    fn a_bad_program_gets_a_spanned_diagnostic() {
        let out = items("grundy nimm(3)\n");
        let problem = out
            .iter()
            .find(|j| j["kind"] == "problem")
            .expect("a problem");
        // `nimm` is characters 7..11 of the text.
        assert_eq!(problem["labels"][0]["from"], 7);
        assert_eq!(problem["labels"][0]["to"], 11);
        assert!(problem["rendered"].as_str().unwrap_or("").contains("help"));
    }

    #[test]
    fn spans_count_utf16_units() {
        // "é" is two bytes and one UTF-16 unit; "𝔾" four bytes and two units.
        assert_eq!(utf16_span("é𝔾x", Span::new(6, 7)), (3, 4));
        assert_eq!(utf16_span("é", Span::new(1, 9)), (0, 1));
    }
}

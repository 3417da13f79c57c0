//! Waiting for the REPL's output in a pseudo-terminal, shared by the tests
//! that drive it there (`repl_soak.rs`, `repl_interrupts.rs`).

use rexpect::error::Error;
use rexpect::session::PtySession;
use std::time::{Duration, Instant};

/// Waits for `needle`, up to `within` (the session's own timeout is short, and
/// what was read so far is kept between tries).
pub fn expect(p: &mut PtySession, needle: &str, within: Duration) -> Result<(), String> {
    let start = Instant::now();
    loop {
        match p.exp_string(needle) {
            Ok(_) => return Ok(()),
            Err(Error::Timeout { .. }) if start.elapsed() < within => {}
            Err(Error::Timeout { got, .. }) => {
                let tail: String = got
                    .chars()
                    .rev()
                    .take(1500)
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                    .collect();
                return Err(format!(
                    "no `{needle}` within {within:?}; last read:\n{tail}"
                ));
            }
            Err(e) => return Err(format!("no `{needle}`: {e}")),
        }
    }
}

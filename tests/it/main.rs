//! The integration tests: one test binary, one module per topic. One binary
//! is compiled and linked once, where one binary per file took most of the
//! time of `cargo test --release` from a fresh clone (issue 39 item 7).
//!
//! Run one topic with its module path as the filter:
//!
//! ```text
//! cargo test --release --test it docs::
//! ```
//!
//! A new topic is a file here and a `mod` line below. The modules share one
//! process and run on parallel threads: a test that needs the process to
//! itself (its environment, its working directory, its memory count) runs
//! the `grundy` binary instead.

// A test may index, unwrap and panic: a failure is the point. Allowed here
// once for every module.
#![allow(
    clippy::indexing_slicing,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic
)]

mod common;
mod pty;

mod board_lines;
mod boards;
mod budget;
mod cli;
mod cli_habits;
mod clobber;
mod coins;
mod diagnostics;
mod docs;
mod domineering_outcomes;
mod editors;
mod examples;
mod exports;
mod fuzz;
mod graphs;
mod loopy;
mod loopy_partizan;
mod loopy_queries;
mod misere_canonical;
mod misere_genus_cgsuite;
mod misere_genus_quotient;
mod misere_genus_walk;
mod misere_mixed;
mod misere_nimbers;
mod misere_quotient;
mod misere_search;
mod misere_tame;
mod outcome_search;
mod partizan;
mod partizan_laws;
mod partizan_queries;
mod pictures;
mod placement;
mod position_quotients;
mod query_values;
mod regions;
mod reliability;
mod repl;
mod repl_interrupts;
mod repl_soak;
mod repl_terminal;
mod robustness;
mod rule_shapes;
mod saved_quotients;
mod sequences;
mod sides;
mod sparse;
mod stoppers;
mod sweeps;
mod tables_sequences;
mod theorems;
mod thermal;
mod vector_rules;

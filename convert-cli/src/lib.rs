//! `fenkit`: lint, format, convert and diff chess notation: FEN, EPD, Chess960, variant FENs,
//! DFEN and FEN4, in files, PGN, CSV and JSON Lines.
//!
//! This is the library half of the `fenkit` binary. Its one public module, [`report`], builds
//! the golden report of a position file that both `fenkit snapshot check` and the workspace
//! tests compare against the same insta `.snap` files. Everything else is the command line,
//! reached through [`main`]. What a notation is, how a file splits into records and what each
//! code means are the library `notation`'s (crate `fenkit-notation`), which Python and
//! JavaScript call too: this crate turns flags into its settings and its findings into output.
//!
//! # Where things live
//!
//! The modules form layers: a module uses only modules below it (a `mod.rs` and its own
//! children excepted), which `tests/layers.rs` checks. From the bottom:
//!
//! | layer | module | what it owns |
//! |---|---|---|
//! | support | `rng` | SplitMix64, the seeded generator of the parity fuzzer and of randomised tests |
//! | flags | `choices` | the library's named settings (`notation::choice`) as clap values |
//! | input | `compressed` | gzip, zstd, bzip2 and zip inputs decoded as they are read; names without the compression suffix |
//! | | `input` | where bytes come from (files, stdin spooled, pipes), I/O errors in words; `notation::records` splits them |
//! | | `pipeline` | the one ordered parallel pipeline: read in order, work on N threads, hand on in order |
//! | | `progress` | progress bars on a terminal |
//! | findings | `suppress` | `# fenkit: expect[...]` / `ignore[...]` markers in position files |
//! | | `diag` | a finding placed in a file (`line:col`, the snippet and caret) |
//! | | `output` | the output formats of diagnostics, unified diffs |
//! | | `write` | atomic in-place rewrites |
//! | suite | `parity` | the conformance suite's case files and the adapter runner behind `parity` and `suite` |
//! | settings | `config` | `fenkit.toml`, `.fenkit.toml` and `[tool.fenkit]`: found upward from each input, checked, merged under the flags |
//! | | `context` | what every command runs with and ends with: `Global` (streams, notes), `Status`, `Failure` |
//! | | `walk` | expanding paths and directories into inputs |
//! | | `options` | flags that several commands share (`--notation`, `--variant`, `--profile`, `--threads`) |
//! | reading | `scan` | position files record by record, through `pipeline`, every input in one pass |
//! | | `duplicates` | the position identities behind `--duplicates` and `dedupe` |
//! | | `position` | the position argument of `show` and the rules commands, and their shared flags |
//! | | `report` | golden reports for `snapshot` |
//! | commands | `commands` | one module per subcommand: its `Args`, its `--help`, its `run` |
//! | top | `cli` | the argument parser, the global flags, exit statuses, dispatch to a command |
//!
//! The data path of `fenkit check FILE…` crosses each layer once, in one direction:
//!
//! ```text
//! cli ──▶ commands::check ──▶ walk (paths → inputs, each input's config)
//!                         ──▶ scan::scan_all ─┬─▶ input     (bytes → records, batch by batch, input by input)
//!                                             ├─▶ pipeline  (batches analysed on N threads, handed on in order)
//!                                             └─▶ notation  (record → Analysis: findings, identity)
//!         commands::check ◀── events in input order: markers (suppress), duplicates, diag (line:col)
//!                         ──▶ output (human, json, sarif, github)
//! ```
//!
//! Each input is read once, and each position parsed once, by its notation's analyser on a
//! worker thread (which also reads a DFEN position that has findings in the engine's dialect,
//! for the hint that suggests it); the ordered thread only places findings and writes them.

// Panic hygiene: no input may make `fenkit` panic. Outside tests, `unwrap`, `expect` and
// `panic!`-like macros are denied. Indexing is not: the command line indexes its own buffers
// only at positions found in them (a newline, a UTF-8 error, a diff range) or checked against
// their length; the hostile-input tests (`tests/hostile.rs`) cover what input can reach.
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::unreachable,
        clippy::todo,
        clippy::unimplemented
    )
)]

mod choices;
mod cli;
mod commands;
mod compressed;
mod config;
mod context;
mod diag;
mod duplicates;
mod input;
mod options;
mod output;
mod parity;
mod pipeline;
mod position;
mod progress;
pub mod report;
mod rng;
mod scan;
mod suppress;
mod walk;
mod write;

pub use cli::{main, run};

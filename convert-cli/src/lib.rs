//! `fenkit`: lint, format, convert, diff and snapshot DFEN and FEN4 position files.
//!
//! This is the library half of the `fenkit` binary. Its one public module, [`report`], builds
//! the golden report of a position file that both `fenkit snapshot check` and the workspace
//! tests compare against the same insta `.snap` files. The command line's own codes
//! ([`CliCode`]) and its finding for bytes that are not UTF-8 ([`invalid_utf8`]) are public too,
//! so that the Python module reports them as the command line does. Everything else is the
//! command line, reached through [`main`].
//!
//! # Where things live
//!
//! The data path of `fenkit check FILE` crosses each layer once, in one direction:
//!
//! ```text
//! cli ──▶ commands::check ──▶ walk ──▶ scan ─┬─▶ input     (bytes → records)
//!                                            ├─▶ pipeline  (records in order on N threads)
//!                                            └─▶ notation  (record → Analysis: findings, canonical)
//!         commands::check ──▶ diag (findings placed at line:col) ──▶ output (human, json, sarif, github)
//! ```
//!
//! | module | what it owns |
//! |---|---|
//! | `cli` | the argument parser, the global flags, exit statuses, dispatch to a command |
//! | `commands` | one module per subcommand: its `Args`, its `--help`, its `run` |
//! | `config` | `fenkit.toml`, `.fenkit.toml` and `[tool.fenkit]`: found upward from each input, checked, merged under the flags |
//! | `options` | flags that several commands share (`--notation`, `--profile`, `--threads`) |
//! | `code` | the one code type (`DFEN`, `FEN4`, `RULE`, `FENKIT`) and the CLI's own codes |
//! | `notation` | the notations: detection by extension and content, reading under a profile, canonical forms, NDJSON4 frames |
//! | `input` | reading files and streams into records (lines, FEN4 continuation lines), limits |
//! | `walk` | expanding paths and directories into inputs |
//! | `pipeline` | the one ordered parallel pipeline: read in order, work on N threads, hand on in order |
//! | `scan` | one position file, record by record, analysed through `pipeline` |
//! | `suppress` | `# fenkit: expect[...]` / `ignore[...]` markers in position files |
//! | `diag` | a finding placed in a file (`line:col`, the snippet and caret) |
//! | `output` | the output formats of diagnostics |
//! | `write` | atomic in-place rewrites |
//! | `duplicates` | the position identity behind `--duplicates` and `dedupe` |
//! | `report` | golden reports for `snapshot` |
//! | `parity` | the conformance suite and the adapter runner behind `parity` and `suite` |
//! | `progress` | progress bars on a terminal |

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

mod cli;
mod code;
mod commands;
mod config;
mod diag;
mod duplicates;
mod input;
mod notation;
mod options;
mod output;
mod parity;
mod pipeline;
mod progress;
pub mod report;
mod scan;
mod suppress;
mod walk;
mod write;

pub use cli::{main, run};
pub use code::{CliCode, invalid_utf8};

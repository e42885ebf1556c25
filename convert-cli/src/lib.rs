//! `fenkit`: lint, format, convert, diff and snapshot DFEN, FEN, FEN4 and variant position files.
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
//! The modules form layers: a module uses only modules below it (a `mod.rs` and its own
//! children excepted), which `tests/layers.rs` checks. From the bottom:
//!
//! | layer | module | what it owns |
//! |---|---|---|
//! | codes | `code` | the one code type (`DFEN`, `FEN4`, `RULE`, `FENKIT`) and the CLI's own codes |
//! | input | `csv_rows` | where the rows of a CSV or TSV file end (quoted fields over several lines) |
//! | | `compressed` | gzip, zstd, bzip2 and zip inputs decoded as they are read; names without the compression suffix |
//! | | `input` | reading files and streams into records (lines, FEN4 continuation lines), limits, I/O errors in words |
//! | | `container` | positions inside other formats (PGN `FEN` tags, CSV/TSV columns, JSON Lines fields): found in records, spans moved, escaped back |
//! | | `pipeline` | the one ordered parallel pipeline: read in order, work on N threads, hand on in order |
//! | | `progress` | progress bars on a terminal |
//! | notations | `notation` | the table of notations: one entry (module) per notation, its detection, reading, linting (`Analyzer`), writing |
//! | | `suppress` | `# fenkit: expect[...]` / `ignore[...]` markers in position files |
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

mod cli;
mod code;
mod commands;
mod compressed;
mod config;
mod container;
mod context;
mod csv_rows;
mod diag;
mod duplicates;
mod input;
mod notation;
mod options;
mod output;
mod parity;
mod pipeline;
mod position;
mod progress;
pub mod report;
mod scan;
mod suppress;
mod walk;
mod write;

pub use cli::{main, run};
pub use code::{CliCode, invalid_utf8};

/// The container readers, for the fuzz targets (`fuzz/`) and their seeds' test: not a stable
/// API.
#[doc(hidden)]
pub mod fuzzing {
    use std::ops::Range;

    /// The tag pairs of a PGN tag section: each one's name, where its value is written, and
    /// its value unescaped; and whether an unreadable tag pair stopped the scan.
    pub fn pgn_tags(text: &str) -> (Vec<(String, Range<usize>, String)>, bool) {
        let (tags, problem) = crate::container::scan_tags(text);
        let tags = tags
            .into_iter()
            .map(|tag| (tag.name.to_owned(), tag.value_span, tag.value.into_owned()))
            .collect();
        (tags, problem.is_some())
    }

    /// The CSV readers of one delimiter, kept from one call to the next.
    pub struct CsvProbe(crate::container::CsvProbe);

    impl CsvProbe {
        /// Readers for fields split by `delimiter`.
        #[must_use]
        pub fn new(delimiter: u8) -> CsvProbe {
            CsvProbe(crate::container::CsvProbe::new(delimiter))
        }

        /// Where each field of a CSV row (without its final line end) is written, quotes
        /// included.
        pub fn fields(&mut self, row: &[u8]) -> Vec<Range<usize>> {
            self.0.fields(row)
        }

        /// Whether each of `lines` (without line ends) ends its CSV row: a row goes on while
        /// one of its quoted fields is open.
        pub fn row_ends(&mut self, lines: &[&[u8]]) -> Vec<bool> {
            self.0.row_ends(lines)
        }

        /// The position text of column `column` of a CSV row (a data row, not the header):
        /// where it is written and what it says; and the row with that text written back as
        /// the file writes it (`None` when the column cannot be read).
        pub fn position(
            &mut self,
            row: &str,
            column: usize,
        ) -> Option<(Range<usize>, String, String)> {
            self.0.position(row, column)
        }
    }

    /// Whether `line`'s quotes all open and close simple quoted fields (then its row ends with
    /// it, whatever csv-core would say: the fuzz target checks that it agrees).
    #[must_use]
    pub fn csv_quotes_close_simply(line: &[u8], delimiter: u8) -> bool {
        crate::csv_rows::quotes_close_simply(line, delimiter)
    }
}

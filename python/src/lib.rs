//! `fenkit._fenkit`: the compiled half of the `fenkit` Python package.
//!
//! Python users import `fenkit`, whose `__init__.py` re-exports what is defined here; the
//! typed stubs are `python/fenkit/_fenkit.pyi`. This crate only translates: every decision
//! (parsing, findings, canonical forms, the rules, the identity key) is made by `notation`,
//! `dfen`, `fen4`, `variants` and `pgn`; the `fenkit` crate only runs the command line for
//! `fenkit.main`. This crate maps their values to Python objects
//! and their errors to Python exceptions.
//!
//! | module | what it binds |
//! |---|---|
//! | `check` | `fenkit.check`: a text's findings as `fenkit check` gives them, every notation and variant |
//! | `rewrite` | `fenkit.format` and `fenkit.convert`: what `fenkit fmt` and `fenkit convert` write for a text |
//! | `common` | findings, the exceptions, text arguments (`str` or UTF-8 `bytes`), the `Dfen` class and the position argument (a `Dfen` or its text) |
//! | `position` | DFEN: parse under a profile, canonical and engine forms, FEN, JSON, identity, the `Dfen` class's methods |
//! | `placement` | FEN4: parse, canonical form, the two JSON forms, NDJSON4 validation |
//! | `rules` | legal micro-moves, play, roll, pass, perft in every mode |
//! | `variant` | three-check, crazyhouse and two-move FENs in their dialects |
//! | `epd` | EPD lines: the position, the operations with their moves, findings |
//! | `pgn` | PGN games read move by move (`read_pgn`): tags, moves, variations, findings, result |
//! | `arrow` | `fenkit.arrow`: columns of positions through the Arrow PyCapsule interface |
//!
//! No input may crash the interpreter. The libraries do not panic by design (they deny the
//! panicking constructs and are fuzzed); should one panic all the same, PyO3 turns the panic
//! into a `pyo3_runtime.PanicException` at the boundary instead of unwinding into C. That
//! would still be a bug, to be reported.

mod arrow;
mod check;
mod common;
mod epd;
mod pgn;
mod placement;
mod position;
mod rewrite;
mod rules;
mod variant;

use pyo3::prelude::*;

/// Runs the `fenkit` command line with `argv` (`sys.argv`: the program name first) and
/// returns its exit status. Standard input, output and error are the process's own, exactly
/// as for the `fenkit` binary. The GIL is released while it runs.
#[pyfunction]
fn run_cli(py: Python<'_>, argv: Vec<std::ffi::OsString>) -> u8 {
    py.detach(|| fenkit::run(argv))
}

/// The extension module.
#[pymodule]
fn _fenkit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(run_cli, m)?)?;
    common::register(m)?;
    check::register(m)?;
    position::register(m)?;
    placement::register(m)?;
    rules::register(m)?;
    variant::register(m)?;
    epd::register(m)?;
    rewrite::register(m)?;
    arrow::register(m)?;
    pgn::register(m)?;
    Ok(())
}

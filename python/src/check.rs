//! `fenkit.check`: every finding of a text, exactly as `fenkit check` reports it for the same
//! text on standard input. The settings are named as the command line names them, and read,
//! resolved and applied by the library (`notation::settings`, `notation::reading`).

use std::cell::RefCell;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use notation::choice::Choice;
use notation::reading::{Checker, Placed};
use notation::settings::{Request, SettingError};
use notation::{DialectArg, Notation, ProfileArg, VariantName};

use crate::common::{PyFinding, Text, choose};

/// A setting's value by name when one is given.
fn chosen<T: Choice>(setting: &str, name: Option<&str>) -> PyResult<Option<T>> {
    name.map(|name| choose(setting, name)).transpose()
}

/// Every finding of `text`, as `fenkit check --notation … -` reports it for the same text on
/// standard input: the same codes, severities, messages and help, in the same order. Each
/// finding has its `line` (from 1), its `column` (code points from the line's start: the
/// command line's column − 1 on an ASCII line) and its `span` in code points of the text.
///
/// `notation=None` reads the text as a file without an extension: by its first position;
/// `notation="pgn"` reads PGN games, every move of every game, as a `.pgn` file is read.
/// The settings take the names the command line's flags take, and refuse the combinations it
/// refuses, with `ValueError`.
///
/// >>> import fenkit
/// >>> [(f.code, f.line, f.column) for f in fenkit.check("8/8/8/8/8/8/8/4K3 w - - 0 1")]
/// [('DFEN210', 1, 0)]
/// >>> fenkit.check("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
/// []
#[pyfunction]
#[pyo3(signature = (text, *, notation=None, profile=None, chess960=false, variant=None, dialect=None, strict=false))]
#[allow(clippy::too_many_arguments)]
fn check(
    py: Python<'_>,
    text: Text,
    notation: Option<&str>,
    profile: Option<&str>,
    chess960: bool,
    variant: Option<&str>,
    dialect: Option<&str>,
    strict: bool,
) -> PyResult<Vec<PyFinding>> {
    let request = Request {
        notation: chosen::<Notation>("notation", notation)?,
        variant: chosen::<VariantName>("variant", variant)?,
        dialect: chosen::<DialectArg>("dialect", dialect)?,
        profile: chosen::<ProfileArg>("profile", profile)?,
        chess960,
        strict,
        ..Request::default()
    };
    let text = text.as_str()?;
    let placed = py
        .detach(|| check_kept(text, request))
        .map_err(|error| PyValueError::new_err(error.to_string()))?;
    Ok(placed
        .iter()
        .map(|placed| PyFinding::placed(placed, text))
        .collect())
}

thread_local! {
    /// The checker of the last request: a loop that checks position after position with the
    /// same settings resolves them once and keeps the analysers (`notation::reading::Checker`).
    static KEPT: RefCell<Option<(Request, Checker)>> = const { RefCell::new(None) };
}

/// [`notation::reading::check_text`], by the checker kept for `request`.
fn check_kept(text: &str, request: Request) -> Result<Vec<Placed>, SettingError> {
    KEPT.with_borrow_mut(|kept| {
        let checker = match kept {
            Some((asked, checker)) if *asked == request => checker,
            _ => &mut kept.insert((request, Checker::new(request.resolve()?))).1,
        };
        checker.check(text)
    })
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(check, m)?)?;
    Ok(())
}

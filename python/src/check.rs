//! `fenkit.check`: every finding of a text, exactly as `fenkit check` reports it for the same
//! text on standard input. The settings are named as the command line names them, and read,
//! resolved and applied by the library (`notation::settings`, `notation::reading`).

use std::cell::RefCell;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use notation::named::ReadNames;
use notation::reading::{Checker, Placed, PlacedCommand};
use notation::settings::{Request, SettingError};

use crate::common::{PyFinding, Text, py_repr};

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
    let request = request(notation, profile, chess960, variant, dialect, strict)?;
    read(py, &text, request, check_kept, PyFinding::placed)
}

/// What `reading` finds in `text` with `request`, read off the interpreter's lock, each answer
/// counted in code points of the text by `counted`.
fn read<P: Send, T>(
    py: Python<'_>,
    text: &Text,
    request: Request,
    reading: impl FnOnce(&str, Request) -> Result<Vec<P>, SettingError> + Send,
    counted: impl Fn(&P, &str) -> T,
) -> PyResult<Vec<T>> {
    let text = text.as_str()?;
    let found = py
        .detach(|| reading(text, request))
        .map_err(|error| PyValueError::new_err(error.to_string()))?;
    Ok(found.iter().map(|found| counted(found, text)).collect())
}

/// The request the settings name, as the command line's flags name them.
fn request(
    notation: Option<&str>,
    profile: Option<&str>,
    chess960: bool,
    variant: Option<&str>,
    dialect: Option<&str>,
    strict: bool,
) -> PyResult<Request> {
    ReadNames {
        notation,
        variant,
        profile,
        dialect,
        check_limit: None,
        chess960,
        strict,
    }
    .request()
    .map_err(|error| PyValueError::new_err(error.to_string()))
}

/// A command inside a comment of PGN games or movetext that fenkit keeps as written without
/// reading it: what `fenkit check -v` notes.
#[pyclass(module = "fenkit", name = "CommentCommand", frozen)]
pub(crate) struct PyCommentCommand {
    name: String,
    kind: &'static str,
    span: (usize, usize),
    line: usize,
    column: usize,
    message: String,
}

impl PyCommentCommand {
    /// `placed`, counted in code points of `text`.
    fn placed(placed: &PlacedCommand, text: &str) -> PyCommentCommand {
        let code_points = |at: usize| {
            let mut at = at.min(text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            text.get(..at).map_or(0, |before| before.chars().count())
        };
        let note = &placed.note;
        let start = code_points(note.span.start);
        PyCommentCommand {
            name: note.name.clone(),
            kind: note.kind.as_str(),
            span: (start, code_points(note.span.end)),
            line: placed.line,
            column: start - code_points(placed.line_start(text)),
            message: note.message.clone(),
        }
    }
}

#[pymethods]
impl PyCommentCommand {
    /// The command's name, after `%`: `"foo"` for `[%foo 1]`.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// Why it is not read: `"unknown"` (a name fenkit does not read), `"malformed"` (a known
    /// name whose arguments are not its syntax, `[%clk 1:ab]`) or `"rest-of-line"` (any
    /// command in a `;` comment, where none is read).
    #[getter]
    fn kind(&self) -> &'static str {
        self.kind
    }

    /// `(start, end)`: the command from `[` to `]`, in code points of the whole text.
    #[getter]
    fn span(&self) -> (usize, usize) {
        self.span
    }

    /// The line it starts on, from 1.
    #[getter]
    fn line(&self) -> usize {
        self.line
    }

    /// Where it starts in its line, in code points from 0 (on an ASCII line, `fenkit check
    /// -v`'s column − 1).
    #[getter]
    fn column(&self) -> usize {
        self.column
    }

    /// The note `fenkit check -v` gives about it.
    #[getter]
    fn message(&self) -> &str {
        &self.message
    }

    fn __repr__(&self) -> String {
        format!(
            "CommentCommand(name={}, kind={}, span=({}, {}), line={})",
            py_repr(&self.name),
            py_repr(self.kind),
            self.span.0,
            self.span.1,
            self.line
        )
    }

    fn __str__(&self) -> String {
        format!("{}:{}: {}", self.line, self.column + 1, self.message)
    }
}

/// Every command inside the comments of `text` that fenkit keeps as written without reading
/// it, as `fenkit check -v --notation … -` notes them for the same text on standard input (the
/// command line says one note per name and file, with how many more; this gives every one,
/// in text order): an unknown name (`kind` `"unknown"`), a known one whose arguments are not
/// its syntax (`"malformed"`), or any command in a `;` comment, where none is read
/// (`"rest-of-line"`). PGN games (`notation="pgn"`) and movetext hold comments; other texts
/// give `[]`. The settings are those of `fenkit.check`.
///
/// >>> import fenkit
/// >>> text = "1. e4 {[%clk 0:03:00] [%foo 1]} e5 {[%clk 1:ab]} 2. Nf3 ; [%eval 0.2]"
/// >>> [(c.name, c.kind, c.line, c.column) for c in fenkit.comment_commands(text, notation="movetext")]
/// [('foo', 'unknown', 1, 22), ('clk', 'malformed', 1, 36), ('eval', 'rest-of-line', 1, 58)]
/// >>> fenkit.comment_commands(text, notation="movetext")[0].message
/// 'comment command `[%foo …]` is not one fenkit reads; kept as written'
#[pyfunction]
#[pyo3(signature = (text, *, notation=None, profile=None, chess960=false, variant=None, dialect=None, strict=false))]
#[allow(clippy::too_many_arguments)]
fn comment_commands(
    py: Python<'_>,
    text: Text,
    notation: Option<&str>,
    profile: Option<&str>,
    chess960: bool,
    variant: Option<&str>,
    dialect: Option<&str>,
    strict: bool,
) -> PyResult<Vec<PyCommentCommand>> {
    let request = request(notation, profile, chess960, variant, dialect, strict)?;
    read(
        py,
        &text,
        request,
        |text, request| notation::reading::comment_commands(text, &request),
        PyCommentCommand::placed,
    )
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
    m.add_function(wrap_pyfunction!(comment_commands, m)?)?;
    m.add_class::<PyCommentCommand>()?;
    Ok(())
}

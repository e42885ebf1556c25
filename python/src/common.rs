//! What every part of the module shares: findings, exceptions, text arguments, and the `Dfen`
//! class with the position argument that the position and rules functions take.

use std::borrow::Cow;
use std::ops::Range;

use dfen::Parser;
use dfen::rules::{EpIdentity, Game};
use fenkit_diagnostics::Code;
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::{PyBackedBytes, PyBackedStr};
use pyo3::types::{PyBytes, PyList, PyString};

create_exception!(
    fenkit,
    ParseError,
    PyValueError,
    "A syntax error: the text cannot be read as its notation, and the parse stopped.\n\n\
     Attributes: `code` (`\"DFEN004\"`), `span` (a `(start, end)` tuple of byte offsets into \
     the UTF-8 text), `expected`, `found`, `help` (or `None`); for FEN4 also `ref_code` and \
     `offset`, the reference parsers' code and character offset."
);

create_exception!(
    fenkit,
    RulesError,
    PyValueError,
    "The rules refuse a request: no dice to play, an illegal move, a game that is over.\n\n\
     Attributes: `code` (`\"RULE005\"`), `span` (byte offsets into the text the error is \
     about), `expected`, `found`, and `legal_moves` (the legal moves in UCI, for an illegal \
     move)."
);

create_exception!(
    fenkit,
    ConversionError,
    PyValueError,
    "A conversion that cannot be made: standard FEN that would lose information (`dropped` \
     lists what), or a JSON form that does not describe a position (`issues` lists every \
     problem, each with `code`, `severity`, `path` and `message`)."
);

/// One finding about an input: what, how bad, where, and whether `fmt` can fix it.
#[pyclass(module = "fenkit", name = "Finding", frozen)]
pub(crate) struct PyFinding {
    code: &'static str,
    category: &'static str,
    severity: &'static str,
    span: (usize, usize),
    message: Cow<'static, str>,
    fixable: bool,
    help: Option<Cow<'static, str>>,
    line: Option<usize>,
    column: Option<usize>,
}

impl PyFinding {
    /// The finding of a library, on line `line` of a multi-line text (NDJSON4) or `None`.
    pub(crate) fn new<C: Code>(
        finding: &fenkit_diagnostics::Finding<C>,
        line: Option<usize>,
    ) -> PyFinding {
        PyFinding {
            code: finding.code.as_str(),
            category: finding.code.category().as_str(),
            severity: finding.severity.as_str(),
            span: (finding.span.start, finding.span.end),
            message: finding.message.clone(),
            fixable: finding.fixable,
            help: finding.help.clone(),
            line,
            column: None,
        }
    }

    /// A finding of `fenkit.check`, placed in the whole text: its span counted in code points
    /// of the text, its line, and its column in code points from the line's start.
    pub(crate) fn placed(placed: &notation::reading::Placed, text: &str) -> PyFinding {
        let code_points = |at: usize| {
            let at = at.min(text.len());
            let mut end = at;
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            text.get(..end).map_or(0, |before| before.chars().count())
        };
        let span = placed.span();
        let line_start = placed.line_start(text);
        let start = code_points(span.start);
        let finding = &placed.finding;
        PyFinding {
            code: finding.code.as_str(),
            category: finding.code.category().as_str(),
            severity: finding.severity.as_str(),
            span: (start, code_points(span.end)),
            message: finding.message.clone(),
            fixable: finding.fixable,
            help: finding.help.clone(),
            line: Some(placed.line),
            column: Some(start - code_points(line_start)),
        }
    }

    /// `(start, end)`: its span.
    pub(crate) fn span_pair(&self) -> (usize, usize) {
        self.span
    }

    /// Every finding of a one-line parse, in order.
    pub(crate) fn all<C: Code>(findings: &[fenkit_diagnostics::Finding<C>]) -> Vec<PyFinding> {
        findings
            .iter()
            .map(|finding| PyFinding::new(finding, None))
            .collect()
    }
}

#[pymethods]
impl PyFinding {
    /// The stable code, e.g. `"DFEN107"`.
    #[getter]
    fn code(&self) -> &'static str {
        self.code
    }

    /// The kind of problem: `syntax`, `non-canonical`, `position`, `record`, `conversion`,
    /// `rule` or `input`.
    #[getter]
    fn category(&self) -> &'static str {
        self.category
    }

    /// `"error"` or `"warning"`.
    #[getter]
    fn severity(&self) -> &'static str {
        self.severity
    }

    /// `(start, end)`: byte offsets into the UTF-8 text (into its line, for NDJSON4); for
    /// `fenkit.check`, code point offsets into the whole text.
    #[getter]
    fn span(&self) -> (usize, usize) {
        self.span
    }

    /// One lowercase sentence: what was expected and what was found.
    #[getter]
    fn message(&self) -> &str {
        &self.message
    }

    /// Whether `fenkit fmt` (and `.canonical`) fixes it.
    #[getter]
    fn fixable(&self) -> bool {
        self.fixable
    }

    /// How to fix it, when that is known.
    #[getter]
    fn help(&self) -> Option<&str> {
        self.help.as_deref()
    }

    /// The 1-based line of an NDJSON4 or `fenkit.check` finding; `None` for a single position.
    #[getter]
    fn line(&self) -> Option<usize> {
        self.line
    }

    /// For `fenkit.check`: where the span starts in its line, in code points from 0 (on an
    /// ASCII line, `fenkit check`'s column − 1); `None` elsewhere.
    #[getter]
    fn column(&self) -> Option<usize> {
        self.column
    }

    fn __repr__(&self) -> String {
        let line = self.line.map(|l| format!(", line={l}")).unwrap_or_default();
        format!(
            "Finding(code={}, severity={}, span=({}, {}){line}, fixable={}, message={})",
            py_repr(self.code),
            py_repr(self.severity),
            self.span.0,
            self.span.1,
            if self.fixable { "True" } else { "False" },
            py_repr(&self.message)
        )
    }

    fn __str__(&self) -> String {
        format!("{}[{}]: {}", self.severity, self.code, self.message)
    }
}

/// A text argument: `str`, or `bytes` that must be UTF-8. Both are read in place: the text
/// of a `str` is its UTF-8 form as Python keeps it (or makes it once), never copied again.
pub(crate) enum Text {
    Str(PyBackedStr),
    Bytes(PyBackedBytes),
}

impl<'a, 'py> FromPyObject<'a, 'py> for Text {
    type Error = PyErr;

    /// A `str` that cannot be UTF-8 (a lone surrogate) raises `UnicodeEncodeError`, a
    /// `ValueError`; anything but `str` and `bytes` raises `TypeError`.
    fn extract(object: Borrowed<'a, 'py, PyAny>) -> PyResult<Text> {
        if let Ok(text) = object.cast::<PyString>() {
            return Ok(Text::Str(PyBackedStr::try_from(text.to_owned())?));
        }
        if let Ok(bytes) = object.cast::<PyBytes>() {
            return Ok(Text::Bytes(PyBackedBytes::from(bytes.to_owned())));
        }
        let type_name = object
            .get_type()
            .name()
            .map_or_else(|_| "?".to_owned(), |name| name.to_string());
        Err(PyTypeError::new_err(format!(
            "expected text (`str`, or UTF-8 `bytes`), found `{type_name}`"
        )))
    }
}

impl Text {
    /// The text, or `ParseError` `FENKIT001` (as the command line reports it) for bytes that
    /// are not UTF-8.
    pub(crate) fn as_str(&self) -> PyResult<&str> {
        match self {
            Text::Str(text) => Ok(text),
            Text::Bytes(bytes) => std::str::from_utf8(bytes)
                .map_err(|error| parse_error(ErrorParts::invalid_utf8(bytes, error.valid_up_to()))),
        }
    }
}

/// `FENKIT001`, the command line's finding for bytes that are not UTF-8 at byte `at`.
pub(crate) fn invalid_utf8(
    bytes: &[u8],
    at: usize,
) -> fenkit_diagnostics::Finding<notation::code::FenkitCode> {
    notation::code::invalid_utf8(bytes, at, 0)
}

/// What a `ParseError` carries.
pub(crate) struct ErrorParts {
    pub(crate) code: &'static str,
    pub(crate) span: Range<usize>,
    pub(crate) message: String,
    pub(crate) expected: String,
    pub(crate) found: String,
    pub(crate) help: Option<String>,
}

impl ErrorParts {
    /// The parts of a DFEN syntax error.
    pub(crate) fn dfen(error: &dfen::ParseError) -> ErrorParts {
        ErrorParts {
            code: error.code().as_str(),
            span: error.span(),
            message: error.to_string(),
            expected: error.expected().to_owned(),
            found: error.found().to_owned(),
            help: error.help().map(str::to_owned),
        }
    }

    /// `FENKIT001` for `bytes`, not UTF-8 at byte `at`: the command line's finding, with what
    /// was expected and found.
    pub(crate) fn invalid_utf8(bytes: &[u8], at: usize) -> ErrorParts {
        let finding = invalid_utf8(bytes, at);
        ErrorParts {
            code: finding.code.as_str(),
            span: finding.span,
            message: finding.message.into_owned(),
            expected: "text".to_owned(),
            found: format!("byte 0x{:02x}", bytes.get(at).copied().unwrap_or(0)),
            help: finding.help.map(Cow::into_owned),
        }
    }

    /// The parts of a FEN4 syntax error (the reference code and offset are apart).
    pub(crate) fn fen4(error: &fen4::ParseError) -> ErrorParts {
        ErrorParts {
            code: error.code().as_str(),
            span: error.span(),
            message: error.to_string(),
            expected: error.expected().to_owned(),
            found: error.found().to_owned(),
            help: error.help().map(str::to_owned),
        }
    }
}

/// Sets the attributes of a `ParseError` or `RulesError`.
fn with_attributes(error: PyErr, parts: ErrorParts) -> PyErr {
    Python::attach(|py| {
        let value = error.value(py);
        let set = || -> PyResult<()> {
            value.setattr("code", parts.code)?;
            value.setattr("span", (parts.span.start, parts.span.end))?;
            value.setattr("expected", parts.expected)?;
            value.setattr("found", parts.found)?;
            value.setattr("help", parts.help)?;
            Ok(())
        };
        match set() {
            Ok(()) => error,
            Err(failure) => failure,
        }
    })
}

/// A `ParseError` with its attributes.
pub(crate) fn parse_error(parts: ErrorParts) -> PyErr {
    let error = ParseError::new_err(parts.message.clone());
    with_attributes(error, parts)
}

/// The `ParseError` of a DFEN syntax error.
pub(crate) fn dfen_parse_error(error: &dfen::ParseError) -> PyErr {
    parse_error(ErrorParts::dfen(error))
}

/// The `ParseError` of a FEN4 syntax error, with the reference code and offset.
pub(crate) fn fen4_parse_error(error: &fen4::ParseError) -> PyErr {
    let err = parse_error(ErrorParts::fen4(error));
    Python::attach(|py| {
        let value = err.value(py);
        let set = || -> PyResult<()> {
            value.setattr("ref_code", error.ref_code())?;
            value.setattr("offset", error.offset())?;
            Ok(())
        };
        match set() {
            Ok(()) => err,
            Err(failure) => failure,
        }
    })
}

/// The `RulesError` of the rules engine.
pub(crate) fn rules_error(error: &dfen::rules::RulesError) -> PyErr {
    let err = with_attributes(
        RulesError::new_err(error.to_string()),
        ErrorParts {
            code: error.code().as_str(),
            span: error.span(),
            message: String::new(),
            expected: error.expected().to_owned(),
            found: error.found().to_owned(),
            help: None,
        },
    );
    let legal: Vec<String> = error.legal_moves().iter().map(|m| m.to_string()).collect();
    Python::attach(|py| match err.value(py).setattr("legal_moves", legal) {
        Ok(()) => err,
        Err(failure) => failure,
    })
}

/// `ConversionError` with `message`, `.dropped` (what the conversion would lose) and no
/// `.issues`.
pub(crate) fn conversion_error(message: String, dropped: Vec<String>) -> PyErr {
    conversion_error_with(message, dropped, Vec::new())
}

/// `ConversionError` for a JSON form that does not describe a position: `.issues` says why,
/// and nothing is `.dropped`.
pub(crate) fn json_error(message: String, issues: Vec<PyJsonIssue>) -> PyErr {
    conversion_error_with(message, Vec::new(), issues)
}

fn conversion_error_with(message: String, dropped: Vec<String>, issues: Vec<PyJsonIssue>) -> PyErr {
    let err = ConversionError::new_err(message);
    Python::attach(|py| {
        let value = err.value(py);
        match value
            .setattr("dropped", dropped)
            .and_then(|()| value.setattr("issues", issues))
        {
            Ok(()) => err,
            Err(failure) => failure,
        }
    })
}

/// One problem of a JSON form: `code`, `severity`, `path` (`$.side`, `$[3].at[1]`), `message`
/// and `span`, the byte range of the offending value in the JSON text.
#[pyclass(module = "fenkit", name = "JsonIssue", frozen)]
pub(crate) struct PyJsonIssue {
    code: &'static str,
    severity: &'static str,
    path: String,
    message: String,
    span: Option<(usize, usize)>,
}

impl PyJsonIssue {
    /// An issue of a FEN4 JSON form.
    pub(crate) fn fen4(issue: &fen4::json::JsonIssue) -> PyJsonIssue {
        PyJsonIssue {
            code: issue.code.as_str(),
            severity: issue.severity.as_str(),
            path: issue.path.clone(),
            message: issue.message.clone(),
            span: issue.span.as_ref().map(|span| (span.start, span.end)),
        }
    }

    /// The error of a DFEN JSON form.
    pub(crate) fn dfen(error: &dfen::JsonError) -> PyJsonIssue {
        let span = error.span();
        PyJsonIssue {
            code: error.code().as_str(),
            severity: fenkit_diagnostics::Severity::Error.as_str(),
            path: error.path().to_owned(),
            message: format!("expected {}, found {}", error.expected(), error.found()),
            span: Some((span.start, span.end)),
        }
    }
}

#[pymethods]
impl PyJsonIssue {
    /// The stable code (`DFEN40x`, `FEN44xx`).
    #[getter]
    fn code(&self) -> &'static str {
        self.code
    }

    /// `"error"` or `"warning"`.
    #[getter]
    fn severity(&self) -> &'static str {
        self.severity
    }

    /// Where in the JSON value: `$` is the whole value.
    #[getter]
    fn path(&self) -> &str {
        &self.path
    }

    /// One lowercase sentence.
    #[getter]
    fn message(&self) -> &str {
        &self.message
    }

    /// `(start, end)`: the byte offsets of the offending value (or key) in the UTF-8 JSON text;
    /// `None` when the form was not read from text.
    #[getter]
    fn span(&self) -> Option<(usize, usize)> {
        self.span
    }

    fn __repr__(&self) -> String {
        format!(
            "JsonIssue(code={}, severity={}, path={}, message={})",
            py_repr(self.code),
            py_repr(self.severity),
            py_repr(&self.path),
            py_repr(&self.message)
        )
    }

    fn __str__(&self) -> String {
        format!(
            "{}[{}] at {}: {}",
            self.severity, self.code, self.path, self.message
        )
    }
}

/// A setting's value by name (`notation="fen"`, `castling="shredder"` …), or `ValueError`
/// saying what was found and what is offered. The names are the library's
/// ([`notation::choice::Choice`]), the same the command line's flags take.
pub(crate) fn choose<T: notation::choice::Choice>(setting: &str, name: &str) -> PyResult<T> {
    notation::choice::by_name(setting, name).map_err(PyValueError::new_err)
}

/// The notation `name` names, when `function` reads it (the table's entries for which `reads`
/// holds): `ValueError` for a name that is none of the table's, and for a notation of the
/// table that `function` does not read.
pub(crate) fn notation_read_by(
    function: &str,
    name: &str,
    reads: impl Fn(&notation::Entry) -> bool,
) -> PyResult<notation::Notation> {
    let chosen = choose::<notation::Notation>("notation", name)?;
    if reads(chosen.entry()) {
        Ok(chosen)
    } else {
        let names: Vec<&str> = notation::TABLE
            .iter()
            .filter(|entry| reads(entry))
            .map(|entry| entry.name)
            .collect();
        Err(PyValueError::new_err(format!(
            "unknown notation {name:?} for {function}: it reads {}",
            names.join(", ")
        )))
    }
}

/// The rules whose en passant a notation's identity follows: Dice Chess for DFEN, standard
/// chess for FEN (the table's `en_passant`).
pub(crate) fn identity_game(notation: notation::Notation) -> Game {
    match notation.entry().en_passant {
        notation::EnPassant::Rules(game) => game,
        notation::EnPassant::None | notation::EnPassant::AsWritten => Game::Standard,
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("ConversionError", py.get_type::<ConversionError>())?;
    m.add_class::<PyFinding>()?;
    m.add_class::<PyJsonIssue>()?;
    Ok(())
}

/// A string as Python's `repr` writes it: in single quotes (double quotes when it holds a
/// single quote and no double one), with backslashes, that quote and control characters
/// escaped.
pub(crate) fn py_repr(text: &str) -> String {
    let quote = if text.contains('\'') && !text.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(text.len() + 2);
    out.push(quote);
    for ch in text.chars() {
        match ch {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            ch if ch == quote => {
                out.push('\\');
                out.push(ch);
            }
            ch if (ch as u32) < 0x20 || ch as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", ch as u32));
            }
            ch => out.push(ch),
        }
    }
    out.push(quote);
    out
}

/// A list of strings as Python's `repr` writes it.
pub(crate) fn py_repr_list<'a>(items: impl IntoIterator<Item = &'a str>) -> String {
    let items: Vec<String> = items.into_iter().map(py_repr).collect();
    format!("[{}]", items.join(", "))
}

/// Walks the items of `lines` (any iterable of `str` or `bytes`), numbering them from 1, and
/// hands `check` each one that holds a position: one trailing `\n` or `\r\n` is dropped,
/// blank lines and `#` comment lines are skipped (as in a position file). Bytes that are not
/// UTF-8 become a `FENKIT001` finding. Returns every finding, in line order.
pub(crate) fn lint_lines<'py>(
    lines: &Bound<'py, PyAny>,
    mut check: impl FnMut(&str, usize, &mut Vec<PyFinding>),
) -> PyResult<Bound<'py, PyList>> {
    let mut out = Vec::new();
    for (index, item) in lines.try_iter()?.enumerate() {
        let item = item?;
        let line = index + 1;
        let text: Cow<'_, str> = if let Ok(text) = item.cast::<PyString>() {
            Cow::Owned(text.to_cow()?.into_owned())
        } else if let Ok(bytes) = item.cast::<PyBytes>() {
            match std::str::from_utf8(bytes.as_bytes()) {
                Ok(text) => Cow::Owned(text.to_owned()),
                Err(error) => {
                    let finding = invalid_utf8(bytes.as_bytes(), error.valid_up_to());
                    out.push(PyFinding::new(&finding, Some(line)));
                    continue;
                }
            }
        } else {
            return Err(PyTypeError::new_err(format!(
                "line {line}: expected text (`str`, or UTF-8 `bytes`), found `{}`",
                item.get_type()
                    .name()
                    .map_or_else(|_| "?".to_owned(), |name| name.to_string())
            )));
        };
        let text = text.strip_suffix('\n').unwrap_or(&text);
        let text = text.strip_suffix('\r').unwrap_or(text);
        let content = text.trim_start();
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        check(text, line, &mut out);
    }
    let py = lines.py();
    with_gc_paused(py, || PyList::new(py, out))
}

/// Runs `build` with Python's cyclic garbage collector paused, for the batch entry points.
///
/// They create one object per line (or finding) and keep them all in the list they return. Each
/// such object counts towards the collector's next run, so a batch of 100,000 set off hundreds
/// of collections that each walked the objects kept so far: in the benchmark that cost more
/// than the parsing (`docs/performance.md`). The objects made here refer to no other Python
/// object, so they cannot form a cycle for the collector to find. It is resumed when `build`
/// returns (or unwinds), and only if it was running.
pub(crate) fn with_gc_paused<T>(
    py: Python<'_>,
    build: impl FnOnce() -> PyResult<T>,
) -> PyResult<T> {
    struct Resume<'py>(Option<Bound<'py, PyModule>>);
    impl Drop for Resume<'_> {
        fn drop(&mut self) {
            if let Some(gc) = &self.0 {
                let _ = gc.call_method0("enable");
            }
        }
    }
    let gc = py.import("gc")?;
    let running = gc.call_method0("isenabled")?.is_truthy()?;
    let _resume = if running {
        gc.call_method0("disable")?;
        Resume(Some(gc))
    } else {
        Resume(None)
    };
    build()
}

/// `ep="always"|"fen"|"xfen"|"legal"`: an en-passant policy.
pub(crate) fn ep_identity(name: &str) -> PyResult<EpIdentity> {
    choose("en-passant identity", name)
}

/// A Dice Chess position: the seven DFEN fields.
///
/// `Dfen(text, profile="spec")` parses `text` (DFEN, or a standard six-field FEN) and keeps the
/// position as written; a syntax error raises `ParseError`. Use `parse_dfen` to see the
/// findings too. `str()` writes the canonical form.
///
/// >>> import fenkit
/// >>> p = fenkit.Dfen("4k3/8/8/8/P1P5/8/8/4K3 b - c3a3 0 1")
/// >>> str(p)
/// '4k3/8/8/8/P1P5/8/8/4K3 b - a3c3 0 1 -'
/// >>> p.engine
/// '4k3/8/8/8/P1P5/8/8/4K3 b - a3c3 0 1'
#[pyclass(module = "fenkit", name = "Dfen", frozen, from_py_object)]
#[derive(Clone)]
pub(crate) struct PyDfen {
    pub(crate) inner: dfen::Dfen,
}

/// A position argument: a `Dfen`, or DFEN text parsed under the `spec` profile.
#[derive(FromPyObject)]
pub(crate) enum PositionArg {
    Position(PyDfen),
    Text(Text),
}

impl PositionArg {
    /// The position: parsed as written (findings are not consulted; the rules functions
    /// check what they need, such as both kings).
    pub(crate) fn into_dfen(self) -> PyResult<dfen::Dfen> {
        match self {
            PositionArg::Position(position) => Ok(position.inner),
            PositionArg::Text(text) => {
                let text = text.as_str()?;
                Parser::new()
                    .parse(text)
                    .map(|parsed| parsed.dfen)
                    .map_err(|error| dfen_parse_error(&error))
            }
        }
    }
}

impl From<dfen::Dfen> for PyDfen {
    fn from(inner: dfen::Dfen) -> PyDfen {
        PyDfen { inner }
    }
}

/// A color as Python names it: `"white"` or `"black"`.
pub(crate) fn color_name(color: dfen::Color) -> &'static str {
    match color {
        dfen::Color::White => "white",
        dfen::Color::Black => "black",
    }
}

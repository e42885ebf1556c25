//! FEN4: parse with findings, the canonical literal, the two JSON forms, NDJSON4 validation.

use std::borrow::Cow;

use notation::choice::Fen4JsonForm as JsonForm;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyType};

use crate::common::{
    PyFinding, PyJsonIssue, Text, choose, fen4_parse_error, json_error, lint_lines, py_repr,
    py_repr_list, with_gc_paused,
};

/// A FEN4 placement: pieces on the 8×8×8×8 board. `str()` writes the canonical literal.
///
/// `Placement(text)` parses a literal and raises `ParseError` on a rejection; use
/// `parse_fen4` to see the findings too.
///
/// >>> p = fenkit.Placement("4d-fen v1: k@7,7,7,7; K@0,0,0,0")
/// >>> str(p)
/// '4d-fen v1: K@0,0,0,0; k@7,7,7,7'
/// >>> p.to_pieces_json()
/// '{"0":"K","4095":"k"}'
#[pyclass(module = "fenkit", name = "Placement", frozen, from_py_object)]
#[derive(Clone)]
pub(crate) struct PyPlacement {
    inner: fen4::Placement,
}

/// `form="structured"|"pieces"`.
fn json_form(name: &str) -> PyResult<JsonForm> {
    choose("JSON form", name)
}

/// `ConversionError` with every issue of a FEN4 JSON form.
fn conversion_error(errors: fen4::json::JsonErrors) -> PyErr {
    let message = errors.to_string();
    json_error(
        message,
        errors.issues.iter().map(PyJsonIssue::fen4).collect(),
    )
}

#[pymethods]
impl PyPlacement {
    #[new]
    fn new(text: Text) -> PyResult<PyPlacement> {
        let text = text.as_str()?;
        fen4::Parser::new()
            .parse(text)
            .map(|parsed| PyPlacement {
                inner: parsed.placement,
            })
            .map_err(|error| fen4_parse_error(&error))
    }

    /// Reads a JSON form: `"structured"` (an array of `{piece, color, axis, at}`) or
    /// `"pieces"` (an object keyed by square index). `ConversionError` lists every problem
    /// (`.issues`); warnings of an accepted form are dropped (`fenkit convert` prints them).
    #[classmethod]
    #[pyo3(signature = (text, form="structured"))]
    fn from_json(_cls: &Bound<'_, PyType>, text: &str, form: &str) -> PyResult<PyPlacement> {
        let converted = match json_form(form)? {
            JsonForm::Structured => fen4::json::from_structured_str(text),
            JsonForm::Pieces => fen4::json::from_pieces_str(text),
        };
        converted
            .map(|converted| PyPlacement {
                inner: converted.placement,
            })
            .map_err(conversion_error)
    }

    /// The canonical literal: pieces by ascending square index, `; ` between them.
    #[getter]
    fn canonical(&self) -> String {
        self.inner.to_string()
    }

    /// The pieces: `((x, y, z, w), spec)` by ascending square index, `spec` being `"K"`,
    /// `"Pw"`, `"py"`…
    fn pieces(&self) -> Vec<((u8, u8, u8, u8), String)> {
        self.inner
            .iter()
            .map(|(at, piece)| ((at.x(), at.y(), at.z(), at.w()), piece.to_string()))
            .collect()
    }

    /// The reference fixtures' pieces object, keyed by square index (`x·512 + y·64 + z·8 + w`).
    fn to_pieces_json(&self) -> String {
        fen4::json::to_pieces_string(&self.inner)
    }

    /// The structured JSON array.
    fn to_structured_json(&self) -> String {
        fen4::json::to_structured_value(&self.inner).to_string()
    }

    /// The JSON text of a form (`"structured"` or `"pieces"`); `from_json` reads it back.
    #[pyo3(signature = (form="structured"))]
    fn to_json(&self, form: &str) -> PyResult<String> {
        Ok(match json_form(form)? {
            JsonForm::Structured => self.to_structured_json(),
            JsonForm::Pieces => self.to_pieces_json(),
        })
    }

    /// The identity key (`spec/identity.md` §3): the canonical literal.
    fn identity_key(&self) -> String {
        self.inner.identity_key()
    }

    /// The 64-bit FNV-1a hash of `identity_key`.
    fn identity_hash(&self) -> u64 {
        self.inner.identity_hash()
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Placement({})", py_repr(&self.inner.to_string()))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyPlacement>()
            .is_ok_and(|other| other.get().inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        self.inner.identity_hash()
    }
}

/// A FEN4 literal read: the placement and every finding (all warnings: fixable spellings
/// `FEN41xx`, then notes on the position `FEN42xx`).
///
/// >>> parsed = fenkit.parse_fen4("4d-fen v1: k@7,7,7,7; K@0,0,0,0")
/// >>> [(f.code, f.fixable) for f in parsed.findings]
/// [('FEN4105', True)]
// A free list: one result per call is made and freed again, and reusing its memory saves the
// allocation (a few per cent of a call, docs/performance.md, Python).
#[pyclass(module = "fenkit", name = "ParsedFen4", frozen, freelist = 64)]
pub(crate) struct PyParsedFen4 {
    literal: Literal,
    findings: Vec<fen4::Finding>,
}

/// What a `ParsedFen4` keeps of its literal.
enum Literal {
    /// The text read, which is already the canonical literal (most literals in a collection
    /// are). Nothing else is kept: the pieces are read again from it when `placement` is asked
    /// for, so that a parse per literal writes them nowhere and allocates nothing of its own
    /// (`docs/performance.md`, Python).
    Canonical(Text),
    /// The placement of a literal spelled otherwise.
    Placement(fen4::Placement),
}

impl PyParsedFen4 {
    /// The result for `text`, of which `kept` was read.
    fn new(text: Text, kept: Kept) -> PyParsedFen4 {
        PyParsedFen4 {
            literal: match kept.placement {
                None => Literal::Canonical(text),
                Some(placement) => Literal::Placement(placement),
            },
            findings: kept.findings,
        }
    }

    fn canonical_text(&self) -> PyResult<Cow<'_, str>> {
        Ok(match &self.literal {
            Literal::Canonical(text) => Cow::Borrowed(text.as_str()?),
            Literal::Placement(placement) => Cow::Owned(placement.to_string()),
        })
    }
}

#[pymethods]
impl PyParsedFen4 {
    /// The canonical literal.
    #[getter]
    fn canonical(&self) -> PyResult<Cow<'_, str>> {
        self.canonical_text()
    }

    /// Every finding.
    #[getter]
    fn findings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        if self.findings.is_empty() {
            return Ok(PyList::empty(py));
        }
        PyList::new(
            py,
            self.findings
                .iter()
                .map(|finding| PyFinding::new(finding, None)),
        )
    }

    /// Whether a finding is an error (never, without `strict`: FEN4 findings are warnings).
    #[getter]
    fn has_errors(&self) -> bool {
        self.findings
            .iter()
            .any(|f| f.severity == fen4::Severity::Error)
    }

    /// The placement.
    #[getter]
    fn placement(&self) -> PyResult<PyPlacement> {
        let inner = match &self.literal {
            // Read again: a canonical literal parses, and to the same pieces.
            Literal::Canonical(text) => {
                fen4::Parser::new()
                    .parse(text.as_str()?)
                    .map_err(|error| fen4_parse_error(&error))?
                    .placement
            }
            Literal::Placement(placement) => placement.clone(),
        };
        Ok(PyPlacement { inner })
    }

    fn __repr__(&self) -> PyResult<String> {
        Ok(format!(
            "ParsedFen4(canonical={}, findings={})",
            py_repr(&self.canonical_text()?),
            py_repr_list(self.findings.iter().map(|f| f.code.as_str()))
        ))
    }
}

/// Parses one FEN4 literal, with every finding. A rejection raises `ParseError`, with the
/// reference parsers' `ref_code` (`-2` to `-6`) and character `offset` besides `code` and
/// `span`. `strict=True` rejects every non-canonical spelling (`ref_code` 0).
///
/// >>> try:
/// ...     fenkit.parse_fen4("4d-fen v1: K@0,0,0,8")
/// ... except fenkit.ParseError as e:
/// ...     print(e.code, e.span, e.ref_code, e.offset)
/// FEN4008 (19, 20) -4 19
#[pyfunction]
#[pyo3(signature = (text, *, strict=false))]
fn parse_fen4(text: Text, strict: bool) -> PyResult<PyParsedFen4> {
    let kept = Kept::read(fen4::Parser::new().strict(strict), text.as_str()?)
        .map_err(|error| fen4_parse_error(&error))?;
    Ok(PyParsedFen4::new(text, kept))
}

/// Parses many FEN4 literals in one call: for each text its `ParsedFen4` or the
/// `ParseError` it would raise (returned, not raised). The parsing runs without the GIL.
#[pyfunction]
#[pyo3(signature = (texts, *, strict=false))]
fn parse_fen4_batch(py: Python<'_>, texts: Vec<Text>, strict: bool) -> PyResult<Vec<Py<PyAny>>> {
    let parser = fen4::Parser::new().strict(strict);
    let strs: Vec<PyResult<&str>> = texts.iter().map(Text::as_str).collect();
    // What each line keeps, worked out without the GIL.
    let results: Vec<PyResult<Result<Kept, fen4::ParseError>>> = py.detach(|| {
        strs.into_iter()
            .map(|text| text.map(|text| Kept::read(parser, text)))
            .collect()
    });
    with_gc_paused(py, || {
        texts
            .into_iter()
            .zip(results)
            .map(|(text, result)| match result {
                Ok(Ok(kept)) => Ok(Py::new(py, PyParsedFen4::new(text, kept))?.into_any()),
                Ok(Err(error)) => Ok(fen4_parse_error(&error).into_value(py).into_any()),
                Err(error) => Ok(error.into_value(py).into_any()),
            })
            .collect()
    })
}

/// What a `ParsedFen4` keeps of a literal read: its placement unless it was written
/// canonically (`None`: the text read is kept instead, see `Literal`), and its findings.
struct Kept {
    placement: Option<fen4::Placement>,
    findings: Vec<fen4::Finding>,
}

impl Kept {
    /// Reads `text`. A literal written canonically is only checked (`check_canonical`), which
    /// writes its pieces nowhere: it costs no storage, and nothing is kept of it but its
    /// findings. Any other text is parsed.
    fn read(parser: fen4::Parser, text: &str) -> Result<Kept, fen4::ParseError> {
        let mut findings = Vec::new();
        if parser.check_canonical(text, &mut findings) {
            return Ok(Kept {
                placement: None,
                findings,
            });
        }
        let parsed = parser.parse(text)?;
        Ok(Kept {
            placement: (!parsed.written_canonically()).then_some(parsed.placement),
            findings: parsed.findings,
        })
    }
}

/// Checks many FEN4 literals in one call, one per item (a list, or any iterable such as an
/// open file): every finding of every literal, each with its 1-based `line`, rejections as
/// error findings. Blank lines and `#` comment lines are skipped, and a trailing line ending
/// is dropped. An empty list means every literal is clean.
///
/// >>> [(f.line, f.code) for f in fenkit.lint_fen4(["4d-fen v1: K@0,0,0,0; k@7,7,7,7", "4d-fen v1: K@0,0,0,8"])]
/// [(2, 'FEN4008')]
#[pyfunction]
#[pyo3(signature = (lines, *, strict=false))]
fn lint_fen4<'py>(lines: &Bound<'py, PyAny>, strict: bool) -> PyResult<Bound<'py, PyList>> {
    let parser = fen4::Parser::new().strict(strict);
    // A literal written canonically is only checked, which writes its pieces nowhere; any
    // other is parsed, into storage reused from line to line.
    let mut checked = Vec::new();
    let mut parsed = fen4::Parsed::new();
    lint_lines(lines, |text, line, out| {
        checked.clear();
        let found = if parser.check_canonical(text, &mut checked) {
            Ok(&checked)
        } else {
            parser
                .parse_into(text, &mut parsed)
                .map(|()| &parsed.findings)
        };
        match found {
            Ok(findings) => out.extend(
                findings
                    .iter()
                    .map(|finding| PyFinding::new(finding, Some(line))),
            ),
            Err(error) => out.push(PyFinding::new(&error.to_finding(), Some(line))),
        }
    })
}

/// Validates a whole NDJSON4 text (a replay file): every finding, each with its 1-based
/// `line` and a span into that line. An empty list means the file is clean.
///
/// >>> fenkit.validate_ndjson4('{"fen4":"4d-fen v1: K@0,0,0,0; k@7,7,7,7"}\n[1]\n')[0].code
/// 'FEN4302'
#[pyfunction]
fn validate_ndjson4(text: Text) -> PyResult<Vec<PyFinding>> {
    let text = text.as_str()?;
    Ok(fen4::validate_ndjson4(text)
        .iter()
        .map(|found| PyFinding::new(&found.finding, Some(found.line)))
        .collect())
}

/// Validates an NDJSON4 file line by line, as it streams: feed `check_line` each line in
/// order (without its line ending); it returns that line's findings.
///
/// >>> v = fenkit.Ndjson4Validator()
/// >>> v.check_line('{"ply":0,"fen4":"4d-fen v1: K@0,0,0,0; k@7,7,7,7"}')
/// []
#[pyclass(module = "fenkit", name = "Ndjson4Validator")]
pub(crate) struct PyNdjson4Validator {
    inner: fen4::Ndjson4Validator,
    line: usize,
}

#[pymethods]
impl PyNdjson4Validator {
    #[new]
    fn new() -> PyNdjson4Validator {
        PyNdjson4Validator {
            inner: fen4::Ndjson4Validator::new(),
            line: 0,
        }
    }

    /// Checks the next line; `line_number` (1-based) overrides the running count.
    #[pyo3(signature = (line, line_number=None))]
    fn check_line(&mut self, line: Text, line_number: Option<usize>) -> PyResult<Vec<PyFinding>> {
        let line = line.as_str()?;
        self.line = match line_number {
            Some(0) => return Err(PyValueError::new_err("line numbers start at 1, found 0")),
            Some(number) => number,
            None => self.line + 1,
        };
        Ok(self
            .inner
            .check_line(self.line, line)
            .iter()
            .map(|finding| PyFinding::new(finding, Some(self.line)))
            .collect())
    }

    /// The number of the last line checked (0 before the first).
    #[getter]
    fn line(&self) -> usize {
        self.line
    }

    fn __repr__(&self) -> String {
        format!("Ndjson4Validator(line={})", self.line)
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPlacement>()?;
    m.add_class::<PyParsedFen4>()?;
    m.add_class::<PyNdjson4Validator>()?;
    m.add_function(wrap_pyfunction!(parse_fen4, m)?)?;
    m.add_function(wrap_pyfunction!(parse_fen4_batch, m)?)?;
    m.add_function(wrap_pyfunction!(lint_fen4, m)?)?;
    m.add_function(wrap_pyfunction!(validate_ndjson4, m)?)?;
    Ok(())
}

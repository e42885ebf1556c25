//! EPD lines: the position, every operation with its moves, and every finding.

use chess::epd::{EpdJson, EpdParser, Error as EpdError, ParsedEpd};
use pyo3::prelude::*;

use crate::common::{
    ErrorParts, PyFinding, Text, conversion_error, dfen_parse_error, parse_error, py_repr,
    py_repr_list,
};
use crate::position::profile;

/// One operation of an EPD line: its opcode, its operands as written (a string's content with
/// its escapes undone), and for a move opcode (`am`, `bm`, `pm`, `pv`, `sm`) its legal moves in
/// UCI.
///
/// >>> op = fenkit.parse_epd('4k3/8/8/8/8/8/8/4K3 w - - bm Kd2 e1e2; id "x";').operations[0]
/// >>> (op.opcode, op.operands, op.moves)
/// ('bm', ['Kd2', 'e1e2'], ['e1d2', 'e1e2'])
#[pyclass(module = "fenkit", name = "EpdOperation", frozen)]
pub(crate) struct PyEpdOperation {
    opcode: String,
    operands: Vec<String>,
    moves: Option<Vec<String>>,
}

#[pymethods]
impl PyEpdOperation {
    /// The opcode, such as `"bm"`.
    #[getter]
    fn opcode(&self) -> &str {
        &self.opcode
    }

    /// The operands as written; a string's content with its escapes undone.
    #[getter]
    fn operands(&self) -> Vec<String> {
        self.operands.clone()
    }

    /// For a move opcode, its legal moves in UCI (castling as the king's move, `e1g1`);
    /// `None` for every other opcode.
    #[getter]
    fn moves(&self) -> Option<Vec<String>> {
        self.moves.clone()
    }

    fn __repr__(&self) -> String {
        let moves = self.moves.as_ref().map_or_else(
            || "None".to_owned(),
            |moves| py_repr_list(moves.iter().map(String::as_str)),
        );
        format!(
            "EpdOperation(opcode={}, operands={}, moves={moves})",
            py_repr(&self.opcode),
            py_repr_list(self.operands.iter().map(String::as_str))
        )
    }
}

/// An EPD line: the position, its operations and every finding.
///
/// >>> parsed = fenkit.parse_epd("1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1; id \"BK.01\"")
/// >>> parsed.position
/// '1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1'
/// >>> [(f.code, f.fixable) for f in parsed.findings]
/// [('EPD112', True), ('EPD101', True)]
/// >>> parsed.canonical
/// '1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";'
#[pyclass(module = "fenkit", name = "ParsedEpd", frozen)]
pub(crate) struct PyParsedEpd {
    parsed: ParsedEpd,
}

#[pymethods]
impl PyParsedEpd {
    /// The position as a canonical six-field FEN, its clocks those of `hmvc` and `fmvn` (else
    /// `0 1`).
    #[getter]
    fn position(&self) -> String {
        self.parsed.epd.position().to_fen_lossy().0
    }

    /// Every operation in written order.
    #[getter]
    fn operations(&self) -> Vec<PyEpdOperation> {
        self.parsed
            .epd
            .operations()
            .map(|operation| PyEpdOperation {
                opcode: operation.opcode().to_owned(),
                operands: operation.operands().map(|o| o.text().to_owned()).collect(),
                moves: operation
                    .moves()
                    .map(|moves| moves.iter().map(ToString::to_string).collect()),
            })
            .collect()
    }

    /// Every finding: the position fields' (`DFEN`) first, then the operations' (`EPD`).
    #[getter]
    fn findings(&self) -> Vec<PyFinding> {
        let mut findings = PyFinding::all(&self.parsed.position_findings);
        findings.extend(PyFinding::all(&self.parsed.findings));
        findings
    }

    /// What is worth knowing but no problem (an unknown opcode): `(code, (start, end),
    /// message)` each.
    #[getter]
    fn notes(&self) -> Vec<(&'static str, (usize, usize), String)> {
        self.parsed
            .notes
            .iter()
            .map(|note| {
                (
                    note.code.as_str(),
                    (note.span.start, note.span.end),
                    note.message.to_string(),
                )
            })
            .collect()
    }

    /// Whether a finding is an error (`fenkit check` fails the line).
    #[getter]
    fn has_errors(&self) -> bool {
        self.parsed.has_errors()
    }

    /// The line as `fenkit fmt` writes it: spelling fixes only, the position as read.
    #[getter]
    fn canonical(&self) -> String {
        self.parsed.epd.to_string()
    }

    /// The JSON form: the position's keys, as for a FEN, and `"operations"`.
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&EpdJson::from(&self.parsed.epd))
            .map_err(|error| conversion_error(error.to_string(), Vec::new()))
    }

    /// Checks the perft counts `D1` to `D<depth>` with standard chess's perft: the findings of
    /// the counts that are wrong (`EPD208`).
    fn verify_perft(&self, depth: u32) -> Vec<PyFinding> {
        PyFinding::all(&self.parsed.verify_perft(depth))
    }

    fn __repr__(&self) -> String {
        let mut codes: Vec<&str> = self
            .parsed
            .position_findings
            .iter()
            .map(|f| f.code.as_str())
            .collect();
        codes.extend(self.parsed.findings.iter().map(|f| f.code.as_str()));
        format!(
            "ParsedEpd(canonical={}, findings={})",
            py_repr(&self.canonical()),
            py_repr_list(codes)
        )
    }
}

/// Parses one EPD line (the PGN standard's Extended Position Description: four position fields
/// and operations) and checks every operation, the moves of `am`, `bm`, `pm`, `pv` and `sm` as
/// SAN, legal in the position. `profile` is the DFEN profile of the position fields;
/// `strict=True` makes every fixable finding an error. A syntax error raises `ParseError`.
///
/// >>> fenkit.parse_epd('4k3/8/8/8/8/8/8/4K3 w - - c0 "open;')
/// Traceback (most recent call last):
/// ...
/// fenkit.ParseError: unterminated string: expected a closing `"`, found the end of the line
#[pyfunction]
#[pyo3(signature = (text, profile="spec", *, strict=false))]
fn parse_epd(text: Text, profile: &str, strict: bool) -> PyResult<PyParsedEpd> {
    let profile = self::profile(profile)?;
    let text = text.as_str()?;
    EpdParser::new()
        .profile(profile)
        .strict(strict)
        .parse(text)
        .map(|parsed| PyParsedEpd { parsed })
        .map_err(|error| match error {
            EpdError::Position(error) => dfen_parse_error(&error),
            EpdError::Syntax(error) => parse_error(ErrorParts {
                code: error.code().as_str(),
                span: error.span(),
                message: error.to_string(),
                expected: error.expected().to_owned(),
                found: error.found().to_owned(),
                help: error.help().map(str::to_owned),
            }),
        })
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyEpdOperation>()?;
    m.add_class::<PyParsedEpd>()?;
    m.add_function(wrap_pyfunction!(parse_epd, m)?)?;
    Ok(())
}

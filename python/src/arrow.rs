//! `fenkit.arrow`: a column of positions in, a column of answers out, through Arrow.
//!
//! The input is any object of the Arrow PyCapsule interface (`__arrow_c_array__` for one
//! array, `__arrow_c_stream__` for a chunked array or a stream): pyo3-arrow imports it without
//! copying, and the string values are read in place from its buffers (`utf8`, `large_utf8` and
//! `string_view` arrays). Each output column is built with arrow-rs builders and handed to
//! pyarrow through the same interface (`pyarrow.array`, `pyarrow.chunked_array`), again without
//! a copy. The work on the values runs without the GIL. `python/fenkit/arrow.py` holds the
//! public functions, with their documentation; these are their compiled halves.

use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, StringBuilder, UInt64Builder};
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, StructArray};
use arrow_schema::{DataType, Field, Fields};
use dfen::rules::{EpIdentity, Game};
use dfen::{CastlingMode, Parser, Writer};
use fenkit_diagnostics::Severity;
use pyo3::exceptions::PyTypeError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3_arrow::input::AnyArray;
use pyo3_arrow::{PyArray, PyChunkedArray};

use crate::common::ep_identity;
use crate::common::{identity_game, notation_read_by};

/// Which notation a column holds, and the reader of its rows.
struct Reading {
    parser: Parser,
    castling_mode: CastlingMode,
    game: Game,
}

impl Reading {
    /// `notation=`, one the table reads a column in ([`notation::Entry::columnar`]: standard
    /// chess or Dice Chess), `chess960=` for castling.
    fn new(notation: &str, chess960: bool) -> PyResult<Reading> {
        let chosen = notation_read_by("fenkit.arrow", notation, |entry| entry.columnar)?;
        let game = identity_game(chosen);
        let castling_mode = CastlingMode::from_chess960(chess960);
        Ok(Reading {
            parser: Parser::new().castling_mode(castling_mode),
            castling_mode,
            game,
        })
    }

    /// One row's verdict: whether it is sound, its canonical form when it is, and the code of
    /// its first finding. A FEN has six fields, so the DFEN reader's "dice field is missing"
    /// is no finding of a FEN, and its canonical form is the six-field FEN (a position six
    /// fields cannot hold, with dice or several en-passant squares, is `FENKIT003`).
    fn check(&self, text: &str) -> (bool, Option<String>, Option<&'static str>) {
        let parsed = match self.parser.parse(text) {
            Ok(parsed) => parsed,
            Err(error) => return (false, None, Some(error.code().as_str())),
        };
        let standard = self.game == Game::Standard;
        let mut findings = parsed
            .findings
            .iter()
            .filter(|f| !(standard && f.code == dfen::Code::MissingDiceField));
        let first = findings.clone().next().map(|f| f.code.as_str());
        if findings.any(|f| f.severity == Severity::Error) {
            return (false, None, first);
        }
        let writer = Writer::new().castling_mode(self.castling_mode);
        let fixed = parsed.fixed();
        if !standard {
            return (true, Some(writer.write(&fixed)), first);
        }
        match writer.to_fen(&fixed) {
            Ok(fen) => (true, Some(fen), first),
            Err(_) => (
                false,
                None,
                Some(first.unwrap_or(notation::code::FenkitCode::NotSixFields.as_str())),
            ),
        }
    }

    /// The 64-bit identity hash of a row (`spec/identity.md`), `None` when it does not parse.
    fn key(&self, text: &str, ep: EpIdentity) -> Option<u64> {
        let parsed = self.parser.parse(text).ok()?;
        Some(parsed.identity_hash(ep, self.game))
    }
}

/// The rows of a string array, each `None` where the input is null; a `TypeError` for any
/// other type.
fn rows(array: &ArrayRef) -> PyResult<Box<dyn Iterator<Item = Option<&str>> + '_>> {
    match array.data_type() {
        DataType::Utf8 => Ok(Box::new(array.as_string::<i32>().iter())),
        DataType::LargeUtf8 => Ok(Box::new(array.as_string::<i64>().iter())),
        DataType::Utf8View => Ok(Box::new(array.as_string_view().iter())),
        other => Err(PyTypeError::new_err(format!(
            "expected an Arrow string array (utf8, large_utf8 or string_view), found {other}"
        ))),
    }
}

/// The columns of `check`'s struct.
fn check_fields() -> Fields {
    Fields::from(vec![
        Field::new("ok", DataType::Boolean, true),
        Field::new("canonical", DataType::Utf8, true),
        Field::new("code", DataType::Utf8, true),
    ])
}

/// `check` of one array: the struct of `ok`, `canonical` and `code`, null where the input is.
fn check_array(reading: &Reading, array: &ArrayRef) -> PyResult<ArrayRef> {
    let rows = rows(array)?;
    let len = array.len();
    let mut ok = BooleanBuilder::with_capacity(len);
    let mut canonical = StringBuilder::with_capacity(len, len * 64);
    let mut code = StringBuilder::with_capacity(len, len * 7);
    for row in rows {
        match row {
            None => {
                ok.append_null();
                canonical.append_null();
                code.append_null();
            }
            Some(text) => {
                let (sound, written, first) = reading.check(text);
                ok.append_value(sound);
                canonical.append_option(written);
                code.append_option(first);
            }
        }
    }
    let columns: Vec<ArrayRef> = vec![
        Arc::new(ok.finish()),
        Arc::new(canonical.finish()),
        Arc::new(code.finish()),
    ];
    let nulls = array.logical_nulls();
    Ok(Arc::new(
        StructArray::try_new(check_fields(), columns, nulls).map_err(arrow_error)?,
    ))
}

/// `canonical` of one array: the canonical form where the row is sound, else null.
fn canonical_array(reading: &Reading, array: &ArrayRef) -> PyResult<ArrayRef> {
    let rows = rows(array)?;
    let len = array.len();
    let mut out = StringBuilder::with_capacity(len, len * 64);
    for row in rows {
        out.append_option(row.and_then(|text| reading.check(text).1));
    }
    Ok(Arc::new(out.finish()))
}

/// `position_key` of one array: the identity hash where the row parses, else null.
fn key_array(reading: &Reading, ep: EpIdentity, array: &ArrayRef) -> PyResult<ArrayRef> {
    let rows = rows(array)?;
    let mut out = UInt64Builder::with_capacity(array.len());
    for row in rows {
        out.append_option(row.and_then(|text| reading.key(text, ep)));
    }
    Ok(Arc::new(out.finish()))
}

fn arrow_error(error: arrow_schema::ArrowError) -> PyErr {
    pyo3::exceptions::PyValueError::new_err(error.to_string())
}

/// Maps each array of `input` with `each` (without the GIL) and returns a `pyarrow.Array`
/// for one array in, a `pyarrow.ChunkedArray` for a stream in.
fn map_input<'py, F>(py: Python<'py>, input: AnyArray, each: F) -> PyResult<Bound<'py, PyAny>>
where
    F: Fn(&ArrayRef) -> PyResult<ArrayRef> + Send + Sync,
{
    match input {
        AnyArray::Array(array) => {
            let (array, _) = array.into_inner();
            let out = py.detach(|| each(&array))?;
            // `pyarrow.array` of an object with `__arrow_c_array__` imports it without a copy.
            py.import(intern!(py, "pyarrow"))?
                .getattr(intern!(py, "array"))?
                .call1((PyArray::from_array_ref(out),))
        }
        AnyArray::Stream(stream) => {
            // The stream is read with the GIL held: its producer may be Python code.
            let reader = stream.into_reader()?;
            let input_type = reader.field().data_type().clone();
            let chunks = reader
                .collect::<Result<Vec<ArrayRef>, _>>()
                .map_err(arrow_error)?;
            let out = py.detach(|| chunks.iter().map(&each).collect::<PyResult<Vec<_>>>())?;
            let out_type = match out.first() {
                Some(first) => first.data_type().clone(),
                // No chunk to tell the output's type: ask `each` with an empty input.
                None => each(&arrow_array::new_empty_array(&input_type))?
                    .data_type()
                    .clone(),
            };
            let field = Arc::new(Field::new("", out_type, true));
            PyChunkedArray::try_new(out, field)?.into_pyarrow(py)
        }
    }
}

/// The compiled half of `fenkit.arrow.check`.
#[pyfunction]
#[pyo3(signature = (array, notation="fen", chess960=false))]
fn _arrow_check<'py>(
    py: Python<'py>,
    array: AnyArray,
    notation: &str,
    chess960: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let reading = Reading::new(notation, chess960)?;
    map_input(py, array, |array| check_array(&reading, array))
}

/// The compiled half of `fenkit.arrow.canonical`.
#[pyfunction]
#[pyo3(signature = (array, notation="fen", chess960=false))]
fn _arrow_canonical<'py>(
    py: Python<'py>,
    array: AnyArray,
    notation: &str,
    chess960: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let reading = Reading::new(notation, chess960)?;
    map_input(py, array, |array| canonical_array(&reading, array))
}

/// The compiled half of `fenkit.arrow.position_key`.
#[pyfunction]
#[pyo3(signature = (array, notation="fen", en_passant="always", chess960=false))]
fn _arrow_position_key<'py>(
    py: Python<'py>,
    array: AnyArray,
    notation: &str,
    en_passant: &str,
    chess960: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let reading = Reading::new(notation, chess960)?;
    let ep = ep_identity(en_passant)?;
    map_input(py, array, |array| key_array(&reading, ep, array))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_arrow_check, m)?)?;
    m.add_function(wrap_pyfunction!(_arrow_canonical, m)?)?;
    m.add_function(wrap_pyfunction!(_arrow_position_key, m)?)?;
    Ok(())
}

//! PGN games, read move by move by the `pgn` library (as `fenkit check` reads them): tags,
//! the mainline and every variation with SAN, UCI and the FEN after each move, findings and
//! the result.

use std::collections::HashMap;

use ::pgn::{Keep, Node, Reader, joined_comment};
use pyo3::exceptions::{PyOSError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::common::{PyFinding, Text, py_repr};

/// One move of a game: its SAN as the rules write it, its UCI as python-chess writes it, the
/// FEN after it, its comment and NAGs, and the lines of play that replace it.
///
/// >>> game = next(fenkit.read_pgn('1. e4 (1. d4 d5) 1... e5 {open} *'))
/// >>> move = game.moves[0]
/// >>> (move.san, move.uci, move.fen_after)
/// ('e4', 'e2e4', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1')
/// >>> [m.uci for m in move.variations[0]]
/// ['d2d4', 'd7d5']
/// >>> game.moves[1].comment
/// 'open'
#[pyclass(module = "fenkit", name = "PgnMove", frozen)]
pub(crate) struct PyPgnMove {
    san: String,
    uci: String,
    fen_after: Option<String>,
    comment: Option<String>,
    nags: Vec<u16>,
    variations: Vec<Vec<Py<PyPgnMove>>>,
}

impl PyPgnMove {
    fn line(py: Python<'_>, nodes: Vec<Node<'_>>) -> PyResult<Vec<Py<PyPgnMove>>> {
        nodes
            .into_iter()
            .map(|node| {
                let variations = node
                    .variations
                    .into_iter()
                    .map(|variation| PyPgnMove::line(py, variation))
                    .collect::<PyResult<_>>()?;
                Py::new(
                    py,
                    PyPgnMove {
                        comment: joined_comment(&node.comments),
                        san: node.san,
                        uci: node.uci,
                        fen_after: node.fen,
                        nags: node.nags,
                        variations,
                    },
                )
            })
            .collect()
    }
}

#[pymethods]
impl PyPgnMove {
    /// The move in SAN, as the rules write it (`O-O`, `exd8=Q+`; `--` for a null move).
    #[getter]
    fn san(&self) -> &str {
        &self.san
    }

    /// The move in UCI, as python-chess writes it (`e1g1`, king takes rook in Chess960, `P@e4`
    /// for a drop, `0000` for a null move).
    #[getter]
    fn uci(&self) -> &str {
        &self.uci
    }

    /// The position after the move, in FEN (X-FEN for Chess960); `None` after an illegal move,
    /// from which on a line is read for its syntax only.
    #[getter]
    fn fen_after(&self) -> Option<&str> {
        self.fen_after.as_deref()
    }

    /// The comments after the move, joined as python-chess joins them; `None` without one.
    #[getter]
    fn comment(&self) -> Option<&str> {
        self.comment.as_deref()
    }

    /// The move's NAGs (`$1`; `!` and `?` glyphs as their numbers).
    #[getter]
    fn nags(&self) -> Vec<u16> {
        self.nags.clone()
    }

    /// The lines of play that replace this move, each from the position before it.
    #[getter]
    fn variations(&self, py: Python<'_>) -> Vec<Vec<Py<PyPgnMove>>> {
        self.variations
            .iter()
            .map(|line| line.iter().map(|m| m.clone_ref(py)).collect())
            .collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "PgnMove(san={}, uci={}, variations={})",
            py_repr(&self.san),
            py_repr(&self.uci),
            self.variations.len()
        )
    }
}

/// One game of a PGN text: its tags, its mainline, the findings about it, and its result.
///
/// >>> text = '[White "A"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0\n'
/// >>> game = next(fenkit.read_pgn(text))
/// >>> game.tags['White'], game.result, len(game.moves)
/// ('A', '1-0', 7)
/// >>> [f.code for f in game.findings][:2]
/// ['PGN105', 'PGN109']
/// >>> print(game.findings[0].message)
/// expected the move's SAN `Qxf7#`, found `Qxf7`
#[pyclass(module = "fenkit", name = "PgnGame", frozen)]
pub(crate) struct PyPgnGame {
    tags: Vec<(String, String)>,
    moves: Vec<Py<PyPgnMove>>,
    findings: Vec<Py<PyFinding>>,
    result: String,
    start_fen: String,
    final_fen: Option<String>,
    span: (usize, usize),
}

#[pymethods]
impl PyPgnGame {
    /// The tag pairs, name to value (a tag given twice keeps its first value).
    #[getter]
    fn tags(&self) -> HashMap<String, String> {
        let mut tags = HashMap::new();
        for (name, value) in &self.tags {
            tags.entry(name.clone()).or_insert_with(|| value.clone());
        }
        tags
    }

    /// The mainline's moves, each with its variations.
    #[getter]
    fn moves(&self, py: Python<'_>) -> Vec<Py<PyPgnMove>> {
        self.moves.iter().map(|m| m.clone_ref(py)).collect()
    }

    /// The lines of play that replace the mainline's first move (`moves[0].variations`;
    /// python-chess's `game.variations[1:]`); later alternatives hang on their moves.
    #[getter]
    fn variations(&self, py: Python<'_>) -> Vec<Vec<Py<PyPgnMove>>> {
        self.moves
            .first()
            .map(|first| first.get().variations(py))
            .unwrap_or_default()
    }

    /// Every finding about the game, its spans byte offsets into the whole UTF-8 text.
    #[getter]
    fn findings(&self, py: Python<'_>) -> Vec<Py<PyFinding>> {
        self.findings.iter().map(|f| f.clone_ref(py)).collect()
    }

    /// The result: the game termination marker, else the `Result` tag, else `*`.
    #[getter]
    fn result(&self) -> &str {
        &self.result
    }

    /// The position the game starts from: the standard one, or its `FEN` tag's.
    #[getter]
    fn start_fen(&self) -> &str {
        &self.start_fen
    }

    /// The position after the mainline's last legal move (an illegal move ends what is played;
    /// python-chess's `game.end().board()`); `None` when the game was not read move by move.
    #[getter]
    fn final_fen(&self) -> Option<&str> {
        self.final_fen.as_deref()
    }

    /// `(start, end)`: the game's byte offsets in the UTF-8 text.
    #[getter]
    fn span(&self) -> (usize, usize) {
        self.span
    }

    fn __repr__(&self) -> String {
        let tag = |name: &str| {
            self.tags
                .iter()
                .find(|(n, _)| n == name)
                .map_or("?", |(_, v)| v.as_str())
        };
        format!(
            "PgnGame(white={}, black={}, result={}, moves={}, findings={})",
            py_repr(tag("White")),
            py_repr(tag("Black")),
            py_repr(&self.result),
            self.moves.len(),
            self.findings.len()
        )
    }
}

/// What `read_pgn` was given: text, or the path of a file.
enum Source {
    Text(Text),
    Path(std::path::PathBuf),
}

impl<'a, 'py> FromPyObject<'a, 'py> for Source {
    type Error = PyErr;

    fn extract(object: Borrowed<'a, 'py, PyAny>) -> PyResult<Source> {
        if object.cast::<PyString>().is_ok() || object.cast::<PyBytes>().is_ok() {
            return Ok(Source::Text(object.extract()?));
        }
        let py = object.py();
        let os = py.import("os")?;
        if object.is_instance(&os.getattr("PathLike")?)? {
            let path = os.call_method1("fspath", (object,))?;
            return Ok(Source::Path(path.extract()?));
        }
        let type_name = object
            .get_type()
            .name()
            .map_or_else(|_| "?".to_owned(), |name| name.to_string());
        Err(PyTypeError::new_err(format!(
            "expected PGN text (`str`, or UTF-8 `bytes`) or a path (`os.PathLike`), found \
             `{type_name}`"
        )))
    }
}

/// Reads the games of a PGN text, every move of the mainline and of every variation against
/// its position, as `fenkit check` does; yields each game with its tags, moves, findings and
/// result.
///
/// `source` is the PGN text (`str`, or UTF-8 `bytes`), or an `os.PathLike` naming a file
/// (`pathlib.Path("games.pgn")`), which is read whole. `strict=True` makes null moves errors.
/// A file that cannot be read raises `OSError`; text that is not UTF-8 raises `ParseError`
/// (`FENKIT001`). Nothing in the games raises: every fault is a finding of its game.
///
/// >>> games = list(fenkit.read_pgn('1. e4 e5 2. Nf3 *\n\n1. d4 O-O *\n'))
/// >>> [[m.uci for m in g.moves] for g in games]
/// [['e2e4', 'e7e5', 'g1f3'], ['d2d4']]
/// >>> print(games[1].findings[0])
/// error[PGN201]: ...
#[pyfunction]
#[pyo3(signature = (source, *, strict = false))]
fn read_pgn(py: Python<'_>, source: Source, strict: bool) -> PyResult<Py<pyo3::types::PyIterator>> {
    let owned;
    let text: &str = match &source {
        Source::Text(text) => text.as_str()?,
        Source::Path(path) => {
            let bytes = std::fs::read(path).map_err(|error| {
                PyOSError::new_err(format!("cannot read `{}`: {error}", path.display()))
            })?;
            owned = match String::from_utf8(bytes) {
                Ok(text) => text,
                Err(error) => {
                    let at = error.utf8_error().valid_up_to();
                    return Err(crate::common::parse_error(
                        crate::common::ErrorParts::invalid_utf8(error.as_bytes(), at),
                    ));
                }
            };
            &owned
        }
    };
    let reader = Reader::new().keep(Keep::Tree).fens(true).strict(strict);
    let mut games = Vec::new();
    for game in reader.games(text) {
        let findings = game
            .findings
            .iter()
            .map(|finding| Py::new(py, PyFinding::new(finding, None)))
            .collect::<PyResult<_>>()?;
        let result = game.result().into_owned();
        let tags = game
            .tags
            .iter()
            .map(|tag| (tag.name.to_owned(), tag.value().into_owned()))
            .collect();
        games.push(PyPgnGame {
            tags,
            findings,
            result,
            start_fen: game.start_fen.clone().into_owned(),
            final_fen: game.final_fen.clone(),
            span: (game.span.start, game.span.end),
            moves: PyPgnMove::line(py, game.moves)?,
        });
    }
    let list = pyo3::types::PyList::new(py, games)?;
    Ok(list.try_iter()?.unbind())
}

/// Adds the PGN classes and `read_pgn`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPgnGame>()?;
    m.add_class::<PyPgnMove>()?;
    m.add_function(wrap_pyfunction!(read_pgn, m)?)?;
    Ok(())
}

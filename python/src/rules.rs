//! The Dice Chess rules: legal micro-moves, play, roll, pass and perft.

use dfen::rules::{self as engine, PerftMode};
use dfen::{Dfen, Role};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::common::{py_repr, py_repr_list, rules_error};
use crate::position::{PositionArg, PyDfen, color_name};

/// One legal micro-move: its UCI spelling, squares, die and kind.
///
/// >>> m = fenkit.Dfen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 P").legal_moves()[1]
/// >>> (m.uci, m.die, m.kind)
/// ('e2e4', 'P', 'double-push')
#[pyclass(module = "fenkit", name = "Move", frozen)]
pub(crate) struct PyMove {
    inner: engine::Move,
}

#[pymethods]
impl PyMove {
    /// UCI: `e2e4`, `e7e8q`, castling as the king's move `e1g1`.
    #[getter]
    fn uci(&self) -> String {
        self.inner.to_string()
    }

    /// The square the piece leaves (`"e2"`).
    #[getter(from_square)]
    fn origin(&self) -> String {
        self.inner.from.to_string()
    }

    /// The square the piece lands on.
    #[getter(to_square)]
    fn target(&self) -> String {
        self.inner.to.to_string()
    }

    /// The promotion letter (`"q"`, `"r"`, `"b"`, `"n"`), or `None`.
    #[getter]
    fn promotion(&self) -> Option<String> {
        self.inner
            .promotion
            .map(|role| role.upper().to_ascii_lowercase().to_string())
    }

    /// The die it consumes, as a letter `P N B R Q K` (castling also consumes a Rook die).
    #[getter]
    fn die(&self) -> String {
        self.inner.die.upper().to_string()
    }

    /// `quiet`, `double-push`, `capture`, `en-passant`, `castling` or `king-capture`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.inner.kind.as_str()
    }

    /// How many dice it consumes: 2 for castling, 1 otherwise.
    #[getter]
    fn cost(&self) -> u8 {
        self.inner.cost()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "Move({}, die={}, kind={})",
            py_repr(&self.inner.to_string()),
            py_repr(&self.die()),
            py_repr(self.kind())
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyMove>()
            .is_ok_and(|other| other.get().inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        dfen::fnv1a64(self.inner.to_string().as_bytes())
    }
}

/// The legal first micro-moves of a position and `l_star` (L*), the most micro-moves its
/// dice allow. Iterable, indexable, with `len()`; an empty list means the turn passes.
#[pyclass(module = "fenkit", name = "LegalMoves", frozen, sequence)]
pub(crate) struct PyLegalMoves {
    inner: engine::LegalMoves,
}

#[pymethods]
impl PyLegalMoves {
    /// L*: the longest sequence of micro-moves the pending dice allow (castling counts 2).
    #[getter]
    fn l_star(&self) -> u8 {
        self.inner.max_len()
    }

    /// The moves in UCI, in the stable order (by die, then squares, then promotion).
    fn uci(&self) -> Vec<String> {
        self.inner.iter().map(ToString::to_string).collect()
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyIterator>> {
        let moves: Vec<PyMove> = self.inner.iter().map(|&inner| PyMove { inner }).collect();
        pyo3::types::PyList::new(py, moves)?.try_iter()
    }

    fn __getitem__(&self, index: isize) -> PyResult<PyMove> {
        let len = self.inner.len() as isize;
        let at = if index < 0 { index + len } else { index };
        usize::try_from(at)
            .ok()
            .and_then(|at| self.inner.moves().get(at))
            .map(|&inner| PyMove { inner })
            .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("move index out of range"))
    }

    fn __repr__(&self) -> String {
        format!(
            "LegalMoves(l_star={}, moves={})",
            self.inner.max_len(),
            py_repr_list(self.uci().iter().map(String::as_str))
        )
    }
}

/// What follows a micro-move or a pass: the new position, whether the turn ended, and the
/// winner when a king was captured.
#[pyclass(module = "fenkit", name = "Outcome", frozen)]
pub(crate) struct PyOutcome {
    inner: engine::Outcome,
}

#[pymethods]
impl PyOutcome {
    /// The position afterwards, turn transition included.
    #[getter]
    fn position(&self) -> PyDfen {
        PyDfen::from(self.inner.position.clone())
    }

    /// The move played, or `None` for a pass.
    #[getter]
    fn played(&self) -> Option<PyMove> {
        self.inner.played.map(|inner| PyMove { inner })
    }

    /// Whether the move (or pass) ended the turn.
    #[getter]
    fn turn_ended(&self) -> bool {
        self.inner.turn_ended
    }

    /// `"white"` or `"black"` when the move captured the king (the game is over), else `None`.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.inner.winner.map(color_name)
    }

    fn __repr__(&self) -> String {
        let played = self
            .inner
            .played
            .map_or_else(|| "None".to_owned(), |m| py_repr(&m.to_string()));
        format!(
            "Outcome(played={played}, position={}, turn_ended={}, winner={})",
            py_repr(&self.inner.position.to_string()),
            if self.inner.turn_ended {
                "True"
            } else {
                "False"
            },
            self.inner
                .winner
                .map_or_else(|| "None".to_owned(), |c| py_repr(color_name(c)))
        )
    }
}

/// A perft with distinct positions: `nodes` (leaves), `unique` (distinct positions among
/// them) and `collisions` (`nodes - unique`, the transpositions).
#[pyclass(module = "fenkit", name = "UniqueCount", frozen)]
pub(crate) struct PyUniqueCount {
    /// Leaves at the final depth.
    #[pyo3(get)]
    nodes: u64,
    /// Distinct positions among them.
    #[pyo3(get)]
    unique: u64,
    /// Leaves that repeat a position already counted.
    #[pyo3(get)]
    collisions: u64,
}

#[pymethods]
impl PyUniqueCount {
    fn __repr__(&self) -> String {
        format!(
            "UniqueCount(nodes={}, unique={}, collisions={})",
            self.nodes, self.unique, self.collisions
        )
    }
}

pub(crate) fn legal(position: &Dfen) -> PyResult<PyLegalMoves> {
    engine::legal_moves(position)
        .map(|inner| PyLegalMoves { inner })
        .map_err(|error| rules_error(&error))
}

pub(crate) fn play(position: &Dfen, uci: &str) -> PyResult<PyOutcome> {
    engine::play_uci(position, uci)
        .map(|inner| PyOutcome { inner })
        .map_err(|error| rules_error(&error))
}

pub(crate) fn roll(position: &Dfen, dice: &str) -> PyResult<PyDfen> {
    let dice = engine::parse_roll(dice).map_err(|error| rules_error(&error))?;
    engine::roll(position, dice)
        .map(PyDfen::from)
        .map_err(|error| rules_error(&error))
}

pub(crate) fn pass_turn(position: &Dfen) -> PyResult<PyOutcome> {
    engine::pass(position)
        .map(|inner| PyOutcome { inner })
        .map_err(|error| rules_error(&error))
}

/// One die: a letter `PNBRQK` (either case) or a digit `1`-`6`.
fn parse_die(text: &str) -> PyResult<Role> {
    let role = match text.as_bytes() {
        [digit @ b'1'..=b'6'] => Role::from_die(digit - b'0'),
        [letter] => Role::from_letter(*letter),
        _ => None,
    };
    role.ok_or_else(|| {
        PyValueError::new_err(format!(
            "not a die: expected one of `P N B R Q K` (either case) or `1`-`6`, found {text:?}"
        ))
    })
}

/// The tree a perft walks: `die=` one die at every ply, `roll=` full turns each rolling
/// those dice, neither: standard chess.
fn perft_mode(die: Option<&str>, roll: Option<&str>) -> PyResult<PerftMode> {
    match (die, roll) {
        (None, None) => Ok(PerftMode::Standard),
        (Some(die), None) => Ok(PerftMode::Die(parse_die(die)?)),
        (None, Some(roll)) => Ok(PerftMode::Roll(
            engine::parse_roll(roll).map_err(|error| rules_error(&error))?,
        )),
        (Some(_), Some(_)) => Err(PyValueError::new_err(
            "`die` and `roll` choose different trees: give one of them, or neither for standard chess",
        )),
    }
}

/// The depth as the command line takes it: 0 to 64.
fn perft_depth(depth: i64) -> PyResult<u32> {
    u32::try_from(depth)
        .ok()
        .filter(|&depth| depth <= engine::MAX_PERFT_DEPTH)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "perft depth out of range: expected 0 to {}, found {depth}",
                engine::MAX_PERFT_DEPTH
            ))
        })
}

pub(crate) fn perft_count(
    py: Python<'_>,
    position: &Dfen,
    depth: i64,
    die: Option<&str>,
    roll: Option<&str>,
) -> PyResult<u64> {
    let depth = perft_depth(depth)?;
    let mode = perft_mode(die, roll)?;
    let position = position.clone();
    py.detach(move || match mode {
        PerftMode::Die(die) => Ok(engine::perft_die(&position, die, depth)),
        PerftMode::Roll(dice) => engine::perft_roll(&position, dice, depth),
        _ => Ok(engine::perft_standard(&position, depth)),
    })
    .map_err(|error| rules_error(&error))
}

/// The legal first micro-moves of a DFEN position (text or `Dfen`), in UCI, in the stable
/// order (by die, then squares, then promotion). An empty list means the turn passes.
/// A syntax error raises `ParseError`; a position without pending dice, or without a king,
/// `RulesError`.
///
/// >>> fenkit.legal_moves("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 P")
/// ['e2e3', 'e2e4']
#[pyfunction]
fn legal_moves(position: PositionArg) -> PyResult<Vec<String>> {
    let position = position.into_dfen()?;
    engine::legal_moves(&position)
        .map(|legal| legal.iter().map(ToString::to_string).collect())
        .map_err(|error| rules_error(&error))
}

/// Plays one micro-move; see `Dfen.play`.
#[pyfunction(name = "play")]
fn play_move(position: PositionArg, uci: &str) -> PyResult<PyOutcome> {
    play(&position.into_dfen()?, uci)
}

/// Rolls dice at a fresh turn; see `Dfen.roll`.
#[pyfunction(name = "roll")]
fn roll_dice(position: PositionArg, dice: &str) -> PyResult<PyDfen> {
    roll(&position.into_dfen()?, dice)
}

/// Passes the turn; see `Dfen.pass_turn`.
#[pyfunction(name = "pass_turn")]
fn pass_the_turn(position: PositionArg) -> PyResult<PyOutcome> {
    pass_turn(&position.into_dfen()?)
}

/// Counts the leaves of the move tree to `depth` (0 to 64), in the modes of `fenkit perft`:
/// standard chess by default, `die="N"` for one die at every ply, `roll="PNB"` for full
/// Dice Chess turns each rolling those dice (the position must be at a fresh turn).
///
/// >>> fenkit.perft("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3)
/// 8902
#[pyfunction]
#[pyo3(signature = (position, depth, *, die=None, roll=None))]
fn perft(
    py: Python<'_>,
    position: PositionArg,
    depth: i64,
    die: Option<&str>,
    roll: Option<&str>,
) -> PyResult<u64> {
    perft_count(py, &position.into_dfen()?, depth, die, roll)
}

/// `perft` split by first move: a list of `(uci, nodes)`, `uci` being `None` where the turn
/// passes (`roll=` only), as `fenkit perft --divide` prints it.
#[pyfunction]
#[pyo3(signature = (position, depth, *, die=None, roll=None))]
fn perft_divide(
    py: Python<'_>,
    position: PositionArg,
    depth: i64,
    die: Option<&str>,
    roll: Option<&str>,
) -> PyResult<Vec<(Option<String>, u64)>> {
    let position = position.into_dfen()?;
    let depth = perft_depth(depth)?;
    let mode = perft_mode(die, roll)?;
    let divide = py
        .detach(move || match mode {
            PerftMode::Die(die) => Ok(engine::perft_die_divide(&position, die, depth)),
            PerftMode::Roll(dice) => engine::perft_roll_divide(&position, dice, depth),
            _ => Ok(engine::perft_standard_divide(&position, depth)),
        })
        .map_err(|error| rules_error(&error))?;
    Ok(divide
        .entries
        .into_iter()
        .map(|(first, nodes)| (first.map(|m| m.to_string()), nodes))
        .collect())
}

/// `perft` that also counts the distinct positions at the final depth, as `fenkit perft
/// --unique` does; `ep="legal"` counts only en-passant squares a capture onto is legal now.
#[pyfunction]
#[pyo3(signature = (position, depth, *, die=None, roll=None, ep="always"))]
fn perft_unique(
    py: Python<'_>,
    position: PositionArg,
    depth: i64,
    die: Option<&str>,
    roll: Option<&str>,
    ep: &str,
) -> PyResult<PyUniqueCount> {
    let position = position.into_dfen()?;
    let depth = perft_depth(depth)?;
    let mode = perft_mode(die, roll)?;
    let ep = crate::position::ep_identity(ep)?;
    let count = py
        .detach(move || engine::perft_unique(&position, mode, depth, ep))
        .map_err(|error| rules_error(&error))?;
    Ok(PyUniqueCount {
        nodes: count.nodes,
        unique: count.unique,
        collisions: count.collisions,
    })
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyMove>()?;
    m.add_class::<PyLegalMoves>()?;
    m.add_class::<PyOutcome>()?;
    m.add_class::<PyUniqueCount>()?;
    m.add_function(wrap_pyfunction!(legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(play_move, m)?)?;
    m.add_function(wrap_pyfunction!(roll_dice, m)?)?;
    m.add_function(wrap_pyfunction!(pass_the_turn, m)?)?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(perft_divide, m)?)?;
    m.add_function(wrap_pyfunction!(perft_unique, m)?)?;
    Ok(())
}

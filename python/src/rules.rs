//! The Dice Chess rules: legal micro-moves, play, roll, pass and perft.

use dfen::rules::{self as engine, KingCapture, Perft, PerftMode, Rules};
use dfen::{Dfen, Role};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::common::{PositionArg, PyDfen, color_name};
use crate::common::{py_repr, py_repr_list, rules_error};

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

/// `king_capture="first"|"any"`: the reading of the Maximum Micro-moves rule's king-capture
/// exemption (`spec/rules.md`), as the command line's `--king-capture` names it.
pub(crate) fn rules(king_capture: &str) -> PyResult<Rules> {
    let reading: KingCapture = crate::common::choose("king-capture reading", king_capture)?;
    Ok(Rules::new().king_capture(reading))
}

pub(crate) fn legal(position: &Dfen, king_capture: &str) -> PyResult<PyLegalMoves> {
    rules(king_capture)?
        .legal_moves(position)
        .map(|inner| PyLegalMoves { inner })
        .map_err(|error| rules_error(&error))
}

pub(crate) fn play(position: &Dfen, uci: &str, king_capture: &str) -> PyResult<PyOutcome> {
    rules(king_capture)?
        .play_uci(position, uci)
        .map(|inner| PyOutcome { inner })
        .map_err(|error| rules_error(&error))
}

pub(crate) fn roll(position: &Dfen, dice: &str) -> PyResult<PyDfen> {
    let dice = engine::parse_roll(dice).map_err(|error| rules_error(&error))?;
    engine::roll(position, dice)
        .map(PyDfen::from)
        .map_err(|error| rules_error(&error))
}

pub(crate) fn pass_turn(position: &Dfen, king_capture: &str) -> PyResult<PyOutcome> {
    rules(king_capture)?
        .pass(position)
        .map(|inner| PyOutcome { inner })
        .map_err(|error| rules_error(&error))
}

/// One die: a letter `PNBRQK` (either case) or a digit `1`-`6`.
fn parse_die(text: &str) -> PyResult<Role> {
    crate::common::choose("die", text)
}

/// The tree a perft walks, as `fenkit perft` chooses it: `die=` one die at every ply (with
/// `alternate=True`, the sides take turns with it, the reference engine's test convention),
/// `roll=` full turns each rolling those dice, neither: standard chess.
fn perft_mode(die: Option<&str>, alternate: bool, roll: Option<&str>) -> PyResult<PerftMode> {
    match (die, roll) {
        (None, None) if alternate => Err(PyValueError::new_err(
            "`alternate=True` alternates one die between the sides: give `die` too",
        )),
        (None, None) => Ok(PerftMode::Standard),
        (Some(die), None) if alternate => Ok(PerftMode::AlternatingDie(parse_die(die)?)),
        (Some(die), None) => Ok(PerftMode::Die(parse_die(die)?)),
        (None, Some(_)) if alternate => Err(PyValueError::new_err(
            "`alternate=True` alternates one die between the sides: give `die`, not `roll`",
        )),
        (None, Some(roll)) => Ok(PerftMode::Roll(
            engine::parse_roll(roll).map_err(|error| rules_error(&error))?,
        )),
        (Some(_), Some(_)) => Err(PyValueError::new_err(
            "`die` and `roll` choose different trees: give one of them, or neither for standard chess",
        )),
    }
}

/// The perft of these arguments: its tree, depth and the rules that judge full turns.
fn perft_of(
    depth: i64,
    die: Option<&str>,
    alternate: bool,
    roll: Option<&str>,
    king_capture: &str,
) -> PyResult<Perft> {
    let depth = perft_depth(depth)?;
    let mode = perft_mode(die, alternate, roll)?;
    Ok(Perft::new(mode, depth).rules(rules(king_capture)?))
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
    alternate: bool,
    roll: Option<&str>,
    king_capture: &str,
) -> PyResult<u64> {
    let perft = perft_of(depth, die, alternate, roll, king_capture)?;
    let position = position.clone();
    py.detach(move || perft.count(&position))
        .map_err(|error| rules_error(&error))
}

/// The legal first micro-moves of a DFEN position (text or `Dfen`), in UCI, in the stable
/// order (by die, then squares, then promotion). An empty list means the turn passes.
/// `king_capture` chooses the reading of the king-capture exemption: `"first"` (the formal
/// definition, the default) or `"any"` (the pseudocode's). A syntax error raises
/// `ParseError`; a position without pending dice, or without a king, `RulesError`.
///
/// >>> fenkit.legal_moves("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 P")
/// ['e2e3', 'e2e4']
/// >>> "e7e8q" in fenkit.legal_moves("7k/4P3/8/8/8/8/8/Q3K3 w - - 0 1 PNQ", king_capture="any")
/// True
#[pyfunction]
#[pyo3(signature = (dfen_text, *, king_capture="first"))]
fn legal_moves(dfen_text: PositionArg, king_capture: &str) -> PyResult<Vec<String>> {
    let position = dfen_text.into_dfen()?;
    rules(king_capture)?
        .legal_moves(&position)
        .map(|legal| legal.iter().map(ToString::to_string).collect())
        .map_err(|error| rules_error(&error))
}

/// Plays one micro-move; see `Dfen.play`.
#[pyfunction(name = "play")]
#[pyo3(signature = (position, uci, *, king_capture="first"))]
fn play_move(position: PositionArg, uci: &str, king_capture: &str) -> PyResult<PyOutcome> {
    play(&position.into_dfen()?, uci, king_capture)
}

/// Rolls dice at a fresh turn; see `Dfen.roll`.
#[pyfunction(name = "roll")]
fn roll_dice(position: PositionArg, dice: &str) -> PyResult<PyDfen> {
    roll(&position.into_dfen()?, dice)
}

/// Passes the turn; see `Dfen.pass_turn`.
#[pyfunction(name = "pass_turn")]
#[pyo3(signature = (position, *, king_capture="first"))]
fn pass_the_turn(position: PositionArg, king_capture: &str) -> PyResult<PyOutcome> {
    pass_turn(&position.into_dfen()?, king_capture)
}

/// One complete legal turn: its micro-moves (`moves`, UCI; empty for a pass), the position
/// after it, and the winner when its last move captured the king. `str()` is the moves
/// separated by spaces, or `0000` for a pass.
#[pyclass(module = "fenkit", name = "Turn", frozen)]
pub(crate) struct PyTurn {
    inner: engine::Turn,
}

#[pymethods]
impl PyTurn {
    /// The micro-moves in UCI, in the order played; empty for a pass.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.inner.moves.iter().map(ToString::to_string).collect()
    }

    /// The position after the turn: the other side to move, no dice pending.
    #[getter]
    fn position(&self) -> PyDfen {
        PyDfen::from(self.inner.position.clone())
    }

    /// `"white"` or `"black"` when the turn captured the king, else `None`.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.inner.winner.map(color_name)
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "Turn({}, position={})",
            py_repr(&self.inner.to_string()),
            py_repr(&self.inner.position.to_string())
        )
    }
}

/// Every complete legal turn of a position with pending dice, as `fenkit turns` lists
/// them: each sequence of micro-moves the rules allow to the end of the turn, sorted by their
/// moves. When no die can be played there is one turn, the pass.
///
/// >>> [str(t) for t in fenkit.turns("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 PP")]
/// ['e2e3 e3e4', 'e2e4 e4e5']
#[pyfunction]
#[pyo3(signature = (position, *, king_capture="first"))]
fn turns(py: Python<'_>, position: PositionArg, king_capture: &str) -> PyResult<Vec<PyTurn>> {
    let position = position.into_dfen()?;
    let rules = rules(king_capture)?;
    let turns = py
        .detach(move || rules.turns(&position))
        .map_err(|error| rules_error(&error))?;
    Ok(turns.into_iter().map(|inner| PyTurn { inner }).collect())
}

/// How many complete legal turns a position has, and how many distinct positions they reach:
/// `(turns, positions)`, without building them.
#[pyfunction]
#[pyo3(signature = (position, *, king_capture="first"))]
fn count_turns(py: Python<'_>, position: PositionArg, king_capture: &str) -> PyResult<(u64, u64)> {
    let position = position.into_dfen()?;
    let rules = rules(king_capture)?;
    let count = py
        .detach(move || rules.count_turns(&position))
        .map_err(|error| rules_error(&error))?;
    Ok((count.turns, count.positions))
}

/// Counts the leaves of the move tree to `depth` (0 to 64), in the modes of `fenkit perft`:
/// standard chess by default; `die="N"` one die at every ply (`alternate=True`: the sides take
/// turns with it, the reference engine's suite); `roll="PNB"` full Dice Chess turns each
/// rolling those dice (the position must be at a fresh turn), judged under `king_capture`.
///
/// >>> fenkit.perft("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3)
/// 8902
#[pyfunction]
#[pyo3(signature = (position, depth, *, die=None, alternate=false, roll=None, king_capture="first"))]
fn perft(
    py: Python<'_>,
    position: PositionArg,
    depth: i64,
    die: Option<&str>,
    alternate: bool,
    roll: Option<&str>,
    king_capture: &str,
) -> PyResult<u64> {
    perft_count(
        py,
        &position.into_dfen()?,
        depth,
        die,
        alternate,
        roll,
        king_capture,
    )
}

/// `perft` split by first move: a list of `(uci, nodes)`, `uci` being `None` where the turn
/// passes (`roll=` only), as `fenkit perft --divide` prints it.
#[pyfunction]
#[pyo3(signature = (position, depth, *, die=None, alternate=false, roll=None, king_capture="first"))]
fn perft_divide(
    py: Python<'_>,
    position: PositionArg,
    depth: i64,
    die: Option<&str>,
    alternate: bool,
    roll: Option<&str>,
    king_capture: &str,
) -> PyResult<Vec<(Option<String>, u64)>> {
    let position = position.into_dfen()?;
    let perft = perft_of(depth, die, alternate, roll, king_capture)?;
    let divide = py
        .detach(move || perft.divide(&position))
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
#[pyo3(signature = (position, depth, *, die=None, alternate=false, roll=None, king_capture="first", ep="always"))]
#[allow(clippy::too_many_arguments)]
fn perft_unique(
    py: Python<'_>,
    position: PositionArg,
    depth: i64,
    die: Option<&str>,
    alternate: bool,
    roll: Option<&str>,
    king_capture: &str,
    ep: &str,
) -> PyResult<PyUniqueCount> {
    let position = position.into_dfen()?;
    let perft = perft_of(depth, die, alternate, roll, king_capture)?;
    let ep = crate::common::ep_identity(ep)?;
    let count = py
        .detach(move || perft.unique(&position, ep))
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
    m.add_class::<PyTurn>()?;
    m.add_function(wrap_pyfunction!(turns, m)?)?;
    m.add_function(wrap_pyfunction!(count_turns, m)?)?;
    m.add_function(wrap_pyfunction!(legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(play_move, m)?)?;
    m.add_function(wrap_pyfunction!(roll_dice, m)?)?;
    m.add_function(wrap_pyfunction!(pass_the_turn, m)?)?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(perft_divide, m)?)?;
    m.add_function(wrap_pyfunction!(perft_unique, m)?)?;
    Ok(())
}

//! DFEN and standard FEN: parse with findings, the written forms, JSON and identity.

use dfen::rules::{EpIdentity, Game};
use dfen::{CastlingMode, CastlingNotation, Parser, Profile, Writer};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyType};

use crate::common::{
    PyDfen, PyFinding, PyJsonIssue, Text, choose, color_name, conversion_error, dfen_parse_error,
    ep_identity, identity_game, json_error, lint_lines, py_repr, py_repr_list, with_gc_paused,
};
use crate::rules;

/// A profile name as a [`Profile`], or `ValueError` naming the three.
pub(crate) fn profile(name: &str) -> PyResult<Profile> {
    name.parse::<Profile>()
        .map_err(|error| PyValueError::new_err(error.message().to_owned()))
}

/// The policy of `en_passant=`, else of `ep=` (its older name).
fn policy(ep: &str, en_passant: Option<&str>) -> PyResult<EpIdentity> {
    ep_identity(en_passant.unwrap_or(ep))
}

/// `chess960=True` as the castling mode.
fn castling_mode(chess960: bool) -> CastlingMode {
    CastlingMode::from_chess960(chess960)
}

/// The writer of `chess960=`, `castling="xfen"|"shredder"` and `en_passant=` under `game`.
fn writer(
    profile: Profile,
    chess960: bool,
    castling: &str,
    en_passant: &str,
    game: Game,
) -> PyResult<Writer> {
    let notation: CastlingNotation = choose("castling notation", castling)?;
    Ok(Writer::new()
        .profile(profile)
        .castling_mode(castling_mode(chess960))
        .castling(notation)
        .en_passant(ep_identity(en_passant)?, game))
}

/// `game="dice-chess"|"standard"`.
fn game(name: &str) -> PyResult<Game> {
    choose("game", name)
}

#[pymethods]
impl PyDfen {
    #[new]
    #[pyo3(signature = (text, profile="spec", *, chess960=false))]
    fn new(text: Text, profile: &str, chess960: bool) -> PyResult<PyDfen> {
        let profile = self::profile(profile)?;
        let text = text.as_str()?;
        Parser::new()
            .profile(profile)
            .castling_mode(castling_mode(chess960))
            .parse(text)
            .map(|parsed| PyDfen { inner: parsed.dfen })
            .map_err(|error| dfen_parse_error(&error))
    }

    /// Reads the JSON form that `to_json` writes; `ConversionError` says what is wrong, its
    /// `.issues` holding the one issue with its code (`DFEN401`–`DFEN409`), path and span.
    ///
    /// >>> fenkit.Dfen.from_json(fenkit.Dfen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").to_json())
    /// Dfen('4k3/8/8/8/8/8/8/4K3 w - - 0 1 -')
    #[classmethod]
    fn from_json(_cls: &Bound<'_, PyType>, text: &str) -> PyResult<PyDfen> {
        dfen::Dfen::from_json(text)
            .map(PyDfen::from)
            .map_err(|error| json_error(error.to_string(), vec![PyJsonIssue::dfen(&error)]))
    }

    /// The canonical DFEN: seven fields, `-` for no pending dice.
    #[getter]
    fn canonical(&self) -> String {
        self.inner.to_string()
    }

    /// The reference engine's dialect: field 7 left out when empty, en-passant squares in
    /// square-index order.
    #[getter]
    fn engine(&self) -> String {
        self.inner.display_as(Profile::Engine).to_string()
    }

    /// The text in a profile's dialect (`spec` and `lenient` write the canonical form);
    /// `chess960=True` writes castling as Chess960 does, in `castling="xfen"` or
    /// `"shredder"`; `en_passant` keeps the en-passant squares a policy keeps (`"always"`,
    /// `"fen"`, `"xfen"` or `"legal"`, under Dice Chess's rules).
    #[pyo3(signature = (profile="spec", *, chess960=false, castling="xfen", en_passant="always"))]
    fn to_dfen(
        &self,
        profile: &str,
        chess960: bool,
        castling: &str,
        en_passant: &str,
    ) -> PyResult<String> {
        let writer = writer(
            self::profile(profile)?,
            chess960,
            castling,
            en_passant,
            Game::DiceChess,
        )?;
        Ok(writer.write(&self.inner))
    }

    /// Standard six-field FEN. Raises `ConversionError` (with `.dropped`) when that would
    /// lose pending dice or en-passant squares beyond one, as `fenkit convert --to fen` does.
    ///
    /// >>> fenkit.Dfen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 PN").to_fen()
    /// Traceback (most recent call last):
    /// ...
    /// fenkit.ConversionError: standard FEN cannot hold this position: it would drop the pending dice `PN`
    ///
    /// `chess960`, `castling` and `en_passant` as for `to_dfen`, with standard chess's rules
    /// for `en_passant="legal"` (python-chess's `board.fen(en_passant=...)`).
    ///
    /// >>> fenkit.Dfen(
    /// ...     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    /// ... ).to_fen(chess960=True, castling="shredder")
    /// 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1'
    #[pyo3(signature = (*, chess960=false, castling="xfen", en_passant="always"))]
    fn to_fen(&self, chess960: bool, castling: &str, en_passant: &str) -> PyResult<String> {
        writer(
            Profile::Spec,
            chess960,
            castling,
            en_passant,
            Game::Standard,
        )?
        .to_fen(&self.inner)
        .map_err(|lossy| conversion_error(lossy.to_string(), lossy.dropped))
    }

    /// Standard FEN and the list of what it had to drop (empty when nothing).
    fn to_fen_lossy(&self) -> (String, Vec<String>) {
        self.inner.to_fen_lossy()
    }

    /// The JSON form (one object: board, side, castling, en_passant, halfmove, fullmove,
    /// dice); `Dfen.from_json` reads it back.
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&self.inner)
            .map_err(|error| PyValueError::new_err(format!("cannot write JSON: {error}")))
    }

    /// The side to move: `"white"` or `"black"`.
    #[getter]
    fn side(&self) -> &'static str {
        color_name(self.inner.side)
    }

    /// Field 3 as written canonically (`"KQkq"`, `"-"`).
    #[getter]
    fn castling(&self) -> String {
        self.inner.castling.to_string()
    }

    /// The en-passant target squares, alphabetically (`["a3", "c3"]`).
    #[getter]
    fn en_passant(&self) -> Vec<String> {
        self.inner
            .en_passant
            .iter_alphabetical()
            .map(|square| square.to_string())
            .collect()
    }

    /// Field 5: micro-moves since the last pawn move or capture.
    #[getter]
    fn halfmove(&self) -> u32 {
        self.inner.halfmove
    }

    /// Field 6: the fullmove number.
    #[getter]
    fn fullmove(&self) -> u32 {
        self.inner.fullmove.get()
    }

    /// Field 7: the pending dice in the side's case (`"PN"`, `"pn"`), `"-"` at a fresh turn.
    #[getter]
    fn dice(&self) -> String {
        self.inner.dice.to_string_for(self.inner.side)
    }

    /// The pieces: square name to FEN letter (`{"e1": "K", "e8": "k"}`).
    #[getter]
    fn board(&self) -> std::collections::BTreeMap<String, String> {
        self.inner
            .board
            .pieces()
            .map(|(square, piece)| (square.to_string(), piece.letter().to_string()))
            .collect()
    }

    /// The identity key of this position (`spec/identity.md`): every field but the clocks,
    /// with the en-passant squares a policy keeps (`"always"`, `"fen"`, `"xfen"` or `"legal"`,
    /// as `en_passant=` or its older name `ep=`) under `game`'s rules, `"dice-chess"` or
    /// `"standard"`.
    #[pyo3(signature = (ep="always", game="dice-chess", *, en_passant=None))]
    fn identity_key(&self, ep: &str, game: &str, en_passant: Option<&str>) -> PyResult<String> {
        Ok(dfen::rules::identity_key(
            &self.inner,
            policy(ep, en_passant)?,
            self::game(game)?,
        ))
    }

    /// The 64-bit FNV-1a hash of `identity_key`.
    #[pyo3(signature = (ep="always", game="dice-chess", *, en_passant=None))]
    fn identity_hash(&self, ep: &str, game: &str, en_passant: Option<&str>) -> PyResult<u64> {
        Ok(dfen::rules::identity_hash(
            &self.inner,
            policy(ep, en_passant)?,
            self::game(game)?,
        ))
    }

    /// The legal first micro-moves under the Maximum Micro-moves rule, with `L*`;
    /// `king_capture` is `"first"` (the default) or `"any"` (see `fenkit.legal_moves`).
    #[pyo3(signature = (*, king_capture="first"))]
    fn legal_moves(&self, king_capture: &str) -> PyResult<rules::PyLegalMoves> {
        rules::legal(&self.inner, king_capture)
    }

    /// Plays one micro-move (UCI: `e2e4`, `e7e8q`); `RulesError` when it is not legal.
    #[pyo3(signature = (uci, *, king_capture="first"))]
    fn play(&self, uci: &str, king_capture: &str) -> PyResult<rules::PyOutcome> {
        rules::play(&self.inner, uci, king_capture)
    }

    /// Rolls `dice` (`"PNB"`, `"1 2 3"`, `"123"`) at a fresh turn: the position with them
    /// pending.
    fn roll(&self, dice: &str) -> PyResult<PyDfen> {
        rules::roll(&self.inner, dice)
    }

    /// Passes the turn: allowed only when no pending die can be played.
    #[pyo3(signature = (*, king_capture="first"))]
    fn pass_turn(&self, king_capture: &str) -> PyResult<rules::PyOutcome> {
        rules::pass_turn(&self.inner, king_capture)
    }

    /// Counts the leaves of the move tree; see `fenkit.perft`.
    #[pyo3(signature = (depth, *, die=None, alternate=false, roll=None, king_capture="first"))]
    fn perft(
        &self,
        py: Python<'_>,
        depth: i64,
        die: Option<&str>,
        alternate: bool,
        roll: Option<&str>,
        king_capture: &str,
    ) -> PyResult<u64> {
        rules::perft_count(py, &self.inner, depth, die, alternate, roll, king_capture)
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Dfen({})", py_repr(&self.inner.to_string()))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyDfen>()
            .is_ok_and(|other| other.get().inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        dfen::fnv1a64(self.inner.to_string().as_bytes())
    }
}

/// A DFEN read under a profile: the position and every finding.
///
/// >>> parsed = fenkit.parse_dfen("rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq e3c3a3 0 1")
/// >>> [f.code for f in parsed.findings]
/// ['DFEN101', 'DFEN107']
/// >>> parsed.canonical
/// 'rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -'
#[pyclass(module = "fenkit", name = "ParsedDfen", frozen)]
pub(crate) struct PyParsedDfen {
    parsed: dfen::Parsed,
    profile: Profile,
    /// The parser's castling mode, which `canonical` writes castling in.
    castling_mode: CastlingMode,
}

#[pymethods]
impl PyParsedDfen {
    /// What `fenkit fmt` writes: every fixable finding applied, in the profile's dialect
    /// (castling in X-FEN when read with `chess960=True`).
    #[getter]
    fn canonical(&self) -> String {
        Writer::new()
            .profile(self.profile)
            .castling_mode(self.castling_mode)
            .write(&self.parsed.fixed())
    }

    /// Every finding: non-canonical spellings (fixable) first, then problems of the position.
    #[getter]
    fn findings(&self) -> Vec<PyFinding> {
        PyFinding::all(&self.parsed.findings)
    }

    /// Whether a finding is an error: the position is not sound (`fenkit check` fails it).
    #[getter]
    fn has_errors(&self) -> bool {
        self.parsed.has_errors()
    }

    /// The position as written (fixable findings not applied).
    #[getter]
    fn position(&self) -> PyDfen {
        PyDfen::from(self.parsed.dfen.clone())
    }

    /// The position with every fixable finding applied.
    #[getter]
    fn fixed(&self) -> PyDfen {
        PyDfen::from(self.parsed.fixed())
    }

    /// The profile it was read under.
    #[getter]
    fn profile(&self) -> &'static str {
        self.profile.name()
    }

    /// The key `fenkit dedupe` compares (`spec/identity.md`): of the fixed position, with en
    /// passant as `en_passant` (or `ep`) asks under `game`'s rules.
    #[pyo3(signature = (ep="always", game="dice-chess", *, en_passant=None))]
    fn identity_key(&self, ep: &str, game: &str, en_passant: Option<&str>) -> PyResult<String> {
        Ok(self
            .parsed
            .identity_key(policy(ep, en_passant)?, self::game(game)?))
    }

    fn __repr__(&self) -> String {
        format!(
            "ParsedDfen(canonical={}, findings={})",
            py_repr(&self.canonical()),
            py_repr_list(self.parsed.findings.iter().map(|f| f.code.as_str()))
        )
    }
}

/// Parses one DFEN (or standard FEN) under `profile` (`"spec"`, `"lenient"`, `"engine"`)
/// and returns the position with every finding. `strict=True` makes every fixable finding
/// an error. A syntax error raises `ParseError`.
///
/// >>> fenkit.parse_dfen("8/8/8/8/8/8/8/4X3 w - - 0 1 -")
/// Traceback (most recent call last):
/// ...
/// fenkit.ParseError: unknown piece letter: expected a piece letter (PNBRQK or pnbrqk) or a digit from 1 to 8, found `X`
#[pyfunction]
#[pyo3(signature = (text, profile="spec", *, strict=false, chess960=false))]
fn parse_dfen(text: Text, profile: &str, strict: bool, chess960: bool) -> PyResult<PyParsedDfen> {
    let profile = self::profile(profile)?;
    let text = text.as_str()?;
    let castling_mode = castling_mode(chess960);
    Parser::new()
        .profile(profile)
        .castling_mode(castling_mode)
        .strict(strict)
        .parse(text)
        .map(|parsed| PyParsedDfen {
            parsed,
            profile,
            castling_mode,
        })
        .map_err(|error| dfen_parse_error(&error))
}

/// Parses many DFENs in one call: a list with, for each text, its `ParsedDfen` or the
/// `ParseError` it would raise (not raised). The parsing runs without the GIL.
#[pyfunction]
#[pyo3(signature = (texts, profile="spec", *, strict=false, chess960=false))]
fn parse_dfen_batch(
    py: Python<'_>,
    texts: Vec<Text>,
    profile: &str,
    strict: bool,
    chess960: bool,
) -> PyResult<Vec<Py<PyAny>>> {
    let profile = self::profile(profile)?;
    let castling_mode = castling_mode(chess960);
    let parser = Parser::new()
        .profile(profile)
        .castling_mode(castling_mode)
        .strict(strict);
    let texts: Vec<PyResult<&str>> = texts.iter().map(Text::as_str).collect();
    let results: Vec<PyResult<Result<dfen::Parsed, dfen::ParseError>>> = py.detach(|| {
        texts
            .into_iter()
            .map(|text| text.map(|text| parser.parse(text)))
            .collect()
    });
    with_gc_paused(py, || {
        results
            .into_iter()
            .map(|result| match result {
                Ok(Ok(parsed)) => Ok(Py::new(
                    py,
                    PyParsedDfen {
                        parsed,
                        profile,
                        castling_mode,
                    },
                )?
                .into_any()),
                Ok(Err(error)) => Ok(dfen_parse_error(&error).into_value(py).into_any()),
                Err(error) => Ok(error.into_value(py).into_any()),
            })
            .collect()
    })
}

/// Checks many DFENs in one call (a list, or any iterable such as an open file): every finding
/// of every line, each with its 1-based `line`, in line order. A syntax error is an error
/// finding here, as `fenkit check` reports it. Blank lines and `#` comment lines are
/// skipped, and a trailing line ending is dropped. An empty list means every line is clean.
///
/// >>> [(f.line, f.code) for f in fenkit.lint_dfen(["4k3/8/8/8/8/8/8/4K3 w - - 0 1 -", "x"])]
/// [(2, 'DFEN002')]
#[pyfunction]
#[pyo3(signature = (lines, profile="spec", *, strict=false, chess960=false))]
fn lint_dfen<'py>(
    lines: &Bound<'py, PyAny>,
    profile: &str,
    strict: bool,
    chess960: bool,
) -> PyResult<Bound<'py, PyList>> {
    let parser = Parser::new()
        .profile(self::profile(profile)?)
        .castling_mode(castling_mode(chess960))
        .strict(strict);
    lint_lines(lines, |text, line, out| match parser.parse(text) {
        Ok(parsed) => out.extend(
            parsed
                .findings
                .iter()
                .map(|finding| PyFinding::new(finding, Some(line))),
        ),
        Err(error) => out.push(PyFinding::new(&error.to_finding(), Some(line))),
    })
}

/// The identity key that `fenkit dedupe` and `fenkit check --duplicates` compare
/// (`spec/identity.md`), of one position written in `notation`, any notation of the command
/// line's `--notation`: `"dfen"` (Dice Chess rules for `ep="legal"`) and `"fen"` (standard
/// chess rules) read as parsed, as `fenkit.arrow.position_key` reads a column; every other
/// notation (`"epd"`, `"fen4"`, whose key is its canonical placement …) read by the notation
/// library as `fenkit` reads it on standard input. The en-passant policy is
/// `en_passant=` (or its older name `ep=`): `"always"`, `"fen"`, `"xfen"` or `"legal"`;
/// `chess960=True` reads castling as Chess960 does. A syntax error (for the library's
/// notations, any error) raises `ParseError`; settings that do not go together, and a text
/// that is not one position, `ValueError`.
///
/// >>> fenkit.position_key("4k3/8/8/8/8/8/8/4K3 w - - 12 40 -")
/// '4k3/8/8/8/8/8/8/4K3 w - - -'
/// >>> fenkit.position_key('4k3/8/8/8/8/8/8/4K3 w - - id "x";', "epd")
/// '4k3/8/8/8/8/8/8/4K3 w - - -'
#[pyfunction]
#[pyo3(signature = (text, notation="dfen", *, profile="spec", ep="always", en_passant=None, chess960=false))]
fn position_key(
    text: Text,
    notation: &str,
    profile: &str,
    ep: &str,
    en_passant: Option<&str>,
    chess960: bool,
) -> PyResult<String> {
    let ep = policy(ep, en_passant)?;
    let notation: notation::Notation = choose("notation", notation)?;
    // The notations a column is keyed in (`fenkit.arrow`), read as parsed, as the column is.
    if let Some(key) = key_as_parsed(&text, notation, profile, ep, chess960) {
        return key;
    }
    let request = notation::settings::Request {
        notation: Some(notation),
        profile: Some(choose("profile", profile)?),
        chess960,
        ..notation::settings::Request::default()
    };
    let resolved = request
        .resolve()
        .map_err(|error| PyValueError::new_err(error.to_string()))?;
    let text = text.as_str()?;
    match notation::rewrite::Formatter::new(resolved).key(text, ep) {
        Ok(Ok(key)) => Ok(key),
        Ok(Err(refused)) => {
            let span = refused.placed.span();
            let finding = refused.placed.finding;
            Err(crate::common::parse_error(crate::common::ErrorParts {
                code: finding.code.as_str(),
                span,
                message: finding.message.into_owned(),
                expected: String::new(),
                found: String::new(),
                help: finding.help.map(std::borrow::Cow::into_owned),
            }))
        }
        Err(error) => Err(PyValueError::new_err(error.to_string())),
    }
}

/// The key of `text` in `notation` read as parsed, as `fenkit.arrow.position_key` keys a
/// column: for the notations the table reads a column in ([`notation::Entry::columnar`]: FEN
/// and DFEN); `None` for the others.
fn key_as_parsed(
    text: &Text,
    notation: notation::Notation,
    profile: &str,
    ep: EpIdentity,
    chess960: bool,
) -> Option<PyResult<String>> {
    if !notation.entry().columnar {
        return None;
    }
    let game = identity_game(notation);
    Some(self::profile(profile).and_then(|profile| {
        let text = text.as_str()?;
        Parser::new()
            .profile(profile)
            .castling_mode(castling_mode(chess960))
            .parse(text)
            .map(|parsed| parsed.identity_key(ep, game))
            .map_err(|error| dfen_parse_error(&error))
    }))
}

/// The 64-bit FNV-1a hash of `position_key` (the hash `dedupe` narrows by first).
#[pyfunction]
#[pyo3(signature = (text, notation="dfen", *, profile="spec", ep="always", en_passant=None, chess960=false))]
fn position_hash(
    text: Text,
    notation: &str,
    profile: &str,
    ep: &str,
    en_passant: Option<&str>,
    chess960: bool,
) -> PyResult<u64> {
    position_key(text, notation, profile, ep, en_passant, chess960)
        .map(|key| dfen::fnv1a64(key.as_bytes()))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyDfen>()?;
    m.add_class::<PyParsedDfen>()?;
    m.add_function(wrap_pyfunction!(parse_dfen, m)?)?;
    m.add_function(wrap_pyfunction!(parse_dfen_batch, m)?)?;
    m.add_function(wrap_pyfunction!(lint_dfen, m)?)?;
    m.add_function(wrap_pyfunction!(position_key, m)?)?;
    m.add_function(wrap_pyfunction!(position_hash, m)?)?;
    Ok(())
}

//! Variant FENs: three-check, crazyhouse and two-move chess in their dialects, and every
//! variant of the `variants` library's table (antichess, atomic, horde, …) with its findings.

use chess::variant::{Dialect, Variant, VariantParsed, VariantParser};
use pyo3::prelude::*;

use crate::common::color_name;
use crate::common::{PyFinding, Text, conversion_error, dfen_parse_error, py_repr, py_repr_list};

/// A variant as `variant=` names it: one of `dfen`'s five, read with its slots, or one of the
/// `variants` library's table (its name or any alias), whose standard fields `dfen` reads and
/// whose validity the library judges.
#[derive(Clone, Copy)]
struct Named {
    /// How `dfen` reads the text.
    reading: Variant,
    /// The variant whose rules judge the position (`VARxxx`), where `dfen` does not.
    rules: Option<variants::Variant>,
}

impl Named {
    /// The name `ParsedVariant.variant` gives.
    fn name(self) -> &'static str {
        match self.rules {
            Some(rules) if self.reading == Variant::Chess => rules.name(),
            _ => self.reading.name(),
        }
    }
}

/// `variant="threecheck"|"antichess"|…` (every name and alias the command line's `--variant`
/// reads, `notation::VariantName`), or `ValueError` naming every variant.
fn variant(name: &str) -> PyResult<Named> {
    let named: notation::VariantName = crate::common::choose("variant", name)?;
    // Three-check and crazyhouse are read by `dfen` in their dialects and judged, as every
    // variant of the rules table, by `fenkit-variants` (spec/variants.md §11).
    Ok(Named {
        reading: named.variant(),
        rules: named.rules(),
    })
}

/// `dialect="auto"|"essay"|"stockfish"|"lichess"` (`notation::DialectArg`) that `variant` is
/// written in, or `ValueError`; `auto` is the dialect `text` is written in.
fn dialect(variant: Named, name: &str, text: &str) -> PyResult<Dialect> {
    let chosen: notation::DialectArg = crate::common::choose("dialect", name)?;
    if chosen == notation::DialectArg::Auto {
        return Ok(Dialect::detect(variant.reading, text));
    }
    let dialect = Dialect::from(chosen);
    if variant.reading.has_dialect(dialect) {
        Ok(dialect)
    } else {
        Err(pyo3::exceptions::PyValueError::new_err(format!(
            "{} has no `{}` dialect: expected `essay`",
            variant.name(),
            dialect.name()
        )))
    }
}

/// A variant FEN read in a dialect: the position's slots and every finding.
///
/// >>> parsed = fenkit.parse_variant(
/// ...     "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 3+2 0 2",
/// ...     "threecheck", "stockfish")
/// >>> parsed.checks
/// (0, 1)
/// >>> parsed.essay
/// 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 0 1'
/// >>> parsed.to_dialect("lichess")
/// 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 +0+1'
#[pyclass(module = "fenkit", name = "ParsedVariant", frozen)]
pub(crate) struct PyParsedVariant {
    parsed: VariantParsed,
    dialect: Dialect,
    variant: Named,
    /// The `variants` library's findings, for a variant of its table that `dfen` does not know.
    validity: Vec<variants::Finding>,
}

#[pymethods]
impl PyParsedVariant {
    /// What `fenkit fmt` writes: every fixable finding applied, in the dialect read.
    #[getter]
    fn canonical(&self) -> String {
        self.parsed.fixed().display_as(self.dialect).to_string()
    }

    /// The canonical form: the essay dialect, every fixable finding applied.
    #[getter]
    fn essay(&self) -> String {
        self.parsed.fixed().to_string()
    }

    /// The position (fixable findings applied) written in another dialect of its variant;
    /// `ValueError` for a dialect the variant has not.
    fn to_dialect(&self, dialect: &str) -> PyResult<String> {
        let dialect = if dialect == "auto" {
            self.dialect
        } else {
            self::dialect(self.variant, dialect, "")?
        };
        Ok(self.parsed.fixed().display_as(dialect).to_string())
    }

    /// Standard six-field FEN, refused with `ConversionError` when a slot would be lost
    /// (checks given, pieces held, promoted pieces, a second move of the turn).
    ///
    /// >>> fenkit.parse_variant("4k3/8/8/8/8/8/8/4K3 w - - 0 1 P -", "crazyhouse").to_fen()
    /// Traceback (most recent call last):
    /// ...
    /// fenkit.ConversionError: standard FEN cannot hold this position: it would drop the holdings `P`
    fn to_fen(&self) -> PyResult<String> {
        self.parsed
            .fixed()
            .to_fen()
            .map_err(|lossy| conversion_error(lossy.to_string(), lossy.dropped))
    }

    /// Every finding of the standard fields and of the slots; for a variant of the rules
    /// table (`"antichess"`, `"atomic"`, …) the syntax findings, then its validity (`VARxxx`).
    #[getter]
    fn findings(&self) -> Vec<PyFinding> {
        let mut findings = PyFinding::all(&self.parsed.findings);
        findings.extend(PyFinding::all(&self.validity));
        findings
    }

    /// Whether a finding is an error (`fenkit check` fails the position).
    #[getter]
    fn has_errors(&self) -> bool {
        self.parsed.has_errors()
            || self
                .validity
                .iter()
                .any(|f| f.severity == fenkit_diagnostics::Severity::Error)
    }

    /// The variant: `"chess"`, `"dice"`, `"threecheck"`, `"crazyhouse"`, `"twomove"`, or a
    /// variant of the rules table by its name (`"antichess"`, `"racingkings"`, …).
    #[getter]
    fn variant(&self) -> &'static str {
        self.variant.name()
    }

    /// The dialect it was read in.
    #[getter]
    fn dialect(&self) -> &'static str {
        self.dialect.name()
    }

    /// The six standard fields as written (without the slots).
    #[getter]
    fn fen(&self) -> String {
        self.parsed.position.fen.to_fen_lossy().0
    }

    /// The side to move: `"white"` or `"black"`.
    #[getter]
    fn side(&self) -> &'static str {
        color_name(self.parsed.position.fen.side)
    }

    /// Three-check: the checks given by White and by Black.
    #[getter]
    fn checks(&self) -> (u8, u8) {
        let checks = self.parsed.position.checks;
        (checks.white, checks.black)
    }

    /// Three-check: the number of checks that wins.
    #[getter]
    fn check_limit(&self) -> u8 {
        self.parsed.position.checks.limit
    }

    /// Crazyhouse: the pieces in hand, White's first, each colour P N B R Q (`""` for none).
    #[getter]
    fn holdings(&self) -> String {
        let holdings = &self.parsed.position.holdings;
        if holdings.is_empty() {
            String::new()
        } else {
            holdings.to_string()
        }
    }

    /// Crazyhouse: the squares of promoted pieces, alphabetically.
    #[getter]
    fn promoted(&self) -> Vec<String> {
        self.parsed
            .position
            .promoted
            .iter_alphabetical()
            .map(|square| square.to_string())
            .collect()
    }

    /// Two-move chess: 1 or 2, the move of the turn about to be made.
    #[getter]
    fn sub_turn(&self) -> u8 {
        match self.parsed.position.sub_turn {
            chess::variant::SubTurn::First => 1,
            chess::variant::SubTurn::Second => 2,
        }
    }

    /// The key `fenkit dedupe` compares: the essay form without the clocks.
    fn identity_key(&self) -> String {
        self.parsed.fixed().identity_key()
    }

    fn __repr__(&self) -> String {
        format!(
            "ParsedVariant(variant={}, dialect={}, essay={}, findings={})",
            py_repr(self.variant()),
            py_repr(self.dialect.name()),
            py_repr(&self.essay()),
            py_repr_list(
                self.parsed
                    .findings
                    .iter()
                    .map(|f| f.code.as_str())
                    .chain(self.validity.iter().map(|f| f.code.as_str()))
            )
        )
    }
}

/// Parses one variant FEN of `variant` (`"threecheck"`, `"crazyhouse"`, `"twomove"`,
/// `"chess"`/`"dice"`, or any variant of the rules table by its name or an alias:
/// `"antichess"`, `"giveaway"`, `"atomic"`, `"horde"`, `"racingkings"`, `"kingofthehill"`,
/// `"Racing Kings"`, …) written in `dialect` (`"auto"`, the default: the dialect the text is
/// written in; `"essay"`, the canonical form; `"stockfish"`: `3+3` and `[...]` with `~`;
/// `"lichess"`: `+a+b` and a ninth-rank pocket). A variant of the rules table is judged by
/// its own rules (`VARxxx` findings). `check_limit` is three-check's number of checks that
/// wins. A syntax error raises `ParseError`.
///
/// >>> fenkit.parse_variant("8/8/8/8/8/8/8/k6K w - - 0 1", "horde").findings[0].code
/// 'VAR012'
///
/// >>> parsed = fenkit.parse_variant(
/// ...     "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[] w KQkq - 2 3",
/// ...     "crazyhouse", "stockfish")
/// >>> parsed.essay
/// 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 - -'
/// >>> fenkit.parse_variant("4k3/8/8/8/8/8/8/4K3[Kp] w - - 0 1", "crazyhouse", "stockfish")
/// Traceback (most recent call last):
/// ...
/// fenkit.ParseError: holdings letter is not a piece that can be held: expected a piece that can be held: one of `PNBRQ` for White, `pnbrq` for Black, found `K`
#[pyfunction]
#[pyo3(signature = (text, variant, dialect="auto", *, check_limit=3, strict=false))]
fn parse_variant(
    text: Text,
    variant: &str,
    dialect: &str,
    check_limit: u8,
    strict: bool,
) -> PyResult<PyParsedVariant> {
    let variant = self::variant(variant)?;
    let text = text.as_str()?;
    let dialect = self::dialect(variant, dialect, text)?;
    if check_limit == 0 {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "check_limit must be at least 1, found 0",
        ));
    }
    let parsed = VariantParser::new(variant.reading)
        .dialect(dialect)
        .check_limit(check_limit)
        .strict(strict)
        // Standard chess's position rules are not the variant's: its library judges it.
        .check_position(variant.rules.is_none())
        .parse(text)
        .map_err(|error| dfen_parse_error(&error))?;
    let validity = match variant.rules {
        // A variant of standard FEN: the library reads the text itself.
        Some(rules) if variant.reading == Variant::Chess => variants::check(rules, text, false)
            .map(|checked| checked.findings)
            .map_err(|error| dfen_parse_error(&error))?,
        // Three-check, crazyhouse: the position `dfen` read, pockets and checks with it.
        Some(rules) => {
            variants::Position::from_variant_fen(rules, &parsed.position, false).findings(text)
        }
        None => Vec::new(),
    };
    Ok(PyParsedVariant {
        parsed,
        dialect,
        variant,
        validity,
    })
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyParsedVariant>()?;
    m.add_function(wrap_pyfunction!(parse_variant, m)?)?;
    Ok(())
}

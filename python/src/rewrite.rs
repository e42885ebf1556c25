//! `fenkit.format` and `fenkit.convert`: what `fenkit fmt -` and `fenkit convert -` write for
//! a text on standard input. The settings are handed to the library by name
//! (`notation::named`), which reads, resolves and applies them; this module only moves the
//! arguments in and the answers, or the exceptions, out.

use std::cell::RefCell;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use notation::named::{ReadNames, RewriteNames, Rewriter};
use notation::rewrite::Refused;
use notation::settings::SettingError;

use crate::common::{ErrorParts, PyFinding, Text, conversion_error, parse_error};

/// The settings of a call, owned, so that a loop that rewrites text after text with the same
/// settings resolves them once (the rewriter is kept for the next call).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Settings {
    notation: Option<String>,
    variant: Option<String>,
    profile: Option<String>,
    dialect: Option<String>,
    chess960: bool,
    strict: bool,
    to_dialect: Option<String>,
    castling: Option<String>,
    en_passant: Option<String>,
    to: Option<String>,
    lossy: bool,
    positions: Option<String>,
}

impl Settings {
    /// These settings as the library takes them.
    fn names(&self) -> RewriteNames<'_> {
        RewriteNames {
            read: ReadNames {
                notation: self.notation.as_deref(),
                variant: self.variant.as_deref(),
                profile: self.profile.as_deref(),
                dialect: self.dialect.as_deref(),
                check_limit: None,
                chess960: self.chess960,
                strict: self.strict,
            },
            to_dialect: self.to_dialect.as_deref(),
            castling: self.castling.as_deref(),
            en_passant: self.en_passant.as_deref(),
            ep: None,
            from: None,
            to: self.to.as_deref(),
            lossy: self.lossy,
            positions: self.positions.as_deref(),
        }
    }
}

thread_local! {
    /// The rewriter of the last settings.
    static KEPT: RefCell<Option<(Settings, Rewriter)>> = const { RefCell::new(None) };
}

/// What `rewrite` answers for `text` with the rewriter of `settings`, made off the
/// interpreter's lock; the exceptions of a refusal.
fn rewritten(
    py: Python<'_>,
    text: &Text,
    settings: Settings,
    rewrite: impl FnOnce(&mut Rewriter, &str) -> Result<Result<String, Box<Refused>>, SettingError>
    + Send,
) -> PyResult<String> {
    let text = text.as_str()?;
    let answer = py.detach(|| {
        KEPT.with_borrow_mut(|kept| {
            let rewriter = match kept {
                Some((asked, rewriter)) if *asked == settings => rewriter,
                _ => {
                    let rewriter = Rewriter::new(&settings.names());
                    &mut kept.insert((settings, rewriter)).1
                }
            };
            rewrite(rewriter, text)
        })
    });
    match answer {
        Ok(Ok(written)) => Ok(written),
        Ok(Err(refused)) => Err(refusal(*refused, text)),
        Err(error) => Err(PyValueError::new_err(error.to_string())),
    }
}

/// The exception of a refused text: `ConversionError` when a conversion would drop what
/// `.dropped` names, else `ParseError` with the code, message and help of the error that
/// rejects a position, its span in code points of the whole text and its `line`, and for PGN
/// games converted, `written`: what `fenkit convert` writes all the same (`None` otherwise).
fn refusal(refused: Refused, text: &str) -> PyErr {
    let finding = &refused.placed.finding;
    if !refused.dropped.is_empty() {
        return conversion_error(finding.message.clone().into_owned(), refused.dropped);
    }
    let placed = PyFinding::placed(&refused.placed, text);
    let (start, end) = placed.span_pair();
    let error = parse_error(ErrorParts {
        code: finding.code.as_str(),
        span: start..end,
        message: finding.message.clone().into_owned(),
        expected: String::new(),
        found: String::new(),
        help: finding.help.clone().map(std::borrow::Cow::into_owned),
    });
    Python::attach(|py| {
        let value = error.value(py);
        match value
            .setattr("line", refused.placed.line)
            .and_then(|()| value.setattr("written", refused.written))
        {
            Ok(()) => error,
            Err(failure) => failure,
        }
    })
}

/// What `fenkit fmt --notation … -` writes for `text` on standard input: every position in its
/// canonical form, in the dialect and castling spelling it is written in, and every other
/// byte kept (comments, blank lines, line ends). `castling=` (`"xfen"`, `"shredder"`) and
/// `en_passant=` (`"always"`, `"fen"`, `"xfen"`, `"legal"`) rewrite them as `fmt
/// --castling` and `--en-passant` do; the other settings read the text as `fenkit.check` reads
/// it. A position with an error, which `fmt` leaves as written, raises `ParseError` (its
/// `span` in code points of the text, and its `line`); settings that do not go together
/// raise `ValueError`. `notation="pgn"` formats PGN games.
///
/// >>> import fenkit
/// >>> fenkit.format("4k3/8/8/8/8/8/8/4K3 w - - 0 01\n")
/// '4k3/8/8/8/8/8/8/4K3 w - - 0 1\n'
/// >>> fenkit.format("4k2r/8/8/8/8/8/8/R3K3 w Ah - 0 1", chess960=True)
/// '4k2r/8/8/8/8/8/8/R3K3 w Ah - 0 1'
#[pyfunction]
#[pyo3(signature = (text, *, notation=None, profile=None, chess960=false, variant=None, dialect=None, strict=false, to_dialect=None, castling=None, en_passant=None))]
#[allow(clippy::too_many_arguments)]
fn format(
    py: Python<'_>,
    text: Text,
    notation: Option<String>,
    profile: Option<String>,
    chess960: bool,
    variant: Option<String>,
    dialect: Option<String>,
    strict: bool,
    to_dialect: Option<String>,
    castling: Option<String>,
    en_passant: Option<String>,
) -> PyResult<String> {
    let settings = Settings {
        notation,
        variant,
        profile,
        dialect,
        chess960,
        strict,
        to_dialect,
        castling,
        en_passant,
        ..Settings::default()
    };
    rewritten(py, &text, settings, Rewriter::format)
}

/// What `fenkit convert --notation … --to … -` writes for `text` on standard input: every
/// position converted to `to` (`"fen"`, `"dfen"`, `"epd"`, `"json"` …, the names `--to`
/// takes), or with `notation="pgn"`, every game projected (`"uci"`, `"fen"`, `"epd"`,
/// `"json"`; `positions="final"` writes one position a game). `notation` is the form read
/// (`convert --from`; `None`: each line's own). With `variant=` alone, a variant's lines are
/// converted between its dialects (`to_dialect=`). `lossy=True` drops what `to` cannot hold;
/// without it such a text raises `ConversionError` naming what would be `.dropped`. A
/// position with an error raises `ParseError`; settings that do not go together,
/// `ValueError`.
///
/// >>> import fenkit
/// >>> fenkit.convert("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "epd")
/// '4k3/8/8/8/8/8/8/4K3 w - -'
/// >>> fenkit.convert("1. e4 e5 *", "uci", notation="pgn")
/// 'e2e4 e7e5'
#[pyfunction]
#[pyo3(signature = (text, to=None, *, notation=None, profile=None, chess960=false, variant=None, dialect=None, strict=false, to_dialect=None, castling=None, en_passant=None, lossy=false, positions=None))]
#[allow(clippy::too_many_arguments)]
fn convert(
    py: Python<'_>,
    text: Text,
    to: Option<String>,
    notation: Option<String>,
    profile: Option<String>,
    chess960: bool,
    variant: Option<String>,
    dialect: Option<String>,
    strict: bool,
    to_dialect: Option<String>,
    castling: Option<String>,
    en_passant: Option<String>,
    lossy: bool,
    positions: Option<String>,
) -> PyResult<String> {
    let settings = Settings {
        notation,
        variant,
        profile,
        dialect,
        chess960,
        strict,
        to_dialect,
        castling,
        en_passant,
        to,
        lossy,
        positions,
    };
    rewritten(py, &text, settings, |rewriter, text| rewriter.convert(text))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(format, m)?)?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    Ok(())
}

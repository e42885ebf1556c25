//! The syntax error: what failed, in which field, where, what was expected and what was found.

use std::borrow::Cow;
use std::ops::Range;

use crate::Code;

/// Why a DFEN was rejected: a syntax problem, with its field and byte span.
///
/// The message is one lowercase sentence naming what was expected and what was found. Line and
/// column are not known here: the caller turns [`span`](fenkit_diagnostics::Rejection::span)
/// into them. The field is the [`FieldContext`] context, read as [`field`](FieldContext::field).
///
/// ```
/// let err = "8/8/8/8/8/8/8/8 x - - 0 1 -".parse::<dfen::Dfen>().unwrap_err();
/// assert_eq!(err.code().as_str(), "DFEN007");
/// assert_eq!(err.field(), Some(2));
/// assert_eq!(err.span(), 16..17);
/// assert_eq!(
///     err.to_string(),
///     "side to move must be `w` or `b`: expected `w` or `b`, found `x`"
/// );
/// ```
///
/// How to fix the input, when the fix is certain, such as ``write `bkk` ``:
///
/// ```
/// let err = dfen::Parser::new()
///     .parse("4k3/8/8/8/8/8/8/4K3 b - - 0 1 BKK")
///     .unwrap_err();
/// assert_eq!(err.help(), Some("write `bkk`"));
/// // An unknown piece letter has no certain fix.
/// let err = dfen::Parser::new()
///     .parse("4k3/8/8/8/8/8/8/4X3 w - - 0 1 -")
///     .unwrap_err();
/// assert_eq!(err.help(), None);
/// ```
///
/// As a [`Finding`](crate::Finding) of error severity, with its message and help, for a caller
/// that reports syntax errors beside findings:
///
/// ```
/// let err = "8/8/8/8/8/8/8/8 W - - 0 1 -".parse::<dfen::Dfen>().unwrap_err();
/// let finding = err.to_finding();
/// assert_eq!(finding.code, err.code());
/// assert_eq!(finding.span, 16..17);
/// assert_eq!(finding.help.as_deref(), Some("write `w`"));
/// ```
pub type ParseError = fenkit_diagnostics::Rejection<Code, FieldContext>;

/// The field (1–7) a DFEN syntax error is in, or none for whole-input problems such as the
/// field count: the context of a [`ParseError`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FieldContext(Option<u8>);

impl FieldContext {
    /// The field (1–7) the problem is in, or `None` for whole-input problems.
    #[must_use]
    pub fn field(&self) -> Option<u8> {
        self.0
    }
}

impl fenkit_diagnostics::Context for FieldContext {}

/// A syntax error of `code` in `field`.
#[cold]
pub fn parse_error(
    code: Code,
    field: Option<u8>,
    span: Range<usize>,
    expected: impl Into<Cow<'static, str>>,
    found: impl Into<String>,
) -> ParseError {
    ParseError::with_context(code, span, expected, found, FieldContext(field))
}

/// `error` with its span and field moved by `map`: for an error found in a text built from the
/// input (the variant layer's six standard fields) to point into the input.
pub fn relocated(
    mut error: ParseError,
    map: impl Fn(Range<usize>) -> Range<usize>,
    field: impl Fn(u8) -> u8,
) -> ParseError {
    let moved = error.field().map(field);
    *error.context_mut() = FieldContext(moved);
    let span = map(error.span());
    error.with_span(span)
}

pub use fenkit_diagnostics::InvalidValue;

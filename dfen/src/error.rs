//! The syntax error: what failed, in which field, where, what was expected and what was found.

use std::borrow::Cow;
use std::fmt;
use std::ops::Range;

use crate::Code;

/// Why a DFEN was rejected: a syntax problem, with its field and byte span.
///
/// The message is one lowercase sentence naming what was expected and what was found. Line and
/// column are not known here: the caller turns [`span`](ParseError::span) into them.
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
#[derive(Clone, PartialEq, Eq)]
pub struct ParseError(Box<Details>);

/// Boxed so that `Result<_, ParseError>` stays one pointer wide on the hot path.
#[derive(Clone, PartialEq, Eq)]
struct Details {
    code: Code,
    field: Option<u8>,
    span: Range<usize>,
    expected: Cow<'static, str>,
    found: String,
    help: Option<Cow<'static, str>>,
}

impl ParseError {
    #[cold]
    pub(crate) fn new(
        code: Code,
        field: Option<u8>,
        span: Range<usize>,
        expected: impl Into<Cow<'static, str>>,
        found: impl Into<String>,
    ) -> ParseError {
        ParseError(Box::new(Details {
            code,
            field,
            span,
            expected: expected.into(),
            found: found.into(),
            help: None,
        }))
    }

    /// This error with a `help:` line: the fix, when it is certain.
    #[cold]
    pub(crate) fn with_help(mut self, help: impl Into<Cow<'static, str>>) -> ParseError {
        self.0.help = Some(help.into());
        self
    }

    /// This error with its span and field moved by `map`: for an error found in a text built
    /// from the input (the variant layer's six standard fields) to point into the input.
    pub(crate) fn relocated(
        mut self,
        map: impl Fn(Range<usize>) -> Range<usize>,
        field: impl Fn(u8) -> u8,
    ) -> ParseError {
        self.0.span = map(self.0.span.clone());
        self.0.field = self.0.field.map(field);
        self
    }

    /// The stable code, e.g. `DFEN007`.
    #[must_use]
    pub fn code(&self) -> Code {
        self.0.code
    }

    /// The field (1–7) the problem is in, or `None` for whole-input problems such as the field count.
    #[must_use]
    pub fn field(&self) -> Option<u8> {
        self.0.field
    }

    /// The byte range of the input that is wrong (empty at the end of input for something missing).
    #[must_use]
    pub fn span(&self) -> Range<usize> {
        self.0.span.clone()
    }

    /// What would have been accepted here.
    #[must_use]
    pub fn expected(&self) -> &str {
        &self.0.expected
    }

    /// What the input has here.
    #[must_use]
    pub fn found(&self) -> &str {
        &self.0.found
    }

    /// How to fix the input, when the fix is certain, such as ``write `bkk` ``.
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
    #[must_use]
    pub fn help(&self) -> Option<&str> {
        self.0.help.as_deref()
    }

    /// This error as a [`Finding`](crate::Finding) of error severity, with its message and help,
    /// for a caller that reports syntax errors beside findings.
    ///
    /// ```
    /// let err = "8/8/8/8/8/8/8/8 W - - 0 1 -".parse::<dfen::Dfen>().unwrap_err();
    /// let finding = err.to_finding();
    /// assert_eq!(finding.code, err.code());
    /// assert_eq!(finding.span, 16..17);
    /// assert_eq!(finding.help.as_deref(), Some("write `w`"));
    /// ```
    #[must_use]
    pub fn to_finding(&self) -> crate::Finding {
        let mut finding = crate::Finding::new(
            self.0.code,
            crate::Severity::Error,
            self.0.span.clone(),
            self.to_string(),
        );
        finding.help = self.0.help.clone();
        finding
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: expected {}, found {}",
            self.0.code.title(),
            self.0.expected,
            self.0.found
        )
    }
}

impl fmt::Debug for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}[{:?}] {}", self.0.code, self.0.span, self)
    }
}

impl std::error::Error for ParseError {}

pub use fenkit_diagnostics::InvalidValue;

//! The one shape of a refusal: a code, a byte span, what was expected, what was found, and the
//! fix when it is known.

use std::borrow::Cow;
use std::fmt;
use std::ops::{Deref, Range};

use crate::{Code, Finding, Severity};

/// Why an input was rejected: a stable code of a library's table, the byte span of the input
/// that is wrong, what would have been accepted there, what the input has, and `help:` when the
/// fix is certain.
///
/// Each library names its rejections with a type alias (`dfen::ParseError`,
/// `chess::epd::SyntaxError`, `fen4::ParseError`, …). A library that knows more about a
/// rejection (the field it is in, the legal moves of a refused move) puts it in the
/// [`Context`] `X`; the rejection dereferences to it, so those facts read as methods of the
/// rejection. The message is written once, here, as `{title}: expected {expected}, found
/// {found}`, unless the context words it otherwise.
///
/// Boxed, so that a `Result<_, Rejection<C, X>>` stays one pointer wide on the hot path.
///
/// ```
/// use fenkit_diagnostics::{Rejection, Severity};
/// fenkit_diagnostics::codes! {
///     /// Codes.
///     pub enum Code {
///         /// A side that is not `w` or `b`.
///         Side = "EX007", Syntax, "side to move must be `w` or `b`";
///     }
/// }
///
/// let error = Rejection::<Code>::new(Code::Side, 16..17, "`w` or `b`", "`W`")
///     .with_help("write `w`");
/// assert_eq!(
///     error.to_string(),
///     "side to move must be `w` or `b`: expected `w` or `b`, found `W`"
/// );
/// let finding = error.to_finding();
/// assert_eq!(finding.severity, Severity::Error);
/// assert_eq!(finding.span, 16..17);
/// assert_eq!(finding.help.as_deref(), Some("write `w`"));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Rejection<C, X = ()>(Box<Details<C, X>>);

#[derive(Clone, PartialEq, Eq)]
struct Details<C, X> {
    code: C,
    span: Range<usize>,
    expected: Cow<'static, str>,
    found: String,
    help: Option<Cow<'static, str>>,
    context: X,
}

/// What a library knows about a rejection beyond its shared shape, and how that changes its
/// message. `()` adds nothing.
pub trait Context: Sized {
    /// Writes the rejection's message: one lowercase sentence without a full stop. By default
    /// `{title}: expected {expected}, found {found}`.
    ///
    /// # Errors
    /// Only those of the formatter.
    fn write_message<C: Code>(
        &self,
        rejection: &Rejection<C, Self>,
        f: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
        write!(f, "{}: ", rejection.code().title())?;
        rejection.write_expected_found(f)
    }

    /// Writes the rejection for `{:?}`: by default `{code}[{span:?}] {message}`.
    ///
    /// # Errors
    /// Only those of the formatter.
    fn write_debug<C: Code>(
        &self,
        rejection: &Rejection<C, Self>,
        f: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
        write!(
            f,
            "{}[{:?}] {rejection}",
            rejection.code(),
            rejection.span()
        )
    }

    /// Whether writing the canonical form removes the problem: a rejection that only a strict
    /// setting makes. `false` by default.
    fn fixable(&self) -> bool {
        false
    }
}

impl Context for () {}

impl<C, X: Default> Rejection<C, X> {
    /// A rejection with the default context and no help.
    #[cold]
    pub fn new(
        code: C,
        span: Range<usize>,
        expected: impl Into<Cow<'static, str>>,
        found: impl Into<String>,
    ) -> Rejection<C, X> {
        Rejection::with_context(code, span, expected, found, X::default())
    }
}

impl<C, X> Rejection<C, X> {
    /// A rejection with this context and no help.
    #[cold]
    pub fn with_context(
        code: C,
        span: Range<usize>,
        expected: impl Into<Cow<'static, str>>,
        found: impl Into<String>,
        context: X,
    ) -> Rejection<C, X> {
        Rejection(Box::new(Details {
            code,
            span,
            expected: expected.into(),
            found: found.into(),
            help: None,
            context,
        }))
    }

    /// This rejection with a `help:` line: the fix, when it is certain.
    #[cold]
    #[must_use]
    pub fn with_help(mut self, help: impl Into<Cow<'static, str>>) -> Rejection<C, X> {
        self.0.help = Some(help.into());
        self
    }

    /// This rejection with its span moved: for a rejection found in a text built from the input
    /// to point into the input.
    #[must_use]
    pub fn with_span(mut self, span: Range<usize>) -> Rejection<C, X> {
        self.0.span = span;
        self
    }

    /// The stable code.
    #[must_use]
    pub fn code(&self) -> C
    where
        C: Copy,
    {
        self.0.code
    }

    /// The byte range of the input that is wrong (empty at the end of the input for something
    /// missing).
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

    /// How to fix the input, when the fix is certain.
    #[must_use]
    pub fn help(&self) -> Option<&str> {
        self.0.help.as_deref()
    }

    /// What the library knows beyond the shared shape.
    #[must_use]
    pub fn context(&self) -> &X {
        &self.0.context
    }

    /// The context, to change.
    pub fn context_mut(&mut self) -> &mut X {
        &mut self.0.context
    }

    /// Writes `expected {expected}, found {found}`: the part of every message that is the same.
    ///
    /// # Errors
    /// Only those of the formatter.
    pub fn write_expected_found(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {}, found {}", self.0.expected, self.0.found)
    }
}

impl<C: Code, X: Context> Rejection<C, X> {
    /// This rejection as a [`Finding`] of error severity, with its message and help, for a
    /// caller that reports rejections beside findings.
    #[must_use]
    pub fn to_finding(&self) -> Finding<C> {
        let mut finding = Finding::new(
            self.0.code,
            Severity::Error,
            self.0.span.clone(),
            self.to_string(),
        )
        .with_fixable(self.0.context.fixable());
        finding.help = self.0.help.clone();
        finding
    }
}

impl<C, X> Deref for Rejection<C, X> {
    type Target = X;

    fn deref(&self) -> &X {
        &self.0.context
    }
}

impl<C: Code, X: Context> fmt::Display for Rejection<C, X> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.context.write_message(self, f)
    }
}

impl<C: Code, X: Context> fmt::Debug for Rejection<C, X> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.context.write_debug(self, f)
    }
}

impl<C: Code, X: Context> std::error::Error for Rejection<C, X> {}

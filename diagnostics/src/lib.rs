//! The diagnostic vocabulary of fenkit: what its libraries (`dfen`, `fen4`, `pgn`,
//! `variants`) and its command line say about an input.
//!
//! - [`Severity`]: a warning or an error, one type everywhere.
//! - [`Finding`]: one problem, with its stable code, severity, byte span, message, help and
//!   whether `fmt` can fix it. It is generic over the code table, so each library keeps its
//!   own codes while every layer shares the shape.
//! - [`Code`]: what every code table offers: the string form (`DFEN012`), a title that is the
//!   same for every occurrence, a [`Category`], and the list of all codes.
//! - [`codes!`]: writes a code table from one list, so that a code's facts live in one place.
//! - [`Rejection`]: why an input was rejected (code, span, expected, found, help), one type
//!   for every library's syntax errors, generic over the code table and a [`Context`] of what
//!   the library knows beyond that shape.
//! - [`InvalidValue`]: a name that is not one of the names a conversion reads.
//!
//! # Module map
//!
//! | module | what it holds |
//! |---|---|
//! | the crate root | [`Severity`], [`Category`], [`Finding`], the [`Code`] trait, [`codes!`], [`InvalidValue`] |
//! | `rejection` | [`Rejection`] and its [`Context`] |
//! | `json` (feature `json`) | JSON text read with the byte span of every value and key |
//!
//! The notation libraries share nothing else; this crate exists so that they speak the
//! same vocabulary, and the command line can hold all of their findings in one type without
//! converting severities or reading code strings back.
//!
//! ```
//! use fenkit_diagnostics::{Code as _, Category, Finding, Severity};
//!
//! fenkit_diagnostics::codes! {
//!     /// The codes of a small example notation.
//!     pub enum Code {
//!         /// The input is empty.
//!         Empty = "EX001", Syntax, "empty input";
//!         /// A run of spaces.
//!         Spacing = "EX101", NonCanonical, "non-canonical spacing";
//!     }
//! }
//!
//! assert_eq!(Code::Spacing.as_str(), "EX101");
//! assert_eq!(Code::Spacing.category(), Category::NonCanonical);
//! assert_eq!("ex001".parse::<Code>(), Ok(Code::Empty));
//! assert_eq!(<Code as fenkit_diagnostics::Code>::ALL.len(), 2);
//!
//! let finding = Finding::new(Code::Spacing, Severity::Warning, 3..5, "two spaces")
//!     .with_help("write one space")
//!     .with_fixable(true);
//! assert_eq!(finding.to_string(), "warning[EX101] at 3..5: two spaces");
//! ```

#[cfg(feature = "json")]
pub mod json;
mod rejection;

pub use rejection::{Context, Rejection};

use std::borrow::Cow;
use std::fmt;
use std::hash::Hash;
use std::ops::Range;
use std::str::FromStr;

/// What [`codes!`] needs from outside the crate that calls it.
#[doc(hidden)]
pub mod __private {
    pub use serde;
}

/// How serious a finding is. `Warning < Error`, so the most serious of several findings is
/// their `max()`.
///
/// ```
/// use fenkit_diagnostics::Severity;
/// assert!(Severity::Warning < Severity::Error);
/// assert_eq!(Severity::Error.to_string(), "error");
/// ```
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth knowing; fails a check only when warnings are denied.
    Warning,
    /// The input is wrong.
    Error,
}

impl Severity {
    /// `"warning"` or `"error"`, as every output format writes it.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The kind of problem a code stands for. Every code has exactly one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Category {
    /// The input cannot be read as its notation; the parse stops.
    Syntax,
    /// Read, but not written in the canonical form; `fmt` rewrites it.
    NonCanonical,
    /// The position itself is impossible or suspect.
    Position,
    /// A record of a replay file (an NDJSON4 line) is wrong or not portable.
    Record,
    /// A JSON form cannot be converted.
    Conversion,
    /// The rules engine refuses a request: no dice, an illegal move, a game that is over.
    Rule,
    /// The input as a file or stream: its encoding, its length, how many positions it holds.
    Input,
    /// An operation of an EPD line: its operands, its moves, or the opcode repeated.
    Operation,
}

impl Category {
    /// A lowercase name, as machine output writes it: `syntax`, `non-canonical`, `position`,
    /// `record`, `conversion`, `rule`, `input`, `operation`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Category::Syntax => "syntax",
            Category::NonCanonical => "non-canonical",
            Category::Position => "position",
            Category::Record => "record",
            Category::Conversion => "conversion",
            Category::Rule => "rule",
            Category::Input => "input",
            Category::Operation => "operation",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A table of stable codes. Written by [`codes!`]; a code's string form never changes meaning.
pub trait Code:
    Copy + Eq + Ord + Hash + fmt::Debug + fmt::Display + FromStr<Err = InvalidValue> + 'static
{
    /// Every code of the table, in numeric order.
    const ALL: &'static [Self];

    /// The code as reports write it, e.g. `"DFEN012"`.
    fn as_str(self) -> &'static str;

    /// A short lowercase description, the same for every occurrence.
    fn title(self) -> &'static str;

    /// The kind of problem.
    fn category(self) -> Category;
}

/// Looks a code up by its string form, ignoring ASCII case; the error names the table's range.
///
/// ```
/// use fenkit_diagnostics::code_from_str;
/// # fenkit_diagnostics::codes! { /** Codes. */ pub enum Code {
/// #     /** A. */ A = "EX001", Syntax, "a"; /** B. */ B = "EX002", Syntax, "b"; } }
/// assert_eq!(code_from_str::<Code>("ex002"), Ok(Code::B));
/// assert_eq!(
///     code_from_str::<Code>("EX999").unwrap_err().to_string(),
///     "unknown code `EX999`: expected a code from `EX001` to `EX002`"
/// );
/// ```
pub fn code_from_str<C: Code>(text: &str) -> Result<C, InvalidValue> {
    C::ALL
        .iter()
        .copied()
        .find(|code| code.as_str().eq_ignore_ascii_case(text))
        .ok_or_else(|| {
            let first = C::ALL.first().map_or("", |code| code.as_str());
            let last = C::ALL.last().map_or("", |code| code.as_str());
            InvalidValue::new(format!(
                "unknown code `{text}`: expected a code from `{first}` to `{last}`"
            ))
        })
}

/// Writes a code table: an enum with one variant per code, its string form, category and
/// title, and the [`Code`] trait, `Display`, `FromStr` and serde (as the string form) for it.
///
/// The enum may have any visibility (`pub`, `pub(crate)`). Each entry reads `Variant = "STRING", Category, "title";` after its doc comment, where
/// `Category` is a [`Category`] variant. The enum's own doc comment comes first. See the crate
/// documentation for an example.
#[macro_export]
macro_rules! codes {
    (
        $(#[$enum_meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$doc:meta])* $variant:ident = $text:literal, $category:ident, $title:literal; )*
        }
    ) => {
        $(#[$enum_meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        $vis enum $name {
            $( $(#[$doc])* $variant, )*
        }

        impl $name {
            /// Every code, in numeric order.
            $vis const ALL: &'static [$name] = &[$($name::$variant,)*];

            /// The code as reports write it.
            #[must_use]
            $vis const fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text,)* }
            }

            /// A short lowercase description of the problem, the same for every occurrence.
            #[must_use]
            $vis const fn title(self) -> &'static str {
                match self { $($name::$variant => $title,)* }
            }

            /// The kind of problem.
            #[must_use]
            $vis const fn category(self) -> $crate::Category {
                match self { $($name::$variant => $crate::Category::$category,)* }
            }
        }

        impl $crate::Code for $name {
            const ALL: &'static [$name] = $name::ALL;

            fn as_str(self) -> &'static str {
                $name::as_str(self)
            }

            fn title(self) -> &'static str {
                $name::title(self)
            }

            fn category(self) -> $crate::Category {
                $name::category(self)
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $crate::InvalidValue;

            /// Reads the string form, ignoring ASCII case.
            fn from_str(text: &str) -> ::std::result::Result<$name, $crate::InvalidValue> {
                $crate::code_from_str(text)
            }
        }

        impl $crate::__private::serde::Serialize for $name {
            fn serialize<S: $crate::__private::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::std::result::Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> $crate::__private::serde::Deserialize<'de> for $name {
            fn deserialize<D: $crate::__private::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::std::result::Result<$name, D::Error> {
                let text = <::std::borrow::Cow<'de, str> as $crate::__private::serde::Deserialize>::deserialize(deserializer)?;
                text.parse().map_err(<D::Error as $crate::__private::serde::de::Error>::custom)
            }
        }
    };
}

/// One problem found in an input.
///
/// The span is a byte range of the text the finding is about; line and column are the
/// caller's to work out, since only it knows where the text sits in a file.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[non_exhaustive]
pub struct Finding<C> {
    /// The stable code.
    pub code: C,
    /// How serious it is.
    pub severity: Severity,
    /// The byte range of the input it is about.
    pub span: Range<usize>,
    /// One lowercase sentence without a full stop, saying what was expected and what was
    /// found. Borrowed when it is always the same, so most findings allocate nothing for it.
    pub message: Cow<'static, str>,
    /// Whether writing the canonical form removes the problem (`fmt` applies these).
    pub fixable: bool,
    /// How to fix it, where that is known.
    pub help: Option<Cow<'static, str>>,
}

impl<C> Finding<C> {
    /// A finding with no help that `fmt` cannot fix; see [`Finding::with_help`] and
    /// [`Finding::with_fixable`].
    pub fn new(
        code: C,
        severity: Severity,
        span: Range<usize>,
        message: impl Into<Cow<'static, str>>,
    ) -> Finding<C> {
        Finding {
            code,
            severity,
            span,
            message: message.into(),
            fixable: false,
            help: None,
        }
    }

    /// This finding with a help line.
    #[must_use]
    pub fn with_help(mut self, help: impl Into<Cow<'static, str>>) -> Finding<C> {
        self.help = Some(help.into());
        self
    }

    /// This finding marked as one that `fmt` fixes, or not.
    #[must_use]
    pub fn with_fixable(mut self, fixable: bool) -> Finding<C> {
        self.fixable = fixable;
        self
    }

    /// This finding with its code put into another table, e.g. a library's code into the one
    /// code type of a command line that reports several libraries.
    ///
    /// ```
    /// use fenkit_diagnostics::{Finding, Severity};
    /// let finding = Finding::new(7_u8, Severity::Error, 0..1, "bad").map_code(u32::from);
    /// assert_eq!(finding.code, 7_u32);
    /// ```
    pub fn map_code<D>(self, convert: impl FnOnce(C) -> D) -> Finding<D> {
        Finding {
            code: convert(self.code),
            severity: self.severity,
            span: self.span,
            message: self.message,
            fixable: self.fixable,
            help: self.help,
        }
    }
}

impl<C: fmt::Display> fmt::Display for Finding<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}[{}] at {}..{}: {}",
            self.severity, self.code, self.span.start, self.span.end, self.message
        )
    }
}

/// A value that is not one of the names or forms a conversion reads: a code, a profile name, a
/// JSON form that breaks its rules. The message says what was expected and what was found.
///
/// ```
/// let error = fenkit_diagnostics::InvalidValue::new("unknown profile `x`: expected `spec`");
/// assert_eq!(error.message(), "unknown profile `x`: expected `spec`");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidValue(String);

impl InvalidValue {
    /// An error with this message: what was expected and what was found.
    pub fn new(message: impl Into<String>) -> InvalidValue {
        InvalidValue(message.into())
    }

    /// The message.
    #[must_use]
    pub fn message(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for InvalidValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InvalidValue {}

/// Appends `n` in decimal without the `fmt` machinery (which cost more than the digits, on hot
/// report paths).
///
/// ```
/// let mut out = String::from("line ");
/// fenkit_diagnostics::push_decimal(&mut out, 1204);
/// assert_eq!(out, "line 1204");
/// fenkit_diagnostics::push_decimal(&mut out, usize::MAX);
/// assert!(out.ends_with(&usize::MAX.to_string()));
/// ```
pub fn push_decimal(out: &mut String, n: usize) {
    // Two digits at a time from a table, into a buffer on the stack, then one copy: a digit
    // pushed as a `char` at a time cost about 150 instructions a number in `fenkit check`'s
    // reports (docs/performance.md, issue 37, seventh round).
    out.push_str(itoa::Buffer::new().format(n));
}

#[cfg(test)]
mod tests {
    use super::*;

    codes! {
        /// Test codes.
        pub(crate) enum TestCode {
            /// First.
            First = "T001", Syntax, "the first";
            /// Second.
            Second = "T101", Position, "the second";
        }
    }

    #[test]
    fn codes_serialize_as_their_string_form_and_read_back() {
        let json = serde_json::to_string(&TestCode::Second).unwrap();
        assert_eq!(json, "\"T101\"");
        assert_eq!(
            serde_json::from_str::<TestCode>(&json).unwrap(),
            TestCode::Second
        );
        let error = serde_json::from_str::<TestCode>("\"T999\"").unwrap_err();
        assert!(error.to_string().contains("unknown code `T999`"), "{error}");
    }

    #[test]
    fn a_finding_serializes_with_its_code_and_lowercase_severity() {
        let finding = Finding::new(TestCode::First, Severity::Error, 1..2, "bad");
        let json = serde_json::to_value(&finding).unwrap();
        assert_eq!(json["code"], "T001");
        assert_eq!(json["severity"], "error");
        assert_eq!(json["span"]["start"], 1);
    }

    #[test]
    fn the_table_lists_each_code_once_in_order() {
        assert_eq!(TestCode::ALL, &[TestCode::First, TestCode::Second]);
        assert_eq!(TestCode::Second.category(), Category::Position);
        assert_eq!(TestCode::First.title(), "the first");
    }
}

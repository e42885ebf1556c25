//! The codes of EPD and of SAN, and what carries them: a line's findings, its notes, its
//! syntax error, and the sink its checks write findings to.

use std::borrow::Cow;
use std::ops::Range;

use dfen::Severity;

fenkit_diagnostics::codes! {
    /// A stable code of EPD and of SAN, such as `EPD203`.
    ///
    /// The numbering: `EPD0xx` are syntax problems (a line that cannot be read stops there;
    /// `EPD02x` are moves that are not SAN), `EPD1xx` spellings that `fmt` rewrites, `EPD2xx`
    /// problems of what an operation means. The four position fields have the `DFEN` codes of
    /// their spelling and their position. `spec/codes.md` lists every code; `spec/epd.md`
    /// documents each with an example.
    ///
    /// ```
    /// use chess::epd::Code;
    /// assert_eq!(Code::IllegalMove.as_str(), "EPD203");
    /// assert_eq!("epd203".parse::<Code>(), Ok(Code::IllegalMove));
    /// ```
    pub enum Code {
        /// The line is longer than [`MAX_LINE_LEN`](super::MAX_LINE_LEN).
        LineTooLong = "EPD001", Syntax, "line is too long";
        /// An opcode that is not a letter followed by up to 14 letters, digits or underscores.
        BadOpcode = "EPD002", Syntax, "invalid opcode";
        /// A string operand without its closing quote.
        UnterminatedString = "EPD003", Syntax, "unterminated string";
        /// Text right after a string's closing quote.
        TextAfterString = "EPD004", Syntax, "text right after a string";
        /// A double quote inside an operand that is not a string.
        QuoteInOperand = "EPD005", Syntax, "double quote inside a bare operand";
        /// A carriage return or line feed inside an operand: an EPD line is one line.
        LineBreak = "EPD006", Syntax, "line break inside an operand";
        /// A move operand that is not SAN (or UCI).
        MalformedSan = "EPD020", Syntax, "malformed SAN move";
        /// The line does not end its last operation with `;`.
        MissingSemicolon = "EPD101", NonCanonical, "missing final `;`";
        /// A `;` with no operation before it.
        EmptyOperation = "EPD102", NonCanonical, "empty operation";
        /// The perft-suite layout: a `;` before each operation instead of after it.
        PerftLayout = "EPD103", NonCanonical, "operations in the perft-suite layout";
        /// Whitespace among the operations other than one space between tokens.
        Whitespace = "EPD104", NonCanonical, "non-canonical whitespace";
        /// A FEN's clocks written where the operations belong.
        ClocksAsFields = "EPD105", NonCanonical, "clocks written as FEN fields";
        /// A bare token where a string belongs.
        BareString = "EPD106", NonCanonical, "bare token where a string belongs";
        /// A backslash in a string that escapes neither `"` nor `\`.
        LoneBackslash = "EPD107", NonCanonical, "backslash that escapes nothing";
        /// An integer written with a `+` sign or leading zeros.
        IntegerSpelling = "EPD108", NonCanonical, "non-canonical integer";
        /// A move written in UCI where SAN belongs.
        UciMove = "EPD110", NonCanonical, "move in UCI where SAN belongs";
        /// The capture mark `x` missing on a capture, or written on a move that takes nothing.
        CaptureMark = "EPD111", NonCanonical, "capture mark does not match the move";
        /// The `+` or `#` missing, or not saying what the move does.
        CheckSuffix = "EPD112", NonCanonical, "check suffix does not match the move";
        /// More or other disambiguation than the least that makes the move unique.
        Disambiguation = "EPD113", NonCanonical, "disambiguation is not minimal";
        /// Castling written with zeros or as the king's move.
        CastlingSpelling = "EPD114", NonCanonical, "castling not written as `O-O` or `O-O-O`";
        /// A promotion without `=` or in lower case.
        PromotionSpelling = "EPD115", NonCanonical, "promotion not written as `=Q`";
        /// An annotation glyph (`!`, `?`) after a move.
        Annotation = "EPD116", NonCanonical, "annotation glyph after a move";
        /// An opcode with fewer or more operands than it takes.
        OperandCount = "EPD201", Operation, "wrong number of operands";
        /// An operand that is not what its opcode takes (an integer out of range, a string
        /// where a move belongs).
        BadOperand = "EPD202", Operation, "operand is not what the opcode takes";
        /// A move that is not legal in the position.
        IllegalMove = "EPD203", Operation, "illegal move";
        /// A move that more than one legal move matches.
        AmbiguousMove = "EPD204", Operation, "ambiguous move";
        /// The same opcode twice on one line.
        RepeatedOpcode = "EPD205", Operation, "opcode repeated on one line";
        /// The same `id` on two lines of a file.
        RepeatedId = "EPD206", Operation, "id repeated in the file";
        /// More than one en-passant square: standard chess has one at most.
        SeveralEnPassant = "EPD207", Position, "more than one en-passant square";
        /// A perft count (`D3 8902`) that is not the number of leaves at its depth.
        PerftCount = "EPD208", Operation, "perft count is wrong";
        /// An opcode that EPD does not define: kept as written (a note, not a problem).
        UnknownOpcode = "EPD209", Operation, "unknown opcode";
    }
}

/// One problem found in an EPD line: its code, severity, byte span, message, help, and
/// whether `fmt` fixes it.
pub type Finding = fenkit_diagnostics::Finding<Code>;

/// Something worth knowing about a line that is not a problem with it: an unknown opcode,
/// kept as written. The command line shows notes only when asked (`-v`).
///
/// Notes are kept apart from [`Finding`]s on purpose: a finding is a problem (a warning or an
/// error, counted, failing a check under `--deny warnings`), and [`Severity`](dfen::Severity) has those two
/// levels in every layer and output format. EPD is extensible, so an unknown opcode is no
/// problem; a third severity would make every consumer of findings learn a level that never
/// fails anything. The note still has a stable code, so that it can be named and filtered.
///
/// ```
/// let parsed = chess::epd::EpdParser::new().parse("4k3/8/8/8/8/8/8/4K3 w - - D1 5;")?;
/// assert!(parsed.findings.is_empty());
/// assert!(parsed.notes.is_empty()); // `D1` is a perft count
/// let parsed = chess::epd::EpdParser::new().parse("4k3/8/8/8/8/8/8/4K3 w - - wdl 2;")?;
/// assert_eq!(parsed.notes[0].message, "unknown opcode: `wdl` is kept as written");
/// # Ok::<(), chess::epd::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Note {
    /// The stable code (`EPD209`).
    pub code: Code,
    /// The byte range of the line it is about.
    pub span: Range<usize>,
    /// One lowercase sentence.
    pub message: Cow<'static, str>,
}

/// A syntax error of the operations: the line cannot be read past it.
///
/// ```
/// let err = chess::epd::EpdParser::new()
///     .parse(r#"4k3/8/8/8/8/8/8/4K3 w - - c0 "open;"#)
///     .unwrap_err();
/// assert_eq!(err.code(), "EPD003");
/// assert_eq!(err.span(), 29..35);
/// ```
pub type SyntaxError = fenkit_diagnostics::Rejection<Code>;

/// Where the findings of the operations go, with the strict setting.
pub(super) struct Findings<'a> {
    pub(super) list: &'a mut Vec<Finding>,
    pub(super) notes: &'a mut Vec<Note>,
    /// Whether notes are made at all ([`super::EpdParser::notes`]).
    pub(super) keep_notes: bool,
    pub(super) strict: bool,
}

impl<'a> Findings<'a> {
    /// A sink into `list` and `notes` under `settings`' strictness and choice of notes.
    pub(super) fn under(
        settings: &super::EpdParser,
        list: &'a mut Vec<Finding>,
        notes: &'a mut Vec<Note>,
    ) -> Self {
        Findings {
            list,
            notes,
            keep_notes: settings.notes,
            strict: settings.strict,
        }
    }

    /// A spelling `fmt` rewrites: a warning, or an error under `strict`.
    pub(super) fn fixable(
        &mut self,
        code: Code,
        span: Range<usize>,
        message: impl Into<Cow<'static, str>>,
        help: impl Into<Cow<'static, str>>,
    ) {
        let severity = if self.strict {
            Severity::Error
        } else {
            Severity::Warning
        };
        self.list.push(
            Finding::new(code, severity, span, message)
                .with_fixable(true)
                .with_help(help),
        );
    }

    /// A problem `fmt` cannot fix.
    pub(super) fn error(
        &mut self,
        code: Code,
        span: Range<usize>,
        message: impl Into<Cow<'static, str>>,
        help: Option<Cow<'static, str>>,
    ) {
        let mut finding = Finding::new(code, Severity::Error, span, message);
        finding.help = help;
        self.list.push(finding);
    }

    /// A note: no problem, worth knowing.
    pub(super) fn note(&mut self, span: Range<usize>, message: String) {
        self.notes.push(Note {
            code: Code::UnknownOpcode,
            span,
            message: message.into(),
        });
    }
}

//! The one code type of every surface: every stable code that any layer reports, with its
//! string form, title and category. Every output format is written from it; no code string is
//! ever read back. `spec/codes.md` lists them all.

use std::fmt;

use fenkit_diagnostics::Category;

fenkit_diagnostics::codes! {
    /// fenkit's own codes, `FENKITxxx`: problems of the input as a file or stream, of its
    /// containers, of conversions between notations, and of whole runs.
    ///
    /// ```
    /// use notation::code::FenkitCode;
    /// assert_eq!(FenkitCode::InvalidUtf8.as_str(), "FENKIT001");
    /// assert_eq!(FenkitCode::InvalidUtf8.category().as_str(), "input");
    /// ```
    pub enum FenkitCode {
        /// A record that is not valid UTF-8.
        InvalidUtf8 = "FENKIT001", Input, "invalid UTF-8";
        /// A record longer than the 1 MiB line limit.
        TooLong = "FENKIT002", Input, "line too long";
        /// A position that six-field FEN cannot hold (dice, several en-passant squares).
        NotSixFields = "FENKIT003", Conversion, "position does not fit six-field FEN";
        /// `parse --batch --json-strings`: a line that is not a JSON string of text.
        NotAJsonString = "FENKIT004", Input, "not a JSON string";
        /// A `.fen` position written with a seventh field, which `fmt` drops.
        SeventhField = "FENKIT005", NonCanonical, "seventh field in a six-field FEN";
        /// Standard input that does not hold exactly one position.
        NotOnePosition = "FENKIT006", Input, "standard input does not hold exactly one position";
        /// `parse --batch`: an answer that could not be encoded as JSON.
        UnencodableAnswer = "FENKIT007", Input, "answer cannot be encoded";
        /// A line of chess.com's four-player chess, whose format is also called "FEN4" and is
        /// not read (`fen4::looks_like_four_player`): said once per file.
        FourPlayerChess = "FENKIT008", Input, "chess.com four-player chess, not read";
        /// An NDJSON4 record that is not a frame (the JSON forms report their libraries' codes).
        BadJsonInput = "FENKIT010", Conversion, "input is not the expected JSON form";
        /// A conversion between notations of different families (DFEN and FEN4).
        CrossFamily = "FENKIT011", Conversion, "no conversion between these notations";
        /// A position that EPD cannot hold (dice, several en-passant squares, a variant's
        /// state): EPD is standard chess.
        NotEpd = "FENKIT012", Conversion, "position does not fit EPD";
        /// A record that holds more than the target notation writes (an EPD line's
        /// operations, converted to FEN or DFEN): refused unless `--lossy`.
        RecordPartDropped = "FENKIT013", Conversion, "record does not fit the notation";
        /// `check --duplicates`, `dedupe`: a position that already appeared.
        Duplicate = "FENKIT020", Position, "duplicate position";
        /// An `expect` marker names a code that the position under it does not produce.
        ExpectedNotFound = "FENKIT030", Input, "expected finding did not occur";
        /// A marker names a code that does not exist.
        UnknownMarkerCode = "FENKIT031", Input, "marker names an unknown code";
        /// A marker with no position directly under it.
        MarkerWithoutPosition = "FENKIT032", Input, "marker without a position";
        /// A `# fenkit:` comment that is not a marker fenkit can read.
        BadMarker = "FENKIT033", Input, "unreadable marker";
        /// A configuration file (`fenkit.toml`, `[tool.fenkit]`) that cannot be used.
        BadConfig = "FENKIT040", Input, "invalid configuration";
        /// A PGN tag pair that cannot be read (an unterminated value, no closing bracket).
        PgnTag = "FENKIT050", Input, "unreadable PGN tag pair";
        /// A PGN game with a `FEN` tag and no `SetUp "1"` tag.
        MissingSetUp = "FENKIT051", Input, "FEN tag without SetUp \"1\"";
        /// A PGN game whose `Variant` tag names a variant fenkit does not read.
        UnreadVariant = "FENKIT052", Input, "PGN variant not read";
        /// A CSV or TSV row whose column cannot be read (an unterminated quote, too few fields).
        CsvField = "FENKIT053", Input, "unreadable CSV field";
        /// A JSON Lines line that is not a JSON object.
        NotAnObject = "FENKIT054", Input, "JSON line is not an object";
        /// A JSON Lines object without the key `--field` names.
        MissingKey = "FENKIT055", Input, "JSON line lacks the field";
        /// A JSON Lines object that holds the key `--field` names (or an object on its path)
        /// twice: readers disagree on which one counts.
        RepeatedKey = "FENKIT056", Input, "JSON line repeats the field";
        /// A compressed input (gzip, zstd, bzip2, a zip archive or member) whose data cannot be
        /// decoded: corrupt, cut short, a checksum that does not match, a method not read.
        Compressed = "FENKIT070", Input, "compressed data cannot be read";
        /// `fmt` or `dedupe --write` named a compressed file, which fenkit never rewrites.
        CompressedNotWritten = "FENKIT071", Input, "compressed file not rewritten";
    }
}

/// Every code fenkit reports: the DFEN library's, the FEN4 library's, the rules engine's, and
/// the command line's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Code {
    /// `DFENxxx`.
    Dfen(dfen::Code),
    /// `EPDxxx`: EPD lines and their moves (SAN).
    Epd(chess::epd::Code),
    /// `FEN4xxx`.
    Fen4(fen4::Code),
    /// `RULExxx`.
    Rule(dfen::rules::RulesCode),
    /// `VARxxx`: the variants' rules (`fenkit-variants`).
    Var(variants::Code),
    /// `PGNxxx`: PGN games read move by move (`fenkit-pgn`).
    Pgn(pgn::Code),
    /// `FENKITxxx`.
    Fenkit(FenkitCode),
}

impl Code {
    /// Every code, table by table, each in numeric order.
    pub fn all() -> impl Iterator<Item = Code> {
        let dfen = dfen::Code::ALL.iter().copied().map(Code::Dfen);
        let epd = chess::epd::Code::ALL.iter().copied().map(Code::Epd);
        let fen4 = fen4::Code::ALL.iter().copied().map(Code::Fen4);
        let rules = dfen::rules::RulesCode::ALL.iter().copied().map(Code::Rule);
        let var = <variants::Code as fenkit_diagnostics::Code>::ALL
            .iter()
            .copied()
            .map(Code::Var);
        let pgn = pgn::Code::ALL.iter().copied().map(Code::Pgn);
        let cli = FenkitCode::ALL.iter().copied().map(Code::Fenkit);
        dfen.chain(epd)
            .chain(fen4)
            .chain(rules)
            .chain(var)
            .chain(pgn)
            .chain(cli)
    }

    /// The code as reports write it, e.g. `DFEN012`.
    #[inline]
    pub fn as_str(self) -> &'static str {
        match self {
            Code::Dfen(code) => code.as_str(),
            Code::Epd(code) => code.as_str(),
            Code::Fen4(code) => code.as_str(),
            Code::Rule(code) => code.as_str(),
            Code::Var(code) => code.as_str(),
            Code::Pgn(code) => code.as_str(),
            Code::Fenkit(code) => code.as_str(),
        }
    }

    /// A short lowercase description, the same for every occurrence (SARIF's rule text).
    #[inline]
    pub fn title(self) -> &'static str {
        match self {
            Code::Dfen(code) => code.title(),
            Code::Epd(code) => code.title(),
            Code::Fen4(code) => code.title(),
            Code::Rule(code) => code.title(),
            Code::Var(code) => code.title(),
            Code::Pgn(code) => code.title(),
            Code::Fenkit(code) => code.title(),
        }
    }

    /// The kind of problem.
    #[inline]
    pub fn category(self) -> Category {
        match self {
            Code::Dfen(code) => code.category(),
            Code::Epd(code) => code.category(),
            Code::Fen4(code) => code.category(),
            Code::Rule(code) => code.category(),
            Code::Var(code) => code.category(),
            Code::Pgn(code) => code.category(),
            Code::Fenkit(code) => code.category(),
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Code {
    type Err = fenkit_diagnostics::InvalidValue;

    /// Reads any code's string form, ignoring ASCII case; the error says what a code looks like.
    fn from_str(text: &str) -> Result<Code, Self::Err> {
        Code::all()
            .find(|code| code.as_str().eq_ignore_ascii_case(text))
            .ok_or_else(|| {
                fenkit_diagnostics::InvalidValue::new(format!(
                    "unknown code `{text}`: expected a code such as `DFEN202`, `EPD203`, \
                     `FEN4010`, `RULE005` or `FENKIT020`"
                ))
            })
    }
}

impl serde::Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl From<dfen::Code> for Code {
    fn from(code: dfen::Code) -> Code {
        Code::Dfen(code)
    }
}

impl From<chess::epd::Code> for Code {
    fn from(code: chess::epd::Code) -> Code {
        Code::Epd(code)
    }
}

impl From<fen4::Code> for Code {
    fn from(code: fen4::Code) -> Code {
        Code::Fen4(code)
    }
}

impl From<dfen::rules::RulesCode> for Code {
    fn from(code: dfen::rules::RulesCode) -> Code {
        Code::Rule(code)
    }
}

impl From<variants::Code> for Code {
    fn from(code: variants::Code) -> Code {
        Code::Var(code)
    }
}

impl From<pgn::Code> for Code {
    fn from(code: pgn::Code) -> Code {
        Code::Pgn(code)
    }
}

impl From<FenkitCode> for Code {
    fn from(code: FenkitCode) -> Code {
        Code::Fenkit(code)
    }
}

/// A finding as every surface holds it: the libraries' shape, with the one
/// code type.
pub type Finding = fenkit_diagnostics::Finding<Code>;

/// A library's finding with its code put into the one code type.
pub fn finding_of<C: Into<Code>>(finding: fenkit_diagnostics::Finding<C>) -> Finding {
    finding.map_code(Into::into)
}

/// `FENKIT001`: `bytes` are not UTF-8 from byte `at` on. The span is that byte; the message
/// names its offset in the file, where `bytes` start at byte `offset` of it. The command line
/// reports a record of a position file so, and the Python module a `bytes` argument.
///
/// ```
/// let finding = notation::code::invalid_utf8(b"8/8 \xff", 4, 100);
/// assert_eq!(finding.code, notation::code::FenkitCode::InvalidUtf8);
/// assert_eq!(finding.span, 4..5);
/// assert_eq!(
///     finding.message,
///     "invalid UTF-8 at byte offset 104: expected text, found byte 0xff"
/// );
/// ```
pub fn invalid_utf8(
    bytes: &[u8],
    at: usize,
    offset: u64,
) -> fenkit_diagnostics::Finding<FenkitCode> {
    fenkit_diagnostics::Finding::new(
        FenkitCode::InvalidUtf8,
        fenkit_diagnostics::Severity::Error,
        at..at + 1,
        format!(
            "invalid UTF-8 at byte offset {}: expected text, found byte 0x{:02x}",
            offset + at as u64,
            bytes.get(at).copied().unwrap_or(0)
        ),
    )
}

/// `FENKIT001` in a PGN file, a warning: a byte that is not UTF-8 in a tag section or a line
/// of movetext (most often Latin-1, the PGN standard's character set, §4.1), read as U+FFFD
/// while the game is read on (spec/pgn.md §1). The span is that byte, as in [`invalid_utf8`].
pub fn pgn_not_utf8(bytes: &[u8], at: usize, offset: u64) -> Finding {
    let byte = bytes.get(at).copied().unwrap_or(0);
    let mut finding = finding_of(invalid_utf8(bytes, at, offset));
    finding.severity = fenkit_diagnostics::Severity::Warning;
    finding.message = format!(
        "invalid UTF-8 at byte offset {}: expected UTF-8 text, found byte 0x{byte:02x} \
         (`{}` in Latin-1), read as U+FFFD; the game is read on",
        offset + at as u64,
        char::from(byte)
    )
    .into();
    finding.with_help(
        "fenkit reads PGN as UTF-8; the PGN standard's own character set is Latin-1 (ISO \
         8859-1): `iconv -f latin1 -t utf-8` rewrites a Latin-1 file in UTF-8",
    )
}

/// An error-severity finding with one of fenkit's own codes ([`FenkitCode`]).
pub fn fenkit_error(
    code: FenkitCode,
    span: std::ops::Range<usize>,
    message: impl Into<std::borrow::Cow<'static, str>>,
) -> Finding {
    Finding::new(
        Code::Fenkit(code),
        fenkit_diagnostics::Severity::Error,
        span,
        message,
    )
}

/// A warning-severity finding with one of fenkit's own codes ([`FenkitCode`]).
pub fn fenkit_warning(
    code: FenkitCode,
    span: std::ops::Range<usize>,
    message: impl Into<std::borrow::Cow<'static, str>>,
) -> Finding {
    Finding::new(
        Code::Fenkit(code),
        fenkit_diagnostics::Severity::Warning,
        span,
        message,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every code's string form names exactly one code, across all four tables, and its prefix
    /// matches its table.
    #[test]
    fn string_forms_are_unique_across_tables() {
        let mut names: Vec<&str> = Code::all().map(Code::as_str).collect();
        names.sort_unstable();
        let count = names.len();
        names.dedup();
        assert_eq!(names.len(), count, "a string form names two codes");
        for code in Code::all() {
            let prefix = match code {
                Code::Dfen(_) => "DFEN",
                Code::Epd(_) => "EPD",
                Code::Fen4(_) => "FEN4",
                Code::Rule(_) => "RULE",
                Code::Var(_) => "VAR",
                Code::Pgn(_) => "PGN",
                Code::Fenkit(_) => "FENKIT",
            };
            assert!(code.as_str().starts_with(prefix), "{code}");
            assert!(!code.title().is_empty(), "{code}");
        }
    }

    /// The table of every code in `spec/codes.md`, as the code tables give it.
    fn code_table() -> String {
        let mut table = String::from("| code | category | title |\n|---|---|---|\n");
        // The `VAR` codes have a table of their own, which `fenkit-variants` checks, and so do
        // the PGN codes (`fenkit-pgn`'s test writes theirs).
        for code in Code::all().filter(|code| !matches!(code, Code::Var(_) | Code::Pgn(_))) {
            let title = code.title().replace('|', "\\|");
            table.push_str(&format!("| `{code}` | {} | {title} |\n", code.category()));
        }
        table
    }

    /// `spec/codes.md` lists every code once, exactly as the tables define it. Run with
    /// `FENKIT_UPDATE_SPEC=1` to rewrite the table after adding a code.
    #[test]
    fn the_spec_lists_every_code_once() {
        const BEGIN: &str = "<!-- the code table: written by `FENKIT_UPDATE_SPEC=1 cargo test -p fenkit code::` -->\n";
        const END: &str = "<!-- end of the code table -->";
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec/codes.md");
        let text = std::fs::read_to_string(path).unwrap();
        let start = text.find(BEGIN).expect("the table's opening marker") + BEGIN.len();
        let end = text.find(END).expect("the table's closing marker");
        let expected = code_table();
        if std::env::var_os("FENKIT_UPDATE_SPEC").is_some() {
            let updated = format!("{}{expected}{}", &text[..start], &text[end..]);
            std::fs::write(path, updated).unwrap();
            return;
        }
        assert_eq!(
            &text[start..end],
            expected,
            "spec/codes.md is out of date: run FENKIT_UPDATE_SPEC=1 cargo test -p fenkit code::"
        );
    }
}

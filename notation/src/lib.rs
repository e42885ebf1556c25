//! `notation`: the one engine behind fenkit's command line, its Python package and its npm
//! package. It knows every notation fenkit reads and writes, the containers positions sit in,
//! how a file splits into records, and the codes of every finding. It does no I/O: its callers
//! open files and streams and hand it readers, records and text.
//!
//! # Where things live
//!
//! | module | what it holds |
//! |---|---|
//! | this page | the table of notations ([`TABLE`], [`Entry`], [`Notation`]), the variants' names ([`VariantName`]), `convert`'s forms ([`Form`], [`Target`]) |
//! | `analysis` ([`Analyzer`], [`ReadSettings`]) | a record linted: its findings and its identity, read with the settings of a run |
//! | `dfen`, `fen`, `epd`, `perft`, `json`, `fen4`, `ndjson4`, `variant`, `movetext` | one table entry each: detection, reading, linting, writing |
//! | `rules` | the chess rules' findings on a parsed position (legality, unusable rights) |
//! | [`container`] | positions inside other formats: PGN `FEN` tags, CSV/TSV columns, JSON Lines fields |
//! | [`records`] | a stream split into records, byte for byte: lines, continuation lines, CSV rows, limits |
//! | [`code`] | the one code type (`DFEN`, `EPD`, `FEN4`, `RULE`, `VAR`, `FENKIT`) and the finding it carries |
//! | [`choice`] | the names a caller offers for a setting (`--notation`, `notation=`, `{notation}`) |
//! | [`settings`] | a run's settings, requested and resolved once |
//! | [`reading`] | a text checked as `fenkit check -` checks standard input |
//! | [`rewrite`], [`projection`] | a text rewritten as `fenkit fmt -` and `fenkit convert -` write it; PGN games projected |
//! | [`named`] | the settings by name, as Python and JavaScript pass them, resolved into the above |
//!
//! # The table
//!
//! [`TABLE`] lists every notation fenkit reads or writes. Its [`Entry`] is everything a
//! surface knows about a notation: its name and what each flag says of it, its file
//! extensions, the family of positions it holds, whether a record may go on over several
//! lines, how duplicates are told apart, which case file of the conformance suite covers it,
//! and its behaviour, a [`Codec`]: how a line is recognised (sniffing), linted (an
//! [`Analyzer`] for `check`, `fmt`, `snapshot` and `parse`), read (text → [`Position`] and
//! findings, for `convert`, `show` and `diff`) and written (`convert --to`). Every command and
//! binding asks the entry; none names a notation.
//!
//! A [`Notation`] is an entry with the options a run gives it (a variant's dialects and check
//! limit). The settings that name notations select from the table: `--notation` (and the
//! configuration's `[notations]`) offers the entries with a [`Help::notation`] text,
//! `--variant` (and `[variants]`) those with a [`Help::variant`] text, `convert --from` and
//! `--to` those with a [`Help::convert`] text.
//!
//! ```
//! use notation::Notation;
//! use notation::choice::Choice;
//!
//! let fen = Notation::from_name("fen").unwrap();
//! assert_eq!(fen.name(), "fen");
//! // A line with six fields read as FEN is standard FEN.
//! assert_eq!(Notation::sniff(b"4k3/8/8/8/8/8/8/4K3 w - - 0 1").name(), "fen");
//! ```
//!
//! # Adding a notation
//!
//! Write one module beside the others (`epd.rs`) holding one `pub(super) static` [`Entry`] and
//! the [`Codec`] it points to, add `mod epd;` and its line in [`TABLE`], and test it. Every
//! surface offers it from then on. `docs/development.md` has the recipe.
//!
//! Records are located in their file by [`records`]: a codec sees the text of one record and
//! reports spans relative to it, which the caller turns into `line:col` from the record's line
//! and byte offset. A container (a PGN `[FEN "..."]` tag, a CSV column, a JSON Lines field)
//! locates each embedded record the same way and hands its text to a notation, with the
//! record's line and offset moved to where the text starts in the file.

// Panic hygiene: no input may make a surface panic. Outside tests, `unwrap`, `expect` and
// `panic!`-like macros are denied.
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::unreachable,
        clippy::todo,
        clippy::unimplemented
    )
)]

pub mod choice;
pub mod code;
pub mod container;
mod csv_rows;
pub mod named;
pub mod projection;
pub mod reading;
pub mod records;
pub mod rewrite;
pub mod settings;

/// The container readers, for the fuzz targets (`fuzz/`) and their seeds' test: not a stable
/// API.
#[doc(hidden)]
pub mod fuzzing {
    use std::ops::Range;

    /// The tag pairs of a PGN tag section: each one's name, where its value is written, and
    /// its value unescaped; and whether an unreadable tag pair stopped the scan.
    pub fn pgn_tags(text: &str) -> (Vec<(String, Range<usize>, String)>, bool) {
        let (tags, problem) = crate::container::scan_tags(text);
        let tags = tags
            .into_iter()
            .map(|tag| (tag.name.to_owned(), tag.value_span, tag.value.into_owned()))
            .collect();
        (tags, problem.is_some())
    }

    /// The CSV readers of one delimiter, kept from one call to the next.
    pub struct CsvProbe(crate::container::CsvProbe);

    impl CsvProbe {
        /// Readers for fields split by `delimiter`.
        #[must_use]
        pub fn new(delimiter: u8) -> CsvProbe {
            CsvProbe(crate::container::CsvProbe::new(delimiter))
        }

        /// Where each field of a CSV row (without its final line end) is written, quotes
        /// included.
        pub fn fields(&mut self, row: &[u8]) -> Vec<Range<usize>> {
            self.0.fields(row)
        }

        /// Whether each of `lines` (without line ends) ends its CSV row: a row goes on while
        /// one of its quoted fields is open.
        pub fn row_ends(&mut self, lines: &[&[u8]]) -> Vec<bool> {
            self.0.row_ends(lines)
        }

        /// The position text of column `column` of a CSV row (a data row, not the header):
        /// where it is written and what it says; and the row with that text written back as
        /// the file writes it (`None` when the column cannot be read).
        pub fn position(
            &mut self,
            row: &str,
            column: usize,
        ) -> Option<(Range<usize>, String, String)> {
            self.0.position(row, column)
        }
    }

    /// Whether `line`'s quotes all open and close simple quoted fields (then its row ends with
    /// it, whatever csv-core would say: the fuzz target checks that it agrees).
    #[must_use]
    pub fn csv_quotes_close_simply(line: &[u8], delimiter: u8) -> bool {
        crate::csv_rows::quotes_close_simply(line, delimiter)
    }

    /// Whether the JSON Lines quick scan and serde_json agree on where top-level `key` of
    /// `line` is: `Err` says how they do not (the fuzz target fails on it).
    ///
    /// # Errors
    /// The disagreement, in words.
    pub fn jsonl_quick_scan_agrees(key: &str, line: &str) -> Result<(), String> {
        crate::container::jsonl_quick_scan_agrees(key, line)
    }
}

mod analysis;
mod dfen;
mod epd;
mod fen;
mod fen4;
mod games;
mod json;
mod movetext;
mod ndjson4;
mod perft;
mod rules;
mod variant;
mod variant_epd;

use std::path::Path;
use std::sync::LazyLock;

use ::chess::variant::{Dialect, Variant};

use crate::code::Finding;

pub use analysis::{
    Analysis, Analyze, Analyzer, Fen4Reference, Identity, ReadSettings, RepeatWords, Unique, Work,
    variant_reading,
};
pub use dfen::{ProfileArg, write_dfen};

pub use variant::DialectArg;
pub use variant_epd::VariantEpd;

/// Every notation, in the order `--help` lists them.
pub static TABLE: [&Entry; 15] = [
    &dfen::DFEN,
    &dfen::DFEN_ENGINE,
    &fen::FEN,
    &epd::EPD,
    &perft::PERFT,
    &json::DFEN_JSON,
    &fen4::FEN4,
    &json::FEN4_JSON,
    &json::FEN4_PIECES,
    &ndjson4::NDJSON4,
    &variant::THREECHECK,
    &variant::CRAZYHOUSE,
    &variant::TWOMOVE,
    &movetext::MOVETEXT,
    &games::PGN,
];

/// Everything the command line knows about one notation.
pub struct Entry {
    /// The name on the command line (`--notation`, `convert --from` and `--to`), in the
    /// configuration's `[notations]` and in reports. A variant's is the variant's name.
    pub name: &'static str,
    /// What each flag that offers the notation says of it; a flag offers only the entries that
    /// have a text for it.
    pub help: Help,
    /// File extensions, without the dot, that mean this notation: when a file is read, and
    /// which files a directory walk picks up.
    pub extensions: &'static [&'static str],
    /// File extensions that other formats use too (`.jsonl`), each with what a file's first
    /// record must be for a directory walk to pick it up ([`Codec::claims`] checks it). A file
    /// named on the command line is read as this notation whatever it holds.
    pub shared_extensions: &'static [(&'static str, &'static str)],
    /// The family of positions it holds: notations of one family convert into each other.
    pub family: Family,
    /// What its positions are called where two sides must hold the same kind (`diff`).
    pub positions: &'static str,
    /// Whether its text is JSON: a JSON output keeps no comment or blank line, and a missing
    /// answer is `null`.
    pub json: Json,
    /// Whether a record may go on over following lines that start with a space or a tab.
    pub continuation_lines: bool,
    /// For a notation whose records are the frames of a replay, each checked against the
    /// frames before it (so a file is analysed in order, on one thread): what a record is, and
    /// how to take one position out of it, for a command that needs one position (`show`).
    pub replay: Option<&'static str>,
    /// The chess variant it writes, for `--variant` and `[variants]`.
    pub variant: Option<Variant>,
    /// Whether it is written in the variant dialects (`--dialect`, `--to-dialect`).
    pub dialects: bool,
    /// How en passant takes part in its positions' identity (`--duplicates`, `dedupe`).
    pub en_passant: EnPassant,
    /// Whether a column of its texts is read one position per row by the DFEN reader alone,
    /// each row as parsed, with no record, comment or container around it (FEN and DFEN): the
    /// notations `fenkit.arrow` reads a column in, and keys as `fenkit.position_key` does.
    pub columnar: bool,
    /// Whether its rejections carry the reference parsers' numeric code (FEN4), so that a
    /// rejection without one (only `--strict` refused it) answers the adapter protocol with 0.
    pub reference_codes: bool,
    /// The conformance suite's case file that covers it, if any.
    pub suite: Option<Suite>,
    /// Its behaviour.
    pub codec: &'static dyn Codec,
}

/// What each flag that offers a notation says of it.
#[derive(Debug, Clone, Copy)]
pub struct Help {
    /// `--notation` of `check`, `fmt`, `parse`, `show`, `diff`, `dedupe`, and the
    /// configuration's `[notations]`.
    pub notation: Option<&'static str>,
    /// `--variant`, and the configuration's `[variants]`.
    pub variant: Option<&'static str>,
    /// `convert --from` (and, when it writes, `convert --to`).
    pub convert: Option<&'static str>,
}

/// The family of positions a notation holds: the 8×8 board (DFEN, FEN, variant FENs and their
/// JSON forms) or the 4D placement (FEN4 and its forms).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    /// 8×8 chess positions.
    Dfen,
    /// 4D placements.
    Fen4,
}

impl Family {
    /// The family's name in messages.
    pub fn name(self) -> &'static str {
        match self {
            Family::Dfen => "DFEN",
            Family::Fen4 => "FEN4",
        }
    }
}

/// Whether a notation's text is JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Json {
    /// Not JSON.
    No,
    /// The structured JSON form of its family: what `convert --to json` picks.
    Form,
    /// Another JSON form.
    Other,
}

/// How en passant takes part in a position's identity (`spec/identity.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnPassant {
    /// `--ep legal` keeps only the squares a pawn can capture onto now, by these rules.
    Rules(::dfen::rules::Game),
    /// The positions hold no en passant (FEN4 placements): `--ep` does not apply.
    None,
    /// The variant's rules are not fenkit's: every square the position holds counts.
    AsWritten,
}

/// The conformance suite's coverage of a notation.
#[derive(Debug, Clone, Copy)]
pub struct Suite {
    /// The case file, `v1/<file>.jsonl`.
    pub file: &'static str,
    /// Whether `fenkit parity` runs its cases through the adapter protocol.
    pub parity: bool,
}

/// A position in one of the models fenkit holds.
#[derive(Debug, Clone)]
pub enum Position {
    /// A DFEN (and a standard FEN, whose dice are empty).
    Dfen(Box<::dfen::Dfen>),
    /// A FEN4 placement.
    Fen4(::fen4::Placement),
    /// A variant position (three-check, crazyhouse, two-move chess).
    Variant(Box<::chess::variant::VariantFen>),
    /// An EPD line: a standard-chess position (its clocks those of `hmvc` and `fmvn`) and its
    /// operations. Every other notation takes its position ([`Position::plain`]).
    Epd(Box<::chess::epd::Epd>),
    /// A three-check or crazyhouse EPD line: the variant's position, its operations and the
    /// dialect of its state. Every other notation takes its position ([`Position::plain`]).
    VariantEpd(Box<VariantEpd>),
}

impl Position {
    /// The position in a model that every notation of its family reads: an EPD line's
    /// position without its operations, anything else as it is.
    /// What [`Position::plain`] leaves out of the record, in words (an EPD line's operations
    /// other than the clocks, which the plain model holds): empty when nothing.
    pub fn left_by_plain(&self) -> Vec<String> {
        let epd = match self {
            Position::Epd(epd) => epd,
            Position::VariantEpd(line) => &line.epd,
            _ => return Vec::new(),
        };
        let opcodes: Vec<String> = epd
            .operations()
            .map(|operation| operation.opcode())
            .filter(|opcode| !matches!(*opcode, "hmvc" | "fmvn"))
            .map(|opcode| format!("`{opcode}`"))
            .collect();
        match opcodes.len() {
            0 => Vec::new(),
            1 => vec![format!("the EPD operation {}", opcodes.join(", "))],
            _ => vec![format!("the EPD operations {}", opcodes.join(", "))],
        }
    }

    /// The position without what the plain model leaves behind (an EPD record's operations):
    /// the position itself when there is nothing to leave.
    pub fn plain(&self) -> std::borrow::Cow<'_, Position> {
        match self {
            Position::Epd(epd) => {
                std::borrow::Cow::Owned(Position::Dfen(Box::new(epd.position().clone())))
            }
            Position::VariantEpd(line) => {
                std::borrow::Cow::Owned(Position::Variant(Box::new(line.position.clone())))
            }
            _ => std::borrow::Cow::Borrowed(self),
        }
    }
}

impl std::fmt::Display for Position {
    /// The canonical spelling of the position as it was read (no fixes): DFEN's spec form, the
    /// canonical FEN4 literal, a variant's essay form.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Position::Dfen(position) => position.fmt(f),
            Position::Fen4(placement) => placement.fmt(f),
            Position::Variant(position) => position.fmt(f),
            Position::Epd(epd) => epd.fmt(f),
            Position::VariantEpd(line) => f.write_str(&line.write(&::dfen::Writer::new())),
        }
    }
}

/// What reading one record gave.
#[derive(Debug, Clone)]
pub enum Read {
    /// A position, and the warnings a reader says about it (a form it repaired, a portability
    /// warning), which do not keep it from being used.
    Position(Position, Vec<Finding>),
    /// A record that holds no position (an NDJSON4 header): what it is instead.
    Nothing(&'static str),
}

/// Why a record cannot be used: a finding with a span into the record, and for a FEN4
/// literal, where the reference parsers put the error.
#[derive(Debug, Clone)]
pub struct Rejection {
    /// What is wrong.
    pub finding: Finding,
    /// For a FEN4 literal: the reference parsers' code and offset.
    pub reference: Option<Fen4Reference>,
}

impl From<Finding> for Rejection {
    fn from(finding: Finding) -> Rejection {
        Rejection {
            finding,
            reference: None,
        }
    }
}

impl Rejection {
    /// An error-severity rejection with `code`.
    pub fn new(
        code: impl Into<crate::code::Code>,
        span: std::ops::Range<usize>,
        message: impl Into<std::borrow::Cow<'static, str>>,
    ) -> Rejection {
        Finding::new(
            code.into(),
            fenkit_diagnostics::Severity::Error,
            span,
            message,
        )
        .into()
    }

    /// This rejection with a help line.
    pub fn with_help(mut self, help: impl Into<std::borrow::Cow<'static, str>>) -> Self {
        self.finding.help = Some(help.into());
        self
    }
}

/// Where FENKIT005's message (`fen`) says the position is; a container's position says its
/// container instead (`Contained`, in `analysis`).
pub const IN_A_FEN_FILE: &str = "in a .fen file";

/// What writing a position gave: the text, and what a lossy conversion dropped (empty when
/// nothing was).
pub type Written = (String, Vec<String>);

/// The behaviour of one notation. Every method has a default for a notation that does not do
/// it.
pub trait Codec: Sync {
    /// How surely a record's first line is in this notation, from 0 (not at all) up: when the
    /// notation is not given, the highest of the notations a command reads wins (ties go to
    /// the family asked for, then to the earlier entry).
    fn sniff(&self, _line: &Line<'_>) -> u8 {
        0
    }

    /// Whether `fenkit parse`, the adapter protocol, sniffs it too: the protocol keeps its own
    /// documented rule (`4d-fen` is FEN4, anything else DFEN), so standard FEN is sniffed only
    /// in files, standard input and containers.
    fn sniffed_by_adapter(&self) -> bool {
        true
    }

    /// A fresh analyser of one file, for `check`, `fmt`, `snapshot` and `parse`: each record's
    /// findings, canonical form and identity. Without one of its own, a notation is linted as
    /// [`Codec::read`] reads it: its refusal or its warnings, and no canonical form.
    fn analyzer(&self) -> Box<dyn Analyze> {
        Box::new(analysis::AsRead)
    }

    /// Reads one record as a position to use (`convert`): refused when it cannot be read or
    /// has an error-severity finding; converted as written (spellings canonical, nothing
    /// fixed).
    fn read(
        &self,
        notation: Notation,
        text: &str,
        settings: ReadSettings,
    ) -> Result<Read, Rejection> {
        let _ = (text, settings);
        Err(Rejection::new(
            crate::code::FenkitCode::CrossFamily,
            0..0,
            format!("`{}` is not read, only written", notation.name()),
        ))
    }

    /// Parses one record into its position and every finding, errors included (`show`, and
    /// `diff` with the lenient profile); `Err` only when the text is not the notation.
    fn parse(
        &self,
        notation: Notation,
        text: &str,
        settings: ReadSettings,
    ) -> Result<(Position, Vec<Finding>), Rejection> {
        match self.read(notation, text, settings)? {
            Read::Position(position, findings) => Ok((position, findings)),
            Read::Nothing(what) => Err(Rejection::new(
                crate::code::FenkitCode::BadJsonInput,
                0..text.len(),
                what,
            )),
        }
    }

    /// Writes `position` in this notation (`convert --to`, `fmt`) with the run's settings
    /// (the castling mode and spelling and the en-passant policy: `--chess960`, `--castling`,
    /// `--en-passant`): `Err` when the notation cannot hold it and `lossy` is not set, or when
    /// it holds another family's positions. `len` is the length of the input record, which a
    /// rejection spans.
    fn write(
        &self,
        notation: Notation,
        position: &Position,
        settings: ReadSettings,
        lossy: bool,
        len: usize,
    ) -> Result<Written, Rejection> {
        let _ = (settings, lossy);
        Err(unsupported(notation, position, len))
    }

    /// The DFEN profile it always reads and writes in, whatever `--profile` says
    /// (`dfen-engine`).
    fn profile(&self) -> Option<::dfen::Profile> {
        None
    }

    /// Whether a file with one of its shared extensions is this notation's, by its first
    /// record (`first`, trimmed): `Err` says why not.
    fn claims(&self, _first: &str) -> Result<(), &'static str> {
        Ok(())
    }

    /// Whether its positions are standard chess's, which `--variant antichess` (and every
    /// variant judged by `fenkit-variants`) judges by the variant's rules instead (FEN, EPD,
    /// perft suites).
    fn holds_chess_positions(&self) -> bool {
        false
    }

    /// Whether it writes positions at all (`convert --to` offers only those that do).
    fn writes(&self) -> bool {
        false
    }

    /// Whether its writer takes a position with more than its family's plain model holds
    /// (an EPD line's operations, [`Position::Epd`]) as it is; every other writer is handed
    /// [`Position::plain`].
    fn writes_whole(&self) -> bool {
        false
    }

    /// Whether a conversion reads its records as cases of several lines
    /// ([`crate::records::Grouping::Cases`], perft suites), each converted whole.
    fn converts_cases(&self) -> bool {
        false
    }

    /// The bytes that open a comment line, after any spaces: `#` in every notation, and `%`
    /// too in EPD (the PGN standard's escape).
    fn comment_starts(&self) -> &'static [u8] {
        crate::records::COMMENT_STARTS
    }

    /// For a notation whose records each may hold a value that must be unique within its file
    /// ([`Analysis::unique`], an EPD line's `id`): the finding for a record that repeats the
    /// value `unique` of line `first`. The records are analysed on several threads; the
    /// values are met in file order.
    fn repeated(&self, _unique: &Unique, _first: usize) -> Option<Finding> {
        None
    }

    /// The words of [`Codec::repeated`]'s finding around the line first met on, when they can
    /// be given so ([`RepeatWords`]).
    fn repeated_words<'u>(&self, _unique: &'u Unique) -> Option<RepeatWords<'u>> {
        None
    }

    /// The finding `check` reports when this notation cannot hold `position` (a six-field
    /// FEN cannot hold dice), spanning a record of `len` bytes; `None` when it holds all of it.
    fn cannot_hold(&self, _position: &Position, _len: usize) -> Option<Finding> {
        None
    }
}

/// The first position line of the start of a text, `at_end` when nothing follows it: the
/// first line, after a BOM, that is neither blank nor a comment (a line that starts with one
/// of `comments`); `None` when there is none. `Err(skip)` while the start does not tell yet:
/// the first position line has not begun, or has not ended and (unless `whole`) has too few
/// bytes to tell its notation. `skip` is the length of the BOM and the whole blank and
/// comment lines at the start, which the next call, on the text grown longer, need not read
/// again (it is given the text after them).
pub fn first_position_line<'t>(
    text: &'t [u8],
    at_end: bool,
    comments: &[u8],
    whole: bool,
) -> Result<Option<&'t [u8]>, usize> {
    const BOM: &[u8] = b"\xEF\xBB\xBF";
    if !at_end && text.len() < BOM.len() && BOM.starts_with(text) {
        return Err(0);
    }
    let mut skip = if text.starts_with(BOM) { BOM.len() } else { 0 };
    loop {
        let rest = text.get(skip..).unwrap_or_default();
        let line = match memchr::memchr(b'\n', rest) {
            Some(end) => rest.get(..end).unwrap_or_default(),
            None => rest,
        };
        let complete = line.len() < rest.len();
        let content = line.trim_ascii();
        if content.first().is_none_or(|byte| comments.contains(byte)) {
            if complete {
                skip += line.len() + 1;
                continue;
            }
            return if at_end { Ok(None) } else { Err(skip) };
        }
        // "4d-fen" is the longest start that tells.
        return if complete || at_end || (!whole && line.trim_ascii_start().len() >= 6) {
            Ok(Some(line))
        } else {
            Err(skip)
        };
    }
}

/// A line being sniffed: its bytes, and the JSON value it holds, parsed at most once however
/// many codecs ask.
pub struct Line<'a> {
    bytes: &'a [u8],
    json: std::cell::OnceCell<Option<serde_json::Value>>,
}

impl<'a> Line<'a> {
    /// The line `bytes`.
    pub fn new(bytes: &'a [u8]) -> Line<'a> {
        Line {
            bytes,
            json: std::cell::OnceCell::new(),
        }
    }

    /// The line without leading ASCII whitespace.
    pub fn start(&self) -> &'a [u8] {
        self.bytes.trim_ascii_start()
    }

    /// The JSON value the line holds, if it is one.
    pub fn json(&self) -> Option<&serde_json::Value> {
        self.json
            .get_or_init(|| serde_json::from_slice(self.start()).ok())
            .as_ref()
    }

    /// The keys of the JSON object the line holds, if it is one.
    pub fn json_object(&self) -> Option<&serde_json::Map<String, serde_json::Value>> {
        self.json().and_then(serde_json::Value::as_object)
    }
}

/// The rejection of a conversion that no writer makes: `position` written as `notation`.
pub fn unsupported(notation: Notation, position: &Position, len: usize) -> Rejection {
    let (what, help) = match position {
        Position::Dfen(_) => ("a DFEN position".to_owned(), None),
        Position::Fen4(_) => ("a FEN4 placement".to_owned(), None),
        Position::Epd(_) => ("an EPD line".to_owned(), None),
        Position::VariantEpd(line) => {
            (format!("a {} EPD line", line.position.variant.name()), None)
        }
        Position::Variant(variant) => (
            format!("a {} position", variant.variant.name()),
            Some(
                "write it as standard FEN with `--to fen --lossy` (which drops the variant's \
                 state), or in a dialect of its variant with `--variant` and `--to-dialect`",
            ),
        ),
    };
    let rejection = Rejection::new(
        crate::code::FenkitCode::CrossFamily,
        0..len,
        format!(
            "this conversion is not supported: expected a position that {} can hold, found {what}",
            notation.name()
        ),
    );
    match help {
        Some(help) => rejection.with_help(help),
        None => rejection,
    }
}

/// The options a run gives a notation: a variant's dialects and check limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Options {
    /// The dialect read.
    pub dialect: Dialect,
    /// The dialect the canonical form is written in (`--to-dialect`; else `dialect`).
    pub write: Dialect,
    /// Three-check's number of checks that wins.
    pub check_limit: u8,
    /// `--dialect auto`: each line is read in the dialect it is written in
    /// (`Dialect::detect`), not in `dialect`.
    pub auto: bool,
    /// With `auto` and no `--to-dialect`: each line is written back in the dialect it was
    /// read in, not in `write`.
    pub write_as_read: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            dialect: Dialect::Essay,
            write: Dialect::Essay,
            check_limit: 3,
            auto: false,
            write_as_read: false,
        }
    }
}

/// A notation as a run reads it: an entry of [`TABLE`] and the options it was given.
#[derive(Clone, Copy)]
pub struct Notation {
    entry: &'static Entry,
    /// The options of this run.
    pub options: Options,
}

impl PartialEq for Notation {
    fn eq(&self, other: &Notation) -> bool {
        self.entry.name == other.entry.name && self.options == other.options
    }
}

impl Eq for Notation {}

impl std::hash::Hash for Notation {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.entry.name.hash(state);
        self.options.hash(state);
    }
}

impl std::fmt::Debug for Notation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Notation({self})")
    }
}

impl std::fmt::Display for Notation {
    /// The name, and for a notation written in dialects its dialect (and check limit, when
    /// not 3): what a golden report's header says it read.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())?;
        if self.entry.dialects {
            if self.options.auto {
                f.write_str(" (dialect decided per line")?;
            } else {
                write!(f, " ({} dialect", self.options.dialect)?;
            }
            if self.options.check_limit != 3 {
                write!(f, ", check limit {}", self.options.check_limit)?;
            }
            f.write_str(")")?;
        }
        Ok(())
    }
}

impl Notation {
    /// The notation of `entry`, with default options.
    pub fn of(entry: &'static Entry) -> Notation {
        Notation {
            entry,
            options: Options::default(),
        }
    }

    /// The notation of a text that no notation recognises: DFEN.
    pub fn fallback() -> Notation {
        Notation::of(&dfen::DFEN)
    }

    /// This notation with `options`.
    pub fn with_options(self, options: Options) -> Notation {
        Notation { options, ..self }
    }

    /// Its entry in [`TABLE`].
    pub fn entry(self) -> &'static Entry {
        self.entry
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        self.entry.name
    }

    /// The movetext notation when `value`, a container's first value, is SAN movetext
    /// (`1. e4 …`): a column of movetext is read so without `--notation`.
    pub fn movetext_in(value: &str) -> Option<Notation> {
        let line = Line::new(value.as_bytes());
        (movetext::MOVETEXT.codec.sniff(&line) > 0).then(|| Notation::of(&movetext::MOVETEXT))
    }

    /// The notation named `name` in [`TABLE`], whether or not a setting offers it
    /// (`dfen-engine` and the JSON forms are read only where their form is asked for).
    pub fn named(name: &str) -> Option<Notation> {
        TABLE
            .iter()
            .find(|entry| entry.name == name)
            .map(|entry| Notation::of(entry))
    }

    /// The notation `--variant VARIANT` reads: standard chess is FEN, Dice Chess DFEN.
    pub fn of_variant(variant: Variant) -> Option<Notation> {
        TABLE
            .iter()
            .find(|entry| entry.variant == Some(variant))
            .map(|entry| Notation::of(entry))
    }

    /// The notation a file extension means, and whether the extension is one other formats
    /// share (see [`Entry::shared_extensions`]).
    pub fn by_extension(path: &Path) -> Option<(Notation, bool)> {
        let extension = path.extension()?.to_str()?;
        TABLE.iter().find_map(|entry| {
            let shared = entry
                .shared_extensions
                .iter()
                .any(|(shared, _)| *shared == extension);
            (shared || entry.extensions.contains(&extension)).then(|| (Notation::of(entry), shared))
        })
    }

    /// The notation a file extension means.
    pub fn from_extension(path: &Path) -> Option<Notation> {
        Notation::by_extension(path).map(|(notation, _)| notation)
    }

    /// The files a directory walk picks up, for messages: `*.dfen, *.fen, …, and *.jsonl
    /// whose first record has a `fen4` key`.
    pub fn walked() -> String {
        let own = TABLE
            .iter()
            .flat_map(|entry| entry.extensions)
            .map(|extension| format!("*.{extension}"));
        let shared = TABLE
            .iter()
            .flat_map(|entry| entry.shared_extensions)
            .map(|(extension, holding)| format!("*.{extension} {holding}"));
        let all: Vec<String> = own.chain(shared).collect();
        match all.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{}, and {last}", rest.join(", ")),
            _ => all.concat(),
        }
    }

    /// Whether a file with a shared extension holds this notation, by its first record (see
    /// [`Codec::claims`]).
    pub fn claims(self, first: &str) -> Result<(), &'static str> {
        self.entry.codec.claims(first)
    }

    /// Guesses the notation of one line among the notations `among` admits, preferring
    /// `family` on a tie (see [`Codec::sniff`]); DFEN when none admitted says anything.
    pub fn sniff_among(
        line: &[u8],
        among: impl Fn(&Entry) -> bool,
        family: Option<Family>,
    ) -> Notation {
        let line = Line::new(line);
        let mut best: Option<(u8, bool, &'static Entry)> = None;
        for entry in TABLE.iter().copied().filter(|entry| among(entry)) {
            let rank = entry.codec.sniff(&line);
            let preferred = family == Some(entry.family);
            if best.is_none_or(|(top, top_preferred, _)| {
                rank > top || (rank == top && preferred && !top_preferred)
            }) {
                best = Some((rank, preferred, entry));
            }
        }
        Notation::of(best.map_or(&dfen::DFEN, |(_, _, entry)| entry))
    }

    /// Guesses the notation of a file from its first position line, among the notations
    /// `--notation` offers.
    pub fn sniff(first_position: &[u8]) -> Notation {
        Notation::sniff_among(first_position, |entry| entry.help.notation.is_some(), None)
    }

    /// Guesses the notation of an adapter input (`fenkit parse`), by the protocol's own rule
    /// (see [`Codec::sniffed_by_adapter`]).
    pub fn sniff_adapter(text: &[u8]) -> Notation {
        Notation::sniff_among(
            text,
            |entry| entry.help.notation.is_some() && entry.codec.sniffed_by_adapter(),
            None,
        )
    }

    /// Guesses the notation of a text from its first position line: the first line, after a
    /// BOM, that is neither blank nor a `#` comment (DFEN when there is none).
    pub fn sniff_text(text: &[u8]) -> Notation {
        Notation::sniff_start(text, true).unwrap_or(Notation::of(&dfen::DFEN))
    }

    /// [`Notation::sniff_text`] of the start of a text, `at_end` when nothing follows it.
    /// `Err(skip)` while the start does not tell yet (see [`first_position_line`]).
    pub fn sniff_start(text: &[u8], at_end: bool) -> Result<Notation, usize> {
        first_position_line(text, at_end, b"#", false).map(|line| match line {
            Some(line) => Notation::sniff(line),
            None => Notation::of(&dfen::DFEN),
        })
    }

    /// Whether it is PGN games (`--notation pgn`), which are read through the PGN container.
    pub fn is_pgn(self) -> bool {
        std::ptr::eq(self.entry, &games::PGN)
    }

    /// Whether a variant's rules can judge its positions (see [`Codec::holds_chess_positions`]).
    pub fn holds_chess_positions(self) -> bool {
        self.entry.codec.holds_chess_positions()
    }

    /// Whether records may continue on following lines that start with whitespace.
    pub fn has_continuation_lines(self) -> bool {
        self.entry.continuation_lines
    }

    /// How `convert` groups this notation's lines into records: continuation lines (FEN4), a
    /// perft suite's cases, else one line a record.
    pub fn conversion_grouping(self) -> crate::records::Grouping {
        if self.entry.continuation_lines {
            crate::records::Grouping::Indented
        } else if self.entry.codec.converts_cases() {
            crate::records::Grouping::Cases
        } else {
            crate::records::Grouping::None
        }
    }

    /// A reader of `inner`'s records by this notation's rules: continuation lines, and the
    /// bytes that open a comment line.
    pub fn reader<R: std::io::BufRead>(self, inner: R) -> crate::records::RecordReader<R> {
        crate::records::RecordReader::new(inner, self.has_continuation_lines())
            .with_comment_starts(self.comment_starts())
    }

    /// The bytes that open a comment line in this notation (see [`Codec::comment_starts`]).
    pub fn comment_starts(self) -> &'static [u8] {
        self.entry.codec.comment_starts()
    }

    /// The finding for a record whose unique value was met first on line `first` (see
    /// [`Codec::repeated`]).
    pub fn repeated(self, unique: &Unique, first: usize) -> Option<Finding> {
        self.entry.codec.repeated(unique, first)
    }

    /// The words of [`Notation::repeated`]'s finding for `unique` around the line first met
    /// on, when they can be given so (see [`Codec::repeated`]).
    pub fn repeated_words(self, unique: &Unique) -> Option<RepeatWords<'_>> {
        self.entry.codec.repeated_words(unique)
    }

    /// Reads one record as a position to use (see [`Codec::read`]).
    pub fn read(self, text: &str, settings: ReadSettings) -> Result<Read, Rejection> {
        self.entry.codec.read(self, text, settings)
    }

    /// Parses one record into its position and every finding (see [`Codec::parse`]).
    pub fn parse(
        self,
        text: &str,
        settings: ReadSettings,
    ) -> Result<(Position, Vec<Finding>), Rejection> {
        self.entry.codec.parse(self, text, settings)
    }

    /// Writes a position in this notation, as `settings` write it (see [`Codec::write`]).
    pub fn write(
        self,
        position: &Position,
        settings: ReadSettings,
        lossy: bool,
        len: usize,
    ) -> Result<Written, Rejection> {
        let codec = self.entry.codec;
        if codec.writes_whole() {
            return codec.write(self, position, settings, lossy, len);
        }
        // What the plain model leaves behind is part of the record: refused, or with
        // `--lossy` dropped and said.
        let left = position.left_by_plain();
        if !left.is_empty() && !lossy {
            return Err(Rejection::new(
                crate::code::FenkitCode::RecordPartDropped,
                0..len,
                format!(
                    "`{}` cannot hold {}: expected a target that keeps the whole record (`epd` \
                     or `json`)",
                    self.name(),
                    left.join(" and ")
                ),
            )
            .with_help("convert with --lossy to drop them; the warning says what was dropped"));
        }
        let (text, mut dropped) = codec.write(self, &position.plain(), settings, lossy, len)?;
        dropped.extend(left);
        Ok((text, dropped))
    }

    /// Why this notation cannot hold `position`, if it cannot (see [`Codec::cannot_hold`]).
    pub fn cannot_hold(self, position: &Position, len: usize) -> Option<Finding> {
        self.entry.codec.cannot_hold(&position.plain(), len)
    }
}

/// The notations a flag offers, in table order.
fn offered(help: impl Fn(&Help) -> Option<&'static str>) -> Vec<Notation> {
    TABLE
        .iter()
        .filter(|entry| help(&entry.help).is_some())
        .map(|entry| Notation::of(entry))
        .collect()
}

/// `--notation`: the notations a file can be read as.
static BY_NOTATION: LazyLock<Vec<Notation>> = LazyLock::new(|| offered(|help| help.notation));

impl choice::Choice for Notation {
    fn offered() -> &'static [Self] {
        &BY_NOTATION
    }

    fn name(self) -> &'static str {
        self.entry.name
    }

    fn help(self) -> &'static str {
        self.entry.help.notation.unwrap_or_default()
    }
}

/// `--variant VARIANT`: a chess variant. Standard chess, Dice Chess and the variants written
/// in dialects of their own (three-check, crazyhouse, two-move chess) select the notation
/// their positions are written in (`chess` is FEN, `dice` DFEN); the variants whose positions
/// are standard FEN (antichess, atomic, horde, …) keep the notation and change the rules their
/// positions are judged by (`fenkit-variants`). Every name and alias of `variants::TABLE` is
/// read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VariantName {
    /// A variant whose positions have a notation of their own.
    Notation(Notation),
    /// A variant whose positions are standard FEN, judged by its rules.
    Rules(::variants::Variant),
}

impl VariantName {
    /// The variant whose FEN dialects its positions are written in (standard chess for a
    /// variant judged by rules only).
    pub fn variant(self) -> Variant {
        match self {
            VariantName::Notation(notation) => notation.entry.variant.unwrap_or(Variant::Chess),
            VariantName::Rules(_) => Variant::Chess,
        }
    }

    /// The notation it selects, if it selects one.
    pub fn notation(self) -> Option<Notation> {
        match self {
            VariantName::Notation(notation) => Some(notation),
            VariantName::Rules(_) => None,
        }
    }

    /// The rules `fenkit-variants` judges its positions by, when they are not standard
    /// chess's (`dfen`'s) or Dice Chess's: every variant of `variants::TABLE` but chess.
    pub fn rules(self) -> Option<::variants::Variant> {
        match self {
            VariantName::Rules(variant) => Some(variant),
            VariantName::Notation(notation) => match notation.entry.variant? {
                Variant::ThreeCheck => Some(::variants::Variant::ThreeCheck),
                Variant::Crazyhouse => Some(::variants::Variant::Crazyhouse),
                _ => None,
            },
        }
    }

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            VariantName::Notation(_) => self.variant().name(),
            VariantName::Rules(variant) => variant.name(),
        }
    }

    /// The entry of `variants::TABLE` it is, for its aliases.
    fn rules_entry(self) -> Option<&'static ::variants::Entry> {
        let variant = match self {
            VariantName::Rules(variant) => variant,
            VariantName::Notation(notation) => match notation.entry.variant? {
                Variant::Chess => ::variants::Variant::Chess,
                Variant::ThreeCheck => ::variants::Variant::ThreeCheck,
                Variant::Crazyhouse => ::variants::Variant::Crazyhouse,
                _ => return None,
            },
        };
        Some(variant.entry())
    }
}

/// What `--variant` says of the variants judged by rules only.
fn rules_help(variant: ::variants::Variant) -> &'static str {
    use ::variants::Variant as V;
    match variant {
        V::Antichess => "antichess (lichess): any number of kings, no castling; FEN, EPD, perft",
        V::Giveaway => "giveaway: antichess with castling; FEN, EPD, perft",
        V::Atomic => "atomic: kings may touch; FEN, EPD, perft",
        V::Horde => "horde: White has pawns and no king; FEN, EPD, perft",
        V::RacingKings => "racing kings: no checks, no pawns; FEN, EPD, perft",
        V::KingOfTheHill => "king of the hill: a king on the centre ends the game; FEN, EPD, perft",
        V::Chess | V::ThreeCheck | V::Crazyhouse => "",
    }
}

/// The values of `--variant`, in order: standard chess, Dice Chess, the variants of
/// `variants::TABLE` (three-check and crazyhouse as their notations), two-move chess.
static BY_VARIANT: LazyLock<Vec<VariantName>> = LazyLock::new(|| {
    let notation = |variant| {
        Notation::of_variant(variant)
            .filter(|notation| notation.entry.help.variant.is_some())
            .map(VariantName::Notation)
    };
    let mut names: Vec<VariantName> = [Variant::Chess, Variant::Dice]
        .into_iter()
        .filter_map(notation)
        .collect();
    for entry in &::variants::TABLE {
        names.extend(match entry.variant {
            ::variants::Variant::Chess => None,
            ::variants::Variant::ThreeCheck => notation(Variant::ThreeCheck),
            ::variants::Variant::Crazyhouse => notation(Variant::Crazyhouse),
            variant => Some(VariantName::Rules(variant)),
        });
    }
    names.extend(notation(Variant::TwoMove));
    names
});

impl choice::Choice for VariantName {
    fn offered() -> &'static [Self] {
        &BY_VARIANT
    }

    fn name(self) -> &'static str {
        VariantName::name(self)
    }

    fn help(self) -> &'static str {
        match self {
            VariantName::Notation(notation) => notation.entry.help.variant.unwrap_or_default(),
            VariantName::Rules(variant) => rules_help(variant),
        }
    }

    fn aliases(self) -> Vec<&'static str> {
        let Some(entry) = self.rules_entry() else {
            return Vec::new();
        };
        std::iter::once(entry.name)
            .chain([entry.pgn])
            .chain(entry.aliases.iter().copied())
            .filter(|alias| *alias != self.name())
            .collect()
    }

    /// Every name and alias of `variants::TABLE`, compared as the table compares them
    /// (without case, spaces, `-` and `_`).
    fn from_name(input: &str) -> Option<Self> {
        let offered = <Self as choice::Choice>::offered();
        let exact = offered.iter().find(|value| {
            value.name() == input || choice::Choice::aliases(**value).contains(&input)
        });
        if let Some(value) = exact {
            return Some(*value);
        }
        let variant = ::variants::Variant::from_name(input)?;
        offered
            .iter()
            .find(|value| value.rules_entry().is_some_and(|e| e.variant == variant))
            .copied()
    }
}

/// A form `convert` reads (`--from`) or writes (`--to`): a notation, or `json`, the structured
/// JSON form of the family on the other side of the conversion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// A notation of the table.
    Notation(Notation),
    /// The structured JSON form of the other side's family.
    Json,
}

/// The `json` form's help.
const JSON_HELP: &str =
    "JSON: the structured form of a DFEN or of a FEN4 (by the other side of the conversion)";

/// The forms `convert` offers: the notations with a [`Help::convert`] text, `json` before the
/// first JSON form; `writing` keeps only those it writes.
fn forms(writing: bool) -> Vec<Form> {
    let mut forms = Vec::new();
    for entry in TABLE.iter().filter(|entry| entry.help.convert.is_some()) {
        if entry.json != Json::No && !forms.contains(&Form::Json) {
            forms.push(Form::Json);
        }
        if !writing || entry.codec.writes() {
            forms.push(Form::Notation(Notation::of(entry)));
        }
    }
    forms
}

static READ_FORMS: LazyLock<Vec<Form>> = LazyLock::new(|| forms(false));

/// `convert --to`: a form `convert` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target(pub Form);

static WRITE_FORMS: LazyLock<Vec<Target>> =
    LazyLock::new(|| forms(true).into_iter().map(Target).collect());

impl Form {
    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Form::Notation(notation) => notation.name(),
            Form::Json => "json",
        }
    }

    /// The family it holds; `None` for `json`, which takes the other side's.
    pub fn family(self) -> Option<Family> {
        match self {
            Form::Notation(notation) => Some(notation.entry.family),
            Form::Json => None,
        }
    }

    /// The notation it means next to `family`: `json` is that family's structured JSON form.
    pub fn resolve(self, family: Family) -> Notation {
        match self {
            Form::Notation(notation) => notation,
            Form::Json => TABLE
                .iter()
                .find(|entry| entry.family == family && entry.json == Json::Form)
                .map_or(Notation::of(&json::DFEN_JSON), |entry| Notation::of(entry)),
        }
    }

    /// Whether its text is JSON.
    pub fn is_json(self) -> bool {
        match self {
            Form::Notation(notation) => notation.entry.json != Json::No,
            Form::Json => true,
        }
    }

    /// What `convert --from` and `--to` say of it.
    fn convert_help(self) -> &'static str {
        match self {
            Form::Notation(notation) => notation.entry.help.convert.unwrap_or_default(),
            Form::Json => JSON_HELP,
        }
    }
}

impl choice::Choice for Form {
    fn offered() -> &'static [Self] {
        &READ_FORMS
    }

    fn name(self) -> &'static str {
        Form::name(self)
    }

    fn help(self) -> &'static str {
        self.convert_help()
    }
}

impl choice::Choice for Target {
    fn offered() -> &'static [Self] {
        &WRITE_FORMS
    }

    fn name(self) -> &'static str {
        self.0.name()
    }

    fn help(self) -> &'static str {
        self.0.convert_help()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every name is unique, every extension means one notation, and exactly the variants with
    /// dialects of their own are written in dialects.
    #[test]
    fn the_table_is_consistent() {
        let mut names = std::collections::HashSet::new();
        let mut extensions = std::collections::HashSet::new();
        for entry in TABLE {
            assert!(names.insert(entry.name), "{} twice", entry.name);
            for extension in entry.extensions {
                assert!(extensions.insert(*extension), "`.{extension}` twice");
            }
            assert_eq!(
                entry.dialects,
                entry
                    .variant
                    .is_some_and(|v| !matches!(v, Variant::Chess | Variant::Dice)),
                "{}",
                entry.name
            );
        }
    }

    /// The flags offer what they offered before the table, in the same order.
    #[test]
    fn the_flags_offer_the_notations_in_order() {
        use choice::Choice;
        let names = |values: Vec<String>| values.join(" ");
        let of = |values: &[Notation]| names(values.iter().map(|n| n.name().to_owned()).collect());
        assert_eq!(
            of(Notation::offered()),
            "dfen fen epd perft fen4 ndjson4 movetext pgn"
        );
        assert_eq!(
            names(
                VariantName::offered()
                    .iter()
                    .map(|v| v.name().to_owned())
                    .collect()
            ),
            "chess dice antichess giveaway atomic horde racingkings kingofthehill threecheck \
             crazyhouse twomove"
        );
        assert_eq!(
            names(
                Form::offered()
                    .iter()
                    .map(|f| f.name().to_owned())
                    .collect()
            ),
            "dfen dfen-engine fen epd perft json dfen-json fen4 fen4-json fen4-pieces ndjson4"
        );
        assert_eq!(
            names(
                Target::offered()
                    .iter()
                    .map(|t| t.0.name().to_owned())
                    .collect()
            ),
            "dfen dfen-engine fen epd perft json dfen-json fen4 fen4-json fen4-pieces"
        );
    }

    /// A file's first position line: `4d-fen` is FEN4, `{` NDJSON4, a `%` comment or a fifth
    /// field that opens an operation EPD, six or four fields read as FEN standard FEN, anything
    /// else (dice, several en-passant squares) DFEN.
    #[test]
    fn files_are_sniffed_among_the_notations_of_files() {
        for (line, expected) in [
            ("4d-fen v1: K@0,0,0,0", "fen4"),
            ("  4d-fen v1:", "fen4"),
            ("{\"fen4\":\"4d-fen v1:\"}", "ndjson4"),
            ("{\"board\":{}}", "ndjson4"),
            ("{not json", "ndjson4"),
            ("[]", "dfen"),
            ("8/8/8/8/8/8/8/8 w - - 0 1", "fen"),
            ("8/8/8/8/8/8/8/8 w - - 0 1 -", "dfen"),
            ("8/8/8/8/P1P5/8/8/8 b - a3c3 0 1", "dfen"),
            (
                "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
                "fen",
            ),
            ("", "dfen"),
            ("% Bratko-Kopec", "epd"),
            ("4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;", "epd"),
            ("4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D2 66", "epd"),
            ("4k3/8/8/8/8/8/8/4K3 w - -", "fen"),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 PN", "dfen"),
            ("id kiwipete", "perft"),
            ("epd 4k3/8/8/8/8/8/8/4K3 w - -", "perft"),
            ("perft 1 5", "perft"),
        ] {
            assert_eq!(Notation::sniff(line.as_bytes()).name(), expected, "{line}");
        }
    }

    /// `fenkit parse` keeps the adapter protocol's rule: `4d-fen` is FEN4, anything else DFEN.
    #[test]
    fn the_adapter_keeps_its_own_rule() {
        for (line, expected) in [
            ("4d-fen v1: K@0,0,0,0", "fen4"),
            ("8/8/8/8/8/8/8/8 w - - 0 1", "dfen"),
            ("4k3/8/8/8/8/8/8/4K3 w - -", "dfen"),
        ] {
            assert_eq!(
                Notation::sniff_adapter(line.as_bytes()).name(),
                expected,
                "{line}"
            );
        }
    }

    /// `convert` tells the JSON forms apart by their content, and a line that is not JSON by
    /// the family asked for.
    #[test]
    fn convert_sniffs_the_json_forms() {
        let among = |entry: &Entry| entry.help.convert.is_some();
        for (line, family, expected) in [
            ("4d-fen v1: K@0,0,0,0", Family::Dfen, "fen4"),
            ("[{\"at\":[0,0,0,0]}]", Family::Dfen, "fen4-json"),
            (
                "{\"fen4\":\"4d-fen v1:\",\"board\":{}}",
                Family::Dfen,
                "ndjson4",
            ),
            ("{\"bridge_version\":1}", Family::Dfen, "ndjson4"),
            ("{\"board\":{}}", Family::Fen4, "dfen-json"),
            ("{\"0\":\"K\"}", Family::Dfen, "fen4-pieces"),
            ("{not json", Family::Dfen, "dfen-json"),
            ("{not json", Family::Fen4, "fen4-pieces"),
            ("8/8/8/8/8/8/8/8 w - - 0 1", Family::Fen4, "fen"),
            ("8/8/8/8/8/8/8/8 w - - 0 1 -", Family::Fen4, "dfen"),
        ] {
            assert_eq!(
                Notation::sniff_among(line.as_bytes(), among, Some(family)).name(),
                expected,
                "{line}"
            );
        }
    }
}

//! The variant FENs (`spec/variants.md`): three-check, crazyhouse and two-move chess, each in
//! the dialects it is written in. They are chosen with `--variant` (and `--dialect`,
//! `--check-limit`) or the configuration's `[variants]`, never by extension or content.

use std::fmt::Write as _;

use chess::variant::{Dialect, Variant, VariantParser};

use super::analysis::{Identity, converted};
use super::dfen::{error_finding, first_error};
use super::{
    Analysis, Analyze, Codec, EnPassant, Entry, Family, Help, Json, Notation, Position, Read,
    ReadSettings, Rejection, Suite, Work, Written,
};
use crate::code::Finding;

/// The fields every variant entry shares.
macro_rules! variant_entry {
    ($name:ident, $variant:expr, $help:expr, $positions:expr) => {
        pub(super) static $name: Entry = Entry {
            name: $variant.name(),
            help: Help {
                notation: None,
                variant: Some($help),
                convert: None,
            },
            extensions: &[],
            shared_extensions: &[],
            family: Family::Dfen,
            positions: $positions,
            json: Json::No,
            continuation_lines: false,
            replay: None,
            variant: Some($variant),
            dialects: true,
            en_passant: EnPassant::AsWritten,
            columnar: false,
            reference_codes: false,
            suite: Some(Suite {
                file: "variants",
                parity: true,
            }),
            codec: &VariantCodec { variant: $variant },
        };
    };
}

variant_entry!(
    THREECHECK,
    Variant::ThreeCheck,
    "three-check: checks given by each side",
    "three-check positions"
);
variant_entry!(
    CRAZYHOUSE,
    Variant::Crazyhouse,
    "crazyhouse: pockets and promoted pieces",
    "crazyhouse positions"
);
variant_entry!(
    TWOMOVE,
    Variant::TwoMove,
    "two-move chess: which move of the turn comes next",
    "two-move chess positions"
);

/// Where a variant's state is written, as a command-line and configuration value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DialectArg {
    /// the canonical form: the six FEN fields, then the variant's fields
    Essay,
    /// Stockfish, Fairy-Stockfish, python-chess, shakmaty: `3+3` remaining checks, `[Pp]`
    /// pockets, `~` promoted pieces
    Stockfish,
    /// lichess: `+1+0` checks given after the clocks, the pocket as a ninth rank
    Lichess,
    /// decided per line, for files that mix dialects: `3+3` or `[Pp]` is stockfish, `+1+0` or
    /// a ninth rank lichess, else essay (`-v` says what was chosen; read only)
    Auto,
}

impl crate::choice::Choice for DialectArg {
    fn offered() -> &'static [Self] {
        &[
            DialectArg::Essay,
            DialectArg::Stockfish,
            DialectArg::Lichess,
            DialectArg::Auto,
        ]
    }

    fn name(self) -> &'static str {
        match self {
            DialectArg::Essay => "essay",
            DialectArg::Stockfish => "stockfish",
            DialectArg::Lichess => "lichess",
            DialectArg::Auto => "auto",
        }
    }

    fn help(self) -> &'static str {
        match self {
            DialectArg::Essay => {
                "the canonical form: the six FEN fields, then the variant's fields"
            }
            DialectArg::Stockfish => {
                "Stockfish, Fairy-Stockfish, python-chess, shakmaty: `3+3` remaining checks, \
                 `[Pp]` pockets, `~` promoted pieces"
            }
            DialectArg::Lichess => {
                "lichess: `+1+0` checks given after the clocks, the pocket as a ninth rank"
            }
            DialectArg::Auto => {
                "decided per line, for files that mix dialects: `3+3` or `[Pp]` is stockfish, \
                 `+1+0` or a ninth rank lichess, else essay (`-v` says what was chosen; read only)"
            }
        }
    }
}

impl From<DialectArg> for Dialect {
    /// The dialect; `auto`, decided per line, starts from the essay form.
    fn from(dialect: DialectArg) -> Dialect {
        match dialect {
            DialectArg::Essay | DialectArg::Auto => Dialect::Essay,
            DialectArg::Stockfish => Dialect::Stockfish,
            DialectArg::Lichess => Dialect::Lichess,
        }
    }
}

/// The dialects `text` is read and written in: the notation's, or with `--dialect auto` the
/// one the line is written in, written back in it unless `--to-dialect` says otherwise.
pub(super) fn line_dialects(
    variant: Variant,
    notation: Notation,
    text: &str,
) -> (Dialect, Dialect) {
    let options = notation.options;
    if !options.auto {
        return (options.dialect, options.write);
    }
    let read = Dialect::detect(variant, text);
    (
        read,
        if options.write_as_read {
            read
        } else {
            options.write
        },
    )
}

/// The library's parser for `variant` in the notation's dialect and the settings' castling
/// mode; `--profile lenient` reads lines without their clocks (`DFEN109`, as in a FEN). When
/// the variants library judges the variant ([`rules_of`]), `dfen` reads the spelling only.
fn parser(
    variant: Variant,
    notation: Notation,
    settings: ReadSettings,
    dialect: Dialect,
) -> VariantParser {
    VariantParser::new(variant)
        .dialect(dialect)
        .check_limit(notation.options.check_limit)
        .castling_mode(settings.castling_mode)
        .lenient(settings.profile == dfen::Profile::Lenient)
        .check_position(rules_of(variant, settings).is_none())
}

/// The rules that judge the positions of `variant` (`fenkit-variants`): three-check's and
/// crazyhouse's, as python-chess judges them, whenever the settings name them (`--variant
/// threecheck`); `None` for two-move chess, which `dfen` judges.
fn rules_of(variant: Variant, settings: ReadSettings) -> Option<variants::Variant> {
    match (variant, settings.rules) {
        (Variant::ThreeCheck, Some(rules @ variants::Variant::ThreeCheck))
        | (Variant::Crazyhouse, Some(rules @ variants::Variant::Crazyhouse)) => Some(rules),
        _ => None,
    }
}

/// The variant library's findings about the position `dfen` read as `parsed` from `text`,
/// when its rules judge `variant` (the line is read once: the library is handed what `dfen`
/// read); they come after `dfen`'s own.
fn rules_findings(
    variant: Variant,
    settings: ReadSettings,
    text: &str,
    parsed: &chess::variant::VariantParsed,
    pieces: Option<&[u64; 12]>,
) -> Vec<Finding> {
    match rules_of(variant, settings) {
        Some(rules) => {
            super::rules::variant_fen_findings(rules, &parsed.position, pieces, text, settings)
        }
        None => Vec::new(),
    }
}

/// `finding`, a refusal of `text`, with a help line when `--profile lenient` reads the line
/// (a variant line without its clocks) and nothing better is said.
fn lenient_hint(
    mut finding: Finding,
    variant: Variant,
    notation: Notation,
    settings: ReadSettings,
    text: &str,
    dialect: Dialect,
) -> Finding {
    let lenient = ReadSettings {
        profile: dfen::Profile::Lenient,
        ..settings
    };
    if finding.help.is_none()
        && settings.profile != dfen::Profile::Lenient
        && parser(variant, notation, lenient, dialect)
            .parse(text)
            .is_ok_and(|parsed| !parsed.has_errors())
    {
        finding.help = Some(
            "`--profile lenient` reads a line without its clocks, with a warning (DFEN109)".into(),
        );
    }
    finding
}

/// Reads `text` with `parser`; a line refused only for its missing clocks is read as a clockless
/// FEN is, under every profile (`dfen::form`): with the fixable `DFEN109`, or, in a file whose
/// first position is clockless and unless strict, with no finding at all. The second value
/// says whether the line is kept clockless so (its canonical form is the line as written);
/// the third, the board's pieces when the parser's one-pass reader gathered them
/// ([`VariantParser::parse_with_pieces`]).
fn parse_clockless(
    parser: VariantParser,
    settings: ReadSettings,
    text: &str,
) -> (
    Result<chess::variant::VariantParsed, dfen::ParseError>,
    bool,
    Option<[u64; 12]>,
) {
    let (parsed, pieces) = parser.parse_with_pieces(text);
    if parsed.is_ok() || settings.profile == dfen::Profile::Lenient {
        return (parsed, false, pieces);
    }
    let lenient = match parser.lenient(true).parse(text) {
        Ok(lenient)
            if lenient
                .findings
                .iter()
                .any(|f| f.code == dfen::Code::MissingClocks) =>
        {
            lenient
        }
        _ => return (parsed, false, None),
    };
    let mut lenient = lenient;
    let kept = settings.form.clockless && !settings.strict;
    if kept {
        lenient
            .findings
            .retain(|f| f.code != dfen::Code::MissingClocks);
    }
    (Ok(lenient), kept, None)
}

/// One variant's behaviour.
struct VariantCodec {
    variant: Variant,
}

impl VariantCodec {
    /// The library's parser for this variant in the notation's dialect. Every command reads
    /// variant positions through it.
    fn parser(&self, notation: Notation, settings: ReadSettings, text: &str) -> VariantParser {
        let (read, _) = line_dialects(self.variant, notation, text);
        parser(self.variant, notation, settings, read)
    }
}

impl Codec for VariantCodec {
    fn analyzer(&self) -> Box<dyn Analyze> {
        Box::new(VariantAnalyzer {
            variant: self.variant,
            last_dialect: None,
        })
    }

    /// Converted as it was read, as every other conversion does: spellings become canonical,
    /// nothing else is fixed.
    fn read(
        &self,
        notation: Notation,
        text: &str,
        settings: ReadSettings,
    ) -> Result<Read, Rejection> {
        let (parsed, ..) = parse_clockless(self.parser(notation, settings, text), settings, text);
        let parsed = parsed.map_err(|error| Rejection::from(error_finding(&error)))?;
        first_error(&parsed.findings, None)?;
        if let Some(error) = rules_findings(self.variant, settings, text, &parsed, None)
            .into_iter()
            .find(|f| f.severity == fenkit_diagnostics::Severity::Error)
        {
            return Err(Rejection::from(error));
        }
        Ok(Read::Position(
            Position::Variant(Box::new(parsed.position)),
            Vec::new(),
        ))
    }

    fn parse(
        &self,
        notation: Notation,
        text: &str,
        settings: ReadSettings,
    ) -> Result<(Position, Vec<Finding>), Rejection> {
        match parse_clockless(self.parser(notation, settings, text), settings, text).0 {
            Ok(parsed) => {
                let rules = rules_findings(self.variant, settings, text, &parsed, None);
                let mut findings = converted(parsed.findings);
                findings.extend(rules);
                Ok((Position::Variant(Box::new(parsed.position)), findings))
            }
            Err(error) => Err(error_finding(&error).into()),
        }
    }

    /// The variant's own text, in the dialect the notation writes.
    fn write(
        &self,
        notation: Notation,
        position: &Position,
        _: ReadSettings,
        _lossy: bool,
        len: usize,
    ) -> Result<Written, Rejection> {
        match position {
            Position::Variant(position) => Ok((
                position.display_as(notation.options.write).to_string(),
                Vec::new(),
            )),
            _ => Err(super::unsupported(notation, position, len)),
        }
    }

    fn writes(&self) -> bool {
        true
    }
}

/// A variant's analyser: as a DFEN is analysed, with the canonical form in the dialect the
/// notation writes. Its one state only saves work: with `--dialect auto`, the dialect of the
/// line before, which a line is first read in (see [`VariantAnalyzer::analyze`]).
struct VariantAnalyzer {
    variant: Variant,
    /// `--dialect auto`: the dialect the last line was read in, when its plain reading proved
    /// it ([`VariantParser::parse_plain_in_dialect`]).
    last_dialect: Option<Dialect>,
}

impl Analyze for VariantAnalyzer {
    /// With `--dialect auto`, the line is first read by the one-pass reader in the dialect of
    /// the line before, which, where it reads the line, proves that the detection would have
    /// chosen that dialect and gives what the parser would: the detection's scan of the line is
    /// then skipped. Any other line is detected and read as before.
    fn analyze(&mut self, work: &mut Work, _line: usize, text: &str) -> Analysis {
        let options = work.notation.options;
        if let Some(last) = self.last_dialect.take()
            && options.auto
        {
            let parser = parser(self.variant, work.notation, work.settings, last)
                .strict(work.settings.strict);
            if let (mut parsed, Some(pieces)) = parser.parse_plain_in_dialect(text) {
                self.last_dialect = Some(last);
                let write = if options.write_as_read {
                    last
                } else {
                    options.write
                };
                let mut analysis =
                    self.analysis(work, text, &mut parsed, Some(&pieces), last, write);
                analysis.dialect = Some(last);
                return analysis;
            }
        }
        let (read, write) = line_dialects(self.variant, work.notation, text);
        let parser =
            parser(self.variant, work.notation, work.settings, read).strict(work.settings.strict);
        let (mut parsed, kept_clockless, pieces) = parse_clockless(parser, work.settings, text);
        if options.auto && pieces.is_some() {
            self.last_dialect = Some(read);
        }
        // The read line used where it lies (about 600 bytes), not moved into the call.
        let mut analysis = self.analysis(work, text, &mut parsed, pieces.as_ref(), read, write);
        if kept_clockless {
            // The file writes its positions without clocks: the line stays so.
            analysis.canonical = None;
        }
        if work.notation.options.auto {
            analysis.dialect = Some(read);
        }
        analysis
    }
}

impl VariantAnalyzer {
    /// `fmt --variant threecheck|crazyhouse`: the rules' errors that `dfen`'s fixed position
    /// repairs (castling rights without their king and rook, an impossible en-passant square:
    /// `VAR007`, `VAR008`, which it writes as python-chess cleans them) become fixable
    /// warnings of what was fixed, when the fixed position is then valid.
    fn fixable_in_fmt(
        &self,
        settings: ReadSettings,
        parsed: &chess::variant::VariantParsed,
        rules: &mut [Finding],
    ) {
        let repairs = |f: &Finding| super::rules::fixed_by_dfen(f.code);
        let errors = rules
            .iter()
            .filter(|f| f.severity == fenkit_diagnostics::Severity::Error);
        if errors.clone().next().is_none() || !errors.clone().all(repairs) {
            return;
        }
        let fixed = parsed.fixed();
        let still = super::rules::variant_fen_findings(
            rules_of(self.variant, settings).unwrap_or(variants::Variant::Chess),
            &fixed,
            None,
            &fixed.display_as(Dialect::Essay).to_string(),
            settings,
        );
        if still
            .iter()
            .any(|f| f.severity == fenkit_diagnostics::Severity::Error)
        {
            return;
        }
        for finding in rules.iter_mut().filter(|f| repairs(f)) {
            finding.severity = fenkit_diagnostics::Severity::Warning;
            finding.fixable = true;
        }
    }

    /// What is found about a line read in the dialect `read`, its canonical form in `write`.
    fn analysis(
        &self,
        work: &mut Work,
        text: &str,
        parsed: &mut Result<chess::variant::VariantParsed, dfen::ParseError>,
        pieces: Option<&[u64; 12]>,
        read: Dialect,
        write: Dialect,
    ) -> Analysis {
        match parsed {
            Err(error) => Analysis::rejected(
                lenient_hint(
                    error_finding(error),
                    self.variant,
                    work.notation,
                    work.settings,
                    text,
                    read,
                ),
                None,
            ),
            Ok(parsed) => {
                let mut rules = rules_findings(self.variant, work.settings, text, parsed, pieces);
                if work.fixes_variant_findings() {
                    self.fixable_in_fmt(work.settings, parsed, &mut rules);
                }
                let has_errors = parsed.has_errors()
                    || rules
                        .iter()
                        .any(|f| f.severity == fenkit_diagnostics::Severity::Error);
                let needs_fixed = work.wants_canonical() || work.identity().is_some();
                let fixed = needs_fixed.then(|| {
                    if work.fixes_positions() {
                        parsed.fixed()
                    } else {
                        parsed.position.clone()
                    }
                });
                let canonical = match &fixed {
                    Some(fixed) if work.wants_canonical() => {
                        let unchanged = work.only_changed()
                            && write == read
                            && parsed.written_canonically()
                            && *fixed == parsed.position;
                        if unchanged {
                            None
                        } else {
                            work.canonical_form(text, |out| {
                                write!(out, "{}", fixed.display_as(write))
                            })
                        }
                    }
                    _ => None,
                };
                // The library's identity: the essay form without the clocks, after `fmt`'s
                // fixes.
                let identity = match (work.identity(), &fixed) {
                    (Some(_), Some(fixed)) if !has_errors => {
                        let key = if work.fixes_positions() {
                            fixed.identity_key()
                        } else {
                            parsed.fixed().identity_key()
                        };
                        Some(Identity::of_key(key))
                    }
                    _ => None,
                };
                let mut findings = converted(std::mem::take(&mut parsed.findings));
                findings.extend(rules);
                Analysis::accepted(findings, canonical, identity)
            }
        }
    }
}

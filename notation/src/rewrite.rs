//! A text rewritten as the command line rewrites standard input: what `fenkit fmt -` writes
//! ([`Formatter`]), what `fenkit convert -` writes ([`Plan::convert`], planned from the same
//! settings by [`Plan`]), and the identity key `fenkit dedupe` compares ([`Formatter::key`]).
//!
//! Python and JavaScript call these for `canonical`, `convert` and `position_key`, so that a
//! text gets the same answer on every surface, in every notation of the table (EPD and
//! Chess960 castling included), with no notation named by a binding. PGN games, whose records
//! are games, are converted by [`crate::projection`] instead ([`reads_games`] says when).
//!
//! ```
//! use notation::choice::Choice;
//! use notation::rewrite::Formatter;
//! use notation::settings::Request;
//!
//! let mut formatter = Formatter::new(Request::default().resolve().unwrap());
//! // Standard FEN on standard input stays FEN; a spelling is made canonical.
//! let written = formatter.format("4k3/8/8/8/8/8/8/4K3 w - - 0 01\n").unwrap().unwrap();
//! assert_eq!(written, "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
//! // An EPD line, named.
//! let request = Request { notation: notation::Notation::from_name("epd"), ..Request::default() };
//! let mut formatter = Formatter::new(request.resolve().unwrap());
//! let written = formatter.format("4k3/8/8/8/8/8/8/4K3 w - - id  \"x\";").unwrap().unwrap();
//! assert_eq!(written, "4k3/8/8/8/8/8/8/4K3 w - - id \"x\";");
//! ```

use dfen::form::FileForm;
use fenkit_diagnostics::Severity;

use crate::code::FenkitCode;
use crate::container::Container;
use crate::reading::{Placed, Reading};
use crate::records::Eol;
use crate::records::{Grouping, Kind, MAX_RECORD_BYTES, Record, RecordReader, problem_finding};
use crate::settings::{Request, Resolved, SettingError};
use crate::{Analysis, Analyzer, Fen4Reference, Form, Notation, Read, ReadSettings, Rejection};

/// Why a text was not rewritten: the error that rejects one of its positions, placed in the
/// text (the first one), with the FEN4 reference parsers' answer for a FEN4 literal.
#[derive(Debug, Clone)]
pub struct Refused {
    /// The error, on its line.
    pub placed: Placed,
    /// For a FEN4 literal: where the reference parsers put the error.
    pub reference: Option<Fen4Reference>,
    /// What a lossy conversion would drop, when that is why it is refused.
    pub dropped: Vec<String>,
    /// For PGN games converted: what `fenkit convert` writes all the same, every game's
    /// projection (a game with an error up to it), so that a caller keeps one line a game.
    pub written: Option<String>,
}

impl Refused {
    fn of(record: &Record<'_>, rejection: Rejection) -> Refused {
        Refused {
            placed: crate::reading::placed_in(record, rejection.finding),
            reference: rejection.reference,
            dropped: Vec::new(),
            written: None,
        }
    }

    /// The refusal of a PGN game's `error`, its span in the whole `text`.
    pub(crate) fn of_game(text: &str, error: fenkit_diagnostics::Finding<pgn::Code>) -> Refused {
        let before = text.get(..error.span.start).unwrap_or_default();
        Refused {
            placed: Placed {
                line: 1 + memchr::memchr_iter(b'\n', before.as_bytes()).count(),
                finding: crate::code::finding_of(error),
                offset: 0,
            },
            reference: None,
            dropped: Vec::new(),
            written: None,
        }
    }
}

/// Rewrites texts one after another with the same settings, as `fenkit fmt -` rewrites
/// standard input, keeping the analyser of each notation and form met for the next text (a
/// binding's loop over positions then builds one).
pub struct Formatter {
    resolved: Resolved,
    settings: ReadSettings,
    kept: Vec<(Notation, FileForm, Analyzer)>,
}

/// What an analyser is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Task {
    /// The canonical form `fmt` writes.
    Format,
    /// The identity key, en passant counted as given.
    Key(dfen::rules::EpIdentity),
}

impl Formatter {
    /// A formatter with `resolved` settings, writing castling and en passant as `fmt` does
    /// without `--castling` and `--en-passant`.
    pub fn new(resolved: Resolved) -> Formatter {
        Formatter::writing(resolved, None, dfen::EnPassantPolicy::Always)
    }

    /// A formatter that writes castling rights in `castling` (`None`: each line's own
    /// spelling in Chess960 mode) and keeps the en-passant squares `en_passant` keeps.
    pub fn writing(
        resolved: Resolved,
        castling: Option<dfen::CastlingNotation>,
        en_passant: dfen::EnPassantPolicy,
    ) -> Formatter {
        Formatter {
            settings: resolved.read_settings().formatting(castling, en_passant),
            resolved,
            kept: Vec::new(),
        }
    }

    /// What `fenkit fmt -` writes for `text` on standard input: every position in its
    /// canonical form, every other byte kept (comments, blank lines, line ends, a byte order
    /// mark); or, when a position has an error, which `fmt` leaves as written, that error.
    /// PGN games (`notation` `pgn`) get their `[FEN]` tags so and their movetext fixed as
    /// [`fixed_games`] fixes it; an error in a game's movetext refuses the text.
    ///
    /// # Errors
    /// A [`SettingError`] when the text cannot be read with these settings at all (a CSV or
    /// JSON Lines container, which `fmt` rewrites a column or field of).
    pub fn format(&mut self, text: &str) -> Result<Result<String, Box<Refused>>, SettingError> {
        let mut out = String::with_capacity(text.len() + 2);
        if text.starts_with('\u{feff}') {
            out.push('\u{feff}');
        }
        let mut refused = None;
        let container = self.each(text, Task::Format, |record, analysis| {
            let canonical = match analysis {
                Some(analysis) => {
                    if let Some(error) = first_error(record, &analysis) {
                        refused = Some(Box::new(error));
                        return false;
                    }
                    analysis.canonical
                }
                None => None,
            };
            let written = Written::of(record, canonical.as_deref());
            // A text is UTF-8, and so is every record of it.
            out.push_str(&String::from_utf8_lossy(written.body));
            out.push_str(written.eol);
            true
        })?;
        // PGN games: their movetext fixed too, as `fmt` fixes a `.pgn` file.
        if refused.is_none() && container == Some(Container::Pgn) {
            match fixed_games(&out) {
                (_, errors) if !errors.is_empty() => {
                    // Placed in the text as given (the games are read again when a `[FEN]`
                    // tag was rewritten before them).
                    let errors = if out == text {
                        errors
                    } else {
                        fixed_games(text).1
                    };
                    refused = errors
                        .into_iter()
                        .next()
                        .map(|error| Box::new(Refused::of_game(text, error)));
                }
                (Some(fixed), _) => out = fixed,
                (None, _) => {}
            }
        }
        Ok(match refused {
            Some(refused) => Err(refused),
            None => Ok(out),
        })
    }

    /// The identity key `fenkit dedupe` compares for the one position of `text`
    /// (`spec/identity.md`), en passant counted as `ep` says; or the error that rejects it.
    ///
    /// # Errors
    /// As [`Formatter::format`], and for a text of more than one position, or of none.
    pub fn key(
        &mut self,
        text: &str,
        ep: dfen::rules::EpIdentity,
    ) -> Result<Result<String, Box<Refused>>, SettingError> {
        let mut key = None;
        let mut refused = None;
        let mut second = None;
        self.each(text, Task::Key(ep), |record, analysis| {
            let Some(analysis) = analysis else {
                return true;
            };
            if let Some(error) = first_error(record, &analysis) {
                refused = Some(Box::new(error));
                return false;
            }
            if key.is_some() {
                second = Some(record.line);
                return false;
            }
            key = Some(analysis.identity.map(|identity| identity.key));
            true
        })?;
        if let Some(refused) = refused {
            return Ok(Err(refused));
        }
        let refuse = |message: String, help: &str| {
            Err(SettingError {
                message: format!("a position key is the key of one position: {message}"),
                help: help.to_owned(),
            })
        };
        match (key, second) {
            (Some(Some(key)), None) => Ok(Ok(key)),
            (_, Some(line)) => refuse(
                format!("expected a text of one position, found a second on line {line}"),
                "ask for each position's key on its own",
            ),
            (Some(None), None) => refuse(
                "expected a notation whose positions have an identity, found one without".into(),
                "name a notation of positions",
            ),
            (None, None) => refuse(
                "expected a position, found none".into(),
                "pass the text of a position",
            ),
        }
    }

    /// Reads `text` as standard input is read, handing each record to `each` with its
    /// analysis (`None` for blank and comment lines), until it answers `false`; says which
    /// container the text is (only PGN games, and only to be formatted).
    fn each(
        &mut self,
        text: &str,
        task: Task,
        mut each: impl FnMut(&Record<'_>, Option<Analysis>) -> bool,
    ) -> Result<Option<Container>, SettingError> {
        let reading = Reading::decide(
            text.as_bytes(),
            true,
            None,
            self.resolved.notation,
            self.settings,
        )
        .map_err(|error| SettingError {
            message: error.to_string(),
            help: "name the notation".to_owned(),
        })?;
        let games = task == Task::Format && reading.container == Some(Container::Pgn);
        if reading.container.is_some() && !games {
            let named = self.resolved.notation.unwrap_or(reading.notation);
            return Err(SettingError {
                message: format!(
                    "`{}` is not a notation of positions: expected positions to rewrite one by \
                     one, found games",
                    named.name()
                ),
                help: "`fenkit convert` converts PGN games; `fenkit fmt` and `canonical` \
                       format them"
                    .to_owned(),
            });
        }
        // An analyser that keeps nothing of one record for the next serves the next text.
        let reusable = task == Task::Format
            && reading.container.is_none()
            && reading.notation.entry().replay.is_none();
        let form = reading.settings.form;
        let at = self
            .kept
            .iter()
            .position(|(notation, kept, _)| *notation == reading.notation && *kept == form)
            .filter(|_| reusable);
        let mut made = None;
        let analyzer = match at {
            Some(at) => self.kept.get_mut(at).map(|(_, _, analyzer)| analyzer),
            None => {
                let analyzer = match task {
                    Task::Format => reading
                        .analyzer()
                        .changed_canonical_only()
                        .with_variant_fixes(),
                    Task::Key(ep) => reading.analyzer().without_canonical().with_identities(ep),
                };
                if reusable {
                    self.kept.push((reading.notation, form, analyzer));
                    self.kept.last_mut().map(|(_, _, analyzer)| analyzer)
                } else {
                    Some(made.insert(analyzer))
                }
            }
        };
        let Some(analyzer) = analyzer else {
            return Ok(reading.container);
        };
        // A text of one line (a binding's loop over positions) is its one record, read in place.
        if let Some(record) = reading.one_line(text) {
            let analysis = analyzer.analyze_record(&record);
            each(&record, analysis);
            return Ok(reading.container);
        }
        let mut records = reading.records(text.as_bytes());
        // Reading from a byte slice cannot fail.
        while let Ok(Some(record)) = records.next_record() {
            let analysis = analyzer.analyze_record(&record);
            if !each(&record, analysis) {
                break;
            }
        }
        Ok(reading.container)
    }
}

/// What `fmt` makes of the PGN games of `text`, whose `[FEN]` tags are written already (by the
/// records' rule, [`Written`]): every fixable finding of every game fixed by the PGN reader's
/// edits (canonical SAN, move numbers, the tags and termination markers they insert), every
/// other byte kept; `None` when nothing changes. The errors of the games' movetext come with
/// it, in text order, their spans in `text`: `fenkit fmt` reports them and fixes the games that
/// hold them as far as the edits go; [`Formatter::format`] refuses the text with the first.
///
/// ```
/// let text = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *\n";
/// let (fixed, errors) = notation::rewrite::fixed_games(text);
/// assert!(errors.is_empty());
/// // The Seven Tag Roster inserted, and castling spelled with letters.
/// assert!(fixed.unwrap().ends_with("\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *\n"));
/// ```
pub fn fixed_games(text: &str) -> (Option<String>, Vec<fenkit_diagnostics::Finding<pgn::Code>>) {
    let mut edits = Vec::new();
    let mut errors = Vec::new();
    for game in pgn::Reader::new().games(text) {
        // Comments alone between two games are no game of their own.
        if crate::container::is_comments_alone(&game) {
            continue;
        }
        edits.extend(game.edits);
        errors.extend(
            game.findings
                .into_iter()
                .filter(|finding| finding.severity == Severity::Error)
                .filter(|finding| !crate::container::reported_by_the_container(finding, text)),
        );
    }
    if edits.is_empty() {
        return (None, errors);
    }
    (Some(pgn::apply_edits(text, &edits)), errors)
}

/// What `fmt` writes for one record, the one rule of [`Formatter::format`] and of `fenkit fmt`:
/// the record's canonical form when it differs from the record as written, else the record's
/// own bytes, and then the record's line end, kept.
///
/// ```
/// use notation::records::RecordReader;
/// use notation::rewrite::Written;
///
/// let mut records = RecordReader::new(&b"4k3/8/8/8/8/8/8/4K3 w - - 0 01\r\n"[..], false);
/// let record = records.next_record().unwrap().unwrap();
/// let written = Written::of(&record, Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
/// assert!(written.changed);
/// assert_eq!(written.body, b"4k3/8/8/8/8/8/8/4K3 w - - 0 1");
/// assert_eq!(written.eol, "\r\n");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Written<'a> {
    /// The record's bytes, rewritten or as read.
    pub body: &'a [u8],
    /// The record's line end, as read (empty for a last line without one).
    pub eol: &'static str,
    /// Whether `body` is the canonical form, different from what was read.
    pub changed: bool,
}

impl<'a> Written<'a> {
    /// What is written for `record`, whose analysis gave `canonical` (`None`: no position, an
    /// error, or a form already canonical).
    #[inline]
    pub fn of(record: &'a Record<'_>, canonical: Option<&'a str>) -> Written<'a> {
        let eol = match record.eol {
            Eol::None => "",
            Eol::Lf => "\n",
            Eol::CrLf => "\r\n",
        };
        match canonical {
            Some(canonical) if record.text() != Some(canonical) => Written {
                body: canonical.as_bytes(),
                eol,
                changed: true,
            },
            _ => Written {
                body: record.raw(),
                eol,
                changed: false,
            },
        }
    }
}

/// The first error of a record's analysis, placed.
fn first_error(record: &Record<'_>, analysis: &Analysis) -> Option<Refused> {
    let finding = analysis
        .findings
        .iter()
        .find(|finding| finding.severity == Severity::Error)?;
    Some(Refused {
        placed: crate::reading::placed_in(record, finding.clone()),
        reference: analysis.reference,
        dropped: Vec::new(),
        written: None,
    })
}

/// What a conversion reads and writes, checked: `fenkit convert`'s `--notation` (`--from`),
/// `--to`, `--variant` and the reading settings together.
#[derive(Debug, Clone, Copy)]
pub struct Plan {
    /// The form read; `None`: each record's, by its content.
    pub from: Option<Form>,
    /// The form written.
    pub to: Form,
    /// The notation `--variant` selects, if any.
    pub variant: Option<Notation>,
    /// The family of positions converted.
    pub family: crate::Family,
    /// How records are read and written.
    pub settings: ReadSettings,
    /// Whether what the target cannot hold is dropped (and said) rather than refused.
    pub lossy: bool,
}

/// A refusal of the settings, as [`SettingError`].
fn refuse(message: String, help: &str) -> SettingError {
    SettingError {
        message,
        help: help.to_owned(),
    }
}

/// Whether `from`, a name `--from` (or `--notation`) takes, names PGN games: a text that a
/// [`crate::projection::Projector`] converts, not a [`Plan`].
///
/// ```
/// assert!(notation::rewrite::reads_games("pgn"));
/// assert!(!notation::rewrite::reads_games("epd"));
/// ```
#[must_use]
pub fn reads_games(from: &str) -> bool {
    Notation::named(from).is_some_and(Notation::is_pgn)
}

/// The form `convert` reads, by the name `--from` (or `--notation`) takes. PGN games, a
/// notation of the table whose records are games and not positions, are refused here with
/// where they are converted: a [`Plan`] rewrites a text position by position, and the
/// projections of a game (`--to uci`, `fen`, `epd`, `json`) are
/// [`crate::projection::Projector`]'s ([`reads_games`] says which name that is).
///
/// # Errors
/// A [`SettingError`] for a name that is no form, and for `pgn`.
///
/// ```
/// let refused = notation::rewrite::form_read("pgn").unwrap_err();
/// assert!(refused.help.contains("fenkit convert --notation pgn"));
/// assert_eq!(notation::rewrite::form_read("epd").unwrap().name(), "epd");
/// ```
pub fn form_read(name: &str) -> Result<Form, SettingError> {
    if reads_games(name) {
        return Err(refuse(
            "`pgn` is PGN games: expected a form of positions to convert one by one, found games"
                .to_owned(),
            "`fenkit convert --notation pgn --to uci` (or `fen`, `epd`, `json`) converts PGN \
             games, as JavaScript's `convert(text, {notation: 'pgn', to})` does; `readPgn` \
             (JavaScript) and `fenkit.read_pgn` (Python) read them",
        ));
    }
    crate::choice::by_name("format", name)
        .map_err(|message| refuse(message, "`from` takes one of the names above"))
}

impl Plan {
    /// Checks that `request` (notation aside: `from` is the form read), `from` and `to` go
    /// together, and says what to read and write: `--variant threecheck` alone converts
    /// between the variant's dialects (to the essay form unless `to_dialect`), `--variant
    /// chess` and `dice` read standard FEN and DFEN.
    ///
    /// # Errors
    /// A [`SettingError`] for settings that do not go together, a missing `to` without a
    /// variant, forms of two families, and a profile a form reads otherwise.
    pub fn new(
        request: &Request,
        from: Option<Form>,
        to: Option<Form>,
    ) -> Result<Plan, SettingError> {
        let selected = request.variant_notation()?;
        let (from, to, variant) = match selected {
            None => match to {
                Some(to) => (from, to, None),
                None => {
                    return Err(refuse(
                        "expected `--to FORMAT` (or `--variant` to convert between a variant's \
                         dialects)"
                            .to_owned(),
                        "name the form to write",
                    ));
                }
            },
            // `--variant chess` and `--variant dice` are standard FEN and DFEN, whose bare
            // conversion writes their own canonical form.
            Some(notation) if !notation.entry().dialects => (
                Some(Form::Notation(notation)),
                to.unwrap_or(Form::Notation(notation)),
                Some(notation),
            ),
            Some(mut notation) => {
                // A bare conversion writes the canonical form.
                if request.to_dialect.is_none() {
                    notation.options.write = chess::variant::Dialect::Essay;
                }
                let standard = |form: Form| {
                    form.family().is_some_and(|family| {
                        form.resolve(family).entry().variant == Some(chess::variant::Variant::Chess)
                    })
                };
                // Three-check's and crazyhouse's EPD (and perft suites) hold their state as
                // python-chess writes it.
                let held = |form: Form| {
                    matches!(
                        notation.entry().variant,
                        Some(
                            chess::variant::Variant::ThreeCheck
                                | chess::variant::Variant::Crazyhouse
                        )
                    ) && matches!(form.name(), "epd" | "perft")
                };
                let to = match to {
                    None => Form::Notation(notation),
                    Some(to) if standard(to) || held(to) => to,
                    Some(other) => {
                        return Err(refuse(
                            format!(
                                "a {} position converts to its dialects, to standard FEN or to \
                                 EPD: expected `--to-dialect DIALECT`, `--to fen` or `--to epd`, \
                                 found `--to {}`",
                                notation.name(),
                                other.name()
                            ),
                            "drop `--to` to write the essay form",
                        ));
                    }
                };
                // An EPD line or a perft suite of the variant is read as such when asked for.
                let from = match from {
                    Some(from) if held(from) => from,
                    _ => Form::Notation(notation),
                };
                (Some(from), to, Some(notation))
            }
        };
        if let (Some(from_family), Some(to_family)) = (from.and_then(Form::family), to.family())
            && from_family != to_family
        {
            return Err(refuse(
                format!(
                    "cannot convert between DFEN and FEN4: `{}` and `{}` hold different things",
                    from.map(Form::name).unwrap_or_default(),
                    to.name()
                ),
                "convert within one family",
            ));
        }
        if let Some(Form::Notation(from)) = from
            && let Some(forced) = from.entry().codec.profile()
            && request
                .profile
                .is_some_and(|p| dfen::Profile::from(p) != forced)
        {
            return Err(refuse(
                format!(
                    "`--from {}` reads the {forced} dialect: expected no `--profile` or \
                     `--profile {forced}` with it",
                    from.name()
                ),
                "drop `--profile`",
            ));
        }
        let family = to
            .family()
            .or(from.and_then(Form::family))
            .unwrap_or(crate::Family::Dfen);
        let resolved = Request {
            notation: None,
            ..*request
        }
        .resolve()?;
        Ok(Plan {
            from,
            to,
            variant,
            family,
            settings: resolved.read_settings(),
            lossy: false,
        })
    }

    /// This plan writing castling in `castling` (default X-FEN) and the en-passant squares
    /// `en_passant` keeps (`--castling`, `--en-passant`), dropping what the target cannot hold
    /// when `lossy`.
    pub fn writing(
        mut self,
        castling: Option<dfen::CastlingNotation>,
        en_passant: dfen::EnPassantPolicy,
        lossy: bool,
    ) -> Plan {
        self.settings = self.settings.writing(castling, en_passant);
        self.lossy = lossy;
        self
    }

    /// The notation every record is read as (`None`: each by its content), for an input
    /// named `path` (`None`: standard input or a text) outside a container.
    pub fn declared(&self, path: Option<&std::path::Path>) -> Option<Notation> {
        self.from
            .map(|form| form.resolve(self.family))
            .or_else(|| path.and_then(Notation::from_extension))
    }

    /// Converts one record's position text, `text`, as `declared` (else by its content):
    /// the text written and what a lossy conversion dropped, with the warnings of the read;
    /// `Ok(None)` for a record that holds no position (an NDJSON4 header).
    ///
    /// # Errors
    /// The [`Rejection`] of a record that cannot be read or that the target cannot hold.
    pub fn convert_record(
        &self,
        text: &str,
        declared: Option<Notation>,
        tag: Option<crate::container::VariantTag>,
    ) -> Result<Option<Converted>, Rejection> {
        let source = declared.unwrap_or_else(|| {
            Notation::sniff_among(
                text.trim_start().as_bytes(),
                |entry| entry.help.convert.is_some(),
                Some(self.family),
            )
        });
        // A PGN game's `Variant` tag says how its FEN is read, as `check` reads it.
        let (source, settings) = match tag {
            Some(tag) => crate::variant_reading(tag, source, self.settings),
            None => (source, self.settings),
        };
        let source_family = source.entry().family;
        let target = self.to.resolve(source_family);
        if source_family != target.entry().family {
            return Err(Rejection::new(
                FenkitCode::CrossFamily,
                0..text.len(),
                format!(
                    "this line is {}, which cannot be converted to {}",
                    source_family.name(),
                    target.entry().family.name(),
                ),
            ));
        }
        // A perft suite's case and its EPD line: impossible positions are kept, as suites keep
        // and count them.
        let suite = |a: Notation, b: Notation| a.name() == "perft" && b.name() == "epd";
        let settings = ReadSettings {
            keep_impossible: suite(source, target) || suite(target, source),
            ..settings
        };
        match source.read(text, settings)? {
            Read::Nothing(_) => Ok(None),
            Read::Position(position, warnings) => {
                let (text, dropped) = target.write(&position, settings, self.lossy, text.len())?;
                Ok(Some(Converted {
                    text,
                    dropped,
                    warnings,
                }))
            }
        }
    }

    /// What `fenkit convert -` writes for `text` on standard input, without its final line
    /// end when `text` has none: each position converted, comments and blank lines kept in a
    /// text target (a comment the target does not read as one behind `#`), dropped in a
    /// JSON one; or the first record that is refused.
    ///
    /// # Errors
    /// The first [`Refused`] record: `fenkit convert` reports it and goes on.
    pub fn convert(&self, text: &str) -> Result<String, Box<Refused>> {
        let declared = self.declared(None);
        let grouping = declared.map_or(Grouping::Indented, Notation::conversion_grouping);
        let comments = declared.map_or(crate::records::COMMENT_STARTS, Notation::comment_starts);
        let mut records = RecordReader::grouped(text.as_bytes(), grouping, MAX_RECORD_BYTES)
            .with_comment_starts(comments);
        let json = self.to.is_json();
        let mut out = String::with_capacity(text.len() + 16);
        // Reading from a byte slice cannot fail.
        while let Ok(Some(record)) = records.next_record() {
            if record.kind != Kind::Position {
                if !json {
                    let opens = record.raw().trim_ascii_start().first();
                    if record.kind == Kind::Comment
                        && opens.is_some_and(|byte| {
                            !self.to.resolve(self.family).comment_starts().contains(byte)
                        })
                    {
                        out.push_str("# ");
                    }
                    out.push_str(&String::from_utf8_lossy(record.raw()));
                    out.push('\n');
                }
                continue;
            }
            let converted = match (&record.problem, record.text()) {
                (Some(problem), _) => Err(Rejection::from(problem_finding(&record, problem))),
                (None, None) => continue,
                (None, Some(line)) => self.convert_record(line, declared, None),
            };
            match converted {
                Ok(Some(converted)) => {
                    out.push_str(&converted.text);
                    out.push('\n');
                }
                Ok(None) => {}
                Err(rejection) => {
                    let mut refused = Refused::of(&record, rejection);
                    refused.dropped = self.would_drop(&record, declared);
                    return Err(Box::new(refused));
                }
            }
        }
        if !text.ends_with('\n') && out.ends_with('\n') {
            out.pop();
        }
        Ok(out)
    }
}

impl Plan {
    /// What converting `record` lossily would drop, when that is why it is refused.
    fn would_drop(&self, record: &Record<'_>, declared: Option<Notation>) -> Vec<String> {
        let (false, Some(line)) = (self.lossy, record.text()) else {
            return Vec::new();
        };
        let lossy = Plan {
            lossy: true,
            ..*self
        };
        match lossy.convert_record(line, declared, None) {
            Ok(Some(converted)) => converted.dropped,
            _ => Vec::new(),
        }
    }
}

/// One record converted: the text written, what a lossy conversion dropped, and the warnings
/// of the read.
#[derive(Debug, Clone)]
pub struct Converted {
    /// The text written.
    pub text: String,
    /// What was dropped (`--lossy`).
    pub dropped: Vec<String>,
    /// What the reader says about the record that does not keep it from being converted.
    pub warnings: Vec<crate::code::Finding>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::choice::Choice;
    use dfen::rules::EpIdentity;

    fn key(text: &str, notation: &str, ep: EpIdentity) -> String {
        let request = Request {
            notation: Notation::from_name(notation),
            ..Request::default()
        };
        let mut formatter = Formatter::new(request.resolve().unwrap());
        match formatter.key(text, ep).unwrap() {
            Ok(key) => key,
            Err(refused) => panic!("{text}: {:?}", refused.placed.finding),
        }
    }

    fn formatter(notation: &str) -> Formatter {
        let request = Request {
            notation: Notation::from_name(notation),
            ..Request::default()
        };
        Formatter::new(request.resolve().unwrap())
    }

    /// An EPD file's form is decided by a first line `fmt` keeps: a halfmove clock alone (or
    /// clocks written `00 1`, `0  1`, `0 1;`) is rewritten as operations, so it decides the
    /// file is written in operations, and `fmt` of what `fmt` wrote changes nothing. (It
    /// decided FEN clocks, kept `2 4` and rewrote `4` as `hmvc 4;`, which the next `fmt` read
    /// as a file in operations.)
    #[test]
    fn a_first_line_that_fmt_rewrites_decides_no_form() {
        for first in ["4", "00 1", "0  1", "0 1;"] {
            let text =
                format!("4k3/8/8/8/8/8/8/4R3 w - - {first}\n4k3/8/8/8/8/8/8/4R3 w - - 2 4\n");
            let written = formatter("epd").format(&text).unwrap().unwrap();
            assert!(
                written.ends_with(" w - - hmvc 2; fmvn 4;\n"),
                "{first}: {written}"
            );
            assert_eq!(formatter("epd").format(&written).unwrap().unwrap(), written);
        }
        let kept = "4k3/8/8/8/8/8/8/4R3 w - - 0 1\n4k3/8/8/8/8/8/8/4R3 w - - 2 4\n";
        assert_eq!(formatter("epd").format(kept).unwrap().unwrap(), kept);
    }

    /// A `[` after a game's termination marker on its line opens a tag pair the reader cannot
    /// read, and nothing else reports it: it refuses the text (`fmt` glued the tags it inserted
    /// to the marker before).
    #[test]
    fn a_tag_pair_after_a_termination_marker_refuses_the_games() {
        let refused = formatter("pgn").format(";\n*[").unwrap().unwrap_err();
        assert_eq!(refused.placed.finding.code.as_str(), "PGN006");
        assert_eq!((refused.placed.line, refused.placed.span()), (2, 3..4));
        let mut checker = crate::reading::Checker::new(
            Request {
                notation: Notation::from_name("pgn"),
                ..Request::default()
            }
            .resolve()
            .unwrap(),
        );
        let codes: Vec<_> = checker
            .check(";\n*[")
            .unwrap()
            .iter()
            .map(|placed| placed.finding.code.as_str())
            .collect();
        assert!(codes.contains(&"PGN006"), "{codes:?}");
    }

    /// What `canonical` of PGN games writes: as `fenkit fmt --notation pgn -` writes, the
    /// `[FEN]` tags canonical and the movetext fixed, every other byte kept; a movetext error
    /// refuses the text.
    #[test]
    fn pgn_games_are_formatted_as_fmt_formats_them() {
        let request = Request {
            notation: Notation::from_name("pgn"),
            ..Request::default()
        };
        let mut formatter = Formatter::new(request.resolve().unwrap());
        let roster = "[Event \"x\"]\r\n[Site \"?\"]\r\n[Date \"????.??.??\"]\r\n[Round \"?\"]\r\n\
                      [White \"?\"]\r\n[Black \"?\"]\r\n[Result \"*\"]\r\n[SetUp \"1\"]\r\n";
        let game =
            format!("{roster}[FEN \"4k3/8/8/8/8/8/8/R3K3 w Q - 0 01\"]\r\n\r\n1. 0-0-0 Kf7 *\r\n");
        let written = formatter.format(&game).unwrap().unwrap();
        assert_eq!(
            written,
            format!("{roster}[FEN \"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1\"]\r\n\r\n1. O-O-O Kf7 *\r\n")
        );
        // Written canonically already: the text itself.
        assert_eq!(formatter.format(&written).unwrap().unwrap(), written);
        // An illegal move is refused where it stands, on its line.
        let refused = formatter
            .format("[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n")
            .unwrap()
            .unwrap_err();
        assert_eq!(refused.placed.line, 3);
        assert_eq!(refused.placed.finding.code.as_str(), "PGN201");
    }

    /// The keys `spec/identity.md` pins (and Python's tests with it), through the reading
    /// every surface shares.
    #[test]
    fn keys_are_the_spec_s() {
        let always = EpIdentity::Always;
        assert_eq!(
            key("4k3/8/8/8/8/8/8/4K3 w - - 12 40 -", "dfen", always),
            "4k3/8/8/8/8/8/8/4K3 w - - -"
        );
        let hash =
            |text: &str, notation: &str| dfen::fnv1a64(key(text, notation, always).as_bytes());
        assert_eq!(
            hash("4k3/8/8/8/8/8/8/4K3 w - - 0 1 -", "dfen"),
            0x606D_DF70_A1A9_B826
        );
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(hash(start, "fen"), 0x1713_F440_1E30_AA1B);
        assert_eq!(hash("4d-fen v1:", "fen4"), 0x3CDB_21AC_0857_4D78);
        assert_eq!(
            key("4d-fen v1: k@7,7,7,7; K@0,0,0,0", "fen4", always),
            "4d-fen v1: K@0,0,0,0; k@7,7,7,7"
        );
        let pinned = "4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2 -";
        let legal = EpIdentity::Legal;
        assert_eq!(key(pinned, "dfen", legal).split(' ').nth(3), Some("c6"));
        assert_eq!(key(pinned, "fen", legal).split(' ').nth(3), Some("-"));
        // The fixed position: a castling right without king and rook at home goes.
        assert_eq!(
            key("4k3/8/8/8/8/8/8/4K3 w KQ - 0 1", "dfen", always),
            "4k3/8/8/8/8/8/8/4K3 w - - -"
        );
        // An EPD line keys as its position does.
        assert_eq!(
            key("4k3/8/8/8/8/8/8/4K3 w - - id \"x\";", "epd", always),
            key("4k3/8/8/8/8/8/8/4K3 w - - 3 9", "fen", always)
        );
    }

    #[test]
    fn a_lossy_refusal_says_what_lossy_drops() {
        let request = Request::default();
        let to = Form::from_name("fen");
        let plan = Plan::new(&request, Form::from_name("dfen"), to).unwrap();
        let refused = plan
            .convert("rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -")
            .unwrap_err();
        assert_eq!(refused.placed.finding.code.as_str(), "FENKIT003");
        assert_eq!(refused.dropped.len(), 1);
    }
}

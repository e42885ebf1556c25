//! What is found about one position, and the analyser every notation's codec fills in: the
//! uniform view of what the libraries find, for `check`, `fmt`, `snapshot` and `parse`.

use fenkit_diagnostics::Severity;

use super::Notation;
use crate::code::{Code, Finding};
use crate::container::{Container, Embedded, Extracted, Extractor, VariantTag};
use crate::records::{Kind, Record, RecordBatch};

/// Options for reading positions, shared by every command that reads them, and how `fmt` and
/// `convert` write them back. Every codec reads its settings from here.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReadSettings {
    /// The DFEN dialect to read and (for `fmt`) to write. `lenient` writes `spec`.
    pub profile: dfen::Profile,
    /// Non-canonical forms become errors.
    pub strict: bool,
    /// How castling is read and judged, and written: standard chess, or Chess960 (`--chess960`,
    /// `chess960 = true`; `spec/chess960.md`).
    pub castling_mode: dfen::CastlingMode,
    /// How `fmt` and `convert` spell castling rights in Chess960 mode (`--castling`).
    pub castling: dfen::CastlingNotation,
    /// Which en-passant squares `fmt` and `convert` write (`--en-passant`): `Always`, the
    /// default, keeps every square written.
    pub en_passant: dfen::EnPassantPolicy,
    /// The column or field of a container file (`--column`, `--field`, `[columns]`).
    pub select: Option<crate::container::Select>,
    /// The form the file writes its positions in, decided by its first position when it is
    /// opened (clockless lines, FEN clocks in EPD): `fmt` keeps it, and `check` is silent on
    /// it unless strict.
    pub form: dfen::form::FileForm,
    /// In Chess960 mode, `fmt` writes each line's castling rights in the spelling the line
    /// uses (Shredder-FEN or X-FEN) rather than `castling` (no `--castling` given).
    pub keep_castling: bool,
    /// The variant whose rules judge the positions of FEN, EPD and perft-suite lines
    /// (`--variant antichess`, `[variants]`), by `fenkit-variants`; `None`: standard chess's
    /// rules, by `dfen`.
    pub rules: Option<variants::Variant>,
    /// A conversion between a perft suite's cases and their EPD lines (`convert --to epd` of a
    /// `.perft` file, `--to perft` of its EPD): a position that is impossible (an error of the
    /// `position` category) is converted as written, since suites keep such positions on
    /// purpose and count them (`spec/variants.md` §11).
    pub keep_impossible: bool,
}

impl ReadSettings {
    /// The DFEN parser of these settings in `profile`.
    pub fn parser(&self, profile: dfen::Profile) -> dfen::Parser {
        dfen::Parser::new()
            .profile(profile)
            .strict(self.strict)
            .castling_mode(self.castling_mode)
    }

    /// The parser of a line of standard chess positions (FEN) in `profile`: with a variant's
    /// rules ([`ReadSettings::rules`]), standard chess's position findings are left to them.
    pub fn chess_parser(&self, profile: dfen::Profile) -> dfen::Parser {
        self.parser(profile).check_position(self.rules.is_none())
    }

    /// These settings in the DFEN dialect `profile`, which reads and (for `fmt`) writes.
    #[must_use]
    pub const fn with_profile(self, profile: dfen::Profile) -> ReadSettings {
        ReadSettings { profile, ..self }
    }

    /// These settings as `diff` reads: in the lenient profile and never strict, so that two
    /// spellings of one position compare equal.
    #[must_use]
    pub const fn comparing(self) -> ReadSettings {
        ReadSettings {
            profile: dfen::Profile::Lenient,
            strict: false,
            ..self
        }
    }

    /// These settings writing as `convert` does: never strict (a configuration's `strict`
    /// makes non-canonical forms errors for `check`; `convert` writes them canonical),
    /// castling rights in Chess960 mode spelled `castling` (X-FEN when `None`), and the
    /// en-passant squares `en_passant` keeps.
    #[must_use]
    pub fn writing(
        self,
        castling: Option<dfen::CastlingNotation>,
        en_passant: dfen::EnPassantPolicy,
    ) -> ReadSettings {
        ReadSettings {
            strict: false,
            castling: castling.unwrap_or_default(),
            en_passant,
            ..self
        }
    }

    /// These settings writing as `fmt` does, canonical within each file's dialect: as
    /// [`ReadSettings::writing`], and without `castling` each line's own castling spelling
    /// kept in Chess960 mode ([`ReadSettings::keep_castling`]).
    #[must_use]
    pub fn formatting(
        self,
        castling: Option<dfen::CastlingNotation>,
        en_passant: dfen::EnPassantPolicy,
    ) -> ReadSettings {
        ReadSettings {
            keep_castling: castling.is_none(),
            ..self.writing(castling, en_passant)
        }
    }

    /// These settings for writing the line `text`: with [`ReadSettings::keep_castling`] in
    /// Chess960 mode, the castling spelling `text` uses (`dfen::form::castling_spelling`).
    pub fn for_line(self, text: &str) -> ReadSettings {
        if !self.keep_castling || self.castling_mode != dfen::CastlingMode::Chess960 {
            return self;
        }
        match dfen::form::castling_field(text).and_then(dfen::form::castling_spelling) {
            Some(castling) => ReadSettings { castling, ..self },
            None => self,
        }
    }

    /// The writer of these settings in `profile`, with `game` deciding which en-passant
    /// captures are legal.
    pub fn writer(&self, profile: dfen::Profile, game: dfen::rules::Game) -> dfen::Writer {
        dfen::Writer::new()
            .profile(profile)
            .castling_mode(self.castling_mode)
            .castling(self.castling)
            .en_passant(self.en_passant, game)
    }
}

/// Where the FEN4 reference parsers put a rejection: their numeric code and character
/// offset, reported beside fenkit's own code so that users of the references can match them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fen4Reference {
    /// The reference parsers' code, `-1` to `-6` (`0` when only `--strict` rejected it).
    pub code: i32,
    /// The offset in characters (a record holds at most 1 MiB).
    pub offset: u32,
}

impl Fen4Reference {
    /// Where the reference parsers put `error`.
    pub fn of(error: &fen4::ParseError) -> Fen4Reference {
        Fen4Reference {
            code: error.ref_code(),
            offset: u32::try_from(error.offset()).unwrap_or(u32::MAX),
        }
    }
}

/// The identity of an accepted position (`spec/identity.md`): its key and the key's 64-bit
/// hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    /// The hash of the key.
    pub hash: u64,
    /// The key.
    pub key: String,
}

impl Identity {
    /// The identity whose key is `key`, with the FNV-1a hash of `spec/identity.md` §4.
    pub fn of_key(key: String) -> Identity {
        Identity {
            hash: dfen::fnv1a64(key.as_bytes()),
            key,
        }
    }
}

/// A value of a record that must be unique within its file (an EPD line's `id`), and where it
/// stands in the record: met in file order by the scan, which asks the notation for the
/// finding of a repeat ([`super::Codec::repeated`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unique {
    /// The value.
    pub value: String,
    /// Its span in the record.
    pub span: std::ops::Range<usize>,
}

/// The words of the finding of a repeated [`Unique`] ([`crate::Notation::repeated`]) in pieces
/// around the line the value was first met on, which only a reader of the whole file in order
/// knows: so that its report can be written before that line is known
/// ([`crate::Notation::repeated_words`]). Every piece holds only printable ASCII.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RepeatWords<'a> {
    /// The finding's code.
    pub code: crate::code::Code,
    /// Its severity.
    pub severity: dfen::Severity,
    /// Whether it is fixable.
    pub fixable: bool,
    /// The message up to the line, in pieces.
    pub message: [&'a str; 4],
    /// The message after the line.
    pub message_after: &'a str,
    /// The help up to the line.
    pub help: &'a str,
    /// The help after the line.
    pub help_after: &'a str,
}

/// What was found about one position.
#[derive(Debug, Clone, Default)]
pub struct Analysis {
    /// Every finding, in the library's order.
    pub findings: Vec<Finding>,
    /// The canonical form with every fixable finding applied; `None` when the position is
    /// rejected (a syntax error or an error-severity finding), the notation has no canonical
    /// form (NDJSON4 lines are kept as written), or the analyser was asked to skip it (always,
    /// or when it equals the text as written).
    pub canonical: Option<String>,
    /// Whether the position was rejected.
    pub rejected: bool,
    /// For a rejected FEN4 literal: where the reference parsers put the error.
    pub reference: Option<Fen4Reference>,
    /// The position's identity, when the analyser was asked for identities and the position
    /// was accepted and has one (boxed: most runs ask for none, and every analysis is moved
    /// about several times).
    pub identity: Option<Box<Identity>>,
    /// Asked for with [`Analyzer::with_engine_hint`], for a DFEN position with findings read
    /// under another profile than the engine's: whether the reference engine's dialect explains
    /// them (see `dfen.rs`).
    pub engine_explained: Option<bool>,
    /// With `--dialect auto`: the dialect the variant line was read in.
    pub dialect: Option<::chess::variant::Dialect>,
    /// What is worth knowing but no problem (an EPD line's unknown opcode): shown under
    /// `--verbose`, never counted. Their severity means nothing.
    pub notes: Vec<Finding>,
    /// The value of the record that must be unique within its file, if it has one.
    pub unique: Option<Box<Unique>>,
    /// For a position inside a container: where its text is written in the record
    /// ([`Analysis::embedded_span`]). Held in 32 bits, as are the commands behind a pointer,
    /// so that an analysis stays small enough to be moved without a `memcpy` call.
    pub embedded: Option<std::ops::Range<u32>>,
    /// Asked for with [`Analyzer::with_comment_commands`], for movetext: the commands of its
    /// comments kept unread (an unknown `[%foo …]`, a malformed `[%clk 1:ab]`, any command of
    /// a `;` comment), spans in the record. Notes only: shown under `--verbose`.
    /// `None` when there are none.
    pub commands: Option<Box<Vec<pgn::command::Note>>>,
}

impl Analysis {
    /// For a position inside a container: where its text is written in the record.
    #[inline]
    pub fn embedded_span(&self) -> Option<std::ops::Range<usize>> {
        let span = self.embedded.clone()?;
        Some(span.start as usize..span.end as usize)
    }

    /// A rejected position: its one finding.
    pub fn rejected(finding: Finding, reference: Option<Fen4Reference>) -> Analysis {
        Analysis {
            findings: fixable_only_if_formatted(vec![finding]),
            canonical: None,
            rejected: true,
            reference,
            identity: None,
            engine_explained: None,
            dialect: None,
            notes: Vec::new(),
            unique: None,
            embedded: None,
            commands: None,
        }
    }

    /// A position that was read, with its findings, canonical form and identity: rejected if
    /// a finding is an error, and then without a canonical form or an identity.
    #[inline]
    pub fn accepted(
        findings: Vec<Finding>,
        canonical: Option<String>,
        identity: Option<Identity>,
    ) -> Analysis {
        let rejected = findings.iter().any(|f| f.severity == Severity::Error);
        let findings = fixable_only_if_formatted(findings);
        // Every field written out: `..Analysis::default()` would make a whole default
        // analysis and drop what it does not use, for every position.
        Analysis {
            canonical: if rejected { None } else { canonical },
            identity: if rejected {
                None
            } else {
                identity.map(Box::new)
            },
            findings,
            rejected,
            reference: None,
            engine_explained: None,
            dialect: None,
            notes: Vec::new(),
            unique: None,
            embedded: None,
            commands: None,
        }
    }
}

/// A position's findings with `fixable` as `fmt` will act: `fmt` leaves a position with an
/// error it cannot fix exactly as written, so then none of its findings is fixable, however
/// easily the library could repair it alone. (Under `--strict`, errors that are only
/// non-canonical forms stay fixable: `fmt`, which reads without `--strict`, fixes them.)
fn fixable_only_if_formatted(mut findings: Vec<Finding>) -> Vec<Finding> {
    if findings
        .iter()
        .any(|f| f.severity == Severity::Error && !f.fixable)
    {
        for finding in &mut findings {
            finding.fixable = false;
        }
    }
    findings
}

/// A library's findings in the CLI's form. Most positions have none, and then nothing is done.
pub(crate) fn converted<C: Into<Code>>(
    findings: Vec<fenkit_diagnostics::Finding<C>>,
) -> Vec<Finding> {
    if findings.is_empty() {
        return Vec::new();
    }
    findings.into_iter().map(crate::code::finding_of).collect()
}

/// Which canonical forms an [`Analyzer`] writes into [`Analysis::canonical`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CanonicalForms {
    /// None (`check` needs only the findings).
    Skip,
    /// Every accepted position's.
    All,
    /// Only those that differ from the text as written (`fmt`): the rest are never allocated.
    Changed,
}

/// Which fixes a canonical form has applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fixes {
    /// Spellings and position fixes (dead castling rights and en-passant squares dropped), as
    /// `fmt` writes.
    All,
    /// Spellings only: the position as read, as the reference engine's writer writes it.
    Spelling,
}

/// How an analyser works: what a notation's [`Analyze::analyze`] is asked for, and a scratch
/// buffer for canonical forms.
#[derive(Debug, Clone)]
pub struct Work {
    /// The notation and its options.
    pub notation: Notation,
    /// The profile and strictness.
    pub settings: ReadSettings,
    canonical: CanonicalForms,
    fixes: Fixes,
    identity: Option<dfen::rules::EpIdentity>,
    engine_hint: bool,
    verify_perft: Option<u32>,
    /// Whether the commands of movetext comments are read, those kept unread listed in
    /// [`Analysis::commands`].
    comment_commands: bool,
    /// Whether the canonical form of a position judged by a variant's rules applies the
    /// variant's fixable findings too (`fmt`).
    variant_fixes: bool,
    /// Whether [`Analysis::notes`] are made (else they stay empty).
    notes: bool,
    /// Where canonical forms are written before they are compared with the input.
    scratch: String,
}

impl Work {
    /// Whether canonical forms are wanted at all.
    pub fn wants_canonical(&self) -> bool {
        self.canonical != CanonicalForms::Skip
    }

    /// Whether only canonical forms that differ from the text are wanted: then a position that
    /// the library says is written canonically, and that no fix changes, needs none.
    pub fn only_changed(&self) -> bool {
        self.canonical == CanonicalForms::Changed
    }

    /// Whether the canonical form applies the position fixes too (else spellings only).
    pub fn fixes_positions(&self) -> bool {
        self.fixes == Fixes::All
    }

    /// Whether the canonical form of a position judged by a variant's rules (`--variant
    /// antichess`) applies the variant's fixable findings (`VAR007`, `VAR008`, `VAR102`).
    pub fn fixes_variant_findings(&self) -> bool {
        self.variant_fixes && self.fixes_positions()
    }

    /// Whether [`Analysis::notes`] are wanted; without them a notation makes none.
    pub fn wants_notes(&self) -> bool {
        self.notes
    }

    /// How en passant counts in identities, when identities are wanted.
    pub fn identity(&self) -> Option<dfen::rules::EpIdentity> {
        self.identity
    }

    /// Whether the engine dialect's explanation of findings is wanted.
    pub fn engine_hint(&self) -> bool {
        self.engine_hint
    }

    /// The depth up to which perft counts (an EPD line's `D1` … `Dn`) are checked against the
    /// move generator (`check --verify-perft`); else they are checked as syntax only.
    pub fn verify_perft(&self) -> Option<u32> {
        self.verify_perft
    }

    /// Whether the commands of movetext comments are read, and those kept unread listed in
    /// [`Analysis::commands`] (`check --verbose`).
    pub fn comment_commands(&self) -> bool {
        self.comment_commands
    }

    /// The canonical form `write` produces, as asked: none when skipped; when only changed
    /// forms are wanted, none if it equals `text` (written into a reused buffer first).
    pub fn canonical_form(
        &mut self,
        text: &str,
        write: impl FnOnce(&mut String) -> std::fmt::Result,
    ) -> Option<String> {
        match self.canonical {
            CanonicalForms::Skip => None,
            CanonicalForms::All => {
                let mut out = String::with_capacity(text.len());
                write(&mut out).ok()?;
                Some(out)
            }
            CanonicalForms::Changed => {
                self.scratch.clear();
                write(&mut self.scratch).ok()?;
                (self.scratch != text).then(|| self.scratch.clone())
            }
        }
    }
}

/// One notation's analyser state for one file (a codec's [`super::Codec::analyzer`]).
pub trait Analyze: Send {
    /// Analyses one position; `line` is its line number (used by NDJSON4 findings).
    fn analyze(&mut self, work: &mut Work, line: usize, text: &str) -> Analysis;

    /// Whether [`Analysis::engine_explained`] is worked out for this notation under `work`
    /// (DFEN read under another profile than the engine's, when asked).
    fn explains_by_engine(&self, _work: &Work) -> bool {
        false
    }

    /// Analyses every record of a batch into `out`, in order (see `of_record`). One call
    /// per batch: within it, each record is analysed by this notation's own code, without a
    /// call through the trait object.
    fn analyze_records(
        &mut self,
        work: &mut Work,
        records: &RecordBatch,
        out: &mut Vec<Option<Analysis>>,
    ) {
        out.extend(records.iter().map(|record| of_record(self, work, &record)));
    }
}

/// What is found about one record: `None` for blank and comment lines; for a record that is
/// not text or too long, its one problem.
fn of_record<A: Analyze + ?Sized>(
    state: &mut A,
    work: &mut Work,
    record: &Record<'_>,
) -> Option<Analysis> {
    match record.kind {
        Kind::Blank | Kind::Comment => None,
        Kind::Position => Some(match &record.problem {
            Some(problem) => Analysis {
                findings: vec![crate::records::problem_finding(record, problem)],
                rejected: true,
                engine_explained: state.explains_by_engine(work).then_some(false),
                ..Analysis::default()
            },
            None => state.analyze(work, record.line, record.text().unwrap_or_default()),
        }),
    }
}

/// Analyses the positions of one file, in order (NDJSON4 checks need the previous lines).
pub struct Analyzer {
    work: Work,
    state: Box<dyn Analyze>,
    /// For a container file: what finds the positions in its records, and the analysers of
    /// the variants its records name (PGN's `Variant` tag), made when first needed.
    contained: Option<Contained>,
}

/// The container side of an [`Analyzer`].
struct Contained {
    extractor: Extractor,
    variants: Vec<(VariantTag, Work, Box<dyn Analyze>)>,
    /// A position without clocks, with the default clocks added (reused).
    clocked: String,
}

impl Contained {
    fn new(extractor: Extractor) -> Contained {
        Contained {
            extractor,
            variants: Vec::new(),
            clocked: String::new(),
        }
    }
}

impl Analyzer {
    /// An analyser for one file, writing every canonical form with every fix.
    pub fn new(notation: Notation, settings: ReadSettings) -> Analyzer {
        Analyzer {
            work: Work {
                notation,
                settings,
                canonical: CanonicalForms::All,
                fixes: Fixes::All,
                identity: None,
                engine_hint: false,
                verify_perft: None,
                comment_commands: false,
                variant_fixes: false,
                notes: true,
                scratch: String::new(),
            },
            state: notation.entry().codec.analyzer(),
            contained: None,
        }
    }

    /// This analyser reading the positions inside `container`'s records.
    pub fn with_container(mut self, container: Option<Container>) -> Analyzer {
        self.contained = container.map(|c| Contained::new(c.extractor()));
        self
    }

    /// This analyser without the canonical form: [`Analysis::canonical`] stays `None` for DFEN
    /// and FEN4 (standard FEN still converts, since that conversion can add a finding).
    pub fn without_canonical(mut self) -> Analyzer {
        self.work.canonical = CanonicalForms::Skip;
        self
    }

    /// This analyser without [`Analysis::notes`], which stay empty (for a reader that would
    /// drop them unread: `check` without `--verbose`). The findings are the same.
    pub fn without_notes(mut self) -> Analyzer {
        self.work.notes = false;
        self
    }

    /// This analyser applying a variant's fixable findings in the canonical form of each
    /// position its rules judge (`fmt --variant antichess`); the findings it fixes are then
    /// warnings.
    pub fn with_variant_fixes(mut self) -> Analyzer {
        self.work.variant_fixes = true;
        self
    }

    /// This analyser with [`Analysis::canonical`] set only when the canonical form differs
    /// from the text as written, which saves an allocation per canonical line.
    pub fn changed_canonical_only(mut self) -> Analyzer {
        self.work.canonical = CanonicalForms::Changed;
        self
    }

    /// This analyser with each accepted position's identity, en passant counted as `ep` says.
    pub fn with_identities(mut self, ep: dfen::rules::EpIdentity) -> Analyzer {
        self.work.identity = Some(ep);
        self
    }

    /// This analyser with perft counts checked up to `depth` (see [`Work::verify_perft`]).
    pub fn verifying_perft(mut self, depth: u32) -> Analyzer {
        self.work.verify_perft = Some(depth);
        self
    }

    /// This analyser listing the comment commands of movetext kept unread
    /// ([`Analysis::commands`]).
    pub fn with_comment_commands(mut self) -> Analyzer {
        self.work.comment_commands = true;
        self
    }

    /// This analyser with [`Analysis::engine_explained`] for positions with findings.
    pub fn with_engine_hint(mut self) -> Analyzer {
        self.work.engine_hint = true;
        self
    }

    /// The analyser whose canonical form is the adapter answer (`spec/adapter-protocol.md`):
    /// `fmt`'s form, except in the engine dialect, whose answer is what the reference engine's
    /// writer writes, with spelling fixes only (`spec/dfen.md` §10).
    pub fn adapter(notation: Notation, settings: ReadSettings) -> Analyzer {
        let mut analyzer = Analyzer::new(notation, settings);
        if settings.profile == dfen::Profile::Engine {
            analyzer.work.fixes = Fixes::Spelling;
        }
        analyzer
    }

    /// Whether each position is analysed on its own (every notation but NDJSON4, whose checks
    /// depend on the lines before).
    pub fn is_stateless(&self) -> bool {
        self.work.notation.entry().replay.is_none()
    }

    /// A copy for another thread, when positions are analysed each on its own.
    pub fn stateless_copy(&self) -> Option<Analyzer> {
        self.is_stateless().then(|| Analyzer {
            work: Work {
                scratch: String::new(),
                ..self.work.clone()
            },
            state: self.work.notation.entry().codec.analyzer(),
            contained: self
                .contained
                .as_ref()
                .map(|c| Contained::new(c.extractor.clone())),
        })
    }

    /// The notation this analyser reads.
    pub fn notation(&self) -> Notation {
        self.work.notation
    }

    /// Analyses one position; `line` is its line number (used by NDJSON4 findings).
    pub fn analyze(&mut self, line: usize, text: &str) -> Analysis {
        self.state.analyze(&mut self.work, line, text)
    }

    /// What is found about one record: `None` for blank and comment lines.
    pub fn analyze_record(&mut self, record: &Record<'_>) -> Option<Analysis> {
        if let Some(contained) = self.contained.as_mut() {
            return contained.analyze(self.state.as_mut(), &mut self.work, record);
        }
        of_record(self.state.as_mut(), &mut self.work, record)
    }

    /// Analyses every record of a batch (indexed) into `out`, in order.
    pub fn analyze_records(&mut self, records: &RecordBatch, out: &mut Vec<Option<Analysis>>) {
        if let Some(contained) = self.contained.as_mut() {
            let state = self.state.as_mut();
            out.extend(
                records
                    .iter()
                    .map(|record| contained.analyze(state, &mut self.work, &record)),
            );
            return;
        }
        self.state.analyze_records(&mut self.work, records, out);
    }
}

/// The analyser of a notation that has none of its own: each record as [`super::Codec::read`]
/// reads it, its refusal the one finding, or its warnings; no canonical form.
pub(super) struct AsRead;

impl Analyze for AsRead {
    fn analyze(&mut self, work: &mut Work, _line: usize, text: &str) -> Analysis {
        match work.notation.read(text, work.settings) {
            Ok(super::Read::Position(_, warnings)) => Analysis::accepted(warnings, None, None),
            Ok(super::Read::Nothing(_)) => Analysis::default(),
            Err(rejection) => Analysis::rejected(rejection.finding, rejection.reference),
        }
    }
}

impl Contained {
    /// What is found about one record of a container: the container's own findings, and the
    /// notation's about the position text inside, their spans moved into the record; the
    /// canonical form is the whole record with only that text replaced.
    fn analyze(
        &mut self,
        state: &mut dyn Analyze,
        work: &mut Work,
        record: &Record<'_>,
    ) -> Option<Analysis> {
        if record.kind != Kind::Position {
            return None;
        }
        if let Some(crate::records::Problem::InvalidUtf8 { at }) = record.problem
            && self.extractor.container() == crate::container::Container::Pgn
        {
            return Some(Analysis::accepted(
                vec![crate::code::pgn_not_utf8(record.raw(), at, record.offset)],
                None,
                None,
            ));
        }
        if record.problem.is_some() {
            return of_record(state, work, record);
        }
        let text = record.text()?;
        let mut embedded = match self.extractor.extract(record.line, text) {
            Extracted::Nothing => return None,
            Extracted::Findings(findings) => return Some(Analysis::accepted(findings, None, None)),
            Extracted::Position(embedded) => embedded,
        };
        // A value without clocks is the container's form only when its first value has none
        // too; otherwise it is read as written, and missing clocks are a finding.
        embedded.clockless &= work.settings.form.clockless;
        // A position of a container without clocks is read with the default clocks, which
        // its canonical form leaves off again.
        let read = if embedded.clockless {
            self.clocked.clear();
            self.clocked.push_str(&embedded.text);
            self.clocked.push_str(" 0 1");
            self.clocked.as_str()
        } else {
            &embedded.text
        };
        let analysis = match embedded.variant {
            None => state.analyze(work, record.line, read),
            Some(variant) => {
                let index = match self.variants.iter().position(|(v, ..)| *v == variant) {
                    Some(index) => index,
                    None => {
                        let mut variant_work = work.clone();
                        (variant_work.notation, variant_work.settings) =
                            variant_reading(variant, work.notation, work.settings);
                        let state = variant_work.notation.entry().codec.analyzer();
                        self.variants.push((variant, variant_work, state));
                        self.variants.len() - 1
                    }
                };
                let (_, work, state) = self.variants.get_mut(index)?;
                state.analyze(work, record.line, read)
            }
        };
        let mut analysis = placed(
            analysis_in(analysis, &embedded),
            &embedded,
            text,
            work.only_changed(),
        );
        // A message that says where the position is names the container, not a `.fen` file.
        for finding in &mut analysis.findings {
            if finding.code == crate::code::Code::Fenkit(crate::code::FenkitCode::SeventhField) {
                let holder = format!("in {}", self.extractor.container().holder());
                finding.message = finding
                    .message
                    .replace(super::IN_A_FEN_FILE, &holder)
                    .into();
            }
        }
        Some(analysis)
    }
}

/// How a position under a PGN `Variant` tag is read, where `notation` and `settings` are what
/// the run reads otherwise: Chess960 is `notation` in Chess960 mode; three-check and crazyhouse
/// are their variant readers in the lichess dialect, as lichess exports them. (`check` and
/// `convert` both read a game so.)
pub fn variant_reading(
    tag: VariantTag,
    notation: Notation,
    settings: ReadSettings,
) -> (Notation, ReadSettings) {
    use chess::variant::{Dialect, Variant};
    let variant = match tag {
        VariantTag::Chess960 => {
            let settings = ReadSettings {
                castling_mode: dfen::CastlingMode::Chess960,
                ..settings
            };
            return (notation, settings);
        }
        VariantTag::ThreeCheck => Variant::ThreeCheck,
        VariantTag::Crazyhouse => Variant::Crazyhouse,
    };
    let notation = Notation::of_variant(variant).map_or(notation, |n| {
        n.with_options(super::Options {
            dialect: Dialect::Lichess,
            write: Dialect::Lichess,
            ..super::Options::default()
        })
    });
    (notation, settings)
}

/// Moves the analysis of an embedded text into its record: spans, the container's findings
/// (first, in record order), the missing clocks of a container without clocks. The analysis is
/// changed in place: a clean value (most of a file) moves nothing.
fn analysis_in(mut analysis: Analysis, embedded: &Embedded<'_>) -> Analysis {
    if !(analysis.findings.is_empty() && embedded.findings.is_empty()) {
        let mut findings = embedded.findings.clone();
        for mut finding in std::mem::take(&mut analysis.findings) {
            if embedded.clockless
                && finding.code == crate::code::Code::Dfen(dfen::Code::MissingClocks)
            {
                continue;
            }
            finding.span = embedded.to_record(&finding.span);
            findings.push(finding);
        }
        analysis.rejected |= findings.iter().any(|f| f.severity == Severity::Error);
        analysis.findings = findings;
    }
    for command in analysis
        .commands
        .iter_mut()
        .flat_map(|commands| commands.iter_mut())
    {
        command.span = embedded.to_record(&command.span);
    }
    analysis.embedded = u32::try_from(embedded.span.start)
        .ok()
        .zip(u32::try_from(embedded.span.end).ok())
        .map(|(start, end)| start..end);
    analysis
}

/// The canonical form of the text placed back in its record (`record`), clocks left off for
/// a container without them: `None` when the container cannot hold it, or when unchanged and
/// `only_changed`.
fn placed(
    mut analysis: Analysis,
    embedded: &Embedded<'_>,
    record: &str,
    only_changed: bool,
) -> Analysis {
    analysis.canonical = analysis.canonical.take().and_then(|canonical| {
        let canonical = if embedded.clockless {
            without_clocks(&canonical)
        } else {
            canonical.as_str()
        };
        if canonical == embedded.text {
            return (!only_changed).then(|| record.to_owned());
        }
        embedded.replaced(record, canonical)
    });
    analysis
}

/// A six-field FEN's first four fields.
pub(super) fn without_clocks(fen: &str) -> &str {
    let mut spaces = 0;
    for (at, byte) in fen.bytes().enumerate() {
        if byte == b' ' {
            spaces += 1;
            if spaces == 4 {
                return fen.get(..at).unwrap_or(fen);
            }
        }
    }
    fen
}

#[cfg(test)]
mod size {
    /// An analysis is moved several times a line on the way from the workers to the writer.
    /// Up to 128 bytes the compiler moves it inline; past that it calls `memcpy` for each move,
    /// which cost 4 % of `fenkit check` on clean lines (docs/performance.md, end of the fifth
    /// sitting).
    #[test]
    fn an_analysis_is_moved_inline() {
        assert!(std::mem::size_of::<super::Analysis>() <= 128);
    }
}

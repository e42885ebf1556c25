//! One input, decided from its first bytes and read record by record: the notation it is
//! read as (given, by its name, else by its first position), the form its positions are
//! written in, the container it is, and the findings of a whole text.
//!
//! The command line decides every file and standard input with [`Reading::decide`]; Python's
//! `fenkit.check` and JavaScript's `check` call [`check_text`], which reads a text as the
//! command line reads standard input. So a position gets the same findings on every surface.
//!
//! ```
//! use notation::choice::Choice;
//! use notation::reading::check_text;
//! use notation::settings::Request;
//!
//! // Standard FEN on standard input is read as FEN, and this line has no finding.
//! let found = check_text("4k3/8/8/8/8/8/8/4K3 w - - 0 1\n", &Request::default()).unwrap();
//! assert!(found.is_empty());
//!
//! // A king missing, on the second line: the warning `fenkit check` gives.
//! let text = "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n8/8/8/8/8/8/8/4K3 w - - 0 1\n";
//! let found = check_text(text, &Request::default()).unwrap();
//! assert_eq!(found[0].line, 2);
//! assert_eq!(found[0].finding.code.as_str(), "DFEN210");
//! ```

use std::collections::HashMap;
use std::io;
use std::path::Path;

use dfen::form::FileForm;

use crate::code::Finding;
use crate::container::Container;
use crate::records::{Grouping, MAX_RECORD_BYTES, Record, RecordReader};
use crate::settings::{Request, Resolved, SettingError};
use crate::{Analysis, Analyzer, Notation, ReadSettings, Unique, first_position_line};

/// How the notation of an input was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chosen {
    /// Given: by a setting or the configuration.
    Given,
    /// By the input's name: its extension.
    Extension,
    /// By the input's content: its first position line.
    Content,
}

/// How far into an input its first position line is looked for before it is read as the
/// fallback notation.
pub const SNIFF_LIMIT: usize = MAX_RECORD_BYTES;

/// The comment starts of every notation, skipped while the first position line is looked for.
const ANY_COMMENT: &[u8] = b"#%";

/// Whether `head`, the first bytes of an input (all of it when `at_end`), holds its first
/// position line whole, or shows there is none: [`Reading::decide`] needs no more then.
///
/// # Errors
/// How many bytes of `head` are blank or comment lines, when more is needed.
pub fn head_is_enough(head: &[u8], at_end: bool) -> Result<(), usize> {
    first_position_line(head, at_end, ANY_COMMENT, true).map(|_| ())
}

/// How one input is read.
#[derive(Debug, Clone, Copy)]
pub struct Reading {
    /// The notation its records are read as.
    pub notation: Notation,
    /// How it was chosen.
    pub chosen: Chosen,
    /// The settings, with the form its first position is written in.
    pub settings: ReadSettings,
    /// The container it is, if it holds positions inside another format.
    pub container: Option<Container>,
}

impl Reading {
    /// Decides how the input named `path` (`None`: standard input or a text), whose first
    /// bytes are `head`, is read: as `forced`, else as its extension says, else as its first
    /// position line says (see [`Notation::sniff`]). `head` holds the first position line
    /// whole, or all of the input (`at_end`; see [`head_is_enough`]); a head that holds
    /// neither (the line is longer than [`SNIFF_LIMIT`]) reads as the fallback notation.
    ///
    /// # Errors
    /// [`io::ErrorKind::InvalidInput`] for a CSV or TSV file without a column, or naming one
    /// its header lacks; [`io::ErrorKind::InvalidData`] for a JSON Lines file of `fen`
    /// objects read as NDJSON4, with the message that names `--field fen`.
    pub fn decide(
        head: &[u8],
        at_end: bool,
        path: Option<&Path>,
        forced: Option<Notation>,
        settings: ReadSettings,
    ) -> io::Result<Reading> {
        // PGN games named (`--notation pgn`) are the PGN container, whose `[FEN]` tags are
        // standard FEN, as a `.pgn` file is.
        let (container, forced) = match forced {
            Some(notation) if notation.is_pgn() => (
                Some(Container::Pgn),
                Notation::of_variant(chess::variant::Variant::Chess),
            ),
            _ => match (path, settings.select) {
                (None, None) => (None, forced),
                (path, select) => (Container::resolve(path, select, head)?, forced),
            },
        };
        let by_name = match container {
            // The positions inside a container are standard FEN unless given, or movetext
            // when its first value is (`1. e4 …`: a column of SAN movetext).
            Some(container) if forced.is_none() => {
                let first = container.extractor().first_value(head);
                first
                    .as_deref()
                    .and_then(Notation::movetext_in)
                    .or_else(|| Notation::of_variant(chess::variant::Variant::Chess))
            }
            Some(_) => Notation::of_variant(chess::variant::Variant::Chess),
            None => path.and_then(Notation::from_extension),
        };
        // A JSON Lines file of `fen` objects is not NDJSON4: one error that names the flag,
        // not one per line.
        if let (None, None, Some(notation)) = (forced, container, by_name)
            && notation.entry().replay.is_some()
            && let Some(hint) = crate::container::field_hint(head)
        {
            return Err(io::Error::new(io::ErrorKind::InvalidData, hint));
        }
        let (chosen, known) = match (forced, by_name) {
            (Some(notation), _) => (Chosen::Given, Some(notation)),
            (None, Some(notation)) => (Chosen::Extension, Some(notation)),
            (None, None) => (Chosen::Content, None),
        };
        // The first position decides the form of a file's positions, the first value that of
        // a container's.
        let (notation, form) = match (known, container) {
            (Some(notation), Some(container)) => (notation, container.extractor().first_form(head)),
            _ => sniff(head, at_end, known),
        };
        Ok(Reading {
            notation,
            chosen,
            settings: ReadSettings { form, ..settings },
            container,
        })
    }

    /// The reader of its records from `inner`, which reads the input from its start.
    pub fn records<R: io::BufRead>(&self, inner: R) -> RecordReader<R> {
        let (grouping, comments) = self.grouping();
        RecordReader::grouped(inner, grouping, MAX_RECORD_BYTES).with_comment_starts(comments)
    }

    /// How its lines group into records, and the bytes that open its comment lines.
    fn grouping(&self) -> (Grouping, &'static [u8]) {
        match self.container {
            Some(container) => (container.grouping(), crate::records::COMMENT_STARTS),
            None if self.notation.has_continuation_lines() => {
                (Grouping::Indented, self.notation.comment_starts())
            }
            None => (Grouping::None, self.notation.comment_starts()),
        }
    }

    /// The one record of `text` when it is a text of one line outside a container (see
    /// [`Record::of_one_line`]), borrowed from it: what [`Reading::records`] reads from it.
    pub(crate) fn one_line<'t>(&self, text: &'t str) -> Option<Record<'t>> {
        if self.container.is_some() {
            return None;
        }
        let (grouping, comments) = self.grouping();
        Record::of_one_line(text, grouping, comments, MAX_RECORD_BYTES)
    }

    /// The analyser of its records.
    pub fn analyzer(&self) -> Analyzer {
        Analyzer::new(self.notation, self.settings).with_container(self.container)
    }
}

/// The notation of an input from its first position line, unless `known`, and the form its
/// positions are written in ([`FileForm`]).
fn sniff(head: &[u8], at_end: bool, known: Option<Notation>) -> (Notation, FileForm) {
    // With all of the input at hand, the head is always enough.
    if !at_end && head_is_enough(head, at_end).is_err() {
        return (
            known.unwrap_or_else(Notation::fallback),
            FileForm::default(),
        );
    }
    // The first line that is neither blank nor a `#` comment, which sniffing reads.
    let sniffed = match known {
        Some(notation) => (notation, None),
        None => match first_position_line(head, true, b"#", false) {
            Ok(Some(line)) => (Notation::sniff(line), Some(line)),
            _ => (Notation::fallback(), None),
        },
    };
    let notation = sniffed.0;
    // The first position line of the notation: the line sniffed when the notation's comment
    // starts skip `#` lines too and the line starts with none of them (every line before it
    // is blank or a `#` comment), so that a text's first line is found once.
    let comments = notation.comment_starts();
    let first = match sniffed.1 {
        Some(line)
            if comments.contains(&b'#')
                && line
                    .trim_ascii()
                    .first()
                    .is_some_and(|byte| !comments.contains(byte)) =>
        {
            Ok(Some(line))
        }
        _ => first_position_line(head, true, comments, true),
    };
    let form = match first {
        Ok(Some(line)) => FileForm::of_first_position_bytes(line),
        _ => FileForm::default(),
    };
    (notation, form)
}

/// The values that must be unique within an input (a DFEN's or FEN4's unique value), with the
/// line each was first met on.
///
/// They are met in file order, on one thread; the hash of each is made beforehand
/// ([`Uniques::hash`]), where the value was read, so that meeting one is a look-up by a known
/// hash and a comparison.
#[derive(Debug, Default)]
pub struct Uniques {
    notation: Option<Notation>,
    /// The first value met with each hash, and its line.
    first: HashMap<u64, (String, usize), KnownHash>,
    /// A value whose hash an earlier, different value had (one in about 2^64): by the value.
    collided: HashMap<String, usize>,
}

/// A repeat met by [`Uniques::repeat_of`]: the value and the line it was first met on.
#[derive(Debug)]
pub struct Repeat {
    /// The repeated value, where it stands in its record.
    pub unique: Box<Unique>,
    /// The line the value was first met on.
    pub first: usize,
}

impl Uniques {
    /// None met yet, in an input of `notation`.
    pub fn of(notation: Notation) -> Uniques {
        Uniques {
            notation: Some(notation),
            first: HashMap::default(),
            collided: HashMap::new(),
        }
    }

    /// The hash a unique value is met by: keyed once in a process (SipHash, as the standard
    /// library's maps), so that no file can choose values that collide.
    pub fn hash(value: &str) -> u64 {
        use std::hash::BuildHasher as _;
        static KEYS: std::sync::OnceLock<std::hash::RandomState> = std::sync::OnceLock::new();
        KEYS.get_or_init(std::hash::RandomState::new)
            .hash_one(value)
    }

    /// Meets the unique value of the record on line `line`, adding the finding of a repeat to
    /// its analysis.
    /// The value is kept, not copied, when it is met first.
    pub fn meet(&mut self, line: usize, unique: Box<Unique>, analysis: &mut Analysis) {
        let hash = Uniques::hash(&unique.value);
        self.meet_hashed(line, hash, unique, analysis);
    }

    /// [`Uniques::meet`] of a value whose [`Uniques::hash`] is `hash`.
    pub fn meet_hashed(
        &mut self,
        line: usize,
        hash: u64,
        unique: Box<Unique>,
        analysis: &mut Analysis,
    ) {
        if let Some(repeat) = self.repeat_of(line, hash, unique)
            && let Some(finding) = self
                .notation
                .and_then(|n| n.repeated(&repeat.unique, repeat.first))
        {
            analysis.findings.push(finding);
        }
    }

    /// Meets the unique value of the record on line `line`, whose [`Uniques::hash`] is `hash`:
    /// its repeat, when it was met before, whose finding is the caller's to make
    /// ([`Notation::repeated`]).
    pub fn repeat_of(&mut self, line: usize, hash: u64, unique: Box<Unique>) -> Option<Repeat> {
        use std::collections::hash_map::Entry;
        let known = match self.first.entry(hash) {
            Entry::Vacant(vacant) => {
                let Unique { value, .. } = *unique;
                vacant.insert((value, line));
                return None;
            }
            Entry::Occupied(occupied) => occupied.into_mut(),
        };
        if known.0 == unique.value {
            return Some(Repeat {
                first: known.1,
                unique,
            });
        }
        match self.collided.get(unique.value.as_str()) {
            Some(&first) => Some(Repeat { first, unique }),
            None => {
                let Unique { value, .. } = *unique;
                self.collided.insert(value, line);
                None
            }
        }
    }
}

/// A hasher of hashes already made ([`Uniques::hash`]): the hash as it is.
#[derive(Debug, Clone, Copy, Default)]
struct KnownHash;

impl std::hash::BuildHasher for KnownHash {
    type Hasher = AsIs;

    fn build_hasher(&self) -> AsIs {
        AsIs(0)
    }
}

/// [`KnownHash`]'s hasher.
#[derive(Debug, Clone, Copy)]
struct AsIs(u64);

impl std::hash::Hasher for AsIs {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only `u64`s are hashed: any other key is folded in byte by byte.
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, hash: u64) {
        self.0 = hash;
    }
}

/// A finding of [`check_text`], placed in the text.
#[derive(Debug, Clone)]
pub struct Placed {
    /// The finding; its span is relative to the record (see [`Placed::span`]).
    pub finding: Finding,
    /// The line its span starts on, from 1.
    pub line: usize,
    /// The byte offset in the text where its record starts.
    pub offset: usize,
}

impl Placed {
    /// The finding's span as byte offsets in the whole text.
    pub fn span(&self) -> std::ops::Range<usize> {
        self.offset + self.finding.span.start..self.offset + self.finding.span.end
    }

    /// The byte offset in `text` where the line of its span starts: a binding counts the
    /// column from there in its own units (code points, UTF-16 units).
    pub fn line_start(&self, text: &str) -> usize {
        text.get(..self.span().start.min(text.len()))
            .and_then(|before| before.rfind('\n'))
            .map_or(0, |at| at + 1)
    }
}

/// Every finding of `text` read as `fenkit check` reads it on standard input with the same
/// settings: the notation as asked, else sniffed from the first position; the form of its
/// positions from the first one; a unique value repeated is reported where it repeats.
/// `# fenkit:` markers and configuration files are the command line's alone.
///
/// # Errors
/// A [`SettingError`] when the request's settings do not go together.
pub fn check_text(text: &str, request: &Request) -> Result<Vec<Placed>, SettingError> {
    check_resolved(text, &request.resolve()?)
}

/// [`check_text`] with settings resolved once (a caller that checks many texts with the same
/// settings, as a binding's loop does, resolves them once).
///
/// # Errors
/// A [`SettingError`] when the text cannot be read with these settings at all.
pub fn check_resolved(text: &str, resolved: &Resolved) -> Result<Vec<Placed>, SettingError> {
    Checker::new(*resolved).check(text)
}

/// Checks texts one after another with the same settings, as [`check_text`] does, keeping
/// what a text leaves reusable for the next: the analyser of each notation and form met
/// (a binding's loop over positions then builds one analyser, not one per position).
pub struct Checker {
    resolved: Resolved,
    /// Analysers kept between texts: those of notations whose records are analysed each on
    /// its own, outside containers.
    kept: Vec<(Notation, FileForm, Analyzer)>,
}

impl Checker {
    /// A checker with `resolved` settings.
    pub fn new(resolved: Resolved) -> Checker {
        Checker {
            resolved,
            kept: Vec::new(),
        }
    }

    /// How `text` is read with these settings.
    fn reading(&self, text: &str) -> Result<Reading, SettingError> {
        Reading::decide(
            text.as_bytes(),
            true,
            None,
            self.resolved.notation,
            self.resolved.read_settings(),
        )
        .map_err(|error| SettingError {
            message: error.to_string(),
            help: "name the notation".to_owned(),
        })
    }

    /// The comment commands of `text` kept unread, as [`comment_commands`] gives them.
    ///
    /// # Errors
    /// A [`SettingError`] when the text cannot be read with these settings at all.
    pub fn comment_commands(&mut self, text: &str) -> Result<Vec<PlacedCommand>, SettingError> {
        Ok(commands_of(text, &self.reading(text)?))
    }

    /// Every finding of `text`, as [`check_text`] gives them.
    ///
    /// # Errors
    /// A [`SettingError`] when the text cannot be read with these settings at all.
    pub fn check(&mut self, text: &str) -> Result<Vec<Placed>, SettingError> {
        let reading = self.reading(text)?;
        // An analyser that keeps nothing of one record for the next can serve the next text.
        let reusable = reading.container.is_none() && reading.notation.entry().replay.is_none();
        let form = reading.settings.form;
        let at = self
            .kept
            .iter()
            .position(|(notation, kept, _)| *notation == reading.notation && *kept == form)
            .filter(|_| reusable);
        let placed = match at.and_then(|at| self.kept.get_mut(at)) {
            Some((_, _, analyzer)) => check_with(text, &reading, analyzer),
            None => {
                let mut analyzer = reading.analyzer().without_canonical();
                let placed = check_with(text, &reading, &mut analyzer);
                if reusable {
                    self.kept.push((reading.notation, form, analyzer));
                }
                placed
            }
        };
        Ok(placed)
    }
}

/// The findings of `text`, read as `reading` says, by `analyzer`.
fn check_with(text: &str, reading: &Reading, analyzer: &mut Analyzer) -> Vec<Placed> {
    // A text of one line (a binding's loop over positions) is its one record, read in place.
    if let Some(record) = reading.one_line(text) {
        let Some(mut analysis) = analyzer.analyze_record(&record) else {
            return Vec::new();
        };
        // One record: its unique value cannot repeat.
        analysis.unique = None;
        if analysis.findings.is_empty() {
            return Vec::new();
        }
        return analysis
            .findings
            .into_iter()
            .map(|finding| placed_in(&record, finding))
            .collect();
    }
    let bytes = text.as_bytes();
    let mut records = reading.records(bytes);
    let mut uniques = Uniques::of(reading.notation);
    let mut games = match reading.container {
        Some(Container::Pgn) => Games::of(text, reading.settings.strict),
        _ => Games::default(),
    };
    let mut placed = Vec::new();
    // Reading from a byte slice cannot fail.
    while let Ok(Some(record)) = records.next_record() {
        let start = usize::try_from(record.offset).unwrap_or(usize::MAX);
        // In PGN games: the games that ended above this record come first; a tag section
        // brings its game's findings, in file order with its own.
        placed.extend(games.before(start));
        let game = match record.kind {
            crate::records::Kind::Position => games.game_of(start..start + record.raw().len()),
            _ => Vec::new(),
        };
        let Some(mut analysis) = analyzer.analyze_record(&record) else {
            placed.extend(game);
            continue;
        };
        if let Some(unique) = analysis.unique.take() {
            uniques.meet(record.line, unique, &mut analysis);
        }
        let own = analysis
            .findings
            .into_iter()
            .map(|finding| placed_in(&record, finding));
        if game.is_empty() {
            placed.extend(own);
        } else {
            let mut merged: Vec<Placed> = own.chain(game).collect();
            merged.sort_by_key(|placed| placed.span().start);
            placed.extend(merged);
        }
    }
    placed.extend(games.before(usize::MAX));
    placed
}

/// `finding`, of `record`, placed in the text: on the line of the record its span starts on.
pub(crate) fn placed_in(record: &Record<'_>, finding: Finding) -> Placed {
    let before = record
        .text()
        .unwrap_or_default()
        .get(..finding.span.start)
        .unwrap_or_default();
    Placed {
        line: record.line + memchr::memchr_iter(b'\n', before.as_bytes()).count(),
        finding,
        offset: usize::try_from(record.offset).unwrap_or(usize::MAX),
    }
}

/// A comment command kept unread ([`comment_commands`]), placed in the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlacedCommand {
    /// Its name, why it is not read, the note about it, and its span (`[` to `]`) as byte
    /// offsets in the whole text.
    pub note: pgn::command::Note,
    /// The line its span starts on, from 1.
    pub line: usize,
}

impl PlacedCommand {
    /// The byte offset in `text` where the line of its span starts: a binding counts the
    /// column from there in its own units (code points, UTF-16 units).
    pub fn line_start(&self, text: &str) -> usize {
        text.get(..self.note.span.start.min(text.len()))
            .and_then(|before| before.rfind('\n'))
            .map_or(0, |at| at + 1)
    }
}

/// The commands inside the comments of `text`'s movetext that are kept unread, read as
/// `fenkit check -v` reads the text on standard input with the same settings and notes them:
/// in PGN games (`notation` `pgn`) and in movetext (a column of SAN movetext, or `movetext`
/// lines). Each is an unknown command, a known one whose arguments are not its syntax, or a
/// command in a `;` comment, where none is read (`spec/pgn.md` §4). The command line says one
/// note per kind and file, with how many more; this gives every one, in text order. Other
/// notations have no comments, and so none.
///
/// ```
/// use notation::reading::comment_commands;
/// use notation::settings::Request;
///
/// let request = Request {
///     notation: notation::Notation::named("pgn"),
///     ..Request::default()
/// };
/// let text = "[Event \"?\"]\n\n1. e4 {[%clk 0:03:00] [%foo 1]} e5 ; [%clk 0:02:59]\n*\n";
/// let found = comment_commands(text, &request).unwrap();
/// let kinds: Vec<(&str, &str, usize)> = found
///     .iter()
///     .map(|c| (c.note.name.as_str(), c.note.kind.as_str(), c.line))
///     .collect();
/// assert_eq!(kinds, [("foo", "unknown", 3), ("clk", "rest-of-line", 3)]);
/// assert_eq!(&text[found[0].note.span.clone()], "[%foo 1]");
/// ```
///
/// # Errors
/// A [`SettingError`] when the request's settings do not go together.
pub fn comment_commands(text: &str, request: &Request) -> Result<Vec<PlacedCommand>, SettingError> {
    Checker::new(request.resolve()?).comment_commands(text)
}

/// The comment commands of `text` kept unread, read as `reading` says.
fn commands_of(text: &str, reading: &Reading) -> Vec<PlacedCommand> {
    let mut out = Vec::new();
    // Lines are counted on from the last command placed, never from the start again.
    let mut cursor = (0usize, 1usize);
    let mut place = |note: pgn::command::Note, out: &mut Vec<PlacedCommand>| {
        let (from, line) = cursor;
        let at = note.span.start.min(text.len());
        let line = line
            + memchr::memchr_iter(
                b'\n',
                text.as_bytes().get(from.min(at)..at).unwrap_or_default(),
            )
            .count();
        cursor = (at, line);
        out.push(PlacedCommand { note, line });
    };
    if reading.container == Some(Container::Pgn) {
        let reader = pgn::Reader::new()
            .strict(reading.settings.strict)
            .commands(true);
        for game in reader.games(text) {
            // Comments alone between two games are no game of their own.
            if crate::container::is_comments_alone(&game) {
                continue;
            }
            for command in &game.unread_commands {
                place(command.note(text), &mut out);
            }
        }
        return out;
    }
    let mut analyzer = reading
        .analyzer()
        .without_canonical()
        .with_comment_commands();
    let mut records = reading.records(text.as_bytes());
    // Reading from a byte slice cannot fail.
    while let Ok(Some(record)) = records.next_record() {
        let Some(analysis) = analyzer.analyze_record(&record) else {
            continue;
        };
        let offset = usize::try_from(record.offset).unwrap_or(usize::MAX);
        for mut note in analysis
            .commands
            .map(|commands| *commands)
            .unwrap_or_default()
        {
            note.span =
                offset.saturating_add(note.span.start)..offset.saturating_add(note.span.end);
            place(note, &mut out);
        }
    }
    out
}

/// The movetext findings of the PGN games of a text, game by game, as the command line hands
/// them on beside the tag sections.
#[derive(Default)]
struct Games {
    /// Each game's byte range in the text and its findings, placed; in text order.
    games: std::collections::VecDeque<(std::ops::Range<usize>, Vec<Placed>)>,
}

impl Games {
    /// The games of `text` read move by move, those with findings kept.
    fn of(text: &str, strict: bool) -> Games {
        let mut games = std::collections::VecDeque::new();
        for game in pgn::Reader::new().strict(strict).games(text) {
            // Comments alone between two games are no game of their own.
            if crate::container::is_comments_alone(&game) {
                continue;
            }
            let placed: Vec<Placed> = game
                .findings
                .into_iter()
                .filter(|finding| !crate::container::reported_by_the_container(finding, text))
                .map(|finding| {
                    let before = text.get(..finding.span.start).unwrap_or_default();
                    Placed {
                        line: 1 + memchr::memchr_iter(b'\n', before.as_bytes()).count(),
                        finding: crate::code::finding_of(finding),
                        offset: 0,
                    }
                })
                .collect();
            if !placed.is_empty() {
                games.push_back((game.span, placed));
            }
        }
        Games { games }
    }

    /// The findings of the games that end at or before byte `offset`.
    fn before(&mut self, offset: usize) -> Vec<Placed> {
        let mut out = Vec::new();
        while let Some((span, _)) = self.games.front()
            && span.end <= offset
        {
            if let Some((_, placed)) = self.games.pop_front() {
                out.extend(placed);
            }
        }
        out
    }

    /// The findings of the game whose text holds the record at `range` (its tag section).
    fn game_of(&mut self, range: std::ops::Range<usize>) -> Vec<Placed> {
        if let Some((span, _)) = self.games.front()
            && span.start < range.end.max(range.start + 1)
            && let Some((_, placed)) = self.games.pop_front()
        {
            return placed;
        }
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::choice::Choice;

    /// Values whose hashes are the same are told apart by their text: each is a repeat of its
    /// own first line only, however many share a hash.
    #[test]
    fn values_of_one_hash_are_met_apart() {
        let unique = |value: &str| {
            Box::new(Unique {
                value: value.to_owned(),
                span: 0..1,
            })
        };
        let mut uniques = Uniques::of(Notation::named("epd").unwrap());
        let first = |repeat: Option<Repeat>| repeat.map(|repeat| repeat.first);
        assert_eq!(first(uniques.repeat_of(1, 7, unique("a"))), None);
        assert_eq!(
            first(uniques.repeat_of(2, 7, unique("b"))),
            None,
            "b is new"
        );
        assert_eq!(
            first(uniques.repeat_of(3, 7, unique("c"))),
            None,
            "c is new"
        );
        assert_eq!(
            first(uniques.repeat_of(4, 8, unique("a"))),
            None,
            "by hash, as given"
        );
        assert_eq!(first(uniques.repeat_of(5, 7, unique("b"))), Some(2));
        assert_eq!(first(uniques.repeat_of(6, 7, unique("a"))), Some(1));
        assert_eq!(first(uniques.repeat_of(7, 7, unique("c"))), Some(3));
        let repeat = uniques.repeat_of(8, Uniques::hash("d"), unique("d"));
        assert!(repeat.is_none());
        let repeat = uniques
            .repeat_of(9, Uniques::hash("d"), unique("d"))
            .unwrap();
        assert_eq!((repeat.first, repeat.unique.value.as_str()), (8, "d"));
        // Meeting by value hashes it the same way.
        let mut analysis = Analysis::default();
        uniques.meet(10, unique("d"), &mut analysis);
        assert_eq!(analysis.findings.len(), 1);
        assert!(analysis.findings[0].message.contains("(first on line 8)"));
    }

    /// A line checked alone (the one record, read in place) gets the findings the record
    /// reader gives the same line after a blank one (the general path): the same codes,
    /// messages and spans in its record, one line further down. Over real files, each with
    /// the settings `check.test.mjs` reads it with.
    #[test]
    fn a_line_alone_reads_as_in_a_text() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/");
        let cases = [
            ("scalachess/mainline_fen.txt", None, false),
            ("scalachess/mainline_fen.txt", Some("fen"), false),
            ("stockfish-books/FRC_openings.epd", Some("epd"), true),
            ("stockfish-books/noob_2moves.epd", Some("epd"), false),
            ("chess960/shredder.fen", Some("fen"), true),
            ("chess960/xfen.fen", Some("fen"), false),
        ];
        for (file, notation, chess960) in cases {
            let text = std::fs::read_to_string(format!("{root}{file}")).unwrap();
            let request = Request {
                notation: notation.map(|name| Notation::from_name(name).unwrap()),
                chess960,
                ..Request::default()
            };
            let mut alone = Checker::new(request.resolve().unwrap());
            let mut in_text = Checker::new(request.resolve().unwrap());
            let mut found = 0;
            for line in text.lines().take(400) {
                let one = alone.check(line).unwrap();
                let two = in_text.check(&format!("\n{line}")).unwrap();
                let shape = |placed: &Placed, down: usize| {
                    (
                        placed.finding.code,
                        placed.finding.message.clone(),
                        placed.finding.span.clone(),
                        placed.line + down,
                    )
                };
                let one: Vec<_> = one.iter().map(|placed| shape(placed, 1)).collect();
                let two: Vec<_> = two.iter().map(|placed| shape(placed, 0)).collect();
                assert_eq!(one, two, "{file}: {line}");
                found += one.len();
            }
            // Findings there were, where the files have some.
            if file.ends_with("mainline_fen.txt") && notation.is_some() {
                assert!(found > 0);
            }
        }
    }
}

//! `fenkit diff`: a semantic, field-by-field diff of two positions or two position files.

use crate::choices::choices;
use std::io::Write;
use std::path::Path;

use serde::Serialize;

use crate::config::{Configs, Flags};
use crate::context::{Failure, Global, Status};
use crate::input::Origin;
use crate::scan::Scan;
use notation::settings::Request;
use notation::{Notation, Position, ReadSettings, Rejection};

const AFTER_HELP: &str = "\
Examples:
  fenkit diff '4k3/8/8/8/P1P5/8/8/4K3 b - a3c3 0 1 -' '4k3/8/8/8/P1P5/8/8/4K3 b - c3 0 1 -'
  fenkit diff old.dfen new.dfen                  align two files and diff the changed positions
  fenkit diff --output-format json a.fen4 b.fen4
  fenkit diff --variant crazyhouse --dialect stockfish old.fen new.fen

Each argument is a file if one exists by that name (`-` is standard input, for one side at most;
a named pipe such as `<(zcat old.dfen.gz)` is read as it arrives; `/dev/null` is an empty side),
else a position. A line longer than 1 MiB stops the diff (FENKIT002). Positions
are read with the lenient profile, so spellings that differ but mean the same compare equal; both
sides must be DFEN (or FEN), or both FEN4 (or NDJSON4). Each side is otherwise read as `fenkit
check` reads it: the flags over the configuration that applies to it (`chess960` and its globs,
`[notations]`, `[variants]`, `[columns]`, `[fields]`; a position given as an argument takes the
current directory's).
Files whose positions are on the same lines (a file and its `fmt` output) are compared line N
with line N; other files are aligned on the canonical forms of their positions. A line that is
not a position is shown as removed or added, never as a changed version of a position. In JSON, fields are named
as in the JSON forms (`e4`, `side`, `en_passant`, a FEN4 square `x,y,z,w`); a value is the
field as the canonical DFEN writes it (`w`, `KQkq`, `a3c3`, `-` for none) or a piece (null for
an empty square); a FEN4 move is two changes, one per square. With --variant, both sides are
read in the variant's dialect and compared slot by slot as well: `checks_white` and
`checks_black` (checks given), `holdings` and `promoted` (as the essay form writes them), or
`sub_turn`; a pocket written in another order is the same pocket. Exit status 1 when they
differ.";

/// Show a semantic diff of two positions or two position files, field by field.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub(crate) struct Args {
    /// The old position, or a position file
    #[arg(value_name = "A")]
    a: String,

    /// The new position, or a position file
    #[arg(value_name = "B")]
    b: String,

    /// Read both as this notation [default: by extension, then by content]
    #[arg(long, value_name = "NOTATION", value_parser = choices::<Notation>())]
    notation: Option<Notation>,

    #[command(flatten)]
    variant: crate::options::VariantArgs,

    /// Read castling as Chess960 (Fischer random) does: `K`/`Q` are the outermost rooks on
    /// each side of the king [default: the configuration's `chess960`, else off; file letters
    /// such as `HAha` are read in either case]
    #[arg(long)]
    chess960: bool,

    #[command(flatten)]
    select: crate::options::SelectArgs,

    #[command(flatten)]
    config: crate::config::ConfigArgs,

    /// How to print the differences
    #[arg(long, value_name = "FORMAT", default_value = "human")]
    output_format: DiffFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum DiffFormat {
    /// one line per changed field
    Human,
    /// one JSON document
    Json,
}

/// One position of a side of the diff. Kept small (a file side holds one per line): the
/// parsed position is not kept, only re-read for the few pairs whose fields are compared.
#[derive(Debug, Clone)]
struct Entry {
    line: Option<usize>,
    /// The text as written (escaped, `\xff`, when it is not UTF-8).
    text: Box<str>,
    /// The canonical form or, when rejected, the bytes as written (escaped, so that lines of
    /// invalid UTF-8 that differ never compare equal); `None` when that is the text itself.
    key: Option<Box<str>>,
    /// Whether the bytes were UTF-8 (only then is the text parsed).
    is_text: bool,
    /// Whether the text is a position (it parsed).
    is_position: bool,
}

impl Entry {
    fn key(&self) -> &str {
        self.key.as_deref().unwrap_or(&self.text)
    }
}

/// One field that differs. In JSON a field is named as in the position's JSON form (a
/// square such as `e4`, `side`, `castling`, …; a FEN4 coordinate `x,y,z,w`), and an empty
/// square or a field that is not there is `null`. The human output shows `label` instead of
/// `field`, and writes `(empty)` for `null`.
#[derive(Debug, Serialize)]
struct FieldChange {
    field: String,
    old: Option<String>,
    new: Option<String>,
    /// What the human output calls the change, when it says more than `field`.
    #[serde(skip)]
    label: Option<String>,
    /// The second square of a FEN4 move, which the JSON form shows as two changes (the
    /// piece leaves `field` and arrives on this one) and the human output as one line.
    #[serde(skip)]
    moved_to: Option<String>,
}

impl FieldChange {
    fn new(field: impl Into<String>, old: Option<String>, new: Option<String>) -> Self {
        FieldChange {
            field: field.into(),
            old,
            new,
            label: None,
            moved_to: None,
        }
    }

    fn labelled(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }
}

/// The field changes as the JSON form lists them: a FEN4 move is two changes, one per square.
fn json_fields(fields: &[FieldChange]) -> Vec<FieldChange> {
    let mut out = Vec::with_capacity(fields.len());
    for change in fields {
        match &change.moved_to {
            Some(to) => {
                out.push(FieldChange::new(
                    change.field.clone(),
                    change.old.clone(),
                    None,
                ));
                out.push(FieldChange::new(to.clone(), None, change.new.clone()));
            }
            None => out.push(FieldChange::new(
                change.field.clone(),
                change.old.clone(),
                change.new.clone(),
            )),
        }
    }
    out
}

/// One change between the two sides.
#[derive(Debug, Serialize)]
struct Change<'a> {
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    old_line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    new_line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    old: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    new: Option<&'a str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    fields: Vec<FieldChange>,
}

/// The position a text holds, whatever its findings; not a position when its notation cannot
/// write it back (a six-field FEN cannot hold dice or several en-passant squares: such a line
/// is not a position of a FEN file, FENKIT003, as `check` says).
fn parse(text: &str, notation: Notation, settings: ReadSettings) -> Result<Position, Rejection> {
    let (position, _) = notation.parse(text, settings)?;
    if notation.cannot_hold(&position, text.len()).is_none() {
        return Ok(position);
    }
    match notation.write(&position, settings, false, text.len()) {
        Err(refusal) => Err(refusal),
        Ok(_) => Ok(position),
    }
}

fn entry(line: Option<usize>, raw: &[u8], notation: Notation, settings: ReadSettings) -> Entry {
    let (text, is_text) = match std::str::from_utf8(raw) {
        Ok(text) => (text.into(), true),
        // Not text: shown with its bytes escaped (`\xff`), never parsed.
        Err(_) => (raw.escape_ascii().to_string().into_boxed_str(), false),
    };
    let parsed = is_text
        .then(|| parse(&text, notation, settings).ok())
        .flatten();
    let is_position = parsed.is_some();
    let key = match parsed {
        // Judged by a variant's rules (`--variant antichess`): the variant says which
        // positions are the same (`spec/identity.md` §2.2), and the clocks still count.
        Some(Position::Dfen(fen)) if settings.rules.is_some() => {
            let variant = settings.rules.unwrap_or(variants::Variant::Chess);
            let chess960 = settings.castling_mode == dfen::CastlingMode::Chess960;
            let position = variants::Position::from_dfen(variant, &fen, chess960);
            format!(
                "{} {} {}",
                position.identity_key(dfen::rules::EpIdentity::Always),
                fen.halfmove,
                fen.fullmove
            )
        }
        Some(position) => position.to_string(),
        None => raw.escape_ascii().to_string(),
    };
    Entry {
        line,
        key: (*key != *text).then(|| key.into_boxed_str()),
        text,
        is_text,
        is_position,
    }
}

/// Why `arg`, given as a position, is not one (`None` when it is), with the code of the
/// first problem.
fn literal_problem(arg: &str, notation: Notation, settings: ReadSettings) -> Option<String> {
    parse(arg, notation, settings)
        .err()
        .map(|refusal| format!("{}: {}", refusal.finding.code, refusal.finding.message))
}

/// Whether a file of this type is read as a stream: a named pipe. (Devices are refused, as
/// everywhere: `/dev/zero` would never end.)
fn is_stream(kind: &std::fs::FileType) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        kind.is_fifo()
    }
    #[cfg(not(unix))]
    {
        let _ = kind;
        false
    }
}

/// What an argument read as a stream is underneath (device and inode), to tell when both
/// sides name the same one: `-` and `/dev/stdin`, or one named pipe twice.
fn stream_identity(arg: &str) -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        use std::os::unix::fs::MetadataExt;
        let metadata = if arg == "-" {
            let stdin = std::io::stdin().as_fd().try_clone_to_owned().ok()?;
            std::fs::File::from(stdin).metadata().ok()?
        } else {
            std::fs::metadata(arg).ok()?
        };
        (arg == "-" || is_stream(&metadata.file_type())).then(|| (metadata.dev(), metadata.ino()))
    }
    #[cfg(not(unix))]
    {
        (arg == "-").then_some((0, 0))
    }
}

/// One side of the diff: its positions, in order, and their notation.
struct Side {
    entries: Vec<Entry>,
    notation: Notation,
    /// How its positions are compared: its settings, as `check` reads it, made lenient
    /// (`ReadSettings::comparing`).
    settings: ReadSettings,
}

/// Reads one side: a file (or `-`) or a literal position, with the settings `check` reads it
/// with (the flags over its configuration; a literal position takes the current directory's).
fn side(arg: &str, configs: &Configs, flags: Flags) -> Result<Side, String> {
    if std::fs::canonicalize(arg).is_ok_and(|path| path == Path::new("/dev/null")) {
        // The empty side, as for diff(1): everything on the other side is added or removed.
        let file = configs.settings_at(None, flags);
        return Ok(Side {
            entries: Vec::new(),
            notation: file.notation.unwrap_or(Notation::fallback()),
            settings: file.read.comparing(),
        });
    }
    let origin = if arg == "-" {
        Some(Origin::Stdin)
    } else {
        match std::fs::metadata(arg) {
            // One pass over each side is all a diff needs, so a named pipe (`<(zcat a.gz)`)
            // or a character device is read as it arrives, like standard input.
            Ok(metadata) if is_stream(&metadata.file_type()) => Some(Origin::Stream(arg.into())),
            Ok(_) => Some(Origin::File(arg.into())),
            Err(_) if Path::new(arg).symlink_metadata().is_ok() => Some(Origin::File(arg.into())),
            Err(_) => None,
        }
    };
    let Some(origin) = origin else {
        let file = configs.settings_at(None, flags);
        let settings = file.read.comparing();
        let notation = file
            .notation
            .unwrap_or_else(|| Notation::sniff(arg.as_bytes()));
        if let Some(problem) = literal_problem(arg, notation, settings) {
            return Err(format!(
                "`{arg}` is neither a file nor a position: there is no such file, and as a \
                 position: {problem}"
            ));
        }
        return Ok(Side {
            entries: vec![entry(None, arg.as_bytes(), notation, settings)],
            notation,
            settings,
        });
    };
    let fail =
        |error: std::io::Error| crate::input::InputError::io(origin.display(), &error).to_string();
    let file = configs.settings(&origin, flags);
    let settings = file.read.comparing();
    let mut scan = Scan::open(&origin, file.notation, file.read)
        .map_err(fail)?
        .without_canonical();
    let notation = scan.notation();
    let mut entries = Vec::new();
    while let Some(item) = scan.next_item().map_err(fail)? {
        if item.analysis.is_none() {
            continue;
        }
        // Only the start of a line this long is kept, and two that start alike would compare
        // equal: such a file cannot be diffed.
        if let Some(notation::records::Problem::TooLong { len }) = item.record.problem {
            return Err(format!(
                "`{}` line {}: {}: line is too long: expected at most {} bytes, found {len}; \
                 a diff could not tell it from another line that starts the same",
                origin.display(),
                item.record.line,
                notation::code::FenkitCode::TooLong,
                notation::records::MAX_RECORD_BYTES
            ));
        }
        // Inside a container, only the position's text is compared.
        let raw = item.record.raw();
        let raw = item
            .analysis
            .as_ref()
            .and_then(|analysis| raw.get(analysis.embedded_span()?))
            .unwrap_or(raw);
        entries.push(entry(Some(item.record.line), raw, notation, settings));
    }
    Ok(Side {
        entries,
        notation,
        settings,
    })
}

/// The fields of the canonical DFEN, by their key in the JSON form and by what people call
/// them.
const DFEN_FIELDS: [(&str, &str); 7] = [
    ("placement", "placement"),
    ("side", "side to move"),
    ("castling", "castling"),
    ("en_passant", "en passant"),
    ("halfmove", "halfmove clock"),
    ("fullmove", "fullmove number"),
    ("dice", "dice"),
];

/// The squares whose pieces differ, then each other field of the canonical texts that
/// differs; `names` names the fields in order.
fn text_fields(
    (old, new): (&dfen::Dfen, &dfen::Dfen),
    (old_text, new_text): (&str, &str),
    names: &[(&'static str, &'static str)],
) -> Vec<FieldChange> {
    let mut changes = Vec::new();
    for rank in (0..8).rev() {
        for file in 0..8 {
            let Some(square) = dfen::Square::new(file, rank) else {
                continue;
            };
            let (a, b) = (old.board.get(square), new.board.get(square));
            if a != b {
                let show = |p: Option<dfen::Piece>| p.map(|p| p.letter().to_string());
                changes.push(FieldChange::new(square.to_string(), show(a), show(b)));
            }
        }
    }
    for ((a, b), &(key, label)) in old_text.split(' ').zip(new_text.split(' ')).zip(names) {
        if key != "placement" && a != b {
            changes.push(
                FieldChange::new(key, Some(a.to_owned()), Some(b.to_owned())).labelled(label),
            );
        }
    }
    changes
}

fn dfen_fields(old: &dfen::Dfen, new: &dfen::Dfen) -> Vec<FieldChange> {
    text_fields(
        (old, new),
        (&old.to_string(), &new.to_string()),
        &DFEN_FIELDS,
    )
}

/// A variant position's fields: the six standard ones, then its slots as the essay form
/// writes them.
fn variant_fields(
    old: &chess::variant::VariantFen,
    new: &chess::variant::VariantFen,
) -> Vec<FieldChange> {
    use chess::variant::Variant;
    let slots: &[(&str, &str)] = match old.variant {
        Variant::ThreeCheck => &[
            ("checks_white", "checks given by White"),
            ("checks_black", "checks given by Black"),
        ],
        Variant::Crazyhouse => &[
            ("holdings", "holdings (pockets)"),
            ("promoted", "promoted squares"),
        ],
        Variant::TwoMove => &[("sub_turn", "sub-turn")],
        _ => &[],
    };
    let mut names: Vec<(&str, &str)> = DFEN_FIELDS.iter().take(6).copied().collect();
    names.extend_from_slice(slots);
    text_fields(
        (&old.fen, &new.fen),
        (&old.to_string(), &new.to_string()),
        &names,
    )
}

fn fen4_fields(old: &fen4::Placement, new: &fen4::Placement) -> Vec<FieldChange> {
    let mut removed: Vec<(fen4::Coord, fen4::Piece)> = Vec::new();
    let mut added: Vec<(fen4::Coord, fen4::Piece)> = Vec::new();
    let mut changes = Vec::new();
    for (at, piece) in old.iter() {
        match new.get(at) {
            None => removed.push((at, piece)),
            Some(other) if other != piece => changes.push(
                FieldChange::new(
                    at.to_string(),
                    Some(piece.spec().to_owned()),
                    Some(other.spec().to_owned()),
                )
                .labelled(format!("changed {at}")),
            ),
            Some(_) => {}
        }
    }
    for (at, piece) in new.iter() {
        if old.get(at).is_none() {
            added.push((at, piece));
        }
    }
    // A piece removed from one square and added on another is a move.
    let mut moves = Vec::new();
    removed.retain(
        |&(from, piece)| match added.iter().position(|&(_, p)| p == piece) {
            Some(i) => {
                let (to, _) = added.remove(i);
                let spec = piece.spec().to_owned();
                let mut change = FieldChange::new(from.to_string(), Some(spec.clone()), Some(spec))
                    .labelled(format!("moved {}", piece.spec()));
                change.moved_to = Some(to.to_string());
                moves.push(change);
                false
            }
            None => true,
        },
    );
    changes.extend(moves);
    for (at, piece) in removed {
        changes.push(
            FieldChange::new(at.to_string(), Some(piece.spec().to_owned()), None)
                .labelled(format!("removed {at}")),
        );
    }
    for (at, piece) in added {
        changes.push(
            FieldChange::new(at.to_string(), None, Some(piece.spec().to_owned()))
                .labelled(format!("added {at}")),
        );
    }
    changes
}

/// The fields that differ between two positions, or `None` unless both are positions of one
/// notation: a line that is not a position is not a changed version of the one beside it.
fn fields(old: (&Entry, &Side), new: (&Entry, &Side)) -> Option<Vec<FieldChange>> {
    let parsed = |(entry, side): (&Entry, &Side)| {
        entry
            .is_text
            .then(|| parse(&entry.text, side.notation, side.settings).ok())
            .flatten()
            .map(|position| position.plain().into_owned())
    };
    match (parsed(old), parsed(new)) {
        (Some(Position::Dfen(a)), Some(Position::Dfen(b))) => Some(dfen_fields(&a, &b)),
        (Some(Position::Fen4(a)), Some(Position::Fen4(b))) => Some(fen4_fields(&a, &b)),
        (Some(Position::Variant(a)), Some(Position::Variant(b))) => Some(variant_fields(&a, &b)),
        _ => None,
    }
}

/// The changes between the two sides, aligned on their keys, handed to `each` in order; stops
/// at the first error. `ops` is the alignment.
fn for_each_change<E>(
    (old, new): (&Side, &Side),
    ops: &[similar::DiffOp],
    mut each: impl FnMut(Change<'_>) -> Result<(), E>,
) -> Result<(), E> {
    fn removed(e: &Entry) -> Change<'_> {
        Change {
            kind: "removed",
            old_line: e.line,
            new_line: None,
            old: Some(&e.text),
            new: None,
            fields: Vec::new(),
        }
    }
    fn added(e: &Entry) -> Change<'_> {
        Change {
            kind: "added",
            old_line: None,
            new_line: e.line,
            old: None,
            new: Some(&e.text),
            fields: Vec::new(),
        }
    }
    fn slice(side: &Side, start: usize, len: usize) -> &[Entry] {
        side.entries.get(start..start + len).unwrap_or_default()
    }
    for op in ops {
        match *op {
            similar::DiffOp::Equal { .. } => {}
            similar::DiffOp::Delete {
                old_index, old_len, ..
            } => slice(old, old_index, old_len)
                .iter()
                .try_for_each(|e| each(removed(e)))?,
            similar::DiffOp::Insert {
                new_index, new_len, ..
            } => slice(new, new_index, new_len)
                .iter()
                .try_for_each(|e| each(added(e)))?,
            similar::DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => {
                let (olds, news) = (
                    slice(old, old_index, old_len),
                    slice(new, new_index, new_len),
                );
                // The positions of the run are paired in order, the first removed one with
                // the first added one, and shown as changed; lines that are not positions,
                // and the positions left over, are shown as removed or added.
                let mut partners = news.iter().enumerate().filter(|(_, e)| e.is_position);
                let mut taken = vec![false; news.len()];
                for a in olds {
                    let partner = if a.is_position { partners.next() } else { None };
                    let change = partner.and_then(|(index, b)| {
                        let fields = fields((a, old), (b, new))?;
                        Some((index, b, fields))
                    });
                    match change {
                        Some((index, b, fields)) => {
                            if let Some(taken) = taken.get_mut(index) {
                                *taken = true;
                            }
                            each(Change {
                                kind: "changed",
                                old_line: a.line,
                                new_line: b.line,
                                old: Some(&a.text),
                                new: Some(&b.text),
                                fields,
                            })?;
                        }
                        None => each(removed(a))?,
                    }
                }
                for (b, taken) in news.iter().zip(taken) {
                    if !taken {
                        each(added(b))?;
                    }
                }
            }
        }
    }
    Ok(())
}

/// How the two sides line up: runs of equal, removed, added and replaced positions. Two
/// files whose positions are on the same lines (a file and its `fmt` output: the same number
/// of lines, each a position on both sides or on neither) are paired line by line, line N
/// with line N; others are aligned on their keys.
fn alignment(old: &Side, new: &Side) -> Vec<similar::DiffOp> {
    let same_lines = old.entries.len() == new.entries.len()
        && old
            .entries
            .iter()
            .zip(&new.entries)
            .all(|(a, b)| a.line == b.line && a.is_position == b.is_position);
    if same_lines {
        return line_by_line(&old.entries, &new.entries);
    }
    let old_keys: Vec<&str> = old.entries.iter().map(Entry::key).collect();
    let new_keys: Vec<&str> = new.entries.iter().map(Entry::key).collect();
    similar::capture_diff_slices(similar::Algorithm::Myers, &old_keys, &new_keys)
}

/// Entry N of `old` against entry N of `new`: runs of equal ones, and each one that differs a
/// replacement of its own (so that it is paired with its own line, never with a neighbour).
fn line_by_line(old: &[Entry], new: &[Entry]) -> Vec<similar::DiffOp> {
    let mut ops = Vec::new();
    let mut equal_from = None;
    for (index, (a, b)) in old.iter().zip(new).enumerate() {
        if a.key() == b.key() {
            equal_from.get_or_insert(index);
            continue;
        }
        if let Some(start) = equal_from.take() {
            ops.push(similar::DiffOp::Equal {
                old_index: start,
                new_index: start,
                len: index - start,
            });
        }
        ops.push(similar::DiffOp::Replace {
            old_index: index,
            old_len: 1,
            new_index: index,
            new_len: 1,
        });
    }
    if let Some(start) = equal_from {
        ops.push(similar::DiffOp::Equal {
            old_index: start,
            new_index: start,
            len: old.len() - start,
        });
    }
    ops
}

/// What kind of position a notation holds: DFEN and standard FEN are read alike, and so are
/// FEN4 literals and NDJSON4 frames.
fn family(notation: Notation) -> &'static str {
    notation.entry().positions
}

fn line_label(line: Option<usize>) -> String {
    line.map_or_else(String::new, |l| format!("line {l}"))
}

pub(crate) fn run(args: Args, global: &Global) -> Result<Status, Failure> {
    if args.a == "-" && args.b == "-" {
        return Err(Failure::Usage(
            "`-` is given for both sides, but standard input can be read only once: give it \
             for one side, and a file, a named pipe such as `<(zcat old.dfen.gz)`, or a \
             position for the other"
                .to_owned(),
        ));
    }
    if let (Some(a), Some(b)) = (stream_identity(&args.a), stream_identity(&args.b))
        && a == b
    {
        return Err(Failure::Usage(format!(
            "`{}` and `{}` are the same stream, which can be read only once: give another \
             file, named pipe or position for one side",
            args.a, args.b
        )));
    }
    // The flags resolved, and each side's configuration read, as `check` does.
    let flags = Flags {
        read: Request {
            notation: args.notation,
            chess960: args.chess960,
            select: args.select.select(),
            ..args.variant.request(None)
        }
        .resolve()?,
        deny_warnings: false,
    };
    let configs = Configs::new(&args.config)?;
    configs.for_file(None)?;
    for arg in [&args.a, &args.b] {
        let path = Path::new(arg.as_str());
        if *arg != "-" && path.symlink_metadata().is_ok() {
            configs.for_file(Some(path))?;
        }
    }
    let sides = (
        side(&args.a, &configs, flags),
        side(&args.b, &configs, flags),
    );
    let (old, new) = match sides {
        (Ok(old), Ok(new)) => (old, new),
        (Err(error), _) | (_, Err(error)) => {
            global.error(error);
            return Ok(Status::Error);
        }
    };
    // A side without positions (an empty file, /dev/null, only comments) is of any kind.
    let both_hold_positions = !old.entries.is_empty() && !new.entries.is_empty();
    if both_hold_positions && family(old.notation) != family(new.notation) {
        global.error(format!(
            "cannot compare {} with {}: the two sides must hold the same kind of position",
            family(old.notation),
            family(new.notation)
        ));
        return Ok(Status::Error);
    }
    let ops = alignment(&old, &new);
    let equal = ops
        .iter()
        .all(|op| matches!(op, similar::DiffOp::Equal { .. }));
    let mut stdout = global.stdout();
    // The changes are written as they are worked out: only the alignment is held.
    match args.output_format {
        DiffFormat::Json => {
            // As the pretty printer would write `{"equal": …, "changes": […]}`.
            write!(stdout, "{{\n  \"equal\": {equal},\n  \"changes\": ")?;
            let mut changes = crate::output::PrettyArray::new(1);
            for_each_change((&old, &new), &ops, |mut change| {
                change.fields = json_fields(&change.fields);
                changes.push(&mut stdout, &change)
            })?;
            changes.finish(&mut stdout)?;
            stdout.write_all(b"\n}\n")?;
        }
        DiffFormat::Human => {
            // Without colour the styles are empty, so the output holds no escape sequences,
            // and each change is written in one piece: stripping colour from many small
            // pieces cost more than working the changes out.
            let colored = global.stdout_colored();
            let style = |style: anstyle::Style| {
                if colored {
                    style
                } else {
                    anstyle::Style::new()
                }
            };
            let red = style(anstyle::AnsiColor::Red.on_default());
            let green = style(anstyle::AnsiColor::Green.on_default());
            let bold = style(anstyle::Style::new().bold());
            let mut text = String::new();
            for_each_change((&old, &new), &ops, |change| {
                use std::fmt::Write as _;
                text.clear();
                // Writing to a String cannot fail.
                let _ = match change.kind {
                    "removed" => writeln!(
                        text,
                        "{bold}{}: removed{bold:#}\n  {red}- {}{red:#}",
                        line_label(change.old_line),
                        change.old.unwrap_or_default()
                    ),
                    "added" => writeln!(
                        text,
                        "{bold}{}: added{bold:#}\n  {green}+ {}{green:#}",
                        line_label(change.new_line),
                        change.new.unwrap_or_default()
                    ),
                    _ => {
                        let _ = match (change.old_line, change.new_line) {
                            (Some(a), Some(b)) if a == b => {
                                writeln!(text, "{bold}line {a}: changed{bold:#}")
                            }
                            (Some(a), Some(b)) => {
                                writeln!(text, "{bold}line {a} → line {b}: changed{bold:#}")
                            }
                            _ => writeln!(text, "{bold}position changed{bold:#}"),
                        };
                        change.fields.iter().try_for_each(|field| {
                            let label = field.label.as_deref().unwrap_or(&field.field);
                            let (old, new) = match &field.moved_to {
                                Some(to) => (Some(field.field.as_str()), Some(to.as_str())),
                                None => (field.old.as_deref(), field.new.as_deref()),
                            };
                            writeln!(
                                text,
                                "  {label}: {red}{}{red:#} → {green}{}{green:#}",
                                old.unwrap_or("(empty)"),
                                new.unwrap_or("(empty)")
                            )
                        })
                    }
                };
                stdout.write_all(text.as_bytes())
            })?;
            if equal {
                let _ = writeln!(global.stderr(), "no differences");
            }
        }
    }
    stdout.flush()?;
    Ok(if equal {
        Status::Clean
    } else {
        Status::Findings
    })
}

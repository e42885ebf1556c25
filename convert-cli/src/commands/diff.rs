//! `fenkit diff`: a semantic, field-by-field diff of two positions or two position files.

use std::io::Write;
use std::path::Path;

use serde::Serialize;

use crate::cli::{Failure, Global, Status};
use crate::input::Origin;
use crate::notation::{Notation, ReadSettings};
use crate::scan::Scan;

const AFTER_HELP: &str = "\
Examples:
  fenkit diff '4k3/8/8/8/8/8/8/4K3 w - a3c3e3 0 1 PNB' '4k3/8/8/8/8/8/8/4K3 w - a3c3 0 1 NB'
  fenkit diff old.dfen new.dfen                  align two files and diff the changed positions
  fenkit diff --output-format json a.fen4 b.fen4

Each argument is a file if one exists by that name (`-` is standard input), else a position.
Files are aligned on the canonical forms of their positions. Exit status 1 when they differ.";

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
    #[arg(long, value_name = "NOTATION")]
    notation: Option<Notation>,

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
}

impl Entry {
    fn key(&self) -> &str {
        self.key.as_deref().unwrap_or(&self.text)
    }
}

#[derive(Debug, Clone)]
enum Parsed {
    Dfen(Box<dfen::Dfen>),
    Fen4(fen4::Placement),
}

/// One field that differs.
#[derive(Debug, Serialize)]
struct FieldChange {
    field: String,
    old: String,
    new: String,
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

fn parse(text: &str, notation: Notation) -> Option<Parsed> {
    match notation {
        Notation::Fen4 => fen4::Parser::new()
            .parse(text)
            .ok()
            .map(|p| Parsed::Fen4(p.placement)),
        Notation::Dfen | Notation::Fen => dfen::Parser::new()
            .profile(dfen::Profile::Lenient)
            .parse(text)
            .ok()
            .map(|p| Parsed::Dfen(Box::new(p.dfen))),
        Notation::Ndjson4 => {
            let value: serde_json::Value = serde_json::from_str(text).ok()?;
            let literal = value.get("fen4")?.as_str()?;
            fen4::Parser::new()
                .parse(literal)
                .ok()
                .map(|p| Parsed::Fen4(p.placement))
        }
    }
}

fn entry(line: Option<usize>, raw: &[u8], notation: Notation) -> Entry {
    let (text, is_text) = match std::str::from_utf8(raw) {
        Ok(text) => (text.into(), true),
        // Not text: shown with its bytes escaped (`\xff`), never parsed.
        Err(_) => (raw.escape_ascii().to_string().into_boxed_str(), false),
    };
    let key = match is_text.then(|| parse(&text, notation)).flatten() {
        Some(Parsed::Dfen(d)) => d.to_string(),
        Some(Parsed::Fen4(p)) => p.to_string(),
        None => raw.escape_ascii().to_string(),
    };
    Entry {
        line,
        key: (*key != *text).then(|| key.into_boxed_str()),
        text,
        is_text,
    }
}

/// Why `arg`, given as a position, is not one (`None` when it is).
fn literal_problem(arg: &str, notation: Notation) -> Option<String> {
    match notation {
        Notation::Fen4 | Notation::Ndjson4 => fen4::Parser::new()
            .parse(arg)
            .err()
            .map(|error| format!("{error}")),
        Notation::Dfen | Notation::Fen => dfen::Parser::new()
            .profile(dfen::Profile::Lenient)
            .parse(arg)
            .err()
            .map(|error| format!("{}: {error}", error.code().as_str())),
    }
}

/// One side of the diff: its positions, in order, and their notation.
struct Side {
    entries: Vec<Entry>,
    notation: Notation,
}

/// Reads one side: a file (or `-`) or a literal position.
fn side(arg: &str, forced: Option<Notation>) -> Result<Side, String> {
    let origin = if arg == "-" {
        Some(Origin::Stdin)
    } else if Path::new(arg).exists() {
        Some(Origin::File(arg.into()))
    } else {
        None
    };
    let Some(origin) = origin else {
        let notation = forced.unwrap_or_else(|| Notation::sniff(arg.as_bytes()));
        if let Some(problem) = literal_problem(arg, notation) {
            return Err(format!(
                "`{arg}` is neither a file nor a position: there is no such file, and as a \
                 position: {problem}"
            ));
        }
        return Ok(Side {
            entries: vec![entry(None, arg.as_bytes(), notation)],
            notation,
        });
    };
    let fail = |error: std::io::Error| {
        format!(
            "cannot read `{}`: {}",
            origin.display(),
            crate::walk::describe(&error)
        )
    };
    let mut scan = Scan::open(&origin, forced, ReadSettings::default())
        .map_err(fail)?
        .without_canonical();
    let notation = scan.notation();
    let mut entries = Vec::new();
    while let Some(item) = scan.next_item().map_err(fail)? {
        if item.analysis.is_none() {
            continue;
        }
        entries.push(entry(Some(item.record.line), item.record.raw(), notation));
    }
    Ok(Side { entries, notation })
}

fn dfen_fields(old: &dfen::Dfen, new: &dfen::Dfen) -> Vec<FieldChange> {
    let mut changes = Vec::new();
    for rank in (0..8).rev() {
        for file in 0..8 {
            let Some(square) = dfen::Square::new(file, rank) else {
                continue;
            };
            let (a, b) = (old.board.get(square), new.board.get(square));
            if a != b {
                let show = |p: Option<dfen::Piece>| {
                    p.map_or_else(|| "(empty)".to_owned(), |p| p.letter().to_string())
                };
                changes.push(FieldChange {
                    field: square.to_string(),
                    old: show(a),
                    new: show(b),
                });
            }
        }
    }
    let old_text = old.to_string();
    let new_text = new.to_string();
    let names = [
        "placement",
        "side to move",
        "castling",
        "en passant",
        "halfmove clock",
        "fullmove number",
        "dice",
    ];
    for (i, (a, b)) in old_text.split(' ').zip(new_text.split(' ')).enumerate() {
        if i > 0 && a != b {
            changes.push(FieldChange {
                field: names[i].to_owned(),
                old: a.to_owned(),
                new: b.to_owned(),
            });
        }
    }
    changes
}

fn fen4_fields(old: &fen4::Placement, new: &fen4::Placement) -> Vec<FieldChange> {
    let mut removed: Vec<(fen4::Coord, fen4::Piece)> = Vec::new();
    let mut added: Vec<(fen4::Coord, fen4::Piece)> = Vec::new();
    let mut changes = Vec::new();
    for (at, piece) in old.iter() {
        match new.get(at) {
            None => removed.push((at, piece)),
            Some(other) if other != piece => changes.push(FieldChange {
                field: format!("changed {at}"),
                old: piece.spec().to_owned(),
                new: other.spec().to_owned(),
            }),
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
                moves.push(FieldChange {
                    field: format!("moved {}", piece.spec()),
                    old: from.to_string(),
                    new: to.to_string(),
                });
                false
            }
            None => true,
        },
    );
    changes.extend(moves);
    for (at, piece) in removed {
        changes.push(FieldChange {
            field: format!("removed {at}"),
            old: piece.spec().to_owned(),
            new: "(empty)".to_owned(),
        });
    }
    for (at, piece) in added {
        changes.push(FieldChange {
            field: format!("added {at}"),
            old: "(empty)".to_owned(),
            new: piece.spec().to_owned(),
        });
    }
    changes
}

fn fields(old: &Entry, new: &Entry, notations: (Notation, Notation)) -> Vec<FieldChange> {
    let parsed = |entry: &Entry, notation| {
        entry
            .is_text
            .then(|| parse(&entry.text, notation))
            .flatten()
    };
    match (parsed(old, notations.0), parsed(new, notations.1)) {
        (Some(Parsed::Dfen(a)), Some(Parsed::Dfen(b))) => dfen_fields(&a, &b),
        (Some(Parsed::Fen4(a)), Some(Parsed::Fen4(b))) => fen4_fields(&a, &b),
        _ => vec![FieldChange {
            field: "text".to_owned(),
            old: old.text.to_string(),
            new: new.text.to_string(),
        }],
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
                for (a, b) in olds.iter().zip(news) {
                    each(Change {
                        kind: "changed",
                        old_line: a.line,
                        new_line: b.line,
                        old: Some(&a.text),
                        new: Some(&b.text),
                        fields: fields(a, b, (old.notation, new.notation)),
                    })?;
                }
                let pairs = old_len.min(new_len);
                olds.iter().skip(pairs).try_for_each(|e| each(removed(e)))?;
                news.iter().skip(pairs).try_for_each(|e| each(added(e)))?;
            }
        }
    }
    Ok(())
}

/// How the two sides line up: runs of equal, removed, added and replaced positions.
fn alignment(old: &Side, new: &Side) -> Vec<similar::DiffOp> {
    let old_keys: Vec<&str> = old.entries.iter().map(Entry::key).collect();
    let new_keys: Vec<&str> = new.entries.iter().map(Entry::key).collect();
    similar::capture_diff_slices(similar::Algorithm::Myers, &old_keys, &new_keys)
}

fn line_label(line: Option<usize>) -> String {
    line.map_or_else(String::new, |l| format!("line {l}"))
}

pub(crate) fn run(args: Args, global: &Global) -> Result<Status, Failure> {
    let sides = (side(&args.a, args.notation), side(&args.b, args.notation));
    let (old, new) = match sides {
        (Ok(old), Ok(new)) => (old, new),
        (Err(error), _) | (_, Err(error)) => {
            global.error(error);
            return Ok(Status::Error);
        }
    };
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
            for_each_change((&old, &new), &ops, |change| {
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
                            writeln!(
                                text,
                                "  {}: {red}{}{red:#} → {green}{}{green:#}",
                                field.field, field.old, field.new
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

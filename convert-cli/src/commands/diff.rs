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

/// One position of a side of the diff.
#[derive(Debug, Clone)]
struct Entry {
    line: Option<usize>,
    /// The text as written.
    text: String,
    /// The canonical form or, when rejected, the bytes as written (escaped, so that lines of
    /// invalid UTF-8 that differ never compare equal).
    key: String,
    value: Option<Parsed>,
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
struct Change {
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    old_line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    new_line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    old: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    new: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    fields: Vec<FieldChange>,
}

#[derive(Debug, Serialize)]
struct Document {
    equal: bool,
    changes: Vec<Change>,
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
            .map(|p| Parsed::Dfen(Box::new(p.fixed()))),
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
    let (text, value) = match std::str::from_utf8(raw) {
        Ok(text) => (text.to_owned(), parse(text, notation)),
        // Not text: shown with its bytes escaped (`\xff`), never parsed.
        Err(_) => (raw.escape_ascii().to_string(), None),
    };
    let key = match &value {
        Some(Parsed::Dfen(d)) => d.to_string(),
        Some(Parsed::Fen4(p)) => p.to_string(),
        None => raw.escape_ascii().to_string(),
    };
    Entry {
        line,
        text,
        key,
        value,
    }
}

/// Reads one side: a file (or `-`) or a literal position.
fn side(arg: &str, forced: Option<Notation>) -> Result<Vec<Entry>, String> {
    let origin = if arg == "-" {
        Some(Origin::Stdin)
    } else if Path::new(arg).exists() {
        Some(Origin::File(arg.into()))
    } else {
        None
    };
    let Some(origin) = origin else {
        let notation = forced.unwrap_or_else(|| Notation::sniff(arg.as_bytes()));
        return Ok(vec![entry(None, arg.as_bytes(), notation)]);
    };
    let fail = |error: std::io::Error| {
        format!(
            "cannot read `{}`: {}",
            origin.display(),
            crate::walk::describe(&error)
        )
    };
    let mut scan = Scan::open(&origin, forced, ReadSettings::default()).map_err(fail)?;
    let notation = scan.notation();
    let mut entries = Vec::new();
    while let Some(item) = scan.next_item().map_err(fail)? {
        if item.analysis.is_none() {
            continue;
        }
        entries.push(entry(Some(item.record.line), item.record.raw(), notation));
    }
    Ok(entries)
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

fn fields(old: &Entry, new: &Entry) -> Vec<FieldChange> {
    match (&old.value, &new.value) {
        (Some(Parsed::Dfen(a)), Some(Parsed::Dfen(b))) => dfen_fields(a, b),
        (Some(Parsed::Fen4(a)), Some(Parsed::Fen4(b))) => fen4_fields(a, b),
        _ => vec![FieldChange {
            field: "text".to_owned(),
            old: old.text.clone(),
            new: new.text.clone(),
        }],
    }
}

fn changes(old: &[Entry], new: &[Entry]) -> Vec<Change> {
    let old_keys: Vec<&str> = old.iter().map(|e| e.key.as_str()).collect();
    let new_keys: Vec<&str> = new.iter().map(|e| e.key.as_str()).collect();
    let mut out = Vec::new();
    let removed = |e: &Entry| Change {
        kind: "removed",
        old_line: e.line,
        new_line: None,
        old: Some(e.text.clone()),
        new: None,
        fields: Vec::new(),
    };
    let added = |e: &Entry| Change {
        kind: "added",
        old_line: None,
        new_line: e.line,
        old: None,
        new: Some(e.text.clone()),
        fields: Vec::new(),
    };
    for op in similar::capture_diff_slices(similar::Algorithm::Myers, &old_keys, &new_keys) {
        match op {
            similar::DiffOp::Equal { .. } => {}
            similar::DiffOp::Delete {
                old_index, old_len, ..
            } => {
                out.extend(old[old_index..old_index + old_len].iter().map(removed));
            }
            similar::DiffOp::Insert {
                new_index, new_len, ..
            } => {
                out.extend(new[new_index..new_index + new_len].iter().map(added));
            }
            similar::DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => {
                let pairs = old_len.min(new_len);
                for i in 0..pairs {
                    let (a, b) = (&old[old_index + i], &new[new_index + i]);
                    out.push(Change {
                        kind: "changed",
                        old_line: a.line,
                        new_line: b.line,
                        old: Some(a.text.clone()),
                        new: Some(b.text.clone()),
                        fields: fields(a, b),
                    });
                }
                out.extend(
                    old[old_index + pairs..old_index + old_len]
                        .iter()
                        .map(removed),
                );
                out.extend(
                    new[new_index + pairs..new_index + new_len]
                        .iter()
                        .map(added),
                );
            }
        }
    }
    out
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
    let changes = changes(&old, &new);
    let mut stdout = global.stdout();
    let status = if changes.is_empty() {
        Status::Clean
    } else {
        Status::Findings
    };
    match args.output_format {
        DiffFormat::Json => {
            let document = Document {
                equal: changes.is_empty(),
                changes,
            };
            serde_json::to_writer_pretty(&mut stdout, &document).map_err(std::io::Error::other)?;
            writeln!(stdout)?;
        }
        DiffFormat::Human => {
            let red = anstyle::AnsiColor::Red.on_default();
            let green = anstyle::AnsiColor::Green.on_default();
            let bold = anstyle::Style::new().bold();
            for change in &changes {
                match change.kind {
                    "removed" => writeln!(
                        stdout,
                        "{bold}{}: removed{bold:#}\n  {red}- {}{red:#}",
                        line_label(change.old_line),
                        change.old.as_deref().unwrap_or_default()
                    )?,
                    "added" => writeln!(
                        stdout,
                        "{bold}{}: added{bold:#}\n  {green}+ {}{green:#}",
                        line_label(change.new_line),
                        change.new.as_deref().unwrap_or_default()
                    )?,
                    _ => {
                        let heading = match (change.old_line, change.new_line) {
                            (Some(a), Some(b)) if a == b => format!("line {a}: changed"),
                            (Some(a), Some(b)) => format!("line {a} → line {b}: changed"),
                            _ => "position changed".to_owned(),
                        };
                        writeln!(stdout, "{bold}{heading}{bold:#}")?;
                        for field in &change.fields {
                            writeln!(
                                stdout,
                                "  {}: {red}{}{red:#} → {green}{}{green:#}",
                                field.field, field.old, field.new
                            )?;
                        }
                    }
                }
            }
            if changes.is_empty() {
                let _ = writeln!(global.stderr(), "no differences");
            }
        }
    }
    stdout.flush()?;
    Ok(status)
}

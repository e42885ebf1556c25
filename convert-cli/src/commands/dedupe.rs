//! `fenkit dedupe`: find (and with `--write`, remove) repeated positions across files.

use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::PathBuf;

use crate::context::{Failure, Global, Status};
use crate::input::Origin;
use crate::options::ReadArgs;
use crate::output::{Emitter, OutputFormat, Summary};
use crate::scan::Scan;
use crate::write::AtomicWriter;
use notation::records::{Eol, Problem};

const AFTER_HELP: &str = "\
Examples:
  fenkit dedupe fixtures/                 list every repeated position (exit 1 if any)
  fenkit dedupe --write fixtures/         keep the first occurrence of each, remove the others
  fenkit dedupe --en-passant legal games.fen
                                          en passant counts only when a capture is legal
  fenkit dedupe --chess960 960/           Chess960 positions (`KQkq` are the outermost rooks)
  zcat games.dfen.gz | fenkit dedupe -     standard input too (listing only: not with --write)
  fenkit dedupe --output-format json .    the repeats as JSON, with a summary
  fenkit dedupe --field fen evals.jsonl   inside PGN, CSV (--column) and JSON Lines (--field)
  fenkit dedupe --positions all games/*.pgn  positions repeated across PGN games and files
  fenkit dedupe --column pgn a.tsv b.tsv    movetext rows that reach the same final position
  fenkit dedupe --variant threecheck --dialect lichess 3check.fen

Two positions are the same when all their fields but the clocks agree (for FEN4: the same
placement; for --variant threecheck, crazyhouse or twomove, the essay form without the clocks,
so that a pocket written in another order is the same pocket). With `--en-passant legal` (or
its older name `--ep legal`) an en-passant square counts only when a legal capture onto it
exists now; `xfen` and `fen` keep the squares those writers keep. Castling rights count as
their rooks, so `HAha` and `KQkq` on the standard start are one position. The first
occurrence in the order of the arguments is kept. `--write` rewrites files atomically, like
`fmt`: comments, blank lines, line ends and a BOM are kept.";

/// Find repeated positions across files; with `--write`, remove all but the first.
#[derive(Debug, clap::Args)]
#[command(
    after_help = AFTER_HELP,
    mut_arg("en_passant", |arg| arg.help(crate::options::IDENTITY_EN_PASSANT_HELP))
)]
pub(crate) struct Args {
    /// Files or directories [default: .]
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,

    #[command(flatten)]
    read: ReadArgs,

    #[command(flatten)]
    config: crate::config::ConfigArgs,

    /// Remove the repeats in place, keeping each first occurrence
    #[arg(long)]
    write: bool,

    /// How to list the repeats (without `--write`): the formats of `check`, each repeat a
    /// FENKIT020 warning that names the first occurrence
    #[arg(long, value_name = "FORMAT", default_value = "human")]
    output_format: OutputFormat,

    #[command(flatten)]
    en_passant: crate::options::EnPassantArg,

    /// PGN games: compare the position after every move of each game's mainline, or after
    /// its last move only. A column of movetext is always compared by its final position
    #[arg(
        long,
        value_name = "WHICH",
        value_parser = crate::choices::choices::<super::pgn_convert::Positions>()
    )]
    positions: Option<super::pgn_convert::Positions>,

    /// Do not print the summary line
    #[arg(long, short)]
    quiet: bool,
}

/// Rewrites `origin` without the records that start on one of `lines`.
/// Rewrites `origin` without the records at `lines`; returns how many other hard links the
/// file had (see [`AtomicWriter::replace`]).
fn remove_lines(
    origin: &Origin,
    file: &crate::config::FileSettings,
    lines: &HashSet<usize>,
) -> std::io::Result<u64> {
    let Some(path) = origin.path() else {
        return Ok(0);
    };
    // A game is more than its tag pairs: removing them would leave its movetext behind.
    if notation::container::Container::walked(path) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "`--write` does not remove games from a PGN file: expected a listing (without \
             `--write`) for PGN",
        ));
    }
    AtomicWriter::from_env().replace(path, |out| {
        let mut scan = Scan::open(origin, file.notation, file.read)?;
        let mut first = true;
        let mut pending: Option<Eol> = None;
        let mut last_eol = Eol::None;
        while let Some(item) = scan.next_item()? {
            if first {
                if scan.bom() {
                    out.write_all(b"\xEF\xBB\xBF")?;
                }
                first = false;
            }
            let record = item.record;
            // Such a record is not kept whole in memory: writing it would cut it short. The
            // file is left as it is instead, as `fmt` leaves it.
            if let Some(Problem::TooLong { len }) = record.problem {
                return Err(std::io::Error::other(format!(
                    "line {} is {len} bytes long, over the 1 MiB a line may hold, and would \
                     not be kept whole ({})",
                    record.line,
                    notation::code::FenkitCode::TooLong,
                )));
            }
            last_eol = record.eol;
            if lines.contains(&record.line) {
                continue;
            }
            if let Some(eol) = pending.take() {
                out.write_all(eol.as_bytes())?;
            }
            out.write_all(record.raw())?;
            pending = Some(record.eol);
        }
        // Keep the file's final-newline convention even when its last record was removed.
        if let Some(eol) = pending {
            let eol = if last_eol == Eol::None {
                Eol::None
            } else if eol == Eol::None {
                last_eol
            } else {
                eol
            };
            out.write_all(eol.as_bytes())?;
        }
        Ok(())
    })
}

pub(crate) fn run(args: Args, global: &Global) -> Result<Status, Failure> {
    if args.write && args.output_format != OutputFormat::Human {
        return Err(Failure::Usage(
            "`--output-format` chooses how the repeats are listed, and `--write` removes them \
             instead of listing them: list them first (without `--write`), then remove them"
                .to_owned(),
        ));
    }
    let configs = std::sync::Arc::new(crate::config::Configs::new(&args.config)?);
    let flags = args.read.flags(None)?;
    let mut found = crate::walk::expand(&args.paths, false, &configs)?;
    if args.write && found.refuse_compressed("dedupe --write", global) {
        return Ok(Status::Error);
    }
    crate::options::refuse_fen4_with_variant(flags.notation(), &found.inputs)?;
    crate::options::note_unused_select(flags.select(), &found.inputs, global);
    crate::options::note_variant_on_dice(&flags.read, &found.inputs, global);
    if args.write && found.inputs.contains(&Origin::Stdin) {
        return Err(Failure::Usage(
            "`--write` rewrites files in place, and standard input (`-`) is not a file; \
             list its repeats without `--write`"
                .to_owned(),
        ));
    }
    let mut status = Status::Clean;
    for error in &found.errors {
        global.error(error);
        status = Status::Error;
    }
    if let Some(positions) = args.positions
        && !found.inputs.is_empty()
        && found.inputs.iter().all(super::pgn_games::is_pgn)
    {
        if args.write {
            return Err(Failure::Usage(
                "`--write` does not remove games from a PGN file: expected a listing (without \
                 `--write`) for PGN"
                    .to_owned(),
            ));
        }
        let (duplicates, positions) =
            super::pgn_convert::duplicates(&found.inputs, positions, global);
        let mut summary = Summary {
            files: found.inputs.len(),
            positions,
            unreadable: found.errors.len(),
            ..Summary::default()
        };
        let mut emitter =
            Emitter::new(args.output_format, global.stdout(), global.stdout_colored())?;
        let files: HashSet<&str> = duplicates.iter().map(|d| d.path.as_str()).collect();
        for diagnostic in &duplicates {
            summary.count(diagnostic);
            emitter.emit(diagnostic.clone())?;
        }
        emitter.finish(&summary, &found.errors)?;
        if !args.quiet {
            let _ = writeln!(
                global.stderr(),
                "{} in {}",
                crate::output::plural(duplicates.len(), "repeated position", "repeated positions"),
                crate::output::plural(files.len(), "file", "files")
            );
        }
        if !duplicates.is_empty() {
            status = status.worst(Status::Findings);
        }
        return Ok(status);
    }
    if args.positions == Some(super::pgn_convert::Positions::All) {
        return Err(Failure::Usage(
            "`--positions all` compares the positions of PGN games: expected .pgn files (a \
             column of movetext is compared by its final position, `--positions final`)"
                .to_owned(),
        ));
    }
    let ep = args.en_passant.policy();
    let search = crate::duplicates::find(
        &found.inputs,
        &configs,
        flags,
        ep,
        rayon::current_num_threads(),
    );
    for note in &search.notes {
        global.note(note);
    }
    for error in &search.errors {
        global.error(error);
        status = Status::Error;
    }
    if let Some(note) = search.duplicates.ep_note() {
        global.warning(note);
    }
    let duplicates = search.duplicates.diagnostics;
    // The repeated lines of each file, by the file's index in the inputs.
    let mut by_file: HashMap<usize, HashSet<usize>> = HashMap::new();
    for &(index, line) in &search.duplicates.places {
        by_file.entry(index).or_default().insert(line);
    }
    if !args.write {
        let mut summary = Summary {
            files: found.inputs.len(),
            positions: search.positions,
            unreadable: found.errors.len(),
            ..Summary::default()
        };
        let mut emitter =
            Emitter::new(args.output_format, global.stdout(), global.stdout_colored())?;
        for diagnostic in &duplicates {
            summary.count(diagnostic);
            emitter.emit(diagnostic.clone())?;
        }
        emitter.finish(&summary, &found.errors)?;
    }
    if args.write {
        let (mut removed, mut files) = (0, 0);
        for (index, origin) in found.inputs.iter().enumerate() {
            let Some(lines) = by_file.get(&index) else {
                continue;
            };
            match remove_lines(origin, &configs.settings(origin, flags), lines) {
                Err(error) => {
                    global.error(format_args!(
                        "cannot write `{}`: {}; the file was left unchanged",
                        origin.display(),
                        crate::input::describe(&error)
                    ));
                    status = Status::Error;
                }
                Ok(other_links) => {
                    if let Some(note) = crate::write::links_note(&origin.display(), other_links) {
                        global.warning(note);
                    }
                    removed += lines.len();
                    files += 1;
                }
            }
        }
        if !args.quiet {
            let _ = writeln!(
                global.stderr(),
                "removed {} from {}",
                crate::output::plural(removed, "repeated position", "repeated positions"),
                crate::output::plural(files, "file", "files")
            );
        }
    } else {
        if !args.quiet {
            let _ = writeln!(
                global.stderr(),
                "{} in {}",
                crate::output::plural(duplicates.len(), "repeated position", "repeated positions"),
                crate::output::plural(by_file.len(), "file", "files")
            );
        }
        if !duplicates.is_empty() {
            status = status.worst(Status::Findings);
        }
    }
    Ok(status)
}

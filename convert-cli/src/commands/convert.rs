//! `fenkit convert`: convert positions between notations, line by line.

use crate::choices::choices;
use std::io::{self, Write};
use std::path::PathBuf;

use crate::context::{Failure, Global, Status};
use crate::diag::{Diagnostic, renderer};
use crate::input::Origin;
use crate::options::VariantArgs;
use fenkit_diagnostics::Severity;
use notation::container::{Embedded, Extracted};
use notation::records::{Grouping, Kind, RecordReader, problem_finding};
use notation::{DialectArg, Form, Notation, ProfileArg, Rejection, Target};
use std::io::BufRead;

const AFTER_HELP: &str = "\
Examples:
  fenkit convert --to json games.dfen               DFEN to one JSON object per line
  fenkit convert --notation json --to dfen games.jsonl  and back (`--from` is the same flag)
  fenkit convert --to dfen-engine games.dfen        into the engine dialect
  fenkit convert --to fen games.dfen                six-field FEN; fails if that loses anything
  fenkit convert --to fen --lossy games.dfen        ... or drop it, saying exactly what was dropped
  fenkit convert --to fen4-pieces board.fen4        FEN4 to the reference fixture `pieces` object
  fenkit convert --to fen4 replay.ndjson4           the fen4 field of each replay frame
  fenkit convert --to fen --lossy wac.epd           EPD to FEN, clocks from hmvc/fmvn (else 0 1),
                                                    other operations dropped
  fenkit convert --to epd games.fen                 FEN to EPD, hmvc/fmvn only when not `0 1`
  fenkit convert --to json wac.epd                  EPD to JSON objects with \"operations\"
  fenkit convert --from json --to epd wac.jsonl     and back
  fenkit convert --to fen --field fen evals.jsonl   the positions inside a container (PGN FEN tags,
                                                    CSV --column, JSON Lines --field), one a line

PGN games (.pgn; spec/pgn.md section 5a):
  fenkit convert --to uci games.pgn                 the mainline in UCI, one line per game
  fenkit convert --to epd --positions final games.pgn
                                                    the final position of each game, with an id
  fenkit convert --to fen games.pgn                 the position after every move of the mainline
  fenkit convert --to json games.pgn > games.jsonl  one JSON object per game (moves, variations,
  fenkit convert --to pgn games.jsonl               comments, NAGs), and back to PGN
  zstdcat db.pgn.zst | fenkit convert --notation pgn --to uci -
                                                    PGN games on standard input, as a .pgn file

Variants (three-check, crazyhouse, two-move chess; spec/variants.md):
  fenkit convert --variant threecheck --dialect stockfish --to-dialect lichess 3check.fen
                                                    `... - 3+2 0 1` to `... - 0 1 +0+1`
  fenkit convert --variant crazyhouse --dialect lichess zh.fen
                                                    lichess's ninth rank to the essay form
  fenkit convert --variant crazyhouse --dialect essay --to-dialect stockfish zh.fen
                                                    the essay form to `[...]` pockets and `~`
  fenkit convert --variant threecheck --to fen 3check.fen
                                                    six-field FEN: fails unless no check was given

With --variant threecheck, crazyhouse or twomove, --dialect says how the input is written
(essay, the canonical form, by default) and --to-dialect how to write it (essay by default):
no other flag is needed, and nothing is lost between dialects. `--to fen` writes standard FEN
and refuses a position whose variant state (checks given, pockets, promoted pieces, the second
move of a turn) is not at its default, unless --lossy. `--variant chess` is `--from fen`, and
`--variant dice` is `--from dfen`.

Conversions: dfen <-> fen <-> epd, dfen <-> json, epd <-> json, dfen <-> dfen-engine,
fen4 <-> json <-> fen4-pieces, ndjson4 -> fen4, perft <-> epd (a perft suite's case, its `id`,
`epd` and `perft` lines, is one record: EPD keeps its name and counts as `id` and `D<n>`, and
an impossible position, which suites count on purpose).
`json` means the DFEN structured form next to
dfen, fen, epd and dfen-engine (an EPD line's adds \"operations\"), and the FEN4 structured form
next to fen4, fen4-pieces and ndjson4. EPD is standard chess: a position with dice or several
en-passant squares is refused unless --lossy; with --variant threecheck or crazyhouse it is
python-chess's EPD of the variant (`... - 1+1 id \"x\";`, `...[Qn] w - -`), both ways.
An EPD line's operations are part of its record: converted to another notation than epd or
json, a line with operations (other than the clocks
`hmvc` and `fmvn`, which become FEN's) is refused (FENKIT013) unless --lossy, which drops them
and says so. A target that by its name takes a part of a record (`--to fen4` of an NDJSON4
frame: its fen4 field) is a projection, not a lossy conversion.

Lossy conversions: six-field FEN holds at most one en-passant square and no pending dice, and
the engine dialect (dfen-engine) holds a halfmove clock of at most 127. A position that the
target cannot hold is an error unless --lossy, which drops the en-passant squares and the dice,
writes a larger halfmove clock as 127, and says on stderr what it dropped.

DFEN and FEN text is read by the spec profile, as `fenkit check` reads it: a line that check
reports as an error is not converted. `--profile lenient` also reads such a line when its
meaning is clear (dice in the wrong case, missing clocks, a fullmove number of 0, ...), and
prints a warning for each thing it read that way; `--from dfen-engine` (or `--profile engine`)
reads the reference engine's dialect as its reader does, with the same warning for each form it
repairs (dice in the other side's case, missing clocks).

A position is converted as it was read: spellings become canonical, but castling rights and
en-passant squares that cannot affect play are kept (`fenkit fmt` drops them).

Text outputs keep comment and blank lines (an EPD `%` comment becomes `# %...` in other
notations); JSON outputs drop them. NDJSON4 header records
(objects with a `bridge_version` key) are skipped; other records are judged as `check` judges
them (FEN43xx). A warning of the FEN4 JSON or NDJSON4 readers (such as FEN4404: a bare `P` in
a fen4-pieces object is read as `Pw`, or FEN4352: text after a record's object) is printed on
stderr and leaves the exit status 0. An input that cannot be converted is reported on stderr,
skipped, and makes the exit status 1. Each input is read with the configuration that applies to
it, as `fenkit check` reads it (`chess960` and its globs, `[notations]` unless --from is given,
`[variants]`, `[columns]`, `[fields]`, `profile`), never strict.";

/// Convert between notations, streaming line by line to standard output.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub(crate) struct Args {
    /// The format to write [default with --variant: the variant's text, in --to-dialect]
    #[arg(long, value_name = "FORMAT", required_unless_present = "variant")]
    to: Option<ToArg>,

    /// PGN games, `--to fen` or `--to epd`: the position after every move of the mainline, or
    /// after its last move only (one line per game)
    #[arg(
        long,
        value_name = "WHICH",
        default_value = "all",
        value_parser = crate::choices::choices::<super::pgn_convert::Positions>()
    )]
    positions: super::pgn_convert::Positions,

    /// The notation to read, as in every other command, or a JSON form, or `pgn` (PGN games,
    /// as a `.pgn` file is read: for standard input) [default: from the extension, else from
    /// the content]. `--from` is the same flag
    #[arg(long, visible_alias = "from", value_name = "NOTATION")]
    notation: Option<FromArg>,

    #[command(flatten)]
    variant: VariantArgs,

    /// With --variant threecheck, crazyhouse or twomove: the dialect to write [default: essay]
    #[arg(long, value_name = "DIALECT", conflicts_with = "to", value_parser = choices::<DialectArg>())]
    to_dialect: Option<DialectArg>,

    /// Read and write castling as Chess960 (Fischer random) does: `K`/`Q` are the outermost rooks on
    /// each side of the king [default: the configuration's `chess960`, else off; file letters
    /// such as `HAha` are read in either case]
    #[arg(long)]
    chess960: bool,

    #[command(flatten)]
    write: crate::options::WriteArgs,

    /// Convert even when the target cannot hold everything, and say what was dropped or changed
    #[arg(long)]
    lossy: bool,

    /// The DFEN dialect to read DFEN and FEN text in; `lenient` warns about each form `spec`
    /// would refuse [default: spec; engine for --from dfen-engine]
    #[arg(long, value_name = "PROFILE", value_parser = choices::<ProfileArg>())]
    profile: Option<ProfileArg>,

    /// Write one output line for every input line, so that line N of the output answers line
    /// N of the input: a position that is refused gives `null` (JSON) or an empty line (text),
    /// and so do, in JSON output, comment and blank lines and NDJSON4 headers, and the
    /// continuation lines of a FEN4 record that spans several lines
    #[arg(long)]
    aligned: bool,

    /// Do not print the summary line (`converted N of M positions, K refused`)
    #[arg(long, short)]
    quiet: bool,

    #[command(flatten)]
    select: crate::options::SelectArgs,

    #[command(flatten)]
    config: crate::config::ConfigArgs,

    /// Input files; `-` is standard input [default: -]
    #[arg(value_name = "INPUT")]
    inputs: Vec<PathBuf>,
}

/// Writes `count` placeholder rows: `null` for JSON output, empty lines for text.
fn placeholders(out: &mut impl Write, json: bool, count: usize) -> io::Result<()> {
    let row: &[u8] = if json { b"null\n" } else { b"\n" };
    for _ in 0..count {
        out.write_all(row)?;
    }
    Ok(())
}

/// What `--variant`, `--from`, `--to` and the reading flags ask for, checked by the library
/// (`notation::rewrite::Plan`), with `--castling`, `--en-passant`, `--lossy` and the
/// container's selection.
fn plan(args: &Args) -> Result<notation::rewrite::Plan, Failure> {
    let request = notation::settings::Request {
        profile: args.profile,
        chess960: args.chess960,
        ..args.variant.request(args.to_dialect)
    };
    let from = args.notation.as_ref().and_then(FromArg::form);
    let to = args.to.as_ref().and_then(ToArg::form);
    let mut plan = notation::rewrite::Plan::new(&request, from, to)?.writing(
        args.write.castling,
        args.write.en_passant.policy(),
        args.lossy,
    );
    plan.settings.select = args.select.select();
    Ok(plan)
}

/// `--notation` (`--from`): a form `convert` reads, or PGN games (`pgn`), which a `.pgn` file
/// is read as without it, and standard input only with it.
#[derive(Debug, Clone)]
enum FromArg {
    Form(Form),
    /// PGN games: each game's projections (`--to uci|fen|epd|json`).
    Pgn,
}

impl FromArg {
    fn form(&self) -> Option<Form> {
        match self {
            FromArg::Form(form) => Some(*form),
            FromArg::Pgn => None,
        }
    }
}

static FROM_ARGS: std::sync::LazyLock<Vec<FromArg>> = std::sync::LazyLock::new(|| {
    <Form as notation::choice::Choice>::offered()
        .iter()
        .copied()
        .map(FromArg::Form)
        .chain([FromArg::Pgn])
        .collect()
});

impl clap::ValueEnum for FromArg {
    fn value_variants<'a>() -> &'a [Self] {
        &FROM_ARGS
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        use notation::choice::Choice;
        match self {
            FromArg::Form(form) => Some(
                clap::builder::PossibleValue::new(form.name())
                    .help(form.help())
                    .aliases(form.aliases()),
            ),
            FromArg::Pgn => Some(clap::builder::PossibleValue::new("pgn").help(
                "PGN games (a `.pgn` file is read so without it): `--to uci`, `fen`, `epd` or \
                 `json` of each game",
            )),
        }
    }
}

/// `--to`: a notation's form, or one of the forms of PGN games (`uci`, `pgn`).
#[derive(Debug, Clone)]
enum ToArg {
    Form(Target),
    /// PGN games: the mainline's moves in UCI.
    Uci,
    /// The JSON form of PGN games, back to PGN.
    Pgn,
}

impl ToArg {
    fn form(&self) -> Option<Form> {
        match self {
            ToArg::Form(target) => Some(target.0),
            ToArg::Uci | ToArg::Pgn => None,
        }
    }
}

static TO_ARGS: std::sync::LazyLock<Vec<ToArg>> = std::sync::LazyLock::new(|| {
    <Target as notation::choice::Choice>::offered()
        .iter()
        .cloned()
        .map(ToArg::Form)
        .chain([ToArg::Uci, ToArg::Pgn])
        .collect()
});

impl clap::ValueEnum for ToArg {
    fn value_variants<'a>() -> &'a [Self] {
        &TO_ARGS
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        match self {
            ToArg::Form(target) => {
                use notation::choice::Choice;
                Some(clap::builder::PossibleValue::new(target.name()).help(target.help()))
            }
            ToArg::Uci => Some(
                clap::builder::PossibleValue::new("uci")
                    .help("PGN games: the mainline's moves in UCI, one line per game"),
            ),
            ToArg::Pgn => Some(
                clap::builder::PossibleValue::new("pgn")
                    .help("PGN: the JSON form of PGN games (`--to json` of a .pgn) back to PGN"),
            ),
        }
    }
}

/// Whether every input is PGN games: a `.pgn` file, or any input under `--notation pgn`
/// (standard input is read so only when told). `convert` then writes the games' projections.
fn all_pgn(inputs: &[Origin], from: Option<&FromArg>) -> bool {
    matches!(from, Some(FromArg::Pgn))
        || (!inputs.is_empty() && inputs.iter().all(super::pgn_games::is_pgn))
}

pub(crate) fn run(args: Args, global: &Global) -> Result<Status, Failure> {
    // A compressed file is read decoded, and each member of a zip archive as a file of its
    // own (`games.pgn.zst` and `games.pgn.zip!games.pgn` are PGN), as every command reads them.
    let origins: Vec<Origin> = args
        .inputs
        .iter()
        .flat_map(|p| {
            if p.as_os_str() == "-" {
                vec![Origin::Stdin]
            } else {
                Origin::of_file(p)
            }
        })
        .collect();
    let origins = if origins.is_empty() {
        vec![Origin::Stdin]
    } else {
        origins
    };
    use super::pgn_convert::Projection;
    let games = all_pgn(&origins, args.notation.as_ref());
    let projection = match (&args.to, games) {
        (Some(ToArg::Pgn), _) => {
            return super::pgn_convert::from_json(&origins, global).map_err(Failure::Io);
        }
        (Some(ToArg::Uci), true) => Some(Projection::Uci),
        (Some(ToArg::Uci), false) => {
            return Err(Failure::Usage(
                "`--to uci` writes the moves of PGN games: expected .pgn files, or \
                 `--notation pgn` for standard input"
                    .to_owned(),
            ));
        }
        (Some(ToArg::Form(target)), true) if args.select.select().is_none() => {
            match target.0.name() {
                "fen" => Some(Projection::Fen),
                "epd" => Some(Projection::Epd),
                "json" => Some(Projection::Json),
                _ => None,
            }
        }
        _ => None,
    };
    if let Some(projection) = projection {
        return super::pgn_convert::convert(
            &origins,
            projection,
            args.positions,
            args.write.castling.unwrap_or_default(),
            args.write
                .en_passant
                .given()
                .unwrap_or(dfen::EnPassantPolicy::Legal),
            global,
        )
        .map_err(Failure::Io);
    }
    if matches!(args.notation, Some(FromArg::Pgn)) {
        return Err(Failure::Usage(
            "`--notation pgn` converts each game's moves or positions: expected `--to uci`, \
             `--to fen`, `--to epd` or `--to json`, without `--select`"
                .to_owned(),
        ));
    }
    let plan = plan(&args)?;
    let (to, family, variant) = (plan.to, plan.family, plan.variant);
    let resolved = notation::settings::Request {
        profile: args.profile,
        chess960: args.chess960,
        select: args.select.select(),
        ..args.variant.request(args.to_dialect)
    }
    .resolve()?;
    let flags = crate::config::Flags {
        read: resolved,
        deny_warnings: false,
    };
    let inputs: Vec<Origin> = if args.inputs.is_empty() {
        vec![Origin::Stdin]
    } else {
        args.inputs
            .iter()
            .flat_map(|p| {
                if p.as_os_str() == "-" {
                    vec![Origin::Stdin]
                } else {
                    Origin::of_file(p)
                }
            })
            .collect()
    };
    crate::options::refuse_fen4_with_variant(variant, &inputs)?;
    crate::options::note_unused_select(args.select.select(), &inputs, global);
    // Each input is read with the configuration that applies to it, as `check` reads it; one
    // that cannot be used stops the run before anything is written.
    let configs = crate::config::Configs::new(&args.config)?;
    for origin in &inputs {
        configs.for_file(origin.path())?;
    }
    let mut status = Status::Clean;
    let (mut positions, mut converted) = (0usize, 0usize);
    let mut stdout = global.data_stdout();
    let colored = anstream::AutoStream::choice(&io::stderr()) != anstream::ColorChoice::Never;
    // JSON outputs drop comment and blank lines, and answer a missing row with `null`.
    let json = to.is_json();
    for origin in &inputs {
        let path = origin.display();
        let file = configs.settings(origin, flags);
        let settings = args.write.writing(file.read);
        let plan = notation::rewrite::Plan { settings, ..plan };
        let opened = origin.open().and_then(|mut reader| {
            let container = match (origin.path(), settings.select) {
                (None, None) => None,
                (path, select) => {
                    notation::container::Container::resolve(path, select, reader.fill_buf()?)?
                }
            };
            Ok((reader, container))
        });
        let (reader, container) = match opened {
            Ok(opened) => opened,
            Err(error) => {
                global.error(crate::input::InputError::io(path.clone(), &error));
                status = Status::Error;
                continue;
            }
        };
        // The positions inside a container are standard FEN unless `--from` or `--variant`
        // says otherwise. Without `--from`, a file's notation is the one `--variant` forces on
        // it, else its `[notations]` entry, else its extension's: a variant's EPD file or
        // perft suite keeps its notation, judged by the variant's rules.
        let declared = match (plan.from, container) {
            (None, Some(_)) => Notation::of_variant(chess::variant::Variant::Chess),
            (_, None) if args.notation.is_none() => file
                .notation
                .or_else(|| origin.path().and_then(Notation::from_extension)),
            _ => plan.declared(origin.path()),
        };
        let grouping = match container {
            Some(container) => container.grouping(),
            None => declared.map_or(Grouping::Indented, Notation::conversion_grouping),
        };
        let mut extractor = container.map(notation::container::Container::extractor);
        let mut records =
            RecordReader::grouped(reader, grouping, notation::records::MAX_RECORD_BYTES)
                .with_comment_starts(match (container, declared) {
                    (None, Some(notation)) => notation.comment_starts(),
                    _ => notation::records::COMMENT_STARTS,
                });
        loop {
            let record = match records.next_record() {
                Ok(Some(record)) => record,
                Ok(None) => break,
                Err(error) => {
                    global.error(crate::input::InputError::io(path.clone(), &error));
                    status = Status::Error;
                    break;
                }
            };
            // The input lines this record spans (a FEN4 record may go on over several).
            let lines = 1 + memchr::memchr_iter(b'\n', record.raw()).count();
            // With --aligned, rows for the lines that give no converted position.
            let skipped = if args.aligned { lines } else { 0 };
            // Inside a container, only the positions are written.
            if record.kind != Kind::Position && extractor.is_some() {
                placeholders(&mut stdout, json, skipped)?;
                continue;
            }
            if record.kind != Kind::Position {
                if !json {
                    // A comment the target does not read as one (EPD's `%` in a FEN file)
                    // is kept behind a `#`.
                    let opens = record.raw().trim_ascii_start().first();
                    if record.kind == Kind::Comment
                        && opens
                            .is_some_and(|byte| !to.resolve(family).comment_starts().contains(byte))
                    {
                        stdout.write_all(b"# ")?;
                    }
                    stdout.write_all(record.raw())?;
                    stdout.write_all(b"\n")?;
                } else {
                    placeholders(&mut stdout, true, skipped)?;
                }
                continue;
            }
            let show = |rejection: Rejection, inside: Option<&Embedded<'_>>| {
                let mut finding = rejection.finding;
                if let Some(inside) = inside {
                    finding.span = inside.to_record(&finding.span);
                }
                let diagnostic =
                    Diagnostic::new(&path, &record, finding).with_reference(rejection.reference);
                let _ = writeln!(
                    global.stderr(),
                    "{}\n",
                    diagnostic.render(&renderer(colored))
                );
            };
            let mut inside = None;
            if let (Some(extractor), None, Some(text)) =
                (extractor.as_mut(), &record.problem, record.text())
            {
                match extractor.extract(record.line, text) {
                    Extracted::Nothing => {
                        placeholders(&mut stdout, json, skipped)?;
                        continue;
                    }
                    Extracted::Findings(findings) => {
                        placeholders(&mut stdout, json, skipped)?;
                        stdout.flush()?;
                        positions += 1;
                        for finding in findings {
                            if finding.severity == Severity::Error {
                                status = status.worst(Status::Findings);
                            }
                            show(Rejection::from(finding), None);
                        }
                        continue;
                    }
                    Extracted::Position(embedded) => inside = Some(embedded),
                }
            }
            // A position of a container without clocks is read with the default clocks.
            let clocked = inside
                .as_ref()
                .filter(|e| e.clockless)
                .map(|e| format!("{} 0 1", e.text));
            let contained = clocked
                .as_deref()
                .or_else(|| inside.as_ref().map(|e| &*e.text));
            let outcome = match (&record.problem, contained.or(record.text())) {
                (Some(problem), _) => Err(Rejection::from(problem_finding(&record, problem))),
                (None, None) => {
                    placeholders(&mut stdout, json, skipped)?;
                    continue;
                }
                (None, Some(text)) => {
                    match plan.convert_record(
                        text,
                        declared,
                        inside.as_ref().and_then(|e| e.variant),
                    ) {
                        Ok(None) => {
                            placeholders(&mut stdout, json, skipped)?;
                            continue;
                        }
                        Ok(Some(converted)) => {
                            Ok((converted.text, converted.dropped, converted.warnings))
                        }
                        Err(rejection) => Err(rejection),
                    }
                }
            };
            let show = |rejection: Rejection| show(rejection, inside.as_ref());
            positions += 1;
            match outcome {
                Ok((text, dropped, warnings)) => {
                    converted += 1;
                    writeln!(stdout, "{text}")?;
                    placeholders(&mut stdout, json, skipped.saturating_sub(1))?;
                    if !warnings.is_empty() || !dropped.is_empty() {
                        stdout.flush()?;
                    }
                    for warning in warnings {
                        if inside.as_ref().is_some_and(|e| e.clockless)
                            && warning.code == notation::code::Code::Dfen(dfen::Code::MissingClocks)
                        {
                            continue;
                        }
                        show(Rejection::from(warning));
                    }
                    if !dropped.is_empty() {
                        global.warning(format_args!(
                            "{path}:{}: dropped {}",
                            record.line,
                            dropped.join(", ")
                        ));
                    }
                }
                Err(rejection) => {
                    placeholders(&mut stdout, json, skipped)?;
                    stdout.flush()?;
                    show(rejection);
                    status = status.worst(Status::Findings);
                }
            }
        }
    }
    stdout.flush()?;
    if !args.quiet {
        let _ = writeln!(
            global.stderr(),
            "converted {converted} of {}, {} refused",
            crate::output::plural(positions, "position", "positions"),
            positions - converted
        );
    }
    Ok(status)
}

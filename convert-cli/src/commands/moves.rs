//! `fenkit moves`: the legal first micro-moves of a Dice Chess position.

use std::io::Write;

use crate::context::{Failure, Global, Status};
use crate::output::FindingJson;
use crate::position::{
    Answer, KING_CAPTURE_HELP, PASS_NOTE, PositionOptions, Purpose, read_json, rules_error,
    rules_error_json, rules_under, write_json,
};

const AFTER_HELP: &str = "\
Examples:
  fenkit moves 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNR'
  fenkit moves --output-format json 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 PRK'
  fenkit moves --profile engine 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 BKK'
  fenkit moves --king-capture any '7k/4P3/8/8/8/8/8/Q3K3 w - - 0 1 PNQ'
  echo '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 PK' | fenkit moves -

One UCI move per line, ordered by die, then from-square, then to-square (a1, b1, ..., h8),
then promotion q, r, b, n. Castling is the king's move (e1g1). Under the Maximum Micro-moves
rule a first move is listed when some sequence starting with it plays as many dice as
possible (L*), or when it captures the king; with --king-capture any, also when some turn
starting with it captures the king later. When nothing can be played the turn passes:
stdout is empty, stderr says so, and the exit status is 0.

Errors (exit status 1, `error: CODE: message` on stderr): a position that does not parse
(DFENxxx) or is not UTF-8 (FENKIT001); a side without a king (RULE007: the game is over; it
comes before the findings, as a finished game may hold the pawn that took the king on the
last rank); a position with an error-severity finding (DFEN201-DFEN204, as `fenkit check`
reports them; --allow-errors goes on with it); no pending dice (RULE001: roll first).
Standard input (`-`) must hold one position (FENKIT006), read as `fenkit check` reads a
file: a BOM, blank lines and `#` comment lines are skipped. Warnings are not shown (`fenkit
check` lists them). Exit status 2: usage or I/O errors.

JSON (--output-format json): one document on stdout, also for the errors of exit status 1
(stderr stays empty). Keys are left out when they do not apply, never null:
  {\"ok\": true, \"position\": \"...\", \"l_star\": 1, \"moves\": [{\"uci\": \"e7e8q\",
   \"from\": \"e7\", \"to\": \"e8\", \"promotion\": \"q\", \"die\": \"P\", \"kind\": \"quiet\"}],
   \"findings\": [...]}
  {\"ok\": false, \"code\": \"RULE001\", \"message\": \"...\", \"findings\": [...]}
`l_star` is L*; `die` the die's letter P N B R Q K (upper case for either side); `kind` one of
quiet, double-push, capture, en-passant, castling, king-capture. `findings` lists every
finding of the position as `parse --batch` does (code, severity, message, span, fixable). An
error in the input's text also has `span`, its byte range (`[start, end]`) in the position's
line (for FENKIT001 and FENKIT006, in standard input).";

/// List the legal first micro-moves of a position with pending dice.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub(crate) struct Args {
    /// The position, with its dice in field 7; `-` reads it from standard input
    #[arg(value_name = "POSITION")]
    position: String,

    /// How to print the moves
    #[arg(long, value_name = "FORMAT", default_value = "human")]
    output_format: MovesFormat,

    #[arg(long, value_name = "READING", default_value = "first", help = KING_CAPTURE_HELP, value_parser = crate::choices::choices::<dfen::rules::KingCapture>())]
    king_capture: dfen::rules::KingCapture,

    #[command(flatten)]
    options: PositionOptions,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum MovesFormat {
    /// one UCI move per line
    Human,
    /// one JSON document: L* and uci, from, to, promotion, die and kind of each move
    Json,
}

/// `moves --output-format json`: every outcome but a failure to read standard input is one
/// JSON document on stdout.
fn run_json(args: &Args, global: &Global) -> Result<Status, Failure> {
    let accepted = match read_json(&args.options, &args.position, global)? {
        Ok(accepted) => accepted,
        Err(status) => return Ok(status),
    };
    match rules_under(args.king_capture).legal_moves(&accepted.dfen) {
        Ok(legal) => {
            let findings = accepted.findings.iter().map(FindingJson::from).collect();
            write_json(
                &Answer::accepted(
                    notation::write_dfen(&accepted.dfen, args.options.profile.into()),
                    legal.max_len(),
                    legal.moves(),
                    findings,
                ),
                global,
            )?;
            Ok(Status::Clean)
        }
        Err(error) => rules_error_json(&error, accepted, global),
    }
}

pub(crate) fn run(args: Args, global: &Global) -> Result<Status, Failure> {
    if args.output_format == MovesFormat::Json {
        return run_json(&args, global);
    }
    let position = match args.options.read(&args.position, Purpose::Play, global) {
        Ok(position) => position,
        Err(status) => return Ok(status),
    };
    let legal = match rules_under(args.king_capture).legal_moves(&position) {
        Ok(legal) => legal,
        Err(error) => return Ok(rules_error(&error, global)),
    };
    let mut stdout = global.stdout();
    for mv in &legal {
        writeln!(stdout, "{mv}")?;
    }
    stdout.flush()?;
    if legal.is_empty() {
        let _ = writeln!(global.stderr(), "{PASS_NOTE}");
    }
    Ok(Status::Clean)
}

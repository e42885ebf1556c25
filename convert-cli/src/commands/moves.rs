//! `fenkit moves`: the legal first micro-moves of a Dice Chess position.
//!
//! Also home of the small helpers `show`, `play`, `roll` and `perft` share: reading the
//! position argument (`-` for standard input), parsing dice arguments and printing a rules
//! error.

use std::borrow::Cow;
use std::io::Write;

use crate::cli::{Failure, Global, Status};
use crate::options::ProfileArg;

const AFTER_HELP: &str = "\
Examples:
  fenkit moves 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNR'
  fenkit moves --output-format json 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 PRK'
  fenkit moves --profile engine 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 BKK'
  echo '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 PK' | fenkit moves -

One UCI move per line, ordered by die, then from-square, then to-square (a1, b1, ..., h8),
then promotion q, r, b, n. Castling is the king's move (e1g1). Under the Maximum Micro-moves
rule a first move is listed when some sequence starting with it plays as many dice as
possible (L*), or when it captures the king. When nothing can be played the turn passes:
stdout is empty, stderr says so, and the exit status is 0. A position without pending dice
(field 7 `-`) is an error: roll first (`fenkit roll`). Exit status 1 for a rejected
position.";

/// List the legal first micro-moves of a position with pending dice.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub(crate) struct Args {
    /// The position, with its dice in field 7; `-` reads it from standard input
    #[arg(value_name = "DFEN")]
    position: String,

    /// The DFEN dialect to read
    #[arg(long, value_name = "PROFILE", default_value = "spec")]
    profile: ProfileArg,

    /// How to print the moves
    #[arg(long, value_name = "FORMAT", default_value = "human")]
    output_format: MovesFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum MovesFormat {
    /// one UCI move per line
    Human,
    /// one JSON document with L* and from, to, promotion, die and kind of each move
    Json,
}

/// The text of a position argument: `-` reads standard input (at most
/// [`crate::input::MAX_RECORD_BYTES`], trailing line ends dropped). When standard input cannot
/// be read, or is not UTF-8, prints why and returns the status to exit with.
pub(super) fn position_text<'a>(
    argument: &'a str,
    global: &Global,
) -> Result<Cow<'a, str>, Status> {
    if argument != "-" {
        return Ok(Cow::Borrowed(argument));
    }
    // Longer input is refused, not cut short: a cut could change the verdict.
    let limit = crate::input::MAX_RECORD_BYTES as u64;
    let bytes = match crate::input::Origin::Stdin.read_limited(limit) {
        Ok(bytes) => bytes,
        Err(error) => {
            global.error(format_args!(
                "cannot read standard input: {}",
                crate::walk::describe(&error)
            ));
            return Err(Status::Error);
        }
    };
    match String::from_utf8(bytes) {
        Ok(mut text) => {
            let kept = text.trim_end_matches(['\n', '\r']).len();
            text.truncate(kept);
            Ok(Cow::Owned(text))
        }
        Err(error) => {
            global.error(format_args!(
                "invalid UTF-8 at byte offset {}",
                error.utf8_error().valid_up_to()
            ));
            Err(Status::Error)
        }
    }
}

/// Parses the position argument (`-`: standard input, see [`position_text`]); on an error
/// prints it and returns the status to exit with. Findings of error severity are shown as
/// warnings: the rules still apply to such a position.
pub(super) fn read_position(
    argument: &str,
    profile: ProfileArg,
    global: &Global,
) -> Result<dfen::Dfen, Status> {
    let text = position_text(argument, global)?;
    match dfen::Parser::new().profile(profile.into()).parse(&text) {
        Ok(parsed) => {
            for finding in &parsed.findings {
                if finding.severity == dfen::Severity::Error {
                    global.warning(format_args!("{}: {}", finding.code, finding.message));
                }
            }
            Ok(parsed.dfen)
        }
        Err(error) => {
            global.error(format_args!("{}: {error}", error.code()));
            Err(Status::Findings)
        }
    }
}

/// The value parser of a dice argument (`PNB`, `pnb`, `1 2 3`, `1,2,3`): 1 to 3 dice, or the
/// library's `RULE003` message as a usage error.
pub(super) fn parse_dice(text: &str) -> Result<dfen::DicePool, String> {
    dfen::rules::parse_roll(text).map_err(|error| error.to_string())
}

/// One die, for `perft --die`: a letter (either case) or its number on the die.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum DieArg {
    /// pawn, or 1
    #[value(name = "P", alias = "1")]
    Pawn,
    /// knight, or 2
    #[value(name = "N", alias = "2")]
    Knight,
    /// bishop, or 3
    #[value(name = "B", alias = "3")]
    Bishop,
    /// rook, or 4
    #[value(name = "R", alias = "4")]
    Rook,
    /// queen, or 5
    #[value(name = "Q", alias = "5")]
    Queen,
    /// king, or 6
    #[value(name = "K", alias = "6")]
    King,
}

impl From<DieArg> for dfen::Role {
    fn from(die: DieArg) -> dfen::Role {
        match die {
            DieArg::Pawn => dfen::Role::Pawn,
            DieArg::Knight => dfen::Role::Knight,
            DieArg::Bishop => dfen::Role::Bishop,
            DieArg::Rook => dfen::Role::Rook,
            DieArg::Queen => dfen::Role::Queen,
            DieArg::King => dfen::Role::King,
        }
    }
}

/// Prints a rules error (its code, what was expected and what was found).
pub(super) fn rules_error(error: &dfen::rules::RulesError, global: &Global) -> Status {
    global.error(error);
    Status::Findings
}

/// The note printed on stderr when the turn passes.
pub(super) const PASS_NOTE: &str =
    "the turn passes: none of the pending dice can be played (L* = 0)";

pub(crate) fn run(args: Args, global: &Global) -> Result<Status, Failure> {
    let position = match read_position(&args.position, args.profile, global) {
        Ok(position) => position,
        Err(status) => return Ok(status),
    };
    let legal = match dfen::rules::legal_moves(&position) {
        Ok(legal) => legal,
        Err(error) => return Ok(rules_error(&error, global)),
    };
    let mut stdout = global.stdout();
    match args.output_format {
        MovesFormat::Human => {
            for mv in &legal {
                writeln!(stdout, "{mv}")?;
            }
        }
        MovesFormat::Json => {
            let document = serde_json::json!({
                "position": crate::notation::write_dfen(&position, args.profile.into()),
                "max_len": legal.max_len(),
                "moves": legal.moves(),
            });
            writeln!(stdout, "{document:#}")?;
        }
    }
    stdout.flush()?;
    if legal.is_empty() {
        let _ = writeln!(global.stderr(), "{PASS_NOTE}");
    }
    Ok(Status::Clean)
}

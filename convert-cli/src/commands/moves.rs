//! `fenkit moves`: the legal first micro-moves of a Dice Chess position.
//!
//! Also home of the small helpers `play`, `roll` and `perft` share: reading the position
//! argument and printing a rules error.

use std::io::Write;

use crate::cli::{Failure, Global, Status};
use crate::options::ProfileArg;

const AFTER_HELP: &str = "\
Examples:
  fenkit moves 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNR'
  fenkit moves --output-format json 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 PRK'
  fenkit moves --profile engine 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 BKK'

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
    /// The position, with its dice in field 7
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

/// Parses the position argument; on a syntax error prints it and returns `None`. Findings of
/// error severity are shown as warnings: the rules still apply to such a position.
pub(super) fn read_position(
    text: &str,
    profile: ProfileArg,
    global: &Global,
) -> Option<dfen::Dfen> {
    match dfen::Parser::new().profile(profile.into()).parse(text) {
        Ok(parsed) => {
            for finding in &parsed.findings {
                if finding.severity == dfen::Severity::Error {
                    global.warning(format_args!("{}: {}", finding.code, finding.message));
                }
            }
            Some(parsed.dfen)
        }
        Err(error) => {
            global.error(format_args!("{}: {error}", error.code()));
            None
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
    let Some(position) = read_position(&args.position, args.profile, global) else {
        return Ok(Status::Findings);
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

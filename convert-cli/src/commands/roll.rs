//! `fenkit roll`: set the dice of a fresh turn.

use std::io::Write;

use super::moves::{read_position, rules_error};
use crate::cli::{Failure, Global, Status};
use crate::options::ProfileArg;

const AFTER_HELP: &str = "\
Examples:
  fenkit roll 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -' PNB
  fenkit roll 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1' 1 2 3

DICE is 1 to 3 dice as letters (PNBRQK, either case) or digits 1-6 (1 = pawn ... 6 = king),
in one argument or several. Prints the position with the dice in field 7, written in the case
of the side to move and sorted. Exit status 1 when dice are already pending or the roll is
invalid.";

/// Set the dice of a fresh turn and print the position.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub(crate) struct Args {
    /// The position at a fresh turn (field 7 `-` or absent)
    #[arg(value_name = "DFEN")]
    position: String,

    /// The dice: `PNB`, `pnb` or `1 2 3`
    #[arg(value_name = "DICE", required = true, num_args = 1..)]
    dice: Vec<String>,

    /// The DFEN dialect to read (and write)
    #[arg(long, value_name = "PROFILE", default_value = "spec")]
    profile: ProfileArg,
}

pub(crate) fn run(args: Args, global: &Global) -> Result<Status, Failure> {
    let Some(position) = read_position(&args.position, args.profile, global) else {
        return Ok(Status::Findings);
    };
    let rolled = dfen::rules::parse_roll(&args.dice.join(" "))
        .and_then(|dice| dfen::rules::roll(&position, dice));
    match rolled {
        Ok(rolled) => {
            let mut stdout = global.stdout();
            writeln!(
                stdout,
                "{}",
                crate::notation::write_dfen(&rolled, args.profile.into())
            )?;
            stdout.flush()?;
            Ok(Status::Clean)
        }
        Err(error) => Ok(rules_error(&error, global)),
    }
}

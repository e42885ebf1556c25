//! `fenkit roll`: set the dice of a fresh turn.

use std::io::Write;

use crate::context::{Failure, Global, Status};
use crate::position::{PositionOptions, Purpose, parse_dice, rules_error};

const AFTER_HELP: &str = "\
Examples:
  fenkit roll 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -' PNB
  fenkit roll 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1' 1 2 3
  echo '4k3/8/8/8/8/8/8/4K3 w - - 0 1' | fenkit roll - QK

DICE is 1 to 3 dice as letters (PNBRQK, either case) or digits 1-6 (1 = pawn ... 6 = king),
in one argument or several. Prints the position with the dice in field 7, written in the case
of the side to move and sorted.

Exit status 2 when DICE is not 1 to 3 valid dice in all (RULE003, a usage error). Exit status
1, with `error: CODE: message` on stderr, when the position does not parse (DFENxxx) or is not
UTF-8 (FENKIT001), when a side has no king (RULE007: the game is over; it comes before the
findings, as a finished game may hold the pawn that took the king on the last rank), when it
has an error-severity finding (DFEN201-DFEN204; --allow-errors goes on with it), or when dice
are already pending (RULE002). Standard input (`-`) must hold one position (FENKIT006), read
as `fenkit check` reads a file: a BOM, blank lines and `#` comment lines are skipped.";

/// Set the dice of a fresh turn and print the position.
#[derive(Debug, clap::Args)]
#[command(
    after_help = AFTER_HELP,
    mut_arg("profile", |arg| arg.help("The DFEN dialect to read (and write)"))
)]
pub(crate) struct Args {
    /// The position at a fresh turn (field 7 `-` or absent); `-` reads it from standard input
    #[arg(value_name = "POSITION")]
    position: String,

    /// The dice, 1 to 3 in all, each PNBRQK (either case) or 1-6: `PNB`, `pnb` or `1 2 3`
    #[arg(value_name = "DICE", required = true, num_args = 1.., value_parser = parse_dice)]
    dice: Vec<dfen::DicePool>,

    #[command(flatten)]
    options: PositionOptions,
}

pub(crate) fn run(args: Args, global: &Global) -> Result<Status, Failure> {
    let all = args.dice.iter().flat_map(|pool| pool.iter());
    let Some(dice) = dfen::DicePool::from_roles(all) else {
        // Too many dice in all: the library says so, with its code, for the dice together.
        let together: Vec<String> = args
            .dice
            .iter()
            .map(|pool| pool.to_string_for(dfen::Color::White))
            .collect();
        let message = match dfen::rules::parse_roll(&together.join(" ")) {
            Err(error) => error.to_string(),
            Ok(_) => format!(
                "{}: too many dice",
                dfen::rules::RulesCode::BadRoll.as_str()
            ),
        };
        return Err(Failure::Usage(format!("<DICE>: {message}")));
    };
    let position = match args.options.read(&args.position, Purpose::Play, global) {
        Ok(position) => position,
        Err(status) => return Ok(status),
    };
    match dfen::rules::roll(&position, dice) {
        Ok(rolled) => {
            let mut stdout = global.stdout();
            writeln!(
                stdout,
                "{}",
                notation::write_dfen(&rolled, args.options.profile.into())
            )?;
            stdout.flush()?;
            Ok(Status::Clean)
        }
        Err(error) => Ok(rules_error(&error, global)),
    }
}

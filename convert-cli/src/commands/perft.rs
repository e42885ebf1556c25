//! `fenkit perft`: node counts in standard chess, with one die, or over full Dice Chess turns.

use std::io::Write;

use super::moves::{read_position, rules_error};
use crate::cli::{Failure, Global, Status};
use crate::options::ProfileArg;

const AFTER_HELP: &str = "\
Examples:
  fenkit perft --depth 4 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
  fenkit perft --depth 2 --divide --standard 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
  fenkit perft --depth 3 --die 2 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
  fenkit perft --depth 1 --roll PNB 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

Modes: --standard (the default) counts legal chess moves with check, one move per turn;
--die N counts Dice Chess micro-moves of the side to move using die N at every ply (the side
never changes; a king capture ends its line); --roll DICE counts full Dice Chess turns, every
turn rolling DICE and played under the Maximum Micro-moves rule (DEPTH counts turns; a pass is
one way to play a turn). --divide prints each first move with its count. The last line is the
total.";

/// Count the nodes of the move tree to a given depth.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
#[command(group(clap::ArgGroup::new("mode").args(["standard", "die", "roll"])))]
pub(crate) struct Args {
    /// The position (for --roll, at a fresh turn)
    #[arg(value_name = "FEN")]
    position: String,

    /// Plies to search (turns with --roll)
    #[arg(long, value_name = "D")]
    depth: u32,

    /// Standard chess: legal moves with check filtering, one move per turn (the default)
    #[arg(long)]
    standard: bool,

    /// Dice Chess micro-moves of the side to move with die N (1-6 or PNBRQK) at every ply
    #[arg(long, value_name = "N")]
    die: Option<String>,

    /// Full Dice Chess turns, each rolling DICE (`PNB` or `1 2 3`)
    #[arg(long, value_name = "DICE")]
    roll: Option<String>,

    /// Print every first move with the count below it
    #[arg(long)]
    divide: bool,

    /// The DFEN dialect to read
    #[arg(long, value_name = "PROFILE", default_value = "spec")]
    profile: ProfileArg,
}

pub(crate) fn run(args: Args, global: &Global) -> Result<Status, Failure> {
    let Some(position) = read_position(&args.position, args.profile, global) else {
        return Ok(Status::Findings);
    };
    let depth = args.depth;
    let divide = if let Some(die) = &args.die {
        let pool = match dfen::rules::parse_roll(die) {
            Ok(pool) => pool,
            Err(error) => return Ok(rules_error(&error, global)),
        };
        let mut dice = pool.iter();
        let (Some(role), None) = (dice.next(), dice.next()) else {
            return Err(Failure::Usage(format!(
                "--die takes one die (1-6 or PNBRQK), found `{die}`"
            )));
        };
        if args.divide {
            dfen::rules::perft_die_divide(&position, role, depth)
        } else {
            return total(global, dfen::rules::perft_die(&position, role, depth));
        }
    } else if let Some(roll) = &args.roll {
        let counted = dfen::rules::parse_roll(roll).and_then(|dice| {
            if args.divide {
                dfen::rules::perft_roll_divide(&position, dice, depth)
            } else {
                dfen::rules::perft_roll(&position, dice, depth).map(|total| dfen::rules::Divide {
                    entries: Vec::new(),
                    total,
                })
            }
        });
        match counted {
            Ok(divide) => divide,
            Err(error) => return Ok(rules_error(&error, global)),
        }
    } else if args.divide {
        dfen::rules::perft_standard_divide(&position, depth)
    } else {
        return total(global, dfen::rules::perft_standard(&position, depth));
    };
    let mut stdout = global.stdout();
    for (first, nodes) in &divide.entries {
        match first {
            Some(mv) => writeln!(stdout, "{mv}: {nodes}")?,
            None => writeln!(stdout, "0000: {nodes}")?,
        }
    }
    if !divide.entries.is_empty() {
        writeln!(stdout)?;
    }
    writeln!(stdout, "{}", divide.total)?;
    stdout.flush()?;
    Ok(Status::Clean)
}

fn total(global: &Global, nodes: u64) -> Result<Status, Failure> {
    let mut stdout = global.stdout();
    writeln!(stdout, "{nodes}")?;
    stdout.flush()?;
    Ok(Status::Clean)
}

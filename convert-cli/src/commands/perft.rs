//! `fenkit perft`: node counts in standard chess, with one die, or over full Dice Chess turns.

use std::io::Write;

use super::moves::{DieArg, PositionOptions, Purpose, parse_dice, rules_error};
use crate::cli::{Failure, Global, Status};

const AFTER_HELP: &str = "\
Examples:
  fenkit perft --depth 4 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
  fenkit perft --depth 2 --divide --standard '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1'
  fenkit perft --depth 3 --die 2 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
  fenkit perft --depth 1 --roll PNB 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
  echo 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' | fenkit perft --depth 3 -

Modes: --standard (the default) counts legal chess moves with check, one move per turn;
--die DIE counts Dice Chess micro-moves of the side to move using DIE at every ply (the
side never changes; a king capture ends its line); --roll DICE counts full Dice Chess turns,
every turn rolling DICE and played under the Maximum Micro-moves rule (--depth counts turns;
a pass is one way to play a turn). --divide prints each first move with its count. --unique
prints `unique: N` (the distinct positions at the final depth, clocks ignored) and
`collisions: N` (the leaves that repeat one of them) above the total; --ep chooses how en
passant enters a position's identity. The last line is the total.

Exit status 1, with `error: CODE: message` on stderr, in every mode when the position does
not parse (DFENxxx), is not UTF-8 (FENKIT001) or has an error-severity finding
(DFEN201-DFEN204, such as two kings of one colour; --allow-errors goes on with it). --roll
also refuses a side without a king (RULE007: the game is over; it comes before the findings)
and dice already pending (RULE002). --standard and --die ignore field 7 and count a position
without a king, the board as it is. Standard input (`-`) must hold one position (FENKIT006),
read as `fenkit check` reads a file: a BOM, blank lines and `#` comment lines are skipped.
Exit status 2: usage or I/O errors (DICE that is not 1 to 3 valid dice: RULE003).";

/// Count the nodes of the move tree to a given depth.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
#[command(group(clap::ArgGroup::new("mode").args(["standard", "die", "roll"])))]
pub(crate) struct Args {
    /// The position (for --roll, at a fresh turn); `-` reads it from standard input
    #[arg(value_name = "FEN")]
    position: String,

    /// Plies to search (turns with --roll), at most 64
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(0..=64))]
    depth: u32,

    /// Standard chess: legal moves with check filtering, one move per turn (the default)
    #[arg(long)]
    standard: bool,

    /// Dice Chess micro-moves of the side to move with DIE (PNBRQK, either case, or 1-6) at
    /// every ply
    #[arg(long, value_name = "DIE", ignore_case = true)]
    die: Option<DieArg>,

    /// Full Dice Chess turns, each rolling DICE: 1 to 3 dice, each PNBRQK (either case) or 1-6
    /// (`PNB`, `123`, or `'1 2 3'` quoted as one argument)
    #[arg(long, value_name = "DICE", value_parser = parse_dice)]
    roll: Option<dfen::DicePool>,

    /// Print a line `MOVE: COUNT` for every first move, then a blank line and the total
    #[arg(long, conflicts_with = "unique")]
    divide: bool,

    /// Also count the distinct positions at the final depth and the collisions (leaves that
    /// repeat a position already counted)
    #[arg(long)]
    unique: bool,

    /// With --unique: `always` counts every en-passant square (as the canonical DFEN keeps
    /// it), `legal` only squares the side to move can capture onto now
    #[arg(
        long,
        value_name = "WHEN",
        default_value = "always",
        requires = "unique"
    )]
    ep: crate::duplicates::EpArg,

    #[command(flatten)]
    options: PositionOptions,
}

fn run_unique(args: &Args, position: &dfen::Dfen, global: &Global) -> Result<Status, Failure> {
    use dfen::rules::PerftMode;
    let mode = if let Some(die) = args.die {
        PerftMode::Die(die.into())
    } else if let Some(dice) = args.roll {
        PerftMode::Roll(dice)
    } else {
        PerftMode::Standard
    };
    let ep = args.ep.identity();
    match dfen::rules::perft_unique(position, mode, args.depth, ep) {
        Ok(count) => {
            let mut stdout = global.stdout();
            writeln!(stdout, "unique: {}", count.unique)?;
            writeln!(stdout, "collisions: {}", count.collisions)?;
            writeln!(stdout, "{}", count.nodes)?;
            stdout.flush()?;
            Ok(Status::Clean)
        }
        Err(error) => Ok(rules_error(&error, global)),
    }
}

pub(crate) fn run(args: Args, global: &Global) -> Result<Status, Failure> {
    // --roll plays the game on; --standard and --die count the board as it is.
    let purpose = if args.roll.is_some() {
        Purpose::Play
    } else {
        Purpose::Board
    };
    let position = match args.options.read(&args.position, purpose, global) {
        Ok(position) => position,
        Err(status) => return Ok(status),
    };
    if args.unique {
        return run_unique(&args, &position, global);
    }
    let depth = args.depth;
    let divide = if let Some(die) = args.die {
        let role = die.into();
        if args.divide {
            dfen::rules::perft_die_divide(&position, role, depth)
        } else {
            return total(global, dfen::rules::perft_die(&position, role, depth));
        }
    } else if let Some(dice) = args.roll {
        let counted = if args.divide {
            dfen::rules::perft_roll_divide(&position, dice, depth)
        } else {
            dfen::rules::perft_roll(&position, dice, depth).map(|total| dfen::rules::Divide {
                entries: Vec::new(),
                total,
            })
        };
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

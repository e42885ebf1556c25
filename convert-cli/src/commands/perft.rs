//! `fenkit perft`: node counts in standard chess, with one die, or over full Dice Chess turns.

use std::io::Write;

use dfen::rules::{Perft, PerftMode};

use crate::context::{Failure, Global, Status};
use crate::position::{
    KING_CAPTURE_HELP, PositionOptions, Purpose, parse_dice, rules_error, rules_under,
};

const AFTER_HELP: &str = "\
Examples:
  fenkit perft --depth 4 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
  fenkit perft --depth 2 --divide --standard '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1'
  fenkit perft --depth 3 --die 2 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
  fenkit perft --depth 1 --die K --alternate 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'
  fenkit perft --depth 1 --roll PNQ --king-capture any '7k/4P3/8/8/8/8/8/Q3K3 w - - 0 1'
  fenkit perft --depth 1 --roll PNB 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
  echo 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' | fenkit perft --depth 3 -
  fenkit perft --chess960 --depth 3 'nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w KQkq - 0 1'
  fenkit perft --depth 3 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9'
  fenkit perft --depth 3 --unique --en-passant legal 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'
  fenkit perft --variant racingkings --depth 3
  fenkit perft --variant atomic --depth 2 --divide
  fenkit perft --variant crazyhouse --depth 2 '2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - -'

Modes: --standard (the default) counts legal chess moves with check, one move per turn;
--die DIE counts Dice Chess micro-moves of the side to move using DIE at every ply (the side
never changes; a king capture ends its line); --die DIE --alternate is the reference
engine's test convention (its perft_suite.json), not a game rule: one micro-move with DIE,
then the other side gets the same die, the King die also castles, and a king capture does
not end the line; --roll DICE counts full Dice Chess turns, every turn rolling DICE and
played under the Maximum Micro-moves rule (--depth counts turns; a pass is one way to play a
turn; --king-capture chooses the reading of its king-capture exemption). --divide prints
each first move with its count. --variant NAME counts the moves of that lichess variant
(antichess, atomic, horde, racingkings, kingofthehill, threecheck, crazyhouse; the position
defaults to its start), as python-chess does. --unique prints `unique: N` (the distinct positions at the
final depth, clocks ignored) and `collisions: N` (the leaves that repeat one of them) above
the total; --en-passant chooses how en passant enters a position's identity. --chess960
reads castling as Chess960 does (`K`/`Q` the outermost rooks); a field of file letters
(`HFhf`) is Chess960 castling with or without it. The last line is the
total.

Exit status 1, with `error: CODE: message` on stderr, in every mode when the position does
not parse (DFENxxx), is not UTF-8 (FENKIT001) or has an error-severity finding
(DFEN201-DFEN204, such as two kings of one colour; --allow-errors goes on with it). --roll
also refuses a side without a king (RULE007: the game is over; it comes before the findings)
and dice already pending (RULE002). --standard and --die (with or without --alternate)
ignore field 7 and count a position without a king, the board as it is. Standard input (`-`)
must hold one position (FENKIT006), read as `fenkit check` reads a file: a BOM, blank lines
and `#` comment lines are skipped.
Exit status 2: usage or I/O errors (DICE that is not 1 to 3 valid dice: RULE003).";

/// Count the nodes of the move tree to a given depth.
#[derive(Debug, clap::Args)]
#[command(
    after_help = AFTER_HELP,
    mut_arg("en_passant", |arg| arg
        .requires("unique")
        .help(crate::options::IDENTITY_EN_PASSANT_HELP))
)]
#[command(group(clap::ArgGroup::new("mode").args(["standard", "die", "roll"])))]
pub(crate) struct Args {
    /// The position (for --roll, at a fresh turn); `-` reads it from standard input [with
    /// --variant: default the variant's starting position]
    #[arg(value_name = "POSITION", required_unless_present = "variant")]
    position: Option<String>,

    /// Count the moves of this chess variant (`fenkit-variants`): antichess, giveaway, atomic,
    /// horde, racingkings, kingofthehill, threecheck, crazyhouse or chess, with every alias
    /// lichess, PGN `Variant` tags and python-chess use; the position is read in any of the
    /// variant's dialects, clocks optional
    #[arg(
        long,
        value_name = "VARIANT",
        ignore_case = true,
        value_parser = crate::choices::choices::<notation::VariantName>(),
        conflicts_with_all = ["die", "roll", "unique", "standard"]
    )]
    variant: Option<notation::VariantName>,

    /// Plies to search (turns with --roll), at most 64
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(0..=64))]
    depth: u32,

    /// Standard chess: legal moves with check filtering, one move per turn (the default)
    #[arg(long)]
    standard: bool,

    /// Dice Chess micro-moves of the side to move with DIE (PNBRQK, either case, or 1-6) at
    /// every ply
    #[arg(long, value_name = "DIE", ignore_case = true, value_parser = crate::choices::choices::<dfen::Role>())]
    die: Option<dfen::Role>,

    /// With --die: the reference engine's test convention, not a game rule: after each
    /// micro-move the turn ends and the other side gets the same die; the King die also
    /// castles; a king capture does not end the line
    #[arg(long, requires = "die")]
    alternate: bool,

    /// Full Dice Chess turns, each rolling DICE: 1 to 3 dice, each PNBRQK (either case) or 1-6
    /// (`PNB`, `123`, or `'1 2 3'` quoted as one argument)
    #[arg(long, value_name = "DICE", value_parser = parse_dice)]
    roll: Option<dfen::DicePool>,

    #[arg(long, value_name = "READING", default_value = "first", requires = "roll", help = KING_CAPTURE_HELP, value_parser = crate::choices::choices::<dfen::rules::KingCapture>())]
    king_capture: dfen::rules::KingCapture,

    /// Print a line `MOVE: COUNT` for every first move, then a blank line and the total
    #[arg(long, conflicts_with = "unique")]
    divide: bool,

    /// Also count the distinct positions at the final depth and the collisions (leaves that
    /// repeat a position already counted)
    #[arg(long)]
    unique: bool,

    /// Standard chess as Chess960 (Fischer random) is played: castling rights `K`/`Q` are the
    /// outermost rooks, and castling moves are written as the king taking its rook (`f1h1`)
    #[arg(long, conflicts_with_all = ["die", "roll"])]
    chess960: bool,

    #[command(flatten)]
    en_passant: crate::options::EnPassantArg,

    #[command(flatten)]
    options: PositionOptions,
}

impl Args {
    /// The perft the flags ask for.
    fn perft(&self) -> Perft {
        let mode = match (self.die, self.roll) {
            (Some(die), _) if self.alternate => PerftMode::AlternatingDie(die),
            (Some(die), _) => PerftMode::Die(die),
            (None, Some(dice)) => PerftMode::Roll(dice),
            (None, None) => PerftMode::Standard,
        };
        Perft::new(mode, self.depth).rules(rules_under(self.king_capture))
    }
}

/// `perft --variant`: the variant's moves counted by `fenkit-variants`.
fn run_variant(
    args: &Args,
    name: notation::VariantName,
    global: &Global,
) -> Result<Status, Failure> {
    let variant = match (name.rules(), name.variant()) {
        (Some(variant), _) => variant,
        (None, chess::variant::Variant::Chess) => variants::Variant::Chess,
        (None, _) => {
            return Err(Failure::hinted(
                format!(
                    "`perft --variant {}`: expected a variant of `fenkit-variants` (chess, \
                     antichess, giveaway, atomic, horde, racingkings, kingofthehill, threecheck, \
                     crazyhouse)",
                    name.name()
                ),
                "count Dice Chess with `--die` or `--roll`, without `--variant`",
            ));
        }
    };
    let text = match args.position.as_deref() {
        None => std::borrow::Cow::Borrowed(variant.start_fen()),
        Some(argument) => match crate::position::position_text(argument, global) {
            Ok(text) => text,
            Err(crate::position::Stop::Failed) => return Ok(Status::Error),
            Err(crate::position::Stop::Rejected(rejection)) => return Ok(rejection.print(global)),
        },
    };
    let checked = match variants::check(variant, text.trim(), args.chess960) {
        Ok(checked) => checked,
        Err(error) => {
            global.error(format_args!("{}: {}", error.code(), error));
            return Ok(Status::Findings);
        }
    };
    if checked.has_errors() {
        for finding in checked
            .findings
            .iter()
            .filter(|f| f.severity == dfen::Severity::Error)
        {
            global.error(format_args!(
                "{}: {}",
                finding.code.as_str(),
                finding.message
            ));
        }
        if !args.options.allow_errors {
            let _ = writeln!(global.stderr(), "note: {}", crate::position::REFUSED_NOTE);
            return Ok(Status::Findings);
        }
    }
    let position = checked.position;
    let mut stdout = global.stdout();
    if args.divide {
        let mut total = 0;
        let moves = position.legal_moves();
        for m in &moves {
            let nodes = if args.depth == 0 {
                1
            } else {
                position.after(*m).perft(args.depth - 1)
            };
            total += nodes;
            writeln!(stdout, "{}: {nodes}", m.uci(args.chess960))?;
        }
        if !moves.is_empty() {
            writeln!(stdout)?;
        }
        writeln!(stdout, "{total}")?;
    } else {
        writeln!(stdout, "{}", position.perft(args.depth))?;
    }
    stdout.flush()?;
    Ok(Status::Clean)
}

pub(crate) fn run(args: Args, global: &Global) -> Result<Status, Failure> {
    if let Some(name) = args.variant {
        return run_variant(&args, name, global);
    }
    let Some(argument) = args.position.as_deref() else {
        return Err(Failure::Usage(
            "the position is required without `--variant`".to_owned(),
        ));
    };
    // --roll plays the game on; --standard and --die count the board as it is.
    let purpose = if args.roll.is_some() {
        Purpose::Play
    } else {
        Purpose::Board
    };
    let mut options = args.options;
    options.castling_mode = dfen::CastlingMode::from_chess960(args.chess960);
    let position = match options.read(argument, purpose, global) {
        Ok(position) => position,
        Err(status) => return Ok(status),
    };
    let perft = args.perft();
    let mut stdout = global.stdout();
    if args.unique {
        let count = match perft.unique(&position, args.en_passant.policy()) {
            Ok(count) => count,
            Err(error) => return Ok(rules_error(&error, global)),
        };
        writeln!(stdout, "unique: {}", count.unique)?;
        writeln!(stdout, "collisions: {}", count.collisions)?;
        writeln!(stdout, "{}", count.nodes)?;
    } else if args.divide {
        let divide = match perft.divide(&position) {
            Ok(divide) => divide,
            Err(error) => return Ok(rules_error(&error, global)),
        };
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
    } else {
        match perft.count(&position) {
            Ok(nodes) => writeln!(stdout, "{nodes}")?,
            Err(error) => return Ok(rules_error(&error, global)),
        }
    }
    stdout.flush()?;
    Ok(Status::Clean)
}

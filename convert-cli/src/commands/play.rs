//! `fenkit play`: apply micro-moves one at a time, with full validation.

use std::io::Write;

use crate::context::{Failure, Global, Status};
use crate::position::{KING_CAPTURE_HELP, PASS_NOTE, PositionOptions, Purpose, rules_under};

const AFTER_HELP: &str = "\
Examples:
  fenkit play 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PPP' a2a4 c2c4 e2e4
  fenkit play 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 RRK' e1g1 f1f8 pnb
  fenkit play '4k3/8/8/8/8/8/8/4K3 w - - 0 1 QQQ' 0000
  fenkit play --king-capture any '7k/4P3/8/8/8/8/8/Q3K3 w - - 0 1 PNQ' e7e8q a1h8
  echo '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 PK' | fenkit play - e2e4 e1d1

Each MOVE is a UCI micro-move (e2e4, e7e8q, castling as the king's move e1g1), `0000` to pass
when no pending die can be played, or a roll at a fresh turn: a word of dice letters PNBRQK
(either case), 1 to 3 of them (PNB, pnb). Prints the position after each step, turn
transitions included; only the starting position is checked for findings. A step that fails
stops the run with exit status 1, after the positions before it, and prints
`error: step N `MOVE`: CODE: message` on stderr: RULE001 (no dice: roll first), RULE002 (a
roll while dice are pending), RULE003 (a word of more than 3 dice letters, such as PNBR),
RULE004 (neither UCI nor dice letters), RULE005 (an illegal move; the message lists the legal
ones), RULE006 (a pass while a move exists), RULE007 (the game is over: a king was captured).

With --king-capture any, a move is legal when some complete turn starting with the moves
played so far in this turn either captures the king or plays as many dice as the longest turn
that does not. The turn starts at the starting position (its pending dice are the whole turn)
or at a roll among the MOVEs, so `e7e8q a1a2` can be refused at a1a2 while `a1a2` alone, from
the position after e7e8q, is legal: the position does not record the moves before it.

The starting position is refused with exit status 1, before any step, when it does not parse
(DFENxxx) or is not UTF-8 (FENKIT001), when a side has no king (RULE007, before the findings:
a finished game may hold the pawn that took the king on the last rank), and when it has an
error-severity finding (DFEN201-DFEN204; --allow-errors goes on with it). Standard input (`-`)
must hold one position (FENKIT006), read as `fenkit check` reads a file: a BOM, blank lines and
`#` comment lines are skipped. Exit status 2: usage or I/O errors.";

/// Apply micro-moves (and rolls) one at a time and print the position after each.
#[derive(Debug, clap::Args)]
#[command(
    after_help = AFTER_HELP,
    mut_arg("profile", |arg| arg.help("The DFEN dialect to read (and write)"))
)]
pub(crate) struct Args {
    /// The starting position; `-` reads it from standard input
    #[arg(value_name = "POSITION")]
    position: String,

    /// Micro-moves in UCI, `0000` to pass, or dice letters to roll
    #[arg(value_name = "MOVE", required = true, num_args = 1..)]
    moves: Vec<String>,

    #[arg(long, value_name = "READING", default_value = "first", help = KING_CAPTURE_HELP, value_parser = crate::choices::choices::<dfen::rules::KingCapture>())]
    king_capture: dfen::rules::KingCapture,

    #[command(flatten)]
    options: PositionOptions,
}

/// Whether `token` is a roll: dice letters only, however many (a UCI move always has digits).
/// More than three are a roll all the same, which `parse_roll` refuses with `RULE003`.
fn is_roll(token: &str) -> bool {
    !token.is_empty()
        && token.bytes().all(|b| {
            matches!(
                b.to_ascii_uppercase(),
                b'P' | b'N' | b'B' | b'R' | b'Q' | b'K'
            )
        })
}

pub(crate) fn run(args: Args, global: &Global) -> Result<Status, Failure> {
    let mut position = match args.options.read(&args.position, Purpose::Play, global) {
        Ok(position) => position,
        Err(status) => return Ok(status),
    };
    let profile: dfen::Profile = args.options.profile.into();
    let rules = rules_under(args.king_capture);
    // The turn being played, from the position where its dice were rolled (or first seen):
    // under --king-capture any, what is legal depends on the moves before.
    let mut turn = rules.begin_turn(&position).ok();
    let mut stdout = global.stdout();
    let mut winner = None;
    for (index, token) in args.moves.iter().enumerate() {
        let step = index + 1;
        if let Some(color) = winner {
            stdout.flush()?;
            let over = dfen::rules::RulesCode::GameOver;
            global.error(format_args!(
                "step {step} `{token}`: {}: {}: expected no step after {} captured the king, \
                 found `{token}`",
                over.as_str(),
                over.title(),
                side_name(color)
            ));
            return Ok(Status::Findings);
        }
        let result = if is_roll(token) {
            dfen::rules::parse_roll(token)
                .and_then(|dice| dfen::rules::roll(&position, dice))
                .map(|rolled| {
                    turn = rules.begin_turn(&rolled).ok();
                    (rolled, None, false)
                })
        } else {
            let outcome = match turn.as_mut() {
                Some(turn) => turn.play_uci(token),
                None => rules.play_uci(&position, token),
            };
            outcome.map(|outcome| {
                let passed = outcome.played.is_none();
                (outcome.position, outcome.winner, passed)
            })
        };
        match result {
            Ok((next, won, passed)) => {
                position = next;
                winner = won;
                writeln!(stdout, "{}", notation::write_dfen(&position, profile))?;
                if passed {
                    stdout.flush()?;
                    let _ = writeln!(global.stderr(), "{PASS_NOTE}");
                }
            }
            Err(error) => {
                stdout.flush()?;
                global.error(format_args!("step {step} `{token}`: {error}"));
                return Ok(Status::Findings);
            }
        }
    }
    stdout.flush()?;
    if let Some(color) = winner {
        let _ = writeln!(
            global.stderr(),
            "game over: {} captured the king",
            side_name(color)
        );
    }
    Ok(Status::Clean)
}

fn side_name(color: dfen::Color) -> &'static str {
    match color {
        dfen::Color::White => "White",
        dfen::Color::Black => "Black",
    }
}

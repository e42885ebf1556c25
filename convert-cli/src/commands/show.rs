//! `fenkit show`: draw a position in the terminal.

use std::fmt::Write as _;
use std::io::Write;

use super::moves::{PositionOptions, Purpose, Stop, position_text};
use crate::cli::{Failure, Global, Status};
use crate::notation::Notation;

const AFTER_HELP: &str = "\
Examples:
  fenkit show 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 -'
  fenkit show '4d-fen v1: K@0,0,0,0; k@7,7,7,7; Pw@0,1,0,0'
  echo '8/8/8/8/8/8/8/8 w - - 0 1' | fenkit show -

DFEN: the board with coordinates, en-passant targets marked `*`, then the side to move,
castling, en passant, dice and clocks. FEN4: one x-y board for each (z, w) slice that holds
a piece.

Exit status 1, with `error: CODE: message` on stderr and nothing drawn, when the position does
not parse (DFENxxx, FEN4xxx) or is not UTF-8 (FENKIT001), and when a DFEN position has an
error-severity finding (DFEN201-DFEN204, as `fenkit check` reports them): --allow-errors draws
it anyway. Warnings are not shown (`fenkit check` lists them). Standard input (`-`) must hold
one position (FENKIT006), read as `fenkit check` reads a file: a BOM, blank lines and `#`
comment lines are skipped, and a FEN4 literal may go on in lines that start with a space.
Exit status 2: usage or I/O errors.";

/// Draw a position as a diagram in the terminal.
#[derive(Debug, clap::Args)]
#[command(
    after_help = AFTER_HELP,
    mut_arg("allow_errors", |arg| arg.help(
        "Draw a DFEN position that has error-severity findings (they are still printed, and do \
         not change the exit status)"
    ))
)]
pub(crate) struct Args {
    /// The position; `-` reads it from standard input
    #[arg(value_name = "POSITION")]
    position: String,

    /// The notation [default: fen4 if it starts with `4d-fen`, else dfen]
    #[arg(long, value_name = "NOTATION")]
    notation: Option<Notation>,

    #[command(flatten)]
    options: PositionOptions,
}

fn role_name(role: dfen::Role) -> &'static str {
    match role {
        dfen::Role::Pawn => "pawn",
        dfen::Role::Knight => "knight",
        dfen::Role::Bishop => "bishop",
        dfen::Role::Rook => "rook",
        dfen::Role::Queen => "queen",
        dfen::Role::King => "king",
    }
}

/// The DFEN diagram.
fn draw_dfen(position: &dfen::Dfen) -> String {
    let mut out = String::new();
    out.push_str("  +-----------------+\n");
    for rank in (0..8u8).rev() {
        let _ = write!(out, "{} |", rank + 1);
        for file in 0..8u8 {
            let Some(square) = dfen::Square::new(file, rank) else {
                continue;
            };
            let cell = match position.board.get(square) {
                Some(piece) => piece.letter(),
                None if position.en_passant.contains(square) => '*',
                None => '.',
            };
            let _ = write!(out, " {cell}");
        }
        out.push_str(" |\n");
    }
    out.push_str("  +-----------------+\n    a b c d e f g h\n\n");
    let side = match position.side {
        dfen::Color::White => "White",
        dfen::Color::Black => "Black",
    };
    let _ = writeln!(out, "side to move:  {side}");
    let _ = writeln!(out, "castling:      {}", position.castling);
    let ep: Vec<String> = position
        .en_passant
        .iter_alphabetical()
        .map(|s| s.to_string())
        .collect();
    let _ = writeln!(
        out,
        "en passant:    {}",
        if ep.is_empty() {
            "-".to_owned()
        } else {
            format!("{} (marked *)", ep.join(" "))
        }
    );
    if position.dice.is_empty() {
        let _ = writeln!(
            out,
            "dice:          - (a fresh turn: the dice are still to be rolled)"
        );
    } else {
        let names: Vec<&str> = position.dice.iter().map(role_name).collect();
        let _ = writeln!(
            out,
            "dice:          {} ({} to play)",
            position.dice.to_string_for(position.side),
            names.join(", ")
        );
    }
    let _ = writeln!(out, "halfmove:      {}", position.halfmove);
    let _ = writeln!(out, "fullmove:      {}", position.fullmove);
    out
}

/// The FEN4 diagram: one x-y board per occupied (z, w) slice.
fn draw_fen4(placement: &fen4::Placement) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} pieces", placement.len());
    let mut slices: Vec<(u8, u8)> = placement.iter().map(|(at, _)| (at.z(), at.w())).collect();
    slices.sort_unstable();
    slices.dedup();
    for (z, w) in slices {
        let _ = writeln!(out, "\nslice z={z} w={w}");
        out.push_str("    +-------------------------+\n");
        for y in (0..8u8).rev() {
            let _ = write!(out, "y={y} |");
            for x in 0..8u8 {
                let cell = fen4::Coord::new(x, y, z, w)
                    .and_then(|at| placement.get(at))
                    .map_or_else(|| ".".to_owned(), |piece| piece.spec().to_owned());
                let _ = write!(out, " {cell:<2}");
            }
            out.push_str(" |\n");
        }
        out.push_str("    +-------------------------+\n   x= 0  1  2  3  4  5  6  7\n");
    }
    out
}

pub(crate) fn run(args: Args, global: &Global) -> Result<Status, Failure> {
    let text = match position_text(&args.position, global) {
        Ok(text) => text,
        Err(Stop::Failed) => return Ok(Status::Error),
        Err(Stop::Rejected(rejection)) => return Ok(rejection.print(global)),
    };
    let notation = args.notation.unwrap_or_else(|| {
        if Notation::sniff(text.as_bytes()) == Notation::Fen4 {
            Notation::Fen4
        } else {
            Notation::Dfen
        }
    });
    let diagram = match notation {
        Notation::Ndjson4 => {
            global.error(
                "show draws one position, and an NDJSON4 record is a replay frame: \
                 take its placement with `fenkit convert --to fen4` and show that",
            );
            return Ok(Status::Error);
        }
        Notation::Fen4 => match fen4::Parser::new().parse(&text) {
            Ok(parsed) => draw_fen4(&parsed.placement),
            Err(error) => {
                global.error(format_args!("{}: {error}", error.code()));
                return Ok(Status::Findings);
            }
        },
        Notation::Dfen | Notation::Fen => {
            match args.options.parse(&text, Purpose::Board) {
                Ok(accepted) => {
                    // Read as `check` reads a `.fen` file: six fields must hold the position.
                    if notation == Notation::Fen
                        && let Err(error) = accepted.dfen.to_fen()
                    {
                        global.error(format_args!(
                            "{}: a six-field FEN cannot hold this position: it would drop {}; \
                             show it as DFEN (`--notation dfen`)",
                            crate::code::CliCode::NotSixFields,
                            error.dropped.join(" and ")
                        ));
                        return Ok(Status::Findings);
                    }
                    accepted.print_errors(global);
                    draw_dfen(&accepted.dfen)
                }
                Err(rejection) => return Ok(rejection.print(global)),
            }
        }
    };
    let mut stdout = global.stdout();
    write!(stdout, "{diagram}")?;
    stdout.flush()?;
    Ok(Status::Clean)
}

//! `fenkit show`: draw a position in the terminal.

use crate::choices::choices;
use std::fmt::Write as _;
use std::io::Write;

use fenkit_diagnostics::Severity;

use crate::context::{Failure, Global, Status};
use crate::position::{PositionOptions, REFUSED_NOTE, Stop, position_text};
use notation::{Notation, Position};

const AFTER_HELP: &str = "\
Examples:
  fenkit show 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 -'
  fenkit show '4d-fen v1: K@0,0,0,0; k@7,7,7,7; Pw@0,1,0,0'
  echo '8/8/8/8/8/8/8/8 w - - 0 1' | fenkit show -
  fenkit show --variant crazyhouse --dialect stockfish '2R~1k3/8/8/8/8/8/8/4K3[Pnn] b - - 0 40'
  fenkit show --variant threecheck --dialect lichess '4k3/8/8/8/8/8/8/4K3 w - - 0 1 +2+1'

DFEN: the board with coordinates, en-passant targets marked `*`, then the side to move,
castling, en passant, dice and clocks. With --variant, the variant's state in place of the dice:
three-check's checks given, crazyhouse's pockets (above and below the board, each on its
owner's side) and promoted pieces (marked `~` on the board, and listed), and
two-move chess's sub-turn. FEN4: one x-y board for each (z, w) slice that holds
a piece.

Exit status 1, with `error: CODE: message` on stderr and nothing drawn, when the position does
not parse (DFENxxx, FEN4xxx) or is not UTF-8 (FENKIT001), and when a DFEN position has an
error-severity finding (DFEN201-DFEN204, as `fenkit check` reports them): --allow-errors draws
it anyway. Warnings are not shown (`fenkit check` lists them). Standard input (`-`) must hold
one position (FENKIT006), read as `fenkit check` reads a file: a BOM, blank lines and `#`
comment lines are skipped, and a FEN4 literal may go on in lines that start with a space. The
current directory's configuration applies, as to standard input in `fenkit check` (`chess960 =
true` reads castling as Chess960 does; `--isolated` reads none).
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
    #[arg(long, value_name = "NOTATION", value_parser = choices::<Notation>())]
    notation: Option<Notation>,

    #[command(flatten)]
    variant: crate::options::VariantArgs,

    /// Read castling as Chess960 (Fischer random) does: `K`/`Q` are the outermost rooks on
    /// each side of the king [default: the configuration's `chess960`, else off; file letters
    /// such as `HAha` are read in either case]
    #[arg(long)]
    chess960: bool,

    #[command(flatten)]
    options: PositionOptions,

    #[command(flatten)]
    config: crate::config::ConfigArgs,
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

/// One pocket, as `show` draws it: the held pieces' letters, `-` when empty.
fn pocket(holdings: &chess::variant::Holdings, color: dfen::Color) -> String {
    let letters: String = holdings
        .pieces(chess::variant::PocketOrder::PawnFirst)
        .filter(|piece| piece.color == color)
        .map(|piece| piece.letter())
        .collect();
    if letters.is_empty() {
        "-".to_owned()
    } else {
        letters
    }
}

/// The lines a variant adds below the clocks: its counters, pockets' contents, promoted
/// pieces or sub-turn.
fn variant_lines(out: &mut String, position: &chess::variant::VariantFen) {
    use chess::variant::{SubTurn, Variant};
    let checks = position.checks;
    match position.variant {
        Variant::ThreeCheck => {
            for (name, color) in [("White", dfen::Color::White), ("Black", dfen::Color::Black)] {
                let _ = writeln!(
                    out,
                    "checks {name}:  {} given of {} ({} to go)",
                    checks.given(color),
                    checks.limit,
                    checks.remaining(color)
                );
            }
        }
        Variant::Crazyhouse => {
            let _ = writeln!(
                out,
                "pocket White:  {}",
                pocket(&position.holdings, dfen::Color::White)
            );
            let _ = writeln!(
                out,
                "pocket Black:  {}",
                pocket(&position.holdings, dfen::Color::Black)
            );
            let promoted: Vec<String> = position
                .promoted
                .iter_alphabetical()
                .map(|square| match position.fen.board.get(square) {
                    Some(piece) => format!("{} on {square}", piece.letter()),
                    None => square.to_string(),
                })
                .collect();
            let _ = writeln!(
                out,
                "promoted:      {}",
                if promoted.is_empty() {
                    "-".to_owned()
                } else {
                    format!("{} (marked ~)", promoted.join(" "))
                }
            );
        }
        Variant::TwoMove => {
            let side = match position.fen.side {
                dfen::Color::White => "White",
                dfen::Color::Black => "Black",
            };
            let which = match position.sub_turn {
                SubTurn::First => "first",
                SubTurn::Second => "second",
            };
            let _ = writeln!(
                out,
                "sub-turn:      {} ({side}'s {which} move of the turn)",
                position.sub_turn.digit()
            );
        }
        _ => {}
    }
}

/// The DFEN diagram; with a variant position, its state takes the dice's place.
fn draw_dfen(
    position: &dfen::Dfen,
    variant: Option<&chess::variant::VariantFen>,
    castling_mode: dfen::CastlingMode,
) -> String {
    let mut out = String::new();
    let crazyhouse = variant.filter(|v| v.variant == chess::variant::Variant::Crazyhouse);
    let promoted = crazyhouse.map_or(dfen::SquareSet::EMPTY, |v| v.promoted);
    if let Some(v) = crazyhouse {
        let _ = writeln!(out, "  [{}]", pocket(&v.holdings, dfen::Color::Black));
    }
    out.push_str("  +-----------------+\n");
    for rank in (0..8u8).rev() {
        let _ = write!(out, "{} | ", rank + 1);
        for file in 0..8u8 {
            let Some(square) = dfen::Square::new(file, rank) else {
                continue;
            };
            let cell = match position.board.get(square) {
                Some(piece) => piece.letter(),
                None if position.en_passant.contains(square) => '*',
                None => '.',
            };
            let mark = if promoted.contains(square) { '~' } else { ' ' };
            let _ = write!(out, "{cell}{mark}");
        }
        out.push_str("|\n");
    }
    out.push_str("  +-----------------+\n    a b c d e f g h\n");
    if let Some(v) = crazyhouse {
        let _ = writeln!(out, "  [{}]", pocket(&v.holdings, dfen::Color::White));
    }
    out.push('\n');
    let side = match position.side {
        dfen::Color::White => "White",
        dfen::Color::Black => "Black",
    };
    let _ = writeln!(out, "side to move:  {side}");
    if castling_mode == dfen::CastlingMode::Chess960 {
        // X-FEN, and the rooks each right is for.
        let rooks: Vec<String> = position
            .castling
            .rook_squares()
            .iter()
            .map(|s| s.to_string())
            .collect();
        let field = dfen::Writer::new()
            .castling_mode(castling_mode)
            .castling_field(position);
        if rooks.is_empty() {
            let _ = writeln!(out, "castling:      {field}");
        } else {
            let _ = writeln!(
                out,
                "castling:      {field} (the rooks on {})",
                rooks.join(", ")
            );
        }
    } else {
        let _ = writeln!(out, "castling:      {}", position.castling);
    }
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
    if variant.is_some() {
        // A variant's state is drawn after the clocks; it has no dice.
    } else if position.dice.is_empty() {
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
    if let Some(v) = variant {
        variant_lines(&mut out, v);
    }
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

/// Whether `show` can draw a notation's record: a replay's frame is not one position.
fn draws(entry: &notation::Entry) -> bool {
    entry.help.notation.is_some() && entry.replay.is_none()
}

pub(crate) fn run(args: Args, global: &Global) -> Result<Status, Failure> {
    let text = match position_text(&args.position, global) {
        Ok(text) => text,
        Err(Stop::Failed) => return Ok(Status::Error),
        Err(Stop::Rejected(rejection)) => return Ok(rejection.print(global)),
    };
    // The flags resolved as every command resolves them, over the current directory's
    // configuration (as for standard input: `chess960 = true` applies, a glob needs a path);
    // `--profile` (always given, `spec` by default) reads DFEN and is no variant's dialect,
    // so it is applied after.
    let flags = crate::config::Flags {
        read: notation::settings::Request {
            notation: args.notation,
            chess960: args.chess960,
            ..args.variant.request(None)
        }
        .resolve()?,
        deny_warnings: false,
    };
    let configs = crate::config::Configs::new(&args.config)?;
    configs.for_file(None)?;
    let file = configs.settings_at(None, flags);
    let notation = file
        .notation
        .unwrap_or_else(|| Notation::sniff_among(text.as_bytes(), draws, None));
    if let Some(replay) = notation.entry().replay {
        global.error(format_args!("show draws one position, and {replay}"));
        return Ok(Status::Error);
    }
    let settings = file.read.with_profile(args.options.profile.into());
    let (position, findings) = match notation.parse(&text, settings) {
        Ok(parsed) => parsed,
        Err(rejection) => {
            global.error(format_args!(
                "{}: {}",
                rejection.finding.code, rejection.finding.message
            ));
            return Ok(Status::Findings);
        }
    };
    let errors = || findings.iter().filter(|f| f.severity == Severity::Error);
    if !args.options.allow_errors && errors().next().is_some() {
        for finding in errors() {
            global.error(format_args!("{}: {}", finding.code, finding.message));
        }
        let _ = writeln!(global.stderr(), "note: {REFUSED_NOTE}");
        return Ok(Status::Findings);
    }
    // Read as `check` reads the notation's file: the notation must hold the position.
    if let Some(finding) = notation.cannot_hold(&position, text.len()) {
        global.error(format_args!(
            "{}: {}; show it as DFEN (`--notation dfen`)",
            finding.code, finding.message
        ));
        return Ok(Status::Findings);
    }
    for finding in errors() {
        global.error(format_args!("{}: {}", finding.code, finding.message));
    }
    let diagram = match &position {
        Position::Dfen(position) => draw_dfen(position, None, settings.castling_mode),
        Position::Fen4(placement) => draw_fen4(placement),
        Position::Variant(position) => {
            draw_dfen(&position.fen, Some(position), settings.castling_mode)
        }
        Position::Epd(epd) => draw_dfen(epd.position(), None, settings.castling_mode),
        Position::VariantEpd(line) => draw_dfen(
            &line.position.fen,
            Some(&line.position),
            settings.castling_mode,
        ),
    };
    let mut stdout = global.stdout();
    write!(stdout, "{diagram}")?;
    stdout.flush()?;
    Ok(Status::Clean)
}

//! `convert` of PGN games: the projections of each game (`--to uci`, `--to fen`/`epd` with
//! `--positions all|final`, `--to json`) and the inverse of the JSON form (`--to pgn`). These
//! are projections, not lossy conversions: each writes what the library reads of a game
//! (`pgn::Game`, `pgn::json`), and a game with an error still gets what was read up to it.

use std::io::{self, BufRead, Read, Write};

use crate::context::{Global, Status};
use crate::diag::renderer;
use crate::input::Origin;

/// What `convert` writes of PGN games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Projection {
    /// The mainline's moves in UCI, one line per game.
    Uci,
    /// The FEN after each move of the mainline (or after the last).
    Fen,
    /// The same as EPD lines, with an `id` from the tags and the ply.
    Epd,
    /// One JSON object per game per line (`pgn::json::to_json`).
    Json,
}

/// Which positions of a game `--to fen` and `--to epd` write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub(crate) enum Positions {
    /// the position after every move of the mainline
    #[default]
    All,
    /// the position after the mainline's last move: one line per game
    Final,
}

/// Converts the PGN games of `inputs` to `projection`, writing to standard output; each
/// game's errors go to standard error (exit 1). The positions written carry the en-passant
/// squares of `en_passant` (`legal` unless `--en-passant` says otherwise).
pub(crate) fn convert(
    inputs: &[Origin],
    projection: Projection,
    positions: Positions,
    castling: dfen::CastlingNotation,
    en_passant: dfen::EnPassantPolicy,
    global: &Global,
) -> io::Result<Status> {
    let mut status = Status::Clean;
    let mut stdout = global.data_stdout();
    let colored = anstream::AutoStream::choice(&io::stderr()) != anstream::ColorChoice::Never;
    let reader = pgn::Reader::new()
        .keep(match projection {
            Projection::Json => pgn::Keep::Tree,
            _ => pgn::Keep::Mainline,
        })
        .fens(projection != Projection::Uci)
        .en_passant(en_passant);
    for origin in inputs {
        let path = origin.display();
        let text = match super::pgn_games::read_text(origin) {
            Ok(text) => text,
            Err(error) => {
                global.error(crate::input::InputError::io(path.clone(), &error));
                status = status.worst(Status::Error);
                continue;
            }
        };
        let mut errors = Vec::new();
        for game in reader.games(&text) {
            if super::pgn_games::is_comments_alone(&game) {
                continue;
            }
            write_game(&game, projection, positions, castling, &mut stdout)?;
            errors.extend(
                game.findings
                    .iter()
                    .filter(|finding| finding.severity == fenkit_diagnostics::Severity::Error)
                    .cloned(),
            );
        }
        stdout.flush()?;
        if !errors.is_empty() {
            status = status.worst(Status::Findings);
            for diagnostic in super::pgn_games::place(&path, &text, errors) {
                let _ = writeln!(
                    global.stderr(),
                    "{}\n",
                    diagnostic.render(&renderer(colored))
                );
            }
        }
    }
    Ok(status)
}

fn write_game(
    game: &pgn::Game<'_>,
    projection: Projection,
    positions: Positions,
    castling: dfen::CastlingNotation,
    out: &mut impl Write,
) -> io::Result<()> {
    // Chess960 games are written in X-FEN, as python-chess writes them, unless
    // `--castling shredder` asks for the rooks' files.
    let shredder =
        castling == dfen::CastlingNotation::Shredder && game.variant == pgn::GameVariant::Chess960;
    let spelled = |fen: &str| -> String {
        if !shredder {
            return fen.to_owned();
        }
        dfen::Parser::new()
            .castling_mode(dfen::CastlingMode::Chess960)
            .layout(dfen::Layout::Fen)
            .parse(fen)
            .ok()
            .and_then(|parsed| {
                dfen::Writer::new()
                    .castling_mode(dfen::CastlingMode::Chess960)
                    .castling(dfen::CastlingNotation::Shredder)
                    .to_fen(&parsed.fixed())
                    .ok()
            })
            .unwrap_or_else(|| fen.to_owned())
    };
    match projection {
        Projection::Uci => writeln!(out, "{}", game.uci_mainline()),
        Projection::Json => writeln!(out, "{}", pgn::json::to_json(game)),
        Projection::Fen | Projection::Epd => {
            let fens: Vec<(usize, &str)> = match positions {
                Positions::All => game
                    .moves
                    .iter()
                    .enumerate()
                    .filter_map(|(index, node)| node.fen.as_deref().map(|fen| (index + 1, fen)))
                    .collect(),
                Positions::Final => {
                    let fen = game.final_fen.as_deref().unwrap_or(&game.start_fen);
                    vec![(game.moves.len(), fen)]
                }
            };
            for (ply, fen) in fens {
                let fen = spelled(fen);
                let fen = fen.as_str();
                if projection == Projection::Fen {
                    writeln!(out, "{fen}")?;
                } else {
                    writeln!(out, "{}", epd_line(game, fen, ply))?;
                }
            }
            Ok(())
        }
    }
}

/// The EPD line of `fen` after `ply` moves of `game`: its four position fields, the clocks as
/// `hmvc` and `fmvn` unless they are `0 1`, and an `id` made from the game's tags and the ply.
fn epd_line(game: &pgn::Game<'_>, fen: &str, ply: usize) -> String {
    let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    let mut line = fields.get(..4).unwrap_or(&fields).join(" ");
    if let (Some(half), Some(full)) = (fields.get(4), fields.get(5))
        && (*half, *full) != ("0", "1")
    {
        line.push_str(&format!(" hmvc {half}; fmvn {full};"));
    }
    let tag = |name: &str| {
        game.tag(name)
            .map(|value| value.into_owned())
            .unwrap_or_else(|| "?".to_owned())
    };
    let id = format!(
        "{} {} {}-{} ply {ply}",
        tag("Event"),
        tag("Round"),
        tag("White"),
        tag("Black")
    );
    let escaped = id.replace('\\', "\\\\").replace('"', "\\\"");
    line.push_str(&format!(" id \"{escaped}\";"));
    line
}

/// `convert --to pgn` of the JSON form, one game per line: each game's PGN, a blank line
/// between games. A line that is not a game's JSON form is an error on stderr (exit 1).
pub(crate) fn from_json(inputs: &[Origin], global: &Global) -> io::Result<Status> {
    let mut status = Status::Clean;
    let mut stdout = global.data_stdout();
    let mut first = true;
    for origin in inputs {
        let path = origin.display();
        let mut reader = match origin.open() {
            Ok(reader) => reader,
            Err(error) => {
                global.error(crate::input::InputError::io(path.clone(), &error));
                status = status.worst(Status::Error);
                continue;
            }
        };
        let mut text = String::new();
        if let Err(error) = reader.read_to_string(&mut text) {
            global.error(crate::input::InputError::io(path.clone(), &error));
            status = status.worst(Status::Error);
            continue;
        }
        for (index, line) in io::Cursor::new(text.as_bytes()).lines().enumerate() {
            let line = line?;
            if line.trim().is_empty() {
                continue;
            }
            let written = serde_json::from_str::<serde_json::Value>(&line)
                .map_err(|error| error.to_string())
                .and_then(|value| pgn::json::to_pgn(&value).map_err(|error| error.to_string()));
            match written {
                Ok(pgn) => {
                    if !first {
                        stdout.write_all(b"\n")?;
                    }
                    first = false;
                    stdout.write_all(pgn.as_bytes())?;
                }
                Err(error) => {
                    global.error(format_args!(
                        "{path}:{}: expected a game's JSON form: {error}",
                        index + 1
                    ));
                    status = status.worst(Status::Findings);
                }
            }
        }
    }
    stdout.flush()?;
    Ok(status)
}

/// `dedupe --positions all|final` over PGN games: each position (after every move of each
/// game's mainline, or after its last) that already appeared, in any game of any file, is a
/// `FENKIT020` warning at its move that names the first occurrence. Positions are the same when
/// the FEN's first four fields agree (en passant written only when a capture is legal, as
/// python-chess writes it) in the same variant; only a 64-bit hash of each and the line of its
/// first occurrence are kept (16 bytes a distinct position).
pub(crate) fn duplicates(
    inputs: &[Origin],
    positions: Positions,
    global: &Global,
) -> (Vec<crate::diag::Diagnostic>, usize) {
    let mut first: std::collections::HashMap<u64, (u32, u32)> = std::collections::HashMap::new();
    let mut diagnostics = Vec::new();
    let mut count = 0usize;
    let names: Vec<String> = inputs.iter().map(Origin::display).collect();
    let reader = pgn::Reader::new().keep(pgn::Keep::Mainline).fens(true);
    for (index, origin) in inputs.iter().enumerate() {
        let path = origin.display();
        let text = match super::pgn_games::read_text(origin) {
            Ok(text) => text,
            Err(error) => {
                global.error(crate::input::InputError::io(path.clone(), &error));
                continue;
            }
        };
        let mut found = Vec::new();
        let mut cursor = (0usize, 1usize);
        for game in reader.games(&text) {
            if super::pgn_games::is_comments_alone(&game) {
                continue;
            }
            // Each game's positions are keyed by its variant's rules (`spec/identity.md`
            // §2.2): crazyhouse's pockets and three-check's counters count.
            let (variant, chess960) = match game.variant {
                pgn::GameVariant::Standard => (variants::Variant::Chess, false),
                pgn::GameVariant::Chess960 => (variants::Variant::Chess, true),
                pgn::GameVariant::Variant(variant) => (variant, false),
                pgn::GameVariant::Unsupported(_) => continue,
            };
            let at: Vec<(std::ops::Range<usize>, &str)> = match positions {
                Positions::All => game
                    .moves
                    .iter()
                    .filter_map(|node| Some((node.span.clone(), node.fen.as_deref()?)))
                    .collect(),
                Positions::Final => {
                    let span = game
                        .moves
                        .last()
                        .map_or(game.span.start..game.span.start, |node| node.span.clone());
                    vec![(span, game.final_fen.as_deref().unwrap_or(&game.start_fen))]
                }
            };
            for (span, fen) in at {
                count += 1;
                let key = match variants::Position::from_fen(variant, fen, chess960) {
                    Ok(position) => position.identity_key(dfen::rules::EpIdentity::Always),
                    Err(_) => fen
                        .split_ascii_whitespace()
                        .take(4)
                        .collect::<Vec<_>>()
                        .join(" "),
                };
                let hash = dfen::fnv1a64(format!("{} {key}", variant.name()).as_bytes());
                let (offset, line) = cursor;
                let line = line
                    + memchr::memchr_iter(
                        b'\n',
                        text.as_bytes().get(offset..span.start).unwrap_or_default(),
                    )
                    .count();
                cursor = (span.start.max(offset), line);
                match first.get(&hash) {
                    Some(&(input, first_line)) => {
                        let first_path = names.get(input as usize).map_or("", String::as_str);
                        found.push(
                            fenkit_diagnostics::Finding::new(
                                notation::code::Code::Fenkit(notation::code::FenkitCode::Duplicate),
                                fenkit_diagnostics::Severity::Warning,
                                span,
                                format!(
                                    "duplicate position: the same position as {first_path}:{first_line}"
                                ),
                            )
                            .with_help(
                                "positions are the same when the FEN's first four fields and \
                                 the variant's pockets or checks agree",
                            ),
                        );
                    }
                    None => {
                        first.insert(
                            hash,
                            (
                                u32::try_from(index).unwrap_or(u32::MAX),
                                u32::try_from(line).unwrap_or(u32::MAX),
                            ),
                        );
                    }
                }
            }
        }
        diagnostics.extend(super::pgn_games::place_found(&path, &text, found));
    }
    (diagnostics, count)
}

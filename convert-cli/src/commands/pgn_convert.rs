//! `convert` of PGN games: the projections of each game (`--to uci`, `--to fen`/`epd` with
//! `--positions all|final`, `--to json`), whose rule is the library's
//! (`notation::projection`: this module reads the inputs and writes what it answers), and the
//! inverse of the JSON form (`--to pgn`).

use std::io::{self, BufRead, Read, Write};

use crate::context::{Global, Status};
use crate::diag::renderer;
use crate::input::Origin;

pub(crate) use notation::projection::{Positions, Projection};

/// Converts the PGN games of `inputs` to `projection` (the library's rule,
/// `notation::projection`), writing to standard output; each game's errors go to standard
/// error (exit 1). The positions written carry the en-passant squares of `en_passant` (`legal`
/// unless `--en-passant` says otherwise).
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
    let projector = notation::projection::Projector::new(projection)
        .positions(positions)
        .castling(castling)
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
        let mut written = Ok(());
        projector.each_game(&text, |game, found| {
            errors.extend(found);
            written = stdout.write_all(game.as_bytes());
            written.is_ok()
        });
        written?;
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

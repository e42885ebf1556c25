//! `pgn`: PGN games, as a notation a reader may name (`--notation pgn` for standard input,
//! Python's and JavaScript's `check(text, notation="pgn")`). A `.pgn` file is read so whatever
//! is asked of it. Its records are the games' tag sections, whose `[FEN]` tags are positions
//! read as standard FEN (the PGN container, [`crate::container`]); its movetext is read move
//! by move by the PGN library (`fenkit-pgn`). [`crate::reading::Reading::decide`] turns the
//! notation into the container, so that this entry reads no record itself.

use crate::{Codec, EnPassant, Entry, Family, Help, Json};

pub(super) static PGN: Entry = Entry {
    name: "pgn",
    help: Help {
        notation: Some(
            "PGN games: every move of every game, and each `[FEN]` tag (`.pgn` files are read \
             so whatever is asked)",
        ),
        variant: None,
        convert: None,
    },
    extensions: &[],
    shared_extensions: &[],
    family: Family::Dfen,
    positions: "PGN games",
    json: Json::No,
    continuation_lines: false,
    replay: None,
    variant: None,
    dialects: false,
    en_passant: EnPassant::Rules(dfen::rules::Game::Standard),
    reference_codes: false,
    suite: None,
    codec: &PgnCodec,
};

/// Never sniffed: a PGN text is named, or known by its extension.
struct PgnCodec;

impl Codec for PgnCodec {
    fn sniff(&self, _line: &crate::Line<'_>) -> u8 {
        0
    }

    fn sniffed_by_adapter(&self) -> bool {
        false
    }

    /// A command that reads one position at a time (`show`, `diff`) is told what `pgn` holds.
    fn read(
        &self,
        _notation: crate::Notation,
        text: &str,
        _settings: crate::ReadSettings,
    ) -> Result<crate::Read, crate::Rejection> {
        Err(crate::Rejection::new(
            crate::code::FenkitCode::CrossFamily,
            0..text.len(),
            "`pgn` holds games, not one position: expected a notation of positions (`fen`, \
             `epd`, `dfen`) here"
                .to_owned(),
        )
        .with_help(
            "`fenkit check --notation pgn` reads PGN games; `fenkit convert --to fen GAMES.pgn` \
             writes their positions",
        ))
    }

    fn holds_chess_positions(&self) -> bool {
        true
    }
}

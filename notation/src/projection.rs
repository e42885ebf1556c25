//! What `fenkit convert --notation pgn --to uci|fen|epd|json` makes of PGN games: each game's
//! projection, one rule for the command line and JavaScript's `convert(text, {notation:
//! 'pgn', to})`. A projection writes what the PGN library reads of a game (`pgn::Game`,
//! `pgn::json`); a game with an error still gets what was read up to it, and its errors come
//! beside what it wrote.
//!
//! - `uci`: the mainline's moves in UCI, one line per game.
//! - `fen`: the FEN after each move of the mainline ([`Positions::All`]), or after its last
//!   ([`Positions::Final`]: one line per game, the start position for a game of no move).
//! - `epd`: the same positions as EPD lines: the four position fields, the clocks as `hmvc`
//!   and `fmvn` unless they are `0 1`, and an `id` of the game's tags and the ply.
//! - `json`: one JSON object per game per line, the form `pgn::json::to_json` writes.
//!
//! Chess960 games are written in X-FEN, as python-chess writes them, unless the castling
//! notation asked for is Shredder-FEN.
//!
//! ```
//! use notation::projection::{Projection, Projector};
//!
//! let projector = Projector::new(Projection::Uci);
//! let projected = projector.project("1. e4 e5 2. Nf3 *\n\n1. d4 *\n");
//! assert_eq!(projected.text, "e2e4 e7e5 g1f3\nd2d4\n");
//! assert!(projected.errors.is_empty());
//! ```

use std::fmt::Write as _;

use fenkit_diagnostics::Severity;

use crate::choice::Choice;
use crate::container::is_comments_alone;
use crate::rewrite::Refused;
use crate::settings::SettingError;

/// What a PGN game becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Projection {
    /// The mainline's moves in UCI, one line per game.
    Uci,
    /// The FEN after each move of the mainline (or after the last).
    Fen,
    /// The same as EPD lines, with an `id` from the tags and the ply.
    Epd,
    /// One JSON object per game per line (`pgn::json::to_json`).
    Json,
}

impl Projection {
    /// The projection `--to` names: `uci`, `fen`, `epd` or `json`; `None` for any other name
    /// (a form that PGN games are not converted to).
    ///
    /// ```
    /// use notation::projection::Projection;
    ///
    /// assert_eq!(Projection::named("epd"), Some(Projection::Epd));
    /// assert_eq!(Projection::named("dfen"), None);
    /// ```
    #[must_use]
    pub fn named(name: &str) -> Option<Projection> {
        match name {
            "uci" => Some(Projection::Uci),
            "fen" => Some(Projection::Fen),
            "epd" => Some(Projection::Epd),
            "json" => Some(Projection::Json),
            _ => None,
        }
    }

    /// The names [`Projection::named`] reads, `, `-separated.
    pub const NAMES: &'static str = "uci, fen, epd, json";

    /// The projection `to` names, for PGN games read.
    ///
    /// # Errors
    /// A [`SettingError`] when `to` is missing or names no projection of a game.
    ///
    /// ```
    /// use notation::projection::Projection;
    ///
    /// assert_eq!(Projection::read(Some("uci")), Ok(Projection::Uci));
    /// let refused = Projection::read(Some("dfen")).unwrap_err();
    /// assert!(refused.message.contains("expected one of uci, fen, epd, json"));
    /// ```
    pub fn read(to: Option<&str>) -> Result<Projection, SettingError> {
        to.and_then(Projection::named).ok_or_else(|| SettingError {
            message: format!(
                "PGN games are converted to their moves or positions: expected one of {}, \
                 found {}",
                Projection::NAMES,
                to.map_or_else(|| "no `to`".to_owned(), |to| format!("\"{to}\"")),
            ),
            help: "`to: 'uci'` writes each game's moves, `fen` and `epd` its positions \
                   (`positions: 'final'` the last only), `json` the game"
                .to_owned(),
        })
    }
}

/// Which positions of a game `fen` and `epd` write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Positions {
    /// The position after every move of the mainline.
    #[default]
    All,
    /// The position after the mainline's last move: one line per game.
    Final,
}

impl Choice for Positions {
    fn offered() -> &'static [Self] {
        &[Positions::All, Positions::Final]
    }

    fn name(self) -> &'static str {
        match self {
            Positions::All => "all",
            Positions::Final => "final",
        }
    }

    fn help(self) -> &'static str {
        match self {
            Positions::All => "the position after every move of the mainline",
            Positions::Final => "the position after the mainline's last move: one line per game",
        }
    }
}

/// What a text's games wrote, one after another, and all their errors.
#[derive(Debug, Clone, Default)]
pub struct Projected {
    /// The games' lines, each ended by `\n`.
    pub text: String,
    /// The games' errors, in text order, their spans in the text.
    pub errors: Vec<fenkit_diagnostics::Finding<pgn::Code>>,
}

/// Projects the games of texts, with settings given once: which projection, which positions,
/// and how the positions are written.
#[derive(Debug, Clone, Copy)]
pub struct Projector {
    projection: Projection,
    positions: Positions,
    castling: dfen::CastlingNotation,
    en_passant: dfen::EnPassantPolicy,
}

impl Projector {
    /// The projector of `projection`: every position, X-FEN castling, and en-passant squares
    /// only where a legal capture can be made (as the command line writes them by default).
    #[must_use]
    pub fn new(projection: Projection) -> Projector {
        Projector {
            projection,
            positions: Positions::All,
            castling: dfen::CastlingNotation::default(),
            en_passant: dfen::EnPassantPolicy::Legal,
        }
    }

    /// Which positions `fen` and `epd` write.
    #[must_use]
    pub fn positions(mut self, positions: Positions) -> Projector {
        self.positions = positions;
        self
    }

    /// How the castling rights of Chess960 games are written.
    #[must_use]
    pub fn castling(mut self, castling: dfen::CastlingNotation) -> Projector {
        self.castling = castling;
        self
    }

    /// Which en-passant squares the positions carry.
    #[must_use]
    pub fn en_passant(mut self, en_passant: dfen::EnPassantPolicy) -> Projector {
        self.en_passant = en_passant;
        self
    }

    /// Projects the games of `text` in text order, handing `each` what a game wrote (its
    /// lines, each ended by `\n`, in a buffer used again for the next game) and its errors
    /// (spans in `text`), until `each` answers `false`; comments alone between two games are
    /// no game.
    ///
    /// ```
    /// use notation::projection::{Projection, Projector};
    ///
    /// let mut lines = Vec::new();
    /// Projector::new(Projection::Uci).each_game("1. e4 *\n\n1. d4 *\n", |written, errors| {
    ///     assert!(errors.is_empty());
    ///     lines.push(written.to_owned());
    ///     true
    /// });
    /// assert_eq!(lines, ["e2e4\n", "d2d4\n"]);
    /// ```
    pub fn each_game(
        &self,
        text: &str,
        mut each: impl FnMut(&str, Vec<fenkit_diagnostics::Finding<pgn::Code>>) -> bool,
    ) {
        let reader = pgn::Reader::new()
            .keep(match self.projection {
                Projection::Json => pgn::Keep::Tree,
                _ => pgn::Keep::Mainline,
            })
            .fens(self.projection != Projection::Uci)
            .en_passant(self.en_passant);
        let mut written = String::new();
        for game in reader.games(text) {
            if is_comments_alone(&game) {
                continue;
            }
            written.clear();
            self.write(&game, &mut written);
            let errors = game
                .findings
                .into_iter()
                .filter(|finding| finding.severity == Severity::Error)
                .collect();
            if !each(&written, errors) {
                break;
            }
        }
    }

    /// Every game of `text` projected, and their errors.
    #[must_use]
    pub fn project(&self, text: &str) -> Projected {
        let mut projected = Projected::default();
        self.each_game(text, |written, errors| {
            projected.text.push_str(written);
            projected.errors.extend(errors);
            true
        });
        projected
    }

    /// What `fenkit convert --notation pgn --to … -` writes for `text` on standard input,
    /// without its final line end when `text` has none; or, when a game has an error (which
    /// the command line reports after writing what was read up to it), the first error, with
    /// what the command line writes all the same ([`Refused::written`]).
    ///
    /// # Errors
    /// The first error of a game, placed in `text`.
    ///
    /// ```
    /// use notation::projection::{Projection, Projector};
    ///
    /// let projector = Projector::new(Projection::Uci);
    /// assert_eq!(projector.convert("1. e4 e5 *").unwrap(), "e2e4 e7e5");
    /// let refused = projector.convert("1. e4 e5 2. Ke3 *\n").unwrap_err();
    /// assert_eq!(refused.placed.finding.code.as_str(), "PGN201");
    /// assert_eq!(refused.written.as_deref(), Some("e2e4 e7e5\n"));
    /// ```
    pub fn convert(&self, text: &str) -> Result<String, Box<Refused>> {
        let projected = self.project(text);
        let mut written = projected.text;
        if !text.ends_with('\n') && written.ends_with('\n') {
            written.pop();
        }
        match projected.errors.into_iter().next() {
            Some(error) => {
                let mut refused = Refused::of_game(text, error);
                refused.written = Some(written);
                Err(Box::new(refused))
            }
            None => Ok(written),
        }
    }

    /// Writes `game` to `out`.
    fn write(&self, game: &pgn::Game<'_>, out: &mut String) {
        match self.projection {
            Projection::Uci => {
                out.push_str(&game.uci_mainline());
                out.push('\n');
            }
            Projection::Json => {
                // Written straight into `out` (a `String` takes every write).
                let _ = writeln!(out, "{}", pgn::json::to_json(game));
            }
            Projection::Fen | Projection::Epd => {
                let shredder = self.castling == dfen::CastlingNotation::Shredder
                    && game.variant == pgn::GameVariant::Chess960;
                let mut line = |ply: usize, fen: &str| {
                    let spelled = if shredder { shredder_fen(fen) } else { None };
                    let fen = spelled.as_deref().unwrap_or(fen);
                    if self.projection == Projection::Fen {
                        out.push_str(fen);
                    } else {
                        out.push_str(&epd_line(game, fen, ply));
                    }
                    out.push('\n');
                };
                match self.positions {
                    Positions::All => {
                        for (index, node) in game.moves.iter().enumerate() {
                            if let Some(fen) = node.fen.as_deref() {
                                line(index + 1, fen);
                            }
                        }
                    }
                    Positions::Final => {
                        let fen = game.final_fen.as_deref().unwrap_or(&game.start_fen);
                        line(game.moves.len(), fen);
                    }
                }
            }
        }
    }
}

/// A Chess960 FEN with its castling rights as the rooks' files; `None` when it is not read.
fn shredder_fen(fen: &str) -> Option<String> {
    let parsed = dfen::Parser::new()
        .castling_mode(dfen::CastlingMode::Chess960)
        .layout(dfen::Layout::Fen)
        .parse(fen)
        .ok()?;
    dfen::Writer::new()
        .castling_mode(dfen::CastlingMode::Chess960)
        .castling(dfen::CastlingNotation::Shredder)
        .to_fen(&parsed.fixed())
        .ok()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_and_epd_write_every_position_or_the_last() {
        let text = "[Event \"E\"]\n[White \"a\"]\n[Black \"b\"]\n\n1. e4 e5 *\n";
        let all = Projector::new(Projection::Fen).project(text);
        assert_eq!(
            all.text,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
             rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n"
        );
        let last = Projector::new(Projection::Epd)
            .positions(Positions::Final)
            .project(text);
        assert_eq!(
            last.text,
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - hmvc 0; fmvn 2; \
             id \"E ? a-b ply 2\";\n"
        );
    }

    #[test]
    fn a_game_with_an_error_writes_what_was_read_up_to_it() {
        let text = "1. e4 e5 2. Ke3 Nc6 *\n";
        let projected = Projector::new(Projection::Uci).project(text);
        assert_eq!(projected.text, "e2e4 e7e5\n");
        let error = projected.errors.first().expect("an error");
        assert_eq!(text.get(error.span.clone()), Some("Ke3"));
    }

    #[test]
    fn comments_alone_are_no_game() {
        let projected = Projector::new(Projection::Json).project("{ a comment }\n");
        assert_eq!(projected.text, "");
    }
}

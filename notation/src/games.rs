//! `pgn`: PGN games, as a notation a reader may name (`--notation pgn` for standard input,
//! Python's and JavaScript's `check(text, notation="pgn")`). A `.pgn` file is read so whatever
//! is asked of it. Its records are the games' tag sections, whose `[FEN]` tags are positions
//! read as standard FEN (the PGN container, [`crate::container`]); its movetext is read move
//! by move by the PGN library (`fenkit-pgn`). [`crate::reading::Reading::decide`] turns the
//! notation into the container, so that this entry reads no record itself; only the adapter
//! (`fenkit parse --notation pgn`, the conformance suite's `v1/pgn.jsonl`) analyses a whole
//! text as one input, with the library's own codes (spec/pgn.md §3).

use crate::code::{Finding, finding_of};
use crate::{Analysis, Analyze, Codec, EnPassant, Entry, Family, Help, Json, Suite, Work};

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
    columnar: false,
    reference_codes: false,
    suite: Some(Suite {
        file: "pgn",
        parity: true,
    }),
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

    fn analyzer(&self) -> Box<dyn Analyze> {
        Box::new(PgnAnalyzer)
    }
}

/// The adapter's analyser: the whole input is PGN, every game of it read by the library. Its
/// findings are every game's, in file order, with the library's codes; its canonical form is
/// the text with every game's edits applied (what `fmt` writes of the movetext and tags).
struct PgnAnalyzer;

impl Analyze for PgnAnalyzer {
    fn analyze(&mut self, work: &mut Work, _line: usize, text: &str) -> Analysis {
        let reader = pgn::Reader::new().strict(work.settings.strict);
        let mut findings: Vec<Finding> = Vec::new();
        let mut edits = Vec::new();
        for game in reader.games(text) {
            findings.extend(game.findings.into_iter().map(finding_of));
            edits.extend(game.edits);
        }
        let canonical = work.canonical_form(text, |out| {
            out.push_str(&pgn::apply_edits(text, &edits));
            Ok(())
        });
        Analysis::accepted(findings, canonical, None)
    }
}

//! `movetext`: SAN movetext from the standard start, with no tags and no termination marker (a
//! TSV column such as lichess's chess-openings `pgn`), read move by move by the PGN library
//! (`fenkit-pgn`, `pgn::Notation::Movetext`). Its findings are the `PGN` codes; its canonical
//! form is the text with the library's edits applied (canonical SAN and move numbers); its
//! identity (`dedupe`, `check --duplicates`) is the position after its last move.

use super::analysis::Identity;
use super::{Analysis, Analyze, Codec, EnPassant, Entry, Family, Help, Json, Line, Suite, Work};
use crate::code::{Finding, finding_of};

/// `movetext`.
pub(super) static MOVETEXT: Entry = Entry {
    name: "movetext",
    help: Help {
        notation: Some(
            "SAN movetext from the standard start, without tags or a termination marker (a \
             TSV column such as lichess's chess-openings `pgn`): every move checked, read in a \
             column as `1. e4 e5 …`",
        ),
        variant: None,
        convert: None,
    },
    extensions: &[],
    shared_extensions: &[],
    family: Family::Dfen,
    positions: "final positions of movetext",
    json: Json::No,
    continuation_lines: false,
    replay: None,
    variant: None,
    dialects: false,
    en_passant: EnPassant::Rules(dfen::rules::Game::Standard),
    columnar: false,
    reference_codes: false,
    suite: Some(Suite {
        file: "movetext",
        parity: true,
    }),
    codec: &MovetextCodec,
};

struct MovetextCodec;

impl Codec for MovetextCodec {
    /// A line that starts with the first move number, `1.` (or `1...`), is movetext: surer
    /// than FEN (2), which never starts so.
    fn sniff(&self, line: &Line<'_>) -> u8 {
        let start = line.start().trim_ascii_start();
        match start.strip_prefix(b"1.") {
            Some(rest)
                if rest
                    .first()
                    .is_none_or(|b| b.is_ascii_alphabetic() || *b == b' ' || *b == b'.') =>
            {
                3
            }
            _ => 0,
        }
    }

    fn sniffed_by_adapter(&self) -> bool {
        false
    }

    fn analyzer(&self) -> Box<dyn Analyze> {
        Box::new(MovetextAnalyzer)
    }
}

/// The movetext analyser: stateless.
struct MovetextAnalyzer;

impl Analyze for MovetextAnalyzer {
    fn analyze(&mut self, work: &mut Work, _line: usize, text: &str) -> Analysis {
        let identity = work.identity();
        let keep = if identity.is_some() {
            pgn::Keep::Mainline
        } else {
            pgn::Keep::Findings
        };
        let reader = pgn::Reader::new()
            .notation(pgn::Notation::Movetext)
            .strict(work.settings.strict)
            .commands(work.comment_commands())
            .keep(keep);
        let Some(game) = reader.games(text).next() else {
            return Analysis::accepted(Vec::new(), None, None);
        };
        let findings: Vec<Finding> = game.findings.iter().cloned().map(finding_of).collect();
        let canonical = work.canonical_form(text, |out| {
            if game.edits.is_empty() {
                out.push_str(text);
            } else {
                out.push_str(&pgn::apply_edits(text, &game.edits));
            }
            Ok(())
        });
        let identity = identity.and_then(|ep| {
            let fen = game.final_fen.as_deref()?;
            let parsed = super::dfen::parser(work.settings)
                .layout(dfen::Layout::Fen)
                .parse(fen)
                .ok()?;
            Some(Identity::of_key(dfen::rules::identity_key(
                &parsed.fixed(),
                ep,
                dfen::rules::Game::Standard,
            )))
        });
        let mut analysis = Analysis::accepted(findings, canonical, identity);
        let commands: Vec<_> = game
            .unread_commands
            .iter()
            .map(|command| command.note(text))
            .collect();
        analysis.commands = (!commands.is_empty()).then(|| Box::new(commands));
        analysis
    }
}

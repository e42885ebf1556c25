//! `canonical`, `convert` and `positionKey`: what `fenkit fmt -`, `fenkit convert -` and
//! `fenkit dedupe` make of a text, rewritten by the notation library (`notation::rewrite`) in
//! every notation of its table. The options are named as the command line's flags are and
//! read by the library's names (`notation::choice`): this module names no notation, form,
//! variant or dialect of its own.

use serde::{Deserialize, Serialize};

use notation::named::{RewriteNames, Rewriter as Resolved};
use notation::rewrite::Refused;
use notation::settings::SettingError;

use crate::found::{Failure, Found, Source};
use crate::options::ReadOptions;

/// The options of the three calls, as the JavaScript side passes them (JSON).
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Options {
    #[serde(flatten)]
    read: ReadOptions,
    to_dialect: Option<String>,
    castling: Option<String>,
    en_passant: Option<String>,
    /// `positionKey`: how en passant counts in the key.
    ep: Option<String>,
    /// `convert`: the form read and the form written.
    from: Option<String>,
    to: Option<String>,
    #[serde(default)]
    lossy: bool,
    /// `convert` of PGN games: which positions `fen` and `epd` write.
    positions: Option<String>,
}

impl Options {
    /// These options as the library takes them.
    fn names(&self) -> RewriteNames<'_> {
        RewriteNames {
            read: self.read.names(false),
            to_dialect: self.to_dialect.as_deref(),
            castling: self.castling.as_deref(),
            en_passant: self.en_passant.as_deref(),
            ep: self.ep.as_deref(),
            from: self.from.as_deref(),
            to: self.to.as_deref(),
            lossy: self.lossy,
            positions: self.positions.as_deref(),
        }
    }
}

/// Why the options are refused: the library's message and fix.
#[derive(Debug, Clone, Serialize)]
struct Refusal {
    refused: String,
    help: String,
}

impl From<SettingError> for Refusal {
    fn from(error: SettingError) -> Refusal {
        Refusal {
            refused: error.message,
            help: error.help,
        }
    }
}

/// The options read and resolved once by the library, for the calls that follow.
pub(crate) struct Rewriter(Resolved);

impl Rewriter {
    /// The rewriter of `options` (JSON).
    pub(crate) fn new(options: &str) -> Rewriter {
        let options: Options = serde_json::from_str(options).unwrap_or_default();
        Rewriter(Resolved::new(&options.names()))
    }

    /// `fenkit fmt`'s form of `text`: the answer the JavaScript side reads (`lib.rs`,
    /// `answer`), or `?` and the refusal of the options.
    pub(crate) fn canonical(&mut self, source: Source<'_>, text: &str) -> String {
        answer(self.0.format(text), source)
    }

    /// `fenkit convert`'s form of `text`.
    pub(crate) fn convert(&self, source: Source<'_>, text: &str) -> String {
        answer(self.0.convert(text), source)
    }

    /// The identity key of the one position of `text`.
    pub(crate) fn key(&mut self, source: Source<'_>, text: &str) -> String {
        answer(self.0.key(text), source)
    }
}

/// The refusal of the options, as the JavaScript side reads it: `?` and JSON.
fn refused(refusal: &Refusal) -> String {
    let mut out = String::from("?");
    out.push_str(&serde_json::to_string(refusal).unwrap_or_default());
    out
}

/// A rewrite as the JavaScript side reads it: `=` and the text, `!` and the `FenkitError`'s
/// fields, `?` and the refusal of the settings.
fn answer(
    result: Result<Result<String, Box<Refused>>, SettingError>,
    source: Source<'_>,
) -> String {
    match result {
        Ok(Ok(text)) => {
            let mut out = String::with_capacity(text.len() + 1);
            out.push('=');
            out.push_str(&text);
            out
        }
        Ok(Err(refused)) => {
            let mut out = String::from("!");
            out.push_str(&crate::analysis::json(&failure(*refused).out(source)));
            out
        }
        Err(error) => self::refused(&Refusal::from(error)),
    }
}

/// The `FenkitError` of a refused text: its finding, spanned in the whole text.
fn failure(refused: Refused) -> Failure {
    let span = refused.placed.span();
    let finding = refused.placed.finding;
    let found = Found {
        code: finding.code.as_str(),
        category: finding.code.category().as_str(),
        severity: finding.severity,
        span,
        message: finding.message,
        help: finding.help,
        fixable: finding.fixable,
    };
    let mut failure = Failure::rejecting(found);
    failure.reference = refused
        .reference
        .map(|reference| (reference.code, reference.offset as usize));
    failure.dropped = refused.dropped;
    failure.written = refused.written;
    failure
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewrite(call: &str, text: &str, options: &str) -> String {
        let mut rewriter = Rewriter::new(options);
        let source = Source::new(text, false);
        match call {
            "canonical" => rewriter.canonical(source, text),
            "convert" => rewriter.convert(source, text),
            _ => rewriter.key(source, text),
        }
    }

    #[test]
    fn every_notation_of_the_table_is_rewritten() {
        let epd = "4k3/8/8/8/8/8/8/4K3 w - - id  \"x\";";
        assert_eq!(
            rewrite("canonical", epd, r#"{"notation":"epd"}"#),
            "=4k3/8/8/8/8/8/8/4K3 w - - id \"x\";"
        );
        assert_eq!(
            rewrite("convert", epd, r#"{"from":"epd","to":"fen","lossy":true}"#),
            "=4k3/8/8/8/8/8/8/4K3 w - - 0 1"
        );
        assert_eq!(
            rewrite("key", epd, r#"{"notation":"epd"}"#),
            "=4k3/8/8/8/8/8/8/4K3 w - - -"
        );
    }

    #[test]
    fn pgn_games_are_projected_as_the_command_line_projects_them() {
        let text = "1. e4 e5 *\n\n1. d4 *\n";
        assert_eq!(
            rewrite("convert", text, r#"{"notation":"pgn","to":"uci"}"#),
            "=e2e4 e7e5\nd2d4\n"
        );
        assert_eq!(
            rewrite(
                "convert",
                text,
                r#"{"from":"pgn","to":"fen","positions":"final"}"#
            ),
            "=rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n\
             rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n"
        );
        let answer = rewrite("convert", text, r#"{"notation":"pgn","to":"dfen"}"#);
        assert!(answer.starts_with('?'), "{answer}");
        assert!(
            answer.contains("expected one of uci, fen, epd, json"),
            "{answer}"
        );
        let answer = rewrite(
            "convert",
            "1. e4 e5 2. Ke3 *\n",
            r#"{"notation":"pgn","to":"uci"}"#,
        );
        assert!(answer.starts_with('!'), "{answer}");
        assert!(answer.contains("\"code\":\"PGN201\""), "{answer}");
    }

    #[test]
    fn unknown_names_are_refused_in_the_library_s_words() {
        let answer = rewrite("canonical", "x", r#"{"notation":"pgnx"}"#);
        assert!(answer.starts_with("?"), "{answer}");
        assert!(answer.contains("unknown notation"), "{answer}");
        let answer = rewrite("convert", "x", r#"{"to":"png"}"#);
        assert!(answer.contains("unknown format"), "{answer}");
    }

    #[test]
    fn a_rejected_position_is_the_error() {
        let answer = rewrite("canonical", "4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "{}");
        assert!(answer.starts_with("!"), "{answer}");
        assert!(answer.contains("\"code\":\"DFEN202\""), "{answer}");
    }
}

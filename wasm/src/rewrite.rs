//! `canonical`, `convert` and `positionKey`: what `fenkit fmt -`, `fenkit convert -` and
//! `fenkit dedupe` make of a text, rewritten by the notation library (`notation::rewrite`) in
//! every notation of its table. The options are named as the command line's flags are and
//! read by the library's names (`notation::choice`): this module names no notation, form,
//! variant or dialect of its own.

use serde::{Deserialize, Serialize};

use notation::choice::Choice;
use notation::projection::{Positions, Projection, Projector};
use notation::rewrite::{Formatter, Plan, Refused};
use notation::settings::{Request, SettingError};
use notation::{DialectArg, Target};

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

/// A setting's value by its name.
fn chosen<T: Choice>(setting: &str, name: Option<&str>) -> Result<Option<T>, Refusal> {
    crate::options::chosen(setting, name).map_err(Refusal::from)
}

impl From<crate::options::Refusal> for Refusal {
    fn from((refused, help): crate::options::Refusal) -> Refusal {
        Refusal { refused, help }
    }
}

/// What `convert` does with a text: its positions converted one by one, or, for PGN games,
/// each game projected.
enum Conversion {
    Positions(Plan),
    Games(Projector),
}

/// The options read and resolved once, for the calls that follow: each call's settings, or
/// why they are refused.
pub(crate) struct Rewriter {
    formatter: Result<Formatter, Refusal>,
    plan: Result<Conversion, Refusal>,
    ep: Result<dfen::rules::EpIdentity, Refusal>,
}

impl Rewriter {
    /// The rewriter of `options` (JSON).
    pub(crate) fn new(options: &str) -> Rewriter {
        let options: Options = serde_json::from_str(options).unwrap_or_default();
        let refused = |refusal: &Refusal| Rewriter {
            formatter: Err(refusal.clone()),
            plan: Err(refusal.clone()),
            ep: Err(refusal.clone()),
        };
        let request = match request(&options) {
            Ok(request) => request,
            Err(refusal) => return refused(&refusal),
        };
        let writing = chosen::<dfen::CastlingNotation>("castling", options.castling.as_deref())
            .and_then(|castling| {
                let en_passant =
                    chosen::<dfen::EnPassantPolicy>("en-passant", options.en_passant.as_deref())?;
                Ok((
                    castling,
                    en_passant.unwrap_or(dfen::EnPassantPolicy::Always),
                ))
            });
        let (castling, en_passant) = match writing {
            Ok(writing) => writing,
            Err(refusal) => return refused(&refusal),
        };
        let formatter = request
            .resolve()
            .map(|resolved| Formatter::writing(resolved, castling, en_passant))
            .map_err(Refusal::from);
        let plan = match games(&options, castling) {
            Some(projector) => projector.map(Conversion::Games),
            None => plan(&options, &request).map(|plan| {
                Conversion::Positions(plan.writing(castling, en_passant, options.lossy))
            }),
        };
        let ep = chosen::<dfen::rules::EpIdentity>("en-passant identity", options.ep.as_deref())
            .map(|ep| ep.unwrap_or(dfen::rules::EpIdentity::Always));
        Rewriter {
            formatter,
            plan,
            ep,
        }
    }

    /// `fenkit fmt`'s form of `text`: the answer the JavaScript side reads (`lib.rs`,
    /// `answer`), or `?` and the refusal of the options.
    pub(crate) fn canonical(&mut self, source: Source<'_>, text: &str) -> String {
        match &mut self.formatter {
            Ok(formatter) => answer(formatter.format(text), source),
            Err(refusal) => refused(refusal),
        }
    }

    /// `fenkit convert`'s form of `text`.
    pub(crate) fn convert(&self, source: Source<'_>, text: &str) -> String {
        match &self.plan {
            Ok(Conversion::Positions(plan)) => answer(Ok(plan.convert(text)), source),
            Ok(Conversion::Games(projector)) => answer(Ok(projector.convert(text)), source),
            Err(refusal) => refused(refusal),
        }
    }

    /// The identity key of the one position of `text`.
    pub(crate) fn key(&mut self, source: Source<'_>, text: &str) -> String {
        let ep = match &self.ep {
            Ok(ep) => *ep,
            Err(refusal) => return refused(refusal),
        };
        match &mut self.formatter {
            Ok(formatter) => answer(formatter.key(text, ep), source),
            Err(refusal) => refused(refusal),
        }
    }
}

/// The request `options` make (the notation aside for `convert`, whose `from` it is).
fn request(options: &Options) -> Result<Request, Refusal> {
    Ok(Request {
        to_dialect: chosen::<DialectArg>("to-dialect", options.to_dialect.as_deref())?,
        ..options.read.request()?
    })
}

/// What `convert` reads and writes: `from` (else `notation`) and `to`, by the names `fenkit
/// convert --from` and `--to` take.
fn plan(options: &Options, request: &Request) -> Result<Plan, Refusal> {
    let from = options
        .from
        .as_deref()
        .or(options.read.notation.as_deref())
        .map(notation::rewrite::form_read)
        .transpose()?;
    let to = chosen::<Target>("format", options.to.as_deref())?.map(|target| target.0);
    Plan::new(
        &Request {
            notation: None,
            ..*request
        },
        from,
        to,
    )
    .map_err(Refusal::from)
}

/// `convert` of PGN games (`from`, else `notation`, is `pgn`): the projection `to` names, with
/// `positions`, `castling` and `enPassant` (legal squares unless named), as `fenkit convert
/// --notation pgn` writes; `None` for positions.
fn games(
    options: &Options,
    castling: Option<dfen::CastlingNotation>,
) -> Option<Result<Projector, Refusal>> {
    let from = options
        .from
        .as_deref()
        .or(options.read.notation.as_deref())?;
    if !notation::rewrite::reads_games(from) {
        return None;
    }
    let projector = || {
        let projection = Projection::read(options.to.as_deref())?;
        let positions = chosen::<Positions>("positions", options.positions.as_deref())?;
        let en_passant =
            chosen::<dfen::EnPassantPolicy>("en-passant", options.en_passant.as_deref())?;
        Ok(Projector::new(projection)
            .positions(positions.unwrap_or_default())
            .castling(castling.unwrap_or_default())
            .en_passant(en_passant.unwrap_or(dfen::EnPassantPolicy::Legal)))
    };
    Some(projector())
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

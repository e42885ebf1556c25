//! Settings given by name, as the bindings receive them: Python's keyword arguments and
//! JavaScript's option objects name every setting as the command line's flags name its value
//! (`notation="epd"`, `{castling: 'shredder'}`). [`ReadNames`] turns the names of how a text
//! is read into a [`Request`]; [`RewriteNames`] adds how it is written, and [`Rewriter`]
//! resolves them once into what `fenkit fmt -`, `fenkit convert -` and `fenkit dedupe` do
//! with a text. A binding only moves its arguments into these structs and its answers out:
//! which settings go together, their defaults, and whether `convert` projects PGN games or
//! converts positions are decided here.
//!
//! ```
//! use notation::named::{ReadNames, RewriteNames, Rewriter};
//!
//! let names = RewriteNames {
//!     read: ReadNames { notation: Some("fen"), ..ReadNames::default() },
//!     to: Some("epd"),
//!     ..RewriteNames::default()
//! };
//! let mut rewriter = Rewriter::new(&names);
//! let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
//! assert_eq!(rewriter.convert(fen).unwrap().unwrap(), "4k3/8/8/8/8/8/8/4K3 w - -");
//! assert_eq!(rewriter.format("4k3/8/8/8/8/8/8/4K3 w - - 0 01").unwrap().unwrap(), fen);
//!
//! // A name that is none of a setting's is refused with the names it takes.
//! let refused = ReadNames { notation: Some("fenn"), ..ReadNames::default() }.request();
//! assert!(refused.unwrap_err().message.contains("fenn"));
//! ```

use crate::choice::Choice;
use crate::projection::{Positions, Projection, Projector};
use crate::rewrite::{Formatter, Plan, Refused};
use crate::settings::{Request, SettingError};
use crate::{DialectArg, Notation, ProfileArg, Target, VariantName};

/// How a text is read, each setting by the name its flag takes (`None`: not given).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReadNames<'a> {
    /// `--notation`: `None` reads the text as a file without an extension, by its first
    /// position.
    pub notation: Option<&'a str>,
    /// `--variant`.
    pub variant: Option<&'a str>,
    /// `--profile`.
    pub profile: Option<&'a str>,
    /// `--dialect`.
    pub dialect: Option<&'a str>,
    /// `--check-limit`.
    pub check_limit: Option<u8>,
    /// `--chess960`.
    pub chess960: bool,
    /// `--strict`.
    pub strict: bool,
}

/// A setting's value by its name, `None` when no name is given.
///
/// # Errors
/// A [`SettingError`] naming the names `setting` takes, for a name that is none of them.
pub fn chosen<T: Choice>(setting: &str, name: Option<&str>) -> Result<Option<T>, SettingError> {
    let Some(name) = name else {
        return Ok(None);
    };
    crate::choice::by_name(setting, name)
        .map(Some)
        .map_err(|message| SettingError {
            message,
            help: format!("`{setting}` takes one of the names above"),
        })
}

impl ReadNames<'_> {
    /// The request these names make, its other settings the defaults.
    ///
    /// # Errors
    /// A [`SettingError`] for a name that is none of its setting's.
    pub fn request(&self) -> Result<Request, SettingError> {
        Ok(Request {
            notation: chosen::<Notation>("notation", self.notation)?,
            variant: chosen::<VariantName>("variant", self.variant)?,
            profile: chosen::<ProfileArg>("profile", self.profile)?,
            dialect: chosen::<DialectArg>("dialect", self.dialect)?,
            check_limit: self.check_limit,
            chess960: self.chess960,
            strict: self.strict,
            ..Request::default()
        })
    }
}

/// How a text is read and written again, each setting by the name its flag takes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RewriteNames<'a> {
    /// How the text is read.
    pub read: ReadNames<'a>,
    /// `--to-dialect`: the dialect a variant is written in.
    pub to_dialect: Option<&'a str>,
    /// `--castling`: the spelling castling rights are written in.
    pub castling: Option<&'a str>,
    /// `--en-passant`: the en-passant squares written.
    pub en_passant: Option<&'a str>,
    /// `fenkit dedupe --ep`: how en passant counts in a position's identity key.
    pub ep: Option<&'a str>,
    /// `convert --from`: the form read (else `read.notation`).
    pub from: Option<&'a str>,
    /// `convert --to`: the form written.
    pub to: Option<&'a str>,
    /// `convert --lossy`: drop what the form written cannot hold.
    pub lossy: bool,
    /// `convert --positions`: which positions of a PGN game `fen` and `epd` write.
    pub positions: Option<&'a str>,
}

/// What `convert` does with a text: its positions converted one by one, or, for PGN games,
/// each game projected.
enum Conversion {
    Positions(Plan),
    Games(Projector),
}

/// A text rewritten as the command line rewrites standard input, with settings given by name
/// and resolved once for the texts that follow: each call's answer, or why its settings are
/// refused ([`SettingError`]).
pub struct Rewriter {
    formatter: Result<Formatter, SettingError>,
    conversion: Result<Conversion, SettingError>,
    ep: Result<dfen::rules::EpIdentity, SettingError>,
}

impl Rewriter {
    /// The rewriter of `names`. Settings that are refused are not an error here: each call
    /// that needs them answers with the refusal, so that `format` works with settings only
    /// `convert` refuses (a missing `to`).
    #[must_use]
    pub fn new(names: &RewriteNames<'_>) -> Rewriter {
        let refused = |error: SettingError| Rewriter {
            formatter: Err(error.clone()),
            conversion: Err(error.clone()),
            ep: Err(error),
        };
        let request = match names.read.request().and_then(|request| {
            Ok(Request {
                to_dialect: chosen::<DialectArg>("to-dialect", names.to_dialect)?,
                ..request
            })
        }) {
            Ok(request) => request,
            Err(error) => return refused(error),
        };
        let writing =
            chosen::<dfen::CastlingNotation>("castling", names.castling).and_then(|castling| {
                chosen::<dfen::EnPassantPolicy>("en-passant", names.en_passant)
                    .map(|en_passant| (castling, en_passant))
            });
        let (castling, en_passant) = match writing {
            Ok(writing) => writing,
            Err(error) => return refused(error),
        };
        let formatter = request.resolve().map(|resolved| {
            Formatter::writing(
                resolved,
                castling,
                en_passant.unwrap_or(dfen::EnPassantPolicy::Always),
            )
        });
        let from = names.from.or(names.read.notation);
        let conversion = if from.is_some_and(crate::rewrite::reads_games) {
            projector(names, castling, en_passant).map(Conversion::Games)
        } else {
            plan(names, &request, from).map(|plan| {
                Conversion::Positions(plan.writing(
                    castling,
                    en_passant.unwrap_or(dfen::EnPassantPolicy::Always),
                    names.lossy,
                ))
            })
        };
        let ep = chosen::<dfen::rules::EpIdentity>("en-passant identity", names.ep)
            .map(|ep| ep.unwrap_or(dfen::rules::EpIdentity::Always));
        Rewriter {
            formatter,
            conversion,
            ep,
        }
    }

    /// What `fenkit fmt -` writes for `text` ([`Formatter::format`]).
    ///
    /// # Errors
    /// The refusal of the settings; inside, the error of a position `fmt` leaves as written.
    pub fn format(&mut self, text: &str) -> Result<Result<String, Box<Refused>>, SettingError> {
        match &mut self.formatter {
            Ok(formatter) => formatter.format(text),
            Err(error) => Err(error.clone()),
        }
    }

    /// What `fenkit convert -` writes for `text`: its positions converted ([`Plan::convert`]),
    /// or, for PGN games, each game projected ([`Projector::convert`]).
    ///
    /// # Errors
    /// The refusal of the settings; inside, the first error that stops the conversion.
    pub fn convert(&self, text: &str) -> Result<Result<String, Box<Refused>>, SettingError> {
        match &self.conversion {
            Ok(Conversion::Positions(plan)) => Ok(plan.convert(text)),
            Ok(Conversion::Games(projector)) => Ok(projector.convert(text)),
            Err(error) => Err(error.clone()),
        }
    }

    /// The identity key of the one position of `text` ([`Formatter::key`]), en passant
    /// counted as `ep` names.
    ///
    /// # Errors
    /// The refusal of the settings, and of a text of more than one position or of none;
    /// inside, the error of the position.
    pub fn key(&mut self, text: &str) -> Result<Result<String, Box<Refused>>, SettingError> {
        let ep = self.ep.clone()?;
        match &mut self.formatter {
            Ok(formatter) => formatter.key(text, ep),
            Err(error) => Err(error.clone()),
        }
    }
}

/// What `convert` reads and writes: `from` and `to`, by the names `fenkit convert --from` and
/// `--to` take, with the rest of `request` (its notation is `from`).
fn plan(
    names: &RewriteNames<'_>,
    request: &Request,
    from: Option<&str>,
) -> Result<Plan, SettingError> {
    let from = from.map(crate::rewrite::form_read).transpose()?;
    let to = chosen::<Target>("format", names.to)?.map(|target| target.0);
    Plan::new(
        &Request {
            notation: None,
            ..*request
        },
        from,
        to,
    )
}

/// `convert` of PGN games: the projection `to` names, with `positions`, `castling` and the
/// en-passant squares (the legal ones unless named), as `fenkit convert --notation pgn`
/// writes.
fn projector(
    names: &RewriteNames<'_>,
    castling: Option<dfen::CastlingNotation>,
    en_passant: Option<dfen::EnPassantPolicy>,
) -> Result<Projector, SettingError> {
    let projection = Projection::read(names.to)?;
    let positions = chosen::<Positions>("positions", names.positions)?;
    Ok(Projector::new(projection)
        .positions(positions.unwrap_or_default())
        .castling(castling.unwrap_or_default())
        .en_passant(en_passant.unwrap_or(dfen::EnPassantPolicy::Legal)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewriter(names: RewriteNames<'_>) -> Rewriter {
        Rewriter::new(&names)
    }

    #[test]
    fn a_refused_name_answers_every_call() {
        let mut rewriter = rewriter(RewriteNames {
            castling: Some("shreder"),
            ..RewriteNames::default()
        });
        let text = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
        for refused in [
            rewriter.format(text).unwrap_err(),
            rewriter.convert(text).unwrap_err(),
            rewriter.key(text).unwrap_err(),
        ] {
            assert!(refused.message.contains("shreder"), "{refused}");
            assert_eq!(refused.help, "`castling` takes one of the names above");
        }
    }

    #[test]
    fn format_works_where_only_convert_is_refused() {
        let mut rewriter = rewriter(RewriteNames::default());
        let text = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(rewriter.format(text).unwrap().unwrap(), text);
        assert!(rewriter.convert(text).unwrap_err().message.contains("--to"));
        assert_eq!(
            rewriter.key(text).unwrap().unwrap(),
            "4k3/8/8/8/8/8/8/4K3 w - - -"
        );
    }

    #[test]
    fn pgn_games_are_projected_with_legal_en_passant_squares() {
        let names = |to| RewriteNames {
            read: ReadNames {
                notation: Some("pgn"),
                ..ReadNames::default()
            },
            to: Some(to),
            positions: Some("final"),
            ..RewriteNames::default()
        };
        let game = "1. e4 e5 *\n";
        assert_eq!(
            rewriter(names("uci")).convert(game).unwrap().unwrap(),
            "e2e4 e7e5\n"
        );
        // e5 leaves no legal en passant capture, so no square is written.
        assert_eq!(
            rewriter(names("fen")).convert(game).unwrap().unwrap(),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n"
        );
        let refused = rewriter(names("dfen")).convert(game).unwrap_err();
        assert!(refused.message.contains("dfen"), "{refused}");
    }

    #[test]
    fn positions_are_converted_with_the_spelling_asked() {
        let names = RewriteNames {
            read: ReadNames {
                chess960: true,
                ..ReadNames::default()
            },
            from: Some("fen"),
            to: Some("fen"),
            castling: Some("shredder"),
            ..RewriteNames::default()
        };
        assert_eq!(
            rewriter(names)
                .convert("4k2r/8/8/8/8/8/8/R3K3 w Qk - 0 1")
                .unwrap()
                .unwrap(),
            "4k2r/8/8/8/8/8/8/R3K3 w Ah - 0 1"
        );
    }
}

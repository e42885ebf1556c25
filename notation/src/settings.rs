//! The reading settings every surface names alike, resolved in one step: the notation, the
//! variant, its dialects and check limit, the DFEN profile, strictness and Chess960 mode.
//!
//! The command line's `--notation`, `--variant`, `--dialect`, `--to-dialect`, `--check-limit`,
//! `--profile`, `--strict` and `--chess960`, Python's keyword arguments and JavaScript's
//! options all fill a [`Request`]; [`Request::resolve`] checks that they go together and says
//! what to read, or refuses with a [`SettingError`] that says what was expected and how to fix
//! it. A surface words nothing of its own.
//!
//! The reading settings of one input are then made in one step: [`Resolved::read_settings`]
//! for an input that no configuration file adds to (Python, JavaScript, a position given on
//! the command line), [`Resolved::read_settings_over`] for one whose `fenkit.toml` says
//! something ([`Configured`]): what was asked for wins over the configuration, which wins
//! over the default. What a command does with them is a named variation of
//! [`ReadSettings`]: `diff` compares ([`ReadSettings::comparing`]), `fmt` formats within a
//! file's dialect ([`ReadSettings::formatting`]), `convert` writes
//! ([`ReadSettings::writing`]).
//!
//! ```
//! use notation::choice::Choice;
//! use notation::settings::Request;
//! use notation::{Notation, VariantName};
//!
//! let request = Request {
//!     variant: VariantName::from_name("crazyhouse"),
//!     ..Request::default()
//! };
//! let resolved = request.resolve().unwrap();
//! assert_eq!(resolved.notation.map(Notation::name), Some("crazyhouse"));
//!
//! // A variant of standard FEN does not go with a notation of other positions.
//! let refused = Request {
//!     notation: Notation::from_name("fen4"),
//!     variant: VariantName::from_name("antichess"),
//!     ..Request::default()
//! };
//! assert!(refused.resolve().unwrap_err().message.contains("judges chess positions"));
//! ```

use std::fmt;

use chess::variant::{Dialect, Variant};

use crate::container::Select;
use crate::{DialectArg, Notation, Options, ProfileArg, ReadSettings, VariantName};

/// A combination of settings that does not go together: what was expected, and the fix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingError {
    /// What was expected and what was found, naming the settings as the command line does.
    pub message: String,
    /// How to fix it.
    pub help: String,
}

impl SettingError {
    fn new(message: impl Into<String>, help: impl Into<String>) -> SettingError {
        SettingError {
            message: message.into(),
            help: help.into(),
        }
    }
}

impl fmt::Display for SettingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (help: {})", self.message, self.help)
    }
}

impl std::error::Error for SettingError {}

/// What a caller asks to read, before it is checked.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Request {
    /// The notation to read (`--notation`); `None`: by the input's name, else its content.
    pub notation: Option<Notation>,
    /// The chess variant (`--variant`).
    pub variant: Option<VariantName>,
    /// The dialect a variant is read in (`--dialect`); `None`: each line's own.
    pub dialect: Option<DialectArg>,
    /// The dialect a variant is written in (`--to-dialect`); `None`: the one read.
    pub to_dialect: Option<DialectArg>,
    /// The checks that win three-check (`--check-limit`); `None`: 3.
    pub check_limit: Option<u8>,
    /// The DFEN dialect (`--profile`); `None`: the configuration's, else spec.
    pub profile: Option<ProfileArg>,
    /// Every non-canonical form is an error (`--strict`).
    pub strict: bool,
    /// Castling is read as Chess960 reads it (`--chess960`).
    pub chess960: bool,
    /// Where the positions of a container file are (`--column`, `--field`); `None`: the
    /// configuration's, else the container's own.
    pub select: Option<Select>,
}

/// What a configuration file says about reading one input (`profile`, `strict`, `chess960`
/// and its globs, `[columns]`/`[fields]`, `[variants]`), each `None` where it says nothing.
/// The command line finds it; [`Resolved::read_settings_over`] puts the request over it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Configured {
    /// The DFEN dialect (`profile`).
    pub profile: Option<ProfileArg>,
    /// Every non-canonical form is an error (`strict`).
    pub strict: Option<bool>,
    /// Castling is read as Chess960 reads it (`chess960`, or the `[chess960]` glob that
    /// matches the input).
    pub chess960: Option<bool>,
    /// Where the positions of a container file are (`[columns]`, `[fields]`).
    pub select: Option<Select>,
    /// The variant whose rules judge the input's chess positions (`[variants]`).
    pub rules: Option<variants::Variant>,
}

/// A [`Request`] checked: what to read.
#[derive(Debug, Clone, Copy, Default)]
pub struct Resolved {
    /// The notation every input is read as; `None`: by its name, else its content.
    pub notation: Option<Notation>,
    /// Whether `notation` is the variant's own (`--variant crazyhouse`) rather than asked for
    /// by name: an input whose name says another notation of chess positions (an EPD file, a
    /// perft suite) keeps that one, judged by the variant's rules.
    pub by_variant: bool,
    /// The rules the positions are judged by when they are not standard chess's or Dice
    /// Chess's (`fenkit-variants`).
    pub rules: Option<variants::Variant>,
    /// The DFEN dialect asked for.
    pub profile: Option<ProfileArg>,
    /// Every non-canonical form is an error.
    pub strict: bool,
    /// Castling is read as Chess960 reads it.
    pub chess960: bool,
    /// Whether a variant was asked for (`--variant`, even `chess` or `dice`): a
    /// configuration's `[variants]` does not apply then.
    pub variant: bool,
    /// Where the positions of a container file are.
    pub select: Option<Select>,
}

impl Resolved {
    /// The reading settings of an input that no configuration adds to.
    pub fn read_settings(&self) -> ReadSettings {
        self.read_settings_over(Configured::default())
    }

    /// The reading settings of an input whose configuration says `configured`: each setting
    /// asked for wins over the configuration's, which wins over the default. `strict` and
    /// `chess960` are on when either turns them on; the configuration's rules apply only
    /// when no variant was asked for.
    ///
    /// ```
    /// use notation::settings::{Configured, Request};
    /// use notation::ProfileArg;
    ///
    /// let resolved = Request::default().resolve().unwrap();
    /// let configured = Configured {
    ///     profile: Some(ProfileArg::Engine),
    ///     chess960: Some(true),
    ///     ..Configured::default()
    /// };
    /// let read = resolved.read_settings_over(configured);
    /// assert_eq!(read.profile, dfen::Profile::Engine);
    /// assert_eq!(read.castling_mode, dfen::CastlingMode::Chess960);
    ///
    /// let asked = Request { profile: Some(ProfileArg::Lenient), ..Request::default() };
    /// let read = asked.resolve().unwrap().read_settings_over(configured);
    /// assert_eq!(read.profile, dfen::Profile::Lenient);
    /// ```
    pub fn read_settings_over(&self, configured: Configured) -> ReadSettings {
        let profile = self.profile.or(configured.profile).unwrap_or_default();
        let chess960 = self.chess960 || configured.chess960.unwrap_or(false);
        ReadSettings {
            profile: profile.into(),
            strict: self.strict || configured.strict.unwrap_or(false),
            castling_mode: dfen::CastlingMode::from_chess960(chess960),
            select: self.select.or(configured.select),
            rules: if self.variant {
                self.rules
            } else {
                configured.rules
            },
            ..ReadSettings::default()
        }
    }

    /// The notation an input is read as when its name says `by_name`: the one asked for,
    /// except that a variant's FEN notation leaves a file of another notation of chess
    /// positions (EPD, perft suites) as its name says, and a `.dfen` file, which holds Dice
    /// Chess, as DFEN ([`Resolved::passes_over`]).
    pub fn notation_for(&self, by_name: Option<Notation>) -> Option<Notation> {
        let kept =
            self.by_variant && by_name.is_some_and(|own| keeps_own_notation(own) || is_dice(own));
        if kept { None } else { self.notation }
    }

    /// The variant `--variant` names, when a file whose name says `by_name` is not read in it:
    /// a `.dfen` file holds Dice Chess, and no other variant applies to it (its dice, its
    /// several en-passant squares). `--notation` still reads it as another notation.
    pub fn passes_over(&self, by_name: Option<Notation>) -> Option<&'static str> {
        if !by_name.is_some_and(is_dice) {
            return None;
        }
        match (self.rules, self.notation) {
            (Some(rules), _) => Some(rules.name()),
            (None, Some(notation)) if self.by_variant && !is_dice(notation) => {
                Some(notation.name())
            }
            _ => None,
        }
    }
}

/// Whether a file whose name says `own` keeps that notation where a variant's FEN notation is
/// asked for (`--variant crazyhouse`, a `[variants]` glob of the configuration): a notation of
/// other chess positions (EPD, perft suites), which the variant's rules judge.
pub fn keeps_own_notation(own: Notation) -> bool {
    own.holds_chess_positions() && own.entry().variant.is_none()
}

/// Whether `notation` is Dice Chess's, DFEN.
fn is_dice(notation: Notation) -> bool {
    notation.entry().variant == Some(Variant::Dice)
}

impl Request {
    /// Checks that the settings go together, and says what to read.
    ///
    /// # Errors
    /// A [`SettingError`] for `dialect`, `to_dialect` or `check_limit` without a variant they
    /// apply to, a dialect the variant is not written in, `profile` with a variant that is not
    /// DFEN, a notation that cannot hold the variant's positions, and a variant judged by its
    /// rules with a notation that does not hold chess positions.
    pub fn resolve(&self) -> Result<Resolved, SettingError> {
        let variant = self.variant_notation()?;
        let rules = self.variant.and_then(VariantName::rules);
        let notation = match (variant, self.notation) {
            (variant, None) => variant,
            (None, notation) => notation,
            (Some(variant), Some(notation)) => Some(self.with_notation(variant, notation)?),
        };
        refuse_rules_without_chess(rules, self.notation)?;
        Ok(Resolved {
            notation,
            by_variant: variant.is_some() && notation == variant,
            rules,
            profile: self.profile,
            strict: self.strict,
            chess960: self.chess960,
            variant: self.variant.is_some(),
            select: self.select,
        })
    }

    /// The notation [`Request::variant`] selects (`None` without one): `chess` is standard
    /// FEN, `dice` is DFEN, the others a variant's notation that writes `to_dialect` (else
    /// the dialect it reads).
    ///
    /// # Errors
    /// As [`Request::resolve`], for the variant's settings.
    pub fn variant_notation(&self) -> Result<Option<Notation>, SettingError> {
        let selected = self.variant.and_then(VariantName::notation);
        let variant = selected.and_then(|notation| notation.entry().variant);
        let has_slots = |v: Variant| Notation::of_variant(v).is_some_and(|n| n.entry().dialects);
        for (flag, given) in [
            ("--dialect", self.dialect.is_some()),
            ("--to-dialect", self.to_dialect.is_some()),
        ] {
            if given && !variant.is_some_and(has_slots) {
                return Err(SettingError::new(
                    format!(
                        "`{flag}` chooses how threecheck, crazyhouse and twomove positions are \
                         written: expected it with `--variant threecheck`, `crazyhouse` or \
                         `twomove`, found it {}",
                        match self.variant {
                            None => "without `--variant`".to_owned(),
                            Some(v) => format!("with `--variant {}`", v.name()),
                        }
                    ),
                    match (variant, self.variant) {
                        (Some(Variant::Dice), _) => {
                            "DFEN's dialects are chosen with `--profile spec|lenient|engine`"
                        }
                        (Some(_), _) => "standard chess has six fields in every dialect: drop it",
                        (None, Some(_)) => {
                            "its positions are standard FEN, which has six fields in every \
                             dialect: drop it"
                        }
                        (None, None) => "add `--variant threecheck` (or crazyhouse, twomove)",
                    },
                ));
            }
        }
        if self.check_limit.is_some() && variant != Some(Variant::ThreeCheck) {
            return Err(SettingError::new(
                "`--check-limit` is the number of checks that wins three-check: expected it \
                 with `--variant threecheck`",
                "add `--variant threecheck`, or drop `--check-limit`",
            ));
        }
        let (Some(variant), Some(selected)) = (variant, selected) else {
            return Ok(None);
        };
        if !selected.entry().dialects {
            return Ok(Some(selected));
        }
        if self
            .profile
            .is_some_and(|profile| profile != ProfileArg::Lenient)
        {
            return Err(SettingError::new(
                format!(
                    "`--profile` chooses a DFEN dialect: expected no `--profile`, or \
                     `--profile lenient` for lines without clocks, with `--variant {variant}`"
                ),
                "choose how the variant is written with `--dialect essay|stockfish|lichess`",
            ));
        }
        if self.to_dialect == Some(DialectArg::Auto) {
            return Err(SettingError::new(
                "`--to-dialect auto`: expected the one dialect to write, `essay`, `stockfish` \
                 or `lichess`",
                "`--dialect auto` reads each line in its own dialect; without --to-dialect, fmt \
                 writes each back in it",
            ));
        }
        // With a variant, each line is read in its own dialect unless `dialect` says one.
        let auto = self
            .dialect
            .is_none_or(|dialect| dialect == DialectArg::Auto);
        let dialect = self.dialect.map_or(Dialect::Essay, Dialect::from);
        let write = self.to_dialect.map_or(dialect, Dialect::from);
        for (flag, asked) in [("--dialect", dialect), ("--to-dialect", write)] {
            if !variant.has_dialect(asked) {
                return Err(SettingError::new(
                    format!(
                        "{variant} has no `{asked}` dialect ({}): expected `{flag} essay`",
                        dfen::Code::DialectUnavailable
                    ),
                    format!("no program writes {variant} positions in another form: drop `{flag}`"),
                ));
            }
        }
        Ok(Some(selected.with_options(Options {
            dialect,
            write,
            check_limit: self.check_limit.unwrap_or(3),
            auto,
            write_as_read: auto && self.to_dialect.is_none(),
        })))
    }

    /// The notation read when the variant selected `variant` and the request names
    /// `notation`: a variant's FEN is its own notation, a perft suite stays one (judged by the
    /// variant's rules); standard chess takes any notation.
    fn with_notation(
        &self,
        variant: Notation,
        notation: Notation,
    ) -> Result<Notation, SettingError> {
        let name = variant.name();
        match (variant.entry().variant, notation.name()) {
            (Some(Variant::Chess), _) => Ok(notation),
            (Some(Variant::Dice), "dfen") => Ok(variant),
            (Some(_), "fen") if variant.entry().dialects => Ok(variant),
            (Some(Variant::ThreeCheck | Variant::Crazyhouse), "perft" | "epd") => Ok(notation),
            _ => Err(SettingError::new(
                format!(
                    "`--variant {name}` is written in its own FEN dialects: expected no \
                     `--notation`, `--notation fen`{}, found `--notation {}`",
                    if self.variant.and_then(VariantName::rules).is_some() {
                        ", `--notation epd` or `--notation perft`"
                    } else {
                        ""
                    },
                    notation.name()
                ),
                "drop `--notation`: files are read by extension, `.perft` files as perft suites",
            )),
        }
    }
}

/// Refuses a variant judged by its rules (`rules`) with a notation that does not hold chess
/// positions (DFEN, FEN4, NDJSON4).
///
/// # Errors
/// A [`SettingError`] naming the notation.
pub fn refuse_rules_without_chess(
    rules: Option<variants::Variant>,
    notation: Option<Notation>,
) -> Result<(), SettingError> {
    match (rules, notation) {
        (Some(variant), Some(notation)) if !notation.holds_chess_positions() => {
            Err(SettingError::new(
                format!(
                    "`--variant {variant}` judges chess positions: expected `--notation fen`, \
                     `epd` or `perft`, found `--notation {}`",
                    notation.name()
                ),
                "drop `--notation`, or read these files without `--variant`",
            ))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::{Configured, Request};
    use crate::choice::Choice;
    use crate::container::Select;
    use crate::{ProfileArg, VariantName};

    /// What a configuration says for an input, every key set.
    fn configured() -> Configured {
        Configured {
            profile: Some(ProfileArg::Engine),
            strict: Some(true),
            chess960: Some(true),
            select: Some(Select::Column("FEN")),
            rules: Some(variants::Variant::Antichess),
        }
    }

    #[test]
    fn without_flags_the_configuration_decides() {
        let read = Request::default()
            .resolve()
            .unwrap()
            .read_settings_over(configured());
        assert_eq!(read.profile, dfen::Profile::Engine);
        assert!(read.strict);
        assert_eq!(read.castling_mode, dfen::CastlingMode::Chess960);
        assert_eq!(read.select, Some(Select::Column("FEN")));
        assert_eq!(read.rules, Some(variants::Variant::Antichess));
    }

    #[test]
    fn flags_win_over_the_configuration() {
        let request = Request {
            profile: Some(ProfileArg::Lenient),
            select: Some(Select::Field("fen")),
            variant: VariantName::from_name("atomic"),
            ..Request::default()
        };
        let read = request.resolve().unwrap().read_settings_over(configured());
        assert_eq!(read.profile, dfen::Profile::Lenient);
        assert_eq!(read.select, Some(Select::Field("fen")));
        assert_eq!(read.rules, Some(variants::Variant::Atomic));
        // A flag cannot turn off what the configuration turns on.
        assert!(read.strict);
        assert_eq!(read.castling_mode, dfen::CastlingMode::Chess960);
    }

    /// `--variant chess` asks for standard chess's rules: the configuration's `[variants]`
    /// does not apply, though the variant has no rules of `fenkit-variants` to name.
    #[test]
    fn any_variant_asked_for_drops_the_configured_rules() {
        let request = Request {
            variant: VariantName::from_name("chess"),
            ..Request::default()
        };
        let read = request.resolve().unwrap().read_settings_over(configured());
        assert_eq!(read.rules, None);
    }

    /// What a command does with an input's settings is a named variation of them, which
    /// keeps everything else: the configuration's mode, container and rules.
    #[test]
    fn the_commands_variations_keep_the_rest() {
        let read = Request::default()
            .resolve()
            .unwrap()
            .read_settings_over(configured());
        let compared = read.comparing();
        assert_eq!(
            (compared.profile, compared.strict),
            (dfen::Profile::Lenient, false)
        );
        let shredder = Some(dfen::CastlingNotation::Shredder);
        let written = read.writing(shredder, dfen::EnPassantPolicy::Legal);
        assert!(!written.strict, "convert writes what strictness refuses");
        assert_eq!(written.castling, dfen::CastlingNotation::Shredder);
        assert_eq!(written.en_passant, dfen::EnPassantPolicy::Legal);
        assert!(!written.keep_castling);
        let formatted = read.formatting(None, dfen::EnPassantPolicy::Always);
        assert!(!formatted.strict);
        assert!(formatted.keep_castling, "fmt keeps each line's spelling");
        assert_eq!(formatted.castling, dfen::CastlingNotation::default());
        assert!(
            !read
                .formatting(shredder, dfen::EnPassantPolicy::Always)
                .keep_castling
        );
        assert_eq!(
            read.with_profile(dfen::Profile::Spec).profile,
            dfen::Profile::Spec
        );
        for varied in [compared, written, formatted] {
            assert_eq!(
                (varied.castling_mode, varied.select, varied.rules),
                (read.castling_mode, read.select, read.rules)
            );
        }
    }

    /// Without a configuration, the settings are the request's and the defaults.
    #[test]
    fn over_nothing_is_the_request_alone() {
        let resolved = Request {
            strict: true,
            ..Request::default()
        }
        .resolve()
        .unwrap();
        let read = resolved.read_settings();
        assert_eq!(read, resolved.read_settings_over(Configured::default()));
        assert_eq!(read.profile, dfen::Profile::Spec);
        assert!(read.strict);
        assert_eq!(read.castling_mode, dfen::CastlingMode::Standard);
        assert_eq!(read.rules, None);
    }
}

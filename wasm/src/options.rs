//! The options `check`, `canonical`, `convert` and `positionKey` share, as the JavaScript side
//! passes them (JSON), read by the library's names (`notation::choice`): this module names no
//! notation, variant or dialect of its own.

use serde::Deserialize;

use notation::choice::Choice;
use notation::settings::Request;
use notation::{DialectArg, Notation, ProfileArg, VariantName};

/// How a text is read: the options every call takes, named as the command line's flags are.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ReadOptions {
    pub(crate) notation: Option<String>,
    pub(crate) variant: Option<String>,
    pub(crate) profile: Option<String>,
    pub(crate) dialect: Option<String>,
    pub(crate) check_limit: Option<u8>,
    #[serde(default)]
    pub(crate) chess960: bool,
}

/// Why an option is refused: the library's message and its fix.
pub(crate) type Refusal = (String, String);

/// A setting's value by its name.
pub(crate) fn chosen<T: Choice>(setting: &str, name: Option<&str>) -> Result<Option<T>, Refusal> {
    let Some(name) = name else {
        return Ok(None);
    };
    notation::choice::by_name(setting, name)
        .map(Some)
        .map_err(|message| (message, format!("`{setting}` takes one of the names above")))
}

impl ReadOptions {
    /// The request these options make (its other settings the defaults).
    pub(crate) fn request(&self) -> Result<Request, Refusal> {
        Ok(Request {
            notation: chosen::<Notation>("notation", self.notation.as_deref())?,
            variant: chosen::<VariantName>("variant", self.variant.as_deref())?,
            profile: chosen::<ProfileArg>("profile", self.profile.as_deref())?,
            dialect: chosen::<DialectArg>("dialect", self.dialect.as_deref())?,
            check_limit: self.check_limit,
            chess960: self.chess960,
            ..Request::default()
        })
    }
}

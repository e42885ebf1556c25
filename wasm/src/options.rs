//! The options `check`, `canonical`, `convert` and `positionKey` share, as the JavaScript side
//! passes them (JSON), handed to the library by name (`notation::named`): this module names
//! no notation, variant or dialect of its own, and reads no name itself.

use serde::Deserialize;

use notation::named::ReadNames;

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

impl ReadOptions {
    /// These options as the library takes them, with `strict`.
    pub(crate) fn names(&self, strict: bool) -> ReadNames<'_> {
        ReadNames {
            notation: self.notation.as_deref(),
            variant: self.variant.as_deref(),
            profile: self.profile.as_deref(),
            dialect: self.dialect.as_deref(),
            check_limit: self.check_limit,
            chess960: self.chess960,
            strict,
        }
    }
}

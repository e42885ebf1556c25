//! The values a surface offers for a setting, by name: `--notation fen` on the command line,
//! `notation="fen"` in Python, `{notation: "fen"}` in JavaScript, `notations` in `fenkit.toml`.
//!
//! Each setting's type says, once, which values it offers, in which order, under which names
//! and with which help. The command line builds its flags' value lists and `--help` from it,
//! the bindings their argument checks, and all of them say the same when a name is unknown.
//!
//! ```
//! use notation::Notation;
//! use notation::choice::Choice;
//!
//! assert_eq!(Notation::from_name("epd").map(Notation::name), Some("epd"));
//! assert!(Notation::from_name("pgnx").is_none());
//! assert!(Notation::names().contains("fen4"));
//! ```

/// A setting's value chosen by name.
pub trait Choice: Copy + Send + Sync + 'static {
    /// Every value offered, in the order help lists them.
    fn offered() -> &'static [Self];

    /// The name it is given by.
    fn name(self) -> &'static str;

    /// What help says of it.
    fn help(self) -> &'static str;

    /// Other names read as it.
    fn aliases(self) -> Vec<&'static str> {
        Vec::new()
    }

    /// The value a name means: an offered value's name or one of its aliases, exactly.
    fn from_name(name: &str) -> Option<Self> {
        Self::offered()
            .iter()
            .copied()
            .find(|value| value.name() == name || value.aliases().contains(&name))
    }

    /// The offered names, `, `-separated, for a message that says what was expected.
    fn names() -> String {
        let names: Vec<&str> = Self::offered().iter().map(|value| value.name()).collect();
        names.join(", ")
    }
}

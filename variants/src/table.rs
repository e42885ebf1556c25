//! The one table of variants: each entry's name, the other names it is known by, its starting
//! position and its rules. Command-line values, the Python and TypeScript names and the codes'
//! wording follow from it; adding a variant is one [`Rules`] implementation and one entry here.

use std::fmt;
use std::str::FromStr;

use crate::rules::{
    Antichess, Atomic, Chess, Crazyhouse, Horde, KingOfTheHill, RacingKings, Rules, ThreeCheck,
};
pub use crate::variant::Variant;

/// One entry of the table.
#[derive(Debug)]
pub struct Entry {
    /// The variant.
    pub variant: Variant,
    /// The name fenkit writes: python-chess's `uci_variant`.
    pub name: &'static str,
    /// Other names read as this variant (compared without case, spaces, `-` and `_`): lichess's
    /// spellings, PGN `Variant` tag values, python-chess's aliases.
    pub aliases: &'static [&'static str],
    /// How PGN's `Variant` tag names it (lichess's export).
    pub pgn: &'static str,
    /// The starting position, as python-chess writes it.
    pub start: &'static str,
    /// The rules.
    pub rules: &'static dyn Rules,
}

/// Every variant, in the order of [`Variant`].
pub static TABLE: [Entry; 9] = [
    Entry {
        variant: Variant::Chess,
        name: "chess",
        aliases: &[
            "standard",
            "Standard",
            "From Position",
            "fromPosition",
            "Normal",
            "chess960",
        ],
        pgn: "Standard",
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        rules: &Chess,
    },
    Entry {
        variant: Variant::Antichess,
        name: "antichess",
        aliases: &[
            "Antichess",
            "Anti chess",
            "Anti",
            "Suicide",
            "Suicide chess",
        ],
        pgn: "Antichess",
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        rules: &Antichess { castling: false },
    },
    Entry {
        variant: Variant::Giveaway,
        name: "giveaway",
        aliases: &["Giveaway", "Giveaway chess", "Give away", "Give away chess"],
        pgn: "Giveaway",
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        rules: &Antichess { castling: true },
    },
    Entry {
        variant: Variant::Atomic,
        name: "atomic",
        aliases: &["Atomic", "Atom", "Atomic chess"],
        pgn: "Atomic",
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        rules: &Atomic,
    },
    Entry {
        variant: Variant::Horde,
        name: "horde",
        aliases: &["Horde", "Horde chess"],
        pgn: "Horde",
        start: "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
        rules: &Horde,
    },
    Entry {
        variant: Variant::RacingKings,
        name: "racingkings",
        aliases: &[
            "racingKings",
            "Racing Kings",
            "Racing",
            "Race",
            "racing_kings",
        ],
        pgn: "Racing Kings",
        start: "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
        rules: &RacingKings,
    },
    Entry {
        variant: Variant::KingOfTheHill,
        name: "kingofthehill",
        aliases: &[
            "kingOfTheHill",
            "King of the Hill",
            "KOTH",
            "king_of_the_hill",
        ],
        pgn: "King of the Hill",
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        rules: &KingOfTheHill,
    },
    Entry {
        variant: Variant::ThreeCheck,
        name: "3check",
        aliases: &[
            "threecheck",
            "threeCheck",
            "Three-check",
            "Three check",
            "Three check chess",
            "3-check",
            "3 check",
        ],
        pgn: "Three-check",
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
        rules: &ThreeCheck,
    },
    Entry {
        variant: Variant::Crazyhouse,
        name: "crazyhouse",
        aliases: &["Crazyhouse", "Crazy House", "House", "ZH"],
        pgn: "Crazyhouse",
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        rules: &Crazyhouse,
    },
];

/// A name compared as the table compares them: lowercase, without spaces, `-` and `_`.
fn folded(name: &str) -> impl Iterator<Item = char> + '_ {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .map(|c| c.to_ascii_lowercase())
}

impl Variant {
    /// Every variant, in table order.
    pub const ALL: [Variant; 9] = [
        Variant::Chess,
        Variant::Antichess,
        Variant::Giveaway,
        Variant::Atomic,
        Variant::Horde,
        Variant::RacingKings,
        Variant::KingOfTheHill,
        Variant::ThreeCheck,
        Variant::Crazyhouse,
    ];

    /// The variant's entry in [`TABLE`].
    #[must_use]
    pub fn entry(self) -> &'static Entry {
        &TABLE[self as usize]
    }

    /// The name fenkit writes (python-chess's `uci_variant`).
    #[must_use]
    pub fn name(self) -> &'static str {
        self.entry().name
    }

    /// The rules.
    #[must_use]
    pub fn rules(self) -> &'static dyn Rules {
        self.entry().rules
    }

    /// The starting position.
    #[must_use]
    pub fn start_fen(self) -> &'static str {
        self.entry().start
    }

    /// Finds a variant by its name or an alias, ignoring case, spaces, `-` and `_`.
    ///
    /// ```
    /// use variants::Variant;
    /// assert_eq!(Variant::from_name("Racing Kings"), Some(Variant::RacingKings));
    /// assert_eq!(Variant::from_name("kingOfTheHill"), Some(Variant::KingOfTheHill));
    /// assert_eq!(Variant::from_name("threecheck"), Some(Variant::ThreeCheck));
    /// assert_eq!(Variant::from_name("3check"), Some(Variant::ThreeCheck));
    /// assert_eq!(Variant::from_name("duck"), None);
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<Variant> {
        TABLE
            .iter()
            .find(|entry| {
                std::iter::once(entry.name)
                    .chain([entry.pgn])
                    .chain(entry.aliases.iter().copied())
                    .any(|alias| folded(alias).eq(folded(name)))
            })
            .map(|entry| entry.variant)
    }

    /// The `dfen` variant whose FEN dialects this variant's positions are written in.
    pub(crate) const fn dfen_variant(self) -> chess::variant::Variant {
        match self {
            Variant::ThreeCheck => chess::variant::Variant::ThreeCheck,
            Variant::Crazyhouse => chess::variant::Variant::Crazyhouse,
            _ => chess::variant::Variant::Chess,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no variant's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown variant `{}`: expected one of ", self.0)?;
        for (i, entry) in TABLE.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "`{}`", entry.name)?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::from_name(s).ok_or_else(|| UnknownVariant(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_the_order_of_the_enum_and_names_are_unique() {
        for (i, entry) in TABLE.iter().enumerate() {
            assert_eq!(entry.variant as usize, i);
            assert_eq!(entry.rules.variant(), entry.variant);
            assert_eq!(Variant::from_name(entry.name), Some(entry.variant));
            assert_eq!(Variant::from_name(entry.pgn), Some(entry.variant));
            for alias in entry.aliases {
                let found = Variant::from_name(alias);
                // `chess960` reads as chess (with Chess960 castling chosen apart).
                assert_eq!(found, Some(entry.variant), "{alias}");
            }
        }
    }
}

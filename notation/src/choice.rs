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

// The position libraries' own settings, named once for every surface: `--en-passant` and
// `en_passant=`, `--castling` and `castling=`, `game=`.

impl Choice for dfen::EnPassantPolicy {
    fn offered() -> &'static [Self] {
        &dfen::EnPassantPolicy::ALL
    }

    fn name(self) -> &'static str {
        dfen::EnPassantPolicy::name(self)
    }

    fn help(self) -> &'static str {
        match self {
            dfen::EnPassantPolicy::Always => {
                "every square as written (the default: nothing dropped)"
            }
            dfen::EnPassantPolicy::Fen => {
                "every square a double push could have left, capture or not"
            }
            dfen::EnPassantPolicy::XFen => "a square a pawn of the side to move can capture onto",
            dfen::EnPassantPolicy::Legal => "a square a legal capture can be made onto now",
        }
    }
}

impl Choice for dfen::CastlingNotation {
    fn offered() -> &'static [Self] {
        &[
            dfen::CastlingNotation::XFen,
            dfen::CastlingNotation::Shredder,
        ]
    }

    fn name(self) -> &'static str {
        dfen::CastlingNotation::name(self)
    }

    fn help(self) -> &'static str {
        match self {
            dfen::CastlingNotation::XFen => {
                "X-FEN: `K`/`Q` for the outermost rook, a file letter for an inner one (lichess, \
                 python-chess, shakmaty)"
            }
            // Shredder-FEN, and any spelling a later version adds (`offered` lists the two).
            _ => {
                "Shredder-FEN: every right as its rook's file, `HAha` for the standard start \
                 (engines)"
            }
        }
    }
}

impl Choice for dfen::rules::Game {
    fn offered() -> &'static [Self] {
        &[dfen::rules::Game::DiceChess, dfen::rules::Game::Standard]
    }

    fn name(self) -> &'static str {
        match self {
            dfen::rules::Game::DiceChess => "dice-chess",
            dfen::rules::Game::Standard => "standard",
        }
    }

    fn help(self) -> &'static str {
        match self {
            dfen::rules::Game::DiceChess => {
                "Dice Chess: a capture counts whenever a pawn stands to take"
            }
            dfen::rules::Game::Standard => {
                "standard chess: a capture must not leave the mover's king attacked"
            }
        }
    }
}

/// The JSON form of a FEN4 placement (`spec/fen4.md`): one object per axis, or a list of pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Fen4JsonForm {
    /// the structured form: the placement's parts as objects
    #[default]
    Structured,
    /// a flat list of pieces, each with its coordinates
    Pieces,
}

impl Choice for Fen4JsonForm {
    fn offered() -> &'static [Self] {
        &[Fen4JsonForm::Structured, Fen4JsonForm::Pieces]
    }

    fn name(self) -> &'static str {
        match self {
            Fen4JsonForm::Structured => "structured",
            Fen4JsonForm::Pieces => "pieces",
        }
    }

    fn help(self) -> &'static str {
        match self {
            Fen4JsonForm::Structured => "the structured form (`fenkit convert --to json`)",
            Fen4JsonForm::Pieces => "a list of pieces (`fenkit convert --to fen4-pieces`)",
        }
    }
}

/// The message of a name that is none of `T`'s: what was found and what is offered. Every
/// binding words an unknown setting with it.
///
/// ```
/// use notation::Notation;
/// use notation::choice::unknown_name;
///
/// assert!(unknown_name::<Notation>("notation", "pgnx").starts_with("unknown notation \"pgnx\": expected one of "));
/// ```
#[must_use]
pub fn unknown_name<T: Choice>(setting: &str, name: &str) -> String {
    format!("unknown {setting} {name:?}: expected one of {}", T::names())
}

/// The value `name` means, or the message of [`unknown_name`].
///
/// # Errors
///
/// The message when `name` is none of `T`'s names or aliases.
pub fn by_name<T: Choice>(setting: &str, name: &str) -> Result<T, String> {
    T::from_name(name).ok_or_else(|| unknown_name::<T>(setting, name))
}

impl Choice for dfen::rules::KingCapture {
    fn offered() -> &'static [Self] {
        &dfen::rules::KingCapture::ALL
    }

    fn name(self) -> &'static str {
        self.as_str()
    }

    fn help(self) -> &'static str {
        if self == dfen::rules::KingCapture::Any {
            "the pseudocode's reading"
        } else {
            "the formal definition"
        }
    }
}

/// A die, by its piece letter (`P N B R Q K`, either case) or its number (`1`-`6`): `perft
/// --die`, Python's `die=`.
impl Choice for dfen::Role {
    fn offered() -> &'static [Self] {
        &[
            dfen::Role::Pawn,
            dfen::Role::Knight,
            dfen::Role::Bishop,
            dfen::Role::Rook,
            dfen::Role::Queen,
            dfen::Role::King,
        ]
    }

    fn name(self) -> &'static str {
        match self {
            dfen::Role::Pawn => "P",
            dfen::Role::Knight => "N",
            dfen::Role::Bishop => "B",
            dfen::Role::Rook => "R",
            dfen::Role::Queen => "Q",
            dfen::Role::King => "K",
        }
    }

    fn help(self) -> &'static str {
        match self {
            dfen::Role::Pawn => "pawn, or 1",
            dfen::Role::Knight => "knight, or 2",
            dfen::Role::Bishop => "bishop, or 3",
            dfen::Role::Rook => "rook, or 4",
            dfen::Role::Queen => "queen, or 5",
            dfen::Role::King => "king, or 6",
        }
    }

    fn aliases(self) -> Vec<&'static str> {
        let (number, lower) = match self {
            dfen::Role::Pawn => ("1", "p"),
            dfen::Role::Knight => ("2", "n"),
            dfen::Role::Bishop => ("3", "b"),
            dfen::Role::Rook => ("4", "r"),
            dfen::Role::Queen => ("5", "q"),
            dfen::Role::King => ("6", "k"),
        };
        vec![number, lower]
    }
}

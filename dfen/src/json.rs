//! The structured JSON form of a DFEN.
//!
//! ```json
//! {
//!   "board": {"e1": "K", "e8": "k", "e4": "P"},
//!   "side": "black",
//!   "castling": [],
//!   "en_passant": ["e3"],
//!   "halfmove": 0,
//!   "fullmove": 1,
//!   "dice": []
//! }
//! ```
//!
//! `board` maps square names to piece letters (upper case White, lower case Black); `castling`
//! lists letters of `KQkq`; `dice` lists dice letters in upper case (`P N B R Q K`) whatever the
//! side. Reading checks every value; the position findings are then available from
//! [`Dfen::validate`].

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::{Board, CastlingRights, Color, Dfen, DicePool, Piece, Role, Square, SquareSet};

/// The structured JSON form of a [`Dfen`]; `Dfen` serializes through it.
///
/// ```
/// let dfen: dfen::Dfen = "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1 -".parse().unwrap();
/// let json = serde_json::to_string(&dfen).unwrap();
/// assert_eq!(
///     json,
///     r#"{"board":{"e1":"K","e4":"P","e8":"k"},"side":"black","castling":[],"en_passant":["e3"],"halfmove":0,"fullmove":1,"dice":[]}"#
/// );
/// let back: dfen::Dfen = serde_json::from_str(&json).unwrap();
/// assert_eq!(back, dfen);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DfenJson {
    /// Square name → piece letter. Reading rejects a square name given twice.
    #[serde(deserialize_with = "board_without_repeats")]
    pub(crate) board: BTreeMap<String, String>,
    /// `"white"` or `"black"`.
    #[serde(deserialize_with = "named::side")]
    pub(crate) side: String,
    /// Letters of `KQkq`.
    #[serde(deserialize_with = "named::castling")]
    pub(crate) castling: Vec<String>,
    /// Square names on rank 3 or 6, alphabetical.
    #[serde(deserialize_with = "named::en_passant")]
    pub(crate) en_passant: Vec<String>,
    /// Micro-moves since the last pawn move or capture.
    #[serde(deserialize_with = "named::halfmove")]
    pub(crate) halfmove: u32,
    /// Turn number, at least 1.
    #[serde(deserialize_with = "named::fullmove")]
    pub(crate) fullmove: u32,
    /// Pending dice as upper-case letters, at most three.
    #[serde(deserialize_with = "named::dice")]
    pub(crate) dice: Vec<String>,
}

/// Readers of [`DfenJson`]'s fields whose errors name the key (spec/dfen.md §8): serde's own
/// say what was expected and found, but not where.
mod named {
    use serde::Deserialize;

    macro_rules! named {
        ($($key:ident: $ty:ty,)*) => {$(
            pub(super) fn $key<'de, D: serde::Deserializer<'de>>(
                deserializer: D,
            ) -> Result<$ty, D::Error> {
                <$ty>::deserialize(deserializer).map_err(|error| {
                    serde::de::Error::custom(format_args!(concat!(stringify!($key), ": {}"), error))
                })
            }
        )*};
    }

    named! {
        side: String,
        castling: Vec<String>,
        en_passant: Vec<String>,
        halfmove: u32,
        fullmove: u32,
        dice: Vec<String>,
    }
}

impl From<Dfen> for DfenJson {
    fn from(dfen: Dfen) -> DfenJson {
        DfenJson::from(&dfen)
    }
}

impl From<&Dfen> for DfenJson {
    fn from(dfen: &Dfen) -> DfenJson {
        DfenJson {
            board: dfen
                .board
                .pieces()
                .map(|(square, piece)| (square.to_string(), piece.letter().to_string()))
                .collect(),
            side: match dfen.side {
                Color::White => "white",
                Color::Black => "black",
            }
            .to_owned(),
            castling: castling_letters(dfen.castling)
                .map(|letter| letter.to_string())
                .collect(),
            en_passant: dfen
                .en_passant
                .iter_alphabetical()
                .map(|s| s.to_string())
                .collect(),
            halfmove: dfen.halfmove,
            fullmove: dfen.fullmove.get(),
            dice: dfen.dice.iter().map(|r| r.upper().to_string()).collect(),
        }
    }
}

/// Reads the `board` object, failing on a square name given twice (a map would otherwise
/// keep the last piece and silently drop the first).
fn board_without_repeats<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<BTreeMap<String, String>, D::Error> {
    deserializer.deserialize_map(BoardVisitor)
}

struct BoardVisitor;

impl<'de> serde::de::Visitor<'de> for BoardVisitor {
    type Value = BTreeMap<String, String>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("`board` to be an object from square names to piece letters")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(
        self,
        mut map: A,
    ) -> Result<BTreeMap<String, String>, A::Error> {
        let mut board = BTreeMap::new();
        while let Some(name) = map
            .next_key::<String>()
            .map_err(|error| serde::de::Error::custom(format_args!("board: {error}")))?
        {
            let letter = map
                .next_value::<String>()
                .map_err(|error| serde::de::Error::custom(format_args!("board.{name}: {error}")))?;
            if let Some(first) = board.get(&name) {
                return Err(serde::de::Error::custom(format!(
                    "duplicate square `{name}` in `board`: expected each square at most once, \
                     found `{first}` and then `{letter}`"
                )));
            }
            board.insert(name, letter);
        }
        Ok(board)
    }
}

fn single_byte(text: &str) -> Option<u8> {
    match text.as_bytes() {
        &[byte] => Some(byte),
        _ => None,
    }
}

impl TryFrom<DfenJson> for Dfen {
    type Error = crate::InvalidValue;

    fn try_from(json: DfenJson) -> Result<Dfen, crate::InvalidValue> {
        dfen_of(json).map_err(crate::InvalidValue::new)
    }
}

/// [`Dfen::try_from`] a [`DfenJson`], with the error as its message.
fn dfen_of(json: DfenJson) -> Result<Dfen, String> {
    let mut board = Board::empty();
    for (name, letter) in &json.board {
        let square = Square::from_name(name)
            .ok_or_else(|| format!("board: expected a square name such as `e4`, found `{name}`"))?;
        let piece = single_byte(letter)
            .and_then(Piece::from_letter)
            .ok_or_else(|| {
                format!(
                    "board.{name}: expected a piece letter (PNBRQK or pnbrqk), found `{letter}`"
                )
            })?;
        board.set(square, Some(piece));
    }
    let side = match json.side.as_str() {
        "white" => Color::White,
        "black" => Color::Black,
        other => {
            return Err(format!(
                "side: expected `white` or `black`, found `{other}`"
            ));
        }
    };
    let mut castling = CastlingRights::NONE;
    for letter in &json.castling {
        // `K`/`Q` are the h- and a-file rooks; a file letter is its rook (Chess960).
        let (color, file) = single_byte(letter)
            .and_then(|byte| match byte {
                b'K' => Some((Color::White, 7)),
                b'Q' => Some((Color::White, 0)),
                b'k' => Some((Color::Black, 7)),
                b'q' => Some((Color::Black, 0)),
                b'A'..=b'H' => Some((Color::White, byte - b'A')),
                b'a'..=b'h' => Some((Color::Black, byte - b'a')),
                _ => None,
            })
            .ok_or_else(|| {
                format!(
                    "castling: expected one of `K`, `Q`, `k`, `q` or a rook file `A`-`H`, `a`-`h`, found `{letter}`"
                )
            })?;
        if !castling.insert_rook_file(color, file) {
            return Err(format!(
                "castling: expected each right at most once, found `{letter}` twice"
            ));
        }
    }
    let mut en_passant = SquareSet::EMPTY;
    for name in &json.en_passant {
        let square = Square::from_name(name)
            .filter(|s| s.rank() == 2 || s.rank() == 5)
            .ok_or_else(|| {
                format!("en_passant: expected a square on rank 3 or 6, found `{name}`")
            })?;
        if !en_passant.insert(square) {
            return Err(format!(
                "en_passant: expected each square at most once, found `{name}` twice"
            ));
        }
    }
    let fullmove = std::num::NonZeroU32::new(json.fullmove)
        .ok_or_else(|| "fullmove: expected a number of at least 1, found 0".to_owned())?;
    let mut dice = DicePool::EMPTY;
    for letter in &json.dice {
        let role = single_byte(letter)
            .filter(u8::is_ascii_uppercase)
            .and_then(Role::from_letter)
            .ok_or_else(|| format!("dice: expected one of `P N B R Q K`, found `{letter}`"))?;
        if !dice.push(role) {
            return Err(format!(
                "dice: expected at most 3 dice, found {}",
                json.dice.len()
            ));
        }
    }
    Ok(Dfen {
        board,
        side,
        castling,
        en_passant,
        halfmove: json.halfmove,
        fullmove,
        dice,
    })
}

/// Writes the same fields as [`DfenJson`], straight from the position: no map or strings are
/// built (a conversion of a million positions would otherwise allocate for every piece).
impl Serialize for Dfen {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = serializer.serialize_struct("DfenJson", 7)?;
        out.serialize_field("board", &BoardJson(&self.board))?;
        out.serialize_field(
            "side",
            match self.side {
                Color::White => "white",
                Color::Black => "black",
            },
        )?;
        out.serialize_field("castling", &SeqJson(|| castling_letters(self.castling)))?;
        out.serialize_field(
            "en_passant",
            &SeqJson(|| self.en_passant.iter_alphabetical().map(square_name)),
        )?;
        out.serialize_field("halfmove", &self.halfmove)?;
        out.serialize_field("fullmove", &self.fullmove)?;
        out.serialize_field("dice", &SeqJson(|| self.dice.iter().map(Role::upper)))?;
        out.end()
    }
}

/// The castling letters as the field writes them outside Chess960 mode: `KQkq` letters when
/// every right is for an a- or h-file rook, else the rooks' files.
fn castling_letters(rights: CastlingRights) -> impl Iterator<Item = char> {
    let mut letters = Vec::with_capacity(4);
    if !rights.is_empty() {
        rights.write_standard(&mut |byte| letters.push(char::from(byte)));
    }
    letters.into_iter()
}

/// The names of the 64 squares, two bytes each, in the order of [`Square::index`].
const SQUARE_NAMES: &str = "a1b1c1d1e1f1g1h1a2b2c2d2e2f2g2h2a3b3c3d3e3f3g3h3a4b4c4d4e4f4g4h4\
                            a5b5c5d5e5f5g5h5a6b6c6d6e6f6g6h6a7b7c7d7e7f7g7h7a8b8c8d8e8f8g8h8";

/// The name of `square`, for example `"e3"`.
fn square_name(square: Square) -> &'static str {
    let at = usize::from(square.index()) * 2;
    SQUARE_NAMES.get(at..at + 2).unwrap_or_default()
}

/// The board as a JSON object from square names to piece letters, its keys in the order a
/// `BTreeMap` of names would give (`a1`, `a2`, …, `a8`, `b1`, …).
struct BoardJson<'a>(&'a Board);

impl Serialize for BoardJson<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let by_name = (0..8u8)
            .flat_map(|file| (0..8u8).filter_map(move |rank| Square::new(file, rank)))
            .filter_map(|square| Some((square_name(square), self.0.get(square)?.letter())));
        serializer.collect_map(by_name)
    }
}

/// A sequence written from an iterator made afresh for each serialization.
struct SeqJson<F>(F);

impl<F, I> Serialize for SeqJson<F>
where
    F: Fn() -> I,
    I: Iterator,
    I::Item: Serialize,
{
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq((self.0)())
    }
}

impl<'de> Deserialize<'de> for Dfen {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Dfen, D::Error> {
        let json = DfenJson::deserialize(deserializer)?;
        Dfen::try_from(json).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::DfenJson;
    use crate::Dfen;
    use crate::test_strategies::any_dfen;

    proptest! {
        /// The JSON that `Dfen` writes straight from the position (no map, no strings) is the
        /// structured form `DfenJson` (a map and strings, serialized by derive) byte for byte,
        /// in both the compact and the pretty printer, and reads back.
        #[test]
        fn json_written_directly_is_the_structured_form(dfen in any_dfen()) {
            let structured = DfenJson::from(&dfen);
            prop_assert_eq!(
                serde_json::to_string(&dfen).unwrap(),
                serde_json::to_string(&structured).unwrap()
            );
            prop_assert_eq!(
                serde_json::to_string_pretty(&dfen).unwrap(),
                serde_json::to_string_pretty(&structured).unwrap()
            );
            let back: Dfen = serde_json::from_str(&serde_json::to_string(&dfen).unwrap()).unwrap();
            prop_assert_eq!(back, dfen);
        }
    }

    /// Both readers refuse a square named twice, with the same message; distinct squares read.
    #[test]
    fn json_rejects_a_square_named_twice() {
        let rest =
            r#""side":"white","castling":[],"en_passant":[],"halfmove":0,"fullmove":1,"dice":[]"#;
        for (board, message) in [
            (
                r#"{"e1":"K","e1":"k"}"#,
                "duplicate square `e1` in `board`: expected each square at most once, found `K` and then `k` at line 1 column 28",
            ),
            (
                r#"{"a1":"R","e8":"k","a1":"R"}"#,
                "duplicate square `a1` in `board`: expected each square at most once, found `R` and then `R` at line 1 column 37",
            ),
        ] {
            let text = format!(r#"{{"board":{board},{rest}}}"#);
            let err = serde_json::from_str::<Dfen>(&text).unwrap_err();
            assert_eq!(err.to_string(), message, "{text}");
            let err = serde_json::from_str::<DfenJson>(&text).unwrap_err();
            assert_eq!(err.to_string(), message, "{text}");
        }
        let text = format!(r#"{{"board":{{"e8":"k","e1":"K"}},{rest}}}"#);
        let json: DfenJson = serde_json::from_str(&text).unwrap();
        assert_eq!(
            json.board.into_iter().collect::<Vec<_>>(),
            [
                ("e1".to_owned(), "K".to_owned()),
                ("e8".to_owned(), "k".to_owned())
            ]
        );
        let dfen: Dfen = serde_json::from_str(&text).unwrap();
        assert_eq!(dfen.to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -");
    }

    /// A JSON form of the wrong type names its key (spec/dfen.md §8).
    #[test]
    fn type_errors_name_the_key() {
        let good = r#"{"board":{"e1":"K","e8":"k"},"side":"white","castling":[],"en_passant":[],"halfmove":0,"fullmove":1,"dice":[]}"#;
        assert!(serde_json::from_str::<Dfen>(good).is_ok());
        for (from, to, key) in [
            (r#""side":"white""#, r#""side":5"#, "side: "),
            (r#""halfmove":0"#, r#""halfmove":-1"#, "halfmove: "),
            (r#""fullmove":1"#, r#""fullmove":"1""#, "fullmove: "),
            (r#""castling":[]"#, r#""castling":"KQ""#, "castling: "),
            (r#""en_passant":[]"#, r#""en_passant":{}"#, "en_passant: "),
            (r#""dice":[]"#, r#""dice":"PN""#, "dice: "),
            (r#""e1":"K""#, r#""e1":1"#, "board.e1: "),
            (r#"{"e1":"K","e8":"k"}"#, "[]", "`board`"),
        ] {
            let json = good.replacen(from, to, 1);
            let error = serde_json::from_str::<Dfen>(&json).unwrap_err().to_string();
            assert!(error.contains(key), "{to}: {error}");
        }
    }
}

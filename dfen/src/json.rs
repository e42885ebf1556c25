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
//!
//! [`Dfen::from_json`] reads the text and says what is wrong with a code of its own
//! (`DFEN401`–`DFEN409`), the path of the offending value (`$.castling[1]`) and its byte span.
//! `Dfen` also implements serde's `Deserialize`, whose errors are messages only.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;

use fenkit_diagnostics::json::{self as spanned, Member, Node, NodeKind};
use serde::{Deserialize, Serialize};

use crate::{Board, CastlingRights, Code, Color, Dfen, DicePool, Piece, Role, Square, SquareSet};

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
                    serde::de::Error::custom(format_args!(concat!("$.", stringify!($key), ": {}"), error))
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
            .map_err(|error| serde::de::Error::custom(format_args!("$.board: {error}")))?
        {
            let path = member_path("$.board", &name);
            let letter = map
                .next_value::<String>()
                .map_err(|error| serde::de::Error::custom(format_args!("{path}: {error}")))?;
            if board.contains_key(&name) {
                return Err(serde::de::Error::custom(
                    repeated_square(&name).at(path, 0..0),
                ));
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

/// Why a JSON form does not describe a DFEN: a code of the JSON range (`DFEN401`–`DFEN409`),
/// the path of the offending value, its byte span in the text, what was expected and what was
/// found, and the fix when it is certain.
///
/// ```
/// let text = r#"{"board":{"e1":"K","e8":"k"},"side":"w","castling":[],"en_passant":[],"halfmove":0,"fullmove":1,"dice":[]}"#;
/// let err = dfen::Dfen::from_json(text).unwrap_err();
/// assert_eq!(err.code(), dfen::Code::JsonSide);
/// assert_eq!(err.path(), "$.side");
/// assert_eq!(&text[err.span()], r#""w""#);
/// assert_eq!(err.to_string(), r#"$.side: expected "white" or "black", found "w""#);
/// assert_eq!(err.help(), Some(r#"write "white""#));
/// ```
pub type JsonError = fenkit_diagnostics::Rejection<Code, JsonPath>;

/// Where the offending value of a [`JsonError`] is: its context.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct JsonPath(String);

impl JsonPath {
    /// Where the offending value is: `$` the whole value, `$.side` a key, `$.board.e1` a square
    /// of the board, `$.dice[3]` an item of a list.
    #[must_use]
    pub fn path(&self) -> &str {
        &self.0
    }
}

impl fenkit_diagnostics::Context for JsonPath {
    /// `{path}: expected {expected}, found {found}`.
    fn write_message<C: fenkit_diagnostics::Code>(
        &self,
        rejection: &fenkit_diagnostics::Rejection<C, Self>,
        f: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
        write!(f, "{}: ", self.0)?;
        rejection.write_expected_found(f)
    }
}

/// What is wrong with one value, before it is placed (path and span).
struct Problem {
    code: Code,
    expected: Cow<'static, str>,
    found: String,
    help: Option<String>,
}

impl Problem {
    fn new(
        code: Code,
        expected: impl Into<Cow<'static, str>>,
        found: impl Into<String>,
    ) -> Problem {
        Problem {
            code,
            expected: expected.into(),
            found: found.into(),
            help: None,
        }
    }

    fn with_help(mut self, help: impl Into<String>) -> Problem {
        self.help = Some(help.into());
        self
    }

    fn at(self, path: impl Into<String>, span: Range<usize>) -> JsonError {
        let error = JsonError::with_context(
            self.code,
            span,
            self.expected,
            self.found,
            JsonPath(path.into()),
        );
        match self.help {
            Some(help) => error.with_help(help),
            None => error,
        }
    }
}

/// `text` as JSON writes a string, for messages: `"w"`.
fn quoted(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

/// The keys of the form, in the order it is written.
const KEYS: [&str; 7] = [
    "board",
    "side",
    "castling",
    "en_passant",
    "halfmove",
    "fullmove",
    "dice",
];

/// A square name of `board` or `en_passant`.
fn square(name: &str) -> Option<Square> {
    Square::from_name(name)
}

fn board_square(name: &str) -> Result<Square, Problem> {
    square(name).ok_or_else(|| {
        Problem::new(
            Code::JsonBoard,
            "a square name such as \"e4\" as key",
            quoted(name),
        )
    })
}

fn repeated_square(name: &str) -> Problem {
    Problem::new(
        Code::JsonBoard,
        "each square at most once",
        format!("{} a second time", quoted(name)),
    )
}

fn piece(letter: &str) -> Result<Piece, Problem> {
    single_byte(letter)
        .and_then(Piece::from_letter)
        .ok_or_else(|| {
            Problem::new(
                Code::JsonPiece,
                "a piece letter (one of PNBRQK or pnbrqk)",
                quoted(letter),
            )
        })
}

fn side(name: &str) -> Result<Color, Problem> {
    match name {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        other => {
            let problem = Problem::new(Code::JsonSide, "\"white\" or \"black\"", quoted(other));
            Err(match other.to_ascii_lowercase().as_str() {
                "w" | "white" => problem.with_help("write \"white\""),
                "b" | "black" => problem.with_help("write \"black\""),
                _ => problem,
            })
        }
    }
}

/// A castling right as JSON lists it: `K`/`Q` (`k`/`q`) are the h- and a-file rooks, and a file
/// letter `A`–`H` (`a`–`h`) names its rook (Chess960).
fn castling_letter(letter: &str) -> Result<(Color, u8), Problem> {
    single_byte(letter)
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
            Problem::new(
                Code::JsonCastling,
                "a castling letter: \"K\", \"Q\", \"k\", \"q\" or a rook's file \"A\"-\"H\", \"a\"-\"h\"",
                quoted(letter),
            )
        })
}

fn en_passant_square(name: &str) -> Result<Square, Problem> {
    square(name)
        .filter(|s| s.rank() == 2 || s.rank() == 5)
        .ok_or_else(|| {
            Problem::new(
                Code::JsonEnPassant,
                "a square on rank 3 or 6, such as \"e3\"",
                quoted(name),
            )
        })
}

fn die(letter: &str) -> Result<Role, Problem> {
    let problem = Problem::new(
        Code::JsonDice,
        "an upper-case dice letter: \"P\", \"N\", \"B\", \"R\", \"Q\" or \"K\"",
        quoted(letter),
    );
    let byte = single_byte(letter);
    match byte.and_then(Role::from_letter) {
        Some(role) if byte.is_some_and(|b| b.is_ascii_uppercase()) => Ok(role),
        Some(role) => Err(problem.with_help(format!("write \"{}\"", role.upper()))),
        None => Err(problem),
    }
}

fn too_many_dice(count: usize) -> Problem {
    Problem::new(Code::JsonDice, "at most 3 dice", format!("{count} dice"))
}

/// A clock: `halfmove` from 0, `fullmove` from 1, both at most `u32::MAX`; `found` is how the
/// value is written.
fn clock(key: &str, number: Option<&serde_json::Number>, found: &str) -> Result<u32, Problem> {
    let least = u32::from(key == "fullmove");
    number
        .and_then(serde_json::Number::as_u64)
        .and_then(|n| u32::try_from(n).ok())
        .filter(|&n| n >= least)
        .ok_or_else(|| {
            Problem::new(
                Code::JsonClock,
                if least == 0 {
                    "a whole number from 0 to 4294967295"
                } else {
                    "a whole number from 1 to 4294967295"
                },
                found,
            )
        })
}

/// How a message names a value of the text: a string as JSON writes it, a number as written,
/// anything else by its kind.
fn shown(text: &str, node: &Node) -> String {
    match &node.kind {
        NodeKind::String(s) => quoted(s),
        NodeKind::Number(_) | NodeKind::Bool(_) | NodeKind::Null => {
            text.get(node.span.clone()).unwrap_or("").to_owned()
        }
        _ => node.type_name().to_owned(),
    }
}

/// The path step to the member `key`: `.key` for a plain name, `["key"]` for any other.
fn member_path(base: &str, key: &str) -> String {
    format!("{base}{}", spanned::member_step(key))
}

/// What every list of the form says when it is not a list.
fn not_a_list(code: Code, of: &'static str, text: &str, node: &Node) -> Problem {
    let problem = Problem::new(code, of, shown(text, node));
    match &node.kind {
        NodeKind::String(s) if !s.is_empty() && s.len() <= 8 => {
            let items: Vec<String> = s.chars().map(|c| quoted(&c.to_string())).collect();
            problem.with_help(format!("write [{}]", items.join(",")))
        }
        _ => problem,
    }
}

/// The strings of a list, each with its node; the first item that is not a string is a
/// problem of `code`.
fn strings<'n>(
    code: Code,
    expected: &'static str,
    text: &str,
    path: &str,
    node: &'n Node,
) -> Result<Vec<(&'n str, &'n Node)>, JsonError> {
    let NodeKind::Array(items) = &node.kind else {
        return Err(not_a_list(code, expected, text, node).at(path, node.span.clone()));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| match &item.kind {
            NodeKind::String(s) => Ok((s.as_str(), item)),
            _ => Err(Problem::new(code, expected, shown(text, item))
                .at(format!("{path}[{i}]"), item.span.clone())),
        })
        .collect()
}

/// The items of a list read from text, each with its path and span.
fn placed(path: &str, items: &[(&str, &Node)]) -> Vec<(String, String, Range<usize>)> {
    items
        .iter()
        .enumerate()
        .map(|(i, (item, node))| {
            (
                (*item).to_owned(),
                format!("{path}[{i}]"),
                node.span.clone(),
            )
        })
        .collect()
}

/// A list whose items may each be given once: its code, what an item is, and how one is read.
struct DistinctList<T> {
    code: Code,
    item: &'static str,
    read: fn(&str) -> Result<T, Problem>,
}

const CASTLING: DistinctList<(Color, u8)> = DistinctList {
    code: Code::JsonCastling,
    item: "each castling letter at most once",
    read: castling_letter,
};

const EN_PASSANT: DistinctList<Square> = DistinctList {
    code: Code::JsonEnPassant,
    item: "each square at most once",
    read: en_passant_square,
};

/// Reads the items of a `list` (each with its path and span): each is read and handed to
/// `add`, which says whether it was new. The first item that is wrong or repeated is the error.
fn distinct<T>(
    items: Vec<(String, String, Range<usize>)>,
    list: DistinctList<T>,
    mut add: impl FnMut(T) -> bool,
) -> Result<(), JsonError> {
    for (item, path, span) in items {
        let value = (list.read)(&item).map_err(|p| p.at(&path, span.clone()))?;
        if !add(value) {
            return Err(Problem::new(
                list.code,
                list.item,
                format!("{} a second time", quoted(&item)),
            )
            .at(path, span));
        }
    }
    Ok(())
}

impl Dfen {
    /// Reads the JSON form from text, checking every value; the first problem, in the order of
    /// the text, is the error. The position findings are then those of
    /// [`Dfen::validate`].
    ///
    /// # Errors
    ///
    /// [`JsonError`] with a code of the JSON range (spec/dfen.md §8): `DFEN401` text that is not
    /// a JSON object, `DFEN402` a key missing, unknown or repeated, `DFEN403` a board key that
    /// is not a square (or a square twice), `DFEN404` a piece letter, `DFEN405` the side,
    /// `DFEN406` castling, `DFEN407` en passant, `DFEN408` a clock, `DFEN409` the dice.
    ///
    /// ```
    /// let text = r#"{"board":{"e1":"K","e8":"k","e4":"P"},"side":"black","castling":[],"en_passant":["e3"],"halfmove":0,"fullmove":1,"dice":[]}"#;
    /// let dfen = dfen::Dfen::from_json(text).unwrap();
    /// assert_eq!(dfen.to_string(), "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1 -");
    ///
    /// let err = dfen::Dfen::from_json(r#"{"board":{}, "side":"white", "turn":1}"#).unwrap_err();
    /// assert_eq!(err.code().as_str(), "DFEN402");
    /// assert_eq!(err.span(), 29..35); // the key `"turn"`
    /// ```
    pub fn from_json(text: &str) -> Result<Dfen, JsonError> {
        let root = spanned::read(text).map_err(|error| {
            Problem::new(
                Code::NotAJsonObject,
                EXPECTED_OBJECT,
                format!("text that is not JSON ({})", error.message),
            )
            .at("$", error.span)
        })?;
        let NodeKind::Object(members) = &root.kind else {
            return Err(
                Problem::new(Code::NotAJsonObject, EXPECTED_OBJECT, root.type_name())
                    .at("$", root.span.clone()),
            );
        };
        let mut seen: [Option<&Member>; 7] = [None; 7];
        let mut dfen = Dfen {
            board: Board::empty(),
            side: Color::White,
            castling: CastlingRights::NONE,
            en_passant: SquareSet::EMPTY,
            halfmove: 0,
            fullmove: std::num::NonZeroU32::MIN,
            dice: DicePool::EMPTY,
        };
        for member in members {
            let path = member_path("$", &member.key);
            let slot = KEYS
                .iter()
                .position(|&key| key == member.key)
                .and_then(|index| seen.get_mut(index));
            let Some(slot) = slot else {
                return Err(Problem::new(
                    Code::JsonKey,
                    "only the keys board, side, castling, en_passant, halfmove, fullmove and dice",
                    format!("the key {}", quoted(&member.key)),
                )
                .at(path, member.key_span.clone()));
            };
            if slot.is_some() {
                return Err(Problem::new(
                    Code::JsonKey,
                    "each key once",
                    format!("{} a second time", quoted(&member.key)),
                )
                .at(path, member.key_span.clone()));
            }
            *slot = Some(member);
            read_member(text, &path, member, &mut dfen)?;
        }
        if let Some(missing) = KEYS
            .iter()
            .zip(seen)
            .find_map(|(key, seen)| seen.is_none().then_some(key))
        {
            return Err(Problem::new(
                Code::JsonKey,
                format!("the key {}", quoted(missing)),
                format!("no {}", quoted(missing)),
            )
            .at("$", root.span.clone()));
        }
        Ok(dfen)
    }
}

/// How DFEN401 says what a DFEN JSON form is.
const EXPECTED_OBJECT: &str =
    "a DFEN JSON object such as {\"board\":{\"e1\":\"K\",\"e8\":\"k\"},\"side\":\"white\",...}";

/// Reads one known member of the form into `dfen`.
fn read_member(text: &str, path: &str, member: &Member, dfen: &mut Dfen) -> Result<(), JsonError> {
    let node = &member.value;
    match member.key.as_str() {
        "board" => {
            let NodeKind::Object(squares) = &node.kind else {
                return Err(Problem::new(
                    Code::JsonBoard,
                    "an object from square names to piece letters",
                    shown(text, node),
                )
                .at(path, node.span.clone()));
            };
            let mut board = Board::empty();
            for entry in squares {
                let at = member_path(path, &entry.key);
                let square =
                    board_square(&entry.key).map_err(|p| p.at(&at, entry.key_span.clone()))?;
                if board.get(square).is_some() {
                    return Err(repeated_square(&entry.key).at(at, entry.key_span.clone()));
                }
                let letter = match &entry.value.kind {
                    NodeKind::String(s) => s.as_str(),
                    _ => "",
                };
                let piece = piece(letter).map_err(|mut p| {
                    p.found = shown(text, &entry.value);
                    p.at(&at, entry.value.span.clone())
                })?;
                board.set(square, Some(piece));
            }
            dfen.board = board;
        }
        "side" => {
            let name = match &node.kind {
                NodeKind::String(s) => s.as_str(),
                _ => "",
            };
            dfen.side = side(name).map_err(|mut p| {
                p.found = shown(text, node);
                p.at(path, node.span.clone())
            })?;
        }
        "castling" => {
            const EXPECTED: &str = "a list of castling letters, such as [\"K\",\"q\"]";
            let items = strings(Code::JsonCastling, EXPECTED, text, path, node)?;
            let mut castling = CastlingRights::NONE;
            distinct(placed(path, &items), CASTLING, |(color, file)| {
                castling.insert_rook_file(color, file)
            })?;
            dfen.castling = castling;
        }
        "en_passant" => {
            const EXPECTED: &str = "a list of squares on rank 3 or 6, such as [\"e3\"]";
            let items = strings(Code::JsonEnPassant, EXPECTED, text, path, node)?;
            let mut en_passant = SquareSet::EMPTY;
            distinct(placed(path, &items), EN_PASSANT, |square| {
                en_passant.insert(square)
            })?;
            dfen.en_passant = en_passant;
        }
        key @ ("halfmove" | "fullmove") => {
            let number = match &node.kind {
                NodeKind::Number(n) => Some(n),
                _ => None,
            };
            let value = clock(key, number, &shown(text, node))
                .map_err(|p| p.at(path, node.span.clone()))?;
            if key == "halfmove" {
                dfen.halfmove = value;
            } else {
                // `clock` reads a fullmove number from 1.
                dfen.fullmove =
                    std::num::NonZeroU32::new(value).unwrap_or(std::num::NonZeroU32::MIN);
            }
        }
        _ => {
            const EXPECTED: &str = "a list of at most 3 dice letters, such as [\"P\",\"N\"]";
            let mut dice = DicePool::EMPTY;
            let letters = strings(Code::JsonDice, EXPECTED, text, path, node)?;
            for (i, (letter, item)) in letters.iter().enumerate() {
                let at = format!("{path}[{i}]");
                let role = die(letter).map_err(|p| p.at(&at, item.span.clone()))?;
                if !dice.push(role) {
                    return Err(too_many_dice(letters.len()).at(at, item.span.clone()));
                }
            }
            dfen.dice = dice;
        }
    }
    Ok(())
}

impl TryFrom<DfenJson> for Dfen {
    type Error = crate::InvalidValue;

    fn try_from(json: DfenJson) -> Result<Dfen, crate::InvalidValue> {
        dfen_of(json).map_err(|error| crate::InvalidValue::new(error.to_string()))
    }
}

/// [`Dfen::try_from`] a [`DfenJson`]: the checks of [`Dfen::from_json`] on values that serde
/// has read (there is no text, so no span).
fn dfen_of(json: DfenJson) -> Result<Dfen, JsonError> {
    let mut board = Board::empty();
    for (name, letter) in &json.board {
        let at = member_path("$.board", name);
        let square = board_square(name).map_err(|p| p.at(&at, 0..0))?;
        let piece = piece(letter).map_err(|p| p.at(&at, 0..0))?;
        board.set(square, Some(piece));
    }
    let side = side(&json.side).map_err(|p| p.at("$.side", 0..0))?;
    let unplaced = |key: &str, items: &[String]| -> Vec<(String, String, Range<usize>)> {
        items
            .iter()
            .enumerate()
            .map(|(i, item)| (item.clone(), format!("$.{key}[{i}]"), 0..0))
            .collect()
    };
    let mut castling = CastlingRights::NONE;
    distinct(
        unplaced("castling", &json.castling),
        CASTLING,
        |(color, file)| castling.insert_rook_file(color, file),
    )?;
    let mut en_passant = SquareSet::EMPTY;
    distinct(
        unplaced("en_passant", &json.en_passant),
        EN_PASSANT,
        |square| en_passant.insert(square),
    )?;
    let fullmove = clock(
        "fullmove",
        Some(&json.fullmove.into()),
        &json.fullmove.to_string(),
    )
    .map_err(|p| p.at("$.fullmove", 0..0))?;
    let mut dice = DicePool::EMPTY;
    for (i, letter) in json.dice.iter().enumerate() {
        let at = format!("$.dice[{i}]");
        let role = die(letter).map_err(|p| p.at(&at, 0..0))?;
        if !dice.push(role) {
            return Err(too_many_dice(json.dice.len()).at(at, 0..0));
        }
    }
    Ok(Dfen {
        board,
        side,
        castling,
        en_passant,
        halfmove: json.halfmove,
        fullmove: std::num::NonZeroU32::new(fullmove).unwrap_or(std::num::NonZeroU32::MIN),
        dice,
    })
}

/// Writes the same fields as `DfenJson`, straight from the position: no map or strings are
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

/// The castling letters of the JSON form: `KQkq` letters when every right is for an a- or
/// h-file rook, else the rooks' files. The JSON form reads each letter as a rook's file (`K`
/// the h-file, `Q` the a-file) whatever the board, so it needs no board to write them.
fn castling_letters(rights: CastlingRights) -> impl Iterator<Item = char> {
    let mut letters = Vec::with_capacity(4);
    if !rights.is_empty() {
        rights.write_letters(&mut |byte| letters.push(char::from(byte)));
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
    /// Reads the JSON form: an object only (serde's derive would also take the seven values
    /// as an array, which `Dfen::from_json` refuses as `DFEN401`). It asks for a struct with
    /// the form's keys, not for any map, so that a `Dfen` flattened into a larger object (an
    /// EPD line's JSON form) takes only its own keys and leaves the others to that object.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Dfen, D::Error> {
        const KEYS: &[&str] = &[
            "board",
            "side",
            "castling",
            "en_passant",
            "halfmove",
            "fullmove",
            "dice",
        ];
        let json = deserializer.deserialize_struct("Dfen", KEYS, ObjectOnly)?;
        Dfen::try_from(json).map_err(serde::de::Error::custom)
    }
}

/// Reads [`DfenJson`] from an object, and refuses every other kind of value.
struct ObjectOnly;

impl<'de> serde::de::Visitor<'de> for ObjectOnly {
    type Value = DfenJson;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a DFEN JSON object")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<DfenJson, A::Error> {
        DfenJson::deserialize(serde::de::value::MapAccessDeserializer::new(map))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::DfenJson;
    use crate::test_strategies::any_dfen;
    use crate::{Code, Dfen};

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

    /// Both serde readers refuse a square named twice, with the same message; distinct squares
    /// read.
    #[test]
    fn json_rejects_a_square_named_twice() {
        let rest =
            r#""side":"white","castling":[],"en_passant":[],"halfmove":0,"fullmove":1,"dice":[]"#;
        for (board, message) in [
            (
                r#"{"e1":"K","e1":"k"}"#,
                r#"$.board.e1: expected each square at most once, found "e1" a second time at line 1 column 28"#,
            ),
            (
                r#"{"a1":"R","e8":"k","a1":"R"}"#,
                r#"$.board.a1: expected each square at most once, found "a1" a second time at line 1 column 37"#,
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

    const GOOD: &str = r#"{"board":{"e1":"K","e8":"k"},"side":"white","castling":[],"en_passant":[],"halfmove":0,"fullmove":1,"dice":[]}"#;

    /// `Dfen::from_json` reads what serde reads, and refuses what serde refuses: each with the
    /// code of its value, the path, and the span of exactly the offending key or value; the
    /// first problem in the order of the text is the one reported.
    #[test]
    fn from_json_points_at_the_offending_value() {
        assert_eq!(
            Dfen::from_json(GOOD).unwrap(),
            serde_json::from_str::<Dfen>(GOOD).unwrap()
        );
        for (from, to, code, path, offending) in [
            ("{", "[", "DFEN401", "$", ""),
            (
                r#""side":"white""#,
                r#""side":"w""#,
                "DFEN405",
                "$.side",
                r#""w""#,
            ),
            (r#""side":"white""#, r#""side":5"#, "DFEN405", "$.side", "5"),
            (
                r#""side":"white""#,
                r#""turn":"w""#,
                "DFEN402",
                "$.turn",
                r#""turn""#,
            ),
            (
                r#""dice":[]"#,
                r#""dice":[],"dice":[]"#,
                "DFEN402",
                "$.dice",
                r#""dice""#,
            ),
            (r#","dice":[]"#, "", "DFEN402", "$", GOOD_WITHOUT_DICE),
            (
                r#""e1":"K""#,
                r#""z9":"K""#,
                "DFEN403",
                "$.board.z9",
                r#""z9""#,
            ),
            (
                r#""e8":"k""#,
                r#""e1":"k""#,
                "DFEN403",
                "$.board.e1",
                r#""e1""#,
            ),
            (r#"{"e1":"K","e8":"k"}"#, "[]", "DFEN403", "$.board", "[]"),
            (
                r#""e8":"k""#,
                r#""e8":"x""#,
                "DFEN404",
                "$.board.e8",
                r#""x""#,
            ),
            (
                r#""e8":"k""#,
                r#""e8":null"#,
                "DFEN404",
                "$.board.e8",
                "null",
            ),
            (
                r#""castling":[]"#,
                r#""castling":["K","K"]"#,
                "DFEN406",
                "$.castling[1]",
                r#""K""#,
            ),
            (
                r#""castling":[]"#,
                r#""castling":"KQ""#,
                "DFEN406",
                "$.castling",
                r#""KQ""#,
            ),
            (
                r#""en_passant":[]"#,
                r#""en_passant":["e4"]"#,
                "DFEN407",
                "$.en_passant[0]",
                r#""e4""#,
            ),
            (
                r#""halfmove":0"#,
                r#""halfmove":-1"#,
                "DFEN408",
                "$.halfmove",
                "-1",
            ),
            (
                r#""fullmove":1"#,
                r#""fullmove":0"#,
                "DFEN408",
                "$.fullmove",
                "0",
            ),
            (
                r#""fullmove":1"#,
                r#""fullmove":4294967296"#,
                "DFEN408",
                "$.fullmove",
                "4294967296",
            ),
            (
                r#""dice":[]"#,
                r#""dice":["P","N","B","R"]"#,
                "DFEN409",
                "$.dice[3]",
                r#""R""#,
            ),
            (
                r#""dice":[]"#,
                r#""dice":["p"]"#,
                "DFEN409",
                "$.dice[0]",
                r#""p""#,
            ),
            // Two problems: the first in the text is reported.
            (
                r#""side":"white""#,
                r#""side":"w","turn":1"#,
                "DFEN405",
                "$.side",
                r#""w""#,
            ),
        ] {
            let text = GOOD.replacen(from, to, 1);
            assert_ne!(text, GOOD, "{from} is not in the good form");
            let error = Dfen::from_json(&text).unwrap_err();
            assert_eq!(
                (error.code().as_str(), error.path()),
                (code, path),
                "{text}: {error}"
            );
            if !offending.is_empty() {
                assert_eq!(&text[error.span()], offending, "{text}: {error}");
            }
            assert!(
                serde_json::from_str::<Dfen>(&text).is_err(),
                "serde reads {text}"
            );
        }
        // The seven values as an array: both readers refuse it.
        let array = r#"[{"e1":"K","e8":"k"},"white",[],[],0,1,[]]"#;
        assert_eq!(
            Dfen::from_json(array).unwrap_err().code(),
            Code::NotAJsonObject
        );
        assert!(serde_json::from_str::<Dfen>(array).is_err());
        // Text that is not JSON: the span of the byte where reading stopped.
        let error = Dfen::from_json(r#"{"board": }"#).unwrap_err();
        assert_eq!((error.code().as_str(), error.span()), ("DFEN401", 10..11));
        assert_eq!(
            error.to_string(),
            "$: expected a DFEN JSON object such as {\"board\":{\"e1\":\"K\",\"e8\":\"k\"},\"side\":\"white\",...}, found text that is not JSON (expected value)"
        );
    }

    const GOOD_WITHOUT_DICE: &str = r#"{"board":{"e1":"K","e8":"k"},"side":"white","castling":[],"en_passant":[],"halfmove":0,"fullmove":1}"#;

    proptest! {
        /// Every position's JSON form reads back through `from_json` too.
        #[test]
        fn from_json_reads_what_dfen_writes(dfen in any_dfen()) {
            let json = serde_json::to_string_pretty(&dfen).unwrap();
            prop_assert_eq!(Dfen::from_json(&json).unwrap(), dfen);
        }
    }
}

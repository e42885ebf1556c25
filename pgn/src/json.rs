//! The JSON form of a game, what `convert --to json` writes one line of per game, and its
//! inverse, JSON → PGN (`convert --to pgn`).
//!
//! ```json
//! {"tags": {"Event": "…", …},
//!  "comment": "before the first move (only when there is one)",
//!  "moves": [{"san": "e4", "uci": "e2e4", "fen": "…", "comment": null, "nags": [],
//!             "variations": [[{"san": "d4", …}]]}],
//!  "result": "1-0"}
//! ```
//!
//! A move's `variations` are the lines that replace it, each from the position before it.
//! `comment` is the comments after the move, as python-chess keeps them; `starting_comment`
//! (only when there is one) the comment before a variation's first move.
//!
//! ```
//! use pgn::{Keep, Reader, json};
//! let text = "[Event \"x\"]\n\n1. e4 {best} (1. d4 d5) e5 $1 *";
//! let game = Reader::new().keep(Keep::Tree).fens(true).games(text).next().unwrap();
//! let form = json::to_json(&game);
//! assert_eq!(form["moves"][0]["comment"], "best");
//! assert_eq!(form["moves"][0]["variations"][0][1]["uci"], "d7d5");
//! let pgn = json::to_pgn(&form).unwrap();
//! assert_eq!(pgn, "[Event \"x\"]\n\n1. e4 { best } ( 1. d4 d5 ) 1... e5 $1 *\n");
//! ```

use serde_json::{Map, Value, json};

use crate::game::{Game, Node, joined_comment};

/// The JSON form of a game read with [`Keep::Tree`](crate::Keep) (with
/// [`Reader::fens`](crate::Reader::fens) for the `fen` of each move).
#[must_use]
pub fn to_json(game: &Game<'_>) -> Value {
    let mut tags = Map::new();
    for tag in &game.tags {
        tags.entry(tag.name.to_owned())
            .or_insert_with(|| Value::String(tag.value().into_owned()));
    }
    let mut form = Map::new();
    form.insert("tags".to_owned(), Value::Object(tags));
    if let Some(comment) = joined_comment(&game.comments) {
        form.insert("comment".to_owned(), Value::String(comment));
    }
    form.insert("moves".to_owned(), line(&game.moves));
    form.insert(
        "result".to_owned(),
        Value::String(game.result().into_owned()),
    );
    Value::Object(form)
}

fn line(nodes: &[Node<'_>]) -> Value {
    Value::Array(nodes.iter().map(node).collect())
}

fn node(node: &Node<'_>) -> Value {
    let mut object = json!({
        "san": node.san,
        "uci": node.uci,
        "fen": node.fen,
        "comment": joined_comment(&node.comments),
        "nags": node.nags,
        "variations": node.variations.iter().map(|variation| line(variation)).collect::<Vec<_>>(),
    });
    if let (Some(comment), Some(map)) = (
        joined_comment(&node.starting_comments),
        object.as_object_mut(),
    ) {
        map.insert("starting_comment".to_owned(), Value::String(comment));
    }
    object
}

/// Why a JSON value is not a game's JSON form: the message says what was expected and what
/// was found.
pub type JsonError = fenkit_diagnostics::InvalidValue;

fn error(message: impl Into<String>) -> JsonError {
    JsonError::new(message)
}

/// The Seven Tag Roster, in its order: written first.
const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// The PGN of a game's JSON form: its tags (the Seven Tag Roster first), a blank line, the
/// movetext on one line (move numbers from the start position's side and number), and the
/// result.
///
/// # Errors
/// [`JsonError`] when the value is not the JSON form: a field missing or of another type, a
/// comment holding `}`, a SAN holding a space.
///
/// ```
/// let form = serde_json::json!({"tags": {}, "moves": [{"san": "e4"}], "result": "*"});
/// assert_eq!(pgn::json::to_pgn(&form).unwrap(), "\n1. e4 *\n");
/// let err = pgn::json::to_pgn(&serde_json::json!({"moves": 3})).unwrap_err();
/// assert_eq!(err.to_string(), "expected `moves` to be an array of moves, found 3");
/// ```
pub fn to_pgn(form: &Value) -> Result<String, JsonError> {
    let object = form
        .as_object()
        .ok_or_else(|| error(format!("expected a game object, found {form}")))?;
    let mut out = String::new();
    let mut fen = None;
    if let Some(tags) = object.get("tags") {
        let tags = tags
            .as_object()
            .ok_or_else(|| error(format!("expected `tags` to be an object, found {tags}")))?;
        let roster = ROSTER.iter().filter_map(|name| tags.get_key_value(*name));
        let others = tags
            .iter()
            .filter(|(name, _)| !ROSTER.contains(&name.as_str()));
        for (name, value) in roster.chain(others) {
            let value = value.as_str().ok_or_else(|| {
                error(format!(
                    "expected the tag `{name}` to be a string, found {value}"
                ))
            })?;
            if !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') || name.is_empty() {
                return Err(error(format!(
                    "expected a tag name of letters, digits and `_`, found `{name}`"
                )));
            }
            if value.contains('\n') {
                return Err(error(format!(
                    "expected the tag `{name}` on one line, found a line break"
                )));
            }
            if name == "FEN" {
                fen = Some(value.to_owned());
            }
            let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
            out.push_str(&format!("[{name} \"{escaped}\"]\n"));
        }
    }
    out.push('\n');
    // The start's side and fullmove number give each move its number.
    let (white, fullmove) = fen.as_deref().map_or((true, 1), |fen| {
        let mut fields = fen.split_whitespace().skip(1);
        let white = fields.next() != Some("b");
        let fullmove = fields
            .nth(3)
            .and_then(|n| n.parse::<u64>().ok())
            .unwrap_or(1);
        (white, fullmove)
    });
    let ply = fullmove.saturating_sub(1) * 2 + u64::from(!white);
    let mut tokens: Vec<String> = Vec::new();
    if let Some(comment) = object.get("comment") {
        tokens.push(comment_token(comment)?);
    }
    let moves = object.get("moves").unwrap_or(&Value::Null);
    let moves = moves.as_array().ok_or_else(|| {
        error(format!(
            "expected `moves` to be an array of moves, found {moves}"
        ))
    })?;
    write_line(moves, ply, &mut tokens)?;
    let result = object.get("result").and_then(Value::as_str).unwrap_or("*");
    if crate::Termination::from_marker(result).is_none() {
        return Err(error(format!(
            "expected `result` to be `1-0`, `0-1`, `1/2-1/2` or `*`, found `{result}`"
        )));
    }
    tokens.push(result.to_owned());
    out.push_str(&tokens.join(" "));
    out.push('\n');
    Ok(out)
}

fn comment_token(comment: &Value) -> Result<String, JsonError> {
    let text = comment.as_str().ok_or_else(|| {
        error(format!(
            "expected a comment to be a string, found {comment}"
        ))
    })?;
    if text.contains('}') {
        return Err(error(format!(
            "expected a comment without `}}`, found `{text}`"
        )));
    }
    // A line of the comment that starts with `[` would read as the next tag section.
    if text.split('\n').skip(1).any(|line| line.starts_with('[')) {
        return Err(error(format!(
            "expected a comment whose lines after the first do not start with `[`, found `{text}`"
        )));
    }
    Ok(format!("{{ {text} }}"))
}

/// Writes one line of play starting at `ply` (0 is White's first move).
fn write_line(moves: &[Value], ply: u64, tokens: &mut Vec<String>) -> Result<(), JsonError> {
    let mut number_due = true;
    for (index, mv) in moves.iter().enumerate() {
        let ply = ply + index as u64;
        let object = mv
            .as_object()
            .ok_or_else(|| error(format!("expected a move object, found {mv}")))?;
        let san = object
            .get("san")
            .and_then(Value::as_str)
            .ok_or_else(|| error(format!("expected a move's `san` string, found {mv}")))?;
        if san.is_empty()
            || san
                .bytes()
                .any(|b| b.is_ascii_whitespace() || b"{}()[];$".contains(&b))
        {
            return Err(error(format!("expected a move in SAN, found `{san}`")));
        }
        if let Some(comment) = object.get("starting_comment") {
            tokens.push(comment_token(comment)?);
            number_due = true;
        }
        let number = ply / 2 + 1;
        if ply.is_multiple_of(2) {
            tokens.push(format!("{number}. {san}"));
        } else if number_due {
            tokens.push(format!("{number}... {san}"));
        } else {
            tokens.push(san.to_owned());
        }
        number_due = false;
        if let Some(nags) = object.get("nags").and_then(Value::as_array) {
            for nag in nags {
                let nag = nag
                    .as_u64()
                    .ok_or_else(|| error(format!("expected a NAG number, found {nag}")))?;
                tokens.push(format!("${nag}"));
            }
        }
        if let Some(comment) = object.get("comment").filter(|c| !c.is_null()) {
            tokens.push(comment_token(comment)?);
            number_due = true;
        }
        if let Some(variations) = object.get("variations").and_then(Value::as_array) {
            for variation in variations {
                let variation = variation.as_array().ok_or_else(|| {
                    error(format!(
                        "expected a variation to be an array of moves, found {variation}"
                    ))
                })?;
                tokens.push("(".to_owned());
                write_line(variation, ply, tokens)?;
                tokens.push(")".to_owned());
                number_due = true;
            }
        }
    }
    Ok(())
}

//! The Dice Chess rules: legal first micro-moves, complete turns, and playing a move.

use dfen::rules::{KingCapture, Rules};
use serde::Serialize;

use crate::analysis::{color_name, json};
use crate::found::Failure;

/// The names `kingCapture:` takes, in the order of their numbers.
pub(crate) fn readings() -> [&'static str; 2] {
    KingCapture::ALL.map(KingCapture::as_str)
}

/// The rules under reading number `king_capture` (an index into `KingCapture::ALL`).
fn rules(king_capture: u32) -> Rules {
    let reading = KingCapture::ALL
        .get(king_capture as usize)
        .copied()
        .unwrap_or_default();
    Rules::new().king_capture(reading)
}

/// The position of a DFEN text, read under the `spec` profile as written (the rules check
/// what they need themselves, such as both kings).
fn position(text: &str) -> Result<dfen::Dfen, Failure> {
    dfen::Parser::new()
        .parse(text)
        .map(|parsed| parsed.dfen)
        .map_err(|error| Failure::dfen(&error))
}

/// The legal first micro-moves in UCI, in the library's stable order.
pub(crate) fn legal_moves(text: &str, king_capture: u32) -> Result<String, Failure> {
    let position = position(text)?;
    let legal = rules(king_capture)
        .legal_moves(&position)
        .map_err(|error| Failure::rules(&error, None))?;
    Ok(json(&uci(legal.iter())))
}

fn uci<'a>(moves: impl Iterator<Item = &'a dfen::rules::Move>) -> Vec<String> {
    moves.map(ToString::to_string).collect()
}

/// A `Turn` object.
#[derive(Serialize)]
struct TurnOut {
    moves: Vec<String>,
    position: String,
    winner: Option<&'static str>,
}

/// An `Outcome` object.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct OutcomeOut {
    position: String,
    played: Option<String>,
    turn_ended: bool,
    winner: Option<&'static str>,
}

/// Every complete legal turn, as `fenkit turns` lists them.
pub(crate) fn turns(text: &str, king_capture: u32) -> Result<String, Failure> {
    let position = position(text)?;
    let turns = rules(king_capture)
        .turns(&position)
        .map_err(|error| Failure::rules(&error, None))?;
    let turns: Vec<TurnOut> = turns
        .iter()
        .map(|turn| TurnOut {
            moves: uci(turn.moves.iter()),
            position: turn.position.to_string(),
            winner: turn.winner.map(color_name),
        })
        .collect();
    Ok(json(&turns))
}

/// Plays one micro-move (`uci`); the outcome with the position after it.
pub(crate) fn play(text: &str, uci: &str, king_capture: u32) -> Result<String, Failure> {
    let position = position(text)?;
    let outcome = rules(king_capture)
        .play_uci(&position, uci)
        .map_err(|error| Failure::rules(&error, Some(uci)))?;
    Ok(json(&OutcomeOut {
        position: outcome.position.to_string(),
        played: outcome.played.map(|m| m.to_string()),
        turn_ended: outcome.turn_ended,
        winner: outcome.winner.map(color_name),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pawn_die_moves_the_pawn() {
        let moves = legal_moves("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 P", 0).ok();
        assert_eq!(moves.as_deref(), Some(r#"["e2e3","e2e4"]"#));
    }

    #[test]
    fn an_illegal_move_lists_the_legal_ones() {
        let refused = play("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 P", "e2e5", 0).err();
        let legal = refused.map(|f| (f.found.code, f.legal_moves.clone()));
        assert_eq!(
            legal,
            Some(("RULE005", vec!["e2e3".to_owned(), "e2e4".to_owned()]))
        );
    }
}

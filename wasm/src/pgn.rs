//! `readPgn`: the games of a PGN text, read move by move by the `pgn` library as `fenkit check`
//! reads them, each in the JSON form `fenkit convert --to json` writes (`tags`, `moves` with
//! `san`, `uci`, `fen`, `comment`, `nags` and `variations`, `result`), with its `findings`
//! beside it.

use serde_json::Value;

use crate::found::{Found, Source, findings_out};

/// The games of `text` as a JSON array; spans of findings counted as `source` counts them.
pub(crate) fn read_pgn(source: Source<'_>, text: &str) -> String {
    let reader = ::pgn::Reader::new().keep(::pgn::Keep::Tree).fens(true);
    let games: Vec<Value> = reader
        .games(text)
        .map(|mut game| {
            let findings = Found::all(std::mem::take(&mut game.findings));
            let mut form = ::pgn::json::to_json(&game);
            if let Value::Object(map) = &mut form {
                map.insert(
                    "findings".to_owned(),
                    serde_json::to_value(findings_out(&findings, source)).unwrap_or_default(),
                );
            }
            form
        })
        .collect();
    Value::Array(games).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_come_in_the_json_form_with_their_findings() {
        let text = "[White \"é\"]\n\n1. e4 (1. d4) 1... e5 2. Nf3 0-0 *\n";
        let games: Value = serde_json::from_str(&read_pgn(Source::new(text, false), text)).unwrap();
        let game = &games[0];
        assert_eq!(game["tags"]["White"], "é");
        assert_eq!(game["moves"][0]["uci"], "e2e4");
        assert_eq!(game["moves"][0]["variations"][0][0]["san"], "d4");
        assert_eq!(game["result"], "*");
        let finding = &game["findings"][0];
        assert_eq!(finding["severity"], "error");
        // UTF-16 offsets: `é` is one code unit, two bytes.
        let start = finding["span"][0].as_u64().unwrap() as usize;
        let utf16: Vec<u16> = text.encode_utf16().collect();
        assert_eq!(String::from_utf16(&utf16[start..start + 3]).unwrap(), "0-0");
    }
}

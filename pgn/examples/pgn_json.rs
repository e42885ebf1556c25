//! Reads a PGN file (or a movetext per line with `--movetext`) and prints one JSON object per
//! game: the mainline in UCI, the final FEN, whether the game has an error, and its findings.
//! With `--fix`, prints the text as `fmt` writes it instead. The python-chess oracle
//! (`tests/python/pgn_oracle.py`) runs it.
//!
//! ```text
//! pgn_json [--movetext] [--fix] PATH
//! ```

use std::io::Read as _;

fn main() {
    let mut movetext = false;
    let mut fix = false;
    let mut path = None;
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--movetext" => movetext = true,
            "--fix" => fix = true,
            _ => path = Some(arg),
        }
    }
    let mut bytes = Vec::new();
    let read = match &path {
        Some(path) => std::fs::File::open(path).and_then(|mut file| file.read_to_end(&mut bytes)),
        None => std::io::stdin().read_to_end(&mut bytes),
    };
    if let Err(error) = read {
        eprintln!("pgn_json: {error}");
        std::process::exit(2);
    }
    let text = String::from_utf8_lossy(&bytes);
    let reader = pgn::Reader::new().keep(pgn::Keep::Mainline);
    if movetext {
        let reader = reader.notation(pgn::Notation::Movetext);
        for line in text.lines() {
            if fix {
                println!("{}", pgn::fix(line, pgn::Notation::Movetext));
                continue;
            }
            for game in reader.games(line) {
                print_game(&game);
            }
        }
        return;
    }
    if fix {
        print!("{}", pgn::fix(&text, pgn::Notation::Pgn));
        return;
    }
    for game in reader.games(&text) {
        print_game(&game);
    }
}

fn print_game(game: &pgn::Game<'_>) {
    let findings: Vec<serde_json::Value> = game
        .findings
        .iter()
        .map(|finding| {
            serde_json::json!({
                "code": finding.code.as_str(),
                "severity": finding.severity.as_str(),
                "span": [finding.span.start, finding.span.end],
                "message": finding.message,
                "help": finding.help,
            })
        })
        .collect();
    let line = serde_json::json!({
        "start": game.span.start,
        "uci": game.uci_mainline(),
        "final_fen": game.final_fen,
        "has_error": game.has_error(),
        "variant": match game.variant {
            pgn::GameVariant::Standard => "standard".to_owned(),
            pgn::GameVariant::Chess960 => "chess960".to_owned(),
            pgn::GameVariant::Variant(variant) => variant.name().to_owned(),
            pgn::GameVariant::Unsupported(name) => name.to_owned(),
        },
        "variant_checked": !matches!(game.variant, pgn::GameVariant::Unsupported(_)),
        "findings": findings,
    });
    println!("{line}");
}

//! Reads positions, one a line, and writes each back with the writer settings asked for: the
//! library's reading and writing of standard FEN, DFEN and Chess960 castling, for scripts
//! (the python-chess oracle, `tests/python/chess960_oracle.py`) and for trying settings out.
//!
//! ```text
//! cargo run -p dfen --example fen_lines -- [--chess960] [--castling xfen|shredder]
//!     [--en-passant always|fen|xfen|legal] [--game standard|dice-chess] [--fixed] < lines
//! ```
//!
//! For each line it prints one line, fields separated by tabs:
//!
//! - `ok`, the position written as six-field FEN (or, when FEN cannot hold it, as DFEN), the
//!   squares of the castling rights' rooks, the codes of the findings, and the codes of the
//!   findings with error severity (each list comma-separated, `-` when empty);
//! - or `error`, the code and the message.
//!
//! `--fixed` writes [`Parsed::fixed`](dfen::Parsed::fixed) (what `fenkit fmt` writes) instead of
//! the position as read. The game (`--game`, standard by default) decides what a legal
//! en-passant capture is.

use std::io::{BufRead, Write};

use dfen::{CastlingMode, CastlingNotation, EnPassantPolicy, Game, Parser, Writer};

fn main() {
    let mut mode = CastlingMode::Standard;
    let mut notation = CastlingNotation::XFen;
    let mut policy = EnPassantPolicy::Always;
    let mut game = Game::Standard;
    let mut fixed = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().unwrap_or_default();
        match arg.as_str() {
            "--chess960" => mode = CastlingMode::Chess960,
            "--castling" => notation = parse_or_exit(&value()),
            "--en-passant" => policy = parse_or_exit(&value()),
            "--game" => {
                game = match value().as_str() {
                    "standard" => Game::Standard,
                    "dice-chess" => Game::DiceChess,
                    other => exit_with(&format!("unknown game `{other}`")),
                }
            }
            "--fixed" => fixed = true,
            other => exit_with(&format!("unknown argument `{other}`")),
        }
    }
    let parser = Parser::new().castling_mode(mode);
    let writer = Writer::new()
        .castling_mode(mode)
        .castling(notation)
        .en_passant(policy, game);
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in stdin.lock().lines() {
        let Ok(line) = line else {
            exit_with("standard input is not UTF-8 text");
        };
        let answer = match parser.parse(&line) {
            Err(error) => format!("error\t{}\t{error}", error.code()),
            Ok(parsed) => {
                let position = if fixed {
                    parsed.fixed()
                } else {
                    parsed.dfen.clone()
                };
                let text = writer
                    .to_fen(&position)
                    .unwrap_or_else(|_| writer.write(&position));
                let rooks: Vec<String> = position
                    .castling
                    .rook_squares()
                    .iter()
                    .map(|square| square.to_string())
                    .collect();
                let codes: Vec<&str> = parsed.findings.iter().map(|f| f.code.as_str()).collect();
                let errors: Vec<&str> = parsed
                    .findings
                    .iter()
                    .filter(|f| f.severity == dfen::Severity::Error)
                    .map(|f| f.code.as_str())
                    .collect();
                format!(
                    "ok\t{text}\t{}\t{}\t{}",
                    list(&rooks),
                    list(&codes),
                    list(&errors)
                )
            }
        };
        if writeln!(out, "{answer}").is_err() {
            return;
        }
    }
}

fn list<T: AsRef<str>>(items: &[T]) -> String {
    if items.is_empty() {
        return "-".to_owned();
    }
    items
        .iter()
        .map(AsRef::as_ref)
        .collect::<Vec<_>>()
        .join(",")
}

fn parse_or_exit<T: std::str::FromStr>(text: &str) -> T
where
    T::Err: std::fmt::Display,
{
    text.parse()
        .unwrap_or_else(|error: T::Err| exit_with(&error.to_string()))
}

fn exit_with(message: &str) -> ! {
    eprintln!("fen_lines: {message}");
    std::process::exit(2)
}

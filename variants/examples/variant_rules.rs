//! The rules library on standard input, for the python-chess oracle
//! (`tests/python/variant_rules_oracle.py`) and for trying positions by hand.
//!
//! Each input line is `VARIANT<TAB>FEN[<TAB>DEPTH]`; each output line is, tab-separated:
//! `ok`, python-chess's names of the status flags (`,`-joined, `-` for none), the legal moves
//! in UCI (sorted, space-joined, `-` for none), the perft count at DEPTH (`-` without one), and
//! the outcome as `TERMINATION:WINNER` (`-` while the game goes on), and the codes of the
//! error findings (`-` for none), and each legal move as `UCI=SAN` (sorted; `!unread` after
//! a SAN that does not read back as its move). A line that does not read
//! gives `error<TAB>MESSAGE`.

use std::io::{BufRead, Write};

use variants::{Color, Status, Termination, Variant};

fn main() {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let mut fields = line.split('\t');
        let (Some(name), Some(fen)) = (fields.next(), fields.next()) else {
            let _ = writeln!(out, "error\texpected VARIANT<TAB>FEN");
            continue;
        };
        let depth: Option<u32> = fields.next().and_then(|d| d.parse().ok());
        let Some(variant) = Variant::from_name(name) else {
            let _ = writeln!(out, "error\tunknown variant {name}");
            continue;
        };
        let (position, errors) = match variants::check(variant, fen, false) {
            Ok(checked) => {
                let mut codes: Vec<&str> = checked
                    .findings
                    .iter()
                    .filter(|f| f.severity == fenkit_diagnostics::Severity::Error)
                    .map(|f| f.code.as_str())
                    .collect();
                codes.sort_unstable();
                let errors = if codes.is_empty() {
                    "-".to_owned()
                } else {
                    codes.join(",")
                };
                (checked.position, errors)
            }
            Err(err) => {
                let _ = writeln!(out, "error\t{err}");
                continue;
            }
        };
        let status = position.status();
        let flags: Vec<&str> = Status::ALL
            .iter()
            .filter(|(flag, _)| status.contains(*flag))
            .map(|(_, name)| *name)
            .collect();
        let legal = position.legal_moves();
        let mut moves: Vec<String> = legal.iter().map(|m| m.uci(false)).collect();
        moves.sort();
        let mut sans: Vec<String> = legal
            .iter()
            .map(|&m| {
                let san = position.san(m);
                // Each SAN reads back as its move.
                let back = position.parse_move(&san).map(|b| b == m).unwrap_or(false);
                format!(
                    "{}={san}{}",
                    m.uci(false),
                    if back { "" } else { "!unread" }
                )
            })
            .collect();
        sans.sort();
        let perft = depth.map_or_else(|| "-".to_owned(), |d| position.perft(d).to_string());
        let outcome = position.outcome().map_or_else(
            || "-".to_owned(),
            |o| {
                let termination = match o.termination {
                    Termination::Checkmate => "CHECKMATE",
                    Termination::Stalemate => "STALEMATE",
                    Termination::InsufficientMaterial => "INSUFFICIENT_MATERIAL",
                    Termination::SeventyFiveMoves => "SEVENTYFIVE_MOVES",
                    Termination::VariantWin => "VARIANT_WIN",
                    Termination::VariantLoss => "VARIANT_LOSS",
                    Termination::VariantDraw => "VARIANT_DRAW",
                };
                let winner = match o.winner {
                    Some(Color::White) => "w",
                    Some(Color::Black) => "b",
                    None => "-",
                };
                format!("{termination}:{winner}")
            },
        );
        let _ = writeln!(
            out,
            "ok\t{}\t{}\t{perft}\t{outcome}\t{errors}\t{}",
            if flags.is_empty() {
                "-".to_owned()
            } else {
                flags.join(",")
            },
            if moves.is_empty() {
                "-".to_owned()
            } else {
                moves.join(" ")
            },
            if sans.is_empty() {
                "-".to_owned()
            } else {
                sans.join(" ")
            },
        );
    }
    let _ = out.flush();
}

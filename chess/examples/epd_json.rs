//! Reads EPD files and prints, for every line that holds a position, one JSON object: what
//! fenkit's library reads there. The test-only oracle `tests/python/epd_oracle.py` compares it
//! with python-chess.
//!
//! ```text
//! cargo run -p fenkit-chess --example epd_json -- FILE...
//! ```
//!
//! Each output line is `{"file": …, "line": N, "text": …}` with either `"epd"` (the JSON form
//! of the line as read, [`chess::epd::EpdJson`]), `"canonical"` (the canonical form),
//! `"findings"` and `"notes"`, or `"error"` (the syntax error). With `--verify-perft N`, the
//! perft counts up to depth N are checked too, their findings among the others.

use std::io::Write as _;

use chess::epd::{EpdJson, EpdParser, IdTracker, is_comment};
use serde_json::{Value, json};

fn main() -> std::io::Result<()> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut depth = 0;
    if let Some(at) = args.iter().position(|arg| arg == "--verify-perft") {
        depth = args.get(at + 1).and_then(|d| d.parse().ok()).unwrap_or(0);
        args.drain(at..(at + 2).min(args.len()));
    }
    let parser = EpdParser::new();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for path in args {
        let text = std::fs::read_to_string(&path)?;
        let mut ids = IdTracker::new();
        for (index, raw) in text.lines().enumerate() {
            let line = raw.strip_suffix('\r').unwrap_or(raw);
            if is_comment(line) {
                continue;
            }
            let number = index + 1;
            let mut record = json!({"file": path, "line": number, "text": line});
            match parser.parse(line) {
                Err(error) => {
                    record["error"] = json!({"code": error.code(), "span": [error.span().start, error.span().end], "message": error.to_string()});
                }
                Ok(parsed) => {
                    let mut operations = parsed.findings.clone();
                    operations.extend(ids.check(number, &parsed));
                    if depth > 0 {
                        operations.extend(parsed.verify_perft(depth));
                    }
                    let mut findings: Vec<Value> = Vec::new();
                    for finding in &parsed.position_findings {
                        findings.push(serde_json::to_value(finding)?);
                    }
                    for finding in &operations {
                        findings.push(serde_json::to_value(finding)?);
                    }
                    record["epd"] = serde_json::to_value(EpdJson::from(&parsed.epd))?;
                    record["canonical"] = json!(parsed.epd.to_string());
                    record["findings"] = json!(findings);
                    record["notes"] = json!(
                        parsed
                            .notes
                            .iter()
                            .map(|n| json!({"code": n.code.as_str(), "message": n.message}))
                            .collect::<Vec<_>>()
                    );
                }
            }
            writeln!(out, "{record}")?;
        }
    }
    Ok(())
}

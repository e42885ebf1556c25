//! Verifies perft-suite files: `perft_suite VARIANT [--chess960] [--depth D] FILE…`.

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(variant) = args
        .next()
        .and_then(|v| v.parse::<variants::Variant>().ok())
    else {
        eprintln!("usage: perft_suite VARIANT [--chess960] [--depth D] FILE…");
        return ExitCode::from(2);
    };
    let mut chess960 = false;
    let mut depth = 3;
    let mut status = ExitCode::SUCCESS;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--chess960" => chess960 = true,
            "--depth" => depth = args.next().and_then(|d| d.parse().ok()).unwrap_or(3),
            path => {
                let text = match std::fs::read_to_string(path) {
                    Ok(text) => text,
                    Err(err) => {
                        eprintln!("{path}: {err}");
                        status = ExitCode::FAILURE;
                        continue;
                    }
                };
                let suite = variants::Suite::read(&text, variant, chess960);
                let findings: Vec<_> = suite
                    .findings
                    .iter()
                    .cloned()
                    .chain(suite.verify(depth))
                    .collect();
                for finding in &findings {
                    println!("{path}: {finding}");
                }
                if !findings.is_empty() {
                    status = ExitCode::FAILURE;
                }
                println!(
                    "{path}: {} cases to depth {depth}, {} findings",
                    suite.cases.len(),
                    findings.len()
                );
            }
        }
    }
    status
}

//! `notation::reading::Checker::check` called once per line, as the bindings' loops call it
//! (JavaScript's `check(fen, {notation: 'fen'})`, Python's `fenkit.check`): one text of one
//! position at a time, with the settings resolved once. A native harness for callgrind, whose
//! instruction counts the machine's load does not move (docs/performance.md, "One engine").
//!
//! Run: `cargo bench -p fenkit-notation --bench check_lines` (prints the time a line), or count:
//!
//! ```text
//! valgrind --tool=callgrind --toggle-collect='check_lines::check_each' \
//!   target/release/deps/check_lines-* [FILE] [NOTATION] [ROUNDS]
//! ```
//!
//! `FILE` defaults to lichess's `tests/data/scalachess/mainline_fen.txt` (700 lines of standard
//! FEN), `NOTATION` to `fen` (`-`: sniffed), `ROUNDS` to 20 passes over the file.

use std::hint::black_box;
use std::time::Instant;

use notation::Notation;
use notation::choice::Choice;
use notation::reading::Checker;
use notation::settings::Request;

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .filter(|arg| !arg.starts_with("--"));
    let file = args.next().unwrap_or_else(|| {
        format!(
            "{}/../tests/data/scalachess/mainline_fen.txt",
            env!("CARGO_MANIFEST_DIR")
        )
    });
    let notation = match args.next().as_deref() {
        None => Notation::from_name("fen"),
        Some("-") => None,
        Some(name) => Some(Notation::from_name(name).expect("a notation of the table")),
    };
    let rounds: usize = args
        .next()
        .map_or(20, |n| n.parse().expect("a number of rounds"));
    let text = std::fs::read_to_string(&file).expect("a readable UTF-8 file");
    let lines: Vec<&str> = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .collect();
    let resolved = Request {
        notation,
        ..Request::default()
    }
    .resolve()
    .expect("settings that go together");
    let mut checker = Checker::new(resolved);
    let started = Instant::now();
    let mut findings = 0;
    for _ in 0..rounds {
        findings += check_each(&mut checker, &lines);
    }
    let elapsed = started.elapsed();
    let calls = rounds * lines.len();
    println!(
        "{calls} calls over {} lines, {findings} findings, {:.0} ns a call",
        lines.len(),
        elapsed.as_nanos() as f64 / calls as f64
    );
}

/// One pass: every line checked on its own; the number of findings.
#[inline(never)]
fn check_each(checker: &mut Checker, lines: &[&str]) -> usize {
    lines
        .iter()
        .map(|line| black_box(checker.check(black_box(line))).map_or(0, |found| found.len()))
        .sum()
}

//! Reading PGN with every move of the mainline and of every variation checked, in MB/s.
//!
//! The corpus is seeded random games in the shape of lichess's exports (tags, and a
//! `[%eval …] [%clk …]` comment after each move), written by `pgn/benches/make_games.py`
//! with python-chess (test-only) into `target/pgn-bench/`:
//!
//! ```sh
//! python pgn/benches/make_games.py --games 3000 target/pgn-bench/lichess.pgn
//! python pgn/benches/make_games.py --games 1000 --seed 39 --variations target/pgn-bench/variations.pgn
//! cargo bench -p fenkit-pgn --bench read
//! ```
//!
//! `FENKIT_PGN_CORPUS=FILE` reads another file as the `lichess` corpus. Without the generated
//! files the committed test PGNs (`tests/data/pgn/`) are read instead. The peer, pgn-reader's
//! mainline check (its `validate` example's work), is measured outside this benchmark on the
//! same file (docs/performance.md).

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use divan::counter::BytesCount;
use pgn::{Keep, Reader};

fn main() {
    divan::main();
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The text of a corpus file, or of every committed test PGN when it is missing.
fn corpus(name: &str) -> String {
    let generated = std::env::var_os("FENKIT_PGN_CORPUS")
        .filter(|_| name == "lichess.pgn")
        .map_or_else(|| root().join("target/pgn-bench").join(name), PathBuf::from);
    if let Ok(text) = std::fs::read_to_string(&generated) {
        return text;
    }
    eprintln!(
        "{} is missing: reading tests/data/pgn instead (see pgn/benches/read.rs)",
        generated.display()
    );
    let mut text = String::new();
    for folder in ["chesslib", "scalachess"] {
        let dir = root().join("tests/data/pgn").join(folder);
        let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        paths.sort();
        for path in paths {
            text.push_str(&std::fs::read_to_string(&path).unwrap_or_default());
            text.push_str("\n\n");
        }
    }
    text
}

static LICHESS: LazyLock<String> = LazyLock::new(|| corpus("lichess.pgn"));
static VARIATIONS: LazyLock<String> = LazyLock::new(|| corpus("variations.pgn"));

fn check(text: &str, reader: Reader) -> (u64, usize) {
    let mut moves = 0;
    let mut findings = 0;
    for game in reader.games(text) {
        moves += game.moves_checked;
        findings += game.findings.len();
    }
    (moves, findings)
}

/// `check`'s work: every move read against its position, every finding made.
#[divan::bench]
fn check_lichess(bencher: divan::Bencher) {
    let text: &str = &LICHESS;
    bencher
        .counter(BytesCount::new(text.len()))
        .bench(|| black_box(check(black_box(text), Reader::new())));
}

/// `check -v`'s work: the same, every comment's commands read too, those kept unread listed.
#[divan::bench]
fn check_lichess_commands(bencher: divan::Bencher) {
    let text: &str = &LICHESS;
    bencher
        .counter(BytesCount::new(text.len()))
        .bench(|| black_box(check(black_box(text), Reader::new().commands(true))));
}

/// The same with a variation at one move in ten.
#[divan::bench]
fn check_variations(bencher: divan::Bencher) {
    let text: &str = &VARIATIONS;
    bencher
        .counter(BytesCount::new(text.len()))
        .bench(|| black_box(check(black_box(text), Reader::new())));
}

/// `convert --to uci`'s work: the mainline kept, in SAN and UCI.
#[divan::bench]
fn mainline_lichess(bencher: divan::Bencher) {
    let text: &str = &LICHESS;
    bencher
        .counter(BytesCount::new(text.len()))
        .bench(|| black_box(check(black_box(text), Reader::new().keep(Keep::Mainline))));
}

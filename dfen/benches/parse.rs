//! DFEN parsing and writing, side by side with shakmaty on the same corpus, and the I/O floor.
//!
//! The corpus is 100,000 standard FENs from seeded random games, made at start-up (not committed).
//! Run: `cargo bench -p dfen --bench parse`. Compare rows within one run: the machines are noisy.
//! `INTERLEAVED=15 cargo bench -p dfen --bench parse` instead times each fenkit pass and its
//! shakmaty peer back to back (15 rounds, fastest counts) and prints the ratios.

use std::hint::black_box;
use std::sync::LazyLock;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

fn main() {
    // Build the corpus before any measurement, so profilers see only the work measured.
    LazyLock::force(&PARSED);
    LazyLock::force(&SHAKMATY_PARSED);
    LazyLock::force(&CORPUS_TEXT);
    if let Ok(rounds) = std::env::var("INTERLEAVED") {
        interleaved(rounds.parse().unwrap_or(15));
        return;
    }
    divan::main();
}

/// `INTERLEAVED=N cargo bench -p dfen --bench parse`: each fenkit pass over the corpus and its
/// shakmaty peer are timed back to back, N rounds, and the fastest of each counts. Alternating
/// means both sides of a ratio see the same machine, however busy it is.
fn interleaved(rounds: usize) {
    type Pass = fn();
    let pairs: [(&str, Pass, &str, Pass); 4] = [
        (
            "dfen_parse",
            pass_parse,
            "shakmaty_parse",
            pass_shakmaty_parse,
        ),
        (
            "dfen_parse_findings",
            pass_parse_findings,
            "shakmaty_parse",
            pass_shakmaty_parse,
        ),
        (
            "dfen_display",
            pass_display,
            "shakmaty_display",
            pass_shakmaty_display,
        ),
        (
            "dfen_parse_findings_write",
            pass_parse_findings_write,
            "shakmaty_parse_validate_write",
            pass_shakmaty_parse_validate_write,
        ),
    ];
    let time = |pass: Pass| {
        let start = std::time::Instant::now();
        pass();
        start.elapsed().as_secs_f64() * 1e3
    };
    println!("interleaved, fastest of {rounds} rounds over {CORPUS_SIZE} FENs");
    // Every round times every pass once (after one round to warm up), so all of them see the
    // same stretches of a busy machine.
    let mut best = [[f64::MAX; 2]; 4];
    for round in 0..=rounds {
        for ((_, ours, _, peer), slot) in pairs.iter().zip(best.iter_mut()) {
            let (a, b) = (time(*ours), time(*peer));
            if round > 0 {
                slot[0] = slot[0].min(a);
                slot[1] = slot[1].min(b);
            }
        }
    }
    let mut floor = f64::MAX;
    for _ in 0..rounds {
        floor = floor.min(time(pass_floor));
    }
    let mut ratios = Vec::new();
    for ((ours, _, peer, _), [a, b]) in pairs.iter().zip(best) {
        println!(
            "{ours:<28} {a:>9.2} ms   {peer:<30} {b:>9.2} ms   {:.2}x",
            b / a
        );
        ratios.push(format!("{ours}_vs_shakmaty={:.2}", b / a));
    }
    let parse = best[0][0];
    println!(
        "{:<28} {parse:>9.2} ms   {:<30} {floor:>9.2} ms   {:.4}x",
        "dfen_parse",
        "io_floor_split_lines",
        floor / parse
    );
    ratios.push(format!("dfen_parse_vs_floor={:.4}", floor / parse));
    println!("RATIOS {}", ratios.join(" "));
}

fn pass_floor() {
    let mut lines = 0usize;
    let mut rest = black_box(CORPUS_TEXT.as_bytes());
    while let Some(at) = memchr::memchr(b'\n', rest) {
        lines += 1;
        rest = &rest[at + 1..];
    }
    black_box(lines + usize::from(!rest.is_empty()));
}

fn pass_parse() {
    let parser = dfen::Parser::new().check_position(false);
    for fen in CORPUS.iter() {
        let _ = black_box(parser.parse(black_box(fen)));
    }
}

fn pass_parse_findings() {
    let parser = dfen::Parser::new();
    for fen in CORPUS.iter() {
        let _ = black_box(parser.parse(black_box(fen)));
    }
}

fn pass_display() {
    write_all(&PARSED);
}

fn pass_parse_findings_write() {
    let parser = dfen::Parser::new();
    let mut out = String::with_capacity(128);
    for fen in CORPUS.iter() {
        if let Ok(parsed) = parser.parse(black_box(fen)) {
            out.clear();
            std::fmt::Write::write_fmt(&mut out, format_args!("{}", parsed.fixed())).unwrap();
            black_box(out.len());
        }
    }
}

fn pass_shakmaty_parse() {
    for fen in CORPUS.iter() {
        let _ = black_box(Fen::from_ascii(black_box(fen.as_bytes())));
    }
}

fn pass_shakmaty_display() {
    write_all(&SHAKMATY_PARSED);
}

/// Writes every value with `Display` into one reused buffer: the same loop for both peers.
fn write_all<T: std::fmt::Display>(values: &[T]) {
    let mut out = String::with_capacity(128);
    for value in values {
        out.clear();
        std::fmt::Write::write_fmt(&mut out, format_args!("{value}")).unwrap();
        black_box(out.len());
    }
}

fn pass_shakmaty_parse_validate_write() {
    let mut out = String::with_capacity(128);
    for fen in CORPUS.iter() {
        let Ok(parsed) = Fen::from_ascii(black_box(fen.as_bytes())) else {
            continue;
        };
        let Ok(pos) = parsed.into_position::<Chess>(CastlingMode::Standard) else {
            continue;
        };
        out.clear();
        let fen = Fen::from_position(&pos, EnPassantMode::Legal);
        std::fmt::Write::write_fmt(&mut out, format_args!("{fen}")).unwrap();
        black_box(out.len());
    }
}

const CORPUS_SIZE: usize = 100_000;

/// Seeded random games played with shakmaty; every position's FEN, until the corpus is full.
static CORPUS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let mut state: u64 = 0x00c0_ffee_d1ce_5eed;
    let mut next = move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    let mut out = Vec::with_capacity(CORPUS_SIZE);
    while out.len() < CORPUS_SIZE {
        let mut pos = Chess::default();
        for _ in 0..160 {
            let moves = pos.legal_moves();
            if moves.is_empty() || out.len() == CORPUS_SIZE {
                break;
            }
            let m = moves[(next() % moves.len() as u64) as usize];
            pos.play_unchecked(m);
            out.push(Fen::from_position(&pos, EnPassantMode::Legal).to_string());
        }
    }
    out
});

static CORPUS_TEXT: LazyLock<String> = LazyLock::new(|| CORPUS.join("\n"));

static PARSED: LazyLock<Vec<dfen::Dfen>> =
    LazyLock::new(|| CORPUS.iter().map(|f| f.parse().unwrap()).collect());

static SHAKMATY_PARSED: LazyLock<Vec<Fen>> = LazyLock::new(|| {
    CORPUS
        .iter()
        .map(|f| Fen::from_ascii(f.as_bytes()).unwrap())
        .collect()
});

fn corpus_bytes() -> divan::counter::BytesCount {
    divan::counter::BytesCount::new(CORPUS_TEXT.len())
}

// The divan rows run the same passes that `INTERLEAVED` mode alternates.

/// fenkit: syntax only (no position findings).
#[divan::bench]
fn dfen_parse(bencher: divan::Bencher) {
    bencher.counter(corpus_bytes()).bench(pass_parse);
}

/// fenkit: parse and every finding.
#[divan::bench]
fn dfen_parse_findings(bencher: divan::Bencher) {
    bencher.counter(corpus_bytes()).bench(pass_parse_findings);
}

/// fenkit: canonical `Display` of parsed values.
#[divan::bench]
fn dfen_display(bencher: divan::Bencher) {
    bencher.bench(pass_display);
}

/// fenkit: parse, findings, fixes and canonical write.
#[divan::bench]
fn dfen_parse_findings_write(bencher: divan::Bencher) {
    bencher
        .counter(corpus_bytes())
        .bench(pass_parse_findings_write);
}

/// shakmaty: `Fen::from_ascii`.
#[divan::bench]
fn shakmaty_parse(bencher: divan::Bencher) {
    bencher.counter(corpus_bytes()).bench(pass_shakmaty_parse);
}

/// shakmaty: `Fen` Display.
#[divan::bench]
fn shakmaty_display(bencher: divan::Bencher) {
    bencher.bench(pass_shakmaty_display);
}

/// shakmaty: parse, validate into a position, and write.
#[divan::bench]
fn shakmaty_parse_validate_write(bencher: divan::Bencher) {
    bencher
        .counter(corpus_bytes())
        .bench(pass_shakmaty_parse_validate_write);
}

/// The floor: split the same bytes into lines with memchr, parse nothing.
#[divan::bench]
fn io_floor_split_lines(bencher: divan::Bencher) {
    bencher.counter(corpus_bytes()).bench(pass_floor);
}

//! DFEN parsing and writing, side by side with shakmaty on the same corpus, and the I/O floor.
//!
//! The corpus is 100,000 standard FENs from seeded random games, made at start-up (not committed).
//! The same games, played as three-check and as crazyhouse, give the variant corpora: the same
//! 100,000 positions with each variant's fields added, in shakmaty's text (the `stockfish`
//! dialect) and in fenkit's canonical (essay) form.
//! Run: `cargo bench -p fenkit-chess --bench parse`. Compare rows within one run: the machines are noisy.
//! `INTERLEAVED=15 cargo bench -p fenkit-chess --bench parse` instead times each fenkit pass and its
//! shakmaty peer back to back (15 rounds, fastest counts) and prints the ratios.

use std::hint::black_box;
use std::sync::LazyLock;

use chess::variant::{Dialect, Variant, VariantParser};
use shakmaty::fen::Fen;
use shakmaty::variant::{Crazyhouse, ThreeCheck};
use shakmaty::{CastlingMode, Chess, EnPassantMode, FromSetup, Move, Position};

fn main() {
    // Build the corpus before any measurement, so profilers see only the work measured.
    LazyLock::force(&PARSED);
    LazyLock::force(&SHAKMATY_PARSED);
    LazyLock::force(&CORPUS_TEXT);
    LazyLock::force(&THREECHECK);
    LazyLock::force(&CRAZYHOUSE);
    if let Ok(rounds) = std::env::var("INTERLEAVED") {
        interleaved(rounds.parse().unwrap_or(15));
        return;
    }
    divan::main();
}

/// `INTERLEAVED=N cargo bench -p fenkit-chess --bench parse`: each fenkit pass over the corpus and its
/// shakmaty peer are timed back to back, N rounds, and the fastest of each counts. Alternating
/// means both sides of a ratio see the same machine, however busy it is.
fn interleaved(rounds: usize) {
    type Pass = fn();
    let pairs: [(&str, Pass, &str, Pass); 8] = [
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
        (
            "threecheck_parse_findings",
            pass_threecheck_parse_findings,
            "shakmaty_threecheck_parse",
            pass_shakmaty_threecheck_parse,
        ),
        (
            "threecheck_sf_parse_findings",
            pass_threecheck_stockfish_parse_findings,
            "shakmaty_threecheck_parse",
            pass_shakmaty_threecheck_parse,
        ),
        (
            "crazyhouse_parse_findings",
            pass_crazyhouse_parse_findings,
            "shakmaty_crazyhouse_parse",
            pass_shakmaty_crazyhouse_parse,
        ),
        (
            "crazyhouse_sf_parse_findings",
            pass_crazyhouse_stockfish_parse_findings,
            "shakmaty_crazyhouse_parse",
            pass_shakmaty_crazyhouse_parse,
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
    let mut best = [[f64::MAX; 2]; 8];
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
    // What a variant's fields cost: its parse with findings (rows 4 to 7) beside the standard
    // one (row 1), timed in the same rounds. The target is at most 1.3.
    let standard = best[1][0];
    for ((ours, _, _, _), [variant, _]) in pairs.iter().zip(best).skip(4) {
        println!(
            "{ours:<28} {variant:>9.2} ms   {:<30} {standard:>9.2} ms   {:.2}x the cost (target <= 1.30)",
            "dfen_parse_findings",
            variant / standard
        );
        ratios.push(format!("{ours}_cost_vs_dfen={:.2}", variant / standard));
    }
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

/// fenkit: parse `fens` of `variant` written in `dialect`, with every finding.
fn parse_variant(variant: Variant, dialect: Dialect, fens: &[String]) {
    let parser = VariantParser::new(variant).dialect(dialect);
    for fen in fens {
        let _ = black_box(parser.parse(black_box(fen)));
    }
}

fn pass_threecheck_parse_findings() {
    parse_variant(Variant::ThreeCheck, Dialect::Essay, &THREECHECK.essay);
}

fn pass_threecheck_stockfish_parse_findings() {
    parse_variant(
        Variant::ThreeCheck,
        Dialect::Stockfish,
        &THREECHECK.stockfish,
    );
}

fn pass_crazyhouse_parse_findings() {
    parse_variant(Variant::Crazyhouse, Dialect::Essay, &CRAZYHOUSE.essay);
}

fn pass_crazyhouse_stockfish_parse_findings() {
    parse_variant(
        Variant::Crazyhouse,
        Dialect::Stockfish,
        &CRAZYHOUSE.stockfish,
    );
}

/// shakmaty: `Fen::from_ascii` of its own variant FENs, and the position of variant `P` (which
/// validates it, as fenkit's findings do).
fn shakmaty_parse_variant<P: FromSetup>(fens: &[String]) {
    for fen in fens {
        if let Ok(parsed) = Fen::from_ascii(black_box(fen.as_bytes())) {
            let _ = black_box(parsed.into_position::<P>(CastlingMode::Standard));
        }
    }
}

fn pass_shakmaty_threecheck_parse() {
    shakmaty_parse_variant::<ThreeCheck>(&THREECHECK.stockfish);
}

fn pass_shakmaty_crazyhouse_parse() {
    shakmaty_parse_variant::<Crazyhouse>(&CRAZYHOUSE.stockfish);
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

/// Seeded random games played with shakmaty: the moves of each, until the games have made
/// [`CORPUS_SIZE`] positions.
static GAMES: LazyLock<Vec<Vec<Move>>> = LazyLock::new(|| {
    let mut state: u64 = 0x00c0_ffee_d1ce_5eed;
    let mut next = move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    let (mut games, mut positions) = (Vec::new(), 0);
    while positions < CORPUS_SIZE {
        let mut pos = Chess::default();
        let mut game = Vec::new();
        for _ in 0..160 {
            let moves = pos.legal_moves();
            if moves.is_empty() || positions == CORPUS_SIZE {
                break;
            }
            let m = moves[(next() % moves.len() as u64) as usize];
            pos.play_unchecked(m);
            game.push(m);
            positions += 1;
        }
        games.push(game);
    }
    games
});

/// The FEN shakmaty writes after every move of [`GAMES`], played as a game of `P`: the
/// positions are the same in every variant (a move of chess is a move of three-check and of
/// crazyhouse), and each variant adds its own state (checks given; pockets and promoted pieces).
fn replay<P: Position + Default>() -> Vec<String> {
    let mut out = Vec::with_capacity(CORPUS_SIZE);
    for game in GAMES.iter() {
        let mut pos = P::default();
        for m in game {
            pos.play_unchecked(*m);
            out.push(Fen::from_position(&pos, EnPassantMode::Legal).to_string());
        }
    }
    out
}

/// Every position's FEN, [`CORPUS_SIZE`] of them.
static CORPUS: LazyLock<Vec<String>> = LazyLock::new(replay::<Chess>);

static CORPUS_TEXT: LazyLock<String> = LazyLock::new(|| CORPUS.join("\n"));

/// The positions of [`CORPUS`] as one variant's FENs.
struct VariantCorpus {
    /// shakmaty's text: the `stockfish` dialect (`3+3`; `[...]` pockets, `~` promoted pieces).
    stockfish: Vec<String>,
    /// fenkit's canonical (essay) form of the same positions.
    essay: Vec<String>,
    /// The bytes of `essay`, for divan's throughput.
    essay_bytes: usize,
}

fn variant_corpus<P: Position + Default>(variant: Variant) -> VariantCorpus {
    let stockfish = replay::<P>();
    let parser = VariantParser::new(variant).dialect(Dialect::Stockfish);
    let essay: Vec<String> = stockfish
        .iter()
        .map(|fen| {
            let parsed = parser
                .parse(fen)
                .unwrap_or_else(|e| panic!("fenkit refuses shakmaty's {variant} {fen:?}: {e}"));
            assert!(!parsed.has_errors(), "{fen:?}: {:?}", parsed.findings);
            parsed.position.to_string()
        })
        .collect();
    let essay_bytes = essay.iter().map(|f| f.len() + 1).sum();
    VariantCorpus {
        stockfish,
        essay,
        essay_bytes,
    }
}

static THREECHECK: LazyLock<VariantCorpus> =
    LazyLock::new(|| variant_corpus::<ThreeCheck>(Variant::ThreeCheck));

static CRAZYHOUSE: LazyLock<VariantCorpus> =
    LazyLock::new(|| variant_corpus::<Crazyhouse>(Variant::Crazyhouse));

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

/// fenkit: a three-check FEN (essay dialect) with every finding.
#[divan::bench]
fn threecheck_parse_findings(bencher: divan::Bencher) {
    bencher
        .counter(divan::counter::BytesCount::new(THREECHECK.essay_bytes))
        .bench(pass_threecheck_parse_findings);
}

/// fenkit: the same positions in shakmaty's text (stockfish dialect), with every finding.
#[divan::bench]
fn threecheck_stockfish_parse_findings(bencher: divan::Bencher) {
    bencher.bench(pass_threecheck_stockfish_parse_findings);
}

/// shakmaty: `Fen::from_ascii` and `into_position::<ThreeCheck>` of its own text.
#[divan::bench]
fn shakmaty_threecheck_parse(bencher: divan::Bencher) {
    bencher.bench(pass_shakmaty_threecheck_parse);
}

/// fenkit: a crazyhouse FEN (essay dialect) with every finding.
#[divan::bench]
fn crazyhouse_parse_findings(bencher: divan::Bencher) {
    bencher
        .counter(divan::counter::BytesCount::new(CRAZYHOUSE.essay_bytes))
        .bench(pass_crazyhouse_parse_findings);
}

/// fenkit: the same positions in shakmaty's text (stockfish dialect), with every finding.
#[divan::bench]
fn crazyhouse_stockfish_parse_findings(bencher: divan::Bencher) {
    bencher.bench(pass_crazyhouse_stockfish_parse_findings);
}

/// shakmaty: `Fen::from_ascii` and `into_position::<Crazyhouse>` of its own text.
#[divan::bench]
fn shakmaty_crazyhouse_parse(bencher: divan::Bencher) {
    bencher.bench(pass_shakmaty_crazyhouse_parse);
}

/// The floor: split the same bytes into lines with memchr, parse nothing.
#[divan::bench]
fn io_floor_split_lines(bencher: divan::Bencher) {
    bencher.counter(corpus_bytes()).bench(pass_floor);
}

//! EPD reading with the SAN check of every move, against python-chess's `Board.from_epd` on the
//! same file; and SAN reading against shakmaty's, on the same positions.
//!
//! The corpus is made at start-up from seeded random games (not committed): 20,000 lines in the
//! style of a tactics suite, each a position, a best move in SAN and an id, and every fourth
//! also a three-move variation, a comment and an evaluation
//! (`… w - - bm Nf3; id "bench.17"; pv Nf3 Nc6 e4; c0 "…"; ce 35;`). It is written to a file
//! that both fenkit and python-chess read. `FENKIT_EPD_CORPUS=FILE` reads another file instead
//! (a real suite: lines python-chess cannot read are left out of both sides).
//!
//! Run: `cargo bench -p fenkit-chess --bench epd` (divan, fenkit's rows only), or
//! `INTERLEAVED=15 cargo bench -p fenkit-chess --bench epd`: each fenkit pass and its peer back to back,
//! 15 rounds, the fastest of each, and the ratios (`SAN_ONLY=1`: the SAN rows alone).
//! python-chess runs in the interpreter named by `FENKIT_PYTHON` (else the test venv
//! `target/test-venv/bin/python` that `scripts/test` makes, with python-chess pinned in
//! `tests/requirements.txt`).

use std::hint::black_box;
use std::path::PathBuf;
use std::sync::LazyLock;

use chess::epd::EpdParser;
use chess::san;
use chess::standard::Position;
use shakmaty::{CastlingMode, Chess};

const LINES: usize = 20_000;
const SAN_PAIRS: usize = 50_000;

fn main() {
    LazyLock::force(&CORPUS);
    LazyLock::force(&SAN_CORPUS);
    if let Ok(rounds) = std::env::var("INTERLEAVED") {
        interleaved(rounds.parse().unwrap_or(15));
        return;
    }
    divan::main();
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n as u64) as usize
    }
}

/// Positions of seeded random games with a legal move to play, `count` of them.
fn random_positions(count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng(seed);
    let start: dfen::Dfen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        .parse()
        .unwrap();
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut position = Position::new(&start);
        for _ in 0..120 {
            let moves = position.legal_moves();
            if moves.is_empty() || out.len() == count {
                break;
            }
            out.push(position);
            position.play(&moves[rng.below(moves.len())]).unwrap();
        }
    }
    out
}

/// The generated suite's lines.
fn generated_suite() -> Vec<String> {
    let mut rng = Rng(0x00e9_d000_0000_0001);
    random_positions(LINES, 0x00e9_d000_0000_0002)
        .into_iter()
        .enumerate()
        .map(|(index, position)| {
            let dfen = position.to_dfen().to_string();
            let fields: Vec<&str> = dfen.split(' ').take(4).collect();
            let moves = position.legal_moves();
            let best = moves[rng.below(moves.len())];
            let mut line = format!(
                "{} bm {}; id \"bench.{index}\";",
                fields.join(" "),
                san::San::of(&position, &best)
            );
            if index % 4 == 0 {
                let mut walk = position;
                let mut variation = Vec::new();
                for _ in 0..3 {
                    let moves = walk.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[rng.below(moves.len())];
                    variation.push(san::San::of(&walk, &mv).to_string());
                    walk.play(&mv).unwrap();
                }
                line.push_str(&format!(
                    " pv {}; c0 \"a comment; with \\\"quotes\\\"\"; ce {};",
                    variation.join(" "),
                    rng.below(600) as i64 - 300
                ));
            }
            line
        })
        .collect()
}

/// The corpus and the file it was written to.
static CORPUS: LazyLock<(Vec<String>, PathBuf)> = LazyLock::new(|| {
    if let Ok(path) = std::env::var("FENKIT_EPD_CORPUS") {
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<String> = text
            .lines()
            .filter(|line| !chess::epd::is_comment(line))
            .map(str::to_owned)
            .collect();
        return (lines, PathBuf::from(path));
    }
    let lines = generated_suite();
    let path = std::env::temp_dir().join(format!("fenkit-epd-bench-{}.epd", std::process::id()));
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    (lines, path)
});

/// Positions (as each library holds them) with a legal move's SAN.
static SAN_CORPUS: LazyLock<Vec<(Position, Chess, String)>> = LazyLock::new(|| {
    let mut rng = Rng(0x00e9_d000_0000_0003);
    random_positions(SAN_PAIRS, 0x00e9_d000_0000_0004)
        .into_iter()
        .map(|position| {
            let moves = position.legal_moves();
            let mv = moves[rng.below(moves.len())];
            let text = san::San::of(&position, &mv).to_string();
            let fen = position.to_dfen().to_fen().unwrap();
            let chess: Chess = fen
                .parse::<shakmaty::fen::Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap();
            (position, chess, text)
        })
        .collect()
});

/// Reads every line with its operations and the SAN check, and the findings.
fn pass_epd() {
    let parser = EpdParser::new();
    for line in &CORPUS.0 {
        let parsed = parser.parse(line);
        black_box(parsed.map(|p| p.findings.len()).ok());
    }
}

/// fenkit's SAN: the text read and resolved to the one legal move (with its canonical SAN).
fn pass_fenkit_san() {
    for (position, _, text) in SAN_CORPUS.iter() {
        black_box(san::parse(position, text).ok());
    }
}

/// shakmaty's SAN: the text read (`SanPlus`, suffix included) and resolved to a legal move.
fn pass_shakmaty_san() {
    for (_, chess, text) in SAN_CORPUS.iter() {
        let parsed = shakmaty::san::SanPlus::from_ascii(text.as_bytes()).unwrap();
        black_box(parsed.san.to_move(chess).ok());
    }
}

#[divan::bench]
fn epd_parse_with_san_check() {
    pass_epd();
}

#[divan::bench]
fn fenkit_san_parse() {
    pass_fenkit_san();
}

#[divan::bench]
fn shakmaty_san_parse() {
    pass_shakmaty_san();
}

/// The interpreter that has python-chess.
fn python() -> PathBuf {
    if let Ok(python) = std::env::var("FENKIT_PYTHON") {
        return PathBuf::from(python);
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/test-venv/bin/python")
}

/// python-chess's `Board.from_epd` over every line of the corpus file python-chess reads, the
/// fastest of `rounds` passes, in milliseconds, and how many lines it read.
const PYTHON_PASS: &str = r##"
import sys, time
import chess
path, rounds = sys.argv[1], int(sys.argv[2])
lines = [line for line in open(path, encoding="utf-8").read().splitlines()
         if line.strip() and not line.lstrip().startswith(("%", "#"))]
readable = []
for line in lines:
    try:
        chess.Board.from_epd(line)
        readable.append(line)
    except ValueError:
        pass
best = float("inf")
for _ in range(rounds):
    start = time.perf_counter()
    for line in readable:
        chess.Board.from_epd(line)
    best = min(best, time.perf_counter() - start)
print(len(readable), best * 1e3, chess.__version__)
"##;

fn interleaved(rounds: usize) {
    let time = |pass: fn()| {
        let start = std::time::Instant::now();
        pass();
        start.elapsed().as_secs_f64() * 1e3
    };
    let (lines, path) = &*CORPUS;
    // Round by round: fenkit, then python-chess one pass, so both see the same machine.
    // `SAN_ONLY=1` leaves python-chess out (its passes take most of the run).
    let san_only = std::env::var_os("SAN_ONLY").is_some();
    let (mut ours, mut theirs) = (f64::MAX, f64::MAX);
    let mut read = lines.len();
    let mut version = String::new();
    for round in 0..=if san_only { 0 } else { rounds } {
        if san_only {
            break;
        }
        let a = time(pass_epd);
        let output = std::process::Command::new(python())
            .args(["-c", PYTHON_PASS, &path.to_string_lossy(), "1"])
            .output()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", python().display()));
        assert!(
            output.status.success(),
            "python-chess: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let answer = String::from_utf8_lossy(&output.stdout).into_owned();
        let mut parts = answer.split_whitespace();
        read = parts.next().unwrap().parse().unwrap();
        let b: f64 = parts.next().unwrap().parse().unwrap();
        version = parts.next().unwrap_or_default().to_owned();
        if round > 0 {
            ours = ours.min(a);
            theirs = theirs.min(b);
        }
    }
    assert_eq!(
        read,
        lines.len(),
        "python-chess must read every line fenkit times"
    );
    let per = |ms: f64, n: usize| ms * 1e3 / n as f64;
    println!(
        "interleaved, fastest of {rounds} rounds ({} for SAN); {} EPD lines ({}), {SAN_PAIRS} SAN moves",
        rounds * 5,
        lines.len(),
        path.display()
    );
    if !san_only {
        println!(
            "epd_parse_with_san_check   {ours:>9.2} ms ({:.3} µs/line)   python-chess {version} from_epd {theirs:>9.2} ms ({:.2} µs/line)   {:.1}x",
            per(ours, lines.len()),
            per(theirs, read),
            theirs / ours
        );
    }
    // The SAN passes are short: five times the rounds, each pair in turn order, so that neither
    // side always runs first.
    let (mut fenkit, mut shakmaty) = (f64::MAX, f64::MAX);
    for round in 0..=rounds * 5 {
        let (a, b) = if round % 2 == 0 {
            (time(pass_fenkit_san), time(pass_shakmaty_san))
        } else {
            let b = time(pass_shakmaty_san);
            (time(pass_fenkit_san), b)
        };
        if round > 0 {
            fenkit = fenkit.min(a);
            shakmaty = shakmaty.min(b);
        }
    }
    println!(
        "fenkit_san_parse           {fenkit:>9.2} ms ({:.3} µs/move)   shakmaty_san_parse {shakmaty:>9.2} ms ({:.3} µs/move)   {:.2}x",
        per(fenkit, SAN_PAIRS),
        per(shakmaty, SAN_PAIRS),
        shakmaty / fenkit
    );
    if san_only {
        println!("RATIOS san_vs_shakmaty={:.2}", shakmaty / fenkit);
    } else {
        println!(
            "RATIOS epd_vs_python_chess={:.1} san_vs_shakmaty={:.2}",
            theirs / ours,
            shakmaty / fenkit
        );
    }
    if std::env::var_os("FENKIT_EPD_CORPUS").is_none() {
        let _ = std::fs::remove_file(path);
    }
}

//! Parse and canonical Display of FEN4 literals: small random boards, the 896-piece
//! start-like position, and a full 4096-piece board; beside each parse, two floors on the same
//! bytes, so the FEN4 target (parse at least a third of the floor's bytes per second) is a ratio
//! within one run:
//!
//! - `floor_file_*`, the I/O floor: read a file of those literals (one per line, about 8 MiB,
//!   written to the temporary directory at start) and split it into lines with memchr; compare
//!   with `parse_file_*`, which parses every line of the same text;
//! - `floor_small` / `floor_large`, memchr alone over bytes already in memory, which no parser
//!   comes near on long lines (memchr skips 32 bytes per instruction).
//!
//! Every parse row calls `Parser::parse_into` with one `Parsed` reused for the whole pass, the
//! way a caller that reads a file line by line parses it; one more row (`fen4_small_alloc`, `parse_file_alloc`) calls the allocating
//! `Parser::parse` on the small literals for comparison.
//!
//! Run: `cargo bench -p fenkit-fen4 --bench parse`. `INTERLEAVED=15 cargo bench -p fenkit-fen4 --bench parse`
//! instead times each floor and its parse back to back (15 rounds, fastest counts) and prints
//! the ratios.
//!
//! Instruction counts: build with `cargo bench -p fenkit-fen4 --bench parse --no-run`, then run
//! `valgrind --tool=callgrind --toggle-collect='parse::parse_lines' BENCH --bench --exact
//! parse::parse_file::small --sample-count 1 --sample-size 1` (or `start_896`, `full_4096`;
//! `parse::parse_lines_alloc` with `parse::parse_file_alloc::small`), and divide by the
//! corpus's line count.

use divan::{Bencher, black_box};
use fen4::{Coord, Parsed, Parser, Piece, Placement};

fn main() {
    if let Ok(rounds) = std::env::var("INTERLEAVED") {
        interleaved(rounds.parse().unwrap_or(15));
        return;
    }
    divan::main();
}

/// `INTERLEAVED=N cargo bench -p fenkit-fen4 --bench parse`: for each corpus, the I/O floor and the
/// parse of the same text are timed back to back, N rounds, and the fastest of each counts, so
/// both sides of a ratio see the same machine however busy it is. The small corpus is also
/// parsed with the allocating `Parser::parse`, in a row of its own (`fen4_small_alloc`), which
/// the `RATIOS` line leaves out. Ends with a `RATIOS` line.
fn interleaved(rounds: usize) {
    use std::fmt::Write as _;
    let corpora: Vec<(&str, std::path::PathBuf, String, Vec<Placement>)> = FILE_CORPORA
        .iter()
        .map(|which| {
            let text = corpus_text(which);
            let boards = text.lines().filter_map(|line| line.parse().ok()).collect();
            (*which, corpus_file(which).0, text, boards)
        })
        .collect();
    let mut buf = vec![0u8; 1 << 16];
    let mut out = String::new();
    // Per corpus: the floor, the parse, the canonical Display of the parsed boards, the
    // allocating parse (small literals only).
    let mut best = vec![[f64::MAX; 4]; corpora.len()];
    let time = |run: &mut dyn FnMut()| {
        let start = std::time::Instant::now();
        run();
        start.elapsed().as_secs_f64()
    };
    // One round to warm up, then `rounds` that count.
    for round in 0..=rounds {
        for ((which, path, text, boards), best) in corpora.iter().zip(&mut best) {
            let floor = time(&mut || {
                black_box(read_and_split(path, &mut buf));
            });
            let parse = time(&mut || {
                black_box(parse_lines(text));
            });
            let alloc = if *which == "small" {
                time(&mut || {
                    black_box(parse_lines_alloc(text));
                })
            } else {
                f64::MAX
            };
            let display = time(&mut || {
                for board in boards {
                    out.clear();
                    let _ = write!(out, "{board}");
                    black_box(&out);
                }
            });
            if round > 0 {
                for (slot, value) in best.iter_mut().zip([floor, parse, display, alloc]) {
                    *slot = slot.min(value);
                }
            }
        }
    }
    println!("interleaved, fastest of {rounds} rounds; each corpus is about 8 MiB of literals");
    let mut ratios = Vec::new();
    let mut alloc_row = None;
    for ((which, _, text, _), [floor, parse, display, alloc]) in corpora.iter().zip(&best) {
        let gbps = |seconds: f64| text.len() as f64 / seconds / 1e9;
        println!(
            "{:<22} parse {:>7.3} ms {:>5.2} GB/s  floor {:>7.3} ms {:>5.2} GB/s  {:.2}x  display {:>7.3} ms {:>5.2} GB/s",
            format!("fen4_{which}"),
            parse * 1e3,
            gbps(*parse),
            floor * 1e3,
            gbps(*floor),
            floor / parse,
            display * 1e3,
            gbps(*display),
        );
        ratios.push(format!("fen4_parse_{which}_vs_floor={:.2}", floor / parse));
        if *which == "small" {
            alloc_row = Some(format!(
                "{:<22} parse {:>7.3} ms {:>5.2} GB/s  floor {:>7.3} ms {:>5.2} GB/s  {:.2}x  (Parser::parse, a new Parsed per line)",
                "fen4_small_alloc",
                alloc * 1e3,
                gbps(*alloc),
                floor * 1e3,
                gbps(*floor),
                floor / alloc,
            ));
        }
    }
    if let Some(row) = alloc_row {
        println!("{row}");
    }
    println!("RATIOS {}", ratios.join(" "));
}

/// The I/O floor: reads the file at `path` in 64 KiB blocks (as `fenkit`'s reader does) and
/// counts its lines with memchr.
fn read_and_split(path: &std::path::Path, buf: &mut [u8]) -> usize {
    use std::io::Read;
    let mut file = std::fs::File::open(path).expect("open");
    let mut lines = 0usize;
    loop {
        let n = file.read(buf).expect("read");
        if n == 0 {
            break;
        }
        lines += memchr::memchr_iter(b'\n', buf.get(..n).unwrap_or_default()).count();
    }
    lines
}

/// Parses every line of `text` into one reused `Parsed`, as a line-by-line reader does; the
/// lines are found with memchr, as the floor finds them, so that the floor and this differ by the parser alone.
// Not inlined, so that callgrind can count it alone (`--toggle-collect=parse::parse_lines`).
#[inline(never)]
fn parse_lines(text: &str) -> usize {
    let parser = Parser::new();
    let mut parsed = Parsed::new();
    let mut pieces = 0usize;
    let mut start = 0;
    for end in memchr::memchr_iter(b'\n', text.as_bytes()) {
        let line = text.get(start..end).unwrap_or_default();
        if parser.parse_into(line, &mut parsed).is_ok() {
            pieces += parsed.placement.len();
        }
        start = end + 1;
    }
    pieces
}

/// [`parse_lines`] with the allocating `Parser::parse`: a new `Parsed` per line, dropped.
#[inline(never)]
fn parse_lines_alloc(text: &str) -> usize {
    let parser = Parser::new();
    let mut pieces = 0usize;
    let mut start = 0;
    for end in memchr::memchr_iter(b'\n', text.as_bytes()) {
        let line = text.get(start..end).unwrap_or_default();
        if let Ok(parsed) = parser.parse(line) {
            pieces += parsed.placement.len();
        }
        start = end + 1;
    }
    pieces
}

/// A deterministic SplitMix64 stream.
fn rng(seed: u64) -> impl FnMut() -> u64 {
    let mut s = seed;
    move || {
        s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

fn random_placement(next: &mut impl FnMut() -> u64, n: usize) -> Placement {
    (0..n)
        .filter_map(|_| {
            let at = Coord::from_index((next() % 4096) as u16)?;
            let piece = *Piece::ALL.get((next() % 14) as usize)?;
            Some((at, piece))
        })
        .collect()
}

/// 100 literals with 2 to 64 pieces each.
fn small_literals() -> Vec<String> {
    let mut next = rng(7);
    (0..100)
        .map(|_| {
            let n = 2 + (next() % 63) as usize;
            random_placement(&mut next, n).to_string()
        })
        .collect()
}

/// 896 pieces in the layout of the reference start position's size: two full x-slabs.
fn start_like() -> String {
    let mut next = rng(896);
    let mut p = Placement::new();
    while p.len() < 896 {
        if let Some(at) = Coord::from_index((next() % 4096) as u16) {
            p.insert(at, Piece::ALL[(next() % 14) as usize]);
        }
    }
    p.to_string()
}

fn full_board() -> String {
    (0..4096u16)
        .filter_map(|i| Some((Coord::from_index(i)?, Piece::ALL[usize::from(i) % 14])))
        .collect::<Placement>()
        .to_string()
}

/// The small literals as one file, one literal per line.
fn small_file() -> String {
    small_literals().join("\n")
}

/// Splits `text` into lines with memchr and counts them: the floor under any parser.
fn split_lines(text: &[u8]) -> usize {
    let mut lines = 0usize;
    let mut rest = text;
    while let Some(at) = memchr::memchr(b'\n', rest) {
        lines += 1;
        rest = rest.get(at + 1..).unwrap_or_default();
    }
    lines + usize::from(!rest.is_empty())
}

/// The three corpora, each as a text of about 8 MiB: one literal per line, repeated.
const FILE_CORPORA: [&str; 3] = ["small", "start_896", "full_4096"];

fn corpus_text(which: &str) -> String {
    let lines = match which {
        "small" => small_literals(),
        "start_896" => vec![start_like()],
        _ => vec![full_board()],
    };
    let mut text = String::new();
    while text.len() < 8 << 20 {
        for line in &lines {
            text.push_str(line);
            text.push('\n');
        }
    }
    text
}

/// Writes the corpus to a file in the temporary directory.
fn corpus_file(which: &str) -> (std::path::PathBuf, usize) {
    let text = corpus_text(which);
    let path = std::env::temp_dir().join(format!("fenkit-fen4-bench-{which}.fen4"));
    std::fs::write(&path, &text).expect("write the FEN4 bench corpus");
    (path, text.len())
}

/// The I/O floor: [`read_and_split`] on a file of the corpus.
#[divan::bench(args = FILE_CORPORA)]
fn floor_file(b: Bencher, which: &str) {
    let (path, len) = corpus_file(which);
    let mut buf = vec![0u8; 1 << 16];
    b.counter(divan::counter::BytesCount::new(len))
        .bench_local(|| read_and_split(&path, &mut buf));
}

/// Parses every line of the text `floor_file` reads, into one reused `Parsed` per pass.
#[divan::bench(args = FILE_CORPORA)]
fn parse_file(b: Bencher, which: &str) {
    let text = corpus_text(which);
    b.counter(divan::counter::BytesCount::new(text.len()))
        .bench(|| parse_lines(black_box(text.as_str())));
}

/// `parse_file` with the allocating `Parser::parse`, for comparison.
#[divan::bench(args = ["small"])]
fn parse_file_alloc(b: Bencher, which: &str) {
    let text = corpus_text(which);
    b.counter(divan::counter::BytesCount::new(text.len()))
        .bench(|| parse_lines_alloc(black_box(text.as_str())));
}

/// The 100 small literals, into one reused `Parsed` per pass.
#[divan::bench]
fn parse_small(b: Bencher) {
    let inputs = small_literals();
    let bytes = inputs.iter().map(|s| s.len() + 1).sum::<usize>();
    let parser = Parser::new();
    let mut parsed = Parsed::new();
    b.counter(divan::counter::BytesCount::new(bytes))
        .bench_local(|| {
            for s in &inputs {
                black_box(parser.parse_into(black_box(s), &mut parsed).is_ok());
                black_box(&parsed);
            }
        });
}

/// The floor for `parse_small`: the same literals, one per line.
#[divan::bench]
fn floor_small(b: Bencher) {
    let text = small_file();
    b.counter(divan::counter::BytesCount::new(text.len()))
        .bench(|| split_lines(black_box(text.as_bytes())));
}

#[divan::bench]
fn display_small(b: Bencher) {
    let boards: Vec<Placement> = small_literals()
        .iter()
        .filter_map(|s| s.parse().ok())
        .collect();
    b.bench(|| {
        for p in &boards {
            black_box(p.to_string());
        }
    });
}

#[divan::bench(args = ["start_896", "full_4096"])]
fn parse_large(b: Bencher, which: &str) {
    let s = if which == "start_896" {
        start_like()
    } else {
        full_board()
    };
    let parser = Parser::new();
    let mut parsed = Parsed::new();
    b.counter(divan::counter::BytesCount::new(s.len()))
        .bench_local(|| {
            black_box(parser.parse_into(black_box(&s), &mut parsed).is_ok());
            black_box(&parsed);
        });
}

/// The floor for `parse_large`: the same literal as a line.
#[divan::bench(args = ["start_896", "full_4096"])]
fn floor_large(b: Bencher, which: &str) {
    let s = if which == "start_896" {
        start_like()
    } else {
        full_board()
    };
    b.counter(divan::counter::BytesCount::new(s.len()))
        .bench(|| split_lines(black_box(s.as_bytes())));
}

#[divan::bench(args = ["start_896", "full_4096"])]
fn display_large(b: Bencher, which: &str) {
    let s = if which == "start_896" {
        start_like()
    } else {
        full_board()
    };
    let p: Placement = s.parse().unwrap_or_default();
    b.bench(|| black_box(p.to_string()));
}

//! Parse and canonical Display of FEN4 literals: small random boards, the 896-piece
//! start-like position, and a full 4096-piece board.

use divan::{Bencher, black_box};
use fen4::{Coord, Parser, Piece, Placement};

fn main() {
    divan::main();
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

#[divan::bench]
fn parse_small(b: Bencher) {
    let inputs = small_literals();
    b.bench(|| {
        for s in &inputs {
            black_box(Parser::new().parse(black_box(s)).ok());
        }
    });
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
    b.bench(|| black_box(Parser::new().parse(black_box(&s)).ok()));
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

//! The Maximum Micro-moves filter (`dfen::rules::legal_moves`): five positions × five rolls.
//!
//! Each cell is one full answer to "which first micro-moves are legal, and what is L*" from a
//! parsed `Dfen` (conversion to the engine's bitboards, the filter, and the sorted list).
//! Run: `cargo bench -p dfen --bench rules`. Also times standard perft to depth 4 from the start,
//! the complete legal turns of the same cells (`Rules::for_each_turn`, counting them), and every
//! complete turn of every roll of a middlegame position (Kiwipete, all 56 rolls of three dice),
//! under both readings of the king-capture exemption.

use std::hint::black_box;

use dfen::Dfen;
use dfen::rules;
use divan::Bencher;

fn main() {
    divan::main();
}

const POSITIONS: [(&str, &str); 5] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    ("position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    (
        "castling",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    ),
    ("promotion", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1"),
];

/// The rolls 1,2,3 / 4,5,6 / 1,1,1 / 6,4,2 / 5,5,5.
const ROLLS: [&str; 5] = ["1,2,3", "4,5,6", "1,1,1", "6,4,2", "5,5,5"];

/// Every cell as `position roll`.
fn cells() -> impl Iterator<Item = String> {
    POSITIONS
        .iter()
        .flat_map(|(name, _)| ROLLS.iter().map(move |roll| format!("{name} {roll}")))
}

fn rolled(cell: &str) -> Dfen {
    let (name, roll) = cell.split_once(' ').unwrap();
    let fen = POSITIONS.iter().find(|(n, _)| *n == name).unwrap().1;
    let position: Dfen = fen.parse().unwrap();
    rules::roll(&position, rules::parse_roll(roll).unwrap()).unwrap()
}

#[divan::bench(args = cells())]
fn max_micro_moves(bencher: Bencher, cell: &str) {
    let position = rolled(cell);
    bencher.bench(|| rules::legal_moves(black_box(&position)));
}

#[divan::bench(args = cells())]
fn complete_turns(bencher: Bencher, cell: &str) {
    let position = rolled(cell);
    let rules = rules::Rules::new();
    bencher.bench(|| {
        let mut turns = 0u64;
        let _ = rules.for_each_turn(black_box(&position), |_| turns += 1);
        turns
    });
}

/// Every roll of three dice (56 multisets of `PNBRQK`), written as digits.
fn every_roll() -> Vec<String> {
    let mut rolls = Vec::new();
    for a in 1..=6 {
        for b in a..=6 {
            for c in b..=6 {
                rolls.push(format!("{a}{b}{c}"));
            }
        }
    }
    rolls
}

/// Kiwipete, a middlegame position, with every roll: what a bot or a referee walks to choose
/// a turn whatever the dice.
#[divan::bench(args = ["first", "any"])]
fn middlegame_every_roll(bencher: Bencher, reading: &str) {
    let position: Dfen = POSITIONS[1].1.parse().unwrap();
    let rolled: Vec<Dfen> = every_roll()
        .iter()
        .map(|roll| rules::roll(&position, rules::parse_roll(roll).unwrap()).unwrap())
        .collect();
    let rules = rules::Rules::new().king_capture(reading.parse().unwrap());
    bencher.bench(|| {
        let mut turns = 0u64;
        for position in &rolled {
            let _ = rules.for_each_turn(black_box(position), |_| turns += 1);
        }
        turns
    });
}

#[divan::bench(sample_count = 10)]
fn standard_perft_start_depth_4(bencher: Bencher) {
    let position: Dfen = POSITIONS[0].1.parse().unwrap();
    let perft = rules::Perft::new(rules::PerftMode::Standard, 4);
    bencher.bench(|| perft.count(black_box(&position)));
}

//! The reference engine's perft suite (`perft_suite.json` of rabestro/dicechess-engine-scala):
//! one die, handed to each side in turn, one micro-move per turn. Its figures are carried over
//! as they stand; [`PerftMode::AlternatingDie`] must give every one of them.

use dfen::Role;
use dfen::rules::{Perft, PerftMode};

use crate::dfen;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Every case of the suite: position, die (1-6), depth, expected nodes.
const SUITE: [(&str, u8, u32, u64); 14] = [
    (START, 1, 1, 16),
    (START, 2, 1, 4),
    (START, 3, 1, 0),
    (START, 4, 1, 0),
    (START, 5, 1, 0),
    (START, 6, 1, 0),
    (START, 2, 2, 16),
    (KIWIPETE, 1, 1, 8),
    (KIWIPETE, 2, 1, 11),
    (KIWIPETE, 3, 1, 11),
    (KIWIPETE, 4, 1, 5),
    (KIWIPETE, 5, 1, 9),
    (KIWIPETE, 6, 1, 4),
    (KIWIPETE, 1, 2, 63),
];

fn alternating(die: u8, depth: u32) -> Perft {
    let role = Role::from_die(die).expect("a die of the suite");
    Perft::new(PerftMode::AlternatingDie(role), depth)
}

#[test]
fn the_reference_suite_holds_case_by_case() {
    let mut failed = Vec::new();
    for (fen, die, depth, expected) in SUITE {
        let got = alternating(die, depth).count(&dfen(fen)).unwrap();
        if got != expected {
            failed.push(format!(
                "{fen} die {die} depth {depth}: {got}, expected {expected}"
            ));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn the_cases_single_die_perft_does_not_reproduce_differ_as_explained() {
    // Without alternation the side keeps moving and castling needs a Rook die too: the start
    // position's knights go on (24, not 16), Kiwipete's king has only its two steps (d1, f1)
    // where the reference also castles both ways (4), and Kiwipete's pawns move twice (not
    // White then Black).
    let single = |fen: &str, die: Role, depth: u32| {
        Perft::new(PerftMode::Die(die), depth)
            .count(&dfen(fen))
            .unwrap()
    };
    assert_eq!(single(START, Role::Knight, 2), 24);
    assert_eq!(single(KIWIPETE, Role::King, 1), 2);
    assert_ne!(single(KIWIPETE, Role::Pawn, 2), 63);
}

#[test]
fn the_king_die_castles_both_ways_in_kiwipete() {
    let divide = alternating(6, 1).divide(&dfen(KIWIPETE)).unwrap();
    let moves: Vec<String> = divide
        .entries
        .iter()
        .map(|(m, n)| format!("{}:{n}", m.unwrap()))
        .collect();
    assert_eq!(moves, ["e1c1:1", "e1d1:1", "e1f1:1", "e1g1:1"]);
}

#[test]
fn divide_adds_up_and_black_answers_with_the_same_die() {
    // Knight die from the start: each of White's four knight moves has Black's four replies.
    let divide = alternating(2, 2).divide(&dfen(START)).unwrap();
    assert_eq!(divide.total, 16);
    assert!(divide.entries.iter().all(|(_, n)| *n == 4));
    // Kiwipete's pawns at depth 2: the divide sums to the suite's 63.
    let divide = alternating(1, 2).divide(&dfen(KIWIPETE)).unwrap();
    assert_eq!(divide.entries.len(), 8);
    assert_eq!(divide.total, 63);
}

#[test]
fn a_king_capture_does_not_end_the_line() {
    // White's knight takes the king on c3; Black, kingless, still answers with its knight.
    let position = dfen("8/8/8/8/8/2k5/8/1N2K2n w - - 0 1");
    // White: b1a3, b1c3 (the king), b1d2. Black's h1 knight then has f2, g3: 3 x 2 = 6.
    assert_eq!(alternating(2, 2).count(&position).unwrap(), 6);
}

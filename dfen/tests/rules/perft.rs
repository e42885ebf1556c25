//! Standard-chess perft against the published counts, and small Dice Chess perft counts worked
//! out by hand.

use dfen::rules::{EpIdentity, Perft, PerftMode, UniqueCount, parse_roll};
use dfen::{Dfen, DicePool, Role};

use crate::dfen;

fn perft_standard(position: &Dfen, depth: u32) -> u64 {
    Perft::new(PerftMode::Standard, depth)
        .count(position)
        .unwrap()
}

fn perft_die(position: &Dfen, die: Role, depth: u32) -> u64 {
    Perft::new(PerftMode::Die(die), depth)
        .count(position)
        .unwrap()
}

fn perft_roll(position: &Dfen, roll: DicePool, depth: u32) -> Result<u64, dfen::rules::RulesError> {
    Perft::new(PerftMode::Roll(roll), depth).count(position)
}

fn perft_unique(position: &Dfen, mode: PerftMode, depth: u32, ep: EpIdentity) -> UniqueCount {
    Perft::new(mode, depth).unique(position, ep).unwrap()
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const POSITION_6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

/// The published counts, depth 1 upwards.
const ANCHORS: [(&str, &str, &[u64]); 6] = [
    ("start", START, &[20, 400, 8_902, 197_281, 4_865_609]),
    ("kiwipete", KIWIPETE, &[48, 2_039, 97_862, 4_085_603]),
    ("position 3", POSITION_3, &[14, 191, 2_812, 43_238, 674_624]),
    ("position 4", POSITION_4, &[6, 264, 9_467, 422_333]),
    ("position 5", POSITION_5, &[44, 1_486, 62_379, 2_103_487]),
    ("position 6", POSITION_6, &[46, 2_079, 89_890, 3_894_594]),
];

/// Checks every anchor up to `max_nodes` leaves (and always depth 3), or every depth with `None`.
fn check_anchors(max_nodes: Option<u64>) {
    for (name, fen, counts) in ANCHORS {
        let position = dfen(fen);
        for (i, expected) in counts.iter().enumerate() {
            let depth = i as u32 + 1;
            if let Some(max) = max_nodes
                && depth > 3
                && *expected > max
            {
                continue;
            }
            assert_eq!(
                perft_standard(&position, depth),
                *expected,
                "{name} depth {depth}"
            );
        }
    }
}

#[test]
fn standard_perft_matches_the_published_counts_to_depth_3_or_more() {
    check_anchors(Some(700_000));
}

#[test]
#[ignore = "the deepest counts take long in a debug build; run with --release -- --ignored"]
fn standard_perft_matches_every_published_count() {
    check_anchors(None);
}

#[test]
fn standard_divide_adds_up_and_lists_castling_as_a_king_move() {
    let divide = Perft::new(PerftMode::Standard, 2)
        .divide(&dfen(KIWIPETE))
        .unwrap();
    assert_eq!(divide.total, 2_039);
    assert_eq!(divide.entries.len(), 48);
    let names: Vec<String> = divide
        .entries
        .iter()
        .filter_map(|(m, _)| m.map(|m| m.to_string()))
        .collect();
    assert!(names.contains(&"e1g1".to_owned()) && names.contains(&"e1c1".to_owned()));
    // Known divide figure for Kiwipete: after 1. O-O Black has 43 replies.
    let castle = divide
        .entries
        .iter()
        .find(|(m, _)| m.map(|m| m.to_string()) == Some("e1g1".into()));
    assert_eq!(castle.map(|(_, n)| *n), Some(43));
}

#[test]
fn die_perft_counts_single_die_lines_of_one_side() {
    let start = dfen(START);
    // Pawns: 16 first moves. Each pawn line at depth 2: 16 moves leave 16 (single push frees
    // nothing new but keeps every pawn movable: a pushed pawn can push again) …
    // Counted by hand: after a single push the moved pawn has 1 push (no double), the other 7
    // pawns keep 2 each: 1 + 14 = 15 … plus nothing else: 15. After a double push the moved
    // pawn has 1 push, others 14: 15. So 16 × 15 = 240.
    assert_eq!(perft_die(&start, Role::Pawn, 1), 16);
    assert_eq!(perft_die(&start, Role::Pawn, 2), 240);
    // Knights: b1 → a3, c3; g1 → f3, h3. After Na3: a3 knight has b1, b5, c4 (3), g1 knight
    // has f3, h3 (2) = 5; after Nc3: b1, a4, b5, d5, e4 (5) + 2 = 7; symmetric on the king side
    // (Nh3: g1, g5, f4 = 3, + 2; Nf3: g1, d4, e5, g5, h4 = 5, + 2). Total 5 + 7 + 7 + 5 = 24.
    assert_eq!(perft_die(&start, Role::Knight, 2), 24);
    // Rooks, bishops, queen, king are shut in.
    for die in [Role::Bishop, Role::Rook, Role::Queen, Role::King] {
        assert_eq!(perft_die(&start, die, 1), 0, "{die:?}");
    }
}

#[test]
fn die_perft_ends_a_line_at_a_king_capture() {
    // The knight takes the king at once or moves elsewhere; after the capture there is no line.
    let position = dfen("8/8/8/8/8/2k5/8/1N2K3 w - - 0 1");
    // b1 knight: a3, c3 (king capture), d2. Depth 1 counts all 3.
    assert_eq!(perft_die(&position, Role::Knight, 1), 3);
    // Depth 2: from a3: b1, b5, c2, c4 (4); from d2: b1, b3, c4, e4, f1, f3 (6); the capture
    // line stops. 10.
    assert_eq!(perft_die(&position, Role::Knight, 2), 10);
}

#[test]
fn roll_perft_counts_full_turns() {
    let lone_pawn = dfen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    // PP: e3 then e4; e4 then e5; that is e2e3 e3e4, e2e4 e4e5: 2 sequences. (e2e3 e3e4 and
    // e2e4 e4e5 each use both dice.)
    assert_eq!(
        perft_roll(&lone_pawn, parse_roll("PP").unwrap(), 1).unwrap(),
        2
    );
    // K alone: the white king has d1, d2, e2 is a pawn … d1, d2, f1, f2: 4.
    assert_eq!(
        perft_roll(&lone_pawn, parse_roll("K").unwrap(), 1).unwrap(),
        4
    );
    // Two turns of Q: nobody has a queen, both pass: 1 sequence.
    assert_eq!(
        perft_roll(&lone_pawn, parse_roll("Q").unwrap(), 2).unwrap(),
        1
    );
    let divide = Perft::new(PerftMode::Roll(parse_roll("Q").unwrap()), 2)
        .divide(&lone_pawn)
        .unwrap();
    assert_eq!(divide.entries, vec![(None, 1)]);
    // Two turns of P: White's 2 pawn moves, then Black has no pawn and passes.
    assert_eq!(
        perft_roll(&lone_pawn, parse_roll("P").unwrap(), 2).unwrap(),
        2
    );
    assert_eq!(
        perft_roll(&lone_pawn, parse_roll("P").unwrap(), 0).unwrap(),
        1
    );
}

#[test]
fn roll_perft_needs_a_fresh_turn() {
    let rolled = dfen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 P");
    assert_eq!(
        perft_roll(&rolled, parse_roll("P").unwrap(), 1)
            .unwrap_err()
            .code(),
        dfen::rules::RulesCode::AlreadyRolled
    );
}

#[test]
fn distinct_positions_after_standard_plies_from_the_start() {
    // Published distinct-position counts by ply (legal en passant), and the same with every
    // en-passant square counted.
    let start = dfen(START);
    for (ep, expected) in [
        (EpIdentity::Always, [20, 400, 7_602, 101_240]),
        (EpIdentity::Legal, [20, 400, 5_362, 72_078]),
    ] {
        for (i, unique) in expected.into_iter().enumerate() {
            let depth = i as u32 + 1;
            let count = perft_unique(&start, PerftMode::Standard, depth, ep);
            assert_eq!(count.unique, unique, "{ep:?} depth {depth}");
            assert_eq!(count.nodes, perft_standard(&start, depth));
            assert_eq!(count.collisions, count.nodes - count.unique);
        }
    }
}

#[test]
fn distinct_positions_after_a_knight_knight_turn() {
    // Knights b1 and g1, roll N N, one turn. Nodes: after Na3 7 replies, Nc3 11, Nd2 9, Ne2 9,
    // Nf3 10, Nh3 7: 53. Positions: one move each, {a3, c3, d2} x {e2, f3, h3} = 9, each
    // reached in two orders (18 nodes); b1 twice (18 nodes) ends on 13 squares (b1 three
    // times, b5, c4, e4 twice); g1 twice (17 nodes) on 12 squares (g1 three times, d4, f4, g5
    // twice). Both back-home lines are the start position: 9 + 13 + 12 - 1 = 33 distinct.
    let position = dfen("4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1");
    let roll = parse_roll("NN").unwrap();
    assert_eq!(perft_roll(&position, roll, 1).unwrap(), 53);
    for ep in [EpIdentity::Always, EpIdentity::Legal] {
        let count = perft_unique(&position, PerftMode::Roll(roll), 1, ep);
        assert_eq!((count.nodes, count.unique, count.collisions), (53, 33, 20));
    }
}

#[test]
fn distinct_positions_of_two_pawns_with_the_pawn_die() {
    // Pawns c2 and e2, die P, two plies: 4 first moves x 3 replies = 12 nodes. c2c3+e2e3 and
    // e2e3+c2c3 meet, and so do the three other one-each pairs (with the same en-passant
    // squares, since a double push leaves its target either way): 12 - 4 = 8 distinct. With
    // `legal` the side's own targets (never capturable by itself) drop out, which merges
    // nothing here: still 8.
    let position = dfen("7k/8/8/8/8/8/2P1P3/7K w - - 0 1");
    for ep in [EpIdentity::Always, EpIdentity::Legal] {
        let count = perft_unique(&position, PerftMode::Die(Role::Pawn), 2, ep);
        assert_eq!((count.nodes, count.unique), (12, 8), "{ep:?}");
    }
    // Three plies: c2c4 e2e3 e3e4 leaves the target c3, c2c3 c3c4 e2e4 leaves e3; both end
    // with pawns on c4 and e4. `always` keeps them apart; under `legal` neither target counts
    // (a side cannot capture its own), so they merge: `legal` finds fewer distinct positions.
    let always = perft_unique(&position, PerftMode::Die(Role::Pawn), 3, EpIdentity::Always);
    let legal = perft_unique(&position, PerftMode::Die(Role::Pawn), 3, EpIdentity::Legal);
    assert_eq!(always.nodes, legal.nodes);
    assert!(legal.unique < always.unique, "{legal:?} vs {always:?}");
}

#[test]
fn absurd_depths_are_bounded_and_lines_that_end_early_still_count_zero() {
    // One white pawn: at most 6 pawn moves (then it promotes), so no line reaches 7 plies.
    let lone_pawn = dfen("k7/8/8/8/8/8/4P3/4K3 w - - 0 1");
    assert_eq!(perft_die(&lone_pawn, Role::Pawn, 7), 0);
    assert_eq!(perft_die(&lone_pawn, Role::Pawn, u32::MAX), 0);
    // Six plies: e2e3 … e6e7 and four promotions. Five: the same line one ply short, or the
    // double push's line with its four promotions.
    assert_eq!(perft_die(&lone_pawn, Role::Pawn, 6), 4);
    assert_eq!(perft_die(&lone_pawn, Role::Pawn, 5), 5);
}

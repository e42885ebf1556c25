//! Chess960 castling in the standard-chess generator, against published perft counts.
//!
//! The counts are facts carried over from public suites, each cited beside its position:
//! - Ethereal's Chess960 perft suite, `src/perft/fischer.epd` of AndyGrant/Ethereal (960
//!   positions in Shredder-FEN, counts to depth 6), which python-chess and scalachess both
//!   ship as their `chess960.perft`;
//! - scalachess's X-FEN cases (`test-kit/src/test/resources/tricky.perft`, ids `x-fen 00` to
//!   `xfen-04`, from a talkchess thread), whose `KQkq` name the outermost rooks: they are read
//!   in Chess960 mode.
//!
//! `ethereal_fischer_epd_reproduces_to_depth_3` runs the whole of Ethereal's file when it is
//! given (`FENKIT_FISCHER_EPD=/path/to/fischer.epd`); it is ignored otherwise.

use dfen::rules::{Perft, PerftMode};
use dfen::{CastlingMode, Parser};

/// The deepest count checked: 3, or 4 in a release build.
const DEEPEST: usize = if cfg!(debug_assertions) { 3 } else { 4 };

/// The counts of the Chess960 position `fen` from depth 1 up to `deepest`.
fn reproduces(fen: &str, counts: &[u64], deepest: usize) {
    let parsed = Parser::new()
        .castling_mode(CastlingMode::Chess960)
        .parse(fen)
        .unwrap_or_else(|error| panic!("{fen}: {error}"));
    assert!(!parsed.has_errors(), "{fen}: {:?}", parsed.findings);
    for (depth, &expected) in (1..).zip(counts).take(deepest) {
        let nodes = Perft::new(PerftMode::Standard, depth)
            .count(&parsed.dfen)
            .unwrap();
        assert_eq!(nodes, expected, "{fen} at depth {depth}");
    }
}

/// Positions of Ethereal's `fischer.epd` (its ids), with their counts at depths 1 to 4.
#[test]
fn ethereal_fischer_positions() {
    let suite: &[(&str, [u64; 4])] = &[
        // id 0
        (
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            [21, 528, 12_189, 326_672],
        ),
        // id 2: White's rights only, both rooks on the king's a-side of g1... and f1.
        (
            "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
            [20, 479, 10_471, 273_318],
        ),
        // id 3: Black's rights only, the white king off its back rank.
        (
            "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
            [22, 593, 13_440, 382_958],
        ),
        // id 199
        (
            "qbnrbknr/ppp2p1p/8/3pp1p1/1PP1B3/5N2/P2PPPPP/Q1NRBK1R w HDhd - 0 9",
            [34, 943, 32_506, 930_619],
        ),
        // id 399
        (
            "bbrqn1kr/1pppp1pp/4n3/5p2/p5P1/3P4/PPP1PPKP/BBRQNN1R w hc - 0 9",
            [24, 573, 12_963, 335_845],
        ),
        // id 499: the corners' rooks, the king on f1.
        (
            "rbbq1k1r/ppp1pppp/7n/1n1p4/5P2/P2P4/1PPBP1PP/RB1QNKNR w HAha - 1 9",
            [25, 769, 20_110, 638_340],
        ),
        // id 799
        (
            "1brkq1rn/2pppppp/1p2n3/p2bN3/8/7P/PPPPPPP1/BBRKQ1RN w GCgc - 2 9",
            [27, 748, 20_134, 580_054],
        ),
        // id 899
        (
            "rbbkq1rn/pppppppp/7n/8/P7/3P3P/1PPKPPP1/RBB1QRNN w a - 3 9",
            [22, 417, 9_900, 216_855],
        ),
    ];
    for (fen, counts) in suite {
        reproduces(fen, counts, DEEPEST);
    }
}

/// scalachess's X-FEN cases: `K`/`Q` are the outermost rooks in Chess960 mode.
#[test]
fn scalachess_xfen_positions() {
    let suite: &[(&str, [u64; 3])] = &[
        // x-fen 00: kings on c1 and c8, rooks a and e.
        (
            "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1",
            [23, 522, 12_333],
        ),
        // x-fen 01
        (
            "r1k2r1q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K2R1Q w KQkq - 0 1",
            [28, 738, 20_218],
        ),
        // x-fen 02: `Q` is the c1 rook.
        ("8/8/8/4B2b/6nN/8/5P2/2R1K2k w Q - 0 1", [34, 318, 9_002]),
        // x-fen 03: `K` is the e1 rook, beside the king on d1.
        ("2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1", [17, 242, 3_931]),
        // xfen-04: rooks on b1 and f1 around the king on d1, a black queen on a1.
        ("4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1", [19, 628, 12_858]),
    ];
    for (fen, counts) in suite {
        reproduces(fen, counts, DEEPEST);
    }
}

/// Castling moves: standard castling as the king's move, every other one as the king taking
/// its rook; both report their side.
#[test]
fn castling_moves_are_written_as_uci_writes_them() {
    let castling = |fen: &str| -> Vec<(String, Option<bool>)> {
        let dfen = Parser::new()
            .castling_mode(CastlingMode::Chess960)
            .parse(fen)
            .unwrap()
            .dfen;
        Perft::new(PerftMode::Standard, 1)
            .divide(&dfen)
            .unwrap()
            .entries
            .into_iter()
            .filter_map(|(mv, _)| mv)
            .filter(|mv| mv.castles_king_side().is_some())
            .map(|mv| (mv.to_string(), mv.castles_king_side()))
            .collect()
    };
    assert_eq!(
        castling("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
        [
            ("e1c1".to_owned(), Some(false)),
            ("e1g1".to_owned(), Some(true))
        ]
    );
    // King on g1 and rooks on b1 and h1: castling h-side leaves the king on g1.
    assert_eq!(
        castling("1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1"),
        [
            ("g1b1".to_owned(), Some(false)),
            ("g1h1".to_owned(), Some(true))
        ]
    );
    // The d1 rook must pass over c1 and land on d1... from b1: c1 is in the way.
    assert_eq!(castling("4k3/8/8/8/8/8/8/1RNK4 w Q - 0 1"), []);
}

/// Every position of Ethereal's `fischer.epd` to depth 3, when the file is given.
#[test]
#[ignore = "needs FENKIT_FISCHER_EPD=/path/to/fischer.epd (AndyGrant/Ethereal, src/perft)"]
fn ethereal_fischer_epd_reproduces_to_depth_3() {
    let path = std::env::var("FENKIT_FISCHER_EPD")
        .expect("set FENKIT_FISCHER_EPD to the path of Ethereal's src/perft/fischer.epd");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path}: {error}"));
    let mut positions = 0;
    for line in text.lines().filter(|line| !line.trim().is_empty()) {
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim();
        let counts: Vec<u64> = parts
            .map(|part| part.trim().split_once(' ').unwrap().1.parse().unwrap())
            .collect();
        reproduces(fen, &counts, 3);
        positions += 1;
    }
    assert_eq!(positions, 960, "{path}");
}

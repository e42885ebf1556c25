//! Differential test of `chess::variant` against shakmaty's three-check and crazyhouse (shakmaty
//! is GPL: a dev-dependency of this unpublished test crate only, with its `variant` feature).
//!
//! For each variant, 10,000 positions: every ply of seeded random games that shakmaty plays.
//! shakmaty writes each one in what fenkit calls the `stockfish` dialect (`3+3`; `[...]`
//! pockets with `~` after promoted pieces). Then:
//! 1. fenkit reads that text (dialect stockfish) with no finding at all and writes it back
//!    unchanged in the same dialect;
//! 2. fenkit's output in every dialect (essay, stockfish, lichess) reads back, in that dialect,
//!    with no finding, to the same position, and is written again unchanged;
//! 3. shakmaty reads fenkit's stockfish and lichess outputs as a valid position of the variant,
//!    with the same [`Setup`] as the original: board, promoted pieces, pockets, remaining
//!    checks, side to move, castling rights, en passant and both clocks.
//!
//! Every mismatch names the variant, the position (its index and text) and the dialect.

use chess::variant::{Dialect, Variant, VariantParser};
use fenkit_tests::Rng;
use shakmaty::fen::Fen;
use shakmaty::variant::{Crazyhouse, ThreeCheck};
use shakmaty::{CastlingMode, EnPassantMode, FromSetup, Position, Setup};

const POSITIONS: usize = 10_000;
/// A game stops after this many plies, so that the corpus holds many openings.
const MAX_PLIES: usize = 240;
/// How many mismatches a failure prints in full.
const SHOWN: usize = 15;
const DIALECTS: [Dialect; 3] = [Dialect::Essay, Dialect::Stockfish, Dialect::Lichess];

/// shakmaty's FEN after every ply of seeded random games of `P`, [`POSITIONS`] of them.
fn corpus<P: Position + Default>(seed: u64) -> Vec<String> {
    let mut rng = Rng(seed);
    let mut out = Vec::with_capacity(POSITIONS);
    while out.len() < POSITIONS {
        let mut pos = P::default();
        for _ in 0..MAX_PLIES {
            let moves = pos.legal_moves();
            if pos.is_variant_end() || moves.is_empty() || out.len() == POSITIONS {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
            out.push(Fen::from_position(&pos, EnPassantMode::Legal).to_string());
        }
    }
    out
}

/// The fields in which two setups differ, each with both values.
fn differences(theirs: &Setup, ours: &Setup) -> Vec<String> {
    let mut out = Vec::new();
    let mut field = |name: &str, a: String, b: String| {
        if a != b {
            out.push(format!("{name} {a} instead of {b}"));
        }
    };
    field("board", theirs.board.to_string(), ours.board.to_string());
    field("promoted", squares(theirs.promoted), squares(ours.promoted));
    field("pockets", pockets(theirs), pockets(ours));
    field(
        "remaining checks",
        format!("{:?}", theirs.remaining_checks),
        format!("{:?}", ours.remaining_checks),
    );
    field(
        "turn",
        format!("{:?}", theirs.turn),
        format!("{:?}", ours.turn),
    );
    field(
        "castling",
        format!("{:?}", theirs.castling_rights),
        format!("{:?}", ours.castling_rights),
    );
    field(
        "en passant",
        format!("{:?}", theirs.ep_square),
        format!("{:?}", ours.ep_square),
    );
    field(
        "halfmove",
        theirs.halfmoves.to_string(),
        ours.halfmoves.to_string(),
    );
    field(
        "fullmove",
        theirs.fullmoves.to_string(),
        ours.fullmoves.to_string(),
    );
    if out.is_empty() && theirs != ours {
        out.push(format!("setups differ: {theirs:?} instead of {ours:?}"));
    }
    out
}

/// `a1,e4`, or `-` for no square.
fn squares(set: shakmaty::Bitboard) -> String {
    let names: Vec<String> = set.into_iter().map(|sq| sq.to_string()).collect();
    if names.is_empty() {
        "-".to_owned()
    } else {
        names.join(",")
    }
}

/// The pockets as letters, White's then Black's (`[Pq]`), or `none`.
fn pockets(setup: &Setup) -> String {
    let Some(pockets) = &setup.pockets else {
        return "none".to_owned();
    };
    let mut out = String::from("[");
    for color in shakmaty::Color::ALL {
        for role in shakmaty::Role::ALL {
            let piece = shakmaty::Piece { color, role };
            for _ in 0..pockets[piece] {
                out.push(piece.char());
            }
        }
    }
    out.push(']');
    out
}

/// Every comparison for one variant; panics listing the mismatches.
fn check<P: Position + FromSetup>(variant: Variant, fens: &[String]) {
    let parser = |dialect| VariantParser::new(variant).dialect(dialect);
    let mut mismatches = Vec::new();
    for (index, fen) in fens.iter().enumerate() {
        let mut mismatch = |dialect: Dialect, what: String| {
            mismatches.push(format!(
                "{variant} position {index} {fen:?}, {dialect} dialect: {what}"
            ));
        };
        let original = Fen::from_ascii(fen.as_bytes())
            .unwrap_or_else(|e| panic!("shakmaty refuses its own {variant} FEN {fen:?}: {e}"))
            .into_setup();
        let parsed = match parser(Dialect::Stockfish).parse(fen) {
            Ok(parsed) if !parsed.findings.is_empty() => {
                mismatch(
                    Dialect::Stockfish,
                    format!("fenkit reads it with findings: {:?}", parsed.findings),
                );
                continue;
            }
            Ok(parsed) => parsed,
            Err(e) => {
                mismatch(Dialect::Stockfish, format!("fenkit refuses it: {e}"));
                continue;
            }
        };
        for dialect in DIALECTS {
            let written = parsed.position.display_as(dialect).to_string();
            if dialect == Dialect::Stockfish && written != *fen {
                mismatch(dialect, format!("fenkit writes it back as {written:?}"));
            }
            match parser(dialect).parse(&written) {
                Ok(again) if !again.findings.is_empty() || again.position != parsed.position => {
                    mismatch(
                        dialect,
                        format!(
                            "fenkit's {written:?} reads back as {} with {:?}",
                            again.position.display_as(dialect),
                            again.findings
                        ),
                    );
                }
                Ok(again) => {
                    let rewritten = again.position.display_as(dialect).to_string();
                    if rewritten != written {
                        mismatch(
                            dialect,
                            format!("fenkit's {written:?} is written again as {rewritten:?}"),
                        );
                    }
                }
                Err(e) => mismatch(dialect, format!("fenkit refuses its own {written:?}: {e}")),
            }
            if dialect == Dialect::Essay {
                continue;
            }
            let theirs = match Fen::from_ascii(written.as_bytes()) {
                Ok(theirs) => theirs,
                Err(e) => {
                    mismatch(
                        dialect,
                        format!("shakmaty refuses fenkit's {written:?}: {e}"),
                    );
                    continue;
                }
            };
            if let Err(e) = theirs.clone().into_position::<P>(CastlingMode::Standard) {
                mismatch(
                    dialect,
                    format!("shakmaty reads fenkit's {written:?} as no valid position: {e}"),
                );
            }
            let differ = differences(theirs.as_setup(), &original);
            if !differ.is_empty() {
                mismatch(
                    dialect,
                    format!(
                        "shakmaty reads fenkit's {written:?} as another position: {}",
                        differ.join("; ")
                    ),
                );
            }
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} mismatches over {} {variant} positions; the first:\n{}",
        mismatches.len(),
        fens.len(),
        mismatches[..mismatches.len().min(SHOWN)].join("\n")
    );
}

#[test]
fn three_check_agrees_with_shakmaty() {
    let fens = corpus::<ThreeCheck>(0x3c4e_c4ec_0001);
    // The corpus must hold what can go wrong: every count of checks for each side, and
    // positions where en passant is possible.
    for given in 1..=3 {
        for (side, at) in [("white", 0), ("black", 1)] {
            let seen = fens.iter().filter(|f| checks_given(f)[at] == given).count();
            assert!(
                seen >= 20,
                "{given} check(s) given by {side} in {seen} positions only"
            );
        }
    }
    assert!(fens.iter().filter(|f| en_passant(f)).count() >= 20);
    check::<ThreeCheck>(Variant::ThreeCheck, &fens);
}

#[test]
fn crazyhouse_agrees_with_shakmaty() {
    let fens = corpus::<Crazyhouse>(0xc4a2_f400_0001);
    let count = |pred: &dyn Fn(&Setup) -> bool| {
        fens.iter()
            .filter(|f| pred(Fen::from_ascii(f.as_bytes()).unwrap().as_setup()))
            .count()
    };
    // The corpus must hold promoted pieces, and pockets of several roles for each side (where
    // an order can go wrong).
    assert!(
        count(&|s| s.promoted.any()) >= 20,
        "too few promoted pieces"
    );
    for color in shakmaty::Color::ALL {
        let roles = |s: &Setup| {
            s.pockets
                .as_ref()
                .map_or(0, |p| p[color].into_iter().filter(|&n| n > 0).count())
        };
        assert!(
            count(&|s| roles(s) >= 2) >= 20,
            "too few {color:?} pockets of two roles or more"
        );
    }
    assert!(fens.iter().filter(|f| en_passant(f)).count() >= 20);
    check::<Crazyhouse>(Variant::Crazyhouse, &fens);
}

/// Checks given by white and by black in a three-check FEN of shakmaty's.
fn checks_given(fen: &str) -> [u32; 2] {
    let setup = Fen::from_ascii(fen.as_bytes()).unwrap().into_setup();
    let remaining = setup.remaining_checks.expect("a three-check FEN");
    [
        3 - u32::from(remaining.white),
        3 - u32::from(remaining.black),
    ]
}

/// Whether the FEN has an en-passant square.
fn en_passant(fen: &str) -> bool {
    Fen::from_ascii(fen.as_bytes())
        .unwrap()
        .as_setup()
        .ep_square
        .is_some()
}

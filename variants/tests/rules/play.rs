//! Random play in every variant: what is written reads back.

use proptest::prelude::*;
use variants::{Position, Variant};

fn variant() -> impl Strategy<Value = Variant> {
    (0..Variant::ALL.len()).prop_map(|i| Variant::ALL[i])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Along a random game: the FEN reads back as the same FEN, every legal move's SAN and
    /// UCI read back as that move, and perft(1) counts the legal moves.
    #[test]
    fn fen_san_and_uci_round_trip(variant in variant(), picks in prop::collection::vec(any::<u16>(), 0..80)) {
        let mut position = Position::start(variant);
        for pick in picks {
            let fen = position.fen();
            let again = Position::from_fen(variant, &fen, false).unwrap();
            prop_assert_eq!(again.fen(), fen.clone());
            let moves = position.legal_moves();
            prop_assert_eq!(position.perft(1), moves.len() as u64);
            for &m in &moves {
                let san = position.san(m);
                prop_assert_eq!(position.parse_move(&san), Ok(m), "{} in {}", san, fen);
                prop_assert_eq!(position.parse_move(&m.uci(false)), Ok(m), "{} in {}", m.uci(false), fen);
            }
            if moves.is_empty() {
                prop_assert!(position.outcome().is_some(), "{}", fen);
                break;
            }
            position = position.after(moves[usize::from(pick) % moves.len()]);
            prop_assert!(position.status().is_valid(), "{}", position.fen());
        }
    }
}

fn on_boundaries(text: &str, span: &std::ops::Range<usize>) -> bool {
    span.start <= span.end
        && span.end <= text.len()
        && text.is_char_boundary(span.start)
        && text.is_char_boundary(span.end)
}

proptest! {
    /// No text panics the suite reader, and every finding's span lies in the text on character
    /// boundaries.
    #[test]
    fn any_suite_text_reads(text in "(id [a-z0-9 ]{0,8}\n|epd [1-8pnbrqkPNBRQK/]{0,20} [wb] [KQkq-]{1,4} [a-h1-8-]{1,2}\n|perft [0-9a]{1,2} [0-9]{1,4}\n|# é\n|[ a-zé\t]{0,10}\n){0,8}") {
        let suite = variants::Suite::read(&text, Variant::Chess, false);
        for f in suite.findings.iter().chain(suite.verify(1).iter()) {
            prop_assert!(on_boundaries(&text, &f.span), "{:?} in {:?}", f, text);
        }
    }

    /// No text panics `check`, in any variant; a refusal's and every finding's span lie in
    /// the text on character boundaries.
    #[test]
    fn any_position_text_checks(variant in variant(), text in "[1-8pnbrqkPNBRQK~/]{0,30}(\\[[PNBRQpnbrq]{0,4}\\])? [wb] [KQkqA-Ha-h-]{1,4} [a-h1-8-]{1,2}( [0-9+]{1,4}){0,3}") {
        match variants::check(variant, &text, false) {
            Ok(checked) => {
                for f in &checked.findings {
                    prop_assert!(on_boundaries(&text, &f.span), "{:?} in {:?}", f, text);
                }
                let _ = checked.position.legal_moves();
                let _ = checked.position.outcome();
            }
            Err(err) => prop_assert!(on_boundaries(&text, &err.span())),
        }
    }
}

/// Horde allows Black two kings. In check, python-chess lets only the highest king step and
/// no other king take or block (found by the oracle: the library let the c7 king take).
#[test]
fn in_check_only_the_highest_king_moves() {
    let fen = "6n1/2kk4/p1P3P1/5N1P/P1PPPPP1/3P1P1P/PP3PPP/P4PP1 b - - 0 42";
    let position = Position::from_fen(Variant::Horde, fen, false).unwrap();
    assert!(position.status().is_valid());
    let moves: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|m| m.uci(false))
        .collect();
    assert!(moves.contains(&"d7c6".to_owned()), "{moves:?}");
    assert!(!moves.iter().any(|m| m.starts_with("c7")), "{moves:?}");
    let mate = "4Q3/8/1P1kp3/3Pk3/P2P1PpP/1pP1PPP1/PPP2PP1/P1PP1PPP w - - 0 39";
    let position = Position::from_fen(Variant::Horde, mate, false).unwrap();
    let m = position.parse_move("e8e6").unwrap();
    assert_eq!(position.san(m), "Qxe6#");
}

/// With a second king off the back rank (antichess and giveaway allow several), a right's side
/// is its rook's file against the file of the king that castles, the one on the back rank:
/// the h1 rook with kings on e1 and h2 is `K`, not `Q`; the a1 rook with kings on e1 and a8 is
/// `Q`, not `K`. Either way round, the field would read back as no right at all.
#[test]
fn a_right_is_named_by_files_when_the_king_is_off_the_back_rank() {
    for fen in [
        "1nbqkbnr/Rppppppp/8/8/8/8/1PPPPPPK/1NBQKBNR b Kk - 0 2",
        "K3k2R/8/8/8/8/8/8/R3K3 b Q - 0 1",
    ] {
        for variant in [Variant::Antichess, Variant::Giveaway] {
            let position = Position::from_fen(variant, fen, false).unwrap();
            assert_eq!(position.fen(), fen, "{variant}");
        }
    }
}

/// A pawn move written without its file is a push, as python-chess reads it: with en passant
/// on e3, `e3` is the e4 pawn's push and `dxe3` the capture, not two readings of `e3`.
#[test]
fn a_pawn_move_without_its_file_is_a_push() {
    let fen = "rnbqkbnr/pppqpppp/8/8/3pp3/8/PPPP1PPP/RNBQKBNR b - e3 0 2";
    let position = Position::from_fen(Variant::Chess, fen, false).unwrap();
    let push = position.parse_move("e3").unwrap();
    assert_eq!(push.uci(false), "e4e3");
    assert_eq!(position.parse_move("dxe3").unwrap().uci(false), "d4e3");
}

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

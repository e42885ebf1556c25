//! shakmaty (GPL, a test-only oracle) as a second opinion in `cargo test`: seeded random games
//! in every variant shakmaty has, compared ply by ply on the set of legal moves (UCI), with the
//! same move played on both sides. python-chess, the rule followed, is compared by
//! `tests/python/variant_rules_oracle.py`.

use shakmaty::variant::{self, VariantPosition};
use shakmaty::{CastlingMode, Position as _};
use variants::{Position, Variant};

/// A small deterministic generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

fn shakmaty_variant(variant: Variant) -> Option<variant::Variant> {
    Some(match variant {
        Variant::Chess => variant::Variant::Chess,
        // shakmaty's antichess is lichess's: no castling, as `antichess` starts.
        Variant::Antichess => variant::Variant::Antichess,
        Variant::Atomic => variant::Variant::Atomic,
        Variant::Horde => variant::Variant::Horde,
        Variant::RacingKings => variant::Variant::RacingKings,
        Variant::KingOfTheHill => variant::Variant::KingOfTheHill,
        Variant::ThreeCheck => variant::Variant::ThreeCheck,
        Variant::Crazyhouse => variant::Variant::Crazyhouse,
        Variant::Giveaway => return None,
    })
}

#[test]
fn random_games_agree_with_shakmaty_move_for_move() {
    let mut compared = 0;
    for variant in Variant::ALL {
        let Some(theirs) = shakmaty_variant(variant) else {
            continue;
        };
        let mut rng = Rng(0x5EED ^ variant as u64);
        for _ in 0..25 {
            let mut ours = Position::start(variant);
            let mut other = VariantPosition::new(theirs);
            for _ in 0..150 {
                let mut expected: Vec<String> = other
                    .legal_moves()
                    .iter()
                    .map(|m| m.to_uci(CastlingMode::Standard).to_string())
                    .collect();
                expected.sort();
                let mut moves = ours.legal_moves();
                moves.sort_by_key(|m| m.uci(false));
                let got: Vec<String> = moves.iter().map(|m| m.uci(false)).collect();
                assert_eq!(got, expected, "{variant} {}", ours.fen());
                compared += 1;
                if moves.is_empty() {
                    break;
                }
                let pick = (rng.next() % moves.len() as u64) as usize;
                let uci: shakmaty::uci::UciMove = got[pick].parse().unwrap();
                other.play_unchecked(uci.to_move(&other).unwrap());
                ours = ours.after(moves[pick]);
            }
        }
    }
    assert!(compared > 15_000, "{compared}");
}

//! Identity of placements: the key is the canonical literal, the hash FNV-1a 64 of it.
//!
//! A FEN4 literal has no clocks, side or rights, so the properties are: every spelling of one
//! placement shares the key and hash, and any difference of piece (role, colour or pawn
//! axis), of a coordinate along any one axis, or of the set of occupied squares changes the key.

use fen4::{Coord, Parser, Piece, Placement};
use proptest::prelude::*;

use crate::props::placement_of;

fn placement() -> impl Strategy<Value = Placement> {
    placement_of(1..64)
}

/// One change to a placement; each variant really changes it.
#[derive(Debug, Clone)]
enum Change {
    /// The `nth` piece becomes the piece `offset` steps further round `Piece::ALL` (another
    /// colour, role or pawn axis).
    Piece { nth: usize, offset: usize },
    /// The `nth` piece moves `by` steps (mod 8) along axis `axis` (0 = x … 3 = w), onto a
    /// square that must be empty.
    Coord { nth: usize, axis: usize, by: u8 },
    /// A piece is added on square `at` (skipped when occupied).
    Add { at: u16, piece: usize },
    /// The `nth` piece is removed.
    Remove { nth: usize },
}

fn any_change() -> impl Strategy<Value = Change> {
    prop_oneof![
        (any::<usize>(), 1usize..Piece::ALL.len())
            .prop_map(|(nth, offset)| Change::Piece { nth, offset }),
        (any::<usize>(), 0usize..4, 1u8..8).prop_map(|(nth, axis, by)| Change::Coord {
            nth,
            axis,
            by
        }),
        (0u16..4096, 0usize..Piece::ALL.len()).prop_map(|(at, piece)| Change::Add { at, piece }),
        any::<usize>().prop_map(|nth| Change::Remove { nth }),
    ]
}

/// `placement` with `change` applied, or `None` when the change does not apply (target
/// square occupied).
fn apply(placement: &Placement, change: &Change) -> Option<Placement> {
    let mut out = placement.clone();
    let nth = |n: usize| placement.iter().nth(n % placement.len()).unwrap();
    match *change {
        Change::Piece { nth: n, offset } => {
            let (at, piece) = nth(n);
            let i = Piece::ALL.iter().position(|p| *p == piece).unwrap();
            out.insert(at, Piece::ALL[(i + offset) % Piece::ALL.len()]);
        }
        Change::Coord { nth: n, axis, by } => {
            let (at, piece) = nth(n);
            let mut xyzw = at.to_array();
            xyzw[axis] = (xyzw[axis] + by) % 8;
            let to = Coord::new(xyzw[0], xyzw[1], xyzw[2], xyzw[3]).unwrap();
            if placement.get(to).is_some() {
                return None;
            }
            out.remove(at);
            out.insert(to, piece);
        }
        Change::Add { at, piece } => {
            let at = Coord::from_index(at).unwrap();
            if placement.get(at).is_some() {
                return None;
            }
            out.insert(at, Piece::ALL[piece]);
        }
        Change::Remove { nth: n } => {
            out.remove(nth(n).0);
        }
    }
    Some(out)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_single_difference_changes_the_key(p in placement(), change in any_change()) {
        let Some(other) = apply(&p, &change) else {
            return Ok(());
        };
        prop_assert_ne!(&p, &other);
        prop_assert_ne!(p.identity_key(), other.identity_key(), "{:?}", change);
        prop_assert_ne!(p.identity_hash(), other.identity_hash(), "{:?}", change);
    }

    #[test]
    fn every_spelling_shares_the_key(seed in any::<u64>()) {
        let mut rng = crate::corpus::Rng::new(seed);
        let text = crate::corpus::valid_literal(&mut rng);
        let parsed = Parser::new().parse(&text).unwrap().placement;
        let canonical: Placement = parsed.to_string().parse().unwrap();
        prop_assert_eq!(parsed.identity_key(), canonical.identity_key());
        prop_assert_eq!(parsed.identity_hash(), canonical.identity_hash());
        // The key is the canonical literal, and the hash FNV-1a 64 over its bytes.
        prop_assert_eq!(parsed.identity_key(), parsed.to_string());
        prop_assert_eq!(parsed.identity_hash(), fen4::fnv1a64(parsed.identity_key().as_bytes()));
    }

    #[test]
    fn insertion_order_does_not_matter(p in placement(), seed in any::<u64>()) {
        let mut pieces: Vec<(Coord, Piece)> = p.iter().collect();
        let mut rng = crate::corpus::Rng::new(seed);
        for i in (1..pieces.len()).rev() {
            pieces.swap(i, rng.below(i + 1));
        }
        let shuffled: Placement = pieces.into_iter().collect();
        prop_assert_eq!(shuffled.identity_key(), p.identity_key());
        prop_assert_eq!(shuffled.identity_hash(), p.identity_hash());
    }
}

#[test]
fn known_keys_and_hashes() {
    // Hashes computed independently (a few lines of Python over the key bytes).
    for (text, key, hash) in [
        ("4d-fen v1:", "4d-fen v1:", 0x3cdb_21ac_0857_4d78_u64),
        (
            "  4d-fen v1:\tk@7,7,7,7 ;\n K @ 0,0,0,0;",
            "4d-fen v1: K@0,0,0,0; k@7,7,7,7",
            0x4f90_c247_2eb3_3083,
        ),
    ] {
        let placement = Parser::new().parse(text).unwrap().placement;
        assert_eq!(placement.identity_key(), key, "{text:?}");
        assert_eq!(placement.identity_hash(), hash, "{text:?}");
    }
    // The pawn's axis is part of the piece: Pw and Py on one square are different placements.
    let w = Parser::new()
        .parse("4d-fen v1: Pw@1,1,1,1")
        .unwrap()
        .placement;
    let y = Parser::new()
        .parse("4d-fen v1: P/y@1,1,1,1")
        .unwrap()
        .placement;
    assert_ne!(w.identity_key(), y.identity_key());
    assert_eq!(y.identity_key(), "4d-fen v1: Py@1,1,1,1");
}

//! Property tests: round trips, idempotent printing, no panics.

use fen4::{Coord, Parser, Piece, Placement};
use proptest::prelude::*;

fn piece() -> impl Strategy<Value = Piece> {
    (0..Piece::ALL.len()).prop_map(|i| Piece::ALL[i])
}

/// Placements of `sizes` pieces on random squares (a repeated square keeps the last piece).
pub(crate) fn placement_of(sizes: std::ops::Range<usize>) -> impl Strategy<Value = Placement> {
    prop::collection::vec((0u16..4096, piece()), sizes).prop_map(|v| {
        v.into_iter()
            .map(|(i, p)| (Coord::from_index(i).unwrap(), p))
            .collect()
    })
}

fn placement() -> impl Strategy<Value = Placement> {
    placement_of(0..200)
}

proptest! {
    #[test]
    fn display_parses_back(p in placement()) {
        let text = p.to_string();
        // Read without `strict`, which would refuse any fixable finding and so make the check
        // below hold by construction: what `Display` writes is canonical by its own findings.
        let parsed = Parser::new().parse(&text).unwrap();
        prop_assert_eq!(&parsed.placement, &p);
        prop_assert!(parsed.findings.iter().all(|f| !f.fixable), "{:?}", parsed.findings);
        prop_assert!(parsed.written_canonically());
        prop_assert_eq!(&parsed.placement.to_string(), &text);
        prop_assert!(Parser::new().strict(true).parse(&text).is_ok());
    }

    #[test]
    fn json_forms_round_trip(p in placement()) {
        let a = fen4::json::from_pieces_value(&fen4::json::to_pieces_value(&p)).unwrap();
        prop_assert_eq!(&a.placement, &p);
        prop_assert!(a.warnings.is_empty());
        let s: serde_json::Value = serde_json::from_str(&fen4::json::to_pieces_string(&p)).unwrap();
        prop_assert_eq!(fen4::json::from_pieces_value(&s).unwrap().placement, p.clone());
        let b = fen4::json::from_structured_value(&fen4::json::to_structured_value(&p)).unwrap();
        prop_assert_eq!(b.placement, p);
    }

    #[test]
    fn canonical_exactly_when_no_fixable_findings(seed in any::<u64>()) {
        let mut rng = crate::corpus::Rng::new(seed);
        let text = crate::corpus::valid_literal(&mut rng);
        let parsed = Parser::new().parse(&text).unwrap();
        let canonical = parsed.placement.to_string();
        let fixable = parsed.findings.iter().any(|f| f.fixable);
        prop_assert_eq!(fixable, canonical != text, "{:?}", text);
        prop_assert_eq!(Parser::new().strict(true).parse(&text).is_ok(), canonical == text);
        // Printing is idempotent.
        prop_assert_eq!(canonical.parse::<Placement>().unwrap().to_string(), canonical);
    }

    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,80}") {
        match Parser::new().parse(&s) {
            Ok(p) => prop_assert_eq!(p.placement.to_string().parse::<Placement>().unwrap(), p.placement),
            Err(e) => {
                prop_assert!(e.span().end <= s.len());
                prop_assert!(e.offset() <= s.chars().count());
                prop_assert!((-6..=-2).contains(&e.ref_code()));
            }
        }
        let _ = fen4::validate_ndjson4(&s);
    }

    #[test]
    fn ndjson4_spans_are_char_boundaries(s in "[{}\\[\\],:\"a-z0-9 é😀.\\\\-]{0,60}") {
        for f in fen4::Ndjson4Validator::new().check_line(1, &s) {
            prop_assert!(f.span.start <= f.span.end && f.span.end <= s.len(), "{:?}", f);
            prop_assert!(s.is_char_boundary(f.span.start) && s.is_char_boundary(f.span.end), "{:?}", f);
        }
        let line = format!("{{\"fen4\":\"4d-fen v1: {s}\",\"ply\":0}}");
        for f in fen4::Ndjson4Validator::new().check_line(1, &line) {
            prop_assert!(line.is_char_boundary(f.span.start) && line.is_char_boundary(f.span.end), "{:?}", f);
        }
    }

    #[test]
    fn mutated_literals_never_panic(seed in any::<u64>()) {
        let mut rng = crate::corpus::Rng::new(seed);
        let text = crate::corpus::mutated_literal(&mut rng);
        let _ = Parser::new().strict(true).parse(&text);
        let line = serde_json::json!({"fen4": text, "ply": 0}).to_string();
        let _ = fen4::Ndjson4Validator::new().check_line(1, &line);
    }
}

#[test]
fn full_board_of_4096_pieces_round_trips() {
    let p: Placement = (0..4096u16)
        .map(|i| {
            (
                Coord::from_index(i).unwrap(),
                Piece::ALL[usize::from(i) % 14],
            )
        })
        .collect();
    assert_eq!(p.len(), 4096);
    let text = p.to_string();
    assert!(text.starts_with("4d-fen v1: N@0,0,0,0; B@0,0,0,1; R@0,0,0,2;"));
    assert!(
        text.ends_with("; n@7,7,7,7"),
        "{}",
        &text[text.len() - 30..]
    );
    let parsed = Parser::new().strict(true).parse(&text).unwrap();
    assert_eq!(parsed.placement, p);
    assert_eq!(parsed.placement.to_string(), text);
    // Reversed order is accepted with one Unsorted finding and the same canonical form.
    let reversed = format!(
        "4d-fen v1: {}",
        p.iter()
            .rev()
            .map(|(c, pc)| format!("{pc}@{c}"))
            .collect::<Vec<_>>()
            .join("; ")
    );
    let r = Parser::new().parse(&reversed).unwrap();
    assert_eq!(r.placement.to_string(), text);
    let unsorted: Vec<_> = r
        .findings
        .iter()
        .filter(|f| f.code == fen4::Code::Unsorted)
        .collect();
    assert_eq!(unsorted.len(), 1);
    assert!(
        unsorted[0].message.contains("4095 pieces are out of order"),
        "{}",
        unsorted[0].message
    );
    // Any further piece on a full board is a duplicate.
    let e = Parser::new()
        .parse(&format!("{text}; K@3,3,3,3"))
        .unwrap_err();
    assert_eq!((e.code(), e.ref_code()), (fen4::Code::DuplicateSquare, -5));
}

#[test]
fn identity_hash_is_fnv1a_of_the_canonical_form() {
    // Known FNV-1a 64 test vectors.
    assert_eq!(fen4::fnv1a64(b"foobar"), 0x85944171f73967e8);
    let a: Placement = "4d-fen v1: k@7,7,7,7;K@0,0,0,0".parse().unwrap();
    let b: Placement = "4d-fen v1: K@0,0,0,0; k@7,7,7,7".parse().unwrap();
    assert_eq!(a.identity_key(), "4d-fen v1: K@0,0,0,0; k@7,7,7,7");
    assert_eq!(a.identity_hash(), b.identity_hash());
    assert_eq!(
        a.identity_hash(),
        fen4::fnv1a64(b"4d-fen v1: K@0,0,0,0; k@7,7,7,7")
    );
    assert_ne!(a.identity_hash(), Placement::new().identity_hash());
}

//! `Parser::parse_into` on one reused `Parsed` gives exactly what `Parser::parse` gives, input
//! after input: no piece or finding of an earlier literal survives into a later result, and an
//! error leaves the `Parsed` empty.

use fen4::{Code, Coord, Parsed, Parser, Piece, Placement};
use proptest::prelude::*;

use crate::corpus::{self, Rng};

/// Every square filled: 4,096 pieces, about 300 kings a side.
fn full_board(rng: &mut Rng) -> Placement {
    (0..4096u16)
        .map(|i| (Coord::from_index(i).unwrap(), *rng.pick(&Piece::ALL)))
        .collect()
}

/// Bytes that keep a literal ASCII (so still UTF-8) and often keep it close to valid.
const BYTES: &[u8] = b"KkQqRrBbNnPpwyz@,;: 0178/\t\n\r\0";

/// One to three byte edits: replace, delete or insert.
fn mutate_bytes(rng: &mut Rng, text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..=rng.below(3) {
        let at = rng.below(bytes.len() + 1);
        let byte = *rng.pick(BYTES);
        match rng.below(3) {
            0 if at < bytes.len() => bytes[at] = byte,
            1 if at < bytes.len() => {
                bytes.remove(at);
            }
            _ => bytes.insert(at, byte),
        }
    }
    String::from_utf8(bytes).unwrap_or_else(|_| text.to_owned())
}

/// A literal of one of several kinds: canonical (small, 896 pieces or a full board),
/// non-canonical but valid, a duplicate square, and byte or character mutations of these.
fn literal(rng: &mut Rng) -> String {
    let base = match rng.below(12) {
        0..=3 => {
            let n = rng.below(65);
            corpus::placement(rng, n).to_string()
        }
        4 => corpus::placement(rng, 896).to_string(),
        5 => full_board(rng).to_string(),
        6 => {
            // A full board written backwards: the general path, one `Unsorted` finding.
            written_backwards(&full_board(rng), ";")
        }
        7..=8 => corpus::valid_literal(rng),
        9 => corpus::duplicate_literal(rng),
        _ => return corpus::mutated_literal(rng),
    };
    if rng.chance(40) {
        mutate_bytes(rng, &base)
    } else {
        base
    }
}

/// Parses `input` into `reused` and checks the outcome and the state of `reused` against a
/// fresh `parse`.
#[track_caller]
fn check(parser: Parser, input: &str, reused: &mut Parsed) -> Result<(), TestCaseError> {
    let expected = parser.parse(input);
    let got = parser.parse_into(input, reused);
    match expected {
        Ok(expected) => {
            prop_assert_eq!(got, Ok(()), "{:?}", input);
            prop_assert_eq!(&*reused, &expected, "{:?}", input);
        }
        Err(expected) => {
            prop_assert_eq!(got, Err(expected), "{:?}", input);
            prop_assert!(
                reused.placement.is_empty(),
                "stale pieces after {:?}",
                input
            );
            prop_assert!(
                reused.findings.is_empty(),
                "stale findings after {:?}",
                input
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// One `Parsed` for a whole sequence of literals of every kind, under both settings in turn.
    #[test]
    fn parse_into_a_reused_parsed_equals_parse(seed in any::<u64>(), len in 1usize..24) {
        let mut rng = Rng::new(seed);
        let mut reused = Parsed::new();
        for _ in 0..len {
            let input = literal(&mut rng);
            for strict in [false, true] {
                check(Parser::new().strict(strict), &input, &mut reused)?;
            }
        }
    }
}

/// A fixed sequence that exercises each way stale data could leak: a full board then a small
/// one (the fast path must not keep the slots beyond the new last piece), findings then none,
/// an error after a full board, and the general path after the fast one and back.
#[test]
fn reuse_after_large_boards_and_errors_keeps_nothing_stale() {
    let mut rng = Rng::new(0x4096);
    let full = full_board(&mut rng).to_string();
    let backwards = written_backwards(&full.parse().unwrap(), "; ");
    let sequence = [
        full.as_str(),
        "4d-fen v1: K@0,0,0,0; k@7,7,7,7",
        full.as_str(),
        "4d-fen v1: Pw@0,1,0,0",
        backwards.as_str(),
        "4d-fen v1:",
        full.as_str(),
        "4d-fen v1: K@0,0,0,0; K@0,0,0,0",
        backwards.as_str(),
        "4d-fen v1: k@7,7,7,7;K@0,0,0,0;",
        "4d-fen v1: K@0,0,0,0; k@7,7,7,8",
        "4d-fen v1: K@0,0,0,0; k@7,7,7,7",
        full.as_str(),
        "",
        " 4d-fen v1: K@0,0,0,0 ; k@7,7,7,7",
    ];
    for strict in [false, true] {
        let parser = Parser::new().strict(strict);
        let mut reused = Parsed::new();
        for input in sequence {
            check(parser, input, &mut reused).unwrap();
        }
    }

    // The figures themselves, so that a fault shared by `parse` and `parse_into` shows too.
    let parser = Parser::new();
    let mut reused = Parsed::new();
    parser.parse_into(&full, &mut reused).unwrap();
    assert_eq!(reused.placement.len(), 4096);
    assert_eq!(reused.placement.to_string(), full);
    let codes: Vec<Code> = reused.findings.iter().map(|f| f.code).collect();
    assert_eq!(codes, [Code::ExtraKing, Code::ExtraKing]);
    let capacity = reused.findings.capacity();

    parser
        .parse_into("4d-fen v1: Pw@0,1,0,0", &mut reused)
        .unwrap();
    let pieces: Vec<String> = reused
        .placement
        .iter()
        .map(|(c, p)| format!("{p}@{c}"))
        .collect();
    assert_eq!(pieces, ["Pw@0,1,0,0"]);
    let codes: Vec<Code> = reused.findings.iter().map(|f| f.code).collect();
    assert_eq!(codes, [Code::MissingKing, Code::MissingKing]);
    assert_eq!(
        reused.findings.capacity(),
        capacity,
        "the findings' storage is reused"
    );

    let err = parser
        .parse_into("4d-fen v1: K@0,0,0,0; K@0,0,0,0", &mut reused)
        .unwrap_err();
    assert_eq!(err.code(), Code::DuplicateSquare);
    assert_eq!(reused, Parsed::new());

    parser.parse_into(&backwards, &mut reused).unwrap();
    assert_eq!(reused.placement.to_string(), full);
    let codes: Vec<Code> = reused.findings.iter().map(|f| f.code).collect();
    assert_eq!(codes, [Code::Unsorted, Code::ExtraKing, Code::ExtraKing]);
    parser.parse_into("4d-fen v1:", &mut reused).unwrap();
    assert!(reused.placement.is_empty());
    assert_eq!(reused.findings.len(), 2);
}

/// `board` as a literal with its pieces in reverse square order, joined by `separator`.
fn written_backwards(board: &Placement, separator: &str) -> String {
    let pieces: Vec<String> = board
        .iter()
        .rev()
        .map(|(c, p)| format!("{p}@{c}"))
        .collect();
    format!("4d-fen v1: {}", pieces.join(separator))
}

//! Round trips over random legal positions: SAN written and read back names the same move, and
//! an EPD line written canonically reads back to itself (and its JSON form to the line).

use chess::epd::{EpdJson, EpdParser};
use chess::san::{self, San};
use chess::standard::{ChessMove, Position};
use proptest::prelude::*;

const STARTS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];

/// The position after playing the moves `picks` chooses from `start`, stopping at a position
/// with no legal move.
fn play_out(start: usize, picks: &[prop::sample::Index]) -> Position {
    let mut position = Position::new(&STARTS[start].parse().unwrap());
    for pick in picks {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        position.play(pick.get(&moves)).unwrap();
    }
    position
}

/// A string of characters that EPD strings must escape or keep.
fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            Just('"'),
            Just('\\'),
            Just(';'),
            Just(' '),
            Just('é'),
            prop::char::range('a', 'z'),
            prop::char::range('0', '9'),
        ],
        0..12,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

/// `text` as an EPD string.
fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Every legal move's SAN reads back to that move with nothing to fix, its UCI too (as a
    /// UCI spelling), and the SAN is what the move's own rules say: a capture has `x`, a check
    /// `+`, a mate `#`.
    #[test]
    fn san_round_trips(
        start in 0usize..STARTS.len(),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..60),
    ) {
        let position = play_out(start, &picks);
        for mv in position.legal_moves() {
            let written = San::of(&position, &mv);
            let read = san::parse(&position, &written).unwrap();
            prop_assert_eq!(read.mv, mv);
            prop_assert_eq!(read.san, written);
            prop_assert!(read.spelling.is_empty(), "{} {:?}", written, read.spelling);
            let uci = san::parse(&position, &mv.to_string()).unwrap();
            prop_assert_eq!(uci.mv, mv);
            prop_assert_eq!(san::parse_uci(&position, &mv.to_string()).unwrap(), mv);
            prop_assert_eq!(written.contains('x'), mv.is_capture() && mv.castling().is_none());
            let mut after = position;
            after.play(&mv).unwrap();
            prop_assert_eq!(written.ends_with('#'), after.is_checkmate());
            prop_assert_eq!(written.ends_with('+'), after.is_check() && !after.is_checkmate());
        }
    }

    /// A line built from a random position and random operations reads; its canonical form
    /// reads back to the same line with nothing to fix and is written the same; `fixed` is
    /// idempotent; its JSON form reads back to it. (An operand of `noop` or of an unknown
    /// opcode is a bare number or a string that is not one here: the JSON form does not say
    /// whether any other was quoted.)
    #[test]
    fn epd_round_trips(
        start in 0usize..STARTS.len(),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..40),
        best in any::<prop::sample::Index>(),
        line_of_play in prop::collection::vec(any::<prop::sample::Index>(), 1..6),
        comment in text(),
        id in text(),
        count in any::<u32>(),
        eval in any::<i32>(),
        uci in any::<bool>(),
        bare in "[a-z][a-z0-9_]{0,6}",
    ) {
        let position = play_out(start, &picks);
        let moves = position.legal_moves();
        prop_assume!(!moves.is_empty());
        let dfen = position.to_dfen();
        let fields: Vec<String> = dfen.to_string().split(' ').take(4).map(str::to_owned).collect();
        let mv: ChessMove = *best.get(&moves);
        let best_text = if uci { mv.to_string() } else { San::of(&position, &mv).to_string() };
        let mut variation = Vec::new();
        let mut walk = position;
        for pick in &line_of_play {
            let moves = walk.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = *pick.get(&moves);
            variation.push(San::of(&walk, &mv).to_string());
            walk.play(&mv).unwrap();
        }
        let line = format!(
            "{} bm {best_text}; pv {}; c0 {}; id {}; acn {count}; ce {eval}; noop {eval} 7; x_{bare} {};",
            fields.join(" "),
            variation.join(" "),
            quoted(&comment),
            quoted(&id),
            quoted(&format!("s{comment}")),
        );
        let parsed = EpdParser::new().parse(&line).unwrap();
        prop_assert!(!parsed.has_errors(), "{}: {:?}", line, parsed.findings);
        prop_assert_eq!(parsed.epd.operation("c0").unwrap().operands().next().unwrap().text(), comment.as_str());
        prop_assert_eq!(parsed.epd.operation("bm").unwrap().moves().unwrap(), vec![mv]);
        let canonical = parsed.epd.to_string();
        let again = EpdParser::new().parse(&canonical).unwrap();
        prop_assert!(again.findings.is_empty(), "{}: {:?}", canonical, again.findings);
        prop_assert_eq!(&again.epd.to_string(), &canonical);
        let fixed = parsed.fixed();
        prop_assert_eq!(&fixed, &again.epd);
        prop_assert_eq!(EpdParser::new().parse(&fixed.to_string()).unwrap().fixed(), fixed.clone());
        if !uci {
            prop_assert_eq!(&canonical, &line);
            prop_assert_eq!(&parsed.epd, &again.epd);
        }
        let json = serde_json::to_string(&EpdJson::from(&again.epd)).unwrap();
        let back: EpdJson = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back.to_line().unwrap(), canonical);
        prop_assert_eq!(back.parse().unwrap().epd, again.epd);
    }

    /// Text around the position fields never makes the reader panic, every span lies inside
    /// the line, and a line read without errors is written as a line that reads back to it.
    #[test]
    fn edited_lines_read_or_are_refused(
        start in 0usize..STARTS.len(),
        operations in prop::collection::vec(
            prop_oneof![
                Just("bm".to_owned()), Just(" ".to_owned()), Just(";".to_owned()),
                Just("\"".to_owned()), Just("\\".to_owned()), Just("0".to_owned()),
                Just("1".to_owned()), Just("\t".to_owned()), Just("O-O".to_owned()),
                Just("e4".to_owned()), Just("Nf3+".to_owned()), Just("id".to_owned()),
                Just("pv".to_owned()), Just("c0".to_owned()), Just("x".to_owned()),
                Just("-".to_owned()), Just("D1".to_owned()), Just("é".to_owned()),
            ],
            0..16,
        ),
    ) {
        let fields: Vec<&str> = STARTS[start].split(' ').take(4).collect();
        let line = format!("{} {}", fields.join(" "), operations.concat());
        match EpdParser::new().parse(&line) {
            Err(error) => prop_assert!(line.get(error.span()).is_some()),
            Ok(parsed) => {
                for finding in &parsed.findings {
                    prop_assert!(line.get(finding.span.clone()).is_some(), "{:?}", finding);
                }
                if !parsed.has_errors() {
                    let canonical = parsed.epd.to_string();
                    let again = EpdParser::new().parse(&canonical).unwrap();
                    prop_assert!(again.findings.iter().all(|f| !f.fixable), "{}: {:?}", canonical, again.findings);
                    prop_assert_eq!(again.epd.to_string(), canonical);
                }
            }
        }
    }

    /// Lines read one after another into one kept place (`parse_into`, as the check command
    /// reads them) are read as a fresh parse reads each: the place's earlier line leaves
    /// nothing behind, in the operations, the findings, the notes or the line's copy.
    #[test]
    fn lines_read_into_a_kept_place_are_read_as_alone(
        lines in prop::collection::vec(
            (
                0usize..STARTS.len(),
                prop::collection::vec(
                    prop_oneof![
                        Just("bm".to_owned()), Just(" ".to_owned()), Just(";".to_owned()),
                        Just("\"".to_owned()), Just("0".to_owned()), Just("1".to_owned()),
                        Just("O-O".to_owned()), Just("e4".to_owned()), Just("id".to_owned()),
                        Just("hmvc".to_owned()), Just("fmvn".to_owned()), Just("zz".to_owned()),
                        Just("c0".to_owned()), Just("-".to_owned()), Just("D1".to_owned()),
                        Just("é".to_owned()),
                    ],
                    0..16,
                ),
            ),
            1..8,
        ),
        notes in any::<bool>(),
        standard_rules in any::<bool>(),
    ) {
        let parser = EpdParser::new().notes(notes).standard_rules(standard_rules);
        let mut place = chess::epd::ParsedEpd::empty();
        for (start, operations) in &lines {
            let fields: Vec<&str> = STARTS[*start].split(' ').take(4).collect();
            let line = format!("{} {}", fields.join(" "), operations.concat());
            let alone = parser.parse(&line);
            let kept = parser.parse_into(&line, &mut place);
            match alone {
                Ok(alone) => {
                    prop_assert!(kept.is_ok(), "{}: {:?}", line, kept);
                    prop_assert_eq!(format!("{place:?}"), format!("{alone:?}"), "{}", &line);
                    prop_assert_eq!(place.epd.to_string(), alone.epd.to_string());
                }
                Err(error) => prop_assert_eq!(
                    format!("{:?}", kept.unwrap_err()),
                    format!("{error:?}"),
                    "{}",
                    &line
                ),
            }
        }
    }
}

//! Property tests: round trips, idempotence, fixes reaching the canonical form, no panics.

use dfen::{Dfen, Parser, Profile};
use proptest::prelude::*;

use crate::strategies::any_dfen;

/// Spellings of one position that differ only in form.
fn respell(dfen: &Dfen, seed: u64) -> String {
    let canonical = dfen.to_string();
    let fields: Vec<&str> = canonical.split(' ').collect();
    let mut out = String::new();
    if seed & 1 != 0 {
        out.push('\t');
    }
    // Split every empty-run digit greater than 1 into 1 + (n-1).
    let board: String = if seed & 2 != 0 {
        fields[0]
            .chars()
            .map(|c| match c.to_digit(10) {
                Some(n) if n > 1 => format!("1{}", n - 1),
                _ => c.to_string(),
            })
            .collect()
    } else {
        fields[0].to_owned()
    };
    let sep = if seed & 4 != 0 { "  " } else { " " };
    let castling: String = if seed & 8 != 0 {
        fields[2].chars().rev().collect()
    } else {
        fields[2].to_owned()
    };
    let ep = if seed & 16 != 0 && fields[3] != "-" {
        let pairs: Vec<&str> = fields[3]
            .as_bytes()
            .chunks(2)
            .map(|c| std::str::from_utf8(c).unwrap())
            .collect();
        pairs.into_iter().rev().collect::<String>()
    } else {
        fields[3].to_owned()
    };
    let half = if seed & 32 != 0 {
        format!("00{}", fields[4])
    } else {
        fields[4].to_owned()
    };
    let dice: String = if seed & 64 != 0 {
        fields[6].chars().rev().collect()
    } else {
        fields[6].to_owned()
    };
    let dice_field = if seed & 128 != 0 && dice == "-" {
        String::new()
    } else {
        format!("{sep}{dice}")
    };
    out.push_str(&[board.as_str(), fields[1], &castling, &ep, &half, fields[5]].join(sep));
    out.push_str(&dice_field);
    if seed & 256 != 0 {
        out.push(' ');
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn parse_of_display_is_identity(dfen in any_dfen()) {
        let text = dfen.to_string();
        let parsed = Parser::new().parse(&text).unwrap();
        prop_assert_eq!(&parsed.dfen, &dfen);
        prop_assert!(parsed.findings.iter().all(|f| f.code.as_str() >= "DFEN200"), "{:?}", parsed.findings);
        // Display is idempotent.
        prop_assert_eq!(parsed.dfen.to_string(), text);
    }

    #[test]
    fn engine_dialect_round_trips(dfen in any_dfen()) {
        // Every value written in the engine dialect reads back under it, without an error
        // (fenkit never writes an engine-dialect line that its engine profile refuses); numbers
        // past the dialect's range are written as its largest.
        let text = dfen.display_as(Profile::Engine).to_string();
        let parsed = Parser::new().profile(Profile::Engine).check_position(false).parse(&text).unwrap();
        prop_assert!(!parsed.has_errors(), "{}: {:?}", text, parsed.findings);
        let mut expected = dfen;
        expected.halfmove = expected.halfmove.min(Profile::Engine.max_halfmove());
        expected.fullmove = expected.fullmove.min(
            std::num::NonZeroU32::new(Profile::Engine.max_fullmove()).unwrap(),
        );
        prop_assert_eq!(parsed.dfen, expected);
    }

    #[test]
    fn applying_fixes_gives_the_canonical_form(dfen in any_dfen(), seed in any::<u64>()) {
        let spelled = respell(&dfen, seed);
        let parsed = Parser::new().parse(&spelled).unwrap();
        prop_assert_eq!(&parsed.dfen, &dfen, "{}", spelled);
        let fixed = parsed.fixed();
        let again = Parser::new().parse(&fixed.to_string()).unwrap();
        prop_assert!(again.findings.iter().all(|f| !f.fixable), "{:?}", again.findings);
        prop_assert_eq!(&again.dfen, &fixed);
        prop_assert_eq!(fixed.fixed(), fixed);
    }

    #[test]
    fn no_input_panics(input in ".{0,120}") {
        for profile in [Profile::Spec, Profile::Lenient, Profile::Engine] {
            if let Err(err) = Parser::new().profile(profile).parse(&input) {
                prop_assert!(input.get(err.span()).is_some());
            }
        }
    }

    #[test]
    fn no_mutation_of_a_valid_dfen_panics(dfen in any_dfen(), edits in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..4)) {
        let mut bytes = dfen.to_string().into_bytes();
        for (at, byte) in edits {
            let at = at % (bytes.len() + 1);
            match byte % 3 {
                0 => bytes.insert(at, b" /-0123456789KQkqPpNnBbRrwbeah\t"[usize::from(byte) % 31]),
                1 if at < bytes.len() => { bytes.remove(at); }
                _ if at < bytes.len() => bytes[at] = byte & 0x7f,
                _ => {}
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        for profile in [Profile::Spec, Profile::Lenient, Profile::Engine] {
            match Parser::new().profile(profile).parse(&text) {
                Ok(parsed) => {
                    let canonical = parsed.fixed().display_as(profile).to_string();
                    let again = Parser::new().profile(profile).parse(&canonical).unwrap();
                    prop_assert_eq!(again.dfen, parsed.fixed());
                }
                Err(err) => prop_assert!(text.get(err.span()).is_some()),
            }
        }
    }
}

/// A back rank: a king on `king`, rooks on the files of `rooks` (but the king's), in the case
/// of `white`.
fn back_rank(king: u8, rooks: u8, white: bool) -> String {
    let mut rank = String::new();
    let mut empty = 0;
    for file in 0..8u8 {
        let piece = if file == king {
            Some('k')
        } else if rooks & (1 << file) != 0 {
            Some('r')
        } else {
            None
        };
        match piece {
            Some(piece) => {
                if empty > 0 {
                    rank.push(char::from(b'0' + empty));
                    empty = 0;
                }
                rank.push(if white {
                    piece.to_ascii_uppercase()
                } else {
                    piece
                });
            }
            None => empty += 1,
        }
    }
    if empty > 0 {
        rank.push(char::from(b'0' + empty));
    }
    rank
}

proptest! {
    /// Issue 37: losing a castling right never makes the field read worse. A position whose
    /// canonical form reads back with no finding still does once any one of its rights is gone
    /// (as the rules engine drops them), whatever the kings' files: Chess960 rights written in
    /// Shredder-FEN beside others stay readable as their rooks when left alone.
    #[test]
    fn dropping_a_castling_right_keeps_the_field_clean(
        kings in (0u8..8, 0u8..8),
        rook_files in ((0u8..8, 0u8..8), (0u8..8, 0u8..8)),
        rights in any::<u16>(),
    ) {
        // Two rooks of a colour at most, or the piece count would be a finding.
        let rooks = (
            (1u8 << rook_files.0.0) | (1 << rook_files.0.1),
            (1u8 << rook_files.1.0) | (1 << rook_files.1.1),
        );
        let mut field = String::new();
        for (white, rooks, king) in [(true, rooks.0, kings.0), (false, rooks.1, kings.1)] {
            // At most one right on each side of the king (two are `DFEN225`).
            let mut sides = [false, false];
            for file in (0..8u8).rev() {
                let bit = if white { file } else { file + 8 };
                let side = usize::from(file > king);
                if file != king && rooks & (1 << file) != 0 && rights & (1 << bit) != 0 && !sides[side] {
                    sides[side] = true;
                    let letter = b'A' + file;
                    field.push(char::from(if white { letter } else { letter.to_ascii_lowercase() }));
                }
            }
        }
        if field.is_empty() {
            field.push('-');
        }
        let text = format!(
            "{}/pppppppp/8/8/8/8/PPPPPPPP/{} w {field} - 0 1 -",
            back_rank(kings.1, rooks.1, false),
            back_rank(kings.0, rooks.0, true),
        );
        let fixed = Parser::new().parse(&text).unwrap().fixed();
        let written = fixed.to_string();
        let reread = Parser::new().parse(&written).unwrap();
        prop_assume!(reread.findings.is_empty(), "{:?}", reread.findings);
        for square in fixed.castling.rook_squares().iter() {
            let mut fewer = fixed.clone();
            let color = if square.rank() == 0 { dfen::Color::White } else { dfen::Color::Black };
            fewer.castling.remove_rook_file(color, square.file());
            let text = fewer.to_string();
            let parsed = Parser::new().parse(&text).unwrap();
            prop_assert_eq!(&parsed.dfen, &fewer);
            prop_assert!(parsed.findings.is_empty(), "{} (from {}): {:?}", text, written, parsed.findings);
        }
    }
}

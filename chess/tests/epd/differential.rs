//! SAN and the legal moves of standard chess against shakmaty (a GPL crate, used here as a
//! test-only oracle), over the positions of seeded random games: the same legal moves, the same
//! SAN for each (suffix included), and each SAN read back to its move.

use chess::san::{self, Spelling};
use chess::standard::Position;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};

use crate::strategies::Rng;

/// The FEN after every ply of seeded random games, `count` of them.
fn random_positions(count: usize, seed: u64) -> Vec<Chess> {
    let mut rng = Rng(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut pos = Chess::default();
        for _ in 0..160 {
            let moves = pos.legal_moves();
            if moves.is_empty() || out.len() == count {
                break;
            }
            let m = moves[rng.below(moves.len())];
            pos.play_unchecked(m);
            out.push(pos.clone());
        }
    }
    out
}

#[test]
fn legal_moves_and_san_agree_with_shakmaty() {
    let mut moves_seen = 0usize;
    let (mut checks, mut mates, mut castles, mut promotions, mut disambiguated) = (0, 0, 0, 0, 0);
    for theirs in random_positions(1_500, 0x5a4e_5a4e_0000_0001) {
        let fen = Fen::from_position(&theirs, EnPassantMode::Legal).to_string();
        let dfen: dfen::Dfen = fen.parse().unwrap();
        let ours = Position::new(&dfen);
        let mut expected: Vec<String> = theirs
            .legal_moves()
            .iter()
            .map(|m| UciMove::from_move(*m, CastlingMode::Standard).to_string())
            .collect();
        let mut got: Vec<String> = ours.legal_moves().iter().map(ToString::to_string).collect();
        expected.sort();
        got.sort();
        assert_eq!(got, expected, "{fen}");
        for m in theirs.legal_moves() {
            let their_san = SanPlus::from_move(theirs.clone(), m).to_string();
            let uci = UciMove::from_move(m, CastlingMode::Standard).to_string();
            let mv = ours
                .legal_moves()
                .into_iter()
                .find(|mv| mv.to_string() == uci)
                .unwrap();
            let our_san = san::San::of(&ours, &mv);
            assert_eq!(our_san.as_str(), their_san, "{fen} {uci}");
            let read = san::parse(&ours, &their_san).unwrap();
            assert_eq!(read.mv, mv, "{fen} {their_san}");
            assert!(
                read.spelling.is_empty(),
                "{fen} {their_san}: {:?}",
                read.spelling
            );
            moves_seen += 1;
            checks += usize::from(their_san.ends_with('+'));
            mates += usize::from(their_san.ends_with('#'));
            castles += usize::from(their_san.starts_with('O'));
            promotions += usize::from(their_san.contains('='));
            let body = their_san.trim_end_matches(['+', '#']);
            disambiguated += usize::from(
                body.starts_with(['N', 'B', 'R', 'Q']) && body.replace('x', "").len() > 3,
            );
        }
    }
    // The games must reach every kind of SAN, or this test would compare little.
    assert!(moves_seen > 30_000, "{moves_seen}");
    assert!(
        checks > 500 && mates > 0 && castles >= 30 && promotions > 50 && disambiguated > 200,
        "checks {checks}, mates {mates}, castles {castles}, promotions {promotions}, \
         disambiguated {disambiguated}"
    );
}

/// Every SAN shakmaty reads as a legal move (its own spellings and the spellings its reader
/// tolerates) fenkit reads as the same move; what shakmaty refuses as illegal or ambiguous,
/// fenkit refuses too, but for a capture mark that does not match the move, a move in UCI and
/// castling written as the king's move, which fenkit reads (as python-chess does) with the
/// fixable `EPD111`, `EPD110` and `EPD114`.
#[test]
fn reading_san_agrees_with_shakmaty() {
    let mut rng = Rng(0x5a4e_5a4e_0000_0002);
    let (mut compared, mut tolerated) = (0usize, 0usize);
    for theirs in random_positions(800, 0x5a4e_5a4e_0000_0003) {
        let fen = Fen::from_position(&theirs, EnPassantMode::Legal).to_string();
        let ours = Position::new(&fen.parse().unwrap());
        let legal = theirs.legal_moves();
        // Candidate texts: each legal move's SAN without its suffix, with its piece letter
        // moved to other pieces, and with a square changed.
        let mut texts = Vec::new();
        for m in &legal {
            let san = shakmaty::san::San::from_move(&theirs, *m).to_string();
            texts.push(san.clone());
            let mut bytes = san.into_bytes();
            let at = rng.below(bytes.len());
            bytes[at] = b"NBRQKabcdefgh12345678x"[rng.below(22)];
            texts.push(String::from_utf8(bytes).unwrap());
        }
        for text in texts {
            let Ok(parsed) = shakmaty::san::San::from_ascii(text.as_bytes()) else {
                continue;
            };
            let theirs_move = parsed.to_move(&theirs);
            let ours_move = san::parse(&ours, &text);
            match (theirs_move, ours_move) {
                (Ok(m), Ok(read)) => assert_eq!(
                    read.mv.to_string(),
                    UciMove::from_move(m, CastlingMode::Standard).to_string(),
                    "{fen} {text}"
                ),
                (Err(_), Err(_)) => {}
                // Spellings fenkit tolerates and shakmaty does not: `Qae4` for `Qxe4`, UCI
                // (`a4b5` for a queen's move), castling as the king's move (`Kc1`).
                (Err(_), Ok(read))
                    if [Spelling::CAPTURE_MARK, Spelling::UCI, Spelling::CASTLING]
                        .into_iter()
                        .any(|flag| read.spelling.contains(flag)) =>
                {
                    tolerated += 1;
                }
                (theirs_result, ours_result) => {
                    panic!("{fen} {text}: shakmaty {theirs_result:?}, fenkit {ours_result:?}")
                }
            }
            compared += 1;
        }
    }
    assert!(compared > 10_000, "{compared}");
    assert!(tolerated < compared / 20, "{tolerated} of {compared}");
}

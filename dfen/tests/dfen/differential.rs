//! Differential test against shakmaty (a GPL crate, used here as a test-only oracle).
//!
//! 1. Standard FENs from seeded random games: fenkit accepts each one and prints its first six
//!    fields byte-identically to shakmaty.
//! 2. A mutated corpus: every string shakmaty rejects is rejected by fenkit or carries a finding,
//!    except where Dice Chess deliberately differs from chess (listed in `dice_chess_allows`).

use dfen::{Parser, Severity};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position, PositionErrorKinds};

/// A small deterministic generator (xorshift64*), so the corpus is the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn random_game_fens(count: usize, seed: u64) -> Vec<String> {
    let mut rng = Rng(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut pos = Chess::default();
        for _ in 0..120 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            pos.play_unchecked(m);
            out.push(Fen::from_position(&pos, EnPassantMode::Always).to_string());
            if out.len() == count {
                break;
            }
        }
    }
    out
}

#[test]
fn standard_fens_from_random_games_print_identically() {
    let fens = random_game_fens(10_000, 0x00d1_ce00_c4e5_5001);
    assert_eq!(fens.len(), 10_000);
    for fen in &fens {
        let parsed = Parser::new()
            .parse(fen)
            .unwrap_or_else(|e| panic!("fenkit rejects the standard FEN {fen:?}: {e}"));
        let codes: Vec<&str> = parsed.findings.iter().map(|f| f.code.as_str()).collect();
        assert_eq!(codes, ["DFEN107"], "{fen}");
        let ours = parsed.dfen.to_string();
        let six = ours.rsplit_once(' ').map(|(six, _)| six).unwrap();
        assert_eq!(six, fen);
    }
}

/// Inputs where a Dice Chess position is legal although a chess position is not.
fn dice_chess_allows(input: &str, kinds: PositionErrorKinds) -> bool {
    let fields: Vec<&str> = input.split_ascii_whitespace().collect();
    // DFEN-only syntax: a dice field, or several en-passant squares.
    if fields.len() == 7 || fields.get(3).is_some_and(|ep| ep.len() > 2 && *ep != "-") {
        return true;
    }
    // A king may stay in check in Dice Chess; the origin square of a double push may be occupied
    // by a later micro-move of the same turn.
    let rest = kinds
        - PositionErrorKinds::OPPOSITE_CHECK
        - PositionErrorKinds::IMPOSSIBLE_CHECK
        - PositionErrorKinds::INVALID_EP_SQUARE;
    rest.is_empty()
}

fn mutate(rng: &mut Rng, fen: &str) -> String {
    const ALPHABET: &[u8] = b" /-0123456789KQkqPpNnBbRrwabcdefgh";
    let mut bytes = fen.as_bytes().to_vec();
    for _ in 0..=rng.below(3) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(3) {
            0 => bytes.insert(at, ALPHABET[rng.below(ALPHABET.len())]),
            1 if at < bytes.len() => {
                bytes.remove(at);
            }
            _ if at < bytes.len() => bytes[at] = ALPHABET[rng.below(ALPHABET.len())],
            _ => {}
        }
    }
    String::from_utf8(bytes).unwrap()
}

/// shakmaty's Chess960 mode when the castling field of `input` holds a file letter, which only
/// Chess960 writes (`spec/chess960.md`), else its standard mode.
fn castling_mode(input: &str) -> CastlingMode {
    let field = input.split(' ').nth(2).unwrap_or("");
    if field
        .bytes()
        .any(|b| matches!(b, b'A'..=b'H' | b'a'..=b'h'))
    {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    }
}

#[test]
fn what_shakmaty_rejects_fenkit_rejects_or_flags() {
    let fens = random_game_fens(2_000, 0x5eed_0000_0000_0002);
    let mut rng = Rng(0x5eed_0000_0000_0003);
    let (mut rejected_by_shakmaty, mut checked) = (0usize, 0usize);
    for fen in fens.iter().cycle().take(20_000) {
        let input = mutate(&mut rng, fen);
        let reason = match Fen::from_ascii(input.as_bytes()) {
            Err(err) => Some((err.to_string(), PositionErrorKinds::all())),
            // A castling file letter can only mean Chess960, and fenkit reads it so.
            Ok(parsed) => match parsed.into_position::<Chess>(castling_mode(&input)) {
                Ok(_) => None,
                Err(err) => Some((format!("{err:?}"), err.kinds())),
            },
        };
        let Some((why, kinds)) = reason else { continue };
        rejected_by_shakmaty += 1;
        if dice_chess_allows(&input, kinds) {
            continue;
        }
        checked += 1;
        if let Ok(parsed) = Parser::new().parse(&input) {
            let flagged = parsed
                .findings
                .iter()
                .any(|f| f.code.as_str() != "DFEN107" || f.severity == Severity::Error);
            assert!(
                flagged,
                "shakmaty rejects {input:?} ({why}) but fenkit accepts it cleanly"
            );
        }
    }
    assert!(
        checked > 5_000,
        "only {checked} of {rejected_by_shakmaty} rejections were compared"
    );
}

//! shakmaty as a test-only oracle for Chess960 castling and the en-passant policies (shakmaty
//! is GPL: a dev-dependency of this unpublished test crate only).
//!
//! 1. All 960 Chess960 starts and 10,000 positions of seeded random Chess960 games that
//!    shakmaty plays: fenkit, in Chess960 mode, reads shakmaty's FEN (X-FEN) with no finding,
//!    writes it back byte for byte in X-FEN, holds the same castling rights as rook squares,
//!    and its Shredder-FEN reads back in shakmaty as the same setup. On every tenth position,
//!    fenkit's standard-chess perft to depth 2 (Chess960 castling included) equals shakmaty's.
//! 2. 10,000 positions of random standard games that hold an en-passant square: read from
//!    shakmaty's FEN with every double push's square (`EnPassantMode::Always`), fenkit writes
//!    what shakmaty writes under `Legal`, `PseudoLegal` and `Always` for its policies `legal`,
//!    `xfen` and `fen`.
//!
//! Every mismatch names the position and what differs. python-chess checks the same through
//! `tests/python/chess960_oracle.py`.

use dfen::rules::{Perft, PerftMode};
use dfen::{CastlingMode, CastlingNotation, EnPassantPolicy, Game, Parser, Writer};
use fenkit_tests::Rng;
use shakmaty::fen::Fen;
use shakmaty::{Board, Chess, EnPassantMode, FromSetup, Position, Setup};

const POSITIONS: usize = 10_000;
const MAX_PLIES: usize = 200;
/// How many mismatches a failure prints in full.
const SHOWN: usize = 15;

/// Collects mismatches and fails with the first few.
#[derive(Default)]
struct Report {
    mismatches: Vec<String>,
    checked: usize,
}

impl Report {
    fn check(&mut self, what: &str, text: &str, ours: &str, theirs: &str) {
        self.checked += 1;
        if ours != theirs {
            self.mismatches.push(format!(
                "{what} of {text:?}\n  fenkit:   {ours}\n  shakmaty: {theirs}"
            ));
        }
    }

    fn finish(self, minimum: usize) {
        assert!(
            self.mismatches.is_empty(),
            "{} mismatches of {}:\n{}",
            self.mismatches.len(),
            self.checked,
            self.mismatches
                .iter()
                .take(SHOWN)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        );
        assert!(self.checked >= minimum, "only {} comparisons", self.checked);
    }
}

/// The square names of a shakmaty bitboard, in square order (a1 first).
fn names(squares: shakmaty::Bitboard) -> String {
    squares
        .into_iter()
        .map(|square| square.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// The Chess960 start with Scharnagl number `n`, every rook with its right.
fn start(n: u32) -> Chess {
    let board = Board::chess960(n);
    let mut setup = Setup::empty();
    setup.castling_rights = board.rooks()
        & (shakmaty::Bitboard::from(shakmaty::Rank::First)
            | shakmaty::Bitboard::from(shakmaty::Rank::Eighth));
    setup.board = board;
    Chess::from_setup(setup, shakmaty::CastlingMode::Chess960).expect("a Chess960 start")
}

/// The positions after every ply of seeded random games from `first`, `count` of them; `keep`
/// chooses which to keep.
fn random_play(
    rng: &mut Rng,
    count: usize,
    mut first: impl FnMut(&mut Rng) -> Chess,
    keep: impl Fn(&Chess) -> bool,
) -> Vec<Chess> {
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut pos = first(rng);
        for _ in 0..MAX_PLIES {
            let moves = pos.legal_moves();
            if moves.is_empty() || out.len() == count {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
            if keep(&pos) {
                out.push(pos.clone());
            }
        }
    }
    out
}

fn check_chess960(report: &mut Report, positions: &[Chess], perft_every: usize) {
    let parser = Parser::new().castling_mode(CastlingMode::Chess960);
    let xfen = Writer::new().castling_mode(CastlingMode::Chess960);
    let shredder = xfen.castling(CastlingNotation::Shredder);
    for (i, pos) in positions.iter().enumerate() {
        let text = Fen::from_position(pos, EnPassantMode::Legal).to_string();
        let parsed = match parser.parse(&text) {
            Ok(parsed) => parsed,
            Err(error) => {
                report.check("verdict", &text, &error.to_string(), "accepted");
                continue;
            }
        };
        // A six-field FEN misses DFEN's dice field (DFEN107): nothing else may be found.
        let codes: Vec<&str> = parsed
            .findings
            .iter()
            .map(|f| f.code.as_str())
            .filter(|code| *code != "DFEN107")
            .collect();
        report.check("findings", &text, &codes.join(","), "");
        let ours = xfen.to_fen(&parsed.dfen).unwrap_or_default();
        report.check("X-FEN", &text, &ours, &text);
        let rooks: Vec<String> = parsed
            .dfen
            .castling
            .rook_squares()
            .iter()
            .map(|square| square.to_string())
            .collect();
        let theirs = names(pos.castles().castling_rights());
        report.check("rook squares", &text, &rooks.join(","), &theirs);
        // shakmaty reads fenkit's Shredder-FEN as the same setup.
        let written = shredder.to_fen(&parsed.dfen).unwrap_or_default();
        let read_back = Fen::from_ascii(written.as_bytes())
            .map_err(|error| error.to_string())
            .and_then(|fen| {
                fen.into_position::<Chess>(shakmaty::CastlingMode::Chess960)
                    .map_err(|error| error.to_string())
            })
            .map(|back| Fen::from_position(&back, EnPassantMode::Legal).to_string());
        report.check(
            "Shredder-FEN read by shakmaty",
            &written,
            &read_back.unwrap_or_else(|error| error),
            &text,
        );
        if perft_every > 0 && i % perft_every == 0 {
            let ours = Perft::new(PerftMode::Standard, 2)
                .count(&parsed.dfen)
                .unwrap_or(0);
            report.check(
                "perft 2",
                &text,
                &ours.to_string(),
                &shakmaty::perft(pos, 2).to_string(),
            );
        }
    }
}

#[test]
fn the_960_starts_read_and_write_as_shakmaty_does() {
    let starts: Vec<Chess> = (0..960).map(start).collect();
    let mut report = Report::default();
    check_chess960(&mut report, &starts, 1);
    report.finish(960 * 5);
}

#[test]
fn chess960_games_read_and_write_as_shakmaty_does() {
    let mut rng = Rng(0x5eed_0960_0000_0001);
    let positions = random_play(
        &mut rng,
        POSITIONS,
        |rng| start(rng.below(960) as u32),
        |_| true,
    );
    let mut report = Report::default();
    check_chess960(&mut report, &positions, 10);
    report.finish(POSITIONS * 4);
}

#[test]
fn en_passant_policies_write_what_shakmaty_writes() {
    let mut rng = Rng(0x5eed_0e90_0000_0002);
    let positions = random_play(
        &mut rng,
        POSITIONS,
        |_| Chess::default(),
        |pos| pos.ep_square(EnPassantMode::Always).is_some(),
    );
    let parser = Parser::new();
    let mut report = Report::default();
    let mut kept = [0usize; 3];
    for pos in &positions {
        let text = Fen::from_position(pos, EnPassantMode::Always).to_string();
        let parsed = parser.parse(&text).expect("shakmaty's FEN");
        for (i, (policy, mode)) in [
            (EnPassantPolicy::Legal, EnPassantMode::Legal),
            (EnPassantPolicy::XFen, EnPassantMode::PseudoLegal),
            (EnPassantPolicy::Fen, EnPassantMode::Always),
        ]
        .into_iter()
        .enumerate()
        {
            let writer = Writer::new().en_passant(policy, Game::Standard);
            let ours = writer.to_fen(&parsed.dfen).unwrap_or_default();
            kept[i] += usize::from(!ours.contains(" - 0") && !ours.contains(" - 1"));
            report.check(
                policy.name(),
                &text,
                &ours,
                &Fen::from_position(pos, mode).to_string(),
            );
        }
    }
    // Each policy must keep some squares and drop others, or the comparison says little.
    assert!(
        kept[0] > 100 && kept[0] < kept[2],
        "squares kept by legal, xfen, fen: {kept:?}"
    );
    report.finish(POSITIONS * 3);
}

//! Table-style cases: the seed's worked examples, promotion choice, castling, passing, en
//! passant across turns, clocks and rights. Expected values were worked out by hand from the
//! rules; each case says how.

use dfen::rules::{self, MoveKind};

use crate::dfen;

/// The legal moves (UCI) and L* of a position with dice.
#[track_caller]
fn legal(fen: &str) -> (Vec<String>, u8) {
    let legal = rules::legal_moves(&dfen(fen)).unwrap_or_else(|e| panic!("{fen}: {e}"));
    (
        legal.iter().map(ToString::to_string).collect(),
        legal.max_len(),
    )
}

/// Plays the moves one by one and returns the DFEN after each.
#[track_caller]
fn play_all(fen: &str, moves: &[&str]) -> Vec<String> {
    let mut position = dfen(fen);
    let mut seen = Vec::new();
    for mv in moves {
        position = rules::play_uci(&position, mv)
            .unwrap_or_else(|e| panic!("{position} {mv}: {e}"))
            .position;
        seen.push(position.to_string());
    }
    seen
}

#[track_caller]
fn assert_legal(fen: &str, expected_moves: &[&str], expected_max: u8) {
    let (moves, max) = legal(fen);
    assert_eq!(moves, expected_moves, "{fen}");
    assert_eq!(max, expected_max, "L* of {fen}");
}

// ---------------------------------------------------------------- the seed's worked examples

#[test]
fn example_1_start_position_pawn_rook_knight() {
    // The seed concludes L* = 3 and that a2-a3 is legal: both hold. Its Path A also calls e2-e3
    // illegal, but by the seed's own formal definition e2-e3, Ng1-f3, Rh1-g1 is a sequence of
    // length 3 (the knight frees g1 for the rook), so e2-e3 is legal. The same goes for every
    // pawn and knight move: 16 + 4 legal first moves.
    let (moves, max) = legal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNR");
    assert_eq!(max, 3);
    assert!(moves.contains(&"a2a3".to_owned()));
    assert!(moves.contains(&"e2e3".to_owned()));
    assert_eq!(moves.len(), 20);
}

#[test]
fn example_1_with_knights_that_cannot_free_a_rook() {
    // Knights on c3 and f3, bishops on b1 and g1: only an a- or h-pawn move frees a rook, so
    // e2-e3 now tops out at 2 (pawn, knight) and is illegal, as the seed meant. Knight moves
    // are legal (knight, a/h pawn, rook). c2 and f2 are blocked by the knights.
    assert_legal(
        "rnbqkbnr/pppppppp/8/8/8/2N2N2/PPPPPPPP/RB1QK1BR w KQkq - 0 1 PNR",
        &[
            "a2a3", "a2a4", "h2h3", "h2h4", // pawns
            "c3a4", "c3e4", "c3b5", "c3d5", "f3d4", "f3h4", "f3e5", "f3g5", // knights
        ],
        3,
    );
}

#[test]
fn example_2_promotion_to_queen_enables_the_queen_die() {
    // White pawn e7, knight b1, no queen; roll Pawn, Queen, Knight. e7-e8=Q then a queen move
    // then a knight move is 3; any other promotion leaves the Queen die unplayable (2). A
    // knight move first can still be followed by e8=Q and a queen move.
    assert_legal(
        "7k/4P3/8/8/8/8/8/1N2K3 w - - 0 1 PNQ",
        &["e7e8q", "b1d2", "b1a3", "b1c3"],
        3,
    );
}

#[test]
fn example_3_knight_captures_the_king_while_bishop_and_queen_are_shut_in() {
    // L* is 1 (bishop and queen have no move), so every knight move is legal, Nxf7 included.
    let fen = "rnbq1bnr/pppppkpp/8/6N1/8/8/PPPPPPPP/RNBQKB1R w - - 0 1 NBQ";
    assert_legal(
        fen,
        &[
            "b1a3", "b1c3", "g5f3", "g5h3", "g5e4", "g5e6", "g5f7", "g5h7",
        ],
        1,
    );
    let capture = rules::play_uci(&dfen(fen), "g5f7").unwrap();
    assert_eq!(capture.winner, Some(dfen::Color::White));
    assert!(capture.turn_ended);
    assert_eq!(
        capture.position.to_string(),
        "rnbq1bnr/pppppNpp/8/8/8/8/PPPPPPPP/RNBQKB1R b - - 0 1 -"
    );
}

#[test]
fn king_capture_is_exempt_from_l_star() {
    // Example 3 with e2 gone: bishop and queen are free, L* = 3, and Nxf7 (length 1) is still
    // legal because it captures the king itself.
    let fen = "rnbq1bnr/pppppkpp/8/6N1/8/8/PPPP1PPP/RNBQKB1R w - - 0 1 NBQ";
    let legal = rules::legal_moves(&dfen(fen)).unwrap();
    assert_eq!(legal.max_len(), 3);
    let capture = legal.iter().find(|m| m.to_string() == "g5f7").unwrap();
    assert_eq!(capture.kind, MoveKind::KingCapture);
}

#[test]
fn a_move_that_only_enables_a_king_capture_must_reach_l_star() {
    // e7-e8=N attacks the king on f6 and has no other square (c7, d6, g7 hold white bishops),
    // so e8=N, Nxf6 is a sequence of 2 and ends the game; the h3 knight then leaves the Rook
    // die unplayable. a2-a3, Ra1-a2, Nh3 reaches 3, so e8=N is illegal. e8=R (the new rook
    // moves, then Nh3) reaches 3; e8=Q and e8=B do not.
    assert_legal(
        "8/2B1P1B1/3B1k2/8/8/7N/P7/RB5K w - - 0 1 PNR",
        &["a2a3", "a2a4", "e7e8r", "h3g1", "h3f2", "h3f4", "h3g5"],
        3,
    );
}

// ---------------------------------------------------------------- promotion choice

#[test]
fn promotion_scenario_b_no_other_knight() {
    // Roll Pawn, Pawn, Knight and no knight on the board: only e8=N makes the Knight die
    // playable (e8=N, knight move, a-pawn). The a-pawn first also works (then e8=N, knight).
    assert_legal(
        "7k/4P3/8/8/8/8/P7/4K3 w - - 0 1 PPN",
        &["a2a3", "a2a4", "e7e8n"],
        3,
    );
}

#[test]
fn promotion_scenario_a_existing_knight() {
    // With a knight on b1 every promotion reaches 3. Nb1-a3 blocks the a-pawn, leaving only
    // the promotion for the two Pawn dice: 2, so it is illegal.
    assert_legal(
        "7k/4P3/8/8/8/8/P7/1N2K3 w - - 0 1 PPN",
        &[
            "a2a3", "a2a4", "e7e8q", "e7e8r", "e7e8b", "e7e8n", "b1d2", "b1c3",
        ],
        3,
    );
}

#[test]
fn a_pawn_capturing_the_king_on_the_last_rank_does_not_promote() {
    let fen = "3k4/4P3/8/8/8/8/8/4K3 w - - 0 1 P";
    assert_legal(fen, &["e7d8", "e7e8q", "e7e8r", "e7e8b", "e7e8n"], 1);
    let outcome = rules::play_uci(&dfen(fen), "e7d8").unwrap();
    assert_eq!(outcome.winner, Some(dfen::Color::White));
    assert_eq!(
        outcome.position.to_string(),
        "3P4/8/8/8/8/8/8/4K3 b - - 0 1 -"
    );
    assert_eq!(
        rules::play_uci(&dfen(fen), "e7d8q").unwrap_err().code(),
        dfen::rules::RulesCode::IllegalMove
    );
}

#[test]
fn a_finished_game_with_a_pawn_on_the_back_rank_is_over_before_it_is_wrong() {
    // The pawn that took the king on d8 stays a pawn there: the position carries DFEN201, an
    // error, and no Black king. `require_kings` says why nothing more happens in it.
    let over = rules::play_uci(&dfen("3k4/4P3/8/8/8/8/8/4K3 w - - 0 1 P"), "e7d8")
        .unwrap()
        .position;
    let parsed = dfen::Parser::new().parse(&over.to_string()).unwrap();
    let codes: Vec<&str> = parsed.findings.iter().map(|f| f.code.as_str()).collect();
    assert_eq!(codes, ["DFEN201", "DFEN210"]);
    let err = rules::require_kings(&over).unwrap_err();
    assert_eq!(
        (err.code(), err.found(), err.span()),
        (dfen::rules::RulesCode::GameOver, "no Black king", 0..19)
    );
    assert!(rules::require_kings(&dfen("3k4/4P3/8/8/8/8/8/4K3 w - - 0 1 P")).is_ok());
}

#[test]
fn after_a_king_capture_nothing_more_is_rolled_or_played() {
    // White's queen takes the king on e8 with the first of two dice; the turn ends at once and
    // Black, without a king, has lost: it can neither roll nor play.
    let outcome = rules::play_uci(&dfen("4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1 QK"), "e7e8").unwrap();
    assert_eq!(outcome.winner, Some(dfen::Color::White));
    assert!(outcome.turn_ended);
    let over = outcome.position;
    assert_eq!(over.to_string(), "4Q3/8/8/8/8/8/8/4K3 b - - 0 1 -");
    let roll = rules::roll(&over, rules::parse_roll("k").unwrap()).unwrap_err();
    assert_eq!(roll.code(), dfen::rules::RulesCode::GameOver);
    // With dice written into the finished position, the moves are refused the same way, not
    // reported as a pass.
    let rolled = dfen("4Q3/8/8/8/8/8/8/4K3 b - - 0 1 k");
    assert_eq!(
        rules::legal_moves(&rolled).unwrap_err().code(),
        dfen::rules::RulesCode::GameOver
    );
    assert_eq!(
        rules::pass(&rolled).unwrap_err().code(),
        dfen::rules::RulesCode::GameOver
    );
}

#[test]
fn moves_serialize_in_the_suite_vocabulary() {
    // `l_star` as in the conformance suite's rules cases, dice as letters, and no `null`: a move
    // that does not promote has no `promotion` key.
    let legal = rules::legal_moves(&dfen("3k4/4P3/8/8/8/8/8/4K3 w - - 0 1 P")).unwrap();
    let json = serde_json::to_string(&legal).unwrap();
    insta::assert_snapshot!(json.replace("},{", "},\n{"), @r#"
    {"l_star":1,"moves":[{"uci":"e7d8","from":"e7","to":"d8","die":"P","kind":"king-capture"},
    {"uci":"e7e8q","from":"e7","to":"e8","promotion":"q","die":"P","kind":"quiet"},
    {"uci":"e7e8r","from":"e7","to":"e8","promotion":"r","die":"P","kind":"quiet"},
    {"uci":"e7e8b","from":"e7","to":"e8","promotion":"b","die":"P","kind":"quiet"},
    {"uci":"e7e8n","from":"e7","to":"e8","promotion":"n","die":"P","kind":"quiet"}]}
    "#);
}

// ---------------------------------------------------------------- castling

#[test]
fn castling_needs_and_consumes_king_and_rook_dice() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 RK";
    let (moves, max) = legal(fen);
    assert_eq!(max, 2);
    assert!(moves.contains(&"e1g1".to_owned()) && moves.contains(&"e1c1".to_owned()));
    let castled = rules::play_uci(&dfen(fen), "e1g1").unwrap();
    assert!(castled.turn_ended);
    assert_eq!(
        castled.position.to_string(),
        "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1 -"
    );
    let queenside = play_all(fen, &["e1c1"]);
    assert_eq!(queenside, ["r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1 -"]);
}

#[test]
fn castling_with_king_rook_rook_leaves_a_rook_move() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 RRK";
    assert_eq!(legal(fen).1, 3);
    let seen = play_all(fen, &["e1g1", "f1f8"]);
    assert_eq!(
        seen,
        [
            "r3k2r/8/8/8/8/8/8/R4RK1 w kq - 1 1 R",
            "r3kR1r/8/8/8/8/8/8/R5K1 b kq - 2 1 -",
        ]
    );
}

#[test]
fn no_castling_without_a_rook_die() {
    let (moves, max) = legal("r3k2r/8/8/8/8/8/P7/R3K2R w KQkq - 0 1 PQK");
    assert_eq!(max, 2, "pawn and king; the Queen die has no queen");
    assert!(
        !moves.iter().any(|m| m == "e1g1" || m == "e1c1"),
        "{moves:?}"
    );
}

#[test]
fn castling_ignores_attacked_squares_but_needs_empty_ones_and_the_right() {
    // The black rook on f8 attacks f1: castling is still offered.
    let (moves, _) = legal("4kr2/8/8/8/8/8/8/4K2R w K - 0 1 RK");
    assert!(moves.contains(&"e1g1".to_owned()), "{moves:?}");
    // A bishop on f1 blocks it; no right, no castling.
    let (moves, _) = legal("4k3/8/8/8/8/8/8/4KB1R w K - 0 1 RK");
    assert!(!moves.contains(&"e1g1".to_owned()), "{moves:?}");
    let (moves, _) = legal("4k3/8/8/8/8/8/8/4K2R w - - 0 1 RK");
    assert!(!moves.contains(&"e1g1".to_owned()), "{moves:?}");
}

#[test]
fn castling_rights_follow_king_and_rook_moves_and_rook_captures() {
    // The king steps and comes back: both white rights are gone for good.
    let seen = play_all("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 KK", &["e1e2", "e2e1"]);
    assert_eq!(seen[1], "r3k2r/8/8/8/8/8/8/R3K2R b kq - 2 1 -");
    // The h1 rook takes the h8 rook: White loses K, Black loses k.
    let seen = play_all("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 R", &["h1h8"]);
    assert_eq!(seen[0], "r3k2R/8/8/8/8/8/8/R3K3 b Qq - 0 1 -");
}

/// Issue 37 (the `rules` fuzz target): a Chess960 right that was written in Shredder-FEN beside
/// another right (`Ba`: the b1 rook, and the a8 rook with the black king on f8) lost its
/// neighbour when the b1 rook took on a1. The one right left, for the a8 rook, was written `q`,
/// which the standard reading takes for a right that needs the king on e8 (`DFEN224`): the
/// position written did not read back as cleanly as the one played. `a` reads back as it is.
#[test]
fn a_chess960_right_left_alone_is_still_written_as_its_rooks_file() {
    let start = dfen("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/rRNKBQ2 w Ba - 1 8 R");
    let reread = dfen::Parser::new().parse(&start.to_string()).unwrap();
    assert_eq!(reread.findings, []);
    let seen = play_all(&start.to_string(), &["b1a1"]);
    assert_eq!(
        seen[0],
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/R1NKBQ2 b a - 0 8 -"
    );
    let reread = dfen::Parser::new().parse(&seen[0]).unwrap();
    assert_eq!(reread.dfen, dfen(&seen[0]));
    assert_eq!(reread.findings, []);
}

// ---------------------------------------------------------------- turns and passing

#[test]
fn the_five_phase_turn_comes_out_exactly() {
    let start = dfen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -");
    assert_eq!(
        start.to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -"
    );
    let rolled = rules::roll(&start, rules::parse_roll("PPP").unwrap()).unwrap();
    let mut phases = vec![start.to_string(), rolled.to_string()];
    phases.extend(play_all(&rolled.to_string(), &["a2a4", "c2c4", "e2e4"]));
    assert_eq!(
        phases,
        [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PPP",
            "rnbqkbnr/pppppppp/8/8/P7/8/1PPPPPPP/RNBQKBNR w KQkq a3 0 1 PP",
            "rnbqkbnr/pppppppp/8/8/P1P5/8/1P1PPPPP/RNBQKBNR w KQkq a3c3 0 1 P",
            "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -",
        ]
    );
}

#[test]
fn nothing_playable_means_the_turn_passes() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 3 9 QQQ";
    assert_legal(fen, &[], 0);
    let err = rules::play_uci(&dfen(fen), "e1e2").unwrap_err();
    assert_eq!(err.code(), dfen::rules::RulesCode::IllegalMove);
    assert!(err.legal_moves().is_empty());
    let passed = rules::play_uci(&dfen(fen), "0000").unwrap();
    assert_eq!(
        passed.position.to_string(),
        "4k3/8/8/8/8/8/8/4K3 b - - 3 9 -"
    );
    assert_eq!(passed.played, None);
    // Black's pass bumps the fullmove number.
    let passed = rules::pass(&dfen("4k3/8/8/8/8/8/8/4K3 b - - 3 9 r")).unwrap();
    assert_eq!(
        passed.position.to_string(),
        "4k3/8/8/8/8/8/8/4K3 w - - 3 10 -"
    );
}

#[test]
fn the_turn_ends_when_no_remaining_die_is_playable() {
    // Pawn, Knight: no knight, so the pawn move ends the turn with the N die unplayed.
    assert_eq!(
        play_all("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 PN", &["e2e3"]),
        ["4k3/8/8/8/8/4P3/8/4K3 b - - 0 1 -"]
    );
}

#[test]
fn halfmove_clock_counts_micro_moves_and_resets_on_pawn_moves_and_captures() {
    let seen = play_all(
        "4k3/8/8/8/8/8/p7/1N2K3 w - - 5 1 NKK",
        &["e1e2", "e2d3", "b1a3"],
    );
    assert_eq!(
        seen,
        [
            "4k3/8/8/8/8/8/p3K3/1N6 w - - 6 1 NK",
            "4k3/8/8/8/8/3K4/p7/1N6 w - - 7 1 N",
            "4k3/8/8/8/8/N2K4/p7/8 b - - 8 1 -",
        ]
    );
    let seen = play_all("4k3/8/8/8/8/8/p7/1N2K3 w - - 5 1 NK", &["b1a3"]);
    assert_eq!(seen, ["4k3/8/8/8/8/N7/p7/4K3 w - - 6 1 K"]);
    // A capture resets it; so does a pawn move (Black's a2-a1=Q).
    let seen = play_all("4k3/8/8/8/8/8/p7/1N2K3 b - - 5 1 pk", &["e8e7", "a2b1q"]);
    assert_eq!(
        seen,
        [
            "8/4k3/8/8/8/8/p7/1N2K3 b - - 6 1 p",
            "8/4k3/8/8/8/8/8/1q2K3 w - - 0 2 -"
        ]
    );
}

// ---------------------------------------------------------------- en passant

#[test]
fn en_passant_target_lives_through_the_opponents_whole_turn() {
    let fen = "4k3/p7/8/8/3p4/8/4P3/4K3 w - - 0 1 P";
    let seen = play_all(fen, &["e2e4"]);
    assert_eq!(seen, ["4k3/p7/8/8/3pP3/8/8/4K3 b - e3 0 1 -"]);
    // Black plays another pawn first; the target is still there for the second micro-move.
    let seen = play_all("4k3/p7/8/8/3pP3/8/8/4K3 b - e3 0 1 pp", &["a7a6", "d4e3"]);
    assert_eq!(
        seen,
        [
            "4k3/8/p7/8/3pP3/8/8/4K3 b - e3 0 1 p",
            "4k3/8/p7/8/8/4p3/8/4K3 w - - 0 2 -"
        ]
    );
    // Unused, it is cleared when White's next turn starts.
    let seen = play_all("4k3/p7/8/8/3pP3/8/8/4K3 b - e3 0 1 pp", &["a7a6", "a6a5"]);
    assert_eq!(seen[1], "4k3/8/8/p7/3pP3/8/8/4K3 w - - 0 2 -");
}

#[test]
fn en_passant_captures_only_the_opponents_targets() {
    // Mid-turn, White's own a3 target is not capturable by the b2 pawn (b2 takes nothing).
    let (moves, _) = legal("4k3/8/8/8/P7/8/1P6/4K3 w - a3 0 1 P");
    assert_eq!(moves, ["b2b3", "b2b4", "a4a5"]);
}

#[test]
fn several_double_pushes_and_an_en_passant_capture_in_one_turn() {
    let seen = play_all(
        "4k3/8/8/1pP5/8/8/P3P3/4K3 w - b6 0 1 PPP",
        &["a2a4", "e2e4", "c5b6"],
    );
    assert_eq!(
        seen,
        [
            "4k3/8/8/1pP5/P7/8/4P3/4K3 w - a3b6 0 1 PP",
            "4k3/8/8/1pP5/P3P3/8/8/4K3 w - a3b6e3 0 1 P",
            "4k3/8/1P6/8/P3P3/8/8/4K3 b - a3e3 0 1 -",
        ]
    );
}

#[test]
fn a_target_goes_when_its_pawn_moves_on() {
    let seen = play_all("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 PP", &["e2e4", "e4e5"]);
    assert_eq!(
        seen,
        [
            "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1 P",
            "4k3/8/8/4P3/8/8/8/4K3 b - - 0 1 -"
        ]
    );
}

#[test]
fn a_target_goes_when_any_piece_lands_on_it() {
    let seen = play_all("4k3/8/8/8/8/8/4P1N1/4K3 w - - 0 1 PN", &["e2e4", "g2e3"]);
    // The knight's quiet move counts 1 on the clock the pawn move had reset.
    assert_eq!(seen[1], "4k3/8/8/8/4P3/4N3/8/4K3 b - - 1 1 -");
    // An opposing piece landing there removes it too.
    let seen = play_all("4k3/8/8/8/4P3/8/8/3nK3 b - e3 0 1 nk", &["d1e3"]);
    assert_eq!(seen[0], "4k3/8/8/8/4P3/4n3/8/4K3 b - - 1 1 k");
}

#[test]
fn a_target_goes_when_its_pawn_is_captured() {
    let seen = play_all("4k3/8/8/3p4/4P3/8/8/4K3 b - e3 0 1 pk", &["d5e4"]);
    assert_eq!(seen[0], "4k3/8/8/8/4p3/8/8/4K3 b - - 0 1 k");
}

// ---------------------------------------------------------------- errors

#[test]
fn errors_say_what_was_expected_and_found() {
    let fresh = dfen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 -");
    let rolled = dfen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 PK");
    let messages = [
        rules::legal_moves(&fresh).unwrap_err(),
        rules::play_uci(&fresh, "e2e4").unwrap_err(),
        rules::roll(&rolled, rules::parse_roll("N").unwrap()).unwrap_err(),
        rules::parse_roll("").unwrap_err(),
        rules::parse_roll("1 2 7").unwrap_err(),
        rules::play_uci(&rolled, "e2").unwrap_err(),
        rules::play_uci(&rolled, "e2e5").unwrap_err(),
        rules::pass(&rolled).unwrap_err(),
        rules::legal_moves(&dfen("4k3/8/8/8/8/8/8/8 b - - 0 1 k")).unwrap_err(),
        rules::roll(
            &dfen("8/8/8/8/8/8/8/8 w - - 0 1 -"),
            rules::parse_roll("P").unwrap(),
        )
        .unwrap_err(),
    ]
    .iter()
    .map(|e| format!("{e:?}"))
    .collect::<Vec<_>>()
    .join("\n");
    insta::assert_snapshot!(messages, @r"
    RULE001: no dice to play: roll first: expected pending dice in field 7, found `-` (at 32..33)
    RULE001: no dice to play: roll first: expected pending dice in field 7, found `-` (at 32..33)
    RULE002: dice already rolled: expected a fresh turn (`-` in field 7), found `PK` (at 32..34)
    RULE003: invalid roll: expected 1 to 3 dice, found 0 dice (at 0..0)
    RULE003: invalid roll: expected a die `P N B R Q K` or `1`-`6`, found `7` (at 4..5)
    RULE004: invalid move syntax: expected a UCI move of 4 or 5 characters such as `e2e4` or `e7e8q`, found `e2` (at 0..2)
    RULE005: illegal move: expected one of e2e3, e2e4, e1d1, e1f1, e1d2, e1f2, found e2e5 (at 0..4)
    RULE006: cannot pass: a legal move exists: expected one of e2e3, e2e4, e1d1, e1f1, e1d2, e1f2, found a pass (at 32..34)
    RULE007: game over: a king was captured: expected a king of each side on the board, found no White king (at 0..17)
    RULE007: game over: a king was captured: expected a king of each side on the board, found no king of either side (at 0..15)
    ");
}

//! Complete legal turns (`Rules::turns`) and the two readings of the king-capture exemption
//! (`KingCapture::{First, Any}`). Expected values were worked out by hand; each case says how.

use std::collections::BTreeSet;

use dfen::rules::{self, KingCapture, Rules, Turn};
use dfen::{Color, Dfen};

use crate::dfen;

const FIRST: Rules = Rules::new();
const ANY: Rules = Rules::new().king_capture(KingCapture::Any);

/// Each turn as `moves -> DFEN after`, in the library's order.
#[track_caller]
fn listed(rules: Rules, fen: &str) -> Vec<String> {
    rules
        .turns(&dfen(fen))
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .iter()
        .map(|t| format!("{t} -> {}", t.position))
        .collect()
}

/// Each turn's moves, as a set.
#[track_caller]
fn lines(rules: Rules, fen: &str) -> BTreeSet<String> {
    rules
        .turns(&dfen(fen))
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[track_caller]
fn legal(rules: Rules, fen: &str) -> Vec<String> {
    rules
        .legal_moves(&dfen(fen))
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .iter()
        .map(ToString::to_string)
        .collect()
}

// ------------------------------------------------------------------- turns, checked by hand

#[test]
fn a_lone_pawn_with_two_pawn_dice_has_two_turns() {
    assert_eq!(
        listed(FIRST, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 PP"),
        [
            "e2e3 e3e4 -> 4k3/8/8/8/4P3/8/8/4K3 b - - 0 1 -",
            "e2e4 e4e5 -> 4k3/8/8/4P3/8/8/8/4K3 b - - 0 1 -",
        ]
    );
}

#[test]
fn a_pass_is_one_empty_turn() {
    // No queen: the turn passes, and that is the one turn there is.
    let turns = FIRST
        .turns(&dfen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 QQ"))
        .unwrap();
    assert_eq!(turns.len(), 1);
    assert!(turns[0].moves.is_empty());
    assert_eq!(turns[0].to_string(), "0000");
    assert_eq!(
        turns[0].position.to_string(),
        "4k3/8/8/8/8/8/8/4K3 b - - 0 1 -"
    );
    assert_eq!(turns[0].winner, None);
}

#[test]
fn a_king_capture_ends_a_turn_early() {
    // Pawn e7, black king d8, roll Pawn, King. L* = 2. e7d8 takes the king: one turn of one
    // move. e7e8 with each of 4 promotions, then one of 5 king moves (d1 d2 e2 f1 f2): 20.
    // A king move, then e7d8 or one of 4 promotions: 25. In all 46. Positions: the promotion
    // and the king move meet in either order (20), the 5 king moves with e7d8 (5), and e7d8
    // alone (1): 26.
    let fen = "3k4/4P3/8/8/8/8/8/4K3 w - - 0 1 PK";
    for rules in [FIRST, ANY] {
        let turns = rules.turns(&dfen(fen)).unwrap();
        assert_eq!(turns.len(), 46, "{rules:?}");
        let capture = &turns[0];
        assert_eq!(capture.to_string(), "e7d8");
        assert_eq!(capture.winner, Some(Color::White));
        assert_eq!(
            capture.position.to_string(),
            "3P4/8/8/8/8/8/8/4K3 b - - 0 1 -"
        );
        let winners = turns.iter().filter(|t| t.winner.is_some()).count();
        assert_eq!(winners, 6);
        let count = rules.count_turns(&dfen(fen)).unwrap();
        assert_eq!((count.turns, count.positions), (46, 26));
    }
}

#[test]
fn castling_is_one_move_of_two_dice() {
    // King e1 hemmed in by a bishop on d1 and pawns d2 e2 f2, rook h1, roll King, Rook. e1g1
    // uses both dice: 1 turn. Ke1f1, then the rook to g1 or up the h-file: 8. The rook to g1
    // or up the file, then Ke1f1: 8; Rh1f1 leaves the king no square and stops at 1 die.
    let fen = "4k3/8/8/8/8/8/3PPP2/3BK2R w K - 0 1 KR";
    let turns = lines(FIRST, fen);
    assert_eq!(turns.len(), 17);
    assert!(turns.contains("e1g1"));
    assert!(turns.contains("e1f1 h1g1") && turns.contains("h1g1 e1f1"));
    assert!(!turns.iter().any(|t| t.starts_with("h1f1")));
    assert_eq!(lines(ANY, fen), turns);
}

#[test]
fn turns_need_dice_and_both_kings() {
    assert_eq!(
        FIRST
            .turns(&dfen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 -"))
            .unwrap_err()
            .code(),
        dfen::rules::RulesCode::NoDice
    );
    assert_eq!(
        ANY.turns(&dfen("8/8/8/8/8/8/8/4K3 w - - 0 1 P"))
            .unwrap_err()
            .code(),
        dfen::rules::RulesCode::GameOver
    );
}

// ------------------------------------------------- the seed's examples under both readings

#[test]
fn the_seeds_worked_examples_hold_under_both_readings() {
    // The seed's examples as the cases module states them (1, 1 with knights that cannot free
    // a rook, 2, 3, and both promotion scenarios): no line in them captures the king later
    // than its first move, or every such line's first move already reaches L*, so the
    // readings agree.
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNR",
        "rnbqkbnr/pppppppp/8/8/8/2N2N2/PPPPPPPP/RB1QK1BR w KQkq - 0 1 PNR",
        "7k/4P3/8/8/8/8/8/1N2K3 w - - 0 1 PNQ",
        "rnbq1bnr/pppppkpp/8/6N1/8/8/PPPPPPPP/RNBQKB1R w - - 0 1 NBQ",
        "k7/4P3/8/8/8/8/8/4K3 w - - 0 1 PPN",
        "k7/4P3/8/8/8/8/8/N3K3 w - - 0 1 PPN",
    ] {
        assert_eq!(legal(FIRST, fen), legal(ANY, fen), "{fen}");
        assert_eq!(lines(FIRST, fen), lines(ANY, fen), "{fen}");
    }
    // Example 2 as the seed states it: e8=Q is legal, and in either reading so are the knight
    // moves that can be followed by it.
    assert_eq!(
        legal(ANY, "7k/4P3/8/8/8/8/8/1N2K3 w - - 0 1 PNQ"),
        ["e7e8q", "b1d2", "b1a3", "b1c3"]
    );
    // Example 3: L* is 1, and Nxf7 takes the king in either reading.
    assert!(
        legal(
            ANY,
            "rnbq1bnr/pppppkpp/8/6N1/8/8/PPPPPPPP/RNBQKB1R w - - 0 1 NBQ"
        )
        .contains(&"g5f7".to_owned())
    );
}

// ------------------------------------------------------------- where the readings differ

#[test]
fn the_issues_example_e8q_then_the_queen_takes_the_king() {
    // PNQ: e7e8n, a knight move, a queen move plays 3 dice. e7e8q leaves the knight die idle
    // unless the queen then takes the king (a1h8 or e8h8): legal under `any` only.
    let fen = "7k/4P3/8/8/8/8/8/Q3K3 w - - 0 1 PNQ";
    let err = rules::play_uci(&dfen(fen), "e7e8q").unwrap_err();
    assert_eq!(err.code(), dfen::rules::RulesCode::IllegalMove);
    assert!(!legal(FIRST, fen).contains(&"e7e8q".to_owned()));
    assert!(legal(ANY, fen).contains(&"e7e8q".to_owned()));

    let any = lines(ANY, fen);
    assert!(any.contains("e7e8q a1h8") && any.contains("e7e8q e8h8"));
    assert!(!lines(FIRST, fen).contains("e7e8q a1h8"));

    let mut turn = ANY.begin_turn(&dfen(fen)).unwrap();
    let promoted = turn.play_uci("e7e8q").unwrap();
    assert!(!promoted.turn_ended);
    assert_eq!(
        promoted.position.to_string(),
        "4Q2k/8/8/8/8/8/8/Q3K3 w - - 0 1 NQ"
    );
    // The turn must go on to the king: a quiet queen move would end it one die short.
    let err = turn.clone().play_uci("a1a2").unwrap_err();
    assert_eq!(err.code(), dfen::rules::RulesCode::IllegalMove);
    assert_eq!(err.expected(), "one of a1h8, e8h8");
    let won = turn.play_uci("a1h8").unwrap();
    assert_eq!(won.winner, Some(Color::White));
    assert_eq!(won.position.to_string(), "4Q2Q/8/8/8/8/8/8/4K3 b - - 0 1 -");
}

#[test]
fn a_move_that_only_enables_a_king_capture_is_legal_under_any() {
    // The cases module's position: e7e8n, then Nxf6 takes the king with 2 dice while a2a3,
    // Ra1a2, Nh3 plays 3. Under `first` e8=N is illegal; under `any` the line that takes the
    // king counts as maximal, and no other line captures the king (the h3 knight and the
    // rooks cannot reach f6 in time).
    let fen = "8/2B1P1B1/3B1k2/8/8/7N/P7/RB5K w - - 0 1 PNR";
    assert_eq!(
        legal(FIRST, fen),
        ["a2a3", "a2a4", "e7e8r", "h3g1", "h3f2", "h3f4", "h3g5"]
    );
    assert_eq!(
        legal(ANY, fen),
        [
            "a2a3", "a2a4", "e7e8r", "e7e8n", "h3g1", "h3f2", "h3f4", "h3g5"
        ]
    );
    let extra: Vec<String> = lines(ANY, fen)
        .difference(&lines(FIRST, fen))
        .cloned()
        .collect();
    assert_eq!(extra, ["e7e8n e8f6"]);
}

#[test]
fn example_3_with_the_e_pawn_gone_lets_a_blocking_move_through_under_any() {
    // Bishop and queen are free and L* = 3. Bf1e2 or Qd1e2 shuts the other one in, so under
    // `first` neither reaches 3; under `any` each is followed by Nxf7, which takes the king.
    let fen = "rnbq1bnr/pppppkpp/8/6N1/8/8/PPPP1PPP/RNBQKB1R w - - 0 1 NBQ";
    let first = legal(FIRST, fen);
    let any = legal(ANY, fen);
    let extra: Vec<&String> = any.iter().filter(|m| !first.contains(m)).collect();
    assert_eq!(extra, ["f1e2", "d1e2"]);
    assert!(lines(ANY, fen).contains("f1e2 g5f7"));
    assert!(!lines(ANY, fen).contains("f1e2 g5e4"));
}

#[test]
fn a_bishop_that_takes_the_king_after_any_promotion() {
    // Pawn e7, bishop a1 on the long diagonal to the king on h8, roll Pawn, Knight, Bishop; no
    // knight. L* = 3 only through e7e8n.
    // `first`: a1h8 (1). A quiet bishop move (b2 c3 d4 e5 f6 g7), then e7e8n and a knight move
    // (c7 d6 f6 g7, less the bishop's square): 4 x 4 + 2 x 3 = 22. e7e8n, then a1h8 (1), or a
    // quiet bishop move and a knight move (22 again), or a knight move and a bishop move (from
    // c7 or d6: the 6 quiet squares and h8, 7 each; from f6: b2-e5, 4; from g7: b2-f6, 5; 23):
    // 46. In all 69.
    // `any` adds e7e8q, e7e8r and e7e8b, each followed by a1h8 (the Knight die idles): 72.
    let fen = "7k/4P3/8/8/8/8/8/B3K3 w - - 0 1 PNB";
    let first = lines(FIRST, fen);
    let any = lines(ANY, fen);
    assert_eq!((first.len(), any.len()), (69, 72));
    let extra: Vec<&String> = any.difference(&first).collect();
    assert_eq!(extra, ["e7e8b a1h8", "e7e8q a1h8", "e7e8r a1h8"]);
    assert!(first.is_subset(&any));
}

// ------------------------------------------------------------------------- properties

const POSITIONS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "7k/4P3/8/8/8/8/8/Q3K3 w - - 0 1",
    "8/2B1P1B1/3B1k2/8/8/7N/P7/RB5K w - - 0 1",
];

const ROLLS: [&str; 6] = ["PNB", "RQK", "PPP", "KRP", "QQN", "PNQ"];

fn rolled(fen: &str, roll: &str) -> Dfen {
    rules::roll(&dfen(fen), rules::parse_roll(roll).unwrap()).unwrap()
}

#[test]
fn every_listed_turn_replays_through_play_to_its_position() {
    let mut checked = 0;
    for fen in POSITIONS {
        for roll in ROLLS {
            let position = rolled(fen, roll);
            for rules in [FIRST, ANY] {
                // At most about 150 turns of each list, spread over all of it, to keep the
                // debug build quick; the king captures among them are all replayed.
                let turns = rules.turns(&position).unwrap();
                let stride = turns.len().div_ceil(150).max(1);
                for (i, turn) in turns.iter().enumerate() {
                    if i % stride == 0 || turn.winner.is_some() {
                        replay(rules, &position, turn);
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 3_000, "only {checked} turns");
}

/// Plays `turn` move by move from `position` and checks it ends where it is listed.
#[track_caller]
fn replay(rules: Rules, position: &Dfen, turn: &Turn) {
    let mut playing = rules.begin_turn(position).unwrap();
    if turn.moves.is_empty() {
        let passed = playing.pass().unwrap();
        assert_eq!(passed.position, turn.position);
        return;
    }
    let last = turn.moves.len() - 1;
    for (i, mv) in turn.moves.iter().enumerate() {
        let outcome = playing
            .play(mv.uci())
            .unwrap_or_else(|e| panic!("{turn} from {position}: {mv}: {e}"));
        assert_eq!(outcome.turn_ended, i == last, "{turn} from {position}");
        if i == last {
            assert_eq!(outcome.position, turn.position, "{turn} from {position}");
            assert_eq!(outcome.winner, turn.winner, "{turn} from {position}");
        }
    }
}

#[test]
fn first_turns_are_every_line_of_step_by_step_legal_moves() {
    // Built from the public `legal_moves` and `play` alone, independently of the walk.
    fn walk(position: &Dfen, line: &mut Vec<String>, out: &mut BTreeSet<String>) {
        let legal = rules::legal_moves(position).unwrap();
        if legal.is_empty() {
            out.insert(if line.is_empty() {
                "0000".to_owned()
            } else {
                line.join(" ")
            });
            return;
        }
        for mv in &legal {
            let outcome = rules::play(position, mv.uci()).unwrap();
            line.push(mv.to_string());
            if outcome.turn_ended {
                out.insert(line.join(" "));
            } else {
                walk(&outcome.position, line, out);
            }
            line.pop();
        }
    }
    for fen in POSITIONS {
        for roll in ROLLS {
            let position = rolled(fen, roll);
            let mut stepwise = BTreeSet::new();
            walk(&position, &mut Vec::new(), &mut stepwise);
            let listed: BTreeSet<String> = FIRST
                .turns(&position)
                .unwrap()
                .iter()
                .map(ToString::to_string)
                .collect();
            assert_eq!(listed, stepwise, "{position}");
            let count = FIRST.count_turns(&position).unwrap();
            assert_eq!(count.turns, stepwise.len() as u64, "{position}");
        }
    }
}

#[test]
fn any_lists_every_first_turn_and_only_adds_turns_that_take_the_king_or_play_as_much() {
    for fen in POSITIONS {
        for roll in ROLLS {
            let position = rolled(fen, roll);
            let first = FIRST.turns(&position).unwrap();
            let any = ANY.turns(&position).unwrap();
            let first_lines: BTreeSet<String> = first.iter().map(ToString::to_string).collect();
            let any_lines: BTreeSet<String> = any.iter().map(ToString::to_string).collect();
            assert!(first_lines.is_subset(&any_lines), "{position}");
            // A turn that does not take the king plays the same number of dice as every other
            // such turn.
            let dice = |t: &Turn| t.moves.iter().map(|m| m.cost()).sum::<u8>();
            let kingless: BTreeSet<u8> = any
                .iter()
                .filter(|t| t.winner.is_none())
                .map(dice)
                .collect();
            assert!(kingless.len() <= 1, "{position}: {kingless:?}");
            // The turns come in the order of their first moves among the legal moves.
            let legal_order = ANY.legal_moves(&position).unwrap();
            let ranks: Vec<usize> = any
                .iter()
                .filter_map(|t| t.moves.first())
                .map(|mv| legal_order.iter().position(|m| m == mv).unwrap())
                .collect();
            assert!(ranks.is_sorted(), "{position}: turns out of order");
            // The first moves of the turns are the legal moves.
            let firsts: BTreeSet<String> = any
                .iter()
                .filter_map(|t| t.moves.first().map(ToString::to_string))
                .collect();
            let legal: BTreeSet<String> = ANY
                .legal_moves(&position)
                .unwrap()
                .iter()
                .map(ToString::to_string)
                .collect();
            assert_eq!(firsts, legal, "{position}");
        }
    }
}

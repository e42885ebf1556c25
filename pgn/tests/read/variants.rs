//! Variant games: the rules come from the `Variant` tag (any spelling the variants' table
//! knows), and every move is read against them.

use pgn::{GameVariant, Keep, Reader};
use variants::Variant;

fn read(text: &str) -> pgn::Game<'_> {
    Reader::new()
        .keep(Keep::Mainline)
        .fens(true)
        .games(text)
        .next()
        .unwrap()
}

fn codes(game: &pgn::Game<'_>) -> Vec<&'static str> {
    game.findings
        .iter()
        .map(|f| f.code.as_str())
        .filter(|code| *code != "PGN109")
        .collect()
}

#[test]
fn the_variant_tag_picks_the_rules_in_any_spelling() {
    for (tag, variant) in [
        ("Crazyhouse", Variant::Crazyhouse),
        ("Three-check", Variant::ThreeCheck),
        ("threecheck", Variant::ThreeCheck),
        ("Antichess", Variant::Antichess),
        ("Suicide", Variant::Antichess),
        ("King of the Hill", Variant::KingOfTheHill),
        ("kingOfTheHill", Variant::KingOfTheHill),
        ("Racing Kings", Variant::RacingKings),
        ("Horde", Variant::Horde),
        ("Atomic", Variant::Atomic),
        ("Giveaway", Variant::Giveaway),
    ] {
        let text = format!("[Variant \"{tag}\"]\n\n*\n");
        let game = read(&text);
        assert_eq!(game.variant, GameVariant::Variant(variant), "{tag}");
        assert!(codes(&game).is_empty(), "{tag}: {:?}", game.findings);
        assert_eq!(game.start_fen, variant.start_fen(), "{tag}");
    }
    for tag in ["Standard", "From Position", "Normal", ""] {
        let text = format!("[Variant \"{tag}\"]\n\n1. e4 *\n");
        assert_eq!(read(&text).variant, GameVariant::Standard, "{tag}");
    }
    for tag in ["Chess960", "Fischerandom"] {
        let text = format!("[Variant \"{tag}\"]\n\n1. e4 *\n");
        assert_eq!(read(&text).variant, GameVariant::Chess960, "{tag}");
    }
}

#[test]
fn a_variant_no_table_knows_gets_one_finding_and_is_read_for_syntax() {
    let game = read("[Variant \"Duck\"]\n\n1. e4 Zz9 *\n");
    assert_eq!(game.variant, GameVariant::Unsupported("Duck"));
    assert_eq!(codes(&game), ["PGN008"]);
    assert_eq!(game.moves_checked, 0);
}

#[test]
fn crazyhouse_drops_are_read_and_written() {
    let game = read(
        "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@b4 Qxb4 5. Bd3 @d5 *\n",
    );
    assert_eq!(codes(&game), Vec::<&str>::new(), "{:?}", game.findings);
    assert_eq!(
        game.uci_mainline(),
        "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 P@b4 a5b4 f1d3 P@d5"
    );
    assert_eq!(
        game.final_fen.as_deref(),
        Some("rnb1kbnr/ppp1pppp/8/3p4/1q6/2NB4/PPPP1PPP/R1BQK1NR[p] w KQkq - 2 6")
    );
    // A piece the pocket does not hold cannot be dropped.
    let game = read("[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. N@e5 *\n");
    assert_eq!(codes(&game), ["PGN201"], "{:?}", game.findings);
}

#[test]
fn variant_rules_decide_legality() {
    // Antichess: a capture is compulsory.
    let game = read("[Variant \"Antichess\"]\n\n1. e4 d5 2. e5 *\n");
    assert_eq!(codes(&game), ["PGN201"], "{:?}", game.findings);
    let game = read("[Variant \"Antichess\"]\n\n1. e4 d5 2. exd5 *\n");
    assert!(codes(&game).is_empty(), "{:?}", game.findings);
    // Three-check: the third check ends the game, and SAN marks it `#`.
    let game = read(
        "[Variant \"Three-check\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ Ke7 5. Qxe5# *\n",
    );
    assert!(codes(&game).is_empty(), "{:?}", game.findings);
    let game = read(
        "[Variant \"Three-check\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ Ke7 5. Qxe5+ Kf7 *\n",
    );
    assert_eq!(codes(&game), ["PGN105", "PGN203"], "{:?}", game.findings);
    // Racing kings from its own start; a move giving check is illegal.
    let game = read("[Variant \"Racing Kings\"]\n\n1. Kh3 *\n");
    assert!(codes(&game).is_empty(), "{:?}", game.findings);
    assert_eq!(game.uci_mainline(), "h2h3");
    // Horde starts from its own position.
    let game = read("[Variant \"Horde\"]\n\n1. e5 e6 *\n");
    assert!(codes(&game).is_empty(), "{:?}", game.findings);
}

#[test]
fn variant_moves_get_the_fixes_of_standard_moves() {
    let text = "[Variant \"Atomic\"]\n\n1. e2e4 d5 2. Nf3 Qd6 3. exd5 *\n";
    let game = read(text);
    assert_eq!(codes(&game), ["PGN102"], "{:?}", game.findings);
    assert!(
        game.fixed(text)
            .ends_with("\n\n1. e4 d5 2. Nf3 Qd6 3. exd5 *"),
        "{}",
        game.fixed(text)
    );
}

#[test]
fn a_variant_game_starts_from_its_fen_tag() {
    // Three-check counters as python-chess writes them: the checks each side has left.
    let game = read(
        "[Variant \"Three-check\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 2\"]\n\n2. Bc4 Nc6 3. Bxf7# *\n",
    );
    assert!(codes(&game).is_empty(), "{:?}", game.findings);
    assert_eq!(
        game.final_fen.as_deref(),
        Some("r1bqkbnr/pppp1Bpp/2n5/4p3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 0+3 0 3")
    );
    // A crazyhouse pocket in the FEN tag.
    let game = read(
        "[Variant \"Crazyhouse\"]\n[SetUp \"1\"]\n[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Nq] w KQkq - 2 3\"]\n\n3. N@d5 Q@e7 *\n",
    );
    assert!(codes(&game).is_empty(), "{:?}", game.findings);
    assert_eq!(game.uci_mainline(), "N@d5 Q@e7");
    assert_eq!(
        game.final_fen.as_deref(),
        Some("r1bqkbnr/ppppqppp/2n5/3Np3/4P3/5N2/PPPP1PPP/RNBQKB1R[] w KQkq - 4 4")
    );
}

#[test]
fn a_move_after_a_variant_win_is_caught_at_its_token() {
    let text = "[Variant \"King of the Hill\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/3K4/8/k7 w - - 0 1\"]\n\n1. Kd4# Kb1 *\n";
    let game = read(text);
    assert_eq!(codes(&game), ["PGN203"], "{:?}", game.findings);
    let finding = game
        .findings
        .iter()
        .find(|f| f.code.as_str() == "PGN203")
        .unwrap();
    assert_eq!(&text[finding.span.clone()], "Kb1");
    assert!(
        finding.message.contains("the variant's rule"),
        "{}",
        finding.message
    );
    assert_eq!(game.uci_mainline(), "d3d4");
}

#[test]
fn fmt_keeps_a_pawn_drop_written_as_python_chess_writes_it() {
    let text = "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. @b4 *\n";
    let game = read(text);
    assert!(codes(&game).is_empty(), "{:?}", game.findings);
    assert!(
        game.fixed(text).ends_with("4. @b4 *"),
        "{}",
        game.fixed(text)
    );
    assert_eq!(
        game.moves.last().map(|node| node.san.as_str()),
        Some("P@b4")
    );
}

#[test]
fn random_variant_games_go_through_json_and_back() {
    // Seeded random games of the eight variants, written by python-chess (test-only).
    const RANDOM: &str = include_str!("../../../tests/data/pgn/variants/random.pgn");
    let mut games = 0;
    for game in Reader::new().keep(Keep::Tree).fens(true).games(RANDOM) {
        assert!(
            matches!(game.variant, GameVariant::Variant(_)),
            "{:?}",
            game.variant
        );
        let written = pgn::json::to_pgn(&pgn::json::to_json(&game)).unwrap();
        let again = Reader::new()
            .keep(Keep::Tree)
            .fens(true)
            .games(&written)
            .next()
            .unwrap();
        assert_eq!(again.variant, game.variant);
        assert_eq!(again.uci_mainline(), game.uci_mainline(), "{written}");
        assert_eq!(again.final_fen, game.final_fen, "{written}");
        games += 1;
    }
    assert_eq!(games, 160);
}

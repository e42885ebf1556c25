//! `fenkit moves`, `play`, `roll` and `perft`: the Dice Chess rules on the command line.

use insta_cmd::assert_cmd_snapshot;

use crate::Tree;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn moves_lists_uci_in_the_stable_order() {
    // The seed's example 1: every pawn and knight move reaches L* = 3.
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["moves", &format!("{START} PNR")]));
}

#[test]
fn moves_as_json_with_l_star() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "moves",
        "--output-format",
        "json",
        "3k4/4P3/8/8/8/8/8/4K3 w - - 0 1 P"
    ]));
}

#[test]
fn moves_castling_is_the_kings_move() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["moves", "r3k2r/8/8/8/8/8/P7/4K2R w Kkq - 0 1 PRK"]));
}

#[test]
fn moves_pass_is_empty_stdout_and_exit_0() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["moves", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 QQQ"]));
}

#[test]
fn moves_engine_profile_reads_dice_of_either_case() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "moves",
        "--profile",
        "engine",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 PKK"
    ]));
}

#[test]
fn moves_without_dice_says_roll_first() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["moves", START]));
}

#[test]
fn moves_rejected_position() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["moves", "8/8/8/8/8/8/8/8 w - - 0 1 PPPP"]));
}

#[test]
fn play_prints_every_phase_of_the_seed_turn() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "play",
        &format!("{START} -"),
        "PPP",
        "a2a4",
        "c2c4",
        "e2e4",
        "pn",
        "b8c6",
        "d7d5"
    ]));
}

#[test]
fn play_rejects_an_illegal_move_and_lists_the_legal_ones() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "play",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 PK",
        "e1d1",
        "e2e5"
    ]));
}

#[test]
fn play_pass_and_king_capture() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "play",
        "3k4/4P3/8/8/8/8/8/4K3 w - - 0 1 QQQ",
        "0000",
        "q",
        "0000",
        "P",
        "e7d8",
        "e1e2"
    ]));
}

#[test]
fn play_bad_move_syntax() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["play", &format!("{START} P"), "e2-e4"]));
}

#[test]
fn roll_sets_the_dice_of_a_fresh_turn() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["roll", &format!("{START} -"), "1", "4", "2"]));
}

#[test]
fn roll_refuses_a_second_roll() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["roll", &format!("{START} PN"), "Q"]));
}

#[test]
fn roll_rejects_a_bad_die() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["roll", START, "PNX"]));
}

#[test]
fn perft_standard_total() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["perft", "--depth", "3", START]));
}

#[test]
fn perft_standard_divide() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "perft",
        "--depth",
        "2",
        "--standard",
        "--divide",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
    ]));
}

#[test]
fn perft_die_divide() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["perft", "--depth", "2", "--die", "N", "--divide", START]));
}

#[test]
fn perft_roll_divide() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "perft",
        "--depth",
        "1",
        "--roll",
        "1 1",
        "--divide",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    ]));
}

#[test]
fn perft_modes_exclude_each_other() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "perft",
        "--depth",
        "1",
        "--standard",
        "--die",
        "1",
        START
    ]));
}

#[test]
fn perft_die_takes_one_die() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&["perft", "--depth", "1", "--die", "12", START]));
}

#[test]
fn perft_unique_with_legal_en_passant() {
    let tree = Tree::empty();
    assert_cmd_snapshot!(
        tree.fenkit(&["perft", "--depth", "3", "--unique", "--ep", "legal", START])
    );
}

#[test]
fn perft_unique_over_full_turns() {
    // Knights b1 and g1, roll N N: 53 sequences reach 33 distinct positions (see the library
    // test for the count by hand).
    let tree = Tree::empty();
    assert_cmd_snapshot!(tree.fenkit(&[
        "perft",
        "--depth",
        "1",
        "--roll",
        "NN",
        "--unique",
        "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1"
    ]));
}

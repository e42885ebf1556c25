"""Rules cases: a DFEN with dice and the exact set of legal first micro-moves (UCI) under the
Maximum Micro-moves rule. Each reason is the hand derivation. `l_star` is the longest sequence
of micro-moves the dice allow (castling costs 2; a king capture ends the sequence)."""

from common import CASES, _add

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"


def r(name, dfen, moves, l_star, reason, king_capture=None):
    moves = sorted(set(moves))
    case = {"name": f"rules_{name}", "notation": "rules", "profile": "spec", "input": dfen,
            "moves": moves, "l_star": l_star}
    if king_capture is not None:
        case["king_capture"] = king_capture
    case["reason"] = reason
    _add("rules", case)


def pawn_pushes(files, rank_from, single, double):
    out = []
    for f in files:
        out.append(f"{f}{rank_from}{f}{single}")
        if double:
            out.append(f"{f}{rank_from}{f}{double}")
    return out


# ---------------------------------------------------------------- promotion choice
r("promotion_knight_only", "8/4P3/8/8/8/7k/8/K7 w - - 0 1 PPN", ["e7e8n"], 2,
  "the only pawn promotes; only a knight can then use the N die (the second P die is dead), "
  "so e7e8n reaches 2 and e7e8q/r/b reach 1 (seed example B, no knight on the board)")
r("promotion_any_with_knight", "8/4P3/8/8/8/7k/8/KN6 w - - 0 1 PPN",
  ["e7e8q", "e7e8r", "e7e8b", "e7e8n", "b1a3", "b1c3", "b1d2"], 2,
  "a knight already stands on b1, so every promotion and every knight move reaches 2; "
  "the second P die is dead once the only pawn has promoted")
r("promotion_queen_for_queen_die", "8/4P3/8/8/8/7k/8/KN6 w - - 0 1 PNQ",
  ["e7e8q", "b1a3", "b1c3", "b1d2"], 3,
  "seed example 2: no queen on the board, so only e7e8q lets the Q die play (P, N, Q = 3); "
  "e7e8r/b/n leave the Q die dead (2); knight first then e7e8q then a queen move is 3")
r("promotion_push_and_capture", "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1 P",
  ["b7b8q", "b7b8r", "b7b8b", "b7b8n", "b7a8q", "b7a8r", "b7a8b", "b7a8n"], 1,
  "one P die: the pawn may push to b8 or capture the rook on a8, each with four promotion "
  "choices; c8 is empty so there is no capture there")

# ---------------------------------------------------------------- castling with the K and R dice
r("castling_both_sides", "4k3/8/8/8/8/8/PPPPPPPP/R3K2R w KQ - 0 1 RK",
  ["a1b1", "a1c1", "a1d1", "e1c1", "e1d1", "e1f1", "e1g1", "h1f1", "h1g1"], 2,
  "with K and R dice both castlings are offered (king's move e1g1, e1c1) and cost 2; every king "
  "step (d1, f1) can be followed by a rook move and every rook move by a king step, so all reach 2")
r("castling_without_rights", "4k3/8/8/8/8/8/PPPPPPPP/R3K2R w - - 0 1 RK",
  ["a1b1", "a1c1", "a1d1", "e1d1", "e1f1", "h1f1", "h1g1"], 2,
  "the same position without castling rights: no e1g1 or e1c1, the other seven moves stay")
r("castling_needs_rook_die", "4k3/8/8/8/8/8/PPPPPPPP/R3K2R w KQ - 0 1 PK",
  pawn_pushes("abcdefgh", 2, 3, 4) + ["e1d1", "e1f1"], 2,
  "K and P dice but no R die: castling is not generated (it consumes K and R); each pawn "
  "move and each king step can be followed by the other die")
r("castling_queenside_blocked", "4k3/8/8/8/8/8/PPPPPPPP/RN2K2R w KQ - 0 1 RK",
  ["e1d1", "e1f1", "e1g1", "h1f1", "h1g1"], 2,
  "b1 is occupied, so only the king-side castling is offered; the a1 rook cannot move")
r("castling_through_attacked_square", "4kr2/8/8/8/8/8/8/4K2R w K - 0 1 RK",
  ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1", "h1f1", "h1g1", "h1h2", "h1h3", "h1h4",
   "h1h5", "h1h6", "h1h7", "h1h8"], 2,
  "the black rook attacks f1, which does not stop castling in Dice Chess (no check rule); "
  "every king and rook move can be followed by the other die")
r("castling_black", "r3k2r/pppppppp/8/8/8/8/8/4K3 b kq - 0 1 rk",
  ["a8b8", "a8c8", "a8d8", "e8c8", "e8d8", "e8f8", "e8g8", "h8f8", "h8g8"], 2,
  "Black's mirror of castling_both_sides, lower-case dice")

# ---------------------------------------------------------------- king capture
r("king_capture_seed_example3", "8/5k2/8/4N3/8/8/1PPPP3/2BQK3 w - - 0 1 NBQ",
  ["e5c4", "e5c6", "e5d3", "e5d7", "e5f3", "e5f7", "e5g4", "e5g6"], 1,
  "seed example 3: bishop and queen are shut in by their own pawns, so L* is 1; Nxf7 captures "
  "the king and every other knight move also reaches 1")
r("king_capture_exempt", "8/5k2/8/4N3/8/8/7P/K7 w - - 0 1 PPN",
  ["e5c4", "e5c6", "e5d3", "e5d7", "e5f3", "e5f7", "e5g4", "e5g6", "h2h3", "h2h4"], 3,
  "L* is 3 (two h-pawn moves and a knight move); Nxf7 reaches only 1 but captures the king, "
  "so it is legal by the exemption")
r("king_capture_by_pawn_on_last_rank", "3k4/4P3/8/8/8/8/8/K6R w - - 0 1 PRR",
  ["e7d8", "e7e8q", "e7e8r", "e7e8b", "e7e8n", "h1b1", "h1c1", "h1d1", "h1e1", "h1f1", "h1g1",
   "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8"], 3,
  "exd8 captures the king: one move without a promotion letter, legal by the exemption; L* is "
  "3 (rook, rook, pawn), reached by each promotion push and each rook move")
r("enabling_king_capture_not_exempt", "8/8/8/8/5k2/8/3P2PP/2B3NK w - - 0 1 PBK",
  ["c1a3", "c1b2", "g2g3", "g2g4", "h2h3", "h2h4"], 3,
  "d2d3/d2d4 open c1-f4 for Bxf4, but then the boxed-in king cannot use the K die: 2 < 3; only "
  "a move that itself captures the king is exempt. g2/h2 pushes free the king (P, K, B = 3)",
  king_capture="first")
r("enabling_king_capture_any", "8/8/8/8/5k2/8/3P2PP/2B3NK w - - 0 1 PBK",
  ["c1a3", "c1b2", "d2d3", "d2d4", "g2g3", "g2g4", "h2h3", "h2h4"], 3,
  "rules_enabling_king_capture_not_exempt under the other reading of the exemption (rules.md "
  "section 4, king_capture any): d2d3 or d2d4, then Bxf4, is a turn that captures the king, "
  "which counts as maximal at any micro-move, so both pushes join the six moves that reach 3",
  king_capture="any")
r("king_capture_after_promotion_first", "7k/4P3/8/8/8/8/8/Q3K3 w - - 0 1 PNQ",
  ["e7e8n", "a1b1", "a1c1", "a1d1", "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8",
   "a1b2", "a1c3", "a1d4", "a1e5", "a1f6", "a1g7", "a1h8"], 3,
  "no knight: only e7e8n lets the N die play (pawn, knight, queen = 3), and every queen move "
  "can be followed by e7e8n and a knight move; a1h8 takes the king itself. e7e8q then a1h8 is "
  "2 and does not reach L*",
  king_capture="first")
r("king_capture_after_promotion_any", "7k/4P3/8/8/8/8/8/Q3K3 w - - 0 1 PNQ",
  ["e7e8q", "e7e8r", "e7e8b", "e7e8n", "a1b1", "a1c1", "a1d1", "a1a2", "a1a3", "a1a4", "a1a5",
   "a1a6", "a1a7", "a1a8", "a1b2", "a1c3", "a1d4", "a1e5", "a1f6", "a1g7", "a1h8"], 3,
  "the same position under king_capture any: e7e8q, e7e8r and e7e8b are each followed by "
  "a1h8, a turn that captures the king and so counts as maximal (the reference engine's turn "
  "generator lists e7e8q a1h8)",
  king_capture="any")
r("king_steps_into_check", "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1 K",
  ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"], 1,
  "there is no check rule: the king may step next to the queen or take it")

# ---------------------------------------------------------------- passing
r("pass_no_queens", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 QQQ", [], 0,
  "the seed's example: three Q dice and no queen, so L* is 0 and the turn passes")
r("pass_blocked_pawn", "4k3/8/8/8/8/p7/P7/4K3 w - - 0 1 PPP", [], 0,
  "the only pawn is blocked by the a3 pawn and has nothing to capture: pass")
r("pass_mid_turn", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 B", [], 0,
  "one B die left and no bishop: nothing can be played")

# ---------------------------------------------------------------- en passant
r("en_passant_inherited_mid_turn", "4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 2 P",
  ["c5c6", "c5d6", "e5d6", "e5e6"], 1,
  "d6 is Black's target from its last turn and stays for every micro-move of White's turn: "
  "both neighbours may take en passant")
r("en_passant_after_own_double_push", "4k3/8/8/2PpP3/P7/8/8/4K3 w - a3d6 0 2 PN",
  ["a4a5", "c5c6", "c5d6", "e5d6", "e5e6"], 1,
  "White already played a2a4 this turn (own target a3), the inherited d6 is still capturable; "
  "no knight, so the N die is dead and L* is 1")
r("en_passant_black_any_square", "rnbqkbnr/ppp1pppp/8/8/P1PpP3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 p",
  pawn_pushes("abcefgh", 7, 6, 5) + ["d4c3", "d4d3", "d4e3"], 1,
  "after White's three double pushes, the d4 pawn may take en passant on c3 or e3 (any square "
  "of the set with a pawn beside it); a3 is out of its reach")

# ---------------------------------------------------------------- several double pushes
r("three_pawn_dice_start", f"{START} w KQkq - 0 1 PPP", pawn_pushes("abcdefgh", 2, 3, 4), 3,
  "seed phase 2: every pawn move can be followed by two more, so all 16 are legal")
r("second_double_push", "rnbqkbnr/pppppppp/8/8/P7/8/1PPPPPPP/RNBQKBNR w KQkq a3 0 1 PP",
  ["a4a5"] + pawn_pushes("bcdefgh", 2, 3, 4), 2,
  "seed phase 3: after a2a4 another double push is still allowed in the same turn")
r("third_double_push", "rnbqkbnr/pppppppp/8/8/P1P5/8/1P1PPPPP/RNBQKBNR w KQkq a3c3 0 1 P",
  ["a4a5", "c4c5"] + pawn_pushes("bdefgh", 2, 3, 4), 1,
  "seed phase 4: with two own targets the third pawn die may make a third double push")

# ---------------------------------------------------------------- the seed's example 1
r("seed_example1_formal", f"{START} w KQkq - 0 1 PNR",
  pawn_pushes("abcdefgh", 2, 3, 4) + ["b1a3", "b1c3", "g1f3", "g1h3"], 3,
  "the seed's prose calls e2e3 illegal, but by its formal definition e2e3, Nb1c3, Ra1b1 uses "
  "all three dice: every pawn move reaches 3, and each knight move frees b1 or g1 for a rook")

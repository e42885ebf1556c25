"""NDJSON4 cases, written from spec/ndjson4.md. The input is a whole file; `findings` lists
every expected finding as {line, code}; the verdict is `reject` when any of them is an error
(FEN430x/431x) and `accept` when there are none or only portability warnings (FEN435x)."""

import json

from common import _add, _input_fields

K = "4d-fen v1: K@0,0,0,0; k@7,7,7,7"
K1 = "4d-fen v1: K@0,0,0,1; k@7,7,7,7"


def rec(**fields):
    return json.dumps(fields, separators=(",", ":"))


def case(name, lines, findings, reason):
    text = lines if isinstance(lines, str) else "\n".join(lines)
    verdict = "reject" if any(not code.startswith("FEN435") for _, code in findings) else "accept"
    prefix = {"accept": "y_", "reject": "n_"}[verdict]
    if not name.startswith(prefix):
        raise SystemExit(f"{name}: expected prefix {prefix}")
    c = {"name": name, "notation": "ndjson4", "profile": "spec"}
    c.update(_input_fields(text))
    c["verdict"] = verdict
    c["findings"] = [{"line": line, "code": code} for line, code in sorted(findings)]
    c["reason"] = reason
    _add("ndjson4", c)


MOVE = dict(move_from=[0, 0, 0, 0], move_to=[0, 0, 0, 1])

# ---------------------------------------------------------------- valid files
case("y_ndjson4_single_record", [rec(fen4=K)], [], "one record with only the required key (s2)")
case("y_ndjson4_two_plies_with_move", [rec(ply=0, fen4=K), rec(ply=1, fen4=K1, **MOVE)], [],
     "consecutive plies; the king moved from 0,0,0,0 to 0,0,0,1 (s3)")
case("y_ndjson4_spec_example",
     ['{"ply":0,"fen4":"4d-fen v1: K@0,0,0,0; Pw@1,1,0,0; k@7,7,7,7"}',
      '{"ply":1,"fen4":"4d-fen v1: K@0,0,0,0; Pw@1,1,0,1; k@7,7,7,7","move_from":[1,1,0,0],'
      '"move_to":[1,1,0,1],"promo":0,"flags":0}'], [],
     "the two-line example at the top of spec/ndjson4.md")
case("y_ndjson4_blank_lines", [rec(ply=0, fen4=K), "", "   \t", rec(ply=1, fen4=K)], [],
     "empty and whitespace-only lines are skipped and do not break continuity (s1)")
case("y_ndjson4_header_record", ['{"bridge_version":"1.0"}', rec(ply=0, fen4=K)], [],
     "an object with bridge_version is a header and is skipped (s1)")
case("y_ndjson4_crlf", rec(ply=0, fen4=K) + "\r\n" + rec(ply=1, fen4=K) + "\r\n", [],
     "a CR before the LF is ignored; the final line end leaves an empty last line (s1)")
case("y_ndjson4_extra_keys", [rec(fen4=K, comment="opening", engine=3)], [],
     "other keys are allowed and ignored (s2)")
case("y_ndjson4_without_plies", [rec(fen4=K), rec(fen4=K), rec(ply=9, fen4=K)], [],
     "records without a ply take no part in continuity checks (s5)")
case("y_ndjson4_duplicate_key_last_wins", ['{"ply":7,"ply":0,"fen4":"%s"}' % K, rec(ply=1, fen4=K)],
     [], "when a key appears twice the last one counts, so ply 0 is followed by ply 1 (s1)")
case("y_ndjson4_promotion_keeps_colour",
     [rec(ply=0, fen4="4d-fen v1: K@0,0,0,0; Pw@1,1,0,6; k@7,7,7,7"),
      rec(ply=1, fen4="4d-fen v1: K@0,0,0,0; Q@1,1,0,7; k@7,7,7,7", move_from=[1, 1, 0, 6],
          move_to=[1, 1, 0, 7], promo=5)], [],
     "with a non-zero promo the piece may change but keeps its colour (s3, s5)")
case("y_ndjson4_capture", [rec(ply=0, fen4="4d-fen v1: K@0,0,0,0; q@0,0,0,1; k@7,7,7,7"),
                           rec(ply=1, fen4=K1, **MOVE)], [],
     "the king takes the queen: the to-square holds the moved piece (s3)")
case("y_ndjson4_empty_file", "", [], "an empty file has no records and nothing to report")
case("y_ndjson4_promo_flags_bounds", [rec(fen4=K, promo=255, flags=0)], [],
     "promo and flags are integers 0-255 (s2)")

# ---------------------------------------------------------------- errors
case("n_ndjson4_4301_invalid_json", ['{"fen4": "4d-fen v1:"'], [(1, "FEN4301")],
     "the spec's example: the object is not closed (s4.1)")
case("n_ndjson4_4302_array", ["[1,2,3]"], [(1, "FEN4302"), (1, "FEN4358")],
     "an array is not an object, and non-object lines are a portability warning too (s4)")
case("n_ndjson4_4302_string", ['"4d-fen v1:"'], [(1, "FEN4302"), (1, "FEN4358")],
     "a bare JSON string is not a record (s4)")
case("n_ndjson4_4303_missing_fen4", ['{"ply":9}'], [(1, "FEN4303")], "fen4 is required (s2)")
case("n_ndjson4_4304_fen4_number", ['{"fen4":5}'], [(1, "FEN4304")], "fen4 must be a string (s2)")
case("n_ndjson4_4305_invalid_fen4", [rec(fen4="4d-fen v1: K@0,0,0,0 k@1,1,1,1")], [(1, "FEN4305")],
     "the spec's example: the literal is rejected with -6 (s4.1)")
case("n_ndjson4_4305_bare_pawn", [rec(fen4="4d-fen v1: P@0,0,0,0")], [(1, "FEN4305")],
     "a FEN4 error inside the string (bare pawn, -3)")
case("n_ndjson4_4306_negative_ply", [rec(ply=-1, fen4=K)], [(1, "FEN4306")],
     "ply must be non-negative (s2)")
case("n_ndjson4_4306_fraction", ['{"ply":1.5,"fen4":"%s"}' % K], [(1, "FEN4306"), (1, "FEN4354")],
     "1.5 is not an integer; a portability warning as well (s4.2)")
case("n_ndjson4_4306_one_point_zero", ['{"ply":1.0,"fen4":"%s"}' % K],
     [(1, "FEN4306"), (1, "FEN4354")], "`1.0` is not an integer (s2)")
case("n_ndjson4_4306_boolean", ['{"ply":true,"fen4":"%s"}' % K], [(1, "FEN4306"), (1, "FEN4354")],
     "`true` is not an integer (s2)")
case("n_ndjson4_4307_gap", [rec(ply=0, fen4=K), rec(ply=2, fen4=K)], [(2, "FEN4307")],
     "ply 2 after ply 0 (s3)")
case("n_ndjson4_4307_repeat", [rec(ply=3, fen4=K), rec(ply=3, fen4=K)], [(2, "FEN4307")],
     "the same ply twice (s3)")
case("n_ndjson4_4308_three_components", [rec(fen4=K, move_from=[0, 0, 0], move_to=[0, 0, 0, 1])],
     [(1, "FEN4308")], "move_from needs exactly four integers (s2)")
case("n_ndjson4_4308_not_array", [rec(fen4=K, move_from="0,0,0,0", move_to=[0, 0, 0, 1])],
     [(1, "FEN4308")], "move_from as a string is not an array (s2)")
case("n_ndjson4_4309_out_of_range", [rec(fen4=K, move_from=[0, 0, 0, 9], move_to=[0, 0, 0, 1])],
     [(1, "FEN4309"), (1, "FEN4355")], "the spec's example: 9 is outside 0-7 (s4)")
case("n_ndjson4_4310_promo_256", [rec(fen4=K, promo=256)], [(1, "FEN4310")], "promo above 255 (s2)")
case("n_ndjson4_4310_promo_string", [rec(fen4=K, promo="3")], [(1, "FEN4310"), (1, "FEN4356")],
     "promo as a string: an error and a portability warning (s4.2)")
case("n_ndjson4_4311_flags_array", [rec(fen4=K, flags=[1])], [(1, "FEN4311")],
     "the spec's example: flags as an array (s4.1)")
case("n_ndjson4_4311_flags_null", [rec(fen4=K, flags=None)], [(1, "FEN4311"), (1, "FEN4357")],
     "flags: null is an error and a portability warning (s4.2)")
case("n_ndjson4_4312_from_empty", [rec(fen4=K), rec(fen4=K, move_from=[2, 2, 2, 2],
                                                    move_to=[3, 3, 3, 3])],
     [(2, "FEN4312")], "nothing stands on 2,2,2,2 in the previous frame, so there is no moved "
     "piece to look for on the to-square (s3)")
case("n_ndjson4_4313_to_mismatch", [rec(fen4=K), rec(fen4=K, move_from=[0, 0, 0, 0],
                                                     move_to=[0, 0, 0, 2])],
     [(2, "FEN4313")], "the king was on 0,0,0,0 but 0,0,0,2 is empty in the new frame (s3)")
case("n_ndjson4_4313_colour_changed",
     [rec(fen4="4d-fen v1: K@0,0,0,0; Pw@1,1,0,6; k@7,7,7,7"),
      rec(fen4="4d-fen v1: K@0,0,0,0; q@1,1,0,7; k@7,7,7,7", move_from=[1, 1, 0, 6],
          move_to=[1, 1, 0, 7], promo=5)],
     [(2, "FEN4313")], "a promotion may change the piece but not its colour (s5)")
case("n_ndjson4_4314_half_move", [rec(fen4=K, move_from=[0, 0, 0, 0])], [(1, "FEN4314")],
     "move_from without move_to (s2)")
case("n_ndjson4_reset_after_invalid_json", [rec(ply=0, fen4=K), "{oops", rec(ply=5, fen4=K)],
     [(2, "FEN4301")], "after an invalid line the previous ply is forgotten: no FEN4307 (s3)")
case("n_ndjson4_frame_forgotten_after_invalid_fen4",
     [rec(fen4=K), rec(fen4="4d-fen v2:"), rec(fen4=K, move_from=[5, 5, 5, 5], move_to=[0, 0, 0, 0])],
     [(2, "FEN4305")], "after an invalid fen4 the previous frame is forgotten: no FEN4312 (s3)")
case("n_ndjson4_several_lines", [rec(ply=0, fen4=K), "[]", rec(fen4=5), rec(ply=-2, fen4=K)],
     [(2, "FEN4302"), (2, "FEN4358"), (3, "FEN4304"), (4, "FEN4306")],
     "every line is checked and reported by its number")

# ---------------------------------------------------------------- portability warnings only
case("y_ndjson4_4351_space_before_colon", ['{"fen4" :"%s"}' % K], [(1, "FEN4351")],
     "whitespace between a key and its colon: a warning only (s4.2)")
case("y_ndjson4_4352_trailing_text", ['{"fen4":"%s"} extra' % K], [(1, "FEN4352")],
     "text after the object: a warning only, the object is validated (s4.2)")
case("y_ndjson4_4353_escape", ['{"fen4":"4d-fen v1:\\u0020K@0,0,0,0; k@7,7,7,7"}'], [(1, "FEN4353")],
     "an escape sequence inside the fen4 string (s4.2)")

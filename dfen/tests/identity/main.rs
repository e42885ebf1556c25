//! Position identity: the key and hash of `Dfen::identity_key` / `identity_hash`, and the
//! en-passant variants of `rules::identity_key`.
//!
//! The properties: positions that differ only in their clocks share key and hash; a difference
//! in any other single field (placement, side, castling, en-passant set, dice) changes the key.

use dfen::rules::{EpIdentity, Game, identity_hash, identity_key};
use dfen::{CastlingSide, Color, Dfen, Piece, Role, Square};
use proptest::prelude::*;

#[path = "../support/strategies.rs"]
mod strategies;
use strategies::any_dfen;

/// The thirteen contents of a square: empty, or one of the twelve pieces.
fn content(index: usize) -> Option<Piece> {
    match index % 13 {
        0 => None,
        i => Some(Piece {
            color: if i <= 6 { Color::White } else { Color::Black },
            role: Role::ALL[(i - 1) % 6],
        }),
    }
}

fn content_index(piece: Option<Piece>) -> usize {
    (0..13).find(|&i| content(i) == piece).unwrap()
}

/// The sixteen squares an en-passant target may hold: rank 3 and rank 6.
fn ep_square(index: usize) -> Square {
    let index = index % 16;
    Square::new((index % 8) as u8, if index < 8 { 2 } else { 5 }).unwrap()
}

/// One change to one field other than the clocks; every variant really changes the field.
#[derive(Debug, Clone)]
enum Change {
    /// Square `square` gets the content `offset` steps further round the thirteen.
    Placement {
        square: u8,
        offset: usize,
    },
    Side,
    /// Toggle one castling right.
    Castling(usize),
    /// Toggle one en-passant square.
    EnPassant(usize),
    /// Add a die (or, in a full pool, remove the first one).
    Dice(usize),
}

fn any_change() -> impl Strategy<Value = Change> {
    prop_oneof![
        (0u8..64, 1usize..13).prop_map(|(square, offset)| Change::Placement { square, offset }),
        Just(Change::Side),
        (0usize..4).prop_map(Change::Castling),
        (0usize..16).prop_map(Change::EnPassant),
        (0usize..6).prop_map(Change::Dice),
    ]
}

fn apply(dfen: &Dfen, change: &Change) -> Dfen {
    let mut out = dfen.clone();
    match *change {
        Change::Placement { square, offset } => {
            let square = Square::from_index(square).unwrap();
            let now = content_index(out.board.get(square));
            out.board.set(square, content(now + offset));
        }
        Change::Side => out.side = out.side.opposite(),
        Change::Castling(i) => {
            let side = CastlingSide::ALL[i];
            if !out.castling.remove(side) {
                out.castling.insert(side);
            }
        }
        Change::EnPassant(i) => out.en_passant.0 ^= 1 << ep_square(i).index(),
        Change::Dice(role) => {
            if !out.dice.push(Role::ALL[role]) {
                let first = out.dice.iter().next().unwrap();
                out.dice.remove(first);
            }
        }
    }
    out
}

/// The canonical form with fields 5 and 6 (the clocks) cut out: an oracle built from `Display`
/// alone.
fn display_without_clocks(dfen: &Dfen) -> String {
    let text = dfen.to_string();
    let fields: Vec<&str> = text.split(' ').collect();
    assert_eq!(fields.len(), 7, "{text}");
    [fields[0], fields[1], fields[2], fields[3], fields[6]].join(" ")
}

const BOTH_EP: [EpIdentity; 2] = [EpIdentity::Always, EpIdentity::Legal];
const BOTH_GAMES: [Game; 2] = [Game::DiceChess, Game::Standard];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn clocks_do_not_enter_the_identity(
        dfen in any_dfen(),
        halfmove in any::<u32>(),
        fullmove in 1u32..,
    ) {
        let fullmove = std::num::NonZeroU32::new(fullmove).unwrap();
        let other = Dfen { halfmove, fullmove, ..dfen.clone() };
        prop_assert_eq!(dfen.identity_key(), other.identity_key());
        prop_assert_eq!(dfen.identity_hash(), other.identity_hash());
        for ep in BOTH_EP {
            for game in BOTH_GAMES {
                prop_assert_eq!(
                    identity_key(&dfen, ep, game),
                    identity_key(&other, ep, game)
                );
                prop_assert_eq!(
                    identity_hash(&dfen, ep, game),
                    identity_hash(&other, ep, game)
                );
            }
        }
    }

    /// The hash is FNV-1a of the key, whether the key is built or hashed as it is written.
    #[test]
    fn the_hash_is_the_hash_of_the_key(dfen in any_dfen()) {
        prop_assert_eq!(dfen.identity_hash(), dfen::fnv1a64(dfen.identity_key().as_bytes()));
        for ep in BOTH_EP {
            for game in BOTH_GAMES {
                prop_assert_eq!(
                    identity_hash(&dfen, ep, game),
                    dfen::fnv1a64(identity_key(&dfen, ep, game).as_bytes())
                );
            }
        }
    }

    #[test]
    fn every_other_single_field_changes_the_key(dfen in any_dfen(), change in any_change()) {
        let other = apply(&dfen, &change);
        prop_assert_ne!(&dfen, &other);
        prop_assert_ne!(dfen.identity_key(), other.identity_key(), "{:?}", change);
        prop_assert_ne!(dfen.identity_hash(), other.identity_hash(), "{:?}", change);
        // `always` is exactly the plain key, for either game.
        for game in BOTH_GAMES {
            prop_assert_ne!(
                identity_key(&dfen, EpIdentity::Always, game),
                identity_key(&other, EpIdentity::Always, game)
            );
        }
    }

    #[test]
    fn the_key_is_the_canonical_form_without_the_clocks(dfen in any_dfen()) {
        let key = dfen.identity_key();
        prop_assert_eq!(&key, &display_without_clocks(&dfen));
        prop_assert_eq!(dfen.identity_hash(), dfen::fnv1a64(key.as_bytes()));
        for game in BOTH_GAMES {
            prop_assert_eq!(identity_key(&dfen, EpIdentity::Always, game), key.clone());
            prop_assert_eq!(identity_hash(&dfen, EpIdentity::Always, game), dfen.identity_hash());
        }
    }

    #[test]
    fn spellings_of_one_position_share_the_key(dfen in any_dfen(), halfmove in 0u32..1000) {
        // Split empty runs into single digits, double the separators, change the clocks:
        // the same position, differently written.
        let canonical = dfen.to_string();
        let mut fields: Vec<String> = canonical.split(' ').map(str::to_owned).collect();
        fields[0] = fields[0]
            .chars()
            .map(|c| match c.to_digit(10) {
                Some(n) => "1".repeat(n as usize),
                None => c.to_string(),
            })
            .collect();
        fields[4] = halfmove.to_string();
        let respelled = fields.join("  ");
        let parsed = dfen::Parser::new().parse(&respelled).unwrap();
        prop_assert_eq!(parsed.dfen.identity_key(), dfen.identity_key());
    }

    #[test]
    fn legal_keeps_a_subset_and_differs_from_always_only_in_en_passant(dfen in any_dfen()) {
        for game in BOTH_GAMES {
            let always = identity_key(&dfen, EpIdentity::Always, game);
            let legal = identity_key(&dfen, EpIdentity::Legal, game);
            let a: Vec<&str> = always.split(' ').collect();
            let l: Vec<&str> = legal.split(' ').collect();
            prop_assert_eq!((a[0], a[1], a[2], a[4]), (l[0], l[1], l[2], l[4]));
            if l[3] != "-" {
                // Every square kept by `legal` is one `always` keeps.
                let kept = a[3];
                for square in l[3].as_bytes().chunks(2) {
                    let square = std::str::from_utf8(square).unwrap();
                    prop_assert!(kept.contains(square), "{} not in {}", square, kept);
                }
            }
            if dfen.en_passant.0 == 0 {
                prop_assert_eq!(&legal, &always);
            }
        }
    }
}

#[test]
fn hash_is_fnv1a_64_of_the_key() {
    // Reference values computed independently (a few lines of Python over the key bytes).
    for (text, key, hash) in [
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 12 40 -",
            "4k3/8/8/8/8/8/8/4K3 w - - -",
            0x606d_df70_a1a9_b826_u64,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -",
            0x1713_f440_1e30_aa1b,
        ),
    ] {
        let dfen: Dfen = text.parse().unwrap();
        assert_eq!(dfen.identity_key(), key);
        assert_eq!(dfen.identity_hash(), hash, "{key}");
    }
}

/// The legal-identity key of `text` under `game`.
#[track_caller]
fn legal_key(text: &str, game: Game) -> String {
    identity_key(&text.parse().unwrap(), EpIdentity::Legal, game)
}

#[test]
fn legal_en_passant_table() {
    // (position, en-passant field of the legal key in Dice Chess, in standard chess)
    let table = [
        // After 1. e4: no black pawn on d4 or f4, so e3 cannot be taken.
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "-",
            "-",
        ),
        // White pawn on e5, Black just played d7d5: exd6 is possible in both games.
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "d6", "d6"),
        // Same, but the b5 pawn is pinned along the fifth rank by the rook on h5: taking c6
        // would open the rank to the king on a5. Dice Chess has no check, standard chess does.
        ("4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2", "c6", "-"),
        // Two targets (a Dice Chess turn with two double pushes); only c6 has a taker.
        ("4k3/8/8/p1pP4/8/8/8/4K3 w - a6c6 0 2", "c6", "c6"),
        // Black to move in mid-turn with its own new target f6 and White's inherited e3:
        // f4 takes e3; f6 is Black's own and never counts.
        ("4k3/8/8/5p2/4Pp2/8/8/4K3 b - e3f6 0 2 p", "e3", "e3"),
    ];
    for (text, dice_chess, standard) in table {
        for (game, expected) in [(Game::DiceChess, dice_chess), (Game::Standard, standard)] {
            let key = legal_key(text, game);
            let field = key.split(' ').nth(3).unwrap();
            assert_eq!(field, expected, "{text} under {game:?}");
        }
    }
}

#[test]
fn the_two_identities_merge_different_pairs() {
    // 1. e4 … reached with and without the structural target e3 (say by e2e3 then e3e4 in a
    // Dice Chess turn): `always` keeps them apart, `legal` merges them.
    let with_target: Dfen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
        .parse()
        .unwrap();
    let without: Dfen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 3 7"
        .parse()
        .unwrap();
    assert_ne!(with_target.identity_key(), without.identity_key());
    for game in BOTH_GAMES {
        assert_ne!(
            identity_hash(&with_target, EpIdentity::Always, game),
            identity_hash(&without, EpIdentity::Always, game)
        );
        assert_eq!(
            identity_hash(&with_target, EpIdentity::Legal, game),
            identity_hash(&without, EpIdentity::Legal, game)
        );
    }
}

/// The first `code` span of a table cell.
fn code_in(cell: &str) -> &str {
    cell.split('`')
        .nth(1)
        .unwrap_or_else(|| panic!("no code in {cell:?}"))
}

#[test]
fn the_tables_of_spec_identity_hold() {
    const SPEC: &str = include_str!("../../../spec/identity.md");
    let mut section = "";
    let mut checked = [0; 3];
    for line in SPEC.lines() {
        // Subsections have tables of their own (§2.1, the variants', is checked with them).
        if line.starts_with("## ") || line.starts_with("### ") {
            section = line;
            continue;
        }
        if !line.starts_with("| `") {
            continue;
        }
        let cells: Vec<&str> = line.trim_matches('|').split(" | ").collect();
        if section.starts_with("## 2.") {
            let dfen: Dfen = code_in(cells[0]).parse().unwrap();
            assert_eq!(dfen.identity_key(), code_in(cells[1]), "{line}");
            checked[0] += 1;
        } else if section.starts_with("## 4.") {
            let hash = u64::from_str_radix(code_in(cells[1]).trim_start_matches("0x"), 16).unwrap();
            assert_eq!(dfen::fnv1a64(code_in(cells[0]).as_bytes()), hash, "{line}");
            checked[1] += 1;
        } else if section.starts_with("## 5.") {
            let text = code_in(cells[0]);
            let field = |ep, game| {
                let key = identity_key(&text.parse().unwrap(), ep, game);
                key.split(' ').nth(3).unwrap().to_owned()
            };
            let columns = [
                (EpIdentity::Always, Game::DiceChess),
                (EpIdentity::Fen, Game::DiceChess),
                (EpIdentity::XFen, Game::DiceChess),
                (EpIdentity::Legal, Game::DiceChess),
                (EpIdentity::Legal, Game::Standard),
            ];
            for (i, (ep, game)) in columns.into_iter().enumerate() {
                assert_eq!(
                    field(ep, game),
                    code_in(cells[i + 1]),
                    "{ep} {game:?}: {line}"
                );
                // `fen` and `xfen` do not depend on the game.
                if matches!(ep, EpIdentity::Fen | EpIdentity::XFen) {
                    assert_eq!(field(ep, Game::Standard), code_in(cells[i + 1]), "{line}");
                }
            }
            checked[2] += 1;
        }
    }
    assert_eq!(checked, [4, 4, 4], "rows checked per table");
}

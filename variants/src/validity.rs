//! A position's validity in its variant as findings: one `VARxxx` code per reason, with the
//! byte span of what is wrong in the text it was read from, what was expected and what was
//! found, and help where the fix is known.
//!
//! The verdict follows python-chess 1.11.2: a finding is an error exactly when the variant
//! board's `is_valid()` is false (each error stands for one of its `status()` flags). Two
//! warnings say more than python-chess does: a game that has already ended by the variant's
//! rule (`VAR101`), and castling rights in antichess (`VAR102`), which lichess's antichess has
//! not.
//!
//! ```
//! use variants::{Variant, check};
//! let text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
//! let checked = check(Variant::Horde, text, false).unwrap();
//! let codes: Vec<&str> = checked.findings.iter().map(|f| f.code.as_str()).collect();
//! assert_eq!(codes, ["VAR012"]);
//! assert_eq!(&text[checked.findings[0].span.clone()], "K");
//! assert_eq!(checked.findings[0].message, "expected no white king in horde, found one on e1");
//! ```

use std::ops::Range;

use fenkit_diagnostics::Severity;

use crate::bitboard::{self as bb, Squares};
use crate::codes::{Code, Finding};
use crate::position::{Color, Position, ReadError, Role, square_name};
use crate::rules::VariantEnd;
use crate::status::Status;
use crate::variant::Variant;

/// A position read, and everything found about it.
#[derive(Debug, Clone)]
pub struct Checked {
    /// The position.
    pub position: Position,
    /// Every finding, spans into the text read.
    pub findings: Vec<Finding>,
}

impl Checked {
    /// Whether any finding is an error: exactly when python-chess's `is_valid()` is false.
    #[must_use]
    pub fn has_errors(&self) -> bool {
        self.findings.iter().any(|f| f.severity == Severity::Error)
    }

    /// `text`, the FEN this was read from, with every fixable finding applied: castling
    /// rights without their king and rook dropped as python-chess drops them (`VAR007`), an
    /// impossible en-passant square written `-` (`VAR008`), and antichess's castling rights
    /// written `-` (`VAR102`). `None` when nothing is to fix, or when an error remains that
    /// no fix repairs.
    ///
    /// ```
    /// use variants::{Variant, check};
    /// let text = "4k3/8/8/8/8/8/8/4K3 w KQkq e3 0 1";
    /// let checked = check(Variant::KingOfTheHill, text, false).unwrap();
    /// assert_eq!(checked.fixed_text(text).as_deref(), Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
    /// ```
    #[must_use]
    pub fn fixed_text(&self, text: &str) -> Option<String> {
        if self
            .findings
            .iter()
            .any(|f| f.severity == Severity::Error && !f.fixable)
        {
            return None;
        }
        // One replacement per span: antichess's `-` wins over the rights python-chess keeps.
        let mut edits: Vec<(Range<usize>, String)> = Vec::new();
        for finding in self.findings.iter().filter(|f| f.fixable) {
            let replacement = match finding.code {
                Code::BadCastlingRights => self.position.castling_fen(),
                Code::BadEnPassant | Code::AntichessCastling => "-".to_owned(),
                _ => continue,
            };
            match edits.iter_mut().find(|(span, _)| *span == finding.span) {
                Some(edit) if replacement == "-" => edit.1 = replacement,
                Some(_) => {}
                None => edits.push((finding.span.clone(), replacement)),
            }
        }
        if edits.is_empty() {
            return None;
        }
        edits.sort_by_key(|(span, _)| std::cmp::Reverse(span.start));
        let mut fixed = text.to_owned();
        for (span, replacement) in edits {
            fixed.get(span.clone())?;
            fixed.replace_range(span, &replacement);
        }
        Some(fixed)
    }
}

/// Reads `text` as a position of `variant` and judges it.
///
/// # Errors
/// A text that does not read as a position ([`Position::from_fen`]).
pub fn check(variant: Variant, text: &str, chess960: bool) -> Result<Checked, ReadError> {
    let position = Position::from_fen(variant, text, chess960)?;
    let findings = position.findings(text);
    Ok(Checked { position, findings })
}

/// Where the fields of a FEN text stand.
struct Spans {
    board: Range<usize>,
    castling: Range<usize>,
    en_passant: Range<usize>,
    /// The byte of each square's piece letter in the board field.
    squares: [Option<usize>; 64],
}

impl Spans {
    fn of(text: &str) -> Spans {
        let mut fields = Vec::with_capacity(8);
        let mut start = None;
        for (i, b) in text.bytes().enumerate().chain([(text.len(), b' ')]) {
            match (b == b' ' || b == b'\t', start) {
                (true, Some(s)) => {
                    fields.push(s..i);
                    start = None;
                }
                (false, None) => start = Some(i),
                _ => {}
            }
        }
        let field = |i: usize| fields.get(i).cloned().unwrap_or(text.len()..text.len());
        let board = field(0);
        let mut squares = [None; 64];
        let (mut rank, mut file) = (7i32, 0i32);
        for (i, b) in text[board.clone()].bytes().enumerate() {
            match b {
                b'/' => {
                    rank -= 1;
                    file = 0;
                }
                b'1'..=b'8' => file += i32::from(b - b'0'),
                b'[' => break,
                b'~' => {}
                _ if b.is_ascii_alphabetic() => {
                    if (0..8).contains(&rank) && (0..8).contains(&file) {
                        squares[(rank * 8 + file) as usize] = Some(board.start + i);
                    }
                    file += 1;
                }
                _ => {}
            }
        }
        Spans {
            board,
            castling: field(2),
            en_passant: field(3),
            squares,
        }
    }

    fn square(&self, sq: u32) -> Range<usize> {
        match self.squares[sq as usize] {
            Some(at) => at..at + 1,
            None => self.board.clone(),
        }
    }
}

fn names(squares: u64) -> String {
    let names: Vec<&str> = Squares(squares).map(square_name).collect();
    match names.as_slice() {
        [] => "none".to_owned(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

impl Position {
    /// Every finding about this position, `text` being the text it was read from (spans
    /// point into it).
    #[must_use]
    pub fn findings(&self, text: &str) -> Vec<Finding> {
        let status = self.status();
        let mut findings = Vec::new();
        if !status.is_valid() {
            self.status_findings(status, &Spans::of(text), &mut findings);
        }
        self.warnings(text, &mut findings);
        findings
    }

    fn status_findings(&self, status: Status, spans: &Spans, out: &mut Vec<Finding>) {
        let variant = self.variant;
        let vname = variant.name();
        let kings = self.role(Role::King);
        let pawns = self.role(Role::Pawn);
        let error = |code, span: Range<usize>, message: String| {
            Finding::new(code, Severity::Error, span, message)
        };
        if status.contains(Status::EMPTY) {
            out.push(
                error(
                    Code::EmptyBoard,
                    spans.board.clone(),
                    "expected at least one piece, found an empty board".to_owned(),
                )
                .with_help("put the pieces on the board"),
            );
        }
        for (flag, color) in [
            (Status::NO_WHITE_KING, Color::White),
            (Status::NO_BLACK_KING, Color::Black),
        ] {
            if status.contains(flag) {
                out.push(
                    error(
                        Code::MissingKing,
                        spans.board.clone(),
                        format!("expected a {} king in {vname}, found none", color.name()),
                    )
                    .with_help(format!("put the {} king on the board", color.name())),
                );
            }
        }
        if status.contains(Status::TOO_MANY_KINGS) {
            let white_kings = kings & self.pieces_of(Color::White);
            if variant == Variant::Horde && white_kings != 0 {
                let sq = 63 - white_kings.leading_zeros();
                out.push(
                    error(
                        Code::HordeWhiteKing,
                        spans.square(sq),
                        format!(
                            "expected no white king in horde, found {} on {}",
                            if white_kings.count_ones() == 1 {
                                "one"
                            } else {
                                "kings"
                            },
                            names(white_kings)
                        ),
                    )
                    .with_help(
                        "the horde has no king: remove it, or read the position as another variant",
                    ),
                );
            } else {
                let extra = 63 - kings.leading_zeros();
                out.push(
                    error(
                        Code::TooManyKings,
                        spans.square(extra),
                        format!(
                            "expected one king a side in {vname}, found {} kings on {}",
                            kings.count_ones(),
                            names(kings)
                        ),
                    )
                    .with_help("remove the extra kings"),
                );
            }
        }
        let pocketed = |color: Color, pawns_only: bool| -> u32 {
            let pocket = self.pockets[color.index()];
            if pawns_only {
                u32::from(pocket[0])
            } else {
                pocket.iter().map(|&n| u32::from(n)).sum()
            }
        };
        for (flag, color) in [
            (Status::TOO_MANY_WHITE_PIECES, Color::White),
            (Status::TOO_MANY_BLACK_PIECES, Color::Black),
        ] {
            if status.contains(flag) {
                let (limit, found, rule) = match (variant, color) {
                    (Variant::Horde, Color::White) => {
                        (36, self.pieces_of(color).count_ones(), "in horde")
                    }
                    (Variant::Crazyhouse, _) => (
                        32,
                        self.occupied().count_ones()
                            + pocketed(Color::White, false)
                            + pocketed(Color::Black, false),
                        "on the board and in the pockets together",
                    ),
                    _ => (16, self.pieces_of(color).count_ones(), "a side"),
                };
                out.push(
                    error(
                        Code::TooManyPieces,
                        spans.board.clone(),
                        format!(
                            "expected at most {limit} pieces {rule}, found {found} {} pieces",
                            color.name()
                        ),
                    )
                    .with_help("remove the pieces no game can have"),
                );
            }
        }
        for (flag, color) in [
            (Status::TOO_MANY_WHITE_PAWNS, Color::White),
            (Status::TOO_MANY_BLACK_PAWNS, Color::Black),
        ] {
            if status.contains(flag) {
                let found = (self.pieces_of(color) & pawns).count_ones();
                let message = match (variant, color) {
                    (Variant::Horde, Color::White) => format!(
                        "expected at most 36 white pieces in horde, found {} with {found} pawns",
                        self.pieces_of(color).count_ones()
                    ),
                    (Variant::Crazyhouse, _) => format!(
                        "expected at most 8 {} pawns, or 16 pawns on the board and in the pockets together, found {found} and {} in all",
                        color.name(),
                        pawns.count_ones()
                            + pocketed(Color::White, true)
                            + pocketed(Color::Black, true)
                    ),
                    _ => format!(
                        "expected at most 8 pawns a side, found {found} {} pawns",
                        color.name()
                    ),
                };
                out.push(
                    error(Code::TooManyPawns, spans.board.clone(), message)
                        .with_help("remove the pawns no game can have"),
                );
            }
        }
        if status.contains(Status::PAWNS_ON_BACKRANK) {
            let wrong = if variant == Variant::Horde {
                pawns & bb::RANK_8 | (pawns & self.pieces_of(Color::Black) & bb::RANK_1)
            } else {
                pawns & bb::BACK_RANKS
            };
            let first = if wrong != 0 {
                wrong.trailing_zeros()
            } else {
                0
            };
            let expected = if variant == Variant::Horde {
                "no pawn on rank 8 and no black pawn on rank 1 (horde's white pawns may stand on rank 1)"
            } else {
                "no pawn on rank 1 or 8"
            };
            out.push(
                error(
                    Code::PawnOnBackRank,
                    spans.square(first),
                    format!("expected {expected}, found a pawn on {}", names(wrong)),
                )
                .with_help("a pawn on its last rank has promoted: write the piece it became"),
            );
        }
        if status.contains(Status::BAD_CASTLING_RIGHTS) {
            let mut cleaned = self.clone();
            cleaned.raw_castling = cleaned.castling;
            let clean = cleaned.castling_fen();
            out.push(
                error(
                    Code::BadCastlingRights,
                    spans.castling.clone(),
                    format!(
                        "expected castling rights whose king and rook stand on their squares, found rights for rooks on {}",
                        names(self.raw_castling & !self.castling)
                    ),
                )
                .with_help(format!("write `{clean}`"))
                .with_fixable(true),
            );
        }
        if status.contains(Status::INVALID_EP_SQUARE) {
            let found = self.ep_square().map_or("-", square_name);
            out.push(
                error(
                    Code::BadEnPassant,
                    spans.en_passant.clone(),
                    format!(
                        "expected `-` or the square a double step of the last move passed, found `{found}`"
                    ),
                )
                .with_help("write `-`")
                .with_fixable(true),
            );
        }
        if status.contains(Status::OPPOSITE_CHECK) {
            let color = self.turn.other();
            let king = self.king_of(color).unwrap_or(0);
            let attackers = self.attackers(self.turn, king, self.occupied());
            out.push(
                error(
                    Code::OppositeCheck,
                    spans.square(king),
                    format!(
                        "expected the side not to move ({}) out of check, found its king on {} attacked from {}",
                        color.name(),
                        square_name(king),
                        names(attackers)
                    ),
                )
                .with_help(format!(
                    "if it is {}'s move, write `{}` as the side to move",
                    color.name(),
                    if color == Color::White { 'w' } else { 'b' }
                )),
            );
        }
        let checkers = self.checkers();
        let king_span = self
            .king_of(self.turn)
            .map_or(spans.board.clone(), |k| spans.square(k));
        if status.contains(Status::RACE_CHECK) {
            out.push(
                error(
                    Code::RaceCheck,
                    king_span.clone(),
                    format!(
                        "expected no check in racing kings, found the {} king checked from {}",
                        self.turn.name(),
                        names(checkers)
                    ),
                )
                .with_help("no move may give check in racing kings"),
            );
        } else {
            if status.contains(Status::TOO_MANY_CHECKERS) {
                out.push(error(
                    Code::TooManyCheckers,
                    king_span.clone(),
                    format!(
                        "expected at most 2 pieces giving check, found {} on {}",
                        checkers.count_ones(),
                        names(checkers)
                    ),
                ));
            }
            if status.contains(Status::IMPOSSIBLE_CHECK) {
                out.push(error(
                    Code::ImpossibleCheck,
                    king_span,
                    format!(
                        "expected checkers one move can have given together, found checks from {}",
                        names(checkers)
                    ),
                ));
            }
        }
        if status.contains(Status::RACE_OVER) {
            out.push(
                error(
                    Code::RaceOver,
                    spans.board.clone(),
                    "expected Black to move only while White's king is alone on rank 8, found both kings there".to_owned(),
                )
                .with_help("the race ended with White's move: the game is drawn"),
            );
        }
        if status.contains(Status::RACE_MATERIAL) {
            let mut found = Vec::new();
            if pawns != 0 {
                found.push(format!("pawns on {}", names(pawns)));
            }
            for color in [Color::White, Color::Black] {
                for (role, limit) in [
                    (Role::Knight, 2),
                    (Role::Bishop, 2),
                    (Role::Rook, 2),
                    (Role::Queen, 1),
                ] {
                    let n = (self.pieces_of(color) & self.role(role)).count_ones();
                    if n > limit {
                        found.push(format!("{n} {} {role:?}s", color.name()).to_lowercase());
                    }
                }
            }
            out.push(
                error(
                    Code::RaceMaterial,
                    spans.board.clone(),
                    format!(
                        "expected no pawns and at most 2 knights, 2 bishops, 2 rooks and 1 queen a side in racing kings, found {}",
                        found.join(", ")
                    ),
                )
                .with_help("racing kings starts with a king, a queen and two each of rooks, bishops and knights a side"),
            );
        }
    }

    fn warnings(&self, text: &str, out: &mut Vec<Finding>) {
        if self.variant == Variant::Antichess && self.raw_castling != 0 {
            let spans = Spans::of(text);
            out.push(
                Finding::new(
                    Code::AntichessCastling,
                    Severity::Warning,
                    spans.castling,
                    "expected no castling rights in antichess, found some",
                )
                .with_help("write `-`; read the position as `giveaway` for antichess with castling")
                .with_fixable(true),
            );
        }
        if self.is_variant_end() {
            let spans = Spans::of(text);
            let result = match self.variant().rules().variant_end(self) {
                Some(VariantEnd::Win) => format!("{} has won", self.turn.name()),
                Some(VariantEnd::Loss) => format!("{} has won", self.turn.other().name()),
                Some(VariantEnd::Draw) => "drawn".to_owned(),
                None => "over".to_owned(),
            };
            out.push(
                Finding::new(
                    Code::GameOver,
                    Severity::Warning,
                    spans.board,
                    format!(
                        "expected a game in progress, found one the {} rule has ended: {result}; no move is legal",
                        self.variant.name()
                    ),
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixed(variant: Variant, text: &str) -> Option<String> {
        check(variant, text, false).unwrap().fixed_text(text)
    }

    /// Each fixable finding is applied, and the text that results has nothing left to fix.
    #[test]
    fn fixable_findings_are_applied() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
        for (variant, text, expected) in [
            (
                Variant::Antichess,
                format!("{start} w KQkq - 0 1"),
                Some(format!("{start} w - - 0 1")),
            ),
            (Variant::Giveaway, format!("{start} w KQkq - 0 1"), None),
            (
                Variant::Atomic,
                "r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 1".to_owned(),
                Some("r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1".to_owned()),
            ),
            (
                Variant::KingOfTheHill,
                "4k3/8/8/8/8/8/8/4K3 b - e3 0 1".to_owned(),
                Some("4k3/8/8/8/8/8/8/4K3 b - - 0 1".to_owned()),
            ),
            // An error no fix repairs: nothing is written.
            (Variant::Horde, format!("{start} w KQkq e3 0 1"), None),
        ] {
            let got = fixed(variant, &text);
            assert_eq!(got, expected, "{variant} {text}");
            if let Some(got) = got {
                assert_eq!(fixed(variant, &got), None, "{variant} {got}");
                assert!(!check(variant, &got, false).unwrap().has_errors(), "{got}");
            }
        }
    }
}

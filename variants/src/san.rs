//! Moves as text: SAN and UCI, read and written in the position's variant.
//!
//! **Writing.** [`Position::san`] writes SAN as python-chess does (the piece letter, the
//! file, rank or both that tell it from another piece of its kind able to go there, `x`, the
//! target, `=Q`, then `#` for a move that mates or ends the game by the variant's rule, `+` for
//! check), except that a pawn drop is written `P@e4` as lichess writes it (python-chess writes
//! `@e4`). [`Move::uci`] writes UCI in python-chess's spelling.
//!
//! **Reading.** [`Position::parse_move`] reads SAN (`Nf3`, `exd6`, `e8=Q`, `e8Q`, `O-O`, `0-0-0`,
//! `Q@f7+`, `P@e4`, `@e4`), with any `+`, `#`, `!` and `?` after it, or UCI (`e2e4`, `e7e8q`,
//! `e1g1` or `e1h1` for castling, `P@e4`); a move that is neither, is illegal, or is ambiguous is
//! an error with a code (`VAR301`–`VAR303`), a span over the move, and what was expected.
//!
//! ```
//! use variants::{Position, Variant};
//! let zh = Position::from_fen(Variant::Crazyhouse, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pq] b KQkq - 2 3", false).unwrap();
//! let drop = zh.parse_move("Q@e2+").unwrap();
//! assert_eq!(drop.uci(false), "Q@e2");
//! assert_eq!(zh.san(drop), "Q@e2+");
//! let err = zh.parse_move("N@e4").unwrap_err();
//! assert_eq!(err.code.as_str(), "VAR302");
//! ```

use fenkit_diagnostics::Severity;

use crate::codes::{Code, Finding};
use crate::position::{Move, MoveKind, Position, Role, parse_square, square_name};
use crate::rules::VariantEnd;

/// What a SAN or UCI text asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wanted {
    Castle {
        h_side: bool,
    },
    Drop {
        role: Role,
        to: u32,
    },
    Uci {
        from: u32,
        to: u32,
        promotion: Option<Role>,
    },
    San {
        role: Role,
        file: Option<u32>,
        rank: Option<u32>,
        to: u32,
        promotion: Option<Role>,
    },
}

fn read(text: &str) -> Option<Wanted> {
    let core = text.trim_end_matches(['+', '#', '!', '?']);
    let b = core.as_bytes();
    match core {
        "O-O" | "0-0" => return Some(Wanted::Castle { h_side: true }),
        "O-O-O" | "0-0-0" => return Some(Wanted::Castle { h_side: false }),
        _ => {}
    }
    if let Some(at) = core.find('@') {
        let role = match &core[..at] {
            "" => Role::Pawn,
            piece if piece.len() == 1 => {
                Role::from_char(char::from(piece.as_bytes()[0])).filter(|r| *r != Role::King)?
            }
            _ => return None,
        };
        if at > 0 && !b[0].is_ascii_uppercase() {
            return None;
        }
        return Some(Wanted::Drop {
            role,
            to: parse_square(&b[at + 1..])?,
        });
    }
    // UCI: from, to and an optional lowercase promotion letter.
    if (b.len() == 4 || b.len() == 5)
        && let (Some(from), Some(to)) = (parse_square(&b[0..2]), parse_square(&b[2..4]))
    {
        let promotion = match b.get(4) {
            None => None,
            Some(&c) if c.is_ascii_lowercase() => Some(Role::from_char(char::from(c))?),
            Some(_) => return None,
        };
        return Some(Wanted::Uci {
            from,
            to,
            promotion,
        });
    }
    let (role, mut rest) = match b.first() {
        Some(&c @ (b'N' | b'B' | b'R' | b'Q' | b'K')) => (Role::from_char(char::from(c))?, &b[1..]),
        Some(_) => (Role::Pawn, b),
        None => return None,
    };
    let mut promotion = None;
    if let Some((&last, before)) = rest.split_last()
        && matches!(last.to_ascii_uppercase(), b'N' | b'B' | b'R' | b'Q' | b'K')
        && role == Role::Pawn
    {
        promotion = Role::from_char(char::from(last));
        rest = before.strip_suffix(b"=").unwrap_or(before);
    }
    if rest.len() < 2 {
        return None;
    }
    let (hints, target) = rest.split_at(rest.len() - 2);
    let to = parse_square(target)?;
    let hints = hints.strip_suffix(b"x").unwrap_or(hints);
    let hints = if role != Role::Pawn {
        hints.strip_suffix(b"-").unwrap_or(hints)
    } else {
        hints
    };
    let (mut file, mut rank) = (None, None);
    for &h in hints {
        match h {
            b'a'..=b'h' if file.is_none() && rank.is_none() => file = Some(u32::from(h - b'a')),
            b'1'..=b'8' if rank.is_none() => rank = Some(u32::from(h - b'1')),
            _ => return None,
        }
    }
    Some(Wanted::San {
        role,
        file,
        rank,
        to,
        promotion,
    })
}

fn matches(pos: &Position, m: &Move, wanted: Wanted) -> bool {
    match wanted {
        Wanted::Castle { h_side } => m.kind == MoveKind::Castle && (m.to > m.from) == h_side,
        Wanted::Drop { role, to } => {
            m.kind == MoveKind::Drop && m.role == role && u32::from(m.to) == to
        }
        Wanted::Uci {
            from,
            to,
            promotion,
        } => {
            if m.kind == MoveKind::Drop || u32::from(m.from) != from || m.promotion != promotion {
                return false;
            }
            if m.kind == MoveKind::Castle {
                // The king's two-square step (standard) or the king taking its rook.
                u32::from(m.to) == to
                    || (!pos.is_chess960() && m.from % 8 == 4 && m.king_target() == to)
            } else {
                u32::from(m.to) == to
            }
        }
        Wanted::San {
            role,
            file,
            rank,
            to,
            promotion,
        } => {
            m.kind != MoveKind::Drop
                && m.kind != MoveKind::Castle
                && m.role == role
                && u32::from(m.to) == to
                && m.promotion == promotion
                && file.is_none_or(|f| u32::from(m.from) % 8 == f)
                && rank.is_none_or(|r| u32::from(m.from) / 8 == r)
                // A pawn move without its file is a push, never a capture (python-chess's
                // rule): `e3` is not `dxe3` en passant.
                && (role != Role::Pawn || file.is_some() || u32::from(m.from) % 8 == to % 8)
        }
    }
}

impl Position {
    /// Reads a move in SAN or UCI and finds it among the legal moves.
    ///
    /// # Errors
    /// `VAR301` for text that is neither SAN nor UCI, `VAR302` for a move that is not legal
    /// here, `VAR303` for SAN that more than one legal move fits. The span covers the text.
    pub fn parse_move(&self, text: &str) -> Result<Move, Finding> {
        let span = 0..text.len();
        let Some(wanted) = read(text) else {
            return Err(Finding::new(
                Code::BadMove,
                Severity::Error,
                span,
                format!(
                    "expected a move in SAN (`Nf3`, `O-O`, `P@e4`) or UCI (`g1f3`), found `{text}`"
                ),
            ));
        };
        let moves = self.legal_moves();
        let mut found = moves.iter().filter(|m| matches(self, m, wanted));
        match (found.next(), found.next()) {
            (Some(&m), None) => Ok(m),
            (Some(_), Some(_)) => {
                let fitting: Vec<String> = moves
                    .iter()
                    .filter(|m| matches(self, m, wanted))
                    .map(|&m| self.san(m))
                    .collect();
                Err(Finding::new(
                    Code::AmbiguousMove,
                    Severity::Error,
                    span,
                    format!(
                        "expected one legal move, found {} that `{text}` fits: {}",
                        fitting.len(),
                        fitting.join(", ")
                    ),
                )
                .with_help("add the file or rank the piece leaves"))
            }
            (None, _) => Err(Finding::new(
                Code::IllegalMove,
                Severity::Error,
                span,
                format!(
                    "expected a legal move of {} in {}, found `{text}`",
                    self.turn().name(),
                    self.variant().name()
                ),
            )
            .with_help(if moves.is_empty() {
                "no move is legal: the game is over".to_owned()
            } else {
                let mut sans: Vec<String> = moves.iter().take(8).map(|&m| self.san(m)).collect();
                if moves.len() > 8 {
                    sans.push("…".to_owned());
                }
                format!("legal moves: {}", sans.join(", "))
            })),
        }
    }

    /// Writes a legal move in SAN.
    #[must_use]
    pub fn san(&self, m: Move) -> String {
        let mut san = String::with_capacity(8);
        match m.kind {
            MoveKind::Drop => {
                san.push(m.role.upper_char());
                san.push('@');
                san.push_str(square_name(u32::from(m.to)));
            }
            MoveKind::Castle => san.push_str(if m.to < m.from { "O-O-O" } else { "O-O" }),
            MoveKind::Normal | MoveKind::EnPassant => {
                if m.role == Role::Pawn {
                    if m.is_capture() {
                        san.push(char::from(b'a' + m.from % 8));
                    }
                } else {
                    san.push(m.role.upper_char());
                    let others: u64 = self
                        .legal_moves()
                        .iter()
                        .filter(|o| {
                            o.role == m.role
                                && o.to == m.to
                                && o.from != m.from
                                && matches!(o.kind, MoveKind::Normal)
                        })
                        .fold(0, |acc, o| acc | 1u64 << o.from);
                    if others != 0 {
                        let rank_mask = 0xffu64 << (m.from & !7);
                        let file_mask = 0x0101_0101_0101_0101u64 << (m.from % 8);
                        let mut column = others & rank_mask != 0;
                        let row = others & file_mask != 0;
                        if !row {
                            column = true;
                        }
                        if column {
                            san.push(char::from(b'a' + m.from % 8));
                        }
                        if row {
                            san.push(char::from(b'1' + m.from / 8));
                        }
                    }
                }
                if m.is_capture() {
                    san.push('x');
                }
                san.push_str(square_name(u32::from(m.to)));
                if let Some(role) = m.promotion {
                    san.push('=');
                    san.push(role.upper_char());
                }
            }
        }
        let after = self.after(m);
        let check = after.is_check();
        let ended = matches!(
            after.variant().rules().variant_end(&after),
            Some(VariantEnd::Win | VariantEnd::Loss)
        );
        if (check && after.legal_moves().is_empty()) || ended {
            san.push('#');
        } else if check {
            san.push('+');
        }
        san
    }
}

//! Writing DFEN: the canonical spec form, the engine dialect, standard FEN and the identity key.

use std::fmt::{self, Write as _};

use crate::{Dfen, Profile, SquareSet};

/// The en-passant field of `set` in the order `profile` writes: alphabetical for `spec` and
/// `lenient`, square index (rank first) for `engine`; `-` when empty.
pub(crate) fn en_passant_string(set: SquareSet, profile: Profile) -> String {
    let mut out = String::with_capacity(2 * set.len().max(1));
    // Writing to a String cannot fail.
    let _ = write_en_passant(&mut out, set, profile);
    out
}

fn write_en_passant(out: &mut impl fmt::Write, set: SquareSet, profile: Profile) -> fmt::Result {
    if set.is_empty() {
        return out.write_char('-');
    }
    let mut write = |square: crate::Square| {
        let [file, rank] = square.name_bytes();
        out.write_char(file as char)?;
        out.write_char(rank as char)
    };
    match profile {
        Profile::Engine => set.iter().try_for_each(&mut write),
        Profile::Spec | Profile::Lenient => set.iter_alphabetical().try_for_each(&mut write),
    }
}

/// A fixed buffer that holds any DFEN this crate writes, so `Display` makes one `write_str` call.
struct LineBuffer {
    bytes: [u8; 192],
    len: usize,
}

impl LineBuffer {
    const fn new() -> LineBuffer {
        LineBuffer {
            bytes: [0; 192],
            len: 0,
        }
    }

    fn as_str(&self) -> Result<&str, fmt::Error> {
        let bytes = self.bytes.get(..self.len).ok_or(fmt::Error)?;
        std::str::from_utf8(bytes).map_err(|_| fmt::Error)
    }
}

impl fmt::Write for LineBuffer {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        let end = self.len + text.len();
        self.bytes
            .get_mut(self.len..end)
            .ok_or(fmt::Error)?
            .copy_from_slice(text.as_bytes());
        self.len = end;
        Ok(())
    }
}

fn write_u32(out: &mut impl fmt::Write, mut value: u32) -> fmt::Result {
    let mut digits = [0u8; 10];
    let mut start = digits.len();
    loop {
        start -= 1;
        if let Some(slot) = digits.get_mut(start) {
            *slot = b'0' + (value % 10) as u8;
        }
        value /= 10;
        if value == 0 {
            break;
        }
    }
    let text = digits.get(start..).ok_or(fmt::Error)?;
    out.write_str(std::str::from_utf8(text).map_err(|_| fmt::Error)?)
}

impl Dfen {
    fn write(&self, out: &mut impl fmt::Write, profile: Profile, with_dice: bool) -> fmt::Result {
        self.board.write_placement(out)?;
        out.write_char(' ')?;
        out.write_char(self.side.letter())?;
        out.write_char(' ')?;
        if self.castling.is_empty() {
            out.write_char('-')?;
        }
        for right in self.castling.iter() {
            out.write_char(right.letter())?;
        }
        out.write_char(' ')?;
        write_en_passant(out, self.en_passant, profile)?;
        out.write_char(' ')?;
        write_u32(out, self.halfmove)?;
        out.write_char(' ')?;
        write_u32(out, self.fullmove)?;
        if with_dice && (profile != Profile::Engine || !self.dice.is_empty()) {
            out.write_char(' ')?;
            if self.dice.is_empty() {
                out.write_char('-')?;
            }
            for role in self.dice.iter() {
                out.write_char(role.letter(self.side))?;
            }
        }
        Ok(())
    }

    fn write_buffered(&self, f: &mut fmt::Formatter<'_>, profile: Profile) -> fmt::Result {
        let mut buffer = LineBuffer::new();
        self.write(&mut buffer, profile, true)?;
        f.write_str(buffer.as_str()?)
    }

    /// Writes this position in the dialect of `profile`.
    ///
    /// `spec` and `lenient` write the canonical form (what `Display` writes). `engine` omits the
    /// dice field when no dice are pending and orders en-passant squares by square index. The
    /// engine's halfmove clock stops at 127: check [`Dfen::halfmove`] before writing for it.
    ///
    /// ```
    /// use dfen::{Dfen, Profile};
    /// let dfen: Dfen = "4k3/8/8/p7/8/8/8/4K3 w - a6 0 1 -".parse().unwrap();
    /// assert_eq!(dfen.display_as(Profile::Engine).to_string(), "4k3/8/8/p7/8/8/8/4K3 w - a6 0 1");
    /// ```
    #[must_use]
    pub fn display_as(&self, profile: Profile) -> impl fmt::Display + '_ {
        DisplayAs {
            dfen: self,
            profile,
        }
    }

    /// The six standard FEN fields, when that loses nothing.
    ///
    /// # Errors
    /// [`LossyConversion`] when dice are pending or there is more than one en-passant square:
    /// standard FEN can hold neither.
    ///
    /// ```
    /// let dfen: dfen::Dfen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -".parse().unwrap();
    /// assert_eq!(dfen.to_fen().unwrap(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    /// let mid_turn: dfen::Dfen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 PN".parse().unwrap();
    /// assert_eq!(
    ///     mid_turn.to_fen().unwrap_err().to_string(),
    ///     "standard FEN cannot hold this position: it would drop the pending dice `PN`"
    /// );
    /// ```
    pub fn to_fen(&self) -> Result<String, LossyConversion> {
        let (fen, dropped) = self.to_fen_lossy();
        if dropped.is_empty() {
            Ok(fen)
        } else {
            Err(LossyConversion { dropped })
        }
    }

    /// The six standard FEN fields and a list of what had to be dropped to get them.
    ///
    /// More than one en-passant square becomes `-`; pending dice are dropped.
    #[must_use]
    pub fn to_fen_lossy(&self) -> (String, Vec<String>) {
        let mut dropped = Vec::new();
        let mut copy = self.clone();
        if self.en_passant.len() > 1 {
            dropped.push(format!(
                "the en-passant squares `{}` (standard FEN holds one)",
                en_passant_string(self.en_passant, Profile::Spec)
            ));
            copy.en_passant = SquareSet::EMPTY;
        }
        if !self.dice.is_empty() {
            dropped.push(format!(
                "the pending dice `{}`",
                self.dice.to_string_for(self.side)
            ));
        }
        let mut out = String::with_capacity(90);
        let _ = copy.write(&mut out, Profile::Spec, false);
        (out, dropped)
    }

    /// The identity key: the canonical form without the clocks (halfmove and fullmove).
    ///
    /// Two positions are the same position exactly when their keys are equal.
    ///
    /// ```
    /// let a: dfen::Dfen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -".parse().unwrap();
    /// let b: dfen::Dfen = "4k3/8/8/8/8/8/8/4K3 w - - 12 40 -".parse().unwrap();
    /// assert_eq!(a.identity_key(), "4k3/8/8/8/8/8/8/4K3 w - - -");
    /// assert_eq!(a.identity_hash(), b.identity_hash());
    /// ```
    #[must_use]
    pub fn identity_key(&self) -> String {
        let mut out = String::with_capacity(90);
        let _ = self.board.write_placement(&mut out);
        let _ = write!(out, " {} {} ", self.side.letter(), self.castling);
        let _ = write_en_passant(&mut out, self.en_passant, Profile::Spec);
        out.push(' ');
        out.push_str(&self.dice.to_string_for(self.side));
        out
    }

    /// A stable 64-bit hash of [`identity_key`](Dfen::identity_key): FNV-1a over its bytes.
    #[must_use]
    pub fn identity_hash(&self) -> u64 {
        fnv1a64(self.identity_key().as_bytes())
    }
}

/// FNV-1a, 64-bit: a stable, documented hash for identity keys.
#[must_use]
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &byte in bytes {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

struct DisplayAs<'a> {
    dfen: &'a Dfen,
    profile: Profile,
}

impl fmt::Display for DisplayAs<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.dfen.write_buffered(f, self.profile)
    }
}

impl fmt::Display for Dfen {
    /// The canonical spec form: seven fields, single spaces, `-` for an empty field 7.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_buffered(f, Profile::Spec)
    }
}

/// A conversion that would lose information, and what exactly it would drop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LossyConversion {
    /// Each item that would be lost, as a phrase.
    pub dropped: Vec<String>,
}

impl fmt::Display for LossyConversion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "standard FEN cannot hold this position: it would drop {}",
            self.dropped.join(" and ")
        )
    }
}

impl std::error::Error for LossyConversion {}

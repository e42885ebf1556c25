//! Deterministic generators of FEN4 literals, valid and mutated.

use fen4::{Coord, Piece, Placement};

/// SplitMix64: small, deterministic, good enough for test inputs.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub(crate) fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    pub(crate) fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// A random placement with `n` pieces (duplicates collapse, so it may hold fewer).
pub(crate) fn placement(rng: &mut Rng, n: usize) -> Placement {
    (0..n)
        .map(|_| {
            let at = Coord::from_index(rng.below(4096) as u16).unwrap();
            (at, *rng.pick(&Piece::ALL))
        })
        .collect()
}

const WS: [&str; 8] = [" ", "  ", "\t", "\n", "\r\n", " \n  ", "", "\r"];

fn ws(rng: &mut Rng, percent: usize) -> &'static str {
    if rng.chance(percent) {
        WS[rng.below(WS.len())]
    } else {
        ""
    }
}

/// A valid literal for a random placement, written with random accepted variations:
/// leading whitespace, slash pawns, spacing, line breaks, shuffled order, trailing `;`.
pub(crate) fn valid_literal(rng: &mut Rng) -> String {
    let n = match rng.below(10) {
        0 => 0,
        1..=6 => 1 + rng.below(8),
        _ => 1 + rng.below(64),
    };
    let p = placement(rng, n);
    if rng.chance(30) {
        return p.to_string();
    }
    let mut pieces: Vec<(Coord, Piece)> = p.iter().collect();
    if rng.chance(40) {
        for i in (1..pieces.len()).rev() {
            let j = rng.below(i + 1);
            pieces.swap(i, j);
        }
    }
    let mut s = String::new();
    s.push_str(ws(rng, 10));
    s.push_str("4d-fen v1:");
    let vary = rng.below(100);
    for (i, (at, piece)) in pieces.iter().enumerate() {
        if i == 0 {
            s.push_str(if rng.chance(vary) {
                WS[rng.below(WS.len())]
            } else {
                " "
            });
        } else {
            s.push_str(ws(rng, vary));
            s.push(';');
            s.push_str(if rng.chance(vary) {
                WS[rng.below(WS.len())]
            } else {
                " "
            });
        }
        let spec = piece.spec();
        if spec.len() == 2 && rng.chance(20) {
            s.push_str(&spec[..1]);
            s.push('/');
            s.push_str(&spec[1..]);
        } else {
            s.push_str(spec);
        }
        s.push_str(ws(rng, vary / 2));
        s.push('@');
        s.push_str(ws(rng, vary / 2));
        s.push_str(&at.to_string());
    }
    if !pieces.is_empty() && rng.chance(15) {
        s.push_str(ws(rng, 30));
        s.push(';');
    }
    s.push_str(ws(rng, 10));
    s
}

const ALPHABET: [char; 44] = [
    '0', '1', '5', '7', '8', '9', ',', ';', '@', ' ', '\t', '\n', '\r', '\0', 'P', 'p', 'w', 'y',
    'z', 'W', 'N', 'B', 'R', 'Q', 'K', 'n', 'b', 'r', 'q', 'k', 'x', '/', '-', 'é', '😀', 'v', '2',
    ':', '4', 'd', 'f', 'e', '\u{b}', '\u{a0}',
];

/// A literal mutated character by character: replace, delete, insert or duplicate.
pub(crate) fn mutated_literal(rng: &mut Rng) -> String {
    let base = if rng.chance(15) {
        duplicate_literal(rng)
    } else {
        valid_literal(rng)
    };
    let mut chars: Vec<char> = base.chars().collect();
    let edits = 1 + rng.below(3);
    for _ in 0..edits {
        let len = chars.len();
        match rng.below(5) {
            0 | 1 if len > 0 => {
                let i = rng.below(len);
                chars[i] = *rng.pick(&ALPHABET);
            }
            2 if len > 0 => {
                chars.remove(rng.below(len));
            }
            3 => {
                let i = rng.below(len + 1);
                chars.insert(i, *rng.pick(&ALPHABET));
            }
            _ if len > 2 => {
                let a = rng.below(len);
                let b = (a + 1 + rng.below(12)).min(len);
                let seg: Vec<char> = chars[a..b].to_vec();
                let at = rng.below(len + 1);
                chars.splice(at..at, seg);
            }
            _ => chars.push(*rng.pick(&ALPHABET)),
        }
    }
    chars.into_iter().collect()
}

/// A canonical literal with one extra piece on an occupied square inserted somewhere.
pub(crate) fn duplicate_literal(rng: &mut Rng) -> String {
    let n = 1 + rng.below(16);
    let p = placement(rng, n);
    let mut parts: Vec<String> = p.iter().map(|(at, pc)| format!("{pc}@{at}")).collect();
    let (at, _) = p.iter().nth(rng.below(p.len())).unwrap();
    let extra = format!("{}@{at}", rng.pick(&Piece::ALL));
    let i = rng.below(parts.len() + 1);
    parts.insert(i, extra);
    format!("4d-fen v1: {}", parts.join("; "))
}

//! The speed peer of `pgn/benches/compare.sh`: pgn-reader's mainline check as its `validate`
//! example does it (the mainline only; a game stops at its first error), on a file read into
//! memory first, printing MB/s. pgn-reader and shakmaty are GPL: this is a benchmark peer
//! outside the workspace, never a dependency of anything fenkit ships.
use pgn_reader::{BufferedReader, RawTag, SanPlus, Skip, Visitor};
use shakmaty::{fen::Fen, CastlingMode, Chess, Position};

struct Check {
    pos: Chess,
    ok: bool,
}

impl Visitor for Check {
    type Result = bool;
    fn begin_tags(&mut self) {
        self.pos = Chess::default();
        self.ok = true;
    }
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        if name == b"FEN" {
            match Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|f| f.into_position(CastlingMode::Chess960).ok())
            {
                Some(p) => self.pos = p,
                None => self.ok = false,
            }
        }
    }
    fn end_tags(&mut self) -> Skip {
        Skip(!self.ok)
    }
    fn begin_variation(&mut self) -> Skip {
        Skip(true)
    }
    fn san(&mut self, san: SanPlus) {
        if self.ok {
            match san.san.to_move(&self.pos) {
                Ok(m) => self.pos.play_unchecked(m),
                Err(_) => self.ok = false,
            }
        }
    }
    fn end_game(&mut self) -> bool {
        self.ok
    }
}

fn main() -> std::io::Result<()> {
    for arg in std::env::args().skip(1) {
        let bytes = std::fs::read(&arg)?;
        // Reading the file is not timed, as on fenkit's side.
        let start = std::time::Instant::now();
        let mut reader = BufferedReader::new(&bytes[..]);
        let mut check = Check {
            pos: Chess::default(),
            ok: true,
        };
        let (mut games, mut bad) = (0, 0);
        while let Some(ok) = reader.read_game(&mut check)? {
            games += 1;
            if !ok {
                bad += 1;
            }
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{arg}: {games} games, {bad} with errors, {:.1} MB/s",
            bytes.len() as f64 / 1e6 / secs
        );
    }
    Ok(())
}

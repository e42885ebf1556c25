//! Times the reader on a file: `pgn_time PATH [ROUNDS]` (for profiling; the benchmark is
//! `benches/read.rs`).

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().unwrap_or_default();
    let rounds: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(5);
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    for _ in 0..rounds {
        let start = std::time::Instant::now();
        let (mut games, mut moves) = (0, 0);
        for game in pgn::Reader::new().games(&text) {
            games += 1;
            moves += game.moves_checked;
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{games} games, {moves} moves, {:.1} MB/s",
            text.len() as f64 / 1e6 / secs
        );
    }
}

//! Variant perft and validity checks against standard chess's.
//!
//! Positions: the 12 of each variant's committed suite (`tests/data/perft/<variant>.perft`,
//! positions of seeded random games). Rows:
//!
//! - `perft::variant(NAME)`: perft 3 of every position of NAME's suite in NAME, counted in
//!   nodes (leaf positions), so divan prints nodes per second; `perft::variant(chess)` is
//!   standard perft through this crate, the baseline the target (a variant within 1.5×
//!   of standard's nodes per second) is measured against; `perft::dfen_standard` is the same
//!   chess positions through `chess::standard` (the command line's `perft --standard`), for scale;
//!   `perft::standard_rules(NAME)` is NAME's positions played by standard chess's rules, the
//!   baseline on the same positions.
//! - `check::variant(NAME)`: [`variants::check`] (read, status, findings) of every line of
//!   NAME's suite, counted in positions; `check::dfen_standard` is `dfen::Parser` reading and
//!   judging the chess lines as standard FEN, the baseline for a validity check (target:
//!   a variant at most 1.3× its cost per position).
//!
//! With `FENKIT_PERFT_SUITES=DIR` (python-chess's `examples/perft` or shakmaty's `tests`,
//! GPL, never committed) the perft rows read `DIR/<variant>.perft` instead, in Chess960 mode as
//! those suites are run (chess: `DIR/tricky.perft`); a variant without a file there keeps its
//! committed suite.
//!
//! Run: `cargo bench -p fenkit-variants --bench perft`.

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use variants::{Position, Suite, Variant};

fn main() {
    divan::main();
}

const NAMES: [&str; 9] = [
    "chess",
    "antichess",
    "giveaway",
    "atomic",
    "horde",
    "racingkings",
    "kingofthehill",
    "3check",
    "crazyhouse",
];

fn suite_text(name: &str) -> &'static str {
    match name {
        "chess" => include_str!("../tests/data/perft/chess.perft"),
        "antichess" => include_str!("../tests/data/perft/antichess.perft"),
        "giveaway" => include_str!("../tests/data/perft/giveaway.perft"),
        "atomic" => include_str!("../tests/data/perft/atomic.perft"),
        "horde" => include_str!("../tests/data/perft/horde.perft"),
        "racingkings" => include_str!("../tests/data/perft/racingkings.perft"),
        "kingofthehill" => include_str!("../tests/data/perft/kingofthehill.perft"),
        "3check" => include_str!("../tests/data/perft/3check.perft"),
        "crazyhouse" => include_str!("../tests/data/perft/crazyhouse.perft"),
        _ => unreachable!("no suite for {name}"),
    }
}

/// The published suite of `name` under `FENKIT_PERFT_SUITES`, if there is one.
fn published(name: &str) -> Option<String> {
    let dir = std::env::var_os("FENKIT_PERFT_SUITES")?;
    let file = if name == "chess" { "tricky" } else { name };
    std::fs::read_to_string(std::path::Path::new(&dir).join(format!("{file}.perft"))).ok()
}

/// The perft rows' positions: the published suite when given, else the committed one.
fn perft_positions(name: &str) -> Vec<Position> {
    let Some(text) = published(name) else {
        return positions(name).2;
    };
    let variant: Variant = name.parse().unwrap();
    let suite = Suite::read(&text, variant, true);
    suite.cases.into_iter().filter_map(|c| c.position).collect()
}

fn positions(name: &str) -> (Variant, Vec<String>, Vec<Position>) {
    let variant: Variant = name.parse().unwrap();
    let suite = Suite::read(suite_text(name), variant, false);
    let lines = suite
        .cases
        .iter()
        .map(|c| format!("{} 0 1", c.epd))
        .collect();
    let positions = suite.cases.into_iter().filter_map(|c| c.position).collect();
    (variant, lines, positions)
}

mod perft {
    use super::*;

    #[divan::bench(args = NAMES)]
    fn variant(bencher: Bencher, name: &str) {
        let positions = perft_positions(name);
        let nodes: u64 = positions.iter().map(|p| p.perft(3)).sum();
        bencher.counter(ItemsCount::new(nodes)).bench(|| {
            black_box(&positions)
                .iter()
                .map(|p| p.perft(3))
                .sum::<u64>()
        });
    }

    /// The same positions as `variant(NAME)`, played by standard chess's rules.
    #[divan::bench(args = NAMES)]
    fn standard_rules(bencher: Bencher, name: &str) {
        let positions = perft_positions(name);
        let positions: Vec<Position> = positions
            .iter()
            .map(|p| p.with_variant(Variant::Chess))
            .collect();
        let nodes: u64 = positions.iter().map(|p| p.perft(3)).sum();
        bencher.counter(ItemsCount::new(nodes)).bench(|| {
            black_box(&positions)
                .iter()
                .map(|p| p.perft(3))
                .sum::<u64>()
        });
    }

    #[divan::bench]
    fn dfen_standard(bencher: Bencher) {
        let (_, lines, _) = positions("chess");
        let positions: Vec<chess::standard::Position> = lines
            .iter()
            .map(|line| chess::standard::Position::new(&line.parse::<dfen::Dfen>().unwrap()))
            .collect();
        let nodes: u64 = positions.iter().map(|p| p.perft(3)).sum();
        bencher.counter(ItemsCount::new(nodes)).bench(|| {
            black_box(&positions)
                .iter()
                .map(|p| p.perft(3))
                .sum::<u64>()
        });
    }
}

mod check {
    use super::*;

    #[divan::bench(args = NAMES)]
    fn variant(bencher: Bencher, name: &str) {
        let (variant, lines, _) = positions(name);
        bencher.counter(ItemsCount::new(lines.len())).bench(|| {
            black_box(&lines)
                .iter()
                .map(|line| {
                    variants::check(variant, line, false)
                        .unwrap()
                        .findings
                        .len()
                })
                .sum::<usize>()
        });
    }

    /// `dfen`'s variant parser alone (its own position checks on), as the command line reads
    /// NAME's lines with `--variant` today (chess for the variants it has no rules of).
    #[divan::bench(args = NAMES)]
    fn dfen_variant(bencher: Bencher, name: &str) {
        let (_, lines, _) = positions(name);
        let dvariant = match name {
            "3check" => chess::variant::Variant::ThreeCheck,
            "crazyhouse" => chess::variant::Variant::Crazyhouse,
            _ => chess::variant::Variant::Chess,
        };
        let parser = chess::variant::VariantParser::new(dvariant)
            .dialect(chess::variant::Dialect::detect(dvariant, &lines[0]))
            .lenient(true);
        bencher.counter(ItemsCount::new(lines.len())).bench(|| {
            black_box(&lines)
                .iter()
                .map(|line| parser.parse(line).map_or(0, |p| p.findings.len()))
                .sum::<usize>()
        });
    }

    #[divan::bench]
    fn dfen_standard(bencher: Bencher) {
        let (_, lines, _) = positions("chess");
        let parser = dfen::Parser::new();
        bencher.counter(ItemsCount::new(lines.len())).bench(|| {
            black_box(&lines)
                .iter()
                .map(|line| parser.parse(line).unwrap().findings.len())
                .sum::<usize>()
        });
    }
}

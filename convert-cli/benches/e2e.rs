//! End-to-end benchmark of the `fenkit` binary: `check` and `fmt --check` on a 1,000,000-line
//! DFEN file and a 250,000-line FEN4 file, with 1 and 2 threads, against the I/O floor (reading the same file
//! and splitting it into lines with memchr), with peak RSS from `/usr/bin/time -f %M`, and the
//! machine's own two-CPU ceiling: two one-thread `check` processes run at once.
//!
//! The DFEN file also goes through a peer: a lint loop built on shakmaty (a test-only oracle), in
//! this process, on one thread. It reads the file as the floor does, and for each line drops the
//! dice field, parses, validates the position and writes the canonical FEN to compare with the
//! line. That is the least a lint must do, with the peer's own parser, so
//! `dfen_check_1t_vs_shakmaty_lint` says how `fenkit check` compares with the obvious tool one
//! would otherwise write.
//!
//! Run: `cargo bench -p fenkit --bench e2e`. The files are generated reproducibly from a
//! seed into `bench-data/` (git-ignored) on the first run and reused after. Environment:
//! - `FENKIT_E2E_LINES`: DFEN lines (default 1,000,000; the FEN4 file has a quarter as many,
//!   whose runs last about as long); `FENKIT_E2E_RUNS`: runs per row, the fastest counts
//!   (default 3);
//! - `FENKIT_E2E_GB=1`: also check a file of at least 1 GiB (the DFEN file repeated) and report
//!   its peak RSS.
//!
//! Then the cost of reporting: `check` with a finding on each of 100,000 lines in the human,
//! `json` and `sarif` formats, and `diff` of two 100,000-line files beside `diff(1)`.
//!
//! The last line is machine-readable: `RATIOS name=value …`.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

const SEED: u64 = 0x00c0_ffee_d1ce_5eed;

fn main() {
    let lines = env_usize("FENKIT_E2E_LINES", 1_000_000);
    let runs = env_usize("FENKIT_E2E_RUNS", 3).max(1);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../bench-data");
    std::fs::create_dir_all(&dir).expect("create bench-data/");
    let dfen = dir.join(format!("e2e-{lines}-{SEED:x}.dfen"));
    // FEN4 lines are about nine times as long as DFEN ones: a quarter as many take about as
    // long, so that the fixed cost of starting a process weighs alike in both.
    let fen4 = dir.join(format!("e2e-{}-{SEED:x}-two-kings.fen4", lines / 4));
    if !dfen.exists() {
        write_dfen(&dfen, lines);
    }
    if !fen4.exists() {
        write_fen4(&fen4, lines / 4);
    }

    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "fenkit end to end ({runs} runs per row, fastest shown; load average {})",
        load.split(' ').take(3).collect::<Vec<_>>().join(" ")
    );
    println!(
        "{:<34} {:>10} {:>14} {:>12} {:>10} {:>6}",
        "what", "lines", "time", "lines/s", "peak RSS", "cores"
    );
    let mut ratios = Vec::new();
    // The fixed cost of a run: starting the process and checking an empty file.
    let empty = dir.join("e2e-empty.dfen");
    File::create(&empty).expect("create an empty file");
    let startup = (0..runs)
        .map(|_| fenkit(&["check"], 1, &empty).0)
        .min()
        .unwrap_or_default();
    row("start-up: check an empty file", 0, startup, None, None);
    ratios.push(format!("startup_ms={:.1}", startup.as_secs_f64() * 1e3));
    for (name, path) in [("dfen", &dfen), ("fen4", &fen4)] {
        // Every row's runs are taken round by round (floor, check 1, check 2, fmt 1, fmt 2, then
        // again), so that a slow spell of the machine hits every row alike.
        let configs: Vec<(&[&str], usize)> = vec![
            (&["check"], 1),
            (&["check"], 2),
            (&["fmt", "--check"], 1),
            (&["fmt", "--check"], 2),
        ];
        let mut floor_best: Option<(Duration, usize)> = None;
        let mut pair_best: Option<Duration> = None;
        let mut peer_best: Option<Duration> = None;
        let mut bests: Vec<Option<(Duration, (u64, f64))>> = vec![None; configs.len()];
        for _ in 0..runs {
            let run = floor(path);
            if floor_best.is_none_or(|best| run.0 < best.0) {
                floor_best = Some(run);
            }
            for (best, (args, threads)) in bests.iter_mut().zip(&configs) {
                let run = fenkit(args, *threads, path);
                if best.is_none_or(|b| run.0 < b.0) {
                    *best = Some(run);
                }
            }
            let run = two_at_once(path);
            if pair_best.is_none_or(|best| run < best) {
                pair_best = Some(run);
            }
            if name == "dfen" {
                let (run, lines, clean) = shakmaty_lint(path);
                assert_eq!(
                    clean, lines,
                    "the peer found the generated file not canonical"
                );
                if peer_best.is_none_or(|best| run < best) {
                    peer_best = Some(run);
                }
            }
        }
        let Some((floor, count)) = floor_best else {
            return;
        };
        row(
            &format!("{name}: floor (read + memchr lines)"),
            count,
            floor,
            None,
            None,
        );
        let mut times = Vec::new();
        for (best, (args, threads)) in bests.iter().zip(&configs) {
            let Some((time, (rss, cpu))) = *best else {
                return;
            };
            let label = format!("{name}: {} --threads {threads}", args.join(" "));
            row(&label, count, time, Some(rss), Some(cpu));
            times.push(time);
        }
        let Some(pair) = pair_best else {
            return;
        };
        row(
            &format!("{name}: 2 x check --threads 1 at once"),
            2 * count,
            pair,
            None,
            None,
        );
        if let Some(peer) = peer_best {
            row(
                &format!("{name}: shakmaty lint loop, 1 thread"),
                count,
                peer,
                None,
                None,
            );
        }
        let per = |a: Duration, b: Duration| a.as_secs_f64() / b.as_secs_f64();
        if let Some(peer) = peer_best {
            ratios.push(format!(
                "{name}_check_1t_vs_shakmaty_lint={:.2}",
                per(peer, times[0])
            ));
        }
        ratios.push(format!(
            "{name}_check_1t_vs_floor={:.3}",
            per(floor, times[0])
        ));
        // What two CPUs give two independent one-thread runs: the most two threads can gain.
        ratios.push(format!(
            "{name}_machine_2cpu_ceiling={:.2}",
            2.0 * per(times[0], pair)
        ));
        ratios.push(format!(
            "{name}_check_2t_vs_1t={:.2}",
            per(times[0], times[1])
        ));
        ratios.push(format!(
            "{name}_fmt_check_2t_vs_1t={:.2}",
            per(times[2], times[3])
        ));
    }
    reporting(&dir, &dfen, runs, &mut ratios);
    if std::env::var("FENKIT_E2E_GB").is_ok_and(|v| v == "1") {
        let big = dir.join(format!("e2e-1gib-{SEED:x}.dfen"));
        if !big.exists() {
            repeat_to(&dfen, &big, 1 << 30);
        }
        let count = count_lines(&big);
        let (time, (rss, cpu)) = fenkit(&["check"], 2, &big);
        row(
            "dfen 1 GiB: check --threads 2",
            count,
            time,
            Some(rss),
            Some(cpu),
        );
        ratios.push(format!("rss_1gib_mb={:.1}", rss as f64 / 1024.0));
    }
    println!("RATIOS {}", ratios.join(" "));
}

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.replace('_', "").parse().ok())
        .unwrap_or(default)
}

/// One table row; `cpu` is the CPU time (user + system) of the run, shown as the number of
/// cores it kept busy on average (below the thread count when other work shares the machine).
fn row(what: &str, lines: usize, time: Duration, rss_kib: Option<u64>, cpu: Option<f64>) {
    let rate = lines as f64 / time.as_secs_f64();
    let rss = rss_kib.map_or_else(
        || "-".to_owned(),
        |k| format!("{:.1} MB", k as f64 / 1024.0),
    );
    let cores = cpu.map_or_else(
        || "-".to_owned(),
        |c| format!("{:.2}", c / time.as_secs_f64()),
    );
    println!(
        "{what:<34} {lines:>10} {:>11.1} ms {:>10.2}M {rss:>10} {cores:>6}",
        time.as_secs_f64() * 1000.0,
        rate / 1e6
    );
}

/// The floor: stream the file and count its lines with memchr, as fenkit's reader does.
fn floor(path: &Path) -> (Duration, usize) {
    let start = Instant::now();
    let count = count_lines(path);
    (start.elapsed(), count)
}

/// The peer: the floor's reading, and for each line (a canonical FEN and ` -`, the dice field)
/// shakmaty's parse, validation and canonical write, compared with the line. Returns the time,
/// the lines and how many of them were canonical and valid.
fn shakmaty_lint(path: &Path) -> (Duration, usize, usize) {
    let start = Instant::now();
    let mut reader = BufReader::with_capacity(1 << 16, File::open(path).expect("open"));
    let (mut lines, mut clean) = (0, 0);
    let mut line = Vec::with_capacity(128);
    let mut canonical = String::with_capacity(128);
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line).expect("read") == 0 {
            break;
        }
        lines += 1;
        let text = line.strip_suffix(b"\n").unwrap_or(&line);
        let Some(fen) = text.strip_suffix(b" -") else {
            continue;
        };
        let Ok(parsed) = Fen::from_ascii(fen) else {
            continue;
        };
        let Ok(position) = parsed.into_position::<Chess>(CastlingMode::Standard) else {
            continue;
        };
        canonical.clear();
        let written = Fen::from_position(&position, EnPassantMode::Legal);
        std::fmt::Write::write_fmt(&mut canonical, format_args!("{written}")).expect("write");
        if canonical.as_bytes() == fen {
            clean += 1;
        }
    }
    (start.elapsed(), lines, clean)
}

fn count_lines(path: &Path) -> usize {
    let mut reader = BufReader::with_capacity(1 << 16, File::open(path).expect("open"));
    let mut lines = 0;
    loop {
        let buf = reader.fill_buf().expect("read");
        if buf.is_empty() {
            break;
        }
        lines += memchr::memchr_iter(b'\n', buf).count();
        let len = buf.len();
        reader.consume(len);
    }
    lines
}

/// The wall time of two `fenkit check --threads 1 PATH` processes started together, until both
/// have finished: how well this machine runs two busy CPUs at once.
fn two_at_once(path: &Path) -> Duration {
    let start = Instant::now();
    let spawn = || {
        Command::new(env!("CARGO_BIN_EXE_fenkit"))
            .args(["check", "--quiet", "--threads", "1"])
            .arg(path)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("run fenkit")
    };
    let (mut a, mut b) = (spawn(), spawn());
    for child in [&mut a, &mut b] {
        let status = child.wait().expect("wait for fenkit");
        assert!(
            status.code().is_some_and(|c| c <= 1),
            "fenkit check failed: {status}"
        );
    }
    start.elapsed()
}

/// Lines of the reporting rows' files.
const REPORT_LINES: usize = 100_000;

/// The cost of reporting many findings, which the rows above (clean positions, `--quiet`)
/// never pay: a 100,000-line file whose every position has a finding (the DFEN file's lines
/// without their dice field) through `check` in the human, `json` and `sarif` formats; and
/// `diff` of two 100,000-line files with nothing in common, beside the text-diff tool `diff(1)`
/// on the same files. Output goes to a pipe that is read and thrown away, as in a CI job.
fn reporting(dir: &Path, dfen: &Path, runs: usize, ratios: &mut Vec<String>) {
    let findings = dir.join(format!("e2e-{REPORT_LINES}-{SEED:x}-no-dice.dfen"));
    let (old, new) = (
        dir.join(format!("e2e-{REPORT_LINES}-{SEED:x}-diff-a.dfen")),
        dir.join(format!("e2e-{REPORT_LINES}-{SEED:x}-diff-b.dfen")),
    );
    if !findings.exists() || !old.exists() || !new.exists() {
        let source = BufReader::new(File::open(dfen).expect("open the DFEN file"));
        let lines: Vec<String> = source.lines().map_while(Result::ok).collect();
        let write = |path: &Path, lines: &mut dyn Iterator<Item = String>| {
            let mut out = BufWriter::new(File::create(tmp(path)).expect("create"));
            for line in lines {
                writeln!(out, "{line}").expect("write");
            }
            out.flush().expect("flush");
            drop(out);
            std::fs::rename(tmp(path), path).expect("rename");
        };
        let head = || lines.iter().take(REPORT_LINES).cloned();
        write(
            &findings,
            &mut head().map(|l| l.strip_suffix(" -").unwrap_or(&l).to_owned()),
        );
        write(&old, &mut head());
        let middle = lines.len() / 2;
        write(
            &new,
            &mut lines.iter().skip(middle).take(REPORT_LINES).cloned(),
        );
    }
    let findings_arg = findings.to_string_lossy().into_owned();
    let configs: Vec<(String, Vec<String>)> = vec![
        (
            "report: check (human)".into(),
            vec!["check".into(), findings_arg.clone()],
        ),
        (
            "report: check --output-format json".into(),
            vec![
                "check".into(),
                "--output-format".into(),
                "json".into(),
                findings_arg.clone(),
            ],
        ),
        (
            "report: check --output-format sarif".into(),
            vec![
                "check".into(),
                "--output-format".into(),
                "sarif".into(),
                findings_arg,
            ],
        ),
        (
            "report: diff, nothing in common".into(),
            vec![
                "diff".into(),
                old.to_string_lossy().into_owned(),
                new.to_string_lossy().into_owned(),
            ],
        ),
    ];
    let mut bests: Vec<Option<(Duration, (u64, f64))>> = vec![None; configs.len()];
    for _ in 0..runs {
        for (best, (_, args)) in bests.iter_mut().zip(&configs) {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let run = timed(&args);
            if best.is_none_or(|b| run.0 < b.0) {
                *best = Some(run);
            }
        }
    }
    // The text-diff tool on the same two files, for scale: it compares bytes, not positions.
    let text_diff = (0..runs)
        .map(|_| {
            let start = Instant::now();
            let _ = Command::new("diff")
                .arg(&old)
                .arg(&new)
                .stdout(Stdio::null())
                .status();
            start.elapsed()
        })
        .min()
        .unwrap_or_default();
    for (best, (label, _)) in bests.iter().zip(&configs) {
        let Some((time, (rss, cpu))) = *best else {
            return;
        };
        row(label, REPORT_LINES, time, Some(rss), Some(cpu));
    }
    row(
        "report: diff(1) of the same files",
        REPORT_LINES,
        text_diff,
        None,
        None,
    );
    let rss_mb = |i: usize| bests[i].map_or(0.0, |(_, (rss, _))| rss as f64 / 1024.0);
    let time = |i: usize| bests[i].map_or(0.0, |(time, _)| time.as_secs_f64());
    ratios.push(format!(
        "report_diff_vs_text_diff={:.2}",
        time(3) / text_diff.as_secs_f64()
    ));
    ratios.push(format!("report_json_rss_mb={:.1}", rss_mb(1)));
    ratios.push(format!("report_sarif_rss_mb={:.1}", rss_mb(2)));
    ratios.push(format!("report_diff_rss_mb={:.1}", rss_mb(3)));
}

/// Runs `fenkit ARGS --quiet --threads N PATH` (see [`timed`]).
fn fenkit(args: &[&str], threads: usize, path: &Path) -> (Duration, (u64, f64)) {
    let threads = threads.to_string();
    let path = path.to_string_lossy();
    let mut all = args.to_vec();
    all.extend(["--quiet", "--threads", &threads, &path]);
    timed(&all)
}

/// Runs `fenkit ARGS` under `/usr/bin/time`, its output read from a pipe and dropped: wall
/// time, peak RSS (KiB, `%M`) and CPU seconds (`%U` + `%S`).
fn timed(args: &[&str]) -> (Duration, (u64, f64)) {
    let rss_file = std::env::temp_dir().join(format!("fenkit-e2e-rss-{}", std::process::id()));
    let start = Instant::now();
    let mut child = Command::new("/usr/bin/time")
        .args(["-f", "%M %U %S", "-o"])
        .arg(&rss_file)
        .arg(env!("CARGO_BIN_EXE_fenkit"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("run /usr/bin/time (apt-get install time)");
    if let Some(mut out) = child.stdout.take() {
        std::io::copy(&mut out, &mut std::io::sink()).expect("read the output");
    }
    let status = child.wait().expect("wait for fenkit");
    let elapsed = start.elapsed();
    assert!(
        status.code().is_some_and(|c| c <= 1),
        "fenkit {args:?} failed: {status}"
    );
    let mut text = String::new();
    File::open(&rss_file)
        .and_then(|mut f| f.read_to_string(&mut text))
        .expect("read RSS");
    let fields: Vec<&str> = text.lines().last().unwrap_or("").split(' ').collect();
    let number = |i: usize| fields.get(i).and_then(|f| f.trim().parse::<f64>().ok());
    let rss = number(0).unwrap_or(0.0) as u64;
    let cpu = number(1).unwrap_or(0.0) + number(2).unwrap_or(0.0);
    (elapsed, (rss, cpu))
}

/// A xorshift stream.
fn rng(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// `lines` canonical DFENs: every position of seeded random games (standard chess rules), with
/// field 7 `-`.
fn write_dfen(path: &Path, lines: usize) {
    eprintln!("generating {} ({lines} lines)…", path.display());
    let mut next = rng(SEED);
    let mut out = BufWriter::new(File::create(tmp(path)).expect("create"));
    let mut written = 0;
    while written < lines {
        let mut pos = Chess::default();
        for _ in 0..160 {
            let moves = pos.legal_moves();
            if moves.is_empty() || written == lines {
                break;
            }
            let m = moves[(next() % moves.len() as u64) as usize];
            pos.play_unchecked(m);
            writeln!(out, "{} -", Fen::from_position(&pos, EnPassantMode::Legal)).expect("write");
            written += 1;
        }
    }
    out.flush().expect("flush");
    drop(out);
    std::fs::rename(tmp(path), path).expect("rename");
}

/// `lines` canonical FEN4 literals with 2 to 64 pieces: one king of each colour and random
/// other pieces (so that the file is clean, as a fixture collection would be).
fn write_fen4(path: &Path, lines: usize) {
    use fen4::{Color, Piece, Role};
    eprintln!("generating {} ({lines} lines)…", path.display());
    let mut next = rng(SEED ^ 4);
    let others: Vec<Piece> = Piece::ALL
        .into_iter()
        .filter(|piece| piece.role != Role::King)
        .collect();
    let mut out = BufWriter::new(File::create(tmp(path)).expect("create"));
    for _ in 0..lines {
        let n = 2 + (next() % 63) as usize;
        let mut placement = fen4::Placement::new();
        let mut square = || loop {
            if let Some(at) = fen4::Coord::from_index((next() % 4096) as u16) {
                break at;
            }
        };
        for color in [Color::White, Color::Black] {
            // On a square of its own: the second king must not replace the first.
            let at = loop {
                let at = square();
                if placement.get(at).is_none() {
                    break at;
                }
            };
            placement.insert(at, Piece::new(color, Role::King));
        }
        while placement.len() < n {
            let at = square();
            if placement.get(at).is_none() {
                let piece = others[(at.index() as usize * 7 + placement.len()) % others.len()];
                placement.insert(at, piece);
            }
        }
        writeln!(out, "{placement}").expect("write");
    }
    out.flush().expect("flush");
    drop(out);
    std::fs::rename(tmp(path), path).expect("rename");
}

/// `source` repeated until the copy holds at least `bytes` bytes.
fn repeat_to(source: &Path, path: &Path, bytes: u64) {
    eprintln!("generating {} (at least {bytes} bytes)…", path.display());
    let chunk = std::fs::read(source).expect("read");
    let mut out = BufWriter::new(File::create(tmp(path)).expect("create"));
    let mut written = 0u64;
    while written < bytes {
        out.write_all(&chunk).expect("write");
        written += chunk.len() as u64;
    }
    out.flush().expect("flush");
    drop(out);
    std::fs::rename(tmp(path), path).expect("rename");
}

fn tmp(path: &Path) -> PathBuf {
    path.with_extension("partial")
}

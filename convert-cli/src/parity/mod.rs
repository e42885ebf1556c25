//! The conformance suite and the parity runner behind `fenkit suite` and `fenkit parity`.
//!
//! - [`suite`]: the suite files embedded in the binary, and the case model read from them.
//! - [`exec`]: running an adapter command, one process per case or one per batch.
//! - [`judge`]: turning an adapter's answer into a verdict and comparing it with a case.
//! - [`known`]: known-failures files and `--run`/`--skip` globs.
//! - [`report`]: the human and JSON reports.
//! - [`fuzz`]: differential fuzzing against fenkit's own libraries.
//! - [`sha256`]: the digest a suite directory's manifest records for each case file.

pub(crate) mod exec;
pub(crate) mod fuzz;
pub(crate) mod judge;
pub(crate) mod known;
pub(crate) mod report;
pub(crate) mod sha256;
pub(crate) mod suite;

use rayon::prelude::*;

use exec::{Adapter, Context};
use judge::Got;

/// How inputs reach the adapter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// One process per input, the input on standard input.
    PerCase,
    /// One process per notation and profile, one input per line.
    Batch {
        /// Each input is sent as a JSON string literal.
        json_strings: bool,
    },
    /// One process per input; it prints legal moves, one per line.
    Rules,
}

/// One input to send, with its settings.
#[derive(Debug, Clone)]
pub(crate) struct Job<'a> {
    /// The notation and profile.
    pub(crate) context: Context,
    /// The case name, for `FENKIT_PARITY_CASE` in per-case mode.
    pub(crate) name: &'a str,
    /// The input bytes.
    pub(crate) input: &'a [u8],
}

/// Why an input cannot be sent in this mode, if it cannot.
pub(crate) fn unsendable(mode: Mode, input: &[u8]) -> Option<&'static str> {
    match mode {
        Mode::Batch {
            json_strings: false,
        } if input.contains(&b'\n') || input.ends_with(b"\r") => {
            Some("the input holds a line break; batch mode needs --json-strings to send it")
        }
        Mode::Batch { json_strings: true } if std::str::from_utf8(input).is_err() => {
            Some("the input is not UTF-8, so it cannot be sent as a JSON string")
        }
        Mode::PerCase | Mode::Rules if input.ends_with(b"\n") => Some(
            "the input ends with a line end, which the per-case protocol removes; use --batch --json-strings",
        ),
        _ => None,
    }
}

/// Sends every job to the adapter (in parallel) and reads the answers, in job order. `None`
/// means the job could not be sent in this mode.
pub(crate) fn answers(adapter: &Adapter, mode: Mode, jobs: &[Job<'_>]) -> Vec<Option<Got>> {
    match mode {
        Mode::PerCase | Mode::Rules => jobs
            .par_iter()
            .map(|job| {
                if unsendable(mode, job.input).is_some() {
                    return None;
                }
                let run = adapter.run_one(&job.context, Some(job.name), job.input);
                Some(if mode == Mode::Rules {
                    judge::moves(&run)
                } else {
                    judge::per_case(&run)
                })
            })
            .collect(),
        Mode::Batch { json_strings } => {
            let mut groups: Vec<(Context, Vec<usize>)> = Vec::new();
            for (i, job) in jobs.iter().enumerate() {
                if unsendable(mode, job.input).is_some() {
                    continue;
                }
                match groups.iter_mut().find(|(c, _)| *c == job.context) {
                    Some((_, members)) => members.push(i),
                    None => groups.push((job.context.clone(), vec![i])),
                }
            }
            let answered: Vec<Vec<(usize, Got)>> = groups
                .par_iter()
                .map(|(context, members)| {
                    let lines: Vec<Vec<u8>> = members
                        .iter()
                        .map(|&i| {
                            let input = jobs[i].input;
                            if json_strings {
                                serde_json::to_string(&String::from_utf8_lossy(input))
                                    .unwrap_or_default()
                                    .into_bytes()
                            } else {
                                input.to_vec()
                            }
                        })
                        .collect();
                    let batch = adapter.run_batch(context, lines);
                    let inputs = members.len();
                    let written = batch.answers.len() + batch.extra;
                    members
                        .iter()
                        .enumerate()
                        .map(|(k, &i)| {
                            let got = match batch.answers.get(k) {
                                _ if batch.extra > 0 => {
                                    judge::too_many(&batch.run, inputs, written)
                                }
                                Some(line) => judge::batch_line(line),
                                None => judge::missing(&batch.run, batch.answers.len()),
                            };
                            (i, got)
                        })
                        .collect()
                })
                .collect();
            let mut out: Vec<Option<Got>> = vec![None; jobs.len()];
            for (i, got) in answered.into_iter().flatten() {
                out[i] = Some(got);
            }
            out
        }
    }
}

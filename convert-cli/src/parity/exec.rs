//! Running an adapter: `sh -c COMMAND`, one process per input or one process per batch.
//!
//! Every process the runner starts is put in its own process group, so that a timeout can end
//! the adapter and anything it started, and nothing else.

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// The most output kept from one adapter process, per stream, in per-case mode. The runner
/// stops reading there and closes the pipe, so an adapter that writes more typically dies of
/// `SIGPIPE` (exit status 141 from `sh`); [`Run::overflow`] records that it happened.
pub(crate) const MAX_OUTPUT: u64 = 4 << 20;

/// The most standard output kept from one batch adapter process.
pub(crate) const MAX_BATCH_OUTPUT: u64 = MAX_OUTPUT * 16;

/// A byte count in MiB, for messages about the caps.
pub(crate) fn mib(bytes: u64) -> String {
    format!("{} MiB", bytes >> 20)
}

/// The adapter command and how to run it.
#[derive(Debug, Clone)]
pub(crate) struct Adapter {
    /// The shell command, before placeholder substitution.
    pub(crate) command: String,
    /// How long one answer may take.
    pub(crate) timeout: Duration,
}

/// The settings of one case that reach the adapter, through `{notation}`, `{profile}`,
/// `{king_capture}`, `{variant}`, `{dialect}` and `{castling}` in the command and through `FENKIT_PARITY_*`
/// environment variables.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Context {
    /// `dfen`, `fen4`, `rules` or `variants`.
    pub(crate) notation: String,
    /// The DFEN profile (`spec` for the other notations).
    pub(crate) profile: String,
    /// The reading of the king-capture exemption, `first` or `any` (`first` but for the rules
    /// cases that say `any`).
    pub(crate) king_capture: String,
    /// The variant (`dice` for DFEN and rules cases, empty for FEN4 cases).
    pub(crate) variant: String,
    /// The dialect (`essay` for DFEN and rules cases, empty for FEN4 cases).
    pub(crate) dialect: String,
    /// How castling is read: `chess960` or `standard`.
    pub(crate) castling: String,
}

impl Context {
    /// The context of one case.
    pub(crate) fn of(case: &super::suite::Case) -> Context {
        Context {
            notation: case.file.name.to_owned(),
            profile: case.profile.clone(),
            king_capture: case.king_capture.clone(),
            variant: case.variant.clone(),
            dialect: case.dialect.clone(),
            castling: case.castling.clone(),
        }
    }
}

/// How an adapter process ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Ending {
    /// It exited with this status.
    Exit(i32),
    /// A signal ended it.
    Signal(i32),
    /// It ran out of time and was killed.
    Timeout,
    /// It could not be started.
    Spawn(String),
}

impl Ending {
    /// What happened, as a clause after "the adapter": `exited with status 0`,
    /// `was killed by signal 9`, `timed out`, `could not start: …`.
    pub(crate) fn clause(&self) -> String {
        match self {
            Ending::Exit(code) => format!("exited with status {code}"),
            Ending::Signal(signal) => format!("was killed by signal {signal}"),
            Ending::Timeout => "timed out".to_owned(),
            Ending::Spawn(error) => format!("could not start: {error}"),
        }
    }
}

impl std::fmt::Display for Ending {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ending::Exit(code) => write!(f, "exit status {code}"),
            Ending::Signal(signal) => write!(f, "killed by signal {signal}"),
            Ending::Timeout => f.write_str("timed out"),
            Ending::Spawn(error) => write!(f, "could not start: {error}"),
        }
    }
}

/// Everything one adapter process produced.
#[derive(Debug, Clone)]
pub(crate) struct Run {
    /// How it ended.
    pub(crate) ending: Ending,
    /// Its standard output.
    pub(crate) stdout: Vec<u8>,
    /// Its standard error.
    pub(crate) stderr: Vec<u8>,
    /// The stream that passed the output cap, if one did (`standard output` or
    /// `standard error`); the runner stopped reading it there.
    pub(crate) overflow: Option<&'static str>,
}

/// Everything one batch adapter process produced.
#[derive(Debug, Clone)]
pub(crate) struct BatchRun {
    /// The answer lines awaited, one per input, without their line ends; fewer than the inputs
    /// when the adapter stopped early or timed out.
    pub(crate) answers: Vec<Vec<u8>>,
    /// The lines it wrote after the last awaited answer: more answers than inputs.
    pub(crate) extra: usize,
    /// How it ended, and its standard error.
    pub(crate) run: Run,
}

impl Run {
    fn spawn_failure(error: &std::io::Error) -> Run {
        Run {
            ending: Ending::Spawn(error.to_string()),
            stdout: Vec::new(),
            stderr: Vec::new(),
            overflow: None,
        }
    }
}

impl Adapter {
    fn command(&self, context: &Context, case: Option<&str>) -> Command {
        let text = self
            .command
            .replace("{notation}", &context.notation)
            .replace("{profile}", &context.profile)
            .replace("{king_capture}", &context.king_capture)
            .replace("{variant}", &context.variant)
            .replace("{dialect}", &context.dialect)
            .replace("{castling}", &context.castling);
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(text)
            .env("FENKIT_PARITY_NOTATION", &context.notation)
            .env("FENKIT_PARITY_PROFILE", &context.profile)
            .env("FENKIT_PARITY_KING_CAPTURE", &context.king_capture)
            .env("FENKIT_PARITY_VARIANT", &context.variant)
            .env("FENKIT_PARITY_DIALECT", &context.dialect)
            .env("FENKIT_PARITY_CASTLING", &context.castling)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        match case {
            Some(name) => command.env("FENKIT_PARITY_CASE", name),
            None => command.env_remove("FENKIT_PARITY_CASE"),
        };
        command
    }

    /// Runs the adapter once with `input` on standard input.
    pub(crate) fn run_one(&self, context: &Context, case: Option<&str>, input: &[u8]) -> Run {
        let mut child = match self.command(context, case).spawn() {
            Ok(child) => child,
            Err(error) => return Run::spawn_failure(&error),
        };
        let writer = child.stdin.take().map(|mut stdin| {
            let input = input.to_vec();
            // A closed pipe only means the adapter did not read everything.
            thread::spawn(move || {
                let _ = stdin.write_all(&input);
            })
        });
        let stdout = child.stdout.take().map(read_all);
        let stderr = child.stderr.take().map(read_all);
        let ending = wait(&mut child, self.timeout);
        end_leftovers(
            &child,
            &[
                &|| stdout.as_ref().is_none_or(thread::JoinHandle::is_finished),
                &|| stderr.as_ref().is_none_or(thread::JoinHandle::is_finished),
            ],
        );
        if let Some(writer) = writer {
            let _ = writer.join();
        }
        let (stdout, stdout_full) = stdout.and_then(|h| h.join().ok()).unwrap_or_default();
        let (stderr, stderr_full) = stderr.and_then(|h| h.join().ok()).unwrap_or_default();
        let overflow = overflowed(stdout_full, stderr_full);
        Run {
            ending,
            stdout,
            stderr,
            overflow,
        }
    }

    /// Runs the adapter once in batch mode: every line of `lines` goes to standard input, and
    /// one answer line is awaited per input, each within the timeout. Then the rest of standard
    /// output is read until the adapter exits (within the timeout), and its lines are counted:
    /// an adapter that answers some input twice is caught there.
    pub(crate) fn run_batch(&self, context: &Context, lines: Vec<Vec<u8>>) -> BatchRun {
        let expected = lines.len();
        let mut child = match self.command(context, None).spawn() {
            Ok(child) => child,
            Err(error) => {
                return BatchRun {
                    answers: Vec::new(),
                    extra: 0,
                    run: Run::spawn_failure(&error),
                };
            }
        };
        let writer = child.stdin.take().map(|mut stdin| {
            thread::spawn(move || {
                for line in lines {
                    if stdin.write_all(&line).is_err() || stdin.write_all(b"\n").is_err() {
                        break;
                    }
                }
            })
        });
        let stderr = child.stderr.take().map(read_all);
        let (sender, receiver) = mpsc::channel();
        let reader = child.stdout.take().map(|stdout| {
            thread::spawn(move || {
                let mut reader = BufReader::new(stdout.take(MAX_BATCH_OUTPUT));
                loop {
                    let mut line = Vec::new();
                    match reader.read_until(b'\n', &mut line) {
                        Ok(0) | Err(_) => break,
                        // The cap cut this line short: it is not an answer.
                        Ok(_) if reader.get_ref().limit() == 0 && !line.ends_with(b"\n") => break,
                        Ok(_) => {
                            if line.ends_with(b"\n") {
                                line.pop();
                                if line.ends_with(b"\r") {
                                    line.pop();
                                }
                            }
                            if sender.send(line).is_err() {
                                break;
                            }
                        }
                    }
                }
                reader.get_ref().limit() == 0
            })
        });
        let mut answers = Vec::with_capacity(expected);
        let mut timed_out = false;
        while answers.len() < expected {
            match receiver.recv_timeout(self.timeout) {
                Ok(line) => answers.push(line),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    timed_out = true;
                    break;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
        if timed_out {
            kill_group(&child);
        }
        let mut ending = wait(&mut child, self.timeout);
        if timed_out {
            ending = Ending::Timeout;
        }
        end_leftovers(
            &child,
            &[
                &|| reader.as_ref().is_none_or(thread::JoinHandle::is_finished),
                &|| stderr.as_ref().is_none_or(thread::JoinHandle::is_finished),
            ],
        );
        if let Some(writer) = writer {
            let _ = writer.join();
        }
        let stdout_full = reader.and_then(|h| h.join().ok()).unwrap_or(false);
        // The reader has ended, so every line it read is in the channel. Lines that came after
        // a timeout are late answers, not extra ones.
        let extra = if answers.len() == expected {
            receiver.try_iter().count()
        } else {
            0
        };
        let (stderr, stderr_full) = stderr.and_then(|h| h.join().ok()).unwrap_or_default();
        let overflow = overflowed(stdout_full, stderr_full);
        BatchRun {
            answers,
            extra,
            run: Run {
                ending,
                stdout: Vec::new(),
                stderr,
                overflow,
            },
        }
    }
}

/// Which stream went over its limit, if one did (standard output first).
fn overflowed(stdout_full: bool, stderr_full: bool) -> Option<&'static str> {
    if stdout_full {
        Some("standard output")
    } else if stderr_full {
        Some("standard error")
    } else {
        None
    }
}

/// Reads a stream up to [`MAX_OUTPUT`] bytes; the flag says whether it had more.
fn read_all(stream: impl Read + Send + 'static) -> thread::JoinHandle<(Vec<u8>, bool)> {
    thread::spawn(move || {
        let mut out = Vec::new();
        let _ = stream.take(MAX_OUTPUT + 1).read_to_end(&mut out);
        let full = out.len() as u64 > MAX_OUTPUT;
        out.truncate(MAX_OUTPUT as usize);
        (out, full)
    })
}

/// Ends the adapter's process group (the adapter and everything it started) by its id.
fn kill_group(child: &Child) {
    let group = format!("-{}", child.id());
    let _ = Command::new("kill")
        .args(["-KILL", "--", &group])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}

/// After the adapter has ended: if something it started in the background still holds its
/// standard output or error open (so that the readers would wait for ever), ends its process
/// group once the readers have had a moment to finish.
fn end_leftovers(child: &Child, readers_done: &[&dyn Fn() -> bool]) {
    let finished = || readers_done.iter().all(|done| done());
    let deadline = Instant::now() + Duration::from_millis(500);
    while !finished() {
        if Instant::now() >= deadline {
            kill_group(child);
            return;
        }
        thread::sleep(Duration::from_millis(1));
    }
}

/// Waits for the child, killing its group when it outlives `timeout`.
fn wait(child: &mut Child, timeout: Duration) -> Ending {
    let deadline = Instant::now() + timeout;
    let mut pause = Duration::from_micros(100);
    loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                return match (status.code(), status.signal()) {
                    (Some(code), _) => Ending::Exit(code),
                    (None, Some(signal)) => Ending::Signal(signal),
                    (None, None) => Ending::Exit(-1),
                };
            }
            Ok(None) => {}
            Err(error) => return Ending::Spawn(error.to_string()),
        }
        if Instant::now() >= deadline {
            kill_group(child);
            let _ = child.kill();
            let _ = child.wait();
            return Ending::Timeout;
        }
        thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(5));
    }
}

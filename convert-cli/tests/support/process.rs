//! Running the `fenkit` binary with bytes on its standard input, shared by the CLI test binaries
//! (`#[path = "../support/process.rs"] mod process;`).

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `command` with `stdin` fed from a thread (so a large input cannot deadlock against a full
/// stdout pipe) and returns its output. The child may stop reading early: a broken pipe on our
/// side is fine.
pub(crate) fn output_with_stdin(command: &mut Command, stdin: impl Into<Vec<u8>>) -> Output {
    let stdin = stdin.into();
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&stdin);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

//! One large file analysed on several threads gives exactly what one thread gives: the same
//! findings in the same order, the same summary, the same exit code and the same rewritten file.

use crate::Tree;

/// A DFEN file of `lines` lines (more than one batch of records), mixing canonical lines,
/// fixable forms, errors, comments, blanks, CRLF line ends and no final newline.
fn mixed_file(lines: usize) -> Vec<u8> {
    let kinds: [&[u8]; 8] = [
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -\n",
        b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n",
        b"4k3/8/8/8/8/8/8/44 w - - 0 1 -\r\n",
        b"# a comment\n",
        b"\n",
        b"4k3/8/8/8/8/8/8/4K2P w - - 0 1 -\n",
        b"8/8/8/8/8/8/8/8 x - - 0 1 -\n",
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 00 1 -\n",
    ];
    let mut out = Vec::new();
    let mut state: u64 = 12345;
    for _ in 0..lines {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        out.extend_from_slice(kinds[(state % kinds.len() as u64) as usize]);
    }
    if out.ends_with(b"\n") {
        out.pop();
    }
    out
}

fn run(tree: &Tree, args: &[&str]) -> (Option<i32>, Vec<u8>, Vec<u8>) {
    let output = tree.fenkit(args).output().unwrap();
    (output.status.code(), output.stdout, output.stderr)
}

/// Five batches and more: the reading thread hands some on and analyses others itself.
#[test]
fn check_on_two_threads_matches_one_thread() {
    let tree = Tree::empty();
    tree.write("big.dfen", mixed_file(21_000));
    for format in ["human", "json-lines", "json"] {
        let one = run(
            &tree,
            &[
                "check",
                "--threads",
                "1",
                "--output-format",
                format,
                "big.dfen",
            ],
        );
        let two = run(
            &tree,
            &[
                "check",
                "--threads",
                "2",
                "--output-format",
                format,
                "big.dfen",
            ],
        );
        assert_eq!(one.0, Some(1), "{format}");
        assert!(one.1.len() > 100_000, "{format}: too little output");
        assert_eq!(one, two, "{format}");
        let three = run(
            &tree,
            &[
                "check",
                "--threads",
                "3",
                "--output-format",
                format,
                "big.dfen",
            ],
        );
        assert_eq!(one, three, "{format}");
    }
}

/// `FENKIT_THREADS` sets the thread count when `--threads` is not given (and the flag wins):
/// `--verbose` says which count was taken from where, and the results are the same.
#[test]
fn threads_come_from_the_environment_too() {
    let tree = Tree::empty();
    tree.write("big.dfen", mixed_file(10_000));
    let flag = run(&tree, &["check", "--threads", "3", "big.dfen"]);
    let verbose = |args: &[&str], threads: Option<&str>| {
        let mut command = tree.fenkit(args);
        command.env_remove("FENKIT_THREADS");
        if let Some(threads) = threads {
            command.env("FENKIT_THREADS", threads);
        }
        let output = command.output().unwrap();
        (
            output.status.code(),
            output.stdout,
            String::from_utf8(output.stderr).unwrap(),
        )
    };
    let (code, stdout, stderr) = verbose(&["check", "--verbose", "big.dfen"], Some("3"));
    assert!(
        stderr.contains("note: analysing on 3 threads (FENKIT_THREADS)"),
        "{stderr}"
    );
    assert_eq!((code, stdout), (flag.0, flag.1));
    let (_, _, stderr) = verbose(&["check", "-v", "--threads", "2", "big.dfen"], Some("3"));
    assert!(
        stderr.contains("note: analysing on 2 threads (--threads)"),
        "{stderr}"
    );
    let (_, _, stderr) = verbose(&["check", "-v", "big.dfen"], None);
    assert!(stderr.contains("threads (one per CPU)"), "{stderr}");
}

#[test]
fn fmt_on_two_threads_matches_one_thread() {
    let tree = Tree::empty();
    let input = mixed_file(21_000);
    tree.write("one.dfen", &input);
    tree.write("two.dfen", &input);
    let check_one = run(&tree, &["fmt", "--check", "--threads", "1", "one.dfen"]);
    let check_two = run(&tree, &["fmt", "--check", "--threads", "2", "one.dfen"]);
    assert_eq!(check_one.0, Some(1));
    assert_eq!(check_one, check_two);
    let write_one = run(&tree, &["fmt", "--threads", "1", "one.dfen"]);
    let write_two = run(&tree, &["fmt", "--threads", "2", "two.dfen"]);
    assert_eq!(
        write_one.0,
        write_two.0,
        "{}",
        String::from_utf8_lossy(&write_two.2)
    );
    let (one, two) = (tree.read("one.dfen"), tree.read("two.dfen"));
    assert_ne!(one, input, "fmt changed nothing");
    assert_eq!(one, two);
}

/// `--threads` takes 1 to 256; a bad `FENKIT_THREADS` is reported and the default used.
#[test]
fn thread_counts_out_of_range() {
    let tree = Tree::empty();
    tree.write("a.dfen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n");
    let many = tree
        .fenkit(&["check", "--threads", "1000", "a.dfen"])
        .output()
        .unwrap();
    assert_eq!(many.status.code(), Some(2));
    let stderr = String::from_utf8(many.stderr).unwrap();
    assert!(stderr.contains("1000 is not in 1..=256"), "{stderr}");
    for bad in ["abc", "0", "257"] {
        let output = tree
            .fenkit(&["check", "a.dfen"])
            .env("FENKIT_THREADS", bad)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{bad}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.starts_with(&format!(
                "warning: FENKIT_THREADS: expected a thread count from 1 to 256, found `{bad}`"
            )),
            "{stderr}"
        );
    }
}

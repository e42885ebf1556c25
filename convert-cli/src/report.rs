//! Golden reports of position files, and the insta `.snap` files that hold them.
//!
//! `fenkit snapshot check` and the workspace test `tests/tests/fixtures.rs` both call
//! [`report_file`] and compare the result with the same file, [`snapshot_path`]: for
//! `fixtures/dfen/valid/standard.fen` that is `fixtures/dfen/valid/snapshots/standard.fen.snap`.
//!
//! A report lists every position of a file with its line number, the input, the canonical form
//! (or that it was rejected) and every finding:
//!
//! ```text
//! notation: dfen
//! positions: 2 (1 accepted, 1 rejected)
//!
//! 2 | 8/8/8/8/8/8/8/8 w - - 0 1
//!   = 8/8/8/8/8/8/8/8 w - - 0 1 -
//!   warning[DFEN107] 2:26 (fixable): dice field is missing: …
//!     help: append ` -`: no dice are pending
//! ```
//!
//! ```
//! let dir = std::env::temp_dir().join(format!("fenkit-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let file = dir.join("one.dfen");
//! std::fs::write(&file, "# a comment\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n").unwrap();
//! let report = fenkit::report::report_file(&file).unwrap();
//! assert!(report.starts_with("notation: dfen\npositions: 1 (1 accepted, 0 rejected)\n"));
//! assert!(report.contains("2 | 4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n  = (canonical)\n"));
//! assert_eq!(
//!     fenkit::report::snapshot_path(&file),
//!     dir.join("snapshots").join("one.dfen.snap")
//! );
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

use crate::diag::Diagnostic;
use crate::input::Origin;
use crate::scan::Scan;
use notation::{Notation, ReadSettings};

/// The `expression` recorded in the header of the snapshot files (what the workspace test
/// passes to `insta::assert_snapshot!`).
pub const EXPRESSION: &str = "report";

/// The `source` recorded in the header of snapshot files that `fenkit` creates.
pub const SOURCE: &str = "tests/tests/fixtures.rs";

/// The report of one position file, read as `check` reads it without flags: with the notation,
/// variant and profile of its nearest configuration (a `[variants]` entry of a `fenkit.toml`
/// beside the fixtures), else the defaults (profile `spec`, not strict; the notation from the
/// extension, else from the content).
///
/// # Errors
/// When the file cannot be read, or its configuration cannot be used.
pub fn report_file(path: &Path) -> io::Result<String> {
    let origin = Origin::File(path.to_path_buf());
    let configs = crate::config::Configs::new(&crate::config::ConfigArgs::default())
        .map_err(|error| io::Error::other(error.render(false)))?;
    configs
        .for_file(Some(path))
        .map_err(|error| io::Error::other(error.render(false)))?;
    let file = configs.settings(&origin, crate::config::Flags::default());
    report_origin(&origin, file.notation, file.read)
}

/// The report of one input with the given settings.
pub(crate) fn report_origin(
    origin: &Origin,
    notation: Option<Notation>,
    settings: ReadSettings,
) -> io::Result<String> {
    let path = origin.display();
    let mut scan = Scan::open(origin, notation, settings)?;
    let mut body = String::new();
    let (mut accepted, mut rejected) = (0usize, 0usize);
    while let Some(item) = scan.next_item()? {
        let Some(analysis) = item.analysis else {
            continue;
        };
        let record = &item.record;
        let text = String::from_utf8_lossy(record.raw());
        body.push('\n');
        for (i, line) in text.split('\n').enumerate() {
            let _ = writeln!(body, "{} | {}", record.line + i, escape(line));
        }
        if analysis.rejected {
            rejected += 1;
            body.push_str("  ! rejected\n");
        } else {
            accepted += 1;
            match &analysis.canonical {
                Some(canonical) if canonical.as_str() == text => body.push_str("  = (canonical)\n"),
                Some(canonical) => {
                    let _ = writeln!(body, "  = {}", escape(canonical));
                }
                None => body.push_str("  = (kept as written)\n"),
            }
        }
        for finding in analysis.findings {
            write_finding(&mut body, &Diagnostic::new(&path, record, finding));
            if let Some(reference) = analysis.reference {
                let _ = writeln!(
                    body,
                    "    reference: code {} at offset {}",
                    reference.code, reference.offset
                );
            }
        }
    }
    let games = match origin.path() {
        Some(path)
            if path
                .extension()
                .is_some_and(|extension| extension.eq_ignore_ascii_case("pgn")) =>
        {
            pgn_games(&path_text(path)?, &path_display(origin))
        }
        _ => String::new(),
    };
    Ok(format!(
        "notation: {}\npositions: {} ({accepted} accepted, {rejected} rejected)\n{body}{games}",
        scan.notation(),
        accepted + rejected,
    ))
}

/// One finding of a snapshot report: severity, code, place, message, and its help.
fn write_finding(out: &mut String, diagnostic: &Diagnostic) {
    let finding = &diagnostic.finding;
    let _ = writeln!(
        out,
        "  {}[{}] {}:{}{}: {}",
        finding.severity,
        finding.code,
        diagnostic.line,
        diagnostic.column,
        if finding.fixable { " (fixable)" } else { "" },
        finding.message
    );
    if let Some(help) = &finding.help {
        let _ = writeln!(out, "    help: {help}");
    }
}

fn path_text(path: &Path) -> io::Result<String> {
    let bytes = std::fs::read(path)?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

fn path_display(origin: &Origin) -> String {
    origin.display()
}

/// A PGN file's games read move by move (`fenkit-pgn`): each game's first line and the
/// findings of its movetext, as `check` reports them beside its `FEN` tag.
fn pgn_games(text: &str, path: &str) -> String {
    let mut out = String::new();
    let mut count = 0usize;
    for game in pgn::Reader::new().games(text) {
        if notation::container::is_comments_alone(&game) {
            continue;
        }
        count += 1;
        let first_line = 1 + memchr::memchr_iter(
            b'\n',
            text.as_bytes().get(..game.span.start).unwrap_or_default(),
        )
        .count();
        let _ = writeln!(
            out,
            "\ngame {count} at line {first_line}: {} moves checked",
            game.moves_checked
        );
        for finding in game.findings {
            if notation::container::reported_by_the_container(&finding, text) {
                continue;
            }
            write_finding(
                &mut out,
                &Diagnostic::in_text(path, 1, 0, text, notation::code::finding_of(finding)),
            );
        }
    }
    if count == 0 {
        return out;
    }
    format!("\ngames: {count}\n{out}")
}

/// Makes control characters visible (`\t`, `\r`, `\u{0}`); everything else is kept.
fn escape(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    for c in line.chars() {
        match c {
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

/// The snapshot file of a position file: `snapshots/<file name>.snap` beside it. The file
/// name is taken as it is, bytes that are not UTF-8 included, so two position files never
/// share a snapshot.
pub fn snapshot_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".snap");
    snapshot_dir(path).join(name)
}

/// The directory holding a position file's snapshot: `snapshots/` beside it.
pub fn snapshot_dir(path: &Path) -> PathBuf {
    path.parent()
        .unwrap_or_else(|| Path::new(""))
        .join("snapshots")
}

/// The snapshot's name (the position file's name), as passed to `insta::assert_snapshot!`.
pub fn snapshot_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |name| name.to_string_lossy().into_owned())
}

/// An insta `.snap` file: a header of metadata, then the body.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SnapFile {
    /// Header fields in file order (`source`, `expression`, `input_file`, …), values unquoted.
    pub header: Vec<(String, String)>,
    /// The snapshot itself.
    pub body: String,
}

impl SnapFile {
    /// Reads the text of a `.snap` file. A file without a header is all body.
    ///
    /// ```
    /// let snap = fenkit::report::SnapFile::parse(
    ///     "---\nsource: tests/tests/fixtures.rs\nexpression: report\n---\nbody\n",
    /// );
    /// assert_eq!(snap.get("expression"), Some("report"));
    /// assert_eq!(snap.body, "body\n");
    /// ```
    pub fn parse(text: &str) -> SnapFile {
        let text = text.replace("\r\n", "\n");
        let Some(rest) = text.strip_prefix("---\n") else {
            return SnapFile {
                header: Vec::new(),
                body: text,
            };
        };
        let Some(end) = rest.find("\n---\n") else {
            return SnapFile {
                header: Vec::new(),
                body: text.clone(),
            };
        };
        let header = rest[..end]
            .lines()
            .filter_map(|line| {
                let (key, value) = line.split_once(':')?;
                Some((key.trim().to_owned(), unquote(value.trim())))
            })
            .collect();
        SnapFile {
            header,
            body: rest[end + 5..].to_owned(),
        }
    }

    /// A header value.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.header
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a header value, keeping the position of an existing key.
    pub fn set(&mut self, key: &str, value: &str) {
        match self.header.iter_mut().find(|(k, _)| k == key) {
            Some(entry) => entry.1 = value.to_owned(),
            None => self.header.push((key.to_owned(), value.to_owned())),
        }
    }

    /// Writes the file the way insta does: `---`, `key: value` lines, `---`, the body and one
    /// final newline.
    pub fn render(&self) -> String {
        let mut out = String::from("---\n");
        for (key, value) in &self.header {
            let _ = writeln!(out, "{key}: {}", quote(value));
        }
        out.push_str("---\n");
        out.push_str(normalize(&self.body).as_str());
        out.push('\n');
        out
    }

    /// Whether two bodies are the same snapshot (insta ignores trailing whitespace at the end
    /// and the difference between CRLF and LF).
    pub fn same_body(&self, body: &str) -> bool {
        normalize(&self.body) == normalize(body)
    }
}

/// The body as insta compares it.
pub fn normalize(body: &str) -> String {
    body.trim_end().replace("\r\n", "\n")
}

fn unquote(value: &str) -> String {
    if value.len() >= 2
        && value.starts_with('"')
        && value.ends_with('"')
        && let Ok(text) = serde_json::from_str::<String>(value)
    {
        return text;
    }
    if value.len() >= 2 && value.starts_with('\'') && value.ends_with('\'') {
        return value[1..value.len() - 1].replace("''", "'");
    }
    value.to_owned()
}

fn quote(value: &str) -> String {
    let plain = !value.is_empty()
        && value
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-() ,[]".contains(c))
        && !value.starts_with([' ', '-', '[', ']', ','])
        && !value.ends_with(' ');
    if plain {
        value.to_owned()
    } else {
        serde_json::Value::from(value).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// File names that differ only in bytes that are not UTF-8 get snapshots of their own.
    #[cfg(unix)]
    #[test]
    fn snapshot_paths_keep_every_byte_of_the_name() {
        use std::ffi::OsStr;
        use std::os::unix::ffi::OsStrExt;
        let a = snapshot_path(Path::new(OsStr::from_bytes(b"dir/bad\xff.dfen")));
        let b = snapshot_path(Path::new(OsStr::from_bytes(b"dir/bad\xfe.dfen")));
        assert_ne!(a, b);
        assert_eq!(a.as_os_str().as_bytes(), b"dir/snapshots/bad\xff.dfen.snap");
        assert_eq!(
            snapshot_path(Path::new("fixtures/a.dfen")),
            Path::new("fixtures/snapshots/a.dfen.snap")
        );
    }

    #[test]
    fn snap_files_round_trip() {
        let text = "---\nsource: tests/tests/fixtures.rs\nexpression: report\ninput_file: \"fixtures/a b:c.dfen\"\n---\nnotation: dfen\n\n1 | x\n";
        let snap = SnapFile::parse(text);
        assert_eq!(snap.get("input_file"), Some("fixtures/a b:c.dfen"));
        assert_eq!(snap.render(), text);
        assert!(snap.same_body("notation: dfen\r\n\r\n1 | x"));
        assert!(!snap.same_body("notation: dfen\n1 | x"));
    }

    #[test]
    fn escape_makes_control_characters_visible() {
        assert_eq!(escape("a\tb\r\0é"), "a\\tb\\r\\u{0}é");
    }
}

//! Case selection (`--run`, `--skip`) and known-failures files.

/// Whether `name` matches `pattern`, where `*` is any run of characters and `?` one character.
pub(crate) fn glob_match(pattern: &str, name: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let n: Vec<char> = name.chars().collect();
    let (mut pi, mut ni) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ni < n.len() {
        match p.get(pi) {
            Some('*') => {
                star = Some((pi, ni));
                pi += 1;
            }
            Some(&c) if c == '?' || c == n[ni] => {
                pi += 1;
                ni += 1;
            }
            _ => match star {
                Some((sp, sn)) => {
                    pi = sp + 1;
                    ni = sn + 1;
                    star = Some((sp, sn + 1));
                }
                None => return false,
            },
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

/// `--run` and `--skip`: a case runs when it matches some `--run` glob (or there are none) and
/// no `--skip` glob.
#[derive(Debug, Clone, Default)]
pub(crate) struct Selection {
    /// Globs of cases to run.
    pub(crate) run: Vec<String>,
    /// Globs of cases to skip.
    pub(crate) skip: Vec<String>,
}

impl Selection {
    /// Whether the case named `name` runs.
    pub(crate) fn selects(&self, name: &str) -> bool {
        (self.run.is_empty() || self.run.iter().any(|g| glob_match(g, name)))
            && !self.skip.iter().any(|g| glob_match(g, name))
    }
}

/// One entry of a known-failures file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct KnownFailure {
    /// A case name or glob.
    pub(crate) pattern: String,
    /// Why this implementation diverges.
    pub(crate) reason: String,
    /// The line it was on.
    pub(crate) line: usize,
}

/// A known-failures file: one `NAME-OR-GLOB  reason` per line; `#` starts a comment line.
#[derive(Debug, Clone, Default)]
pub(crate) struct KnownFailures {
    /// The entries, in file order.
    pub(crate) entries: Vec<KnownFailure>,
}

impl KnownFailures {
    /// Parses the text of a known-failures file.
    ///
    /// # Errors
    /// A message naming the first line without a reason.
    pub(crate) fn parse(text: &str) -> Result<KnownFailures, String> {
        let mut entries = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (pattern, reason) = line
                .split_once(char::is_whitespace)
                .map(|(p, r)| (p, r.trim()))
                .unwrap_or((line, ""));
            if reason.is_empty() {
                return Err(format!(
                    "line {}: expected a case name and a reason, found only `{pattern}`",
                    i + 1
                ));
            }
            entries.push(KnownFailure {
                pattern: pattern.to_owned(),
                reason: reason.to_owned(),
                line: i + 1,
            });
        }
        Ok(KnownFailures { entries })
    }

    /// The entry that covers the case named `name`, if any.
    pub(crate) fn find(&self, name: &str) -> Option<&KnownFailure> {
        self.entries.iter().find(|e| glob_match(&e.pattern, name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs() {
        for (pattern, name, want) in [
            ("*", "anything", true),
            ("n_dfen_*", "n_dfen_012_white_lower", true),
            ("n_dfen_*", "y_dfen_start", false),
            ("*_engine_*", "y_dfen_engine_six_fields", true),
            ("y_fen4_10?_*", "y_fen4_101_slash_white_w", true),
            ("y_fen4_10?_*", "y_fen4_all_digits", false),
            ("exact", "exact", true),
            ("exact", "exactly", false),
            ("a*b*c", "aXbYc", true),
            ("a*b*c", "aXbY", false),
        ] {
            assert_eq!(glob_match(pattern, name), want, "{pattern} vs {name}");
        }
    }

    #[test]
    fn known_failures_need_reasons() {
        let known =
            KnownFailures::parse("# comment\n\nn_dfen_013_*  repeats are not checked\n").unwrap();
        assert_eq!(known.entries.len(), 1);
        assert_eq!(
            known.find("n_dfen_013_repeated_ep").map(|e| e.line),
            Some(3)
        );
        assert!(known.find("n_dfen_012_white_lower").is_none());
        let error = KnownFailures::parse("n_dfen_013_repeated_ep\n").unwrap_err();
        assert!(error.contains("line 1"), "{error}");
    }
}

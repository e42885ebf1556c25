//! Configuration files: `fenkit.toml`, `.fenkit.toml`, or `[tool.fenkit]` in `pyproject.toml`.
//!
//! Each input uses the configuration nearest to it: the first directory, going upward from the
//! file's own, that holds one of those files (a `pyproject.toml` counts only when it has a
//! `[tool.fenkit]` table). `--config PATH` uses one file for every input, and `--isolated`
//! reads none. Flags given on the command line win over the file.
//!
//! Globs are matched against the path relative to the configuration file's directory; a glob
//! without a `/` is matched against the file name alone, at any depth (`*.jsonl`). `*` does
//! not cross `/`; `**` does. The keys are listed in the CLI guide, with a complete example.
//!
//! A configuration that cannot be read (bad TOML, an unknown key, a wrong type, an unknown
//! code, a bad glob) stops the run with exit status 2 before any input is read, pointing at the
//! key with a caret (`FENKIT040`).

use std::collections::{BTreeMap, HashMap};
use std::ffi::OsStr;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use notation::choice::Choice;
use notation::settings::Resolved;
use serde::Deserialize;
use toml::Spanned;

use crate::input::Origin;
use notation::code::{Code, FenkitCode, fenkit_error};
use notation::{DialectArg, Notation, Options, ProfileArg, ReadSettings, VariantName};

/// The file names looked for in each directory, in order of precedence.
const FILE_NAMES: [&str; 3] = ["fenkit.toml", ".fenkit.toml", "pyproject.toml"];

/// Directories a walk never enters unless `exclude` says otherwise: version control,
/// virtual environments, dependency and build folders.
const DEFAULT_EXCLUDE: &[&str] = &[
    ".git",
    ".hg",
    ".svn",
    ".venv",
    "venv",
    "node_modules",
    "site-packages",
    "__pypackages__",
    "target",
];

/// `--config` and `--isolated`: where configuration comes from.
#[derive(Debug, Clone, Default, clap::Args)]
pub(crate) struct ConfigArgs {
    /// Use this configuration file for every input instead of looking for one (a
    /// `fenkit.toml`, or a `pyproject.toml` with a `[tool.fenkit]` table)
    #[arg(long, value_name = "PATH", conflicts_with = "isolated")]
    config: Option<PathBuf>,

    /// Read no configuration file at all
    #[arg(long)]
    isolated: bool,
}

/// The keys of a configuration, as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawConfig {
    profile: Option<Spanned<String>>,
    strict: Option<bool>,
    deny: Option<Vec<Spanned<String>>>,
    exclude: Option<Vec<Spanned<String>>>,
    extend_exclude: Option<Vec<Spanned<String>>>,
    per_file_ignores: Option<BTreeMap<Spanned<String>, Vec<Spanned<String>>>>,
    notations: Option<BTreeMap<Spanned<String>, Spanned<String>>>,
    columns: Option<BTreeMap<Spanned<String>, Spanned<String>>>,
    fields: Option<BTreeMap<Spanned<String>, Spanned<String>>>,
    #[serde(alias = "variant")]
    variants: Option<BTreeMap<Spanned<String>, RawVariant>>,
    chess960: Option<RawChess960>,
    parity: Option<RawParity>,
}

/// `chess960`: `chess960 = true` for every file, or a `[chess960]` table of globs, each
/// `true` or `false`, the first that matches a file deciding.
#[derive(Debug)]
enum RawChess960 {
    Everywhere(bool),
    Globs(Vec<(Spanned<String>, bool)>),
}

impl<'de> Deserialize<'de> for RawChess960 {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = RawChess960;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("`true`, `false`, or a table of globs, each `true` or `false`")
            }
            fn visit_bool<E>(self, value: bool) -> Result<RawChess960, E> {
                Ok(RawChess960::Everywhere(value))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<RawChess960, A::Error> {
                let mut globs = Vec::new();
                while let Some((glob, on)) = map.next_entry::<Spanned<String>, bool>()? {
                    globs.push((glob, on));
                }
                globs.sort_by_key(|(glob, _)| glob.span().start);
                Ok(RawChess960::Globs(globs))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

/// One entry of `[variants]`: what `--variant`, `--dialect` and `--check-limit` say.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawVariant {
    variant: Spanned<String>,
    dialect: Option<Spanned<String>>,
    check_limit: Option<Spanned<u8>>,
}

/// `[parity]`: defaults for `fenkit parity`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawParity {
    cmd: Option<String>,
    notation: Option<Spanned<String>>,
    batch: Option<bool>,
    json_strings: Option<bool>,
    codes: Option<bool>,
    timeout: Option<Spanned<String>>,
    jobs: Option<Spanned<u64>>,
    known_failures: Option<PathBuf>,
    suite: Option<PathBuf>,
}

/// A `pyproject.toml`: only `[tool.fenkit]` is read.
#[derive(Debug, Deserialize)]
struct PyProject {
    tool: Option<PyProjectTool>,
}

#[derive(Debug, Deserialize)]
struct PyProjectTool {
    fenkit: Option<RawConfig>,
}

/// Globs of one key, matched as the module docs say.
#[derive(Debug, Clone, Default)]
struct Patterns {
    /// Globs without a `/`: matched against the file name.
    by_name: globset::GlobSet,
    /// Globs with a `/`: matched against the path relative to the configuration's directory.
    by_path: globset::GlobSet,
}

impl Patterns {
    fn matches(&self, relative: Option<&Path>, name: Option<&OsStr>) -> bool {
        name.is_some_and(|name| self.by_name.is_match(name))
            || relative.is_some_and(|path| self.by_path.is_match(path))
    }
}

/// `[parity]` defaults, checked.
#[derive(Debug, Clone, Default)]
pub(crate) struct ParityDefaults {
    /// The adapter command.
    pub(crate) cmd: Option<String>,
    /// `dfen`, `fen4` or `rules`.
    pub(crate) notation: Option<String>,
    /// `--batch`.
    pub(crate) batch: bool,
    /// `--json-strings`.
    pub(crate) json_strings: bool,
    /// `--codes`.
    pub(crate) codes: bool,
    /// `--timeout`.
    pub(crate) timeout: Option<Duration>,
    /// `--jobs`.
    pub(crate) jobs: Option<u64>,
    /// `--known-failures`, relative to the configuration's directory.
    pub(crate) known_failures: Option<PathBuf>,
    /// `--suite`, relative to the configuration's directory.
    pub(crate) suite: Option<PathBuf>,
}

/// One configuration file, checked.
#[derive(Debug)]
pub(crate) struct Config {
    /// The file, as found.
    path: PathBuf,
    /// Its directory, absolute: globs are relative to it.
    root: PathBuf,
    profile: Option<ProfileArg>,
    strict: Option<bool>,
    deny_warnings: Option<bool>,
    exclude: Patterns,
    extend_exclude: Patterns,
    per_file_ignores: Vec<(Patterns, Vec<Code>)>,
    notations: Vec<(Patterns, Notation)>,
    /// `[columns]`: globs of CSV/TSV files and the column (name or number) that holds their
    /// positions (leaked: read once a run).
    columns: Vec<(Patterns, &'static str)>,
    /// `[fields]`: globs of JSON Lines files (any extension) and the key of their positions.
    fields: Vec<(Patterns, &'static str)>,
    /// `[variants]` (or `[variant]`): globs and the variant they give, its notation before
    /// `notations`.
    variants: Vec<(Patterns, Configured)>,
    /// `chess960 = true` (one entry that matches every file) or `[chess960]`: globs and
    /// whether matching files are read in Chess960 mode.
    chess960: Chess960Config,
    parity: ParityDefaults,
}

/// One `[variants]` entry as checked: the notation it gives (a variant written in dialects of
/// its own, standard chess, Dice Chess) and the rules it judges chess positions by
/// (`fenkit-variants`: antichess, atomic, …, and three-check and crazyhouse in perft suites).
#[derive(Debug, Clone, Copy)]
struct Configured {
    notation: Option<Notation>,
    rules: Option<variants::Variant>,
}

/// `chess960` as checked.
#[derive(Debug, Default)]
enum Chess960Config {
    /// No key.
    #[default]
    Unset,
    /// `chess960 = true` or `false`.
    Everywhere(bool),
    /// `[chess960]`, in file order.
    Globs(Vec<(Patterns, bool)>),
}

/// A configuration file that cannot be used (boxed: it travels up through every `Result`).
#[derive(Debug)]
pub(crate) struct ConfigError(Box<ConfigProblem>);

/// What is wrong with a configuration file, placed in the file's text.
#[derive(Debug)]
pub(crate) struct ConfigProblem {
    /// The file as named to the user.
    pub(crate) path: String,
    /// Its text, for the snippet (empty when it could not be read).
    pub(crate) text: String,
    /// What is wrong, with a span into `text` (`None`: the file could not be read at all).
    pub(crate) finding: Option<notation::code::Finding>,
    /// Why it could not be read, when `finding` is `None`.
    pub(crate) unreadable: Option<String>,
}

impl ConfigError {
    fn at(
        path: &Path,
        text: &str,
        span: Range<usize>,
        message: String,
        help: Option<&str>,
    ) -> Self {
        let span = span.start.min(text.len())..span.end.min(text.len());
        let mut finding = fenkit_error(FenkitCode::BadConfig, span, message);
        if let Some(help) = help {
            finding = finding.with_help(help.to_owned());
        }
        ConfigError(Box::new(ConfigProblem {
            path: path.display().to_string(),
            text: text.to_owned(),
            finding: Some(finding),
            unreadable: None,
        }))
    }

    /// The error as a diagnostic with `file:line:col` and a caret, or a plain line when the
    /// file could not be read.
    pub(crate) fn render(&self, colored: bool) -> String {
        let problem = &self.0;
        match (&problem.finding, &problem.unreadable) {
            (Some(finding), _) => {
                let diagnostic = crate::diag::Diagnostic::in_text(
                    &problem.path,
                    1,
                    0,
                    &problem.text,
                    finding.clone(),
                );
                diagnostic.render(&crate::diag::renderer(colored))
            }
            (None, reason) => format!(
                "error: cannot read the configuration `{}`: {}",
                problem.path,
                reason.as_deref().unwrap_or("unknown error")
            ),
        }
    }
}

/// Names of a setting's values, for messages: `` `spec`, `lenient` or `engine` ``.
fn value_names<T: Choice>() -> String {
    let names: Vec<String> = T::offered()
        .iter()
        .map(|value| format!("`{}`", value.name()))
        .collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

/// Reads one value of a setting, or says what was expected.
fn value_of<T: Choice>(
    file: &Path,
    text: &str,
    key: &str,
    value: &Spanned<String>,
) -> Result<T, ConfigError> {
    T::from_name(value.get_ref()).ok_or_else(|| {
        ConfigError::at(
            file,
            text,
            value.span(),
            format!(
                "`{key}`: expected {}, found `{}`",
                value_names::<T>(),
                value.get_ref()
            ),
            None,
        )
    })
}

/// Builds the globs of one key.
fn patterns(
    file: &Path,
    text: &str,
    key: &str,
    globs: &[&Spanned<String>],
) -> Result<Patterns, ConfigError> {
    let mut by_name = globset::GlobSetBuilder::new();
    let mut by_path = globset::GlobSetBuilder::new();
    for glob in globs {
        let pattern = glob.get_ref().trim_start_matches("./");
        let built = globset::GlobBuilder::new(pattern)
            .literal_separator(true)
            .build()
            .map_err(|error| {
                ConfigError::at(
                    file,
                    text,
                    glob.span(),
                    format!("`{key}`: not a glob: {}", error.kind()),
                    Some("globs use `*`, `?`, `[...]`, `{a,b}` and `**` for any depth"),
                )
            })?;
        if pattern.contains('/') {
            by_path.add(built);
        } else {
            by_name.add(built);
        }
    }
    let build = |builder: globset::GlobSetBuilder| {
        builder.build().map_err(|error| {
            ConfigError::at(
                file,
                text,
                globs.first().map_or(0..0, |glob| glob.span()),
                format!("`{key}`: {error}"),
                None,
            )
        })
    };
    Ok(Patterns {
        by_name: build(by_name)?,
        by_path: build(by_path)?,
    })
}

/// The entries of a table in the order the file writes them (a map orders them by key).
fn in_file_order<V>(table: Option<BTreeMap<Spanned<String>, V>>) -> Vec<(Spanned<String>, V)> {
    let mut entries: Vec<_> = table.into_iter().flatten().collect();
    entries.sort_by_key(|(key, _)| key.span().start);
    entries
}

/// Parses `1s`, `1.5s`, `500ms` or a bare number of seconds (above zero, at most an hour).
pub(crate) fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let (number, scale) = if let Some(ms) = text.strip_suffix("ms") {
        (ms, 0.001)
    } else if let Some(s) = text.strip_suffix('s') {
        (s, 1.0)
    } else {
        (text, 1.0)
    };
    match number.trim().parse::<f64>() {
        Ok(value) if value.is_finite() && value > 0.0 && value * scale <= 3600.0 => {
            Ok(Duration::from_secs_f64(value * scale))
        }
        _ => Err(format!(
            "expected a duration above zero and at most an hour, such as `1s` or `500ms`, \
             found `{text}`"
        )),
    }
}

impl Config {
    /// Reads the configuration file at `path`; `Ok(None)` for a `pyproject.toml` without a
    /// `[tool.fenkit]` table.
    fn load(path: &Path) -> Result<Option<Config>, ConfigError> {
        let shown = Config::shown(path);
        let text = std::fs::read_to_string(path).map_err(|error| {
            ConfigError(Box::new(ConfigProblem {
                path: shown.display().to_string(),
                text: String::new(),
                finding: None,
                unreadable: Some(crate::input::describe(&error)),
            }))
        })?;
        let syntax = |error: toml::de::Error| {
            ConfigError::at(
                &shown,
                &text,
                error.span().unwrap_or(0..0),
                format!("invalid configuration: {}", error.message().trim_end()),
                None,
            )
        };
        let raw = if path.file_name() == Some(OsStr::new("pyproject.toml")) {
            let project: PyProject = toml::from_str(&text).map_err(syntax)?;
            match project.tool.and_then(|tool| tool.fenkit) {
                Some(raw) => raw,
                None => return Ok(None),
            }
        } else {
            toml::from_str(&text).map_err(syntax)?
        };
        let root = std::path::absolute(path)
            .ok()
            .and_then(|absolute| absolute.parent().map(Path::to_path_buf))
            .unwrap_or_default();
        Config::check(&shown, &text, raw, root).map(Some)
    }

    /// The path to show for a configuration file: relative to the current directory when it
    /// is below it (a discovered file is found by its absolute path).
    fn shown(path: &Path) -> PathBuf {
        std::env::current_dir()
            .ok()
            .and_then(|cwd| path.strip_prefix(cwd).ok().map(Path::to_path_buf))
            .unwrap_or_else(|| path.to_path_buf())
    }

    /// Checks the values of a configuration as written.
    fn check(
        path: &Path,
        text: &str,
        raw: RawConfig,
        root: PathBuf,
    ) -> Result<Config, ConfigError> {
        let profile = raw
            .profile
            .as_ref()
            .map(|value| value_of::<ProfileArg>(path, text, "profile", value))
            .transpose()?;
        let deny_warnings = match &raw.deny {
            None => None,
            Some(levels) => {
                for level in levels {
                    if level.get_ref() != "warnings" {
                        return Err(ConfigError::at(
                            path,
                            text,
                            level.span(),
                            format!("`deny`: expected `warnings`, found `{}`", level.get_ref()),
                            None,
                        ));
                    }
                }
                Some(!levels.is_empty())
            }
        };
        let exclude = match &raw.exclude {
            Some(globs) => patterns(path, text, "exclude", &globs.iter().collect::<Vec<_>>())?,
            None => {
                let defaults: Vec<Spanned<String>> = DEFAULT_EXCLUDE
                    .iter()
                    .map(|name| Spanned::new(0..0, (*name).to_owned()))
                    .collect();
                patterns(path, text, "exclude", &defaults.iter().collect::<Vec<_>>())?
            }
        };
        let extend_exclude = patterns(
            path,
            text,
            "extend-exclude",
            &raw.extend_exclude.iter().flatten().collect::<Vec<_>>(),
        )?;
        let mut per_file_ignores = Vec::new();
        for (glob, codes) in in_file_order(raw.per_file_ignores) {
            let matcher = patterns(path, text, "per-file-ignores", &[&glob])?;
            let mut checked = Vec::new();
            for code in &codes {
                let parsed = code.get_ref().parse::<Code>().map_err(|error| {
                    ConfigError::at(
                        path,
                        text,
                        code.span(),
                        format!("`per-file-ignores`: {error}"),
                        Some("`fenkit` codes are listed in spec/codes.md"),
                    )
                })?;
                checked.push(parsed);
            }
            per_file_ignores.push((matcher, checked));
        }
        let mut notations = Vec::new();
        for (glob, notation) in in_file_order(raw.notations) {
            let matcher = patterns(path, text, "notations", &[&glob])?;
            let notation = value_of::<Notation>(path, text, "notations", &notation)?;
            notations.push((matcher, notation));
        }
        let mut columns = Vec::new();
        for (glob, column) in in_file_order(raw.columns) {
            let matcher = patterns(path, text, "columns", &[&glob])?;
            let column: &'static str = Box::leak(column.into_inner().into_boxed_str());
            columns.push((matcher, column));
        }
        let mut fields = Vec::new();
        for (glob, key) in in_file_order(raw.fields) {
            let matcher = patterns(path, text, "fields", &[&glob])?;
            let key: &'static str = Box::leak(key.into_inner().into_boxed_str());
            fields.push((matcher, key));
        }
        let mut variants = Vec::new();
        for (glob, variant) in in_file_order(raw.variants) {
            let matcher = patterns(path, text, "variants", &[&glob])?;
            variants.push((matcher, Config::check_variant(path, text, &variant)?));
        }
        let chess960 = match raw.chess960 {
            None => Chess960Config::Unset,
            Some(RawChess960::Everywhere(on)) => Chess960Config::Everywhere(on),
            Some(RawChess960::Globs(globs)) => {
                let mut checked = Vec::new();
                for (glob, on) in &globs {
                    checked.push((patterns(path, text, "chess960", &[glob])?, *on));
                }
                Chess960Config::Globs(checked)
            }
        };
        let parity = Config::check_parity(path, text, raw.parity.unwrap_or_default(), &root)?;
        Ok(Config {
            path: path.to_path_buf(),
            root,
            profile,
            strict: raw.strict,
            deny_warnings,
            exclude,
            extend_exclude,
            per_file_ignores,
            notations,
            columns,
            fields,
            variants,
            chess960,
            parity,
        })
    }

    /// The notation one `[variants]` entry gives, checked as `--variant`, `--dialect` and
    /// `--check-limit` are.
    fn check_variant(path: &Path, text: &str, raw: &RawVariant) -> Result<Configured, ConfigError> {
        use chess::variant::{Dialect, Variant};
        let selected = value_of::<VariantName>(path, text, "variants.variant", &raw.variant)?;
        let variant: Variant = selected.variant();
        let rules = selected.rules();
        let Some(notation) = selected.notation() else {
            let extra = raw
                .dialect
                .as_ref()
                .map(|value| ("dialect", value.span()))
                .or_else(|| {
                    raw.check_limit
                        .as_ref()
                        .map(|value| ("check-limit", value.span()))
                });
            if let Some((key, span)) = extra {
                return Err(ConfigError::at(
                    path,
                    text,
                    span,
                    format!(
                        "`variants.{key}`: {} positions are standard FEN: expected no `{key}`",
                        selected.name()
                    ),
                    Some("drop it"),
                ));
            }
            return Ok(Configured {
                notation: None,
                rules,
            });
        };
        let dialect = raw
            .dialect
            .as_ref()
            .map(|value| {
                value_of::<DialectArg>(path, text, "variants.dialect", value)
                    .map(|dialect| (Dialect::from(dialect), value.span()))
            })
            .transpose()?;
        if let Some((dialect, span)) = dialect.clone()
            && (!notation.entry().dialects || !variant.has_dialect(dialect))
        {
            return Err(ConfigError::at(
                path,
                text,
                span,
                format!(
                    "`variants.dialect`: {variant} has no `{dialect}` dialect ({}): expected \
                     {}",
                    dfen::Code::DialectUnavailable,
                    match variant {
                        Variant::ThreeCheck | Variant::Crazyhouse =>
                            "`essay`, `stockfish` or `lichess`",
                        Variant::TwoMove => "`essay`",
                        _ => "no `dialect`",
                    }
                ),
                Some(if variant == Variant::Dice {
                    "DFEN's dialects are chosen with `profile`"
                } else {
                    "drop `dialect`"
                }),
            ));
        }
        let check_limit = match &raw.check_limit {
            None => 3,
            Some(limit) if variant != Variant::ThreeCheck || *limit.get_ref() == 0 => {
                return Err(ConfigError::at(
                    path,
                    text,
                    limit.span(),
                    format!(
                        "`variants.check-limit`: expected a number of checks from 1 to 255 for \
                         `threecheck`, found {} for `{variant}`",
                        limit.get_ref()
                    ),
                    None,
                ));
            }
            Some(limit) => *limit.get_ref(),
        };
        if !notation.entry().dialects {
            return Ok(Configured {
                notation: Some(notation),
                rules,
            });
        }
        // Without a `dialect`, each line is read in its own, as `--variant` reads it
        // (issue 39 §3): `auto`, written back in the dialect it was read in.
        let auto = raw
            .dialect
            .as_ref()
            .is_none_or(|value| value.get_ref() == "auto");
        let dialect = dialect.map_or(Dialect::Essay, |(dialect, _)| dialect);
        Ok(Configured {
            notation: Some(notation.with_options(Options {
                dialect,
                write: dialect,
                check_limit,
                auto,
                write_as_read: auto,
            })),
            rules,
        })
    }

    fn check_parity(
        path: &Path,
        text: &str,
        raw: RawParity,
        root: &Path,
    ) -> Result<ParityDefaults, ConfigError> {
        if let Some(notation) = &raw.notation {
            value_of::<crate::parity::suite::Runnable>(path, text, "parity.notation", notation)?;
        }
        let timeout = raw
            .timeout
            .as_ref()
            .map(|timeout| {
                parse_duration(timeout.get_ref()).map_err(|message| {
                    ConfigError::at(
                        path,
                        text,
                        timeout.span(),
                        format!("`parity.timeout`: {message}"),
                        None,
                    )
                })
            })
            .transpose()?;
        if let Some(jobs) = &raw.jobs
            && !(1..=256).contains(jobs.get_ref())
        {
            return Err(ConfigError::at(
                path,
                text,
                jobs.span(),
                format!(
                    "`parity.jobs`: expected a number from 1 to 256, found {}",
                    jobs.get_ref()
                ),
                None,
            ));
        }
        Ok(ParityDefaults {
            cmd: raw.cmd,
            notation: raw.notation.map(Spanned::into_inner),
            batch: raw.batch.unwrap_or(false),
            json_strings: raw.json_strings.unwrap_or(false),
            codes: raw.codes.unwrap_or(false),
            timeout,
            jobs: raw.jobs.map(Spanned::into_inner),
            known_failures: raw.known_failures.map(|file| root.join(file)),
            suite: raw.suite.map(|dir| root.join(dir)),
        })
    }

    /// The configuration file, as found.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// `path` relative to this configuration's directory, when it is below it.
    fn relative(&self, path: &Path) -> Option<PathBuf> {
        let absolute = std::path::absolute(path).ok()?;
        absolute
            .strip_prefix(&self.root)
            .ok()
            .map(Path::to_path_buf)
    }

    /// Whether a walk leaves `path` (a file or a directory) out.
    pub(crate) fn excludes(&self, path: &Path) -> bool {
        let relative = self.relative(path);
        let name = path.file_name();
        self.exclude.matches(relative.as_deref(), name)
            || self.extend_exclude.matches(relative.as_deref(), name)
    }

    /// Whether `path` or a directory above it, up to this configuration's directory, is
    /// excluded: for files named on the command line, which no walk filtered.
    pub(crate) fn excludes_with_ancestors(&self, path: &Path) -> bool {
        let Some(relative) = self.relative(path) else {
            return self.excludes(path);
        };
        relative
            .ancestors()
            .filter(|part| !part.as_os_str().is_empty())
            .any(|part| self.excludes(&self.root.join(part)))
    }

    /// The notation `[variants]` or `notations` gives `path`, if a glob matches it (the first
    /// that does; `[variants]` first).
    pub(crate) fn notation_of(&self, path: &Path) -> Option<Notation> {
        self.notation_by(path).map(|(notation, _)| notation)
    }

    /// [`Config::notation_of`], with the table that gives it (`variants` or `notations`). A
    /// variant's FEN notation leaves an EPD file or a perft suite its own, judged by the
    /// variant's rules, as `--variant` does.
    fn notation_by(&self, path: &Path) -> Option<(Notation, &'static str)> {
        let relative = self.relative(path);
        let name = path.file_name();
        let keeps_own =
            Notation::from_extension(path).is_some_and(notation::settings::keeps_own_notation);
        let variant = self
            .variant_of(path)
            .and_then(|configured| configured.notation)
            .filter(|_| !keeps_own)
            .map(|notation| (notation, "variants"));
        variant.or_else(|| {
            self.notations
                .iter()
                .find(|(patterns, _)| patterns.matches(relative.as_deref(), name))
                .map(|(_, notation)| (*notation, "notations"))
        })
    }

    /// The first `[variants]` entry whose glob matches `path`.
    fn variant_of(&self, path: &Path) -> Option<Configured> {
        let relative = self.relative(path);
        let name = path.file_name();
        self.variants
            .iter()
            .find(|(patterns, _)| patterns.matches(relative.as_deref(), name))
            .map(|(_, configured)| *configured)
    }

    /// The rules `[variants]` judges the chess positions of `path` by, if it names a variant
    /// of `fenkit-variants` for it.
    fn rules_of(&self, path: &Path) -> Option<variants::Variant> {
        self.variant_of(path)
            .and_then(|configured| configured.rules)
    }

    /// Whether `chess960` reads `path` in Chess960 mode (`None`: the configuration does not
    /// say).
    fn chess960_of(&self, path: Option<&Path>) -> Option<bool> {
        match &self.chess960 {
            Chess960Config::Unset => None,
            Chess960Config::Everywhere(on) => Some(*on),
            Chess960Config::Globs(globs) => {
                let path = path?;
                let relative = self.relative(path);
                let name = path.file_name();
                globs
                    .iter()
                    .find(|(patterns, _)| patterns.matches(relative.as_deref(), name))
                    .map(|(_, on)| *on)
            }
        }
    }

    /// Where `[columns]` or `[fields]` says the positions of `path` are, if a glob matches.
    pub(crate) fn select_of(&self, path: &Path) -> Option<notation::container::Select> {
        let relative = self.relative(path);
        let name = path.file_name();
        let matching = |entries: &[(Patterns, &'static str)]| {
            entries
                .iter()
                .find(|(patterns, _)| patterns.matches(relative.as_deref(), name))
                .map(|(_, value)| *value)
        };
        matching(&self.columns)
            .map(notation::container::Select::Column)
            .or_else(|| matching(&self.fields).map(notation::container::Select::MappedField))
    }

    /// What this configuration says about reading the input at `path` (`None`: standard
    /// input), for `notation::settings::Resolved::read_settings_over` to put the flags over.
    fn reading(&self, path: Option<&Path>) -> notation::settings::Configured {
        notation::settings::Configured {
            profile: self.profile,
            strict: self.strict,
            chess960: self.chess960_of(path),
            select: path.and_then(|path| self.select_of(path)),
            rules: path.and_then(|path| self.rules_of(path)),
        }
    }

    /// The codes `per-file-ignores` leaves unreported in `path`.
    fn ignores_of(&self, path: &Path) -> Vec<Code> {
        let relative = self.relative(path);
        let name = path.file_name();
        self.per_file_ignores
            .iter()
            .filter(|(patterns, _)| patterns.matches(relative.as_deref(), name))
            .flat_map(|(_, codes)| codes.iter().copied())
            .collect()
    }

    /// `[parity]`.
    pub(crate) fn parity(&self) -> &ParityDefaults {
        &self.parity
    }
}

/// Where configuration comes from in this run.
#[derive(Debug)]
enum Source {
    /// `--isolated`: none.
    Isolated,
    /// `--config PATH`: this one, for every input.
    Fixed(Option<Arc<Config>>),
    /// The nearest configuration file of each input.
    Discovered,
}

/// The configurations of one run, found once per directory.
#[derive(Debug)]
pub(crate) struct Configs {
    source: Source,
    /// Directory (absolute) → the configuration that applies in it.
    by_dir: Mutex<HashMap<PathBuf, Option<Arc<Config>>>>,
    /// The first configuration that could not be read while walking (the walk's filter
    /// cannot stop on it).
    failed: Mutex<Option<ConfigError>>,
}

/// What reading one input is set to: the command line's flags over its configuration.
#[derive(Debug, Clone)]
pub(crate) struct FileSettings {
    /// The notation to read it as (`None`: by extension, then by content).
    pub(crate) notation: Option<Notation>,
    /// What gave `notation`, for messages: a flag, or a key of a configuration file.
    pub(crate) notation_from: Option<String>,
    /// The DFEN profile and strictness.
    pub(crate) read: ReadSettings,
    /// Codes not reported in this file (`per-file-ignores`).
    pub(crate) ignores: Vec<Code>,
    /// Whether warnings fail the run.
    pub(crate) deny_warnings: bool,
}

/// The read flags of a command, before configuration.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Flags {
    /// `--notation`, `--variant`, `--profile`, `--strict`, `--chess960`, `--column`,
    /// `--field` and the variant's flags, checked by the library (`notation::settings`).
    pub(crate) read: Resolved,
    /// `--deny warnings`.
    pub(crate) deny_warnings: bool,
}

impl Flags {
    /// The notation the flags name for every input (`--notation`, or `--variant`'s).
    pub(crate) fn notation(&self) -> Option<Notation> {
        self.read.notation
    }

    /// `--column` or `--field`: where the positions of a container file are.
    pub(crate) fn select(&self) -> Option<notation::container::Select> {
        self.read.select
    }

    /// The flag that gave [`Flags::notation`], for messages.
    fn notation_flag(&self) -> &'static str {
        if self.read.by_variant {
            "--variant"
        } else {
            "--notation"
        }
    }
}

impl Configs {
    /// The configurations of a run with these flags. `--config PATH` is read at once.
    pub(crate) fn new(args: &ConfigArgs) -> Result<Configs, ConfigError> {
        let source = match (&args.config, args.isolated) {
            (_, true) => Source::Isolated,
            (Some(path), false) => {
                let config = Config::load(path)?;
                if config.is_none() {
                    return Err(ConfigError(Box::new(ConfigProblem {
                        path: path.display().to_string(),
                        text: String::new(),
                        finding: None,
                        unreadable: Some("it has no `[tool.fenkit]` table".to_owned()),
                    })));
                }
                Source::Fixed(config.map(Arc::new))
            }
            (None, false) => Source::Discovered,
        };
        Ok(Configs {
            source,
            by_dir: Mutex::new(HashMap::new()),
            failed: Mutex::new(None),
        })
    }

    /// The configuration that applies in directory `dir`: the nearest one at or above it.
    pub(crate) fn for_dir(&self, dir: &Path) -> Result<Option<Arc<Config>>, ConfigError> {
        match &self.source {
            Source::Isolated => return Ok(None),
            Source::Fixed(config) => return Ok(config.clone()),
            Source::Discovered => {}
        }
        let Ok(absolute) = std::path::absolute(if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        }) else {
            return Ok(None);
        };
        // Directories passed on the way up get the answer too.
        let mut visited = Vec::new();
        let mut here = Some(absolute.as_path());
        let found = loop {
            let Some(dir) = here else {
                break None;
            };
            if let Some(known) = self.cached(dir) {
                break known;
            }
            visited.push(dir.to_path_buf());
            if let Some(config) = Configs::load_in(dir)? {
                break Some(Arc::new(config));
            }
            here = dir.parent();
        };
        let mut cache = self.by_dir.lock().unwrap_or_else(PoisonError::into_inner);
        for dir in visited {
            cache.insert(dir, found.clone());
        }
        Ok(found)
    }

    fn cached(&self, dir: &Path) -> Option<Option<Arc<Config>>> {
        self.by_dir
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(dir)
            .cloned()
    }

    /// The configuration file in `dir` itself, if there is one.
    fn load_in(dir: &Path) -> Result<Option<Config>, ConfigError> {
        for name in FILE_NAMES {
            let candidate = dir.join(name);
            if candidate.is_file()
                && let Some(config) = Config::load(&candidate)?
            {
                return Ok(Some(config));
            }
        }
        Ok(None)
    }

    /// The configuration of a file (or, for standard input, of the current directory).
    pub(crate) fn for_file(&self, path: Option<&Path>) -> Result<Option<Arc<Config>>, ConfigError> {
        let dir = path
            .and_then(Path::parent)
            .unwrap_or_else(|| Path::new("."));
        self.for_dir(dir)
    }

    /// For the walk's filter, which cannot stop: the configuration of `dir`, keeping the first
    /// error for [`Configs::take_failure`].
    pub(crate) fn for_dir_or_note(&self, dir: &Path) -> Option<Arc<Config>> {
        match self.for_dir(dir) {
            Ok(config) => config,
            Err(error) => {
                let mut failed = self.failed.lock().unwrap_or_else(PoisonError::into_inner);
                failed.get_or_insert(error);
                None
            }
        }
    }

    /// The first configuration error met by [`Configs::for_dir_or_note`].
    pub(crate) fn take_failure(&self) -> Option<ConfigError> {
        self.failed
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }

    /// The settings of one input: the flags, then its configuration, then the defaults. The
    /// configuration was read by the walk, so this only looks it up. Standard input (spooled
    /// or not) takes the current directory's.
    pub(crate) fn settings(&self, origin: &Origin, flags: Flags) -> FileSettings {
        self.settings_at(origin.path(), flags)
    }

    /// [`Configs::settings`] of the input at `path`; `None`: standard input, or a position
    /// given on the command line, which take the current directory's configuration.
    pub(crate) fn settings_at(&self, path: Option<&Path>, flags: Flags) -> FileSettings {
        let config = self.for_file(path).ok().flatten();
        let config = config.as_deref();
        let configured = || {
            config
                .zip(path)
                .and_then(|(c, path)| Some((c, c.notation_by(path)?)))
        };
        // A variant's FEN notation (`--variant crazyhouse`) is not forced on a file whose
        // extension names another notation of chess positions (an EPD file, a perft suite):
        // that file is read as its extension says, judged by the variant's rules.
        let forced = flags
            .read
            .notation_for(path.and_then(Notation::from_extension));
        let (notation, notation_from) = match (forced, configured()) {
            (Some(notation), _) => (Some(notation), Some(format!("`{}`", flags.notation_flag()))),
            (None, Some((config, (notation, table)))) => (
                Some(notation),
                Some(format!("`[{table}]` in `{}`", config.path().display())),
            ),
            (None, None) => (None, None),
        };
        FileSettings {
            notation,
            notation_from,
            read: flags
                .read
                .read_settings_over(config.map(|c| c.reading(path)).unwrap_or_default()),
            ignores: config
                .zip(path)
                .map(|(c, path)| c.ignores_of(path))
                .unwrap_or_default(),
            deny_warnings: flags.deny_warnings
                || config.and_then(|c| c.deny_warnings).unwrap_or(false),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn checked(text: &str) -> Result<Config, ConfigError> {
        let raw: RawConfig = toml::from_str(text).map_err(|error| {
            ConfigError::at(
                Path::new("fenkit.toml"),
                text,
                error.span().unwrap_or(0..0),
                error.message().to_owned(),
                None,
            )
        })?;
        Config::check(Path::new("fenkit.toml"), text, raw, PathBuf::from("/repo"))
    }

    #[test]
    fn globs_without_a_slash_match_the_name_at_any_depth() {
        let config =
            checked("[notations]\n\"*.jsonl\" = \"ndjson4\"\n\"data/*.txt\" = \"dfen\"\n").unwrap();
        assert_eq!(
            config.notation_of(Path::new("/repo/deep/down/r.jsonl")),
            Notation::named("ndjson4")
        );
        assert_eq!(
            config.notation_of(Path::new("/repo/data/a.txt")),
            Notation::named("dfen")
        );
        assert_eq!(config.notation_of(Path::new("/repo/data/sub/a.txt")), None);
        assert_eq!(config.notation_of(Path::new("/repo/other/a.txt")), None);
    }

    #[test]
    fn exclude_replaces_the_defaults_and_extend_exclude_adds() {
        let defaults = checked("").unwrap();
        assert!(defaults.excludes(Path::new("/repo/node_modules")));
        assert!(!defaults.excludes(Path::new("/repo/vendor")));
        let replaced = checked("exclude = [\"vendor\"]\n").unwrap();
        assert!(!replaced.excludes(Path::new("/repo/node_modules")));
        assert!(replaced.excludes(Path::new("/repo/vendor")));
        let extended = checked("extend-exclude = [\"big/**\"]\n").unwrap();
        assert!(extended.excludes(Path::new("/repo/node_modules")));
        assert!(extended.excludes(Path::new("/repo/big/a.dfen")));
        assert!(!extended.excludes(Path::new("/repo/small/a.dfen")));
    }

    /// The complete example in the CLI guide is a configuration that reads, key for key.
    #[test]
    fn the_guide_example_reads() {
        let guide = include_str!("../README.md");
        let start = guide.find("```toml\n# fenkit.toml\n").expect("the example") + 8;
        let end = start + guide[start..].find("```").expect("its end");
        let config = checked(&guide[start..end]).unwrap();
        assert_eq!(config.profile, Some(ProfileArg::Spec));
        assert_eq!(config.deny_warnings, Some(true));
        assert_eq!(config.per_file_ignores.len(), 2);
        assert_eq!(config.notations.len(), 2);
        assert_eq!(config.variants.len(), 4);
        assert_eq!(
            config.rules_of(Path::new("/repo/suicide/a/b.epd")),
            Some(variants::Variant::Antichess)
        );
        assert_eq!(config.notation_of(Path::new("/repo/suicide/a/b.epd")), None);
        assert!(matches!(
            config.notation_of(Path::new("/repo/zh/a/b.fen")),
            Some(notation)
                if notation.options.dialect == chess::variant::Dialect::Stockfish
        ));
        assert_eq!(config.parity.jobs, Some(2));
        assert_eq!(config.parity.timeout, Some(Duration::from_secs(5)));
        assert!(config.excludes(Path::new("/repo/vendor")));
        assert!(config.excludes(Path::new("/repo/node_modules")));
    }

    /// A `[variants]` glob of three-check or crazyhouse gives its FEN notation to the files
    /// it matches, but an EPD file or a perft suite keeps its own, judged by the variant's
    /// rules, as `--variant` leaves them (issue 39 §1).
    #[test]
    fn a_variant_glob_leaves_epd_and_perft_files_their_notation() {
        let config = checked(
            "[variant]\n\"zh/**\" = { variant = \"crazyhouse\" }\n\
             \"tc/*\" = { variant = \"threecheck\", dialect = \"stockfish\" }\n",
        )
        .unwrap();
        for (path, rules) in [
            ("/repo/zh/a/b.epd", variants::Variant::Crazyhouse),
            ("/repo/zh/crazyhouse.perft", variants::Variant::Crazyhouse),
            ("/repo/tc/3check.perft", variants::Variant::ThreeCheck),
            ("/repo/tc/a.epd", variants::Variant::ThreeCheck),
        ] {
            assert_eq!(config.notation_of(Path::new(path)), None, "{path}");
            assert_eq!(config.rules_of(Path::new(path)), Some(rules), "{path}");
        }
        for path in ["/repo/zh/a/b.fen", "/repo/tc/a.fen", "/repo/zh/a.txt"] {
            assert!(
                config
                    .notation_of(Path::new(path))
                    .is_some_and(|notation| notation.entry().variant.is_some()),
                "{path}"
            );
        }
    }

    #[test]
    fn errors_point_at_the_value() {
        let text = "profile = \"engin\"\n";
        let error = checked(text).unwrap_err();
        let finding = error.0.finding.unwrap();
        assert_eq!(&text[finding.span.clone()], "\"engin\"");
        assert_eq!(
            finding.message,
            "`profile`: expected `spec`, `lenient` or `engine`, found `engin`"
        );
        let text = "[per-file-ignores]\n\"*.dfen\" = [\"DFEN999\"]\n";
        let finding = checked(text).unwrap_err().0.finding.unwrap();
        assert_eq!(&text[finding.span.clone()], "\"DFEN999\"");
        let text = "[notations]\n\"[a\" = \"dfen\"\n";
        let finding = checked(text).unwrap_err().0.finding.unwrap();
        assert_eq!(&text[finding.span.clone()], "\"[a\"");
    }
}

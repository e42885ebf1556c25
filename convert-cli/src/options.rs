//! Flags shared by several subcommands.

use crate::notation::Notation;

/// A DFEN dialect, as a command-line value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub(crate) enum ProfileArg {
    /// fenkit's spec: seven fields, field 7 always written
    #[default]
    Spec,
    /// accept every unambiguous form and report it (writes the spec form)
    Lenient,
    /// the reference engine's dialect: field 7 omitted when empty, en passant in square-index order
    Engine,
}

impl From<ProfileArg> for dfen::Profile {
    fn from(profile: ProfileArg) -> dfen::Profile {
        match profile {
            ProfileArg::Spec => dfen::Profile::Spec,
            ProfileArg::Lenient => dfen::Profile::Lenient,
            ProfileArg::Engine => dfen::Profile::Engine,
        }
    }
}

/// How positions are read: `--notation`, `--profile`, `--strict`.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct ReadArgs {
    /// Read every input as this notation [default: by extension, then by content]
    #[arg(long, value_name = "NOTATION")]
    pub(crate) notation: Option<Notation>,

    /// The DFEN dialect to read [default: the configuration's `profile`, else spec]
    #[arg(long, value_name = "PROFILE")]
    pub(crate) profile: Option<ProfileArg>,

    /// Treat every non-canonical form as an error
    #[arg(long)]
    pub(crate) strict: bool,
}

impl ReadArgs {
    /// The flags as given, for [`crate::config::Configs::settings`] to merge over each
    /// input's configuration.
    pub(crate) fn flags(&self) -> crate::config::Flags {
        crate::config::Flags {
            notation: self.notation,
            profile: self.profile,
            strict: self.strict,
            deny_warnings: false,
        }
    }
}

/// `--threads`: how many threads analyse positions.
/// The most threads `--threads` and `FENKIT_THREADS` accept: more than any machine this runs
/// on has cores, and few enough that a typo (`--threads 10000`) cannot start thousands.
pub(crate) const MAX_THREADS: u64 = 256;

#[derive(Debug, Clone, clap::Args)]
pub(crate) struct ThreadsArg {
    /// Threads that analyse positions, also within one large file, 1 to 256 [default:
    /// $FENKIT_THREADS, else one per CPU]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_THREADS))]
    threads: Option<u64>,
}

impl ThreadsArg {
    /// The thread count asked for and where it came from: the flag, else `FENKIT_THREADS` (a
    /// value that is not a count from 1 to [`MAX_THREADS`] is reported on stderr and ignored).
    fn requested(&self, global: &crate::cli::Global) -> Option<(usize, &'static str)> {
        let (count, source) = match self.threads {
            Some(count) => (count, "--threads"),
            None => {
                let text = std::env::var("FENKIT_THREADS").ok()?;
                match text.trim().parse::<u64>() {
                    Ok(count) if (1..=MAX_THREADS).contains(&count) => (count, "FENKIT_THREADS"),
                    _ => {
                        global.warning(format_args!(
                            "FENKIT_THREADS: expected a thread count from 1 to {MAX_THREADS}, \
                             found `{text}`; using one thread per CPU"
                        ));
                        return None;
                    }
                }
            }
        };
        Some((usize::try_from(count).ok()?, source))
    }

    /// The thread count (the flag, else `FENKIT_THREADS`, else the pool's default: one per CPU
    /// or `RAYON_NUM_THREADS`), after sizing the pool that spreads several files over threads.
    pub(crate) fn apply(&self, global: &crate::cli::Global) -> usize {
        let (count, source) = match self.requested(global) {
            Some((count, source)) => {
                // Fails only when the pool already exists (tests running several commands).
                let _ = rayon::ThreadPoolBuilder::new()
                    .num_threads(count)
                    .build_global();
                (count, source)
            }
            None => (rayon::current_num_threads(), "one per CPU"),
        };
        global.note(format_args!(
            "analysing on {} ({source})",
            crate::output::plural(count, "thread", "threads")
        ));
        count
    }
}

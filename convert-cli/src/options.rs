//! Flags shared by several subcommands.

use std::num::NonZeroUsize;

use crate::notation::{Notation, ReadSettings};

/// A DFEN dialect, as a command-line value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub(crate) enum ProfileArg {
    /// fenkit's spec: seven fields, field 7 always written
    #[default]
    Spec,
    /// accept every unambiguous form and report it (writes the spec form)
    Lenient,
    /// the reference engine's dialect: field 7 omitted when empty, en passant by square index
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

    /// The DFEN dialect to read (and for `fmt`, to write)
    #[arg(long, value_name = "PROFILE", default_value = "spec")]
    pub(crate) profile: ProfileArg,

    /// Treat every non-canonical form as an error
    #[arg(long)]
    pub(crate) strict: bool,
}

impl ReadArgs {
    /// The checked settings.
    pub(crate) fn settings(&self) -> ReadSettings {
        ReadSettings {
            profile: self.profile.into(),
            strict: self.strict,
        }
    }
}

/// `--threads`: how many threads analyse positions.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct ThreadsArg {
    /// Threads that analyse positions, also within one large file [default: $FENKIT_THREADS,
    /// else one per CPU]
    #[arg(long, value_name = "N")]
    threads: Option<NonZeroUsize>,
}

impl ThreadsArg {
    /// The thread count asked for: the flag, else `FENKIT_THREADS`.
    fn requested(&self) -> Option<usize> {
        self.threads
            .or_else(|| std::env::var("FENKIT_THREADS").ok()?.trim().parse().ok())
            .map(NonZeroUsize::get)
    }

    /// The thread count (the flag, else `FENKIT_THREADS`, else the pool's default: one per CPU
    /// or `RAYON_NUM_THREADS`), after sizing the pool that spreads several files over threads.
    pub(crate) fn apply(&self) -> usize {
        if let Some(count) = self.requested() {
            // Fails only when the pool already exists (tests running several commands).
            let _ = rayon::ThreadPoolBuilder::new()
                .num_threads(count)
                .build_global();
            return count;
        }
        rayon::current_num_threads()
    }
}

//! Flags shared by several subcommands.

use dfen::variant::{Dialect, Variant};

use crate::context::Failure;
use crate::notation::{DialectArg, Notation, Options, ProfileArg, VariantName};

/// How positions are read: `--notation`, `--variant`, `--dialect`, `--check-limit`,
/// `--profile`, `--strict`.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct ReadArgs {
    /// Read every input as this notation [default: by extension, then by content]
    #[arg(long, value_name = "NOTATION")]
    pub(crate) notation: Option<Notation>,

    #[command(flatten)]
    pub(crate) variant: VariantArgs,

    /// The DFEN dialect to read [default: the configuration's `profile`, else spec]
    #[arg(long, value_name = "PROFILE")]
    pub(crate) profile: Option<ProfileArg>,

    /// Treat every non-canonical form as an error
    #[arg(long)]
    pub(crate) strict: bool,

    #[command(flatten)]
    pub(crate) select: SelectArgs,
}

/// Where the positions of a container file are: `--column`, `--field`.
#[derive(Debug, Clone, Default, clap::Args)]
pub(crate) struct SelectArgs {
    /// CSV/TSV files (`.csv`, `.tsv`): the column that holds the positions, by its header
    /// name or its number from 1 (e.g. `--column FEN`)
    #[arg(long, value_name = "NAME|N")]
    pub(crate) column: Option<String>,

    /// JSON Lines files (`.jsonl`, `.ndjson`): the string field that holds the positions; a
    /// dotted path reaches into objects (e.g. `--field fen`, `--field game.start`)
    #[arg(long, value_name = "KEY", conflicts_with = "column")]
    pub(crate) field: Option<String>,
}

impl SelectArgs {
    /// The container selection the flags make (the strings live for the run).
    pub(crate) fn select(&self) -> Option<crate::container::Select> {
        let leak = |text: &String| -> &'static str { Box::leak(text.clone().into_boxed_str()) };
        match (&self.column, &self.field) {
            (Some(column), _) => Some(crate::container::Select::Column(leak(column))),
            (None, Some(field)) => Some(crate::container::Select::Field(leak(field))),
            (None, None) => None,
        }
    }
}

impl ReadArgs {
    /// The flags as given, for [`crate::config::Configs::settings`] to merge over each
    /// input's configuration; `to_dialect` is what `fmt` writes variant positions in.
    ///
    /// # Errors
    /// A usage error for flags that do not go together (see [`VariantArgs::notation`]).
    pub(crate) fn flags(
        &self,
        to_dialect: Option<DialectArg>,
    ) -> Result<crate::config::Flags, Failure> {
        let variant = self.variant.notation(to_dialect, self.profile)?;
        Ok(crate::config::Flags {
            notation: variant.or(self.notation),
            notation_flag: if variant.is_some() {
                "--variant"
            } else {
                "--notation"
            },
            profile: self.profile,
            strict: self.strict,
            deny_warnings: false,
            select: self.select.select(),
        })
    }
}

/// Refuses `--variant` (a variant of chess) with FEN4 and NDJSON4 files, which hold
/// another kind of position.
///
/// # Errors
/// A usage error naming the first such file, with a hint.
pub(crate) fn refuse_fen4_with_variant(
    notation: Option<Notation>,
    inputs: &[crate::input::Origin],
) -> Result<(), Failure> {
    let Some(notation) = notation.filter(|n| n.entry().dialects) else {
        return Ok(());
    };
    let fen4 = inputs.iter().find(|origin| {
        origin
            .path()
            .and_then(Notation::from_extension)
            .is_some_and(|n| n.entry().family != notation.entry().family)
    });
    match fen4 {
        None => Ok(()),
        Some(origin) => Err(Failure::hinted(
            format!(
                "`--variant {}` reads chess positions, and `{}` is a FEN4 file: expected \
                 FEN files only with `--variant`",
                notation.name(),
                origin.display()
            ),
            "check FEN4 files in a run of their own, without `--variant`",
        )),
    }
}

/// `--variant`, `--dialect` and `--check-limit`: which variant's FEN is read, in which dialect.
#[derive(Debug, Clone, Default, clap::Args)]
pub(crate) struct VariantArgs {
    /// Read every input as a position of this chess variant (see `spec/variants.md`)
    #[arg(long, value_name = "VARIANT", conflicts_with = "notation")]
    pub(crate) variant: Option<VariantName>,

    /// With --variant threecheck, crazyhouse or twomove: the dialect to read [default: essay]
    #[arg(long, value_name = "DIALECT")]
    pub(crate) dialect: Option<DialectArg>,

    /// With --variant threecheck: the number of checks that wins, 1 to 255 [default: 3]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..))]
    pub(crate) check_limit: Option<u8>,
}

impl VariantArgs {
    /// The notation `--variant` selects (`None` without it): `chess` is standard FEN,
    /// `dice` is DFEN, the others a variant's notation that writes `to_dialect` (else the
    /// dialect it reads).
    ///
    /// # Errors
    /// A usage error, with a hint, for `--dialect`, `--to-dialect` or `--check-limit` without
    /// a variant they apply to, for a dialect the variant is not written in, and for
    /// `--profile` with a variant that is not DFEN.
    pub(crate) fn notation(
        &self,
        to_dialect: Option<DialectArg>,
        profile: Option<ProfileArg>,
    ) -> Result<Option<Notation>, Failure> {
        let selected = self.variant.map(|name| name.0);
        let variant = self.variant.map(VariantName::variant);
        let has_slots = |v: Variant| Notation::of_variant(v).is_some_and(|n| n.entry().dialects);
        for (flag, given) in [
            ("--dialect", self.dialect.is_some()),
            ("--to-dialect", to_dialect.is_some()),
        ] {
            if given && !variant.is_some_and(has_slots) {
                return Err(Failure::hinted(
                    format!(
                        "`{flag}` chooses how threecheck, crazyhouse and twomove positions are \
                         written: expected it with `--variant threecheck`, `crazyhouse` or \
                         `twomove`, found it {}",
                        match variant {
                            None => "without `--variant`".to_owned(),
                            Some(v) => format!("with `--variant {v}`"),
                        }
                    ),
                    match variant {
                        Some(Variant::Dice) => {
                            "DFEN's dialects are chosen with `--profile spec|lenient|engine`"
                        }
                        Some(_) => "standard chess has six fields in every dialect: drop it",
                        None => "add `--variant threecheck` (or crazyhouse, twomove)",
                    },
                ));
            }
        }
        if self.check_limit.is_some() && variant != Some(Variant::ThreeCheck) {
            return Err(Failure::hinted(
                "`--check-limit` is the number of checks that wins three-check: expected it \
                 with `--variant threecheck`"
                    .to_owned(),
                "add `--variant threecheck`, or drop `--check-limit`",
            ));
        }
        let (Some(variant), Some(selected)) = (variant, selected) else {
            return Ok(None);
        };
        if !selected.entry().dialects {
            return Ok(Some(selected));
        }
        if profile.is_some() {
            return Err(Failure::hinted(
                format!(
                    "`--profile` chooses a DFEN dialect: expected no `--profile` with \
                     `--variant {variant}`"
                ),
                "choose how the variant is written with `--dialect essay|stockfish|lichess`",
            ));
        }
        let dialect = self.dialect.map_or(Dialect::Essay, Dialect::from);
        let write = to_dialect.map_or(dialect, Dialect::from);
        for (flag, asked) in [("--dialect", dialect), ("--to-dialect", write)] {
            if !variant.has_dialect(asked) {
                return Err(Failure::hinted(
                    format!(
                        "{variant} has no `{asked}` dialect ({}): expected `{flag} essay`",
                        dfen::Code::DialectUnavailable
                    ),
                    format!("no program writes {variant} positions in another form: drop `{flag}`"),
                ));
            }
        }
        Ok(Some(selected.with_options(Options {
            dialect,
            write,
            check_limit: self.check_limit.unwrap_or(3),
        })))
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
    fn requested(&self, global: &crate::context::Global) -> Option<(usize, &'static str)> {
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
    pub(crate) fn apply(&self, global: &crate::context::Global) -> usize {
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

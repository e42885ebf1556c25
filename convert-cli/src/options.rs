//! Flags shared by several subcommands.

use crate::choices::choices;

use crate::context::Failure;
use notation::settings::Request;
use notation::{DialectArg, Notation, ProfileArg, ReadSettings, VariantName};

/// How positions are read: `--notation`, `--variant`, `--dialect`, `--check-limit`,
/// `--profile`, `--strict`.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct ReadArgs {
    /// Read every input as this notation [default: by extension, then by content]
    #[arg(long, value_name = "NOTATION", value_parser = choices::<Notation>())]
    pub(crate) notation: Option<Notation>,

    #[command(flatten)]
    pub(crate) variant: VariantArgs,

    /// The DFEN dialect to read [default: the configuration's `profile`, else spec]
    #[arg(long, value_name = "PROFILE", value_parser = choices::<ProfileArg>())]
    pub(crate) profile: Option<ProfileArg>,

    /// Treat every non-canonical form as an error
    #[arg(long)]
    pub(crate) strict: bool,

    /// Read castling as Chess960 (Fischer random) does: `K`/`Q` are the outermost rooks on
    /// each side of the king, wherever it stands [default: the configuration's `chess960`,
    /// else off; file letters such as `HAha` are read in either case]
    #[arg(long)]
    pub(crate) chess960: bool,

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
    pub(crate) fn select(&self) -> Option<notation::container::Select> {
        let leak = |text: &String| -> &'static str { Box::leak(text.clone().into_boxed_str()) };
        match (&self.column, &self.field) {
            (Some(column), _) => Some(notation::container::Select::Column(leak(column))),
            (None, Some(field)) => Some(notation::container::Select::Field(leak(field))),
            (None, None) => None,
        }
    }
}

impl ReadArgs {
    /// The flags as given, for [`crate::config::Configs::settings`] to merge over each
    /// input's configuration; `to_dialect` is what `fmt` writes variant positions in.
    ///
    /// # Errors
    /// A usage error for flags that do not go together (`notation::settings::Request::resolve`).
    pub(crate) fn flags(
        &self,
        to_dialect: Option<DialectArg>,
    ) -> Result<crate::config::Flags, Failure> {
        let request = Request {
            notation: self.notation,
            profile: self.profile,
            strict: self.strict,
            chess960: self.chess960,
            select: self.select.select(),
            ..self.variant.request(to_dialect)
        };
        Ok(crate::config::Flags {
            read: request.resolve()?,
            deny_warnings: false,
        })
    }
}

/// `--en-passant` (and its older name `--ep`): which en-passant squares a command writes
/// (`fmt`, `convert`) or counts in a position's identity (`dedupe`, `check --duplicates`,
/// `perft --unique`). One policy, `dfen::EnPassantPolicy`, from the flag to the library.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub(crate) struct EnPassantArg {
    /// Which en-passant squares to write: `legal` only where a legal capture exists now
    /// (python-chess's default), `xfen` where a pawn can capture at all, `fen` every square a
    /// double push left, `always` every square as written [default: always: nothing dropped;
    /// `legal` for the positions `convert` writes from PGN games]
    #[arg(
        id = "en_passant",
        long = "en-passant",
        alias = "ep",
        value_name = "POLICY",
        value_parser = choices::<dfen::EnPassantPolicy>()
    )]
    given: Option<dfen::EnPassantPolicy>,
}

impl EnPassantArg {
    /// The policy asked for, `always` when none is.
    pub(crate) fn policy(self) -> dfen::EnPassantPolicy {
        self.given.unwrap_or(dfen::EnPassantPolicy::Always)
    }

    /// The policy asked for, `None` when the flag is not given (positions written from PGN
    /// games default to `legal`).
    pub(crate) const fn given(self) -> Option<dfen::EnPassantPolicy> {
        self.given
    }
}

/// The help of `--en-passant` where it chooses a position's identity (`check --duplicates`,
/// `dedupe`, `perft --unique`).
pub(crate) const IDENTITY_EN_PASSANT_HELP: &str = "Which en-passant squares count in a \
    position's identity: `legal` only where a legal capture exists now (standard chess rules for \
    .fen files, Dice Chess for .dfen), `xfen` where a pawn can capture at all, `fen` every \
    square a double push left, `always` every square as written [default: always]. `--ep` is \
    the same flag. No effect on FEN4 placements";

/// `--castling xfen|shredder` and `--en-passant`: how `fmt` and `convert` write a position.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub(crate) struct WriteArgs {
    /// With --chess960: the castling spelling to write, `xfen` or `shredder` [default: xfen;
    /// `fmt` keeps each line's]. Outside Chess960 mode standard positions are always written
    /// `KQkq`
    #[arg(long, value_name = "SPELLING", value_parser = choices::<dfen::CastlingNotation>())]
    pub(crate) castling: Option<dfen::CastlingNotation>,

    #[command(flatten)]
    pub(crate) en_passant: EnPassantArg,
}

impl WriteArgs {
    /// `read` writing as `convert` does with these flags (`ReadSettings::writing`), in its
    /// castling mode.
    pub(crate) fn writing(self, read: ReadSettings) -> ReadSettings {
        read.writing(self.castling, self.en_passant.policy())
    }

    /// `read` writing as `fmt` does with these flags, within each file's dialect
    /// (`ReadSettings::formatting`).
    pub(crate) fn formatting(self, read: ReadSettings) -> ReadSettings {
        read.formatting(self.castling, self.en_passant.policy())
    }
}

/// Says, once for each file, that `--column` or `--field` does nothing for it (a `note:`
/// line, not a finding: a directory may mix containers with position files, and the exit
/// status is unchanged). `--column` is read only for CSV and TSV files, `--field` only for
/// JSON Lines files (and standard input); PGN files are read by their `FEN` tags.
pub(crate) fn note_unused_select(
    select: Option<notation::container::Select>,
    inputs: &[crate::input::Origin],
    global: &crate::context::Global,
) {
    use notation::container::Select;
    let (flag, extensions, what): (&str, &[&str], &str) = match select {
        Some(Select::Column(_)) => ("--column", &["csv", "tsv"], "CSV and TSV files"),
        Some(Select::Field(_)) => ("--field", &["jsonl", "ndjson"], "JSON Lines files"),
        Some(Select::MappedField(_)) | None => return,
    };
    for path in inputs.iter().filter_map(crate::input::Origin::path) {
        let read = path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| extensions.iter().any(|x| e.eq_ignore_ascii_case(x)));
        if !read {
            global.notice(format_args!(
                "`{flag}` does nothing for `{}`: it is read only for {what}",
                path.display()
            ));
        }
    }
}

/// Says once, with `note:`, that `--variant` does not apply to the `.dfen` files among
/// `inputs`: a `.dfen` file holds Dice Chess and is read so (`convert-cli/README.md`).
pub(crate) fn note_variant_on_dice(
    read: &notation::settings::Resolved,
    inputs: &[crate::input::Origin],
    global: &crate::context::Global,
) {
    let mut dice = inputs.iter().filter_map(|origin| {
        let path = origin.path()?;
        read.passes_over(Notation::from_extension(path))
            .map(|variant| (variant, origin.display()))
    });
    let Some((variant, first)) = dice.next() else {
        return;
    };
    let others = dice.count();
    global.notice(format_args!(
        "`--variant {variant}` does not apply to `{first}`{}: a .dfen file holds Dice Chess, \
         and is read as DFEN (`--notation` reads it as another notation)",
        match others {
            0 => String::new(),
            1 => " and 1 other .dfen file".to_owned(),
            n => format!(" and {n} other .dfen files"),
        }
    ));
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
    /// Read every input as positions of this chess variant (see `spec/variants.md`); with
    /// `--notation fen`, `epd` or `perft` (or files by extension) the variant's rules judge
    /// the lines of that notation. Names are read without case, with every alias lichess, PGN
    /// `Variant` tags and python-chess use (`racingKings`, `King of the Hill`, `suicide`)
    #[arg(long, value_name = "VARIANT", ignore_case = true, value_parser = choices::<VariantName>())]
    pub(crate) variant: Option<VariantName>,

    /// With --variant threecheck, crazyhouse or twomove: the dialect to read, or `auto` to
    /// decide per line in files that mix them (`-v` says what it chose) [default: auto]
    #[arg(long, value_name = "DIALECT", value_parser = choices::<DialectArg>())]
    pub(crate) dialect: Option<DialectArg>,

    /// With --variant threecheck: the number of checks that wins, 1 to 255 [default: 3]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..))]
    pub(crate) check_limit: Option<u8>,
}

impl VariantArgs {
    /// These flags as the library's request, with `to_dialect` (`--to-dialect`).
    pub(crate) fn request(&self, to_dialect: Option<DialectArg>) -> Request {
        Request {
            variant: self.variant,
            dialect: self.dialect,
            to_dialect,
            check_limit: self.check_limit,
            ..Request::default()
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

//! A progress bar on stderr, only when stderr is a terminal and there is enough work.

use std::io::IsTerminal;

use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How many files make a run long enough to show progress.
const MIN_FILES: u64 = 64;

/// A bar over `len` files; hidden unless stderr is a terminal and `len` is large.
pub(crate) fn bar(len: u64, what: &'static str) -> ProgressBar {
    if len < MIN_FILES || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} {pos}/{len} files {wide_bar}")
    {
        bar.set_style(style);
    }
    bar.set_message(what);
    bar
}

/// How long one input must take before its byte progress appears.
const DELAY: Duration = Duration::from_millis(800);

/// Progress through one large input, by bytes: drawn on stderr only when it is a terminal and
/// the input has already taken a moment, so short runs and pipes never see it.
pub(crate) struct ByteProgress {
    bar: ProgressBar,
    started: Instant,
    terminal: bool,
    visible: bool,
}

impl ByteProgress {
    /// Progress over an input of `total` bytes (`None` when unknown, as for standard input).
    pub(crate) fn new(total: Option<u64>, what: &'static str) -> ByteProgress {
        let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::hidden());
        let template = if total.is_some() {
            "{spinner} {msg} {bytes}/{total_bytes} {wide_bar} {eta}"
        } else {
            "{spinner} {msg} {bytes}"
        };
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style);
        }
        bar.set_message(what);
        ByteProgress {
            bar,
            started: Instant::now(),
            terminal: std::io::stderr().is_terminal(),
            visible: false,
        }
    }

    /// Notes that the input has been handled up to byte `offset`. Called once per batch of
    /// records (or every so many records), so it may look at the clock each time.
    pub(crate) fn show(&mut self, offset: u64) {
        if !self.terminal {
            return;
        }
        if !self.visible {
            if self.started.elapsed() < DELAY {
                return;
            }
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.visible = true;
        }
        self.bar.set_position(offset);
    }
}

impl Drop for ByteProgress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

//! A progress bar on stderr, only when stderr is a terminal and there is enough work.

use std::io::IsTerminal;

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

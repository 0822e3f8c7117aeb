//! The progress bar of a run over many files.

use std::io::{self, IsTerminal};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A progress bar on standard error (counts and rate), only on a terminal,
/// not with `--quiet`, and only once a run has lasted long enough to need one.
pub(crate) struct Progress {
    bar: Option<ProgressBar>,
    start: Instant,
    /// Standard output shares the terminal with the bar: writing to it
    /// clears the bar first.
    stdout_terminal: bool,
}

impl Progress {
    const DELAY: Duration = Duration::from_millis(500);

    pub(crate) fn new(files: usize, quiet: bool) -> Progress {
        let bar = (!quiet && io::stderr().is_terminal()).then(|| {
            let bar =
                ProgressBar::with_draw_target(Some(files as u64), ProgressDrawTarget::hidden());
            if let Ok(style) = ProgressStyle::with_template(
                "{spinner} {pos}/{len} files  {elapsed} (eta {eta})  {wide_bar}",
            ) {
                bar.set_style(style);
            }
            bar
        });
        Progress {
            bar,
            start: Instant::now(),
            stdout_terminal: io::stdout().is_terminal(),
        }
    }

    /// One more file done.
    pub(crate) fn tick(&self) {
        self.poll();
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    /// Shows the bar once the run has lasted [`Self::DELAY`]; from then on
    /// it redraws itself (elapsed time, rate) even while a file is slow.
    pub(crate) fn poll(&self) {
        if let Some(bar) = &self.bar
            && bar.is_hidden()
            && self.start.elapsed() >= Self::DELAY
        {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            bar.enable_steady_tick(Duration::from_millis(200));
        }
    }

    /// Runs `f` (which writes to standard output) with the bar cleared
    /// when both are on the terminal. (Clearing redraws the bar: not done
    /// needlessly, or a run of many files would redraw it once a file.)
    pub(crate) fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) if self.stdout_terminal && !bar.is_hidden() => bar.suspend(f),
            _ => f(),
        }
    }

    pub(crate) fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

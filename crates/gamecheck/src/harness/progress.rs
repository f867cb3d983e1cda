//! Progress bars on stderr (indicatif), drawn only when stderr is a terminal.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A progress bar, or nothing when progress is off or stderr is not a terminal.
#[derive(Debug, Clone)]
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A bar of `total` steps labelled `label`; hidden unless `enabled` and stderr is a
    /// terminal (indicatif's stderr target draws nothing otherwise).
    pub fn new(enabled: bool, total: u64, label: &str) -> Self {
        Progress::styled(
            enabled,
            total,
            label,
            "{msg:>28} [{bar:30}] {pos}/{len} {elapsed}",
        )
    }

    /// A bar of `total` positions for a long table pass (`table`, `count`): the rate
    /// and the time left; drawn only when stderr is a terminal.
    pub fn positions(total: u64, label: &str) -> Self {
        Progress::styled(
            true,
            total,
            label,
            "{msg} [{bar:30}] {percent}% {human_pos}/{human_len} positions, {per_sec}, {eta} left",
        )
    }

    fn styled(enabled: bool, total: u64, label: &str, template: &str) -> Self {
        let target = if enabled {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        let bar = ProgressBar::with_draw_target(Some(total), target);
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_message(label.to_string());
        Progress { bar }
    }

    /// Replaces the label.
    pub fn set_label(&self, label: String) {
        self.bar.set_message(label);
    }

    /// One step done.
    pub fn tick(&self) {
        self.bar.inc(1);
    }

    /// `n` steps done.
    pub fn advance(&self, n: u64) {
        self.bar.inc(n);
    }

    /// Steps done so far (counted even when the bar is hidden).
    pub fn position(&self) -> u64 {
        self.bar.position()
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

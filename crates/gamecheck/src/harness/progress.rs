//! Progress on stderr: a bar redrawn in place (indicatif) on a terminal, or plain lines
//! for a log ([`ProgressMode`]), and the program's name those lines and the command
//! line's messages start with.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal as _;
use std::sync::{Arc, Condvar, Mutex, RwLock};
use std::time::{Duration, Instant};

/// How a long command (`verify`, `stress`) shows its progress on stderr.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ProgressMode {
    /// Nothing.
    #[default]
    None,
    /// A bar redrawn in place; drawn only when stderr is a terminal.
    Bar,
    /// One plain line per finished step (a `verify` row, a `stress` round), and a line
    /// with the steps done every 30 s while a long step runs: for a log, where
    /// a bar cannot be drawn.
    Plain,
}

impl ProgressMode {
    /// The default: a bar when stderr is a terminal, plain lines when it is not (a file,
    /// a pipe, a CI log).
    pub fn auto() -> Self {
        match std::io::stderr().is_terminal() {
            true => ProgressMode::Bar,
            false => ProgressMode::Plain,
        }
    }
}

/// How often plain progress says how far a long step has come: every 30 s.
pub const HEARTBEAT: Duration = Duration::from_secs(30);

/// The program's name in messages (set by the command line: the binary's).
static PROGRAM: RwLock<&'static str> = RwLock::new("gamecheck");

/// Sets the program's name in messages.
#[cfg_attr(not(feature = "cli"), allow(dead_code))]
pub(crate) fn set_program(name: &'static str) {
    *PROGRAM.write().unwrap_or_else(|e| e.into_inner()) = name;
}

/// The program's name in messages (`gamecheck` until the command line sets its own).
pub(crate) fn program() -> &'static str {
    *PROGRAM.read().unwrap_or_else(|e| e.into_inner())
}

/// The one game of a single-game binary, set with the program's name: its commands and
/// the lines it prints name the game once (`chomp gen --seed 1`, not `chomp gen chomp`).
#[cfg_attr(not(feature = "cli"), allow(dead_code))]
static SINGLE_GAME: RwLock<Option<&'static str>> = RwLock::new(None);

/// Sets the one game of a single-game binary (`None` for a binary of several games).
#[cfg_attr(not(feature = "cli"), allow(dead_code))]
pub(crate) fn set_single_game(game: Option<&'static str>) {
    *SINGLE_GAME.write().unwrap_or_else(|e| e.into_inner()) = game;
}

/// A command of `game` as the user types it: `gamecheck gen marble`, or `chomp gen`
/// when `game` is the one game of the binary.
pub(crate) fn invocation(command: &str, game: &str) -> String {
    format!("{} {}", program(), command_words(command, game))
}

/// [`invocation`] without the program's name: `verify marble`, or `verify` for the one
/// game of the binary (a progress label, which the program's name starts).
pub(crate) fn command_words(command: &str, game: &str) -> String {
    match *SINGLE_GAME.read().unwrap_or_else(|e| e.into_inner()) {
        Some(only) if only == game => command.to_string(),
        _ => format!("{command} {game}"),
    }
}

/// A progress bar, or nothing when progress is off or stderr is not a terminal; in
/// [`ProgressMode::Plain`], a line of the steps done every 30 s until it is
/// finished (or dropped).
#[derive(Debug, Clone)]
pub struct Progress {
    bar: ProgressBar,
    /// The label plain lines start with, and whether steps are said as plain lines.
    label: String,
    plain: bool,
    /// Ends the plain heartbeat when the last clone goes.
    heartbeat: Option<Arc<Heartbeat>>,
}

/// The plain heartbeat's stop signal: set by [`Progress::finish`] or when the last
/// [`Progress`] holding it is dropped.
#[derive(Debug)]
struct Heartbeat(Arc<(Mutex<bool>, Condvar)>);

impl Heartbeat {
    fn stop(&self) {
        let (stopped, wake) = &*self.0;
        *stopped.lock().unwrap_or_else(|e| e.into_inner()) = true;
        wake.notify_all();
    }
}

impl Drop for Heartbeat {
    fn drop(&mut self) {
        self.stop();
    }
}

impl Progress {
    /// A bar of `total` steps labelled `label`, drawn when `mode` is
    /// [`ProgressMode::Bar`] and stderr is a terminal (indicatif's stderr target draws
    /// nothing otherwise); under [`ProgressMode::Plain`], a line
    /// `PROGRAM LABEL: D of TOTAL steps, S s` every 30 s until it is finished.
    pub fn new(mode: ProgressMode, total: u64, label: &str) -> Self {
        let mut progress = Progress::styled(
            mode == ProgressMode::Bar,
            total,
            label,
            "{msg:>28} [{bar:30}] {pos}/{len} {elapsed}",
        );
        if mode == ProgressMode::Plain {
            progress.plain = true;
            let label = format!("{} {label}", program());
            let say = move |line: String| eprintln!("{label}: {line}");
            let beat = heartbeat(progress.bar.clone(), HEARTBEAT, say);
            progress.heartbeat = Some(Arc::new(beat));
        }
        progress
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
        Progress {
            bar,
            label: label.to_string(),
            plain: false,
            heartbeat: None,
        }
    }

    /// Replaces the label.
    pub fn set_label(&self, label: String) {
        self.bar.set_message(label);
    }

    /// Runs `shrink` (the shrinking of a failure, which may take long: every candidate
    /// is solved by the reference) and says so: under [`ProgressMode::Plain`] a line
    /// `PROGRAM LABEL: shrinking WHAT` before and `shrunk WHAT in S s` after; on a bar,
    /// `shrinking WHAT` as its label meanwhile.
    pub fn shrinking<T>(&self, what: &str, shrink: impl FnOnce() -> T) -> T {
        let say = |line: String| eprintln!("{} {}: {line}", program(), self.label);
        self.shrinking_said(what, shrink, say)
    }

    /// [`Progress::shrinking`], its plain lines given to `say`.
    fn shrinking_said<T>(&self, what: &str, shrink: impl FnOnce() -> T, say: impl Fn(String)) -> T {
        let start = Instant::now();
        if self.plain {
            say(format!("shrinking {what}"));
        }
        let label = self.bar.message();
        self.bar.set_message(format!("shrinking {what}"));
        let out = shrink();
        self.bar.set_message(label);
        if self.plain {
            say(format!(
                "shrunk {what} in {:.1} s",
                start.elapsed().as_secs_f64()
            ));
        }
        out
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

    /// Removes the bar (and ends the plain heartbeat).
    pub fn finish(&self) {
        self.bar.finish_and_clear();
        if let Some(h) = &self.heartbeat {
            h.stop();
        }
    }
}

/// Starts the thread that says `D of TOTAL steps, S s` (the bar's position and length,
/// the seconds since the start) every `every` until the returned signal is stopped.
fn heartbeat(
    bar: ProgressBar,
    every: Duration,
    say: impl Fn(String) + Send + 'static,
) -> Heartbeat {
    let shared = Arc::new((Mutex::new(false), Condvar::new()));
    let signal = Heartbeat(shared.clone());
    let started = Instant::now();
    let beat = move || {
        let (stopped, wake) = &*shared;
        let mut done = stopped.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            let (guard, waited) = wake
                .wait_timeout_while(done, every, |stop| !*stop)
                .unwrap_or_else(|e| e.into_inner());
            done = guard;
            if !waited.timed_out() {
                return;
            }
            say(format!(
                "{} of {} steps, {:.0} s",
                bar.position(),
                bar.length().unwrap_or(0),
                started.elapsed().as_secs_f64()
            ));
        }
    };
    // without a thread there is no heartbeat; the lines of finished steps still come
    let _ = std::thread::Builder::new()
        .name("progress".into())
        .spawn(beat);
    signal
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain progress says when shrinking starts and ends (shrinking may take minutes
    /// after every step is done); a bar shows it as its label meanwhile; no progress says
    /// nothing.
    #[test]
    fn shrinking_is_said() {
        for (mode, lines) in [(ProgressMode::Plain, 2), (ProgressMode::None, 0)] {
            let said = Mutex::new(Vec::new());
            let p = Progress::new(mode, 4, "boards");
            let during = p.shrinking_said(
                "memo's mismatch in 3x3",
                || p.bar.message(),
                |l| said.lock().unwrap().push(l),
            );
            assert_eq!(during, "shrinking memo's mismatch in 3x3");
            assert_eq!(p.bar.message(), "boards");
            let said = said.into_inner().unwrap();
            assert_eq!(said.len(), lines, "{said:?}");
            if lines > 0 {
                assert_eq!(said[0], "shrinking memo's mismatch in 3x3");
                assert!(said[1].starts_with("shrunk memo's mismatch in 3x3 in "));
            }
        }
    }

    /// The heartbeat says the steps done at each beat, and nothing more once stopped
    /// (by the last holder's drop), however long its interval.
    #[test]
    fn the_heartbeat_beats_until_stopped() {
        let said = Arc::new(Mutex::new(Vec::new()));
        let into = said.clone();
        let bar = ProgressBar::with_draw_target(Some(10), ProgressDrawTarget::hidden());
        bar.inc(3);
        let every = Duration::from_millis(20);
        let beat = heartbeat(bar, every, move |l| into.lock().unwrap().push(l));
        std::thread::sleep(Duration::from_millis(300));
        drop(beat);
        let n = said.lock().unwrap().len();
        assert!(n >= 1, "no beat in 300 ms");
        assert!(said.lock().unwrap()[0].starts_with("3 of 10 steps, "));
        std::thread::sleep(Duration::from_millis(100));
        assert_eq!(said.lock().unwrap().len(), n, "a beat after the stop");
        let quiet = Arc::new(Mutex::new(Vec::<String>::new()));
        let into = quiet.clone();
        let beat = heartbeat(ProgressBar::hidden(), Duration::from_secs(3600), move |l| {
            into.lock().unwrap().push(l)
        });
        drop(beat);
        assert!(quiet.lock().unwrap().is_empty());
    }
}

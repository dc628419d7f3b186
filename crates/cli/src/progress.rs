//! Progress on stderr for long runs: shown only after a second, never with
//! `--quiet`. Bars and spinners only when stderr is a terminal (indicatif's
//! stderr target hides itself otherwise); commands whose runs take minutes
//! print plain [`Lines`] to a stderr that is not a terminal (a log file).

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

static QUIET: AtomicBool = AtomicBool::new(false);

/// How long a run goes before its progress appears.
pub const DELAY: Duration = Duration::from_secs(1);

/// How often [`Lines`] prints at most.
pub const LINE_EVERY: Duration = Duration::from_secs(10);

/// Turns every progress display off (`--quiet`).
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// `true` with `--quiet`.
pub fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

/// Where a progress bar draws once it is due: stderr, or nowhere with
/// `--quiet`.
pub fn target() -> ProgressDrawTarget {
    if QUIET.load(Ordering::Relaxed) {
        ProgressDrawTarget::hidden()
    } else {
        ProgressDrawTarget::stderr()
    }
}

/// A spinner with the elapsed time for computations without a progress
/// callback; it appears after [`DELAY`] and disappears when dropped.
pub struct Spinner {
    bar: ProgressBar,
    done: Arc<(Mutex<bool>, Condvar)>,
    waiter: Option<JoinHandle<()>>,
}

impl Spinner {
    /// Starts the clock for a computation described by `message`.
    pub fn start(message: impl Into<String>) -> Spinner {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template("{spinner} {msg} ({elapsed})")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar.set_message(message.into());
        let done = Arc::new((Mutex::new(false), Condvar::new()));
        let waiter = {
            let (bar, done) = (bar.clone(), Arc::clone(&done));
            std::thread::Builder::new()
                .name("progress".into())
                .spawn(move || {
                    let (lock, cvar) = &*done;
                    let Ok(guard) = lock.lock() else { return };
                    let Ok((finished, _)) = cvar.wait_timeout_while(guard, DELAY, |d| !*d) else {
                        return;
                    };
                    if !*finished {
                        bar.set_draw_target(target());
                        bar.enable_steady_tick(Duration::from_millis(120));
                    }
                })
                .ok()
        };
        Spinner { bar, done, waiter }
    }
}

impl Drop for Spinner {
    fn drop(&mut self) {
        let (lock, cvar) = &*self.done;
        if let Ok(mut d) = lock.lock() {
            *d = true;
        }
        cvar.notify_all();
        if let Some(w) = self.waiter.take() {
            let _ = w.join();
        }
        self.bar.finish_and_clear();
    }
}

/// Plain one-line progress for a stderr that is not a terminal, where bars
/// hide themselves: a line is due after [`DELAY`], then at most every
/// [`LINE_EVERY`]; never with `--quiet` or on a terminal (the bar is there).
pub struct Lines {
    on: bool,
    next: Instant,
}

impl Lines {
    /// Starts the clock.
    pub fn start() -> Lines {
        Lines { on: !quiet() && !std::io::stderr().is_terminal(), next: Instant::now() + DELAY }
    }

    /// `true` if a line is due now (and then not again for [`LINE_EVERY`]).
    pub fn due(&mut self) -> bool {
        if !self.on {
            return false;
        }
        let now = Instant::now();
        if now < self.next {
            return false;
        }
        self.next = now + LINE_EVERY;
        true
    }
}

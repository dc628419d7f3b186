//! Runs a search on the threads: one tree or graph per thread (root
//! parallelism), the budget split between them, progress and stop shared.

use std::sync::Barrier;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use spielbaum_game_trait::rand_core::RngCore;
use spielbaum_game_trait::{Evaluator, Game, KeyHistory};

use crate::analysis::{Control, Progress, StopReason};
use crate::config::{Budget, Config};
use crate::graph::Graph;
use crate::graph_search::iterate_graph;
use crate::math::Math;
use crate::params;
use crate::playout::Playout;
use crate::search::{Clock, Step, iterate};
use crate::tree::{Proof, Tree};

/// What one thread searches: a tree or a graph, drawing from a generator
/// of type `R`.
pub(crate) trait Arena<G: Game, R>: Send {
    /// One iteration; `false` if the node cap stopped a wanted expansion.
    fn iterate<P: Playout<G, R>, E: Evaluator<G>>(&mut self, step: &mut Step<'_, G, P, E>) -> bool
    where
        R: RngCore;
    /// MCTS-Solver proved the root.
    fn root_proven(&self) -> bool;
    /// Nodes held.
    fn size(&self) -> usize;
    /// Room for `nodes` more nodes (and their edges) without reallocating.
    fn reserve(&mut self, nodes: usize);
}

impl<G: Game, R: RngCore + Clone + Send> Arena<G, R> for Tree<G::Move, R>
where
    G::Move: Send + Sync,
{
    #[inline]
    fn iterate<P: Playout<G, R>, E: Evaluator<G>>(&mut self, step: &mut Step<'_, G, P, E>) -> bool {
        iterate(self, step)
    }
    fn root_proven(&self) -> bool {
        self.nodes[0].proof != Proof::Unknown
    }
    fn size(&self) -> usize {
        self.nodes.len()
    }
    fn reserve(&mut self, nodes: usize) {
        self.nodes.reserve(nodes);
    }
}

impl<G: Game, R: RngCore + Clone + Send> Arena<G, R> for Graph<G::Move, R>
where
    G::Move: Send,
{
    #[inline]
    fn iterate<P: Playout<G, R>, E: Evaluator<G>>(&mut self, step: &mut Step<'_, G, P, E>) -> bool {
        iterate_graph(self, step)
    }
    fn root_proven(&self) -> bool {
        self.nodes[0].winner.is_some()
    }
    fn size(&self) -> usize {
        self.nodes.len()
    }
    fn reserve(&mut self, nodes: usize) {
        // Positions are fewer than edges; the edges are what grows.
        self.edges.reserve(nodes);
    }
}

/// The shared inputs of a search.
pub(crate) struct Job<'a, G: Game, E> {
    pub root: &'a G,
    pub config: &'a Config,
    pub priors: Option<&'a E>,
    pub budget: Budget,
    pub start: Instant,
    pub repetition: bool,
    pub earlier: &'a KeyHistory,
}

/// Runs the search on `arenas` (one per thread; thread 0 is the calling
/// thread, which calls `progress`). Returns the iterations run and each
/// thread's reason to stop.
pub(crate) fn drive<G, R, P, E, A>(
    arenas: &mut [A],
    job: &Job<'_, G, E>,
    main_playout: &mut P,
    progress: &mut dyn FnMut(&Progress) -> Control,
) -> (u64, Vec<StopReason>)
where
    G: Game + Sync,
    G::Move: Send,
    R: RngCore,
    P: Playout<G, R> + Clone + Send,
    E: Evaluator<G> + Sync,
    A: Arena<G, R>,
{
    let threads = arenas.len();
    let budget = job.budget;
    let start = job.start;
    let deadline = budget.time.map(|t| start + t);
    let node_cap = budget.nodes.map_or(usize::MAX, |n| (n / threads).max(1)).min(u32::MAX as usize);
    let stop_when_full =
        budget.nodes.is_some() && budget.iterations.is_none() && budget.time.is_none();
    let stop = AtomicBool::new(false);
    let counter = AtomicU64::new(0);
    let nodes = AtomicUsize::new(0);
    let share = |i: usize| {
        budget.iterations.map(|n| n / threads as u64 + u64::from((i as u64) < n % threads as u64))
    };
    let limits_of = |i: usize| Limits { iterations: share(i), deadline, stop_when_full };
    let locals: Vec<P> = (1..threads).map(|_| main_playout.clone()).collect();
    // Grow the workers' arenas here, on the calling thread (see
    // `params::PRESIZE_NODES_PER_ITERATION`).
    if threads > 1 {
        for (i, arena) in arenas.iter_mut().enumerate().skip(1) {
            if let Some(n) = share(i) {
                let want = (n as usize)
                    .saturating_mul(params::PRESIZE_NODES_PER_ITERATION)
                    .min(params::PRESIZE_MAX_NODES)
                    .min(node_cap);
                arena.reserve(want.saturating_sub(arena.size()));
            }
        }
    }
    let Some((first, rest)) = arenas.split_first_mut() else {
        return (0, vec![StopReason::Nothing]);
    };
    let (root, config, priors, repetition, earlier) =
        (job.root, job.config, job.priors, job.repetition, job.earlier);
    let (stop, counter, nodes) = (&stop, &counter, &nodes);
    // Every thread waits here before its first iteration (see below).
    let start_line = &Barrier::new(threads);
    let results: Vec<(u64, StopReason)> = std::thread::scope(|s| {
        // Threads 1.. run on their own; thread 0 is this thread.
        let handles: Vec<_> = rest
            .iter_mut()
            .zip(locals)
            .enumerate()
            .map(|(i, (arena, mut local))| {
                let limits = limits_of(i + 1);
                s.spawn(move || {
                    start_line.wait();
                    let mut step = Step {
                        root,
                        config,
                        playout: &mut local,
                        priors,
                        node_cap,
                        math: Math::new(),
                        repetition,
                        earlier,
                        clock: Clock::new(deadline),
                    };
                    let out = run(arena, &mut step, &limits, stop, &mut |t, done| {
                        publish(counter, nodes, t.size(), done, &mut (0, 0))
                    });
                    if out.1 == StopReason::Proven {
                        stop.store(true, Ordering::Relaxed);
                    }
                    out
                })
            })
            .collect();
        // A new thread tends to start on the CPU of the thread that
        // spawned it and to wait there while that thread keeps running
        // (measured on the 2-core development VM: a median of 2.6 ms, most
        // of a 20 000-iteration search). Blocking until every worker has
        // started hands the CPU over, and the scheduler puts the woken
        // threads on free cores (about 60 µs in all).
        start_line.wait();
        let mut step = Step {
            root,
            config,
            playout: main_playout,
            priors,
            node_cap,
            math: Math::new(),
            repetition,
            earlier,
            clock: Clock::new(deadline),
        };
        let mut last = (0, 0);
        let out = run(first, &mut step, &limits_of(0), stop, &mut |t, done| {
            publish(counter, nodes, t.size(), done, &mut last);
            let p = Progress {
                iterations: counter.load(Ordering::Relaxed),
                nodes: nodes.load(Ordering::Relaxed),
                elapsed: start.elapsed(),
            };
            progress(&p)
        });
        if matches!(out.1, StopReason::Proven | StopReason::Stopped) {
            stop.store(true, Ordering::Relaxed);
        }
        let mut results = vec![out];
        results.extend(handles.into_iter().map(|h| h.join().expect("search thread panicked")));
        results
    });
    let done = results.iter().map(|r| r.0).sum();
    (done, results.into_iter().map(|r| r.1).collect())
}

/// Adds a thread's iterations and nodes since its last report (`last`) to
/// the shared counters.
fn publish(
    counter: &AtomicU64,
    nodes: &AtomicUsize,
    n: usize,
    done: u64,
    last: &mut (u64, usize),
) -> Control {
    counter.fetch_add(done - last.0, Ordering::Relaxed);
    if n >= last.1 {
        nodes.fetch_add(n - last.1, Ordering::Relaxed);
    } else {
        nodes.fetch_sub(last.1 - n, Ordering::Relaxed);
    }
    *last = (done, n);
    Control::Continue
}

/// The reason of the whole search from the threads' reasons: a proof or a
/// callback stop wins over running out of budget.
pub(crate) fn combine(reasons: &[StopReason]) -> StopReason {
    for r in [
        StopReason::Proven,
        StopReason::Stopped,
        StopReason::Time,
        StopReason::Nodes,
        StopReason::Iterations,
    ] {
        if reasons.contains(&r) {
            return r;
        }
    }
    StopReason::Nothing
}

struct Limits {
    iterations: Option<u64>,
    deadline: Option<Instant>,
    stop_when_full: bool,
}

/// Runs iterations on one tree or graph until a limit is reached.
fn run<G, R, P, E, A>(
    tree: &mut A,
    step: &mut Step<'_, G, P, E>,
    limits: &Limits,
    stop: &AtomicBool,
    check: &mut dyn FnMut(&A, u64) -> Control,
) -> (u64, StopReason)
where
    G: Game,
    R: RngCore,
    P: Playout<G, R>,
    E: Evaluator<G>,
    A: Arena<G, R>,
{
    let mut done: u64 = 0;
    loop {
        if limits.iterations.is_some_and(|n| done >= n) {
            check(tree, done);
            return (done, StopReason::Iterations);
        }
        if step.config.solver && step.config.stop_when_proven && tree.root_proven() {
            check(tree, done);
            return (done, StopReason::Proven);
        }
        if done.is_multiple_of(params::CLOCK_EVERY) && done > 0 {
            if limits.deadline.is_some_and(|d| Instant::now() >= d) {
                check(tree, done);
                return (done, StopReason::Time);
            }
            if stop.load(Ordering::Relaxed)
                || (done.is_multiple_of(params::CHECK_EVERY) && check(tree, done) == Control::Stop)
            {
                return (done, StopReason::Stopped);
            }
        }
        let grew = tree.iterate(step);
        if step.clock.expired {
            check(tree, done);
            return (done, StopReason::Time);
        }
        done += 1;
        if !grew && limits.stop_when_full {
            check(tree, done);
            return (done, StopReason::Nodes);
        }
    }
}

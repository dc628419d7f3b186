//! How long a new thread takes to start running, on this machine: the
//! measurement behind the start barrier of parallel searches
//! (docs/mcts.md, "Thread scaling"). 100 trials each of
//!
//! - a scoped thread spawned while the spawning thread keeps running for
//!   3 ms (what a search did before the barrier),
//! - the same, with the spawning thread blocking at once (what the
//!   barrier does),
//! - a parked worker woken through a channel while the waker runs on.
//!
//! ```text
//! cargo run --release -p spielbaum-mcts --example spawn_latency
//! ```
use std::sync::mpsc;
use std::time::{Duration, Instant};

fn spin(d: Duration) {
    let t = Instant::now();
    while t.elapsed() < d {
        std::hint::spin_loop();
    }
}

fn report(name: &str, mut micros: Vec<f64>) {
    micros.sort_by(f64::total_cmp);
    let n = micros.len();
    println!(
        "{name:<40} min {:>5.0} µs, median {:>5.0} µs, 90 % {:>5.0} µs, max {:>5.0} µs",
        micros[0],
        micros[n / 2],
        micros[n * 9 / 10],
        micros[n - 1]
    );
}

fn main() {
    const TRIALS: usize = 100;
    let pause = Duration::from_millis(2);
    let busy = Duration::from_millis(3);
    let mut running_on = Vec::new();
    for _ in 0..TRIALS {
        let t0 = Instant::now();
        let started = std::thread::scope(|s| {
            let h = s.spawn(Instant::now);
            spin(busy);
            h.join().expect("thread")
        });
        running_on.push(started.duration_since(t0).as_secs_f64() * 1e6);
        std::thread::sleep(pause);
    }
    report("spawn, spawner keeps running", running_on);

    let mut blocking = Vec::new();
    for _ in 0..TRIALS {
        let t0 = Instant::now();
        let started = std::thread::scope(|s| s.spawn(Instant::now).join().expect("thread"));
        blocking.push(started.duration_since(t0).as_secs_f64() * 1e6);
        std::thread::sleep(pause);
    }
    report("spawn, spawner blocks at once", blocking);

    let (wake, woken) = mpsc::channel::<Instant>();
    let (answer, answers) = mpsc::channel::<f64>();
    let worker = std::thread::spawn(move || {
        for t0 in woken {
            answer.send(t0.elapsed().as_secs_f64() * 1e6).expect("send");
        }
    });
    let mut parked = Vec::new();
    for _ in 0..TRIALS {
        wake.send(Instant::now()).expect("send");
        spin(busy);
        parked.push(answers.recv().expect("answer"));
        std::thread::sleep(pause);
    }
    drop(wake);
    worker.join().expect("worker");
    report("parked worker woken, waker keeps running", parked);
}

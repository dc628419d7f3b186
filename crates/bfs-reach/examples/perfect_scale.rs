//! Solves the synthetic game of the perfect-index tests at scale and prints
//! the time per subspace and the value counts.
//!
//! ```text
//! cargo run --release -p spielbaum-bfs-reach --example perfect_scale -- 100003 500000000 [DIR]
//! ```
//!
//! Each argument is the number of values `n_s` of one stage; stage `s` has
//! `2 n_s` indices (both sides to move) and depends on stage `s − 1`. With
//! a directory, tables are written there (and a rerun resumes).

#[path = "../tests/common/synthetic.rs"]
mod synthetic;

use std::time::Instant;

use spielbaum_bfs_reach::Control;
use spielbaum_bfs_reach::perfect::PerfectSolver;
use synthetic::{Rules, SynthIndex};

fn main() {
    let mut sizes = Vec::new();
    let mut dir = None;
    for arg in std::env::args().skip(1) {
        match arg.parse::<u64>() {
            Ok(n) if n > 0 && n % 48_271 != 0 && n < 1 << 39 => sizes.push(n),
            Ok(n) => {
                eprintln!(
                    "perfect_scale: {n}: a stage size must be positive, below 2^39 and not a multiple of 48271"
                );
                std::process::exit(2);
            }
            Err(_) => dir = Some(arg),
        }
    }
    if sizes.is_empty() {
        eprintln!("usage: perfect_scale N0 [N1 ...] [DIR]");
        std::process::exit(2);
    }
    let index = SynthIndex(Rules::new(&sizes));
    let top = (sizes.len() - 1) as u8;
    let start = Instant::now();
    let mut phase_start = Instant::now();
    let mut last = ("", 0u32);
    let mut solver = PerfectSolver::new(&index).progress(|p| {
        if (p.phase, p.level) != last {
            if !last.0.is_empty() && last.0 != "space" {
                eprintln!("  {} {}: {:.2} s", last.0, last.1, phase_start.elapsed().as_secs_f64());
            }
            if p.phase == "space" {
                eprintln!(
                    "subspace {} of {} at {:.2} s",
                    p.done,
                    p.total.unwrap_or(0),
                    start.elapsed().as_secs_f64()
                );
            }
            last = (p.phase, p.level);
            phase_start = Instant::now();
        }
        Control::Continue
    });
    if let Some(d) = &dir {
        solver = solver.dir(d);
    }
    let db = match solver.solve(&[top]) {
        Ok(db) => db,
        Err(e) => {
            eprintln!("perfect_scale: {e}");
            std::process::exit(1);
        }
    };
    let secs = start.elapsed().as_secs_f64();
    for s in 0..=top {
        let t = db.table(s).expect("solved");
        let [draws, wins, losses, holes] = t.counts();
        println!(
            "stage {s}: {} indices, {wins} wins, {losses} losses, {draws} draws, {holes} holes",
            t.len()
        );
    }
    println!("total {secs:.2} s on {} threads", rayon::current_num_threads());
}

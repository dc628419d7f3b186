//! The global optimum for the example tournament, timed:
//! `cargo run --release -p spielbaum-golf-clubs --example optimum [k] [tournament]`.

use std::time::Instant;

use spielbaum_golf_clubs::params::EXAMPLE_TOURNAMENT;
use spielbaum_golf_clubs::{Control, Rules, Scorer, Tournament};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let k: usize = args.next().map_or(Ok(4), |a| a.parse())?;
    let text = args.next().unwrap_or_else(|| EXAMPLE_TOURNAMENT.to_string());
    let rules = Rules::default();
    let t = Tournament::parse(&text, &rules)?;
    let scorer = Scorer::new(&t, &rules)?;
    let started = Instant::now();
    let last = std::sync::Mutex::new(Instant::now());
    let found = scorer.optimum(k, |p| {
        let mut l = last.lock().unwrap();
        if l.elapsed().as_secs_f64() > 5.0 {
            *l = Instant::now();
            eprintln!(
                "{:.1}%  {:.1} s  best {:?}",
                100.0 * p.done as f64 / p.total as f64,
                started.elapsed().as_secs_f64(),
                p.best.map(|b| *b.numer() as f64 / *b.denom() as f64)
            );
        }
        Control::Continue
    })?;
    let secs = started.elapsed().as_secs_f64();
    let e = found.expected.expect("some set holes everything");
    println!(
        "k={k} tournament {t}: best {} expected {} = {:.6}; evaluated {} abandoned {} in {secs:.2} s",
        found.clubs,
        e,
        *e.numer() as f64 / *e.denom() as f64,
        found.evaluated,
        found.abandoned
    );
    Ok(())
}

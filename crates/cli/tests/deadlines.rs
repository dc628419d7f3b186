//! Deadlines and memory caps of the release binary, measured from outside:
//! `--time-ms 200` ends within 300 ms (wall clock from start to exit, so
//! process start and output count too) for `search` and `mcts` on every
//! game, from the start and from the largest positions the options allow;
//! `--nodes` and `--table-mib` bound the peak resident memory.
//!
//! Timing needs a release build and a machine that runs nothing else, one
//! test at a time: these tests are `#[ignore]`d; run them with `cargo test
//! --release --locked -p spielbaum-cli --test deadlines -- --ignored
//! --test-threads=1 --nocapture`. CI's release step runs the memory tests;
//! the two deadline tests still fail on the largest NIM positions
//! (docs/reliability.md) and are skipped there until they hold.

mod common;

use std::process::Stdio;
use std::time::{Duration, Instant};

use common::binary;

/// The budget given and the most the command may take.
const BUDGET_MS: &str = "200";
const LIMIT: Duration = Duration::from_millis(300);

/// Runs `args`; returns the wall time from spawn to exit and the peak
/// resident memory in KiB (the child's `VmHWM`, read from /proc every
/// millisecond until it exits; the high-water mark only grows, so the last
/// reading is the peak up to about a millisecond before the end).
fn measure(args: &[&str]) -> (Duration, u64) {
    let started = Instant::now();
    let mut child = binary()
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    let status = loop {
        if let Ok(text) = std::fs::read_to_string(&status_file)
            && let Some(kib) = text
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        {
            peak = peak.max(kib);
        }
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        std::thread::sleep(Duration::from_millis(1));
    };
    let elapsed = started.elapsed();
    let mut err = String::new();
    if let Some(mut e) = child.stderr.take() {
        use std::io::Read;
        let _ = e.read_to_string(&mut err);
    }
    assert!(status.success(), "{args:?}: {status}: {err}");
    (elapsed, peak)
}

/// Every game of the generic commands, from its start and from the largest
/// position its options allow.
fn positions() -> Vec<Vec<String>> {
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<String>>();
    // NIM at the total cap: these do not hold the deadline yet
    // (docs/reliability.md has the measured times).
    let one_heap = "65536".to_string();
    let many_heaps = vec!["64"; 1024].join(",");
    let clubs16 = (0..16).map(|k| (k * 21 + 1).to_string()).collect::<Vec<_>>().join(",");
    vec![
        s(&["tictactoe"]),
        s(&["dice"]),
        s(&["dice", "--target", "60000"]),
        s(&["nim"]),
        vec!["nim".into(), "--heaps".into(), one_heap],
        vec!["nim".into(), "--heaps".into(), many_heaps],
        s(&["nim-variant"]),
        s(&["nim-variant", "--n", "1099511627776"]),
        s(&[
            "nim-variant",
            "--n",
            "1099511627776",
            "--subtract",
            "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16",
        ]),
        s(&["golf"]),
        vec!["golf".into(), "--clubs".into(), clubs16, "--hole".into(), "358".into()],
    ]
}

fn check_deadline(command: &str, game: &[String], extra: &[&str], worst: &mut (Duration, String)) {
    let mut args: Vec<&str> = vec![command];
    args.extend(game.iter().map(String::as_str));
    args.extend_from_slice(&["--time-ms", BUDGET_MS]);
    args.extend_from_slice(extra);
    let (t, kib) = measure(&args);
    eprintln!("{:>7.1} ms {:>9} KiB  {}", t.as_secs_f64() * 1e3, kib, shown(&args));
    let line = shown(&args);
    if t > worst.0 {
        *worst = (t, line.clone());
    }
    assert!(t <= LIMIT, "{line} took {t:?}");
}

fn shown(args: &[&str]) -> String {
    args.iter()
        .map(|a| {
            if a.len() > 40 { format!("{}…({} chars)", &a[..20], a.len()) } else { a.to_string() }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
#[ignore = "timing: release build, idle machine, one test at a time"]
fn search_holds_its_deadline_on_every_game() {
    let mut worst = (Duration::ZERO, String::new());
    for game in positions() {
        for extra in [
            &[][..],
            &["--threads", "2"],
            &["--threads", "256"],
            &["--algo", "negamax"],
            &["--algo", "pvs"],
            &["--threads", "2", "--table-mib", "1024"],
            &["--threads", "4", "--table-mib", "4096"],
        ] {
            check_deadline("search", &game, extra, &mut worst);
        }
    }
    eprintln!("search: worst {:.1} ms: {}", worst.0.as_secs_f64() * 1e3, worst.1);
}

#[test]
#[ignore = "timing: release build, idle machine, one test at a time"]
fn mcts_holds_its_deadline_on_every_game() {
    let mut worst = (Duration::ZERO, String::new());
    for game in positions() {
        for extra in [&[][..], &["--threads", "2"], &["--threads", "256"], &["--no-solver"]] {
            check_deadline("mcts", &game, extra, &mut worst);
        }
    }
    eprintln!("mcts: worst {:.1} ms: {}", worst.0.as_secs_f64() * 1e3, worst.1);
}

/// Peak memory of a run in MiB.
fn peak_mib(args: &[&str]) -> f64 {
    let (t, kib) = measure(args);
    let mib = kib as f64 / 1024.0;
    eprintln!("{mib:>8.1} MiB {:>7.2} s  {}", t.as_secs_f64(), shown(args));
    mib
}

#[test]
#[ignore = "memory: release build, one test at a time"]
fn table_mib_bounds_the_peak_memory() {
    // A search long enough to fill any table: NIM with 12 heaps.
    let game = ["search", "nim", "--heaps", "3,4,5,6,7,8,9,10,11,12,13,14", "--time-ms", "3000"];
    let base = peak_mib(&[&game[..], &["--table-mib", "0"]].concat());
    for (mib, threads) in [(16, "1"), (256, "1"), (256, "2"), (1024, "2")] {
        let m = mib.to_string();
        let peak = peak_mib(&[&game[..], &["--table-mib", &m, "--threads", threads]].concat());
        let cap = base + mib as f64 + 32.0;
        assert!(peak <= cap, "--table-mib {mib} --threads {threads}: {peak:.1} MiB > {cap:.1}");
    }
}

#[test]
#[ignore = "memory: release build, one test at a time"]
fn nodes_bounds_the_peak_memory() {
    // Tree nodes take a few dozen bytes; a cap of N nodes may hold
    // 2 · N · 64 bytes (the arena doubles) beyond the root-only run.
    let game = ["mcts", "dice", "--target", "2000", "--time-ms", "3000"];
    let base = peak_mib(&[&game[..], &["--nodes", "1"]].concat());
    let mut last = base;
    for nodes in [100_000usize, 1_000_000, 4_000_000] {
        let n = nodes.to_string();
        let peak = peak_mib(&[&game[..], &["--nodes", &n]].concat());
        let cap = base + (2 * nodes * 64) as f64 / (1 << 20) as f64 + 16.0;
        assert!(peak <= cap, "--nodes {nodes}: {peak:.1} MiB > {cap:.1}");
        last = peak;
    }
    // For comparison (not asserted): the same run without a cap.
    let free = peak_mib(&game);
    eprintln!("no cap: {free:.1} MiB (capped at 4,000,000 nodes: {last:.1} MiB)");
}

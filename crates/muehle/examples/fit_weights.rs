//! Fits the evaluator's weights ([`Weights`]) to the scores of deeper
//! searches: least squares over positions taken from saved games.
//!
//! ```text
//! fit_weights label --nodes N [--every K] [--max-ply P] [--weights k=v,…] --out labels.csv games.jsonl…
//! fit_weights solve labels.csv [--placing] [--ridge R] [--weights k=v,…]
//! ```
//!
//! `label` replays the games of `spielbaum match muehle … --save games.jsonl`
//! (the standard game; JSON lines with `opening` and `moves`), takes every
//! `K`-th position not seen before from ply 4 to ply `P`, searches it with
//! the engine to `N` nodes (two threads, a fresh table each search) and
//! writes one CSV row per position whose score is not a win or a loss:
//! the score for the side to move, whether a hand still holds a stone,
//! the ply, and the evaluator's features. The evaluation is linear in the
//! weights, so feature `i` is the evaluation with weight `i` at 1 and
//! every other weight at 0, less the evaluation with every weight at 0.
//!
//! `solve` fits the weights other than `stone` (the unit, kept at 1000) so
//! that the evaluation predicts the scores (clamped to ±4 stones) with the
//! least squared error, optionally only over placing positions and pulled
//! towards the given weights by a ridge term `R` per position; it prints
//! the error of the given and of the fitted weights and both weight sets.
//! The fitted values are candidates: matches decide (the book's Mühle page,
//! "Room to move, fitted to deep searches").

use std::collections::HashSet;
use std::io::Write;
use std::process::exit;

use spielbaum_game_trait::{AgentLimits, EVAL_MAX, Game, Notation};
use spielbaum_muehle::{EngineConfig, MillEngine, Position, Weights, evaluate_with};

/// Scores are clamped to this many evaluator units before the fit.
const CLAMP: f64 = 4000.0;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("label") => label(&args[1..]),
        Some("solve") => solve(&args[1..]),
        _ => Err(usage("the first argument is `label` or `solve`")),
    };
    if let Err((code, message)) = result {
        eprintln!("fit_weights: {message}");
        exit(code);
    }
}

type Failure = (i32, String);

fn usage(message: impl Into<String>) -> Failure {
    (2, message.into())
}

fn failed(message: impl Into<String>) -> Failure {
    (1, message.into())
}

/// The weight names with `stone` first.
fn names() -> Vec<&'static str> {
    std::iter::once("stone").chain(Weights::NAMES).collect()
}

fn get(w: &Weights, name: &str) -> i32 {
    if name == "stone" { w.stone } else { w.get(name).unwrap_or(0) }
}

fn set(w: &mut Weights, name: &str, value: i32) -> bool {
    if name == "stone" {
        w.stone = value;
        true
    } else {
        w.set(name, value)
    }
}

/// `k=v,…` over the default weights.
fn parse_weights(text: &str) -> Result<Weights, Failure> {
    let mut w = Weights::default();
    for kv in text.split(',').filter(|s| !s.is_empty()) {
        let (k, v) = kv.split_once('=').ok_or_else(|| usage(format!("weight {kv:?}: not k=v")))?;
        let v: i32 = v.parse().map_err(|_| usage(format!("weight {kv:?}: not a number")))?;
        if !set(&mut w, k, v) {
            return Err(usage(format!("weight {kv:?}: no weight named {k:?}")));
        }
    }
    Ok(w)
}

/// Options `--name value` and flags, the rest positional.
struct Args {
    options: Vec<(String, Option<String>)>,
    positional: Vec<String>,
}

fn parse_args(args: &[String], flags: &[&str]) -> Result<Args, Failure> {
    let mut a = Args { options: Vec::new(), positional: Vec::new() };
    let mut it = args.iter();
    while let Some(x) = it.next() {
        if let Some(name) = x.strip_prefix("--") {
            if flags.contains(&name) {
                a.options.push((name.into(), None));
            } else {
                let v = it.next().ok_or_else(|| usage(format!("--{name} needs a value")))?;
                a.options.push((name.into(), Some(v.clone())));
            }
        } else {
            a.positional.push(x.clone());
        }
    }
    Ok(a)
}

impl Args {
    fn value(&self, name: &str) -> Option<&str> {
        self.options.iter().rev().find(|(n, _)| n == name).and_then(|(_, v)| v.as_deref())
    }

    fn flag(&self, name: &str) -> bool {
        self.options.iter().any(|(n, _)| n == name)
    }

    fn number<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T, Failure> {
        match self.value(name) {
            None => Ok(default),
            Some(v) => v.parse().map_err(|_| usage(format!("--{name} {v:?}: not a number"))),
        }
    }
}

/// The evaluator's features of `pos` (see the module documentation).
fn features(pos: &Position) -> Vec<f64> {
    let mut zero = Weights::default();
    for n in names() {
        set(&mut zero, n, 0);
    }
    let base = f64::from(evaluate_with(pos, &zero));
    names()
        .iter()
        .map(|n| {
            let mut w = zero;
            set(&mut w, n, 1);
            f64::from(evaluate_with(pos, &w)) - base
        })
        .collect()
}

/// The moves of one stored game (its `opening`, then its `moves`).
fn game_moves(line: &str) -> Result<Vec<String>, String> {
    let v: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
    let mut moves = Vec::new();
    for key in ["opening", "moves"] {
        let list = v.get(key).and_then(|l| l.as_array()).ok_or(format!("no list {key:?}"))?;
        for m in list {
            moves.push(m.as_str().ok_or(format!("{key:?}: a move is not a string"))?.to_string());
        }
    }
    Ok(moves)
}

fn label(args: &[String]) -> Result<(), Failure> {
    let a = parse_args(args, &[])?;
    let nodes: u64 = a.number("nodes", 0)?;
    if nodes == 0 {
        return Err(usage("--nodes N (N > 0) is required"));
    }
    let every: usize = a.number("every", 1)?.max(1);
    let max_ply: usize = a.number("max-ply", 40)?;
    let out = a.value("out").ok_or_else(|| usage("--out FILE is required"))?;
    let weights = parse_weights(a.value("weights").unwrap_or(""))?;
    if a.positional.is_empty() {
        return Err(usage("no game files"));
    }
    let mut seen = HashSet::new();
    let mut positions = Vec::new();
    for f in &a.positional {
        let text = std::fs::read_to_string(f).map_err(|e| failed(format!("{f}: {e}")))?;
        for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let moves = game_moves(line).map_err(|e| failed(format!("{f}:{}: {e}", n + 1)))?;
            let mut pos = Position::nine();
            for (ply, m) in moves.iter().enumerate() {
                if (4..=max_ply).contains(&ply)
                    && !pos.is_over()
                    && seen.insert(pos.key())
                    && seen.len() % every == 0
                {
                    positions.push((pos, ply));
                }
                let mv = pos
                    .parse_move(m)
                    .map_err(|e| failed(format!("{f}:{}: ply {}: {e}", n + 1, ply + 1)))?;
                pos.play(mv);
            }
        }
    }
    eprintln!("{} positions, {nodes} nodes each", positions.len());
    let config = EngineConfig { weights, ..EngineConfig::default() };
    let search = |part: &[(Position, usize)]| {
        let mut engine = MillEngine::new(config);
        let mut rows = Vec::new();
        for (pos, ply) in part {
            engine.clear();
            let r = engine.search(pos, &AgentLimits::nodes(nodes));
            if r.score.abs() > EVAL_MAX / 2 {
                continue;
            }
            let placing = pos.in_hand(pos.to_move()) > 0 || pos.in_hand(pos.to_move().other()) > 0;
            let mut row = format!("{},{},{ply}", r.score, u8::from(placing));
            for x in features(pos) {
                row.push_str(&format!(",{x}"));
            }
            rows.push(row);
        }
        rows
    };
    let (first, second) = positions.split_at(positions.len() / 2);
    let (ra, rb) = std::thread::scope(|s| {
        let a = s.spawn(|| search(first));
        let b = s.spawn(|| search(second));
        (a.join(), b.join())
    });
    let (ra, rb) =
        (ra.map_err(|_| failed("a search failed"))?, rb.map_err(|_| failed("a search failed"))?);
    let write = || -> std::io::Result<()> {
        let mut o = std::io::BufWriter::new(std::fs::File::create(out)?);
        writeln!(o, "score,placing,ply,{}", names().join(","))?;
        for r in ra.iter().chain(&rb) {
            writeln!(o, "{r}")?;
        }
        o.flush()
    };
    write().map_err(|e| failed(format!("{out}: {e}")))?;
    eprintln!("{} rows written to {out}", ra.len() + rb.len());
    Ok(())
}

fn solve(args: &[String]) -> Result<(), Failure> {
    let a = parse_args(args, &["placing"])?;
    let [path] = &a.positional[..] else { return Err(usage("solve takes one CSV file")) };
    let ridge: f64 = a.number("ridge", 0.0)?;
    let given = parse_weights(a.value("weights").unwrap_or(""))?;
    let text = std::fs::read_to_string(path).map_err(|e| failed(format!("{path}: {e}")))?;
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split(',').collect();
    if header.len() < 4 || header[..3] != ["score", "placing", "ply"] || header[3] != "stone" {
        return Err(failed(format!("{path}: not a file of `fit_weights label`")));
    }
    let names = &header[3..];
    let known = self::names();
    if let Some(bad) = names.iter().find(|&&n| !known.contains(&n)) {
        return Err(failed(format!("{path}: unknown weight {bad:?}")));
    }
    let mut rows = Vec::new();
    for (n, l) in lines.enumerate() {
        let v: Vec<f64> = l
            .split(',')
            .map(|x| x.parse())
            .collect::<Result<_, _>>()
            .map_err(|_| failed(format!("{path}:{}: not numbers", n + 2)))?;
        if v.len() != header.len() {
            return Err(failed(format!(
                "{path}:{}: {} fields, not {}",
                n + 2,
                v.len(),
                header.len()
            )));
        }
        if !a.flag("placing") || v[1] != 0.0 {
            rows.push(v);
        }
    }
    if rows.is_empty() {
        return Err(failed(format!("{path}: no rows to fit")));
    }
    let current: Vec<f64> = names.iter().map(|n| f64::from(get(&given, n))).collect();
    // The fitted weights: all but `stone` (index 0).
    let m = names.len() - 1;
    let target = |v: &[f64]| v[0].clamp(-CLAMP, CLAMP) - current[0] * v[3];
    let mut ata = vec![vec![0.0; m]; m];
    let mut atb = vec![0.0; m];
    for v in &rows {
        let (f, y) = (&v[4..], target(v));
        for ((row, b), fi) in ata.iter_mut().zip(&mut atb).zip(f) {
            *b += fi * y;
            for (x, fj) in row.iter_mut().zip(f) {
                *x += fi * fj;
            }
        }
    }
    let lambda = ridge * rows.len() as f64;
    for (i, (row, b)) in ata.iter_mut().zip(&mut atb).enumerate() {
        row[i] += lambda;
        *b += lambda * current[i + 1];
    }
    let fitted = solve_linear(ata, atb, &current[1..]);
    let rmse = |w: &[f64]| {
        let e: f64 = rows
            .iter()
            .map(|v| (target(v) - v[4..].iter().zip(w).map(|(f, w)| f * w).sum::<f64>()).powi(2))
            .sum();
        (e / rows.len() as f64).sqrt()
    };
    println!(
        "{} positions; root mean squared error: given {:.1}, fitted {:.1}",
        rows.len(),
        rmse(&current[1..]),
        rmse(&fitted)
    );
    for ((name, given), fitted) in names[1..].iter().zip(&current[1..]).zip(&fitted) {
        println!("{name:18} {given:8.0} -> {fitted:8.0}");
    }
    Ok(())
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting; a
/// weight without a pivot (a feature that never occurs) keeps `keep`.
fn solve_linear(mut a: Vec<Vec<f64>>, mut b: Vec<f64>, keep: &[f64]) -> Vec<f64> {
    let m = b.len();
    let mut pivot = vec![false; m];
    for c in 0..m {
        let p = (c..m).max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs())).unwrap_or(c);
        a.swap(c, p);
        b.swap(c, p);
        if a[c][c].abs() < 1e-9 {
            continue;
        }
        pivot[c] = true;
        let (p, bc) = (a[c].clone(), b[c]);
        for (r, (row, br)) in a.iter_mut().zip(b.iter_mut()).enumerate() {
            if r != c {
                let k = row[c] / p[c];
                for (x, y) in row.iter_mut().zip(&p).skip(c) {
                    *x -= k * y;
                }
                *br -= k * bc;
            }
        }
    }
    (0..m).map(|i| if pivot[i] { b[i] / a[i][i] } else { keep[i] }).collect()
}

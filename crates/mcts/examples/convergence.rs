//! The convergence plot of docs/mcts.md: each root move's estimated win
//! probability against the number of iterations, for the subtraction game
//! "3, 5, 11" from n = 22 (the text's example) and from n = 54, with pure
//! UCT statistics (MCTS-Solver off, uniform random playouts, seed 1).
//!
//! ```text
//! cargo run --release -p spielbaum-mcts --example convergence -- docs/mcts-convergence.svg
//! ```
//!
//! Prints the data as a table and writes the SVG (hand-written, no plotting
//! dependency). The game is nim-variant's subtraction game.

use std::fmt::Write as _;

use spielbaum_mcts::{Budget, Config, Mcts};

/// Iterations at which the statistics are recorded (log-spaced, 10..=10^6).
fn checkpoints() -> Vec<u64> {
    let mut v: Vec<u64> =
        (0..=50).map(|i| 10f64.powf(1.0 + 5.0 * f64::from(i) / 50.0).round() as u64).collect();
    v.dedup();
    v
}

/// `(iterations, [(move, p(win))])` rows for one start.
fn series(n: u64) -> Vec<(u64, Vec<(u32, f64)>)> {
    let game = spielbaum_nim_variant::SubtractionGame::classic(n).expect("a valid start");
    let mut mcts = Mcts::new(game, Config::seeded(1).solver(false));
    let mut done = 0;
    let mut rows = Vec::new();
    for c in checkpoints() {
        let a = mcts.search(Budget::iterations(c - done));
        done = c;
        let mut ps: Vec<(u32, f64)> = a.moves.iter().map(|m| (m.mv, m.win_probability)).collect();
        ps.sort_by_key(|p| p.0);
        rows.push((c, ps));
    }
    rows
}

const W: f64 = 460.0;
const H: f64 = 300.0;
const LEFT: f64 = 55.0;
const TOP: f64 = 40.0;
const PW: f64 = W - LEFT - 20.0;
const PH: f64 = H - TOP - 50.0;

fn panel(svg: &mut String, x0: f64, n: u64, rows: &[(u64, Vec<(u32, f64)>)]) {
    let colours = [(3u32, "#1f77b4"), (5, "#d62728"), (11, "#2ca02c")];
    let px = |it: u64| x0 + LEFT + ((it as f64).log10() - 1.0) / 5.0 * PW;
    let py = |p: f64| TOP + (1.0 - p) * PH;
    let winning: Vec<String> = [3u64, 5, 11]
        .iter()
        .filter(|&&d| d <= n && (n - d) % 8 <= 2)
        .map(|d| d.to_string())
        .collect();
    let _ = writeln!(
        svg,
        r#"<text x="{:.1}" y="22" font-size="14" text-anchor="middle">n = {n} (winning move by the n mod 8 rule: {})</text>"#,
        x0 + LEFT + PW / 2.0,
        winning.join(", ")
    );
    // Axes and grid.
    let _ = writeln!(
        svg,
        r##"<rect x="{:.1}" y="{TOP}" width="{PW}" height="{PH}" fill="none" stroke="#444"/>"##,
        x0 + LEFT
    );
    for k in 0..=5 {
        let p = f64::from(k) / 5.0;
        let _ = writeln!(
            svg,
            r##"<line x1="{:.1}" x2="{:.1}" y1="{:.1}" y2="{:.1}" stroke="#ddd"/><text x="{:.1}" y="{:.1}" font-size="11" text-anchor="end">{p:.1}</text>"##,
            x0 + LEFT,
            x0 + LEFT + PW,
            py(p),
            py(p),
            x0 + LEFT - 5.0,
            py(p) + 4.0
        );
    }
    for e in 1..=6u32 {
        let x = px(10u64.pow(e));
        let _ = writeln!(
            svg,
            r##"<line x1="{x:.1}" x2="{x:.1}" y1="{TOP}" y2="{:.1}" stroke="#ddd"/><text x="{x:.1}" y="{:.1}" font-size="11" text-anchor="middle">10^{e}</text>"##,
            TOP + PH,
            TOP + PH + 15.0
        );
    }
    let _ = writeln!(
        svg,
        r#"<text x="{:.1}" y="{:.1}" font-size="12" text-anchor="middle">iterations (log scale)</text>"#,
        x0 + LEFT + PW / 2.0,
        TOP + PH + 35.0
    );
    let _ = writeln!(
        svg,
        r#"<text x="{:.1}" y="{:.1}" font-size="12" text-anchor="middle" transform="rotate(-90 {:.1} {:.1})">estimated win probability</text>"#,
        x0 + 15.0,
        TOP + PH / 2.0,
        x0 + 15.0,
        TOP + PH / 2.0
    );
    // 0.9 line.
    let _ = writeln!(
        svg,
        r##"<line x1="{:.1}" x2="{:.1}" y1="{:.1}" y2="{:.1}" stroke="#888" stroke-dasharray="4 3"/>"##,
        x0 + LEFT,
        x0 + LEFT + PW,
        py(0.9),
        py(0.9)
    );
    for (k, (mv, colour)) in colours.iter().enumerate() {
        let points: Vec<String> = rows
            .iter()
            .filter_map(|(it, ps)| {
                ps.iter().find(|p| p.0 == *mv).map(|p| format!("{:.1},{:.1}", px(*it), py(p.1)))
            })
            .collect();
        let _ = writeln!(
            svg,
            r#"<polyline fill="none" stroke="{colour}" stroke-width="2" points="{}"/>"#,
            points.join(" ")
        );
        // Legend in the lower right corner, below every curve.
        let ly = TOP + PH - 28.0 + 11.0 * k as f64;
        let lx = x0 + LEFT + PW - 95.0;
        let _ = writeln!(
            svg,
            r#"<line x1="{lx:.1}" x2="{:.1}" y1="{ly:.1}" y2="{ly:.1}" stroke="{colour}" stroke-width="2"/><text x="{:.1}" y="{:.1}" font-size="11">subtract {mv}</text>"#,
            lx + 18.0,
            lx + 22.0,
            ly + 4.0
        );
    }
}

fn main() {
    let out = std::env::args().nth(1);
    let starts = [22u64, 54];
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{H}" font-family="sans-serif" viewBox="0 0 {} {H}">"#,
        W * 2.0,
        W * 2.0
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    for (i, &n) in starts.iter().enumerate() {
        let rows = series(n);
        println!("n = {n}: iterations, p(win) for subtract 3 / 5 / 11");
        for (it, ps) in &rows {
            let cells: Vec<String> = ps.iter().map(|(m, p)| format!("{m}: {p:.3}")).collect();
            println!("{it:>8}  {}", cells.join("  "));
        }
        panel(&mut svg, W * i as f64, n, &rows);
    }
    svg.push_str("</svg>\n");
    if let Some(path) = out {
        std::fs::write(&path, svg).unwrap_or_else(|e| panic!("cannot write {path}: {e}"));
        eprintln!("wrote {path}");
    }
}

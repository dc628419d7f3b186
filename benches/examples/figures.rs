//! Every figure of the book: computes its data, writes the data as CSV and
//! draws the SVG with plotters, into `docs/figures/`.
//!
//! ```text
//! cargo run --release -p spielbaum-benches --example figures            # write CSV and SVG
//! cargo run --release -p spielbaum-benches --example figures -- --check  # compare with the committed CSV
//! ```
//!
//! `--check` recomputes every figure's data and compares it with the
//! committed CSV files (the data, not the pixels); it exits with code 1 and
//! names the figure if one differs. `--only NAME` restricts either mode to
//! one figure. Every number is deterministic: node counts, exact
//! fractions, seeded MCTS statistics, and position counts (no timings).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use plotters::coord::Shift;
use plotters::prelude::*;

use spielbaum_game_trait::{Evaluator, Game};
use spielbaum_golf_clubs::{ClubSet, Rules, Scorer, Tournament};
use spielbaum_mcts::{Budget, Config as MctsConfig, Mcts};
use spielbaum_negamax::synthetic::{RandomTree, RandomTreeEval, minimal_tree_leaves};
use spielbaum_negamax::{Algorithm, Config, Limits, Searcher};
use spielbaum_nim_variant::{
    Course, Oracle, SubtractionGame, Subtractions, course_svg, game_graph_svg, sweep,
};
use spielbaum_peg_solitaire::{Board, StatsOptions, statistics};
use spielbaum_small_games::{LineCount, TicTacToe};

type Res<T> = Result<T, Box<dyn std::error::Error>>;

/// One figure: its name (file stem in docs/figures), the data as CSV, and
/// how to draw it.
struct Figure {
    name: &'static str,
    csv: String,
    draw: Draw,
}

/// Draws a figure's SVG at the path given.
type Draw = Box<dyn Fn(&Path) -> Res<()>>;

/// Computes a figure.
type Make = fn() -> Res<Figure>;

const FIGURES: [(&str, Make); 5] = [
    ("peg-levels", peg_levels),
    ("golf-expected", golf_expected),
    ("negamax-nodes", negamax_nodes),
    ("mcts-convergence", mcts_convergence),
    ("nim-variant", nim_variant_pictures),
];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let check = args.iter().any(|a| a == "--check");
    let only = args.iter().position(|a| a == "--only").and_then(|i| args.get(i + 1));
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/figures");
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("figures: cannot create {}: {e}", dir.display());
        return ExitCode::FAILURE;
    }
    let mut failed = false;
    for (name, make) in FIGURES {
        if only.is_some_and(|o| o != name) {
            continue;
        }
        let fig = match make() {
            Ok(f) => f,
            Err(e) => {
                eprintln!("figures: {name}: {e}");
                failed = true;
                continue;
            }
        };
        let csv_path = dir.join(format!("{}.csv", fig.name));
        if check {
            let committed = std::fs::read_to_string(&csv_path).unwrap_or_default();
            if committed == fig.csv {
                println!("{}: data matches {}", fig.name, csv_path.display());
            } else {
                eprintln!(
                    "{}: the committed data differs from what the code computes; \
                     run `cargo run --release -p spielbaum-benches --example figures` and commit",
                    fig.name
                );
                for (i, (a, b)) in committed.lines().zip(fig.csv.lines()).enumerate() {
                    if a != b {
                        eprintln!("  line {}: committed `{a}`, computed `{b}`", i + 1);
                        break;
                    }
                }
                failed = true;
            }
        } else {
            let svg_path = dir.join(format!("{}.svg", fig.name));
            let written = std::fs::write(&csv_path, &fig.csv)
                .map_err(|e| e.into())
                .and_then(|()| (fig.draw)(&svg_path));
            match written {
                Ok(()) => println!("{}: wrote {} and its picture(s)", fig.name, csv_path.display()),
                Err(e) => {
                    eprintln!("figures: {}: {e}", fig.name);
                    failed = true;
                }
            }
        }
    }
    if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}

const PALETTE: [RGBColor; 8] = [
    RGBColor(0x1b, 0x9e, 0x77),
    RGBColor(0xd9, 0x5f, 0x02),
    RGBColor(0x75, 0x70, 0xb3),
    RGBColor(0xe7, 0x29, 0x8a),
    RGBColor(0x66, 0xa6, 0x1e),
    RGBColor(0xe6, 0xab, 0x02),
    RGBColor(0xa6, 0x76, 0x1d),
    RGBColor(0x33, 0x33, 0x33),
];

/// A line chart of named series on a panel; `log_y` draws y on a log scale.
#[allow(clippy::too_many_arguments)]
fn line_panel(
    area: &DrawingArea<SVGBackend<'_>, Shift>,
    title: &str,
    x_label: &str,
    y_label: &str,
    x: std::ops::Range<f64>,
    y: std::ops::Range<f64>,
    log_x: bool,
    log_y: bool,
    series: &[(String, Vec<(f64, f64)>)],
) -> Res<()> {
    let mut builder = ChartBuilder::on(area);
    builder
        .caption(title, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(70);
    macro_rules! draw {
        ($chart:expr) => {{
            let mut chart = $chart;
            chart
                .configure_mesh()
                .x_desc(x_label)
                .y_desc(y_label)
                .light_line_style(WHITE.mix(0.0))
                .draw()?;
            for (i, (name, points)) in series.iter().enumerate() {
                let colour = PALETTE[i % PALETTE.len()];
                chart
                    .draw_series(LineSeries::new(points.iter().copied(), colour.stroke_width(2)))?
                    .label(name.as_str())
                    .legend(move |(x, y)| {
                        PathElement::new(vec![(x, y), (x + 18, y)], colour.stroke_width(2))
                    });
                if points.len() <= 40 {
                    chart
                        .draw_series(points.iter().map(|&p| Circle::new(p, 3, colour.filled())))?;
                }
            }
            chart
                .configure_series_labels()
                .background_style(WHITE.mix(0.85))
                .border_style(BLACK.mix(0.3))
                .position(SeriesLabelPosition::UpperLeft)
                .draw()?;
        }};
    }
    match (log_x, log_y) {
        (false, false) => draw!(builder.build_cartesian_2d(x, y)?),
        (false, true) => draw!(builder.build_cartesian_2d(x, y.log_scale())?),
        (true, false) => draw!(builder.build_cartesian_2d(x.log_scale(), y)?),
        (true, true) => draw!(builder.build_cartesian_2d(x.log_scale(), y.log_scale())?),
    }
    Ok(())
}

/// Peg solitaire, English board from the centre: positions and positions up
/// to symmetry per level (number of pegs), the complete statistics.
fn peg_levels() -> Res<Figure> {
    let board = Board::english();
    let start = board.start_at("d4")?;
    let stats = statistics(&start, &StatsOptions::default(), |_| {}, |_| Default::default())
        .map_err(|e| format!("{e}"))?;
    let mut csv = String::from("pegs,positions,canonical,paths\n");
    let mut positions = Vec::new();
    let mut canonical = Vec::new();
    for l in &stats.levels {
        writeln!(csv, "{},{},{},{}", l.pegs, l.stats.positions, l.stats.canonical, l.stats.paths)?;
        positions.push((f64::from(l.pegs), l.stats.positions as f64));
        canonical.push((f64::from(l.pegs), l.stats.canonical as f64));
    }
    let total = stats.levels.iter().map(|l| l.stats.positions).sum::<u64>();
    let top = stats.levels.iter().map(|l| l.stats.positions).max().unwrap_or(1) as f64 * 3.0;
    let draw = move |path: &Path| -> Res<()> {
        let root = SVGBackend::new(path, (720, 420)).into_drawing_area();
        root.fill(&WHITE)?;
        line_panel(
            &root,
            &format!("English peg solitaire from the centre: {total} positions"),
            "pegs on the board",
            "positions (log scale)",
            0.5..32.5,
            0.8..top,
            false,
            true,
            &[
                ("positions".into(), positions.clone()),
                ("up to symmetry".into(), canonical.clone()),
            ],
        )?;
        root.present()?;
        Ok(())
    };
    Ok(Figure { name: "peg-levels", csv, draw: Box::new(draw) })
}

/// The golf-club puzzle: exact expected strokes of the example tournament
/// for the club sets {1, c, 120, 300}, c = 2..=349.
fn golf_expected() -> Res<Figure> {
    let rules = Rules::default();
    let t = Tournament::parse(spielbaum_golf_clubs::params::EXAMPLE_TOURNAMENT, &rules)?;
    let scorer = Scorer::new(&t, &rules)?;
    let mut csv = String::from("second_club,expected_exact,expected\n");
    let mut points = Vec::new();
    for c in 2..=349u32 {
        if c == 120 || c == 300 {
            continue;
        }
        let clubs = ClubSet::new(&[1, c, 120, 300], &rules)?;
        let e = scorer.expected(&clubs)?;
        let value = *e.numer() as f64 / *e.denom() as f64;
        writeln!(csv, "{c},{e},{value:.6}")?;
        points.push((f64::from(c), value));
    }
    let example = points.iter().copied().find(|p| p.0 == 50.0).expect("c = 50 computed");
    let best = points.iter().copied().min_by(|a, b| a.1.total_cmp(&b.1)).expect("points");
    let draw = move |path: &Path| -> Res<()> {
        let root = SVGBackend::new(path, (720, 420)).into_drawing_area();
        root.fill(&WHITE)?;
        let lo = points.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
        let hi = points.iter().map(|p| p.1).fold(0.0, f64::max);
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "Expected strokes of the tournament 100+1W3,…,300+2W4 with clubs {1, c, 120, 300}",
                ("sans-serif", 16),
            )
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(0.0..352.0, (lo - 1.0)..(hi + 1.0))?;
        chart
            .configure_mesh()
            .x_desc("length c of the second club")
            .y_desc("expected strokes")
            .light_line_style(WHITE.mix(0.0))
            .draw()?;
        chart.draw_series(LineSeries::new(points.iter().copied(), PALETTE[2].stroke_width(2)))?;
        for (p, label) in [
            (example, format!("c = 50: {:.3}", example.1)),
            (best, format!("best c = {}: {:.3}", best.0, best.1)),
        ] {
            chart.draw_series([Circle::new(p, 5, PALETTE[1].filled())])?;
            chart.draw_series([Text::new(label, (p.0 + 6.0, p.1 + 0.6), ("sans-serif", 14))])?;
        }
        root.present()?;
        Ok(())
    };
    Ok(Figure { name: "golf-expected", csv, draw: Box::new(draw) })
}

const NEGAMAX_DEPTH: u32 = 7;

fn negamax_variants() -> Vec<(&'static str, Config)> {
    vec![
        ("negamax", Config::plain(Algorithm::Negamax)),
        ("alphabeta", Config::plain(Algorithm::AlphaBeta)),
        ("ordered", Config::plain(Algorithm::Ordered)),
        ("pvs", Config::plain(Algorithm::Pvs)),
        ("iterative", Config::plain(Algorithm::Iterative)),
        ("iterative+table+killers+history", Config::ordered()),
    ]
}

/// Nodes to reach depths 1..=7, from scratch, per variant.
fn negamax_rows<G: Game, E: Evaluator<G> + Copy>(
    game: &G,
    eval: E,
) -> Vec<(&'static str, Vec<u64>)> {
    let mut rows = Vec::new();
    let mut scores: Option<Vec<i32>> = None;
    for (name, config) in negamax_variants() {
        let mut nodes = Vec::new();
        let mut s = Vec::new();
        for d in 1..=NEGAMAX_DEPTH {
            let r = Searcher::new(eval, config.clone()).search(game, &Limits::depth(d));
            nodes.push(r.counters.nodes);
            s.push(r.score);
        }
        // Every variant finds the same value at every depth.
        assert_eq!(scores.get_or_insert_with(|| s.clone()), &s, "{name} disagrees");
        rows.push((name, nodes));
    }
    rows
}

/// The negamax experiment: nodes to reach each depth for each technique,
/// on the synthetic tree (b = 10) against the Knuth–Moore minimal tree, and
/// on Tic-tac-toe.
fn negamax_nodes() -> Res<Figure> {
    let tree = RandomTree::new(2026, 10, 64);
    let syn = negamax_rows(&tree, RandomTreeEval);
    let ttt = negamax_rows(&TicTacToe::new(), LineCount);
    let bound: Vec<u64> = (1..=NEGAMAX_DEPTH).map(|d| minimal_tree_leaves(10, d)).collect();
    let mut csv = String::from("game,variant,depth,nodes\n");
    for (game, rows) in [("synthetic-b10", &syn), ("tictactoe", &ttt)] {
        for (name, nodes) in rows.iter() {
            for (d, n) in nodes.iter().enumerate() {
                writeln!(csv, "{game},{name},{},{n}", d + 1)?;
            }
        }
    }
    for (d, n) in bound.iter().enumerate() {
        writeln!(csv, "synthetic-b10,minimal-tree-leaves,{},{n}", d + 1)?;
    }
    let to_series = |rows: &[(&'static str, Vec<u64>)]| -> Vec<(String, Vec<(f64, f64)>)> {
        rows.iter()
            .map(|(name, nodes)| {
                let pts = nodes.iter().enumerate().map(|(d, &n)| ((d + 1) as f64, n as f64));
                (name.to_string(), pts.collect())
            })
            .collect()
    };
    let mut syn_series = to_series(&syn);
    syn_series.push((
        "Knuth–Moore minimal tree (leaves)".into(),
        bound.iter().enumerate().map(|(d, &n)| ((d + 1) as f64, n as f64)).collect(),
    ));
    let ttt_series = to_series(&ttt);
    let top = |series: &[(String, Vec<(f64, f64)>)]| {
        series.iter().flat_map(|s| s.1.iter().map(|p| p.1)).fold(1.0, f64::max) * 3.0
    };
    let (syn_top, ttt_top) = (top(&syn_series), top(&ttt_series));
    let draw = move |path: &Path| -> Res<()> {
        let root = SVGBackend::new(path, (1100, 460)).into_drawing_area();
        root.fill(&WHITE)?;
        let panels = root.split_evenly((1, 2));
        line_panel(
            &panels[0],
            "Synthetic tree, b = 10",
            "depth",
            "nodes (log scale)",
            0.8..7.2,
            1.0..syn_top,
            false,
            true,
            &syn_series,
        )?;
        line_panel(
            &panels[1],
            "Tic-tac-toe (LineCount)",
            "depth",
            "nodes (log scale)",
            0.8..7.2,
            1.0..ttt_top,
            false,
            true,
            &ttt_series,
        )?;
        root.present()?;
        Ok(())
    };
    Ok(Figure { name: "negamax-nodes", csv, draw: Box::new(draw) })
}

/// Iterations at which the MCTS statistics are recorded (log-spaced).
fn checkpoints() -> Vec<u64> {
    let mut v: Vec<u64> =
        (0..=40).map(|i| 10f64.powf(1.0 + 5.0 * f64::from(i) / 40.0).round() as u64).collect();
    v.dedup();
    v
}

/// MCTS on the subtraction game "3, 5, 11": each root move's estimated win
/// probability against the iterations, pure UCT (MCTS-Solver off), seed 1,
/// as a tree and as a graph (one node per number), side by side.
fn mcts_convergence() -> Res<Figure> {
    let mut csv = String::from("n,search,iterations,move,win_probability\n");
    let mut panels = Vec::new();
    for n in [22u64, 54, 100] {
        for (search, graph) in [("tree", false), ("graph", true)] {
            let game = SubtractionGame::new(n, &[3, 5, 11])?;
            let mut mcts = Mcts::new(game, MctsConfig::seeded(1).solver(false).graph(graph));
            let mut done = 0;
            let mut series: Vec<(String, Vec<(f64, f64)>)> = Vec::new();
            for c in checkpoints() {
                let a = mcts.search(Budget::iterations(c - done));
                done = c;
                let mut moves: Vec<_> = a.moves.iter().map(|m| (m.mv, m.win_probability)).collect();
                moves.sort_by_key(|m| m.0);
                for (mv, p) in moves {
                    writeln!(csv, "{n},{search},{c},{mv},{p:.6}")?;
                    let label = format!("subtract {mv}");
                    match series.iter_mut().find(|s| s.0 == label) {
                        Some(s) => s.1.push((c as f64, p)),
                        None => series.push((label, vec![(c as f64, p)])),
                    }
                }
            }
            panels.push((n, search, series));
        }
    }
    let draw = move |path: &Path| -> Res<()> {
        let root = SVGBackend::new(path, (1100, 1260)).into_drawing_area();
        root.fill(&WHITE)?;
        let areas = root.split_evenly((3, 2));
        for (area, (n, search, series)) in areas.iter().zip(&panels) {
            line_panel(
                area,
                &format!("n = {n}, {search}: estimated p(win) per move"),
                "iterations (log scale)",
                "p(win)",
                8.0..1.3e6,
                0.0..1.05,
                true,
                false,
                series,
            )?;
        }
        root.present()?;
        Ok(())
    };
    Ok(Figure { name: "mcts-convergence", csv, draw: Box::new(draw) })
}

/// The nim-variant pictures of docs/nim-variant/ (the text's Figure 4, the
/// game graph, for {3, 5, 11} and {3, 5, 8}; its Figures 5–8, the game
/// courses it prints), drawn by the nim-variant crate with plotters. The
/// data: every number's colour and every course's edge colours.
fn nim_variant_pictures() -> Res<Figure> {
    let classic = Subtractions::CLASSIC;
    let s358 = Subtractions::new(&[3, 5, 8])?;
    let graphs = [("game-graph-22", classic, 22, 8), ("game-graph-3-5-8", s358, 32, 11)];
    let courses: [(&str, &[i64]); 4] = [
        ("fig5-mixed01-vs-mixed09", &[50, 47, 42, 39, 34, 31, 26, 21, 18, 15, 12, 7, 2, -1]),
        ("fig6-optimal-vs-random", &[44, 41, 38, 33, 30, 25, 22, 17, 14, 9, 6, 1, -2]),
        ("fig7-random-vs-random", &[45, 42, 39, 36, 31, 26, 21, 18, 15, 12, 7, 2, -1]),
        ("fig8-random-vs-mixed06", &[50, 45, 42, 39, 34, 31, 26, 23, 18, 13, 10, 7, 4, 1, -2]),
    ];
    let mut csv = String::from("picture,item,value\n");
    let mut svgs: Vec<(String, String)> = Vec::new();
    for (name, rules, upto, period) in graphs {
        let c = sweep(&rules, upto)?;
        let red: Vec<String> = c.p_positions().iter().map(u64::to_string).collect();
        writeln!(csv, "{name},red numbers,{}", red.join(" "))?;
        svgs.push((name.to_string(), game_graph_svg(&c, Some(period))));
    }
    let oracle = Oracle::new(&classic)?;
    for (name, numbers) in courses {
        let course = Course { rules: classic, numbers: numbers.to_vec() };
        let colours: Vec<&str> = course.edge_colours(&oracle).iter().map(|c| c.name()).collect();
        writeln!(csv, "{name},edge colours,{}", colours.join(" "))?;
        svgs.push((name.to_string(), course_svg(&course, &oracle)));
    }
    let draw = move |path: &Path| -> Res<()> {
        let dir = path.parent().ok_or("no folder")?.join("../nim-variant");
        for (name, svg) in &svgs {
            std::fs::write(dir.join(format!("{name}.svg")), svg)?;
        }
        Ok(())
    };
    Ok(Figure { name: "nim-variant", csv, draw: Box::new(draw) })
}

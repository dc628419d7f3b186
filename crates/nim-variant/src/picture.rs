//! Pictures written by the program itself (no plotting library): the
//! game course (the text's Figures 5–8, drawn there with igraph), the
//! red/blue game graph (Figure 4) and simple line charts, as SVG and
//! Graphviz DOT.

use core::fmt::Write as _;

use crate::players::Oracle;
use crate::simulate::{Course, EdgeColour};
use crate::theory::Classification;

const RED: &str = "#d62728";
const BLUE: &str = "#1f77b4";

fn svg_open(out: &mut String, w: f64, h: f64) {
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.0} {h:.0}" font-family="sans-serif">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
}

/// Escapes text for SVG/XML.
fn esc(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn colour_hex(c: EdgeColour) -> &'static str {
    match c {
        EdgeColour::Red => RED,
        EdgeColour::Blue => BLUE,
        EdgeColour::Black => "black",
    }
}

/// The course of one game as SVG, laid out like the text's igraph plots:
/// the start number at the top in the middle, the numbers player A
/// produced on the left, player B's on the right; each move an edge,
/// red (winning move taken), blue (win given away) or black (no win
/// possible).
pub fn course_svg(course: &Course, oracle: &Oracle) -> String {
    let colours = course.edge_colours(oracle);
    let step = 46.0;
    let (left, mid, right) = (70.0, 160.0, 250.0);
    let top = 70.0;
    let w = 320.0;
    let h = top + step * course.numbers.len() as f64 + 30.0;
    let pos = |i: usize| {
        let x = if i == 0 {
            mid
        } else if i % 2 == 1 {
            left
        } else {
            right
        };
        (x, top + step * i as f64)
    };
    let mut out = String::new();
    svg_open(&mut out, w, h);
    let winner = course
        .winner()
        .map(|p| format!("winner: {}", crate::game::player_letter(p)))
        .unwrap_or_else(|| "unfinished".into());
    let _ = writeln!(
        out,
        r#"<text x="{mid}" y="22" text-anchor="middle" font-size="14">S = {{{}}}, start {}: {winner}</text>"#,
        course.rules,
        course.numbers.first().copied().unwrap_or(0)
    );
    let _ = writeln!(
        out,
        r#"<text x="{left}" y="44" text-anchor="middle" font-size="13">A</text><text x="{right}" y="44" text-anchor="middle" font-size="13">B</text>"#
    );
    for (i, c) in colours.iter().enumerate() {
        let ((x1, y1), (x2, y2)) = (pos(i), pos(i + 1));
        let _ = writeln!(
            out,
            r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{}" stroke-width="3"/>"#,
            colour_hex(*c)
        );
    }
    for (i, n) in course.numbers.iter().enumerate() {
        let (x, y) = pos(i);
        let _ = writeln!(
            out,
            r#"<circle cx="{x}" cy="{y}" r="16" fill="yellow" stroke="black"/><text x="{x}" y="{:.0}" text-anchor="middle" font-size="13">{n}</text>"#,
            y + 4.5
        );
    }
    let legend_y = h - 24.0;
    let _ = writeln!(
        out,
        r#"<text x="10" y="{legend_y}" font-size="11"><tspan fill="{RED}">red: win taken</tspan>, <tspan fill="{BLUE}">blue: win given away</tspan>,</text><text x="10" y="{}" font-size="11">black: no win possible</text>"#,
        legend_y + 14.0
    );
    out.push_str("</svg>\n");
    out
}

/// The course of one game as Graphviz DOT (`neato -n -Tsvg` keeps the
/// layout: start in the middle, A left, B right).
pub fn course_dot(course: &Course, oracle: &Oracle) -> String {
    let colours = course.edge_colours(oracle);
    let mut out = String::new();
    let _ = writeln!(out, "graph course {{");
    let _ = writeln!(out, "  label=\"S = {{{}}}, A left, B right\"; labelloc=t;", course.rules);
    let _ = writeln!(out, "  node [shape=circle style=filled fillcolor=yellow fontsize=12];");
    for (i, n) in course.numbers.iter().enumerate() {
        let x = if i == 0 {
            90
        } else if i % 2 == 1 {
            0
        } else {
            180
        };
        let y = -(i as i64) * 50;
        let _ = writeln!(out, "  n{i} [label=\"{n}\" pos=\"{x},{y}!\"];");
    }
    for (i, c) in colours.iter().enumerate() {
        let _ = writeln!(out, "  n{i} -- n{} [color={} penwidth=3];", i + 1, c.name());
    }
    out.push_str("}\n");
    out
}

/// Columns of the game-graph layout: the period when it is small, else 10.
fn graph_columns(period: Option<u64>) -> u64 {
    match period {
        Some(p) if (2..=16).contains(&p) => p,
        _ => 10,
    }
}

/// The red/blue game graph of the numbers `0..=upto` (the text's Figure
/// 4) as SVG: red numbers are to be produced (P-positions), blue ones to
/// be avoided; an arrow for every move `k → k − d` that does not
/// overshoot, dark when it produces a red number. Numbers are laid out
/// by `k mod columns` (columns = the period when given and at most 16),
/// so a periodic pattern shows as red columns.
pub fn game_graph_svg(c: &Classification, period: Option<u64>) -> String {
    let cols = graph_columns(period);
    let upto = c.upto();
    let rows = upto / cols + 1;
    let (dx, dy, margin) = (70.0, 70.0, 50.0);
    let w = margin * 2.0 + dx * (cols - 1) as f64;
    let h = margin * 2.0 + dy * (rows - 1) as f64 + 40.0;
    let pos = |k: u64| (margin + dx * (k % cols) as f64, margin + 30.0 + dy * (k / cols) as f64);
    let red = |k: u64| c.is_red(k).unwrap_or(false);
    let mut out = String::new();
    svg_open(&mut out, w, h);
    let _ = writeln!(
        out,
        r#"<defs><marker id="a" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="context-stroke"/></marker></defs>"#
    );
    let _ = writeln!(
        out,
        r#"<text x="{:.0}" y="24" text-anchor="middle" font-size="14">S = {{{}}}: produce red (P), avoid blue (N); {} columns</text>"#,
        w / 2.0,
        c.rules(),
        cols
    );
    for k in 1..=upto {
        for &d in c.rules().as_slice() {
            let Some(to) = k.checked_sub(u64::from(d)) else {
                continue;
            };
            let ((x1, y1), (x2, y2)) = (pos(k), pos(to));
            // Shorten the line to the circle's rim.
            let (vx, vy) = (x2 - x1, y2 - y1);
            let len = (vx * vx + vy * vy).sqrt().max(1.0);
            let (ux, uy) = (vx / len, vy / len);
            let (sx, sy, ex, ey) = (x1 + ux * 15.0, y1 + uy * 15.0, x2 - ux * 15.0, y2 - uy * 15.0);
            let (stroke, opacity) = if !red(k) && red(to) { (RED, 0.8) } else { ("#999999", 0.35) };
            // A slight bend keeps arrows of one column apart.
            let (cx, cy) = ((sx + ex) / 2.0 - uy * 12.0, (sy + ey) / 2.0 + ux * 12.0);
            let _ = writeln!(
                out,
                r#"<path d="M{sx:.1},{sy:.1} Q{cx:.1},{cy:.1} {ex:.1},{ey:.1}" fill="none" stroke="{stroke}" stroke-opacity="{opacity}" stroke-width="1.3" marker-end="url(#a)"/>"#
            );
        }
    }
    for k in 0..=upto {
        let (x, y) = pos(k);
        let fill = if red(k) { RED } else { BLUE };
        let _ = writeln!(
            out,
            r#"<circle cx="{x}" cy="{y}" r="15" fill="{fill}"/><text x="{x}" y="{:.0}" text-anchor="middle" font-size="13" fill="white">{k}</text>"#,
            y + 4.5
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The game graph of [`game_graph_svg`] as Graphviz DOT (`dot -Tsvg`).
pub fn game_graph_dot(c: &Classification) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "digraph game {{");
    let _ = writeln!(
        out,
        "  label=\"S = {{{}}}: produce red, avoid blue\"; labelloc=t; rankdir=BT;",
        c.rules()
    );
    let _ = writeln!(out, "  node [shape=circle style=filled fontcolor=white fontsize=12];");
    let red = |k: u64| c.is_red(k).unwrap_or(false);
    for k in 0..=c.upto() {
        let fill = if red(k) { "red" } else { "blue" };
        let _ = writeln!(out, "  {k} [fillcolor={fill}];");
    }
    for k in 1..=c.upto() {
        for &d in c.rules().as_slice() {
            if let Some(to) = k.checked_sub(u64::from(d)) {
                let colour = if !red(k) && red(to) { "red" } else { "gray" };
                let _ = writeln!(out, "  {k} -> {to} [color={colour} label=\"{d}\" fontsize=9];");
            }
        }
    }
    out.push_str("}\n");
    out
}

/// One line of a [`line_chart_svg`].
#[derive(Clone, Debug)]
pub struct Series {
    /// Legend text.
    pub name: String,
    /// Stroke colour (any SVG colour).
    pub colour: String,
    /// Points `(x, y)`, in order of `x`.
    pub points: Vec<(f64, f64)>,
}

/// A line chart as SVG with a log₁₀ x axis (for iteration counts) and a
/// linear y axis from `y_range.0` to `y_range.1`.
pub fn line_chart_svg(
    title: &str,
    x_label: &str,
    y_label: &str,
    y_range: (f64, f64),
    series: &[Series],
) -> String {
    let (w, h) = (640.0, 400.0);
    let (l, r, t, b) = (70.0, 170.0, 40.0, 50.0);
    let xs = series.iter().flat_map(|s| s.points.iter().map(|p| p.0));
    let (mut x0, mut x1) = (f64::INFINITY, f64::NEG_INFINITY);
    for x in xs.filter(|&x| x > 0.0) {
        x0 = x0.min(x);
        x1 = x1.max(x);
    }
    if !x0.is_finite() {
        (x0, x1) = (1.0, 10.0);
    }
    let (lx0, lx1) = (x0.log10().floor(), x1.log10().ceil().max(x0.log10().floor() + 1.0));
    let px = |x: f64| l + (x.max(x0).log10() - lx0) / (lx1 - lx0) * (w - l - r);
    let (y0, y1) = y_range;
    let py = |y: f64| t + (1.0 - (y - y0) / (y1 - y0)) * (h - t - b);
    let mut out = String::new();
    svg_open(&mut out, w, h);
    let _ = writeln!(
        out,
        r#"<text x="{:.0}" y="22" text-anchor="middle" font-size="14">{}</text>"#,
        (w - r + l) / 2.0,
        esc(title)
    );
    // Axes and grid.
    let _ = writeln!(
        out,
        r##"<rect x="{l}" y="{t}" width="{}" height="{}" fill="none" stroke="#444"/>"##,
        w - l - r,
        h - t - b
    );
    let mut e = lx0 as i32;
    while f64::from(e) <= lx1 {
        let x = px(10f64.powi(e));
        let _ = writeln!(
            out,
            r##"<line x1="{x:.1}" y1="{t}" x2="{x:.1}" y2="{}" stroke="#ddd"/><text x="{x:.1}" y="{}" text-anchor="middle" font-size="11">1e{e}</text>"##,
            h - b,
            h - b + 16.0
        );
        e += 1;
    }
    for i in 0..=4 {
        let y = y0 + (y1 - y0) * f64::from(i) / 4.0;
        let yy = py(y);
        let _ = writeln!(
            out,
            r##"<line x1="{l}" y1="{yy:.1}" x2="{}" y2="{yy:.1}" stroke="#ddd"/><text x="{}" y="{:.1}" text-anchor="end" font-size="11">{y:.2}</text>"##,
            w - r,
            l - 6.0,
            yy + 4.0
        );
    }
    let _ = writeln!(
        out,
        r#"<text x="{:.0}" y="{}" text-anchor="middle" font-size="12">{}</text>"#,
        (w - r + l) / 2.0,
        h - 12.0,
        esc(x_label)
    );
    let _ = writeln!(
        out,
        r#"<text x="16" y="{:.0}" text-anchor="middle" font-size="12" transform="rotate(-90 16 {:.0})">{}</text>"#,
        (h - b + t) / 2.0,
        (h - b + t) / 2.0,
        esc(y_label)
    );
    for (i, s) in series.iter().enumerate() {
        let pts: Vec<String> =
            s.points.iter().map(|&(x, y)| format!("{:.1},{:.1}", px(x), py(y))).collect();
        let _ = writeln!(
            out,
            r#"<polyline points="{}" fill="none" stroke="{}" stroke-width="2"/>"#,
            pts.join(" "),
            esc(&s.colour)
        );
        let ly = t + 10.0 + 20.0 * i as f64;
        let _ = writeln!(
            out,
            r#"<line x1="{}" y1="{ly}" x2="{}" y2="{ly}" stroke="{}" stroke-width="2"/><text x="{}" y="{:.0}" font-size="12">{}</text>"#,
            w - r + 10.0,
            w - r + 30.0,
            s.colour,
            w - r + 36.0,
            ly + 4.0,
            esc(&s.name)
        );
    }
    out.push_str("</svg>\n");
    out
}

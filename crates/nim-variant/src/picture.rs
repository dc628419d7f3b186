//! Pictures of the game: the game course (the text's Figures 5–8, drawn
//! there with igraph), the red/blue game graph (Figure 4) and line charts,
//! as SVG (drawn with `plotters`' SVG backend) and as Graphviz DOT.

use core::fmt::Write as _;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::players::Oracle;
use crate::simulate::{Course, EdgeColour};
use crate::theory::Classification;

const RED: RGBColor = RGBColor(0xd6, 0x27, 0x28);
const BLUE: RGBColor = RGBColor(0x1f, 0x77, 0xb4);
const GREY: RGBColor = RGBColor(0x99, 0x99, 0x99);
const YELLOW: RGBColor = RGBColor(0xff, 0xff, 0x00);

type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// Draws on a white SVG canvas of `w × h` pixels and returns the SVG text.
/// Drawing into a string cannot fail for I/O reasons; a drawing error
/// (which plotters reports for invalid geometry only) leaves the picture
/// as drawn so far.
fn svg(w: u32, h: u32, draw: impl FnOnce(&Area<'_>) -> Result<(), String>) -> String {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (w, h)).into_drawing_area();
        let _ = root.fill(&WHITE);
        let _ = draw(&root);
        let _ = root.present();
    }
    out
}

/// plotters writes font sizes into SVG divided by 1.24; this undoes it, so
/// `size` is the size in the file.
fn text_style(size: u32, colour: RGBColor) -> TextStyle<'static> {
    TextStyle {
        font: ("sans-serif", f64::from(size) * 1.24).into_font(),
        color: colour.to_backend_color(),
        pos: Pos::new(HPos::Center, VPos::Center),
    }
}

fn err(e: impl std::fmt::Display) -> String {
    e.to_string()
}

fn edge_colour(c: EdgeColour) -> RGBColor {
    match c {
        EdgeColour::Red => RED,
        EdgeColour::Blue => BLUE,
        EdgeColour::Black => BLACK,
    }
}

/// The course of one game as SVG, laid out like the text's igraph plots:
/// the start number at the top in the middle, the numbers player A
/// produced on the left, player B's on the right; each move an edge,
/// red (winning move taken), blue (win given away) or black (no win
/// possible).
pub fn course_svg(course: &Course, oracle: &Oracle) -> String {
    let colours = course.edge_colours(oracle);
    let step = 46;
    let (left, mid, right) = (70, 160, 250);
    let top = 70;
    let h = top + step * course.numbers.len() as i32 + 30;
    let pos = |i: usize| {
        let x = if i == 0 {
            mid
        } else if i % 2 == 1 {
            left
        } else {
            right
        };
        (x, top + step * i as i32)
    };
    let winner = course
        .winner()
        .map(|p| format!("winner: {}", crate::game::player_letter(p)))
        .unwrap_or_else(|| "unfinished".into());
    let title = format!(
        "S = {{{}}}, start {}: {winner}",
        course.rules,
        course.numbers.first().copied().unwrap_or(0)
    );
    svg(320, h as u32, |root| {
        root.draw(&Text::new(title, (mid, 22), text_style(14, BLACK))).map_err(err)?;
        root.draw(&Text::new("A", (left, 44), text_style(13, BLACK))).map_err(err)?;
        root.draw(&Text::new("B", (right, 44), text_style(13, BLACK))).map_err(err)?;
        for (i, c) in colours.iter().enumerate() {
            let line = PathElement::new(vec![pos(i), pos(i + 1)], edge_colour(*c).stroke_width(3));
            root.draw(&line).map_err(err)?;
        }
        for (i, n) in course.numbers.iter().enumerate() {
            root.draw(&Circle::new(pos(i), 16, YELLOW.filled())).map_err(err)?;
            root.draw(&Circle::new(pos(i), 16, BLACK.stroke_width(1))).map_err(err)?;
            root.draw(&Text::new(n.to_string(), pos(i), text_style(13, BLACK))).map_err(err)?;
        }
        let legend = [
            ("red: win taken", RED, 10),
            ("blue: win given away", BLUE, 120),
            ("black: no win possible", BLACK, 10),
        ];
        for (k, (label, colour, x)) in legend.into_iter().enumerate() {
            let y = h - 24 + if k == 2 { 14 } else { 0 };
            let style =
                TextStyle { pos: Pos::new(HPos::Left, VPos::Bottom), ..text_style(11, colour) };
            root.draw(&Text::new(label, (x, y), style)).map_err(err)?;
        }
        Ok(())
    })
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
/// overshoot, dark red when it produces a red number. Numbers are laid out
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
    let px = |(x, y): (f64, f64)| (x.round() as i32, y.round() as i32);
    let red = |k: u64| c.is_red(k).unwrap_or(false);
    let title = format!("S = {{{}}}: produce red (P), avoid blue (N); {} columns", c.rules(), cols);
    svg(w as u32, h as u32, |root| {
        root.draw(&Text::new(title, ((w / 2.0) as i32, 24), text_style(14, BLACK))).map_err(err)?;
        for k in 1..=upto {
            for &d in c.rules().as_slice() {
                let Some(to) = k.checked_sub(u64::from(d)) else {
                    continue;
                };
                let ((x1, y1), (x2, y2)) = (pos(k), pos(to));
                // Shorten the arrow to the circles' rims.
                let (vx, vy) = (x2 - x1, y2 - y1);
                let len = (vx * vx + vy * vy).sqrt().max(1.0);
                let (ux, uy) = (vx / len, vy / len);
                let (sx, sy, ex, ey) =
                    (x1 + ux * 15.0, y1 + uy * 15.0, x2 - ux * 15.0, y2 - uy * 15.0);
                let colour = if !red(k) && red(to) { RED.mix(0.8) } else { GREY.mix(0.35) };
                // A slight bend (a quadratic curve, as a polyline) keeps
                // arrows of one column apart.
                let (cx, cy) = ((sx + ex) / 2.0 - uy * 12.0, (sy + ey) / 2.0 + ux * 12.0);
                let curve: Vec<(i32, i32)> = (0..=8)
                    .map(|i| {
                        let t = f64::from(i) / 8.0;
                        let u = 1.0 - t;
                        let x = u * u * sx + 2.0 * u * t * cx + t * t * ex;
                        let y = u * u * sy + 2.0 * u * t * cy + t * t * ey;
                        px((x, y))
                    })
                    .collect();
                root.draw(&PathElement::new(curve, colour.stroke_width(1))).map_err(err)?;
                // The arrowhead, along the curve's last direction.
                let (hx, hy) = (ex - cx, ey - cy);
                let hl = (hx * hx + hy * hy).sqrt().max(1.0);
                let (hx, hy) = (hx / hl, hy / hl);
                let head = vec![
                    px((ex, ey)),
                    px((ex - 8.0 * hx - 4.0 * hy, ey - 8.0 * hy + 4.0 * hx)),
                    px((ex - 8.0 * hx + 4.0 * hy, ey - 8.0 * hy - 4.0 * hx)),
                ];
                root.draw(&Polygon::new(head, colour.filled())).map_err(err)?;
            }
        }
        for k in 0..=upto {
            let fill = if red(k) { RED } else { BLUE };
            root.draw(&Circle::new(px(pos(k)), 15, fill.filled())).map_err(err)?;
            root.draw(&Text::new(k.to_string(), px(pos(k)), text_style(13, WHITE))).map_err(err)?;
        }
        Ok(())
    })
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
    /// Stroke colour: `#rrggbb` or one of `red`, `blue`, `green`, `black`,
    /// `gray`/`grey` (anything else draws black).
    pub colour: String,
    /// Points `(x, y)`, in order of `x`.
    pub points: Vec<(f64, f64)>,
}

fn parse_colour(text: &str) -> RGBColor {
    let hex = |i: usize| u8::from_str_radix(text.get(i..i + 2).unwrap_or("00"), 16).unwrap_or(0);
    match text {
        "red" => RED,
        "blue" => BLUE,
        "green" => RGBColor(0x2c, 0xa0, 0x2c),
        "gray" | "grey" => GREY,
        t if t.len() == 7 && t.starts_with('#') => RGBColor(hex(1), hex(3), hex(5)),
        _ => BLACK,
    }
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
    let xs = series.iter().flat_map(|s| s.points.iter().map(|p| p.0));
    let (mut x0, mut x1) = (f64::INFINITY, f64::NEG_INFINITY);
    for x in xs.filter(|&x| x > 0.0) {
        x0 = x0.min(x);
        x1 = x1.max(x);
    }
    if !x0.is_finite() {
        (x0, x1) = (1.0, 10.0);
    }
    let lo = 10f64.powf(x0.log10().floor());
    let hi = 10f64.powf(x1.log10().ceil().max(x0.log10().floor() + 1.0));
    svg(640, 400, |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, ("sans-serif", 14))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(55)
            .build_cartesian_2d((lo..hi).log_scale(), y_range.0..y_range.1)
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc(x_label)
            .y_desc(y_label)
            .light_line_style(WHITE.mix(0.0))
            .draw()
            .map_err(err)?;
        for s in series {
            let colour = parse_colour(&s.colour);
            let points = s.points.iter().map(|&(x, y)| (x.max(lo), y));
            chart
                .draw_series(LineSeries::new(points, colour.stroke_width(2)))
                .map_err(err)?
                .label(s.name.as_str())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], colour.stroke_width(2))
                });
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK.mix(0.3))
            .position(SeriesLabelPosition::LowerRight)
            .draw()
            .map_err(err)?;
        Ok(())
    })
}

//! The pictures contain what they claim: one edge per move in the right
//! colour, one node per number, one arrow per non-overshooting move.

use spielbaum_nim_variant::{
    Course, Oracle, Series, Subtractions, course_dot, course_svg, game_graph_dot, game_graph_svg,
    line_chart_svg, sweep,
};

fn fig5() -> Course {
    Course {
        rules: Subtractions::CLASSIC,
        numbers: vec![50, 47, 42, 39, 34, 31, 26, 21, 18, 15, 12, 7, 2, -1],
    }
}

#[test]
fn course_svg_and_dot() {
    let oracle = Oracle::new(&Subtractions::CLASSIC).unwrap();
    let c = fig5();
    let svg = course_svg(&c, &oracle);
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    // One yellow node per number, one edge per move.
    assert_eq!(svg.matches(r##"fill="#FFFF00""##).count(), 14);
    assert_eq!(svg.matches("<polyline").count(), 13);
    // By the text's mod-8 rule: A errs at 15 (-> 12), B errs at 12 (-> 7).
    assert_eq!(svg.matches(r##"stroke="#1F77B4" stroke-width="3""##).count(), 2);
    assert!(svg.contains(">\n50\n</text>"), "the start number is written");
    let dot = course_dot(&c, &oracle);
    assert_eq!(dot.matches(" -- ").count(), 13);
    assert_eq!(dot.matches("color=blue").count(), 2);
    assert!(dot.contains("n9 -- n10 [color=blue"));
    assert!(dot.contains("n10 -- n11 [color=blue"));
}

#[test]
fn game_graph_up_to_22() {
    let c = sweep(&Subtractions::CLASSIC, 22).unwrap();
    let svg = game_graph_svg(&c, Some(8));
    assert_eq!(svg.matches("<circle").count(), 23);
    // Moves k -> k - d with k - d >= 0: d = 3: 20, d = 5: 18, d = 11: 12.
    assert_eq!(svg.matches("<polygon").count(), 50, "one arrowhead per move");
    assert_eq!(svg.matches("<polyline").count(), 50, "one curve per move");
    let dot = game_graph_dot(&c);
    assert_eq!(dot.matches(" -> ").count(), 50);
    assert_eq!(dot.matches("fillcolor=red").count(), 9);
}

#[test]
fn chart_escapes_text() {
    let s =
        Series { name: "a<b".into(), colour: "red".into(), points: vec![(1.0, 0.5), (10.0, 0.7)] };
    let svg = line_chart_svg("t & u", "x", "y", (0.0, 1.0), &[s]);
    assert!(svg.contains("a&lt;b") && svg.contains("t &amp; u"));
    // The series and its legend entry.
    assert_eq!(svg.matches(r##"stroke="#D62728" stroke-width="2""##).count(), 2);
}

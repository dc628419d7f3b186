//! `spielbaum golf` end to end: the JSON contracts, checked
//! against a breadth-first search written here, and bad input.

mod common;

use common::{json, rejects};

/// Minimal strokes from the tee (0) to every field 1..=707, each stroke one
/// club forward or backward, the ball staying on 1..=707.
fn strokes(clubs: &[i64]) -> Vec<Option<u32>> {
    let mut dist = vec![None; 708];
    dist[0] = Some(0);
    let mut queue = std::collections::VecDeque::from([0i64]);
    while let Some(p) = queue.pop_front() {
        let d = dist[p as usize].unwrap();
        for &c in clubs {
            for q in [p + c, p - c] {
                if (1..=707).contains(&q) && dist[q as usize].is_none() {
                    dist[q as usize] = Some(d + 1);
                    queue.push_back(q);
                }
            }
        }
    }
    dist
}

#[test]
fn strokes_json_matches_a_bfs() {
    for clubs in [[1, 50, 120, 300], [7, 100, 151, 349], [2, 4, 60, 300]] {
        let arg = clubs.map(|c| c.to_string()).join(",");
        let v = json(&["golf", "strokes", "--clubs", &arg, "--json"]);
        let got = v["strokes"].as_array().expect("strokes array");
        assert_eq!(got.len(), 358);
        let want = strokes(&clubs);
        for (n, s) in got.iter().enumerate() {
            let want = want[n + 1].map(serde_json::Value::from).unwrap_or(serde_json::Value::Null);
            assert_eq!(*s, want, "clubs {arg}, hole {}", n + 1);
        }
    }
}

#[test]
fn expect_and_best_change_json_contract() {
    // One hole of fixed length: the expectation is its stroke count.
    let v = json(&["golf", "expect", "--clubs", "1,50,120,300", "--tournament", "205", "--json"]);
    let want = strokes(&[1, 50, 120, 300])[205].unwrap();
    assert_eq!(v["expected"], format!("{want}/1"));
    assert_eq!(v["expected_f64"], f64::from(want));

    let v = json(&[
        "golf",
        "best-change",
        "--clubs",
        "1,50,120,300",
        "--tournament",
        "100+1W3,120+1W4,150+1W6,200+2W2,250+2W3,300+2W4",
        "--json",
    ]);
    // All 1 + 4·349 single changes are evaluated (the text's 1397).
    assert_eq!(v["evaluated"], 1397);
    assert_eq!(v["clubs"].as_array().unwrap().len(), 4);
    assert!(v["abandoned"].as_u64().unwrap() < 1397);
    assert!(v["expected"].as_str().unwrap().contains('/'));
}

#[test]
fn bad_clubs_and_tournaments_exit_2() {
    rejects(&["golf", "strokes", "--clubs", "1,50,50,300"], "50");
    rejects(&["golf", "strokes", "--clubs", "0,50,120,300"], "0");
    rejects(&["golf", "strokes", "--clubs", "1,50,120,351"], "351");
    rejects(&["golf", "strokes", "--clubs", "1,50,120"], "1,50,120");
    rejects(&["golf", "expect", "--clubs", "1,50,120,300", "--tournament", "100+1W3,12x"], "12x");
}

//! `spielbaum peg stats|solve`, end to end: the JSON contract of the issue
//! and clear errors for bad input.

mod common;

use common::{json, rejects};

#[test]
fn stats_json_contract() {
    let v = json(&["peg", "stats", "--down-to", "29", "--json"]);
    let levels = v["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 4);
    // 32 pegs: the start; 31: four jumps into the centre, one class.
    assert_eq!(
        levels[0],
        serde_json::json!({"pegs": 32, "positions": 1, "canonical": 1, "paths": "1"})
    );
    assert_eq!(
        levels[1],
        serde_json::json!({"pegs": 31, "positions": 4, "canonical": 1, "paths": "4"})
    );
    assert_eq!(levels[2]["positions"], 12);
    assert_eq!(v["total_positions"], 77);
    assert!(v["one_peg_paths"].as_object().unwrap().is_empty());
    // Without symmetry: the same positions and paths, canonical = positions.
    let n = json(&["peg", "stats", "--down-to", "29", "--json", "--no-symmetry"]);
    assert_eq!(n["total_positions"], 77);
    assert_eq!(n["total_canonical"], 77);
}

#[test]
fn stats_of_a_mask_file_reach_one_peg() {
    let dir = std::env::temp_dir().join(format!("spielbaum-peg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("square.txt");
    std::fs::write(&file, "# 4x4, b1 empty\n1011\n1111\n1111\n1111\n").unwrap();
    let v = json(&["peg", "stats", "--board", file.to_str().unwrap(), "--json"]);
    let one = v["one_peg_paths"].as_object().unwrap();
    assert!(!one.is_empty());
    assert!(one.values().all(|s| s.as_str().unwrap().parse::<u128>().is_ok()));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn solve_finds_the_central_game_and_explains_impossible_ones() {
    let v = json(&["peg", "solve", "--goal", "d4", "--json"]);
    assert_eq!(v["solved"], true);
    assert_eq!(v["moves"].as_array().unwrap().len(), 31);
    assert_eq!(v["end"], "..000../..000../0000000/0001000/0000000/..000../..000..");
    let f = json(&["peg", "solve", "--board", "french", "--goal", "d4", "--json"]);
    assert_eq!(f["solved"], false);
    assert!(f["reason"].as_str().unwrap().contains("position classes"));
}

#[test]
fn bad_input_names_the_bad_part() {
    rejects(&["peg", "stats", "--start", "a1"], "a1");
    rejects(&["peg", "stats", "--board", "hexagon"], "hexagon");
    rejects(&["peg", "stats", "--down-to", "0"], "--down-to");
    rejects(&["peg", "solve", "--goal", "z9"], "z9");
    rejects(&["peg", "solve", "--count-solvable"], "--goal");
}

/// `--checkpoint DIR`: a second run resumes from the first one's
/// checkpoint and prints the same figures; a checkpoint of another start
/// is refused with an error that names the file (exit code 1, a failure
/// of the run, not of the arguments).
#[test]
fn stats_checkpoint_resumes_and_refuses_another_run() {
    let dir = std::env::temp_dir().join(format!("spielbaum-peg-cli-cp-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let args = ["peg", "stats", "--down-to", "26", "--checkpoint", d, "--json"];
    let mut first = json(&args);
    assert!(dir.join("checkpoint.bin").exists());
    let mut second = json(&args);
    let mut plain = json(&["peg", "stats", "--down-to", "26", "--json"]);
    for v in [&mut first, &mut second, &mut plain] {
        v.as_object_mut().unwrap().remove("seconds");
    }
    assert_eq!(first, plain);
    assert_eq!(second, plain);
    let out = common::spielbaum(&["peg", "stats", "--start", "c1", "--checkpoint", d, "--json"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("checkpoint.bin") && err.contains("another board"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    // A damaged byte in the middle of the checkpoint: an error that names
    // the file (exit 1), never figures.
    let path = dir.join("checkpoint.bin");
    let mut bytes = std::fs::read(&path).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x10;
    std::fs::write(&path, &bytes).unwrap();
    let out = common::spielbaum(&args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("checkpoint.bin") && err.contains("damaged"), "{err}");
    assert!(out.stdout.is_empty() && !err.contains("panicked"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

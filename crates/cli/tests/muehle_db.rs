//! `spielbaum muehle db`: bad input is exit 2 naming the bad part; a
//! missing or damaged table is exit 1 naming the file.

mod common;

use common::{rejects, spielbaum};

/// White to move with two stones: lost, a position of the end table.
const LOST: &str = "WW./.../.../BBB.../.../.../... w 0 0 0";

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("spielbaum-cli-mdb-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn bad_input_is_a_usage_error_naming_it() {
    rejects(&["muehle", "db", "build", "--max-stones", "10"], "--max-stones 10");
    rejects(&["muehle", "db", "build", "--max-stones", "2"], "--max-stones 2");
    rejects(&["muehle", "db", "probe", "W.W/.../.. b 0 0 0"], "W.W/.../..");
    rejects(&["muehle", "db", "probe", "d6", "z9"], "z9");
    rejects(&["muehle", "db", "probe", "d6", "d2"], "stones in hand");
}

#[test]
fn missing_and_damaged_tables_fail_naming_the_file() {
    let dir = temp_dir("files");
    let d = dir.to_str().unwrap();
    // Nothing built: the end table is missing.
    let out = spielbaum(&["muehle", "db", "probe", LOST, "--dir", d]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("nine-end.spv"), "{err}");
    // A damaged end table.
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("nine-end.spv"), b"SPPERF01 but nothing else").unwrap();
    let out = spielbaum(&["muehle", "db", "probe", LOST, "--dir", d]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("nine-end.spv") && !err.contains("panicked"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

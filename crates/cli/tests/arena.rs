//! `spielbaum match` and `spielbaum replay` end to end: the JSON contract,
//! stored games, openings files, reproducibility, faults and progress.

mod common;

use common::{json, nim_match, rejects, spielbaum, strs};

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("spielbaum-arena-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// The `moves` of every game a `match --save` wrote to `path`.
fn saved_moves(path: &std::path::Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["moves"].clone())
        .collect()
}

#[test]
fn match_json_contract() {
    let v = json(&[
        "match",
        "tictactoe",
        "--a",
        "negamax:depth=max",
        "--b",
        "random",
        "--games",
        "10",
        "--json",
    ]);
    assert_eq!(v["games"], 10);
    let a = &v["a"];
    let total =
        a["wins"].as_u64().unwrap() + a["draws"].as_u64().unwrap() + a["losses"].as_u64().unwrap();
    assert_eq!(total, 10);
    assert_eq!(a["losses"], 0, "the solver never loses at Tic-tac-toe");
    for k in ["elo", "elo_low", "elo_high", "los"] {
        assert!(v.get(k).is_some(), "{k} missing: {v}");
    }
    assert!(v["sprt"].is_null());
    let v = json(&strs(&nim_match(
        "random",
        20,
        &["--sprt", "0,50,0.05,0.05", "--random-plies", "2", "--json"],
    )));
    let s = &v["sprt"];
    for k in ["llr", "lower", "upper", "result"] {
        assert!(s.get(k).is_some(), "sprt.{k} missing: {v}");
    }
    assert!((s["upper"].as_f64().unwrap() - (0.95f64 / 0.05).ln()).abs() < 1e-9);
}

#[test]
fn saved_games_replay_and_reproduce() {
    let (one, two) = (temp("one.jsonl"), temp("two.jsonl"));
    for (path, j) in [(&one, "1"), (&two, "2")] {
        let out = spielbaum(&[
            "match",
            "tictactoe",
            "--a",
            "negamax:depth=2",
            "--b",
            "random",
            "--games",
            "8",
            "--random-plies",
            "2",
            "--seed",
            "9",
            "--concurrency",
            j,
            "--save",
            path.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("Elo A - B") && text.contains("LOS"), "{text}");
    }
    let mut a: Vec<String> =
        std::fs::read_to_string(&one).unwrap().lines().map(String::from).collect();
    let mut b: Vec<String> =
        std::fs::read_to_string(&two).unwrap().lines().map(String::from).collect();
    a.sort();
    b.sort();
    assert_eq!(a.len(), 8);
    assert_eq!(a, b, "same seed, same games, whatever the concurrency");
    let game3: serde_json::Value = a
        .iter()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["game"] == 3)
        .unwrap();
    assert_eq!(game3["opening"].as_array().unwrap().len(), 2);
    let out = spielbaum(&["replay", "tictactoe", one.to_str().unwrap(), "--game", "3"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("game 3: "), "{text}");
    let first = game3["opening"][0].as_str().unwrap();
    assert!(text.contains(&format!("1. {first} (opening)")), "{text}");
    assert!(text.contains(&format!("result {}", game3["result"].as_str().unwrap())), "{text}");
    rejects(&["replay", "tictactoe", one.to_str().unwrap(), "--game", "99"], "99");
    let bad = temp("bad.jsonl");
    std::fs::write(&bad, format!("{}\n{{\"game\": 1}}\n", a[0])).unwrap();
    rejects(&["replay", "tictactoe", bad.to_str().unwrap()], "line 2");
}

#[test]
fn openings_file() {
    let path = temp("openings.txt");
    std::fs::write(&path, "# two openings\nb2\na1 b2  # x in a corner, o in the centre\n").unwrap();
    let save = temp("openings.jsonl");
    let out = spielbaum(&[
        "match",
        "tictactoe",
        "--a",
        "oneply",
        "--b",
        "random",
        "--games",
        "4",
        "--openings",
        path.to_str().unwrap(),
        "--save",
        save.to_str().unwrap(),
        "--json",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let openings: Vec<String> = std::fs::read_to_string(&save)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["opening"].to_string())
        .collect();
    assert_eq!(openings.iter().filter(|o| *o == "[\"b2\"]").count(), 2);
    assert_eq!(openings.iter().filter(|o| *o == "[\"a1\",\"b2\"]").count(), 2);
    std::fs::write(&path, "b2 b2\n").unwrap();
    rejects(
        &[
            "match",
            "tictactoe",
            "--a",
            "random",
            "--b",
            "random",
            "--openings",
            path.to_str().unwrap(),
        ],
        "b2 b2",
    );
    rejects(
        &[
            "match",
            "tictactoe",
            "--a",
            "random",
            "--b",
            "random",
            "--openings",
            "x",
            "--random-plies",
            "2",
        ],
        "--random-plies",
    );
}

/// Gomoku's own `engine` agent: it searches the cells near the stones while
/// every empty cell stays legal (rules radius 0), beats random play, and
/// bad keys are usage errors naming the key.
#[test]
fn gomoku_engine_agent() {
    let v = json(&[
        "match",
        "gomoku",
        "--size",
        "9",
        "--a",
        "engine:depth=2,checks=off",
        "--b",
        "random",
        "--games",
        "4",
        "--seed",
        "3",
        "--json",
    ]);
    assert_eq!(v["a"]["wins"], 4, "{v}");
    rejects(&["match", "gomoku", "--a", "engine:radius=9", "--b", "random"], "radius=9");
    rejects(&["match", "gomoku", "--a", "engine:checks=maybe", "--b", "random"], "checks=maybe");
    rejects(&["match", "gomoku", "--a", "engine:quiescence=1", "--b", "random"], "quiescence=1");
}

/// The pattern evaluator's weights and a VCF at the horizon can be named in
/// a spec; the default weights written out play the same games as the
/// default, and bad values are usage errors naming them.
#[test]
fn gomoku_engine_weights_and_vcf() {
    let run = |name: &str, a: &str| {
        let path = temp(&format!("weights-{name}.jsonl"));
        let v = json(&[
            "match",
            "gomoku",
            "--size",
            "9",
            "--a",
            a,
            "--b",
            "engine:depth=1,checks=off,eval=open",
            "--games",
            "4",
            "--random-plies",
            "2",
            "--seed",
            "5",
            "--save",
            path.to_str().unwrap(),
            "--json",
        ]);
        (v["a"].clone(), saved_moves(&path))
    };
    let default = run("default", "engine:depth=1,checks=off,eval=pattern");
    let spelled =
        run("spelled", "engine:depth=1,checks=off,eval=pattern,weights=200/100/10/1/25,vcf=0");
    assert_eq!(default.1, spelled.1, "the default weights written out change the games");
    let other =
        run("other", "engine:depth=1,checks=off,eval=pattern3,weights=1000/200/20/2/50,vcf=40");
    assert_eq!(other.1.len(), 4);
    // The largest weights play (their sums stay in range).
    let big =
        run("big", "engine:depth=1,checks=off,eval=pattern3,weights=10000/10000/10000/10000/100");
    assert_eq!(big.1.len(), 4);
    for bad in [
        "weights=1/2/3",
        "weights=1/2/3/4/101",
        "weights=a/2/3/4/5",
        "weights=10001/2/3/4/5",
        "weights=1/2/3/2147483647/5",
        "weights=1/2/-3/4/5",
        "vcf=x",
    ] {
        rejects(&["match", "gomoku", "--a", &format!("engine:{bad}"), "--b", "random"], bad);
    }
    rejects(
        &["match", "gomoku", "--a", "engine:eval=rows,weights=1/2/3/4/5", "--b", "random"],
        "eval=rows",
    );
}

/// The generic `negamax` agent switches quiescence and symmetry on and
/// off; other values are usage errors naming them.
#[test]
fn negamax_switches() {
    let v = json(&[
        "match",
        "tictactoe",
        "--a",
        "negamax:depth=max,quiescence=on,symmetry=on",
        "--b",
        "random",
        "--games",
        "6",
        "--json",
    ]);
    assert_eq!(v["a"]["losses"], 0, "{v}");
    // Each switch reaches the search: the same match (deterministic: run
    // twice without the switch) plays other games with it. Quiescence on
    // Connect Four (its evaluator has noisy moves) at depth 2; symmetry on
    // Connect Four at depth 6 (the table's hints come from mirrored
    // positions, so equal moves are tried in another order).
    let games = |name: &str, game: &str, a: &str, b: &str| {
        let path = temp(&format!("switch-{name}.jsonl"));
        json(&[
            "match",
            game,
            "--a",
            a,
            "--b",
            b,
            "--games",
            "4",
            "--random-plies",
            "2",
            "--seed",
            "3",
            "--save",
            path.to_str().unwrap(),
            "--json",
        ]);
        saved_moves(&path)
    };
    for (game, base, b, switch) in [
        ("connect4", "negamax:depth=2", "negamax:depth=2", "quiescence"),
        ("connect4", "negamax:depth=6", "negamax:depth=3", "symmetry"),
    ] {
        let off = games(&format!("{switch}-off"), game, &format!("{base},{switch}=off"), b);
        assert_eq!(off.len(), 4);
        let again = games(&format!("{switch}-off2"), game, base, b);
        assert_eq!(off, again, "{switch}: not reproducible");
        let on = games(&format!("{switch}-on"), game, &format!("{base},{switch}=on"), b);
        assert_ne!(off, on, "{switch}=on plays the same games as off");
    }
    for bad in ["quiescence=yes", "symmetry=1"] {
        rejects(&["match", "tictactoe", "--a", &format!("negamax:{bad}"), "--b", "random"], bad);
    }
}

/// Mühle's engine switches staged move picking; the switch reaches the
/// search: the same fixed-depth match (deterministic: run twice with
/// staging off) plays other games with it on, where the move order, and
/// with it the history counters and reductions, differs.
#[test]
fn muehle_staged_switch() {
    let games = |name: &str, a: &str| {
        let path = temp(&format!("muehle-{name}.jsonl"));
        json(&[
            "match",
            "muehle",
            "--a",
            a,
            "--b",
            "engine:depth=3",
            "--games",
            "4",
            "--random-plies",
            "4",
            "--seed",
            "1",
            "--max-plies",
            "80",
            "--save",
            path.to_str().unwrap(),
            "--json",
        ]);
        saved_moves(&path)
    };
    let off = games("staged-off", "engine:depth=5,staged=off");
    assert_eq!(off.len(), 4);
    assert_eq!(off, games("staged-off2", "engine:depth=5,staged=off"), "not reproducible");
    let on = games("staged-on", "engine:depth=5,staged=on");
    assert_ne!(off, on, "staged=on plays the same games as off");
    assert_eq!(on, games("staged-default", "engine:depth=5"), "staging is the default");
    rejects(&["match", "muehle", "--a", "engine:staged=1", "--b", "random"], "staged=1");
}

/// A match is a whole number of pairs: an odd `--games` would play the last
/// opening with one colour only, so it is a usage error naming the option.
#[test]
fn match_games_must_be_even() {
    for n in ["1", "3", "101"] {
        rejects(&["match", "tictactoe", "--a", "random", "--b", "random", "--games", n], "--games");
    }
    let v =
        json(&["match", "tictactoe", "--a", "random", "--b", "random", "--games", "2", "--json"]);
    assert_eq!(v["games"], 2, "{v}");
}

/// With stderr not a terminal (here a pipe), a match prints plain progress
/// lines there once it has run a second; stdout keeps only the result, and
/// `--quiet` keeps stderr empty.
#[test]
fn match_progress_lines_when_stderr_is_not_a_terminal() {
    // Agent A thinks 500 ms a move, so the match runs past a second.
    let args = |quiet: bool| {
        let mut v = vec![
            "match",
            "tictactoe",
            "--a",
            "mcts:time=500ms",
            "--b",
            "random",
            "--games",
            "2",
            "--json",
        ];
        if quiet {
            v.push("--quiet");
        }
        spielbaum(&v)
    };
    let out = args(false);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("only JSON on stdout");
    assert_eq!(v["games"], 2);
    assert!(err.lines().any(|l| l.contains("/2 games  A +")), "{err:?}");
    let out = args(true);
    assert!(out.status.success());
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// A move over its agent's `time=` plus `--time-margin-ms` loses that
/// game, and the match reports it everywhere (stderr, the text summary,
/// the JSON's `incidents`, the stored game's `termination`) and goes on:
/// every game is counted. A time of one nanosecond is over at once, so the
/// forfeits do not depend on the machine's speed; with a margin of seconds
/// the same agent keeps its time.
#[test]
fn time_forfeits_lose_the_game_and_are_reported() {
    let spec = "negamax:time=0.000001ms";
    let save = temp("forfeits.jsonl");
    let mut args = nim_match(spec, 6, &["--time-margin-ms", "0", "--concurrency", "2"]);
    args.extend(["--save".into(), save.to_str().unwrap().into(), "--json".into()]);
    let out = spielbaum(&strs(&args));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["games"], 6, "{v}");
    assert_eq!((v["a"]["wins"].clone(), v["a"]["losses"].clone()), (0.into(), 6.into()), "{v}");
    let incidents = v["incidents"].as_array().unwrap();
    assert_eq!(incidents.len(), 6, "{v}");
    let forfeit = format!(" ms for a move of 0.000001 ms + 0 ms margin) by {spec}");
    for (i, inc) in incidents.iter().enumerate() {
        assert_eq!(inc["game"], i, "{v}");
        let t = inc["termination"].as_str().unwrap();
        assert!(t.starts_with("time forfeit (") && t.ends_with(&forfeit), "{t}");
        assert!(err.contains(&format!("game {i}: {t}")), "stderr: {err}");
    }
    let stored: Vec<serde_json::Value> = std::fs::read_to_string(&save)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(stored.len(), 6);
    for g in &stored {
        assert!(g["termination"].as_str().unwrap().starts_with("time forfeit"), "{g}");
        // The forfeiting side loses: A's result is -1 whichever colour.
        let a_first = g["a_first"].as_bool().unwrap();
        assert_eq!(g["result"], if a_first { "0-1" } else { "1-0" }, "{g}");
    }
    // The text summary lists them too.
    let text = spielbaum(&strs(&nim_match(spec, 2, &["--time-margin-ms", "0"])));
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("lost 2") && text.contains("game 1: time forfeit ("), "{text}");
    // Within a margin of seconds: no forfeit.
    let v = json(&strs(&nim_match(spec, 6, &["--time-margin-ms", "5000", "--json"])));
    assert_eq!(v["games"], 6, "{v}");
    assert_eq!(v["incidents"].as_array().unwrap().len(), 0, "{v}");
}

/// On a terminal a match draws a progress bar on stderr with the running
/// score, Elo included, and prints its summary when done.
#[cfg(unix)]
#[test]
fn match_progress_bar_on_a_pseudo_terminal() {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_spielbaum"));
    // Agent A thinks 300 ms a move, so the bar is drawn between games.
    cmd.args(["match", "tictactoe", "--a", "mcts:time=300ms", "--b", "random", "--games", "2"]);
    let mut p = rexpect::session::spawn_command(cmd, Some(30_000)).expect("pty");
    p.exp_string("1/2 games  A +").unwrap();
    p.exp_string("Elo ").unwrap();
    p.exp_string("games 2: A won ").unwrap();
    p.exp_eof().unwrap();
}

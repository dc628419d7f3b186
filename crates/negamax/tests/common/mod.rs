//! Test helpers written independently of the engine: a reference NegaMax,
//! PV checks, and the configurations under test.
#![allow(dead_code)]

use spielbaum_game_trait::{Evaluator, Game, GameExt, Score, outcome_score};
use spielbaum_negamax::{Algorithm, Config};

/// The textbook NegaMax (recursive, every move, no window).
pub fn reference<G: Game, E: Evaluator<G>>(g: &G, e: &E, depth: u32, ply: u32) -> Score {
    if let Some(o) = g.outcome() {
        return outcome_score(o, g.to_move(), ply);
    }
    if depth == 0 {
        return e.evaluate(g);
    }
    let mut best = i32::MIN;
    for mv in g.legal_moves() {
        let s = reference(&g.after(mv), e, depth - 1, ply + 1);
        let s = if G::PLAYERS == 1 { s } else { -s };
        best = best.max(s);
    }
    best
}

/// Checks that `pv` is legal from `g`, reaches the depth (or the end of
/// the game), and that its leaf is worth `score` from the root's side.
pub fn check_pv<G: Game, E: Evaluator<G>>(
    g: &G,
    e: &E,
    pv: &[G::Move],
    depth: u32,
    score: Score,
) -> Result<(), String> {
    let mut pos = g.clone();
    for (i, &mv) in pv.iter().enumerate() {
        if !pos.is_legal(mv) {
            return Err(format!("pv move {i} ({mv:?}) is illegal"));
        }
        pos.play(mv);
    }
    let n = pv.len() as u32;
    let leaf = match pos.outcome() {
        Some(o) => outcome_score(o, pos.to_move(), n),
        None if n == depth => e.evaluate(&pos),
        None => {
            return Err(format!(
                "pv of {n} plies stops before depth {depth} in an unfinished game"
            ));
        }
    };
    let seen = if G::PLAYERS == 1 || n.is_multiple_of(2) { leaf } else { -leaf };
    if seen != score {
        return Err(format!("pv leaf worth {seen}, root score {score}"));
    }
    Ok(())
}

/// Every variant of the agreement test: (name, config).
/// `deeper`: whether table entries of greater depth may answer (only exact
/// in games where a position fixes its ply).
pub fn variants(deeper: bool, symmetry: bool) -> Vec<(String, Config)> {
    let mut v = Vec::new();
    for a in Algorithm::ALL {
        v.push((a.name().to_string(), Config::plain(a)));
    }
    let with_table =
        |a: Algorithm| Config { table_mib: 1, deeper_entries: deeper, ..Config::plain(a) };
    for a in [Algorithm::AlphaBeta, Algorithm::Ordered, Algorithm::Pvs, Algorithm::Iterative] {
        v.push((format!("{}+table", a.name()), with_table(a)));
    }
    v.push((
        "iterative+aspiration".into(),
        Config { aspiration: Some(20), ..Config::plain(Algorithm::Iterative) },
    ));
    v.push((
        "iterative+aspiration+killers+history".into(),
        Config {
            aspiration: Some(20),
            killers: true,
            history: true,
            ..Config::plain(Algorithm::Iterative)
        },
    ));
    // minimax-rs's iterative deepening: table move first and PVS only (no
    // static ordering, killers or history; the bench's like-for-like run).
    v.push((
        "iterative+table, no ordering".into(),
        Config { order_min_depth: i32::MAX, ..with_table(Algorithm::Iterative) },
    ));
    v.push((
        "iterative+table+etc, no ordering".into(),
        Config { order_min_depth: i32::MAX, etc: true, ..with_table(Algorithm::Iterative) },
    ));
    v.push(("pvs+table+etc".into(), Config { etc: true, ..with_table(Algorithm::Pvs) }));
    // Killers without any other ordering: moved forward in place (no sort
    // keys), recorded only where used.
    v.push((
        "iterative+table+killers, no ordering".into(),
        Config { order_min_depth: i32::MAX, killers: true, ..with_table(Algorithm::Iterative) },
    ));
    // The earlier default: static ordering from 2 plies left, killers,
    // history, no ETC, no adaptive switches.
    v.push((
        "ordered (earlier default)".into(),
        Config { table_mib: 1, deeper_entries: deeper, ..Config::ordered() },
    ));
    // Adaptive switching with the history heuristic (ordering code at every
    // depth) and with ordering from the last ply but one.
    v.push((
        "default+history, ordering from depth 2".into(),
        Config {
            table_mib: 1,
            deeper_entries: deeper,
            history: true,
            order_min_depth: 2,
            ..Config::default()
        },
    ));
    // The default: adaptive static ordering from 3 plies left and ETC,
    // killers.
    v.push((
        "default".into(),
        Config { table_mib: 1, deeper_entries: deeper, ..Config::default() },
    ));
    // The default's full ordering of big searches (history, static
    // ordering and ETC everywhere, no adaptive switches), forced whatever
    // the ordering (the test games order well, so the first-move cut test
    // alone would keep it off): on from the first iteration, and switched
    // on between iterations of a small search.
    for (name, from) in [("default, full ordering", 0), ("default, full ordering later", 64)] {
        v.push((
            name.into(),
            Config {
                table_mib: 1,
                deeper_entries: deeper,
                full_order_nodes: Some(from),
                full_order_always: true,
                ..Config::default()
            },
        ));
    }
    // As the default decides it: only where the ordering is poor.
    v.push((
        "default, full ordering where poor".into(),
        Config {
            table_mib: 1,
            deeper_entries: deeper,
            full_order_nodes: Some(0),
            ..Config::default()
        },
    ));
    v.push((
        "ordered+etc".into(),
        Config { table_mib: 1, deeper_entries: deeper, etc: true, ..Config::ordered() },
    ));
    if symmetry {
        v.push((
            "default+symmetry".into(),
            Config { table_mib: 1, deeper_entries: deeper, symmetry: true, ..Config::default() },
        ));
    }
    v
}

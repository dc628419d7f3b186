//! The perfect-index solver agrees with the hash-map retrograde solver on
//! every reachable position (value and plies) of Tic-tac-toe (two indices,
//! with and without symmetry), NIM and a synthetic game with subspaces;
//! unmoves are exactly the inverse of moves; stop, resume, damaged files
//! and dependency cycles.

mod common;

use std::path::PathBuf;

use common::synthetic::{Rules, Synth, SynthIndex};
use proptest::prelude::*;
use spielbaum_bfs_reach::perfect::binomial::{
    binomial, compress, expand, rank_subset, unrank_subset,
};
use spielbaum_bfs_reach::perfect::{Database, PerfectError, PerfectIndex, PerfectSolver};
use spielbaum_bfs_reach::retrograde::Retrograde;
use spielbaum_bfs_reach::{Control, Value};
use spielbaum_game_trait::{Game, GameExt, Notation, Player};
use spielbaum_small_games::{Nim, TicTacToe};

// ---------------------------------------------------------------- indices

/// Tic-tac-toe as one subspace of 3^9 indices (digit 1 = x, 2 = o);
/// boards that cannot arise are holes. With `symmetry`, positions rank to
/// their canonical image and non-canonical indices are holes.
struct TttBase3 {
    symmetry: bool,
}

fn base3(p: &TicTacToe) -> u64 {
    (0..9).rev().fold(0, |acc, s| {
        let d = if p.x_bits() >> s & 1 != 0 {
            1
        } else if p.o_bits() >> s & 1 != 0 {
            2
        } else {
            0
        };
        acc * 3 + d
    })
}

/// Every position one move before `p`: the last mover's stone removed,
/// provided the earlier board was not finished.
fn ttt_unmoves(p: &TicTacToe, out: &mut Vec<TicTacToe>) {
    let (x, o) = (p.x_bits(), p.o_bits());
    let last = if p.to_move() == Player::FIRST { o } else { x };
    let mut m = last;
    while m != 0 {
        let s = m & m.wrapping_neg();
        m &= m - 1;
        let (qx, qo) = if p.to_move() == Player::FIRST { (x, o & !s) } else { (x & !s, o) };
        if let Ok(q) = TicTacToe::from_bits(qx, qo)
            && q.outcome().is_none()
        {
            out.push(q);
        }
    }
}

impl PerfectIndex for TttBase3 {
    type Game = TicTacToe;
    type Space = ();

    fn size(&self, _: ()) -> u64 {
        3u64.pow(9)
    }

    fn rank(&self, p: &TicTacToe) -> Option<((), u64)> {
        Some(((), base3(&if self.symmetry { p.canonical() } else { *p })))
    }

    fn unrank(&self, _: (), mut i: u64) -> Option<TicTacToe> {
        let (mut x, mut o) = (0u16, 0u16);
        for s in 0..9 {
            match i % 3 {
                1 => x |= 1 << s,
                2 => o |= 1 << s,
                _ => {}
            }
            i /= 3;
        }
        let p = TicTacToe::from_bits(x, o).ok()?;
        (!self.symmetry || p.canonical() == p).then_some(p)
    }

    fn unmoves(&self, p: &TicTacToe, out: &mut Vec<TicTacToe>) {
        ttt_unmoves(p, out);
    }

    fn space_name(&self, _: ()) -> String {
        "ttt".into()
    }
}

/// Tic-tac-toe in ten subspaces by the number of stones, ranked by
/// binomial coefficients (occupied squares, then which of them are x):
/// every move leads to the next subspace, solved first.
struct TttStones;

fn ttt_counts(s: u8) -> (u32, u32) {
    (u32::from(s).div_ceil(2), u32::from(s) / 2)
}

impl PerfectIndex for TttStones {
    type Game = TicTacToe;
    type Space = u8;

    fn size(&self, s: u8) -> u64 {
        let (nx, _) = ttt_counts(s);
        binomial(9, u32::from(s)) * binomial(u32::from(s), nx)
    }

    fn rank(&self, p: &TicTacToe) -> Option<(u8, u64)> {
        let occ = u64::from(p.x_bits() | p.o_bits());
        let s = occ.count_ones() as u8;
        let (nx, _) = ttt_counts(s);
        let inner = rank_subset(compress(u64::from(p.x_bits()), occ));
        Some((s, rank_subset(occ) * binomial(u32::from(s), nx) + inner))
    }

    fn unrank(&self, s: u8, i: u64) -> Option<TicTacToe> {
        let (nx, _) = ttt_counts(s);
        let per = binomial(u32::from(s), nx);
        let occ = unrank_subset(u32::from(s), i / per);
        let x = expand(unrank_subset(nx, i % per), occ);
        TicTacToe::from_bits(x as u16, (occ & !x) as u16).ok()
    }

    fn unmoves(&self, _: &TicTacToe, _: &mut Vec<TicTacToe>) {
        // Every move adds a stone: no predecessor in the same subspace.
    }

    fn dependencies(&self, s: u8) -> Vec<u8> {
        if s < 9 { vec![s + 1] } else { Vec::new() }
    }

    fn space_name(&self, s: u8) -> String {
        format!("stones{s}")
    }
}

/// NIM with heaps up to `max`: one subspace, index = mixed radix of the
/// heaps, times 2, plus the side to move.
struct NimIndex {
    max: Vec<u32>,
}

impl PerfectIndex for NimIndex {
    type Game = Nim;
    type Space = ();

    fn size(&self, _: ()) -> u64 {
        2 * self.max.iter().map(|&m| u64::from(m) + 1).product::<u64>()
    }

    fn rank(&self, p: &Nim) -> Option<((), u64)> {
        if p.heaps().len() != self.max.len() || p.heaps().iter().zip(&self.max).any(|(h, m)| h > m)
        {
            return None;
        }
        let r = p
            .heaps()
            .iter()
            .zip(&self.max)
            .fold(0, |acc, (&h, &m)| acc * (u64::from(m) + 1) + u64::from(h));
        Some(((), 2 * r + p.to_move().index() as u64))
    }

    fn unrank(&self, _: (), i: u64) -> Option<Nim> {
        let mut r = i / 2;
        let mut heaps = vec![0u32; self.max.len()];
        for (h, &m) in heaps.iter_mut().zip(&self.max).rev() {
            *h = (r % (u64::from(m) + 1)) as u32;
            r /= u64::from(m) + 1;
        }
        let text: Vec<String> = heaps.iter().map(u32::to_string).collect();
        let nim = Nim::new(&heaps).ok()?;
        nim.parse_position(&format!("heaps={} turn={}", text.join(","), 1 + i % 2)).ok()
    }

    fn unmoves(&self, p: &Nim, out: &mut Vec<Nim>) {
        // The other player took t ≥ 1 from one heap.
        let mover = if p.to_move() == Player::FIRST { 2 } else { 1 };
        for (k, &m) in self.max.iter().enumerate() {
            for t in 1..=m.saturating_sub(p.heaps()[k]) {
                let mut heaps = p.heaps().to_vec();
                heaps[k] += t;
                let text: Vec<String> = heaps.iter().map(u32::to_string).collect();
                out.push(
                    p.parse_position(&format!("heaps={} turn={mover}", text.join(",")))
                        .expect("valid"),
                );
            }
        }
    }

    fn space_name(&self, _: ()) -> String {
        "nim".into()
    }
}

/// NIM ranked by the heaps alone: a position with the second player to
/// move ranks to the same heaps with the first player to move, which has
/// the same value for its side to move. This is the colour swap of the
/// index contract (Nine Men's Morris ranks "black to move" as "white to
/// move" with colours swapped), and it halves the table.
struct NimSwapIndex {
    max: Vec<u32>,
}

impl PerfectIndex for NimSwapIndex {
    type Game = Nim;
    type Space = ();

    fn size(&self, _: ()) -> u64 {
        self.max.iter().map(|&m| u64::from(m) + 1).product()
    }

    fn rank(&self, p: &Nim) -> Option<((), u64)> {
        let both = NimIndex { max: self.max.clone() }.rank(p)?;
        Some(((), both.1 / 2))
    }

    fn unrank(&self, _: (), i: u64) -> Option<Nim> {
        NimIndex { max: self.max.clone() }.unrank((), 2 * i)
    }

    fn unmoves(&self, p: &Nim, out: &mut Vec<Nim>) {
        NimIndex { max: self.max.clone() }.unmoves(p, out);
    }

    fn space_name(&self, _: ()) -> String {
        "nim-swap".into()
    }
}

// ---------------------------------------------------------------- checks

/// Unmoves are exactly the inverse of moves at index `i` of `space`:
/// every same-subspace successor `c` of `p` lists `p` among its unmoves,
/// and every unmove `q` of `p` has a move to exactly `p`.
fn check_unmoves<I: PerfectIndex>(index: &I, space: I::Space, i: u64) {
    let Some(p) = index.unrank(space, i) else { return };
    assert_eq!(index.rank(&p), Some((space, i)), "rank(unrank({i}))");
    let mut preds = Vec::new();
    for mv in p.legal_moves() {
        let c = p.after(mv);
        if index.rank(&c).map(|r| r.0) != Some(space) {
            continue;
        }
        preds.clear();
        index.unmoves(&c, &mut preds);
        assert!(
            preds.iter().any(|q| q.key() == p.key()),
            "index {i}: missing from the unmoves of its successor"
        );
    }
    preds.clear();
    index.unmoves(&p, &mut preds);
    for q in &preds {
        assert_eq!(index.rank(q).map(|r| r.0), Some(space), "unmove leaves the subspace");
        assert!(
            q.legal_moves().into_iter().any(|mv| q.after(mv).key() == p.key()),
            "index {i}: an unmove has no move back to it"
        );
    }
}

/// Every position the hash-map solver reaches from `start` has the same
/// value and plies in the perfect-index database; returns how many.
fn agree<I: PerfectIndex>(db: &Database<'_, I>, start: &I::Game, symmetry: bool) -> usize {
    let table = Retrograde::new().symmetry(symmetry).solve(start).expect("small");
    for (pos, v) in table.iter() {
        assert_eq!(db.probe(pos).expect("probe"), Some(v), "position key {:#x}", pos.key());
    }
    table.len()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("spielbaum-perfect-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn synth_rules() -> &'static Rules {
    Rules::new(&[1009, 2003, 3001])
}

fn synth_start(rules: &'static Rules) -> Synth {
    Synth { stage: 2, x: 1, mover: Player::FIRST, rules }
}

// ---------------------------------------------------------------- tests

#[test]
fn tic_tac_toe_base3_agrees_with_the_hash_map_solver() {
    for symmetry in [false, true] {
        let index = TttBase3 { symmetry };
        let db = PerfectSolver::new(&index).solve(&[()]).expect("solve");
        let n = agree(&db, &TicTacToe::new(), symmetry);
        assert_eq!(n, if symmetry { 765 } else { 5478 });
        assert_eq!(db.probe(&TicTacToe::new()).unwrap(), Some(Value::Draw));
    }
}

#[test]
fn best_moves_keep_the_value_and_play_out_to_it() {
    let index = TttBase3 { symmetry: true };
    let db = PerfectSolver::new(&index).solve(&[()]).unwrap();
    let table = Retrograde::new().solve(&TicTacToe::new()).unwrap();
    for (pos, v) in table.iter() {
        // Both sides play the database's best move: the game ends with the
        // value's result after exactly its plies (draws: a drawn end).
        let mut p = *pos;
        let mut plies = 0;
        while let Some(mv) = db.best_move(&p).unwrap() {
            p.play(mv);
            plies += 1;
        }
        assert!(p.outcome().is_some(), "best_move stopped before the end");
        let end = spielbaum_bfs_reach::retrograde::outcome_value(&p, p.outcome().unwrap());
        let from_start = if plies % 2 == 0 { end } else { end.flip() };
        match v {
            Value::Win(n) | Value::Loss(n) => {
                assert_eq!(plies, n, "{pos}");
                assert_eq!(
                    core::mem::discriminant(&from_start),
                    core::mem::discriminant(&v),
                    "{pos}"
                );
            }
            Value::Draw => assert_eq!(end, Value::Draw, "{pos}"),
        }
    }
}

#[test]
fn tic_tac_toe_by_stone_counts_agrees_and_solves_dependencies_first() {
    let mut sizes = Vec::new();
    let db = PerfectSolver::new(&TttStones)
        .progress(|p| {
            if p.phase == "init" && p.done == p.total.unwrap_or(0) {
                sizes.push(p.done);
            }
            Control::Continue
        })
        .solve(&[0])
        .expect("solve");
    // Nine stones first, the empty board last; each subspace holds the
    // boards with ceil(s/2) x and floor(s/2) o: 9! / (x! o! (9 - s)!).
    let fact = |n: u64| (1..=n).product::<u64>();
    let expected: Vec<u64> = (0..=9u64)
        .rev()
        .map(|s| fact(9) / (fact(s.div_ceil(2)) * fact(s / 2) * fact(9 - s)))
        .collect();
    assert_eq!(sizes, expected);
    assert_eq!(agree(&db, &TicTacToe::new(), false), 5478);
}

#[test]
fn nim_agrees_with_the_hash_map_solver() {
    let index = NimIndex { max: vec![3, 4, 5] };
    let db = PerfectSolver::new(&index).solve(&[()]).expect("solve");
    let n = agree(&db, &Nim::new(&[3, 4, 5]).unwrap(), false);
    assert!(n > 200);
    for i in 0..index.size(()) {
        check_unmoves(&index, (), i);
    }
}

#[test]
fn nim_with_swapped_sides_agrees_with_the_hash_map_solver() {
    let index = NimSwapIndex { max: vec![3, 4, 5] };
    let db = PerfectSolver::new(&index).solve(&[()]).expect("solve");
    assert_eq!(db.table(()).unwrap().len(), 120);
    // Both sides to move of every reachable position, from one table.
    let n = agree(&db, &Nim::new(&[3, 4, 5]).unwrap(), false);
    assert!(n > 200);
    for i in 0..index.size(()) {
        check_unmoves(&index, (), i);
    }
}

#[test]
fn synthetic_game_agrees_with_the_hash_map_solver() {
    let rules = synth_rules();
    let index = SynthIndex(rules);
    let db = PerfectSolver::new(&index).solve(&[2]).expect("solve");
    let n = agree(&db, &synth_start(rules), false);
    assert!(n > 300, "{n} reachable positions");
    // The values are not trivial: all three kinds occur in every stage.
    for s in 0..3 {
        let c = db.table(s).unwrap().counts();
        assert!(c[0] > 0 && c[1] > 0 && c[2] > 0, "stage {s}: {c:?}");
    }
}

#[test]
fn small_chunks_on_several_threads_agree_with_the_hash_map_solver() {
    // Chunks of 32 or 64 indices spread every subspace over hundreds of work
    // items, so threads update neighbouring words and the same
    // predecessors concurrently.
    let rules = Rules::new(&[1009, 20_011, 30_011]);
    let synth = SynthIndex(rules);
    for threads in [2, 4, 7] {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| {
            let db = PerfectSolver::new(&synth).chunk_size(64).solve(&[2]).unwrap();
            assert!(agree(&db, &synth_start(rules), false) > 50_000);
            for symmetry in [false, true] {
                let ttt = TttBase3 { symmetry };
                let db = PerfectSolver::new(&ttt).chunk_size(32).solve(&[()]).unwrap();
                agree(&db, &TicTacToe::new(), symmetry);
            }
        });
    }
}

#[test]
fn unmoves_invert_moves_exhaustively_on_tic_tac_toe() {
    for index in [TttBase3 { symmetry: false }, TttBase3 { symmetry: true }] {
        for i in 0..index.size(()) {
            check_unmoves(&index, (), i);
        }
    }
    for s in 0..=9u8 {
        for i in 0..TttStones.size(s) {
            check_unmoves(&TttStones, s, i);
        }
    }
}

proptest! {
    #[test]
    fn unmoves_invert_moves_on_the_synthetic_game(stage in 0u8..3, i in 0u64..1 << 40) {
        let index = SynthIndex(synth_rules_cached());
        check_unmoves(&index, stage, i % index.size(stage));
    }
}

fn synth_rules_cached() -> &'static Rules {
    static RULES: std::sync::OnceLock<&'static Rules> = std::sync::OnceLock::new();
    RULES.get_or_init(|| Rules::new(&[101, 211, 1_000_003]))
}

#[test]
fn without_distances_the_values_stay() {
    let rules = synth_rules();
    let index = SynthIndex(rules);
    let with = PerfectSolver::new(&index).solve(&[2]).unwrap();
    let without = PerfectSolver::new(&index).distances(false).solve(&[2]).unwrap();
    for s in 0..3 {
        let (a, b) = (with.table(s).unwrap(), without.table(s).unwrap());
        assert!(!b.has_distances());
        for i in 0..a.len() {
            let strip = |v: Option<Value>| v.map(|v| core::mem::discriminant(&v));
            assert_eq!(strip(a.value(i)), strip(b.value(i)));
        }
    }
}

#[test]
fn stop_then_resume_skips_finished_subspaces() {
    let rules = synth_rules();
    let index = SynthIndex(rules);
    let dir = temp_dir("resume");
    // Stop once two subspaces are finished.
    let stopped = PerfectSolver::new(&index)
        .dir(&dir)
        .progress(
            |p| if p.phase == "space" && p.done == 2 { Control::Stop } else { Control::Continue },
        )
        .solve(&[2]);
    assert!(matches!(stopped, Err(PerfectError::Stopped)));
    assert!(dir.join("stage0.spv").is_file() && dir.join("stage1.spv").is_file());
    assert!(!dir.join("stage2.spv").exists());
    // Resume: only stage 2 is computed.
    let mut inits = 0;
    let db = PerfectSolver::new(&index)
        .dir(&dir)
        .progress(|p| {
            if p.phase == "init" && p.done == p.total.unwrap_or(0) {
                inits += 1;
            }
            Control::Continue
        })
        .solve(&[2])
        .unwrap();
    assert_eq!(inits, 1);
    // Solved to disk: nothing kept in memory; probes read tables on use.
    assert_eq!(db.loaded(), 0);
    agree(&db, &synth_start(rules), false);
    assert_eq!(db.loaded(), 3);
    // A fresh database reads everything from disk.
    let reopened = Database::open(&index, &dir);
    agree(&reopened, &synth_start(rules), false);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn damaged_or_foreign_tables_are_errors_naming_the_file() {
    let rules = synth_rules();
    let index = SynthIndex(rules);
    let dir = temp_dir("damaged");
    PerfectSolver::new(&index).dir(&dir).solve(&[1]).unwrap();
    let path = dir.join("stage1.spv");
    let clean = std::fs::read(&path).unwrap();
    let probe = Synth { stage: 1, x: 5, mover: Player::FIRST, rules };
    for at in [3, 20, 44, 50, clean.len() / 2, clean.len() - 1] {
        let mut bytes = clean.clone();
        bytes[at] ^= 0x10;
        std::fs::write(&path, &bytes).unwrap();
        match Database::open(&index, &dir).probe(&probe) {
            Err(PerfectError::File { path: p, .. }) => assert_eq!(p, path),
            other => panic!("byte {at} changed: {other:?}"),
        }
    }
    // Truncated.
    std::fs::write(&path, &clean[..clean.len() - 3]).unwrap();
    assert!(matches!(Database::open(&index, &dir).probe(&probe), Err(PerfectError::File { .. })));
    // Another index's tables (other stage sizes, same names) are refused.
    std::fs::write(&path, &clean).unwrap();
    let other = SynthIndex(Rules::new(&[1009, 2003, 3001, 5003]));
    let err = Database::open(&other, &dir).probe(&probe).unwrap_err();
    assert!(
        err.to_string().contains("stage1.spv") && err.to_string().contains("fingerprint"),
        "{err}"
    );
    assert!(Database::open(&index, &dir).probe(&probe).unwrap().is_some());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn unmoves_that_leave_the_subspace_are_reported_not_trusted() {
    /// Stone-count subspaces whose unmoves wrongly list the predecessors
    /// (which have one stone less: another subspace).
    struct Broken;
    impl PerfectIndex for Broken {
        type Game = TicTacToe;
        type Space = u8;
        fn size(&self, s: u8) -> u64 {
            TttStones.size(s)
        }
        fn rank(&self, p: &TicTacToe) -> Option<(u8, u64)> {
            TttStones.rank(p)
        }
        fn unrank(&self, s: u8, i: u64) -> Option<TicTacToe> {
            TttStones.unrank(s, i)
        }
        fn unmoves(&self, p: &TicTacToe, out: &mut Vec<TicTacToe>) {
            ttt_unmoves(p, out);
        }
        fn dependencies(&self, s: u8) -> Vec<u8> {
            TttStones.dependencies(s)
        }
        fn space_name(&self, s: u8) -> String {
            TttStones.space_name(s)
        }
    }
    match PerfectSolver::new(&Broken).solve(&[0]) {
        Err(PerfectError::Index { space, reason }) => {
            assert!(reason.contains("leaves the subspace"), "{space}: {reason}");
        }
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("broken unmoves accepted"),
    }
}

/// Stone-count subspaces of Tic-tac-toe with extra dependencies: `extra(s)`
/// is added to the true ones.
struct ExtraDeps(fn(u8) -> Vec<u8>);

impl PerfectIndex for ExtraDeps {
    type Game = TicTacToe;
    type Space = u8;
    fn size(&self, s: u8) -> u64 {
        TttStones.size(s)
    }
    fn rank(&self, p: &TicTacToe) -> Option<(u8, u64)> {
        TttStones.rank(p)
    }
    fn unrank(&self, s: u8, i: u64) -> Option<TicTacToe> {
        TttStones.unrank(s, i)
    }
    fn unmoves(&self, p: &TicTacToe, out: &mut Vec<TicTacToe>) {
        TttStones.unmoves(p, out);
    }
    fn dependencies(&self, s: u8) -> Vec<u8> {
        let mut d = TttStones.dependencies(s);
        d.extend((self.0)(s));
        d
    }
    fn space_name(&self, s: u8) -> String {
        TttStones.space_name(s)
    }
}

#[test]
fn dependency_cycles_are_errors_and_shared_dependencies_are_not() {
    // 9 -> 0 closes a cycle through every subspace; 9 -> 9 is a loop;
    // 9 -> 5 a cycle that does not pass through the target 0.
    let cycles: [fn(u8) -> Vec<u8>; 3] = [
        |s| if s == 9 { vec![0] } else { vec![] },
        |s| if s == 9 { vec![9] } else { vec![] },
        |s| if s == 9 { vec![5] } else { vec![] },
    ];
    for (n, extra) in cycles.into_iter().enumerate() {
        match PerfectSolver::new(&ExtraDeps(extra)).solve(&[0]) {
            Err(PerfectError::Index { space, reason }) => {
                assert!(reason.contains("dependency cycle"), "case {n}: {space}: {reason}");
            }
            Err(e) => panic!("case {n}: {e}"),
            Ok(_) => panic!("case {n}: a dependency cycle was solved"),
        }
    }
    // s -> s + 2 as well: subspaces reached along two paths, no cycle.
    let shared = ExtraDeps(|s| if s < 8 { vec![s + 2] } else { vec![] });
    let db = PerfectSolver::new(&shared).solve(&[0]).expect("no cycle");
    assert_eq!(agree(&db, &TicTacToe::new(), false), 5478);
}

#[test]
fn an_unwritable_directory_is_an_error_not_a_panic() {
    let rules = synth_rules();
    let index = SynthIndex(rules);
    let file = temp_dir("not-a-dir");
    std::fs::write(&file, b"a file where the tables should go").unwrap();
    match PerfectSolver::new(&index).dir(&file).solve(&[0]) {
        Err(PerfectError::File { path, .. }) => {
            assert!(path.starts_with(&file), "{}", path.display())
        }
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("wrote into a file"),
    }
    std::fs::remove_file(&file).unwrap();
}

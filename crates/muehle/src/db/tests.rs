//! The index's contract on random positions: rank and unrank agree,
//! symmetric images share an index, unmoves are exactly the inverse of the
//! non-capturing moves.

use spielbaum_bfs_reach::perfect::PerfectIndex;
use spielbaum_game_trait::{Game, MoveList, Player, SplitMix64};

use super::*;

/// A random position with `m` stones for the mover and `o` for the other
/// side, `side` to move.
fn random(rng: &mut SplitMix64, m: u32, o: u32, side: Player) -> Position {
    let mut masks = [0u32; 2];
    for (k, n) in [(0, m), (1, o)] {
        while masks[k].count_ones() < n {
            let p = rng.below(24);
            if (masks[0] | masks[1]) >> p & 1 == 0 {
                masks[k] |= 1 << p;
            }
        }
    }
    let (w, b) = if side == Player::FIRST { (masks[0], masks[1]) } else { (masks[1], masks[0]) };
    Position::from_parts(index().rules(), w, b, side, [0, 0], 0).expect("legal")
}

#[test]
fn sizes_are_the_binomial_products() {
    let idx = index();
    assert_eq!(idx.size((3, 3)), 2024 * 1330);
    assert_eq!(idx.size((4, 3)), 10626 * 1140 + 2024 * 5985);
    assert_eq!(idx.size((4, 4)), 10626 * 4845);
    assert_eq!(EndgameIndex::spaces_up_to(4), vec![(3, 3), (4, 3), (4, 4)]);
    assert_eq!(idx.dependencies((4, 3)), vec![END, (3, 3)]);
    assert_eq!(idx.dependencies((5, 4)), vec![(4, 4), (5, 3)]);
}

#[test]
fn rank_unrank_and_symmetry_agree() {
    let idx = index();
    let mut rng = SplitMix64::new(7);
    for _ in 0..3000 {
        let (m, o) = (3 + rng.below(4) as u32, 3 + rng.below(4) as u32);
        let side = if rng.below(2) == 0 { Player::FIRST } else { Player::SECOND };
        let p = random(&mut rng, m, o, side);
        let (s, i) = idx.rank(&p).expect("covered");
        assert_eq!(s, EndgameIndex::space_of(m as u8, o as u8));
        assert!(i < idx.size(s));
        let rep = idx.unrank(s, i).expect("a canonical slot");
        assert_eq!(idx.rank(&rep), Some((s, i)));
        assert_eq!(rep.stones(Player::FIRST).count_ones(), m, "the mover plays white");
        for k in 0..16 {
            assert_eq!(idx.rank(&p.symmetric(k)), Some((s, i)), "symmetry {k}");
        }
    }
}

#[test]
fn holes_are_the_non_canonical_slots() {
    let idx = index();
    let n = idx.size((3, 3));
    let mut filled = 0u64;
    for i in (0..n).step_by(97) {
        if let Some(p) = idx.unrank((3, 3), i) {
            assert_eq!(idx.rank(&p), Some(((3, 3), i)));
            filled += 1;
        }
    }
    // About one slot in 16 holds a class (symmetric positions add a few).
    let sampled = n.div_ceil(97);
    assert!(filled * 20 > sampled && filled * 12 < sampled, "{filled} of {sampled}");
}

#[test]
fn unmoves_invert_the_quiet_moves() {
    let idx = index();
    let mut rng = SplitMix64::new(11);
    let mut moves = MoveList::new();
    let mut preds = Vec::new();
    for _ in 0..400 {
        let (m, o) = (3 + rng.below(3) as u32, 3 + rng.below(3) as u32);
        let p = random(&mut rng, m, o, Player::FIRST);
        // Every unmove leads back to p by a legal quiet move.
        preds.clear();
        idx.unmoves(&p, &mut preds);
        for q in &preds {
            moves.clear();
            q.moves(&mut moves);
            let back = moves.iter().filter(|&&mv| !mv.is_capture() && q.after(mv).key() == p.key());
            assert_eq!(back.count(), 1, "{q} does not reach {p}");
        }
        // Every quiet move of p is found among the unmoves of its result.
        moves.clear();
        p.moves(&mut moves);
        for &mv in moves.iter().filter(|mv| !mv.is_capture()) {
            let next = p.after(mv);
            preds.clear();
            idx.unmoves(&next, &mut preds);
            assert!(preds.iter().any(|q| q.key() == p.key()), "{p} {mv:?} missing");
        }
    }
}

#[test]
fn parse_reads_texts_and_move_lists() {
    let p = parse_position("W.W/.../.../W..B../.../B../..B b 0 0 0").expect("text");
    assert_eq!(p.to_move(), Player::SECOND);
    let q = parse_position("d6 d2, a1").expect("moves");
    assert_eq!(q.to_move(), Player::SECOND);
    let e = parse_position("d6 z9").unwrap_err().to_string();
    assert!(e.contains("z9"), "{e}");
    let e = parse_position("W.W/.../... w 0 0 0").unwrap_err().to_string();
    assert!(e.contains("W.W/.../..."), "{e}");
}

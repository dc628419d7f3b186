//! NIM's caps: objects in all, heaps, and objects times heaps, each at and
//! just past its bound, and the per-ply memory the cap's documentation
//! promises (moves, sort keys and inline children take 64 bytes a move).

use spielbaum_small_games::{MAX_HEAP, MAX_HEAPS, MAX_SIZE, MAX_TOTAL, Nim, Take};

#[test]
fn objects_times_heaps_is_capped() {
    // At the caps: 1,024 heaps of one, 16 heaps of 4,096, one heap of
    // 65,536 (objects times heaps 2^20, 2^20, 2^16).
    for heaps in [vec![1; MAX_HEAPS], vec![4096; 16], vec![1 << 16]] {
        let total: u64 = heaps.iter().map(|&h| u64::from(h)).sum();
        assert!(total <= MAX_TOTAL && total * heaps.len() as u64 <= MAX_SIZE);
        assert!(Nim::new(&heaps).is_ok(), "{} heaps, {total} objects", heaps.len());
    }
    // Just past it: 1,024 heaps with 1,025 objects; 17 heaps of 3,855
    // (65,535 objects, within the total cap).
    let mut many = vec![1; MAX_HEAPS];
    many[0] = 2;
    let e = Nim::new(&many).expect_err("1,025 objects in 1,024 heaps");
    assert!(e.reason.contains("objects times heaps is 1049600"), "{e}");
    let e = Nim::new(&[3855; 17]).expect_err("17 heaps of 3,855");
    assert!(e.reason.contains("65535 objects in 17 heaps"), "{e}");
    // The other caps still hold first.
    assert!(Nim::new(&vec![1; MAX_HEAPS + 1]).is_err());
    assert!(Nim::new(&[MAX_HEAP + 1]).is_err());
    assert!(Nim::new(&[1 << 16, 1]).is_err());
    // And positions: the same rule.
    let start = Nim::new(&[1]).expect("one heap");
    use spielbaum_game_trait::Notation;
    assert!(start.parse_position(&format!("heaps={}", vec!["2"; 1024].join(","))).is_err());
}

#[test]
fn a_move_costs_64_bytes_per_ply() {
    // What MAX_SIZE's documentation counts per move of a ply: the move, a
    // sort key (i64) and a child kept inline (up to 8 heaps).
    let per_move = size_of::<Take>() + size_of::<i64>() + size_of::<Nim>();
    assert!(per_move <= 64, "{per_move} bytes");
}

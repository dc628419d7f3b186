//! Scratch: which small boards have single-vacancy solutions.
use spielbaum_peg_solitaire::{Board, StatsOptions, statistics};
fn main() {
    let (l, _) = Board::parse_mask("l", "1..\n1..\n111").unwrap();
    println!("l syms {:?} size {:?} mask {:x}", l.symmetries(), l.size(), l.mask());
    for m in ["11111/11111/11111/11111", "1111/1111/1111/1111", "111111/111111/111111", ".111./11111/11111/11111/.111.", "..11../111111/111111/..11..", ".1111./111111/111111/111111/111111/.1111.", "11111/11111/11111/11111/11111", "111/111/111/111/111/111"] {
        let (b, _) = Board::parse_mask("t", m).unwrap();
        let mut solvable = 0; let mut total = 0;
        for x in 0..64 { if b.mask() >> x & 1 == 0 { continue; }
            let s = statistics(&b.start(x), &StatsOptions::default(), |_| {}, |_| Default::default()).unwrap();
            total += 1;
            if s.one_peg_paths.iter().any(|&(_, n)| n > 0) { solvable += 1; }
        }
        println!("{m}: {solvable}/{total} starts solvable");
    }
}

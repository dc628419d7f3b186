//! Features of a position that evaluators count: mills, lines with two
//! stones, open mills, mobility, blocked stones.

use spielbaum_game_trait::Player;

use crate::position::Position;

impl Position {
    /// Number of complete mills of `player`.
    pub fn closed_mills(&self, player: Player) -> u32 {
        let s = self.stones(player);
        self.board().mills().iter().filter(|&&m| s & m == m).count() as u32
    }

    /// The lines where `player` has two stones and the third point is
    /// empty, as a list of `(line mask, empty point)`, in board order.
    pub fn twos(&self, player: Player) -> impl Iterator<Item = (u32, usize)> + '_ {
        let s = self.stones(player);
        let empty = self.empty();
        self.board()
            .mills()
            .iter()
            .filter(move |&&m| (s & m).count_ones() == 2 && (empty & m).count_ones() == 1)
            .map(move |&m| (m, (empty & m).trailing_zeros() as usize))
    }

    /// `true` if `player`, moving next, could bring a stone to the empty
    /// point `gap` without using the stones of `line`: by placing, by
    /// flying, or along a line from a neighbouring point.
    pub fn can_reach(&self, player: Player, gap: usize, line: u32) -> bool {
        let own = self.stones(player);
        if self.in_hand(player) > 0 {
            return true;
        }
        if self.rules().flying && own.count_ones() == 3 {
            return own & !line != 0;
        }
        self.board().neighbours(gap) & own & !line != 0
    }

    /// Number of open mills of `player`: lines with two of its stones and
    /// an empty third point that it can fill with its next move
    /// ([`can_reach`](Position::can_reach)).
    pub fn open_mills(&self, player: Player) -> u32 {
        self.twos(player).filter(|&(m, gap)| self.can_reach(player, gap, m)).count() as u32
    }

    /// Number of moves `player` would have if it were to move (placing,
    /// moving or flying; a move with several possible captures counts once).
    pub fn mobility(&self, player: Player) -> u32 {
        let own = self.stones(player);
        let empty = self.empty();
        if self.in_hand(player) > 0 {
            return empty.count_ones();
        }
        if self.rules().flying && own.count_ones() == 3 {
            return 3 * empty.count_ones();
        }
        let board = self.board();
        let mut n = 0;
        let mut s = own;
        while s != 0 {
            let p = s.trailing_zeros() as usize;
            s &= s - 1;
            n += (board.neighbours(p) & empty).count_ones();
        }
        n
    }

    /// Empty points next to a stone of `player`, counted once per stone.
    pub fn free_neighbours(&self, player: Player) -> u32 {
        let board = self.board();
        let empty = self.empty();
        let mut n = 0;
        let mut s = self.stones(player);
        while s != 0 {
            let p = s.trailing_zeros() as usize;
            s &= s - 1;
            n += (board.neighbours(p) & empty).count_ones();
        }
        n
    }

    /// Stones of `player` with no empty neighbour.
    pub fn blocked(&self, player: Player) -> u32 {
        let board = self.board();
        let empty = self.empty();
        let mut n = 0;
        let mut s = self.stones(player);
        while s != 0 {
            let p = s.trailing_zeros() as usize;
            s &= s - 1;
            if board.neighbours(p) & empty == 0 {
                n += 1;
            }
        }
        n
    }

    /// `true` if the last move took a stone: the no-progress counter is 0
    /// and some stone is on the board (the position keeps no other record
    /// of the last move).
    pub fn last_move_took(&self) -> bool {
        self.counter() == 0 && self.empty() != self.board().all()
    }
}

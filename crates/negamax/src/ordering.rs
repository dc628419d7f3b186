//! Move ordering and cut-off helpers of the node search: the choice of the
//! node version with or without ordering code, the staged move picker
//! (killers moved forward in place, sort keys), enhanced transposition
//! cut-offs, killer and history bookkeeping, and the table's move tags.

use spielbaum_game_trait::{Evaluator, Game, Score};

use crate::params;
use crate::search::back;
use crate::searcher::Searcher;
use crate::table::{Bound, Table, from_table, move_hash, move_tag};

/// Ordering classes, highest first (bits 48.. of a move's sort key). The
/// table and PV moves are tried before any key is computed.
const CLASS_KILLER: i64 = 2;
const CLASS_QUIET: i64 = 1;

/// The state of the staged move picker at one node, after the hint (the
/// table or PV move, which is searched before anything is scored).
#[derive(Default)]
pub(crate) struct Picker {
    /// Stage 2 ran (killers staged, sort keys made).
    started: bool,
    /// Index of the first move with a sort key (`keys[k]` belongs to
    /// `moves[from + k]`).
    from: usize,
    /// The moves from `from` on are picked best-first by their keys.
    sorted: bool,
}

impl Picker {
    /// `true` if [`Searcher::pick`] has work for move number `i`.
    #[inline(always)]
    pub(crate) fn wants(&self, i: usize) -> bool {
        !self.started || (self.sorted && i >= self.from)
    }
}

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    /// A child node: below [`ord_from`](Searcher::ord_from) plies (or where the
    /// adaptive switch turned the static ordering off) the variant without
    /// ordering code (which would only cost there).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(crate) fn child<const TT: bool, const ORD: bool, const EXTRA: bool>(
        &mut self,
        tt: Option<&Table>,
        pos: &G,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
        ext_left: u32,
        on_pv: bool,
    ) -> Score {
        if ORD && (depth < self.ord_from || (self.eval_only && !self.eval_order_pays())) {
            self.node::<TT, false, EXTRA>(tt, pos, depth, ply, alpha, beta, ext_left, on_pv)
        } else {
            self.node::<TT, ORD, EXTRA>(tt, pos, depth, ply, alpha, beta, ext_left, on_pv)
        }
    }

    /// Brings the move to search as number `i` (`i ≥ base`, the first move
    /// after the hint) to index `i` of the ply's move list. Stage 2 (on the
    /// first call): with static-evaluation ordering (`by_eval`) every
    /// remaining child is made and scored (killers break ties); without it
    /// the killers found among the remaining moves go first, unsorted, and
    /// only the history (if on) needs sort keys. Stage 3: selection of the
    /// best remaining key.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(crate) fn pick(
        &mut self,
        pk: &mut Picker,
        pos: &G,
        ply: usize,
        i: usize,
        base: usize,
        by_eval: bool,
    ) {
        if !pk.started {
            pk.started = true;
            if by_eval {
                self.score_moves(pos, ply, base, true);
                pk.from = base;
                pk.sorted = true;
            } else {
                pk.from =
                    base + if self.config.killers { self.stage_killers(ply, base) } else { 0 };
                pk.sorted = self.history_on || self.helper != 0;
                if pk.sorted {
                    self.score_moves(pos, ply, pk.from, false);
                }
            }
            // Stopped by the clock while scoring: the keys are incomplete
            // (the caller ends the node).
            if self.aborted || !pk.wants(i) {
                return;
            }
        }
        // Selection: bring the best remaining move forward.
        let from = pk.from;
        let p = &mut self.plies[ply];
        let n = p.moves.len();
        let mut top = i - from;
        for k in i - from + 1..n - from {
            if p.keys[k] > p.keys[top] {
                top = k;
            }
        }
        if top != i - from {
            p.keys.swap(i - from, top);
            p.moves.swap(i, top + from);
            if by_eval && p.children_made {
                p.children.swap(i - from, top);
            }
        }
    }

    /// Moves the killers of `ply` found in `moves[base..]` to the front of
    /// that range (most recent killer first); returns how many.
    #[inline(never)]
    pub(crate) fn stage_killers(&mut self, ply: usize, base: usize) -> usize {
        let p = &mut self.plies[ply];
        let mut at = base;
        // (Killers are kept most recent first, so an empty first slot means
        // none.)
        for k in p.killers.into_iter().map_while(|k| k) {
            if let Some(j) = p.moves[at..].iter().position(|&m| m == k) {
                p.moves.swap(at, at + j);
                at += 1;
            }
        }
        at - base
    }

    /// Enhanced transposition cut-off: looks up every child of `pos`; the
    /// first whose stored bound proves a score `≥ beta` for this node is
    /// returned with that score and whether the entry was searched to the
    /// end of the game (`complete`). Entries count as for the node's own
    /// probe (depth rule, `complete`).
    pub(crate) fn etc_cut(
        &mut self,
        t: &Table,
        pos: &G,
        ply: usize,
        child_depth: i32,
        beta: Score,
    ) -> Option<(G::Move, Score, bool)> {
        self.yields.etc_tries += 1;
        for j in 0..self.plies[ply].moves.len() {
            // A child per move is work (once stopped, the node ends at its
            // first child).
            if self.spend(1) {
                return None;
            }
            let mv = self.plies[ply].moves[j];
            let probe = t.probe(self.tt_key(&pos.after(mv)));
            let Some(e) = probe else { continue };
            let deep_enough = e.complete
                || if self.config.deeper_entries {
                    i32::from(e.depth) >= child_depth
                } else {
                    i32::from(e.depth) == child_depth
                };
            // The child's bound that bounds this node's score from below.
            let from_below = match e.bound {
                Bound::Exact => true,
                Bound::Upper => G::PLAYERS != 1,
                Bound::Lower => G::PLAYERS == 1,
            };
            if deep_enough && from_below {
                let s = back::<G>(from_table(e.score, ply as u32 + 1));
                if s >= beta {
                    if !e.complete {
                        self.horizons += 1;
                    }
                    self.yields.etc_cuts += 1;
                    return Some((mv, s, e.complete));
                }
            }
        }
        None
    }

    /// A beta cut-off by `mv`: count it, remember the killer and the
    /// history bonus.
    #[inline]
    pub(crate) fn cutoff<const ORD: bool>(&mut self, pos: &G, ply: usize, depth: i32, mv: G::Move) {
        self.counters.cutoffs += 1;
        if self.config.killers {
            let k = &mut self.plies[ply].killers;
            if k[0] != Some(mv) {
                k.copy_within(0..params::KILLERS - 1, 1);
                k[0] = Some(mv);
            }
        }
        if ORD && self.history_on {
            let h = self.history_index(pos.to_move().index(), mv);
            let bonus = (depth * depth).min(1 << 16) as u32;
            self.history[h] = self.history[h].saturating_add(bonus);
        }
    }

    /// Sort keys (and, with `by_eval`, the children) of `moves[base..]`:
    /// class (killer without evaluation ordering), static evaluation of the
    /// child from the parent's side — or the evaluator's cheap move scores
    /// where it has them ([`Evaluator::order_moves`]; then no child is
    /// made) — history (killers break ties).
    pub(crate) fn score_moves(&mut self, pos: &G, ply: usize, base: usize, by_eval: bool) {
        let mut hooked = false;
        if by_eval {
            let Searcher { eval, plies, .. } = self;
            let p = &mut plies[ply];
            p.children.clear();
            p.hook.clear();
            p.hook.resize(p.moves.len() - base, 0);
            hooked = eval.order_moves(pos, &p.moves[base..], &mut p.hook);
            p.children_made = !hooked;
        }
        let killers =
            if self.config.killers { self.plies[ply].killers } else { [None; params::KILLERS] };
        let side = pos.to_move().index();
        self.plies[ply].keys.clear();
        for j in base..self.plies[ply].moves.len() {
            // A child per move is work (the caller ends the node once
            // stopped).
            if self.spend(1) {
                return;
            }
            let mv = self.plies[ply].moves[j];
            let killer = killers.contains(&Some(mv));
            // With static-evaluation ordering a killer only breaks ties among
            // equally evaluated moves (measured: ranking killers above the
            // evaluation costs nodes, docs/negamax.md).
            let class = if killer && !by_eval { CLASS_KILLER } else { CLASS_QUIET };
            let primary = if hooked {
                i64::from(self.plies[ply].hook[j - base]).clamp(-(1 << 23) + 1, (1 << 23) - 1)
            } else if by_eval {
                let child = pos.after(mv);
                let s = self.static_child(&child, ply);
                self.plies[ply].children.push(child);
                i64::from(s).clamp(-(1 << 23) + 1, (1 << 23) - 1)
            } else {
                0
            };
            let mut secondary = if self.history_on {
                i64::from(self.history[self.history_index(side, mv)].min((1 << 23) - 1))
            } else {
                0
            };
            if killer && by_eval {
                secondary |= 1 << 23;
            }
            if self.helper != 0 {
                secondary = (secondary & !7) | ((move_hash(mv) ^ self.helper) & 7) as i64;
            }
            self.plies[ply].keys.push(class << 48 | (primary + (1 << 23)) << 24 | secondary);
        }
    }

    /// The table tag of `mv` in the canonical image (symmetry `sym`).
    pub(crate) fn tag_of(&self, pos: &G, mv: G::Move, sym: usize) -> u16 {
        if sym == 0 { move_tag(mv) } else { pos.symmetric_move(mv, sym).map_or(0, move_tag) }
    }

    fn history_index(&self, side: usize, mv: G::Move) -> usize {
        side * params::HISTORY_SIZE + (move_hash(mv) as usize & (params::HISTORY_SIZE - 1))
    }
}

//! The node-level search: plain NegaMax, alpha-beta / PVS with every
//! technique as a named block (the searcher's state and per-node
//! bookkeeping are in `searcher.rs`, the ordering helpers in `ordering.rs`,
//! quiescence search in `quiesce.rs`).
//!
//! Conventions: scores are for the side to move (negamax). For one-player
//! puzzles ([`Game::PLAYERS`] `== 1`) there is no sign flip: [`back`] and
//! [`window`] pass scores and windows on unchanged, so the same code
//! maximises. The search is fail-soft (it returns the best score found,
//! which may lie outside the window); the text's version is fail-hard
//! (returns `alpha` or `beta`) — both give the same root value, fail-soft
//! gives tighter table bounds.

use spielbaum_game_trait::{Evaluator, Game, INFINITY, Score, outcome_score};

use crate::ordering::Picker;
use crate::params;
use crate::searcher::{Searcher, limits_reached};
use crate::table::{Bound, Entry, Table, from_table, to_table};

/// A child's score seen from the parent.
#[inline]
pub(crate) fn back<G: Game>(s: Score) -> Score {
    if G::PLAYERS == 1 { s } else { -s }
}

/// The child's window for the parent's window `(alpha, beta)`.
#[inline]
pub(crate) fn window<G: Game>(alpha: Score, beta: Score) -> (Score, Score) {
    if G::PLAYERS == 1 { (alpha, beta) } else { (-beta, -alpha) }
}

/// The child's null window that tests "better than `alpha`?".
#[inline]
fn null_window<G: Game>(alpha: Score) -> (Score, Score) {
    window::<G>(alpha, alpha + 1)
}

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    /// Alpha-beta / PVS node for the configuration: picks the monomorphised
    /// [`node`](Self::node) once (at the root), so the hot path pays no
    /// per-node checks for techniques that are switched off.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn root_node(
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
        let c = &self.config;
        // A big search orders as `Config::ordered` does (see
        // `Config::full_order_nodes`).
        let full = self.full_order;
        self.history_on = c.history || full;
        self.order_min = if full && self.cheap_order {
            c.order_min_depth.min(params::ORDER_MIN_DEPTH)
        } else {
            c.order_min_depth
        };
        let by_eval = c.algorithm.orders() && self.order_min <= params::DEPTH_INFINITE;
        let ord = by_eval || self.history_on;
        // Ordering needs two plies left; static evaluation orders from
        // `order_min` on.
        let eval_from = if by_eval { self.order_min.max(2) } else { i32::MAX };
        self.ord_from = if self.history_on { 1 } else { eval_from };
        self.eval_only = !self.history_on;
        // Deep searches (and the guarded ones) make the per-ply buffers by
        // need instead of all at once.
        let extra = c.quiescence
            || c.extensions
            || (c.symmetry && tt.is_some())
            || self.cycle_guard
            || self.repetition
            || self.salted
            || depth > params::STACK_SAFE_DEPTH as i32;
        if !extra {
            // Without extensions and quiescence no node lies deeper than
            // `ply + depth`: the per-ply buffers are made once here.
            let deepest = (ply + depth.max(0) as usize).min(params::MAX_SEARCH_PLY);
            self.ensure_ply(deepest);
        }
        macro_rules! go {
            ($tt:literal, $ord:literal, $extra:literal) => {
                self.node::<$tt, $ord, $extra>(tt, pos, depth, ply, alpha, beta, ext_left, on_pv)
            };
        }
        match (tt.is_some(), ord, extra) {
            (false, false, false) => go!(false, false, false),
            (false, false, true) => go!(false, false, true),
            (false, true, false) => go!(false, true, false),
            (false, true, true) => go!(false, true, true),
            (true, false, false) => go!(true, false, false),
            (true, false, true) => go!(true, false, true),
            (true, true, false) => go!(true, true, false),
            (true, true, true) => go!(true, true, true),
        }
    }

    /// Alpha-beta / PVS node. `ext_left`: extensions still allowed on this
    /// path; `on_pv`: the path so far is the previous iteration's PV.
    /// Compile-time switches (chosen by [`root_node`](Self::root_node)):
    /// `TT` a table is used; `ORD` some move ordering (static evaluation,
    /// killers, history) may be on; `EXTRA` quiescence, extensions,
    /// symmetry-aware lookups or the cycle guard may be on, or the search
    /// is deep (per-ply buffers made by need). Switched off, their code is
    /// gone.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn node<const TT: bool, const ORD: bool, const EXTRA: bool>(
        &mut self,
        tt: Option<&Table>,
        pos: &G,
        depth: i32,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        ext_left: u32,
        on_pv: bool,
    ) -> Score {
        let tt = if TT { tt } else { None };
        let quiescence = EXTRA && self.config.quiescence;
        // --- Quiescence at the horizon -------------------------------------
        if depth <= 0 && quiescence {
            return self.quiesce(pos, ply, alpha, beta, 0);
        }
        // (Without EXTRA, `root_node` made the per-ply buffers.)
        if if EXTRA { self.enter(ply) } else { self.enter_made(ply) } {
            return 0;
        }
        // --- Repetition: a position seen before on the line or in the game
        // is a draw (before the table: its value depends on the path) -----
        if EXTRA && ply > 0 && self.repeats(pos) {
            self.counters.leaves += 1;
            return 0;
        }
        // --- Depth limit (finished games are found by the empty move list)
        if depth <= 0 || ply >= params::MAX_SEARCH_PLY {
            self.counters.leaves += 1;
            if let Some(o) = pos.outcome() {
                return outcome_score(o, pos.to_move(), ply as u32);
            }
            self.horizons += 1;
            return self.eval.evaluate(pos);
        }

        // --- Transposition table probe -------------------------------------
        let (key, sym) = match tt {
            Some(_) if EXTRA && self.config.symmetry => {
                let (canon, k) = pos.canonical_with();
                (self.tt_key(&canon), k)
            }
            Some(_) if EXTRA => (self.tt_key(pos), 0),
            Some(_) => (pos.key(), 0),
            None => (0, 0),
        };
        let mut tt_tag = 0u16;
        let mut tt_upper = false;
        if let Some(e) = tt.and_then(|t| t.probe(key)) {
            self.counters.tt_hits += 1;
            tt_tag = e.move_tag;
            tt_upper = e.bound == Bound::Upper;
            let complete = e.complete;
            let deep_enough = if self.config.deeper_entries {
                i32::from(e.depth) >= depth
            } else {
                i32::from(e.depth) == depth
            };
            if complete || deep_enough {
                self.yields.deep_hits += u64::from(self.config.adaptive);
                let s = from_table(e.score, ply as u32);
                // An exact score inside the window is searched again (cheaply,
                // through the table) so that the PV is complete.
                let cut = match e.bound {
                    Bound::Exact => s <= alpha || s >= beta,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    self.counters.tt_cuts += 1;
                    if !complete {
                        self.horizons += 1;
                    }
                    return s;
                }
            }
        }

        // --- Move generation -----------------------------------------------
        // Moves and sort keys stay in the per-ply buffers (indexed, not
        // moved out); only the cached children are taken out when used.
        // (The sort keys are cleared where they are made, in `score_moves`.)
        let list = &mut self.plies[ply].moves;
        list.clear();
        pos.moves(list);
        let n = list.len();
        // --- Work since the last look at the clock (long move lists) ----
        if self.spend(n) {
            return 0;
        }
        if n == 0 {
            // --- Finished game (the contract: no move exactly when over) ---
            self.counters.leaves += 1;
            return match pos.outcome() {
                Some(o) => outcome_score(o, pos.to_move(), ply as u32),
                None => self.eval.evaluate(pos), // contract violation
            };
        }

        // --- Search extension: few moves keep the depth --------------------
        let (child_depth, child_ext) = if EXTRA
            && self.config.extensions
            && depth >= params::EXTENSION_MIN_DEPTH
            && n <= params::EXTENSION_MAX_MOVES
            && ext_left > 0
        {
            (depth, ext_left - 1)
        } else {
            (depth - 1, ext_left)
        };

        // --- Enhanced transposition cut-off: before any child is searched,
        // every child is looked up; one whose table bound already refutes
        // the window ends the node (measured in docs/negamax.md: it pays in
        // games with many transpositions, only before the table move is
        // searched, and only at null-window nodes not expected to fail low).
        if TT
            && self.config.etc
            && child_depth >= params::ETC_MIN_CHILD_DEPTH
            && !tt_upper
            && beta - alpha == 1
            && !(EXTRA && self.config.symmetry)
            && let Some(t) = tt
            && self.etc_pays()
            && let Some((mv, s, complete)) = self.etc_cut(t, pos, ply, child_depth, beta)
        {
            self.counters.tt_cuts += 1;
            let move_tag = self.tag_of(pos, mv, sym);
            let depth = depth.clamp(0, i32::from(u16::MAX)) as u16;
            let score = to_table(s, ply as u32);
            // A bound from a child searched to the end of the game is the
            // game's bound too (as for the node's own store).
            let complete = complete && self.config.deeper_entries;
            t.store(key, Entry { score, depth, complete, bound: Bound::Lower, move_tag });
            return s;
        }

        // --- Move ordering, staged: (1) the table move (or the previous
        // iteration's PV move) alone, searched before anything else is
        // scored; (2) only if it does not cut: killers, static evaluation of
        // the children (off at the last ply), history, best first.
        let algo = self.config.algorithm;
        let by_eval =
            ORD && algo.orders() && depth >= self.order_min.max(2) && self.eval_order_pays();
        let pv_move = if on_pv { self.prev_pv.get(ply).copied() } else { None };
        let mut hinted = false;
        // A fail-low entry's move is a weak hint: it goes first only where
        // the static evaluation does not order (measured, docs/negamax.md).
        if by_eval && tt_upper {
            tt_tag = 0;
        }
        if tt_tag != 0 || pv_move.is_some() {
            let hint = (0..n).find(|&j| {
                let mv = self.plies[ply].moves[j];
                (tt_tag != 0 && self.tag_of(pos, mv, sym) == tt_tag) || pv_move == Some(mv)
            });
            if let Some(j) = hint {
                self.plies[ply].moves.swap(0, j);
                hinted = true;
            }
        }
        // As the text advises for the static evaluation, no ordering at all
        // at the last ply (measured: killers and history there cost more
        // than the nodes they save, docs/negamax.md).
        let ordering = ORD && depth > 1 && (by_eval || self.config.killers || self.history_on);
        // Killers alone need no ordering code: they are moved forward in
        // place (where subtrees are big enough, see the parameter).
        let lean_killers = !ORD && depth >= params::LEAN_KILLER_MIN_DEPTH && self.config.killers;
        // Moves before `base` need no key; keys[k] and children[k] belong to
        // moves[base + k].
        let base = usize::from(hinted);
        let mut picker = Picker::default();

        // --- Cycle guard: a repetition on this line is not searched again --
        let guarded = EXTRA && (self.cycle_guard || self.repetition);
        if guarded {
            let k = pos.key();
            if self.cycle_guard && !self.repetition && self.path.contains(k) {
                self.counters.leaves += 1;
                self.horizons += 1;
                return self.eval.evaluate(pos);
            }
            self.path.push(k);
        }

        // --- The move loop: alpha-beta, PVS with re-search ------------------
        let old_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut found_pv = false;
        let horizons_before = self.horizons;
        let reps_before = self.rep_draws;
        let pvs = algo.pvs();
        if child_depth <= 0 && !quiescence {
            // --- Frontier: every child is a leaf, scored in place; exact
            // whatever the window, so no null window and no re-search. (No
            // ordering here: it needs two plies left.)
            // The fields are borrowed apart, so the move list is iterated
            // in place (no per-move bounds checks); this is `leaf` inline.
            let mut cut = None;
            let Searcher {
                plies,
                pv,
                eval,
                counters,
                horizons,
                stop_at_horizon,
                aborted,
                node_limit,
                deadline,
                stops,
                repetition,
                path,
                rep_draws,
                ..
            } = self;
            let line = &mut pv[ply];
            let repetition = EXTRA && *repetition;
            for &mv in plies[ply].moves.iter() {
                let child = pos.after(mv);
                counters.nodes += 1;
                counters.leaves += 1;
                if counters.nodes.is_multiple_of(params::CHECK_EVERY)
                    && (limits_reached(counters.nodes, *node_limit, *deadline, stops)
                        || (*stop_at_horizon && *horizons > 0))
                {
                    *aborted = true;
                    break;
                }
                let s = back::<G>(match child.outcome() {
                    Some(o) => outcome_score(o, child.to_move(), ply as u32 + 1),
                    None if repetition && path.contains(child.key()) => {
                        *rep_draws += 1;
                        0
                    }
                    None => {
                        *horizons += 1;
                        eval.evaluate(&child)
                    }
                });
                if s > best {
                    best = s;
                    best_move = Some(mv);
                }
                if s > alpha {
                    alpha = s;
                    line.clear();
                    line.push(mv);
                    if s >= beta {
                        cut = Some(mv);
                        break;
                    }
                }
            }
            // Killers and history are recorded here only with the history
            // heuristic on (whose configurations order from here, see
            // `ord_from`); killers alone are recorded where they are used,
            // at nodes with two plies or more left (measured: same nodes).
            if let Some(mv) = cut {
                if ORD {
                    self.cutoff::<ORD>(pos, ply, depth, mv);
                } else {
                    self.counters.cutoffs += 1;
                }
            }
        } else {
            // Killers go right after the hint (staged once it did not cut).
            if lean_killers && !hinted {
                self.stage_killers(ply, 0);
            }
            let stage_after_hint = lean_killers && hinted;
            for i in 0..n {
                if ordering && i >= base && picker.wants(i) {
                    self.pick(&mut picker, pos, ply, i, base, by_eval);
                    // (Making the children counts as work: the clock may
                    // have stopped the search there.)
                    if self.aborted {
                        break;
                    }
                }
                let mv = self.plies[ply].moves[i];
                // (A copy of the child made for the static evaluation.)
                let child = if by_eval && i >= base && self.plies[ply].children_made {
                    self.plies[ply].children[i - base].clone()
                } else {
                    pos.after(mv)
                };
                let child = &child;
                let child_on_pv = pv_move == Some(mv);
                let s = if pvs && found_pv {
                    let (a, b) = null_window::<G>(alpha);
                    let mut s = back::<G>(self.child::<TT, ORD, EXTRA>(
                        tt,
                        child,
                        child_depth,
                        ply + 1,
                        a,
                        b,
                        child_ext,
                        false,
                    ));
                    if s > alpha && s < beta && !self.aborted {
                        // The null window was too small: search again.
                        let (a, b) = window::<G>(alpha, beta);
                        s = back::<G>(self.child::<TT, ORD, EXTRA>(
                            tt,
                            child,
                            child_depth,
                            ply + 1,
                            a,
                            b,
                            child_ext,
                            false,
                        ));
                    }
                    s
                } else {
                    let (a, b) = window::<G>(alpha, beta);
                    back::<G>(self.child::<TT, ORD, EXTRA>(
                        tt,
                        child,
                        child_depth,
                        ply + 1,
                        a,
                        b,
                        child_ext,
                        child_on_pv,
                    ))
                };
                if self.aborted {
                    break;
                }
                if s > best {
                    best = s;
                    best_move = Some(mv);
                }
                // (alpha ≥ best always, so a score above alpha is also a new best.)
                if s > alpha {
                    alpha = s;
                    found_pv = true;
                    self.update_pv(ply, mv);
                    if s >= beta {
                        self.yields.cuts += 1;
                        self.yields.first_cuts += u64::from(i == 0);
                        self.cutoff::<ORD>(pos, ply, depth, mv);
                        break;
                    }
                }
                if i == 0 && stage_after_hint {
                    self.stage_killers(ply, 1);
                }
            }
        }
        if guarded {
            self.path.pop();
        }
        let complete = self.horizons == horizons_before;
        if self.aborted {
            return 0;
        }

        // --- Transposition table store --------------------------------------
        if let Some(t) = tt {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > old_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            // A subtree searched to the end on every line is the game's
            // value: it answers any depth (but with `deeper_entries` off
            // not a shallower query, whose fixed-depth value may differ).
            let complete = complete && self.config.deeper_entries;
            // A value that depends on the path (a repetition draw below)
            // is not stored: only the move, as an ordering hint that never
            // cuts (depth 0, and nodes probe with depth 1 or more).
            let path_free = self.rep_draws == reps_before;
            // Fail-low nodes keep their best fail-soft move too (as
            // minimax-rs does): a weak hint, but measured to save nodes
            // where the static evaluation does not order (synthetic DAG at
            // depth 7 with the table move and PVS only: 7,619 → 6,296
            // nodes; docs/negamax.md).
            let tag = best_move.map_or(0, |mv| self.tag_of(pos, mv, sym));
            t.store(
                key,
                Entry {
                    score: if path_free { to_table(best, ply as u32) } else { 0 },
                    depth: if path_free { depth.clamp(0, i32::from(u16::MAX)) as u16 } else { 0 },
                    complete: complete && path_free,
                    bound,
                    move_tag: tag,
                },
            );
        }
        best
    }
}

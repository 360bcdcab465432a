//! Tactical reading: can a string be captured, can it be saved, and how.
//!
//! This is the base of every judgement the engine makes about strings. The
//! reader is a minimax search on the real board, through `trymove`/`popgo`:
//! the attacker wins once the string is off the board, the defender once it
//! has enough liberties that it cannot be attacked within the depth limits
//! (five always; four beyond the four-liberty depth; three beyond the main
//! depth). Candidate moves come from small generators by liberty count —
//! liberties, captures of neighbours in atari (break-chain), counter-ataris,
//! nets, backfilling — ordered by simple heuristics. Ko is handled with a
//! komaster scheme ([`ko`]); results are cached by Zobrist hash ([`cache`]).
//! `docs/reading.md` explains it with diagrams.
//!
//! Results are codes as GNU Go's: `0` (fails), [`WIN`], [`KO_A`] (succeeds if
//! the side may ignore a ko threat: it takes the ko first), [`KO_B`]
//! (succeeds only with a ko threat).

mod attack;
pub mod cache;
pub mod connect;
mod defend;
pub mod ko;
mod ladder;
mod moves;
pub mod params;

use crate::board::Board;
use crate::point::{Color, Pos};
pub use cache::{Cache, Routine, DEFAULT_CACHE_MB};
pub use ko::KoState;
pub use params::DepthParams;

/// Result code: the side succeeds unconditionally.
pub const WIN: u8 = 1;
/// Result code: the side succeeds if it may ignore one ko threat.
pub const KO_A: u8 = 2;
/// Result code: the side succeeds only if it finds a ko threat.
pub const KO_B: u8 = 3;

/// How good a code is for the side it belongs to: 0 < KO_B < KO_A < WIN.
#[inline]
pub fn rank(code: u8) -> u8 {
    match code {
        WIN => 3,
        KO_A => 2,
        KO_B => 1,
        _ => 0,
    }
}

/// The opponent's view of a code: WIN ↔ 0, KO_A ↔ KO_B.
#[inline]
pub fn reverse(code: u8) -> u8 {
    match code {
        0 => WIN,
        WIN => 0,
        KO_A => KO_B,
        _ => KO_A,
    }
}

/// The code the other side must reach in a reply for a move to be no
/// improvement on `best_rank` (the [`rank`] of the mover's best code so
/// far): `WIN` when the mover has nothing yet, `KO_A` when it has `KO_B`,
/// `KO_B` when it has `KO_A`. The reply's search may stop there (a
/// cut-off, as in alpha-beta search over the four codes).
#[inline]
pub(crate) fn enough_against_rank(best_rank: u8) -> u8 {
    match best_rank {
        0 => WIN,
        1 => KO_A,
        _ => KO_B,
    }
}

/// Searches deeper than this many stacked moves stop: attacks fail and
/// defences succeed (a guard for rule sets without a ko rule).
const MAX_STACK: usize = 150;

/// Depth options given explicitly (command line), which override the
/// values the level implies.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct DepthOverrides {
    /// `--depth`.
    pub depth: Option<i32>,
    /// `--branch-depth`.
    pub branch_depth: Option<i32>,
    /// `--backfill-depth`.
    pub backfill_depth: Option<i32>,
    /// `--backfill2-depth`.
    pub backfill2_depth: Option<i32>,
    /// `--break-chain-depth`.
    pub break_chain_depth: Option<i32>,
    /// `--fourlib-depth`.
    pub fourlib_depth: Option<i32>,
    /// `--ko-depth`.
    pub ko_depth: Option<i32>,
    /// `--superstring-depth`.
    pub superstring_depth: Option<i32>,
    /// `--reading-node-limit`.
    pub node_limit: Option<u64>,
}

impl DepthOverrides {
    fn apply(&self, p: &mut DepthParams) {
        let set = |v: &mut i32, o: Option<i32>| {
            if let Some(x) = o {
                *v = x;
            }
        };
        set(&mut p.depth, self.depth);
        set(&mut p.branch_depth, self.branch_depth);
        set(&mut p.backfill_depth, self.backfill_depth);
        set(&mut p.backfill2_depth, self.backfill2_depth);
        set(&mut p.break_chain_depth, self.break_chain_depth);
        set(&mut p.fourlib_depth, self.fourlib_depth);
        set(&mut p.ko_depth, self.ko_depth);
        set(&mut p.superstring_depth, self.superstring_depth);
        if let Some(n) = self.node_limit {
            p.node_limit = n;
        }
    }
}

/// The tactical reader: depth parameters, the result cache and the node
/// counters. It lives in [`crate::Engine`]; every function takes the board
/// to read on and leaves it at the stack level it found it.
pub struct Reader {
    /// The limits in force.
    pub params: DepthParams,
    level: i32,
    overrides: DepthOverrides,
    /// Added to every depth (GTP `increase_depths`/`decrease_depths`).
    depth_offset: i32,
    /// Rules the cached results were read under (simple ko, suicide).
    rules_seen: Option<(bool, crate::board::SuicideRule)>,
    cache: Cache,
    cache_mb: f64,
    nodes: u64,
    /// The stack level the current top-level question was asked at.
    question_stackp: usize,
    /// The moves read only at the real board's root are read at the
    /// question's root too (`attack_as_root`).
    root_moves_at_question: bool,
    /// Nodes at the start of the current top-level question.
    question_start: u64,
    /// Set when the node limit cut the current question short: nothing
    /// read after that is stored in the cache.
    aborted: bool,
    /// Print the tried moves on stderr down to this stack level (debugging;
    /// -1 for none).
    pub trace_depth: i32,
    /// The defender's killer moves: per stack level, the last two moves
    /// that saved a string there. The attacker's tries at the level above
    /// are often refuted by the same move (the vital point of the shape),
    /// so it is tried early. (The attacker's own winning moves make poor
    /// killers: measured, they cost nodes.) Cleared at every question.
    killers: Vec<[Pos; 2]>,
    /// Per stack level, the defender's move that refuted the attacker's
    /// previous try at the level above (the sibling's refutation), or
    /// `Pos::NONE`, and how many tries in a row it has refuted: tried first
    /// there among its own stage's candidates, and from a later stage once
    /// it has refuted several tries in a row.
    sibling: Vec<(Pos, u8)>,
    /// Per stack level, for the last defence search there of a string with
    /// two liberties: a liberty whose extension the attacker refuted by
    /// taking the other liberty (`Pos::NONE` if none). The attacker's
    /// threat check uses it (`tenuki_captured` in `attack.rs`).
    ext_refuted: Vec<Pos>,
    /// The connection reader's node counter and budget ([`connect`]).
    conn: connect::ConnState,
}

impl Default for Reader {
    fn default() -> Self {
        Reader::new(10, DEFAULT_CACHE_MB)
    }
}

impl Reader {
    /// A reader for playing level `level` with a cache of `cache_mb` MB.
    pub fn new(level: i32, cache_mb: f64) -> Reader {
        Reader {
            params: DepthParams::for_level(level),
            level,
            overrides: DepthOverrides::default(),
            depth_offset: 0,
            rules_seen: None,
            cache: Cache::new(cache_mb),
            cache_mb,
            nodes: 0,
            question_start: 0,
            question_stackp: 0,
            root_moves_at_question: false,
            aborted: false,
            trace_depth: -1,
            killers: vec![[Pos::NONE; 2]; MAX_STACK + 1],
            sibling: vec![(Pos::NONE, 0); MAX_STACK + 2],
            ext_refuted: vec![Pos::NONE; MAX_STACK + 2],
            conn: connect::ConnState::default(),
        }
    }

    /// The defender's killer moves at stack level `sp`.
    #[inline]
    fn killers_at(&self, sp: usize) -> [Pos; 2] {
        self.killers.get(sp).copied().unwrap_or([Pos::NONE; 2])
    }

    /// The refutation of the previous attacking try one level up, to be
    /// tried first by the defence at stack level `sp`.
    #[inline]
    fn sibling_refutation(&self, sp: usize) -> Pos {
        self.sibling.get(sp).map_or(Pos::NONE, |e| e.0)
    }

    /// Set the sibling refutation for the defences at stack level `sp`.
    #[inline]
    fn set_sibling_refutation(&mut self, sp: usize, m: Pos) {
        if let Some((x, n)) = self.sibling.get_mut(sp) {
            *n = if m.is_pass() {
                0
            } else if *x == m {
                n.saturating_add(1)
            } else {
                1
            };
            *x = m;
        }
    }

    /// How many attacking tries in a row one level up the sibling's
    /// refutation at stack level `sp` has refuted.
    #[inline]
    fn sibling_refutations(&self, sp: usize) -> u8 {
        self.sibling.get(sp).map_or(0, |e| e.1)
    }

    /// Remember that the defending move `m` saved a string at stack level
    /// `sp`.
    #[inline]
    fn note_killer(&mut self, sp: usize, m: Pos) {
        if let Some(k) = self.killers.get_mut(sp) {
            if k[0] != m {
                k[1] = k[0];
                k[0] = m;
            }
        }
    }

    /// The playing level the parameters follow.
    pub fn level(&self) -> i32 {
        self.level
    }

    /// Follow the playing level (parameters of the level, then the explicit
    /// overrides). The cache is cleared if anything changed.
    pub fn set_level(&mut self, level: i32) {
        if level != self.level {
            self.level = level;
            self.refresh_params();
        }
    }

    /// Set the explicit depth options (they win over the level).
    pub fn set_overrides(&mut self, o: DepthOverrides) {
        self.overrides = o;
        self.refresh_params();
    }

    /// Add `delta` to every depth limit (GNU Go's `increase_depths` with
    /// 1, `decrease_depths` with -1); clears the cache.
    pub fn modify_depths(&mut self, delta: i32) {
        self.depth_offset += delta;
        self.refresh_params();
    }

    fn refresh_params(&mut self) {
        let mut p = DepthParams::for_level(self.level);
        self.overrides.apply(&mut p);
        p.shift(self.depth_offset);
        if p != self.params {
            self.params = p;
            self.cache.clear();
        }
    }

    /// Resize the cache to about `mb` megabytes (GNU Go's `-M`); clears it.
    pub fn set_cache_size(&mut self, mb: f64) {
        self.cache_mb = mb;
        self.cache = Cache::new(mb);
    }

    /// The cache size in megabytes as set.
    pub fn cache_size(&self) -> f64 {
        self.cache_mb
    }

    /// Forget all cached results (GTP `clear_cache`).
    pub fn clear_cache(&mut self) {
        self.cache.clear();
    }

    /// Cache lookups that hit and missed since the reader was made.
    pub fn cache_stats(&self) -> (u64, u64) {
        (self.cache.hits, self.cache.misses)
    }

    /// Reading nodes (attack and defence searches entered) since the last
    /// reset (GTP `get_reading_node_counter`).
    pub fn node_counter(&self) -> u64 {
        self.nodes
    }

    /// Reset the node counter.
    pub fn reset_node_counter(&mut self) {
        self.nodes = 0;
        self.question_start = 0;
    }

    /// Start a top-level question: check the rules the cache was filled
    /// under and arm the node limit.
    fn begin(&mut self, b: &Board) {
        let rules = (b.simple_ko(), b.suicide_rule());
        if self.rules_seen != Some(rules) {
            if self.rules_seen.is_some() {
                self.cache.clear();
            }
            self.rules_seen = Some(rules);
        }
        self.question_start = self.nodes;
        self.question_stackp = b.stackp();
        self.aborted = false;
        self.killers.fill([Pos::NONE; 2]);
        self.sibling.fill((Pos::NONE, 0));
    }

    /// Are the moves kept for the root to be tried at `b` (the real
    /// board, or the root of an `attack_as_root` question)?
    #[inline]
    fn at_root(&self, b: &Board) -> bool {
        let sp = b.stackp();
        sp == 0 || (self.root_moves_at_question && sp == self.question_stackp)
    }

    /// Is `b` the root of an `attack_as_root` question, whose cached
    /// answer (read without the root's moves) must not be reused?
    #[inline]
    fn fresh_root(&self, b: &Board) -> bool {
        self.root_moves_at_question && b.stackp() == self.question_stackp
    }

    /// Count a node; false if the node limit is exhausted.
    #[inline]
    fn spend_node(&mut self) -> bool {
        let limit = self.params.node_limit;
        if limit > 0 && self.nodes - self.question_start >= limit {
            self.aborted = true;
            return false;
        }
        self.nodes += 1;
        true
    }

    /// Can the string at `s` be captured, the attacker moving first?
    /// Returns the code and the attacking move (`Pos::NONE` when it fails).
    pub fn attack(&mut self, b: &mut Board, s: Pos) -> (u8, Pos) {
        if !b.color(s).is_stone() {
            return (0, Pos::NONE);
        }
        self.begin(b);
        let level = b.stackp();
        let r = self.do_attack(b, s, KoState::NONE);
        debug_assert_eq!(b.stackp(), level);
        r
    }

    /// `attack`, reading the position as if it were the real board: the
    /// moves the reader keeps for the root (the throw-in on a guard of a
    /// liberty, the liberties of a three-liberty guard) are tried at the
    /// question's root too, wherever the caller has played moves above
    /// it. The owl asks this of its goal's strings where its evaluation
    /// would settle: deep in its tree a ko on a goal string found only
    /// by such a throw-in is otherwise never seen.
    pub fn attack_as_root(&mut self, b: &mut Board, s: Pos) -> (u8, Pos) {
        self.root_moves_at_question = true;
        let r = self.attack(b, s);
        self.root_moves_at_question = false;
        r
    }

    /// Can the string at `s` be saved, its owner moving first? Returns the
    /// code and the defending move (`Pos::NONE` when none is needed or none
    /// works).
    pub fn find_defense(&mut self, b: &mut Board, s: Pos) -> (u8, Pos) {
        if !b.color(s).is_stone() {
            return (0, Pos::NONE);
        }
        self.begin(b);
        let level = b.stackp();
        let r = self.do_defend(b, s, KoState::NONE);
        debug_assert_eq!(b.stackp(), level);
        r
    }

    /// If the attacker of `s` plays `m`, can `s` then be captured (the
    /// defender to move)? The code is the attacker's; 0 if `m` is illegal.
    pub fn does_attack(&mut self, b: &mut Board, m: Pos, s: Pos) -> u8 {
        let c = b.color(s);
        if !c.is_stone() {
            return 0;
        }
        self.begin(b);
        self.cache.prefetch(ko::guessed_reply_key(
            b,
            m,
            c.opponent(),
            Routine::Defend,
            s,
            KoState::NONE,
        ));
        let Some((ko, cond)) = self.try_move(b, m, c.opponent(), KoState::NONE) else {
            return 0;
        };
        let r = if b.color(s) == Color::Empty {
            WIN
        } else {
            reverse(self.do_defend(b, s, ko).0)
        };
        b.popgo();
        if cond {
            ko::after_conditional(r)
        } else {
            r
        }
    }

    /// If the owner of `s` plays `m`, is `s` then safe (the attacker to
    /// move)? The code is the defender's; 0 if `m` is illegal.
    pub fn does_defend(&mut self, b: &mut Board, m: Pos, s: Pos) -> u8 {
        let c = b.color(s);
        if !c.is_stone() {
            return 0;
        }
        self.begin(b);
        self.cache.prefetch(ko::guessed_reply_key(
            b,
            m,
            c,
            Routine::Attack,
            s,
            KoState::NONE,
        ));
        let Some((ko, cond)) = self.try_move(b, m, c, KoState::NONE) else {
            return 0;
        };
        let r = if b.color(s) == Color::Empty {
            0
        } else {
            reverse(self.do_attack(b, s, ko).0)
        };
        b.popgo();
        if cond {
            ko::after_conditional(r)
        } else {
            r
        }
    }

    /// Can a ladder capture the string at `s`, which must have two
    /// liberties (GNU Go's `simple_ladder`)? Only ataris by the attacker and
    /// extensions or captures of ataried neighbours by the defender are read.
    pub fn ladder_attack(&mut self, b: &mut Board, s: Pos) -> (u8, Pos) {
        if !b.color(s).is_stone() {
            return (0, Pos::NONE);
        }
        self.begin(b);
        self.do_ladder(b, s)
    }

    /// Can the attacker capture at least one of the strings `a` and `b`
    /// (same colour), moving first? A win or 0.
    pub fn attack_either(&mut self, board: &mut Board, a: Pos, b: Pos) -> u8 {
        let c = board.color(a);
        if !c.is_stone() || board.color(b) != c {
            return 0;
        }
        if board.same_string(a, b) {
            return self.attack(board, a).0;
        }
        let ra = self.attack(board, a).0;
        if ra == WIN {
            return WIN;
        }
        let rb = self.attack(board, b).0;
        if rb == WIN {
            return WIN;
        }
        let mut best = if rank(ra) > rank(rb) { ra } else { rb };
        // Moves that press both: their liberties, weakest string first.
        for m in self.either_candidates(board, a, b) {
            if !board.trymove(m, c.opponent()) {
                continue;
            }
            let r = if board.color(a) == Color::Empty || board.color(b) == Color::Empty {
                WIN
            } else {
                reverse(self.defend_both(board, a, b))
            };
            board.popgo();
            if r == WIN {
                return WIN;
            }
            if rank(r) > rank(best) {
                best = r;
            }
        }
        best
    }

    /// Can the owner of `a` and `b` (same colour), moving first, make both
    /// safe? A win or 0.
    pub fn defend_both(&mut self, board: &mut Board, a: Pos, b: Pos) -> u8 {
        let c = board.color(a);
        if !c.is_stone() || board.color(b) != c {
            return 0;
        }
        if board.same_string(a, b) {
            return self.find_defense(board, a).0;
        }
        let (ra, ma) = self.attack(board, a);
        let (rb, mb) = self.attack(board, b);
        if ra == 0 && rb == 0 {
            return WIN;
        }
        // Candidate saving moves: each string's own defence, the attacking
        // moves (to occupy them), and the liberties of both.
        let mut cands: Vec<Pos> = Vec::new();
        for (r, s, m) in [(ra, a, ma), (rb, b, mb)] {
            if r != 0 {
                let (d, dm) = self.find_defense(board, s);
                if d == 0 {
                    return 0;
                }
                cands.push(dm);
                cands.push(m);
            }
        }
        cands.extend(self.either_candidates(board, a, b));
        let mut seen = Vec::new();
        for m in cands {
            if m.is_pass() || seen.contains(&m) {
                continue;
            }
            seen.push(m);
            if !board.trymove(m, c) {
                continue;
            }
            let ok = board.color(a) == c
                && board.color(b) == c
                && self.attack(board, a).0 == 0
                && self.attack(board, b).0 == 0;
            board.popgo();
            if ok {
                return WIN;
            }
        }
        0
    }

    /// Liberties of two strings and the liberties of their neighbours in
    /// atari, the string with fewer liberties first.
    fn either_candidates(&self, board: &Board, a: Pos, b: Pos) -> Vec<Pos> {
        let (first, second) = if board.countlib(a) <= board.countlib(b) {
            (a, b)
        } else {
            (b, a)
        };
        let mut out: Vec<Pos> = Vec::new();
        for s in [first, second] {
            for l in board.liberties(s) {
                if !out.contains(&l) {
                    out.push(l);
                }
            }
            for t in board.chainlinks(s) {
                if board.countlib(t) == 1 {
                    for l in board.liberties(t) {
                        if !out.contains(&l) {
                            out.push(l);
                        }
                    }
                }
            }
        }
        // Common liberties first: they press both strings at once.
        out.sort_by_key(|&l| !(board.is_liberty_of(l, a) && board.is_liberty_of(l, b)));
        out
    }
}

#[cfg(test)]
mod tests;

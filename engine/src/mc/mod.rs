//! Monte Carlo tree search (`--monte-carlo`): UCT with RAVE over a tree
//! shared by several threads, pattern-guided playouts on a lean board, and
//! the tree kept from one move to the next. See `docs/montecarlo.md`.
//!
//! Threads share one [`tree::Tree`] behind a mutex: a thread locks it to walk
//! down (adding a virtual loss to each node it passes) and to expand a leaf,
//! unlocks it for the playout — by far the longest part —, and locks it again
//! to record the result. With one thread and a playout budget the search is
//! deterministic for a given seed.

pub mod board;
pub mod patterns;
pub mod policy;
pub mod tree;

use crate::game::Game;
use crate::point::{Color, Pos, ARR};
use board::McBoard;

use policy::PolicyScratch;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tree::Tree;

pub use patterns::PatternTable;

/// A progress report: how often, and what to call with the analysis so far.
pub type Progress<'a> = (Duration, &'a mut dyn FnMut(&Analysis));

/// A node is expanded after this many simulations through it.
const EXPAND_AFTER: u32 = 3;
/// Most nodes the tree may hold (about 56 bytes each).
const MAX_NODES: usize = 2_000_000;

/// Settings of the Monte Carlo player.
#[derive(Clone, Debug)]
pub struct McParams {
    /// Search threads.
    pub threads: usize,
    /// Playouts per level (`--mc-games-per-level`): a move costs
    /// `level × games_per_level` playouts when no clock limits it.
    pub games_per_level: u64,
    /// Resign when the win rate stays below this (0 never resigns).
    pub resign_threshold: f32,
    /// Moves in a row below the threshold before resigning.
    pub resign_moves: u32,
}

impl Default for McParams {
    fn default() -> Self {
        McParams {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            games_per_level: 8000,
            resign_threshold: 0.1,
            resign_moves: 3,
        }
    }
}

/// What may stop one search.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Most playouts.
    pub playouts: u64,
    /// Most wall time.
    pub time: Option<Duration>,
    /// Stop early when the best move can no longer change.
    pub early_stop: bool,
}

/// One root move in an analysis.
#[derive(Clone, Debug)]
pub struct MoveInfo {
    /// The move.
    pub mv: Pos,
    /// Simulations through it.
    pub visits: u32,
    /// Win rate for the player to move.
    pub winrate: f32,
    /// AMAF win rate.
    pub amaf_winrate: f32,
    /// Prior win rate.
    pub prior: f32,
    /// Principal variation, starting with `mv`.
    pub pv: Vec<Pos>,
}

/// The state of a search: root moves and the ownership of each point.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    /// The player to move.
    pub to_move: Color,
    /// Playouts done in this search (the tree may hold more, from earlier
    /// searches).
    pub playouts: u64,
    /// Simulations through the root in total.
    pub root_visits: u32,
    /// Root moves with visits, most visited first.
    pub moves: Vec<MoveInfo>,
    /// For each point index, the fraction of playouts black owned it at the
    /// end (`ARR` entries; meaningful on board points).
    pub black_ownership: Vec<f32>,
    /// Wall time of the search.
    pub elapsed: Duration,
}

impl Analysis {
    /// Win rate of the best move for the player to move (0.5 when none).
    pub fn best_winrate(&self) -> f32 {
        self.moves.first().map_or(0.5, |m| m.winrate)
    }

    /// Area count by ownership (a point goes to whoever owned it in most
    /// playouts), black minus white, without komi.
    pub fn ownership_score(&self, game: &Game) -> f32 {
        let mut s = 0.0;
        for &p in game.board().points() {
            let o = self.black_ownership.get(p.idx()).copied().unwrap_or(0.5);
            if o > 0.5 {
                s += 1.0;
            } else if o < 0.5 {
                s -= 1.0;
            }
        }
        s
    }

    /// Is every point owned by one side in at least `certainty` of the
    /// playouts?
    pub fn settled(&self, game: &Game, certainty: f32) -> bool {
        game.board().points().iter().all(|p| {
            let o = self.black_ownership.get(p.idx()).copied().unwrap_or(0.5);
            o >= certainty || o <= 1.0 - certainty
        })
    }
}

/// The decision of a Monte Carlo genmove.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Decision {
    /// Play this point, or pass.
    Play(Pos),
    /// Resign.
    Resign,
}

/// The Monte Carlo player: settings, pattern table and the tree kept
/// between moves.
pub struct MonteCarlo {
    /// Settings.
    pub params: McParams,
    table: Arc<PatternTable>,
    tree: Option<Tree>,
    /// The game's moves at the root of `tree`, and the komi it was built for.
    tree_record: Vec<crate::game::Action>,
    tree_komi: f32,
    tree_size: usize,
    low_winrate_moves: u32,
    /// The last search's analysis.
    pub last: Option<Analysis>,
}

impl std::fmt::Debug for MonteCarlo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MonteCarlo")
            .field("params", &self.params)
            .field("table", &self.table)
            .finish()
    }
}

/// Per-thread scratch of a search.
struct Worker {
    board: McBoard,
    rng: SmallRng,
    scratch: PolicyScratch,
    path: Vec<usize>,
    seq: Vec<(Color, Pos)>,
    moves: Vec<Pos>,
    amaf: Vec<u8>,
}

/// What the threads of one search share.
struct Shared<'a> {
    tree: Mutex<(Tree, Vec<u32>)>,
    root_board: &'a McBoard,
    root_to_move: Color,
    root_last: Pos,
    komi: f32,
    table: &'a PatternTable,
    started: AtomicU64,
    done: AtomicU64,
    stop: AtomicBool,
    limit: u64,
    limits: Limits,
    start: Instant,
}

impl MonteCarlo {
    /// A player with `params` and the compiled-in patterns.
    pub fn new(params: McParams) -> MonteCarlo {
        let table = PatternTable::builtin("mc_3x3").unwrap_or_else(|_| PatternTable::uniform());
        MonteCarlo::with_table(params, table)
    }

    /// A player with `params` and the pattern table `table`.
    pub fn with_table(params: McParams, table: PatternTable) -> MonteCarlo {
        MonteCarlo {
            params,
            table: Arc::new(table),
            tree: None,
            tree_record: Vec::new(),
            tree_komi: 0.0,
            tree_size: 0,
            low_winrate_moves: 0,
            last: None,
        }
    }

    /// Replace the pattern table (and drop the tree built with the old one).
    pub fn set_table(&mut self, table: PatternTable) {
        self.table = Arc::new(table);
        self.tree = None;
    }

    /// The pattern table in use.
    pub fn table(&self) -> &PatternTable {
        &self.table
    }

    /// Forget the tree and the resignation count (a new game).
    pub fn reset(&mut self) {
        self.tree = None;
        self.tree_record.clear();
        self.low_winrate_moves = 0;
    }

    /// Playouts per move at `level`.
    pub fn playouts_for_level(&self, level: i32) -> u64 {
        (level.max(1) as u64).saturating_mul(self.params.games_per_level.max(1))
    }

    /// The tree for the current position of `game`: the subtree of the kept
    /// tree if the game went on from its root through moves it knows, else a
    /// new one.
    fn take_tree(&mut self, game: &mut Game, color: Color) -> Tree {
        use crate::game::Action;
        let record = game.record().to_vec();
        let last = game.last_move().map_or(Pos::PASS, |m| m.1);
        let fresh = Tree::new(last, color.opponent(), MAX_NODES);
        let old = match self.tree.take() {
            Some(t) if self.tree_komi == game.komi() && self.tree_size == game.size() => t,
            _ => return fresh,
        };
        let n = self.tree_record.len();
        if record.len() < n || record[..n] != self.tree_record[..] {
            return fresh;
        }
        let mut i = 0;
        for &action in &record[n..] {
            let Action::Move(c, p) = action else {
                return fresh;
            };
            match old
                .children(i)
                .find(|&k| old.nodes[k].mv == p && old.nodes[k].color == c)
            {
                Some(k) => i = k,
                None => return fresh,
            }
        }
        // The kept node must be expanded, with moves of the player to move.
        let kids = old.children(i);
        if kids.is_empty() || old.nodes[kids.start].color != color {
            return fresh;
        }
        old.subtree(i, |p| p.is_pass() || game.is_legal(color, p))
    }

    /// Search the position of `game` for `color`, calling `progress` with the
    /// analysis so far every `interval` (when given). The tree is kept for
    /// the next search.
    pub fn search(
        &mut self,
        game: &mut Game,
        color: Color,
        limits: Limits,
        seed: u64,
        mut progress: Option<Progress<'_>>,
    ) -> Analysis {
        let start = Instant::now();
        let root_board = McBoard::from_board(game.board());
        let mut tree = self.take_tree(game, color);
        if tree.nodes[0].n_children == 0 {
            // Root moves: legal under the game's own ko rule, not own eyes.
            let mut moves: Vec<Pos> = Vec::new();
            let points = game.board().points().to_vec();
            for p in points {
                if game.board().color(p) == crate::point::Color::Empty
                    && !root_board.is_eye(p, color)
                    && game.is_legal(color, p)
                {
                    moves.push(p);
                }
            }
            moves.push(Pos::PASS);
            let mut b = root_board.clone();
            tree.expand(0, &mut b, color, &moves, &self.table);
        }
        self.tree_record = game.record().to_vec();
        self.tree_komi = game.komi();
        self.tree_size = game.size();
        let last = game.last_move().map_or(Pos::PASS, |m| m.1);
        let shared = Shared {
            tree: Mutex::new((tree, vec![0; ARR])),
            root_board: &root_board,
            root_to_move: color,
            root_last: last,
            komi: game.komi(),
            table: &self.table,
            started: AtomicU64::new(0),
            done: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            limit: limits.playouts.max(1),
            limits,
            start,
        };
        let threads = self.params.threads.clamp(1, 256);
        std::thread::scope(|scope| {
            for t in 0..threads {
                let shared = &shared;
                let wseed = seed
                    .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    .wrapping_add(t as u64 * 7919 + 1);
                scope.spawn(move || run_worker(shared, wseed));
            }
            // This thread watches the clock and reports progress.
            let mut next_report = progress.as_ref().map(|(d, _)| start + *d);
            loop {
                std::thread::sleep(Duration::from_millis(5));
                let done = shared.done.load(Ordering::Relaxed);
                if shared.stop.load(Ordering::Relaxed) {
                    break;
                }
                if shared.started.load(Ordering::Relaxed) >= shared.limit
                    && done >= shared.started.load(Ordering::Relaxed)
                {
                    break;
                }
                let elapsed = start.elapsed();
                if limits.time.is_some_and(|t| elapsed >= t) {
                    shared.stop.store(true, Ordering::Relaxed);
                    break;
                }
                if let (Some(at), Some((d, f))) = (next_report, progress.as_mut()) {
                    if Instant::now() >= at {
                        let guard = shared.tree.lock().unwrap_or_else(|e| e.into_inner());
                        let a = analysis(&guard.0, &guard.1, color, done, start.elapsed());
                        drop(guard);
                        f(&a);
                        next_report = Some(at + *d);
                    }
                }
            }
            shared.stop.store(true, Ordering::Relaxed);
        });
        let done = shared.done.load(Ordering::Relaxed);
        let (tree, own) = shared.tree.into_inner().unwrap_or_else(|e| e.into_inner());
        let a = analysis(&tree, &own, color, done, start.elapsed());
        if let Some((_, f)) = progress.as_mut() {
            f(&a);
        }
        self.tree = Some(tree);
        self.last = Some(a.clone());
        a
    }

    /// Choose a move for `color` in `game`: search, then pass when the game
    /// is over for us, resign when it is lost, else play the most visited
    /// move. In `cleanup` mode (KGS `kgs-genmove_cleanup`) the player does
    /// not pass while dead opponent stones remain on the board.
    pub fn genmove(
        &mut self,
        game: &mut Game,
        color: Color,
        limits: Limits,
        seed: u64,
        cleanup: bool,
    ) -> Decision {
        let a = self.search(game, color, limits, seed, None);
        let komi = game.komi();
        let sign = if color == Color::Black { 1.0 } else { -1.0 };
        let margin = sign * (a.ownership_score(game) - komi);
        let opponent_passed = game
            .last_move()
            .is_some_and(|(c, p)| c == color.opponent() && p.is_pass());
        let dead_opponent_stones = game.board().points().iter().any(|&p| {
            let o = a.black_ownership[p.idx()];
            let mine = if color == Color::Black { o } else { 1.0 - o };
            game.board().color(p) == color.opponent() && mine > 0.7
        });
        let best = a.moves.iter().find(|m| !m.mv.is_pass() || !cleanup);
        // Resignation.
        let wr = a.best_winrate();
        if self.params.resign_threshold > 0.0 && wr < self.params.resign_threshold {
            self.low_winrate_moves += 1;
            if self.low_winrate_moves >= self.params.resign_moves && !cleanup {
                return Decision::Resign;
            }
        } else {
            self.low_winrate_moves = 0;
        }
        if !cleanup || !dead_opponent_stones {
            if opponent_passed && margin > 0.0 {
                return Decision::Play(Pos::PASS);
            }
            if a.settled(game, 0.85) && !opponent_passed_needs_answer(game) {
                return Decision::Play(Pos::PASS);
            }
        }
        match best {
            Some(m) if m.visits > 0 => Decision::Play(m.mv),
            _ => Decision::Play(Pos::PASS),
        }
    }
}

/// Reserved for rules that want an answer to a pass; none so far.
fn opponent_passed_needs_answer(_game: &Game) -> bool {
    false
}

/// Playouts the search can still expect to run.
fn remaining_playouts(shared: &Shared, limits: &Limits, elapsed: Duration, done: u64) -> u64 {
    let by_count = shared.limit.saturating_sub(done);
    match limits.time {
        Some(t) if done > 0 => {
            let rate = done as f64 / elapsed.as_secs_f64().max(1e-3);
            let left = (t.saturating_sub(elapsed)).as_secs_f64();
            by_count.min((rate * left) as u64)
        }
        _ => by_count,
    }
}

/// Can the most visited root move no longer be overtaken in `remaining`
/// playouts?
fn decided(shared: &Shared, remaining: u64) -> bool {
    let guard = shared.tree.lock().unwrap_or_else(|e| e.into_inner());
    let t = &guard.0;
    let mut first = 0u32;
    let mut second = 0u32;
    for c in t.children(0) {
        let v = t.nodes[c].visits;
        if v > first {
            second = first;
            first = v;
        } else if v > second {
            second = v;
        }
    }
    first > 200 && (first - second) as u64 > remaining
}

/// The analysis of a tree.
fn analysis(tree: &Tree, own: &[u32], color: Color, playouts: u64, elapsed: Duration) -> Analysis {
    let root = &tree.nodes[0];
    let mut moves: Vec<MoveInfo> = tree
        .children(0)
        .filter(|&c| tree.nodes[c].visits > 0)
        .map(|c| {
            let n = &tree.nodes[c];
            let mut pv = vec![n.mv];
            pv.extend(tree.pv(c, 1));
            MoveInfo {
                mv: n.mv,
                visits: n.visits,
                winrate: n.winrate(),
                amaf_winrate: if n.amaf_visits > 0 {
                    n.amaf_wins / n.amaf_visits as f32
                } else {
                    0.5
                },
                prior: n.prior_wins / n.prior_visits.max(1.0),
                pv,
            }
        })
        .collect();
    moves.sort_by(|a, b| {
        b.visits
            .cmp(&a.visits)
            .then(b.winrate.total_cmp(&a.winrate))
    });
    let total = own[0].max(1) as f32;
    let black_ownership = own.iter().map(|&n| n as f32 / total).collect();
    Analysis {
        to_move: color,
        playouts,
        root_visits: root.visits,
        moves,
        black_ownership,
        elapsed,
    }
}

/// One search thread: simulations until the budget is spent or the search
/// is stopped.
fn run_worker(shared: &Shared, seed: u64) {
    let mut w = Worker {
        board: shared.root_board.clone(),
        rng: SmallRng::seed_from_u64(seed),
        scratch: PolicyScratch::default(),
        path: Vec::with_capacity(64),
        seq: Vec::with_capacity(1024),
        moves: Vec::with_capacity(ARR),
        amaf: vec![0; ARR],
    };
    while !shared.stop.load(Ordering::Relaxed) {
        if shared.started.fetch_add(1, Ordering::Relaxed) >= shared.limit {
            shared.started.fetch_sub(1, Ordering::Relaxed);
            break;
        }
        simulate(shared, &mut w);
        let done = shared.done.fetch_add(1, Ordering::Relaxed) + 1;
        // The early stop is checked by the workers at fixed playout counts,
        // so that a one-thread search without a clock is reproducible.
        if shared.limits.early_stop && done >= 512 && done.is_multiple_of(128) {
            let elapsed = shared.start.elapsed();
            let remaining = remaining_playouts(shared, &shared.limits, elapsed, done);
            if decided(shared, remaining) {
                shared.stop.store(true, Ordering::Relaxed);
            }
        }
    }
}

/// One simulation: walk down the tree, expand, play out, record.
fn simulate(shared: &Shared, w: &mut Worker) {
    w.board.copy_from(shared.root_board);
    w.path.clear();
    w.seq.clear();
    let mut to_move = shared.root_to_move;
    let mut last = shared.root_last;
    let mut passes = 0;
    {
        let mut guard = shared.tree.lock().unwrap_or_else(|e| e.into_inner());
        let tree = &mut guard.0;
        let mut i = 0;
        w.path.push(0);
        tree.nodes[0].virtual_loss += 1;
        loop {
            if tree.nodes[i].n_children == 0 {
                if i == 0 || tree.nodes[i].visits < EXPAND_AFTER || passes >= 2 {
                    break;
                }
                w.moves.clear();
                for k in 0..w.board.empty_count() {
                    let p = w.board.empty_at(k);
                    if w.board.is_legal(p, to_move) && !w.board.is_eye(p, to_move) {
                        w.moves.push(p);
                    }
                }
                w.moves.push(Pos::PASS);
                if !tree.expand(i, &mut w.board, to_move, &w.moves, shared.table) {
                    break;
                }
            }
            let c = tree.select(i);
            if c == usize::MAX {
                break;
            }
            let mv = tree.nodes[c].mv;
            tree.nodes[c].virtual_loss += 1;
            if !mv.is_pass() && !w.board.is_legal(mv, to_move) {
                // Cannot happen: children are made from legal moves of the
                // very position. Stop the walk rather than break the board.
                tree.nodes[c].virtual_loss -= 1;
                break;
            }
            w.board.play(mv, to_move);
            w.seq.push((to_move, mv));
            w.path.push(c);
            passes = if mv.is_pass() { passes + 1 } else { 0 };
            last = mv;
            to_move = to_move.opponent();
            i = c;
        }
    }
    let tree_len = w.seq.len();
    if passes < 2 {
        let seq = &mut w.seq;
        policy::playout(
            &mut w.board,
            to_move,
            last,
            shared.table,
            &mut w.scratch,
            &mut w.rng,
            |c, p| seq.push((c, p)),
        );
    }
    let score = w.board.area_score() as f32 - shared.komi;
    let black_wins = score > 0.0;
    let result = |c: Color| -> f32 {
        if (c == Color::Black) == black_wins {
            1.0
        } else {
            0.0
        }
    };
    // AMAF: the first colour to play each point, from the end backwards.
    w.amaf.iter_mut().for_each(|a| *a = 0);
    for &(c, p) in w.seq[tree_len..].iter().rev() {
        if !p.is_pass() {
            w.amaf[p.idx()] = c as u8;
        }
    }
    let mut guard = shared.tree.lock().unwrap_or_else(|e| e.into_inner());
    let (tree, own) = &mut *guard;
    for d in (0..w.path.len()).rev() {
        let i = w.path[d];
        let n = &mut tree.nodes[i];
        n.virtual_loss = n.virtual_loss.saturating_sub(1);
        n.visits += 1;
        n.wins += result(n.color);
        if d < tree_len {
            let (c, p) = w.seq[d];
            if !p.is_pass() {
                w.amaf[p.idx()] = c as u8;
            }
        }
        if tree.nodes[i].n_children > 0 {
            for k in tree.children(i) {
                let child = &mut tree.nodes[k];
                if !child.mv.is_pass() && w.amaf[child.mv.idx()] == child.color as u8 {
                    child.amaf_visits += 1;
                    child.amaf_wins += result(child.color);
                }
            }
        }
    }
    // Ownership: own[0] counts the playouts.
    own[0] += 1;
    for &p in w.board.points() {
        if w.board.owner(p) == Color::Black {
            own[p.idx()] += 1;
        }
    }
}

#[cfg(test)]
mod tests;

//! Owl: life-and-death reading of dragons ("optics with limit
//! negotiation", after GNU Go's owl code).
//!
//! The static eye analysis (`optics`) is right only in terminal positions,
//! where neither side can enlarge or shrink the eye space any more. The
//! owl reads until it gets there: the attacker plays moves that narrow the
//! goal dragon's eye space or take its eyes away, the defender moves that
//! widen it, make eyes, capture a lunch or run away, and at every node the
//! goal's eye spaces are evaluated again ([`eyes`]). The attacker wins when
//! the target string is captured; the defender when the goal has two sure
//! eyes or escapes. Candidate moves and their order come from [`moves`];
//! the search itself is [`search`]. Results are cached by the position's
//! Zobrist hash, the goal and the target, and every top-level question has
//! a node budget that grows with the level (`--owl-node-limit` sets it, as
//! `--owl-reading` and `--owl-branch` set the depths: [`OwlOverrides`]).
//!
//! Result codes are the tactical reader's: `0`, [`WIN`](crate::reading::WIN),
//! [`KO_A`](crate::reading::KO_A) and [`KO_B`](crate::reading::KO_B).
//! `docs/owl.md` explains the method with diagrams.

mod edge;
pub mod eyes;
pub mod goal;
pub mod moves;
mod search;
pub mod semeai;

use crate::board::Board;
use crate::point::Pos;
use crate::reading::Reader;
use std::collections::HashMap;

pub use goal::Goal;

/// Limits of owl reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwlParams {
    /// Most owl nodes one top-level question may visit (`--owl-node-limit`);
    /// past it the attack fails and the defence succeeds.
    pub node_limit: u64,
    /// Moves deeper than this below the question are not read: the attack
    /// fails, the defence succeeds (`--owl-reading`).
    pub reading_depth: usize,
    /// Beyond this depth each side tries only its best candidate (and the
    /// moves tried beyond the width, see `docs/owl.md`).
    pub branch_depth: usize,
    /// Conditional ko captures are tried only up to this depth.
    pub ko_depth: usize,
}

impl OwlParams {
    /// The limits for playing level `level` (10 is the default): the node
    /// budget halves every two levels below 10 and doubles every level
    /// above, the depths shrink by one every two levels below 10.
    pub fn for_level(level: i32) -> OwlParams {
        let node_limit = if level >= 10 {
            1000u64 << (level - 10).min(6)
        } else {
            (1000u64 >> ((10 - level) / 2).min(5)).max(60)
        };
        let down = ((10 - level).max(0) / 2) as usize;
        OwlParams {
            node_limit,
            reading_depth: 20usize.saturating_sub(down).max(8),
            branch_depth: 8usize.saturating_sub(down).max(3),
            ko_depth: 8usize.saturating_sub(down).max(2),
        }
    }
}

/// Limits given explicitly (the command line's `--owl-node-limit`,
/// `--owl-reading`, `--owl-branch`, GNU Go's options), winning over the
/// level's; `None` keeps the level's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OwlOverrides {
    /// `--owl-node-limit`: [`OwlParams::node_limit`].
    pub node_limit: Option<u64>,
    /// `--owl-reading`: [`OwlParams::reading_depth`].
    pub reading_depth: Option<usize>,
    /// `--owl-branch`: [`OwlParams::branch_depth`].
    pub branch_depth: Option<usize>,
}

impl OwlOverrides {
    /// The level's limits `p` with these overrides applied.
    pub fn apply(&self, mut p: OwlParams) -> OwlParams {
        if let Some(n) = self.node_limit {
            p.node_limit = n;
        }
        if let Some(d) = self.reading_depth {
            p.reading_depth = d;
        }
        if let Some(d) = self.branch_depth {
            p.branch_depth = d;
        }
        p
    }
}

impl Default for OwlParams {
    fn default() -> Self {
        OwlParams::for_level(10)
    }
}

/// A cached owl result: code, move, the depth below the question's root
/// the node was read at, and the question it was read in.
#[derive(Clone, Copy, Debug)]
struct CacheEntry {
    code: u8,
    mv: Pos,
    depth: u8,
    question: u32,
}

/// Cached entries kept before the cache is emptied.
const CACHE_ENTRIES: usize = 1 << 18;

/// The owl reader: limits, result cache and node counters. The engine keeps
/// one; every function leaves the board at the stack level it found it.
#[derive(Debug)]
pub struct Owl {
    /// The limits in force.
    pub params: OwlParams,
    level: i32,
    /// Explicit limits (command line), winning over the level's.
    overrides: OwlOverrides,
    /// Results by node key ([`search`]): code, move, the depth below the
    /// question's root the node was read at, and the question.
    cache: HashMap<u64, CacheEntry>,
    /// Questions begun: the number of the current one.
    question: u32,
    nodes: u64,
    question_start: u64,
    aborted: bool,
    /// Nodes of the semeai reader ([`semeai::Semeai`]) run with this owl.
    semeai_nodes: u64,
    /// Print the nodes on stderr down to this depth below the question
    /// (debugging; -1 for none).
    pub trace_depth: i32,
}

impl Default for Owl {
    fn default() -> Self {
        Owl::new(10)
    }
}

impl Owl {
    /// An owl reader for playing level `level`.
    pub fn new(level: i32) -> Owl {
        Owl {
            params: OwlParams::for_level(level),
            level,
            overrides: OwlOverrides::default(),
            cache: HashMap::new(),
            question: 0,
            nodes: 0,
            question_start: 0,
            aborted: false,
            semeai_nodes: 0,
            trace_depth: -1,
        }
    }

    /// Follow the playing level; the cache is cleared if the limits change.
    pub fn set_level(&mut self, level: i32) {
        if level != self.level {
            self.level = level;
            self.refresh();
        }
    }

    /// Set an explicit node limit (`--owl-node-limit`), or go back to the
    /// level's with `None`; the other overrides stay.
    pub fn set_node_limit(&mut self, limit: Option<u64>) {
        self.overrides.node_limit = limit;
        self.refresh();
    }

    /// Set every explicit limit at once (the command line's options).
    pub fn set_overrides(&mut self, o: OwlOverrides) {
        self.overrides = o;
        self.refresh();
    }

    fn refresh(&mut self) {
        let p = self.overrides.apply(OwlParams::for_level(self.level));
        if p != self.params {
            self.params = p;
            self.cache.clear();
        }
    }

    /// Owl nodes visited since the last reset (GTP `get_owl_node_counter`).
    pub fn node_counter(&self) -> u64 {
        self.nodes
    }

    /// Reset the node counter (GTP `reset_owl_node_counter`).
    pub fn reset_node_counter(&mut self) {
        self.nodes = 0;
        self.question_start = 0;
    }

    /// Semeai nodes visited with this owl since the last reset (GTP
    /// `get_semeai_node_counter`); they are not owl nodes.
    pub fn semeai_node_counter(&self) -> u64 {
        self.semeai_nodes
    }

    /// Reset the semeai node counter (GTP `reset_semeai_node_counter`).
    pub fn reset_semeai_node_counter(&mut self) {
        self.semeai_nodes = 0;
    }

    /// Forget every cached result.
    pub fn clear_cache(&mut self) {
        self.cache.clear();
    }

    /// Did the last question run out of nodes (its answer is uncertain)?
    pub fn last_aborted(&self) -> bool {
        self.aborted
    }

    fn begin(&mut self) {
        self.question = self.question.wrapping_add(1);
        self.question_start = self.nodes;
        self.aborted = false;
        if self.cache.len() > CACHE_ENTRIES {
            self.cache.clear();
        }
    }

    /// Count a node; false once the question's budget is spent.
    fn spend_node(&mut self) -> bool {
        if self.nodes - self.question_start >= self.params.node_limit {
            self.aborted = true;
            return false;
        }
        self.nodes += 1;
        true
    }

    /// Can the dragon made of `stones` be killed, the attacker moving
    /// first? `target` is the stone whose capture counts as the kill.
    /// Returns the code and the killing move.
    pub fn attack(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        stones: &[Pos],
        target: Pos,
    ) -> (u8, Pos) {
        self.read(board, reader, stones, target, false)
    }

    /// Can the dragon made of `stones` live, its owner moving first?
    /// Returns the code and the saving move (`PASS` when it lives as it is).
    pub fn defend(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        stones: &[Pos],
        target: Pos,
    ) -> (u8, Pos) {
        self.read(board, reader, stones, target, true)
    }

    /// One owl question from the top: the owner moving first (`defend`) or
    /// the attacker; the code and the move found.
    fn read(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        stones: &[Pos],
        target: Pos,
        defend: bool,
    ) -> (u8, Pos) {
        let Some(mut s) = self.search(board, reader, stones, target) else {
            return (0, Pos::NONE);
        };
        let level = board.stackp();
        let r = if defend {
            s.defend(board)
        } else {
            s.attack(board)
        };
        debug_assert_eq!(board.stackp(), level);
        r
    }

    /// If the attacker plays `m`, can the dragon then be killed (the owner
    /// to move)? The attacker's code; 0 when `m` is illegal.
    pub fn does_attack(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        stones: &[Pos],
        target: Pos,
        m: Pos,
    ) -> u8 {
        let Some(mut s) = self.search(board, reader, stones, target) else {
            return 0;
        };
        s.after_move(board, m, false)
    }

    /// If the owner plays `m`, does the dragon then live (the attacker to
    /// move)? The owner's code; 0 when `m` is illegal.
    pub fn does_defend(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        stones: &[Pos],
        target: Pos,
        m: Pos,
    ) -> u8 {
        let Some(mut s) = self.search(board, reader, stones, target) else {
            return 0;
        };
        s.after_move(board, m, true)
    }

    fn search<'a>(
        &'a mut self,
        board: &Board,
        reader: &'a mut Reader,
        stones: &[Pos],
        target: Pos,
    ) -> Option<search::Search<'a>> {
        let c = board.color(target);
        if !c.is_stone() {
            return None;
        }
        let mut goal: Vec<Pos> = stones
            .iter()
            .copied()
            .filter(|&p| board.color(p) == c)
            .collect();
        if !goal.contains(&target) {
            goal.push(target);
        }
        self.begin();
        Some(search::Search::new(
            self,
            reader,
            Goal::new(c, &goal),
            target,
            board.stackp(),
        ))
    }
}

#[cfg(test)]
mod tests;

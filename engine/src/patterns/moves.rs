//! What the pattern databases say about the moves of a position, for move
//! generation and for the move-prediction benchmark.
//!
//! * Fuseki: when the whole-board position is in a fuseki database, its
//!   moves are the opening moves ([`fuseki_move`]).
//! * Joseki: corner patterns give their move a value (the best match).
//! * Shape: the `patterns` database (hand-written and mined shapes) gives
//!   each move the sum of its matching patterns' values; negative values
//!   mark bad shape, `antisuji` actions forbid a move.
//!
//! Constraints are evaluated with the tactics given (the reader in play).

use super::helpers::Tactics;
use super::matcher::{self, Match};
use super::{database, fuseki, ActionKind};
use crate::board::Board;
use crate::point::{Color, Pos, ARR};
use rand::Rng;

/// Which databases move generation uses (GNU Go's `--nofuseki`,
/// `--nofusekidb`, `--nojosekidb`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternOptions {
    /// Opening moves at all: the fuseki databases and the joseki patterns
    /// of an empty corner (`--nofuseki` turns them off).
    pub fuseki: bool,
    /// The whole-board fuseki databases (`--nofusekidb`).
    pub fuseki_db: bool,
    /// The joseki database (`--nojosekidb`).
    pub joseki_db: bool,
}

impl Default for PatternOptions {
    fn default() -> Self {
        PatternOptions {
            fuseki: true,
            fuseki_db: true,
            joseki_db: true,
        }
    }
}

/// Smallest board on which joseki patterns are used.
pub const JOSEKI_MIN_SIZE: usize = 13;

/// Pattern values of every move of a position.
pub struct MoveValues {
    shape: Vec<f32>,
    joseki: Vec<f32>,
    antisuji: Vec<bool>,
    /// Patterns that matched (constraints holding).
    pub matched: usize,
}

impl MoveValues {
    /// Match the shape and joseki databases for `color`.
    pub fn compute(
        board: &mut Board,
        tactics: &mut dyn Tactics,
        color: Color,
        opts: &PatternOptions,
    ) -> MoveValues {
        let mut v = MoveValues {
            shape: vec![0.0; ARR],
            joseki: vec![0.0; ARR],
            antisuji: vec![false; ARR],
            matched: 0,
        };
        let empties: Vec<Pos> = board
            .points()
            .iter()
            .copied()
            .filter(|&p| board.color(p) == Color::Empty)
            .collect();
        if let Some(db) = database("patterns") {
            for m in matcher::matches(db, board, color, tactics, Some(&empties)) {
                v.matched += 1;
                if let Some(p) = m.move_pos() {
                    v.shape[p.idx()] += m.info().value;
                }
                v.note_actions(&m);
            }
        }
        if opts.joseki_db && board.size() >= JOSEKI_MIN_SIZE {
            if let Some(db) = database("joseki") {
                for m in matcher::matches(db, board, color, tactics, Some(&empties)) {
                    if !opts.fuseki && is_empty_corner(&m) {
                        continue;
                    }
                    v.matched += 1;
                    if let Some(p) = m.move_pos() {
                        let j = &mut v.joseki[p.idx()];
                        *j = j.max(m.info().value);
                    }
                }
            }
        }
        v
    }

    fn note_actions(&mut self, m: &Match) {
        for a in m.info().actions {
            if a.kind == ActionKind::Antisuji {
                if let Some(&k) = a.args.first() {
                    self.antisuji[m.label(k as usize).idx()] = true;
                }
            }
        }
    }

    /// Sum of the shape patterns' values at `p`.
    pub fn shape(&self, p: Pos) -> f32 {
        self.shape[p.idx()]
    }

    /// Best joseki value at `p` (0 if none).
    pub fn joseki(&self, p: Pos) -> f32 {
        self.joseki[p.idx()]
    }

    /// True if a pattern forbids `p`.
    pub fn antisuji(&self, p: Pos) -> bool {
        self.antisuji[p.idx()]
    }

    /// The value genmove adds to a move: shape (capped at 60, down to −30)
    /// and joseki, scaled to genmove's own values.
    pub fn bonus(&self, p: Pos) -> f32 {
        0.4 * self.shape(p).clamp(-30.0, 60.0) + 0.5 * self.joseki(p)
    }

    /// The pattern score of `p` for ranking moves by patterns alone: the
    /// joseki value plus the shape values.
    pub fn score(&self, p: Pos) -> f32 {
        self.joseki(p) + self.shape(p)
    }
}

/// A joseki match on an empty corner (no stone in the pattern).
fn is_empty_corner(m: &Match) -> bool {
    !m.oriented()
        .cells
        .iter()
        .any(|&(_, mask)| mask == 2 || mask == 4)
}

/// The fuseki move for `color`, if the position is in a fuseki database
/// and the options allow: one of the moves chosen at least a third as often
/// as the most popular, drawn in proportion to how often each was chosen.
/// Only moves legal on `board` are considered (superko is the caller's).
pub fn fuseki_move<R: Rng>(
    board: &Board,
    color: Color,
    opts: &PatternOptions,
    rng: &mut R,
) -> Option<Pos> {
    if !opts.fuseki || !opts.fuseki_db {
        return None;
    }
    let moves: Vec<(Pos, f32)> = fuseki::moves(board, color)
        .into_iter()
        .filter(|m| board.is_legal(m.0, color))
        .map(|m| (m.0, m.1))
        .collect();
    let best = moves.first()?.1;
    let top: Vec<(Pos, f32)> = moves.into_iter().filter(|m| m.1 * 3.0 >= best).collect();
    let total: f32 = top.iter().map(|m| m.1).sum();
    let mut x = rng.gen_range(0.0..total.max(f32::MIN_POSITIVE));
    for (p, w) in &top {
        if x < *w {
            return Some(*p);
        }
        x -= w;
    }
    top.last().map(|m| m.0)
}

/// Does any pattern of class `classes` match with its move at `p`? (For
/// tests and tools.)
pub fn has_move_of_class(ms: &[Match], p: Pos, classes: u32) -> bool {
    ms.iter()
        .any(|m| m.move_pos() == Some(p) && m.info().classes & classes != 0)
}

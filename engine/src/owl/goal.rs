//! The goal: the stones of the dragon an owl search is about.
//!
//! It starts as the dragon's stones. A stone the defender plays next to a
//! goal stone (or on a diagonal, or a one-point jump away) joins it; strings
//! that merge with goal stones on the board belong to it automatically,
//! because the goal is read as "every string holding a member point".
//! Joins are undone with the moves that made them ([`Goal::undo`]).

use crate::board::Board;
use crate::point::{Color, Pos, ARR};
use crate::zobrist;
use smallvec::SmallVec;

/// The goal dragon of one owl search.
#[derive(Clone, Debug)]
pub struct Goal {
    /// The dragon's colour (the defender).
    pub color: Color,
    mask: Vec<bool>,
    members: Vec<Pos>,
}

impl Goal {
    /// A goal made of `stones` (of colour `color`).
    pub fn new(color: Color, stones: &[Pos]) -> Goal {
        let mut g = Goal {
            color,
            mask: vec![false; ARR],
            members: Vec::with_capacity(stones.len() + 16),
        };
        for &s in stones {
            g.add(s);
        }
        g
    }

    fn add(&mut self, p: Pos) -> bool {
        if self.mask[p.idx()] {
            return false;
        }
        self.mask[p.idx()] = true;
        self.members.push(p);
        true
    }

    /// Number of member points (for undo marks).
    pub fn mark(&self) -> usize {
        self.members.len()
    }

    /// Forget members added after `mark`.
    pub fn undo(&mut self, mark: usize) {
        while self.members.len() > mark {
            if let Some(p) = self.members.pop() {
                self.mask[p.idx()] = false;
            }
        }
    }

    /// After the defender played `m`: make it a member when it is close to
    /// a goal stone (adjacent, diagonal, or a jump over an empty point).
    pub fn extend_with(&mut self, board: &Board, m: Pos) {
        if m.is_pass() || board.color(m) != self.color {
            return;
        }
        let near = m
            .neighbors()
            .iter()
            .chain(m.diagonals().iter())
            .any(|&q| self.is_goal_stone(board, q))
            || m.neighbors().iter().any(|&q| {
                board.color(q) == Color::Empty
                    && (2 * q.idx())
                        .checked_sub(m.idx())
                        .is_some_and(|j| j < ARR && self.is_goal_stone(board, Pos::from_index(j)))
            });
        if near {
            self.add(m);
        }
    }

    /// Is the stone at `p` part of the goal (its string holds a member)?
    pub fn is_goal_stone(&self, board: &Board, p: Pos) -> bool {
        if board.color(p) != self.color {
            return false;
        }
        if self.mask[p.idx()] {
            return true;
        }
        board.string_stones(p).any(|s| self.mask[s.idx()])
    }

    /// Every goal stone on the board now: the stones of the strings that
    /// hold a member.
    pub fn stones(&self, board: &Board) -> Vec<Pos> {
        let mut strings: SmallVec<[Pos; 16]> = SmallVec::new();
        let mut out = Vec::with_capacity(self.members.len() + 8);
        for &m in &self.members {
            if board.color(m) != self.color {
                continue;
            }
            let id = board.string_id(m);
            if strings.contains(&id) {
                continue;
            }
            strings.push(id);
            out.extend(board.string_stones(m));
        }
        out
    }

    /// A hash of the goal's strings (for the cache): each string holding
    /// a member, by its least point. Member sets that make the same goal
    /// strings hash alike, so a transposition hits the cache whichever
    /// order joined the stones (a stone played far from the goal and
    /// connected later is no member; played after the connection, it is).
    pub fn hash(&self, board: &Board) -> u64 {
        let mut seen: SmallVec<[Pos; 16]> = SmallVec::new();
        let mut h = 0u64;
        for &m in &self.members {
            if board.color(m) != self.color {
                continue;
            }
            let id = board.string_id(m);
            if seen.contains(&id) {
                continue;
            }
            seen.push(id);
            if let Some(least) = board.string_stones(m).min_by_key(|s| s.idx()) {
                h ^= zobrist::stone_key(Color::Black, least).rotate_left(17);
            }
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::diagram_board as board;

    /// Play `moves` for black, each joining the goal as the search does,
    /// and return the goal's hash with the board's.
    fn hash_after(moves: &[Pos]) -> (u64, u64) {
        let mut b = board(&[".....", ".....", ".....", ".....", "X...."]);
        let mut g = Goal::new(Color::Black, &[Pos::new(4, 0)]);
        for &m in moves {
            assert!(b.trymove(m, Color::Black));
            g.extend_with(&b, m);
        }
        (g.hash(&b), b.hash())
    }

    /// A stone played far from the goal and connected later is no member;
    /// played after the connection, it is. The goal strings are the same,
    /// and so is the hash: the owl cache finds the transposition.
    #[test]
    fn the_same_goal_strings_hash_alike_whatever_the_order() {
        let (b1, c1, d1) = (Pos::new(4, 1), Pos::new(4, 2), Pos::new(4, 3));
        let far_first = hash_after(&[d1, b1, c1]);
        let in_order = hash_after(&[b1, c1, d1]);
        assert_eq!(far_first.1, in_order.1, "the same position");
        assert_eq!(far_first.0, in_order.0, "the same goal strings");
        // A string joined on a diagonal is a goal string more.
        assert_ne!(hash_after(&[Pos::new(3, 1)]).0, hash_after(&[]).0);
    }
}

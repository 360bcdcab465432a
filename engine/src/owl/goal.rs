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
    /// Members given at the start (the dragon's stones); those after
    /// them joined with the defender's moves in the search.
    initial: usize,
}

/// A member taken out of the goal by the attacker's cut
/// ([`Goal::cut_off`]), with its place in the member list to put it back
/// ([`Goal::restore`]).
pub type CutMember = (usize, Pos);

impl Goal {
    /// A goal made of `stones` (of colour `color`).
    pub fn new(color: Color, stones: &[Pos]) -> Goal {
        let mut g = Goal {
            color,
            mask: vec![false; ARR],
            members: Vec::with_capacity(stones.len() + 16),
            initial: 0,
        };
        for &s in stones {
            g.add(s);
        }
        g.initial = g.members.len();
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
        if self.near(board, m) {
            self.add(m);
        }
    }

    /// Is the defender's stone at `m` close to a goal stone: adjacent,
    /// diagonal, or a jump over an empty point away?
    fn near(&self, board: &Board, m: Pos) -> bool {
        m.neighbors()
            .iter()
            .chain(m.diagonals().iter())
            .any(|&q| self.is_goal_stone(board, q))
            || m.neighbors().iter().any(|&q| {
                board.color(q) == Color::Empty
                    && (2 * q.idx())
                        .checked_sub(m.idx())
                        .is_some_and(|j| j < ARR && self.is_goal_stone(board, Pos::from_index(j)))
            })
    }

    /// After the attacker's stone filled the point the lone member `m`
    /// had joined the goal over (a jump, `extend_with`): take `m` out if
    /// it joined in the search, is a string of one stone and is no longer
    /// close to the goal (`near`). The stone is cut off; counted as goal,
    /// its liberties and its run would be the goal's. The member taken
    /// out, for [`Goal::restore`].
    pub fn cut_off(&mut self, board: &Board, m: Pos) -> Option<CutMember> {
        if board.color(m) != self.color || !self.mask[m.idx()] || board.string_size(m) != 1 {
            return None;
        }
        let k = self.members.iter().position(|&p| p == m)?;
        if k < self.initial || self.near(board, m) {
            return None;
        }
        self.mask[m.idx()] = false;
        self.members.remove(k);
        Some((k, m))
    }

    /// Put back the members [`Goal::cut_off`] took out, each in its place
    /// (the undo marks count the members before it).
    pub fn restore(&mut self, cut: &[CutMember]) {
        for &(k, m) in cut.iter().rev() {
            debug_assert!(!self.mask[m.idx()], "a member taken out once");
            self.mask[m.idx()] = true;
            self.members.insert(k.min(self.members.len()), m);
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

    /// A lone stone that joined over a jump leaves the goal when the
    /// attacker fills the gap, and comes back in its place when the cut is
    /// taken back; a dragon stone given at the start stays.
    #[test]
    fn a_jump_cut_off_leaves_the_goal_and_comes_back() {
        // Black C3 (the goal) jumps to A3 between white's B4 and A2-E2;
        // white B3 fills the gap, and A3 keeps the liberty A4.
        let mut b = board(&[".....", ".O...", "..X..", "OOOOO", "....."]);
        let goal_stone = Pos::new(2, 2);
        let (jump, gap) = (Pos::new(2, 0), Pos::new(2, 1));
        let mut g = Goal::new(Color::Black, &[goal_stone]);
        let mark = g.mark();
        assert!(b.trymove(jump, Color::Black));
        g.extend_with(&b, jump);
        assert!(g.is_goal_stone(&b, jump), "a jump over B3 joins");
        let before = g.members.clone();
        assert!(b.trymove(gap, Color::White));
        let cut = g.cut_off(&b, jump);
        assert_eq!(cut, Some((1, jump)));
        assert!(!g.is_goal_stone(&b, jump), "cut off by white B3");
        assert!(g.is_goal_stone(&b, goal_stone));
        g.restore(cut.as_slice());
        assert_eq!(g.members, before, "back in its place");
        b.popgo();
        // The dragon's own stones are never taken out.
        let mut start = Goal::new(Color::Black, &[goal_stone, jump]);
        assert!(b.trymove(gap, Color::White));
        assert_eq!(start.cut_off(&b, jump), None);
        b.popgo();
        b.popgo();
        g.undo(mark);
        assert_eq!(g.members, vec![goal_stone]);
    }
}

//! The search tree: nodes in one arena, the children of a node side by side.
//!
//! A node holds the statistics of the move that leads to it, seen from the
//! player who made that move: visits and wins of the simulations through it,
//! AMAF (all-moves-as-first) visits and wins — simulations from its parent in
//! which its move was played later by the same player —, prior visits and
//! wins (a head start from cheap knowledge), and the virtual losses of
//! simulations still running through it.

use super::board::McBoard;
use super::patterns::PatternTable;
use super::policy::pattern_key;
use crate::point::{Color, Pos};

/// RAVE equivalence: the number of real visits at which the real and AMAF
/// statistics weigh about the same.
pub const RAVE_EQUIV: f32 = 1500.0;
/// Exploration constant of the UCB term.
pub const EXPLORATION: f32 = 0.03;
/// Prior visits every new move starts with.
const PRIOR_VISITS: f32 = 10.0;

/// One node of the tree.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// The move leading here (`PASS` for a pass and for the root).
    pub mv: Pos,
    /// The player who made `mv`.
    pub color: Color,
    /// Index of the first child; 0 when the node is not expanded.
    pub first_child: u32,
    /// Number of children.
    pub n_children: u32,
    /// Simulations through this node.
    pub visits: u32,
    /// Wins of `color` among them.
    pub wins: f32,
    /// AMAF simulations.
    pub amaf_visits: u32,
    /// AMAF wins of `color`.
    pub amaf_wins: f32,
    /// Prior visits.
    pub prior_visits: f32,
    /// Prior wins.
    pub prior_wins: f32,
    /// Simulations under way through this node.
    pub virtual_loss: u32,
}

impl Node {
    fn new(mv: Pos, color: Color, prior: f32) -> Node {
        Node {
            mv,
            color,
            first_child: 0,
            n_children: 0,
            visits: 0,
            wins: 0.0,
            amaf_visits: 0,
            amaf_wins: 0.0,
            prior_visits: PRIOR_VISITS,
            prior_wins: PRIOR_VISITS * prior,
            virtual_loss: 0,
        }
    }

    /// Win rate of `color` from the simulations (0.5 before any).
    pub fn winrate(&self) -> f32 {
        if self.visits == 0 {
            0.5
        } else {
            self.wins / self.visits as f32
        }
    }

    /// The selection value seen from the parent (which chooses among its
    /// children for `color`): real and AMAF win rates blended, plus a small
    /// exploration bonus. Virtual losses count as lost visits.
    #[inline]
    pub fn value(&self, log_parent: f32) -> f32 {
        let n = self.visits as f32 + self.virtual_loss as f32 + self.prior_visits;
        let q = (self.wins + self.prior_wins) / n;
        let an = self.amaf_visits as f32;
        let v = if an > 0.0 {
            let beta = an / (an + n + n * an / RAVE_EQUIV);
            (1.0 - beta) * q + beta * (self.amaf_wins / an)
        } else {
            q
        };
        v + EXPLORATION * (log_parent / n).sqrt()
    }
}

/// The tree: an arena of nodes, the root at index 0.
#[derive(Clone, Debug)]
pub struct Tree {
    /// The nodes.
    pub nodes: Vec<Node>,
    /// Most nodes the tree may grow to.
    pub max_nodes: usize,
}

impl Tree {
    /// A tree whose root is the position reached by `last` of `color`.
    pub fn new(last: Pos, color: Color, max_nodes: usize) -> Tree {
        let mut nodes = Vec::with_capacity(max_nodes.min(1 << 16));
        nodes.push(Node::new(last, color, 0.5));
        Tree { nodes, max_nodes }
    }

    /// Children of node `i`.
    pub fn children(&self, i: usize) -> std::ops::Range<usize> {
        let n = &self.nodes[i];
        n.first_child as usize..(n.first_child + n.n_children) as usize
    }

    /// Give node `i` the children `moves` (for `to_move`), with priors from
    /// the position `b`. False when the tree is full.
    pub fn expand(
        &mut self,
        i: usize,
        b: &mut McBoard,
        to_move: Color,
        moves: &[Pos],
        table: &PatternTable,
    ) -> bool {
        if self.nodes[i].n_children > 0 {
            return true;
        }
        if self.nodes.len() + moves.len() > self.max_nodes {
            return false;
        }
        let first = self.nodes.len() as u32;
        for &m in moves {
            let prior = prior(b, m, to_move, table);
            self.nodes.push(Node::new(m, to_move, prior));
        }
        let n = &mut self.nodes[i];
        n.first_child = first;
        n.n_children = moves.len() as u32;
        true
    }

    /// The child of `i` to explore next.
    pub fn select(&self, i: usize) -> usize {
        let parent = &self.nodes[i];
        let log_parent = ((parent.visits + parent.virtual_loss + 1) as f32).ln();
        let mut best = usize::MAX;
        let mut best_v = f32::NEG_INFINITY;
        for c in self.children(i) {
            let v = self.nodes[c].value(log_parent);
            if v > best_v {
                best_v = v;
                best = c;
            }
        }
        best
    }

    /// The most visited child of `i`, if any.
    pub fn best_child(&self, i: usize) -> Option<usize> {
        self.children(i).max_by(|&a, &b| {
            let (na, nb) = (&self.nodes[a], &self.nodes[b]);
            na.visits
                .cmp(&nb.visits)
                .then(na.winrate().total_cmp(&nb.winrate()))
        })
    }

    /// The principal variation from node `i`: most visited children, down
    /// to nodes with at least `min_visits`.
    pub fn pv(&self, mut i: usize, min_visits: u32) -> Vec<Pos> {
        let mut v = Vec::new();
        while let Some(c) = self.best_child(i) {
            if self.nodes[c].visits < min_visits {
                break;
            }
            v.push(self.nodes[c].mv);
            i = c;
        }
        v
    }

    /// A new tree made of the subtree under node `i` (which becomes the
    /// root), keeping only the root children for which `keep` holds.
    pub fn subtree(&self, i: usize, mut keep: impl FnMut(Pos) -> bool) -> Tree {
        let mut t = Tree {
            nodes: Vec::with_capacity(self.nodes.len()),
            max_nodes: self.max_nodes,
        };
        let mut root = self.nodes[i];
        root.first_child = 0;
        root.n_children = 0;
        t.nodes.push(root);
        // Breadth first: (old index, new index).
        let mut queue = std::collections::VecDeque::new();
        queue.push_back((i, 0usize));
        while let Some((old, new)) = queue.pop_front() {
            let kids: Vec<usize> = self
                .children(old)
                .filter(|&c| new != 0 || keep(self.nodes[c].mv))
                .collect();
            if kids.is_empty() {
                continue;
            }
            let first = t.nodes.len();
            for &c in &kids {
                let mut n = self.nodes[c];
                n.first_child = 0;
                n.n_children = 0;
                n.virtual_loss = 0;
                t.nodes.push(n);
            }
            t.nodes[new].first_child = first as u32;
            t.nodes[new].n_children = kids.len() as u32;
            for (k, &c) in kids.iter().enumerate() {
                queue.push_back((c, first + k));
            }
        }
        t
    }
}

/// The prior win rate of a new move: even, better for captures, atari
/// escapes and good shapes, worse for self-ataris, first-line moves far from
/// any stone, and passes.
pub fn prior(b: &mut McBoard, m: Pos, c: Color, table: &PatternTable) -> f32 {
    if m.is_pass() {
        return 0.1;
    }
    let mut p: f32 = 0.5;
    if b.captures(m, c) {
        p += 0.2;
    }
    let (libs, stones) = b.libs_after(m, c);
    if libs < 2 {
        p -= if stones >= 2 { 0.35 } else { 0.2 };
    }
    let w = table.weight(pattern_key(b, m, c)) as f32 / super::patterns::SCALE;
    if w > 1.0 {
        p += (0.05 * w.ln()).min(0.15);
    } else if w < 1.0 {
        p -= (0.05 * -(w.max(0.01)).ln()).min(0.1);
    }
    let size = b.size();
    let (r, col) = (m.row(), m.col());
    let line = r.min(col).min(size - 1 - r).min(size - 1 - col);
    if size >= 7 && line == 0 && !near_stone(b, m) {
        p -= 0.15;
    }
    p.clamp(0.02, 0.98)
}

/// Is there a stone within two steps (Manhattan distance) of `m`?
fn near_stone(b: &McBoard, m: Pos) -> bool {
    let size = b.size() as i32;
    let (r, c) = (m.row() as i32, m.col() as i32);
    for dr in -2i32..=2 {
        for dc in -2i32..=2 {
            if dr.abs() + dc.abs() > 2 {
                continue;
            }
            let (rr, cc) = (r + dr, c + dc);
            if rr < 0 || cc < 0 || rr >= size || cc >= size {
                continue;
            }
            if b.color(Pos::new(rr as usize, cc as usize)).is_stone() {
                return true;
            }
        }
    }
    false
}

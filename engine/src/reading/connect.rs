//! Connection reading: can two strings of one colour be joined into one
//! (`string_connect`), can the opponent cut them apart (`disconnect`)?
//!
//! A minimax search on the real board (`trymove`/`popgo`), like the tactical
//! reader's, between the *connector* (the strings' owner) and the *cutter*.
//! The connector wins once the two are one string; the cutter wins once
//! either string is off the board or can be captured (the tactical reader
//! [`Reader::attack`] decides). Between the two, the search looks at the
//! *links* the connector has: the moves that would join the strings at once
//! (a shared liberty it can fill without self-atari, the capture of a cutting
//! string in atari, a cutting string the tactical reader cannot save). Two
//! links the cutter cannot both take make a connection; none at all with the
//! cutter to move, at the end of the search, makes a cut. Moves come from the
//! links, from the *second-order* points (a liberty of one string next to a
//! liberty of the other, or next to a friendly string that reaches it), from
//! the tactical reader's attacks and defences of the two strings and of the
//! cutting strings, and from ataris. Results are cached with the tactical
//! reader's results (by Zobrist hash), and a node budget bounds every
//! question. `docs/connections.md` explains it with diagrams.

use super::cache::{Cache, Probe, Routine};
use super::{rank, Reader, WIN};
use crate::board::Board;
use crate::point::ARR;
use crate::point::{Color, Pos};
use smallvec::SmallVec;
use std::collections::VecDeque;

/// Plies a connection search reads beyond its root: past it, a position
/// with the cutter to move is cut unless the connector has two links.
const CONNECT_DEPTH: usize = 12;

/// Plies from the root within which the second-order moves are tried;
/// deeper only links, captures and defences are (the ladder-like part of
/// the search).
const CONNECT_BRANCH_DEPTH: usize = 6;

/// Connection nodes one question may spend at level 10 (halved per two
/// levels below, doubled per level above, as the tactical reader's limit).
const CONNECT_NODE_LIMIT: u64 = 2_000;

/// At the horizon, strings the connector can join with at most this many
/// stones count as connected ([`stones_to_join`]).
const HORIZON_JOIN: u8 = 2;

/// Within the branch depth, both sides also try the empty points on the
/// connector's shortest joins when they need at most this many stones.
const PATH_JOIN: u8 = 3;

/// Strings with at most this many liberties are asked about with the
/// tactical reader at a node (more can't be captured within its limits
/// anyway, and the question costs nodes).
const TACTICAL_LIBS: usize = 3;

/// The connection reader's counters (part of [`Reader`]).
#[derive(Default, Debug)]
pub struct ConnState {
    /// Connection nodes since the last reset (GTP
    /// `get_connection_node_counter`).
    pub nodes: u64,
    /// Nodes at the start of the current question.
    start: u64,
    /// Stack level of the current question's root.
    root: usize,
    /// The budget ran out in the current question: nothing read after that
    /// is cached.
    aborted: bool,
}

/// A candidate move with its order (higher first).
type Cands = SmallVec<[(Pos, i32); 24]>;

fn add(c: &mut Cands, m: Pos, score: i32) {
    if m.is_pass() {
        return;
    }
    if let Some(e) = c.iter_mut().find(|e| e.0 == m) {
        e.1 = e.1.max(score);
    } else {
        c.push((m, score));
    }
}

fn sorted(mut c: Cands) -> SmallVec<[Pos; 24]> {
    // Stable: equal scores keep the order they were found in.
    c.sort_by_key(|e| std::cmp::Reverse(e.1));
    c.into_iter().map(|e| e.0).collect()
}

/// The liberties of the string at `s` (up to 16).
fn libs(b: &Board, s: Pos) -> SmallVec<[Pos; 16]> {
    let mut buf = [Pos::NONE; 16];
    let n = b.findlib(s, &mut buf).min(16);
    buf[..n].iter().copied().collect()
}

/// Is the empty point `p` next to the string at `s`?
#[inline]
fn touches(b: &Board, p: Pos, s: Pos) -> bool {
    b.is_liberty_of(p, s)
}

/// Strings of the opponent of `s1`'s owner next to both strings.
fn common_cutters(b: &Board, s1: Pos, s2: Pos) -> SmallVec<[Pos; 8]> {
    let n2 = b.chainlinks(s2);
    b.chainlinks(s1)
        .into_iter()
        .filter(|t| n2.contains(t))
        .collect()
}

/// The links of the connector: moves by `c` that join `s1` and `s2` at once
/// and leave the joined string at least two liberties (shared liberties),
/// and the captures of cutting strings in atari next to both.
fn links(b: &Board, s1: Pos, s2: Pos, c: Color) -> SmallVec<[Pos; 8]> {
    let mut out: SmallVec<[Pos; 8]> = SmallVec::new();
    for l in libs(b, s1) {
        if touches(b, l, s2) && b.accuratelib(l, c, 2, &mut []) >= 2 && b.is_legal(l, c) {
            out.push(l);
        }
    }
    for t in common_cutters(b, s1, s2) {
        if b.countlib(t) == 1 {
            let mut l = [Pos::NONE; 1];
            b.findlib(t, &mut l);
            if !out.contains(&l[0]) && b.is_legal(l[0], c) {
                out.push(l[0]);
            }
        }
    }
    out
}

/// The join distance from the string at `s`: for every point, how many
/// empty points the owner must fill to reach it from `s` (its own stones
/// cost nothing, the opponent's block), up to `cap` (points farther away
/// keep `u8::MAX`). A breadth-first search with costs 0 and 1.
fn join_field(b: &Board, s: Pos, cap: u8) -> [u8; ARR] {
    let c = b.color(s);
    let mut dist = [u8::MAX; ARR];
    let mut deque: VecDeque<Pos> = VecDeque::new();
    for p in b.string_stones(s) {
        dist[p.idx()] = 0;
        deque.push_back(p);
    }
    while let Some(p) = deque.pop_front() {
        let d = dist[p.idx()];
        for q in p.neighbors() {
            let step = match b.color(q) {
                x if x == c => 0,
                Color::Empty => 1,
                _ => continue,
            };
            let nd = d + step;
            if nd > cap || nd >= dist[q.idx()] {
                continue;
            }
            dist[q.idx()] = nd;
            if step == 0 {
                deque.push_front(q);
            } else {
                deque.push_back(q);
            }
        }
    }
    dist
}

/// How many stones the owner of `s1` needs to join it to `s2` (empty
/// points to fill on the shortest path), `cap + 1` when more than `cap`;
/// and the empty points on the shortest paths when that is at most `cap`.
pub fn join_paths(b: &Board, s1: Pos, s2: Pos, cap: u8) -> (u8, SmallVec<[Pos; 16]>) {
    debug_assert!(
        b.color(s1).is_stone() && b.color(s2) == b.color(s1),
        "join of non-strings"
    );
    let f1 = join_field(b, s1, cap);
    let f2 = join_field(b, s2, cap);
    // A point counts in both fields when it is empty: the distance through
    // an empty point p is f1[p] + f2[p] - 1.
    let mut d = cap + 1;
    let mut pts: SmallVec<[Pos; 16]> = SmallVec::new();
    for &p in b.points() {
        if b.color(p) != Color::Empty {
            continue;
        }
        let (a, z) = (f1[p.idx()], f2[p.idx()]);
        if a == u8::MAX || z == u8::MAX {
            continue;
        }
        let through = a + z - 1;
        if through < d {
            d = through;
            pts.clear();
        }
        if through == d {
            pts.push(p);
        }
    }
    if d > cap {
        pts.clear();
    }
    (d, pts)
}

/// How many stones the owner of `s1` needs to join it to `s2`, up to
/// `cap + 1` ([`join_paths`]).
pub fn stones_to_join(b: &Board, s1: Pos, s2: Pos, cap: u8) -> u8 {
    join_paths(b, s1, s2, cap).0
}

impl Reader {
    /// Connection nodes since the last reset.
    pub fn connection_node_counter(&self) -> u64 {
        self.conn.nodes
    }

    /// Reset the connection node counter.
    pub fn reset_connection_node_counter(&mut self) {
        self.conn.nodes = 0;
        self.conn.start = 0;
    }

    /// The node budget of one connection question at the current level.
    fn connection_node_limit(&self) -> u64 {
        let level = self.level();
        if level >= 10 {
            CONNECT_NODE_LIMIT << (level - 10).min(6)
        } else {
            (CONNECT_NODE_LIMIT >> ((10 - level) / 2).min(6)).max(100)
        }
    }

    fn begin_connection(&mut self, b: &Board) {
        self.conn.start = self.conn.nodes;
        self.conn.root = b.stackp();
        self.conn.aborted = false;
    }

    /// Can the strings at `s1` and `s2` (one colour) be joined, their owner
    /// moving first (GNU Go's `string_connect`)? Returns the code for the
    /// connector and the move (`PASS` when they are one string already).
    pub fn string_connect(&mut self, b: &mut Board, s1: Pos, s2: Pos) -> (u8, Pos) {
        let c = b.color(s1);
        if !c.is_stone() || b.color(s2) != c {
            return (0, Pos::NONE);
        }
        if b.same_string(s1, s2) {
            return (WIN, Pos::PASS);
        }
        self.begin_connection(b);
        let level = b.stackp();
        let r = self.conn_connect(b, s1, s2);
        debug_assert_eq!(b.stackp(), level);
        r
    }

    /// Can the opponent of the owner of `s1` and `s2`, moving first, cut
    /// them apart — keep them from ever being one string, or capture one
    /// of them (GNU Go's `disconnect`)? Returns the code for the cutter and
    /// the move.
    pub fn disconnect(&mut self, b: &mut Board, s1: Pos, s2: Pos) -> (u8, Pos) {
        let c = b.color(s1);
        if !c.is_stone() || b.color(s2) != c || b.same_string(s1, s2) {
            return (0, Pos::NONE);
        }
        self.begin_connection(b);
        let level = b.stackp();
        let r = self.conn_disconnect(b, s1, s2);
        debug_assert_eq!(b.stackp(), level);
        r
    }

    /// Count a connection node; false once the budget is spent.
    fn spend_conn_node(&mut self) -> bool {
        let limit = self.connection_node_limit();
        if self.conn.nodes - self.conn.start >= limit {
            self.conn.aborted = true;
            return false;
        }
        self.conn.nodes += 1;
        true
    }

    /// Plies played since the question's root.
    #[inline]
    fn conn_ply(&self, b: &Board) -> usize {
        b.stackp().saturating_sub(self.conn.root)
    }

    fn conn_key(b: &Board, routine: Routine, s1: Pos, s2: Pos) -> u64 {
        Cache::key(b.hash(), routine, s1, (0, s2))
    }

    fn conn_store(&mut self, b: &Board, key: u64, r: (u8, Pos)) -> (u8, Pos) {
        if !self.conn.aborted {
            self.cache.put(key, b.stackp(), r.0, r.1);
        }
        r
    }

    /// The tactical status of a string asked at a connection node: the
    /// reader's attack (the opponent to move) for strings with few
    /// liberties, else nothing.
    fn conn_attack(&mut self, b: &mut Board, s: Pos) -> (u8, Pos) {
        if b.countlib(s) > TACTICAL_LIBS {
            return (0, Pos::NONE);
        }
        self.attack(b, s)
    }

    /// As [`Self::conn_attack`], the defence (the owner to move).
    fn conn_defend(&mut self, b: &mut Board, s: Pos) -> (u8, Pos) {
        if b.countlib(s) > TACTICAL_LIBS {
            return (WIN, Pos::NONE);
        }
        self.find_defense(b, s)
    }

    /// The connector (owner of `s1`, `s2`) to move: can it join them?
    fn conn_connect(&mut self, b: &mut Board, s1: Pos, s2: Pos) -> (u8, Pos) {
        let c = b.color(s1);
        debug_assert!(c.is_stone() && b.color(s2) == c, "connect of non-strings");
        if b.same_string(s1, s2) {
            return (WIN, Pos::PASS);
        }
        let key = Self::conn_key(b, Routine::Connect, s1, s2);
        let hint = match self.cache.probe(key, b.stackp(), WIN) {
            Probe::Hit(code, mv) => return (code, mv),
            Probe::Hint(m) => m,
            Probe::Miss => Pos::NONE,
        };
        if !self.spend_conn_node() || self.conn_ply(b) >= CONNECT_DEPTH {
            // The horizon: joined when the connector needs at most
            // `HORIZON_JOIN` stones.
            let ls = links(b, s1, s2, c);
            return if stones_to_join(b, s1, s2, HORIZON_JOIN) <= HORIZON_JOIN {
                (WIN, ls.first().copied().unwrap_or(Pos::NONE))
            } else {
                (0, Pos::NONE)
            };
        }
        let ply = self.conn_ply(b);
        let mut cand: Cands = SmallVec::new();
        add(&mut cand, hint, 1000);
        // Links: join at once.
        for m in links(b, s1, s2, c) {
            add(&mut cand, m, 500);
        }
        // Cutting strings next to both that the tactical reader captures.
        for t in common_cutters(b, s1, s2) {
            let (code, m) = self.conn_attack(b, t);
            if code != 0 {
                add(&mut cand, m, 400);
            }
        }
        // Save a string the cutter could capture.
        for s in [s1, s2] {
            let (code, _) = self.conn_attack(b, s);
            if code != 0 {
                let (d, m) = self.conn_defend(b, s);
                if d == 0 {
                    // Lost whatever the connector does here: the cut stands
                    // unless the other string's move joins them (a link
                    // above).
                    continue;
                }
                add(&mut cand, m, 300);
            }
        }
        if ply < CONNECT_BRANCH_DEPTH {
            self.second_order(b, s1, s2, c, &mut cand, 200);
            for p in join_paths(b, s1, s2, PATH_JOIN).1 {
                add(&mut cand, p, 120);
            }
            // Captures of cutting strings next to one of them.
            for s in [s1, s2] {
                for t in b.chainlinks(s) {
                    if b.countlib(t) <= 2 {
                        let (code, m) = self.conn_attack(b, t);
                        if code != 0 {
                            add(&mut cand, m, 150);
                        }
                    }
                }
            }
        }
        let mut best = (0u8, Pos::NONE);
        for m in sorted(cand) {
            if !b.trymove(m, c) {
                continue;
            }
            let r = if b.color(s1) != c || b.color(s2) != c {
                // Our own move took a string off? (suicide rules only)
                0
            } else {
                let (cut, _) = self.conn_disconnect(b, s1, s2);
                super::reverse(cut)
            };
            b.popgo();
            if r == WIN {
                return self.conn_store(b, key, (WIN, m));
            }
            if rank(r) > rank(best.0) {
                best = (r, m);
            }
        }
        self.conn_store(b, key, best)
    }

    /// The cutter to move: can it keep `s1` and `s2` apart (or capture one)?
    fn conn_disconnect(&mut self, b: &mut Board, s1: Pos, s2: Pos) -> (u8, Pos) {
        let c = b.color(s1);
        debug_assert!(
            c.is_stone() && b.color(s2) == c,
            "disconnect of non-strings"
        );
        if b.same_string(s1, s2) {
            return (0, Pos::NONE);
        }
        let key = Self::conn_key(b, Routine::Disconnect, s1, s2);
        let hint = match self.cache.probe(key, b.stackp(), WIN) {
            Probe::Hit(code, mv) => return (code, mv),
            Probe::Hint(m) => m,
            Probe::Miss => Pos::NONE,
        };
        let o = c.opponent();
        // Capture of either string cuts.
        let mut best = (0u8, Pos::NONE);
        let mut attacks: SmallVec<[Pos; 2]> = SmallVec::new();
        for s in [s1, s2] {
            let (code, m) = self.conn_attack(b, s);
            if code == WIN {
                return self.conn_store(b, key, (WIN, m));
            }
            if code != 0 {
                attacks.push(m);
                if rank(code) > rank(best.0) {
                    best = (code, m);
                }
            }
        }
        // Cutting strings next to both that cannot be saved: joined.
        let mut rescues: SmallVec<[Pos; 4]> = SmallVec::new();
        for t in common_cutters(b, s1, s2) {
            if b.countlib(t) <= 2 {
                let (code, m) = self.conn_defend(b, t);
                if code == 0 {
                    return self.conn_store(b, key, best);
                }
                if b.countlib(t) == 1 || self.conn_attack(b, t).0 != 0 {
                    rescues.push(m);
                }
            }
        }
        let ls = links(b, s1, s2, c);
        if ls.len() >= 2 {
            return self.conn_store(b, key, best);
        }
        if !self.spend_conn_node() || self.conn_ply(b) >= CONNECT_DEPTH {
            // The horizon: cut when the connector needs more than
            // `HORIZON_JOIN` stones to join them.
            return if stones_to_join(b, s1, s2, HORIZON_JOIN) > HORIZON_JOIN {
                (WIN, ls.first().copied().unwrap_or(Pos::NONE))
            } else {
                best
            };
        }
        let ply = self.conn_ply(b);
        let mut cand: Cands = SmallVec::new();
        add(&mut cand, hint, 1000);
        for &m in &ls {
            add(&mut cand, m, 500);
        }
        for &m in &rescues {
            add(&mut cand, m, 450);
        }
        for &m in &attacks {
            add(&mut cand, m, 400);
        }
        // Ataris on the strings.
        for s in [s1, s2] {
            if b.countlib(s) <= 2 {
                for l in libs(b, s) {
                    add(&mut cand, l, 300);
                }
            }
        }
        if ply < CONNECT_BRANCH_DEPTH {
            // Take the connector's second-order points first.
            self.second_order(b, s1, s2, c, &mut cand, 200);
            for p in join_paths(b, s1, s2, PATH_JOIN).1 {
                add(&mut cand, p, 120);
            }
            // Next to a single link: approach it.
            if ls.len() == 1 {
                for q in ls[0].neighbors() {
                    if b.color(q) == Color::Empty {
                        add(&mut cand, q, 100);
                    }
                }
            }
        }
        for m in sorted(cand) {
            if !b.trymove(m, o) {
                continue;
            }
            let r = if b.color(s1) != c || b.color(s2) != c {
                WIN
            } else {
                let (joined, _) = self.conn_connect(b, s1, s2);
                super::reverse(joined)
            };
            b.popgo();
            if r == WIN {
                return self.conn_store(b, key, (WIN, m));
            }
            if rank(r) > rank(best.0) {
                best = (r, m);
            }
        }
        self.conn_store(b, key, best)
    }

    /// The second-order points of the connector: a liberty of one string
    /// next to a liberty of the other, or next to a friendly string (not
    /// the other) that touches a liberty of the other or shares one with
    /// it — after the move there, a link.
    fn second_order(
        &mut self,
        b: &Board,
        s1: Pos,
        s2: Pos,
        c: Color,
        cand: &mut Cands,
        score: i32,
    ) {
        for (a, z) in [(s1, s2), (s2, s1)] {
            for l in libs(b, a) {
                if touches(b, l, z) {
                    continue;
                }
                let mut good = false;
                for q in l.neighbors() {
                    match b.color(q) {
                        Color::Empty => good |= touches(b, q, z),
                        x if x == c && !b.same_string(q, a) => {
                            good |= libs(b, q).iter().any(|&k| touches(b, k, z))
                        }
                        _ => {}
                    }
                }
                if good {
                    add(cand, l, score);
                }
            }
        }
        // Bridges: an empty point next to a liberty of each (the stone
        // there has a link to both).
        let l1 = libs(b, s1);
        let l2 = libs(b, s2);
        for &x in &l1 {
            for p in x.neighbors() {
                if b.color(p) != Color::Empty || touches(b, p, s1) || touches(b, p, s2) {
                    continue;
                }
                if p.neighbors().iter().any(|q| l2.contains(q)) {
                    add(cand, p, score - 20);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reading::tests::{at, board};

    const BAMBOO: [&str; 7] = [
        ". . . . . . .",
        ". X X . . . .",
        ". . . . . . .",
        ". X X . . . .",
        ". . . . . . .",
        ". . . . . O .",
        ". . . . . . .",
    ];

    #[test]
    fn bamboo_joint_cannot_be_cut() {
        let mut b = board(&BAMBOO);
        let mut r = Reader::default();
        let (s1, s2) = (at(&b, "B6"), at(&b, "B4"));
        assert_eq!(r.disconnect(&mut b, s1, s2).0, 0);
        let (code, mv) = r.string_connect(&mut b, s1, s2);
        assert_eq!(code, WIN);
        assert!(mv == at(&b, "B5") || mv == at(&b, "C5"));
        assert_eq!(b.stackp(), 0);
        assert!(r.connection_node_counter() > 0);
    }

    #[test]
    fn one_string_is_connected() {
        let mut b = board(&BAMBOO);
        let mut r = Reader::default();
        let (s1, s2) = (at(&b, "B6"), at(&b, "C6"));
        assert_eq!(r.string_connect(&mut b, s1, s2), (WIN, Pos::PASS));
        assert_eq!(r.disconnect(&mut b, s1, s2).0, 0);
    }

    #[test]
    fn cutting_stone_in_atari_is_captured() {
        let mut b = board(&[
            ". . . . .",
            ". . X . .",
            ". X O X .",
            ". . . . .",
            ". . . . .",
        ]);
        let mut r = Reader::default();
        let (s1, s2) = (at(&b, "B3"), at(&b, "D3"));
        assert_eq!(r.string_connect(&mut b, s1, s2), (WIN, at(&b, "C2")));
        assert_eq!(r.disconnect(&mut b, s1, s2).0, 0);
        assert_eq!(b.stackp(), 0);
    }

    #[test]
    fn capture_of_either_string_cuts() {
        // Black B4 is in atari: white takes it at A4 (or the shared point
        // is not enough: C3 joins, but the joined string stays short).
        let mut b = board(&[
            ". O . . .",
            ". X O . .",
            ". O X . .",
            ". . . . .",
            ". . . . .",
        ]);
        let mut r = Reader::default();
        let (s1, s2) = (at(&b, "B4"), at(&b, "C3"));
        let (code, _) = r.disconnect(&mut b, s1, s2);
        assert_eq!(code, WIN);
        assert_eq!(b.stackp(), 0);
    }

    #[test]
    fn join_distance_counts_empty_points() {
        let b = board(&BAMBOO);
        let (s1, s2) = (at(&b, "B6"), at(&b, "B4"));
        let (d, pts) = join_paths(&b, s1, s2, 3);
        assert_eq!(d, 1);
        assert!(pts.contains(&at(&b, "B5")) && pts.contains(&at(&b, "C5")));
        // Farther than the cap.
        let far = at(&b, "F2");
        let mut b2 = b;
        b2.set_stone(far, Color::Black);
        assert_eq!(stones_to_join(&b2, s1, far, 2), 3);
    }
}

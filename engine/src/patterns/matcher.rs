//! Finding patterns on the board.
//!
//! Both matchers read a [`Scan`]: the board's values seen from one player
//! (0 empty, 1 `O`, 2 `X`, 3 off board) on a padded array, so that a pattern
//! cell beyond the edge reads "off board" without any bounds check and never
//! wraps onto another row.
//!
//! * [`scan_dfa`] walks the database's DFA from every point: one pass over
//!   the board finds every pattern (this is what the engine uses);
//! * [`scan_index`] looks up candidates by the anchor and its four
//!   neighbours and verifies them cell by cell (kept for comparison: see
//!   `docs/performance.md`).
//!
//! Neither evaluates constraints; [`matches`] does, after the scan.

use super::helpers::{Context, Tactics};
use super::{Database, Oriented, PatternInfo, PW, REACH};
use crate::board::Board;
use crate::point::{Color, Pos};

/// The board as the matchers read it, for one player.
pub struct Scan {
    vals: Vec<u8>,
    size: usize,
    color: Color,
}

impl Scan {
    /// The values of `board` seen by `color` (its stones are `O`).
    pub fn new(board: &Board, color: Color) -> Scan {
        let mut s = Scan {
            vals: vec![3; (PW * PW) as usize],
            size: board.size(),
            color,
        };
        s.update(board, color);
        s
    }

    /// Refill from `board` for `color`, reusing the array.
    pub fn update(&mut self, board: &Board, color: Color) {
        if self.size != board.size() {
            self.vals.fill(3);
            self.size = board.size();
        }
        self.color = color;
        let map = |c: Color| -> u8 {
            match c {
                Color::Empty => 0,
                Color::Off => 3,
                c if c == color => 1,
                _ => 2,
            }
        };
        for &p in board.points() {
            let b = self.base(p);
            self.vals[b] = map(board.color(p));
        }
    }

    /// The player the values are seen by.
    pub fn color(&self) -> Color {
        self.color
    }

    /// Index of board point `p` in the padded array.
    #[inline(always)]
    fn base(&self, p: Pos) -> usize {
        ((p.row() as i32 + REACH) * PW + p.col() as i32 + REACH) as usize
    }

    /// The value at `p` plus (`dr`, `dc`): 0 empty, 1 `O`, 2 `X`, 3 off.
    pub fn value(&self, p: Pos, dr: i32, dc: i32) -> u8 {
        let r = p.row() as i32 + dr;
        let c = p.col() as i32 + dc;
        if r < 0 || c < 0 || r >= self.size as i32 || c >= self.size as i32 {
            3
        } else {
            self.vals[((r + REACH) * PW + c + REACH) as usize]
        }
    }
}

/// A pattern found on the board: which orientation, where.
#[derive(Clone, Copy, Debug)]
pub struct Match {
    /// The database.
    pub db: &'static Database,
    /// Oriented-pattern id in the database.
    pub id: u32,
    /// The anchor point (the move, for patterns with a `*`).
    pub anchor: Pos,
}

impl Match {
    /// The orientation that matched.
    pub fn oriented(&self) -> &'static Oriented {
        &self.db.oriented[self.id as usize]
    }

    /// The pattern.
    pub fn info(&self) -> &'static PatternInfo {
        &self.db.patterns[self.oriented().pattern as usize]
    }

    /// The point of label number `k` (see [`PatternInfo::labels`]).
    pub fn label(&self, k: usize) -> Pos {
        let (dr, dc) = self.oriented().labels[k];
        Pos::new(
            (self.anchor.row() as i32 + dr as i32) as usize,
            (self.anchor.col() as i32 + dc as i32) as usize,
        )
    }

    /// The move, if the pattern has one.
    pub fn move_pos(&self) -> Option<Pos> {
        self.info().has_move.then_some(self.anchor)
    }

    /// The board point of the matched orientation's cell at padded-board
    /// step `d` (an entry of [`Oriented::cells`]), `None` off a board of
    /// `size` lines.
    pub fn cell_point(&self, d: i16, size: usize) -> Option<Pos> {
        let (dr, dc) = cell_offset(d);
        let (r, c) = (self.anchor.row() as i32 + dr, self.anchor.col() as i32 + dc);
        let n = size as i32;
        (r >= 0 && c >= 0 && r < n && c < n).then(|| Pos::new(r as usize, c as usize))
    }
}

/// Row and column offsets of a padded-board step of a pattern cell.
pub fn cell_offset(d: i16) -> (i32, i32) {
    let d = i32::from(d);
    let dr = (d + REACH).div_euclid(PW);
    (dr, d - dr * PW)
}

#[inline(always)]
fn list(lists: &[u32], l: u32) -> &[u32] {
    let l = l as usize;
    &lists[l + 1..l + 1 + lists[l] as usize]
}

#[inline(always)]
fn verify(o: &Oriented, vals: &[u8], base: usize) -> bool {
    o.cells
        .iter()
        .all(|&(d, m)| m & (1 << vals[(base as isize + d as isize) as usize]) != 0)
}

/// Run the DFA of `db` from every point of `points`; call `f(id, anchor)`
/// for every oriented pattern found (constraints not evaluated).
pub fn scan_dfa(db: &Database, scan: &Scan, points: &[Pos], mut f: impl FnMut(u32, Pos)) {
    let dfa = &db.dfa;
    if dfa.next.len() < 2 {
        return;
    }
    let vals = &scan.vals[..];
    for &p in points {
        let base = scan.base(p) as isize;
        let mut s = 1usize;
        let mut k = 0usize;
        loop {
            let leaf = dfa.leaf[s];
            if leaf != 0 {
                for &id in list(dfa.lists, leaf) {
                    if verify(&db.oriented[id as usize], vals, base as usize) {
                        f(id, p);
                    }
                }
                break;
            }
            let v = vals[(base + dfa.spiral[k] as isize) as usize] as usize;
            let e = dfa.emit[s][v];
            if e != 0 {
                for &id in list(dfa.lists, e) {
                    f(id, p);
                }
            }
            s = dfa.next[s][v] as usize;
            if s == 0 {
                break;
            }
            k += 1;
        }
    }
}

/// The neighbourhood-index matcher: same results as [`scan_dfa`].
pub fn scan_index(db: &Database, scan: &Scan, points: &[Pos], mut f: impl FnMut(u32, Pos)) {
    let vals = &scan.vals[..];
    let key: [isize; 5] = [0, -(PW as isize), 1, PW as isize, -1];
    for &p in points {
        let base = scan.base(p) as isize;
        let mut code = 0usize;
        for (k, d) in key.iter().enumerate() {
            code |= (vals[(base + d) as usize] as usize) << (2 * k);
        }
        let (a, b) = (
            db.index.start[code] as usize,
            db.index.start[code + 1] as usize,
        );
        for &id in &db.index.list[a..b] {
            if verify(&db.oriented[id as usize], vals, base as usize) {
                f(id, p);
            }
        }
    }
}

/// Every pattern of `db` that matches for `color` (cells only, constraints
/// not evaluated), over the whole board.
pub fn find(db: &'static Database, board: &Board, color: Color) -> Vec<Match> {
    let scan = Scan::new(board, color);
    let mut out = Vec::new();
    scan_dfa(db, &scan, board.points(), |id, anchor| {
        out.push(Match { db, id, anchor })
    });
    out
}

/// Does the constraint of `m` hold (true for patterns without one)?
pub fn constraint_holds(
    m: &Match,
    board: &mut Board,
    color: Color,
    tactics: &mut dyn Tactics,
) -> bool {
    let Some(k) = m.info().constraint else {
        return true;
    };
    let labels: Vec<Pos> = (0..m.info().labels.len()).map(|i| m.label(i)).collect();
    let level = board.stackp();
    let mut cx = Context::new(board, color, tactics);
    let ok = k(&mut cx, &labels);
    debug_assert_eq!(board.stackp(), level, "a helper left a move on the board");
    ok
}

/// Every pattern of `db` that matches for `color` at `points` (all of the
/// board if `None`), constraints evaluated.
pub fn matches(
    db: &'static Database,
    board: &mut Board,
    color: Color,
    tactics: &mut dyn Tactics,
    points: Option<&[Pos]>,
) -> Vec<Match> {
    let scan = Scan::new(board, color);
    let mut raw = Vec::new();
    let all: Vec<Pos>;
    let pts = match points {
        Some(p) => p,
        None => {
            all = board.points().to_vec();
            &all
        }
    };
    scan_dfa(db, &scan, pts, |id, anchor| {
        raw.push(Match { db, id, anchor })
    });
    raw.retain(|m| constraint_holds(m, board, color, tactics));
    raw
}

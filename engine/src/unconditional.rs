//! Unconditional life and death, after Benson: strings that no sequence of
//! opponent moves can capture, even if their owner always passes, and the
//! regions they enclose in which the opponent can never live.
//!
//! For one colour `C`:
//!
//! * a *region* is a maximal connected set of points that hold no `C`
//!   stone (empty points and opponent stones);
//! * a region is *vital* to a `C` string when every empty point of the
//!   region is a liberty of that string: the opponent can only fill it by
//!   playing next to the string, never with a stone that has a liberty of
//!   its own elsewhere in the region;
//! * start with every `C` string as a candidate; drop the strings with
//!   fewer than two vital regions whose bordering strings are all still
//!   candidates; repeat until nothing changes. What is left lives
//!   unconditionally (Benson's theorem).
//!
//! A region bordered only by unconditionally alive `C` strings, holding no
//! unconditionally alive opponent string, in which the opponent cannot make
//! an unconditionally alive string of its own (checked by filling the region
//! but two of its interior points with opponent stones, for every such
//! pair) is `C`'s unconditional territory; the opponent stones in it are
//! dead.

use crate::board::Board;
use crate::point::{Color, Pos, ARR};

/// The unconditional status of a point (GTP `unconditional_status`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Unconditional {
    /// Nothing proven.
    Undecided,
    /// A stone that can never be captured.
    Alive,
    /// A stone that can never escape capture.
    Dead,
    /// An empty point that is `Color`'s for good.
    Territory(Color),
}

impl Unconditional {
    /// The word GNU Go's GTP answer uses.
    pub fn name(self) -> &'static str {
        match self {
            Unconditional::Undecided => "undecided",
            Unconditional::Alive => "alive",
            Unconditional::Dead => "dead",
            Unconditional::Territory(Color::White) => "white_territory",
            Unconditional::Territory(_) => "black_territory",
        }
    }
}

/// The unconditional status of every point of a position.
#[derive(Clone)]
pub struct UnconditionalMap {
    status: Vec<Unconditional>,
}

impl UnconditionalMap {
    /// Compute the map for `board` (both colours).
    pub fn new(board: &Board) -> UnconditionalMap {
        let mut status = vec![Unconditional::Undecided; ARR];
        for c in [Color::Black, Color::White] {
            let alive = alive_strings(board, c);
            let alive_x = alive_strings(board, c.opponent());
            for &p in board.points() {
                if alive[p.idx()] {
                    status[p.idx()] = Unconditional::Alive;
                }
            }
            for region in regions(board, c) {
                if !is_territory(board, &region, &alive, &alive_x, c) {
                    continue;
                }
                for &p in &region.points {
                    status[p.idx()] = if board.color(p) == Color::Empty {
                        Unconditional::Territory(c)
                    } else {
                        Unconditional::Dead
                    };
                }
            }
        }
        UnconditionalMap { status }
    }

    /// The status of `p`.
    pub fn status(&self, p: Pos) -> Unconditional {
        self.status
            .get(p.idx())
            .copied()
            .unwrap_or(Unconditional::Undecided)
    }
}

/// A region for colour `C`: connected points holding no `C` stone.
struct Region {
    points: Vec<Pos>,
    /// Origins of the `C` strings that border it.
    border: Vec<Pos>,
}

fn regions(board: &Board, c: Color) -> Vec<Region> {
    let mut seen = vec![false; ARR];
    let mut out = Vec::new();
    for &start in board.points() {
        if seen[start.idx()] || board.color(start) == c {
            continue;
        }
        let mut points = vec![start];
        let mut border = Vec::new();
        seen[start.idx()] = true;
        let mut k = 0;
        while k < points.len() {
            let p = points[k];
            k += 1;
            for q in p.neighbors() {
                let col = board.color(q);
                if col == Color::Off {
                    continue;
                }
                if col == c {
                    let s = board.string_id(q);
                    if !border.contains(&s) {
                        border.push(s);
                    }
                } else if !seen[q.idx()] {
                    seen[q.idx()] = true;
                    points.push(q);
                }
            }
        }
        out.push(Region { points, border });
    }
    out
}

/// Per point: true on the stones of `c`'s unconditionally alive strings.
pub fn alive_strings(board: &Board, c: Color) -> Vec<bool> {
    let regs = regions(board, c);
    // Vital regions of each string: every empty point is its liberty.
    let mut strings: Vec<Pos> = Vec::new();
    for &p in board.points() {
        if board.color(p) == c && board.string_id(p) == p {
            strings.push(p);
        }
    }
    let vital: Vec<Vec<usize>> = strings
        .iter()
        .map(|&s| {
            regs.iter()
                .enumerate()
                .filter(|(_, r)| {
                    r.border.contains(&s)
                        && r.points
                            .iter()
                            .filter(|&&p| board.color(p) == Color::Empty)
                            .all(|&p| board.is_liberty_of(p, s))
                })
                .map(|(k, _)| k)
                .collect()
        })
        .collect();
    let mut alive = vec![true; strings.len()];
    let mut region_ok = vec![true; regs.len()];
    loop {
        let mut changed = false;
        for (k, r) in regs.iter().enumerate() {
            if region_ok[k]
                && r.border.iter().any(|s| {
                    strings
                        .iter()
                        .position(|t| t == s)
                        .is_some_and(|i| !alive[i])
                })
            {
                region_ok[k] = false;
                changed = true;
            }
        }
        for i in 0..strings.len() {
            if alive[i] && vital[i].iter().filter(|&&r| region_ok[r]).count() < 2 {
                alive[i] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut out = vec![false; ARR];
    for (i, &s) in strings.iter().enumerate() {
        if alive[i] {
            for p in board.stones(s) {
                out[p.idx()] = true;
            }
        }
    }
    out
}

/// Largest number of interior points (empty, not next to an alive string)
/// of a region that is examined for the opponent's two eyes; larger
/// regions are taken to leave the opponent room to live.
const MAX_INTERIOR: usize = 6;

/// Can the opponent never live in `r`? It must be bordered only by `c`'s
/// alive strings and hold no alive opponent string; and for every two
/// interior points (empty, touching none of the alive strings — the only
/// places an opponent eye can be) that are not neighbours, filling the rest
/// of the region with opponent stones must still not give the opponent an
/// unconditionally alive string.
fn is_territory(board: &Board, r: &Region, alive: &[bool], alive_x: &[bool], c: Color) -> bool {
    if r.border.is_empty() || !r.border.iter().all(|s| alive[s.idx()]) {
        return false;
    }
    if r.points.iter().any(|p| alive_x[p.idx()]) {
        return false;
    }
    let interior: Vec<Pos> = r
        .points
        .iter()
        .copied()
        .filter(|&p| {
            board.color(p) == Color::Empty && !p.neighbors().iter().any(|q| alive[q.idx()])
        })
        .collect();
    if interior.len() > MAX_INTERIOR {
        return false;
    }
    if interior.len() < 2 {
        return true;
    }
    if board.stackp() > 0 {
        // No scratch board inside a search: only the sure case.
        return false;
    }
    let x = c.opponent();
    let mut scratch = Board::new(board.size());
    for (i, &p) in interior.iter().enumerate() {
        for &q in &interior[i + 1..] {
            if p.neighbors().contains(&q) {
                continue;
            }
            scratch.copy_from(board);
            for &y in &r.points {
                if y != p && y != q && scratch.color(y) == Color::Empty {
                    scratch.set_stone(y, x);
                }
            }
            let lives = alive_strings(&scratch, x);
            if r.points.iter().any(|y| lives[y.idx()]) {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        let mut b = Board::new(rows.len());
        for (i, r) in rows.iter().enumerate() {
            for (j, ch) in r.chars().enumerate() {
                match ch {
                    'X' => b.set_stone(Pos::new(i, j), Color::Black),
                    'O' => b.set_stone(Pos::new(i, j), Color::White),
                    _ => {}
                }
            }
        }
        b
    }

    #[test]
    fn two_eyes_live_one_eye_does_not() {
        let b = board(&[
            ".X.X.O.", "XXXXXO.", "OOOOOO.", ".......", ".......", ".......", ".......",
        ]);
        let m = UnconditionalMap::new(&b);
        assert_eq!(m.status(Pos::new(1, 1)), Unconditional::Alive);
        assert_eq!(
            m.status(Pos::new(0, 0)),
            Unconditional::Territory(Color::Black)
        );
        assert_eq!(
            m.status(Pos::new(0, 2)),
            Unconditional::Territory(Color::Black)
        );
        // White has no eyes at all: undecided, and so is the open board.
        assert_eq!(m.status(Pos::new(2, 0)), Unconditional::Undecided);
        assert_eq!(m.status(Pos::new(5, 5)), Unconditional::Undecided);
        // A7-B7 is one region: one eye only.
        let b = board(&[
            "..XXO..", "XXXXO..", "OOOOO..", ".......", ".......", ".......", ".......",
        ]);
        let m = UnconditionalMap::new(&b);
        assert_eq!(m.status(Pos::new(0, 2)), Unconditional::Undecided);
        assert_eq!(m.status(Pos::new(0, 0)), Unconditional::Undecided);
    }

    #[test]
    fn dead_stones_inside_territory() {
        let b = board(&[
            ".O.X.XO", "XXXXXXO", "OOOOOOO", ".......", ".......", ".......", ".......",
        ]);
        let m = UnconditionalMap::new(&b);
        // The white stone at B7 sits in black's eye A7-C7, whose empty points
        // are all black liberties; E7 is the second eye.
        assert_eq!(m.status(Pos::new(1, 0)), Unconditional::Alive);
        assert_eq!(m.status(Pos::new(0, 1)), Unconditional::Dead);
        assert_eq!(
            m.status(Pos::new(0, 2)),
            Unconditional::Territory(Color::Black)
        );
        assert_eq!(
            m.status(Pos::new(0, 4)),
            Unconditional::Territory(Color::Black)
        );
        // The white wall has no eye: undecided.
        assert_eq!(m.status(Pos::new(2, 2)), Unconditional::Undecided);
    }

    #[test]
    fn room_for_two_opponent_eyes_is_not_territory() {
        // Black lives (eyes at H3 and H1, among others) and walls off the
        // 2x6 strip A1-B6, where white could still make two eyes: undecided.
        // The 2x2 corner A8-B9 has a single interior point: territory.
        let b = board(&[
            "..X.X.X..",
            "..XXXXX..",
            "XXX...XXX",
            "..X...X..",
            "..X...X.X",
            "..X...XXX",
            "..X...X.X",
            "..X...XXX",
            "..X...X.X",
        ]);
        let m = UnconditionalMap::new(&b);
        assert_eq!(m.status(Pos::new(8, 6)), Unconditional::Alive);
        assert_eq!(m.status(Pos::new(5, 0)), Unconditional::Undecided);
        assert_eq!(
            m.status(Pos::new(0, 0)),
            Unconditional::Territory(Color::Black)
        );
    }
}

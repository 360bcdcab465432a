//! Extensions along the edge: the defender's second-line move that widens
//! its edge eye space, and the attacker's answers at the head of it.
//!
//! ```text
//!   - - - - - - -        The defender (O) extends along the second line
//!   . . f u . . .        to `m` beside the attacker's wall (X): the space
//!   . . q m O O .        under it grows by `u`. The attacker answers at
//!   . . X X X X .        the head of the extension, the block `q` on the
//!                        second line or the hane `f` on the first line,
//!                        or takes back `u` at once.
//! ```

use crate::board::Board;
use crate::point::{Color, Pos};
use smallvec::SmallVec;

/// The direction indices (into `Pos::neighbors`) from `p` towards an edge
/// one line away: `p` is on the second line and `p`'s neighbour that way
/// is on the first.
fn edge_dirs(b: &Board, p: Pos) -> SmallVec<[usize; 2]> {
    let mut out = SmallVec::new();
    if b.color(p) == Color::Off {
        return out;
    }
    for (k, u) in p.neighbors().into_iter().enumerate() {
        if b.color(u) != Color::Off && b.color(u.neighbors()[k]) == Color::Off {
            out.push(k);
        }
    }
    out
}

/// The two directions along the edge for the direction `e` towards it.
fn along(e: usize) -> [usize; 2] {
    [(e + 1) % 4, (e + 3) % 4]
}

/// The head of a defender stone `m` that has just extended along the
/// second line (a stone of its colour `c` behind it on that line, its
/// first-line point not the attacker's): the empty second-line point
/// beyond it and the empty first-line point beyond that, where the
/// attacker blocks or hanes, then the empty first-line point under `m`.
/// The extension gained the point under `m`; the block and the hane take
/// away the space it reaches for next, the point under it takes back
/// what it gained.
///
/// A first-line crawl of `m` under the attacker's wall (the second-line
/// point inside `m` the attacker's, a stone of `c` behind `m` on the
/// first line) has its head too: the first-line point ahead, where the
/// attacker stops the crawl. (The second-line point over it only
/// prolongs the wall: the crawl goes on under it.) Where the wall ends,
/// though, that block is cut from the second-line point over it (empty,
/// with two more empty neighbours): the hane there comes first.
pub fn extension_heads(b: &Board, m: Pos, c: Color) -> SmallVec<[Pos; 6]> {
    let mut out = SmallVec::new();
    if b.color(m) != c {
        return out;
    }
    let x = c.opponent();
    for e in edge_dirs(b, m) {
        let u = m.neighbors()[e];
        if b.color(u) == x {
            continue;
        }
        for a in along(e) {
            let back = m.neighbors()[(a + 2) % 4];
            if b.color(back) != c {
                continue;
            }
            let q = m.neighbors()[a];
            if b.color(q) != Color::Empty {
                continue;
            }
            out.push(q);
            let f = q.neighbors()[e];
            if b.color(f) == Color::Empty {
                out.push(f);
            }
            if b.color(u) == Color::Empty && !out.contains(&u) {
                out.push(u);
            }
        }
    }
    for e in first_line_dirs(b, m) {
        let inward = (e + 2) % 4;
        if b.color(m.neighbors()[inward]) != x {
            continue;
        }
        for a in along(e) {
            if b.color(m.neighbors()[(a + 2) % 4]) != c {
                continue;
            }
            let q = m.neighbors()[a];
            if b.color(q) != Color::Empty {
                continue;
            }
            // Where the wall ends, a block on the first line is cut from
            // the point above it (the cutting stone has room): the wall is
            // prolonged there first.
            let w = q.neighbors()[inward];
            if b.color(w) == Color::Empty
                && w.neighbors()
                    .iter()
                    .filter(|&&r| r != q && b.color(r) == Color::Empty)
                    .count()
                    >= 2
                && !out.contains(&w)
            {
                out.push(w);
            }
            if !out.contains(&q) {
                out.push(q);
            }
        }
    }
    out
}

/// The direction indices (into `Pos::neighbors`) from `p` off the board:
/// `p` is on the first line.
fn first_line_dirs(b: &Board, p: Pos) -> SmallVec<[usize; 2]> {
    let mut out = SmallVec::new();
    if b.color(p) == Color::Off {
        return out;
    }
    for (k, u) in p.neighbors().into_iter().enumerate() {
        if b.color(u) == Color::Off {
            out.push(k);
        }
    }
    out
}

/// Is a move of the defender `c` at the empty point `m` an extension along
/// the second line that may widen its edge space: a stone of `c` beside it
/// on that line, the first-line point under it empty, and (with `wall`)
/// an attacker stone on its other side, the wall the space runs along?
pub fn is_second_line_extension(b: &Board, m: Pos, c: Color, wall: bool) -> bool {
    if b.color(m) != Color::Empty {
        return false;
    }
    let x = c.opponent();
    edge_dirs(b, m).into_iter().any(|e| {
        let u = m.neighbors()[e];
        let inward = m.neighbors()[(e + 2) % 4];
        b.color(u) == Color::Empty
            && (!wall || b.color(inward) == x)
            && along(e).into_iter().any(|a| b.color(m.neighbors()[a]) == c)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::diagram_board as board;

    const ROWS: [&str; 5] = [".....", ".....", "OOOO.", "XX...", "....."];

    #[test]
    fn the_head_of_a_second_line_extension() {
        let b = board(&ROWS);
        let (a2, b2) = (Pos::new(3, 0), Pos::new(3, 1));
        // B2 has just extended from A2: the block at C2, the hane at C1,
        // the point under it at B1.
        assert_eq!(
            extension_heads(&b, b2, Color::Black).as_slice(),
            &[Pos::new(3, 2), Pos::new(4, 2), Pos::new(4, 1)]
        );
        // Beyond A2 is the edge.
        assert!(extension_heads(&b, a2, Color::Black).is_empty());
    }

    #[test]
    fn the_head_of_a_first_line_crawl_under_the_wall() {
        let b = board(&[".....", ".....", ".O...", "..OOO", "..XX."]);
        // C1 has just crawled from D1 under white C2: the first-line
        // point ahead B1 stops it (black's cut at B2 would have one
        // liberty, A2).
        assert_eq!(
            extension_heads(&b, Pos::new(4, 2), Color::Black).as_slice(),
            &[Pos::new(4, 1)]
        );
        // With no wall over the crawl it has no head.
        let b = board(&[".....", ".....", ".....", "...OO", "..XX."]);
        assert!(extension_heads(&b, Pos::new(4, 2), Color::Black).is_empty());
    }

    #[test]
    fn where_the_wall_ends_the_crawl_is_stopped_from_the_second_line() {
        // C1 has crawled from D1 under white C2-D2, and the wall ends
        // there: white's block at B1 is cut by black B2 (two liberties
        // more, A2 and B3), so white's hane B2 comes first, then B1.
        let b = board(&[".....", ".....", ".....", "..OOO", "..XX."]);
        assert_eq!(
            extension_heads(&b, Pos::new(4, 2), Color::Black).as_slice(),
            &[Pos::new(3, 1), Pos::new(4, 1)]
        );
    }

    #[test]
    fn an_extension_along_the_wall() {
        let b = board(&ROWS);
        // C2: beside B2, C1 empty, C3 white (the wall).
        assert!(is_second_line_extension(
            &b,
            Pos::new(3, 2),
            Color::Black,
            true
        ));
        // D2 touches no black stone.
        assert!(!is_second_line_extension(
            &b,
            Pos::new(3, 3),
            Color::Black,
            false
        ));
        // Beyond the wall (E2, under an empty E3) only without it.
        let mut open = ROWS;
        open[3] = "XXXX.";
        let b = board(&open);
        assert!(!is_second_line_extension(
            &b,
            Pos::new(3, 4),
            Color::Black,
            true
        ));
        assert!(is_second_line_extension(
            &b,
            Pos::new(3, 4),
            Color::Black,
            false
        ));
    }
}

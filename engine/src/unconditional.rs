//! Unconditional life and death: strings that no sequence of opponent moves
//! can capture even if their owner always passes, the opponent strings that
//! then can never live, and the points that belong to a colour for good.
//!
//! For one colour `C` (the owner) and its opponent `X`, on the board itself
//! (every move is a `trymove`, all taken back at the end):
//!
//! 1. *Capture what can be captured.* `C` passes; for every `C` string in
//!    turn, `X` plays on each of its liberties where that is legal. If the
//!    string is then captured, or has a single liberty left (which `X`
//!    takes, even as a ko capture), the moves stay on the board; otherwise
//!    they are taken back. Rounds are repeated while something is captured.
//!    The `C` strings still on the board are *invincible*: each keeps two
//!    or more liberties that `X` can never fill (eyes, shared or not). If
//!    none is left, nothing is settled for `C`.
//! 2. *Fill the territory.* `X` plays on every liberty of the invincible
//!    strings where legal, then keeps extending its strings in atari while
//!    that is legal.
//! 3. *Seki shapes.* A two-stone `C` string with no other `C` stone and no
//!    board edge around it (its eight neighbours), left uncaptured by step
//!    1, may be the inside of a seki: once captured it leaves `X` a
//!    two-point eye space that `C` cannot fill. When `X` stones played on the
//!    two opposite corners of the pair ("a" and "b" below) would form one
//!    string, `X` lives in seki there; one more `C` stone turns the captured
//!    space into a nakade shape, so it is added before the capture. Then `X`
//!    plays on every liberty of those strings.
//!
//!    ```text
//!    . C .        C = the pair, a and b would be X's
//!    a C .
//!    . . b        (the ends above and below the pair are empty)
//!    ```
//! 4. *Small eyes.* An `X` string with exactly two liberties next to each
//!    other fills one of them (the one with more room for `C`), so that a
//!    two-point eye becomes one point.
//!
//! Then the invincible strings are *alive*, their liberties and every `X`
//! string left in atari (with its liberty) are `C`'s unconditional
//! territory. In the original position an empty point of that territory is
//! `C`'s territory, an `X` stone on it is dead, a `C` stone on it (captured
//! in step 1 and then enclosed) is alive too. `X` strings with two or more
//! liberties left may live: their points stay undecided. Both colours are
//! examined, white first, black's answer winning where both claim a point.
//!
//! This is GNU Go's notion of unconditional status (its `unconditional_life`
//! and the `unconditional_status` GTP command), which also covers strings
//! living together on shared eyes and opponent strings inside that must be
//! captured first.

use crate::board::Board;
use crate::point::{Color, Pos, ARR};

/// The unconditional status of a point (GTP `unconditional_status`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Unconditional {
    /// Nothing proven.
    Undecided,
    /// A stone that can never be captured (or that stands on its owner's
    /// unconditional territory).
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
    invincible: Vec<bool>,
}

impl UnconditionalMap {
    /// Compute the map for `board` (both colours). The board is used for
    /// `trymove`/`popgo` and left as it was.
    pub fn new(board: &mut Board) -> UnconditionalMap {
        let mut status = vec![Unconditional::Undecided; ARR];
        let mut invincible = vec![false; ARR];
        let depth = board.stackp();
        for c in [Color::White, Color::Black] {
            let marks = unconditional_life(board, c);
            debug_assert_eq!(board.stackp(), depth, "unconditional_life left moves");
            for &p in board.points() {
                let m = marks[p.idx()];
                if m == Mark::None {
                    continue;
                }
                let here = board.color(p);
                status[p.idx()] = if here == c {
                    invincible[p.idx()] = m == Mark::Invincible;
                    Unconditional::Alive
                } else if here == Color::Empty {
                    Unconditional::Territory(c)
                } else {
                    Unconditional::Dead
                };
            }
        }
        UnconditionalMap { status, invincible }
    }

    /// The status of `p`.
    pub fn status(&self, p: Pos) -> Unconditional {
        self.status
            .get(p.idx())
            .copied()
            .unwrap_or(Unconditional::Undecided)
    }

    /// True on the stones of invincible strings: strings that keep two
    /// liberties the opponent can never fill even if their owner always
    /// passes (GNU Go's `invincible` worms). Stones that are only `Alive`
    /// because they stand on their owner's territory are not invincible.
    pub fn invincible(&self, p: Pos) -> bool {
        self.invincible.get(p.idx()).copied().unwrap_or(false)
    }
}

/// What the fill-in leaves on a point for the owner.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mark {
    /// Nothing settled.
    None,
    /// A stone of an invincible string.
    Invincible,
    /// Unconditional territory (a liberty of an invincible string, or a
    /// point of an opponent string left in atari, or its liberty).
    Territory,
}

/// The moves played by one examination, taken back together.
struct Fill<'a> {
    board: &'a mut Board,
    played: usize,
}

impl Fill<'_> {
    /// Play `c` at `p` if it is legal under simple ko, never as suicide
    /// (whatever the board's suicide rule).
    fn play(&mut self, p: Pos, c: Color) -> bool {
        let b = &*self.board;
        if b.color(p) != Color::Empty || b.is_ko_violation(p, c) || b.is_suicide(p, c) {
            return false;
        }
        let ok = self.board.trymove(p, c);
        debug_assert!(ok, "legal fill-in move refused");
        self.played += usize::from(ok);
        ok
    }

    /// Play `c` at `p` ignoring ko (a capture of the string's last liberty).
    fn play_ko(&mut self, p: Pos, c: Color) -> bool {
        let b = &*self.board;
        if b.color(p) != Color::Empty || b.is_suicide(p, c) {
            return false;
        }
        let ok = self.board.tryko(p, c);
        self.played += usize::from(ok);
        ok
    }

    /// Take back moves until only `keep` remain.
    fn undo_to(&mut self, keep: usize) {
        while self.played > keep {
            self.board.popgo();
            self.played -= 1;
        }
    }
}

/// The strings of colour `c` on the board, one stone each (the first in
/// board order), in board order.
fn strings_of(board: &Board, c: Color) -> Vec<Pos> {
    let mut seen = [false; ARR];
    let mut out = Vec::new();
    for &p in board.points() {
        if board.color(p) == c && !seen[board.string_id(p).idx()] {
            seen[board.string_id(p).idx()] = true;
            out.push(p);
        }
    }
    out
}

/// Two-stone strings of `c` with no other `c` stone and no board edge among
/// the eight neighbours of either stone: the inside of a possible seki.
fn isolated_pairs(board: &Board, c: Color) -> Vec<bool> {
    let mut pair = vec![false; ARR];
    for s in strings_of(board, c) {
        if board.string_size(s) != 2 {
            continue;
        }
        let stones = board.stones(s);
        let isolated = stones.iter().all(|&p| {
            p.neighbors()
                .into_iter()
                .chain(p.diagonals())
                .all(|q| match board.color(q) {
                    Color::Off => false,
                    x if x == c => board.same_string(q, s),
                    _ => true,
                })
        });
        if isolated {
            for p in stones {
                pair[p.idx()] = true;
            }
        }
    }
    pair
}

/// Step 1: `x` captures every string of its opponent that it can capture
/// while the opponent passes (strings marked in `skip` are left alone).
/// Returns false if no unskipped string is left.
fn capture_non_invincible(fill: &mut Fill, x: Color, skip: &[bool]) -> bool {
    let c = x.opponent();
    loop {
        let mut captured = false;
        let mut left = false;
        for s in strings_of(fill.board, c) {
            // An earlier capture of this round may have removed it.
            if fill.board.color(s) != c || skip[s.idx()] {
                continue;
            }
            left = true;
            let keep = fill.played;
            for l in fill.board.liberties(s) {
                fill.play(l, x);
            }
            if fill.board.color(s) == Color::Empty {
                captured = true;
            } else if fill.board.countlib(s) == 1 {
                let last = fill.board.liberties(s)[0];
                let ok = fill.play_ko(last, x);
                debug_assert!(ok, "the last liberty of a string is always a capture");
                captured |= ok;
                if !ok {
                    fill.undo_to(keep);
                }
            } else {
                fill.undo_to(keep);
            }
        }
        if !captured {
            return left;
        }
    }
}

/// Step 2: `x` plays on every liberty of the strings of `c` still on the
/// board (but the `skip`ped ones), then extends its strings in atari.
fn fill_territory(fill: &mut Fill, c: Color, skip: &[bool]) {
    let x = c.opponent();
    for s in strings_of(fill.board, c) {
        if skip[s.idx()] {
            continue;
        }
        for l in fill.board.liberties(s) {
            fill.play(l, x);
        }
    }
    loop {
        let mut extended = false;
        for i in 0..fill.board.points().len() {
            let p = fill.board.points()[i];
            if fill.board.color(p) == x && fill.board.countlib(p) == 1 {
                let l = fill.board.liberties(p)[0];
                extended |= fill.play(l, x);
            }
        }
        if !extended {
            break;
        }
    }
}

/// A step to a neighbouring point.
type Step = fn(Pos) -> Pos;

/// Step 3: break the seki shapes of the isolated pairs of `c`, then let the
/// opponent play on their liberties.
fn capture_pairs(fill: &mut Fill, c: Color, pair: &[bool]) {
    let x = c.opponent();
    for s in strings_of(fill.board, c) {
        if !pair[s.idx()] || fill.board.string_size(s) != 2 {
            continue;
        }
        // `s` is the first stone in board order: its partner is east or south.
        let t = if fill.board.same_string(s, s.east()) {
            s.east()
        } else {
            s.south()
        };
        let (up, down): (Step, Step) = if t == s.east() {
            (Pos::east, Pos::west)
        } else {
            (Pos::south, Pos::north)
        };
        if fill.board.color(up(t)) != Color::Empty || fill.board.color(down(s)) != Color::Empty {
            continue;
        }
        let sides: [(Step, Step); 2] = if t == s.east() {
            [(Pos::south, Pos::north), (Pos::north, Pos::south)]
        } else {
            [(Pos::west, Pos::east), (Pos::east, Pos::west)]
        };
        for (side, other) in sides {
            // Empty on one side of `s` and the other side of `t`; the
            // remaining corners are where X's stones would have to connect.
            if fill.board.color(side(s)) != Color::Empty
                || fill.board.color(other(t)) != Color::Empty
            {
                continue;
            }
            let (a, b) = (other(s), side(t));
            let keep = fill.played;
            fill.play(a, x);
            fill.play(b, x);
            let seki = fill.board.color(a) == x
                && fill.board.color(b) == x
                && fill.board.same_string(a, b);
            fill.undo_to(keep);
            if seki {
                fill.play(down(s), c);
                break;
            }
        }
    }
    for s in strings_of(fill.board, c) {
        if !fill.board.string_stones(s).any(|p| pair[p.idx()]) {
            continue;
        }
        for l in fill.board.liberties(s) {
            fill.play(l, x);
        }
    }
}

/// Liberties (at most `max`) of a stone of `c` at the empty point `p`,
/// merged with its own neighbours, captures ignored (GNU Go's `approxlib`).
fn approx_libs(board: &Board, p: Pos, c: Color, max: usize) -> usize {
    let mut libs: Vec<Pos> = Vec::with_capacity(8);
    for q in p.neighbors() {
        match board.color(q) {
            Color::Empty if !libs.contains(&q) => libs.push(q),
            col if col == c => {
                for l in board.liberties(q) {
                    if l != p && !libs.contains(&l) {
                        libs.push(l);
                    }
                }
            }
            _ => {}
        }
        if libs.len() >= max {
            return max;
        }
    }
    libs.len()
}

/// Step 4: every `x` string with two adjacent liberties fills one of them.
fn shrink_small_eyes(fill: &mut Fill, x: Color) {
    let c = x.opponent();
    for i in 0..fill.board.points().len() {
        let p = fill.board.points()[i];
        if fill.board.color(p) != x || fill.board.countlib(p) != 2 {
            continue;
        }
        let libs = fill.board.liberties(p);
        let (a, b) = (libs[0], libs[1]);
        if !a.neighbors().contains(&b) {
            continue;
        }
        let (a_open, b_open) = (
            approx_libs(fill.board, a, c, 4),
            approx_libs(fill.board, b, c, 4),
        );
        let (a_libs, b_libs) = (
            approx_libs(fill.board, a, x, 4),
            approx_libs(fill.board, b, x, 4),
        );
        let first = if a_open > b_open || (a_open == b_open && a_libs >= b_libs) {
            a
        } else {
            b
        };
        fill.play(first, x);
    }
}

/// The unconditional marks of colour `c` (see the module documentation).
fn unconditional_life(board: &mut Board, c: Color) -> Vec<Mark> {
    let x = c.opponent();
    let mut marks = vec![Mark::None; ARR];
    let pair = isolated_pairs(board, c);
    let mut fill = Fill { board, played: 0 };
    if !capture_non_invincible(&mut fill, x, &pair) {
        fill.undo_to(0);
        return marks;
    }
    fill_territory(&mut fill, c, &pair);
    capture_pairs(&mut fill, c, &pair);
    shrink_small_eyes(&mut fill, x);
    let b = &*fill.board;
    for s in strings_of(b, c) {
        let mut counted = false;
        for p in b.string_stones(s) {
            if !pair[p.idx()] {
                marks[p.idx()] = Mark::Invincible;
                counted = true;
            }
        }
        if counted {
            for l in b.liberties(s) {
                marks[l.idx()] = Mark::Territory;
            }
        }
    }
    for s in strings_of(b, x) {
        if b.countlib(s) == 1 {
            for p in b.string_stones(s) {
                marks[p.idx()] = Mark::Territory;
            }
            marks[b.liberties(s)[0].idx()] = Mark::Territory;
        }
    }
    fill.undo_to(0);
    marks
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::board::diagram_board as board;

    #[test]
    fn two_eyes_live_one_eye_does_not() {
        let mut b = board(&[
            ".X.X.O.", "XXXXXO.", "OOOOOO.", ".......", ".......", ".......", ".......",
        ]);
        let m = UnconditionalMap::new(&mut b);
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
        let mut b = board(&[
            "..XXO..", "XXXXO..", "OOOOO..", ".......", ".......", ".......", ".......",
        ]);
        let m = UnconditionalMap::new(&mut b);
        assert_eq!(m.status(Pos::new(0, 2)), Unconditional::Undecided);
        assert_eq!(m.status(Pos::new(0, 0)), Unconditional::Undecided);
    }

    #[test]
    fn dead_stones_inside_territory() {
        let mut b = board(&[
            ".O.X.XO", "XXXXXXO", "OOOOOOO", ".......", ".......", ".......", ".......",
        ]);
        let m = UnconditionalMap::new(&mut b);
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
        let mut b = board(&[
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
        let m = UnconditionalMap::new(&mut b);
        assert_eq!(m.status(Pos::new(8, 6)), Unconditional::Alive);
        assert_eq!(m.status(Pos::new(5, 0)), Unconditional::Undecided);
        assert_eq!(
            m.status(Pos::new(0, 0)),
            Unconditional::Territory(Color::Black)
        );
    }

    #[test]
    fn strings_captured_first_count_as_alive() {
        // A black stone (D2) inside a white ring inside black walls: white
        // can take it, but the ring then has a single eye and no outside
        // liberty. The ring is dead, D2 alive on black's territory.
        let mut b = board(&[
            "XXXXXXX", "X.X.X.X", "XXXXXXX", "XXOOOXX", "XOO.OOX", "XO.X.OX", "XOO.OOX",
        ]);
        let m = UnconditionalMap::new(&mut b);
        assert_eq!(m.status(Pos::new(5, 3)), Unconditional::Alive);
        assert!(!m.invincible(Pos::new(5, 3)));
        assert!(m.invincible(Pos::new(0, 0)));
        assert_eq!(m.status(Pos::new(3, 2)), Unconditional::Dead);
        assert_eq!(
            m.status(Pos::new(4, 3)),
            Unconditional::Territory(Color::Black)
        );
        assert_eq!(b.stackp(), 0);
        assert_eq!(b.color(Pos::new(5, 3)), Color::Black);
    }

    #[test]
    fn a_seki_pair_inside_is_not_territory() {
        // The black pair C4-C3 (rows 3-4 here) shares its liberties with the
        // white group around it: seki, nothing settled inside.
        let b = board(&[
            "OOOOOOX", "OO.OOOX", "O.XOOOX", "OOX.OOX", "OO.OOOX", "OOOOOOX", "XXXXXXX",
        ]);
        // Give the black wall two eyes of its own.
        let mut b2 = Board::new(9);
        for i in 0..7 {
            for j in 0..7 {
                let c = b.color(Pos::new(i, j));
                if c.is_stone() {
                    b2.set_stone(Pos::new(i, j), c);
                }
            }
        }
        for (i, j) in [
            (0, 8),
            (2, 8),
            (4, 8),
            (6, 8),
            (7, 0),
            (7, 1),
            (7, 2),
            (7, 3),
        ] {
            b2.set_stone(Pos::new(i, j), Color::Black);
        }
        for i in 0..7 {
            b2.set_stone(Pos::new(i, 7), Color::Black);
        }
        let m = UnconditionalMap::new(&mut b2);
        assert_eq!(m.status(Pos::new(6, 6)), Unconditional::Alive);
        assert_eq!(m.status(Pos::new(2, 2)), Unconditional::Undecided);
        assert_eq!(m.status(Pos::new(2, 1)), Unconditional::Undecided);
        assert_eq!(m.status(Pos::new(0, 0)), Unconditional::Undecided);
    }
}

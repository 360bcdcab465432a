//! Points and colours: the one-dimensional board coordinates and their names.
//!
//! The board is a one-dimensional array with a border, in the style of GNU Go and
//! of 0x88 chess boards. Row `i` (0 at the top) and column `j` (0 at the left) map
//! to `(i + 1) * NS + (j + 1)`, where the stride `NS` is one more than the largest
//! board size. Row 0 of the array, column 0 of every row and the row after the
//! last are border: a neighbour of an edge point is found by a fixed offset and is
//! known to be off the board by its colour, without any bounds check.

use std::fmt;

/// Largest supported board size.
pub const MAX_BOARD: usize = 25;
/// Smallest supported board size.
pub const MIN_BOARD: usize = 1;
/// Row stride of the one-dimensional board.
pub const NS: usize = MAX_BOARD + 1;
/// Number of array entries needed to hold the largest board and its border.
pub const BOARD_MAX: usize = (MAX_BOARD + 2) * NS + 1;
/// Length of per-point arrays: a power of two above `BOARD_MAX`, so that an index
/// masked with `ARR - 1` provably fits and the compiler drops the bounds check.
pub const ARR: usize = 1024;
const _: () = assert!(BOARD_MAX <= ARR);

/// A point of the one-dimensional board (or the pass move, `Pos::PASS`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pos(pub(crate) u16);

impl Pos {
    /// The pass move. Index 0 is a border point, never a board point.
    pub const PASS: Pos = Pos(0);
    /// "No point": the same value as `PASS`, as in GNU Go (`NO_MOVE`).
    pub const NONE: Pos = Pos(0);

    /// The point at row `i` (0 = top) and column `j` (0 = left).
    #[inline]
    pub const fn new(i: usize, j: usize) -> Pos {
        Pos(((i + 1) * NS + j + 1) as u16)
    }

    /// The point with raw array index `idx` (as returned by [`Pos::idx`]).
    #[inline]
    pub const fn from_index(idx: usize) -> Pos {
        Pos(idx as u16)
    }

    /// Raw array index, masked so that array indexing needs no bounds check.
    #[inline(always)]
    pub const fn idx(self) -> usize {
        (self.0 as usize) & (ARR - 1)
    }

    /// True for the pass move (and `Pos::NONE`).
    #[inline]
    pub const fn is_pass(self) -> bool {
        self.0 == 0
    }

    /// Row from the top, 0-based. Meaningless for `PASS`.
    #[inline]
    pub const fn row(self) -> usize {
        self.0 as usize / NS - 1
    }

    /// Column from the left, 0-based. Meaningless for `PASS`.
    #[inline]
    pub const fn col(self) -> usize {
        self.0 as usize % NS - 1
    }

    /// The point above (towards row 0).
    #[inline(always)]
    pub const fn north(self) -> Pos {
        Pos(self.0 - NS as u16)
    }

    /// The point below.
    #[inline(always)]
    pub const fn south(self) -> Pos {
        Pos(self.0 + NS as u16)
    }

    /// The point to the left.
    #[inline(always)]
    pub const fn west(self) -> Pos {
        Pos(self.0 - 1)
    }

    /// The point to the right.
    #[inline(always)]
    pub const fn east(self) -> Pos {
        Pos(self.0 + 1)
    }

    /// The four orthogonal neighbours (some may be off the board).
    #[inline(always)]
    pub const fn neighbors(self) -> [Pos; 4] {
        [self.south(), self.west(), self.north(), self.east()]
    }

    /// The four diagonal neighbours (some may be off the board).
    #[inline(always)]
    pub const fn diagonals(self) -> [Pos; 4] {
        [
            Pos(self.0 + NS as u16 - 1),
            Pos(self.0 - NS as u16 - 1),
            Pos(self.0 - NS as u16 + 1),
            Pos(self.0 + NS as u16 + 1),
        ]
    }

    /// Name of the point in GTP notation on a board of `size` ("D4", "pass").
    pub fn name(self, size: usize) -> String {
        if self.is_pass() {
            return "PASS".to_string();
        }
        let mut s = String::with_capacity(3);
        s.push(column_letter(self.col()));
        s.push_str(&(size - self.row()).to_string());
        s
    }

    /// Parse a GTP vertex ("D4", "d4", "pass") on a board of `size`.
    /// Returns `None` for anything that is not a point of the board or a pass.
    pub fn parse(text: &str, size: usize) -> Option<Pos> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("pass") {
            return Some(Pos::PASS);
        }
        let mut chars = t.chars();
        let letter = chars.next()?.to_ascii_uppercase();
        if !letter.is_ascii_uppercase() || letter == 'I' {
            return None;
        }
        let mut j = (letter as u8 - b'A') as usize;
        if letter > 'I' {
            j -= 1;
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n: usize = digits.parse().ok()?;
        if n == 0 || n > size || j >= size {
            return None;
        }
        Some(Pos::new(size - n, j))
    }
}

impl fmt::Debug for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_pass() {
            write!(f, "PASS")
        } else {
            write!(f, "({},{})", self.row(), self.col())
        }
    }
}

/// GTP column letter for column `j` (A…H, J…Z: the letter I is skipped).
pub fn column_letter(j: usize) -> char {
    let c = b'A' + j as u8;
    (if c >= b'I' { c + 1 } else { c }) as char
}

/// Contents of a board point, and the colour of a player.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[repr(u8)]
pub enum Color {
    /// An empty point.
    #[default]
    Empty = 0,
    /// A white stone, or the white player.
    White = 1,
    /// A black stone, or the black player.
    Black = 2,
    /// Off the board (the border sentinel).
    Off = 3,
}

impl Color {
    /// The other player; `Empty` and `Off` map to themselves.
    #[inline(always)]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
            c => c,
        }
    }

    /// True for `Black` and `White`.
    #[inline(always)]
    pub const fn is_stone(self) -> bool {
        matches!(self, Color::White | Color::Black)
    }

    /// Index 0 for white, 1 for black (for per-player arrays).
    #[inline(always)]
    pub const fn player_index(self) -> usize {
        (self as usize).wrapping_sub(1) & 1
    }

    /// "black", "white", "empty" or "off", as GTP prints colours.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Empty => "empty",
            Color::White => "white",
            Color::Black => "black",
            Color::Off => "off",
        }
    }

    /// Parse a GTP colour: "b", "black", "w", "white" in any case.
    pub fn parse(text: &str) -> Option<Color> {
        match text.to_ascii_lowercase().as_str() {
            "b" | "black" => Some(Color::Black),
            "w" | "white" => Some(Color::White),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_every_size() {
        for size in MIN_BOARD..=MAX_BOARD {
            for i in 0..size {
                for j in 0..size {
                    let p = Pos::new(i, j);
                    assert_eq!(p.row(), i);
                    assert_eq!(p.col(), j);
                    assert_eq!(Pos::parse(&p.name(size), size), Some(p));
                    assert_eq!(Pos::parse(&p.name(size).to_lowercase(), size), Some(p));
                }
            }
        }
    }

    #[test]
    fn gtp_letters_skip_i() {
        assert_eq!(column_letter(7), 'H');
        assert_eq!(column_letter(8), 'J');
        assert_eq!(column_letter(24), 'Z');
        assert_eq!(Pos::parse("I5", 19), None);
        assert_eq!(Pos::parse("J5", 19), Some(Pos::new(14, 8)));
        assert_eq!(Pos::parse("A1", 19), Some(Pos::new(18, 0)));
        assert_eq!(Pos::parse("T19", 19), Some(Pos::new(0, 18)));
    }

    #[test]
    fn bad_vertices_are_rejected() {
        for bad in [
            "", "A", "1", "A0", "A20", "U1", "AA1", "A1x", "A-1", "A+1", "passx", "Z1",
        ] {
            assert_eq!(Pos::parse(bad, 19), None, "{bad}");
        }
        assert_eq!(Pos::parse("PaSs", 19), Some(Pos::PASS));
        assert_eq!(Pos::parse("Z25", 25), Some(Pos::new(0, 24)));
    }

    #[test]
    fn player_index_and_opponent() {
        assert_eq!(Color::White.player_index(), 0);
        assert_eq!(Color::Black.player_index(), 1);
        assert_eq!(Color::Black.opponent(), Color::White);
        assert_eq!(Color::Empty.opponent(), Color::Empty);
    }
}

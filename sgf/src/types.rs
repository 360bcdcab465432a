//! Go-specific value types: [`Point`], [`Move`], [`Color`], [`Double`].

use std::fmt;

/// Largest board side that SGF coordinates can express (`a`-`z`, `A`-`Z`).
pub const MAX_BOARD_SIZE: u8 = 52;

/// A board point in SGF coordinates: `x` is the column counted from the left,
/// `y` the row counted from the top, both 0-based. Letters `a`-`z` stand for
/// 0-25 and `A`-`Z` for 26-51.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column from the left, 0-based.
    pub x: u8,
    /// Row from the top, 0-based.
    pub y: u8,
}

impl Point {
    /// The point at column `x`, row `y`.
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// Decodes exactly two coordinate letters (`b"pd"` is `Point { x: 15, y: 3 }`).
    pub fn from_sgf(bytes: &[u8]) -> Option<Point> {
        match bytes {
            [a, b] => Some(Point::new(coord_of(*a)?, coord_of(*b)?)),
            _ => None,
        }
    }

    /// The two SGF letters of this point.
    ///
    /// # Panics
    /// If a coordinate is above 51, which SGF cannot express.
    pub fn to_sgf(self) -> [u8; 2] {
        [letter_of(self.x), letter_of(self.y)]
    }

    /// Whether the point lies on a `size`x`size` board.
    pub fn is_on_board(self, size: u8) -> bool {
        self.x < size && self.y < size
    }
}

impl fmt::Display for Point {
    /// Writes the SGF letters, e.g. `pd`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.to_sgf();
        write!(f, "{}{}", a as char, b as char)
    }
}

fn coord_of(letter: u8) -> Option<u8> {
    match letter {
        b'a'..=b'z' => Some(letter - b'a'),
        b'A'..=b'Z' => Some(letter - b'A' + 26),
        _ => None,
    }
}

fn letter_of(coord: u8) -> u8 {
    match coord {
        0..=25 => b'a' + coord,
        26..=51 => b'A' + coord - 26,
        _ => panic!("SGF coordinate {coord} out of range 0..=51"),
    }
}

/// A move: a pass or a stone played on a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A pass (`[]`, or `[tt]` on boards up to 19x19).
    Pass,
    /// A stone played on a point.
    Play(Point),
}

impl Move {
    /// The point played, or `None` for a pass.
    pub fn point(self) -> Option<Point> {
        match self {
            Move::Pass => None,
            Move::Play(p) => Some(p),
        }
    }

    /// Whether this is a pass.
    pub fn is_pass(self) -> bool {
        self == Move::Pass
    }
}

/// A player colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Color {
    /// Black (`B`).
    Black,
    /// White (`W`).
    White,
}

impl Color {
    /// The other colour.
    pub fn opposite(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The SGF letter and move property id: `"B"` or `"W"`.
    pub fn move_id(self) -> &'static str {
        match self {
            Color::Black => "B",
            Color::White => "W",
        }
    }

    /// The setup property id adding stones of this colour: `"AB"` or `"AW"`.
    pub fn setup_id(self) -> &'static str {
        match self {
            Color::Black => "AB",
            Color::White => "AW",
        }
    }

    /// Decodes a Color value: `B` or `W`. Tolerated: lower case, and `1` /
    /// `2` for black / white (as Cgoban 1 writes `PL`).
    pub fn from_sgf(bytes: &[u8]) -> Option<Color> {
        match bytes {
            b"B" | b"b" | b"1" => Some(Color::Black),
            b"W" | b"w" | b"2" => Some(Color::White),
            _ => None,
        }
    }
}

/// An SGF Double value (used by e.g. `GB`, `TE`, `BM`): `1` normal, `2` emphasized.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Double {
    /// `1`.
    Normal,
    /// `2`.
    Emphasized,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_letters() {
        assert_eq!(Point::from_sgf(b"aa"), Some(Point::new(0, 0)));
        assert_eq!(Point::from_sgf(b"pd"), Some(Point::new(15, 3)));
        assert_eq!(Point::from_sgf(b"zA"), Some(Point::new(25, 26)));
        assert_eq!(Point::from_sgf(b"ZZ"), Some(Point::new(51, 51)));
        assert_eq!(Point::from_sgf(b"a"), None);
        assert_eq!(Point::from_sgf(b"abc"), None);
        assert_eq!(Point::from_sgf(b"a1"), None);
        for x in 0..52 {
            let p = Point::new(x, 51 - x);
            assert_eq!(Point::from_sgf(&p.to_sgf()), Some(p));
        }
        assert_eq!(Point::new(15, 3).to_string(), "pd");
        assert!(Point::new(18, 18).is_on_board(19));
        assert!(!Point::new(19, 0).is_on_board(19));
    }

    #[test]
    #[should_panic]
    fn point_out_of_range() {
        Point::new(52, 0).to_sgf();
    }

    #[test]
    fn colors() {
        assert_eq!(Color::from_sgf(b"B"), Some(Color::Black));
        assert_eq!(Color::from_sgf(b"w"), Some(Color::White));
        assert_eq!(Color::from_sgf(b"2"), Some(Color::White));
        assert_eq!(Color::from_sgf(b"X"), None);
        assert_eq!(Color::Black.opposite(), Color::White);
        assert_eq!(Color::White.move_id(), "W");
        assert_eq!(Color::Black.setup_id(), "AB");
    }
}

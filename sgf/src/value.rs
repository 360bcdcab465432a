//! [`RawValue`]: the bytes of one property value, escapes intact, with typed
//! decoders and encoders.

use std::fmt;

use crate::text;
use crate::types::{Color, Double, Move, Point};

/// The raw bytes between `[` and `]` of one property value, escapes intact.
///
/// Keeping values raw means every property, known or not, is written back
/// exactly as read. The `to_*` methods interpret the bytes as one of the SGF
/// value types; the associated constructors build correctly escaped values.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct RawValue(Vec<u8>);

impl fmt::Debug for RawValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RawValue({:?})", String::from_utf8_lossy(&self.0))
    }
}

fn trim(bytes: &[u8]) -> &[u8] {
    bytes.trim_ascii()
}

impl RawValue {
    /// Wraps bytes that are already in SGF form (escapes included).
    pub fn from_raw(bytes: impl Into<Vec<u8>>) -> RawValue {
        RawValue(bytes.into())
    }

    /// The empty value `[]` (type None, or a pass in `B`/`W`).
    pub fn empty() -> RawValue {
        RawValue(Vec::new())
    }

    /// The raw bytes, escapes intact.
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    /// The raw bytes, escapes intact.
    pub fn into_bytes(self) -> Vec<u8> {
        self.0
    }

    /// Whether the value is `[]`.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    // ----- encoders -----

    /// A Text or SimpleText value: escapes `\` and `]`.
    pub fn text(text: &str) -> RawValue {
        RawValue(text::escape(text.as_bytes(), false))
    }

    /// Text meant as one half of a compose value: escapes `\`, `]` and `:`.
    pub fn compose_text(text: &str) -> RawValue {
        RawValue(text::escape(text.as_bytes(), true))
    }

    /// A compose value `left:right` (halves already escaped for compose use).
    pub fn compose(left: &RawValue, right: &RawValue) -> RawValue {
        let mut bytes = left.0.clone();
        bytes.push(b':');
        bytes.extend_from_slice(&right.0);
        RawValue(bytes)
    }

    /// A Number value.
    pub fn number(n: i64) -> RawValue {
        RawValue(n.to_string().into_bytes())
    }

    /// A Real value, written without exponent (`6.5`, `7`, `-0.5`).
    /// NaN and infinities are written as `0`.
    pub fn real(x: f64) -> RawValue {
        let x = if x.is_finite() { x } else { 0.0 };
        RawValue(x.to_string().into_bytes())
    }

    /// A Double value: `1` or `2`.
    pub fn double(d: Double) -> RawValue {
        RawValue(match d {
            Double::Normal => b"1".to_vec(),
            Double::Emphasized => b"2".to_vec(),
        })
    }

    /// A Color value: `B` or `W`.
    pub fn color(c: Color) -> RawValue {
        RawValue(c.move_id().as_bytes().to_vec())
    }

    /// A Point (or Stone) value.
    ///
    /// # Panics
    /// If a coordinate is above 51.
    pub fn point(p: Point) -> RawValue {
        RawValue(p.to_sgf().to_vec())
    }

    /// A Move value; a pass is written `[]` (FF\[4\]).
    ///
    /// # Panics
    /// If a coordinate is above 51.
    pub fn mv(m: Move) -> RawValue {
        match m {
            Move::Pass => RawValue::empty(),
            Move::Play(p) => RawValue::point(p),
        }
    }

    /// A compressed point list value `ul:lr` covering a rectangle.
    ///
    /// # Panics
    /// If a coordinate is above 51.
    pub fn rectangle(a: Point, b: Point) -> RawValue {
        RawValue::compose(&RawValue::point(a), &RawValue::point(b))
    }

    // ----- decoders -----

    /// Decodes a Number: optional sign and decimal digits (surrounding
    /// whitespace tolerated).
    pub fn to_number(&self) -> Option<i64> {
        let s = trim(&self.0);
        let digits = s
            .strip_prefix(b"+")
            .or_else(|| s.strip_prefix(b"-"))
            .unwrap_or(s);
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        std::str::from_utf8(s).ok()?.parse().ok()
    }

    /// Decodes a Real: a Number with an optional fraction (`.` or, tolerated,
    /// `,` as decimal separator).
    pub fn to_real(&self) -> Option<f64> {
        let s = trim(&self.0);
        let mut digits = 0;
        let mut separators = 0;
        for (i, &b) in s.iter().enumerate() {
            match b {
                b'0'..=b'9' => digits += 1,
                b'.' | b',' => separators += 1,
                b'+' | b'-' if i == 0 => {}
                _ => return None,
            }
        }
        if digits == 0 || separators > 1 {
            return None;
        }
        let s: String = s
            .iter()
            .map(|&b| if b == b',' { '.' } else { b as char })
            .collect();
        s.parse().ok()
    }

    /// Decodes a Double: `1` or `2`.
    pub fn to_double(&self) -> Option<Double> {
        match trim(&self.0) {
            b"1" => Some(Double::Normal),
            b"2" => Some(Double::Emphasized),
            _ => None,
        }
    }

    /// Decodes a Color: `B` or `W`.
    pub fn to_color(&self) -> Option<Color> {
        Color::from_sgf(trim(&self.0))
    }

    /// Decodes a Text value to bytes (see [`RawValue::to_text`]), without
    /// assuming any character set.
    pub fn text_bytes(&self) -> Vec<u8> {
        text::unescape(&self.0, false)
    }

    /// Decodes a Text value: escapes removed, soft line breaks (`\` + line
    /// break) removed, line breaks normalized to `\n`, other whitespace turned
    /// into spaces. Bytes that are not UTF-8 are replaced (lossy).
    pub fn to_text(&self) -> String {
        String::from_utf8_lossy(&self.text_bytes()).into_owned()
    }

    /// Decodes a SimpleText value to bytes (see [`RawValue::to_simple_text`]).
    pub fn simple_text_bytes(&self) -> Vec<u8> {
        text::unescape(&self.0, true)
    }

    /// Decodes a SimpleText value: like [`RawValue::to_text`], but line breaks
    /// become spaces. Lossy for non-UTF-8 bytes.
    pub fn to_simple_text(&self) -> String {
        String::from_utf8_lossy(&self.simple_text_bytes()).into_owned()
    }

    /// Splits a compose value `a:b` at its first unescaped `:` into its two
    /// raw halves.
    pub fn split_compose(&self) -> Option<(RawValue, RawValue)> {
        let (a, b) = text::split_compose(&self.0)?;
        Some((RawValue(a.to_vec()), RawValue(b.to_vec())))
    }

    /// Decodes a Point (or Stone): two coordinate letters. No bounds check.
    pub fn to_point(&self) -> Option<Point> {
        Point::from_sgf(trim(&self.0))
    }

    /// Decodes a Move: `[]` is a pass, and so is `[tt]` when
    /// `board_size <= 19`; otherwise a point (no bounds check).
    pub fn to_move(&self, board_size: u8) -> Option<Move> {
        match trim(&self.0) {
            b"" => Some(Move::Pass),
            b"tt" if board_size <= 19 => Some(Move::Pass),
            s => Point::from_sgf(s).map(Move::Play),
        }
    }

    /// Decodes an element of a (compressed) point list: a single point, or a
    /// rectangle `a:b` expanded to all its points (row by row). The corners
    /// may be given in any order. No bounds check.
    pub fn to_points(&self) -> Option<Vec<Point>> {
        match text::split_compose(&self.0) {
            None => self.to_point().map(|p| vec![p]),
            Some((a, b)) => {
                let a = Point::from_sgf(trim(a))?;
                let b = Point::from_sgf(trim(b))?;
                let (x0, x1) = (a.x.min(b.x), a.x.max(b.x));
                let (y0, y1) = (a.y.min(b.y), a.y.max(b.y));
                Some(
                    (y0..=y1)
                        .flat_map(|y| (x0..=x1).map(move |x| Point::new(x, y)))
                        .collect(),
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(s: &str) -> RawValue {
        RawValue::from_raw(s)
    }

    #[test]
    fn numbers() {
        assert_eq!(raw("19").to_number(), Some(19));
        assert_eq!(raw(" 19 ").to_number(), Some(19));
        assert_eq!(raw("+3").to_number(), Some(3));
        assert_eq!(raw("-3").to_number(), Some(-3));
        assert_eq!(raw("").to_number(), None);
        assert_eq!(raw("-").to_number(), None);
        assert_eq!(raw("1.5").to_number(), None);
        assert_eq!(raw("99999999999999999999999").to_number(), None);
        assert_eq!(RawValue::number(-42).to_number(), Some(-42));
    }

    #[test]
    fn reals() {
        assert_eq!(raw("6.5").to_real(), Some(6.5));
        assert_eq!(raw("7").to_real(), Some(7.0));
        assert_eq!(raw("-0.5").to_real(), Some(-0.5));
        assert_eq!(raw("+.5").to_real(), Some(0.5));
        assert_eq!(raw("6,5").to_real(), Some(6.5));
        assert_eq!(raw("").to_real(), None);
        assert_eq!(raw("1.2.3").to_real(), None);
        assert_eq!(raw("inf").to_real(), None);
        assert_eq!(raw("1e5").to_real(), None);
        assert_eq!(RawValue::real(6.5).as_bytes(), b"6.5");
        assert_eq!(RawValue::real(7.0).as_bytes(), b"7");
        assert_eq!(RawValue::real(f64::NAN).as_bytes(), b"0");
        assert_eq!(RawValue::real(1e-7).to_real(), Some(1e-7));
    }

    #[test]
    fn doubles_and_colors() {
        assert_eq!(raw("1").to_double(), Some(Double::Normal));
        assert_eq!(raw("2").to_double(), Some(Double::Emphasized));
        assert_eq!(raw("3").to_double(), None);
        assert_eq!(
            RawValue::double(Double::Emphasized).to_double(),
            Some(Double::Emphasized)
        );
        assert_eq!(raw("B").to_color(), Some(Color::Black));
        assert_eq!(raw("W").to_color(), Some(Color::White));
        assert_eq!(raw("").to_color(), None);
        assert_eq!(RawValue::color(Color::White).as_bytes(), b"W");
    }

    #[test]
    fn texts() {
        let v = raw("Hello\\] \\\\ world\\\nagain\nline\\:x");
        assert_eq!(v.to_text(), "Hello] \\ worldagain\nline:x");
        assert_eq!(v.to_simple_text(), "Hello] \\ worldagain line:x");
        assert_eq!(RawValue::text("a]b\\c:d").as_bytes(), b"a\\]b\\\\c:d");
        assert_eq!(RawValue::text("a]b\\c:d").to_text(), "a]b\\c:d");
        assert_eq!(RawValue::compose_text("a:b").as_bytes(), b"a\\:b");
        // Not UTF-8: decoded lossily, bytes available.
        let latin = RawValue::from_raw(vec![b'J', 0xe9, b'r']);
        assert_eq!(latin.to_text(), "J\u{fffd}r");
        assert_eq!(latin.text_bytes(), vec![b'J', 0xe9, b'r']);
    }

    #[test]
    fn compose_values() {
        let v = RawValue::compose(&RawValue::compose_text("a:b"), &RawValue::text("c"));
        assert_eq!(v.as_bytes(), b"a\\:b:c");
        let (l, r) = v.split_compose().unwrap();
        assert_eq!(l.to_simple_text(), "a:b");
        assert_eq!(r.to_simple_text(), "c");
        assert_eq!(raw("ab").split_compose(), None);
    }

    #[test]
    fn points_and_moves() {
        assert_eq!(raw("pd").to_point(), Some(Point::new(15, 3)));
        assert_eq!(raw("p").to_point(), None);
        assert_eq!(raw("").to_move(19), Some(Move::Pass));
        assert_eq!(raw("tt").to_move(19), Some(Move::Pass));
        assert_eq!(raw("tt").to_move(9), Some(Move::Pass));
        assert_eq!(raw("tt").to_move(21), Some(Move::Play(Point::new(19, 19))));
        assert_eq!(raw("dd").to_move(19), Some(Move::Play(Point::new(3, 3))));
        assert_eq!(raw("d").to_move(19), None);
        assert_eq!(RawValue::mv(Move::Pass).as_bytes(), b"");
        assert_eq!(RawValue::mv(Move::Play(Point::new(3, 3))).as_bytes(), b"dd");
    }

    #[test]
    fn compressed_point_lists() {
        assert_eq!(raw("bb").to_points(), Some(vec![Point::new(1, 1)]));
        let rect = raw("aa:cb").to_points().unwrap();
        assert_eq!(
            rect,
            vec![
                Point::new(0, 0),
                Point::new(1, 0),
                Point::new(2, 0),
                Point::new(0, 1),
                Point::new(1, 1),
                Point::new(2, 1)
            ]
        );
        // Corners in the wrong order are tolerated.
        assert_eq!(raw("cb:aa").to_points().unwrap(), rect);
        assert_eq!(raw("aa:aa").to_points(), Some(vec![Point::new(0, 0)]));
        assert_eq!(raw("aa:c").to_points(), None);
        assert_eq!(raw("aA:aZ").to_points().unwrap().len(), 26);
        assert_eq!(
            RawValue::rectangle(Point::new(0, 0), Point::new(2, 1)).as_bytes(),
            b"aa:cb"
        );
    }
}

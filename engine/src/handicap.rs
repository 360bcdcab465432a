//! Handicap stone placement.
//!
//! Fixed handicap follows the traditional star points, exactly where GNU Go puts
//! them: on the third line for boards of 7 to 11, the fourth line from 12 up;
//! up to 4 stones on even sizes and on 7x7, up to 9 on odd sizes from 9 up;
//! nothing below 7x7. Free handicap uses the same points first, then spreads
//! further stones as far as possible from the ones already placed.

use crate::point::Pos;

/// Why a handicap cannot be placed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HandicapError {
    /// Not a number of stones this board accepts.
    Invalid,
    /// Handicap can only be placed on an empty board.
    BoardNotEmpty,
    /// The same vertex given twice (`set_free_handicap`).
    RepeatedVertex,
}

/// Largest fixed handicap on a board of `size` (0 where none is possible).
pub fn max_fixed_handicap(size: usize) -> usize {
    match size {
        0..=6 => 0,
        7 => 4,
        s if s % 2 == 0 => 4,
        _ => 9,
    }
}

/// The fixed handicap points for `n` stones on a board of `size`, in board
/// order (top-left first), or `Invalid` for a count the board does not accept.
pub fn fixed_handicap_points(size: usize, n: usize) -> Result<Vec<Pos>, HandicapError> {
    if n < 2 || n > max_fixed_handicap(size) {
        return Err(HandicapError::Invalid);
    }
    let edge = if size <= 11 { 2 } else { 3 };
    let far = size - 1 - edge;
    let mid = size / 2;
    let upper_left = Pos::new(edge, edge);
    let upper_right = Pos::new(edge, far);
    let lower_left = Pos::new(far, edge);
    let lower_right = Pos::new(far, far);
    let mut points = vec![upper_right, lower_left];
    if n >= 3 {
        points.push(upper_left);
    }
    if n >= 4 {
        points.push(lower_right);
    }
    if n >= 6 {
        points.push(Pos::new(mid, edge));
        points.push(Pos::new(mid, far));
    }
    if n >= 8 {
        points.push(Pos::new(edge, mid));
        points.push(Pos::new(far, mid));
    }
    if n % 2 == 1 && n >= 5 {
        points.push(Pos::new(mid, mid));
    }
    points.sort_unstable();
    debug_assert_eq!(points.len(), n);
    Ok(points)
}

/// Points for a free handicap of `n` stones chosen by the engine: the fixed
/// points as far as they go, then, one at a time, the point farthest (by
/// Manhattan distance) from every stone already placed, preferring points off
/// the first two lines. The answer may hold fewer stones than asked for when
/// more would be pointless (at most half the board). In board order.
pub fn free_handicap_points(size: usize, n: usize) -> Result<Vec<Pos>, HandicapError> {
    if n < 2 || n >= size * size {
        return Err(HandicapError::Invalid);
    }
    let fixed = max_fixed_handicap(size);
    let mut points = if fixed >= 2 {
        fixed_handicap_points(size, n.min(fixed))?
    } else {
        Vec::new()
    };
    let limit = n.min((size * size).div_ceil(2).max(2));
    while points.len() < limit {
        let line = |v: usize| v.min(size - 1 - v);
        let best = (0..size)
            .flat_map(|i| (0..size).map(move |j| (i, j)))
            .filter(|&(i, j)| !points.contains(&Pos::new(i, j)))
            .max_by_key(|&(i, j)| {
                let dist = points
                    .iter()
                    .map(|p| p.row().abs_diff(i) + p.col().abs_diff(j))
                    .min()
                    .unwrap_or(size);
                let off_edge = (line(i).min(line(j)) >= 2) as usize;
                // Farthest first, then off the edge, then the top-left-most.
                (
                    dist.min(4) * 2 + off_edge,
                    dist,
                    usize::MAX - (i * size + j),
                )
            });
        match best {
            Some((i, j)) => points.push(Pos::new(i, j)),
            None => break,
        }
    }
    points.sort_unstable();
    Ok(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(size: usize, n: usize) -> String {
        match fixed_handicap_points(size, n) {
            Ok(v) => v.iter().map(|p| p.name(size)).collect::<Vec<_>>().join(" "),
            Err(_) => "invalid".to_string(),
        }
    }

    /// Placements as GNU Go 3.8 answers `fixed_handicap` (checked against it).
    #[test]
    fn fixed_handicap_matches_gnugo() {
        assert_eq!(names(19, 2), "Q16 D4");
        assert_eq!(names(19, 3), "D16 Q16 D4");
        assert_eq!(names(19, 5), "D16 Q16 K10 D4 Q4");
        assert_eq!(names(19, 6), "D16 Q16 D10 Q10 D4 Q4");
        assert_eq!(names(19, 7), "D16 Q16 D10 K10 Q10 D4 Q4");
        assert_eq!(names(19, 8), "D16 K16 Q16 D10 Q10 D4 K4 Q4");
        assert_eq!(names(19, 9), "D16 K16 Q16 D10 K10 Q10 D4 K4 Q4");
        assert_eq!(names(9, 4), "C7 G7 C3 G3");
        assert_eq!(names(9, 9), "C7 E7 G7 C5 E5 G5 C3 E3 G3");
        assert_eq!(names(7, 4), "C5 E5 C3 E3");
        assert_eq!(names(7, 5), "invalid");
        assert_eq!(names(8, 2), "F6 C3");
        assert_eq!(names(10, 5), "invalid");
        assert_eq!(names(11, 5), "C9 J9 F6 C3 J3");
        assert_eq!(names(12, 2), "J9 D4");
        assert_eq!(names(15, 9), "D12 H12 M12 D8 H8 M8 D4 H4 M4");
        assert_eq!(names(6, 2), "invalid");
        assert_eq!(names(19, 1), "invalid");
        assert_eq!(names(19, 10), "invalid");
    }

    #[test]
    fn free_handicap_is_legal_and_distinct() {
        for size in 2..=25 {
            for n in (2..(size * size))
                .step_by(size + 1)
                .chain([size * size - 1])
            {
                let v = free_handicap_points(size, n).unwrap();
                assert!(v.len() >= 2 && v.len() <= n, "{size} {n}");
                let mut w = v.clone();
                w.dedup();
                assert_eq!(w.len(), v.len());
                assert!(v.iter().all(|p| p.row() < size && p.col() < size));
            }
        }
        assert_eq!(free_handicap_points(19, 1), Err(HandicapError::Invalid));
        assert_eq!(
            free_handicap_points(19, 4).unwrap(),
            fixed_handicap_points(19, 4).unwrap()
        );
    }
}

//! The eight orientations of the board (the dihedral group of the square),
//! applied to offsets relative to a pattern's anchor or to whole-board
//! coordinates.

/// One of the eight symmetries of the square: an optional swap of rows and
/// columns, followed by optional negation of the row and of the column.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub struct Transform {
    /// Swap rows and columns first.
    pub swap: bool,
    /// Then negate (mirror) the row.
    pub flip_rows: bool,
    /// Then negate (mirror) the column.
    pub flip_cols: bool,
}

impl Transform {
    /// No change.
    pub const IDENTITY: Transform = Transform::new(false, false, false);
    /// Left-right mirror.
    pub const MIRROR_LR: Transform = Transform::new(false, false, true);
    /// Top-bottom mirror.
    pub const MIRROR_TB: Transform = Transform::new(false, true, false);
    /// Half turn.
    pub const ROTATE_180: Transform = Transform::new(false, true, true);
    /// Mirror in the main diagonal: (r, c) → (c, r).
    pub const TRANSPOSE: Transform = Transform::new(true, false, false);
    /// Mirror in the other diagonal: (r, c) → (−c, −r).
    pub const ANTI_TRANSPOSE: Transform = Transform::new(true, true, true);
    /// Quarter turn clockwise: (r, c) → (c, −r).
    pub const ROTATE_90: Transform = Transform::new(true, false, true);
    /// Quarter turn anticlockwise: (r, c) → (−c, r).
    pub const ROTATE_270: Transform = Transform::new(true, true, false);

    /// All eight, identity first; a transform's position here is its number.
    pub const ALL: [Transform; 8] = [
        Transform::IDENTITY,
        Transform::ROTATE_90,
        Transform::ROTATE_180,
        Transform::ROTATE_270,
        Transform::MIRROR_LR,
        Transform::MIRROR_TB,
        Transform::TRANSPOSE,
        Transform::ANTI_TRANSPOSE,
    ];

    /// A transform from its parts.
    pub const fn new(swap: bool, flip_rows: bool, flip_cols: bool) -> Transform {
        Transform {
            swap,
            flip_rows,
            flip_cols,
        }
    }

    /// The number of this transform (its index in [`Transform::ALL`]).
    pub fn number(self) -> usize {
        Transform::ALL.iter().position(|&t| t == self).unwrap_or(0)
    }

    /// Apply to an offset from the anchor.
    pub fn apply(self, r: i32, c: i32) -> (i32, i32) {
        let (r, c) = if self.swap { (c, r) } else { (r, c) };
        (
            if self.flip_rows { -r } else { r },
            if self.flip_cols { -c } else { c },
        )
    }

    /// Apply to a point of a board of `size` (0-based row and column).
    pub fn apply_abs(self, r: usize, c: usize, size: usize) -> (usize, usize) {
        let (r, c) = if self.swap { (c, r) } else { (r, c) };
        (
            if self.flip_rows { size - 1 - r } else { r },
            if self.flip_cols { size - 1 - c } else { c },
        )
    }

    /// The transform that undoes this one.
    pub fn inverse(self) -> Transform {
        *Transform::ALL
            .iter()
            .find(|t| {
                let (r, c) = self.apply(1, 2);
                t.apply(r, c) == (1, 2)
            })
            .expect("the dihedral group is closed")
    }

    /// `self` after `first` (apply `first`, then `self`).
    pub fn after(self, first: Transform) -> Transform {
        let (r1, c1) = self.apply_pair(first.apply(1, 2));
        *Transform::ALL
            .iter()
            .find(|t| t.apply(1, 2) == (r1, c1))
            .expect("the dihedral group is closed")
    }

    fn apply_pair(self, (r, c): (i32, i32)) -> (i32, i32) {
        self.apply(r, c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_distinct_transforms() {
        let images: std::collections::HashSet<_> =
            Transform::ALL.iter().map(|t| t.apply(1, 2)).collect();
        assert_eq!(images.len(), 8);
    }

    #[test]
    fn inverse_undoes() {
        for t in Transform::ALL {
            for (r, c) in [(1, 2), (-3, 0), (0, 5), (4, -4)] {
                let (a, b) = t.apply(r, c);
                assert_eq!(t.inverse().apply(a, b), (r, c));
            }
            assert_eq!(t.after(t.inverse()), Transform::IDENTITY);
        }
    }

    #[test]
    fn composition_matches_application() {
        for a in Transform::ALL {
            for b in Transform::ALL {
                let (r, c) = a.apply(3, -1);
                assert_eq!(b.after(a).apply(3, -1), b.apply(r, c));
            }
        }
    }

    #[test]
    fn absolute_transforms_stay_on_board() {
        for t in Transform::ALL {
            for r in 0..5 {
                for c in 0..5 {
                    let (a, b) = t.apply_abs(r, c, 5);
                    assert!(a < 5 && b < 5);
                    assert_eq!(t.inverse().apply_abs(a, b, 5), (r, c));
                }
            }
        }
    }

    #[test]
    fn quarter_turn_is_clockwise() {
        // One step north (up) becomes one step east (right).
        assert_eq!(Transform::ROTATE_90.apply(-1, 0), (0, 1));
    }
}

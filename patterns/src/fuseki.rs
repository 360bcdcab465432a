//! Whole-board positions for the fuseki databases: the canonical form that
//! the compiler keys them by (the engine reimplements it for the lookup and
//! tests the two against each other through the generated table).
//!
//! A position is its stones as codes `(row * size + column) * 2 + colour`,
//! colour 0 for `O` (the player to move) and 1 for `X`, sorted; the canonical
//! form is the smallest such list over the eight orientations.

use crate::orient::Transform;

/// The code of a stone.
pub fn stone_code(r: usize, c: usize, other: bool, size: usize) -> u16 {
    ((r * size + c) * 2 + usize::from(other)) as u16
}

/// Canonical stone list of a position and every transform that gives it
/// (more than one for symmetric positions).
pub fn canonical(stones: &[(usize, usize, bool)], size: usize) -> (Vec<u16>, Vec<Transform>) {
    let mut best: Option<Vec<u16>> = None;
    let mut ts = Vec::new();
    for t in Transform::ALL {
        let mut v: Vec<u16> = stones
            .iter()
            .map(|&(r, c, o)| {
                let (r, c) = t.apply_abs(r, c, size);
                stone_code(r, c, o, size)
            })
            .collect();
        v.sort_unstable();
        match &best {
            Some(b) if v > *b => {}
            Some(b) if v == *b => ts.push(t),
            _ => {
                best = Some(v);
                ts = vec![t];
            }
        }
    }
    (best.unwrap_or_default(), ts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotations_share_a_canonical_form() {
        let a = canonical(&[(3, 3, false), (15, 16, true)], 19);
        let b = canonical(&[(15, 3, false), (2, 15, true)], 19);
        assert_eq!(a.0, b.0);
        // Colours matter.
        let c = canonical(&[(3, 3, true), (15, 16, false)], 19);
        assert_ne!(a.0, c.0);
    }

    #[test]
    fn symmetric_positions_have_several_transforms() {
        let (_, ts) = canonical(&[], 19);
        assert_eq!(ts.len(), 8);
        let (_, ts) = canonical(&[(3, 3, true)], 19);
        assert_eq!(ts.len(), 2);
    }
}

//! From checked patterns to matchable data: the cells each pattern
//! constrains, relative to its anchor, in every distinct orientation.
//!
//! Semantics (see `docs/patterns.md`): a pattern matches only where its whole
//! diagram lies on the board, and a drawn edge must be the board's edge.
//! Compiled, that is: every cell keeps the set of values it accepts; `?`
//! cells accept anything except that the two opposite corners of the
//! diagram must be on the board (the board is a rectangle, so then all of the
//! diagram is); each edge adds one cell just beyond it that must be off the
//! board.

use crate::ast::{Cell, Pattern, M_ANY, M_OFF, M_ON};
use crate::orient::Transform;
use std::cmp::Ordering;

/// A constrained cell: offset from the anchor and accepted values.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub struct CellSpec {
    /// Row offset (down is positive).
    pub dr: i32,
    /// Column offset (right is positive).
    pub dc: i32,
    /// Accepted values (`M_*` bits of [`crate::ast`]).
    pub mask: u8,
}

/// One orientation of a pattern.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Oriented {
    /// Index of the pattern in its database.
    pub pattern: usize,
    /// The transform applied.
    pub transform: Transform,
    /// Constrained cells in spiral order.
    pub cells: Vec<CellSpec>,
    /// Offsets of the labels, in [`label_order`] order.
    pub labels: Vec<(i32, i32)>,
}

/// The labels of a pattern in the order generated code passes their points:
/// `*` first if the pattern has a move, then the labels in reading order.
pub fn label_order(p: &Pattern) -> Vec<char> {
    let mut v = Vec::new();
    if p.move_cell().is_some() {
        v.push('*');
    }
    let mut ls = p.labels.clone();
    ls.sort_by_key(|&(_, i, j)| (i, j));
    v.extend(ls.iter().map(|l| l.0));
    v
}

/// The constrained cells of a pattern in its diagram's orientation.
pub fn base_cells(p: &Pattern) -> Vec<CellSpec> {
    let (ar, ac) = p
        .anchor()
        .expect("checked: a matched pattern has an anchor");
    let (ar, ac) = (ar as i32, ac as i32);
    let (h, w) = (p.height() as i32, p.width() as i32);
    let mut cells = Vec::new();
    for (i, row) in p.rows.iter().enumerate() {
        for (j, &c) in row.iter().enumerate() {
            let (i, j) = (i as i32, j as i32);
            let corner = (i == 0 && j == 0) || (i == h - 1 && j == w - 1);
            let mut mask = c.mask();
            if c == Cell::Any && !corner {
                mask = M_ANY;
            }
            debug_assert!(mask & M_ON != 0);
            if mask != M_ANY {
                cells.push(CellSpec {
                    dr: i - ar,
                    dc: j - ac,
                    mask,
                });
            }
        }
    }
    let off = |dr, dc| CellSpec {
        dr,
        dc,
        mask: M_OFF,
    };
    if p.edges.top {
        cells.push(off(-1 - ar, 0));
    }
    if p.edges.bottom {
        cells.push(off(h - ar, 0));
    }
    if p.edges.left {
        cells.push(off(0, -1 - ac));
    }
    if p.edges.right {
        cells.push(off(0, w - ac));
    }
    cells
}

/// Label offsets from the anchor, in [`label_order`] order.
pub fn base_labels(p: &Pattern) -> Vec<(i32, i32)> {
    let (ar, ac) = p
        .anchor()
        .expect("checked: a matched pattern has an anchor");
    label_order(p)
        .iter()
        .map(|&l| {
            let (i, j) = p.label_pos(l).expect("checked: labels exist");
            (i as i32 - ar as i32, j as i32 - ac as i32)
        })
        .collect()
}

/// The scan order of the matcher: offsets by distance from the anchor, then
/// clockwise from north, so that the scan spirals outwards.
pub fn spiral_cmp(a: (i32, i32), b: (i32, i32)) -> Ordering {
    let d = |(r, c): (i32, i32)| r * r + c * c;
    d(a).cmp(&d(b)).then_with(|| angle(a).total_cmp(&angle(b)))
}

fn angle((r, c): (i32, i32)) -> f64 {
    // 0 at north (r < 0), growing clockwise.
    let a = (c as f64).atan2(-(r as f64));
    if a < 0.0 {
        a + std::f64::consts::TAU
    } else {
        a
    }
}

/// Every distinct orientation of pattern `index`. Orientations that give
/// the same cells are generated once when they also give the same labels,
/// or when the declared symmetry relates them (declaring a symmetry says
/// the constraint does not care about that mirror: the diagram's symmetry
/// is checked, the constraint's is the author's word, as in GNU Go).
pub fn orientations(p: &Pattern, index: usize) -> Vec<Oriented> {
    let cells = base_cells(p);
    let labels = base_labels(p);
    let declared = p.symmetry.invariants();
    let mut out: Vec<Oriented> = Vec::new();
    for t in Transform::ALL {
        let mut cs: Vec<CellSpec> = cells
            .iter()
            .map(|c| {
                let (dr, dc) = t.apply(c.dr, c.dc);
                CellSpec {
                    dr,
                    dc,
                    mask: c.mask,
                }
            })
            .collect();
        cs.sort_by(|a, b| spiral_cmp((a.dr, a.dc), (b.dr, b.dc)));
        let ls: Vec<(i32, i32)> = labels.iter().map(|&(r, c)| t.apply(r, c)).collect();
        let same = |o: &Oriented| {
            o.cells == cs && (o.labels == ls || declared.contains(&o.transform.inverse().after(t)))
        };
        if !out.iter().any(same) {
            out.push(Oriented {
                pattern: index,
                transform: t,
                cells: cs,
                labels: ls,
            });
        }
    }
    out
}

/// The largest row or column distance from the anchor of any cell.
pub fn reach(oriented: &[Oriented]) -> i32 {
    oriented
        .iter()
        .flat_map(|o| o.cells.iter())
        .map(|c| c.dr.abs().max(c.dc.abs()))
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_db;

    fn one(text: &str) -> Pattern {
        let (ps, errs) = parse_db(text, "t.db");
        assert!(errs.is_empty(), "{errs:?}");
        ps.into_iter().next().unwrap()
    }

    #[test]
    fn asymmetric_pattern_has_eight_orientations() {
        let p = one("Pattern A\n\nXO.\n.*.\n\n:8,1,shape\n");
        assert_eq!(orientations(&p, 0).len(), 8);
    }

    #[test]
    fn symmetric_patterns_have_fewer() {
        let p = one("Pattern A\n\n.O.\n.*.\n\n:|,1,shape\n");
        assert_eq!(orientations(&p, 0).len(), 4);
        let p = one("Pattern A\n\nO.O\n.*.\nO.O\n\n:O,1,shape\n");
        assert_eq!(orientations(&p, 0).len(), 1);
        let p = one("Pattern A\n\nO..\n.*.\n..O\n\n:\\,1,shape\n");
        assert_eq!(orientations(&p, 0).len(), 2);
        // An edge pattern symmetric about its anchor's column.
        let p = one("Pattern A\n\n.*.\n...\n---\n\n:|,1,edge\n");
        assert_eq!(orientations(&p, 0).len(), 4);
        // A corner pattern symmetric about the diagonal.
        let p = one("Pattern A\n\n...|\n.*.|\n...|\n---+\n\n:\\,1,edge\n");
        assert_eq!(orientations(&p, 0).len(), 4);
    }

    #[test]
    fn declared_symmetry_covers_swapped_labels() {
        let p = one("Pattern A\n\nO*O\n\n:+,1,connect\n\na*b\n\n;!same_string(a,b)\n");
        assert_eq!(orientations(&p, 0).len(), 2);
        let p = one("Pattern A\n\nO*O\n\n:-,1,connect\n\na*b\n\n;!same_string(a,b)\n");
        assert_eq!(orientations(&p, 0).len(), 4);
    }

    #[test]
    fn edges_become_one_off_board_cell() {
        let p = one("Pattern A\n\n+---\n|*X?\n|.??\n\n:8,1,edge\n");
        let cells = base_cells(&p);
        assert!(cells.contains(&CellSpec {
            dr: -1,
            dc: 0,
            mask: M_OFF
        }));
        assert!(cells.contains(&CellSpec {
            dr: 0,
            dc: -1,
            mask: M_OFF
        }));
        // The far corner '?' must be on the board; the other '?' are free.
        assert!(cells.contains(&CellSpec {
            dr: 1,
            dc: 2,
            mask: M_ON
        }));
        assert!(!cells.iter().any(|c| (c.dr, c.dc) == (1, 1)));
        assert_eq!(cells.len(), 6);
    }

    #[test]
    fn spiral_starts_at_the_anchor_then_its_neighbours() {
        let mut v: Vec<(i32, i32)> = (-1..=1)
            .flat_map(|r| (-1..=1).map(move |c| (r, c)))
            .collect();
        v.sort_by(|&a, &b| spiral_cmp(a, b));
        assert_eq!(v[0], (0, 0));
        assert_eq!(&v[1..5], &[(-1, 0), (0, 1), (1, 0), (0, -1)]);
    }

    #[test]
    fn labels_follow_the_orientation() {
        let p = one("Pattern A\n\nX*\n\n:8,1,shape\n\na*\n\n;lib(a)>1\n");
        let os = orientations(&p, 0);
        assert_eq!(label_order(&p), vec!['*', 'a']);
        for o in &os {
            assert_eq!(o.labels[0], (0, 0));
            let (r, c) = o.transform.apply(0, -1);
            assert_eq!(o.labels[1], (r, c));
        }
    }
}

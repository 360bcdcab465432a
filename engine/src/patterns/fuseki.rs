//! Looking up the whole-board position in the compiled fuseki databases.
//!
//! A position is keyed by its stones seen from the player to move (`O`) as
//! sorted codes `(row * size + column) * 2 + (0 for O, 1 for X)`, the
//! smallest list over the eight orientations: the pattern compiler's
//! `patterns::fuseki::canonical`, reimplemented here.

use super::{FusekiEntry, FUSEKI};
use crate::board::Board;
use crate::point::{Color, Pos};

const TRANSFORMS: [(bool, bool, bool); 8] = [
    (false, false, false),
    (true, false, true),
    (false, true, true),
    (true, true, false),
    (false, false, true),
    (false, true, false),
    (true, false, false),
    (true, true, true),
];

fn apply_abs(t: (bool, bool, bool), r: usize, c: usize, n: usize) -> (usize, usize) {
    let (r, c) = if t.0 { (c, r) } else { (r, c) };
    (
        if t.1 { n - 1 - r } else { r },
        if t.2 { n - 1 - c } else { c },
    )
}

fn unapply_abs(t: (bool, bool, bool), r: usize, c: usize, n: usize) -> (usize, usize) {
    let (r, c) = (
        if t.1 { n - 1 - r } else { r },
        if t.2 { n - 1 - c } else { c },
    );
    if t.0 {
        (c, r)
    } else {
        (r, c)
    }
}

/// The canonical stone codes of `board` seen by `color`, and the numbers of
/// the transforms that give them.
pub fn canonical(board: &Board, color: Color) -> (Vec<u16>, Vec<usize>) {
    let n = board.size();
    let stones: Vec<(usize, usize, bool)> = board
        .points()
        .iter()
        .filter(|&&p| board.color(p).is_stone())
        .map(|&p| (p.row(), p.col(), board.color(p) != color))
        .collect();
    let mut best: Option<Vec<u16>> = None;
    let mut ts = Vec::new();
    for (k, &t) in TRANSFORMS.iter().enumerate() {
        let mut v: Vec<u16> = stones
            .iter()
            .map(|&(r, c, x)| {
                let (r, c) = apply_abs(t, r, c, n);
                ((r * n + c) * 2 + usize::from(x)) as u16
            })
            .collect();
        v.sort_unstable();
        match &best {
            Some(b) if v > *b => {}
            Some(b) if v == *b => ts.push(k),
            _ => {
                best = Some(v);
                ts = vec![k];
            }
        }
    }
    (best.unwrap_or_default(), ts)
}

/// The database entry for the position, if any.
pub fn entry(board: &Board, color: Color) -> Option<(&'static FusekiEntry, Vec<usize>)> {
    let (key, ts) = canonical(board, color);
    let size = board.size() as u8;
    let k = FUSEKI
        .binary_search_by(|e| (e.size, e.stones).cmp(&(size, key.as_slice())))
        .ok()?;
    Some((&FUSEKI[k], ts))
}

/// The fuseki moves for `color` in this position: point, value, pattern
/// name, best first (every symmetric equivalent is listed).
pub fn moves(board: &Board, color: Color) -> Vec<(Pos, f32, &'static str)> {
    let Some((e, ts)) = entry(board, color) else {
        return Vec::new();
    };
    let n = board.size();
    let mut out: Vec<(Pos, f32, &'static str)> = Vec::new();
    for m in e.moves {
        let (r, c) = (m.point as usize / n, m.point as usize % n);
        for &t in &ts {
            let (r, c) = unapply_abs(TRANSFORMS[t], r, c, n);
            let p = Pos::new(r, c);
            if !out.iter().any(|x| x.0 == p) {
                out.push((p, m.value, m.name));
            }
        }
    }
    out.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    out
}

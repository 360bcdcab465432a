//! Looking up an eye space in the compiled eye database (`eyes.db`).
//!
//! The eye analysis gives the points of an eye space with their kind: `.`
//! empty, `!` margin (empty, but the attacker can play there safely), `X` an
//! attacker stone. [`lookup`] finds the shape whatever its orientation and
//! place, and returns its eye values with the vital points mapped back to
//! the caller's coordinates. The canonical key is the one the pattern
//! compiler computes (`patterns::eyes::canonical`); a test checks that every
//! entry of the table is found again in every orientation.

use super::{EyeEntry, EYE_SPACES};
use std::cell::RefCell;
use std::collections::HashMap;

/// The eight symmetries of the square as (swap, negate row, negate column),
/// in the compiler's order.
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

fn apply(t: (bool, bool, bool), r: i32, c: i32) -> (i32, i32) {
    let (r, c) = if t.0 { (c, r) } else { (r, c) };
    (if t.1 { -r } else { r }, if t.2 { -c } else { c })
}

fn unapply(t: (bool, bool, bool), r: i32, c: i32) -> (i32, i32) {
    let (r, c) = (if t.1 { -r } else { r }, if t.2 { -c } else { c });
    if t.0 {
        (c, r)
    } else {
        (r, c)
    }
}

/// The canonical key of an eye space, with the transform number and shift
/// that map a point to the canonical grid (`apply(t, r, c) - shift`).
pub fn canonical_key(points: &[(i32, i32, char)]) -> (String, usize, (i32, i32)) {
    let mut best: Option<(String, usize, (i32, i32))> = None;
    for (k, &t) in TRANSFORMS.iter().enumerate() {
        let moved: Vec<(i32, i32, char)> = points
            .iter()
            .map(|&(r, c, ch)| {
                let (r, c) = apply(t, r, c);
                (r, c, ch)
            })
            .collect();
        let r0 = moved.iter().map(|p| p.0).min().unwrap_or(0);
        let c0 = moved.iter().map(|p| p.1).min().unwrap_or(0);
        let h = moved.iter().map(|p| p.0 - r0 + 1).max().unwrap_or(0);
        let w = moved.iter().map(|p| p.1 - c0 + 1).max().unwrap_or(0);
        let mut grid = vec![b'?'; (h * w) as usize];
        for &(r, c, ch) in &moved {
            grid[((r - r0) * w + c - c0) as usize] = ch as u8;
        }
        let mut key = format!("{h}x{w}:");
        for (i, row) in grid.chunks(w.max(1) as usize).enumerate() {
            if i > 0 {
                key.push('/');
            }
            key.push_str(std::str::from_utf8(row).unwrap_or(""));
        }
        if best.as_ref().is_none_or(|b| key < b.0) {
            best = Some((key, k, (r0, c0)));
        }
    }
    best.unwrap_or_else(|| ("0x0:".to_string(), 0, (0, 0)))
}

/// An eye space found in the database, vital points in the caller's
/// coordinates.
#[derive(Clone, Debug)]
pub struct EyeValue {
    /// The database entry.
    pub entry: &'static EyeEntry,
    /// Eyes if the attacker moves first.
    pub min: u8,
    /// Eyes if the defender moves first.
    pub max: u8,
    /// Where the attacker should play (when `min < max`).
    pub attack: Vec<(i32, i32)>,
    /// Where the defender should play (when `min < max`).
    pub defend: Vec<(i32, i32)>,
}

/// Look up an eye space given as (row, column, kind) points.
pub fn lookup(points: &[(i32, i32, char)]) -> Option<EyeValue> {
    remembered(
        points,
        None,
        &LOOKUPS,
        |v, d| {
            if let Some(v) = v {
                shift_points(&mut v.attack, d);
                shift_points(&mut v.defend, d);
            }
        },
        || find(points),
    )
}

/// Move the points of `list` by `d` (rows, columns).
fn shift_points(list: &mut [(i32, i32)], d: (i32, i32)) {
    for p in list {
        *p = (p.0 + d.0, p.1 + d.1);
    }
}

/// [`lookup`] without the memory.
fn find(points: &[(i32, i32, char)]) -> Option<EyeValue> {
    let (key, t, (r0, c0)) = canonical_key(points);
    let k = EYE_SPACES
        .binary_search_by(|e| e.key.cmp(key.as_str()))
        .ok()?;
    let entry = &EYE_SPACES[k];
    let back = |v: &[(i8, i8)]| -> Vec<(i32, i32)> {
        let mut out: Vec<(i32, i32)> = v
            .iter()
            .map(|&(r, c)| unapply(TRANSFORMS[t], r as i32 + r0, c as i32 + c0))
            .collect();
        out.sort_unstable();
        out
    };
    Some(EyeValue {
        entry,
        min: entry.min,
        max: entry.max,
        attack: back(entry.attack),
        defend: back(entry.defend),
    })
}

/// The eye-space solver's value of `points` (`patterns::eyes::solve`, or
/// `solve_with_walls` when `walls` is given), remembered like [`lookup`].
pub fn solve(points: &[(i32, i32, char)], walls: Option<&[bool]>) -> patterns::eyes::EyeValue {
    remembered(points, walls, &SOLVED, shift_value, || match walls {
        Some(w) => patterns::eyes::solve_with_walls(points, w),
        None => patterns::eyes::solve(points),
    })
}

/// The eye-space solver's value of `points` when its walls can afford the
/// capture of the dead attacker stones inside
/// (`patterns::eyes::solve_holding_dead`), remembered like [`lookup`].
pub fn solve_holding_dead(points: &[(i32, i32, char)]) -> patterns::eyes::EyeValue {
    remembered(points, None, &HELD, shift_value, || {
        patterns::eyes::solve_holding_dead(points)
    })
}

/// The eye-space solver's value of `points` holding dead attacker stones
/// with the defender's short walls as `O` points of the game and their
/// outside liberties as `!` (`patterns::eyes::solve_holding_dead_with_walls`),
/// remembered like [`lookup`].
pub fn solve_holding_dead_with_walls(
    points: &[(i32, i32, char)],
    walls: &[bool],
) -> patterns::eyes::EyeValue {
    remembered(points, Some(walls), &HELD, shift_value, || {
        patterns::eyes::solve_holding_dead_with_walls(points, walls)
    })
}

/// Move a solver's answer's points by `d` (for [`remembered`]).
fn shift_value(v: &mut patterns::eyes::EyeValue, d: (i32, i32)) {
    shift_points(&mut v.attack, d);
    shift_points(&mut v.defend, d);
}

/// Results remembered before a memory is emptied.
const REMEMBERED: usize = 1 << 14;

/// The key of a memory: the space's points in the caller's order, moved
/// so that their smallest row and column are 0, and its walls.
type ShapeKey = (Vec<(i32, i32, char)>, Option<Vec<bool>>);

/// A memory of pure functions of an eye space, per thread.
type Memory<V> = RefCell<HashMap<ShapeKey, V>>;

thread_local! {
    /// [`lookup`]'s answers.
    static LOOKUPS: Memory<Option<EyeValue>> = RefCell::new(HashMap::new());
    /// [`solve`]'s answers.
    static SOLVED: Memory<patterns::eyes::EyeValue> = RefCell::new(HashMap::new());
    /// [`solve_holding_dead`]'s answers.
    static HELD: Memory<patterns::eyes::EyeValue> = RefCell::new(HashMap::new());
}

/// `compute()`, a function of `points` and `walls` alone, from `memory`
/// when it was computed before. The owl values the same eye spaces at
/// node after node (the moves it reads are mostly elsewhere), and both the
/// database lookup (eight orientations of a key string) and the solver
/// (a search of the space's local game) cost more than a hash lookup.
/// Both answer a space moved on the board with their answer moved alike
/// (only adjacency and the order of the points count), so the memory
/// holds the space moved to the origin and `shift` moves an answer's
/// points by a displacement; the answers are exactly those computed.
fn remembered<V: Clone>(
    points: &[(i32, i32, char)],
    walls: Option<&[bool]>,
    memory: &'static std::thread::LocalKey<Memory<V>>,
    shift: impl Fn(&mut V, (i32, i32)),
    compute: impl FnOnce() -> V,
) -> V {
    let r0 = points.iter().map(|p| p.0).min().unwrap_or(0);
    let c0 = points.iter().map(|p| p.1).min().unwrap_or(0);
    let moved = points
        .iter()
        .map(|&(r, c, k)| (r - r0, c - c0, k))
        .collect();
    let key: ShapeKey = (moved, walls.map(<[bool]>::to_vec));
    if let Some(mut v) = memory.with(|m| m.borrow().get(&key).cloned()) {
        shift(&mut v, (r0, c0));
        return v;
    }
    let v = compute();
    let mut kept = v.clone();
    shift(&mut kept, (-r0, -c0));
    memory.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= REMEMBERED {
            m.clear();
        }
        m.insert(key, kept);
    });
    v
}

/// The points of an entry in canonical coordinates (for tests and tools).
pub fn entry_points(e: &EyeEntry) -> Vec<(i32, i32, char)> {
    let body = e.key.split_once(':').map_or("", |x| x.1);
    let mut v = Vec::new();
    for (i, row) in body.split('/').enumerate() {
        for (j, ch) in row.chars().enumerate() {
            if ch != '?' {
                v.push((i as i32, j as i32, ch));
            }
        }
    }
    v
}

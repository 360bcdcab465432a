//! Eye spaces: their canonical form (shared by the generator, the compiler
//! and — reimplemented, and tested against this — the engine's lookup), and
//! the search that gives each small eye space its value.
//!
//! An eye space is a connected set of points enclosed by the defender. Each
//! point is `.` (empty), `!` (a margin: empty, but next to the attacker's
//! outside stones, so the attacker can play there safely and it never is an
//! eye itself) or `X` (an attacker stone inside the space). The enclosure is
//! safe: the defender's wall cannot be captured, and nothing outside the
//! space matters. Only adjacency inside the space matters, so the value of a
//! shape is the same in the centre, on the edge or in the corner. Where the
//! wall is not safe all round (edge points with no wall beside them, or a
//! defender string whose liberties all lie in the space — the bent four in
//! the corner), the engine reads the space with [`solve_with_walls`]; an
//! attacker stone on a false eye (`x`: capturable, never an eye) is read
//! with [`solve`].

use crate::orient::Transform;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A point of an eye space: row, column, kind (`.`, `!` or `X`).
pub type EyePoint = (i32, i32, char);

/// The canonical key of an eye space, with the transform and the shift that
/// take a point of the input to the canonical grid:
/// `canonical = transform.apply(r, c) - shift`.
///
/// The key is `HxW:` followed by the rows of the grid joined by `/`, with
/// `?` outside the space; the key chosen is the smallest string over the
/// eight orientations.
pub fn canonical(points: &[EyePoint]) -> (String, Transform, (i32, i32)) {
    let mut best: Option<(String, Transform, (i32, i32))> = None;
    for t in Transform::ALL {
        let moved: Vec<(i32, i32, char)> = points
            .iter()
            .map(|&(r, c, k)| {
                let (r, c) = t.apply(r, c);
                (r, c, k)
            })
            .collect();
        let r0 = moved.iter().map(|p| p.0).min().unwrap_or(0);
        let c0 = moved.iter().map(|p| p.1).min().unwrap_or(0);
        let h = moved.iter().map(|p| p.0 - r0 + 1).max().unwrap_or(0);
        let w = moved.iter().map(|p| p.1 - c0 + 1).max().unwrap_or(0);
        let mut grid = vec![vec!['?'; w as usize]; h as usize];
        for &(r, c, k) in &moved {
            grid[(r - r0) as usize][(c - c0) as usize] = k;
        }
        let rows: Vec<String> = grid.iter().map(|r| r.iter().collect()).collect();
        let key = format!("{h}x{w}:{}", rows.join("/"));
        if best.as_ref().is_none_or(|b| key < b.0) {
            best = Some((key, t, (r0, c0)));
        }
    }
    best.unwrap_or_else(|| ("0x0:".to_string(), Transform::IDENTITY, (0, 0)))
}

/// The value of an eye space: eyes when the attacker moves first (`min`) and
/// when the defender moves first (`max`), counting two or more as 2, and the
/// first moves that achieve them when they differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EyeValue {
    /// Eyes if the attacker moves first.
    pub min: u8,
    /// Eyes if the defender moves first.
    pub max: u8,
    /// The attacker's moves that hold the defender to `min` (when
    /// `min < max`).
    pub attack: Vec<(i32, i32)>,
    /// The defender's moves that make `max` (when `min < max`).
    pub defend: Vec<(i32, i32)>,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum St {
    Empty,
    Def,
    Att,
}

/// The local game of one eye space.
struct Game {
    n: usize,
    adj: Vec<Vec<usize>>,
    /// The point touches the defender's wall (stones there join it).
    wall: Vec<bool>,
    /// The point is a margin (touches the attacker's safe outside stones).
    margin: Vec<bool>,
    /// The point never becomes an eye (a margin, or a false eye `x`).
    no_eye: Vec<bool>,
    /// Dead attacker strings hold the space in the settled count
    /// ([`solve_holding_dead`]): the walls can afford their capture.
    holding: bool,
    /// The point touches the defender's wall, safe or one of the game's
    /// own wall stones (`O` in [`solve_holding_dead_with_walls`]): a dead
    /// string's liberty there is the defender's to take.
    beside_wall: Vec<bool>,
    /// The defender's wall stones in the game (one bit a point): the
    /// attacker capturing any of them ends the game with no eye.
    wall_stones: u64,
    /// The point is a wall's liberty outside the space (`+`): the
    /// attacker fills it safely, the defender never plays there.
    outside: Vec<bool>,
    memo: HashMap<u128, u8, BuildHasherDefault<MixHasher>>,
}

/// Most points a local game holds (two bits each in the memo key).
pub const MAX_GAME_POINTS: usize = 48;
const _: () = assert!(
    MAX_GAME_POINTS <= 64,
    "a string of the game is a u64 of point bits"
);

/// A position of the local game: its first `n` points are the game's.
type Position = [St; MAX_GAME_POINTS];

/// A fast hasher for the packed memo keys (a multiply-xorshift mix).
#[derive(Default)]
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, v: u64) {
        let x = (self.0 ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = x ^ (x >> 29);
    }
    fn write_u128(&mut self, v: u128) {
        self.write_u64(v as u64);
        self.write_u64((v >> 64) as u64);
    }
}

/// The memo key of a position: two bits a point, then the side to move,
/// the pass flag and the ko point.
fn pack(s: &[St], def: bool, passed: bool, ko: Option<usize>) -> u128 {
    let mut k: u128 = 0;
    for (i, &st) in s.iter().enumerate() {
        let v: u128 = match st {
            St::Empty => 0,
            St::Def => 1,
            St::Att => 2,
        };
        k |= v << (2 * i);
    }
    let extra = u128::from(def) | u128::from(passed) << 1 | (ko.map_or(0, |p| p as u128 + 1)) << 2;
    k | extra << (2 * MAX_GAME_POINTS)
}

const MAX_DEPTH: usize = 40;

impl Game {
    /// The game of `points`; `walls` says which points touch the
    /// defender's safe wall (by default those with fewer than four
    /// neighbours in the space).
    /// With `wall_stones`, the `O` points are the defender's wall strings
    /// read in the game ([`solve_holding_dead_with_walls`]).
    fn new(
        points: &[EyePoint],
        walls: Option<&[bool]>,
        holding: bool,
        wall_stones: bool,
    ) -> (Game, Vec<St>) {
        let n = points.len();
        let mut adj = vec![Vec::new(); n];
        let mut wall = vec![false; n];
        for (i, a) in points.iter().enumerate() {
            let mut deg = 0;
            for (j, b) in points.iter().enumerate() {
                if (a.0 - b.0).abs() + (a.1 - b.1).abs() == 1 {
                    adj[i].push(j);
                    deg += 1;
                }
            }
            wall[i] = match walls {
                Some(w) => w.get(i).copied().unwrap_or(false),
                None => deg < 4,
            };
        }
        let margin = points.iter().map(|p| matches!(p.2, '!' | '+')).collect();
        let no_eye = points
            .iter()
            .map(|p| matches!(p.2, '!' | 'x' | '+'))
            .collect();
        let outside = points.iter().map(|p| p.2 == '+').collect();
        let start: Vec<St> = points
            .iter()
            .map(|p| match p.2 {
                'X' | 'x' => St::Att,
                'O' => St::Def,
                _ => St::Empty,
            })
            .collect();
        let beside_wall = (0..n)
            .map(|i| wall[i] || (wall_stones && adj[i].iter().any(|&j| start[j] == St::Def)))
            .collect();
        let wall_stones = if wall_stones {
            (0..n)
                .filter(|&i| start[i] == St::Def)
                .fold(0u64, |m, i| m | 1 << i)
        } else {
            0
        };
        (
            Game {
                n,
                adj,
                wall,
                margin,
                no_eye,
                holding,
                beside_wall,
                wall_stones,
                outside,
                memo: HashMap::default(),
            },
            start,
        )
    }

    /// The string of `i` (same colour, connected), one bit a point, and
    /// whether it is safe (touches its owner's safe outside stones) or has
    /// a liberty.
    fn group(&self, s: &[St], i: usize) -> (u64, bool) {
        let c = s[i];
        let mut queue = [0u8; MAX_GAME_POINTS];
        queue[0] = i as u8;
        let (mut len, mut k) = (1, 0);
        let mut members = 1u64 << i;
        let mut alive = false;
        while k < len {
            let p = usize::from(queue[k]);
            k += 1;
            if (c == St::Def && self.wall[p]) || (c == St::Att && self.margin[p]) {
                alive = true;
            }
            for &q in &self.adj[p] {
                if s[q] == St::Empty {
                    alive = true;
                } else if s[q] == c && members & (1 << q) == 0 {
                    members |= 1 << q;
                    queue[len] = q as u8;
                    len += 1;
                }
            }
        }
        (members, alive)
    }

    /// Play `c` at `i`: the new position (its first `n` points) and the
    /// ko point it leaves, or `None` if the move is illegal (suicide or the
    /// ko).
    fn play(
        &self,
        s: &[St],
        i: usize,
        c: St,
        ko: Option<usize>,
    ) -> Option<(Position, Option<usize>)> {
        if s[i] != St::Empty || ko == Some(i) || (c == St::Def && self.outside[i]) {
            return None;
        }
        debug_assert!(s.len() == self.n, "a position of this game");
        let mut t = [St::Empty; MAX_GAME_POINTS];
        t[..s.len()].copy_from_slice(s);
        t[i] = c;
        let opp = if c == St::Def { St::Att } else { St::Def };
        let mut captured = 0u64;
        for &q in &self.adj[i] {
            if t[q] == opp {
                let (g, alive) = self.group(&t, q);
                if !alive {
                    captured |= g;
                    let mut bits = g;
                    while bits != 0 {
                        t[bits.trailing_zeros() as usize] = St::Empty;
                        bits &= bits - 1;
                    }
                }
            }
        }
        let (g, alive) = self.group(&t, i);
        if !alive {
            return None;
        }
        let ko = if captured.count_ones() == 1 && g.count_ones() == 1 {
            // A single stone that captured a single stone and now has that
            // point as its only liberty (and no safe connection): a ko.
            let libs = self.adj[i].iter().filter(|&&q| t[q] == St::Empty).count();
            let safe = (c == St::Def && self.wall[i]) || (c == St::Att && self.margin[i]);
            (libs == 1 && !safe).then_some(captured.trailing_zeros() as usize)
        } else {
            None
        };
        Some((t, ko))
    }

    /// Eyes of a settled position (both sides passed): empty regions that
    /// are not margins and touch no attacker stone, each region one eye
    /// (capped at 2). With `holding`, attacker stones divide the regions
    /// and only a live one spoils the region it touches: a dead string
    /// ([`Game::dead_string`]) stays in place, since the defender takes its
    /// last liberties whenever it likes and the attacker passed rather than
    /// fill one (which would only hand over a larger space: three dead
    /// stones in the middle of a line of five leave two single points the
    /// attacker cannot play).
    fn count(&self, s: &[St]) -> u8 {
        let mut seen = [false; MAX_GAME_POINTS];
        let mut eyes = 0;
        for i in 0..self.n {
            if seen[i] || s[i] == St::Def || (self.holding && s[i] == St::Att) {
                continue;
            }
            // The region's points, a queue on the stack as in `group`:
            // every point enters once (`seen`), so `n` slots suffice.
            let mut region = [0u8; MAX_GAME_POINTS];
            region[0] = i as u8;
            seen[i] = true;
            let (mut len, mut k) = (1, 0);
            let mut good = true;
            while k < len {
                let p = usize::from(region[k]);
                k += 1;
                if s[p] == St::Att || self.no_eye[p] {
                    good = false;
                }
                for &q in &self.adj[p] {
                    if seen[q] || s[q] == St::Def {
                        continue;
                    }
                    if self.holding && s[q] == St::Att {
                        good &= self.dead_string(s, q);
                        continue;
                    }
                    seen[q] = true;
                    debug_assert!(len < self.n, "each point enters the region once");
                    region[len] = q as u8;
                    len += 1;
                }
            }
            if good {
                eyes += 1;
            }
        }
        eyes.min(2)
    }

    /// Is the attacker string at `i` dead in a settled position: none of
    /// its stones on a margin or a false point (joined out, or cutting the
    /// wall), and every liberty a point beside the defender's wall
    /// (`beside_wall`), so that the defender can take them all.
    fn dead_string(&self, s: &[St], i: usize) -> bool {
        debug_assert!(s[i] == St::Att, "an attacker string");
        let (members, _) = self.group(s, i);
        (0..self.n).filter(|&t| members & (1 << t) != 0).all(|t| {
            !self.no_eye[t]
                && self.adj[t]
                    .iter()
                    .all(|&q| s[q] != St::Empty || self.beside_wall[q])
        })
    }

    /// Minimax value (eyes) with `def` to move; `passed`: the previous move
    /// was a pass.
    fn value(&mut self, s: &[St], def: bool, passed: bool, ko: Option<usize>, depth: usize) -> u8 {
        if depth >= MAX_DEPTH {
            return self.count(s);
        }
        let key = pack(s, def, passed, ko);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        // Passing: two passes end the game.
        let mut best = if passed {
            self.count(s)
        } else {
            self.value(s, !def, true, None, depth + 1)
        };
        let c = if def { St::Def } else { St::Att };
        for i in 0..self.n {
            if let Some((t, nko)) = self.play(s, i, c, ko) {
                let v = self.after(&t[..self.n], def, nko, depth + 1);
                best = if def { best.max(v) } else { best.min(v) };
            }
            if (def && best == 2) || (!def && best == 0) {
                break;
            }
        }
        self.memo.insert(key, best);
        best
    }

    /// The value of `t`, just reached by a move of the defender (`def`) or
    /// the attacker: none when the attacker's move captured a wall stone
    /// of the game (the space is open, every eye in it lost).
    fn after(&mut self, t: &[St], def: bool, ko: Option<usize>, depth: usize) -> u8 {
        let mut walls = self.wall_stones;
        while walls != 0 {
            if t[walls.trailing_zeros() as usize] != St::Def {
                debug_assert!(!def, "only the attacker captures the defender's wall");
                return 0;
            }
            walls &= walls - 1;
        }
        self.value(t, !def, false, ko, depth)
    }

    fn first_moves(&mut self, s: &[St], def: bool, target: u8) -> Vec<usize> {
        let c = if def { St::Def } else { St::Att };
        let mut out = Vec::new();
        for i in 0..self.n {
            if let Some((t, nko)) = self.play(s, i, c, None) {
                if self.after(&t[..self.n], def, nko, 1) == target {
                    out.push(i);
                }
            }
        }
        out
    }
}

/// Solve an eye space by search: both sides may pass, the game ends after
/// two passes, the simple ko rule holds, and the eyes are counted as in
/// [`EyeValue`]. Besides the database kinds, a point may be `x`: an
/// attacker stone on a false eye (it can be captured, but the point never
/// becomes an eye).
pub fn solve(points: &[EyePoint]) -> EyeValue {
    solve_game(points, None, false, false)
}

/// Solve an eye space whose walls can afford the capture of the dead
/// attacker stones inside it (the caller's test): a dead string counts as
/// holding its points, not as spoiling the region it touches, so `.XXX.`
/// (every attacker move inside a self-atari captured into a straight
/// four) is two eyes where [`solve`] says one. The database is made with
/// [`solve`], whose walls are not known to be that safe.
pub fn solve_holding_dead(points: &[EyePoint]) -> EyeValue {
    solve_game(points, None, true, false)
}

/// Solve an eye space holding dead attacker stones together with the
/// walls that may not afford their capture: the `O` points are the stones
/// of the defender's wall strings short of liberties, the `+` points
/// beside them their liberties outside the space (the attacker fills them
/// safely; the defender never plays there), and `walls[i]` tells
/// whether point `i` touches a wall string safe without the game. The
/// local game reads the standoff of shared liberties: the attacker fills
/// the walls' outside liberties and plays inside, the defender captures
/// when it must; a wall stone captured leaves no eye. A dead string
/// holds its points as in [`solve_holding_dead`].
pub fn solve_holding_dead_with_walls(points: &[EyePoint], walls: &[bool]) -> EyeValue {
    solve_game(points, Some(walls), true, true)
}

/// Solve an eye space whose points do not all touch the defender's wall:
/// `walls[i]` tells whether point `i` does (a point on the edge of the board
/// with no defender stone beside it does not, so the defender's stones
/// there live on their own liberties). Points may also be `O`, a defender
/// stone inside the space that is not part of the wall.
pub fn solve_with_walls(points: &[EyePoint], walls: &[bool]) -> EyeValue {
    solve_game(points, Some(walls), false, false)
}

fn solve_game(
    points: &[EyePoint],
    walls: Option<&[bool]>,
    holding: bool,
    wall_stones: bool,
) -> EyeValue {
    if points.is_empty() || points.len() > MAX_GAME_POINTS {
        // Too big to read (or nothing to read): no eye known.
        return EyeValue {
            min: 0,
            max: 0,
            attack: Vec::new(),
            defend: Vec::new(),
        };
    }
    let (mut g, start) = Game::new(points, walls, holding, wall_stones);
    let min = g.value(&start, false, false, None, 0);
    let max = g.value(&start, true, false, None, 0);
    let (mut attack, mut defend) = (Vec::new(), Vec::new());
    if min < max {
        let pos = |v: Vec<usize>| v.into_iter().map(|i| (points[i].0, points[i].1)).collect();
        attack = pos(g.first_moves(&start, false, min));
        defend = pos(g.first_moves(&start, true, max));
    }
    EyeValue {
        min,
        max,
        attack,
        defend,
    }
}

/// Every polyomino (connected set of points) of `n` points, one per shape
/// up to the eight symmetries, as points with rows and columns from 0.
pub fn polyominoes(n: usize) -> Vec<Vec<(i32, i32)>> {
    let mut shapes: Vec<Vec<(i32, i32)>> = vec![vec![(0, 0)]];
    for _ in 1..n {
        let mut next: HashMap<String, Vec<(i32, i32)>> = HashMap::new();
        for s in &shapes {
            for &(r, c) in s {
                for (dr, dc) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let q = (r + dr, c + dc);
                    if s.contains(&q) {
                        continue;
                    }
                    let mut t = s.clone();
                    t.push(q);
                    let pts: Vec<EyePoint> = t.iter().map(|&(r, c)| (r, c, '.')).collect();
                    let (key, tr, (r0, c0)) = canonical(&pts);
                    next.entry(key).or_insert_with(|| {
                        let mut v: Vec<(i32, i32)> = t
                            .iter()
                            .map(|&(r, c)| {
                                let (r, c) = tr.apply(r, c);
                                (r - r0, c - c0)
                            })
                            .collect();
                        v.sort_unstable();
                        v
                    });
                }
            }
        }
        let mut v: Vec<(String, Vec<(i32, i32)>)> = next.into_iter().collect();
        v.sort();
        shapes = v.into_iter().map(|x| x.1).collect();
    }
    shapes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(rows: &[&str]) -> Vec<EyePoint> {
        let mut v = Vec::new();
        for (i, r) in rows.iter().enumerate() {
            for (j, ch) in r.chars().enumerate() {
                if ch != '?' {
                    v.push((i as i32, j as i32, ch));
                }
            }
        }
        v
    }

    #[test]
    fn polyomino_counts() {
        let counts: Vec<usize> = (1..=6).map(|n| polyominoes(n).len()).collect();
        assert_eq!(counts, vec![1, 1, 2, 5, 12, 35]);
    }

    #[test]
    fn canonical_ignores_orientation_and_place() {
        let a = canonical(&shape(&["..", ".?"]));
        let b = canonical(&[(5, 5, '.'), (5, 6, '.'), (6, 6, '.')]);
        assert_eq!(a.0, b.0);
        let c = canonical(&shape(&["!.", ".?"]));
        assert_ne!(a.0, c.0);
    }

    #[test]
    fn classic_shapes() {
        // One point: one eye whatever happens.
        assert_eq!(solve(&shape(&["."])).min, 1);
        // Straight three: one eye or two, the middle is vital for both.
        let v = solve(&shape(&["..."]));
        assert_eq!((v.min, v.max), (1, 2));
        assert_eq!(v.attack, vec![(0, 1)]);
        assert_eq!(v.defend, vec![(0, 1)]);
        // Bent three.
        let v = solve(&shape(&["..", ".?"]));
        assert_eq!((v.min, v.max), (1, 2));
        assert_eq!(v.defend, vec![(0, 0)]);
        // Straight four and bent four: alive.
        assert_eq!(solve(&shape(&["...."])).min, 2);
        assert_eq!(solve(&shape(&["...", "??."])).min, 2);
        // Square four: dead shape (one eye).
        let v = solve(&shape(&["..", ".."]));
        assert_eq!((v.min, v.max), (1, 1));
        // Pyramid four: the centre point.
        let v = solve(&shape(&["...", "?.?"]));
        assert_eq!((v.min, v.max), (1, 2));
        assert_eq!(v.defend, vec![(0, 1)]);
        // Bulky five.
        let v = solve(&shape(&["..?", "..."]));
        assert_eq!((v.min, v.max), (1, 2));
        // The defender also lives by making a bent four, but the attacker
        // has one move only.
        assert!(v.defend.contains(&(1, 1)));
        assert_eq!(v.attack, vec![(1, 1)]);
        // Crossed five.
        let v = solve(&shape(&["?.?", "...", "?.?"]));
        assert_eq!((v.min, v.max), (1, 2));
        assert_eq!(v.defend, vec![(1, 1)]);
        assert_eq!(v.attack, vec![(1, 1)]);
        // Rabbity six.
        let v = solve(&shape(&["?.?", "...", "?.."]));
        assert_eq!((v.min, v.max), (1, 2));
        assert!(v.defend.contains(&(1, 1)), "{v:?}");
        assert_eq!(v.attack, vec![(1, 1)]);
        // Rectangular six: alive.
        assert_eq!(solve(&shape(&["...", "..."])).min, 2);
        // A straight three with an attacker stone at the end.
        let v = solve(&shape(&["X.."]));
        assert_eq!(v.max, 2);
        // A margin point is no eye, and the attacker there, safe, spoils the
        // point beside it unless the defender fills the margin first.
        let v = solve(&shape(&["!."]));
        assert_eq!((v.min, v.max), (0, 1));
        assert_eq!(v.defend, vec![(0, 0)]);
        let v = solve(&shape(&["!"]));
        assert_eq!((v.min, v.max), (0, 0));
    }

    #[test]
    fn dead_stones_holding_the_space() {
        // The database's count: a region with an attacker stone is no eye.
        assert_eq!(solve(&shape(&[".XXX."])).min, 1);
        // Behind walls that can afford the capture, three dead stones in
        // the middle of a line of five are two eyes (black's stone at an
        // end is captured with the rest and leaves a straight four), and
        // in an L of five too (a bent four).
        assert_eq!(solve_holding_dead(&shape(&[".XXX."])).min, 2);
        assert_eq!(solve_holding_dead(&shape(&[".XXX", "???."])).min, 2);
        // One dead stone in a straight three, two in a line of four: the
        // attacker's stone at an end, captured, leaves too small a space.
        assert_eq!(solve_holding_dead(&shape(&[".X."])).min, 1);
        assert_eq!(solve_holding_dead(&shape(&[".XX."])).min, 1);
        // Shapes without attacker stones are valued as before.
        for rows in [&["..."][..], &["..", ".."], &["?.?", "...", "?.?"], &["!."]] {
            assert_eq!(solve_holding_dead(&shape(rows)), solve(&shape(rows)));
        }
    }

    /// The walls as stones of the game: `O` wall stones, `+` outside
    /// liberties, every point `walls` false (no safe wall).
    fn held_with_walls(rows: &[&str]) -> EyeValue {
        let pts = shape(rows);
        let walls = vec![false; pts.len()];
        solve_holding_dead_with_walls(&pts, &walls)
    }

    #[test]
    fn dead_stones_behind_walls_read_in_the_game() {
        // A first-line wall around `.XXX.` with one outside liberty, or
        // none: the attacker's stone at either end is captured into a
        // straight four, the defender never needs to move (a seki at
        // worst): two eyes.
        let v = held_with_walls(&["OOOOOOO?", "O.XXX.O+"]);
        assert_eq!((v.min, v.max), (2, 2), "{v:?}");
        let v = held_with_walls(&["OOOOOOO", "O.XXX.O"]);
        assert_eq!((v.min, v.max), (2, 2), "{v:?}");
        // Two dead stones in a line of four, the wall's one outside
        // liberty filled: black's stone at an end is captured into a
        // straight three whose wall has no liberty left, and black's stone
        // in its middle takes the wall (the database, its walls safe,
        // says one eye).
        let v = held_with_walls(&["OOOOOO?", "O.XX.O+"]);
        assert_eq!((v.min, v.max), (0, 0), "{v:?}");
        assert_eq!(solve(&shape(&[".XX."])).min, 1);
    }

    #[test]
    fn dead_stones_holding_the_space_unchanged() {
        for rows in [&["..."][..], &["..", ".."], &["?.?", "...", "?.?"], &["!."]] {
            assert_eq!(solve_holding_dead(&shape(rows)), solve(&shape(rows)));
        }
    }
}

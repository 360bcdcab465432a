//! Eyes: eye spaces, their margins, half eyes and false eyes, and the eye
//! values (the eyes a dragon gets from a space with the attacker or the
//! defender moving first) from the compiled eye database.
//!
//! For a colour `C` (the defender) and its opponent `X`:
//!
//! * a stone is *live* unless the reader can capture it and cannot save it
//!   (its worm has an attack and no defence); dead stones count as part of
//!   the space they sit in;
//! * the *distance* of a point to a colour is the number of steps through
//!   empty points or dead stones to a live stone of that colour;
//! * `C`'s eye space is made of the empty points and dead `X` stones that
//!   are strictly nearer to `C` than to `X`, plus, as *margins*, empty
//!   points at equal distance that touch a `C` stone and a point of the
//!   space: `X` can play there, so they are never eyes themselves;
//! * an eye space is a connected component of those points.
//!
//! Half eyes and false eyes follow the topological rule: each diagonal of
//! an eye point scores 2 if `X` holds it with a live stone, 1 if it is an
//! empty point where an `X` stone could not be captured (or an `X` stone
//! that can be captured but also saved), 0 otherwise. In the middle of the
//! board a total of 4 or more makes the point a false eye and 3 a half eye;
//! on the edge (a diagonal off the board) 2 or more is false and 1 half.

use crate::board::Board;
use crate::patterns::eyes as eyedb;
use crate::point::{Color, Pos, ARR};
use crate::reading::Reader;
use crate::worm::Worms;

/// Topological kind of an eye point.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EyeKind {
    /// A proper eye point (or not examined).
    Proper,
    /// Becomes an eye or not depending on who plays first at a diagonal.
    HalfEye,
    /// Can never be an eye: the opponent holds too many diagonals.
    FalseEye,
}

/// The topology of one eye point.
#[derive(Clone, Debug)]
pub struct HalfEye {
    /// The diagonal score (see the module documentation).
    pub value: f32,
    /// What that score makes of the point.
    pub kind: EyeKind,
    /// Diagonals where the attacker makes the eye false.
    pub attack_points: Vec<Pos>,
    /// Diagonals where the defender secures the eye.
    pub defense_points: Vec<Pos>,
}

/// One eye space.
#[derive(Clone, Debug)]
pub struct EyeSpace {
    /// The defender.
    pub color: Color,
    /// First point in board order.
    pub origin: Pos,
    /// Its points, in board order.
    pub points: Vec<Pos>,
    /// The marginal points among them.
    pub margins: Vec<Pos>,
    /// Eyes with the attacker moving first (0, 1 or 2).
    pub min: u8,
    /// Eyes with the defender moving first (0, 1 or 2).
    pub max: u8,
    /// Where the attacker should play when `min < max`.
    pub attack_point: Pos,
    /// Where the defender should play when `min < max`.
    pub defense_point: Pos,
}

/// Eye spaces of both colours, with point lookups.
#[derive(Clone)]
pub struct Eyes {
    spaces: Vec<EyeSpace>,
    /// Per colour (0 black, 1 white), per point: eye-space number + 1.
    index: [Vec<u16>; 2],
    /// Per colour, per point: topology of eye points examined.
    half: [Vec<Option<HalfEye>>; 2],
}

/// Distance beyond which the distance maps stop.
const FAR: u8 = 30;

fn side(c: Color) -> usize {
    usize::from(c == Color::White)
}

impl Eyes {
    /// Find the eye spaces of `board` given its worms. The board is left as
    /// it was.
    pub fn new(board: &mut Board, worms: &Worms, reader: &mut Reader) -> Eyes {
        let mut eyes = Eyes {
            spaces: Vec::new(),
            index: [vec![0; ARR], vec![0; ARR]],
            half: [vec![None; ARR], vec![None; ARR]],
        };
        let dead = |p: Pos| {
            worms
                .get(p)
                .is_some_and(|w| w.color.is_stone() && w.attack_code != 0 && w.defense_code == 0)
        };
        let dist_black = distances(board, Color::Black, &dead);
        let dist_white = distances(board, Color::White, &dead);
        for c in [Color::Black, Color::White] {
            let (mine, theirs) = if c == Color::Black {
                (&dist_black, &dist_white)
            } else {
                (&dist_white, &dist_black)
            };
            let x = c.opponent();
            let owned = |p: Pos| {
                let col = board.color(p);
                (col == Color::Empty || (col == x && dead(p))) && mine[p.idx()] < theirs[p.idx()]
            };
            let mut inside = vec![0u8; ARR]; // 1 owned, 2 margin
            for &p in board.points() {
                if owned(p) {
                    inside[p.idx()] = 1;
                }
            }
            for &p in board.points() {
                if board.color(p) == Color::Empty
                    && inside[p.idx()] == 0
                    && mine[p.idx()] == theirs[p.idx()]
                    && p.neighbors()
                        .iter()
                        .any(|&q| board.color(q) == c && !dead(q))
                    && p.neighbors().iter().any(|&q| inside[q.idx()] == 1)
                {
                    inside[p.idx()] = 2;
                }
            }
            let mut seen = vec![false; ARR];
            for &p in board.points() {
                if inside[p.idx()] == 0 || seen[p.idx()] {
                    continue;
                }
                let mut pts = vec![p];
                seen[p.idx()] = true;
                let mut k = 0;
                while k < pts.len() {
                    let a = pts[k];
                    k += 1;
                    for q in a.neighbors() {
                        if inside[q.idx()] != 0 && !seen[q.idx()] {
                            seen[q.idx()] = true;
                            pts.push(q);
                        }
                    }
                }
                pts.sort_unstable();
                // A space must touch a live stone of its owner.
                let touches = pts.iter().any(|a| {
                    a.neighbors()
                        .iter()
                        .any(|&q| board.color(q) == c && !dead(q))
                });
                if !touches {
                    continue;
                }
                let margins: Vec<Pos> = pts
                    .iter()
                    .copied()
                    .filter(|a| inside[a.idx()] == 2)
                    .collect();
                let n = eyes.spaces.len() as u16 + 1;
                for a in &pts {
                    eyes.index[side(c)][a.idx()] = n;
                }
                eyes.spaces.push(EyeSpace {
                    color: c,
                    origin: pts[0],
                    points: pts,
                    margins,
                    min: 0,
                    max: 0,
                    attack_point: Pos::PASS,
                    defense_point: Pos::PASS,
                });
            }
        }
        for k in 0..eyes.spaces.len() {
            eyes.evaluate(board, worms, reader, k, &dead);
        }
        eyes
    }

    fn evaluate(
        &mut self,
        board: &mut Board,
        worms: &Worms,
        reader: &mut Reader,
        k: usize,
        dead: &dyn Fn(Pos) -> bool,
    ) {
        let space = self.spaces[k].clone();
        let c = space.color;
        let n = space.points.len();
        if n > 7 {
            // Too big for the database: open or large spaces make two eyes
            // unless they are mostly margin.
            let inner = n - space.margins.len();
            let (min, max) = if inner >= 8 {
                (2, 2)
            } else if inner >= 4 {
                (1, 2)
            } else {
                (1, 1)
            };
            let s = &mut self.spaces[k];
            s.min = min;
            s.max = max;
            return;
        }
        // Topology of the empty, non-marginal points.
        let mut kinds: Vec<(i32, i32, char)> = Vec::new();
        for &p in &space.points {
            let ch = if board.color(p).is_stone() {
                'X'
            } else if space.margins.contains(&p) {
                '!'
            } else {
                let h = topology(board, worms, reader, p, c, dead);
                let kind = h.kind;
                self.half[side(c)][p.idx()] = Some(h);
                if kind == EyeKind::FalseEye {
                    '!'
                } else {
                    '.'
                }
            };
            kinds.push((p.row() as i32, p.col() as i32, ch));
        }
        let s = &mut self.spaces[k];
        if n == 1 {
            let p = space.points[0];
            match &self.half[side(c)][p.idx()] {
                Some(h) if h.kind == EyeKind::HalfEye => {
                    s.min = 0;
                    s.max = 1;
                    s.attack_point = h.attack_points.first().copied().unwrap_or(Pos::PASS);
                    s.defense_point = h.defense_points.first().copied().unwrap_or(Pos::PASS);
                }
                Some(h) if h.kind == EyeKind::FalseEye => {
                    s.min = 0;
                    s.max = 0;
                }
                _ if kinds[0].2 == '.' => {
                    s.min = 1;
                    s.max = 1;
                }
                _ => {}
            }
            return;
        }
        if let Some(v) = eyedb::lookup(&kinds) {
            s.min = v.min;
            s.max = v.max;
            let at = |v: &[(i32, i32)]| {
                v.first()
                    .map_or(Pos::PASS, |&(r, c)| Pos::new(r as usize, c as usize))
            };
            if v.min < v.max {
                s.attack_point = at(&v.attack);
                s.defense_point = at(&v.defend);
            }
        } else {
            // Shapes the database leaves out (many marks): count the
            // proper points.
            let proper = kinds.iter().filter(|x| x.2 == '.').count();
            s.min = u8::from(proper >= 1);
            s.max = if proper >= 3 { 2 } else { s.min };
        }
    }

    /// Every eye space.
    pub fn spaces(&self) -> &[EyeSpace] {
        &self.spaces
    }

    /// The eye space of `color` at `p`, if `p` is in one.
    pub fn space_at(&self, color: Color, p: Pos) -> Option<&EyeSpace> {
        if !color.is_stone() {
            return None;
        }
        match self.index[side(color)].get(p.idx()) {
            Some(&n) if n > 0 => self.spaces.get(n as usize - 1),
            _ => None,
        }
    }

    /// The eye space at `p` of either colour (black's first).
    pub fn any_space_at(&self, p: Pos) -> Option<&EyeSpace> {
        self.space_at(Color::Black, p)
            .or_else(|| self.space_at(Color::White, p))
    }

    /// Topology of `p` as an eye point of `color`, if it was examined.
    pub fn half_eye(&self, color: Color, p: Pos) -> Option<&HalfEye> {
        if !color.is_stone() {
            return None;
        }
        self.half[side(color)].get(p.idx()).and_then(|h| h.as_ref())
    }
}

/// Distances from the live stones of `c` through empty points and dead
/// stones, up to [`FAR`].
fn distances(board: &Board, c: Color, dead: &dyn Fn(Pos) -> bool) -> Vec<u8> {
    let mut d = vec![FAR; ARR];
    let mut frontier = Vec::new();
    for &p in board.points() {
        if board.color(p) == c && !dead(p) {
            d[p.idx()] = 0;
            frontier.push(p);
        }
    }
    let mut step = 0u8;
    while !frontier.is_empty() && step + 1 < FAR {
        step += 1;
        let mut next = Vec::new();
        for &p in &frontier {
            for q in p.neighbors() {
                let col = board.color(q);
                let passable = col == Color::Empty || (col.is_stone() && dead(q));
                if passable && d[q.idx()] == FAR {
                    d[q.idx()] = step;
                    next.push(q);
                }
            }
        }
        frontier = next;
    }
    d
}

/// The diagonal score of `p` as an eye point of `c`.
pub fn topology(
    board: &mut Board,
    worms: &Worms,
    reader: &mut Reader,
    p: Pos,
    c: Color,
    dead: &dyn Fn(Pos) -> bool,
) -> HalfEye {
    let x = c.opponent();
    let mut sum = 0.0f32;
    let mut edge = false;
    let mut attack_points = Vec::new();
    for d in p.diagonals() {
        let col = board.color(d);
        if col == Color::Off {
            edge = true;
        } else if col == x {
            let w = worms.get(d);
            if dead(d) {
                continue;
            }
            if w.is_some_and(|w| w.attack_code != 0) {
                sum += 1.0;
                if let Some(w) = w {
                    attack_points.push(w.defense_point);
                }
            } else {
                sum += 2.0;
            }
        } else if col == Color::Empty && board.trymove(d, x) {
            let (code, _) = reader.attack(board, d);
            board.popgo();
            if code == 0 {
                sum += 1.0;
                attack_points.push(d);
            }
        }
    }
    let kind = if edge {
        if sum >= 2.0 {
            EyeKind::FalseEye
        } else if sum >= 1.0 {
            EyeKind::HalfEye
        } else {
            EyeKind::Proper
        }
    } else if sum >= 4.0 {
        EyeKind::FalseEye
    } else if sum >= 3.0 {
        EyeKind::HalfEye
    } else {
        EyeKind::Proper
    };
    let defense_points = if kind == EyeKind::HalfEye {
        attack_points.clone()
    } else {
        Vec::new()
    };
    HalfEye {
        value: sum,
        kind,
        attack_points,
        defense_points,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        let mut b = Board::new(rows.len());
        for (i, r) in rows.iter().enumerate() {
            for (j, ch) in r.chars().enumerate() {
                match ch {
                    'X' => b.set_stone(Pos::new(i, j), Color::Black),
                    'O' => b.set_stone(Pos::new(i, j), Color::White),
                    _ => {}
                }
            }
        }
        b
    }

    fn eyes_of(rows: &[&str]) -> (Board, Eyes) {
        let mut b = board(rows);
        let mut r = Reader::new(10, 1.0);
        let w = Worms::new(&mut b, &mut r);
        let e = Eyes::new(&mut b, &w, &mut r);
        assert_eq!(b.stackp(), 0);
        (b, e)
    }

    #[test]
    fn corner_eye_and_half_eye() {
        // Black has a proper eye at A7 and a two-point space C7-D7.
        let (_, e) = eyes_of(&[
            ".X..XO.", "XXXXXO.", "OOOOOO.", ".......", ".......", ".......", ".......",
        ]);
        let a7 = e.space_at(Color::Black, Pos::new(0, 0)).unwrap();
        assert_eq!((a7.min, a7.max), (1, 1));
        let c7 = e.space_at(Color::Black, Pos::new(0, 2)).unwrap();
        assert_eq!(c7.points.len(), 2);
        assert_eq!((c7.min, c7.max), (1, 1));
        assert!(e.space_at(Color::White, Pos::new(0, 0)).is_none());
    }

    #[test]
    fn false_eye_in_the_corner() {
        // A7 is surrounded by black, but white holds its only diagonal B6.
        let (_, e) = eyes_of(&[
            ".XXX...", "XOO....", "XOO....", "X......", ".......", ".......", ".......",
        ]);
        let a7 = e.space_at(Color::Black, Pos::new(0, 0)).unwrap();
        assert_eq!((a7.min, a7.max), (0, 0));
        let h = e.half_eye(Color::Black, Pos::new(0, 0)).unwrap();
        assert_eq!(h.kind, EyeKind::FalseEye);
        assert_eq!(h.value, 2.0);
    }
}

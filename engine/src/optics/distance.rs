//! The dragons' eye estimate: eye spaces by distance.
//!
//! A stone is *live* unless the reader can capture it and cannot save it;
//! the *distance* of a point to a colour is the number of steps through
//! empty points or dead stones to a live stone of that colour. `C`'s space
//! holds the empty points and dead opponent stones strictly nearer to `C`,
//! plus, as margins, empty points at equal distance that touch a `C` stone
//! and a point of the space; a space must touch a live `C` stone. Spaces
//! of up to seven points are valued by the eye database, larger ones by
//! their non-marginal points. Unlike GNU Go's domains (the parent module),
//! open areas next to a wall count as its eye space: the dragon code,
//! without owl reading, relies on that to see groups with room to live.

use super::{EyeKind, EyeSpace, Eyes, HalfEye};
use crate::board::Board;
use crate::patterns::eyes as eyedb;
use crate::point::{Color, Pos, ARR};
use crate::reading::Reader;
use crate::worm::Worms;

fn side(c: Color) -> usize {
    usize::from(c == Color::White)
}

/// Distance beyond which the distance maps stop.
const FAR: u8 = 30;

impl Eyes {
    /// Eye spaces by distance (see the module documentation), for the
    /// dragons' eye estimates. The board is left as it was.
    pub fn by_distance(board: &mut Board, worms: &Worms, reader: &mut Reader) -> Eyes {
        let mut eyes = Eyes {
            spaces: Vec::new(),
            index: [vec![0; ARR], vec![0; ARR]],
            half: [vec![None; ARR], vec![None; ARR]],
            marginal: [vec![false; ARR], vec![false; ARR]],
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
            eyes.evaluate_by_size(board, worms, reader, k, &dead);
        }
        for s in &eyes.spaces {
            for &m in &s.margins {
                eyes.marginal[side(s.color)][m.idx()] = true;
            }
        }
        eyes
    }

    fn evaluate_by_size(
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
fn topology(
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

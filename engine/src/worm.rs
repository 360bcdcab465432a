//! Worms: the strings of stones and the cavities (connected empty regions)
//! of a position, with everything the rest of the analysis asks about them.
//!
//! [`Worms::new`] computes it all once per position: liberties of orders 1
//! to 4, effective size, genus, the tactical reader's attack and defence,
//! lunches, cutting stones, ko and inessential strings. Every value is the
//! same for each point of a worm and is read in constant time.

use crate::board::Board;
use crate::point::{Color, Pos, ARR};
use crate::reading::{self, Reader};

/// What borders a cavity.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Border {
    /// A worm of stones: no border colour.
    None,
    /// Only black stones around (and the edge).
    Black,
    /// Only white stones around.
    White,
    /// Both colours around (or the board is empty).
    Gray,
}

/// One worm: a string of stones or a cavity.
#[derive(Clone, Debug)]
pub struct Worm {
    /// Colour (`Empty` for a cavity).
    pub color: Color,
    /// For a cavity, the colour of the stones around it.
    pub border: Border,
    /// The first point of the worm in board order (its name).
    pub origin: Pos,
    /// Stones (or empty points, for a cavity).
    pub size: usize,
    /// Stones plus a share of the empty points nearer to this worm than to
    /// any other (within distance 4), shared equally on ties.
    pub effective_size: f32,
    /// Liberties (empty points at distance 1; 0 for a cavity).
    pub liberties: usize,
    /// Empty points at distance 2 through empty points.
    pub liberties2: usize,
    /// Empty points at distance 3.
    pub liberties3: usize,
    /// Empty points at distance 4.
    pub liberties4: usize,
    /// The reader's attack code (0, `WIN`, `KO_A`, `KO_B`).
    pub attack_code: u8,
    /// Where the attack plays.
    pub attack_point: Pos,
    /// The reader's defence code, when the worm can be attacked.
    pub defense_code: u8,
    /// Where the defence plays.
    pub defense_point: Pos,
    /// An adjacent opponent worm that can be captured (or `PASS`).
    pub lunch: Pos,
    /// 2: cutting stone, 1: potential cutting stone, 0: neither.
    pub cutstone: u8,
    /// Number of regions the worm encloses (components of the rest of the
    /// board, less one).
    pub genus: usize,
    /// A single stone in atari that the opponent takes as a ko.
    pub ko: bool,
    /// A string that does not matter to the eye space it sits in.
    pub inessential: bool,
}

/// All the worms of a position.
#[derive(Clone)]
pub struct Worms {
    index: Vec<u16>,
    worms: Vec<Worm>,
    size: usize,
}

const NO_WORM: u16 = u16::MAX;

impl Worms {
    /// Compute the worms of `board`, reading attacks and defences with
    /// `reader`. The board is left as it was.
    pub fn new(board: &mut Board, reader: &mut Reader) -> Worms {
        let mut index = vec![NO_WORM; ARR];
        let mut worms: Vec<Worm> = Vec::new();
        let mut members: Vec<Vec<Pos>> = Vec::new();
        for &p in board.points() {
            if index[p.idx()] != NO_WORM {
                continue;
            }
            let color = board.color(p);
            let pts = if color.is_stone() {
                board.stones(p)
            } else {
                flood(board, p, |c| c == Color::Empty)
            };
            let k = worms.len() as u16;
            for &q in &pts {
                index[q.idx()] = k;
            }
            let origin = pts.iter().copied().min().unwrap_or(p);
            worms.push(Worm {
                color,
                border: Border::None,
                origin,
                size: pts.len(),
                effective_size: 0.0,
                liberties: 0,
                liberties2: 0,
                liberties3: 0,
                liberties4: 0,
                attack_code: 0,
                attack_point: Pos::PASS,
                defense_code: 0,
                defense_point: Pos::PASS,
                lunch: Pos::PASS,
                cutstone: 0,
                genus: 0,
                ko: false,
                inessential: false,
            });
            members.push(pts);
        }
        let mut w = Worms {
            index,
            worms,
            size: board.size(),
        };
        w.cavity_borders(board, &members);
        w.liberty_orders(board, &members);
        w.effective_sizes(board);
        w.genus(board, &members);
        w.tactics(board, reader);
        w.lunches_and_cuts(board);
        w.inessential(board, &members);
        w
    }

    /// The worm at `p` (a board point), if any.
    pub fn get(&self, p: Pos) -> Option<&Worm> {
        match self.index.get(p.idx()) {
            Some(&k) if k != NO_WORM => self.worms.get(k as usize),
            _ => None,
        }
    }

    /// Number of the worm at `p` (stable for this position), if any.
    pub fn id(&self, p: Pos) -> Option<usize> {
        match self.index.get(p.idx()) {
            Some(&k) if k != NO_WORM => Some(k as usize),
            _ => None,
        }
    }

    /// Every worm, in order of their origins.
    pub fn all(&self) -> &[Worm] {
        &self.worms
    }

    /// Points of the worm at `p`, in board order.
    pub fn points(&self, board: &Board, p: Pos) -> Vec<Pos> {
        match self.id(p) {
            Some(k) => board
                .points()
                .iter()
                .copied()
                .filter(|q| self.index[q.idx()] as usize == k)
                .collect(),
            None => Vec::new(),
        }
    }

    /// True if `a` and `b` are points of one worm.
    pub fn same_worm(&self, a: Pos, b: Pos) -> bool {
        self.id(a).is_some() && self.id(a) == self.id(b)
    }

    /// Board size the worms were computed for.
    pub fn board_size(&self) -> usize {
        self.size
    }

    fn cavity_borders(&mut self, board: &Board, members: &[Vec<Pos>]) {
        for (k, pts) in members.iter().enumerate() {
            if self.worms[k].color != Color::Empty {
                continue;
            }
            let (mut black, mut white) = (false, false);
            for &p in pts {
                for q in p.neighbors() {
                    match board.color(q) {
                        Color::Black => black = true,
                        Color::White => white = true,
                        _ => {}
                    }
                }
            }
            self.worms[k].border = match (black, white) {
                (true, false) => Border::Black,
                (false, true) => Border::White,
                _ => Border::Gray,
            };
        }
    }

    /// Liberties of orders 1 to 4: empty points at that distance from the
    /// string, walking through empty points only.
    fn liberty_orders(&mut self, board: &Board, members: &[Vec<Pos>]) {
        let mut dist = vec![u8::MAX; ARR];
        for (k, pts) in members.iter().enumerate() {
            if !self.worms[k].color.is_stone() {
                continue;
            }
            let mut touched: Vec<Pos> = Vec::new();
            let mut frontier: Vec<Pos> = Vec::new();
            for &p in pts {
                for q in p.neighbors() {
                    if board.color(q) == Color::Empty && dist[q.idx()] == u8::MAX {
                        dist[q.idx()] = 1;
                        frontier.push(q);
                        touched.push(q);
                    }
                }
            }
            let mut counts = [0usize; 5];
            counts[1] = frontier.len();
            for d in 2..=4u8 {
                let mut next = Vec::new();
                for &p in &frontier {
                    for q in p.neighbors() {
                        if board.color(q) == Color::Empty && dist[q.idx()] == u8::MAX {
                            dist[q.idx()] = d;
                            next.push(q);
                            touched.push(q);
                        }
                    }
                }
                counts[d as usize] = next.len();
                frontier = next;
            }
            for p in touched {
                dist[p.idx()] = u8::MAX;
            }
            let w = &mut self.worms[k];
            w.liberties = counts[1];
            w.liberties2 = counts[2];
            w.liberties3 = counts[3];
            w.liberties4 = counts[4];
        }
    }

    /// Effective sizes: each empty point within distance 4 of a stone goes
    /// to the nearest string, shared equally among the nearest ones.
    fn effective_sizes(&mut self, board: &Board) {
        let mut dist = vec![u8::MAX; ARR];
        let mut frontier: Vec<Pos> = Vec::new();
        for &p in board.points() {
            if board.color(p).is_stone() {
                dist[p.idx()] = 0;
                frontier.push(p);
            }
        }
        for w in &mut self.worms {
            if w.color.is_stone() {
                w.effective_size = w.size as f32;
            }
        }
        for d in 1..=4u8 {
            let mut next = Vec::new();
            for &p in &frontier {
                for q in p.neighbors() {
                    if board.color(q) == Color::Empty && dist[q.idx()] == u8::MAX {
                        dist[q.idx()] = d;
                        next.push(q);
                    }
                }
            }
            frontier = next;
        }
        // Nearest strings of each point, found by walking back down the
        // distance field.
        for &p in board.points() {
            let d = dist[p.idx()];
            if board.color(p) != Color::Empty || d == u8::MAX {
                continue;
            }
            let mut owners: Vec<usize> = Vec::new();
            let mut layer = vec![p];
            for step in (0..d).rev() {
                let mut below = Vec::new();
                for &x in &layer {
                    for q in x.neighbors() {
                        if dist.get(q.idx()) == Some(&step)
                            && board.color(q) != Color::Off
                            && !below.contains(&q)
                        {
                            below.push(q);
                        }
                    }
                }
                layer = below;
            }
            for s in layer {
                if let Some(k) = self.id(s) {
                    if !owners.contains(&k) {
                        owners.push(k);
                    }
                }
            }
            if owners.is_empty() {
                continue;
            }
            let share = 1.0 / owners.len() as f32;
            for k in owners {
                self.worms[k].effective_size += share;
            }
        }
    }

    /// Genus: components of the points outside the worm, less one.
    fn genus(&mut self, board: &Board, members: &[Vec<Pos>]) {
        let mut mark = vec![0u32; ARR];
        let mut stamp = 0u32;
        for (k, pts) in members.iter().enumerate() {
            if !self.worms[k].color.is_stone() {
                continue;
            }
            // Only strings that could enclose something: more than a few
            // stones.
            if pts.len() < 3 {
                continue;
            }
            stamp += 1;
            for &p in pts {
                mark[p.idx()] = stamp;
            }
            let mut comps = 0usize;
            let mut stack: Vec<Pos> = Vec::new();
            for &p in board.points() {
                if mark[p.idx()] == stamp {
                    continue;
                }
                comps += 1;
                mark[p.idx()] = stamp;
                stack.push(p);
                while let Some(x) = stack.pop() {
                    for q in x.neighbors() {
                        if board.color(q) != Color::Off && mark[q.idx()] != stamp {
                            mark[q.idx()] = stamp;
                            stack.push(q);
                        }
                    }
                }
            }
            self.worms[k].genus = comps.saturating_sub(1);
        }
    }

    fn tactics(&mut self, board: &mut Board, reader: &mut Reader) {
        for k in 0..self.worms.len() {
            let w = &self.worms[k];
            if !w.color.is_stone() || w.liberties >= 5 {
                continue;
            }
            let o = w.origin;
            let (code, m) = reader.attack(board, o);
            let w = &mut self.worms[k];
            w.attack_code = code;
            w.attack_point = if code != 0 { m } else { Pos::PASS };
            if code != 0 {
                let (dcode, dm) = reader.find_defense(board, o);
                let w = &mut self.worms[k];
                w.defense_code = dcode;
                w.defense_point = if dcode != 0 { dm } else { Pos::PASS };
            }
            // A lone stone in atari the opponent takes as a ko.
            if board.string_size(o) == 1 && board.countlib(o) == 1 {
                let mut lib = [Pos::NONE; 1];
                board.findlib(o, &mut lib);
                let opp = board.color(o).opponent();
                self.worms[k].ko = board.is_ko_capture(lib[0], opp);
            }
        }
    }

    fn lunches_and_cuts(&mut self, board: &Board) {
        for k in 0..self.worms.len() {
            let w = &self.worms[k];
            if !w.color.is_stone() {
                continue;
            }
            let o = w.origin;
            let links = board.chainlinks(o);
            // Lunch: the largest capturable neighbour that cannot be saved
            // (or, failing that, any capturable neighbour).
            let mut best: Option<(bool, usize, Pos)> = None;
            for &t in &links {
                if let Some(tw) = self.get(t) {
                    if tw.attack_code == reading::WIN {
                        let key = (tw.defense_code == 0, tw.size, tw.origin);
                        if best.is_none_or(|b| (key.0, key.1) > (b.0, b.1)) {
                            best = Some(key);
                        }
                    }
                }
            }
            let lunch = best.map_or(Pos::PASS, |b| b.2);
            // Cutting stones: neighbours that do not share liberties.
            let mut cut = 0u8;
            let alive_links: Vec<Pos> = links
                .iter()
                .copied()
                .filter(|&t| self.get(t).is_some_and(|tw| tw.attack_code == 0))
                .collect();
            for (i, &a) in alive_links.iter().enumerate() {
                for &b in &alive_links[i + 1..] {
                    let common = board
                        .liberties(a)
                        .iter()
                        .filter(|&&l| board.is_liberty_of(l, b))
                        .count();
                    let c = match common {
                        0 => 2,
                        1 => 1,
                        _ => 0,
                    };
                    cut = cut.max(c);
                }
            }
            let w = &mut self.worms[k];
            w.lunch = lunch;
            w.cutstone = cut;
        }
    }

    /// Inessential strings: capturable, not cutting, and with no liberty
    /// that leads anywhere (no second-order liberties).
    fn inessential(&mut self, board: &Board, members: &[Vec<Pos>]) {
        for k in 0..members.len() {
            let w = &self.worms[k];
            if !w.color.is_stone() {
                continue;
            }
            let enemy = w.color.opponent();
            let only_enemy_around = board
                .chainlinks(w.origin)
                .iter()
                .all(|&t| board.color(t) == enemy);
            let ok = w.genus == 0
                && w.cutstone < 2
                && w.liberties2 == 0
                && w.attack_code != 0
                && w.defense_code == 0
                && only_enemy_around;
            self.worms[k].inessential = ok;
        }
    }
}

/// The connected set of points around `start` whose colour passes `f`.
pub fn flood(board: &Board, start: Pos, f: impl Fn(Color) -> bool) -> Vec<Pos> {
    let mut seen = vec![false; ARR];
    let mut out = vec![start];
    seen[start.idx()] = true;
    let mut k = 0;
    while k < out.len() {
        let p = out[k];
        k += 1;
        for q in p.neighbors() {
            if !seen[q.idx()] && board.color(q) != Color::Off && f(board.color(q)) {
                seen[q.idx()] = true;
                out.push(q);
            }
        }
    }
    out.sort_unstable();
    out
}

/// GNU Go's number for a result code (worm and dragon data): 5 for a win,
/// 4 and 3 for the two kinds of ko, 0 for failure.
pub fn gnugo_code(code: u8) -> u8 {
    match code {
        reading::WIN => 5,
        reading::KO_A => 4,
        reading::KO_B => 3,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn board(rows: &[&str]) -> Board {
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

    #[test]
    fn worms_of_a_small_position() {
        let mut b = board(&[".X.O.", "XX.O.", "...OO", ".....", "....."]);
        let mut r = Reader::new(10, 1.0);
        let w = Worms::new(&mut b, &mut r);
        let black = w.get(Pos::new(0, 1)).unwrap();
        assert_eq!(black.color, Color::Black);
        assert_eq!(black.origin, Pos::new(0, 1));
        assert_eq!(black.size, 3);
        assert_eq!(black.liberties, 5);
        assert!(w.same_worm(Pos::new(1, 0), Pos::new(0, 1)));
        // The corner point is a cavity bordered by black only.
        let corner = w.get(Pos::new(0, 0)).unwrap();
        assert_eq!(corner.color, Color::Empty);
        assert_eq!(corner.border, Border::Black);
        assert_eq!(corner.size, 1);
        // The big empty region touches both colours.
        assert_eq!(w.get(Pos::new(4, 4)).unwrap().border, Border::Gray);
        let white = w.get(Pos::new(2, 4)).unwrap();
        assert_eq!(white.size, 4);
        assert_eq!(white.origin, Pos::new(0, 3));
        assert!(white.effective_size > 4.0);
        assert_eq!(b.stackp(), 0);
    }

    #[test]
    fn atari_lunch_and_ko() {
        // White C4 is in atari, caught by black: the black stones around
        // have it as their lunch.
        let mut b = board(&[".....", "..X..", ".XOX.", ".....", "....."]);
        let mut r = Reader::new(10, 1.0);
        let w = Worms::new(&mut b, &mut r);
        let white = w.get(Pos::new(2, 2)).unwrap();
        assert_eq!(white.liberties, 1);
        assert_eq!(white.attack_code, reading::WIN);
        assert_eq!(white.attack_point, Pos::new(3, 2));
        assert_eq!(w.get(Pos::new(1, 2)).unwrap().lunch, Pos::new(2, 2));
        // Ko: black B5 in atari; white A5 takes it and is left with one
        // liberty, where B5 was.
        let mut b = board(&[".XO..", "XO...", ".....", ".....", "....."]);
        let w = Worms::new(&mut b, &mut r);
        assert!(w.get(Pos::new(0, 1)).unwrap().ko);
        // Black A4 next to it has two liberties: no ko.
        assert!(!w.get(Pos::new(1, 0)).unwrap().ko);
        let mut b = board(&["XO...", "O....", ".....", ".....", "....."]);
        // The corner stone has no liberty (setup) — no ko, no panic.
        let w = Worms::new(&mut b, &mut r);
        assert!(!w.get(Pos::new(0, 0)).unwrap().ko);
        // White B4 has one liberty, C4; black there captures it as a ko.
        let mut b = board(&[".....", ".XO..", "XO.O.", ".XO..", "....."]);
        let w = Worms::new(&mut b, &mut r);
        assert!(w.get(Pos::new(2, 1)).unwrap().ko);
    }

    #[test]
    fn genus_counts_enclosed_regions() {
        let mut b = board(&["XXXX.", "X.XX.", "XXX.X", "....X", "....."]);
        let mut r = Reader::new(10, 1.0);
        let w = Worms::new(&mut b, &mut r);
        assert_eq!(w.get(Pos::new(0, 0)).unwrap().genus, 1);
        assert_eq!(w.get(Pos::new(2, 4)).unwrap().genus, 0);
    }
}

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

/// Farthest distance (through empty points) at which an empty point adds
/// to the effective size of the nearest strings.
const MAX_EFFECTIVE_DISTANCE: u8 = 4;

/// What one empty point adds to the effective sizes of the strings nearest
/// to it, shared equally among them (a stone counts 1).
const EMPTY_POINT_VALUE: f64 = 0.5;

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
        w.cutting_stones(board);
        w.tactics(board, reader);
        w.lunches(board);
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

    /// Liberties of orders 1 to 4 (see [`higher_liberties`]).
    fn liberty_orders(&mut self, board: &Board, members: &[Vec<Pos>]) {
        let mut scratch = LibertyScratch::new();
        for (k, pts) in members.iter().enumerate() {
            if !self.worms[k].color.is_stone() {
                continue;
            }
            let counts = higher_liberties(board, pts, &mut scratch);
            let w = &mut self.worms[k];
            w.liberties = counts[0];
            w.liberties2 = counts[1];
            w.liberties3 = counts[2];
            w.liberties4 = counts[3];
        }
    }

    /// Effective sizes: every empty point within distance 4 of a stone
    /// (walking through empty points) is shared equally among the strings
    /// nearest to it, each such point being worth half a stone.
    fn effective_sizes(&mut self, board: &Board) {
        let mut dist = vec![u8::MAX; ARR];
        let mut near: Vec<Vec<usize>> = vec![Vec::new(); ARR];
        let mut frontier: Vec<Pos> = Vec::new();
        for &p in board.points() {
            if board.color(p).is_stone() {
                dist[p.idx()] = 0;
                if let Some(k) = self.id(p) {
                    near[p.idx()].push(k);
                }
                frontier.push(p);
            }
        }
        for d in 1..=MAX_EFFECTIVE_DISTANCE {
            let mut next = Vec::new();
            for &p in &frontier {
                for q in p.neighbors() {
                    if board.color(q) == Color::Empty && dist[q.idx()] == u8::MAX {
                        dist[q.idx()] = d;
                        next.push(q);
                    }
                }
            }
            for &q in &next {
                let mut owners: Vec<usize> = Vec::new();
                for r in q.neighbors() {
                    if board.color(r) != Color::Off && dist[r.idx()] == d - 1 {
                        for &k in &near[r.idx()] {
                            if !owners.contains(&k) {
                                owners.push(k);
                            }
                        }
                    }
                }
                near[q.idx()] = owners;
            }
            frontier = next;
        }
        // Summed in board order, stones and shares alike, so that the
        // rounding is the same wherever the sum is taken.
        for w in &mut self.worms {
            w.effective_size = 0.0;
        }
        for &p in board.points() {
            let owners = &near[p.idx()];
            if owners.is_empty() {
                continue;
            }
            let share = if board.color(p) == Color::Empty {
                EMPTY_POINT_VALUE / owners.len() as f64
            } else {
                1.0
            };
            // Each share is added in double precision and the sum kept in
            // single precision (as GNU Go does), so that the printed
            // hundredths round alike.
            for &k in owners {
                let e = &mut self.worms[k].effective_size;
                *e = (f64::from(*e) + share) as f32;
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

    /// Cutting stones. A string next to two opponent strings is a cutting
    /// stone (2) when those share no liberty and a potential cutting stone
    /// (1) when they do. The two strings compared are the first and the
    /// last opponent strings met when walking the opponent stones in board
    /// order.
    fn cutting_stones(&mut self, board: &Board) {
        for k in 0..self.worms.len() {
            let w = &self.worms[k];
            if !w.color.is_stone() {
                continue;
            }
            let enemy = w.color.opponent();
            let mut first: Option<usize> = None;
            let mut last: Option<usize> = None;
            for &s in board.points() {
                if board.color(s) != enemy {
                    continue;
                }
                let touches = s.neighbors().iter().any(|&q| self.id(q) == Some(k));
                if !touches {
                    continue;
                }
                let t = self.id(s);
                match first {
                    None => first = t,
                    Some(f) if t != Some(f) => last = t,
                    _ => {}
                }
            }
            let cut = match (first, last) {
                (Some(a), Some(b)) => {
                    let (a, b) = (self.worms[a].origin, self.worms[b].origin);
                    let shared = board
                        .liberties(a)
                        .iter()
                        .any(|&l| board.is_liberty_of(l, b));
                    if shared {
                        1
                    } else {
                        2
                    }
                }
                _ => 0,
            };
            self.worms[k].cutstone = cut;
        }
    }

    /// Lunches: among the opponent strings with a stone next to or diagonal
    /// to the worm that the reader can capture (and that are not a stone
    /// taken as a ko), the most cutting, then the one with the fewest
    /// liberties, the first in board order on ties. It counts only if it is
    /// captured outright or by a ko the attacker takes first.
    fn lunches(&mut self, board: &Board) {
        for k in 0..self.worms.len() {
            let w = &self.worms[k];
            if !w.color.is_stone() {
                continue;
            }
            let enemy = w.color.opponent();
            let mut best: Option<usize> = None;
            for &s in board.points() {
                if board.color(s) != enemy {
                    continue;
                }
                let touches = s
                    .neighbors()
                    .iter()
                    .chain(s.diagonals().iter())
                    .any(|&q| self.id(q) == Some(k));
                if !touches {
                    continue;
                }
                let Some(t) = self.id(s) else { continue };
                let tw = &self.worms[t];
                if tw.attack_code == 0 || is_ko_point(board, s) {
                    continue;
                }
                let better = match best {
                    None => true,
                    Some(b) => {
                        let bw = &self.worms[b];
                        tw.cutstone > bw.cutstone
                            || (tw.cutstone == bw.cutstone && tw.liberties < bw.liberties)
                    }
                };
                if better {
                    best = Some(t);
                }
            }
            let lunch = best
                .filter(|&b| matches!(self.worms[b].attack_code, reading::WIN | reading::KO_A))
                .map_or(Pos::PASS, |b| self.worms[b].origin);
            self.worms[k].lunch = lunch;
        }
    }

    /// Inessential strings: genus zero, no second-order liberties, not a
    /// cutting stone, no lunch, and the cavity left if the string were
    /// removed borders the opponent only and touches the edge at fewer than
    /// three empty points. Such a string has no life of its own unless a
    /// surrounding string dies (nakade stones, for instance).
    fn inessential(&mut self, board: &Board, members: &[Vec<Pos>]) {
        for (k, stones) in members.iter().enumerate() {
            let w = &self.worms[k];
            if !w.color.is_stone() {
                continue;
            }
            let candidate =
                w.genus == 0 && w.liberties2 == 0 && w.cutstone == 0 && w.lunch.is_pass();
            if !candidate {
                continue;
            }
            let (border, edge) = cavity_without(board, stones);
            self.worms[k].inessential = border != Border::Gray && edge < 3;
        }
    }
}

/// The cavity the string `stones` would leave if it were removed: the
/// colour of the stones around it and the number of its empty points on the
/// edge of the board.
fn cavity_without(board: &Board, stones: &[Pos]) -> (Border, usize) {
    let mut seen = vec![false; ARR];
    let mut stack: Vec<Pos> = stones.to_vec();
    for &s in stones {
        seen[s.idx()] = true;
    }
    let (mut black, mut white) = (false, false);
    let mut edge = 0;
    while let Some(p) = stack.pop() {
        if board.color(p) == Color::Empty && board.on_first_line(p) {
            edge += 1;
        }
        for q in p.neighbors() {
            if seen[q.idx()] {
                continue;
            }
            match board.color(q) {
                Color::Off => {}
                Color::Empty => {
                    seen[q.idx()] = true;
                    stack.push(q);
                }
                Color::Black => black = true,
                Color::White => white = true,
            }
        }
    }
    let border = match (black, white) {
        (true, false) => Border::Black,
        (false, true) => Border::White,
        _ => Border::Gray,
    };
    (border, edge)
}

/// A point where a ko is fought: a single stone in atari that the opponent
/// captures as a ko, or an empty point surrounded by one colour where the
/// other colour would capture one stone as a ko. (The colour is read below
/// the point, or above it on the last line.)
pub fn is_ko_point(board: &Board, p: Pos) -> bool {
    match board.color(p) {
        Color::Empty => {
            let below = if board.color(p.south()) != Color::Off {
                board.color(p.south())
            } else {
                board.color(p.north())
            };
            below.is_stone() && board.is_ko_capture(p, below.opponent())
        }
        c if c.is_stone() => {
            if board.string_size(p) != 1 || board.countlib(p) != 1 {
                return false;
            }
            let mut lib = [Pos::NONE; 1];
            board.findlib(p, &mut lib);
            board.is_ko_capture(lib[0], c.opponent())
        }
        _ => false,
    }
}

/// Scratch arrays for [`higher_liberties`], reused from string to string.
struct LibertyScratch {
    /// Points reached: liberties and liberties of lower orders found so far.
    reached: Vec<bool>,
    /// Points walked in the current pass.
    walked: Vec<bool>,
    /// Every point set in either array, to clear them.
    touched: Vec<Pos>,
}

impl LibertyScratch {
    fn new() -> LibertyScratch {
        LibertyScratch {
            reached: vec![false; ARR],
            walked: vec![false; ARR],
            touched: Vec::new(),
        }
    }

    fn clear(&mut self) {
        for p in self.touched.drain(..) {
            self.reached[p.idx()] = false;
            self.walked[p.idx()] = false;
        }
    }
}

/// Liberties of order 1 to 4 of the string `stones`, GNU Go's definition:
/// a liberty of order `n` is an empty point that `n` stones of the string's
/// colour, but no fewer, would connect to it. The stones placed beyond the
/// first may not touch an opponent stone; the way may pass through other
/// strings of the same colour, not through a ko; and a liberty flanked on
/// both sides (along one line) by opponent stones or the edge leads nowhere.
///
/// Each pass walks from the string over its own colour and the points
/// reached so far, and every empty point next to the walk that is new and
/// touches no opponent stone is a liberty of the next order.
fn higher_liberties(board: &Board, stones: &[Pos], s: &mut LibertyScratch) -> [usize; 4] {
    let Some(&first) = stones.first() else {
        return [0; 4];
    };
    let color = board.color(first);
    let enemy = color.opponent();
    let libs = board.liberties(first);
    let blocks = |q: Pos| {
        let c = board.color(q);
        c == Color::Off || c == enemy
    };
    for &l in &libs {
        let flanked =
            (blocks(l.north()) && blocks(l.south())) || (blocks(l.west()) && blocks(l.east()));
        if !flanked {
            s.reached[l.idx()] = true;
            s.touched.push(l);
        }
    }
    let touches_enemy = |q: Pos| q.neighbors().iter().any(|&r| board.color(r) == enemy);
    let mut counts = [libs.len(), 0, 0, 0];
    let mut stack: Vec<Pos> = Vec::new();
    let mut walked_list: Vec<Pos> = Vec::new();
    for count in counts.iter_mut().skip(1) {
        for p in walked_list.drain(..) {
            s.walked[p.idx()] = false;
        }
        s.walked[first.idx()] = true;
        walked_list.push(first);
        stack.push(first);
        while let Some(p) = stack.pop() {
            for q in p.neighbors() {
                if board.color(q) == Color::Empty
                    && !s.reached[q.idx()]
                    && !s.walked[q.idx()]
                    && !touches_enemy(q)
                {
                    *count += 1;
                    s.reached[q.idx()] = true;
                    s.walked[q.idx()] = true;
                    s.touched.push(q);
                    walked_list.push(q);
                }
            }
            if is_ko_point(board, p) {
                continue;
            }
            for q in p.neighbors() {
                if board.color(q) != Color::Off
                    && !s.walked[q.idx()]
                    && (s.reached[q.idx()] || board.color(q) == color)
                {
                    s.walked[q.idx()] = true;
                    walked_list.push(q);
                    stack.push(q);
                }
            }
        }
    }
    for p in walked_list.drain(..) {
        s.walked[p.idx()] = false;
    }
    s.clear();
    counts
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

    use crate::board::diagram_board as board;

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

//! Eyes: eye spaces, their margins, half eyes and false eyes, and the eye
//! values (the eyes a dragon gets from a space with the attacker or the
//! defender moving first) from the compiled eye database.
//!
//! # Domains
//!
//! A stone is *lively* unless its worm is inessential or can be captured
//! and not saved; strings that are not lively are invisible here and their
//! points count as empty. The *domain* of a colour `C` holds:
//!
//! 1. its lively stones;
//! 2. the empty points next to them (but *false margins*, below);
//! 3. by repetition, every other empty point `e` with an orthogonal
//!    neighbour `a` and a diagonal `b` next to `a` whose influence together
//!    exceeds `e`'s threshold. Influence is 1 for a point of the domain and
//!    -1 for a lively opponent stone, less 1 for a point next to a lively
//!    opponent stone or, failing that, on the edge; the threshold is 1 next
//!    to an opponent stone and 0 elsewhere. So two friendly points in an
//!    `L` around `e` carry the domain on, but not under a knight's move or
//!    a two-space jump of the opponent, nor along the first line.
//!
//! A *false margin* is an empty point next to stones of both colours, next
//! to an opponent string that is not lively and to one that cannot be
//! attacked, where the opponent cannot play safely: it joins no domain.
//!
//! # Eye spaces
//!
//! `C`'s eye space holds the empty points and invisible stones that are in
//! `C`'s domain only, and the points in both domains next to such a point.
//! A point of the space next to a point of the opponent's domain only, or in
//! both domains, is *marginal* (`!`): the opponent can play there, so it is
//! never an eye. Eye spaces are the connected parts of that set, two
//! marginal points never joining them.
//!
//! # Half eyes and false eyes
//!
//! For each non-marginal point with at most one neighbour in its space, each
//! diagonal scores 0 if `C` holds it (a `C` stone, a point of `C`'s own eye
//! space, an opponent stone that cannot be saved, an empty point where the
//! opponent cannot play safely), 2 if the opponent holds it (a stone that
//! cannot be attacked, an empty point where only the opponent can play
//! safely), 1 if either side can take it, 0.75 or 1.25 if one side needs a
//! ko; off the board it scores 1 on the edge and 0 past the corner. A total
//! of 4 or more makes a false eye (a margin, if the opponent can play
//! there), more than 2 a half eye: a `!.` pair, the `!` a virtual margin
//! whose vital points are the contested diagonals.
//!
//! # Eye values
//!
//! A space with at most eight non-marginal points is looked up in the
//! compiled eye database (`patterns/db/eyes.db`, solved by search) by its
//! shape of `.` empty, `!` margin and `X` stone points: it gives `min`
//! (eyes with the attacker moving first), `max` (with the defender first)
//! and the vital points. Other spaces are valued by their size: more than
//! three points beyond twice the margins make two eyes, more than none
//! one, else none.

mod distance;

use crate::board::Board;
use crate::patterns::eyes as eyedb;
use crate::point::{Color, Pos, ARR};
use crate::reading::{self, Reader};
use crate::worm::Worms;
use patterns::eyes::EyeValue as SpaceValue;

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
    /// Diagonals where the attacker makes the eye false (best first).
    pub attack_points: Vec<Pos>,
    /// Diagonals where the defender secures the eye (best first).
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
    /// The marginal points among them (false eyes included).
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
    /// Per colour, per point: the point is marginal in its space.
    marginal: [Vec<bool>; 2],
}

fn side(c: Color) -> usize {
    usize::from(c == Color::White)
}

/// Diagonal value of a contested point that the defender holds unless the
/// attacker wins a ko.
const KO_GOOD: f32 = 0.75;
/// Diagonal value of a contested point that the attacker holds unless the
/// defender wins a ko.
const KO_BAD: f32 = 2.0 - KO_GOOD;

/// Largest number of non-marginal points of a space looked up in the
/// database.
const MAX_LOOKUP_INNER: usize = 8;

/// The eye data of one colour while it is being built.
struct Layout {
    /// Space number + 1 per point.
    space: Vec<u16>,
    marginal: Vec<bool>,
}

impl Layout {
    fn same_space(&self, a: Pos, b: Pos) -> bool {
        self.space[a.idx()] != 0 && self.space[a.idx()] == self.space[b.idx()]
    }

    /// Neighbours of `p` in its own space, and how many are marginal.
    fn neighbours(&self, p: Pos) -> (usize, usize) {
        let mut n = (0, 0);
        for q in p.neighbors() {
            if self.same_space(p, q) {
                n.0 += 1;
                n.1 += usize::from(self.marginal[q.idx()]);
            }
        }
        n
    }
}

impl Eyes {
    /// Find the eye spaces of `board` given its worms. The board is left as
    /// it was.
    pub fn new(board: &mut Board, worms: &Worms, reader: &mut Reader) -> Eyes {
        let mut eyes = Eyes {
            spaces: Vec::new(),
            index: [vec![0; ARR], vec![0; ARR]],
            half: [vec![None; ARR], vec![None; ARR]],
            marginal: [vec![false; ARR], vec![false; ARR]],
        };
        let mut lively = vec![false; ARR];
        for &p in board.points() {
            lively[p.idx()] = board.color(p).is_stone()
                && worms
                    .get(p)
                    .is_some_and(|w| !w.inessential && (w.attack_code == 0 || w.defense_code != 0));
        }
        let mut false_margins = vec![false; ARR];
        let black = domain(
            board,
            worms,
            reader,
            Color::Black,
            &lively,
            &mut false_margins,
            true,
        );
        let white = domain(
            board,
            worms,
            reader,
            Color::White,
            &lively,
            &mut false_margins,
            false,
        );
        for c in [Color::Black, Color::White] {
            let (mine, theirs) = if c == Color::Black {
                (&black, &white)
            } else {
                (&white, &black)
            };
            let mut layout = eyes.partition(board, c, &lively, mine, theirs);
            eyes.find_half_and_false_eyes(board, worms, reader, c, &mut layout);
            eyes.marginal[side(c)] = layout.marginal;
        }
        for k in 0..eyes.spaces.len() {
            eyes.evaluate(board, reader, k);
        }
        eyes
    }

    /// Mark `c`'s eye space and its margins from the two domains, and cut
    /// it into spaces.
    fn partition(
        &mut self,
        board: &Board,
        c: Color,
        lively: &[bool],
        mine: &[bool],
        theirs: &[bool],
    ) -> Layout {
        let mut inside = vec![false; ARR];
        let mut marginal = vec![false; ARR];
        let only_mine = |q: Pos| mine[q.idx()] && !theirs[q.idx()];
        let only_theirs = |q: Pos| theirs[q.idx()] && !mine[q.idx()];
        for &p in board.points() {
            if board.color(p) != Color::Empty && lively[p.idx()] {
                continue;
            }
            let nb = p.neighbors();
            let on = |q: &Pos| board.color(*q) != Color::Off;
            if only_mine(p) {
                inside[p.idx()] = true;
                marginal[p.idx()] = nb.iter().filter(|q| on(q)).any(|&q| only_theirs(q));
            } else if mine[p.idx()]
                && theirs[p.idx()]
                && nb.iter().filter(|q| on(q)).any(|&q| only_mine(q))
            {
                inside[p.idx()] = true;
                marginal[p.idx()] = true;
            }
        }
        let mut space = vec![0u16; ARR];
        for &start in board.points() {
            if !inside[start.idx()] || space[start.idx()] != 0 {
                continue;
            }
            let n = self.spaces.len() as u16 + 1;
            space[start.idx()] = n;
            let mut pts = vec![start];
            let mut k = 0;
            while k < pts.len() {
                let a = pts[k];
                k += 1;
                for q in a.neighbors() {
                    if inside[q.idx()]
                        && space[q.idx()] == 0
                        && !(marginal[a.idx()] && marginal[q.idx()])
                    {
                        space[q.idx()] = n;
                        pts.push(q);
                    }
                }
            }
            pts.sort_unstable();
            for a in &pts {
                self.index[side(c)][a.idx()] = n;
            }
            let margins = pts.iter().copied().filter(|a| marginal[a.idx()]).collect();
            self.spaces.push(EyeSpace {
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
        Layout { space, marginal }
    }

    /// Topological analysis of the points of `c`'s spaces that can be half
    /// or false eyes (non-marginal, at most one neighbour in the space);
    /// false eyes where the opponent may play become margins.
    fn find_half_and_false_eyes(
        &mut self,
        board: &mut Board,
        worms: &Worms,
        reader: &mut Reader,
        c: Color,
        layout: &mut Layout,
    ) {
        let x = c.opponent();
        for i in 0..board.points().len() {
            let p = board.points()[i];
            if layout.space[p.idx()] == 0 || layout.marginal[p.idx()] || layout.neighbours(p).0 > 1
            {
                continue;
            }
            let h = topological_eye(board, worms, reader, p, c, Some(layout));
            let k = layout.space[p.idx()] as usize - 1;
            if h.kind == EyeKind::FalseEye {
                let single = self.spaces[k].points.len() == 1;
                if single || board.is_legal(p, x) || board.color(p) == x {
                    layout.marginal[p.idx()] = true;
                    let s = &mut self.spaces[k];
                    s.margins.push(p);
                    s.margins.sort_unstable();
                }
            }
            self.half[side(c)][p.idx()] = Some(h);
        }
    }

    fn is_half_eye(&self, c: Color, p: Pos) -> bool {
        matches!(&self.half[side(c)][p.idx()], Some(h) if h.kind == EyeKind::HalfEye)
    }

    /// The value of space `k`: the database, its half eyes, or its size.
    fn evaluate(&mut self, board: &mut Board, reader: &mut Reader, k: usize) {
        let space = self.spaces[k].clone();
        let c = space.color;
        let value = self
            .recognize(board, reader, &space, None)
            .map(|v| self.improve_with_half_eyes(board, reader, &space, v));
        let s = &mut self.spaces[k];
        match value {
            Some(v) => {
                s.min = v.min;
                s.max = v.max;
                if v.min < v.max {
                    s.attack_point = v.attack;
                    s.defense_point = v.defense;
                }
            }
            None => {
                let esize = space.points.len() as i32;
                let msize = space.margins.len() as i32;
                let eyes = if esize - 2 * msize > 3 {
                    2
                } else if esize - 2 * msize > 0 {
                    1
                } else {
                    0
                };
                s.min = eyes;
                s.max = eyes;
            }
        }
        let _ = c;
    }

    /// A half eye whose diagonals lie in its own space (a combination) or
    /// that depends on a ko: value the space with it as a proper eye point
    /// and keep that when the defender's vital point also settles the half
    /// eye, or when winning the single ko is worth more eyes.
    fn improve_with_half_eyes(
        &self,
        board: &mut Board,
        reader: &mut Reader,
        space: &EyeSpace,
        mut v: Valued,
    ) -> Valued {
        let c = space.color;
        let mut ko_half: Vec<Pos> = Vec::new();
        let mut combination: Option<(Pos, Pos, Pos)> = None;
        for &p in &space.points {
            let Some(h) = &self.half[side(c)][p.idx()] else {
                continue;
            };
            if h.kind != EyeKind::HalfEye {
                continue;
            }
            if combination.is_none() {
                let a = h
                    .attack_points
                    .iter()
                    .copied()
                    .find(|q| space.points.contains(q))
                    .unwrap_or(Pos::PASS);
                let d = h
                    .defense_points
                    .iter()
                    .copied()
                    .find(|q| space.points.contains(q))
                    .unwrap_or(Pos::PASS);
                if !a.is_pass() || !d.is_pass() {
                    combination = Some((p, a, d));
                }
            }
            if h.value < 3.0 {
                ko_half.push(p);
            }
        }
        if let Some((p, a, d)) = combination {
            if let Some(w) = self.recognize(board, reader, space, Some(p)) {
                if !a.is_pass() && v.min > w.min && w.attacks.contains(&a) {
                    v.min = w.min;
                    v.attack = w.attack;
                }
                if !d.is_pass() && v.max < w.max && w.defenses.contains(&d) {
                    v.max = w.max;
                    v.defense = w.defense;
                }
                if v.min != v.max {
                    if v.attack.is_pass() {
                        v.attack = if a.is_pass() { d } else { a };
                    }
                    if v.defense.is_pass() {
                        v.defense = d;
                    }
                }
            }
        }
        if ko_half.len() == 1 {
            if let Some(w) = self.recognize(board, reader, space, Some(ko_half[0])) {
                if v.max < w.max {
                    v = w;
                }
            }
        }
        v
    }

    /// Look the space up in the database, the half eyes (but `proper`) as
    /// `!.` pairs. `None` if it is too large or not there.
    fn recognize(
        &self,
        board: &mut Board,
        reader: &mut Reader,
        space: &EyeSpace,
        proper: Option<Pos>,
    ) -> Option<Valued> {
        let c = space.color;
        if space.points.len() - space.margins.len() > MAX_LOOKUP_INNER {
            return None;
        }
        let mut pts: Vec<(i32, i32, char)> = Vec::new();
        // Virtual margins: grid cell -> the half eye it stands for.
        let mut virtual_of: Vec<((i32, i32), Pos)> = Vec::new();
        let taken = |r: i32, col: i32, pts: &[(i32, i32, char)]| {
            pts.iter().any(|&(a, b, _)| a == r && b == col)
                || space
                    .points
                    .iter()
                    .any(|q| q.row() as i32 == r && q.col() as i32 == col)
        };
        // An attacker string on a margin is safe: no one can play on its
        // points and the defender cannot capture it, so it leaves the graph
        // and the points beside it become margins (the attacker plays
        // there safely, connected to it, and no eye forms beside it).
        // An attacker stone on a false eye is no safe string: it can be
        // captured, but the point never becomes an eye (`x`).
        let x = c.opponent();
        let false_eye =
            |p: Pos| matches!(&self.half[side(c)][p.idx()], Some(h) if h.kind == EyeKind::FalseEye);
        let mut safe: Vec<Pos> = Vec::new();
        for &m in &space.margins {
            if board.color(m) == x && !false_eye(m) && !safe.contains(&m) {
                safe.extend(
                    space
                        .points
                        .iter()
                        .copied()
                        .filter(|&q| board.color(q) == x && board.same_string(q, m)),
                );
            }
        }
        for &p in &space.points {
            if safe.contains(&p) {
                continue;
            }
            let marg = space.margins.contains(&p) || p.neighbors().iter().any(|q| safe.contains(q));
            let ch = if marg && board.color(p) != x {
                '!'
            } else if marg && false_eye(p) {
                'x'
            } else if board.color(p).is_stone() {
                'X'
            } else {
                '.'
            };
            pts.push((p.row() as i32, p.col() as i32, ch));
        }
        if pts.is_empty() {
            // Nothing but a safe attacker string: no eye.
            return Some(Valued {
                min: 0,
                max: 0,
                attack: Pos::PASS,
                defense: Pos::PASS,
                attacks: Vec::new(),
                defenses: Vec::new(),
            });
        }
        for &p in &space.points {
            if space.margins.contains(&p)
                || Some(p) == proper
                || !self.is_half_eye(c, p)
                || p.neighbors().iter().any(|q| safe.contains(q))
            {
                continue;
            }
            let (r, col) = (p.row() as i32, p.col() as i32);
            let cell = virtual_margin_cell(r, col, |a, b| taken(a, b, &pts))?;
            pts.push((cell.0, cell.1, '!'));
            virtual_of.push((cell, p));
        }
        let edge = edge_walls(board, c, &pts);
        let value_of = |pts: &[(i32, i32, char)]| -> Option<SpaceValue> {
            match &edge {
                Some((inside, walls)) if pts.len() + inside.len() <= MAX_SOLVED_POINTS => {
                    let mut all = pts.to_vec();
                    all.extend(inside.iter().copied());
                    Some(eyedb::solve(&all, Some(walls)))
                }
                // The database does not hold false eyes with stones on
                // them: read those spaces.
                _ if pts.iter().any(|p| p.2 == 'x') => {
                    (pts.len() <= MAX_SOLVED_POINTS).then(|| eyedb::solve(pts, None))
                }
                // Spaces with more marks than the database holds: read
                // the small ones.
                _ => eyedb::lookup(pts)
                    .map(|v| SpaceValue {
                        min: v.min,
                        max: v.max,
                        attack: v.attack,
                        defend: v.defend,
                    })
                    .or_else(|| (pts.len() <= MAX_READ_UNLISTED).then(|| eyedb::solve(pts, None))),
            }
        };
        if pts.iter().all(|p| p.2 == 'X') {
            // Only dead attacker stones: the defender spends a move taking
            // them, then the attacker moves first in the emptied shape.
            let empty: Vec<(i32, i32, char)> = pts.iter().map(|&(r, c, _)| (r, c, '.')).collect();
            let min = value_of(&empty)?.min;
            return Some(Valued {
                min,
                max: min,
                attack: Pos::PASS,
                defense: Pos::PASS,
                attacks: Vec::new(),
                defenses: Vec::new(),
            });
        }
        let SpaceValue {
            min,
            max,
            attack,
            defend,
        } = value_of(&pts)?;
        let to_points = |cells: &[(i32, i32)], attack: bool| -> Vec<Pos> {
            let mut out = Vec::new();
            for &cell in cells {
                if let Some(&(_, h)) = virtual_of.iter().find(|(v, _)| *v == cell) {
                    if let Some(he) = &self.half[side(c)][h.idx()] {
                        out.extend(if attack {
                            he.attack_points.iter().copied()
                        } else {
                            he.defense_points.iter().copied()
                        });
                    }
                } else if cell.0 >= 0 && cell.1 >= 0 {
                    out.push(Pos::new(cell.0 as usize, cell.1 as usize));
                }
            }
            out
        };
        let attacks = to_points(&attack, true);
        let defenses = to_points(&defend, false);
        let mut out = Valued {
            min,
            max,
            attack: Pos::PASS,
            defense: Pos::PASS,
            attacks,
            defenses,
        };
        if out.min < out.max {
            out.attack = self.best_vital(board, reader, space, &out.attacks, c.opponent());
            out.defense = self.best_vital(board, reader, space, &out.defenses, c);
        }
        Some(out)
    }

    /// The vital point least likely to be wrong: first a move where the
    /// mover's stone is safe (the attacker's stone connected out on a
    /// margin is not captured back; an interior stone may be, and taking it
    /// can give the eye back), then most neighbours (stones count more)
    /// among the space's non-marginal points.
    fn best_vital(
        &self,
        board: &mut Board,
        reader: &mut Reader,
        space: &EyeSpace,
        candidates: &[Pos],
        mover: Color,
    ) -> Pos {
        let inner = |q: Pos| space.points.contains(&q) && !space.margins.contains(&q);
        let mut best = ((false, i32::MIN), Pos::PASS);
        for &m in candidates {
            let mut score = 0;
            for q in m.neighbors() {
                if inner(q) {
                    score += 2 + i32::from(board.color(q) != Color::Empty);
                }
            }
            for q in m.diagonals() {
                if inner(q) {
                    score += 1;
                }
            }
            let safe = candidates.len() == 1 || safe_move(board, reader, m, mover) == reading::WIN;
            if (safe, score) > best.0 {
                best = ((safe, score), m);
            }
        }
        best.1
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

    /// Is `p` a marginal point of `color`'s eye space (false eyes
    /// included)?
    pub fn is_marginal(&self, color: Color, p: Pos) -> bool {
        color.is_stone()
            && self.marginal[side(color)]
                .get(p.idx())
                .copied()
                .unwrap_or(false)
    }
}

/// The grid cell where a virtual margin stands for the half eye at shape
/// cell `(r, c)`: a neighbour of it not `taken`, none of whose other
/// neighbours is taken either (so the margin touches the space only at the
/// half eye). `None` when the half eye has no such free side.
pub(crate) fn virtual_margin_cell(
    r: i32,
    c: i32,
    taken: impl Fn(i32, i32) -> bool,
) -> Option<(i32, i32)> {
    [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
        .into_iter()
        .find(|&(a, b)| {
            !taken(a, b)
                && [(a - 1, b), (a + 1, b), (a, b - 1), (a, b + 1)]
                    .iter()
                    .all(|&(e, f)| (e, f) == (r, c) || !taken(e, f))
        })
}

/// Where an eye space meets the edge of the board away from the
/// defender's wall. The eye database assumes that every point of a space
/// with a neighbour outside it touches the defender's wall, so that the
/// defender's stones played there are safe. On the edge that is not so: a
/// point whose only outside neighbours are off the board (or defender
/// strings enclosed by the space itself) gives a stone played there no
/// liberty but those in the space, which is why corner shapes such as the
/// bent four are worth less than in the centre.
///
/// `None` when every such point touches the wall (the database answers);
/// otherwise the defender strings enclosed by the space (as `O` points) and
/// the wall flags of `pts` followed by those strings, for the solver.
#[allow(clippy::type_complexity)]
fn edge_walls(
    board: &Board,
    c: Color,
    pts: &[(i32, i32, char)],
) -> Option<(Vec<(i32, i32, char)>, Vec<bool>)> {
    let size = board.size() as i32;
    let on = |r: i32, col: i32| r >= 0 && col >= 0 && r < size && col < size;
    let in_space = |r: i32, col: i32| pts.iter().any(|&(a, b, _)| a == r && b == col);
    // Defender strings every neighbour of which is in the space, off the
    // board or an attacker stone not in atari: enclosed by it, not part of
    // the wall.
    let mut inside: Vec<(i32, i32, char)> = Vec::new();
    let mut checked: Vec<Pos> = Vec::new();
    for &(r, col, _) in pts {
        if !on(r, col) {
            continue;
        }
        for q in Pos::new(r as usize, col as usize).neighbors() {
            if board.color(q) != c || checked.iter().any(|&s| board.same_string(s, q)) {
                continue;
            }
            checked.push(q);
            let stones = board.stones(q);
            // Its liberties all lie in the space (its other neighbours are
            // the edge or the attacker's stones): the string is no safe wall
            // but lives on the space's points, the classic shortage of
            // liberties (the bent four in the corner).
            let enclosed = stones.iter().all(|s| {
                s.neighbors().iter().all(|&n| {
                    let nc = board.color(n);
                    nc == Color::Off
                        || (nc == c.opponent() && board.countlib(n) > 1)
                        || (nc == c && board.same_string(n, q))
                        || in_space(n.row() as i32, n.col() as i32)
                })
            });
            if enclosed && stones.len() <= MAX_ENCLOSED_STONES {
                inside.extend(stones.iter().map(|s| (s.row() as i32, s.col() as i32, 'O')));
            }
        }
    }
    let is_inside = |r: i32, col: i32| inside.iter().any(|&(a, b, _)| a == r && b == col);
    let mut walls = Vec::with_capacity(pts.len() + inside.len());
    let mut any_edge = !inside.is_empty();
    for &(r, col, _) in pts {
        let outside: Vec<(i32, i32)> = [(r - 1, col), (r + 1, col), (r, col - 1), (r, col + 1)]
            .into_iter()
            .filter(|&(a, b)| !in_space(a, b))
            .collect();
        let real = on(r, col);
        // A neighbour outside the space that is on the board and not an
        // enclosed defender string counts as the wall (as in the database).
        let wall = outside
            .iter()
            .any(|&(a, b)| !real || (on(a, b) && !is_inside(a, b)));
        if !outside.is_empty() && !wall {
            any_edge = true;
        }
        walls.push(wall);
    }
    walls.extend(std::iter::repeat_n(false, inside.len()));
    any_edge.then_some((inside, walls))
}

/// Largest defender string counted as enclosed by an eye space.
const MAX_ENCLOSED_STONES: usize = 7;

/// Largest space missing from the database (too many marks) that is read
/// at run time instead of estimated from its size.
const MAX_READ_UNLISTED: usize = 8;

/// Largest eye space (points and enclosed defender stones) whose edge-aware
/// value is read by the local search at run time; the search grows
/// exponentially with the points, so larger spaces take the database value
/// (which assumes a wall all round).
const MAX_SOLVED_POINTS: usize = 10;

/// A database value with its vital points on the board.
#[derive(Clone, Debug)]
struct Valued {
    min: u8,
    max: u8,
    attack: Pos,
    defense: Pos,
    attacks: Vec<Pos>,
    defenses: Vec<Pos>,
}

/// Can `c` play at `p` without the stone being captured? `WIN` if so, 0
/// if not (or illegal), a ko code when it depends on a ko (GNU Go's
/// `safe_move`).
pub fn safe_move(board: &mut Board, reader: &mut Reader, p: Pos, c: Color) -> u8 {
    if board.color(p) != Color::Empty || !board.is_legal(p, c) || board.is_suicide(p, c) {
        return 0;
    }
    if !board.trymove(p, c) {
        return 0;
    }
    let (code, _) = reader.attack(board, p);
    board.popgo();
    reading::reverse(code)
}

/// The domain of `c` (see the module documentation). The first call (for
/// black) finds the false margins, the second uses them.
fn domain(
    board: &mut Board,
    worms: &Worms,
    reader: &mut Reader,
    c: Color,
    lively: &[bool],
    false_margins: &mut [bool],
    first: bool,
) -> Vec<bool> {
    let x = c.opponent();
    let mut dom = vec![false; ARR];
    let mut influence = vec![0i8; ARR];
    let mut threshold = vec![0i8; ARR];
    let mut pending: Vec<Pos> = Vec::new();
    for i in 0..board.points().len() {
        let p = board.points()[i];
        if lively[p.idx()] {
            if board.color(p) == c {
                dom[p.idx()] = true;
                influence[p.idx()] = 1;
            } else {
                influence[p.idx()] = -1;
            }
            continue;
        }
        let own = p
            .neighbors()
            .iter()
            .any(|&q| lively[q.idx()] && board.color(q) == c);
        let enemy = p
            .neighbors()
            .iter()
            .any(|&q| lively[q.idx()] && board.color(q) == x);
        if own {
            let joins = if first {
                let fm = board.color(p) == Color::Empty
                    && (false_margin(board, worms, reader, p, c, lively)
                        || false_margin(board, worms, reader, p, x, lively));
                false_margins[p.idx()] = fm;
                !fm
            } else {
                board.color(p) != Color::Empty || !false_margins[p.idx()]
            };
            if joins {
                dom[p.idx()] = true;
                influence[p.idx()] = 1;
            }
        } else {
            pending.push(p);
        }
        if enemy {
            threshold[p.idx()] = 1;
            influence[p.idx()] -= 1;
        } else if board.on_first_line(p) {
            influence[p.idx()] -= 1;
        }
    }
    loop {
        let mut grew = false;
        for &p in &pending {
            if dom[p.idx()] {
                continue;
            }
            let pairs = [
                (p.south(), p.south().west()),
                (p.south(), p.south().east()),
                (p.east(), p.east().south()),
                (p.east(), p.east().north()),
                (p.west(), p.west().south()),
                (p.west(), p.west().north()),
                (p.north(), p.north().west()),
                (p.north(), p.north().east()),
            ];
            let t = threshold[p.idx()];
            if pairs.iter().any(|&(a, b)| {
                board.color(b) != Color::Off && influence[b.idx()] + influence[a.idx()] > t
            }) {
                dom[p.idx()] = true;
                influence[p.idx()] += 1;
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    dom
}

/// Is the empty point `p` a false margin of `c`'s eye space: next to
/// stones of both colours, to an opponent string that is not lively and to
/// a lively one that cannot be attacked, and the opponent cannot play there
/// safely?
fn false_margin(
    board: &mut Board,
    worms: &Worms,
    reader: &mut Reader,
    p: Pos,
    c: Color,
    lively: &[bool],
) -> bool {
    let x = c.opponent();
    let nb = p.neighbors();
    if !nb.iter().any(|&q| board.color(q) == Color::Black)
        || !nb.iter().any(|&q| board.color(q) == Color::White)
    {
        return false;
    }
    if nb.iter().all(|&q| board.color(q) != x || lively[q.idx()]) {
        return false;
    }
    let anchored = nb.iter().any(|&q| {
        board.color(q) == x && lively[q.idx()] && worms.get(q).is_some_and(|w| w.attack_code == 0)
    });
    anchored && safe_move(board, reader, p, x) == 0
}

/// The diagonal score of `p` as an eye point of `c`, with the points where
/// each side takes the contested diagonals. `layout` is `c`'s eye space
/// (diagonals inside it count as held by `c`), if known.
fn topological_eye(
    board: &mut Board,
    worms: &Worms,
    reader: &mut Reader,
    p: Pos,
    c: Color,
    layout: Option<&Layout>,
) -> HalfEye {
    let x = c.opponent();
    let mut sum = 0.0f32;
    // (value for the attacker, value for the defender, point)
    let mut attacks: Vec<(u8, Pos)> = Vec::new();
    let mut defenses: Vec<(u8, Pos)> = Vec::new();
    let n = board.size() as i32;
    let (r, col) = (p.row() as i32, p.col() as i32);
    for (dr, dc) in [(1, -1), (-1, -1), (-1, 1), (1, 1)] {
        let (dr2, dc2) = (r + dr, col + dc);
        let off = i32::from(!(0..n).contains(&dr2)) + i32::from(!(0..n).contains(&dc2));
        if off > 0 {
            sum += (off % 2) as f32;
            continue;
        }
        let d = Pos::new(dr2 as usize, dc2 as usize);
        let (mut val, apos, dpos) = diagonal_value(board, worms, reader, d, c, layout);
        // A long opponent string on the diagonal that also touches an empty
        // eye point between two of the defender's strings cuts them: the
        // diagonal is the opponent's.
        if val < 2.0
            && board.color(p) == Color::Empty
            && board.color(d) == x
            && !board.on_first_line(p)
            && p.neighbors()
                .iter()
                .any(|&q| board.color(q) == x && board.same_string(q, d))
            && board.string_size(d) >= 3
        {
            let mut strings: Vec<Pos> = Vec::new();
            for q in p.neighbors() {
                if board.color(q) == c && !strings.iter().any(|&s| board.same_string(s, q)) {
                    strings.push(q);
                }
            }
            if strings.len() > 1 {
                val = 2.0;
            }
        }
        sum += val;
        if val > 0.0 && val < 2.0 && !apos.is_pass() && !dpos.is_pass() {
            let (av, dv) = if val == 1.0 {
                (3, 3)
            } else if val < 1.0 {
                (2, 1)
            } else {
                (1, 2)
            };
            // The attacker takes the diagonal where the defender would
            // have to play, and the other way round.
            attacks.push((av, dpos));
            defenses.push((dv, apos));
        }
    }
    let keep_best = |mut v: Vec<(u8, Pos)>| -> Vec<Pos> {
        v.sort_by_key(|x| std::cmp::Reverse(x.0));
        let top = v.first().map_or(0, |x| x.0);
        v.into_iter().filter(|x| x.0 == top).map(|x| x.1).collect()
    };
    let kind = if sum >= 4.0 {
        EyeKind::FalseEye
    } else if sum > 2.0 {
        EyeKind::HalfEye
    } else {
        EyeKind::Proper
    };
    HalfEye {
        value: sum,
        kind,
        attack_points: keep_best(attacks),
        defense_points: keep_best(defenses),
    }
}

/// The value of the diagonal `d` for an eye of `c`, with the point where
/// the defender takes it and the point where the attacker does.
fn diagonal_value(
    board: &mut Board,
    worms: &Worms,
    reader: &mut Reader,
    d: Pos,
    c: Color,
    layout: Option<&Layout>,
) -> (f32, Pos, Pos) {
    let x = c.opponent();
    if let Some(l) = layout {
        if l.space[d.idx()] != 0
            && !l.marginal[d.idx()]
            && l.neighbours(d).1 < 2
            && !(board.color(d) == Color::Empty && board.does_capture_something(d, x))
        {
            return (0.0, Pos::PASS, Pos::PASS);
        }
    }
    match board.color(d) {
        Color::Empty => {
            let theirs = safe_move(board, reader, d, x);
            let mut def = d;
            let val = if theirs == 0 {
                0.0
            } else if theirs != reading::WIN {
                KO_GOOD
            } else {
                let ours = safe_move(board, reader, d, c);
                if ours == 0 {
                    // Capturing an opponent string in atari next to `d`
                    // may secure it after all.
                    let mut v = 2.0;
                    for q in d.diagonals() {
                        if board.color(q) == x && board.countlib(q) == 1 {
                            let lib = board.liberties(q)[0];
                            if lib != d && secures(board, c, lib, d) {
                                v = 1.0;
                                def = lib;
                                break;
                            }
                        }
                    }
                    v
                } else if ours == reading::WIN {
                    1.0
                } else {
                    KO_BAD
                }
            };
            (val, def, d)
        }
        col if col == c => (0.0, Pos::PASS, Pos::PASS),
        _ => {
            let Some(w) = worms.get(d) else {
                return (2.0, Pos::PASS, Pos::PASS);
            };
            let (a, dc) = (w.attack_code, w.defense_code);
            let val = if a == 0 {
                2.0
            } else if dc == 0 {
                0.0
            } else if a == reading::WIN && dc == reading::WIN {
                1.0
            } else if a == reading::WIN {
                KO_GOOD
            } else if dc == reading::WIN {
                KO_BAD
            } else {
                1.0
            };
            (val, w.attack_point, w.defense_point)
        }
    }
}

/// After `c` plays `m`, would an opponent stone at `p` be in atari (or
/// illegal)?
fn secures(board: &mut Board, c: Color, m: Pos, p: Pos) -> bool {
    if !board.is_legal(m, c) || !board.trymove(m, c) {
        return false;
    }
    let x = c.opponent();
    let r = board.color(p) != Color::Empty || !board.is_legal(p, x) || board.is_self_atari(p, x);
    board.popgo();
    r
}

/// The diagonal score of `p` as an eye point of `c`, without the eye-space
/// context (diagonals inside `c`'s eye space are not recognised as held).
pub fn topology(
    board: &mut Board,
    worms: &Worms,
    reader: &mut Reader,
    p: Pos,
    c: Color,
    _dead: &dyn Fn(Pos) -> bool,
) -> HalfEye {
    topological_eye(board, worms, reader, p, c, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::board::diagram_board as board;

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
        // A7 is surrounded by black, but white holds its only diagonal B6;
        // the two diagonals off the edge count 1 each, the one past the
        // corner 0.
        let (_, e) = eyes_of(&[
            ".XXX...", "XOO....", "XOO....", "X......", ".......", ".......", ".......",
        ]);
        let a7 = e.space_at(Color::Black, Pos::new(0, 0)).unwrap();
        assert_eq!((a7.min, a7.max), (0, 0));
        let h = e.half_eye(Color::Black, Pos::new(0, 0)).unwrap();
        assert_eq!(h.kind, EyeKind::FalseEye);
        assert_eq!(h.value, 4.0);
    }

    #[test]
    fn contested_points_are_margins() {
        // A lone black stone in white's area: the points it contests are
        // in both domains, margins of spaces worth nothing; black's open
        // side (columns A-C) is one large space.
        let rows: Vec<&str> = (0..9)
            .map(|i| if i == 4 { "...XO.X.." } else { "...XO...." })
            .collect();
        let (_, e) = eyes_of(&rows);
        let f5 = e.space_at(Color::White, Pos::new(4, 5)).unwrap();
        assert!(f5.margins.contains(&Pos::new(4, 5)));
        assert_eq!((f5.min, f5.max), (0, 0));
        assert!(e.is_marginal(Color::White, Pos::new(4, 5)));
        let b5 = e.space_at(Color::Black, Pos::new(4, 1)).unwrap();
        assert_eq!((b5.min, b5.max), (2, 2));
        assert!(e.space_at(Color::White, Pos::new(0, 8)).is_none());
    }
}

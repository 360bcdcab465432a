//! The owl's static judgement of the goal at one node of the search: its
//! eye spaces with their values and vital points, its lunches, the goal
//! strings the tactical reader can capture, and its escape potential.
//!
//! The eye spaces are found as the analysis finds them (`docs/eyes.md`),
//! but around the goal only and at every node: a point belongs to the
//! defender's domain when it is strictly nearer to a defender stone than to
//! a live attacker stone (walking through empty points and dead attacker
//! stones). Marginal points — where the attacker can play without being
//! shut in at once — are the points at equal distance next to a defender
//! stone, and the domain points next to an empty point the attacker
//! controls (the attacker can push in from there). Each connected part of
//! the domain that touches the goal is one eye space; small ones are valued
//! by the eye database (`patterns/db/eyes.db`), one-point ones by the
//! topology of their diagonals (half and false eyes).

use crate::board::Board;
use crate::dragon::UnionFind;
use crate::patterns::eyes as eyedb;
use crate::point::{Color, Pos, ARR};
use crate::point_set::{PointSet, WORDS};
use crate::reading::{self, Reader};
use patterns::eyes::EyeValue as ShapeValue;
use smallvec::SmallVec;

use super::goal::Goal;

/// Attacker strings next to the goal with at most this many liberties
/// are read as possible lunches.
const LUNCH_LIBS: usize = 2;
/// Goal strings with at most this many liberties are read as possibly weak.
const WEAK_LIBS: usize = 3;
/// A goal with at most this many liberties outside its eye spaces is short
/// of liberties: two eyes of one small space are not settled.
const SHORT_LIBS: usize = 1;
/// Largest eye space valued by the eye database.
pub(crate) const DB_SPACE: usize = 7;
/// Largest shape (virtual margins included) read by the eye-space solver
/// when the database does not hold it, as the static analysis does.
const SOLVED_SHAPE: usize = 8;
/// Most outside liberties of short walls read in [`wall_game`].
const WALL_GAME_OUTSIDE: usize = 3;
/// Empty points far from the attacker within reach of the goal at which
/// the goal counts as escaped.
pub const ESCAPE_FREE: usize = 8;

/// An attacker string next to the goal that the tactical reader captures.
#[derive(Clone, Copy, Debug)]
pub struct Lunch {
    /// A stone of it.
    pub origin: Pos,
    /// Its stones.
    pub size: usize,
    /// The capture code and move.
    pub attack_code: u8,
    /// Where the defender captures it.
    pub attack: Pos,
    /// The rescue code (0 when it cannot be saved).
    pub defense_code: u8,
    /// Where the attacker saves it.
    pub defense: Pos,
    /// Captured, it leaves only a false eye (`lunch_eye`): such a lunch
    /// adds no eye to the goal (shown as `f` in `owl_trace`).
    pub false_eye: bool,
}

/// A goal string the tactical reader captures.
#[derive(Clone, Copy, Debug)]
pub struct WeakString {
    /// A stone of it.
    pub origin: Pos,
    /// Its stones.
    pub size: usize,
    /// The capture code and move.
    pub attack_code: u8,
    /// Where the attacker captures it.
    pub attack: Pos,
    /// The rescue code (0 when it cannot be saved) and move.
    pub defense_code: u8,
    /// Where the defender saves it.
    pub defense: Pos,
}

impl WeakString {
    /// The goal string `g`, which the reader captures with `attack` (code
    /// and move), with the reader's rescue of it.
    pub fn read(board: &mut Board, reader: &mut Reader, g: Pos, attack: (u8, Pos)) -> WeakString {
        let (defense_code, defense) = reader.find_defense(board, g);
        WeakString {
            origin: g,
            size: board.string_size(g),
            attack_code: attack.0,
            attack: attack.1,
            defense_code,
            defense,
        }
    }
}

/// One eye space of the goal.
#[derive(Clone, Debug)]
pub struct Space {
    /// Its points.
    pub points: Vec<Pos>,
    /// Eyes with the attacker / the defender moving first.
    pub min: u8,
    /// See `min`.
    pub max: u8,
    /// The value was read with the walls' liberties (a space holding a
    /// dead attacker string, [`held_value`]): a short wall is no further
    /// question.
    pub walls_read: bool,
}

/// What the owl knows about the goal at one node.
#[derive(Clone, Debug, Default)]
pub struct Evaluation {
    /// Goal stones.
    pub stones: Vec<Pos>,
    /// Sum of the eyes of the goal's spaces with the attacker moving first
    /// (lunches that cannot be saved included), capped at 2.
    pub min: u8,
    /// The same with the defender moving first.
    pub max: u8,
    /// Sure eyes for the life test: `min`, but a space that is not closed
    /// (it has a marginal point) counts one eye fewer.
    pub sure: u8,
    /// Eye spaces next to the goal.
    pub spaces: Vec<Space>,
    /// Where the attacker destroys eyes (vital points, half-eye diagonals).
    pub vital_attack: Vec<Pos>,
    /// Where the defender secures eyes.
    pub vital_defense: Vec<Pos>,
    /// Empty points of the goal's eye spaces, margins included.
    pub space_points: Vec<Pos>,
    /// Marginal points among them.
    pub margins: Vec<Pos>,
    /// Empty points outside the spaces next to one of their points: where
    /// the attacker narrows the space and the defender blocks.
    pub approach: Vec<Pos>,
    /// Attacker strings next to the goal the reader captures.
    pub lunches: Vec<Lunch>,
    /// Goal strings the reader captures.
    pub weak: Vec<WeakString>,
    /// Liberties of the goal.
    pub liberties: Vec<Pos>,
    /// Empty points within reach of the goal that are far from the attacker.
    pub escape: usize,
    /// The points of `escape` that are not on the first line. A goal that
    /// reaches open space only along the first line has no way out: the
    /// crawl there is stopped by one stone (`Search::hopeless`).
    pub escape_inland: usize,
    /// Distance of each point to the attacker's live stones.
    pub dist_attacker: Vec<u8>,
}

impl Evaluation {
    /// Does the goal live by itself: two sure eyes or an open escape, and
    /// no goal string that the attacker captures but the defender can
    /// still save (the eyes may rest on it)?
    pub fn alive(&self) -> bool {
        self.settled(false)
    }

    /// The owl's life test: as [`Evaluation::alive`], but when
    /// `pessimistic` counting only the eyes of closed spaces as sure
    /// (`sure`): a space with a marginal point may still lose an eye to a
    /// move from outside.
    pub fn settled(&self, pessimistic: bool) -> bool {
        let eyes = if pessimistic { self.sure } else { self.min };
        (eyes >= 2 || self.escape >= ESCAPE_FREE) && !self.weak.iter().any(|w| w.defense_code != 0)
    }
}

const FAR: u8 = 30;

/// Attacker strings inside the goal's reach with at most this many
/// liberties are read as placements the defender may capture
/// (`max_after_capture`).
pub(crate) const PLACEMENT_LIBS: usize = 3;
/// At most this many placements are valued after their capture.
const PLACEMENTS_READ: usize = 3;

/// Evaluate the goal (defender `goal.color`) on `board`.
pub fn evaluate(board: &mut Board, reader: &mut Reader, goal: &Goal) -> Evaluation {
    evaluate_as(board, reader, goal, None)
}

/// The goal's eyes with the defender moving first, counting the capture
/// of a placement as that first move. A *placement* is an attacker string
/// next to the goal or to one of its liberties, with at most
/// `PLACEMENT_LIBS` liberties, no liberty touching another attacker string
/// (no single move joins it out) and not already read as a lunch, that the
/// reader captures with the defender to move. While it stands it splits
/// the space (`ev.max` counts it alive), but the defender moving first can
/// spend that move on the capture; then the attacker moves in the space
/// the capture leaves: the `min` of the goal with the placement counted
/// dead. This is a question of tempo, so `min` is not changed (the
/// attacker moving first saves the stone). Returns the larger of `ev.max`
/// and those counts. (ld_owl 64: after white B2, three liberties inside
/// black's corner, black A3 reads one eye at most, but black's capture of
/// B2 leaves two.)
pub fn max_after_capture(
    board: &mut Board,
    reader: &mut Reader,
    goal: &Goal,
    ev: &Evaluation,
) -> u8 {
    let x = goal.color.opponent();
    let mut max = ev.max;
    let mut seen = vec![false; ARR];
    let mut read = 0;
    let near = ev
        .stones
        .iter()
        .chain(ev.liberties.iter())
        .flat_map(|p| p.neighbors());
    let near: SmallVec<[Pos; 64]> = near.collect();
    for q in near {
        if max >= 2 || read >= PLACEMENTS_READ {
            break;
        }
        if board.color(q) != x || seen[q.idx()] {
            continue;
        }
        let id = board.string_id(q);
        for t in board.string_stones(id) {
            seen[t.idx()] = true;
        }
        let Some(after) = after_capture(board, reader, goal, ev, id, PLACEMENT_LIBS) else {
            continue;
        };
        read += 1;
        max = max.max(after.min);
    }
    max
}

/// The goal's evaluation once the defender has captured the attacker
/// string `id`, a placement (see `max_after_capture`) of at most
/// `max_libs` liberties: `evaluate` with its stones counted dead. `None`
/// when `id` is no placement the reader captures with the defender to
/// move, or is read as a lunch already.
pub fn after_capture(
    board: &mut Board,
    reader: &mut Reader,
    goal: &Goal,
    ev: &Evaluation,
    id: Pos,
    max_libs: usize,
) -> Option<Evaluation> {
    let x = goal.color.opponent();
    let id = board.string_id(id);
    debug_assert_eq!(board.color(id), x, "a placement is an attacker string");
    if board.color(id) != x
        || board.countlib(id) > max_libs
        || ev.lunches.iter().any(|l| board.string_id(l.origin) == id)
        || !is_placement(board, id, x)
        || reader.attack(board, id).0 != reading::WIN
    {
        return None;
    }
    let after = evaluate_as(board, reader, goal, Some(id));
    debug_assert!(after.max >= after.min, "max counts the defender first");
    Some(after)
}

/// The evaluation of `evaluate`, with the attacker string of `captured`
/// (if any) counted dead: its stones are passable space.
fn evaluate_as(
    board: &mut Board,
    reader: &mut Reader,
    goal: &Goal,
    captured: Option<Pos>,
) -> Evaluation {
    let captured = captured.map(|p| board.string_id(p));
    let c = goal.color;
    let x = c.opponent();
    let stones = goal.stones(board);
    let mut ev = Evaluation {
        stones,
        ..Evaluation::default()
    };
    if ev.stones.is_empty() {
        return ev;
    }
    // Goal strings the tactical reader captures: weak strings. Those it
    // captures for good are dead: they are no part of the living goal, and
    // neither their lunches nor the spaces only they touch are eyes.
    let mut seen = [false; ARR];
    let mut goal_strings: SmallVec<[Pos; 16]> = SmallVec::new();
    for &s in &ev.stones {
        if !seen[s.idx()] {
            let id = board.string_id(s);
            for t in board.string_stones(id) {
                seen[t.idx()] = true;
            }
            goal_strings.push(id);
        }
    }
    // Defender strings that touch an attacker string in atari next to the
    // goal are joined to it by the capture: an eye made by capturing that
    // lunch rests on them too, so their weakness is read with the goal's
    // (they do not become goal stones).
    for g in goal_strings.clone() {
        for a in board.chainlinks(g) {
            if board.countlib(a) != 1 {
                continue;
            }
            for t in board.chainlinks(a) {
                if !seen[t.idx()] {
                    for u in board.string_stones(t) {
                        seen[u.idx()] = true;
                    }
                    goal_strings.push(t);
                }
            }
        }
    }
    let mut dead_goal_set = PointSet::EMPTY;
    for &g in &goal_strings {
        if board.countlib(g) > WEAK_LIBS {
            continue;
        }
        let (a, ap) = reader.attack(board, g);
        if a == 0 {
            continue;
        }
        let w = WeakString::read(board, reader, g, (a, ap));
        if a == reading::WIN && w.defense_code == 0 {
            for t in board.string_stones(g) {
                dead_goal_set.insert(t);
            }
        }
        ev.weak.push(w);
    }
    let all_stones = std::mem::take(&mut ev.stones);
    ev.stones = all_stones
        .iter()
        .copied()
        .filter(|&p| !dead_goal_set.contains(p))
        .collect();
    // Attacker strings next to the living goal: lunches.
    let mut dead = [false; ARR];
    let mut dead_set = PointSet::EMPTY;
    // A placement counted captured (`max_after_capture`): its stones are
    // passable space, and no lunch.
    if let Some(id) = captured {
        for t in board.string_stones(id) {
            dead[t.idx()] = true;
            dead_set.insert(t);
            seen[t.idx()] = true;
        }
    }
    let mut libs_seen = [false; ARR];
    ev.liberties.reserve(ev.stones.len() + 4);
    for &s in &ev.stones {
        for q in s.neighbors() {
            match board.color(q) {
                Color::Empty if !libs_seen[q.idx()] => {
                    libs_seen[q.idx()] = true;
                    ev.liberties.push(q);
                }
                col if col == x && !seen[q.idx()] => {
                    let id = board.string_id(q);
                    for t in board.string_stones(id) {
                        seen[t.idx()] = true;
                    }
                    if board.countlib(id) > LUNCH_LIBS {
                        continue;
                    }
                    let (a, ap) = reader.attack(board, id);
                    if a == 0 {
                        continue;
                    }
                    let (mut d, mut dp) = reader.find_defense(board, id);
                    // A lunch next to a goal string the attacker captures
                    // for good is saved by that capture: no sure eye.
                    if d == 0 {
                        if let Some(w) = board.chainlinks(id).iter().find_map(|&t| {
                            if dead_goal_set.contains(t) {
                                ev.weak.iter().find(|w| board.string_id(w.origin) == t)
                            } else {
                                None
                            }
                        }) {
                            d = w.attack_code;
                            dp = w.attack;
                        }
                    }
                    if a == reading::WIN && d == 0 {
                        for t in board.string_stones(id) {
                            dead[t.idx()] = true;
                            dead_set.insert(t);
                        }
                    }
                    ev.lunches.push(Lunch {
                        origin: id,
                        size: board.string_size(id),
                        attack_code: a,
                        attack: ap,
                        defense_code: d,
                        defense: dp,
                        false_eye: false,
                    });
                }
                _ => {}
            }
        }
    }
    if ev.stones.is_empty() {
        ev.stones = all_stones;
        return ev;
    }
    // Distances: from every defender stone, and from the attacker's live
    // stones, through empty points and dead attacker stones.
    let [empty, white, black] = board.stone_sets();
    let (own, theirs) = if c == Color::White {
        (white, black)
    } else {
        (black, white)
    };
    let passable_c = empty.union(&dead_set);
    let mut dx = vec![FAR; ARR];
    let (closer, level) = race(
        &mut dx,
        (&own.difference(&dead_goal_set), &passable_c),
        (
            &theirs.difference(&dead_set),
            &passable_c.union(&dead_goal_set),
        ),
    );
    // The domain: 1 owned, 2 margin. Owned: empty points and dead stones
    // closer to the defender. Margins: empty points as close to both,
    // next to a defender stone and to an owned point. An owned empty point
    // next to an empty point outside is pushed in to a margin.
    let owned = closer.intersection(&passable_c);
    let margins = empty
        .difference(&owned)
        .intersection(&level)
        .intersection(&own.neighbours())
        .intersection(&owned.neighbours());
    let outside = empty.difference(&owned.union(&margins));
    let pushed_in = owned
        .intersection(&empty)
        .intersection(&outside.neighbours());
    let mut inside = [0u8; ARR];
    owned.for_each(|p| inside[p.idx()] = 1);
    margins.union(&pushed_in).for_each(|p| inside[p.idx()] = 2);
    // Liberties of the goal outside its eye spaces: with at most
    // `SHORT_LIBS` of them the walls are short of liberties.
    let outside_libs = ev.liberties.iter().filter(|l| inside[l.idx()] == 0).count();
    let short = outside_libs <= SHORT_LIBS;
    // Eye spaces touching the goal.
    let mut goal_mark = [false; ARR];
    for &s in &ev.stones {
        goal_mark[s.idx()] = true;
    }
    // The goal's room to run, outside its eye spaces.
    let (escape, escape_inland) = escape(board, &ev.stones, &dx, &inside);
    let mut done = [false; ARR];
    let mut approach_seen = [false; ARR];
    let (mut min, mut max, mut sure) = (0u8, 0u8, 0u8);
    let mut sources: Vec<EyeSource> = Vec::with_capacity(8);
    let starts: SmallVec<[Pos; 64]> = ev
        .stones
        .iter()
        .flat_map(|s| s.neighbors())
        .filter(|q| inside[q.idx()] != 0)
        .collect();
    for start in starts {
        if done[start.idx()] {
            continue;
        }
        let mut pts: SmallVec<[Pos; 64]> = SmallVec::new();
        pts.push(start);
        done[start.idx()] = true;
        let mut k = 0;
        while k < pts.len() {
            let a = pts[k];
            k += 1;
            for q in a.neighbors() {
                if inside[q.idx()] != 0 && !done[q.idx()] {
                    done[q.idx()] = true;
                    pts.push(q);
                }
            }
        }
        pts.sort_unstable();
        for &p in &pts {
            if board.color(p) == Color::Empty {
                ev.space_points.push(p);
                if inside[p.idx()] == 2 {
                    ev.margins.push(p);
                }
            }
            for q in p.neighbors() {
                if board.color(q) == Color::Empty && inside[q.idx()] == 0 && !approach_seen[q.idx()]
                {
                    approach_seen[q.idx()] = true;
                    ev.approach.push(q);
                }
            }
        }
        let mut sp = value_space(board, reader, &pts, &inside, &dead, c, &mut ev);
        if sp.min > 0 && pts.len() > DB_SPACE {
            if let Some(p) = single_contact(board, &pts, &goal_mark, &ev.liberties) {
                if escape == 0 && attacker_can_play(board, reader, p, x) {
                    // A large space that touches the goal at one empty
                    // point only: the attacker's stone there cuts the
                    // space off (it is held by other defender stones), the
                    // defender's stone there makes it the goal's. No
                    // sure eye (the cut takes the whole space, so a goal
                    // with one eye elsewhere is critical: owl.tst 315),
                    // the point vital to both sides: the search reads
                    // the cut (owl1 339: after white
                    // Q14 the lower right side reaches the dragon at Q13
                    // only, and black Q13 kills). Only for a goal shut
                    // in (no escape): one that can run is not killed by
                    // losing one side, and in games a group often reaches
                    // its open side through one point (owl.tst 270: black
                    // D14 runs to the centre, GNU Go alive).
                    sp.min = 0;
                    ev.vital_attack.push(p);
                    ev.vital_defense.push(p);
                }
            }
        }
        if short && !sp.walls_read && sp.min >= 2 && pts.len() <= DB_SPACE {
            // Two eyes in one small space need walls that cannot be put
            // in atari from inside: without outside liberties the attacker's
            // placements may still kill (the rectangular six in the corner).
            // Not settled: the search reads it out.
            sp.min = 1;
            let centre = pts
                .iter()
                .copied()
                .filter(|&p| board.color(p) == Color::Empty)
                .max_by_key(|p| {
                    p.neighbors()
                        .iter()
                        .filter(|q| inside[q.idx()] != 0)
                        .count()
                });
            if let Some(m) = centre {
                ev.vital_attack.push(m);
                ev.vital_defense.push(m);
            }
        }
        if !short && !sp.walls_read && sp.min >= 2 && pts.len() <= DB_SPACE {
            let libs = short_wall_liberties(board, &pts, &inside, &dead, c);
            if !libs.is_empty() {
                // A wall string short of liberties (one outside and at
                // most two inside, or two outside and none inside): the
                // attacker's move there forces the defender to fill its
                // own space (damezumari) or to capture inside it. Not
                // settled.
                sp.min = 1;
                ev.vital_attack.extend(libs.iter().copied());
                ev.vital_defense.extend(libs.iter().copied());
            }
        }
        min = min.saturating_add(sp.min);
        max = max.saturating_add(sp.max);
        // A small space with a marginal point is open: the attacker may
        // still take an eye from outside (ld_owl 303: the corner S1-T1-T2,
        // marginal at T2). Large spaces are valued by their inner points.
        let open = pts.len() <= DB_SPACE && pts.iter().any(|p| inside[p.idx()] == 2);
        let sp_sure = if open {
            sp.min.saturating_sub(1)
        } else {
            sp.min
        };
        sure = sure.saturating_add(sp_sure);
        let touching: SmallVec<[(Pos, Pos); 16]> = pts
            .iter()
            .flat_map(|&p| p.neighbors().into_iter().map(move |q| (p, q)))
            .filter(|(_, q)| goal_mark[q.idx()])
            .collect();
        sources.push(EyeSource {
            touching,
            value: (sp.min, sp.max, sp_sure),
        });
        ev.spaces.push(sp);
    }
    // Lunches outside the spaces: an eye when captured, unless the points
    // it leaves are false eyes (H1 in ld_owl 103: white's G2 and black's
    // J2 on its diagonals, on the edge).
    for k in 0..ev.lunches.len() {
        let l = ev.lunches[k];
        if inside[l.origin.idx()] != 0 {
            continue;
        }
        let kind = lunch_eye(board, reader, l.origin, c, &dead);
        if kind == Topology::False {
            ev.lunches[k].false_eye = true;
            continue;
        }
        max = max.saturating_add(1);
        let sure_lunch = u8::from(l.defense_code == 0 && l.attack_code == reading::WIN);
        min = min.saturating_add(sure_lunch);
        sure = sure.saturating_add(sure_lunch);
        let touching: SmallVec<[(Pos, Pos); 16]> = board
            .chainlinks(l.origin)
            .into_iter()
            .filter(|q| goal_mark[q.idx()])
            .map(|q| (l.origin, q))
            .collect();
        sources.push(EyeSource {
            touching,
            value: (sure_lunch, 1, sure_lunch),
        });
    }
    ev.min = min.min(2);
    ev.max = max.min(2);
    ev.sure = sure.min(2);
    // Eyes count for the goal only through the strings they touch: when
    // the goal falls into parts that share no liberty, each part lives or
    // dies by its own eyes (a goal joined around a space the attacker has
    // cut keeps the eyes of each side apart).
    let (pmin, pmax, psure) =
        eyes_of_best_part(board, &ev.stones, &goal_mark, &dead, None, &sources);
    debug_assert!(
        pmin <= pmax,
        "a part with more sure eyes than possible ones"
    );
    ev.min = ev.min.min(pmin);
    ev.max = ev.max.min(pmax);
    ev.sure = ev.sure.min(psure);
    if ev.min >= 2 {
        // A margin point that is the goal's only link between two parts:
        // the attacker filling it cuts the goal, and the eyes of each part
        // are then its own (owl1 280: the margin F5 of F5-G5-H5 joins
        // E5-D5 to F6-H6; black F5 leaves each side one eye).
        for k in 0..ev.margins.len() {
            let p = ev.margins[k];
            let goal_neighbours = p.neighbors().iter().filter(|q| goal_mark[q.idx()]).count();
            if goal_neighbours < 2 {
                continue;
            }
            let (cmin, _, csure) =
                eyes_of_best_part(board, &ev.stones, &goal_mark, &dead, Some(p), &sources);
            if cmin < ev.min && attacker_can_play(board, reader, p, x) {
                ev.min = cmin;
                ev.sure = ev.sure.min(csure);
                ev.vital_attack.push(p);
                ev.vital_defense.push(p);
            }
        }
    }
    ev.escape = escape;
    ev.escape_inland = escape_inland;
    ev.dist_attacker = dx;
    ev
}

/// The race of the two sides' breadth-first distances, each from its
/// sources through its passable points, up to [`FAR`], a whole ring of
/// points at a time: `own` and `theirs` are (sources, passable). Writes
/// the distances of `theirs` into `dx` (every entry). Returns the points
/// `own` reaches at fewer steps than `theirs` (a point `theirs` does not
/// reach counts as [`FAR`] steps), and the points both reach at the same
/// step or neither reaches.
fn race(
    dx: &mut [u8],
    own: (&PointSet, &PointSet),
    theirs: (&PointSet, &PointSet),
) -> (PointSet, PointSet) {
    // The rings grow within the words of the sources and the passable
    // points: on a 19x19 board 9 of the 11, on a 9x9 board 5.
    let used = [own.0, own.1, theirs.0, theirs.1]
        .iter()
        .map(|s| s.words_used())
        .max()
        .unwrap_or(WORDS);
    match used {
        0..=5 => race_within::<5>(dx, own, theirs),
        6..=7 => race_within::<7>(dx, own, theirs),
        8..=9 => race_within::<9>(dx, own, theirs),
        _ => race_within::<WORDS>(dx, own, theirs),
    }
}

/// [`race`] with every source and passable point in the sets' first `N`
/// words.
fn race_within<const N: usize>(
    dx: &mut [u8],
    own: (&PointSet, &PointSet),
    theirs: (&PointSet, &PointSet),
) -> (PointSet, PointSet) {
    debug_assert_eq!(dx.len(), ARR, "a distance per array index");
    dx.fill(FAR);
    theirs.0.for_each(|p| dx[p.idx()] = 0);
    let (mut ring_c, mut reached_c) = (*own.0, *own.0);
    let (mut ring_x, mut reached_x) = (*theirs.0, *theirs.0);
    let mut closer = own.0.difference(theirs.0);
    let mut level = own.0.intersection(theirs.0);
    let (mut more_c, mut more_x) = (true, true);
    for step in 1..FAR {
        more_c = more_c && ring_c.grow_within::<N>(&mut reached_c, own.1);
        more_x = more_x && ring_x.grow_within::<N>(&mut reached_x, theirs.1);
        if !more_x && !more_c {
            break;
        }
        // A side that stopped keeps an empty ring.
        ring_x.for_each(|p| dx[p.idx()] = step);
        if more_c {
            closer = closer.union(&ring_c.difference(&reached_x));
            level = level.union(&ring_c.intersection(&ring_x));
        }
    }
    let neither = reached_c.union(&reached_x).complement();
    (closer, level.union(&neither))
}

/// Empty points within four steps of the goal (through empty points at
/// least two steps from the attacker, outside the goal's eye spaces) that
/// are three or more steps from the attacker: all of them, and those not
/// on the first line.
fn escape(board: &Board, stones: &[Pos], dx: &[u8], inside: &[u8]) -> (usize, usize) {
    let mut seen = [false; ARR];
    let mut frontier: Vec<Pos> = stones.to_vec();
    for &p in stones {
        seen[p.idx()] = true;
    }
    let (mut count, mut inland) = (0, 0);
    for _ in 0..4 {
        let mut next = Vec::new();
        for &p in &frontier {
            for q in p.neighbors() {
                let i = q.idx();
                if board.color(q) == Color::Empty && !seen[i] && dx[i] >= 2 {
                    seen[i] = true;
                    next.push(q);
                    if dx[i] >= 3 && inside[i] == 0 {
                        count += 1;
                        if !board.on_first_line(q) {
                            inland += 1;
                        }
                    }
                }
            }
        }
        frontier = next;
    }
    (count, inland)
}

/// Where some of the goal's eyes come from: an eye space or a lunch, the
/// goal stones next to it (each with the point of the source it touches),
/// and its (min, max, sure) eyes.
struct EyeSource {
    touching: SmallVec<[(Pos, Pos); 16]>,
    value: (u8, u8, u8),
}

/// The goal's parts: its strings (`stones`, marked in `goal`) joined when
/// they touch a common empty point (other than `cut`) or a common dead
/// attacker string. The eyes (min, max, sure, each capped at 2) of the
/// part with the most, each source counted for every part it touches (not
/// through `cut`: the attacker's stone there).
fn eyes_of_best_part(
    board: &Board,
    stones: &[Pos],
    goal: &[bool],
    dead: &[bool],
    cut: Option<Pos>,
    sources: &[EyeSource],
) -> (u8, u8, u8) {
    // The goal's strings and the dead attacker strings that join them,
    // each a set of `parts` by its index in `nodes`.
    let mut nodes: SmallVec<[Pos; 16]> = SmallVec::new();
    let mut parts = UnionFind::new(0);
    let mut node = |id: Pos, parts: &mut UnionFind| match nodes.iter().position(|&n| n == id) {
        Some(k) => k,
        None => {
            nodes.push(id);
            parts.add()
        }
    };
    for &s in stones {
        let a = node(board.string_id(s), &mut parts);
        for q in s.neighbors() {
            let link = if dead[q.idx()] && board.color(q).is_stone() {
                Some(board.string_id(q))
            } else if board.color(q) == Color::Empty && Some(q) != cut {
                q.neighbors()
                    .iter()
                    .find(|r| goal[r.idx()])
                    .map(|&r| board.string_id(r))
            } else {
                None
            };
            if let Some(id) = link {
                let b = node(id, &mut parts);
                parts.union(a, b);
            }
        }
    }
    let mut sums: Vec<(usize, (u8, u8, u8))> = Vec::new();
    for src in sources {
        let mut touched: SmallVec<[usize; 4]> = SmallVec::new();
        for &(p, t) in &src.touching {
            if Some(p) == cut {
                continue;
            }
            let k = node(board.string_id(t), &mut parts);
            let r = parts.find(k);
            if !touched.contains(&r) {
                touched.push(r);
            }
        }
        for r in touched {
            let k = match sums.iter().position(|e| e.0 == r) {
                Some(k) => k,
                None => {
                    sums.push((r, (0, 0, 0)));
                    sums.len() - 1
                }
            };
            let v = &mut sums[k].1;
            v.0 = v.0.saturating_add(src.value.0);
            v.1 = v.1.saturating_add(src.value.1);
            v.2 = v.2.saturating_add(src.value.2);
        }
    }
    let best = |f: fn(&(u8, u8, u8)) -> u8| sums.iter().map(|e| f(&e.1)).max().unwrap_or(0).min(2);
    (best(|v| v.0), best(|v| v.1), best(|v| v.2))
}

/// The one point of the space `pts` (sorted) next to a goal stone (`goal`
/// marks them), when it is empty and the only one; `None` when the space
/// touches the goal at several points or through a dead stone, or when a
/// goal liberty outside the space (among `liberties`) is next to it: the
/// defender then reaches the space at either point, and one attacker stone
/// cuts nothing.
fn single_contact(board: &Board, pts: &[Pos], goal: &[bool], liberties: &[Pos]) -> Option<Pos> {
    debug_assert!(pts.windows(2).all(|w| w[0] < w[1]), "space points sorted");
    let in_space = |q: Pos| pts.binary_search(&q).is_ok();
    let mut contact = None;
    for &p in pts {
        if p.neighbors().iter().any(|q| goal[q.idx()]) {
            if contact.is_some() || board.color(p) != Color::Empty {
                return None;
            }
            contact = Some(p);
        }
    }
    let second = liberties
        .iter()
        .any(|&l| !in_space(l) && l.neighbors().iter().any(|&q| in_space(q)));
    if second {
        return None;
    }
    contact
}

/// Pushes the contested diagonals of a space's half eyes as vital points
/// of both sides, unless the space gives no eye even with the defender
/// moving first: its value already counts every half eye as a proper eye
/// point, so neither side's stone on a diagonal changes it (the edge
/// three under the wall in ld_owl 30: black's crawl to the half eye's
/// diagonal makes no eye there).
fn push_half_diagonals(ev: &mut Evaluation, diagonals: &[Pos], sp: &Space) {
    if sp.max == 0 {
        return;
    }
    ev.vital_attack.extend(diagonals.iter().copied());
    ev.vital_defense.extend(diagonals.iter().copied());
}

/// The value of one eye space of the goal; vital points go to `ev`.
#[allow(clippy::too_many_arguments)]
fn value_space(
    board: &mut Board,
    reader: &mut Reader,
    pts: &[Pos],
    inside: &[u8],
    dead: &[bool],
    c: Color,
    ev: &mut Evaluation,
) -> Space {
    let n = pts.len();
    let mut kinds: Vec<(i32, i32, char)> = Vec::with_capacity(n);
    let mut proper = 0usize;
    let mut single_half: Option<(Vec<Pos>, bool)> = None;
    // Half eyes inside a larger space: the point and its contested
    // diagonals.
    let mut halves: Vec<(Pos, Vec<Pos>)> = Vec::new();
    // The contested diagonals of the other half eyes, vital to both sides
    // only if the space can give an eye ([`push_half_diagonals`]).
    let mut half_diagonals: Vec<Pos> = Vec::new();
    for &p in pts {
        let ch = if board.color(p).is_stone() {
            // A throw-in: an attacker stone in atari whose point, once
            // the defender has captured, is a false eye is a margin of the
            // space, not an eye point (the capture fills a point of the
            // space and the point left is false).
            if n <= DB_SPACE
                && topology_after_capture(board, reader, p, c, dead) == Some(Topology::False)
            {
                '!'
            } else {
                'X'
            }
        } else if inside[p.idx()] == 2 {
            '!'
        } else if n <= DB_SPACE {
            let (kind, diag) = topology(board, reader, p, c, dead);
            match kind {
                Topology::False => '!',
                Topology::Half => {
                    if n == 1 {
                        single_half = Some((diag, true));
                    } else if is_end_half_eye(p, pts, &diag) {
                        halves.push((p, diag));
                    } else {
                        half_diagonals.extend(diag.iter().copied());
                    }
                    '.'
                }
                Topology::Proper => '.',
            }
        } else {
            '.'
        };
        if ch == '.' {
            proper += 1;
        }
        kinds.push((p.row() as i32, p.col() as i32, ch));
    }
    let space = |min: u8, max: u8| Space {
        points: pts.to_vec(),
        min,
        max,
        walls_read: false,
    };
    if n == 1 {
        if let Some((diag, _)) = single_half {
            ev.vital_attack.extend(diag.iter().copied());
            ev.vital_defense.extend(diag.iter().copied());
            return space(0, 1);
        }
        if kinds[0].2 == 'X' {
            // A dead attacker stone alone in its space: captured, its
            // point is an eye of the kind its diagonals give; until then
            // the attacker can still grow it at its liberty.
            let p = pts[0];
            if topology_after_capture(board, reader, p, c, dead) == Some(Topology::Proper) {
                let libs = board.liberties(board.string_id(p));
                ev.vital_attack.extend(libs.iter().copied());
                ev.vital_defense.extend(libs.iter().copied());
                return space(0, 1);
            }
        }
        let v = u8::from(kinds[0].2 == '.');
        if v == 1 {
            if let Some(l) = eye_filling_liberty(board, pts[0], c, dead) {
                ev.vital_attack.push(l);
                ev.vital_defense.push(l);
                return space(0, 1);
            }
        }
        return space(v, v);
    }
    if n <= DB_SPACE {
        if !halves.is_empty() {
            if let Some(sp) = value_with_half_eyes(pts, &kinds, &halves, ev) {
                push_half_diagonals(ev, &half_diagonals, &sp);
                return sp;
            }
            for (_, diag) in &halves {
                half_diagonals.extend(diag.iter().copied());
            }
        }
        // A space holding a dead attacker stone that the database does
        // not hold (six or seven points with marks) is read by the
        // eye-space solver: the stone's capture costs the defender a move,
        // and the attacker moving first grows it towards a nakade, so the
        // count of its empty points alone says too much or too little.
        let holds_stone = kinds.iter().any(|k| k.2 == 'X');
        let held = if holds_stone {
            held_value(board, pts, inside, c, &kinds)
        } else {
            None
        };
        let walls_read = held.is_some();
        let value = if holds_stone {
            held.or_else(|| value_shape(&kinds))
        } else {
            listed_shape(&kinds).or_else(|| fewer_eyes_than_size(&kinds, proper))
        };
        if let Some(v) = value {
            if v.min < v.max {
                let at = |&(r, col): &(i32, i32)| Pos::new(r as usize, col as usize);
                ev.vital_attack.extend(v.attack.iter().map(at));
                ev.vital_defense.extend(v.defend.iter().map(at));
            }
            let sp = Space {
                walls_read,
                ..space(v.min, v.max)
            };
            push_half_diagonals(ev, &half_diagonals, &sp);
            return sp;
        }
        let (min, max) = size_rule(proper);
        let sp = space(min, max);
        push_half_diagonals(ev, &half_diagonals, &sp);
        return sp;
    }
    // Large spaces: two eyes when there is room, else reading decides
    // (the most central inner point is the vital point of both sides).
    if proper >= 10 {
        return space(2, 2);
    }
    if proper >= 4 {
        let centre = pts
            .iter()
            .copied()
            .filter(|&p| board.color(p) == Color::Empty && inside[p.idx()] == 1)
            .max_by_key(|p| {
                p.neighbors()
                    .iter()
                    .filter(|q| inside[q.idx()] == 1)
                    .count()
            });
        if let Some(m) = centre {
            ev.vital_attack.push(m);
            ev.vital_defense.push(m);
        }
        return space(1, 2);
    }
    let min = u8::from(proper >= 1);
    let max = if proper >= 3 { 2 } else { min };
    space(min, max)
}

/// A wall string of the small space `pts` (a defender string next to it,
/// not dead) that is short of liberties, with a liberty the attacker can
/// take without self-atari; returns those liberties (none: no such
/// wall). Two kinds:
/// * at most three liberties, exactly one of them outside the goal's eye
///   spaces: the attacker starts the damezumari there (ld_owl 162: the
///   corner six with the wall Q1-Q2, whose only outside liberty is P1);
/// * two liberties, both outside: the wall touches the space only through
///   a dead attacker stone. The attacker's atari from outside is answered
///   by capturing that stone, a move inside the space, or the wall falls
///   and the space opens; the solver's safe wall is not sure (the edge
///   six A1-A6 with white's A2 and A6, black's A7 the wall: W B7 forces
///   B A5, after which the space is one eye and a nakade).
fn short_wall_liberties(
    board: &Board,
    pts: &[Pos],
    inside: &[u8],
    dead: &[bool],
    c: Color,
) -> SmallVec<[Pos; 2]> {
    let x = c.opponent();
    let mut walls: SmallVec<[Pos; 8]> = SmallVec::new();
    for &p in pts {
        for q in p.neighbors() {
            if board.color(q) != c || dead[q.idx()] {
                continue;
            }
            let id = board.string_id(q);
            if walls.contains(&id) {
                continue;
            }
            walls.push(id);
            let n = board.countlib(id);
            if n > 3 {
                continue;
            }
            debug_assert!(n >= 1, "a string on the board has a liberty");
            let mut libs = [Pos::PASS; 3];
            board.findlib(id, &mut libs);
            let mut out = libs[..n].iter().filter(|l| inside[l.idx()] == 0);
            if let (Some(&l), None) = (out.next(), out.next()) {
                if fills_safely(board, l, x) {
                    return smallvec::smallvec![l];
                }
            }
            if n == 2 && libs[..n].iter().all(|l| inside[l.idx()] == 0) {
                let safe: SmallVec<[Pos; 2]> = libs[..n]
                    .iter()
                    .copied()
                    .filter(|&l| fills_safely(board, l, x))
                    .collect();
                if !safe.is_empty() {
                    return safe;
                }
            }
        }
    }
    SmallVec::new()
}

/// The value of a small space holding dead attacker stones when they hold
/// their points: behind walls that outlast their capture
/// ([`walls_afford_capture`]), every attacker move inside is a self-atari
/// captured into a larger space (owl1 274's L of five around black's
/// three dead stones is a bent four, two eyes). Where some wall strings
/// are short of outside liberties, the local game with those strings as
/// its stones ([`wall_game`]) reads the standoff of shared liberties; its
/// value is taken when it proves more eyes than the database's (13x13
/// 89: white's first-line G1-L1 around black's H1-J1-K1, one outside
/// liberty, is a straight four once black's stone at an end is captured),
/// since its walls are read pessimistically (every liberty outside the
/// space the attacker's, the defender never extending). `None` when the
/// database's value stands.
fn held_value(
    board: &Board,
    pts: &[Pos],
    inside: &[u8],
    c: Color,
    kinds: &[(i32, i32, char)],
) -> Option<ShapeValue> {
    if kinds.len() > SOLVED_SHAPE {
        return None;
    }
    let (safe, short) = walls_afford_capture(board, pts, inside, c)?;
    if short.is_empty() {
        return Some(eyedb::solve_holding_dead(kinds));
    }
    // The game with weak walls proves no more than the same space behind
    // safe ones (remembered per shape): read it only when that is more
    // than the database's value.
    let old = value_shape(kinds)?;
    if eyedb::solve_holding_dead(kinds).min <= old.min {
        return None;
    }
    let (cells, walls) = wall_game(board, pts, c, kinds, &safe, &short)?;
    let exact = eyedb::solve_holding_dead_with_walls(&cells, &walls);
    (exact.min > old.min).then_some(exact)
}

/// Defender strings bordering an eye space, by their origins.
type Walls = SmallVec<[Pos; 8]>;

/// Can the walls of the small space `pts` afford the capture of the dead
/// attacker string inside it? One string only, whose liberties are the
/// space's empty points: every attacker move inside joins it and only
/// shortens its liberties, never building a shape of its own (several
/// dead strings, or empty points away from the string, let the attacker
/// form a nakade the settled count cannot see: STS-RV_e 103's white
/// space around black's three strings); `None` otherwise. The defender
/// strings bordering the space are then returned in two lists: those with
/// more liberties outside the goal's eye spaces than the defender needs
/// moves to capture (the string with the most liberties) and then to
/// take the vital point of the space the capture leaves, and the others,
/// short. With a short wall the attacker filling its outside liberties
/// may win the race: the defender must capture early, filling its own
/// space, and the attacker takes the vital point of what is left (owl1
/// 275: the wall E7-C6 beside black's D5-F5 has two outside liberties
/// against the lunch's two, and white needs G7; in a corner, a wall whose
/// outside liberties the attacker's live stones share loses the bent four
/// the capture leaves, ld_owl 316).
fn walls_afford_capture(
    board: &Board,
    pts: &[Pos],
    inside: &[u8],
    c: Color,
) -> Option<(Walls, Walls)> {
    let x = c.opponent();
    let dead = pts.iter().find(|&&p| board.color(p) == x)?;
    let id = board.string_id(*dead);
    let libs = board.liberties(id);
    let empty = pts.iter().filter(|&&p| board.color(p) == Color::Empty);
    if libs.iter().any(|l| !pts.contains(l))
        || empty.clone().any(|p| !libs.contains(p))
        || pts
            .iter()
            .any(|&p| board.color(p) == x && board.string_id(p) != id)
    {
        return None;
    }
    debug_assert!(
        empty.count() == libs.len(),
        "the string's liberties are the space's empty points"
    );
    let capture_moves = libs.len();
    let (mut safe, mut short) = (Walls::new(), Walls::new());
    for &p in pts {
        for q in p.neighbors() {
            if board.color(q) != c {
                continue;
            }
            let id = board.string_id(q);
            if safe.contains(&id) || short.contains(&id) {
                continue;
            }
            let outside = board
                .liberties(id)
                .iter()
                .filter(|l| inside[l.idx()] == 0)
                .count();
            if outside > capture_moves + 1 {
                safe.push(id);
            } else {
                short.push(id);
            }
        }
    }
    Some((safe, short))
}

/// A cell of an eye-space game: row, column, kind.
type Cell = (i32, i32, char);

/// The local game of the small space `pts` (its cells `kinds`) with its
/// short wall strings `short` as `O` cells and their liberties outside
/// the space as `+` cells (the attacker's there, whether open or in
/// another eye space: pessimistic); a cell touches the safe wall when it
/// is next to a string of `safe`. `None` when the game does not close
/// (a space point next to an empty point outside it, or to an attacker
/// stone outside while not a margin) or has too many cells (more than
/// [`WALL_GAME_OUTSIDE`] outside liberties: every one multiplies the
/// positions the game reads).
fn wall_game(
    board: &Board,
    pts: &[Pos],
    c: Color,
    kinds: &[(i32, i32, char)],
    safe: &[Pos],
    short: &[Pos],
) -> Option<(Vec<Cell>, Vec<bool>)> {
    debug_assert!(kinds.len() == pts.len(), "one cell a space point");
    let mut cells = kinds.to_vec();
    let mut at: Vec<Pos> = pts.to_vec();
    let cell = |p: Pos, k: char| (p.row() as i32, p.col() as i32, k);
    for &id in short {
        for s in board.string_stones(id) {
            at.push(s);
            cells.push(cell(s, 'O'));
        }
    }
    let mut outside = 0;
    for &id in short {
        for l in board.liberties(id) {
            if !at.contains(&l) {
                at.push(l);
                cells.push(cell(l, '+'));
                outside += 1;
            }
        }
    }
    if outside > WALL_GAME_OUTSIDE || cells.len() > patterns::eyes::MAX_GAME_POINTS {
        return None;
    }
    for (k, &p) in pts.iter().enumerate() {
        for q in p.neighbors() {
            let col = board.color(q);
            let open = col == Color::Empty || (col == c.opponent() && kinds[k].2 != '!');
            if open && !at.contains(&q) {
                return None;
            }
        }
    }
    let walls = at
        .iter()
        .zip(&cells)
        .map(|(&p, k)| {
            k.2 != 'O'
                && p.neighbors()
                    .iter()
                    .any(|&q| board.color(q) == c && safe.contains(&board.string_id(q)))
        })
        .collect();
    Some((cells, walls))
}

/// A goal string with at most two liberties, all of them points of the
/// goal's eye spaces, one of which the attacker `x` can take without
/// self-atari: that liberty. The attacker's move there is an atari from
/// inside a space; the defender must answer inside its own space (connect
/// or capture), and the attacker keeps the tempo to play at an open
/// space's margin (owl1.tst 295: B C3 ataris C4-D4, W D3, B A2 takes the
/// corner whose A3 is a margin). `None` when there is no such string.
pub(crate) fn atari_from_inside(board: &Board, ev: &Evaluation, x: Color) -> Option<Pos> {
    let mut seen: SmallVec<[Pos; 8]> = SmallVec::new();
    for &s in &ev.stones {
        let n = board.countlib(s);
        if n > 2 {
            continue;
        }
        let id = board.string_id(s);
        if seen.contains(&id) {
            continue;
        }
        seen.push(id);
        let mut libs = [Pos::PASS; 2];
        board.findlib(id, &mut libs);
        let libs = &libs[..n];
        if libs.iter().all(|l| ev.space_points.contains(l)) {
            if let Some(&l) = libs.iter().find(|&&l| fills_safely(board, l, x)) {
                return Some(l);
            }
        }
    }
    None
}

/// The one-point eye `e` of `c` rests on a shortage of liberties: a
/// defender string next to it has two liberties, the eye and a point `l`
/// where the attacker can play without self-atari. The attacker's move at
/// `l` puts the string in atari and the defender must fill the eye to
/// save it, so the eye is sure only if the defender plays `l` (or gains
/// liberties) first: `l`, the vital point of both sides. (GNU Go's owl
/// reads such a damezumari out; a proper eye by its diagonals would let
/// the search stop at it.)
fn eye_filling_liberty(board: &Board, e: Pos, c: Color, dead: &[bool]) -> Option<Pos> {
    let x = c.opponent();
    for q in e.neighbors() {
        if board.color(q) != c || dead[q.idx()] || board.countlib(q) != 2 {
            continue;
        }
        let mut libs = [Pos::PASS; 2];
        board.findlib(q, &mut libs);
        let Some(&l) = libs.iter().find(|&&l| l != e) else {
            continue;
        };
        debug_assert!(libs.contains(&e), "the eye is a liberty of its wall");
        if fills_safely(board, l, x) {
            return Some(l);
        }
    }
    None
}

/// Can the attacker `x` take the wall's liberty `l`: legal, and not into
/// atari (the move both shortage-of-liberties rules above start from).
fn fills_safely(board: &Board, l: Pos, x: Color) -> bool {
    board.is_legal(l, x) && !board.is_self_atari(l, x)
}

/// The value of an eye shape of `.`, `!` and `X` cells: the eye database,
/// or, for a shape it does not hold (attacker stones and virtual margins
/// together), the eye-space solver the database was made with. `None`
/// when the shape is too big to read.
fn value_shape(cells: &[(i32, i32, char)]) -> Option<ShapeValue> {
    listed_shape(cells).or_else(|| (cells.len() <= SOLVED_SHAPE).then(|| eyedb::solve(cells, None)))
}

/// The eyes (`min`, `max`) of the space an attacker string leaves once
/// the defender captures it: its points, all empty, shut in by the
/// defender's stones and the capturing stone (a string in atari touches
/// nothing else). The eye database's value, or the solver's for a shape
/// it does not hold; `None` when the string is too big to read.
pub(super) fn captured_space_value(stones: &[Pos]) -> Option<(u8, u8)> {
    let cells: Vec<(i32, i32, char)> = stones
        .iter()
        .map(|p| (p.row() as i32, p.col() as i32, '.'))
        .collect();
    value_shape(&cells).map(|v| (v.min, v.max))
}

/// The size rule's value of a small space the eye database does not
/// hold: one eye with a proper point, two at most with three.
fn size_rule(proper: usize) -> (u8, u8) {
    let min = u8::from(proper >= 1);
    (min, if proper >= 3 { 2 } else { min })
}

/// The solver's value of an unlisted shape without attacker stones when
/// the size rule guesses two eyes at most (three proper points or more)
/// and the solver finds that the defender moving first cannot make two
/// (`None` otherwise). Counting points does not see margins: a line of
/// four proper points on the edge with a margin at its open end and a
/// false point beside it is one eye, not two (ld_owl 29's corner after
/// W C18 B B18 W D18 B B19 W B14). Only this guess is replaced: the
/// solver's other values (a proper point among margins worth no eye, or
/// more eyes than the size rule) assume walls that cannot be attacked,
/// and taking them lost more than it gained (branch space27).
fn fewer_eyes_than_size(cells: &[(i32, i32, char)], proper: usize) -> Option<ShapeValue> {
    let (_, max) = size_rule(proper);
    if max < 2 || cells.len() > SOLVED_SHAPE {
        return None;
    }
    let v = eyedb::solve(cells, None);
    (v.max < 2).then_some(ShapeValue {
        min: v.min,
        max: v.max,
        attack: v.attack,
        defend: v.defend,
    })
}

/// The eye database's value of the shape `cells`, `None` when it does
/// not hold it.
fn listed_shape(cells: &[(i32, i32, char)]) -> Option<ShapeValue> {
    eyedb::lookup(cells).map(|v| ShapeValue {
        min: v.min,
        max: v.max,
        attack: v.attack,
        defend: v.defend,
    })
}

/// Is the half eye `p` of the space `pts` one the attacker can turn false
/// from outside: an end point of the space (at most one neighbour in it)
/// with a contested diagonal outside the space? Only such a half eye is
/// valued with a virtual margin beside it, as the static analysis does
/// (`docs/eyes.md`). The eye database sees adjacency only: a diagonal
/// outside is invisible to it, also when another contested diagonal lies
/// inside (a margin the attacker fills, taking the half eye's second
/// diagonal with the same move; `regression/suites/owl.tst` 220-221).
fn is_end_half_eye(p: Pos, pts: &[Pos], diag: &[Pos]) -> bool {
    let inner = p.neighbors().iter().filter(|q| pts.contains(q)).count();
    inner <= 1 && diag.iter().any(|d| !pts.contains(d))
}

/// A space of the eye database's size holding half eyes, valued as the
/// static analysis does (`docs/eyes.md`): each half eye gets a virtual
/// margin `!` beside it, a point the attacker can take to make the eye
/// false. The vital points on a virtual margin are the half eye's
/// contested diagonals. `None` when no free cell is found or the shape is
/// not in the database.
fn value_with_half_eyes(
    pts: &[Pos],
    kinds: &[(i32, i32, char)],
    halves: &[(Pos, Vec<Pos>)],
    ev: &mut Evaluation,
) -> Option<Space> {
    let mut cells = kinds.to_vec();
    let mut virtual_of: Vec<((i32, i32), usize)> = Vec::new();
    let taken = |r: i32, c: i32, cells: &[(i32, i32, char)]| {
        cells.iter().any(|&(a, b, _)| a == r && b == c)
    };
    for (k, (p, _)) in halves.iter().enumerate() {
        let (r, c) = (p.row() as i32, p.col() as i32);
        let cell = crate::optics::virtual_margin_cell(r, c, |a, b| taken(a, b, &cells))?;
        cells.push((cell.0, cell.1, '!'));
        virtual_of.push((cell, k));
    }
    let v = value_shape(&cells)?;
    if v.min < v.max {
        let to_points = |list: &[(i32, i32)], out: &mut Vec<Pos>| {
            for &cell in list {
                if let Some(&(_, k)) = virtual_of.iter().find(|(v, _)| *v == cell) {
                    out.extend(halves[k].1.iter().copied());
                } else if cell.0 >= 0 && cell.1 >= 0 {
                    out.push(Pos::new(cell.0 as usize, cell.1 as usize));
                }
            }
        };
        to_points(&v.attack, &mut ev.vital_attack);
        to_points(&v.defend, &mut ev.vital_defense);
    }
    Some(Space {
        points: pts.to_vec(),
        min: v.min,
        max: v.max,
        walls_read: false,
    })
}

/// Topological kind of an eye point.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Topology {
    Proper,
    Half,
    False,
}

/// The kind of the empty point `p` as an eye of `c`, from its diagonals:
/// an attacker stone that cannot be captured scores 2, one that can be
/// captured or an empty point where the attacker can play safely 1; two or
/// more on the edge make a false eye, one a half eye; in the centre four
/// and three. Also returns the diagonals that decide a half eye.
fn topology(
    board: &mut Board,
    reader: &mut Reader,
    p: Pos,
    c: Color,
    dead: &[bool],
) -> (Topology, Vec<Pos>) {
    let x = c.opponent();
    let mut sum = 0u32;
    let mut edge = false;
    let mut points = Vec::new();
    for d in p.diagonals() {
        match board.color(d) {
            Color::Off => edge = true,
            col if col == x => {
                if dead[d.idx()] {
                    continue;
                }
                if board.countlib(d) <= 2 && reader.attack(board, d).0 != 0 {
                    sum += 1;
                    let (code, m) = reader.find_defense(board, d);
                    if code != 0 && !m.is_pass() {
                        points.push(m);
                    }
                    let (_, a) = reader.attack(board, d);
                    if !a.is_pass() {
                        points.push(a);
                    }
                } else {
                    sum += 2;
                }
            }
            Color::Empty if attacker_can_play(board, reader, d, x) => {
                sum += 1;
                points.push(d);
            }
            _ => {}
        }
    }
    let kind = match (edge, sum) {
        (true, s) if s >= 2 => Topology::False,
        (true, 1) => Topology::Half,
        (false, s) if s >= 4 => Topology::False,
        (false, 3) => Topology::Half,
        _ => Topology::Proper,
    };
    (kind, points)
}

/// The eye the lunch `origin` leaves when it is captured. Only a lone
/// stone in atari is judged: the defender captures it (`trymove`), and the
/// point it leaves, walled by the defender, is a one-point eye of the kind
/// its diagonals give then (`topology`; the capturing stone may have
/// taken a liberty of a diagonal attacker string). A lunch with more
/// stones or liberties may leave a larger space, and one whose capture is
/// not legal now (a ko) is not judged: `Proper`, as before.
fn lunch_eye(
    board: &mut Board,
    reader: &mut Reader,
    origin: Pos,
    c: Color,
    dead: &[bool],
) -> Topology {
    if board.string_size(board.string_id(origin)) != 1 {
        return Topology::Proper;
    }
    topology_after_capture(board, reader, origin, c, dead).unwrap_or(Topology::Proper)
}

/// The kind of the point `p`, an attacker stone of a string in atari, as
/// an eye of `c` once `c` has captured that string (`trymove` at its last
/// liberty); `None` when the string has more liberties or the capture is
/// not legal now (a ko).
fn topology_after_capture(
    board: &mut Board,
    reader: &mut Reader,
    p: Pos,
    c: Color,
    dead: &[bool],
) -> Option<Topology> {
    let id = board.string_id(p);
    if board.countlib(id) != 1 {
        return None;
    }
    let lib = *board.liberties(id).first()?;
    if !board.trymove(lib, c) {
        return None;
    }
    debug_assert_eq!(board.color(p), Color::Empty);
    let kind = topology(board, reader, p, c, dead).0;
    board.popgo();
    Some(kind)
}

/// Is the attacker string `id` (colour `x`) a placement: no liberty of it
/// touches another attacker string, so no single move joins it out?
fn is_placement(board: &Board, id: Pos, x: Color) -> bool {
    board.liberties(id).iter().all(|l| {
        l.neighbors()
            .iter()
            .all(|&q| board.color(q) != x || board.string_id(q) == id)
    })
}

/// Can `x` play at the empty point `d` without being captured at once?
fn attacker_can_play(board: &mut Board, reader: &mut Reader, d: Pos, x: Color) -> bool {
    if !board.is_legal(d, x) {
        return false;
    }
    let libs = board.accuratelib(d, x, 3, &mut []);
    if libs >= 3 {
        return true;
    }
    if libs <= 1 {
        return false;
    }
    if !board.trymove(d, x) {
        return false;
    }
    let safe = reader.attack(board, d).0 == 0;
    board.popgo();
    safe
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// Distances by relaxing every point until nothing changes (the
    /// definition, slowly).
    fn distances_by_relaxing(
        board: &Board,
        source: impl Fn(Pos) -> bool,
        dead: &[bool],
    ) -> Vec<u8> {
        let mut d = vec![FAR; ARR];
        for &p in board.points() {
            if source(p) {
                d[p.idx()] = 0;
            }
        }
        loop {
            let mut changed = false;
            for &p in board.points() {
                let col = board.color(p);
                if d[p.idx()] == 0 || !(col == Color::Empty || (col.is_stone() && dead[p.idx()])) {
                    continue;
                }
                let best = p
                    .neighbors()
                    .iter()
                    .map(|q| d[q.idx()])
                    .min()
                    .unwrap_or(FAR);
                if best + 1 < d[p.idx()] && best + 1 < FAR {
                    d[p.idx()] = best + 1;
                    changed = true;
                }
            }
            if !changed {
                return d;
            }
        }
    }

    /// The points `source` accepts and the empty points and `dead` stones.
    fn sources_and_passable(
        board: &Board,
        source: impl Fn(Pos) -> bool,
        dead: &[bool],
    ) -> (PointSet, PointSet) {
        let (mut sources, mut passable) = (PointSet::EMPTY, PointSet::EMPTY);
        for &p in board.points() {
            let col = board.color(p);
            if source(p) {
                sources.insert(p);
            }
            if col == Color::Empty || (col.is_stone() && dead[p.idx()]) {
                passable.insert(p);
            }
        }
        (sources, passable)
    }

    /// The distances of `race` from the points `source` accepts through
    /// empty points and `dead` stones (no other side in the race).
    fn distances_through(board: &Board, source: impl Fn(Pos) -> bool, dead: &[bool]) -> Vec<u8> {
        let (sources, passable) = sources_and_passable(board, source, dead);
        let mut d = vec![0; ARR];
        race(&mut d, (&PointSet::EMPTY, &passable), (&sources, &passable));
        d
    }

    /// A 19x19 board with a stone of a random colour on each point with
    /// probability `density`, and which stones are dead (`dead_if`, asked
    /// with each stone's colour).
    fn random_board(
        rng: &mut SmallRng,
        density: f64,
        mut dead_if: impl FnMut(&mut SmallRng, Color) -> bool,
    ) -> (Board, Vec<bool>) {
        let mut b = Board::new(19);
        let mut dead = vec![false; ARR];
        for i in 0..19 {
            for j in 0..19 {
                if rng.gen_bool(density) {
                    let c = if rng.gen_bool(0.5) {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let p = Pos::new(i, j);
                    b.set_stone(p, c);
                    dead[p.idx()] = dead_if(rng, c);
                }
            }
        }
        (b, dead)
    }

    /// The race's closer and level points are those the two sides'
    /// distances compare so (random boards, black against white, dead
    /// stones of each passable to the other).
    #[test]
    fn race_compares_the_two_distances() {
        let mut rng = SmallRng::seed_from_u64(30);
        for _ in 0..30 {
            let (b, dead) = random_board(&mut rng, 0.25, |rng, _| rng.gen_bool(0.2));
            let dead_of = |c: Color| -> Vec<bool> {
                let mut d = vec![false; ARR];
                for &p in b.points() {
                    d[p.idx()] = dead[p.idx()] && b.color(p) == c;
                }
                d
            };
            // Black passes through dead white stones, white through dead
            // stones of both colours.
            let src_c = |p: Pos| b.color(p) == Color::Black && !dead[p.idx()];
            let src_x = |p: Pos| b.color(p) == Color::White && !dead[p.idx()];
            let (own, pass_c) = sources_and_passable(&b, src_c, &dead_of(Color::White));
            let (theirs, pass_x) = sources_and_passable(&b, src_x, &dead);
            let mut dx = vec![0; ARR];
            let (closer, level) = race(&mut dx, (&own, &pass_c), (&theirs, &pass_x));
            let want_c = distances_by_relaxing(&b, src_c, &dead_of(Color::White));
            let want_x = distances_by_relaxing(&b, src_x, &dead);
            assert_eq!(dx, want_x);
            for &p in b.points() {
                let (c, x) = (want_c[p.idx()], want_x[p.idx()]);
                assert_eq!(closer.contains(p), c < x, "closer at {p:?}");
                assert_eq!(level.contains(p), c == x, "level at {p:?}");
            }
        }
    }

    #[test]
    fn distances_are_the_shortest_paths() {
        let mut rng = SmallRng::seed_from_u64(25);
        for _ in 0..20 {
            let (b, dead) = random_board(&mut rng, 0.3, |rng, c| {
                c == Color::White && rng.gen_bool(0.3)
            });
            let src = |p: Pos| b.color(p) == Color::Black;
            assert_eq!(
                distances_through(&b, src, &dead),
                distances_by_relaxing(&b, src, &dead)
            );
        }
        // Only one source stone on an empty board: the far side is cut at FAR.
        let mut b = Board::new(19);
        b.set_stone(Pos::new(0, 0), Color::Black);
        let dead = vec![false; ARR];
        let src = |p: Pos| b.color(p) == Color::Black;
        let d = distances_through(&b, src, &dead);
        assert_eq!(d, distances_by_relaxing(&b, src, &dead));
        assert_eq!(d[Pos::new(18, 18).idx()], FAR);
        assert_eq!(d[Pos::new(3, 4).idx()], 7);
    }

    /// The size rule's "two eyes at most" is replaced by the solver's one
    /// eye when margins keep the shape from making two; shapes the solver
    /// values at two at most keep the size rule.
    #[test]
    fn an_unlisted_edge_line_with_margins_is_one_eye() {
        // An edge line of four proper points, its open end a margin and a
        // false point beside its middle (rows down the A column).
        let line = [
            (0, 0, '.'),
            (1, 0, '.'),
            (2, 0, '.'),
            (2, 1, '!'),
            (3, 0, '.'),
            (4, 0, '!'),
        ];
        assert!(listed_shape(&line).is_none());
        let v = fewer_eyes_than_size(&line, 4).map(|v| (v.min, v.max));
        assert_eq!(v, Some((1, 1)));
        // A proper point among margins: the size rule's one eye stays.
        let one = [(0, 0, '!'), (0, 1, '.'), (0, 2, '!'), (1, 1, '!')];
        assert!(fewer_eyes_than_size(&one, 1).is_none());
    }
}

//! Candidate moves of the owl search, each with a score that orders them.
//!
//! The attacker narrows the eye space and takes eyes away: it captures goal
//! strings the tactical reader can take, plays the vital points of the eye
//! spaces, rescues the goal's lunches, plays inside the space (placements,
//! throw-ins) and at the points just outside it (hane, blocks), and takes
//! liberties of the goal. The defender does the opposite: it saves its
//! weak strings, captures lunches, plays the vital points, blocks at the
//! points outside the space and on its margins, and runs out through its
//! liberties towards open space.
//!
//! The owl pattern databases (`patterns/db/owl_attack.db`, `owl_defend.db`,
//! compiled into the `owl` database) are matched around the goal: the
//! attacker's pattern values add to its scores, the defender's patterns
//! only add moves that are not candidates yet.

use crate::board::Board;
use crate::patterns::{self, class, matcher, LibertyTactics};
use crate::point::{Color, Pos, ARR};
use crate::reading::{self, Reader};
use smallvec::SmallVec;

use super::edge;
use super::eyes::{self, Evaluation};

/// A candidate move and its score (higher first).
pub type Candidate = (Pos, i32);

fn add(out: &mut Vec<Candidate>, p: Pos, score: i32) {
    if p.is_pass() {
        return;
    }
    if let Some(e) = out.iter_mut().find(|e| e.0 == p) {
        // A move with several purposes is worth a little more.
        e.1 = e.1.max(score) + 5;
    } else {
        out.push((p, score));
    }
}

/// Number of neighbours of `p` in `set`.
fn neighbours_in(p: Pos, set: &[bool]) -> i32 {
    p.neighbors().iter().filter(|q| set[q.idx()]).count() as i32
}

fn marker(points: &[Pos]) -> Vec<bool> {
    let mut m = vec![false; ARR];
    for p in points {
        m[p.idx()] = true;
    }
    m
}

/// Points where the owl patterns are matched: the goal's liberties, its
/// eye spaces and the points just outside them, and the empty points
/// diagonal to goal stones or two steps away along a line.
fn pattern_points(board: &Board, ev: &Evaluation) -> Vec<Pos> {
    let mut seen = vec![false; ARR];
    let mut out = Vec::new();
    let mut push = |p: Pos, out: &mut Vec<Pos>| {
        if board.color(p) == Color::Empty && !seen[p.idx()] {
            seen[p.idx()] = true;
            out.push(p);
        }
    };
    for &p in ev
        .liberties
        .iter()
        .chain(&ev.space_points)
        .chain(&ev.approach)
    {
        push(p, &mut out);
    }
    for &s in &ev.stones {
        for q in s.diagonals() {
            push(q, &mut out);
        }
    }
    out
}

/// How a side's owl pattern values join its candidates.
#[derive(Clone, Copy, PartialEq, Eq)]
enum PatternUse {
    /// The value is added to the move's score (the attacker: its patterns
    /// order the candidates).
    Bonus,
    /// Only moves that are no candidate yet enter, with the value as their
    /// score (the defender: as bonuses its patterns put shape moves before
    /// the moves that read the race or the eye out, see `docs/owl.md`).
    NewMoves,
}

/// Add the moves of the owl patterns of `classes` (`owl_attack.db` for the
/// attacker, `owl_defend.db` for the defender), matched for `color` around
/// the goal.
fn add_patterns(
    board: &mut Board,
    ev: &Evaluation,
    color: Color,
    classes: u32,
    usage: PatternUse,
    out: &mut Vec<Candidate>,
) {
    let Some(db) = patterns::database("owl") else {
        return;
    };
    let pts = pattern_points(board, ev);
    let found = matcher::matches(db, board, color, &mut LibertyTactics, Some(&pts));
    let mut best: Vec<Candidate> = Vec::new();
    for m in found {
        let info = m.info();
        if !info.has_class(classes) {
            continue;
        }
        let Some(p) = m.move_pos() else {
            continue;
        };
        let v = info.value as i32;
        // Several orientations or patterns at one point: the best counts.
        match best.iter_mut().find(|e| e.0 == p) {
            Some(e) => e.1 = e.1.max(v),
            None => best.push((p, v)),
        }
    }
    for (p, v) in best {
        match out.iter_mut().find(|e| e.0 == p) {
            Some(e) => {
                if usage == PatternUse::Bonus {
                    e.1 += v;
                }
            }
            None => out.push((p, v)),
        }
    }
}

/// Is a move by `c` at `p` playable in the search: legal (or a ko capture,
/// which the search may take as a conditional move) and not a pointless
/// self-atari?
fn playable(board: &Board, p: Pos, c: Color, self_atari_ok: bool) -> bool {
    if board.color(p) != Color::Empty {
        return false;
    }
    if !board.is_legal(p, c) && !board.is_ko_violation(p, c) {
        return false;
    }
    self_atari_ok || board.capture_count(p, c) > 0 || !board.is_self_atari(p, c)
}

/// Does `c`'s stone at `p` put an opponent string in atari (one with two
/// liberties, `p` one of them)? Inside the eye space such a self-atari is
/// the defender's tesuji: the attacker must capture it or lose its
/// string, and the capture may leave only a ko (ld_owl 160's corner after
/// W B16 B A17 W B19 B B18 W C19: black A19 ataris B19-C19).
fn counter_ataris(board: &Board, p: Pos, c: Color) -> bool {
    p.neighbors()
        .iter()
        .any(|&q| board.color(q) == c.opponent() && board.countlib(q) == 2)
}

/// Ko captures (taking or retaking a ko) come among the first moves: the
/// fight turns on them.
fn ko_first(board: &Board, out: &mut [Candidate], c: Color) {
    for e in out.iter_mut() {
        if board.is_ko_capture(e.0, c) {
            e.1 = e.1.max(95);
        }
    }
}

/// Liberties the attacker's lunch needs after it extends onto the
/// defender's capturing point to count as saved there: it can no longer
/// be put in atari at once.
const EXTENSION_LIBS: usize = 3;

/// The defender's capturing point of a lunch, when the attacker's stone
/// there extends the lunch to three liberties or more and the reader
/// either named another rescue that saves the lunch only through a ko
/// (an indirect one, such as a seal of the capture) or found none. The
/// extension may save it for good and takes the very point where the
/// defender's capture would make its eye, so it is read among the
/// rescues, not as a plain point of the space. A lunch the reader cannot
/// save still takes the defender moves to capture once it has three
/// liberties, and the goal short of eyes may not have them (ld_owl 54:
/// after B T17 W S18 B T18, white S19 extends S18 and kills). A rescue
/// the reader confirms for good needs no second one.
fn lunch_extension(board: &Board, l: &eyes::Lunch, x: Color) -> Option<Pos> {
    let q = l.attack;
    if l.attack_code == 0
        || l.defense_code == reading::WIN
        || q.is_pass()
        || q == l.defense
        || board.color(l.origin) != x
    {
        return None;
    }
    (board.is_liberty_of(q, l.origin)
        && board.is_legal(q, x)
        && board.accuratelib(q, x, EXTENSION_LIBS, &mut []) >= EXTENSION_LIBS)
        .then_some(q)
}

/// Largest lunch (after the extension) that the attacker still grows as a
/// sacrifice: the shapes of the nakade are at most six points.
const NAKADE_STONES: usize = 6;

/// Liberties of a lunch that cannot be saved where the attacker adds a
/// stone to it as a sacrifice: the bigger lunch, captured, leaves a space
/// of three to six points whose vital point the attacker takes back (the
/// bent three, the pyramid four, the bulky five). Only moves that leave
/// the grown string in atari and no bigger than a nakade; each with the
/// size of the grown string.
fn nakade_extensions(board: &Board, l: &eyes::Lunch, x: Color) -> Vec<(Pos, usize)> {
    let mut out = Vec::new();
    if l.size >= NAKADE_STONES || l.attack_code == 0 {
        return out;
    }
    let id = board.string_id(l.origin);
    if board.color(id) != x {
        return out;
    }
    for q in board.liberties(id) {
        // The strings the stone joins: with it, no bigger than a nakade.
        let mut strings = vec![id];
        for r in q.neighbors() {
            if board.color(r) == x && !strings.contains(&board.string_id(r)) {
                strings.push(board.string_id(r));
            }
        }
        let size: usize = 1 + strings.iter().map(|&s| board.string_size(s)).sum::<usize>();
        // Still in atari after the stone, and no gift of two eyes.
        if size <= NAKADE_STONES
            && board.is_legal(q, x)
            && board.is_self_atari(q, x)
            && !grows_into_two_eyes(board, q, x)
        {
            out.push((q, size));
        }
    }
    out
}

/// Smallest string whose capture can leave two eyes (a straight or bent
/// four; every shape of three points or fewer is one eye at most).
const TWO_EYE_STONES: usize = 4;

/// Is the attacker `x`'s move at `q` a self-atari (capturing nothing) that
/// grows its strings there into one whose capture leaves a space of two
/// eyes even with the attacker moving first: a straight or bent four, a
/// five or six that is no nakade? The defender takes it and lives; the
/// stone is no sacrifice but a gift. The space it leaves is shut in by the
/// defender's stones and the capturing stone, valued by the eye database
/// as a space behind safe walls (strings of the database's size only).
pub fn grows_into_two_eyes(board: &Board, q: Pos, x: Color) -> bool {
    if board.color(q) != Color::Empty {
        return false;
    }
    let mut stones: SmallVec<[Pos; 8]> = SmallVec::new();
    stones.push(q);
    for r in q.neighbors() {
        if board.color(r) == x && !stones.contains(&r) {
            stones.extend(board.string_stones(r));
        }
    }
    (TWO_EYE_STONES..=eyes::DB_SPACE).contains(&stones.len())
        && board.capture_count(q, x) == 0
        && board.is_self_atari(q, x)
        && eyes::captured_space_value(&stones).is_some_and(|(min, _)| min >= 2)
}

/// Smallest grown lunch whose capture leaves a space with a vital point
/// (the straight or bent three and up).
const NAKADE_MIN_STONES: usize = 3;

/// The attacker's sacrifices that grow a lunch the defender captures
/// (for good or through a ko) into three to six stones in atari: the
/// captured stones leave a space with a vital point the attacker plays
/// back, so the move takes an eye as a vital point does.
pub fn nakade_sacrifices(board: &Board, ev: &Evaluation, x: Color) -> Vec<Pos> {
    let mut out = Vec::new();
    for l in ev.lunches.iter().filter(|l| l.defense_code != reading::WIN) {
        for (q, size) in nakade_extensions(board, l, x) {
            if size >= NAKADE_MIN_STONES && !out.contains(&q) {
                out.push(q);
            }
        }
    }
    out
}

/// The attacker's candidates against the goal evaluated in `ev`.
pub fn attack_moves(board: &mut Board, ev: &Evaluation, x: Color) -> Vec<Candidate> {
    let mut out = Vec::new();
    let in_space = marker(&ev.space_points);
    for w in &ev.weak {
        // A string the defender can still save (or that only a ko takes)
        // must be taken now. One taken for good is dead already (the
        // evaluation has taken it out of the living goal): its capture is
        // a solid move, but it changes no eye the evaluation has not
        // counted, so it comes after the moves that do (the vital points,
        // the rescue of a lunch) and before the plain points of the space.
        let score = if w.attack_code == reading::WIN && w.defense_code == 0 {
            DEAD_STRING_CAPTURE + 2 * w.size.min(5) as i32
        } else {
            100 + 4 * w.size.min(10) as i32
        };
        add(&mut out, w.attack, score);
    }
    for &v in &ev.vital_attack {
        add(&mut out, v, 90);
    }
    let mut sacrifice = vec![false; ARR];
    for l in &ev.lunches {
        if l.defense_code != 0 {
            add(&mut out, l.defense, 80 + 2 * l.size.min(10) as i32);
        }
        if let Some(q) = lunch_extension(board, l, x) {
            add(&mut out, q, 80 + 2 * l.size.min(10) as i32);
        }
        if l.defense_code != reading::WIN {
            // A lunch saved only through a ko (or not at all): its rescue
            // may be a self-atari that fills the ko and grows the lunch
            // into a nakade, and so may the other extensions.
            if l.defense_code != 0 {
                sacrifice[l.defense.idx()] = true;
            }
            for (q, _) in nakade_extensions(board, l, x) {
                sacrifice[q.idx()] = true;
                add(&mut out, q, 24 + 4 * l.size.min(5) as i32);
            }
        }
    }
    let steps = steps_from_goal(ev);
    for &p in &ev.space_points {
        let centre = neighbours_in(p, &in_space);
        let margin = ev.margins.contains(&p);
        let far = FAR_STEP * i32::from(steps[p.idx()].saturating_sub(1).min(4));
        add(
            &mut out,
            p,
            30 + 6 * centre + if margin { 12 } else { 0 } - far,
        );
    }
    for &p in &ev.approach {
        let touching = neighbours_in(p, &in_space);
        add(&mut out, p, 28 + 4 * touching);
    }
    for &p in &ev.liberties {
        add(
            &mut out,
            p,
            12 + 2 * ev.dist_attacker[p.idx()].min(5) as i32,
        );
    }
    add_patterns(board, ev, x, class::ATTACK, PatternUse::Bonus, &mut out);
    out.retain(|&(p, _)| {
        playable(board, p, x, in_space[p.idx()] || sacrifice[p.idx()])
            && !grows_into_two_eyes(board, p, x)
    });
    ko_first(board, &mut out, x);
    sort_candidates(&mut out);
    out
}

/// The attacker's capture of a goal string the defender cannot save, plus
/// two a stone (at most five): below a lunch's rescue (80 and twice its
/// size), above most points of the space.
const DEAD_STRING_CAPTURE: i32 = 70;

/// What the attacker's move in a large space loses per step away from
/// the goal beyond the first: it narrows the space where it meets the
/// goal, at its mouth, not at its far end.
const FAR_STEP: i32 = 8;

/// Steps inside the goal's large spaces (more points than the eye
/// database values) from the points next to the goal: 0 for those, and
/// for every point outside such a space. The small spaces' shape, not
/// the distance, tells their vital points.
fn steps_from_goal(ev: &Evaluation) -> Vec<u8> {
    let mut steps = vec![0u8; ARR];
    let mut queue: Vec<Pos> = Vec::new();
    let goal = marker(&ev.stones);
    for sp in ev
        .spaces
        .iter()
        .filter(|sp| sp.points.len() > eyes::DB_SPACE)
    {
        for &p in &sp.points {
            if p.neighbors().iter().any(|q| goal[q.idx()]) {
                queue.push(p);
            } else {
                steps[p.idx()] = u8::MAX;
            }
        }
    }
    let mut k = 0;
    while k < queue.len() {
        let p = queue[k];
        k += 1;
        for q in p.neighbors() {
            if steps[q.idx()] == u8::MAX {
                steps[q.idx()] = steps[p.idx()] + 1;
                queue.push(q);
            }
        }
    }
    steps
}

/// Score of the connection of a goal string in atari that the reader
/// does not save (below the rescues it confirms, 100 and more).
const JOIN_IN_ATARI: i32 = 60;

/// The last liberty of the goal string at `s` in atari, if playing it
/// joins the string to another goal string with more than one liberty.
fn joining_liberty(board: &Board, ev: &Evaluation, s: Pos, c: Color) -> Option<Pos> {
    let libs = board.liberties(s);
    if libs.len() != 1 {
        return None;
    }
    let l = libs[0];
    let own = board.string_id(s);
    let joins = l.neighbors().into_iter().any(|q| {
        board.color(q) == c
            && board.string_id(q) != own
            && board.countlib(q) > 1
            && ev.stones.contains(&q)
    });
    joins.then_some(l)
}

/// Does the defender's move at `p` put an attacker string of the wall
/// in atari: a string that touches the goal, is no lunch, has no liberty
/// inside the goal's eye space and one that is not the goal's (it must
/// connect outward, a tempo for the defender)? The strings inside the
/// space (placements, hane on the first line) are read as lunches.
pub fn ataris_boundary_string(board: &Board, ev: &Evaluation, p: Pos, c: Color) -> bool {
    let x = c.opponent();
    p.neighbors().into_iter().any(|q| {
        if board.color(q) != x || board.countlib(q) != 2 {
            return false;
        }
        let libs = board.liberties(q);
        !ev.lunches.iter().any(|l| board.same_string(l.origin, q))
            && !libs.iter().any(|l| ev.space_points.contains(l))
            && libs.iter().any(|l| !ev.liberties.contains(l))
            && board
                .stones(q)
                .iter()
                .any(|&s| s.neighbors().into_iter().any(|n| ev.stones.contains(&n)))
    })
}

/// Score of the defender's move that seals a lunch the attacker could
/// still save or fight a ko for (`lunch_seals`): with the capture of the
/// lunch (85 and more), which it makes sure.
const LUNCH_SEAL: i32 = 85;

/// The defender's moves next to a liberty of a two-liberty lunch `l`
/// (not on one) that leave the attacker no way to save it, where it had
/// one: the lunch can no longer grow out or make the capture a ko, and
/// stays the defender's eye at its leisure. Two kinds:
/// - after the move each liberty of the lunch is a self-atari for the
///   attacker (a throw-in on the first line whose capture was only a ko);
/// - the lunch lies on the first line, the move is the second-line point
///   above one of its liberties, beside a goal stone (so the sealing stone
///   cannot be cut off), and the reader then finds no rescue of the lunch.
///   That point is where the attacker would connect the lunch out towards
///   its wall, or crawl along the edge under the goal; the atari on the
///   lunch lets the attacker answer there with a counter-atari on the
///   capturing stone (ld_owl 159's E2 after B B1 W B3 B B2 W A4 B D2 W D1,
///   11's S6).
///
/// Only for a lunch the attacker could still save (`defense_code != 0`);
/// `goal` holds the goal's stones.
fn lunch_seals(
    board: &mut Board,
    reader: &mut Reader,
    goal: &[Pos],
    l: &eyes::Lunch,
    c: Color,
) -> Vec<Pos> {
    let mut out = Vec::new();
    let x = c.opponent();
    if l.defense_code == 0 || board.color(l.origin) != x || board.countlib(l.origin) != 2 {
        return out;
    }
    let libs = board.liberties(l.origin);
    if libs.iter().all(|&q| board.is_self_atari(q, x)) {
        return out;
    }
    let edge_lunch = board
        .stones(l.origin)
        .iter()
        .all(|&s| board.on_first_line(s));
    let depth = board.stackp();
    for &lib in &libs {
        for q in lib.neighbors() {
            if board.color(q) != Color::Empty || libs.contains(&q) || out.contains(&q) {
                continue;
            }
            let above = edge_lunch
                && !board.on_first_line(q)
                && q.neighbors().iter().any(|n| goal.contains(n));
            if !board.trymove(q, c) {
                continue;
            }
            let sealed = board.color(l.origin) == x
                && board.countlib(l.origin) == 2
                && (libs.iter().all(|&r| board.is_self_atari(r, x))
                    || (above && reader.find_defense(board, l.origin).0 == 0));
            board.popgo();
            debug_assert_eq!(board.stackp(), depth, "the seal is taken back");
            if sealed {
                out.push(q);
            }
        }
    }
    out
}

/// The defender's candidates for the goal evaluated in `ev`.
pub fn defense_moves(
    board: &mut Board,
    reader: &mut Reader,
    ev: &Evaluation,
    c: Color,
) -> Vec<Candidate> {
    let mut out = Vec::new();
    let in_space = marker(&ev.space_points);
    // The reader's rescues of weak goal strings: read out, so a rescue
    // that is a self-atari (a throw-in that counter-ataris) stays.
    let mut rescues: Vec<Pos> = Vec::new();
    for w in &ev.weak {
        if w.defense_code != 0 {
            add(&mut out, w.defense, 100 + 4 * w.size.min(10) as i32);
            rescues.push(w.defense);
        } else if let Some(l) = joining_liberty(board, ev, w.origin, c) {
            // The reader finds no rescue, but the last liberty joins the
            // string to another goal string: deep in the tree the reader's
            // depth limits cut its defences short, so the connection is
            // still read, below the rescues it confirms.
            add(&mut out, l, JOIN_IN_ATARI + 4 * w.size.min(10) as i32);
        }
    }
    for l in &ev.lunches {
        let sure = if l.attack_code == reading::WIN { 10 } else { 0 };
        add(&mut out, l.attack, 85 + sure + 2 * l.size.min(10) as i32);
        for q in lunch_seals(board, reader, &ev.stones, l, c) {
            add(&mut out, q, LUNCH_SEAL + 2 * l.size.min(10) as i32);
        }
    }
    for &v in &ev.vital_defense {
        add(&mut out, v, 90);
    }
    for &p in &ev.approach {
        let touching = neighbours_in(p, &in_space);
        add(&mut out, p, 36 + 4 * touching);
    }
    for &p in &ev.margins {
        add(&mut out, p, 34);
    }
    for &p in &ev.space_points {
        let centre = neighbours_in(p, &in_space);
        add(&mut out, p, 18 + 4 * centre);
    }
    for &p in &ev.liberties {
        let free = ev.dist_attacker[p.idx()].min(6) as i32;
        add(&mut out, p, 10 + 5 * free);
    }
    add_patterns(board, ev, c, class::DEFENCE, PatternUse::NewMoves, &mut out);
    out.retain(|&(p, _)| {
        playable(
            board,
            p,
            c,
            rescues.contains(&p) || (in_space[p.idx()] && counter_ataris(board, p, c)),
        )
    });
    ko_first(board, &mut out, c);
    sort_candidates(&mut out);
    out
}

/// Score of the attacker's answers to the defender's second-line
/// extension (`edge::extension_heads`): the block or hane at its head and
/// the first-line point under it. Before the other moves inside the
/// space and on its margins (at most 30 + 12 and a few neighbours, with
/// pattern bonuses some 75), below the vital points (90), the captures of
/// goal strings (100 and more) and the rescues of lunches (80 and more).
/// The crawl is answered first: left alone it widens the space again
/// with its next move.
pub const EXTENSION_HEAD: i32 = 78;

/// Score of the defender's extension along the second line beside the
/// attacker's wall: with the blocks just outside the space (36 + 4 and
/// more), as it widens the space by the first-line point under it. As a
/// plain liberty next to an attacker stone it scored 15.
pub const EXTENSION: i32 = 45;

/// Add the attacker's moves at the head of the defender's second-line
/// extension (`heads`), at least `EXTENSION_HEAD`, and sort again.
pub fn add_extension_heads(cands: &mut Vec<Candidate>, heads: &[Pos]) {
    if heads.is_empty() {
        return;
    }
    for &q in heads {
        match cands.iter_mut().find(|e| e.0 == q) {
            Some(e) => e.1 = e.1.max(EXTENSION_HEAD),
            None => cands.push((q, EXTENSION_HEAD)),
        }
    }
    sort_candidates(cands);
}

/// Raise the defender's extensions along the second line beside the
/// attacker's wall (`edge::is_second_line_extension`) to at least
/// `EXTENSION`, and sort again.
pub fn promote_extensions(board: &Board, cands: &mut [Candidate], c: Color) {
    let mut changed = false;
    for e in cands.iter_mut() {
        if e.1 < EXTENSION && edge::is_second_line_extension(board, e.0, c, true) {
            e.1 = EXTENSION;
            changed = true;
        }
    }
    if changed {
        sort_candidates(cands);
    }
}

/// Sort candidates best score first, ties by point (a fixed order, so the
/// search does not depend on how the list was built).
fn sort_candidates(cands: &mut [Candidate]) {
    cands.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::diagram_board as board;
    use crate::owl::eyes::Lunch;

    /// A lunch at `p` that the attacker can still fight for (a ko).
    fn lunch_at(b: &Board, p: Pos) -> Lunch {
        Lunch {
            origin: p,
            size: b.string_size(p),
            attack_code: reading::WIN,
            attack: Pos::PASS,
            defense_code: reading::KO_B,
            defense: Pos::PASS,
            false_eye: false,
        }
    }

    #[test]
    fn the_seal_of_a_first_line_throw_in() {
        // White E1 thrown in under black's wall: its liberty D1 is a
        // self-atari for white already, F1 is not (it reaches G1). Black
        // G1 makes F1 a self-atari too: E1 cannot grow out, and black
        // captures it when it likes.
        let mut b = board(&[
            ".......", ".......", ".......", ".......", "OOOOO..", "XXXXXX.", "..X.O..",
        ]);
        let e1 = Pos::new(6, 4);
        let g1 = Pos::new(6, 6);
        let lunch = lunch_at(&b, e1);
        let mut r = Reader::new(10, 1.0);
        assert_eq!(
            lunch_seals(&mut b, &mut r, &[], &lunch, Color::Black),
            vec![g1]
        );
        assert_eq!(b.stackp(), 0, "the board is left as it was");
        // Sealed already (both liberties self-ataris): nothing to add.
        let mut sealed = board(&[
            ".......", ".......", ".......", ".......", "OOOOO..", "XXXXXX.", "..X.O.X",
        ]);
        let lunch = lunch_at(&sealed, e1);
        assert!(lunch_seals(&mut sealed, &mut r, &[], &lunch, Color::Black).is_empty());
        // A lunch that cannot be saved needs no seal.
        let mut dead = lunch_at(&b, e1);
        dead.defense_code = 0;
        assert!(lunch_seals(&mut b, &mut r, &[], &dead, Color::Black).is_empty());
    }

    #[test]
    fn the_seal_above_a_first_line_lunch() {
        // ld_owl 159's corner after B B1 W B3 B B2 W A4 B D2 W D1: white
        // D1 can still be saved (E1 runs along the edge, E2 connects it
        // towards the wall E3). Black E2, beside the goal's D2, leaves it
        // no rescue; the atari E1 would be answered by W E2. F1 and C1's
        // other neighbours are no seals.
        let mut b = board(&[
            ".........",
            ".........",
            ".........",
            "..O......",
            "OOO......",
            "OXOO.....",
            "X.XOOOO..",
            ".XXX.....",
            ".X.O.....",
        ]);
        let (d1, e1, e2) = (Pos::new(8, 3), Pos::new(8, 4), Pos::new(7, 4));
        let mut r = Reader::new(10, 1.0);
        assert_ne!(r.find_defense(&mut b, d1).0, 0, "white D1 can be saved");
        let lunch = Lunch {
            attack: e1,
            defense: e1,
            defense_code: reading::WIN,
            ..lunch_at(&b, d1)
        };
        let goal: Vec<Pos> = (0..9)
            .flat_map(|row| (0..9).map(move |col| Pos::new(row, col)))
            .filter(|&p| b.color(p) == Color::Black)
            .collect();
        assert_eq!(
            lunch_seals(&mut b, &mut r, &goal, &lunch, Color::Black),
            vec![e2]
        );
        assert_eq!(b.stackp(), 0, "the board is left as it was");
        // Without the goal beside it the stone could be cut off: no seal.
        assert!(lunch_seals(&mut b, &mut r, &[], &lunch, Color::Black).is_empty());
    }

    #[test]
    fn the_extension_onto_the_capturing_point_of_a_lunch() {
        // White A2 inside black's corner: black captures it at A3, and the
        // reader names the seal A4 as white's rescue, through a ko. White A3 saves it
        // too (three liberties A1 A4 B3) and takes the capturing point
        // itself, so it is read among the rescues.
        let b = board(&[
            ".......", ".......", ".OOO...", ".XXO...", "..XO...", "OXXOO..", ".X.....",
        ]);
        let (a2, a3, a4) = (Pos::new(5, 0), Pos::new(4, 0), Pos::new(3, 0));
        let lunch = Lunch {
            attack: a3,
            defense: a4,
            defense_code: reading::KO_A,
            ..lunch_at(&b, a2)
        };
        assert_eq!(lunch_extension(&b, &lunch, Color::White), Some(a3));
        // The reader's rescue is the extension already: nothing to add.
        let direct = Lunch {
            defense: a3,
            ..lunch
        };
        assert_eq!(lunch_extension(&b, &direct, Color::White), None);
        // The reader finds no rescue: the extension is still read.
        let dead = Lunch {
            defense_code: 0,
            ..lunch
        };
        assert_eq!(lunch_extension(&b, &dead, Color::White), Some(a3));
        // The reader saves it for good elsewhere: that rescue is enough.
        let sure = Lunch {
            defense_code: reading::WIN,
            ..lunch
        };
        assert_eq!(lunch_extension(&b, &sure, Color::White), None);
        // With black B3 the extension has two liberties: no rescue.
        let short = board(&[
            ".......", ".......", ".OOO...", ".XXO...", ".XXO...", "OXXOO..", ".X.....",
        ]);
        assert_eq!(lunch_extension(&short, &lunch, Color::White), None);
    }
}

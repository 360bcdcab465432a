//! The playout policy: how a simulation picks its moves.
//!
//! In order of priority, for the player to move after the opponent's last
//! move:
//! 1. *atari answers* — capture the opponent string the last move left in
//!    atari; save an own string the last move put in atari, by capturing a
//!    neighbour in atari or by extending when that gives two liberties;
//! 2. *nakade* — play the middle of a three-point eye space the last move
//!    touched;
//! 3. *patterns* — a neighbour of the last move, drawn with the 3x3
//!    pattern weights (only points whose weight is above average);
//! 4. *random* — a uniformly drawn legal point, never an own eye, and never a
//!    self-atari of a string of three stones or more (smaller self-ataris
//!    are refused half the time: throw-ins and nakade need some).
//!
//! Each rule is tried with a fixed probability, so that the playouts stay
//! varied.

use super::board::McBoard;
use super::patterns::{key_of, PatternTable, RING, SCALE};
use crate::point::{Color, Pos, NS};
use rand::Rng;

/// Probability (in 1/256) of trying the atari answers.
const P_ATARI: u32 = 230;
/// Probability (in 1/256) of trying nakade.
const P_NAKADE: u32 = 230;
/// Probability (in 1/256) of trying the pattern moves.
const P_PATTERN: u32 = 220;
/// A pattern move is a candidate only above this weight (× [`SCALE`]).
const PATTERN_MIN: u32 = (1.5 * SCALE) as u32;

/// Offset of a (row, column) step in the one-dimensional board.
#[inline(always)]
fn step(p: Pos, dr: i32, dc: i32) -> Pos {
    Pos::from_index((p.idx() as i32 + dr * NS as i32 + dc) as usize)
}

/// The pattern key of the empty point `p` for `c` to move.
#[inline]
pub fn pattern_key(b: &McBoard, p: Pos, c: Color) -> usize {
    let mut ring = [(0u32, false); 8];
    for (n, &(dr, dc)) in RING.iter().enumerate() {
        let q = step(p, dr, dc);
        let qc = b.color(q);
        ring[n] = match qc {
            Color::Empty => (0, false),
            Color::Off => (3, false),
            _ => (
                if qc == c { 1 } else { 2 },
                n % 2 == 0 && b.in_atari(q),
            ),
        };
    }
    key_of(&ring)
}

/// Is `p` a reasonable playout move for `c`: legal, not an own eye, and not
/// a self-atari the policy refuses?
#[inline]
pub fn acceptable<R: Rng>(b: &mut McBoard, p: Pos, c: Color, rng: &mut R) -> bool {
    if !b.is_legal(p, c) || b.is_eye(p, c) {
        return false;
    }
    let (libs, stones) = b.libs_after(p, c);
    if libs >= 2 {
        return true;
    }
    if stones >= 3 {
        return false;
    }
    rng.gen::<u32>() & 1 == 0
}

/// Scratch space for the policy (no allocation per move).
#[derive(Default, Debug)]
pub struct PolicyScratch {
    cands: Vec<Pos>,
    stones: Vec<Pos>,
}

/// Choose a move for `c` in a playout, `last` being the opponent's last move
/// (`PASS` if none). Returns `PASS` when no move is acceptable.
pub fn choose<R: Rng>(
    b: &mut McBoard,
    c: Color,
    last: Pos,
    table: &PatternTable,
    scratch: &mut PolicyScratch,
    rng: &mut R,
) -> Pos {
    if !last.is_pass() && b.color(last).is_stone() {
        if rng.gen::<u32>() & 255 < P_ATARI {
            let mv = atari_answer(b, c, last, scratch, rng);
            if !mv.is_pass() {
                return mv;
            }
        }
        if rng.gen::<u32>() & 255 < P_NAKADE {
            let mv = nakade(b, last);
            if !mv.is_pass() && b.is_legal(mv, c) {
                return mv;
            }
        }
        if rng.gen::<u32>() & 255 < P_PATTERN {
            let mv = pattern_move(b, c, last, table, rng);
            if !mv.is_pass() {
                return mv;
            }
        }
    }
    random_move(b, c, rng)
}

/// A uniformly random acceptable move, or `PASS`.
pub fn random_move<R: Rng>(b: &mut McBoard, c: Color, rng: &mut R) -> Pos {
    let n = b.empty_count();
    if n == 0 {
        return Pos::PASS;
    }
    let start = rng.gen_range(0..n);
    for k in 0..n {
        let mut i = start + k;
        if i >= n {
            i -= n;
        }
        let p = b.empty_at(i);
        if acceptable(b, p, c, rng) {
            return p;
        }
    }
    Pos::PASS
}

/// Captures and escapes around the last move.
fn atari_answer<R: Rng>(
    b: &mut McBoard,
    c: Color,
    last: Pos,
    s: &mut PolicyScratch,
    rng: &mut R,
) -> Pos {
    s.cands.clear();
    // The last move's own string in atari: take it.
    if b.in_atari(last) {
        let lib = b.find_liberty(last);
        if b.is_legal(lib, c) {
            s.cands.push(lib);
        }
    }
    // Own strings next to the last move in atari: save them.
    for q in last.neighbors() {
        if b.color(q) != c || !b.in_atari(q) {
            continue;
        }
        // Capture a neighbour of the string that is in atari itself.
        s.stones.clear();
        b.string_stones(q, &mut s.stones);
        for k in 0..s.stones.len() {
            for r in s.stones[k].neighbors() {
                if b.color(r) == c.opponent() && b.in_atari(r) {
                    let lib = b.find_liberty(r);
                    if b.is_legal(lib, c) && !s.cands.contains(&lib) {
                        s.cands.push(lib);
                    }
                }
            }
        }
        // Extend, if that gives two liberties.
        let lib = b.find_liberty(q);
        if b.is_legal(lib, c) && b.libs_after(lib, c).0 >= 2 && !s.cands.contains(&lib) {
            s.cands.push(lib);
        }
    }
    match s.cands.len() {
        0 => Pos::PASS,
        n => s.cands[rng.gen_range(0..n)],
    }
}

/// The vital point of a three-point eye space next to `last`, if any: an
/// empty region of exactly three points bounded by one colour's stones, whose
/// middle point (the one touching both others) is returned.
fn nakade(b: &McBoard, last: Pos) -> Pos {
    for start in last.neighbors() {
        if b.color(start) != Color::Empty {
            continue;
        }
        // In a three-point space no point has more than two empty
        // neighbours: skip open areas at once.
        let open = start
            .neighbors()
            .iter()
            .filter(|q| b.color(**q) == Color::Empty)
            .count();
        if open > 2 {
            continue;
        }
        let mut region = [Pos::PASS; 4];
        let mut n = 0;
        region[0] = start;
        n += 1;
        let mut k = 0;
        let mut owner = Color::Empty;
        let mut ok = true;
        while k < n && ok {
            let p = region[k];
            k += 1;
            for q in p.neighbors() {
                match b.color(q) {
                    Color::Empty => {
                        if !region[..n].contains(&q) {
                            if n == 4 {
                                ok = false;
                                break;
                            }
                            region[n] = q;
                            n += 1;
                        }
                    }
                    Color::Off => {}
                    col => {
                        if owner == Color::Empty {
                            owner = col;
                        } else if owner != col {
                            ok = false;
                            break;
                        }
                    }
                }
            }
        }
        if !ok || n != 3 || owner == Color::Empty {
            continue;
        }
        // The middle point touches the two others.
        for &m in &region[..3] {
            let touching = region[..3]
                .iter()
                .filter(|&&o| o != m && m.neighbors().contains(&o))
                .count();
            if touching == 2 {
                // The owner of the eye space plays there to make two eyes,
                // the other player to kill.
                return m;
            }
        }
    }
    Pos::PASS
}

/// A neighbour of the last move drawn by pattern weight, or `PASS`.
fn pattern_move<R: Rng>(
    b: &mut McBoard,
    c: Color,
    last: Pos,
    table: &PatternTable,
    rng: &mut R,
) -> Pos {
    let mut cands = [(Pos::PASS, 0u32); 8];
    let mut n = 0;
    let mut total = 0u32;
    for &(dr, dc) in RING.iter() {
        let p = step(last, dr, dc);
        if b.color(p) != Color::Empty {
            continue;
        }
        let w = table.weight(pattern_key(b, p, c));
        if w < PATTERN_MIN {
            continue;
        }
        cands[n] = (p, w);
        n += 1;
        total += w;
    }
    while n > 0 && total > 0 {
        let mut x = rng.gen_range(0..total);
        let mut k = 0;
        while x >= cands[k].1 {
            x -= cands[k].1;
            k += 1;
        }
        let (p, w) = cands[k];
        if acceptable(b, p, c, rng) {
            return p;
        }
        total -= w;
        cands[k] = cands[n - 1];
        n -= 1;
    }
    Pos::PASS
}

/// Play one playout from `b` with `to_move` first and `last` the previous
/// move, until two passes or three times as many moves as the board has
/// points. Each move is reported to `record` (colour, point). Returns the
/// number of moves played.
pub fn playout<R: Rng>(
    b: &mut McBoard,
    mut to_move: Color,
    mut last: Pos,
    table: &PatternTable,
    scratch: &mut PolicyScratch,
    rng: &mut R,
    mut record: impl FnMut(Color, Pos),
) -> usize {
    let max_moves = 3 * b.size() * b.size();
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 && moves < max_moves {
        let mv = choose(b, to_move, last, table, scratch, rng);
        b.play(mv, to_move);
        record(to_move, mv);
        passes = if mv.is_pass() { passes + 1 } else { 0 };
        last = mv;
        moves += 1;
        to_move = to_move.opponent();
    }
    moves
}

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
//!    pattern weights (only points whose weight is at least
//!    [`super::patterns::STRONG_WEIGHT`]);
//! 4. *random* — a uniformly drawn legal point, never an own eye, and never a
//!    self-atari of a string of three stones or more (smaller self-ataris
//!    are refused half the time: throw-ins and nakade need some).
//!
//! Each rule is tried with a fixed probability, so that the playouts stay
//! varied.

use super::board::McBoard;
use super::patterns::{PatternTable, RING};
use crate::point::{Color, Pos, NS};
use rand::Rng;

/// Probability (in 1/256) of trying the atari answers.
const P_ATARI: u32 = 230;
/// Probability (in 1/256) of trying nakade.
const P_NAKADE: u32 = 230;
/// Probability (in 1/256) of trying the pattern moves.
const P_PATTERN: u32 = 220;

/// Offsets of the eight neighbours ([`RING`]) in the one-dimensional board.
const RING_STEPS: [isize; 8] = {
    let mut s = [0isize; 8];
    let mut n = 0;
    while n < 8 {
        s[n] = RING[n].0 as isize * NS as isize + RING[n].1 as isize;
        n += 1;
    }
    s
};

/// The point `n` steps around the ring of `p`.
#[inline(always)]
fn ring_point(p: Pos, n: usize) -> Pos {
    Pos::from_index((p.idx() as isize + RING_STEPS[n & 7]) as usize)
}

/// The pattern key of the empty point `p` for `c` to move (the layout of
/// [`super::patterns::key_of`]: two bits of colour per ring point, own 1 and opponent 2, then
/// the atari bits of the orthogonal stones).
#[inline]
pub fn pattern_key(b: &McBoard, p: Pos, c: Color) -> usize {
    // The board's colour values are white 1, black 2: white's view already.
    let mut k = 0usize;
    for n in 0..8 {
        k |= (b.color(ring_point(p, n)) as usize) << (2 * n);
    }
    if c == Color::Black {
        // Swap 1 and 2 in every two-bit field (where its bits differ).
        let d = (k ^ (k >> 1)) & 0x5555;
        k ^= d | (d << 1);
    }
    if b.neighbor_count(p, Color::Empty) + b.neighbor_count(p, Color::Off) < 4 {
        for n in (0..8).step_by(2) {
            let q = ring_point(p, n);
            if b.color(q).is_stone() && b.in_atari(q) {
                k |= 1 << (16 + n / 2);
            }
        }
    }
    debug_assert_eq!(k, slow_pattern_key(b, p, c));
    k
}

/// [`pattern_key`] written plainly, to check it (debug builds).
fn slow_pattern_key(b: &McBoard, p: Pos, c: Color) -> usize {
    let mut ring = [(0u32, false); 8];
    for (n, r) in ring.iter_mut().enumerate() {
        let q = ring_point(p, n);
        let qc = b.color(q);
        *r = match qc {
            Color::Empty => (0, false),
            Color::Off => (3, false),
            _ => (if qc == c { 1 } else { 2 }, n % 2 == 0 && b.in_atari(q)),
        };
    }
    super::patterns::key_of(&ring)
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
        if let Some(m) = three_point_space(b, start) {
            return m;
        }
    }
    Pos::PASS
}

/// The middle point of the empty region of `start`, if that region has
/// exactly three points and touches stones of only one colour.
#[inline]
fn three_point_space(b: &McBoard, start: Pos) -> Option<Pos> {
    // In a three-point space every point has one or two empty neighbours
    // and stones of one colour only around it: the neighbour counts tell,
    // before any region is grown.
    let fits = |p: Pos| {
        let open = b.neighbor_count(p, Color::Empty);
        (1..=2).contains(&open)
            && (b.neighbor_count(p, Color::Black) == 0 || b.neighbor_count(p, Color::White) == 0)
    };
    if !fits(start) {
        return None;
    }
    let mut region = [start; 3];
    let mut n = 1;
    let mut k = 0;
    while k < n {
        let p = region[k];
        k += 1;
        for q in p.neighbors() {
            if b.color(q) == Color::Empty && !region[..n].contains(&q) {
                if n == 3 || !fits(q) {
                    return None;
                }
                region[n] = q;
                n += 1;
            }
        }
    }
    if n != 3 {
        return None;
    }
    // One colour around the whole region.
    let count = |c: Color| {
        region
            .iter()
            .map(|&p| b.neighbor_count(p, c))
            .sum::<usize>()
    };
    if (count(Color::Black) == 0) == (count(Color::White) == 0) {
        return None;
    }
    // The middle point touches the two others: two empty neighbours. The
    // owner of the eye space plays there to make two eyes, the other player
    // to kill.
    region
        .iter()
        .copied()
        .find(|&m| b.neighbor_count(m, Color::Empty) == 2)
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
    for k in 0..8 {
        let p = ring_point(last, k);
        if b.color(p) != Color::Empty {
            continue;
        }
        let key = pattern_key(b, p, c);
        if !table.is_strong(key) {
            continue;
        }
        let w = table.weight(key);
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

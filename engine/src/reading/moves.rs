//! Candidate moves for the readers and their ordering.
//!
//! Each generator adds moves with a score; the readers try them best first.
//! The scores are simple, local and cheap: liberties the mover's string
//! will have (counted with [`Board::accuratelib`], without playing), the
//! liberties left to the target, captures.

use crate::board::Board;
use crate::point::{Color, Pos};
use smallvec::SmallVec;

/// A list of candidate moves with scores.
#[derive(Default)]
pub(super) struct Moves {
    v: SmallVec<[(Pos, i32); 24]>,
}

impl Moves {
    /// Add `m` with `score`, or raise the score of `m` if it is there.
    #[inline]
    pub fn add(&mut self, m: Pos, score: i32) {
        if m.is_pass() {
            return;
        }
        if let Some(e) = self.v.iter_mut().find(|e| e.0 == m) {
            e.1 = e.1.max(score);
        } else {
            self.v.push((m, score));
        }
    }

    /// Is `m` among the moves?
    #[inline]
    pub fn contains(&self, m: Pos) -> bool {
        self.v.iter().any(|e| e.0 == m)
    }

    /// Drop the moves for which `f` is true.
    pub fn remove_if(&mut self, mut f: impl FnMut(Pos) -> bool) {
        // The kept moves slide down in order (what `retain` does, without
        // its swaps).
        let v = &mut self.v[..];
        let mut kept = 0;
        for i in 0..v.len() {
            if !f(v[i].0) {
                v[kept] = v[i];
                kept += 1;
            }
        }
        self.v.truncate(kept);
    }

    /// The moves, best first (ties keep generation order). Sorts the
    /// list in place (taken by reference: a `Moves` is a few hundred
    /// bytes, and moving it costs a copy).
    pub fn sorted(&mut self) -> SmallVec<[Pos; 24]> {
        // A stable insertion sort, best score first: the lists are short
        // (a handful of moves), where it beats the library's sort.
        let v = &mut self.v[..];
        for i in 1..v.len() {
            let x = v[i];
            let mut j = i;
            while j > 0 && v[j - 1].1 < x.1 {
                v[j] = v[j - 1];
                j -= 1;
            }
            v[j] = x;
        }
        if v.len() <= 24 {
            // The list fits inline: written into a plain array, without
            // a capacity check per move.
            let mut buf = [Pos::NONE; 24];
            for (b, e) in buf.iter_mut().zip(v.iter()) {
                *b = e.0;
            }
            SmallVec::from_buf_and_len(buf, v.len())
        } else {
            v.iter().map(|e| e.0).collect()
        }
    }
}

/// Move `m`, if it is among `list[from..]`, to `list[from]` (the next to
/// be tried); the others keep their order. True if `m` was there.
pub(super) fn promote_next(list: &mut [Pos], from: usize, m: Pos) -> bool {
    if let Some(k) = list[from.min(list.len())..].iter().position(|&x| x == m) {
        list[from..=from + k].rotate_right(1);
        true
    } else {
        false
    }
}

/// Look for `reply` among the candidates of the stages after `stage`,
/// generating each of them (once: kept in `ahead`) ahead of its turn with
/// `gen(stage, moves)`; if a later stage has it, insert it at `at` in
/// `list`, to be tried next. Says whether it was inserted.
pub(super) fn insert_from_later_stage(
    list: &mut SmallVec<[Pos; 24]>,
    at: usize,
    reply: Pos,
    ahead: &mut [Option<Moves>],
    stage: usize,
    mut gen: impl FnMut(usize, &mut Moves),
) -> bool {
    for (later, slot) in ahead.iter_mut().enumerate().skip(stage + 1) {
        // Generated in its slot: a `Moves` is not copied into place.
        let moves = match slot {
            Some(m) => m,
            None => {
                let m = slot.insert(Moves::default());
                gen(later, m);
                m
            }
        };
        if moves.contains(reply) {
            list.insert(at, reply);
            return true;
        }
    }
    false
}

/// Give the moves of `first` that are in `cand` the best scores, in the
/// order of `first` (refutations found earlier at the same node).
pub(super) fn promote_first(cand: &mut Moves, first: &[Pos]) {
    for (k, &m) in first.iter().enumerate() {
        if let Some(e) = cand.v.iter_mut().find(|e| e.0 == m) {
            e.1 = 10_000 - k as i32;
        }
    }
}

/// The liberties of the string at `s` (all of them for small counts).
#[inline]
pub(super) fn libs_of(b: &Board, s: Pos) -> SmallVec<[Pos; 8]> {
    let mut buf = [Pos::NONE; 8];
    let n = b.findlib(s, &mut buf).min(8);
    // The array itself becomes the list (no copy of a slice of it).
    SmallVec::from_buf_and_len(buf, n)
}

/// Liberties of the string `c` would have after playing at `p`, up to `max`.
#[inline]
pub(super) fn libs_after(b: &Board, p: Pos, c: Color, max: usize) -> usize {
    b.accuratelib(p, c, max, &mut [])
}

/// The liberties after a move (`libs_after` up to eight) and the stones
/// it captures (up to 255), at the points one move generator asks about,
/// for one colour, counted once each: the extensions, the captures of
/// lunches and the counter-ataris of a node often name the same point (a
/// liberty shared with a neighbour in atari, a lunch's last liberty that
/// is also the string's). Valid while the board is as it was when the
/// counts were made (one generator call).
pub(super) struct After8 {
    c: Color,
    /// Direct-mapped by the point's index: one compare finds a count; a
    /// point whose slot is taken is counted again (the counts stay exact).
    v: [(Pos, u8, u8); 16],
}

impl After8 {
    /// No counts yet, for moves by `c`.
    #[inline]
    pub fn new(c: Color) -> Self {
        After8 {
            c,
            v: [(Pos::NONE, 0, 0); 16],
        }
    }

    /// `libs_after(b, p, c, 8)` and the stones captured (at most 255:
    /// the scores cap them lower), counted at the first request for `p`.
    #[inline]
    pub fn get(&mut self, b: &Board, p: Pos) -> (usize, usize) {
        let slot = &mut self.v[p.idx() & 15];
        if slot.0 == p {
            debug_assert_eq!(
                (slot.1 as usize, slot.2 as usize),
                b.libs_and_captures(p, self.c, 8),
                "stale count"
            );
            return (slot.1 as usize, slot.2 as usize);
        }
        let (after, captures) = b.libs_and_captures(p, self.c, 8);
        let captures = captures.min(255);
        *slot = (p, after as u8, captures as u8);
        (after, captures)
    }
}

/// Is `p` worth trying for `c`: it leaves the new string at least two
/// liberties, or it captures something (a ko capture or a snapback too).
#[inline]
pub(super) fn playable(b: &Board, p: Pos, c: Color) -> bool {
    b.does_capture_something(p, c) || libs_after(b, p, c, 2) >= 2
}

/// [`playable`] and, if so, the liberties after the move (`libs_after` up
/// to `max`, at least two): one count for the test and the score.
#[inline]
pub(super) fn playable_libs(b: &Board, p: Pos, c: Color, max: usize) -> Option<usize> {
    debug_assert!(max >= 2, "playable_libs needs a bound of two or more");
    let after = libs_after(b, p, c, max);
    (after >= 2 || b.does_capture_something(p, c)).then_some(after)
}

/// Would `c` playing at `p` put an opponent string in atari?
pub(super) fn ataris_opponent(b: &Board, p: Pos, c: Color) -> bool {
    let o = c.opponent();
    p.neighbors()
        .iter()
        .any(|&q| b.color(q) == o && b.countlib(q) == 2)
}

/// Is an opponent string next to `s` left with exactly `n` liberties?
/// ([`adjacent_with_libs`] not empty, without the list.)
pub(super) fn has_adjacent_with_libs(b: &Board, s: Pos, n: usize) -> bool {
    let mut found = false;
    b.for_each_chainlink(s, |t| found |= b.countlib(t) == n);
    found
}

/// The opponent strings next to `s` in atari and those with two
/// liberties ([`adjacent_with_libs`] for one and two, from one walk of
/// the neighbour list).
pub(super) fn adjacent_in_atari_and_two(
    b: &Board,
    s: Pos,
) -> (SmallVec<[Pos; 8]>, SmallVec<[Pos; 8]>) {
    let (mut one, mut two) = (SmallVec::new(), SmallVec::new());
    b.for_each_chainlink(s, |t| match b.countlib(t) {
        1 => one.push(t),
        2 => two.push(t),
        _ => {}
    });
    (one, two)
}

/// Opponent strings next to `s` with exactly `n` liberties.
pub(super) fn adjacent_with_libs(b: &Board, s: Pos, n: usize) -> SmallVec<[Pos; 8]> {
    let mut out = SmallVec::new();
    b.for_each_chainlink(s, |t| {
        if b.countlib(t) == n {
            out.push(t);
        }
    });
    out
}

/// What the defender's string would have after extending at each of its
/// liberties `libs` (up to six liberties counted): the input of
/// [`attack_score`], computed once per node rather than once per move.
/// One count per entry of `libs` (at most eight, as [`libs_of`] lists), in
/// a plain array: its reads need no test whether a list spilled.
pub(super) fn escape_libs(b: &Board, s: Pos, libs: &[Pos]) -> [u8; 8] {
    let mut out = [0u8; 8];
    let n = libs.len().min(8);
    debug_assert_eq!(n, libs.len(), "more than eight liberties listed");
    b.extension_libs(s, &libs[..n], 6, &mut out[..n]);
    out
}

/// Score of an attacking move at `m` against the string `s` (its complete
/// liberty list `libs`, and `escape` from [`escape_libs`] for them),
/// attacker `o`.
pub(super) fn attack_score(b: &Board, m: Pos, libs: &[Pos], escape: &[u8], o: Color) -> i32 {
    let (own, captures) = b.libs_and_captures(m, o, 5);
    attack_score_with(m, libs, escape, own, captures)
}

/// [`attack_score`] when the attacker's liberties after the move
/// (`libs_after` up to five) and its captures there are already counted.
pub(super) fn attack_score_with(
    m: Pos,
    libs: &[Pos],
    escape: &[u8],
    own: usize,
    captures: usize,
) -> i32 {
    debug_assert!(libs.len() <= escape.len());
    let (own, captures) = (own as i32, captures as i32);
    let mut score = 4 * own.min(4) + 20 * captures.min(5);
    if own <= 1 && captures == 0 {
        score -= 40;
    }
    if let Some(k) = libs.iter().position(|&l| l == m) {
        score += 30;
        // Take the point the defender would most like to have.
        score += 4 * escape[k] as i32;
        if libs.len() == 2 {
            // Ladder direction: the escape at the other liberty should
            // give as few liberties as possible.
            let esc = escape[1 - k] as i32 - 1;
            score -= 15 * esc;
            if esc <= 1 {
                score += 40;
            }
        }
    }
    score
}

/// Score of a defending move at `m` for the string `s` (colour `c`), the
/// liberties after the move (`libs_after` up to eight) and the stones it
/// captures already counted ([`Board::libs_and_captures`]).
pub(super) fn defend_score_with(b: &Board, s: Pos, m: Pos, after8: usize, captures: usize) -> i32 {
    debug_assert_eq!(captures.min(255), b.capture_count(m, b.color(s)).min(255));
    let libs = after8 as i32;
    let captures = captures as i32;
    let mut score = 6 * libs + 25 * captures.min(4);
    if b.is_liberty_of(m, s) {
        score += 5;
    }
    if libs <= 1 {
        score -= 30;
    }
    // Between extensions that gain as much, the one on the first line is
    // the worse shape: try it later.
    if b.on_first_line(m) {
        score -= 4;
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promote_next_moves_a_later_move_forward_and_says_so() {
        let p = |k: usize| Pos::new(3, k);
        let mut list = [p(1), p(2), p(3), p(4)];
        // From index 1 on: p(4) becomes the next move, the others follow.
        assert!(promote_next(&mut list, 1, p(4)));
        assert_eq!(list, [p(1), p(4), p(2), p(3)]);
        // A move already tried (before `from`) or absent is not moved.
        assert!(!promote_next(&mut list, 2, p(1)));
        assert!(!promote_next(&mut list, 0, p(9)));
        assert_eq!(list, [p(1), p(4), p(2), p(3)]);
    }

    #[test]
    fn moves_keep_the_best_score_of_a_point() {
        let mut m = Moves::default();
        m.add(Pos::new(2, 2), 5);
        m.add(Pos::new(2, 3), 7);
        m.add(Pos::new(2, 2), 9);
        m.add(Pos::NONE, 100);
        assert!(m.contains(Pos::new(2, 2)));
        assert!(!m.contains(Pos::new(4, 4)));
        assert_eq!(m.sorted().as_slice(), &[Pos::new(2, 2), Pos::new(2, 3)]);
    }

    #[test]
    fn sorted_is_best_first_and_stable() {
        let mut m = Moves::default();
        let scores = [3, -40, 7, 3, 10_000, 7, 0, 3, -40, 12];
        for (k, &sc) in scores.iter().enumerate() {
            m.add(Pos::new(1 + k / 5, 1 + k % 5), sc);
        }
        let mut want: Vec<(usize, i32)> = scores.iter().copied().enumerate().collect();
        want.sort_by_key(|e| -e.1);
        let want: Vec<Pos> = want
            .iter()
            .map(|&(k, _)| Pos::new(1 + k / 5, 1 + k % 5))
            .collect();
        assert_eq!(m.sorted().as_slice(), want.as_slice());
    }
}

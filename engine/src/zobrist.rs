//! Zobrist keys: a random 64-bit number per (colour, point), per ko point and for
//! the side to move. The tables are generated at compile time from a fixed seed,
//! so hashes are the same in every run (caches and tests can rely on them).

use crate::point::{Color, Pos, ARR};

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn make_table(seed: u64) -> [u64; ARR] {
    let mut t = [0u64; ARR];
    let mut state = seed;
    let mut i = 0;
    while i < ARR {
        let (s, v) = splitmix(state);
        state = s;
        t[i] = v;
        i += 1;
    }
    t
}

static WHITE_KEYS: [u64; ARR] = make_table(0x7465_7375_6A69_0001);
static BLACK_KEYS: [u64; ARR] = make_table(0x7465_7375_6A69_0002);
static KO_KEYS: [u64; ARR] = make_table(0x7465_7375_6A69_0003);

/// Key of the side to move, xored in when black is to move.
pub const BLACK_TO_MOVE: u64 = 0x5bd1_e995_3c6e_f372;

/// Key of a stone of colour `c` at `p` (0 for empty or off-board colours).
#[inline(always)]
pub fn stone_key(c: Color, p: Pos) -> u64 {
    match c {
        Color::White => WHITE_KEYS[p.idx()],
        Color::Black => BLACK_KEYS[p.idx()],
        _ => 0,
    }
}

/// Key of a ko point (0 when there is no ko).
#[inline(always)]
pub fn ko_key(p: Pos) -> u64 {
    if p.is_pass() {
        0
    } else {
        KO_KEYS[p.idx()]
    }
}

/// Key of the side to move.
#[inline(always)]
pub fn to_move_key(c: Color) -> u64 {
    if c == Color::Black {
        BLACK_TO_MOVE
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = WHITE_KEYS
            .iter()
            .chain(BLACK_KEYS.iter())
            .chain(KO_KEYS.iter())
            .copied()
            .collect();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 3 * ARR);
    }
}

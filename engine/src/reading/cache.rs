//! The transposition cache of the tactical reader.
//!
//! A fixed-size table of results, indexed by a 64-bit key that combines the
//! board's Zobrist hash (stones and ko point) with everything else the answer
//! depends on: the routine (attack, defence, ladder), the target string and
//! the komaster state. The whole key is stored, so a hit is a match of all
//! 64 bits. Like GNU Go's transposition table, each entry also keeps the
//! stack level it was read at: depth limits count from it, so a result read
//! higher up (with more depth left) answers the same question deeper in the
//! tree, but not the other way round. An entry read with a cut-off (its
//! caller was satisfied by a ko) holds a lower bound, which answers only
//! callers it satisfies too; an entry that cannot answer still gives its
//! move as a hint, to be tried first ([`Probe`]). Because the
//! key covers the whole board, entries stay valid when the real position
//! changes; the cache only needs clearing when the reading parameters or the
//! rules change, which [`super::Reader`] does by itself.

use crate::point::Pos;

/// Which search a cached result belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum Routine {
    /// Can the string be captured (attacker to move)?
    Attack = 1,
    /// Can the string be saved (defender to move)?
    Defend = 2,
    /// Can the string be captured in a ladder?
    Ladder = 3,
    /// Can two strings be connected (connector to move)? See `connect.rs`.
    Connect = 4,
    /// Can two strings be cut apart (cutter to move)?
    Disconnect = 5,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    code: u8,
    stackp: u8,
    /// The code is only a lower bound for its side: the search stopped as
    /// soon as it was good enough for the caller (see [`Cache::probe`]).
    at_least: bool,
    mv: Pos,
}

/// What the cache knows about a question.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Probe {
    /// A result that answers the question: code and move.
    Hit(u8, Pos),
    /// No usable result, but a move that was best (or good enough) when
    /// the same position was read before, with less depth left or for a
    /// humbler caller: try it first.
    Hint(Pos),
    /// Nothing.
    Miss,
}

/// Default cache size in megabytes (GNU Go's default is about the same).
pub const DEFAULT_CACHE_MB: f64 = 10.7;

/// The table.
pub struct Cache {
    table: Vec<Entry>,
    mask: usize,
    /// Lookups that found their entry.
    pub hits: u64,
    /// Lookups that did not.
    pub misses: u64,
}

impl Cache {
    /// A cache of about `megabytes` MB (at least 1024 entries).
    pub fn new(megabytes: f64) -> Cache {
        let bytes = (megabytes.max(0.0) * 1024.0 * 1024.0) as usize;
        let want = (bytes / std::mem::size_of::<Entry>()).max(1024);
        let n = if want.is_power_of_two() {
            want
        } else {
            want.next_power_of_two() / 2
        };
        Cache {
            table: vec![Entry::default(); n],
            mask: n - 1,
            hits: 0,
            misses: 0,
        }
    }

    /// Number of entries.
    pub fn capacity(&self) -> usize {
        self.table.len()
    }

    /// Forget every result.
    pub fn clear(&mut self) {
        self.table.fill(Entry::default());
    }

    /// The key of a question: board hash, routine, target string, komaster
    /// colour and ko point.
    #[inline]
    pub fn key(hash: u64, routine: Routine, target: Pos, ko: (u8, Pos)) -> u64 {
        let extra = (routine as u64)
            | (target.idx() as u64) << 4
            | (ko.0 as u64) << 16
            | (ko.1.idx() as u64) << 20;
        let mixed = extra.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29) ^ extra;
        // Never 0, which marks an empty slot.
        (hash ^ mixed.wrapping_mul(0xD6E8_FEB8_6659_FD93)) | 1
    }

    /// Start loading the slot of `key` into the processor's data cache,
    /// so that a probe made a little later does not wait for memory. It
    /// reads and changes nothing: a wrong guess of the key only wastes
    /// the load.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            if let Some(e) = self.table.get(key as usize & self.mask) {
                // SAFETY: a prefetch only hints the processor; it never
                // faults nor writes, and the pointer is to a live entry.
                unsafe { _mm_prefetch::<_MM_HINT_T0>((e as *const Entry).cast::<i8>()) };
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The exact result stored under `key`, if any was read at stack level
    /// `stackp` or higher up (with at least as much depth left).
    #[inline]
    pub fn get(&mut self, key: u64, stackp: usize) -> Option<(u8, Pos)> {
        match self.probe(key, stackp, super::WIN) {
            Probe::Hit(code, mv) => Some((code, mv)),
            _ => None,
        }
    }

    /// Look a question up for a caller that is satisfied once the side
    /// reaches the code `enough` (`WIN` for the whole truth; see
    /// [`super::rank`]). A result read at stack level `stackp` or higher
    /// up answers if it is exact, or if it is a lower bound that already
    /// reaches `enough`; otherwise its move is a hint.
    #[inline]
    pub fn probe(&mut self, key: u64, stackp: usize, enough: u8) -> Probe {
        let e = &self.table[key as usize & self.mask];
        if e.key != key {
            self.misses += 1;
            return Probe::Miss;
        }
        if e.stackp as usize <= stackp
            && (!e.at_least || super::rank(e.code) >= super::rank(enough))
        {
            self.hits += 1;
            return Probe::Hit(e.code, e.mv);
        }
        self.misses += 1;
        if e.mv.is_pass() {
            Probe::Miss
        } else {
            Probe::Hint(e.mv)
        }
    }

    /// Store an exact result read at stack level `stackp` (replacing
    /// whatever shared its slot).
    #[inline]
    pub fn put(&mut self, key: u64, stackp: usize, code: u8, mv: Pos) {
        self.put_bound(key, stackp, code, mv, false);
    }

    /// Store a result read at stack level `stackp`; `at_least` when the
    /// search stopped early because the code was good enough for its
    /// caller (the truth may be better for the side).
    #[inline]
    pub fn put_bound(&mut self, key: u64, stackp: usize, code: u8, mv: Pos, at_least: bool) {
        let stackp = stackp.min(u8::MAX as usize) as u8;
        self.table[key as usize & self.mask] = Entry {
            key,
            code,
            stackp,
            at_least,
            mv,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_clears() {
        let mut c = Cache::new(0.1);
        let k = Cache::key(12345, Routine::Attack, Pos::new(3, 3), (0, Pos::NONE));
        assert_eq!(c.get(k, 0), None);
        c.put(k, 2, 1, Pos::new(2, 2));
        assert_eq!(c.get(k, 2), Some((1, Pos::new(2, 2))));
        // Read higher up answers deeper, not the other way round.
        assert_eq!(c.get(k, 5), Some((1, Pos::new(2, 2))));
        assert_eq!(c.get(k, 1), None);
        let other = Cache::key(12345, Routine::Defend, Pos::new(3, 3), (0, Pos::NONE));
        assert_ne!(k, other);
        assert_eq!(c.get(other, 9), None);
        c.clear();
        assert_eq!(c.get(k, 2), None);
    }

    #[test]
    fn lower_bounds_answer_only_humble_callers() {
        use super::super::{KO_A, KO_B, WIN};
        let mut c = Cache::new(0.1);
        let k = Cache::key(777, Routine::Defend, Pos::new(4, 4), (0, Pos::NONE));
        let m = Pos::new(4, 5);
        c.put_bound(k, 3, KO_A, m, true);
        // Enough for a caller that wants KO_A or KO_B …
        assert_eq!(c.probe(k, 3, KO_A), Probe::Hit(KO_A, m));
        assert_eq!(c.probe(k, 4, KO_B), Probe::Hit(KO_A, m));
        // … not for one that wants the whole truth: the move is a hint.
        assert_eq!(c.probe(k, 3, WIN), Probe::Hint(m));
        assert_eq!(c.get(k, 3), None);
        // Read deeper than asked: a hint too.
        assert_eq!(c.probe(k, 2, KO_B), Probe::Hint(m));
        // An exact result answers everyone.
        c.put(k, 3, KO_A, m);
        assert_eq!(c.probe(k, 3, WIN), Probe::Hit(KO_A, m));
    }

    #[test]
    fn size_follows_megabytes() {
        assert!(Cache::new(16.0).capacity() > Cache::new(1.0).capacity());
        assert_eq!(Cache::new(0.0).capacity(), 1024);
    }
}
